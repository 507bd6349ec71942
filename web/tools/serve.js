#!/usr/bin/env node
// A dependency-free static server for the explorer: web/ at / (after `build.sh setup`, which also
// bundles web/vendor/chart.js), and the manual's site at /docs/ once `npm run docs` has built it
// (build/docs; before that, the raw Markdown of web/docs). Local use only:
// it binds 127.0.0.1 (PORT overrides 8080; 0 picks a free port) and sends the Content-Security-Policy
// the page must work under (no inline script or style, wasm allowed, connections to the page's own
// origin and the Hugging Face Hub, where the explorer's model-id field fetches config.json).
//   node web/tools/serve.js            serve until interrupted
//   import { serve } from './serve.js'; const { url, close } = await serve({ port: 0 });
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
export const WEB_ROOT = resolve(here, '..');
/** The manual's built site (`npm run docs`), served at /docs/ when it holds an index.html. */
export const DOCS_ROOT = resolve(here, '../../build/docs');

/**
 * The policy of the manual's pages: VitePress writes an inline script (the theme chosen before the
 * first paint) and inline styles; nothing leaves the page's origin.
 */
export const DOCS_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'";

export const HUB = 'https://huggingface.co';

/** The policy with `hub` (an origin, or several space-separated) as the one other origin the page may fetch from. */
export const cspFor = (hub = HUB) => `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' ${hub}`;

export const CSP = cspFor();

/**
 * Bytes of a request's head (request line and headers) the server reads: explorer links carry whole
 * model configs in the URL, which Node's default (16 KiB) answers with 431.
 */
export const MAX_HEADER_BYTES = 1 << 20;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

async function fileFor(root, pathname) {
  // Decode once, reject anything that could leave the root (.., NUL, backslashes, encoded slashes).
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const file = resolve(root, '.' + path);
  if (file !== root && !file.startsWith(root + sep)) return null;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? { file, size: info.size } : null;
}

function send(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Security-Policy': CSP });
  res.end(text + '\n');
}

/**
 * Start serving root (default web/); resolves to { url, port, server, close() }. csp: the policy sent
 * (null: none, for pages built by other tools, e.g. docs sites with inline scripts); hub: the origin
 * the policy lets the page fetch configs from instead of the Hub's (a mirror, a test's mock Hub).
 */
export function serve({ root = WEB_ROOT, port = Number(process.env.PORT ?? 8080), host = '127.0.0.1', hub, csp = hub ? cspFor(new URL(hub).origin) : CSP,
  docs = root === WEB_ROOT ? DOCS_ROOT : null } = {}) {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
    const { pathname } = new URL(req.url, 'http://localhost');
    // /docs/… from the built site when there is one (a page's .html, or the folder's index.html).
    const site = docs && (pathname === '/docs' || pathname.startsWith('/docs/')) && await fileFor(docs, '/index.html')
      ? await fileFor(docs, pathname.slice('/docs'.length) || '/') : null;
    if (docs && pathname === '/docs' && site) {
      res.writeHead(301, { Location: '/docs/' });
      return res.end();
    }
    const found = site ?? await fileFor(root, pathname);
    if (!found) return send(res, 404, `not found: ${pathname}`);
    const policy = site ? (csp && DOCS_CSP) : csp;
    res.writeHead(200, {
      'Content-Type': TYPES[extname(found.file)] ?? 'application/octet-stream',
      'Content-Length': found.size,
      ...(policy ? { 'Content-Security-Policy': policy } : {}),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(found.file).on('error', () => res.destroy()).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const actual = server.address().port;
      ok({
        server,
        port: actual,
        url: `http://${host}:${actual}/`,
        close: () => new Promise((done) => { server.closeAllConnections?.(); server.close(() => done()); }),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { url } = await serve().catch((e) => {
    console.error(`serve.js: ${e.message}`);
    process.exit(1);
  });
  const built = await stat(resolve(DOCS_ROOT, 'index.html')).then(() => true, () => false);
  console.log(`posenc explorer: ${url}  (Ctrl-C stops)`);
  console.log(built ? `posenc manual:   ${url}docs/` : `posenc manual:   not built (\`npm run docs\`); its Markdown pages are under ${url}docs/`);
}
