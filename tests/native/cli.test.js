// The command line (web/cli.js, package.json "bin"): run as a child process. Exit 0 done or exact,
// 1 a checked tensor differs (the diagnosis printed), 2 bad input or usage; tables written as .npy
// (read back by numpy), .csv and .json; checks of numpy's dumps (tests/check/dumps.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../../web/posenc.js';

const pe = await load();
const cli = fileURLToPath(new URL('../../web/cli.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'posenc-cli-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
execFileSync('/usr/bin/python3', [fileURLToPath(new URL('../check/dumps.py', import.meta.url)), dir]);
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const llama = join(dir, 'llama.json');
writeFileSync(llama, JSON.stringify(index['llama exact'].target.config));
const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

test('package.json names the CLI as bin posenc and ships it', () => {
  assert.equal(pkg.bin.posenc, 'web/cli.js');
  assert.ok(pkg.files.includes('web/cli.js'));
  assert.ok(readFileSync(cli, 'utf8').startsWith('#!/usr/bin/env node\n'));
});

test('table: .npy numpy loads with the values compute gives; .csv and .json', () => {
  const out = join(dir, 'rope.npy');
  const r = run('table', 'rope', '--config', llama, '--layer', '0', '--positions', '300', '-o', out);
  assert.equal(r.status, 0, r.stderr);
  const m = pe.compute('rope', { ...pe.ropeFromConfig(index['llama exact'].target.config, { layer: 0 }), positions: 300 });
  const py = execFileSync('/usr/bin/python3', ['-c',
    `import numpy as np; a = np.load(${JSON.stringify(out)}); print(a.dtype, a.shape, repr(float(a[1, 299, 5])), repr(float(a[0, 7, 100])))`], { encoding: 'utf8' });
  assert.equal(py.trim(), `float32 (2, 300, 128) ${m.data[300 * 128 + 299 * 128 + 5]} ${m.data[7 * 128 + 100]}`.replace(/ (\d+)$/, ' $1'));
  const alibi = join(dir, 'alibi.npy');
  assert.equal(run('table', 'alibi', '--heads', '16', '--queries', '128', '-o', alibi).status, 0);
  assert.deepEqual(pe.readTensor(readFileSync(alibi)).data, pe.compute('alibi', { heads: 16, queries: 128 }).data);
  const csv = join(dir, 't5.csv');
  assert.equal(run('table', 't5', '--queries', '3', '--bidirectional', 'false', '-o', csv).status, 0);
  assert.equal(readFileSync(csv, 'utf8'), '0,0,0\n1,0,0\n2,1,0\n');
  const json = join(dir, 'yarn.json');
  assert.equal(run('table', 'rope-frequencies', '--dim', '8', '--rope-scaling', '{"rope_type":"yarn","factor":4,"original_max_position_embeddings":64}', '-o', json).status, 0);
  const j = JSON.parse(readFileSync(json, 'utf8'));
  // the same object from its fields, by their config.json names
  const fields = run('table', 'rope-frequencies', '--dim', '8', '--rope-type', 'yarn', '--factor', '4', '--original-max-position-embeddings', '64');
  assert.equal(fields.status, 0, fields.stderr);
  assert.deepEqual(JSON.parse(fields.stdout).data, j.data);
  assert.deepEqual(j.data, Array.from(pe.compute('rope-frequencies', { dim: 8, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 64 } }).data));
});

test('check: exit 0 exact, 1 differs with the diagnosis, 2 bad input', () => {
  const exact = run('check', join(dir, 'llama-exact.npy'), '--config', llama, '--layer', '0');
  assert.equal(exact.status, 0, exact.stdout + exact.stderr);
  assert.match(exact.stdout, /exact/);
  const gptj = run('check', join(dir, 'llama-gptj.safetensors'), '--tensor', 'cos', '--config', llama);
  assert.equal(gptj.status, 1);
  assert.match(gptj.stdout, /diagnosis: layout: fix \{"layout":"gptj"\}/);
  const base = run('check', join(dir, 'llama-base.npy'), '--config', llama, '--json');
  assert.equal(base.status, 1);
  const r = JSON.parse(base.stdout);
  assert.equal(r.exact, false);
  assert.deepEqual(r.diagnosis[0].fix, { base: 10000 });
  assert.equal(r.columnError.length, 128);
  const kind = run('check', join(dir, 'llama-exact.safetensors'), '--tensor', 'rotary.cos', '--kind', 'rope', '--dim', '128', '--base', '500000',
    '--rope-scaling', JSON.stringify(index['llama exact'].target.config.rope_scaling), '--max-position-embeddings', '131072');
  assert.equal(kind.status, 0, kind.stdout + kind.stderr);
  const rotated = run('check', join(dir, 'partial.safetensors'), '--tensor', 'q_rot_bad', '--input', join(dir, 'partial.safetensors'),
    '--input-tensor', 'q', '--kind', 'rope', '--dim', '80', '--partial-rotary-factor', '0.4');
  assert.equal(rotated.status, 1);
  assert.match(rotated.stdout, /rotary-part/);
  for (const args of [
    ['check', join(dir, 'llama-exact.safetensors'), '--kind', 'rope', '--dim', '128'],   // two tensors, none chosen
    ['check', join(dir, 'missing.npy'), '--kind', 'rope'],
    ['check', join(dir, 'fortran.npy'), '--kind', 'rope'],
    ['check', join(dir, 'llama-exact.npy'), '--kind', 'rope', '--dim', '63'],
    ['check', join(dir, 'llama-exact.npy'), '--kind', 'rope', '--dimm', '64'],
    ['check', join(dir, 'llama-exact.npy')],
    ['table', 'rope', '--dim', 'many'],
    ['bogus'],
  ]) {
    const bad = run(...args);
    assert.equal(bad.status, 2, `${args.join(' ')}: ${bad.stdout}${bad.stderr}`);
    assert.ok(bad.stderr.length > 0);
  }
  assert.match(run('check', join(dir, 'fortran.npy'), '--kind', 'rope').stderr, /fortran_order/);
});

test('a config that is missing is ENOENT naming its path; a directory is read as its config.json', () => {
  const missing = run('layers', join(dir, 'no-such-config.json'));
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /config \S*no-such-config\.json does not exist .*\[ENOENT config\]/);
  const model = mkdtempSync(join(dir, 'model-'));
  const empty = run('layers', model);
  assert.equal(empty.status, 2);
  assert.ok(empty.stderr.includes(`${join(model, 'config.json')} does not exist [ENOENT config]`), empty.stderr);
  assert.match(run('table', 'rope', '--config', join(dir, 'gone.json')).stderr, /gone\.json does not exist .*\[ENOENT config\]/);
  writeFileSync(join(model, 'config.json'), JSON.stringify(index['llama exact'].target.config));
  const read = run('layers', model, '--json');
  assert.equal(read.status, 0, read.stderr);
  assert.deepEqual(JSON.parse(read.stdout), JSON.parse(run('layers', llama, '--json').stdout));
  assert.match(run('check', join(dir, 'missing.npy'), '--kind', 'rope').stderr, /missing\.npy does not exist \[ENOENT file\]/);
});

test('layers and kinds', () => {
  const layers = run('layers', llama, '--json');
  assert.equal(layers.status, 0);
  assert.deepEqual(JSON.parse(layers.stdout), JSON.parse(JSON.stringify(pe.positionsFromConfig(index['llama exact'].target.config))));
  const text = run('layers', llama);
  assert.match(text.stdout, /full_attention +rope dim 128 base 500000 neox llama3 x8/);
  // a model without RoPE: its input table and each layer's scheme, T5's encoder then decoder
  const t5 = join(dir, 't5.json');
  writeFileSync(t5, JSON.stringify({ model_type: 't5', num_layers: 2, num_decoder_layers: 2 }));
  const t5text = run('layers', t5);
  assert.equal(t5text.status, 0, t5text.stderr);
  assert.match(t5text.stdout, /^t5: 4 layers/);
  assert.match(t5text.stdout, /  0  full_attention +encoder +t5 numBuckets 32 maxDistance 128 bidirectional true\n/);
  assert.match(t5text.stdout, /  3  full_attention +decoder +t5 numBuckets 32 maxDistance 128 bidirectional false \(table of layer 2\)/);
  const gpt2 = join(dir, 'gpt2.json');
  writeFileSync(gpt2, JSON.stringify({ model_type: 'gpt2', n_layer: 2 }));
  assert.match(run('layers', gpt2).stdout, /input: learned positions, 1024 rows from 0 \(weights\)\n  0  full_attention +no positions/);
  const unknown = join(dir, 'unknown.json');
  writeFileSync(unknown, JSON.stringify({ model_type: 'Llama', hidden_size: 64, num_attention_heads: 1 }));
  const refused = run('layers', unknown);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /model_type/);
  const kinds = run('kinds', '--json');
  assert.deepEqual(JSON.parse(kinds.stdout).map((k) => k.name), pe.kinds.map((k) => k.name));
  assert.match(run('kinds').stdout, /--rope-scaling\.factor|--partial-rotary-factor/);
});
