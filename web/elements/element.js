// The custom elements' classes: <posenc-heatmap> and <posenc-plot> (tag names chosen by define()).
// Attributes (elements/attributes.js) mirror properties; a change schedules one render in a
// microtask, so setting many at once computes once. Each render maps the attributes to a view spec
// and draws it with the explorer's scene (views/scene.js: the plane computed in C on the one shared
// instance, compare mode, the explain caption) inside a shadow root. A bad attribute shows a
// message in the element and fires `posenc-error`; the last good picture stays. The heatmap element
// carries the multimodal views where its kind has them (the segment or M-RoPE axis band, the patch
// grid of rope-2d and sincos-2d, the block inset of mrope-positions), beside the heatmap. No inline
// styles: the shadow root adopts constructed stylesheets (CSP style-src 'self').
import { PosencError } from '../posenc.js';
import { Scene } from '../views/scene.js';
import { TYPES, option } from '../views/options.js';
import { readAttributes, attributeOf, attributeFor, attributeError, parseValue, formatValue, spellings, B_PREFIX,
  OWN_ATTRIBUTES } from './attributes.js';
import { logYOf } from '../views/compare.js';
import { request, cancel, pending, afterFrame } from './lazy.js';
import { warmups as plotWarmups } from '../views/plot.js';
import { warmups as heatmapWarmups } from '../views/heatmap.js';

/** Largest table one element computes, given per call (the shared instance's own cap is left as it is). */
export const MAX_BYTES = 64 * 2 ** 20;
// The attributes that only move the grid or the inset (their own controls set them while a slider is dragged).
const MULTIMODAL_ONLY = new Set(['gridColumn', 'frame', 'block'].flatMap((name) => spellings(option(name))));
const DEFAULT_COLUMNS = 4;  // the plot's lines when columns is not given: the first columns

// Sized by CSS: a block whose content fills it. The default heights are the page author's to change.
const BASE_CSS = `
:host { display: block; position: relative; box-sizing: border-box; min-height: 120px; contain: layout; }
:host([hidden]) { display: none; }
.frame { position: relative; height: 100%; }
.posenc-heatmap, .posenc-plot { height: 100%; }
.frame.mm { display: grid; grid-template-columns: minmax(0, 1fr) auto; grid-template-rows: auto minmax(0, 1fr); column-gap: 8px; }
.frame.mm > .posenc-segments { grid-column: 1; grid-row: 1; }
.frame.mm > .posenc-heatmap { grid-column: 1; grid-row: 2; height: auto; min-height: 0; }
.frame.mm > .extras { grid-column: 2; grid-row: 1 / span 2; width: 240px; overflow: auto; }
.posenc-segments[hidden], .extras[hidden], .posenc-grid[hidden], .posenc-inset[hidden], .posenc-inset-controls label[hidden],
.posenc-grid-frame[hidden] { display: none; }
.posenc-segments-legend, .posenc-grid, .posenc-inset { font: 12px/1.4 system-ui, sans-serif; color: var(--pe-fg, inherit); margin: 0 0 4px; }
.posenc-grid-controls, .posenc-inset-controls { margin: 2px 0 4px; }
.posenc-inset-readout, .posenc-inset-why { margin: 4px 0 0; color: var(--pe-muted, inherit); }
.posenc-heatmap-overlay:focus-visible { outline: 2px solid var(--pe-focus, Highlight); outline-offset: -2px; }
.posenc-heatmap-readout { display: block; height: 1.5em; overflow: hidden; white-space: nowrap; text-overflow: ellipsis;
  font-size: 12px; line-height: 1.5em; color: var(--pe-muted, inherit); }
:host([explain]) { display: flex; flex-direction: column; }
:host([explain]) .frame { flex: 1 1 0; min-height: 120px; height: auto; }
.caption { flex: none; font: 13px/1.4 system-ui, sans-serif; color: var(--pe-fg, inherit); padding-top: 4px; }
.caption[hidden] { display: none; }
.caption p { margin: 2px 0; }
.caption .explain-sources { color: var(--pe-muted, inherit); font-size: 12px; }
.error { position: absolute; left: 0; right: 0; top: 0; z-index: 1; margin: 0; padding: 6px 10px; border-radius: 4px;
  border: 1px solid var(--pe-error-border, #d93025); background: var(--pe-error-bg, #fce8e6); color: var(--pe-error-fg, #8c1d18);
  font: 13px/1.4 system-ui, sans-serif; white-space: pre-wrap; }
.error[hidden] { display: none; }
@media (prefers-color-scheme: dark) {
  .error { border-color: var(--pe-error-border, #f28b82); background: var(--pe-error-bg, #3c1f1e); color: var(--pe-error-fg, #f6aea9); }
}
`;
const VIEW_CSS = { heatmap: ':host { height: 360px; }', plot: ':host { height: 300px; }' };
// What a view's first render on a page waits for, each step (given the instance) in a queue turn
// of its own (elements/lazy.js).
const PREPARE = { heatmap: heatmapWarmups, plot: plotWarmups };

// A part of the shadow root: <tag class="name" part="name">.
function part(tag, name) {
  const e = document.createElement(tag);
  e.className = name;
  e.setAttribute('part', name);
  return e;
}

const sheets = new Map();
function sheet(css) {
  let s = sheets.get(css);
  if (!s) {
    s = new CSSStyleSheet();
    s.replaceSync(css);
    sheets.set(css, s);
  }
  return s;
}

// A host's sheets make it a block of its height. An empty inline box that becomes a block splits
// the anonymous box around its inline neighbours, so one style pass over hundreds of newly styled
// hosts (define() upgrading a page of figures) costs far more than the same hosts in batches. The
// first STYLE_BATCH hosts made before a microtask checkpoint are styled at once, the rest a batch
// per frame in the order they were made; until then a host is the empty inline box it was before
// it was defined (below the styled ones, so out of sight), and a render styles its host first.
/** How many hosts made at once are styled at once (and then per frame). */
export const STYLE_BATCH = 50;
const unstyled = new Set();
let styledNow = 0;

function styleHost(el) {
  unstyled.delete(el);
  if (!el.shadowRoot.adoptedStyleSheets.length) el.shadowRoot.adoptedStyleSheets = [sheet(BASE_CSS), sheet(VIEW_CSS[el.constructor.view])];
}

function styleSoon(el) {
  if (styledNow === 0) queueMicrotask(() => { styledNow = 0; });
  if (styledNow < STYLE_BATCH) {
    styledNow++;
    styleHost(el);
    return;
  }
  if (!unstyled.size) afterFrame(styleBatch);
  unstyled.add(el);
}

function styleBatch() {
  let n = 0;
  for (const el of unstyled) {
    if (n++ === STYLE_BATCH) break;
    styleHost(el);
  }
  if (unstyled.size) afterFrame(styleBatch);
}

/**
 * The two element classes for one loaded instance and attribute table. Fresh classes per call:
 * a constructor can be registered under one tag name only.
 */
export function elementClasses(pe, table) {
  const props = new Set([...table.values()].filter((e) => e.prop).map((e) => e.prop));
  const prepare = (view) => PREPARE[view].map((step) => () => step(pe));  // one list per view: its steps run once
  class PosencHeatmapElement extends PosencElement {
    static view = 'heatmap';
    static pe = pe;
    static table = table;
    static props = props;
    static prepare = prepare('heatmap');
  }
  class PosencPlotElement extends PosencElement {
    static view = 'plot';
    static pe = pe;
    static table = table;
    static props = props;
    static prepare = prepare('plot');
  }
  for (const C of [PosencHeatmapElement, PosencPlotElement]) {
    for (const e of table.values()) if (e.prop) Object.defineProperty(C.prototype, e.prop, accessor(e));
  }
  return { heatmap: PosencHeatmapElement, plot: PosencPlotElement };
}

// Property ↔ attribute: reading parses the attribute by its type for the element's kind (null when
// absent); writing sets the attribute's text (null or undefined removes it). A view option's
// properties (its key and aliases: columns, dims) read whichever spelling the element carries, and
// writing one removes the others.
function accessor(e) {
  const names = e.view ? spellings(e.view) : [e.attr];
  return {
    configurable: true,
    enumerable: true,
    get() {
      let text = null;
      for (const a of this.attributes) if (names.includes(a.name)) text = a.value;  // the last one counts
      if (text === null) return null;
      if (e.view) {
        const { value, why } = TYPES[e.view.type](text, e.view, { kinds: [text.trim()], colormaps: [text.trim()] });
        return why ? text : value;  // unparsable text reads back as it is (the element shows the error)
      }
      const type = (e.uses.get(this.getAttribute('kind') ?? '') ?? e.uses.values().next().value).type;
      try {
        return parseValue(type, text, { attr: e.attr, param: e.attr, tag: this.localName });
      } catch {
        return text;
      }
    },
    set(value) {
      const text = formatValue(typeof value === 'boolean' ? (value ? '' : 'false') : value);
      for (const a of names) if (a !== e.attr) this.removeAttribute(a);
      if (text === null) this.removeAttribute(e.attr);
      else this.setAttribute(e.attr, text);
    },
  };
}

// Outside a browser (a server render importing posenc/elements) there is no HTMLElement: the
// module still loads, and define() registers nothing there (elements/define.js).
const Base = globalThis.HTMLElement ?? class {};

class PosencElement extends Base {
  // A's attributes, and B's (compare mode): the parameters with the b- prefix, and b-kind
  static get observedAttributes() {
    const keys = [...this.table.keys()];
    return [...keys, ...keys.filter((k) => k === 'kind' || !this.table.get(k).view).map((k) => B_PREFIX + k), ...OWN_ATTRIBUTES];
  }

  #frame = null;
  #caption = null;
  #message = null;
  #scene = null;       // what the element draws (views/scene.js): made at the first render, dropped on leaving the page
  #extras = null;      // the box of the grid and the inset beside the heatmap, made when a table first has them
  #queued = false;
  #renders = 0;          // renders begun: a staged one's later steps check that no other came since
  #changed = new Set();  // attributes changed since the last render
  #status = 'loading';
  #spec = null;

  // Upgrading costs a shadow root and its (shared) sheets, which size the element: a page of
  // hundreds of figures upgrades them all in one task (customElements.define), so the sheets may
  // wait for a later frame (styleSoon) and the parts inside are made at the first render (#parts).
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    styleSoon(this);
    // Properties set before the element was defined shadow the accessors: hand them over.
    for (const prop of Object.keys(this)) {
      if (!this.constructor.props.has(prop)) continue;
      const v = this[prop];
      delete this[prop];
      this[prop] = v;
    }
  }

  // The frame the views go in, the explain caption and the error message.
  #parts() {
    if (this.#frame) return;
    styleHost(this);
    this.#frame = part('div', 'frame');
    this.#caption = part('div', 'caption');
    this.#message = part('p', 'error');
    this.#message.setAttribute('role', 'alert');
    this.#caption.hidden = this.#message.hidden = true;
    this.shadowRoot.append(this.#frame, this.#caption, this.#message);
  }

  /** The shared posenc instance. */
  get pe() { return this.constructor.pe; }
  /** 'loading' | 'ok' | 'error' (after the last render). */
  get status() { return this.#status; }
  /** The view drawn into the shadow root (views/heatmap.js Heatmap or views/plot.js LinePlot). */
  get view() { return this.#scene?.heatmap ?? this.#scene?.plot ?? null; }
  /** The multimodal views beside a heatmap: { band, grid, inset } (SegmentBand, GridView, BlockInset), or null. */
  get multimodal() { return this.#scene?.multimodal ?? null; }
  /** What the last successful render drew: { kind, params, index, shape, rows, cols, columns (dims: the same) }. */
  get drawn() { return this.#spec; }

  /**
   * 'lazy' (the default): the first render waits until the element is near the viewport, then
   * takes its turn in the queue every element shares (elements/lazy.js); 'eager': the first render
   * takes the next turn wherever the element is. Reflects the `loading` attribute, as <img>'s.
   */
  get loading() { return this.getAttribute('loading') === 'eager' ? 'eager' : 'lazy'; }
  set loading(value) { this.setAttribute('loading', String(value)); }

  connectedCallback() { this.#schedule(); }

  disconnectedCallback() {
    queueMicrotask(() => {  // a move re-connects at once
      if (this.isConnected) return;
      cancel(this);
      this.#teardown();
    });
  }

  attributeChangedCallback(name, old, value) {
    if (old === value) return;
    if (name === 'loading') {
      if (pending(this) && this.loading === 'eager') this.#schedule();
      return;
    }
    if (!this.#scene && this.#status === 'loading') {
      // not drawn yet: the first render reads every attribute; only the kind changes its request
      if (name === 'kind' && pending(this)) this.#schedule();
      return;
    }
    this.#changed.add(name);
    this.#schedule();
  }

  /**
   * Render now (normally: the first render once the element is near the viewport, elements/lazy.js;
   * later ones a microtask after the last change).
   */
  render() {
    this.#render();
  }

  // staged (the first render, from the queue): what can wait (the plot's first chart, the grid and
  // inset beside a heatmap: views/scene.js) is drawn in steps, each in a turn of the queue of its
  // own; returns the next step, which returns the one after it, then nothing. Until the last step
  // the element is loading, and only then it says so.
  #render(staged = false) {
    cancel(this);
    const id = ++this.#renders;
    this.#parts();
    const { pe, table, view } = this.constructor;
    const changed = [...this.#changed];
    this.#changed.clear();
    let spec;
    try {
      spec = readAttributes(this, pe, table);
      // the grid's column or frame, the inset's block: the table and the heatmap stay as drawn
      if (changed.length && this.#status === 'ok' && this.#scene?.multimodal && changed.every((a) => MULTIMODAL_ONLY.has(a))) {
        this.#scene.multimodalView({ ...spec, columns: this.#spec.columns });
        this.dispatchEvent(new CustomEvent('posenc-render', { bubbles: true, composed: true, detail: { ...this.#spec } }));
        return null;
      }
      this.#scene ??= this.#makeScene(view);
      let dims;
      const { a: plane, rest } = this.#scene.draw(this.#sceneSpec(spec), ({ a }) => {
        this.#checkIndex(spec, a);
        return { columns: (dims = this.#dims(spec, a, view)) };
      }, { staged });
      this.#spec = { kind: spec.kind, params: spec.params, index: plane.lead?.index ?? 0, shape: plane.shape,
        rows: plane.rows, cols: plane.cols, columns: dims, dims };
      if (rest) return this.#steps(id, rest);
    } catch (e) {
      this.#fail(e, spec);
      return null;
    }
    this.#done();
    return null;
  }

  // The steps left of render `id`; none once another render has begun or the element has left.
  #steps(id, rest) {
    const step = () => {
      if (id !== this.#renders || !this.#scene) return null;
      try {
        rest = rest();
      } catch (e) {
        this.#fail(e, null);
        return null;
      }
      if (rest) return step;
      this.#done();
      return null;
    };
    return step;
  }

  #done() {
    this.#status = 'ok';
    this.#message.hidden = true;
    this.#message.textContent = '';
    this.dispatchEvent(new CustomEvent('posenc-render', { bubbles: true, composed: true, detail: { ...this.#spec } }));
  }

  #schedule() {
    if (!this.#scene && this.#status === 'loading') {  // not drawn yet: when near the viewport
      if (this.isConnected) {
        // renders of one view and kind cost alike (the queue learns what)
        const { view } = this.constructor;
        request(this, () => (this.isConnected ? this.#render(true) : null),
          { eager: this.loading === 'eager', kind: `${view} ${this.getAttribute('kind')}`, prepare: this.constructor.prepare });
      }
      return;
    }
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      if (this.isConnected) this.render();
    });
  }

  // computePlane clamps the plane index; an attribute out of range is an error here.
  #checkIndex(spec, plane) {
    const i = spec.index;
    if (i === null) return;
    const size = plane.lead?.size ?? 1;
    if (!Number.isInteger(i) || i < 0 || i >= size) {
      const what = plane.lead ? `${plane.lead.title.toLowerCase()} 0 to ${size - 1}` : 'only 0: this table is not stacked';
      throw attributeError(`<${this.localName}> index=${i} is not a plane of this table (allowed: ${what})`,
        Number.isInteger(i) ? 'ERANGE' : 'EINVAL', 'index', 'index');
    }
  }

  #dims(spec, plane, view) {
    if (spec.columns === null) return view === 'plot' ? [...Array(Math.min(DEFAULT_COLUMNS, plane.cols)).keys()] : [];
    for (const d of spec.columns) {
      if (d >= plane.cols) {
        const attr = attributeFor(this, 'columns');
        throw attributeError(`<${this.localName}> ${attr}: ${d} is not a column of this table (allowed: 0 to ${plane.cols - 1})`,
          'ERANGE', 'columns', attr);
      }
    }
    return spec.columns;
  }

  // The element's attributes as the scene's spec: the unprefixed ones are A, the b- ones B (views/scene.js).
  #sceneSpec(spec) {
    return { ...spec, a: { kind: spec.kind, params: spec.params, index: spec.index ?? 0 }, b: spec.b ?? null,
      heat: spec.heat ?? 'a', logY: logYOf(spec.logY), lines: spec.columns, explain: spec.explain === true ? spec.kind : null };
  }

  #makeScene(view) {
    const own = { explain: this.#caption, explainCompact: true };
    // bitmap: a page may hold hundreds of figures, which the browser then keeps without copying them
    const slots = view === 'heatmap'
      ? { ...own, heatmap: this.#frame, heatmapOptions: { fill: true, bitmap: true }, multimodal: () => this.#multimodalSlot() }
      : { ...own, plot: this.#frame };
    return new Scene(this.pe, slots, {
      maxBytes: MAX_BYTES,
      onError: (e, how) => this.#compareError(e, how),
      onColumn: (col) => this.#toggle(col),
      onChange: (values, shown) => this.#setViewOptions(values, shown),
    });
  }

  // Every error fails the render; one of B names B's attribute (b-factor, not factor).
  #compareError(e, { side, what, cfg }) {
    if (what === 'shape') throw attributeError(`<${this.localName}> heat=diff: ${e.message}`, 'EINVAL', 'heat', 'heat');
    if (side === 'b' && !e.attribute) {
      const attr = attributeOf(this.constructor.table, cfg.kind, e.param);
      e.attribute = attr ? B_PREFIX + attr : `${B_PREFIX}kind`;
      e.message = `B: ${e.message}`;
    }
    throw e;
  }

  // The band (above the heatmap), the grid view and the block inset (beside it); their controls set
  // this element's attributes (grid-column, frame, block).
  #multimodalSlot() {
    const extras = (this.#extras = document.createElement('div'));
    extras.className = 'extras';
    extras.setAttribute('part', 'extras');
    extras.hidden = true;
    this.#frame.append(extras);
    return {
      band: this.#frame, grid: extras, inset: extras, side: 220,
      layout: (on, views) => {
        if (this.#frame.firstChild !== views.band.element) this.#frame.prepend(views.band.element);
        extras.hidden = !on.extras;
        this.#frame.classList.toggle('mm', on.band || on.extras);
      },
    };
  }

  #setViewOptions(values, shown) {
    for (const [name, value] of Object.entries(values)) {
      const attr = attributeFor(this, name);
      if (!this.hasAttribute(attr) && value === shown[name]) continue;  // what is drawn without it stays implicit
      if (this.getAttribute(attr) !== String(value)) this.setAttribute(attr, String(value));
    }
  }

  // A clicked heatmap column: toggle it in columns (its marker), under the attribute the page used, and tell the page.
  #toggle(col) {
    const columns = [...(this.#spec?.columns ?? [])];
    const i = columns.indexOf(col);
    if (i >= 0) columns.splice(i, 1);
    else columns.push(col);
    this.setAttribute(attributeFor(this, 'columns'), columns.join(','));
    this.dispatchEvent(new CustomEvent('posenc-column', { bubbles: true, composed: true,
      detail: { column: col, columns, dims: [...columns] } }));
  }

  #fail(e, spec) {
    this.#parts();
    this.#status = 'error';
    const known = e instanceof PosencError;
    const attribute = e.attribute ?? (known && spec ? attributeOf(this.constructor.table, spec.kind, e.param) : null);
    let message = known ? e.message : `posenc: unexpected error: ${e?.message ?? e}`;
    if (e.code === 'ENOMEM') message += ` (<${this.localName}> draws at most ${MAX_BYTES / 2 ** 20} MiB)`;
    this.#message.textContent = attribute && !e.attribute ? `<${this.localName}> ${attribute}: ${message}` : message;
    this.#message.hidden = false;
    this.dispatchEvent(new CustomEvent('posenc-error', {
      bubbles: true, composed: true,
      detail: { message, code: e.code ?? null, param: e.param ?? null, attribute, error: e },
    }));
    if (!known) throw e;
  }

  #teardown() {
    this.#scene?.destroy();
    this.#scene = null;
    this.#extras?.remove();
    this.#extras = null;
    this.#frame?.classList.remove('mm');
  }
}

/**
 * Classes for elements that cannot work (posenc.wasm failed to load): they show the reason and
 * fire `posenc-error`, so a page says what is wrong instead of staying blank.
 */
export function failedClasses(error) {
  const make = (view) => class extends HTMLElement {
    connectedCallback() {
      if (!this.shadowRoot) {
        const root = this.attachShadow({ mode: 'open' });
        root.adoptedStyleSheets = [sheet(BASE_CSS), sheet(VIEW_CSS[view])];
        const p = document.createElement('p');
        p.className = 'error';
        p.setAttribute('part', 'error');
        p.setAttribute('role', 'alert');
        p.textContent = `posenc could not start: ${error?.message ?? error}`;
        root.append(p);
      }
      this.dispatchEvent(new CustomEvent('posenc-error', {
        bubbles: true, composed: true, detail: { message: String(error?.message ?? error), code: null, param: null, attribute: null, error },
      }));
    }

    get status() { return 'error'; }
  };
  return { heatmap: make('heatmap'), plot: make('plot') };
}
