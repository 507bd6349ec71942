// Reading a GGUF file's header (llama.cpp's model format): the bytes go to C (c/gguf.c), which checks
// every claim of the header and indexes it; JS then asks C for each value and builds the result.
// Only the header's bytes are copied into the module's memory (read more only as C says it needs).
import { PosencError, describe } from './error.js';

export const GGUF_VALUE_TYPES = Object.freeze(['uint8', 'int8', 'uint16', 'int16', 'uint32', 'int32', 'float32', 'bool',
  'string', 'array', 'uint64', 'int64', 'float64']);
const STRING = 8;
const ARRAY = 9;
const BOOL = 7;
const WIDE = [10, 11];  // uint64, int64: exact as Number only up to 2^53
const FIRST_COPY = 1 << 20;
const NAMES_SHOWN = 20;
// The dtypes ggufTensor converts, as readTensor's C conversion knows them (c/tensor.c PE_TENSOR_*).
const CONVERT = { F64: 0, F32: 1, F16: 2, BF16: 3, I64: 4, I32: 5 };
/** The tensor dtypes ggufTensor converts to float32. */
export const GGUF_CONVERTED = Object.freeze(Object.keys(CONVERT));
let utf8 = null;
// A BOM inside a value is the value's: kept, not stripped as a stream's first character would be.
const decoder = () => (utf8 ??= new TextDecoder('utf-8', { ignoreBOM: true }));
const typeNames = new WeakMap();  // heap -> ggml type names read from C

function asBytes(bytes, who) {
  if (bytes instanceof Uint8Array) return bytes;
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  throw new PosencError(`posenc ${who}: bytes = ${describe(bytes)} is not a Uint8Array (or ArrayBuffer)`, 'EINVAL', 'bytes');
}

function optionsOf(options, who) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new PosencError(`posenc ${who}: options = ${describe(options)} is not an object`, 'EINVAL', 'options');
  }
  return options;
}

// The file's size: options.fileSize (Infinity: unknown), else the bytes given are the whole file.
function totalOf(o, u8, who) {
  const total = o.fileSize ?? u8.length;
  if (typeof total !== 'number' || !(total >= u8.length) || (total !== Infinity && !Number.isInteger(total))) {
    throw new PosencError(`posenc ${who}: fileSize = ${describe(o.fileSize)} is not a whole number >= the bytes given (${u8.length}), nor Infinity`,
      'EINVAL', 'fileSize');
  }
  return total;
}

// C's last error: its detail names the key or the tensor.
function failure(heap, status, who) {
  const x = heap.x;
  const code = ['OK', 'EINVAL', 'ERANGE', 'ENOMEM'][status] ?? 'EINVAL';
  return new PosencError(`posenc ${who}: ${heap.str(x.pe_js_err_detail())}`, code, heap.str(x.pe_js_err_param()));
}

// bytes[0, n) in the heap: fn(ptr), then freed.
function withCopy(heap, u8, n, who, fn) {
  const ptr = heap.x.pe_js_malloc(Math.max(n, 1));
  if (!ptr) throw new PosencError(`posenc ${who}: ${n} bytes do not fit in memory`, 'ENOMEM', 'bytes');
  try {
    heap.u8().set(u8.subarray(0, n), ptr);
    return fn(ptr);
  } finally {
    heap.x.pe_js_free(ptr);
  }
}

// C's answer for the header in the first n bytes: 0 when complete, else the bytes it needs (a lower bound).
function walk(heap, u8, total, who, fn) {
  const x = heap.x;
  let n = Math.min(u8.length, FIRST_COPY);
  for (;;) {
    const need = withCopy(heap, u8, n, who, (ptr) => {
      const s = fn(ptr, n);
      if (s === 0) return 0;
      // the bytes end before the header does: read on when more bytes were given
      if (x.pe_js_gguf_info(7) === 0 && x.pe_js_gguf_info(6) > n && n < u8.length) return x.pe_js_gguf_info(6);
      throw failure(heap, s, who);
    });
    if (!need) return;
    n = Math.min(u8.length, Math.max(need, 2 * n));
  }
}

function typeName(heap, t) {
  let names = typeNames.get(heap);
  if (!names) typeNames.set(heap, (names = new Map()));
  if (!names.has(t)) {
    const p = heap.x.pe_js_gguf_type_name(t);
    names.set(t, p ? heap.str(p) : String(t));
  }
  return names.get(t);
}

// UTF-8 bytes as a string: short ASCII ones (most of a vocabulary) without a TextDecoder call each.
function text(u8, at, len) {
  if (len <= 32) {
    let s = '';
    let i = at;
    for (; i < at + len && u8[i] < 0x80; i++) s += String.fromCharCode(u8[i]);
    if (i === at + len) return s;
  }
  return decoder().decode(u8.subarray(at, at + len));
}

const BULK = 16;

// A string array in one UTF-8 decode: C gathers the well-formed strings and their UTF-16 offsets
// (c/gguf.c pe_gguf_strings); the others are decoded one by one.
function strings(heap, ptr, n, at, count, who) {
  const x = heap.x;
  const text = x.pe_js_malloc(Math.max(n - at, 1));
  const out = x.pe_js_malloc(count * 32);
  try {
    if (!text || !out) throw new PosencError(`posenc ${who}: an array of ${count} strings does not fit in memory`, 'ENOMEM', 'bytes');
    const s = x.pe_js_gguf_strings(ptr, n, at, count, text, out);
    if (s) throw failure(heap, s, who);
    const d = new Float64Array(x.memory.buffer, out, count * 4).slice();
    const u8 = heap.u8();
    const all = decoder().decode(u8.subarray(text, text + x.pe_js_gguf_text_bytes()));
    const v = new Array(count);
    for (let j = 0, k = 0; j < count; j++, k += 4) {
      v[j] = d[k] >= 0 ? all.substring(d[k], d[k] + d[k + 1]) : decoder().decode(u8.subarray(ptr + d[k + 2], ptr + d[k + 2] + d[k + 3]));
    }
    return v;
  } finally {
    if (text) x.pe_js_free(text);
    if (out) x.pe_js_free(out);
  }
}

// count elements of value type `type` at `at` of the header copy (ptr, n), as JS values.
function elements(heap, ptr, n, at, type, count, who) {
  if (type === STRING && count >= BULK) return strings(heap, ptr, n, at, count, who);
  const x = heap.x;
  const wide = WIDE.includes(type);
  const per = type === ARRAY ? 3 : type === STRING || wide ? 2 : 1;
  const out = x.pe_js_malloc(Math.max(count * per, 1) * 8);
  if (!out) throw new PosencError(`posenc ${who}: an array of ${count} values does not fit in memory`, 'ENOMEM', 'bytes');
  try {
    const s = x.pe_js_gguf_elements(ptr, n, at, type, count, out, wide ? 1 : 0);
    if (s) throw failure(heap, s, who);
    const d = new Float64Array(x.memory.buffer, out, count * per).slice();
    const v = new Array(count);
    if (type === STRING) {
      const u8 = heap.u8();
      for (let j = 0; j < count; j++) v[j] = text(u8, ptr + d[2 * j], d[2 * j + 1]);
    } else if (type === ARRAY) {
      for (let j = 0; j < count; j++) v[j] = elements(heap, ptr, n, d[3 * j + 2], d[3 * j], d[3 * j + 1], who);
    } else if (wide) {
      for (let j = 0; j < count; j++) {
        const lo = d[2 * j];
        const hi = d[2 * j + 1];
        v[j] = (hi >= -(2 ** 21) && hi < 2 ** 21) || (hi === 2 ** 21 && lo === 0) ? hi * 2 ** 32 + lo : (BigInt(hi) << 32n) + BigInt(lo);
      }
    } else if (type === BOOL) {
      for (let j = 0; j < count; j++) v[j] = d[j] !== 0;
    } else {
      for (let j = 0; j < count; j++) v[j] = d[j];
    }
    return v;
  } finally {
    x.pe_js_free(out);
  }
}

// 'array<T>' of an array value: T from its elements (arrays of arrays: the inner arrays' common type).
function arrayType(heap, ptr, n, at, elemType, count, who) {
  if (elemType !== ARRAY) return `array<${GGUF_VALUE_TYPES[elemType]}>`;
  if (!count) return 'array<array>';
  const x = heap.x;
  const out = x.pe_js_malloc(count * 24);
  if (!out) throw new PosencError(`posenc ${who}: an array of ${count} arrays does not fit in memory`, 'ENOMEM', 'bytes');
  try {
    const s = x.pe_js_gguf_elements(ptr, n, at, ARRAY, count, out, 0);
    if (s) throw failure(heap, s, who);
    const d = new Float64Array(x.memory.buffer, out, count * 3).slice();
    const inner = new Set();
    for (let j = 0; j < count; j++) inner.add(arrayType(heap, ptr, n, d[3 * j + 2], d[3 * j], d[3 * j + 1], who));
    return inner.size === 1 ? `array<${[...inner][0]}>` : 'array<array>';
  } finally {
    x.pe_js_free(out);
  }
}

function define(obj, key, value) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A GGUF file's header → { version, alignment, headerBytes, dataOffset, metadata, types, tensors:
 * [{ name, dtype, shape, begin, end }] }: shapes ne[0] first (GGUF's order), begin/end absolute byte
 * offsets. bytes: the whole file, or its first bytes with options.fileSize (Infinity: unknown).
 */
export function readGGUF(heap, bytes, options) {
  const who = 'readGGUF';
  const o = optionsOf(options, who);
  const u8 = asBytes(bytes, who);
  const total = totalOf(o, u8, who);
  const x = heap.x;
  let result;
  walk(heap, u8, total, who, (ptr, n) => {
    const s = x.pe_js_gguf_parse(ptr, n, total);
    if (s) return s;
    const metadata = {};
    const types = {};
    const heapBytes = () => heap.u8();
    for (let i = 0; i < x.pe_js_gguf_info(1); i++) {
      const k = x.pe_js_gguf_kv(i, 0);
      const key = decoder().decode(heapBytes().subarray(ptr + k, ptr + k + x.pe_js_gguf_kv(i, 1)));
      const type = x.pe_js_gguf_kv(i, 2);
      const at = x.pe_js_gguf_kv(i, 3);
      if (type === ARRAY) {
        const et = x.pe_js_gguf_kv(i, 4);
        const count = x.pe_js_gguf_kv(i, 5);
        define(types, key, arrayType(heap, ptr, n, at, et, count, who));
        define(metadata, key, elements(heap, ptr, n, at, et, count, who));
      } else {
        define(types, key, GGUF_VALUE_TYPES[type]);
        define(metadata, key, elements(heap, ptr, n, at, type, 1, who)[0]);
      }
    }
    const tensors = [];
    const nt = x.pe_js_gguf_info(2);
    const fields = x.pe_js_malloc(Math.max(nt, 1) * 96);
    if (!fields) throw new PosencError(`posenc ${who}: the index of ${nt} tensors does not fit in memory`, 'ENOMEM', 'n_tensors');
    try {
      x.pe_js_gguf_tensors(fields);
      const f = new Float64Array(x.memory.buffer, fields, nt * 12).slice();
      const u8 = heapBytes();
      const names = [];
      for (let i = 0, k = 0; i < nt; i++, k += 12) {
        const name = text(u8, ptr + f[k], f[k + 1]);
        const shape = [];
        for (let a = 0; a < f[k + 3]; a++) shape.push(f[k + 4 + a]);
        tensors.push({ name, dtype: names[f[k + 2]] ??= typeName(heap, f[k + 2]), shape, begin: f[k + 10], end: f[k + 11] });
      }
    } finally {
      x.pe_js_free(fields);
    }
    result = { version: x.pe_js_gguf_info(0), alignment: x.pe_js_gguf_info(3), headerBytes: x.pe_js_gguf_info(4),
      dataOffset: x.pe_js_gguf_info(5), metadata, types, tensors };
    return 0;
  });
  return result;
}

/**
 * The bytes a GGUF header needs, from the file's first bytes (any number) and options.fileSize:
 * the exact header size (the end of the tensor infos) when the bytes hold the whole header, else a
 * lower bound: read at least that many and ask again.
 */
export function ggufHeaderSize(heap, bytes, options) {
  const who = 'ggufHeaderSize';
  const o = optionsOf(options, who);
  const u8 = asBytes(bytes, who);
  const total = totalOf(o, u8, who);
  const x = heap.x;
  let need = 0;
  walk(heap, u8, total, who, (ptr, n) => {
    const s = x.pe_js_gguf_header_size(ptr, n, total);
    if (s) return s;
    need = x.pe_js_gguf_info(x.pe_js_gguf_info(7) ? 4 : 6);
    // not complete: read on inside the bytes given, else answer the lower bound
    return x.pe_js_gguf_info(7) || need > u8.length || n >= u8.length ? 0 : 1;
  });
  return need;
}

/**
 * A tensor of a readGGUF result as float32: F32, F16, BF16 (and F64, I32, I64) converted in C.
 * bytes: the tensor's own byte range [begin, end) of the file, or the file (its first `end` bytes at least).
 */
export function ggufTensor(heap, gguf, name, bytes, options) {
  const who = 'ggufTensor';
  const o = optionsOf(options, who);
  if (!gguf || typeof gguf !== 'object' || !Array.isArray(gguf.tensors)) {
    throw new PosencError(`posenc ${who}: gguf = ${describe(gguf)} is not a readGGUF result`, 'EINVAL', 'gguf');
  }
  const t = gguf.tensors.find((e) => e.name === name);
  if (!t) {
    const names = gguf.tensors.slice(0, NAMES_SHOWN).map((e) => JSON.stringify(e.name)).join(', ') +
      (gguf.tensors.length > NAMES_SHOWN ? `, … (${gguf.tensors.length} in all)` : '');
    throw new PosencError(`posenc ${who}: name = ${describe(name)} is not a tensor of this file (${names || 'none'})`, 'EINVAL', 'name');
  }
  const dt = CONVERT[t.dtype];
  if (dt === undefined) {
    throw new PosencError(`posenc ${who}: dtype of tensor ${JSON.stringify(name)} is ${t.dtype}, which is not converted ` +
      '(F32, F16, BF16, F64, I32, I64 are; quantized types are not)', 'EINVAL', 'dtype');
  }
  const u8 = asBytes(bytes, who);
  const size = t.end - t.begin;
  let from = 0;
  if (u8.length !== size) {
    if (u8.length < t.end) {
      throw new PosencError(`posenc ${who}: bytes (${u8.length}) are neither tensor ${JSON.stringify(name)}'s ${size} bytes ` +
        `nor a file of at least ${t.end} bytes`, 'ERANGE', 'bytes');
    }
    from = t.begin;
  }
  const x = heap.x;
  const cap = o.maxBytes === undefined ? -1 : o.maxBytes;
  if (typeof cap !== 'number' || (cap !== -1 && !(cap >= 0))) throw new PosencError(`posenc ${who}: maxBytes = ${describe(o.maxBytes)} is not a number >= 0`, 'EINVAL', 'maxBytes');
  const dims = x.pe_js_malloc(Math.max(t.shape.length, 1) * 8);
  if (!dims) throw new PosencError(`posenc ${who}: out of memory`, 'ENOMEM', 'shape');
  try {
    new Float64Array(x.memory.buffer, dims, t.shape.length).set(t.shape);
    const s = x.pe_js_tensor_check_raw(dims, t.shape.length, dt, size, cap);
    if (s) throw heap.error(s, who);
  } finally {
    x.pe_js_free(dims);
  }
  const count = x.pe_js_tensor_probed(2);
  const out = count ? x.pe_js_malloc(count * 4) : 0;
  if (count && !out) throw new PosencError(`posenc ${who}: ${count} float32 values do not fit in memory`, 'ENOMEM', 'shape');
  const src = x.pe_js_malloc(Math.max(size, 1));
  try {
    if (!src) throw new PosencError(`posenc ${who}: ${size} bytes do not fit in memory`, 'ENOMEM', 'bytes');
    heap.u8().set(u8.subarray(from, from + size), src);
    heap.check(x.pe_js_tensor_convert(src, size, dt, count, out), who);
    return count ? new Float32Array(x.memory.buffer, out, count).slice() : new Float32Array(0);
  } finally {
    if (src) x.pe_js_free(src);
    if (out) x.pe_js_free(out);
  }
}
