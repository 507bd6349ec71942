// npm run bench [-- --large] [--reps N] [--fresh N] [--save FILE] [--multimodal-only] [--configs-only] [--engines-only] [--gguf-only]
//
// Sinusoidal tables (vaswani, base 10000, float32) the ways a user could build them, in one Node
// process with interleaved repetitions and medians: naive JS, JS with hoisted frequencies, posenc
// compute (copy) and computeView (zero-copy), against the limits of wasm (a SIMD store loop and
// memory.fill writing the same bytes, built from tests/bench/limits.c into their own module).
// Also the seed's numpy code in a child process (when /usr/bin/python3 has numpy), the colormap,
// instantiate and first-call times in fresh processes (load() of the embedded module too), the
// .wasm size and what embedding it costs (sizes raw and gzipped). Prints a markdown table;
// --save FILE also writes the results as JSON (tests/bench/results.json is the reference run
// web/docs/speed.md quotes).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { cpus, getPriority, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { load } from '../../web/posenc.js';
import { CONFIGS } from '../fixtures/configs.js';
import { writeGGUF } from '../gguf-writer.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const LARGE = args.includes('--large');
const MAX_REPS = Number(args[args.indexOf('--reps') + 1]) || 15;
// --save FILE: where to write the results (nothing is written without it)
const SAVE = args.includes('--save') ? args[args.indexOf('--save') + 1] : null;
if (args.includes('--save') && (!SAVE || SAVE.startsWith('--'))) throw new Error('--save needs a file name');
const ANALYSIS_ONLY = args.includes('--analysis-only');  // only the analysis kinds' section, printed
const SIZES = [[512, 64], [2048, 512], [8192, 1024], ...(LARGE ? [[32768, 4096]] : [])];
const FRESH = Number(args[args.indexOf('--fresh') + 1]) || 15;  // fresh processes per mode
const BUDGET_MS = 4000;  // per method and size: fewer repetitions for slow methods (at least 3)
const WARM_MS = 200, WARM_CALLS = 20;  // warm-up per method (see timeInterleaved)

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// ---- the limits module ----
function limitsModule() {
  const src = `${root}tests/bench/limits.c`;
  const out = `${root}build/bench/limits.wasm`;
  if (!existsSync(out) || statSync(out).mtimeMs < statSync(src).mtimeMs) {
    mkdirSync(`${root}build/bench`, { recursive: true });
    execFileSync('emcc', ['-O3', '-msimd128', '-mbulk-memory', '-sSTANDALONE_WASM', '--no-entry',
      '-sALLOW_MEMORY_GROWTH=1', '-sMAXIMUM_MEMORY=4GB', src, '-o', out],
    { stdio: 'inherit', env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } });
  }
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(out)), {});
  exports._initialize();
  return exports;
}

// ---- the JS a user would write ----
function naiveJS(positions, dim) {
  const pe = new Float32Array(positions * dim);
  for (let pos = 0; pos < positions; pos++) {
    for (let i = 0; i < dim; i++) {
      const angle = pos / Math.pow(10000, (2 * Math.floor(i / 2)) / dim);
      pe[pos * dim + i] = i % 2 === 0 ? Math.sin(angle) : Math.cos(angle);
    }
  }
  return pe;
}

function hoistedJS(positions, dim) {
  const pe = new Float32Array(positions * dim);
  const half = Math.ceil(dim / 2);
  const freq = new Float64Array(half);
  for (let k = 0; k < half; k++) freq[k] = Math.pow(10000, (-2 * k) / dim);
  for (let pos = 0, o = 0; pos < positions; pos++, o += dim) {
    for (let k = 0; k < half; k++) {
      const angle = pos * freq[k];
      pe[o + 2 * k] = Math.sin(angle);
      if (2 * k + 1 < dim) pe[o + 2 * k + 1] = Math.cos(angle);
    }
  }
  return pe;
}

// ---- accuracy: max |value - float64 formula| over sampled rows ----
function sampleRows(positions) {
  if (positions <= 2048) return Array.from({ length: positions }, (_, i) => i);
  const rows = new Set([positions - 1]);
  for (let i = 0; i < 1024; i++) rows.add(Math.floor((i * (positions - 1)) / 1023));
  return [...rows].sort((a, b) => a - b);
}

function maxError(dim, rows, rowValues) {  // rowValues(i) → the dim values of rows[i]
  let worst = 0;
  for (let i = 0; i < rows.length; i++) {
    const v = rowValues(i);
    for (let c = 0; c < dim; c++) {
      const angle = rows[i] * Math.pow(10000, (-2 * Math.floor(c / 2)) / dim);
      const e = Math.abs(v[c] - (c % 2 ? Math.cos(angle) : Math.sin(angle)));
      if (!(e <= worst)) worst = e;
    }
  }
  return worst;
}
const tableError = (table, dim, rows) => maxError(dim, rows, (i) => table.subarray(rows[i] * dim, (rows[i] + 1) * dim));

// ---- timing: interleaved rounds, each method until it has its repetitions ----
// before(), when given, runs (untimed) ahead of each timed call: for tables of COLD_BYTES and more it
// reads a buffer larger than the last-level cache (cold() below), so that each method starts from
// the same cold caches rather than from whatever the method before it left (computeView used to
// follow compute, which had just written the same heap block). Smaller tables are timed from warm
// caches, as a page that redraws them sees them: refilling the caches took most of their time.
function timeInterleaved(methods, before = null) {
  const reps = {};
  const ms = {};
  // Warm-up, and a first estimate: each method runs until WARM_MS or WARM_CALLS (V8 compiles wasm's
  // optimizing tier in the background and switches to it between calls: the steady state is what a
  // page that redraws sees; a slow method gets one call).
  for (const [name, fn] of Object.entries(methods)) {
    gc();
    let t = performance.now(), once = 0;
    for (let i = 0, start = t; i < WARM_CALLS && (i === 0 || performance.now() - start < WARM_MS); i++) {
      t = performance.now();
      fn();
      once = performance.now() - t;
    }
    reps[name] = Math.max(3, Math.min(MAX_REPS, Math.floor(BUDGET_MS / (once + 1e-3))));
    ms[name] = [];
  }
  for (let round = 0; round < MAX_REPS; round++) {
    for (const [name, fn] of Object.entries(methods)) {
      if (round >= reps[name]) continue;
      gc();
      before?.();
      const t = performance.now();
      fn();
      ms[name].push(performance.now() - t);
    }
  }
  return ms;
}

function numpyRuns(sizes) {
  const py = '/usr/bin/python3';
  if (!existsSync(py) || spawnSync(py, ['-c', 'import numpy'], { stdio: 'ignore' }).status !== 0) return null;
  const job = {
    sizes,
    reps: sizes.map(([n, d]) => (n * d > 1e8 ? 5 : MAX_REPS)),
    rows: sizes.map(([n]) => sampleRows(n)),
  };
  const r = spawnSync(py, [`${root}tests/bench/seed_numpy.py`], { input: JSON.stringify(job), maxBuffer: 2 ** 31 });
  if (r.status !== 0) throw new Error(`seed_numpy.py failed: ${r.stderr}`);
  const res = JSON.parse(r.stdout);
  return sizes.map(([, d], i) => {
    const buf = Buffer.from(res.rows[i], 'base64');
    const rows = new Float32Array(buf.buffer, buf.byteOffset, buf.length / 4);
    return { ms: res.ms[i], version: res.numpy, err: maxError(d, job.rows[i], (k) => rows.subarray(k * d, (k + 1) * d)) };
  });
}

// Fresh processes: load() (compile + instantiate; the registry is read on first use), the first
// small compute (which reads it), and the first big computeView, which runs before V8 has optimized
// code; and, in other processes, the bare WebAssembly.instantiate (async) and new
// WebAssembly.Module + Instance (sync, what load() does with bytes) of the same bytes.
function freshProcessRuns(count) {
  const script = (mode) => `
    import { readFileSync } from 'node:fs';
    import { load } from ${JSON.stringify(`${root}web/posenc.js`)};
    const bytes = readFileSync(${JSON.stringify(`${root}web/posenc.wasm`)});
    const imports = {};  // neither module imports anything
    const mode = ${JSON.stringify(mode)};
    if (mode === 'embedded') {  // the default: the base64 module imported (a copy: the query), load() decodes and compiles
      const t0 = performance.now();
      await import(${JSON.stringify(`${root}web/core/wasm-bytes.js?embedded`)});
      const t1 = performance.now();
      await load();
      console.log(JSON.stringify({ mode, importMs: t1 - t0, embeddedLoadMs: performance.now() - t1 }));
    } else if (mode === 'raw') {
      const t = performance.now();
      await WebAssembly.instantiate(bytes, imports);
      console.log(JSON.stringify({ instantiateMs: performance.now() - t }));
    } else if (mode === 'sync' || mode === 'floor') {  // floor: the bench's own tiny module
      const b = mode === 'sync' ? bytes : readFileSync(${JSON.stringify(`${root}build/bench/limits.wasm`)});
      const t0 = performance.now();
      const module = new WebAssembly.Module(b);
      const t1 = performance.now();
      const instance = new WebAssembly.Instance(module, imports);
      const t2 = performance.now();
      instance.exports._initialize();
      const t3 = performance.now();
      console.log(JSON.stringify({ mode, bytes: b.length, syncMs: t2 - t0, moduleMs: t1 - t0, instanceMs: t2 - t1, initMs: t3 - t2 }));
    } else {
      const t = performance.now();
      const pe = await load({ wasmBinary: bytes });
      const loadMs = performance.now() - t;
      pe.compute('sinusoidal', { positions: 50, dim: 64 });
      const firstResultMs = performance.now() - t;
      const call = () => { const t0 = performance.now(); pe.computeView('sinusoidal', { positions: 8192, dim: 1024 }).free(); return performance.now() - t0; };
      const first = call(), second = call();
      console.log(JSON.stringify({ loadMs, firstResultMs, first, second }));
    }`;
  const runs = [];
  for (let i = 0; i < count; i++) {
    for (const mode of ['load', 'embedded', 'raw', 'sync', 'floor']) {
      runs.push(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script(mode)], { encoding: 'utf8' })));
    }
  }
  return runs;
}

function colormapRuns(pe) {
  if (typeof pe.colormap !== 'function') return null;
  const [n, d] = [2048, 512];
  const table = pe.computeView('sinusoidal', { positions: n, dim: d });
  const lut = new Uint32Array(pe.colormapLUT().buffer);
  const out = new Uint32Array(n * d);
  const jsLUT = () => {  // the JS loop a user would write, for comparison
    const v = table.data;
    for (let i = 0; i < v.length; i++) {
      const t = Math.round(((v[i] + 1) / 2) * 255);
      out[i] = lut[t < 0 ? 0 : t > 255 ? 255 : t];
    }
  };
  const ms = timeInterleaved({
    'posenc colormap (vmin, vmax given)': () => pe.colormap(table, { vmin: -1, vmax: 1 }).free(),
    'posenc colormap (limits from the data)': () => pe.colormap(table).free(),
    'JS loop over the same LUT': jsLUT,
  });
  table.free();
  return Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, { ms: median(v), reps: v.length, mpxs: (n * d) / median(v) / 1e3 }]));
}

// ---- per CPU ----
// The CPUs of a VM need not be alike (the host shares cores with other guests; tests/bench/README.md
// has the runs that showed it), and a process stays on one for seconds at a time. The main
// tables measure whichever CPU the scheduler gave the process; this section measures the 8192×1024
// ratio and the colormap on each allowed CPU in turn, the main thread pinned with taskset (V8's
// helper threads keep theirs). Linux with taskset and two or more CPUs only.
const cpuList = (spec) => (spec ?? '').split(',').filter(Boolean).flatMap((part) => {
  const [a, b = a] = part.split('-').map(Number);
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
});

// The 8192×1024 ratio by itself: computeView and the store loop interleaved with each other only,
// each from cold caches. In the main table the JS methods between them run for up to a second and
// allocate and drop 32 MiB arrays, which slow the store loop and flatter the ratio, so the target's
// ratio comes from here.
function ratioRun(pe) {
  const bytes = 8192 * 1024 * 4;
  const ms = timeInterleaved({
    store: () => limits.limits_store(scratch, bytes),
    view: () => pe.computeView('sinusoidal', { positions: 8192, dim: 1024 }).free(),
  }, cold);
  return { storeMs: median(ms.store), computeViewMs: median(ms.view), xStore: median(ms.view) / median(ms.store) };
}

function perCPURuns(pe) {
  const allowed = allowedCPUs();
  const list = cpuList(allowed);
  if (process.platform !== 'linux' || list.length < 2 || spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status !== 0) return null;
  const pin = (spec) => execFileSync('taskset', ['-pc', spec, String(process.pid)], { stdio: 'ignore' });
  const table = pe.computeView('sinusoidal', { positions: 2048, dim: 512 });
  const others = {  // as in the colormap section: the table is warm, as after computing it
    spin: () => limits.limits_spin(200000),
    colormap: () => pe.colormap(table, { vmin: -1, vmax: 1 }).free(),
  };
  const out = {};
  try {
    for (const cpu of list) {
      pin(String(cpu));
      const ms = Object.fromEntries(Object.entries(timeInterleaved(others)).map(([k, v]) => [k, median(v)]));
      out[cpu] = { spinMs: ms.spin, ...ratioRun(pe), colormapMs: ms.colormap, colormapMpxs: (2048 * 512) / ms.colormap / 1e3 };
    }
  } finally {
    pin(allowed);
    table.free();
  }
  return out;
}

// ---- main ----
// The CPU this process runs on (Linux: /proc/self/stat field 39) and the CPUs it may run on, kept
// with the run: the main tables measure the CPU the scheduler chose (see "per CPU" above for why
// that matters on a VM). Pinning the whole process (taskset at the command line) would also put
// V8's background compiler and the child processes on that one CPU.
const cpuNow = () => {
  try {
    return Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[36]);
  } catch {
    return null;
  }
};
const allowedCPUs = () => {
  try {
    return readFileSync('/proc/self/status', 'utf8').match(/^Cpus_allowed_list:\s*(.*)$/m)?.[1] ?? null;
  } catch {
    return null;
  }
};
// ---- multimodal: explicit position ids and M-RoPE at 1M tokens, against plain rope ----
// A Qwen2-VL-style layout of ~1M tokens: 1300 times 16 text tokens and a 56 x 56 image (784 merged).
const MM_LAYOUT = Array.from({ length: 1300 }, () => 'text:16 image:1x56x56').join(' ');
function multimodalRuns(pe, reps = 5) {
  const dim = 32;
  const ids = pe.compute('mrope-positions', { sequence: MM_LAYOUT }).data;
  const P = ids.length / 3;
  const arange = Int32Array.from({ length: P }, (_, i) => i);
  const methods = {
    'rope, positions (today)': () => pe.computeView('rope', { positions: P, dim }),
    'rope, positionIds 0..P-1': () => pe.computeView('rope', { positionIds: arange, dim }),
    'rope, M-RoPE ids of the layout [4, 6, 6]': () => pe.computeView('rope', { positionIds: ids, mropeSection: [4, 6, 6], dim }),
    'rope, M-RoPE interleaved [6, 5, 5]': () => pe.computeView('rope', { positionIds: ids, mropeSection: [6, 5, 5], mropeInterleaved: true, dim }),
    'mrope-positions of the layout': () => pe.computeView('mrope-positions', { sequence: MM_LAYOUT }),
    // per-element costs depend on the output's size (caches): mrope-positions' 3P ids against a rope table as large
    'rope, as many elements as the ids': () => pe.computeView('rope', { positions: Math.round((3 * P) / (2 * dim)), dim }),
  };
  // wall time, and the process's CPU time (user + system), which other processes on the cores disturb less
  const ms = Object.fromEntries(Object.keys(methods).map((k) => [k, { wall: [], cpu: [] }]));
  for (let r = 0; r < reps; r++) {
    for (const [k, f] of Object.entries(methods)) {
      gc();
      const c = process.cpuUsage(), t = performance.now();
      const v = f();
      ms[k].wall.push(performance.now() - t);
      const d = process.cpuUsage(c);
      ms[k].cpu.push((d.user + d.system) / 1000);
      v.free();
    }
  }
  const out = { tokens: P, dim, reps };
  const plain = median(ms['rope, positions (today)'].cpu);
  const small = ms['rope, as many elements as the ids'];
  for (const [k, a] of Object.entries(ms)) {
    const ids = k.startsWith('mrope-positions'), same = a === small;
    const elements = ids ? 3 * P : same ? 2 * Math.round((3 * P) / (2 * dim)) * dim : 2 * P * dim;
    out[k] = { ms: median(a.wall), cpuMs: median(a.cpu), nsPerElement: (median(a.cpu) * 1e6) / elements,
      xPlainRope: k.startsWith('rope') && !same ? median(a.cpu) / plain : null,
      // mrope-positions against the rope table of its size: CPU and wall time
      xRopeSameSize: ids ? { cpu: median(a.cpu) / median(small.cpu), wall: median(a.wall) / median(small.wall) } : null };
  }
  return out;
}
const fmtMultimodal = (m) => [`Multimodal (${m.tokens} tokens, dim ${m.dim}, median of ${m.reps}; CPU time, ns per output element):`,
  ...Object.entries(m).filter(([, v]) => typeof v === 'object').map(([k, v]) => `- ${k}: ${v.cpuMs.toFixed(1)} ms CPU ` +
    `(${v.ms.toFixed(1)} wall), ${v.nsPerElement.toFixed(2)} ns${v.xPlainRope ? `, ×${v.xPlainRope.toFixed(2)} plain rope` : ''}` +
    (v.xRopeSameSize ? `, ×${v.xRopeSameSize.cpu.toFixed(2)} CPU / ×${v.xRopeSameSize.wall.toFixed(2)} wall the rope table of as many elements` : ''))];
// Config reading: positionsFromConfig on every real config of tests/fixtures/configs.js (target: under
// 1 ms each; a refusal is timed as the answer it is) and on the largest layer count the reader accepts
// (target: under 20 ms); the medians of interleaved repetitions.
function configRuns(pe) {
  const llama = { model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, rope_theta: 500000,
    max_position_embeddings: 131072, rope_scaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } };
  const read = (c) => () => {
    try {
      pe.positionsFromConfig(c);
    } catch (e) {
      if (e?.name !== 'PosencError') throw e;
    }
  };
  const methods = {};
  for (const [name, { config }] of Object.entries(CONFIGS)) {
    let refused = false;
    try {
      pe.positionsFromConfig(config);
    } catch {
      refused = true;
    }
    methods[`${name}${refused ? ' (refused)' : ''}`] = read(config);
  }
  methods['Llama, 65536 layers'] = read({ ...llama, num_hidden_layers: 65536 });
  methods['Gemma 3, 65536 layers (two RoPEs)'] = read({ model_type: 'gemma3_text', num_hidden_layers: 65536, rope_scaling: { rope_type: 'linear', factor: 8 } });
  const ms = timeInterleaved(methods);
  return Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, median(v)]));
}
const fmtConfigs = (c) => {
  const real = Object.entries(c).filter(([k]) => !k.includes('65536'));
  const worst = real.reduce((a, b) => (b[1] > a[1] ? b : a));
  return [`positionsFromConfig, median ms (target: under 1 ms per real config, under 20 ms for 65536 layers); ` +
    `the slowest real config ${worst[0]} ${worst[1].toFixed(3)} ms:`, ...Object.entries(c).map(([k, v]) => `- ${k}: ${v.toFixed(3)} ms`)];
};
// Engines (issue 34): compareEngines of a 64-layer config over the six engines at 8192 positions
// (target: under 200 ms), for a model whose engines differ (LongRoPE) and one with two layer types.
function engineCompareRuns(pe) {
  const factors = Array.from({ length: 48 }, (_, k) => 1 + k / 16);
  const configs = {
    'Phi-3.5-style LongRoPE, 64 layers': { model_type: 'phi3', hidden_size: 3072, num_attention_heads: 32, num_hidden_layers: 64,
      max_position_embeddings: 131072, original_max_position_embeddings: 4096, torch_dtype: 'bfloat16',
      rope_scaling: { type: 'longrope', long_factor: factors, short_factor: factors.map((f) => f / 2) } },
    'Gemma 3-style, 64 layers, two RoPEs': { model_type: 'gemma3_text', num_hidden_layers: 64, head_dim: 128, torch_dtype: 'bfloat16',
      rope_scaling: { rope_type: 'linear', factor: 8 } },
  };
  const ms = timeInterleaved(Object.fromEntries(Object.entries(configs).map(([k, c]) => [k, () => pe.compareEngines(c, { positions: 8192, seqLen: 2000 })])));
  return Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, median(v)]));
}
const fmtEngines = (c) => ['compareEngines, 6 engines, 8192 positions (target: under 200 ms), median ms:', ...Object.entries(c).map(([k, v]) => `- ${k}: ${v.toFixed(1)} ms`)];
if (args.includes('--engines-only')) {
  console.log(fmtEngines(engineCompareRuns(await load())).join('\n'));
  process.exit(0);
}
// GGUF headers (c/gguf.c): readGGUF of a header of 1,000 tensors and 50 key-value pairs (target:
// under 5 ms), and of a Llama 3 header with its 128,256-token vocabulary (strings, types, merges
// left out); the header bytes alone, the file's size unknown.
function ggufRuns(pe) {
  const kv = Array.from({ length: 50 }, (_, i) => (i % 5 === 4
    ? { key: `model.list.${i}`, type: 'array<int32>', value: [16, 24, 24, 0] }
    : { key: `model.key.${i}`, type: i % 2 ? 'float32' : 'uint32', value: i * 1000 }));
  const tensors = Array.from({ length: 1000 }, (_, i) => ({ name: `blk.${i >> 4}.t${i & 15}.weight`, type: i % 3 ? 'Q4_K' : 'F32',
    shape: [4096, 1 + (i % 7)] }));
  const small = writeGGUF({ kv, tensors, header: false }).bytes;
  const vocab = writeGGUF({ kv: [{ key: 'general.architecture', type: 'string', value: 'llama' },
    { key: 'tokenizer.ggml.tokens', type: 'array<string>', value: Array.from({ length: 128256 }, (_, i) => `tok${i}`) }],
  tensors: tensors.slice(0, 292), header: false }).bytes;
  const opts = { fileSize: Infinity };
  const ms = timeInterleaved({
    [`readGGUF, 1,000 tensors + 50 keys (${small.length} bytes)`]: () => pe.readGGUF(small, opts),
    [`ggufHeaderSize of the same`]: () => pe.ggufHeaderSize(small, opts),
    [`readGGUF, Llama 3 vocabulary of 128,256 tokens + 292 tensors (${vocab.length} bytes)`]: () => pe.readGGUF(vocab, opts),
  });
  return Object.fromEntries(Object.entries(ms).map(([k, v]) => [k, median(v)]));
}
const fmtGGUF = (g) => ['GGUF headers (target: readGGUF of 1,000 tensors + 50 keys under 5 ms), median ms:',
  ...Object.entries(g).map(([k, v]) => `- ${k}: ${v.toFixed(3)} ms`)];
if (args.includes('--gguf-only')) {
  console.log(fmtGGUF(ggufRuns(await load())).join('\n'));
  process.exit(0);
}
if (args.includes('--configs-only')) {
  console.log(fmtConfigs(configRuns(await load())).join('\n'));
  process.exit(0);
}
if (args.includes('--multimodal-only')) {
  console.log(fmtMultimodal(multimodalRuns(await load())).join('\n'));
  process.exit(0);
}

const conditions = { loadBefore: loadavg()[0], nice: getPriority(), cpuBefore: cpuNow(), cpusAllowed: allowedCPUs() };
const limits = limitsModule();
const pe = await load();
const wasmBytes = statSync(`${root}web/posenc.wasm`).size;
// What embedding the module costs in transfer: the .wasm, its base64 module, the single-file build.
const sized = (file) => {
  const path = `${root}${file}`;
  if (!existsSync(path)) return null;
  const b = readFileSync(path);
  return { file, bytes: b.length, gzipBytes: gzipSync(b, { level: 9 }).length };
};
const embedding = ['web/posenc.wasm', 'web/core/wasm-bytes.js', 'web/dist/posenc.mjs'].map(sized).filter(Boolean);
const SIM = 4096;  // the analysis section's similarity side: 64 MiB
const maxBytes = Math.max(...SIZES.map(([n, d]) => n * d * 4), SIM * SIM * 4);
const scratch = limits.limits_alloc(maxBytes);
if (!scratch) throw new Error('limits module: cannot allocate');
// 128 MiB: more than the last-level cache of the CPUs this runs on (32 MiB per CCX here; 96 MiB on
// the largest EPYCs). Written once with plain stores (memory.fill may bypass the caches), then read.
const EVICT_BYTES = 128 * 2 ** 20;
const evictBuf = limits.limits_alloc(EVICT_BYTES);
if (!evictBuf) throw new Error('limits module: cannot allocate');
limits.limits_store(evictBuf, EVICT_BYTES);
const cold = () => limits.limits_read(evictBuf, EVICT_BYTES);
const COLD_BYTES = 16 * 2 ** 20;  // tables from 16 MiB (8192×1024 and up) are timed from cold caches
pe.maxBytes = Math.max(pe.maxBytes, maxBytes);

// The analysis kinds (issue 15): a 4096×4096 similarity (target: within 3× of the store loop for the
// same 64 MiB, from cold caches) for a table without and with an unpaired sine column (odd dim: the
// rank-one term makes it a per-value loop), and rope-decay's zoomed window of a million distances
// (only the window is computed: it should cost what the same number of rows near 0 costs).
function analysisRun(pe) {
  const bytes = SIM * SIM * 4;
  const ms = timeInterleaved({
    store: () => limits.limits_store(scratch, bytes),
    'similarity dim 64': () => pe.computeView('similarity', { positions: SIM, dim: 64 }).free(),
    'similarity dim 512': () => pe.computeView('similarity', { positions: SIM, dim: 512 }).free(),
    'similarity dim 64 normalize': () => pe.computeView('similarity', { positions: SIM, dim: 64, normalize: true }).free(),
    'similarity dim 65 (unpaired sine)': () => pe.computeView('similarity', { positions: SIM, dim: 65 }).free(),
  }, cold);
  const decay = timeInterleaved({
    'rope-decay 1000 distances from 0': () => pe.computeView('rope-decay', { dim: 128, distances: 1000 }).free(),
    'rope-decay 1000 distances from 999000': () => pe.computeView('rope-decay', { dim: 128, offset: 999000, distances: 1000 }).free(),
    'rope-decay 1000 of 10^6 distances (step 1000)': () => pe.computeView('rope-decay', { dim: 128, step: 1000, distances: 1000 }).free(),
    'rope-spectrum Llama 3.1': () => pe.computeView('rope-spectrum', { dim: 128, base: 500000,
      ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } }).free(),
  });
  const store = median(ms.store);
  const out = { storeMs: store, similarity: {}, decay: {} };
  for (const [k, v] of Object.entries(ms)) if (k !== 'store') out.similarity[k] = { ms: median(v), xStore: median(v) / store };
  for (const [k, v] of Object.entries(decay)) out.decay[k] = { ms: median(v) };
  return out;
}
const fmtAnalysis = (a) => [
  `Analysis kinds (issue 15): ${SIM}×${SIM} similarity (64 MiB) against the store loop for the same bytes (${a.storeMs.toFixed(2)} ms), cold caches:`,
  ...Object.entries(a.similarity).map(([k, v]) => `- ${k}: ${v.ms.toFixed(2)} ms, ×${v.xStore.toFixed(2)} the store loop`),
  ...Object.entries(a.decay).map(([k, v]) => `- ${k}: ${v.ms.toFixed(3)} ms`)];
// Checking a port (pe.check): a 32768 × 128 cos/sin table of Llama 3.1's RoPE, as transformers'
// float32 pipeline forms it (freqDtype float32), checked against the config's params: exact, and
// with its pairs in gptj order, which runs the diagnosis (every cause's fixes on sampled rows, the
// best three over the whole table). Target: under 1 s with the diagnosis.
const CHECK_ROWS = 32768;
function checkRun(pe, reps = 5) {
  const llama = { dim: 128, base: 500000, maxPositionEmbeddings: 131072,
    ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } };
  const table = (extra) => {
    const m = pe.compute('rope', { ...llama, positions: CHECK_ROWS, freqDtype: 'float32', ...extra });
    return { shape: m.shape, data: m.data, dtype: 'float32' };
  };
  const exact = table({}), gptj = table({ layout: 'gptj' });
  const target = { kind: 'rope', params: llama };
  const ms = timeInterleaved({
    'check, exact': () => pe.check(exact, target),
    'check, gptj pairs (diagnosis)': () => pe.check(gptj, target),
  });
  const r = pe.check(gptj, target);
  const out = { rows: CHECK_ROWS, width: 128, diagnosis: r.diagnosis[0]?.cause ?? null, methods: {} };
  for (const [k, v] of Object.entries(ms)) out.methods[k] = { ms: median(v) };
  return out;
}
const fmtCheck = (c) => [`Checking a port: a ${c.rows} × ${c.width} cos/sin table (Llama 3.1, float32 pipeline), median (target: < 1000 ms with the diagnosis):`,
  ...Object.entries(c.methods).map(([k, v]) => `- ${k}: ${v.ms.toFixed(1)} ms`), `- diagnosis found: ${c.diagnosis}`];
if (args.includes('--check-only')) {
  console.log(fmtCheck(checkRun(pe)).join('\n'));
  process.exit(0);
}

if (ANALYSIS_ONLY) {
  console.log(fmtAnalysis(analysisRun(pe)).join('\n'));
  process.exit(0);
}

const results = [];
for (const [n, d] of SIZES) {
  const bytes = n * d * 4;
  const params = { positions: n, dim: d };
  const methods = {
    'naive JS (Math.pow + Math.sin per element)': () => naiveJS(n, d),
    'JS, frequencies hoisted': () => hoistedJS(n, d),
    'posenc compute (copy)': () => pe.compute('sinusoidal', params),
    'posenc computeView (zero-copy)': () => pe.computeView('sinusoidal', params).free(),
    'limit: wasm SIMD store loop': () => limits.limits_store(scratch, bytes),
    'limit: wasm memory.fill': () => limits.limits_fill(scratch, bytes),
  };
  const ms = timeInterleaved(methods, bytes >= COLD_BYTES ? cold : null);
  const rows = sampleRows(n);
  const errors = {
    'naive JS (Math.pow + Math.sin per element)': tableError(naiveJS(n, d), d, rows),
    'JS, frequencies hoisted': tableError(hoistedJS(n, d), d, rows),
    'posenc compute (copy)': tableError(pe.compute('sinusoidal', params).data, d, rows),
  };
  const view = pe.computeView('sinusoidal', params);
  errors['posenc computeView (zero-copy)'] = tableError(view.data, d, rows);
  view.free();
  results.push({ positions: n, dim: d, bytes, methods: ms, errors });
  gc();
}

// Context: what touching fresh memory costs here (a new ArrayBuffer's pages are mapped on first
// write); compute()'s copy and a process's first large call pay it.
const firstTouch = [];
for (let i = 0; i < 5; i++) {
  gc();
  const t = performance.now();
  new Float32Array(8192 * 1024).fill(1);
  firstTouch.push(performance.now() - t);
}

const numpy = numpyRuns(SIZES);
const fresh = freshProcessRuns(FRESH);
const colormap = colormapRuns(pe);
const ratio = ratioRun(pe);
const analysis = analysisRun(pe);
const checking = checkRun(pe);
conditions.cpuAfter = cpuNow();
const perCPU = perCPURuns(pe);
const multimodal = multimodalRuns(pe);
const configReading = configRuns(pe);
const engineCompare = engineCompareRuns(pe);
const ggufReading = ggufRuns(pe);
conditions.loadAfter = loadavg()[0];

// ---- report ----
const syncParts = (runs) => ({ bytes: runs[0]?.bytes, msMedian: median(runs.map((r) => r.syncMs)),
  moduleMsMedian: median(runs.map((r) => r.moduleMs)), instanceMsMedian: median(runs.map((r) => r.instanceMs)),
  initMsMedian: median(runs.map((r) => r.initMs)) });
const fmtSync = (p) => `${p.msMedian.toFixed(2)} ms (Module ${p.moduleMsMedian.toFixed(2)}, Instance ${p.instanceMsMedian.toFixed(2)}; then _initialize ${p.initMsMedian.toFixed(2)})`;
const report = {
  date: new Date().toISOString(),
  machine: { cpu: cpus()[0]?.model, cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version, v8: process.versions.v8, numpy: numpy?.[0].version ?? null },
  conditions: { ...conditions, note: 'load average (1 min) before and after; other processes may share the cores' },
  wasmBytes,
  instantiate: {
    loadMsMedian: median(fresh.filter((r) => r.loadMs).map((r) => r.loadMs)),
    firstResultMsMedian: median(fresh.filter((r) => r.firstResultMs).map((r) => r.firstResultMs)),
    instantiateMsMedian: median(fresh.filter((r) => r.instantiateMs).map((r) => r.instantiateMs)),
    // new WebAssembly.Module, new Instance, exports._initialize(): posenc's, and (floor, the engine's
    // part) the same in a fresh process for the bench's own tiny module (limits.wasm)
    // load() of the embedded module: import of the base64 module (parse and evaluate), then
    // load() (decode + Module + Instance); loadMsMedian above is load({ wasmBinary })
    embedded: { importMsMedian: median(fresh.filter((r) => r.mode === 'embedded').map((r) => r.importMs)),
      loadMsMedian: median(fresh.filter((r) => r.mode === 'embedded').map((r) => r.embeddedLoadMs)) },
    sync: syncParts(fresh.filter((r) => r.mode === 'sync')),
    floor: syncParts(fresh.filter((r) => r.mode === 'floor')),
    runs: FRESH,
  },
  embedding,
  freshMemory32MiBMs: median(firstTouch),
  firstCall8192x1024: { firstMsMedian: median(fresh.filter((r) => r.first).map((r) => r.first)),
    secondMsMedian: median(fresh.filter((r) => r.second).map((r) => r.second)) },
  sizes: results.map((r, i) => {
    const store = median(r.methods['limit: wasm SIMD store loop']);
    const entry = (ms, err) => ({ ms: median(ms), reps: ms.length, gbps: r.bytes / median(ms) / 1e6, xStore: median(ms) / store,
      maxAbsErr: err ?? null });
    const methods = Object.fromEntries(Object.entries(r.methods).map(([k, ms]) => [k, entry(ms, r.errors[k])]));
    if (numpy) methods["the seed's numpy code (child process)"] = entry(numpy[i].ms, numpy[i].err);
    return { positions: r.positions, dim: r.dim, bytes: r.bytes, methods };
  }),
  colormap2048x512: colormap,
  ratio8192x1024: ratio,
  analysis,
  checking,
  perCPU,
  multimodal,
  configReading,
  engineCompare,
  ggufReading,
};
const at = report.sizes.find((s) => s.positions === 8192 && s.dim === 1024)?.methods;
if (at) {
  const view = at['posenc computeView (zero-copy)'];
  report.targets = {
    'computeView ÷ store loop (≤ 1.5), the two alone from cold caches': ratio.xStore,
    'computeView ÷ store loop in the table above': view.xStore,
    'computeView max abs error (≤ 6e-8)': view.maxAbsErr,
    'naive JS ÷ computeView (≥ 150)': at['naive JS (Math.pow + Math.sin per element)'].ms / view.ms,
    'numpy ÷ computeView (≥ 20)': at["the seed's numpy code (child process)"] ? at["the seed's numpy code (child process)"].ms / view.ms : null,
    '.wasm KiB (≤ 48)': wasmBytes / 1024,
    'load() ms, median (≤ 5)': report.instantiate.loadMsMedian,
    'load() of the embedded module (the default) ms, median (≤ 5)': report.instantiate.embedded.loadMsMedian,
    'WebAssembly.instantiate ms (async), median': report.instantiate.instantiateMsMedian,
    'colormap 2048×512 Mpx/s, vmin/vmax given (≥ 1000)': colormap?.['posenc colormap (vmin, vmax given)'].mpxs ?? null,
  };
}

const fmtMs = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const fmtErr = (e) => (e === null ? '—' : e === 0 ? '0' : e.toExponential(1));
const lines = [];
const head = ['method', ...report.sizes.map((s) => `${s.positions}×${s.dim} (${(s.bytes / 2 ** 20).toFixed(s.bytes < 2 ** 20 ? 2 : 0)} MiB)`), 'max abs err vs float64'];
lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
for (const name of Object.keys(report.sizes[0].methods)) {
  const cells = report.sizes.map((s) => {
    const m = s.methods[name];
    return `${fmtMs(m.ms)} ms · ${m.gbps.toFixed(m.gbps < 1 ? 3 : 1)} GB/s · ×${m.xStore.toFixed(m.xStore < 10 ? 2 : 0)}`;
  });
  const errs = report.sizes.map((s) => s.methods[name].maxAbsErr).filter((e) => e !== null);
  lines.push(`| ${name} | ${cells.join(' | ')} | ${errs.length ? fmtErr(Math.max(...errs)) : '—'} |`);
}
lines.push('', `Cells: median time · GB/s of float32 output · × the SIMD store loop at that size; tables of ${COLD_BYTES / 2 ** 20} MiB and more from cold caches, smaller ones warm.`);
if (!numpy) lines.push("The seed's numpy code: skipped (/usr/bin/python3 has no numpy).");
lines.push('', `- .wasm: ${wasmBytes} bytes (${(wasmBytes / 1024).toFixed(1)} KiB)`,
  `- instantiate in a fresh process (${report.instantiate.runs} processes each): load() median ${report.instantiate.loadMsMedian.toFixed(2)} ms, ` +
    `to the first result (load() + a 50×64 compute, which reads the registry) ${report.instantiate.firstResultMsMedian.toFixed(2)} ms; ` +
    `bare new WebAssembly.Module + Instance ${fmtSync(report.instantiate.sync)}, WebAssembly.instantiate (async) ${report.instantiate.instantiateMsMedian.toFixed(2)} ms; ` +
    `the same for a ${report.instantiate.floor.bytes}-byte module (the engine's fixed cost, and that module's own code: an upper bound) ${fmtSync(report.instantiate.floor)}`,
  `- embedded module (the default load()): import of its base64 module median ${report.instantiate.embedded.importMsMedian.toFixed(2)} ms, ` +
    `then load() (base64 decode + compile + instantiate) ${report.instantiate.embedded.loadMsMedian.toFixed(2)} ms, against load({ wasmBinary }) ` +
    `${report.instantiate.loadMsMedian.toFixed(2)} ms; sizes (raw / gzip -9): ` +
    report.embedding.map((e) => `${e.file} ${e.bytes} / ${e.gzipBytes} bytes`).join(', '),
  `- first computeView 8192×1024 in a fresh process: median ${report.firstCall8192x1024.firstMsMedian.toFixed(1)} ms, second ${report.firstCall8192x1024.secondMsMedian.toFixed(1)} ms`,
  `- context: a new 32 MiB Float32Array filled once (fresh pages): median ${report.freshMemory32MiBMs.toFixed(1)} ms`);
if (colormap) {
  for (const [k, v] of Object.entries(colormap)) lines.push(`- colormap 2048×512 → RGBA8, ${k}: ${v.ms.toFixed(2)} ms, ${v.mpxs.toFixed(0)} Mpx/s`);
} else {
  lines.push('- colormap: skipped (pe.colormap does not exist in this build)');
}
lines.push('', ...fmtAnalysis(analysis));
lines.push('', ...fmtCheck(checking));
if (perCPU) {
  lines.push('', 'The same on each CPU (main thread pinned): arithmetic loop (limits_spin) · store loop and computeView 8192×1024 (the two alone, cold caches) · colormap 2048×512:');
  for (const [cpu, r] of Object.entries(perCPU)) {
    lines.push(`- CPU ${cpu}: ${r.spinMs.toFixed(3)} ms · store ${r.storeMs.toFixed(2)} ms, computeView ${r.computeViewMs.toFixed(2)} ms (×${r.xStore.toFixed(2)}) · ` +
      `colormap ${r.colormapMs.toFixed(2)} ms (${r.colormapMpxs.toFixed(0)} Mpx/s)`);
  }
}
if (report.targets) {
  lines.push('', 'Targets (issue 5), 8192×1024:');
  for (const [k, v] of Object.entries(report.targets)) lines.push(`- ${k}: ${v === null ? 'n/a' : v < 1e-3 ? v.toExponential(1) : v.toFixed(2)}`);
}
lines.push('', `${report.machine.cpu}, ${report.machine.cores} cores, Node ${process.version}; load average ${conditions.loadBefore.toFixed(2)} before, ${conditions.loadAfter.toFixed(2)} after${conditions.nice ? ` (run at nice ${conditions.nice})` : ''}; on CPU ${conditions.cpuBefore ?? '?'} at the start, ${conditions.cpuAfter ?? '?'} before the pinned runs (allowed: ${conditions.cpusAllowed ?? '?'}); up to ${MAX_REPS} interleaved repetitions per method (fewer for slow ones, at least 3), medians.`);
lines.push('', ...fmtMultimodal(multimodal));
lines.push('', ...fmtConfigs(configReading));
lines.push('', ...fmtEngines(engineCompare));
lines.push('', ...fmtGGUF(ggufReading));
console.log(lines.join('\n'));
report.markdown = lines.join('\n');
if (SAVE) {
  writeFileSync(SAVE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nresults written to ${SAVE}`);
}
