// deberta: DeBERTa-v2 log buckets against a reference written here from huggingface/transformers ·
// src/transformers/models/deberta_v2/modeling_deberta_v2.py · make_log_bucket_position, with torch's
// float32 steps emulated by Math.fround (make_log_bucket_position divides an int64
// tensor into float32, then torch.log, torch.ceil on float32); a float64 reference (the microsoft/DeBERTa
// numpy original) shows where they part; literal values; errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();
const f = Math.fround;

// r = i - j.
function bucket(r, bucketSize = 256, maxPosition = 512, float32 = true) {
  if (bucketSize <= 0 || maxPosition <= 0) return r;
  const mid = Math.floor(bucketSize / 2);
  const a = r < mid && r > -mid ? mid - 1 : Math.abs(r);
  if (a <= mid) return r;
  let v;
  if (float32) {
    const l = f(Math.log(f(a / mid)));
    const den = f(Math.log(f((maxPosition - 1) / mid)));  // torch.log(torch.tensor(python float))
    v = f(Math.ceil(f(f(l / den) * (mid - 1))) + mid);
  } else {
    v = Math.ceil((Math.log(a / mid) / Math.log((maxPosition - 1) / mid)) * (mid - 1)) + mid;
  }
  return Math.sign(r) * v + 0;  // + 0: an int32 has no -0
}

function reference(queries, keys, bs, mp) {
  const out = new Int32Array(queries * keys);
  for (let i = 0; i < queries; i++) for (let j = 0; j < keys; j++) out[i * keys + j] = bucket(i - j, bs, mp);
  return out;
}

// Every r in (-L, L): a key row (r = -j) and a query column (r = i).
function checkAll(bucketSize, maxPosition, L) {
  const p = { bucketSize, maxPosition };
  const col = pe.compute('deberta', { ...p, queries: L, keys: 1 }).data;
  const row = pe.compute('deberta', { ...p, queries: 1, keys: L }).data;
  for (let n = 0; n < L; n++) {
    const up = bucket(n, bucketSize, maxPosition), down = bucket(0 - n, bucketSize, maxPosition);
    if (col[n] !== up) assert.fail(`${bucketSize}/${maxPosition} r ${n}: ${col[n]} vs ${up}`);
    if (row[n] !== down) assert.fail(`${bucketSize}/${maxPosition} r ${-n}: ${row[n]} vs ${down}`);
  }
}

test('DeBERTa-v3 defaults (256, 512): every |r| below 2^17 against float32 maths', () => {
  checkAll(256, 512, 1 << 17);
});

test('many bucket sizes and max positions, against float32 maths', () => {
  for (let bs = 2; bs <= 40; bs++) {
    for (const mp of [1, 2, bs + 1, 2 * bs, 3 * bs + 5, 128, 512, 1000]) {
      const mid = Math.floor(bs / 2);
      if (f(Math.log(f((mp - 1) / mid))) === 0) continue;  // rejected, tested below
      checkAll(bs, mp, Math.max(3 * mp, 4 * bs) + 7);
    }
  }
  for (const [bs, mp] of [[64, 512], [128, 512], [256, 1024], [512, 1024], [511, 4096]]) checkAll(bs, mp, 20000);
});

test('2-D tables: queries != keys, zero and odd sizes (r = i - j, as given)', () => {
  for (const [q, k] of [[0, 0], [0, 5], [5, 0], [1, 1], [3, 8], [8, 3], [37, 53], [300, 7], [7, 300]]) {
    for (const [bs, mp] of [[256, 512], [8, 32], [4, 9], [-1, 512], [256, 0]]) {
      const m = pe.compute('deberta', { queries: q, keys: k, bucketSize: bs, maxPosition: mp });
      assert.deepEqual(m.shape, [q, k]);
      assert.ok(m.data instanceof Int32Array);
      assert.deepEqual(m.data, reference(q, k, bs, mp), `${q}x${k} ${bs}/${mp}`);
    }
  }
  assert.deepEqual(pe.compute('deberta', { queries: 6 }).shape, [6, 6]);  // keys unset = queries
});

test('bucketSize <= 0 or maxPosition <= 0: plain i - j', () => {
  for (const p of [{ bucketSize: -1 }, { bucketSize: 0 }, { maxPosition: -1 }, { maxPosition: 0 }]) {
    const { data } = pe.compute('deberta', { ...p, queries: 700, keys: 900 });
    assert.equal(data[699 * 900], 699);   // i = 699, j = 0
    assert.equal(data[899], -899);        // i = 0, j = 899
  }
});

test('literal buckets (256, 512), where float32 torch and float64 maths part', () => {
  // r = 600 -> 270: the result is not bounded by the bucket size.
  // Values printed by transformers' make_log_bucket_position under torch 1.13.1 (CPU):
  //   r     65317  -65317  83928  600  1000  255  127  128  129  511  512
  //   ->      700    -700    723  270   317  192  127  128  129  255  256
  const rs = [65317, -65317, 83928, 600, 1000, 255, 127, 128, 129, 511, 512];
  const col = pe.compute('deberta', { queries: 83929, keys: 1 }).data;
  const row = pe.compute('deberta', { queries: 1, keys: 65318 }).data;
  const got = rs.map((r) => (r >= 0 ? col[r] : row[-r]));
  assert.deepEqual(got, [700, -700, 723, 270, 317, 192, 127, 128, 129, 255, 256]);
  // The float64 numpy original (microsoft/DeBERTa) gives 701 and 724 there.
  assert.deepEqual([65317, 83928].map((r) => bucket(r, 256, 512, false)), [701, 724]);
  // Below |r| = 65317 the two agree for these defaults.
  for (let r = 0; r < 65317; r++) {
    if (bucket(r, 256, 512) !== bucket(r, 256, 512, false)) assert.fail(`float32 and float64 part at r ${r}`);
  }
});

test('properties: odd, monotone in r, |r| <= mid kept as is', () => {
  for (const [bs, mp] of [[256, 512], [16, 64], [7, 100], [100, 60]]) {
    const mid = Math.floor(bs / 2);
    const col = pe.compute('deberta', { queries: 5000, keys: 1, bucketSize: bs, maxPosition: mp }).data;
    const row = pe.compute('deberta', { queries: 1, keys: 5000, bucketSize: bs, maxPosition: mp }).data;
    for (let n = 0; n < 5000; n++) {
      assert.equal(row[n] + col[n], 0);
      if (n <= mid) assert.equal(col[n], n);
      if (n > 0 && mp - 1 > mid) assert.ok(col[n] >= col[n - 1], `${bs}/${mp} not monotone at ${n}`);
    }
  }
});

test('errors: divisions by zero upstream and buckets beyond int32 are ERANGE naming the parameter', () => {
  // bucketSize 1: mid = 0, and upstream computes (max_position - 1) / mid: ZeroDivisionError.
  throwsWith(() => pe.compute('deberta', { bucketSize: 1 }), 'ERANGE', 'bucketSize');
  assert.throws(() => pe.compute('deberta', { bucketSize: 1 }), /divides/);
  assert.equal(pe.compute('deberta', { bucketSize: 1, maxPosition: 0, queries: 3 }).data[3], 1);  // plain
  // maxPosition - 1 == mid: log(1) = 0 is the divisor.
  throwsWith(() => pe.compute('deberta', { bucketSize: 8, maxPosition: 5 }), 'ERANGE', 'maxPosition');
  throwsWith(() => pe.compute('deberta', { bucketSize: 256, maxPosition: 129 }), 'ERANGE', 'maxPosition');
  // A ratio that float32 rounds to 1 is the same division by zero: (2^24 + 1) / 2^24.
  throwsWith(() => pe.compute('deberta', { bucketSize: 2 ** 25, maxPosition: 2 ** 24 + 2, queries: 1 }),
    'ERANGE', 'maxPosition');
  // A log denominator near 0 makes far buckets leave int32: rejected before anything is allocated.
  throwsWith(() => pe.compute('deberta', { bucketSize: 2 ** 24, maxPosition: 2 ** 23 + 2, queries: 2 ** 24, keys: 1 }),
    'ERANGE', 'maxPosition');
  // maxPosition 1: log(0) = -Infinity as the divisor gives -0, so every far bucket is +-mid.
  assert.deepEqual([...pe.compute('deberta', { bucketSize: 8, maxPosition: 1, queries: 8, keys: 1 }).data],
    [0, 1, 2, 3, 4, 4, 4, 4]);
  throwsWith(() => pe.compute('deberta', { bucketSize: -2 }), 'ERANGE', 'bucketSize');
  throwsWith(() => pe.compute('deberta', { queries: 2 ** 24 + 1 }), 'ERANGE', 'queries');
});
