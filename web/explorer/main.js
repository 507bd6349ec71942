// The explorer page: registry-driven controls, a heatmap and a line plot of the same plane, all
// state in the URL. It imports the package as users do; every number comes from the C side.
import { load, PosencError } from '../posenc.js';
import { computePlane } from '../views/plane.js';
import { Scene } from '../views/scene.js';
import { normalizeCompare } from '../views/compare.js';
import { layerOf } from '../views/options.js';
import { PRESETS, normalize, dropRejected } from './state.js';
import { toCSV, toNPY, download } from './export.js';
import { Controls } from './controls.js';
import { ZoomBar, zoomable, windowRequest } from './zoom.js';
import { AnalysisPanel, ANALYSIS_PRESETS, presetState, readURL, writeQuery } from './analysis.js';
import { LayerMap, viewOfLayer, REFERENCE_ENGINE } from './layers.js';
import { MODEL_PRESETS } from './layer-presets.js';
import { takesConfig } from '../rope-config.js';
import { TensorCheck } from './checker.js';
import { GGUFPanel } from './gguf.js';

// Larger tables fail with ENOMEM next to the size that caused it (a page, not a batch job).
const MAX_BYTES = 16 * 2 ** 20;

const root = document.documentElement;
const pe = await load();

// Where the model-id field fetches config.json: the Hub, or a mirror named by the page
// (<html data-hub>) or by the address bar's `hub` (a test's mock Hub). The server's
// Content-Security-Policy (connect-src) decides which of them the page may reach.
const HUB = new URLSearchParams(location.search).get('hub') ?? root.dataset.hub ?? 'https://huggingface.co';
// The view's query without `hub`, which is the page's setting, not the view's.
function viewQuery(search) {
  const q = new URLSearchParams(search);
  if (!q.has('hub')) return search;
  q.delete('hub');
  return q.size ? `?${q}` : '';
}

// A state from the address bar is untrusted until it has rendered once: see update().
let { state, problems, given: urlGiven, compareProblems, engineProblems } = readURL(viewQuery(location.search), pe);
let fromURL = true;
let plane = null;       // the controls' plane on screen (the scene frees it when replaced)
let scheduled = false;  // an update waits for the next animation frame
let shown = null;       // drawn outside an animation frame, not yet painted: { ok } for posenc:rendered
let inFrame = false;    // running in an animation frame callback
let urlState = null;    // the state of the view on screen, for the address bar (edits C rejected stay out)
let touched = location.search !== '';
let model = null;       // the model config read on this page, whole ({ config, assume }): state.config keeps only what was read
let noTable = false;    // the model shown has no positions posenc can compute: no table is drawn

const controls = new Controls(document.getElementById('controls'), pe, {
  change: (what) => {
    if (what === 'columns') return showColumns();
    noTable = false;
    schedule();
  },
  config: fillFromConfig,
  load: loadModel,
  gguf: openGGUF,
  export: exportAs,
});
controls.hub = HUB;
// The multimodal views' panels: a band over the heatmap's columns (mrope-positions' segments, the
// M-RoPE axis of a rope table with mropeSection); beside it the patch grid of rope-2d and sincos-2d
// and the block inset of mrope-positions (views/scene.js draws them where a table has them).
const panel = (id) => Object.assign(document.createElement('div'), { id, className: 'panel' });
const [segmentsBox, gridBox, insetBox] = ['segments', 'grid', 'inset'].map(panel);
document.getElementById('heatmap').before(segmentsBox);
document.getElementById('heatmap').after(gridBox);
document.getElementById('heatmap').after(insetBox);

// compare A / B, log axis, distance profile (analysis.js): the bar and its URL keys
const analysis = new AnalysisPanel(document.getElementById('analysis'), pe, {
  change: () => { touched = true; schedule(); },
});

// Only the pinned A may fail and leave a view (its message in the compare bar): B is the controls.
const PINNED_NOTES = { table: (m) => `A: ${m}`, profile: (m) => `A's profile: ${m}`, shape: (m) => `${m}: the heatmap shows B` };

const scene = new Scene(pe, {
  heatmap: document.getElementById('heatmap'), plot: document.getElementById('plot'), explain: document.getElementById('explain'),
  multimodal: { band: segmentsBox, grid: gridBox, inset: insetBox },
}, {
  compute: (cfg) => computeWindow(cfg),
  maxBytes: MAX_BYTES,
  onError: (e, { side, what }) => {
    if (side === 'b' || !state.compare?.pinned) throw e;
    analysis.note(PINNED_NOTES[what](e.message));
  },
  onColumn: toggleColumn,
  onChange: (values) => {
    Object.assign(state, values);
    scene.multimodalView(sceneSpec());
    viewChanged();
  },
});
const { heatmap, plot } = scene;
const zoomBar = new ZoomBar(document.getElementById('zoom'), document.getElementById('heatmap'), heatmap,
  () => ({ kind: kindOf(state), state, plane }),
  (zoom) => {
    state.zoom = zoom;
    schedule();
  });

const presets = document.getElementById('presets');
for (const preset of [...PRESETS, ...ANALYSIS_PRESETS]) {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = `preset-${preset.id}`;
  b.textContent = preset.label;
  b.addEventListener('click', () => {
    if (urlPending) flushURL();  // the entry being left keeps its last view
    state = presetState(preset.state);
    noTable = false;
    fromURL = false;
    problems = [];
    history.pushState(null, '', writeQuery(state));
    touched = true;
    controls.render(state);
    schedule();
  });
  presets.append(b);
}

// The layer map (explorer/layers.js): shown while the state holds a model's config.json.
const layerMap = new LayerMap(document.getElementById('layers'), pe, pickLayer, chooseEngine);
// Shown instead of the heatmap and plot when the model's positions are nothing posenc can compute.
const noTableNote = Object.assign(document.createElement('p'), { id: 'no-table', className: 'no-table', hidden: true });
document.getElementById('analysis').before(noTableNote);

for (const preset of MODEL_PRESETS) {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = `preset-layers-${preset.id}`;
  b.textContent = preset.label;
  b.addEventListener('click', () => {
    if (urlPending) flushURL();
    state = normalize({ kind: 'rope', params: { positions: 128 }, columns: [0, 16, 32, 48] });
    fromURL = false;
    problems = [];
    model = { config: preset.config, assume: undefined };
    useModel(preset.config, preset.layer);
    history.pushState(null, '', writeQuery(state));
    touched = true;
  });
  presets.append(b);
}

/** The engine of a state: { name, context, seqLen } (transformers, unset lengths by default). */
const engineOf = (s) => ({ name: REFERENCE_ENGINE, context: null, seqLen: null, ...s.engine });

// The reading options of the state's engine (and a family assumed for an unknown model_type), and
// compareEngines' positions: the rows the table shows.
function readingOptions(assume) {
  const e = engineOf(state);
  const o = {};
  if (assume !== undefined) o.assume = assume;
  if (e.name !== REFERENCE_ENGINE) o.engine = e.name;
  if (e.context !== null) o.context = e.context;
  if (e.seqLen !== null) o.seqLen = e.seqLen;
  const n = state.params.positions;
  if (Number.isInteger(n) && n >= 1 && n <= 1 << 20) o.positions = n;
  return o;
}

// layerMap.show with the state's engine. A context or seqLen the reader refuses is dropped (its
// message at the engine controls); an engine that cannot run the model leaves transformers (the map
// shows its refusal). Throws what the config itself cannot be read for.
function showLayers(config, layer, assume) {
  let note = null;
  for (;;) {
    try {
      const layers = layerMap.show(config, layer, readingOptions(assume));
      const shown = layerMap.engine;
      state.engine = { name: shown.name, context: shown.context, seqLen: shown.seqLen };
      if (note) layerMap.engineNote(note);
      return layers;
    } catch (e) {
      const e2 = engineOf(state);
      if (!(e instanceof PosencError) || !['context', 'seqLen'].includes(e.param) || e2[e.param] === null) throw e;
      note = `${e.message} (not used)`;
      state.engine = { ...e2, [e.param]: null };
    }
  }
}

/**
 * Show a config's layers and the chosen layer's table (layer null: the view every layer with positions
 * shares, else the first such layer, else the positions added before the first layer, if computable).
 * A model whose positions posenc cannot compute (learned input positions, none at all) shows no table.
 * A new model (fresh) opens the kind its positions are: rope, alibi, t5, deberta, sinusoidal.
 */
function useModel(config, layer, assume, { fresh = true } = {}) {
  ggufPanel.hide();  // the config's layer map replaces a GGUF file's list
  let layers = null;
  const kind = fresh ? 'rope' : ropeKind();
  try {
    layers = showLayers(config, layer, assume);
  } catch (e) {
    if (!(e instanceof PosencError)) throw e;
    layerMap.hide();
    if (e.param !== 'num_hidden_layers' && e.param !== 'text_config.num_hidden_layers') throw e;
  }
  const engine = engineOf(state).name !== REFERENCE_ENGINE;
  let view = null;
  noTable = false;
  if (layers && layer === null) {
    const first = layers.findIndex((l) => viewOfLayer(l, kind));
    const key = (l) => JSON.stringify(viewOfLayer(l, kind));
    // layers differ, or an engine is compared: the first one's table
    if (first >= 0 && (engine || layers.some((l) => key(l) !== key(layers[first])))) layer = first;
    else if (first >= 0) view = viewOfLayer(layers[first], kind);
    else if (layerMap.story.input?.kind === 'sinusoidal') view = { kind: 'sinusoidal', params: { ...layerMap.story.input.params } };
    else noTable = true;
  }
  if (layers && layer !== null) {
    layerMap.select(layer);
    applyLayer(layer, layerMap.find(layer), kind);
  } else if (view) {
    state.layer = undefined;
    applyView(view);
    unpinEngine();
  } else if (!layers) {
    const params = pe.ropeFromConfig(config, assume === undefined ? undefined : { assume });  // throws before the state changes
    if (params === null) throw new PosencError('posenc: this config has no RoPE and no num_hidden_layers to list its layers by', 'EINVAL', 'num_hidden_layers');
    state.layer = undefined;
    applyView({ kind, params });
  } else {
    state.layer = undefined;
    unpinEngine();
  }
  state.config = JSON.stringify(keptFields(config, layers, assume));
  controls.render(state);
  schedule();
}

// The URL keeps what the reading used, not the whole file (a few hundred bytes for any real config),
// and what the engines' rules read (torch_dtype, …) so that a link reads the same with any engine;
// a family chosen for an unknown model_type is kept as its model_type.
function keptFields(config, layers, assume) {
  const options = assume === undefined ? {} : { assume };
  const kept = layers ? pe.fieldsRead(config, options) : { ...config };
  if (layers) {
    for (const { name } of pe.engines) {
      let read;
      try {
        read = pe.layersFromConfig(config, { ...options, engine: name });
      } catch {
        continue;  // an engine that cannot run the model reads nothing
      }
      for (const l of read) {
        for (const r of l.engine?.rules ?? []) {
          for (const f of r.fields ?? []) {
            const top = String(f).split('.')[0];
            if (Object.hasOwn(config, top) && !Object.hasOwn(kept, top)) kept[top] = config[top];
          }
        }
      }
    }
  }
  if (assume !== undefined) kept.model_type = assume;
  return kept;
}

// Leaving an engine's comparison: the pinned transformers table goes.
function unpinEngine() {
  if (!state.compare?.engine) return;
  state.compare.pinned = null;
  state.compare.heat = 'b';
  delete state.compare.engine;
}

/** The engine controls changed: read the model again with them and show the chosen layer A / B. */
function chooseEngine(e) {
  const config = model?.config ?? (state.config === undefined ? null : JSON.parse(state.config));
  if (!config) return;
  state.engine = e;
  if (e.name === REFERENCE_ENGINE) unpinEngine();
  try {
    useModel(config, layerOf(state.layer), model?.assume, { fresh: false });
  } catch (err) {
    if (!(err instanceof PosencError)) throw err;
    layerMap.engineNote(err.message);
    return;
  }
  touched = true;
}

// The kind a config's RoPE params are shown in: the current kind if it takes them, else rope.
const ropeKind = () => (takesConfig(kindOf(state)) ? state.kind : 'rope');

function applyView(v) {
  if (v.kind === state.kind) {
    for (const k of LAYER_PARAMS) delete state.params[k];
    state.params = { ...state.params, ...v.params };  // the config's scaling replaces the whole object
  } else {
    const positions = state.params.positions;
    state.kind = v.kind;
    // the rows shown carry over to a kind that has positions (ALiBi, T5 have queries and keys)
    const takes = pe.kinds.find((k) => k.name === v.kind).params.some((p) => p.name === 'positions');
    const rows = v.rows ?? (positions === undefined || !takes ? {} : { positions });
    state.params = { ...rows, ...v.params };
    state.index = 0;
  }
}

// The params a layer's reading sets beyond the config's RoPE (an engine's dtype, its seqLen …): a
// layer chosen next, or another engine's, starts without them.
const LAYER_PARAMS = ['seqLen', 'dtype', 'freqDtype', 'freqFactors', 'positionModulo', 'ggmlAttnFactor', 'ntkAlphaLength', 'mropeSection', 'mropeInterleaved',
  'xdropeSection'];

/**
 * Show a layer: its view in the controls; with an engine other than transformers, the controls are the
 * engine's table (B) and transformers' table of the same layer is pinned as A, the heatmap in A − B.
 */
function applyLayer(sel, entry, kind = ropeKind()) {
  state.layer = String(sel);
  const v = viewOfLayer(entry, kind);
  if (!v) return v;
  applyView(v);
  const ref = layerMap.engine.name === REFERENCE_ENGINE ? undefined : layerMap.findReference(sel);
  const a = ref && viewOfLayer(ref, state.kind);
  if (a && a.kind === state.kind) {
    const rows = Object.fromEntries(Object.entries(state.params).filter(([k]) => !Object.hasOwn(v.params, k) && !LAYER_PARAMS.includes(k)));
    state.compare = { ...(state.compare ?? normalizeCompare()), pinned: { kind: state.kind, params: { ...rows, ...a.params }, index: state.index },
      heat: 'diff', engine: true };
  } else {
    unpinEngine();
  }
  return v;
}

function pickLayer(sel, entry) {
  noTable = false;
  if (!applyLayer(sel, entry)) {
    controls.showError('kind', `Layer ${entry.index} (${entry.type}) adds no positions and no query scale: nothing to draw for it`);
    return;
  }
  controls.render(state);
  schedule();
}

// A GGUF file from disk (explorer/gguf.js): its layers as llama.cpp computes them; a layer chosen
// shows its table, the config's layer map giving way (the file is not in the URL, its params are).
const ggufPanel = new GGUFPanel(document.getElementById('gguf'), pe, useGGUFLayer);
let ggufOpening = 0;

async function openGGUF(file) {
  cancelLoad();
  const n = ++ggufOpening;
  const layers = await ggufPanel.open(file);
  if (n !== ggufOpening) return;  // a newer file was chosen meanwhile
  const first = layers?.find((l) => l.rope);
  if (!first) return;
  ggufPanel.select(first.index);
  useGGUFLayer(first);
}

function useGGUFLayer(entry) {
  if (urlPending) flushURL();
  layerMap.hide();
  state.config = undefined;
  state.layer = undefined;
  applyView(viewOfLayer(entry, ropeKind()));
  touched = true;
  controls.render(state);
  schedule();
}

// The map of the config a state carries (a URL, history): its params are the URL's own.
function showModel() {
  model = null;
  noTable = false;
  if (state.config === undefined) return void layerMap.hide();
  try {
    const layers = showLayers(JSON.parse(state.config), layerOf(state.layer));
    if (engineProblems?.length) layerMap.engineNote(`Ignored from the URL: ${engineProblems.join('; ')}`);
    noTable = state.layer === undefined && !layers.some((l) => viewOfLayer(l, 'rope')) && layerMap.story.input?.kind !== 'sinusoidal';
  } catch (e) {
    layerMap.hide();
    problems.push({ path: 'config', message: e instanceof PosencError ? e.message : `config is not JSON: ${e.message}` });
  }
}
showModel();

window.addEventListener('popstate', () => {
  cancelURL();  // a write still pending belonged to the entry that was left (it keeps the view before it)
  ({ state, problems, given: urlGiven, compareProblems, engineProblems } = readURL(viewQuery(location.search), pe));
  showModel();
  fromURL = true;  // update() builds the controls once the URL's values are sorted out
  schedule();
});

const kindOf = (s) => pe.kinds.find((k) => k.name === s.kind);

// The scene's spec of the state: the controls' configuration as A; in compare mode the pinned one
// is A and the controls are B (views/scene.js), the heatmap showing `heat` of them.
function sceneSpec() {
  const c = (state.compare ??= normalizeCompare());
  const pinned = c.pinned && { ...c.pinned, zoom: state.zoom };
  return { ...state, a: pinned || state, b: pinned ? state : null, heat: pinned ? c.heat : 'a', logY: c.logY, profile: c.profile,
    explain: state.kind };
}

// A change is drawn at once unless something drawn earlier still waits for its frame: its pixels
// then show in the next frame, and the drawing overlaps the wait for it. Changes that come faster
// than frames (a key held down, a burst of input events) coalesce into one update in that frame.
function schedule() {
  if (scheduled) return;
  if (!shown || inFrame) return void update();
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    inFrame = true;
    try {
      update();
    } finally {
      inFrame = false;
    }
  });
}

function report(e) {
  if (!(e instanceof PosencError)) {
    controls.showError('kind', `Unexpected error: ${e.message}`);
    throw e;
  }
  controls.showError(e.param, e.message);
}

// Messages about the URL, one slot per control (several join). A message quotes what C or the
// parser said, clipped: a URL can carry a megabyte of text.
function showNotes(notes) {
  const clip = (m) => (m.length > 300 ? `${m.slice(0, 300)}…` : m);
  const bySlot = new Map();
  for (const { path, message } of notes) bySlot.set(path, [...(bySlot.get(path) ?? []), clip(message)]);
  for (const [path, messages] of bySlot) controls.showError(path, `Ignored from the URL: ${messages.join('; ')}`);
}

// A URL (typed, shared, hostile) must still give a view: each value C rejects is reset to its
// default and the next attempt made (dropRejected), with C's message shown at its control.
// Controls then hold only values C accepted. Edits made on the page are not reset: their error
// shows and the last good view stays.
// Returns the controls' plane. check: a URL's columns past the table's last one are not drawn (checkView says so).
function computeAndDraw(notes) {
  const own = ({ a, b }) => (state.compare.pinned ? b : a);
  const check = fromURL ? (planes) => ({ columns: state.columns.filter((c) => c < own(planes).cols) }) : undefined;
  for (;;) {
    analysis.note(null);
    try {
      return own(scene.draw(sceneSpec(), check));
    } catch (e) {
      const reset = fromURL && e instanceof PosencError ? dropRejected(state, e.param) : null;
      if (reset === null) throw e;
      notes.push({ path: e.param, message: `${e.message} (default used for ${reset})` });
    }
  }
}

// A table whose rows are positions is computed only where it is shown: the zoom window, sampled to
// screen resolution (zoom.js). The whole table's parameters are still checked by C (pe.shape, at C's
// default cap: only the window is allocated), so an invalid value is reported as for a full compute.
// cfg: the state, or compare mode's pinned configuration with the state's zoom.
function computeWindow(cfg = state) {
  const kind = kindOf(cfg);
  if (!kind) return computePlane(pe, { ...cfg, maxBytes: MAX_BYTES });  // C names the unknown kind
  const req = zoomable(kind) ? windowRequest(kind, cfg.params, cfg.zoom) : null;
  if (cfg === state) explorer.request = req?.params ?? null;
  if (!req) return computePlane(pe, { ...cfg, maxBytes: MAX_BYTES });
  if (!req.full) pe.shape(cfg.kind, cfg.params);
  const next = computePlane(pe, { ...cfg, params: req.params, maxBytes: MAX_BYTES });
  next.window = req;
  next.rowName = req.position;
  return next;
}

// After a URL's state rendered: columns past the last one and a plane index past the last plane
// are dropped (said only when the URL gave them).
function checkView(next, notes) {
  const keep = state.columns.filter((c) => c < next.cols);
  if (keep.length !== state.columns.length && urlGiven.has('columns')) {
    notes.push({ path: 'columns', message: `columns ${state.columns.filter((c) => c >= next.cols).join(', ')} do not exist (${next.cols} columns)` });
  }
  if (keep.length !== state.columns.length) state.columns = keep;  // drawn without them already (computeAndDraw)
  const index = next.lead?.index ?? 0;
  if (state.index !== index) {
    notes.push({ path: 'index', message: `index = ${state.index} is past the last plane; showing ${index}` });
  }
}

// Compute, draw both views, then let the previous plane go. On an error the last good view stays.
function update() {
  controls.clearErrors();
  const notes = problems;
  problems = [];
  let next;
  try {
    next = computeAndDraw(notes);
  } catch (e) {
    if (fromURL) controls.render(state);
    fromURL = false;
    showNotes(notes);
    report(e);
    return finish(false);
  }
  if (fromURL) {
    checkView(next, notes);
    controls.render(state);
  }
  fromURL = false;
  plane = next;
  analysis.sync(state, compareProblems ?? []);
  compareProblems = [];
  const win = next.window;
  state.zoom = win && (win.from > 0 || win.to < win.rows) ? [win.from, win.to] : null;
  zoomBar.update();
  state.index = next.lead?.index ?? 0;
  urlState = structuredClone(state);
  controls.sync(state, next, heatmap);
  showNotes(notes);
  showTable();
  finish(true);
}

// A model with no positions posenc can compute: its sentence instead of the heatmap and plot.
const views = document.querySelector('.views');
function showTable() {
  const none = noTable && state.config !== undefined;
  if (views.classList.contains('no-table') !== none) views.classList.toggle('no-table', none);
  const text = none ? document.querySelector('#layers .layer-detail')?.textContent ?? '' : '';
  if (noTableNote.textContent !== text) noTableNote.textContent = text;
  if (noTableNote.hidden === none) noTableNote.hidden = !none;
}

function finish(ok) {
  if (ok && touched) writeURL();
  touched = true;
  explorer.renders++;
  // (written only when they change: an attribute write invalidates the page's style)
  if (root.dataset.ready !== 'true') root.dataset.ready = 'true';
  if (root.dataset.status !== (ok ? 'ok' : 'error')) root.dataset.status = ok ? 'ok' : 'error';
  // For benchmarks and embedders: posenc:rendered fires in the animation frame whose paint shows the
  // new heatmap and plot (or the error): at once when drawn in a frame, else in the next one.
  if (inFrame) return void rendered(ok);
  if (!shown) requestAnimationFrame(() => shown && rendered(shown.ok));
  shown = { ok };
}

function rendered(ok) {
  shown = null;
  window.dispatchEvent(new CustomEvent('posenc:rendered', { detail: { ok } }));
}

// The address bar follows the view within about URL_MS, written when the page is idle and at most
// once per URL_MS: a history update is serialized and sent to the browser process, which would
// otherwise delay the next frame, and browsers rate-limit them (a refused write is retried).
const URL_MS = 100;
const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 0));
let urlPending = 0;  // the pending write's number (0: none)
let urlWrites = 0;
let urlAt = -Infinity;

function writeURL() {
  if (urlPending) return;
  const n = (urlPending = ++urlWrites);
  setTimeout(() => idle(() => { if (urlPending === n) flushURL(); }, { timeout: URL_MS }),
    Math.max(0, urlAt + URL_MS - performance.now()));
}

function flushURL() {
  urlPending = 0;
  urlAt = performance.now();
  try {
    history.replaceState(null, '', writeQuery(urlState));
  } catch {  // over a browser's rate limit (a SecurityError): again in a second
    urlAt += 1000;
    writeURL();
  }
}

function cancelURL() {
  urlPending = 0;
}

// A view option of the grid or the inset changed: the address bar follows.
function viewChanged() {
  if (!plane) return;
  Object.assign(urlState, { gridColumn: state.gridColumn, frame: state.frame, block: state.block });
  finish(true);
}

function showColumns() {
  if (!plane) return;
  urlState.columns = [...state.columns];
  scene.columns(sceneSpec());
  controls.sync(state, plane, heatmap);
  finish(true);
}

function toggleColumn(col) {
  const i = state.columns.indexOf(col);
  if (i >= 0) state.columns.splice(i, 1);
  else state.columns.push(col);
  showColumns();
}

function fillFromConfig(text) {
  cancelLoad();
  controls.clearErrors('config');
  controls.clearErrors('model');
  controls.offerAssume(null);
  controls.modelStatus(null);
  let config;
  try {
    config = JSON.parse(text);
  } catch (e) {
    controls.showError('config', `Invalid JSON: ${e.message}`);
    return;
  }
  readModel(config, 'config');
}

/**
 * Fill the explorer from a parsed config (useModel) and say what was read; a refused model_type
 * shows its message at `slot` and offers its closest model types, each re-reading with { assume }.
 */
function readModel(config, slot, { label = null, assume } = {}) {
  try {
    useModel(config, null, assume);
    model = { config, assume };
  } catch (e) {
    if (!(e instanceof PosencError)) throw e;
    controls.modelStatus(null);
    controls.showError(slot, e.message);
    const near = / is not a model type posenc knows \(closest: ([^)]*)\)/.exec(e.message);
    if (near && assume === undefined && /(^|\.)model_type$/.test(e.param)) {
      controls.offerAssume(near[1].split(', '), (family) => {
        controls.clearErrors(slot);
        readModel(config, slot, { label, assume: family });
      });
    }
    return;
  }
  controls.offerAssume(null);
  const story = layerMap.story;
  const what = story ? `${story.modelType ?? story.family}${story.family !== story.modelType ? `, read as ${story.family}` : ''}, ` +
    `${story.layers.length} layers` : 'its RoPE';
  controls.modelStatus(label ? `${label}: ${what}` : null);
}

// One Hub request at a time: a new load (or a paste) cancels the one under way.
let loading = null;
function cancelLoad() {
  loading?.abort();
  loading = null;
}

/** The model-id field's Load: `org/name[@revision]` → its config.json from HUB → readModel. */
async function loadModel(text) {
  cancelLoad();
  controls.clearErrors('model');
  controls.clearErrors('config');
  controls.offerAssume(null);
  const ref = text.trim();
  const at = ref.indexOf('@');
  const id = at < 0 ? ref : ref.slice(0, at);
  const revision = at < 0 ? 'main' : ref.slice(at + 1);
  const ctl = (loading = new AbortController());
  controls.modelStatus(`Loading ${id}@${revision} from ${HUB}…`);
  let config;
  try {
    config = await pe.fetchConfig(id, { revision, endpoint: HUB, signal: ctl.signal });
  } catch (e) {
    if (ctl !== loading) return;  // cancelled by a newer load or a paste: that one speaks
    loading = null;
    controls.modelStatus(null);
    if (!(e instanceof PosencError)) throw e;
    controls.showError('model', e.code === 'EACCES'
      ? `${id} is gated or private (the Hub said ${/HTTP (\d+)/.exec(e.message)?.[1] ?? 'no'}): the explorer sends no token. ` +
        `Accept its terms on the Hub and paste its config.json below, or read it with the CLI: HF_TOKEN=… npx posenc layers ${id}`
      : e.message);
    return;
  }
  if (ctl !== loading) return;
  loading = null;
  readModel(config, 'model', { label: `${id}@${revision}` });
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

// Check a tensor against the RoPE on screen: rope's params of the view; a fix is merged into them.
const ropeParams = pe.kinds.find((k) => k.name === 'rope').params;
const checker = new TensorCheck(document.getElementById('checker'), pe, {
  target: () => {
    const k = kindOf(state);
    if (!k || !takesConfig(k)) return null;
    return { kind: 'rope', params: Object.fromEntries(Object.entries(state.params)
      .filter(([key]) => key !== 'positions' && ropeParams.some((p) => p.name === key))) };
  },
  apply: (fix) => {
    const k = kindOf(state);
    const next = { ...state.params };
    for (const [key, v] of Object.entries(fix)) {
      if (!k.params.some((p) => p.name === key)) continue;
      if (v === null) delete next[key];
      else next[key] = v;
    }
    state.params = next;
    controls.render(state);
    schedule();
  },
});

/** For devtools and the browser tests: the instance, the state, the views. */
const explorer = {
  pe, heatmap, plot, scene, controls, zoomBar, layerMap, ggufPanel, analysis, checker, renders: 0, request: null, hub: HUB,
  segmentBand: scene.multimodal.band, gridView: scene.multimodal.grid, blockInset: scene.multimodal.inset,
  /** True while the address bar lags the view (at most URL_MS). */
  get urlPending() { return urlPending !== 0; },
  get state() { return state; },
  get plane() { return plane; },
};
window.explorer = explorer;

update();
