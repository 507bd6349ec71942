// One vocabulary for a kind's parameters, read by every surface: the explorer's URL
// (explorer/state.js), the elements' attributes (elements/attributes.js) and the iframe's query
// (embed/embed.js). A parameter is found under each of its spellings:
//   registry name          paddingIdx, ropeScaling, mropeSection (the explorer writes these)
//   kebab-case             padding-idx, rope-scaling, mrope-section (the attributes); pe-style for
//                          a name that is a global HTML attribute (rope-2d's style)
//   snake_case             padding_idx, rope_scaling, mrope_section (config.json's spelling)
// An object parameter's fields (ropeScaling's rope_type, factor …) under ropeScaling.<field> (the
// explorer's older form) and by the field's own name verbatim (rope_type, a config.json key),
// kebab-case (rope-type) and camelCase (ropeType); a field that is an alias of another (type of
// rope_type) under ropeScaling.type and type. An object whole is JSON under its spellings. When
// two parameters would share a spelling, the registry name and ropeScaling.<field> forms come
// first, then the top-level parameters' spellings, then the fields'.
import { HTML_ATTRIBUTES } from './options.js';

/** Registry name → kebab-case: paddingIdx → padding-idx, rope_type → rope-type. */
export const kebab = (name) => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
/** kebab-case or snake_case → camelCase: rope-type → ropeType, rope_type → ropeType. */
export const camel = (attr) => attr.replace(/[-_]([a-z0-9])/g, (_, c) => c.toUpperCase());
/** camelCase → snake_case: mropeSection → mrope_section. */
export const snake = (name) => name.replace(/-/g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A registry name's attribute: kebab-case, prefixed pe- where it is a global HTML attribute (rope-2d's style → pe-style). */
export const registryAttribute = (name) => {
  const a = kebab(name);
  return HTML_ATTRIBUTES.has(a) ? `pe-${a}` : a;
};

const cache = new WeakMap();

/**
 * Every spelling of a kind's parameters (pe.kinds entry): Map key → { param, object }: param the
 * registry row the key sets (an alias field resolved to its target: type → rope_type; an object
 * parameter itself for its JSON), object the object parameter holding a field (null otherwise).
 */
export function paramKeys(kind) {
  let keys = cache.get(kind);
  if (keys) return keys;
  keys = new Map();
  const add = (key, entry) => { if (!keys.has(key)) keys.set(key, entry); };
  const fields = [];
  for (const p of kind.params) {
    add(p.name, { param: p, object: null });
    if (p.type !== 'object') continue;
    for (const f of p.fields) {
      const entry = { param: f.aliasOf ? p.fields.find((x) => x.name === f.aliasOf) : f, object: p };
      add(`${p.name}.${f.name}`, entry);
      fields.push([f, entry]);
    }
  }
  for (const p of kind.params) for (const k of [registryAttribute(p.name), kebab(p.name), snake(p.name)]) add(k, keys.get(p.name));
  for (const [f, entry] of fields) for (const k of [f.name, registryAttribute(f.name), kebab(f.name), camel(f.name)]) add(k, entry);
  cache.set(kind, keys);
  return keys;
}

/** The parameter a key sets for a kind ({ param, object }, see paramKeys), or null. */
export const paramOf = (kind, key) => paramKeys(kind).get(key) ?? null;
