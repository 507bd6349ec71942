// README's table of kinds and parameters is generated from the registry: a registry change without
// `npm run readme` fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { load } from '../web/posenc.js';
import { registryTable, currentBlock, replaceBlock, BEGIN, END } from '../web/tools/registry-table.js';

const pe = await load();
const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');

test('README.md has one kinds block inside the "Kinds and parameters" section', () => {
  assert.equal(readme.split(BEGIN).length, 2, `one ${BEGIN}`);
  assert.equal(readme.split(END).length, 2, `one ${END}`);
  const section = readme.indexOf('<!-- section:kinds -->');
  const next = readme.indexOf('<!-- section:', section + 1);
  assert.ok(section >= 0 && section < readme.indexOf(BEGIN) && readme.indexOf(END) < next);
});

test('the README block equals the table generated from pe.kinds (run `npm run readme` to update)', () => {
  assert.equal(currentBlock(readme), registryTable(pe.kinds));
});

test('the table names every kind, parameter and object field, and rewriting is idempotent', () => {
  const table = registryTable(pe.kinds);
  for (const kind of pe.kinds) {
    assert.ok(table.includes(`### \`${kind.name}\``), kind.name);
    assert.ok(table.includes(`\`[${kind.shape.join(', ')}]\` ${kind.dtype}`), kind.name);
    for (const p of kind.params) {
      assert.ok(table.includes(`| \`${p.path}\` |`), `${kind.name} ${p.path}`);
      for (const f of p.fields ?? []) assert.ok(table.includes(`| \`${f.path}\` |`), `${kind.name} ${f.path}`);
    }
  }
  assert.equal(replaceBlock(readme, currentBlock(readme)), readme);
  // every table row has the header's five cells (pipes in docs are escaped)
  for (const line of table.split('\n').filter((l) => l.startsWith('| `'))) {
    assert.equal(line.replace(/\\\|/g, '').split('|').length, 7, line);
  }
});
