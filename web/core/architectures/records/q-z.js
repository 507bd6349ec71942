// Records for model types qwen3_vl … zoedepth. Paths are relative to
// transformers' src/transformers/models/ at the commit web/docs/architectures.md names.
export default () => ({
  'qwen3_vl': {
    from: 'qwen3_vl/configuration_qwen3_vl.py Qwen3VLConfig (sub_configs text_config: Qwen3VLTextConfig)',
    text: 'text_config',
    textType: 'qwen3_vl_text',
    mrope: { model: 'qwen3-vl', layoutKey: 'mrope_layout' },
    vision: 'Qwen3VLVisionModel: a learned num_position_embeddings grid bilinearly interpolated to each image (fast_pos_embed_interpolate) plus 2-D rotary over patch rows/columns',
  },
  'qwen3_vl_moe': {
    from: 'qwen3_vl_moe/configuration_qwen3_vl_moe.py Qwen3VLMoeConfig (sub_configs text_config: Qwen3VLMoeTextConfig)',
    text: 'text_config',
    textType: 'qwen3_vl_moe_text',
    mrope: { model: 'qwen3-vl', layoutKey: 'mrope_layout' },
    vision: 'Qwen3VLMoeVisionModel: learned num_position_embeddings grid bilinearly interpolated per image plus 2-D rotary over patch rows/columns',
  },
  'qwen3_vl_moe_text': {
    from: 'qwen3_vl_moe/modeling_qwen3_vl_moe.py Qwen3VLMoeTextRotaryEmbedding.apply_interleaved_mrope, rotate_half, apply_rotary_pos_emb; qwen3_vl_moe/configuration_qwen3_vl_moe.py Qwen3VLMoeTextConfig (default_theta 500000, head_dim or hidden_size // num_attention_heads)',
    like: 'llama',
    rotary: null,
    defaults: { hidden_size: 2048, num_attention_heads: 16, num_hidden_layers: 24, max_position_embeddings: 128000, rope_theta: 500000 },
    note: 'Interleaved M-RoPE (rope_parameters.mrope_section, mrope_interleaved): text-only positions have t = h = w, so every section rotates with the same position and it equals 1-D RoPE; image/video tokens get 3-D positions (get_rope_index) that posenc does not compute.',
  },
  'qwen3_vl_moe_vision': {
    from: 'qwen3_vl_moe/modeling_qwen3_vl_moe.py Qwen3VLMoeVisionModel (pos_embed, fast_pos_embed_interpolate, Qwen3VLMoeVisionRotaryEmbedding); qwen3_vl_moe/configuration_qwen3_vl_moe.py Qwen3VLMoeVisionConfig',
    unsupported: 'a vision tower: a learned num_position_embeddings grid bilinearly interpolated to each image plus 2-D rotary over patch rows and columns',
  },
  'qwen3_vl_text': {
    from: 'qwen3_vl/modeling_qwen3_vl.py Qwen3VLTextRotaryEmbedding.apply_interleaved_mrope, rotate_half, apply_rotary_pos_emb; qwen3_vl/configuration_qwen3_vl.py Qwen3VLTextConfig (default_theta 500000, head_dim 128)',
    like: 'llama',
    rotary: null,
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, head_dim: 128, max_position_embeddings: 128000, rope_theta: 500000 },
    note: 'Interleaved M-RoPE (rope_parameters.mrope_section, mrope_interleaved): text-only positions have t = h = w, so it equals 1-D RoPE; image/video tokens get 3-D positions (get_rope_index) that posenc does not compute.',
  },
  'qwen3_vl_vision': {
    from: 'qwen3_vl/modeling_qwen3_vl.py Qwen3VLVisionModel (pos_embed, fast_pos_embed_interpolate, Qwen3VLVisionRotaryEmbedding); qwen3_vl/configuration_qwen3_vl.py Qwen3VLVisionConfig',
    unsupported: 'a vision tower: a learned num_position_embeddings grid bilinearly interpolated to each image plus 2-D rotary over patch rows and columns',
  },
  'radio': {
    from: 'radio/modular_radio.py; radio/configuration_radio.py RadioConfig (vit_patch_generator.py, enable_cpe_support.py)',
    unsupported: 'a vision foundation model (RADIO ViT): a learned patch position grid cropped or interpolated per image (CPE), no token sequence',
  },
  'rag': {
    from: 'rag/configuration_rag.py RagConfig (question_encoder and generator sub-configs, each with its model_type)',
    text: 'generator',
  },
  'recurrent_gemma': {
    from: 'recurrent_gemma/modeling_recurrent_gemma.py RecurrentGemmaRotaryEmbedding, RecurrentGemmaSdpaAttention (torch.chunk(query_states, int(1 / partial_rotary_factor)): the first part rotates), apply_rotary_pos_emb (rotate_half); recurrent_gemma/configuration_recurrent_gemma.py RecurrentGemmaConfig.layers_block_type ((block_types * 100)[:num_hidden_layers])',
    attention: 'rope',
    layout: 'neox',
    headDim: [],
    rotary: 'partial_rotary_factor',
    layers: { rule: 'list', key: 'block_types', map: { recurrent: 'recurrent', attention: 'attention' }, cycle: true },
    kinds: { recurrent: 'none' },
    reads: ['attention_window_size'],
    defaults: {
      hidden_size: 2560, num_attention_heads: 10, num_hidden_layers: 26, rope_theta: 10000, partial_rotary_factor: 0.5,
      block_types: ['recurrent', 'recurrent', 'attention'], attention_window_size: 2048,
    },
    note: 'RoPE on the attention blocks only (the RG-LRU recurrent blocks have no positions); those blocks attend locally over attention_window_size (default 2048) tokens; head_dim is always hidden_size // num_attention_heads.',
  },
  'reformer': {
    from: 'reformer/modeling_reformer.py AxialPositionEmbeddings, PositionEmbeddings, LSHSelfAttention, LocalSelfAttention; reformer/configuration_reformer.py ReformerConfig (axial_pos_embds)',
    unsupported: 'Reformer: factorised axial position embeddings (axial_pos_shape, learned weights; plain learned ones only when axial_pos_embds is false) with chunked LSH/local attention',
  },
  'regnet': {
    from: 'regnet/modeling_regnet.py RegNetModel',
    unsupported: 'a convolutional image backbone: no token positions',
  },
  'rembert': {
    from: 'rembert/modeling_rembert.py RemBertEmbeddings (position_ids arange, nn.Embedding(max_position_embeddings, input_embedding_size)); rembert/configuration_rembert.py RemBertConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 32 },
  },
  'resnet': {
    from: 'resnet/modeling_resnet.py ResNetModel',
    unsupported: 'a convolutional image backbone: no token positions',
  },
  'rf_detr': {
    from: 'rf_detr/modeling_rf_detr.py; rf_detr/configuration_rf_detr.py RfDetrConfig',
    unsupported: 'an object detector (DETR family over a DINOv2 backbone): 2-D sine position features over the feature map and learned queries, no token sequence',
  },
  'rf_detr_dinov2': {
    from: 'rf_detr/modeling_rf_detr.py; rf_detr/configuration_rf_detr.py RfDetrDinov2Config',
    unsupported: 'the DINOv2 image backbone of RF-DETR (windowed attention over patches): learned patch positions, no token sequence',
  },
  'roberta': {
    from: 'roberta/modeling_roberta.py RobertaEmbeddings, create_position_ids_from_input_ids (padding_idx + 1 onwards); roberta/configuration_roberta.py RobertaConfig (pad_token_id 1)',
    like: 'bert',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 'pad_token_id' },
    defaults: { pad_token_id: 1 },
  },
  'roberta-prelayernorm': {
    from: 'roberta_prelayernorm/modeling_roberta_prelayernorm.py RobertaPreLayerNormEmbeddings, create_position_ids_from_input_ids; roberta_prelayernorm/configuration_roberta_prelayernorm.py RobertaPreLayerNormConfig',
    like: 'bert',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 'pad_token_id' },
    defaults: { pad_token_id: 1 },
  },
  'roc_bert': {
    from: 'roc_bert/modeling_roc_bert.py RoCBertEmbeddings (position_ids arange), RoCBertSelfAttention; roc_bert/configuration_roc_bert.py RoCBertConfig',
    like: 'bert',
  },
  'roformer': {
    from: 'roformer/modeling_roformer.py RoFormerSinusoidalPositionalEmbedding (Marian table over hidden_size // num_attention_heads), RoFormerSelfAttention.apply_rotary_position_embeddings (sin/cos repeated per pair, rotate_half_query = stack([-q[..., 1::2], q[..., ::2]])); roformer/configuration_roformer.py RoFormerConfig',
    attention: 'rope',
    layout: 'gptj',
    headDim: [],
    rotary: null,
    reads: ['rotary_value'],
    defaults: { hidden_size: 768, num_attention_heads: 12, num_hidden_layers: 12, max_position_embeddings: 1536, rope_theta: 10000 },
    note: 'The rotary table is a fixed sinusoid of base 10000 (no config key); RoFormerEmbeddings adds no absolute positions; rotary_value true also rotates the values.',
  },
  'rt_detr': {
    from: 'rt_detr/modeling_rt_detr.py RTDetrModel',
    unsupported: 'an object detector: 2-D sin-cos position features over the image feature map and learned query boxes, no token sequence',
  },
  'rt_detr_resnet': {
    from: 'rt_detr/modeling_rt_detr_resnet.py RTDetrResNetBackbone',
    unsupported: 'a convolutional image backbone: no token positions',
  },
  'rt_detr_v2': {
    from: 'rt_detr_v2/modeling_rt_detr_v2.py RTDetrV2Model',
    unsupported: 'an object detector: 2-D sin-cos position features over the image feature map and learned query boxes, no token sequence',
  },
  'rwkv': {
    from: 'rwkv/modeling_rwkv.py RwkvSelfAttention (time-mix recurrence), RwkvModel (no position embeddings)',
    attention: 'none',
    note: 'RWKV is a recurrent network: order enters through the time-decay recurrence, not through positions.',
  },
  'rwkv7': {
    from: 'rwkv7/modeling_rwkv7.py Rwkv7Attention (time-mix recurrence); rwkv7/configuration_rwkv7.py Rwkv7Config',
    like: 'rwkv',
    note: 'RWKV-7 is a recurrent network: order enters through the state recurrence (time decay, token shift), not through positions.',
  },
  'sam': {
    from: 'sam/modeling_sam.py SamModel, SamPositionalEmbedding, SamVisionAttention',
    unsupported: 'a segmentation model: random-Fourier point/box encodings and windowed vision attention with learned relative positions, no token sequence',
  },
  'sam2': {
    from: 'sam2/modeling_sam2.py Sam2Model',
    unsupported: 'a segmentation model: Hiera image backbone, sine position features and prompt encodings, no token sequence',
  },
  'sam2_hiera_det_model': {
    from: 'sam2/modeling_sam2.py Sam2HieraDetModel',
    unsupported: 'a hierarchical (Hiera) image backbone with windowed attention and interpolated learned position embeddings: no token sequence',
  },
  'sam2_video': {
    from: 'sam2_video/modeling_sam2_video.py Sam2VideoModel',
    unsupported: 'a video segmentation model: image features, memory attention with 2-D rotary over feature maps, no token sequence',
  },
  'sam2_vision_model': {
    from: 'sam2/modeling_sam2.py Sam2VisionModel',
    unsupported: 'an image encoder (Hiera with FPN neck): no token sequence',
  },
  'sam3': {
    from: 'sam3/modeling_sam3.py Sam3Model',
    unsupported: 'a segmentation model: ViT image features with 2-D rotary, DETR-style encoder/decoder with sine position features, no token sequence posenc can describe',
  },
  'sam3_detr_decoder': {
    from: 'sam3/configuration_sam3.py Sam3DETRDecoderConfig',
    unsupported: 'a DETR-style decoder over object queries and image features: no token sequence',
  },
  'sam3_detr_encoder': {
    from: 'sam3/configuration_sam3.py Sam3DETREncoderConfig',
    unsupported: 'a DETR-style encoder over image feature maps with sine position features: no token sequence',
  },
  'sam3_geometry_encoder': {
    from: 'sam3/configuration_sam3.py Sam3GeometryEncoderConfig',
    unsupported: 'a prompt geometry (points/boxes) encoder: no token sequence',
  },
  'sam3_lite_text': {
    from: 'sam3_lite_text/configuration_sam3_lite_text.py Sam3LiteTextConfig',
    unsupported: 'a segmentation model (SAM 3 with a MobileCLIP-style text encoder): image and prompt positions, no single token sequence',
  },
  'sam3_lite_text_detr_decoder': {
    from: 'sam3_lite_text/configuration_sam3_lite_text.py Sam3LiteTextDETRDecoderConfig',
    unsupported: 'a DETR-style decoder over object queries and image features: no token sequence',
  },
  'sam3_lite_text_detr_encoder': {
    from: 'sam3_lite_text/configuration_sam3_lite_text.py Sam3LiteTextDETREncoderConfig',
    unsupported: 'a DETR-style encoder over image feature maps: no token sequence',
  },
  'sam3_lite_text_geometry_encoder': {
    from: 'sam3_lite_text/configuration_sam3_lite_text.py Sam3LiteTextGeometryEncoderConfig',
    unsupported: 'a prompt geometry (points/boxes) encoder: no token sequence',
  },
  'sam3_lite_text_mask_decoder': {
    from: 'sam3_lite_text/configuration_sam3_lite_text.py Sam3LiteTextMaskDecoderConfig',
    unsupported: 'a mask decoder over image features: no token sequence',
  },
  'sam3_lite_text_text_model': {
    from: 'sam3_lite_text/modeling_sam3_lite_text.py Sam3LiteTextTextEmbeddings, Sam3LiteTextTextPositionEmbedding; sam3_lite_text/configuration_sam3_lite_text.py Sam3LiteTextTextConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 77, num_hidden_layers: 12 },
    note: 'The learned table is interpolated when the text length differs from max_position_embeddings; use_repmixer_blocks (default true) makes the first and last layers convolutional RepMixer blocks.',
  },
  'sam3_mask_decoder': {
    from: 'sam3/configuration_sam3.py Sam3MaskDecoderConfig',
    unsupported: 'a mask decoder over image features: no token sequence',
  },
  'sam3_tracker': {
    from: 'sam3_tracker/configuration_sam3_tracker.py Sam3TrackerConfig',
    unsupported: 'a SAM-2-style promptable segmentation model: image features and prompt encodings, no token sequence',
  },
  'sam3_tracker_video': {
    from: 'sam3_tracker_video/configuration_sam3_tracker_video.py Sam3TrackerVideoConfig',
    unsupported: 'a video segmentation tracker: image features, memory attention with 2-D rotary over feature maps, no token sequence',
  },
  'sam3_video': {
    from: 'sam3_video/configuration_sam3_video.py Sam3VideoConfig',
    unsupported: 'a video segmentation model: image features and memory attention, no token sequence',
  },
  'sam3_vision_model': {
    from: 'sam3/configuration_sam3.py Sam3VisionConfig',
    unsupported: 'an image encoder (ViT backbone with FPN neck): no token sequence',
  },
  'sam3_vit_model': {
    from: 'sam3/configuration_sam3.py Sam3ViTConfig',
    unsupported: 'a ViT image backbone with windowed attention and 2-D rotary over patch rows/columns: no 1-D token positions',
  },
  'sam_hq': {
    from: 'sam_hq/modeling_sam_hq.py SamHQModel',
    unsupported: 'a segmentation model: random-Fourier point/box encodings and windowed vision attention with learned relative positions, no token sequence',
  },
  'sam_hq_vision_model': {
    from: 'sam_hq/configuration_sam_hq.py SamHQVisionConfig',
    unsupported: 'a ViT image encoder with learned absolute and decomposed relative position weights over a 2-D grid: no 1-D token positions',
  },
  'sam_vision_model': {
    from: 'sam/configuration_sam.py SamVisionConfig',
    unsupported: 'a ViT image encoder with learned absolute and decomposed relative position weights over a 2-D grid: no 1-D token positions',
  },
  'sapiens2': {
    from: 'sapiens2/modular_sapiens2.py; sapiens2/configuration_sapiens2.py Sapiens2Config',
    unsupported: 'a human-centric vision transformer over image patches: no token sequence',
  },
  'sapiens2_head': {
    from: 'sapiens2/modular_sapiens2.py; sapiens2/configuration_sapiens2.py Sapiens2HeadConfig',
    unsupported: 'a dense-prediction head over Sapiens2 image features: no token positions',
  },
  'seamless_m4t': {
    from: 'seamless_m4t/modeling_seamless_m4t.py SeamlessM4TModel, SeamlessM4TSinusoidalPositionalEmbedding, SeamlessM4TConformerRelPositionalEmbedding, SeamlessM4TConformerRotaryPositionalEmbedding',
    unsupported: 'a multi-tower speech/text translator: a conformer speech encoder (relative or rotary per position_embeddings_type), fairseq-sinusoidal text encoder/decoder and a text-to-unit model, no single sequence posenc can describe',
  },
  'seamless_m4t_v2': {
    from: 'seamless_m4t_v2/modeling_seamless_m4t_v2.py SeamlessM4Tv2Model, SeamlessM4Tv2SinusoidalPositionalEmbedding, SeamlessM4Tv2ConformerSelfAttention',
    unsupported: 'a multi-tower speech/text translator: a conformer speech encoder with learned relative_key distance embeddings, fairseq-sinusoidal text encoder/decoder and a text-to-unit model, no single sequence posenc can describe',
  },
  'seed_oss': {
    from: 'seed_oss/modeling_seed_oss.py SeedOssRotaryEmbedding, SeedOssAttention, apply_rotary_pos_emb (rotate_half); seed_oss/configuration_seed_oss.py SeedOssConfig',
    like: 'llama',
    defaults: { hidden_size: 4096, num_attention_heads: 80, num_hidden_layers: 64, head_dim: 128, max_position_embeddings: 524288, rope_theta: 10000 },
  },
  'segformer': {
    from: 'segformer/modeling_segformer.py SegformerModel (Mix-FFN, no position embeddings)',
    unsupported: 'a hierarchical image encoder with overlapping patch convolutions and no position embeddings: no token sequence',
  },
  'seggpt': {
    from: 'seggpt/modeling_seggpt.py SegGptModel, SegGptEmbeddings, SegGptAttention',
    unsupported: 'an in-context image painter: interpolated learned 2-D patch positions and decomposed relative position weights, no token sequence',
  },
  'sew': {
    from: 'sew/modeling_sew.py SEWModel, SEWPositionalConvEmbedding',
    unsupported: 'a speech encoder whose positions are a grouped convolution over the frames (pos_conv_embed): learned weights, nothing to compute',
  },
  'sew-d': {
    from: 'sew_d/modeling_sew_d.py SEWDModel, SEWDPositionalConvEmbedding, DisentangledSelfAttention',
    unsupported: 'a speech encoder: convolutional positions over frames plus DeBERTa-v2 relative attention over audio frames, no token sequence',
  },
  'shieldgemma2': {
    from: 'shieldgemma2/configuration_shieldgemma2.py ShieldGemma2Config (text_config default Gemma3TextConfig)',
    text: 'text_config',
    textType: 'gemma3_text',
    vision: 'SigLIP vision tower: learned patch positions over the (image_size / patch_size)^2 grid, no CLS',
  },
  'siglip': {
    from: 'siglip/configuration_siglip.py SiglipConfig (text_config SiglipTextConfig, vision_config SiglipVisionConfig)',
    text: 'text_config',
    textType: 'siglip_text_model',
    vision: 'SiglipVisionEmbeddings: learned positions over the (image_size / patch_size)^2 grid, no CLS',
  },
  'siglip2': {
    from: 'siglip2/configuration_siglip2.py Siglip2Config (text_config Siglip2TextConfig, vision_config Siglip2VisionConfig)',
    text: 'text_config',
    textType: 'siglip2_text_model',
    vision: 'Siglip2VisionEmbeddings: a learned sqrt(num_patches)-square grid bilinearly resized to each image patch grid (NaFlex)',
  },
  'siglip2_text_model': {
    from: 'siglip2/modeling_siglip2.py Siglip2TextEmbeddings (position_ids arange); siglip2/configuration_siglip2.py Siglip2TextConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 64, num_hidden_layers: 12 },
  },
  'siglip2_vision_model': {
    from: 'siglip2/modeling_siglip2.py Siglip2VisionEmbeddings.resize_positional_embeddings; siglip2/configuration_siglip2.py Siglip2VisionConfig',
    input: { kind: 'learned', size: 'num_patches', offset: 0 },
    attention: 'none',
    defaults: { num_patches: 256, num_hidden_layers: 12 },
    note: 'The num_patches table is a sqrt(num_patches) square grid, bilinearly resized to each image patch grid (spatial_shapes) and padded: positions are 2-D and per image, no CLS.',
  },
  'siglip_text_model': {
    from: 'siglip/modeling_siglip.py SiglipTextEmbeddings (position_ids arange); siglip/configuration_siglip.py SiglipTextConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 64, num_hidden_layers: 12 },
  },
  'siglip_vision_model': {
    from: 'siglip/modeling_siglip.py SiglipVisionEmbeddings (num_positions = num_patches, no CLS); siglip/configuration_siglip.py SiglipVisionConfig',
    input: { kind: 'learned', size: { grid: ['image_size', 'patch_size'], extra: 0 }, offset: 0 },
    attention: 'none',
    defaults: { image_size: 224, patch_size: 16, num_hidden_layers: 12 },
    note: 'Positions index the row-major patch grid; interpolate_pos_encoding resizes the table for other image sizes.',
  },
  'slanet': {
    from: 'slanet/configuration_slanet.py SLANetConfig',
    unsupported: 'a table-structure recognizer: a convolutional backbone (PP-LCNet, CSP-PAN) and an attention-GRU decoder, no positional encoding',
  },
  'slanext': {
    from: 'slanext/configuration_slanext.py SLANeXtConfig (SLANeXtVisionConfig use_abs_pos, use_rel_pos, window_size)',
    unsupported: 'a table-structure recognizer: a SAM-style ViT backbone with learned absolute and relative position weights over a 2-D grid and an attention-GRU decoder',
  },
  'smollm3': {
    from: 'smollm3/configuration_smollm3.py SmolLM3Config.__post_init__ (no_rope_layers[i] = int((i + 1) % no_rope_layer_interval != 0), 1 = RoPE; layer_types sliding only for NoPE-free layers with use_sliding_window); smollm3/modeling_smollm3.py SmolLM3Attention (use_rope)',
    like: 'llama',
    noRopeLayers: true,
    layers: { rule: 'smollm3' },
    reads: ['no_rope_layers', 'no_rope_layer_interval', 'use_sliding_window', 'sliding_window'],
    defaults: { hidden_size: 2048, num_attention_heads: 16, num_hidden_layers: 36, max_position_embeddings: 32768, rope_theta: 2e6, no_rope_layer_interval: 4 },
  },
  'smolvlm': {
    from: 'smolvlm/configuration_smolvlm.py SmolVLMConfig (text_config default LlamaConfig)',
    text: 'text_config',
    textType: 'llama',
    vision: 'SmolVLMVisionEmbeddings: a learned (image_size / patch_size)^2 table, indexed by bucketized fractional patch coordinates for each image',
  },
  'smolvlm_vision': {
    from: 'smolvlm/modeling_smolvlm.py SmolVLMVisionEmbeddings (num_positions = num_patches_per_side ** 2, bucketize of fractional coordinates); smolvlm/configuration_smolvlm.py SmolVLMVisionConfig',
    input: { kind: 'learned', size: { grid: ['image_size', 'patch_size'], extra: 0 }, offset: 0 },
    attention: 'none',
    defaults: { image_size: 224, patch_size: 32, num_hidden_layers: 12 },
    note: 'Patches index the table by bucketized fractional row/column coordinates of their (possibly smaller) image, so positions are 2-D and per image; no CLS.',
  },
  'solar_open': {
    from: 'solar_open/modeling_solar_open.py SolarOpenRotaryEmbedding, SolarOpenAttention, apply_rotary_pos_emb (rotate_half on the whole head); solar_open/modular_solar_open.py SolarOpenConfig (Glm4MoeConfig, partial_rotary_factor set to 1.0, default_theta 1e6)',
    like: 'llama',
    rotary: null,
    defaults: { hidden_size: 4096, num_attention_heads: 64, num_hidden_layers: 48, head_dim: 128, max_position_embeddings: 131072, rope_theta: 1e6 },
    note: 'SolarOpenConfig sets partial_rotary_factor 1.0; the attention uses plain rotate_half over the whole head, so a smaller factor would not fit the query and is not a variant transformers runs.',
  },
  'speech-encoder-decoder': {
    from: 'speech_encoder_decoder/configuration_speech_encoder_decoder.py SpeechEncoderDecoderConfig (encoder and decoder sub-configs, each with its model_type)',
    text: 'decoder',
  },
  'speech_to_text': {
    from: 'speech_to_text/modeling_speech_to_text.py Speech2TextSinusoidalPositionalEmbedding (get_embedding [sin | cos], row padding_idx zeroed, create_position_ids_from_input_ids from padding_idx + 1), Speech2TextDecoder; speech_to_text/configuration_speech_to_text.py Speech2TextConfig',
    input: { kind: 'sinusoidal', variant: 'fairseq', dim: 'd_model', size: 'max_target_positions', paddingIdx: 'pad_token_id' },
    attention: 'none',
    layerCount: ['decoder_layers'],
    defaults: { d_model: 256, max_target_positions: 1024, max_source_positions: 6000, pad_token_id: 1, decoder_layers: 6 },
    note: 'The decoder text positions; the encoder adds the same fairseq sinusoid (max_source_positions rows) to its subsampled audio frames, positions from padding_idx + 1 under its padding mask.',
  },
  'speecht5': {
    from: 'speecht5/modeling_speecht5.py SpeechT5ScaledPositionalEncoding, SpeechT5RelativePositionalEncoding, SpeechT5SpeechEncoderPrenet',
    unsupported: 'SpeechT5: a sinusoid scaled by a learned alpha on the inputs, a convolutional positional embedding on speech, and learned relative position embeddings in encoder attention',
  },
  'speecht5_hifigan': {
    from: 'speecht5/modeling_speecht5.py SpeechT5HifiGan',
    unsupported: 'a convolutional vocoder: no token positions',
  },
  'splinter': {
    from: 'splinter/modeling_splinter.py SplinterEmbeddings (position_ids arange), SplinterSelfAttention; splinter/configuration_splinter.py SplinterConfig',
    like: 'bert',
  },
  'squeezebert': {
    from: 'squeezebert/modeling_squeezebert.py SqueezeBertEmbeddings (position_ids arange); squeezebert/configuration_squeezebert.py SqueezeBertConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 12 },
  },
  'stablelm': {
    from: 'stablelm/modeling_stablelm.py StableLmRotaryEmbedding, StableLmAttention (rotary_ndims = int(head_dim * partial_rotary_factor), q[..., :rotary_ndims]), apply_rotary_pos_emb (rotate_half); stablelm/configuration_stablelm.py StableLmConfig',
    like: 'llama',
    headDim: [],
    rotary: 'partial_rotary_factor',
    defaults: { hidden_size: 2560, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 4096, rope_theta: 10000, partial_rotary_factor: 0.25 },
  },
  'starcoder2': {
    from: 'starcoder2/modeling_starcoder2.py Starcoder2RotaryEmbedding, Starcoder2Attention (sliding_window on every layer), apply_rotary_pos_emb; starcoder2/configuration_starcoder2.py Starcoder2Config',
    like: 'mistral',
    defaults: { hidden_size: 3072, num_attention_heads: 24, num_hidden_layers: 30, max_position_embeddings: 4096, rope_theta: 10000, sliding_window: null },
  },
  'step3p5': {
    from: 'step3p7/modeling_step3p7.py Step3p7RotaryEmbedding (one table per layer type; partial_rotary_factor of its dict, default 1.0), apply_rotary_pos_emb (rotate_half on the first rotary dims), Step3p7Attention; step3p7/configuration_step3p7.py Step3p7TextConfig.__post_init__ (layer_types default all full; MTP entries trimmed), convert_rope_params_to_dict (rope_theta and partial_rotary_factors zipped with layer_types, rope_scaling into full_attention)',
    like: 'llama',
    fitLayerTypes: { extra: 'num_nextn_predict_layers' },
    // Step3p7TextConfig names sparse-attention layers minimax_m3_sparse (attention with the type's RoPE)
    kinds: { minimax_m3_sparse: 'attention' },
    ropeFromLists: { theta: 'rope_theta', partial: 'partial_rotary_factors', scalingTo: 'full_attention' },
    ignores: {
      yarn_only_types: "is not read: Step3p7TextConfig merges rope_scaling into the full_attention layers' dict whatever it lists",
    },
    defaults: { hidden_size: 4096, num_attention_heads: 64, num_hidden_layers: 45, head_dim: 128, max_position_embeddings: 128000, rope_theta: 10000, sliding_window: null },
    note: 'Without rope_parameters the class builds one dict per layer type: rope_theta and partial_rotary_factors (a number, or one entry per layer) zipped with layer_types, the last layer of a type giving its value; rope_scaling goes to the full_attention layers. Each type rotates the first head_dim × partial_rotary_factor dims (neox halves).',
  },

  'step3p5_vision': {
    from: 'step3p7/modeling_step3p7.py Step3p7VisionModel (Step3p7VisionEmbeddings with interpolate_pos_encoding, Step3p7VisionRotaryEmbedding over (row, col) ids); step3p7/configuration_step3p7.py Step3p7VisionConfig',
    unsupported: 'a vision encoder over image patches: a learned position grid bilinearly interpolated plus 2-D RoPE over patch rows and columns, no token sequence',
  },
  'step3p7': {
    from: 'step3p7/configuration_step3p7.py Step3p7Config (text_config Step3p7TextConfig, vision_config Step3p7VisionConfig)',
    text: 'text_config',
    textType: 'step3p5',
    vision: 'Perception-encoder vision tower: a learned position grid interpolated to the image plus 2-D RoPE.',
  },
  'superglue': {
    from: 'superglue/modeling_superglue.py SuperGlueForKeypointMatching, SuperGlueKeypointEncoder',
    unsupported: 'a keypoint matcher: keypoint coordinates are encoded by an MLP, no token sequence',
  },
  'superpoint': {
    from: 'superpoint/modeling_superpoint.py SuperPointForKeypointDetection',
    unsupported: 'a convolutional keypoint detector: no token positions',
  },
  'swiftformer': {
    from: 'swiftformer/modeling_swiftformer.py SwiftFormerModel',
    unsupported: 'a convolutional/efficient-additive-attention image backbone: no token positions',
  },
  'swin': {
    from: 'swin/modeling_swin.py SwinSelfAttention (relative_position_bias_table)',
    unsupported: 'Swin: relative position bias tables over windows are learned weights',
  },
  'swin2sr': {
    from: 'swin2sr/modeling_swin2sr.py Swin2SRModel, Swin2SRSelfAttention',
    unsupported: 'Swin V2 windows: a continuous position bias MLP over log-spaced window coordinates (learned weights)',
  },
  'swinv2': {
    from: 'swinv2/modeling_swinv2.py Swinv2SelfAttention (continuous_position_bias_mlp)',
    unsupported: 'Swin V2 windows: a continuous position bias MLP over log-spaced window coordinates (learned weights)',
  },
  'switch_transformers': {
    from: 'switch_transformers/modeling_switch_transformers.py SwitchTransformersAttention._relative_position_bucket, compute_bias (has_relative_attention_bias on layer 0 of each stack); switch_transformers/configuration_switch_transformers.py SwitchTransformersConfig',
    like: 't5',
    t5: { buckets: 'relative_attention_num_buckets', maxDistance: 'relative_attention_max_distance', perLayer: false, encoder: 'num_layers', decoder: 'num_decoder_layers' },
    defaults: { relative_attention_num_buckets: 32, relative_attention_max_distance: 128, num_layers: 12, num_decoder_layers: 12, num_heads: 12 },
  },
  't5_gemma_module': {
    from: 't5gemma/configuration_t5gemma.py T5GemmaModuleConfig (layer_types sliding when (i + 1) % 2); t5gemma/modeling_t5gemma.py T5GemmaRotaryEmbedding, apply_rotary_pos_emb',
    like: 'gemma2',
    defaults: { hidden_size: 2304, num_attention_heads: 8, num_hidden_layers: 26, head_dim: 256, max_position_embeddings: 8192, rope_theta: 10000, sliding_window: 4096 },
    note: 'The encoder and the decoder of T5Gemma are both built from this config: RoPE in each self-attention (bidirectional in the encoder), none in cross-attention.',
  },
  't5gemma': {
    from: 't5gemma/configuration_t5gemma.py T5GemmaConfig (encoder, decoder: T5GemmaModuleConfig; decoder defaults to the encoder)',
    text: 'decoder',
    textType: 't5_gemma_module',
  },
  't5gemma2': {
    from: 't5gemma2/configuration_t5gemma2.py T5Gemma2Config (encoder: T5Gemma2EncoderConfig, decoder: T5Gemma2DecoderConfig)',
    text: 'decoder',
    textType: 't5gemma2_decoder',
    vision: 'the encoder holds a SigLIP vision tower: learned patch positions, no CLS',
  },
  't5gemma2_decoder': {
    from: 't5gemma2/configuration_t5gemma2.py T5Gemma2DecoderConfig (sliding_window_pattern 6, convert_rope_params_to_dict: full 1e6, sliding rope_local_base_freq 10000); t5gemma2/modeling_t5gemma2.py T5Gemma2RotaryEmbedding',
    like: 'gemma3_text',
    fillTypes: false,
    defaults: { hidden_size: 2304, num_attention_heads: 8, num_hidden_layers: 26, head_dim: 256, max_position_embeddings: 131072, rope_theta: 1e6, rope_local_base_freq: 10000, sliding_window: 4096 },
    note: 'RoPE on the decoder self-attention queries and keys; the encoder keys the merged attention also reads are not rotated there.',
  },
  't5gemma2_encoder': {
    from: 't5gemma2/configuration_t5gemma2.py T5Gemma2EncoderConfig (text_config: T5Gemma2TextConfig, vision_config: SiglipVisionConfig)',
    text: 'text_config',
    textType: 't5gemma2_text',
    vision: 'SigLIP vision tower: learned patch positions, no CLS',
  },
  't5gemma2_text': {
    from: 't5gemma2/configuration_t5gemma2.py T5Gemma2TextConfig (sliding_window_pattern 6, convert_rope_params_to_dict: full 1e6, sliding rope_local_base_freq 10000); t5gemma2/modeling_t5gemma2.py T5Gemma2RotaryEmbedding',
    like: 'gemma3_text',
    fillTypes: false,
    defaults: { hidden_size: 2304, num_attention_heads: 8, num_hidden_layers: 26, head_dim: 256, max_position_embeddings: 131072, rope_theta: 1e6, rope_local_base_freq: 10000, sliding_window: 4096 },
  },
  'table-transformer': {
    from: 'table_transformer/modeling_table_transformer.py TableTransformerModel, TableTransformerSinePositionEmbedding',
    unsupported: 'a DETR-style detector: 2-D sine position features over the image feature map and learned object queries, no token sequence',
  },
  'tapas': {
    from: 'tapas/modeling_tapas.py TapasEmbeddings (reset_position_index_per_cell: position = index within its cell); tapas/configuration_tapas.py TapasConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    reads: ['reset_position_index_per_cell'],
    defaults: { max_position_embeddings: 1024, num_hidden_layers: 12, reset_position_index_per_cell: true },
    note: 'With reset_position_index_per_cell (default true) a table token takes its index within its cell, not within the sequence; row/column/rank token-type embeddings are added too.',
  },
  'textnet': {
    from: 'textnet/modeling_textnet.py TextNetModel',
    unsupported: 'a convolutional image backbone: no token positions',
  },
  'time_series_transformer': {
    from: 'time_series_transformer/modeling_time_series_transformer.py TimeSeriesSinusoidalPositionalEmbedding (Marian), TimeSeriesTransformerEncoder, TimeSeriesTransformerDecoder (past_key_values_length=config.context_length); time_series_transformer/configuration_time_series_transformer.py TimeSeriesTransformerConfig',
    input: { kind: 'sinusoidal', variant: 'marian', dim: 'd_model', size: 'context_length', offset: 0 },
    attention: 'none',
    layerCount: ['encoder_layers', 'decoder_layers'],
    defaults: { d_model: 64, encoder_layers: 2, decoder_layers: 2 },
    note: 'The table has context_length + prediction_length rows: the encoder steps take 0 .. context_length - 1, the decoder steps continue from context_length.',
  },
  'timesfm': {
    from: 'timesfm/modeling_timesfm.py TimesFmPositionalEmbedding, TimesFmModel._timesfm_shift_padded_seq; timesfm/configuration_timesfm.py TimesFmConfig (use_positional_embedding, min_timescale, max_timescale)',
    unsupported: 'not yet read: TimesFM patches take an optional tensor2tensor sinusoid (use_positional_embedding, default false) shifted past each series left padding, and the modeling file at this commit was not checked for other position options',
  },
  'timesfm2_5': {
    from: 'timesfm2_5/modular_timesfm2_5.py TimesFm2_5RotaryEmbedding (LlamaRotaryEmbedding), TimesFm2_5Attention (apply_rotary_pos_emb before q_norm/k_norm); timesfm2_5/configuration_timesfm2_5.py TimesFm2_5Config',
    like: 'llama',
    rotary: null,
    defaults: { hidden_size: 1280, num_attention_heads: 16, num_hidden_layers: 20, head_dim: 80, max_position_embeddings: 16384, rope_theta: 10000 },
    note: 'The tokens are patches of patch_length time steps; RoPE is applied before the per-head q/k norms.',
  },
  'timesformer': {
    from: 'timesformer/modeling_timesformer.py TimesformerEmbeddings (position_embeddings, time_embeddings)',
    unsupported: 'a video transformer: learned spatial (patch grid + CLS) and temporal (num_frames) tables with divided space-time attention',
  },
  'timm_backbone': {
    from: 'timm_backbone/modeling_timm_backbone.py TimmBackbone',
    unsupported: 'a wrapper around a timm backbone: positions are whatever the wrapped timm model does',
  },
  'timm_wrapper': {
    from: 'timm_wrapper/modeling_timm_wrapper.py TimmWrapperModel',
    unsupported: 'a wrapper around a timm model: positions are whatever the wrapped timm model does',
  },
  'tipsv2': {
    from: 'tipsv2/configuration_tipsv2.py Tipsv2Config (text_config Tipsv2TextConfig, vision_config Tipsv2VisionConfig)',
    text: 'text_config',
    textType: 'tipsv2_text_model',
    vision: 'DINOv2-with-registers vision tower: learned patch positions interpolated to each image.',
  },
  'tipsv2_dpt': {
    from: 'tipsv2/modeling_tipsv2.py; tipsv2/configuration_tipsv2.py Tipsv2DptConfig',
    unsupported: 'a DPT dense-prediction head over TIPSv2 image features: no token positions',
  },
  'tipsv2_text_model': {
    from: 'tipsv2/modular_tipsv2.py Tipsv2TextEmbeddings (CLIP embeddings with Tipsv2SinusoidalPositionalEmbedding: Speech2Text make_weights(max_position_embeddings, hidden_size, padding_idx None), weights[position_ids]); tipsv2/configuration_tipsv2.py Tipsv2TextConfig',
    input: { kind: 'sinusoidal', variant: 'fairseq', dim: 'hidden_size', size: 'max_position_embeddings', offset: 0, paddingIdx: -1 },
    attention: 'none',
    defaults: { hidden_size: 768, max_position_embeddings: 64, num_hidden_layers: 12 },
    note: 'Positions 0, 1, … index a fixed fairseq sinusoid ([sin | cos], no padding row); token embeddings are scaled by sqrt(hidden_size) first (scale_sqrt_depth).',
  },
  'tipsv2_vision_model': {
    from: 'tipsv2/modeling_tipsv2.py Tipsv2VisionModel (Dinov2WithRegistersModel); tipsv2/configuration_tipsv2.py Tipsv2VisionConfig',
    unsupported: 'a vision encoder over image patches: a learned patch position table interpolated to each image, register tokens without positions, no token sequence',
  },
  'trocr': {
    from: 'trocr/modeling_trocr.py TrOCRLearnedPositionalEmbedding (offset 2), TrOCRSinusoidalPositionalEmbedding, TrOCRDecoder; trocr/configuration_trocr.py TrOCRConfig (use_learned_position_embeddings)',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 2 },
    attention: 'none',
    layerCount: ['decoder_layers'],
    reads: ['use_learned_position_embeddings'],
    defaults: { max_position_embeddings: 512, decoder_layers: 12, use_learned_position_embeddings: true },
    note: 'Learned positions (offset 2) when use_learned_position_embeddings is true (the default); when false the decoder adds a fairseq sinusoid (TrOCRSinusoidalPositionalEmbedding, padding_idx from pad_token_id) instead.',
  },
  'tvp': {
    from: 'tvp/modeling_tvp.py TvpTextInputEmbeddings (position_ids arange), TvpVisualInputEmbedding (row/column position embeddings); tvp/configuration_tvp.py TvpConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 12 },
    note: 'The text tokens; the video frames add learned row/column grid embeddings (max_grid_row_position_embeddings, max_grid_col_position_embeddings) and a visual prompt.',
  },
  'udop': {
    from: 'udop/modeling_udop.py RelativePositionBiasAggregated, RelativePositionBias1D, RelativePositionBiasHorizontal, RelativePositionBiasVertical, UdopCellEmbeddings, UdopStack',
    unsupported: 'UDOP: the encoder replaces the T5 bias with 1-D plus bbox-based horizontal/vertical relative biases and adds 2-D cell embeddings; only the decoder is plain T5',
  },
  'umt5': {
    from: 'umt5/modeling_umt5.py UMT5Attention (has_relative_attention_bias on every layer), _relative_position_bucket, compute_bias; umt5/configuration_umt5.py UMT5Config',
    like: 't5',
    t5: { buckets: 'relative_attention_num_buckets', maxDistance: 'relative_attention_max_distance', perLayer: true, encoder: 'num_layers', decoder: 'num_decoder_layers' },
    defaults: { relative_attention_num_buckets: 32, relative_attention_max_distance: 128, num_layers: 8, num_heads: 6 },
  },
  'unispeech': {
    from: 'unispeech/modeling_unispeech.py UniSpeechPositionalConvEmbedding',
    unsupported: 'a speech encoder whose positions are a grouped convolution over the frames (pos_conv_embed): learned weights, nothing to compute',
  },
  'unispeech-sat': {
    from: 'unispeech_sat/modeling_unispeech_sat.py UniSpeechSatPositionalConvEmbedding',
    unsupported: 'a speech encoder whose positions are a grouped convolution over the frames (pos_conv_embed): learned weights, nothing to compute',
  },
  'univnet': {
    from: 'univnet/modeling_univnet.py UnivNetModel',
    unsupported: 'a convolutional vocoder: no token positions',
  },
  'upernet': {
    from: 'upernet/modeling_upernet.py UperNetForSemanticSegmentation',
    unsupported: 'a semantic segmentation head over a backbone: no token positions',
  },
  'uvdoc': {
    from: 'uvdoc/configuration_uvdoc.py UVDocConfig',
    unsupported: 'a convolutional document unwarping model: no token positions',
  },
  'uvdoc_backbone': {
    from: 'uvdoc/configuration_uvdoc.py UVDocBackboneConfig',
    unsupported: 'a convolutional (ResNet-style) backbone: no token positions',
  },
  'vaultgemma': {
    from: 'vaultgemma/configuration_vaultgemma.py VaultGemmaConfig (layer_types sliding when (i + 1) % 2); vaultgemma/modeling_vaultgemma.py VaultGemmaRotaryEmbedding, apply_rotary_pos_emb',
    like: 'gemma2',
    defaults: { hidden_size: 2304, num_attention_heads: 8, num_hidden_layers: 26, head_dim: 256, max_position_embeddings: 8192, rope_theta: 10000, sliding_window: 4096 },
  },
  'vibevoice_acoustic_tokenizer': {
    from: 'vibevoice_acoustic_tokenizer/configuration_vibevoice_acoustic_tokenizer.py VibeVoiceAcousticTokenizerConfig',
    unsupported: 'a convolutional audio tokenizer (codec): no token positions',
  },
  'vibevoice_asr': {
    from: 'vibevoice_asr/configuration_vibevoice_asr.py VibeVoiceAsrConfig (text_config default Qwen2Config)',
    text: 'text_config',
    textType: 'qwen2',
  },
  'video_llama_3': {
    from: 'video_llama_3/configuration_video_llama_3.py VideoLlama3Config (text_config default Qwen2Config)',
    text: 'text_config',
    textType: 'qwen2',
    vision: 'VideoLlama3VisionModel: SigLIP-style encoder with 2-D rotary over patch rows/columns',
  },
  'video_llama_3_vision': {
    from: 'video_llama_3/modeling_video_llama_3.py VideoLlama3VisionRotaryEmbedding; video_llama_3/configuration_video_llama_3.py VideoLlama3VisionConfig',
    unsupported: 'a vision tower with 2-D rotary over patch rows and columns of each image: no 1-D token positions',
  },
  'video_llava': {
    from: 'video_llava/configuration_video_llava.py VideoLlavaConfig (text_config default LlamaConfig)',
    text: 'text_config',
    textType: 'llama',
    vision: 'CLIP vision towers for images and videos: learned patch-grid + CLS positions',
  },
  'videomae': {
    from: 'videomae/modeling_videomae.py get_sinusoid_encoding_table, VideoMAEEmbeddings',
    unsupported: 'VideoMAE: a fixed interleaved sinusoid over (num_frames / tubelet_size) x (image_size / patch_size)^2 tubelets, a count no config key holds',
  },
  'videomt': {
    from: 'videomt/modular_videomt.py VideomtConfig (EomtConfig), VideomtEmbeddings',
    unsupported: 'a video segmentation model (encoder-only mask transformer over frame patches with query tokens): no 1-D token positions',
  },
  'videoprism': {
    from: 'videoprism/configuration_videoprism.py VideoPrismConfig (text_config VideoPrismTextConfig, vision_config VideoPrismVisionConfig)',
    text: 'text_config',
    textType: 'videoprism_text_model',
    vision: 'VideoPrism vision tower: learned spatial positions over tubelet patches, then learned temporal positions over frames (factorised, interpolated bilinearly when asked)',
  },
  // codegen's create_sinusoidal_positions: inv_freq = 1 / 10000^(arange(0, d, 2) / d), cat(sin, cos) of
  // p · inv_freq, the Marian / CTRL layout; the learned cls_emb is appended after the tokens, unpositioned
  'videoprism_text_model': {
    from: 'videoprism/modular_videoprism.py VideoPrismTextEmbeddings (create_sinusoidal_positions from codegen/modeling_codegen.py; position_ids arange; inputs scaled by sqrt(hidden_size); cls_emb appended after the tokens), VideoPrismTextModel; VideoPrismTextConfig (SiglipTextConfig: max_position_embeddings 64, hidden_size 768)',
    input: { kind: 'sinusoidal', variant: 'marian', dim: 'hidden_size', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 64, hidden_size: 768, num_hidden_layers: 12 },
    note: 'Tokens 0 .. n−1 take [sin | cos] halves with w_k = 10000^(−2k/d) (codegen\'s create_sinusoidal_positions, float32 there); the CLS embedding appended after them has no position, and its output is the text embedding.',
  },
  'videoprism_vision_model': {
    from: 'videoprism/modeling_videoprism.py; videoprism/configuration_videoprism.py VideoPrismVisionConfig (num_spatial_layers, num_temporal_layers, tubelet_size)',
    unsupported: 'a factorised video encoder: learned spatial positions over tubelet patches, then learned temporal positions over frames, no token sequence',
  },
  'vilt': {
    from: 'vilt/modeling_vilt.py TextEmbeddings (position_ids arange), ViltEmbeddings (interpolated patch positions); vilt/configuration_vilt.py ViltConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 40, num_hidden_layers: 12 },
    note: 'The text tokens; image patches get a separate learned patch-grid table (interpolated to the image, sampled up to max_image_length) and a modality type embedding.',
  },
  'vipllava': {
    from: 'vipllava/configuration_vipllava.py VipLlavaConfig (text_config default LlamaConfig)',
    text: 'text_config',
    textType: 'llama',
    vision: 'CLIP vision tower: learned patch-grid + CLS positions',
  },
  'vision-encoder-decoder': {
    from: 'vision_encoder_decoder/configuration_vision_encoder_decoder.py VisionEncoderDecoderConfig (encoder and decoder sub-configs, each with its model_type)',
    text: 'decoder',
  },
  'vision-text-dual-encoder': {
    from: 'vision_text_dual_encoder/configuration_vision_text_dual_encoder.py VisionTextDualEncoderConfig (text_config and vision_config, each with its model_type)',
    text: 'text_config',
  },
  'visual_bert': {
    from: 'visual_bert/modeling_visual_bert.py VisualBertEmbeddings (position_ids arange; visual_position_embeddings); visual_bert/configuration_visual_bert.py VisualBertConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 12 },
    note: 'The text tokens; visual embeddings add visual_position_embeddings at position 0 (or at aligned text positions when image_text_alignment is given).',
  },
  'vit': {
    from: 'vit/modeling_vit.py ViTEmbeddings (num_patches + 1 positions, CLS first); vit/configuration_vit.py ViTConfig',
    input: { kind: 'learned', size: { grid: ['image_size', 'patch_size'], extra: 1 }, offset: 0 },
    attention: 'none',
    defaults: { image_size: 224, patch_size: 16, num_hidden_layers: 12 },
    note: 'Position 0 is the CLS token, then the row-major patch grid; interpolate_pos_encoding resizes the grid part for other image sizes.',
  },
  'vit_mae': {
    from: 'vit_mae/modeling_vit_mae.py get_2d_sincos_pos_embed, ViTMAEEmbeddings (frozen, CLS row zero)',
    unsupported: 'ViT-MAE: a fixed 2-D sin-cos table (half the channels per grid axis) with a zero CLS row, not a 1-D sinusoid posenc has',
  },
  'vit_msn': {
    from: 'vit_msn/modeling_vit_msn.py ViTMSNEmbeddings (num_patches + 1 positions, CLS first); vit_msn/configuration_vit_msn.py ViTMSNConfig',
    input: { kind: 'learned', size: { grid: ['image_size', 'patch_size'], extra: 1 }, offset: 0 },
    attention: 'none',
    defaults: { image_size: 224, patch_size: 16, num_hidden_layers: 12 },
    note: 'Position 0 is the CLS token, then the row-major patch grid.',
  },
  'vitdet': {
    from: 'vitdet/modeling_vitdet.py VitDetEmbeddings (interpolated absolute positions), VitDetAttention (use_relative_position_embeddings)',
    unsupported: 'a detection ViT backbone: interpolated learned 2-D absolute positions and decomposed relative position weights in windowed attention',
  },
  'vitmatte': {
    from: 'vitmatte/modeling_vitmatte.py VitMatteForImageMatting',
    unsupported: 'an image matting model over a ViTDet backbone and a convolutional decoder: no token sequence',
  },
  'vitpose': {
    from: 'vitpose/modeling_vitpose.py VitPoseForPoseEstimation',
    unsupported: 'a pose estimation model over a ViT backbone with heatmap heads: no token sequence',
  },
  'vitpose_backbone': {
    from: 'vitpose_backbone/modeling_vitpose_backbone.py VitPoseBackboneEmbeddings (position_embeddings[:, 1:] + position_embeddings[:, :1])',
    unsupported: 'a ViT pose backbone: learned patch-grid positions each summed with the CLS position row, no CLS token and no 1-D sequence',
  },
  'vits': {
    from: 'vits/modeling_vits.py VitsAttention (window_size relative key/value embeddings)',
    unsupported: 'VITS: the text encoder uses windowed learned relative key/value embeddings (window_size), a TTS model with no absolute positions',
  },
  'vivit': {
    from: 'vivit/modeling_vivit.py VivitEmbeddings (learned tubelet positions + CLS)',
    unsupported: 'ViViT: a learned table over (num_frames / tubelet t) x (image_size / tubelet h) x (image_size / tubelet w) tubelets + CLS, a count no config key holds',
  },
  'vjepa2': {
    from: 'vjepa2/modeling_vjepa2.py VJEPA2Model, VJEPA2RopeAttention',
    unsupported: 'V-JEPA 2: 3-D rotary over (frame, row, column) of video tubelets, not 1-D positions',
  },
  'voxtral': {
    from: 'voxtral/configuration_voxtral.py VoxtralConfig (text_config default LlamaConfig with _default_text_config_kwargs: rope_theta 1e8, head_dim 128)',
    text: 'text_config',
    textType: 'llama',
    vision: 'audio_config: a Whisper-style encoder with a frozen max_source_positions table over audio frames',
  },
  'voxtral_encoder': {
    from: 'voxtral/modeling_voxtral.py VoxtralEncoder (embed_positions nn.Embedding(max_source_positions), requires_grad False, added whole); voxtral/configuration_voxtral.py VoxtralEncoderConfig',
    input: { kind: 'learned', size: 'max_source_positions', offset: 0 },
    attention: 'none',
    defaults: { max_source_positions: 1500, num_hidden_layers: 32 },
    note: 'Positions index the 1500 conv-subsampled audio frames of a 30 s window; the frozen table holds the Whisper sinusoids (log-spaced [sin | cos]) loaded from the checkpoint.',
  },
  'voxtral_realtime': {
    from: 'voxtral_realtime/configuration_voxtral_realtime.py VoxtralRealtimeConfig (text_config default VoxtralRealtimeTextConfig with _default_text_config_kwargs: rope_theta 1e6, sliding_window 8192)',
    text: 'text_config',
    textType: 'voxtral_realtime_text',
    vision: 'audio_config: a causal encoder with RoPE and a 750-frame sliding window over audio frames',
  },
  'voxtral_realtime_encoder': {
    from: 'voxtral_realtime/modular_voxtral_realtime.py VoxtralRealtimeEncoder (VoxtralRealtimeRotaryEmbedding = LlamaRotaryEmbedding, VoxtralRealtimeAttention = MistralAttention, sliding window mask); voxtral_realtime/configuration_voxtral_realtime.py VoxtralRealtimeEncoderConfig',
    like: 'mistral',
    defaults: { hidden_size: 1280, num_attention_heads: 32, num_hidden_layers: 32, head_dim: 64, max_position_embeddings: 1500, rope_theta: 10000, sliding_window: 750 },
    note: 'A causal audio encoder: positions index the conv-subsampled audio frames (streamed, cache_position onwards).',
  },
  'voxtral_realtime_text': {
    from: 'voxtral_realtime/modular_voxtral_realtime.py VoxtralRealtimeTextModel (MistralModel); voxtral_realtime/configuration_voxtral_realtime.py VoxtralRealtimeTextConfig',
    like: 'mistral',
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 131072, rope_theta: 10000, sliding_window: 4096 },
  },
  'wav2vec2': {
    from: 'wav2vec2/modeling_wav2vec2.py Wav2Vec2PositionalConvEmbedding',
    unsupported: 'a speech encoder whose positions are a grouped convolution over the frames (pos_conv_embed): learned weights, nothing to compute',
  },
  'wav2vec2-bert': {
    from: 'wav2vec2_bert/modeling_wav2vec2_bert.py Wav2Vec2BertSelfAttention (position_embeddings_type relative_key / rotary / relative)',
    unsupported: 'a conformer speech encoder over audio frames: learned relative_key distance embeddings (or rotary/relative per position_embeddings_type), no token sequence',
  },
  'wav2vec2-conformer': {
    from: 'wav2vec2_conformer/modeling_wav2vec2_conformer.py Wav2Vec2ConformerRotaryPositionalEmbedding, Wav2Vec2ConformerRelPositionalEmbedding',
    unsupported: 'a conformer speech encoder over audio frames: rotary or Transformer-XL relative positions per position_embeddings_type, plus convolutional positions',
  },
  'wavlm': {
    from: 'wavlm/modeling_wavlm.py WavLMAttention (gated relative position bias), WavLMPositionalConvEmbedding',
    unsupported: 'a speech encoder: convolutional positions over frames and a gated learned relative position bias (T5-style buckets with a gate from the hidden states)',
  },
  'whisper': {
    from: 'whisper/modeling_whisper.py WhisperPositionalEmbedding (decoder, weight[past_key_values_length:]), WhisperEncoder (embed_positions filled with sinusoids(max_source_positions, d_model)); whisper/configuration_whisper.py WhisperConfig',
    input: { kind: 'learned', size: 'max_target_positions', offset: 0 },
    attention: 'none',
    layerCount: ['decoder_layers'],
    defaults: { max_target_positions: 448, max_source_positions: 1500, decoder_layers: 4 },
    note: 'The decoder text positions; the encoder adds a frozen sinusoid table (sinusoids(): log-spaced [sin | cos], tensor2tensor style) over its max_source_positions audio frames.',
  },
  'xclip': {
    from: 'x_clip/configuration_x_clip.py XCLIPConfig (text_config XCLIPTextConfig, vision_config XCLIPVisionConfig)',
    text: 'text_config',
    textType: 'xclip_text_model',
    vision: 'XCLIPVisionEmbeddings: learned patch-grid + CLS positions per frame; the multi-frame integration transformer adds learned frame positions',
  },
  'xclip_text_model': {
    from: 'x_clip/modeling_x_clip.py XCLIPTextEmbeddings (position_ids arange); x_clip/configuration_x_clip.py XCLIPTextConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 77, num_hidden_layers: 12 },
  },
  'xclip_vision_model': {
    from: 'x_clip/modeling_x_clip.py XCLIPVisionEmbeddings (num_patches + 1 positions, CLS first); x_clip/configuration_x_clip.py XCLIPVisionConfig',
    input: { kind: 'learned', size: { grid: ['image_size', 'patch_size'], extra: 1 }, offset: 0 },
    attention: 'none',
    defaults: { image_size: 224, patch_size: 32, num_hidden_layers: 12 },
    note: 'Per frame: CLS then the row-major patch grid; cross-frame message tokens carry no positions.',
  },
  'xcodec': {
    from: 'xcodec/modeling_xcodec.py XcodecModel',
    unsupported: 'a neural audio codec: no token positions',
  },
  'xcodec2': {
    from: 'xcodec2/modular_xcodec2.py; xcodec2/configuration_xcodec2.py Xcodec2Config',
    unsupported: 'a neural audio codec over waveform frames: positions are of audio frames, no token sequence',
  },
  'xglm': {
    from: 'xglm/modeling_xglm.py XGLMSinusoidalPositionalEmbedding (offset 2, get_embedding [sin | cos], row padding_idx zeroed, position_ids arange + offset); xglm/configuration_xglm.py XGLMConfig',
    input: { kind: 'sinusoidal', variant: 'fairseq', dim: 'd_model', size: 'max_position_embeddings', offset: 2, paddingIdx: 'pad_token_id' },
    attention: 'none',
    defaults: { d_model: 1024, max_position_embeddings: 2048, pad_token_id: 1, num_layers: 24 },
    note: 'Positions are arange from past length plus the fixed offset 2 (not from the padding mask).',
  },
  'xlm': {
    from: 'xlm/modeling_xlm.py XLMModel (position_embeddings nn.Embedding(max_position_embeddings, emb_dim)), create_sinusoidal_embeddings; xlm/configuration_xlm.py XLMConfig (sinusoidal_embeddings)',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    layerCount: ['n_layers'],
    reads: ['sinusoidal_embeddings'],
    defaults: { max_position_embeddings: 512, n_layers: 12, sinusoidal_embeddings: false },
    note: 'With sinusoidal_embeddings true the same table is filled by create_sinusoidal_embeddings (interleaved sin/cos, vaswani) and frozen.',
  },
  'xlm-roberta': {
    from: 'xlm_roberta/modeling_xlm_roberta.py XLMRobertaEmbeddings, create_position_ids_from_input_ids (padding_idx + 1 onwards); xlm_roberta/configuration_xlm_roberta.py XLMRobertaConfig',
    like: 'bert',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 'pad_token_id' },
    defaults: { pad_token_id: 1 },
  },
  'xlm-roberta-xl': {
    from: 'xlm_roberta_xl/modeling_xlm_roberta_xl.py XLMRobertaXLEmbeddings, create_position_ids_from_input_ids; xlm_roberta_xl/configuration_xlm_roberta_xl.py XLMRobertaXLConfig',
    like: 'bert',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 'pad_token_id' },
    defaults: { pad_token_id: 1, num_hidden_layers: 36 },
  },
  'xlnet': {
    from: 'xlnet/modeling_xlnet.py XLNetModel.relative_positional_encoding, XLNetRelativeAttention',
    unsupported: 'XLNet: Transformer-XL relative sinusoids with learned r_w/r_r biases and two-stream attention',
  },
  'xlstm': {
    from: 'xlstm/modeling_xlstm.py xLSTMModel (mLSTM blocks, no position embeddings)',
    attention: 'none',
    note: 'A recurrent (mLSTM) network: order enters through the recurrence, not through positions.',
  },
  'xmod': {
    from: 'xmod/modeling_xmod.py XmodEmbeddings, create_position_ids_from_input_ids (padding_idx + 1 onwards); xmod/configuration_xmod.py XmodConfig',
    like: 'bert',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 'pad_token_id' },
    defaults: { pad_token_id: 1 },
  },
  'yolos': {
    from: 'yolos/modeling_yolos.py YolosEmbeddings, InterpolateInitialPositionEmbeddings',
    unsupported: 'a detection ViT: learned CLS + patch-grid + detection-token positions interpolated to each image, no token sequence',
  },
  'yoso': {
    from: 'yoso/modeling_yoso.py YosoEmbeddings (nn.Embedding(max_position_embeddings + 2), position_ids arange + 2); yoso/configuration_yoso.py YosoConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 2 },
    attention: 'none',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 12 },
  },
  'youtu': {
    from: 'youtu/modular_youtu.py YoutuConfig (DeepseekV3Config, rope_interleave default true), YoutuAttention (DeepseekV3Attention: q_pass, q_rot split, apply_rotary_pos_emb_interleave), YoutuRotaryEmbedding (LlamaRotaryEmbedding)',
    attention: 'rope',
    layout: 'gptj',
    layoutKey: { key: 'rope_interleave', default: true },
    rotate: 'last',
    rotary: 'qk_rope_head_dim',
    softmaxScale: true,
    reads: ['rope_interleave'],
    defaults: { hidden_size: 2048, num_attention_heads: 16, num_hidden_layers: 32, max_position_embeddings: 131072, rope_theta: 10000, qk_rope_head_dim: 64, qk_nope_head_dim: 128, rope_interleave: true },
    note: 'Multi-head latent attention: only the qk_rope_head_dim part after the qk_nope_head_dim part rotates (k_pe shared by all heads); rope_interleave false uses plain rotate_half (neox).',
  },
  'zamba': {
    from: 'zamba/modeling_zamba.py ZambaAttention (no rotary), ZambaModel; zamba/configuration_zamba.py ZambaConfig._layers_block_type',
    attention: 'none',
    layers: { rule: 'list', key: 'layers_block_type', map: { mamba: 'mamba', hybrid: 'hybrid' } },
    kinds: { mamba: 'none', hybrid: 'attention' },
    note: 'The shared attention of the hybrid layers (mamba, mamba, hybrid, then i % attn_layer_period == attn_layer_offset) has no position encoding; order comes from the Mamba layers.',
  },
  'zamba2': {
    from: 'zamba2/modeling_zamba2.py Zamba2Attention (if self.config.use_mem_rope: apply_rotary_pos_emb), Zamba2RotaryEmbedding (dim=config.attention_head_dim); zamba2/configuration_zamba2.py Zamba2Config (layers_block_type, attention_head_dim = 2 * hidden_size // num_attention_heads, use_long_context)',
    attention: 'rope',
    ropeFlag: { key: 'use_mem_rope', default: false },
    layout: 'neox',
    // Zamba2Config sets attention_head_dim = 2 * hidden_size // num_attention_heads whatever the file
    // says (the shared block attends over the concatenation of two hidden states); Zamba2RotaryEmbedding
    // rotates dim=config.attention_head_dim
    headDimScale: 2,
    rotary: null,
    layers: { rule: 'list', key: 'layers_block_type', map: { mamba: 'mamba', hybrid: 'hybrid' } },
    kinds: { mamba: 'none', hybrid: 'attention' },
    reads: ['use_mem_rope', 'use_long_context'],
    defaults: {
      hidden_size: 2560, num_attention_heads: 32, num_hidden_layers: 54, max_position_embeddings: 4096, rope_theta: 10000, use_mem_rope: false,
      layers_block_type: [
        'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid', 'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid',
        'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid', 'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid',
        'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid', 'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid',
        'mamba', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid', 'mamba', 'mamba', 'mamba', 'mamba', 'hybrid',
        'mamba', 'mamba', 'mamba', 'hybrid', 'mamba', 'mamba',
      ],
    },
    note: 'RoPE only in the shared transformer of the hybrid layers and only when use_mem_rope is true; use_long_context multiplies rope_theta by 8^(d / (d - 2)) inside Zamba2Config, so a saved rope_theta already includes it.',
  },
  'zaya': {
    from: 'zaya/modular_zaya.py ZayaRotaryEmbedding (LagunaRotaryEmbedding: one table per layer type, partial_rotary_factor), apply_rotary_pos_emb (rotate_half on the first rotary dims), ZayaCCAProjection (causal convolution over q/k before RoPE); zaya/configuration_zaya.py ZayaConfig.__post_init__ (layer_types all hybrid; rope_parameters hybrid 5e6 / hybrid_sliding 1e4, partial 0.5; a dangling rope_type dropped)',
    like: 'llama',
    layers: { rule: 'all', type: 'hybrid' },
    kinds: { hybrid: 'attention', hybrid_sliding: 'attention' },
    slidingTypes: ['hybrid_sliding'],
    keyedDrops: ['rope_type'],
    defaults: {
      head_dim: 128, hidden_size: 2048, num_attention_heads: 8, num_hidden_layers: 40, max_position_embeddings: 131072, sliding_window: null,
      rope_parameters: {
        hybrid: { rope_type: 'default', rope_theta: 5000000, partial_rotary_factor: 0.5 },
        hybrid_sliding: { rope_type: 'default', rope_theta: 10000, partial_rotary_factor: 0.5 },
      },
    },
    note: 'Each layer type has its own base; both rotate the first half of each head (neox halves). q and k pass a short causal convolution over neighbouring tokens (CCA) before RoPE, which mixes content, not positions. Versions of the port name the types full_attention / sliding_attention instead.',
  },
  'zoedepth': {
    from: 'zoedepth/modeling_zoedepth.py ZoeDepthForDepthEstimation',
    unsupported: 'a depth estimation model over a BEiT/DPT backbone with convolutional heads: no token sequence',
  },
});
