// Type definitions for posenc, hand-written but for the per-kind part, kinds.d.ts, which is generated
// from the registry (the registry itself is read at run time: pe.kinds).
import type { KindName, ParamsByKind, DataByKind, RopeScaling, RopeParams } from './kinds.js';

export declare const VERSION: string;

/**
 * EINVAL, ERANGE, ENOMEM: bad input or over a cap. The Hub (fetchConfig): ENOENT no such model,
 * revision or file; EACCES gated or private; EIO another status or no connection; ETIMEDOUT no
 * answer in time; ECANCELED the caller's signal.
 */
export type ErrorCode = 'EINVAL' | 'ERANGE' | 'ENOMEM' | 'ENOENT' | 'EACCES' | 'EIO' | 'ETIMEDOUT' | 'ECANCELED';

/** Every failure. `param` names the offending parameter ('ropeScaling.factor' for object fields). */
/** The rope tensors llama.cpp reads (rope_freqs, rope_factors_long, rope_factors_short) that a readGGUF result holds: the ones to read for layersFromGGUF. */
export declare function ggufRopeTensors(gguf: GGUFHeader): string[];

export declare class PosencError extends Error {
  readonly name: 'PosencError';
  readonly code: ErrorCode;
  readonly param: string;
  constructor(message: string, code: ErrorCode, param: string);
}

export type ParamType = 'int' | 'float' | 'bool' | 'enum' | 'object' | 'float[]';

export interface ParamInfo {
  readonly name: string;
  /** 'dim', or 'ropeScaling.factor' for a field of an object parameter. */
  readonly path: string;
  readonly type: ParamType;
  /** null where "not given" has its own meaning (told by doc); the first choice for enums. */
  readonly default?: number | boolean | string | null;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /** Accepted spellings of a choice, e.g. { su: 'longrope' }. */
  readonly choiceAliases?: Readonly<Record<string, string>>;
  /** The field this one is another spelling of (rope_scaling's legacy `type`). */
  readonly aliasOf?: string;
  /** Fields of an object parameter (config.json keys verbatim). */
  readonly fields?: readonly ParamInfo[];
  readonly doc: string;
  /** Index in the C request (internal). */
  readonly index: number;
}

export interface KindInfo {
  readonly name: KindName | string;
  readonly title: string;
  readonly dtype: 'float32' | 'int32';
  /** Axis names of the output shape, e.g. ['positions', 'dim']. */
  readonly shape: readonly string[];
  /** The kind transforms an input array (rope-apply). */
  readonly input: boolean;
  /** A table the views draw with (mrope-segments, mrope-axes, mrope-blocks, rope-2d-order): computed
   *  and drawn like any kind, but the explorer's kind selector does not offer it. */
  readonly helper: boolean;
  /** Its columns are unrelated quantities (rope-spectrum's wavelengths, ratio and rotations): a heatmap
   *  colours each column on its own scale (colormapImage's columnScales). */
  readonly columnScales: boolean;
  /** Top-level parameters the kind accepts (its list is shared) but does not use, e.g. rope-spectrum's
   *  positions (kinds.def PE_KIND_IGNORES); the explorer hides their controls. */
  readonly ignores: readonly string[];
  readonly params: readonly ParamInfo[];
}

// The per-kind types (KindName, a params interface per kind, RopeScaling, ParamsByKind, DataByKind)
// are generated from the registry into kinds.d.ts (`npm run readme`).
export * from './kinds.js';

/** The parameters of a kind, e.g. ParamsOf<'rope'> = RopeParams. */
export type ParamsOf<K extends KindName> = ParamsByKind[K];
/** The data array of a kind (float32 → Float32Array, int32 → Int32Array). */
export type DataOf<K> = K extends keyof DataByKind ? DataByKind[K] : Float32Array;

export interface Result<K extends string = KindName> {
  readonly kind: K;
  /** Row-major shape, e.g. [positions, dim]. */
  readonly shape: number[];
  readonly dtype: 'float32' | 'int32';
  readonly data: DataOf<K>;
  /** Scalars reported besides the table, e.g. { attentionFactor } for RoPE. */
  readonly info: Record<string, number>;
}

/**
 * A result whose data is a view of the wasm heap, valid until free(). Without free(), its memory
 * is released once neither the result nor any array it handed out (data, data.subarray(…)) is
 * reachable; until then it counts against pe.viewBudget.
 */
export interface ResultView<K extends string = KindName> extends Result<K> {
  /** Byte offset of data in pe.memory.buffer. */
  readonly byteOffset: number;
  free(): void;
  [Symbol.dispose](): void;
}

/** What ropeFromConfig derives from a model's config.json. */
export interface RopeConfigParams {
  dim: number;
  base: number;
  partialRotaryFactor: number;
  layout: 'neox' | 'gptj';
  ropeScaling: RopeScaling;
  maxPositionEmbeddings: number;
}

/** A layer's query-scale params: Llama 4 / Mistral 3's floor-log form, or Qwen (v1)'s log-n (form 'log-ratio'). */
export type LayerQueryScale =
  | { readonly floorScale: number; readonly attnScale: number; readonly shift?: number; readonly form?: undefined }
  | { readonly form: 'log-ratio'; readonly seqLength: number };

/** One layer of a model, as layersFromConfig reads it from its config.json. */
export interface LayerInfo {
  readonly index: number;
  /** With engine options: the engine and the rules that changed this layer. */
  readonly engine?: { readonly name: EngineName; readonly rules: readonly EngineRule[] };
  /** With engine options: where the layer's attention logits are scaled. */
  readonly logitScale?: LogitScale;
  /** transformers' layer type name: 'full_attention', 'sliding_attention', 'chunked_attention'. */
  readonly type: string;
  /** The layer's RoPE params, or null for a layer without RoPE (NoPE). */
  readonly rope: RopeConfigParams | null;
  /** Sliding window as config.sliding_window holds it (ModernBERT: local_attention // 2), or null. */
  readonly window: number | null;
  /** Attention chunk size (Llama 4), or null. */
  readonly chunk: number | null;
  /** Params of the query-scale kind where queries are scaled by position (Llama 4's NoPE layers, Mistral 3's every layer; Qwen v1's log-n, form 'log-ratio', every layer), else null. */
  readonly queryScale: LayerQueryScale | null;
  /** What the layer's attention adds: its scheme and the params of the posenc kind that computes it, or null (NoPE, Mamba, conv, linear attention). */
  readonly positions: LayerPositions | null;
  /** Encoder–decoders (T5): the stack the layer belongs to. */
  readonly stack?: 'encoder' | 'decoder';
}

/** A layer's positional scheme. */
export type LayerPositions =
  | { readonly kind: 'rope'; readonly params: RopeConfigParams; readonly rotate?: 'last';
      readonly info?: { qkHeadDim: number; softmaxMscale: number; softmaxScale: number } }
  | { readonly kind: 'alibi'; readonly params: { heads: number; maxBias: number; form: 'causal' | 'mpt' | 'bloom'; scale?: number } }
  | { readonly kind: 't5'; readonly params: { numBuckets: number; maxDistance: number; bidirectional: boolean }; readonly owner: number }
  | { readonly kind: 'deberta'; readonly params: { bucketSize: number; maxPosition: number } }
  | { readonly kind: 'learned-relative'; readonly size: number; readonly note: string };

/** Positions added to the embeddings before the first layer. */
export type InputPositions =
  | { readonly kind: 'learned'; readonly size: number; readonly offset: number }
  | { readonly kind: 'sinusoidal'; readonly params: { positions: number; dim: number; variant: string; offset: number; paddingIdx?: number } };

/** What positionsFromConfig says of a config. */
export interface ModelPositions {
  /** With engine options: the engine whose layers these are. */
  readonly engine?: EngineName;
  /** config.model_type as published (text_config's where the model nests its text fields). */
  readonly modelType: string | null;
  /** The architecture record it was read with (a transformers model type), or `assume`. */
  readonly family: string;
  readonly input: InputPositions | null;
  readonly layers: readonly LayerInfo[];
  /** A multimodal model's mrope-positions params (model, layout from mrope_layout, spatialMergeSize,
   * tokensPerSecond, temporalMergeSize, axes): add a `sequence` and compute; null for other models. */
  readonly mrope: Readonly<Record<string, string | number>> | null;
  /** What transformers would warn for this config, and posenc's notes. */
  readonly warnings: readonly { field: string; message: string }[];
  /** Where values came from: a config key path, 'default:<ConfigClass>.<field>' or 'rule:<family>'. */
  readonly sources: Readonly<Record<string, string>>;
}

/** Options of the config readers. */
export interface ConfigOptions extends EngineOptions {
  /** A layer type name or a layer index (ropeFromConfig). */
  layer?: string | number;
  /** Read the config as this model type's architecture (a warning says so). */
  assume?: string;
}

/** The inference engines posenc has a profile of (pe.engines). */
export type EngineName = 'transformers' | 'vllm' | 'sglang' | 'llama.cpp' | 'mlx-lm' | 'tensorrt-llm';

/** What the config readers compute as an engine does (web/docs/engines.md). */
export interface EngineOptions {
  /** Default 'transformers' (the reference; without any of these three the readers are as before). */
  engine?: EngineName;
  /** The context the engine was started with (vLLM max_model_len, llama.cpp n_ctx per sequence); default max_position_embeddings. */
  context?: number;
  /** The length of the sequence (or the batch's longest) being computed. */
  seqLen?: number;
}

/** An engine rule that changed a layer: what it does and where it was read (file@commit). */
export interface EngineRule {
  readonly rule: string;
  readonly fields: readonly string[];
  readonly effect: string;
  readonly source: string;
  /** Only the rounding changes (float32 order, a cache's dtype), not the function. */
  readonly rounding?: true;
}

/** How much a layer's attention logits are scaled beyond 1/sqrt(head_dim). */
export interface LogitScale {
  /** The table's attention factor squared (it multiplies q and k). */
  readonly cosSin: number;
  /** An extra softmax-scale multiplier (DeepSeek's mscale(factor, mscale_all_dim)²). */
  readonly softmax: number;
  /** The position-dependent query temperature (query-scale params), or null. */
  readonly query: LayerQueryScale | null;
  /** Their product at position 0. */
  readonly total: number;
}

/** An engine's profile. */
export interface EngineProfile {
  readonly name: EngineName;
  readonly repo: string;
  /** The commit the rules were read at. */
  readonly version: string;
  readonly reads: string;
  readonly notes: string;
  readonly rules: readonly (EngineRule & { when: Record<string, unknown>; do: Record<string, unknown> })[];
}

/** One row of compareEngines: an engine and a group of layers both engines compute alike. */
export interface EngineComparisonRow {
  readonly engine: EngineName;
  readonly layers: readonly number[];
  readonly layerType: string | null;
  /** The two tables formed in double agree within check's float32 bound, and the logit totals agree. */
  readonly same: boolean;
  /** False when the engine cannot run the config (error says why). */
  readonly runs: boolean;
  readonly error?: string;
  readonly maxAbsDiff: number | null;
  readonly at: { position: number; column: number } | null;
  readonly logitScaleRatio: number | null;
  readonly logitScale?: { reference: LogitScale; engine: LogitScale };
  readonly rules: readonly EngineRule[];
  /** What the engine's rounding alone changes (ggml's float32 order, a bfloat16 cache). */
  readonly rounding?: { maxAbsDiff: number; at: { position: number; column: number } | null; params: Record<string, string> };
}

export interface EngineComparison {
  readonly reference: EngineName;
  readonly positions: number;
  readonly context: number | null;
  readonly seqLen: number | null;
  readonly rows: readonly EngineComparisonRow[];
}

/** What llama.cpp computes for one layer of a GGUF file. */
export interface GGUFLayer {
  readonly index: number;
  readonly type: 'full_attention' | 'sliding_attention';
  readonly rope: (RopeConfigParams & { freqFactors?: number[]; freqDtype?: 'ggml'; mropeSection?: number[]; mropeInterleaved?: boolean }) | null;
  readonly positions: LayerPositions | null;
  readonly window: number | null;
  readonly chunk: null;
  readonly queryScale: null;
  readonly engine: { readonly name: 'llama.cpp'; readonly rules: readonly EngineRule[] };
}

export interface GGUFLayerOptions {
  /** The context per sequence llama.cpp runs with (it picks LongRoPE's factors by it); default the file's context_length. */
  context?: number;
  /** The rope tensors the file holds (rope_freqs.weight, rope_factors_long.weight, rope_factors_short.weight), as ggufTensor gives them. */
  tensors?: Record<string, Float32Array>;
  layer?: string | number;
}

/** The dtypes readTensor reads (each converted to float32). */
export type TensorDtype = 'float64' | 'float32' | 'float16' | 'bfloat16' | 'int64' | 'int32';

/** A user's tensor as readTensor gives it. */
export interface Tensor {
  name: string;
  shape: number[];
  /** The file's dtype; data holds its values as float32. */
  dtype: TensorDtype;
  data: Float32Array;
}

export interface ReadTensorOptions {
  /** The tensor of a .safetensors file (default: the only one). */
  name?: string;
  /** Raw little-endian values: their shape (with dtype). */
  shape?: number[];
  /** Raw little-endian values: their dtype (with shape). */
  dtype?: TensorDtype;
  /** Default: raw when shape or dtype is given, else told by the bytes. */
  format?: 'npy' | 'safetensors' | 'raw';
  /** Cap on the float32 copy in bytes (default pe.maxBytes): ENOMEM naming 'shape' above it. */
  maxBytes?: number;
}

/** A .npy or .safetensors header: where each tensor's values lie in the file. */
export interface TensorHeader {
  format: 'npy' | 'safetensors';
  /** Bytes of the header (the values start here in a .npy; after it in a .safetensors). */
  headerBytes: number;
  /** dtype: a TensorDtype, or the file's own name for one readTensor cannot read (e.g. 'F8_E4M3'). */
  tensors: { name: string; dtype: string; shape: number[]; begin: number; end: number }[];
}

/** The dtypes an engine holds a table in (dtype) and a RoPE's inv_freq and angles in (freqDtype):
 * a RoPE reference is computed so (rope's params of those names); bfloat16 / float16 allow one ulp
 * of that dtype at each value. A RoPE tensor whose file says bfloat16 / float16 (readTensor's
 * dtype) is compared with the reference rounded to it when dtype is not given. */
export interface CheckDtypes {
  dtype?: 'float32' | 'bfloat16' | 'float16';
  /** RoPE only ('ggml': ggml's float32 order, what llama.cpp computes). */
  freqDtype?: 'double' | 'float32' | 'bfloat16' | 'float16' | 'ggml';
}

/** A GGUF metadata value's type: a GGUF value type, or 'array<T>' (T itself may be 'array<…>'). */
export type GGUFValueType =
  | 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'bool' | 'string'
  | 'uint64' | 'int64' | 'float64' | `array<${string}>`;

/** A GGUF metadata value: 64-bit integers past 2^53 in magnitude as bigint; arrays as plain arrays. */
export type GGUFValue = number | bigint | boolean | string | GGUFValue[];

/** A GGUF file's header as readGGUF gives it. */
export interface GGUFHeader {
  /** 2 or 3. */
  version: number;
  /** general.alignment, or 32. */
  alignment: number;
  /** Where the tensor infos end. */
  headerBytes: number;
  /** Where the tensor data starts (headerBytes rounded up to alignment). */
  dataOffset: number;
  /** Each key's value (own properties, in file order). */
  metadata: Record<string, GGUFValue>;
  /** Each key's GGUF type. */
  types: Record<string, GGUFValueType>;
  /**
   * The tensor index: dtype as ggml names the type ('F32', 'F16', 'BF16', 'Q4_K', 'IQ2_XXS', ...);
   * shape in GGUF's order, ne[0] (the fastest-varying axis) first, the reverse of PyTorch's;
   * begin/end the absolute byte range of the data in the file.
   */
  tensors: { name: string; dtype: string; shape: number[]; begin: number; end: number }[];
}

export interface GGUFOptions {
  /** The whole file's size when bytes are only its first bytes (Infinity: unknown; ranges then unchecked). */
  fileSize?: number;
}

/** What check compares with: a model's config (one layer), or any kind with its params. */
export type CheckTarget =
  | ({ config: Record<string, unknown>; layer?: string | number; params?: Partial<ParamsOf<'rope'>> } & CheckDtypes & EngineOptions)
  | ({ kind: KindName; params?: Record<string, unknown> } & CheckDtypes);

export interface CheckOptions {
  /** How the tensor reads (default: from its shape; 'sin-cos': the two planes in that order). */
  what?: 'cos' | 'sin' | 'cos-sin' | 'sin-cos' | 'inv_freq' | 'rotated';
  /** Absolute bound per element (default: derived, A (8 |p θ| + 4) 2^-24: float32 evaluation, plus
   * one ulp at the value of a table held in bfloat16 / float16). */
  tolerance?: number;
  /** With what 'rotated': the unrotated vectors. */
  input?: { shape: number[]; data: Float32Array };
  /** false: the comparison alone, no diagnosis. */
  diagnose?: boolean;
}

/** One explanation of a difference: the cause, the change that removes it, what is left after it. */
export interface Diagnosis {
  cause: 'engine' | 'layout' | 'rotary-part' | 'base' | 'scaling' | 'attention-factor' | 'offset' | 'precision' | 'half-width';
  /** cause 'engine': the engine rule that makes the table (and every rule of that engine for the layer). */
  rule?: string | null;
  rules?: readonly EngineRule[];
  /** Params to change (a null value: leave the param out); or, for the user's side of a table:
   * { what } (cos and sin swapped), { halfWidth: true }, { pairing: 'whole-head' }, { rotaryDims: 'last' }. */
  fix: Record<string, unknown>;
  maxAbsError: number;
  /** Elements still over the bound with the fix. */
  badElements: number;
  /** The largest per-element bound with the fix (a precision fix brings its dtype's one-ulp allowance). */
  tolerance: number;
  /** Two mistakes at once: both causes (cause is the first), fix holds both changes. */
  causes?: Diagnosis['cause'][];
  note?: string;
}

export interface CheckResult {
  exact: boolean;
  /** The largest per-element bound used. */
  tolerance: number;
  maxAbsError: number;
  maxRelError: number;
  badElements: number;
  firstBad: { row: number; column: number; got: number; want: number } | null;
  /** Largest absolute error per column, per row. */
  columnError: Float32Array;
  rowError: Float32Array;
  /** Best explanation first; [] when exact. */
  diagnosis: Diagnosis[];
  /** How the tensor was read. */
  what: string;
  /** The target's params. */
  params: Record<string, unknown>;
}

/** Options of one compute, computeView or shape call. */
export interface ComputeOptions {
  /** Output cap in bytes for this call (default pe.maxBytes); larger requests throw ENOMEM before allocating. */
  maxBytes?: number;
}

export interface Posenc {
  readonly version: string;
  readonly kinds: readonly KindInfo[];
  /** The module's memory (its buffer changes when memory grows). */
  readonly memory: WebAssembly.Memory;
  /** The default output cap in bytes of this object's calls (default 2 GiB): larger requests throw ENOMEM before allocating. */
  maxBytes: number;
  /**
   * Bytes that this object's results not yet freed (computeView, colormap, colormapImage,
   * difference) may hold together (default 1 GiB); one past it throws ENOMEM naming viewBudget.
   */
  viewBudget: number;
  /** Bytes held now by this object's results not yet freed (nor garbage-collected). */
  readonly viewBytes: number;
  /** The shape compute() would give, after the same checks (the byte cap included); nothing is computed. */
  shape<K extends KindName>(kind: K, params?: ParamsOf<K>, options?: ComputeOptions): number[];
  compute<K extends KindName>(kind: K, params?: ParamsOf<K>, options?: ComputeOptions): Result<K>;
  computeView<K extends KindName>(kind: K, params?: ParamsOf<K>, options?: ComputeOptions): ResultView<K>;
  /** x: [positions, dim] row-major; returns the rotated copy. */
  applyRope(x: ArrayLike<number>, params?: RopeParams): Float32Array;
  /** Without layer: the params every RoPE layer shares (EINVAL naming 'layer' when they differ); null for a model without RoPE. */
  ropeFromConfig(config: Record<string, unknown>, options?: ConfigOptions): RopeConfigParams | null;
  /** Every layer of the model: type, positions, RoPE (or null), window, chunk, query scale. */
  layersFromConfig(config: Record<string, unknown>, options?: ConfigOptions): LayerInfo[];
  /** Any config, RoPE or not: input positions, every layer's scheme, warnings, sources. */
  positionsFromConfig(config: Record<string, unknown>, options?: ConfigOptions): ModelPositions;
  /** The engine profiles, transformers (the reference) first. */
  readonly engines: readonly EngineProfile[];
  /** What each engine computes for a config against a reference (transformers), per group of layers. */
  compareEngines(config: Record<string, unknown>, options?: EngineOptions & { engines?: EngineName[]; reference?: EngineName; positions?: number; assume?: string }): EngineComparison;
  /** What llama.cpp computes for a GGUF file (a readGGUF result), one entry per layer. */
  layersFromGGUF(gguf: GGUFHeader, options?: GGUFLayerOptions): GGUFLayer[];
  /** The rope params llama.cpp computes for one layer of a GGUF file (or the params every layer shares). */
  ropeFromGGUF(gguf: GGUFHeader, options?: GGUFLayerOptions): GGUFLayer['rope'];
  /** Does llama.cpp compute for the file what transformers computes for the config? Per group of layers, the GGUF key behind a difference. */
  checkGGUF(gguf: GGUFHeader, options: { config: Record<string, unknown>; context?: number; tensors?: Record<string, Float32Array>; positions?: number }): {
    same: boolean; arch: string;
    layers: { layers: number[]; type: string | null; same: boolean; maxAbsDiff: number | null; at: { position: number; column: number } | null;
      causes: { key: string; message: string }[]; notes: string[] }[];
  };
  /** The part of a config that positionsFromConfig reads: the same result from fewer bytes (what the explorer keeps in its URL). */
  fieldsRead(config: Record<string, unknown>, options?: ConfigOptions): Record<string, unknown>;
  /**
   * A model's config.json from the Hugging Face Hub: GET {endpoint}/{id}/resolve/{revision}/config.json
   * (the token as `Authorization: Bearer`, never in the URL or a message), parsed; then as a pasted
   * config (positionsFromConfig …). Rejects with PosencError (param 'model', 'token', …).
   */
  fetchConfig(id: string, options?: FetchConfigOptions): Promise<Record<string, unknown>>;
  /** The architecture records, by transformers model type. */
  readonly architectures: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The transformers model types with a record. */
  readonly modelTypes: readonly string[];

  /** A .npy, .safetensors or raw tensor as float32 (header parsing and conversion in C). */
  readTensor(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: ReadTensorOptions): Tensor;
  /** A file's header: bytes may be its first bytes only, with fileSize the whole file's size. */
  tensorHeader(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: { fileSize?: number }): TensorHeader;
  /** The bytes a file's header needs, from its first 16 bytes. */
  tensorHeaderSize(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: { fileSize?: number }): number;
  /** A GGUF file's header (parsed and checked in C): metadata, types and the tensor index. */
  readGGUF(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: GGUFOptions): GGUFHeader;
  /** The bytes a GGUF header needs: exact when bytes hold it all, else a lower bound to read on to. */
  ggufHeaderSize(bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: GGUFOptions): number;
  /**
   * A tensor of a readGGUF result as float32 (F32, F16, BF16, F64, I32, I64; quantized types are
   * EINVAL naming 'dtype'): bytes are the tensor's range [begin, end) or the file from its start.
   */
  ggufTensor(gguf: GGUFHeader, name: string, bytes: Uint8Array | ArrayBuffer | ArrayBufferView, options?: { maxBytes?: number }): Float32Array;
  /** A tensor against a target: exact within the bound, or how it differs and the likeliest fixes. */
  check(tensor: { shape: number[]; data: Float32Array; dtype?: string }, target: CheckTarget, options?: CheckOptions): CheckResult;

  /** The colormaps C provides (matplotlib's tables), the first being the default. */
  readonly colormaps: readonly ColormapInfo[];
  /**
   * Statistics of a table (or of count values from offset), computed in C. Given vmin/vmax replace
   * lo/hi, checked as colormap() checks them: lo/hi are the limits colormap() would use.
   */
  range(source: Table, options?: { map?: string; vmin?: number | null; vmax?: number | null; offset?: number; count?: number }): TableRange;
  /** Colour a table into the wasm heap (RGBA8, ImageData's layout); vmin/vmax default to range().lo/hi. */
  colormap(source: Table, options?: { map?: string; vmin?: number | null; vmax?: number | null; offset?: number; count?: number }): ColormapView;
  /**
   * Colour a [rows, cols] plane (from offset, rows stride apart) into a [height, width] image at the
   * image's resolution: pixel (y, x) shows the cell under its centre, (floor((y + ½) rows / height), floor((x + ½) cols / width)).
   * rows and cols default to a result's last two axes (required for anything without a shape); width and
   * height default to cols and rows. columnScales: each column coloured between its own limits (its
   * automatic ones; a given vmin/vmax replaces that end in every column), given in columnLimits; vmin
   * and vmax are then the lowest and highest of them (c/colormap.c pe_colormap_sample_columns).
   */
  colormapImage(source: Table, options?: { map?: string; vmin?: number | null; vmax?: number | null; offset?: number;
    rows?: number; cols?: number; stride?: number; width?: number; height?: number; columnScales?: boolean }): ColormapImage;
  /** A colormap's 256 colours, lowest first, RGBA (a copy): for a colorbar. */
  colormapLUT(map?: string): Uint8ClampedArray;
  /** Compare mode's A − B in C (double, stored float32; -Infinity in either stays -Infinity): a heap view, valid until free(). */
  difference(a: Table, b: Table): { readonly length: number; readonly data: Float32Array; readonly byteOffset: number; free(): void; [Symbol.dispose](): void };
}

/** A table to colour: a result, view or copy (its shape gives colormapImage's default plane: the last
 * two axes; one axis is a column), or bare values. */
export type Table = Float32Array | Int32Array | { readonly data: Float32Array | Int32Array; readonly shape?: readonly number[] };

export interface ColormapInfo {
  readonly name: string;
  readonly title: string;
  /** Default limits are symmetric around 0 (±max|v|). */
  readonly centred: boolean;
}

export interface TableRange {
  /** Smallest and largest finite value. */
  min: number;
  max: number;
  /** The limits the map uses: by default, or the vmin/vmax given to range(). */
  lo: number;
  hi: number;
  finite: number;
  nan: number;
  negInf: number;
  posInf: number;
}

/** Colours in the wasm heap, valid until free(): -Infinity transparent, NaN magenta. */
export interface ColormapView {
  readonly map: string;
  /** Number of pixels. */
  readonly length: number;
  readonly vmin: number;
  readonly vmax: number;
  readonly byteOffset: number;
  readonly data: Uint8ClampedArray;
  free(): void;
  [Symbol.dispose](): void;
}

export interface ColormapImage extends ColormapView {
  /** Pixels per row and rows: data holds width × height RGBA pixels. */
  readonly width: number;
  readonly height: number;
  /** columnScales only: column c's limits at [2c], [2c + 1] (a copy). */
  readonly columnLimits?: Float64Array;
}

export interface LoadOptions {
  /** The bytes of posenc.wasm (instead of the copy embedded in the package). */
  wasmBinary?: BufferSource;
  /** Where to fetch posenc.wasm from, relative to posenc.js (default: none, the embedded copy). */
  wasmURL?: string | URL;
  /** Output cap in bytes of the returned object's calls; other load() callers keep their own. */
  maxBytes?: number;
  /** The returned object's view budget in bytes (Posenc.viewBudget); other load() callers keep their own. */
  viewBudget?: number;
}

/**
 * Instantiate posenc; the instance is cached per wasmBinary / wasmURL. Plain load() calls share
 * one Posenc; a call with maxBytes or viewBudget gets a Posenc of its own over that instance.
 */
export declare function load(options?: LoadOptions): Promise<Posenc>;

// ---- Custom elements (posenc/elements): the DOM-free part; the element types are in elements/define.d.ts ----

type SnakeToCamel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<SnakeToCamel<T>>}` : S;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueIn<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
// every key of every kind's params; a key two kinds share takes either kind's values (layout: rope's
// 'neox' | 'gptj', mrope-positions' 'qwen' | …; form: alibi's, query-scale's), as the element reads
// the one its kind has
type MergedParams<T> = { [K in KeysOfUnion<T>]?: ValueIn<T, K> };
type Nullable<T> = { [P in keyof T]?: T[P] | null };

/** The kinds the elements draw (every kind but rope-apply, which transforms an input array). */
export type DrawableKind = Exclude<KindName, 'rope-apply'>;

/**
 * The elements' parameter properties: every parameter of every drawable kind (attribute: its
 * kebab-case name, e.g. padding-idx), and rope_scaling's fields camel-cased (ropeType ↔ rope-type,
 * originalMaxPositionEmbeddings ↔ original-max-position-embeddings), and ropeScaling whole (attribute
 * rope-scaling, JSON; its fields' attributes win). Arrays reflect comma-separated, objects as JSON.
 * null = attribute absent. similarity's normalize is an attribute only (Node.normalize() keeps its
 * name); rope-2d's style is the attribute pe-style and the property peStyle (style is HTML's).
 */
export type ElementParams = Nullable<Omit<MergedParams<ParamsByKind[DrawableKind]>, 'normalize' | 'style'>>
  & Nullable<{ peStyle: ParamsByKind['rope-2d']['style'] }>
  & Nullable<{ [F in Exclude<keyof RopeScaling, 'type'> as SnakeToCamel<F>]: RopeScaling[F] }>;

/** Options of pe.fetchConfig. */
export interface FetchConfigOptions {
  /** A branch, tag or 40-hex commit (default 'main'). */
  revision?: string;
  /** A Hub access token, for gated and private models. */
  token?: string;
  /** The Hub or a mirror (default 'https://huggingface.co'). */
  endpoint?: string;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: typeof globalThis.fetch;
  /** Milliseconds for the whole answer, body included (default 30000): then ETIMEDOUT. */
  timeout?: number;
  /** Cancels the request: ECANCELED. */
  signal?: AbortSignal;
  /** Largest answer read, in bytes (default 16 MiB): past it EIO, the rest unread. */
  maxBytes?: number;
}

/** detail of `posenc-error`: `attribute` names the attribute at fault (null when none is). */
export interface PosencErrorDetail {
  message: string;
  code: ErrorCode | null;
  param: string | null;
  attribute: string | null;
  error: unknown;
}

/** detail of `posenc-render`, and an element's `drawn`: what the last render drew. */
export interface PosencRenderDetail {
  kind: DrawableKind;
  params: Record<string, unknown>;
  /** The plane of a stacked table (head, cos/sin). */
  index: number;
  shape: number[];
  rows: number;
  cols: number;
  /** Plotted (plot) or marked (heatmap) columns. */
  columns: number[];
  /** The same as columns (its older name). */
  dims: number[];
}

/** detail of `posenc-column` (a heatmap column was clicked or chosen with Enter/Space). */
export interface PosencColumnDetail {
  column: number;
  /** The heatmap's columns after the toggle. */
  columns: number[];
  /** The same as columns (its older name). */
  dims: number[];
}
