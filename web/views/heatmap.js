// Heatmap view: a plane (views/plane.js) drawn on <canvas> the way seaborn's heatmap draws the seed's
// figures: row 0 at the top, ticks at cell centres, a colorbar with its value scale, titles.
// Colours come from C (pe.colormapImage) as RGBA in the wasm heap and reach the canvas through an
// ImageData over that memory (no JS arrays): one pixel per device pixel along an axis where cells
// are thinner than 2 pixels (each pixel the cell under its centre), else one per cell, scaled
// nearest-neighbour into a device-pixel-exact plot area, so cells stay sharp at any devicePixelRatio. A transparent overlay
// canvas carries the interactive parts (hover cell, column markers) so the figure canvas is the
// exported picture. A kind whose columns are unrelated quantities (the registry's columnScales,
// kinds.def PE_F_COLUMN_SCALES: rope-spectrum) gets a colour scale per column from C; the colorbar
// then runs from each column's minimum to its maximum, and the readout gives the cell's column's
// limits. No inline styles: only CSSOM properties are set (CSP style-src 'self').
import { axisTitle, axisEntry, hasEntries } from './axes.js';
import { valueTicks, theme, hatch, figureCanvas, fitCanvas, onThemeChange, Paper } from './figure.js';
import { heatmapLayout } from './layout.js';
import { planeRange, computePlane } from './plane.js';

// What row r is called: the position it stands for (a window of a long table), the entry of a
// named axis (mrope-positions' t, h, w), else its index.
export const rowNameOf = (p) => p.rowName ?? (hasEntries(p.rowAxis) ? (r) => axisEntry(p.rowAxis, r) : (r) => r);

/**
 * pe.colormapImage's sampling rule, for hit-testing and outlines: device pixel d of an axis `size`
 * pixels long shows cell floor((d + 1/2) n / size) of its n cells, so cell k's pixels start at the
 * nearest pixel boundary to k size / n (halves down). Integer arithmetic (sizes < 2^26).
 */
export const cellUnder = (d, n, size) => Math.floor(((2 * Math.floor(d) + 1) * n) / (2 * size));
export const cellEdge = (k, n, size) => Math.floor((2 * k * size + n - 1) / (2 * n));

/** The tallest plot area (CSS pixels) a heatmap takes unless told to fill its container. */
export const maxPlotHeight = () => Math.max(240, Math.min(620, window.innerHeight * 0.72));

/**
 * A value for reading: integers whole, others to six significant digits, trailing zeros dropped
 * (a float32 widened to a double prints 16 digits of which the last nine are noise); -Infinity is
 * ALiBi's mask. The exact values are the table's (pe.compute, the explorer's exports).
 */
export function formatValue(v) {
  if (v === -Infinity) return '−Infinity (masked)';
  if (Number.isNaN(v)) return 'NaN';
  if (Object.is(v, -0)) return '-0';
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6)));
}

/**
 * The first heatmap of a page runs its code for the first time (the views', posenc's and the
 * canvas's), which costs several later heatmaps. These steps split that first run, each drawing
 * a throwaway heatmap of a small table on a detached view of a fixed size (nothing on the page):
 * the first computes and colours the table, the second also draws the figure. Run each with the
 * loaded instance in a task of its own before the first heatmap (elements/lazy.js does, for a page
 * of many figures).
 */
export const warmups = [false, true].map((draw) => (pe) => {
  const plane = computePlane(pe, { kind: 'sinusoidal', params: { positions: 8, dim: 8 } });
  const view = new Heatmap(document.createElement('div'), pe, { size: draw ? { w: 320, h: 160 } : { w: 0, h: 0 }, bitmap: true });
  try {
    view.render(plane);
  } finally {
    view.destroy();
    plane.free();
  }
});

export class Heatmap {
  #pe;
  #root;
  #canvas;
  #paper;                                      // draws what #canvas shows (figure.js)
  #overlay;
  #readout;
  #cells = document.createElement('canvas');  // the coloured cells (see #colour)
  #bar = document.createElement('canvas');    // the colorbar, highest value on top
  #barMap = null;                              // the colormap #bar shows
  #plane = null;
  #map = null;                                 // the colormap of the plane shown
  #opts = {};
  #stats = null;
  #limits = [0, 0];
  #columnScales = false;                       // each column on its own colour scale (the kind's columnScales)
  #columnLimits = null;                        // then: C's [lo, hi] per column (Float64Array, 2 per column)
  #layout = null;
  #theme = null;  // theme(root) at the last #draw: the overlay's colours
  #hover = null;
  #cursor = null;
  #onColumn;
  #overlayKey = '';
  #overlaySize = { W: 0, H: 0, dpr: 1 };  // CSS size and pixel ratio of the figure canvas
  #cellsKey = '';  // what #cells holds (see #colour)
  #size = null;  // { w, h }: the root's clientWidth/clientHeight at the last resize
  #drawnWidth = -1;
  #drawnHeight = -1;
  #fill = false;
  #watchers = [];

  /**
   * container: where the view goes. pe: a loaded posenc instance. onColumn(col): a column was
   * clicked (or chosen with Enter/Space). fill: the figure fills the height that CSS gives the
   * view's root (.posenc-heatmap, e.g. height: 100% of a sized container) instead of choosing its
   * height from the table's shape. size: { w, h } CSS px instead of the root's (a view that is not
   * on the page). bitmap: the figure is handed to its canvas as a bitmap (figure.js Paper: for a
   * page of many figures). Render with render(plane, options).
   */
  constructor(container, pe, { onColumn = () => {}, fill = false, size = null, bitmap = false } = {}) {
    this.#pe = pe;
    this.#onColumn = onColumn;
    this.#fill = fill;
    const root = (this.#root = document.createElement('div'));
    root.className = 'posenc-heatmap';
    root.style.position = 'relative';
    this.#canvas = figureCanvas('posenc-heatmap-figure');
    this.#paper = new Paper(this.#canvas, { bitmap });
    const ov = (this.#overlay = document.createElement('canvas'));
    ov.className = 'posenc-heatmap-overlay';
    Object.assign(ov.style, { position: 'absolute', left: '0', top: '0', cursor: 'crosshair' });
    ov.tabIndex = 0;
    ov.setAttribute('aria-label', 'Heatmap cells: arrow keys move, Enter or Space plots the column');
    this.#readout = document.createElement('output');
    this.#readout.className = 'posenc-heatmap-readout';
    this.#readout.setAttribute('aria-live', 'polite');
    this.#readout.textContent = 'Hover or focus the heatmap to read a cell; click a column to plot it.';
    root.append(this.#canvas, ov, this.#readout);
    container.append(root);

    ov.addEventListener('pointermove', (e) => this.#point(e));
    ov.addEventListener('pointerleave', () => { this.#hover = null; this.#drawOverlay(); this.#read(this.#cursor); });
    ov.addEventListener('click', (e) => {
      const cell = this.#cellAtEvent(e);
      if (!cell) return;
      this.#cursor = { ...cell };  // the keyboard continues from the clicked cell
      this.#onColumn(cell.col);
    });
    ov.addEventListener('keydown', (e) => this.#key(e));
    ov.addEventListener('focus', () => {
      this.#cursor ??= this.#hover ? { ...this.#hover } : { row: 0, col: 0 };
      this.#clampCursor();
      this.#drawOverlay();
      this.#read(this.#hover ?? this.#cursor);
    });
    ov.addEventListener('blur', () => { this.#drawOverlay(); });

    // The root's size, read where layout is up to date anyway: a redraw after a control changed
    // then does not force a layout of the page in the middle of the input handler (fill mode, the
    // custom elements', still reads the readout's height in the redraw: its text may wrap).
    // A fixed size has nothing to watch.
    this.#size = size;
    if (!size) {
      const ro = new ResizeObserver(() => {
        this.#size = { w: this.#root.clientWidth, h: this.#root.clientHeight };
        if (this.#size.w !== this.#drawnWidth || (this.#fill && this.#size.h !== this.#drawnHeight)) this.#draw();
      });
      ro.observe(root, { box: 'border-box' });
      this.#watchers.push(() => ro.disconnect());
    }
    this.#watchers.push(onThemeChange(root, () => this.#draw()));
    this.#watchDpr();
  }

  // devicePixelRatio changes with zoom and when a window moves to another screen.
  #watchDpr() {
    const mq = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    const on = () => { this.#draw(); this.#watchDpr(); };
    mq.addEventListener('change', on, { once: true });
    this.#watchers.push(() => mq.removeEventListener('change', on));
  }

  /** The figure canvas (what PNG export saves). */
  get canvas() { return this.#canvas; }
  /** The [vmin, vmax] the colours span (given or automatic); with a scale per column, the plane's extremes. */
  get limits() { return [...this.#limits]; }
  /** With a scale per column (the kind's columnScales): each column's [lo, hi] as C coloured it, else null. */
  get columnLimits() {
    const l = this.#columnLimits;
    return this.#columnScales && l ? Array.from({ length: l.length / 2 }, (_, c) => [l[2 * c], l[2 * c + 1]]) : null;
  }
  /** pe.range() of the drawn plane with its vmin/vmax: min, max, counts of finite/NaN/±Infinity, lo/hi = limits. */
  get stats() { return this.#stats; }
  /** The drawn plane. */
  get plane() { return this.#plane; }

  /**
   * Draw a plane. options: map (a pe.colormaps name), vmin/vmax (null = automatic), title
   * (undefined = the plane's title), xLabel/yLabel/cbarLabel (undefined = from the axis names),
   * marked: [{ col, color }] columns to
   * flag above the plot. Throws PosencError (bad vmin/vmax/map; no memory for the image) with the
   * previous plane still shown.
   * The plane must stay alive (not freed) while it is shown: hover reads its values.
   */
  render(plane, options = {}) {
    const pe = this.#pe;
    // The statistics, and in lo/hi the limits the colouring will use (given or automatic), checked
    // by C before anything changes; the colours are made when the layout is known (#draw: at the
    // plot area's device pixels).
    const stats = planeRange(pe, plane, { map: options.map, vmin: options.vmin, vmax: options.vmax });
    // Colouring can still fail (no memory for the image): then the previous plane is drawn again.
    const show = (shown) => {
      [this.#plane, this.#map, this.#limits, this.#stats, this.#opts, this.#columnScales] = shown;
      this.#cellsKey = '';
      this.#columnLimits = null;
      if (!this.#plane) return;
      this.#paintBar();
      this.#clampCursor();
      this.#draw();
    };
    const previous = [this.#plane, this.#map, this.#limits, this.#stats, this.#opts, this.#columnScales];
    // the registry says whether the plane's columns are unrelated quantities (kinds.def PE_F_COLUMN_SCALES)
    const columnScales = plane.cols > 1 && !!pe.kinds.find((k) => k.name === plane.kind)?.columnScales;
    try {
      show([plane, options.map ?? pe.colormaps[0].name, [stats.lo, stats.hi], stats, { ...options }, columnScales]);
    } catch (e) {
      show(previous);
      throw e;
    }
    this.#read(this.#hover ?? this.#cursor);  // the cell read out shows its new value
  }

  // The colorbar's 256 colours, redrawn when the map changes.
  #paintBar() {
    if (this.#barMap === this.#map) return;
    this.#bar.width = 1;
    this.#bar.height = 256;
    const lut = this.#pe.colormapLUT(this.#map);
    const bar = new ImageData(1, 256);
    for (let i = 0; i < 256; i++) bar.data.set(lut.subarray(4 * (255 - i), 4 * (256 - i)), 4 * i);
    this.#bar.getContext('2d').putImageData(bar, 0, 0);
    this.#barMap = this.#map;
  }

  // The cells as an image for the plot area L, coloured by C: one pixel per device pixel along an
  // axis where cells are thinner than 2 pixels (sampled: each pixel shows the cell under its centre,
  // the cell whose cellRect holds it), else one pixel per cell, which L's whole-pixel cells then
  // scale exactly. An image of the plot area's own size without masked (transparent) cells goes
  // straight into the figure at the plot area (`into`: the figure's context): one copy, no second
  // canvas to draw from; else it is kept in #cells, remade only when the plane, the limits or the
  // size changed (the canvas is reallocated only when its size changes), and drawn from there.
  // Returns the image's size and whether it is in place.
  #colour(L, into) {
    const w = L.pw >= 2 * L.cols ? L.cols : L.pw;
    const h = L.ph >= 2 * L.rows ? L.rows : L.ph;
    const direct = w === L.pw && h === L.ph && !(this.#stats?.negInf > 0);
    const key = `${w} ${h}`;
    if (!direct && key === this.#cellsKey) return { w, h, placed: false };
    const p = this.#plane;
    const [vmin, vmax] = this.#limits;
    // a scale per column: each column's automatic limits (or the given ends), from C
    const cs = this.#columnScales;
    const image = this.#pe.colormapImage(p.view, { map: this.#map, vmin: cs ? this.#opts.vmin ?? null : vmin,
      vmax: cs ? this.#opts.vmax ?? null : vmax, offset: p.offset, rows: L.rows, cols: L.cols, stride: p.cols, width: w, height: h,
      columnScales: cs });
    try {
      if (cs) this.#columnLimits = image.columnLimits;
      // ImageData straight over the wasm heap: the only copy is the canvas's own.
      const data = new ImageData(image.data, w, h);
      if (direct) {
        into.putImageData(data, L.px, L.py);
        return { w, h, placed: true };
      }
      if (this.#cells.width !== w) this.#cells.width = w;
      if (this.#cells.height !== h) this.#cells.height = h;
      this.#cells.getContext('2d').putImageData(data, 0, 0);
    } finally {
      image.free();
    }
    this.#cellsKey = key;
    return { w, h, placed: false };
  }

  /** Columns to flag above the plot ([{ col, color }]) without recomputing anything. */
  mark(marked) {
    this.#opts.marked = marked;
    this.#drawOverlay();
  }

  /**
   * The labels in effect (given, or the plane's title and its axis names), by their view option
   * names (views/options.js): { heading, rowLabel, columnLabel, valueLabel }.
   */
  labels() {
    const p = this.#plane;
    const o = this.#opts;
    return {
      heading: o.title ?? p?.title ?? '',
      rowLabel: o.yLabel ?? axisTitle(p?.rowAxis),
      columnLabel: o.xLabel ?? axisTitle(p?.colAxis),
      valueLabel: o.cbarLabel ?? (this.#columnScales ? 'Value (each column its own scale)' : 'Value'),
    };
  }

  /** Cell (row, col) in figure-canvas pixels: { x, y, w, h } (device pixels). */
  cellRect(row, col) {
    const L = this.#layout;
    if (!L) return null;
    // the pixels whose centres lie in the cell (w or h 0 when no pixel centre does)
    const x0 = L.px + cellEdge(col, L.cols, L.pw);
    const x1 = L.px + cellEdge(col + 1, L.cols, L.pw);
    const y0 = L.py + cellEdge(row, L.rows, L.ph);
    const y1 = L.py + cellEdge(row + 1, L.rows, L.ph);
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }

  /** The cell under a point in CSS pixels relative to the canvas, or null. */
  cellAt(x, y) {
    const L = this.#layout;
    if (!L || !L.rows || !L.cols) return null;
    const dx = x * L.dpr - L.px;
    const dy = y * L.dpr - L.py;
    if (dx < 0 || dy < 0 || dx >= L.pw || dy >= L.ph) return null;
    // the cell that device pixel shows (the cell whose cellRect holds it)
    return { row: cellUnder(dy, L.rows, L.ph), col: cellUnder(dx, L.cols, L.pw) };
  }

  /** The figure as a PNG Blob. */
  toBlob() {
    return new Promise((ok, fail) => this.#canvas.toBlob((b) => (b ? ok(b) : fail(new Error('canvas.toBlob failed'))), 'image/png'));
  }

  destroy() {
    for (const stop of this.#watchers) stop();
    this.#root.remove();
  }

  #cellAtEvent(e) {
    const r = this.#overlay.getBoundingClientRect();
    return this.cellAt(e.clientX - r.left, e.clientY - r.top);
  }

  #point(e) {
    const cell = this.#cellAtEvent(e);
    if (cell?.row === this.#hover?.row && cell?.col === this.#hover?.col) return;  // the same cell: nothing changes
    this.#hover = cell;
    this.#drawOverlay();
    this.#read(this.#hover ?? this.#cursor);
  }

  #clampCursor() {
    const p = this.#plane;
    if (!this.#cursor || !p) return;
    this.#cursor.row = Math.max(0, Math.min(this.#cursor.row, p.rows - 1));
    this.#cursor.col = Math.max(0, Math.min(this.#cursor.col, p.cols - 1));
  }

  #key(e) {
    const p = this.#plane;
    if (!p || !p.rows || !p.cols) return;
    const c = (this.#cursor ??= { row: 0, col: 0 });
    const page = Math.max(1, Math.round(p.rows / 10));
    const moves = {
      ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0],
      PageUp: [-page, 0], PageDown: [page, 0], Home: [0, -Infinity], End: [0, Infinity],
    };
    if (moves[e.key]) {
      c.row += moves[e.key][0];
      c.col += moves[e.key][1];
      this.#clampCursor();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.#onColumn(c.col);
    } else {
      return;
    }
    e.preventDefault();
    this.#drawOverlay();
    this.#read(c);
  }

  #read(cell) {
    const p = this.#plane;
    if (!cell || !p || cell.row >= p.rows || cell.col >= p.cols) return;
    const lab = this.labels();
    const lead = p.lead ? `${p.lead.title} ${p.lead.name} · ` : '';
    const col = p.colAxis ? `, ${lab.columnLabel} ${cell.col}` : '';
    const row = rowNameOf(p)(cell.row);
    // a plane may word its own reading (compare mode: A, B and A − B)
    const value = p.readout ? p.readout(cell.row, cell.col) : formatValue(p.value(cell.row, cell.col));
    const own = this.columnLimits?.[cell.col];
    const scale = own ? ` (column scale ${formatValue(own[0])} to ${formatValue(own[1])})` : '';
    this.#readout.textContent = `${lead}${lab.rowLabel} ${row}${col}: ${value}${scale}`;
  }

  #draw() {
    const p = this.#plane;
    const size = this.#size ?? { w: this.#root.clientWidth, h: this.#root.clientHeight };
    const W = Math.floor(size.w);
    if (!p || W <= 0) return;
    this.#drawnWidth = size.w;
    this.#drawnHeight = size.h;
    const dpr = window.devicePixelRatio || 1;
    const th = (this.#theme = theme(this.#root));
    const lab = this.labels();
    const canvas = this.#canvas;
    // measures text now, draws once the canvas has its size
    let ctx = this.#paper.context();
    const fTick = `12px ${th.font}`;
    const fLabel = `13px ${th.font}`;
    const fTitle = `bold 15px ${th.font}`;
    const stats = this.#stats;
    // a scale per column: the colorbar runs from each column's minimum (0) to its maximum (1)
    const cs = this.#columnScales;
    const [lo, hi] = cs ? [0, 1] : this.#limits;
    const bar = cs ? { ticks: [0, 1], digits: 0 } : valueTicks(lo, hi, 6);
    const fmt = cs ? (t) => (t ? 'column max' : 'column min')
      : (t) => (Math.abs(t) < 1e-12 * Math.max(1, Math.abs(hi - lo)) ? '0' : t.toFixed(Math.min(bar.digits, 10)));

    // The geometry (views/layout.js) from the measured tick labels.
    ctx.font = fTick;
    const rowName = (r) => String(rowNameOf(p)(r));
    const barTickW = Math.max(...bar.ticks.map((t) => ctx.measureText(fmt(t)).width), 0);
    const legend = stats && (stats.negInf > 0 || stats.nan > 0);
    // fill: the canvas takes the root's height less the readout line; the plot area what is left.
    const fillH = this.#fill ? Math.floor(size.h - this.#readout.offsetHeight) : 0;
    const L = heatmapLayout({
      width: W, fillHeight: Math.max(0, fillH), maxHeight: maxPlotHeight(), dpr, rows: p.rows, cols: p.cols,
      rowTickWidth: Math.max(ctx.measureText(rowName(0)).width, ctx.measureText(rowName(Math.max(p.rows - 1, 0))).width),
      colTickWidth: ctx.measureText(String(p.cols - 1)).width, barTickWidth: barTickW,
      heading: lab.heading, rowLabel: lab.rowLabel, columnLabel: lab.columnLabel, valueLabel: lab.valueLabel,
      columnTicks: !!p.colAxis, legend, lo, hi, barTicks: bar.ticks,
    });
    const H = L.H;
    this.#layout = L;

    // reallocated only when the size changes (everything is redrawn below)
    fitCanvas(canvas, W, H, dpr);
    ctx = this.#paper.context();
    this.#overlaySize = { W, H, dpr };  // the overlay's (#drawOverlay)
    const [vlo, vhi] = this.#limits;
    const aria = `${lab.heading || 'Heatmap'}: ${p.rows} × ${p.cols}, ` +
      (cs ? 'each column on its own colour scale' : `values ${formatValue(vlo)} to ${formatValue(vhi)}`);
    if (canvas.getAttribute('aria-label') !== aria) canvas.setAttribute('aria-label', aria);

    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = th.bg;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // Masked (-Infinity) cells are transparent: a hatch shows through them (elsewhere the cells
    // cover the plot area whole).
    if (!L.rows || !L.cols || stats?.negInf > 0) {
      ctx.fillStyle = hatch(ctx, th, dpr);
      ctx.fillRect(L.px, L.py, L.pw, L.ph);
    }
    ctx.imageSmoothingEnabled = false;
    if (L.rows && L.cols) {
      const { w, h, placed } = this.#colour(L, ctx);
      if (!placed) ctx.drawImage(this.#cells, 0, 0, w, h, L.px, L.py, L.pw, L.ph);  // 1:1, or whole pixels per cell
    }

    // Colorbar, device-pixel aligned like the cells.
    const bx = L.barX, bw = L.barW;
    ctx.drawImage(this.#bar, 0, 0, 1, 256, bx, L.py, bw, L.ph);
    ctx.strokeStyle = th.muted;
    ctx.lineWidth = 1;
    ctx.strokeRect(bx + 0.5, L.py + 0.5, bw - 1, L.ph - 1);

    // Text and ticks in CSS pixels.
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const px = L.px / dpr, py = L.py / dpr, pw = L.pw / dpr, ph = L.ph / dpr;
    ctx.fillStyle = th.fg;
    ctx.strokeStyle = th.fg;
    if (lab.heading) {
      ctx.font = fTitle;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'alphabetic';
      // centred over the plot area, moved in where a narrow table would push it off the canvas
      const half = Math.min(ctx.measureText(lab.heading).width, W - 8) / 2;
      const x = Math.min(Math.max(px + pw / 2, 4 + half), W - 4 - half);
      ctx.fillText(lab.heading, x, L.titleY, W - 8);
    }
    ctx.font = fTick;
    ctx.beginPath();
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const { index, at: x } of L.colTicks) {
      ctx.moveTo(x, py + ph);
      ctx.lineTo(x, py + ph + 4);
      ctx.fillText(String(index), x, py + ph + 6);
    }
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (const { index, at: y } of L.rowTicks) {
      ctx.moveTo(px - 4, y);
      ctx.lineTo(px, y);
      ctx.fillText(rowName(index), px - 6, y);
    }
    const bxc = bx / dpr + bw / dpr;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    bar.ticks.forEach((t, i) => {
      const yy = L.barTickY[i];
      ctx.moveTo(bxc, yy);
      ctx.lineTo(bxc + 4, yy);
      ctx.fillText(fmt(t), bxc + 6, yy);
    });
    ctx.stroke();
    if (!L.rows || !L.cols) {
      ctx.textAlign = 'center';
      ctx.fillStyle = th.muted;
      ctx.fillText(`empty table (${p.rows} × ${p.cols})`, px + pw / 2, py + ph / 2);
      ctx.fillStyle = th.fg;
    }
    ctx.font = fLabel;
    ctx.textAlign = 'center';
    if (lab.columnLabel) {
      ctx.textBaseline = 'top';
      ctx.fillText(lab.columnLabel, px + pw / 2, L.xTitleY);
    }
    const vertical = (text, x) => {
      ctx.save();
      ctx.translate(x, py + ph / 2);
      ctx.rotate(-Math.PI / 2);
      ctx.textBaseline = 'middle';
      ctx.fillText(text, 0, 0, ph);
      ctx.restore();
    };
    if (lab.rowLabel) vertical(lab.rowLabel, L.yTitleX);
    if (lab.valueLabel) vertical(lab.valueLabel, L.valueTitleX);
    if (legend) {
      ctx.font = fTick;
      ctx.textBaseline = 'middle';
      ctx.textAlign = 'left';
      let x = px;
      const y = H - 16;
      for (const [shown, fill, text] of [[stats.negInf > 0, 'hatch', '−Infinity (masked)'], [stats.nan > 0, 'rgb(255,0,255)', 'NaN']]) {
        if (!shown) continue;
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.fillStyle = fill === 'hatch' ? hatch(ctx, th, dpr) : fill;
        ctx.fillRect(Math.round(x * dpr), Math.round((y - 6) * dpr), Math.round(18 * dpr), Math.round(12 * dpr));
        ctx.restore();
        ctx.strokeRect(x + 0.5, y - 6 + 0.5, 18, 12);
        ctx.fillText(text, x + 24, y);
        x += 24 + ctx.measureText(text).width + 18;
      }
    }
    this.#paper.show();
    this.#drawOverlay();
  }

  #drawOverlay() {
    const ov = this.#overlay;
    const L = this.#layout;
    const focused = ov.getRootNode().activeElement === ov;
    const marked = L ? (this.#opts.marked ?? []).filter(({ col }) => col >= 0 && col < L.cols) : [];
    const cells = [this.#hover, focused ? this.#cursor : null].filter(Boolean);  // activeElement of a document or a shadow root
    // The overlay covers the figure (it takes the pointer and the focus) but holds pixels only while
    // it shows something: a page's browser copies every canvas it paints, and most heatmaps have
    // neither markers nor a hovered cell.
    const { W, H, dpr } = this.#overlaySize;
    const empty = !L?.rows || !L.cols || !(marked.length || cells.length);
    fitCanvas(ov, W, H, empty ? 0 : dpr);
    // Unchanged (a redraw under a slider moves no marker): the canvas keeps what it shows.
    const th = this.#theme;
    const area = L && [L.dpr, L.rows, L.cols, L.px, L.py, L.pw, L.ph];
    const key = JSON.stringify([ov.width, ov.height, area, marked, this.#hover, focused && this.#cursor, th]);
    if (key === this.#overlayKey) return;
    this.#overlayKey = key;
    if (empty) return;  // no pixels
    const ctx = ov.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, ov.width, ov.height);
    const s = Math.round(5 * L.dpr);
    for (const { col, color } of marked) {
      const r = this.cellRect(0, col);
      const x = r.x + r.w / 2;
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.moveTo(x - s, L.py - 2 * s);
      ctx.lineTo(x + s, L.py - 2 * s);
      ctx.lineTo(x, L.py - 2);
      ctx.closePath();
      ctx.fill();
    }
    for (const cell of cells) {
      const r = this.cellRect(cell.row, cell.col);
      const lw = Math.max(1, Math.round(L.dpr));
      ctx.lineWidth = 3 * lw;
      ctx.strokeStyle = th.bg;
      ctx.strokeRect(r.x - lw, r.y - lw, r.w + 2 * lw, r.h + 2 * lw);
      ctx.lineWidth = lw;
      ctx.strokeStyle = cell === this.#hover ? th.fg : th.focus;
      ctx.strokeRect(r.x - lw, r.y - lw, r.w + 2 * lw, r.h + 2 * lw);
    }
  }
}
