// posenc — the ESM wrapper around posenc.wasm. It marshals parameters by the registry that the C
// side publishes (pe.kinds) and hands results back as typed arrays; every number is computed in C.
import { ropeFromConfig } from './rope-config.js';

export const VERSION = '0.1.0';

const TYPES = ['int', 'float', 'bool', 'enum', 'object', 'float[]', 'int[]', 'string'];
const DTYPES = [
  { name: 'float32', Array: Float32Array },
  { name: 'int32', Array: Int32Array },
];
const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');

/** Every failure: code 'EINVAL' | 'ERANGE' | 'ENOMEM', param the offending name. */
export class PosencError extends Error {
  constructor(message, code, param) {
    super(message);
    this.name = 'PosencError';
    this.code = code;
    this.param = param;
  }
}

const fmt = (v) => (typeof v === 'string' ? JSON.stringify(v) : Object.is(v, -0) ? '0' : String(v));
const describe = (v) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${fmt(v)}`;

async function wasmSource(options) {
  if (options.wasmBinary) return options.wasmBinary;
  // The literal `new URL('./posenc.wasm', import.meta.url)` is what Vite, webpack and Parcel
  // recognise: they emit the file as an asset and rewrite the URL. (esbuild leaves it alone:
  // copy posenc.wasm next to the bundle, or pass wasmURL.)
  const url = options.wasmURL !== undefined ? new URL(options.wasmURL, import.meta.url)
    : new URL('./posenc.wasm', import.meta.url);
  if (url.protocol === 'file:') {
    // Node: read from disk. The specifier is built so that bundlers leave it alone.
    const fs = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ fs);
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`posenc: cannot fetch ${url} (HTTP ${response.status})`);
  if (/^text\/html\b/.test(response.headers.get('content-type') ?? '')) {
    // A dev server's fallback page: the wasm is not where posenc.js looks (README: Install).
    throw new Error(`posenc: ${url} is an HTML page, not posenc.wasm; pass load({ wasmURL }) or see the README's "Install"`);
  }
  if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
    return response;
  }
  return response.arrayBuffer();
}

const loaded = new Map();
let utf8 = null;  // the TextDecoder, made on first use

// obj[name] is read() on first access, then an own frozen data property like any other.
function readOnce(obj, name, read) {
  Object.defineProperty(obj, name, {
    configurable: true,
    enumerable: true,
    get() {
      const value = read();
      Object.defineProperty(obj, name, { value, enumerable: true, writable: false, configurable: false });
      return value;
    },
  });
}

/**
 * Instantiate posenc (cached per options). load({ wasmBinary }) takes the module's bytes,
 * load({ wasmURL }) a URL to fetch; maxBytes sets the output cap (default 2 GiB).
 */
export function load(options = {}) {
  const key = options.wasmBinary ?? String(options.wasmURL ?? '');
  let promise = loaded.get(key);
  if (!promise) {
    promise = instantiate(options);
    loaded.set(key, promise);
    promise.catch(() => loaded.delete(key));
  }
  return promise.then((pe) => {
    if (options.maxBytes !== undefined) pe.maxBytes = options.maxBytes;
    return pe;
  });
}

async function instantiate(options) {
  const source = await wasmSource(options);
  const imports = {};  // none: views follow memory.buffer themselves (c/wasm_api.c)
  // Bytes first: merely reading the global Response makes Node 20 load its fetch stack (~40 ms,
  // a one-off measurement).
  const bytes = source instanceof ArrayBuffer || ArrayBuffer.isView(source);
  // Bytes compile synchronously: the async API compiles on other threads and resolves through a
  // task (npm run bench, fresh processes: WebAssembly.instantiate 2.4-2.8 ms against 1.7-2.0 for
  // Module + Instance). Chrome before
  // 114 refuses synchronous compilation over 4 KB on the main thread (RangeError): async then.
  let instance;
  if (bytes) {
    try {
      instance = new WebAssembly.Instance(new WebAssembly.Module(source), imports);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  instance ??= (!bytes && typeof Response !== 'undefined' && source instanceof Response
    ? await WebAssembly.instantiateStreaming(source, imports)
    : await WebAssembly.instantiate(source, imports)).instance;
  return new Posenc(instance.exports);
}

class Posenc {
  #x;
  #heap = null;
  #names = null;  // kind name -> index, made with the registry
  #leakWarned = false;
  #finalizer;

  constructor(exports) {
    this.#x = exports;
    exports._initialize();
    this.version = VERSION;
    // The registry is read on first use (pe.kinds, pe.colormaps or a request), so load() costs what
    // instantiating the module costs; reading it is 2-3 ms more in a fresh process (~100 parameters;
    // a one-off measurement, README: load()).
    readOnce(this, 'kinds', () => Object.freeze(this.#readRegistry()));
    readOnce(this, 'colormaps', () => Object.freeze(this.#readColormaps()));
    this.#finalizer = new FinalizationRegistry((ptr) => {
      this.#x.pe_js_free(ptr);
      if (!this.#leakWarned) {
        this.#leakWarned = true;
        console.warn('posenc: a computeView(), colormap() or colormapImage() result was garbage-collected without free(); ' +
          'posenc freed its memory. Call free() (or use `using`) to release it promptly.');
      }
    });
  }

  /** The module's WebAssembly.Memory (its buffer changes when memory grows). */
  get memory() { return this.#x.memory; }

  /** Output cap in bytes: larger requests throw ENOMEM before allocating. */
  get maxBytes() { return this.#x.pe_js_max_bytes(); }
  set maxBytes(bytes) {
    if (typeof bytes !== 'number' || !(bytes >= 0)) {
      throw new PosencError(`maxBytes = ${describe(bytes)} is not a number >= 0`, 'EINVAL', 'maxBytes');
    }
    this.#x.pe_js_set_max_bytes(bytes);
  }

  #u8() {
    if (!this.#heap || this.#heap.buffer !== this.#x.memory.buffer) this.#heap = new Uint8Array(this.#x.memory.buffer);
    return this.#heap;
  }

  // A NUL-terminated string from the heap. One decoder for all: one per string (~400 in the
  // registry) cost ~1.4 ms in a fresh Node process (a one-off measurement).
  #str(ptr) {
    const heap = this.#u8();
    return (utf8 ??= new TextDecoder()).decode(heap.subarray(ptr, heap.indexOf(0, ptr)));
  }

  #readRegistry() {
    const x = this.#x;
    const kinds = [];
    const strings = new Map();  // the linker merges equal literals: names and docs repeat across kinds
    const str = (ptr) => {
      let s = strings.get(ptr);
      if (s === undefined) strings.set(ptr, (s = this.#str(ptr)));
      return s;
    };
    for (let k = 0; k < x.pe_js_kind_count(); k++) {
      const params = [];
      const rows = [];
      for (let i = 0; i < x.pe_js_param_count(k); i++) {
        const type = TYPES[x.pe_js_param_type(k, i)];
        const def = x.pe_js_param_default(k, i);
        const p = { name: str(x.pe_js_param_name(k, i)), type, index: i };
        const choices = str(x.pe_js_param_choices(k, i));
        if (choices.startsWith('=')) {
          p.aliasOf = choices.slice(1);
        } else if (type === 'enum') {
          p.choices = [];
          p.choiceAliases = {};
          for (const c of choices.split('|')) {
            const [name, target] = c.split('=');
            if (target === undefined) p.choices.push(name);
            else p.choiceAliases[name] = target;
          }
          p.default = p.choices[def];
        } else if (type === 'bool') {
          p.default = Number.isNaN(def) ? null : def === 1;
        } else if (type === 'int[]') {
          const [length, text] = choices.split('|');  // "N|D": exact length, default (c/kinds.def)
          p.default = text ? Object.freeze(text.split(',').map(Number)) : null;
          if (length) p.length = Number(length);
          p.min = x.pe_js_param_min(k, i);
          p.max = x.pe_js_param_max(k, i);
        } else if (type === 'string') {
          p.default = '';
          p.maxLength = x.pe_js_param_max(k, i);
        } else if (type !== 'object') {
          p.default = Number.isNaN(def) ? null : def;
          p.min = x.pe_js_param_min(k, i);
          p.max = x.pe_js_param_max(k, i);
        }
        if (type === 'object') p.fields = [];
        p.doc = str(x.pe_js_param_doc(k, i));
        const group = str(x.pe_js_param_group(k, i));
        rows.push(p);
        if (group) {
          const parent = rows.find((q) => q.name === group && q.fields);
          p.path = `${group}.${p.name}`;
          parent.fields.push(p);
        } else {
          p.path = p.name;
          params.push(p);
        }
      }
      for (const p of rows) {
        if (!p.aliasOf) continue;  // an alias row shares its field's choices
        const target = rows.find((q) => q.path === p.path.replace(/[^.]+$/, p.aliasOf));
        p.choices = target.choices;
        p.choiceAliases = target.choiceAliases;
      }
      for (const p of rows) {  // the whole tree, without a generic walk (alias rows share choices)
        if (p.choices) Object.freeze(p.choices), Object.freeze(p.choiceAliases);
        if (p.fields) Object.freeze(p.fields);
        Object.freeze(p);
      }
      kinds.push(Object.freeze({
        name: str(x.pe_js_kind_name(k)),
        title: str(x.pe_js_kind_title(k)),
        dtype: DTYPES[x.pe_js_kind_dtype(k)].name,
        shape: Object.freeze(str(x.pe_js_kind_axes(k)).split(',')),
        input: (x.pe_js_kind_flags(k) & 1) === 1,
        params: Object.freeze(params),
      }));
    }
    return kinds;
  }

  #fail(kind) {
    const x = this.#x;
    const param = this.#str(x.pe_js_err_param());
    const value = x.pe_js_err_value();
    const min = x.pe_js_err_min();
    const max = x.pe_js_err_max();
    const detail = this.#str(x.pe_js_err_detail());
    const code = ['OK', 'EINVAL', 'ERANGE', 'ENOMEM'][this.#status] ?? 'EINVAL';
    let range = '';
    if (code === 'ENOMEM') range = ` (cap: ${max} bytes; raise it with pe.maxBytes)`;
    else if (!Number.isNaN(min) && !Number.isNaN(max)) range = ` (allowed: ${min} to ${max})`;
    else if (!Number.isNaN(min)) range = ` (needs at least ${min})`;
    // A required parameter that was not given has no value to show.
    const shown = Number.isNaN(value) && /^(is required|segment )/.test(detail) ? '' : ` = ${fmt(value)}`;
    return new PosencError(`posenc ${kind}: ${param}${shown} ${detail}${range}`, code, param);
  }

  #status = 0;

  #check(status, kind) {
    this.#status = status;
    if (status !== 0) throw this.#fail(kind);
  }

  #kind(kind) {
    this.#names ??= new Map(this.kinds.map((info, k) => [info.name, k]));
    const k = this.#names.get(kind);
    if (k === undefined) {
      throw new PosencError(`posenc: unknown kind ${describe(kind)} (kinds: ${[...this.#names.keys()].join(', ')})`,
        'EINVAL', 'kind');
    }
    return k;
  }

  // Hand one value to C by the registry's type; C checks ranges, integrality and finiteness.
  #set(kind, p, value, arrays) {
    const x = this.#x;
    const bad = (what) => new PosencError(`posenc ${kind}: ${p.path} = ${describe(value)} ${what}`, 'EINVAL', p.path);
    switch (p.type) {
      case 'int':
      case 'float':
        if (typeof value !== 'number') throw bad('is not a number');
        return x.pe_js_set(p.index, value);
      case 'bool':
        if (typeof value !== 'boolean') throw bad('is not a boolean (true or false)');
        return x.pe_js_set(p.index, value ? 1 : 0);
      case 'enum': {
        const all = [...p.choices, ...Object.keys(p.choiceAliases)];
        const c = all.indexOf(value);
        if (typeof value !== 'string' || c < 0) throw bad(`is not one of ${p.choices.map(fmt).join(', ')}`);
        return x.pe_js_set(p.index, c);
      }
      case 'object': {
        if (typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value)) throw bad('is not an object');
        for (const [key, v] of Object.entries(value)) {
          const field = p.fields.find((f) => f.name === key);
          if (!field) {
            throw new PosencError(`posenc ${kind}: unknown field ${p.path}.${key} (fields: ${p.fields.map((f) => f.name).join(', ')})`,
              'EINVAL', `${p.path}.${key}`);
          }
          if (v !== undefined && v !== null) this.#set(kind, field, v, arrays);
        }
        return 0;
      }
      case 'float[]': {
        if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw bad('is not an array of numbers');
        if (Array.isArray(value) && !value.every((e) => typeof e === 'number')) throw bad('has an element that is not a number');
        const n = value.length;
        const ptr = n ? x.pe_js_malloc(n * 4) : 0;
        if (n && !ptr) throw new PosencError(`posenc ${kind}: ${p.path} (${n} numbers) does not fit in memory`, 'ENOMEM', p.path);
        arrays.push(ptr);
        if (n) new Float32Array(x.memory.buffer, ptr, n).set(value);
        return x.pe_js_set_array(p.index, ptr, n);
      }
      case 'int[]': {  // as doubles: C checks that each is an integer in range
        if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw bad('is not an array of integers');
        if (Array.isArray(value) && !value.every((e) => typeof e === 'number')) throw bad('has an element that is not a number');
        const n = value.length;
        const ptr = n ? x.pe_js_malloc(n * 8) : 0;
        if (n && !ptr) throw new PosencError(`posenc ${kind}: ${p.path} (${n} numbers) does not fit in memory`, 'ENOMEM', p.path);
        arrays.push(ptr);
        if (n) new Float64Array(x.memory.buffer, ptr, n).set(value);
        return x.pe_js_set_iarray(p.index, ptr, n);
      }
      case 'string': {
        if (typeof value !== 'string') throw bad('is not a string');
        const bytes = new TextEncoder().encode(value);
        const ptr = x.pe_js_malloc(bytes.length + 1);
        if (!ptr) throw new PosencError(`posenc ${kind}: ${p.path} (${bytes.length} bytes) does not fit in memory`, 'ENOMEM', p.path);
        arrays.push(ptr);
        new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
        return x.pe_js_set_string(p.index, ptr, bytes.length);
      }
    }
    return 0;
  }

  // Validate and size a request; returns the kind's registry entry and the shape.
  #prepare(kind, params, arrays) {
    const k = this.#kind(kind);
    const info = this.kinds[k];
    if (params === null || typeof params !== 'object' || Array.isArray(params)) {
      if (params !== undefined) throw new PosencError(`posenc ${kind}: params = ${describe(params)} is not an object`, 'EINVAL', 'params');
      params = {};
    }
    this.#x.pe_js_begin(k);
    for (const [key, value] of Object.entries(params)) {
      const p = info.params.find((q) => q.name === key);
      if (!p) {
        throw new PosencError(`posenc ${kind}: unknown parameter '${key}' (parameters: ${info.params.map((q) => q.name).join(', ')})`,
          'EINVAL', key);
      }
      if (value !== undefined && value !== null) this.#set(kind, p, value, arrays);
    }
    this.#check(this.#x.pe_js_prepare(), kind);
    const shape = [];
    for (let a = 0; a < this.#x.pe_js_ndim(); a++) shape.push(this.#x.pe_js_dim(a));
    return { info, shape, count: this.#x.pe_js_count() };
  }

  #info() {
    const info = {};
    for (let i = 0; i < this.#x.pe_js_info_count(); i++) info[this.#str(this.#x.pe_js_info_name(i))] = this.#x.pe_js_info_value(i);
    return info;
  }

  /** Zero-copy: `data` is a view of the wasm heap, valid until free(). */
  computeView(kind, params) {
    const x = this.#x;
    const arrays = [];
    try {
      const { info, shape, count } = this.#prepare(kind, params, arrays);
      const ptr = count > 0 ? x.pe_js_malloc(count * 4) : 0;
      if (count > 0 && !ptr) {
        const name = info.params.find((p) => p.index === x.pe_js_size_param())?.path ?? info.params[0].path;
        throw new PosencError(`posenc ${kind}: shape [${shape}] (${count * 4} bytes) does not fit in wasm memory; ` +
          `${name} sets its largest axis`, 'ENOMEM', name);
      }
      try {
        this.#check(x.pe_js_compute(ptr, count), kind);
      } catch (e) {
        x.pe_js_free(ptr);
        throw e;
      }
      return this.#view(info, shape, count, ptr);
    } finally {
      for (const p of arrays) x.pe_js_free(p);
    }
  }

  #view(info, shape, count, ptr) {
    const Type = DTYPES.find((d) => d.name === info.dtype).Array;
    return this.#heapView({ kind: info.name, shape, dtype: info.dtype, info: this.#info() }, ptr, Type, count,
      `posenc ${info.name}`);
  }

  // A result living in the heap: `data` is re-created when memory grows, free() releases it, and a
  // result dropped without free() is freed by the FinalizationRegistry (warned once).
  #heapView(fields, ptr, Type, length, who) {
    const pe = this;
    let data = null;
    let freed = false;
    const token = {};
    const view = {
      ...fields,
      get data() {
        if (freed) throw new PosencError(`${who}: data read after free()`, 'EINVAL', 'data');
        if (!data || data.buffer !== pe.#x.memory.buffer) data = new Type(pe.#x.memory.buffer, ptr, length);
        return data;
      },
      /** Byte offset of the data in pe.memory.buffer (for handing the pointer back to C). */
      byteOffset: ptr,
      free() {
        if (freed) return;
        freed = true;
        data = null;
        pe.#finalizer.unregister(token);
        pe.#x.pe_js_free(ptr);
      },
      [dispose]() { this.free(); },
    };
    if (ptr) this.#finalizer.register(view, ptr, token);
    return view;
  }

  /**
   * The shape compute(kind, params) would give, after the same checks (ranges, cross-parameter
   * rules, the maxBytes cap); nothing is allocated or computed. Throws PosencError as compute does.
   */
  shape(kind, params) {
    const arrays = [];
    try {
      return this.#prepare(kind, params, arrays).shape;
    } finally {
      for (const p of arrays) this.#x.pe_js_free(p);
    }
  }

  /** A copy owned by the caller: { kind, shape, dtype, data, info }. */
  compute(kind, params) {
    const view = this.computeView(kind, params);
    try {
      return { kind: view.kind, shape: view.shape, dtype: view.dtype, data: view.data.slice(), info: view.info };
    } finally {
      view.free();
    }
  }

  /** x: Float32Array [positions, dim] → a new Float32Array rotated by RoPE with these params. */
  applyRope(x, params = {}) {
    return this.compute('rope-apply', { ...params, x }).data;
  }

  /** A model's config.json → rope params, the way transformers reads it. */
  ropeFromConfig(config) {
    return ropeFromConfig(this, config);
  }

  // ---- Colormaps (c/colormap.c): values → RGBA8 for drawing; every number is computed in C. ----

  #readColormaps() {
    const x = this.#x;
    const maps = [];
    for (let m = 0; m < x.pe_js_colormap_count(); m++) {
      maps.push(Object.freeze({ name: this.#str(x.pe_js_colormap_name(m)), title: this.#str(x.pe_js_colormap_title(m)),
        centred: x.pe_js_colormap_centred(m) === 1 }));
    }
    return maps;
  }

  #map(map, who) {
    const m = map === undefined ? 0 : this.colormaps.findIndex((c) => c.name === map);
    if (m < 0) {
      throw new PosencError(`posenc ${who}: map = ${describe(map)} is not one of ${this.colormaps.map((c) => fmt(c.name)).join(', ')}`,
        'EINVAL', 'map');
    }
    return m;
  }

  // A table (computeView/compute result or a Float32Array/Int32Array) as a heap pointer; tables
  // outside the heap are copied in (call done() after).
  #table(source, who) {
    const a = ArrayBuffer.isView(source) ? source : source?.data;
    const dtype = a instanceof Float32Array ? 0 : a instanceof Int32Array ? 1 : -1;
    if (dtype < 0) throw new PosencError(`posenc ${who}: data is not a Float32Array or Int32Array (nor a result holding one)`, 'EINVAL', 'data');
    if (a.buffer === this.#x.memory.buffer) return { ptr: a.byteOffset, dtype, length: a.length, done() {} };
    const ptr = a.length ? this.#x.pe_js_malloc(a.length * 4) : 0;
    if (a.length && !ptr) throw new PosencError(`posenc ${who}: ${a.length} values do not fit in wasm memory`, 'ENOMEM', 'data');
    new a.constructor(this.#x.memory.buffer, ptr, a.length).set(a);
    return { ptr, dtype, length: a.length, done: () => this.#x.pe_js_free(ptr) };
  }

  /**
   * Statistics of a table (or of count elements from offset): { min, max } of the finite values,
   * { lo, hi } the limits `map` uses by default (centred maps: ±max|v|), and the counts
   * { finite, nan, negInf, posInf }.
   */
  range(source, { map, offset = 0, count } = {}) {
    const t = this.#table(source, 'range');
    try {
      const m = this.#map(map, 'range');
      this.#check(this.#x.pe_js_range(m, t.ptr, t.dtype, t.length, offset, count ?? t.length - offset), 'range');
      const g = (i) => this.#x.pe_js_range_get(i);
      return { min: g(0), max: g(1), lo: g(2), hi: g(3), finite: g(4), nan: g(5), negInf: g(6), posInf: g(7) };
    } finally {
      t.done();
    }
  }

  /**
   * Colour a table with a matplotlib colormap, in C, into the wasm heap: `data` is a
   * Uint8ClampedArray view (4 bytes per element, ImageData's layout) valid until free().
   * vmin/vmax default to range(...).lo/hi; -Infinity is transparent, NaN magenta.
   */
  colormap(source, { map, vmin, vmax, offset = 0, count } = {}) {
    return this.#image('colormap', source, { map, vmin, vmax }, (t) => ({ n: count ?? t.length - offset, param: 'count' }),
      (m, t, n, out) => this.#x.pe_js_colormap(m, t.ptr, t.dtype, t.length, offset, n, vmin ?? NaN, vmax ?? NaN, out));
  }

  /**
   * Colour a [rows, cols] plane of a table (from element `offset`, rows `stride` elements apart,
   * default cols) into a [height, width] image at the image's resolution, in C: pixel (y, x) shows
   * the cell under its centre, (floor((y + ½) rows / height), floor((x + ½) cols / width))
   * (posenc.h, pe_colormap_sample). Limits as colormap() (automatic ones from every cell of the
   * plane); `data` is width × height RGBA pixels (ImageData's layout) valid until free().
   * For a result (compute/computeView), rows and cols default to its last two axes; width and
   * height default to cols and rows (one pixel per cell).
   */
  colormapImage(source, options = {}) {
    // A result's shape gives the plane (its last two axes; one axis is a column, as the views show
    // it) and the image defaults to one pixel per cell.
    const shape = Array.isArray(source?.shape) ? source.shape : null;
    const { map, vmin, vmax, offset = 0, rows = shape?.at(shape.length > 1 ? -2 : -1),
      cols = shape ? (shape.length > 1 ? shape.at(-1) : 1) : undefined, stride = cols, width = cols, height = rows } = options;
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
      return { n, param: 'height', fields: { width, height } };
    }, (m, t, n, out) => this.#x.pe_js_colormap_sample(m, t.ptr, t.dtype, t.length, offset, rows, cols, stride, height,
      width, vmin ?? NaN, vmax ?? NaN, out));
  }

  // colormap() and colormapImage(): map, vmin and vmax checked here (C checks the limits' values);
  // `size(table)` checks the other options and says how many pixels (n) to allocate and which
  // parameter an ENOMEM names; `fill(map, table, n, out)` runs C into them. The result is a view of
  // the heap with the limits C used.
  #image(who, source, { map, vmin, vmax }, size, fill) {
    const x = this.#x;
    const t = this.#table(source, who);
    let out = 0;
    try {
      const m = this.#map(map, who);
      for (const [name, v] of [['vmin', vmin], ['vmax', vmax]]) {
        if (v !== undefined && v !== null && typeof v !== 'number') {
          throw new PosencError(`posenc ${who}: ${name} = ${describe(v)} is not a number`, 'EINVAL', name);
        }
      }
      const { n, param, fields } = size(t);
      out = n > 0 ? x.pe_js_malloc(n * 4) : 0;
      if (n > 0 && !out) throw new PosencError(`posenc ${who}: ${n} pixels do not fit in wasm memory`, 'ENOMEM', param);
      this.#check(fill(m, t, n, out), who);
      const image = this.#heapView({ map: this.colormaps[m].name, ...fields, length: n, vmin: x.pe_js_colormap_limit(0),
        vmax: x.pe_js_colormap_limit(1) }, out, Uint8ClampedArray, n * 4, `posenc ${who}`);
      out = 0;
      return image;
    } finally {
      if (out) x.pe_js_free(out);
      t.done();
    }
  }

  /** A colormap's 256 colours, lowest first, as RGBA (a copy): for a colorbar. */
  colormapLUT(map) {
    const m = this.#map(map, 'colormapLUT');
    const ptr = this.#x.pe_js_malloc(1024);
    try {
      this.#x.pe_js_colormap_lut(m, ptr);
      return new Uint8ClampedArray(this.#x.memory.buffer, ptr, 1024).slice();
    } finally {
      this.#x.pe_js_free(ptr);
    }
  }
}

