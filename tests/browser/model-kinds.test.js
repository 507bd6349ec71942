// A model read by the explorer opens the kind its positions are (issue 36): ALiBi opens alibi, T5
// opens t5, RoPE opens rope, sinusoidal input positions open sinusoidal, whatever kind was on screen;
// a model whose positions posenc cannot compute (GPT-2's learned table, Jamba's none) shows its
// sentence and no table at all, pasted, from a preset, or reopened from the URL.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { startExplorer, rendered, checkPixels, clean } from './harness.js';
import { CONFIGS } from '../fixtures/configs.js';

const pe = await load();

let ex;
before(async () => { ex = await startExplorer(); });
after(async () => { await ex?.close(); });

async function paste(page, config) {
  if (!(await page.isVisible('#c-config'))) await page.click('details.config summary');
  await page.fill('#c-config', JSON.stringify(config));
  return rendered(page, () => page.click('#c-config-fill'));
}

// What the views show: the table's kind, and which of the heatmap, plot and no-table sentence are visible.
const shown = (page) => page.evaluate(() => {
  const visible = (sel) => { const n = document.querySelector(sel); return !!n && n.checkVisibility(); };
  return { kind: window.explorer.state.kind, heatmap: visible('#heatmap'), plot: visible('#plot'), analysis: visible('#analysis'),
    note: visible('#no-table') ? document.querySelector('#no-table').textContent : null };
});

describe('a model opens its own kind, or no table', () => {
  test('GPT-2 (learned positions) and Jamba (none): no table, the sentence instead; pasted, preset and reopened', async () => {
    const { page, problems } = await ex.open('?kind=rope-spectrum');
    assert.equal(await paste(page, CONFIGS.GPT2.config), 'ok');
    const gpt2 = await shown(page);
    assert.equal(gpt2.heatmap, false);
    assert.equal(gpt2.plot, false);
    assert.equal(gpt2.analysis, false);
    assert.match(gpt2.note, /learned input table, trained weights that posenc cannot compute/);
    assert.equal(gpt2.note, await page.textContent('#layers .layer-detail'));
    // reopened from its URL: still no table
    const again = await ex.open(new URL(page.url()).search);
    const reopened = await shown(again.page);
    assert.equal(reopened.heatmap, false);
    assert.equal(reopened.note, gpt2.note);
    clean(again.problems);

    // Jamba's preset: no layer adds positions and nothing is added before them
    assert.equal(await rendered(page, () => page.click('#preset-layers-jamba')), 'ok');
    const jamba = await shown(page);
    assert.equal(jamba.heatmap, false);
    assert.match(jamba.note, /order comes from its recurrence or convolution/);
    // a view preset brings the table back
    assert.equal(await rendered(page, () => page.click('#preset-alibi')), 'ok');
    const back = await shown(page);
    assert.equal(back.heatmap, true);
    assert.equal(back.plot, true);
    assert.equal(back.note, null);
    // so does the GPT-2 preset's map, once a layer type is chosen? It has none with positions: still no table
    assert.equal(await rendered(page, () => page.click('#preset-layers-gpt2')), 'ok');
    assert.equal((await shown(page)).heatmap, false);
    // choosing another kind in the controls draws that kind
    assert.equal(await rendered(page, () => page.selectOption('#c-kind', 't5')), 'ok');
    assert.equal((await shown(page)).heatmap, true);
    clean(problems);
  });

  test('ALiBi opens alibi, T5 opens t5, RoPE opens rope, sinusoidal input opens sinusoidal', async () => {
    const { page, problems } = await ex.open('?kind=rope-spectrum');
    const cases = [
      [CONFIGS.T5_small_finetune.config, 't5'],
      [CONFIGS.BLOOM_560m.config, 'alibi'],
      [CONFIGS.Llama_3_1_8B.config, 'rope'],
      [{ architectures: ['CTRLLMHeadModel'], model_type: 'ctrl', n_embd: 1280, n_head: 16, n_layer: 48, n_positions: 50000 }, 'sinusoidal'],
      [CONFIGS.DeBERTa_v3_base.config, 'deberta'],
    ];
    for (const [config, kind] of cases) {
      // from a kind that is not the model's
      assert.equal(await rendered(page, () => page.selectOption('#c-kind', kind === 'rope' ? 'rope-spectrum' : 'rope')), 'ok');
      assert.equal(await paste(page, config), 'ok', kind);
      const s = await shown(page);
      assert.equal(s.kind, kind, config.model_type);
      assert.equal(s.heatmap, true);
      assert.equal(s.note, null);
      if (kind === 'sinusoidal') {
        // 50000 positions: drawn sampled to the screen (zoom.js); the params are the input table's
        const input = pe.positionsFromConfig(config).input;
        const params = await page.evaluate(() => structuredClone(window.explorer.state.params));
        for (const [k, v] of Object.entries(input.params)) assert.deepEqual(params[k], v, k);
      } else {
        const px = await checkPixels(page);
        assert.deepEqual(px.bad, [], kind);
      }
    }
    // the presets too
    for (const [id, kind] of [['t5', 't5'], ['bloom', 'alibi'], ['gemma3', 'rope'], ['qwen3-next', 'rope']]) {
      assert.equal(await rendered(page, () => page.selectOption('#c-kind', kind === 'rope' ? 'rope-spectrum' : 'sinusoidal')), 'ok');
      assert.equal(await rendered(page, () => page.click(`#preset-layers-${id}`)), 'ok');
      assert.equal((await shown(page)).kind, kind, id);
    }
    // a T5 config's table is its first stack's buckets, as pe.compute gives them
    assert.equal(await paste(page, CONFIGS.T5_small_finetune.config), 'ok');
    const params = await page.evaluate(() => structuredClone(window.explorer.state.params));
    const first = pe.layersFromConfig(CONFIGS.T5_small_finetune.config).find((l) => l.positions);
    for (const [k, v] of Object.entries(first.positions.params)) assert.deepEqual(params[k], v, k);
    clean(problems);
  });
});
