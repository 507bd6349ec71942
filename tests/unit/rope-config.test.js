// pe.ropeFromConfig: published config.json files (trimmed to realistic size, unrelated fields kept)
// → the rope params transformers derives, checked field by field, then against the formulas; and
// every error names the config field that caused it. Each file names where its position fields were
// checked (Hugging Face Hub pages as the docs corpus stores them; a re-save naming the model in
// _name_or_path carries the base file's architecture fields).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { CONFIG_PARAMS, takesConfig } from '../../web/rope-config.js';
import { isError } from '../errors.js';

const pe = await load();

// meta-llama/Llama-3.1-8B config.json, as re-saves naming it store it (huggingface.co/NbAiLab/nb-llama-3.1-8B/
// blob/main/config.json, huggingface.co/mlx-community/Meta-Llama-3.1-8B-bf16): every field here
const LLAMA_31_8B = {
  architectures: ['LlamaForCausalLM'], attention_bias: false, attention_dropout: 0.0, bos_token_id: 128000,
  eos_token_id: 128001, hidden_act: 'silu', hidden_size: 4096, initializer_range: 0.02, intermediate_size: 14336,
  max_position_embeddings: 131072, mlp_bias: false, model_type: 'llama', num_attention_heads: 32, num_hidden_layers: 32,
  num_key_value_heads: 8, pretraining_tp: 1, rms_norm_eps: 1e-5,
  rope_scaling: { factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0, original_max_position_embeddings: 8192, rope_type: 'llama3' },
  rope_theta: 500000.0, tie_word_embeddings: false, torch_dtype: 'bfloat16', transformers_version: '4.43.0.dev0',
  use_cache: true, vocab_size: 128256,
};

// Qwen/Qwen2-7B-Instruct with the YaRN block its model card tells users to add (legacy `type`). The
// architecture fields as stored in huggingface.co/Efficient-Large-Model/Qwen2-VL-7B-Instruct/blob/main/config.json
// (a Qwen2ForCausalLM file with these values); the appended block as Qwen/Qwen2.5-7B-Instruct's revision
// aa1b431 carries it ({ factor 4.0, original_max_position_embeddings 32768, type 'yarn' })
const QWEN2_7B_YARN = {
  architectures: ['Qwen2ForCausalLM'], attention_dropout: 0.0, bos_token_id: 151643, eos_token_id: 151645, hidden_act: 'silu',
  hidden_size: 3584, initializer_range: 0.02, intermediate_size: 18944, max_position_embeddings: 32768, max_window_layers: 28,
  model_type: 'qwen2', num_attention_heads: 28, num_hidden_layers: 28, num_key_value_heads: 4, rms_norm_eps: 1e-6,
  rope_theta: 1000000.0, sliding_window: 131072, tie_word_embeddings: false, torch_dtype: 'bfloat16', use_cache: true,
  use_sliding_window: false, vocab_size: 152064,
  rope_scaling: { factor: 4.0, original_max_position_embeddings: 32768, type: 'yarn' },
};

// deepseek-ai/DeepSeek-V3 config.json (MLA: RoPE on qk_rope_head_dim only; yarn with mscale), every field
// here as huggingface.co/JPAdams12th/dormant-model-2/blob/main/config.json and gitcode.com/cann/cann-recipes-train
// (llm_rl/deepseek/verl_patches/config.json) store it
const DEEPSEEK_V3 = {
  architectures: ['DeepseekV3ForCausalLM'], first_k_dense_replace: 3, hidden_act: 'silu', hidden_size: 7168,
  intermediate_size: 18432, kv_lora_rank: 512, max_position_embeddings: 163840, model_type: 'deepseek_v3',
  moe_intermediate_size: 2048, n_group: 8, n_routed_experts: 256, n_shared_experts: 1, norm_topk_prob: true,
  num_attention_heads: 128, num_experts_per_tok: 8, num_hidden_layers: 61, num_key_value_heads: 128, q_lora_rank: 1536,
  qk_nope_head_dim: 128, qk_rope_head_dim: 64, v_head_dim: 128, rms_norm_eps: 1e-6, rope_theta: 10000,
  rope_scaling: { beta_fast: 32, beta_slow: 1, factor: 40, mscale: 1.0, mscale_all_dim: 1.0,
    original_max_position_embeddings: 4096, type: 'yarn' },
  routed_scaling_factor: 2.5, scoring_func: 'sigmoid', topk_group: 4, topk_method: 'noaux_tc', vocab_size: 129280,
};

// microsoft/Phi-3-mini-128k-instruct layout: head dim 3072 / 32 = 96, so 48 factors per list (values
// illustrative, shaped like the published ones: short near 1, long growing to ~60); the pre-training
// length sits at the top level. The other fields as huggingface.co/microsoft/Phi-3-mini-128k-instruct/blob/main/
// config.json stores them (hidden 3072, 32 heads, max 131072, original 4096; its long_factor starts 1.07,
// 1.12, 1.15 and reaches ~60.9), rope_theta 10000 and sliding_window 262144 as re-saves of it carry them
// (huggingface.co/yujiepan/phi-3-tiny-random, whose older file spells the type 'su').
const SHORT = Array.from({ length: 48 }, (_, k) => Math.round((1 + 0.02 * Math.max(0, k - 20) ** 1.2) * 100) / 100);
const LONG = Array.from({ length: 48 }, (_, k) => Math.round(1.08 * 1.09 ** k * 100) / 100);
const PHI3_MINI_128K = {
  architectures: ['Phi3ForCausalLM'], attention_dropout: 0.0, bos_token_id: 1, embd_pdrop: 0.0, eos_token_id: 32000,
  hidden_act: 'silu', hidden_size: 3072, initializer_range: 0.02, intermediate_size: 8192, max_position_embeddings: 131072,
  model_type: 'phi3', num_attention_heads: 32, num_hidden_layers: 32, num_key_value_heads: 32,
  original_max_position_embeddings: 4096, pad_token_id: 32000, resid_pdrop: 0.0, rms_norm_eps: 1e-5,
  rope_scaling: { long_factor: LONG, short_factor: SHORT, type: 'longrope' },
  rope_theta: 10000.0, sliding_window: 262144, tie_word_embeddings: false, torch_dtype: 'bfloat16', vocab_size: 32064,
};

// EleutherAI/pythia-410m (GPT-NeoX): a quarter of each head rotated, base under rotary_emb_base; every field
// here as EleutherAI/pythia-410m-v0's config.json (revision 0e7d643) and re-saves naming pythia-410m store it
const PYTHIA_410M = {
  architectures: ['GPTNeoXForCausalLM'], bos_token_id: 0, eos_token_id: 0, hidden_act: 'gelu', hidden_size: 1024,
  initializer_range: 0.02, intermediate_size: 4096, layer_norm_eps: 1e-5, max_position_embeddings: 2048,
  model_type: 'gpt_neox', num_attention_heads: 16, num_hidden_layers: 24, rotary_emb_base: 10000, rotary_pct: 0.25,
  tie_word_embeddings: false, torch_dtype: 'float16', use_cache: true, use_parallel_residual: true, vocab_size: 50304,
};

// EleutherAI/gpt-j-6b: GPT-2 attribute names, rotary_dim 64 of a 256-wide head, rotate_every_two; every
// field here as re-saves naming EleutherAI/gpt-j-6B store it (huggingface.co/hivemind/gpt-j-6B-8bit, blame 42c6b2b)
const GPTJ_6B = {
  activation_function: 'gelu_new', architectures: ['GPTJForCausalLM'], attn_pdrop: 0.0, bos_token_id: 50256,
  embd_pdrop: 0.0, eos_token_id: 50256, gradient_checkpointing: false, initializer_range: 0.02, layer_norm_epsilon: 1e-5,
  model_type: 'gptj', n_embd: 4096, n_head: 16, n_inner: null, n_layer: 28, n_positions: 2048, resid_pdrop: 0.0,
  rotary: true, rotary_dim: 64, scale_attn_weights: true, tie_word_embeddings: false, use_cache: true, vocab_size: 50400,
};

test('every result holds exactly CONFIG_PARAMS, each set (the explorer replaces them all), and the rope kinds take them', () => {
  for (const config of [LLAMA_31_8B, QWEN2_7B_YARN, DEEPSEEK_V3, { model_type: 'llama', head_dim: 64 }, { model_type: 'llama', head_dim: 64, rope_scaling: null }]) {
    const out = pe.ropeFromConfig(config);
    assert.deepEqual(Object.keys(out).sort(), [...CONFIG_PARAMS].sort());
    for (const k of CONFIG_PARAMS) assert.ok(out[k] !== undefined && out[k] !== null, `${k} unset`);
  }
  const takers = pe.kinds.filter(takesConfig).map((k) => k.name);
  // the analysis kinds of RoPE take them too: a pasted config.json fills rope-spectrum and rope-decay
  assert.deepEqual(takers, ['rope', 'rope-frequencies', 'rope-apply', 'rope-spectrum', 'rope-decay', 'mrope-axes', 'rope-columns']);
});

test('Llama-3.1-8B: llama3 scaling, base 500000, head dim 4096/32', () => {
  const p = pe.ropeFromConfig(LLAMA_31_8B);
  assert.deepEqual(p, {
    dim: 128, base: 500000, partialRotaryFactor: 1, layout: 'neox', maxPositionEmbeddings: 131072,
    ropeScaling: { factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192, rope_type: 'llama3' },
  });
  // wavelength 2π/inv against 8192/4 = 2048 and 8192/1: high frequencies kept, low ones divided by 8,
  // the band between blended (Llama 3.1's apply_scaling).
  const m = pe.compute('rope-frequencies', p);
  assert.equal(m.info.attentionFactor, 1);
  for (let k = 0; k < 64; k++) {
    const inv = 500000 ** (-(2 * k) / 128), wl = (2 * Math.PI) / inv;
    let want = inv;
    if (wl > 8192) want = inv / 8;
    else if (wl >= 2048) {
      const t = (8192 / wl - 1) / (4 - 1);
      want = ((1 - t) * inv) / 8 + t * inv;
    }
    assert.ok(Math.abs(m.data[k] - want) <= 6.1e-8 * want, `k ${k}: ${m.data[k]} vs ${want}`);
  }
  const table = pe.compute('rope', { ...p, positions: 4096 });
  assert.deepEqual(table.shape, [2, 4096, 128]);
  // the same model in the transformers v5 file format (rope_parameters holds rope_theta)
  const { rope_scaling, rope_theta, ...rest } = LLAMA_31_8B;
  assert.deepEqual(pe.ropeFromConfig({ ...rest, rope_parameters: { ...rope_scaling, rope_theta } }), p);
});

test('Qwen2-7B with YaRN (legacy `type`): factor 4, attention 0.1 ln 4 + 1', () => {
  const p = pe.ropeFromConfig(QWEN2_7B_YARN);
  assert.deepEqual(p, {
    dim: 128, base: 1000000, partialRotaryFactor: 1, layout: 'neox', maxPositionEmbeddings: 32768,
    ropeScaling: { factor: 4, original_max_position_embeddings: 32768, rope_type: 'yarn' },
  });
  const m = pe.compute('rope-frequencies', p);
  assert.ok(Math.abs(m.info.attentionFactor - (0.1 * Math.log(4) + 1)) < 1e-15);
  // high frequencies extrapolate (kept), the lowest interpolate (÷ 4)
  assert.equal(m.data[0], 1);
  const last = 1e6 ** (-126 / 128) / 4;
  assert.ok(Math.abs(m.data[63] - last) <= 6.1e-8 * last);
  const rope = pe.compute('rope', { ...p, positions: 2 });
  assert.ok(Math.abs(rope.data[0] - (0.1 * Math.log(4) + 1)) < 1e-7);  // cos(0) × attention factor
});

test('DeepSeek-V3: qk_rope_head_dim, interleaved pairs, yarn with mscale = mscale_all_dim → attention 1', () => {
  const p = pe.ropeFromConfig(DEEPSEEK_V3);
  assert.deepEqual(p, {
    dim: 64, base: 10000, partialRotaryFactor: 1, layout: 'gptj', maxPositionEmbeddings: 163840,
    ropeScaling: { beta_fast: 32, beta_slow: 1, factor: 40, mscale: 1, mscale_all_dim: 1, original_max_position_embeddings: 4096,
      rope_type: 'yarn' },
  });
  assert.equal(pe.compute('rope-frequencies', p).info.attentionFactor, 1);
  assert.equal(pe.ropeFromConfig({ ...DEEPSEEK_V3, rope_interleave: false }).layout, 'neox');
  // yarn's correction range at r = 64, base 1e4, original 4096: floor/ceil of
  // 64 ln(4096/(2π b)) / (2 ln 1e4) for b = 32, 1 → dims 10 .. 23 blended, below kept, above ÷ 40.
  const f = pe.compute('rope-frequencies', p).data;
  const cd = (b) => (64 * Math.log(4096 / (2 * Math.PI * b))) / (2 * Math.log(10000));
  const lo = Math.floor(cd(32)), hi = Math.ceil(cd(1));
  assert.deepEqual([lo, hi], [10, 23]);
  for (let k = 0; k < 32; k++) {
    const inv = 10000 ** (-(2 * k) / 64), ramp = Math.min(Math.max((k - lo) / (hi - lo), 0), 1);
    const want = (inv / 40) * ramp + inv * (1 - ramp);
    assert.ok(Math.abs(f[k] - want) <= 6.1e-8 * want, `k ${k}`);
  }
});

test('Phi-3-mini-128k: longrope with the top-level original_max_position_embeddings', () => {
  const p = pe.ropeFromConfig(PHI3_MINI_128K);
  assert.deepEqual(p, {
    dim: 96, base: 10000, partialRotaryFactor: 1, layout: 'neox', maxPositionEmbeddings: 131072,
    ropeScaling: { long_factor: LONG, short_factor: SHORT, rope_type: 'longrope', original_max_position_embeddings: 4096 },
  });
  const af = Math.sqrt(1 + Math.log(131072 / 4096) / Math.log(4096));  // factor = 131072 / 4096 = 32
  for (const [seqLen, ext] of [[undefined, SHORT], [4096, SHORT], [4097, LONG], [131072, LONG]]) {
    const m = pe.compute('rope-frequencies', { ...p, seqLen });
    assert.ok(Math.abs(m.info.attentionFactor - af) < 1e-15);
    for (let k = 0; k < 48; k++) {
      const want = 1 / (Math.fround(ext[k]) * 10000 ** ((2 * k) / 96));
      assert.ok(Math.abs(m.data[k] - want) <= 6.1e-8 * want, `seqLen ${seqLen} k ${k}`);
    }
  }
  // older files spell it 'su'; Phi3Config also reads 'yarn' as longrope
  for (const type of ['su', 'yarn']) {
    const old = pe.ropeFromConfig({ ...PHI3_MINI_128K, rope_scaling: { ...PHI3_MINI_128K.rope_scaling, type } });
    assert.deepEqual(pe.compute('rope-frequencies', old).data, pe.compute('rope-frequencies', p).data, type);
  }
  // the top-level length wins over one inside rope_scaling (standardize_rope_params)
  const both = { ...PHI3_MINI_128K, rope_scaling: { ...PHI3_MINI_128K.rope_scaling, original_max_position_embeddings: 2048 } };
  assert.equal(pe.ropeFromConfig(both).ropeScaling.original_max_position_embeddings, 4096);
  // but only for the types that use it
  assert.equal(pe.ropeFromConfig({ ...LLAMA_31_8B, original_max_position_embeddings: 4096 }).ropeScaling
    .original_max_position_embeddings, 4096);
  assert.equal(pe.ropeFromConfig({ ...PYTHIA_410M, original_max_position_embeddings: 4096 }).ropeScaling
    .original_max_position_embeddings, undefined);
});

test('GPT-NeoX (rotary_pct, rotary_emb_base), GPT-J (rotary_dim → gptj), GPT-2 aliases', () => {
  const neox = pe.ropeFromConfig(PYTHIA_410M);
  assert.deepEqual(neox, {
    dim: 64, base: 10000, partialRotaryFactor: 0.25, layout: 'neox', maxPositionEmbeddings: 2048, ropeScaling: { rope_type: 'default' },
  });
  assert.deepEqual(pe.compute('rope', { ...neox, positions: 3 }).shape, [2, 3, 16]);

  const gptj = pe.ropeFromConfig(GPTJ_6B);
  assert.equal(gptj.dim, 256);
  assert.equal(gptj.layout, 'gptj');
  assert.equal(gptj.maxPositionEmbeddings, 2048);
  assert.deepEqual(pe.compute('rope-frequencies', gptj).shape, [32]);  // rotary_dim 64 → 32 frequencies
  // GPT-J's create_sinusoidal_positions(n, 64): inv = 10000^(-2k/64), sin/cos repeat-interleaved
  const t = pe.compute('rope', { ...gptj, positions: 5 });
  for (let k = 0; k < 32; k++) {
    const a = 4 * 10000 ** (-(2 * k) / 64);
    assert.ok(Math.abs(t.data[4 * 64 + 2 * k] - Math.cos(a)) < 6e-8 && Math.abs(t.data[4 * 64 + 2 * k + 1] - Math.cos(a)) < 6e-8);
    assert.ok(Math.abs(t.data[5 * 64 + 4 * 64 + 2 * k] - Math.sin(a)) < 6e-8);
  }
  // rotary_dim that is not a clean fraction of the head still gives exactly rotary_dim dims
  for (const rotary_dim of [2, 6, 10, 22, 46, 98, 254, 256]) {
    const q = pe.ropeFromConfig({ ...GPTJ_6B, rotary_dim });
    assert.deepEqual(pe.compute('rope-frequencies', q).shape, [rotary_dim / 2], `rotary_dim ${rotary_dim}`);
  }
  for (const [n_embd, n_head] of [[1000, 10], [4200, 42], [3000, 30], [2800, 70]]) {
    for (const rotary_dim of [2, 10, 30, 40]) {
      if (rotary_dim > n_embd / n_head) continue;
      const q = pe.ropeFromConfig({ model_type: 'gptj', n_embd, n_head, rotary_dim });
      assert.deepEqual(pe.compute('rope-frequencies', q).shape, [rotary_dim / 2], `${n_embd}/${n_head} rotary_dim ${rotary_dim}`);
    }
  }
  assert.equal(pe.ropeFromConfig({ ...GPTJ_6B, rotary_dim: null }).partialRotaryFactor, 1);  // null = whole head

  // GPT-2 has no RoPE: its positions are a learned table of n_positions rows (GPT2Model.wpe)
  const gpt2 = { model_type: 'gpt2', n_embd: 768, n_head: 12, n_positions: 1024, n_layer: 12 };
  assert.equal(pe.ropeFromConfig(gpt2), null);
  assert.deepEqual(pe.positionsFromConfig(gpt2).input, { kind: 'learned', size: 1024, offset: 0 });
  // a model whose code never reads rotary_dim ignores it: MiniMax-M2-like configs stay neox
  assert.equal(pe.ropeFromConfig({ model_type: 'llama', head_dim: 128, rotary_dim: 64 }).layout, 'neox');
  assert.equal(pe.ropeFromConfig({ model_type: 'llama', head_dim: 128, rotary_dim: 64 }).partialRotaryFactor, 1);
  // head_dim wins over hidden_size / heads (Gemma, Qwen3); hidden // heads floors as Python does
  assert.equal(pe.ropeFromConfig({ model_type: 'llama', hidden_size: 2304, num_attention_heads: 8, head_dim: 256 }).dim, 256);
  assert.equal(pe.ropeFromConfig({ model_type: 'llama', hidden_size: 1030, num_attention_heads: 16 }).dim, 64);
  // no max_position_embeddings: the registry default (LlamaConfig's 2048)
  assert.equal(pe.ropeFromConfig({ model_type: 'llama', head_dim: 64 }).maxPositionEmbeddings, 2048);
});

test('unrelated fields are ignored and nulls count as absent; an unknown key inside rope_scaling is refused (it may change positions)', () => {
  const p = pe.ropeFromConfig({
    ...LLAMA_31_8B, quantization_config: { bits: 4 }, vocab_size: 'not a number', head_dim: null, partial_rotary_factor: null,
    rope_scaling: { ...LLAMA_31_8B.rope_scaling, attention_factor: null },
  });
  assert.deepEqual(p, pe.ropeFromConfig(LLAMA_31_8B));
  assert.deepEqual(pe.ropeFromConfig({ model_type: 'llama', head_dim: 64, rope_scaling: null }).ropeScaling, { rope_type: 'default' });
  // rope_type wins over a legacy type that disagrees (setdefault("rope_type", get("type")))
  assert.equal(pe.ropeFromConfig({ model_type: 'llama', head_dim: 64, rope_scaling: { rope_type: 'linear', type: 'dynamic', factor: 2 } }).ropeScaling.rope_type,
    'linear');
  assert.throws(() => pe.ropeFromConfig({ ...LLAMA_31_8B, rope_scaling: { ...LLAMA_31_8B.rope_scaling, finetuned: true } }),
    isError('EINVAL', 'rope_scaling.finetuned'));
  assert.throws(() => pe.ropeFromConfig({ ...PHI3_MINI_128K, rope_scaling: { ...PHI3_MINI_128K.rope_scaling, long_mscale: 1.2 } }),
    isError('EINVAL', 'rope_scaling.long_mscale'));
});

test('errors name the config field', () => {
  const throws = (config, code, param) => {
    assert.throws(() => pe.ropeFromConfig(config), (e) => {
      isError(code, param)(e);
      assert.ok(e.message.includes(param === 'config' ? 'config =' : `config.${param}`), e.message);
      return true;
    });
  };
  throws(null, 'EINVAL', 'config');
  throws([1, 2], 'EINVAL', 'config');
  throws({ model_type: 'llama', vocab_size: 32000, hidden_size: null, num_attention_heads: null }, 'EINVAL', 'head_dim');
  throws({ model_type: 'llama', hidden_size: 4096, num_attention_heads: null }, 'EINVAL', 'num_attention_heads');
  throws({ model_type: 'llama', hidden_size: null, n_head: 16 }, 'EINVAL', 'hidden_size');
  throws({ model_type: 'llama', hidden_size: 4096, num_attention_heads: 0 }, 'ERANGE', 'num_attention_heads');
  throws({ model_type: 'llama', hidden_size: '4096', num_attention_heads: 32 }, 'EINVAL', 'hidden_size');
  throws({ model_type: 'llama', head_dim: 63 }, 'ERANGE', 'head_dim');
  throws({ model_type: 'llama', hidden_size: 4040, num_attention_heads: 40 }, 'ERANGE', 'hidden_size');  // head dim 101: odd
  throws({ model_type: 'gpt_neox', hidden_size: 4200, num_attention_heads: 40, rotary_pct: 0.3 }, 'ERANGE', 'rotary_pct');  // int(105 * 0.3) = 31
  throws({ ...LLAMA_31_8B, rope_theta: '500000' }, 'EINVAL', 'rope_theta');
  throws({ ...LLAMA_31_8B, rope_theta: 0 }, 'ERANGE', 'rope_theta');
  throws({ ...PYTHIA_410M, rotary_emb_base: -1 }, 'ERANGE', 'rotary_emb_base');
  throws({ ...PYTHIA_410M, rotary_pct: 1.5 }, 'ERANGE', 'rotary_pct');
  throws({ ...GPTJ_6B, rotary_dim: 300 }, 'ERANGE', 'rotary_dim');
  throws({ ...GPTJ_6B, rotary_dim: 63 }, 'ERANGE', 'rotary_dim');
  throws({ ...GPTJ_6B, n_positions: 0 }, 'ERANGE', 'n_positions');
  throws({ ...LLAMA_31_8B, max_position_embeddings: 1.5 }, 'EINVAL', 'max_position_embeddings');
  throws({ ...LLAMA_31_8B, rope_scaling: 'llama3' }, 'EINVAL', 'rope_scaling');
  throws({ ...LLAMA_31_8B, rope_scaling: { ...LLAMA_31_8B.rope_scaling, rope_type: 'ntk' } }, 'EINVAL', 'rope_scaling.rope_type');
  throws({ ...QWEN2_7B_YARN, rope_scaling: { type: 'mrope2', mrope_section: [16, 24, 24] } }, 'EINVAL', 'rope_scaling.type');
  throws({ ...LLAMA_31_8B, rope_scaling: { rope_type: 'linear' } }, 'EINVAL', 'rope_scaling.factor');
  throws({ ...LLAMA_31_8B, rope_scaling: { ...LLAMA_31_8B.rope_scaling, high_freq_factor: undefined } }, 'EINVAL',
    'rope_scaling.high_freq_factor');
  throws({ ...LLAMA_31_8B, rope_scaling: { ...LLAMA_31_8B.rope_scaling, factor: -8 } }, 'ERANGE', 'rope_scaling.factor');
  throws({ ...QWEN2_7B_YARN, rope_scaling: { ...QWEN2_7B_YARN.rope_scaling, beta_fast: '32' } }, 'EINVAL', 'rope_scaling.beta_fast');
  throws({ ...PHI3_MINI_128K, rope_scaling: { ...PHI3_MINI_128K.rope_scaling, short_factor: SHORT.slice(1) } }, 'EINVAL',
    'rope_scaling.short_factor');
  throws({ ...PHI3_MINI_128K, rope_scaling: { type: 'longrope', short_factor: SHORT } }, 'EINVAL', 'rope_scaling.long_factor');
  throws({ ...PHI3_MINI_128K, original_max_position_embeddings: -4096 }, 'ERANGE', 'original_max_position_embeddings');
  throws({ ...DEEPSEEK_V3, qk_rope_head_dim: 2, rope_scaling: { type: 'dynamic', factor: 2 } }, 'ERANGE', 'qk_rope_head_dim');
  const { rope_scaling, rope_theta, ...rest } = LLAMA_31_8B;
  throws({ ...rest, rope_parameters: { ...rope_scaling, rope_theta: -1 } }, 'ERANGE', 'rope_parameters.rope_theta');
  throws({ ...rest, rope_parameters: { full_attention: { rope_type: 'default' }, sliding_attention: { rope_type: 'dflt' } } },
    'EINVAL', 'rope_parameters.sliding_attention.rope_type');
  throws({ ...rest, rope_parameters: { full_attention: { rope_type: 'default' }, rope_theta: 1e4 } }, 'EINVAL', 'rope_parameters.rope_theta');
  // the instance keeps working
  assert.equal(pe.ropeFromConfig(LLAMA_31_8B).dim, 128);
});
