// The patch-grid view of rope-2d and sincos-2d: one column of the table painted over the image's
// height × width grid (the first frame), so the 2-D structure shows, with the token order drawn as
// a path through the cell centres (a dot where it jumps) and, where cells are large enough, the
// table row of each cell. Colours come
// from C (pe.colormapImage) at the heatmap's map and limits; where each grid cell's row sits comes
// from C for rope-2d (kind rope-2d-order: raster, merge or window order, after the prefix rows);
// sincos-2d's rows are the cls rows, then the grid in raster order (its documented layout).
// No inline styles: only CSSOM properties are set.
import { theme } from './figure.js';

const SIDE = 320;      // CSS px: the grid's longer side at most
const NUMBERS = 18;    // CSS px: cells at least this large carry their token number

/**
 * Where the grid's cells sit in a table of `kind` with `params`: { height, width, rows: Int32Array
 * [height · width] (the table row of each cell of the first frame, row-major), order: the order's
 * name } or null for kinds without a grid (and rope-2d with coords). Throws other PosencErrors.
 */
export function gridOf(pe, kind, params) {
  if (kind === 'rope-2d') {
    if (params.coords !== undefined) return null;  // explicit coordinates: no grid
    const o = pe.compute('rope-2d-order', params);
    const [, height, width] = o.shape;
    const choices = pe.kinds.find((k) => k.name === kind).params.find((p) => p.name === 'order').choices;
    return { height, width, rows: o.data.subarray(0, height * width), order: choices[o.info.order] };
  }
  if (kind === 'sincos-2d') {
    const defs = pe.kinds.find((k) => k.name === kind).params;
    const given = (n) => params[n] ?? defs.find((p) => p.name === n).default;
    const height = given('height'), width = given('width') ?? height, cls = given('cls');
    return { height, width, rows: Int32Array.from({ length: height * width }, (_, i) => cls + i), order: 'raster' };
  }
  return null;
}

export class GridView {
  #pe;
  #root;
  #canvas;
  #caption;
  #cells = document.createElement('canvas');
  #shown = null;

  constructor(container, pe) {
    this.#pe = pe;
    const root = (this.#root = document.createElement('figure'));
    root.className = 'posenc-grid';
    root.hidden = true;
    this.#canvas = document.createElement('canvas');
    this.#canvas.className = 'posenc-grid-canvas';
    this.#canvas.setAttribute('role', 'img');
    this.#canvas.style.display = 'block';
    this.#caption = document.createElement('figcaption');
    this.#caption.className = 'posenc-grid-caption';
    root.append(this.#caption, this.#canvas);
    container.append(root);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', () => this.#draw());
  }

  get element() { return this.#root; }
  get canvas() { return this.#canvas; }
  /** What is drawn: { grid, column, values (Float32Array [height · width]), cell (CSS px) } or null. */
  get shown() { return this.#shown; }

  /**
   * Paint column `column` of plane (the shown plane of the table) over grid (gridOf's result; null
   * hides the view), coloured with map between vmin and vmax (the heatmap's limits).
   */
  show(plane, grid, { column = 0, map, vmin, vmax } = {}) {
    if (!grid || !grid.height || !grid.width || column >= plane.cols) {
      this.#shown = null;
      this.#root.hidden = true;
      return;
    }
    const { height, width, rows } = grid;
    const values = new Float32Array(height * width);
    for (let i = 0; i < values.length; i++) values[i] = plane.value(rows[i], column);
    const image = this.#pe.colormapImage(values, { map, vmin, vmax, rows: height, cols: width });
    try {
      this.#cells.width = width;
      this.#cells.height = height;
      this.#cells.getContext('2d').putImageData(new ImageData(image.data.slice(), width, height), 0, 0);
    } finally {
      image.free();
    }
    const cell = Math.max(1, Math.floor(SIDE / Math.max(height, width)));
    this.#shown = { grid, column, values, cell };
    this.#root.hidden = false;
    const what = plane.lead ? ` (${plane.lead.name})` : '';
    this.#caption.textContent = `Column ${column}${what} over the ${height} × ${width} patch grid; ` +
      `the line follows the token order (${grid.order})${cell >= NUMBERS ? ', numbers are table rows' : ''}`;
    this.#canvas.setAttribute('aria-label', this.#caption.textContent);
    this.#draw();
  }

  /** The cell's centre in CSS px of the canvas. */
  centre(r, c) {
    const s = this.#shown.cell;
    return { x: (c + 0.5) * s, y: (r + 0.5) * s };
  }

  #draw() {
    const sh = this.#shown;
    if (!sh) return;
    const { height, width, rows } = sh.grid;
    const dpr = devicePixelRatio;
    const W = width * sh.cell, H = height * sh.cell;
    const c = this.#canvas;
    c.width = Math.round(W * dpr);
    c.height = Math.round(H * dpr);
    c.style.width = `${W}px`;
    c.style.height = `${H}px`;
    const ctx = c.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.#cells, 0, 0, c.width, c.height);
    // the order: cells by ascending table row
    const th = theme(this.#root, { background: false });
    const byRow = Array.from(rows.keys()).sort((a, b) => rows[a] - rows[b]);
    ctx.save();
    ctx.scale(dpr, dpr);
    ctx.strokeStyle = th.fg;
    ctx.globalAlpha = sh.cell >= NUMBERS ? 0.4 : 0.7;  // fainter under the numbers
    ctx.lineWidth = Math.max(1, Math.min(2, sh.cell / 8));
    // consecutive tokens in neighbouring cells are joined; a jump (the next row, block or window)
    // starts a new stretch, marked by a dot, so the blocks of the merge and window orders show
    ctx.beginPath();
    const starts = [];
    let prev = -1;
    for (const i of byRow) {
      const p = this.centre(Math.floor(i / width), i % width);
      const near = prev >= 0 && Math.abs(Math.floor(i / width) - Math.floor(prev / width)) <= 1 && Math.abs((i % width) - (prev % width)) <= 1;
      if (near) ctx.lineTo(p.x, p.y);
      else ctx.moveTo(p.x, p.y), starts.push(p);
      prev = i;
    }
    ctx.stroke();
    ctx.fillStyle = th.fg;
    const dot = Math.max(1, Math.min(3, sh.cell / 6));
    for (const p of starts) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, dot, 0, 2 * Math.PI);
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    if (sh.cell >= NUMBERS) {
      ctx.font = `${Math.min(12, Math.floor(sh.cell / 2.4))}px ${th.font}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = th.fg;
      for (let i = 0; i < rows.length; i++) {
        const p = this.centre(Math.floor(i / width), i % width);
        ctx.fillText(String(rows[i]), p.x, p.y);
      }
    }
    ctx.restore();
  }
}
