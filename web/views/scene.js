// One scene: what the explorer and the elements draw, from one view spec. The scene computes the
// planes (views/plane.js) of a configuration A and, in compare mode, of a second one B, and draws
// them into the slots its owner gives: the heatmap, the line plot, the multimodal views (segment or
// M-RoPE axis band, patch grid, block inset) and the explain panel. It owns the planes' lifetime:
// the planes on screen stay in the wasm heap while a heatmap can read them (hover), and are freed
// when the next draw succeeds; a failed draw frees what it computed and leaves the last good view.
//
// The compare convention, one for every surface: A is the reference and B the configuration
// compared with it. Plots draw A solid and B dashed; the heatmap shows A, B or A − B (`heat`: 'a',
// 'b', 'diff'; C's pe.difference on a centred colormap); the readout gives all three. The explorer
// pins the configuration on screen as A (URL keys `a.…`) and its controls then edit B; an element's
// own attributes are A and its `b-` attributes B (elements/attributes.js). Which one an error may
// leave out is the owner's call (onError).
//
// spec: {
//   a: { kind, params, index, … }   A (given as is to compute()),
//   b: the same, or null            B: compare mode,
//   heat: 'a' | 'b' | 'diff'        what the heatmap shows (default 'a'),
//   logY: null | true | false       the plot's y axis (null: automatic, views/compare.js wantLogY),
//   profile: null | R               plot the distance profile of −R … R (kinds with [queries, keys]),
//   lines: null | number[]          a profile's plotted heads (null: every head),
//   explain: null | kind name       the kind the explain slot describes (null: the slot is hidden),
//   columns, gridColumn, frame, block, and the view options of views/options.js heatmapOptions and plotOptions,
// }
// Nothing here knows a kind: the multimodal views come from bandOf/gridOf (their tables), profiles
// from the registry's axes, reference lines from C's info.
import { PosencError } from '../core/error.js';
import { computePlane } from './plane.js';
import { Heatmap } from './heatmap.js';
import { LinePlot } from './plot.js';
import { SegmentBand, bandOf } from './segments.js';
import { GridView, gridOf } from './grid.js';
import { BlockInset, followHover } from './inset.js';
import { heatmapOptions, plotOptions } from './options.js';
import {
  profileKind, profilePlane, profileOptions, differencePlane, compareReadout, referenceLines, wantLogY, diffColormap,
} from './compare.js';
import { renderExplain } from './explain.js';
import { inSteps } from './figure.js';

const SIDES = ['a', 'b'];
const LABELS = { a: 'A', b: 'B' };

export class Scene {
  #pe;
  #slots;
  #compute;
  #cap;
  #onError;
  #onColumn;
  #onChange;
  #heatmap = null;
  #plot = null;
  #mm = null;        // { band, grid, inset, layout }: made when a drawn table first has a band or a grid
  #shown = {};       // the multimodal options as last drawn (block, frame, gridColumn)
  #current = null;   // what is on screen: { planes, a, b, plot: { a, b, profile }, extras: { band, grid, plane } }
  #explained;
  #draws = 0;        // draws begun: a staged one's later steps run only while it is the last

  /**
   * slots: { heatmap, plot, explain: where each goes (an element, or absent: not drawn);
   *   heatmapOptions: the Heatmap's own options ({ fill, bitmap }); explainCompact;
   *   multimodal: { band, grid, inset (the containers), side, layout({ band, extras }, views) }, the views
   *   made at once, or a function giving it, called when a table first has a band or a grid (an
   *   element's shadow root gets the room only then); layout() is called before each heatmap render
   *   with what the multimodal views will show, so the heatmap measures the room they leave it }.
   * options: compute(cfg) → a plane (default computePlane under maxBytes); maxBytes: each table's cap;
   *   onError(e, { side, what, cfg }): a compute of side 'a' or 'b' (configuration cfg) failed (what: 'table', 'profile') or
   *   A and B differ in shape under heat 'diff' (what: 'shape', side null): throw to fail the draw,
   *   return to draw without it (the heatmap then shows B); onColumn(col): a heatmap column was
   *   clicked; onChange(values, shown): the grid or the inset chose { gridColumn, frame } or
   *   { block, frame } (the owner stores them and calls multimodal()).
   */
  constructor(pe, slots, { compute, maxBytes, onError, onColumn = () => {}, onChange = () => {} } = {}) {
    this.#pe = pe;
    this.#slots = slots;
    this.#cap = maxBytes === undefined ? undefined : { maxBytes };
    this.#compute = compute ?? ((cfg) => computePlane(pe, { ...cfg, index: cfg.index ?? 0, maxBytes }));
    this.#onError = onError ?? ((e) => { throw e; });
    this.#onColumn = onColumn;
    this.#onChange = onChange;
    if (slots.heatmap) this.#heatmap = new Heatmap(slots.heatmap, pe, { ...slots.heatmapOptions, onColumn: (col) => this.#onColumn(col) });
    if (slots.plot) this.#plot = new LinePlot(slots.plot);
    if (slots.multimodal && typeof slots.multimodal !== 'function') this.#mm = this.#multimodalViews();
  }

  get heatmap() { return this.#heatmap; }
  get plot() { return this.#plot; }
  /** The multimodal views ({ band, grid, inset }: SegmentBand, GridView, BlockInset), or null before a table needs them. */
  get multimodal() {
    if (!this.#mm) return null;
    const { band, grid, inset } = this.#mm;
    return { band, grid, inset };
  }
  /** The planes on screen: { a, b } (b null outside compare mode; both null before the first draw or in a plot-only scene). */
  get planes() { return { a: this.#current?.a ?? null, b: this.#current?.b ?? null }; }
  /** The multimodal options as last drawn: { block, frame, gridColumn }. */
  get shown() { return this.#shown; }

  /**
   * Compute and draw spec. check({ a, b }), if given, sees the computed planes before anything is
   * drawn: it may throw (nothing changes on screen) or return view options that override spec's
   * (columns known only from the table). Returns the planes drawn and what is left to draw,
   * { a, b, rest }: rest is null, or with `staged` (a caller that runs each step in a task of its
   * own) the next step: the grid and the inset beside the heatmap, the plot's first chart
   * (views/plot.js LinePlot.render); each step returns the next, then null. A draw before the
   * last step has run leaves the rest undone. Throws PosencError.
   */
  draw(spec, check, { staged = false } = {}) {
    const pe = this.#pe;
    const next = { planes: [], a: null, b: null, plot: null, extras: null };
    try {
      for (const side of SIDES) {
        if (side === 'b' && !spec.b) continue;
        next[side] = this.#side(spec, side, 'table', () => this.#compute(spec[side]));
        if (next[side]) next.planes.push(next[side]);
      }
      if (check) spec = { ...spec, ...check({ a: next.a, b: next.b }) };
      const heat = this.#heatmap ? this.#heat(spec, next) : null;
      next.plot = this.#plot ? this.#plotPlanes(spec, next) : null;
      if (heat) {
        const extras = this.#extras(spec, next, heat);
        this.#mm?.layout?.({ band: !!extras.band, extras: !!extras.grid || !!extras.band?.blocks?.blocks.length }, this.multimodal);
        this.#heatmap.render(heat.plane, heat.options);
        next.extras = extras;
        this.#mm?.band.show(extras.band);
      }
    } catch (e) {
      for (const p of next.planes) p.free();
      throw e;
    }
    this.#commit(next);
    const later = [];
    const id = ++this.#draws;
    if (this.#mm && staged) later.push(() => this.multimodalView(spec));
    else if (this.#mm) this.multimodalView(spec);
    this.#explain(spec.explain ?? null);
    if (this.#plot) later.push(this.#renderPlot(spec, staged));
    if (!this.#heatmap) this.#commit(null);  // the plot copied its values: nothing reads the heap
    return { a: next.a, b: next.b, rest: inSteps(later.filter(Boolean), () => id === this.#draws) };
  }

  /** The chosen columns changed (spec.columns): the heatmap's markers, the plot's lines, the grid. */
  columns(spec) {
    if (!this.#current) return;
    this.#heatmap?.mark(heatmapOptions(spec).marked);
    if (this.#plot) this.#renderPlot(spec);
    if (this.#mm) this.multimodalView(spec);
  }

  /** The grid and the inset of the table on screen at spec's gridColumn, frame and block. */
  multimodalView(spec) {
    const mm = this.#mm, x = this.#current?.extras;
    if (!mm || !x) return;
    const column = spec.gridColumn ?? spec.columns?.[0] ?? 0;
    this.#shown = { block: spec.block ?? 0, frame: spec.frame ?? 0, gridColumn: column };
    mm.inset.show(x.band?.blocks ? x.band : null, { block: spec.block ?? null, frame: spec.frame ?? 0 });
    const [vmin, vmax] = this.#heatmap.limits;
    mm.grid.show(x.plane, x.grid, { column, frame: spec.frame ?? 0, columns: spec.columns ?? [], map: x.map, vmin, vmax });
  }

  /** Drop the views and free the planes (an element leaving the page). */
  destroy() {
    this.#heatmap?.destroy();
    this.#plot?.destroy();
    this.#mm?.band.element.remove();
    this.#mm?.grid.destroy();
    this.#mm?.inset.destroy();
    this.#heatmap = this.#plot = this.#mm = null;
    this.#commit(null);
  }

  // A compute of one side, through the owner's error policy (null: drawn without it).
  #side(spec, side, what, compute) {
    try {
      return compute();
    } catch (e) {
      if (!(e instanceof PosencError)) throw e;
      this.#onError(e, { side, what, cfg: spec[side] });
      return null;
    }
  }

  // The heatmap's plane and options: A, B or A − B, with the readout of all three where they match.
  #heat(spec, next) {
    const { a, b } = next;
    const options = heatmapOptions(spec);
    const want = spec.heat ?? 'a';
    let plane = (want === 'b' ? b : a) ?? a ?? b;
    let side = plane === a ? 'a' : 'b';
    if (a && b && (a.rows !== b.rows || a.cols !== b.cols)) {
      if (want === 'diff') {
        this.#onError(new PosencError(`A is ${a.rows} × ${a.cols} and B ${b.rows} × ${b.cols}`, 'EINVAL', 'heat'), { side: null, what: 'shape', cfg: null });
        [plane, side] = [b, 'b'];
      }
    } else if (a && b) {
      const d = differencePlane(this.#pe, a, b);
      next.planes.push(d);
      a.readout = b.readout = d.readout = compareReadout(a, b, d);
      if (want === 'diff') {
        [plane, side] = [d, null];
        // the limits of A or B do not fit their difference: C's range of it, centred at 0
        Object.assign(options, { map: diffColormap(this.#pe, options.map), vmin: null, vmax: null, title: options.title ?? d.title });
      }
    }
    return { plane, side, options };
  }

  // The band and the grid of the configuration the heatmap shows (none for A − B).
  #extras(spec, next, heat) {
    const cfg = heat.side && spec[heat.side];
    let band = cfg ? bandOf(this.#pe, cfg.kind, cfg.params, heat.plane) : null;
    const grid = cfg ? gridOf(this.#pe, cfg.kind, cfg.params) : null;
    if ((band || grid) && !this.#mm) this.#mm = this.#multimodalViews();
    if (!this.#mm) return { band: null, grid: null, plane: heat.plane, map: heat.options.map };
    if (band) band = followHover(band, this.#mm.inset);
    if (band?.cellReadout) heat.plane.readout = band.cellReadout;
    return { band, grid, plane: heat.plane, map: heat.options.map };
  }

  #multimodalViews() {
    const m = this.#slots.multimodal;
    const slot = typeof m === 'function' ? m() : m;
    if (!slot) return null;
    const side = slot.side === undefined ? {} : { side: slot.side };
    const band = new SegmentBand(slot.band, this.#heatmap);
    const set = (values) => this.#onChange(values, this.#shown);
    const grid = new GridView(slot.grid, this.#pe, { ...side, onChange: ({ column, frame }) => set({ gridColumn: column, frame }) });
    const inset = new BlockInset(slot.inset, { ...side, onChange: ({ block, frame }) => set({ block, frame }) });
    return { band, grid, inset, layout: slot.layout };
  }

  // The plot's planes: the tables, or in a profile every side's profile (sides whose kind has none are left out).
  #plotPlanes(spec, next) {
    const pe = this.#pe;
    const kindOf = (side) => next[side] && pe.kinds.find((k) => k.name === spec[side].kind);
    const profiled = spec.profile ? SIDES.filter((side) => kindOf(side) && profileKind(kindOf(side))) : [];
    if (!profiled.length) return { a: next.a ?? next.b, b: next.a ? next.b : null, profile: false };
    const [first, second] = profiled.map((side) => this.#side(spec, side, 'profile', () => profilePlane(pe, spec[side], spec.profile, this.#cap)));
    const main = first ?? second;
    if (!main) return { a: next.a ?? next.b, b: next.a ? next.b : null, profile: false };
    return { a: main, b: first && second ? second : null, profile: true };
  }

  #renderPlot(spec, staged = false) {
    const { a, b, profile: isProfile } = this.#current?.plot ?? {};
    if (!a) return null;
    const options = plotOptions(spec);
    if (isProfile) {
      const profile = profileOptions(a);
      options.columns = spec.lines ?? profile.columns;
      options.stepped = profile.stepped;
      options.xLabel ??= profile.xLabel;
    }
    const both = b ? [a, b] : [a];
    return this.#plot.render(a, {
      ...options,
      staged,
      logY: wantLogY(this.#pe, both, spec.logY ?? null),
      references: referenceLines(both, options.columns),
      ...(b ? { overlay: { plane: b, label: LABELS.b }, label: LABELS.a } : {}),
    });
  }

  #explain(kind) {
    const el = this.#slots.explain;
    if (!el || this.#explained === kind) return;
    this.#explained = kind;
    if (kind) renderExplain(el, kind, { compact: !!this.#slots.explainCompact });
    else el.replaceChildren();
    el.hidden = !kind;
  }

  #commit(next) {
    for (const p of this.#current?.planes ?? []) if (!next?.planes.includes(p)) p.free();
    this.#current = next;
  }
}
