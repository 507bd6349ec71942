// vLLM: where its tables differ from transformers' for the same config.json. context is the server's
// --max-model-len. Each rule cites the file and commit it was read at (vLLM keeps one class per
// rope type under vllm/model_executor/layers/rotary_embedding/, chosen by get_rope in __init__.py).
const V = 'vllm-project/vllm';
const RE = `${V} vllm/model_executor/layers/rotary_embedding`;

export default () => ({
  name: 'vllm',
  repo: V,
  version: '07b12f1b16d5568eeb29a52fd8c9296a51f478ed',
  reads: 'config.json (hf_config, patched by vllm/transformers_utils/config.py); context = --max-model-len',
  notes: 'cos/sin are computed in float32 and the cache is cast to the model dtype once, at start. vLLM\'s own default ' +
    'max_model_len for a longrope model is original_max_position_embeddings (vllm/config/model.py ' +
    '_get_and_verify_max_len@18ec6629253632af0a384f2ffbb8c6b28af322e7): pass context to say what the server was started with.',
  aliases: { deepseek_yarn: 'yarn', deepseek_llama_scaling: 'yarn', 'telechat3-yarn': 'yarn' },
  rules: [
    {
      rule: 'rope_type.alias',
      when: { ropeTypeWas: ['deepseek_yarn', 'deepseek_llama_scaling', 'telechat3-yarn'] },
      do: {},
      always: true,
      fields: ['rope_scaling.rope_type'],
      effect: 'a vendor rope_type that transformers does not define, read as yarn',
      source: `${RE}/__init__.py@07b12f1b16d5568eeb29a52fd8c9296a51f478ed get_rope`,
    },
    {
      rule: 'longrope.switch',
      when: { ropeType: ['longrope'] },
      do: { longrope: 'context' },
      fields: ['rope_scaling.long_factor', 'rope_scaling.short_factor', 'original_max_position_embeddings'],
      effect: 'one set of factors for every position, chosen once from the context (max_model_len > original → long)',
      source: `${RE}/phi3_long_rope_scaled_rope.py@17d618b0f944610b73e79e6726983fbe7679f613 Phi3LongRoPEScaledRotaryEmbedding.__init__ (use_long_rope)`,
    },
    {
      rule: 'longrope.attention',
      when: { ropeType: ['longrope'] },
      do: { drop: ['factor', 'attention_factor'] },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.factor'],
      effect: 'attention factor sqrt(1 + ln(s) / ln(original)) with s = max_position_embeddings / original; the config\'s attention_factor and factor are not read',
      source: `${RE}/phi3_long_rope_scaled_rope.py@17d618b0f944610b73e79e6726983fbe7679f613 Phi3LongRoPEScaledRotaryEmbedding.__init__ (scaling_factor)`,
    },
    {
      rule: 'dynamic.base',
      when: { ropeType: ['dynamic'] },
      do: { dynamic: 'scaled' },
      fields: ['rope_scaling.factor', 'max_position_embeddings'],
      effect: 'a fixed base, the one transformers reaches only at factor × max_position_embeddings tokens: base · (factor² − factor + 1)^(r/(r−2)) at every position',
      source: `${RE}/dynamic_ntk_scaling_rope.py@50feac95f9e53a97d6ed27fee6bfe3b163d18594 DynamicNTKScalingRotaryEmbedding._compute_cos_sin_cache`,
    },
    {
      rule: 'yarn.attention',
      when: { ropeType: ['yarn'], softmaxScale: false },
      do: { drop: ['attention_factor', 'mscale', 'mscale_all_dim'] },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.mscale', 'rope_scaling.mscale_all_dim'],
      effect: 'attention factor 0.1 ln(factor) + 1: the config\'s attention_factor, mscale and mscale_all_dim are not read',
      source: `${RE}/yarn_scaling_rope.py@ffdc985737c94233f2c88629c4450022e5bf4925 YaRNScalingRotaryEmbedding.__init__; get_rope in ${RE}/__init__.py@07b12f1b16d5568eeb29a52fd8c9296a51f478ed`,
    },
    {
      rule: 'yarn.mscale',
      when: { ropeTypeWas: ['telechat3-yarn'] },
      do: { mscaleCoefficient: 0.07 },
      fields: ['rope_scaling.rope_type'],
      effect: 'telechat3-yarn: attention factor 0.07 ln(factor) + 1',
      source: `${RE}/telechat3_scaling_rope.py@d5a17e05172e358f2d4d6f18e67cb13f8d7c6988 TeleChat3RoPEScaledRotaryEmbedding`,
    },
    {
      rule: 'yarn.deepseek',
      when: { ropeType: ['yarn'], softmaxScale: true },
      do: { drop: ['attention_factor'], set: { truncate: true } },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.truncate'],
      effect: 'DeepSeek attention (rope_type rewritten to deepseek_yarn): attention factor mscale(f, mscale) / mscale(f, mscale_all_dim), the correction range always floored and ceiled',
      source: `${V} vllm/model_executor/models/deepseek_v2.py@b863fe5bf4e19680572603b4e166faefc5725551 DeepseekV2MLAAttention.__init__; ${RE}/deepseek_scaling_rope.py@7bc8d408139110c389bea6028e9fdfadb1eb7641`,
    },
    {
      rule: 'softmax.mscale',
      when: { ropeTypeWas: ['deepseek_llama_scaling'] },
      do: { softmax: 'omit' },
      fields: ['rope_scaling.rope_type'],
      effect: 'deepseek_llama_scaling: no mscale² on the softmax scale',
      source: `${V} vllm/model_executor/models/deepseek_v2.py@b863fe5bf4e19680572603b4e166faefc5725551 DeepseekV2MLAAttention.__init__ (scaling)`,
    },
    {
      rule: 'dca.positions',
      when: { dca: true },
      do: { positionModulo: 'dca' },
      fields: ['dual_chunk_attention_config.chunk_size', 'dual_chunk_attention_config.local_size'],
      effect: 'keys rotated at p mod (chunk_size − local_size); queries at their position within the chunk (intra), and further caches for successive and distant chunks',
      source: `${RE}/dual_chunk_rope.py@b5e2318e566c60b7f0e80ca2b72ca0b978b59fdc DualChunkRotaryEmbedding._compute_cos_sin_cache`,
    },
    {
      rule: 'llama4.temperature',
      when: { queryScale: 'nope' },
      do: { queryScale: { contextAbove: 32768 } },
      fields: ['attn_temperature_tuning'],
      effect: 'the NoPE layers\' query temperature only when max_model_len > 32768 (config.json\'s attn_temperature_tuning is overwritten)',
      source: `${V} vllm/model_executor/models/llama4.py@0121c95efe85a732d1f5c1ade6c5434152b76276 Llama4ForCausalLM.__init__`,
    },
    {
      rule: 'cache.dtype',
      when: {},
      do: { dtype: 'config' },
      fields: ['torch_dtype', 'dtype'],
      effect: 'the cos/sin cache is held in the model dtype (computed in float32, then cast once)',
      source: `${RE}/base.py@072d10a084c2b89e63323c781eacd7d7e218ba2b RotaryEmbeddingBase.__init__ (cache.to(dtype))`,
    },
  ],
});
