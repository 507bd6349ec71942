// sinusoidal: every variant against a float64 reference written here from the canonical code (not
// from our C), for every dim 1..128, several bases and offsets, positions up to 2^20; plus literal
// numbers printed by the canonical projects' own tests. The variants' sources (repo · path · function):
//   vaswani        pytorch/tutorials · beginner_source/transformer_tutorial.py · PositionalEncoding;
//                  keras-team/keras-hub · keras_hub/src/layers/modeling/sine_position_encoding.py · SinePositionEncoding
//   tensor2tensor  tensorflow/tensor2tensor · tensor2tensor/layers/common_attention.py · get_timing_signal_1d
//   fairseq        facebookresearch/fairseq · fairseq/modules/sinusoidal_positional_embedding.py · get_embedding
//   marian         huggingface/transformers · src/transformers/models/marian/modeling_marian.py ·
//                  MarianSinusoidalPositionalEmbedding._init_weight
//   scaled         lucidrains/x-transformers · x_transformers/x_transformers.py · ScaledSinusoidalEmbedding
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { VARIANTS, allowed } from '../sinusoidal-reference.js';
import { isError } from '../errors.js';

const pe = await load();
const TOL = 6e-8;  // float32 storage of a float64 value (≤ 3e-8) plus libm differences

// One row of the table at position p, in float64, per variant (sources above).
function reference(variant, d, base, p, paddingIdx = 1) {
  const row = new Float64Array(d);
  const n = Math.floor(d / 2);
  if (variant === 'vaswani') {
    // PE[p, 2k] = sin(p w_k), PE[p, 2k+1] = cos(p w_k), w_k = base^(-2k/d); odd d ends with a sine.
    for (let c = 0; c < d; c++) {
      const w = base ** (-2 * Math.floor(c / 2) / d);
      row[c] = c % 2 ? Math.cos(p * w) : Math.sin(p * w);
    }
  } else if (variant === 'marian') {
    // transformers' _init_weight: position_enc[p, j] = p / base^(2 (j // 2) / d);
    // out[:, :ceil(d/2)] = sin(position_enc[:, 0::2]), out[:, ceil(d/2):] = cos(position_enc[:, 1::2]).
    const enc = Array.from({ length: d }, (_, j) => p / base ** ((2 * Math.floor(j / 2)) / d));
    const sentinel = Math.ceil(d / 2);
    for (let j = 0; j < d; j += 2) row[j / 2] = Math.sin(enc[j]);
    for (let j = 1; j < d; j += 2) row[sentinel + (j - 1) / 2] = Math.cos(enc[j]);
  } else if (variant === 'scaled') {
    // x-transformers: inv_freq = base^(-k / (d/2)); [sin | cos] * d^-0.5.
    for (let k = 0; k < n; k++) {
      const w = base ** (-k / n);
      row[k] = Math.sin(p * w) / Math.sqrt(d);
      row[n + k] = Math.cos(p * w) / Math.sqrt(d);
    }
  } else {
    // tensor2tensor: increment ln(base)/max(n-1, 1); fairseq: ln(base)/(n-1). [sin | cos], odd d: 0.
    const inc = Math.log(base) / (variant === 'fairseq' ? n - 1 : Math.max(n - 1, 1));
    for (let k = 0; k < n; k++) {
      const w = Math.exp(-k * inc);
      row[k] = Math.sin(p * w);
      row[n + k] = Math.cos(p * w);
    }
    if (variant === 'fairseq' && p === paddingIdx) row.fill(0);
  }
  return row;
}

// Max |got - reference| over the table; asserts the shape on the way.
function maxError(params) {
  const { variant, dim, base = 10000, offset = 0, positions, paddingIdx = 1 } = params;
  const m = pe.compute('sinusoidal', params);
  assert.deepEqual(m.shape, [positions, dim]);
  assert.ok(m.data instanceof Float32Array);
  let err = 0;
  for (let r = 0; r < positions; r++) {
    const want = reference(variant, dim, base, offset + r, paddingIdx);
    for (let c = 0; c < dim; c++) err = Math.max(err, Math.abs(m.data[r * dim + c] - want[c]));
  }
  return err;
}

test('the seed tutorial prints pe[0,0,0], pe[0,1,0], pe[0,2,0] = 0, 0.84147096, 0.9092974', () => {
  const { data } = pe.compute('sinusoidal', { positions: 3, dim: 64 });
  assert.deepEqual([data[0], data[64], data[128]], [0, Math.fround(0.84147096), Math.fround(0.9092974)]);
});

test('every variant, every dim 1..128, several bases and offsets: within 6e-8 of float64', () => {
  for (const variant of VARIANTS) {
    for (let dim = 1; dim <= 128; dim++) {
      if (!allowed(variant, dim)) continue;
      for (const base of [10000, 2, 1, 500000, 1e12]) {
        for (const offset of [0, 37, -5]) {
          const err = maxError({ variant, dim, base, offset, positions: 7 });
          assert.ok(err <= TOL, `${variant} dim ${dim} base ${base} offset ${offset}: max error ${err}`);
        }
      }
    }
  }
});

test('positions up to 2^20 stay within 6e-8 of float64 (angles formed in double)', () => {
  for (const variant of VARIANTS) {
    for (let dim = 1; dim <= 128; dim++) {
      if (!allowed(variant, dim)) continue;
      const err = maxError({ variant, dim, offset: 2 ** 20 - 6, positions: 7 });
      assert.ok(err <= TOL, `${variant} dim ${dim} at 2^20: max error ${err}`);
    }
  }
  // a big table in one call: 4096 rows ending at 2^20, dim 512
  const err = maxError({ variant: 'vaswani', dim: 512, offset: 2 ** 20 - 4095, positions: 4096 });
  assert.ok(err <= TOL, `vaswani 4096 x 512 ending at 2^20: max error ${err}`);
});

test('fairseq with dim 2 or 3 and scaled with odd dim throw ERANGE naming dim', () => {
  let refused = 0;
  for (const variant of VARIANTS) {
    for (let dim = 1; dim <= 128; dim++) {
      if (allowed(variant, dim)) continue;
      assert.throws(() => pe.compute('sinusoidal', { variant, dim }),
        (e) => isError('ERANGE', 'dim')(e) && e.message.includes(`dim = ${dim}`), `${variant} dim ${dim}`);
      refused++;
    }
  }
  assert.equal(refused, 2 + 64, 'fairseq 2 and 3, scaled every odd dim');
});

test('fairseq zeroes the row whose position equals paddingIdx; -1 = none; other variants ignore it', () => {
  const dim = 8;
  const rowIsZero = (data, r) => data.subarray(r * dim, (r + 1) * dim).every((v) => v === 0);
  for (const [offset, paddingIdx, zeroRow] of [[0, 1, 1], [0, 3, 3], [10, 12, 2], [0, 0, 0], [0, -1, -1], [5, 1, -1]]) {
    const { data } = pe.compute('sinusoidal', { variant: 'fairseq', dim, positions: 6, offset, paddingIdx });
    for (let r = 0; r < 6; r++) {
      assert.equal(rowIsZero(data, r), r === zeroRow, `offset ${offset} paddingIdx ${paddingIdx} row ${r}`);
    }
    assert.ok(maxError({ variant: 'fairseq', dim, positions: 6, offset, paddingIdx }) <= TOL);
  }
  for (const variant of VARIANTS.filter((v) => v !== 'fairseq')) {
    const a = pe.compute('sinusoidal', { variant, dim, positions: 4, paddingIdx: 2 }).data;
    const b = pe.compute('sinusoidal', { variant, dim, positions: 4, paddingIdx: -1 }).data;
    assert.deepEqual(a, b, variant);
    assert.ok(!rowIsZero(a, 2), variant);
  }
});

function close(got, want, tol, what) {
  assert.equal(got.length, want.length, what);
  for (let i = 0; i < want.length; i++) {
    assert.ok(Math.abs(got[i] - want[i]) <= tol, `${what}[${i}]: ${got[i]} vs ${want[i]} (tolerance ${tol})`);
  }
}

test('literal values from the canonical projects\' own tests', () => {
  // keras-team/keras-hub keras_hub/src/layers/modeling/sine_position_encoding_test.py
  // test_output_correct_values: SinePositionEncoding on [1, 4, 6], positions 0 and 3 (computed in
  // float32 by keras, printed to 5 decimals; keras asserts atol 0.01).
  const keras = pe.compute('sinusoidal', { variant: 'vaswani', dim: 6, positions: 4 }).data;
  close(keras.subarray(0, 6), [0.0, 1.0, 0.0, 1.0, 0.0, 1.0], 2e-5, 'keras position 0');
  close(keras.subarray(18, 24), [0.14112, -0.98999, 0.13879, 0.99032, 0.00646, 0.99997], 2e-5, 'keras position 3');

  // huggingface/transformers tests/models/roformer/test_modeling_roformer.py
  // RoFormerSinusoidalPositionalEmbeddingTest (a copy of MarianSinusoidalPositionalEmbedding),
  // tolerance 1e-4 there. test_basic: num_positions 6, embedding_dim 6, rows 0 and 1.
  const roformer = pe.compute('sinusoidal', { variant: 'marian', dim: 6, positions: 2 }).data;
  close(roformer, [0, 0, 0, 1, 1, 1, 0.8415, 0.0464, 0.0022, 0.5403, 0.9989, 1.0], 1e-4, 'roformer test_basic');
  // test_positional_emb_weights_against_roformer: embedding_dim 512, weight[:3, :5].
  const m512 = pe.compute('sinusoidal', { variant: 'marian', dim: 512, positions: 3 }).data;
  const first5 = (data, d, rows) => Array.from({ length: rows }, (_, r) => [...data.subarray(r * d, r * d + 5)]).flat();
  close(first5(m512, 512, 3), [0, 0, 0, 0, 0, 0.8415, 0.8219, 0.8020, 0.7819, 0.7617, 0.9093, 0.9364, 0.9581, 0.9749, 0.9870],
    1e-4, 'roformer 512');
  // huggingface/transformers tests/models/fsmt/test_modeling_fsmt.py
  // test_positional_emb_weights_against_marian (skipped there: "different from marian (needs more
  // research)"), weight[:3, :5] of a 512-dim table, 8 digits. These are fairseq's frequencies
  // (exp(-k ln(1e4)/255)) with no padding row, not the marian layout that roformer's test pins above:
  const fairseqNoPad = [0, 0, 0, 0, 0, 0.84147096, 0.82177866, 0.80180490, 0.78165019, 0.76140374,
    0.90929741, 0.93651021, 0.95829457, 0.97505713, 0.98720258];
  const f512 = pe.compute('sinusoidal', { variant: 'fairseq', dim: 512, positions: 3, paddingIdx: -1 }).data;
  close(first5(f512, 512, 3), fairseqNoPad, 1e-7, 'fairseq 512 without padding row');
  assert.ok(Math.abs(m512[1 * 512 + 1] - fairseqNoPad[6]) > 5e-5, 'marian and fairseq frequencies differ');

  // huggingface/transformers tests/models/fsmt/test_modeling_fsmt.py TestSinusoidalPositionalEmbeddings
  // test_basic: FSMT's copy of fairseq's SinusoidalPositionalEmbedding, padding_idx 1, embedding_dim 6,
  // input_ids [[4, 10]] -> positions 2 and 3 (make_positions starts after padding_idx); tolerance 1e-4.
  const fsmt = pe.compute('sinusoidal', { variant: 'fairseq', dim: 6, positions: 2, offset: 2, paddingIdx: 1 }).data;
  close(fsmt, [9.0930e-01, 1.9999e-02, 2.0000e-04, -4.1615e-01, 9.9980e-01, 1.0000e00,
    1.4112e-01, 2.9995e-02, 3.0000e-04, -9.8999e-01, 9.9955e-01, 1.0000e00], 1e-5, 'fsmt test_basic');
});

test('tensor2tensor and fairseq differ only in the frequency denominator; odd dims end with a zero column', () => {
  // n = floor(d/2) = 1 (d = 3): tensor2tensor uses max(n-1, 1) and stays finite.
  const t = pe.compute('sinusoidal', { variant: 'tensor2tensor', dim: 3, positions: 2, offset: 1 }).data;
  close(t, [Math.sin(1), Math.cos(1), 0, Math.sin(2), Math.cos(2), 0], 3e-8, 'tensor2tensor dim 3');
  for (const variant of ['tensor2tensor', 'fairseq']) {
    const { data } = pe.compute('sinusoidal', { variant, dim: 9, positions: 5, offset: 3 });
    for (let r = 0; r < 5; r++) assert.equal(data[r * 9 + 8], 0, `${variant} row ${r}`);
  }
  // scaled: d/2 pairs with sin² + cos² = 1, times 1/d: every row has norm sqrt(1/2)
  const s = pe.compute('sinusoidal', { variant: 'scaled', dim: 16, positions: 3, offset: 100 }).data;
  for (let r = 0; r < 3; r++) {
    const norm = Math.hypot(...s.subarray(r * 16, r * 16 + 16));
    assert.ok(Math.abs(norm - Math.sqrt(0.5)) < 1e-7, `scaled row ${r} norm ${norm}`);
  }
});

test('an empty table and the first/last valid offsets', () => {
  const empty = pe.compute('sinusoidal', { positions: 0, dim: 5 });
  assert.deepEqual(empty.shape, [0, 5]);
  assert.equal(empty.data.length, 0);
  for (const offset of [-(2 ** 30), 2 ** 30 - 2]) {
    // |angle| up to 2^30: double keeps the angle exact to ~1e-7 rad at worst
    const err = maxError({ variant: 'vaswani', dim: 16, offset, positions: 2 });
    assert.ok(err <= 5e-7, `offset ${offset}: ${err}`);
  }
});
