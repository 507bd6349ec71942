// Zoom and pan over positions for long tables. Generic over the registry: a kind qualifies when it
// has int parameters `offset` and `step` and its rows are positions (counted by `positions`) or
// distances (rope-decay's, counted by `distances`). The view shows a
// window [from, to) of the table's rows and computes only that window; past MAX_ROWS rows it is
// sampled to at most one row per device pixel of the heatmap (row r of the request is table row first + r * sample, position offset + that * step), so a
// million positions cost what a thousand do. The window lives in the state (state.zoom, the URL's
// `zoom=from,to`); null = the whole table.
import { cellStep } from '../views/figure.js';
import { maxPlotHeight } from '../views/heatmap.js';

/** Windows up to this many rows are computed whole (and export whole); longer ones are sampled. */
export const MAX_ROWS = 2048;
/** Sampled rows: at most one per device pixel of the tallest heatmap. */
export const screenRows = () => Math.max(64, Math.floor(maxPlotHeight() * (window.devicePixelRatio || 1)));
const MIN_SPAN = 4;  // rows: the deepest zoom
/** An integer with thousands separators, as toLocaleString('en-US') gives it, without a locale lookup per call. */
export const formatInt = (v) => numbers.format(v);
const numbers = new Intl.NumberFormat('en-US');

// Row axes whose row r stands for offset + step · r, with the parameter that counts the rows.
const ROW_COUNTS = { positions: 'positions', distance: 'distances' };
const rowCount = (kind) => ROW_COUNTS[kind.shape.at(-2)];

export function zoomable(kind) {
  const has = (n) => kind.params.some((p) => p.name === n && p.type === 'int');
  return !!rowCount(kind) && has(rowCount(kind)) && has('offset') && has('step');
}

const param = (kind, params, name) => params[name] ?? kind.params.find((p) => p.name === name).default;

/** The table's rows (its row-count parameter), or null when it is not a usable number (C will say why). */
export function tableRows(kind, params) {
  const n = param(kind, params, rowCount(kind));
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** [from, to) clamped to a table of n rows, or null for the whole table. */
export function clampWindow(zoom, n) {
  if (!zoom || n === null) return null;
  const span = Math.min(n, Math.max(MIN_SPAN, zoom[1] - zoom[0]));
  const from = Math.max(0, Math.min(zoom[0], n - span));
  return from === 0 && span === n ? null : [from, from + span];
}

/**
 * The request that computes the visible window of a zoomable kind: { params, full, from, to,
 * first, sample, position(r) }. full: the request is the whole table, row for row. Returns null
 * when positions/offset/step are not numbers (the plain request then fails with C's message) or
 * positionIds gives the rows.
 */
export function windowRequest(kind, params, zoom) {
  // explicit ids (rope's positionIds) give every row's position: no offset/step window of them
  if (params.positionIds !== undefined) return null;
  const n = tableRows(kind, params);
  const offset = param(kind, params, 'offset'), step = param(kind, params, 'step');
  if (n === null || !Number.isSafeInteger(offset) || !Number.isSafeInteger(step)) return null;
  const [from, to] = clampWindow(zoom, n) ?? [0, n];
  const sample = to - from > MAX_ROWS ? cellStep(Math.ceil((to - from) / screenRows())) : 1;
  const first = Math.floor(from / sample) * sample;  // round positions when offset and step are
  const rows = Math.ceil((to - first) / sample);
  return {
    params: { ...params, [rowCount(kind)]: rows, offset: offset + first * step, step: sample * step },
    full: sample === 1 && first === 0 && rows === n,
    rows: n, from, to, first, sample,
    position: (r) => offset + (first + r * sample) * step,
  };
}

/** The window after zooming by factor (< 1 in) around table row `at` (default: the centre). */
export function zoomBy(zoom, n, factor, at) {
  const [from, to] = clampWindow(zoom, n) ?? [0, n];
  const c = at ?? (from + to) / 2;
  const span = Math.max(MIN_SPAN, Math.round((to - from) * factor));
  const a = Math.round(c - ((c - from) * span) / (to - from));
  return clampWindow([a, a + span], n);
}

/** The window moved by `rows` table rows (clamped to the table). */
export function panBy(zoom, n, rows) {
  const w = clampWindow(zoom, n);
  if (!w) return null;
  const d = Math.round(rows);
  return clampWindow([w[0] + d, w[1] + d], n);
}

/**
 * The zoom toolbar and gestures. bar: the element to fill; target: the heatmap's container (wheel
 * zooms around the pointer, dragging pans, + and - keys zoom, Shift+arrows pan); heatmap: the view
 * (cellAt, cellRect); get(): { kind, state, plane } now; set(zoom): a new window was chosen.
 */
export class ZoomBar {
  #bar;
  #get;
  #set;
  #heatmap;
  #text;
  #drag = null;
  #dragged = false;

  constructor(bar, target, heatmap, get, set) {
    this.#bar = bar;
    this.#get = get;
    this.#set = set;
    this.#heatmap = heatmap;
    const button = (id, text, label, action) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.id = `zoom-${id}`;
      b.textContent = text;
      b.title = label;
      b.setAttribute('aria-label', label);
      b.addEventListener('click', action);
      return b;
    };
    this.#text = document.createElement('span');
    this.#text.className = 'zoom-window';
    this.#text.setAttribute('aria-live', 'polite');
    bar.append(
      button('in', '+', 'Zoom in (positions)', () => this.zoom(0.5)),
      button('out', '−', 'Zoom out (positions)', () => this.zoom(2)),
      button('up', '↑', 'Earlier positions', () => this.pan(-0.5)),
      button('down', '↓', 'Later positions', () => this.pan(0.5)),
      button('all', 'All', 'Show all positions', () => this.#apply(null)),
      this.#text);

    target.addEventListener('wheel', (e) => {
      if (!this.#active() || !e.deltaY) return;
      e.preventDefault();
      this.zoom(e.deltaY < 0 ? 0.8 : 1.25, this.#rowAt(e));
    }, { passive: false });
    target.addEventListener('pointerdown', (e) => {
      if (!this.#active() || e.button !== 0 || this.#rowAt(e) === null) return;
      this.#drag = { y: e.clientY, zoom: this.#get().state.zoom, moved: false };
    });
    target.addEventListener('pointermove', (e) => {
      const d = this.#drag;
      if (!d || !(e.buttons & 1)) return void (this.#drag = null);
      const dy = e.clientY - d.y;
      if (!d.moved && Math.abs(dy) < 4) return;
      d.moved = true;
      const { state, kind } = this.#get();
      const w = clampWindow(d.zoom, tableRows(kind, state.params));
      if (!w) return;
      const next = panBy(d.zoom, tableRows(kind, state.params), (-dy * (w[1] - w[0])) / this.#plotHeight());
      if (String(next) !== String(state.zoom)) this.#apply(next);
    });
    target.addEventListener('pointerup', () => {
      this.#dragged = !!this.#drag?.moved;
      this.#drag = null;
    });
    // A drag is not a click on a column.
    target.addEventListener('click', (e) => {
      if (this.#dragged) e.stopPropagation();
      this.#dragged = false;
    }, true);
    target.addEventListener('keydown', (e) => {
      if (!this.#active()) return;
      if (e.key === '+' || e.key === '=') this.zoom(0.5);
      else if (e.key === '-' || e.key === '_') this.zoom(2);
      else if (e.shiftKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) this.pan(e.key === 'ArrowUp' ? -0.25 : 0.25);
      else return;
      e.preventDefault();
      e.stopPropagation();
    }, true);
  }

  /** Zoom by factor around table row `at` (default: the window's centre). */
  zoom(factor, at) {
    const { kind, state } = this.#get();
    const n = tableRows(kind, state.params);
    if (n !== null) this.#apply(zoomBy(state.zoom, n, factor, at));
  }

  /** Pan by a fraction of the window. */
  pan(fraction) {
    const { kind, state } = this.#get();
    const n = tableRows(kind, state.params);
    const w = clampWindow(state.zoom, n);
    if (w) this.#apply(panBy(w, n, fraction * (w[1] - w[0])));
  }

  /** Show or hide the bar for the drawn plane and say which positions it shows. */
  update() {
    const { kind, plane } = this.#get();
    const win = plane?.window;
    const hidden = !zoomable(kind) || !win;
    if (this.#bar.hidden !== hidden) this.#bar.hidden = hidden;
    if (hidden) return;
    const n = formatInt;
    const text = !plane.rows ? 'no positions'
      : `positions ${n(plane.rowName(0))} … ${n(plane.rowName(plane.rows - 1))} (rows ${n(win.from)}–${n(win.to - 1)} of ` +
        `${n(win.rows)}${win.sample > 1 ? `, every ${n(win.sample)}th row` : ''})`;
    if (this.#text.textContent !== text) this.#text.textContent = text;
  }

  #active() {
    return !this.#bar.hidden;
  }

  #apply(zoom) {
    this.#set(zoom);
  }

  // The table row under a pointer event, or null outside the cells.
  #rowAt(e) {
    const { plane } = this.#get();
    const r = this.#heatmap.canvas.getBoundingClientRect();
    const cell = this.#heatmap.cellAt(e.clientX - r.left, e.clientY - r.top);
    return cell && plane?.window ? plane.window.first + cell.row * plane.window.sample : null;
  }

  // CSS pixels of the heatmap's plot area, top to bottom.
  #plotHeight() {
    const { plane } = this.#get();
    const a = this.#heatmap.cellRect(0, 0), b = this.#heatmap.cellRect(Math.max(plane.rows - 1, 0), 0);
    return Math.max(1, (b.y + b.h - a.y) / (window.devicePixelRatio || 1));
  }
}
