// Conformance: one loop over every registry kind (pocketfft / hash-wasm style). Defaults compute with
// the declared shape and dtype; every parameter just outside its range, every wrong type, unknown
// name and non-finite number throws a PosencError naming it; oversized requests throw ENOMEM; and the
// instance afterwards still computes bit for bit what a fresh instance computes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load, PosencError } from '../../web/posenc.js';
import { allParams, axisParams, errorCases, withInput, set, DEFAULT_CAP } from '../native/cases.js';
import { isError } from '../errors.js';

const pe = await load();
const wasmURL = new URL('../../web/posenc.wasm', import.meta.url);

// Pinned like hash-wasm's export count: a kind added or removed must be added here on purpose.
const KINDS = ['sinusoidal', 'relative', 't5', 'deberta', 'alibi-slopes', 'alibi', 'rope', 'rope-frequencies',
  'rope-apply', 'xpos', 'query-scale', 'rope-spectrum', 'rope-decay', 'similarity', 'mrope-positions', 'rope-2d', 'sincos-2d',
  'mrope-segments', 'mrope-axes', 'rope-2d-order', 'mrope-blocks', 'rope-columns'];

test('helper tables are marked in the registry (PE_F_HELPER) and compute like any kind', () => {
  assert.deepEqual(pe.kinds.filter((k) => k.helper).map((k) => k.name), ['mrope-segments', 'mrope-axes', 'rope-2d-order', 'mrope-blocks']);
  assert.ok(pe.kinds.every((k) => !(k.helper && k.input)));
  // text:2 image:1x4x4 (merged 2 x 2: four tokens) text:1 → segments 0 0 1 1 1 1 0
  assert.deepEqual([...pe.compute('mrope-segments', { sequence: 'text:2 image:1x4x4 text:1' }).data], [0, 0, 1, 1, 1, 1, 0]);
  // rope-2d-order of a 2 x 3 grid in raster order: cell (r, c) is row 3r + c
  assert.deepEqual([...pe.compute('rope-2d-order', { height: 2, width: 3, dim: 8, order: 'raster' }).data], [0, 1, 2, 3, 4, 5]);
});

test('the registry: pinned kinds, each with title, dtype, shape and well-formed params', () => {
  assert.equal(pe.kinds.length, KINDS.length);
  assert.deepEqual(pe.kinds.map((k) => k.name), KINDS);
  assert.ok(Object.isFrozen(pe.kinds));
  for (const kind of pe.kinds) {
    assert.ok(Object.isFrozen(kind) && Object.isFrozen(kind.params), kind.name);
    assert.equal(typeof kind.title, 'string');
    assert.ok(kind.title.length > 0, kind.name);
    assert.ok(['float32', 'int32'].includes(kind.dtype), kind.name);
    assert.ok(Array.isArray(kind.shape) && kind.shape.length >= 1 && kind.shape.every((a) => a.length > 0), kind.name);
    assert.ok(kind.params.length > 0, kind.name);
    assert.equal(typeof kind.input, 'boolean');
    assert.equal(typeof kind.helper, 'boolean');
    if (kind.input) assert.ok(kind.params.some((p) => p.type === 'float[]'), `${kind.name} takes an input array`);
    const paths = allParams(kind).map((q) => q.path);
    assert.equal(new Set(paths).size, paths.length, `${kind.name}: unique names`);
    for (const { p, path, group } of allParams(kind)) {
      const where = `${kind.name} ${path}`;
      assert.match(p.name, /^[A-Za-z_]\w*$/, where);
      assert.equal(p.path, path, where);
      assert.ok(Object.isFrozen(p), where);
      assert.ok(typeof p.doc === 'string' && p.doc.length > 0, `${where} has a doc`);
      assert.ok(['int', 'float', 'bool', 'enum', 'object', 'float[]', 'int[]', 'string'].includes(p.type), where);
      if (p.aliasOf) {
        assert.ok(group && allParams(kind).some((q) => q.group === group && q.p.name === p.aliasOf), where);
        continue;
      }
      if (p.type === 'int[]') {
        assert.ok(Number.isInteger(p.min) && Number.isInteger(p.max) && p.min <= p.max, `${where} range`);
        if (p.length !== undefined) assert.ok(Number.isInteger(p.length) && p.length > 0, `${where} length`);
        if (p.default !== null) {
          assert.ok(p.default.every((e) => Number.isInteger(e) && e >= p.min && e <= p.max), `${where} default in range`);
          if (p.length !== undefined) assert.equal(p.default.length, p.length, `${where} default length`);
        }
      }
      if (p.type === 'string') assert.ok(Number.isInteger(p.maxLength) && p.maxLength > 0 && p.default === '', where);
      if (p.type === 'int' || p.type === 'float' || p.type === 'float[]') {
        assert.ok(Number.isFinite(p.min) && Number.isFinite(p.max) && p.min <= p.max, `${where} range`);
        if (p.default !== null) {
          assert.ok(p.default >= p.min && p.default <= p.max, `${where} default in range`);
          if (p.type === 'int') assert.ok(Number.isInteger(p.default), where);
        }
      }
      if (p.type === 'int') assert.ok(Number.isInteger(p.min) && Number.isInteger(p.max), where);
      if (p.type === 'bool') assert.equal(typeof p.default, 'boolean', where);
      if (p.type === 'enum') {
        assert.ok(p.choices.length > 0 && p.choices.every((c) => typeof c === 'string'), where);
        assert.equal(p.default, p.choices[0], `${where}: the first choice is the default`);
        for (const target of Object.values(p.choiceAliases)) assert.ok(p.choices.includes(target), where);
      }
      if (p.type === 'object') assert.ok(group === '' && p.fields.length > 0, where);
    }
  }
});

test('every kind computes its defaults with the declared shape and dtype', () => {
  for (const kind of pe.kinds) {
    const m = pe.compute(kind.name, withInput(kind));
    assert.equal(m.kind, kind.name);
    assert.equal(m.shape.length, kind.shape.length, kind.name);
    assert.ok(m.data instanceof (kind.dtype === 'float32' ? Float32Array : Int32Array), kind.name);
    assert.equal(m.data.length, m.shape.reduce((a, b) => a * b, 1), kind.name);
    // a kind laid out by a string (mrope-positions' sequence, default '') is empty by default
    const layoutString = kind.params.some((p) => p.type === 'string' && p.default === '');
    assert.equal(m.data.length > 0, !layoutString, `${kind.name}: the defaults give a non-empty table`);
    // an axis named after a parameter has that parameter's default length
    for (const p of axisParams(kind)) {
      const a = kind.shape.indexOf(p.name);
      if (a >= 0 && p.default !== null) assert.equal(m.shape[a], p.default, `${kind.name} axis ${p.name}`);
    }
    assert.equal(typeof m.info, 'object');
    // no NaN anywhere in a default table (-Infinity is a legitimate mask value)
    if (kind.dtype === 'float32') assert.ok(!m.data.some(Number.isNaN), `${kind.name} has NaN`);
  }
});

test('every parameter: out of range → ERANGE, non-finite / non-integer / wrong type / unknown → EINVAL, naming it', () => {
  let n = 0;
  for (const kind of pe.kinds) {
    for (const c of errorCases(kind)) {
      assert.throws(() => pe.compute(kind.name, c.params), isError(c.code, c.param),
        `${kind.name} ${c.param} ${c.why}: ${JSON.stringify(c.params, (k, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))}`);
      n++;
    }
    // a field given at the top level, and params that are not an object
    for (const { p, group } of allParams(kind)) {
      if (group && !kind.params.some((q) => q.name === p.name)) {
        assert.throws(() => pe.compute(kind.name, withInput(kind, { [p.name]: 1 })), isError('EINVAL', p.name));
      }
    }
    for (const bad of [5, 'x', [1]]) assert.throws(() => pe.compute(kind.name, bad), isError('EINVAL', 'params'));
  }
  assert.ok(n > 100, `${n} error cases`);
  for (const name of ['nope', '', 'Sinusoidal', 3, null, undefined, {}]) {
    assert.throws(() => pe.compute(name, {}), isError('EINVAL', 'kind'), String(name));
    assert.throws(() => pe.computeView(name, {}), isError('EINVAL', 'kind'), String(name));
  }
});

test('error messages name the parameter, the value and the allowed range', () => {
  let checked = 0;
  for (const kind of pe.kinds) {
    const p = allParams(kind).find(({ p: q }) => q.type === 'int');
    if (!p) continue;
    assert.throws(() => pe.compute(kind.name, set(withInput(kind), p.path, p.p.max + 1)), (e) => {
      assert.ok(e instanceof PosencError, `${kind.name} ${p.path} = ${p.p.max + 1}: ${e}`);
      assert.ok(e.message.includes(p.path) && e.message.includes(String(p.p.max + 1)) &&
        e.message.includes(String(p.p.min)) && e.message.includes(String(p.p.max)), e.message);
      return true;
    }, `${kind.name} ${p.path} accepted ${p.p.max + 1}`);
    checked++;
  }
  assert.equal(checked, pe.kinds.length, 'every kind has an integer parameter to check');
});

test('too large → ENOMEM: maximal sizes, and the defaults under a lowered pe.maxBytes', () => {
  const cap = pe.maxBytes;
  assert.equal(cap, DEFAULT_CAP);
  try {
    for (const kind of pe.kinds) {
      const axes = axisParams(kind);
      const names = kind.params.map((p) => p.name);
      if (!kind.input && axes.length && axes.reduce((b, p) => b * p.max, 4) > cap) {
        const big = Object.fromEntries(axes.map((p) => [p.name, p.max]));
        assert.throws(() => pe.compute(kind.name, big), (e) => e.code === 'ENOMEM' && axes.some((p) => p.name === e.param), kind.name);
        assert.throws(() => pe.computeView(kind.name, big), (e) => e.code === 'ENOMEM', kind.name);
      }
      const params = withInput(kind);
      const bytes = pe.compute(kind.name, params).data.byteLength;
      if (bytes === 0) continue;  // an empty default table fits any cap
      pe.maxBytes = bytes - 1;
      assert.throws(() => pe.compute(kind.name, params), (e) =>
        e instanceof PosencError && e.code === 'ENOMEM' && names.includes(e.param) && e.message.includes('maxBytes'), kind.name);
      pe.maxBytes = bytes;
      assert.equal(pe.compute(kind.name, params).data.byteLength, bytes, kind.name);
      pe.maxBytes = cap;
    }
    for (const bad of [-1, NaN, '1', null]) {
      assert.throws(() => { pe.maxBytes = bad; }, isError('EINVAL', 'maxBytes'));
    }
  } finally {
    pe.maxBytes = cap;
  }
  assert.equal(pe.maxBytes, DEFAULT_CAP);
});

test('compute and computeView give the same table and info for every kind', () => {
  for (const kind of pe.kinds) {
    const params = withInput(kind);
    const a = pe.compute(kind.name, params);
    const v = pe.computeView(kind.name, params);
    try {
      assert.deepEqual(v.shape, a.shape);
      assert.equal(v.dtype, kind.dtype);
      assert.deepEqual(v.info, a.info);
      assert.deepEqual(v.data, a.data, kind.name);
      assert.equal(v.data.buffer, pe.memory.buffer, `${kind.name}: a view of the wasm heap`);
    } finally {
      v.free();
    }
  }
});

test('a view survives memory growth; free() twice is harmless; data after free throws', () => {
  const v = pe.computeView('sinusoidal', { positions: 64, dim: 64 });
  const before = v.data.slice();
  const buffer = pe.memory.buffer;
  // a table larger than the whole current heap forces memory.grow
  const rows = Math.ceil((buffer.byteLength + 16 * 2 ** 20) / 4 / 1024);
  const big = pe.computeView('sinusoidal', { positions: rows, dim: 1024 });
  try {
    assert.notEqual(pe.memory.buffer, buffer, 'memory grew');
    assert.equal(buffer.byteLength, 0, 'the old buffer is detached');
    assert.deepEqual(v.data, before);
    assert.equal(v.data.buffer, pe.memory.buffer);
    assert.equal(big.data[1024 * (rows - 1)], Math.fround(Math.sin(rows - 1)));
  } finally {
    big.free();
  }
  v.free();
  v.free();
  assert.throws(() => v.data, PosencError);
  const w = pe.computeView('sinusoidal', {});
  w[Symbol.dispose ?? Symbol.for('Symbol.dispose')]();
  w.free();
  assert.throws(() => w.data, PosencError);
});

test('after all the errors above, the instance computes bit for bit what a fresh instance does', async () => {
  const fresh = await load({ wasmBinary: await readFile(wasmURL) });
  assert.notEqual(fresh, pe);
  assert.equal(await load(), pe, 'load() is cached');
  for (const kind of pe.kinds) {
    const params = withInput(kind);
    const a = pe.compute(kind.name, params);
    const b = fresh.compute(kind.name, params);
    assert.deepEqual(a.shape, b.shape, kind.name);
    assert.deepEqual(a.info, b.info, kind.name);
    assert.ok(Buffer.from(a.data.buffer).equals(Buffer.from(b.data.buffer)), `${kind.name}: bitwise equal`);
  }
});
