// Loading: the module's bytes (embedded, given, fetched, or read from disk under Node), instantiated
// once per source; plain load() calls share that one Posenc, a call with options of its own gets
// its own Posenc over the same instance. The entry (web/posenc.js) hands over the embedded bytes
// and its own URL.
import { Posenc, share } from './posenc.js';

const loaded = new Map();

async function wasmSource(options, here) {
  if (options.wasmBinary) return options.wasmBinary;
  if (options.wasmURL === undefined) return here.bytes();
  const url = new URL(options.wasmURL, here.url);
  if (url.protocol === 'file:') {
    // Node's fetch takes no file: URLs. getBuiltinModule, not an import, which bundlers would
    // try to resolve for the browser.
    const fs = globalThis.process?.getBuiltinModule?.('node:fs/promises');
    if (!fs) throw new Error(`posenc: cannot read ${url} here; pass its bytes as load({ wasmBinary })`);
    return fs.readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`posenc: cannot fetch ${url} (HTTP ${response.status})`);
  if (/^text\/html\b/.test(response.headers.get('content-type') ?? '')) {
    // A dev server's fallback page: the wasm is not at wasmURL.
    throw new Error(`posenc: ${url} is an HTML page, not posenc.wasm; check load({ wasmURL }) or see posenc's web/docs/install.md`);
  }
  if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
    return response;
  }
  return response.arrayBuffer();
}

/**
 * load(options) as web/posenc.js exports it; `here` is the entry's { url, bytes() }: the base a
 * relative wasmURL resolves against, and the embedded module's bytes.
 */
export function load(options, here) {
  const key = options.wasmBinary ?? String(options.wasmURL ?? '');
  let promise = loaded.get(key);
  if (!promise) {
    promise = instantiate(options, here);
    loaded.set(key, promise);
    promise.catch(() => loaded.delete(key));
  }
  // Options of one caller (maxBytes, viewBudget) go to an object of its own over the cached
  // instance: one caller's cap never becomes another's.
  const own = options.maxBytes !== undefined || options.viewBudget !== undefined;
  return promise.then((pe) => (own ? share(pe, { maxBytes: options.maxBytes, viewBudget: options.viewBudget }) : pe));
}

async function instantiate(options, here) {
  const source = await wasmSource(options, here);
  const imports = {};  // none: views follow memory.buffer themselves (c/wasm_api.c)
  // Bytes first, as merely reading the global Response makes Node 20 load its fetch stack.
  const bytes = source instanceof ArrayBuffer || ArrayBuffer.isView(source);
  // Bytes compile synchronously, as the async API compiles on other threads and resolves through
  // a later task (npm run bench: load()). Chrome before 114 refuses synchronous compilation over
  // 4 KB on the main thread (RangeError): async then.
  let instance;
  if (bytes) {
    try {
      instance = new WebAssembly.Instance(new WebAssembly.Module(source), imports);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  instance ??= (!bytes && typeof Response !== 'undefined' && source instanceof Response
    ? await WebAssembly.instantiateStreaming(source, imports)
    : await WebAssembly.instantiate(source, imports)).instance;
  return new Posenc(instance.exports);
}
