// The rope family's engine parameters: freqFactors (ggml_rope_ext's freq_factors,
// ggml-org/llama.cpp ggml/src/ggml-cpu/ops.cpp@1f08e2d662715ead7987c365eced4f273d90e431
// ggml_rope_cache_init: theta / ff before rope_yarn's scaling), positionModulo (dual chunk attention's
// key positions, vllm-project/vllm vllm/model_executor/layers/rotary_embedding/dual_chunk_rope.py@b5e2318e566c60b7f0e80ca2b72ca0b978b59fdc
// k_t = arange(max_position_embeddings) % chunk_len) and freqDtype 'ggml' (ggml's float32 order:
// bit for bit against a C transcription of the kernel in tests/native/rope-ggml.test.js; here its
// bound against the double table, its rope-apply, its frequencies and its refusals), each against
// float64 values written here from those formulas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { throwsWith } from '../errors.js';
import { load } from '../../web/posenc.js';
import { CONFIGS } from '../fixtures/configs.js';

const pe = await load();
const f32 = Math.fround;
const plainInv = (r, base) => Float64Array.from({ length: r / 2 }, (_, k) => 1 / base ** ((2 * k) / r));
const maxDiff = (a, b) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i])), 0);

// cos, sin [n, r] (neox) at positions pos[i] for inverse frequencies inv, times af
function tables(inv, pos, af = 1) {
  const h = inv.length, r = 2 * h, cos = new Float64Array(pos.length * r), sin = new Float64Array(pos.length * r);
  pos.forEach((p, i) => {
    for (let k = 0; k < h; k++) {
      cos[i * r + k] = cos[i * r + k + h] = af * Math.cos(p * inv[k]);
      sin[i * r + k] = sin[i * r + k + h] = af * Math.sin(p * inv[k]);
    }
  });
  return [...cos, ...sin];
}

test("freqDtype 'ggml' stays within float32's bound of the double table (base 500000, 8192 positions)", () => {
  const n = 8192, dim = 128, base = 500000, r = dim, h = dim / 2, params = { positions: n, dim, base };
  const g = pe.compute('rope', { ...params, freqDtype: 'ggml' }).data, d = pe.compute('rope', params).data;
  // theta = p theta_scale^k is k float products, each within 2^-24 relative, theta_scale too: the
  // angle is off by up to theta (k + 1) 2^-24 (position 8191, k 1: ~4e-4 rad, as the float32 angle's
  // own rounding), cos and sin add half an ulp
  let m = 0;
  for (let p = 0; p < n; p++) {
    for (let k = 0; k < h; k++) {
      const bound = (p / base ** ((2 * k) / r)) * (k + 2) * 2 ** -24 + 2 ** -23;
      for (const at of [p * r + k, p * r + k + h, n * r + p * r + k, n * r + p * r + k + h]) {
        const e = Math.abs(g[at] - d[at]);
        m = Math.max(m, e);
        if (!(e <= bound)) assert.fail(`p ${p} k ${k}: |ggml - double| ${e} > ${bound}`);
      }
    }
  }
  assert.ok(m < 1e-3 && m > 1e-5, `max |ggml - double| = ${m}`);  // measured 8.0e-4; HF's float32 pipeline 5.8e-4
});

test('freqFactors divide each pair\'s base frequency (rope-frequencies, rope, rope-apply)', () => {
  const dim = 16, base = 10000, ff = [1, 1.5, 2, 4, 8, 16, 32, 0.5];
  const inv = plainInv(dim, base).map((v, k) => v / f32(ff[k]));
  const freqs = pe.compute('rope-frequencies', { dim, base, freqFactors: ff }).data;
  freqs.forEach((v, k) => assert.equal(v, f32(inv[k]), `k ${k}`));
  const pos = Array.from({ length: 40 }, (_, i) => 100 + 3 * i);
  const t = pe.compute('rope', { dim, base, positions: 40, offset: 100, step: 3, freqFactors: ff }).data;
  assert.ok(maxDiff(t, tables(inv, pos)) < 2e-7);
  // rope-apply rotates by the divided angles: x = e_k rotates into the pair's partner by sin
  const x = new Float32Array(dim).fill(0);
  x[3] = 1;
  const o = pe.compute('rope-apply', { dim, base, x, offset: 50, freqFactors: ff }).data;
  assert.ok(Math.abs(o[3] - Math.cos(50 * inv[3])) < 1e-7 && Math.abs(o[3 + dim / 2] - Math.sin(50 * inv[3])) < 1e-7);
});

test('freqFactors come before the scaling: linear divides both, llama3 picks bands from the divided wavelength, yarn blends the divided ones', () => {
  const dim = 32, base = 500000, h = dim / 2;
  const ff = Array.from({ length: h }, (_, k) => 1 + k / 4);
  const inv = plainInv(dim, base).map((v, k) => v / f32(ff[k]));
  const lin = pe.compute('rope-frequencies', { dim, base, freqFactors: ff, ropeScaling: { rope_type: 'linear', factor: 4 } }).data;
  lin.forEach((v, k) => assert.equal(v, f32(inv[k] / 4)));
  // llama3 (transformers _compute_llama3_parameters) over the divided frequencies
  const orig = 8192, f = 8, lff = 1, hff = 4;
  const l3 = inv.map((v) => {
    const wl = (2 * Math.PI) / v;
    if (wl > orig / lff) return v / f;
    if (wl < orig / hff) return v;
    const s = (orig / wl - lff) / (hff - lff);
    return ((1 - s) * v) / f + s * v;
  });
  const got = pe.compute('rope-frequencies', { dim, base, freqFactors: ff,
    ropeScaling: { rope_type: 'llama3', factor: f, low_freq_factor: lff, high_freq_factor: hff, original_max_position_embeddings: orig } }).data;
  got.forEach((v, k) => assert.ok(Math.abs(v - l3[k]) <= 1e-7 * l3[k], `k ${k}: ${v} vs ${l3[k]}`));
  // a frequency the factors move across a band edge: without them it would be kept
  const plain = plainInv(dim, base), k = plain.findIndex((v) => (2 * Math.PI) / v >= orig / hff) - 1;
  assert.ok(k >= 0 && (2 * Math.PI) / inv[k] >= orig / hff, 'the test needs a moved band');
  // yarn: inv/f (1 - ext) + inv ext with the ramp of find_correction_range (base, not ff, sets it)
  const yr = { rope_type: 'yarn', factor: 16, original_max_position_embeddings: 4096 };
  const y = pe.compute('rope-frequencies', { dim, base, freqFactors: ff, ropeScaling: yr }).data;
  const y0 = pe.compute('rope-frequencies', { dim, base, ropeScaling: yr }).data;
  y.forEach((v, i) => assert.ok(Math.abs(v - y0[i] / f32(ff[i])) <= 2e-7 * v, `k ${i}`));
});

test('freqFactors with longrope multiply its own factors (Phi-3.5: long_factor twice = its square)', () => {
  const { long_factor: lf, short_factor: sf } = CONFIGS.Phi_3_5_mini_instruct.config.rope_scaling;
  const rs = { rope_type: 'longrope', long_factor: lf, short_factor: sf, original_max_position_embeddings: 4096 };
  const got = pe.compute('rope-frequencies', { dim: 96, base: 10000, maxPositionEmbeddings: 131072, ropeScaling: rs, freqFactors: sf }).data;
  got.forEach((v, k) => {
    const want = 1 / (f32(sf[k]) * f32(sf[k]) * 10000 ** ((2 * k) / 96));
    assert.ok(Math.abs(v - want) <= 2e-7 * want, `k ${k}`);
  });
});

test('positionModulo: each row at its position mod M (floor modulo), bitwise the plain row', () => {
  const dim = 24;
  // period M / gcd(M, step): 37, 37, 37, 37, 9 rows (the rows after the first period are copies)
  for (const [offset, step, M] of [[0, 1, 37], [-50, 1, 37], [1000, 1, 37], [5, 3, 37], [7, 4, 36]]) {
    const n = 120;
    const got = pe.compute('rope', { dim, positions: n, offset, step, positionModulo: M }).data;
    const pos = Array.from({ length: n }, (_, i) => ((((offset + i * step) % M) + M) % M));
    assert.ok(pos.every((p) => p >= 0 && p < M));
    assert.ok(maxDiff(got, tables(plainInv(dim, 10000), pos)) < 1e-6, `offset ${offset} step ${step} M ${M}`);
    if (step === 1) {  // the table kernel's rows do not depend on where a request starts
      const plain = pe.compute('rope', { dim, positions: M }).data, r = dim, half = plain.length / 2;
      pos.forEach((p, i) => {
        for (let j = 0; j < r; j++) {
          assert.equal(got[i * r + j], plain[p * r + j]);
          assert.equal(got[n * r + i * r + j], plain[half + p * r + j]);
        }
      });
    }
  }
});

test('positionModulo after positionIds, in rope-apply, with freqDtype float32 and ggml', () => {
  // Qwen2.5-1M's dual chunk attention: chunk_len = chunk_size - local_size = 262144 - 8192
  const M = 262144 - 8192, dim = 32;
  const ids = [0, 1, M - 1, M, M + 1, 2 * M + 5, 3 * M - 1, -1, 123456];
  const want = ids.map((p) => ((p % M) + M) % M);
  for (const freqDtype of ['double', 'float32', 'ggml']) {
    const got = pe.compute('rope', { dim, positionIds: ids, positionModulo: M, freqDtype }).data;
    const ref = pe.compute('rope', { dim, positionIds: want, freqDtype }).data;
    assert.ok(maxDiff(got, ref) <= (freqDtype === 'double' ? 1e-6 : 0), freqDtype);
  }
  assert.ok(maxDiff(pe.compute('rope', { dim, positionIds: ids, positionModulo: M }).data,
    tables(plainInv(dim, 10000), want)) < 1e-6);
  const x = Float32Array.from({ length: ids.length * dim }, (_, i) => Math.sin(i));
  const a = pe.compute('rope-apply', { dim, x, positionIds: ids, positionModulo: M }).data;
  const b = pe.compute('rope-apply', { dim, x, positionIds: want }).data;
  assert.deepEqual(a, b);
  // M-RoPE: each axis' id wraps (t, h, w rows)
  const tids = [5, M + 1, 2 * M - 1], hids = [M, 3, -2], wids = [7, M + 7, 1];
  const mr = (rows) => pe.compute('rope', { dim: 16, mropeSection: [4, 2, 2], positionIds: rows.flat(), positionModulo: M }).data;
  const mrWant = pe.compute('rope', { dim: 16, mropeSection: [4, 2, 2], positionIds: [tids, hids, wids].flat().map((p) => ((p % M) + M) % M) }).data;
  assert.ok(maxDiff(mr([tids, hids, wids]), mrWant) < 1e-7);
  // offset and step rows wrap alike: keys M - 2 .. M + 2
  const t = pe.compute('rope', { dim, positions: 5, offset: M - 2, positionModulo: M }).data;
  const u = pe.compute('rope', { dim, positionIds: [M - 2, M - 1, 0, 1, 2] }).data;
  assert.ok(maxDiff(t, u) < 1e-6);
});

test("freqDtype 'ggml' rope-apply is ggml's rotate_pairs on its table: x0 c - x1 s, x0 s + x1 c in float", () => {
  const dim = 16, n = 9, h = dim / 2;
  for (const layout of ['neox', 'gptj']) {
    const params = { dim, base: 10000, offset: 3000, layout, freqDtype: 'ggml', ggmlAttnFactor: 1.25,
      ropeScaling: { rope_type: 'yarn', factor: 8, original_max_position_embeddings: 512 } };
    const x = Float32Array.from({ length: n * dim }, (_, i) => Math.cos(1.7 * i) * 3);
    const o = pe.compute('rope-apply', { ...params, x }).data;
    const t = pe.compute('rope', { ...params, positions: n }).data;
    for (let p = 0; p < n; p++) {
      for (let k = 0; k < h; k++) {
        const a = p * dim + (layout === 'gptj' ? 2 * k : k), b = p * dim + (layout === 'gptj' ? 2 * k + 1 : k + h);
        const c = t[a], s = t[n * dim + a];
        assert.equal(o[a], f32(f32(x[a] * c) - f32(x[b] * s)));
        assert.equal(o[b], f32(f32(x[a] * s) + f32(x[b] * c)));
      }
    }
  }
});

test("freqDtype 'ggml': theta_scale^k as k float products, cosf times mscale (default type, by hand)", () => {
  const dim = 8, base = 10000, p = 777;
  const ts = f32(base ** f32(-2 / dim));
  const t = pe.compute('rope', { dim, base, positions: 1, offset: p, freqDtype: 'ggml', ggmlAttnFactor: 0.75 }).data;
  let theta = f32(p);
  for (let k = 0; k < dim / 2; k++) {
    assert.equal(t[k], f32(f32(Math.cos(theta)) * 0.75), `cos k ${k}`);
    assert.equal(t[dim + k], f32(f32(Math.sin(theta)) * 0.75), `sin k ${k}`);
    theta = f32(theta * ts);
  }
  // the other kinds' frequencies are the angles at position 1
  const fr = pe.compute('rope-frequencies', { dim, base, freqDtype: 'ggml' }).data;
  let th = 1;
  for (let k = 0; k < dim / 2; k++, th = f32(th * ts)) assert.equal(fr[k], th);
});

test("freqDtype 'ggml' yarn: ggml's floor/ceil corr dims and blend (float64 check of the ramp ends)", () => {
  const dim = 64, base = 150000, orig = 4096;
  const { info } = pe.compute('rope-spectrum', { dim, base, freqDtype: 'ggml',
    ropeScaling: { rope_type: 'yarn', factor: 32, original_max_position_embeddings: orig } });
  const cd = (b) => (dim * Math.log(orig / (b * 2 * Math.PI))) / (2 * Math.log(base));
  assert.equal(info.correctionLow, Math.max(0, Math.floor(cd(32))));
  assert.equal(info.correctionHigh, Math.min(dim - 1, Math.ceil(cd(1))));
  // attn_factor unset: mscale = 1 + 0.1 ln 32 (rope_yarn), to float
  assert.ok(Math.abs(info.attentionFactor - (1 + 0.1 * Math.log(32))) < 2e-7);
  // GPT-OSS's config says truncate: false; ggml floors and ceils anyway, so the table does not change
  const params = { dim, base, positions: 64, offset: 4000, freqDtype: 'ggml', ropeScaling: { rope_type: 'yarn', factor: 32, original_max_position_embeddings: orig } };
  const floored = pe.compute('rope', params).data;
  assert.deepEqual(pe.compute('rope', { ...params, ropeScaling: { ...params.ropeScaling, truncate: false } }).data, floored);
  assert.notDeepEqual(pe.compute('rope', { ...params, freqDtype: 'float32', ropeScaling: { ...params.ropeScaling, truncate: false } }).data,
    pe.compute('rope', { ...params, freqDtype: 'float32' }).data);
});

test('errors name freqFactors, positionModulo, freqDtype, ggmlAttnFactor', () => {
  throwsWith(() => pe.compute('rope', { dim: 16, freqFactors: [1, 2, 3] }), 'EINVAL', 'freqFactors');
  assert.throws(() => pe.compute('rope', { dim: 16, freqFactors: [1, 2, 3] }), /r\/2/);
  throwsWith(() => pe.compute('rope', { dim: 16, partialRotaryFactor: 0.5, freqFactors: [1, 1, 1, 1, 1, 1, 1, 1] }), 'EINVAL', 'freqFactors');
  throwsWith(() => pe.compute('rope', { dim: 8, freqFactors: [1, 0, 1, 1] }), 'ERANGE', 'freqFactors');
  throwsWith(() => pe.compute('rope', { dim: 8, freqFactors: [1, -2, 1, 1] }), 'ERANGE', 'freqFactors');
  throwsWith(() => pe.compute('rope', { dim: 8, freqFactors: [1, Infinity, 1, 1] }), 'EINVAL', 'freqFactors');
  throwsWith(() => pe.compute('rope', { dim: 8, positionModulo: -1 }), 'ERANGE', 'positionModulo');
  throwsWith(() => pe.compute('rope', { dim: 8, positionModulo: 2.5 }), 'EINVAL', 'positionModulo');
  for (const rs of [{ rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4 },
    { rope_type: 'longrope', short_factor: [1, 1, 1, 1], long_factor: [1, 1, 1, 1] }, { rope_type: 'dynamic', factor: 2 }]) {
    throwsWith(() => pe.compute('rope', { dim: 8, freqDtype: 'ggml', ropeScaling: rs }), 'EINVAL', 'freqDtype');
  }
  assert.throws(() => pe.compute('rope', { dim: 8, freqDtype: 'ggml', ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4 } }), /freqFactors/);
  throwsWith(() => pe.compute('rope', { dim: 12, freqDtype: 'ggml', mropeSection: [2, 2, 2] }), 'EINVAL', 'freqDtype');
  throwsWith(() => pe.compute('rope', { dim: 8, freqDtype: 'ggml', ggmlAttnFactor: -1 }), 'ERANGE', 'ggmlAttnFactor');
  // a float32 angle position / ff past FLT_MAX would make cos and sin NaN: refused, in rope-apply too
  throwsWith(() => pe.compute('rope', { dim: 4, positions: 1000, freqDtype: 'ggml', freqFactors: [1e-36, 1] }), 'ERANGE', 'freqFactors');
  throwsWith(() => pe.compute('rope-apply', { dim: 4, x: new Float32Array(4), offset: 999, freqDtype: 'ggml', freqFactors: [1e-36, 1] }), 'ERANGE', 'freqFactors');
  assert.ok(pe.compute('rope', { dim: 4, positions: 100, freqDtype: 'ggml', freqFactors: [1e-36, 1] }).data.every(Number.isFinite));
  // the module keeps working
  assert.equal(pe.compute('rope', { dim: 8, positions: 2, freqDtype: 'ggml' }).data.length, 32);
});
