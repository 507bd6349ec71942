// The block inset of mrope-positions: one image or video of the prompt drawn as its grid of merged
// patches (rows = the merged grid's height, columns its width), each cell labelled with its h and w
// ids, a video one frame at a time (its t id in the caption, a slider to step through frames), the
// hovered token's cell highlighted, and why the text after the block starts where it does. Which
// tokens form which block and its grid come from C (kind mrope-blocks, via the segment band's
// mropeSegments); every id shown is read from the mrope-positions plane on screen. Nothing here
// parses the sequence. No inline styles: only CSSOM properties are set.
import { SEGMENTS, whyNext } from './segments.js';
import { theme, figureCanvas, fitCanvas, onThemeChange } from './figure.js';

const SIDE = 300;    // CSS px: the grid's longer side at most
const MAX_CELL = 46; // CSS px: a small block's cells stay this size
const LABELS = 30;   // CSS px: cells at least this large carry their h and w ids

export class BlockInset {
  #root;
  #caption;
  #why;
  #controls;
  #pick;       // <select> of the prompt's images and videos
  #frameBox;
  #frame;      // <input type=range>
  #frameOut;
  #canvas;
  #readout;
  #onChange;
  #side;
  #stop;          // ends the theme watch (views/figure.js onThemeChange)
  #band = null;   // mropeSegments' result on screen (plane, blocks, advance)
  #chosen = { block: null, frame: 0 };  // the view options
  #shown = null;  // { block, frame (row of mrope-blocks), cell (CSS px), token (highlighted) }

  /**
   * container: where the inset goes. onChange({ block, frame }): the user chose another block or
   * frame (the owner stores them, view options block and frame, and calls show() again).
   */
  constructor(container, { onChange = () => {}, side = SIDE } = {}) {
    this.#onChange = onChange;
    this.#side = side;
    const root = (this.#root = document.createElement('figure'));
    root.className = 'posenc-inset';
    root.hidden = true;
    this.#caption = document.createElement('figcaption');
    this.#caption.className = 'posenc-inset-caption';
    this.#why = document.createElement('p');
    this.#why.className = 'posenc-inset-why';
    this.#controls = document.createElement('div');
    this.#controls.className = 'posenc-inset-controls';
    const pickLabel = document.createElement('label');
    pickLabel.append('Block ');
    this.#pick = document.createElement('select');
    this.#pick.className = 'posenc-inset-block';
    this.#pick.addEventListener('change', () => this.#onChange({ block: Number(this.#pick.value), frame: 0 }));
    pickLabel.append(this.#pick);
    this.#frameBox = document.createElement('label');
    this.#frameBox.className = 'posenc-inset-frame';
    this.#frameBox.style.marginLeft = '1em';
    this.#frameBox.append('Frame ');
    this.#frame = document.createElement('input');
    this.#frame.type = 'range';
    this.#frame.min = '0';
    this.#frame.step = '1';
    this.#frame.addEventListener('input', () => this.#shown && this.#onChange({ block: this.#shown.block.index, frame: Number(this.#frame.value) }));
    this.#frameOut = document.createElement('output');
    this.#frameBox.append(this.#frame, ' ', this.#frameOut);
    this.#controls.append(pickLabel, this.#frameBox);
    this.#canvas = figureCanvas('posenc-inset-canvas');
    this.#readout = document.createElement('output');
    this.#readout.className = 'posenc-inset-readout';
    this.#readout.setAttribute('aria-live', 'polite');
    this.#readout.style.display = 'block';
    root.append(this.#caption, this.#controls, this.#canvas, this.#readout, this.#why);
    container.append(root);
    this.#canvas.addEventListener('pointermove', (e) => {
      const sh = this.#shown;
      if (!sh) return;
      const b = this.#canvas.getBoundingClientRect();
      const r = Math.floor((e.clientY - b.top) / sh.cell), c = Math.floor((e.clientX - b.left) / sh.cell);
      if (r < 0 || c < 0 || r >= sh.frame.height || c >= sh.frame.width) return;
      const token = sh.frame.first + r * sh.frame.width + c;
      if (token === sh.token) return;  // the pointer moved within the cell drawn hot
      this.#readout.textContent = this.#band.words(0, token);
      this.#draw(token);
    });
    this.#stop = onThemeChange(root, () => this.#draw(this.#shown?.token ?? -1));
  }

  get element() { return this.#root; }

  /** Stops following the page's theme (the element is being dropped). */
  destroy() { this.#stop(); }
  get canvas() { return this.#canvas; }
  /**
   * What is drawn: { block (mropeSegments' blocks entry), frame (its mrope-blocks row), cell (CSS px),
   * token (the highlighted token, -1: none), ids(r, c) → [t, h, w] of cell (r, c) as the plane holds them } or null.
   */
  get shown() { return this.#shown; }

  /** The cell's rectangle in CSS px of the canvas. */
  cellRect(r, c) {
    const s = this.#shown.cell;
    return { x: c * s, y: r * s, w: s, h: s };
  }

  /**
   * Show the block of band (mropeSegments' result; null or a prompt without images and videos hides
   * the inset) chosen by the view options: block (index; null: the first) and frame (clamped to the
   * block's frames).
   */
  show(band, { block = null, frame = 0 } = {}) {
    this.#band = band;
    this.#chosen = { block, frame };
    const blocks = band?.blocks.blocks ?? [];
    if (!blocks.length) {
      this.#shown = null;
      if (!this.#root.hidden) this.#root.hidden = true;  // a same-value write still restyles
      return;
    }
    this.#pick.replaceChildren(...blocks.map((b) => {
      const o = document.createElement('option');
      o.value = String(b.index);
      o.textContent = `${b.index}: ${SEGMENTS[b.kind].name}, tokens ${b.first}–${b.last}`;
      return o;
    }));
    const b = blocks[Math.min(block ?? 0, blocks.length - 1)];
    this.#present(b, Math.min(frame, b.count - 1), -1);
  }

  /** The pointer is over token `token` (the heatmap or the band): show its block and frame, highlight it. */
  hover(token) {
    if (token === this.#shown?.token) return;  // drawn already (the pointer moved within its cell)
    const here = this.#band?.blocks.at(token);
    if (!here) return;
    const b = this.#band.blocks.blocks[here.frame.segment];
    this.#present(b, here.frame.frame, token);
  }

  /** Token `token` was clicked: keep its block and frame (onChange: the owner stores them). */
  pick(token) {
    const here = this.#band?.blocks.at(token);
    if (here) this.#onChange({ block: here.frame.segment, frame: here.frame.frame });
  }

  #present(b, f, token) {
    const frame = this.#band.blocks.frame(b, f);
    const { plane } = this.#band;
    const n = plane.cols;
    const ids = (r, c) => {
      const i = frame.first + r * frame.width + c;
      return [0, 1, 2].map((a) => plane.view.data[plane.offset + a * n + i]);
    };
    const cell = Math.max(4, Math.min(MAX_CELL, Math.floor(this.#side / Math.max(frame.height, frame.width))));
    this.#shown = { block: b, frame, cell, token, ids };
    this.#root.hidden = false;
    const what = SEGMENTS[b.kind].name;
    const [t0, h0, w0] = ids(0, 0);
    const frames = b.count > 1 ? `${b.count} frames of ` : '';
    const when = b.count > 1 ? ` Frame ${f} (of 0–${b.count - 1}; tokens ${frame.first}–${frame.first + frame.height * frame.width - 1}): t ${t0}.`
      : ` t ${t0} for every patch.`;
    this.#caption.textContent = `Block ${b.index}, ${what}, tokens ${b.first}–${b.last}: ${frames}${frame.height} × ${frame.width} merged patches.` +
      `${when} Each cell shows its h and w ids (h ${h0} + row, w ${w0} + column)${cell >= LABELS ? '' : ': hover a cell to read them'}.`;
    this.#canvas.setAttribute('aria-label', this.#caption.textContent);
    const last = this.#band.blocks.frame(b, b.count - 1);
    this.#why.textContent = b.kind === 2 && b.count > 1 && frame.next !== last.next
      ? `Text after this frame ${whyNext(frame, plane, this.#band.blocks, this.#band.advance)}.`
      : `Text after this ${what} ${whyNext(last, plane, this.#band.blocks, this.#band.advance)}.`;
    this.#pick.value = String(b.index);
    this.#pick.parentElement.hidden = this.#band.blocks.blocks.length < 2;
    this.#frameBox.hidden = b.count < 2;
    this.#frame.max = String(b.count - 1);
    this.#frame.value = String(f);
    this.#frame.setAttribute('aria-valuetext', `frame ${f} of ${b.count}: t ${t0}`);
    this.#frameOut.textContent = `${f} / ${b.count - 1} (t ${t0})`;
    if (token >= 0) this.#readout.textContent = this.#band.words(0, token);
    else if (!this.#readout.textContent) this.#readout.textContent = 'Hover a token (here, on the band or on the heatmap) to read its ids.';
    this.#draw(token);
  }

  #draw(token) {
    const sh = this.#shown;
    if (!sh) return;
    sh.token = token;
    const { frame, cell } = sh;
    const dpr = devicePixelRatio;
    const W = frame.width * cell, H = frame.height * cell;
    const c = this.#canvas;
    fitCanvas(c, W, H, dpr);  // a hover redraws: the canvas keeps its allocation
    const ctx = c.getContext('2d');
    const th = theme(this.#root, { background: false });
    const colour = SEGMENTS[sh.block.kind].color ?? th.fg;
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.save();
    ctx.scale(dpr, dpr);
    ctx.fillStyle = colour;
    ctx.globalAlpha = 0.22;
    ctx.fillRect(0, 0, W, H);
    ctx.globalAlpha = 1;
    const k = token - frame.first;
    if (k >= 0 && k < frame.height * frame.width) {
      ctx.fillRect(Math.floor(k % frame.width) * cell, Math.floor(k / frame.width) * cell, cell, cell);
    }
    ctx.strokeStyle = th.fg;
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let r = 0; r <= frame.height; r++) ctx.moveTo(0, Math.min(H - 0.5, r * cell + 0.5)), ctx.lineTo(W, Math.min(H - 0.5, r * cell + 0.5));
    for (let q = 0; q <= frame.width; q++) ctx.moveTo(Math.min(W - 0.5, q * cell + 0.5), 0), ctx.lineTo(Math.min(W - 0.5, q * cell + 0.5), H);
    ctx.stroke();
    ctx.globalAlpha = 1;
    if (cell >= LABELS) {
      ctx.font = `${Math.min(12, Math.floor(cell / 3.2))}px ${th.font}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let r = 0; r < frame.height; r++) {
        for (let q = 0; q < frame.width; q++) {
          const [, h, w] = sh.ids(r, q);
          const hot = frame.first + r * frame.width + q === token;
          ctx.fillStyle = hot ? '#fff' : th.fg;
          ctx.fillText(`h ${h}`, (q + 0.5) * cell, (r + 0.3) * cell);
          ctx.fillText(`w ${w}`, (q + 0.5) * cell, (r + 0.72) * cell);
        }
      }
    }
    ctx.restore();
  }
}

/**
 * Let the band's hovers (its own and the heatmap's, through readout and cellReadout) move the inset
 * to the hovered token, and a click on the band keep that block (pick). band: mropeSegments' result
 * (null: nothing to do). Returns band.
 */
export function followHover(band, inset) {
  if (!band?.blocks) return band;
  const read = band.readout;
  band.readout = band.cellReadout = (row, col) => {
    inset.hover(col);
    return read(row, col);
  };
  band.pick = (col) => inset.pick(col);
  return band;
}
