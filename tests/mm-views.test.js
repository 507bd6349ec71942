// The multimodal views in Chromium (issue 16 item 3): mrope-positions' segment band over the heatmap's
// token columns, coloured from C's mrope-segments (checked against pe.compute and the contract's
// layout: text 5, image 1x8x12 = 24 pads, text 4, video 3x4x4 = 12 pads, text 6), and the hover
// readout naming a token's index, segment and t/h/w ids as pe.compute('mrope-positions') gives them.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startExplorer, rendered } from './browser/harness.js';

describe('multimodal views in Chromium', () => {
  let ex;
  before(async () => { ex = await startExplorer(); });
  after(async () => { await ex?.close(); });

  test('Qwen2.5-VL preset: the segment band under each token column, the hover readout of a token', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-qwen25vl-prompt')), 'ok');
    const got = await page.evaluate(() => {
      const { pe, heatmap, segmentBand, state } = window.explorer;
      const segs = Array.from(pe.compute('mrope-segments', state.params).data);
      const c = segmentBand.canvas;
      const cc = new OffscreenCanvas(c.width, c.height).getContext('2d', { willReadFrequently: true });
      cc.drawImage(c, 0, 0);
      const img = cc.getImageData(0, 0, c.width, c.height).data;
      const y = c.height >> 1;
      // each token's centre pixel in the band, as the heatmap places that column
      const colours = segs.map((_, col) => {
        const r = heatmap.cellRect(0, col);
        const k = 4 * (y * c.width + r.x + (r.w >> 1));
        return [img[k], img[k + 1], img[k + 2], img[k + 3]].join(',');
      });
      return { segs, colours, hidden: segmentBand.element.hidden, width: c.width, figure: heatmap.canvas.width };
    });
    assert.equal(got.hidden, false);
    assert.equal(got.width, got.figure);
    const fill = (n, v) => Array(n).fill(v);
    assert.deepEqual(got.segs, [...fill(5, 0), ...fill(24, 1), ...fill(4, 0), ...fill(12, 2), ...fill(6, 0)]);
    // one colour per segment kind, three different ones, every pixel opaque
    const byKind = new Map();
    got.segs.forEach((k, i) => {
      if (!byKind.has(k)) byKind.set(k, got.colours[i]);
      assert.equal(got.colours[i], byKind.get(k), `token ${i}`);
      assert.ok(got.colours[i].endsWith(',255'), `token ${i} painted`);
    });
    assert.equal(new Set(byKind.values()).size, 3);
    assert.equal(byKind.get(1), '255,127,14,255');  // image: tab:orange
    assert.equal(byKind.get(2), '44,160,44,255');   // video: tab:green

    // hover token 37 (the video's second frame, first patch) on the heatmap and on the band
    const ids = await page.evaluate(() => {
      const { pe, state } = window.explorer;
      const m = pe.compute('mrope-positions', state.params);
      const n = m.shape[1];
      return [m.data[37], m.data[n + 37], m.data[2 * n + 37]];
    });
    // the video starts at 1 + the largest id (text after the image: 11..14): 15; its second temporal
    // patch is 1 s later at 2 tokens per second: t 15 + 2
    assert.deepEqual(ids, [17, 15, 15]);
    const hover = async (selector, rectOf) => {
      const box = await page.evaluate(rectOf);
      await page.mouse.move(box.x, box.y);
      return page.textContent(selector);
    };
    const heatText = await hover('.posenc-heatmap-readout', () => {
      const { heatmap } = window.explorer;
      const r = heatmap.cellRect(1, 37);
      const b = heatmap.canvas.getBoundingClientRect();
      return { x: b.left + (r.x + r.w / 2) / devicePixelRatio, y: b.top + (r.y + r.h / 2) / devicePixelRatio };
    });
    const want = `token 37 (video): t ${ids[0]}, h ${ids[1]}, w ${ids[2]}`;
    assert.ok(heatText.includes(want), heatText);
    const bandText = await hover('.posenc-segments-readout', () => {
      const { heatmap, segmentBand } = window.explorer;
      const r = heatmap.cellRect(0, 37);
      const b = segmentBand.canvas.getBoundingClientRect();
      return { x: b.left + (r.x + r.w / 2) / devicePixelRatio, y: b.top + b.height / 2 };
    });
    assert.equal(bandText, want);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });

  test('the band hides for other kinds', async () => {
    const { page, problems } = await ex.open('?kind=mrope-positions&sequence=text:2%20image:1x2x2');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    assert.equal(await page.evaluate(() => window.explorer.segmentBand.element.hidden), false);
    assert.equal(await rendered(page, () => page.click('#preset-t5')), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.segmentBand.element.hidden), true);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });

  // The band's colour at each heatmap column's centre pixel.
  const bandColours = (page) => page.evaluate(() => {
    const { heatmap, segmentBand } = window.explorer;
    const c = segmentBand.canvas;
    const cc = new OffscreenCanvas(c.width, c.height).getContext('2d', { willReadFrequently: true });
    cc.drawImage(c, 0, 0);
    const img = cc.getImageData(0, 0, c.width, c.height).data;
    const y = c.height >> 1;
    return Array.from({ length: heatmap.plane.cols }, (_, col) => {
      const r = heatmap.cellRect(0, col);
      const k = 4 * (y * c.width + r.x + (r.w >> 1));
      return [img[k], img[k + 1], img[k + 2], img[k + 3]].join(',');
    });
  });

  test('Qwen3-VL interleaved preset: each rope column under its axis colour, from mrope-axes', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-qwen3vl-interleaved')), 'ok');
    const axes = await page.evaluate(() => Array.from(window.explorer.pe.compute('mrope-axes', window.explorer.state.params).data));
    // HF apply_interleaved_mrope with mrope_section [24, 20, 20] over 64 frequencies, neox halves
    const half = Array.from({ length: 64 }, (_, k) => (k % 3 === 1 && k < 60 ? 1 : k % 3 === 2 && k < 60 ? 2 : 0));
    assert.deepEqual(axes, [...half, ...half]);
    const colours = await bandColours(page);
    assert.equal(colours.length, 128);
    const want = ['31,119,180,255', '214,39,40,255', '148,103,189,255'];  // t tab:blue, h tab:red, w tab:purple
    colours.forEach((c, j) => assert.equal(c, want[axes[j]], `column ${j}`));
    assert.equal(await page.evaluate(() => window.explorer.segmentBand.element.hidden), false);
    assert.match(await page.textContent('.posenc-segments-legend'), /M-RoPE axis:.*t.*h.*w/);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });

  test('plain rope: no axis band', async () => {
    const { page, problems } = await ex.open('?kind=rope&dim=32');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    assert.equal(await page.evaluate(() => window.explorer.segmentBand.element.hidden), true);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });
});
