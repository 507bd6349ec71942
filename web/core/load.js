// Loading: the module's bytes (given, fetched, or read from disk under Node), instantiated once per
// source. The default URL comes from the package entry (web/posenc.js), where bundlers find it.
import { Posenc } from './posenc.js';

const loaded = new Map();

async function wasmSource(options, here) {
  if (options.wasmBinary) return options.wasmBinary;
  const url = options.wasmURL !== undefined ? new URL(options.wasmURL, here.url) : here.wasm();
  if (url.protocol === 'file:') {
    // Node: read from disk. The specifier is built so that bundlers leave it alone.
    const fs = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ fs);
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`posenc: cannot fetch ${url} (HTTP ${response.status})`);
  if (/^text\/html\b/.test(response.headers.get('content-type') ?? '')) {
    // A dev server's fallback page: the wasm is not where posenc.js looks (README: Install).
    throw new Error(`posenc: ${url} is an HTML page, not posenc.wasm; pass load({ wasmURL }) or see the README's "Install"`);
  }
  if (WebAssembly.instantiateStreaming && response.headers.get('content-type') === 'application/wasm') {
    return response;
  }
  return response.arrayBuffer();
}

/**
 * load(options) as web/posenc.js exports it; `here` is the entry's { url, wasm() }: the base a
 * relative wasmURL resolves against, and the default posenc.wasm URL.
 */
export function load(options, here) {
  const key = options.wasmBinary ?? String(options.wasmURL ?? '');
  let promise = loaded.get(key);
  if (!promise) {
    promise = instantiate(options, here);
    loaded.set(key, promise);
    promise.catch(() => loaded.delete(key));
  }
  return promise.then((pe) => {
    if (options.maxBytes !== undefined) pe.maxBytes = options.maxBytes;
    return pe;
  });
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
