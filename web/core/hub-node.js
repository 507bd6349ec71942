// Node only (the CLI's; the browser entry never imports it): a config named on the command line —
// a file, a model directory, or a Hub model id `org/name[@revision]` — read from disk, from the
// cache, or fetched (core/hub.js) with the settings the Hub's own tools read from the environment:
// HF_ENDPOINT, HF_TOKEN (else the token file: HF_TOKEN_PATH, else $HF_HOME/token), HF_HOME,
// HF_HUB_OFFLINE. Fetched configs are kept under $HF_HOME/posenc/<org>--<name>/<revision>/; the token
// is sent as a header only, and never written, logged or put in a message.
import { readFileSync, statSync, mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { PosencError } from './error.js';
import { fetchHubConfig, checkModelId, checkRevision, HUB_ENDPOINT, HUB_TIMEOUT } from './hub.js';

const fail = (message, code, param) => new PosencError(`posenc: ${message}`, code, param);
const TRUE = new Set(['1', 'ON', 'YES', 'TRUE']);  // as huggingface_hub's constants._is_true

/** The Hub settings of an environment: { endpoint, token, home, offline, tokenSource }. */
export function hubSettings(env = process.env) {
  const home = env.HF_HOME || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'huggingface');
  let token = env.HF_TOKEN || undefined;
  let tokenSource = token ? 'HF_TOKEN' : null;
  if (!token) {
    const path = env.HF_TOKEN_PATH || join(home, 'token');
    try {
      token = readFileSync(path, 'utf8').trim() || undefined;
      if (token) tokenSource = path;
    } catch {
      token = undefined;  // no token file: anonymous, as the Hub's tools are
    }
  }
  return { endpoint: (env.HF_ENDPOINT || HUB_ENDPOINT).replace(/\/+$/, ''), token, tokenSource, home,
    offline: TRUE.has(String(env.HF_HUB_OFFLINE ?? '').toUpperCase()) };
}

/** `org/name[@revision]` → { id, revision } (revision 'main' when absent); EINVAL naming `model`. */
export function parseModelRef(ref) {
  const at = ref.indexOf('@');
  const id = at < 0 ? ref : ref.slice(0, at);
  const revision = at < 0 ? 'main' : ref.slice(at + 1);
  return { id: checkModelId(id), revision: checkRevision(revision) };
}

// The revision as one directory name: a branch such as refs/pr/1 holds slashes.
const dirOf = (home, id, revision) => join(home, 'posenc', id.replace('/', '--'), encodeURIComponent(revision));

// A config.json larger than this is not one (the largest published, LongRoPE factor lists included,
// are well under a megabyte): refused before it is read into memory.
const MAX_CONFIG_BYTES = 64 * 1024 * 1024;

function readJSONFile(path, what) {
  let text;
  try {
    const st = statSync(path);
    if (!st.isFile()) throw fail(`${what} ${path} is not a file`, 'EINVAL', 'config');
    if (st.size > MAX_CONFIG_BYTES) throw fail(`${what} ${path} has ${st.size} bytes, more than a config.json (${MAX_CONFIG_BYTES})`, 'ERANGE', 'config');
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if (e instanceof PosencError) throw e;
    const why = e.code === 'ENOENT' ? 'does not exist' : e.code === 'EACCES' ? 'cannot be read (permission denied)' : `cannot be read: ${e.code ?? e.message}`;
    throw fail(`${what} ${path} ${why}`, e.code === 'ENOENT' || e.code === 'EACCES' ? e.code : 'EINVAL', 'config');
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw fail(`${path} is not JSON (${e.message})`, 'EINVAL', 'config');
  }
}

// A local file or directory at arg, or null when there is none.
function localPath(arg) {
  try {
    return statSync(arg);
  } catch {
    return null;
  }
}

/**
 * A config named on the command line → { config, source, id?, revision?, commit?, cached? }.
 * options: { env (default process.env), timeout (ms), fetch }.
 */
export async function resolveConfig(arg, options = {}) {
  const { env = process.env, timeout = HUB_TIMEOUT, fetch = globalThis.fetch } = options;
  if (typeof arg !== 'string' || arg === '') throw fail('no config given (a config.json, a model directory, or a model id org/name)', 'EINVAL', 'config');
  const local = localPath(arg);
  if (local?.isDirectory()) return { config: readJSONFile(join(arg, 'config.json'), 'the model directory\'s config.json'), source: join(arg, 'config.json') };
  if (local) return { config: readJSONFile(arg, 'config'), source: arg };
  // neither file nor directory: a model id, when it looks like one; else the missing file it names
  if (/\.json$/i.test(arg) || arg.startsWith('.') || arg.startsWith('/') || !/^[^/@]+\/[^/@]+(@.+)?$/.test(arg)) {
    throw fail(`config ${arg} does not exist (nor is it a model id: those are org/name, e.g. Qwen/Qwen3-8B)`, 'ENOENT', 'config');
  }
  const { id, revision } = parseModelRef(arg);
  const hub = hubSettings(env);
  const dir = dirOf(hub.home, id, revision);
  const file = join(dir, 'config.json');
  if (hub.offline) {
    if (!localPath(file)) {
      throw fail(`${id}@${revision} is not in the cache (${file}) and HF_HUB_OFFLINE is set: run once online, or unset HF_HUB_OFFLINE`,
        'ENOENT', 'model');
    }
    return { config: readJSONFile(file, 'cached config'), source: file, id, revision, commit: readCommit(dir), cached: true };
  }
  let got;
  try {
    got = await fetchHubConfig(id, { revision, endpoint: hub.endpoint, token: hub.token, timeout, fetch });
  } catch (e) {
    // a mistyped local path reads as an id too: say that it was looked for on disk first
    if (e instanceof PosencError && e.code === 'ENOENT' && /no model|may be wrong/.test(e.message)) throw new PosencError(`${e.message} (nor is ${arg} a local file or directory)`, e.code, e.param);
    throw e;
  }
  store(dir, got);
  return { config: got.config, source: got.url, id, revision, commit: got.commit, cached: false };
}

function readCommit(dir) {
  try {
    const c = readFileSync(join(dir, 'commit'), 'utf8').trim();
    return /^[0-9a-f]{40}$/.test(c) ? c : null;
  } catch {
    return null;
  }
}

// The parsed config as JSON (what was read, not the answer's bytes) and the commit it came from;
// a failure to write leaves the result as it is (a read-only home must not stop a reading).
function store(dir, { config, commit }) {
  try {
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `.config.json.${process.pid}`);
    writeFileSync(tmp, JSON.stringify(config, null, 1) + '\n');
    renameSync(tmp, join(dir, 'config.json'));
    if (commit) writeFileSync(join(dir, 'commit'), commit + '\n');
  } catch {
    // the cache is an optimisation for offline use
  }
}
