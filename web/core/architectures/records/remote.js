// Remote-code model types: a config whose model_type transformers does not define, read with the
// modeling file the model ships (named in `from`, repository and path; a GitHub copy of the Hub file
// where the Hub revision is not at hand). Each starts from the transformers record that computes the
// same positions and says what differs. A config reaches one by its model_type, or, without one, by its
// architectures class (InternLM2ForCausalLM → internlm2, QWenLMHeadModel → qwen, ChatGLMModel → chatglm).
export default () => ({
  // tiiuae/falcon-7b before transformers took it in: configuration_RW.py RWConfig (n_head, n_layer,
  // alibi), modelling_RW.py RotaryEmbedding (rotate_half) and build_alibi_tensor, as FalconConfig reads them
  RefinedWeb: {
    from: 'tiiuae/falcon-40b configuration_RW.py RWConfig, modelling_RW.py RotaryEmbedding, Attention (rotary unless alibi)',
    like: 'falcon',
  },
  RefinedWebModel: {
    from: 'tiiuae/falcon-7b configuration_RW.py RWConfig, modelling_RW.py RotaryEmbedding, Attention (rotary unless alibi)',
    like: 'falcon',
  },
  // internlm/internlm2_5-7b-chat: InternLM2RotaryEmbedding and its Linear / DynamicNTK subclasses are
  // transformers' Llama ones of 4.36 (rope_scaling {type, factor}), rotate_half on the whole head
  internlm2: {
    from: 'IntMeGroup/HarmonyIQA modeling_internlm2.py@79a7bf621a92c9460ede36010b08109407ef0505 (the internlm/internlm2-chat file) InternLM2RotaryEmbedding, InternLM2LinearScalingRotaryEmbedding, InternLM2DynamicNTKScalingRotaryEmbedding, rotate_half, InternLM2Attention._init_rope (rope_scaling type linear | dynamic, factor); configuration_internlm2.py InternLM2Config',
    like: 'llama',
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 2048, rope_theta: 10000 },
    note: 'Llama positions: whole-head RoPE in split halves at rope_theta; rope_scaling linear or dynamic as transformers\' Llama classes compute them (dynamic: base·(factor·L/max_position_embeddings − (factor − 1))^(d/(d−2)) beyond max_position_embeddings).',
  },
  // THUDM/chatglm2-6b, chatglm3-6b, glm-4-9b-chat (remote): RotaryEmbedding(rotary_dim // 2) with
  // rotary_dim = kv_channels (or hidden_size // num_attention_heads): half of each head rotates, in
  // (2k, 2k+1) pairs (apply_rotary_pos_emb reshapes to (..., rot_dim // 2, 2)), at 10000 · rope_ratio
  chatglm: {
    from: 'czk1997/chatglm3-copy modeling_chatglm.py@456aa875cf1f46623006edaa23103774ea9c0eae (THUDM/chatglm3-6b) RotaryEmbedding.forward_impl, apply_rotary_pos_emb, ChatGLMModel.__init__ (rotary_dim = kv_channels, RotaryEmbedding(rotary_dim // 2)); THUDM/glm-4-9b-chat modeling_chatglm.py RotaryEmbedding.forward_impl (base = base * self.rope_ratio); configuration_chatglm.py ChatGLMConfig',
    like: 'llama',
    layout: 'gptj',
    headDim: ['kv_channels'],
    layerCount: ['num_layers'],
    maxPositions: 'seq_length',
    baseScale: 'rope_ratio',
    refuse: {
      position_encoding_2d: 'is ChatGLM-6B (the first ChatGLM): two position ids per token (the token\'s position in its block and the block\'s), a GLM prefix-LM scheme posenc has no kind for',
    },
    defaults: { num_layers: 28, hidden_size: 4096, num_attention_heads: 32, kv_channels: 128, seq_length: 2048, rope_theta: 10000, partial_rotary_factor: 0.5 },
    note: 'The first kv_channels / 2 dims of each head rotate in interleaved pairs (2k, 2k+1) with frequencies (10000 · rope_ratio)^(−2k/(kv_channels/2)); the rest pass through. rope_ratio is GLM-4\'s (500 in glm-4-9b-chat) and chatglm3-6b-32k\'s (50); chatglm2/3-6b have none (1). The table is built for seq_length positions.',
  },
  // baichuan-inc/Baichuan-7B, Baichuan2-7B (RoPE) and Baichuan-13B, Baichuan2-13B (ALiBi) share the
  // model_type and BaichuanForCausalLM; only the modeling file differs, and engines tell them apart by
  // hidden_size as vLLM does
  baichuan: {
    from: 'jrd77/Baichuan2-13B-Chat modeling_baichuan.py@d022d7264467b2c3bc483e7a3a17105dedba50b8 (baichuan-inc/Baichuan2-13B-Chat) _get_interleave, _gen_alibi_mask (slope · j under the causal mask), BaichuanModel.get_alibi_mask; configuration_baichuan.py BaichuanConfig; vllm-project/vllm vllm/model_executor/models/baichuan.py@6b06599499a6f9d6f140ae26ff95b3cbd2e7e75c BaichuanForCausalLM (hidden_size 4096: ROPE, else ALIBI), BaiChuanAttention (neox RoPE on the whole head, base 10000)',
    like: 'llama',
    attention: 'alibi',
    attentionBy: { key: 'hidden_size', values: { 4096: 'rope', 5120: 'alibi' } },
    alibi: { heads: 'num_attention_heads', maxBias: 8, form: 'bloom' },
    maxPositions: 'model_max_length',
    defaults: { hidden_size: 5120, num_attention_heads: 40, num_hidden_layers: 40, model_max_length: 4096, rope_theta: 10000 },
    note: 'Which positions follow from the modeling file the repository ships, not from a config key: the 7B files rotate the whole head (split halves, base 10000), the 13B files add ALiBi (2^(−8h/n) slopes, interleaved for a head count that is no power of two) times the key position. posenc reads hidden_size 4096 as the 7B code and 5120 as the 13B code (as vLLM does) and refuses another size.',
  },
  // Qwen/Qwen-7B, Qwen-14B, Qwen-72B (v1): RotaryEmbedding(kv_channels · rotary_pct, rotary_emb_base),
  // _rotate_half on the first rot_dim dims; dynamic NTK (the transformers engine rule qwen.ntk) and log-n
  // (queryScale log-ratio) act only beyond seq_length
  qwen: {
    from: 'zhangningboo/Qwen-7B modeling_qwen.py@ffe04dd57f85293043ba999a2c0daa788d6182e9 (Qwen/Qwen-7B) RotaryEmbedding.update_rotary_pos_emb_cache (base · ntk_alpha^(dim/(dim−2))), _rotate_half, apply_rotary_pos_emb, QWenModel.get_ntk_alpha, QWenAttention (logn_tensor: log_seq_length(i) for i > seq_length); configuration_qwen.py QWenConfig',
    like: 'llama',
    headDim: ['kv_channels'],
    rotary: 'rotary_pct',
    baseKey: 'rotary_emb_base',
    maxPositions: 'seq_length',
    inert: {
      use_dynamic_ntk: { off: [false], message: 'is read as Qwen\'s modeling code does: ntk_alpha = max(2^ceil(log2(L/seq_length) + 1) − 1, 1) for a forward call of L tokens, 1 up to seq_length (plain RoPE at rotary_emb_base); for a longer sequence give seqLen (layersFromConfig(config, { seqLen }), --seq-len) and the base becomes rotary_emb_base · ntk_alpha^(d/(d−2)) for the whole call' },
    },
    // QWenModel.__init__ logn_list: math.log(i, seq_length) for i in range(1, 32768) where i > seq_length, else 1
    queryScale: { form: 'log-ratio', seqLength: 'seq_length', flag: 'use_logn_attn' },
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, kv_channels: 128, max_position_embeddings: 8192, seq_length: 2048, rotary_pct: 1, rotary_emb_base: 10000, use_dynamic_ntk: true, use_logn_attn: true },
    note: 'The first kv_channels · rotary_pct dims of each head rotate in split halves at rotary_emb_base. With use_logn_attn (the published default) every layer\'s queries at 1-based positions i > seq_length are scaled by log(i)/log(seq_length) (the query-scale kind, form log-ratio; Qwen\'s table holds 32767 positions); with use_dynamic_ntk a forward call longer than seq_length raises the base (give seqLen).',
  },
  // openbmb/MiniCPM-2B-sft-bf16: MiniCPMRotaryEmbedding and its Linear / DynamicNTK subclasses are the
  // Llama ones (rope_scaling {type, factor}); scale_emb, dim_model_base, scale_depth scale activations
  // MiniCPM4 (openbmb/MiniCPM4-8B) keeps model_type minicpm and adds rope_scaling rope_type longrope:
  // MiniCPMLongRoPE builds its table once for max_position_embeddings (MiniCPMRotaryEmbedding.__init__
  // _set_cos_sin_cache(seq_len=max_position_embeddings)) and picks long factors when that length exceeds
  // original_max_position_embeddings, cos and sin times sqrt(1 + ln(max/orig) / ln(orig))
  minicpm: {
    from: 'openbmb/MiniCPM-2B-sft-bf16 modeling_minicpm.py MiniCPMRotaryEmbedding, MiniCPMLinearScalingRotaryEmbedding, MiniCPMDynamicNTKScalingRotaryEmbedding, rotate_half, apply_rotary_pos_emb (as in mdy666/triton-mla modeling_minicpm.py@2ba67b3c740d61c821786c4a873b889e2b6844b8); openbmb/MiniCPM4-8B modeling_minicpm.py MiniCPMLongRoPE, MiniCPMAttention._init_rope (as in mindspore-lab/mindone mindone/transformers/models/minicpm4/modeling_minicpm.py@13e939b47814bbda2494737e0ef218aaac548835); configuration_minicpm.py MiniCPMConfig',
    like: 'llama',
    longropeCache: true,
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 2048, rope_theta: 10000 },
    note: 'Llama positions; scale_emb, dim_model_base and scale_depth scale activations, not positions. MiniCPM4\'s LongRoPE (rope_scaling rope_type longrope) takes its long factors whenever max_position_embeddings exceeds original_max_position_embeddings, at every sequence length (its table is built for max_position_embeddings), where transformers\' longrope switches per sequence.',
  },
  // deepseek-ai/deepseek-moe-16b-base (deepseek-llm-7b/67b ship as model_type llama): DeepseekRotaryEmbedding
  // and its Linear / DynamicNTK subclasses are the Llama ones
  deepseek: {
    from: 'deepseek-ai/deepseek-moe-16b-base modeling_deepseek.py DeepseekRotaryEmbedding, DeepseekLinearScalingRotaryEmbedding, DeepseekDynamicNTKScalingRotaryEmbedding, rotate_half, apply_rotary_pos_emb; configuration_deepseek.py DeepseekConfig',
    like: 'llama',
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 30, max_position_embeddings: 2048, rope_theta: 10000 },
    note: 'Llama positions (whole-head RoPE in split halves; rope_scaling linear or dynamic); the MoE layers do not change positions.',
  },
  // microsoft/Phi-3-small-8k-instruct: RotaryEmbedding.from_config (rope_embedding_base, neox halves,
  // whole head); layer i dense when (i + 1) % dense_attention_every_n_layers == 0, else block-sparse
  phi3small: {
    from: 'microsoft/Phi-3-small-8k-instruct modeling_phi3_small.py Phi3SmallSelfAttention (head_dim = hidden_size // num_attention_heads; dense when (layer_idx + 1) % dense_attention_every_n_layers == 0, else BlockSparseAttentionLayer; softmax_scale mup_attn_multiplier / head_dim), positional_embedding.py RotaryEmbedding.from_config; configuration_phi3_small.py Phi3SmallConfig',
    like: 'llama',
    baseKey: 'rope_embedding_base',
    layers: { rule: 'interval', key: 'dense_attention_every_n_layers', n: 2, other: 'blocksparse_attention' },
    kinds: { blocksparse_attention: 'attention' },
    inert: {
      blocksparse_block_size: { message: 'is read: the blocksparse_attention layers see, of the keys before a query, only its blocksparse_num_local_blocks most recent blocks of blocksparse_block_size tokens and every blocksparse_vert_stride-th block before them (a mask, with the same RoPE); posenc lists their RoPE and leaves the mask to the engine' },
      blocksparse_num_local_blocks: {}, blocksparse_vert_stride: {}, blocksparse_homo_head_pattern: {},
      mup_use_scaling: { message: 'scales the attention logits by mup_attn_multiplier / head_dim instead of 1/sqrt(head_dim): not positions' },
    },
    refuse: { rope_scaling: 'is Phi-3-small\'s LongRoPE (positional_embedding.py), which posenc does not read for this family' },
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 8192, rope_embedding_base: 1000000, dense_attention_every_n_layers: 2 },
    note: 'Whole-head RoPE in split halves at rope_embedding_base on every layer; every dense_attention_every_n_layers-th layer (from the n-th) attends densely, the others block-sparse (local blocks plus every vert_stride-th block). rope_position_scale other than 1 is refused.',
  },
});
