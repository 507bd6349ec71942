// The manual's page of kinds (web/docs/kinds.md: one section per kind with its formula, layout and
// sources from c/posenc.h, its output and its parameters from the registry, pe.kinds), README's line
// of links to those sections, and the per-kind typings (web/kinds.d.ts, written by typings.js).
//   node web/tools/registry-table.js           print the kinds page's generated block
//   node web/tools/registry-table.js --write   replace web/docs/kinds.md between <!-- kinds:begin --> and
//                                              <!-- kinds:end -->, README.md between <!-- kinds:index:begin -->
//                                              and <!-- kinds:index:end -->, and rewrite web/kinds.d.ts
// tests/unit/readme.test.js and tests/sites/typings.test.js fail when these and the registry disagree (npm run readme fixes it).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { load } from '../posenc.js';
import { typings, TYPINGS_PATH, num as numText } from './typings.js';

export const BEGIN = '<!-- kinds:begin -->';
export const END = '<!-- kinds:end -->';
export const INDEX_BEGIN = '<!-- kinds:index:begin -->';
export const INDEX_END = '<!-- kinds:index:end -->';
export const KINDS_PAGE = 'web/docs/kinds.md';
export const HEADER = 'c/posenc.h';

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

/**
 * Each kind's doc block of c/posenc.h's "Kinds (formula · layout · reference)" comment, by name: the
 * lines from the one that starts with the kind's name to the next unindented line (the comment's
 * " * " cut).
 */
export function kindDocs(header, names) {
  const start = header.indexOf(' * Kinds (');
  if (start < 0) throw new Error(`${HEADER} has no " * Kinds (" comment`);
  const lines = header.slice(start, header.indexOf('*/', start)).split('\n').slice(1).map((l) => l.replace(/^ \*( |$)/, ''));
  const docs = new Map();
  let current = null;
  for (const line of lines) {
    const first = /^([a-z0-9-]+)\s/.exec(line)?.[1];
    if (first && names.includes(first)) docs.set(current = first, []);
    else if (/^\S/.test(line)) current = null;  // a heading between families ("Analysis kinds: …") ends the block
    if (current) docs.get(current).push(line);
  }
  for (const name of names) if (!docs.has(name)) throw new Error(`${HEADER} has no doc block for the kind ${name}`);
  return new Map([...docs].map(([name, block]) => [name, block.join('\n').trimEnd()]));
}

/**
 * Notes a kind's block carries for others: after the block's first blank line, a paragraph whose
 * first line (indented at most 4) names kinds in brackets, "M-RoPE and explicit positions (rope,
 * rope-frequencies, rope-apply):". Gives, per kind named, [{ owner, topic }].
 */
export function sharedNotes(docs) {
  const notes = new Map();
  for (const [owner, block] of docs) {
    const tail = block.split('\n\n').slice(1).join('\n');
    for (const line of tail.split('\n')) {
      const m = /^ {0,4}(\S[^(:]*?) \(([^)]*)\)/.exec(line);
      if (!m) continue;
      for (const name of m[2].split(/[,;]\s*/).map((s) => s.trim()).filter((s) => s !== owner && docs.has(s))) {
        notes.set(name, [...(notes.get(name) ?? []), { owner, topic: m[1] }]);
      }
    }
  }
  return notes;
}

/** One line of links, README's: every kind's section of the kinds page. */
export function kindIndex(kinds, page = KINDS_PAGE) {
  return `${kinds.map((k) => `[\`${k.name}\`](${page}#${k.name})`).join(', ')}\n`;
}

/**
 * Markdown for every kind: a heading (its name, so the anchor is #name), its title and output, its
 * formula block from c/posenc.h (docs: kindDocs' map), and a table of its parameters (fields nested).
 */
export function registryTable(kinds, docs) {
  const out = [];
  for (const [k, kind] of kinds.entries()) {
    out.push(`## \`${kind.name}\``, '', `**${kind.title}.**`, '');
    const input = kind.input ? ' Transforms an input array (not drawable on its own).' : '';
    const helper = kind.helper ? ' A helper table the views draw with (registry flag PE_F_HELPER): computed and drawn like any kind, not offered by the explorer\'s kind selector.' : '';
    const ignores = kind.ignores.length ? ` Takes, and ignores, ${kind.ignores.map((n) => `\`${n}\``).join(', ')} (PE_KIND_IGNORES).` : '';
    out.push(`Output \`[${kind.shape.join(', ')}]\` ${kind.dtype}.${input}${helper}${ignores}`, '');
    // The kind drawn live on the manual's site (its defaults; a prompt for the M-RoPE kinds, which
    // have none); a code host shows nothing in its place.
    if (!kind.input) {
      const sequence = kind.params.some((p) => p.name === 'sequence') ? ' sequence="text:5 image:1x8x12 text:4"' : '';
      out.push(`<posenc-heatmap kind="${kind.name}"${sequence} explain="true"></posenc-heatmap>`, '');
    }
    if (docs) {
      out.push(`Formula, layout and sources (\`${HEADER}\`):`, '', '```text', docs.get(kind.name), '```', '');
      const notes = sharedNotes(docs).get(kind.name) ?? [];
      for (const owner of new Set(notes.map((n) => n.owner))) {
        const topics = notes.filter((n) => n.owner === owner).map((n) => n.topic.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()));
        out.push(`Also about this kind, in the notes under [\`${owner}\`](#${owner}): ${topics.join('; ')}.`, '');
      }
    }
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

/** text with the block between the markers begin and end replaced by table. */
export function replaceBlock(text, table, begin = BEGIN, end = END) {
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`no ${begin} … ${end} block`);
  return `${text.slice(0, a + begin.length)}\n${table}${text.slice(b)}`;
}

/** The block currently in text between the markers (what replaceBlock put there). */
export function currentBlock(text, begin = BEGIN, end = END) {
  const a = text.indexOf(begin);
  const b = text.indexOf(end);
  if (a < 0 || b < a) return null;
  return text.slice(a + begin.length + 1, b);
}

const root = new URL('../../', import.meta.url);
/** The kinds page's block as the registry and c/posenc.h give it now. */
export async function kindsPage(kinds) {
  const docs = kindDocs(await readFile(new URL(HEADER, root), 'utf8'), kinds.map((k) => k.name));
  return `${kindIndex(kinds, '')}\n${registryTable(kinds, docs)}`;
}

async function rewrite(path, update) {
  const file = fileURLToPath(new URL(path, root));
  const before = await readFile(file, 'utf8').catch(() => null);
  const text = update(before);
  if (text !== before) await writeFile(file, text);
  console.log(`registry-table: ${path} ${text === before ? 'already up to date' : 'written'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const pe = await load();
  const table = await kindsPage(pe.kinds);
  if (process.argv.includes('--write')) {
    await rewrite(KINDS_PAGE, (page) => replaceBlock(page, table));
    await rewrite('README.md', (readme) => replaceBlock(readme, kindIndex(pe.kinds), INDEX_BEGIN, INDEX_END));
    await rewrite(TYPINGS_PATH, () => typings(pe.kinds));
  } else {
    process.stdout.write(table);
  }
}
