// The explorer's analysis bar (issue 15): compare A / B (pin the configuration on screen as A, then
// change the controls into B), the heatmap's A / B / A − B mode, the plot's y axis (auto / log /
// linear), the distance profile of [queries, keys] kinds; views/scene.js draws what they choose.
// Also the URL form of all that: the pinned configuration as `a.`-prefixed keys (a.kind, a.dim,
// a.ropeScaling.factor …, read by the same parser as the main ones) and `heat`, `log-y`, `profile`.
// Nothing here knows a kind: everything follows the registry and the view options' table.
import { fromQuery, toQuery, normalize } from './state.js';
import { HEAT_MODES, HEAT_TITLES, MAX_PROFILE, normalizeCompare, profileKind, logYOf } from '../views/compare.js';
import { option, TYPES, htmlInteger } from '../views/options.js';
import { el } from './dom.js';

// A DOM property written only when it changes: each write (even of the same value) invalidates the
// element's style, which the next redraw's first read of computed style then recomputes.
const setIf = (node, key, v) => { if (node[key] !== v) node[key] = v; };

const PIN = 'a.';
// The compare keys: the view options' rows (views/options.js) give their key and check their text;
// set puts a checked value into the compare state.
const COMPARE_KEYS = new Map([
  [option('heat'), (c, v) => { c.heat = v; }],
  [option('logY'), (c, v) => { c.logY = logYOf(v); }],
  [option('profile'), (c, v) => { c.profile = v; }],
].map(([o, set]) => [o.key, { o, set }]));
const KEYS = { heat: option('heat').key, logy: option('logY').key, profile: option('profile').key };
// The engine a model is read with (explorer/layers.js) and its lengths. Read only with `engine` in the
// query: without it, `seq-len` is the rope kinds' seqLen parameter (any spelling of views/keys.js).
const ENGINE_KEYS = { name: 'engine', context: 'context', seqLen: 'seq-len' };

/** Presets of the analysis views: each a state with its `compare` part (the pinned A). */
export const ANALYSIS_PRESETS = [
  {
    id: 'llama31-spectrum',
    label: 'Llama 3.1 vs plain RoPE',
    state: {
      kind: 'rope-spectrum', colormap: 'viridis', columns: [0, 3],
      params: { dim: 128, base: 500000, maxPositionEmbeddings: 131072,
        ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } },
      compare: { pinned: { kind: 'rope-spectrum', params: { dim: 128, base: 500000, maxPositionEmbeddings: 8192 } }, logY: true },
    },
  },
  {
    id: 'yarn-ramp',
    label: 'YaRN ×4 ramp',
    state: {
      kind: 'rope-spectrum', colormap: 'viridis', columns: [2],
      params: { dim: 128, maxPositionEmbeddings: 16384, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 } },
      compare: { pinned: { kind: 'rope-spectrum', params: { dim: 128, maxPositionEmbeddings: 4096 } }, logY: true },
    },
  },
  {
    id: 'roformer-decay',
    label: "RoFormer's decay, base 10⁴ vs 5·10⁵",
    state: {
      kind: 'rope-decay', colormap: 'viridis', columns: [0],
      params: { dim: 128, base: 500000, distances: 1024 },
      compare: { pinned: { kind: 'rope-decay', params: { dim: 128, base: 10000, distances: 1024 } } },
    },
  },
  {
    id: 'seed-similarity',
    label: "The seed's table: which positions look alike",
    state: {
      kind: 'similarity', colormap: 'rdbu', columns: [0, 25, 49],
      params: { positions: 50, dim: 64, normalize: true },
    },
  },
  {
    id: 't5-profile',
    label: 'T5 buckets vs distance, encoder vs decoder',
    state: {
      kind: 't5', colormap: 'cividis', columns: [0],
      params: { bidirectional: false },
      compare: { pinned: { kind: 't5', params: { bidirectional: true } }, profile: 160, heat: 'diff' },
    },
  },
];

/** A preset's (or any partial) state, completed: the explorer's fields and `compare`. */
export const presetState = (s) => ({ ...normalize(s), compare: normalizeCompare(s.compare) });

/**
 * Parse a query string: the main configuration as explorer/state.js's fromQuery does, plus `compare`
 * (the pinned A from the `a.` keys, the heatmap mode, the y axis, the profile range). Returns
 * fromQuery's { state, problems, keys } with state.compare and compareProblems (messages for the
 * analysis panel), state.engine ({ name, context, seqLen }: with `engine` in the query) and
 * engineProblems (messages for the engine controls).
 */
export function readURL(search, pe) {
  const q = new URLSearchParams(search);
  const main = new URLSearchParams(), pinned = new URLSearchParams();
  const c = {};
  const compareProblems = [];
  const bad = (key, text, why) => compareProblems.push(`${key} = ${JSON.stringify(text.slice(0, 40))} ${why}`);
  const engineKeys = q.has(ENGINE_KEYS.name) ? new Set(Object.values(ENGINE_KEYS)) : new Set();
  const engine = { name: 'transformers', context: null, seqLen: null };
  const engineProblems = [];
  for (const [key, text] of q) {
    const compare = COMPARE_KEYS.get(key);
    if (engineKeys.has(key)) {
      const quoted = `${key} = ${JSON.stringify(text.slice(0, 40))}`;
      if (key === ENGINE_KEYS.name) {
        const names = pe.engines.map((e) => e.name);
        if (names.includes(text)) engine.name = text;
        else engineProblems.push(`${quoted} is not one of ${names.join(', ')}`);
      } else {
        const n = htmlInteger(text);
        if (Number.isInteger(n) && n >= 1) engine[key === ENGINE_KEYS.context ? 'context' : 'seqLen'] = n;
        else engineProblems.push(`${quoted} is not a length in tokens (an integer ≥ 1)`);
      }
    } else if (key.startsWith(PIN)) pinned.append(key.slice(PIN.length), text);
    else if (compare) {
      const r = TYPES[compare.o.type](text, compare.o);
      if (r.why) bad(key, text, r.why);
      else compare.set(c, r.value);
    } else main.append(key, text);
  }
  const out = fromQuery(main.size ? `?${main}` : '', pe);
  // with only analysis keys, the main view is still the default one
  if ([...pinned.keys()].length) {
    const a = fromQuery(`?${pinned}`, pe);
    c.pinned = { kind: a.state.kind, params: a.state.params, index: a.state.index };
    for (const p of a.problems) compareProblems.push(`A: ${p.message}`);
  }
  out.state.compare = normalizeCompare(c);
  out.compareProblems = compareProblems;
  if (engineKeys.size) {
    out.state.engine = engine;
    // a pinned A with an engine is that engine's comparison: choosing transformers again unpins it
    if (out.state.compare.pinned && engine.name !== 'transformers') out.state.compare.engine = true;
  }
  out.engineProblems = engineProblems;
  return out;
}

/** The query string of a state with its compare part. */
export function writeQuery(s) {
  const q = new URLSearchParams(toQuery(s));
  const c = s.compare;
  if (c?.pinned) {
    const a = new URLSearchParams(toQuery(normalize({ ...c.pinned, columns: [] })));
    for (const [key, text] of a) if (!['colormap', 'columns'].includes(key)) q.append(PIN + key, text);
  }
  if (c?.pinned && c.heat !== 'b') q.set(KEYS.heat, c.heat);
  if (c && c.logY !== null) q.set(KEYS.logy, String(c.logY));
  if (c?.profile) q.set(KEYS.profile, String(c.profile));
  const e = s.engine;
  if (e && (e.name !== 'transformers' || e.context !== null || e.seqLen !== null)) {
    q.set(ENGINE_KEYS.name, e.name);
    if (e.context !== null) q.set(ENGINE_KEYS.context, String(e.context));
    if (e.seqLen !== null) q.set(ENGINE_KEYS.seqLen, String(e.seqLen));
  }
  return `?${q}`;
}

export class AnalysisPanel {
  #pe;
  #change;
  #ui;
  #state = null;

  /**
   * container: where the compare bar goes. change(): a control changed state.compare (the explorer
   * schedules an update).
   */
  constructor(container, pe, { change }) {
    this.#pe = pe;
    this.#change = change;
    const pin = el('button', { type: 'button', id: 'compare-pin' }, 'Pin as A');
    const unpin = el('button', { type: 'button', id: 'compare-unpin' }, 'Unpin A');
    const label = el('span', { class: 'compare-label', id: 'compare-label' });
    const heat = el('select', { id: 'compare-heat', 'aria-label': 'Heatmap shows' },
      ...HEAT_MODES.map((m) => el('option', { value: m }, m === 'b' ? 'B (the controls)' : m === 'a' ? 'A (pinned)' : 'A − B')));
    const logy = el('select', { id: 'compare-logy', 'aria-label': 'Plot y axis' },
      el('option', { value: '' }, 'auto'), el('option', { value: '1' }, 'log'), el('option', { value: '0' }, 'linear'));
    const profile = el('input', { id: 'compare-profile', type: 'number', min: '1', max: String(MAX_PROFILE), step: '1', placeholder: 'off',
      'aria-label': 'Distance profile range R (j − i from −R to R)' });
    const profileRow = el('label', { class: 'compare-profile' }, 'Distance profile ±', profile);
    const error = el('output', { id: 'compare-error', class: 'error' });
    error.hidden = true;
    container.append(el('div', { class: 'compare-bar' }, pin, unpin, label,
      el('label', {}, 'Heatmap ', heat), el('label', {}, 'y axis ', logy), profileRow), error);
    this.#ui = { pin, unpin, label, heat, logy, profile, profileRow, error };
    pin.addEventListener('click', () => {
      const s = this.#state;
      s.compare.pinned = { kind: s.kind, params: structuredClone(s.params), index: s.index };
      this.#change();
    });
    unpin.addEventListener('click', () => {
      this.#state.compare.pinned = null;
      this.#state.compare.heat = 'b';
      this.#change();
    });
    heat.addEventListener('change', () => { this.#state.compare.heat = heat.value; this.#change(); });
    logy.addEventListener('change', () => { this.#state.compare.logY = logy.value === '' ? null : logy.value === '1'; this.#change(); });
    profile.addEventListener('input', () => {
      const n = profile.value === '' ? null : Number(profile.value);
      this.#state.compare.profile = Number.isInteger(n) && n >= 1 && n <= MAX_PROFILE ? n : null;
      this.#change();
    });
  }

  /** The controls for a state (after each update and on load). */
  sync(state, problems = []) {
    this.#state = state;
    state.compare ??= normalizeCompare();
    const c = state.compare, u = this.#ui;
    const kind = this.#pe.kinds.find((k) => k.name === state.kind);
    setIf(u.unpin, 'hidden', !c.pinned);
    setIf(u.label, 'textContent', c.pinned ? `A: ${c.pinned.kind} (pinned) · B: the controls` : '');
    setIf(u.heat, 'disabled', !c.pinned);
    if (u.heat.value !== c.heat) u.heat.value = c.heat;
    const ly = c.logY === null ? '' : c.logY ? '1' : '0';
    if (u.logy.value !== ly) u.logy.value = ly;
    setIf(u.profileRow, 'hidden', !profileKind(kind));
    const pv = c.profile === null ? '' : String(c.profile);
    if (u.profile.value !== pv) u.profile.value = pv;
    if (problems.length) this.note(`Ignored from the URL: ${problems.join('; ')}`);
  }

  /** A message under the bar (null: none): what of A could not be drawn, or a URL's compare keys ignored. */
  note(message) {
    const e = this.#ui.error;
    setIf(e, 'textContent', message ?? '');
    setIf(e, 'hidden', !message);
  }
}

/** For the elements and tests: the heatmap titles of the modes. */
export { HEAT_TITLES };
