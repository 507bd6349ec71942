#!/usr/bin/env node
// posenc on the command line: a model's layers, any kind's table written to .npy/.csv/.json, a
// user's tensor checked against a config or a kind, and the registry. Everything numeric is the
// module's (pe.compute, pe.readTensor, pe.check); this file reads arguments and files. A config is
// a file, a model directory or a Hub model id org/name[@revision] (core/hub-node.js).
// Exit status: 0 done (check: exact), 1 check: the tensor differs, 2 bad input or usage.
import { openSync, readSync, closeSync, fstatSync, existsSync, writeFileSync } from 'node:fs';
import { load, PosencError } from './posenc.js';
import { resolveConfig } from './core/hub-node.js';
import { readGGUFFile } from './core/gguf-node.js';
import { ggufRopeTensors } from './core/engines/gguf.js';

const USAGE = `usage:
  posenc layers CONFIG [ENGINE options] [--json]
  posenc table KIND [--PARAM VALUE ...] [--config CONFIG [--layer L] [ENGINE options]] [-o OUT.npy|.csv|.json]
  posenc check FILE [--tensor NAME] (--config CONFIG [--layer L] [ENGINE options] | --kind KIND [--PARAM VALUE ...])
               [--what cos|sin|cos-sin|sin-cos|inv_freq|rotated] [--input FILE [--input-tensor NAME]]
               [--dtype float32|bfloat16|float16] [--freq-dtype double|float32|bfloat16|float16]
               [--tolerance T] [--json]
  posenc kinds [--json]
  posenc engines CONFIG [--context N] [--seq-len N] [--engines a,b] [--positions N] [--json]
  posenc layers MODEL.gguf [--context N] [--json]           what llama.cpp computes for the file
  posenc check MODEL.gguf --config CONFIG [--context N] [--positions N]  exit 0 when llama.cpp computes what transformers does
CONFIG: a config.json, a model directory, or a Hugging Face model id org/name[@revision]
(Qwen/Qwen3-8B, org/name@v1.0; --revision REV does the same), fetched with HF_ENDPOINT, HF_TOKEN
(else the token file of huggingface-cli login), HF_HOME (its cache), HF_HUB_OFFLINE=1 (the cache
only); --timeout SECONDS (default 30) bounds the request.
ENGINE options: --engine NAME (transformers, vllm, sglang, llama.cpp, mlx-lm, tensorrt-llm), --context N
(the context the engine was started with), --seq-len N (the length of the sequence computed).
Parameters are the registry's (posenc kinds), in camelCase or kebab-case: --dim 128,
--partial-rotary-factor 0.5, --rope-scaling '{"rope_type":"yarn","factor":4}' (objects and arrays as JSON),
or an object's fields by their config.json names: --rope-type yarn --factor 4.
CONFIG.json: a config file, or a model directory (its config.json is read).
FILE: .npy, .safetensors (read by position: the header, then only the tensor's bytes).`;

class Usage extends Error {}
const camel = (s) => s.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const progress = (msg) => { if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${msg}`); };
const progressDone = () => { if (process.stderr.isTTY) process.stderr.write('\r\x1b[K'); };

// argv → { positional, options: Map(name → value) } (a flag without a value is true)
function parseArgs(argv) {
  const positional = [], options = new Map();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-o') { options.set('o', argv[++i]); continue; }
    if (!a.startsWith('--')) { positional.push(a); continue; }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    let value = eq > 0 ? a.slice(eq + 1) : true;
    if (value === true && i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
    if (options.has(name)) throw new Usage(`--${name} is given twice`);
    options.set(name, value);
  }
  return { positional, options };
}

// A command-line value typed by the registry's parameter.
function typed(p, raw, flag) {
  const bad = (what) => new PosencError(`posenc: ${flag} ${JSON.stringify(raw)} ${what}`, 'EINVAL', p.name);
  if (p.type === 'int' || p.type === 'float') {
    const v = raw === true ? NaN : Number(raw);
    if (raw === '' || Number.isNaN(v)) throw bad('is not a number');
    return v;
  }
  if (p.type === 'bool') {
    if (raw === true || raw === 'true') return true;
    if (raw === 'false') return false;
    throw bad('is not true or false');
  }
  if (raw === true) throw bad('needs a value');
  if (p.type === 'object' || p.type === 'float[]' || p.type === 'int[]') {
    if (p.type !== 'object' && /^[-+0-9., e]+$/i.test(raw)) return raw.split(',').map(Number);
    try {
      return JSON.parse(raw);
    } catch {
      throw bad('is not JSON');
    }
  }
  return raw;
}

const OWN = new Set(['o', 'json', 'config', 'layer', 'tensor', 'kind', 'what', 'input', 'input-tensor', 'tolerance', 'timeout', 'revision', 'engine',
  'context', 'seq-len']);

// --engine, --context, --seq-len as layersFromConfig's options (checked there)
function engineOpts(options) {
  const out = {};
  const int = (flag) => {
    const raw = options.get(flag);
    const v = raw === true ? NaN : Number(raw);
    if (Number.isNaN(v)) throw new PosencError(`posenc: --${flag} ${JSON.stringify(raw)} is not a number`, 'EINVAL', camel(flag));
    return v;
  };
  if (options.has('engine')) {
    if (options.get('engine') === true) throw new PosencError('posenc: --engine needs a name', 'EINVAL', 'engine');
    out.engine = options.get('engine');
  }
  if (options.has('context')) out.context = int('context');
  if (options.has('seq-len')) out.seqLen = int('seq-len');
  return out;
}

// The registry's params of `kind` from the options (the command's own options left out).
function paramsOf(pe, kind, options) {
  const info = pe.kinds.find((k) => k.name === kind);
  if (!info) throw new PosencError(`posenc: unknown kind ${JSON.stringify(kind)} (kinds: ${pe.kinds.map((k) => k.name).join(', ')})`, 'EINVAL', 'kind');
  const params = {};
  for (const [name, raw] of options) {
    if (OWN.has(name)) continue;
    const key = camel(name);
    const p = info.params.find((q) => q.name === key);
    if (p) {
      params[key] = typed(p, raw, `--${name}`);
      continue;
    }
    // a field of an object parameter by its config.json name: --rope-type yarn --factor 4
    const snake = name.replace(/-/g, '_');
    const group = info.params.find((q) => q.fields?.some((f) => f.name === snake && !f.aliasOf));
    if (!group) throw new PosencError(`posenc: --${name} is not a parameter of ${kind} (parameters: ${info.params.map((q) => q.name).join(', ')})`, 'EINVAL', key);
    const field = group.fields.find((f) => f.name === snake);
    params[group.name] = { ...(params[group.name] ?? {}), [snake]: typed(field, raw, `--${name}`) };
  }
  return params;
}

const fsError = (e, path, what) =>
  new PosencError(`posenc: ${what} ${path} ${e.code === 'ENOENT' ? 'does not exist' : e.code === 'EACCES' ? 'cannot be read (permission denied)' : `cannot be read: ${e.code ?? e.message}`}`,
    e.code === 'ENOENT' || e.code === 'EACCES' ? e.code : 'EINVAL', what);

// A config file, a model directory or a model id (with --revision and --timeout), parsed.
async function readConfig(arg, options) {
  if (arg === true || arg === undefined) throw new Usage('--config needs a config.json, a model directory or a model id');
  const t = options.get('timeout');
  const seconds = t === undefined ? 30 : Number(t);
  if (t === true || !(seconds > 0) || seconds > 86400) {
    throw new PosencError(`posenc: --timeout ${JSON.stringify(t)} is not a number of seconds in (0, 86400]`, 'EINVAL', 'timeout');
  }
  const rev = options.get('revision');
  if (rev !== undefined) {
    if (rev === true) throw new Usage('--revision needs a branch, tag or commit');
    if (existsSync(arg)) throw new PosencError(`posenc: --revision is for a model id; ${arg} is a local file or directory`, 'EINVAL', 'model');
    if (arg.includes('@')) throw new PosencError(`posenc: ${arg} names its revision already; --revision ${rev} too`, 'EINVAL', 'model');
    arg = `${arg}@${rev}`;
  }
  progress(`posenc: reading ${arg}`);
  const got = await resolveConfig(arg, { timeout: seconds * 1000 });
  progressDone();
  return got.config;
}
const layerOf = (v) => (v === undefined || v === true ? undefined : /^\d+$/.test(v) ? Number(v) : v);

// A tensor read by position: the first bytes, the header, then only the tensor's range.
function readTensorFile(pe, path, name) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw fsError(e, path, 'file');
  }
  try {
    const size = fstatSync(fd).size;
    const read = (from, n) => {
      const buf = new Uint8Array(n);
      let got = 0;
      while (got < n) {
        const k = readSync(fd, buf, got, n - got, from + got);
        if (k === 0) break;
        got += k;
      }
      return buf.subarray(0, got);
    };
    const first = read(0, Math.min(size, 16));
    const need = pe.tensorHeaderSize(first, { fileSize: size });
    const header = pe.tensorHeader(read(0, need), { fileSize: size });
    let t;
    if (name !== undefined && header.format === 'safetensors') {
      t = header.tensors.find((x) => x.name === name);
      if (!t) throw new PosencError(`posenc: --tensor ${JSON.stringify(name)} is not in ${path} (${header.tensors.map((x) => x.name).join(', ')})`, 'EINVAL', 'name');
    } else if (header.tensors.length === 1) {
      t = header.tensors[0];
    } else {
      throw new PosencError(`posenc: ${path} holds ${header.tensors.length} tensors; choose one with --tensor (${header.tensors.map((x) => x.name).join(', ')})`, 'EINVAL', 'name');
    }
    progress(`posenc: reading ${t.name || path} (${t.end - t.begin} bytes)`);
    if (!['float64', 'float32', 'float16', 'bfloat16', 'int64', 'int32'].includes(t.dtype)) {
      throw new PosencError(`posenc: ${t.name || path}: dtype ${t.dtype} is not one of float64, float32, float16, bfloat16, int64, int32`, 'EINVAL', 'dtype');
    }
    const out = pe.readTensor(read(t.begin, t.end - t.begin), { name: t.name, shape: t.shape, dtype: t.dtype });
    return out;
  } finally {
    closeSync(fd);
  }
}

// .npy bytes of a float32 or int32 table (header in JS: it is text, not numbers).
function npyBytes(m) {
  const descr = m.dtype === 'int32' ? '<i4' : '<f4';
  const shape = m.shape.length === 1 ? `(${m.shape[0]},)` : `(${m.shape.join(', ')})`;
  let text = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  text += ' '.repeat((64 - ((10 + text.length + 1) % 64)) % 64) + '\n';
  const head = new Uint8Array(10 + text.length);
  head.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  new DataView(head.buffer).setUint16(8, text.length, true);
  head.set(new TextEncoder().encode(text), 10);
  const data = new Uint8Array(m.data.buffer, m.data.byteOffset, m.data.byteLength);
  const out = new Uint8Array(head.length + data.length);
  out.set(head);
  out.set(data, head.length);
  return out;
}

function csvText(m) {
  const w = m.shape[m.shape.length - 1] ?? 1;
  const lines = [];
  for (let i = 0; i < m.data.length; i += w) lines.push(Array.from(m.data.subarray(i, i + w), String).join(','));
  return lines.join('\n') + '\n';
}

function describeLayer(l) {
  const p = l.positions;
  if (p?.kind === 'rope') {
    const r = p.params;
    return `rope dim ${r.dim} base ${r.base}${r.partialRotaryFactor !== 1 ? ` rotary ${r.partialRotaryFactor}` : ''} ${r.layout}` +
      `${p.rotate === 'last' ? ' (last dims)' : ''}${r.ropeScaling.rope_type !== 'default' ? ` ${r.ropeScaling.rope_type}${r.ropeScaling.factor ? ` x${r.ropeScaling.factor}` : ''}` : ''}`;
  }
  if (p?.params) return `${p.kind} ${Object.entries(p.params).map(([k, v]) => `${k} ${v}`).join(' ')}${p.owner !== undefined && p.owner !== l.index ? ` (table of layer ${p.owner})` : ''}`;
  if (p) return `${p.kind} (${p.size} weights)`;
  return 'no positions';
}

// A GGUF file (llama.cpp's): by its magic, whatever its name. The header and the rope tensors only.
function isGGUF(path) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const b = new Uint8Array(4);
    return fstatSync(fd).isFile() && readSync(fd, b, 0, 4, 0) === 4 && String.fromCharCode(...b) === 'GGUF';
  } finally {
    closeSync(fd);
  }
}
const readGGUF = (pe, path) => readGGUFFile(path, { tensors: ggufRopeTensors, posenc: pe });

async function cmdLayersGGUF(pe, path, options) {
  const { context } = engineOpts(options);
  const { gguf, tensors, bytesRead } = await readGGUF(pe, path);
  const layers = pe.layersFromGGUF(gguf, { tensors, context });
  if (options.get('json')) return console.log(JSON.stringify(layers, null, 1)), 0;
  console.log(`${gguf.metadata['general.architecture']} (GGUF, as llama.cpp computes it${context ? ` at context ${context}` : ''}): ${layers.length} layers; ` +
    `read ${bytesRead} bytes of the file (the header and ${Object.keys(tensors).join(', ') || 'no tensor'})`);
  for (const l of layers) {
    console.log(`${String(l.index).padStart(3)}  ${l.type.padEnd(18)} ${describeLayer(l)}${l.rope?.freqFactors ? ' (frequency factors)' : ''}` +
      `${l.window ? `  window ${l.window}` : ''}`);
    for (const r of l.engine.rules) console.log(`       ${r.rule}: ${r.effect}`);
  }
  return 0;
}

async function cmdLayers(pe, { positional, options }) {
  if (positional.length !== 1) throw new Usage('layers takes one config (a config.json, a model directory or a model id) or a .gguf file');
  if (isGGUF(positional[0])) return cmdLayersGGUF(pe, positional[0], options);
  const story = pe.positionsFromConfig(await readConfig(positional[0], options), engineOpts(options));
  if (options.get('json')) return console.log(JSON.stringify(story, null, 1)), 0;
  if (story.engine) console.log(`as ${story.engine} computes it`);
  console.log(`${story.modelType ?? '(no model_type)'}${story.family !== story.modelType ? `, read as ${story.family}` : ''}: ${story.layers.length} layers`);
  if (story.input) {
    console.log(story.input.kind === 'learned' ? `input: learned positions, ${story.input.size} rows from ${story.input.offset} (weights)`
      : `input: sinusoidal ${JSON.stringify(story.input.params)}`);
  }
  for (const l of story.layers) {
    console.log(`${String(l.index).padStart(3)}  ${l.type.padEnd(18)} ${l.stack ? `${l.stack.padEnd(8)} ` : ''}${describeLayer(l)}` +
      `${l.window ? `  window ${l.window}` : ''}${l.chunk ? `  chunk ${l.chunk}` : ''}${l.queryScale ? `  query scale ${JSON.stringify(l.queryScale)}` : ''}`);
    for (const r of l.engine?.rules ?? []) console.log(`       ${r.rule}: ${r.effect}`);
  }
  for (const w of story.warnings) console.error(`warning: config.${w.field} ${w.message}`);
  return 0;
}

async function cmdTable(pe, { positional, options }) {
  if (positional.length !== 1) throw new Usage('table takes one kind');
  const kind = positional[0];
  let params = {};
  if (options.has('config')) {
    params = pe.ropeFromConfig(await readConfig(options.get('config'), options), { layer: layerOf(options.get('layer')), ...engineOpts(options) }) ?? {};
  }
  params = { ...params, ...paramsOf(pe, kind, options) };
  progress(`posenc: computing ${kind}`);
  const m = pe.compute(kind, params);
  progressDone();
  const out = options.get('o');
  if (out === undefined || out === true || out === '-') return console.log(JSON.stringify({ kind, shape: m.shape, dtype: m.dtype, info: m.info, data: Array.from(m.data) })), 0;
  if (out.endsWith('.npy')) writeFileSync(out, npyBytes(m));
  else if (out.endsWith('.csv')) writeFileSync(out, csvText(m));
  else if (out.endsWith('.json')) writeFileSync(out, JSON.stringify({ kind, shape: m.shape, dtype: m.dtype, info: m.info, data: Array.from(m.data) }));
  else throw new Usage(`-o ${out}: the file must end in .npy, .csv or .json`);
  console.error(`posenc: wrote ${out}: ${kind} [${m.shape.join(', ')}] ${m.dtype}`);
  return 0;
}

const show = (v) => JSON.stringify(v);
const num = (v) => (Math.abs(v) >= 1e-3 || v === 0 ? Number(v.toPrecision(6)) : v.toExponential(2));

// posenc check model.gguf --config CONFIG: does the file make llama.cpp compute what transformers does?
async function cmdCheckGGUF(pe, path, options) {
  if (!options.has('config')) throw new Usage('check FILE.gguf needs --config CONFIG (the model the file was converted from)');
  const config = await readConfig(options.get('config'), options);
  const { context } = engineOpts(options);
  const { gguf, tensors } = await readGGUF(pe, path);
  const positions = options.has('positions') ? Number(options.get('positions')) : undefined;
  const r = pe.checkGGUF(gguf, { config, context, tensors, positions });
  if (options.get('json')) return console.log(JSON.stringify(r)), r.same ? 0 : 1;
  console.log(`${path} (${r.arch}) against ${options.get('config')}: ${r.same ? 'llama.cpp computes what transformers computes' : 'differs'}`);
  for (const g of r.layers) {
    console.log(`  layers ${ranges(g.layers)} (${g.type}): ${g.same ? 'same' : `differs${g.maxAbsDiff !== null ? ` by ${num(g.maxAbsDiff)}` : ''}`}`);
    for (const c of g.causes) console.log(`    ${c.key}: ${c.message}`);
    for (const n of g.notes) console.log(`    note: ${n}`);
  }
  return r.same ? 0 : 1;
}

async function cmdCheck(pe, { positional, options }) {
  if (positional.length !== 1) throw new Usage('check takes one tensor file (or a .gguf file with --config)');
  if (isGGUF(positional[0])) return cmdCheckGGUF(pe, positional[0], options);
  const tensorName = options.get('tensor');
  const t = readTensorFile(pe, positional[0], tensorName === true ? undefined : tensorName);
  let target;
  // the engine's dtypes of the table and of inv_freq: the target's, whichever kind it is
  const dtypes = {};
  const rest = new Map(options);
  for (const [name, key] of [['dtype', 'dtype'], ['freq-dtype', 'freqDtype'], ['freqDtype', 'freqDtype']]) {
    if (!rest.has(name)) continue;
    if (rest.get(name) === true) throw new Usage(`--${name} needs a value`);
    dtypes[key] = rest.get(name);
    rest.delete(name);
  }
  if (options.has('config')) {
    const extra = paramsOf(pe, 'rope', rest);
    target = { config: await readConfig(options.get('config'), options), layer: layerOf(options.get('layer')), params: extra, ...dtypes,
      ...engineOpts(options) };
  } else if (options.has('kind')) {
    const kind = options.get('kind');
    target = { kind, params: paramsOf(pe, kind, rest), ...dtypes };
  } else {
    throw new Usage('check needs --config CONFIG or --kind KIND');
  }
  const opts = {};
  if (options.has('what')) opts.what = options.get('what');
  if (options.has('tolerance')) opts.tolerance = Number(options.get('tolerance'));
  if (options.has('input')) {
    const it = options.get('input-tensor');
    opts.input = readTensorFile(pe, options.get('input'), it === true ? undefined : it);
  }
  progress('posenc: checking');
  const r = pe.check(t, target, opts);
  progressDone();
  if (options.get('json')) {
    console.log(JSON.stringify({ ...r, columnError: Array.from(r.columnError), rowError: Array.from(r.rowError) }));
    return r.exact ? 0 : 1;
  }
  const rounded = ['bfloat16', 'float16'].includes(r.params?.dtype) ? ` against ${r.params.dtype}` : '';
  const label = `${positional[0]}${t.name ? `:${t.name}` : ''} ${t.dtype} [${t.shape.join(', ')}] read as ${r.what}${rounded}`;
  if (r.exact) {
    console.log(`${label}: exact (max abs error ${num(r.maxAbsError)}, within the bound ${num(r.tolerance)})`);
    return 0;
  }
  console.log(`${label}: differs`);
  console.log(`  max abs error ${num(r.maxAbsError)}, ${r.badElements} elements over the bound (at most ${num(r.tolerance)})`);
  if (r.firstBad) console.log(`  first: row ${r.firstBad.row}, column ${r.firstBad.column}: got ${num(r.firstBad.got)}, want ${num(r.firstBad.want)}`);
  if (r.diagnosis.length === 0) console.log('  no single cause explains it');
  r.diagnosis.forEach((d, i) => {
    if (d.cause === 'engine') {
      const rule = d.rules?.find((x) => x.rule === d.rule);
      return console.log(`  ${i ? 'or' : 'diagnosis'}: engine: what ${d.fix.engine} computes at context ${d.fix.context} (max abs error ${num(d.maxAbsError)})` +
        `${rule ? `; ${rule.rule}: ${rule.effect}` : ''}; check against it with --engine ${d.fix.engine}${d.fix.context ? ` --context ${d.fix.context}` : ''}`);
    }
    console.log(`  ${i ? 'or' : 'diagnosis'}: ${d.causes ? d.causes.join(' + ') : d.cause}${d.note ? ` (${d.note})` : ''}: fix ${show(d.fix)} leaves max abs error ${num(d.maxAbsError)}` +
      ` (${d.badElements} over the bound)`);
  });
  return 1;
}

// layer indices as ranges: 0-31, or 0,2,4 …
function ranges(list) {
  const out = [];
  for (let i = 0; i < list.length; i++) {
    let j = i;
    while (j + 1 < list.length && list[j + 1] === list[j] + 1) j++;
    out.push(j > i ? `${list[i]}-${list[j]}` : String(list[i]));
    i = j;
  }
  return out.join(',');
}

async function cmdEngines(pe, { positional, options }) {
  if (positional.length !== 1) throw new Usage('engines takes one config (a config.json, a model directory or a model id)');
  const opts = engineOpts(options);
  if (opts.engine !== undefined) throw new Usage('engines compares every engine: use --engines a,b to choose some');
  if (options.has('engines')) opts.engines = String(options.get('engines')).split(',');
  if (options.has('positions')) opts.positions = Number(options.get('positions'));
  const cmp = pe.compareEngines(await readConfig(positional[0], options), opts);
  if (options.get('json')) return console.log(JSON.stringify(cmp, null, 1)), 0;
  console.log(`against ${cmp.reference}, ${cmp.positions} positions${cmp.context ? `, context ${cmp.context}` : ''}${cmp.seqLen ? `, sequence ${cmp.seqLen}` : ''}`);
  console.log(`${'layers'.padEnd(12)} ${'type'.padEnd(20)} ${'engine'.padEnd(13)} result`);
  for (const r of cmp.rows) {
    const head = `${ranges(r.layers).padEnd(12)} ${String(r.layerType ?? '').padEnd(20)} ${r.engine.padEnd(13)}`;
    if (!r.runs) { console.log(`${head} cannot run it: ${r.error}`); continue; }
    const diff = r.same ? 'same' : `differs${r.maxAbsDiff !== null ? ` by ${num(r.maxAbsDiff)}${r.at ? ` (position ${r.at.position}, column ${r.at.column})` : ''}` : ''}`;
    const logits = Math.abs(r.logitScaleRatio - 1) > 1e-6 ? `, logits x${num(r.logitScaleRatio)}` : '';
    const rounding = r.rounding ? `; rounding ${num(r.rounding.maxAbsDiff)} (${Object.entries(r.rounding.params).map(([k, v]) => `${k} ${v}`).join(', ')})` : '';
    console.log(`${head} ${diff}${logits}${rounding}`);
    if (!r.same) for (const rule of r.rules) console.log(`${' '.repeat(48)}${rule.rule}: ${rule.effect}`);
  }
  return 0;
}

function cmdKinds(pe, { options }) {
  if (options.get('json')) return console.log(JSON.stringify(pe.kinds, null, 1)), 0;
  for (const k of pe.kinds) {
    console.log(`${k.name}: ${k.title} [${k.shape.join(', ')}] ${k.dtype}`);
    const rows = k.params.flatMap((p) => [p, ...(p.fields ?? [])]);
    for (const p of rows) {
      const range = p.choices ? p.choices.join('|') : p.min !== undefined ? `${p.min} .. ${p.max}` : '';
      console.log(`  --${(p.path ?? p.name).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}  ${p.type}${range ? ` ${range}` : ''}` +
        `${p.default !== undefined && p.default !== null ? ` (default ${show(p.default)})` : ''}: ${p.doc}`);
    }
  }
  return 0;
}

const COMMANDS = { layers: cmdLayers, table: cmdTable, check: cmdCheck, kinds: cmdKinds, engines: cmdEngines };

async function main(argv) {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const run = COMMANDS[command];
  if (!run) throw new Usage(`unknown command ${JSON.stringify(command)}`);
  const pe = await load();
  return run(pe, parseArgs(rest));
}

main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e) => {
  progressDone();
  if (e instanceof Usage) console.error(`posenc: ${e.message}\n${USAGE}`);
  else if (e instanceof PosencError) console.error(`${e.message} [${e.code} ${e.param}]`);
  else throw e;
  process.exitCode = 2;
});
