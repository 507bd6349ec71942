// The engines page holds the rules table the records generate (npm run readme rewrites it), and the
// architectures page says which engines run each model type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rulesTable, enginesByModelType, BEGIN, END } from '../../web/tools/engines-table.js';
import { load } from '../../web/posenc.js';

const root = new URL('../../', import.meta.url);
const page = readFileSync(new URL('web/docs/engines.md', root), 'utf8');
const pe = await load();

test('web/docs/engines.md holds the rules table of the records (npm run readme)', () => {
  const a = page.indexOf(BEGIN), b = page.indexOf(END);
  assert.ok(a >= 0 && b > a, 'markers');
  assert.equal(page.slice(a, b + END.length), rulesTable());
  for (const e of pe.engines) for (const r of e.rules) assert.ok(page.includes(`| ${e.name} | \`${r.rule}\` |`), `${e.name} ${r.rule}`);
});

test('every model type the engines list appears with them on the architectures page', () => {
  const arch = readFileSync(new URL('web/docs/architectures.md', root), 'utf8');
  const by = enginesByModelType();
  assert.ok(by.get('llama')?.has('vllm') && by.get('llama')?.has('llama.cpp') && by.get('llama')?.has('mlx-lm'));
  assert.ok(by.get('qwen2')?.has('sglang'));
  const row = arch.split('\n').find((l) => l.startsWith('| `llama` |'));
  assert.match(row, /\| vllm, sglang, llama\.cpp, mlx-lm, tensorrt-llm \|/);
});
