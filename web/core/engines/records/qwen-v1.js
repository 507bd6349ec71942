// Qwen (v1), the remote-code QWenLMHeadModel: the engines that run it port its attention without
// its rotary extras. One rule, each engine citing its own file.
export const qwenPlain = (source) => ({
  rule: 'qwen.plain',
  when: { family: ['qwen'] },
  do: { params: { base: 10000, partialRotaryFactor: 1 }, queryScale: 'drop' },
  fields: ['rotary_emb_base', 'rotary_pct', 'use_logn_attn', 'use_dynamic_ntk'],
  effect: 'Qwen (v1): whole-head RoPE at base 10000 (rotary_emb_base and rotary_pct are not read), no log-n query scale, no dynamic NTK',
  source,
});
