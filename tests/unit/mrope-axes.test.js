// mrope-axes: the M-RoPE axis (0 t, 1 h, 2 w; -1 every axis) of each column of rope's tables.
// References written here from huggingface/transformers
// src/transformers/models/qwen2_vl/modeling_qwen2_vl.py (928b5565ecea2852ac5a41701c90589321548522)
// apply_multimodal_rotary_pos_emb: cos.split(mrope_section * 2, dim=-1), chunk i takes axis i % 3;
// src/transformers/models/qwen3_vl/modeling_qwen3_vl.py (68a7b7e272a36928120316249af3ee3cac595818)
// apply_interleaved_mrope: freqs[..., offset:3*mrope_section[axis]:3] from axis 1 (offset 1), 2 (offset 2).
// And against rope itself: ids that move only axis a change exactly the columns labelled a.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();
const axes = (params) => Array.from(pe.compute('mrope-axes', params).data);

// HF's chunked layout over the neox half-dims, written as the split does it
function chunked(sec) {
  const half = [];
  [...sec, ...sec].forEach((n, i) => { for (let j = 0; j < n; j++) half.push(i % 3); });
  return half;
}
// HF apply_interleaved_mrope over the r/2 frequencies, then neox duplicates them (emb = cat(freqs, freqs))
function interleaved(sec, h) {
  const a = Array(h).fill(0);
  for (const [axis, offset] of [[1, 1], [2, 2]]) for (let k = offset; k < 3 * sec[axis]; k += 3) a[k] = axis;
  return [...a, ...a];
}

test('Qwen2-VL / Qwen2.5-VL chunked sections [16, 24, 24] over dim 128', () => {
  const r = pe.compute('mrope-axes', { dim: 128, mropeSection: [16, 24, 24] });
  assert.equal(r.dtype, 'int32');
  assert.deepEqual(r.shape, [128]);
  assert.deepEqual(Array.from(r.data), chunked([16, 24, 24]));
  // the config spelling gives the same
  assert.deepEqual(axes({ dim: 128, ropeScaling: { type: 'mrope', mrope_section: [16, 24, 24] } }), chunked([16, 24, 24]));
});

test('Qwen3-VL interleaved [24, 20, 20] over dim 128', () => {
  assert.deepEqual(axes({ dim: 128, mropeSection: [24, 20, 20], mropeInterleaved: true }), interleaved([24, 20, 20], 64));
});

test('gptj pairs, partial rotary, no sections', () => {
  assert.deepEqual(axes({ dim: 16, layout: 'gptj', mropeSection: [2, 3, 3] }), [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
  assert.deepEqual(axes({ dim: 20, partialRotaryFactor: 0.5, mropeSection: [1, 2, 2] }), [0, 1, 1, 2, 2, 0, 1, 1, 2, 2]);
  assert.deepEqual(axes({ dim: 8 }), [-1, -1, -1, -1, -1, -1, -1, -1]);
});

test('rope agrees: ids that move only axis a change exactly the columns labelled a', () => {
  for (const params of [{ dim: 32, mropeSection: [4, 6, 6] }, { dim: 32, mropeSection: [6, 5, 5], mropeInterleaved: true },
    { dim: 32, mropeSection: [4, 6, 6], layout: 'gptj' }]) {
    const label = axes(params);
    for (let a = 0; a < 3; a++) {
      const ids = [0, 0, 0];
      ids[a] = 1;
      const t = pe.compute('rope', { ...params, positionIds: ids });  // one token: rows t, h, w
      const sin = Array.from(t.data.subarray(32, 64));  // sin, not cos: cos of the slowest angle rounds to 1 in float32
      sin.forEach((c, j) => assert.equal(c !== 0, label[j] === a, `${JSON.stringify(params)} axis ${a} column ${j}`));
    }
  }
});

test('errors are rope\'s', () => {
  assert.throws(() => pe.compute('mrope-axes', { dim: 64, mropeSection: [1, 1, 1] }), isError('ERANGE', 'mropeSection'));
  assert.throws(() => pe.compute('mrope-axes', { dim: 64, mropeInterleaved: true }), isError('EINVAL', 'mropeInterleaved'));
  assert.throws(() => pe.compute('mrope-axes', { dim: 64, mropeSection: [32, 0, 0], ropeScaling: { type: 'mrope', mrope_section: [16, 8, 8] } }),
    isError('EINVAL', 'mropeSection'));
  assert.throws(() => pe.compute('mrope-axes', { dim: 8, mropeSection: [0, 2, 2], mropeInterleaved: true }), isError('ERANGE', 'mropeSection'));
  assert.throws(() => pe.compute('mrope-axes', { dim: 64, ropeScaling: { rope_type: 'linear' } }), isError('EINVAL', 'ropeScaling.factor'));
  assert.deepEqual(axes({ dim: 4 }), [-1, -1, -1, -1]);
});
