// The engine profiles as an API: pe.engines, { engine, context, seqLen } on the config readers, the
// refusals that name `engine`, logitScale, and the checker's 'engine' cause. Numbers against the
// engines' own formulas are in tests/native/engines.test.js (numpy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, PosencError } from '../../web/posenc.js';
import { CONFIGS } from '../fixtures/configs.js';

const pe = await load();
const PHI35 = CONFIGS.Phi_3_5_mini_instruct.config;
const LLAMA31 = CONFIGS.Llama_3_1_8B.config;
const KIMI = CONFIGS.Kimi_K2_Instruct.config;

const throwsNamed = (fn, code, param, re) => assert.throws(fn, (e) => {
  assert.ok(e instanceof PosencError, `${e}`);
  assert.equal(e.code, code);
  assert.equal(e.param, param);
  if (re) assert.match(e.message, re);
  return true;
});

test('pe.engines: six profiles, transformers first, every rule citing a file at a 40-hex commit', () => {
  const names = pe.engines.map((e) => e.name);
  assert.deepEqual(names, ['transformers', 'vllm', 'sglang', 'llama.cpp', 'mlx-lm', 'tensorrt-llm']);
  for (const e of pe.engines) {
    assert.match(e.version, /^[0-9a-f]{40}$/, e.name);
    assert.ok(typeof e.reads === 'string' && e.reads.length > 10, e.name);
    for (const r of e.rules) {
      assert.match(r.source, /^[\w.-]+\/[\w.-]+ \S+@[0-9a-f]{40}/, `${e.name} ${r.rule}`);
      assert.ok(r.rule && r.effect && Array.isArray(r.fields), `${e.name} ${r.rule}`);
    }
    assert.ok(Object.isFrozen(e) && Object.isFrozen(e.rules), e.name);
  }
});

test('an unknown engine, a bad context or seqLen: EINVAL / ERANGE naming it; the module works after', () => {
  throwsNamed(() => pe.layersFromConfig(LLAMA31, { engine: 'vllm2' }), 'EINVAL', 'engine', /transformers, vllm, sglang, llama\.cpp, mlx-lm, tensorrt-llm/);
  throwsNamed(() => pe.ropeFromConfig(LLAMA31, { engine: 7 }), 'EINVAL', 'engine');
  throwsNamed(() => pe.positionsFromConfig(LLAMA31, { engine: 'vllm', context: 0 }), 'ERANGE', 'context');
  throwsNamed(() => pe.positionsFromConfig(LLAMA31, { engine: 'vllm', context: '8k' }), 'EINVAL', 'context');
  throwsNamed(() => pe.layersFromConfig(LLAMA31, { seqLen: 1.5 }), 'ERANGE', 'seqLen');
  throwsNamed(() => pe.compareEngines(LLAMA31, { engines: ['vllm', 'x'] }), 'EINVAL', 'engine');
  throwsNamed(() => pe.compareEngines(LLAMA31, { positions: 0 }), 'ERANGE', 'positions');
  assert.equal(pe.compute('rope', { positions: 2, dim: 4 }).data.length, 16);
});

test('an engine that cannot run the config: EINVAL naming engine and saying why', () => {
  // TensorRT-LLM's RotaryScalingType.from_string has no 'su'; its 'dynamic' needs HunYuan's alpha
  const su = { ...PHI35, rope_scaling: { ...PHI35.rope_scaling, type: 'su' } };
  throwsNamed(() => pe.layersFromConfig(su, { engine: 'tensorrt-llm' }), 'EINVAL', 'engine', /"su".*RotaryScalingType/);
  assert.equal(pe.layersFromConfig(su, { engine: 'vllm' }).length, 32);
  const dyn = { ...LLAMA31, rope_scaling: { rope_type: 'dynamic', factor: 2 } };
  throwsNamed(() => pe.ropeFromConfig(dyn, { engine: 'tensorrt-llm' }), 'EINVAL', 'engine', /alpha/);
  const rows = pe.compareEngines(dyn, { positions: 64 }).rows;
  const trt = rows.find((r) => r.engine === 'tensorrt-llm');
  assert.equal(trt.runs, false);
  assert.equal(trt.same, false);
  assert.match(trt.error, /alpha/);
});

test('a vendor rope_type: refused by transformers (it has none), read as yarn by the engines that alias it', () => {
  const ds = { ...KIMI, rope_scaling: { ...KIMI.rope_scaling, type: 'deepseek_yarn' } };
  throwsNamed(() => pe.ropeFromConfig(ds), 'EINVAL', 'rope_scaling.type');
  const v = pe.layersFromConfig(ds, { engine: 'vllm' })[0];
  assert.equal(v.rope.ropeScaling.rope_type, 'yarn');
  assert.ok(v.engine.rules.some((r) => r.rule === 'rope_type.alias'));
  // telechat3-yarn: YaRN with 0.07 ln(factor) + 1 (vLLM telechat3_scaling_rope.py)
  const tc = { model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2, max_position_embeddings: 32768,
    rope_theta: 1e6, rope_scaling: { rope_type: 'telechat3-yarn', factor: 4, original_max_position_embeddings: 8192 } };
  const af = pe.compute('rope-frequencies', pe.ropeFromConfig(tc, { engine: 'vllm' })).info.attentionFactor;
  assert.ok(Math.abs(af - (0.07 * Math.log(4) + 1)) < 1e-12, String(af));
});

test('without engine options the readers are unchanged; { engine: "transformers" } adds engine and logitScale only', () => {
  const plain = pe.layersFromConfig(LLAMA31);
  const hf = pe.layersFromConfig(LLAMA31, { engine: 'transformers' });
  assert.equal(plain[0].engine, undefined);
  for (let i = 0; i < plain.length; i++) {
    const { engine, logitScale, ...rest } = hf[i];
    assert.deepEqual(rest, plain[i]);
    assert.deepEqual(engine, { name: 'transformers', rules: [] });
    assert.deepEqual(logitScale, { cosSin: 1, softmax: 1, query: null, total: 1 });
  }
  assert.deepEqual(pe.ropeFromConfig(LLAMA31, { engine: 'transformers' }), pe.ropeFromConfig(LLAMA31));
});

test('logitScale: LongRoPE puts A² = 1 + ln 32 / ln 4096 on cos/sin; Llama 4 NoPE layers keep the query temperature as a query factor', () => {
  const l = pe.layersFromConfig(PHI35, { engine: 'vllm' })[0];
  const a2 = 1 + Math.log(32) / Math.log(4096);
  assert.ok(Math.abs(l.logitScale.cosSin - a2) < 1e-12 && Math.abs(l.logitScale.total - a2) < 1e-12, JSON.stringify(l.logitScale));
  const scout = { model_type: 'llama4_text', hidden_size: 5120, num_attention_heads: 40, head_dim: 128, num_hidden_layers: 8,
    max_position_embeddings: 10485760, rope_theta: 500000, attn_temperature_tuning: true, floor_scale: 8192, attn_scale: 0.1,
    rope_scaling: { rope_type: 'llama3', factor: 16, low_freq_factor: 1, high_freq_factor: 1, original_max_position_embeddings: 8192 } };
  const hf = pe.layersFromConfig(scout, { engine: 'transformers' });
  assert.equal(hf[3].rope, null);
  assert.deepEqual(hf[3].logitScale.query, { floorScale: 8192, attnScale: 0.1 });
  // vLLM turns the temperature off when max_model_len <= 32768 (llama4.py Llama4ForCausalLM.__init__)
  const short = pe.layersFromConfig(scout, { engine: 'vllm', context: 32768 });
  assert.equal(short[3].queryScale, null);
  assert.equal(short[3].logitScale.query, null);
  assert.ok(short[3].engine.rules.some((r) => r.rule === 'llama4.temperature'));
  assert.deepEqual(pe.layersFromConfig(scout, { engine: 'vllm', context: 65536 })[3].queryScale, { floorScale: 8192, attnScale: 0.1 });
});

test('check: an always-long Phi-3.5 table at a 2,000-token prompt is diagnosed as an engine (vllm first), not a scaling mistake', () => {
  const p = pe.ropeFromConfig(PHI35, { engine: 'mlx-lm' });
  const t = pe.compute('rope', { ...p, positions: 2000 });
  const tensor = { shape: t.shape, data: t.data, dtype: 'float32' };
  const r = pe.check(tensor, { config: PHI35, layer: 0, seqLen: 2000 });
  assert.equal(r.exact, false);
  assert.equal(r.diagnosis[0].cause, 'engine');
  assert.deepEqual(r.diagnosis[0].fix, { engine: 'vllm', context: 131072 });
  assert.equal(r.diagnosis[0].rule, 'longrope.switch');
  assert.equal(r.diagnosis[0].badElements, 0);
  // the reference of that engine is exact for it; a short-factor table is exact for transformers
  assert.equal(pe.check(tensor, { config: PHI35, layer: 0, engine: 'mlx-lm' }).exact, true);
  const short = pe.compute('rope', { ...pe.ropeFromConfig(PHI35), positions: 2000 });
  assert.equal(pe.check({ shape: short.shape, data: short.data, dtype: 'float32' }, { config: PHI35, layer: 0, seqLen: 2000 }).exact, true);
  // a wrong base is not an engine's doing
  const wrong = pe.compute('rope', { ...pe.ropeFromConfig(PHI35), base: 500000, positions: 256 });
  const rw = pe.check({ shape: wrong.shape, data: wrong.data, dtype: 'float32' }, { config: PHI35, layer: 0 });
  assert.ok(rw.diagnosis.every((d) => d.cause !== 'engine'), JSON.stringify(rw.diagnosis.map((d) => d.cause)));
});
