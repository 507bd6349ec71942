// Generated from the registry (c/kinds.def, read through pe.kinds) by web/tools/typings.js: do not
// edit; `npm run readme` rewrites it. The hand-written types (load, Posenc, PosencError) are in
// posenc.d.ts, which re-exports these.

/** Every kind in the registry. */
export type KindName =
  | 'sinusoidal'
  | 'relative'
  | 't5'
  | 'deberta'
  | 'alibi-slopes'
  | 'alibi'
  | 'rope'
  | 'rope-frequencies'
  | 'rope-apply'
  | 'xpos'
  | 'query-scale'
  | 'rope-spectrum'
  | 'rope-decay'
  | 'similarity'
  | 'mrope-positions'
  | 'rope-2d'
  | 'sincos-2d'
  | 'mrope-segments'
  | 'mrope-axes'
  | 'rope-2d-order'
  | 'mrope-blocks'
  | 'rope-columns';

/** a model's config.json rope_scaling object, verbatim. */
export interface RopeScaling {
  /** scaling type (mrope: Qwen2-VL's name for default with mrope_section) (default 'default'). */
  rope_type?: 'default' | 'linear' | 'dynamic' | 'yarn' | 'longrope' | 'llama3' | 'proportional' | 'su' | 'mrope';
  /** legacy spelling of rope_type (another spelling of rope_type). */
  type?: RopeScaling['rope_type'];
  /** scaling factor; required by linear, dynamic, llama3; yarn and longrope: unset = maxPositionEmbeddings / original; proportional: unset = 1 (float 1e-6 … 1e6; default unset). */
  factor?: number;
  /** pre-training context length (yarn, longrope, llama3); unset = maxPositionEmbeddings (int 1 … 2^31-1; default unset). */
  original_max_position_embeddings?: number;
  /** llama3 (required): low frequency factor (float 1e-6 … 1e6; default unset). */
  low_freq_factor?: number;
  /** llama3 (required): high frequency factor (float 1e-6 … 1e6; default unset). */
  high_freq_factor?: number;
  /** yarn: fast boundary in rotations (0 = 32, HF's `or 32`) (float 0 … 1e6; default 32). */
  beta_fast?: number;
  /** yarn: slow boundary in rotations (0 = 1, HF's `or 1`) (float 0 … 1e6; default 1). */
  beta_slow?: number;
  /** yarn: with mscale_all_dim, attention = g(f, mscale) / g(f, mscale_all_dim) (float 0 … 1e6; default unset). */
  mscale?: number;
  /** yarn: see mscale (DeepSeek); 0 or unset = not used (float 0 … 1e6; default unset). */
  mscale_all_dim?: number;
  /** yarn, longrope: multiplies cos and sin; unset = the type's own; other types ignore it (as HF) (float 0 … 1e6; default unset). */
  attention_factor?: number;
  /** yarn: floor/ceil the correction range (default true). */
  truncate?: boolean;
  /** longrope (required): r/2 factors up to original_max_position_embeddings (float[], elements 1e-6 … 1e6; default unset). */
  short_factor?: ArrayLike<number>;
  /** longrope (required): r/2 factors beyond it (seqLen > original) (float[], elements 1e-6 … 1e6; default unset). */
  long_factor?: ArrayLike<number>;
  /** dynamic: HunYuan's NTK alpha, base x alpha^(r/(r-2)) at initialisation (factor then unused); a seqLen beyond maxPositionEmbeddings recomputes plain dynamic NTK, as HF's dynamic update does (float 1e-6 … 1e12; default unset). */
  alpha?: number;
  /** Qwen-VL M-RoPE [t, h, w] frequency counts; must agree with mropeSection when both are given (int[], elements 0 … 32768; default unset). */
  mrope_section?: readonly number[] | Int32Array;
  /** Qwen3-VL interleaved M-RoPE; must agree with mropeInterleaved when both are given (default false). */
  mrope_interleaved?: boolean;
}

/** `sinusoidal`: Sinusoidal absolute encoding; output [positions, dim] float32. */
export interface SinusoidalParams {
  /** number of positions (rows) (int 0 … 2^24; default 50). */
  positions?: number;
  /** embedding dimension (columns) (int 1 … 2^16; default 64). */
  dim?: number;
  /** frequency base (max timescale) (float 1 … 1e12; default 10000). */
  base?: number;
  /** position of the first row (int -2^30 … 2^30; default 0). */
  offset?: number;
  /** distance between consecutive rows' positions (int 1 … 2^24; default 1). */
  step?: number;
  /** layout: vaswani interleaves sin/cos; tensor2tensor/fairseq/marian/scaled put sines first (default 'vaswani'). */
  variant?: 'vaswani' | 'tensor2tensor' | 'fairseq' | 'marian' | 'scaled';
  /** fairseq only: the row at this position is zero; -1 = none (int -1 … 2^30; default 1). */
  paddingIdx?: number;
}

/** `relative`: Relative position index j - i; output [queries, keys] int32. */
export interface RelativeParams {
  /** number of query positions (rows) (int 0 … 2^24; default 50). */
  queries?: number;
  /** number of key positions (columns); unset = queries (int 0 … 2^24; default unset). */
  keys?: number | null;
  /** added to every value (seed: offset = queries; Shaw: offset = clip); every value must fit int32 (int -2^31 … 2^31-1; default 0). */
  offset?: number;
  /** clamp j - i' to [-clip, clip] before the offset; 0 = none (int 0 … 2^31-1; default 0). */
  clip?: number;
  /** start: i' = i; end: i' = i + keys - queries (queries are the last positions, as with a KV cache) (default 'start'). */
  align?: 'start' | 'end';
}

/** `t5`: T5 relative position buckets; output [queries, keys] int32. */
export interface T5Params {
  /** number of query positions (rows) (int 0 … 2^24; default 50). */
  queries?: number;
  /** number of key positions (columns); unset = queries (int 0 … 2^24; default unset). */
  keys?: number | null;
  /** encoder (true) or causal decoder (false) buckets (default true). */
  bidirectional?: boolean;
  /** number of buckets (split between the two directions when bidirectional; >= 4 then) (int 2 … 2^16; default 32). */
  numBuckets?: number;
  /** distances from here on share the last bucket; must exceed max_exact (numBuckets/2 per direction / 2) (int 2 … 2^30; default 128). */
  maxDistance?: number;
}

/** `deberta`: DeBERTa-v2 log buckets; output [queries, keys] int32. */
export interface DebertaParams {
  /** number of query positions (rows) (int 0 … 2^24; default 50). */
  queries?: number;
  /** number of key positions (columns); unset = queries (int 0 … 2^24; default unset). */
  keys?: number | null;
  /** position_buckets (not 1); <= 0 gives plain i - j (int -1 … 2^30; default 256). */
  bucketSize?: number;
  /** max_relative_positions; <= 0 gives plain i - j (int -1 … 2^30; default 512). */
  maxPosition?: number;
}

/** `alibi-slopes`: ALiBi head slopes; output [heads] float32. */
export interface AlibiSlopesParams {
  /** number of attention heads (int 1 … 2^16; default 8). */
  heads?: number;
  /** slopes are 2^(-maxBias*h/n) for n a power of two (float 0 … 1024; default 8). */
  maxBias?: number;
}

/** `alibi`: ALiBi attention bias; output [heads, queries, keys] float32. */
export interface AlibiParams {
  /** number of attention heads (int 1 … 2^16; default 8). */
  heads?: number;
  /** number of query positions (rows) (int 0 … 2^24; default 50). */
  queries?: number;
  /** number of key positions (columns); unset = queries (int 0 … 2^24; default unset). */
  keys?: number | null;
  /** slopes are 2^(-maxBias*h/n) for n a power of two (float 0 … 1024; default 8). */
  maxBias?: number;
  /** causal: m(j-i'), -Infinity for j > i'; symmetric: -m|j-i'|; mpt: m(j-(keys-1)); bloom: m j, -Infinity for j > i'; i' = i + keys - queries (default 'causal'). */
  form?: 'causal' | 'symmetric' | 'mpt' | 'bloom';
  /** Falcon: every bias / sqrt(headDim), as its alibi is added before the scores are scaled; unset = none (int 1 … 2^16; default unset). */
  headDim?: number | null;
}

/** `rope`: Rotary embedding cos/sin tables; output [part, positions, rotary] float32. */
export interface RopeParams {
  /** number of positions (rows) (int 0 … 2^24; default 50). */
  positions?: number;
  /** head dimension (int 2 … 2^16; default 64). */
  dim?: number;
  /** rope_theta (float 1 … 1e12; default 10000). */
  base?: number;
  /** position of the first row (int -2^30 … 2^30; default 0). */
  offset?: number;
  /** distance between consecutive rows' positions (int 1 … 2^24; default 1). */
  step?: number;
  /** neox pairs (k, k + r/2) (HF rotate_half); gptj pairs (2k, 2k+1) (default 'neox'). */
  layout?: 'neox' | 'gptj';
  /** rotary dims r = int(dim * factor), must be even and >= 2 (float 0 … 1; default 1). */
  partialRotaryFactor?: number;
  /** max_position_embeddings of the model config (dynamic's threshold; original_max_position_embeddings' fallback) (int 1 … 2^31-1; default 2048). */
  maxPositionEmbeddings?: number;
  /** unset: tables as HF builds them at init; set: as HF computes for this sequence length (dynamic, longrope) (int 1 … 2^31-1; default unset). */
  seqLen?: number | null;
  /** dynamic: Qwen (v1)'s use_dynamic_ntk against seq_length S: alpha = max(2^ceil(log2(seqLen / S) + 1) - 1, 1) for a call of seqLen tokens (unset: 1), base x alpha^(r/(r-2)); factor and alpha unused (int 1 … 2^31-1; default unset). */
  ntkAlphaLength?: number | null;
  /** a model's config.json rope_scaling object, verbatim. */
  ropeScaling?: RopeScaling | null;
  /** explicit positions, one per row, or with mropeSection 3 rows (t, then h, then w) as mrope-positions gives (int[], elements -2^31 … 2^31-1; default unset). */
  positionIds?: readonly number[] | Int32Array | null;
  /** M-RoPE [s_t, s_h, s_w] (mrope_section): frequencies per axis, summing to r/2 (int[], elements 0 … 32768; default unset). */
  mropeSection?: readonly number[] | Int32Array | null;
  /** M-RoPE frequencies interleaved t,h,w (Qwen3-VL) instead of chunked (default false). */
  mropeInterleaved?: boolean;
  /** HunYuan-VL XD-RoPE [s_0, ..] (3 or 4, summing to r/2): head columns in chunks of 2 s_a, chunk a on positionIds row a (int[], elements 0 … 32768; default unset). */
  xdropeSection?: readonly number[] | Int32Array | null;
  /** rope, rope-frequencies: the output as .to(dtype) rounds the float32 values (nearest even), stored as float32 (default 'float32'). */
  dtype?: 'float32' | 'bfloat16' | 'float16';
  /** double: angles formed in double; else inv_freq held in that dtype and (rope) p * inv_freq rounded to it, cos/sin in float32 (HF's float32 pipeline); float16 angles past 65504 are refused (they would be inf, cos/sin NaN); ggml: the table as ggml's CPU rope kernel forms it in float32 (default, linear, yarn; llama3 and longrope come as freqFactors) (default 'double'). */
  freqDtype?: 'double' | 'float32' | 'bfloat16' | 'float16' | 'ggml';
  /** r/2 positive per-pair divisors of the base inverse frequencies, before the scaling (ggml_rope_ext's freq_factors: llama.cpp's rope_freqs / rope_factors_long / rope_factors_short tensors); unset = none (float[], elements 1.17549e-38 … 3.40282e38; default unset). */
  freqFactors?: ArrayLike<number> | null;
  /** every row's position taken modulo M (floor modulo, in [0, M)) after offset, step and positionIds: dual chunk attention's key positions p mod chunk_len, chunk_len = chunk_size - local_size (vllm-project/vllm vllm/model_executor/layers/rotary_embedding/dual_chunk_rope.py@b5e2318e566c60b7f0e80ca2b72ca0b978b59fdc; SGLang alike); 0 = none (int 0 … 2^31-1; default 0). */
  positionModulo?: number;
  /** ggml only: ggml's attn_factor argument, the mscale of cos and sin (times 1 + 0.1 ln(1/freq_scale) with yarn); unset = 1 (float 0 … 1e6; default unset). */
  ggmlAttnFactor?: number | null;
}

/** `rope-frequencies`: RoPE inverse frequencies; output [rotary/2] float32. */
export type RopeFrequenciesParams = RopeParams;

/** `rope-apply`: RoPE applied to vectors; output [positions, dim] float32. */
export interface RopeApplyParams extends RopeParams {
  /** input vectors [positions, dim], row-major; positions unset = x.length / dim (float[], elements -3.40282e38 … 3.40282e38; default unset). */
  x: ArrayLike<number>;
}

/** `xpos`: xPos scale factors; output [positions, dim/2] float32. */
export interface XposParams {
  /** number of positions (rows) (int 0 … 2^24; default 50). */
  positions?: number;
  /** head dimension (even) (int 2 … 2^16; default 64). */
  dim?: number;
  /** scale_base: the exponent is n / scaleBase (float 1e-6 … 1e12; default 512). */
  scaleBase?: number;
  /** n = t + floor(-L/2) (torchscale) or t - floor(L/2) (lucidrains) (default 'torchscale'). */
  centering?: 'torchscale' | 'lucidrains';
  /** false: query scale zeta^(n/scaleBase); true: key scale zeta^(-n/scaleBase) (default false). */
  downscale?: boolean;
}

/** `query-scale`: Query scale: Llama 4 NoPE layers, Mistral 3, Qwen log-n; output [positions] float32. */
export interface QueryScaleParams {
  /** number of positions (rows) (int 0 … 2^24; default 50). */
  positions?: number;
  /** position of the first row (query positions are >= 0) (int 0 … 2^30; default 0). */
  offset?: number;
  /** distance between consecutive rows' positions (int 1 … 2^24; default 1). */
  step?: number;
  /** added to the position before the floor: 1 Llama 4 (p + 1), 0 Mistral 3 / Ministral 3 (p) (int 0 … 1; default 1). */
  shift?: number;
  /** floor_scale: the scale grows every floorScale positions (float 0.001 … 1e12; default 8192). */
  floorScale?: number;
  /** attn_scale: the slope of the logarithm (float -1e6 … 1e6; default 0.1). */
  attnScale?: number;
  /** floor-log: Llama 4's 1 + attnScale log(1 + floor((p + shift) / floorScale)); log-ratio: Qwen (v1)'s log-n, log(p + 1) / log(seqLength) where p + 1 > seqLength, else 1 (shift, floorScale, attnScale unused) (default 'floor-log'). */
  form?: 'floor-log' | 'log-ratio';
  /** log-ratio: the training length (Qwen's seq_length); queries at 1-based positions beyond it are scaled (int 2 … 2^31-1; default 8192). */
  seqLength?: number;
}

/** `rope-spectrum`: RoPE spectrum: wavelengths, scaling ratio, rotations; output [pair, spectrum] float32. */
export type RopeSpectrumParams = RopeParams;

/** `rope-decay`: RoPE long-term decay with distance; output [distance, decay] float32. */
export interface RopeDecayParams extends RopeParams {
  /** number of distances (rows): offset + step * row; positions is not used (int 0 … 2^24; default 1024). */
  distances?: number;
}

/** `similarity`: Sinusoidal similarity PE(i) . PE(j); output [positions, positions] float32. */
export interface SimilarityParams extends SinusoidalParams {
  /** cosine similarity: divide by both rows' norms (0 where a norm is 0) (default false). */
  normalize?: boolean;
}

/** `mrope-positions`: Qwen-VL M-RoPE position ids (t, h, w); output [axis, tokens] int32. */
export interface MropePositionsParams {
  /** the prompt's layout: text:N, image:TxHxW, video:TxHxW[@seconds][/gap,..] separated by spaces or ';' (default ''). */
  sequence?: string;
  /** whose get_rope_index (qwen3-vl also for Qwen3.5, Qwen3-VL-MoE; GLM-4V's is the same walk) (default 'qwen2-vl'). */
  model?: 'qwen2-vl' | 'qwen2.5-vl' | 'qwen3-vl' | 'glm4v';
  /** vision_config.spatial_merge_size: H and W patches per merged token side (int 1 … 64; default 2). */
  spatialMergeSize?: number;
  /** vision_config.tokens_per_second (qwen2.5-vl videos) (float 0 … 1e6; default 2). */
  tokensPerSecond?: number;
  /** qwen2.5-vl video time ids: floor(f32(f32(k s) tps)) (Qwen, vLLM) or k floor(s) tps (transformers 4.x) (default 'product'). */
  timeRounding?: 'product' | 'seconds';
  /** after a vision block: 1 + the largest id (Qwen, transformers 4.x) or block start + max(H, W)/m (transformers 5.x) (default 'max'). */
  advance?: 'max' | 'grid';
  /** config mrope_layout: model's get_rope_index (qwen) or transformers' layout (HunYuan-VL indexed_images, Omni audio_*) (default 'qwen'). */
  layout?: 'qwen' | 'interleaved_runs' | 'indexed_images' | 'audio_chunked' | 'audio_merged';
  /** indexed_images: rows of ids, len(mrope_section) (HunYuan-VL xdrope: 4) (int 3 … 4; default 3). */
  axes?: number;
  /** interleaved_runs: vision_config.temporal_merge_size (videos: T // it frames) (int 1 … 64; default 1). */
  temporalMergeSize?: number;
  /** audio_chunked, audio_merged: config position_id_per_seconds (temporal ids per second) (float 0 … 1e6; default 25). */
  positionIdPerSeconds?: number;
  /** audio_merged: audio_config.n_window (audio:L takes windowed tokens) (int 1 … 2^20; default 50). */
  audioWindowSize?: number;
}

/** `rope-2d`: Vision RoPE over a patch grid; output [part, tokens, dim] float32. */
export interface Rope2dParams {
  /** whose vision RoPE: Qwen2/2.5/3-VL ViT, Pixtral, Llama 4 vision, FLUX (default 'qwen-vit'). */
  style?: 'qwen-vit' | 'pixtral' | 'llama4' | 'flux';
  /** patch grid rows (int 0 … 2^16; default 16). */
  height?: number;
  /** patch grid columns; unset = height (int 0 … 2^16; default unset). */
  width?: number | null;
  /** grids in sequence (video frames, temporal patches) (int 1 … 2^16; default 1). */
  frames?: number;
  /** head dim, a multiple of 4; unset = the style's (qwen-vit 80, pixtral 64, llama4 88, flux sum(axesDim)) (int 4 … 2^16; default unset). */
  dim?: number | null;
  /** theta (float 1 … 1e12; default 10000). */
  base?: number;
  /** flux only: per-axis widths (even, 1 to 8 axes); unset = [16, 56, 56] (int[], elements 2 … 2^16; default 16,56,56). */
  axesDim?: readonly number[] | Int32Array;
  /** token order: raster rows; merge: mergeSize blocks (Qwen ViT); window: Qwen2.5-VL windows; auto: merge for qwen-vit (default 'auto'). */
  order?: 'auto' | 'raster' | 'merge' | 'window';
  /** merge and window orders: spatial_merge_size (int 1 … 64; default 2). */
  mergeSize?: number;
  /** window order: window side in merged tokens (Qwen2.5-VL 112/14/2 = 4) (int 1 … 4096; default 4). */
  windowSize?: number;
  /** auto: neox for qwen-vit and pixtral, gptj for llama4 and flux (default 'auto'). */
  layout?: 'auto' | 'neox' | 'gptj';
  /** identity rows (cos 1, sin 0) before the grid (FLUX text tokens) (int 0 … 2^24; default 0). */
  prefixTokens?: number;
  /** identity rows after the grid; -1 = 1 for llama4 (its CLS), else 0 (int -1 … 2^24; default -1). */
  suffixTokens?: number;
  /** flux: axis-0 id of the first frame (Kontext's condition image: 1) (int -2^30 … 2^30; default 0). */
  frameOffset?: number;
  /** explicit coordinates [tokens, axes] row-major, instead of height, width, frames and order (float[], elements -1e9 … 1e9; default unset). */
  coords?: ArrayLike<number> | null;
}

/** `sincos-2d`: 2-D sin-cos absolute embedding; output [tokens, dim] float32. */
export interface Sincos2dParams {
  /** grid rows (int 0 … 2^16; default 16). */
  height?: number;
  /** grid columns; unset = height (int 0 … 2^16; default unset). */
  width?: number | null;
  /** embedding dim, a multiple of 4 (int 4 … 2^16; default 64). */
  dim?: number;
  /** frequency base (float 1 … 1e12; default 10000). */
  base?: number;
  /** zero rows first (MAE cls_token 1; DiT, diffusers extra_tokens) (int 0 … 2^16; default 0). */
  cls?: number;
  /** wh: first half encodes the column (MAE, DiT, diffusers); hw: the row (MoCo v3) (default 'wh'). */
  axisOrder?: 'wh' | 'hw';
  /** diffusers base_size: coordinates scaled to it in float32; 0 = none (float 0 … 1e6; default 0). */
  baseSize?: number;
  /** diffusers interpolation_scale (with baseSize) (float 1e-6 … 1e6; default 1). */
  interpolationScale?: number;
}

/** `mrope-segments`: Qwen-VL prompt segment per token (0 text, 1 image, 2 video); output [tokens] int32. */
export type MropeSegmentsParams = MropePositionsParams;

/** `mrope-axes`: M-RoPE axis of each rope table column (0 t, 1 h, 2 w; -1 all); output [rotary] int32. */
export type MropeAxesParams = RopeParams;

/** `rope-2d-order`: rope-2d table row of each grid cell (token order); output [frame, row, column] int32. */
export type Rope2dOrderParams = Rope2dParams;

/** `mrope-blocks`: Qwen-VL prompt image and video frames: tokens, merged grid, next id; output [frame, field] int32. */
export type MropeBlocksParams = MropePositionsParams;

/** `rope-columns`: RoPE column map: partner column, frequency index, frequency, M-RoPE axis; output [column, field] float32. */
export type RopeColumnsParams = RopeParams;

/** The parameters of each kind. */
export interface ParamsByKind {
  'sinusoidal': SinusoidalParams;
  'relative': RelativeParams;
  't5': T5Params;
  'deberta': DebertaParams;
  'alibi-slopes': AlibiSlopesParams;
  'alibi': AlibiParams;
  'rope': RopeParams;
  'rope-frequencies': RopeFrequenciesParams;
  'rope-apply': RopeApplyParams;
  'xpos': XposParams;
  'query-scale': QueryScaleParams;
  'rope-spectrum': RopeSpectrumParams;
  'rope-decay': RopeDecayParams;
  'similarity': SimilarityParams;
  'mrope-positions': MropePositionsParams;
  'rope-2d': Rope2dParams;
  'sincos-2d': Sincos2dParams;
  'mrope-segments': MropeSegmentsParams;
  'mrope-axes': MropeAxesParams;
  'rope-2d-order': Rope2dOrderParams;
  'mrope-blocks': MropeBlocksParams;
  'rope-columns': RopeColumnsParams;
}

/** The type of each kind's data. */
export interface DataByKind {
  'sinusoidal': Float32Array;
  'relative': Int32Array;
  't5': Int32Array;
  'deberta': Int32Array;
  'alibi-slopes': Float32Array;
  'alibi': Float32Array;
  'rope': Float32Array;
  'rope-frequencies': Float32Array;
  'rope-apply': Float32Array;
  'xpos': Float32Array;
  'query-scale': Float32Array;
  'rope-spectrum': Float32Array;
  'rope-decay': Float32Array;
  'similarity': Float32Array;
  'mrope-positions': Int32Array;
  'rope-2d': Float32Array;
  'sincos-2d': Float32Array;
  'mrope-segments': Int32Array;
  'mrope-axes': Int32Array;
  'rope-2d-order': Int32Array;
  'mrope-blocks': Int32Array;
  'rope-columns': Float32Array;
}
