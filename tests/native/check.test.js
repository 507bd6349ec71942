// pe.check against transformers' float32 RoPE pipeline transcribed in numpy (tests/check/dumps.py,
// run at test time): the right tables are exact under the default bound, and each table with one
// mistake is diagnosed with the right cause and fix, read from .npy and from .safetensors alike.
// Also: freqDtype 'float32' reproduces that pipeline's bits, dtype rounds as .to(dtype) does, and
// rope-columns maps each head column.
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
const dir = mkdtempSync(join(tmpdir(), 'posenc-check-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
execFileSync('/usr/bin/python3', [fileURLToPath(new URL('../check/dumps.py', import.meta.url)), dir]);
const file = (name) => new Uint8Array(readFileSync(join(dir, name)));
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));

// Every tensor a case's files hold that check reads (its .npy; each of its .safetensors tensors).
function tensorsOf(c) {
  const out = [];
  if (c.npy) out.push({ from: c.npy, t: pe.readTensor(file(c.npy)), input: c.input && pe.readTensor(file(c.input)) });
  if (c.safetensors) {
    const bytes = file(c.safetensors);
    for (const { name } of pe.tensorHeader(bytes).tensors) {
      if (name === 'inv_freq' || (c.tensor && name !== c.tensor)) continue;
      out.push({ from: `${c.safetensors}:${name}`, t: pe.readTensor(bytes, { name }),
        input: c.inputTensor && pe.readTensor(bytes, { name: c.inputTensor }) });
    }
  }
  return out;
}

// The fix's keys as the case states them (a ropeScaling fix: the fields it names).
function assertFix(fix, want, label) {
  for (const [key, v] of Object.entries(want)) {
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) assert.equal(fix[key]?.[k], x, `${label}: fix.${key}.${k}`);
    else assert.equal(fix[key], v, `${label}: fix.${key}`);
  }
}

for (const [name, c] of Object.entries(index)) {
  test(`${name}: ${c.expect ? `diagnosed as ${c.expect.cause}` : 'exact'}`, () => {
    const target = c.step ? { ...c.target, params: { step: c.step } } : c.target;
    const cases = tensorsOf(c);
    assert.ok(cases.length >= 1);
    for (const { from, t, input } of cases) {
      const r = pe.check(t, target, input ? { input } : {});
      const rows = r.rowError.length, cols = r.columnError.length;
      assert.equal(rows * cols * (r.what === 'cos-sin' || r.what === 'sin-cos' ? 2 : 1), t.data.length, from);
      if (!c.expect) {
        assert.equal(r.exact, true, `${from}: max ${r.maxAbsError} over ${r.tolerance}, first ${JSON.stringify(r.firstBad)}`);
        assert.deepEqual(r.diagnosis, [], from);
        assert.equal(r.firstBad, null, from);
        assert.ok(r.maxAbsError <= r.tolerance, from);
        continue;
      }
      assert.equal(r.exact, false, from);
      assert.ok(r.diagnosis.length >= 1, `${from}: no diagnosis (max ${r.maxAbsError})`);
      const d = r.diagnosis[0];
      assert.equal(d.cause, c.expect.cause, `${from}: ${JSON.stringify(r.diagnosis)}`);
      if (c.expect.fix) assertFix(d.fix, c.expect.fix, from);
      // the fix explains the error: what is left is float32's, not the mistake's (a table rounded to
      // bf16: nothing, one bf16 ulp at each value is allowed)
      assert.ok(d.badElements <= r.badElements / 100, `${from}: ${d.badElements} of ${r.badElements} left`);
      if (c.expect.cause === 'precision') assert.equal(d.badElements, 0, from);
      assert.ok(d.tolerance > 0 && (d.badElements > 0 || d.maxAbsError <= d.tolerance), from);
      assert.ok(d.maxAbsError < 5e-3, `${from}: left ${d.maxAbsError}`);
      if (r.firstBad) assert.ok(Math.abs(r.firstBad.got - r.firstBad.want) > 0, from);
    }
  });
}

test('the bound is per element: a table off by 2 ulps where the angle is small is not exact', () => {
  const t = pe.readTensor(file('llama-exact.npy'));
  const data = t.data.slice();
  data[1 * 128 + 127] += 2 ** -20;  // cos row 1, the slowest column: angle 1.6e-6
  const r = pe.check({ ...t, data }, index['llama exact'].target);
  assert.equal(r.exact, false);
  assert.deepEqual({ row: r.firstBad.row, column: r.firstBad.column }, { row: 1, column: 127 });
  assert.ok(r.columnError[127] >= 2 ** -20 * 0.99 && r.columnError[126] < 2 ** -22, `${r.columnError[127]}`);
  assert.ok(r.rowError[1] >= 2 ** -20 * 0.99);
  // the same change is within an explicit tolerance
  assert.equal(pe.check({ ...t, data }, index['llama exact'].target, { tolerance: 1e-2 }).exact, true);
});

test('freqDtype float32: the float32 pipeline to the last bits of cos/sin; dtype: .to(dtype) of it', () => {
  const t = pe.readTensor(file('plain-f32.npy'));  // [2, 4096, 128], positions 0, 16, .. 65520
  const params = { dim: 128, base: 500000, positions: 4096, step: 16 };
  const m = pe.compute('rope', { ...params, freqDtype: 'float32' }).data;
  let equal = 0, max = 0;
  for (let i = 0; i < m.length; i++) {
    const d = Math.abs(m[i] - t.data[i]);
    equal += d === 0;
    max = Math.max(max, d);
  }
  assert.ok(max <= 2 ** -24, `max ${max}`);           // at most one ulp (numpy's float32 cos is not correctly rounded)
  assert.ok(equal / m.length > 0.8, `${equal} of ${m.length} equal`);
  const dbl = pe.compute('rope', params).data;        // angles in double: far from it at these positions
  assert.ok(dbl.some((v, i) => Math.abs(v - t.data[i]) > 1e-3));
  const inv = pe.compute('rope-frequencies', { dim: 128, base: 500000, freqDtype: 'float32' }).data;
  assert.deepEqual(inv.subarray(0, 4), Float32Array.of(1, 0.8146172165870667, 0.663601279258728, 0.5405809879302979));
  const bf = pe.compute('rope', { ...params, freqDtype: 'float32', dtype: 'bfloat16' }).data;
  const u = new Uint32Array(m.buffer), b = new Uint32Array(bf.buffer);
  for (let i = 0; i < m.length; i += 997) {
    const want = (u[i] + 0x7fff + ((u[i] >>> 16) & 1)) >>> 16 << 16 >>> 0;
    assert.equal(b[i], want, `element ${i}`);
  }
  const h = pe.compute('rope', { dim: 8, positions: 3, offset: 1000, dtype: 'float16' }).data;
  const f = pe.compute('rope', { dim: 8, positions: 3, offset: 1000 }).data;
  for (let i = 0; i < h.length; i++) assert.ok(Math.abs(h[i] - f[i]) <= 2 ** -12, `${h[i]} ${f[i]}`);
  assert.ok(h.every((v) => Math.round(v * 2 ** 14) === v * 2 ** 14 || Math.abs(v) >= 0.5));
  const bfInv = pe.compute('rope-frequencies', { dim: 8, freqDtype: 'bfloat16' }).data;
  assert.deepEqual([...bfInv], [1, 0.1000976562, 0.010009765625, 0.00099945068359375].map((v) => Math.fround(v)));
});

test('rope-columns: partner, frequency index, frequency, M-RoPE axis of each head column', () => {
  const neox = pe.compute('rope-columns', { dim: 8, partialRotaryFactor: 0.5, base: 100 });
  assert.deepEqual(neox.shape, [8, 4]);
  assert.deepEqual([...neox.data], [2, 0, 1, -1, 3, 1, Math.fround(0.1), -1, 0, 0, 1, -1, 1, 1, Math.fround(0.1), -1,
    -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1, -1, -1, 0, -1]);
  const gptj = pe.compute('rope-columns', { dim: 4, layout: 'gptj', base: 100 }).data;
  assert.deepEqual([...gptj], [1, 0, 1, -1, 0, 0, 1, -1, 3, 1, Math.fround(0.1), -1, 2, 1, Math.fround(0.1), -1]);
  const m = pe.compute('rope-columns', { dim: 12, mropeSection: [2, 2, 2] }).data;
  assert.deepEqual(Array.from({ length: 12 }, (_, c) => m[c * 4 + 3]), [0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2]);
  const yarn = pe.compute('rope-columns', { dim: 64, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 2048 } });
  const freqs = pe.compute('rope-frequencies', { dim: 64, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 2048 } }).data;
  for (let c = 0; c < 64; c++) assert.equal(yarn.data[c * 4 + 2], freqs[c % 32]);
  assert.equal(yarn.info.attentionFactor, pe.compute('rope-frequencies', { dim: 64, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 2048 } }).info.attentionFactor);
});

test('two mistakes at once, and fixes estimated from inverse frequencies and rotated vectors', () => {
  const llama = pe.ropeFromConfig(index['llama exact'].target.config);
  const shifted = pe.compute('rope', { ...llama, positions: 2048, offset: 1, dtype: 'bfloat16', freqDtype: 'float32' });
  const r = pe.check({ shape: shifted.shape, data: shifted.data }, { kind: 'rope', params: llama });
  assert.deepEqual(r.diagnosis[0].causes, ['offset', 'precision']);
  assert.deepEqual(r.diagnosis[0].fix, { offset: 1, dtype: 'bfloat16', freqDtype: 'float32' });
  assert.equal(r.diagnosis[0].badElements, 0);
  assert.deepEqual(r.diagnosis[1].fix, { offset: 1 });
  assert.ok(r.diagnosis[1].badElements > 1000);
  const linear = pe.compute('rope-frequencies', { dim: 64, ropeScaling: { rope_type: 'linear', factor: 4 }, freqDtype: 'float32' });
  const f = pe.check({ shape: linear.shape, data: linear.data }, { kind: 'rope', params: { dim: 64 } });
  assert.equal(f.what, 'inv_freq');
  assert.deepEqual(f.diagnosis[0].fix, { ropeScaling: { rope_type: 'linear', factor: 4 } });
  const bf = pe.compute('rope-frequencies', { ...llama, freqDtype: 'bfloat16' });
  assert.deepEqual(pe.check({ shape: bf.shape, data: bf.data }, { kind: 'rope', params: llama }).diagnosis[0].fix, { freqDtype: 'bfloat16' });
  const q = pe.readTensor(file('partial-q.npy'));
  const params = pe.ropeFromConfig(index['partial exact'].target.config);
  for (const change of [{ layout: 'gptj' }, { offset: 1 }, { base: 1e6 }]) {
    const y = pe.compute('rope-apply', { ...params, ...change, x: q.data });
    const d = pe.check({ shape: q.shape, data: y.data }, { kind: 'rope', params }, { input: q }).diagnosis[0];
    assert.deepEqual(d.fix, change);
    assert.equal(d.maxAbsError, 0);
  }
});

test('rotary-part: a partial table or rotation placed in the last dims of the head', () => {
  const D = 80, R = 32, P = 64;
  const params = { dim: D, partialRotaryFactor: 0.4 };
  const m = pe.compute('rope', { ...params, positions: P }).data;
  const t = new Float32Array(2 * P * D);
  for (let pl = 0; pl < 2; pl++) {
    for (let p = 0; p < P; p++) {
      for (let c = 0; c < D; c++) t[(pl * P + p) * D + c] = c < D - R ? 1 - pl : m[(pl * P + p) * R + c - (D - R)];
    }
  }
  const r = pe.check({ shape: [2, P, D], data: t }, { kind: 'rope', params });
  assert.deepEqual([r.diagnosis[0].cause, r.diagnosis[0].fix, r.diagnosis[0].badElements], ['rotary-part', { rotaryDims: 'last' }, 0]);
  // the same table with its rotary columns first, the rest unrotated (cos 1, sin 0): exact
  const first = new Float32Array(2 * P * D);
  for (let pl = 0; pl < 2; pl++) {
    for (let p = 0; p < P; p++) for (let c = 0; c < D; c++) first[(pl * P + p) * D + c] = c < R ? m[(pl * P + p) * R + c] : 1 - pl;
  }
  assert.equal(pe.check({ shape: [2, P, D], data: first }, { kind: 'rope', params }).exact, true);
  const x = Float32Array.from({ length: P * D }, (_, i) => Math.cos(i * 0.37));
  const tail = Float32Array.from({ length: P * R }, (_, i) => x[Math.floor(i / R) * D + (D - R) + (i % R)]);
  const part = pe.compute('rope-apply', { dim: R, x: tail }).data;
  const y = x.slice();
  for (let p = 0; p < P; p++) for (let c = D - R; c < D; c++) y[p * D + c] = part[p * R + c - (D - R)];
  const d = pe.check({ shape: [P, D], data: y }, { kind: 'rope', params }, { input: { shape: [P, D], data: x } }).diagnosis[0];
  assert.deepEqual([d.cause, d.fix], ['rotary-part', { rotaryDims: 'last' }]);
  assert.ok(d.maxAbsError < 1e-5);
});

test('check: other kinds compared as they are; bad options are errors naming them; the instance keeps working', () => {
  const a = pe.compute('alibi', { heads: 4, queries: 16 });
  assert.equal(pe.check({ shape: a.shape, data: a.data }, { kind: 'alibi', params: { heads: 4, queries: 16 } }).exact, true);
  const off = pe.compute('alibi', { heads: 4, queries: 16, maxBias: 4 });
  const r = pe.check({ shape: off.shape, data: off.data }, { kind: 'alibi', params: { heads: 4, queries: 16 } });
  assert.equal(r.exact, false);
  assert.ok(r.maxAbsError > 1);
  const t5 = pe.compute('t5', { queries: 12, bidirectional: false });
  const f5 = pe.readTensor(new Uint8Array(t5.data.buffer), { shape: t5.shape, dtype: 'int32' });
  assert.equal(pe.check(f5, { kind: 't5', params: { queries: 12, bidirectional: false } }).exact, true);
  const other = pe.check(f5, { kind: 't5', params: { queries: 12 } });
  assert.equal(other.exact, false);
  assert.ok(other.firstBad.want === Math.round(other.firstBad.want) && other.firstBad.want !== other.firstBad.got);
  const t = pe.readTensor(file('llama-exact.npy'));
  const target = index['llama exact'].target;
  throwsWith(() => pe.check(t, target, { what: 'tan' }), 'EINVAL', 'what');
  throwsWith(() => pe.check(t, target, { tolerance: -1 }), 'EINVAL', 'tolerance');
  throwsWith(() => pe.check({ shape: [3, 7], data: new Float32Array(21) }, target), 'EINVAL', 'shape');
  throwsWith(() => pe.check({ shape: [2], data: new Float32Array(3) }, target), 'EINVAL', 'shape');
  throwsWith(() => pe.check(t, { kind: 'rope', params: { dim: 63 } }), 'ERANGE', 'dim');
  throwsWith(() => pe.check(t, null), 'EINVAL', 'target');
  throwsWith(() => pe.check(pe.readTensor(file('partial-rotated.npy')), index['partial exact'].target, { what: 'rotated' }), 'EINVAL', 'input');
  assert.equal(pe.check(t, target).exact, true);
});
