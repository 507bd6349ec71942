// compareEngines: each engine's layers against a reference engine's, group by group of identical
// layers. Tables are computed and compared in C (compute, check); `same` is judged on the tables
// formed in double, so float32 evaluation order (ggml) and a cache's dtype are reported apart, as
// `rounding`, never as a difference of function.
import { PosencError, describe } from '../error.js';
import { engineRecords, engineOf } from './index.js';
import { positionsWithEngine } from './apply.js';

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
// the params that change how a table is rounded, not which function it is
const ROUNDING = ['dtype', 'freqDtype'];
/** A rope's params without what only rounds its table (dtype, freqDtype): the function it computes. */
export const exactParams = (p) => Object.fromEntries(Object.entries(p).filter(([k]) => !ROUNDING.includes(k)));
const TOTAL_TOLERANCE = 1e-6;  // relative: logit totals are products of a few factors computed in double

// The largest entry of a Float32Array and its index.
function argmax(a) {
  let best = -Infinity, at = -1;
  for (let i = 0; i < a.length; i++) if (a[i] > best) best = a[i], at = i;
  return { value: best, at };
}

/**
 * b's table against a's, both formed from their params at `positions`, in C (check, no diagnosis):
 * { comparable, exact (within check's float32 bound), maxAbsDiff, at: { position, column } }.
 */
export function tableDiff(pe, a, b, positions) {
  if (JSON.stringify(a) === JSON.stringify(b)) return { comparable: true, exact: true, maxAbsDiff: 0, at: null };
  const shape = pe.shape('rope', { ...a, positions });
  // a copy: check() moves it into the heap, which may grow and detach a view
  const tb = pe.compute('rope', { ...b, positions });
  if (shape.join() !== tb.shape.join()) return { comparable: false, shapes: [shape, tb.shape] };
  const r = pe.check({ shape: tb.shape, data: tb.data, dtype: 'float32' }, { kind: 'rope', params: { ...a } }, { what: 'cos-sin', diagnose: false });
  const row = argmax(r.rowError), col = argmax(r.columnError);
  return { comparable: true, exact: r.exact, maxAbsDiff: r.maxAbsError, at: r.maxAbsError > 0 ? { position: (a.offset ?? 0) + row.at, column: col.at } : null };
}

// What rounding alone changes: rounded − exact in C (pe.difference), its largest magnitude and where.
// No bound to judge here, so no check: one difference of two tables.
function roundingOf(pe, tables, exact, rounded, positions) {
  const table = (p) => {
    const key = JSON.stringify(p);
    if (!tables.has(key)) tables.set(key, pe.computeView('rope', { ...p, positions }));
    return tables.get(key);
  };
  const a = table(exact), b = table(rounded);
  const d = pe.difference(b, a);
  try {
    const v = d.data;
    const m = { value: 0, at: -1 };
    for (let i = 0; i < v.length; i++) {
      const x = v[i] < 0 ? -v[i] : v[i];
      if (x > m.value) m.value = x, m.at = i;
    }
    const [, rows, width] = a.shape;
    const cell = m.at % (rows * width);
    return { maxAbsDiff: m.value, at: m.value > 0 ? { position: (exact.offset ?? 0) + Math.floor(cell / width), column: cell % width } : null };
  } finally {
    d.free();
  }
}

/**
 * config → { reference, engines, positions, rows: [{ engine, layers, layerType, same, maxAbsDiff, at,
 * logitScaleRatio, rules, rounding }] }: one row per engine (other than the reference) and group of layers
 * that both engines compute alike.
 */
export function compareEngines(pe, config, options = {}) {
  if (!isObject(options)) throw new PosencError(`posenc compareEngines: options = ${describe(options)} is not an object`, 'EINVAL', 'options');
  const reference = options.reference ?? 'transformers';
  engineOf(reference);
  const names = options.engines ?? engineRecords().map((e) => e.name);
  if (!Array.isArray(names) || names.length === 0) throw new PosencError('posenc compareEngines: engines is not a non-empty list of engine names', 'EINVAL', 'engines');
  for (const n of names) engineOf(n);
  const positions = options.positions ?? 4096;
  if (!Number.isInteger(positions) || positions < 1 || positions > 1 << 20) {
    throw new PosencError(`posenc compareEngines: positions = ${describe(positions)} is not an integer in [1, 1048576]`, typeof positions === 'number' ? 'ERANGE' : 'EINVAL', 'positions');
  }
  const common = { context: options.context, seqLen: options.seqLen, assume: options.assume };
  const ref = positionsWithEngine(pe, config, { ...common, engine: reference });
  const diffs = new Map();  // one table comparison per pair of params
  const tables = new Map();  // the tables the rounding differences take, computed once each
  const rows = [];
  try {
  for (const name of names) {
    if (name === reference) continue;
    let mine;
    try {
      mine = positionsWithEngine(pe, config, { ...common, engine: name });
    } catch (e) {
      if (!(e instanceof PosencError) || e.param !== 'engine') throw e;
      rows.push(Object.freeze({ engine: name, layers: ref.layers.map((l) => l.index), layerType: null, same: false, runs: false,
        error: e.message, maxAbsDiff: null, at: null, logitScaleRatio: null, rules: [] }));
      continue;
    }
    const groups = new Map();
    ref.layers.forEach((l, i) => {
      const m = mine.layers[i];
      const key = JSON.stringify([l.type, l.rope, l.logitScale.total, m.rope, m.logitScale.total, m.engine.rules.map((r) => r.rule)]);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { layers: [], a: l, b: m }));
      g.layers.push(l.index);
    });
    for (const { layers, a, b } of groups.values()) {
      const ratio = b.logitScale.total / a.logitScale.total;
      const totalsSame = Math.abs(ratio - 1) <= TOTAL_TOLERANCE;
      let same, maxAbsDiff = 0, at = null, rounding;
      if (!a.rope || !b.rope) {
        same = !a.rope && !b.rope && totalsSame;
        maxAbsDiff = a.rope || b.rope ? null : 0;
      } else {
        const pa = exactParams(a.rope), pb = exactParams(b.rope);
        const key = JSON.stringify([pa, pb]);
        let d = diffs.get(key);
        if (!d) diffs.set(key, (d = tableDiff(pe, pa, pb, positions)));
        same = d.comparable && d.exact && totalsSame;
        maxAbsDiff = d.comparable ? d.maxAbsDiff : null;
        at = d.comparable ? d.at : null;
        if (ROUNDING.some((k) => b.rope[k] !== undefined)) {
          const key2 = JSON.stringify([pb, b.rope]);
          let r = diffs.get(key2);
          if (!r) diffs.set(key2, (r = roundingOf(pe, tables, pb, b.rope, positions)));
          rounding = Object.freeze({ maxAbsDiff: r.maxAbsDiff, at: r.at, params: Object.fromEntries(ROUNDING.filter((k) => b.rope[k] !== undefined).map((k) => [k, b.rope[k]])) });
        }
      }
      rows.push(Object.freeze({
        engine: name, layers: Object.freeze(layers), layerType: a.type, same, runs: true, maxAbsDiff, at,
        logitScaleRatio: ratio, logitScale: Object.freeze({ reference: a.logitScale, engine: b.logitScale }),
        rules: b.engine.rules.filter((r) => !r.rounding), ...(rounding ? { rounding } : {}),
      }));
    }
  }
  } finally {
    for (const t of tables.values()) t.free();
  }
  return Object.freeze({ reference, positions, context: options.context ?? null, seqLen: options.seqLen ?? null, rows: Object.freeze(rows) });
}
