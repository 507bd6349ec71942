// The explorer's model entry in Debian's Chromium against the mock Hub of tests/mock-hub.js (a real
// cross-origin HTTP server; the page served with connect-src allowing it, `?hub=` pointing at it):
// the entry comes first for every kind; a model id loads its config.json and fills the explorer as a
// paste does (layer map, params, pixels checked against pe.compute); gated, missing, unreachable and
// non-JSON answers give clear messages in the page; a refused model_type offers "read as <closest>",
// which reads with { assume } and shows the warning.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { startExplorer, rendered, checkPixels, clean } from './harness.js';
import { startMockHub, QWEN3_8B, TYPO } from '../mock-hub.js';

const pe = await load();
let hub, ex;
before(async () => {
  hub = await startMockHub();
  ex = await startExplorer({ serve: { hub: hub.url } });
});
after(async () => {
  await ex?.close();
  await hub?.close();
});

const open = (query = '') => ex.open(`?hub=${encodeURIComponent(hub.url)}${query}`);
// The problems a page records, less the mock Hub's own error answers (a test asks for those).
const ours = (problems) => problems.filter((p) => !p.includes(hub.url));
const error = (page, slot) => page.evaluate((id) => {
  const e = document.getElementById(id);
  return e && !e.hidden ? e.textContent : null;
}, `c-${slot}-error`);

// Type an id and press Load; resolves once the page answered (rendered, or an error in the entry).
async function loadId(page, id, { ok = true } = {}) {
  await page.fill('#c-model', id);
  if (ok) return rendered(page, () => page.click('#c-model-load'));
  await page.click('#c-model-load');
  await page.waitForSelector('#c-model-error:not([hidden])');
  return null;
}

describe('model entry', () => {
  test('comes first in the controls for every kind, with the id field, Load and the paste box', async () => {
    const { page, problems } = await open();
    for (const kind of ['sinusoidal', 'alibi', 't5', 'rope', 'xpos']) {
      await rendered(page, () => page.selectOption('#c-kind', kind));
      const first = await page.evaluate(() => {
        const f = document.querySelector('#controls > :first-child');
        return { legend: f.querySelector('legend').textContent, id: !!f.querySelector('#c-model'), load: !!f.querySelector('#c-model-load'),
          paste: !!f.querySelector('details.config #c-config') };
      });
      assert.deepEqual(first, { legend: 'Model', id: true, load: true, paste: true }, kind);
    }
    assert.match(await page.textContent('#c-model-help'), new RegExp(`fetched from ${hub.url.replace(/[.]/g, '\\.')}`));
    clean(problems);
  });

  test('Qwen/Qwen3-8B loads from the Hub: 36 RoPE layers, the params of the config, the table pe.compute gives', async () => {
    const { page, problems } = await open('&kind=sinusoidal');
    const n = hub.requests.length;
    assert.equal(await loadId(page, 'Qwen/Qwen3-8B'), 'ok');
    const sent = hub.requests.slice(n);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].url, '/Qwen/Qwen3-8B/resolve/main/config.json');
    assert.equal(sent[0].headers.authorization, undefined, 'the page sends no token');
    assert.equal(sent[0].headers.origin, new URL(ex.url).origin);
    assert.equal(await page.locator('#layers .layer').count(), 36);
    assert.equal(await page.textContent('#layers h2'), 'Layers of qwen3: 36');
    const s = await page.evaluate(() => ({ kind: window.explorer.state.kind, params: structuredClone(window.explorer.state.params),
      config: JSON.parse(window.explorer.state.config) }));
    assert.equal(s.kind, 'rope');
    const want = pe.ropeFromConfig(QWEN3_8B);
    for (const key of ['dim', 'base', 'layout', 'partialRotaryFactor']) assert.deepEqual(s.params[key], want[key], key);
    assert.equal(s.params.base, 1e6);
    assert.equal(s.params.dim, 128);
    assert.equal(s.config.model_type, 'qwen3');
    assert.match(await page.textContent('#c-model-status'), /^Qwen\/Qwen3-8B@main: qwen3, 36 layers$/);
    const px = await checkPixels(page);
    assert.deepEqual(px.bad, []);
    assert.ok(px.checked > 0);
    // the table on screen is the one node computes from the same config
    const shown = await page.evaluate(() => Array.from(window.explorer.plane.data.slice(0, 256)));
    const table = pe.compute('rope', { ...want, positions: s.params.positions ?? 50 });
    assert.deepEqual(shown, Array.from(table.data.slice(0, 256)));
    // a revision: another base
    assert.equal(await loadId(page, 'Qwen/Qwen3-8B@v1.0'), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.state.params.base), 500000);
    assert.match(await page.textContent('#c-model-status'), /^Qwen\/Qwen3-8B@v1\.0: /);
    assert.equal(hub.requests.at(-1).url, '/Qwen/Qwen3-8B/resolve/v1.0/config.json');
    clean(problems);
  });

  test('gated, missing, a wrong revision, unreachable, HTML, a malformed id: a clear message in the page, the view kept', async () => {
    const { page, problems } = await open();
    const before = await page.evaluate(() => JSON.stringify(window.explorer.state));
    const cases = [
      ['acme/gated', /^acme\/gated is gated or private \(the Hub said 401\): the explorer sends no token\. Accept its terms on the Hub and paste its config\.json below/],
      ['acme/private', /said 403/],
      ['acme/missing', /HTTP 404: no model "acme\/missing" on the Hub: check the id/],
      ['Qwen/Qwen3-8B@nope', /has no revision "nope": check the branch, tag or commit/],
      ['acme/reset', /cannot reach http:\/\/127\.0\.0\.1:\d+ .*offline, or a wrong endpoint\?/],
      ['acme/html', /the answer is not JSON \(text\/html/],
      ['acme/array', /holds an array, not an object/],
      ['not a model', /holds whitespace/],
      ['https://evil.example/x', /is a URL or a path/],
    ];
    for (const [id, want] of cases) {
      await loadId(page, id, { ok: false });
      assert.match(await error(page, 'model'), want, id);
      assert.equal(await page.textContent('#c-model-status'), '', `${id}: no "Loading" left behind`);
      assert.equal(await page.evaluate(() => JSON.stringify(window.explorer.state)), before, `${id}: the view is kept`);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.status), 'ok');
    }
    clean(ours(problems));
    assert.ok(problems.some((p) => p.includes('401')), 'the gated answer was a real 401');
  });

  test('a model type posenc does not know: "read as" its closest families, which reads with { assume } and warns', async () => {
    const { page, problems } = await open();
    await loadId(page, 'acme/typo', { ok: false });
    const message = await error(page, 'model');
    assert.match(message, /model_type = "qwen3x" is not a model type posenc knows \(closest: qwen3, /);
    assert.equal(await page.textContent('#c-model-status'), '', 'no "Loading" left behind');
    // one button per closest model type the message names, in its order
    const offered = await page.locator('#c-model-assume button.assume').allTextContents();
    const closest = /\(closest: ([^)]*)\)/.exec(message)[1].split(', ');
    assert.ok(closest.length >= 2);
    assert.deepEqual(offered, closest.map((f) => `read as ${f}`));
    assert.equal(await rendered(page, () => page.click('#c-model-assume button[data-family="qwen3"]')), 'ok');
    assert.equal(await page.textContent('#layers h2'), 'Layers of qwen3x (read as qwen3): 36');
    assert.equal(await page.textContent('#c-model-status'), 'acme/typo@main: qwen3x, read as qwen3, 36 layers');
    const warnings = await page.locator('#layers .layer-warnings li').allTextContents();
    assert.ok(warnings.some((w) => /^model_type: read as qwen3 because \{ assume: 'qwen3' \} was given \(the config says "qwen3x"\)/.test(w)), warnings.join(' | '));
    assert.equal(await page.isHidden('#c-model-assume'), true, 'the offer is taken away');
    assert.equal(await error(page, 'model'), null);
    const s = await page.evaluate(() => ({ params: structuredClone(window.explorer.state.params), config: JSON.parse(window.explorer.state.config) }));
    assert.equal(s.params.base, pe.ropeFromConfig(TYPO, { assume: 'qwen3' }).base);
    assert.equal(s.config.model_type, 'qwen3', 'the link keeps the family chosen');
    // the link reads the same, without the offer
    const link = await page.evaluate(() => location.search);
    const again = await ex.open(link);
    assert.equal(await again.page.textContent('#layers h2'), 'Layers of qwen3: 36');
    clean(again.problems);

    // a pasted config with the same type gets the same offer
    await page.click('details.config summary');
    await page.fill('#c-config', JSON.stringify({ ...TYPO, model_type: 'lama', architectures: [] }));
    await page.click('#c-config-fill');
    assert.match(await error(page, 'config'), /model_type = "lama" is not a model type posenc knows \(closest: .*llama/);
    assert.ok((await page.locator('#c-model-assume button.assume').allTextContents()).includes('read as llama'));
    assert.equal(await rendered(page, () => page.click('#c-model-assume button[data-family="llama"]')), 'ok');
    assert.equal(await page.textContent('#layers h2'), 'Layers of lama (read as llama): 36');
    clean(problems);
  });
});
