// Analysis views shared by the explorer and the elements (issue 15), each generic over the registry:
//   compare A / B: a second configuration A drawn with the one on screen (B): plots overlay the two
//     (A solid, B dashed), the heatmap shows A, B or A − B (the difference computed in C,
//     pe.difference; a diverging map centred at 0), the readout gives all three;
//   the distance profile of a [queries, keys] kind (relative, t5, deberta, alibi): the middle query
//     row of a (2R + 1)² table, i.e. the value against j − i for −R … R, one line per head;
//   a log y axis where the plotted values span decades (automatic, or forced on/off);
//   reference lines from a result's info (rope-spectrum: the original context, llama3's band edges,
//     yarn's correction range), from the table REFERENCES keyed by info name.
// Every value is C's: this module selects, copies and labels.
import { computePlane, planeRange } from './plane.js';
import { axisEntry } from './axes.js';
import { formatValue } from './heatmap.js';
import { option, MAX_COLUMNS } from './options.js';

/** Heatmap modes in compare: A, B, or A − B. */
export const HEAT_MODES = ['b', 'a', 'diff'];
export const HEAT_TITLES = { a: 'A', b: 'B', diff: 'A − B' };
/** Longest profile half-range (2R + 1 queries and keys): the profile view option's bound. */
export const MAX_PROFILE = option('profile').max;

/** A complete compare state from a partial one: { pinned: {kind, params, index} | null, heat, logY, profile }. */
export function normalizeCompare(c = {}) {
  return {
    pinned: c.pinned ? { kind: c.pinned.kind, params: structuredClone(c.pinned.params ?? {}), index: c.pinned.index ?? 0 } : null,
    heat: HEAT_MODES.includes(c.heat) ? c.heat : 'b',
    logY: c.logY === true || c.logY === false ? c.logY : null,
    profile: Number.isInteger(c.profile) && c.profile > 0 ? c.profile : null,
  };
}

/** True when a kind's table is [… queries, keys]: it has a distance profile. */
export const profileKind = (kind) => kind.shape.length >= 2 && kind.shape.at(-2) === 'queries' && kind.shape.at(-1) === 'keys';

/**
 * The distance profile of a configuration: a plane whose row r is the distance j − i = r − R and
 * whose columns are the heads (one column for 2-D kinds), copied from the middle query row of the
 * (2R + 1) × (2R + 1) table C computes. options: computeView's ({ maxBytes }: the caller's cap holds
 * for that whole table too). Throws PosencError as computeView does.
 */
export function profilePlane(pe, { kind, params = {} }, R, options) {
  const info = pe.kinds.find((k) => k.name === kind);
  const n = 2 * R + 1;
  const view = pe.computeView(kind, { ...params, queries: n, keys: n }, options);
  try {
    const heads = view.shape.length === 3 ? view.shape[0] : 1;
    const Type = view.dtype === 'int32' ? Int32Array : Float32Array;
    const data = new Type(n * heads);
    const src = view.data;
    for (let h = 0; h < heads; h++) {
      const row = src.subarray(h * n * n + R * n, h * n * n + R * n + n);
      for (let j = 0; j < n; j++) data[j * heads + h] = row[j];
    }
    return {
      kind, kindTitle: info.title, title: `${info.title}: value against j − i`, dtype: view.dtype, shape: [n, heads],
      rows: n, cols: heads, offset: 0, count: n * heads, lead: null, rowAxis: 'distance',
      colAxis: heads > 1 ? info.shape[0] : null, view: { data, shape: [n, heads], dtype: view.dtype, info: view.info },
      data, rowName: (r) => r - R, value: (r, c) => data[r * heads + c], free() {},
    };
  } finally {
    view.free();
  }
}

/** A profile plot's options: every head (at most MAX_COLUMNS lines), steps for an integer table (buckets), its x title. */
export function profileOptions(p) {
  return { columns: [...Array(Math.min(p.cols, MAX_COLUMNS)).keys()], stepped: p.dtype === 'int32', xLabel: 'Distance j − i' };
}

/** A − B of two planes of the same shape, in C, as a plane (free() releases the heap copy). */
export function differencePlane(pe, a, b) {
  const d = pe.difference(a.data, b.data);
  return {
    ...a, title: `A − B: ${a.title}`, dtype: 'float32', offset: 0, count: a.count,
    view: { get data() { return d.data; }, shape: [a.rows, a.cols], dtype: 'float32', info: {} },
    get data() { return d.data; }, value: (r, c) => d.data[r * a.cols + c], free: () => d.free(),
  };
}

/** The colormap of an A − B heatmap: `name` if that map is centred, else the first centred one. */
export function diffColormap(pe, name) {
  const own = pe.colormaps.find((m) => m.name === name);
  return own?.centred ? own.name : pe.colormaps.find((m) => m.centred)?.name;
}

/** The readout of a cell in compare mode: A, B and A − B. */
export function compareReadout(a, b, d) {
  return (r, c) => `A ${formatValue(a.value(r, c))} · B ${formatValue(b.value(r, c))} · A − B ${formatValue(d.value(r, c))}`;
}

/**
 * Reference lines a result's info defines, keyed by info name: for each, lines on the x axis (a
 * row value) or the y axis (a value) with a label; `columns` limits y lines to the plotted columns
 * of those entry names (the rope-spectrum columns of axes.js).
 */
export const REFERENCES = {
  originalContext: [
    { axis: 'y', columns: ['wavelength', 'unscaled wavelength'], value: (v) => v, label: (v) => `original context L = ${v}` },
    { axis: 'y', columns: ['rotations in L'], value: () => 1, label: () => 'one rotation within L' },
  ],
  lowFreqWavelength: [{ axis: 'y', columns: ['wavelength', 'unscaled wavelength'], value: (v) => v,
    label: (v) => `llama3: wavelengths above L/low_freq_factor = ${v} interpolated` }],
  highFreqWavelength: [{ axis: 'y', columns: ['wavelength', 'unscaled wavelength'], value: (v) => v,
    label: (v) => `llama3: below L/high_freq_factor = ${v} kept` }],
  correctionLow: [{ axis: 'x', value: (v) => v, label: (v) => `yarn ramp from pair ${v} (beta_fast)` }],
  correctionHigh: [{ axis: 'x', value: (v) => v, label: (v) => `to pair ${v} (beta_slow)` }],
};

/**
 * The reference lines of the planes (one, or compare mode's A and B) for the plotted columns: one
 * line per axis and value, its labels joined once each (llama3's low edge is often L; A and B may
 * share a context length).
 */
export function referenceLines(planes, columns) {
  const lines = [];
  for (const plane of [planes].flat()) {
    const info = plane.view?.info ?? {};
    const names = new Set(columns.map((c) => (plane.colAxis ? axisEntry(plane.colAxis, c) : '')));
    for (const [name, value] of Object.entries(info)) {
      for (const ref of REFERENCES[name] ?? []) {
        if (ref.columns && !ref.columns.some((c) => names.has(c))) continue;
        const v = ref.value(value), label = ref.label(value), same = lines.find((l) => l.axis === ref.axis && l.value === v);
        if (!same) lines.push({ axis: ref.axis, value: v, label });
        else if (!same.label.split('; ').includes(label)) same.label += `; ${label}`;
      }
    }
  }
  return lines;
}

/** The log-y view option's text ('auto', 'true', 'false') as wantLogY's logY: null (automatic), true or false. */
export const logYOf = (text) => (text === 'true' ? true : text === 'false' ? false : null);

/**
 * Whether the plot's y axis is logarithmic: forced by `logY` (true/false), else automatic: the
 * planes' finite values (C's pe.range) all positive and spanning three decades or more.
 */
export function wantLogY(pe, planes, logY) {
  if (logY === true || logY === false) return logY;
  let lo = Infinity, hi = -Infinity;
  for (const p of planes) {
    if (!p || p.dtype !== 'float32') return false;
    const r = planeRange(pe, p);
    if (!r.finite) continue;
    lo = Math.min(lo, r.min), hi = Math.max(hi, r.max);
  }
  return lo > 0 && hi >= 1000 * lo;
}
