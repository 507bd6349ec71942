// The architecture records: one per transformers model type (records/*.js), each saying what that
// model's configuration class and modeling code do with positions, or why posenc cannot say. A record
// may start from another (`like`); here they are resolved once, frozen, and looked up by model type.
// They are built at their first use (records(), modelTypes()), not on import: a page that only
// draws encodings never spends the time.
import { PosencError } from '../error.js';
import base from './records/base.js';
// one file per alphabetical range of model types (a new type goes in the file whose range holds it)
import aToF from './records/a-f.js';
import fToM from './records/f-m.js';
import mToQ from './records/m-q.js';
import qToZ from './records/q-z.js';
import remote from './records/remote.js';

// Object fields merged with the parent's rather than replaced (defaults of a derived class extend its base's).
const MERGED = ['defaults'];
/** Every field a record may have (records/base.js and the reader say what each means). */
// (one string, split: a list of quoted names would hold the text `"from",` which the single-file build's
// import check reads as a module specifier)
export const FIELDS = Object.freeze(`from like unsupported text textType vision note input attention layout layoutKey rotate
  headDim headDimByType rotary defaults layers kinds nope nopeUnlessNull localBase baseKey baseKeys theta reads refuse alibi t5
  deberta positionType positionTypes ropeFlag ropeTypes ropeReads window chunk lastFull fillTypes bidirectional localAttention
  noRopeLayers emptyNoRope queryScale softmaxScale layerCount ropeDicts sections extra headDimScale windowAll ropeIgnored mrope
  baseScale attentionBy inert maxPositions layerTheta ropeFromLists ignores fitLayerTypes textFixed nullDictNoPE keyedDrops slidingTypes textAliases
  longropeCache`.split(/\s+/));
// Fields read per layer rather than per layer type:
//   layerTheta: { key, scalar, zeroNoPE, flag, defaultNoPE } — config[key] is a list of one RoPE base per
//     layer (Granite SWA layer_rope_theta, Step-3.5 rope_theta); `scalar`: a single number is the usual
//     base; `zeroNoPE`: 0 makes the layer NoPE; `flag`: the list only switches RoPE off (0) or on, the
//     base staying the rope dict's (Muse Glimmer); `defaultNoPE: { every, fromLast }`: the class default
//     when the key is absent, NoPE every `every`-th layer (counted from the last with fromLast).
//   longropeCache: the family's LongRoPE table is built once for max_position_embeddings positions and
//     rebuilt only for a longer sequence (MiniCPM's remote MiniCPMLongRoPE): long factors whenever that
//     length exceeds original_max_position_embeddings, whatever the sequence.
//   sections: false — the family's mrope_section is no Qwen M-RoPE split (warned, not passed on);
//     { as, alias } — mrope_section, or its legacy spelling `alias`, is read into the rope param `as`
//     (HunYuan-VL: xdrope_section, xdropeSection).
//   nullDictNoPE: a layer type whose entry in a per-layer-type rope dict is null is NoPE (CohereCompass).
//   slidingTypes: the record's own layer type names that slide (sliding_window applies), as sliding_attention.
//   keyedDrops: keys beside per-layer-type rope dicts that the class drops (warned, not refused).
//   ropeFromLists: { theta, partial, scalingTo } — without rope_parameters, one rope dict per layer type
//     built from per-layer lists (Step3p7TextConfig: rope_theta and partial_rotary_factors zipped with
//     layer_types, the last layer of a type giving its value; rope_scaling merged into scalingTo's dict).
//   fitLayerTypes: { extra } — a layer_types with config[extra] entries more than the layers is cut to
//     them (Step3p7TextConfig: num_nextn_predict_layers MTP entries).
//   textFixed: a composite reads its text_config with its textType's record whatever model_type the
//     sub-config carries (MiniMaxM3VLConfig rebuilds the bundled minimax_m2 as its own text class).
//   textAliases: { given: type } — a text sub-config model_type the composite reads as another model
//     type (Kimi_K25Config: kimi_k2 -> deepseek_v3).
//   ignores: { key: why } — keys the published files carry and the transformers code does not read:
//     warned, never refused (Step-3.5 partial_rotary_factors).
/** The schemes a layer's attention may have. */
export const SCHEMES = Object.freeze(['rope', 'alibi', 't5', 'deberta', 'none', 'learned-relative']);

function resolve(own, aliases, name, seen = []) {
  const raw = own[name] ?? aliases[name];
  if (seen.includes(name)) throw new Error(`posenc records: ${[...seen, name].join(' -> ')} is a cycle`);
  if (!raw.like) return { ...raw };
  if (!Object.hasOwn(own, raw.like)) throw new Error(`posenc records: ${name} is like ${raw.like}, which has no record`);
  const parent = resolve(own, aliases, raw.like, [...seen, name]);
  // an unsupported parent's reason does not pass to a child that says what it computes
  if (raw.attention || raw.text) delete parent.unsupported;
  const out = { ...parent, ...raw };
  for (const k of MERGED) out[k] = { ...parent[k], ...raw[k] };
  return out;
}

const deepFreeze = (o) => {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
};

let built = null;
// The records, their model types and the class-name prefixes, built once.
function tables() {
  if (built) return built;
  const own = {};
  for (const part of [base, aToF, fToM, mToQ, qToZ]) {
    for (const [k, v] of Object.entries(part())) {
      if (Object.hasOwn(own, k)) throw new Error(`posenc records: ${k} has two records`);
      own[k] = v;
    }
  }
  const aliases = remote();
  const all = deepFreeze(Object.fromEntries([...Object.keys(own), ...Object.keys(aliases)].map((k) => [k, { modelType: k, ...resolve(own, aliases, k) }])));
  const types = Object.freeze(Object.keys(own).sort());
  const byPrefix = new Map();
  // remote-code types too: their architectures classes follow the same convention (QWenLMHeadModel →
  // qwen, InternLM2ForCausalLM → internlm2, Phi3SmallForCausalLM → phi3small)
  for (const k of [...types, ...Object.keys(aliases)]) {
    const key = squash(k);
    byPrefix.set(key, byPrefix.has(key) ? null : k);  // null: two types squash alike, never resolved by name
  }
  return (built = { all, types, byPrefix });
}

/** model type → its resolved record (`like` applied), frozen. Transformers' types, then remote-code ones. */
export const records = () => tables().all;

/** The transformers model types with a record (the remote-code aliases apart). */
export const modelTypes = () => tables().types;

const squash = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
// one row buffer for every comparison: closest() compares a name with every known type
let row = new Int32Array(64);
function distance(a, b, bound = Infinity) {
  if (row.length <= b.length) row = new Int32Array(b.length + 1);
  const d = row;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    let low = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const t = d[j];
      const sub = prev + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const ins = d[j - 1] + 1, del = t + 1;
      const v = sub < ins ? (sub < del ? sub : del) : (ins < del ? ins : del);
      d[j] = v;
      if (v < low) low = v;
      prev = t;
    }
    // every path to the end passes this row: past the bound, the exact value does not matter
    if (low > bound) return bound + 1;
  }
  return d[b.length];
}

let squashed = null, known = null;
/** Whether a known model type (remote-code ones too) is `name` up to case and separators ('Gemma3', 'qwen-2'). */
export function squashedType(name) {
  squashed ??= new Set(Object.keys(records()).map(squash));
  return typeof name === 'string' && squashed.has(squash(name));
}

/** The known model types closest to `name` (a miscased or misspelt one first), at most `n`. */
export function closest(name, n = 3) {
  // no model type is longer than this: a longer name is compared by its start (the distance is quadratic)
  const s = (typeof name === 'string' ? name : Array.isArray(name) || (name && typeof name === 'object') ? '' : String(name)).slice(0, 64).toLowerCase();
  const ss = squash(s);
  known ??= Object.keys(records()).map((k) => [k, squash(k)]);
  // the n nearest by (distance, name), kept sorted; a type whose distance cannot beat the n-th (its
  // length differs by more, or a row of the table passes it) is not finished
  const best = [];
  const before = (x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0);
  for (const [k, sk] of known) {
    const bound = best.length < n ? Infinity : best[n - 1][1];
    let d = -1;
    if (k !== s && sk !== ss) {
      if (Math.abs(k.length - s.length) > bound) continue;
      d = distance(s, k, bound);
      if (d > bound) continue;
    }
    const e = [k, d];
    let at = best.length;
    while (at > 0 && before(e, best[at - 1]) < 0) at--;
    if (at >= n) continue;
    best.splice(at, 0, e);
    if (best.length > n) best.pop();
  }
  return best.map(([k]) => k);
}

// An architectures class name (DeepseekV3ForCausalLM) names its model type by transformers' naming
// convention: the class prefix is the model type without separators (deepseek_v3 → deepseekv3).
const HEADS = /(For[A-Z]\w*|LMHeadModel|Model|Encoder|Decoder|PreTrainedModel)$/;

/** The model type an architectures entry names, or undefined. */
export function typeOfArchitecture(name) {
  if (typeof name !== 'string' || name.length > 200) return undefined;
  const prefix = name.replace(HEADS, '');
  return prefix && prefix !== name ? tables().byPrefix.get(squash(prefix)) ?? undefined : undefined;
}

/** The record of a model type, or a PosencError naming `param` and the closest known types. */
export function recordOf(type, param = 'model_type') {
  const all = records();
  if (typeof type === 'string' && Object.hasOwn(all, type)) return all[type];
  const shown = typeof type === 'string' ? (type.length > 80 ? `${JSON.stringify(type.slice(0, 60))}… (${type.length} characters)` : JSON.stringify(type)) :
    Array.isArray(type) ? `an array of ${type.length}` : type !== null && typeof type === 'object' ? 'an object' : String(type);
  const near = closest(type);
  const cased = typeof type === 'string' && squash(near[0]) === squash(type) ? `; model types are case- and spelling-exact: did you mean ${JSON.stringify(near[0])}?` : '';
  throw new PosencError(`posenc: ${param} = ${shown} is not a model type posenc knows (closest: ${near.join(', ')})${cased}; ` +
    "posenc reads a config by its architecture and never guesses; { assume: '<model type>' } reads it as that family", 'EINVAL', param);
}
