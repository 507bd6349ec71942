// Property test of the config reader on hostile inputs: the real config.json files of
// tests/fixtures/configs.js, mutated at random (seeded: every run draws the same cases) — a value's type
// swapped, a key dropped, a cycle inserted, a million-entry array, a 10 MB string, nesting past any
// config's depth. Whatever comes in, pe.positionsFromConfig either answers or throws a PosencError
// whose param names a field its message shows; and a mutation that touched only fields the reading
// does not look at (pe.fieldsRead of the unmutated file) changes nothing in the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, PosencError } from '../../web/posenc.js';
import { CONFIGS } from '../fixtures/configs.js';
import { mulberry32 } from '../random.js';

const pe = await load();
const SEEDS = Object.entries(CONFIGS).map(([name, v]) => [name, v.config]);
const isPlain = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

// every path to a value in a config (objects and arrays; long arrays by a few of their entries)
function paths(o, prefix = [], out = []) {
  const keys = Array.isArray(o) ? [0, 1, o.length - 1].filter((i, j, a) => i >= 0 && i < o.length && a.indexOf(i) === j) : Object.keys(o);
  for (const k of keys) {
    out.push([...prefix, k]);
    if (o[k] !== null && typeof o[k] === 'object') paths(o[k], [...prefix, k], out);
  }
  return out;
}
const parentOf = (root, path) => path.slice(0, -1).reduce((x, k) => (x !== null && typeof x === 'object' ? x[k] : undefined), root);

// whether the reading looked at a path: fieldsRead keeps every key it read, whole (a rope dict with
// all its keys), under the nesting path down to the text model's fields
function isRead(read, path) {
  let node = read;
  for (const k of path) {
    if (!isPlain(node) || !Object.hasOwn(node, k)) return !isPlain(node);
    node = node[k];
  }
  return true;
}

// an independent check of what the reader must refuse: an object that contains itself
function hasCycle(o, open = new Set()) {
  if (o === null || typeof o !== 'object') return false;
  if (open.has(o)) return true;
  open.add(o);
  let found = false;
  const keys = Array.isArray(o) ? o.keys() : Object.keys(o);
  for (const k of keys) {
    const v = o[k];
    if (v !== null && typeof v === 'object' && hasCycle(v, open)) {
      found = true;
      break;
    }
  }
  open.delete(o);
  return found;
}

const answer = (s) => ({ family: s.family, input: s.input, layers: s.layers });

test('mutated real configs: a PosencError naming a field, or the unmutated answer when only unread fields changed', { timeout: 120000 }, () => {
  const rand = mulberry32(2026);
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const swaps = () => pick([7, -1, 0, 1.5, 2 ** 53, NaN, Infinity, -Infinity, 'x', '128', '', {}, { a: 1 }, [], [1, 2], null, true, false]);
  const huge = (v) => Array(1e6).fill(typeof v === 'string' ? v : 'full_attention');
  const nest = (depth) => {
    let o = { model_type: 'llama' };
    for (let i = 0; i < depth; i++) o = { text_config: o, model_type: 'llava' };
    return o;
  };
  const baseline = new Map();
  for (const [name, config] of SEEDS) {
    try {
      baseline.set(name, { answer: answer(pe.positionsFromConfig(config)), read: pe.fieldsRead(config) });
    } catch (e) {
      assert.ok(e instanceof PosencError, `${name}: ${e?.stack ?? e}`);
      baseline.set(name, null);
    }
  }
  const heapBefore = process.memoryUsage().heapUsed;
  let same = 0, refused = 0, changed = 0, peak = 0;
  const tally = {};
  for (let i = 0; i < 2000; i++) {
    const [name, original] = pick(SEEDS);
    const config = structuredClone(original);
    const all = paths(config);
    const touched = [];
    for (let n = 1 + Math.floor(rand() * 3); n > 0 && all.length; n--) {
      const path = pick(all);
      const parent = parentOf(config, path);
      if (parent === null || typeof parent !== 'object') continue;
      const key = path[path.length - 1];
      const r = rand();
      let kind;
      if (r < 0.45) {
        kind = 'swap';
        parent[key] = swaps();
      } else if (r < 0.7) {
        kind = 'drop';
        if (Array.isArray(parent)) parent.length = Math.min(parent.length, key);
        else delete parent[key];
      } else if (r < 0.8) {
        kind = 'cycle';
        parent[key] = rand() < 0.5 ? config : parent;
      } else if (r < 0.82) {
        kind = 'huge array';
        parent[key] = huge(parent[key]);
      } else if (r < 0.84) {
        kind = 'long string';
        parent[key] = 'x'.repeat(1e7);
      } else {
        kind = 'deep';
        parent[key] = nest(40 + Math.floor(rand() * 60));
      }
      tally[kind] = (tally[kind] ?? 0) + 1;
      touched.push(path);
    }
    let s;
    try {
      s = pe.positionsFromConfig(config);
    } catch (e) {
      assert.ok(e instanceof PosencError, `case ${i} (${name}, ${touched.map((p) => p.join('.'))}): ${e?.stack ?? e}`);
      assert.ok(typeof e.param === 'string' && e.param.length > 0 && e.message.includes(e.param), `case ${i}: [${e.param}] ${e.message.slice(0, 300)}`);
      assert.ok(e.message.length < 4000, `case ${i}: a message of ${e.message.length} characters: ${e.message.slice(0, 300)}`);
      refused++;
      continue;
    } finally {
      peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
    }
    assert.ok(!hasCycle(config), `case ${i}: a cyclic config was read`);
    const base = baseline.get(name);
    if (base && touched.every((p) => !isRead(base.read, p))) {
      assert.deepEqual(answer(s), base.answer, `case ${i} (${name}): only unread fields ${touched.map((p) => p.join('.'))} changed`);
      same++;
    } else {
      changed++;
    }
  }
  // every kind of mutation drawn, answers of each sort seen, and the heap never held much more than a
  // few of the big values at once
  for (const k of ['swap', 'drop', 'cycle', 'huge array', 'long string', 'deep']) assert.ok(tally[k] > 40, `${k}: ${tally[k]}`);
  assert.ok(same > 100 && refused > 300 && changed > 100, `same ${same}, refused ${refused}, read otherwise ${changed}`);
  assert.ok(peak < 512 * 2 ** 20, `heap grew by ${peak} bytes`);
  // the module keeps working after all of it
  assert.equal(pe.positionsFromConfig(CONFIGS.Llama_3_1_8B.config).layers.length, 32);
});
