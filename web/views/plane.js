// A plane: the 2-D slice of a computed table that the views draw. 2-D tables are their own plane;
// a 3-D table ([heads, queries, keys], rope's [part, positions, rotary]) gives one plane per index of
// its leading axis; a 1-D table ([heads], [rotary/2]) is one column. A plane may carry rowName(r):
// the position its row r stands for (a sampled window of a long table); the views label rows with it.
import { axisTitle, axisEntry, STEPPED_ROWS } from './axes.js';

/**
 * Compute `kind` with `params` (pe.computeView: the data stays in the wasm heap; maxBytes, if given,
 * caps this compute) and select plane `index` of the leading axis (clamped). Throws PosencError.
 * Call free() when done.
 */
export function computePlane(pe, { kind, params = {}, index = 0, maxBytes }) {
  const view = pe.computeView(kind, params, maxBytes === undefined ? undefined : { maxBytes });
  const { shape: axes, title: kindTitle, params: defs } = pe.kinds.find((k) => k.name === kind);
  const shape = view.shape;
  let lead = null;
  let rows;
  let cols;
  let rowAxis;
  let colAxis;
  if (shape.length === 1) {
    [rows, cols, rowAxis, colAxis] = [shape[0], 1, axes[0], null];
  } else {
    rows = shape[shape.length - 2];
    cols = shape[shape.length - 1];
    rowAxis = axes[axes.length - 2];
    colAxis = axes[axes.length - 1];
    if (shape.length > 2) {
      const size = shape.slice(0, -2).reduce((a, b) => a * b, 1);
      const i = Math.min(Math.max(0, Math.trunc(index) || 0), Math.max(0, size - 1));
      lead = { axis: axes[0], title: axisTitle(axes[0]), size, index: i, name: axisEntry(axes[0], i) };
    }
  }
  const count = rows * cols;
  const offset = lead ? lead.index * count : 0;
  // rows that stand for offset + step · row (rope-decay's distances): named by that value
  const given = (name) => params[name] ?? defs.find((p) => p.name === name)?.default;
  const rowName = STEPPED_ROWS.has(rowAxis) ? ((o, st) => (r) => o + st * r)(given('offset') ?? 0, given('step') ?? 1) : undefined;
  return {
    rowName,
    kind,
    kindTitle,
    /** The views' default title: the kind's, and the plane's index of a stacked table. */
    title: kindTitle + (lead ? ` (${lead.title.toLowerCase()} ${lead.name})` : ''),
    view,
    dtype: view.dtype,
    shape,
    rows,
    cols,
    offset,
    count,
    lead,
    rowAxis,
    colAxis,
    /** The plane's values (a view of the wasm heap). */
    get data() { return view.data.subarray(offset, offset + count); },
    value(r, c) { return view.data[offset + r * cols + c]; },
    free() { view.free(); },
  };
}

// pe.range's extremes and counts of a plane's values do not depend on the map or limits asked for:
// kept per plane, so the second view of one plane (the plot's log-axis test after the heatmap's
// colour limits) does not read its values again.
const ranges = new WeakMap();

/**
 * pe.range() of a plane's values with options (map, vmin, vmax: they decide lo and hi). Without
 * options it may answer from an earlier call on the same plane: then only min, max and the counts
 * (finite, nan, negInf, posInf) are given. Throws PosencError.
 */
export function planeRange(pe, plane, options) {
  const known = options ? null : ranges.get(plane);
  if (known) return known;
  const r = pe.range(plane.view, { ...options, offset: plane.offset, count: plane.count });
  const { min, max, finite, nan, negInf, posInf } = r;
  ranges.set(plane, { min, max, finite, nan, negInf, posInf });
  return r;
}
