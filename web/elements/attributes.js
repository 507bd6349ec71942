// The elements' attributes, generated from the registry (pe.kinds): every parameter of every
// drawable kind in kebab-case (dim, padding-idx, max-bias), the fields of object parameters as
// attributes of their own (rope-type, factor, original-max-position-embeddings → ropeScaling.*),
// plus the view attributes below. Text is turned into the parameter's registry type here; every
// range is checked in C, which names the parameter (mapped back to its attribute for messages).
import { PosencError } from '../posenc.js';

/** Registry name → attribute name: paddingIdx → padding-idx, rope_type → rope-type. */
export const kebab = (name) => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** Attribute name → property name: rope-type → ropeType. */
export const camel = (attr) => attr.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

/**
 * View attributes (not parameters). Labels speak of the table, so one set reads the same on both
 * elements: the heatmap shows rows on y, columns on x, values on the colorbar; the plot shows rows
 * on x, values on y, and one line per chosen column.
 */
export const VIEW = {
  kind: { type: 'string', doc: 'the kind to draw (pe.kinds); default: the first' },
  index: { type: 'int', doc: 'plane of a stacked table: the head (alibi), 0 = cos / 1 = sin (rope)' },
  colormap: { type: 'string', param: 'map', doc: 'heatmap colours: a pe.colormaps name (default coolwarm)' },
  dims: { type: 'int[]', doc: 'columns: the plotted lines (plot), marked columns (heatmap), e.g. "0,1,6"' },
  vmin: { type: 'float', doc: 'value at the low end of the colormap (default: automatic)' },
  vmax: { type: 'float', doc: 'value at the high end of the colormap (default: automatic)' },
  heading: { type: 'string', doc: 'heatmap title (default: the kind\'s title; empty: none)' },
  'row-label': { type: 'string', doc: 'title of the row axis (default: from the registry\'s axis names)' },
  'column-label': { type: 'string', doc: 'title of the column axis / the lines\' legend' },
  'value-label': { type: 'string', doc: 'title of the values (colorbar, plot y axis; default "Value")' },
  heat: { type: 'string', doc: 'compare mode (with b- attributes), heatmap: a (default), b or diff (A − B, a map centred at 0)' },
  'log-y': { type: 'string', doc: 'plot y axis: auto (default: log when the values are positive and span three decades), true or false' },
  profile: { type: 'int', doc: 'plot of a [queries, keys] kind: its distance profile, the value against j − i for −R … R' },
  explain: { type: 'bool', doc: 'a caption under the figure: the formula (MathML), what to look for, the sources' },
};

/** Compare mode: B's attributes are the A attributes with this prefix (b-kind, b-dim, b-rope-type …). */
export const B_PREFIX = 'b-';

// Names an element attribute or property must not take (global HTML attributes and HTMLElement members).
const RESERVED = new Set(['id', 'class', 'style', 'slot', 'part', 'is', 'tabindex', 'title', 'lang', 'dir', 'hidden']);

/**
 * The attribute table of a loaded instance: Map attribute → { attr, prop (null: no property, the
 * name is an HTMLElement member), view?, uses: Map kind → registry param (with its path) }. Throws
 * if a registry name would clash with a global HTML attribute.
 */
export function attributeTable(pe) {
  const table = new Map();
  const entry = (attr) => {
    let e = table.get(attr);
    if (!e) {
      const prop = camel(attr);
      if (RESERVED.has(attr) || (prop in HTMLElement.prototype && VIEW[attr])) {
        throw new Error(`posenc elements: the attribute ${attr} (property ${prop}) clashes with HTML`);
      }
      // a parameter named like an HTMLElement member (similarity's normalize, Node.normalize()):
      // the attribute only, no property
      table.set(attr, (e = { attr, prop: prop in HTMLElement.prototype ? null : prop, uses: new Map() }));
    }
    return e;
  };
  for (const [attr, v] of Object.entries(VIEW)) entry(attr).view = v;
  for (const kind of drawable(pe)) {
    for (const p of kind.params) {
      const rows = p.type === 'object' ? p.fields.filter((f) => !f.aliasOf) : [p];
      for (const q of rows) {
        const e = entry(kebab(q.name));
        if (e.view) throw new Error(`posenc elements: parameter ${q.path} clashes with the view attribute ${e.attr}`);
        e.uses.set(kind.name, q);
      }
    }
  }
  return table;
}

/** The kinds the elements can draw (not those that transform an input array). */
export const drawable = (pe) => pe.kinds.filter((k) => !k.input);

const fmt = (text) => JSON.stringify(text);

/** An error about an attribute: a PosencError whose `attribute` names it. */
export function attributeError(message, code, param, attribute) {
  const e = new PosencError(message, code, param);
  e.attribute = attribute;
  return e;
}

function number(text, attr, param, tag) {
  const t = text.trim();
  const v = t === '' ? NaN : Number(t);
  if (Number.isNaN(v)) throw attributeError(`<${tag}> ${attr}=${fmt(text)} is not a number`, 'EINVAL', param, attr);
  return v;
}

function numbers(text, attr, param, tag) {
  return text.trim() === '' ? [] : text.split(',').map((t) => number(t, attr, param, tag));
}

/** Attribute text → a value of registry type `type` ('int' | 'float' | 'bool' | 'enum' | 'float[]' | …). */
export function parseValue(type, text, { attr, param, tag }) {
  switch (type) {
    case 'int':
    case 'float': return number(text, attr, param, tag);
    case 'float[]':
    case 'int[]': return numbers(text, attr, param, tag);
    case 'bool': {
      const t = text.trim().toLowerCase();
      if (t === '' || t === 'true' || t === attr) return true;
      if (t === 'false') return false;
      throw attributeError(`<${tag}> ${attr}=${fmt(text)} is not true or false`, 'EINVAL', param, attr);
    }
    default: return text;
  }
}

/** A property value → attribute text (null: remove the attribute). */
export function formatValue(value) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return Array.from(value).map(String).join(',');
  return String(value);
}

/**
 * Read an element's attributes into what the views need:
 * { kind, params, index (null: not given), map, dims, vmin, vmax, labels: { title, rows, cols, values } }.
 * Attributes that are no parameter of the chosen kind throw (EINVAL, naming the attribute);
 * unknown attributes (class, data-*, aria-*) are not ours and are left alone.
 */
export function readAttributes(el, pe, table) {
  const tag = el.localName;
  const kinds = drawable(pe);
  const kindText = el.getAttribute('kind');
  const kind = kindText === null ? kinds[0] : kinds.find((k) => k.name === kindText.trim());
  if (!kind) {
    throw attributeError(`<${tag}> kind=${fmt(kindText)} is not one of ${kinds.map((k) => k.name).join(', ')}`,
      'EINVAL', 'kind', 'kind');
  }
  const spec = { kind: kind.name, params: {}, index: null, map: undefined, dims: null, vmin: null, vmax: null, labels: {},
    heat: 'a', logY: null, profile: null, explain: false, b: null };
  for (const { name: attr, value: text } of el.attributes) {
    const e = table.get(attr);
    if (!e || attr === 'kind') continue;
    if (e.view) {
      const v = parseValue(e.view.type, text, { attr, param: e.view.param ?? attr, tag });
      if (attr === 'index') spec.index = v;
      else if (attr === 'colormap') spec.map = text.trim();
      else if (attr === 'dims') spec.dims = v;
      else if (attr === 'vmin' || attr === 'vmax') spec[attr] = v;
      else if (attr === 'heading') spec.labels.title = text;
      else if (attr === 'heat') {
        spec.heat = text.trim();
        if (!['a', 'b', 'diff'].includes(spec.heat)) throw attributeError(`<${tag}> heat=${fmt(text)} is not a, b or diff`, 'EINVAL', 'heat', 'heat');
      } else if (attr === 'log-y') {
        const t = text.trim().toLowerCase();
        if (!['', 'auto', 'true', 'false', 'log-y'].includes(t)) throw attributeError(`<${tag}> log-y=${fmt(text)} is not auto, true or false`, 'EINVAL', 'log-y', 'log-y');
        spec.logY = t === 'auto' ? null : t !== 'false';
      } else if (attr === 'profile') {
        if (!(Number.isInteger(v) && v >= 1 && v <= 4096)) throw attributeError(`<${tag}> profile=${fmt(text)} is not a distance range 1 … 4096`, 'ERANGE', 'profile', 'profile');
        spec.profile = v;
      } else if (attr === 'explain') spec.explain = v;
      else spec.labels[{ 'row-label': 'rows', 'column-label': 'cols', 'value-label': 'values' }[attr]] = text;
      continue;
    }
    const p = e.uses.get(kind.name);
    if (!p) {
      throw attributeError(`<${tag}> ${attr}: ${kind.name} has no such parameter (it is one of ${[...e.uses.keys()].join(', ')})`,
        'EINVAL', attr, attr);
    }
    const v = parseValue(p.type, text, { attr, param: p.path, tag });
    const [name, field] = p.path.split('.');
    if (field === undefined) spec.params[name] = v;
    else (spec.params[name] ??= {})[field] = v;
  }
  spec.b = readB(el, pe, table, spec);
  return spec;
}

/**
 * Compare mode's B from the b- attributes: b-kind (default: A's kind), then A's parameters (when
 * the kinds agree) with each b-<parameter> attribute replacing or adding one. null without any
 * b- attribute.
 */
function readB(el, pe, table, a) {
  const tag = el.localName;
  const own = [...el.attributes].filter((x) => x.name.startsWith(B_PREFIX) && table.has(x.name.slice(B_PREFIX.length)));
  if (!own.length) return null;
  const kinds = drawable(pe);
  const kindText = el.getAttribute(`${B_PREFIX}kind`);
  const kind = kindText === null ? kinds.find((k) => k.name === a.kind) : kinds.find((k) => k.name === kindText.trim());
  if (!kind) {
    throw attributeError(`<${tag}> b-kind=${fmt(kindText)} is not one of ${kinds.map((k) => k.name).join(', ')}`, 'EINVAL', 'kind', 'b-kind');
  }
  const params = kind.name === a.kind ? structuredClone(a.params) : {};
  for (const { name, value: text } of own) {
    const attr = name.slice(B_PREFIX.length);
    const e = table.get(attr);
    if (attr === 'kind') continue;
    if (e.view) throw attributeError(`<${tag}> ${name}: only parameters take the b- prefix (${attr} is a view attribute)`, 'EINVAL', name, name);
    const p = e.uses.get(kind.name);
    if (!p) throw attributeError(`<${tag}> ${name}: ${kind.name} has no such parameter`, 'EINVAL', name, name);
    const v = parseValue(p.type, text, { attr: name, param: p.path, tag });
    const [pn, field] = p.path.split('.');
    if (field === undefined) params[pn] = v;
    else (params[pn] = { ...(params[pn] ?? {}) })[field] = v;
  }
  return { kind: kind.name, params, index: a.index ?? 0 };
}

/** Registry path (a PosencError's param) → the attribute that sets it, for messages. */
export function attributeOf(table, kind, param) {
  if (param === 'map') return 'colormap';
  for (const e of table.values()) {
    if (e.view && (e.view.param ?? e.attr) === param) return e.attr;
    if (e.uses.get(kind)?.path === param) return e.attr;
  }
  return null;
}
