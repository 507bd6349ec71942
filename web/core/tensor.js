// Reading a user's tensor (.npy, .safetensors, raw little-endian values): the bytes go to C, which
// parses the header and converts the values to float32 (c/tensor.c); only the header's bytes and
// then the chosen tensor's byte range are copied into the module's memory.
import { PosencError, describe } from './error.js';

export const TENSOR_DTYPES = Object.freeze(['float64', 'float32', 'float16', 'bfloat16', 'int64', 'int32']);
const FORMATS = [null, 'npy', 'safetensors'];
const PROBE_BYTES = 16;
const NAMES_SHOWN = 20;
let utf8 = null;

function asBytes(bytes, who) {
  if (bytes instanceof Uint8Array) return bytes;
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  throw new PosencError(`posenc ${who}: bytes = ${describe(bytes)} is not a Uint8Array (or ArrayBuffer)`, 'EINVAL', 'bytes');
}

// bytes[from, to) copied into the heap: fn(ptr), then freed.
function withCopy(heap, bytes, from, to, who, fn) {
  const n = to - from;
  const ptr = heap.x.pe_js_malloc(Math.max(n, 1));
  if (!ptr) throw new PosencError(`posenc ${who}: ${n} bytes do not fit in memory`, 'ENOMEM', 'bytes');
  try {
    heap.u8().set(bytes.subarray(from, to), ptr);
    return fn(ptr);
  } finally {
    heap.x.pe_js_free(ptr);
  }
}

function capOf(options, who) {
  const cap = options.maxBytes;
  if (cap === undefined) return -1;
  if (typeof cap !== 'number' || !(cap >= 0)) throw new PosencError(`posenc ${who}: maxBytes = ${describe(cap)} is not a number >= 0`, 'EINVAL', 'maxBytes');
  return cap;
}

function optionsOf(options, who) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new PosencError(`posenc ${who}: options = ${describe(options)} is not an object`, 'EINVAL', 'options');
  }
  return options;
}

// Parse the header into C's list (kept there until the next parse) and read it out.
function parseHeader(heap, u8, fileSize, who) {
  const x = heap.x;
  const total = fileSize ?? u8.length;
  if (typeof total !== 'number' || !Number.isInteger(total) || total < u8.length) {
    throw new PosencError(`posenc ${who}: fileSize = ${describe(fileSize)} is not a whole number >= the bytes given (${u8.length})`, 'EINVAL', 'fileSize');
  }
  const n = Math.min(u8.length, PROBE_BYTES);
  withCopy(heap, u8, 0, n, who, (ptr) => heap.check(x.pe_js_tensor_probe(ptr, n, total), who));
  const need = Math.min(x.pe_js_tensor_probed(1), u8.length);
  withCopy(heap, u8, 0, need, who, (ptr) => heap.check(x.pe_js_tensor_parse(ptr, need, total), who));
  const tensors = [];
  const heapBytes = heap.u8();
  for (let i = 0; i < x.pe_js_tensor_count(); i++) {
    const at = x.pe_js_tensor_name(i);
    const name = at ? (utf8 ??= new TextDecoder()).decode(heapBytes.subarray(at, at + x.pe_js_tensor_name_len(i))) : '';
    const dt = x.pe_js_tensor_dtype(i);
    const shape = [];
    for (let a = 0; a < x.pe_js_tensor_ndim(i); a++) shape.push(x.pe_js_tensor_dim(i, a));
    tensors.push({ name, dtype: dt >= 0 ? TENSOR_DTYPES[dt] : heap.str(x.pe_js_tensor_dtype_text(i)), shape,
      begin: x.pe_js_tensor_begin(i), end: x.pe_js_tensor_end(i) });
  }
  return { format: FORMATS[x.pe_js_tensor_format()], headerBytes: x.pe_js_tensor_probed(1), tensors };
}

/**
 * The header of a .npy or .safetensors file: { format, headerBytes, tensors: [{ name, dtype, shape,
 * begin, end }] } (begin/end: the byte range of the tensor's values in the file). bytes may be the
 * file's first bytes only, with options.fileSize the whole file's size: tensorHeaderSize(first 16
 * bytes) says how many the header needs.
 */
export function tensorHeader(heap, bytes, options) {
  const who = 'tensorHeader';
  const o = optionsOf(options, who);
  return parseHeader(heap, asBytes(bytes, who), o.fileSize, who);
}

/** Bytes a file's header needs, from its first 16 bytes (fewer for a smaller file) and its size. */
export function tensorHeaderSize(heap, bytes, options) {
  const who = 'tensorHeaderSize';
  const o = optionsOf(options, who);
  const u8 = asBytes(bytes, who);
  const total = o.fileSize ?? u8.length;
  const n = Math.min(u8.length, PROBE_BYTES);
  withCopy(heap, u8, 0, n, who, (ptr) => heap.check(heap.x.pe_js_tensor_probe(ptr, n, total), who));
  return heap.x.pe_js_tensor_probed(1);
}

function convert(heap, u8, from, to, dt, count, who) {
  const x = heap.x;
  const out = count ? x.pe_js_malloc(count * 4) : 0;
  if (count && !out) throw new PosencError(`posenc ${who}: ${count} float32 values do not fit in memory`, 'ENOMEM', 'shape');
  try {
    return withCopy(heap, u8, from, to, who, (src) => {
      heap.check(x.pe_js_tensor_convert(src, to - from, dt, count, out), who);
      return count ? new Float32Array(x.memory.buffer, out, count).slice() : new Float32Array(0);
    });
  } finally {
    if (out) x.pe_js_free(out);
  }
}

/**
 * A tensor as float32: bytes of a .npy file, a .safetensors file (options.name chooses the tensor;
 * default the only one), or raw little-endian values (options.shape and options.dtype given).
 * → { name, shape, dtype, data: Float32Array }.
 */
export function readTensor(heap, bytes, options) {
  const who = 'readTensor';
  const o = optionsOf(options, who);
  const u8 = asBytes(bytes, who);
  const cap = capOf(o, who);
  const x = heap.x;
  if (o.format !== undefined && !['npy', 'safetensors', 'raw'].includes(o.format)) {
    throw new PosencError(`posenc ${who}: format = ${describe(o.format)} is not one of "npy", "safetensors", "raw"`, 'EINVAL', 'format');
  }
  if (o.format === 'raw' || (o.format === undefined && (o.shape !== undefined || o.dtype !== undefined))) {
    const dt = TENSOR_DTYPES.indexOf(o.dtype);
    if (dt < 0) throw new PosencError(`posenc ${who}: dtype = ${describe(o.dtype)} is not one of ${TENSOR_DTYPES.join(', ')} (raw values need shape and dtype)`, 'EINVAL', 'dtype');
    if (!Array.isArray(o.shape) || !o.shape.every((d) => typeof d === 'number')) {
      throw new PosencError(`posenc ${who}: shape = ${describe(o.shape)} is not an array of numbers (raw values need shape and dtype)`, 'EINVAL', 'shape');
    }
    const dims = o.shape;
    const dimsPtr = x.pe_js_malloc(Math.max(dims.length, 1) * 8);
    if (!dimsPtr) throw new PosencError(`posenc ${who}: out of memory`, 'ENOMEM', 'shape');
    try {
      new Float64Array(x.memory.buffer, dimsPtr, dims.length).set(dims);
      heap.check(x.pe_js_tensor_check_raw(dimsPtr, dims.length, dt, u8.length, cap), who);
    } finally {
      x.pe_js_free(dimsPtr);
    }
    const count = x.pe_js_tensor_probed(2);
    return { name: o.name ?? '', shape: [...dims], dtype: TENSOR_DTYPES[dt], data: convert(heap, u8, 0, u8.length, dt, count, who) };
  }
  const h = parseHeader(heap, u8, undefined, who);
  if (o.format !== undefined && h.format !== o.format) {
    throw new PosencError(`posenc ${who}: format = "${o.format}", but the bytes are a .${h.format} file`, 'EINVAL', 'format');
  }
  let i = 0;
  const names = () => h.tensors.slice(0, NAMES_SHOWN).map((t) => JSON.stringify(t.name)).join(', ') +
    (h.tensors.length > NAMES_SHOWN ? `, … (${h.tensors.length} in all)` : '');
  if (h.format === 'safetensors') {
    if (o.name !== undefined) {
      i = h.tensors.findIndex((t) => t.name === o.name);
      if (i < 0) throw new PosencError(`posenc ${who}: name = ${describe(o.name)} is not a tensor of this file (${names() || 'none'})`, 'EINVAL', 'name');
    } else if (h.tensors.length !== 1) {
      throw new PosencError(h.tensors.length ? `posenc ${who}: name is required: the file holds ${h.tensors.length} tensors (${names()})`
        : `posenc ${who}: name: the file holds no tensor`, 'EINVAL', 'name');
    }
  }
  heap.check(x.pe_js_tensor_check(i, cap), who);
  const t = h.tensors[i];
  const count = x.pe_js_tensor_elements(i);
  const dt = x.pe_js_tensor_dtype(i);
  return { name: t.name || (o.name ?? ''), shape: t.shape, dtype: t.dtype, data: convert(heap, u8, t.begin, t.end, dt, count, who) };
}
