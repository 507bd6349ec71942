// SGLang: where its tables differ from transformers' for the same config.json. seqLen is the longest
// sequence of the forward batch (SGLang batches requests together). Rope classes live in
// python/sglang/srt/layers/rotary_embedding/ (get_rope in factory.py).
import { qwenPlain } from './qwen-v1.js';
const S = 'sgl-project/sglang';
const RE = `${S} python/sglang/srt/layers/rotary_embedding`;

export default () => ({
  name: 'sglang',
  repo: S,
  version: '108c36c008291c3a1ea524342837056c503c5724',
  reads: 'config.json; seqLen = the longest sequence of the forward batch; context = --context-length',
  notes: 'On CUDA, HIP and XPU the cos/sin cache stays float32 (python/sglang/srt/layers/rotary_embedding/base.py@' +
    '0099dee6aa65cb084e4b97956dd547519f3d8053 RotaryEmbedding.__init__); other platforms cast it to the model dtype.',
  aliases: { deepseek_yarn: 'yarn' },
  rules: [
    qwenPlain("sgl-project/sglang python/sglang/srt/models/qwen.py@01925ca8c3ab348298b25a81a552dd08c448980a QWenBlock (rope_theta = getattr(config, 'rope_theta', 10000)), QWenAttention (get_rope over hidden_size // num_attention_heads; no log-n, no dynamic NTK)"),
    {
      rule: 'rope_type.alias',
      when: { ropeTypeWas: ['deepseek_yarn'] },
      do: {},
      always: true,
      fields: ['rope_scaling.rope_type'],
      effect: 'deepseek_yarn, a rope_type transformers does not define, read as yarn',
      source: `${RE}/factory.py@108c36c008291c3a1ea524342837056c503c5724 get_rope`,
    },
    {
      rule: 'longrope.switch',
      when: { ropeType: ['longrope'] },
      do: { longrope: 'batch' },
      fields: ['rope_scaling.long_factor', 'rope_scaling.short_factor', 'original_max_position_embeddings'],
      effect: 'long factors for every token of a batch in which any position exceeds original_max_position_embeddings (position > original, where transformers switches at length > original)',
      source: `${RE}/rope_variant.py@0b1fd02d56f010c589968aa6e05534e10c2d4bf3 Phi3LongRoPEScaledRotaryEmbedding.forward`,
    },
    {
      rule: 'longrope.attention',
      when: { ropeType: ['longrope'] },
      do: { drop: ['factor', 'attention_factor'] },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.factor'],
      effect: 'attention factor sqrt(1 + ln(s) / ln(original)) with s = max_position_embeddings / original; the config\'s attention_factor and factor are not read',
      source: `${RE}/rope_variant.py@0b1fd02d56f010c589968aa6e05534e10c2d4bf3 Phi3LongRoPEScaledRotaryEmbedding.__init__`,
    },
    {
      rule: 'dynamic.base',
      when: { ropeType: ['dynamic'] },
      do: { dynamic: 'scaled' },
      fields: ['rope_scaling.factor', 'max_position_embeddings'],
      effect: 'a fixed base, the one transformers reaches only at factor × max_position_embeddings tokens',
      source: `${RE}/rope_variant.py@0b1fd02d56f010c589968aa6e05534e10c2d4bf3 DynamicNTKScalingRotaryEmbedding._compute_cos_sin_cache`,
    },
    {
      rule: 'yarn.attention',
      when: { ropeType: ['yarn'] },
      do: { drop: ['attention_factor'] },
      fields: ['rope_scaling.attention_factor'],
      effect: 'attention factor mscale(f, mscale) / mscale(f, mscale_all_dim) when both are given, else 0.1 ln(factor) + 1: the config\'s attention_factor is not read',
      source: `${RE}/yarn.py@0b1fd02d56f010c589968aa6e05534e10c2d4bf3 YaRNScalingRotaryEmbedding.__init__; ${RE}/factory.py@108c36c008291c3a1ea524342837056c503c5724 get_rope`,
    },
    {
      rule: 'yarn.deepseek',
      when: { ropeType: ['yarn'], softmaxScale: true },
      do: { set: { truncate: true } },
      fields: ['rope_scaling.truncate'],
      effect: 'DeepSeek attention (rope_type rewritten to deepseek_yarn): the correction range always floored and ceiled',
      source: `${RE}/rope_variant.py@0b1fd02d56f010c589968aa6e05534e10c2d4bf3 DeepseekScalingRotaryEmbedding`,
    },
    {
      rule: 'dca.positions',
      when: { dca: true },
      do: { positionModulo: 'dca' },
      fields: ['dual_chunk_attention_config.chunk_size', 'dual_chunk_attention_config.local_size'],
      effect: 'keys rotated at p mod (chunk_size − local_size), as vLLM',
      source: `${RE}/rope_variant.py@0b1fd02d56f010c589968aa6e05534e10c2d4bf3 DualChunkRotaryEmbedding`,
    },
  ],
});
