// rope with freqDtype 'ggml' against tests/native/ref/ggml_rope_ref.c, a C transcription of ggml's CPU
// rope kernel (ggml-org/llama.cpp ggml/src/ggml-cpu/ops.cpp@1f08e2d662715ead7987c365eced4f273d90e431
// ggml_rope_cache_init / rope_yarn / rope_yarn_ramp, ggml/src/ggml.c@1f08e2d662715ead7987c365eced4f273d90e431
// ggml_rope_yarn_corr_dims) compiled here with gcc against glibc's libm, bit for bit, both layouts:
// Llama-3 (default), GPT-OSS (yarn, its config's truncate: false, which ggml does not read), Phi-3.5
// (longrope as freq factors), a linear table.
// Built twice: with glibc's cosf/sinf/powf/logf, and with each of them the double function rounded
// to float (-DROUNDED_DOUBLE). posenc takes the latter's values, so that build must agree in every
// bit: it checks the order of the float operations. glibc's sinf and cosf are not correctly rounded
// (errors up to ~0.56 ulp), so against the former about 1% of the values differ by one ulp (two
// where mscale != 1 multiplies a differing cos or sin), which this test bounds and counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { load } from '../../web/posenc.js';
import { CONFIGS } from '../fixtures/configs.js';
import { root } from './build.js';

const pe = await load();
const src = join(root, 'tests/native/ref/ggml_rope_ref.c');
const out = join(root, 'build/native');
const bins = { glibc: join(out, 'ggml-rope-ref'), rounded: join(out, 'ggml-rope-ref-rounded') };

function compile() {
  mkdirSync(out, { recursive: true });
  for (const [name, bin] of Object.entries(bins)) {
    const flags = ['-O2', '-std=c11', '-ffp-contract=off', '-Wall', '-Werror', ...(name === 'rounded' ? ['-DROUNDED_DOUBLE'] : [])];
    const r = spawnSync('cc', [...flags, '-o', bin, src, '-lm'], { encoding: 'utf8' });
    if (r.error) return `no C compiler (cc): ${r.error.message}`;
    assert.equal(r.status, 0, r.stderr);
  }
  return false;
}
const skip = compile();

const f32 = Math.fround;
// llama.cpp's attn_factor for a yarn model without rope.scaling.attn_factor in its GGUF (GPT-OSS):
// get_mscale(factor, 1) times 1 / (1 + 0.1 logf(factor)), which cancels the kernel's own yarn
// factor (ggml-org/llama.cpp src/llama-context.cpp@001d906a6d86e2490e394361e7cc6f478b100088,
// llama_context::llama_context, "we need to cancel this factor"), each step in float (logf as the
// rounded double log, as posenc takes it).
function llamaYarnAttnFactor(factor) {
  const g = f32(f32(f32(0.1) * f32(Math.log(factor))) + 1);
  return f32(g * f32(1 / f32(1 + f32(f32(0.1) * f32(Math.log(factor))))));
}

// The reference table for case c (its ggml arguments), from binary bin.
function reference(bin, c) {
  const args = [c.positions, c.offset ?? 0, c.dim, c.base, c.layout === 'gptj' ? 1 : 0, c.type, c.factor ?? 1,
    c.orig ?? 0, c.betaFast ?? 32, c.betaSlow ?? 1, c.attn ?? 1];
  if (c.ff) args.push(c.ff.length);
  const r = spawnSync(bin, args.map(String), { input: c.ff ? c.ff.map((v) => String(f32(v))).join(' ') : '', maxBuffer: 2 ** 30 });
  assert.equal(r.status, 0, String(r.stderr));
  return new Int32Array(r.stdout.buffer.slice(r.stdout.byteOffset, r.stdout.byteOffset + r.stdout.length));
}

function compare(ref, got) {
  const g = new Int32Array(got.buffer, got.byteOffset, got.length);
  assert.equal(g.length, ref.length);
  let differ = 0, ulps = 0;
  for (let i = 0; i < ref.length; i++)
    if (ref[i] !== g[i]) differ++, (ulps = Math.max(ulps, Math.abs(ref[i] - g[i])));  // same sign: bits differ by the ulps
  return { differ, ulps, n: ref.length };
}

const phiLong = CONFIGS.Phi_3_5_mini_instruct.config.rope_scaling.long_factor;
const phiAttn = f32(Math.sqrt(1 + Math.log(131072 / 4096) / Math.log(4096)));
const gptOssAttn = llamaYarnAttnFactor(32);

// [name, ggml arguments, posenc params, differing values against glibc's float functions (measured,
// both layouts alike: glibc 2.36), their largest distance in ulps]
const CASES = [
  ['Llama-3 default, base 500000, dim 128, 8192 positions',
    { positions: 8192, dim: 128, base: 500000, type: 0 },
    { positions: 8192, dim: 128, base: 500000 }, 22548, 1],
  ['GPT-OSS yarn, dim 64, base 150000, factor 32, original 4096, 8192 positions',
    { positions: 8192, dim: 64, base: 150000, type: 2, factor: 32, orig: 4096, betaFast: 32, betaSlow: 1, attn: gptOssAttn },
    { positions: 8192, dim: 64, base: 150000, ggmlAttnFactor: gptOssAttn,
      ropeScaling: { rope_type: 'yarn', factor: 32, original_max_position_embeddings: 4096, beta_fast: 32, beta_slow: 1, truncate: false } }, 7224, 2],
  ['Phi-3.5 longrope as freqFactors = long_factor, dim 96, 8192 positions',
    { positions: 8192, dim: 96, base: 10000, type: 0, ff: phiLong, attn: phiAttn },
    { positions: 8192, dim: 96, base: 10000, freqFactors: phiLong, ggmlAttnFactor: phiAttn }, 12986, 2],
  ['linear factor 4, dim 80, from position -5',
    { positions: 3000, offset: -5, dim: 80, base: 10000, type: 1, factor: 4 },
    { positions: 3000, offset: -5, dim: 80, base: 10000, ropeScaling: { rope_type: 'linear', factor: 4 } }, 5560, 1],
];

for (const [name, ggml, params, glibcDiffer, glibcUlps] of CASES) {
  for (const layout of ['neox', 'gptj']) {
    test(`freqDtype 'ggml' = ggml's kernel: ${name}, ${layout}`, { skip }, (t) => {
      const got = pe.compute('rope', { ...params, layout, freqDtype: 'ggml' }).data;
      const exact = compare(reference(bins.rounded, { ...ggml, layout }), got);
      assert.equal(exact.differ, 0, `${exact.differ} of ${exact.n} values differ from the rounded-double build`);
      const glibc = compare(reference(bins.glibc, { ...ggml, layout }), got);
      assert.ok(glibc.ulps <= glibcUlps, `${glibc.ulps} ulps from glibc's float functions`);
      assert.ok(glibc.differ < 0.015 * glibc.n, `${glibc.differ} of ${glibc.n} values differ from glibc's`);
      t.diagnostic(`${glibc.differ} of ${glibc.n} differ from glibc's float functions (measured with glibc 2.36: ${glibcDiffer}), at most ${glibc.ulps} ulp`);
    });
  }
}

test("GPT-OSS: llama.cpp's attn_factor times the kernel's yarn factor is get_mscale(32)", { skip }, () => {
  // the cancellation leaves 1 + 0.1 ln 32 (to a float ulp): HF's attention factor of the same config
  const { info } = pe.compute('rope', { ...CASES[1][2], positions: 1, freqDtype: 'ggml' });
  assert.ok(Math.abs(info.attentionFactor - (1 + 0.1 * Math.log(32))) < 2e-7, String(info.attentionFactor));
});
