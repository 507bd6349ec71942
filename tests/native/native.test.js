// The same C, compiled natively with -fsanitize=address,undefined (bash build.sh native), runs the
// conformance requests through the public C API (tests/native/driver.c): defaults of every kind,
// every enum choice and bool, sizes from their minimum up, every numeric parameter at its min and
// max, out-of-range / non-finite / non-integer values, maximal sizes and lowered caps (ENOMEM).
// Asserted: no sanitizer finding (exit 0, empty stderr), and the same status, parameter name,
// shape, info and output as wasm, bit for bit (signed zeros included): the maths is the library's own
// (c/mathlib.h, no libm) in plain IEEE double without FMA, so both builds round alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, PosencError } from '../../web/posenc.js';
import { buildNative, root } from './build.js';
import { allParams, errorCases, sweepCases, marshal, caseLine, withInput, DEFAULT_CAP } from './cases.js';

const binary = join(root, 'build/native/posenc-native');

const skip = buildNative();  // incremental: build.sh watches c/ and tests/native/

const pe = await load();

function wasmRun(c) {
  pe.maxBytes = c.cap;
  try {
    const m = pe.compute(c.kind, c.params);
    return { status: 'OK', param: '-', shape: m.shape, info: m.info, data: m.data };
  } catch (e) {
    if (!(e instanceof PosencError)) throw e;
    return { status: e.code, param: e.param };
  } finally {
    pe.maxBytes = DEFAULT_CAP;
  }
}

function parseResult(line, dtype) {
  const t = line.split(' ');
  if (t[0] !== 'OK') return { status: t[0], param: t[1] };
  let i = 2;
  const ndim = +t[i++];
  const shape = t.slice(i, i + ndim).map(Number);
  i += ndim;
  const info = {};
  for (let n = +t[i++]; n > 0; n--, i += 2) info[t[i]] = Number(t[i + 1]);
  const count = +t[i++];
  const words = new Uint32Array(count);
  for (let k = 0; k < count; k++) words[k] = parseInt(t[i + k], 16);
  return { status: 'OK', param: '-', shape, info, data: dtype === 'int32' ? new Int32Array(words.buffer) : new Float32Array(words.buffer) };
}

// Differences between a native and a wasm result, as text (empty when they agree).
function compare(n, w) {
  if (n.status !== w.status || n.param !== w.param) return `native ${n.status} ${n.param}, wasm ${w.status} ${w.param}`;
  if (n.status !== 'OK') return '';
  if (n.shape.join() !== w.shape.join()) return `shape [${n.shape}] vs [${w.shape}]`;
  const names = Object.keys(w.info);
  if (Object.keys(n.info).join() !== names.join()) return `info ${Object.keys(n.info)} vs ${names}`;
  for (const k of names) {
    if (!Object.is(n.info[k], w.info[k])) return `info ${k} ${n.info[k]} vs ${w.info[k]}`;
  }
  for (let i = 0; i < w.data.length; i++) {
    if (!Object.is(n.data[i], w.data[i])) return `element ${i}: native ${n.data[i]} vs wasm ${w.data[i]}`;
  }
  return '';
}

// Requests whose outcome only C sees (the wrapper never sends them): expected result given here.
function rawCases(kind) {
  const cases = [];
  const base = marshal(kind, withInput(kind));
  const raw = (entries, status, param, why) => cases.push({ kind: kind.name, cap: DEFAULT_CAP, raw: [...base, ...entries], status, param, why });
  for (const { p, path, group } of allParams(kind)) {
    const named = p.aliasOf ? `${group}.${p.aliasOf}` : path;  // an alias hands its value to its field
    if (p.type === 'enum') {
      const n = p.choices.length + Object.keys(p.choiceAliases).length;
      for (const v of [-1, n, 64, 1e9]) raw([[p.index, v]], 'EINVAL', named, `choice index ${v}`);
    }
    if (p.type === 'bool') for (const v of [2, -1, 0.5]) raw([[p.index, v]], 'EINVAL', named, `bool ${v}`);
    if (p.type === 'float[]') raw([[p.index, 1]], 'EINVAL', 'set', 'a number for an array');
    else raw([[p.index, new Float32Array([1])]], 'EINVAL', 'set', 'an array for a number');
  }
  raw([[allParams(kind).length, 1]], 'EINVAL', 'set', 'parameter index past the end');
  raw([[-1, 1]], 'EINVAL', 'set', 'negative parameter index');
  return cases;
}

// RoPE scaling needs several fields together, which the generic sweep never sets: published
// rope_scaling objects (Llama 3.1, Qwen2.5, DeepSeek-V3, Phi-3 shapes) for every kind that takes one.
const longFactor = [1, 1.1, 1.3, 1.8, 2.6, 4, 6.5, 9];
const SCALINGS = [
  { dim: 16, ropeScaling: { rope_type: 'linear', factor: 2 } },
  { dim: 16, ropeScaling: { rope_type: 'dynamic', factor: 2 }, seqLen: 5000 },
  { dim: 16, ropeScaling: { type: 'dynamic', factor: 4 } },
  { dim: 16, ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } },
  { dim: 16, ropeScaling: { type: 'yarn', factor: 4, original_max_position_embeddings: 32768 } },
  { dim: 16, partialRotaryFactor: 0.5, ropeScaling: { rope_type: 'yarn', factor: 40, mscale: 1, mscale_all_dim: 1, beta_fast: 32, beta_slow: 1, original_max_position_embeddings: 4096 } },
  { dim: 16, ropeScaling: { rope_type: 'yarn', factor: 16, truncate: false, attention_factor: 0.9 } },
  { dim: 16, maxPositionEmbeddings: 131072, ropeScaling: { type: 'su', short_factor: longFactor.map(() => 1), long_factor: longFactor, original_max_position_embeddings: 4096 } },
  { dim: 16, maxPositionEmbeddings: 131072, seqLen: 8192, ropeScaling: { rope_type: 'longrope', short_factor: longFactor.map(() => 1.5), long_factor: longFactor, original_max_position_embeddings: 4096 } },
  { dim: 16, layout: 'gptj', offset: -3, ropeScaling: { rope_type: 'longrope', factor: 8, short_factor: longFactor, long_factor: longFactor, original_max_position_embeddings: 2048 } },
];

// mrope-positions' layouts and rope's xdropeSection need several fields together (a prompt, a split),
// including the refusals (a fractional audio_merged id, ids past 2^31)
const LAYOUTS = [
  { sequence: 'text:2 image:1x4x6 text:3 video:3x4x4/2,5 text:1', layout: 'interleaved_runs', tokensPerSecond: 0.7 },
  { sequence: 'image:1x4x4 video:5x4x4@2.5 text:2', layout: 'interleaved_runs', tokensPerSecond: 2, temporalMergeSize: 2 },
  { sequence: 'text:2 image:1x4x6 text:1 image:1x2x2', layout: 'indexed_images', axes: 4 },
  { sequence: 'text:2 image:1x4x6 text:1 image:1x2x2 text:3', layout: 'indexed_images' },
  { sequence: 'text:3 audio:9 text:2 video:3x2x2@0.7 text:1 image:1x2x2 text:1', layout: 'audio_chunked' },
  { sequence: 'text:3 audio:250 text:2 video:3x4x4@2 text:1', layout: 'audio_merged', positionIdPerSeconds: 13, audioWindowSize: 25 },
  { sequence: 'text:2 video:3x4x4@0.5 text:1', layout: 'audio_merged', positionIdPerSeconds: 13 },
  { sequence: 'text:1 video:3x2x2@99999999999999999999 text:1', layout: 'interleaved_runs', tokensPerSecond: 1e6 },
  { sequence: 'text:2 video:3x4x4/5 text:2 image:2x4x4 text:1', model: 'glm4v' },
];
const XDROPE = [
  { dim: 16, positions: 6, xdropeSection: [2, 2, 2, 2] },
  { dim: 16, positions: 4, positionIds: [0, 1, 2, 3, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0], xdropeSection: [2, 2, 2, 2] },
  { dim: 24, positions: 4, layout: 'gptj', positionIds: [0, 1, 2, 3, 0, 1, 0, 1, 0, 0, 1, 1], xdropeSection: [2, 6, 4] },
  { dim: 16, positions: 2, xdropeSection: [4, 4] },
];

test('native ASan + UBSan run of the conformance requests agrees with wasm', { skip }, () => {
  const cases = [];
  for (const kind of pe.kinds) {
    const bytes = pe.compute(kind.name, withInput(kind)).data.byteLength;
    for (const c of sweepCases(kind, bytes)) cases.push({ ...c, why: 'sweep' });
    for (const c of errorCases(kind)) if (!c.jsOnly) cases.push({ kind: kind.name, params: c.params, cap: DEFAULT_CAP, why: `${c.param} ${c.why}` });
    cases.push(...rawCases(kind));
    if (kind.params.some((p) => p.name === 'audioWindowSize')) {
      for (const params of LAYOUTS) cases.push({ kind: kind.name, params, cap: DEFAULT_CAP, why: 'layout' });
    }
    if (kind.params.some((p) => p.name === 'xdropeSection') && ['rope', 'rope-apply', 'rope-frequencies', 'rope-columns', 'mrope-axes'].includes(kind.name)) {
      for (const params of XDROPE) cases.push({ kind: kind.name, params: withInput(kind, params), cap: DEFAULT_CAP, why: 'xdrope' });
    }
    if (kind.params.some((p) => p.name === 'ropeScaling')) {
      for (const params of SCALINGS) cases.push({ kind: kind.name, params: withInput(kind, { positions: 6, ...params }), cap: DEFAULT_CAP, why: 'scaling' });
    }
  }
  cases.push({ kind: 'no-such-kind', cap: DEFAULT_CAP, raw: [], status: 'EINVAL', param: 'kind', why: 'unknown kind' });
  assert.ok(cases.length > 1000, `${cases.length} cases`);

  const dir = mkdtempSync(join(tmpdir(), 'posenc-native-'));
  try {
    const lines = cases.map((c) => caseLine(c.kind, c.cap, c.raw ?? marshal(pe.kinds.find((k) => k.name === c.kind), c.params)));
    writeFileSync(join(dir, 'cases.txt'), lines.join('\n') + '\n');
    const r = spawnSync(binary, [join(dir, 'cases.txt'), join(dir, 'results.txt')], {
      encoding: 'utf8',
      env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' },
      maxBuffer: 64 * 2 ** 20,
    });
    assert.equal(r.stderr, '', 'sanitizer or driver findings on stderr');
    assert.equal(r.status, 0, `exit status (signal ${r.signal})`);
    const out = readFileSync(join(dir, 'results.txt'), 'utf8').trimEnd().split('\n');

    // the native build sees the same registry as wasm
    const reg = out[0].split(' ');
    assert.equal(reg[0], 'registry');
    assert.equal(+reg[1], pe.kinds.length);
    pe.kinds.forEach((k, i) => assert.deepEqual([reg[2 + 2 * i], +reg[3 + 2 * i]], [k.name, allParams(k).length]));

    assert.equal(out.length - 1, cases.length, 'one result per case');
    const bad = [];
    const computed = new Map();
    cases.forEach((c, i) => {
      const kind = pe.kinds.find((k) => k.name === c.kind);
      const n = parseResult(out[i + 1], kind?.dtype);
      const w = c.raw ? { status: c.status, param: c.param } : wasmRun(c);
      const diff = c.raw ? (n.status === w.status && n.param === w.param ? '' : `native ${n.status} ${n.param}, expected ${w.status} ${w.param}`)
        : compare(n, w);
      if (diff) bad.push(`${c.kind} (${c.why}) ${lines[i].slice(0, 160)}: ${diff}`);
      if (n.status === 'OK') computed.set(c.kind, (computed.get(c.kind) ?? 0) + 1);
    });
    assert.deepEqual(bad, [], `${bad.length} of ${cases.length} cases differ:\n${bad.slice(0, 20).join('\n')}`);
    for (const kind of pe.kinds) assert.ok(computed.get(kind.name) > 10, `${kind.name}: ${computed.get(kind.name)} computed cases`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
