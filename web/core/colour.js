// The colour API (c/colormap.c): values → RGBA8 for drawing, every number computed in C. Posenc
// owns one Colour over its Heap and its own Views (the results it hands out) and hands pe.colormap(), pe.colormapImage(), pe.range(),
// pe.colormapLUT() and pe.colormaps to it.
import { PosencError, fmt, describe } from './error.js';

// vmin and vmax are numbers or absent (C checks their values).
function limitTypes(who, vmin, vmax) {
  for (const [name, v] of [['vmin', vmin], ['vmax', vmax]]) {
    if (v !== undefined && v !== null && typeof v !== 'number') {
      throw new PosencError(`posenc ${who}: ${name} = ${describe(v)} is not a number`, 'EINVAL', name);
    }
  }
}

export class Colour {
  #heap;
  #views;

  constructor(heap, views) {
    this.#heap = heap;
    this.#views = views;
  }

  /** pe.colormaps: [{ name, title, centred }], read from C on first use (once per instance). */
  get maps() {
    if (!this.#heap.colormaps) {
      const x = this.#heap.x;
      const maps = [];
      for (let m = 0; m < x.pe_js_colormap_count(); m++) {
        maps.push(Object.freeze({ name: this.#heap.str(x.pe_js_colormap_name(m)), title: this.#heap.str(x.pe_js_colormap_title(m)),
          centred: x.pe_js_colormap_centred(m) === 1 }));
      }
      this.#heap.colormaps = Object.freeze(maps);
    }
    return this.#heap.colormaps;
  }

  #map(map, who) {
    const m = map === undefined ? 0 : this.maps.findIndex((c) => c.name === map);
    if (m < 0) {
      throw new PosencError(`posenc ${who}: map = ${describe(map)} is not one of ${this.maps.map((c) => fmt(c.name)).join(', ')}`,
        'EINVAL', 'map');
    }
    return m;
  }

  // A table (computeView/compute result or a Float32Array/Int32Array) as a heap pointer; tables
  // outside the heap are copied in (call done() after).
  #table(source, who) {
    const x = this.#heap.x;
    const a = ArrayBuffer.isView(source) ? source : source?.data;
    const dtype = a instanceof Float32Array ? 0 : a instanceof Int32Array ? 1 : -1;
    if (dtype < 0) throw new PosencError(`posenc ${who}: data is not a Float32Array or Int32Array (nor a result holding one)`, 'EINVAL', 'data');
    if (a.buffer === x.memory.buffer) return { ptr: a.byteOffset, dtype, length: a.length, done() {} };
    const ptr = a.length ? x.pe_js_malloc(a.length * 4) : 0;
    if (a.length && !ptr) throw new PosencError(`posenc ${who}: ${a.length} values do not fit in wasm memory`, 'ENOMEM', 'data');
    new a.constructor(x.memory.buffer, ptr, a.length).set(a);
    return { ptr, dtype, length: a.length, done: () => x.pe_js_free(ptr) };
  }

  range(source, { map, vmin, vmax, offset = 0, count } = {}) {
    const x = this.#heap.x;
    const t = this.#table(source, 'range');
    try {
      const m = this.#map(map, 'range');
      limitTypes('range', vmin, vmax);
      this.#heap.check(x.pe_js_range(m, t.ptr, t.dtype, t.length, offset, count ?? t.length - offset, vmin ?? NaN,
        vmax ?? NaN), 'range');
      const g = (i) => x.pe_js_range_get(i);
      return { min: g(0), max: g(1), lo: g(2), hi: g(3), finite: g(4), nan: g(5), negInf: g(6), posInf: g(7) };
    } finally {
      t.done();
    }
  }

  colormap(source, { map, vmin, vmax, offset = 0, count } = {}) {
    const x = this.#heap.x;
    return this.#image('colormap', source, { map, vmin, vmax }, (t) => ({ n: count ?? t.length - offset, param: 'count' }),
      (m, t, n, out) => x.pe_js_colormap(m, t.ptr, t.dtype, t.length, offset, n, vmin ?? NaN, vmax ?? NaN, out));
  }

  colormapImage(source, options = {}) {
    const x = this.#heap.x;
    // A result's shape gives the plane (its last two axes; one axis is a column, as the views show
    // it) and the image defaults to one pixel per cell.
    const shape = Array.isArray(source?.shape) ? source.shape : null;
    const { map, vmin, vmax, offset = 0, rows = shape?.at(shape.length > 1 ? -2 : -1),
      cols = shape ? (shape.length > 1 ? shape.at(-1) : 1) : undefined, stride = cols, width = cols, height = rows,
      columnScales = false } = options;
    if (typeof columnScales !== 'boolean') {
      throw new PosencError(`posenc colormapImage: columnScales = ${describe(columnScales)} is not true or false`, 'EINVAL', 'columnScales');
    }
    // a scale per column: C writes each column's [lo, hi] here (2 cols doubles)
    let limits = 0;
    const columnLimits = () => new Float64Array(x.memory.buffer, limits, 2 * cols).slice();
    try {
      return this.#image('colormapImage', source, { map, vmin, vmax }, () => {
        for (const [name, v] of [['offset', offset], ['rows', rows], ['cols', cols], ['stride', stride], ['width', width],
          ['height', height]]) {
          if (v === undefined) {
            throw new PosencError(`posenc colormapImage: ${name} is required (the source has no shape to take it from)`,
              'EINVAL', name);
          }
          if (typeof v !== 'number') throw new PosencError(`posenc colormapImage: ${name} = ${describe(v)} is not a number`, 'EINVAL', name);
        }
        // C checks the sizes; a size it will refuse allocates nothing
        const n = Number.isSafeInteger(width) && Number.isSafeInteger(height) && width > 0 && height > 0 ? width * height : 0;
        if (columnScales && Number.isSafeInteger(cols) && cols > 2 ** 24) {
          throw new PosencError(`posenc colormapImage: cols = ${cols} is too many for columnScales (at most ${2 ** 24})`, 'ERANGE', 'cols');
        }
        if (columnScales && Number.isSafeInteger(cols) && cols > 0) {
          limits = x.pe_js_malloc(16 * cols);
          if (!limits) throw new PosencError(`posenc colormapImage: ${cols} columns' limits do not fit in wasm memory`, 'ENOMEM', 'cols');
        }
        const fields = columnScales ? () => ({ width, height, columnLimits: limits ? columnLimits() : new Float64Array(0) }) : { width, height };
        return { n, param: 'height', fields };
      }, (m, t, n, out) => (columnScales
        ? x.pe_js_colormap_sample_columns(m, t.ptr, t.dtype, t.length, offset, rows, cols, stride, height, width, vmin ?? NaN,
          vmax ?? NaN, out, limits)
        : x.pe_js_colormap_sample(m, t.ptr, t.dtype, t.length, offset, rows, cols, stride, height, width, vmin ?? NaN,
          vmax ?? NaN, out)));
    } finally {
      if (limits) x.pe_js_free(limits);
    }
  }

  // colormap() and colormapImage(): map and the limits' types checked here (C checks their values);
  // `size(table)` checks the other options and says how many pixels (n) to allocate, which
  // parameter an ENOMEM names and the result's own fields (or a function giving them after the
  // fill); `fill(map, table, n, out)` runs C into them. The result is a view of
  // the heap with the limits C used.
  #image(who, source, { map, vmin, vmax }, size, fill) {
    const heap = this.#heap;
    const x = heap.x;
    const t = this.#table(source, who);
    let out = 0;
    try {
      const m = this.#map(map, who);
      limitTypes(who, vmin, vmax);
      const { n, param, fields } = size(t);
      this.#views.reserve(`posenc ${who}`, n * 4, `${n} pixels`);
      out = n > 0 ? x.pe_js_malloc(n * 4) : 0;
      if (n > 0 && !out) throw new PosencError(`posenc ${who}: ${n} pixels do not fit in wasm memory`, 'ENOMEM', param);
      heap.check(fill(m, t, n, out), who);
      const own = typeof fields === 'function' ? fields() : fields;
      const image = this.#views.view({ map: this.maps[m].name, ...own, length: n, vmin: x.pe_js_colormap_limit(0),
        vmax: x.pe_js_colormap_limit(1) }, out, Uint8ClampedArray, n * 4, `posenc ${who}`);
      out = 0;
      return image;
    } finally {
      if (out) x.pe_js_free(out);
      t.done();
    }
  }

  // compare mode's A − B (c/analysis.c pe_difference): a Float32Array view of the heap
  difference(a, b) {
    const heap = this.#heap;
    const x = heap.x;
    const ta = this.#table(a, 'difference');
    let tb = null, out = 0;
    try {
      tb = this.#table(b, 'difference');
      if (ta.length !== tb.length) {
        throw new PosencError(`posenc difference: the tables have ${ta.length} and ${tb.length} elements (they must match)`, 'EINVAL', 'b');
      }
      this.#views.reserve('posenc difference', ta.length * 4, `a table of ${ta.length} values`);
      out = ta.length ? x.pe_js_malloc(ta.length * 4) : 0;
      if (ta.length && !out) throw new PosencError(`posenc difference: ${ta.length} values do not fit in wasm memory`, 'ENOMEM', 'b');
      heap.check(x.pe_js_difference(ta.ptr, ta.dtype, tb.ptr, tb.dtype, ta.length, out), 'difference');
      const view = this.#views.view({ length: ta.length }, out, Float32Array, ta.length, 'posenc difference');
      out = 0;
      return view;
    } finally {
      if (out) x.pe_js_free(out);
      tb?.done();
      ta.done();
    }
  }

  lut(map) {
    const x = this.#heap.x;
    const m = this.#map(map, 'colormapLUT');
    const ptr = x.pe_js_malloc(1024);
    try {
      x.pe_js_colormap_lut(m, ptr);
      return new Uint8ClampedArray(x.memory.buffer, ptr, 1024).slice();
    } finally {
      x.pe_js_free(ptr);
    }
  }
}
