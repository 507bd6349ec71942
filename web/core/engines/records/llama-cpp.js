// llama.cpp: what it computes for a model converted by its own convert_hf_to_gguf.py and run by ggml's
// CPU kernel. context is the context per sequence (n_ctx / n_seq). Converter files are in
// conversion/ (the split convert_hf_to_gguf), the runtime in src/, the kernel in ggml/src/ggml-cpu/.
import { qwenPlain } from './qwen-v1.js';
const L = 'ggml-org/llama.cpp';

export default () => ({
  name: 'llama.cpp',
  repo: L,
  version: '00342301d01add50835550e8a916f12097d94517',
  reads: 'the GGUF file its converter writes from config.json; context = the context per sequence (-c / --parallel)',
  notes: 'Angles are formed in float32 by a running product (theta *= theta_scale), cos and sin stay float32. ' +
    'A GGUF file says what llama.cpp computes more exactly than a config.json: see pe.layersFromGGUF.',
  rules: [
    qwenPlain('ggml-org/llama.cpp conversion/qwen.py@2bbcf7fc93a460f04d5709756a48b2408443eecb QwenModel (conversion/base.py TextModel.set_gguf_parameters writes rope_theta only, so freq_base 10000), src/models/qwen.cpp@a0b8c172c7113ff5275be4de7f6f68d214a527c6 llm_build_qwen (n_rot dims, no query scale)'),
    {
      rule: 'angles.ggml',
      // DeepSeek's attn_factor is llama_context's own (ratio over ggml's mscale), M-RoPE is ggml_rope_multi:
      // their rounding is not modelled
      when: { ropeType: ['default', 'linear', 'yarn'], softmaxScale: false, mrope: false },
      do: { freqDtype: 'ggml' },
      rounding: true,
      fields: [],
      effect: 'angles in float32 in ggml\'s order: theta_scale = powf(base, −2/n_dims), theta *= theta_scale pair after pair',
      source: `${L} ggml/src/ggml-cpu/ops.cpp@0049e3cb202d8a8cebcfdbb137059e7e46627171 ggml_rope_cache_init, rope_yarn`,
    },
    {
      rule: 'longrope.switch',
      when: { ropeType: ['longrope'] },
      do: { longrope: 'context' },
      fields: ['rope_scaling.long_factor', 'rope_scaling.short_factor', 'original_max_position_embeddings'],
      effect: 'rope_factors_long for every position when the context per sequence exceeds the original context, else rope_factors_short',
      source: `${L} src/llama-model.cpp@00342301d01add50835550e8a916f12097d94517 llama_model::get_rope_factors`,
    },
    {
      rule: 'longrope.attention',
      when: { ropeType: ['longrope'] },
      do: { drop: ['factor', 'attention_factor'] },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.factor'],
      effect: 'rope.scaling.attn_factor = sqrt(1 + ln(s) / ln(original)), s = max_position_embeddings / original, written by the converter; the config\'s attention_factor and factor are not read',
      source: `${L} conversion/phi.py@051139f511300aaf6159294433fab91c73ef7455 Phi3MiniModel.generate_extra_tensors`,
    },
    {
      rule: 'yarn.truncate',
      when: { ropeType: ['yarn'] },
      do: { set: { truncate: true } },
      fields: ['rope_scaling.truncate'],
      effect: 'the correction range is always floored and ceiled (the converter does not read truncate)',
      source: `${L} ggml/src/ggml.c@00bdaa105cb03380daf899b4fc9f026555745269 ggml_rope_yarn_corr_dims; conversion/base.py@00bd27a621f92be9a99d24d7c5117a263b9b3c01 TextModel.set_gguf_parameters`,
    },
    {
      rule: 'yarn.attention',
      when: { ropeType: ['yarn'], softmaxScale: false },
      do: { drop: ['attention_factor', 'mscale', 'mscale_all_dim'] },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.mscale', 'rope_scaling.mscale_all_dim'],
      effect: 'attention factor 0.1 ln(factor) + 1, recomputed at context creation: the config\'s attention_factor is not read',
      source: `${L} src/llama-context.cpp@001d906a6d86e2490e394361e7cc6f478b100088 llama_context::llama_context (yarn_attn_factor)`,
    },
    {
      rule: 'yarn.beta',
      when: { ropeType: ['yarn'] },
      do: { drop: ['beta_fast', 'beta_slow'] },
      fields: ['rope_scaling.beta_fast', 'rope_scaling.beta_slow'],
      effect: 'beta_fast 32 and beta_slow 1: the converter writes the config\'s betas but the loader of most architectures does not read them',
      source: `${L} src/llama-model.cpp@00342301d01add50835550e8a916f12097d94517 llama_model::load_hparams; src/llama-hparams.h (yarn_beta_fast, yarn_beta_slow)`,
    },
    {
      rule: 'yarn.deepseek',
      when: { ropeType: ['yarn'], softmaxScale: true },
      do: { drop: ['attention_factor'], set: { truncate: true }, copy: { mscale: 'mscale_all_dim' } },
      fields: ['rope_scaling.mscale', 'rope_scaling.mscale_all_dim'],
      effect: 'DeepSeek: only mscale_all_dim is converted (rope.scaling.yarn_log_multiplier); mscale is taken equal to it',
      source: `${L} conversion/deepseek.py@01a723dc630d075780ac7081fd63fbd87780f665 DeepseekV2Model.set_gguf_parameters; src/llama-context.cpp@001d906a6d86e2490e394361e7cc6f478b100088`,
    },
    {
      rule: 'dynamic.dropped',
      when: { ropeType: ['dynamic'], alpha: false },
      do: { ropeType: 'default' },
      fields: ['rope_scaling.rope_type', 'rope_scaling.factor'],
      effect: 'dynamic NTK is not converted: plain RoPE at the config\'s base',
      source: `${L} conversion/base.py@00bd27a621f92be9a99d24d7c5117a263b9b3c01 TextModel.set_gguf_parameters ("dynamic": nothing written)`,
    },
    {
      rule: 'llama3.original',
      when: { ropeType: ['llama3'] },
      do: { llama3Original: 8192 },
      fields: ['original_max_position_embeddings'],
      effect: 'rope_freqs computed with the top-level original_max_position_embeddings (8192 when absent), not rope_scaling\'s',
      source: `${L} conversion/llama.py@0274f0fc7d7fbab69c33ccf757cf7f3d036c17aa LlamaModel.generate_extra_tensors`,
    },
    {
      rule: 'swa.base',
      when: { family: ['gemma3', 'gemma3_text'], layerType: ['sliding_attention'] },
      do: { params: { base: 10000 }, ropeType: 'default' },
      fields: ['rope_local_base_freq'],
      effect: 'sliding layers at base 10000 unscaled, whatever rope_local_base_freq says',
      source: `${L} src/llama-model.cpp@00342301d01add50835550e8a916f12097d94517 llama_model::load_hparams (LLM_ARCH_GEMMA3)`,
    },
    {
      rule: 'dca.ignored',
      when: { dca: true },
      do: {},
      always: true,
      fields: ['dual_chunk_attention_config'],
      effect: 'dual_chunk_attention_config is not converted: plain positions',
      source: `${L} conversion/base.py@00bd27a621f92be9a99d24d7c5117a263b9b3c01 TextModel.set_gguf_parameters`,
    },
  ],
});
