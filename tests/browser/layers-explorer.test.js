// The explorer's layer map in Debian's Chromium: a pasted config.json (Gemma 3) shows the model's
// layers — the 5:1 sliding/global pattern and both bases — and choosing a layer shows that layer's
// table (values and pixels checked against pe.compute); presets; the URL carries config and layer.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { startExplorer, rendered, checkPixels, clean } from './harness.js';
import { MODEL_PRESETS } from '../../web/explorer/layer-presets.js';

const pe = await load();
// google/gemma-3-12b-it config.json (the preset's, as published: web/explorer/layer-presets.js)
const GEMMA3 = MODEL_PRESETS.find((p) => p.id === 'gemma3').config;

let ex;
before(async () => { ex = await startExplorer(); });
after(async () => { await ex?.close(); });

const strip = (page) => page.evaluate(() => [...document.querySelectorAll('#layers .layer')].map((b) => ({
  index: Number(b.dataset.index), type: b.dataset.type, nope: b.classList.contains('nope'), selected: b.getAttribute('aria-selected') === 'true',
})));

describe('layer map', () => {
  test("Gemma 3's config.json: 5:1 strip, both bases, and each layer's own table", async () => {
    const { page, problems } = await ex.open('?kind=rope');
    await page.click('details.config summary');
    await page.fill('#c-config', JSON.stringify(GEMMA3));
    assert.equal(await rendered(page, () => page.click('#c-config-fill')), 'ok');
    const cells = await strip(page);
    assert.equal(cells.length, 48);
    assert.deepEqual(cells.filter((c) => c.type === 'full_attention').map((c) => c.index), [5, 11, 17, 23, 29, 35, 41, 47]);
    assert.ok(cells.every((c) => !c.nope));
    const types = await page.locator('#layers .layer-type').allTextContents();
    assert.equal(types.length, 2);
    assert.ok(types.some((t) => t.startsWith('sliding_attention ×40') && t.includes('base 10000') && t.includes('window 1024')), types.join(' | '));
    assert.ok(types.some((t) => t.startsWith('full_attention ×8') && t.includes('base 1000000') && t.includes('linear ×8')), types.join(' | '));

    // a sliding layer, then a global one: the params and the table follow
    assert.equal(await rendered(page, () => page.click('#layers .layer[data-index="0"]')), 'ok');
    const local = await page.evaluate(() => structuredClone(window.explorer.state.params));
    assert.equal(local.base, 10000);
    assert.deepEqual(local.ropeScaling, { rope_type: 'default' });
    const localPixels = await checkPixels(page);
    assert.deepEqual(localPixels.bad, []);
    assert.ok(localPixels.checked > 0);
    const localData = await page.evaluate(() => Array.from(window.explorer.plane.data.slice(0, 512)));

    assert.equal(await rendered(page, () => page.click('#layers .layer[data-index="5"]')), 'ok');
    const global = await page.evaluate(() => structuredClone(window.explorer.state.params));
    assert.equal(global.base, 1e6);
    assert.deepEqual(global.ropeScaling, { factor: 8, rope_type: 'linear' });
    const globalPixels = await checkPixels(page);
    assert.deepEqual(globalPixels.bad, []);
    assert.ok(globalPixels.checked > 0);
    const globalData = await page.evaluate(() => Array.from(window.explorer.plane.data.slice(0, 512)));
    assert.notDeepEqual(globalData, localData);
    // the shown values are those pe.compute gives for that layer's params (node side)
    const want = pe.compute('rope', { ...pe.ropeFromConfig(GEMMA3, { layer: 5 }), positions: global.positions ?? 50 }).data;
    assert.deepEqual(globalData, Array.from(want.slice(0, 512)));
    assert.deepEqual((await strip(page)).filter((c) => c.selected).map((c) => c.index), [5]);

    // the address bar carries the config and the layer: a reload restores both
    const url = page.url();
    assert.match(url, /[?&]layer=5(&|$)/);
    assert.match(url, /[?&]config=/);
    const again = await ex.open(new URL(url).search);
    assert.equal(await again.page.evaluate(() => window.explorer.state.params.base), 1e6);
    assert.equal((await strip(again.page)).length, 48);
    clean(again.problems);
    await again.page.close();

    // a layer type chooses the first layer of that type
    assert.equal(await rendered(page, () => page.click('#layers .layer-type[data-type="sliding_attention"]')), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.state.params.base), 10000);
    clean(problems);
    await page.close();
  });

  test('presets: Llama 4 Scout shows NoPE layers (query scale table), GPT-OSS one shared YaRN, ModernBERT 160000 / 10000', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-layers-llama4')), 'ok');
    const cells = await strip(page);
    assert.deepEqual(cells.filter((c) => c.nope).map((c) => c.index), Array.from({ length: 12 }, (_, i) => 4 * i + 3));
    // the preset opens layer 3, a NoPE layer: its query temperature (the query-scale kind)
    assert.equal(await page.evaluate(() => window.explorer.state.kind), 'query-scale');
    assert.deepEqual(await page.evaluate(() => [window.explorer.state.params.floorScale, window.explorer.state.params.attnScale]), [8192, 0.1]);
    assert.equal(await rendered(page, () => page.click('#layers .layer[data-index="0"]')), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.state.params.layout), 'gptj');

    assert.equal(await rendered(page, () => page.click('#preset-layers-gpt-oss')), 'ok');
    assert.equal((await strip(page)).length, 24);
    assert.equal(await page.evaluate(() => window.explorer.state.params.ropeScaling.rope_type), 'yarn');

    assert.equal(await rendered(page, () => page.click('#preset-layers-modernbert')), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.state.params.base), 160000);
    assert.equal(await rendered(page, () => page.click('#layers .layer[data-index="1"]')), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.state.params.base), 10000);
    clean(problems);
    await page.close();
  });

  test('models without RoPE: BLOOM opens ALiBi with its heads, T5 its buckets (encoder then decoder), Jamba and GPT-2 say why there is no table', async () => {
    const { page, problems } = await ex.open('?kind=rope');
    assert.equal(await rendered(page, () => page.click('#preset-layers-bloom')), 'ok');
    let st = await page.evaluate(() => ({ kind: window.explorer.state.kind, params: structuredClone(window.explorer.state.params) }));
    assert.equal(st.kind, 'alibi');
    assert.deepEqual([st.params.heads, st.params.form, st.params.maxBias], [16, 'bloom', 8]);
    const data = await page.evaluate(() => Array.from(window.explorer.plane.data.slice(0, 8)));
    const want = pe.compute('alibi', { heads: 16, form: 'bloom', maxBias: 8, queries: st.params.queries ?? 50 }).data;
    assert.deepEqual(data, Array.from(want.slice(0, 8)));

    assert.equal(await rendered(page, () => page.click('#preset-layers-t5')), 'ok');
    const cells = await strip(page);
    assert.equal(cells.length, 12);
    assert.ok(cells.every((c) => !c.nope));
    assert.equal(await rendered(page, () => page.click('#layers .layer[data-index="6"]')), 'ok');
    st = await page.evaluate(() => ({ kind: window.explorer.state.kind, params: structuredClone(window.explorer.state.params) }));
    assert.deepEqual([st.kind, st.params.bidirectional, st.params.numBuckets, st.params.maxDistance], ['t5', false, 32, 128]);
    assert.match(await page.textContent('#layers .layer-detail'), /decoder, table of layer 6|decoder\)/);

    await page.click('#preset-layers-jamba');
    const jamba = await strip(page);
    assert.equal(jamba.length, 32);
    assert.ok(jamba.every((c) => c.nope));
    assert.match(await page.textContent('#layers .layer-detail'), /No layer of this model adds positions at all/);

    await page.click('#preset-layers-gpt2');
    assert.match(await page.textContent('#layers .layer-input'), /learned absolute positions, 1024 rows/);
    assert.match(await page.textContent('#layers .layer-detail'), /learned input table/);
    clean(problems);
    await page.close();
  });

  test('every layer count the reader accepts draws: 65536 layers, one cell each, the last one chosen', async () => {
    const { page, problems } = await ex.open('?kind=rope');
    const huge = { model_type: 'gemma3_text', num_hidden_layers: 65536, head_dim: 64, rope_theta: 1e6, rope_local_base_freq: 10000,
      sliding_window: 1024, sliding_window_pattern: 6 };
    assert.equal(pe.layersFromConfig(huge).length, 65536, 'the reader accepts it');
    await page.click('details.config summary');
    await page.fill('#c-config', JSON.stringify(huge));
    assert.equal(await rendered(page, () => page.click('#c-config-fill')), 'ok');
    const cells = await strip(page);
    assert.equal(cells.length, 65536);
    assert.deepEqual(cells.map((c) => c.index), Array.from({ length: 65536 }, (_, i) => i));
    assert.equal(cells.filter((c) => c.type === 'full_attention').length, 65536 / 6 | 0);
    assert.equal(await page.locator('#layers h2').textContent(), 'Layers of gemma3_text: 65536');
    assert.equal(await rendered(page, () => page.click('#layers .layer[data-index="65535"]')), 'ok');
    assert.deepEqual((await strip(page)).filter((c) => c.selected).map((c) => c.index), [65535]);
    assert.match(await page.locator('#layers .layer-detail').textContent(), /^Layer 65535: /);
    clean(problems);
    await page.close();
  });

  test('a URL with a config the explorer cannot read still renders, the reason shown; a layer beyond the model selects nothing', async () => {
    const bad = await ex.open(`?kind=rope&config=${encodeURIComponent('{"num_hidden_layers": 4, "head_dim": 64, "layer_types": "x"')}`);
    assert.equal(await bad.page.evaluate(() => document.documentElement.dataset.status), 'ok');
    assert.equal(await bad.page.isHidden('#layers'), true);
    const notes = await bad.page.locator('[data-error]:not([hidden])').allTextContents();
    assert.ok(notes.some((t) => t.includes('config is not JSON')), notes.join(' | '));
    clean(bad.problems);
    await bad.page.close();
    const typed = await ex.open(`?kind=rope&layer=999&config=${encodeURIComponent(JSON.stringify({ model_type: 'llama', num_hidden_layers: 4, head_dim: 64,
      layer_types: ['full_attention', 'full_attention', 'linear_attention', 'full_attention'] }))}`);
    const shown = await typed.page.locator('[data-error]:not([hidden])').allTextContents();
    assert.ok(shown.some((t) => t.includes('config.layer_types.2')), shown.join(' | '));
    clean(typed.problems);
    await typed.page.close();
    const far = await ex.open(`?kind=rope&layer=999&config=${encodeURIComponent(JSON.stringify(GEMMA3))}`);
    assert.equal((await strip(far.page)).length, 48);
    assert.deepEqual((await strip(far.page)).filter((c) => c.selected), []);
    clean(far.problems);
    await far.page.close();
  });
});
