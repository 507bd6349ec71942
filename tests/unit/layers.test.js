// layersFromConfig / ropeFromConfig(config, { layer }): published config.json files of hybrid models
// → every layer's type, RoPE (or none), window, chunk and query scale, as transformers' configuration
// classes build them (huggingface/transformers commit 008e574391258935f3ecc3035c882e73bbcac419:
// src/transformers/models/{gemma4,llama4,smollm3,cohere2,exaone4,olmo3,qwen2,qwen3,qwen2_moe}/
// configuration_*.py; gemma3 at 008f5c8c29be84d4721dc6d1e0fcd72300580be4, modernbert at
// 001f85b38fb432858ace93f18622f07cec46d874, gpt_oss at 02b8f42b4240dddea1b27c45d2dc95fb2682f841,
// qwen2_5_vl at 018c8e0394c47749c55861e11f5f7e2a577973d7; Cohere2's NoPE global layers from
// modeling_cohere2.py at 015bfeb86891c5f5e450f48942260ac3e2cd2bf2, EXAONE 4's from modeling_exaone4.py),
// each layer's inv_freq and attention factor against a float64 reference written here from
// src/transformers/modeling_rope_utils.py (_compute_default/linear_scaling/llama3/yarn/proportional_
// rope_parameters), and every refusal naming its field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, PosencError } from '../../web/posenc.js';
import { isError } from '../errors.js';
import { mulberry32 } from '../random.js';

const pe = await load();
const layersOf = (config) => pe.layersFromConfig(config);

// ---- float64 references of modeling_rope_utils.py ----
function reference({ dim, base, partialRotaryFactor: prf = 1, ropeScaling: rs = {}, maxPositionEmbeddings: maxPos }) {
  const type = rs.rope_type ?? 'default';
  if (type === 'proportional') {
    const angles = Math.floor(prf * dim / 2);
    return { inv: Array.from({ length: dim / 2 }, (_, k) => (k < angles ? base ** (-(2 * k) / dim) / (rs.factor ?? 1) : 0)), af: 1 };
  }
  const r = Math.trunc(dim * prf);
  let inv = Array.from({ length: r / 2 }, (_, k) => base ** (-(2 * k) / r));
  let af = 1;
  if (type === 'linear') inv = inv.map((v) => v / rs.factor);
  if (type === 'llama3') {
    const orig = rs.original_max_position_embeddings, lw = orig / rs.low_freq_factor, hw = orig / rs.high_freq_factor;
    inv = inv.map((v) => {
      const wl = 2 * Math.PI / v;
      if (wl > lw) return v / rs.factor;
      if (wl < hw) return v;
      const s = (orig / wl - rs.low_freq_factor) / (rs.high_freq_factor - rs.low_freq_factor);
      return (1 - s) * v / rs.factor + s * v;
    });
  }
  if (type === 'yarn') {
    const orig = rs.original_max_position_embeddings ?? maxPos, f = rs.factor ?? maxPos / orig;
    const g = (s, m = 1) => (s <= 1 ? 1 : 0.1 * m * Math.log(s) + 1);
    af = rs.attention_factor ?? (rs.mscale && rs.mscale_all_dim ? g(f, rs.mscale) / g(f, rs.mscale_all_dim) : g(f));
    const cd = (n) => (r * Math.log(orig / (n * 2 * Math.PI))) / (2 * Math.log(base));
    let lo = cd(rs.beta_fast || 32), hi = cd(rs.beta_slow || 1);
    if (rs.truncate ?? true) lo = Math.floor(lo), hi = Math.ceil(hi);
    lo = Math.max(lo, 0), hi = Math.min(hi, r - 1);
    if (lo === hi) hi += 0.001;
    inv = inv.map((v, k) => {
      const ext = 1 - Math.min(Math.max((k - lo) / (hi - lo), 0), 1);
      return (v / f) * (1 - ext) + v * ext;
    });
  }
  return { inv, af };
}

function checkRope(rope, where) {
  const { inv, af } = reference(rope);
  const m = pe.compute('rope-frequencies', rope);
  assert.equal(m.data.length, inv.length, where);
  inv.forEach((w, k) => assert.ok(Math.abs(m.data[k] - w) <= 6.1e-8 * w, `${where} k ${k}: ${m.data[k]} vs ${w}`));
  assert.ok(Math.abs(m.info.attentionFactor - af) <= 1e-15, `${where} attention factor ${m.info.attentionFactor} vs ${af}`);
}

const indices = (layers, pred) => layers.filter(pred).map((l) => l.index);
const range = (n, pred) => Array.from({ length: n }, (_, i) => i).filter(pred);

// ---- published configs (the fields that matter kept, the rest as published) ----
// Each names where its position fields were checked. Hugging Face Hub pages are cited as the docs
// corpus stores them; a fine-tune's config.json carries its base model's architecture fields (it is
// the base config re-saved), so one naming the base in _name_or_path stands in where the base
// model's own file is not stored.

// google/gemma-3-12b-it config.json (transformers 4.50 spelling): text model under text_config.
// Position fields confirmed against its text-only export huggingface.co/OpenPipe/gemma-3-12b-it-text-only
// /blob/main/config.json (head_dim 256, 48 layers, 16 heads, rope_theta 1e6, rope_local_base_freq 1e4,
// linear x8, sliding_window 1024, sliding_window_pattern 6, max_position_embeddings 131072); the composite
// file may list only the non-default text fields (as huggingface.co/harmonicdata/Gemma3-SD-v0.2's copy does).
const GEMMA3_12B = {
  architectures: ['Gemma3ForConditionalGeneration'], boi_token_index: 255999, eoi_token_index: 256000, eos_token_id: [1, 106],
  image_token_index: 262144, initializer_range: 0.02, mm_tokens_per_image: 256, model_type: 'gemma3',
  text_config: {
    attention_bias: false, attention_dropout: 0.0, attn_logit_softcapping: null, cache_implementation: 'hybrid',
    final_logit_softcapping: null, head_dim: 256, hidden_activation: 'gelu_pytorch_tanh', hidden_size: 3840,
    initializer_range: 0.02, intermediate_size: 15360, max_position_embeddings: 131072, model_type: 'gemma3_text',
    num_attention_heads: 16, num_hidden_layers: 48, num_key_value_heads: 8, query_pre_attn_scalar: 256, rms_norm_eps: 1e-6,
    rope_local_base_freq: 10000, rope_scaling: { factor: 8.0, rope_type: 'linear' }, rope_theta: 1000000,
    sliding_window: 1024, sliding_window_pattern: 6, use_cache: true, vocab_size: 262208,
  },
  torch_dtype: 'bfloat16', transformers_version: '4.50.0.dev0',
  vision_config: { hidden_size: 1152, image_size: 896, model_type: 'siglip_vision_model', num_attention_heads: 16, num_hidden_layers: 27, patch_size: 14 },
};
// google/gemma-3-4b-it: the published text_config lists only what differs from Gemma3TextConfig's defaults.
// Values confirmed against text-only exports of the 4B (huggingface.co/Creekside/gemma-3/blame/main/config.json,
// huggingface.co/YFolla/gemma-3-dnd: hidden 2560, 34 layers, 8 heads, head_dim 256, linear x8, window 1024,
// rope_theta 1e6, local 1e4, pattern 6); the composite file's exact key set is not verified against a stored copy.
const GEMMA3_4B = {
  architectures: ['Gemma3ForConditionalGeneration'], model_type: 'gemma3',
  text_config: { hidden_size: 2560, intermediate_size: 10240, model_type: 'gemma3_text', num_hidden_layers: 34,
    rope_scaling: { factor: 8.0, rope_type: 'linear' }, sliding_window: 1024 },
  vision_config: { model_type: 'siglip_vision_model' },
};
// The 12B in transformers v5's spelling: layer_types and rope_parameters keyed by layer type
const v5Types = range(48, () => true).map((i) => ((i + 1) % 6 ? 'sliding_attention' : 'full_attention'));
const GEMMA3_12B_V5 = {
  ...GEMMA3_12B,
  text_config: (({ rope_local_base_freq, rope_scaling, rope_theta, sliding_window_pattern, ...t }) => ({
    ...t, layer_types: v5Types,
    rope_parameters: { full_attention: { factor: 8.0, rope_theta: 1000000, rope_type: 'linear' },
      sliding_attention: { rope_theta: 10000, rope_type: 'default' } },
  }))(GEMMA3_12B.text_config),
};

// answerdotai/ModernBERT-base config.json, every field here as huggingface.co/unsloth/ModernBERT-base/blob/main/
// config.json mirrors it (the first answerdotai revision, blame fec8a7d1, had max_position_embeddings 512)
const MODERNBERT_BASE = {
  architectures: ['ModernBertForMaskedLM'], attention_bias: false, attention_dropout: 0.0, bos_token_id: 50281,
  classifier_activation: 'gelu', classifier_pooling: 'mean', cls_token_id: 50281, decoder_bias: true, embedding_dropout: 0.0,
  eos_token_id: 50282, global_attn_every_n_layers: 3, global_rope_theta: 160000.0, hidden_activation: 'gelu', hidden_size: 768,
  initializer_cutoff_factor: 2.0, initializer_range: 0.02, intermediate_size: 1152, layer_norm_eps: 1e-5, local_attention: 128,
  local_rope_theta: 10000.0, max_position_embeddings: 8192, mlp_bias: false, mlp_dropout: 0.0, model_type: 'modernbert',
  norm_bias: false, norm_eps: 1e-5, num_attention_heads: 12, num_hidden_layers: 22, pad_token_id: 50283,
  position_embedding_type: 'absolute', sep_token_id: 50282, tie_word_embeddings: true, torch_dtype: 'float32', vocab_size: 50368,
};

// openai/gpt-oss-20b config.json. Position fields confirmed against fine-tunes that keep it
// (huggingface.co/cryptonaut/AltiMind-sft/blob/main/config.json: head_dim 64, 24 layers from sliding,
// 64 heads, yarn x32 beta 32/1 original 4096 truncate false, rope_theta 150000, max 131072);
// sliding_window 128 is GptOssConfig's default, not seen in a stored copy of the file.
const GPT_OSS_20B = {
  architectures: ['GptOssForCausalLM'], attention_bias: true, attention_dropout: 0.0, eos_token_id: 200002, experts_per_token: 4,
  head_dim: 64, hidden_act: 'silu', hidden_size: 2880, initial_context_length: 4096, initializer_range: 0.02,
  intermediate_size: 2880, layer_types: range(24, () => true).map((i) => (i % 2 ? 'full_attention' : 'sliding_attention')),
  max_position_embeddings: 131072, model_type: 'gpt_oss', num_attention_heads: 64, num_experts_per_tok: 4, num_hidden_layers: 24,
  num_key_value_heads: 8, num_local_experts: 32, output_router_logits: false, pad_token_id: 199999, rms_norm_eps: 1e-5,
  rope_scaling: { beta_fast: 32.0, beta_slow: 1.0, factor: 32.0, original_max_position_embeddings: 4096, rope_type: 'yarn', truncate: false },
  rope_theta: 150000, router_aux_loss_coef: 0.9, sliding_window: 128, swiglu_limit: 7.0, tie_word_embeddings: false,
  use_cache: true, vocab_size: 201088,
};

// meta-llama/Llama-4-Scout-17B-16E config.json (text model under text_config). Every position field
// here matches a printed Llama4Config of that model (transformers 4.51.0) in a stored public file the
// code index names only by id (find_string '"intermediate_size_mlp": 16384', id 41112263523:
// chunk 8192, attn_temperature_tuning 4, floor_scale 8192, attn_scale 0.1, head_dim 128, max 262144,
// no_rope_layers 1,1,1,0…, 40 heads, 48 layers, llama3 x8 over 8192, rope_theta 5e5), and a vLLM issue
// quoting a text-only fine-tune of it agrees; Llama4TextConfig's defaults (008e574) agree where they apply.
const LLAMA4_SCOUT = {
  architectures: ['Llama4ForConditionalGeneration'], boi_token_index: 200080, eoi_token_index: 200081, image_token_index: 200092,
  model_type: 'llama4',
  text_config: {
    attention_bias: false, attention_chunk_size: 8192, attention_dropout: 0.0, attn_scale: 0.1, attn_temperature_tuning: 4,
    bos_token_id: 200000, eos_token_id: [200001, 200007, 200008], floor_scale: 8192, for_llm_compressor: false, head_dim: 128,
    hidden_act: 'silu', hidden_size: 5120, initializer_range: 0.02, interleave_moe_layer_step: 1, intermediate_size: 8192,
    intermediate_size_mlp: 16384, max_position_embeddings: 262144, model_type: 'llama4_text', moe_layers: range(48, () => true),
    no_rope_layers: range(48, () => true).map((i) => ((i + 1) % 4 ? 1 : 0)), num_attention_heads: 40, num_experts_per_tok: 1,
    num_hidden_layers: 48, num_key_value_heads: 8, num_local_experts: 16, output_router_logits: false, pad_token_id: 200018,
    rms_norm_eps: 1e-5,
    rope_scaling: { factor: 8.0, high_freq_factor: 4.0, low_freq_factor: 1.0, original_max_position_embeddings: 8192, rope_type: 'llama3' },
    rope_theta: 500000.0, router_aux_loss_coef: 0.001, router_jitter_noise: 0.0, use_cache: true, use_qk_norm: true, vocab_size: 202048,
  },
  tie_word_embeddings: false, transformers_version: '4.51.0',
  vision_config: { hidden_size: 1408, model_type: 'llama4_vision_model', num_attention_heads: 16, num_hidden_layers: 34, rope_theta: 10000 },
};

// HuggingFaceTB/SmolLM3-3B config.json. layer_types, no_rope_layers, no_rope_layer_interval 4,
// max_position_embeddings 65536, max_window_layers 28 and hidden 2048 confirmed against fine-tunes
// (huggingface.co/koutch/0.json_train_grpo_v1_dev, huggingface.co/sweatSmile/HF-SmolLM3-3B-Math-Formulas-4bit
// config.json); rope_theta 5e6 and 16 heads only as third-party notes on the file state them (code index
// id 23183103280), not seen in a stored copy of the file (class defaults: 2e6, 16).
const SMOLLM3_3B = {
  architectures: ['SmolLM3ForCausalLM'], attention_bias: false, attention_dropout: 0.0, bos_token_id: null, eos_token_id: 128012,
  hidden_act: 'silu', hidden_size: 2048, initializer_range: 0.02, intermediate_size: 11008,
  layer_types: Array(36).fill('full_attention'), max_position_embeddings: 65536, max_window_layers: 28, mlp_bias: false,
  model_type: 'smollm3', no_rope_layer_interval: 4, no_rope_layers: range(36, () => true).map((i) => ((i + 1) % 4 ? 1 : 0)),
  num_attention_heads: 16, num_hidden_layers: 36, num_key_value_heads: 4, pad_token_id: 128004, pretraining_tp: 2,
  rms_norm_eps: 1e-6, rope_scaling: null, rope_theta: 5000000.0, sliding_window: null, use_cache: false,
  use_sliding_window: false, vocab_size: 128256,
};

// CohereForAI/c4ai-command-r7b-12-2024 config.json (Cohere2), as two re-saves naming it in _name_or_path
// store it (huggingface.co/huihui-ai/c4ai-command-r7b-12-2024-abliterated/blob/main/config.json and
// huggingface.co/Svngoku/c4ai-command-r7b-12-2024-4bit, transformers 4.48.0.dev0): max_position_embeddings
// is 8192 there (132096 had been written from memory).
const COMMAND_R7B = {
  architectures: ['Cohere2ForCausalLM'], attention_bias: false, attention_dropout: 0.0, bos_token_id: 5, cache_implementation: 'hybrid',
  eos_token_id: 255001, head_dim: 128, hidden_act: 'silu', hidden_size: 4096, initializer_range: 0.02, intermediate_size: 14336,
  layer_norm_eps: 1e-5, layer_switch: 4, logit_scale: 0.25, max_position_embeddings: 8192, model_type: 'cohere2',
  num_attention_heads: 32, num_hidden_layers: 32, num_key_value_heads: 8, order_of_interleaved_layers: 'local_attn_first',
  pad_token_id: 0, position_embedding_type: 'rope_gptj', rope_scaling: null, rope_theta: 50000, rotary_pct: 1.0,
  sliding_window: 4096, sliding_window_pattern: 4, use_cache: true, use_embedding_sharing: true, use_gated_activation: true,
  use_parallel_block: true, use_parallel_embedding: true, vocab_size: 256000,
};

// LGAI-EXAONE/EXAONE-4.0-32B config.json: values as published on the Hub model card; not verified
// against a stored copy (none found; the EXAONE 3.5 32B files stored share hidden 5120, 64 layers, 40
// heads, head_dim 128, rope_theta 1e6 with llama3 scaling).
const EXAONE4_32B = {
  architectures: ['Exaone4ForCausalLM'], attention_dropout: 0.0, bos_token_id: 1, eos_token_id: 361, head_dim: 128,
  hidden_act: 'silu', hidden_size: 5120, initializer_range: 0.02, intermediate_size: 27392,
  layer_types: range(64, () => true).map((i) => ((i + 1) % 4 ? 'sliding_attention' : 'full_attention')),
  max_position_embeddings: 131072, model_type: 'exaone4', num_attention_heads: 40, num_hidden_layers: 64, num_key_value_heads: 8,
  pad_token_id: 0, rms_norm_eps: 1e-5,
  rope_scaling: { factor: 16.0, high_freq_factor: 4.0, low_freq_factor: 1.0, original_max_position_embeddings: 8192, rope_type: 'llama3' },
  rope_theta: 1000000, sliding_window: 4096, sliding_window_pattern: 'LLLG', tie_word_embeddings: false, use_cache: true,
  vocab_size: 102400,
};

// ---- tests ----

test('Gemma 3 12B (v4 spelling, text_config): 5 sliding layers then 1 global; global base 1e6 with linear x8, local 1e4 plain', () => {
  const layers = layersOf(GEMMA3_12B);
  assert.equal(layers.length, 48);
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), range(48, (i) => (i + 1) % 6 === 0));
  for (const l of layers) {
    const full = l.type === 'full_attention';
    assert.equal(l.window, full ? null : 1024);
    assert.equal(l.chunk, null);
    assert.equal(l.queryScale, null);
    assert.deepEqual(l.rope, {
      dim: 256, base: full ? 1e6 : 1e4, partialRotaryFactor: 1, layout: 'neox', maxPositionEmbeddings: 131072,
      ropeScaling: full ? { factor: 8, rope_type: 'linear' } : { rope_type: 'default' },
    }, `layer ${l.index}`);
  }
  checkRope(layers[5].rope, 'gemma3 full');
  checkRope(layers[0].rope, 'gemma3 sliding');
  // ropeFromConfig without a layer refuses (two RoPEs), naming the layer types; with one, gives it
  assert.throws(() => pe.ropeFromConfig(GEMMA3_12B), (e) => isError('EINVAL', 'layer')(e) &&
    e.message.includes('full_attention') && e.message.includes('sliding_attention'));
  assert.deepEqual(pe.ropeFromConfig(GEMMA3_12B, { layer: 'sliding_attention' }), layers[0].rope);
  assert.deepEqual(pe.ropeFromConfig(GEMMA3_12B, { layer: 11 }), layers[5].rope);
  // the same model in transformers v5's spelling reads the same, layer for layer
  assert.deepEqual(layersOf(GEMMA3_12B_V5), layers);
  // v5 Gemma3TextConfig fills a type missing from the keyed dict: default RoPE at rope_local_base_freq,
  // else the class default 1e4 (convert_rope_params_to_dict)
  const v5 = GEMMA3_12B_V5.text_config;
  const onlyFull = (extra) => ({ ...GEMMA3_12B_V5, text_config: { ...v5, ...extra, rope_parameters: { full_attention: v5.rope_parameters.full_attention } } });
  assert.deepEqual(layersOf(onlyFull({})), layers);
  assert.equal(layersOf(onlyFull({ rope_local_base_freq: 5e4 }))[0].rope.base, 5e4);
});

test('Gemma 3 4B: the class defaults fill what its text_config leaves out (head_dim 256, 8 heads, rope_theta 1e6, local 1e4, pattern 6)', () => {
  const layers = layersOf(GEMMA3_4B);
  assert.equal(layers.length, 34);
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), [5, 11, 17, 23, 29]);
  assert.equal(layers[5].rope.dim, 256);
  assert.equal(layers[5].rope.base, 1e6);
  assert.equal(layers[5].rope.maxPositionEmbeddings, 131072);
  assert.equal(layers[0].rope.base, 1e4);
  assert.deepEqual(layers[0].rope.ropeScaling, { rope_type: 'default' });
});

test('Gemma 2 9B (v4 file, no layer_types): Gemma2Config alternates sliding (4096) and full layers, one RoPE', () => {
  // google/gemma-2-9b config.json (Gemma2Config.__post_init__: sliding when (i + 1) % 2), every field here as
  // a re-save naming it stores it (huggingface.co/ashercn97/blanked-v011/blob/main/config.json)
  const gemma2 = { architectures: ['Gemma2ForCausalLM'], attn_logit_softcapping: 50.0, cache_implementation: 'hybrid',
    final_logit_softcapping: 30.0, head_dim: 256, hidden_activation: 'gelu_pytorch_tanh', hidden_size: 3584, intermediate_size: 14336,
    max_position_embeddings: 8192, model_type: 'gemma2', num_attention_heads: 16, num_hidden_layers: 42, num_key_value_heads: 8,
    query_pre_attn_scalar: 256, rms_norm_eps: 1e-6, rope_theta: 10000.0, sliding_window: 4096, vocab_size: 256000 };
  const layers = layersOf(gemma2);
  assert.deepEqual(indices(layers, (l) => l.type === 'sliding_attention'), range(42, (i) => i % 2 === 0));
  assert.deepEqual(layers.map((l) => l.window), range(42, () => true).map((i) => (i % 2 ? null : 4096)));
  const rope = pe.ropeFromConfig(gemma2);
  assert.deepEqual(rope, { dim: 256, base: 10000, partialRotaryFactor: 1, layout: 'neox', maxPositionEmbeddings: 8192,
    ropeScaling: { rope_type: 'default' } });
  checkRope(rope, 'gemma2');
});

test('ModernBERT-base: global every 3rd layer from 0 at base 160000, local at 10000 with window local_attention // 2 both ways', () => {
  const layers = layersOf(MODERNBERT_BASE);
  assert.equal(layers.length, 22);
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), range(22, (i) => i % 3 === 0));
  for (const l of layers) {
    const full = l.type === 'full_attention';
    assert.equal(l.rope.base, full ? 160000 : 10000, `layer ${l.index}`);
    assert.equal(l.rope.dim, 64);
    assert.equal(l.window, full ? null : 64);
    checkRope(l.rope, `modernbert ${l.index}`);
  }
  // v5 spelling: keyed rope_parameters; the legacy key fills a dict without rope_theta
  const { global_rope_theta, local_rope_theta, ...rest } = MODERNBERT_BASE;
  const v5 = { ...rest, rope_parameters: { full_attention: { rope_type: 'default', rope_theta: 160000 }, sliding_attention: { rope_type: 'default' } },
    local_rope_theta };
  assert.deepEqual(layersOf(v5), layers);
  assert.equal(pe.ropeFromConfig(MODERNBERT_BASE, { layer: 0 }).base, 160000);
});

test('GPT-OSS-20b: alternating sliding (128) and full layers sharing one YaRN (factor 32, truncate false)', () => {
  const layers = layersOf(GPT_OSS_20B);
  assert.deepEqual(indices(layers, (l) => l.type === 'sliding_attention'), range(24, (i) => i % 2 === 0));
  assert.deepEqual(layers.map((l) => l.window), range(24, () => true).map((i) => (i % 2 ? null : 128)));
  const rope = pe.ropeFromConfig(GPT_OSS_20B);
  for (const l of layers) assert.deepEqual(l.rope, rope);
  assert.equal(rope.ropeScaling.truncate, false);
  checkRope(rope, 'gpt-oss');
  assert.ok(Math.abs(pe.compute('rope-frequencies', rope).info.attentionFactor - (0.1 * Math.log(32) + 1)) < 1e-15);
});

// DeepSeek-V4 position fields as its published config.json spells them (flat yarn rope_scaling beside
// rope_theta and compress_rope_theta, qk_rope_head_dim, compress_ratios 0 sliding / 4 CSA / 128 HCA;
// the values DeepSeek-V4-Flash ships: yarn x16 from 65536, bases 1e4 and 1.6e5, head 512 with 64
// rotated, window 128), cut to 6 layers; and the same model as DeepseekV4Config.__post_init__ saves it
// (rope_parameters keyed main / compress: huggingface/transformers src/transformers/models/deepseek_v4/
// configuration_deepseek_v4.py@b5b741e52e24b1c394ae4a0b13df86846284a1d3)
const V4_FIELDS = {
  architectures: ['DeepseekV4ForCausalLM'], model_type: 'deepseek_v4', hidden_size: 4096, num_attention_heads: 64, num_key_value_heads: 1,
  head_dim: 512, qk_rope_head_dim: 64, num_hidden_layers: 6, max_position_embeddings: 1048576, rope_theta: 10000, compress_rope_theta: 160000,
  sliding_window: 128, compress_ratios: [0, 0, 4, 128, 4, 0, 0], hc_mult: 4, index_topk: 512, index_n_heads: 64, index_head_dim: 128,
};
const V4_FLAT = { ...V4_FIELDS, rope_scaling: { beta_fast: 32, beta_slow: 1, factor: 16, original_max_position_embeddings: 65536, type: 'yarn' } };
const V4_NESTED = {
  ...V4_FIELDS, qk_rope_head_dim: undefined, partial_rotary_factor: 0.125,
  rope_parameters: {
    main: { rope_type: 'default', rope_theta: 10000, partial_rotary_factor: 0.125 },
    compress: { rope_type: 'yarn', beta_fast: 32, beta_slow: 1, factor: 16, original_max_position_embeddings: 65536, rope_theta: 160000, partial_rotary_factor: 0.125, attention_factor: 1 },
  },
};

test('DeepSeek-V4 in both spellings: main RoPE on sliding layers, compress yarn (attention factor 1) on CSA/HCA, last 64 dims, window 128 everywhere', () => {
  const flat = layersOf(V4_FLAT), nested = layersOf(V4_NESTED);
  assert.deepEqual(flat.map((l) => l.type), ['sliding_attention', 'sliding_attention', 'compressed_sparse_attention', 'heavily_compressed_attention',
    'compressed_sparse_attention', 'sliding_attention']);
  assert.deepEqual(nested, flat);
  for (const l of flat) {
    assert.equal(l.window, 128, `layer ${l.index}`);
    assert.equal(l.positions.rotate, 'last');
    assert.equal(l.rope.dim, 512);
    assert.equal(Math.trunc(l.rope.dim * l.rope.partialRotaryFactor), 64);
    assert.equal(l.rope.layout, 'gptj');
    checkRope(l.rope, `V4 layer ${l.index}`);
  }
  assert.deepEqual(flat[0].rope.ropeScaling, { rope_type: 'default' });
  assert.equal(flat[0].rope.base, 10000);
  assert.equal(flat[2].rope.base, 160000);
  assert.deepEqual(flat[2].rope.ropeScaling, { rope_type: 'yarn', beta_fast: 32, beta_slow: 1, factor: 16, original_max_position_embeddings: 65536, attention_factor: 1 });
  assert.equal(pe.compute('rope-frequencies', flat[3].rope).info.attentionFactor, 1);
  // by layer type without a layer count, and the pair refused when half of it is given
  const noCount = { ...V4_FLAT, num_hidden_layers: undefined, compress_ratios: undefined };
  assert.deepEqual(pe.ropeFromConfig(noCount, { layer: 'heavily_compressed_attention' }), flat[3].rope);
  assert.deepEqual(pe.ropeFromConfig(V4_NESTED, { layer: 0 }), flat[0].rope);
  const half = { ...V4_NESTED, rope_parameters: { main: V4_NESTED.rope_parameters.main, rope_type: 'yarn' } };
  assert.throws(() => layersOf(half), { code: 'EINVAL', param: 'rope_parameters.compress' });
  // a partial_rotary_factor wins over the legacy qk_rope_head_dim, as __post_init__ reads them
  assert.equal(layersOf({ ...V4_FLAT, qk_rope_head_dim: 32 })[0].rope.partialRotaryFactor, 32 / 512);
  assert.equal(layersOf({ ...V4_FLAT, qk_rope_head_dim: 32, partial_rotary_factor: 0.25 })[0].rope.partialRotaryFactor, 0.25);
});

test('Llama 4 Scout: 3 chunked RoPE layers (gptj pairs, llama3 x8, chunk 8192) then 1 NoPE layer with the query temperature', () => {
  const layers = layersOf(LLAMA4_SCOUT);
  assert.equal(layers.length, 48);
  const nope = range(48, (i) => (i + 1) % 4 === 0);
  assert.deepEqual(indices(layers, (l) => l.rope === null), nope);
  for (const l of layers) {
    const isNope = nope.includes(l.index);
    assert.equal(l.type, isNope ? 'full_attention' : 'chunked_attention');
    assert.equal(l.chunk, isNope ? null : 8192);
    assert.equal(l.window, null);
    assert.deepEqual(l.queryScale, isNope ? { floorScale: 8192, attnScale: 0.1 } : null);
  }
  const rope = pe.ropeFromConfig(LLAMA4_SCOUT);
  assert.deepEqual(rope, {
    dim: 128, base: 500000, partialRotaryFactor: 1, layout: 'gptj', maxPositionEmbeddings: 262144,
    ropeScaling: { factor: 8, high_freq_factor: 4, low_freq_factor: 1, original_max_position_embeddings: 8192, rope_type: 'llama3' },
  });
  checkRope(rope, 'llama4');
  assert.equal(pe.ropeFromConfig(LLAMA4_SCOUT, { layer: 3 }), null);
  assert.equal(pe.ropeFromConfig(LLAMA4_SCOUT, { layer: 'full_attention' }), null);
  assert.deepEqual(pe.ropeFromConfig(LLAMA4_SCOUT, { layer: 'chunked_attention' }), rope);
  // an empty no_rope_layers is the default pattern (Llama4TextConfig: `if self.no_rope_layers`)
  const empty = { ...LLAMA4_SCOUT, text_config: { ...LLAMA4_SCOUT.text_config, no_rope_layers: [] } };
  assert.deepEqual(layersOf(empty), layers);
  // the query scale the NoPE layers take, from the query-scale kind
  const q = pe.compute('query-scale', { positions: 2, offset: 8190, ...layers[3].queryScale }).data;
  assert.deepEqual([...q], [1, Math.fround(Math.fround(Math.fround(Math.LN2) * Math.fround(0.1)) + 1)]);
  const off = { ...LLAMA4_SCOUT, text_config: { ...LLAMA4_SCOUT.text_config, attn_temperature_tuning: false } };
  assert.ok(layersOf(off).every((l) => l.queryScale === null));
});

test('SmolLM3-3B: every 4th layer NoPE, all full attention, base 5e6, no query temperature', () => {
  const layers = layersOf(SMOLLM3_3B);
  assert.deepEqual(indices(layers, (l) => l.rope === null), range(36, (i) => (i + 1) % 4 === 0));
  assert.ok(layers.every((l) => l.type === 'full_attention' && l.window === null && l.queryScale === null));
  const rope = pe.ropeFromConfig(SMOLLM3_3B);
  assert.equal(rope.base, 5e6);
  assert.equal(rope.dim, 128);
  checkRope(rope, 'smollm3');
  // SmolLM3Config's default when no_rope_layers is absent: the same pattern from no_rope_layer_interval
  const { no_rope_layers, layer_types, ...bare } = SMOLLM3_3B;
  assert.deepEqual(layersOf(bare), layers);
});

test('Command R7B (Cohere2): 3 sliding RoPE layers (gptj pairs) then a global NoPE layer', () => {
  const layers = layersOf(COMMAND_R7B);
  const full = range(32, (i) => (i + 1) % 4 === 0);
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), full);
  assert.deepEqual(indices(layers, (l) => l.rope === null), full);
  assert.ok(layers.every((l) => l.window === (l.type === 'sliding_attention' ? 4096 : null)));
  const rope = pe.ropeFromConfig(COMMAND_R7B);
  assert.deepEqual(rope, { dim: 128, base: 50000, partialRotaryFactor: 1, layout: 'gptj', maxPositionEmbeddings: 8192,
    ropeScaling: { rope_type: 'default' } });
  checkRope(rope, 'cohere2');
});

test('EXAONE 4.0 32B: LLLG, NoPE on the global layers; with sliding_window null every layer keeps RoPE', () => {
  const layers = layersOf(EXAONE4_32B);
  const full = range(64, (i) => (i + 1) % 4 === 0);
  assert.deepEqual(indices(layers, (l) => l.rope === null), full);
  const rope = pe.ropeFromConfig(EXAONE4_32B);
  assert.equal(rope.ropeScaling.rope_type, 'llama3');
  checkRope(rope, 'exaone4');
  // the string pattern without layer_types gives the same map
  const { layer_types, ...bare } = EXAONE4_32B;
  assert.deepEqual(layersOf(bare), layers);
  const all = layersOf({ ...bare, sliding_window: null, num_hidden_layers: 30 });
  assert.ok(all.every((l) => l.type === 'full_attention' && l.rope !== null && l.window === null));
});

test("Olmo3 (v4 file): rope_scaling and rope_theta go to the full layers; the sliding ones take the class default 5e5", () => {
  // Olmo3Config.convert_rope_params_to_dict pops rope_theta for full_attention first
  const layers = layersOf({ model_type: 'olmo3', num_hidden_layers: 8, hidden_size: 4096, num_attention_heads: 32,
    max_position_embeddings: 65536, rope_theta: 1e6, sliding_window: 4096,
    rope_scaling: { rope_type: 'yarn', factor: 8, original_max_position_embeddings: 8192, attention_factor: 1.2 } });
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), [3, 7]);
  assert.equal(layers[3].rope.base, 1e6);
  assert.equal(layers[3].rope.ropeScaling.rope_type, 'yarn');
  checkRope(layers[3].rope, 'olmo3 full');
  assert.equal(layers[0].rope.base, 5e5);
  assert.deepEqual(layers[0].rope.ropeScaling, { rope_type: 'default' });
  // keyed: a sliding dict without rope_theta, or none at all, also takes 5e5 (rope_theta went to the full dict)
  const keyed = { model_type: 'olmo3', num_hidden_layers: 4, hidden_size: 4096, num_attention_heads: 32, rope_theta: 1e6,
    rope_parameters: { full_attention: { rope_type: 'default' }, sliding_attention: { rope_type: 'default' } } };
  assert.deepEqual(layersOf(keyed).map((l) => l.rope.base), [5e5, 5e5, 5e5, 1e6]);
  assert.deepEqual(layersOf({ ...keyed, rope_parameters: { full_attention: { rope_type: 'default' } } }).map((l) => l.rope.base), [5e5, 5e5, 5e5, 1e6]);
});

test('Gemma 4 (v5 defaults): sliding layers default RoPE on head_dim, full layers proportional on global_head_dim', () => {
  const layers = layersOf({ model_type: 'gemma4', text_config: { model_type: 'gemma4_text', hidden_size: 2560, num_hidden_layers: 12,
    head_dim: 256, global_head_dim: 512, sliding_window: 512 } });
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), [5, 11]);
  assert.deepEqual(layers[5].rope.ropeScaling, { rope_type: 'proportional' });
  assert.equal(layers[5].rope.dim, 512);
  assert.equal(layers[5].rope.partialRotaryFactor, 0.25);
  checkRope(layers[5].rope, 'gemma4 full');
  assert.equal(pe.compute('rope-frequencies', layers[5].rope).data.filter((v) => v > 0).length, 64);
  assert.equal(layers[0].rope.dim, 256);
  assert.equal(layers[0].rope.base, 10000);
  assert.equal(layers[0].window, 512);
  // the last layer is always full (Gemma4TextConfig forces it)
  assert.equal(layersOf({ model_type: 'gemma4_text', hidden_size: 256, num_hidden_layers: 8, head_dim: 64 }).at(-1).type, 'full_attention');
});

test("absent fields take the configuration class's defaults (default_theta, windows, patterns, sizes)", () => {
  // GptOssConfig: head_dim 64, default_theta 150000, YaRN x32 (beta 32/1, original 4096, truncate false), window 128
  const oss = layersOf({ model_type: 'gpt_oss', num_hidden_layers: 4 });
  assert.deepEqual(oss.map((l) => l.type), ['sliding_attention', 'full_attention', 'sliding_attention', 'full_attention']);
  assert.deepEqual(oss.map((l) => l.window), [128, null, 128, null]);
  assert.deepEqual(oss[0].rope, { dim: 64, base: 150000, partialRotaryFactor: 1, layout: 'neox', maxPositionEmbeddings: 131072,
    ropeScaling: { rope_type: 'yarn', factor: 32, beta_fast: 32, beta_slow: 1, truncate: false, original_max_position_embeddings: 4096 } });
  assert.deepEqual(pe.ropeFromConfig({ ...GPT_OSS_20B, rope_scaling: null, rope_theta: undefined }), pe.ropeFromConfig(GPT_OSS_20B));
  // SmolLM3Config: default_theta 2e6, hidden 2048 / 16 heads, max 32768
  const smol = pe.ropeFromConfig({ model_type: 'smollm3', num_hidden_layers: 8 }, { layer: 0 });
  assert.deepEqual([smol.base, smol.dim, smol.maxPositionEmbeddings], [2e6, 128, 32768]);
  // Cohere2Config: hidden 8192 / 64 heads, max 8192, NoPE on the global layers
  const cohere = layersOf({ model_type: 'cohere2', num_hidden_layers: 8 });
  assert.deepEqual(indices(cohere, (l) => l.rope === null), [3, 7]);
  assert.deepEqual([cohere[0].rope.dim, cohere[0].rope.maxPositionEmbeddings, cohere[0].window], [128, 8192, 4096]);
  // Exaone4Config: sliding_window absent is 4096 (hybrid, global NoPE); a string pattern keeps the last layer global
  const exa = layersOf({ model_type: 'exaone4', num_hidden_layers: 8, head_dim: 128 });
  assert.deepEqual(indices(exa, (l) => l.rope === null), [3, 7]);
  assert.equal(exa[0].window, 4096);
  assert.equal(exa[0].rope.maxPositionEmbeddings, 2048);
  const exaStr = layersOf({ model_type: 'exaone4', num_hidden_layers: 6, head_dim: 128, sliding_window: 4096, sliding_window_pattern: 'LLLL' });
  assert.deepEqual(indices(exaStr, (l) => l.type === 'full_attention'), [5]);
  // ModernBertConfig: hidden 768 / 12 heads, max 8192, local_attention 128, global every 3 (at 001f85b)
  const mb = layersOf({ model_type: 'modernbert', num_hidden_layers: 4 });
  assert.deepEqual(mb.map((l) => [l.type, l.window, l.rope.base, l.rope.dim, l.rope.maxPositionEmbeddings]), [
    ['full_attention', null, 160000, 64, 8192], ['sliding_attention', 64, 10000, 64, 8192],
    ['sliding_attention', 64, 10000, 64, 8192], ['full_attention', null, 160000, 64, 8192]]);
  // Gemma3TextConfig with use_bidirectional_attention (EmbeddingGemma) stores sliding_window // 2 + 1
  const bidi = layersOf({ model_type: 'gemma3_text', num_hidden_layers: 6, head_dim: 256, sliding_window: 512, use_bidirectional_attention: true });
  assert.deepEqual(bidi.map((l) => l.window), [257, 257, 257, 257, 257, null]);
  // Gemma4TextConfig forces the last layer full even when layer_types says otherwise
  const g4 = layersOf({ model_type: 'gemma4_text', hidden_size: 256, num_hidden_layers: 3, head_dim: 64,
    layer_types: ['sliding_attention', 'sliding_attention', 'sliding_attention'] });
  assert.deepEqual(g4.map((l) => l.type), ['sliding_attention', 'sliding_attention', 'full_attention']);
  // Qwen2Config: use_sliding_window without sliding_window is the default 4096 from max_window_layers (28) on
  const qw = layersOf({ model_type: 'qwen2', hidden_size: 1024, num_attention_heads: 8, num_hidden_layers: 30, use_sliding_window: true });
  assert.deepEqual(indices(qw, (l) => l.type === 'sliding_attention'), [28, 29]);
  assert.equal(qw[29].window, 4096);
  assert.ok(layersOf({ model_type: 'qwen2', hidden_size: 1024, num_attention_heads: 8, num_hidden_layers: 30, use_sliding_window: true,
    sliding_window: null }).every((l) => l.type === 'full_attention'));
  // Qwen2_5_VLTextConfig: max_window_layers 80 by default, rope_theta 1e6
  const vl = layersOf({ model_type: 'qwen2_5_vl', hidden_size: 1024, num_attention_heads: 8, num_hidden_layers: 28, use_sliding_window: true });
  assert.ok(vl.every((l) => l.type === 'full_attention'));
  assert.equal(vl[0].rope.base, 1e6);
  // Qwen2MoeConfig: every other layer from 0 below max_window_layers
  const moe = layersOf({ model_type: 'qwen2_moe', hidden_size: 1024, num_attention_heads: 8, num_hidden_layers: 6, use_sliding_window: true,
    max_window_layers: 4, sliding_window: 2048 });
  assert.deepEqual(indices(moe, (l) => l.type === 'sliding_attention'), [0, 2]);
  assert.equal(moe[0].window, 2048);
});

test('Qwen2 / Qwen2.5-VL / Qwen3-VL: sliding from max_window_layers only with use_sliding_window; mrope reads as default RoPE', () => {
  const qwen = { model_type: 'qwen2', hidden_size: 3584, num_attention_heads: 28, num_hidden_layers: 28, max_window_layers: 20,
    sliding_window: 4096, use_sliding_window: true, rope_theta: 1e6 };
  assert.deepEqual(indices(layersOf(qwen), (l) => l.type === 'sliding_attention'), range(28, (i) => i >= 20));
  assert.ok(layersOf({ ...qwen, use_sliding_window: false }).every((l) => l.type === 'full_attention' && l.window === null));
  // Qwen/Qwen2.5-VL-7B-Instruct, as re-saves of it store it (huggingface.co/GD-ML/AutoDrive-R2-7B-COT-SFT/blob/
  // main/config.json: max 128000, max_window_layers 28, rope_theta 1e6, sliding_window 32768 unused,
  // rope_scaling { mrope_section [16, 24, 24], rope_type and type 'default' }); older files spell type 'mrope'
  const qwen25vl = { model_type: 'qwen2_5_vl', hidden_size: 3584, num_attention_heads: 28, num_hidden_layers: 28,
    max_position_embeddings: 128000, max_window_layers: 28, rope_theta: 1000000.0, sliding_window: 32768, use_sliding_window: false,
    rope_scaling: { mrope_section: [16, 24, 24], rope_type: 'default', type: 'default' } };
  const rope = pe.ropeFromConfig(qwen25vl);
  assert.equal(rope.ropeScaling.rope_type, 'default');
  checkRope(rope, 'qwen2.5-vl');
  assert.equal(pe.ropeFromConfig({ ...qwen25vl, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] } }).ropeScaling.rope_type, 'default');
  // Qwen/Qwen3-VL-8B-Instruct: the text model under text_config (head_dim 128, hidden 4096, 32 heads, 36
  // layers, max 262144, interleaved [24, 20, 20], rope_theta 5e6 as huggingface.co/Chhagan005/CSM-DocExtract-8N
  // stores a re-save of it, in v5's rope_parameters spelling; the v4 rope_scaling spelling here is not verified)
  const qwen3vl = { model_type: 'qwen3_vl', text_config: { model_type: 'qwen3_vl_text', head_dim: 128, hidden_size: 4096,
    num_attention_heads: 32, num_hidden_layers: 36, max_position_embeddings: 262144, rope_theta: 5000000,
    rope_scaling: { mrope_interleaved: true, mrope_section: [24, 20, 20], rope_type: 'default' } }, vision_config: { depth: 27 } };
  assert.equal(pe.ropeFromConfig(qwen3vl).base, 5e6);
  assert.equal(layersOf(qwen3vl).length, 36);
});

test('Qwen3-Omni: the thinker text rope_scaling.interleaved is read with a warning (transformers does not read it), the rope as without it', () => {
  // the rope_scaling block Qwen3-Omni thinker text configs ship ({ interleaved, mrope_interleaved,
  // mrope_section [24, 20, 20], rope_type default, type default }); Qwen3OmniMoeThinkerTextRotaryEmbedding
  // (huggingface/transformers src/transformers/models/qwen3_omni_moe/modeling_qwen3_omni_moe.py@ede92a8755e48da7ae1d1b7d976ad581aa5c8327)
  // reads rope_type and mrope_section only and always applies apply_interleaved_mrope
  const rs = { interleaved: true, mrope_interleaved: true, mrope_section: [24, 20, 20], rope_type: 'default', type: 'default' };
  const omni = (r) => ({ model_type: 'qwen3_omni_moe', thinker_config: { model_type: 'qwen3_omni_moe_thinker', text_config: {
    model_type: 'qwen3_omni_moe_text', hidden_size: 2048, num_attention_heads: 32, head_dim: 128, num_hidden_layers: 4, max_position_embeddings: 65536,
    rope_theta: 1000000, rope_scaling: r } } });
  const s = pe.positionsFromConfig(omni(rs));
  const { interleaved, ...without } = rs;
  assert.equal(interleaved, true);
  assert.deepEqual(s.layers, pe.positionsFromConfig(omni(without)).layers);
  assert.equal(s.layers[0].rope.base, 1e6);
  assert.equal(s.layers[0].rope.dim, 128);
  assert.ok(s.warnings.some((w) => w.field === 'thinker_config.text_config.rope_scaling.interleaved' && /mrope_section/.test(w.message)));
  checkRope(s.layers[0].rope, 'qwen3-omni');
  // another unknown key in the same dict is still refused
  assert.throws(() => pe.positionsFromConfig(omni({ ...rs, finetuned: true })), { code: 'EINVAL', param: 'thinker_config.text_config.rope_scaling.finetuned' });
});

test("a per-layer-type yarn dict's truncate is followed (transformers reads the top-level dict's, which a keyed dict lacks)", () => {
  const config = { model_type: 'gpt_oss', head_dim: 64, num_hidden_layers: 2, max_position_embeddings: 131072,
    layer_types: ['sliding_attention', 'full_attention'],
    rope_parameters: { sliding_attention: { rope_type: 'default', rope_theta: 10000 },
      full_attention: { rope_type: 'yarn', factor: 32, original_max_position_embeddings: 4096, truncate: false, rope_theta: 150000 } } };
  const layers = layersOf(config);
  assert.equal(layers[1].rope.ropeScaling.truncate, false);
  checkRope(layers[1].rope, 'per-type yarn');
  const truncated = pe.compute('rope-frequencies', { ...layers[1].rope, ropeScaling: { ...layers[1].rope.ropeScaling, truncate: true } }).data;
  assert.notDeepEqual(pe.compute('rope-frequencies', layers[1].rope).data, truncated);
});

test('Qwen-VL: mropeSection and mropeInterleaved returned from either rope dict', () => {
  const p = pe.ropeFromConfig({ model_type: 'qwen2_vl', hidden_size: 4096, num_attention_heads: 32, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] } });
  assert.deepEqual(p.mropeSection, [16, 24, 24]);
  const q = pe.ropeFromConfig({ model_type: 'qwen3_vl_text', head_dim: 128, rope_parameters: { rope_type: 'default', mrope_section: [24, 20, 20], mrope_interleaved: true } });
  assert.deepEqual([q.mropeSection, q.mropeInterleaved], [[24, 20, 20], true]);
});

test('every refusal names its field', () => {
  const throws = (config, code, param, options) => {
    assert.throws(() => (options ? pe.ropeFromConfig(config, options) : layersOf(config)), (e) => isError(code, param)(e));
  };
  const g = GEMMA3_12B, t = g.text_config;
  const withText = (patch) => ({ ...g, text_config: { ...t, ...patch } });
  throws(withText({ num_hidden_layers: 0 }), 'ERANGE', 'text_config.num_hidden_layers');
  throws(withText({ num_hidden_layers: '48' }), 'EINVAL', 'text_config.num_hidden_layers');
  throws(withText({ num_hidden_layers: undefined }), 'EINVAL', 'text_config.num_hidden_layers');
  throws(withText({ layer_types: ['full_attention'] }), 'EINVAL', 'text_config.layer_types');
  throws(withText({ layer_types: 'full_attention' }), 'EINVAL', 'text_config.layer_types');
  throws(withText({ layer_types: [...v5Types.slice(0, 47), 'linear_attention'] }), 'EINVAL', 'text_config.layer_types.47');
  throws(withText({ rope_local_base_freq: 0 }), 'ERANGE', 'text_config.rope_local_base_freq');
  throws(withText({ rope_scaling: { factor: 8, rope_type: 'linear', finetuned: true } }), 'EINVAL', 'text_config.rope_scaling.finetuned');
  throws(withText({ rope_scaling: { factor: 8, rope_type: 'ntk-by-parts' } }), 'EINVAL', 'text_config.rope_scaling.rope_type');
  throws(withText({ sliding_window: -1 }), 'ERANGE', 'text_config.sliding_window');
  throws(withText({ sliding_window: '1024' }), 'EINVAL', 'text_config.sliding_window');
  const v5 = GEMMA3_12B_V5.text_config;
  // a keyed dict missing a type the model has: GptOssConfig has no fill for it (Gemma 3 does, tested above)
  throws({ ...GPT_OSS_20B, rope_scaling: undefined, rope_parameters: { full_attention: { rope_type: 'default', rope_theta: 1e4 } } },
    'EINVAL', 'rope_parameters.sliding_attention');
  throws({ ...g, text_config: { ...v5, rope_parameters: { ...v5.rope_parameters, sliding_attention: { rope_type: 'default', rope_theta: 1e4, scale: 2 } } } },
    'EINVAL', 'text_config.rope_parameters.sliding_attention.scale');
  throws({ ...g, text_config: { ...v5, rope_parameters: { ...v5.rope_parameters, mamba: { rope_type: 'default' } } } }, 'EINVAL',
    'text_config.rope_parameters.mamba');
  throws({ ...MODERNBERT_BASE, local_attention: 12.5 }, 'ERANGE', 'local_attention');
  throws({ ...MODERNBERT_BASE, global_attn_every_n_layers: '3' }, 'EINVAL', 'global_attn_every_n_layers');
  throws(withText({ sliding_window_pattern: 0 }), 'ERANGE', 'text_config.sliding_window_pattern');
  throws({ ...EXAONE4_32B, layer_types: undefined, sliding_window_pattern: 'LLXG' }, 'EINVAL', 'sliding_window_pattern');
  throws({ ...MODERNBERT_BASE, global_rope_theta: -1 }, 'ERANGE', 'global_rope_theta');
  const l4 = (patch) => ({ ...LLAMA4_SCOUT, text_config: { ...LLAMA4_SCOUT.text_config, ...patch } });
  throws(l4({ no_rope_layers: [1, 1, 1, 0] }), 'EINVAL', 'text_config.no_rope_layers');
  throws(l4({ no_rope_layers: range(48, () => true).map(() => 2) }), 'EINVAL', 'text_config.no_rope_layers.0');
  throws(l4({ floor_scale: 0 }), 'ERANGE', 'text_config.floor_scale');
  throws(l4({ attn_scale: 'x' }), 'EINVAL', 'text_config.attn_scale');
  throws(l4({ attention_chunk_size: 0 }), 'ERANGE', 'text_config.attention_chunk_size');
  throws(l4({ no_rope_layers: [], no_rope_layer_interval: 0 }), 'ERANGE', 'text_config.no_rope_layer_interval');
  throws(l4({ rope_scaling: { ...LLAMA4_SCOUT.text_config.rope_scaling, low_freq_factor: undefined } }), 'EINVAL',
    'text_config.rope_scaling.low_freq_factor');
  // the layer option
  throws(GEMMA3_12B, 'EINVAL', 'layer', { layer: 'global' });
  throws(GEMMA3_12B, 'ERANGE', 'layer', { layer: 48 });
  throws(GEMMA3_12B, 'ERANGE', 'layer', { layer: -1 });
  throws(GEMMA3_12B, 'EINVAL', 'layer', { layer: 1.5 });
  throws(GEMMA3_12B, 'EINVAL', 'layer', { layer: {} });
  throws({ model_type: 'llama', head_dim: 64, num_hidden_layers: null }, 'EINVAL', 'num_hidden_layers', { layer: 0 });
  // every layer NoPE: no RoPE to share (null), and every layer says so
  assert.equal(pe.ropeFromConfig({ ...SMOLLM3_3B, no_rope_layers: Array(36).fill(0) }), null);
  assert.ok(layersOf({ ...SMOLLM3_3B, no_rope_layers: Array(36).fill(0) }).every((l) => l.positions === null));
  throws(null, 'EINVAL', 'config');
  // the instance keeps working
  assert.equal(layersOf(GEMMA3_12B).length, 48);
});

// ---- fuzzing: random nesting, types, missing and extra keys ----
test('fuzzed configs: a PosencError or layers whose every RoPE computes; never another exception', () => {
  const rand = mulberry32(14);
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const seeds = [GEMMA3_12B, GEMMA3_12B_V5, GEMMA3_4B, MODERNBERT_BASE, GPT_OSS_20B, LLAMA4_SCOUT, SMOLLM3_3B, COMMAND_R7B, EXAONE4_32B];
  const junk = () => pick([null, undefined, 0, -1, 1.5, 2 ** 40, NaN, Infinity, '', 'full_attention', 'mrope', true, false, [], [1, 0],
    {}, { rope_type: 'default' }, { full_attention: {} }, Array(3).fill('sliding_attention'), 1e6, 64, 4]);
  const keys = ['text_config', 'num_hidden_layers', 'layer_types', 'rope_parameters', 'rope_scaling', 'rope_theta', 'head_dim',
    'hidden_size', 'num_attention_heads', 'sliding_window', 'no_rope_layers', 'model_type', 'global_head_dim', 'rope_local_base_freq',
    'partial_rotary_factor', 'attention_chunk_size', 'floor_scale', 'attn_temperature_tuning', 'full_attention', 'sliding_attention',
    'rope_type', 'factor', 'local_attention', 'global_rope_theta', 'max_position_embeddings', 'use_sliding_window', 'rotary_dim'];
  const mutate = (o, depth) => {
    if (!isPlain(o) || depth > 3) return rand() < 0.5 ? junk() : o;
    const out = { ...o };
    for (let n = Math.floor(rand() * 4); n > 0; n--) {
      const k = rand() < 0.7 && Object.keys(out).length ? pick(Object.keys(out)) : pick(keys);
      const r = rand();
      if (r < 0.3) delete out[k];
      else if (r < 0.6) out[k] = junk();
      else out[k] = mutate(out[k] ?? {}, depth + 1);
    }
    return out;
  };
  let read = 0, refused = 0;
  for (let i = 0; i < 1500; i++) {
    const config = mutate(pick(seeds), 0);
    let layers;
    try {
      layers = layersOf(config);
    } catch (e) {
      assert.ok(e instanceof PosencError, `case ${i}: ${e?.stack ?? e}`);
      assert.ok(typeof e.param === 'string' && e.param.length > 0 && e.message.includes(e.param), `case ${i}: ${e.message}`);
      refused++;
      continue;
    }
    read++;
    for (const l of layers) {
      assert.ok(['full_attention', 'sliding_attention', 'chunked_attention'].includes(l.type));
      if (l.rope) pe.shape('rope', { ...l.rope, positions: 4 });  // a table for every layer it returned
      if (l.queryScale) pe.shape('query-scale', l.queryScale);
    }
    try {
      pe.ropeFromConfig(config, { layer: pick([undefined, 0, 'sliding_attention', 'full_attention', 3]) });
    } catch (e) {
      assert.ok(e instanceof PosencError, `case ${i} ropeFromConfig: ${e?.stack ?? e}`);
    }
  }
  assert.ok(read > 100 && refused > 100, `read ${read}, refused ${refused}`);
});

function isPlain(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

// ---- model types added after df8ee314 (records read at transformers 00290f09's model-type list) ----
// Config class defaults are cited as 'huggingface/transformers path@commit Class'; the values each
// layer gets are checked against the float64 reference above.
const positionsOf = (config) => pe.positionsFromConfig(config);
const baseOf = (l) => l.rope?.base;

// huggingface/transformers src/transformers/models/step3p7/configuration_step3p7.py@09c24c15b3b8bfc8923291a98b7a408986ebf100
// Step3p7TextConfig (45 layers, head_dim 128, default_theta 1e4; layer_types and the per-layer lists cut
// from num_hidden_layers + num_nextn_predict_layers entries; convert_rope_params_to_dict: rope_theta and
// partial_rotary_factors zipped with layer_types into one dict per type, rope_scaling into full_attention),
// modeling_step3p7.py@0cf6618599b264e0d465e0f3c4de28a65bb481b2 Step3p7RotaryEmbedding (per layer type,
// partial_rotary_factor of its dict), apply_rotary_pos_emb (the first rotary dims). The lists below have
// the checkpoints' 48 entries for 45 layers and 3 MTP layers: full every 4th from 0 at 5e6 rotating half
// the head, sliding at 1e4 rotating all of it.
const STEP3P5 = {
  model_type: 'step3p5', num_hidden_layers: 45, num_nextn_predict_layers: 3, hidden_size: 4096, num_attention_heads: 64, head_dim: 128,
  max_position_embeddings: 262144, sliding_window: 512,
  layer_types: Array.from({ length: 48 }, (_, i) => (i % 4 === 0 ? 'full_attention' : 'sliding_attention')),
  rope_theta: Array.from({ length: 48 }, (_, i) => (i % 4 === 0 ? 5e6 : 1e4)),
  partial_rotary_factors: Array.from({ length: 48 }, (_, i) => (i % 4 === 0 ? 0.5 : 1)),
  yarn_only_types: ['full_attention'],
  rope_scaling: { rope_type: 'llama3', factor: 2, low_freq_factor: 1, high_freq_factor: 32, original_max_position_embeddings: 131072 },
};

test('Step-3.5: per-layer rope_theta and partial_rotary_factors folded into one dict per layer type, rope_scaling on full layers', () => {
  const s = positionsOf(STEP3P5);
  assert.equal(s.layers.length, 45);
  assert.deepEqual(indices(s.layers, (l) => l.type === 'full_attention'), range(45, (i) => i % 4 === 0));
  for (const l of s.layers) {
    const isFull = l.index % 4 === 0;
    assert.deepEqual([l.rope.base, l.rope.partialRotaryFactor, l.rope.ropeScaling.rope_type, l.window],
      isFull ? [5e6, 0.5, 'llama3', null] : [1e4, 1, 'default', 512], `layer ${l.index}`);
  }
  checkRope(s.layers[0].rope, 'step3p5 full');
  checkRope(s.layers[1].rope, 'step3p5 sliding');
  // full layers: 32 llama3 frequencies over a 64-dim rotary part at base 5e6, the lowest divided by the factor
  const inv = pe.compute('rope-frequencies', s.layers[0].rope).data;
  assert.equal(inv.length, 32);
  const low = 5e6 ** (-62 / 64) / 2;
  assert.ok(Math.abs(inv[31] - low) <= 6.1e-8 * low, `${inv[31]} vs ${low}`);
  assert.ok(s.warnings.some((w) => w.field === 'yarn_only_types' && /not read/.test(w.message)));
  assert.equal(s.sources['layers.full_attention.rope.base'], 'rope_theta.44');
  assert.equal(s.sources['layers.sliding_attention.rope.partialRotaryFactor'], 'partial_rotary_factors.43');
  // a single rope_theta is every type's base; no partial_rotary_factors rotates whole heads
  const { partial_rotary_factors, ...plain } = { ...STEP3P5, rope_theta: 20000 };
  assert.ok(positionsOf(plain).layers.every((l) => l.rope.base === 20000 && l.rope.partialRotaryFactor === 1));
  // absent layer_types: every layer full (the class default), so rope_scaling on all of them
  const { layer_types, ...bare } = STEP3P5;
  assert.ok(positionsOf(bare).layers.every((l) => l.type === 'full_attention' && l.rope.ropeScaling.rope_type === 'llama3'));
  // the MTP entries are cut only when they are num_nextn_predict_layers long
  assert.throws(() => positionsOf({ ...STEP3P5, num_nextn_predict_layers: 0 }), { code: 'EINVAL', param: 'layer_types' });
  assert.throws(() => positionsOf({ ...STEP3P5, rope_theta: STEP3P5.rope_theta.map((v, i) => (i === 44 ? 0 : v)) }), { code: 'ERANGE', param: 'rope_theta.44' });
  // other families do not read the Step-3.5 keys: refused, never dropped
  assert.throws(() => positionsOf({ model_type: 'llama', hidden_size: 64, num_attention_heads: 2, num_hidden_layers: 2, partial_rotary_factors: [0.5, 1] }),
    { code: 'EINVAL', param: 'partial_rotary_factors' });
});

// huggingface/transformers src/transformers/models/granite_swa/modular_granite_swa.py@1b27b6beddd818f21fc5ab0357173f5deafe0bf4
// GraniteSWAConfig (24 layers, 20 heads, hidden 2560, sliding_window 128, layer_types full when i % 4 == 0,
// layer_rope_theta: 0 = NoPE, default rope_theta on every layer), GraniteSWAModel (one rotary table per
// non-zero theta). The list below is that of a hybrid with NoPE full layers and two bases on the others.
test('Granite SWA: layer_rope_theta gives each layer its base, 0 makes it NoPE; absent, every layer rotates at rope_theta', () => {
  const thetas = Array.from({ length: 24 }, (_, i) => (i % 4 === 0 ? 0 : i % 4 === 2 ? 5e5 : 1e4));
  const config = { model_type: 'granite_swa', layer_rope_theta: thetas, rope_parameters: { rope_type: 'default', rope_theta: 10000 } };
  const layers = layersOf(config);
  assert.equal(layers.length, 24);
  assert.deepEqual(indices(layers, (l) => l.rope === null), range(24, (i) => i % 4 === 0));
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), range(24, (i) => i % 4 === 0));
  layers.forEach((l, i) => {
    if (i % 4) assert.equal(l.rope.base, thetas[i], `layer ${i}`);
    assert.equal(l.window, i % 4 ? 128 : null);
  });
  assert.equal(layers[2].rope.dim, 128);
  checkRope(layers[2].rope, 'granite_swa 5e5');
  checkRope(layers[1].rope, 'granite_swa 1e4');
  // one object per distinct base, as GraniteSWAModel builds one table per theta
  assert.equal(layers[1].rope, layers[5].rope);
  assert.notEqual(layers[1].rope, layers[2].rope);
  const bare = layersOf({ model_type: 'granite_swa' });
  assert.ok(bare.every((l) => l.rope.base === 10000));
  assert.throws(() => layersOf({ ...config, layer_rope_theta: thetas.slice(0, 20) }), { code: 'EINVAL', param: 'layer_rope_theta' });
  assert.throws(() => layersOf({ ...config, layer_rope_theta: 10000 }), { code: 'EINVAL', param: 'layer_rope_theta' });
  assert.throws(() => layersOf({ ...config, layer_rope_theta: thetas.map((v, i) => (i === 5 ? -1 : v)) }), { code: 'ERANGE', param: 'layer_rope_theta.5' });
  // Granite MoE SWA reads it the same way (GraniteMoeSWAModel)
  assert.deepEqual(layersOf({ ...config, model_type: 'granitemoe_swa', num_hidden_layers: 24 }).map(baseOf), layers.map(baseOf));
  // a family whose code does not read it refuses it
  assert.throws(() => layersOf({ ...config, model_type: 'granite' }), { code: 'EINVAL', param: 'layer_rope_theta' });
});

// huggingface/transformers src/transformers/models/muse_glimmer/configuration_muse_glimmer.py@866eba75b4da051fb08c7d3c0b31c2a3cebb5c8b
// MuseGlimmerTextConfig (52 layers, head_dim 128, sliding_window 2048; layer_types full when
// (n - 1 - i) % 4 == 0; layer_rope_theta default 0 on those layers): MuseGlimmerTextModel passes
// position_embeddings (one table at rope_parameters.rope_theta) only where layer_rope_theta[i] is non-zero.
test('Muse Glimmer: every 4th layer from the last is full and NoPE; layer_rope_theta only switches RoPE off', () => {
  const config = { model_type: 'muse_glimmer', text_config: { rope_parameters: { rope_type: 'default', rope_theta: 500000 } } };
  const layers = layersOf(config);
  const full = range(52, (i) => (51 - i) % 4 === 0);
  assert.deepEqual(full.slice(0, 3), [3, 7, 11]);
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), full);
  assert.deepEqual(indices(layers, (l) => l.rope === null), full);
  assert.ok(layers.every((l) => l.rope === null || (l.rope.base === 500000 && l.rope.dim === 128 && l.window === 2048)));
  checkRope(layers[0].rope, 'muse_glimmer');
  // a non-zero entry keeps the table at rope_theta (the flag reading of the modeling code)
  const given = Array.from({ length: 52 }, (_, i) => (i === 0 ? 0 : 1e6));
  const flagged = layersOf({ ...config, text_config: { ...config.text_config, layer_rope_theta: given } });
  assert.deepEqual(indices(flagged, (l) => l.rope === null), [0]);
  assert.ok(flagged.slice(1).every((l) => l.rope.base === 500000));
});

// huggingface/transformers src/transformers/models/mimo_v2_flash/configuration_mimo_v2_flash.py@019770ddcfd6bd6c1089adebb7e6428b2155cf01
// MiMoV2FlashConfig.__post_init__ (48 layers, head_dim 192, sliding_window 128; full at layer 0 and every
// 6th; rope_parameters per layer type: full 5e6, sliding 1e4, both partial_rotary_factor 0.334).
test('MiMo-V2-Flash (class defaults): full at 0 and every 6th layer at 5e6, sliding at 1e4, 64 of 192 dims rotate', () => {
  const layers = layersOf({ model_type: 'mimo_v2_flash' });
  assert.equal(layers.length, 48);
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), range(48, (i) => i === 0 || (i + 1) % 6 === 0));
  for (const l of layers) {
    assert.equal(l.rope.base, l.type === 'full_attention' ? 5e6 : 1e4);
    assert.equal(l.window, l.type === 'full_attention' ? null : 128);
  }
  assert.equal(Math.trunc(layers[0].rope.dim * layers[0].rope.partialRotaryFactor), 64);
  checkRope(layers[0].rope, 'mimo full');
  checkRope(layers[1].rope, 'mimo sliding');
  assert.equal(pe.compute('rope-frequencies', layers[1].rope).data.length, 32);
});

// huggingface/transformers src/transformers/models/mellum/modular_mellum.py@049b5a3af2b7550638fd54e55cc6ccbab79fed39
// MellumConfig.__post_init__ (28 layers, head_dim 128, sliding_window 1024, layer_types all full,
// rope_parameters per layer type: full 5e5, sliding 1e4).
test('Mellum (class defaults): per-layer-type bases written in __post_init__, sliding layers when layer_types says so', () => {
  const layers = layersOf({ model_type: 'mellum' });
  assert.ok(layers.length === 28 && layers.every((l) => l.type === 'full_attention' && l.rope.base === 500000 && l.window === null));
  const mixed = layersOf({ model_type: 'mellum', num_hidden_layers: 4, layer_types: ['sliding_attention', 'sliding_attention', 'sliding_attention', 'full_attention'] });
  assert.deepEqual(mixed.map(baseOf), [1e4, 1e4, 1e4, 5e5]);
  assert.deepEqual(mixed.map((l) => l.window), [1024, 1024, 1024, null]);
  checkRope(mixed[0].rope, 'mellum sliding');
});

// huggingface/transformers src/transformers/models/diffusion_gemma/configuration_diffusion_gemma.py@7d30dec9c0dccc5296dcfb0a9f30b0e2a2edf474
// DiffusionGemmaTextConfig.__post_init__ (30 layers, every 6th full, last forced full; sliding default
// RoPE at 1e4 on head_dim 256, full proportional 0.25 at 1e6 on global_head_dim 512).
test('DiffusionGemma (class defaults): Gemma 4 layer types and per-type RoPE written in __post_init__', () => {
  const layers = layersOf({ model_type: 'diffusion_gemma', text_config: {} });
  assert.deepEqual(indices(layers, (l) => l.type === 'full_attention'), range(30, (i) => (i + 1) % 6 === 0 || i === 29));
  const full = layers[5].rope, sliding = layers[0].rope;
  assert.deepEqual([full.dim, full.base, full.partialRotaryFactor, full.ropeScaling.rope_type], [512, 1e6, 0.25, 'proportional']);
  assert.deepEqual([sliding.dim, sliding.base, sliding.ropeScaling.rope_type], [256, 1e4, 'default']);
  checkRope(full, 'diffusion_gemma full');
  checkRope(sliding, 'diffusion_gemma sliding');
});

// huggingface/transformers src/transformers/models/hunyuan_vl/configuration_hunyuan_vl.py@043bb8dde14aae1a56b84cd230737cf5d0877912
// HunYuanVLTextConfig.convert_rope_params_to_dict: rope_type xdrope -> dynamic, xdrope_section -> mrope_section;
// HunYuanDenseV1RotaryEmbedding: with alpha, base = rope_theta * alpha ** (head_dim / (head_dim - 2)).
test('HunYuan-VL: xdrope is read as dynamic NTK-alpha, mrope_section / xdrope_section split the head by columns (xdropeSection)', () => {
  const config = { model_type: 'hunyuan_vl', text_config: { model_type: 'hunyuan_vl_text', hidden_size: 1024, num_attention_heads: 16, head_dim: 128,
    num_hidden_layers: 2, max_position_embeddings: 32768, rope_theta: 10000,
    rope_scaling: { type: 'xdrope', alpha: 1000, factor: 1, xdrope_section: [16, 16, 16, 16] } } };
  const s = positionsOf(config);
  const rope = s.layers[0].rope;
  assert.equal(rope.ropeScaling.rope_type, 'dynamic');
  assert.equal(rope.ropeScaling.alpha, 1000);
  const inv = pe.compute('rope-frequencies', rope).data;
  const base = 10000 * 1000 ** (128 / 126);
  for (const k of [0, 1, 17, 63]) assert.ok(Math.abs(inv[k] - base ** (-(2 * k) / 128)) <= 6.1e-8 * base ** (-(2 * k) / 128), `k ${k}`);
  // the legacy xdrope_section is HunYuanVLTextConfig's mrope_section: xdropeSection, 4 axes, and the
  // prompt's ids are mrope-positions' indexed_images with 4 rows
  assert.deepEqual(rope.xdropeSection, [16, 16, 16, 16]);
  assert.equal(s.sources['layers.full_attention.rope.xdropeSection'], 'text_config.rope_scaling.xdrope_section');
  assert.deepEqual(s.mrope, { layout: 'indexed_images', axes: 4 });
  assert.ok(!s.warnings.some((w) => /section/.test(w.field)));
  // text-only positions (one row for every axis): the plain table
  const plain = pe.compute('rope', { ...rope, positions: 8 }).data;
  const { xdropeSection: _x, ...noSections } = rope;
  assert.deepEqual([...plain], [...pe.compute('rope', { ...noSections, positions: 8 }).data]);
  // apply_multimodal_rotary_pos_emb: columns [0, 32) on axis 0, [32, 64) on axis 1 …: an image token whose
  // axes differ takes each chunk's angle from its own row
  const ids = [5, 2, 3, 0];  // position, width, height, image index
  const t = pe.compute('rope', { ...rope, positions: 1, positionIds: ids }).data;
  for (const [a, col] of [[0, 3], [1, 40], [2, 70], [3, 100]]) {
    const one = pe.compute('rope', { ...noSections, positions: 1, offset: ids[a] }).data;
    assert.equal(t[col], one[col], `column ${col} follows axis ${a}`);
  }
  // the canonical spelling, 3 axes (width, height, image index)
  const three = positionsOf({ ...config, text_config: { ...config.text_config, rope_scaling: { type: 'xdrope', alpha: 1000, factor: 1, mrope_section: [32, 16, 16] } } });
  assert.deepEqual(three.layers[0].rope.xdropeSection, [32, 16, 16]);
  assert.deepEqual(three.mrope, { layout: 'indexed_images', axes: 3 });
  // both spellings, different: refused as HunYuanVLTextConfig refuses them; a bad sum names the key
  assert.throws(() => positionsOf({ ...config, text_config: { ...config.text_config, rope_scaling: { type: 'xdrope', alpha: 1000, xdrope_section: [16, 16, 16, 16], mrope_section: [32, 16, 16] } } }),
    { code: 'EINVAL', param: 'text_config.rope_scaling.xdrope_section' });
  assert.throws(() => positionsOf({ ...config, text_config: { ...config.text_config, rope_scaling: { type: 'xdrope', alpha: 1000, xdrope_section: [16, 16, 16, 8] } } }),
    { code: 'ERANGE', param: 'text_config.rope_scaling.xdrope_section' });
  // no sections: plain RoPE, no mrope params (get_rope_index needs them for images)
  assert.equal(positionsOf({ ...config, text_config: { ...config.text_config, rope_scaling: { type: 'xdrope', alpha: 1000 } } }).mrope, null);
});

// huggingface/transformers src/transformers/models/minimax_m3_vl/configuration_minimax_m3_vl.py@01a05aad6d830cacea098be78be92b0e0df6b2f0
// MiniMaxM3VLConfig pops the model_type its files bundle (minimax_m2) and rebuilds MiniMaxM3VLTextConfig
// (head_dim 128, rotary_dim 64, default_theta 5e6; layer_types minimax_m3_sparse where
// sparse_attention_config.sparse_attention_freq is set).
test('MiniMax-M3: the bundled minimax_m2 text config is read as M3, minimax_m3_sparse layers from sparse_attention_freq', () => {
  const config = { model_type: 'minimax_m3_vl', text_config: { model_type: 'minimax_m2', num_hidden_layers: 4, sparse_attention_config: { sparse_attention_freq: [0, 1, 1, 0] } } };
  const s = positionsOf(config);
  assert.equal(s.family, 'minimax_m3_vl_text');
  assert.deepEqual(s.layers.map((l) => l.type), ['full_attention', 'minimax_m3_sparse', 'minimax_m3_sparse', 'full_attention']);
  const rope = s.layers[1].rope;
  assert.deepEqual([rope.dim, rope.base, rope.partialRotaryFactor, rope.layout], [128, 5e6, 0.5, 'neox']);
  checkRope(rope, 'minimax_m3');
  assert.throws(() => positionsOf({ ...config, text_config: { ...config.text_config, sparse_attention_config: { sparse_attention_freq: [0, 2, 1, 0] } } }),
    { code: 'EINVAL', param: 'text_config.sparse_attention_config.sparse_attention_freq.1' });
});

// huggingface/transformers src/transformers/models/deepseek_v32/modular_deepseek_v32.py@01f8fa55d98fbd77fb6461c47ae14fc6206f2f87
// DeepseekV32Config (head_dim = qk_rope_head_dim 64, layer_types all deepseek_sparse_attention, rope_interleave
// removed), DeepseekV32Attention (apply_rotary_pos_emb_interleave on the last 64 dims), DeepseekV32Indexer
// (apply_rotary_pos_emb, half-split, on the first 64 dims).
test('DeepSeek-V3.2 (native): interleaved pairs on the last dims, a half-split indexer, deepseek_sparse_attention layers', () => {
  const config = { model_type: 'deepseek_v32', num_hidden_layers: 2, rope_interleave: false,
    rope_scaling: { type: 'yarn', factor: 40, original_max_position_embeddings: 4096, beta_fast: 32, beta_slow: 1, mscale: 1, mscale_all_dim: 1 } };
  const s = positionsOf(config);
  const l = s.layers[0];
  assert.equal(l.type, 'deepseek_sparse_attention');
  assert.deepEqual([l.rope.dim, l.rope.layout, l.positions.rotate, l.positions.indexer.params.layout, l.positions.indexer.rotate], [64, 'gptj', 'last', 'neox', undefined]);
  assert.ok(s.warnings.some((w) => w.field === 'rope_interleave' && /always/.test(w.message)));
  checkRope(l.rope, 'deepseek_v32');
});

// huggingface/transformers src/transformers/models/zaya/configuration_zaya.py@075f05cf68aec1c21fbaf81354770d7af7596fda
// ZayaConfig.__post_init__ (layer_types all hybrid; rope_parameters hybrid 5e6, hybrid_sliding 1e4, both
// partial 0.5; a rope_type beside the nested dicts deleted, "config on the hub has nested rope dict AND also
// a rope_type key").
test('ZAYA: hybrid and hybrid_sliding layer types, the hub files\' dangling rope_type dropped with a warning', () => {
  const config = { model_type: 'zaya', num_hidden_layers: 2, sliding_window: 4096, layer_types: ['hybrid_sliding', 'hybrid'],
    rope_parameters: { rope_type: 'default', hybrid: { rope_type: 'default', rope_theta: 5e6, partial_rotary_factor: 0.5 },
      hybrid_sliding: { rope_type: 'default', rope_theta: 1e4, partial_rotary_factor: 0.5 } } };
  const s = positionsOf(config);
  assert.deepEqual(s.layers.map((l) => [l.type, l.rope.base, l.window]), [['hybrid_sliding', 1e4, 4096], ['hybrid', 5e6, null]]);
  assert.ok(s.warnings.some((w) => w.field === 'rope_parameters.rope_type' && /dropped/.test(w.message)));
  checkRope(s.layers[0].rope, 'zaya');
});

// huggingface/transformers src/transformers/models/cohere_compass/modular_cohere_compass.py@033b1a82d589900fad26d3945372943d83f367b4
// CohereCompassRotaryEmbedding (a layer type whose rope dict is null has no table), CohereCompassTextConfig
// (head_dim = hidden_size // num_attention_heads; configuration_cohere_compass.py@060988b6: rope_theta and
// rope_type beside per-type dicts dropped); CohereCompassVisionConfig default_rope_type axial.
test('Cohere Compass: a null per-type rope dict is NoPE; the axial-RoPE vision tower is refused with the reason', () => {
  const config = { model_type: 'cohere_compass', text_config: { num_hidden_layers: 4, hidden_size: 2048, num_attention_heads: 16,
    layer_types: ['sliding_attention', 'sliding_attention', 'sliding_attention', 'full_attention'],
    rope_parameters: { rope_theta: 50000, rope_type: 'default', sliding_attention: { rope_type: 'default', rope_theta: 50000, mrope_section: [22, 22, 20] }, full_attention: null } } };
  const s = positionsOf(config);
  assert.deepEqual(s.layers.map((l) => l.rope && [l.rope.base, l.rope.dim, l.rope.layout]), [[50000, 128, 'neox'], [50000, 128, 'neox'], [50000, 128, 'neox'], null]);
  checkRope(s.layers[0].rope, 'cohere_compass');
  assert.throws(() => positionsOf({ model_type: 'cohere_compass_vision' }), (e) => e.code === 'EINVAL' && e.param === 'model_type' && /axial/.test(e.message));
  assert.throws(() => positionsOf({ model_type: 'kimi_k25_vision' }), (e) => e.param === 'model_type' && /axial/.test(e.message));
});

// huggingface/transformers src/transformers/models/kimi_k25/configuration_kimi_k25.py@059101b2faba6c8534f45b06cade392c91720455
// Kimi_K25Config.__post_init__: a text_config of model_type kimi_k2 is read as deepseek_v3.
test('Kimi-K2.5: the kimi_k2 text config is read as DeepSeek-V3 (MLA, interleaved last dims)', () => {
  const s = positionsOf({ model_type: 'kimi_k25', text_config: { model_type: 'kimi_k2', num_hidden_layers: 1, qk_rope_head_dim: 64, qk_nope_head_dim: 128, rope_theta: 50000 } });
  assert.equal(s.family, 'deepseek_v3');
  assert.deepEqual([s.layers[0].rope.dim, s.layers[0].rope.base, s.layers[0].rope.layout, s.layers[0].positions.rotate], [64, 50000, 'gptj', 'last']);
});

// Softmax scales that take DeepSeek's yarn mscale² where the attention class does:
// huggingface/transformers src/transformers/models/glm4_moe_lite/modeling_glm4_moe_lite.py@1e1fe31193686d15d13411891652b05261c87770
// Glm4MoeLiteAttention (scaling = qk_head_dim^-0.5, times yarn_get_mscale(factor, mscale_all_dim)² when the
// rope type is not default); minicpm3/modular_minicpm3.py@16c2042ad4965c836c29962e99427d091ef7f18f
// MiniCPM3Attention (DeepseekV2Attention's construction; MiniCPM3Config defaults qk 64 + 32, default RoPE).
test('MLA softmax scales: GLM-4.7-Flash (yarn x4, mscale_all_dim 1) and MiniCPM3 (default RoPE, no mscale)', () => {
  const glm = positionsOf({ model_type: 'glm4_moe_lite', num_hidden_layers: 1, qk_nope_head_dim: 192, qk_rope_head_dim: 64,
    rope_scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096, mscale_all_dim: 1 } }).layers[0].positions.info;
  const m = 0.1 * Math.log(4) + 1;
  assert.ok(Math.abs(glm.softmaxScale - 256 ** -0.5 * m * m) <= 1e-15, `${glm.softmaxScale}`);
  const cpm = positionsOf({ model_type: 'minicpm3', num_hidden_layers: 1 }).layers[0];
  assert.deepEqual([cpm.rope.dim, cpm.rope.layout, cpm.positions.rotate], [32, 'neox', 'last']);
  assert.ok(Math.abs(cpm.positions.info.softmaxScale - 96 ** -0.5) <= 1e-15);
  checkRope(cpm.rope, 'minicpm3');
});

// huggingface/transformers src/transformers/models/glm_moe_dsa/modular_glm_moe_dsa.py@01f8fa55d98fbd77fb6461c47ae14fc6206f2f87
// GlmMoeDsaAttention(DeepseekV3Attention) rotates interleaved pairs (apply_rotary_pos_emb_interleave) and
// GlmMoeDsaIndexer rotates its first dims interleaved too; GlmMoeDsaConfig(DeepseekV32Config) makes every
// layer deepseek_sparse_attention. The records of df8ee314 had neox halves: changed in place.
test('GLM-5 (glm_moe_dsa, class defaults): interleaved pairs in MLA and in the indexer, the softmax scale of DeepSeek-V3', () => {
  const l = positionsOf({ model_type: 'glm_moe_dsa', num_hidden_layers: 2 }).layers[1];
  assert.equal(l.type, 'deepseek_sparse_attention');
  assert.deepEqual([l.rope.dim, l.rope.layout, l.positions.rotate, l.positions.indexer.params.layout, l.positions.indexer.rotate], [64, 'gptj', 'last', 'gptj', undefined]);
  assert.ok(Math.abs(l.positions.info.softmaxScale - 256 ** -0.5) <= 1e-15);
  checkRope(l.rope, 'glm_moe_dsa');
});
