// A config read with an engine profile (./index.js): the architecture reader gives transformers'
// layers, then each rule of the profile whose condition holds changes a layer's params the way that
// engine does; the rules that changed something are listed on the layer (engine.rules), with where the
// attention logits get scaled (logitScale). Key mapping only: every table, factor and temperature is
// computed in C (rope-frequencies, query-scale), as everywhere in posenc.
import { PosencError, describe } from '../error.js';
import { engineOf, engineRuns } from './index.js';
import { positionsFromConfig, ropeFromConfig } from '../architectures/reader.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
const INT_MAX = 2147483647;
// Sub-configs a model nests its fields under end in `config` (text_config, thinker_config, llm_config …);
// the walk goes no deeper than this, whatever the object holds (a cycle, a 100-deep chain).
const MAX_DEPTH = 8;
const ROPE_DICTS = ['rope_scaling', 'rope_parameters'];
const DCA = 'dual_chunk_attention_config';

/** The engine options of a call ({ engine, context, seqLen }) checked, or null when none is given. */
export function engineOptions(options) {
  if (!isObject(options)) return null;
  const { engine, context, seqLen } = options;
  if (engine === undefined && context === undefined && seqLen === undefined) return null;
  for (const [name, v] of [['context', context], ['seqLen', seqLen]]) {
    if (v === undefined) continue;
    if (typeof v !== 'number') throw new PosencError(`posenc: ${name} = ${describe(v)} is not a number (a length in tokens)`, 'EINVAL', name);
    if (!Number.isInteger(v) || v < 1 || v > INT_MAX) throw new PosencError(`posenc: ${name} = ${v} is not an integer in [1, ${INT_MAX}]`, 'ERANGE', name);
  }
  return { engine: engineOf(engine ?? 'transformers'), context, seqLen };
}

// The config as the engine takes it in: vendor rope_type aliases renamed, dual chunk attention's
// sizes taken out (read here, by the dca rules). Objects are copied where they change, never mutated.
function prepare(config, engine) {
  const found = { ropeTypes: new Set(), dca: null };
  const aliases = engine.aliases ?? {};
  const rename = (dict) => {
    let out = dict;
    for (const k of ['rope_type', 'type']) {
      const v = dict[k];
      if (typeof v !== 'string') continue;
      found.ropeTypes.add(v);
      if (engine.refuse?.ropeTypes.includes(v)) {
        throw new PosencError(`posenc: engine = ${JSON.stringify(engine.name)} cannot run this config: rope_type ${JSON.stringify(v)}: ` +
          `${engine.refuse.why} (${engine.refuse.source})`, 'EINVAL', 'engine');
      }
      if (Object.hasOwn(aliases, v)) {
        if (out === dict) out = { ...dict };
        out[k] = aliases[v];
      }
    }
    return out;
  };
  const walk = (o, depth, seen) => {
    if (depth > MAX_DEPTH || seen.has(o)) return o;
    seen.add(o);
    let out = o;
    const put = (k, v) => {
      if (v === o[k]) return;
      if (out === o) out = { ...o };
      if (v === undefined) delete out[k];
      else out[k] = v;
    };
    for (const k of Object.keys(o)) {
      const v = o[k];
      if (!isObject(v)) continue;
      if (ROPE_DICTS.includes(k)) {
        // one dict, or one per layer type (v5 rope_parameters)
        const keyed = Object.values(v).some(isObject);
        put(k, keyed ? Object.fromEntries(Object.entries(v).map(([t, d]) => [t, isObject(d) ? rename(d) : d])) : rename(v));
      } else if (k === DCA) {
        const { chunk_size: chunk, local_size: local } = v;
        found.dca = { chunk, local, at: k };
        put(k, undefined);
      } else if (k.endsWith('config')) {
        put(k, walk(v, depth + 1, seen));
      }
    }
    return out;
  };
  return { config: isObject(config) ? walk(config, 0, new Set()) : config, found };
}

const clone = (p) => ({ ...p, ropeScaling: { ...p.ropeScaling } });
const originalOf = (p) => p.ropeScaling?.original_max_position_embeddings ?? p.maxPositionEmbeddings;

// One action per `do` key of a rule: change the params p (a copy) for layer context c; return a detail
// for the rule's effect, or nothing.
const ACT = {
  longrope(p, mode, c) {
    const orig = originalOf(p);
    let s;
    // a length the record set (a table built once for max_position_embeddings, MiniCPM's remote code) is
    // the floor of the transformers run's; an engine with its own LongRoPE does not build that table
    const built = p.seqLen;
    if (mode !== 'seqLen') delete p.seqLen;
    if (mode === 'seqLen') s = c.seqLen === undefined ? undefined : Math.max(c.seqLen, built ?? 0);
    else if (mode === 'batch') s = c.seqLen === undefined || c.seqLen < 2 ? undefined : c.seqLen - 1;  // the largest position
    else if (mode === 'context') s = c.context;
    else if (mode === 'always') s = orig + 1;
    if (s === undefined) return undefined;
    p.seqLen = s;
    const long = s > orig ? 'long' : 'short';
    if (mode === 'always') return `long factors at every position`;
    if (mode === 'context') return `${long} factors at every position: context ${c.context} ${s > orig ? '>' : '≤'} original ${orig}`;
    if (mode === 'batch') return `${long} factors for the whole batch: largest position ${s} ${s > orig ? '>' : '≤'} original ${orig}`;
    return `${long} factors: sequence length ${s} ${s > orig ? '>' : '≤'} original ${orig}`;
  },
  dynamic(p, mode, c) {
    if (mode === 'seqLen') {
      if (c.seqLen === undefined) return undefined;
      p.seqLen = c.seqLen;
      return `base for a sequence of ${c.seqLen}`;
    }
    if (p.ropeScaling.alpha !== undefined || !(p.ropeScaling.factor > 0)) return undefined;
    p.seqLen = Math.max(1, Math.round(p.ropeScaling.factor * p.maxPositionEmbeddings));
    return `base fixed at the length ${p.seqLen} = factor ${p.ropeScaling.factor} × max_position_embeddings ${p.maxPositionEmbeddings}`;
  },
  drop(p, keys) {
    for (const k of keys) {
      if (Object.hasOwn(p.ropeScaling, k)) delete p.ropeScaling[k];
      else if (Object.hasOwn(p, k)) delete p[k];
    }
  },
  set(p, values) { Object.assign(p.ropeScaling, values); },
  copy(p, map) {
    for (const [to, from] of Object.entries(map)) if (p.ropeScaling[from] !== undefined) p.ropeScaling[to] = p.ropeScaling[from];
  },
  // a yarn attention factor c ln(factor) + 1 (TeleChat3's 0.07 where YaRN has 0.1): a formula of the
  // engine's config code, not of the table
  mscaleCoefficient(p, coefficient) {
    const f = p.ropeScaling.factor;
    if (!(f > 1)) return;
    p.ropeScaling.attention_factor = coefficient * Math.log(f) + 1;
  },
  softmax(p, mode, c) { if (mode === 'omit') c.softmaxOmitted = true; },
  positionModulo(p, mode, c) {
    const { chunk, local } = c.dca;
    if (!Number.isInteger(chunk) || !Number.isInteger(local) || chunk - local < 1) {
      throw new PosencError(`posenc: config.${DCA} = ${JSON.stringify({ chunk_size: chunk, local_size: local })} does not give a chunk length ` +
        'chunk_size − local_size >= 1', 'EINVAL', DCA);
    }
    p.positionModulo = chunk - local;
    return `keys at p mod ${chunk - local}`;
  },
  queryScale(p, mode, c) {
    if (mode === 'drop') {
      c.queryScale = null;
      return 'queries not scaled';
    }
    const { contextAbove } = mode;
    if (c.context > contextAbove) return undefined;
    c.queryScale = null;
    return `off: context ${c.context} ≤ ${contextAbove}`;
  },
  dtype(p, mode, c) {
    if (c.dtype === 'bfloat16' || c.dtype === 'float16') p.dtype = c.dtype;
  },
  freqDtype(p, value) { p.freqDtype = value; },
  ropeType(p, type) {
    p.ropeScaling = { rope_type: type };
    delete p.seqLen;
  },
  llama3Original(p, fallback, c) {
    // the converter reads the top-level key; a value from the rope dict is not seen
    const src = c.sources[`layers.${c.layerType}.rope.ropeScaling.original_max_position_embeddings`] ?? '';
    if (/(^|\.)(rope_scaling|rope_parameters)\./.test(src)) p.ropeScaling.original_max_position_embeddings = fallback;
  },
  params(p, values) { Object.assign(p, values); },
  // Qwen (v1)'s dynamic NTK: one alpha per forward call of seqLen tokens against seq_length, which C
  // forms (ntkAlphaLength); it is 1, the init table, up to seq_length
  ntkAlpha(p, mode, c) {
    const s = p.maxPositionEmbeddings;
    if (c.seqLen === undefined || c.seqLen <= s) return undefined;
    p.ropeScaling = { rope_type: 'dynamic' };
    p.ntkAlphaLength = s;
    p.seqLen = c.seqLen;
    return `ntk_alpha for a sequence of ${c.seqLen} > seq_length ${s}`;
  },
  refuse(p, why, c) {
    throw new PosencError(`posenc: engine = ${JSON.stringify(c.engine.name)} cannot run this config: ${why}`, 'EINVAL', 'engine');
  },
};

const WHEN = {
  ropeType: (list, c, p) => p !== null && list.includes(p.ropeScaling?.rope_type ?? 'default'),
  ropeTypeWas: (list, c) => list.some((t) => c.ropeTypes.has(t)),
  softmaxScale: (want, c) => c.softmaxScale === want,
  dca: (want, c) => (c.dca !== null) === want,
  queryScale: (kind, c, p) => kind === 'nope' && p === null && c.queryScale !== null,
  flagOn: (keys, c) => keys.every((k) => c.config?.[k] !== false),
  alpha: (want, c, p) => p !== null && (p.ropeScaling?.alpha !== undefined) === want,
  mrope: (want, c, p) => p !== null && (p.mropeSection !== undefined || p.xdropeSection !== undefined) === want,
  family: (list, c) => list.includes(c.family),
  layerType: (list, c) => list.includes(c.layerType),
};

// The attention factor and DeepSeek's softmax mscale of params, from C (memoised per params).
function infoOf(pe, memo, params) {
  const key = JSON.stringify(params);
  let info = memo.get(key);
  if (!info) {
    const { dtype, freqDtype, positionModulo, ...plain } = params;
    info = pe.compute('rope-frequencies', plain).info;
    memo.set(key, info);
  }
  return info;
}

// Can the engine run this config? Its registry lists the config's architectures (or model_type): yes;
// a retired one or none listed: EINVAL naming engine, unless the engine falls back to transformers'
// own modeling code, whose tables are then transformers' (the rule returned says so).
function runsCheck(engine, config) {
  const runs = engineRuns(engine.name);
  if (!runs || !isObject(config)) return null;
  const names = runs.keyedBy === 'model_type'
    ? [config.model_type, config.text_config?.model_type].filter((v) => typeof v === 'string')
    : Array.isArray(config.architectures) ? config.architectures.filter((v) => typeof v === 'string') : [];
  if (names.length === 0 || names.some((n) => runs.set.has(n))) return null;
  const retired = names.find((n) => Object.hasOwn(runs.retired ?? {}, n));
  const cite = `(${runs.source})`;
  if (retired) {
    throw new PosencError(`posenc: engine = ${JSON.stringify(engine.name)} cannot run this config: ${retired} is no longer supported ` +
      `(last in version ${runs.retired[retired]}) ${cite}`, 'EINVAL', 'engine');
  }
  if (runs.fallback === 'transformers') {
    return Object.freeze({ rule: 'backend.transformers', fields: [runs.keyedBy], effect: `no native implementation of ${names.join(', ')}: ` +
      `${engine.name} runs it with transformers' modeling code (its Transformers backend), so transformers' tables`, source: runs.source });
  }
  throw new PosencError(`posenc: engine = ${JSON.stringify(engine.name)} cannot run this config: no model implementation for ` +
    `${runs.keyedBy} ${names.join(', ')} ${cite}`, 'EINVAL', 'engine');
}

class Run {
  constructor(pe, config, opts) {
    this.pe = pe;
    this.engine = opts.engine;
    this.context = opts.context;
    this.seqLen = opts.seqLen;
    this.backend = runsCheck(this.engine, config);
    const { config: prepared, found } = prepare(config, this.engine);
    this.config = prepared;
    this.found = found;
    const dt = [config?.torch_dtype, config?.dtype, config?.text_config?.torch_dtype, config?.text_config?.dtype].find((v) => typeof v === 'string');
    this.dtype = dt;
    this.memo = new Map();
    this.done = new Map();
    // rope_scaling fields with a default (beta_fast 32, truncate true …): a rule that writes a default
    // changes nothing
    const fields = pe.kinds.find((k) => k.name === 'rope').params.find((q) => q.name === 'ropeScaling').fields;
    this.scalingDefaults = Object.fromEntries(fields.filter((f) => f.default !== null && f.default !== undefined && !f.aliasOf &&
      f.type !== 'enum').map((f) => [f.name, f.default]));
  }

  /** The engine's version of one layer (a reader layer), memoised by what it depends on. */
  layer(l, family, sources) {
    const key = l.positions ?? l.type;
    const memoKey = `${l.type}|${l.queryScale ? 'q' : ''}`;
    let byType = this.done.get(key);
    if (!byType) this.done.set(key, (byType = new Map()));
    let out = byType.get(memoKey);
    if (out) return out;
    const positions = l.positions;
    const rope = l.rope;
    const c = {
      engine: this.engine, family, layerType: l.type, sources, seqLen: this.seqLen,
      context: this.context ?? rope?.maxPositionEmbeddings, ropeTypes: this.found.ropeTypes, dca: this.found.dca,
      softmaxScale: positions?.info?.softmaxMscale !== undefined, queryScale: l.queryScale, softmaxOmitted: false,
      dtype: this.dtype, config: isObject(this.config) ? this.config : null,
    };
    let p = rope ? clone(rope) : null;
    const rules = this.backend ? [this.backend] : [];
    for (const r of this.backend ? [] : this.engine.rules) {
      if (!Object.entries(r.when).every(([k, v]) => WHEN[k](v, c, p))) continue;
      if (p === null && Object.keys(r.do).some((k) => !['queryScale', 'softmax', 'refuse'].includes(k)) && !r.always) continue;
      const state = () => JSON.stringify(p && { ...p, ropeScaling: { ...this.scalingDefaults, ...p.ropeScaling } }) +
        String(c.queryScale === null) + c.softmaxOmitted;
      const before = state();
      const details = [];
      for (const [k, v] of Object.entries(r.do)) {
        const d = ACT[k](p, v, c);
        if (d) details.push(d);
      }
      if (before === state() && !r.always) continue;
      rules.push(Object.freeze({ rule: r.rule, fields: r.fields, effect: details.length ? `${r.effect}: ${details.join('; ')}` : r.effect,
        source: r.source, ...(r.rounding ? { rounding: true } : {}) }));
    }
    if (p) {
      p.ropeScaling = Object.freeze(p.ropeScaling);
      Object.freeze(p);
    }
    let newPositions = positions;
    let logit = { cosSin: 1, softmax: 1, query: null, total: 1 };
    if (p) {
      const info = infoOf(this.pe, this.memo, p);
      const a = info.attentionFactor;
      const m = c.softmaxScale && !c.softmaxOmitted ? info.softmaxMscale : 1;
      newPositions = { ...positions, params: p };
      if (positions.info) {
        newPositions.info = Object.freeze({ ...positions.info, softmaxMscale: m, softmaxScale: positions.info.qkHeadDim ** -0.5 * m * m });
      }
      Object.freeze(newPositions);
      logit = { cosSin: a * a, softmax: m * m, query: null, total: a * a * m * m };
    }
    const qs = c.queryScale ?? null;
    if (qs) {
      const q0 = this.pe.compute('query-scale', { ...qs, positions: 1 }).data[0];
      logit = { ...logit, query: qs, total: logit.total * q0 };
    }
    out = { rope: p, positions: newPositions, queryScale: qs, engine: Object.freeze({ name: this.engine.name, rules: Object.freeze(rules) }),
      logitScale: Object.freeze(logit) };
    byType.set(memoKey, out);
    return out;
  }

  layers(read) {
    return read.layers.map((l) => {
      const e = this.layer(l, read.family, read.sources);
      return Object.freeze({ ...l, positions: e.positions, rope: e.rope, queryScale: e.queryScale, engine: e.engine, logitScale: e.logitScale });
    });
  }
}

const without = (options) => {
  const { engine, context, seqLen, ...rest } = options;
  return rest;
};

/** positionsFromConfig with { engine, context, seqLen }: each layer as that engine computes it. */
export function positionsWithEngine(pe, config, options) {
  const opts = engineOptions(options);
  const run = new Run(pe, config, opts);
  const read = positionsFromConfig(pe, run.config, without(options));
  const warnings = [...read.warnings];
  if (run.found.dca && run.engine.name === 'transformers') {
    warnings.push(Object.freeze({ field: DCA, message: 'is not read by transformers (plain positions); vLLM and SGLang rotate keys at p mod (chunk_size − local_size): see compareEngines' }));
  }
  return Object.freeze({ ...read, engine: run.engine.name, layers: Object.freeze(run.layers(read)), warnings: Object.freeze(warnings) });
}

/** layersFromConfig with { engine, context, seqLen }. */
export function layersWithEngine(pe, config, options) {
  return positionsWithEngine(pe, config, options).layers;
}

/** ropeFromConfig with { engine, context, seqLen }: the params that engine computes for the layer. */
export function ropeWithEngine(pe, config, options) {
  const opts = engineOptions(options);
  const run = new Run(pe, config, opts);
  const rest = without(options);
  const params = ropeFromConfig(pe, run.config, rest);
  if (params === null) return null;
  // the layer the params belong to, for the rules that depend on it (its type, DeepSeek's softmax)
  let read;
  try {
    read = positionsFromConfig(pe, run.config, { assume: rest.assume });
  } catch (e) {
    if (!(e instanceof PosencError)) throw e;
    read = null;  // a config without a layer count: rules by params alone
  }
  const { layer } = rest;
  const match = read?.layers.find((l) => (Number.isInteger(layer) ? l.index === layer : typeof layer === 'string' ? l.type === layer : l.rope !== null));
  const l = match ?? { type: typeof layer === 'string' ? layer : 'full_attention', positions: { kind: 'rope', params }, rope: params, queryScale: null };
  return run.layer({ ...l, rope: params, positions: { ...l.positions, params } }, read?.family ?? null, read?.sources ?? {}).rope;
}

