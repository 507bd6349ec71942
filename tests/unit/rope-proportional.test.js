// rope_type 'proportional' (Gemma 4's full-attention layers), against a float64 reference written
// from transformers' _compute_proportional_rope_parameters (src/transformers/modeling_rope_utils.py,
// transformers v5 with Gemma 4; Gemma4TextConfig's defaults in src/transformers/models/gemma4/
// configuration_gemma4.py, huggingface/transformers commit 008e574391258935f3ecc3035c882e73bbcac419):
//   rope_angles = int(partial_rotary_factor * head_dim // 2)
//   inv_freq = cat(1 / base ** (arange(0, 2 * rope_angles, 2) / head_dim), zeros(head_dim // 2 - rope_angles)) / factor
// and the model applies it with rotate_half over the whole head (emb = cat(freqs, freqs)).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();

function invFreq(dim, base, prf = 1, factor = 1) {
  const angles = Math.trunc(Math.floor(prf * dim / 2));
  return Array.from({ length: dim / 2 }, (_, k) => (k < angles ? 1 / base ** ((2 * k) / dim) / factor : 0));
}
const close = (got, want, rel = 1.2e-7) => Math.abs(got - want) <= Math.abs(want) * rel + 1e-30;

test("Gemma 4's full layers (global_head_dim 512, partial_rotary_factor 0.25, rope_theta 1e6): 64 live frequencies of 256", () => {
  const params = { dim: 512, base: 1e6, partialRotaryFactor: 0.25, ropeScaling: { rope_type: 'proportional' } };
  const { data, shape, info } = pe.compute('rope-frequencies', params);
  assert.deepEqual(shape, [256]);
  assert.equal(info.attentionFactor, 1);
  const want = invFreq(512, 1e6, 0.25);
  for (let k = 0; k < 256; k++) assert.ok(close(data[k], want[k]), `k ${k}: ${data[k]} vs ${want[k]}`);
  assert.equal(data.filter((v) => v !== 0).length, 64);
  // the exponent divides by the full head dim: inv_63 = 1e6^(-126/512), not 1e6^(-126/128) (partial default)
  assert.ok(close(data[63], 1e6 ** (-126 / 512)));
  const partial = pe.compute('rope-frequencies', { ...params, ropeScaling: { rope_type: 'default' } }).data;
  assert.equal(partial.length, 64);
  assert.ok(Math.abs(partial[63] / data[63] - 1) > 0.5);
});

test('many dims, factors and bases, with factor: inv_freq against float64', () => {
  for (const dim of [2, 4, 6, 10, 64, 130, 256])
    for (const prf of [0, 0.1, 0.25, 0.5, 0.75, 1])
      for (const [base, factor] of [[10000, undefined], [1e6, 8], [500000, 0.5]]) {
        const ropeScaling = { rope_type: 'proportional', ...(factor ? { factor } : {}) };
        const { data } = pe.compute('rope-frequencies', { dim, base, partialRotaryFactor: prf, ropeScaling });
        const want = invFreq(dim, base, prf, factor ?? 1);
        assert.equal(data.length, want.length);
        want.forEach((w, k) => assert.ok(close(data[k], w), `dim ${dim} prf ${prf} k ${k}`));
      }
});

test('the rope table spans the whole head: neox pairs (k, k + dim/2), cos 1 and sin 0 on the zero frequencies', () => {
  const dim = 16, base = 1e6, positions = 9, offset = 3;
  const { data, shape } = pe.compute('rope', { positions, offset, dim, base, partialRotaryFactor: 0.25, ropeScaling: { rope_type: 'proportional' } });
  assert.deepEqual(shape, [2, positions, dim]);
  const inv = invFreq(dim, base, 0.25);
  for (let i = 0; i < positions; i++)
    for (let c = 0; c < dim; c++) {
      const a = (offset + i) * inv[c % (dim / 2)];
      assert.ok(Math.abs(data[i * dim + c] - Math.cos(a)) < 1e-7, `cos ${i} ${c}`);
      assert.ok(Math.abs(data[(positions + i) * dim + c] - Math.sin(a)) < 1e-7, `sin ${i} ${c}`);
    }
});

test('rope-apply rotates as the model does (x cos + rotate_half(x) sin over the whole head): the zero-frequency pairs pass unchanged', () => {
  const dim = 12, positions = 5;
  const x = Float32Array.from({ length: positions * dim }, (_, i) => Math.sin(i * 1.7) * 3);
  const { data } = pe.compute('rope-apply', { x, dim, base: 10000, partialRotaryFactor: 0.5, offset: 7, ropeScaling: { rope_type: 'proportional' } });
  const inv = invFreq(dim, 10000, 0.5), h = dim / 2;
  for (let i = 0; i < positions; i++) {
    const row = x.subarray(i * dim, (i + 1) * dim);
    for (let c = 0; c < dim; c++) {
      const a = (7 + i) * inv[c % h];
      const rot = c < h ? -row[c + h] : row[c - h];  // rotate_half
      const want = row[c] * Math.cos(a) + rot * Math.sin(a);
      assert.ok(Math.abs(data[i * dim + c] - want) < 1e-5, `row ${i} col ${c}`);
      if (inv[c % h] === 0) assert.equal(data[i * dim + c], row[c]);
    }
  }
});

test('refusals: an odd head dim names dim; a zero factor names ropeScaling.factor', () => {
  throwsWith(() => pe.compute('rope-frequencies', { dim: 7, ropeScaling: { rope_type: 'proportional' } }), 'ERANGE', 'dim');
  throwsWith(() => pe.compute('rope', { dim: 8, ropeScaling: { rope_type: 'proportional', factor: 0 } }), 'ERANGE', 'ropeScaling.factor');
});
