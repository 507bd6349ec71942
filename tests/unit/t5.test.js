// t5: relative position buckets against a reference written here from huggingface/transformers ·
// src/transformers/models/t5/modeling_t5.py · T5Attention._relative_position_bucket, with torch's float32
// steps emulated by Math.fround (transformers computes torch.log(n.float() / max_exact) /
// math.log(max_distance / max_exact) * (num_buckets - max_exact) on a float32 tensor); a float64
// reference shows where the two part; literal values; properties (range, monotonicity); errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();
const f = Math.fround;

// rel = j - i. float32: every intermediate rounded to float32 as torch does on a float32 tensor.
function bucket(rel, { bidirectional = true, numBuckets = 32, maxDistance = 128 } = {}, float32 = true) {
  let nb = numBuckets;
  let b = 0;
  let n;
  if (bidirectional) {
    nb = Math.floor(nb / 2);
    b = rel > 0 ? nb : 0;
    n = Math.abs(rel);
  } else {
    n = Math.max(-rel, 0);
  }
  const me = Math.floor(nb / 2);
  if (n < me) return b + n;
  let x;
  if (float32) {
    const l = f(Math.log(f(n / me)));
    const y = f(l / f(Math.log(maxDistance / me)));
    x = f(y * (nb - me));
  } else {
    x = (Math.log(n / me) / Math.log(maxDistance / me)) * (nb - me);
  }
  return b + Math.min(me + Math.trunc(x), nb - 1);
}

function reference(queries, keys, params, float32 = true) {
  const out = new Int32Array(queries * keys);
  for (let i = 0; i < queries; i++) for (let j = 0; j < keys; j++) out[i * keys + j] = bucket(j - i, params, float32);
  return out;
}

// Every distance 0 .. L-1 in both directions: one query row and one key column.
function checkAllDistances(params, L) {
  const row = pe.compute('t5', { ...params, queries: 1, keys: L }).data;
  const col = pe.compute('t5', { ...params, queries: L, keys: 1 }).data;
  const tag = JSON.stringify(params);
  for (let n = 0; n < L; n++) {
    if (row[n] !== bucket(n, params)) assert.fail(`${tag} rel ${n}: ${row[n]} vs ${bucket(n, params)}`);
    if (col[n] !== bucket(-n, params)) assert.fail(`${tag} rel ${-n}: ${col[n]} vs ${bucket(-n, params)}`);
  }
}

test('defaults (32 buckets, max distance 128, bidirectional): every distance up to 300', () => {
  checkAllDistances({}, 300);
  checkAllDistances({ bidirectional: false }, 300);
});

test('every numBuckets 2..70 with several max distances, both directions, against float32 maths', () => {
  for (let numBuckets = 2; numBuckets <= 70; numBuckets++) {
    for (const bidirectional of [true, false]) {
      const me = Math.floor((bidirectional ? Math.floor(numBuckets / 2) : numBuckets) / 2);
      if (me < 1) continue;
      for (const maxDistance of [me + 1, me + 2, numBuckets, 3 * numBuckets + 1, 128, 160, 1000]) {
        if (maxDistance <= me) continue;
        checkAllDistances({ numBuckets, maxDistance, bidirectional }, Math.min(2 * maxDistance + 3, 2100));
      }
    }
  }
});

test('2-D tables: queries != keys, zero and odd sizes (rel = j - i, as given)', () => {
  for (const [q, k] of [[0, 0], [0, 7], [7, 0], [1, 1], [5, 9], [9, 5], [37, 53], [53, 37], [1, 300], [200, 3]]) {
    for (const params of [{}, { bidirectional: false }, { numBuckets: 12, maxDistance: 10 }]) {
      const m = pe.compute('t5', { ...params, queries: q, keys: k });
      assert.deepEqual(m.shape, [q, k]);
      assert.ok(m.data instanceof Int32Array);
      assert.deepEqual(m.data, reference(q, k, params), `${q}x${k} ${JSON.stringify(params)}`);
    }
  }
  assert.deepEqual(pe.compute('t5', { queries: 6 }).shape, [6, 6]);  // keys unset = queries
});

test('where float32 and exact maths straddle an integer, the bucket follows float32 (as transformers)', () => {
  // Values printed by transformers' T5Attention._relative_position_bucket run under torch 1.13.1 (CPU).
  // Causal, 9 buckets (max_exact 4), max distance 128: ln(n/4)/ln(32)*5 is exactly 1, 2, 4 at
  // n = 8, 16, 64; float32 lands on the integer, float64 just below it.
  const causal9 = { bidirectional: false, numBuckets: 9, maxDistance: 128 };
  const col = pe.compute('t5', { ...causal9, queries: 65, keys: 1 }).data;
  assert.deepEqual([col[8], col[16], col[64], col[7], col[9]], [5, 6, 8, 4, 5]);
  assert.deepEqual([8, 16, 64].map((n) => bucket(-n, causal9, false)), [4, 5, 7]);  // float64 maths
  // The same in the positive half of a bidirectional 18-bucket table.
  const row = pe.compute('t5', { numBuckets: 18, maxDistance: 128, queries: 1, keys: 65 }).data;
  assert.deepEqual([row[8], row[16], row[64], row[7], row[9]], [14, 15, 17, 13, 14]);
  // Causal, 10 buckets, max distance 160 (torch): n = 10, 20, 80 -> 6, 7, 9.
  const c10 = pe.compute('t5', { bidirectional: false, numBuckets: 10, maxDistance: 160, queries: 81, keys: 1 }).data;
  assert.deepEqual([c10[10], c10[20], c10[80]], [6, 7, 9]);
  // With the defaults float32 and float64 agree on every distance.
  for (const bidirectional of [true, false]) {
    for (let n = -400; n <= 400; n++) {
      assert.equal(bucket(n, { bidirectional }), bucket(n, { bidirectional }, false));
    }
  }
});

test('literal buckets for the T5 defaults', () => {
  // Printed by transformers' T5Attention._relative_position_bucket under torch 1.13.1 (CPU).
  const dist = [0, 1, 2, 7, 8, 9, 11, 12, 15, 16, 20, 22, 23, 31, 32, 45, 46, 63, 64, 90, 91, 127, 128, 129, 1000];
  const row = pe.compute('t5', { queries: 1, keys: 1001 }).data;
  const col = pe.compute('t5', { queries: 1001, keys: 1 }).data;
  const colCausal = pe.compute('t5', { queries: 1001, keys: 1, bidirectional: false }).data;
  const rowCausal = pe.compute('t5', { queries: 1, keys: 1001, bidirectional: false }).data;
  assert.deepEqual(dist.map((n) => row[n]),
    [0, 17, 18, 23, 24, 24, 24, 25, 25, 26, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 31, 31, 31, 31]);
  assert.deepEqual(dist.map((n) => col[n]),
    [0, 1, 2, 7, 8, 8, 8, 9, 9, 10, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 15, 15, 15]);
  assert.deepEqual(dist.map((n) => colCausal[n]),
    [0, 1, 2, 7, 8, 9, 11, 12, 15, 16, 17, 18, 18, 21, 21, 23, 24, 26, 26, 29, 29, 31, 31, 31, 31]);
  assert.ok(rowCausal.every((b) => b === 0));  // causal: keys after the query all share bucket 0
});

test('literal buckets from google-research imp/max (a T5 bucket re-implementation) tests', () => {
  // google-research/google-research imp/max/modeling/embeddings_test.py test_get_relative_position_bucket:
  // relative positions -10 .. 9 (= j - i) and the buckets it asserts for each configuration.
  const rel = Array.from({ length: 20 }, (_, n) => n - 10);
  const expected = [
    [{ bidirectional: false, numBuckets: 4, maxDistance: 3 }, [3, 3, 3, 3, 3, 3, 3, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    [{ bidirectional: false, numBuckets: 8, maxDistance: 10 }, [7, 7, 7, 6, 5, 4, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    [{ bidirectional: false, numBuckets: 16, maxDistance: 9 }, [15, 15, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    [{ bidirectional: true, numBuckets: 4, maxDistance: 4 }, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 3, 3, 3, 3, 3, 3, 3, 3, 3]],
    [{ bidirectional: true, numBuckets: 15, maxDistance: 4 }, [6, 6, 6, 6, 6, 6, 6, 3, 2, 1, 0, 8, 9, 10, 13, 13, 13, 13, 13, 13]],
    [{ bidirectional: true, numBuckets: 16, maxDistance: 8 }, [7, 7, 7, 7, 6, 5, 4, 3, 2, 1, 0, 9, 10, 11, 12, 13, 14, 15, 15, 15]],
  ];
  for (const [params, buckets] of expected) {
    // queries 11 x keys 10: row i, column j has rel = j - i; take rel r from row 10 (r < 0) or row 0.
    const { data } = pe.compute('t5', { ...params, queries: 11, keys: 10 });
    const got = rel.map((r) => (r < 0 ? data[10 * 10 + (r + 10)] : data[r]));
    assert.deepEqual(got, buckets, JSON.stringify(params));
  }
});

test('properties: in [0, numBuckets), monotone in distance per direction, directions apart', () => {
  for (const numBuckets of [2, 3, 4, 5, 8, 16, 31, 32, 64, 128]) {
    for (const bidirectional of [true, false]) {
      const nb = bidirectional ? Math.floor(numBuckets / 2) : numBuckets;
      if (Math.floor(nb / 2) < 1) continue;
      for (const maxDistance of [Math.floor(nb / 2) + 1, 20, 128, 1000]) {
        if (maxDistance <= Math.floor(nb / 2)) continue;
        const p = { numBuckets, maxDistance, bidirectional };
        const back = pe.compute('t5', { ...p, queries: 1500, keys: 1 }).data;  // rel = -n
        const fwd = pe.compute('t5', { ...p, queries: 1, keys: 1500 }).data;   // rel = +n
        const tag = JSON.stringify(p);
        for (let n = 0; n < 1500; n++) {
          for (const b of [back[n], fwd[n]]) if (!(b >= 0 && b < numBuckets)) assert.fail(`${tag} n ${n}: ${b}`);
          if (n > 0 && back[n] < back[n - 1]) assert.fail(`${tag} not monotone at -${n}`);
          if (n > 0 && fwd[n] < fwd[n - 1]) assert.fail(`${tag} not monotone at +${n}`);
          if (bidirectional && n > 0) assert.ok(back[n] < nb && fwd[n] >= nb);
          if (!bidirectional) assert.equal(fwd[n], 0);
        }
        assert.equal(back[1499], nb - 1);  // far distances share the last bucket of their half
      }
    }
  }
});

test('errors: what would divide by zero upstream is ERANGE naming the parameter', () => {
  // Bidirectional halves numBuckets, so max_exact = floor(floor(nb/2)/2) must be >= 1: nb >= 4.
  throwsWith(() => pe.compute('t5', { numBuckets: 3 }), 'ERANGE', 'numBuckets');
  throwsWith(() => pe.compute('t5', { numBuckets: 2 }), 'ERANGE', 'numBuckets');
  assert.throws(() => pe.compute('t5', { numBuckets: 3 }), /max_exact/);
  assert.deepEqual([...pe.compute('t5', { numBuckets: 4, maxDistance: 2, queries: 1, keys: 3 }).data], [0, 3, 3]);
  assert.deepEqual([...pe.compute('t5', { numBuckets: 2, bidirectional: false, maxDistance: 2, queries: 3, keys: 1 }).data],
    [0, 1, 1]);
  // maxDistance must exceed max_exact (log(maxDistance / max_exact) is the divisor).
  throwsWith(() => pe.compute('t5', { maxDistance: 8 }), 'ERANGE', 'maxDistance');   // max_exact 8
  throwsWith(() => pe.compute('t5', { maxDistance: 5 }), 'ERANGE', 'maxDistance');
  assert.equal(pe.compute('t5', { maxDistance: 9, queries: 2 }).data.length, 4);
  throwsWith(() => pe.compute('t5', { bidirectional: false, maxDistance: 16 }), 'ERANGE', 'maxDistance');
  throwsWith(() => pe.compute('t5', { numBuckets: 1 }), 'ERANGE', 'numBuckets');
  throwsWith(() => pe.compute('t5', { numBuckets: 32.5 }), 'EINVAL', 'numBuckets');
  throwsWith(() => pe.compute('t5', { bidirectional: 1 }), 'EINVAL', 'bidirectional');
});
