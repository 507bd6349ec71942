// The patch-grid view of rope-2d and sincos-2d: one column of the table painted over the image's
// height × width grid (one frame: rope-2d's frames are its time slices), so the 2-D structure shows, with the token order drawn as
// a path through the cell centres (a dot where it jumps) and, where every cell's number fits inside
// its cell with room for the path on either side (measured in the figure's font), the table row of
// each cell, on a halo of the background. Colours come
// from C (pe.colormapImage) at the heatmap's map and limits; where each grid cell's row sits comes
// from C for rope-2d (kind rope-2d-order: raster, merge or window order, after the prefix rows);
// sincos-2d's rows are the cls rows, then the grid in raster order (its documented layout).
// Its own controls choose the column (a number, or one of the chosen columns) and the frame; the
// owner keeps them (view options gridColumn and frame) and calls show() again.
// No inline styles: only CSSOM properties are set.
import { theme, figureCanvas, fitCanvas, onThemeChange } from './figure.js';

const SIDE = 320;      // CSS px: the grid's longer side at most
const FONT = [8, 12];  // CSS px: the numbers' font size, at least and at most (cell / 2.4 between)
const PAD = 4;         // CSS px: the room left beside a number in its cell, where the path shows

/**
 * Where the grid's cells sit in a table of `kind` with `params`: { frames, height, width, rows:
 * Int32Array [frames · height · width] (the table row of each cell, frame by frame, row-major),
 * order: the order's name } or null for kinds without a grid (and rope-2d with coords). Throws
 * other PosencErrors.
 */
export function gridOf(pe, kind, params) {
  return GRIDS[kind]?.(pe, params) ?? null;
}

// rope-2d: where C's rope-2d-order puts each cell (none with explicit coords).
function rope2dGrid(pe, params) {
  if (params.coords !== undefined) return null;  // explicit coordinates: no grid
  const o = pe.compute('rope-2d-order', params);
  const [frames, height, width] = o.shape;
  const choices = pe.kinds.find((k) => k.name === 'rope-2d').params.find((p) => p.name === 'order').choices;
  return { frames, height, width, rows: o.data, order: choices[o.info.order] };
}

// sincos-2d: the cls rows, then the grid in raster order.
function sincos2dGrid(pe, params) {
  const defs = pe.kinds.find((k) => k.name === 'sincos-2d').params;
  const given = (n) => params[n] ?? defs.find((p) => p.name === n).default;
  const height = given('height'), width = given('width') ?? height, cls = given('cls');
  return { frames: 1, height, width, rows: Int32Array.from({ length: height * width }, (_, i) => cls + i), order: 'raster' };
}

// The kinds with a patch grid, and how it is found: the one place that names them.
const GRIDS = { __proto__: null, 'rope-2d': rope2dGrid, 'sincos-2d': sincos2dGrid };

export class GridView {
  #pe;
  #root;
  #canvas;
  #caption;
  #controls;
  #column;     // <input type=number>: the painted column
  #chosen;     // buttons of the chosen columns
  #frameBox;
  #frame;      // <input type=range>: the frame
  #frameOut;
  #onChange;
  #cells = document.createElement('canvas');
  #shown = null;
  #side;
  #stop;       // ends the theme watch (views/figure.js onThemeChange)

  /**
   * container: where the view goes. onChange({ column, frame }): the user chose another column or
   * frame (the owner stores it and calls show() again). side: the grid's longer side at most (CSS px).
   */
  constructor(container, pe, { onChange = () => {}, side = SIDE } = {}) {
    this.#pe = pe;
    this.#side = side;
    this.#onChange = onChange;
    const root = (this.#root = document.createElement('figure'));
    root.className = 'posenc-grid';
    root.hidden = true;
    this.#canvas = figureCanvas('posenc-grid-canvas');
    this.#caption = document.createElement('figcaption');
    this.#caption.className = 'posenc-grid-caption';
    this.#controls = this.#makeControls();
    root.append(this.#caption, this.#controls, this.#canvas);
    container.append(root);
    this.#stop = onThemeChange(root, () => this.#draw());
  }

  #makeControls() {
    const box = document.createElement('div');
    box.className = 'posenc-grid-controls';
    const label = document.createElement('label');
    label.append('Column ');
    const col = (this.#column = document.createElement('input'));
    col.type = 'number';
    col.min = '0';
    col.step = '1';
    col.className = 'posenc-grid-column';
    col.style.width = '5em';
    label.append(col);
    col.addEventListener('change', () => {
      const v = Number(col.value);
      if (this.#shown && Number.isInteger(v) && v >= 0 && v < this.#shown.cols) this.#onChange({ column: v, frame: this.#shown.frame });
      else if (this.#shown) col.value = String(this.#shown.column);
    });
    this.#chosen = document.createElement('span');
    this.#chosen.className = 'posenc-grid-chosen';
    this.#frameBox = document.createElement('label');
    this.#frameBox.className = 'posenc-grid-frame';
    this.#frameBox.style.marginLeft = '1em';
    this.#frameBox.append('Frame ');
    const fr = (this.#frame = document.createElement('input'));
    fr.type = 'range';
    fr.min = '0';
    fr.step = '1';
    fr.addEventListener('input', () => this.#shown && this.#onChange({ column: this.#shown.column, frame: Number(fr.value) }));
    this.#frameOut = document.createElement('output');
    this.#frameBox.append(fr, ' ', this.#frameOut);
    box.append(label, this.#chosen, this.#frameBox);
    return box;
  }

  get element() { return this.#root; }

  /** Stops following the page's theme (the element is being dropped). */
  destroy() { this.#stop(); }
  get canvas() { return this.#canvas; }
  /**
   * What is drawn: { grid, column, frame, values (Float32Array [height · width]), cell (CSS px),
   * numbers: { font (CSS px), widest (the widest number's measured width, CSS px), pad } or null when
   * the numbers do not fit their cells (then none is drawn) } or null.
   */
  get shown() { return this.#shown; }

  /**
   * Paint column `column` of plane (the shown plane of the table) over frame `frame` of grid
   * (gridOf's result; null hides the view), coloured with map between vmin and vmax (the heatmap's
   * limits). columns: the chosen columns, offered as buttons. A column past the table's last or a
   * frame past the last shows the last one (the caption says which).
   */
  show(plane, grid, { column = 0, frame = 0, columns = [], map, vmin, vmax } = {}) {
    if (!grid || !grid.height || !grid.width || !plane.cols) {
      this.#shown = null;
      if (!this.#root.hidden) this.#root.hidden = true;  // a same-value write still restyles
      return;
    }
    const { height, width } = grid;
    column = Math.min(column, plane.cols - 1);
    frame = Math.min(frame, grid.frames - 1);
    const rows = grid.rows.subarray(frame * height * width, (frame + 1) * height * width);
    const values = new Float32Array(height * width);
    for (let i = 0; i < values.length; i++) values[i] = plane.value(rows[i], column);
    const image = this.#pe.colormapImage(values, { map, vmin, vmax, rows: height, cols: width });
    try {
      if (this.#cells.width !== width) this.#cells.width = width;  // a same-size write reallocates the canvas
      if (this.#cells.height !== height) this.#cells.height = height;
      // ImageData straight over the wasm heap (as the heatmap's): putImageData copies it before the free
      this.#cells.getContext('2d').putImageData(new ImageData(image.data, width, height), 0, 0);
    } finally {
      image.free();
    }
    const cell = Math.max(1, Math.floor(this.#side / Math.max(height, width)));
    this.#shown = { grid, column, frame, rows, values, cell, cols: plane.cols, numbers: null };
    this.#shown.numbers = this.#numbers(this.#shown);
    this.#root.hidden = false;
    const what = plane.lead ? ` (${plane.lead.name})` : '';
    const when = grid.frames > 1 ? `, frame ${frame} of ${grid.frames}` : '';
    this.#caption.textContent = `Column ${column}${what} over the ${height} × ${width} patch grid${when}; ` +
      `the line follows the token order (${grid.order})${this.#shown.numbers ? ', numbers are table rows' : ''}`;
    this.#canvas.setAttribute('aria-label', this.#caption.textContent);
    this.#column.max = String(plane.cols - 1);
    this.#column.value = String(column);
    this.#chosen.replaceChildren(...columns.filter((c) => c < plane.cols).map((c) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = String(c);
      b.title = `Paint column ${c}`;
      b.className = 'posenc-grid-pick';
      b.style.marginLeft = '0.3em';
      b.setAttribute('aria-pressed', String(c === column));
      b.addEventListener('click', () => this.#onChange({ column: c, frame: this.#shown.frame }));
      return b;
    }));
    this.#frameBox.hidden = grid.frames < 2;
    this.#frame.max = String(grid.frames - 1);
    this.#frame.value = String(frame);
    this.#frame.setAttribute('aria-valuetext', `frame ${frame} of ${grid.frames}`);
    this.#frameOut.textContent = `${frame} / ${grid.frames - 1}`;
    this.#draw();
  }

  // Whether the cells' numbers fit: the largest font in FONT (at most cell / 2.4) whose widest
  // number, measured, leaves PAD beside it in its cell and whose height leaves PAD above and below.
  #numbers({ rows, cell }) {
    const top = Math.min(FONT[1], Math.floor(cell / 2.4));
    if (top < FONT[0] || FONT[0] + 2 * PAD > cell) return null;
    const ctx = this.#canvas.getContext('2d');
    const family = theme(this.#root, { background: false }).font;
    let longest = 0;
    for (const r of rows) longest = Math.max(longest, r);
    const digits = String(longest).length;
    ctx.save();
    try {
      for (let font = top; font >= FONT[0]; font--) {
        if (font + 2 * PAD > cell) continue;
        ctx.font = `${font}px ${family}`;
        // the widest of the numbers as long as the longest (digits may differ in width)
        let widest = 0;
        for (const r of rows) if (String(r).length === digits) widest = Math.max(widest, ctx.measureText(String(r)).width);
        if (widest + 2 * PAD <= cell) return { font, widest, pad: PAD };
      }
      return null;
    } finally {
      ctx.restore();
    }
  }

  /** The cell's centre in CSS px of the canvas. */
  centre(r, c) {
    const s = this.#shown.cell;
    return { x: (c + 0.5) * s, y: (r + 0.5) * s };
  }

  #draw() {
    const sh = this.#shown;
    if (!sh) return;
    const { height, width } = sh.grid;
    const rows = sh.rows;
    const dpr = devicePixelRatio;
    const W = width * sh.cell, H = height * sh.cell;
    const c = this.#canvas;
    fitCanvas(c, W, H, dpr);
    const ctx = c.getContext('2d');
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.#cells, 0, 0, c.width, c.height);
    // the order: cells by ascending table row
    const th = theme(this.#root, { background: !!sh.numbers });  // the background: the numbers' halo
    const byRow = Array.from(rows.keys()).sort((a, b) => rows[a] - rows[b]);
    ctx.save();
    ctx.scale(dpr, dpr);
    ctx.strokeStyle = th.fg;
    ctx.globalAlpha = 0.7;
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
    if (sh.numbers) {
      // each number on a halo of the background: readable over any colour; the path shows in the
      // PAD beside it (the numbers' box fits inside the cell, so they never overlap)
      ctx.font = `${sh.numbers.font}px ${th.font}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.lineJoin = 'round';
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = th.bg;
      ctx.fillStyle = th.fg;
      for (let i = 0; i < rows.length; i++) {
        const p = this.centre(Math.floor(i / width), i % width);
        ctx.strokeText(String(rows[i]), p.x, p.y);
        ctx.fillText(String(rows[i]), p.x, p.y);
      }
    }
    ctx.restore();
  }
}
