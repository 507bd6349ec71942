// Does a converted file make llama.cpp compute what transformers computes for the model? Each layer of
// the GGUF (layersFromGGUF) against the same layer of the config (layersFromConfig), the tables formed
// in double and compared in C within check's float32 bound; where they differ, which quantity does
// (base, rotary dims, frequencies, attention factor) and the GGUF key or tensor it comes from.
import { PosencError, describe } from '../error.js';
import { layersFromGGUF } from './gguf.js';
import { exactParams, tableDiff } from './compare.js';

/**
 * checkGGUF(pe, gguf, { config, context, tensors, positions }) → { same, arch, layers: [{ layers, type,
 * same, maxAbsDiff, at, causes: [{ key, message }], notes }] }, one entry per group of layers alike.
 */
export function checkGGUF(pe, g, options = {}) {
  if (options === null || typeof options !== 'object') throw new PosencError(`posenc checkGGUF: options = ${describe(options)} is not an object`, 'EINVAL', 'options');
  const { config, context, tensors, positions = 4096 } = options;
  if (!Number.isInteger(positions) || positions < 1 || positions > 1 << 20) {
    throw new PosencError(`posenc checkGGUF: positions = ${describe(positions)} is not an integer in [1, 1048576]`, 'ERANGE', 'positions');
  }
  const mine = layersFromGGUF(pe, g, { context, tensors });
  const ref = pe.layersFromConfig(config);
  const arch = g.metadata['general.architecture'];
  const key = (k) => `${arch}.${k}`;
  if (mine.length !== ref.length) {
    return { same: false, arch, layers: [{ layers: [], type: null, same: false, maxAbsDiff: null, at: null, notes: [],
      causes: [{ key: key('block_count'), message: `the file has ${mine.length} layers, the config ${ref.length}` }] }] };
  }
  const groups = new Map();
  mine.forEach((m, i) => {
    const r = ref[i];
    const k = JSON.stringify([m.rope, r.rope, m.type, r.type]);
    if (!groups.has(k)) groups.set(k, { layers: [], m, r });
    groups.get(k).layers.push(i);
  });
  const out = [];
  for (const { layers, m, r } of groups.values()) {
    const causes = [], notes = [];
    // which layers slide is attention's business, not the positions': said, not counted
    if (m.type !== r.type) notes.push(`layer ${layers[0]} is ${m.type} in llama.cpp, ${r.type} in transformers (${key('attention.sliding_window')})`);
    if (!m.rope || !r.rope) {
      if (Boolean(m.rope) !== Boolean(r.rope)) causes.push({ key: key('rope.dimension_count'), message: `llama.cpp ${m.rope ? 'rotates' : 'does not rotate'} layer ${layers[0]}; transformers ${r.rope ? 'does' : 'does not'}` });
      out.push({ layers, type: r.type, same: causes.length === 0, maxAbsDiff: null, at: null, causes, notes });
      continue;
    }
    // llama.cpp's NORM pairs act on q/k weights its converter permuted: the same rotation as rotate_half
    const a = exactParams(r.rope), b = { ...exactParams(m.rope), layout: a.layout };
    if (m.rope.layout !== r.rope.layout) notes.push(`llama.cpp pairs ${m.rope.layout === 'gptj' ? '(2k, 2k+1)' : '(k, k + r/2)'} where transformers pairs ${r.rope.layout === 'gptj' ? '(2k, 2k+1)' : '(k, k + r/2)'}: the same rotation when the converter permuted the q and k weights`);
    const d = tableDiff(pe, a, b, positions);
    const same = d.comparable && d.exact, maxAbsDiff = d.comparable ? d.maxAbsDiff : null, at = d.comparable ? d.at : null;
    if (!same) causes.push(...causesOf(pe, a, b, key, r.rope));
    out.push({ layers, type: r.type, same: same && causes.length === 0, maxAbsDiff, at, causes, notes });
  }
  return { same: out.every((x) => x.same), arch, layers: out };
}

// What differs between transformers' params a and llama.cpp's b, named by the GGUF key or tensor.
function causesOf(pe, a, b, key, hf) {
  const out = [];
  const rot = (p) => Math.trunc(p.dim * p.partialRotaryFactor);
  if (a.base !== b.base) out.push({ key: key('rope.freq_base'), message: `base ${b.base} where the config's is ${a.base}` });
  if (rot(a) !== rot(b)) out.push({ key: key('rope.dimension_count'), message: `${rot(b)} rotary dims where the config rotates ${rot(a)}` });
  if (a.dim !== b.dim) out.push({ key: key('attention.key_length'), message: `head size ${b.dim} where the config's is ${a.dim}` });
  if (out.length) return out;
  const fa = pe.compute('rope-frequencies', a), fb = pe.compute('rope-frequencies', b);
  const rs = b.ropeScaling;
  const from = b.freqFactors ? 'rope_freqs.weight' : rs.rope_type === 'longrope' ? 'rope_factors_long.weight / rope_factors_short.weight'
    : rs.rope_type === 'yarn' || rs.rope_type === 'linear' ? key('rope.scaling.*') : key('rope.scaling.type');
  let worst = 0, at = -1;
  for (let k = 0; k < fa.data.length; k++) {
    const rel = Math.abs(fa.data[k] - fb.data[k]) / Math.abs(fa.data[k] || 1);
    if (rel > worst) worst = rel, at = k;
  }
  if (worst > 1e-6) {
    const why = hf.ropeScaling.truncate === false && rs.rope_type === 'yarn' ? ' (the config\'s rope_scaling.truncate = false is not in the file: llama.cpp floors and ceils the correction range)'
      : hf.ropeScaling.rope_type === 'longrope' ? ` (llama.cpp chose ${rs.rope_type === 'longrope' ? 'its factors by the context per sequence' : 'no LongRoPE factors'}, transformers by the sequence length)` : '';
    out.push({ key: from, message: `frequency ${at} is ${fb.data[at]} where transformers' is ${fa.data[at]} (relative ${worst.toExponential(2)})${why}` });
  }
  const aa = fa.info.attentionFactor, ab = fb.info.attentionFactor;
  if (Math.abs(aa - ab) > 1e-6 * aa) out.push({ key: rs.rope_type === 'yarn' ? key('rope.scaling.factor') : key('rope.scaling.attn_factor'), message: `attention factor ${ab} where transformers' is ${aa}` });
  return out;
}
