// The generated parts of the manual and README's tour: the kinds page (web/docs/kinds.md) is what the
// registry and c/posenc.h generate, README's line of kind links is what the registry generates (a
// registry change without `npm run readme` fails here), and README's Node block runs and prints
// what its comments say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from '../../web/posenc.js';
import {
  registryTable, kindsPage, kindDocs, kindIndex, sharedNotes, currentBlock, replaceBlock, BEGIN, END, INDEX_BEGIN, INDEX_END,
} from '../../web/tools/registry-table.js';

const pe = await load();
const root = new URL('../../', import.meta.url);
const readme = await readFile(new URL('README.md', root), 'utf8');
const page = await readFile(new URL('web/docs/kinds.md', root), 'utf8');
const header = await readFile(new URL('c/posenc.h', root), 'utf8');
const names = pe.kinds.map((k) => k.name);

test('the kinds page has one generated block; README one line of kind links, in its "Kinds" section', () => {
  assert.equal(page.split(BEGIN).length, 2, `one ${BEGIN}`);
  assert.equal(page.split(END).length, 2, `one ${END}`);
  assert.equal(readme.split(INDEX_BEGIN).length, 2, `one ${INDEX_BEGIN}`);
  const section = readme.indexOf('<!-- section:kinds -->');
  assert.ok(section >= 0 && section < readme.indexOf(INDEX_BEGIN) && readme.indexOf(INDEX_BEGIN) < readme.indexOf(INDEX_END));
});

test('the kinds page equals what pe.kinds and c/posenc.h generate (run `npm run readme` to update)', async () => {
  assert.equal(currentBlock(page), await kindsPage(pe.kinds));
  assert.equal(currentBlock(readme, INDEX_BEGIN, INDEX_END), kindIndex(pe.kinds));
  assert.equal(replaceBlock(page, currentBlock(page)), page);  // rewriting is idempotent
});

test('README links every kind to its section of the kinds page', () => {
  for (const name of names) {
    assert.ok(readme.includes(`[\`${name}\`](web/docs/kinds.md#${name})`), name);
    assert.ok(page.includes(`\n## \`${name}\`\n`), `the kinds page's heading of ${name} (anchor #${name})`);
  }
});

test('every kind has its doc block from c/posenc.h: the block starts with its name and shape, and stops before the next', () => {
  const docs = kindDocs(header, names);
  assert.deepEqual([...docs.keys()].sort(), [...names].sort());
  for (const [name, block] of docs) {
    assert.match(block, new RegExp(`^${name}\\s+\\[`), name);  // "rope         [2, positions, r] f32 …"
    for (const other of names) if (other !== name) assert.doesNotMatch(block, new RegExp(`^${other}\\s+\\[`, 'm'), `${name} holds ${other}`);
  }
  // the group heading between families belongs to no kind
  assert.ok(header.includes(' * Analysis kinds:'));
  for (const block of docs.values()) assert.ok(!block.includes('Analysis kinds:'));
  // known lines land in their kind's block
  assert.match(docs.get('sinusoidal'), /vaswani +PE\[p,2k\] = sin\(p w_k\)/);
  assert.match(docs.get('t5'), /T5Attention\._relative_position_bucket/);
  assert.match(docs.get('rope-apply'), /ropeScaling: a config\.json rope_scaling object/);
  assert.throws(() => kindDocs(header, [...names, 'no-such-kind']), /no doc block for the kind no-such-kind/);
  // notes one block carries for other kinds are pointed at from theirs
  const notes = sharedNotes(docs);
  assert.deepEqual(notes.get('rope').map((n) => n.owner), ['rope-apply', 'rope-apply', 'rope-apply']);
  assert.deepEqual(notes.get('rope').map((n) => n.topic), ['M-RoPE and explicit positions', 'Engine kernels', 'Precision']);
  assert.ok(page.includes('Also about this kind, in the notes under [`rope-apply`](#rope-apply): M-RoPE and explicit positions; engine kernels; precision.'));
});

test('the table names every kind, parameter and object field, and every row has five cells', () => {
  const table = registryTable(pe.kinds);
  for (const kind of pe.kinds) {
    assert.ok(table.includes(`## \`${kind.name}\``), kind.name);
    assert.ok(table.includes(`**${kind.title}.**`), kind.name);
    assert.ok(table.includes(`\`[${kind.shape.join(', ')}]\` ${kind.dtype}`), kind.name);
    for (const p of kind.params) {
      assert.ok(table.includes(`| \`${p.path}\` |`), `${kind.name} ${p.path}`);
      for (const f of p.fields ?? []) assert.ok(table.includes(`| \`${f.path}\` |`), `${kind.name} ${f.path}`);
    }
  }
  // every table row has the header's five cells (pipes in docs are escaped)
  for (const line of table.split('\n').filter((l) => l.startsWith('| `'))) {
    assert.equal(line.replace(/\\\|/g, '').split('|').length, 7, line);
  }
  // the rope row gives its published range and default
  assert.ok(table.includes("| `layout` | enum | `'neox'` | `'neox'` \\| `'gptj'` |"));
  assert.ok(table.includes('| `positions` | int | `50` | 0 … 2^24 | number of positions (rows) |'));
});

test("README's tour: its Node block runs against the package and prints what its comments say", async () => {
  const tour = readme.slice(readme.indexOf('<!-- section:tour -->'), readme.indexOf('<!-- section:manual -->'));
  const block = /```js\n([\s\S]*?)```/.exec(tour)?.[1];
  assert.ok(block?.includes("from 'posenc'"), 'the tour has a js block importing posenc');
  const expected = block.split('\n').filter((l) => l.startsWith('console.log(')).map((l) => l.slice(l.lastIndexOf('// ') + 3));
  assert.ok(expected.length >= 2, 'the tour prints values');
  const dir = await mkdtemp(join(tmpdir(), 'posenc-tour-'));
  try {
    const file = join(dir, 'tour.mjs');
    await writeFile(file, block.replace("from 'posenc'", `from '${new URL('web/posenc.js', root).href}'`));
    const r = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 60000 });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.trimEnd().split('\n'), expected);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // the values it prints are the published ones: sin(1) at the seed's pe[0, 1, 0]; Llama 3.1's head dim 128
  assert.equal(expected[0], `[ 50, 64 ] ${Math.fround(Math.sin(1))}`);
  assert.equal(expected[1], '[ 2, 8192, 128 ]');
});
