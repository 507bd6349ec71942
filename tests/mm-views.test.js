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

  // Page side: the grid canvas's colour of every cell (a point off the order's path and numbers)
  // against pe.colormap of the expected values at the heatmap's map and limits. expected(table,
  // r, c): the table row holding cell (r, c), from a reference written in the test.
  const gridPixels = (page, { kind, params, rowOf }) => page.evaluate(({ kind, params, rowOf }) => {
    const { pe, heatmap, gridView, state } = window.explorer;
    const rowAt = new Function('r', 'c', 'W', `return ${rowOf};`);
    const t = pe.compute(kind, params);
    const d = t.shape.at(-1), n = t.shape.at(-2);
    const part = state.index, col = state.columns[0];
    const { height: H, width: W } = gridView.shown.grid;
    const values = Float32Array.from({ length: H * W }, (_, i) => t.data[(part * n + rowAt(Math.floor(i / W), i % W, W)) * d + col]);
    const [vmin, vmax] = heatmap.limits;
    const cm = pe.colormap(values, { map: state.colormap, vmin, vmax });
    const want = cm.data.slice();
    cm.free();
    const c = gridView.canvas;
    const cc = new OffscreenCanvas(c.width, c.height).getContext('2d', { willReadFrequently: true });
    cc.drawImage(c, 0, 0);
    const img = cc.getImageData(0, 0, c.width, c.height).data;
    const s = gridView.shown.cell * devicePixelRatio;
    const bad = [];
    for (let i = 0; i < H * W; i++) {
      const x = Math.floor((i % W) * s + 0.06 * s), y = Math.floor(Math.floor(i / W) * s + 0.75 * s);
      const k = 4 * (y * c.width + x);
      const got = [img[k], img[k + 1], img[k + 2]].join(','), exp = [want[4 * i], want[4 * i + 1], want[4 * i + 2]].join(',');
      if (got !== exp && bad.length < 5) bad.push({ i, got, exp });
    }
    const distinct = new Set(values).size;
    return { H, W, bad, distinct, caption: gridView.element.querySelector('figcaption').textContent, hidden: gridView.element.hidden };
  }, { kind, params, rowOf });

  test('Pixtral grid: column 0 (cos) painted over the 16 x 16 patches in raster order', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-pixtral-grid')), 'ok');
    const g = await gridPixels(page, { kind: 'rope-2d', params: { style: 'pixtral', height: 16, width: 16 }, rowOf: 'r * W + c' });
    assert.equal(g.hidden, false);
    assert.deepEqual([g.H, g.W], [16, 16]);
    assert.deepEqual(g.bad, []);
    assert.ok(g.distinct > 8, 'column 0 varies over the grid');
    assert.match(g.caption, /Column 0 \(cos\) over the 16 × 16 patch grid; the line follows the token order \(raster\)/);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });

  test('qwen-vit merge order: each cell shows its own patch, whatever row the order gives it', async () => {
    const { page, problems } = await ex.open('?kind=rope-2d&height=8&width=12&columns=22&index=1');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    // the raster table of the same grid holds cell (r, c) at row r W + c: independent of the order
    const g = await gridPixels(page, { kind: 'rope-2d', params: { height: 8, width: 12, order: 'raster' }, rowOf: 'r * W + c' });
    assert.deepEqual([g.H, g.W], [8, 12]);
    assert.deepEqual(g.bad, []);
    assert.match(g.caption, /Column 22 \(sin\).*\(merge\), numbers are table rows/);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });

  test('MAE sin-cos: column 64 over the 14 x 14 grid after the cls row; a chosen column follows', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-mae-sincos')), 'ok');
    let g = await gridPixels(page, { kind: 'sincos-2d', params: { height: 14, dim: 256, cls: 1 }, rowOf: '1 + r * W + c' });
    assert.deepEqual([g.H, g.W, g.bad], [14, 14, []]);
    assert.match(g.caption, /^Column 0 over the 14 × 14/);
    // columns: clicking heatmap column 0 removes it from the chosen ones: the grid shows the next (64)
    await page.evaluate(() => window.explorer.heatmap.canvas.parentElement.querySelector('.posenc-heatmap-overlay').focus());
    await page.evaluate(() => {
      const { heatmap } = window.explorer;
      const r = heatmap.cellRect(5, 0);
      const ov = document.querySelector('.posenc-heatmap-overlay');
      const b = ov.getBoundingClientRect();
      const x = b.left + (r.x + r.w / 2) / devicePixelRatio, y = b.top + (r.y + r.h / 2) / devicePixelRatio;
      ov.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true }));
    });
    g = await gridPixels(page, { kind: 'sincos-2d', params: { height: 14, dim: 256, cls: 1 }, rowOf: '1 + r * W + c' });
    assert.match(g.caption, /^Column 64 over/);
    assert.deepEqual(g.bad, []);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });

  test('no grid for other kinds or for rope-2d with coords', async () => {
    const { page, problems } = await ex.open('?kind=rope-2d&coords=0,0,0,1,1,0');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    assert.equal(await page.evaluate(() => window.explorer.gridView.element.hidden), true);
    assert.equal(await rendered(page, () => page.click('#preset-t5')), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.gridView.element.hidden), true);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });

  test('<posenc-heatmap kind="mrope-positions">: hovering a token reads its index, segment and t/h/w ids', async () => {
    const { page, problems } = await ex.open('examples/docs.html', { ready: false });
    const at = await page.evaluate(async () => {
      await customElements.whenDefined('posenc-heatmap');
      const el = document.createElement('posenc-heatmap');
      el.id = 'mm';
      el.setAttribute('kind', 'mrope-positions');
      el.setAttribute('sequence', 'text:5 image:1x8x12 text:4');
      el.style.height = '300px';
      const done = new Promise((ok) => el.addEventListener('posenc-render', ok, { once: true }));
      document.body.append(el);
      await done;
      el.scrollIntoView();
      const r = el.view.cellRect(2, 7);
      const b = el.view.canvas.getBoundingClientRect();
      return { x: b.left + (r.x + r.w / 2) / devicePixelRatio, y: b.top + (r.y + r.h / 2) / devicePixelRatio };
    });
    await page.mouse.move(at.x, at.y);
    const text = await page.evaluate(() => document.getElementById('mm').shadowRoot.querySelector('.posenc-heatmap-readout').textContent);
    // Qwen2-VL docstring layout: token 7 is the image's third patch: (5, 5, 7)
    assert.ok(text.endsWith(': token 7 (image): t 5, h 5, w 7'), text);
    assert.deepEqual(problems, [], 'console errors/warnings');
  });
});
