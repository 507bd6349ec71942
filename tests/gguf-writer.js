// A small GGUF writer for the tests (written from the format as ggml-org/llama.cpp ggml/include/gguf.h
// describes it): versions 2 and 3, every value type, arrays and arrays of arrays, tensor infos,
// general.alignment and the data. It also says where each field landed (`at`), so that a test can
// make a valid file lie in one place.

// ggml types the tests write: [number, elements per block, bytes per block] (ggml/src/ggml-common.h).
export const GGML = {
  F32: [0, 1, 4], F16: [1, 1, 2], Q4_0: [2, 32, 18], Q4_1: [3, 32, 20], Q5_0: [6, 32, 22], Q5_1: [7, 32, 24],
  Q8_0: [8, 32, 34], Q8_1: [9, 32, 36], Q2_K: [10, 256, 84], Q3_K: [11, 256, 110], Q4_K: [12, 256, 144],
  Q5_K: [13, 256, 176], Q6_K: [14, 256, 210], Q8_K: [15, 256, 292], IQ2_XXS: [16, 256, 66], IQ2_XS: [17, 256, 74],
  IQ3_XXS: [18, 256, 98], IQ1_S: [19, 256, 50], IQ4_NL: [20, 32, 18], IQ3_S: [21, 256, 110], IQ2_S: [22, 256, 82],
  IQ4_XS: [23, 256, 136], I8: [24, 1, 1], I16: [25, 1, 2], I32: [26, 1, 4], I64: [27, 1, 8], F64: [28, 1, 8],
  IQ1_M: [29, 256, 56], BF16: [30, 1, 2], TQ1_0: [34, 256, 54], TQ2_0: [35, 256, 66], MXFP4: [39, 32, 17],
  NVFP4: [40, 64, 36], Q1_0: [41, 128, 18],
};

export const VALUE_TYPES = ['uint8', 'int8', 'uint16', 'int16', 'uint32', 'int32', 'float32', 'bool', 'string', 'array',
  'uint64', 'int64', 'float64'];

class Out {
  constructor() { this.buf = new Uint8Array(256); this.n = 0; this.dv = new DataView(this.buf.buffer); }
  room(k) {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.n));
    this.buf = b;
    this.dv = new DataView(b.buffer);
  }
  u8(v) { this.room(1); this.dv.setUint8(this.n, v); this.n += 1; }
  i8(v) { this.room(1); this.dv.setInt8(this.n, v); this.n += 1; }
  u16(v) { this.room(2); this.dv.setUint16(this.n, v, true); this.n += 2; }
  i16(v) { this.room(2); this.dv.setInt16(this.n, v, true); this.n += 2; }
  u32(v) { this.room(4); this.dv.setUint32(this.n, v, true); this.n += 4; }
  i32(v) { this.room(4); this.dv.setInt32(this.n, v, true); this.n += 4; }
  f32(v) { this.room(4); this.dv.setFloat32(this.n, v, true); this.n += 4; }
  f64(v) { this.room(8); this.dv.setFloat64(this.n, v, true); this.n += 8; }
  u64(v) { this.room(8); this.dv.setBigUint64(this.n, BigInt(v), true); this.n += 8; }
  i64(v) { this.room(8); this.dv.setBigInt64(this.n, BigInt(v), true); this.n += 8; }
  bytes(b) { this.room(b.length); this.buf.set(b, this.n); this.n += b.length; }
  str(s) { const b = typeof s === 'string' ? new TextEncoder().encode(s) : s; this.u64(b.length); this.bytes(b); }
  done() { return this.buf.slice(0, this.n); }
}

// The element type of 'array<T>' (T itself may be an array type).
const elemOf = (type) => type.slice(6, -1);

function writeValue(o, type, v) {
  if (type.startsWith('array<')) {
    const et = elemOf(type);
    o.u32(VALUE_TYPES.indexOf(et.startsWith('array<') ? 'array' : et));
    o.u64(v.length);
    for (const e of v) writeValue(o, et, e);
    return;
  }
  switch (type) {
    case 'uint8': return o.u8(v);
    case 'int8': return o.i8(v);
    case 'uint16': return o.u16(v);
    case 'int16': return o.i16(v);
    case 'uint32': return o.u32(v);
    case 'int32': return o.i32(v);
    case 'float32': return o.f32(v);
    case 'bool': return o.u8(v ? 1 : 0);
    case 'string': return o.str(v);
    case 'uint64': return o.u64(v);
    case 'int64': return o.i64(v);
    case 'float64': return o.f64(v);
    default: throw new Error(`gguf-writer: unknown value type ${type}`);
  }
}

/** Bytes of a tensor of ggml type `type` and shape `shape` (ne[0] first). */
export function tensorBytes(type, shape) {
  const [, blck, size] = GGML[type];
  return shape.reduce((a, d) => a * d, 1) / blck * size;
}

/**
 * writeGGUF({ version = 3, kv: [{ key, type, value }], tensors: [{ name, type, shape, offset?, data? }],
 * alignment (written as general.alignment when given), fileSize (zeros after the data), header: false
 * (stop after the tensor infos) }) → { bytes, at, dataOffset, headerBytes, tensors: [{ name, begin, end }] }.
 * type: 'uint8' ... 'float64', 'array<T>' (T may be an array type). Offsets default to packed and aligned.
 */
export function writeGGUF({ version = 3, kv = [], tensors = [], alignment, fileSize, header = true, magic = 'GGUF' } = {}) {
  const o = new Out();
  const at = { kv: [], tensors: [] };
  const align = alignment ?? 32;
  const pairs = alignment === undefined ? kv : [...kv, { key: 'general.alignment', type: 'uint32', value: alignment }];
  o.bytes(new TextEncoder().encode(magic));
  at.version = o.n;
  o.u32(version);
  at.nTensors = o.n;
  o.u64(tensors.length);
  at.nKv = o.n;
  o.u64(pairs.length);
  for (const { key, type, value } of pairs) {
    const rec = { key: o.n };
    o.str(key);
    rec.type = o.n;
    o.u32(VALUE_TYPES.indexOf(type.startsWith('array<') ? 'array' : type));
    rec.value = o.n;
    writeValue(o, type, value);
    rec.end = o.n;
    at.kv.push(rec);
  }
  let next = 0;
  const placed = [];
  for (const t of tensors) {
    const rec = { name: o.n };
    o.str(t.name);
    rec.nDims = o.n;
    o.u32(t.shape.length);
    rec.dims = o.n;
    for (const d of t.shape) o.u64(d);
    rec.type = o.n;
    o.u32(typeof t.type === 'number' ? t.type : GGML[t.type][0]);
    rec.offset = o.n;
    const nbytes = typeof t.type === 'number' ? 0 : tensorBytes(t.type, t.shape);
    const offset = t.offset ?? next;
    next = Math.ceil((offset + nbytes) / align) * align;
    o.u64(offset);
    at.tensors.push(rec);
    placed.push({ name: t.name, offset, nbytes, data: t.data });
  }
  const headerBytes = o.n;
  const dataOffset = Math.ceil(headerBytes / align) * align;
  const result = { at, headerBytes, dataOffset, tensors: placed.map((t) => ({ name: t.name, begin: dataOffset + t.offset, end: dataOffset + t.offset + t.nbytes })) };
  if (!header) return { ...result, bytes: o.done() };
  const end = Math.max(dataOffset + next, ...placed.map((t) => dataOffset + t.offset + t.nbytes), fileSize ?? 0);
  const bytes = new Uint8Array(end);
  bytes.set(o.done());
  for (const t of placed) if (t.data) bytes.set(t.data, dataOffset + t.offset);
  return { ...result, bytes };
}
