// alibi-slopes and alibi: references written here from the canonical code (ofirpress/
// attention_with_linear_biases · fairseq/models/transformer.py · get_slopes; MPT: mosaicml/llm-foundry ·
// llmfoundry/models/layers/attention.py · gen_slopes, build_alibi_bias; lucidrains/x-transformers ·
// x_transformers/x_transformers.py · AlibiPositionalBias), literal values from keras-hub's tests, properties (geometric slopes, the causal
// forms agreeing after softmax), errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();

// ofirpress/attention_with_linear_biases get_slopes, with 8 generalised to maxBias (MPT, keras-hub).
function slopes(n, maxBias = 8) {
  const pow2 = (m) => {
    const start = 2 ** (-maxBias / m);
    return Array.from({ length: m }, (_, i) => start * start ** i);
  };
  if (Number.isInteger(Math.log2(n))) return pow2(n);
  const c = 2 ** Math.floor(Math.log2(n));
  return [...pow2(c), ...slopes(2 * c, maxBias).filter((_, i) => i % 2 === 0).slice(0, n - c)];
}

function reference({ heads, queries, keys = queries, maxBias = 8, form = 'causal' }) {
  const m = slopes(heads, maxBias);
  const out = new Float64Array(heads * queries * keys);
  let o = 0;
  for (let h = 0; h < heads; h++) {
    for (let i = 0; i < queries; i++) {
      const ip = i + keys - queries;
      for (let j = 0; j < keys; j++) {
        if (form === 'causal') out[o++] = j > ip ? -Infinity : -m[h] * (ip - j);
        else if (form === 'symmetric') out[o++] = -m[h] * Math.abs(j - ip);
        else out[o++] = m[h] * (j - (keys - 1));
      }
    }
  }
  return out;
}

// float32 storage of a float64 value: half an ulp, plus a little for pow() differences.
const close = (got, want) =>
  got === want || (Number.isFinite(want) && Math.abs(got - want) <= Math.abs(want) * 1.2e-7 + 1e-45);

test('slopes for every head count 1..300 and several maxBias, against get_slopes in float64', () => {
  for (const maxBias of [8, 1, 4, 6, 12, 0.5, 0]) {
    for (let heads = 1; heads <= 300; heads++) {
      const m = pe.compute('alibi-slopes', { heads, maxBias });
      assert.deepEqual(m.shape, [heads]);
      assert.ok(m.data instanceof Float32Array);
      const want = slopes(heads, maxBias);
      for (let h = 0; h < heads; h++) assert.ok(close(m.data[h], want[h]), `${heads} heads, bias ${maxBias}, h ${h}`);
    }
  }
});

test('ALiBi paper: 8 heads are 1/2 .. 1/256; 16 heads interleave 1/sqrt(2)', () => {
  assert.deepEqual([...pe.compute('alibi-slopes', { heads: 8 }).data], [1, 2, 3, 4, 5, 6, 7, 8].map((k) => 2 ** -k));
  const s16 = pe.compute('alibi-slopes', { heads: 16 }).data;
  for (let h = 0; h < 16; h++) assert.equal(s16[h], Math.fround(2 ** (-(h + 1) / 2)));
});

test('power-of-two head counts: geometric, first term and ratio 2^(-maxBias/n)', () => {
  for (const n of [1, 2, 4, 8, 16, 32, 64, 128, 1024]) {
    for (const maxBias of [8, 3, 16]) {
      const s = pe.compute('alibi-slopes', { heads: n, maxBias }).data;
      const r = 2 ** (-maxBias / n);
      assert.ok(close(s[0], r), `${n} heads`);
      for (let h = 1; h < n; h++) assert.ok(Math.abs(s[h] / s[h - 1] - r) <= r * 3e-7, `${n} heads, h ${h}`);
    }
  }
});

test('other head counts: slopes(c) then the even-indexed slopes of 2c', () => {
  for (const n of [3, 5, 6, 7, 12, 20, 40, 96, 100]) {
    const c = 2 ** Math.floor(Math.log2(n));
    const s = pe.compute('alibi-slopes', { heads: n }).data;
    const sc = pe.compute('alibi-slopes', { heads: c }).data;
    const s2c = pe.compute('alibi-slopes', { heads: 2 * c }).data;
    assert.deepEqual([...s.subarray(0, c)], [...sc]);
    for (let k = 0; k < n - c; k++) assert.equal(s[c + k], s2c[2 * k]);
  }
});

test('keras-hub AlibiBias test literals (the mpt form: m (j - (keys - 1)), 1 query x 3 keys)', () => {
  // keras-team/keras-hub keras_hub/src/layers/modeling/alibi_bias_test.py test_correct_output*.
  const cases = [
    [{ heads: 8 }, [[-1.0, -0.5, 0.0], [-0.5, -0.25, 0.0], [-0.25, -0.125, 0.0], [-0.125, -0.0625, 0.0],
      [-0.0625, -0.03125, 0.0], [-0.03125, -0.015625, 0.0], [-0.015625, -0.0078125, 0.0], [-0.0078125, -0.00390625, 0.0]]],
    [{ heads: 14 }, [[-1.0, -0.5, 0.0], [-0.5, -0.25, 0.0], [-0.25, -0.125, 0.0], [-0.125, -0.0625, 0.0],
      [-0.0625, -0.03125, 0.0], [-0.03125, -0.015625, 0.0], [-0.015625, -0.0078125, 0.0], [-0.0078125, -0.00390625, 0.0],
      [-1.4142135, -0.70710677, 0.0], [-0.70710677, -0.35355338, 0.0], [-0.35355338, -0.17677669, 0.0],
      [-0.17677669, -0.08838835, 0.0], [-0.08838835, -0.04419417, 0.0], [-0.04419417, -0.02209709, 0.0]]],
    [{ heads: 2, maxBias: 12 }, [[-0.03125, -0.015625, 0.0], [-0.00048828, -0.00024414, 0.0]]],
    [{ heads: 3, maxBias: 6 }, [[-0.25, -0.125, 0.0], [-0.03125, -0.015625, 0.0], [-0.70710677, -0.35355338, 0.0]]],
  ];
  for (const [p, want] of cases) {
    const m = pe.compute('alibi', { ...p, queries: 1, keys: 3, form: 'mpt' });
    assert.deepEqual(m.shape, [p.heads, 1, 3]);
    // keras' assertAllClose: rtol = atol = 1e-6.
    want.flat().forEach((w, e) => assert.ok(Math.abs(m.data[e] - w) <= 1e-6 + 1e-6 * Math.abs(w), `${JSON.stringify(p)} ${e}`));
  }
});

test('every form over many sizes (queries != keys, zero and odd) against float64', () => {
  const sizes = [[0, 0], [0, 4], [4, 0], [1, 1], [1, 9], [9, 1], [3, 8], [8, 3], [7, 7], [13, 21], [21, 13]];
  for (const form of ['causal', 'symmetric', 'mpt']) {
    for (const heads of [1, 3, 8, 12]) {
      for (const [queries, keys] of sizes) {
        for (const maxBias of [8, 5.5]) {
          const p = { heads, queries, keys, maxBias, form };
          const m = pe.compute('alibi', p);
          assert.deepEqual(m.shape, [heads, queries, keys]);
          const want = reference(p);
          for (let e = 0; e < want.length; e++) {
            if (!close(m.data[e], want[e])) assert.fail(`${JSON.stringify(p)} [${e}]: ${m.data[e]} vs ${want[e]}`);
          }
        }
      }
    }
  }
  assert.deepEqual(pe.compute('alibi', { heads: 2, queries: 5 }).shape, [2, 5, 5]);  // keys unset = queries
  assert.equal(pe.compute('alibi', { queries: 3 }).shape[0], 8);                      // 8 heads by default
});

test('causal: -Infinity exactly where j > i\', +0 on the diagonal; the queries are the last keys', () => {
  const { data } = pe.compute('alibi', { heads: 2, queries: 3, keys: 5 });
  for (let h = 0; h < 2; h++) {
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 5; j++) {
        const v = data[(h * 3 + i) * 5 + j];
        if (j > i + 2) assert.equal(v, -Infinity);
        else if (j === i + 2) assert.ok(Object.is(v, 0), `diagonal is +0, got ${v}`);
        else assert.ok(v < 0 && Number.isFinite(v));
      }
    }
  }
  // Queries beyond the keys (queries > keys): the first rows see no key at all.
  const over = pe.compute('alibi', { heads: 1, queries: 4, keys: 2 }).data;
  assert.deepEqual([...over.subarray(0, 4)], [-Infinity, -Infinity, -Infinity, -Infinity]);
  assert.deepEqual([...over.subarray(4, 6)], [0, -Infinity]);
  // symmetric: zero distance is +0 too.
  assert.ok(Object.is(pe.compute('alibi', { heads: 1, queries: 1, keys: 1, form: 'symmetric' }).data[0], 0));
});

function softmax(row) {
  const mx = Math.max(...row);
  const e = row.map((v) => Math.exp(v - mx));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

test('causal rows agree with mpt rows after a causal softmax (shift invariance)', () => {
  for (const [heads, queries, keys] of [[8, 16, 16], [12, 5, 40], [3, 1, 300], [16, 33, 33]]) {
    const causal = pe.compute('alibi', { heads, queries, keys }).data;
    const mpt = pe.compute('alibi', { heads, queries, keys, form: 'mpt' }).data;
    for (let h = 0; h < heads; h++) {
      for (let i = 0; i < queries; i++) {
        const ip = i + keys - queries;
        const at = (h * queries + i) * keys;
        const a = softmax([...causal.subarray(at, at + ip + 1)]);
        const b = softmax([...mpt.subarray(at, at + ip + 1)]);
        for (let j = 0; j <= ip; j++) {
          if (!(Math.abs(a[j] - b[j]) <= 1e-6)) assert.fail(`${heads}/${queries}/${keys} h ${h} i ${i} j ${j}`);
        }
        // and the two differ by a constant along the row
        const d0 = mpt[at] - causal[at];
        for (let j = 0; j <= ip; j++) assert.ok(Math.abs(mpt[at + j] - causal[at + j] - d0) <= 1e-5 * (1 + Math.abs(d0)));
      }
    }
  }
});

test('errors name the parameter', () => {
  throwsWith(() => pe.compute('alibi-slopes', { heads: 0 }), 'ERANGE', 'heads');
  throwsWith(() => pe.compute('alibi-slopes', { maxBias: -1 }), 'ERANGE', 'maxBias');
  throwsWith(() => pe.compute('alibi-slopes', { heads: 2.5 }), 'EINVAL', 'heads');
  throwsWith(() => pe.compute('alibi', { form: 'falcon' }), 'EINVAL', 'form');
  throwsWith(() => pe.compute('alibi', { headDim: 0 }), 'ERANGE', 'headDim');
  throwsWith(() => pe.compute('alibi', { keys: -1 }), 'ERANGE', 'keys');
  throwsWith(() => pe.compute('alibi', { maxBias: NaN }), 'EINVAL', 'maxBias');
});

// BLOOM's build_alibi_tensor: slope_h · j for key j (((attention_mask.cumsum(-1) - 1) * attention_mask)),
// added to the scores under the causal mask; Falcon divides it by sqrt(head_dim) with the scores
// (FalconAttention: attention_scores + alibi, then * inv_norm_factor).
test('bloom form: m·j for j <= i (float64 slopes rounded once), -Infinity above; headDim divides every bias by its square root', () => {
  for (const [heads, queries, keys] of [[16, 7, 7], [12, 3, 9], [5, 4, 4]]) {
    const slopes = pe.compute('alibi-slopes', { heads }).data;
    const { data } = pe.compute('alibi', { heads, queries, keys, form: 'bloom' });
    const falcon = pe.compute('alibi', { heads, queries, keys, form: 'bloom', headDim: 64 }).data;
    for (let h = 0; h < heads; h++) {
      for (let i = 0; i < queries; i++) {
        const ip = i + keys - queries;
        for (let j = 0; j < keys; j++) {
          const v = data[(h * queries + i) * keys + j], w = falcon[(h * queries + i) * keys + j];
          if (j > ip) {
            assert.equal(v, -Infinity);
            assert.equal(w, -Infinity);
          } else {
            assert.ok(Math.abs(v - slopes[h] * j) <= 2 ** -23 * slopes[h] * j, `${heads} h ${h} i ${i} j ${j}: ${v}`);
            assert.ok(Math.abs(w - (slopes[h] * j) / 8) <= 2 ** -22 * slopes[h] * j, `falcon h ${h} j ${j}: ${w}`);
          }
        }
      }
    }
    // the same softmax as the causal form, row by row
    const causal = pe.compute('alibi', { heads, queries, keys }).data;
    const at = (heads - 1) * queries * keys + (queries - 1) * keys;
    const a = softmax([...causal.subarray(at, at + keys)]), b = softmax([...data.subarray(at, at + keys)]);
    for (let j = 0; j < keys; j++) assert.ok(Math.abs(a[j] - b[j]) <= 1e-6);
  }
});
