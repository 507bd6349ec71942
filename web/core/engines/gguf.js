// What llama.cpp computes for a GGUF file, layer by layer: its {arch}.rope.* keys and its rope_freqs /
// rope_factors_long / rope_factors_short tensors read the way llama.cpp's loader and llama_context
// read them (ggml-org/llama.cpp src/llama-model.cpp@00342301d01add50835550e8a916f12097d94517
// load_hparams, get_rope_factors; src/llama-context.cpp@001d906a6d86e2490e394361e7cc6f478b100088),
// as params of posenc's rope kind. Key mapping only: C checks every value (pe.shape) and computes.
import { PosencError, describe } from '../error.js';
import { engineOf } from './index.js';
import ggufArchs from './gguf-archs.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const INT_MAX = 2147483647;
const LLAMA = 'llama.cpp';
const TENSORS = { freqs: 'rope_freqs.weight', long: 'rope_factors_long.weight', short: 'rope_factors_short.weight' };

function fail(message, code, param) {
  return new PosencError(`posenc layersFromGGUF: ${message}`, code, param);
}

// The llama.cpp profile's rule of that name, as a layer lists it (with the detail of this file).
function ruleOf(name, detail) {
  const r = engineOf(LLAMA).rules.find((x) => x.rule === name);
  return Object.freeze({ rule: r.rule, fields: r.fields, effect: detail ? `${r.effect}: ${detail}` : r.effect, source: r.source });
}

class GGUFReader {
  constructor(pe, g, options) {
    if (!isObject(g) || !isObject(g.metadata) || !Array.isArray(g.tensors)) {
      throw fail(`gguf = ${describe(g)} is not what pe.readGGUF returns ({ metadata, tensors })`, 'EINVAL', 'gguf');
    }
    if (!isObject(options)) throw fail(`options = ${describe(options)} is not an object ({ context, tensors })`, 'EINVAL', 'options');
    this.pe = pe;
    this.g = g;
    this.m = g.metadata;
    this.given = options.tensors ?? {};
    if (!isObject(this.given)) throw fail(`tensors = ${describe(this.given)} is not an object of name: Float32Array`, 'EINVAL', 'tensors');
    const arch = this.m['general.architecture'];
    if (typeof arch !== 'string') throw fail('general.architecture is missing: not a model file', 'EINVAL', 'general.architecture');
    this.arch = arch;
    this.info = ggufArchs()[arch];
    if (!this.info) {
      throw fail(`general.architecture = ${JSON.stringify(arch)}: posenc does not know how llama.cpp lays out this architecture's ` +
        `rotary pairs and layers (it knows ${Object.keys(ggufArchs()).join(', ')})`, 'EINVAL', 'general.architecture');
    }
    this.sources = {};
    this.context = options.context;
    if (this.context !== undefined && (!Number.isInteger(this.context) || this.context < 1 || this.context > INT_MAX)) {
      throw fail(`context = ${describe(this.context)} is not an integer in [1, ${INT_MAX}]`, typeof this.context === 'number' ? 'ERANGE' : 'EINVAL', 'context');
    }
  }

  key(k) { return `${this.arch}.${k}`; }

  /** A number key (or fallback when absent), checked: finite, integer where asked, in range. */
  num(k, fallback, { int = false, min = -Infinity, max = Infinity } = {}) {
    const full = this.key(k);
    const v = this.m[full];
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isFinite(v) || (int && !Number.isInteger(v)) || v < min || v > max) {
      throw fail(`${full} = ${describe(v)} is not ${int ? 'an integer' : 'a number'} in [${min}, ${max}]`, typeof v === 'number' ? 'ERANGE' : 'EINVAL', full);
    }
    this.sources[k] = full;
    return v;
  }

  /** A per-layer number key: a number, or an array of one per layer (llama.cpp's get_key_or_arr). */
  perLayer(k, n, fallback, opts) {
    const full = this.key(k);
    const v = this.m[full];
    if (Array.isArray(v)) {
      if (v.length !== n) throw fail(`${full} has ${v.length} entries for ${n} layers`, 'EINVAL', full);
      return v.map((x, i) => {
        if (typeof x !== 'number' || !Number.isInteger(x) || x < opts.min || x > opts.max) throw fail(`${full}[${i}] = ${describe(x)} is not an integer in [${opts.min}, ${opts.max}]`, 'EINVAL', full);
        return x;
      });
    }
    const one = this.num(k, fallback, opts);
    return Array.from({ length: n }, () => one);
  }

  /** The tensor `name` if the file holds it: its Float32Array from options.tensors, checked. */
  tensor(name, length) {
    const t = this.g.tensors.find((x) => x.name === name);
    if (!t) return null;
    const v = this.given[name];
    if (v === undefined) {
      throw fail(`tensors['${name}'] is needed (the file holds it: llama.cpp divides the frequencies by it) and was not given; ` +
        `pe.ggufTensor(g, '${name}', bytes) reads it`, 'EINVAL', 'tensors');
    }
    if (!(v instanceof Float32Array)) throw fail(`tensors['${name}'] = ${describe(v)} is not a Float32Array`, 'EINVAL', 'tensors');
    if (v.length !== length) throw fail(`${name} has ${v.length} values where n_rot / 2 = ${length}`, 'EINVAL', name);
    return Array.from(v);
  }

  layers() {
    const n = this.num('block_count', undefined, { int: true, min: 1, max: 65536 });
    if (n === undefined) throw fail(`${this.key('block_count')} is missing, so the layers cannot be listed`, 'EINVAL', this.key('block_count'));
    const nEmbd = this.num('embedding_length', undefined, { int: true, min: 1, max: 1 << 20 });
    const heads = this.perLayer('attention.head_count', n, undefined, { int: true, min: 0, max: 1 << 16 });
    const keyLength = this.num('attention.key_length', undefined, { int: true, min: 1, max: 1 << 16 });
    const nCtxTrain = this.num('context_length', 2048, { int: true, min: 1, max: INT_MAX });
    const base = this.num('rope.freq_base', 10000, { min: 1, max: 1e12 });
    const info = this.info;
    const swa = info.swa;
    const period = swa ? this.num('attention.sliding_window_pattern', swa.period, { int: true, min: 1, max: 65536 }) : 0;
    const window = this.num('attention.sliding_window', null, { int: true, min: 0, max: INT_MAX });
    const type = this.m[this.key('rope.scaling.type')] ?? 'linear';
    if (!['none', 'linear', 'yarn', 'longrope'].includes(type)) {
      throw fail(`${this.key('rope.scaling.type')} = ${describe(type)} is not one of none, linear, yarn, longrope (llama_rope_scaling_type_from_string)`, 'EINVAL', this.key('rope.scaling.type'));
    }
    const factor = this.num('rope.scaling.factor', undefined, { min: 0, max: 1e6 }) ?? this.num('rope.scale_linear', 0, { min: 0, max: 1e6 });
    const nCtxOrig = this.num('rope.scaling.original_context_length', nCtxTrain, { int: true, min: 1, max: INT_MAX });
    const attnFactor = this.num('rope.scaling.attn_factor', 1, { min: 0, max: 1e6 });
    const logMul = this.num('rope.scaling.yarn_log_multiplier', 0, { min: 0, max: 1e6 });
    const sections = this.m[this.key('rope.dimension_sections')];
    const rules = [];
    const layers = [];
    const built = new Map();
    for (let il = 0; il < n; il++) {
      const sliding = swa ? il % period < period - 1 : false;
      const h = heads[il];
      const headDim = keyLength ?? (nEmbd !== undefined && h > 0 ? Math.floor(nEmbd / h) : undefined);
      if (headDim === undefined) {
        throw fail(`${this.key('attention.key_length')} (or ${this.key('embedding_length')} and ${this.key('attention.head_count')}) is missing: no head size`, 'EINVAL', this.key('attention.key_length'));
      }
      const key = `${sliding}|${headDim}|${h > 0}`;
      let l = built.get(key);
      if (!l) built.set(key, (l = this.layer({ sliding, headDim, attention: h > 0, base, type, factor, nCtxOrig, nCtxTrain, attnFactor, logMul, sections, rules })));
      layers.push(Object.freeze({ index: il, type: sliding ? 'sliding_attention' : 'full_attention', positions: l.positions, rope: l.rope,
        window: sliding && window ? window : null, chunk: null, queryScale: null, engine: l.engine }));
    }
    return layers;
  }

  layer({ sliding, headDim, attention, base, type, factor, nCtxOrig, nCtxTrain, attnFactor, logMul, sections }) {
    if (!attention) return { positions: null, rope: null, engine: Object.freeze({ name: LLAMA, rules: Object.freeze([]) }) };
    const nRot = this.num('rope.dimension_count', headDim, { int: true, min: 2, max: 1 << 16 });
    if (nRot > headDim || nRot % 2) {
      throw fail(`${this.key('rope.dimension_count')} = ${nRot} is ${nRot % 2 ? 'odd' : `more than the head size ${headDim}`} (n_rot must be even and at most the head size)`,
        'ERANGE', this.key('rope.dimension_count'));
    }
    const half = nRot / 2;
    const rules = [];
    const p = {
      dim: headDim,
      // int(dim * factor) gives n_rot back exactly
      partialRotaryFactor: Math.trunc(headDim * (nRot / headDim)) === nRot ? nRot / headDim : (nRot + 0.5) / headDim,
      base: sliding && this.info.swa?.base ? this.info.swa.base : sliding ? this.num('rope.freq_base_swa', base, { min: 1, max: 1e12 }) : base,
      layout: this.info.layout,
      maxPositionEmbeddings: nCtxTrain,
    };
    const unscaled = sliding && this.info.swa?.unscaled;
    let scaling = { rope_type: 'default' };
    let ggml = true;
    if (!unscaled && type === 'linear' && factor > 0) scaling = { rope_type: 'linear', factor };
    if (!unscaled && type === 'yarn' && factor > 0) {
      scaling = { rope_type: 'yarn', factor, original_max_position_embeddings: nCtxOrig, truncate: true };
      rules.push(ruleOf('yarn.truncate'));
      if (logMul > 0) {
        // DeepSeek-2: yarn_log_multiplier = 0.1 mscale_all_dim; llama.cpp takes mscale equal to it
        const msa = logMul / 0.1;
        Object.assign(scaling, { mscale: msa, mscale_all_dim: msa });
        ggml = false;
      }
      if (attnFactor !== 1) ggml = false;
    }
    const freqs = this.tensor(TENSORS.freqs, half);
    const long = this.tensor(TENSORS.long, half), short = this.tensor(TENSORS.short, half);
    if (freqs) {
      p.freqFactors = freqs;
    } else if (long || short) {
      if (!long || !short) throw fail(`the file holds ${long ? TENSORS.long : TENSORS.short} without ${long ? TENSORS.short : TENSORS.long}`, 'EINVAL', long ? TENSORS.short : TENSORS.long);
      // get_rope_factors: long when the context per sequence exceeds n_ctx_orig_yarn
      const ctx = this.context ?? nCtxTrain;
      const useLong = ctx > nCtxOrig;
      const f = useLong ? long : short;
      scaling = { rope_type: 'longrope', short_factor: f, long_factor: f, original_max_position_embeddings: nCtxOrig, attention_factor: attnFactor };
      rules.push(ruleOf('longrope.switch', `${useLong ? 'rope_factors_long' : 'rope_factors_short'}: context ${ctx} ${useLong ? '>' : '≤'} ${nCtxOrig}`));
      ggml = false;
    } else if (attnFactor !== 1 && scaling.rope_type !== 'yarn') {
      throw fail(`${this.key('rope.scaling.attn_factor')} = ${attnFactor} without YaRN or LongRoPE factors: posenc has no table for it`, 'EINVAL', this.key('rope.scaling.attn_factor'));
    }
    if (attnFactor !== 1 && scaling.rope_type === 'yarn') {
      throw fail(`${this.key('rope.scaling.attn_factor')} = ${attnFactor} on YaRN: posenc does not compute that product`, 'EINVAL', this.key('rope.scaling.attn_factor'));
    }
    p.ropeScaling = scaling;
    if (Array.isArray(sections) && sections.some((s) => s !== 0)) {
      if (!this.info.mrope) throw fail(`${this.key('rope.dimension_sections')} is given but ${this.arch} is not an M-RoPE architecture`, 'EINVAL', this.key('rope.dimension_sections'));
      if (sections.length !== 4 || !sections.every((s) => Number.isInteger(s) && s >= 0)) {
        throw fail(`${this.key('rope.dimension_sections')} = ${describe(sections)} is not 4 non-negative integers`, 'EINVAL', this.key('rope.dimension_sections'));
      }
      const sum = sections.reduce((a, b) => a + b, 0);
      if (sum !== half || sections[3] !== 0) {
        throw fail(`${this.key('rope.dimension_sections')} = [${sections}] does not give [t, h, w] summing to n_rot / 2 = ${half} (and e = 0)`, 'EINVAL', this.key('rope.dimension_sections'));
      }
      p.mropeSection = sections.slice(0, 3);
      p.mropeInterleaved = this.info.mrope === 'interleaved';
      ggml = false;
    }
    if (ggml && ['default', 'linear', 'yarn'].includes(scaling.rope_type)) {
      p.freqDtype = 'ggml';
      rules.unshift(ruleOf('angles.ggml'));
    }
    // every value through C's checks; a failure names the key it came from
    try {
      this.pe.shape('rope-frequencies', p);
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      throw fail(`the file's RoPE keys give params C refuses: ${e.message}`, e.code, this.key('rope.dimension_count'));
    }
    Object.freeze(p.ropeScaling);
    Object.freeze(p);
    return { rope: p, positions: Object.freeze({ kind: 'rope', params: p }), engine: Object.freeze({ name: LLAMA, rules: Object.freeze(rules) }) };
  }
}

/** A readGGUF result → what llama.cpp computes, one entry per layer. */
export function layersFromGGUF(pe, g, options = {}) {
  return Object.freeze(new GGUFReader(pe, g, options).layers());
}

/** The rope params of one layer (options.layer: index or type name), or the params every layer shares. */
export function ropeFromGGUF(pe, g, options = {}) {
  const layers = layersFromGGUF(pe, g, options);
  const { layer } = options;
  if (Number.isInteger(layer)) {
    if (layer < 0 || layer >= layers.length) throw fail(`layer = ${layer} is not a layer index (0 .. ${layers.length - 1})`, 'ERANGE', 'layer');
    return layers[layer].rope;
  }
  if (typeof layer === 'string') {
    const l = layers.find((x) => x.type === layer);
    if (!l) throw fail(`layer = ${JSON.stringify(layer)} is not a layer type of this file (${[...new Set(layers.map((x) => x.type))].join(', ')})`, 'EINVAL', 'layer');
    return l.rope;
  }
  if (layer !== undefined && layer !== null) throw fail(`layer = ${describe(layer)} is neither a layer index nor a layer type`, 'EINVAL', 'layer');
  const ropes = layers.map((l) => l.rope).filter(Boolean);
  if (ropes.some((r) => JSON.stringify(r) !== JSON.stringify(ropes[0]))) {
    throw fail(`the layers differ in RoPE (${[...new Set(layers.map((l) => l.type))].join(', ')}); choose one with { layer }`, 'EINVAL', 'layer');
  }
  return ropes[0] ?? null;
}

/** The tensor names layersFromGGUF reads from this file (for a reader that fetches only those). */
export const ggufRopeTensors = (g) => Object.values(TENSORS).filter((n) => g.tensors?.some((t) => t.name === n));
