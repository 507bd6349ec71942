// TensorRT-LLM (its PyTorch flow): RopeParams.from_config reads the config, create_rope_const_params
// builds float32 tables that the attention kernels apply.
const T = 'NVIDIA/TensorRT-LLM';
const IF = `${T} tensorrt_llm/_torch/attention_backend/interface.py@000a01de66f0eab4ab05640711f0253f50f5209c`;

export default () => ({
  name: 'tensorrt-llm',
  repo: T,
  version: '000a01de66f0eab4ab05640711f0253f50f5209c',
  reads: 'config.json',
  notes: 'Tables are float32 on the GPU; the fused attention kernels apply them in float32 to bf16/fp16 queries and keys.',
  refuse: {
    ropeTypes: ['su', 'deepseek_yarn', 'telechat3-yarn', 'proportional'],
    why: 'RotaryScalingType.from_string knows none, linear, dynamic, longrope, llama3, yarn and mrope only',
    source: `${IF} RopeParams.from_config`,
  },
  rules: [
    {
      rule: 'longrope.switch',
      when: { ropeType: ['longrope'] },
      do: { longrope: 'always' },
      fields: ['rope_scaling.long_factor', 'rope_scaling.short_factor'],
      effect: 'long factors at every position (create_sinusoidal_positions_long_rope without max_seq_len)',
      source: `${IF} RopeParams.create_rope_const_params`,
    },
    {
      rule: 'longrope.attention',
      when: { ropeType: ['longrope'] },
      do: { drop: ['factor', 'attention_factor'] },
      fields: ['rope_scaling.attention_factor', 'rope_scaling.factor'],
      effect: 'attention factor sqrt(1 + ln(s) / ln(original)), s = max_position_embeddings / original; the config\'s attention_factor is not read',
      source: `${IF} RopeParams.from_config`,
    },
    {
      rule: 'yarn.truncate',
      when: { ropeType: ['yarn'] },
      do: { set: { truncate: true } },
      fields: ['rope_scaling.truncate'],
      effect: 'the correction range is always floored and ceiled: truncate is not read',
      source: `${IF} RopeParams.from_config (no truncate); RopeEmbeddingUtils.create_sinusoidal_positions_yarn`,
    },
    {
      rule: 'yarn.attention',
      when: { ropeType: ['yarn'] },
      do: { drop: ['attention_factor'] },
      fields: ['rope_scaling.attention_factor'],
      effect: 'attention factor mscale(f, mscale) / mscale(f, mscale_all_dim): the config\'s attention_factor is not read',
      source: `${IF} RopeParams.from_config`,
    },
    {
      rule: 'dynamic.alpha',
      when: { ropeType: ['dynamic'], alpha: false },
      do: { refuse: "its rope_type 'dynamic' is HunYuan's fixed NTK-alpha base and requires rope_scaling.alpha" },
      fields: ['rope_scaling.alpha'],
      effect: 'refused',
      source: `${IF} RopeParams.create_rope_const_params`,
    },
    {
      rule: 'dca.ignored',
      when: { dca: true },
      do: {},
      always: true,
      fields: ['dual_chunk_attention_config'],
      effect: 'dual_chunk_attention_config is not read: plain positions',
      source: `${IF} RopeParams.from_config`,
    },
  ],
});
