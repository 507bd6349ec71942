// The iframe embed: web/embed.html?kind=rope&positions=128&dim=64&rope-type=yarn&factor=4 draws
// what <posenc-heatmap> and <posenc-plot> with those attributes draw. Query keys are the elements'
// attributes and the view options of views/options.js (their keys and aliases, e.g. cmap, lines,
// title), and a parameter under any spelling of views/keys.js (the explorer's ropeScaling.factor
// and paddingIdx, config.json's rope_type: an explorer URL draws here as it is), plus the rows of
// that table only the embed takes:
//   view=heatmap | plot | both (default both)   which figures, heatmap first
//   figure-height=N                              CSS pixels per figure (default: the elements');
//                                                height=N too, where the kind has no height parameter
// The page posts { type: 'posenc:height', height } to its parent whenever its height changes, so
// a host can size the iframe, and again when the host asks ({ type: 'posenc:height?' }; see
// web/docs/embedding.md, "iframe").
import { define, TAGS } from '../elements/define.js';
import { load } from '../posenc.js';
import { keysOf, readOptions } from '../views/options.js';
import { paramOf, registryAttribute } from '../views/keys.js';
import { B_PREFIX } from '../elements/attributes.js';

const VIEWS = { heatmap: ['heatmap'], plot: ['plot'], both: ['heatmap', 'plot'] };
const KEYS = keysOf('embed');
const ownRow = (key) => KEYS.has(key) && !KEYS.get(key).on.includes('element');  // view, figure-height

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
// A host whose listener starts after this page's last post asks again ({ type: 'posenc:height?' }).
addEventListener('message', (event) => {
  if (event.source !== window.parent || event.data?.type !== 'posenc:height?') return;
  height = 0;
  postHeight();
});
document.addEventListener('posenc-render', postHeight);
document.addEventListener('posenc-error', postHeight);

let classes = null;
let pe = null;
try {
  classes = await define();
  pe = await load();  // define()'s instance (load() caches per options)
} catch {
  // The elements are defined anyway and show why posenc could not start.
}

// height=N, the published key of figure-height, keeps that meaning unless the kind drawn has a
// parameter of that name (rope-2d, sincos-2d), which then takes it.
const kindName = query.get('kind');
const kindInfo = pe?.kinds.find((k) => k.name === kindName) ?? null;
const heightIsFigure = query.has('height') && !query.has('figure-height') &&
  !(kindInfo ?? { params: [] }).params.some((p) => p.name === 'height');
const ownEntries = [...query].filter(([key]) => ownRow(key));
if (heightIsFigure) ownEntries.push(['figure-height', query.get('height')]);
const own = readOptions(ownEntries, 'embed', { kinds: [], colormaps: [] });
for (const p of own.problems) ignored.push(p.message);
const views = VIEWS[own.values.view ?? 'both'];
const figureHeight = own.values.figureHeight ?? null;

const known = new Set(classes ? classes.heatmap.observedAttributes : []);
const drawable = pe?.kinds.filter((k) => !k.input) ?? [];
const kindOf = (name) => drawable.find((k) => k.name === name.trim()) ?? null;  // as the kind attribute is read
const kindA = kindName === null ? drawable[0] : kindOf(kindName);
const kindB = query.has(`${B_PREFIX}kind`) ? kindOf(query.get(`${B_PREFIX}kind`)) : kindA;
// A query key → the attribute: a view option's (its key when the alias is URL-only: title), a
// parameter's under any of its spellings (B's with the b- prefix), else the key as it is.
function attributeOf(key) {
  if (KEYS.has(key)) return known.has(key) ? key : KEYS.get(key).key;
  const b = key.startsWith(B_PREFIX) && !known.has(key);
  const kind = b ? kindB : kindA;
  const hit = kind && paramOf(kind, b ? key.slice(B_PREFIX.length) : key);
  return hit ? (b ? B_PREFIX : '') + registryAttribute(hit.param.name) : key;
}
for (const view of views) {
  const el = document.createElement(TAGS[view]);
  el.setAttribute('loading', 'eager');  // the page is the figure (a host lazy-loads the iframe itself); in an iframe lazy.js would wait for the host's viewport
  for (const [key, value] of query) {
    if (ownRow(key) || (key === 'height' && heightIsFigure)) continue;
    const attr = attributeOf(key);
    if (known.has(attr)) el.setAttribute(attr, value);
    else if (classes && view === views[0]) ignored.push(key);
  }
  if (figureHeight !== null) el.style.height = `${figureHeight}px`;
  main.append(el);
}
if (ignored.length) {
  notice.textContent = `Ignored: ${ignored.join(', ')}`;
  notice.hidden = false;
}
postHeight();
