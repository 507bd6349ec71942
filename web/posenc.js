// posenc — the package entry: load() instantiates posenc.wasm and gives a Posenc, whose compute
// side lives in core/posenc.js, its colour API in core/colour.js and its errors in core/error.js.
import { load as loadFrom } from './core/load.js';

export { PosencError } from './core/error.js';
export { VERSION } from './core/posenc.js';

// The literal `new URL('./posenc.wasm', import.meta.url)` is what Vite, webpack and Parcel
// recognise: they emit the file as an asset and rewrite the URL. (esbuild leaves it alone: copy
// posenc.wasm next to the bundle, or pass wasmURL.) It stays in this module, as a bundle's
// import.meta.url is this module's.
const here = { url: import.meta.url, wasm: () => new URL('./posenc.wasm', import.meta.url) };

/**
 * Instantiate posenc (cached per options). load({ wasmBinary }) takes the module's bytes,
 * load({ wasmURL }) a URL to fetch (relative to this module); maxBytes sets the output cap
 * (default 2 GiB).
 */
export function load(options = {}) {
  return loadFrom(options, here);
}
