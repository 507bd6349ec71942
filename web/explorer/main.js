// The explorer page: registry-driven controls, a heatmap and a line plot of the same plane, all
// state in the URL. It imports the package as users do; every number comes from the C side.
import { load, PosencError } from '../posenc.js';
import { computePlane } from '../views/plane.js';
import { Heatmap } from '../views/heatmap.js';
import { LinePlot, lineColor } from '../views/plot.js';
import { axisTitle } from '../views/axes.js';
import { PRESETS, normalize, fromQuery, toQuery } from '../views/state.js';
import { toCSV, toNPY, download } from '../views/export.js';
import { Controls } from './controls.js';

// Larger tables fail with ENOMEM next to the size that caused it (a page, not a batch job).
const MAX_BYTES = 16 * 2 ** 20;

const root = document.documentElement;
const pe = await load();
pe.maxBytes = MAX_BYTES;

let { state, problems } = fromQuery(location.search, pe);
let plane = null;       // the plane on screen (its data stays in the wasm heap until replaced)
let scheduled = false;
let touched = location.search !== '';

const controls = new Controls(document.getElementById('controls'), pe, {
  change: (what) => (what === 'lines' ? showLines() : schedule()),
  config: fillFromConfig,
  export: exportAs,
});
const heatmap = new Heatmap(document.getElementById('heatmap'), pe, { onColumn: toggleLine });
const plot = new LinePlot(document.getElementById('plot'));

const presets = document.getElementById('presets');
for (const preset of PRESETS) {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = `preset-${preset.id}`;
  b.textContent = preset.label;
  b.addEventListener('click', () => {
    state = normalize(preset.state);
    history.pushState(null, '', toQuery(state));
    touched = true;
    controls.render(state);
    schedule();
  });
  presets.append(b);
}

window.addEventListener('popstate', () => {
  ({ state, problems } = fromQuery(location.search, pe));
  controls.render(state);
  schedule();
});

const kindOf = (s) => pe.kinds.find((k) => k.name === s.kind);

function heatmapOptions(p) {
  const auto = kindOf(state).title + (p.lead ? ` (${p.lead.title.toLowerCase()} ${p.lead.name})` : '');
  return {
    map: state.cmap, vmin: state.vmin, vmax: state.vmax, title: state.labels.title ?? auto,
    xLabel: state.labels.x, yLabel: state.labels.y, cbarLabel: state.labels.cbar,
    marked: state.lines.map((col, i) => ({ col, color: lineColor(i) })),
  };
}

function plotOptions(p) {
  return {
    columns: state.lines,
    xLabel: state.labels.y ?? axisTitle(p.rowAxis),
    yLabel: state.labels.cbar ?? 'Value',
    colLabel: p.colAxis ? state.labels.x ?? axisTitle(p.colAxis) : kindOf(state).title,
  };
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    update();
  });
}

function report(e) {
  if (!(e instanceof PosencError)) {
    controls.showError('kind', `Unexpected error: ${e.message}`);
    throw e;
  }
  controls.showError(e.param, e.message);
}

// Compute, draw both views, then let the previous plane go. On an error the last good view stays.
function update() {
  controls.clearErrors();
  if (problems.length) controls.showError('kind', `Ignored from the URL: ${problems.join(', ')}`);
  problems = [];
  let next;
  try {
    next = computePlane(pe, state);
    heatmap.render(next, heatmapOptions(next));
  } catch (e) {
    next?.free();
    report(e);
    return finish(false);
  }
  plot.render(next, plotOptions(next));
  plane?.free();
  plane = next;
  state.index = next.lead?.index ?? 0;
  controls.sync(state, next, heatmap);
  finish(true);
}

function finish(ok) {
  if (ok && touched) history.replaceState(null, '', toQuery(state));
  touched = true;
  explorer.renders++;
  root.dataset.ready = 'true';
  root.dataset.status = ok ? 'ok' : 'error';
}

function showLines() {
  if (!plane) return;
  plot.render(plane, plotOptions(plane));
  heatmap.mark(heatmapOptions(plane).marked);
  controls.sync(state, plane, heatmap);
  finish(true);
}

function toggleLine(col) {
  const i = state.lines.indexOf(col);
  if (i >= 0) state.lines.splice(i, 1);
  else state.lines.push(col);
  showLines();
}

function fillFromConfig(text) {
  controls.clearErrors('config');
  let config;
  try {
    config = JSON.parse(text);
  } catch (e) {
    controls.showError('config', `Invalid JSON: ${e.message}`);
    return;
  }
  let params;
  try {
    params = pe.ropeFromConfig(config);
  } catch (e) {
    if (!(e instanceof PosencError)) throw e;
    controls.showError('config', e.message);
    return;
  }
  const next = { ...state.params };
  for (const p of kindOf(state).params) if (p.type === 'object') delete next[p.name];
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) next[k] = v;
  state.params = next;
  controls.render(state);
  schedule();
}

async function exportAs(type) {
  if (!plane) return;
  const base = `${plane.kind}${plane.lead ? `-${plane.lead.axis}${plane.lead.index}` : ''}-${plane.rows}x${plane.cols}`;
  if (type === 'png') download(await heatmap.toBlob(), `${base}.png`);
  if (type === 'csv') download(new Blob([toCSV(plane)], { type: 'text/csv' }), `${base}.csv`);
  if (type === 'npy') {
    const bytes = toNPY({ data: plane.view.data, shape: plane.shape, dtype: plane.dtype });
    download(new Blob([bytes], { type: 'application/octet-stream' }), `${plane.kind}-${plane.shape.join('x')}.npy`);
  }
}

/** For devtools and the browser tests: the instance, the state, the views. */
const explorer = {
  pe, heatmap, plot, controls, renders: 0,
  get state() { return state; },
  get plane() { return plane; },
};
window.explorer = explorer;

controls.render(state);
update();
