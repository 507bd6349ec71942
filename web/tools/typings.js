// The per-kind TypeScript of the package (web/kinds.d.ts), generated from the registry (pe.kinds):
// kind names, a params interface per kind, the object parameters' field types, and the params and
// data maps by kind. web/posenc.d.ts (hand-written) re-exports it. `npm run readme` rewrites it with
// the kinds page (web/docs/kinds.md); tests/sites/typings.test.js fails when the committed file and the registry differ.
//
// Types: int, float → number; bool → boolean; enum → its choices and their aliases as a string
// union; float[] → ArrayLike<number>; int[] → readonly number[] | Int32Array; string → string;
// object → an interface named after the parameter (RopeScaling), its fields keyed verbatim; a field
// that is another spelling of one (aliasOf) gets that field's type. Every parameter is optional
// (the registry has a default) and takes null where "not given" has its own meaning (unset
// default), except an input kind's unset array parameters: the input itself, required.

export const TYPINGS_PATH = 'web/kinds.d.ts';

const HEADER = `// Generated from the registry (c/kinds.def, read through pe.kinds) by web/tools/typings.js: do not
// edit; \`npm run readme\` rewrites it. The hand-written types (load, Posenc, PosencError) are in
// posenc.d.ts, which re-exports these.
`;

// 'rope-frequencies' → 'RopeFrequencies', 'ropeScaling' → 'RopeScaling', 't5' → 'T5'
const pascal = (s) => s.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const key = (s) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) ? s : `'${s}'`);
const quote = (s) => `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const docText = (s) => String(s).replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ');
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const unset = (p) => p.default === null || p.default === undefined;

// 16777216 → 2^24, 2147483647 → 2^31-1, 1e-6; other numbers as JS prints them. minus: the kinds page
// prints U+2212, the typings' comments a hyphen.
export function num(x, minus = '-') {
  const a = Math.abs(x);
  const sign = x < 0 ? minus : '';
  if (Number.isInteger(a) && a >= 65535) {
    const k = Math.log2(a);
    if (Number.isInteger(k)) return `${sign}2^${k}`;
    if (Number.isInteger(Math.log2(a + 1))) return `${sign}2^${Math.log2(a + 1)}${minus}1`;
  }
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return sign + Number(a.toPrecision(6)).toExponential().replace('e+', 'e');
  return sign + String(a);
}

// The doc comment of a parameter: its registry doc, then type, range and default.
function paramDoc(p) {
  const facts = [];
  const range = typeof p.min === 'number' && typeof p.max === 'number' ? ` ${num(p.min)} … ${num(p.max)}` : '';
  if (p.aliasOf) facts.push(`another spelling of ${p.aliasOf}`);
  else if (p.type === 'int' || p.type === 'float') facts.push(`${p.type}${range}`);
  else if (p.type === 'float[]' || p.type === 'int[]') facts.push(`${p.type}${range && `, elements${range}`}`);
  if (!p.aliasOf) {
    if (!unset(p)) facts.push(`default ${typeof p.default === 'string' ? quote(p.default) : p.default}`);
    else if (p.type !== 'object') facts.push('default unset');
  }
  return `/** ${docText(p.doc)}${facts.length ? ` (${facts.join('; ')})` : ''}. */`;
}

function typeOf(p, objectName, ownerName) {
  if (p.aliasOf) return `${ownerName}[${quote(p.aliasOf)}]`;
  switch (p.type) {
    case 'int':
    case 'float':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'enum':
      return [...p.choices, ...Object.keys(p.choiceAliases ?? {})].map(quote).join(' | ');
    case 'float[]':
      return 'ArrayLike<number>';
    case 'int[]':
      return 'readonly number[] | Int32Array';
    case 'string':
      return 'string';
    case 'object':
      return objectName(p);
    default:
      throw new Error(`typings: parameter ${p.path} has type ${p.type}, which has no TypeScript type here`);
  }
}

/** The text of web/kinds.d.ts for a registry (pe.kinds). */
export function typings(kinds) {
  const out = [HEADER];
  out.push('/** Every kind in the registry. */', 'export type KindName =');
  for (const kind of kinds) out.push(`  | ${quote(kind.name)}`);
  out[out.length - 1] += ';';
  out.push('');

  // Object parameters: one interface per distinct field list, named after the parameter (a second
  // object of that name with other fields is named after its kind as well).
  const objects = [];
  const objectName = (p) => objects.find((o) => same(o.fields, p.fields)).name;
  for (const kind of kinds) {
    for (const p of kind.params.filter((q) => q.type === 'object')) {
      if (objects.some((o) => same(o.fields, p.fields))) continue;
      let name = pascal(p.name);
      if (objects.some((o) => o.name === name)) name = pascal(`${kind.name}-${p.name}`);
      objects.push({ name, doc: p.doc, fields: p.fields });
    }
  }
  for (const o of objects) {
    out.push(`/** ${docText(o.doc)}. */`, `export interface ${o.name} {`);
    for (const f of o.fields) out.push(`  ${paramDoc(f)}`, `  ${key(f.name)}?: ${typeOf(f, objectName, o.name)};`);
    out.push('}', '');
  }

  // A kind whose parameters equal, or start with all of, an earlier kind's says so (as the kinds page).
  const names = [];
  for (const [k, kind] of kinds.entries()) {
    const name = `${pascal(kind.name)}Params`;
    names.push(name);
    const earlier = kinds.slice(0, k).findIndex((e) => e.params.length <= kind.params.length &&
      same(e.params, kind.params.slice(0, e.params.length)));
    const rest = earlier >= 0 ? kind.params.slice(kinds[earlier].params.length) : kind.params;
    const title = `/** \`${kind.name}\`: ${docText(kind.title)}; output [${kind.shape.join(', ')}] ${kind.dtype}. */`;
    if (earlier >= 0 && rest.length === 0) {
      out.push(title, `export type ${name} = ${names[earlier]};`, '');
      continue;
    }
    out.push(title, `export interface ${name}${earlier >= 0 ? ` extends ${names[earlier]}` : ''} {`);
    for (const p of rest) {
      const required = kind.input && unset(p) && (p.type === 'float[]' || p.type === 'int[]');
      const nullable = unset(p) && !required ? ' | null' : '';
      out.push(`  ${paramDoc(p)}`, `  ${key(p.name)}${required ? '' : '?'}: ${typeOf(p, objectName, name)}${nullable};`);
    }
    out.push('}', '');
  }

  out.push('/** The parameters of each kind. */', 'export interface ParamsByKind {');
  for (const [k, kind] of kinds.entries()) out.push(`  ${quote(kind.name)}: ${names[k]};`);
  out.push('}', '');
  out.push("/** The type of each kind's data. */", 'export interface DataByKind {');
  const arrays = { float32: 'Float32Array', int32: 'Int32Array' };
  for (const kind of kinds) {
    if (!arrays[kind.dtype]) throw new Error(`typings: kind ${kind.name} has dtype ${kind.dtype}, which has no array type here`);
    out.push(`  ${quote(kind.name)}: ${arrays[kind.dtype]};`);
  }
  out.push('}');
  return out.join('\n') + '\n';
}
