// Types of posenc/elements/define (and the element interfaces that posenc/elements registers).
import type {
  LoadOptions, Posenc, DrawableKind, ElementParams, PosencErrorDetail, PosencRenderDetail, PosencColumnDetail,
} from '../posenc.js';

export interface PosencElementEventMap extends HTMLElementEventMap {
  'posenc-error': CustomEvent<PosencErrorDetail>;
  'posenc-render': CustomEvent<PosencRenderDetail>;
  'posenc-column': CustomEvent<PosencColumnDetail>;
}

/** What both elements have: the view attributes and every registry parameter, as properties. */
export interface PosencElement extends HTMLElement, ElementParams {
  /** attribute kind: what to draw (default: the first kind of pe.kinds). */
  kind: DrawableKind | null;
  /** attribute index: the plane of a stacked table (alibi's head, rope's 0 = cos / 1 = sin). */
  index: number | null;
  /** attribute colormap: a pe.colormaps name (heatmap). */
  colormap: string | null;
  /** attribute columns="0,1,6": the plotted lines (plot), the marked columns (heatmap). */
  columns: number[] | null;
  vmin: number | null;
  vmax: number | null;
  /** attribute heading: the heatmap's title ('' for none). */
  heading: string | null;
  rowLabel: string | null;
  columnLabel: string | null;
  valueLabel: string | null;
  /** attribute heat (compare mode, heatmap): 'a' (default), 'b' or 'diff' (A − B, centred map). B is set by
   *  b-prefixed attributes (b-kind, b-factor, b-rope-type …): A's parameters with those replaced or added. */
  heat: 'a' | 'b' | 'diff' | null;
  /** attribute log-y (plot): 'auto' (default), 'true' or 'false'. */
  logY: 'auto' | 'true' | 'false' | null;
  /** attribute profile="R" (plot of a [queries, keys] kind): the value against j − i for −R … R. */
  profile: number | null;
  /** attribute explain: a caption with the kind's formula (MathML), what to look for and the sources. */
  explain: boolean | null;
  /** attribute grid-column (rope-2d, sincos-2d heatmap): the column painted over the patch grid (default: the first of columns, else 0). */
  gridColumn: number | null;
  /** attribute frame: the frame of the patch grid (rope-2d with frames) and of a video in the block inset (mrope-positions). */
  frame: number | null;
  /** attribute block (mrope-positions heatmap): the image or video (0 = the prompt's first) the block inset shows until a token is hovered. */
  block: number | null;
  /** attribute config: a model's config.json (JSON text); the params of its layer (rope kinds) or its query scale (query-scale). */
  config: string | null;
  /** attribute layer: with config, the layer by index ("5") or layer type ("sliding_attention"). */
  layer: string | null;
  /** Older names of the same options (web/views/options.js aliases): columns, colormap, the labels. */
  dims: number[] | null;
  lines: number[] | null;
  cmap: string | null;
  ylabel: string | null;
  xlabel: string | null;
  clabel: string | null;
  /** The one posenc instance all elements share. */
  readonly pe: Posenc;
  /** 'loading' until the first render (lazy: until the element came near the viewport), then how the last render went. */
  readonly status: 'loading' | 'ok' | 'error';
  /**
   * attribute loading: 'lazy' (default): the first render waits until the element is near the viewport
   * (a shared queue draws figures in turns that yield to the page); 'eager': it renders in the next turn wherever it is.
   */
  loading: 'lazy' | 'eager';
  readonly drawn: PosencRenderDetail | null;
  /** Render now (otherwise: the first render when near the viewport, later ones a microtask after the last change). */
  render(): void;
  addEventListener<K extends keyof PosencElementEventMap>(type: K,
    listener: (this: PosencElement, ev: PosencElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** <posenc-heatmap>: the table (one plane) as a heatmap with axes and a colorbar. */
export interface PosencHeatmapElement extends PosencElement {
  /**
   * The multimodal views beside the heatmap (the explorer's classes: web/views/segments.js SegmentBand,
   * grid.js GridView, inset.js BlockInset), null before the first render; each hides when its kind has none.
   */
  readonly multimodal: { readonly band: unknown; readonly grid: unknown; readonly inset: unknown } | null;
}
/** <posenc-plot>: chosen columns (dims) as lines along the rows. */
export interface PosencPlotElement extends PosencElement {}

export interface ElementClasses {
  heatmap: { new (): PosencHeatmapElement; prototype: PosencHeatmapElement } | null;
  plot: { new (): PosencPlotElement; prototype: PosencPlotElement } | null;
}

export interface DefineOptions extends Pick<LoadOptions, 'wasmURL' | 'wasmBinary'> {
  /** Tag name of the heatmap (default 'posenc-heatmap'); false: do not define it. */
  heatmap?: string | false;
  /** Tag name of the plot (default 'posenc-plot'); false: do not define it. */
  plot?: string | false;
}

export declare const TAGS: { readonly heatmap: 'posenc-heatmap'; readonly plot: 'posenc-plot' };

/** Whether custom elements can be defined here: false without a DOM (Node, a server render). */
export declare function hasDOM(): boolean;

/**
 * Register the elements once posenc.wasm has loaded (the shared instance). Rejects when it cannot
 * load; the elements are defined anyway and show the error. Without a DOM (hasDOM() false) it
 * registers and loads nothing and resolves to { heatmap: null, plot: null }.
 */
export declare function define(options?: DefineOptions): Promise<ElementClasses>;
