// readTensor and tensorHeader (c/tensor.c): .npy files written by numpy in every version and dtype
// read back to the values numpy holds; .safetensors by name; raw values; and hostile files, each
// refused with a PosencError naming what is wrong, after which the instance computes as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();
const dir = mkdtempSync(join(tmpdir(), 'posenc-tensor-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
execFileSync('/usr/bin/python3', [fileURLToPath(new URL('../check/dumps.py', import.meta.url)), dir]);
const file = (name) => new Uint8Array(readFileSync(join(dir, name)));
const values = Float32Array.from({ length: 24 }, (_, i) => i / 7);

// A .safetensors file from a header object and data bytes (the header padded as the format allows).
function safetensors(header, data = new Uint8Array(0), lengthOverride) {
  const text = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + text.length + data.length);
  new DataView(out.buffer).setBigUint64(0, BigInt(lengthOverride ?? text.length), true);
  out.set(text, 8);
  out.set(data, 8 + text.length);
  return out;
}
const f32bytes = (a) => new Uint8Array(Float32Array.from(a).buffer);

test('.npy: every dtype numpy writes for it, as float32 of the same values', () => {
  const want = { f8: values, f4: values, f2: values.map((v) => v) };
  for (const [dt, name] of [['f8', 'float64'], ['f4', 'float32'], ['f2', 'float16'], ['i8', 'int64'], ['i4', 'int32']]) {
    const t = pe.readTensor(file(`dtype${dt}.npy`));
    assert.equal(t.dtype, name);
    assert.deepEqual(t.shape, [2, 3, 4]);
    for (let i = 0; i < 24; i++) {
      if (dt[0] === 'i') assert.equal(t.data[i], i, dt);
      else if (dt === 'f2') assert.ok(Math.abs(t.data[i] - values[i]) <= 2 ** -11 * Math.max(values[i], 2 ** -14), `${dt} ${i}: ${t.data[i]}`);
      else assert.equal(t.data[i], want[dt][i], `${dt} ${i}`);
    }
  }
  assert.equal(pe.readTensor(file('dtypef2.npy')).data[1], 0.142822265625);  // float16(1/7), exactly
});

test('.npy header versions 1, 2 and 3 read alike', () => {
  for (const v of [1, 2, 3]) {
    const t = pe.readTensor(file(`version${v}.npy`));
    assert.deepEqual(t.shape, [2, 3, 4]);
    assert.deepEqual(t.data, values);
  }
});

test('.safetensors: tensors by name, BF16 decoded exactly, header offsets absolute', () => {
  const bytes = file('llama-bf16.safetensors');
  const h = pe.tensorHeader(bytes);
  assert.equal(h.format, 'safetensors');
  assert.deepEqual(h.tensors.map((t) => [t.name, t.dtype, t.shape]), [['cos', 'bfloat16', [4096, 128]], ['sin', 'bfloat16', [4096, 128]],
    ['inv_freq', 'float32', [64]]]);
  assert.equal(h.tensors[0].begin, h.headerBytes);
  assert.equal(h.tensors[0].end - h.tensors[0].begin, 4096 * 128 * 2);
  const cos = pe.readTensor(bytes, { name: 'cos' });
  assert.equal(cos.dtype, 'bfloat16');
  assert.equal(cos.data[0], 1);
  for (const v of cos.data.subarray(0, 4096)) assert.equal(new Uint32Array(Float32Array.of(v).buffer)[0] & 0xffff, 0);
  const inv = pe.readTensor(bytes, { name: 'inv_freq' });
  assert.deepEqual(inv.data, pe.readTensor(file('llama-inv.npy')).data);
  throwsWith(() => pe.readTensor(bytes), 'EINVAL', 'name');
  assert.throws(() => pe.readTensor(bytes), /"cos", "sin", "inv_freq"/);
  throwsWith(() => pe.readTensor(bytes, { name: 'rotary.cos' }), 'EINVAL', 'name');
});

test('a header from the first bytes only: the size it needs, then the tensor from its byte range', () => {
  const bytes = file('llama-exact.safetensors');
  const need = pe.tensorHeaderSize(bytes.subarray(0, 16), { fileSize: bytes.length });
  const h = pe.tensorHeader(bytes.subarray(0, need), { fileSize: bytes.length });
  const t = h.tensors.find((x) => x.name === 'rotary.sin');
  const slice = pe.readTensor(bytes.subarray(t.begin, t.end), { name: t.name, shape: t.shape, dtype: t.dtype });
  assert.deepEqual(slice.data, pe.readTensor(bytes, { name: 'rotary.sin' }).data);
  throwsWith(() => pe.tensorHeader(bytes.subarray(0, need - 1), { fileSize: bytes.length }), 'ERANGE', 'bytes');
});

test('raw little-endian values with shape and dtype', () => {
  const t = pe.readTensor(f32bytes([1, 2, 3, 4, 5, 6]), { shape: [2, 3], dtype: 'float32' });
  assert.deepEqual([...t.data], [1, 2, 3, 4, 5, 6]);
  const i64 = new Uint8Array(new BigInt64Array([-3n, 2n ** 40n]).buffer);
  assert.deepEqual([...pe.readTensor(i64, { shape: [2], dtype: 'int64' }).data], [-3, 2 ** 40]);
  const bf = new Uint8Array([0x80, 0x3f, 0x49, 0x40]);  // bfloat16 1, 3.140625
  assert.deepEqual([...pe.readTensor(bf, { shape: [2], dtype: 'bfloat16' }).data], [1, 3.140625]);
  throwsWith(() => pe.readTensor(f32bytes([1, 2, 3]), { shape: [2, 2], dtype: 'float32' }), 'ERANGE', 'shape');
  throwsWith(() => pe.readTensor(f32bytes([1, 2]), { shape: [2] }), 'EINVAL', 'dtype');
  throwsWith(() => pe.readTensor(f32bytes([1, 2]), { shape: [2], dtype: 'complex64' }), 'EINVAL', 'dtype');
  throwsWith(() => pe.readTensor(f32bytes([1, 2]), { dtype: 'float32' }), 'EINVAL', 'shape');
  throwsWith(() => pe.readTensor(f32bytes([1, 2]), { shape: [-2], dtype: 'float32' }), 'ERANGE', 'shape');
  throwsWith(() => pe.readTensor('not bytes'), 'EINVAL', 'bytes');
});

test('hostile files: each refused naming what is wrong, nothing allocated for what the bytes do not hold', () => {
  const before = pe.compute('rope', { dim: 16, positions: 5 }).data;
  const heapBefore = pe.memory.buffer.byteLength;
  const npy = file('version1.npy');
  throwsWith(() => pe.readTensor(npy.subarray(0, npy.length - 5)), 'ERANGE', 'shape');      // truncated values
  throwsWith(() => pe.readTensor(npy.subarray(0, 40)), 'ERANGE', 'header');                 // truncated header
  const lying = npy.slice();
  new DataView(lying.buffer).setUint16(8, 60000, true);                                     // header length past the end
  throwsWith(() => pe.readTensor(lying), 'ERANGE', 'header');
  const text = new TextDecoder().decode(npy.subarray(10, 10 + new DataView(npy.buffer).getUint16(8, true)));
  const withShape = (shape) => {
    const t = text.replace('(2, 3, 4)', shape).padEnd(text.length);
    const out = npy.slice();
    out.set(new TextEncoder().encode(t.slice(0, text.length)), 10);
    return out;
  };
  throwsWith(() => pe.readTensor(withShape('(2, 3, 5)')), 'ERANGE', 'shape');              // shape larger than the bytes
  throwsWith(() => pe.readTensor(withShape('(4294967296, 4294967296)')), 'ERANGE', 'shape');  // overflow: 2^64 elements
  throwsWith(() => pe.readTensor(withShape('(9999999999999999999,)')), 'ERANGE', 'shape');
  throwsWith(() => pe.readTensor(file('fortran.npy')), 'EINVAL', 'fortran_order');
  throwsWith(() => pe.readTensor(file('bigendian.npy')), 'EINVAL', 'dtype');
  throwsWith(() => pe.readTensor(file('complex.npy')), 'EINVAL', 'dtype');
  throwsWith(() => pe.readTensor(npy, { maxBytes: 64 }), 'ENOMEM', 'shape');              // a copy past the byte cap
  const data = f32bytes([1, 2, 3, 4]);
  const ok = { t: { dtype: 'F32', shape: [4], data_offsets: [0, 16] } };
  assert.deepEqual([...pe.readTensor(safetensors(ok, data)).data], [1, 2, 3, 4]);
  throwsWith(() => pe.readTensor(safetensors(ok, data, 1e6)), 'ERANGE', 'header');           // header length past the end
  throwsWith(() => pe.readTensor(safetensors(ok, data, 2 ** 40)), 'ERANGE', 'header');       // past the format's cap
  throwsWith(() => pe.readTensor(safetensors(ok, data.subarray(0, 12))), 'ERANGE', 'data_offsets');  // truncated
  throwsWith(() => pe.readTensor(safetensors({ t: { dtype: 'F32', shape: [8], data_offsets: [0, 16] } }, data)), 'ERANGE', 'shape');
  throwsWith(() => pe.readTensor(safetensors({ t: { dtype: 'F32', shape: [2 ** 31, 2 ** 31, 2 ** 31], data_offsets: [0, 16] } }, data)), 'ERANGE', 'shape');
  throwsWith(() => pe.readTensor(safetensors({ t: { dtype: 'F32', shape: [4], data_offsets: [16, 0] } }, data)), 'ERANGE', 'data_offsets');
  throwsWith(() => pe.readTensor(safetensors({ t: { dtype: 'F8_E4M3', shape: [16], data_offsets: [0, 16] } }, data)), 'EINVAL', 'dtype');
  throwsWith(() => pe.readTensor(safetensors({ t: { dtype: 'F32', shape: [4] } }, data)), 'EINVAL', 'data_offsets');
  const broken = safetensors(ok, data);
  broken[20] = 0x7b;  // a stray brace inside the JSON
  throwsWith(() => pe.readTensor(broken), 'EINVAL', 'header');
  throwsWith(() => pe.readTensor(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])), 'EINVAL', 'bytes');
  throwsWith(() => pe.readTensor(new Uint8Array([1, 2])), 'ERANGE', 'bytes');
  // a well-formed file with an unreadable tensor still gives the others
  const mixed = safetensors({ a: { dtype: 'U8', shape: [4], data_offsets: [0, 4] }, b: { dtype: 'F32', shape: [3], data_offsets: [4, 16] } }, data);
  assert.deepEqual([...pe.readTensor(mixed, { name: 'b' }).data], [2, 3, 4]);
  assert.equal(pe.tensorHeader(mixed).tensors[0].dtype, 'U8');
  throwsWith(() => pe.readTensor(mixed, { name: 'a' }), 'EINVAL', 'dtype');
  // names decoded from JSON escapes
  const named = safetensors({ 'q\u00e9\\"x': { dtype: 'F32', shape: [4], data_offsets: [0, 16] } }, data);
  assert.equal(pe.tensorHeader(named).tensors[0].name, 'q\u00e9\\"x');
  assert.deepEqual(pe.compute('rope', { dim: 16, positions: 5 }).data, before);
  assert.ok(pe.memory.buffer.byteLength - heapBefore < 2 ** 20, 'nothing large allocated');
});
