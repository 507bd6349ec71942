// The view options: one row per option, read by every surface that takes them: the explorer's
// state and URL (explorer/state.js), the elements' attributes and properties (elements/attributes.js)
// and the iframe's query keys (embed/embed.js). A row names the option once:
//   name     the property: explorer state field, element property, the views' render option
//   key      the URL key and the attribute (kebab-case)
//   aliases  older keys still read (URLs and attributes; never written); a global HTML attribute
//            (title) is read from URLs only
//   type     how text becomes a value (TYPES below); min/max/choices bound it
//   default  the value when the option is not given
//   on       the surfaces that take it (default: all of 'explorer', 'element', 'embed')
//   param    the name C's errors give it (PosencError.param), when not the row's name
//   label    the explorer's control label (text options get a control in its Labels group)
//   doc      one line for the README table and the typings
// The registry's parameters are not here: they come from pe.kinds. A new option is one row (and, if
// no type fits, one entry in TYPES).
import { lineColor } from './figure.js';

/** Columns a view plots at most (each a Chart.js dataset and a legend entry). */
export const MAX_COLUMNS = 32;

/** A layer option's text as pe.ropeFromConfig takes it: an index (digits) or a layer type; null when empty. */
export const layerOf = (t) => (t === undefined || t === null || String(t).trim() === '' ? null
  : /^\d+$/.test(String(t).trim()) ? Number(t) : String(t).trim());

export const SURFACES = Object.freeze(['explorer', 'element', 'embed']);

export const OPTIONS = Object.freeze([
  { name: 'kind', key: 'kind', type: 'kind', default: null, doc: 'the kind to draw (pe.kinds; default: the first, the explorer the seed figure)' },
  { name: 'index', key: 'index', type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, default: 0,
    doc: 'plane of a stacked table: the head (alibi), 0 = cos / 1 = sin (rope)' },
  { name: 'colormap', key: 'colormap', aliases: ['cmap'], type: 'colormap', default: 'coolwarm', param: 'map',
    doc: 'heatmap colours: a pe.colormaps name' },
  { name: 'vmin', key: 'vmin', type: 'limit', default: null, doc: 'value at the low end of the colormap (empty: automatic)' },
  { name: 'vmax', key: 'vmax', type: 'limit', default: null, doc: 'value at the high end of the colormap (empty: automatic)' },
  { name: 'columns', key: 'columns', aliases: ['dims', 'lines'], type: 'columns', max: MAX_COLUMNS, default: null,
    doc: 'the plotted columns (lines of the plot, marked on the heatmap), e.g. "0,1,6"' },
  { name: 'heading', key: 'heading', aliases: ['title'], type: 'string', default: undefined, label: 'heading',
    doc: 'the heatmap\'s title (default: the kind\'s; empty: none)' },
  { name: 'rowLabel', key: 'row-label', aliases: ['ylabel'], type: 'string', default: undefined, label: 'row label (y)',
    doc: 'title of the row axis (heatmap y, plot x; default: the registry\'s axis name)' },
  { name: 'columnLabel', key: 'column-label', aliases: ['xlabel'], type: 'string', default: undefined, label: 'column label (x)',
    doc: 'title of the column axis (heatmap x) and the plot\'s line names' },
  { name: 'valueLabel', key: 'value-label', aliases: ['clabel'], type: 'string', default: undefined, label: 'value label (colorbar)',
    doc: 'title of the values (colorbar, plot y; default "Value")' },
  { name: 'config', key: 'config', type: 'model', default: undefined,
    doc: "a model's config.json (JSON text): the RoPE params of a layer (rope kinds) or its query scale (query-scale), as pe.layersFromConfig reads them" },
  { name: 'layer', key: 'layer', type: 'layer', default: undefined,
    doc: 'with config: the layer, by index or layer type name (default: the RoPE every layer shares)' },
  { name: 'zoom', key: 'zoom', type: 'window', default: null, on: ['explorer'],
    doc: 'the rows shown of a long table, "from,to" (explorer/zoom.js)' },
  { name: 'view', key: 'view', type: 'enum', choices: ['heatmap', 'plot', 'both'], default: 'both', on: ['embed'],
    doc: 'which figures, heatmap first' },
  // key figure-height: rope-2d's and sincos-2d's height is a parameter
  { name: 'figureHeight', key: 'figure-height', type: 'int', min: 50, max: 4000, default: null, on: ['embed'],
    doc: 'CSS pixels per figure (default: the elements\')' },
  // compare mode and analysis views (views/compare.js); the explorer keeps them in its analysis panel
  { name: 'heat', key: 'heat', type: 'enum', choices: ['a', 'b', 'diff'], default: 'a', on: ['element', 'embed'],
    doc: 'compare mode (b- attributes), heatmap: a, b or diff (A − B on a map centred at 0)' },
  { name: 'logY', key: 'log-y', type: 'enum', choices: ['auto', 'true', 'false'], default: 'auto', on: ['element', 'embed'],
    doc: 'plot y axis: auto (log when the values are positive and span three decades), true or false' },
  { name: 'profile', key: 'profile', type: 'int', min: 1, max: 4096, default: null, on: ['element', 'embed'],
    doc: 'plot of a [queries, keys] kind: the value against j − i for −R … R' },
  // the multimodal views (views/grid.js, views/inset.js): what the patch grid and the block inset show
  { name: 'gridColumn', key: 'grid-column', type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, default: null,
    doc: 'rope-2d, sincos-2d: the table column painted over the patch grid (default: the first of columns, else 0)' },
  { name: 'frame', key: 'frame', type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, default: 0,
    doc: 'the frame shown: of the patch grid (rope-2d frames) and of a video in the block inset (mrope-positions)' },
  { name: 'block', key: 'block', type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, default: null,
    doc: 'mrope-positions: the image or video (0 = the prompt\'s first) the inset shows until a token is hovered (default: the first)' },
  { name: 'explain', key: 'explain', type: 'flag', default: false, on: ['element', 'embed'],
    doc: 'a caption: the formula (MathML), what to look for, the sources' },
].map((o) => Object.freeze({ aliases: [], on: SURFACES, ...o })));

/** The row of an option name. */
export const option = (name) => OPTIONS.find((o) => o.name === name);

/** Global HTML attributes: an alias that is one is read from URLs only. */
export const HTML_ATTRIBUTES = new Set(['id', 'class', 'style', 'slot', 'part', 'is', 'tabindex', 'title', 'lang', 'dir', 'hidden']);

/**
 * The keys a surface reads: Map key → row (canonical keys and aliases). attributes: only keys an
 * element may observe (no global HTML attribute).
 */
export function keysOf(surface, { attributes = false } = {}) {
  const keys = new Map();
  for (const o of OPTIONS) {
    if (!o.on.includes(surface)) continue;
    for (const k of [o.key, ...o.aliases]) if (!(attributes && HTML_ATTRIBUTES.has(k))) keys.set(k, o);
  }
  return keys;
}

const quote = (text, n = 40) => JSON.stringify(text.length > n ? `${text.slice(0, n)}…` : text);
// Numbers as HTML attributes take them (the HTML Standard's "valid floating-point number" and
// "valid integer"), for attributes and URL values alike: Number() would also take " 64 ", "0x40",
// "+1", "1.", "Infinity" and "" (as 0).
const FLOAT = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const INTEGER = /^-?\d+$/;
/** A valid floating-point number's value, else NaN (so is one beyond the doubles); -0 reads as 0, as HTML's parser gives it. */
export const htmlFloat = (text) => {
  const v = FLOAT.test(text) ? Number(text) : NaN;
  return Number.isFinite(v) ? v + 0 : NaN;
};
/** A valid integer's value (-0 as 0), else NaN. */
export const htmlInteger = (text) => (INTEGER.test(text) ? Number(text) + 0 : NaN);

/**
 * A comma list's numbers (whitespace around the commas allowed, as HTML's lists of numbers allow
 * it), bare or as a JSON array ("[0, 3]": what a framework may write for an array property); an item
 * that is no valid number (empty included) is NaN, so it is rejected, not read as 0.
 */
export const numberList = (text, read = htmlFloat) => {
  const t = text.trim().replace(/^\[([^]*)\]$/, '$1');
  return t.trim() === '' ? [] : t.split(',').map((x) => read(x.trim()));
};

/**
 * How text becomes a value. Each returns { value } or { value, why, code }: value is what to use
 * (the default, or what could be kept), why says what was wrong (after "key = text "), code is
 * EINVAL (not a value of the type) or ERANGE (a value out of range). ctx: { kinds, colormaps } (names).
 */
export const TYPES = {
  kind(text, o, ctx) {
    const v = text.trim();
    return ctx.kinds.includes(v) ? { value: v } : { value: o.default, why: `is not one of ${ctx.kinds.join(', ')}`, code: 'EINVAL' };
  },
  int(text, o) {
    const v = htmlInteger(text);
    if (Number.isInteger(v) && v >= o.min && v <= o.max) return { value: v };
    const what = o.name === 'index' ? 'a plane number (0, 1, …)' : `an integer from ${o.min} to ${o.max}`;
    return { value: o.default, why: `is not ${what}`, code: Number.isInteger(v) ? 'ERANGE' : 'EINVAL' };
  },
  limit(text) {
    if (text === '') return { value: null };
    const v = htmlFloat(text);
    return Number.isFinite(v) ? { value: v } : { value: null, why: 'is not a finite number (empty = automatic)', code: 'EINVAL' };
  },
  colormap(text, o, ctx) {
    const v = text.trim();
    return ctx.colormaps.includes(v) ? { value: v } : { value: o.default, why: `is not one of ${ctx.colormaps.join(', ')}`, code: 'EINVAL' };
  },
  columns(text, o) {
    const all = numberList(text, htmlInteger);
    const value = [...new Set(all.filter((n) => Number.isInteger(n) && n >= 0))].slice(0, o.max);
    if (value.length === all.length) return { value };
    return { value, why: `kept ${value.join(', ') || 'none'} (distinct column numbers >= 0, at most ${o.max})`,
      code: all.every(Number.isInteger) ? 'ERANGE' : 'EINVAL' };
  },
  string: (text) => ({ value: text }),
  // a model's config.json as text: pe.layersFromConfig reads it where it is used, naming what it cannot read
  model: (text) => ({ value: text }),
  layer(text) {
    const t = text.trim();
    return { value: t === '' ? undefined : t };
  },
  window(text) {
    const w = text.split(',').map((t) => htmlInteger(t.trim()));
    if (w.length === 2 && w.every(Number.isSafeInteger) && w[0] >= 0 && w[0] < w[1]) return { value: w };
    return { value: null, why: 'is not a window "from,to" of table rows (integers, 0 <= from < to)', code: 'EINVAL' };
  },
  flag(text, o) {
    const t = text.trim().toLowerCase();
    if (t === '' || t === 'true' || t === o.key) return { value: true };
    return t === 'false' ? { value: false } : { value: o.default, why: 'is not true or false', code: 'EINVAL' };
  },
  enum(text, o) {
    return o.choices.includes(text) ? { value: text } : { value: o.default, why: `is not one of ${o.choices.join(', ')}`, code: 'EINVAL' };
  },
};

/**
 * Read the view options among [key, text] pairs (a query string's entries, an element's
 * attributes), in order, for a surface. ctx: { kinds, colormaps } (the names values may take).
 * Returns { values, keys, problems, rest }: values[name] for each option given (the last spelling
 * given counts), keys[name] the key that set it, problems [{ name, key, message, code }] (a value
 * not used as given; an option given more than once, under any of its keys), rest the pairs that
 * are no view option of this surface.
 */
export function readOptions(pairs, surface, ctx) {
  const known = keysOf(surface);
  const values = {};
  const keys = {};
  const problems = [];
  const rest = [];
  const given = new Map();  // name → the keys that gave it
  for (const [key, text] of pairs) {
    const o = known.get(key);
    if (!o) {
      rest.push([key, text]);
      continue;
    }
    given.set(o.name, [...(given.get(o.name) ?? []), key]);
    const r = TYPES[o.type](text, o, ctx);
    values[o.name] = r.value;
    keys[o.name] = key;
    if (r.why) problems.push({ name: o.name, key, message: `${key} = ${quote(text)} ${r.why}`, code: r.code });
  }
  for (const [name, list] of given) {
    if (list.length < 2) continue;
    const spelt = new Set(list).size > 1 ? ` (as ${[...new Set(list)].join(', ')})` : '';
    problems.push({ name, key: list.at(-1), message: `${name} is given ${list.length} times${spelt}; the last one is used`, code: 'EINVAL' });
  }
  return { values, keys, problems, rest };
}

/** Text of a value for a URL or an attribute (null: leave it out). */
export function writeOption(value) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value).map(String).join(',');
  return String(value);
}

/** The heatmap's render options (views/heatmap.js) for view option values (a state, an element's). */
export function heatmapOptions(v) {
  return {
    map: v.colormap, vmin: v.vmin ?? null, vmax: v.vmax ?? null, title: v.heading,
    xLabel: v.columnLabel, yLabel: v.rowLabel, cbarLabel: v.valueLabel,
    marked: (v.columns ?? []).map((col, i) => ({ col, color: lineColor(i) })),
  };
}

/** The line plot's render options (views/plot.js) for view option values. */
export function plotOptions(v) {
  return { columns: v.columns ?? [], xLabel: v.rowLabel, yLabel: v.valueLabel, colLabel: v.columnLabel };
}
