// A small stand-in for the Hugging Face Hub's file API on 127.0.0.1 (node:http: real sockets, real
// headers), for the tests of pe.fetchConfig, the CLI and the explorer. Not a test file.
// GET /{org}/{name}/resolve/{revision}/config.json answers as the Hub does for these ids:
//   Qwen/Qwen3-8B         200, X-Repo-Commit (main, v1.0 or the commit itself; other revisions 404
//                         RevisionNotFound)
//   acme/gated            401 without `Authorization: Bearer hf_mocktoken`, 200 with it
//   acme/private          403 whatever the token
//   acme/missing          404 RepoNotFound          acme/no-config   404 EntryNotFound
//   acme/bare-404         404 without X-Error-Code  acme/broken      500
//   acme/slow             headers after `slowMs`    acme/html        200 text/html (a login page)
//   acme/array            200 JSON array            acme/huge        200, 20 MiB streamed, no length
//   acme/huge-declared    200, Content-Length 20 MiB (then a little)
//   acme/reset            the socket closed without an answer
//   acme/typo             200, a model_type posenc does not know ("qwen3x")
// Every request is kept in `requests` ({ method, url, headers }) so tests can see what was sent.
import { createServer } from 'node:http';

export const TOKEN = 'hf_mocktoken';
export const COMMIT = 'a'.repeat(8) + '0123456789abcdef0123456789abcdef';  // 40 hex digits
export const TAG_COMMIT = 'b'.repeat(40);

// Qwen/Qwen3-8B's config.json as published on the Hub (main).
export const QWEN3_8B = {
  architectures: ['Qwen3ForCausalLM'], attention_bias: false, attention_dropout: 0.0, bos_token_id: 151643, eos_token_id: 151645,
  head_dim: 128, hidden_act: 'silu', hidden_size: 4096, initializer_range: 0.02, intermediate_size: 12288,
  max_position_embeddings: 40960, max_window_layers: 36, model_type: 'qwen3', num_attention_heads: 32, num_hidden_layers: 36,
  num_key_value_heads: 8, rms_norm_eps: 1e-06, rope_scaling: null, rope_theta: 1000000, sliding_window: null,
  tie_word_embeddings: false, torch_dtype: 'bfloat16', transformers_version: '4.51.0', use_cache: true,
  use_sliding_window: false, vocab_size: 151936,
};
// The same file at tag v1.0, with another base, so a test can tell revisions apart.
export const QWEN3_8B_V1 = { ...QWEN3_8B, rope_theta: 500000 };
export const TYPO = { ...QWEN3_8B, model_type: 'qwen3x', architectures: ['Qwen3xForCausalLM'] };

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-Repo-Commit, X-Error-Code, X-Error-Message, Content-Length',
};

/** Start the mock Hub: { url, requests, close() }. slowMs: how long acme/slow waits (default 3000). */
export function startMockHub({ slowMs = 3000 } = {}) {
  const requests = [];
  const timers = new Set();
  const server = createServer((req, res) => {
    requests.push({ method: req.method, url: req.url, headers: { ...req.headers } });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'Access-Control-Allow-Headers': 'Authorization, Accept', 'Access-Control-Allow-Methods': 'GET' });
      return res.end();
    }
    const m = /^\/([^/]+)\/([^/]+)\/resolve\/([^/]+)\/config\.json$/.exec(req.url);
    const json = (status, body, headers = {}) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
      res.end(text);
    };
    const error = (status, code, message) => json(status, { error: message }, code ? { 'X-Error-Code': code, 'X-Error-Message': message } : {});
    if (!m) return error(404, 'EntryNotFound', 'not a config.json');
    const [, org, name, rev] = m;
    const revision = decodeURIComponent(rev);
    const id = `${org}/${name}`;
    switch (id) {
      case 'Qwen/Qwen3-8B':
        if (revision === 'main' || revision === COMMIT) return json(200, QWEN3_8B, { 'X-Repo-Commit': COMMIT });
        if (revision === 'v1.0' || revision === TAG_COMMIT) return json(200, QWEN3_8B_V1, { 'X-Repo-Commit': TAG_COMMIT });
        return error(404, 'RevisionNotFound', `Invalid rev id: ${revision}`);
      case 'acme/gated':
        if (req.headers.authorization === `Bearer ${TOKEN}`) return json(200, QWEN3_8B, { 'X-Repo-Commit': COMMIT });
        return error(401, 'GatedRepo', 'Access to model acme/gated is restricted. You must have access to it and be authenticated to access it.');
      case 'acme/private':
        return error(403, null, 'Forbidden');
      case 'acme/missing':
        return error(404, 'RepoNotFound', 'Repository not found');
      case 'acme/no-config':
        return error(404, 'EntryNotFound', 'Entry not found');
      case 'acme/bare-404':
        res.writeHead(404, CORS);
        return res.end('Not Found');
      case 'acme/broken':
        return error(500, null, 'Internal Error');
      case 'acme/slow': {
        const t = setTimeout(() => { timers.delete(t); json(200, QWEN3_8B); }, slowMs);
        timers.add(t);
        res.on('close', () => { clearTimeout(t); timers.delete(t); });
        return undefined;
      }
      case 'acme/html':
        res.writeHead(200, { ...CORS, 'Content-Type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><html><head><title>Sign in</title></head><body>Hugging Face – sign in</body></html>');
      case 'acme/array':
        return json(200, [1, 2, 3]);
      case 'acme/typo':
        return json(200, TYPO, { 'X-Repo-Commit': COMMIT });
      case 'acme/huge':
      case 'acme/huge-declared': {
        const chunk = Buffer.alloc(1 << 20, 0x20);
        res.writeHead(200, { ...CORS, 'Content-Type': 'application/json', ...(id === 'acme/huge-declared' ? { 'Content-Length': 20 << 20 } : {}) });
        let sent = 0;
        const more = () => {
          while (sent < 20 && !res.destroyed) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        res.on('error', () => {});
        return more();
      }
      case 'acme/reset':
        return req.socket.destroy();
      default:
        return error(404, 'RepoNotFound', 'Repository not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      ok({
        url,
        requests,
        close: () => new Promise((done) => {
          for (const t of timers) clearTimeout(t);
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}
