// readGGUF, ggufHeaderSize, ggufTensor (c/gguf.c) and readGGUFFile (web/core/gguf-node.js): GGUF
// files written by tests/gguf-writer.js read back to what was written (every value type, arrays of
// arrays, real models' headers), headers read from their first bytes only, tensors converted
// exactly, and hostile files refused with a PosencError naming the key or the tensor, after which
// the instance computes as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, openSync, writeSync, ftruncateSync, closeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, PosencError } from '../../web/posenc.js';
import { readGGUFFile } from '../../web/core/gguf-node.js';
import { writeGGUF, tensorBytes, GGML } from '../gguf-writer.js';
import { throwsWith } from '../errors.js';
import { mulberry32 } from '../random.js';

const pe = await load();
const f32 = (a) => new Uint8Array(Float32Array.from(a).buffer);
const u16 = (a) => new Uint8Array(Uint16Array.from(a).buffer);

// Every value type at its edges, and arrays of each (64-bit integers past 2^53 come back as BigInt).
const EVERY = [
  { key: 'u8', type: 'uint8', value: 255 },
  { key: 'i8', type: 'int8', value: -128 },
  { key: 'u16', type: 'uint16', value: 65535 },
  { key: 'i16', type: 'int16', value: -32768 },
  { key: 'u32', type: 'uint32', value: 4294967295 },
  { key: 'i32', type: 'int32', value: -2147483648 },
  { key: 'f32', type: 'float32', value: 0.1 },
  { key: 'yes', type: 'bool', value: true },
  { key: 'no', type: 'bool', value: false },
  { key: 'text', type: 'string', value: 'héllo ✓ \u{1F600}' },
  { key: 'empty', type: 'string', value: '' },
  { key: 'u64.exact', type: 'uint64', value: 2 ** 53 },
  { key: 'u64.big', type: 'uint64', value: 2n ** 53n + 1n },
  { key: 'u64.max', type: 'uint64', value: 2n ** 64n - 1n },
  { key: 'i64.exact', type: 'int64', value: -(2 ** 53) },
  { key: 'i64.min', type: 'int64', value: -(2n ** 63n) },
  { key: 'i64.small', type: 'int64', value: -5 },
  { key: 'f64', type: 'float64', value: Math.PI },
  { key: 'a.u8', type: 'array<uint8>', value: [0, 1, 255] },
  { key: 'a.i16', type: 'array<int16>', value: [-1, 2, -32768] },
  { key: 'a.f32', type: 'array<float32>', value: [1.5, -0.25, 1e-7] },
  { key: 'a.bool', type: 'array<bool>', value: [true, false] },
  { key: 'a.str', type: 'array<string>', value: ['<s>', '', 'Ġthe', '日本'] },
  { key: 'a.u64', type: 'array<uint64>', value: [1, 2n ** 60n] },
  { key: 'a.i64', type: 'array<int64>', value: [-1, -(2n ** 62n)] },
  { key: 'a.f64', type: 'array<float64>', value: [0.1, -2] },
  { key: 'a.empty', type: 'array<int32>', value: [] },
  { key: 'a.nested', type: 'array<array<int32>>', value: [[1, 2], [], [3]] },
  { key: 'a.nested.str', type: 'array<array<string>>', value: [['a'], ['b', 'c']] },
];

// What readGGUF gives for a written value: float32 rounded, 64-bit integers as Number up to 2^53.
function expected(type, v) {
  if (type.startsWith('array<')) return v.map((e) => expected(type.slice(6, -1), e));
  if (type === 'float32') return Math.fround(v);
  if (typeof v === 'bigint') return v >= -(2n ** 53n) && v <= 2n ** 53n ? Number(v) : v;
  return v;
}

test('every value type round-trips, in GGUF v2 and v3, arrays of arrays included', () => {
  for (const version of [2, 3]) {
    const f = writeGGUF({ version, kv: EVERY });
    const g = pe.readGGUF(f.bytes);
    assert.equal(g.version, version);
    assert.deepEqual(Object.keys(g.metadata), EVERY.map((e) => e.key));
    for (const { key, type, value } of EVERY) {
      assert.deepEqual(g.metadata[key], expected(type, value), key);
      assert.equal(g.types[key], type, key);
    }
    assert.equal(typeof g.metadata['u64.exact'], 'number');
    assert.equal(typeof g.metadata['u64.big'], 'bigint');
    assert.equal(g.alignment, 32);
    assert.equal(g.headerBytes, f.headerBytes);
    assert.equal(g.dataOffset, f.dataOffset);
    assert.deepEqual(g.tensors, []);
  }
  // arrays nested to the depth cap (8 levels) read; mixed inner types are 'array<array>'
  const deep = (d) => (d ? [deep(d - 1)] : [7]);
  const type8 = `${'array<'.repeat(8)}int32${'>'.repeat(8)}`;
  const g = pe.readGGUF(writeGGUF({ kv: [{ key: 'deep', type: type8, value: deep(7) }] }).bytes);
  assert.deepEqual(g.metadata.deep, deep(7));
  assert.equal(g.types.deep, type8);
  const mixed = writeGGUF({ kv: [{ key: 'm', type: 'array<array<int32>>', value: [[1], [2]] }] });
  mixed.bytes[mixed.at.kv[0].value + 12 + 16] = 4;  // the second inner array's element type: uint32
  const m = pe.readGGUF(mixed.bytes);
  assert.deepEqual(m.metadata.m, [[1], [2]]);
  assert.equal(m.types.m, 'array<array>');
});

test('strings are UTF-8 decoded as TextDecoder does, malformed bytes and BOMs included, one by one or in bulk', () => {
  const rnd = mulberry32(20260);
  // bytes around every boundary of well-formed UTF-8: overlong leads, surrogates, past U+10FFFF, cut sequences
  const pool = [0x00, 0x20, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbb, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef,
    0xf0, 0xf4, 0xf5, 0xff];
  const strs = Array.from({ length: 3000 }, () => Uint8Array.from({ length: Math.floor(rnd() * 9) }, () => pool[Math.floor(rnd() * pool.length)]));
  strs.push(new TextEncoder().encode('\uFEFFbom'), new TextEncoder().encode('Ġthe 日本 \u{1F600}'), Uint8Array.of(0xef, 0xbb, 0xbf));
  const f = writeGGUF({ kv: [{ key: 'bulk', type: 'array<string>', value: strs }, { key: 'few', type: 'array<string>', value: strs.slice(0, 5) },
    { key: 'one', type: 'string', value: Uint8Array.of(0xef, 0xbb, 0xbf, 0x41, 0xc3) }] });
  const g = pe.readGGUF(f.bytes);
  const want = (b) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(b);
  assert.deepEqual(g.metadata.bulk, strs.map(want));
  assert.deepEqual(g.metadata.few, strs.slice(0, 5).map(want));
  assert.equal(g.metadata.one, '\uFEFFA\uFFFD');
  assert.ok(strs.filter((b) => want(b).includes('\uFFFD')).length > 1000, 'malformed strings among them');
});

test("the '__proto__' key is an own property, not the object's prototype", () => {
  const g = pe.readGGUF(writeGGUF({ kv: [{ key: '__proto__', type: 'string', value: 'x' }] }).bytes);
  assert.equal(Object.getOwnPropertyDescriptor(g.metadata, '__proto__').value, 'x');
  assert.equal(Object.getPrototypeOf(g.metadata), Object.prototype);
});

// Real models' headers (keys and tensors as llama.cpp's convert_hf_to_gguf.py writes them), read
// from the header's bytes only with the file's size: the data itself is never written.
const LLAMA31 = {
  kv: [
    { key: 'general.architecture', type: 'string', value: 'llama' },
    { key: 'general.name', type: 'string', value: 'Meta Llama 3.1 8B Instruct' },
    { key: 'llama.block_count', type: 'uint32', value: 32 },
    { key: 'llama.context_length', type: 'uint32', value: 131072 },
    { key: 'llama.embedding_length', type: 'uint32', value: 4096 },
    { key: 'llama.feed_forward_length', type: 'uint32', value: 14336 },
    { key: 'llama.attention.head_count', type: 'uint32', value: 32 },
    { key: 'llama.attention.head_count_kv', type: 'uint32', value: 8 },
    { key: 'llama.rope.freq_base', type: 'float32', value: 500000 },
    { key: 'llama.attention.layer_norm_rms_epsilon', type: 'float32', value: 1e-5 },
    { key: 'llama.rope.dimension_count', type: 'uint32', value: 128 },
    { key: 'general.file_type', type: 'uint32', value: 15 },
    { key: 'llama.vocab_size', type: 'uint32', value: 128256 },
    { key: 'tokenizer.ggml.model', type: 'string', value: 'gpt2' },
    { key: 'tokenizer.ggml.tokens', type: 'array<string>', value: ['!', '"', '#', '<|begin_of_text|>'] },
    { key: 'tokenizer.ggml.token_type', type: 'array<int32>', value: [1, 1, 1, 3] },
    { key: 'tokenizer.ggml.bos_token_id', type: 'uint32', value: 128000 },
  ],
  tensors: [
    { name: 'rope_freqs.weight', type: 'F32', shape: [64] },
    { name: 'token_embd.weight', type: 'Q4_K', shape: [4096, 128256] },
    { name: 'blk.0.attn_norm.weight', type: 'F32', shape: [4096] },
    { name: 'blk.0.attn_q.weight', type: 'Q4_K', shape: [4096, 4096] },
    { name: 'blk.0.attn_k.weight', type: 'Q4_K', shape: [4096, 1024] },
    { name: 'blk.0.attn_v.weight', type: 'Q6_K', shape: [4096, 1024] },
    { name: 'blk.0.ffn_down.weight', type: 'Q6_K', shape: [14336, 4096] },
    { name: 'output_norm.weight', type: 'F32', shape: [4096] },
    { name: 'output.weight', type: 'Q6_K', shape: [4096, 128256] },
  ],
};
const PHI3 = {
  kv: [
    { key: 'general.architecture', type: 'string', value: 'phi3' },
    { key: 'phi3.context_length', type: 'uint32', value: 131072 },
    { key: 'phi3.rope.scaling.original_context_length', type: 'uint32', value: 4096 },
    { key: 'phi3.rope.dimension_count', type: 'uint32', value: 96 },
    { key: 'phi3.rope.scaling.attn_factor', type: 'float32', value: 1.1902380714238083 },
    { key: 'phi3.attention.sliding_window', type: 'uint32', value: 262144 },
  ],
  tensors: [
    { name: 'rope_factors_long.weight', type: 'F32', shape: [48] },
    { name: 'rope_factors_short.weight', type: 'F32', shape: [48] },
    { name: 'blk.0.attn_qkv.weight', type: 'Q8_0', shape: [3072, 9216] },
  ],
};
const QWEN2VL = {
  kv: [
    { key: 'general.architecture', type: 'string', value: 'qwen2vl' },
    { key: 'qwen2vl.rope.freq_base', type: 'float32', value: 1000000 },
    { key: 'qwen2vl.rope.dimension_sections', type: 'array<int32>', value: [16, 24, 24, 0] },
  ],
  tensors: [{ name: 'blk.0.attn_q.weight', type: 'BF16', shape: [3584, 3584] }],
  alignment: 64,
};

test('real models\' headers: metadata and the tensor index from the header bytes alone', () => {
  for (const model of [LLAMA31, PHI3, QWEN2VL]) {
    const f = writeGGUF({ ...model, header: false });
    const fileSize = f.tensors.at(-1).end;
    const g = pe.readGGUF(f.bytes, { fileSize });
    for (const { key, type, value } of model.kv) assert.deepEqual(g.metadata[key], expected(type, value), key);
    assert.equal(g.alignment, model.alignment ?? 32);
    assert.equal(g.dataOffset, Math.ceil(f.bytes.length / g.alignment) * g.alignment);
    assert.deepEqual(g.tensors, model.tensors.map((t, i) => ({ name: t.name, dtype: t.type, shape: t.shape,
      begin: f.tensors[i].begin, end: f.tensors[i].end })));
    // the writer packs tensors in order, each at an aligned offset: sizes from ggml's block table
    for (const t of g.tensors) assert.equal(t.end - t.begin, tensorBytes(t.dtype, t.shape));
    // the file's size is needed to check the ranges: without it, the header bytes are the whole file
    throwsWith(() => pe.readGGUF(f.bytes), 'ERANGE', 'tensor');
    assert.equal(pe.readGGUF(f.bytes, { fileSize: Infinity }).tensors.length, model.tensors.length);
  }
  const g = pe.readGGUF(writeGGUF({ ...LLAMA31, header: false }).bytes, { fileSize: Infinity });
  assert.equal(g.metadata['llama.rope.freq_base'], 500000);
  assert.equal(g.metadata['llama.rope.dimension_count'], 128);
  assert.deepEqual(g.tensors[0], { name: 'rope_freqs.weight', dtype: 'F32', shape: [64], begin: g.dataOffset, end: g.dataOffset + 256 });
  // token_embd: 4096 x 128256 Q4_K, 144 bytes per 256 values
  assert.equal(g.tensors[1].end - g.tensors[1].begin, 4096 * 128256 / 256 * 144);
  assert.equal(g.tensors[1].begin, g.dataOffset + 256);
  const q = pe.readGGUF(writeGGUF({ ...QWEN2VL, header: false }).bytes, { fileSize: Infinity });
  assert.deepEqual(q.metadata['qwen2vl.rope.dimension_sections'], [16, 24, 24, 0]);
  assert.equal(q.types['qwen2vl.rope.dimension_sections'], 'array<int32>');
  assert.equal(q.dataOffset % 64, 0);
});

test('every ggml type in the table: its block sizes give the tensor\'s bytes', () => {
  const tensors = Object.keys(GGML).map((type) => ({ name: type.toLowerCase(), type, shape: [GGML[type][1] * 2, 3] }));
  const f = writeGGUF({ tensors, header: false });
  const g = pe.readGGUF(f.bytes, { fileSize: f.tensors.at(-1).end });
  for (const [i, t] of g.tensors.entries()) {
    assert.equal(t.dtype, tensors[i].type);
    assert.equal(t.end - t.begin, GGML[t.dtype][2] * 2 * 3, t.dtype);
  }
});

test('ggufHeaderSize: from one byte on, each answer a lower bound, reaching the exact size', () => {
  const f = writeGGUF({ ...LLAMA31, header: false });
  const fileSize = f.tensors.at(-1).end;
  let n = 1;
  let steps = 0;
  for (;;) {
    const need = pe.ggufHeaderSize(f.bytes.subarray(0, n), { fileSize });
    assert.ok(need <= f.headerBytes, `${need} past the header's ${f.headerBytes} bytes`);
    steps++;
    if (need <= n) {
      assert.equal(need, f.headerBytes);
      break;
    }
    n = need;
  }
  assert.ok(steps > 3 && steps < 60, `${steps} steps`);
  // every prefix: a lower bound that grows, exact once the header is there
  let last = 0;
  for (let k = 0; k <= f.bytes.length; k++) {
    const need = pe.ggufHeaderSize(f.bytes.subarray(0, k), { fileSize });
    assert.ok(need >= last && need <= f.headerBytes && (k < f.headerBytes ? need > k : need === f.headerBytes), `${k}: ${need}`);
    last = need;
  }
  // the header from exactly its bytes
  assert.equal(pe.readGGUF(f.bytes.subarray(0, f.headerBytes), { fileSize }).tensors.length, LLAMA31.tensors.length);
  throwsWith(() => pe.readGGUF(f.bytes.subarray(0, f.headerBytes - 1), { fileSize }), 'ERANGE', 'bytes');
  throwsWith(() => pe.ggufHeaderSize(f.bytes, { fileSize: 3 }), 'EINVAL', 'fileSize');
});

test('ggufTensor: F32, F16 and BF16 values exactly, from the tensor\'s bytes or the file\'s', () => {
  const rope = Float32Array.from({ length: 64 }, (_, i) => 1 / 500000 ** (i / 64));
  const halves = [0x3c00, 0xc000, 0x3555, 0x0001, 0x7c00, 0x8000, 0x7bff];   // 1, -2, 0.333251953125, 2^-24, inf, -0, 65504
  const bf = [0x3f80, 0x4049, 0xbf80, 0x0001, 0xff80];                     // 1, 3.140625, -1, 2^-133, -inf
  const f = writeGGUF({ tensors: [
    { name: 'rope_freqs.weight', type: 'F32', shape: [64], data: new Uint8Array(rope.buffer) },
    { name: 'h', type: 'F16', shape: [7], data: u16(halves) },
    { name: 'b', type: 'BF16', shape: [5], data: u16(bf) },
    { name: 'q', type: 'Q4_0', shape: [32, 2] },
  ] });
  const g = pe.readGGUF(f.bytes);
  assert.deepEqual(pe.ggufTensor(g, 'rope_freqs.weight', f.bytes), rope);
  const t = g.tensors[0];
  assert.deepEqual(pe.ggufTensor(g, 'rope_freqs.weight', f.bytes.subarray(t.begin, t.end)), rope);
  assert.deepEqual([...pe.ggufTensor(g, 'h', f.bytes)], [1, -2, 0.333251953125, 2 ** -24, Infinity, -0, 65504]);
  assert.deepEqual([...pe.ggufTensor(g, 'b', f.bytes)], [1, 3.140625, -1, 2 ** -133, -Infinity]);
  throwsWith(() => pe.ggufTensor(g, 'q', f.bytes), 'EINVAL', 'dtype');
  assert.throws(() => pe.ggufTensor(g, 'q', f.bytes), /"q" is Q4_0/);
  throwsWith(() => pe.ggufTensor(g, 'nope', f.bytes), 'EINVAL', 'name');
  throwsWith(() => pe.ggufTensor(g, 'h', f.bytes.subarray(0, 10)), 'ERANGE', 'bytes');
  throwsWith(() => pe.ggufTensor({}, 'h', f.bytes), 'EINVAL', 'gguf');
  throwsWith(() => pe.ggufTensor(g, 'rope_freqs.weight', f.bytes, { maxBytes: 100 }), 'ENOMEM', 'shape');
});

// A valid small file to make lie in one place: offsets of its fields from the writer.
const small = () => writeGGUF({
  kv: [
    { key: 'general.architecture', type: 'string', value: 'llama' },
    { key: 'llama.rope.dimension_count', type: 'uint32', value: 128 },
    { key: 'list', type: 'array<int32>', value: [1, 2, 3] },
  ],
  tensors: [
    { name: 'rope_freqs.weight', type: 'F32', shape: [4], data: f32([1, 0.5, 0.25, 0.125]) },
    { name: 'w', type: 'Q4_0', shape: [32] },
  ],
});
function lie(edit) {
  const f = small();
  const dv = new DataView(f.bytes.buffer);
  edit(dv, f.at, f);
  return f.bytes;
}

test('hostile files: each refused naming the key or the tensor, nothing large allocated', () => {
  const before = pe.compute('rope', { dim: 16, positions: 5 }).data;
  const heapBefore = pe.memory.buffer.byteLength;
  const refused = (bytes, code, param, pattern) => {
    throwsWith(() => pe.readGGUF(bytes), code, param);
    if (pattern) assert.throws(() => pe.readGGUF(bytes), pattern);
  };
  refused(lie((dv) => dv.setUint8(3, 0x47)), 'EINVAL', 'magic', /GGUF/);
  refused(lie((dv, at) => dv.setUint32(at.version, 1, true)), 'EINVAL', 'version', /GGUFv1/);
  refused(lie((dv, at) => dv.setUint32(at.version, 4, true)), 'EINVAL', 'version', /2 or 3/);
  refused(lie((dv, at) => dv.setUint32(at.version, 3, false)), 'EINVAL', 'version', /big-endian/);
  refused(lie((dv, at) => dv.setBigUint64(at.nKv, 2n ** 63n, true)), 'ERANGE', 'n_kv');
  refused(lie((dv, at) => dv.setBigUint64(at.nTensors, 2n ** 64n - 1n, true)), 'ERANGE', 'n_tensors');
  // a million tensors claimed in a 100-byte file
  const tiny = new Uint8Array(100);
  tiny.set(new TextEncoder().encode('GGUF'));
  new DataView(tiny.buffer).setUint32(4, 3, true);
  new DataView(tiny.buffer).setBigUint64(8, 1000000n, true);
  refused(tiny, 'ERANGE', 'n_tensors', /1000000/);
  refused(lie((dv, at) => dv.setBigUint64(at.kv[0].key, 2n ** 64n - 1n, true)), 'ERANGE', 'key', /key #0: its key's length/);
  refused(lie((dv, at) => dv.setBigUint64(at.kv[0].value, 2n ** 64n - 1n, true)), 'ERANGE', 'key', /"general.architecture": its string value length/);
  refused(lie((dv, at) => dv.setUint32(at.kv[1].type, 13, true)), 'EINVAL', 'key', /"llama.rope.dimension_count": has value type 13/);
  refused(lie((dv, at) => dv.setBigUint64(at.kv[2].value + 4, 1000n, true)), 'ERANGE', 'key', /"list": has an array of 1000 int32/);
  refused(lie((dv, at) => dv.setBigUint64(at.kv[2].value + 4, 2n ** 62n, true)), 'ERANGE', 'key', /"list"/);
  refused(lie((dv, at) => dv.setUint32(at.kv[2].value, 77, true)), 'EINVAL', 'key', /"list": has an array of value type 77/);
  refused(lie((dv, at) => dv.setUint32(at.tensors[0].nDims, 0, true)), 'ERANGE', 'tensor', /"rope_freqs.weight": has n_dims 0/);
  refused(lie((dv, at) => dv.setUint32(at.tensors[0].nDims, 5, true)), 'ERANGE', 'tensor', /"rope_freqs.weight"/);
  refused(lie((dv, at) => dv.setBigUint64(at.tensors[0].dims, 2n ** 63n, true)), 'ERANGE', 'tensor', /ne\[0\] negative/);
  refused(lie((dv, at) => dv.setUint32(at.tensors[1].type, 4, true)), 'EINVAL', 'tensor', /"w": has ggml type 4/);
  refused(lie((dv, at) => dv.setUint32(at.tensors[1].type, 99, true)), 'EINVAL', 'tensor', /"w"/);
  refused(lie((dv, at) => dv.setBigUint64(at.tensors[1].dims, 33n, true)), 'EINVAL', 'tensor', /"w": has ne\[0\] = 33, not a multiple of Q4_0's block size 32/);
  refused(lie((dv, at) => dv.setBigUint64(at.tensors[1].offset, 36n, true)), 'EINVAL', 'tensor', /"w": has offset 36, not a multiple of the alignment 32/);
  refused(lie((dv, at) => dv.setBigUint64(at.tensors[1].offset, 2n ** 20n, true)), 'ERANGE', 'tensor', /"w": has data .* past the end of the file/);
  refused(lie((dv, at) => dv.setBigUint64(at.tensors[1].offset, 2n ** 64n - 32n, true)), 'ERANGE', 'tensor', /"w"/);
  // dimensions whose product overflows int64: the 2-D tensor's dims changed in place
  const wide = writeGGUF({ tensors: [{ name: 'big', type: 'F32', shape: [4, 4] }] });
  new DataView(wide.bytes.buffer).setBigUint64(wide.at.tensors[0].dims, 2n ** 32n, true);
  new DataView(wide.bytes.buffer).setBigUint64(wide.at.tensors[0].dims + 8, 2n ** 32n, true);
  refused(wide.bytes, 'ERANGE', 'tensor', /"big": has dimensions whose product overflows int64/);
  // duplicates, as llama.cpp's gguf.cpp refuses them
  refused(writeGGUF({ kv: [{ key: 'a', type: 'uint8', value: 1 }, { key: 'b', type: 'uint8', value: 1 }, { key: 'a', type: 'string', value: 'x' }] }).bytes,
    'EINVAL', 'key', /key "a": is a duplicate of key #0/);
  refused(writeGGUF({ tensors: [{ name: 't', type: 'F32', shape: [1] }, { name: 't', type: 'F32', shape: [1] }] }).bytes,
    'EINVAL', 'tensor', /tensor "t": is a duplicate of tensor #0/);
  // general.alignment: a uint32 power of two
  const aligned = (type, value) => writeGGUF({ kv: [{ key: 'general.alignment', type, value }] }).bytes;
  refused(aligned('uint32', 3), 'EINVAL', 'general.alignment', /power of two/);
  refused(aligned('uint32', 0), 'EINVAL', 'general.alignment');
  refused(aligned('uint64', 32), 'EINVAL', 'general.alignment', /not a uint32/);
  assert.equal(pe.readGGUF(aligned('uint32', 4096)).alignment, 4096);
  // arrays nested 100 deep: refused at the cap, not followed down
  const deep = (d) => (d ? [deep(d - 1)] : []);
  refused(writeGGUF({ kv: [{ key: 'deep', type: `${'array<'.repeat(100)}int32${'>'.repeat(100)}`, value: deep(99) }] }).bytes,
    'ERANGE', 'key', /"deep": has arrays nested deeper than 8/);
  refused(writeGGUF({ kv: [{ key: 'nine', type: `${'array<'.repeat(9)}int32${'>'.repeat(9)}`, value: deep(8) }] }).bytes, 'ERANGE', 'key');
  throwsWith(() => pe.readGGUF('GGUF'), 'EINVAL', 'bytes');
  throwsWith(() => pe.readGGUF(new Uint8Array(8), { fileSize: 2.5 }), 'EINVAL', 'fileSize');
  // the instance as before; nothing large was allocated for what the files claimed
  assert.deepEqual(pe.compute('rope', { dim: 16, positions: 5 }).data, before);
  assert.ok(pe.memory.buffer.byteLength - heapBefore < 2 ** 22, 'nothing large allocated');
});

test('a valid file cut at every byte: ERANGE each time, naming what runs past the end', () => {
  const f = small();
  const seen = new Set();
  const end = f.tensors.at(-1).end;  // the file's last bytes are padding after it
  assert.ok(end < f.bytes.length);
  assert.equal(pe.readGGUF(f.bytes.subarray(0, end)).tensors.length, 2);
  for (let n = 0; n < end; n++) {
    assert.throws(() => pe.readGGUF(f.bytes.subarray(0, n)), (e) => {
      assert.ok(e instanceof PosencError, `${n}: ${e}`);
      assert.equal(e.code, 'ERANGE', `${n}: ${e.message}`);
      assert.ok(e.message.includes(e.param), `${n}: ${e.message}`);
      seen.add(e.param);
      return true;
    });
    // with the file's size, the same bytes are a header read: short of the header, or whole
    if (n < f.headerBytes) throwsWith(() => pe.readGGUF(f.bytes.subarray(0, n), { fileSize: f.bytes.length }), 'ERANGE', 'bytes');
    else assert.equal(pe.readGGUF(f.bytes.subarray(0, n), { fileSize: f.bytes.length }).tensors.length, 2);
  }
  assert.deepEqual([...seen].sort(), ['bytes', 'key', 'n_kv', 'n_tensors', 'tensor']);
  assert.equal(pe.readGGUF(f.bytes).tensors.length, 2);
  assert.deepEqual(pe.compute('sinusoidal', { dim: 4, positions: 2 }).shape, [2, 4]);
});

test('readGGUFFile: a multi-GB sparse file read by positioned reads, only the header and the named tensors', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-gguf-'));
  try {
    const rope = Float32Array.from({ length: 64 }, (_, i) => 1 / 500000 ** (i / 64));
    const bigOffset = 3 * 2 ** 30;                          // a 4096 x 14336 Q4_0 tensor in the middle
    const f = writeGGUF({ ...LLAMA31, tensors: [
      { name: 'rope_freqs.weight', type: 'F32', shape: [64], data: new Uint8Array(rope.buffer) },
      { name: 'blk.0.ffn_up.weight', type: 'Q4_0', shape: [4096, 14336], offset: bigOffset },
      { name: 'output_norm.weight', type: 'F32', shape: [4096], offset: bigOffset + tensorBytes('Q4_0', [4096, 14336]) },
    ], header: false });
    const fileSize = 6 * 2 ** 30;
    const path = join(dir, 'sparse.gguf');
    const fd = openSync(path, 'w');
    writeSync(fd, f.bytes, 0, f.bytes.length, 0);
    writeSync(fd, new Uint8Array(rope.buffer), 0, 256, f.dataOffset);
    ftruncateSync(fd, fileSize);
    closeSync(fd);
    assert.equal(statSync(path).size, fileSize);
    const r = await readGGUFFile(path, { tensors: ['rope_freqs.weight'], posenc: pe, firstRead: 24, readAhead: 0 });
    assert.deepEqual(r.tensors['rope_freqs.weight'], rope);
    assert.equal(r.gguf.metadata['llama.rope.freq_base'], 500000);
    assert.equal(r.gguf.tensors[1].begin, f.dataOffset + bigOffset);
    // the header's bytes (read in growing lower bounds, never past its end) and the tensor's 256
    assert.equal(r.bytesRead, f.headerBytes + 256);
    // with read-ahead (doubling from 24 bytes), past the header's end by at most readAhead
    const a = await readGGUFFile(path, { tensors: ['rope_freqs.weight'], posenc: pe, firstRead: 24, readAhead: 100 });
    assert.deepEqual(a.tensors['rope_freqs.weight'], rope);
    assert.ok(a.bytesRead >= f.headerBytes && a.bytesRead <= f.headerBytes + 100 + 256, `${a.bytesRead} bytes read`);
    // the default first read (64 KiB) covers this header and the tensor after it: nothing more read
    const d = await readGGUFFile(path, { tensors: ['rope_freqs.weight', 'output_norm.weight'] });
    assert.deepEqual(d.tensors['rope_freqs.weight'], rope);
    assert.deepEqual(d.tensors['output_norm.weight'], new Float32Array(4096));
    assert.equal(d.bytesRead, 65536 + 4096 * 4);
    await assert.rejects(readGGUFFile(path, { tensors: ['blk.0.ffn_up.weight'], posenc: pe }), (e) => e.code === 'EINVAL' && e.param === 'dtype');
    await assert.rejects(readGGUFFile(path, { tensors: ['missing'], posenc: pe }), (e) => e.code === 'EINVAL' && e.param === 'name');
    await assert.rejects(readGGUFFile(path, { readAhead: -1, posenc: pe }), (e) => e.code === 'EINVAL' && e.param === 'readAhead');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
