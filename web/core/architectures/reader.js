// A model's config.json → what each layer does with positions, read with the record of its
// architecture (./index.js): the layer pattern, each layer's scheme (RoPE, ALiBi, T5 or DeBERTa
// buckets, none) and the positions added before the first layer. Key mapping only: every number is
// checked by the C registry (pe.shape, nothing computed) and a failure names the config field it came
// from. A model type without a record, or a field that changes positions and that the record does not
// read, is a refusal naming it; nothing is guessed.
import { PosencError } from '../error.js';
import { records, recordOf, squashedType, typeOfArchitecture } from './index.js';

const squash = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
const present = (o, k) => isObject(o) && o[k] !== undefined && o[k] !== null;
// a value as a message shows it: never the whole of a long string (a message stays short)
const brief = (v) => (typeof v === 'string' && v.length > 80 ? `${JSON.stringify(v.slice(0, 60))}… (${v.length} characters)` : String(JSON.stringify(v)));
const show = (v) =>
  Array.isArray(v) || ArrayBuffer.isView(v) ? `an array of ${v.length}` : isObject(v) ? 'an object' :
    typeof v === 'number' && !Number.isFinite(v) ? String(v) : typeof v === 'bigint' ? `${v}n` : brief(v);

// Bounds on what a config may be: nesting deeper than this is no config.json (the deepest published
// nest a composite's text config three levels down), and a cycle (possible in a JS object, never in
// JSON) would otherwise make the reading loop forever.
const MAX_DEPTH = 32;
/** Refuses a config with a cycle or nested deeper than MAX_DEPTH, naming the path; each object visited once. */
function checkShape(config) {
  const done = new Set(), open = new Set();
  const visit = (o, path, depth) => {
    if (open.has(o)) {
      throw new PosencError(`posenc: config.${path} refers back to an object that contains it (a cycle): a config is a tree, as config.json is`,
        'EINVAL', path);
    }
    if (done.has(o)) return;
    if (depth > MAX_DEPTH) throw new PosencError(`posenc: config.${path} is nested ${depth} levels deep, more than ${MAX_DEPTH}: no config.json is`, 'EINVAL', path);
    open.add(o);
    const each = (k, v) => {
      if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) visit(v, path ? `${path}.${k}` : k, depth + 1);
    };
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) each(i, o[i]);
    } else {
      for (const k of Object.keys(o)) each(k, o[k]);
    }
    open.delete(o);
    done.add(o);
  };
  visit(config, '', 0);
}

// Fields read as numbers: a value of another type, NaN or ±Infinity is refused naming the field
// (null is absent, as in transformers). Checked when the field is read, so a field no reading looks
// at never fails a config.
const NUMBERS = new Set(`head_dim hidden_size n_embd d_model num_attention_heads n_head n_heads num_heads num_hidden_layers n_layer
  num_layers num_decoder_layers rope_theta partial_rotary_factor max_position_embeddings n_positions max_seq_len sliding_window
  original_max_position_embeddings attention_chunk_size qk_rope_head_dim qk_nope_head_dim rotary_dim rotary_pct rotary_emb_base
  rope_local_base_freq global_rope_theta local_rope_theta compress_rope_theta max_window_layers no_rope_layer_interval
  global_attn_every_n_layers local_attention relative_attention_num_buckets relative_attention_max_distance floor_scale attn_scale
  attention_head_dim alibi_bias_max max_relative_positions position_buckets kv_channels rope_ratio rope_embedding_base
  dense_attention_every_n_layers seq_length model_max_length`.split(/\s+/));
const at = (o, path) => path.split('.').reduce((x, k) => (x == null ? undefined : x[k]), o);

// rope_type values whose pre-training length HF moves into the rope dict (standardize_rope_params).
const USES_ORIGINAL = ['llama3', 'yarn', 'longrope', 'su'];
// Keys of a rope dict read elsewhere (base, rotary part, M-RoPE sections) rather than as scaling fields.
const READ_APART = ['rope_theta', 'partial_rotary_factor', 'mrope_section', 'mrope_interleaved'];
// Layer types that are attention (they take the record's `attention` scheme); a record's `kinds` names
// the scheme of its other layer types (mamba, linear_attention, conv …).
const ATTENTION = ['full_attention', 'sliding_attention', 'chunked_attention', 'attention'];
const MAX_LAYERS = 65536;
// Config keys that change positions in any model that has them and that no record reads.
const REFUSED = {
  dual_chunk_attention_config: 'is dual chunk attention: transformers ignores it (plain positions) and vLLM and SGLang rotate ' +
    'keys at p mod (chunk_size − local_size); name the engine ({ engine: \'transformers\' | \'vllm\' | …}, posenc engines)',
};

// Config keys that change positions in the families whose code reads them (which family, in the
// message). A record reads one when its fields name it (reads, baseKey, localBase, baseKeys, layer
// rules, flags …) or its config class has a default for it; a config that carries one its record
// does not read belongs to another family (or was assumed to be the wrong one): refused naming it,
// never read past. `off`: the values that change nothing (a switch turned off); `sameAs`: harmless when
// equal to what the record reads for that key (`otherwise` when the config and the class give nothing).
const POSITION_KEYS = {
  rope_embedding_base: { in: 'Phi-3-small (phi3small): its RoPE base', sameAs: 'rope_theta' },
  rope_position_scale: { in: 'Phi-3-small (phi3small): positions scaled before RoPE', off: [1] },
  blocksparse_block_size: { in: 'Phi-3-small (phi3small): block-sparse attention, which tokens a layer sees' },
  blocksparse_num_local_blocks: { in: 'Phi-3-small (phi3small): block-sparse attention, which tokens a layer sees' },
  blocksparse_vert_stride: { in: 'Phi-3-small (phi3small): block-sparse attention, which tokens a layer sees' },
  blocksparse_homo_head_pattern: { in: 'Phi-3-small (phi3small): block-sparse attention, which tokens a layer sees' },
  dense_attention_every_n_layers: { in: 'Phi-3-small (phi3small): dense attention every n-th layer, block-sparse on the others' },
  rope_ratio: { in: 'ChatGLM / GLM-4 (chatglm remote code): the RoPE base is 10000 · rope_ratio', off: [1] },
  layer_rope_theta: { in: 'Granite SWA / Granite MoE SWA / Muse Glimmer: a RoPE base per layer, 0 meaning NoPE' },
  partial_rotary_factors: { in: 'Step-3.5 / 3.7 (step3p5): the rotated fraction of each layer' },
  yarn_only_types: { in: 'Step-3.5 remote code: the layer types that take the rope dict' },
  compress_rope_theta: { in: "DeepSeek-V4: the RoPE base of its compressed layers" },
  rope_local_base_freq: { in: 'Gemma 3 / 3n: the RoPE base of the sliding layers', sameAs: 'rope_theta' },
  global_rope_theta: { in: 'ModernBERT: the RoPE base of the global layers', sameAs: 'rope_theta' },
  local_rope_theta: { in: 'ModernBERT: the RoPE base of the local layers', sameAs: 'rope_theta' },
  no_rope_layers: { in: 'Llama 4 / SmolLM3: which layers skip RoPE' },
  no_rope_layer_interval: { in: 'Llama 4 / SmolLM3: every n-th layer without RoPE' },
  rotary_emb_base: { in: 'GPT-NeoX-Japanese / Qwen (v1) / StableLM-style code: the RoPE base', sameAs: 'rope_theta' },
  rotary_pct: { in: 'GPT-NeoX / StableLM: the rotated fraction of each head', sameAs: 'partial_rotary_factor', otherwise: 1 },
  rotary_emb_fraction: { in: 'NomicBERT-style code: the rotated fraction of each head', sameAs: 'partial_rotary_factor', otherwise: 1 },
  use_dynamic_ntk: { in: 'Qwen (v1) remote code: dynamic NTK scaling of the RoPE base', off: [false] },
  use_logn_attn: { in: 'Qwen (v1) remote code: log-n scaling of the queries', off: [false] },
  alibi: { in: 'Falcon / RefinedWeb: ALiBi instead of RoPE', off: [false] },
  // Cohere's files say 'rope_gptj', which their (gptj-pair) code does not need to read
  position_embedding_type: { in: 'BERT-style and Granite hybrid code: which position scheme',
    off: (v, rec) => v === 'absolute' || (rec.attention === 'rope' && (v === 'rope' || v === 'rotary' || (v === 'rope_gptj' && rec.layout === 'gptj'))) },
  use_mem_rope: { in: 'Zamba2: RoPE in the shared attention blocks', off: [false] },
  attention_chunk_size: { in: 'Llama 4: chunked attention on the RoPE layers' },
  qk_rope_head_dim: { in: 'MLA (DeepSeek-V2/V3 and kin): only these dims of each head rotate' },
  rope_interleave: { in: 'MLA (DeepSeek-V3 and kin): interleaved rotation pairs' },
  global_attn_every_n_layers: { in: 'ModernBERT / AFMoE: which layers attend globally' },
  local_attention: { in: 'ModernBERT: the local window' },
  layers_block_type: { in: 'Zamba / Jamba-style hybrids: which layers are attention' },
  hybrid_override_pattern: { in: 'Nemotron-H: which layers are attention' },
  attn_layer_period: { in: 'Jamba: which layers are attention' },
  attn_layer_offset: { in: 'Jamba: which layers are attention' },
  mrope_section: { in: 'Qwen-VL M-RoPE: the frequency sections of each axis' },
  kv_channels: { in: 'ChatGLM / Qwen (v1) remote code: the head dim (the rotary dims follow it)',
    off: (v, rec, cfg) => Number.isInteger(cfg.hidden_size) && Number.isInteger(cfg.num_attention_heads) && v * cfg.num_attention_heads === cfg.hidden_size },
  position_encoding_2d: { in: 'ChatGLM-6B (the first ChatGLM): two position ids per token', off: [false] },
};
// keys a layer rule, or a record switch, reads by itself (RULES, noRopeLayers, queryScale, chunk)
const RULE_KEYS = {
  qwen: ['use_sliding_window', 'max_window_layers', 'sliding_window'], qwen2_moe: ['use_sliding_window', 'max_window_layers'],
  exaone4: ['sliding_window_pattern', 'sliding_window'], modernbert: ['global_attn_every_n_layers'], deepseek_v4: ['compress_ratios'],
  llama4: ['attention_chunk_size'], smollm3: ['use_sliding_window', 'sliding_window'],
};
// record fields that name no config key
// (one string, split, as FIELDS in index.js: a quoted "from" in a list reads as a module specifier to
// the single-file build's import check)
const PROSE = new Set('from note vision unsupported modelType like text textType refuse ropeIgnored inert textAliases'.split(' '));
const readsCache = new WeakMap();
/** Every config key a record names anywhere in its fields, and its class defaults' keys. */
function keysOf(rec) {
  let out = readsCache.get(rec);
  if (out) return out;
  out = new Set(Object.keys(rec.defaults ?? {}));
  const walk = (v) => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.add(k); walk(x); }
  };
  for (const [k, v] of Object.entries(rec)) if (!PROSE.has(k) && k !== 'defaults') walk(v);
  const rules = [rec.layers?.rule, ...(rec.layers?.of ?? []).map((x) => x.rule)];
  for (const r of rules) for (const k of RULE_KEYS[r] ?? []) out.add(k);
  if (rec.noRopeLayers) out.add('no_rope_layers').add('no_rope_layer_interval');
  for (const k of Object.keys(rec.inert ?? {})) out.add(k);
  readsCache.set(rec, out);
  return out;
}

/** A layer type rule of a record → (i) => type name. `get` reads the config (class defaults applied). */
const RULES = {
  all: (r, get, fail) => {
    const w = r.layers?.slidingKey ? get(r.layers.slidingKey) : undefined;
    if (w !== undefined && (!Number.isInteger(w) || w < 1)) throw fail(r.layers.slidingKey, 'is not a positive integer (a window in tokens)', typeof w === 'number' ? 'ERANGE' : 'EINVAL');
    const sliding = w !== undefined;
    const type = sliding ? 'sliding_attention' : r.layers?.type ?? 'full_attention';
    const f = () => type;
    f.period = [type];
    return f;
  },
  // the first rule whose key the config has (the last one regardless): Nemotron-H's layers_block_type,
  // else hybrid_override_pattern, else its default
  first: (r, get, fail, cfg, n, noRope, warn) => {
    const pick = r.layers.of.find((x, i) => i === r.layers.of.length - 1 || keyed(get, cfg, x.key) !== undefined);
    return RULES[pick.rule]({ ...r, layers: pick }, get, fail, cfg, n, noRope, warn);
  },
  // layer i full when (i + phase) % n == 0 (phase 1: every n-th layer from the n-th; 0: from layer 0),
  // and at the indices `fullAt` (MiMo-V2-Flash: layer 0 too)
  every: (r, get, fail, cfg, count) => {
    const n = integer(get, fail, r.layers.key, r.layers.n, 1), phase = r.layers.phase ?? 1;
    const at = r.layers.fullAt ?? [];
    // fromLast: counted backward from the last layer (Muse Glimmer: (n - 1 - i) % 4 == 0 is full)
    const j = r.layers.fromLast ? (i) => count - 1 - i : (i) => i;
    const f = (i) => ((j(i) + phase) % n !== 0 && !at.includes(i) ? 'sliding_attention' : 'full_attention');
    // from layer 0, with no listed exceptions, the types repeat every n layers
    if (!r.layers.fromLast && at.length === 0) f.period = Array.from({ length: n }, (_, i) => f(i));
    return f;
  },
  // layer i `type` when it is in the list, else `other` (Bamba attn_layer_indices, LFM2 full_attn_idxs,
  // Mllama cross_attention_layers); an absent list: `absent` ('all': every layer `type`) or none of them
  indices: (r, get, fail) => {
    const { key, other, type = 'attention', absent } = r.layers;
    const given = get(key);
    if (given === undefined && absent === 'all') return () => type;
    if (!Array.isArray(given ?? []) || !(given ?? []).every((v) => Number.isInteger(v))) throw fail(key, 'is not a list of layer indices');
    const list = new Set(given ?? []);
    return (i) => (list.has(i) ? type : other);
  },
  // DeepSeek-V4 (DeepseekV4Config.__post_init__): compress_ratios per layer (0 sliding, 4 compressed
  // sparse, 128 heavily compressed), else two heavily compressed layers, then alternating
  deepseek_v4: (r, get, fail, cfg, n) => {
    const ratios = get('compress_ratios');
    const byRatio = { 0: 'sliding_attention', 4: 'compressed_sparse_attention', 128: 'heavily_compressed_attention' };
    if (ratios !== undefined) {
      if (!Array.isArray(ratios) || ratios.length < n) throw fail('compress_ratios', `is not a list of ${n} compress ratios`);
      return (i) => {
        if (!Object.hasOwn(byRatio, ratios[i])) throw fail(`compress_ratios.${i}`, 'is not 0, 4 or 128');
        return byRatio[ratios[i]];
      };
    }
    return (i) => (i < 2 ? 'heavily_compressed_attention' : (i - 2) % 2 ? 'compressed_sparse_attention' : 'heavily_compressed_attention');
  },
  // Qwen2/Qwen3 (and their VL text models): sliding only with use_sliding_window (flag: false, dots1:
  // without it) and a window, from max_window_layers on (Qwen2Config.__post_init__).
  qwen: (r, get, fail) => {
    const windowed = (r.layers.flag === false || get('use_sliding_window')) && get('sliding_window') !== undefined;
    const from = integer(get, fail, 'max_window_layers', r.layers.maxWindowLayers, 0);
    return (i) => (windowed && i >= from ? 'sliding_attention' : 'full_attention');
  },
  // Qwen2MoeConfig: every other layer from layer 0, below max_window_layers, with use_sliding_window
  qwen2_moe: (r, get, fail) => {
    const below = integer(get, fail, 'max_window_layers', r.layers.maxWindowLayers, 0);
    return (i) => (get('use_sliding_window') && (i + 1) % 2 && i < below ? 'sliding_attention' : 'full_attention');
  },
  // EXAONE 4: sliding_window null = every layer full; the pattern an int, or a string ('LLLG', the last
  // layer global whatever its letter, Exaone4Config's docstring).
  exaone4: (r, get, fail, cfg, n) => {
    if (cfg.sliding_window === null) return () => 'full_attention';
    const p = get('sliding_window_pattern') ?? 4;
    if (typeof p === 'string' && /^[LG]+$/.test(p)) return (i) => (i !== n - 1 && p[i % p.length] === 'L' ? 'sliding_attention' : 'full_attention');
    const every = integer(get, fail, 'sliding_window_pattern', 4, 1);
    return (i) => ((i + 1) % every !== 0 ? 'sliding_attention' : 'full_attention');
  },
  // ModernBERT: layer i global when i % global_attn_every_n_layers == 0
  modernbert: (r, get, fail) => {
    const every = integer(get, fail, 'global_attn_every_n_layers', 3, 1);
    return (i) => (i % every ? 'sliding_attention' : 'full_attention');
  },
  // Llama 4: the RoPE layers are chunked, the NoPE ones full
  llama4: (r, get, fail, cfg, n, noRope) => (i) => (noRope[i] ? 'chunked_attention' : 'full_attention'),
  // SmolLM3Config: a RoPE layer slides only with use_sliding_window and a window
  smollm3: (r, get, fail, cfg, n, noRope) => (i) =>
    (get('use_sliding_window') && get('sliding_window') !== undefined && !noRope[i] ? 'sliding_attention' : 'full_attention'),
  // Qwen3-Next: layer i full_attention when (i + 1) % full_attention_interval == 0, else `other`
  interval: (r, get, fail) => {
    const n = integer(get, fail, r.layers.key, r.layers.n, 1), phase = r.layers.phase ?? 1;
    return (i) => ((i + phase) % n === 0 ? 'full_attention' : r.layers.other);
  },
  // Jamba: layer i attention when i % attn_layer_period == attn_layer_offset
  period: (r, get, fail) => {
    const period = integer(get, fail, r.layers.period, r.layers.n, 1);
    const offset = integer(get, fail, r.layers.offset, r.layers.at, 0);
    return (i) => (i % period === offset ? r.layers.attention ?? 'attention' : r.layers.other);
  },
  // a list per layer (MiniMax attn_type_list, Zamba2 layers_block_type, RecurrentGemma block_types
  // cycled), mapped to layer type names
  list: (r, get, fail, cfg, n, noRope, warn) => {
    const { key, map, cycle } = r.layers;
    const list = keyed(get, cfg, key) ?? r.layers.default;
    if (r.layers.warn && list !== undefined) warn(key, r.layers.warn);
    if (!Array.isArray(list)) throw fail(key, 'is not a list of layer kinds');
    if (list.length === 0 || (!cycle && list.length < n)) throw fail(key, `has ${list.length} entries for ${n} layers`);
    return (i) => {
      const v = list[cycle ? i % list.length : i];
      const t = map ? map[v] : v;
      if (typeof t !== 'string') throw fail(`${key}.${cycle ? i % list.length : i}`, `is ${show(v)}, not one of ${Object.keys(map ?? {}).join(', ')}`);
      return t;
    };
  },
  // one character per layer (Nemotron-H hybrid_override_pattern: M mamba, * attention, - mlp, E moe)
  chars: (r, get, fail, cfg, n) => {
    const { key, map } = r.layers;
    const s = get(key);
    if (typeof s !== 'string') throw fail(key, 'is not a string of one character per layer');
    if (s.length !== n) throw fail(key, `has ${s.length} characters for ${n} layers`);
    return (i) => {
      const t = map[s[i]];
      if (t === undefined) throw fail(key, `has ${show(s[i])} at layer ${i}, not one of ${Object.keys(map).join(' ')}`);
      return t;
    };
  },
};

// a rule's key, top level or a dotted path into a nested dict (MiniMax-M3 sparse_attention_config.sparse_attention_freq)
function keyed(get, cfg, key) {
  if (key === undefined || !key.includes('.')) return key === undefined ? undefined : get(key);
  const v = at(cfg, key);
  return v === null ? undefined : v;
}

function integer(get, fail, key, fallback, min) {
  const v = key === undefined ? undefined : get(key);
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < min) throw fail(key, `is not an integer >= ${min}`, typeof v === 'number' ? 'ERANGE' : 'EINVAL');
  return v;
}

export class Reader {
  constructor(pe, config, options = {}) {
    if (!isObject(config)) {
      throw new PosencError(`posenc: config = ${config === null ? 'null' : typeof config} is not an object (a parsed config.json)`,
        'EINVAL', 'config');
    }
    if (!isObject(options)) throw new PosencError('posenc: options is not an object ({ layer, assume })', 'EINVAL', 'options');
    checkShape(config);
    this.pe = pe;
    this.root = config;
    this.pre = '';
    this.warnings = [];
    this.sources = {};
    let rec = this.topRecord(config, options.assume);
    this.topRec = rec;
    let cfg = config;
    // A text record on a file that nests its text fields (a composite saved under its text model's
    // type, as some Ministral 3 and Qwen-VL files are): the fields are read where they are.
    if (!rec.text && isObject(config.text_config) && !['head_dim', 'qk_rope_head_dim', 'hidden_size', 'n_embd', 'd_model'].some((k) => present(config, k))) {
      this.warnings.push({ field: 'text_config', message: `read as ${rec.modelType}'s text model: the top level has no head size and text_config does` });
      rec = { ...rec, text: 'text_config', textType: rec.modelType };
    }
    // Composite configs (Llava, Gemma 3, Qwen-VL, Qwen-Omni …): the language model's fields under its
    // sub-config, read with that sub-config's record; a legacy flat file (text fields at the top) or
    // an absent sub-config with the class default text config.
    while (rec.text) {
      const sub = cfg[rec.text];
      if (isObject(sub)) {
        cfg = sub;
        this.pre += `${rec.text}.`;
        // textFixed: the composite rebuilds its text config as its own class whatever model_type it
        // carries (MiniMaxM3VLConfig pops the minimax_m2 its files bundle)
        const given = rec.textFixed ? rec.textType : sub.model_type ?? rec.textType;
        // textAliases: a sub-config model_type the composite maps to another (Kimi-K2.5: kimi_k2 -> deepseek_v3)
        const t = typeof given === 'string' && rec.textAliases && Object.hasOwn(rec.textAliases, given) ? rec.textAliases[given] : given;
        if (t === undefined) throw this.fail('model_type', 'is missing, so the text model cannot be read');
        rec = recordOf(t, `${this.pre}model_type`);
      } else {
        if (sub !== undefined && sub !== null) throw this.fail(rec.text, "is not an object (the language model's config)");
        if (!rec.textType) throw this.fail(rec.text, `is missing: ${rec.modelType} reads its language model from it`);
        rec = records()[rec.textType];
      }
    }
    this.publishedType = typeof cfg.model_type === 'string' ? cfg.model_type : config.model_type;
    if (rec.unsupported) {
      throw new PosencError(`posenc: config.${this.pre}model_type = ${JSON.stringify(rec.modelType)}: posenc cannot compute its positions: ${rec.unsupported}`,
        'EINVAL', `${this.pre}model_type`);
    }
    this.record = rec;
    this.family = rec.modelType;
    this.configClass = (rec.from.match(/\b([A-Z]\w*Config)\b/) ?? [])[1] ?? rec.modelType;
    // every key of the file the reading looks at, so that a view can keep just those (fieldsRead)
    this.read = new Set();
    const read = this.read, given = cfg;
    this.given = new Proxy(cfg, {
      get(o, k) {
        if (typeof k === 'string' && Object.hasOwn(o, k)) read.add(k);
        return o[k];
      },
    });
    const self = this;
    this.cfg = new Proxy({ ...rec.defaults, ...cfg }, {
      get(o, k) {
        if (typeof k === 'string' && Object.hasOwn(given, k)) {
          read.add(k);
          const v = given[k];
          // a per-layer list where the record reads one (layerTheta, ropeFromLists) is checked where it is read
          const perLayer = Array.isArray(v) && (rec.layerTheta?.key === k || rec.ropeFromLists?.theta === k);
          if (NUMBERS.has(k) && v !== null && v !== undefined && !Number.isFinite(v) && !perLayer) {
            throw self.fail(k, typeof v === 'number' ? 'is not a finite number' : 'is not a number', typeof v === 'number' ? 'ERANGE' : 'EINVAL');
          }
        }
        return o[k];
      },
    });
    for (const [k, why] of Object.entries({ ...REFUSED, ...rec.refuse })) {
      if (present(cfg, k)) throw this.fail(k, why.startsWith('is ') ? why : `changes positions and posenc cannot compute it: ${why}`);
    }
    const known = keysOf(rec);
    for (const [k, { in: where, off, sameAs, otherwise }] of Object.entries(POSITION_KEYS)) {
      if (!present(cfg, k) || known.has(k) || (typeof off === 'function' ? off(cfg[k], rec, cfg) : off?.includes(cfg[k]))) continue;
      if (sameAs && cfg[k] === (present(cfg, sameAs) ? cfg[sameAs] : rec.defaults?.[sameAs] ?? otherwise)) continue;
      throw this.fail(k, `changes positions where it is read (${where}), and ${rec.modelType}'s code does not read it` +
        `${options.assume !== undefined ? ` (read as ${rec.modelType} because of { assume })` : ''}: posenc refuses rather than drop it`);
    }
    // keys the record reads whose effect posenc reports rather than computes (Qwen's dynamic NTK and
    // log-n beyond seq_length, Phi-3-small's block-sparse mask): a warning naming each, never silence
    for (const [k, { off, message }] of Object.entries(rec.inert ?? {})) {
      const v = this.get(k);
      if (message && v !== undefined && !(off ?? [false]).includes(v)) this.warn(k, message);
    }
    // keys the family's published files carry and its transformers code does not read (record `ignores`)
    for (const [k, why] of Object.entries(rec.ignores ?? {})) if (present(cfg, k)) this.warn(k, why);
    const kind = pe.kinds.find((k) => k.name === 'rope-frequencies');
    this.defaults = Object.fromEntries(kind.params.map((p) => [p.name, p.default]));
    this.fields = new Set(kind.params.find((p) => p.name === 'ropeScaling').fields.map((f) => f.name));
    this.ropeParams = new Set(pe.kinds.find((k) => k.name === 'rope').params.map((p) => p.name));
  }

  /** The record of the top level: model_type, else architectures, else `assume`; never a guess. */
  topRecord(config, assume) {
    if (assume !== undefined) {
      const rec = recordOf(assume, 'assume');
      this.warnings.push({ field: 'model_type', message: `read as ${assume} because { assume: '${assume}' } was given` +
        (config.model_type !== undefined ? ` (the config says ${show(config.model_type)})` : '') });
      this.sources.family = 'option:assume';
      return rec;
    }
    const mt = config.model_type;
    if (typeof mt === 'string' && Object.hasOwn(records(), mt)) {
      this.sources.family = 'model_type';
      return records()[mt];
    }
    // a known type miscased or spelt with other separators ('Gemma3', 'qwen-2') is a mistake, not remote code
    if (typeof mt === 'string' && mt.length <= 64 && squashedType(mt)) return recordOf(mt);
    // remote code: the architectures class names a transformers model type (Kimi-K2's
    // DeepseekV3ForCausalLM); every entry must agree
    const arch = Array.isArray(config.architectures) ? config.architectures : [];
    const types = [...new Set(arch.map(typeOfArchitecture).filter(Boolean))];
    if (types.length === 1) {
      this.warnings.push({ field: 'model_type', message: `${mt === undefined ? 'no model_type' : `model_type ${show(mt)} is not a transformers model type`}; ` +
        `read as ${types[0]}, the model type of architectures ${arch.length > 8 ? show(arch) : JSON.stringify(arch.map((a) => (typeof a === 'string' && a.length > 80 ? `${a.slice(0, 60)}…` : a)))}` });
      this.sources.family = 'architectures';
      return records()[types[0]];
    }
    if (mt === undefined || mt === null) {
      throw new PosencError('posenc: config.model_type is missing (and no architectures entry names a transformers model): posenc reads a config ' +
        "by its architecture and never guesses; { assume: '<model type>' } reads it as that family", 'EINVAL', 'model_type');
    }
    return recordOf(mt);
  }

  /** A PosencError naming config field `field` (a path relative to the text model's fields). */
  fail(field, what, code = 'EINVAL') {
    const path = this.pre + field;
    const value = at(this.root, path);
    const shown = value === undefined ? '' : ` = ${show(value)}`;
    return new PosencError(`posenc: config.${path}${shown} ${what}`, code, path);
  }

  get(k) {
    return present(this.cfg, k) ? this.cfg[k] : undefined;
  }

  /** Where a config value came from: its key path, or the config class default. */
  source(k) {
    const v = at(this.given, k);
    return v !== undefined && v !== null ? this.pre + k : `default:${this.configClass}.${k}`;
  }

  /** The number of layers, or undefined when the config gives none. */
  layerCount() {
    // a { length: key } entry counts the layers by a list or string of one entry per layer (Nemotron-H)
    const keyOf = (k) => (typeof k === 'object' ? k.length : k);
    const entry = (this.record.layerCount ?? ['num_hidden_layers', 'n_layer', 'num_layers']).find((k) => present(this.cfg, keyOf(k)));
    if (!entry) return undefined;
    const key = keyOf(entry);
    const v = this.cfg[key];
    const n = typeof entry === 'object' && (typeof v === 'string' || Array.isArray(v)) ? v.length : v;
    if (typeof n !== 'number') throw this.fail(key, 'is not a number');
    if (!Number.isInteger(n) || n < 1 || n > MAX_LAYERS) throw this.fail(key, `is not an integer in [1, ${MAX_LAYERS}]`, 'ERANGE');
    this.sources.layers = this.source(key);
    return n;
  }

  /** no_rope_layers (1 = RoPE, 0 = NoPE), else the default every no_rope_layer_interval. */
  noRopeLayers(n) {
    const given = this.get('no_rope_layers');
    // Llama 4 takes an empty list as absent (`if self.no_rope_layers`); SmolLM3 only None.
    if (given !== undefined && !(this.record.emptyNoRope && Array.isArray(given) && given.length === 0)) {
      if (!Array.isArray(given)) throw this.fail('no_rope_layers', 'is not a list of 0/1 per layer');
      if (given.length < n) throw this.fail('no_rope_layers', `has fewer entries than the ${n} layers`);
      return given.slice(0, n).map((v, i) => {
        if (v !== 0 && v !== 1 && v !== true && v !== false) throw this.fail(`no_rope_layers.${i}`, 'is not 0 or 1 (1 = the layer uses RoPE)');
        return Number(v);
      });
    }
    const every = integer((k) => this.get(k), (...a) => this.fail(...a), 'no_rope_layer_interval', 4, 1);
    return Array.from({ length: n }, (_, i) => Number((i + 1) % every !== 0));
  }

  /** Every layer's type name, as the config gives them or as the record's rule builds them. */
  layerTypes(n, noRope) {
    const given = this.get('layer_types');
    const rule = this.record.layers?.rule ?? 'all';
    let types, checkUpTo = n;
    // fitLayerTypes { extra }: a list with `extra` trailing entries more than the layers is cut to them
    // (Step3p7TextConfig: checkpoints keep entries for their num_nextn_predict_layers MTP layers)
    const fit = this.record.fitLayerTypes;
    const extra = fit ? integer((k) => this.get(k), (...a) => this.fail(...a), fit.extra, 0, 0) : 0;
    if (given !== undefined) {
      if (!Array.isArray(given)) throw this.fail('layer_types', 'is not a list of layer type names');
      if (given.length !== n && !(extra && given.length === n + extra)) {
        throw this.fail('layer_types', `has ${given.length} entries for ${n} layers${fit ? ` (or ${n} + ${fit.extra} ${extra})` : ''}`);
      }
      types = given.slice(0, n);
      this.sources.layerTypes = this.source('layer_types');
    } else {
      if (!Object.hasOwn(RULES, rule)) throw new Error(`posenc records: ${this.family} names the layer rule ${rule}, which the reader lacks`);
      const p = RULES[rule](this.record, (k) => this.get(k), (...a) => this.fail(...a), this.cfg, n, noRope, (...a) => this.warn(...a));
      // a rule whose types repeat (p.period, from layer 0) fills the list natively: a 65536-layer config
      // read once runs in the interpreter, where a loop of n calls is what costs
      const period = p.period;
      if (period) checkUpTo = Math.min(n, period.length);
      if (period) {
        // the first residue's type everywhere (a native fill), then every other residue with another type
        types = new Array(n).fill(period[0]);
        for (let m = 1; m < period.length; m++) {
          if (period[m] !== period[0]) for (let i = m; i < n; i += period.length) types[i] = period[m];
        }
      } else {
        types = new Array(n);
        for (let i = 0; i < n; i++) types[i] = p(i);
      }
      this.sources.layerTypes = `rule:${this.family}`;
    }
    if (this.record.lastFull) types[n - 1] = 'full_attention';
    const known = new Set([...ATTENTION, ...Object.keys(this.record.kinds ?? {})]);
    let last;  // runs of one type are checked once; a repeating rule's types, once per period
    for (let i = 0; i < checkUpTo; i++) {
      const t = types[i];
      if (t === last) continue;
      if (!known.has(t)) {
        throw this.fail(given !== undefined ? `layer_types.${i}` : 'model_type',
          `gives layer ${i} the type ${show(t)}, which ${this.family}'s modeling code does not have (it has ` +
          `${[...known].join(', ')})`);
      }
      last = t;
    }
    return types;
  }

  /** The rope dict: v5 reads a non-null rope_scaling before rope_parameters (convert_rope_params_to_dict). */
  ropeKey() {
    return this.get('rope_scaling') !== undefined ? 'rope_scaling' : this.get('rope_parameters') !== undefined ? 'rope_parameters' : undefined;
  }

  /** The rope dict of a layer type: { dict, path, keyed, theta: { value, path } | undefined }. */
  ropeSource(type) {
    const key = this.ropeKey();
    const top = key ? this.cfg[key] : {};
    if (!isObject(top)) throw this.fail(key, 'is not an object');
    if (key && present(this.given, 'rope_scaling') && present(this.given, 'rope_parameters')) {
      this.warn('rope_parameters', 'is ignored: rope_scaling is also given, and transformers reads rope_scaling first');
    }
    const from = present(this.given, key) ? this.pre + key : `default:${this.configClass}.${key}`;
    const named = this.record.ropeDicts?.[type];
    if (named) return this.namedRope(type, named, key, top, from);
    // ropeFromLists: per-layer lists folded into one dict per layer type (Step3p7TextConfig)
    if (this.record.ropeFromLists && this.get('rope_parameters') === undefined) return this.ropeFromLists(type, this.record.ropeFromLists);
    const values = Object.values(top);
    const keyed = values.length > 0 && values.some(isObject);
    if (keyed) {
      // v5: a dict keyed by layer type (standardize_rope_params); every value a dict.
      for (const [k, v] of Object.entries(top)) {
        if (isObject(v) || v === null) continue;
        // keyedDrops: keys the class drops when they sit beside per-type dicts (CohereCompassTextConfig)
        if (this.record.keyedDrops?.includes(k)) {
          this.warn(`${key}.${k}`, `is dropped: it sits beside per-layer-type dicts, and ${this.configClass} keeps only those`);
          continue;
        }
        throw this.fail(`${key}.${k}`, 'sits beside per-layer-type RoPE dicts but is not one');
      }
      if (!isObject(top[type])) {
        // Gemma 3, ModernBERT and Olmo3 fill a missing type with default RoPE at the legacy/default base
        // (their convert_rope_params_to_dict); other classes would fail on it, so posenc refuses.
        if (!this.record.fillTypes) throw this.fail(`${key}.${type}`, `is missing: ${key} is keyed by layer type and the model has ${type} layers`);
        return { dict: {}, path: `${key}.${type}`, from, keyed: true, theta: this.legacyTheta(type, true) };
      }
      return { dict: top[type], path: `${key}.${type}`, from, keyed: true, theta: this.legacyTheta(type, true) };
    }
    if (key !== 'rope_parameters' && this.record.localBase && type === 'sliding_attention') {
      // Gemma 3 (and Olmo3): rope_scaling is for the global layers only; the local ones are default
      // RoPE at their own base.
      return { dict: {}, path: key ?? 'rope_scaling', from, keyed: false, theta: this.legacyTheta(type, false) };
    }
    return { dict: top, path: key ?? 'rope_scaling', from, keyed: false, theta: this.legacyTheta(type, false) };
  }

  /**
   * DeepSeek-V4's rope dicts by rope-type label (record ropeDicts: layer type → 'main' | 'compress'), as
   * DeepseekV4Config.__post_init__ builds them: a rope_parameters holding both a `main` and a `compress`
   * dict is used as is (its other keys dropped); otherwise the flat dict (rope_scaling or
   * rope_parameters, yarn in the published files) goes to `compress` with rope_theta =
   * compress_rope_theta and attention_factor forced to 1, and `main` is default RoPE at rope_theta; both
   * rotate partial_rotary_factor, else the legacy qk_rope_head_dim / head_dim, else the class default.
   */
  namedRope(type, named, key, top, from) {
    const labels = [...new Set(Object.values(this.record.ropeDicts))];
    const nested = labels.filter((l) => isObject(top[l]));
    if (nested.length === labels.length) {
      for (const k of Object.keys(top)) {
        if (!labels.includes(k) && top[k] !== null) this.warn(`${key}.${k}`, `is ignored: ${key} holds ${labels.join(' and ')} dicts, and ${this.configClass} keeps only those`);
      }
      // a nested dict without partial_rotary_factor rotates the whole head in transformers (.get(..., 1.0))
      const prf = present(top[named], 'partial_rotary_factor') ? undefined : { value: 1, path: `default:${this.configClass}.${key}.${named}.partial_rotary_factor` };
      return { dict: top[named], path: `${key}.${named}`, from, keyed: true, theta: this.legacyTheta(type, true), prf };
    }
    if (nested.length > 0) {
      const missing = labels.find((l) => !isObject(top[l]));
      throw this.fail(`${key}.${missing}`, `is missing: ${key} has ${nested.map((l) => `a ${l} dict`).join(', ')}, and ${this.configClass} reads the dicts only as a pair`);
    }
    let prf;
    if (present(this.given, 'partial_rotary_factor')) prf = { value: this.cfg.partial_rotary_factor, path: this.source('partial_rotary_factor') };
    else if (present(this.given, 'qk_rope_head_dim')) {
      const qk = this.cfg.qk_rope_head_dim, hd = this.headDim(type).dim;
      if (!Number.isInteger(qk) || qk < 1) throw this.fail('qk_rope_head_dim', 'is not a positive integer', typeof qk === 'number' ? 'ERANGE' : 'EINVAL');
      prf = { value: qk / hd, path: this.source('qk_rope_head_dim') };
    } else prf = { value: this.record.defaults.partial_rotary_factor, path: `default:${this.configClass}.partial_rotary_factor` };
    const path = key ?? 'rope_parameters';
    if (named !== 'compress') return { dict: {}, path, from, keyed: false, theta: this.legacyTheta(type, true), prf };
    const dict = {};
    for (const [k, v] of Object.entries(top)) if (k !== 'rope_theta' && k !== 'partial_rotary_factor') dict[k] = v;
    if (!Object.keys(dict).length) return { dict, path, from, keyed: false, theta: this.legacyTheta(type, true), prf };
    dict.attention_factor = 1;
    return { dict, path, from, keyed: false, theta: this.legacyTheta(type, true), prf, forced: { attention_factor: `rule:${this.family}` } };
  }

  /** A base given outside the rope dict for this layer type: { value, path (undefined = a class default) }. */
  legacyTheta(type, keyed) {
    const rec = this.record;
    const byType = rec.baseKeys?.[type];
    if (byType) return present(this.cfg, byType) ? { value: this.cfg[byType], path: this.source(byType) } : undefined;
    if (rec.localBase && type === 'sliding_attention') {
      // Olmo3: the full-attention branch pops rope_theta first, so a sliding dict gets the class default
      if (rec.localBase === 'default') {
        if (keyed || this.get('rope_parameters') === undefined) return { value: rec.defaults.rope_theta, path: `default:${this.configClass}.rope_theta` };
      } else if (present(this.cfg, rec.localBase)) {
        return { value: this.cfg[rec.localBase], path: this.source(rec.localBase) };
      }
    }
    const k = (rec.baseKey ? [rec.baseKey, 'rope_theta'] : ['rope_theta']).find((x) => at(this.cfg, x) !== undefined && at(this.cfg, x) !== null);
    // a per-layer list (layerTheta): its first entry, as Step3p7RotaryEmbedding takes one without a layer;
    // layers() gives each layer its own entry
    if (k && Array.isArray(at(this.cfg, k)) && rec.layerTheta?.key === k) return { value: at(this.cfg, k)[0], path: `${this.source(k)}.0` };
    if (k) return { value: at(this.cfg, k), path: this.source(k) };
    return undefined;
  }

  warn(field, message) {
    const path = this.pre + field;
    if (!this.warnings.some((w) => w.field === path && w.message === message)) this.warnings.push({ field: path, message });
  }

  /** The head dim of a layer type: { dim, from }. */
  headDim(type) {
    const rec = this.record, cfg = this.cfg;
    // a class that derives the head dim (Zamba2: 2 · hidden // heads) never reads one from the file
    const keys = rec.headDimScale ? [] : rec.headDimByType?.[type] ? [rec.headDimByType[type]] : rec.rotary === 'qk_rope_head_dim' ? ['qk_rope_head_dim'] : rec.headDim ?? ['head_dim'];
    // `or`: 0 and null fall through; NaN (truthy in Python) does not (another type is refused on read)
    const key = keys.find((k) => { const v = cfg[k]; return v !== undefined && v !== null && v !== 0 && v !== false && v !== ''; });
    if (key) {
      const v = cfg[key];
      if (!Number.isInteger(v) || v < 1) throw this.fail(key, 'is not a positive integer', typeof v === 'number' ? 'ERANGE' : 'EINVAL');
      return { dim: v, from: this.source(key) };
    }
    // attribute_map spellings: GPT-2/CodeGen n_embd, n_head; DBRX d_model, n_heads
    const hidden = ['hidden_size', 'n_embd', 'd_model'].find((k) => present(cfg, k));
    const heads = ['num_attention_heads', 'n_head', 'n_heads', 'num_heads'].find((k) => present(cfg, k));
    if (!hidden || !heads) {
      throw this.fail(hidden ? heads ?? 'num_attention_heads' : heads ? 'hidden_size' : keys[0] ?? 'hidden_size',
        `is missing, so no head dim can be derived (set ${keys.length ? `${keys.join(', ')}, or ` : ''}hidden_size and num_attention_heads)`);
    }
    for (const k of [hidden, heads]) {
      if (!Number.isInteger(cfg[k]) || cfg[k] < 1) throw this.fail(k, 'is not a positive integer', typeof cfg[k] === 'number' ? 'ERANGE' : 'EINVAL');
    }
    const scale = rec.headDimScale ?? 1;
    return { dim: Math.floor(scale * cfg[hidden] / cfg[heads]), from: `${scale === 1 ? '' : `${scale} * `}${this.source(hidden)} / ${this.source(heads)}` };
  }

  /** The posenc rope params of one layer type, with `from`: each param's source. */
  rope(type) {
    const rec = this.record, cfg = this.cfg;
    const { dict, path, from: dictFrom, keyed, theta, prf: givenPrf, forced } = this.ropeSource(type);
    const from = {};
    const out = {};
    const hd = this.headDim(type);
    out.dim = hd.dim;
    from.dim = hd.from;

    // Base: the rope dict's rope_theta wins (convert_rope_params_to_dict), then the record's legacy key
    // for this layer type, then rope_theta, then the class default.
    if (present(dict, 'rope_theta')) {
      out.base = dict.rope_theta;
      from.base = `${this.pre}${path}.rope_theta`;
    } else if (theta) {
      out.base = theta.value;
      from.base = theta.path;
    } else if (rec.theta?.[type] !== undefined || rec.defaults?.rope_theta !== undefined) {
      out.base = rec.theta?.[type] ?? rec.defaults.rope_theta;
      from.base = `default:${this.configClass}.rope_theta`;
    } else {
      out.base = this.defaults.base;
      from.base = 'default:posenc.base';
    }

    // GLM-4 / ChatGLM remote code: the base times rope_ratio (RotaryEmbedding.forward_impl)
    if (rec.baseScale && present(cfg, rec.baseScale)) {
      const s = cfg[rec.baseScale];
      if (!(s > 0)) throw this.fail(rec.baseScale, 'is not a positive number', 'ERANGE');
      out.base *= s;
      from.base = `${from.base} * ${this.source(rec.baseScale)}`;
    }

    // Rotary part: partial_rotary_factor (top level wins over an unkeyed dict, as standardize_rope_params;
    // a per-layer-type dict's own wins), or the record's key (GPT-NeoX rotary_pct, GPT-J rotary_dim).
    const rotaryKey = rec.rotary === undefined ? 'partial_rotary_factor' : rec.rotary;
    const inDict = present(dict, 'partial_rotary_factor') ? `${path}.partial_rotary_factor` : undefined;
    const topKeys = [...new Set(['partial_rotary_factor', rotaryKey].filter((k) => k && k !== 'qk_rope_head_dim'))];
    const topKey = topKeys.find((k) => present(cfg, k));
    const prfKey = keyed ? inDict ?? topKey : topKey ?? inDict;
    out.partialRotaryFactor = this.defaults.partialRotaryFactor;
    if (prfKey === 'rotary_dim') {
      const rd = cfg.rotary_dim;
      if (typeof rd !== 'number') throw this.fail('rotary_dim', 'is not a number');
      // C forms r = int(dim * factor); pick the factor that gives rotary_dim back exactly.
      out.partialRotaryFactor = Math.trunc(out.dim * (rd / out.dim)) === rd ? rd / out.dim : (rd + 0.5) / out.dim;
    } else if (prfKey) {
      out.partialRotaryFactor = prfKey === inDict ? dict.partial_rotary_factor : cfg[prfKey];
    }
    if (prfKey) from.partialRotaryFactor = prfKey === inDict ? this.pre + inDict : this.source(prfKey);
    if (givenPrf && (!inDict || prfKey !== inDict)) {
      out.partialRotaryFactor = givenPrf.value;
      from.partialRotaryFactor = givenPrf.path;
    }
    if (rotaryKey !== 'rotary_dim' && typeof this.given.rotary_dim === 'number' && this.given.rotary_dim !== Math.trunc(out.dim * out.partialRotaryFactor)) {
      this.warn('rotary_dim', `is not read by ${this.configClass}: transformers rotates int(${out.dim} × ${out.partialRotaryFactor}) = ` +
        `${Math.trunc(out.dim * out.partialRotaryFactor)} dims (partial_rotary_factor); a port that follows rotary_dim rotates ${this.given.rotary_dim}`);
    }

    // Pairs: the record's layout, or the config's switch for it (DeepSeek-V3 rope_interleave).
    out.layout = rec.layout ?? 'neox';
    if (rec.layoutKey) {
      const v = cfg[rec.layoutKey.key] ?? rec.layoutKey.default;
      if (typeof v !== 'boolean') throw this.fail(rec.layoutKey.key, 'is not true or false');
      out.layout = v ? 'gptj' : 'neox';
      from.layout = present(this.given, rec.layoutKey.key) ? this.pre + rec.layoutKey.key : `default:${this.configClass}.${rec.layoutKey.key}`;
    } else {
      from.layout = `rule:${this.family}`;
    }

    // a remote-code family names the length its tables are built for (ChatGLM, Qwen v1: seq_length)
    const maxKey = [rec.maxPositions, 'max_position_embeddings', 'n_positions', 'max_seq_len'].find((k) => k && present(cfg, k));
    out.maxPositionEmbeddings = maxKey ? cfg[maxKey] : this.defaults.maxPositionEmbeddings;
    from.maxPositionEmbeddings = maxKey ? this.source(maxKey) : 'default:posenc.maxPositionEmbeddings';

    // The scaling dict: registry fields verbatim; `type` is the legacy rope_type (rope_type wins when
    // both are given); Qwen2-VL's 'mrope' is default RoPE on the text positions; the record's own
    // spellings (Phi-3 reads 'su' and 'yarn' as longrope). Any other key would change positions
    // unread: refused. A per-layer-type yarn dict's own `truncate` is followed (transformers reads the
    // top-level dict's, which a keyed dict lacks: taken as an oversight).
    const apart = [...READ_APART, ...(rec.ropeReads ?? []), ...(rec.sections?.alias ? [rec.sections.alias] : [])];
    const scaling = {};
    for (const [k, v] of Object.entries(dict)) {
      if (v === null || v === undefined || apart.includes(k)) continue;
      if (rec.ropeIgnored && Object.hasOwn(rec.ropeIgnored, k)) {
        this.warn(`${path}.${k}`, rec.ropeIgnored[k]);
        continue;
      }
      if (!this.fields.has(k)) {
        throw this.fail(`${path}.${k}`, `is a RoPE key ${this.family}'s code does not read, or posenc does not (it reads ${[...this.fields, ...apart].join(', ')})`);
      }
      if (k === 'type' && present(dict, 'rope_type')) continue;
      const key = k === 'type' ? 'rope_type' : k;
      scaling[key] = v === 'mrope' && key === 'rope_type' ? 'default' : v;
      from[`ropeScaling.${key}`] = forced?.[k] ?? `${this.pre}${path}.${k}`;
    }
    if (rec.ropeTypes && Object.hasOwn(rec.ropeTypes, scaling.rope_type)) scaling.rope_type = rec.ropeTypes[scaling.rope_type];
    if (present(cfg, 'original_max_position_embeddings') && USES_ORIGINAL.includes(scaling.rope_type)) {
      // Phi-3 keeps the pre-training length at the top level; HF gives it priority.
      scaling.original_max_position_embeddings = cfg.original_max_position_embeddings;
      from['ropeScaling.original_max_position_embeddings'] = this.source('original_max_position_embeddings');
    }
    scaling.rope_type ??= 'default';
    if (!from['ropeScaling.rope_type']) from['ropeScaling.rope_type'] = Object.keys(dict).length ? dictFrom : 'default:rope_type';
    out.ropeScaling = scaling;
    if (rec.longropeCache && scaling.rope_type === 'longrope') {
      // the table is built for max_position_embeddings at init, so its length, not the sequence's, picks the factors
      out.seqLen = out.maxPositionEmbeddings;
      from.seqLen = `rule:${this.family} (table built for ${from.maxPositionEmbeddings})`;
    }
    if (typeof scaling.factor === 'number' && scaling.factor < 1 && scaling.rope_type !== 'default') {
      this.warn(`${path}.factor`, `is ${scaling.factor} < 1: transformers warns that factor should be >= 1`);
    }

    // M-RoPE sections (Qwen2-VL, Qwen2.5-VL, Qwen3-VL, GLM-4V …), when the registry's rope takes them.
    // sections { as, alias }: mrope_section (or the record's legacy spelling of it, refused when the two
    // differ) goes to another rope param (HunYuan-VL: its column split, xdropeSection)
    const into = rec.sections?.as;
    if (into) {
      const given = ['mrope_section', rec.sections.alias].filter((k) => k && present(dict, k));
      if (given.length === 2 && !same(dict[given[0]], dict[given[1]])) {
        throw this.fail(`${path}.${given[1]}`, `differs from ${path}.${given[0]} (${show(dict[given[0]])}): ${this.configClass} refuses both`);
      }
      if (given.length) {
        out[into] = dict[given[0]];
        from[into] = `${this.pre}${path}.${given[0]}`;
      }
    }
    for (const [k, name] of [['mrope_section', 'mropeSection'], ['mrope_interleaved', 'mropeInterleaved']]) {
      if (into && k === 'mrope_section') continue;
      if (present(dict, k) && rec.sections === false) {
        this.warn(`${path}.${k}`, `is not passed on: ${this.family} assigns frequencies to its t, h, w axes otherwise than Qwen's M-RoPE; ` +
          'the table is that of text positions (equal t, h, w ids), which it matches exactly');
      } else if (present(dict, k) && this.ropeParams.has(name)) {
        out[name] = dict[k];
        from[name] = `${this.pre}${path}.${k}`;
      }
    }

    // Let C judge every derived value (pe.shape: the checks of a compute, nothing computed).
    try {
      this.pe.shape('rope-frequencies', out);
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      const src = from[e.param] ?? (e.param.startsWith('ropeScaling.') ? `${this.pre}${path}.${e.param.slice(12)}` : e.param);
      // a class default is named by its config field; a derived head dim by the first key it came from
      // (a scaled base, 'rope_theta * rope_ratio', by the scale: the factor that took it out of range)
      const first = src.split(' / ')[0].replace(/^\d+ \* /, '').split(' * ').pop();
      const field = first.startsWith('default:') ? first.replace(/^default:[^.]*\./, '') : first.slice(this.pre.length);
      const value = at(this.root, this.pre + field);
      throw this.fail(field, `${value === undefined ? 'is missing' : 'is not usable'}: ${e.message}`, e.code);
    }
    return { params: out, from, dict };
  }

  /** Sliding window of a layer type, as config.sliding_window holds it (ModernBERT: local_attention // 2). */
  window(type) {
    // DeepSeek-V4 (windowAll): every attention layer slides, its compressed entries apart
    const all = this.record.windowAll && (ATTENTION.includes(type) || this.record.kinds?.[type] === 'attention');
    // slidingTypes: a record's own names of sliding layers (ZAYA hybrid_sliding)
    if (type !== 'sliding_attention' && !all && !this.record.slidingTypes?.includes(type)) return null;
    if (this.record.localAttention) {
      const la = this.get(this.record.localAttention) ?? 128;
      if (!Number.isInteger(la) || la < 0) throw this.fail(this.record.localAttention, 'is not a non-negative integer', typeof la === 'number' ? 'ERANGE' : 'EINVAL');
      return Math.floor(la / 2);
    }
    let w = this.get('sliding_window') ?? this.record.window ?? null;
    if (w === null) return null;
    if (!Number.isInteger(w) || w < 1) throw this.fail('sliding_window', 'is not a positive integer', typeof w === 'number' ? 'ERANGE' : 'EINVAL');
    // Bidirectional Gemma (Gemma 3 use_bidirectional_attention, e.g. EmbeddingGemma; Gemma 4 'all') keeps
    // exclusive bounds: Gemma3TextConfig / Gemma4TextConfig store sliding_window // 2 + 1.
    const bidi = this.get('use_bidirectional_attention');
    const when = this.record.bidirectional;
    if (when !== undefined && (when === true ? bidi === true : bidi === when)) w = Math.floor(w / 2) + 1;
    return w;
  }

  chunk(type) {
    if (type !== 'chunked_attention') return null;
    const c = this.get('attention_chunk_size') ?? this.record.chunk ?? null;
    if (c === null) return null;
    if (!Number.isInteger(c) || c < 1) throw this.fail('attention_chunk_size', 'is not a positive integer', typeof c === 'number' ? 'ERANGE' : 'EINVAL');
    return c;
  }

  /** A query temperature: Llama 4's on NoPE layers (attn_temperature_tuning), one from the rope dict on every layer (Mistral 3), or Qwen (v1)'s log-n on every layer. */
  queryScale(dict) {
    const qs = this.record.queryScale;
    if (!qs) return null;
    let out, fields;
    if (qs.form === 'log-ratio') {
      // Qwen (v1): log(i) / log(seq_length) at 1-based positions i > seq_length, on every layer, when the
      // flag is on (its class default)
      const on = this.get(qs.flag);
      if (on === false) return null;
      if (typeof on !== 'boolean') throw this.fail(qs.flag, 'is not true or false');
      out = { form: 'log-ratio', seqLength: this.get(qs.seqLength) };
      fields = { seqLength: qs.seqLength };
    } else if (qs.beta) {
      // Mistral 3 / Ministral 3: 1 + beta log(1 + floor(p / original_max_position_embeddings))
      const beta = dict?.[qs.beta];
      if (beta === undefined || beta === null) return null;
      const orig = dict.original_max_position_embeddings ?? this.get('max_position_embeddings');
      out = { floorScale: orig, attnScale: beta, shift: 0 };
      fields = { floorScale: `${this.ropeKey()}.original_max_position_embeddings`, attnScale: `${this.ropeKey()}.${qs.beta}` };
    } else {
      const tuning = this.cfg.attn_temperature_tuning;
      if (tuning === undefined ? false : !tuning) return null;
      out = { floorScale: this.get('floor_scale') ?? qs.floorScale, attnScale: this.get('attn_scale') ?? qs.attnScale };
      fields = { floorScale: 'floor_scale', attnScale: 'attn_scale' };
    }
    try {
      this.pe.shape('query-scale', out);
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      throw this.fail(fields[e.param] ?? e.param, `is not usable: ${e.message}`, e.code);
    }
    return out;
  }

  /** The positions a layer's attention adds, for a scheme other than RoPE. */
  scheme(kind, stackInfo) {
    const rec = this.record, cfg = this.cfg;
    const num = (key, fallback) => {
      if (typeof key === 'number') return key;
      const k = Array.isArray(key) ? key.find((x) => at(cfg, x) !== undefined && at(cfg, x) !== null) : key;
      const v = k === undefined ? undefined : at(cfg, k);
      return v === undefined || v === null ? fallback : v;
    };
    if (kind === 'alibi') {
      const a = rec.alibi;
      const heads = num(a.heads);
      const params = { heads, maxBias: num(a.maxBias, 8), form: a.form ?? 'causal' };
      if (a.headDim) params.headDim = this.headDim('full_attention').dim;
      const headsKey = Array.isArray(a.heads) ? a.heads.find((x) => at(cfg, x) !== undefined) ?? a.heads[0] : a.heads;
      return this.checked('alibi', params, { heads: headsKey, maxBias: a.maxBias });
    }
    if (kind === 't5') {
      const t = rec.t5;
      const params = { numBuckets: num(t.buckets, 32), maxDistance: num(t.maxDistance, 128), bidirectional: stackInfo.stack !== 'decoder' };
      return { ...this.checked('t5', params, { numBuckets: t.buckets, maxDistance: t.maxDistance }), owner: stackInfo.owner };
    }
    if (kind === 'deberta') {
      const d = rec.deberta;
      const maxRel = num(d.max, -1);
      const params = { bucketSize: num(d.buckets, -1), maxPosition: maxRel < 1 ? num('max_position_embeddings', 512) : maxRel };
      return this.checked('deberta', params, { bucketSize: d.buckets, maxPosition: d.max });
    }
    if (kind === 'learned-relative') {
      return { kind, size: 2 * num('max_position_embeddings', 512) - 1, note: 'learned distance embeddings (weights): no values to compute' };
    }
    return null;
  }

  /** { kind, params } after C's checks, a failure named by the config field the param came from. */
  checked(kind, params, fields) {
    try {
      this.pe.shape(kind, params);
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      const field = fields[e.param];
      throw typeof field === 'string' ? this.fail(field, `is not usable: ${e.message}`, e.code) : e;
    }
    return { kind, params };
  }

  /** The attention scheme of this config: the record's, or what a flag switches it to. */
  attention() {
    const rec = this.record;
    if (rec.positionType) {
      const v = this.get(rec.positionType);
      const map = { absolute: rec.attention, relative_key: 'learned-relative', relative_key_query: 'learned-relative', ...rec.positionTypes };
      if (v !== undefined) {
        if (!Object.hasOwn(map, v)) throw this.fail(rec.positionType, `is not one of ${Object.keys(map).join(', ')}`);
        return map[v];
      }
    }
    if (rec.alibi?.flag) {
      const v = at(this.cfg, rec.alibi.flag);
      if (v !== undefined && v !== null && typeof v !== 'boolean') throw this.fail(rec.alibi.flag, 'is not true or false');
      return v ? 'alibi' : rec.alibi.otherwise ?? 'none';
    }
    if (rec.deberta?.flag && !this.get(rec.deberta.flag)) return 'none';
    if (rec.attentionBy) {
      // Baichuan: the scheme follows the modeling file, which the size of the model tells apart
      const { key, values } = rec.attentionBy;
      const v = this.get(key);
      if (!Object.hasOwn(values, String(v))) {
        throw this.fail(key, `is not one of ${Object.keys(values).join(', ')}: ${this.family}'s published modeling files differ in positions by it ` +
          `(${Object.entries(values).map(([n, s]) => `${n}: ${s}`).join(', ')}), and posenc does not know which this model ships`);
      }
      this.sources.attention = this.source(key);
      return values[String(v)];
    }
    if (rec.ropeFlag) {
      const v = this.get(rec.ropeFlag.key) ?? rec.ropeFlag.default;
      if (typeof v !== 'boolean') throw this.fail(rec.ropeFlag.key, 'is not true or false');
      return v ? 'rope' : 'none';
    }
    return rec.attention;
  }

  /** The positions added to the embeddings: { kind: 'learned', size, offset } | { kind: 'sinusoidal', params } | null. */
  input(attention) {
    const inp = this.record.input;
    if (!inp) return null;
    if (inp.flag && !this.get(inp.flag)) return null;
    if (this.record.positionType && attention !== this.record.attention && ['learned-relative', 'rope', 'none'].includes(attention) && inp.kind === 'learned') return null;
    const size = (s) => {
      if (typeof s === 'number') return s;
      if (typeof s === 'string') {
        const v = at(this.cfg, s);
        if (!Number.isInteger(v) || v < 0) throw this.fail(s, 'is not a non-negative integer', typeof v === 'number' ? 'ERANGE' : 'EINVAL');
        this.sources['input.size'] = this.source(s);
        return v;
      }
      // a patch grid: (image_size / patch_size)^2 + extra (CLS)
      const [img, patch] = s.grid.map((k) => at(this.cfg, k));
      const side = (v, k) => {
        const x = Array.isArray(v) ? v : [v, v];
        if (!x.every((e) => Number.isInteger(e) && e > 0)) throw this.fail(k, 'is not a positive integer (or a pair of them)');
        return x;
      };
      const [ih, iw] = side(img, s.grid[0]), [ph, pw] = side(patch, s.grid[1]);
      this.sources['input.size'] = `${this.source(s.grid[0])} / ${this.source(s.grid[1])}`;
      return Math.floor(ih / ph) * Math.floor(iw / pw) + (s.extra ?? 0);
    };
    if (inp.kind === 'learned') return { kind: 'learned', size: size(inp.size), offset: typeof inp.offset === 'string' ? this.get(inp.offset) + 1 : inp.offset ?? 0 };
    if (inp.kind === 'sinusoidal') {
      const dim = size(inp.dim);
      const params = { positions: size(inp.size), dim, variant: inp.variant, offset: inp.offset ?? 0 };
      if (inp.variant === 'fairseq') {
        const pad = typeof inp.paddingIdx === 'string' ? this.get(inp.paddingIdx) : inp.paddingIdx;
        params.paddingIdx = pad ?? 1;
        if (inp.offset === undefined) params.offset = params.paddingIdx + 1;
      }
      if (inp.base) params.base = inp.base;
      return this.checked('sinusoidal', params, { dim: inp.dim, positions: inp.size });
    }
    throw new Error(`posenc records: ${this.family} has input kind ${inp.kind}`);
  }

  /** Every layer: { index, type, positions, rope, window, chunk, queryScale } (+ stack for encoder–decoders). */
  layers() {
    const rec = this.record;
    const attention = this.attention();
    if (attention === 't5') return this.t5Layers();
    const n = this.layerCount();
    if (n === undefined && attention === 'none' && !rec.kinds) {
      // no layer adds positions, however many there are: nothing is lost by not listing them
      this.warn('num_hidden_layers', 'is not given: no layer of this model adds positions, so none is listed');
      return [];
    }
    if (n === undefined) throw this.fail('num_hidden_layers', 'is missing, so the layers cannot be listed');
    const usesNoRope = rec.noRopeLayers || present(this.cfg, 'no_rope_layers');
    if (present(this.cfg, 'no_rope_layers') && !rec.noRopeLayers && attention === 'rope' && !(rec.reads ?? []).includes('no_rope_layers')) {
      throw this.fail('no_rope_layers', `changes positions and ${this.family}'s code does not read it`);
    }
    const noRope = usesNoRope ? this.noRopeLayers(n) : undefined;
    const types = this.layerTypes(n, noRope);
    this.types = types;
    const thetas = attention === 'rope' ? this.layerThetas(n) : null;
    const nope = rec.nope ?? [];
    const nopeWhen = rec.nopeUnlessNull ? this.cfg[rec.nopeUnlessNull] !== null : true;
    const ropes = new Map();
    const key = this.ropeKey();
    const top = key ? this.get(key) : undefined;
    if (attention === 'rope' && !rec.ropeDicts && isObject(top) && Object.values(top).some(isObject)) {
      // A dict keyed by layer type is read whole: a type's dict that no layer uses is still checked.
      for (const k of Object.keys(top)) {
        if (!isObject(top[k])) continue;
        if (!ATTENTION.includes(k) && !Object.hasOwn(rec.kinds ?? {}, k)) {
          throw this.fail(`${key}.${k}`, `is a layer type ${this.family}'s modeling code does not have (it has ${ATTENTION.join(', ')})`);
        }
        ropes.set(k, this.rope(k));
      }
    }
    const other = new Map();
    let qsAll = null, qsNope;
    // a query scale on every RoPE layer (Mistral 3's beta, Qwen's log-n), else Llama 4's on NoPE layers
    const everyLayer = Boolean(rec.queryScale?.beta || rec.queryScale?.form === 'log-ratio');
    // what a layer carries depends on its type and whether it is NoPE: built once per pair, shared
    // (frozen) by every layer of it, so a 65536-layer config costs one object per layer
    const build = (type, none, layerKind, base) => {
      let positions = null, rope = null, queryScale = null;
      if (layerKind === 'rope' && !none) {
        if (!ropes.has(type)) ropes.set(type, this.rope(type));
        const r = base === undefined ? ropes.get(type) : this.rebased(ropes.get(type), base, type);
        rope = r.params;
        positions = { kind: 'rope', params: rope };
        if (rec.rotate === 'last') positions.rotate = 'last';
        // a second rotation of the same frequencies in the layer (DeepSeek-V3.2's indexer)
        for (const [name, x] of Object.entries(rec.extra ?? {})) {
          positions[name] = Object.freeze({ kind: 'rope', params: { ...rope, layout: x.layout ?? rope.layout }, ...(x.rotate === 'last' ? { rotate: 'last' } : {}) });
        }
        if (rec.softmaxScale) positions.info = Object.freeze(this.softmaxScale(r));
        for (const [k, v] of Object.entries(r.from)) this.sources[`layers.${type}.rope.${k}`] = v;
        qsAll ??= everyLayer ? this.queryScale(r.dict) : null;
        if (qsAll) queryScale = qsAll;
      } else if (layerKind === 'rope' && none && rec.queryScale && !everyLayer) {
        if (qsNope === undefined) qsNope = this.queryScale();
        queryScale = qsNope;
      } else if (layerKind !== 'rope' && layerKind !== 'none') {
        if (!other.has(layerKind)) other.set(layerKind, this.scheme(layerKind, {}));
        positions = other.get(layerKind);
      }
      return { positions: positions && Object.freeze(positions), rope, window: this.window(type), chunk: this.chunk(type), queryScale };
    };
    const byType = new Map();
    const out = new Array(types.length);
    let runType, runC = null;  // a run of one type with no per-layer switch shares its entry: no lookup
    const perLayer = Boolean(noRope || thetas);
    for (let index = 0; index < types.length; index++) {
      const type = types[index];
      if (type === runType) {
        const c = runC;
        out[index] = Object.freeze({ index, type, positions: c.positions, rope: c.rope, window: c.window, chunk: c.chunk, queryScale: c.queryScale });
        continue;
      }
      let t = byType.get(type);
      if (!t) {
        const own = ATTENTION.includes(type) ? 'attention' : rec.kinds[type];
        const layerKind = own === 'attention' ? attention : own;
        // nullDictNoPE: a layer type whose entry in a keyed rope dict is null has no rotary table (CohereCompass)
        const nullDict = rec.nullDictNoPE && isObject(top) && Object.values(top).some(isObject) && Object.hasOwn(top, type) && top[type] === null;
        t = { layerKind, none: layerKind !== 'rope' || (nopeWhen && nope.includes(type)) || nullDict, with: null, without: null };
        byType.set(type, t);
      }
      let none = noRope && t.layerKind === 'rope' ? !noRope[index] : t.none;
      let c;
      if (thetas && t.layerKind === 'rope' && !none) {
        // a base per layer (layerTheta): 0 is NoPE where the record says so; the layers of one base share one object
        const v = thetas[index];
        if (v === 0) none = true;
        else if (v !== null && !this.record.layerTheta.flag) {
          t.byBase ??= new Map();
          if (!t.byBase.has(v)) t.byBase.set(v, build(type, false, t.layerKind, { value: v, index }));
          c = t.byBase.get(v);
        }
      }
      c ??= none ? (t.without ??= build(type, true, t.layerKind)) : (t.with ??= build(type, false, t.layerKind));
      if (!perLayer) runType = type, runC = c;
      // frozen as made: one pass, and every layer object of one shape
      out[index] = Object.freeze({ index, type, positions: c.positions, rope: c.rope, window: c.window, chunk: c.chunk, queryScale: c.queryScale });
    }
    return out;
  }

  /**
   * The per-layer bases of a record's `layerTheta` ({ key, scalar, zeroNoPE, flag }), or null when the
   * config gives no list: Granite SWA's layer_rope_theta (0 = NoPE, one table per other base), Muse
   * Glimmer's (only 0 or not: one table at rope_theta), Step-3.5's rope_theta (a number, or one per layer).
   */
  layerThetas(n) {
    const lt = this.record.layerTheta;
    if (!lt) return null;
    const v = this.get(lt.key);
    if (v === undefined && lt.defaultNoPE) {
      // the class default: NoPE every `every`-th layer counted from the last, the rope dict's base elsewhere
      const { every, fromLast } = lt.defaultNoPE;
      return Array.from({ length: n }, (_, i) => ((fromLast ? n - 1 - i : i) % every === 0 ? 0 : null));
    }
    if (v === undefined) return null;
    if (!Array.isArray(v)) {
      if (lt.scalar) return null;
      throw this.fail(lt.key, 'is not a list of one RoPE base per layer');
    }
    // transformers indexes the list by layer (list[i]): a shorter one fails there, a longer one's tail is unread
    if (v.length < n) throw this.fail(lt.key, `has ${v.length} entries for ${n} layers`);
    this.sources.layerTheta = this.source(lt.key);
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      const x = v[i];
      if (typeof x !== 'number' || !Number.isFinite(x)) throw this.fail(`${lt.key}.${i}`, 'is not a finite number (a RoPE base)', typeof x === 'number' ? 'ERANGE' : 'EINVAL');
      if (x === 0 && !lt.zeroNoPE) throw this.fail(`${lt.key}.${i}`, 'is 0, which is no RoPE base here', 'ERANGE');
      out[i] = x;
    }
    return out;
  }

  /**
   * The rope dict of a layer type built from per-layer lists (record ropeFromLists: { theta, partial,
   * scalingTo }), as Step3p7TextConfig.convert_rope_params_to_dict does for a file without
   * rope_parameters: each list zipped with layer_types (dict(zip(...)): the last layer of a type gives
   * its value), a single number for every type, and the flat rope_scaling merged into scalingTo's dict.
   */
  ropeFromLists(type, { theta, partial, scalingTo }) {
    const types = this.types ?? this.layerTypes(this.layerCount(), undefined);
    const pick = (key) => {
      const v = this.get(key);
      if (v === undefined) return undefined;
      if (!Array.isArray(v)) return { value: v, path: this.source(key) };
      let last;
      for (let i = 0; i < Math.min(v.length, types.length); i++) if (types[i] === type) last = i;
      return last === undefined ? undefined : { value: v[last], path: `${this.pre}${key}.${last}` };
    };
    const base = pick(theta), prf = partial ? pick(partial) : undefined;
    const scaling = this.get('rope_scaling');
    if (scaling !== undefined && !isObject(scaling)) throw this.fail('rope_scaling', 'is not an object');
    const merged = type === scalingTo && scaling !== undefined;
    const from = merged ? `${this.pre}rope_scaling` : `rule:${this.family}`;
    return { dict: merged ? scaling : {}, path: 'rope_scaling', from, keyed: false, theta: base, prf };
  }

  /** A layer type's rope with a layer's own base (layerTheta), checked by C like every other. */
  rebased(r, { value, index }, type) {
    const key = this.record.layerTheta.key;
    const params = { ...r.params, base: value };
    try {
      this.pe.shape('rope-frequencies', params);
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      throw this.fail(`${key}.${index}`, `is not usable: ${e.message}`, e.code);
    }
    this.sources[`layers.${type}.rope.base`] = `${this.pre}${key}`;
    return { ...r, params, from: { ...r.from, base: `${this.pre}${key}` } };
  }

  /** DeepSeek-V2/V3: softmax scale qk_head_dim^-0.5 · mscale², mscale from C (info.softmaxMscale). */
  softmaxScale(r) {
    const qk = (this.get('qk_nope_head_dim') ?? 0) + (this.get('qk_rope_head_dim') ?? 0);
    if (!(qk > 0)) return undefined;
    const mscale = this.pe.compute('rope-frequencies', r.params).info.softmaxMscale;
    return { qkHeadDim: qk, softmaxMscale: mscale, softmaxScale: qk ** -0.5 * mscale * mscale };
  }

  /** T5-style encoder–decoders: encoder layers, then decoder layers; each stack's table is computed by
   * its first layer and shared (owner), or one per layer (UMT5). */
  t5Layers() {
    const t = this.record.t5;
    const count = (k, fallback) => {
      const v = k === undefined ? undefined : this.get(k);
      if (v === undefined) return fallback;
      if (!Number.isInteger(v) || v < 0 || v > MAX_LAYERS) throw this.fail(k, `is not an integer in [0, ${MAX_LAYERS}]`, typeof v === 'number' ? 'ERANGE' : 'EINVAL');
      return v;
    };
    const enc = count(t.encoder, undefined);
    if (enc === undefined) throw this.fail(t.encoder, 'is missing, so the layers cannot be listed');
    const dec = t.decoder === null ? 0 : count(t.decoder, enc);
    this.sources.layers = this.source(t.encoder);
    const out = [];
    const add = (stack, n) => {
      const first = out.length;
      for (let i = 0; i < n; i++) {
        const index = out.length;
        const positions = this.scheme('t5', { stack, owner: t.perLayer ? index : first });
        out.push({ index, type: 'full_attention', stack, positions, rope: null, window: null, chunk: null, queryScale: null });
      }
    };
    add('encoder', enc);
    add('decoder', dec);
    return out;
  }
}

// vision_config keys mrope-positions takes, and the layouts each counts in (temporal_merge_size:
// interleaved_runs only, where transformers' get_mrope_index passes it)
const MROPE_VISION = [['spatial_merge_size', 'spatialMergeSize'], ['tokens_per_second', 'tokensPerSecond'], ['temporal_merge_size', 'temporalMergeSize']];

/**
 * The mrope-positions params of a multimodal model whose top record has `mrope` ({ model, layoutKey }):
 * its model's walk, the config's layout (config[layoutKey], transformers' mrope_layout), vision_config's
 * merge sizes and tokens_per_second, and, for indexed_images, axes = len(mropeSection) of its layers.
 * C judges them (an unknown layout is refused naming the config key). null without `mrope`.
 */
function mropePositions(r, layers) {
  const m = r.topRec.mrope;
  if (!m) return null;
  const top = r.root, params = {}, from = {};
  if (m.model) params.model = m.model, from.model = `rule:${r.topRec.modelType}`;
  if (m.layoutKey && present(top, m.layoutKey)) params.layout = top[m.layoutKey], from.layout = m.layoutKey;
  const vision = isObject(top.vision_config) ? top.vision_config : {};
  for (const [k, name] of MROPE_VISION) {
    if (!present(vision, k) || (name === 'temporalMergeSize' && params.layout !== 'interleaved_runs')) continue;
    params[name] = vision[k], from[name] = `vision_config.${k}`;
  }
  // the audio layouts' knobs, where get_mrope_index reads them
  const audio = isObject(top.audio_config) ? top.audio_config : {};
  if (/^audio_/.test(params.layout) && present(top, 'position_id_per_seconds')) {
    params.positionIdPerSeconds = top.position_id_per_seconds, from.positionIdPerSeconds = 'position_id_per_seconds';
  }
  if (params.layout === 'audio_merged' && present(audio, 'n_window')) params.audioWindowSize = audio.n_window, from.audioWindowSize = 'audio_config.n_window';
  if (m.layout && params.layout === undefined) params.layout = m.layout, from.layout = `rule:${r.topRec.modelType}`;
  // indexed_images: one row per section, in the rope param the text record reads mrope_section into
  const name = r.record.sections?.as ?? 'mropeSection';
  const layer = layers.find((l) => l.rope?.[name]);
  if (m.layout && !layer) return null;  // HunYuan-VL without sections: get_rope_index refuses images
  if (params.layout === 'indexed_images' && layer) {
    params.axes = layer.rope[name].length;
    from.axes = r.sources[`layers.${layer.type}.rope.${name}`] ?? name;
  }
  try {
    r.pe.shape('mrope-positions', { ...params, sequence: '' });
  } catch (e) {
    if (!(e instanceof PosencError) || !from[e.param] || from[e.param].startsWith('rule:')) throw e;
    const key = from[e.param];
    if (e.param === 'layout') {  // a layout posenc does not compute: the layers are still right
      r.warnings.push({ field: key, message: `is ${show(top[key])}, a layout mrope-positions does not compute (qwen, interleaved_runs, indexed_images, audio_chunked, audio_merged): no mrope params` });
      return null;
    }
    const value = at(top, key);
    throw new PosencError(`posenc: config.${key}${value === undefined ? '' : ` = ${show(value)}`} is not usable for mrope-positions: ${e.message}`, e.code, key);
  }
  for (const [k, v] of Object.entries(from)) r.sources[`mrope.${k}`] = v;
  return Object.freeze(params);
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The part of a config that positionsFromConfig reads: the same result from far fewer bytes (the
 * explorer keeps this in its URL, not the whole file). Refusals are those of positionsFromConfig.
 */
export function fieldsRead(pe, config, options = {}) {
  const r = new Reader(pe, config, options);
  r.layers();
  r.input(r.attention());
  const keep = {};
  for (const k of ['model_type', 'architectures']) if (Object.hasOwn(config, k)) keep[k] = config[k];
  // the nesting path down to the text model's fields
  const path = r.pre.split('.').filter(Boolean);
  let out = keep, src = config;
  for (const k of path) {
    src = src[k];
    out[k] = Object.hasOwn(src, 'model_type') ? { model_type: src.model_type } : {};
    out = out[k];
  }
  for (const k of r.read) out[k] = src[k];
  return keep;
}

/** config → [{ index, type, positions, rope, window, chunk, queryScale }], one entry per layer. */
export function layersFromConfig(pe, config, options = {}) {
  return new Reader(pe, config, options).layers();
}

/** config → { modelType, family, input, layers, warnings, sources }: everything the model does with positions. */
export function positionsFromConfig(pe, config, options = {}) {
  const r = new Reader(pe, config, options);
  const layers = r.layers();
  const input = r.input(r.attention());
  const mrope = mropePositions(r, layers);
  return Object.freeze({
    modelType: r.publishedType ?? null,
    family: r.family,
    input: input && Object.freeze(input),
    layers: Object.freeze(layers),
    mrope,
    warnings: Object.freeze(r.warnings.map(Object.freeze)),
    sources: Object.freeze({ ...r.sources }),
  });
}

/**
 * config → the rope params of one layer (options.layer: a layer type name or a layer index; null for
 * a NoPE layer), or, without a layer, the params every RoPE layer shares; null for a model without RoPE.
 */
export function ropeFromConfig(pe, config, options = {}) {
  const r = new Reader(pe, config, options);
  const { layer } = options;
  if (layer !== undefined && layer !== null && typeof layer !== 'string' && !Number.isInteger(layer)) {
    throw new PosencError(`posenc ropeFromConfig: layer = ${show(layer)} is neither a layer type name nor a layer index`, 'EINVAL', 'layer');
  }
  let entries;
  if (r.attention() !== 'rope') {
    if (layer === undefined || layer === null) return null;
    entries = r.layers();
  } else if (r.layerCount() === undefined) {
    // No layer count: the layer types the rope dict (or the record's legacy keys) speaks of.
    if (Number.isInteger(layer)) throw r.fail('num_hidden_layers', 'is missing, so no layer can be chosen by index');
    const key = r.ropeKey();
    const top = key ? r.get(key) : undefined;
    const rec = r.record;
    const keyed = !rec.ropeDicts && isObject(top) && Object.values(top).some(isObject);
    const perType = keyed || (rec.localBase && rec.localBase !== 'default' && r.get(rec.localBase) !== undefined) ||
      Object.values(rec.baseKeys ?? {}).some((k) => r.get(k) !== undefined);
    const types = rec.ropeDicts ? Object.keys(rec.ropeDicts) : keyed ? Object.keys(top).filter((k) => isObject(top[k])) : perType ? ['full_attention', 'sliding_attention'] : ['full_attention'];
    entries = types.map((type) => ({ type, rope: r.rope(type).params }));
  } else {
    entries = r.layers();
  }
  const typeNames = [...new Set(entries.map((e) => e.type))];
  if (typeof layer === 'string') {
    const e = entries.find((x) => x.type === layer);
    if (!e) {
      throw new PosencError(`posenc ropeFromConfig: layer = ${show(layer)} is not a layer type of this model (${typeNames.join(', ')})`,
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
  if (ropes.length === 0) return null;
  if (ropes.some((e) => !same(e.rope, ropes[0].rope))) {
    const differ = [...new Set(ropes.map((e) => e.type))];
    throw new PosencError(`posenc ropeFromConfig: the layers differ in RoPE (${differ.join(', ')}${differ.length === 1 ? ': per-layer head dims' : ''}); ` +
      `choose one with { layer: ${typeNames.map((t) => JSON.stringify(t)).join(' | ')} | index }`, 'EINVAL', 'layer');
  }
  return ropes[0].rope;
}
