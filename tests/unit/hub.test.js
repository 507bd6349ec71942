// pe.fetchConfig against a mock Hub on 127.0.0.1 (tests/mock-hub.js: node:http, real headers):
// the config as published, the URL and headers sent, each failure's code, param and message (gated,
// missing id or revision, HTML, an array, a huge body, a slow answer, a dropped connection), ids and
// revisions refused before any request, and the token never in a URL or a message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { load, PosencError } from '../../web/posenc.js';
import { configURL, HUB_MAX_BYTES } from '../../web/core/hub.js';
import { startMockHub, TOKEN, COMMIT, QWEN3_8B, QWEN3_8B_V1 } from '../mock-hub.js';

const pe = await load();
let hub;
before(async () => { hub = await startMockHub({ slowMs: 2000 }); });
after(async () => { await hub?.close(); });

// A PosencError with this code and param whose message matches `pattern` and never holds the token.
const rejects = (promise, code, param, pattern) => assert.rejects(promise, (e) => {
  assert.ok(e instanceof PosencError, `not a PosencError: ${e}`);
  assert.equal(e.code, code, e.message);
  assert.equal(e.param, param, e.message);
  assert.match(e.message, pattern);
  assert.ok(!e.message.includes(TOKEN), `the token is in the message: ${e.message}`);
  return true;
});

test('a public model: the config as published, one GET of /{id}/resolve/main/config.json, no Authorization', async () => {
  const n = hub.requests.length;
  const config = await pe.fetchConfig('Qwen/Qwen3-8B', { endpoint: hub.url });
  assert.deepEqual(config, QWEN3_8B);
  const sent = hub.requests.slice(n);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].method, 'GET');
  assert.equal(sent[0].url, '/Qwen/Qwen3-8B/resolve/main/config.json');
  assert.equal(sent[0].headers.authorization, undefined);
  // and it reads as any pasted config: 36 RoPE layers of head size 128, base 1e6
  const story = pe.positionsFromConfig(config);
  assert.equal(story.layers.length, 36);
  assert.ok(story.layers.every((l) => l.rope.dim === 128 && l.rope.base === 1e6));
});

test('a revision: a tag gives that tag\'s file; a branch with slashes is one path segment', async () => {
  assert.deepEqual(await pe.fetchConfig('Qwen/Qwen3-8B', { endpoint: hub.url, revision: 'v1.0' }), QWEN3_8B_V1);
  assert.deepEqual(await pe.fetchConfig('Qwen/Qwen3-8B', { endpoint: `${hub.url}/`, revision: COMMIT }), QWEN3_8B);
  assert.equal(configURL('acme/m', 'refs/pr/1', 'https://hub.example/'), 'https://hub.example/acme/m/resolve/refs%2Fpr%2F1/config.json');
});

test('a gated model: 401 without a token is EACCES naming token; with it, the Bearer header and the config', async () => {
  await rejects(pe.fetchConfig('acme/gated', { endpoint: hub.url }), 'EACCES', 'token', /HTTP 401: a gated or private model.*accept its terms on the Hub/);
  await rejects(pe.fetchConfig('acme/gated', { endpoint: hub.url, token: 'hf_wrong' }), 'EACCES', 'token', /HTTP 401/);
  await rejects(pe.fetchConfig('acme/private', { endpoint: hub.url, token: TOKEN }), 'EACCES', 'token', /HTTP 403/);
  const n = hub.requests.length;
  assert.deepEqual(await pe.fetchConfig('acme/gated', { endpoint: hub.url, token: TOKEN }), QWEN3_8B);
  const sent = hub.requests.slice(n);
  assert.equal(sent[0].headers.authorization, `Bearer ${TOKEN}`);
  assert.ok(!sent[0].url.includes(TOKEN));
});

test('404: the Hub\'s X-Error-Code says whether the id, the revision or the file is wrong', async () => {
  await rejects(pe.fetchConfig('acme/missing', { endpoint: hub.url }), 'ENOENT', 'model', /HTTP 404: no model "acme\/missing" on the Hub: check the id/);
  await rejects(pe.fetchConfig('Qwen/Qwen3-8B', { endpoint: hub.url, revision: 'v9' }), 'ENOENT', 'model',
    /the model exists but has no revision "v9": check the branch, tag or commit/);
  await rejects(pe.fetchConfig('acme/no-config', { endpoint: hub.url }), 'ENOENT', 'model', /acme\/no-config@main has no config\.json/);
  await rejects(pe.fetchConfig('acme/bare-404', { endpoint: hub.url }), 'ENOENT', 'model', /the model id or the revision may be wrong/);
});

test('another status is EIO naming model with the status', async () => {
  await rejects(pe.fetchConfig('acme/broken', { endpoint: hub.url }), 'EIO', 'model', /acme\/broken@main: HTTP 500/);
});

test('what is not a JSON object: HTML (a login page, a wrong endpoint), an array', async () => {
  await rejects(pe.fetchConfig('acme/html', { endpoint: hub.url }), 'EINVAL', 'model',
    /the answer is not JSON \(text\/html; charset=utf-8: "<!doctype html>.*is http:\/\/127\.0\.0\.1:\d+ the Hub\?/);
  await rejects(pe.fetchConfig('acme/array', { endpoint: hub.url }), 'EINVAL', 'model', /config\.json holds an array, not an object/);
});

test('a huge answer stops at the cap, streamed or declared; a smaller cap is honoured', async () => {
  assert.equal(HUB_MAX_BYTES, 16 * 2 ** 20);
  await rejects(pe.fetchConfig('acme/huge', { endpoint: hub.url }), 'EIO', 'model', /over the 16777216-byte cap/);
  await rejects(pe.fetchConfig('acme/huge-declared', { endpoint: hub.url }), 'EIO', 'model', /is 20971520 bytes or more, over the 16777216-byte cap/);
  await rejects(pe.fetchConfig('Qwen/Qwen3-8B', { endpoint: hub.url, maxBytes: 100 }), 'EIO', 'model', /over the 100-byte cap/);
});

test('a slow answer past the timeout is ETIMEDOUT, asked once (no retry); a signal cancels', async () => {
  const n = hub.requests.length;
  await rejects(pe.fetchConfig('acme/slow', { endpoint: hub.url, timeout: 200 }), 'ETIMEDOUT', 'model', /no answer from .* within 0\.2 s \(offline/);
  assert.equal(hub.requests.slice(n).length, 1);
  const ctl = new AbortController();
  const p = pe.fetchConfig('acme/slow', { endpoint: hub.url, signal: ctl.signal });
  setTimeout(() => ctl.abort(), 50);
  await rejects(p, 'ECANCELED', 'model', /cancelled/);
  // within the timeout the slow one arrives
  assert.deepEqual(await pe.fetchConfig('acme/slow', { endpoint: hub.url, timeout: 10000 }), QWEN3_8B);
});

test('no connection (dropped, or nothing listening) is EIO saying offline or a wrong endpoint', async () => {
  await rejects(pe.fetchConfig('acme/reset', { endpoint: hub.url }), 'EIO', 'model', /cannot reach http:\/\/127\.0\.0\.1:\d+ .*offline, or a wrong endpoint\?/);
  // a port that was free a moment ago: nothing listens there now
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const closed = `http://127.0.0.1:${server.address().port}`;
  await new Promise((done) => server.close(done));
  await rejects(pe.fetchConfig('acme/m', { endpoint: closed }), 'EIO', 'model', /cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
});

test('ids and revisions the Hub would refuse are EINVAL naming model, before any request', async () => {
  const n = hub.requests.length;
  for (const [id, why] of [['Qwen3-8B', /not of the form "org\/name"/], ['a/b/c', /not of the form/], ['../etc/passwd', /not of the form|does not allow/],
    ['acme/..', /does not allow/], ['acme/a..b', /does not allow/], ['acme/a--b', /does not allow/], ['https://evil.example/x', /is a URL or a path/],
    ['//evil.example/x', /is a URL or a path/], ['acme/a b', /holds whitespace/], ['acme/a\nb', /holds whitespace/], ['acme/-x', /does not allow/],
    ['acme/x?y=1', /does not allow/], ['acme/x#y', /does not allow/], ['', /not of the form/], [`acme/${'x'.repeat(97)}`, /too long|does not allow/]]) {
    await rejects(pe.fetchConfig(id, { endpoint: hub.url }), 'EINVAL', 'model', why);
  }
  await rejects(pe.fetchConfig(42, { endpoint: hub.url }), 'EINVAL', 'model', /model = number is not a model id/);
  for (const rev of ['../../x', 'a b', '', '/main', 'main/', 'a..b', 'x?y', 'a:b', 'a%2Fb', '.', 'refs/.hidden', 'a//b']) {
    await rejects(pe.fetchConfig('acme/m', { endpoint: hub.url, revision: rev }), 'EINVAL', 'model', /is not a branch, tag or commit/);
  }
  await rejects(pe.fetchConfig('acme/m', { endpoint: 'ftp://x' }), 'EINVAL', 'endpoint', /not an http\(s\) URL/);
  await rejects(pe.fetchConfig('acme/m', { endpoint: 'https://user:pw@hub.example' }), 'EINVAL', 'endpoint', /without query, fragment or credentials/);
  await rejects(pe.fetchConfig('acme/m', { endpoint: hub.url, token: 'hf a' }), 'EINVAL', 'token', /not a token/);
  await rejects(pe.fetchConfig('acme/m', { endpoint: hub.url, timeout: 0 }), 'EINVAL', 'timeout', /milliseconds > 0/);
  await rejects(pe.fetchConfig('acme/m', { endpoint: hub.url, fetch: 'no' }), 'EINVAL', 'fetch', /not a function/);
  assert.equal(hub.requests.length, n, 'nothing was sent');
});

test('a token that is refused never shows: not in the message of any failure', async () => {
  // the rejects helper checks every message for the token; here the token goes to each failure
  await rejects(pe.fetchConfig('acme/missing', { endpoint: hub.url, token: TOKEN }), 'ENOENT', 'model', /HTTP 404/);
  await rejects(pe.fetchConfig('acme/slow', { endpoint: hub.url, token: TOKEN, timeout: 100 }), 'ETIMEDOUT', 'model', /within/);
  await rejects(pe.fetchConfig('acme/html', { endpoint: hub.url, token: TOKEN }), 'EINVAL', 'model', /not JSON/);
});

test('options.fetch is the one used (a browser-like fetch, a proxy); the module keeps working after errors', async () => {
  const seen = [];
  const fetch = async (url, init) => {
    seen.push({ url, auth: init.headers.Authorization });
    return new Response(JSON.stringify({ model_type: 'llama' }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  assert.deepEqual(await pe.fetchConfig('acme/m', { fetch, token: TOKEN }), { model_type: 'llama' });
  assert.deepEqual(seen, [{ url: 'https://huggingface.co/acme/m/resolve/main/config.json', auth: `Bearer ${TOKEN}` }]);
  assert.equal(pe.compute('sinusoidal', { positions: 2, dim: 2 }).data[1], 1);
});

test('a redirect to another origin does not carry the token; one to the same origin does', async () => {
  const seen = [];
  const other = createServer((req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization });
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(QWEN3_8B));
  }).listen(0, '127.0.0.1');
  await once(other, 'listening');
  const hop = createServer((req, res) => {
    seen.push({ url: req.url, auth: req.headers.authorization });
    // 'localhost' and '127.0.0.1' are two origins for fetch: the first redirect leaves this one
    const to = req.url.startsWith('/acme/away/') ? `http://localhost:${other.address().port}/x` : '/same/config.json';
    if (req.url === '/same/config.json') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(QWEN3_8B_V1));
    res.writeHead(302, { Location: to });
    res.end();
  }).listen(0, '127.0.0.1');
  await once(hop, 'listening');
  try {
    const endpoint = `http://127.0.0.1:${hop.address().port}`;
    assert.deepEqual(await pe.fetchConfig('acme/away', { endpoint, token: TOKEN }), QWEN3_8B);
    assert.deepEqual(seen, [{ url: '/acme/away/resolve/main/config.json', auth: `Bearer ${TOKEN}` }, { url: '/x', auth: undefined }]);
    seen.length = 0;
    assert.deepEqual(await pe.fetchConfig('acme/here', { endpoint, token: TOKEN }), QWEN3_8B_V1);
    assert.deepEqual(seen.map((s) => s.auth), [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  } finally {
    await Promise.all([hop, other].map((s) => new Promise((done) => { s.closeAllConnections(); s.close(done); })));
  }
});
