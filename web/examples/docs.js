// The docs page's own script (a file, not inline: the page works under a strict CSP).

// Iframe embeds post their height ({ type: 'posenc:height', height }): size the frame that sent it.
addEventListener('message', (event) => {
  if (event.data?.type !== 'posenc:height' || !Number.isFinite(event.data.height)) return;
  for (const frame of document.querySelectorAll('iframe')) {
    if (frame.contentWindow === event.source) frame.style.height = `${Math.ceil(event.data.height)}px`;
  }
});
// An embed that loaded before this script posted its height to no listener: ask again.
for (const frame of document.querySelectorAll('iframe')) frame.contentWindow?.postMessage({ type: 'posenc:height?' }, '*');

// Clicking a heatmap column toggles it; the plot below shows the same columns.
document.getElementById('sinusoid').addEventListener('posenc-column', (event) => {
  document.getElementById('sinusoid-lines').columns = event.detail.columns;
});
