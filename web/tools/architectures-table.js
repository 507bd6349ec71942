// The supported-architectures table, generated from the records (web/core/architectures/records):
// web/docs/architectures.md in full (one row per transformers model type), and a summary on the page on
// model configs (web/docs/models.md) between <!-- models:begin --> and <!-- models:end -->.
//   node web/tools/architectures-table.js           print the full table
//   node web/tools/architectures-table.js --write   rewrite web/docs/architectures.md and the summary
// tests/unit/architectures.test.js fails when they and the records disagree (npm run readme fixes it).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { records, modelTypes } from '../core/architectures/index.js';
import { enginesByModelType, PAGE as ENGINES_PAGE } from './engines-table.js';

const RECORDS = records(), MODEL_TYPES = modelTypes();

export const BEGIN = '<!-- models:begin -->';
export const END = '<!-- models:end -->';
export const COMMIT = '00290f09a9f0b0bbb3bb1abbf91a55442ce607ae';
// the commit the records were first read at; the model types added after it were read at the newest
// stored versions of their files (web/docs/contributing.md, Refreshing the records)
export const FIRST_COMMIT = 'df8ee314c9e4ad9283b2d5d7d79fca56fcf7b320';
export const DOC = 'web/docs/architectures.md';
export const SUMMARY_PAGE = 'web/docs/models.md';

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s) => `\`${s}\``;

/** The scheme of a record in a few words: what its layers and its input do. */
export function schemeOf(r) {
  if (r.unsupported) return 'not computed';
  if (r.text) return `language model: ${r.textType ? code(r.textType) : 'its text_config'}`;
  const parts = [];
  const att = r.attention;
  if (att === 'rope') {
    parts.push(`RoPE ${r.layout ?? 'neox'}${r.rotate === 'last' ? ', last dims' : ''}`);
  } else if (att === 'alibi') {
    parts.push(`ALiBi (${r.alibi?.form ?? 'causal'})`);
  } else if (att && att !== 'none') {
    parts.push(att === 't5' ? 'T5 buckets' : att === 'deberta' ? 'DeBERTa buckets' : att);
  }
  if (r.alibi?.flag) parts.push(`with ${code(r.alibi.flag)}; else ${r.alibi.otherwise ?? 'none'}`);
  if (r.ropeFlag) parts.push(`when ${code(r.ropeFlag.key)}`);
  // kinds mapped to 'attention' take the record's scheme; only the others add no positions
  const kinds = Object.keys(r.kinds ?? {}).filter((k) => r.kinds[k] !== 'attention');
  if (kinds.length) parts.push(`${kinds.join(', ')} layers: none`);
  if (r.input) parts.push(`input ${r.input.kind}${r.input.variant ? ` (${r.input.variant})` : ''}`);
  if (!parts.length) parts.push('no positions');
  return parts.join('; ');
}

function layersOf(r) {
  if (r.unsupported || r.text || r.attention !== 'rope') return '';
  const l = r.layers ?? { rule: 'all' };
  const bits = [];
  if (l.rule !== 'all' || l.slidingKey) bits.push(l.key ? `${l.rule} ${code(l.key)}` : l.rule);
  if (r.noRopeLayers) bits.push(code('no_rope_layers'));
  if (r.nope?.length) bits.push(`NoPE on ${r.nope.join(', ')}`);
  if (r.localBase && r.localBase !== 'default') bits.push(`sliding base ${code(r.localBase)}`);
  return bits.join('; ');
}

/** The full table: every model type, its scheme, layer pattern, and where it was read. */
export function fullTable() {
  const engines = enginesByModelType();
  const rows = MODEL_TYPES.map((k) => {
    const r = RECORDS[k];
    const what = r.unsupported ? cell(r.unsupported) : cell(schemeOf(r));
    return `| ${code(k)} | ${what} | ${cell(layersOf(r))} | ${[...(engines.get(k) ?? [])].join(', ')} | ${cell(r.from)} |`;
  });
  return [
    '# Supported architectures',
    '',
    `One record per model type of transformers at commit ${COMMIT} (src/transformers/models/auto/auto_mappings.py;`,
    `the list is web/core/architectures/model-types.txt). The records of the types already listed at ${FIRST_COMMIT.slice(0, 12)}`,
    'were read there (a few re-read since, as their notes say); the others at the newest versions of their files available when they',
    'were added. Generated from web/core/architectures/records by',
    '`npm run readme`; paths are relative to src/transformers/models/. A model type marked "not computed" is',
    'refused by `pe.positionsFromConfig`, naming it and the reason. "engines": the engines whose registry',
    `lists an architecture of that model type, at the commits [Engines](${ENGINES_PAGE.split('/').pop()}) names (vLLM and SGLang`,
    'run others through their Transformers backend).',
    '',
    '| model type | positions | layer pattern | engines | read from |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** The models page's summary: how many model types each scheme covers, and where the full table is. */
export function summary() {
  const groups = new Map();
  for (const k of MODEL_TYPES) {
    const r = RECORDS[k];
    const g = r.unsupported ? 'not computed (the reason is in the table)' : r.text ? 'composite (read through its language model)'
      : r.attention === 'rope' ? 'RoPE' : r.attention === 'alibi' || r.alibi?.flag ? 'ALiBi' : r.attention === 't5' ? 'T5 buckets'
        : r.attention === 'deberta' ? 'DeBERTa buckets' : r.input ? `${r.input.kind} absolute positions only` : 'no positions';
    groups.set(g, [...(groups.get(g) ?? []), k]);
  }
  const lines = [...groups].sort((a, b) => b[1].length - a[1].length)
    .map(([g, ks]) => `| ${g} | ${ks.length} | ${ks.slice(0, 12).map(code).join(', ')}${ks.length > 12 ? ', …' : ''} |`);
  return [
    BEGIN,
    `${MODEL_TYPES.length} model types (transformers ${COMMIT.slice(0, 12)}), every one in [${DOC.split('/').pop()}](${DOC.split('/').pop()}):`,
    '',
    '| positions | model types | e.g. |',
    '|---|---|---|',
    ...lines,
    END,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    const root = new URL('../../', import.meta.url);
    await writeFile(new URL(DOC, root), fullTable());
    const page = new URL(SUMMARY_PAGE, root);
    const text = await readFile(page, 'utf8');
    const a = text.indexOf(BEGIN), b = text.indexOf(END);
    if (a < 0 || b < a) throw new Error(`${SUMMARY_PAGE} lacks ${BEGIN} … ${END}`);
    await writeFile(page, text.slice(0, a) + summary() + text.slice(b + END.length));
  } else {
    process.stdout.write(fullTable());
  }
}
