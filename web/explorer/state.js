// The explorer's state and its URL form. A state is plain data: { kind, params, zoom } and the view
// options of views/options.js by their names (index, colormap, vmin, vmax, columns, heading,
// rowLabel, columnLabel, valueLabel). params is what pe.computeView takes (only what was set;
// object fields nested); index selects the plane of a stacked table (head, cos/sin); vmin/vmax null
// = automatic; columns are the plotted ones; a label left undefined comes from the registry's axis
// names; zoom = [from, to) rows of a long table shown (explorer/zoom.js), null = all.
// URL: kind params by their registry names (object fields as ropeScaling.factor, float arrays
// comma-separated), then the view options by their keys (older keys, e.g. cmap and lines, are read
// too). Read, a parameter takes any spelling of views/keys.js (the embed's and the attributes'
// kebab-case, rope-type, factor; config.json's snake_case; an object whole as JSON), so an embed
// URL opens here as it is. Numbers are written with String() and read with Number(), which round-trips every double,
// so a URL restores the view exactly.
import { OPTIONS, MAX_COLUMNS, TYPES, readOptions, writeOption, numberList } from '../views/options.js';
import { paramOf } from '../views/keys.js';

export const DEFAULT_COLUMNS = [0, 1, 2, 3];
const VIEW = OPTIONS.filter((o) => o.on.includes('explorer') && o.name !== 'kind');

/** One-click views. The first is the default: the seed's first figure. */
export const PRESETS = [
  {
    id: 'seed-absolute',
    label: 'Seed figure 1: sinusoidal',
    state: {
      kind: 'sinusoidal', params: { positions: 50, dim: 64, variant: 'vaswani' }, colormap: 'coolwarm', columns: [0, 1, 10, 20],
      heading: 'Positional Encoding Heatmap', columnLabel: 'Embedding Dimension', rowLabel: 'Sequence Position', valueLabel: 'Encoding Value',
    },
  },
  {
    id: 'seed-relative',
    label: 'Seed figure 2: relative',
    state: {
      kind: 'relative', params: { queries: 50, offset: 50 }, colormap: 'coolwarm', columns: [0, 24, 49],
      heading: 'Relative Positional Encoding Heatmap', columnLabel: 'Key Position', rowLabel: 'Query Position', valueLabel: 'Relative Distance',
    },
  },
  {
    id: 'alibi',
    label: 'ALiBi, 8 heads',
    state: { kind: 'alibi', params: { heads: 8, queries: 50 }, index: 0, colormap: 'viridis', columns: [0, 25, 49] },
  },
  {
    id: 'rope-llama3',
    label: 'RoPE, Llama 3.1 scaling',
    state: {
      kind: 'rope', colormap: 'coolwarm', columns: [0, 16, 32, 48],
      params: { positions: 128, dim: 128, base: 500000,
        ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } },
    },
  },
  {
    id: 't5',
    label: 'T5 buckets',
    state: { kind: 't5', params: { queries: 64 }, colormap: 'cividis', columns: [0, 32, 63] },
  },
  {
    // rows t, h, w across the prompt: the image's block of ids, the video's temporal steps of 2
    // (1 s per temporal patch, 2 tokens per second), and text resuming at 1 + the largest id
    id: 'qwen25vl-prompt',
    label: 'Qwen2.5-VL: a prompt with an image and a video',
    state: {
      kind: 'mrope-positions', colormap: 'viridis', columns: [0, 5, 29, 33],
      params: { sequence: 'text:5 image:1x8x12 text:4 video:3x4x4@1 text:6', model: 'qwen2.5-vl' },
      heading: 'Qwen2.5-VL position ids (rows t, h, w)', columnLabel: 'Token', rowLabel: 'Axis', valueLabel: 'Position id',
    },
  },
  {
    // the ids of 'text:4 image:1x8x12 text:3' (mrope-positions, qwen3-vl): every third frequency
    // from k = 1 follows h, from k = 2 w, the rest t
    id: 'qwen3vl-interleaved',
    label: 'Qwen3-VL interleaved sections',
    state: {
      kind: 'rope', colormap: 'coolwarm', columns: [0, 1, 2, 3],
      params: { dim: 128, base: 5000000, mropeSection: [24, 20, 20], mropeInterleaved: true, positionIds: [
        0, 1, 2, 3, ...Array(24).fill(4), 10, 11, 12,
        0, 1, 2, 3, ...[4, 5, 6, 7].flatMap((h) => Array(6).fill(h)), 10, 11, 12,
        0, 1, 2, 3, ...[4, 5, 6, 7].flatMap(() => [4, 5, 6, 7, 8, 9]), 10, 11, 12] },
    },
  },
  {
    id: 'pixtral-grid',
    label: 'Pixtral patch grid',
    state: { kind: 'rope-2d', colormap: 'coolwarm', columns: [0, 1, 16, 17], params: { style: 'pixtral', height: 16, width: 16 } },
  },
  {
    id: 'mae-sincos',
    label: 'MAE 2-D sin-cos',
    state: { kind: 'sincos-2d', colormap: 'rdbu', columns: [0, 64, 128, 192], params: { height: 14, dim: 256, cls: 1 } },
  },
];

/** A complete state from a partial one (fills the view defaults). */
export function normalize(s) {
  const out = { kind: s.kind, params: structuredClone(s.params ?? {}) };
  for (const o of VIEW) {
    const v = s[o.name] === undefined ? o.default : s[o.name];
    out[o.name] = Array.isArray(v) ? [...v] : v;
  }
  out.columns ??= [...DEFAULT_COLUMNS];
  return out;
}

export const defaultState = () => normalize(PRESETS[0].state);

/** The columns kept of a list of numbers from the controls (as a URL's are: views/options.js). */
export const keepColumns = (numbers) => TYPES.columns(numbers.join(','), { max: MAX_COLUMNS }).value;

// URL text quoted in a message: bounded, so a megabyte of garbage does not fill the page.
const quote = (text, n = 40) => JSON.stringify(text.length > n ? `${text.slice(0, n)}…` : text);

// A query value → the registry type's value. Garbage stays garbage (NaN, unknown strings): C
// rejects it with a message naming the parameter, and the explorer falls back to the default
// (dropRejected below): ranges and rules are C's, not repeated here.
function parseValue(p, text) {
  switch (p.type) {
    case 'int':
    case 'float': return text.trim() === '' ? NaN : Number(text);
    case 'bool': return text === 'true' ? true : text === 'false' ? false : text;
    case 'float[]':
    case 'int[]': return text.trim() === '' ? undefined : numberList(text);  // empty = unset, as in its control
    case 'enum': return p.choiceAliases?.[text] ?? text;  // su → longrope: the selector shows it
    default: return text;
  }
}

// A JSON object's text → the object, else null (not JSON, or an array, a number …).
function jsonObject(text) {
  try {
    const v = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Parse a query string (location.search) against the registry. Returns { state, problems, given }:
 * problems ([{ path, message }], path = the control to show it at) lists what could not be used
 * (unknown kind, parameter or colormap; view values of the wrong type; a key given twice: the last
 * one counts); given is the set of view options the URL set. Parameter values are only typed, not
 * range-checked: see dropRejected.
 */
export function fromQuery(search, pe) {
  const q = new URLSearchParams(search);
  if (!q.size) return { state: defaultState(), problems: [], given: new Set() };
  const drawable = pe.kinds.filter((k) => !k.input);
  const view = readOptions(q, 'explorer', { kinds: drawable.map((k) => k.name), colormaps: pe.colormaps.map((m) => m.name) });
  const problems = view.problems.map(({ name, message }) => ({ path: name, message }));
  const kind = drawable.find((k) => k.name === (view.values.kind ?? PRESETS[0].state.kind)) ?? drawable.find((k) => k.name === PRESETS[0].state.kind);
  const s = normalize({ ...view.values, kind: kind.name });
  const given = new Map();  // control path → how many times the URL set it
  const count = (path) => given.set(path, (given.get(path) ?? 0) + 1);
  const wholes = new Map();  // object parameter → the object given as JSON (its fields' own keys win)
  for (const [key, text] of view.rest) {
    const hit = paramOf(kind, key);
    if (!hit) {
      problems.push({ path: 'kind', message: `unknown parameter ${quote(key)}` });
      continue;
    }
    const { param: t, object: o } = hit;  // an alias field resolved: type → rope_type
    count(t.path);
    if (o) {
      const v = parseValue(t, text);
      if (v !== undefined) (s.params[o.name] ??= {})[t.name] = v;
      else if (s.params[o.name]) delete s.params[o.name][t.name];
    } else if (t.type === 'object') {
      const v = jsonObject(text);
      if (v) wholes.set(t.name, v);
      else problems.push({ path: t.path, message: `${key} = ${quote(text)} is not a JSON object` });
    } else {
      const v = parseValue(t, text);
      if (v !== undefined) s.params[t.name] = v;
      else delete s.params[t.name];
    }
  }
  for (const [name, v] of wholes) s.params[name] = { ...v, ...s.params[name] };
  for (const [path, n] of given) if (n > 1) problems.push({ path, message: `${path} is given ${n} times; the last one is used` });
  return { state: s, problems, given: new Set(Object.keys(view.values)) };
}

/**
 * A URL's state after C rejected it (error.param = path): remove the value the path names so the
 * next attempt uses its default; when it names a value the URL did not set (a cross-parameter rule,
 * a size beyond the cap), its object, else the last parameter the URL set. Returns the path of what
 * was reset (for the message), or null when nothing is left to reset.
 */
export function dropRejected(s, path) {
  const [name, field] = String(path).split('.');
  const own = (o, k) => o !== null && typeof o === 'object' && Object.hasOwn(o, k);
  if (field !== undefined && own(s.params[name], field)) {
    delete s.params[name][field];
    if (!Object.keys(s.params[name]).length) delete s.params[name];
    return path;
  }
  if (own(s.params, name)) {
    delete s.params[name];
    return name;
  }
  if ((path === 'vmin' || path === 'vmax') && (s.vmin !== null || s.vmax !== null)) {
    s.vmin = s.vmax = null;
    return 'vmin, vmax';
  }
  const names = Object.keys(s.params);  // in URL order: the last one given goes first
  if (!names.length) return null;
  delete s.params[names.at(-1)];
  return names.at(-1);
}

/** The query string (with '?') of a state: the view options by their keys, those not at their default. */
export function toQuery(s) {
  const q = new URLSearchParams();
  q.set('kind', s.kind);
  for (const [name, v] of Object.entries(s.params)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)) {
      for (const [field, fv] of Object.entries(v)) if (fv !== undefined && fv !== null) q.set(`${name}.${field}`, writeOption(fv));
    } else {
      q.set(name, writeOption(v));
    }
  }
  for (const o of VIEW) {
    const text = s[o.name] === o.default ? null : writeOption(s[o.name]);
    if (text !== null) q.set(o.key, text);
  }
  return `?${q}`;
}
