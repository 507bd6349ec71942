// posenc architecture records, model types mistral4 .. qwen3_omni_moe_vision_encoder.
// Read from huggingface/transformers src/transformers/models/ (see each `from`).
export default () => ({
  'minicpm3': {
    from: 'minicpm3/modular_minicpm3.py MiniCPM3Attention (DeepseekV2Attention construction; q = [q_pass | q_rot], apply_rotary_pos_emb: Llama rotate_half), MiniCPM3RotaryEmbedding (LlamaRotaryEmbedding); minicpm3/configuration_minicpm3.py MiniCPM3Config.__post_init__ (head_dim = qk_rope_head_dim)',
    attention: 'rope',
    // MiniCPM3Attention takes DeepseekV2Attention's construction, its softmax scale with it (as deepseek_v2)
    softmaxScale: true,
    layout: 'neox',
    rotate: 'last',
    rotary: 'qk_rope_head_dim',
    defaults: { rope_theta: 10000, max_position_embeddings: 32768, hidden_size: 2560, num_attention_heads: 40, num_hidden_layers: 62, qk_rope_head_dim: 32, qk_nope_head_dim: 64 },
    note: 'MLA: each query head is [q_pass (qk_nope_head_dim) | q_rot (qk_rope_head_dim)]; only q_rot and the shared k_rot rotate, in neox halves (MiniCPM3 keeps the cos/sin rotary where DeepSeek-V2 uses complex pairs).',
  },
  'minimax_m3_vl': {
    from: 'minimax_m3_vl/configuration_minimax_m3_vl.py MiniMaxM3VLConfig.__post_init__ (text_config rebuilt as MiniMaxM3VLTextConfig, its bundled model_type popped; vision_config MiniMaxM3VLVisionConfig)',
    text: 'text_config',
    textType: 'minimax_m3_vl_text',
    textFixed: true,
    vision: 'MiniMax-M3 vision tower: 3-D rotary positions over frames and patch rows and columns.',
  },
  'minimax_m3_vl_text': {
    from: 'minimax_m3_vl/modular_minimax_m3_vl.py MiniMaxM3VLAttention (MiniMaxM2Attention: per-head QK norm, RoPE on the first rotary_dim channels, rotate_half), MiniMaxM3VLRotaryEmbedding (MiniMaxM2RotaryEmbedding); minimax_m3_vl/configuration_minimax_m3_vl.py MiniMaxM3VLTextConfig.__post_init__ (layer_types minimax_m3_sparse where sparse_attention_config.sparse_attention_freq is set; default_theta 5e6, rotary_dim 64)',
    like: 'llama',
    layout: 'neox',
    rotary: 'rotary_dim',
    layers: { rule: 'first', of: [
      { rule: 'list', key: 'sparse_attention_config.sparse_attention_freq', map: { 0: 'full_attention', 1: 'minimax_m3_sparse', false: 'full_attention', true: 'minimax_m3_sparse' } },
      { rule: 'all' },
    ] },
    kinds: { minimax_m3_sparse: 'attention' },
    defaults: { rope_theta: 5000000, max_position_embeddings: 524288, head_dim: 128, rotary_dim: 64, hidden_size: 6144, num_attention_heads: 64, num_hidden_layers: 60 },
    note: 'Each head rotates its first rotary_dim channels (neox halves); minimax_m3_sparse layers add a block-selecting indexer over the same positions. Versions of the port differ on how rotary_dim reaches the rotary table (sliced cos, or partial_rotary_factor); posenc rotates rotary_dim dims at their own frequencies, as MiniMax-M2 does.',
  },
  'minimax_m3_vl_vision': {
    from: 'minimax_m3_vl/configuration_minimax_m3_vl.py MiniMaxM3VLVisionConfig (rope_theta of the 3-D vision rotary)',
    unsupported: 'a vision encoder over image and video patches with 3-D rotary positions (frame, row, column): no token sequence',
  },
  'mistral4': {
    from: 'mistral4/modeling_mistral4.py Mistral4RotaryEmbedding(LlamaRotaryEmbedding), Mistral4Attention (q_pass | q_rot split, apply_rotary_pos_emb_interleave when rope_interleave, get_llama_4_attn_scale; scaling = yarn_apply_mscale(rope_parameters, qk_head_dim ** -0.5)); mistral4/configuration_mistral4.py Mistral4Config.__post_init__',
    attention: 'rope',
    layout: 'gptj',
    layoutKey: { key: 'rope_interleave', default: true },
    rotate: 'last',
    // yarn_apply_mscale came to Mistral 4 after df8ee314 (the modular file at 02075795 still set qk_head_dim^-0.5)
    softmaxScale: true,
    queryScale: { beta: 'llama_4_scaling_beta' },
    ropeReads: ['llama_4_scaling_beta', 'max_position_embeddings'],
    defaults: {
      hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 36, max_position_embeddings: 1048576, head_dim: 128,
      qk_rope_head_dim: 64, qk_nope_head_dim: 64, partial_rotary_factor: 0.5, rope_interleave: true,
      rope_parameters: { rope_type: 'yarn', rope_theta: 10000, factor: 128, original_max_position_embeddings: 8192, beta_fast: 32, beta_slow: 1, mscale_all_dim: 1, mscale: 1, llama_4_scaling_beta: 0.1 },
    },
    reads: ['rope_interleave'],
    note: 'MLA: each head is [q_nope (qk_nope_head_dim) | q_rot (qk_rope_head_dim)]; the config class sets head_dim = qk_nope_head_dim + qk_rope_head_dim and rope_parameters.partial_rotary_factor (setdefault) = qk_rope_head_dim / head_dim, so the rotary part is the last qk_rope_head_dim dims; the defaults (head_dim 128, factor 0.5) hold only for the default 64 + 64 split. Queries are scaled by 1 + llama_4_scaling_beta * log(1 + floor(p / original_max_position_embeddings)). The softmax scale is qk_head_dim^-0.5 times the yarn mscale² (get_mscale(factor, mscale_all_dim)), as DeepSeek-V2/V3 do.',
  },
  'mixtral': {
    from: 'mixtral/modeling_mixtral.py MixtralRotaryEmbedding, MixtralAttention (sliding_window); mixtral/configuration_mixtral.py MixtralConfig',
    like: 'mistral',
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 131072, rope_theta: 1e6, sliding_window: null },
    note: 'MixtralConfig defaults sliding_window to None: every layer full unless the config sets a window.',
  },
  'mlcd_vision_model': {
    from: 'mlcd/modeling_mlcd.py MLCDRotaryEmbedding, MLCDVisionEmbeddings',
    unsupported: 'a vision encoder with 2-D rotary positions over the patch grid (plus a learned class position): no token sequence',
  },
  'mllama': {
    from: 'mllama/configuration_mllama.py MllamaConfig (text_config: MllamaTextConfig, vision_config)',
    text: 'text_config',
    textType: 'mllama_text_model',
    vision: 'tiled ViT with learned gated positional and aspect-ratio embeddings; its features enter the text model only through cross-attention layers.',
  },
  'mllama_text_model': {
    from: 'mllama/modeling_mllama.py MllamaTextModel.__init__ (MllamaCrossAttentionDecoderLayer at cross_attention_layers), MllamaTextSelfAttention (apply_rotary_pos_emb), MllamaTextCrossAttention (no RoPE), MllamaRotaryEmbedding; mllama/configuration_mllama.py MllamaTextConfig',
    like: 'llama',
    layers: { rule: 'indices', key: 'cross_attention_layers', type: 'cross_attention', other: 'full_attention' },  // MllamaTextModel.__init__
    kinds: { cross_attention: 'none' },
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 40, max_position_embeddings: 131072, rope_theta: 500000, cross_attention_layers: [3, 8, 13, 18, 23, 28, 33, 38] },
  },
  'mllama_vision_model': {
    from: 'mllama/modeling_mllama.py MllamaPrecomputedPositionEmbedding, MllamaPrecomputedAspectRatioEmbedding',
    unsupported: 'a tiled image encoder: learned gated position embeddings per tile and aspect ratio, no token sequence',
  },
  'mm-grounding-dino': {
    from: 'mm_grounding_dino/modeling_mm_grounding_dino.py MMGroundingDinoModel',
    unsupported: 'an open-set object detector (Grounding DINO): 2-D sine positions over image features and deformable attention, no token sequence posenc can describe',
  },
  'mobilebert': {
    from: 'mobilebert/modeling_mobilebert.py MobileBertEmbeddings (position_embeddings); mobilebert/configuration_mobilebert.py MobileBertConfig',
    like: 'bert',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 24 },
  },
  'mobilenet_v1': {
    from: 'mobilenet_v1/modeling_mobilenet_v1.py MobileNetV1Model',
    unsupported: 'a convolutional image backbone: no token positions',
  },
  'mobilenet_v2': {
    from: 'mobilenet_v2/modeling_mobilenet_v2.py MobileNetV2Model',
    unsupported: 'a convolutional image backbone: no token positions',
  },
  'mobilevit': {
    from: 'mobilevit/modeling_mobilevit.py MobileViTModel',
    unsupported: 'a convolutional image backbone with transformer blocks over unfolded patches and no position embeddings: no token positions',
  },
  'mobilevitv2': {
    from: 'mobilevitv2/modeling_mobilevitv2.py MobileViTV2Model',
    unsupported: 'a convolutional image backbone with linear-attention blocks over unfolded patches: no token positions',
  },
  'modernbert': {
    from: 'modernbert/configuration_modernbert.py ModernBertConfig (global_attn_every_n_layers, global_rope_theta, local_rope_theta, local_attention); modernbert/modeling_modernbert.py ModernBertRotaryEmbedding',
    like: 'llama',
    layers: { rule: 'modernbert' },
    baseKeys: { full_attention: 'global_rope_theta', sliding_attention: 'local_rope_theta' },
    localAttention: 'local_attention',
    fillTypes: true,
    defaults: { hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 22, max_position_embeddings: 8192, global_rope_theta: 160000, local_rope_theta: 10000, local_attention: 128 },
    note: 'Layer i is global (full_attention) when i % global_attn_every_n_layers == 0; local layers see local_attention // 2 tokens each side.',
  },
  'modernbert-decoder': {
    from: 'modernbert_decoder/configuration_modernbert_decoder.py ModernBertDecoderConfig (layer_types from global_attn_every_n_layers, rope_scaling per layer type from global_rope_theta / local_rope_theta, sliding_window = local_attention // 2); modernbert_decoder/modeling_modernbert_decoder.py ModernBertDecoderRotaryEmbedding',
    like: 'llama',
    layers: { rule: 'every', key: 'global_attn_every_n_layers', n: 3 },
    baseKeys: { full_attention: 'global_rope_theta', sliding_attention: 'local_rope_theta' },
    localAttention: 'local_attention',
    fillTypes: true,
    defaults: { hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 22, max_position_embeddings: 8192, global_rope_theta: 160000, local_rope_theta: 10000, local_attention: 128 },
    note: 'Unlike the ModernBERT encoder, layer i is full_attention when (i + 1) % global_attn_every_n_layers == 0; the causal sliding window is local_attention // 2 (64 by default). A flat rope_scaling applies to the full_attention layers only.',
  },
  'modernvbert': {
    from: 'modernvbert/configuration_modernvbert.py ModernVBertConfig (text_config: ModernBertConfig, vision_config: SiglipVisionConfig)',
    text: 'text_config',
    textType: 'modernbert',
    vision: 'SigLIP vision tower: learned patch positions; image features are inserted as tokens in the ModernBERT sequence.',
  },
  'moonshine': {
    from: 'moonshine/modeling_moonshine.py MoonshineRotaryEmbedding, rotate_half (x[..., 0::2], x[..., 1::2]), apply_rotary_pos_emb (cos[..., :d/2].repeat_interleave(2), rotary part first), MoonshineAttention (RoPE on self-attention in encoder and decoder); moonshine/configuration_moonshine.py MoonshineConfig',
    attention: 'rope',
    layout: 'gptj',
    layerCount: ['decoder_num_hidden_layers', 'num_hidden_layers'],
    defaults: { hidden_size: 288, num_attention_heads: 8, decoder_num_hidden_layers: 6, encoder_num_hidden_layers: 6, max_position_embeddings: 512, rope_theta: 10000, partial_rotary_factor: 0.9 },
    note: 'An encoder-decoder speech model: the layers listed are the decoder\'s (decoder_num_hidden_layers); the encoder\'s self-attention uses the same RoPE over audio frames. The head dim is hidden_size // heads with encoder_/decoder_num_attention_heads (both 8 in released checkpoints; posenc reads num_attention_heads, default 8); the rotary part is int(head_dim * partial_rotary_factor) dims.',
  },
  'moonshine_streaming': {
    from: 'moonshine_streaming/modular_moonshine_streaming.py MoonshineStreamingDecoder(MoonshineDecoder) (Moonshine\'s rotate_half on x[..., 0::2], x[..., 1::2], pos_emb added to the encoder states); moonshine_streaming/configuration_moonshine_streaming.py MoonshineStreamingConfig.__post_init__ (rope_parameters default, partial_rotary_factor 0.8)',
    attention: 'rope',
    layout: 'gptj',
    defaults: { hidden_size: 320, num_attention_heads: 8, num_hidden_layers: 6, max_position_embeddings: 4096, rope_parameters: { rope_type: 'default', rope_theta: 10000, partial_rotary_factor: 0.8 } },
    note: 'Decoder self-attention: Moonshine\'s interleaved partial RoPE; the class has no top-level partial_rotary_factor, its default rope_parameters carry 0.8. The encoder has no positions; a learned table (max_position_embeddings) is added to the encoder outputs before cross-attention, not to the decoder tokens.',
  },
  'moonshine_streaming_encoder': {
    from: 'moonshine_streaming/modular_moonshine_streaming.py MoonshineStreamingEncoder, MoonshineStreamingEncoderAttention (no RoPE), sliding_window_mask_function',
    unsupported: 'a streaming audio encoder over waveform frames: no positional encoding, per-layer bidirectional sliding windows (sliding_windows), no token sequence',
  },
  'moshi': {
    from: 'moshi/modeling_moshi.py MoshiRotaryEmbedding, apply_rotary_pos_emb (rotate_half), MoshiAttention (use_rope), MoshiModel (sliding_window); moshi/configuration_moshi.py MoshiConfig',
    like: 'llama',
    layers: { rule: 'all', slidingKey: 'sliding_window' },
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 3000, rope_theta: 10000, sliding_window: 3000 },
    note: 'The main (temporal) decoder; the depth decoder (depth_* keys, moshi_depth) has no RoPE and is not described here. The audio codec is config.audio_encoder.',
  },
  'moshi_depth': {
    from: 'moshi/modeling_moshi.py MoshiDepthDecoder (MoshiDecoderLayer with use_flexible_linear=True, use_rope=False), MoshiFlexibleLinear; moshi/configuration_moshi.py MoshiDepthConfig',
    unsupported: 'the Moshi depth decoder adds no positional encoding; each step (codebook index) has its own projection weights (MoshiFlexibleLinear), so positions are learned weights',
  },
  'mpnet': {
    from: 'mpnet/modeling_mpnet.py MPNetEmbeddings (create_position_ids_from_input_ids, padding_idx + 1), MPNetEncoder.forward, compute_position_bias (num_buckets=32 default), relative_position_bucket (bidirectional, max_distance 128); mpnet/configuration_mpnet.py MPNetConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 2 },
    attention: 't5',
    t5: { buckets: 32, maxDistance: 128, perLayer: false, encoder: 'num_hidden_layers', decoder: null },
    defaults: { max_position_embeddings: 514, relative_attention_num_buckets: 32, num_hidden_layers: 12 },
    note: 'Both: learned absolute positions from padding_idx + 1 (pad_token_id 1) and one T5-style bidirectional bucket table computed by the encoder over arange(seq_len) and shared by every layer. MPNetEncoder.forward calls compute_position_bias(hidden_states) with its defaults, so the buckets are always 32 with max_distance 128; relative_attention_num_buckets only sizes the bias table.',
  },
  'mpt': {
    from: 'mpt/modeling_mpt.py build_mpt_alibi_tensor, MptModel.forward (build_mpt_alibi_tensor(num_heads, max_seq_len) with the default alibi_bias_max 8), MptAttention; mpt/configuration_mpt.py MptConfig, MptAttentionConfig',
    attention: 'alibi',
    alibi: { heads: 'n_heads', maxBias: 8, form: 'mpt' },
    layerCount: ['n_layers'],
    defaults: { n_heads: 16, n_layers: 24, max_seq_len: 2048, d_model: 2048 },
    note: 'transformers always applies ALiBi with alibi_bias_max 8 and has no learned position table: attn_config.alibi and attn_config.alibi_bias_max are not read (MosaicML\'s remote code reads them; a config with attn_config.alibi false or another alibi_bias_max is read by transformers as ALiBi with 8).',
  },
  'mra': {
    from: 'mra/modeling_mra.py MraEmbeddings (position_ids = arange(max_position_embeddings) + 2, table max_position_embeddings + 2); mra/configuration_mra.py MraConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 2 },
    attention: 'none',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 12 },
  },
  'mt5': {
    from: 'mt5/modeling_mt5.py MT5Attention._relative_position_bucket, compute_bias; mt5/configuration_mt5.py MT5Config',
    like: 't5',
    defaults: { relative_attention_num_buckets: 32, relative_attention_max_distance: 128, num_layers: 8 },
  },
  'muse_glimmer': {
    from: 'muse_glimmer/configuration_muse_glimmer.py MuseGlimmerConfig (text_config MuseGlimmerTextConfig, vision_config MuseGlimmerVisionConfig)',
    text: 'text_config',
    textType: 'muse_glimmer_text',
    vision: 'Kimi-K2.5-style vision tower: a learned pos_emb_height × pos_emb_width grid interpolated (grid_sample) to each image, windowed and full attention.',
  },
  'muse_glimmer_assistant': {
    from: 'muse_glimmer/modular_muse_glimmer.py MuseGlimmerAssistantConfig (DFlash drafter)',
    unsupported: 'not yet read: the DFlash drafter (a few sliding layers that denoise a block of mask tokens from the target model\'s hidden states); its transformers config class was not among the stored files read for these records',
  },
  'muse_glimmer_text': {
    from: 'muse_glimmer/modular_muse_glimmer.py MuseGlimmerTextModel.forward (one rotary table at rope_parameters.rope_theta; position_embeddings only where layer_rope_theta[i] is non-zero); muse_glimmer/configuration_muse_glimmer.py MuseGlimmerTextConfig.__post_init__ (layer_types full when (n - 1 - i) % 4 == 0; layer_rope_theta default 0 on those layers)',
    like: 'llama',
    layers: { rule: 'every', n: 4, phase: 0, fromLast: true },
    window: 2048,
    layerTheta: { key: 'layer_rope_theta', zeroNoPE: true, flag: true, defaultNoPE: { every: 4, fromLast: true } },
    defaults: { hidden_size: 6656, num_attention_heads: 32, num_hidden_layers: 52, head_dim: 128, max_position_embeddings: 131072, sliding_window: 2048, rope_theta: 10000 },
    note: 'Every 4th layer counted back from the last is full attention and NoPE (layer_rope_theta 0); the other layers slide and rotate at rope_parameters.rope_theta (layer_rope_theta only switches RoPE on or off).',
  },
  'muse_glimmer_vision': {
    from: 'muse_glimmer/configuration_muse_glimmer.py MuseGlimmerVisionConfig (pos_emb_height, pos_emb_width, layer_types window_attention / full_attention)',
    unsupported: 'a vision encoder over image and video patches: a learned 2-D position grid interpolated to each image plus rotary positions, windowed attention, no token sequence',
  },
  'musicflamingo': {
    from: 'musicflamingo/configuration_musicflamingo.py MusicFlamingoConfig.__post_init__ (text_config default qwen2; top-level rope_parameters default theta 1200, partial_rotary_factor 0.2, head_dim = audio_config.hidden_size: the audio rotary time embedding)',
    text: 'text_config',
    textType: 'qwen2',
    vision: 'AudioFlamingo3 (Whisper-style) audio encoder; the top-level rope_parameters (rotary time embeddings, theta 1200, partial 0.2, over audio time) rotate the audio features, not the Qwen2 text positions.',
  },
  'musicgen': {
    from: 'musicgen/configuration_musicgen.py MusicgenConfig (text_encoder, audio_encoder, decoder)',
    text: 'decoder',
    textType: 'musicgen_decoder',
  },
  'musicgen_decoder': {
    from: 'musicgen/modeling_musicgen.py MusicgenSinusoidalPositionalEmbedding.get_embedding, MusicgenDecoder',
    unsupported: 'sinusoidal positions laid out [cos | sin] (cos first) with tensor2tensor frequencies exp(-k ln 10000 / (d/2 - 1)), which no posenc sinusoidal variant matches',
  },
  'musicgen_melody': {
    from: 'musicgen_melody/configuration_musicgen_melody.py MusicgenMelodyConfig (text_encoder, audio_encoder, decoder)',
    text: 'decoder',
    textType: 'musicgen_melody_decoder',
  },
  'musicgen_melody_decoder': {
    from: 'musicgen_melody/modeling_musicgen_melody.py MusicgenMelodySinusoidalPositionalEmbedding, MusicgenMelodyDecoder',
    unsupported: 'sinusoidal positions laid out [cos | sin] (cos first, as MusicGen) over the conditioning prefix and the codes, which no posenc sinusoidal variant matches',
  },
  'mvp': {
    from: 'mvp/modeling_mvp.py MvpLearnedPositionalEmbedding (offset 2); mvp/configuration_mvp.py MvpConfig',
    like: 'bart',
    defaults: { max_position_embeddings: 1024 },
  },
  'nanochat': {
    from: 'nanochat/modular_nanochat.py rotate_half ([x2, -x1] on halves), NanoChatRotaryEmbedding(LlamaRotaryEmbedding), NanoChatAttention (QK RMSNorm after RoPE); nanochat/configuration_nanochat.py NanoChatConfig',
    like: 'llama',
    defaults: { hidden_size: 768, num_attention_heads: 6, num_hidden_layers: 12, max_position_embeddings: 2048, rope_theta: 10000 },
    note: 'rotate_half is [x2, -x1] instead of [-x2, x1]: the same halves pairing (k, k + d/2), rotated by -theta (sin negated) relative to Llama.',
  },
  'nemotron': {
    from: 'nemotron/modeling_nemotron.py NemotronRotaryEmbedding, apply_rotary_pos_emb (partial: first rot_dim dims, rotate_half); nemotron/configuration_nemotron.py NemotronConfig',
    like: 'llama',
    defaults: { hidden_size: 6144, num_attention_heads: 48, num_hidden_layers: 32, max_position_embeddings: 4096, rope_theta: 10000, partial_rotary_factor: 0.5 },
  },
  'nemotron3_5_asr': {
    from: 'nemotron3_5_asr/configuration_nemotron3_5_asr.py Nemotron3_5AsrConfig',
    unsupported: 'a speech recogniser over audio frames (an audio encoder feeding a decoder): positions are of audio frames, no token sequence posenc reads; its modeling file was not read for these records',
  },
  'nemotron_asr_streaming': {
    from: 'nemotron_asr_streaming/modular_nemotron_asr_streaming.py; nemotron_asr_streaming/configuration_nemotron_asr_streaming.py NemotronAsrStreamingConfig',
    unsupported: 'a streaming FastConformer speech recogniser (Parakeet family) with relative positions over audio frames: no token sequence',
  },
  'nemotron_asr_streaming_encoder': {
    from: 'nemotron_asr_streaming/modular_nemotron_asr_streaming.py; nemotron_asr_streaming/configuration_nemotron_asr_streaming.py NemotronAsrStreamingEncoderConfig',
    unsupported: 'a streaming FastConformer speech encoder (Parakeet family) with relative positions over audio frames: no token sequence',
  },
  'nemotron_h': {
    from: 'nemotron_h/configuration_nemotron_h.py NemotronHConfig.__post_init__ (hybrid_override_pattern -> layers_block_type via _pattern_to_list), NemotronHConfig.num_hidden_layers; nemotron_h/modeling_nemotron_h.py NemotronHAttention (no rotary embedding)',
    attention: 'none',
    // NemotronHConfig.__post_init__: layers_block_type, else hybrid_override_pattern, else the default list
    layers: { rule: 'first', of: [
      { rule: 'list', key: 'layers_block_type', map: { mamba: 'linear_attention', linear_attention: 'linear_attention', attention: 'full_attention', full_attention: 'full_attention', mlp: 'mlp', moe: 'moe' } },
      { rule: 'chars', key: 'hybrid_override_pattern', map: { M: 'linear_attention', '*': 'full_attention', '-': 'mlp', E: 'moe' } },
      { rule: 'list', key: 'layers_block_type', default: ['linear_attention', 'moe', 'full_attention', 'mlp'], cycle: true },
    ] },
    layerCount: ['num_hidden_layers', { length: 'layers_block_type' }, { length: 'hybrid_override_pattern' }],
    kinds: { linear_attention: 'none', mamba: 'none', mlp: 'none', moe: 'none' },
    note: 'Nemotron-H attention layers apply no positional encoding (NoPE); the Mamba-2 layers carry order.',
  },
  'nllb-moe': {
    from: 'nllb_moe/modeling_nllb_moe.py NllbMoeSinusoidalPositionalEmbedding (get_embedding [sin | cos], padding_idx + 1 offset, zeroed padding row); nllb_moe/configuration_nllb_moe.py NllbMoeConfig',
    input: { kind: 'sinusoidal', variant: 'fairseq', dim: 'd_model', size: 'max_position_embeddings', paddingIdx: 'pad_token_id' },
    attention: 'none',
    defaults: { d_model: 1024, max_position_embeddings: 1024, pad_token_id: 1 },
    note: 'Positions count non-padding tokens from padding_idx + 1 (create_position_ids_from_input_ids); encoder and decoder use the same table.',
  },
  'nomic_bert': {
    from: 'nomic_bert/configuration_nomic_bert.py NomicBertConfig (rope_parameters, head_dim; strict(accept_kwargs=True)); nomic_bert/modular_nomic_bert.py NomicBertSelfAttention, NomicBertEmbeddings',
    unsupported: 'not yet read: the stored versions of the NomicBERT port differ (rotary_emb_fraction / rotary_emb_base / rotary_emb_interleaved versus rope_parameters with LlamaRotaryEmbedding), and Hub checkpoints carry nomic\'s own keys (rotary_emb_base 1000, n_embd, n_head, n_positions); how the pinned version maps them was not checked',
  },
  'nougat': {
    from: 'nougat/processing_nougat.py, image_processing_nougat.py (no modeling file: checkpoints are VisionEncoderDecoderModel)',
    unsupported: 'Nougat has no model class of its own: its checkpoints are vision-encoder-decoder (Donut-Swin encoder, mBART decoder) and are read with that model type',
  },
  'nystromformer': {
    from: 'nystromformer/modeling_nystromformer.py NystromformerEmbeddings (position_ids = arange(max_position_embeddings) + 2, table max_position_embeddings + 2); nystromformer/configuration_nystromformer.py NystromformerConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 2 },
    attention: 'none',
    defaults: { max_position_embeddings: 510, num_hidden_layers: 12 },
  },
  'olmo': {
    from: 'olmo/modeling_olmo.py OlmoRotaryEmbedding, apply_rotary_pos_emb (rotate_half); olmo/configuration_olmo.py OlmoConfig',
    like: 'llama',
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 2048, rope_theta: 10000 },
  },
  'olmo2': {
    from: 'olmo2/modeling_olmo2.py Olmo2RotaryEmbedding, apply_rotary_pos_emb (rotate_half, after q_norm/k_norm); olmo2/configuration_olmo2.py Olmo2Config',
    like: 'llama',
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 2048, rope_theta: 10000 },
  },
  'olmo3': {
    from: 'olmo3/configuration_olmo3.py Olmo3Config (layer_types every 4th full; convert_rope_params_to_dict pops rope_theta for the full layers); olmo3/modeling_olmo3.py Olmo3RotaryEmbedding',
    like: 'llama',
    layers: { rule: 'every', n: 4 },
    window: 4096,
    localBase: 'default',
    fillTypes: true,
    defaults: { hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 2048, rope_theta: 5e5, sliding_window: 4096 },
    note: 'layer i sliding unless (i + 1) % 4 == 0; the sliding layers use default RoPE at the class default base.',
  },
  'olmo_hybrid': {
    from: 'olmo_hybrid/modular_olmo_hybrid.py OlmoHybridConfig.__post_init__ (layer_types: full_attention when i % 4 == 3, the last layer full if none), OlmoHybridModel.__init__ (rotary_emb only when rope_parameters is not None and rope_parameters.get("rope_theta") is not None), OlmoHybridModel.forward (position_embeddings only on full_attention layers), OlmoHybridAttention (NoPE when position_embeddings is None), OlmoHybridGatedDeltaNet',
    unsupported: 'OLMo Hybrid applies RoPE (rotate_half) on its full_attention layers only when rope_parameters.rope_theta is not null, and the released checkpoints set it null (NoPE); posenc reads a null rope_theta as absent and would fall back to a default base, so it cannot tell the two apart yet',
  },
  'olmoe': {
    from: 'olmoe/modeling_olmoe.py OlmoeRotaryEmbedding, apply_rotary_pos_emb (rotate_half); olmoe/configuration_olmoe.py OlmoeConfig',
    like: 'llama',
    defaults: { hidden_size: 2048, num_attention_heads: 16, num_hidden_layers: 16, max_position_embeddings: 4096, rope_theta: 10000 },
  },
  'omdet-turbo': {
    from: 'omdet_turbo/modeling_omdet_turbo.py OmDetTurboForObjectDetection',
    unsupported: 'an open-vocabulary object detector: 2-D sine positions over image features, no token sequence',
  },
  'oneformer': {
    from: 'oneformer/modeling_oneformer.py OneFormerModel',
    unsupported: 'a universal segmentation model: 2-D sine positions over pixel features and learned queries, no token sequence',
  },
  'openai-gpt': {
    from: 'openai/modeling_openai.py OpenAIGPTModel (positions_embed nn.Embedding(n_positions)); openai/configuration_openai.py OpenAIGPTConfig',
    like: 'gpt2',
    defaults: { n_positions: 512, n_layer: 12 },
  },
  'openai_privacy_filter': {
    from: 'openai_privacy_filter/modular_openai_privacy_filter.py OpenAIPrivacyFilterConfig(GptOssConfig) (layer_types removed: SWA only), _apply_rotary_emb (x[..., ::2], x[..., 1::2]: interleaved), OpenAIPrivacyFilterAttention (sliding_window + 1, bidirectional), OpenAIPrivacyFilterModel (create_bidirectional_sliding_window_mask); openai_privacy_filter/configuration_openai_privacy_filter.py OpenAIPrivacyFilterConfig.__post_init__',
    like: 'gpt_oss',
    layout: 'gptj',
    layers: { rule: 'all', slidingKey: 'sliding_window' },
    window: 128,
    defaults: {
      hidden_size: 640, head_dim: 64, num_attention_heads: 14, num_hidden_layers: 8, max_position_embeddings: 131072, rope_theta: 150000, sliding_window: 128,
      rope_parameters: { rope_type: 'yarn', factor: 32, beta_fast: 32, beta_slow: 1, truncate: false, original_max_position_embeddings: 4096 },
    },
    note: 'A bidirectional token classifier: every layer is a symmetric sliding window of sliding_window tokens each side (the attention passes sliding_window + 1 for flash-attention symmetry); YaRN x32 by default at base 150000 (default_theta); pairs are interleaved (2k, 2k+1), unlike gpt-oss.',
  },
  'opt': {
    from: 'opt/modeling_opt.py OPTLearnedPositionalEmbedding (offset 2, positions from the attention mask cumsum); opt/configuration_opt.py OPTConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 2 },
    attention: 'none',
    defaults: { max_position_embeddings: 2048, num_hidden_layers: 12 },
    note: 'Positions are cumsum(attention_mask) - 1 (padding skipped), then + 2.',
  },
  'ovis2': {
    from: 'ovis2/configuration_ovis2.py Ovis2Config (text_config default Qwen2Config, vision_config Ovis2VisionConfig)',
    text: 'text_config',
    textType: 'qwen2',
    vision: 'AIMv2-style vision tower with learned patch positions and a visual tokenizer: image embeddings enter the Qwen2 sequence as tokens.',
  },
  'owlv2': {
    from: 'owlv2/configuration_owlv2.py Owlv2Config (text_config, vision_config)',
    text: 'text_config',
    textType: 'owlv2_text_model',
    vision: 'ViT tower: learned patch positions (num_patches + 1).',
  },
  'owlv2_text_model': {
    from: 'owlv2/modeling_owlv2.py Owlv2TextEmbeddings; owlv2/configuration_owlv2.py Owlv2TextConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 16, num_hidden_layers: 12 },
  },
  'owlv2_vision_model': {
    from: 'owlv2/modeling_owlv2.py Owlv2VisionEmbeddings (num_patches + 1 positions); owlv2/configuration_owlv2.py Owlv2VisionConfig',
    input: { kind: 'learned', size: { grid: ['image_size', 'patch_size'], extra: 1 }, offset: 0 },
    attention: 'none',
    defaults: { image_size: 768, patch_size: 16, num_hidden_layers: 12 },
  },
  'owlvit': {
    from: 'owlvit/configuration_owlvit.py OwlViTConfig (text_config, vision_config)',
    text: 'text_config',
    textType: 'owlvit_text_model',
    vision: 'ViT tower: learned patch positions (num_patches + 1).',
  },
  'owlvit_text_model': {
    from: 'owlvit/modeling_owlvit.py OwlViTTextEmbeddings; owlvit/configuration_owlvit.py OwlViTTextConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 16, num_hidden_layers: 12 },
  },
  'owlvit_vision_model': {
    from: 'owlvit/modeling_owlvit.py OwlViTVisionEmbeddings (num_patches + 1 positions); owlvit/configuration_owlvit.py OwlViTVisionConfig',
    input: { kind: 'learned', size: { grid: ['image_size', 'patch_size'], extra: 1 }, offset: 0 },
    attention: 'none',
    defaults: { image_size: 768, patch_size: 32, num_hidden_layers: 12 },
  },
  'paddleocr_vl': {
    from: 'paddleocr_vl/configuration_paddleocr_vl.py PaddleOCRVLConfig.__post_init__ (text_config; flat Hub configs keep the text fields at the top level)',
    text: 'text_config',
    textType: 'paddleocr_vl_text',
    vision: 'SigLIP-style (NaViT) vision encoder with 2-D vision RoPE; image tokens take 3-D M-RoPE positions in the text model.',
  },
  'paddleocr_vl_text': {
    from: 'paddleocr_vl/modular_paddleocr_vl.py PaddleOCRRotaryEmbedding(Qwen2VLRotaryEmbedding), PaddleOCRAttention(Qwen2_5OmniAttention: apply_multimodal_rotary_pos_emb, rotate_half); paddleocr_vl/configuration_paddleocr_vl.py PaddleOCRTextConfig (default_theta 500000)',
    like: 'llama',
    defaults: { hidden_size: 1024, head_dim: 128, num_attention_heads: 16, num_hidden_layers: 18, max_position_embeddings: 131072, rope_theta: 500000 },
    note: 'M-RoPE (rope_parameters.mrope_section) over the whole head with rotate_half pairs; text tokens have equal t/h/w positions, which is plain RoPE.',
  },
  'paddleocr_vl_vision': {
    from: 'paddleocr_vl/modular_paddleocr_vl.py PaddleOCRVisionRotaryEmbedding, PaddleOCRVisionEmbeddings',
    unsupported: 'a NaViT-style vision encoder with 2-D rotary positions over the patch grid: no token sequence',
  },
  'paligemma': {
    from: 'paligemma/configuration_paligemma.py PaliGemmaConfig (text_config default gemma, vision_config siglip_vision_model)',
    text: 'text_config',
    textType: 'gemma',
    vision: 'SigLIP vision tower: learned patch positions; image tokens are a bidirectional prefix of the text sequence.',
  },
  'parakeet_ctc': {
    from: 'parakeet/modeling_parakeet.py ParakeetForCTC, ParakeetEncoderRelPositionalEncoding',
    unsupported: 'a FastConformer speech encoder with Transformer-XL relative sinusoidal positions over audio frames: no token sequence',
  },
  'parakeet_encoder': {
    from: 'parakeet/modeling_parakeet.py ParakeetEncoder, ParakeetEncoderRelPositionalEncoding',
    unsupported: 'a FastConformer speech encoder with Transformer-XL relative sinusoidal positions over audio frames: no token sequence',
  },
  'parakeet_rnnt': {
    from: 'parakeet/modeling_parakeet.py ParakeetForRNNT, ParakeetEncoderRelPositionalEncoding; parakeet/configuration_parakeet.py ParakeetRNNTConfig',
    unsupported: 'an RNN-T speech recogniser over a FastConformer encoder with Transformer-XL relative sinusoidal positions over audio frames: no token sequence',
  },
  'patchtsmixer': {
    from: 'patchtsmixer/modeling_patchtsmixer.py PatchTSMixerModel',
    unsupported: 'a time-series MLP-mixer over patches: no token sequence',
  },
  'patchtst': {
    from: 'patchtst/modeling_patchtst.py PatchTSTPositionalEncoding',
    unsupported: 'a time-series transformer over patches of a series (learned or sincos patch positions): no token sequence',
  },
  'pe_audio': {
    from: 'pe_audio/configuration_pe_audio.py PeAudioConfig (text_config default modernbert: hidden 1024, 16 heads, 22 layers)',
    text: 'text_config',
    textType: 'modernbert',
    vision: 'Perception Encoder audio tower (RoPE over frames, rope_theta 20000) for contrastive audio-text embeddings; the text side is ModernBERT.',
  },
  'pe_audio_encoder': {
    from: 'pe_audio/configuration_pe_audio.py PeAudioEncoderConfig; pe_audio/modeling_pe_audio.py',
    unsupported: 'an audio encoder over DAC codec frames (RoPE, rope_theta 20000, in a contrastive model): no text token sequence',
  },
  'pe_audio_video': {
    from: 'pe_audio_video/configuration_pe_audio_video.py PeAudioVideoConfig (text_config default modernbert: hidden 1024, 16 heads, 22 layers)',
    text: 'text_config',
    textType: 'modernbert',
    vision: 'Perception Encoder audio-video tower (RoPE over frames, rope_theta 20000) for contrastive audio-video-text embeddings; the text side is ModernBERT.',
  },
  'pe_audio_video_encoder': {
    from: 'pe_audio_video/configuration_pe_audio_video.py PeAudioVideoEncoderConfig; pe_audio_video/modeling_pe_audio_video.py',
    unsupported: 'an audio-video fusion encoder over audio and video frames (RoPE, rope_theta 20000): no text token sequence',
  },
  'pe_video': {
    from: 'pe_video/configuration_pe_video.py PeVideoConfig (text_config default modernbert: hidden 1024, 16 heads, 22 layers)',
    text: 'text_config',
    textType: 'modernbert',
    vision: 'Perception Encoder video tower (RoPE over frames, rope_theta 20000) for contrastive video-text embeddings; the text side is ModernBERT.',
  },
  'pe_video_encoder': {
    from: 'pe_video/configuration_pe_video.py PeVideoEncoderConfig; pe_video/modeling_pe_video.py',
    unsupported: 'a video encoder: a timm Perception Encoder image tower per frame, then a transformer over frames (RoPE, rope_theta 20000): no text token sequence',
  },
  'pegasus': {
    from: 'pegasus/modeling_pegasus.py PegasusSinusoidalPositionalEmbedding (Marian layout, positions from past length); pegasus/configuration_pegasus.py PegasusConfig',
    input: { kind: 'sinusoidal', variant: 'marian', dim: 'd_model', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { d_model: 1024, max_position_embeddings: 1024 },
    note: 'Encoder and decoder each add the same fixed table; token embeddings are scaled by sqrt(d_model) when scale_embedding.',
  },
  'pegasus_x': {
    from: 'pegasus_x/modeling_pegasus_x.py PegasusXSinusoidalPositionalEmbedding (div_term = exp(-k ln 10000 / (d/2 - 1)), [sin | cos] halves, computed per forward); pegasus_x/configuration_pegasus_x.py PegasusXConfig',
    input: { kind: 'sinusoidal', variant: 'tensor2tensor', dim: 'd_model', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { d_model: 1024, max_position_embeddings: 16384 },
    note: 'The encoder uses block-local attention (block_size, staggered blocks) plus num_global_tokens global tokens that get no positions; posenc describes only the sinusoidal positions added to the tokens.',
  },
  'perceiver': {
    from: 'perceiver/modeling_perceiver.py PerceiverModel, PerceiverTextPreprocessor, build_position_encoding',
    unsupported: 'Perceiver IO: inputs are preprocessed per modality (learned or Fourier positions) and cross-attended into a latent array: no single token sequence',
  },
  'perception_lm': {
    from: 'perception_lm/configuration_perception_lm.py PerceptionLMConfig (text_config default llama, vision_config)',
    text: 'text_config',
    textType: 'llama',
    vision: 'Perception Encoder vision tower (timm_wrapper); image features become tokens in the Llama sequence.',
  },
  'persimmon': {
    from: 'persimmon/modeling_persimmon.py PersimmonRotaryEmbedding, PersimmonAttention (query_rot = first rotary_ndims dims, rotate_half); persimmon/configuration_persimmon.py PersimmonConfig',
    like: 'llama',
    defaults: { hidden_size: 4096, num_attention_heads: 64, num_hidden_layers: 36, max_position_embeddings: 16384, rope_theta: 25000, partial_rotary_factor: 0.5 },
  },
  'phi': {
    from: 'phi/modeling_phi.py PhiRotaryEmbedding, PhiAttention (query_rot = first rotary_ndims dims, rotate_half); phi/configuration_phi.py PhiConfig',
    like: 'llama',
    defaults: { hidden_size: 2048, num_attention_heads: 32, num_hidden_layers: 24, max_position_embeddings: 2048, rope_theta: 10000, partial_rotary_factor: 0.5 },
  },
  'phi3': {
    from: 'phi3/modeling_phi3.py Phi3RotaryEmbedding, apply_rotary_pos_emb (partial, rotate_half), Phi3Attention (sliding_window); phi3/configuration_phi3.py Phi3Config (original_max_position_embeddings, _rope_scaling_adjustment: su/yarn -> longrope)',
    like: 'llama',
    layers: { rule: 'all', slidingKey: 'sliding_window' },
    ropeTypes: { su: 'longrope', yarn: 'longrope' },
    reads: ['original_max_position_embeddings'],
    defaults: { hidden_size: 3072, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 4096, original_max_position_embeddings: 4096, rope_theta: 10000, partial_rotary_factor: 1, sliding_window: null },
    note: 'LongRoPE takes original_max_position_embeddings from the top level; the legacy rope_scaling types su and yarn are read as longrope. sliding_window, when a number, applies to every layer (Phi-3-mini-4k: 2047).',
  },
  'phi4_multimodal': {
    from: 'phi4_multimodal/configuration_phi4_multimodal.py Phi4MultimodalConfig (text fields at the top level, convert_rope_params_to_dict: rope_scaling or rope_parameters, partial_rotary_factor setdefault into the dict, su/yarn -> longrope); phi4_multimodal/modeling_phi4_multimodal.py Phi4MultimodalRotaryEmbedding',
    like: 'phi3',
    defaults: { hidden_size: 3072, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 131072, original_max_position_embeddings: 4096, rope_theta: 10000, partial_rotary_factor: 1, sliding_window: null },
    note: 'The language model is Phi-3 style (partial LongRoPE; Phi-4-multimodal-instruct sets partial_rotary_factor 0.75). The class puts a top-level partial_rotary_factor into rope_parameters only when the dict lacks one (dict wins; posenc lets the top level win when both are given). Image and audio embeddings replace special tokens in the sequence.',
  },
  'phi4_multimodal_audio': {
    from: 'phi4_multimodal/modeling_phi4_multimodal.py Phi4MultimodalAudioModel (conformer, relative attention bias)',
    unsupported: 'a conformer audio encoder with a learned relative attention bias over audio frames: no token sequence',
  },
  'phi4_multimodal_vision': {
    from: 'phi4_multimodal/modeling_phi4_multimodal.py Phi4MultimodalVisionEmbeddings (SigLIP-style, bucketed patch positions)',
    unsupported: 'a SigLIP-style vision encoder with learned positions over a resized patch grid: no token sequence',
  },
  'phimoe': {
    from: 'phimoe/modeling_phimoe.py PhimoeRotaryEmbedding (longrope with short_mscale / long_mscale), PhimoeAttention; phimoe/configuration_phimoe.py PhimoeConfig',
    like: 'llama',
    layers: { rule: 'all', slidingKey: 'sliding_window' },
    reads: ['original_max_position_embeddings'],
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 131072, rope_theta: 1e6, sliding_window: null },
    note: 'Phi-3.5-MoE\'s longrope rope_scaling carries short_mscale and long_mscale (attention factors chosen by sequence length), which posenc does not read: such a config is refused by key.',
  },
  'pi0': {
    from: 'pi0/configuration_pi0.py PI0Config (vlm_config default paligemma with a gemma text_config, dit_config default gemma; both forced bidirectional)',
    text: 'vlm_config',
    textType: 'paligemma',
    vision: 'PaliGemma VLM (SigLIP tower, learned patch positions) over images and the prompt; a second Gemma expert (dit_config) denoises the action chunk.',
  },
  'pix2struct': {
    from: 'pix2struct/configuration_pix2struct.py Pix2StructConfig (text_config, vision_config)',
    text: 'text_config',
    textType: 'pix2struct_text_model',
    vision: 'patch encoder with learned row and column embeddings (flattened patches carry their row/column ids) and T5-style attention without relative bias.',
  },
  'pix2struct_text_model': {
    from: 'pix2struct/modeling_pix2struct.py Pix2StructTextAttention._relative_position_bucket, compute_bias (bidirectional=False, layer 0 has the table); pix2struct/configuration_pix2struct.py Pix2StructTextConfig',
    unsupported: 'a decoder-only T5-style stack (causal buckets, bidirectional=False): posenc\'s t5 record always lists an encoder stack first and has no decoder-only form yet',
  },
  'pix2struct_vision_model': {
    from: 'pix2struct/modeling_pix2struct.py Pix2StructVisionEmbeddings (row_embedder, column_embedder)',
    unsupported: 'a patch encoder whose positions are learned row and column embeddings of each flattened patch: no token sequence',
  },
  'pixio': {
    from: 'pixio/configuration_pixio.py PixioConfig (image_size, patch_size, n_cls_tokens 8); pixio/modeling_pixio.py',
    unsupported: 'a ViT image encoder / backbone (MAE-style, n_cls_tokens class tokens) over image patches: no token sequence',
  },
  'pixtral': {
    from: 'pixtral/modeling_pixtral.py PixtralRotaryEmbedding (2-D over the patch grid)',
    unsupported: 'a vision encoder with 2-D rotary positions over the patch grid: no token sequence',
  },
  'plbart': {
    from: 'plbart/modeling_plbart.py PLBartLearnedPositionalEmbedding (offset 2); plbart/configuration_plbart.py PLBartConfig',
    like: 'bart',
    defaults: { max_position_embeddings: 1024 },
  },
  'poolformer': {
    from: 'poolformer/modeling_poolformer.py PoolFormerModel',
    unsupported: 'a convolutional (pooling) image backbone: no token positions',
  },
  'pop2piano': {
    from: 'pop2piano/modeling_pop2piano.py Pop2PianoAttention._relative_position_bucket, compute_bias; pop2piano/configuration_pop2piano.py Pop2PianoConfig',
    like: 't5',
    defaults: { relative_attention_num_buckets: 32, relative_attention_max_distance: 128, num_layers: 6 },
  },
  'pp_chart2table': {
    from: 'pp_chart2table/configuration_pp_chart2table.py PPChart2TableConfig (vision_config: PPChart2TableVisionConfig, text_config: PPChart2TableTextConfig model_type pp_chart2table_text)',
    unsupported: 'its text model has model_type pp_chart2table_text, which has no record (not a listed model type): a Qwen2-style decoder whose config class makes every layer sliding_attention whenever sliding_window is set (default 32768); its modeling file was not read',
  },
  'pp_doclayout_v2': {
    from: 'pp_doclayout_v2/modeling_pp_doclayout_v2.py',
    unsupported: 'a document layout detector (DETR-style over CNN features): no token sequence',
  },
  'pp_doclayout_v3': {
    from: 'pp_doclayout_v3/modeling_pp_doclayout_v3.py',
    unsupported: 'a document layout detector (DETR-style over CNN features): no token sequence',
  },
  'pp_formulanet': {
    from: 'pp_formulanet/configuration_pp_formulanet.py PPFormulaNetConfig (d_model 512, decoder_layers 8, max_position_embeddings 2560, scale_embedding; SAM-style vision encoder with abs and rel positions)',
    unsupported: 'not yet read: an image-to-LaTeX encoder-decoder whose mBART-style decoder position table (max_position_embeddings 2560, offset) was not checked in the modeling file',
  },
  'pp_lcnet': {
    from: 'pp_lcnet/modeling_pp_lcnet.py',
    unsupported: 'a convolutional image backbone (PP-LCNet): no token positions',
  },
  'pp_lcnet_v3': {
    from: 'pp_lcnet_v3/modeling_pp_lcnet_v3.py',
    unsupported: 'a convolutional image backbone (PP-LCNetV3): no token positions',
  },
  'pp_lcnet_v4': {
    from: 'pp_lcnet_v4/modeling_pp_lcnet_v4.py; pp_lcnet_v4/configuration_pp_lcnet_v4.py PPLCNetV4Config',
    unsupported: 'a convolutional image backbone (PP-LCNetV4): no token positions',
  },
  'pp_ocrv5_mobile_det': {
    from: 'pp_ocrv5_mobile_det/modeling_pp_ocrv5_mobile_det.py',
    unsupported: 'a convolutional text detector (segmentation maps): no token positions',
  },
  'pp_ocrv5_mobile_rec': {
    from: 'pp_ocrv5_mobile_rec/modeling_pp_ocrv5_mobile_rec.py',
    unsupported: 'a text-line recognizer (CNN backbone, SVTR neck, CTC head) over image features: no token sequence',
  },
  'pp_ocrv5_server_det': {
    from: 'pp_ocrv5_server_det/modeling_pp_ocrv5_server_det.py',
    unsupported: 'a convolutional text detector (segmentation maps): no token positions',
  },
  'pp_ocrv5_server_rec': {
    from: 'pp_ocrv5_server_rec/modeling_pp_ocrv5_server_rec.py',
    unsupported: 'a text-line recognizer (CNN backbone, SVTR neck, CTC head) over image features: no token sequence',
  },
  'pp_ocrv6_medium_det': {
    from: 'pp_ocrv6_medium_det/modeling_pp_ocrv6_medium_det.py; pp_ocrv6_medium_det/configuration_pp_ocrv6_medium_det.py PPOCRV6MediumDetConfig',
    unsupported: 'a convolutional text detector (segmentation maps): no token positions',
  },
  'pp_ocrv6_small_det': {
    from: 'pp_ocrv6_small_det/modeling_pp_ocrv6_small_det.py; pp_ocrv6_small_det/configuration_pp_ocrv6_small_det.py PPOCRV6SmallDetConfig',
    unsupported: 'a convolutional text detector (segmentation maps): no token positions',
  },
  'pp_ocrv6_small_rec': {
    from: 'pp_ocrv6_small_rec/modeling_pp_ocrv6_small_rec.py; pp_ocrv6_small_rec/configuration_pp_ocrv6_small_rec.py PPOCRV6SmallRecConfig',
    unsupported: 'a text-line recognizer over image features (CNN backbone, sequence neck, CTC head): no token sequence',
  },
  'pp_ocrv6_tiny_rec': {
    from: 'pp_ocrv6_tiny_rec/modeling_pp_ocrv6_tiny_rec.py; pp_ocrv6_tiny_rec/configuration_pp_ocrv6_tiny_rec.py PPOCRV6TinyRecConfig',
    unsupported: 'a text-line recognizer over image features (CNN backbone, sequence neck, CTC head): no token sequence',
  },
  'prompt_depth_anything': {
    from: 'prompt_depth_anything/modeling_prompt_depth_anything.py PromptDepthAnythingForDepthEstimation',
    unsupported: 'a depth estimator (DINOv2 backbone with interpolated learned patch positions, DPT head): no token sequence',
  },
  'prophetnet': {
    from: 'prophetnet/modeling_prophetnet.py ProphetNetPositionalEmbeddings, ProphetNetNgramSelfAttention (compute_relative_buckets, main and predict streams)',
    unsupported: 'learned absolute positions plus n-gram predict streams with their own relative buckets (ProphetNetNgramSelfAttention): posenc has no kind for the n-gram stream positions',
  },
  'pvt': {
    from: 'pvt/modeling_pvt.py PvtModel',
    unsupported: 'a pyramid vision transformer: learned per-stage patch positions over a shrinking grid, no token sequence',
  },
  'pvt_v2': {
    from: 'pvt_v2/modeling_pvt_v2.py PvtV2Model',
    unsupported: 'a pyramid vision transformer with overlapping convolutional patch embeddings and no position table: no token sequence',
  },
  'qianfan_ocr': {
    from: 'qianfan_ocr/configuration_qianfan_ocr.py QianfanOCRConfig.__post_init__ (text_config default qwen3, vision_config QianfanOCRVisionConfig)',
    text: 'text_config',
    textType: 'qwen3',
    vision: 'InternViT-style vision encoder (absolute patch positions) with pixel-shuffle downsampling; image features replace image tokens in the Qwen3 sequence.',
  },
  'qianfan_ocr_vision': {
    from: 'qianfan_ocr/configuration_qianfan_ocr.py QianfanOCRVisionConfig (use_absolute_position_embeddings, image_size 448, patch_size 14); qianfan_ocr/modeling_qianfan_ocr.py',
    unsupported: 'an InternViT-style image encoder (learned absolute patch positions, interpolated to the image size): no token sequence',
  },
  'qwen2_5_omni': {
    from: 'qwen2_5_omni/configuration_qwen2_5_omni.py Qwen2_5OmniConfig (thinker_config, talker_config, token2wav_config)',
    text: 'thinker_config',
    textType: 'qwen2_5_omni_thinker',
  },
  'qwen2_5_omni_audio_encoder': {
    from: 'qwen2_5_omni/modeling_qwen2_5_omni.py Qwen2_5OmniAudioEncoder (SinusoidsPositionEmbedding over chunks of n_window frames)',
    unsupported: 'a Whisper-style audio encoder over log-mel frames: no token sequence',
  },
  'qwen2_5_omni_bigvgan': {
    from: 'qwen2_5_omni/modeling_qwen2_5_omni.py Qwen2_5OmniToken2WavBigVGANModel',
    unsupported: 'a convolutional vocoder (BigVGAN): no token positions',
  },
  'qwen2_5_omni_dit': {
    from: 'qwen2_5_omni/modeling_qwen2_5_omni.py Qwen2_5OmniToken2WavDiTModel',
    unsupported: 'a diffusion transformer over mel frames (token2wav), with its own rotary embedding over frames and block-wise attention: no text token sequence',
  },
  'qwen2_5_omni_talker': {
    from: 'qwen2_5_omni/configuration_qwen2_5_omni.py Qwen2_5OmniTalkerConfig (head_dim 128, default_theta 1e6, layer_types from use_sliding_window / max_window_layers); qwen2_5_omni/modeling_qwen2_5_omni.py Qwen2_5OmniTalkerModel (M-RoPE)',
    like: 'qwen2',
    defaults: { hidden_size: 3584, head_dim: 128, num_attention_heads: 28, num_hidden_layers: 28, max_position_embeddings: 32768, rope_theta: 1e6, sliding_window: 32768 },
    note: 'The speech-token decoder; it reads the thinker\'s 3-D M-RoPE positions (mrope_section), which for text are plain RoPE.',
  },
  'qwen2_5_omni_text': {
    from: 'qwen2_5_omni/configuration_qwen2_5_omni.py Qwen2_5OmniTextConfig.__post_init__ (sliding_window only with use_sliding_window, from max_window_layers; default_theta 1e6); qwen2_5_omni/modeling_qwen2_5_omni.py Qwen2_5OmniAttention (apply_multimodal_rotary_pos_emb)',
    like: 'qwen2',
    defaults: { hidden_size: 3584, num_attention_heads: 28, num_hidden_layers: 28, max_position_embeddings: 32768, rope_theta: 1e6, sliding_window: 32768 },
    note: 'M-RoPE with rope_parameters.mrope_section over the whole head (rotate_half); text tokens have equal t/h/w positions, which is plain RoPE; audio and video tokens take time positions at position_id_per_seconds.',
  },
  'qwen2_5_omni_thinker': {
    from: 'qwen2_5_omni/configuration_qwen2_5_omni.py Qwen2_5OmniThinkerConfig (text_config, audio_config, vision_config)',
    text: 'text_config',
    textType: 'qwen2_5_omni_text',
    vision: 'Qwen2.5-VL-style vision encoder (2-D RoPE, windowed) and Whisper-style audio encoder; their tokens take 3-D M-RoPE positions.',
  },
  'qwen2_5_omni_token2wav': {
    from: 'qwen2_5_omni/configuration_qwen2_5_omni.py Qwen2_5OmniToken2WavConfig (dit_config, bigvgan_config)',
    unsupported: 'the speech-code-to-waveform stage (a DiT over mel frames and a BigVGAN vocoder): no text token sequence',
  },
  'qwen2_5_omni_vision_encoder': {
    from: 'qwen2_5_omni/modeling_qwen2_5_omni.py Qwen2_5OmniVisionEncoder (VisionRotaryEmbedding, window attention)',
    unsupported: 'a vision encoder with 2-D rotary positions over the patch grid and window attention: no token sequence',
  },
  'qwen2_5_vl': {
    from: 'qwen2_5_vl/configuration_qwen2_5_vl.py Qwen2_5_VLConfig (text_config: Qwen2_5_VLTextConfig; legacy flat configs keep the text fields at the top level)',
    text: 'text_config',
    textType: 'qwen2_5_vl_text',
    vision: 'windowed ViT with 2-D RoPE; image and video tokens take 3-D M-RoPE (t, h, w) positions in the text model.',
  },
  'qwen2_5_vl_text': {
    from: 'qwen2_5_vl/configuration_qwen2_5_vl.py Qwen2_5_VLTextConfig (max_window_layers 80, rope_theta 1e6); qwen2_5_vl/modeling_qwen2_5_vl.py apply_multimodal_rotary_pos_emb',
    like: 'qwen2',
    layers: { rule: 'qwen', maxWindowLayers: 80 },
    defaults: { hidden_size: 8192, num_attention_heads: 64, num_hidden_layers: 80, max_position_embeddings: 32768, rope_theta: 1e6 },
    note: 'M-RoPE (mrope_section) over the whole head; text tokens have equal t/h/w positions, which is plain RoPE.',
  },
  'qwen2_5_vl_vision': {
    from: 'qwen2_5_vl/modeling_qwen2_5_vl.py Qwen2_5_VisionTransformerPretrainedModel (Qwen2_5_VisionRotaryEmbedding, window attention)',
    unsupported: 'a vision encoder with 2-D rotary positions over the patch grid and window attention: no token sequence',
  },
  'qwen2_audio': {
    from: 'qwen2_audio/configuration_qwen2_audio.py Qwen2AudioConfig (audio_config, text_config default qwen2)',
    text: 'text_config',
    textType: 'qwen2',
    vision: 'Whisper-style audio encoder: sinusoidal positions over audio frames; audio embeddings replace audio tokens in the Qwen2 sequence.',
  },
  'qwen2_audio_encoder': {
    from: 'qwen2_audio/modeling_qwen2_audio.py Qwen2AudioEncoder',
    unsupported: 'a Whisper-style audio encoder over log-mel frames: no token sequence',
  },
  'qwen2_moe': {
    from: 'qwen2_moe/configuration_qwen2_moe.py Qwen2MoeConfig (every other layer from 0 below max_window_layers); qwen2_moe/modeling_qwen2_moe.py Qwen2MoeRotaryEmbedding',
    like: 'qwen2',
    layers: { rule: 'qwen2_moe', maxWindowLayers: 28 },
    note: 'with use_sliding_window, layers 0, 2, 4 … below max_window_layers slide.',
  },
  'qwen2_vl': {
    from: 'qwen2_vl/configuration_qwen2_vl.py Qwen2VLConfig (text_config: Qwen2VLTextConfig; legacy flat configs keep the text fields at the top level)',
    text: 'text_config',
    textType: 'qwen2_vl_text',
    vision: 'ViT with 2-D RoPE; image and video tokens take 3-D M-RoPE (t, h, w) positions in the text model.',
  },
  'qwen2_vl_text': {
    from: 'qwen2_vl/configuration_qwen2_vl.py Qwen2VLTextConfig (max_window_layers 80, rope_theta 1e6); qwen2_vl/modeling_qwen2_vl.py apply_multimodal_rotary_pos_emb',
    like: 'qwen2_5_vl_text',
  },
  'qwen2_vl_vision': {
    from: 'qwen2_vl/modeling_qwen2_vl.py Qwen2VisionTransformerPretrainedModel (VisionRotaryEmbedding)',
    unsupported: 'a vision encoder with 2-D rotary positions over the patch grid: no token sequence',
  },
  'qwen3': {
    from: 'qwen3/configuration_qwen3.py Qwen3Config (as Qwen2Config: max_window_layers 28); qwen3/modeling_qwen3.py Qwen3RotaryEmbedding',
    like: 'qwen2',
    defaults: { head_dim: 128 },
      },
  'qwen3_5': {
    from: 'qwen3_5/configuration_qwen3_5.py Qwen3_5Config (text_config: Qwen3_5TextConfig, vision_config)',
    text: 'text_config',
    textType: 'qwen3_5_text',
    vision: 'Qwen3-VL-style vision encoder (learned interpolated positions plus 2-D RoPE); image and video tokens take interleaved M-RoPE positions.',
  },
  'qwen3_5_moe': {
    from: 'qwen3_5_moe/configuration_qwen3_5_moe.py Qwen3_5MoeConfig (text_config: Qwen3_5MoeTextConfig, vision_config)',
    text: 'text_config',
    textType: 'qwen3_5_moe_text',
    vision: 'Qwen3-VL-style vision encoder (learned interpolated positions plus 2-D RoPE); image and video tokens take interleaved M-RoPE positions.',
  },
  'qwen3_5_moe_text': {
    from: 'qwen3_5_moe/configuration_qwen3_5_moe.py Qwen3_5MoeTextConfig.__post_init__ (partial_rotary_factor setdefault 0.25, layer_types from full_attention_interval 4); qwen3_5_moe/modeling_qwen3_5_moe.py Qwen3_5MoeTextRotaryEmbedding (interleaved M-RoPE), apply_rotary_pos_emb (partial, rotate_half)',
    like: 'qwen3_5_text',
    defaults: { hidden_size: 2048, head_dim: 256, num_attention_heads: 16, num_hidden_layers: 40, max_position_embeddings: 32768, rope_theta: 10000, partial_rotary_factor: 0.25 },
  },
  'qwen3_5_moe_vision': {
    from: 'qwen3_5_moe/modeling_qwen3_5_moe.py Qwen3_5MoeVisionModel',
    unsupported: 'a vision encoder (learned interpolated patch positions plus 2-D rotary positions): no token sequence',
  },
  'qwen3_5_text': {
    from: 'qwen3_5/configuration_qwen3_5.py Qwen3_5TextConfig.__post_init__ (partial_rotary_factor setdefault 0.25, layer_types: linear_attention unless (i + 1) % full_attention_interval == 0, default 4); qwen3_5/modeling_qwen3_5.py Qwen3_5TextRotaryEmbedding (interleaved M-RoPE), apply_rotary_pos_emb (partial, rotate_half), Qwen3_5GatedDeltaNet',
    attention: 'rope',
    layout: 'neox',
    layers: { rule: 'interval', key: 'full_attention_interval', n: 4, other: 'linear_attention' },
    kinds: { linear_attention: 'none' },
    defaults: { hidden_size: 4096, head_dim: 256, num_attention_heads: 16, num_hidden_layers: 32, max_position_embeddings: 32768, rope_theta: 10000, partial_rotary_factor: 0.25 },
    note: 'Gated DeltaNet linear_attention layers carry no positions; the full_attention layers rotate the first partial_rotary_factor of each head (rotate_half). M-RoPE sections (mrope_section, mrope_interleaved) only split positions among t/h/w, equal for text tokens.',
  },
  'qwen3_5_vision': {
    from: 'qwen3_5/modeling_qwen3_5.py Qwen3_5VisionModel',
    unsupported: 'a vision encoder (learned interpolated patch positions plus 2-D rotary positions): no token sequence',
  },
  'qwen3_asr': {
    from: 'qwen3_asr/configuration_qwen3_asr.py Qwen3ASRConfig (thinker_config Qwen3ASRThinkerConfig: audio_config, text_config Qwen3ASRTextConfig)',
    unsupported: 'a speech recogniser whose text decoder sits two levels down (thinker_config.text_config) under model types transformers does not register (qwen3_asr_thinker, qwen3_asr_text); posenc reads composites one registered level at a time',
  },
  'qwen3_asr_encoder': {
    from: 'qwen3_asr/configuration_qwen3_asr.py Qwen3ASRAudioEncoderConfig (max_source_positions, n_window)',
    unsupported: 'a Whisper-style audio encoder over windowed log-mel frames: no token sequence',
  },
  'qwen3_moe': {
    from: 'qwen3_moe/configuration_qwen3_moe.py Qwen3MoeConfig; qwen3_moe/modeling_qwen3_moe.py Qwen3MoeRotaryEmbedding',
    like: 'qwen2',
    note: 'The attention reads config.head_dim when given (released checkpoints give 128), else hidden_size // num_attention_heads.',
  },
  'qwen3_next': {
    from: 'qwen3_next/configuration_qwen3_next.py Qwen3NextConfig.__post_init__ (partial_rotary_factor setdefault 0.25, layer_types from full_attention_interval 4); qwen3_next/modeling_qwen3_next.py Qwen3NextRotaryEmbedding, apply_rotary_pos_emb (partial, rotate_half), Qwen3NextGatedDeltaNet',
    like: 'qwen3_5_text',
    defaults: { hidden_size: 2048, head_dim: 256, num_attention_heads: 16, num_hidden_layers: 48, max_position_embeddings: 32768, rope_theta: 10000, partial_rotary_factor: 0.25 },
    note: 'Gated DeltaNet linear_attention layers carry no positions; every full_attention_interval-th layer is full attention with partial RoPE on the first quarter of each head.',
  },
  'qwen3_omni_moe': {
    from: 'qwen3_omni_moe/configuration_qwen3_omni_moe.py Qwen3OmniMoeConfig (thinker_config, talker_config, code2wav_config; get_text_config -> thinker_config)',
    text: 'thinker_config',
    textType: 'qwen3_omni_moe_thinker',
  },
  'qwen3_omni_moe_audio_encoder': {
    from: 'qwen3_omni_moe/modeling_qwen3_omni_moe.py Qwen3OmniMoeAudioEncoder',
    unsupported: 'an audio encoder over log-mel frames (sinusoidal positions per chunk): no token sequence',
  },
  'qwen3_omni_moe_talker_code_predictor': {
    from: 'qwen3_omni_moe/configuration_qwen3_omni_moe.py Qwen3OmniMoeTalkerCodePredictorConfig.__post_init__ (layer_types: sliding when sliding_window is not None and i >= max_window_layers); qwen3_omni_moe/modeling_qwen3_omni_moe.py Qwen3OmniMoeTalkerCodePredictorModel',
    like: 'qwen2',
    layers: { rule: 'qwen', flag: false, maxWindowLayers: 28 },  // Qwen3OmniMoeTalkerCodePredictorConfig.__post_init__
    defaults: { hidden_size: 1024, head_dim: 128, num_attention_heads: 16, num_hidden_layers: 5, max_position_embeddings: 32768, rope_theta: 10000, sliding_window: null, max_window_layers: 28 },
    note: 'Predicts the residual codebooks of one frame: its sequence is the codebook groups (num_code_groups), with plain 1-D RoPE.',
  },
  'qwen3_omni_moe_talker_text': {
    from: 'qwen3_omni_moe/configuration_qwen3_omni_moe.py Qwen3OmniMoeTalkerTextConfig (no layer_types, sliding_window None); qwen3_omni_moe/modeling_qwen3_omni_moe.py Qwen3OmniMoeTalkerModel (interleaved M-RoPE)',
    like: 'llama',
    layers: { rule: 'all', slidingKey: 'sliding_window' },
    defaults: { hidden_size: 1024, num_attention_heads: 16, num_hidden_layers: 20, max_position_embeddings: 32768, rope_theta: 10000, sliding_window: null },
    note: 'M-RoPE sections (mrope_section, interleaved) only split positions among t/h/w, equal for text tokens; head_dim from config.head_dim when given, else hidden_size // heads.',
  },
  'qwen3_omni_moe_text': {
    from: 'qwen3_omni_moe/configuration_qwen3_omni_moe.py Qwen3OmniMoeTextConfig (default_theta 1e6, no layer_types, sliding_window None); qwen3_omni_moe/modeling_qwen3_omni_moe.py Qwen3OmniMoeThinkerTextRotaryEmbedding (interleaved M-RoPE, rope_scaling.interleaved unread), apply_rotary_pos_emb',
    like: 'llama',
    layers: { rule: 'all', slidingKey: 'sliding_window' },
    defaults: { hidden_size: 2048, num_attention_heads: 28, num_hidden_layers: 28, max_position_embeddings: 32768, rope_theta: 1e6, sliding_window: null },
    // Qwen3OmniMoeThinkerTextRotaryEmbedding reads rope_type and mrope_section only, and interleaves always
    ropeIgnored: { interleaved: 'is not read by Qwen3OmniMoeThinkerTextRotaryEmbedding, which reads only rope_type and mrope_section and always interleaves the sections (apply_interleaved_mrope)' },
    note: 'Interleaved M-RoPE (mrope_section, mrope_interleaved) over the whole head; text tokens have equal t/h/w positions, which is plain RoPE. head_dim from config.head_dim when given (128 in released checkpoints), else hidden_size // heads.',
  },
  'qwen3_omni_moe_thinker': {
    from: 'qwen3_omni_moe/configuration_qwen3_omni_moe.py Qwen3OmniMoeThinkerConfig (text_config, audio_config, vision_config)',
    text: 'text_config',
    textType: 'qwen3_omni_moe_text',
    vision: 'Qwen3-VL-style vision encoder and an audio encoder; their tokens take interleaved M-RoPE positions (audio and video at position_id_per_seconds).',
  },
  'qwen3_omni_moe_vision_encoder': {
    from: 'qwen3_omni_moe/modeling_qwen3_omni_moe.py Qwen3OmniMoeVisionEncoder',
    unsupported: 'a vision encoder (learned interpolated patch positions plus 2-D rotary positions, deepstack features): no token sequence',
  },
});
