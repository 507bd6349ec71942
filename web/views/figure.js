// Drawing helpers shared by the canvas views: tick choice, colours from the page's custom
// properties (--pe-fg, --pe-muted, --pe-bg, --pe-focus, --pe-grid), the hatch that marks masked cells,
// the line colours.

/** matplotlib's tab10: line i of the selection gets PALETTE[i % 10]. */
export const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
  '#bcbd22', '#17becf'];
export const lineColor = (i) => PALETTE[i % PALETTE.length];

// Tick step in cells: the smallest of 1, 2, 5, 10, 20, 50 … whose spacing is at least minCells.
export function cellStep(minCells) {
  for (let p = 1; ; p *= 10) for (const m of [1, 2, 5]) if (m * p >= minCells) return m * p;
}

// Round tick values for the colorbar: about n of them between lo and hi.
export function valueTicks(lo, hi, n) {
  if (!(hi > lo)) return { ticks: [lo], digits: 2 };
  const raw = (hi - lo) / n;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * p).find((s) => s >= raw);
  const ticks = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) ticks.push(k * step);
  return { ticks, digits: Math.max(0, -Math.floor(Math.log10(step) + 1e-9) + (step / p === 2.5 ? 1 : 0)) };
}

/**
 * Colours and font of el: the --pe-* custom properties, else its text colour and nearest background
 * (looked up only when `background`: the walk up the tree costs a getComputedStyle per ancestor).
 */
export function theme(el, { background = true } = {}) {
  const cs = getComputedStyle(el);
  const v = (name) => cs.getPropertyValue(name).trim();
  let bg = v('--pe-bg');
  // Up the tree, out of shadow roots too (the custom elements draw inside one).
  for (let e = el; background && !bg && e; e = e.parentElement ?? e.getRootNode().host) {
    const c = getComputedStyle(e).backgroundColor;
    if (c && c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c)) bg = c;
  }
  return {
    fg: v('--pe-fg') || cs.color,
    muted: v('--pe-muted') || cs.color,
    bg: bg || (background ? '#fff' : null),
    focus: v('--pe-focus') || '#1a73e8',
    grid: v('--pe-grid') || 'rgba(128,128,128,0.25)',
    font: cs.fontFamily || 'sans-serif',
  };
}

const hatches = new Map();  // one pattern per colours and size, made once instead of on every redraw

/** A diagonal hatch (the colour scheme's muted ink on its background) as a fill pattern. */
export function hatch(ctx, th, dpr) {
  const s = Math.max(4, Math.round(6 * dpr));
  const key = `${th.bg} ${th.muted} ${s} ${dpr}`;
  if (!hatches.has(key)) hatches.set(key, hatchPattern(ctx, th, dpr, s));
  return hatches.get(key);
}

function hatchPattern(ctx, th, dpr, s) {
  const tile = document.createElement('canvas');
  tile.width = tile.height = s;
  const t = tile.getContext('2d');
  t.fillStyle = th.bg;
  t.fillRect(0, 0, s, s);
  t.strokeStyle = th.muted;
  t.lineWidth = Math.max(1, dpr);
  t.beginPath();
  t.moveTo(0, s);
  t.lineTo(s, 0);
  t.moveTo(-s / 2, s / 2);
  t.lineTo(s / 2, -s / 2);
  t.moveTo(s / 2, s * 1.5);
  t.lineTo(s * 1.5, s / 2);
  t.stroke();
  return ctx.createPattern(tile, 'repeat');
}

/** A canvas that is a figure: role img, a block box (no inline gap under it), with this class. */
export function figureCanvas(className) {
  const c = document.createElement('canvas');
  if (className) c.className = className;
  c.setAttribute('role', 'img');
  c.style.display = 'block';
  return c;
}

/**
 * The context a figure canvas is drawn with. With `bitmap`, the drawing is done on an
 * OffscreenCanvas (context()) and show() hands its pixels to the canvas (a bitmaprenderer
 * context) without copying them: a page's compositor keeps such a canvas as it is, where it copies
 * a 2D canvas at every commit that paints it (Chromium without a GPU: each scroll step copies every
 * 2D canvas within a few thousand pixels of the viewport). That suits a page of many figures that
 * seldom redraw; a figure redrawn at every frame (the explorer's, under a slider) is cheaper drawn
 * on its own 2D context, which context() is without `bitmap` (or without OffscreenCanvas), show()
 * then doing nothing.
 */
export class Paper {
  #canvas;
  #bitmap;
  #off = null;
  #shown = null;

  constructor(canvas, { bitmap = false } = {}) {
    this.#canvas = canvas;
    this.#bitmap = bitmap && typeof OffscreenCanvas === 'function';
  }

  /**
   * A 2D context the size of the canvas (with `bitmap`, blank after each show()); call it again
   * after resizing the canvas, which resets it as resizing a canvas does.
   */
  context() {
    const c = this.#canvas;
    if (!this.#bitmap) return c.getContext('2d');
    const off = (this.#off ??= new OffscreenCanvas(c.width, c.height));
    if (off.width !== c.width) off.width = c.width;
    if (off.height !== c.height) off.height = c.height;
    return off.getContext('2d');
  }

  /** Show what context() drew. */
  show() {
    if (!this.#off?.width || !this.#off.height) return;
    this.#shown ??= this.#canvas.getContext('bitmaprenderer');
    this.#shown.transferFromImageBitmap(this.#off.transferToImageBitmap());
  }
}

/**
 * Work split into steps for a caller that runs one per task: a function that runs the next step
 * (a step may return a function, run next before the rest) and returns itself while steps are
 * left, else null. alive(): false once the work is overtaken (drawn again, destroyed), which ends it.
 */
export function inSteps(list, alive = () => true) {
  if (!list.length) return null;
  const step = () => {
    if (!alive()) return null;
    const more = list.shift()();
    if (typeof more === 'function') list.unshift(more);
    return list.length ? step : null;
  };
  return step;
}

/**
 * Sizes canvas c to W × H CSS px at dpr, writing only what changed: a width or height write
 * reallocates (and clears) the canvas, a style write invalidates style and accessibility, even with
 * the same value.
 */
export function fitCanvas(c, W, H, dpr) {
  const w = Math.round(W * dpr), h = Math.round(H * dpr);
  if (c.width !== w) c.width = w;
  if (c.height !== h) c.height = h;
  if (c.style.width !== `${W}px`) c.style.width = `${W}px`;
  if (c.style.height !== `${H}px`) c.style.height = `${H}px`;
}

// Where sites keep their light/dark switch: Docusaurus (data-theme on <html>), VitePress and
// Starlight (a dark class, data-theme), MkDocs Material (data-md-color-scheme on <body>), Bootstrap
// (data-bs-theme), others a class or an inline color-scheme style.
const THEME_ATTRIBUTES = ['class', 'style', 'data-theme', 'data-md-color-scheme', 'data-mode', 'data-color-mode',
  'data-color-scheme', 'data-bs-theme'];

/**
 * Calls redraw when what theme(el) resolves to (colours, font) changes: at a prefers-color-scheme
 * change, or when the page switches its theme on <html> or <body> (THEME_ATTRIBUTES), without a
 * reload. A switch that leaves el's colours as they were redraws nothing. Returns the function
 * that stops watching.
 */
export function onThemeChange(el, redraw) {
  const key = () => JSON.stringify(theme(el));
  let last = key();
  const check = () => {
    const now = key();
    if (now === last) return;
    last = now;
    redraw();
  };
  const scheme = matchMedia('(prefers-color-scheme: dark)');
  scheme.addEventListener('change', check);
  const observer = new MutationObserver(check);
  for (const node of [document.documentElement, document.body]) {
    if (node) observer.observe(node, { attributes: true, attributeFilter: THEME_ATTRIBUTES });
  }
  return () => {
    scheme.removeEventListener('change', check);
    observer.disconnect();
  };
}
