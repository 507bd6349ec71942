// The README's table of kinds and parameters, generated from the registry (pe.kinds), and the
// per-kind typings (web/kinds.d.ts, written by typings.js).
//   node web/tools/registry-table.js           print the table
//   node web/tools/registry-table.js --write   replace README.md between <!-- kinds:begin --> and <!-- kinds:end -->,
//                                              and rewrite web/kinds.d.ts
// tests/readme.test.js and tests/typings.test.js fail when these and the registry disagree (npm run readme fixes it).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { load } from '../posenc.js';
import { typings, TYPINGS_PATH, num as numText } from './typings.js';

export const BEGIN = '<!-- kinds:begin -->';
export const END = '<!-- kinds:end -->';

const num = (x) => numText(x, '−');

const code = (s) => `\`${s}\``;
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function row(p) {
  let type = p.type;
  let def = p.default === null || p.default === undefined ? 'unset'
    : p.type === 'enum' || p.type === 'string' ? code(`'${p.default}'`) : p.type === 'int[]' ? code(`[${p.default.join(', ')}]`) : code(p.default);
  let range = '';
  if (p.aliasOf) {
    range = `alias of ${code(p.aliasOf)}`;
    def = 'unset';
  } else if (p.type === 'enum') {
    range = p.choices.map((c) => code(`'${c}'`)).join(' \\| ');
    const aliases = Object.entries(p.choiceAliases);
    if (aliases.length) range += ` (${aliases.map(([a, t]) => `${code(`'${a}'`)} = ${code(`'${t}'`)}`).join(', ')})`;
  } else if (p.type === 'int' || p.type === 'float') {
    range = `${num(p.min)} … ${num(p.max)}`;
  } else if (p.type === 'float[]') {
    range = `elements ${num(p.min)} … ${num(p.max)}`;
  } else if (p.type === 'int[]') {
    range = `${p.length ? `${p.length} ` : ''}integers ${num(p.min)} … ${num(p.max)}`;
  } else if (p.type === 'string') {
    range = `up to ${num(p.maxLength)} characters`;
  } else if (p.type === 'object') {
    range = `fields: ${p.fields.map((f) => code(f.name)).join(', ')}`;
  } else if (p.type === 'bool') {
    range = 'true, false';
  }
  return `| ${code(p.path)} | ${type} | ${def} | ${range} | ${cell(p.doc)} |`;
}

const flatten = (params) => params.flatMap((p) => [p, ...(p.fields ?? [])]);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Markdown for every kind: a heading, its output, and a table of its parameters (fields nested). */
export function registryTable(kinds) {
  const out = [];
  for (const [k, kind] of kinds.entries()) {
    out.push(`### \`${kind.name}\` — ${kind.title}`, '');
    const input = kind.input ? ' Transforms an input array (not drawable on its own).' : '';
    const helper = kind.helper ? ' A helper table the views draw with (registry flag PE_F_HELPER): computed and drawn like any kind, not offered by the explorer\'s kind selector.' : '';
    const ignores = kind.ignores.length ? ` Takes, and ignores, ${kind.ignores.map((n) => `\`${n}\``).join(', ')} (PE_KIND_IGNORES).` : '';
    out.push(`Output \`[${kind.shape.join(', ')}]\` ${kind.dtype}.${input}${helper}${ignores}`, '');
    // a kind whose parameters start with all of an earlier kind's says so instead of repeating them
    const earlier = kinds.slice(0, k).find((e) => e.params.length <= kind.params.length &&
      same(e.params, kind.params.slice(0, e.params.length)));
    let rows = flatten(kind.params);
    if (earlier) {
      const rest = kind.params.slice(earlier.params.length);
      out.push(`The parameters of \`${earlier.name}\`${rest.length ? ', and:' : '.'}`, '');
      rows = flatten(rest);
    }
    if (rows.length) {
      out.push('| parameter | type | default | range / choices | description |', '|---|---|---|---|---|');
      for (const p of rows) out.push(row(p));
      out.push('');
    }
  }
  return out.join('\n').trimEnd() + '\n';
}

/** README text with the block between the markers replaced by table. */
export function replaceBlock(readme, table) {
  const a = readme.indexOf(BEGIN);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${BEGIN} … ${END} block`);
  return `${readme.slice(0, a + BEGIN.length)}\n${table}${readme.slice(b)}`;
}

/** The block currently in README text (what replaceBlock put there). */
export function currentBlock(readme) {
  const a = readme.indexOf(BEGIN);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) return null;
  return readme.slice(a + BEGIN.length + 1, b);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const pe = await load();
  const table = registryTable(pe.kinds);
  if (process.argv.includes('--write')) {
    const path = fileURLToPath(new URL('../../README.md', import.meta.url));
    const readme = await readFile(path, 'utf8');
    const next = replaceBlock(readme, table);
    if (next !== readme) await writeFile(path, next);
    console.log(`registry-table: README.md ${next === readme ? 'already up to date' : 'updated'}`);
    const dts = fileURLToPath(new URL(`../../${TYPINGS_PATH}`, import.meta.url));
    const before = await readFile(dts, 'utf8').catch(() => null);
    const text = typings(pe.kinds);
    if (text !== before) await writeFile(dts, text);
    console.log(`registry-table: ${TYPINGS_PATH} ${text === before ? 'already up to date' : 'written'}`);
  } else {
    process.stdout.write(table);
  }
}
