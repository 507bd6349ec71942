// Shared by tests/elements.test.js and tests/consumers.test.js: Debian's Chromium through
// playwright-core (web/tools/screenshot.js launches it with a fresh profile), pages that record
// console problems, and page-side checks of what the elements drew.
import { existsSync } from 'node:fs';
import { launch, CHROMIUM } from '../../web/tools/screenshot.js';

export async function browser() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`bash build.sh setup\` (installs Debian's chromium)`);
  const b = await launch();
  return {
    /** Open url; problems collects console errors and warnings, page errors and failed requests. */
    async open(url, { width = 1000, height = 900, dark = false } = {}) {
      const page = await b.context.newPage();
      const problems = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()}`));
      page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await page.setViewportSize({ width, height });
      await page.goto(url);
      return { page, problems };
    },
    close: () => b.close(),
  };
}

/**
 * Page side (a function for page.evaluate): wait until every element matching `selector` has
 * rendered or failed; returns, per element, its status, size and how many distinct colours its
 * canvases hold (a drawn figure has many; a blank canvas one).
 */
export async function drawn(selector) {
  const until = Date.now() + 15000;
  let els = [];
  while (!els.length && Date.now() < until) {
    els = [...document.querySelectorAll(selector)];
    if (!els.length) await new Promise((r) => setTimeout(r, 25));
  }
  while (els.some((e) => e.status !== 'ok' && e.status !== 'error') && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // Read a copy: repeated reads of the element's own canvas would make Chromium warn.
  const pixels = (c) => {
    const copy = document.createElement('canvas');
    copy.width = c.width;
    copy.height = c.height;
    const ctx = copy.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(c, 0, 0);
    return ctx.getImageData(0, 0, c.width, c.height).data;
  };
  return els.map((e) => {
    const colours = new Set();
    for (const c of e.shadowRoot?.querySelectorAll('canvas') ?? []) {
      if (!c.width || !c.height) continue;
      const px = pixels(c);
      for (let i = 0; i < px.length; i += 4 * 7) colours.add((px[i] << 24) | (px[i + 1] << 16) | (px[i + 2] << 8) | px[i + 3]);
    }
    const message = e.shadowRoot?.querySelector('.error');
    return {
      tag: e.localName, status: e.status, width: e.clientWidth, height: e.clientHeight, colours: colours.size,
      error: message && !message.hidden ? message.textContent : null,
    };
  });
}
