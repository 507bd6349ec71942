// Models as they ship: a config.json → every layer's positions (layer type, RoPE params or none,
// window, chunk, query scale), read the way transformers' configuration classes read it (v5:
// PreTrainedConfig.__post_init__ layer patterns, convert_rope_params_to_dict and
// RotaryEmbeddingConfigMixin.standardize_rope_params). Key mapping only: every number is checked by
// the C registry (pe.shape, nothing computed) and a failure names the config field it came from.
// A field that changes positions but is not understood here is a refusal, never skipped.
import { PosencError } from './core/error.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
const present = (o, k) => isObject(o) && o[k] !== undefined && o[k] !== null;
const show = (v) =>
  Array.isArray(v) || ArrayBuffer.isView(v) ? `an array of ${v.length}` : isObject(v) ? 'an object' : JSON.stringify(v);

// rope_type values whose pre-training length HF moves into the rope dict (standardize_rope_params).
const USES_ORIGINAL = ['llama3', 'yarn', 'longrope', 'su'];
// Keys of a rope dict read elsewhere (base, rotary part, M-RoPE sections) rather than as scaling fields.
const READ_APART = ['rope_theta', 'partial_rotary_factor', 'mrope_section', 'mrope_interleaved'];
// Layer types whose positions posenc knows: their attention uses the layer's RoPE (or none).
const LAYER_TYPES = ['full_attention', 'sliding_attention', 'chunked_attention'];
const MAX_LAYERS = 65536;

// Each family's defaults as its configuration class sets them (transformers src/transformers/models/
// <family>/configuration_<family>.py, read at commit 008e574391258935f3ecc3035c882e73bbcac419 unless
// noted): the layer pattern when layer_types is absent, the window of sliding layers when
// sliding_window is absent, the base when rope_theta is absent (the class's default_theta, which
// convert_rope_params_to_dict falls back to), and the position fields the class defaults.
const sliding = (every) => (i) => ((i + 1) % every !== 0 ? 'sliding_attention' : 'full_attention');
const FAMILIES = {
  gemma2: { pattern: () => sliding(2), window: 4096, defaults: { head_dim: 256, num_attention_heads: 8, max_position_embeddings: 8192 } },
  // gemma3 at 008f5c8c29be84d4721dc6d1e0fcd72300580be4 (v4: rope_theta 1e6, rope_local_base_freq 1e4, pattern 6)
  gemma3: { pattern: (c) => sliding(c.sliding_window_pattern ?? 6), window: 4096, theta: { full_attention: 1e6, sliding_attention: 1e4 }, fillTypes: true,
    defaults: { head_dim: 256, num_attention_heads: 8, max_position_embeddings: 131072 } },
  // Gemma4TextConfig forces the last layer full whether layer_types is given or built
  gemma4: { pattern: () => sliding(6), window: 512, lastFull: true, defaults: { head_dim: 256, num_attention_heads: 8, max_position_embeddings: 131072 },
    rope: { sliding_attention: { rope_type: 'default', rope_theta: 10000 }, full_attention: { rope_type: 'proportional', partial_rotary_factor: 0.25, rope_theta: 1e6 } } },
  // Cohere2Config: pattern from the legacy sliding_window_pattern (4); modeling_cohere2 applies RoPE
  // only where the layer has a window (commit 015bfeb86891c5f5e450f48942260ac3e2cd2bf2)
  cohere2: { pattern: (c) => sliding(c.sliding_window_pattern ?? 4), window: 4096, nope: () => (t) => t === 'full_attention', gptj: true,
    defaults: { hidden_size: 8192, num_attention_heads: 64, max_position_embeddings: 8192 } },
  // modeling_exaone4: RoPE when sliding_window is None or the layer slides (global NoPE); absent = 4096
  exaone4: { pattern: exaonePattern, window: 4096, nope: (c) => (t) => c.sliding_window !== null && t === 'full_attention',
    defaults: { hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 2048 } },
  olmo3: { pattern: () => sliding(4), window: 4096, theta: { full_attention: 5e5, sliding_attention: 5e5 }, fillTypes: true,
    defaults: { hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 2048 } },
  // GptOssConfig: layer 0 slides ((i + 1) % 2), default_theta 150000 and a YaRN x32 dict when none is given
  gpt_oss: { pattern: () => sliding(2), window: 128, theta: 150000, defaults: { head_dim: 64, max_position_embeddings: 131072 },
    rope: { rope_type: 'yarn', factor: 32, beta_fast: 32, beta_slow: 1, truncate: false, original_max_position_embeddings: 4096 } },
  modernbert: { pattern: (c) => (i) => (i % (c.global_attn_every_n_layers ?? 3) ? 'sliding_attention' : 'full_attention'),
    theta: { full_attention: 160000, sliding_attention: 10000 }, fillTypes: true,
    defaults: { hidden_size: 768, num_attention_heads: 12, max_position_embeddings: 8192 } },
  llama4: { pattern: (c, noRope) => (i) => (noRope[i] ? 'chunked_attention' : 'full_attention'), gptj: true, theta: 5e5,
    defaults: { head_dim: 128, num_attention_heads: 40, max_position_embeddings: 131072 } },
  // SmolLM3Config: default_theta 2e6; a NoPE layer slides only with use_sliding_window and a window
  smollm3: { pattern: (c, noRope) => (i) => (c.use_sliding_window && c.sliding_window != null && !noRope[i] ? 'sliding_attention' : 'full_attention'),
    theta: 2e6, defaults: { hidden_size: 2048, num_attention_heads: 16, max_position_embeddings: 32768 } },
  qwen2: { pattern: qwenPattern(28), window: 4096 }, qwen3: { pattern: qwenPattern(28), window: 4096 },
  qwen3_moe: { pattern: qwenPattern(28), window: 4096 }, qwen3_vl: { pattern: qwenPattern(28), window: 4096 },
  // Qwen2MoeConfig: every other layer from layer 0, below max_window_layers, with use_sliding_window
  qwen2_moe: { pattern: (c) => (i) => (c.use_sliding_window && (i + 1) % 2 && i < (c.max_window_layers ?? 28) ? 'sliding_attention' : 'full_attention'),
    window: 4096 },
  // Qwen2_5_VLTextConfig (at 018c8e0394c47749c55861e11f5f7e2a577973d7; Qwen2-VL's text config alike):
  // max_window_layers 80, rope_theta 1e6 by default
  qwen2_5_vl: { pattern: qwenPattern(80), window: 4096, theta: 1e6 }, qwen2_vl: { pattern: qwenPattern(80), window: 4096, theta: 1e6 },
};
// Qwen2/Qwen3 (and their VL text models): sliding_window only with use_sliding_window (absent = the
// class default 4096, null = none), from max_window_layers on (Qwen2Config.__post_init__).
function qwenPattern(maxWindowLayers) {
  return (c) => {
    const windowed = c.use_sliding_window && c.sliding_window !== null;
    return (i) => (windowed && i >= (c.max_window_layers ?? maxWindowLayers) ? 'sliding_attention' : 'full_attention');
  };
}
// EXAONE 4: sliding_window null = every layer full (absent = the class default 4096); the pattern an
// int, or a string ('LLLG': L local, G global, the last layer global whatever the letter, as
// Exaone4Config's docstring says; its layer_types builder at 008e574 takes only the int, so
// published files carry layer_types).
function exaonePattern(c) {
  if (c.sliding_window === null) return () => 'full_attention';
  const p = c.sliding_window_pattern ?? 4;
  const n = c.num_hidden_layers;
  if (typeof p === 'string') return (i) => (i !== n - 1 && p[i % p.length] === 'L' ? 'sliding_attention' : 'full_attention');
  return sliding(p);
}

class Reader {
  constructor(pe, config) {
    if (!isObject(config)) {
      throw new PosencError(`posenc: config = ${config === null ? 'null' : typeof config} is not an object (a parsed config.json)`,
        'EINVAL', 'config');
    }
    this.pe = pe;
    this.root = config;
    // The text model's fields: under text_config when the top level has no head size (Llama 4,
    // Gemma 3/4, Qwen-VL), as the composite configs build their text sub-config.
    const headless = !['head_dim', 'qk_rope_head_dim', 'hidden_size', 'n_embd'].some((k) => present(config, k));
    this.nested = headless && isObject(config.text_config);
    const cfg = this.nested ? config.text_config : config;
    this.pre = this.nested ? 'text_config.' : '';
    const mt = cfg.model_type ?? config.model_type;
    this.modelType = typeof mt === 'string' ? mt.replace(/_text$/, '') : undefined;
    this.family = Object.hasOwn(FAMILIES, this.modelType ?? '') ? FAMILIES[this.modelType] : {};
    // The config class's defaults stand in for absent fields (composite configs often list few).
    this.cfg = { ...this.family.defaults, ...cfg };
    if (this.family.rope && !present(cfg, 'rope_parameters') && !present(cfg, 'rope_scaling')) this.cfg.rope_parameters = this.family.rope;
    const kind = pe.kinds.find((k) => k.name === 'rope-frequencies');
    this.defaults = Object.fromEntries(kind.params.map((p) => [p.name, p.default]));
    this.fields = new Set(kind.params.find((p) => p.name === 'ropeScaling').fields.map((f) => f.name));
    this.ropeParams = new Set(pe.kinds.find((k) => k.name === 'rope').params.map((p) => p.name));
  }

  /** A PosencError naming config field `field` (a path relative to the text model's fields). */
  fail(field, what, code = 'EINVAL') {
    const path = this.pre + field;
    const value = path.split('.').reduce((o, k) => (o == null ? o : o[k]), this.root);
    const shown = value === undefined ? '' : ` = ${show(value)}`;
    return new PosencError(`posenc: config.${path}${shown} ${what}`, code, path);
  }

  get(k) {
    return present(this.cfg, k) ? this.cfg[k] : undefined;
  }

  /** The number of layers, or undefined when the config gives none. */
  layerCount() {
    const key = ['num_hidden_layers', 'n_layer', 'num_layers'].find((k) => present(this.cfg, k));
    if (!key) return undefined;
    const n = this.cfg[key];
    if (typeof n !== 'number') throw this.fail(key, 'is not a number');
    if (!Number.isInteger(n) || n < 1 || n > MAX_LAYERS) throw this.fail(key, `is not an integer in [1, ${MAX_LAYERS}]`, 'ERANGE');
    return n;
  }

  /** Llama 4 / SmolLM3 no_rope_layers (1 = RoPE, 0 = NoPE), else the default every no_rope_layer_interval. */
  noRopeLayers(n) {
    const given = this.get('no_rope_layers');
    const family = this.modelType;
    // Llama 4 takes an empty list as absent (`if self.no_rope_layers`); SmolLM3 only None.
    if (given !== undefined && !(family === 'llama4' && Array.isArray(given) && given.length === 0)) {
      if (!Array.isArray(given)) throw this.fail('no_rope_layers', 'is not a list of 0/1 per layer');
      if (given.length < n) throw this.fail('no_rope_layers', `has fewer entries than the ${n} layers`);
      return given.slice(0, n).map((v, i) => {
        if (v !== 0 && v !== 1 && v !== true && v !== false) throw this.fail(`no_rope_layers.${i}`, 'is not 0 or 1 (1 = the layer uses RoPE)');
        return Number(v);
      });
    }
    const every = this.get('no_rope_layer_interval') ?? 4;
    if (!Number.isInteger(every) || every < 1) throw this.fail('no_rope_layer_interval', 'is not a positive integer', 'ERANGE');
    return Array.from({ length: n }, (_, i) => Number((i + 1) % every !== 0));
  }

  /** Every layer's type name, as the config gives them or as the family's config class builds them. */
  layerTypes(n, noRope) {
    const given = this.get('layer_types');
    let types;
    if (given !== undefined) {
      if (!Array.isArray(given)) throw this.fail('layer_types', 'is not a list of layer type names');
      if (given.length !== n) throw this.fail('layer_types', `has ${given.length} entries for ${n} layers`);
      types = given.slice();
    } else if (this.family.pattern) {
      // the pattern's numbers: a string or a fraction would make every layer alike without a word
      for (const [k, min] of [['sliding_window_pattern', 1], ['global_attn_every_n_layers', 1], ['max_window_layers', 0]]) {
        const v = this.get(k);
        if (v === undefined || (k === 'sliding_window_pattern' && this.modelType === 'exaone4' && typeof v === 'string' && /^[LG]+$/.test(v))) continue;
        if (!Number.isInteger(v) || v < min) throw this.fail(k, `is not an integer >= ${min}`, typeof v === 'number' ? 'ERANGE' : 'EINVAL');
      }
      const p = this.family.pattern(this.cfg, noRope);
      types = Array.from({ length: n }, (_, i) => p(i));
    } else {
      // Families without a pattern: one attention for every layer, windowed when sliding_window is set (Mistral).
      const windowed = typeof this.get('sliding_window') === 'number';
      types = Array(n).fill(windowed ? 'sliding_attention' : 'full_attention');
    }
    if (this.family.lastFull) types[n - 1] = 'full_attention';
    types.forEach((t, i) => {
      if (!LAYER_TYPES.includes(t)) {
        throw this.fail(given !== undefined ? `layer_types.${i}` : 'model_type',
          `gives layer ${i} the type ${JSON.stringify(t)}, whose positions posenc does not know (it reads ${LAYER_TYPES.join(', ')})`);
      }
    });
    return types;
  }

  /** The rope dict of a layer type: { dict, path, keyed, theta: { value, path } | undefined }. */
  ropeSource(type) {
    const rp = this.get('rope_parameters'), rs = this.get('rope_scaling');
    const key = rp !== undefined ? 'rope_parameters' : rs !== undefined ? 'rope_scaling' : undefined;
    const top = key ? this.cfg[key] : {};
    if (!isObject(top)) throw this.fail(key, 'is not an object');
    const values = Object.values(top);
    const keyed = values.length > 0 && values.some(isObject);
    if (keyed) {
      // v5: a dict keyed by layer type (standardize_rope_params); every value a dict.
      for (const [k, v] of Object.entries(top)) {
        if (!isObject(v) && v !== null) throw this.fail(`${key}.${k}`, 'sits beside per-layer-type RoPE dicts but is not one');
      }
      if (!isObject(top[type])) {
        // Gemma 3, ModernBERT and Olmo3 fill a missing type with default RoPE at the legacy/default base
        // (their convert_rope_params_to_dict); other classes would fail on it, so posenc refuses.
        if (!this.family.fillTypes) throw this.fail(`${key}.${type}`, `is missing: ${key} is keyed by layer type and the model has ${type} layers`);
        return { dict: {}, path: `${key}.${type}`, keyed: true, theta: this.legacyTheta(type, true) };
      }
      return { dict: top[type], path: `${key}.${type}`, keyed: true, theta: this.legacyTheta(type, true) };
    }
    // Legacy per-layer-type keys (convert_rope_params_to_dict of each family).
    const m = this.modelType;
    if (key !== 'rope_parameters' && (m === 'gemma3' || m === 'olmo3') && type === 'sliding_attention') {
      // Gemma 3: rope_scaling is for the global layers only; the local ones are default RoPE at
      // rope_local_base_freq. Olmo3: the same, with the base the class default (rope_theta was
      // popped by the full-attention branch first).
      return { dict: {}, path: key ?? 'rope_scaling', keyed: false, theta: this.legacyTheta(type, false) };
    }
    return { dict: top, path: key ?? 'rope_scaling', keyed: false, theta: this.legacyTheta(type, false) };
  }

  /** A base given outside the rope dict for this layer type: { value, path (undefined = a class default) }. */
  legacyTheta(type, keyed) {
    const m = this.modelType, fam = this.family.theta;
    if (m === 'modernbert') {
      const k = type === 'full_attention' ? 'global_rope_theta' : 'local_rope_theta';
      return present(this.cfg, k) ? { value: this.cfg[k], path: k } : { value: fam[type] };
    }
    if (m === 'gemma3' && type === 'sliding_attention') {
      return present(this.cfg, 'rope_local_base_freq') ? { value: this.cfg.rope_local_base_freq, path: 'rope_local_base_freq' } : { value: fam[type] };
    }
    // Olmo3: the full-attention branch pops rope_theta first, so a sliding dict without one gets the default
    if (m === 'olmo3' && type === 'sliding_attention' && (keyed || this.get('rope_parameters') === undefined)) return { value: fam[type] };
    const k = ['rope_theta', 'rotary_emb_base'].find((x) => present(this.cfg, x));
    if (k) return { value: this.cfg[k], path: k };
    if (typeof fam === 'number') return { value: fam };
    if (isObject(fam) && fam[type] !== undefined) return { value: fam[type] };
    return undefined;
  }

  /** The posenc rope params of one layer type (head dim key: Gemma 4's full layers use global_head_dim). */
  rope(type) {
    const { dict, path, keyed, theta } = this.ropeSource(type);
    const from = {};
    const out = {};
    const cfg = this.cfg;

    // Head dim: head_dim (`or`: 0/null fall through), DeepSeek's qk_rope_head_dim, else hidden // heads
    // (GPT-2-style attribute maps: n_embd, n_head). Cohere2 always derives it; Gemma 4's full layers
    // read global_head_dim (Gemma4TextConfig: default 512).
    const gemma4Full = this.modelType === 'gemma4' && type === 'full_attention';
    const headKey = gemma4Full ? 'global_head_dim' : this.modelType === 'cohere2' ? undefined : ['head_dim', 'qk_rope_head_dim'].find((k) => cfg[k]);
    if (gemma4Full && !cfg.global_head_dim) {
      out.dim = 512;
    } else if (headKey) {
      out.dim = cfg[headKey];
      from.dim = headKey;
    } else {
      const hidden = ['hidden_size', 'n_embd'].find((k) => present(cfg, k));
      const heads = ['num_attention_heads', 'n_head'].find((k) => present(cfg, k));
      if (!hidden || !heads) {
        throw this.fail(hidden ? heads ?? 'num_attention_heads' : heads ? 'hidden_size' : 'head_dim',
          'is missing, so no head dim can be derived (set head_dim, qk_rope_head_dim, or hidden_size and num_attention_heads)');
      }
      for (const k of [hidden, heads]) {
        if (!Number.isInteger(cfg[k]) || cfg[k] < 1) throw this.fail(k, 'is not a positive integer', typeof cfg[k] === 'number' ? 'ERANGE' : 'EINVAL');
      }
      out.dim = Math.floor(cfg[hidden] / cfg[heads]);
      from.dim = hidden;
    }

    // Base: the rope dict's rope_theta wins (convert_rope_params_to_dict), then the family's legacy
    // key for this layer type, then rope_theta / GPT-NeoX's rotary_emb_base, then the class default.
    if (present(dict, 'rope_theta')) {
      out.base = dict.rope_theta;
      from.base = `${path}.rope_theta`;
    } else if (theta) {
      out.base = theta.value;
      if (theta.path) from.base = theta.path;
    } else {
      out.base = this.defaults.base;
    }

    // Rotary part: partial_rotary_factor (top level wins over an unkeyed dict, as standardize_rope_params;
    // a per-layer-type dict's own wins), GPT-NeoX's rotary_pct, GPT-J's rotary_dim (null = the whole head).
    const inDict = present(dict, 'partial_rotary_factor') ? `${path}.partial_rotary_factor` : undefined;
    const topKey = ['partial_rotary_factor', 'rotary_pct'].find((k) => present(cfg, k));
    const prfKey = (keyed ? inDict ?? topKey : topKey ?? inDict) ?? (present(cfg, 'rotary_dim') ? 'rotary_dim' : undefined);
    out.partialRotaryFactor = this.defaults.partialRotaryFactor;
    if (prfKey === 'rotary_dim') {
      const rd = cfg.rotary_dim;
      if (typeof rd !== 'number') throw this.fail('rotary_dim', 'is not a number');
      // C forms r = int(dim * factor); pick the factor that gives rotary_dim back exactly.
      out.partialRotaryFactor = Math.trunc(out.dim * (rd / out.dim)) === rd ? rd / out.dim : (rd + 0.5) / out.dim;
    } else if (prfKey) {
      out.partialRotaryFactor = prfKey === inDict ? dict.partial_rotary_factor : cfg[prfKey];
    }
    if (prfKey) from.partialRotaryFactor = prfKey;

    // Pairs (2k, 2k+1): GPT-J and CodeGen (rotate_every_two), DeepSeek-V2 (complex form) and V3
    // (rope_interleave, default true; HF permutes the rotated halves, which changes no q·k), Llama 4
    // (complex freqs_cis), Cohere (repeat_interleave'd tables).
    const mt = this.modelType;
    const interleave = cfg.rope_interleave ?? (mt === 'deepseek_v3' ? true : undefined);
    out.layout = 'rotary_dim' in cfg || ['gptj', 'codegen', 'deepseek_v2', 'cohere'].includes(mt) || this.family.gptj || interleave === true
      ? 'gptj' : 'neox';

    const maxKey = ['max_position_embeddings', 'n_positions'].find((k) => present(cfg, k));
    out.maxPositionEmbeddings = maxKey ? cfg[maxKey] : this.defaults.maxPositionEmbeddings;
    if (maxKey) from.maxPositionEmbeddings = maxKey;

    // A per-layer-type yarn dict's own `truncate` is followed; transformers' _compute_yarn_parameters
    // reads it from the top-level rope_parameters (a keyed dict has none there: always true), which
    // is taken as an oversight (SPEC §9).
    // The scaling dict: registry fields verbatim; `type` is the legacy rope_type (rope_type wins when
    // both are given); Qwen2-VL's 'mrope' is default RoPE on the text positions; Phi-3 reads 'su' and
    // 'yarn' as longrope. Any other key would change positions unread: refused.
    const scaling = {};
    for (const [k, v] of Object.entries(dict)) {
      if (v === null || v === undefined || READ_APART.includes(k)) continue;
      if (!this.fields.has(k)) {
        throw this.fail(`${path}.${k}`, `is a RoPE key posenc does not read (it reads ${[...this.fields, ...READ_APART].join(', ')})`);
      }
      if (k === 'type' && present(dict, 'rope_type')) continue;
      const key = k === 'type' ? 'rope_type' : k;
      scaling[key] = v === 'mrope' && key === 'rope_type' ? 'default' : v;
      from[`ropeScaling.${key}`] = `${path}.${k}`;
    }
    if (mt === 'phi3' && scaling.rope_type === 'yarn') scaling.rope_type = 'longrope';
    if (present(cfg, 'original_max_position_embeddings') && USES_ORIGINAL.includes(scaling.rope_type)) {
      // Phi-3 keeps the pre-training length at the top level; HF gives it priority.
      scaling.original_max_position_embeddings = cfg.original_max_position_embeddings;
      from['ropeScaling.original_max_position_embeddings'] = 'original_max_position_embeddings';
    }
    scaling.rope_type ??= 'default';
    out.ropeScaling = scaling;

    // M-RoPE sections (Qwen2-VL, Qwen2.5-VL, Qwen3-VL), when the registry's rope takes them.
    for (const [k, name] of [['mrope_section', 'mropeSection'], ['mrope_interleaved', 'mropeInterleaved']]) {
      if (present(dict, k) && this.ropeParams.has(name)) {
        out[name] = dict[k];
        from[name] = `${path}.${k}`;
      }
    }

    // Let C judge every derived value (pe.shape: the checks of a compute, nothing computed).
    try {
      this.pe.shape('rope-frequencies', out);
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      const field = from[e.param] ?? (e.param.startsWith('ropeScaling.') ? `${path}.${e.param.slice(12)}` : e.param);
      const value = (this.pre + field).split('.').reduce((o, k) => (o == null ? o : o[k]), this.root);
      throw this.fail(field, `${value === undefined ? 'is missing' : 'is not usable'}: ${e.message}`, e.code);
    }
    return out;
  }

  /** Sliding window of a layer type, as config.sliding_window holds it (ModernBERT: local_attention // 2). */
  window(type) {
    if (type !== 'sliding_attention') return null;
    if (this.modelType === 'modernbert') {
      const la = this.get('local_attention') ?? 128;
      if (!Number.isInteger(la) || la < 0) throw this.fail('local_attention', 'is not a non-negative integer', typeof la === 'number' ? 'ERANGE' : 'EINVAL');
      return Math.floor(la / 2);
    }
    let w = this.get('sliding_window') ?? this.family.window ?? null;
    if (w === null) return null;
    if (!Number.isInteger(w) || w < 1) throw this.fail('sliding_window', 'is not a positive integer', typeof w === 'number' ? 'ERANGE' : 'EINVAL');
    // Bidirectional Gemma (Gemma 3 use_bidirectional_attention, e.g. EmbeddingGemma; Gemma 4 'all') keeps
    // exclusive bounds: Gemma3TextConfig / Gemma4TextConfig store sliding_window // 2 + 1.
    const bidi = this.get('use_bidirectional_attention');
    if ((this.modelType === 'gemma4' && bidi === 'all') || (this.modelType === 'gemma3' && bidi)) w = Math.floor(w / 2) + 1;
    return w;
  }

  chunk(type) {
    if (type !== 'chunked_attention') return null;
    const c = this.get('attention_chunk_size') ?? (this.modelType === 'llama4' ? 8192 : null);
    if (c === null) return null;
    if (!Number.isInteger(c) || c < 1) throw this.fail('attention_chunk_size', 'is not a positive integer', typeof c === 'number' ? 'ERANGE' : 'EINVAL');
    return c;
  }

  /** Llama 4's NoPE-layer query temperature (attn_temperature_tuning: default true; published configs carry 4). */
  queryScale() {
    if (this.modelType !== 'llama4') return null;
    const tuning = this.cfg.attn_temperature_tuning;
    if (tuning === undefined ? false : !tuning) return null;
    const qs = { floorScale: this.get('floor_scale') ?? 8192, attnScale: this.get('attn_scale') ?? 0.1 };
    try {
      this.pe.shape('query-scale', qs);
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      throw this.fail(e.param === 'floorScale' ? 'floor_scale' : 'attn_scale', `is not usable: ${e.message}`, e.code);
    }
    return qs;
  }

  /** Whether layer i (of type t) has no RoPE. */
  nopeOf(noRope) {
    if (noRope) return (t, i) => !noRope[i];
    return this.family.nope ? this.family.nope(this.cfg) : () => false;
  }

  layers() {
    const n = this.layerCount();
    if (n === undefined) throw this.fail('num_hidden_layers', 'is missing, so the layers cannot be listed');
    const noRope = ['llama4', 'smollm3'].includes(this.modelType) || present(this.cfg, 'no_rope_layers') ? this.noRopeLayers(n) : undefined;
    const types = this.layerTypes(n, noRope);
    const nope = this.nopeOf(noRope);
    const ropes = new Map();
    // A dict keyed by layer type is read whole: a type's dict that no layer uses is still checked.
    const top = this.get('rope_parameters') ?? this.get('rope_scaling');
    if (isObject(top) && Object.values(top).some(isObject)) {
      for (const k of Object.keys(top)) {
        if (!LAYER_TYPES.includes(k) && isObject(top[k])) {
          throw this.fail(`${this.get('rope_parameters') !== undefined ? 'rope_parameters' : 'rope_scaling'}.${k}`,
            `is a layer type whose positions posenc does not know (it reads ${LAYER_TYPES.join(', ')})`);
        }
        if (isObject(top[k])) ropes.set(k, this.rope(k));
      }
    }
    const qs = this.queryScale();
    return types.map((type, index) => {
      const none = nope(type, index);
      if (!none && !ropes.has(type)) ropes.set(type, this.rope(type));
      return { index, type, rope: none ? null : ropes.get(type), window: this.window(type), chunk: this.chunk(type),
        queryScale: none ? qs : null };
    });
  }
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** config → [{ index, type, rope, window, chunk, queryScale }], one entry per layer. */
export function layersFromConfig(pe, config) {
  const layers = new Reader(pe, config).layers();
  for (const l of layers) Object.freeze(l);
  return layers;
}

/**
 * config → the rope params of one layer (options.layer: a layer type name or a layer index; null for
 * a NoPE layer), or, without a layer, the params every RoPE layer shares.
 */
export function ropeFromConfig(pe, config, options = {}) {
  const r = new Reader(pe, config);
  if (!isObject(options)) throw new PosencError('posenc ropeFromConfig: options is not an object ({ layer })', 'EINVAL', 'options');
  const { layer } = options;
  if (layer !== undefined && layer !== null && typeof layer !== 'string' && !Number.isInteger(layer)) {
    throw new PosencError(`posenc ropeFromConfig: layer = ${show(layer)} is neither a layer type name nor a layer index`, 'EINVAL', 'layer');
  }
  let entries;
  if (r.layerCount() === undefined) {
    // No layer count: the layer types the rope dict (or the family's legacy keys) speaks of.
    if (Number.isInteger(layer)) throw r.fail('num_hidden_layers', 'is missing, so no layer can be chosen by index');
    const top = r.get('rope_parameters') ?? r.get('rope_scaling');
    const keyed = isObject(top) && Object.values(top).some(isObject);
    const perType = keyed || (r.modelType === 'gemma3' && r.get('rope_local_base_freq') !== undefined) ||
      (r.modelType === 'modernbert' && (r.get('global_rope_theta') !== undefined || r.get('local_rope_theta') !== undefined));
    const types = keyed ? Object.keys(top).filter((k) => isObject(top[k])) : perType ? ['full_attention', 'sliding_attention'] : ['full_attention'];
    entries = types.map((type) => ({ type, rope: r.rope(type) }));
  } else {
    entries = r.layers();
  }
  const typeNames = [...new Set(entries.map((e) => e.type))];
  if (typeof layer === 'string') {
    const e = entries.find((x) => x.type === layer);
    if (!e) {
      throw new PosencError(`posenc ropeFromConfig: layer = ${JSON.stringify(layer)} is not a layer type of this model (${typeNames.join(', ')})`,
        'EINVAL', 'layer');
    }
    return e.rope;
  }
  if (Number.isInteger(layer)) {
    if (layer < 0 || layer >= entries.length) {
      throw new PosencError(`posenc ropeFromConfig: layer = ${layer} is not a layer index of this model (0 .. ${entries.length - 1})`, 'ERANGE', 'layer');
    }
    return entries[layer].rope;
  }
  const ropes = entries.filter((e) => e.rope);
  if (ropes.length === 0) {
    throw new PosencError('posenc ropeFromConfig: no layer of this model uses RoPE (layer: a layer type or index gives null)', 'EINVAL', 'layer');
  }
  if (ropes.some((e) => !same(e.rope, ropes[0].rope))) {
    const differ = [...new Set(ropes.map((e) => e.type))];
    throw new PosencError(`posenc ropeFromConfig: the layers differ in RoPE (${differ.join(', ')}${differ.length === 1 ? ': per-layer head dims' : ''}); ` +
      `choose one with { layer: ${typeNames.map((t) => JSON.stringify(t)).join(' | ')} | index }`, 'EINVAL', 'layer');
  }
  return ropes[0].rope;
}
