// relative: clamp(j - i', -clip, clip) + offset against a reference written here (i' = i, or
// i + keys - queries with align 'end', as c/posenc.h documents), over many sizes; the seed's form and
// Shaw et al.'s (tensorflow/tensor2tensor · tensor2tensor/layers/common_attention.py ·
// _generate_relative_positions_matrix: clip(j - i, -K, K) + K, queries end-aligned); the int32 guard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();

function reference({ queries, keys = queries, offset = 0, clip = 0, align = 'start' }) {
  const out = new Int32Array(queries * keys);
  const shift = align === 'end' ? keys - queries : 0;
  for (let i = 0; i < queries; i++) {
    for (let j = 0; j < keys; j++) {
      let d = j - (i + shift);
      if (clip > 0) d = Math.min(clip, Math.max(-clip, d));
      out[i * keys + j] = d + offset;
    }
  }
  return out;
}

test('every size 0..9 x 0..9, both alignments, several clips and offsets', () => {
  const sizes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  for (const queries of sizes) {
    for (const keys of sizes) {
      for (const align of ['start', 'end']) {
        for (const clip of [0, 1, 2, 5, 100]) {
          for (const offset of [0, 3, -7, queries]) {
            const p = { queries, keys, offset, clip, align };
            const m = pe.compute('relative', p);
            assert.deepEqual(m.shape, [queries, keys]);
            assert.ok(m.data instanceof Int32Array);
            assert.deepEqual(m.data, reference(p), JSON.stringify(p));
          }
        }
      }
    }
  }
});

test('larger odd and uneven sizes', () => {
  for (const [queries, keys] of [[37, 53], [53, 37], [1, 129], [129, 1], [64, 64], [101, 3]]) {
    for (const align of ['start', 'end']) {
      const p = { queries, keys, align, clip: 16, offset: 16 };
      assert.deepEqual(pe.compute('relative', p).data, reference(p));
    }
  }
});

test('keys unset = queries; align start is the default', () => {
  const m = pe.compute('relative', { queries: 6 });
  assert.deepEqual(m.shape, [6, 6]);
  assert.deepEqual(m.data, reference({ queries: 6 }));
  assert.deepEqual(pe.compute('relative', { queries: 4, keys: 9 }).data, reference({ queries: 4, keys: 9 }));
});

test("the seed's compute_relative_positional_encoding(L): j - i + L, values 1 .. 2L-1", () => {
  for (const L of [1, 2, 5, 50]) {
    const { data } = pe.compute('relative', { queries: L, offset: L });
    assert.equal(Math.min(...data), 1);
    assert.equal(Math.max(...data), 2 * L - 1);
    assert.equal(data[L - 1], 2 * L - 1);      // i = 0, j = L - 1
    assert.equal(data[(L - 1) * L], 1);        // i = L - 1, j = 0
  }
});

test('Shaw et al. (tensor2tensor): clip K, offset K, align end; values in [0, 2K]', () => {
  const K = 3;
  const { data } = pe.compute('relative', { queries: 8, keys: 8, clip: K, offset: K, align: 'end' });
  assert.equal(Math.min(...data), 0);
  assert.equal(Math.max(...data), 2 * K);
  // Row 0 of an 8 x 8 table: clip(j - 0, -3, 3) + 3 = 3 4 5 6 6 6 6 6.
  assert.deepEqual([...data.subarray(0, 8)], [3, 4, 5, 6, 6, 6, 6, 6]);
  // One decoding step (1 query, k keys): range(-k+1, 1) before clipping, the query is the last key.
  const step = pe.compute('relative', { queries: 1, keys: 6, align: 'end' }).data;
  assert.deepEqual([...step], [-5, -4, -3, -2, -1, 0]);
  const clipped = pe.compute('relative', { queries: 1, keys: 6, align: 'end', clip: K, offset: K }).data;
  assert.deepEqual([...clipped], [0, 0, 0, 1, 2, 3]);
});

test('queries > keys with align end: early queries sit before the first key', () => {
  // i' = i + 2 - 4 = i - 2: row 0 is j + 2, row 3 is j - 1.
  const { data } = pe.compute('relative', { queries: 4, keys: 2, align: 'end' });
  assert.deepEqual([...data], [2, 3, 1, 2, 0, 1, -1, 0]);
});

test('values must fit int32: offset at the edge is fine, one past it is ERANGE naming offset', () => {
  const max = 2147483647, min = -2147483648;
  assert.deepEqual([...pe.compute('relative', { queries: 1, keys: 1, offset: max }).data], [max]);
  assert.deepEqual([...pe.compute('relative', { queries: 1, keys: 1, offset: min }).data], [min]);
  // 2 x 2 spans j - i in [-1, 1]: offsets must stay within [min + 1, max - 1].
  assert.deepEqual([...pe.compute('relative', { queries: 2, offset: max - 1 }).data], [max - 1, max, max - 2, max - 1]);
  throwsWith(() => pe.compute('relative', { queries: 2, offset: max }), 'ERANGE', 'offset');
  throwsWith(() => pe.compute('relative', { queries: 2, offset: min }), 'ERANGE', 'offset');
  assert.throws(() => pe.compute('relative', { queries: 2, offset: max }), /allowed: -2147483647 to 2147483646/);
  // Clipping narrows the span: with clip 1 any size works at offset max - 1.
  const big = pe.compute('relative', { queries: 40, keys: 70, clip: 1, offset: max - 1 }).data;
  assert.equal(Math.max(...big), max);
  // align end shifts the span: 1 query x 5 keys spans [-4, 0] -> offset may reach max.
  assert.equal(pe.compute('relative', { queries: 1, keys: 5, align: 'end', offset: max }).data[4], max);
  throwsWith(() => pe.compute('relative', { queries: 1, keys: 5, offset: max }), 'ERANGE', 'offset');
  // An empty table has no values to overflow.
  assert.equal(pe.compute('relative', { queries: 0, keys: 5, offset: max }).data.length, 0);
  // Out of the registry range entirely.
  throwsWith(() => pe.compute('relative', { offset: 2 ** 31 }), 'ERANGE', 'offset');
});

test('parameter errors name the parameter', () => {
  throwsWith(() => pe.compute('relative', { clip: -1 }), 'ERANGE', 'clip');
  throwsWith(() => pe.compute('relative', { queries: -1 }), 'ERANGE', 'queries');
  throwsWith(() => pe.compute('relative', { keys: 2 ** 24 + 1 }), 'ERANGE', 'keys');
  throwsWith(() => pe.compute('relative', { queries: 1.5 }), 'EINVAL', 'queries');
  throwsWith(() => pe.compute('relative', { align: 'middle' }), 'EINVAL', 'align');
});
