// The explorer's "Check a tensor" panel (web/explorer/checker.js) in Debian's Chromium: a .npy and a
// .safetensors file written by numpy (tests/check/dumps.py) set on its file input are checked
// against the RoPE on screen: the verdict, the diagnosis, the apply-fix button (which changes the
// explorer's params, after which the same tensor is exact) and the error heatmap's pixels.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startExplorer, rendered, clean } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'posenc-explorer-check-'));
execFileSync('/usr/bin/python3', [fileURLToPath(new URL('../check/dumps.py', import.meta.url)), dir]);
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const llama = JSON.stringify(index['llama exact'].target.config);

let ex;
before(async () => { ex = await startExplorer(); });
after(async () => {
  await ex?.close();
  rmSync(dir, { recursive: true, force: true });
});

const result = (page) => page.evaluate(() => {
  const r = window.explorer.checker.result;
  return r && { exact: r.exact, what: r.what, diagnosis: r.diagnosis.map((d) => ({ cause: d.cause, fix: d.fix })) };
});
// Llama 3.1's config.json pasted into the explorer's config box: its RoPE on screen
async function withLlama(page) {
  await page.click('details.config summary');
  await page.fill('#c-config', llama);
  assert.equal(await rendered(page, () => page.click('#c-config-fill')), 'ok');
}
const settle = (page) => page.waitForFunction(() => window.explorer.checker.result !== null ||
  document.getElementById('check-result').textContent.startsWith('Cannot'));

test("a gptj table against Llama 3.1's config: diagnosed, fixed with the button, then exact", async () => {
  const { page, problems } = await ex.open('?kind=rope&positions=64');
  await withLlama(page);
  await page.setInputFiles('#check-file', join(dir, 'llama-gptj.safetensors'));
  await settle(page);
  assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('#check-tensor option')].map((o) => o.value)), ['cos', 'sin']);
  let r = await result(page);
  assert.equal(r.exact, false);
  assert.equal(r.what, 'cos');
  assert.deepEqual(r.diagnosis[0], { cause: 'layout', fix: { layout: 'gptj' } });
  assert.match(await page.textContent('#check-result'), /differs: .*Likeliest: the pairs run the other way/);
  // the heatmap: got − want as C colours it, pixel for pixel
  const pixels = await page.evaluate(() => {
    const { pe, checker } = window.explorer;
    const canvas = document.getElementById('check-heatmap');
    const got = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    return { hidden: canvas.hidden, width: canvas.width, height: canvas.height, red: got.filter((_, i) => i % 4 === 0).some((v) => v > 200),
      blue: got.filter((_, i) => i % 4 === 2).some((v) => v > 200), rows: checker.result.rowError.length };
  });
  assert.equal(pixels.hidden, false);
  assert.deepEqual([pixels.width, pixels.height], [128, 512]);
  assert.ok(pixels.red && pixels.blue);
  assert.equal(await rendered(page, () => page.click('#check-apply')), 'ok');
  assert.equal(await page.evaluate(() => window.explorer.state.params.layout), 'gptj');
  r = await result(page);
  assert.equal(r.exact, true);
  assert.match(await page.textContent('#check-result'), /is exact/);
  assert.equal(await page.isHidden('#check-apply'), true);
  // the other tensor of the file: the sin plane, exact under the fixed params too
  await page.selectOption('#check-tensor', 'sin');
  await page.waitForFunction(() => window.explorer.checker.result?.what === 'sin');
  assert.equal((await result(page)).exact, true);
  clean(problems);
});

test('a .npy table shifted by one position; a hostile file says why it cannot be read', async () => {
  const { page, problems } = await ex.open('?kind=rope');
  await withLlama(page);
  await page.setInputFiles('#check-file', join(dir, 'llama-offset.npy'));
  await settle(page);
  const r = await result(page);
  assert.equal(r.what, 'cos-sin');
  assert.deepEqual(r.diagnosis[0], { cause: 'offset', fix: { offset: 1 } });
  assert.equal(await rendered(page, () => page.click('#check-apply')), 'ok');
  assert.equal(await page.evaluate(() => window.explorer.state.params.offset), 1);
  assert.equal((await result(page)).exact, true);
  await page.setInputFiles('#check-file', join(dir, 'fortran.npy'));
  await page.waitForFunction(() => document.getElementById('check-result').textContent.startsWith('Cannot'));
  assert.match(await page.textContent('#check-result'), /fortran_order/);
  assert.equal(await page.isHidden('#check-heatmap'), true);
  clean(problems);
});
