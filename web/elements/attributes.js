// The elements' attributes, generated from the registry (pe.kinds): every parameter of every
// drawable kind in kebab-case (dim, padding-idx, max-bias), the fields of object parameters as
// attributes of their own (rope-type, factor, original-max-position-embeddings → ropeScaling.*)
// besides the whole object as JSON (rope-scaling='{"rope_type":"yarn","factor":4}', its fields'
// attributes winning), plus the view options of views/options.js (their keys and aliases, read by its parser). Text is
// turned into the parameter's registry type here; every range is checked in C, which names the
// parameter (mapped back to its attribute for messages).
import { PosencError } from '../posenc.js';
import { OPTIONS, TYPES, HTML_ATTRIBUTES, keysOf, readOptions, option, writeOption, layerOf, htmlFloat, htmlInteger,
  numberList } from '../views/options.js';
import { takesConfig } from '../rope-config.js';
import { kebab, camel, registryAttribute } from '../views/keys.js';

// The spellings are views/keys.js's, shared with the explorer's URL and the iframe's query.
export { kebab, camel, registryAttribute };

/** The view options an element takes: Map attribute → row of views/options.js (keys and aliases). */
export const VIEW = keysOf('element', { attributes: true });

/** The attribute names of a view option (its key, then its aliases), as an element reads them. */
export const spellings = (row) => [row.key, ...row.aliases].filter((k) => VIEW.has(k));

/** The elements' own attributes besides the table's: loading (elements/lazy.js: 'lazy' or 'eager'). */
export const OWN_ATTRIBUTES = Object.freeze(['loading']);

/** Compare mode: B's attributes are A's parameter attributes with this prefix (b-kind, b-dim, b-rope-type …). */
export const B_PREFIX = 'b-';

/**
 * The attribute table of a loaded instance: Map attribute → { attr, prop (null: none, the name is an
 * HTMLElement member), view? (the option's row), uses: Map kind → registry param (with its path) }.
 * Throws if a registry name would clash with a global HTML attribute.
 */
export function attributeTable(pe) {
  const table = new Map();
  const entry = (attr) => {
    let e = table.get(attr);
    if (!e) {
      const prop = camel(attr);
      if (HTML_ATTRIBUTES.has(attr) || OWN_ATTRIBUTES.includes(attr) || (prop in HTMLElement.prototype && VIEW.has(attr))) {
        throw new Error(`posenc elements: the attribute ${attr} (property ${prop}) clashes with HTML`);
      }
      // a parameter named like an HTMLElement member (similarity's normalize, Node.normalize()):
      // the attribute only, no property
      table.set(attr, (e = { attr, prop: prop in HTMLElement.prototype ? null : prop, uses: new Map() }));
    }
    return e;
  };
  for (const [attr, row] of VIEW) entry(attr).view = row;
  for (const kind of drawable(pe)) {
    for (const p of kind.params) {
      // an object: its fields, and itself (JSON), so a property set to the object reflects whole
      const rows = p.type === 'object' ? [p, ...p.fields.filter((f) => !f.aliasOf)] : [p];
      for (const q of rows) {
        const e = entry(registryAttribute(q.name));
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

// The HTML number grammars (views/options.js): an integer parameter takes a valid integer, a float
// one a valid floating-point number; ranges are C's.
const GRAMMAR = {
  int: [htmlInteger, 'is not an integer (digits, with an optional leading -)'],
  float: [htmlFloat, 'is not a number (digits with an optional leading -, fraction and exponent)'],
};

function number(text, attr, param, tag, type) {
  const [read, why] = GRAMMAR[type];
  const v = read(text);
  if (Number.isNaN(v)) throw attributeError(`<${tag}> ${attr}=${fmt(text)} ${why}`, 'EINVAL', param, attr);
  return v;
}

// "1,2,3", or a JSON array "[1, 2, 3]" (what a framework may write for an array property)
function numbers(text, attr, param, tag, type) {
  const [read, why] = GRAMMAR[type];
  const list = numberList(text, read);
  const bad = list.findIndex(Number.isNaN);
  if (bad >= 0) throw attributeError(`<${tag}> ${attr}=${fmt(text)}: item ${bad} ${why}`, 'EINVAL', param, attr);
  return list;
}

function object(text, attr, param, tag) {
  let v;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw attributeError(`<${tag}> ${attr} is not JSON: ${e.message}`, 'EINVAL', param, attr);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw attributeError(`<${tag}> ${attr}=${fmt(text)} is not a JSON object`, 'EINVAL', param, attr);
  }
  return v;
}

/** Attribute text → a value of registry type `type` ('int' | 'float' | 'bool' | 'enum' | 'float[]' | …). */
export function parseValue(type, text, { attr, param, tag }) {
  switch (type) {
    case 'int':
    case 'float': return number(text, attr, param, tag, type);
    case 'float[]': return numbers(text, attr, param, tag, 'float');
    case 'int[]': return numbers(text, attr, param, tag, 'int');
    case 'object': return object(text, attr, param, tag);
    case 'bool': {  // read as the flag view options are: present, true or its own name, or false
      const r = TYPES.flag(text, { key: attr });
      if (r.why) throw attributeError(`<${tag}> ${attr}=${fmt(text)} ${r.why}`, r.code, param, attr);
      return r.value;
    }
    default: return text;
  }
}

/**
 * A property value → attribute text (null: remove the attribute): arrays comma-separated (the view
 * options' writer), plain objects as JSON, so every property survives a server render as an attribute.
 */
export const formatValue = (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value)
  ? JSON.stringify(value) : writeOption(value));

/**
 * Read an element's attributes into what the views need: { kind, params } and the view options by
 * their names (index null when not given, colormap, columns null when not given, vmin, vmax,
 * heading, rowLabel, columnLabel, valueLabel). A bad view option or an attribute that is no
 * parameter of the chosen kind throws (naming the attribute); unknown attributes (class, data-*,
 * aria-*) are not ours and are left alone.
 */
export function readAttributes(el, pe, table) {
  const tag = el.localName;
  const kinds = drawable(pe);
  const pairs = [];
  const params = [];
  for (const { name, value } of el.attributes) {
    const e = table.get(name);
    if (e?.view) pairs.push([name, value]);
    else if (e) params.push([e, name, value]);
  }
  const view = readOptions(pairs, 'element', { kinds: kinds.map((k) => k.name), colormaps: pe.colormaps.map((m) => m.name) });
  const bad = view.problems[0];
  if (bad) {
    const row = option(bad.name);
    throw attributeError(`<${tag}> ${bad.message}`, bad.code, row.param ?? row.name, bad.key);
  }
  const kind = kinds.find((k) => k.name === (view.values.kind ?? kinds[0].name));
  const spec = { kind: kind.name, params: {}, index: null, columns: null, vmin: null, vmax: null };
  for (const row of OPTIONS) if (row.name !== 'kind' && view.values[row.name] !== undefined) spec[row.name] = view.values[row.name];
  for (const [e, attr, text] of params) {
    const p = e.uses.get(kind.name);
    if (!p) {
      throw attributeError(`<${tag}> ${attr}: ${kind.name} has no such parameter (it is one of ${[...e.uses.keys()].join(', ')})`,
        'EINVAL', attr, attr);
    }
    const v = parseValue(p.type, text, { attr, param: p.path, tag });
    const [name, field] = p.path.split('.');
    if (p.type === 'object') spec.params[name] = { ...v, ...spec.params[name] };  // the fields' own attributes win
    else if (field === undefined) spec.params[name] = v;
    else (spec.params[name] ??= {})[field] = v;
  }
  const fromModel = modelParams(spec, pe, kind, tag);
  if (fromModel) spec.params = { ...fromModel, ...spec.params };  // attributes given beside config win
  spec.b = readB(el, pe, table, spec);
  return spec;
}

const QUERY_SCALE_FIELDS = ['floorScale', 'attnScale'];  // the fields of pe.layersFromConfig's queryScale

// config (+ layer): the params of that layer of the model, for a kind that takes them all (the rope
// kinds) or query-scale (a NoPE layer's query temperature). Errors name the attribute.
function modelParams(spec, pe, kind, tag) {
  const { config: text, layer: layerText } = spec;
  if (text === undefined) {
    if (layerText !== undefined) throw attributeError(`<${tag}> layer needs a config attribute (a model's config.json)`, 'EINVAL', 'layer', 'layer');
    return null;
  }
  let config;
  try {
    config = JSON.parse(text);
  } catch (e) {
    throw attributeError(`<${tag}> config is not JSON: ${e.message}`, 'EINVAL', 'config', 'config');
  }
  const layer = layerOf(layerText) ?? undefined;
  const names = new Set(kind.params.map((p) => p.name));
  try {
    if (QUERY_SCALE_FIELDS.every((n) => names.has(n))) {  // a kind that takes a layer's queryScale
      const layers = pe.layersFromConfig(config);
      const entry = typeof layer === 'number' ? layers[layer] : layers.find((l) => (layer === undefined ? l.queryScale : l.type === layer));
      if (!entry?.queryScale) {
        throw attributeError(`<${tag}> layer=${fmt(layerText ?? '')}: no such layer scales its queries by position`, 'EINVAL', 'layer', 'layer');
      }
      return { ...entry.queryScale };
    }
    if (!takesConfig(kind)) {
      throw attributeError(`<${tag}> config: ${kind.name} takes no RoPE parameters from a model config`, 'EINVAL', 'config', 'config');
    }
    const rope = pe.ropeFromConfig(config, layer === undefined ? {} : { layer });
    if (rope === null) throw attributeError(`<${tag}> layer=${fmt(layerText)} has no RoPE (a NoPE layer)`, 'EINVAL', 'layer', 'layer');
    return rope;
  } catch (e) {
    if (!(e instanceof PosencError) || e.attribute) throw e;
    throw attributeError(`<${tag}> ${e.message}`, e.code, e.param, e.param === 'layer' ? 'layer' : 'config');
  }
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
  const kind = kinds.find((k) => k.name === (kindText === null ? a.kind : kindText.trim()));
  if (!kind) {
    throw attributeError(`<${tag}> b-kind=${fmt(kindText)} is not one of ${kinds.map((k) => k.name).join(', ')}`, 'EINVAL', 'kind', 'b-kind');
  }
  const params = kind.name === a.kind ? structuredClone(a.params) : {};
  for (const { name, value: text } of own) {
    const attr = name.slice(B_PREFIX.length);
    const e = table.get(attr);
    if (attr === 'kind') continue;
    if (e.view) throw attributeError(`<${tag}> ${name}: only parameters take the b- prefix (${attr} is a view option)`, 'EINVAL', name, name);
    const p = e.uses.get(kind.name);
    if (!p) throw attributeError(`<${tag}> ${name}: ${kind.name} has no such parameter`, 'EINVAL', name, name);
    const v = parseValue(p.type, text, { attr: name, param: p.path, tag });
    const [pn, field] = p.path.split('.');
    if (p.type === 'object') params[pn] = { ...v, ...fieldsGiven(own, table, kind, pn, params[pn]) };  // replaces A's, b- fields win
    else if (field === undefined) params[pn] = v;
    else (params[pn] = { ...(params[pn] ?? {}) })[field] = v;
  }
  return { kind: kind.name, params, index: a.index ?? 0 };
}

// Of object pn's fields in `current`, those B's own attributes set (already read into it, or read later).
function fieldsGiven(own, table, kind, pn, current = {}) {
  const out = {};
  for (const { name } of own) {
    const p = table.get(name.slice(B_PREFIX.length))?.uses.get(kind.name);
    const [n, field] = p?.path.split('.') ?? [];
    if (n === pn && field !== undefined && field in current) out[field] = current[field];
  }
  return out;
}

/** The attribute an element uses for a view option: the spelling it carries, else the option's key. */
export function attributeFor(el, name) {
  const row = option(name);
  const names = spellings(row);
  let found = row.key;
  for (const a of el.attributes) if (names.includes(a.name)) found = a.name;  // the last one counts
  return found;
}

/** Registry path (a PosencError's param) → the attribute that sets it, for messages. */
export function attributeOf(table, kind, param) {
  const row = OPTIONS.find((o) => (o.param ?? o.name) === param && VIEW.has(o.key));
  if (row) return row.key;
  for (const e of table.values()) if (e.uses.get(kind)?.path === param) return e.attr;
  return null;
}
