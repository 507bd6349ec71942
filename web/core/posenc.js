// The Posenc class: the registry C publishes (pe.kinds), requests marshalled by it, and results
// handed back as typed arrays; every number is computed in C. The colour API is Colour's
// (colour.js), reached through the same methods on pe.
import { PosencError, fmt, describe } from './error.js';
import { Heap, Views, VIEW_BUDGET, checkBudget } from './heap.js';
import { Colour } from './colour.js';
import { fieldsRead, layersFromConfig, positionsFromConfig, ropeFromConfig } from './architectures/reader.js';
import { modelTypes, records } from './architectures/index.js';
import { readTensor, tensorHeader, tensorHeaderSize } from './tensor.js';
import { readGGUF, ggufHeaderSize, ggufTensor } from './gguf.js';
import { check } from './check.js';
import { engineRecords } from './engines/index.js';
import { engineOptions, layersWithEngine, positionsWithEngine, ropeWithEngine } from './engines/apply.js';
import { compareEngines } from './engines/compare.js';
import { engineCauses } from './engines/diagnose.js';
import { layersFromGGUF, ropeFromGGUF } from './engines/gguf.js';
import { checkGGUF } from './engines/gguf-check.js';
import { fetchConfig } from './hub.js';

export const VERSION = '0.1.0';

const TYPES = ['int', 'float', 'bool', 'enum', 'object', 'float[]', 'int[]', 'string'];
const DTYPES = [
  { name: 'float32', Array: Float32Array },
  { name: 'int32', Array: Int32Array },
];

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

const ENOMEM = 3;  // pe_status (posenc.h)

function checkCap(bytes, who = 'posenc') {
  if (typeof bytes !== 'number' || !(bytes >= 0)) {
    throw new PosencError(`${who}: maxBytes = ${describe(bytes)} is not a number >= 0`, 'EINVAL', 'maxBytes');
  }
  return Math.min(bytes, 2 ** 53);  // as C clamps a cap (c/registry.c)
}

// What every Posenc over one wasm instance shares: the heap and the registry as read once.
class Shared {
  constructor(exports) {
    this.heap = new Heap(exports);
    this.defaultCap = exports.pe_js_max_bytes();
    this.kinds = null;
    this.names = null;  // kind name -> index, made with the registry
  }
}

/**
 * share(pe, options): another Posenc over pe's wasm instance with options of its own
 * ({ maxBytes, viewBudget }), for load(): callers of one cached instance never see each other's.
 */
export let share;

export class Posenc {
  #x;
  #shared;
  #heap;
  #views;
  #colour;
  #maxBytes;

  /** exports: a posenc.wasm instance's; options: { maxBytes, viewBudget } of this object only. */
  constructor(exports, options = {}, shared = undefined) {
    if (!(shared instanceof Shared)) {
      shared = new Shared(exports);
      exports._initialize();
    }
    this.#x = exports;
    this.#shared = shared;
    this.#heap = shared.heap;
    this.#maxBytes = options.maxBytes === undefined ? shared.defaultCap : checkCap(options.maxBytes);
    this.#views = new Views(this.#heap, options.viewBudget === undefined ? VIEW_BUDGET : checkBudget(options.viewBudget));
    this.#colour = new Colour(this.#heap, this.#views);
    this.version = VERSION;
    // The registry is read on first use (pe.kinds, pe.colormaps or a request), so load() costs
    // what instantiating the module costs (web/docs/install.md, "What embedding costs").
    readOnce(this, 'kinds', () => (shared.kinds ??= Object.freeze(this.#readRegistry())));
    readOnce(this, 'colormaps', () => this.#colour.maps);
  }

  static {
    share = (pe, options) => new Posenc(pe.#x, options, pe.#shared);
  }

  /** The module's WebAssembly.Memory (its buffer changes when memory grows). */
  get memory() { return this.#x.memory; }

  /**
   * The default output cap in bytes of this object's calls: larger requests throw ENOMEM before
   * allocating. One call can take its own: compute(kind, params, { maxBytes }).
   */
  get maxBytes() { return this.#maxBytes; }
  set maxBytes(bytes) { this.#maxBytes = checkCap(bytes); }

  /**
   * Bytes that this object's results not yet freed (computeView, colormap, colormapImage,
   * difference) may hold together; a result past it throws ENOMEM naming viewBudget before
   * allocating. Default 1 GiB.
   */
  get viewBudget() { return this.#views.budget; }
  set viewBudget(bytes) { this.#views.budget = checkBudget(bytes); }

  /** Bytes held now by this object's results not yet freed (nor garbage-collected). */
  get viewBytes() { return this.#views.live; }

  #readRegistry() {
    const x = this.#heap.x;
    const kinds = [];
    const strings = new Map();  // the linker merges equal literals: names and docs repeat across kinds
    const str = (ptr) => {
      let s = strings.get(ptr);
      if (s === undefined) strings.set(ptr, (s = this.#heap.str(ptr)));
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
          p.default = def === 1;
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
        helper: (x.pe_js_kind_flags(k) & 2) === 2,
        columnScales: (x.pe_js_kind_flags(k) & 4) === 4,
        ignores: Object.freeze(str(x.pe_js_kind_ignores(k)).split(',').filter(Boolean)),
        params: Object.freeze(params),
      }));
    }
    return kinds;
  }

  #check(status, kind) {
    if (status !== 0) throw this.#heap.error(status, kind, (path, value) => this.#choiceName(kind, path, value));
  }

  // An enum parameter's value as its choice name ("freqDtype = float16"), for errors; else undefined.
  #choiceName(kind, path, value) {
    const info = this.kinds.find((k) => k.name === kind);
    for (const p of info?.params ?? []) {
      const q = p.name === path ? p : p.fields?.find((f) => `${p.name}.${f.name}` === path);
      if (q?.choices && Number.isInteger(value)) return q.choices[value];
    }
    return undefined;
  }

  #kind(kind) {
    const names = (this.#shared.names ??= new Map(this.kinds.map((info, k) => [info.name, k])));
    const k = names.get(kind);
    if (k === undefined) {
      throw new PosencError(`posenc: unknown kind ${describe(kind)} (kinds: ${[...names.keys()].join(', ')})`,
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
      case 'int[]': {  // as doubles (C checks that each is an integer in range), an Int32Array as it is
        if (!Array.isArray(value) && !ArrayBuffer.isView(value)) throw bad('is not an array of integers');
        if (Array.isArray(value) && !value.every((e) => typeof e === 'number')) throw bad('has an element that is not a number');
        const n = value.length, Type = value instanceof Int32Array ? Int32Array : Float64Array;
        const ptr = n ? x.pe_js_malloc(n * Type.BYTES_PER_ELEMENT) : 0;
        if (n && !ptr) throw new PosencError(`posenc ${kind}: ${p.path} (${n} numbers) does not fit in memory`, 'ENOMEM', p.path);
        arrays.push(ptr);
        if (n) new Type(x.memory.buffer, ptr, n).set(value);
        return (Type === Int32Array ? x.pe_js_set_iarray32 : x.pe_js_set_iarray)(p.index, ptr, n);
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

  // The per-call options { maxBytes }: the cap handed to C, this object's (pe.maxBytes) by default.
  #cap(kind, options) {
    if (options === undefined) return this.#maxBytes;
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      throw new PosencError(`posenc ${kind}: options = ${describe(options)} is not an object`, 'EINVAL', 'options');
    }
    return options.maxBytes === undefined ? this.#maxBytes : checkCap(options.maxBytes, `posenc ${kind}`);
  }

  // Hand a request to C (begin, set); returns the kind's registry entry. C validates it in the call
  // that follows (pe_js_compute or pe_js_prepare), once.
  #request(kind, params, arrays) {
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
    return info;
  }

  // The shape of the last pe_js_compute or pe_js_prepare.
  #shape() {
    const shape = [];
    for (let a = 0; a < this.#x.pe_js_ndim(); a++) shape.push(this.#x.pe_js_dim(a));
    return shape;
  }

  #info() {
    const info = {};
    for (let i = 0; i < this.#x.pe_js_info_count(); i++) info[this.#heap.str(this.#x.pe_js_info_name(i))] = this.#x.pe_js_info_value(i);
    return info;
  }

  /**
   * Zero-copy: `data` is a view of the wasm heap, valid until free(). options.maxBytes caps this
   * call's output (default pe.maxBytes); pe.viewBudget bounds what views not yet freed hold.
   */
  computeView(kind, params, options) {
    return this.#view(kind, params, options, true);
  }

  // A result in the heap; `budgeted`: it counts against the view budget (compute() frees its own
  // at once, so only the cap bounds it).
  #view(kind, params, options, budgeted) {
    const x = this.#x;
    const cap = this.#cap(kind, options);
    // The budget's room goes to C as the cap when it is the smaller: one call still refuses the
    // request before allocating, and only a refusal asks C whether the cap alone would take it.
    const limit = budgeted ? Math.min(cap, this.#views.room()) : cap;
    const arrays = [];
    try {
      const info = this.#request(kind, params, arrays);
      // one call into C validates, sizes, allocates and computes
      let status = x.pe_js_compute(limit);
      if (status === ENOMEM && limit < cap && x.pe_js_err_max() === limit) {
        const what = this.#heap.sizedBy();
        status = x.pe_js_prepare(cap);
        const bytes = this.#shape().reduce((a, b) => a * b, 1) * 4;
        // beyond wasm32's memory no budget helps: C's refusal names the size instead
        if (status === 0 && bytes < 2 ** 32) throw this.#views.overBudget(`posenc ${info.name}`, bytes, what);
        if (status === 0) status = x.pe_js_compute(cap);
      }
      this.#check(status, kind);
      const shape = this.#shape();
      const Type = DTYPES.find((d) => d.name === info.dtype).Array;
      return this.#views.view({ kind: info.name, shape, dtype: info.dtype, info: this.#info() }, x.pe_js_out(), Type,
        shape.reduce((a, b) => a * b, 1), `posenc ${info.name}`);
    } finally {
      for (const p of arrays) x.pe_js_free(p);
    }
  }

  /**
   * The shape compute(kind, params, options) would give, after the same checks (ranges,
   * cross-parameter rules, the byte cap); nothing is allocated or computed. Throws PosencError as
   * compute does.
   */
  shape(kind, params, options) {
    const cap = this.#cap(kind, options);
    const arrays = [];
    try {
      this.#request(kind, params, arrays);
      this.#check(this.#x.pe_js_prepare(cap), kind);
      return this.#shape();
    } finally {
      for (const p of arrays) this.#x.pe_js_free(p);
    }
  }

  /** A copy owned by the caller: { kind, shape, dtype, data, info }. options as computeView's. */
  compute(kind, params, options) {
    const view = this.#view(kind, params, options, false);
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

  /** A model's config.json → rope params, the way transformers reads it ({ layer }: one layer's). */
  ropeFromConfig(config, options) {
    if (engineOptions(options)) return ropeWithEngine(this, config, options);
    return ropeFromConfig(this, config, options);
  }

  /** A model's config.json → one entry per layer: { index, type, positions, rope, window, chunk, queryScale }. */
  layersFromConfig(config, options) {
    if (engineOptions(options)) return layersWithEngine(this, config, options);
    return layersFromConfig(this, config, options);
  }

  /** A model's config.json, RoPE or not → { modelType, family, input, layers, warnings, sources }. */
  positionsFromConfig(config, options) {
    if (engineOptions(options)) return positionsWithEngine(this, config, options);
    return positionsFromConfig(this, config, options);
  }

  /**
   * What each engine computes for a config against a reference engine (transformers), one row per
   * engine and group of identical layers: { reference, positions, rows: [{ engine, layers, layerType,
   * same, maxAbsDiff, at, logitScaleRatio, rules, rounding }] }.
   */
  compareEngines(config, options) {
    return compareEngines(this, config, options);
  }

  /**
   * What llama.cpp computes for a GGUF file (a readGGUF result), one entry per layer: { index, type,
   * positions, rope, window, engine }. options: { context (the context per sequence), tensors:
   * { 'rope_freqs.weight': Float32Array, … } (the rope tensors the file holds) }.
   */
  layersFromGGUF(gguf, options) {
    return layersFromGGUF(this, gguf, options);
  }

  /** The rope params llama.cpp computes for one layer of a GGUF file ({ layer, context, tensors }). */
  ropeFromGGUF(gguf, options) {
    return ropeFromGGUF(this, gguf, options);
  }

  /**
   * Does llama.cpp compute, for this GGUF file, what transformers computes for the model's config?
   * ({ config, context, tensors, positions }) → { same, arch, layers: [{ layers, type, same,
   * maxAbsDiff, at, causes: [{ key, message }], notes }] }.
   */
  checkGGUF(gguf, options) {
    return checkGGUF(this, gguf, options);
  }

  /**
   * A model's config.json from the Hugging Face Hub (core/hub.js): GET
   * {endpoint}/{id}/resolve/{revision}/config.json, with the token as a Bearer header. Throws
   * PosencError: EINVAL (id, revision, not JSON), EACCES (gated or private), ENOENT (no such model,
   * revision or file), EIO (other statuses, network), ETIMEDOUT, ECANCELED (options.signal).
   */
  fetchConfig(id, options) {
    return fetchConfig(id, options);
  }

  /** The part of a config positionsFromConfig reads (the same result, far fewer bytes). */
  fieldsRead(config, options) {
    return fieldsRead(this, config, options);
  }

  /** The architecture records, one per transformers model type: what each does with positions. */
  get architectures() {
    return records();
  }

  /**
   * The engine profiles: [{ name, repo, version, reads, notes, rules }], transformers (the reference)
   * first; each rule { rule, when, do, fields, effect, source } cites the engine's file and commit.
   */
  get engines() {
    return engineRecords();
  }

  /** The transformers model types posenc has a record for (web/core/architectures/model-types.txt). */
  get modelTypes() {
    return modelTypes();
  }

  // ---- Tensors (tensor.js) and checking (check.js), computed in C ----

  /**
   * A user's tensor as float32: bytes of a .npy or .safetensors file (options.name: the tensor) or
   * raw little-endian values (options.shape and options.dtype) → { name, shape, dtype, data }.
   */
  readTensor(bytes, options) {
    return readTensor(this.#heap, bytes, options);
  }

  /** A .npy or .safetensors header → { format, headerBytes, tensors: [{ name, dtype, shape, begin, end }] }. */
  tensorHeader(bytes, options) {
    return tensorHeader(this.#heap, bytes, options);
  }

  /** The bytes a file's header needs, from its first 16 bytes (options.fileSize: the file's size). */
  tensorHeaderSize(bytes, options) {
    return tensorHeaderSize(this.#heap, bytes, options);
  }

  /**
   * A GGUF file's header (llama.cpp's format; bytes: the file or its first bytes with
   * options.fileSize) → { version, alignment, headerBytes, dataOffset, metadata, types, tensors:
   * [{ name, dtype, shape (ne[0] first), begin, end }] }.
   */
  readGGUF(bytes, options) {
    return readGGUF(this.#heap, bytes, options);
  }

  /** The bytes a GGUF header needs: exact when the bytes hold it all, else a lower bound to read on to. */
  ggufHeaderSize(bytes, options) {
    return ggufHeaderSize(this.#heap, bytes, options);
  }

  /** A tensor of a readGGUF result (F32, F16, BF16, F64, I32, I64) as a Float32Array, from its bytes or the file's. */
  ggufTensor(gguf, name, bytes, options) {
    return ggufTensor(this.#heap, gguf, name, bytes, options);
  }

  /**
   * A tensor (readTensor's) against a target ({ config, layer } or { kind, params }) → { exact,
   * tolerance, maxAbsError, maxRelError, firstBad, columnError, rowError, diagnosis }.
   */
  check(tensor, target, options) {
    const r = check(this, this.#heap, tensor, target, options);
    // a table that transformers' is not: first ask whether an engine computes it (target.engine unset)
    if (!r.exact && target?.config !== undefined && target.engine === undefined && options?.diagnose !== false && r.what !== 'rotated') {
      const causes = engineCauses(this, tensor, target, options, (t, g, o) => check(this, this.#heap, t, g, o));
      if (causes.length) r.diagnosis = [...causes, ...r.diagnosis];
    }
    return r;
  }

  // ---- Colour (colour.js): values → RGBA8 for drawing, computed in C. ----

  /**
   * Statistics of a table (or of count elements from offset): { min, max } of the finite values,
   * { lo, hi } the limits `map` uses by default (centred maps: ±max|v|), and the counts
   * { finite, nan, negInf, posInf }. Given vmin/vmax replace lo/hi, checked as colormap() checks
   * them: lo/hi are then the limits colormap() would use with the same options.
   */
  range(source, options) {
    return this.#colour.range(source, options);
  }

  /**
   * Colour a table with a matplotlib colormap, in C, into the wasm heap: `data` is a
   * Uint8ClampedArray view (4 bytes per element, ImageData's layout) valid until free().
   * vmin/vmax default to range(...).lo/hi; -Infinity is transparent, NaN magenta.
   */
  colormap(source, options) {
    return this.#colour.colormap(source, options);
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
  colormapImage(source, options) {
    return this.#colour.colormapImage(source, options);
  }

  /** A colormap's 256 colours, lowest first, as RGBA (a copy): for a colorbar. */
  colormapLUT(map) {
    return this.#colour.lut(map);
  }

  /**
   * Compare mode's A − B, in C: a Float32Array view of the wasm heap (valid until free()) holding
   * a[i] − b[i] (double, stored float32; a cell that is -Infinity in either is -Infinity). a and b:
   * results or Float32Array/Int32Array of the same length.
   */
  difference(a, b) {
    return this.#colour.difference(a, b);
  }
}
