// `posenc` (web/cli.js, spawned as users run it) with Hub model ids, against the mock Hub of
// tests/mock-hub.js: HF_ENDPOINT, HF_TOKEN and the token file, HF_HOME's cache (a temp dir),
// HF_HUB_OFFLINE, --timeout, @revision and --revision, exit code 2 with the PosencError's message,
// and the token in no output and no cached file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync, readFileSync, readdirSync, statSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockHub, TOKEN, COMMIT, TAG_COMMIT, QWEN3_8B, QWEN3_8B_V1 } from '../mock-hub.js';
import { load } from '../../web/posenc.js';

const CLI = fileURLToPath(new URL('../../web/cli.js', import.meta.url));
const pe = await load();
let hub, home;
before(async () => {
  hub = await startMockHub({ slowMs: 4000 });
  home = mkdtempSync(join(tmpdir(), 'posenc-hf-'));
});
after(async () => {
  await hub?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

// Run the CLI (asynchronously: the mock Hub answers from this process) with a clean Hub environment.
function posenc(args, env = {}) {
  const base = { ...process.env };
  for (const k of ['HF_ENDPOINT', 'HF_TOKEN', 'HF_HOME', 'HF_TOKEN_PATH', 'HF_HUB_OFFLINE', 'XDG_CACHE_HOME']) delete base[k];
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...base, HF_ENDPOINT: hub.url, HF_HOME: home, ...env }, timeout: 60000 },
      (err, stdout, stderr) => done({ code: err ? err.code : 0, stdout, stderr }));
  });
}

// Every file under dir, with its text.
function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push({ path: p, text: readFileSync(p, 'utf8') });
  }
  return out;
}

const CACHE = () => join(home, 'posenc', 'Qwen--Qwen3-8B');

test('posenc layers Qwen/Qwen3-8B: 36 RoPE layers as the config says; cached under HF_HOME by revision with its commit', async () => {
  const r = await posenc(['layers', 'Qwen/Qwen3-8B']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], 'qwen3: 36 layers');
  assert.equal(lines.length, 37);
  assert.ok(lines.slice(1).every((l) => /full_attention\s+rope dim 128 base 1000000 neox$/.test(l)), lines.join('\n'));
  assert.deepEqual(JSON.parse(readFileSync(join(CACHE(), 'main', 'config.json'), 'utf8')), QWEN3_8B);
  assert.equal(readFileSync(join(CACHE(), 'main', 'commit'), 'utf8').trim(), COMMIT);
  // the same as the JSON story of the file itself
  const json = await posenc(['layers', 'Qwen/Qwen3-8B', '--json']);
  assert.deepEqual(JSON.parse(json.stdout), JSON.parse(JSON.stringify(pe.positionsFromConfig(QWEN3_8B))));
});

test('a revision: @v1.0 and --revision v1.0 read the tag (another base), cached apart', async () => {
  for (const args of [['layers', 'Qwen/Qwen3-8B@v1.0'], ['layers', 'Qwen/Qwen3-8B', '--revision', 'v1.0']]) {
    const r = await posenc(args);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /rope dim 128 base 500000 neox/);
  }
  assert.deepEqual(JSON.parse(readFileSync(join(CACHE(), 'v1.0', 'config.json'), 'utf8')), QWEN3_8B_V1);
  assert.equal(readFileSync(join(CACHE(), 'v1.0', 'commit'), 'utf8').trim(), TAG_COMMIT);
  const bad = await posenc(['layers', 'Qwen/Qwen3-8B@nope']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /has no revision "nope": check the branch, tag or commit \[ENOENT model\]/);
});

test('table --config ID and check --config ID take a model id as they take a file', async () => {
  const t = await posenc(['table', 'rope-frequencies', '--config', 'Qwen/Qwen3-8B', '--json']);
  assert.equal(t.code, 0, t.stderr);
  const got = JSON.parse(t.stdout);
  const want = pe.compute('rope-frequencies', pe.ropeFromConfig(QWEN3_8B));
  assert.deepEqual(got.shape, want.shape);
  assert.deepEqual(got.data, Array.from(want.data));
  assert.equal(got.data.length, 64);
  assert.equal(got.data[1], Math.fround(1e6 ** (-2 / 128)));

  // a .npy of the model's cos table checks exact against the id
  const dir = mkdtempSync(join(tmpdir(), 'posenc-check-'));
  try {
    const npy = join(dir, 'cos.npy');
    const out = await posenc(['table', 'rope', '--config', 'Qwen/Qwen3-8B', '--positions', '16', '-o', npy]);
    assert.equal(out.code, 0, out.stderr);
    const c = await posenc(['check', npy, '--config', 'Qwen/Qwen3-8B']);
    assert.equal(c.code, 0, c.stdout + c.stderr);
    assert.match(c.stdout, /exact/);
    const other = await posenc(['check', npy, '--config', 'Qwen/Qwen3-8B@v1.0']);
    assert.equal(other.code, 1, other.stdout + other.stderr);
    assert.match(other.stdout, /differs/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a gated model: refused without a token (exit 2, EACCES naming token, the token never shown)', async () => {
  const r = await posenc(['layers', 'acme/gated']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /acme\/gated@main: HTTP 401: a gated or private model.*accept its terms on the Hub.*\[EACCES token\]/);
  const wrong = await posenc(['layers', 'acme/gated'], { HF_TOKEN: 'hf_wrongtoken' });
  assert.equal(wrong.code, 2);
  assert.ok(!wrong.stderr.includes('hf_wrongtoken') && !wrong.stdout.includes('hf_wrongtoken'), wrong.stderr);
});

test('HF_TOKEN is sent as a Bearer header; so is the token file ($HF_HOME/token, HF_TOKEN_PATH); none is printed or cached', async () => {
  const n = hub.requests.length;
  const env = await posenc(['layers', 'acme/gated'], { HF_TOKEN: TOKEN });
  assert.equal(env.code, 0, env.stderr);
  assert.match(env.stdout, /^qwen3: 36 layers/);
  // the token file the Hub's own login writes
  const own = mkdtempSync(join(tmpdir(), 'posenc-hf-home-'));
  try {
    writeFileSync(join(own, 'token'), `${TOKEN}\n`);
    const file = await posenc(['layers', 'acme/gated'], { HF_HOME: own });
    assert.equal(file.code, 0, file.stderr);
    const elsewhere = join(own, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'my-token'), TOKEN);
    const path = await posenc(['layers', 'acme/gated', '--json'], { HF_HOME: join(own, 'h2'), HF_TOKEN_PATH: join(elsewhere, 'my-token') });
    assert.equal(path.code, 0, path.stderr);
    for (const r of [env, file, path]) assert.ok(!r.stdout.includes(TOKEN) && !r.stderr.includes(TOKEN));
    const cached = filesUnder(join(own, 'posenc'));
    assert.ok(cached.length >= 2);
    for (const f of [...cached, ...filesUnder(join(home, 'posenc'))]) assert.ok(!f.text.includes(TOKEN), `the token is in ${f.path}`);
  } finally {
    rmSync(own, { recursive: true, force: true });
  }
  const sent = hub.requests.slice(n);
  assert.equal(sent.length, 3);
  for (const s of sent) {
    assert.equal(s.headers.authorization, `Bearer ${TOKEN}`);
    assert.ok(!s.url.includes(TOKEN));
  }
});

test('HF_HUB_OFFLINE=1: the cache only, no request; a model not cached fails naming model', async () => {
  const warm = await posenc(['layers', 'Qwen/Qwen3-8B']);
  assert.equal(warm.code, 0, warm.stderr);
  const n = hub.requests.length;
  const r = await posenc(['layers', 'Qwen/Qwen3-8B'], { HF_HUB_OFFLINE: '1', HF_ENDPOINT: 'http://127.0.0.1:9' });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, warm.stdout);
  const miss = await posenc(['layers', 'acme/never-fetched'], { HF_HUB_OFFLINE: '1' });
  assert.equal(miss.code, 2);
  assert.match(miss.stderr, /acme\/never-fetched@main is not in the cache .* HF_HUB_OFFLINE is set.*\[ENOENT model\]/);
  assert.equal(hub.requests.length, n, 'offline sent nothing');
});

test('--timeout SECONDS bounds the request: a slow Hub fails once, clearly', async () => {
  const n = hub.requests.length;
  const r = await posenc(['layers', 'acme/slow', '--timeout', '0.3']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /acme\/slow@main: no answer from http:\/\/127\.0\.0\.1:\d+ within 0\.3 s \(offline.*\[ETIMEDOUT model\]/);
  assert.equal(hub.requests.length - n, 1, 'asked once, no retry');
  const bad = await posenc(['layers', 'acme/slow', '--timeout', 'soon']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--timeout "soon" is not a number of seconds.*\[EINVAL timeout\]/);
});

test('bad input is exit code 2 with the PosencError: missing, HTML, unreachable, a malformed id, a missing file', async () => {
  const cases = [
    [['layers', 'acme/missing'], /no model "acme\/missing" on the Hub: check the id.*\(nor is acme\/missing a local file or directory\) \[ENOENT model\]/],
    [['layers', 'acme/html'], /the answer is not JSON \(text\/html.*\[EINVAL model\]/],
    [['layers', 'acme/huge'], /over the 16777216-byte cap.*\[EIO model\]/],
    [['layers', 'acme/a..b'], /does not allow.*\[EINVAL model\]/],
    [['layers', 'acme/x@../../etc'], /is not a branch, tag or commit.*\[EINVAL model\]/],
    [['layers', 'no-such-file.json'], /config no-such-file\.json does not exist.*\[ENOENT config\]/],
    [['layers', 'acme/typo'], /model_type = "qwen3x" is not a model type posenc knows \(closest: qwen3/],
  ];
  for (const [args, want] of cases) {
    const r = await posenc(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, want, args.join(' '));
  }
  // a port that was free a moment ago: nothing listens there now
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = server.address().port;
  await new Promise((done) => server.close(done));
  const offline = await posenc(['layers', 'acme/m'], { HF_ENDPOINT: `http://127.0.0.1:${port}` });
  assert.equal(offline.code, 2);
  assert.match(offline.stderr, /cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): offline, or a wrong endpoint\?/);
});

test('a local file and a model directory still read from disk, with no request', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'posenc-model-'));
  try {
    mkdirSync(join(dir, 'acme'));
    writeFileSync(join(dir, 'acme', 'config.json'), JSON.stringify(QWEN3_8B_V1));
    const n = hub.requests.length;
    const asDir = await posenc(['layers', join(dir, 'acme')]);
    assert.equal(asDir.code, 0, asDir.stderr);
    assert.match(asDir.stdout, /base 500000/);
    const asFile = await posenc(['layers', join(dir, 'acme', 'config.json')]);
    assert.equal(asFile.stdout, asDir.stdout);
    assert.equal(hub.requests.length, n);
    const rev = await posenc(['layers', join(dir, 'acme', 'config.json'), '--revision', 'v1.0']);
    assert.equal(rev.code, 2);
    assert.match(rev.stderr, /--revision is for a model id/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
