// Consumer: TypeScript against the package's .d.ts files (tsc --noEmit, strict). The lines marked
// as expected errors fail the check if the types went loose (any) or wrong.
import { load, PosencError, type Result, type KindInfo } from 'posenc';
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
