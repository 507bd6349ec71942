// The registry's docs carry one convention the explorer relies on: a field of an object parameter
// whose doc starts with "a, b:" or "a (…):" applies only when the object's selector (its first
// enum field) is one of those choices. A misspelt choice would silently show the field for every
// type, so every such prefix must name real choices.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';

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

// Top-level parameters: a doc starting "<choice> only:" (or "<choice>:") with choices of another
// enum parameter of the kind applies only to those (the explorer hides the control otherwise); and
// kinds.def's PE_KIND_IGNORES names parameters a kind takes but does not use (hidden too).
test('top-level docs that name the choices they apply to, and the ignored parameters, name real ones', async () => {
  const { appliesWhen } = await import('../../web/explorer/controls.js');
  const rules = [];
  for (const kind of pe.kinds) {
    for (const p of kind.params) {
      const rule = appliesWhen(kind, p);
      if (rule) rules.push(`${kind.name} ${p.name}: ${rule.by.name} ${rule.choices.join(',')}`);
    }
    for (const name of kind.ignores) assert.ok(kind.params.some((p) => p.name === name && p.type !== 'object'), `${kind.name} ignores ${name}`);
  }
  const ggml = (k) => `${k} ggmlAttnFactor: freqDtype ggml`;
  const lay = (k) => [`${k} axes: layout indexed_images`, `${k} temporalMergeSize: layout interleaved_runs`,
    `${k} positionIdPerSeconds: layout audio_chunked,audio_merged`, `${k} audioWindowSize: layout audio_merged`];
  assert.deepEqual(rules, [
    'sinusoidal paddingIdx: variant fairseq', ggml('rope'), ggml('rope-frequencies'), ggml('rope-apply'),
    ggml('rope-spectrum'), ggml('rope-decay'), 'similarity paddingIdx: variant fairseq', ...lay('mrope-positions'),
    'rope-2d axesDim: style flux', 'rope-2d frameOffset: style flux', ...lay('mrope-segments'), ggml('mrope-axes'),
    'rope-2d-order axesDim: style flux', 'rope-2d-order frameOffset: style flux', ...lay('mrope-blocks'), ggml('rope-columns'),
  ]);
  assert.deepEqual(pe.kinds.filter((k) => k.ignores.length).map((k) => [k.name, k.ignores.join(',')]),
    [['rope-frequencies', 'positions,offset,step,layout,positionModulo'], ['rope-spectrum', 'positions,offset,step,layout,positionModulo'],
     ['rope-decay', 'positions,positionModulo'], ['rope-columns', 'positions,offset,step,positionModulo']]);
});

test('an ignored parameter changes nothing in the table (any accepted value)', () => {
  for (const kind of pe.kinds.filter((k) => k.ignores.length)) {
    const plain = Array.from(pe.compute(kind.name, { dim: 16 }).data);
    const other = { positions: 7, offset: 123, step: 3, layout: 'gptj', positionModulo: 5 };
    const params = { dim: 16, ...Object.fromEntries(kind.ignores.map((n) => [n, other[n]])) };
    assert.deepEqual(Array.from(pe.compute(kind.name, params).data), plain, `${kind.name} ${kind.ignores}`);
  }
});
