// views/compare.js's distance profile: the middle query row of a (2R + 1)² table, as a plane
// indexed by j − i, under the caller's byte cap (the elements' and the explorer's per-call cap
// holds for the profile's table too, not only for the drawn one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, PosencError } from '../../web/posenc.js';
import { profilePlane, profileOptions, referenceLines, logYOf } from '../../web/views/compare.js';
import { MAX_COLUMNS } from '../../web/views/options.js';
import { computePlane } from '../../web/views/plane.js';

const pe = await load();

test('profile of relative (no clip, no offset): row r holds j − i = r − R (Shaw et al.: R(i, j) = j − i)', () => {
  const R = 7;
  const p = profilePlane(pe, { kind: 'relative', params: {} }, R);
  assert.equal(p.rows, 2 * R + 1);
  assert.equal(p.cols, 1);
  for (let r = 0; r < p.rows; r++) {
    assert.equal(p.rowName(r), r - R);
    assert.equal(p.value(r, 0), r - R);
  }
});

test('profile of a stacked kind: one column per head, each the middle row of its own plane', () => {
  const R = 3, n = 2 * R + 1;
  const p = profilePlane(pe, { kind: 'alibi', params: { heads: 4, form: 'symmetric' } }, R);
  const full = pe.compute('alibi', { heads: 4, form: 'symmetric', queries: n, keys: n }).data;
  assert.equal(p.cols, 4);
  for (let h = 0; h < 4; h++) for (let j = 0; j < n; j++) assert.equal(p.value(j, h), full[h * n * n + R * n + j]);
});

test('the cap given holds for the (2R + 1)² table: ENOMEM before allocating, the heap unchanged', () => {
  const before = pe.memory.buffer.byteLength;
  assert.throws(() => profilePlane(pe, { kind: 'alibi', params: { heads: 8 } }, 2000, { maxBytes: 64 * 2 ** 20 }),
    (e) => e instanceof PosencError && e.code === 'ENOMEM');
  assert.equal(pe.memory.buffer.byteLength, before);
  assert.equal(profilePlane(pe, { kind: 'relative', params: {} }, 100, { maxBytes: 201 * 201 * 4 }).rows, 201);
});

test('reference lines of A and B: one line per axis and value, each label once (C\'s info: originalContext, llama3\'s edges)', () => {
  const llama = computePlane(pe, { kind: 'rope-spectrum', params: { dim: 128, base: 500000, maxPositionEmbeddings: 131072,
    ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } } });
  const plain = computePlane(pe, { kind: 'rope-spectrum', params: { dim: 128, maxPositionEmbeddings: 4096 } });
  try {
    // L = 8192 and L / low_freq_factor = 8192 share a line; L / high_freq_factor = 2048
    const own = [
      { axis: 'y', value: 8192, label: 'original context L = 8192; llama3: wavelengths above L/low_freq_factor = 8192 interpolated' },
      { axis: 'y', value: 2048, label: 'llama3: below L/high_freq_factor = 2048 kept' },
    ];
    assert.deepEqual(referenceLines(llama, [0]), own);
    assert.deepEqual(referenceLines([llama, llama], [0]), own, 'the same lines twice: each label once');
    assert.deepEqual(referenceLines([llama, plain], [0]), [...own, { axis: 'y', value: 4096, label: 'original context L = 4096' }]);
    assert.deepEqual(referenceLines([llama, plain], [3]).map((l) => [l.value, l.label]), [[1, 'one rotation within L']],
      'the rotations column: one line for both');
  } finally {
    llama.free();
    plain.free();
  }
});

test('a profile plot: every head up to MAX_COLUMNS lines, steps for integer buckets, x titled by distance', () => {
  const t5 = profilePlane(pe, { kind: 't5', params: {} }, 4);
  assert.deepEqual(profileOptions(t5), { columns: [0], stepped: true, xLabel: 'Distance j − i' });
  const alibi = profilePlane(pe, { kind: 'alibi', params: { heads: MAX_COLUMNS + 8 } }, 2);
  assert.equal(alibi.cols, MAX_COLUMNS + 8);
  assert.deepEqual(profileOptions(alibi).columns, [...Array(MAX_COLUMNS).keys()]);
  assert.equal(profileOptions(alibi).stepped, false);
});

test('log-y text as the plot takes it: auto → null (automatic), true, false', () => {
  assert.deepEqual(['auto', 'true', 'false', undefined].map(logYOf), [null, true, false, null]);
});
