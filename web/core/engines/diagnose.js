// The checker's first question when a table differs from transformers': is it what an inference
// engine computes for this model? Each engine's table for the layer is checked in turn (in C, as
// every check); the engines whose table it is exactly come first in the diagnosis, with the rule.
import { PosencError } from '../error.js';
import { engineRecords } from './index.js';
import { exactParams } from './compare.js';

const NARROW = ['bfloat16', 'float16'];
const functionOf = (p) => JSON.stringify(p && exactParams(p));

/** [{ cause: 'engine', fix: { engine, context }, rule, rules, maxAbsError, badElements }] for target. */
export function engineCauses(pe, t, target, options, check) {
  const causes = [];
  const layerOpts = { layer: target.layer ?? undefined, context: target.context, seqLen: target.seqLen };
  let reference;
  try {
    reference = pe.ropeFromConfig(target.config, { ...layerOpts, engine: 'transformers' });
  } catch (e) {
    if (e instanceof PosencError) return causes;
    throw e;
  }
  for (const e of engineRecords()) {
    if (e.name === 'transformers') continue;
    let params;
    try {
      params = pe.ropeFromConfig(target.config, { ...layerOpts, engine: e.name });
    } catch (err) {
      if (err instanceof PosencError) continue;  // an engine that cannot run the model explains nothing
      throw err;
    }
    if (!params || functionOf(params) === functionOf(reference)) continue;
    // the engine's table (ggml's float32 order included), held as the tensor says (its own dtype), not
    // as the engine's cache
    const dtype = NARROW.includes(t.dtype) ? t.dtype : undefined;
    const r = check(t, { ...target, engine: e.name, params: { ...(target.params ?? {}), dtype } }, { ...options, diagnose: false });
    if (!r.exact) continue;
    const layers = pe.layersFromConfig(target.config, { ...layerOpts, engine: e.name });
    const l = Number.isInteger(target.layer) ? layers[target.layer] : layers.find((x) => (typeof target.layer === 'string' ? x.type === target.layer : x.rope));
    const rules = (l?.engine.rules ?? []).filter((x) => !x.rounding);
    causes.push({ cause: 'engine', fix: { engine: e.name, context: target.context ?? params.maxPositionEmbeddings }, rule: rules[0]?.rule ?? null,
      rules, maxAbsError: r.maxAbsError, badElements: r.badElements });
  }
  return causes;
}
