// Checking a user's tensor against what posenc computes (pe.check): the reading of its layout, the
// reference, and the diagnosis, which tries each cause's fix and ranks the fixes by the error they
// remove. Every table, comparison and estimate is computed in C (c/check.c, the kinds); this module
// only decides which to compute.
import { PosencError, describe } from './error.js';
import { TENSOR_DTYPES } from './tensor.js';

const WHATS = ['cos', 'sin', 'cos-sin', 'sin-cos', 'inv_freq', 'rotated'];
const SAMPLE_ROWS = 512;          // rows the diagnosis recomputes per hypothesis
const FIT_ROWS = 4096;            // consecutive rows a frequency is fitted over
const EXPLAINS = 0.5;             // a fix must remove at least half of the error to be a diagnosis
const FULL_DIAGNOSES = 3;         // fixes whose error is then measured over the whole table
const NARROW = ['bfloat16', 'float16'];  // an engine's cache dtypes: one ulp of them is allowed at each value
const DTYPES = ['float32', ...NARROW];
const BASES = [1e4, 5e5, 1e6, 1e5, 5e4, 1.5e5, 1.6e5, 2e5, 2.5e5, 1e7, 5e6, 2e6, 8e6, 7.5e4, 3e6, 1e8];

// The base or factor a model's config would give: a whole number within 1%, else 3 significant digits.
const nice = (v) => {
  if (!(v > 0) || !Number.isFinite(v)) return NaN;
  if (v >= 1 && Math.abs(Math.round(v) - v) < 0.01 * v && Math.round(v) <= 100) return Math.round(v);
  const e = 10 ** (Math.floor(Math.log10(v)) - 2);
  return Number((Math.round(v / e) * e).toPrecision(3));
};

class Scratch {  // heap blocks of one check, freed together
  constructor(x) { this.x = x; this.ptrs = []; }
  alloc(bytes, what) {
    const p = this.x.pe_js_malloc(Math.max(bytes, 8));
    if (!p) throw new PosencError(`posenc check: ${what} (${bytes} bytes) does not fit in memory`, 'ENOMEM', what);
    this.ptrs.push(p);
    return p;
  }
  put(Type, values, what) {
    const p = this.alloc(values.length * Type.BYTES_PER_ELEMENT, what);
    new Type(this.x.memory.buffer, p, values.length).set(values);
    return p;
  }
  free() { for (const p of this.ptrs) this.x.pe_js_free(p); this.ptrs = []; }
}

export function check(pe, heap, t, target, options = {}) {
  const x = heap.x;
  if (t === null || typeof t !== 'object' || !Array.isArray(t.shape) || !(t.data instanceof Float32Array)) {
    throw new PosencError(`posenc check: tensor = ${describe(t)} is not { shape, data: Float32Array } (pe.readTensor gives one)`, 'EINVAL', 'tensor');
  }
  if (t.shape.reduce((a, b) => a * b, 1) !== t.data.length) {
    throw new PosencError(`posenc check: tensor.shape [${t.shape}] does not hold tensor.data's ${t.data.length} values`, 'EINVAL', 'shape');
  }
  if (options === null || typeof options !== 'object') throw new PosencError('posenc check: options is not an object', 'EINVAL', 'options');
  const { what, tolerance, input, diagnose = true } = options;
  if (what !== undefined && !WHATS.includes(what)) {
    throw new PosencError(`posenc check: what = ${describe(what)} is not one of ${WHATS.map((w) => JSON.stringify(w)).join(', ')}`, 'EINVAL', 'what');
  }
  if (tolerance !== undefined && !(typeof tolerance === 'number' && tolerance >= 0)) {
    throw new PosencError(`posenc check: tolerance = ${describe(tolerance)} is not a number >= 0`, 'EINVAL', 'tolerance');
  }
  const { kind, params, dtype } = resolveTarget(pe, target, t);
  const s = new Scratch(x);
  try {
    const got = s.put(Float32Array, t.data, 'tensor');
    // the narrow dtypes the table is held in: its own (a BF16/F16 file) and, for other kinds, the target's
    const held = [t.dtype, dtype].filter((d) => NARROW.includes(d));
    const ctx = { pe, heap, x, s, t, got, tol: tolerance ?? NaN, input, held, diagnose };
    if (kind !== 'rope') return checkOther(ctx, kind, params);
    return checkRope(ctx, params, what);
  } finally {
    s.free();
  }
}

// The target's kind and params; its dtype and freqDtype (the table's and inv_freq's dtypes in the
// engine) join a RoPE's params. A RoPE table whose file says bfloat16 or float16 is compared with the
// reference rounded to that dtype unless the target names one.
function resolveTarget(pe, target, t) {
  const { kind, params } = targetParams(pe, target);
  const { dtype, freqDtype } = target;
  if (dtype !== undefined && !DTYPES.includes(dtype)) {
    throw new PosencError(`posenc check: target.dtype = ${describe(dtype)} is not one of ${DTYPES.map((d) => JSON.stringify(d)).join(', ')}`, 'EINVAL', 'dtype');
  }
  if (kind !== 'rope') {
    if (freqDtype !== undefined) throw new PosencError(`posenc check: target.freqDtype applies to RoPE, not to ${kind}`, 'EINVAL', 'freqDtype');
    return { kind, params, dtype };
  }
  if (dtype !== undefined) params.dtype = dtype;
  if (freqDtype !== undefined) params.freqDtype = freqDtype;
  if (params.dtype === undefined && NARROW.includes(t.dtype)) params.dtype = t.dtype;
  return { kind, params };
}

function targetParams(pe, target) {
  if (target === null || typeof target !== 'object') {
    throw new PosencError(`posenc check: target = ${describe(target)} is neither { config, layer } nor { kind, params }`, 'EINVAL', 'target');
  }
  if (target.config !== undefined) {
    // the layer's own scheme, whatever it is (RoPE, ALiBi, T5 buckets …), as positionsFromConfig reads it
    const { layer, engine, context, seqLen } = target;
    const run = { engine, context, seqLen };  // the engine whose table is the reference (transformers by default)
    if (layer === undefined || layer === null) {
      const rope = pe.ropeFromConfig(target.config, run);
      if (!rope) throw new PosencError('posenc check: no layer of this config uses RoPE; name one with { layer }', 'EINVAL', 'layer');
      return { kind: 'rope', params: { ...rope, ...(target.params ?? {}) } };
    }
    const layers = pe.layersFromConfig(target.config, run);
    const l = Number.isInteger(layer) ? layers[layer] : layers.find((x) => x.type === layer);
    if (!l) throw new PosencError(`posenc check: layer = ${describe(layer)} is not a layer index or type of this config (0 .. ${layers.length - 1})`, 'EINVAL', 'layer');
    if (!l.positions?.params) {
      throw new PosencError(`posenc check: layer ${l.index} (${l.type}) adds no positions posenc computes`, 'EINVAL', 'layer');
    }
    return { kind: l.positions.kind, params: { ...l.positions.params, ...(target.params ?? {}) } };
  }
  if (typeof target.kind !== 'string') throw new PosencError('posenc check: target has neither config nor kind', 'EINVAL', 'target');
  const kind = ['rope-frequencies', 'rope-apply', 'rope-columns'].includes(target.kind) ? 'rope' : target.kind;
  const params = { ...(target.params ?? {}) };
  delete params.x;
  if (kind === 'rope') delete params.positions;
  return { kind, params };
}

const squeeze = (shape) => {
  const s = shape.filter((d) => d !== 1);
  return s.length ? s : [1];
};

// One comparison in C; returns the statistics, and column/row maxima when asked for.
function compare(ctx, c) {
  const { x, s } = ctx;
  const d = s.put(Float64Array, [c.n, c.w, c.gotOff, c.gotRs, c.gotCs, c.wantOff, c.wantRs, c.wantCs, c.scale, ctx.tol,
    c.identity ?? 0, c.accumulate ? 1 : 0, c.tolRel ?? 0, c.ulp ? TENSOR_DTYPES.indexOf(c.ulp) : -1], 'compare');
  const ptr = (v, Type) => (v ? (v.ptr ??= s.put(Type, v.values, 'compare')) : 0);
  x.pe_js_compare(c.gotPtr ?? ctx.got, c.want, d, ptr(c.colmap, Int32Array), ptr(c.rows, Int32Array), ptr(c.rowpos, Float64Array),
    ptr(c.rowscale, Float32Array), ptr(c.coltheta, Float32Array), c.colerr ?? 0, c.rowerr ?? 0);
  const st = [];
  for (let i = 0; i < 10; i++) st.push(x.pe_js_compare_stat(i));
  return { maxAbs: st[0], maxRel: st[1], sum: st[2], bad: st[3], firstRow: st[4], firstCol: st[5], got: st[6], want: st[7], tolMax: st[8], count: st[9] };
}

// The narrow dtype whose ulp a comparison allows: the coarser of the table's own and those the
// reference is rounded to (a RoPE table's dtype; dtype or freqDtype of inverse frequencies).
function ulpOf(held, ...rounded) {
  const all = [...held, ...rounded];
  return all.includes('bfloat16') ? 'bfloat16' : all.includes('float16') ? 'float16' : null;
}

function result(ctx, stats, colerr, rowerr, w, n, diagnosis, extra) {
  const { x } = ctx;
  const exact = stats.bad === 0 && !extra.mismatch;
  return {
    exact,
    tolerance: stats.tolMax,
    maxAbsError: stats.maxAbs,
    maxRelError: stats.maxRel,
    badElements: stats.bad,
    firstBad: stats.bad ? { row: stats.firstRow, column: stats.firstCol, got: stats.got, want: stats.want } : null,
    columnError: new Float32Array(x.memory.buffer, colerr, w).slice(),
    rowError: new Float32Array(x.memory.buffer, rowerr, n).slice(),
    diagnosis: exact ? [] : diagnosis,
    what: extra.what,
    params: extra.params,
  };
}

function checkOther(ctx, kind, params) {
  const { pe, s, t } = ctx;
  const ref = pe.computeView(kind, params);
  try {
    const a = squeeze(t.shape), b = squeeze(ref.shape);
    if (a.join() !== b.join()) {
      throw new PosencError(`posenc check: tensor.shape [${t.shape}] is not ${kind}'s [${ref.shape}]`, 'EINVAL', 'shape');
    }
    const w = a[a.length - 1], n = t.data.length / Math.max(w, 1);
    const r = pe.range(ref);
    let want = ref.byteOffset;
    if (ref.dtype === 'int32') {  // buckets and indices: as float32, converted in C
      want = s.alloc(ref.data.length * 4, 'reference');
      ctx.heap.check(ctx.x.pe_js_tensor_convert(ref.byteOffset, ref.data.length * 4, 5, ref.data.length, want), 'check');
    }
    const colerr = s.alloc(w * 4, 'columnError'), rowerr = s.alloc(n * 4, 'rowError');
    const stats = compare(ctx, { n, w, gotOff: 0, gotRs: w, gotCs: 1, want, wantOff: 0, wantRs: w, wantCs: 1,
      scale: Math.max(Math.abs(r.min), Math.abs(r.max)) || 1, colerr, rowerr, ulp: ulpOf(ctx.held) });
    return result(ctx, stats, colerr, rowerr, w, n, [], { what: kind, params });
  } finally {
    ref.free();
  }
}

// ---- RoPE ----

// The user's planes: element (plane, row, column) at off[plane] + row rs + column cs.
function layoutOf(shape, what, input) {
  const sq = squeeze(shape);
  const fail = (m) => { throw new PosencError(`posenc check: tensor.shape [${shape}] ${m}`, 'EINVAL', 'shape'); };
  if (what === undefined) {
    if (input !== undefined) what = 'rotated';
    else if (sq.length === 1) what = 'inv_freq';
    else if (sq.length === 3 && sq.includes(2)) what = 'cos-sin';
    else if (sq.length === 2) what = 'cos?';
    else fail('is not a RoPE table: [positions, width], [2, positions, width] (cos and sin), [r/2] (inv_freq)');
  }
  if (what === 'inv_freq') {
    if (sq.length !== 1) fail('is not one row of inverse frequencies');
    return { what, n: 1, w: sq[0], planes: [0], rs: 0, cs: 1 };
  }
  if (what === 'rotated') {
    if (sq.length < 2) fail('is not [positions, dim] (the rotated vectors)');
    const w = sq[sq.length - 1];
    return { what, n: sq.slice(0, -1).reduce((a, b) => a * b, 1), w, planes: [0], rs: w, cs: 1 };
  }
  if (what === 'cos-sin' || what === 'sin-cos') {
    if (sq.length !== 3 || !sq.includes(2)) fail('has no axis of 2 (cos and sin)');
    const axis = sq.indexOf(2);
    const [n, w] = sq.filter((_, a) => a !== axis);
    const lay = axis === 0 ? { plane: n * w, rs: w, cs: 1 } : axis === 1 ? { plane: w, rs: 2 * w, cs: 1 } : { plane: 1, rs: 2 * w, cs: 2 };
    const planes = what === 'cos-sin' ? [0, lay.plane] : [lay.plane, 0];
    return { what, n, w, planes, rs: lay.rs, cs: lay.cs, plane: lay.plane };
  }
  if (sq.length !== 2) fail(`is not [positions, width] (what: ${what})`);
  return { what, n: sq[0], w: sq[1], planes: [0], rs: sq[1], cs: 1 };
}

function checkRope(ctx, params, what) {
  const { pe, s, t } = ctx;
  const L = layoutOf(t.shape, what, ctx.input);
  const cols = pe.compute('rope-columns', params);
  const dim = params.dim ?? pe.kinds.find((k) => k.name === 'rope').params.find((p) => p.name === 'dim').default;
  const r = cols.info.rotary, h = r / 2, af = cols.info.attentionFactor;
  ctx.base = { params, r, h, af, dim, cols: cols.data };
  if (L.what === 'inv_freq') return checkFreqs(ctx, L);
  if (L.what === 'rotated') return checkRotated(ctx, L);
  const colerr = s.alloc(L.w * 4, 'columnError'), rowerr = s.alloc(L.n * 4, 'rowError');
  const view = primaryView(ctx, L, params);
  if (L.what === 'cos?') {  // a [positions, width] table: cos or sin, whichever it is closer to
    const tryWhat = (w) => scoreTable(ctx, { ...L, what: w }, params, view, null, null).sum;
    L.what = tryWhat('cos') <= tryWhat('sin') ? 'cos' : 'sin';
  }
  const stats = scoreTable(ctx, L, params, view, colerr, rowerr);
  const mismatch = view.mismatch;
  let diagnosis = [];
  if ((stats.bad > 0 || mismatch) && ctx.diagnose) diagnosis = diagnoseTable(ctx, L, params, stats, view);
  return result(ctx, stats, colerr, rowerr, L.w, L.n, diagnosis, { what: L.what, params, mismatch });
}

// How the user's columns read the reference's: its own width r, the whole head (the rest
// unrotated), or r/2 (one half of a neox table: the frequencies once).
function columnMap(ctx, w, layout) {
  const { r, h, dim } = ctx.base;
  if (w === r) return { colmap: null, mismatch: null };
  if (w === dim) return { colmap: { values: Int32Array.from({ length: w }, (_, c) => (c < r ? c : -1)) }, mismatch: null };
  if (w === h) return { colmap: { values: Int32Array.from({ length: w }, (_, c) => (layout === 'gptj' ? 2 * c : c)) }, mismatch: 'half-width' };
  throw new PosencError(`posenc check: the tensor's shape has ${w} columns; this RoPE's table has ${r} (rotary dims), ${dim} (the head) or ${h} (r/2)`, 'EINVAL', 'shape');
}

// The per-column frequencies (for the bound) of the user's columns under a column map.
function thetaOf(ctx, colmap, w) {
  const cols = ctx.base.cols;
  return { values: Float32Array.from({ length: w }, (_, c) => {
    const rc = colmap ? colmap.values[c] : c;
    return rc >= 0 ? cols[rc * 4 + 2] : 0;
  }) };
}

function primaryView(ctx, L, params) {
  const layout = params.layout ?? 'neox';
  const { colmap, mismatch } = columnMap(ctx, L.w, layout);
  return { colmap, mismatch, coltheta: thetaOf(ctx, colmap, L.w) };
}

// The user's table against the rope table of params (all rows, or the rows `rows` of the user's at
// the positions of `rowpos`): the statistics over every plane.
function scoreTable(ctx, L, params, view, colerr, rowerr, sample) {
  const { pe } = ctx;
  const rows = sample?.rows ?? null;
  const n = rows ? rows.values.length : L.n;
  const rp = params.offset ?? 0, st = params.step ?? 1;
  // each row's position under these params: the reference's rows and the bound's p
  const rowpos = { values: Float64Array.from(rows ? rows.values : { length: n }, (i, j) => rp + (rows ? i : j) * st) };
  const req = sample ? { ...params, offset: 0, step: 1, positionIds: Int32Array.from(rowpos.values) }
    : { ...params, positions: L.n };
  const ref = pe.computeView('rope', req);
  try {
    const r = ref.shape[2];
    const colmap = view.colmap;
    if (colmap && colmap.values.some((c) => c >= r)) return { sum: Infinity, bad: Infinity, maxAbs: Infinity };
    if (!colmap && L.w !== r) return { sum: Infinity, bad: Infinity, maxAbs: Infinity };
    const want = ref.byteOffset;
    const planes = L.what === 'cos-sin' || L.what === 'sin-cos' ? [0, 1] : [L.what === 'sin' ? 1 : 0];
    let stats;
    planes.forEach((plane, i) => {
      stats = compare(ctx, { n, w: L.w, gotOff: L.planes[i], gotRs: L.rs, gotCs: L.cs, want, wantOff: plane * n * r, wantRs: r, wantCs: 1,
        colmap, rows, rowpos, coltheta: view.coltheta, scale: view.scale ?? (ctx.base.af || 1),
        identity: plane === 0 ? 1 : 0, accumulate: i > 0, colerr, rowerr, gotPtr: view.gotPtr, ulp: ulpOf(ctx.held, params.dtype) });
    });
    return stats;
  } finally {
    ref.free();
  }
}

// Rows spread over the table (the first ones, consecutive, included): where each hypothesis is tried.
function sampleOf(L) {
  const n = L.n, m = Math.min(n, SAMPLE_ROWS);
  const set = new Set();
  for (let i = 0; i < Math.min(n, 16); i++) set.add(i);
  for (let i = 0; set.size < m && i < m; i++) set.add(Math.round((i * (n - 1)) / Math.max(m - 1, 1)));
  return { rows: { values: Int32Array.from([...set].sort((a, b) => a - b)) } };
}

// ---- the causes: each gives hypotheses { cause, fix, params, view? } from what it can estimate ----

function estimates(ctx, L, params) {
  const { x, got } = ctx;
  const { h } = ctx.base;
  const layout = params.layout ?? 'neox';
  const step = params.step ?? 1;
  const col = (k) => (L.w === h ? k : layout === 'gptj' ? 2 * k : k);
  const hasSin = L.planes.length === 2;
  const cosOff = L.planes[0], sinOff = hasSin ? L.planes[1] : -1;
  // column k's angle per row, fitted over rows s apart: s turns the target's frequency into ~0.3 rad,
  // where the fit is well conditioned in float32 and a frequency 10 times off does not alias
  const fit = (k) => {
    const c = col(k);
    if (c >= L.w || L.n < 3) return NaN;
    const want = ctx.base.cols[(layout === 'gptj' ? 2 * k : k) * 4 + 2];
    const s = Math.max(1, Math.min(Math.floor(0.3 / (want * step)) || 1, Math.floor((L.n - 1) / 2)));
    const m = Math.min(Math.floor((L.n - 1) / s) + 1, FIT_ROWS);
    const at = (off) => got + 4 * (off + c * L.cs);
    const th = hasSin ? x.pe_js_fit_slope(at(cosOff), at(sinOff), m, L.rs * s) : x.pe_js_fit_theta(at(cosOff), m, L.rs * s);
    return Math.abs(th) / (s * step);
  };
  const phase0 = (k) => {
    if (!hasSin) return NaN;
    const c = col(k), mem = new Float32Array(x.memory.buffer);
    return x.pe_js_phase(mem[(got >> 2) + cosOff + c * L.cs], mem[(got >> 2) + sinOff + c * L.cs]);
  };
  return { fit, phase0, hasSin };
}

const CAUSES = {
  layout: (ctx, params) => [{ fix: { layout: (params.layout ?? 'neox') === 'neox' ? 'gptj' : 'neox' } }],
  'rotary-part': (ctx, params, L) => {
    const { r, dim } = ctx.base;
    const out = [];
    if (r < dim && L.w === dim) {
      out.push({ fix: { partialRotaryFactor: 1 } });
      const half = dim / 2, h = r / 2;
      out.push({ fix: { pairing: 'whole-head' }, colmap: Int32Array.from({ length: dim }, (_, c) =>
        (c < h ? c : c >= half && c < half + h ? c - half + h : -1)) });
      out.push({ fix: { rotaryDims: 'last' }, colmap: Int32Array.from({ length: dim }, (_, c) => (c >= dim - r ? c - (dim - r) : -1)) });
    }
    return out;
  },
  base: (ctx, params, L, est) => {
    const { r } = ctx.base;
    const th = est.fit(1);
    const current = params.base ?? 10000;
    const out = new Set();
    if (th > 0 && th < Math.PI) {
      const b = th ** (-r / 2);
      if (Number.isFinite(b)) {
        out.add(nice(b));
        const near = BASES.reduce((a, c) => (Math.abs(Math.log(c / b)) < Math.abs(Math.log(a / b)) ? c : a));
        if (Math.abs(Math.log(near / b)) < 0.05) out.add(near);
      }
    }
    for (const b of [1e4, 5e5, 1e6]) out.add(b);
    return [...out].filter((b) => b >= 1 && b <= 1e12 && b !== current).map((base) => ({ fix: { base } }));
  },
  scaling: (ctx, params, L, est) => {
    const rs = params.ropeScaling;
    const type = rs?.rope_type ?? rs?.type ?? 'default';
    const out = [];
    if (type !== 'default' && type !== 'mrope') out.push({ fix: { ropeScaling: null } });
    const { h, cols } = ctx.base;
    const k = Math.max(0, h - 2);
    const th = est.fit(k), want = cols[(ctx.base.params.layout === 'gptj' ? 2 * k : k) * 4 + 2];
    const f = nice(want / th);
    if (type === 'default' && f > 1.2 && f < 1e3) {
      out.push({ fix: { ropeScaling: { rope_type: 'linear', factor: f } } });
      // Llama 3.1's band edges over the context the slowest columns were interpolated from
      out.push({ fix: { ropeScaling: { rope_type: 'llama3', factor: f, low_freq_factor: 1, high_freq_factor: 4,
        original_max_position_embeddings: 8192 } } });
    }
    if (type !== 'default' && rs?.factor && type !== 'linear') out.push({ fix: { ropeScaling: { rope_type: 'linear', factor: rs.factor } } });
    return out;
  },
  'attention-factor': (ctx, params) => {
    const { af } = ctx.base;
    if (!(af !== 1 && af > 0)) return [];
    const rs = params.ropeScaling ?? {};
    return [{ fix: { ropeScaling: { ...rs, attention_factor: 1 } }, note: 'not applied' },
      { fix: { ropeScaling: { ...rs, attention_factor: af * af } }, note: 'applied twice' }];
  },
  offset: (ctx, params, L, est) => {
    const { cols, h } = ctx.base;
    const current = params.offset ?? 0;
    const out = new Set([current + 1, current - 1]);
    const k = h - 1, th = cols[(params.layout === 'gptj' ? 2 * k : k) * 4 + 2];
    const ph = est.phase0(k);
    if (th > 0 && Number.isFinite(ph)) {
      const p0 = Math.round(ph / th);
      if (Math.abs(p0) < 2 ** 30) out.add(p0);
    }
    out.delete(current);
    return [...out].map((offset) => ({ fix: { offset } }));
  },
  // a table rounded to dtype: from float32 angles (HF's pipeline) or from posenc's double ones
  precision: (ctx, params) => ['bfloat16', 'float16'].flatMap((dt) => [{ fix: { dtype: dt, freqDtype: 'float32' } }, { fix: { dtype: dt } },
    { fix: { freqDtype: dt } }])
    .filter((hyp) => Object.entries(hyp.fix).every(([key, v]) => params[key] !== v)),
  'half-width': (ctx, params, L) => (L.what === 'cos-sin' || L.what === 'sin-cos'
    ? [{ fix: { what: L.what === 'cos-sin' ? 'sin-cos' : 'cos-sin' }, what: L.what === 'cos-sin' ? 'sin-cos' : 'cos-sin' }]
    : L.what === 'cos' || L.what === 'sin' ? [{ fix: { what: L.what === 'cos' ? 'sin' : 'cos' }, what: L.what === 'cos' ? 'sin' : 'cos' }] : []),
};

function mergeFix(params, fix) {
  const out = { ...params };
  for (const [key, v] of Object.entries(fix)) {
    if (key === 'pairing' || key === 'rotaryDims' || key === 'what') continue;
    if (v === null) delete out[key];
    else out[key] = v;
  }
  return out;
}

// Every cause's fixes from params, each scored on the sampled rows.
function tryCauses(ctx, L, params, view, sample, est, skip) {
  const tried = [];
  for (const [cause, make] of Object.entries(CAUSES)) {
    if (skip.has(cause)) continue;
    for (const hyp of make(ctx, params, L, est)) {
      const p = mergeFix(params, hyp.fix);
      let v = view;
      // cos and sin swapped: the user's planes read the other way round
      const L2 = hyp.what ? { ...L, what: hyp.what, planes: L.planes.length === 2 ? [...L.planes].reverse() : L.planes } : L;
      if (hyp.colmap) v = { ...view, colmap: { values: hyp.colmap }, coltheta: thetaOf(ctx, { values: hyp.colmap }, L.w), mismatch: null };
      let score;
      try {
        if (!hyp.colmap) {  // the bound follows the hypothesis' frequencies and attention factor
          const cols = ctx.pe.compute('rope-columns', p);
          const sub = { ...ctx, base: { ...ctx.base, r: cols.info.rotary, h: cols.info.rotary / 2, cols: cols.data } };
          const cm = columnMap(sub, L.w, p.layout ?? 'neox');
          v = { ...view, colmap: cm.colmap, coltheta: thetaOf(sub, cm.colmap, L.w), scale: cols.info.attentionFactor };
        }
        score = scoreTable(ctx, L2, p, v, 0, 0, sample);
      } catch (e) {
        if (e instanceof PosencError) continue;  // a fix these params refuse explains nothing
        throw e;
      }
      tried.push({ cause, fix: hyp.fix, note: hyp.note, score, params: p, view: v, L: L2 });
    }
  }
  return tried;
}

function diagnoseTable(ctx, L, params, stats, view) {
  const sample = sampleOf(L);
  const base = scoreTable(ctx, L, params, view, 0, 0, sample);
  const est = estimates(ctx, L, params);
  const tried = [];
  if (view.mismatch === 'half-width') tried.push({ cause: 'half-width', fix: { halfWidth: true }, score: base, full: stats });
  tried.push(...tryCauses(ctx, L, params, view, sample, est, new Set()));
  const byError = (a, b) => Boolean(b.full) - Boolean(a.full) || a.score.sum - b.score.sum;
  // the shape's own finding (r/2 columns) first, then the fixes by the error left
  const good = tried.filter((d) => d.full || d.score.sum <= EXPLAINS * base.sum).sort(byError);
  // Two mistakes at once (a shifted bf16 table): from the best fix, the fix that halves what is left
  const best = good.find((d) => !d.full);
  if (best && best.score.bad > 0) {
    const second = tryCauses(ctx, best.L, best.params, best.view, sample, estimates(ctx, best.L, best.params), new Set([best.cause, 'half-width']))
      .filter((d) => d.score.sum <= EXPLAINS * best.score.sum).sort(byError)[0];
    if (second) {
      good.splice(good.indexOf(best), 0, { ...second, cause: best.cause, causes: [best.cause, second.cause],
        fix: { ...best.fix, ...second.fix }, note: [best.note, second.note].filter(Boolean).join('; ') || undefined });
    }
  }
  return good.slice(0, FULL_DIAGNOSES).map((d) => {
    const full = d.full ?? scoreTable(ctx, d.L, d.params, d.view, 0, 0);
    const out = { cause: d.cause, fix: d.fix, maxAbsError: full.maxAbs, badElements: full.bad, tolerance: full.tolMax };
    if (d.causes) out.causes = d.causes;
    if (d.note) out.note = d.note;
    return out;
  });
}

// ---- inverse frequencies ----

function checkFreqs(ctx, L) {
  const { pe, s } = ctx;
  const { params, h, dim } = ctx.base;
  const colerr = s.alloc(L.w * 4, 'columnError'), rowerr = s.alloc(4, 'rowError');
  const score = (p, cerr, rerr) => {
    const ref = pe.computeView('rope-frequencies', p);
    try {
      if (ref.data.length !== L.w) return { sum: Infinity, maxAbs: Infinity, bad: Infinity };
      // relative bounds: float32 pow and reciprocal, a few ulps of each frequency
      return compare(ctx, { n: 1, w: L.w, gotOff: 0, gotRs: L.w, gotCs: 1, want: ref.byteOffset, wantOff: 0, wantRs: L.w, wantCs: 1,
        scale: 0, tolRel: 8 * 2 ** -24, colerr: cerr, rowerr: rerr, ulp: ulpOf(ctx.held, p.dtype, p.freqDtype) });
    } finally {
      ref.free();
    }
  };
  if (L.w !== h && L.w !== dim / 2) {
    throw new PosencError(`posenc check: the tensor's shape has ${L.w} frequencies; this RoPE has ${h} (r/2)`, 'EINVAL', 'shape');
  }
  const stats = score(params, colerr, rowerr);
  const diagnosis = [];
  if (stats.bad > 0) {
    const hyps = [];
    if (L.w !== h) hyps.push({ cause: 'rotary-part', fix: { partialRotaryFactor: 1 } });
    const mem = new Float32Array(ctx.x.memory.buffer);
    const th = mem[(ctx.got >> 2) + 1];
    if (th > 0 && th < 1) {
      const b = nice(th ** (-L.w));
      if (b !== params.base) hyps.push({ cause: 'base', fix: { base: b } });
    }
    const values = new Float32Array(ctx.x.memory.buffer, ctx.got, L.w);
    for (const hyp of CAUSES.scaling(ctx, params, L, { fit: (k) => (k < L.w ? values[k] : NaN) })) hyps.push({ cause: 'scaling', ...hyp });
    for (const dt of ['bfloat16', 'float16']) hyps.push({ cause: 'precision', fix: { freqDtype: dt } });
    for (const hyp of hyps) {
      try {
        const st = score(mergeFix(params, hyp.fix), 0, 0);
        if (Number.isFinite(st.sum) && st.sum <= EXPLAINS * stats.sum) {
          diagnosis.push({ cause: hyp.cause, fix: hyp.fix, maxAbsError: st.maxAbs, badElements: st.bad, tolerance: st.tolMax, sum: st.sum });
        }
      } catch (e) {
        if (!(e instanceof PosencError)) throw e;
      }
    }
    diagnosis.sort((a, b) => a.sum - b.sum);
    diagnosis.forEach((d) => delete d.sum);
  }
  return result(ctx, stats, colerr, rowerr, L.w, 1, diagnosis, { what: 'inv_freq', params, mismatch: L.w !== h });
}

// ---- rotated vectors ----

function checkRotated(ctx, L) {
  const { pe, s, x, input } = ctx;
  const { params, dim, r } = ctx.base;
  if (!(input && input.data instanceof Float32Array && Array.isArray(input.shape))) {
    throw new PosencError('posenc check: input (the unrotated tensor, as readTensor gives it) is required with what: "rotated"', 'EINVAL', 'input');
  }
  if (input.data.length !== ctx.t.data.length) {
    throw new PosencError(`posenc check: input.shape [${input.shape}] is not the tensor's [${ctx.t.shape}]`, 'EINVAL', 'input');
  }
  if (L.w !== dim) throw new PosencError(`posenc check: the rotated tensor's shape has ${L.w} columns; the head has ${dim} (dim)`, 'EINVAL', 'shape');
  const sq = squeeze(ctx.t.shape);
  const P = sq.length >= 2 ? sq[sq.length - 2] : 1, groups = L.n / P;
  const inPtr = s.put(Float32Array, input.data, 'input');
  const rowscale = s.alloc(L.n * 4, 'input');
  x.pe_js_row_absmax(inPtr, L.n, dim, rowscale);
  const rs = { values: new Float32Array(x.memory.buffer, rowscale, L.n).slice() };
  const out = s.alloc(L.n * dim * 4, 'rotated');
  const colerr = s.alloc(L.w * 4, 'columnError'), rowerr = s.alloc(L.n * 4, 'rowError');
  const posOf = (p) => Float64Array.from({ length: L.n }, (_, i) => (p.offset ?? 0) + (i % P) * (p.step ?? 1));
  // The reference for params p (rope-apply per group of P rows), or for an explicit pairing.
  const score = (p, pairing, cerr, rerr) => {
    const cols = pe.compute('rope-columns', p).data;
    const partner = new Int32Array(dim), theta = new Float32Array(dim);
    for (let c = 0; c < dim; c++) partner[c] = cols[c * 4], theta[c] = cols[c * 4 + 2];
    const map = pairing ? pairing(cols) : { partner, theta };
    const rowpos = posOf(p);
    const pp = s.put(Int32Array, map.partner, 'pairing'), tp = s.put(Float32Array, map.theta, 'pairing'), rp = s.put(Float64Array, rowpos, 'pairing');
    if (pairing) {
      x.pe_js_rotate(inPtr, L.n, dim, pp, tp, rp, pe.compute('rope-columns', p).info.attentionFactor, out);
    } else {
      for (let g = 0; g < groups; g++) {
        const ref = pe.computeView('rope-apply', { ...p, positions: P, x: input.data.subarray(g * P * dim, (g + 1) * P * dim) });
        try {
          new Float32Array(x.memory.buffer, out + g * P * dim * 4, P * dim).set(ref.data);
        } finally {
          ref.free();
        }
      }
    }
    return compare(ctx, { n: L.n, w: dim, gotOff: 0, gotRs: dim, gotCs: 1, want: out, wantOff: 0, wantRs: dim, wantCs: 1,
      rowscale: rs, coltheta: { values: map.theta }, rowpos: { values: rowpos }, scale: 1, colerr: cerr, rowerr: rerr });
  };
  const stats = score(params, null, colerr, rowerr);
  const diagnosis = [];
  if (stats.bad > 0) {
    const hyps = [];
    const noEst = { fit: () => NaN, phase0: () => NaN };
    for (const cause of ['layout', 'base', 'scaling', 'attention-factor', 'offset']) {
      for (const hyp of CAUSES[cause](ctx, params, L, noEst)) hyps.push({ cause, ...hyp });
    }
    if (r < dim) {
      const h = r / 2, half = dim / 2;
      hyps.push({ cause: 'rotary-part', fix: { partialRotaryFactor: 1 } });
      hyps.push({ cause: 'rotary-part', fix: { pairing: 'whole-head' }, pairing: (cols) => {
        const partner = new Int32Array(dim).fill(-1), theta = new Float32Array(dim);
        for (let k = 0; k < h; k++) partner[k] = k + half, partner[k + half] = k, theta[k] = theta[k + half] = cols[k * 4 + 2];
        return { partner, theta };
      } });
      hyps.push({ cause: 'rotary-part', fix: { rotaryDims: 'last' }, pairing: (cols) => {
        const partner = new Int32Array(dim).fill(-1), theta = new Float32Array(dim), sh = dim - r;
        for (let c = 0; c < r; c++) partner[c + sh] = cols[c * 4] + sh, theta[c + sh] = cols[c * 4 + 2];
        return { partner, theta };
      } });
    }
    for (const hyp of hyps) {
      try {
        const st = score(mergeFix(params, hyp.fix), hyp.pairing ?? null, 0, 0);
        if (st.sum <= EXPLAINS * stats.sum) {
          diagnosis.push({ cause: hyp.cause, fix: hyp.fix, maxAbsError: st.maxAbs, badElements: st.bad, tolerance: st.tolMax, sum: st.sum, note: hyp.note });
        }
      } catch (e) {
        if (!(e instanceof PosencError)) throw e;
      }
    }
    diagnosis.sort((a, b) => a.sum - b.sum);
    for (const d of diagnosis) {
      delete d.sum;
      if (d.note === undefined) delete d.note;
    }
  }
  return result(ctx, stats, colerr, rowerr, L.w, L.n, diagnosis.slice(0, FULL_DIAGNOSES), { what: 'rotated', params });
}
