// The engine profiles: one record per inference engine (records/*.js), each a list of rules that say
// where that engine's tables differ from transformers' for the same config.json, every rule citing
// the engine's file and commit. ./apply.js reads a config with a profile; nothing here computes.
import { PosencError } from '../error.js';
import transformers from './records/transformers.js';
import vllm from './records/vllm.js';
import sglang from './records/sglang.js';
import llamaCpp from './records/llama-cpp.js';
import mlxLm from './records/mlx-lm.js';
import tensorrtLlm from './records/tensorrt-llm.js';
import runs from './runs.js';

/** What each rule's `do` may hold: ./apply.js has one action per name. */
export const ACTIONS = Object.freeze(['longrope', 'dynamic', 'drop', 'set', 'copy', 'mscaleCoefficient', 'softmax',
  'positionModulo', 'queryScale', 'dtype', 'freqDtype', 'ropeType', 'llama3Original', 'params', 'ntkAlpha', 'refuse']);
/** What each rule's `when` may test. */
export const CONDITIONS = Object.freeze(['ropeType', 'ropeTypeWas', 'softmaxScale', 'dca', 'queryScale', 'alpha', 'mrope',
  'family', 'layerType', 'flagOn']);

const deepFreeze = (o) => {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
};

let built = null;
function tables() {
  if (built) return built;
  const list = [transformers, vllm, sglang, llamaCpp, mlxLm, tensorrtLlm].map((f) => deepFreeze(f()));
  for (const e of list) {
    for (const r of e.rules) {
      for (const k of Object.keys(r.do)) if (!ACTIONS.includes(k)) throw new Error(`posenc engines: ${e.name} ${r.rule} has action ${k}`);
      for (const k of Object.keys(r.when)) if (!CONDITIONS.includes(k)) throw new Error(`posenc engines: ${e.name} ${r.rule} tests ${k}`);
      if (!/@[0-9a-f]{40}\b/.test(r.source)) throw new Error(`posenc engines: ${e.name} ${r.rule} cites no commit`);
    }
  }
  const lists = runs();
  const byRuns = new Map(Object.entries(lists).map(([k, v]) => [k, Object.freeze({ ...v, set: new Set(v.names) })]));
  return (built = { list, byName: new Map(list.map((e) => [e.name, e])), byRuns });
}

/** Every engine profile, frozen: [{ name, repo, version, reads, notes, aliases, rules }]. */
export const engineRecords = () => tables().list;

/** What the engine's registry runs: { keyedBy, names, set, source, fallback, retired }, or undefined. */
export const engineRuns = (name) => tables().byRuns.get(name);

/** The engine named `name`, or EINVAL naming `engine` and listing the known ones. */
export function engineOf(name) {
  const e = tables().byName.get(name);
  if (e) return e;
  const shown = typeof name === 'string' ? JSON.stringify(name) : String(name);
  throw new PosencError(`posenc: engine = ${shown} is not an engine posenc knows (engines: ${[...tables().byName.keys()].join(', ')})`,
    'EINVAL', 'engine');
}
