// ropeFromConfig: a model's config.json → the posenc rope params, read the way transformers reads them
// (configuration classes + RotaryEmbeddingConfigMixin.standardize_rope_params, transformers v5). This
// is key mapping only: every value is checked by the C registry (pe.shape on rope-frequencies: the
// checks of a compute, nothing computed), and a failure is reported against the config field it came from.
import { PosencError } from './core/error.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
const present = (o, k) => o[k] !== undefined && o[k] !== null;
const first = (o, keys) => keys.find((k) => present(o, k));
const show = (v) =>
  Array.isArray(v) || ArrayBuffer.isView(v) ? `an array of ${v.length}` : isObject(v) ? 'an object' : JSON.stringify(v);

// rope_type values whose pre-training length HF moves into the rope dict (standardize_rope_params).
const USES_ORIGINAL = ['llama3', 'yarn', 'longrope', 'su'];

/** The parameters ropeFromConfig returns, every one of them always: a kind that takes them all can be set from a config. */
export const CONFIG_PARAMS = Object.freeze(['dim', 'base', 'partialRotaryFactor', 'layout', 'ropeScaling', 'maxPositionEmbeddings']);

/** Whether a kind (an entry of pe.kinds) takes every one of the CONFIG_PARAMS. */
export const takesConfig = (kind) => CONFIG_PARAMS.every((name) => kind.params.some((p) => p.name === name));

/** config: a parsed config.json. Returns the CONFIG_PARAMS. */
export function ropeFromConfig(pe, config) {
  if (!isObject(config)) {
    throw new PosencError(`posenc ropeFromConfig: config = ${config === null ? 'null' : typeof config} is not an object (a parsed config.json)`,
      'EINVAL', 'config');
  }
  const kind = pe.kinds.find((k) => k.name === 'rope-frequencies');
  const defaults = Object.fromEntries(kind.params.map((p) => [p.name, p.default]));
  const fields = new Set(kind.params.find((p) => p.name === 'ropeScaling').fields.map((f) => f.name));
  const from = {};  // posenc param path -> the config field it came from
  const out = {};
  const fail = (field, what, code = 'EINVAL') => {
    const value = field.split('.').reduce((o, k) => (o == null ? o : o[k]), config);
    const shown = value === undefined ? '' : ` = ${show(value)}`;
    return new PosencError(`posenc ropeFromConfig: config.${field}${shown} ${what}`, code, field);
  };

  // Head dim: head_dim (`or`: 0/null fall through), DeepSeek's qk_rope_head_dim, else hidden // heads
  // (GPT-2-style attribute maps: n_embd, n_head).
  const headKey = ['head_dim', 'qk_rope_head_dim'].find((k) => config[k]);
  if (headKey) {
    out.dim = config[headKey];
    from.dim = headKey;
  } else {
    const hidden = first(config, ['hidden_size', 'n_embd']);
    const heads = first(config, ['num_attention_heads', 'n_head']);
    if (!hidden || !heads) {
      throw fail(hidden ? heads ?? 'num_attention_heads' : heads ? 'hidden_size' : 'head_dim',
        'is missing, so no head dim can be derived (set head_dim, qk_rope_head_dim, or hidden_size and num_attention_heads)');
    }
    for (const k of [hidden, heads]) {
      if (!Number.isInteger(config[k]) || config[k] < 1) throw fail(k, 'is not a positive integer', typeof config[k] === 'number' ? 'ERANGE' : 'EINVAL');
    }
    out.dim = Math.floor(config[hidden] / config[heads]);
    from.dim = hidden;
  }

  // rope_scaling (legacy) or rope_parameters (v5 files; rope_theta and partial_rotary_factor live inside).
  const rsKey = first(config, ['rope_scaling', 'rope_parameters']);
  const rs = rsKey ? config[rsKey] : {};
  if (!isObject(rs)) throw fail(rsKey, 'is not an object');
  if (Object.values(rs).some(isObject)) throw fail(rsKey, 'holds per-layer RoPE parameters, which ropeFromConfig does not read');

  // Base: the rope dict's rope_theta wins (convert_rope_params_to_dict), then rope_theta, then
  // GPT-NeoX's rotary_emb_base; absent = the registry default (10000, HF's default_theta).
  const baseKey = present(rs, 'rope_theta') ? `${rsKey}.rope_theta` : first(config, ['rope_theta', 'rotary_emb_base']);
  out.base = baseKey ? (baseKey.includes('.') ? rs.rope_theta : config[baseKey]) : defaults.base;
  if (baseKey) from.base = baseKey;

  // Rotary part: partial_rotary_factor (top level wins, as standardize_rope_params), GPT-NeoX's
  // rotary_pct, GPT-J's rotary_dim (null = the whole head).
  const prfKey = first(config, ['partial_rotary_factor', 'rotary_pct']) ??
    (present(rs, 'partial_rotary_factor') ? `${rsKey}.partial_rotary_factor` : present(config, 'rotary_dim') ? 'rotary_dim' : undefined);
  out.partialRotaryFactor = defaults.partialRotaryFactor;
  if (prfKey === 'rotary_dim') {
    const rd = config.rotary_dim;
    if (typeof rd !== 'number') throw fail('rotary_dim', 'is not a number');
    // C forms r = int(dim * factor); pick the factor that gives rotary_dim back exactly.
    out.partialRotaryFactor = Math.trunc(out.dim * (rd / out.dim)) === rd ? rd / out.dim : (rd + 0.5) / out.dim;
  } else if (prfKey) {
    out.partialRotaryFactor = prfKey.includes('.') ? rs.partial_rotary_factor : config[prfKey];
  }
  if (prfKey) from.partialRotaryFactor = prfKey;

  // Pairs (2k, 2k+1): GPT-J and CodeGen (rotate_every_two), DeepSeek-V2 (complex form) and V3
  // (rope_interleave, default true; HF permutes the rotated halves, which changes no q·k).
  const type = config.model_type;
  const interleave = config.rope_interleave ?? (type === 'deepseek_v3' ? true : undefined);
  out.layout = 'rotary_dim' in config || ['gptj', 'codegen', 'deepseek_v2'].includes(type) || interleave === true ? 'gptj' : 'neox';

  const maxKey = first(config, ['max_position_embeddings', 'n_positions']);
  out.maxPositionEmbeddings = maxKey ? config[maxKey] : defaults.maxPositionEmbeddings;
  if (maxKey) from.maxPositionEmbeddings = maxKey;

  // The scaling dict: known keys verbatim (HF only warns on the others); `type` is the legacy
  // rope_type (rope_type wins when both are given); Phi-3 reads 'su' and 'yarn' as longrope.
  const scaling = {};
  for (const [k, v] of Object.entries(rs)) {
    if (!fields.has(k) || v === null || v === undefined) continue;
    if (k === 'type' && present(rs, 'rope_type')) continue;
    const key = k === 'type' ? 'rope_type' : k;
    scaling[key] = v;
    from[`ropeScaling.${key}`] = `${rsKey}.${k}`;
  }
  if (type === 'phi3' && scaling.rope_type === 'yarn') scaling.rope_type = 'longrope';
  if (present(config, 'original_max_position_embeddings') && USES_ORIGINAL.includes(scaling.rope_type)) {
    // Phi-3 keeps the pre-training length at the top level; HF gives it priority.
    scaling.original_max_position_embeddings = config.original_max_position_embeddings;
    from['ropeScaling.original_max_position_embeddings'] = 'original_max_position_embeddings';
  }
  scaling.rope_type ??= 'default';
  out.ropeScaling = scaling;

  // Let C judge every derived value (pe.shape: the checks of a compute, nothing computed); report
  // against the config field.
  try {
    pe.shape('rope-frequencies', out);
  } catch (e) {
    if (!(e instanceof PosencError)) throw e;
    const field = from[e.param] ?? (e.param.startsWith('ropeScaling.') ? `${rsKey ?? 'rope_scaling'}.${e.param.slice(12)}` : e.param);
    const missing = field.split('.').reduce((o, k) => (o == null ? o : o[k]), config) === undefined;
    throw fail(field, `${missing ? 'is missing' : 'is not usable'}: ${e.message}`, e.code);
  }
  return out;
}
