// Chart.js for the views, without import maps or a CDN: its UMD build (copied to web/vendor/ by
// `build.sh setup`, also served from node_modules by web/tools/serve.js). Loaded natively as a
// module, the UMD wrapper sees no `module`/`define` and sets globalThis.Chart; a bundler instead
// treats it as CommonJS and hands the constructor over as the default export.
import * as umd from '../vendor/chart.umd.js';

export const Chart = globalThis.Chart ?? umd.default;
