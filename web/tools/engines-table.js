// The engine rules table of web/docs/engines.md (between <!-- engines:begin --> and <!-- engines:end -->),
// generated from the engine records (web/core/engines/records), and the column of engines that run each
// model type on web/docs/architectures.md (web/core/engines/runs.js).
//   node web/tools/engines-table.js           print the rules table
//   node web/tools/engines-table.js --write   rewrite the table in web/docs/engines.md
// tests/unit/engines-docs.test.js fails when the page and the records disagree (npm run readme fixes it).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { engineRecords, engineRuns } from '../core/engines/index.js';
import { typeOfArchitecture } from '../core/architectures/index.js';

export const BEGIN = '<!-- engines:begin -->';
export const END = '<!-- engines:end -->';
export const PAGE = 'web/docs/engines.md';

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s) => `\`${s}\``;
const when = (w) => Object.entries(w).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('/') : JSON.stringify(v)}`).join(', ') || 'always';

/** The rules table: one row per engine rule, with its condition, effect and source. */
export function rulesTable() {
  const rows = [];
  for (const e of engineRecords()) {
    for (const r of e.rules) {
      rows.push(`| ${e.name} | ${code(r.rule)} | ${cell(when(r.when))} | ${cell(r.effect)}${r.rounding ? ' (rounding only)' : ''} | ${cell(r.source)} |`);
    }
  }
  const versions = engineRecords().map((e) => `${e.name} ${code(`${e.repo}@${e.version.slice(0, 12)}`)}`).join(', ');
  return [BEGIN, `Engines and the commits their profiles name: ${versions}.`, '',
    '| engine | rule | when | what it computes | read from |', '|---|---|---|---|---|', ...rows, END].join('\n');
}

/** model type → the engines (other than transformers) whose registry lists one of its architectures. */
export function enginesByModelType() {
  const out = new Map();
  for (const e of engineRecords()) {
    const runs = engineRuns(e.name);
    if (!runs) continue;
    for (const n of runs.names) {
      const t = runs.keyedBy === 'model_type' ? n : typeOfArchitecture(n);
      if (!t) continue;
      if (!out.has(t)) out.set(t, new Set());
      out.get(t).add(e.name);
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    const page = new URL(`../../${PAGE}`, import.meta.url);
    const text = await readFile(page, 'utf8');
    const a = text.indexOf(BEGIN), b = text.indexOf(END);
    if (a < 0 || b < a) throw new Error(`${PAGE} lacks ${BEGIN} … ${END}`);
    await writeFile(page, text.slice(0, a) + rulesTable() + text.slice(b + END.length));
  } else {
    process.stdout.write(`${rulesTable()}\n`);
  }
}
