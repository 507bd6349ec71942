// A band of categories above a heatmap's columns, one colour per category, with a legend and a
// readout of the column under the pointer. Two uses, both fed by C:
//   - mrope-positions: each token's segment (text, image, video) from kind mrope-segments (the same
//     walk over the sequence as mrope-positions; nothing here parses the sequence), the readout its
//     index, segment and t/h/w ids;
//   - rope with mropeSection: the axis (t, h, w) each table column follows, from kind mrope-axes.
// Columns are placed with the heatmap's own sampling (cellUnder over its plot area), so the band
// lines up with the cells at any size. No inline styles: only CSSOM properties are set.
import { cellUnder } from './heatmap.js';
import { theme, PALETTE, figureCanvas, fitCanvas } from './figure.js';

/** Segment kinds in mrope-segments' numbering: name and colour (text takes the page's muted ink). */
export const SEGMENTS = [
  { name: 'text', color: null },
  { name: 'image', color: PALETTE[1] },
  { name: 'video', color: PALETTE[2] },
];

/** M-RoPE axes in mrope-axes' numbering. */
export const AXES = [
  { name: 't', color: PALETTE[0] },
  { name: 'h', color: PALETTE[3] },
  { name: 'w', color: PALETTE[4] },
];

const BAND = 14;  // CSS px

/**
 * The images and videos of an mrope-positions request, from kind mrope-blocks (one row per frame):
 * { count (frame rows), row(i): frame row i as { segment, kind, frame, frames, first, height, width,
 * next, max }, blocks: [{ index, kind, count (its frames), row (its first frame's row), first, last
 * (token indices) }], frame(block, f): that block's frame f, at(token): the frame holding the token
 * and its cell { frame, row, col } or null }. Frames are read from C's array when asked (a long
 * video is many rows). Throws as mrope-positions does.
 */
export function mropeBlocks(pe, params) {
  const r = pe.compute('mrope-blocks', params);
  const d = r.data, F = r.shape[1], count = r.shape[0];
  const keys = ['segment', 'kind', 'frame', 'frames', 'first', 'height', 'width', 'next', 'max'];
  const row = (i) => Object.fromEntries(keys.map((k, j) => [k, d[i * F + j]]));
  const blocks = [];
  for (let i = 0; i < count; i += d[i * F + 3]) {  // a segment's rows: its frames, T of them
    const j = i + d[i * F + 3] - 1;
    blocks.push({ index: d[i * F], kind: d[i * F + 1], count: j - i + 1, row: i, first: d[i * F + 4],
      last: d[j * F + 4] + d[j * F + 5] * d[j * F + 6] - 1 });
  }
  const at = (token) => {
    let lo = 0, hi = count - 1;  // the last frame starting at or before token
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (d[mid * F + 4] <= token) lo = mid;
      else hi = mid - 1;
    }
    const f = count ? row(lo) : null;
    const k = f ? token - f.first : -1;
    if (!f || k < 0 || k >= f.height * f.width) return null;
    return { frame: f, row: Math.floor(k / f.width), col: k % f.width };
  };
  return { count, row, blocks, frame: (b, f) => row(b.row + f), at };
}

// What a prompt's ids say about token col (plane: the [3, tokens] ids; blocks: mropeBlocks' result;
// advance: the request's rule): a pad's block, frame and cell; the first text token after a frame why
// it starts where it does (C's next and max of that frame: 1 + the largest id, or the grid rule).
export function tokenNote(col, plane, blocks, advance) {
  const here = blocks.at(col);
  const name = (f) => `${SEGMENTS[f.kind].name} ${f.segment}`;
  if (here) {
    const { frame: f, row, col: c } = here;
    const when = f.frames > 1 ? `, frame ${f.frame} of ${f.frames}` : '';
    return `${name(f)}${when}, patch row ${row}, column ${c} of ${f.height} × ${f.width}`;
  }
  const before = col > 0 ? blocks.at(col - 1) : null;
  return before ? `text after ${name(before.frame)}: ${whyNext(before.frame, plane, blocks, advance)}` : '';
}

/** Why the segment after frame row f starts at f.next, in words, from the ids (plane) and C's fields. */
export function whyNext(f, plane, blocks, advance) {
  const n = plane.cols;
  const id = (a, i) => plane.view.data[plane.offset + a * n + i];
  const what = SEGMENTS[f.kind].name;
  if (advance === 'grid') {
    const first = blocks.blocks[f.segment].first;
    return `starts at ${f.next} = the ${what}'s first h id ${id(1, first)} + max(${f.height}, ${f.width}) (advance 'grid')`;
  }
  // which of the block's ids is the largest so far: its last frame's t, its last row's h, its last column's w
  const lastOf = f.kind === 2 && f.frames > 1 && f.frame === f.frames - 1 ? 'last frame\'s ' : '';
  const from = id(0, f.first) === f.max ? `the ${what}'s ${lastOf}t`
    : id(1, f.first + (f.height - 1) * f.width) === f.max ? `the ${what}'s last row's h`
      : id(2, f.first + f.width - 1) === f.max ? `the ${what}'s last column's w` : 'an earlier token';
  return `starts at ${f.next} = 1 + the largest id so far, ${f.max} (${from})`;
}

/**
 * The segment band of an mrope-positions request: { values: Int32Array [tokens] (0 text, 1 image,
 * 2 video), legend, label, readout(row, col) (and words: the same, kept when readout is wrapped), blocks
 * (mropeBlocks'), advance, plane } where readout words
 * token col of plane (the [3, tokens] ids) for the hover lines: its ids, its block and cell, and for
 * the first text token after an image or video why it starts where it does.
 * Throws PosencError as mrope-positions does.
 */
export function mropeSegments(pe, params, plane) {
  const segments = pe.compute('mrope-segments', params).data;
  const blocks = mropeBlocks(pe, params);
  const advance = params.advance ?? pe.kinds.find((k) => k.name === 'mrope-positions').params.find((p) => p.name === 'advance').default;
  const readout = (row, col) => {
    const n = plane.cols;
    const id = (a) => plane.view.data[plane.offset + a * n + col];
    const note = tokenNote(col, plane, blocks, advance);
    return `token ${col} (${SEGMENTS[segments[col]]?.name ?? '?'}): t ${id(0)}, h ${id(1)}, w ${id(2)}${note ? ` · ${note}` : ''}`;
  };
  return { values: segments, legend: SEGMENTS, readout, cellReadout: readout, words: readout, label: 'Segment', blocks, advance, plane };
}

/**
 * The axis band of a rope table with mropeSection: { values: Int32Array [r], legend, readout } or null
 * when the table has no sections (every column follows every axis). Throws PosencError as rope does.
 */
export function mropeAxes(pe, params) {
  const values = pe.compute('mrope-axes', params).data;
  if (!values.length || values[0] < 0) return null;
  return { values, legend: AXES, readout: (row, col) => `column ${col} follows axis ${AXES[values[col]].name}`, label: 'M-RoPE axis' };
}

// The kinds whose heatmap carries a band, and how it is made: the one place that names them.
const BANDS = { __proto__: null, 'mrope-positions': mropeSegments, rope: (pe, params) => mropeAxes(pe, params) };

/**
 * The band over a kind's heatmap ({ values, legend, readout, label, cellReadout? }: cellReadout, where
 * given, words the heatmap's own cells) or null for a kind without one.
 */
export function bandOf(pe, kind, params, plane) {
  return BANDS[kind]?.(pe, params, plane) ?? null;
}

export class SegmentBand {
  #root;
  #canvas;
  #readout;
  #legend;
  #legendOf = null;  // the legend the items show
  #heatmap;
  #shown = null;  // show()'s argument, or null: hidden

  /** container: where the band goes (above the heatmap). heatmap: the Heatmap whose columns it follows. */
  constructor(container, heatmap) {
    this.#heatmap = heatmap;
    const root = (this.#root = document.createElement('div'));
    root.className = 'posenc-segments';
    root.hidden = true;
    this.#canvas = figureCanvas('posenc-segments-band');
    this.#legend = document.createElement('p');
    this.#legend.className = 'posenc-segments-legend';
    this.#readout = document.createElement('output');
    this.#readout.className = 'posenc-segments-readout';
    this.#readout.setAttribute('aria-live', 'polite');
    root.append(this.#legend, this.#canvas);
    container.append(root);
    this.#canvas.addEventListener('pointermove', (e) => {
      const col = this.columnAt(e.clientX - this.#canvas.getBoundingClientRect().left);
      if (col !== null) this.#readout.textContent = this.#shown.readout(0, col);
    });
    // a click picks the column (the block inset of mrope-positions keeps the clicked image or video)
    this.#canvas.addEventListener('click', (e) => {
      const col = this.columnAt(e.clientX - this.#canvas.getBoundingClientRect().left);
      if (col !== null) this.#shown?.pick?.(col);
    });
    new ResizeObserver(() => this.draw()).observe(root);
  }

  /**
   * Show { values, legend, readout, label, pick? } (mropeSegments' or mropeAxes' result: a category
   * index per heatmap column, the categories' names and colours, the wording of a column; pick(col),
   * where given, is called on a click) under the heatmap's columns; null hides the band.
   */
  show(shown) {
    this.#shown = shown;
    if (this.#root.hidden !== !shown) this.#root.hidden = !shown;  // a same-value write still restyles
    if (shown && shown.legend !== this.#legendOf) this.#items(shown);
    this.draw();
  }

  #items({ legend, label }) {
    this.#legendOf = legend;
    this.#readout.textContent = '';
    const items = legend.map((s) => {
      const item = document.createElement('span');
      item.className = `posenc-segment posenc-segment-${s.name}`;
      const swatch = document.createElement('span');
      swatch.className = 'posenc-segment-swatch';
      swatch.style.display = 'inline-block';
      swatch.style.width = swatch.style.height = '0.8em';
      swatch.style.marginRight = '0.3em';
      swatch.style.marginLeft = '0.6em';
      item.append(swatch, s.name);
      return item;
    });
    this.#legend.replaceChildren(`${label}:`, ...items, ' ', this.#readout);
    this.#canvas.setAttribute('aria-label', `${label} of each column: ${legend.map((s) => s.name).join(', ')}`);
  }

  get element() { return this.#root; }
  get canvas() { return this.#canvas; }

  // The heatmap's plot area along x, in device pixels of its figure canvas: [x0, x1), from cellRect.
  #span() {
    const cols = this.#shown?.values.length ?? 0;
    const first = cols && this.#heatmap.cellRect(0, 0);
    const last = cols && this.#heatmap.cellRect(0, cols - 1);
    if (!first || !last) return null;
    return { x0: first.x, x1: last.x + last.w, cols };
  }

  /** The token under x (CSS px from the band's left edge), or null. */
  columnAt(x) {
    const s = this.#span();
    if (!s) return null;
    const d = Math.floor(x * devicePixelRatio) - s.x0;
    return d >= 0 && d < s.x1 - s.x0 ? cellUnder(d, s.cols, s.x1 - s.x0) : null;
  }

  /** Redraw (after the heatmap drew: the band follows its plot area). */
  draw() {
    if (!this.#shown) return;
    const dpr = devicePixelRatio;
    const fig = this.#heatmap.canvas;
    const th = theme(this.#root, { background: false });
    const colors = this.#shown.legend.map((s) => s.color ?? th.muted);
    for (const [i, el] of [...this.#root.querySelectorAll('.posenc-segment-swatch')].entries()) el.style.background = colors[i];
    const c = this.#canvas;
    const W = fig.width, H = Math.round(BAND * dpr);
    fitCanvas(c, W / dpr, BAND, dpr);
    const ctx = c.getContext('2d');
    ctx.clearRect(0, 0, W, H);
    const s = this.#span();
    if (!s) return;
    const seg = this.#shown.values;
    const n = s.x1 - s.x0;
    // one run of equal segment kind per fill: each pixel shows the token the heatmap shows there
    for (let d = 0; d < n;) {
      const k = seg[cellUnder(d, s.cols, n)];
      let e = d + 1;
      while (e < n && seg[cellUnder(e, s.cols, n)] === k) e++;
      ctx.fillStyle = colors[k] ?? th.fg;
      ctx.fillRect(s.x0 + d, 0, e - d, H);
      d = e;
    }
  }
}
