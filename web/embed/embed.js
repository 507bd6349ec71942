// The iframe embed: web/embed.html?kind=rope&positions=128&dim=64&rope-type=yarn&factor=4 draws
// what <posenc-heatmap> and <posenc-plot> with those attributes draw. Query keys are the elements'
// attributes, plus:
//   view=heatmap | plot | both (default both)   which figures, heatmap first
//   height=N                                     CSS pixels per figure (default: the elements')
// The page posts { type: 'posenc:height', height } to its parent whenever its height changes, so
// a host can size the iframe (see README, "Embed in your docs").
import { define, TAGS } from '../elements/define.js';

const VIEWS = { heatmap: ['heatmap'], plot: ['plot'], both: ['heatmap', 'plot'] };
const OWN = new Set(['view', 'height']);

const query = new URLSearchParams(location.search);
const main = document.getElementById('views');
const notice = document.getElementById('notice');
const ignored = [];

let height = 0;
function postHeight() {
  const h = Math.ceil(document.body.getBoundingClientRect().height);
  if (h === height || window.parent === window) return;
  height = h;
  window.parent.postMessage({ type: 'posenc:height', height: h }, '*');
}
new ResizeObserver(postHeight).observe(document.body);
document.addEventListener('posenc-render', postHeight);
document.addEventListener('posenc-error', postHeight);

const views = VIEWS[query.get('view') ?? 'both'];
if (!views) ignored.push(`view=${query.get('view')} (use heatmap, plot or both)`);
const figureHeight = query.has('height') ? Number(query.get('height')) : null;
if (figureHeight !== null && !(figureHeight >= 50 && figureHeight <= 4000)) ignored.push(`height=${query.get('height')} (50 to 4000)`);

let classes = null;
try {
  classes = await define();
} catch {
  // The elements are defined anyway and show why posenc could not start.
}

const known = new Set(classes ? classes.heatmap.observedAttributes : []);
for (const view of views ?? VIEWS.both) {
  const el = document.createElement(TAGS[view]);
  for (const [key, value] of query) {
    if (OWN.has(key)) continue;
    if (known.has(key)) el.setAttribute(key, value);
    else if (classes && view === (views ?? VIEWS.both)[0]) ignored.push(key);
  }
  if (figureHeight >= 50 && figureHeight <= 4000) el.style.height = `${figureHeight}px`;
  main.append(el);
}
if (ignored.length) {
  notice.textContent = `Ignored: ${ignored.join(', ')}`;
  notice.hidden = false;
}
postHeight();
