// The explorer's state and its URL form. A state is plain data:
//   { kind, params, index, cmap, vmin, vmax, lines, labels: { title, x, y, cbar } }
// params is what pe.computeView takes (only what was set; object fields nested); index selects the
// plane of a stacked table (head, cos/sin); vmin/vmax null = automatic; lines are plotted columns;
// a label left undefined comes from the registry's axis names.
// URL: kind params by their registry names (object fields as ropeScaling.factor, float arrays
// comma-separated), then the view keys below. Numbers are written with String() and read with
// Number(), which round-trips every double, so a URL restores the view exactly.

const VIEW_KEYS = { index: 'index', cmap: 'cmap', vmin: 'vmin', vmax: 'vmax', lines: 'lines' };
const LABEL_KEYS = { title: 'title', x: 'xlabel', y: 'ylabel', cbar: 'clabel' };
export const DEFAULT_LINES = [0, 1, 2, 3];

/** One-click views. The first is the default: the seed's first figure. */
export const PRESETS = [
  {
    id: 'seed-absolute',
    label: 'Seed figure 1: sinusoidal',
    state: {
      kind: 'sinusoidal', params: { positions: 50, dim: 64, variant: 'vaswani' }, cmap: 'coolwarm',
      lines: [0, 1, 10, 20],
      labels: { title: 'Positional Encoding Heatmap', x: 'Embedding Dimension', y: 'Sequence Position', cbar: 'Encoding Value' },
    },
  },
  {
    id: 'seed-relative',
    label: 'Seed figure 2: relative',
    state: {
      kind: 'relative', params: { queries: 50, offset: 50 }, cmap: 'coolwarm', lines: [0, 24, 49],
      labels: { title: 'Relative Positional Encoding Heatmap', x: 'Key Position', y: 'Query Position', cbar: 'Relative Distance' },
    },
  },
  {
    id: 'alibi',
    label: 'ALiBi, 8 heads',
    state: { kind: 'alibi', params: { heads: 8, queries: 50 }, index: 0, cmap: 'viridis', lines: [0, 25, 49] },
  },
  {
    id: 'rope-llama3',
    label: 'RoPE, Llama 3.1 scaling',
    state: {
      kind: 'rope', cmap: 'coolwarm', lines: [0, 16, 32, 48],
      params: { positions: 128, dim: 128, base: 500000,
        ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } },
    },
  },
  {
    id: 't5',
    label: 'T5 buckets',
    state: { kind: 't5', params: { queries: 64 }, cmap: 'cividis', lines: [0, 32, 63] },
  },
];

/** A complete state from a partial one (fills the view defaults). */
export function normalize(s) {
  return {
    kind: s.kind,
    params: structuredClone(s.params ?? {}),
    index: s.index ?? 0,
    cmap: s.cmap ?? 'coolwarm',
    vmin: s.vmin ?? null,
    vmax: s.vmax ?? null,
    lines: [...(s.lines ?? DEFAULT_LINES)],
    labels: { ...(s.labels ?? {}) },
  };
}

export const defaultState = () => normalize(PRESETS[0].state);

const numberList = (text) => (text.trim() === '' ? [] : text.split(',').map((t) => Number(t.trim())));

// A query value → the registry type's value. Garbage stays garbage (NaN, unknown strings): C
// reports it next to its control, the way a typed value would be.
function parseValue(p, text) {
  switch (p.type) {
    case 'int':
    case 'float': return text.trim() === '' ? NaN : Number(text);
    case 'bool': return text === 'true' ? true : text === 'false' ? false : text;
    case 'float[]': return numberList(text);
    default: return text;
  }
}

const writeValue = (v) => (Array.isArray(v) || ArrayBuffer.isView(v) ? Array.from(v).map(String).join(',') : String(v));

/**
 * Parse a query string (location.search) against the registry. Returns { state, problems }:
 * problems lists keys that could not be used (unknown kind or parameter), for a message.
 */
export function fromQuery(search, pe) {
  const q = new URLSearchParams(search);
  const problems = [];
  if (![...q.keys()].length) return { state: defaultState(), problems };
  const kindName = q.get('kind') ?? PRESETS[0].state.kind;
  let kind = pe.kinds.find((k) => k.name === kindName && !k.input);
  if (!kind) {
    problems.push(`unknown kind "${kindName}"`);
    kind = pe.kinds.find((k) => k.name === PRESETS[0].state.kind);
  }
  const s = normalize({ kind: kind.name });
  for (const [key, text] of q) {
    if (key === 'kind') continue;
    const viewKey = Object.entries(VIEW_KEYS).find(([, k]) => k === key)?.[0];
    const labelKey = Object.entries(LABEL_KEYS).find(([, k]) => k === key)?.[0];
    if (viewKey === 'lines') s.lines = numberList(text).filter(Number.isInteger);
    else if (viewKey === 'index') s.index = Number(text) || 0;
    else if (viewKey === 'vmin' || viewKey === 'vmax') s[viewKey] = text === '' ? null : Number(text);
    else if (viewKey === 'cmap') s.cmap = text;
    else if (labelKey) s.labels[labelKey] = text;
    else {
      const [name, field] = key.split('.');
      const p = kind.params.find((x) => x.name === name);
      const f = field !== undefined ? p?.fields?.find((x) => x.name === field) : p;
      if (!f || (field === undefined && p.type === 'object')) {
        problems.push(`unknown parameter "${key}"`);
        continue;
      }
      if (field !== undefined) (s.params[name] ??= {})[field] = parseValue(f, text);
      else s.params[name] = parseValue(p, text);
    }
  }
  return { state: s, problems };
}

/** The query string (with '?') of a state. */
export function toQuery(s) {
  const q = new URLSearchParams();
  q.set('kind', s.kind);
  for (const [name, v] of Object.entries(s.params)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v)) {
      for (const [field, fv] of Object.entries(v)) if (fv !== undefined && fv !== null) q.set(`${name}.${field}`, writeValue(fv));
    } else {
      q.set(name, writeValue(v));
    }
  }
  if (s.index) q.set(VIEW_KEYS.index, String(s.index));
  q.set(VIEW_KEYS.cmap, s.cmap);
  if (s.vmin !== null) q.set(VIEW_KEYS.vmin, String(s.vmin));
  if (s.vmax !== null) q.set(VIEW_KEYS.vmax, String(s.vmax));
  q.set(VIEW_KEYS.lines, s.lines.join(','));
  for (const [k, key] of Object.entries(LABEL_KEYS)) if (s.labels[k] !== undefined) q.set(key, s.labels[k]);
  return `?${q}`;
}
