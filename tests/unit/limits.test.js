// Limits: requests beyond wasm32 or beyond the configurable cap fail with ENOMEM/ERANGE before
// anything is allocated; hostile values (NaN, Infinity, non-integers, strings, objects, arrays,
// prototype keys, float arrays with holes or the wrong length) fail with EINVAL naming the
// parameter; and after all of it the instance computes what it computed before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { load, PosencError } from '../../web/posenc.js';
import { isError } from '../errors.js';
import { readFileSync } from 'node:fs';
import { Posenc } from '../../web/core/posenc.js';

const pe = await load();
const GiB = 2 ** 30;
const DEFAULT_CAP = 2 * GiB;   // pe_max_bytes() default, documented in posenc.h

// Reference results taken before any error, compared bit for bit at the end.
const reference = [
  ['sinusoidal', { positions: 16, dim: 8 }],
  ['relative', { queries: 5, keys: 7, clip: 2 }],
  ['alibi', { heads: 3, queries: 4 }],
  ['rope', { positions: 6, dim: 8, ropeScaling: { rope_type: 'yarn', factor: 4 } }],
  ['xpos', { positions: 5, dim: 6 }],
].map(([kind, params]) => ({ kind, params, data: pe.compute(kind, params).data }));

// Assert that `fn` throws (code, param), as isError checks it, and that the wasm heap did not grow
// meanwhile; param may be a list of acceptable names.
function refused(fn, code, param, what) {
  const before = pe.memory.buffer.byteLength;
  assert.throws(fn, (e) => {
    const names = [param].flat();
    assert.ok(e instanceof PosencError && names.includes(e.param), `${what}: ${e} (param ${e?.param})`);
    return isError(code, e.param)(e);
  }, what);
  assert.equal(pe.memory.buffer.byteLength, before, `${what}: the heap grew`);
}

test('the cap: default 2 GiB, settable by pe.maxBytes and load({ maxBytes }); above it → ENOMEM before allocating', async () => {
  assert.equal(pe.maxBytes, DEFAULT_CAP);
  try {
    // One 64-float row past the default cap; allocating it would grow the heap past 2 GiB.
    refused(() => pe.computeView('sinusoidal', { positions: 2 ** 23 + 1, dim: 64 }), 'ENOMEM', 'positions', 'default cap');
    // load({ maxBytes }) is that caller's own object over the cached instance: others keep their cap
    const own = await load({ maxBytes: 64 << 20 });
    assert.notEqual(own, pe);
    assert.equal(own.maxBytes, 64 << 20);
    assert.equal(pe.maxBytes, DEFAULT_CAP);
    assert.equal((await load()).maxBytes, DEFAULT_CAP);
    assert.equal(own.memory, pe.memory, 'one wasm instance');
    refused(() => own.compute('relative', { queries: 4097, keys: 4096 }), 'ENOMEM', 'queries', 'own cap');
    pe.maxBytes = 64 << 20;
    // 64 MiB exactly fits; one more row does not (the heap is smaller than either: a leak would show).
    assert.ok(pe.memory.buffer.byteLength < 64 << 20);
    const r = pe.computeView('relative', { queries: 4096, keys: 4096 });
    assert.equal(r.data.byteLength, 64 << 20);
    r.free();
    const heap = pe.memory.buffer.byteLength;
    refused(() => pe.compute('relative', { queries: 4097, keys: 4096 }), 'ENOMEM', 'queries', '64 MiB + 16 KiB');
    refused(() => pe.compute('rope', { positions: 2 ** 21 + 1, dim: 8 }), 'ENOMEM', 'positions', 'rope tables');
    // rope's largest axis is the rotary one (dim * partialRotaryFactor): the refusal names dim
    refused(() => pe.compute('rope', { positions: 256, dim: 2 ** 16 }), 'ENOMEM', 'dim', 'rope rotary axis');
    refused(() => pe.compute('alibi', { heads: 65536, queries: 17, keys: 16 }), 'ENOMEM', 'heads', 'alibi heads');
    assert.equal(pe.memory.buffer.byteLength, heap);
    pe.maxBytes = 0;   // nothing non-empty fits; empty results still do
    refused(() => pe.compute('alibi-slopes', { heads: 1 }), 'ENOMEM', 'heads', 'cap 0');
    assert.deepEqual(pe.compute('sinusoidal', { positions: 0 }).shape, [0, 64]);
    pe.maxBytes = Infinity;   // clamped to 2^53 by C
    assert.equal(pe.maxBytes, 2 ** 53);
    for (const bad of [-1, -Infinity, NaN, '1', null, undefined, {}, [1], 1n]) {
      assert.throws(() => { pe.maxBytes = bad; }, isError('EINVAL', 'maxBytes'), String(bad));
    }
    await assert.rejects(load({ maxBytes: -5 }), isError('EINVAL', 'maxBytes'));
  } finally {
    pe.maxBytes = DEFAULT_CAP;
  }
});

test('a per-call cap: compute, computeView and shape take { maxBytes } and leave pe.maxBytes alone', () => {
  assert.equal(pe.maxBytes, DEFAULT_CAP);
  const mib64 = 64 << 20;
  // 4097 x 4096 int32 is 64 MiB + 16 KiB: over a 64 MiB cap for this call only.
  for (const call of ['compute', 'computeView', 'shape']) {
    refused(() => pe[call]('relative', { queries: 4097, keys: 4096 }, { maxBytes: mib64 }), 'ENOMEM', 'queries', call);
    assert.equal(pe.maxBytes, DEFAULT_CAP, `${call}: pe.maxBytes unchanged`);
  }
  assert.throws(() => pe.compute('relative', { queries: 4097, keys: 4096 }, { maxBytes: mib64 }),
    (e) => e.message.includes(`cap: ${mib64} bytes`) && e.message.includes('maxBytes'));
  // exactly the cap fits; the same request without the option meets the default cap
  const r = pe.computeView('relative', { queries: 4096, keys: 4096 }, { maxBytes: mib64 });
  assert.equal(r.data.byteLength, mib64);
  r.free();
  assert.deepEqual(pe.shape('relative', { queries: 4097, keys: 4096 }), [4097, 4096]);
  assert.deepEqual(pe.shape('relative', { queries: 4097, keys: 4096 }, {}), [4097, 4096]);
  // a per-call cap above the instance's wins for that call; 0 refuses anything non-empty
  try {
    pe.maxBytes = 0;
    assert.deepEqual(pe.compute('alibi-slopes', { heads: 4 }, { maxBytes: 16 }).shape, [4]);
    refused(() => pe.compute('alibi-slopes', { heads: 4 }, { maxBytes: 15 }), 'ENOMEM', 'heads', '15 bytes');
    refused(() => pe.compute('alibi-slopes', { heads: 4 }), 'ENOMEM', 'heads', 'instance cap 0');
    assert.equal(pe.compute('alibi-slopes', { heads: 4 }, { maxBytes: Infinity }).data.length, 4);
    assert.equal(pe.maxBytes, 0);
  } finally {
    pe.maxBytes = DEFAULT_CAP;
  }
  // a bad option, or a request failing under an option, leaves pe.maxBytes as it was
  for (const bad of [-1, -Infinity, NaN, '1', null, {}, [1], 1n]) {
    assert.throws(() => pe.compute('sinusoidal', {}, { maxBytes: bad }), isError('EINVAL', 'maxBytes'), String(bad));
    assert.throws(() => pe.shape('sinusoidal', {}, { maxBytes: bad }), isError('EINVAL', 'maxBytes'), String(bad));
  }
  for (const bad of [null, 5, 'big', [1]]) {
    assert.throws(() => pe.computeView('sinusoidal', {}, bad), isError('EINVAL', 'options'), String(bad));
  }
  assert.throws(() => pe.compute('sinusoidal', { dim: 0 }, { maxBytes: 8 }), isError('ERANGE', 'dim'));
  assert.equal(pe.maxBytes, DEFAULT_CAP);
  assert.deepEqual(pe.compute('sinusoidal', { positions: 3, dim: 4 }).shape, [3, 4]);
});

test('load() options are the caller\'s: load({ maxBytes: 1000 }) and load({ viewBudget }) leave every other load() alone', async () => {
  const small = await load({ maxBytes: 1000 });
  const plain = await load();
  assert.equal(plain, pe, 'plain load() calls share one object');
  assert.equal(small.maxBytes, 1000);
  assert.equal(plain.maxBytes, DEFAULT_CAP);
  // 16 x 16 float32 is 1024 bytes: over the small caller's cap, within everyone else's
  refused(() => small.compute('sinusoidal', { positions: 16, dim: 16 }), 'ENOMEM', 'positions', 'small cap');
  assert.deepEqual(plain.compute('sinusoidal', { positions: 16, dim: 16 }).shape, [16, 16]);
  assert.deepEqual((await load()).computeView('sinusoidal', { positions: 16, dim: 16 }).shape, [16, 16]);
  // each caller's setter is its own too
  small.maxBytes = 5000;
  assert.equal(pe.maxBytes, DEFAULT_CAP);
  pe.maxBytes = 100;
  try {
    assert.equal(small.maxBytes, 5000);
    assert.deepEqual(small.compute('sinusoidal', { positions: 16, dim: 16 }).shape, [16, 16]);
  } finally {
    pe.maxBytes = DEFAULT_CAP;
  }
  const tight = await load({ viewBudget: 4096 });
  assert.equal(tight.viewBudget, 4096);
  assert.equal(pe.viewBudget, 2 ** 30, 'the default budget: 1 GiB');
  const kept = tight.computeView('alibi-slopes', { heads: 1000 });   // 4000 bytes
  refused(() => tight.computeView('alibi-slopes', { heads: 25 }), 'ENOMEM', 'viewBudget', 'budget');
  assert.throws(() => tight.computeView('alibi-slopes', { heads: 25 }), /heads = 25 needs 100 bytes.*free\(\)/);
  refused(() => tight.colormap(kept), 'ENOMEM', 'viewBudget', 'colormap within the budget');
  assert.equal(tight.compute('alibi-slopes', { heads: 25 }).data.length, 25, 'compute() copies: no budget');
  const other = pe.computeView('alibi-slopes', { heads: 25 });
  assert.equal(other.data.length, 25, 'other callers have their own budget');
  other.free();
  kept.free();
  assert.equal(tight.viewBytes, 0);
  tight.computeView('alibi-slopes', { heads: 25 }).free();
  // a cap smaller than the room: the cap's refusal, as before
  refused(() => tight.computeView('alibi-slopes', { heads: 2000 }, { maxBytes: 100 }), 'ENOMEM', 'heads', 'cap first');
  for (const bad of [-1, NaN, '1', null, {}]) {
    await assert.rejects(load({ viewBudget: bad }), isError('EINVAL', 'viewBudget'), String(bad));
    assert.throws(() => { tight.viewBudget = bad; }, isError('EINVAL', 'viewBudget'), String(bad));
  }
  await assert.rejects(load({ maxBytes: '1' }), isError('EINVAL', 'maxBytes'));
});

test('ENOMEM names the parameter that sized the output, with the length it gave that axis', () => {
  const MiB = { maxBytes: 2 ** 20 };
  const cases = [
    // [kind, params, param, value shown]
    ['rope', { positionIds: new Int32Array(200000), dim: 128 }, 'positionIds', 200000],
    ['rope', { positionIds: new Int32Array(600000), mropeSection: [16, 24, 24], dim: 128 }, 'positionIds', 200000],
    ['rope', { positions: 100000, dim: 128 }, 'positions', 100000],
    ['rope-apply', { x: new Float32Array(64 * 10000), dim: 64 }, 'x', 10000],
    ['rope-apply', { x: new Float32Array(64 * 10000), dim: 64, positions: 10000 }, 'positions', 10000],
    ['rope-2d', { coords: new Float32Array(2 * 100000) }, 'coords', 100000],
    ['rope-2d', { height: 16, width: 4000 }, 'width', 4000],
    ['rope-2d', { height: 4000, width: 16 }, 'height', 4000],
    ['sincos-2d', { height: 3, width: 60000 }, 'width', 60000],
    ['mrope-positions', { sequence: 'text:300000' }, 'sequence', 300000],
    ['mrope-segments', { sequence: `text:100 image:1x1000x1000 text:${'9'.repeat(6)}` }, 'sequence', null],
  ];
  for (const [kind, params, param, value] of cases) {
    for (const call of ['compute', 'computeView', 'shape']) {
      assert.throws(() => pe[call](kind, params, MiB), (e) => {
        assert.equal(e.code, 'ENOMEM', `${kind} ${call}: ${e.message}`);
        assert.equal(e.param, param, `${kind} ${call}: ${e.message}`);
        if (value !== null) assert.ok(e.message.includes(`${param} = ${value} `), `${kind}: ${e.message}`);
        return true;
      });
    }
  }
  // so do the size limits a grid passes (2^24 tokens): its largest side, not always height
  for (const [kind, params, param] of [
    ['rope-2d', { height: 16, width: 65536, frames: 32 }, 'width'],
    ['rope-2d', { height: 18, width: 16, frames: 65536 }, 'frames'],
    ['rope-2d', { height: 65536, width: 300 }, 'height'],
    ['rope-2d', { height: 4098 }, 'height'],   // width = height
    ['sincos-2d', { height: 300, width: 60000 }, 'width'],
    ['sincos-2d', { height: 60000, width: 300 }, 'height'],
  ]) {
    assert.throws(() => pe.shape(kind, params), (e) => e.code === 'ERANGE' && e.param === param &&
      e.message.includes(`${param} = ${params[param]} makes`), `${kind} ${JSON.stringify(params)}`);
  }
  // the shown value of a sequence is its token count, not its length in characters
  assert.throws(() => pe.compute('mrope-positions', { sequence: 'text:300000' }, MiB),
    /sequence = 300000 \(the length of the axis it sets\) makes the output larger than the byte cap/);
});

test('one compute, computeView or shape is one validating call into C', () => {
  // An instance over exports that count the calls into the wasm interface.
  const module = new WebAssembly.Module(readFileSync(new URL('../../web/posenc.wasm', import.meta.url)));
  const { exports } = new WebAssembly.Instance(module, {});
  const calls = new Map();
  const counted = Object.fromEntries(Object.entries(exports).map(([name, f]) => [name, typeof f !== 'function' ? f
    : (...a) => { calls.set(name, (calls.get(name) ?? 0) + 1); return f(...a); }]));
  const p = new Posenc(counted);
  assert.ok(p.kinds.length > 0);
  const validating = ['pe_js_compute', 'pe_js_prepare'];
  const count = (fn) => {
    calls.clear();
    fn();
    return Object.fromEntries([...validating, 'pe_js_malloc'].map((n) => [n, calls.get(n) ?? 0]));
  };
  const params = { positions: 8, dim: 16, ropeScaling: { rope_type: 'yarn', factor: 4 } };
  assert.deepEqual(count(() => p.compute('rope', params)), { pe_js_compute: 1, pe_js_prepare: 0, pe_js_malloc: 0 });
  assert.deepEqual(count(() => p.computeView('rope', params, { maxBytes: 4096 }).free()),
    { pe_js_compute: 1, pe_js_prepare: 0, pe_js_malloc: 0 });
  assert.deepEqual(count(() => p.shape('rope', params)), { pe_js_compute: 0, pe_js_prepare: 1, pe_js_malloc: 0 });
  // a float array parameter is copied into the heap (one malloc), the request still validated once
  assert.deepEqual(count(() => p.applyRope(new Float32Array(32), { dim: 8 })), { pe_js_compute: 1, pe_js_prepare: 0, pe_js_malloc: 1 });
  // a refusal is one call too, and changes no cap
  assert.deepEqual(count(() => assert.throws(() => p.compute('rope', params, { maxBytes: 8 }), isError('ENOMEM', 'dim'))),
    { pe_js_compute: 1, pe_js_prepare: 0, pe_js_malloc: 0 });
  assert.equal(p.maxBytes, DEFAULT_CAP);
});

test('beyond wasm32 (≥ 4 GiB) with the cap lifted → ENOMEM before allocating, from compute and computeView', () => {
  try {
    pe.maxBytes = Infinity;
    // the refusal names the parameter that sets the largest axis (the first of equal ones)
    const huge = [
      ['relative', { queries: 32768, keys: 32768 }, 'queries'],                // exactly 2^32 bytes
      ['sinusoidal', { positions: 2 ** 24, dim: 65536 }, 'positions'],         // 2^42 bytes
      ['alibi', { heads: 65536, queries: 2 ** 24, keys: 2 ** 24 }, 'queries'], // 2^66 bytes, past int64 of elements too
      ['rope', { positions: 2 ** 24, dim: 65536 }, 'positions'],
      ['rope', { positions: 16384, dim: 65536 }, 'dim'],                       // 8 GiB; the rotary axis is the largest
      ['xpos', { positions: 2 ** 24, dim: 65536 }, 'positions'],
    ];
    for (const [kind, params, blamed] of huge) {
      refused(() => pe.compute(kind, params), 'ENOMEM', blamed, kind);
      refused(() => pe.computeView(kind, params), 'ENOMEM', blamed, kind);
    }
  } finally {
    pe.maxBytes = DEFAULT_CAP;
  }
});

test('sizes beyond the registry ranges → ERANGE naming them, before allocating', () => {
  const cases = [
    ['sinusoidal', 'positions', 2 ** 24 + 1], ['sinusoidal', 'dim', 65537], ['sinusoidal', 'positions', -1],
    ['sinusoidal', 'dim', 0], ['relative', 'keys', 2 ** 31], ['alibi', 'heads', 65537], ['alibi', 'queries', -(2 ** 53)],
    ['rope', 'dim', 2 ** 53], ['xpos', 'positions', Number.MAX_VALUE], ['t5', 'numBuckets', 1e300],
    ['sinusoidal', 'base', Number.MAX_VALUE], ['alibi-slopes', 'maxBias', -Number.MIN_VALUE],
  ];
  for (const [kind, param, value] of cases) {
    refused(() => pe.compute(kind, { [param]: value }), 'ERANGE', param, `${kind} ${param} = ${value}`);
  }
});

// Fuzz finding (tests/fuzz/regressions/alibi-keys0-hang): alibi walked heads x queries rows of an
// empty table, ~10^12 steps for keys 0 at the largest sizes. A hang blocks the event loop, so the
// loop runs in a child process that is killed after 2 minutes (a hang guard, not a timing test).
test('an empty result with every other size at its maximum returns, for every kind', () => {
  const child = `
    import { load } from ${JSON.stringify(new URL('../../web/posenc.js', import.meta.url).href)};
    const pe = await load();
    const done = [];
    for (const kind of pe.kinds) {
      const axes = kind.params.filter((p) => kind.shape.includes(p.name) && p.type === 'int');
      for (const empty of axes.filter((p) => p.min === 0)) {
        const params = Object.fromEntries(axes.map((p) => [p.name, p === empty ? 0 : p.max]));
        if (kind.input) params.x = new Float32Array(0);
        const r = pe.compute(kind.name, params);
        done.push({ kind: kind.name, params, shape: r.shape, length: r.data.length });
      }
    }
    console.log(JSON.stringify(done));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', child], { encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, `${r.error ?? ''} ${r.stderr}`);
  const done = JSON.parse(r.stdout);
  assert.ok(done.some((d) => d.kind === 'alibi' && d.params.keys === 0 && d.params.queries === 2 ** 24 && d.params.heads === 65536));
  for (const d of done) {
    assert.equal(d.length, 0, JSON.stringify(d));
    assert.ok(d.shape.includes(0), JSON.stringify(d));
  }
});

test('NaN, ±Infinity, non-integers and values of the wrong type → EINVAL naming the parameter', () => {
  const notNumbers = ['64', '', '0x40', {}, [64], new Float32Array([64]), true, 64n, Symbol('x'), () => 64];
  const integers = [['sinusoidal', 'positions'], ['sinusoidal', 'offset'], ['relative', 'clip'], ['t5', 'maxDistance'],
    ['alibi', 'heads'], ['rope', 'seqLen'], ['rope', 'maxPositionEmbeddings'], ['xpos', 'dim']];
  for (const [kind, param] of integers) {
    for (const v of [NaN, Infinity, -Infinity, 1.5, -0.5, 1e-300, 2 ** 51 + 0.5, ...notNumbers]) {
      refused(() => pe.compute(kind, { [param]: v }), 'EINVAL', param, `${kind} ${param} = ${String(v)}`);
    }
  }
  for (const [kind, param] of [['sinusoidal', 'base'], ['alibi', 'maxBias'], ['rope', 'partialRotaryFactor'], ['xpos', 'scaleBase']]) {
    for (const v of [NaN, Infinity, -Infinity, ...notNumbers]) {
      refused(() => pe.compute(kind, { [param]: v }), 'EINVAL', param, `${kind} ${param} = ${String(v)}`);
    }
  }
  for (const [kind, param] of [['t5', 'bidirectional'], ['xpos', 'downscale']]) {
    for (const v of [1, 0, 'true', 'false', NaN, {}, [true]]) {
      refused(() => pe.compute(kind, { [param]: v }), 'EINVAL', param, `${kind} ${param} = ${String(v)}`);
    }
  }
  for (const [kind, param] of [['sinusoidal', 'variant'], ['alibi', 'form'], ['rope', 'layout']]) {
    for (const v of [0, 1, '', 'NEOX', 'Vaswani', '__proto__', 'toString', 'constructor', ['neox'], {}, NaN]) {
      refused(() => pe.compute(kind, { [param]: v }), 'EINVAL', param, `${kind} ${param} = ${String(v)}`);
    }
  }
});

test('ropeScaling from a pasted config: wrong types, unknown and prototype keys → EINVAL naming the field', () => {
  for (const kind of ['rope', 'rope-frequencies']) {
    for (const v of ['yarn', 5, true, [], [{ rope_type: 'yarn' }], new Float32Array(2)]) {
      refused(() => pe.compute(kind, { ropeScaling: v }), 'EINVAL', 'ropeScaling', `${kind} ropeScaling = ${String(v)}`);
    }
    const fields = [
      ['factor', NaN], ['factor', Infinity], ['factor', '8'], ['factor', [8]], ['rope_type', 'YARN'], ['rope_type', 3],
      ['original_max_position_embeddings', 4096.5], ['original_max_position_embeddings', '4096'],
      ['truncate', 1], ['beta_fast', -Infinity], ['mscale', {}],
    ];
    for (const [field, v] of fields) {
      refused(() => pe.compute(kind, { ropeScaling: { rope_type: 'yarn', factor: 4, [field]: v } }), 'EINVAL',
        `ropeScaling.${field}`, `${kind} ropeScaling.${field} = ${String(v)}`);
    }
    // JSON.parse makes "__proto__" an own key, as a pasted config.json would.
    refused(() => pe.compute(kind, JSON.parse('{"ropeScaling": {"__proto__": {"factor": 2}}}')), 'EINVAL',
      'ropeScaling.__proto__', 'a __proto__ field');
    refused(() => pe.compute(kind, JSON.parse('{"__proto__": {"dim": 2}}')), 'EINVAL', '__proto__', 'a __proto__ param');
    refused(() => pe.compute(kind, { ropeScaling: { constructor: 1 } }), 'EINVAL', 'ropeScaling.constructor', 'constructor');
    assert.equal({}.factor, undefined, 'Object.prototype untouched');
  }
});

// longrope needs r/2 factors each (r = 16 here → 8).
const longrope = (over) => ({
  dim: 16, ropeScaling: { rope_type: 'longrope', original_max_position_embeddings: 256,
    short_factor: Array(8).fill(1), long_factor: Array(8).fill(2), ...over },
});

test('short_factor / long_factor: non-arrays, non-numbers, holes, NaN and Infinity → EINVAL naming the field', () => {
  assert.equal(pe.compute('rope-frequencies', longrope({})).data.length, 8);
  for (const field of ['short_factor', 'long_factor']) {
    const bad = ['1,1,1,1,1,1,1,1', 1, true, { length: 8 }, { 0: 1 }, [1, 1, 1, 1, 1, 1, 1, '1'], [1, 1, 1, 1, 1, 1, 1, null],
      [1, 1, 1, 1, 1, 1, 1, [1]], new Array(8), [1, 1, 1, 1, 1, 1, 1, NaN], [Infinity, 1, 1, 1, 1, 1, 1, 1],
      new Float32Array([1, 1, 1, 1, 1, 1, 1, -Infinity]), new Float64Array(8).fill(NaN)];
    for (const v of bad) {
      for (const kind of ['rope', 'rope-frequencies', 'rope-apply']) {
        const params = { ...longrope({ [field]: v }), ...(kind === 'rope-apply' ? { x: new Float32Array(32) } : {}) };
        refused(() => pe.compute(kind, params), 'EINVAL', `ropeScaling.${field}`, `${kind} ${field} = ${String(v)}`);
      }
    }
  }
});

// A float array of the wrong length is malformed input: EINVAL naming the field (issue 6).
const lengths = [0, 1, 7, 9, 16, 1000];
test('short_factor / long_factor of the wrong length → EINVAL naming the field, before allocating', () => {
  for (const field of ['short_factor', 'long_factor']) {
    for (const n of lengths) {
      const before = pe.memory.buffer.byteLength;
      assert.throws(() => pe.compute('rope', longrope({ [field]: Array(n).fill(1) })), isError('EINVAL', `ropeScaling.${field}`),
        `${field} × ${n}`);
      assert.equal(pe.memory.buffer.byteLength, before);
    }
  }
});

test('after every refusal above the instance computes exactly what it computed before', () => {
  assert.equal(pe.maxBytes, DEFAULT_CAP);
  for (const { kind, params, data } of reference) {
    assert.deepEqual(pe.compute(kind, params).data, data, kind);
    const v = pe.computeView(kind, params);
    assert.deepEqual(v.data, data, `${kind} view`);
    v.free();
  }
});
