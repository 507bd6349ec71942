// load(): the synchronous compile of bytes (with the async fallback), the registry read on first
// use, and what pe.kinds / pe.colormaps look like afterwards: own, enumerable, read-only, frozen
// all the way down (the wrapper freezes the known shape instead of walking generically).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load, PosencError } from '../../web/posenc.js';

const bytes = readFileSync(new URL('../../web/posenc.wasm', import.meta.url));

function unfrozen(value, path, out) {  // every object reachable from value that is not frozen
  if (value === null || typeof value !== 'object') return out;
  if (!Object.isFrozen(value)) out.push(path);
  for (const [k, v] of Object.entries(value)) unfrozen(v, `${path}.${k}`, out);
  return out;
}

test('bytes as ArrayBuffer, Uint8Array and Buffer each give a working, separate instance', async () => {
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  const sources = [copy, new Uint8Array(copy), Buffer.from(copy)];
  const pes = [];
  for (const wasmBinary of sources) {
    const pe = await load({ wasmBinary });
    assert.equal(await load({ wasmBinary }), pe, 'cached per source');
    // vaswani, 2 positions x 4 dims: row 1 = sin 1, cos 1, sin 0.01, cos 0.01 (float32)
    const { data } = pe.compute('sinusoidal', { positions: 2, dim: 4 });
    assert.deepEqual([...data.subarray(4)], [Math.sin(1), Math.cos(1), Math.sin(0.01), Math.cos(0.01)].map(Math.fround));
    pes.push(pe);
  }
  assert.equal(new Set(pes).size, 3);
  assert.notEqual(pes[0].memory, pes[1].memory);
});

test('the module imports nothing (an imported function costs every load() a wrapper compile in V8)', () => {
  const module = new WebAssembly.Module(bytes);
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  assert.ok(WebAssembly.Module.exports(module).some((e) => e.name === 'memory' && e.kind === 'memory'));
});

test('bytes that are not a module reject with a CompileError, and the next load works', async () => {
  await assert.rejects(load({ wasmBinary: new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 99]) }), WebAssembly.CompileError);
  await assert.rejects(load({ wasmBinary: new Uint8Array(8) }), WebAssembly.CompileError);
  const pe = await load({ wasmBinary: new Uint8Array(bytes) });
  assert.equal(pe.compute('alibi-slopes', { heads: 2 }).data[0], 2 ** -4);  // 2^(-8 * 1 / 2)
});

test('kinds and colormaps: own enumerable read-only properties, frozen to the leaves', async () => {
  const pe = await load({ wasmBinary: new Uint8Array(bytes) });
  assert.deepEqual(Object.keys(pe), ['version', 'kinds', 'colormaps']);
  const kinds = pe.kinds;
  assert.equal(pe.kinds, kinds, 'read once');
  assert.equal(pe.colormaps, pe.colormaps);
  for (const name of ['kinds', 'colormaps']) {
    const d = Object.getOwnPropertyDescriptor(pe, name);
    assert.ok('value' in d && d.enumerable && !d.writable && !d.configurable, `${name} is a plain data property after use`);
    assert.throws(() => { pe[name] = []; }, TypeError);  // ESM: strict mode
  }
  assert.deepEqual(unfrozen(pe.kinds, 'kinds', []), []);
  assert.deepEqual(unfrozen(pe.colormaps, 'colormaps', []), []);
  // the documented shape (KindInfo in web/posenc.d.ts), and the strings decoded whole
  const sin = pe.kinds.find((k) => k.name === 'sinusoidal');
  assert.deepEqual(sin.shape, ['positions', 'dim']);
  assert.equal(sin.dtype, 'float32');
  const variant = sin.params.find((p) => p.name === 'variant');
  assert.deepEqual(variant.choices, ['vaswani', 'tensor2tensor', 'fairseq', 'marian', 'scaled']);
  assert.equal(variant.default, 'vaswani');
  assert.equal(sin.params.find((p) => p.name === 'dim').doc, 'embedding dimension (columns)');
  const scaling = pe.kinds.find((k) => k.name === 'rope').params.find((p) => p.name === 'ropeScaling');
  assert.ok(scaling.fields.length > 5 && scaling.fields.every((f) => f.path === `ropeScaling.${f.name}`));
  for (const k of pe.kinds) for (const p of k.params) assert.ok(p.doc.length > 0 && !p.doc.includes('\0'), `${k.name}.${p.name}`);
});

test('a request before any registry access reads the registry itself; errors name the kind list', async () => {
  const pe = await load({ wasmBinary: Buffer.from(bytes) });
  assert.throws(() => pe.compute('sinusoidl'),
    (e) => e instanceof PosencError && e.param === 'kind' && e.message.includes('sinusoidal, relative'));
  assert.equal(pe.kinds[0].name, 'sinusoidal');
});

test('where synchronous compilation is refused (RangeError, as Chrome < 114 on the main thread), the async API is used', async () => {
  const Module = WebAssembly.Module;
  let refused = 0;
  WebAssembly.Module = function () {
    refused++;
    throw new RangeError('WebAssembly.Compile is disallowed on the main thread, if the buffer size is larger than 4KB');
  };
  try {
    const pe = await load({ wasmBinary: new Uint8Array(bytes) });
    assert.equal(refused, 1);
    assert.equal(pe.compute('relative', { queries: 2 }).data.join(), '0,1,-1,0');  // j - i
  } finally {
    WebAssembly.Module = Module;
  }
});
