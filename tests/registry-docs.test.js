// The registry's docs carry one convention the explorer relies on: a field of an object parameter
// whose doc starts with "a, b:" or "a (…):" applies only when the object's selector (its first
// enum field) is one of those choices. A misspelt choice would silently show the field for every
// type, so every such prefix must name real choices.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../web/posenc.js';

const pe = await load();
const PREFIX = /^(\w+(?:,\s*\w+)*)(?:\s*\([^)]*\))?:/;

test('field docs that name the selector choices they apply to name real choices', () => {
  let named = 0;
  for (const kind of pe.kinds) {
    for (const p of kind.params.filter((q) => q.fields)) {
      const selector = p.fields.find((f) => f.type === 'enum' && !f.aliasOf);
      assert.ok(selector, `${kind.name}.${p.name} has a selector`);
      for (const f of p.fields) {
        assert.ok(f.doc.length > 0, `${f.path} has a doc`);
        const m = PREFIX.exec(f.doc);
        if (!m) continue;
        for (const name of m[1].split(/,\s*/)) {
          assert.ok(selector.choices.includes(name), `${kind.name} ${f.path}: '${name}' in "${f.doc}" is not a ${selector.path} choice`);
          named++;
        }
      }
    }
  }
  assert.ok(named >= 10, `the convention is in use (${named} names)`);
});

test('every parameter and field has a one-line doc', () => {
  for (const kind of pe.kinds) {
    for (const p of kind.params.flatMap((q) => [q, ...(q.fields ?? [])])) {
      assert.ok(p.doc.trim().length >= 5 && !p.doc.includes('\n'), `${kind.name} ${p.path}: "${p.doc}"`);
    }
  }
});
