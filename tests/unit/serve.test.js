// The explorer's server (web/tools/serve.js, npm start): it answers URLs as long as the explorer
// writes them (a model config in the query), up to its head limit, and refuses longer ones cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, MAX_HEADER_BYTES, WEB_ROOT, DOCS_CSP } from '../../web/tools/serve.js';

function get(url, path) {
  return new Promise((ok, fail) => {
    const req = request(new URL(url), { path, method: 'GET' }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('long URLs: 100 KiB and 900 KiB queries are served (Node\'s default head limit is 16 KiB), past 1 MiB is 431', async () => {
  assert.equal(MAX_HEADER_BYTES, 2 ** 20);
  const { url, close } = await serve({ port: 0 });
  try {
    const page = readFileSync(`${WEB_ROOT}/index.html`, 'utf8');
    for (const bytes of [100 << 10, 900 << 10]) {
      const config = encodeURIComponent(JSON.stringify({ num_hidden_layers: 2, layer_types: Array(bytes / 16 | 0).fill('full_attention') }));
      const path = `/?kind=rope&config=${config}`.slice(0, bytes);
      assert.ok(path.length >= bytes - 1 && path.length > 16 << 10, `a ${path.length}-byte path`);
      const r = await get(url, path);
      assert.equal(r.status, 200, `${bytes} bytes`);
      assert.equal(r.body, page);
    }
    const r = await get(url, `/?config=${'x'.repeat(MAX_HEADER_BYTES)}`);
    assert.equal(r.status, 431);
    // and the server goes on answering
    assert.equal((await get(url, '/?kind=alibi')).status, 200);
  } finally {
    await close();
  }
});

test('the manual (web/docs/) is served as UTF-8 Markdown beside the explorer, under its CSP', async () => {
  const { url, close } = await serve({ port: 0 });
  try {
    for (const page of ['index.md', 'kinds.md', 'contributing.md']) {
      const r = await get(url, `/docs/${page}`);
      assert.equal(r.status, 200, page);
      assert.equal(r.headers['content-type'], 'text/markdown; charset=utf-8', page);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', page);
      assert.match(r.headers['content-security-policy'], /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/, page);
      assert.equal(r.body, readFileSync(`${WEB_ROOT}/docs/${page}`, 'utf8'), page);
    }
    assert.equal((await get(url, '/docs/no-such-page.md')).status, 404);
  } finally {
    await close();
  }
});

test('the built manual (npm run docs) is served at /docs/, the raw Markdown still beside it', async () => {
  const built = mkdtempSync(join(tmpdir(), 'posenc-docs-built-'));
  writeFileSync(join(built, 'index.html'), '<!doctype html><title>index</title>');
  writeFileSync(join(built, 'tutorial.html'), '<!doctype html><title>tutorial</title>');
  const { url, close } = await serve({ port: 0, docs: built });
  try {
    for (const [path, title] of [['/docs/', 'index'], ['/docs/tutorial.html', 'tutorial']]) {
      const r = await get(url, path);
      assert.equal(r.status, 200, path);
      assert.ok(r.body.includes(`<title>${title}</title>`), path);
      assert.equal(r.headers['content-security-policy'], DOCS_CSP);
    }
    assert.equal((await get(url, '/docs')).headers.location, '/docs/');
    // not in the built site: the Markdown source, under the explorer's policy
    const md = await get(url, '/docs/index.md');
    assert.equal(md.body, readFileSync(`${WEB_ROOT}/docs/index.md`, 'utf8'));
    assert.match(md.headers['content-security-policy'], /^default-src 'self'; script-src 'self' 'wasm-unsafe-eval'/);
    assert.equal((await get(url, '/')).status, 200);
  } finally {
    await close();
    rmSync(built, { recursive: true, force: true });
  }
});
