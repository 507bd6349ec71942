// The elements' attributes, generated from the registry (pe.kinds): every parameter of every
// drawable kind in kebab-case (dim, padding-idx, max-bias), the fields of object parameters as
// attributes of their own (rope-type, factor, original-max-position-embeddings → ropeScaling.*),
// plus the view attributes below. Text is turned into the parameter's registry type here; every
// range is checked in C, which names the parameter (mapped back to its attribute for messages).
import { PosencError } from '../posenc.js';
import { layersFromConfig, ropeFromConfig } from '../model-config.js';

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
  config: { type: 'string', doc: "a model's config.json (JSON text): sets the RoPE parameters (or query-scale's) as pe.ropeFromConfig reads them" },
  layer: { type: 'string', doc: 'with config: the layer, by index or layer type name (default: the RoPE every layer shares)' },
};

// Names an element attribute or property must not take (global HTML attributes and HTMLElement members).
const RESERVED = new Set(['id', 'class', 'style', 'slot', 'part', 'is', 'tabindex', 'title', 'lang', 'dir', 'hidden']);

/**
 * The attribute table of a loaded instance: Map attribute → { attr, prop, view?, uses: Map kind →
 * registry param (with its path) }. Throws if a registry name would clash with HTML.
 */
export function attributeTable(pe) {
  const table = new Map();
  const entry = (attr) => {
    let e = table.get(attr);
    if (!e) {
      const prop = camel(attr);
      if (RESERVED.has(attr) || prop in HTMLElement.prototype) {
        throw new Error(`posenc elements: the attribute ${attr} (property ${prop}) clashes with HTML`);
      }
      table.set(attr, (e = { attr, prop, uses: new Map() }));
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
  const spec = { kind: kind.name, params: {}, index: null, map: undefined, dims: null, vmin: null, vmax: null, labels: {} };
  for (const { name: attr, value: text } of el.attributes) {
    const e = table.get(attr);
    if (!e || attr === 'kind') continue;
    if (attr === 'config' || attr === 'layer') continue;  // read below, once the kind is known
    if (e.view) {
      const v = parseValue(e.view.type, text, { attr, param: e.view.param ?? attr, tag });
      if (attr === 'index') spec.index = v;
      else if (attr === 'colormap') spec.map = text.trim();
      else if (attr === 'dims') spec.dims = v;
      else if (attr === 'vmin' || attr === 'vmax') spec[attr] = v;
      else if (attr === 'heading') spec.labels.title = text;
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
  const fromModel = modelParams(el, pe, kind, tag);
  if (fromModel) spec.params = { ...fromModel, ...spec.params };  // attributes given beside config win
  return spec;
}

// config (+ layer): the params of that layer of the model, for a kind that takes them all (the rope
// kinds) or query-scale (a NoPE layer's query temperature). Errors name the attribute.
function modelParams(el, pe, kind, tag) {
  const text = el.getAttribute('config'), layerText = el.getAttribute('layer');
  if (text === null) {
    if (layerText !== null) throw attributeError(`<${tag}> layer needs a config attribute (a model's config.json)`, 'EINVAL', 'layer', 'layer');
    return null;
  }
  let config;
  try {
    config = JSON.parse(text);
  } catch (e) {
    throw attributeError(`<${tag}> config is not JSON: ${e.message}`, 'EINVAL', 'config', 'config');
  }
  const t = layerText?.trim();
  const layer = t === undefined || t === '' ? undefined : /^\d+$/.test(t) ? Number(t) : t;
  const names = new Set(kind.params.map((p) => p.name));
  try {
    if (kind.name === 'query-scale') {
      const layers = layersFromConfig(pe, config);
      const entry = typeof layer === 'number' ? layers[layer] : layers.find((l) => (layer === undefined ? l.queryScale : l.type === layer));
      if (!entry?.queryScale) {
        throw attributeError(`<${tag}> layer=${fmt(layerText ?? '')}: no such layer scales its queries by position`, 'EINVAL', 'layer', 'layer');
      }
      return { ...entry.queryScale };
    }
    if (!['dim', 'base', 'ropeScaling'].every((n) => names.has(n))) {
      throw attributeError(`<${tag}> config: ${kind.name} takes no RoPE parameters from a model config`, 'EINVAL', 'config', 'config');
    }
    const rope = ropeFromConfig(pe, config, layer === undefined ? {} : { layer });
    if (rope === null) throw attributeError(`<${tag}> layer=${fmt(layerText)} has no RoPE (a NoPE layer)`, 'EINVAL', 'layer', 'layer');
    return rope;
  } catch (e) {
    if (!(e instanceof PosencError) || e.attribute) throw e;
    throw attributeError(`<${tag}> ${e.message}`, e.code, e.param, e.param === 'layer' ? 'layer' : 'config');
  }
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
