// The analysis kinds rope-spectrum, rope-decay and similarity (web/docs/analysis.md) against float64
// references written here from the formulas, not from our C:
//   inv_freq per rope_type: transformers src/transformers/modeling_rope_utils.py (_compute_*_parameters,
//     huggingface/transformers@ef46806472a64b0013ed413781e3afed82bfa047), transcribed again below;
//   the decay bound: RoFormer (Su et al., arXiv:2104.09864) §3.4.3, (1/(d/2)) Σⱼ |Sⱼ|, Sⱼ = Σₖ<ⱼ e^{iΔθₖ};
//   similarity: the dot products of the sinusoidal rows of tests/sinusoidal-reference.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';
import { reference as sinRow, VARIANTS, allowed } from '../sinusoidal-reference.js';

const pe = await load();
const TAU = 2 * Math.PI;

// ---- float64 references ------------------------------------------------------------------------

function refInv(params) {
  const { dim = 64, base = 10000, partialRotaryFactor = 1, maxPositionEmbeddings: maxPos = 2048, seqLen } = params;
  const rs = params.ropeScaling ?? {};
  const type = rs.rope_type ?? 'default';
  const r = Math.trunc(dim * partialRotaryFactor), h = r / 2;
  const orig = rs.original_max_position_embeddings ?? maxPos;
  const plain = (b) => Array.from({ length: h }, (_, k) => 1 / b ** ((2 * k) / r));
  let inv = plain(base), af = 1, f = rs.factor;
  if (type === 'linear') inv = inv.map((v) => v / f);
  if (type === 'dynamic') {
    const L = seqLen > maxPos ? seqLen : maxPos;
    inv = plain(base * ((f * L) / maxPos - (f - 1)) ** (r / (r - 2)));
  }
  if (type === 'yarn') {
    f ??= maxPos / orig;
    af = rs.attention_factor ?? (f <= 1 ? 1 : 0.1 * Math.log(f) + 1);
    const cd = (b) => (r * Math.log(orig / (b * TAU))) / (2 * Math.log(base));
    const lo = Math.max(Math.floor(cd(rs.beta_fast ?? 32)), 0), hi = Math.min(Math.ceil(cd(rs.beta_slow ?? 1)), r - 1);
    inv = inv.map((v, k) => {
      const ramp = Math.min(Math.max((k - lo) / (hi - lo), 0), 1);
      return (v / f) * ramp + v * (1 - ramp);
    });
  }
  if (type === 'longrope') {
    f ??= maxPos / orig;
    af = f <= 1 ? 1 : Math.sqrt(1 + Math.log(f) / Math.log(orig));
    const ext = seqLen > orig ? rs.long_factor : rs.short_factor;
    inv = inv.map((_, k) => 1 / (Math.fround(ext[k]) * base ** ((2 * k) / r)));
  }
  if (type === 'llama3') {
    const { low_freq_factor: lff, high_freq_factor: hff } = rs;
    inv = inv.map((v) => {
      const wl = TAU / v;
      if (wl > orig / lff) return v / f;
      if (wl < orig / hff) return v;
      const s = (orig / wl - lff) / (hff - lff);
      return ((1 - s) * v) / f + s * v;
    });
  }
  return { inv, plain: plain(base), af, r, orig };
}

const LLAMA31 = { dim: 128, base: 500000, maxPositionEmbeddings: 131072,
  ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } };
const longFactors = (h, a) => Array.from({ length: h }, (_, k) => 1 + a * k);
const CONFIGS = [
  {},
  { dim: 128, base: 500000 },
  { dim: 96, partialRotaryFactor: 0.5 },
  { ropeScaling: { rope_type: 'linear', factor: 4 } },
  { dim: 128, ropeScaling: { rope_type: 'dynamic', factor: 2 }, seqLen: 8192 },
  { dim: 128, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 } },
  { dim: 64, base: 1e6, ropeScaling: { rope_type: 'yarn', factor: 16, beta_fast: 16, beta_slow: 2, original_max_position_embeddings: 2048 } },
  { dim: 64, maxPositionEmbeddings: 131072, seqLen: 9000,
    ropeScaling: { rope_type: 'longrope', original_max_position_embeddings: 4096, short_factor: longFactors(32, 0.01), long_factor: longFactors(32, 0.5) } },
  LLAMA31,
  { ...LLAMA31, partialRotaryFactor: 0.75 },
];

const close = (got, want, rel, where) => {
  const tol = rel * Math.max(Math.abs(want), 1e-30);
  assert.ok(Math.abs(got - want) <= tol, `${where}: ${got} vs ${want}`);
};
const label = (p) => JSON.stringify(p).slice(0, 140);

// ---- rope-spectrum -----------------------------------------------------------------------------

test('rope-spectrum: wavelengths, ratio and rotations equal the float64 reference for every rope type', () => {
  for (const params of CONFIGS) {
    const { inv, plain, r, orig } = refInv(params);
    const m = pe.compute('rope-spectrum', params);
    assert.deepEqual(m.shape, [r / 2, 4], label(params));
    for (let k = 0; k < r / 2; k++) {
      const row = m.data.subarray(4 * k, 4 * k + 4), where = `${label(params)} k=${k}`;
      close(row[0], TAU / inv[k], 3e-7, `${where} wavelength`);
      close(row[1], TAU / plain[k], 3e-7, `${where} unscaled wavelength`);
      close(row[2], inv[k] / plain[k], 3e-7, `${where} ratio`);
      close(row[3], (orig * inv[k]) / TAU, 3e-7, `${where} rotations`);
    }
    assert.equal(m.info.originalContext, orig, label(params));
  }
});

test('rope-spectrum invariants: ratio 1 for default, 1/factor for linear; positions, offset, layout change nothing', () => {
  for (const dim of [2, 64, 130]) {
    const m = pe.compute('rope-spectrum', { dim, base: 12345 });
    for (let k = 0; k < dim / 2; k++) assert.equal(m.data[4 * k + 2], 1);
    for (const factor of [2, 8, 40.5]) {
      const lin = pe.compute('rope-spectrum', { dim, base: 12345, ropeScaling: { rope_type: 'linear', factor } });
      for (let k = 0; k < dim / 2; k++) {
        close(lin.data[4 * k + 2], 1 / factor, 2e-7, `linear ${factor} k=${k}`);
        close(lin.data[4 * k], factor * m.data[4 * k], 2e-7, `wavelength x factor k=${k}`);
      }
    }
  }
  const a = pe.compute('rope-spectrum', LLAMA31);
  const b = pe.compute('rope-spectrum', { ...LLAMA31, positions: 7, offset: 99, step: 3, layout: 'gptj' });
  assert.deepEqual(b.data, a.data);
});

test('Llama 3.1 spectrum: ratio 1 above the high-frequency band, 1/8 below the low one, the smooth blend between', () => {
  // transformers _compute_llama3_parameters (commit above): wavelen < orig/high_freq_factor keeps
  // inv_freq; wavelen > orig/low_freq_factor divides by factor; between, (1 - s)/factor + s with
  // s = (orig/wavelen - low_freq_factor)/(high_freq_factor - low_freq_factor).
  const m = pe.compute('rope-spectrum', LLAMA31);
  assert.deepEqual(m.info, { attentionFactor: 1, originalContext: 8192, lowFreqWavelength: 8192, highFreqWavelength: 2048 });
  const seen = { high: 0, low: 0, mid: 0 };
  let prev = Infinity;
  for (let k = 0; k < 64; k++) {
    const wl = TAU / 500000 ** (-(2 * k) / 128), ratio = m.data[4 * k + 2];
    assert.ok(ratio <= prev, `ratio non-increasing in k (k=${k})`);
    prev = ratio;
    if (wl < 2048) assert.equal(ratio, 1, `k=${k}`), seen.high++;
    else if (wl > 8192) close(ratio, 1 / 8, 1e-7, `k=${k}`), seen.low++;
    else {
      const s = (8192 / wl - 1) / 3;
      close(ratio, (1 - s) / 8 + s, 3e-7, `k=${k}`);
      assert.ok(ratio > 1 / 8 && ratio < 1, `k=${k} strictly between`);
      seen.mid++;
    }
  }
  // dim 128, base 5e5: 2π·5e5^(2k/128) crosses 2048 after k = 28 and 8192 after k = 35
  assert.deepEqual(seen, { high: 29, mid: 6, low: 29 });
});

test("a pasted Llama 3.1 config.json gives the same spectrum (meta-llama/Llama-3.1-8B config.json's RoPE fields)", () => {
  const config = { hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 8, max_position_embeddings: 131072,
    rope_theta: 500000.0, model_type: 'llama',
    rope_scaling: { factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0, original_max_position_embeddings: 8192, rope_type: 'llama3' } };
  const m = pe.compute('rope-spectrum', pe.ropeFromConfig(config));
  assert.deepEqual(m.data, pe.compute('rope-spectrum', LLAMA31).data);
  assert.deepEqual(m.info, { attentionFactor: 1, originalContext: 8192, lowFreqWavelength: 8192, highFreqWavelength: 2048 });
});

test('rope-spectrum info: yarn correction range as transformers find_correction_range, attention factor', () => {
  const yarn = CONFIGS[5];
  const m = pe.compute('rope-spectrum', yarn);
  const cd = (b) => (128 * Math.log(4096 / (b * TAU))) / (2 * Math.log(10000));
  assert.equal(m.info.correctionLow, Math.floor(cd(32)));
  assert.equal(m.info.correctionHigh, Math.ceil(cd(1)));
  close(m.info.attentionFactor, 0.1 * Math.log(4) + 1, 1e-15, 'yarn mscale');
  // the ratio is 1 up to the low end, 1/factor from the high end on
  for (let k = 0; k < 64; k++) {
    const ratio = m.data[4 * k + 2];
    if (k <= m.info.correctionLow) assert.equal(ratio, 1, `k=${k}`);
    if (k >= m.info.correctionHigh) close(ratio, 1 / 4, 2e-7, `k=${k}`);
  }
  const untruncated = pe.compute('rope-spectrum', { ...yarn, ropeScaling: { ...yarn.ropeScaling, truncate: false } });
  close(untruncated.info.correctionLow, cd(32), 1e-12, 'untruncated low');
  close(untruncated.info.correctionHigh, cd(1), 1e-12, 'untruncated high');
});

// ---- rope-decay --------------------------------------------------------------------------------

function refDecay(params, distances) {
  const { inv, af } = refInv(params);
  const h = inv.length, off = params.offset ?? 0, step = params.step ?? 1;
  return Array.from({ length: distances }, (_, row) => {
    const d = off + step * row;
    let re = 0, im = 0, bound = 0, score = 0;
    for (let k = 0; k < h; k++) {
      re += Math.cos(d * inv[k]), im += Math.sin(d * inv[k]);
      bound += Math.hypot(re, im);
      score += Math.cos(d * inv[k]);
    }
    return [bound / h, (af * af * score) / h];
  });
}

test("RoFormer's bound: dim 128, 256 distances", () => {
  const m = pe.compute('rope-decay', { dim: 128, distances: 256 });
  assert.deepEqual(m.shape, [256, 2]);
  assert.equal(m.data[0], 32.5);  // Δ = 0: every |Sⱼ| = j, (1/64) Σ j = 65/2
  assert.equal(m.data[1], 1);
  const want = refDecay({ dim: 128 }, 256);
  for (let i = 0; i < 256; i++) {
    close(m.data[2 * i], want[i][0], 3e-7, `bound Δ=${i}`);
    assert.ok(Math.abs(m.data[2 * i + 1] - want[i][1]) < 1e-6, `score Δ=${i}`);
  }
  // the bound decays with distance (RoFormer Fig. 2): the far quarter's mean is below 0.6 of the near one's
  const mean = (a, b) => want.slice(a, b).reduce((s, x) => s + x[0], 0) / (b - a);
  assert.ok(mean(192, 256) < 0.6 * mean(1, 64));
});

test('rope-decay equals the float64 reference over rope types, partial rotary, offsets and steps', () => {
  for (const params of CONFIGS) {
    for (const [offset, step] of [[0, 1], [1000, 7], [-300, 1], [123456, 1000]]) {
      const p = { ...params, offset, step, distances: 40 };
      const m = pe.compute('rope-decay', p);
      const want = refDecay(p, 40);
      // angles up to 4e7 rad: the references' fl(Δθ) differ by ulp(Δθ), below 1e-8 here
      for (let i = 0; i < 40; i++) {
        close(m.data[2 * i], want[i][0], 1e-6, `${label(p)} bound row ${i}`);
        assert.ok(Math.abs(m.data[2 * i + 1] - want[i][1]) < 2e-6, `${label(p)} score row ${i}: ${m.data[2 * i + 1]} vs ${want[i][1]}`);
      }
      assert.ok(Math.abs(m.info.attentionFactor - refInv(params).af) < 1e-15);
    }
  }
});

test("rope-decay: the score column is scaled by attentionFactor², the bound is not; a window equals the long table's rows", () => {
  const yarn = CONFIGS[5];
  const plain = { ...yarn, ropeScaling: { ...yarn.ropeScaling, attention_factor: 1 } };
  const a = pe.compute('rope-decay', { ...yarn, distances: 100 }), b = pe.compute('rope-decay', { ...plain, distances: 100 });
  const af = a.info.attentionFactor;
  assert.ok(af > 1.1);
  for (let i = 0; i < 100; i++) {
    assert.equal(a.data[2 * i], b.data[2 * i]);
    close(a.data[2 * i + 1], af * af * b.data[2 * i + 1], 2e-7, `row ${i}`);
  }
  // a zoomed window of a million distances: only the rows asked for, the same as within the long range
  const win = pe.compute('rope-decay', { dim: 128, offset: 999000, step: 1, distances: 1000 });
  const longer = pe.compute('rope-decay', { dim: 128, offset: 998000, step: 1, distances: 2000 });
  assert.deepEqual(win.data, longer.data.subarray(2000));
  const sampled = pe.compute('rope-decay', { dim: 128, offset: 0, step: 1000, distances: 1001 });
  for (const i of [0, 1, 999]) {
    assert.equal(sampled.data[2 * (i + 1)], i === 999 ? pe.compute('rope-decay', { dim: 128, offset: 1e6, distances: 1 }).data[0]
      : pe.compute('rope-decay', { dim: 128, offset: (i + 1) * 1000, distances: 1 }).data[0]);
  }
});

// ---- similarity --------------------------------------------------------------------------------

function refSimilarity({ positions, dim, variant = 'vaswani', base = 10000, offset = 0, step = 1, paddingIdx = 1, normalize = false }) {
  const rows = Array.from({ length: positions }, (_, i) => sinRow(variant, dim, offset + i * step, base, paddingIdx));
  const dot = (a, b) => a.reduce((s, x, c) => s + x * b[c], 0);
  const norms = rows.map((r) => Math.sqrt(dot(r, r)));
  const S = new Float64Array(positions * positions);
  for (let i = 0; i < positions; i++) {
    for (let j = 0; j < positions; j++) {
      const v = dot(rows[i], rows[j]);
      S[i * positions + j] = !normalize ? v : norms[i] * norms[j] > 0 ? v / (norms[i] * norms[j]) : 0;
    }
  }
  return S;
}

test('similarity equals the float64 dot products for every variant, odd and even dims, offsets, steps, normalize', () => {
  let n = 0;
  for (const variant of VARIANTS) {
    for (const dim of [1, 4, 7, 16, 33]) {
      if (!allowed(variant, dim)) continue;
      for (const [offset, step] of [[0, 1], [-5, 3], [1000000, 1], [7, 100]]) {
        for (const normalize of [false, true]) {
          const p = { positions: 23, dim, variant, offset, step, normalize, paddingIdx: variant === 'fairseq' ? offset + 2 * step : 1 };
          const m = pe.compute('similarity', p);
          assert.deepEqual(m.shape, [23, 23]);
          const want = refSimilarity(p);
          const scale = normalize ? 1 : Math.max(...want.map(Math.abs), 1e-30);
          for (let e = 0; e < want.length; e++) {
            assert.ok(Math.abs(m.data[e] - want[e]) <= 2e-7 * scale, `${label(p)} [${Math.floor(e / 23)}, ${e % 23}]: ${m.data[e]} vs ${want[e]}`);
          }
          n++;
        }
      }
    }
  }
  assert.equal(n, (4 * 5 + 2) * 4 * 2);  // scaled takes even dims only (4, 16)
});

test('similarity invariants: symmetric, diagonal ‖PE(i)‖² of the sinusoidal table, fairseq padding row zero', () => {
  for (const [variant, dim] of [['vaswani', 64], ['vaswani', 9], ['marian', 11], ['tensor2tensor', 13], ['fairseq', 32], ['scaled', 40]]) {
    const p = { positions: 300, dim, variant, offset: 3, step: 2, paddingIdx: 5 };
    const S = pe.compute('similarity', p).data, L = 300;
    const table = pe.compute('sinusoidal', p).data;
    for (let i = 0; i < L; i++) {
      let n2 = 0;
      for (let c = 0; c < dim; c++) n2 += table[i * dim + c] ** 2;
      assert.ok(Math.abs(S[i * L + i] - n2) <= 1e-6 * Math.max(n2, 1), `${variant} ${dim} diag ${i}: ${S[i * L + i]} vs ${n2}`);
      for (let j = 0; j < i; j++) assert.equal(S[i * L + j], S[j * L + i], `${variant} ${dim} (${i}, ${j})`);
    }
    if (variant === 'fairseq') {  // position 5 = offset + 1 step: row and column 1
      for (let j = 0; j < L; j++) assert.equal(S[L + j], 0), assert.equal(S[j * L + 1], 0);
    }
  }
  // normalize: diagonal 1 except a zero row; tensor2tensor dim 1 has no sin/cos pair at all
  const cos = pe.compute('similarity', { positions: 50, dim: 10, variant: 'fairseq', normalize: true }).data;
  for (let i = 0; i < 50; i++) close(cos[i * 50 + i], i === 1 ? 0 : 1, 1e-7, `cos diag ${i}`);
  assert.ok(pe.compute('similarity', { positions: 5, dim: 1, variant: 'tensor2tensor', normalize: true }).data.every((v) => v === 0));
});

test('similarity of a large table: Toeplitz rows equal the sums at their distances', () => {
  const L = 2000, S = pe.compute('similarity', { positions: L, dim: 64 }).data;
  const w = Array.from({ length: 32 }, (_, k) => 10000 ** (-(2 * k) / 64));
  for (const [i, j] of [[0, 0], [0, L - 1], [L - 1, 0], [1, 0], [1, L - 1], [L - 2, 3], [L - 1, L - 1], [777, 1999]]) {
    const want = w.reduce((s, x) => s + Math.cos((i - j) * x), 0);
    assert.ok(Math.abs(S[i * L + j] - want) < 32 * 1e-7, `(${i}, ${j}): ${S[i * L + j]} vs ${want}`);
  }
  assert.deepEqual(pe.compute('similarity', { positions: 1, dim: 4 }).data, Float32Array.of(2));
  assert.deepEqual(pe.compute('similarity', { positions: 2, dim: 2 }).data, Float32Array.of(1, Math.fround(Math.cos(1)), Math.fround(Math.cos(1)), 1));
});

test('analysis kinds refuse what the kinds they analyse refuse, naming the parameter', () => {
  throwsWith(() => pe.compute('similarity', { dim: 3, variant: 'fairseq' }), 'ERANGE', 'dim');
  throwsWith(() => pe.compute('similarity', { dim: 5, variant: 'scaled' }), 'ERANGE', 'dim');
  throwsWith(() => pe.compute('similarity', { positions: 10, offset: 2 ** 30, step: 2 ** 24 }), 'ERANGE', 'step');
  throwsWith(() => pe.compute('rope-decay', { distances: 10, offset: 2 ** 30, step: 2 ** 24 }), 'ERANGE', 'step');
  throwsWith(() => pe.compute('rope-decay', { distances: -1 }), 'ERANGE', 'distances');
  throwsWith(() => pe.compute('rope-spectrum', { ropeScaling: { rope_type: 'llama3', factor: 8 } }), 'EINVAL', 'ropeScaling.low_freq_factor');
  throwsWith(() => pe.compute('rope-spectrum', { dim: 64, partialRotaryFactor: 0.01 }), 'ERANGE', 'partialRotaryFactor');
  throwsWith(() => pe.compute('similarity', { positions: 40000 }), 'ENOMEM', 'positions');
  assert.equal(pe.compute('rope-decay', { distances: 0 }).data.length, 0);
});

test('difference (compare mode\'s A − B) in C: float32 of the double difference, masked cells stay masked', () => {
  const a = pe.computeView('alibi', { heads: 4, queries: 20, keys: 30 });
  const b = pe.compute('alibi', { heads: 4, queries: 20, keys: 30, maxBias: 3 });
  const d = pe.difference(a, b);
  assert.equal(d.data.length, a.data.length);
  for (let i = 0; i < a.data.length; i++) {
    const want = a.data[i] === -Infinity || b.data[i] === -Infinity ? -Infinity : Math.fround(a.data[i] - b.data[i]);
    assert.equal(d.data[i], want, `cell ${i}`);
  }
  d.free();
  a.free();
  const t5 = pe.difference(pe.compute('t5', { queries: 9 }), pe.compute('t5', { queries: 9, bidirectional: false }));
  const enc = pe.compute('t5', { queries: 9 }).data, dec = pe.compute('t5', { queries: 9, bidirectional: false }).data;
  assert.deepEqual(t5.data, Float32Array.from(enc, (v, i) => v - dec[i]));
  t5.free();
  throwsWith(() => pe.difference(Float32Array.of(1), Float32Array.of(1, 2)), 'EINVAL', 'b');
  throwsWith(() => pe.difference(Float32Array.of(1), [1]), 'EINVAL', 'data');
});
