// Consumer: TypeScript against the package's .d.ts files (tsc --noEmit, strict). The lines marked
// as expected errors fail the check if the types went loose (any) or wrong.
import { load, PosencError, ggufRopeTensors, type Result, type KindInfo } from 'posenc';
import { ready } from 'posenc/elements';
import { define, hasDOM, TAGS, type PosencHeatmapElement, type PosencPlotElement } from 'posenc/elements/define';

const pe = await load();
const m: Result<'sinusoidal'> = pe.compute('sinusoidal', { positions: 50, dim: 64, variant: 'fairseq' });
const first: number = m.data[0];
const buckets: Int32Array = pe.compute('t5', { queries: 8 }).data;
const kinds: readonly KindInfo[] = pe.kinds;
// @ts-expect-error: not a variant
pe.compute('sinusoidal', { variant: 'vaswanii' });
try {
  pe.compute('rope', { dim: 63 });
} catch (e) {
  if (e instanceof PosencError) console.log(e.code, e.param);
}

const view = pe.computeView('sinusoidal', { dim: 8 }, { maxBytes: 1 << 20 });
const dims: number[] = pe.shape('t5', { queries: 8 }, { maxBytes: 0 });
// @ts-expect-error: maxBytes is a number
pe.compute('t5', {}, { maxBytes: '1 MiB' });
const capped = await load({ maxBytes: 1 << 20, viewBudget: 64 << 20 });
capped.viewBudget = 32 << 20;
const held: number = capped.viewBytes;
// @ts-expect-error: viewBytes is read-only
capped.viewBytes = 0;
// @ts-expect-error: viewBudget is a number
load({ viewBudget: 'big' });
const image = pe.colormap(view, { map: pe.colormaps[0].name, vmin: -1, vmax: 1 });
const pixels: Uint8ClampedArray = image.data;
const top: number = pe.range(view.data).max;
const limits: [number, number] = [pe.range(view, { vmin: -1 }).lo, pe.range(view, { vmax: 1 }).hi];
// @ts-expect-error: vmin is a number
pe.colormap(view, { vmin: 'low' });
image.free();
view.free();

const heat = document.createElement('posenc-heatmap');   // PosencHeatmapElement via HTMLElementTagNameMap
heat.kind = 'rope';
heat.positions = 512;
heat.dim = 64;
heat.ropeType = 'yarn';
heat.factor = 4;
heat.originalMaxPositionEmbeddings = 128;
heat.dims = [0, 1, 6];
heat.columns = [0, 1, 6];
heat.colormap = 'viridis';
heat.peStyle = 'pixtral';                                // rope-2d's style (style is HTML's)
heat.style.height = '300px';
heat.addEventListener('posenc-error', (e) => console.log(e.detail.attribute, e.detail.code, e.detail.message));
heat.addEventListener('posenc-render', (e) => console.log(e.detail.shape, e.detail.rows, e.detail.columns));
// @ts-expect-error: not a rope_type
heat.ropeType = 'yarnn';
// @ts-expect-error: dims is a list of columns
heat.dims = '0,1';
// @ts-expect-error: columns is a list of columns
heat.columns = '0,1';
// @ts-expect-error: no such parameter
heat.notAParameter = 1;
heat.ropeScaling = { rope_type: 'yarn', factor: 4 };    // reflected as rope-scaling (JSON)
// @ts-expect-error: not a rope_scaling field
heat.ropeScaling = { rope_type: 'yarn', factr: 4 };
const browser: boolean = hasDOM();
// @ts-expect-error: not a rope-2d style
heat.peStyle = 'qwen';
const plot: PosencPlotElement = document.createElement('posenc-plot');
plot.kind = 'alibi';
plot.heads = 8;
plot.form = 'mpt';
// a parameter two kinds share takes either kind's values (alibi's and query-scale's form; rope's and
// mrope-positions' layout), and nothing else
plot.form = 'log-ratio';
plot.layout = 'gptj';
plot.layout = 'indexed_images';
// @ts-expect-error: no kind has this layout
plot.layout = 'sideways';
const status: 'loading' | 'ok' | 'error' = plot.status;

const classes = await ready;
const own = await define({ heatmap: 'my-heat', plot: false });
const mine: PosencHeatmapElement | undefined = own.heatmap ? new own.heatmap() : undefined;
const tag: 'posenc-heatmap' = TAGS.heatmap;
console.log(first, buckets.length, kinds.length, status, browser, classes.plot, mine, tag, pixels.length, top);

// A model's config.json from the Hub (compiled, not run: no network in a type check).
async function fromHub(): Promise<number> {
  const config: Record<string, unknown> = await pe.fetchConfig('Qwen/Qwen3-8B', { revision: 'main', timeout: 5000, signal: AbortSignal.timeout(9000) });
  try {
    await pe.fetchConfig('acme/gated', { token: 'hf_x', endpoint: 'https://hub.example' });
  } catch (e) {
    if (e instanceof PosencError && (e.code === 'EACCES' || e.code === 'ENOENT' || e.code === 'ETIMEDOUT')) console.log(e.param);
  }
  // @ts-expect-error: timeout is a number of milliseconds
  pe.fetchConfig('Qwen/Qwen3-8B', { timeout: '30s' });
  return pe.positionsFromConfig(config).layers.length;
}
void fromHub;

// engines: what vLLM computes, the comparison, a GGUF file's layers
const vllm = pe.layersFromConfig({ model_type: 'llama' }, { engine: 'vllm', context: 131072, seqLen: 2000 });
const rules: readonly string[] = vllm[0].engine?.rules.map((r) => r.rule) ?? [];
const total: number | undefined = vllm[0].logitScale?.total;
// a layer's query scale: Llama 4's floor-log params or Qwen (v1)'s log-n, told apart by form
const qs = vllm[0].queryScale;
const threshold: number = qs === null ? 0 : qs.form === 'log-ratio' ? qs.seqLength : qs.floorScale;
// @ts-expect-error: not an engine
pe.ropeFromConfig({}, { engine: 'ollama' });
const cmp = pe.compareEngines({ model_type: 'llama' }, { engines: ['vllm', 'llama.cpp'], positions: 1024 });
const differ: boolean = cmp.rows.some((r) => !r.same);
const names: string[] = pe.engines.map((e) => e.version);
const g = pe.readGGUF(new Uint8Array(0));
const ggufLayers = pe.layersFromGGUF(g, { context: 8192, tensors: { 'rope_freqs.weight': new Float32Array(64) } });
const factors: number[] | undefined = ggufLayers[0].rope?.freqFactors;
const ropeNames: string[] = ggufRopeTensors(g);  // the tensors to read by File.slice
const verdict: boolean = pe.checkGGUF(g, { config: {} }).same;
pe.check({ shape: [2], data: new Float32Array(2) }, { config: {}, layer: 0, engine: 'sglang', seqLen: 5000 });
console.log(rules, total, differ, names, factors, verdict);
