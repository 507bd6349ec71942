// Engines in the explorer's layer map, in Chromium: Phi-3.5-mini pasted and read as vLLM reads it at
// --max-model-len 131072 for a 2,000-token prompt marks every layer as differing, names the
// longrope.switch rule, and compares the layer A (transformers) / B (vLLM) with the A − B heatmap,
// whose readout is pe.compute's difference of the two tables; the URL reopens the same view.
// llama.cpp on GPT-OSS marks its layers; an engine that cannot run a model shows why and falls back.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { startExplorer, rendered, clean } from './harness.js';
import { CONFIGS } from '../fixtures/configs.js';
import { MODEL_PRESETS } from '../../web/explorer/layer-presets.js';

const pe = await load();
const PHI35 = CONFIGS.Phi_3_5_mini_instruct.config;

let ex;
before(async () => { ex = await startExplorer(); });
after(async () => { await ex?.close(); });

const cells = (page) => page.evaluate(() => [...document.querySelectorAll('#layers .layer')].map((b) => ({
  index: Number(b.dataset.index), differs: b.classList.contains('engine-differs'), title: b.title,
})));

async function paste(page, config) {
  await page.click('details.config summary');
  await page.fill('#c-config', JSON.stringify(config));
  return rendered(page, () => page.click('#c-config-fill'));
}

// Set a number field of the engine bar (the map is drawn again after each change).
const setLength = (page, id, n) => rendered(page, async () => {
  await page.fill(id, String(n));
  await page.dispatchEvent(id, 'change');
});

// The readout of the heatmap cell (r, c) under the mouse.
async function readout(page, r, c) {
  const at = await page.evaluate(([r, c]) => {
    const h = window.explorer.heatmap, rect = h.cellRect(r, c), box = h.canvas.getBoundingClientRect();
    return { x: box.left + (rect.x + rect.w / 2) / devicePixelRatio, y: box.top + (rect.y + rect.h / 2) / devicePixelRatio };
  }, [r, c]);
  await page.mouse.move(at.x, at.y);
  return page.textContent('.posenc-heatmap-readout');
}

describe('engines in the explorer', () => {
  test('Phi-3.5 in vLLM at context 131072, seqLen 2000: every layer marked, longrope.switch, A − B = the tables\' difference, the URL reopens it', async () => {
    const { page, problems } = await ex.open('?kind=rope');
    assert.equal(await paste(page, PHI35), 'ok');
    assert.equal(await page.inputValue('#engine'), 'transformers');
    assert.equal(await page.locator('#engine-legend').count(), 0, 'no legend for transformers itself');
    assert.deepEqual(await page.$$eval('#engine option', (o) => o.map((x) => x.value)), pe.engines.map((e) => e.name));
    assert.equal(await setLength(page, '#engine-context', 131072), 'ok');
    assert.equal(await setLength(page, '#engine-seq-len', 2000), 'ok');
    assert.equal(await rendered(page, () => page.selectOption('#engine', 'vllm')), 'ok');

    // the marks are compareEngines' rows (node side, at the positions shown)
    const positions = await page.evaluate(() => window.explorer.state.params.positions);
    const cmp = pe.compareEngines(PHI35, { engines: ['vllm'], context: 131072, seqLen: 2000, positions });
    const differ = cmp.rows.filter((r) => !r.same).flatMap((r) => r.layers);
    assert.equal(differ.length, 32);
    const marks = await cells(page);
    assert.equal(marks.length, 32);
    assert.deepEqual(marks.filter((c) => c.differs).map((c) => c.index), differ);
    assert.match(marks[0].title, /differs in vllm by [\d.]+ \(position \d+, column \d+\)/);
    assert.equal(await page.textContent('#engine-legend'), '32 layers differ in vllm');
    const detail = await page.textContent('#layers .layer-detail');
    assert.match(detail, /^Layer 0: .* — vllm: longrope\.switch \(.*long factors at every position: context 131072 > original 4096\)/);
    assert.match(detail, /logit scale ×1 of transformers'/);

    // A = transformers' layer 0, B = vLLM's, the heatmap in A − B
    const s = await page.evaluate(() => structuredClone({ ...window.explorer.state, compare: window.explorer.state.compare }));
    assert.equal(s.compare.heat, 'diff');
    assert.equal(await page.inputValue('#compare-heat'), 'diff');
    const wantA = pe.layersFromConfig(PHI35, { context: 131072, seqLen: 2000 })[0].rope;
    const wantB = pe.layersFromConfig(PHI35, { engine: 'vllm', context: 131072, seqLen: 2000 })[0].rope;
    const rows = positions === undefined ? {} : { positions };  // the rows shown (the kind's default unless set)
    assert.deepEqual(s.compare.pinned.params, { ...rows, ...wantA });
    assert.deepEqual(s.params, { ...rows, ...wantB });
    assert.equal(s.params.seqLen, 131072);
    assert.equal(s.compare.pinned.params.seqLen, 2000);
    const a = pe.compute('rope', s.compare.pinned.params), b = pe.compute('rope', s.params);
    const d = pe.difference(a, b);
    const cols = a.shape.at(-1);
    const plane = await page.evaluate(() => ({ rows: window.explorer.heatmap.plane.rows, cols: window.explorer.heatmap.plane.cols }));
    assert.equal(plane.cols, cols);
    // the cell where the two differ most in the shown plane (cos: index 0)
    let best = 0, at = [0, 0];
    for (let r = 0; r < plane.rows; r++) for (let c = 0; c < cols; c++) if (Math.abs(d.data[r * cols + c]) > best) best = Math.abs(d.data[r * cols + c]), at = [r, c];
    assert.ok(best > 0.01, `the tables differ (${best})`);
    const text = await readout(page, ...at);
    const six = (v) => String(Number(v.toPrecision(6)));
    const i = at[0] * cols + at[1];
    assert.ok(text.includes(`A ${six(a.data[i])} · B ${six(b.data[i])} · A − B ${six(d.data[i])}`), text);
    d.free();

    // the address bar keeps engine, context and seq-len; a shared link reopens the same view
    const url = page.url();
    const q = new URL(url).searchParams;
    assert.equal(q.get('engine'), 'vllm');
    assert.equal(q.get('context'), '131072');
    assert.equal(q.get('seq-len'), '2000');
    const again = await ex.open(new URL(url).search);
    const s2 = await again.page.evaluate(() => structuredClone(window.explorer.state));
    assert.deepEqual(s2.params, s.params);
    assert.deepEqual(s2.compare.pinned.params, s.compare.pinned.params);
    assert.equal(s2.compare.heat, 'diff');
    assert.deepEqual(s2.engine, { name: 'vllm', context: 131072, seqLen: 2000 });
    assert.equal(await again.page.inputValue('#engine'), 'vllm');
    assert.equal(await again.page.inputValue('#engine-context'), '131072');
    assert.equal(await again.page.inputValue('#engine-seq-len'), '2000');
    assert.equal(await again.page.textContent('#engine-legend'), '32 layers differ in vllm');
    assert.match(await again.page.textContent('#layers .layer-detail'), /longrope\.switch/);
    assert.equal(new URL(again.page.url()).search, new URL(url).search);

    // a link with an engine posenc has no profile of, or a length that is none: said at the engine controls
    const bad = new URL(url);
    bad.searchParams.set('engine', 'vllm-0.1');
    bad.searchParams.set('context', 'lots');
    const odd = await ex.open(bad.search);
    assert.equal(await odd.page.textContent('#engine-error'),
      `Ignored from the URL: engine = "vllm-0.1" is not one of ${pe.engines.map((e) => e.name).join(', ')}; context = "lots" is not a length in tokens (an integer ≥ 1)`);
    assert.equal(await odd.page.inputValue('#engine'), 'transformers');
    clean(odd.problems);

    // back to transformers: the comparison goes, the transformers table stays
    assert.equal(await rendered(again.page, () => again.page.selectOption('#engine', 'transformers')), 'ok');
    const s3 = await again.page.evaluate(() => structuredClone(window.explorer.state));
    assert.equal(s3.compare.pinned, null);
    assert.deepEqual(s3.params, { ...rows, ...wantA });
    assert.equal((await cells(again.page)).filter((c) => c.differs).length, 0);
    clean(again.problems);
    clean(problems);
  });

  test('llama.cpp on GPT-OSS marks its layers; tensorrt-llm on a rope_scaling type "su" config shows its refusal', async () => {
    const gptoss = MODEL_PRESETS.find((p) => p.id === 'gpt-oss').config;
    const { page, problems } = await ex.open('?kind=rope');
    assert.equal(await rendered(page, () => page.click('#preset-layers-gpt-oss')), 'ok');
    assert.equal(await rendered(page, () => page.selectOption('#engine', 'llama.cpp')), 'ok');
    const positions = await page.evaluate(() => window.explorer.state.params.positions);
    const cmp = pe.compareEngines(gptoss, { engines: ['llama.cpp'], positions });
    const differ = cmp.rows.filter((r) => !r.same).flatMap((r) => r.layers).sort((x, y) => x - y);
    assert.ok(differ.length > 0);
    const marks = await cells(page);
    assert.deepEqual(marks.filter((c) => c.differs).map((c) => c.index), differ);
    assert.equal(await page.textContent('#engine-legend'), `${differ.length} layers differ in llama.cpp`);
    assert.match(await page.textContent('#layers .layer-detail'), /llama\.cpp: .*yarn\.truncate/);

    // Phi-3.5 published with rope_scaling.type "su" (its first name for longrope): TensorRT-LLM refuses it
    const su = structuredClone(PHI35);
    su.rope_scaling.type = 'su';
    delete su.rope_scaling.rope_type;
    let want;
    try {
      pe.layersFromConfig(su, { engine: 'tensorrt-llm' });
    } catch (e) {
      want = e.message;
    }
    assert.match(want, /cannot run this config/);
    assert.equal(await paste(page, su), 'ok');
    assert.equal(await rendered(page, () => page.selectOption('#engine', 'tensorrt-llm')), 'ok');
    assert.equal(await page.isVisible('#engine-error'), true);
    assert.equal(await page.textContent('#engine-error'), want);
    // the view falls back to transformers
    assert.equal(await page.inputValue('#engine'), 'transformers');
    const s = await page.evaluate(() => structuredClone(window.explorer.state));
    assert.equal(s.compare.pinned, null);
    assert.equal(new URL(page.url()).searchParams.get('engine'), null);
    assert.equal(await page.locator('#layers .engine-differs').count(), 0);
    clean(problems);
  });
});
