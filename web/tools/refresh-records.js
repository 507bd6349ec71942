// Refreshing the architecture records against a newer transformers: reads transformers' model-type →
// config-class mapping (CONFIG_MAPPING_NAMES) from the Python source text of
// src/transformers/models/auto/auto_mappings.py (or configuration_auto.py of an older commit) and says
// which model types are new, which were removed and which were renamed (a removed type whose config
// class reappears under a new type) against web/core/architectures/model-types.txt.
//   node web/tools/refresh-records.js auto_mappings.py           print new / removed / renamed
//   node web/tools/refresh-records.js auto_mappings.py --write   also rewrite model-types.txt
// The checklist for writing the records of the new types is in web/docs/contributing.md
// ("Refreshing the records"); tests/unit/architectures.test.js fails while a listed type has no record.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LIST = 'web/core/architectures/model-types.txt';

/**
 * The model type → config class pairs of CONFIG_MAPPING_NAMES in a Python source text, in file order.
 * Only the mapping's own block is read (the file holds other mappings keyed by model type too), and
 * comment lines are dropped (a commented-out pair is no model type).
 */
export function parseConfigMapping(text) {
  if (typeof text !== 'string') throw new TypeError('refresh-records: the mapping source must be a string');
  const start = text.search(/^CONFIG_MAPPING_NAMES\s*=/m);
  if (start < 0) throw new Error('refresh-records: no CONFIG_MAPPING_NAMES = … in that text (auto_mappings.py or configuration_auto.py)');
  // the block ends at the first line that closes the call at column 0 (`)` or `])`), as both files format it
  const rest = text.slice(start);
  const end = rest.search(/^\]?\)/m);
  if (end < 0) throw new Error('refresh-records: CONFIG_MAPPING_NAMES is not closed');
  const body = rest.slice(0, end).split('\n').map((l) => l.replace(/#.*$/, '')).join('\n');
  const out = new Map();
  for (const m of body.matchAll(/\(\s*["']([^"']+)["']\s*,\s*["']([^"']+)["']\s*,?\s*\)/g)) {
    if (out.has(m[1])) throw new Error(`refresh-records: ${m[1]} is listed twice in CONFIG_MAPPING_NAMES`);
    out.set(m[1], m[2]);
  }
  if (!out.size) throw new Error('refresh-records: CONFIG_MAPPING_NAMES has no ("model_type", "ConfigClass") pairs');
  return out;
}

/** The config class a record cites in `from` (the first `…Config` word), or undefined. */
export const configClassOf = (record) => record?.from?.match(/\b([A-Za-z]\w*Config)\b/)?.[1];

/**
 * New, removed and renamed model types: `mapping` (type → class) against the `listed` types, whose
 * config classes `classOf(type)` gives where known. A removed type whose class is the class of a new
 * type is a rename (old → new), listed there rather than in both new and removed.
 */
export function compare(mapping, listed, classOf = () => undefined) {
  const have = new Set(listed);
  const added = [...mapping.keys()].filter((t) => !have.has(t)).sort();
  const gone = [...have].filter((t) => !mapping.has(t)).sort();
  const byClass = new Map();
  for (const t of added) if (!byClass.has(mapping.get(t))) byClass.set(mapping.get(t), t);
  const renamed = [];
  for (const t of gone) {
    const c = classOf(t);
    const to = c !== undefined ? byClass.get(c) : undefined;
    if (to !== undefined) {
      renamed.push({ from: t, to, configClass: c });
      byClass.delete(c);
    }
  }
  const moved = new Set(renamed.flatMap((r) => [r.from, r.to]));
  return {
    added: added.filter((t) => !moved.has(t)).map((t) => ({ type: t, configClass: mapping.get(t) })),
    removed: gone.filter((t) => !moved.has(t)),
    renamed,
    types: [...mapping.keys()].sort(),
  };
}

/** The report compare() gives, as lines a person reads. */
export function report(diff) {
  const lines = [`${diff.types.length} model types; ${diff.added.length} new, ${diff.removed.length} removed, ${diff.renamed.length} renamed`];
  for (const a of diff.added) lines.push(`new      ${a.type} (${a.configClass})`);
  for (const r of diff.removed) lines.push(`removed  ${r}`);
  for (const r of diff.renamed) lines.push(`renamed  ${r.from} -> ${r.to} (${r.configClass})`);
  return lines.join('\n') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    process.stderr.write('usage: node web/tools/refresh-records.js <auto_mappings.py | configuration_auto.py> [--write]\n');
    process.exit(2);
  }
  const root = new URL('../../', import.meta.url);
  const { records } = await import('../core/architectures/index.js');
  const all = records();
  const listed = readFileSync(new URL(LIST, root), 'utf8').split('\n').filter(Boolean);
  const diff = compare(parseConfigMapping(readFileSync(file, 'utf8')), listed, (t) => configClassOf(all[t]));
  process.stdout.write(report(diff));
  if (args.includes('--write')) {
    writeFileSync(new URL(LIST, root), diff.types.join('\n') + '\n');
    process.stdout.write(`wrote ${LIST}: write a record for each new type, then pin the commit (web/docs/contributing.md)\n`);
  }
}
