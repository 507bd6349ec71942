// transformers: the reference. Its rules are the ones every other profile is compared with; they
// fire only where a run-time input (the sequence length) changes the table. Paths are in
// huggingface/transformers at the commit web/docs/architectures.md names.
const AT = 'df8ee314c9e4ad9283b2d5d7d79fca56fcf7b320';
const RU = `huggingface/transformers src/transformers/modeling_rope_utils.py@${AT}`;

export default () => ({
  name: 'transformers',
  repo: 'huggingface/transformers',
  version: AT,
  reads: 'config.json; seqLen: the length of the sequence of one forward call (position_ids.max() + 1)',
  notes: 'The reference: posenc computes what its modeling code computes, in double. cos and sin are cast to the ' +
    "activations' dtype at every call (the table itself is float32).",
  rules: [
    {
      rule: 'longrope.switch',
      when: { ropeType: ['longrope'] },
      do: { longrope: 'seqLen' },
      fields: ['rope_scaling.long_factor', 'rope_scaling.short_factor'],
      effect: 'long factors when the sequence is longer than original_max_position_embeddings, short ones otherwise (per forward call)',
      source: `${RU} _compute_longrope_parameters, dynamic_rope_update (longrope_frequency_update)`,
    },
    {
      rule: 'dynamic.base',
      when: { ropeType: ['dynamic'] },
      do: { dynamic: 'seqLen' },
      fields: ['rope_scaling.factor', 'max_position_embeddings'],
      effect: 'base recomputed per forward call from max(seqLen, max_position_embeddings)',
      source: `${RU} _compute_dynamic_ntk_parameters, dynamic_rope_update (dynamic_frequency_update)`,
    },
    {
      // after dynamic.base: the alpha form is not HF's dynamic update
      rule: 'qwen.ntk',
      when: { family: ['qwen'], flagOn: ['use_dynamic_ntk'] },
      do: { ntkAlpha: 'seqLen' },
      fields: ['use_dynamic_ntk', 'seq_length'],
      effect: 'Qwen (v1) remote code: base rotary_emb_base · ntk_alpha^(d/(d−2)) for a forward call longer than seq_length',
      source: 'zhangningboo/Qwen-7B modeling_qwen.py@ffe04dd57f85293043ba999a2c0daa788d6182e9 (Qwen/Qwen-7B) QWenModel.get_ntk_alpha, QWenModel.forward (ntk_alpha_list), RotaryEmbedding.update_rotary_pos_emb_cache',
    },
    {
      rule: 'dca.ignored',
      when: { dca: true },
      do: {},
      always: true,
      fields: ['dual_chunk_attention_config'],
      effect: 'dual_chunk_attention_config is not read: plain positions for queries and keys',
      source: `huggingface/transformers src/transformers/models/qwen2/modeling_qwen2.py@${AT} Qwen2Attention (no dual chunk attention)`,
    },
  ],
});
