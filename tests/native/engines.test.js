// Engine profiles against the engines' own formulas, computed apart in numpy float64
// (tests/check/engines.py, each case citing the engine's file): what ropeFromConfig({ engine }) gives
// must be those numbers, and compareEngines must call the same engines same and the differing ones
// different.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { load } from '../../web/posenc.js';
import { CONFIGS } from '../fixtures/configs.js';

const pe = await load();
const PHI35 = CONFIGS.Phi_3_5_mini_instruct.config;
const MINISTRAL3 = CONFIGS.Ministral3_3B_Instruct_2512.config;
const KIMI = CONFIGS.Kimi_K2_Instruct.config;
const QWEN_1M = CONFIGS.Qwen2_5_14B_Instruct_1M.config;
// openai/gpt-oss-20b config.json, the position fields (as tests/unit/layers.test.js holds it)
const GPT_OSS = {
  model_type: 'gpt_oss', head_dim: 64, hidden_size: 2880, num_attention_heads: 64, num_hidden_layers: 24, max_position_embeddings: 131072,
  rope_scaling: { beta_fast: 32.0, beta_slow: 1.0, factor: 32.0, original_max_position_embeddings: 4096, rope_type: 'yarn', truncate: false },
  rope_theta: 150000, sliding_window: 128, torch_dtype: 'bfloat16',
};
// Ministral 3 with transformers v5's computed attention_factor written into the dict (no mscale pair)
const MINISTRAL3_AF = { ...MINISTRAL3, text_config: { ...MINISTRAL3.text_config, rope_parameters: {
  rope_type: 'yarn', factor: 16.0, original_max_position_embeddings: 16384, rope_theta: 1e6, beta_fast: 32.0, beta_slow: 1.0, attention_factor: 1.0,
  llama_4_scaling_beta: 0.1 } } };
// a Llama 2 model served with dynamic NTK x2
const LLAMA2_DYNAMIC = { model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 4096,
  rope_theta: 10000, rope_scaling: { rope_type: 'dynamic', factor: 2.0 } };

// Qwen/Qwen-7B config.json (remote code), as in zhangningboo/Qwen-7B config.json@ffe04dd57f85293043ba999a2c0daa788d6182e9
const QWEN_7B = {
  architectures: ['QWenLMHeadModel'], model_type: 'qwen',
  auto_map: { AutoConfig: 'configuration_qwen.QWenConfig', AutoModelForCausalLM: 'modeling_qwen.QWenLMHeadModel' },
  hidden_size: 4096, kv_channels: 128, max_position_embeddings: 32768, num_attention_heads: 32, num_hidden_layers: 32,
  rotary_emb_base: 10000, rotary_pct: 1.0, seq_length: 8192, use_dynamic_ntk: true, use_logn_attn: true,
};

const phiScaling = PHI35.rope_scaling;
const POS = [0, 1, 2, 100, 1999, 4095, 4096, 5000, 100000];
const CASES = [
  // vLLM phi3_long_rope_scaled_rope.py: max_model_len > original -> long factors everywhere
  { name: 'phi35-vllm', engine: 'vllm', config: PHI35, opts: { context: 131072, seqLen: 2000 }, kind: 'longrope', use_long: true },
  { name: 'phi35-vllm-4k', engine: 'vllm', config: PHI35, opts: { context: 4096, seqLen: 8000 }, kind: 'longrope', use_long: false },
  // transformers: per sequence length
  { name: 'phi35-hf-2000', engine: 'transformers', config: PHI35, opts: { seqLen: 2000 }, kind: 'longrope', use_long: false },
  { name: 'phi35-hf-8000', engine: 'transformers', config: PHI35, opts: { seqLen: 8000 }, kind: 'longrope', use_long: true },
  // SGLang rope_variant.py: any position > original in the batch; a 4097-token batch's largest position is 4096
  { name: 'phi35-sglang-4097', engine: 'sglang', config: PHI35, opts: { seqLen: 4097 }, kind: 'longrope', use_long: false },
  { name: 'phi35-sglang-4098', engine: 'sglang', config: PHI35, opts: { seqLen: 4098 }, kind: 'longrope', use_long: true },
  // mlx-lm SuScaledRoPE: always long
  { name: 'phi35-mlx', engine: 'mlx-lm', config: PHI35, opts: { seqLen: 10 }, kind: 'longrope', use_long: true },
  // llama.cpp get_rope_factors: n_ctx_seq > n_ctx_orig_yarn
  { name: 'phi35-llamacpp-8k', engine: 'llama.cpp', config: PHI35, opts: { context: 8192 }, kind: 'longrope', use_long: true },
  { name: 'phi35-llamacpp-4k', engine: 'llama.cpp', config: PHI35, opts: { context: 4096 }, kind: 'longrope', use_long: false },
  // GPT-OSS: transformers keeps truncate false; ggml_rope_yarn_corr_dims always floors and ceils
  { name: 'gptoss-hf', engine: 'transformers', config: GPT_OSS, opts: {}, kind: 'yarn', truncate: false, layer: 0 },
  { name: 'gptoss-llamacpp', engine: 'llama.cpp', config: GPT_OSS, opts: {}, kind: 'yarn', truncate: true, layer: 0 },
  { name: 'gptoss-mlx', engine: 'mlx-lm', config: GPT_OSS, opts: {}, kind: 'yarn', truncate: true, layer: 0 },
  { name: 'gptoss-vllm', engine: 'vllm', config: GPT_OSS, opts: {}, kind: 'yarn', truncate: false, layer: 0 },
  // an explicit attention_factor: transformers reads it; SGLang yarn.py, mlx-lm YarnRoPE and vLLM do not
  { name: 'm3af-hf', engine: 'transformers', config: MINISTRAL3_AF, opts: {}, kind: 'yarn', truncate: true, attention_factor: 1.0 },
  { name: 'm3af-sglang', engine: 'sglang', config: MINISTRAL3_AF, opts: {}, kind: 'yarn', truncate: true },
  { name: 'm3af-mlx', engine: 'mlx-lm', config: MINISTRAL3_AF, opts: {}, kind: 'yarn', truncate: true },
  // the published Ministral 3 (mscale = mscale_all_dim = 1): SGLang takes the ratio, vLLM's plain yarn does not
  { name: 'm3-sglang', engine: 'sglang', config: MINISTRAL3, opts: {}, kind: 'yarn', truncate: true, mscale: 1, mscale_all_dim: 1 },
  { name: 'm3-vllm', engine: 'vllm', config: MINISTRAL3, opts: {}, kind: 'yarn', truncate: true },
  // vLLM dynamic_ntk_scaling_rope.py: the base of factor x max_position_embeddings, at every position
  { name: 'dyn-vllm', engine: 'vllm', config: LLAMA2_DYNAMIC, opts: { seqLen: 100 }, kind: 'dynamic-fixed' },
  { name: 'dyn-sglang', engine: 'sglang', config: LLAMA2_DYNAMIC, opts: { seqLen: 100 }, kind: 'dynamic-fixed' },
  { name: 'dyn-hf-short', engine: 'transformers', config: LLAMA2_DYNAMIC, opts: { seqLen: 100 }, kind: 'default' },
  // llama.cpp's converter drops dynamic NTK
  { name: 'dyn-llamacpp', engine: 'llama.cpp', config: LLAMA2_DYNAMIC, opts: { seqLen: 8192 }, kind: 'default' },
  // Kimi K2 (DeepSeek-V3 attention, beta_fast 1): llama.cpp's deepseek2 loader reads no betas: 32 and 1
  { name: 'kimi-llamacpp', engine: 'llama.cpp', config: KIMI, opts: {}, kind: 'yarn', truncate: true, beta_fast: 32, beta_slow: 1, mscale: 1, mscale_all_dim: 1 },
  { name: 'kimi-hf', engine: 'transformers', config: KIMI, opts: {}, kind: 'yarn', truncate: true, beta_fast: 1, beta_slow: 1, mscale: 1, mscale_all_dim: 1 },
  // Qwen2.5-1M's dual chunk attention: vLLM dual_chunk_rope.py keys at p mod (chunk_size - local_size); transformers plain
  { name: 'dca-vllm', engine: 'vllm', config: QWEN_1M, opts: {}, kind: 'default', modulo: 262144 - 8192, positions: [0, 5, 253951, 253952, 253957, 600000] },
  { name: 'dca-sglang', engine: 'sglang', config: QWEN_1M, opts: {}, kind: 'default', modulo: 253952, positions: [0, 5, 253951, 253952, 253957, 600000] },
  { name: 'dca-hf', engine: 'transformers', config: QWEN_1M, opts: {}, kind: 'default', positions: [0, 5, 253951, 253952, 253957, 600000] },
  // Qwen (v1) remote code: get_ntk_alpha(L) raises rotary_emb_base for a call longer than seq_length;
  // SGLang qwen.py, mlx-lm qwen.py and llama.cpp's QWEN graph rotate at 10000 whatever the length
  { name: 'qwen-hf-8192', engine: 'transformers', config: QWEN_7B, opts: { seqLen: 8192 }, kind: 'qwen-ntk' },
  { name: 'qwen-hf-20000', engine: 'transformers', config: QWEN_7B, opts: { seqLen: 20000 }, kind: 'qwen-ntk' },
  { name: 'qwen-hf-40000', engine: 'transformers', config: QWEN_7B, opts: { seqLen: 40000 }, kind: 'qwen-ntk' },
  { name: 'qwen-sglang', engine: 'sglang', config: QWEN_7B, opts: { seqLen: 20000 }, kind: 'default', base: 10000 },
  { name: 'qwen-mlx', engine: 'mlx-lm', config: QWEN_7B, opts: { seqLen: 20000 }, kind: 'default', base: 10000 },
];

function fieldsOf(c, params) {
  const s = params.ropeScaling;
  const r = Math.trunc(params.dim * params.partialRotaryFactor);
  const base = { name: c.name, kind: c.kind, r, base: params.base, positions: c.positions ?? POS, max_position_embeddings: params.maxPositionEmbeddings,
    modulo: c.modulo ?? null };
  if (c.kind === 'longrope') return { ...base, orig: PHI35.original_max_position_embeddings, long: phiScaling.long_factor, short: phiScaling.short_factor, use_long: c.use_long };
  if (c.kind === 'yarn') {
    const cfg = c.config.text_config?.rope_parameters ?? c.config.rope_scaling;
    return { ...base, factor: cfg.factor, orig: cfg.original_max_position_embeddings, truncate: c.truncate, attention_factor: c.attention_factor ?? null,
      beta_fast: c.beta_fast ?? 32, beta_slow: c.beta_slow ?? 1, mscale: c.mscale ?? null, mscale_all_dim: c.mscale_all_dim ?? null };
  }
  if (c.kind === 'dynamic-fixed') return { ...base, factor: c.config.rope_scaling.factor, base: c.config.rope_theta };
  if (c.kind === 'qwen-ntk') return { ...base, base: c.config.rotary_emb_base, seq_len: c.opts.seqLen, seq_length: c.config.seq_length };
  return { ...base, base: c.base ?? params.base };
}

const params = Object.fromEntries(CASES.map((c) => [c.name, pe.ropeFromConfig(c.config, { engine: c.engine, layer: c.layer ?? 0, ...c.opts })]));
const want = JSON.parse(execFileSync('/usr/bin/python3', [fileURLToPath(new URL('../check/engines.py', import.meta.url))],
  { input: JSON.stringify(CASES.map((c) => fieldsOf(c, params[c.name]))), maxBuffer: 64 << 20 }).toString());

for (const c of CASES) {
  test(`${c.name}: ropeFromConfig({ engine: '${c.engine}' }) computes the engine's frequencies, attention factor and table`, () => {
    const { dtype, freqDtype, ...p } = params[c.name];
    const w = want[c.name];
    const f = pe.compute('rope-frequencies', p);
    assert.equal(f.data.length, w.inv.length);
    for (let k = 0; k < w.inv.length; k++) assert.ok(Math.abs(f.data[k] - w.inv[k]) <= 2e-7 * w.inv[k], `${c.name} inv[${k}] ${f.data[k]} vs ${w.inv[k]}`);
    assert.ok(Math.abs(f.info.attentionFactor - w.attentionFactor) < 1e-12, `${c.name} attention factor ${f.info.attentionFactor} vs ${w.attentionFactor}`);
    const pos = c.positions ?? POS;
    const t = pe.compute('rope', { ...p, positionIds: pos });
    const [, rows, width] = t.shape;
    const h = w.inv.length;
    for (let i = 0; i < rows; i++) {
      for (let k = 0; k < h; k++) {
        // float32 storage of a value formed in double, angles up to 1e5 rad; pair k's column by layout
        const tol = 4e-7 * (1 + pos[i] * w.inv[k]) + 1e-7;
        const col = p.layout === 'gptj' ? 2 * k : k;
        assert.ok(Math.abs(t.data[i * width + col] - w.cos[i][k]) <= tol, `${c.name} cos[${pos[i]}, ${k}] ${t.data[i * width + col]} vs ${w.cos[i][k]}`);
        assert.ok(Math.abs(t.data[rows * width + i * width + col] - w.sin[i][k]) <= tol, `${c.name} sin[${pos[i]}, ${k}]`);
      }
    }
  });
}

test('vLLM holds the cache in the model dtype; llama.cpp and transformers keep float32', () => {
  assert.equal(params['phi35-vllm'].dtype, 'bfloat16');
  assert.equal(params['gptoss-vllm'].dtype, 'bfloat16');
  assert.equal(params['phi35-hf-2000'].dtype, undefined);
  assert.equal(params['m3af-sglang'].dtype, undefined);
});

test('DeepSeek attention: every engine puts mscale(f, mscale_all_dim)² on the softmax (1.8133 for Kimi K2, factor 32)', () => {
  const m = 0.1 * Math.log(32) + 1;
  for (const engine of pe.engines.map((e) => e.name)) {
    const l = pe.layersFromConfig(KIMI, { engine })[5];
    assert.ok(Math.abs(l.logitScale.softmax - m * m) < 1e-12, `${engine} ${l.logitScale.softmax}`);
    assert.ok(Math.abs(l.logitScale.total - l.logitScale.cosSin * m * m) < 1e-12, engine);
  }
});

test('compareEngines flags the engines that differ and only those (Phi-3.5 at a 2,000-token prompt, context 131072)', () => {
  const cmp = pe.compareEngines(PHI35, { seqLen: 2000, context: 131072, positions: 8192 });
  const by = Object.fromEntries(cmp.rows.map((r) => [r.engine, r]));
  for (const e of ['vllm', 'llama.cpp', 'mlx-lm', 'tensorrt-llm']) {
    assert.equal(by[e].same, false, e);
    assert.ok(by[e].maxAbsDiff > 1, `${e} ${by[e].maxAbsDiff}`);
    assert.ok(by[e].rules.some((r) => r.rule === 'longrope.switch'), e);
  }
  assert.equal(by.sglang.same, true);
  assert.equal(by.sglang.maxAbsDiff, 0);
  assert.deepEqual(by.vllm.rounding.params, { dtype: 'bfloat16' });
  assert.ok(by.vllm.rounding.maxAbsDiff > 0 && by.vllm.rounding.maxAbsDiff <= 2 ** -8 * 1.2, String(by.vllm.rounding.maxAbsDiff));
});

test('compareEngines: GPT-OSS differs in llama.cpp and mlx-lm by the truncated correction range, the same in vLLM and SGLang', () => {
  const cmp = pe.compareEngines(GPT_OSS, { positions: 8192 });
  const full = cmp.rows.filter((r) => r.layerType === 'full_attention');
  const by = Object.fromEntries(full.map((r) => [r.engine, r]));
  assert.equal(by.vllm.same, true);
  assert.equal(by.sglang.same, true);
  for (const e of ['llama.cpp', 'mlx-lm', 'tensorrt-llm']) {
    assert.equal(by[e].same, false, e);
    assert.ok(by[e].maxAbsDiff > 2, `${e} ${by[e].maxAbsDiff}`);
    assert.ok(by[e].rules.some((r) => r.rule === 'yarn.truncate'), e);
  }
});

test('compareEngines: the same attention logits put in different places compare equal (logitScale totals)', () => {
  const cmp = pe.compareEngines(MINISTRAL3_AF, { positions: 1024 });
  const by = Object.fromEntries(cmp.rows.map((r) => [r.engine, r]));
  const a = 0.1 * Math.log(16) + 1;
  assert.ok(Math.abs(by.sglang.logitScaleRatio - a * a) < 1e-9, String(by.sglang.logitScaleRatio));
  assert.equal(by.sglang.same, false);
  assert.equal(pe.compareEngines(KIMI, { positions: 1024, engines: ['vllm', 'sglang', 'mlx-lm'] }).rows.every((r) => r.same && r.logitScaleRatio === 1), true);
});

test('llama.cpp: a table in ggml\'s float32 order checks exact against engine llama.cpp; the profile reports it as rounding', () => {
  const p = pe.ropeFromConfig(GPT_OSS, { engine: 'llama.cpp', layer: 1 });
  assert.equal(p.freqDtype, 'ggml');
  assert.equal(p.ropeScaling.truncate, true);
  const t = pe.compute('rope', { ...p, positions: 8192 });
  const tensor = { shape: t.shape, data: t.data, dtype: 'float32' };
  assert.equal(pe.check(tensor, { config: GPT_OSS, layer: 1, engine: 'llama.cpp' }).exact, true);
  const hf = pe.check(tensor, { config: GPT_OSS, layer: 1 });
  assert.equal(hf.exact, false);
  assert.equal(hf.diagnosis[0].cause, 'engine');
  assert.ok(['llama.cpp', 'mlx-lm', 'tensorrt-llm'].includes(hf.diagnosis[0].fix.engine), JSON.stringify(hf.diagnosis[0]));
  const row = pe.compareEngines(GPT_OSS, { engines: ['llama.cpp'], positions: 8192 }).rows.find((r) => r.layerType === 'full_attention');
  assert.deepEqual(row.rounding.params, { freqDtype: 'ggml' });
  assert.ok(row.rounding.maxAbsDiff > 0 && row.rounding.maxAbsDiff < 2e-3, String(row.rounding.maxAbsDiff));
});

test('dual chunk attention: vLLM keys wrap at 253952 (the same row as position p mod 253952); transformers refuses without an engine', () => {
  const p = pe.ropeFromConfig(QWEN_1M, { engine: 'vllm' });
  assert.equal(p.positionModulo, 253952);
  assert.throws(() => pe.ropeFromConfig(QWEN_1M), (e) => e.param === 'dual_chunk_attention_config' && /engine/.test(e.message));
  assert.equal(pe.ropeFromConfig(QWEN_1M, { engine: 'transformers' }).positionModulo, undefined);
  assert.deepEqual(pe.layersFromConfig(QWEN_1M, { engine: 'transformers' })[0].engine.rules.map((r) => r.rule), ['dca.ignored']);
});
