// MLX-LM: initialize_rope in mlx_lm/models/rope_utils.py picks the rope class from the config's
// rope_scaling; mx.fast.rope applies it in float32.
import { qwenPlain } from './qwen-v1.js';
const M = 'ml-explore/mlx-lm';
const RU = `${M} mlx_lm/models/rope_utils.py@d78bf58e217c904ec282ed8da9b947491f78c022`;

export default () => ({
  name: 'mlx-lm',
  repo: M,
  version: 'd78bf58e217c904ec282ed8da9b947491f78c022',
  reads: 'config.json',
  notes: 'mx.fast.rope forms angles in float32 and, on Metal, takes fast (approximate) cos and sin; no cos/sin cache is kept.',
  aliases: { deepseek_yarn: 'yarn', 'telechat3-yarn': 'yarn' },
  rules: [
    qwenPlain('ml-explore/mlx-lm mlx_lm/models/qwen.py@1245c2ec70e32b7865e3c724a95379a6b86afca8 Attention (nn.RoPE(hidden_size // num_attention_heads, traditional=False): base 10000; no log-n, no dynamic NTK)'),
    {
      rule: 'rope_type.alias',
      when: { ropeTypeWas: ['deepseek_yarn', 'telechat3-yarn'] },
      do: {},
      always: true,
      fields: ['rope_scaling.rope_type'],
      effect: 'a vendor rope_type that transformers does not define, read as yarn',
      source: `${RU} initialize_rope`,
    },
    {
      rule: 'longrope.switch',
      when: { ropeType: ['longrope'] },
      do: { longrope: 'always' },
      fields: ['rope_scaling.long_factor', 'rope_scaling.short_factor'],
      effect: 'long factors at every position, whatever the length: short_factor is never used',
      source: `${RU} SuScaledRoPE.__init__`,
    },
    {
      rule: 'longrope.attention',
      when: { ropeType: ['longrope'] },
      do: { drop: ['factor', 'attention_factor'] },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.factor'],
      effect: 'attention factor sqrt(1 + ln(s) / ln(original)), s = max_position_embeddings / original; the config\'s attention_factor is not read',
      source: `${RU} SuScaledRoPE.__init__`,
    },
    {
      rule: 'yarn.truncate',
      when: { ropeType: ['yarn'] },
      do: { set: { truncate: true } },
      fields: ['rope_scaling.truncate'],
      effect: 'the correction range is always floored and ceiled: truncate is not read',
      source: `${RU} YarnRoPE.__init__`,
    },
    {
      rule: 'yarn.attention',
      when: { ropeType: ['yarn'] },
      do: { drop: ['attention_factor'] },
      fields: ['rope_scaling.attention_factor'],
      effect: 'attention factor mscale(f, mscale) / mscale(f, mscale_all_dim): the config\'s attention_factor is not read',
      source: `${RU} YarnRoPE.__init__`,
    },
    {
      rule: 'mrope.sections',
      when: { mrope: true },
      do: { drop: ['mropeSection', 'mropeInterleaved'] },
      fields: ['rope_scaling.mrope_section'],
      effect: 'M-RoPE sections are ignored: plain RoPE (the same table for text, where t = h = w)',
      source: `${RU} initialize_rope ("mrope")`,
    },
    {
      rule: 'dca.ignored',
      when: { dca: true },
      do: {},
      always: true,
      fields: ['dual_chunk_attention_config'],
      effect: 'dual_chunk_attention_config is not read: plain positions',
      source: `${RU} initialize_rope`,
    },
  ],
});
