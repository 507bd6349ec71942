// A model's config.json from the Hugging Face Hub (or a mirror speaking its HTTP API): one GET of
// ${endpoint}/${id}/resolve/${revision}/config.json, checked, capped and parsed. Works wherever
// fetch does (Node 20, browsers: the Hub serves its files with CORS). No retry: a failure is
// reported once with what it most likely means, so a script or a page never hammers the Hub.
import { PosencError } from './error.js';

export const HUB_ENDPOINT = 'https://huggingface.co';
export const HUB_TIMEOUT = 30000;
/** The largest config.json read (bytes): real ones are a few KiB, multimodal ones under 1 MiB. */
export const HUB_MAX_BYTES = 16 * 2 ** 20;

// The Hub's own rule for repository names (huggingface/huggingface_hub utils/_validators.py,
// validate_repo_id): letters, digits, '-', '_', '.', at most 96 characters, no '--' or '..', not
// starting or ending with '-' or '.'.
const NAME = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/;
// A branch, a tag (both may hold '/', as refs/pr/1 does) or a commit hash: what git allows, less
// what could leave the path or make the URL something else (a '.' segment, which URL parsing drops).
const REVISION = /^[A-Za-z0-9_.][A-Za-z0-9_./+-]*$/;

const fail = (message, code, param) => new PosencError(`posenc: ${message}`, code, param);
const quote = (v) => JSON.stringify(String(v).length > 120 ? `${String(v).slice(0, 120)}…` : String(v));

/** `org/name` checked as the Hub checks it; throws EINVAL naming `model`. */
export function checkModelId(id) {
  if (typeof id !== 'string') throw fail(`model = ${id === null ? 'null' : typeof id} is not a model id ("org/name")`, 'EINVAL', 'model');
  const why = /\s/.test(id) ? 'holds whitespace'
    : /^[a-z][a-z0-9+.-]*:/i.test(id) || id.startsWith('/') ? 'is a URL or a path, not a model id'
      : id.split('/').length !== 2 ? 'is not of the form "org/name"'
        : id.length > 96 + 1 + 96 ? 'is too long'
          : id.split('/').some((part) => !NAME.test(part) || part.includes('..') || part.includes('--') || part.length > 96)
            ? "has a character or sequence the Hub does not allow in a name (letters, digits, '-', '_', '.'; no '--' or '..')"
            : null;
  if (why) throw fail(`model = ${quote(id)} ${why}`, 'EINVAL', 'model');
  return id;
}

/** A branch, tag or commit; throws EINVAL naming `model` (the revision is part of what names it). */
export function checkRevision(revision) {
  if (typeof revision !== 'string' || revision === '' || revision.length > 255 || !REVISION.test(revision) ||
    revision.includes('..') || /(^|\/)\./.test(revision) || revision.includes('//') || revision.endsWith('/') || revision.endsWith('.lock')) {
    throw fail(`revision = ${typeof revision === 'string' ? quote(revision) : typeof revision} is not a branch, tag or commit ` +
      "(letters, digits, '_', '-', '.', '/', '+'; no '..')", 'EINVAL', 'model');
  }
  return revision;
}

function checkEndpoint(endpoint) {
  let url;
  try {
    url = new URL(endpoint);
  } catch {
    url = null;
  }
  if (typeof endpoint !== 'string' || !url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash ||
    url.username || url.password) {
    throw fail(`endpoint = ${typeof endpoint === 'string' ? quote(endpoint) : typeof endpoint} is not an http(s) URL ` +
      '(without query, fragment or credentials)', 'EINVAL', 'endpoint');
  }
  return endpoint.replace(/\/+$/, '');
}

/** The URL fetchConfig asks (no token in it, ever). */
export function configURL(id, revision = 'main', endpoint = HUB_ENDPOINT) {
  return `${checkEndpoint(endpoint)}/${checkModelId(id)}/resolve/${encodeURIComponent(checkRevision(revision))}/config.json`;
}

// The body as text, refused past maxBytes while it streams (a Content-Length says so before).
async function readCapped(res, maxBytes, what) {
  const tooBig = (n) => fail(`${what}: the answer is ${n} bytes or more, over the ${maxBytes}-byte cap for a config.json`, 'EIO', 'model');
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw tooBig(declared);
  }
  if (!res.body?.getReader) {
    const text = await res.text();
    if (text.length > maxBytes) throw tooBig(text.length);
    return text;
  }
  const reader = res.body.getReader();
  const parts = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.byteLength;
    if (n > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooBig(n);
    }
    parts.push(value);
  }
  const all = new Uint8Array(n);
  let at = 0;
  for (const p of parts) all.set(p, at), (at += p.byteLength);
  return new TextDecoder().decode(all);
}

// What a failed answer means, from its status and the Hub's X-Error-Code.
function statusError(res, id, revision, what) {
  const hubCode = res.headers.get('x-error-code');
  if (res.status === 401 || res.status === 403) {
    return fail(`${what}: HTTP ${res.status}: a gated or private model (or a token without access to it): accept its terms on the Hub ` +
      'and give a token (HF_TOKEN, or { token })', 'EACCES', 'token');
  }
  if (res.status === 404) {
    const why = hubCode === 'RepoNotFound' ? `no model ${quote(id)} on the Hub: check the id (or, if it is private, give a token)`
      : hubCode === 'RevisionNotFound' ? `the model exists but has no revision ${quote(revision)}: check the branch, tag or commit`
        : hubCode === 'EntryNotFound' ? `${id}@${revision} has no config.json (not a transformers model, or its config sits elsewhere)`
          : 'not found: the model id or the revision may be wrong';
    return fail(`${what}: HTTP 404: ${why}`, 'ENOENT', 'model');
  }
  return fail(`${what}: HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}${hubCode ? ` (${hubCode})` : ''}: the Hub could not ` +
    'answer; try again later', 'EIO', 'model');
}

/** fetchConfig(id, options): a model's config.json from the Hub, parsed (pe.fetchConfig). */
export async function fetchConfig(id, options) {
  return (await fetchHubConfig(id, options)).config;
}

/**
 * The same with what the answer said: { config, id, revision, commit (X-Repo-Commit, or null), url }.
 * options: { revision = 'main', token, endpoint, fetch, timeout (ms, default 30000), signal, maxBytes }.
 */
export async function fetchHubConfig(id, options = {}) {
  if (options === null || typeof options !== 'object') throw fail('options is not an object', 'EINVAL', 'options');
  const { revision = 'main', token, endpoint = HUB_ENDPOINT, fetch = globalThis.fetch, timeout = HUB_TIMEOUT, signal,
    maxBytes = HUB_MAX_BYTES } = options;
  const url = configURL(id, revision, endpoint);
  if (token !== undefined && token !== null && (typeof token !== 'string' || /[\s\0]/.test(token) || token === '')) {
    throw fail('token is not a token (a non-empty string without whitespace)', 'EINVAL', 'token');  // never the value
  }
  if (typeof fetch !== 'function') throw fail('fetch is not a function (no global fetch here: pass { fetch })', 'EINVAL', 'fetch');
  if (typeof timeout !== 'number' || !(timeout > 0)) throw fail(`timeout = ${String(timeout)} is not a number of milliseconds > 0`, 'EINVAL', 'timeout');
  if (typeof maxBytes !== 'number' || !(maxBytes > 0)) throw fail(`maxBytes = ${String(maxBytes)} is not a number > 0`, 'EINVAL', 'maxBytes');
  const what = `${id}@${revision}`;
  // one controller for the timeout and the caller's signal, covering the headers and the body
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; ctl.abort(); }, Math.min(timeout, 2 ** 31 - 1));
  const onAbort = () => ctl.abort();
  if (signal?.aborted) onAbort();
  signal?.addEventListener?.('abort', onAbort, { once: true });
  const stopped = (e) => {
    if (timedOut) return fail(`${what}: no answer from ${endpoint} within ${timeout / 1000} s (offline, or a slow endpoint? a longer timeout)`, 'ETIMEDOUT', 'model');
    if (signal?.aborted) return fail(`${what}: cancelled`, 'ECANCELED', 'model');
    return fail(`${what}: cannot reach ${endpoint} (${e?.cause?.code ?? e?.cause?.message ?? e?.message ?? e}): offline, or a wrong endpoint?`, 'EIO', 'model');
  };
  try {
    let res;
    try {
      res = await fetch(url, { headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, signal: ctl.signal,
        redirect: 'follow' });
    } catch (e) {
      throw stopped(e);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw statusError(res, id, revision, what);
    }
    let text;
    try {
      text = await readCapped(res, maxBytes, what);
    } catch (e) {
      if (e instanceof PosencError) throw e;
      throw stopped(e);
    }
    let config;
    try {
      config = JSON.parse(text);
    } catch {
      const type = res.headers.get('content-type') ?? 'no content type';
      throw fail(`${what}: the answer is not JSON (${type}: ${quote(text.trimStart().slice(0, 60))}): is ${endpoint} the Hub?`, 'EINVAL', 'model');
    }
    if (config === null || typeof config !== 'object' || Array.isArray(config)) {
      throw fail(`${what}: config.json holds ${config === null ? 'null' : Array.isArray(config) ? 'an array' : typeof config}, not an object`, 'EINVAL', 'model');
    }
    const commit = res.headers.get('x-repo-commit');
    return { config, id, revision, commit: commit && /^[0-9a-f]{40}$/.test(commit) ? commit : null, url };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener?.('abort', onAbort);
  }
}
