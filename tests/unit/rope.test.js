// rope, rope-frequencies, rope-apply: every rope_scaling type against a float64 reference written here
// from huggingface/transformers · src/transformers/modeling_rope_utils.py (v5) · the _compute_*_parameters
// functions, and the models' rotate_half / apply_rotary_pos_emb (not from our C), for
// both layouts over several dims, bases, offsets and partial factors; the literal inv_freq snapshots
// of transformers' own tests; and the properties (norms, relative positions, factor 1 = plain RoPE).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { throwsWith, isError } from '../errors.js';
import { load } from '../../web/posenc.js';
import { mulberry32 } from '../random.js';

const pe = await load();
const TYPES = ['default', 'linear', 'dynamic', 'yarn', 'longrope', 'llama3', 'proportional'];

// ---- float64 reference ------------------------------------------------------------------------

const gMscale = (s, m = 1) => (s <= 1 ? 1 : 0.1 * m * Math.log(s) + 1);

// inv_freq and attention factor, transformers v5 function by function.
function refInv(params) {
  const { dim = 64, base = 10000, partialRotaryFactor = 1, maxPositionEmbeddings: maxPos = 2048, seqLen } = params;
  const rs = params.ropeScaling ?? {};
  const type = rs.rope_type ?? rs.type ?? 'default';
  const r = Math.trunc(dim * partialRotaryFactor), h = r / 2;
  const orig = rs.original_max_position_embeddings ?? maxPos;  // standardize_rope_params
  const plain = (b) => Float64Array.from({ length: h }, (_, k) => 1 / b ** ((2 * k) / r));
  let inv = plain(base), af = 1, f = rs.factor;
  if (type === 'linear') inv = inv.map((v) => v / f);
  if (type === 'dynamic') {
    const L = seqLen !== undefined && seqLen > maxPos ? seqLen : maxPos;
    inv = plain(base * ((f * L) / maxPos - (f - 1)) ** (r / (r - 2)));
  }
  if (type === 'yarn') {
    f ??= maxPos / orig;
    af = rs.attention_factor ?? (rs.mscale && rs.mscale_all_dim ? gMscale(f, rs.mscale) / gMscale(f, rs.mscale_all_dim) : gMscale(f));
    const cd = (b) => (r * Math.log(orig / (b * 2 * Math.PI))) / (2 * Math.log(base));
    let lo = cd(rs.beta_fast || 32), hi = cd(rs.beta_slow || 1);
    if (rs.truncate ?? true) [lo, hi] = [Math.floor(lo), Math.ceil(hi)];
    lo = Math.max(lo, 0);
    hi = Math.min(hi, r - 1);
    if (lo === hi) hi += 0.001;
    inv = inv.map((v, k) => {
      const ramp = Math.min(Math.max((k - lo) / (hi - lo), 0), 1);
      return (v / f) * ramp + v * (1 - ramp);
    });
  }
  if (type === 'longrope' || type === 'su') {
    f ??= maxPos / orig;
    af = rs.attention_factor ?? (f <= 1 ? 1 : Math.sqrt(1 + Math.log(f) / Math.log(orig)));
    const ext = seqLen !== undefined && seqLen > orig ? rs.long_factor : rs.short_factor;
    inv = Float64Array.from({ length: h }, (_, k) => 1 / (Math.fround(ext[k]) * base ** ((2 * k) / r)));
  }
  if (type === 'llama3') {
    const { low_freq_factor: lff, high_freq_factor: hff } = rs;
    inv = inv.map((v) => {
      const wl = (2 * Math.PI) / v;
      if (wl > orig / lff) return v / f;
      if (wl < orig / hff) return v;
      const t = (orig / wl - lff) / (hff - lff);
      return ((1 - t) * v) / f + t * v;
    });
  }
  return { inv, af, r };
}

// cos and sin tables [positions, r] in float64.
function refTables(params) {
  const { inv, af, r } = refInv(params);
  const n = params.positions ?? 50, off = params.offset ?? 0, gptj = params.layout === 'gptj';
  const cos = new Float64Array(n * r), sin = new Float64Array(n * r);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < r / 2; k++) {
      const a = (off + i) * inv[k];
      for (const j of gptj ? [2 * k, 2 * k + 1] : [k, k + r / 2]) {
        cos[i * r + j] = af * Math.cos(a);
        sin[i * r + j] = af * Math.sin(a);
      }
    }
  }
  return { cos, sin, af, r };
}

// HF apply_rotary_pos_emb (neox: rotate_half) / GPT-J rotate_every_two, on the first r dims.
function refApply(x, params) {
  const d = params.dim;
  const n = x.length / d;
  const { cos, sin, r } = refTables({ ...params, positions: n });
  const out = new Float64Array(x.length);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < d; j++) {
      if (j >= r) { out[i * d + j] = x[i * d + j]; continue; }
      let rot;
      if (params.layout === 'gptj') rot = j % 2 ? x[i * d + j - 1] : -x[i * d + j + 1];
      else rot = j < r / 2 ? -x[i * d + j + r / 2] : x[i * d + j - r / 2];
      out[i * d + j] = x[i * d + j] * cos[i * r + j] + rot * sin[i * r + j];
    }
  }
  return out;
}

// values in [-1, 1), the same on every run
const randomArray = (n, seed) => {
  const r = mulberry32(seed);
  return Float32Array.from({ length: n }, () => 2 * r() - 1);
};

function closeAll(got, want, tol, what) {
  assert.equal(got.length, want.length, `${what}: length`);
  for (let i = 0; i < want.length; i++) {
    const t = typeof tol === 'function' ? tol(want[i], i) : tol;
    if (!(Math.abs(got[i] - want[i]) <= t)) {
      assert.fail(`${what}: [${i}] = ${got[i]}, want ${want[i]} (|diff| ${Math.abs(got[i] - want[i])} > ${t})`);
    }
  }
}

// Scaling objects exercised for every dim (longrope's arrays are built per r).
function scalings(r) {
  const h = r / 2;
  const short = Array.from({ length: h }, (_, k) => 1 + k / h);
  const long = Array.from({ length: h }, (_, k) => 1 + (3 * k) / h + (k % 3) * 0.25);
  return [
    {},
    { rope_type: 'linear', factor: 4 },
    { rope_type: 'dynamic', factor: 3 },
    { rope_type: 'yarn', factor: 16, original_max_position_embeddings: 512 },
    { rope_type: 'yarn', factor: 40, original_max_position_embeddings: 4096, mscale: 1, mscale_all_dim: 0.707, beta_fast: 16, beta_slow: 2 },
    { type: 'yarn', factor: 4, truncate: false, attention_factor: 1.25 },
    { rope_type: 'longrope', short_factor: short, long_factor: long, original_max_position_embeddings: 256 },
    { type: 'su', short_factor: short, long_factor: long, factor: 8, original_max_position_embeddings: 512 },
    { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 512 },
  ];
}

// ---- literal numbers from transformers' own tests -----------------------------------------------
// huggingface/transformers tests/utils/test_modeling_rope_utils.py (v5: rope_parameters, Gemma3
// nested cases): EXPECTED_INV_FREQ snapshots, compared there with torch.testing.assert_close's
// float32 defaults (atol 1e-5, rtol 1.3e-6) — the snapshots are printed to 5 digits, so we use the same.
const HF_TOL = (e) => 1e-5 + 1.3e-6 * Math.abs(e);
const LLAMA = { dim: 128, base: 10000, maxPositionEmbeddings: 2048 };  // LlamaConfig(): 4096 / 32, 2048
const GEMMA3 = { dim: 256, base: 10000, maxPositionEmbeddings: 131072 };  // Gemma3TextConfig(): head_dim 256

const HF_DEFAULT = [
  1.0000e+00, 8.6596e-01, 7.4989e-01, 6.4938e-01, 5.6234e-01, 4.8697e-01, 4.2170e-01, 3.6517e-01, 3.1623e-01,
  2.7384e-01, 2.3714e-01, 2.0535e-01, 1.7783e-01, 1.5399e-01, 1.3335e-01, 1.1548e-01, 1.0000e-01, 8.6596e-02,
  7.4989e-02, 6.4938e-02, 5.6234e-02, 4.8697e-02, 4.2170e-02, 3.6517e-02, 3.1623e-02, 2.7384e-02, 2.3714e-02,
  2.0535e-02, 1.7783e-02, 1.5399e-02, 1.3335e-02, 1.1548e-02, 1.0000e-02, 8.6596e-03, 7.4989e-03, 6.4938e-03,
  5.6234e-03, 4.8697e-03, 4.2170e-03, 3.6517e-03, 3.1623e-03, 2.7384e-03, 2.3714e-03, 2.0535e-03, 1.7783e-03,
  1.5399e-03, 1.3335e-03, 1.1548e-03, 1.0000e-03, 8.6596e-04, 7.4989e-04, 6.4938e-04, 5.6234e-04, 4.8697e-04,
  4.2170e-04, 3.6517e-04, 3.1623e-04, 2.7384e-04, 2.3714e-04, 2.0535e-04, 1.7783e-04, 1.5399e-04, 1.3335e-04,
  1.1548e-04];
const HF_DYNAMIC = [  // factor 10, seq_len 16384
  1.0000e+00, 8.0931e-01, 6.5498e-01, 5.3008e-01, 4.2900e-01, 3.4720e-01, 2.8099e-01, 2.2741e-01, 1.8404e-01,
  1.4895e-01, 1.2055e-01, 9.7558e-02, 7.8955e-02, 6.3899e-02, 5.1714e-02, 4.1853e-02, 3.3872e-02, 2.7413e-02,
  2.2185e-02, 1.7955e-02, 1.4531e-02, 1.1760e-02, 9.5176e-03, 7.7027e-03, 6.2339e-03, 5.0451e-03, 4.0831e-03,
  3.3045e-03, 2.6744e-03, 2.1644e-03, 1.7517e-03, 1.4176e-03, 1.1473e-03, 9.2852e-04, 7.5146e-04, 6.0817e-04,
  4.9220e-04, 3.9834e-04, 3.2238e-04, 2.6091e-04, 2.1115e-04, 1.7089e-04, 1.3830e-04, 1.1193e-04, 9.0585e-05,
  7.3312e-05, 5.9332e-05, 4.8018e-05, 3.8861e-05, 3.1451e-05, 2.5453e-05, 2.0600e-05, 1.6672e-05, 1.3492e-05,
  1.0920e-05, 8.8374e-06, 7.1522e-06, 5.7883e-06, 4.6845e-06, 3.7912e-06, 3.0683e-06, 2.4832e-06, 2.0097e-06,
  1.6265e-06];
const HF_YARN = [  // factor 10, beta_fast 32, beta_slow 1 (original = max_position_embeddings = 2048)
  1.0000e+00, 8.6596e-01, 7.4989e-01, 6.4938e-01, 5.6234e-01, 4.8697e-01, 4.2170e-01, 3.6517e-01, 3.1623e-01,
  2.7384e-01, 2.3714e-01, 2.0535e-01, 1.7783e-01, 1.5399e-01, 1.3335e-01, 1.1548e-01, 1.0000e-01, 8.3479e-02,
  6.9590e-02, 5.7925e-02, 4.8136e-02, 3.9931e-02, 3.3061e-02, 2.7315e-02, 2.2515e-02, 1.8512e-02, 1.5177e-02,
  1.2403e-02, 1.0101e-02, 8.1924e-03, 6.6143e-03, 5.3120e-03, 4.2400e-03, 3.3599e-03, 2.6396e-03, 2.0520e-03,
  1.5746e-03, 1.1882e-03, 8.7713e-04, 6.2810e-04, 4.3007e-04, 2.7384e-04, 2.3714e-04, 2.0535e-04, 1.7783e-04,
  1.5399e-04, 1.3335e-04, 1.1548e-04, 1.0000e-04, 8.6596e-05, 7.4989e-05, 6.4938e-05, 5.6234e-05, 4.8697e-05,
  4.2170e-05, 3.6517e-05, 3.1623e-05, 2.7384e-05, 2.3714e-05, 2.0535e-05, 1.7783e-05, 1.5399e-05, 1.3335e-05,
  1.1548e-05];
const HF_LLAMA3 = [  // factor 10, original 2048, low_freq_factor 1, high_freq_factor 4
  1.0000e+00, 8.6596e-01, 7.4989e-01, 6.4938e-01, 5.6234e-01, 4.8697e-01, 4.2170e-01, 3.6517e-01, 3.1623e-01,
  2.7384e-01, 2.3714e-01, 2.0535e-01, 1.7783e-01, 1.5399e-01, 1.3335e-01, 1.1548e-01, 1.0000e-01, 8.6596e-02,
  7.4989e-02, 6.4938e-02, 5.6234e-02, 4.8697e-02, 4.2170e-02, 3.6517e-02, 3.1623e-02, 2.7384e-02, 2.3714e-02,
  2.0535e-02, 1.7783e-02, 1.5399e-02, 1.3335e-02, 1.0730e-02, 7.7785e-03, 5.6009e-03, 3.9991e-03, 2.8248e-03,
  1.9675e-03, 1.3449e-03, 8.9549e-04, 5.7363e-04, 3.4539e-04, 2.7384e-04, 2.3714e-04, 2.0535e-04, 1.7783e-04,
  1.5399e-04, 1.3335e-04, 1.1548e-04, 1.0000e-04, 8.6596e-05, 7.4989e-05, 6.4938e-05, 5.6234e-05, 4.8697e-05,
  4.2170e-05, 3.6517e-05, 3.1623e-05, 2.7384e-05, 2.3714e-05, 2.0535e-05, 1.7783e-05, 1.5399e-05, 1.3335e-05,
  1.1548e-05];
const HF_GEMMA3_DYNAMIC = [  // head_dim 256, factor 10, seq_len 200000 > max_position_embeddings 131072
  1.0000e+00, 9.1723e-01, 8.4131e-01, 7.7168e-01, 7.0781e-01, 6.4922e-01, 5.9548e-01, 5.4620e-01, 5.0099e-01,
  4.5952e-01, 4.2149e-01, 3.8660e-01, 3.5460e-01, 3.2525e-01, 2.9833e-01, 2.7364e-01, 2.5099e-01, 2.3021e-01,
  2.1116e-01, 1.9368e-01, 1.7765e-01, 1.6295e-01, 1.4946e-01, 1.3709e-01, 1.2574e-01, 1.1533e-01, 1.0579e-01,
  9.7033e-02, 8.9001e-02, 8.1635e-02, 7.4878e-02, 6.8680e-02, 6.2996e-02, 5.7781e-02, 5.2999e-02, 4.8612e-02,
  4.4589e-02, 4.0898e-02, 3.7513e-02, 3.4408e-02, 3.1560e-02, 2.8948e-02, 2.6552e-02, 2.4354e-02, 2.2338e-02,
  2.0489e-02, 1.8793e-02, 1.7238e-02, 1.5811e-02, 1.4502e-02, 1.3302e-02, 1.2201e-02, 1.1191e-02, 1.0265e-02,
  9.4153e-03, 8.6360e-03, 7.9212e-03, 7.2656e-03, 6.6642e-03, 6.1126e-03, 5.6067e-03, 5.1426e-03, 4.7170e-03,
  4.3265e-03, 3.9684e-03, 3.6400e-03, 3.3387e-03, 3.0623e-03, 2.8089e-03, 2.5764e-03, 2.3631e-03, 2.1675e-03,
  1.9881e-03, 1.8236e-03, 1.6726e-03, 1.5342e-03, 1.4072e-03, 1.2907e-03, 1.1839e-03, 1.0859e-03, 9.9603e-04,
  9.1359e-04, 8.3797e-04, 7.6862e-04, 7.0500e-04, 6.4665e-04, 5.9312e-04, 5.4403e-04, 4.9900e-04, 4.5770e-04,
  4.1982e-04, 3.8507e-04, 3.5320e-04, 3.2396e-04, 2.9715e-04, 2.7255e-04, 2.4999e-04, 2.2930e-04, 2.1032e-04,
  1.9291e-04, 1.7695e-04, 1.6230e-04, 1.4887e-04, 1.3655e-04, 1.2524e-04, 1.1488e-04, 1.0537e-04, 9.6648e-05,
  8.8648e-05, 8.1311e-05, 7.4581e-05, 6.8408e-05, 6.2746e-05, 5.7552e-05, 5.2789e-05, 4.8419e-05, 4.4412e-05,
  4.0736e-05, 3.7364e-05, 3.4271e-05, 3.1435e-05, 2.8833e-05, 2.6446e-05, 2.4257e-05, 2.2250e-05, 2.0408e-05,
  1.8719e-05, 1.7170e-05];
const HF_GEMMA3_YARN = [  // head_dim 256, factor 10, beta 32/1, original = max_position_embeddings = 131072
  1.0000e+00, 9.3057e-01, 8.6596e-01, 8.0584e-01, 7.4989e-01, 6.9783e-01, 6.4938e-01, 6.0430e-01, 5.6234e-01,
  5.2330e-01, 4.8697e-01, 4.5316e-01, 4.2170e-01, 3.9242e-01, 3.6517e-01, 3.3982e-01, 3.1623e-01, 2.9427e-01,
  2.7384e-01, 2.5483e-01, 2.3714e-01, 2.2067e-01, 2.0535e-01, 1.9110e-01, 1.7783e-01, 1.6548e-01, 1.5399e-01,
  1.4330e-01, 1.3335e-01, 1.2409e-01, 1.1548e-01, 1.0746e-01, 1.0000e-01, 9.3057e-02, 8.6596e-02, 8.0584e-02,
  7.4989e-02, 6.9783e-02, 6.4938e-02, 6.0430e-02, 5.6234e-02, 5.2330e-02, 4.8697e-02, 4.5316e-02, 4.2170e-02,
  3.9242e-02, 3.6517e-02, 3.3982e-02, 3.1623e-02, 2.9427e-02, 2.7384e-02, 2.5483e-02, 2.3714e-02, 2.2067e-02,
  2.0535e-02, 1.9110e-02, 1.7783e-02, 1.6548e-02, 1.5399e-02, 1.4330e-02, 1.3335e-02, 1.2409e-02, 1.1548e-02,
  1.0746e-02, 1.0000e-02, 9.3057e-03, 8.6596e-03, 8.0584e-03, 7.4989e-03, 6.9783e-03, 6.4938e-03, 6.0430e-03,
  5.6234e-03, 5.2330e-03, 4.8697e-03, 4.5316e-03, 4.2170e-03, 3.9242e-03, 3.6517e-03, 3.3982e-03, 3.1623e-03,
  2.9427e-03, 2.7384e-03, 2.5483e-03, 2.3714e-03, 2.2067e-03, 2.0535e-03, 1.9110e-03, 1.7783e-03, 1.6548e-03,
  1.5399e-03, 1.4067e-03, 1.2845e-03, 1.1726e-03, 1.0699e-03, 9.7592e-04, 8.8980e-04, 8.1093e-04, 7.3872e-04,
  6.7263e-04, 6.1216e-04, 5.5684e-04, 5.0625e-04, 4.6001e-04, 4.1774e-04, 3.7912e-04, 3.4386e-04, 3.1166e-04,
  2.8228e-04, 2.5547e-04, 2.3103e-04, 2.0875e-04, 1.8845e-04, 1.6996e-04, 1.5313e-04, 1.3782e-04, 1.2389e-04,
  1.1124e-04, 9.9743e-05, 8.9308e-05, 7.9841e-05, 7.1258e-05, 6.3483e-05, 5.6443e-05, 5.0075e-05, 4.4319e-05,
  3.9121e-05, 3.4431e-05];
const HF_GEMMA3_LLAMA3 = [  // head_dim 256, factor 10, original 2048, low 1, high 4
  1.0000e+00, 9.3057e-01, 8.6596e-01, 8.0584e-01, 7.4989e-01, 6.9783e-01, 6.4938e-01, 6.0430e-01, 5.6234e-01,
  5.2330e-01, 4.8697e-01, 4.5316e-01, 4.2170e-01, 3.9242e-01, 3.6517e-01, 3.3982e-01, 3.1623e-01, 2.9427e-01,
  2.7384e-01, 2.5483e-01, 2.3714e-01, 2.2067e-01, 2.0535e-01, 1.9110e-01, 1.7783e-01, 1.6548e-01, 1.5399e-01,
  1.4330e-01, 1.3335e-01, 1.2409e-01, 1.1548e-01, 1.0746e-01, 1.0000e-01, 9.3057e-02, 8.6596e-02, 8.0584e-02,
  7.4989e-02, 6.9783e-02, 6.4938e-02, 6.0430e-02, 5.6234e-02, 5.2330e-02, 4.8697e-02, 4.5316e-02, 4.2170e-02,
  3.9242e-02, 3.6517e-02, 3.3982e-02, 3.1623e-02, 2.9427e-02, 2.7384e-02, 2.5483e-02, 2.3714e-02, 2.2067e-02,
  2.0535e-02, 1.9110e-02, 1.7783e-02, 1.6548e-02, 1.5399e-02, 1.4330e-02, 1.3335e-02, 1.2409e-02, 1.0730e-02,
  9.1428e-03, 7.7785e-03, 6.6067e-03, 5.6009e-03, 4.7383e-03, 3.9991e-03, 3.3661e-03, 2.8248e-03, 2.3623e-03,
  1.9675e-03, 1.6312e-03, 1.3449e-03, 1.1017e-03, 8.9549e-04, 7.2098e-04, 5.7363e-04, 4.4956e-04, 3.4539e-04,
  2.9427e-04, 2.7384e-04, 2.5483e-04, 2.3714e-04, 2.2067e-04, 2.0535e-04, 1.9110e-04, 1.7783e-04, 1.6548e-04,
  1.5399e-04, 1.4330e-04, 1.3335e-04, 1.2409e-04, 1.1548e-04, 1.0746e-04, 1.0000e-04, 9.3057e-05, 8.6596e-05,
  8.0584e-05, 7.4989e-05, 6.9783e-05, 6.4938e-05, 6.0430e-05, 5.6234e-05, 5.2330e-05, 4.8697e-05, 4.5316e-05,
  4.2170e-05, 3.9242e-05, 3.6517e-05, 3.3982e-05, 3.1623e-05, 2.9427e-05, 2.7384e-05, 2.5483e-05, 2.3714e-05,
  2.2067e-05, 2.0535e-05, 1.9110e-05, 1.7783e-05, 1.6548e-05, 1.5399e-05, 1.4330e-05, 1.3335e-05, 1.2409e-05,
  1.1548e-05, 1.0746e-05];

const freqs = (params) => pe.compute('rope-frequencies', params);

test('inv_freq matches the snapshots in transformers tests/utils/test_modeling_rope_utils.py', () => {
  const cases = [
    ['default', LLAMA, HF_DEFAULT],
    ['dynamic', { ...LLAMA, seqLen: 16384, ropeScaling: { rope_type: 'dynamic', factor: 10 } }, HF_DYNAMIC],
    ['yarn', { ...LLAMA, ropeScaling: { rope_type: 'yarn', factor: 10, beta_fast: 32, beta_slow: 1 } }, HF_YARN],
    ['llama3', { ...LLAMA, ropeScaling: { rope_type: 'llama3', factor: 10, original_max_position_embeddings: 2048,
      low_freq_factor: 1, high_freq_factor: 4 } }, HF_LLAMA3],
    ['gemma3 dynamic', { ...GEMMA3, seqLen: 200000, ropeScaling: { rope_type: 'dynamic', factor: 10 } }, HF_GEMMA3_DYNAMIC],
    ['gemma3 yarn', { ...GEMMA3, ropeScaling: { rope_type: 'yarn', factor: 10, beta_fast: 32, beta_slow: 1 } }, HF_GEMMA3_YARN],
    ['gemma3 llama3', { ...GEMMA3, ropeScaling: { rope_type: 'llama3', factor: 10, original_max_position_embeddings: 2048,
      low_freq_factor: 1, high_freq_factor: 4 } }, HF_GEMMA3_LLAMA3],
  ];
  for (const [name, params, expected] of cases) {
    const m = freqs(params);
    assert.deepEqual(m.shape, [expected.length], name);
    closeAll(m.data, expected, HF_TOL, name);
  }
  // The other checks of the same file: linear = default / factor; dynamic without a longer seq_len
  // (or with seq_len 1) = default; attention scales of yarn and longrope, attention_factor 0.5 wins.
  const def = freqs(LLAMA).data;
  for (const factor of [2, 10, 20]) {
    const lin = freqs({ ...LLAMA, ropeScaling: { rope_type: 'linear', factor } });
    // both sides are float32 roundings of the same double: 2 x 2^-24 relative
    closeAll(lin.data, Array.from(def, (v) => v / factor), (e) => 1.2e-7 * e, `linear ${factor}`);
    assert.equal(lin.info.attentionFactor, 1);
    for (const seqLen of [undefined, 1]) {
      const dyn = freqs({ ...LLAMA, seqLen, ropeScaling: { rope_type: 'dynamic', factor } });
      assert.deepEqual(dyn.data, def, `dynamic ${factor} seqLen ${seqLen}`);
      assert.equal(dyn.info.attentionFactor, 1);
    }
    const yarn = freqs({ ...LLAMA, ropeScaling: { rope_type: 'yarn', factor } });
    assert.ok(Math.abs(yarn.info.attentionFactor - (0.1 * Math.log(factor) + 1)) < 1e-15);
    assert.equal(freqs({ ...LLAMA, ropeScaling: { rope_type: 'yarn', factor, attention_factor: 0.5 } }).info.attentionFactor, 0.5);
    const short = Array(64).fill(2), long = Array.from({ length: 64 }, (_, k) => k + 1);
    const lr = { rope_type: 'longrope', factor, short_factor: short, long_factor: long };
    assert.ok(Math.abs(freqs({ ...LLAMA, ropeScaling: lr }).info.attentionFactor -
      Math.sqrt(1 + Math.log(factor) / Math.log(2048))) < 1e-15);
    assert.equal(freqs({ ...LLAMA, seqLen: 1, ropeScaling: { ...lr, attention_factor: 0.5 } }).info.attentionFactor, 0.5);
    // short factors at init and up to original (= max_position_embeddings); long beyond it
    closeAll(freqs({ ...LLAMA, ropeScaling: lr }).data, Array.from(def, (v) => v / 2), (e) => 1.2e-7 * e, 'longrope short');
    closeAll(freqs({ ...LLAMA, seqLen: 2049, ropeScaling: lr }).data, Array.from(def, (v, k) => v / (k + 1)),
      (e) => 1.2e-7 * e, 'longrope long');
  }
  // "super high beta_fast = interpolation in all but the first inverse frequency" (the margin is
  // added in float32 there, as torch does to a float32 tensor)
  const hi = freqs({ ...LLAMA, ropeScaling: { rope_type: 'yarn', factor: 10, beta_fast: 1000, beta_slow: 1 } }).data;
  const below = (k) => hi[k] < Math.fround(def[k] + 1e-8);
  assert.ok(!below(0) && hi.every((_, k) => k === 0 || below(k)));
  closeAll(hi.slice(-20), Array.from(def.slice(-20), (v) => v / 10), HF_TOL, 'yarn beta_fast 1000');
});

test('rope-frequencies and attention factor equal the float64 reference for every scaling type', () => {
  for (const dim of [4, 8, 64, 96, 128, 256]) {
    for (const base of [10000, 500000, 1e6]) {
      for (const partialRotaryFactor of [1, 0.5, 0.25]) {
        const r = Math.trunc(dim * partialRotaryFactor);
        if (r < 4) continue;  // dynamic needs r > 2
        for (const ropeScaling of scalings(r)) {
          for (const seqLen of [undefined, 100, 4096]) {
            const params = { dim, base, partialRotaryFactor, seqLen, ropeScaling };
            const what = JSON.stringify({ ...params, ropeScaling: { ...ropeScaling, short_factor: undefined, long_factor: undefined } });
            const m = freqs(params);
            const want = refInv(params);
            assert.deepEqual(m.shape, [r / 2], what);
            // float32 storage of a float64 value: relative 2^-24, plus 1 ulp of libm pow differences
            closeAll(m.data, want.inv, (e) => 6.1e-8 * e, what);
            assert.ok(Math.abs(m.info.attentionFactor - want.af) <= 1e-15 * want.af, `${what}: attentionFactor`);
          }
        }
      }
    }
  }
});

test('rope tables equal the float64 reference for both layouts, offsets and every scaling type', () => {
  for (const layout of ['neox', 'gptj']) {
    for (const [dim, partialRotaryFactor] of [[4, 1], [16, 1], [64, 1], [64, 0.5], [96, 1], [128, 0.25]]) {
      const r = Math.trunc(dim * partialRotaryFactor);
      for (const ropeScaling of scalings(r)) {
        for (const [offset, positions] of [[0, 70], [7, 33], [-40, 80], [1000, 40], [2047, 5]]) {
          for (const base of [10000, 500000]) {
            const params = { dim, base, partialRotaryFactor, layout, offset, positions, seqLen: 3000, ropeScaling };
            const what = `${layout} dim ${dim} prf ${partialRotaryFactor} offset ${offset} base ${base} ${ropeScaling.rope_type ?? ropeScaling.type}`;
            const m = pe.compute('rope', params);
            const want = refTables(params);
            assert.deepEqual(m.shape, [2, positions, r], what);
            // Tolerance: the float32 rounding of a value of magnitude <= A is <= 2^-24 max(1, A)
            // (~6e-8); phases at |p| <= 3000 carry < 1e-12 rad of double error.
            const tol = 6e-8 * Math.max(1, want.af) + 1e-12;
            closeAll(m.data.subarray(0, positions * r), want.cos, tol, `${what} cos`);
            closeAll(m.data.subarray(positions * r), want.sin, tol, `${what} sin`);
            assert.ok(Math.abs(m.info.attentionFactor - want.af) <= 1e-15 * want.af, `${what}: attentionFactor`);
          }
        }
      }
    }
  }
});

test('rope tables stay exact over many rows and far offsets (phases in double)', () => {
  for (const layout of ['neox', 'gptj']) {
    const params = { dim: 64, positions: 1000, layout, base: 500000 };
    const m = pe.compute('rope', params);
    const want = refTables(params);
    closeAll(m.data.subarray(0, 64000), want.cos, 6.1e-8, `${layout} 1000 rows cos`);
    closeAll(m.data.subarray(64000), want.sin, 6.1e-8, `${layout} 1000 rows sin`);
    // |p| up to 2^30: a double phase p * inv carries up to ~2^30 * 2^-53 = 1.2e-7 rad of rounding
    // (in the reference as in C), so the comparison allows 2.5e-7 more.
    for (const offset of [1 << 30, -(1 << 30), 123456789]) {
      const p2 = { dim: 32, positions: 40, offset, layout, ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1,
        high_freq_factor: 4, original_max_position_embeddings: 8192 } };
      const m2 = pe.compute('rope', p2), w2 = refTables(p2);
      closeAll(m2.data.subarray(0, 40 * 32), w2.cos, 6e-8 + 2.5e-7, `${layout} offset ${offset} cos`);
      closeAll(m2.data.subarray(40 * 32), w2.sin, 6e-8 + 2.5e-7, `${layout} offset ${offset} sin`);
    }
  }
});

test('layouts: gptj repeats each frequency in adjacent columns, neox in the two halves', () => {
  const params = { dim: 64, positions: 9, offset: 3, ropeScaling: { rope_type: 'yarn', factor: 8 } };
  const neox = pe.compute('rope', { ...params, layout: 'neox' }).data;
  const gptj = pe.compute('rope', { ...params, layout: 'gptj' }).data;
  for (let t = 0; t < 2 * 9; t++) {
    for (let k = 0; k < 32; k++) {
      assert.equal(gptj[t * 64 + 2 * k], neox[t * 64 + k]);
      assert.equal(gptj[t * 64 + 2 * k + 1], neox[t * 64 + k]);
      assert.equal(neox[t * 64 + k + 32], neox[t * 64 + k]);
    }
  }
  // offset shifts rows: rows 3.. of a table from 0 are the table from offset 3
  const from0 = pe.compute('rope', { ...params, offset: 0, positions: 12 }).data;
  for (let t = 0; t < 2; t++) {
    assert.deepEqual(neox.subarray(t * 9 * 64, (t + 1) * 9 * 64), from0.subarray(t * 12 * 64 + 3 * 64, (t + 1) * 12 * 64));
  }
  // rope-frequencies ignores positions, offset and layout
  const f = freqs(params).data;
  assert.deepEqual(freqs({ ...params, positions: 0, offset: -5, layout: 'gptj' }).data, f);
});

test('rope-apply equals x cos + rotate(x) sin (float64 reference), rest passes through', () => {
  for (const layout of ['neox', 'gptj']) {
    for (const [dim, partialRotaryFactor] of [[8, 1], [64, 1], [64, 0.25], [96, 0.5], [80, 0.4]]) {
      const r = Math.trunc(dim * partialRotaryFactor);
      for (const ropeScaling of scalings(r)) {
        const x = randomArray(dim * 37, dim + r);
        const params = { dim, partialRotaryFactor, layout, offset: 11, seqLen: 5000, ropeScaling };
        const want = refApply(x, params);
        const got = pe.applyRope(x, params);
        const { af } = refInv(params);
        const what = `${layout} dim ${dim} r ${r} ${ropeScaling.rope_type ?? ropeScaling.type}`;
        assert.ok(got instanceof Float32Array, what);
        // |out| <= A (|x_a| + |x_b|) <= 2A: float32 rounding 2^-24 * 2A, double products exact enough
        closeAll(got, want, 1.2e-7 * Math.max(1, af), what);
        for (let i = 0; i < 37; i++) {
          for (let j = r; j < dim; j++) assert.equal(got[i * dim + j], x[i * dim + j], `${what} pass-through`);
        }
        const m = pe.compute('rope-apply', { ...params, x });
        assert.deepEqual(m.shape, [37, dim]);
        assert.equal(m.info.attentionFactor, af);
        // positions given and consistent: same result
        assert.deepEqual(pe.compute('rope-apply', { ...params, x, positions: 37 }).data, got);
      }
    }
  }
  // a plain Array works too, and an empty x gives an empty result
  assert.equal(pe.applyRope([1, 0, 0, 0], { dim: 4 }).length, 4);
  assert.deepEqual(pe.compute('rope-apply', { dim: 4, x: [] }).shape, [0, 4]);
});

test('applyRope keeps vector norms (attention factor 1) for every layout and scaling type', () => {
  for (const layout of ['neox', 'gptj']) {
    for (const ropeScaling of scalings(64)) {
      if (ropeScaling.attention_factor || ['yarn', 'longrope', 'su'].includes(ropeScaling.rope_type ?? ropeScaling.type)) {
        ropeScaling.attention_factor = 1;  // the norm property holds for the pure rotation
      }
      const x = randomArray(64 * 50, 7);
      const y = pe.applyRope(x, { dim: 64, layout, offset: 100, seqLen: 4000, ropeScaling });
      for (let i = 0; i < 50; i++) {
        let nx = 0, ny = 0;
        for (let j = 0; j < 64; j++) nx += x[i * 64 + j] ** 2, ny += y[i * 64 + j] ** 2;
        assert.ok(Math.abs(Math.sqrt(ny) - Math.sqrt(nx)) <= 1e-6 * Math.sqrt(nx), `${layout} row ${i}: ${nx} vs ${ny}`);
      }
    }
  }
});

test('q·k after applyRope depends only on m − n', () => {
  const q = randomArray(64, 1), k = randomArray(64, 2);
  const dot = (a, b) => a.reduce((s, v, i) => s + v * b[i], 0);
  for (const layout of ['neox', 'gptj']) {
    for (const ropeScaling of scalings(32)) {
      const params = { dim: 64, partialRotaryFactor: 0.5, layout, seqLen: 4000, ropeScaling };
      const at = (x, p) => pe.applyRope(x, { ...params, offset: p });
      for (const delta of [0, 3, 17, 250]) {
        const ref = dot(at(q, delta), at(k, 0));
        for (const n of [1, 40, 1000, 3000]) {
          const got = dot(at(q, n + delta), at(k, n));
          assert.ok(Math.abs(got - ref) <= 2e-5 * Math.max(1, Math.abs(ref)), `${layout} delta ${delta} n ${n}: ${got} vs ${ref}`);
        }
      }
    }
  }
});

test('every scaling type with factor 1 is plain RoPE (as transformers computes it)', () => {
  for (const dim of [8, 64, 128]) {
    const plain = pe.compute('rope', { dim, positions: 40, offset: 5 });
    const ones = Array(dim / 2).fill(1);
    const cases = {
      linear: { rope_type: 'linear', factor: 1 },
      dynamic: { rope_type: 'dynamic', factor: 1 },
      // yarn: interpolation inv/1 = inv, and get_mscale(1) = 1
      yarn: { rope_type: 'yarn', factor: 1 },
      'yarn mscale': { rope_type: 'yarn', factor: 1, mscale: 0.707, mscale_all_dim: 1 },
      // longrope: factor 1 gives attention 1 (f <= 1); all-ones ext factors
      longrope: { rope_type: 'longrope', factor: 1, short_factor: ones, long_factor: ones },
      llama3: { rope_type: 'llama3', factor: 1, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 512 },
    };
    for (const [name, ropeScaling] of Object.entries(cases)) {
      for (const seqLen of [undefined, 1000]) {
        const m = pe.compute('rope', { dim, positions: 40, offset: 5, seqLen, ropeScaling });
        assert.equal(m.info.attentionFactor, 1, `${name} dim ${dim}`);
        closeAll(m.data, plain.data, 6e-8, `${name} dim ${dim} seqLen ${seqLen}`);
      }
    }
    // yarn's factor defaults to maxPositionEmbeddings / original: equal lengths give factor 1 too
    const y = pe.compute('rope', { dim, positions: 40, offset: 5, ropeScaling: { type: 'yarn', original_max_position_embeddings: 2048 } });
    assert.equal(y.info.attentionFactor, 1);
    closeAll(y.data, plain.data, 6e-8, `yarn implicit factor dim ${dim}`);
  }
  // HF's dynamic NTK is not plain for a sequence longer than max_position_embeddings even at factor
  // 1: base * (L / maxPos)^(r/(r-2)).
  const d1 = freqs({ dim: 64, seqLen: 4096, ropeScaling: { rope_type: 'dynamic', factor: 1 } }).data;
  const p1 = freqs({ dim: 64 }).data;
  assert.ok(d1[5] < p1[5] * 0.99);
  closeAll(d1, refInv({ dim: 64, seqLen: 4096, ropeScaling: { rope_type: 'dynamic', factor: 1 } }).inv, (e) => 6.1e-8 * e, 'dynamic f1 L 4096');
});

test('seqLen: dynamic grows the base beyond maxPositionEmbeddings only; longrope switches to long factors', () => {
  const dyn = { dim: 64, maxPositionEmbeddings: 1000, ropeScaling: { rope_type: 'dynamic', factor: 4 } };
  const init = freqs(dyn).data;
  assert.deepEqual(freqs({ ...dyn, seqLen: 1000 }).data, init);
  assert.deepEqual(freqs({ ...dyn, seqLen: 10 }).data, init);
  assert.deepEqual(init, freqs({ dim: 64 }).data);
  assert.ok(freqs({ ...dyn, seqLen: 1001 }).data[10] < init[10]);
  const lr = { dim: 8, maxPositionEmbeddings: 8000, ropeScaling: { rope_type: 'longrope', original_max_position_embeddings: 1000,
    short_factor: [1, 1, 1, 1], long_factor: [1, 2, 4, 8] } };
  const short = freqs(lr);
  assert.deepEqual(freqs({ ...lr, seqLen: 1000 }).data, short.data);
  const long = freqs({ ...lr, seqLen: 1001 });
  closeAll(long.data, Array.from(short.data, (v, k) => v / 2 ** k), (e) => 1.2e-7 * e, 'longrope long');
  // factor unset = maxPositionEmbeddings / original = 8 → sqrt(1 + ln 8 / ln 1000), for both choices
  const af = Math.sqrt(1 + Math.log(8) / Math.log(1000));
  assert.ok(Math.abs(short.info.attentionFactor - af) < 1e-15 && Math.abs(long.info.attentionFactor - af) < 1e-15);
});

test('yarn: attention factor from mscale / mscale_all_dim, truncate, beta defaults (HF `or`)', () => {
  const base = { dim: 64, maxPositionEmbeddings: 163840 };
  const y = (rs) => freqs({ ...base, ropeScaling: { rope_type: 'yarn', factor: 40, original_max_position_embeddings: 4096, ...rs } });
  // DeepSeek-V3: mscale = mscale_all_dim = 1 → 1; mscale alone is ignored (needs both)
  assert.equal(y({ mscale: 1, mscale_all_dim: 1 }).info.attentionFactor, 1);
  assert.ok(Math.abs(y({ mscale: 0.707, mscale_all_dim: 0 }).info.attentionFactor - (0.1 * Math.log(40) + 1)) < 1e-15);
  const g = (m) => 0.1 * m * Math.log(40) + 1;
  assert.ok(Math.abs(y({ mscale: 1, mscale_all_dim: 0.707 }).info.attentionFactor - g(1) / g(0.707)) < 1e-15);
  // factor unset with an original length: maxPositionEmbeddings / original = 40
  const implicit = freqs({ ...base, ropeScaling: { rope_type: 'yarn', original_max_position_embeddings: 4096 } });
  assert.deepEqual(implicit.data, y({}).data);
  assert.equal(implicit.info.attentionFactor, y({}).info.attentionFactor);
  // beta_fast 0 / beta_slow 0 read as 32 / 1
  assert.deepEqual(y({ beta_fast: 0, beta_slow: 0 }).data, y({}).data);
  assert.notDeepEqual(y({ beta_fast: 16 }).data, y({}).data);
  // truncate false keeps the fractional correction range (differs from the floored/ceiled one)
  const tf = y({ truncate: false }).data;
  assert.notDeepEqual(tf, y({}).data);
  closeAll(tf, refInv({ ...base, ropeScaling: { rope_type: 'yarn', factor: 40, original_max_position_embeddings: 4096, truncate: false } }).inv,
    (e) => 6.1e-8 * e, 'truncate false');
  // original 6 < 2π: low = max(floor(cd(32)), 0) = 0 = ceil(cd(1)) = high, so linear_ramp_factor's
  // "prevent singularity" (high += 0.001) decides: dim 0 extrapolated, the rest interpolated.
  for (const dim of [8, 64]) {
    const tiny = { dim, ropeScaling: { rope_type: 'yarn', factor: 2, original_max_position_embeddings: 6 } };
    const t = freqs(tiny).data, plain = freqs({ dim }).data;
    assert.equal(t[0], plain[0]);
    closeAll(t, refInv(tiny).inv, (e) => 6.1e-8 * e, `yarn low == high, dim ${dim}`);
    closeAll(t.slice(1), Array.from(plain.slice(1), (v) => v / 2), (e) => 1.2e-7 * e, `yarn low == high, dim ${dim}`);
  }
});

test('errors name the parameter that broke the rule', () => {
  const throws = (kind, params, code, param) => throwsWith(() => pe.compute(kind, params), code, param);
  for (const kind of ['rope', 'rope-frequencies']) {
    throws(kind, { dim: 65 }, 'ERANGE', 'dim');
    throws(kind, { dim: 64, partialRotaryFactor: 0.01 }, 'ERANGE', 'partialRotaryFactor');
    throws(kind, { dim: 64, partialRotaryFactor: 0.4 }, 'ERANGE', 'partialRotaryFactor');  // r = 25
    throws(kind, { dim: 64, partialRotaryFactor: 1.5 }, 'ERANGE', 'partialRotaryFactor');
    throws(kind, { dim: 2, ropeScaling: { rope_type: 'dynamic', factor: 2 } }, 'ERANGE', 'dim');
    for (const t of ['linear', 'dynamic', 'llama3']) throws(kind, { ropeScaling: { rope_type: t } }, 'EINVAL', 'ropeScaling.factor');
    throws(kind, { ropeScaling: { type: 'yarn' } }, 'EINVAL', 'ropeScaling.factor');
    throws(kind, { ropeScaling: { rope_type: 'llama3', factor: 8, high_freq_factor: 4 } }, 'EINVAL', 'ropeScaling.low_freq_factor');
    throws(kind, { ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1 } }, 'EINVAL', 'ropeScaling.high_freq_factor');
    throws(kind, { ropeScaling: { rope_type: 'longrope', long_factor: Array(32).fill(1) } }, 'EINVAL', 'ropeScaling.short_factor');
    throws(kind, { ropeScaling: { rope_type: 'longrope', short_factor: Array(32).fill(1) } }, 'EINVAL', 'ropeScaling.long_factor');
    throws(kind, { ropeScaling: { type: 'su', short_factor: Array(31).fill(1), long_factor: Array(32).fill(1) } }, 'EINVAL', 'ropeScaling.short_factor');
    throws(kind, { ropeScaling: { type: 'longrope', short_factor: Array(32).fill(1), long_factor: Array(64).fill(1) } }, 'EINVAL', 'ropeScaling.long_factor');
    throws(kind, { ropeScaling: { rope_type: 'longrope', factor: 2, original_max_position_embeddings: 1, short_factor: Array(32).fill(1),
      long_factor: Array(32).fill(1) } }, 'ERANGE', 'ropeScaling.original_max_position_embeddings');
    throws(kind, { base: 1, ropeScaling: { rope_type: 'yarn', factor: 2 } }, 'ERANGE', 'base');
    // found by the fuzzer: a denormal beta overflows the correction dim's logarithm (HF gives NaN)
    throws(kind, { ropeScaling: { rope_type: 'yarn', factor: 2, beta_fast: 5e-324 } }, 'ERANGE', 'ropeScaling.beta_fast');
    throws(kind, { ropeScaling: { rope_type: 'yarn', factor: 2, beta_slow: 5e-324 } }, 'ERANGE', 'ropeScaling.beta_slow');
    throws(kind, { ropeScaling: { rope_type: 'mrope3' } }, 'EINVAL', 'ropeScaling.rope_type');
    throws(kind, { ropeScaling: { rope_type: 'linear', type: 'yarn', factor: 2 } }, 'EINVAL', 'ropeScaling.type');
    throws(kind, { ropeScaling: { rope_type: 'linear', factor: 0 } }, 'ERANGE', 'ropeScaling.factor');
    throws(kind, { ropeScaling: { mrope_section: [16, 24, 24] } }, 'ERANGE', 'ropeScaling.mrope_section');  // sums to 64, r/2 = 32
    throws(kind, { ropeScaling: { mrope_section: [16, 8] } }, 'EINVAL', 'ropeScaling.mrope_section');
    throws(kind, { seqLen: 0 }, 'ERANGE', 'seqLen');
  }
  throws('rope-apply', { dim: 4 }, 'EINVAL', 'x');
  throws('rope-apply', { dim: 4, x: [1, 2, 3, 4, 5] }, 'EINVAL', 'x');
  throws('rope-apply', { dim: 4, positions: 3, x: [1, 2, 3, 4, 5, 6, 7, 8] }, 'EINVAL', 'x');
  throws('rope-apply', { dim: 4, x: [1, 2, NaN, 4] }, 'EINVAL', 'x');
  // a missing required field shows no made-up value
  assert.throws(() => pe.compute('rope', { ropeScaling: { rope_type: 'linear' } }),
    /ropeScaling\.factor is required by rope_type 'linear'/);
  // the instance keeps working after errors
  assert.deepEqual(freqs({ dim: 8 }).shape, [4]);
});

test('positions 0 gives an empty table that still reports the attention factor', () => {
  const m = pe.compute('rope', { positions: 0, ropeScaling: { rope_type: 'yarn', factor: 4 } });
  assert.deepEqual(m.shape, [2, 0, 64]);
  assert.equal(m.data.length, 0);
  assert.ok(Math.abs(m.info.attentionFactor - (0.1 * Math.log(4) + 1)) < 1e-15);
});

test('registry rows of the rope kinds: the documented names (web/docs/kinds.md), every scaling field reachable', () => {
  const byName = Object.fromEntries(pe.kinds.map((k) => [k.name, k]));
  for (const name of ['rope', 'rope-frequencies', 'rope-apply']) {
    const names = byName[name].params.map((p) => p.name);
    for (const p of ['positions', 'dim', 'base', 'offset', 'layout', 'partialRotaryFactor', 'ropeScaling', 'maxPositionEmbeddings', 'seqLen']) {
      assert.ok(names.includes(p), `${name}.${p}`);
    }
    const rs = byName[name].params.find((p) => p.name === 'ropeScaling');
    assert.deepEqual(rs.fields.map((f) => f.name).sort(), ['alpha', 'attention_factor', 'beta_fast', 'beta_slow', 'factor', 'high_freq_factor',
      'long_factor', 'low_freq_factor', 'mrope_interleaved', 'mrope_section', 'mscale', 'mscale_all_dim', 'original_max_position_embeddings', 'rope_type', 'short_factor',
      'truncate', 'type'].sort());
    assert.deepEqual(rs.fields.find((f) => f.name === 'rope_type').choices, TYPES);
  }
  assert.equal(byName['rope-apply'].input, true);
  assert.deepEqual(byName.rope.shape, ['part', 'positions', 'rotary']);
});

// DeepSeek-V2/V3 (DeepseekV3Attention): softmax_scale = qk_head_dim^-0.5 · mscale², mscale =
// yarn_get_mscale(factor, mscale_all_dim) = 0.1 · mscale_all_dim · ln(factor) + 1.
test('info.softmaxMscale: yarn\'s get_mscale(factor, mscale_all_dim), 1 without mscale_all_dim or factor <= 1', () => {
  const yarn = (rs) => pe.compute('rope-frequencies', { dim: 64, ropeScaling: { rope_type: 'yarn', original_max_position_embeddings: 4096, ...rs } }).info;
  assert.ok(Math.abs(yarn({ factor: 40, mscale: 1, mscale_all_dim: 1 }).softmaxMscale - (0.1 * Math.log(40) + 1)) < 1e-15);
  assert.ok(Math.abs(yarn({ factor: 40, mscale: 0.707, mscale_all_dim: 0.707 }).softmaxMscale - (0.0707 * Math.log(40) + 1)) < 1e-15);
  assert.equal(yarn({ factor: 40 }).softmaxMscale, 1);
  assert.equal(yarn({ factor: 1, mscale_all_dim: 1 }).softmaxMscale, 1);
  assert.equal(pe.compute('rope', { dim: 64, positions: 2 }).info.softmaxMscale, 1);
});

// float16 ends at 65504: an angle position x inv_freq past it is inf in a half-precision pipeline
// and its cos and sin NaN (torch.cos(torch.tensor(65520., dtype=torch.float16)) is nan). posenc
// refuses such a table, naming freqDtype (by its choice name), rather than hand out NaN; a base
// below 1 whose inverse frequencies pass 65504 likewise. Found by `npm run fuzz`
// (tests/fuzz/regressions/rope-float16-angles).
test('freqDtype float16: angles past 65504 refused, naming freqDtype; below it finite and rounded', () => {
  const f16 = (params) => pe.compute('rope', { dim: 64, freqDtype: 'float16', ...params });
  for (const params of [{ positions: 4096, step: 16 }, { positions: 2, offset: 65519 }, { positionIds: [0, -70000] },
    { positions: 2, base: 1.75, ropeScaling: { rope_type: 'dynamic', alpha: 1e-6 } }]) {
    assert.throws(() => f16(params), (e) => isError('ERANGE', 'freqDtype')(e) && e.message.includes('freqDtype = float16'), JSON.stringify(params));
  }
  // 65504 itself is float16's largest finite value: position 65504 with inv_freq 1 is kept
  const edge = f16({ positions: 1, offset: 65504 }).data;
  assert.ok(Math.abs(edge[0] - Math.cos(65504)) < 1e-6 && Math.abs(edge[64] - Math.sin(65504)) < 1e-6, `${edge[0]}`);
  // 65505 x inv_freq 1 rounds down to 65504 in float16 (its spacing there is 32): the same angle
  const next = f16({ positions: 1, offset: 65505 }).data;
  assert.deepEqual([0, 32, 64, 96].map((c) => next[c]), [0, 32, 64, 96].map((c) => edge[c]));
  const t = f16({ positions: 60000 }).data;
  assert.ok(!t.some(Number.isNaN));
  assert.equal(pe.compute('rope', { dim: 64, positions: 2 }).data.length, 256);  // the instance keeps working
});
