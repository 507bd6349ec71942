// The explorer's state and its URL form. A state is plain data:
//   { kind, params, index, cmap, vmin, vmax, lines, labels: { title, x, y, cbar }, zoom }
// params is what pe.computeView takes (only what was set; object fields nested); index selects the
// plane of a stacked table (head, cos/sin); vmin/vmax null = automatic; lines are plotted columns;
// a label left undefined comes from the registry's axis names; zoom = [from, to) rows of a long table
// shown (explorer/zoom.js), null = all.
// URL: kind params by their registry names (object fields as ropeScaling.factor, float arrays
// comma-separated), then the view keys below. Numbers are written with String() and read with
// Number(), which round-trips every double, so a URL restores the view exactly.

const VIEW_KEYS = { index: 'index', cmap: 'cmap', vmin: 'vmin', vmax: 'vmax', lines: 'lines', zoom: 'zoom' };
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
    zoom: s.zoom ? [...s.zoom] : null,
  };
}

export const defaultState = () => normalize(PRESETS[0].state);

const numberList = (text) => (text.trim() === '' ? [] : text.split(',').map((t) => Number(t.trim())));

/** Lines a URL may ask for (each is a Chart.js dataset and a legend entry). */
export const MAX_LINES = 32;

/** The lines kept of a list of numbers, from a URL or the controls: distinct column numbers >= 0, at most MAX_LINES. */
export const keepLines = (numbers) => [...new Set(numbers.filter((n) => Number.isInteger(n) && n >= 0))].slice(0, MAX_LINES);

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

const writeValue = (v) => (Array.isArray(v) || ArrayBuffer.isView(v) ? Array.from(v).map(String).join(',') : String(v));

/**
 * Parse a query string (location.search) against the registry. Returns { state, problems, keys }:
 * problems ([{ path, message }], path = the control to show it at) lists what could not be used
 * (unknown kind, parameter or colormap; view values of the wrong type; a key given twice: the last
 * one counts); keys is the set of query keys present. Parameter values are only typed, not
 * range-checked: see dropRejected.
 */
export function fromQuery(search, pe) {
  const q = new URLSearchParams(search);
  const problems = [];
  const keys = new Set(q.keys());
  if (!keys.size) return { state: defaultState(), problems, keys };
  const kindName = q.getAll('kind').at(-1) ?? PRESETS[0].state.kind;
  let kind = pe.kinds.find((k) => k.name === kindName && !k.input);
  if (!kind) {
    problems.push({ path: 'kind', message: `unknown kind ${quote(kindName)}` });
    kind = pe.kinds.find((k) => k.name === PRESETS[0].state.kind);
  }
  const s = normalize({ kind: kind.name });
  const bad = (path, key, text, why) => problems.push({ path, message: `${key} = ${quote(text)} ${why}` });
  const given = new Map();  // control path → [the name in messages, how many times the URL set it]
  const count = (path, name = path) => given.set(path, [name, (given.get(path)?.[1] ?? 0) + 1]);
  for (const [key, text] of q) {
    if (key === 'kind') {
      count('kind');
      continue;
    }
    const viewKey = Object.entries(VIEW_KEYS).find(([, k]) => k === key)?.[0];
    const labelKey = Object.entries(LABEL_KEYS).find(([, k]) => k === key)?.[0];
    if (viewKey || labelKey) count(viewKey ?? `label-${labelKey}`, key);
    if (viewKey === 'lines') {
      const all = numberList(text);
      s.lines = keepLines(all);
      if (s.lines.length !== all.length) bad('lines', key, text, `kept ${s.lines.join(', ') || 'none'} (distinct column numbers >= 0, at most ${MAX_LINES})`);
    } else if (viewKey === 'zoom') {
      const w = text.split(',').map((t) => (t.trim() === '' ? NaN : Number(t)));
      const ok = w.length === 2 && w.every(Number.isSafeInteger) && w[0] >= 0 && w[0] < w[1];
      s.zoom = ok ? w : null;
      if (!ok) bad('zoom', key, text, 'is not a window "from,to" of table rows (integers, 0 <= from < to)');
    } else if (viewKey === 'index') {
      const n = Number(text);
      s.index = Number.isInteger(n) && n >= 0 ? n : 0;
      if (s.index !== n) bad('index', key, text, 'is not a plane number (0, 1, …)');
    } else if (viewKey === 'vmin' || viewKey === 'vmax') {
      const n = text.trim() === '' ? null : Number(text);
      s[viewKey] = Number.isFinite(n) ? n : null;
      if (s[viewKey] !== n) bad(viewKey, key, text, 'is not a finite number (empty = automatic)');
    } else if (viewKey === 'cmap') {
      if (pe.colormaps.some((m) => m.name === text)) s.cmap = text;
      else bad('cmap', key, text, `is not one of ${pe.colormaps.map((m) => m.name).join(', ')}`);
    } else if (labelKey) {
      s.labels[labelKey] = text;
    } else {
      const [name, field, more] = key.split('.');
      const p = kind.params.find((x) => x.name === name);
      const f = field !== undefined ? p?.fields?.find((x) => x.name === field) : p;
      if (!f || more !== undefined || (field === undefined && p.type === 'object')) {
        problems.push({ path: 'kind', message: `unknown parameter ${quote(key)}` });
        continue;
      }
      if (field !== undefined) {
        const t = f.aliasOf ? p.fields.find((x) => x.name === f.aliasOf) : f;  // type → rope_type
        count(t.path);
        const v = parseValue(t, text);
        if (v !== undefined) (s.params[name] ??= {})[t.name] = v;
        else if (s.params[name]) delete s.params[name][t.name];
      } else {
        count(p.path);
        const v = parseValue(p, text);
        if (v !== undefined) s.params[name] = v;
        else delete s.params[name];
      }
    }
  }
  for (const [path, [name, n]] of given) if (n > 1) problems.push({ path, message: `${name} is given ${n} times; the last one is used` });
  return { state: s, problems, keys };
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
  if (s.zoom) q.set(VIEW_KEYS.zoom, s.zoom.join(','));
  for (const [k, key] of Object.entries(LABEL_KEYS)) if (s.labels[k] !== undefined) q.set(key, s.labels[k]);
  return `?${q}`;
}
