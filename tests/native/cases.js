// Request builders shared by tests/unit/conformance.test.js (wasm) and tests/native/native.test.js (the same C
// under ASan + UBSan). Everything is derived from the registry (pe.kinds); no kind is named here.
import { mulberry32 } from '../random.js';

export const DEFAULT_CAP = 2 ** 31;  // pe_max_bytes() default (posenc.h)

/** Every parameter of a kind, object fields included: [{ p, path, group }] (group: '' or the object). */
export function allParams(kind) {
  const out = [];
  for (const p of kind.params) {
    out.push({ p, path: p.path, group: '' });
    for (const f of p.fields ?? []) out.push({ p: f, path: f.path, group: p.name });
  }
  return out;
}

const numeric = (p) => p.type === 'int' || p.type === 'float';

/** The kind's top-level parameters that name an axis of its shape ("dim/2" names dim). */
export function axisParams(kind) {
  const names = kind.shape.map((a) => a.match(/^[A-Za-z_]\w*/)?.[0]);
  return kind.params.filter((p) => p.type === 'int' && names.includes(p.name));
}

// Deterministic values in [-1, 1) for input arrays.
function inputArray(n, seed = 1) {
  const r = mulberry32(seed);
  return Float32Array.from({ length: n }, () => 2 * r() - 1);
}

/**
 * The input array of a kind that transforms one (kind.input): its last top-level float[] parameter
 * without a default (a kind's own parameters follow its family's shared ones, where optional arrays
 * such as rope's freqFactors live).
 */
export function inputParam(kind) {
  return kind.input ? kind.params.findLast((p) => p.type === 'float[]' && p.default === null && !p.path.includes('.')) : undefined;
}

/**
 * Complete a request of a kind that transforms an input (kind.input): the input parameter
 * (inputParam) gets an array as long as the product of the axis parameters' values (given, else
 * default). Other kinds are returned unchanged.
 */
export function withInput(kind, params = {}) {
  const p = inputParam(kind);
  if (!p || p.name in params) return params;
  let n = 1;
  for (const a of axisParams(kind)) n *= params[a.name] ?? a.default ?? 1;
  return { ...params, [p.name]: inputArray(n) };
}

/** params with one parameter (a path, "group.field" for object fields) set to value. */
export function set(params, path, value) {
  const [a, b] = path.split('.');
  if (b === undefined) return { ...params, [a]: value };
  return { ...params, [a]: { ...(params[a] ?? {}), [b]: value } };
}

/** Small requests: axis parameters at `size` (those without a default at `other`, so queries ≠ keys). */
export function smallParams(kind, size = 8, other = 4) {  // 8: a multiple of 4, as 2-D dims need
  const params = {};
  for (const p of axisParams(kind)) params[p.name] = Math.max(p.min, Math.min(p.max, p.default === null ? other : size));
  return params;
}

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
/** The next double after x toward +Infinity (dir = 1) or -Infinity (dir = -1). */
export function nextDouble(x, dir) {
  if (x === 0) return dir * 5e-324;
  f64[0] = x;
  u64[0] += (x > 0) === (dir > 0) ? 1n : -1n;
  return f64[0];
}
/** The next float32 after x in direction dir (x rounded to float32 first). */
export function nextFloat32(x, dir) {
  let y = Math.fround(x);
  if ((dir > 0 && y > x) || (dir < 0 && y < x)) return y;
  const f = new Float32Array([y]);
  const u = new Int32Array(f.buffer);
  if (y === 0) return dir * 1.401298464324817e-45;
  u[0] += (y > 0) === (dir > 0) ? 1 : -1;
  return f[0];
}

/** Values just below min and just above max of a numeric or float[] parameter (finite only). */
export function outsideValues(p) {
  if (p.type === 'int') return [p.min - 1, p.max + 1];
  if (p.type === 'float') return [nextDouble(p.min, -1), nextDouble(p.max, 1)];
  if (p.type === 'float[]') return [nextFloat32(p.min, -1), nextFloat32(p.max, 1)].filter(Number.isFinite);
  return [];
}

/**
 * Requests that must fail, each { kind, params, code, param, why }: per parameter, values just
 * outside the range (ERANGE), non-finite and non-integer numbers (EINVAL, checked in C), unknown
 * enum choices, wrong JS types, unknown names (EINVAL, checked by the wrapper: jsOnly).
 */
export function errorCases(kind) {
  const base = withInput(kind, {});
  const cases = [];
  const add = (path, value, code, why, jsOnly = false) =>
    cases.push({ kind: kind.name, params: set(base, path, value), code, param: path, why, jsOnly });
  for (const { p, path } of allParams(kind)) {
    if (numeric(p)) {
      for (const v of outsideValues(p)) add(path, v, 'ERANGE', `just outside [${p.min}, ${p.max}]`);
      for (const v of [NaN, Infinity, -Infinity]) add(path, v, 'EINVAL', 'not finite');
      if (p.type === 'int' && p.min + 0.5 <= p.max) add(path, p.min + 0.5, 'EINVAL', 'not an integer');
      for (const v of ['1', true, {}, [1]]) add(path, v, 'EINVAL', 'wrong type', true);
    } else if (p.type === 'float[]') {
      for (const v of outsideValues(p)) add(path, [v], 'ERANGE', 'element out of range');
      const ok = Math.min(Math.max(1, p.min), p.max);
      for (const v of [NaN, Infinity, -Infinity]) add(path, [ok, v], 'EINVAL', 'element not finite');
      for (const v of ['x', 1, {}, [1, 'a'], true]) add(path, v, 'EINVAL', 'wrong type', true);
    } else if (p.type === 'int[]') {
      const ok = Math.min(Math.max(0, p.min), p.max);
      const arr = (v) => { const a = Array(p.length ?? 2).fill(ok); a[a.length - 1] = v; return a; };
      for (const v of [p.min - 1, p.max + 1]) add(path, arr(v), 'ERANGE', 'element out of range');
      // an Int32Array reaches C as int32 (pe_set_iarray32), where only the range is checked
      for (const v of [p.min - 1, p.max + 1]) if (v === (v | 0)) add(path, Int32Array.from(arr(v)), 'ERANGE', 'int32 element out of range');
      for (const v of [NaN, Infinity, ok + 0.5]) add(path, arr(v), 'EINVAL', 'element not an integer');
      if (p.length !== undefined) add(path, Array(p.length + 1).fill(ok), 'EINVAL', 'wrong length');
      for (const v of ['x', 1, {}, [1, 'a'], true]) add(path, v, 'EINVAL', 'wrong type', true);
    } else if (p.type === 'string') {
      add(path, 'x'.repeat(p.maxLength + 1), 'ERANGE', 'longer than maxLength');
      for (const v of [1, {}, ['x'], true]) add(path, v, 'EINVAL', 'wrong type', true);
    } else if (p.type === 'bool') {
      for (const v of [1, 'true', {}, [true]]) add(path, v, 'EINVAL', 'wrong type', true);
    } else if (p.type === 'enum') {
      for (const v of ['no-such-choice', '', 0, true, {}]) add(path, v, 'EINVAL', 'not a choice', true);
    } else if (p.type === 'object') {
      for (const v of [[], [{}], 1, 'x', true, new Float32Array(1)]) add(path, v, 'EINVAL', 'not an object', true);
      add(`${path}.noSuchField`, 1, 'EINVAL', 'unknown field', true);
    }
  }
  cases.push({ kind: kind.name, params: { ...base, noSuchParam: 1 }, code: 'EINVAL', param: 'noSuchParam',
    why: 'unknown parameter', jsOnly: true });
  return cases;
}

/**
 * Requests for the native run whose outcome (success or not) wasm decides; each { kind, params, cap }.
 * Defaults; every enum choice and bool value; every axis parameter from its minimum up; every numeric
 * parameter at its min and max (axis parameters under a 8 MiB cap so tables stay small; inputs of at
 * most 2^20 elements); maximal sizes under the default cap; the defaults exactly at and one byte
 * over a lowered cap (defaultBytes: the defaults' output size).
 */
export function sweepCases(kind, defaultBytes) {
  const cases = [];
  const add = (params, cap = 8 * 2 ** 20) => {
    if (kind.input && axisParams(kind).reduce((n, p) => n * (params[p.name] ?? p.default ?? 1), 1) > 2 ** 20) return;
    cases.push({ kind: kind.name, params: withInput(kind, params), cap });
  };
  add({}, DEFAULT_CAP);
  if (defaultBytes) {  // an empty default table (mrope-positions) has no cap to be one byte over
    add({}, defaultBytes);
    add({}, defaultBytes - 1);
  }
  const small = smallParams(kind);
  const axes = axisParams(kind);
  const tiny = Object.fromEntries(axes.map((p) => [p.name, Math.max(p.min, 1)]));
  add(small);
  for (const a of axes) for (let v = a.min; v < a.min + 8; v++) add(set(small, a.name, v));
  for (const { p, path } of allParams(kind)) {
    const choices = p.type === 'enum' ? [...p.choices, ...Object.keys(p.choiceAliases ?? {})] : p.type === 'bool' ? [false, true] : [];
    for (const c of choices) {
      add(set(small, path, c));
      for (const a of axes) for (let v = a.min; v < a.min + 8; v++) add(set(set(small, path, c), a.name, v));
    }
    if (p.type === 'int' || p.type === 'float') {
      const isAxis = axes.includes(p);
      for (const v of [p.min, p.max]) add(set(isAxis ? tiny : small, path, v));
      // integers from their minimum up: sizes that no axis names (sincos-2d's height, width)
      if (p.type === 'int' && !isAxis) for (let v = p.min + 1; v < p.min + 4 && v <= p.max; v++) add(set(small, path, v));
    }
    if (p === inputParam(kind)) {
      const x = withInput(kind, small)[p.name];  // the input at its extremes
      add({ ...small, [p.name]: x.map((_, i) => (i % 2 ? p.min : p.max)) });
    } else if (p.type === 'float[]') {
      add(set(small, path, [p.min]));
      add(set(small, path, [p.max, p.min, 1]));
    } else if (p.type === 'int[]') {
      add(set(small, path, Array(p.length ?? 1).fill(p.min)));
      add(set(small, path, Array(p.length ?? 3).fill(0).map((_, i) => [p.max, p.min, 1][i % 3])));
      add(set(small, path, Int32Array.from(Array(p.length ?? 3).fill(0).map((_, i) => [p.max, p.min, 1][i % 3]))));
    }
  }
  let big = {};
  let bytes = 4;
  for (const a of axes) big[a.name] = a.max, bytes *= a.max;
  if (!kind.input && axes.length && bytes > DEFAULT_CAP) add(big, DEFAULT_CAP);
  return cases;
}

/**
 * The request as the C API receives it: [[index, number] | [index, Float32Array]], the way
 * web/posenc.js marshals it (bool 0/1, enum = position in choices then aliases, null = unset).
 */
export function marshal(kind, params) {
  const out = [];
  const one = (p, v) => {
    if (v === undefined || v === null) return;
    if (p.type === 'object') for (const [k, x] of Object.entries(v)) one(p.fields.find((f) => f.name === k), x);
    else if (p.type === 'float[]') out.push([p.index, Float32Array.from(v)]);
    else if (p.type === 'int[]') out.push([p.index, v instanceof Int32Array ? v : Float64Array.from(v)]);
    else if (p.type === 'string') out.push([p.index, new TextEncoder().encode(v)]);
    else if (p.type === 'bool') out.push([p.index, v ? 1 : 0]);
    else if (p.type === 'enum') out.push([p.index, [...p.choices, ...Object.keys(p.choiceAliases ?? {})].indexOf(v)]);
    else out.push([p.index, v]);
  };
  for (const [k, v] of Object.entries(params)) one(kind.params.find((p) => p.name === k), v);
  return out;
}

/**
 * One line of the native driver's case file: `kind cap n (i v | i a len v... | i i len v... | i j len v... | i s len hex)...`
 * (a: float32, i: int[] as doubles, j: int[] as int32).
 */
export function caseLine(kindName, cap, vector) {
  const parts = [kindName, String(cap), String(vector.length)];
  for (const [i, v] of vector) {
    if (typeof v === 'number') parts.push(String(i), 'v', String(v));
    else if (v instanceof Uint8Array) parts.push(String(i), 's', String(v.length), Buffer.from(v).toString('hex') || '-');
    else parts.push(String(i), v instanceof Float64Array ? 'i' : v instanceof Int32Array ? 'j' : 'a', String(v.length), ...Array.from(v, String));
  }
  return parts.join(' ');
}
