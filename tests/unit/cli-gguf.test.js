// posenc layers FILE.gguf and posenc check FILE.gguf --config: a multi-GB file read by its header and
// rope tensors only; exit 0 when llama.cpp computes what transformers does, 1 naming the key that differs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, truncateSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGGUF } from '../gguf-writer.js';
import { CONFIGS } from '../fixtures/configs.js';

const cli = fileURLToPath(new URL('../../web/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'posenc-gguf-cli-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

// a converted model: its header, its rope tensors, a big quantized tensor, and gigabytes of nothing
function model(name, arch, kv, tensors = [], size = 3e9) {
  const path = join(dir, name);
  const g = writeGGUF({
    kv: [{ key: 'general.architecture', type: 'string', value: arch }, ...kv.map(([key, type, value]) => ({ key: `${arch}.${key}`, type, value }))],
    tensors: [...tensors.map(([n, v]) => ({ name: n, type: 'F32', shape: [v.length], data: new Uint8Array(Float32Array.from(v).buffer) })),
      { name: 'blk.0.attn_q.weight', type: 'Q4_K', shape: [4096, 4096] }],
  });
  writeFileSync(path, g.bytes);
  truncateSync(path, size);
  return path;
}
const config = (name, c) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(c));
  return path;
};

const OSS = { model_type: 'gpt_oss', head_dim: 64, hidden_size: 2880, num_attention_heads: 64, num_hidden_layers: 4, max_position_embeddings: 131072,
  rope_theta: 150000, sliding_window: 128,
  rope_scaling: { beta_fast: 32.0, beta_slow: 1.0, factor: 32.0, original_max_position_embeddings: 4096, rope_type: 'yarn', truncate: false } };
const ossKV = [['block_count', 'uint32', 4], ['context_length', 'uint32', 131072], ['embedding_length', 'uint32', 2880],
  ['attention.head_count', 'uint32', 64], ['attention.key_length', 'uint32', 64], ['rope.freq_base', 'float32', 150000],
  ['rope.scaling.type', 'string', 'yarn'], ['rope.scaling.factor', 'float32', 32], ['rope.scaling.original_context_length', 'uint32', 4096],
  ['attention.sliding_window', 'uint32', 128]];

test('layers FILE.gguf reads the header only of a 3 GB file and prints llama.cpp\'s layers', () => {
  const r = run('layers', model('oss.gguf', 'gpt-oss', ossKV));
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^gpt-oss \(GGUF, as llama\.cpp computes it\): 4 layers; read (\d+) bytes/);
  assert.ok(Number(/read (\d+) bytes/.exec(r.stdout)[1]) < 1 << 20);
  assert.match(r.stdout, / 1 {2}full_attention +rope dim 64 base 150000 neox yarn x32/);
  assert.match(r.stdout, /yarn\.truncate/);
  const j = JSON.parse(run('layers', join(dir, 'oss.gguf'), '--json').stdout);
  assert.equal(j[1].rope.ropeScaling.truncate, true);
});

test('check FILE.gguf --config: GPT-OSS differs (exit 1) naming truncate; the config as llama.cpp reads it is the same (exit 0)', () => {
  const r = run('check', join(dir, 'oss.gguf'), '--config', config('oss.json', OSS));
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /differs/);
  assert.match(r.stdout, /gpt-oss\.rope\.scaling\.\*: .*truncate = false is not in the file/);
  const truncated = run('check', join(dir, 'oss.gguf'), '--config', config('oss-t.json', { ...OSS, rope_scaling: { ...OSS.rope_scaling, truncate: true } }));
  assert.equal(truncated.status, 0, truncated.stdout + truncated.stderr);
  assert.match(truncated.stdout, /llama\.cpp computes what transformers computes/);
});

test('check FILE.gguf: Phi-3.5 at a context over 4096 uses the long factors, naming the tensors', () => {
  const phi = CONFIGS.Phi_3_5_mini_instruct.config;
  const path = model('phi.gguf', 'phi3', [['block_count', 'uint32', 32], ['context_length', 'uint32', 131072], ['embedding_length', 'uint32', 3072],
    ['attention.head_count', 'uint32', 32], ['rope.dimension_count', 'uint32', 96], ['rope.freq_base', 'float32', 10000],
    ['rope.scaling.original_context_length', 'uint32', 4096], ['rope.scaling.attn_factor', 'float32', Math.sqrt(1 + Math.log(32) / Math.log(4096))],
    ['attention.sliding_window', 'uint32', 262144]],
  [['rope_factors_long.weight', phi.rope_scaling.long_factor], ['rope_factors_short.weight', phi.rope_scaling.short_factor]]);
  const cfg = config('phi.json', phi);
  const short = run('check', path, '--config', cfg, '--context', '4096');
  assert.equal(short.status, 0, short.stdout + short.stderr);
  const long = run('check', path, '--config', cfg, '--context', '8192');
  assert.equal(long.status, 1);
  assert.match(long.stdout, /rope_factors_long\.weight \/ rope_factors_short\.weight: .*by the context per sequence/);
  const layers = run('layers', path, '--context', '8192');
  assert.match(layers.stdout, /longrope\.switch: .*rope_factors_long: context 8192 > 4096/);
});

test('a lying or contradicting GGUF is exit 2 with the message naming the key', () => {
  const bad = model('bad.gguf', 'llama', [['block_count', 'uint32', 2], ['embedding_length', 'uint32', 4096], ['attention.head_count', 'uint32', 32],
    ['rope.dimension_count', 'uint32', 256]], [], 16 << 20);
  const r = run('layers', bad);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /llama\.rope\.dimension_count = 256 is more than the head size 128 .*\[ERANGE llama\.rope\.dimension_count\]/);
  const lying = join(dir, 'lying.gguf');
  const g = writeGGUF({ kv: [{ key: 'general.architecture', type: 'string', value: 'llama' }] }).bytes;
  new DataView(g.buffer).setBigUint64(16, 2n ** 62n, true);  // n_kv: far past the file
  writeFileSync(lying, g);
  const l = run('layers', lying);
  assert.equal(l.status, 2, l.stdout);
  assert.match(l.stderr, /\[E[A-Z]+ /);
});

test('engines CONFIG prints layer groups × engines; a table made by an engine is diagnosed as that engine\'s; --engine checks it exact', () => {
  const cfg = config('oss-engines.json', OSS);
  const e = run('engines', cfg, '--positions', '4096');
  assert.equal(e.status, 0, e.stderr);
  assert.match(e.stdout, /^against transformers, 4096 positions/);
  assert.match(e.stdout, /full_attention +llama\.cpp +differs by [\d.]+ \(position \d+, column \d+\)/);
  assert.match(e.stdout, /full_attention +vllm +same\n/);
  assert.equal(JSON.parse(run('engines', cfg, '--json', '--engines', 'sglang').stdout).rows.every((r) => r.same), true);
  const npy = join(dir, 'oss-llama.npy');
  assert.equal(run('table', 'rope', '--config', cfg, '--layer', '1', '--engine', 'llama.cpp', '--positions', '2048', '-o', npy).status, 0);
  const hf = run('check', npy, '--config', cfg, '--layer', '1');
  assert.equal(hf.status, 1);
  assert.match(hf.stdout, /diagnosis: engine: what llama\.cpp computes at context 131072 .*yarn\.truncate.*--engine llama\.cpp/);
  const ok = run('check', npy, '--config', cfg, '--layer', '1', '--engine', 'llama.cpp');
  assert.equal(ok.status, 0, ok.stdout);
  const bad = run('layers', cfg, '--engine', 'vllm2');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /engine = "vllm2" is not an engine posenc knows .*\[EINVAL engine\]/);
});
