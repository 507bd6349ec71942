// The multimodal views in Chromium (issue 16 item 3): mrope-positions' segment band over the heatmap's
// token columns, coloured from C's mrope-segments (checked against pe.compute and the contract's
// layout: text 5, image 1x8x12 = 24 pads, text 4, video 3x4x4 = 12 pads, text 6), and the hover
// readout naming a token's index, segment and t/h/w ids as pe.compute('mrope-positions') gives them;
// the block inset (an image or video as its grid of merged patches, ids from the plane, blocks from
// C's mrope-blocks) against the get_rope_index docstring values; the patch grid's column and frame
// choice; and the same views inside <posenc-heatmap>.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startExplorer, rendered, clean } from './harness.js';

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
      const img = window.readPixels(c);
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
    const want = `token 37 (video): t ${ids[0]}, h ${ids[1]}, w ${ids[2]} · video 1, frame 1 of 3, patch row 0, column 0 of 2 × 2`;
    assert.ok(heatText.includes(want), heatText);
    const bandText = await hover('.posenc-segments-readout', () => {
      const { heatmap, segmentBand } = window.explorer;
      const r = heatmap.cellRect(0, 37);
      const b = segmentBand.canvas.getBoundingClientRect();
      return { x: b.left + (r.x + r.w / 2) / devicePixelRatio, y: b.top + b.height / 2 };
    });
    assert.equal(bandText, want);
    clean(problems);
  });

  // Open `where`, then click each step's preset (none for the first): the view (a member of
  // window.explorer) is hidden or shown as each step says.
  const hiddenAlong = async (view, where, steps) => {
    const { page, problems } = await ex.open(where);
    for (const [preset, hidden] of steps) {
      if (preset) assert.equal(await rendered(page, () => page.click(`#preset-${preset}`)), 'ok');
      assert.equal(await page.evaluate((v) => window.explorer[v].element.hidden, view), hidden, `${view} at ${preset ?? where}`);
    }
    clean(problems);
  };

  test('the band hides for other kinds', () => hiddenAlong('segmentBand', '?kind=mrope-positions&sequence=text:2%20image:1x2x2',
    [[null, false], ['t5', true]]));

  // The band's colour at each heatmap column's centre pixel.
  const bandColours = (page) => page.evaluate(() => {
    const { heatmap, segmentBand } = window.explorer;
    const c = segmentBand.canvas;
    const img = window.readPixels(c);
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
    clean(problems);
  });

  test('plain rope: no axis band', () => hiddenAlong('segmentBand', '?kind=rope&dim=32', [[null, true]]));

  // Page side: the grid canvas's colour of every cell (a point off the order's path and numbers)
  // against pe.colormap of the expected values at the heatmap's map and limits. rowOf(r, c, W, f): the
  // table row holding cell (r, c) of frame f, from a reference written in the test; the column and
  // frame are the ones the view says it shows (gridView.shown), checked by the callers.
  const gridPixels = (page, { kind, params, rowOf }) => page.evaluate(({ kind, params, rowOf }) => {
    const { pe, heatmap, gridView, state } = window.explorer;
    return window.gridCheck(pe, gridView, heatmap.limits, state.index, state.colormap, kind, params, rowOf);
  }, { kind, params, rowOf });

  // Installs window.gridCheck in the page (also used on the elements' grid views).
  const gridCheckSource = () => {
    window.gridCheck = (pe, gridView, [vmin, vmax], part, map, kind, params, rowOf) => {
      const rowAt = new Function('r', 'c', 'W', 'f', `return ${rowOf};`);
      const t = pe.compute(kind, params);
      const d = t.shape.at(-1), n = t.shape.at(-2);
      const { column: col, frame } = gridView.shown;
      const { height: H, width: W } = gridView.shown.grid;
      const values = Float32Array.from({ length: H * W }, (_, i) => t.data[(part * n + rowAt(Math.floor(i / W), i % W, W, frame)) * d + col]);
      const cm = pe.colormap(values, { map, vmin, vmax });
      const want = cm.data.slice();
      cm.free();
      const c = gridView.canvas;
      const img = window.readPixels(c);
      const s = gridView.shown.cell * devicePixelRatio;
      const bad = [];
      const got = [];
      for (let i = 0; i < H * W; i++) {
        const x = Math.floor((i % W) * s + 0.06 * s), y = Math.floor(Math.floor(i / W) * s + 0.75 * s);
        const k = 4 * (y * c.width + x);
        got.push([img[k], img[k + 1], img[k + 2]].join(','));
        const exp = [want[4 * i], want[4 * i + 1], want[4 * i + 2]].join(',');
        if (got[i] !== exp && bad.length < 5) bad.push({ i, got: got[i], exp });
      }
      const distinct = new Set(values).size;
      return { H, W, col, frame, bad, distinct, got, caption: gridView.element.querySelector('figcaption').textContent, hidden: gridView.element.hidden };
    };
  };
  const openWithCheck = async (where, opts) => {
    const r = await ex.open(where, opts);
    await r.page.evaluate(gridCheckSource);
    return r;
  };

  test('Pixtral grid: column 0 (cos) painted over the 16 x 16 patches in raster order', async () => {
    const { page, problems } = await openWithCheck();
    assert.equal(await rendered(page, () => page.click('#preset-pixtral-grid')), 'ok');
    const g = await gridPixels(page, { kind: 'rope-2d', params: { style: 'pixtral', height: 16, width: 16 }, rowOf: 'r * W + c' });
    assert.equal(g.hidden, false);
    assert.deepEqual([g.H, g.W], [16, 16]);
    assert.deepEqual(g.bad, []);
    assert.ok(g.distinct > 8, 'column 0 varies over the grid');
    assert.match(g.caption, /Column 0 \(cos\) over the 16 × 16 patch grid; the line follows the token order \(raster\)/);
    clean(problems);
  });

  test('qwen-vit merge order: each cell shows its own patch, whatever row the order gives it', async () => {
    const { page, problems } = await openWithCheck('?kind=rope-2d&height=8&width=12&columns=22&index=1');
    // the raster table of the same grid holds cell (r, c) at row r W + c: independent of the order
    const g = await gridPixels(page, { kind: 'rope-2d', params: { height: 8, width: 12, order: 'raster' }, rowOf: 'r * W + c' });
    assert.deepEqual([g.H, g.W], [8, 12]);
    assert.deepEqual(g.bad, []);
    assert.match(g.caption, /Column 22 \(sin\).*\(merge\), numbers are table rows/);
    clean(problems);
  });

  test("the grid's numbers: drawn only where each fits inside its cell (measured), the token path visible beside them", async () => {
    const seen = [];
    for (const n of [4, 8, 12, 14, 16, 24, 32, 64]) {
      const { page, problems } = await ex.open(`?kind=sincos-2d&height=${n}&dim=8`);
      const g = await page.evaluate(() => {
        const { gridView: v } = window.explorer;
        const { cell, numbers, rows, grid } = v.shown;
        const ctx = document.createElement('canvas').getContext('2d');
        const family = getComputedStyle(v.element).fontFamily;
        const widths = (font) => { ctx.font = `${font}px ${family}`; return Array.from(rows, (r) => ctx.measureText(String(r)).width); };
        // whether the numbers fit at some font of 8 px to min(12, cell / 2.4) with 4 px beside and above them
        let fits = false;
        for (let font = 8; font <= Math.min(12, Math.floor(cell / 2.4)); font++) fits ||= font + 8 <= cell && Math.max(...widths(font)) + 8 <= cell;
        // the path: where it crosses from a cell to the next in raster order (beside the number), against the same cell off the path
        const img = window.readPixels(v.canvas), s = cell * devicePixelRatio, W = v.canvas.width;
        const px = (x, y) => [...img.subarray(4 * (Math.floor(y) * W + Math.floor(x)), 4 * (Math.floor(y) * W + Math.floor(x)) + 3)].join();
        let path = 0;
        for (let c = 0; c + 1 < grid.width; c++) if (px((c + 1) * s - 1.5, 0.5 * s) !== px((c + 1) * s - 1.5, 0.85 * s)) path++;
        return { n: grid.height, cell, numbers, fits, boxes: numbers ? Math.max(...widths(numbers.font)) + 2 * numbers.pad : null,
          path, pairs: grid.width - 1, caption: v.element.querySelector('figcaption').textContent };
      });
      assert.equal(g.n, n);
      assert.equal(g.numbers !== null, g.fits, JSON.stringify(g));
      if (g.numbers) assert.ok(g.boxes <= g.cell, `${n} x ${n}: a number's box (${g.boxes} px) is wider than its cell (${g.cell} px)`);
      assert.equal(/numbers are table rows/.test(g.caption), g.numbers !== null);
      if (g.cell >= 4) assert.equal(g.path, g.pairs, `${n} x ${n}: the path crosses every cell border of the first row`);
      seen.push([n, g.numbers !== null]);
      clean(problems);
      await page.close();
    }
    // small grids carry their numbers, large ones (14 x 14 and up at this size, in this font) do not
    assert.deepEqual(seen.filter(([, on]) => on).map(([n]) => n), [4, 8, 12]);
  });

  test('MAE sin-cos: column 64 over the 14 x 14 grid after the cls row; a chosen column follows', async () => {
    const { page, problems } = await openWithCheck();
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
    // the grid's own column choice: a chosen column's button, then a number; the URL follows
    await page.click('.posenc-grid-pick:nth-of-type(2)');  // columns are now 64, 128, 192: 128
    g = await gridPixels(page, { kind: 'sincos-2d', params: { height: 14, dim: 256, cls: 1 }, rowOf: '1 + r * W + c' });
    assert.equal(g.col, 128);
    assert.deepEqual(g.bad, []);
    await page.fill('.posenc-grid-column', '3');
    await page.press('.posenc-grid-column', 'Enter');
    g = await gridPixels(page, { kind: 'sincos-2d', params: { height: 14, dim: 256, cls: 1 }, rowOf: '1 + r * W + c' });
    assert.equal(g.col, 3);
    assert.match(g.caption, /^Column 3 over/);
    assert.deepEqual(g.bad, []);
    await page.waitForFunction(() => new URLSearchParams(location.search).get('grid-column') === '3');
    clean(problems);
  });

  test('no grid for other kinds or for rope-2d with coords', () => hiddenAlong('gridView', '?kind=rope-2d&coords=0,0,0,1,1,0',
    [[null, true], ['t5', true]]));

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
      el.scrollIntoView();  // elements render when near the viewport (web/elements/lazy.js)
      await done;
      // the inset beside the heatmap takes its room: the heatmap redraws at its size in the next
      // frames; the page's iframe above takes its height when its figure has drawn: in view once
      // nothing moves any more
      let was = '';
      for (let tries = 0; tries < 50; tries++) {  // 5 s at most: then the hover below says where it landed
        el.scrollIntoView({ block: 'center' });
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const now = JSON.stringify(el.view.canvas.getBoundingClientRect());
        if (now === was) break;
        was = now;
        await new Promise((r) => setTimeout(r, 100));
      }
      const r = el.view.cellRect(2, 7);
      const b = el.view.canvas.getBoundingClientRect();
      return { x: b.left + (r.x + r.w / 2) / devicePixelRatio, y: b.top + (r.y + r.h / 2) / devicePixelRatio };
    });
    await page.mouse.move(at.x, at.y);
    const text = await page.evaluate(() => document.getElementById('mm').shadowRoot.querySelector('.posenc-heatmap-readout').textContent);
    // Qwen2-VL docstring layout: token 7 is the image's third patch: (5, 5, 7)
    assert.ok(text.endsWith(': token 7 (image): t 5, h 5, w 7 · image 0, patch row 0, column 2 of 4 × 6'), text);
    clean(problems);
  });

  test('grid view: column and frame from the URL; frame 1 differs from frame 0 exactly where the frame id counts', async () => {
    // FLUX 3-D ids (f, r, c): axesDim [16, 56, 56], gptj: column 2i is cos of pair i; pairs 0..7 rotate by
    // the frame id, 8..35 by the row: column 0 is cos(f · 1) (1 on frame 0, cos 1 on frame 1, flat over the
    // grid), column 16 cos(r · θ) (the same on both frames)
    const q = '?kind=rope-2d&style=flux&height=6&width=8&frames=2&columns=0,16';
    const at = async (extra) => {
      const { page, problems } = await openWithCheck(q + extra);
      const g = await gridPixels(page, { kind: 'rope-2d', params: { style: 'flux', height: 6, width: 8, frames: 2 }, rowOf: 'f * 48 + r * W + c' });
      assert.deepEqual(g.bad, [], extra);
      clean(problems);
      await page.close();
      return g;
    };
    const f0 = await at('');
    const f1 = await at('&frame=1');
    assert.deepEqual([f0.col, f0.frame, f1.col, f1.frame], [0, 0, 0, 1]);
    assert.equal(new Set(f0.got).size, 1, 'frame 0, column 0: cos 0 everywhere');
    assert.equal(new Set(f1.got).size, 1);
    assert.notEqual(f0.got[0], f1.got[0], 'cos 1 on frame 1');
    assert.match(f1.caption, /frame 1 of 2/);
    const h0 = await at('&grid-column=16');
    const h1 = await at('&grid-column=16&frame=1');
    assert.deepEqual([h0.col, h1.col, h1.frame], [16, 16, 1]);
    assert.deepEqual(h0.got, h1.got, 'a row column does not depend on the frame');
    assert.ok(new Set(h0.got).size > 1, 'column 16 varies down the grid');
  });

  test('Qwen2.5-VL preset: the block inset draws the image as 4 x 6 merged patches with its h and w ids', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-qwen25vl-prompt')), 'ok');
    const read = () => page.evaluate(() => {
      const { blockInset: v } = window.explorer;
      const { frame, block, cell, token } = v.shown;
      const ids = [];
      for (let r = 0; r < frame.height; r++) for (let c = 0; c < frame.width; c++) ids.push(v.shown.ids(r, c));
      return { block: block.index, kind: block.kind, frame: frame.frame, first: frame.first, height: frame.height, width: frame.width,
        cell, token, ids, canvas: [v.canvas.width, v.canvas.height], hidden: v.element.hidden,
        caption: v.element.querySelector('figcaption').textContent, why: v.element.querySelector('.posenc-inset-why').textContent,
        readout: v.element.querySelector('.posenc-inset-readout').textContent };
    });
    let got = await read();
    // the Qwen2-VL docstring image (1x8x12, merge 2) after 5 text tokens: ids (5, 5 + r, 5 + c)
    assert.equal(got.hidden, false);
    assert.deepEqual([got.block, got.kind, got.first, got.height, got.width], [0, 1, 5, 4, 6]);
    assert.deepEqual(got.canvas, [6 * got.cell, 4 * got.cell]);
    assert.deepEqual(got.ids, Array.from({ length: 24 }, (_, i) => [5, 5 + Math.floor(i / 6), 5 + (i % 6)]));
    assert.match(got.caption, /^Block 0, image, tokens 5–28: 4 × 6 merged patches\. t 5 for every patch/);
    assert.equal(got.why, 'Text after this image starts at 11 = 1 + the largest id so far, 10 (the image\'s last column\'s w).');

    // hovering token 38 on the heatmap: the video (block 1), its frame 1, cell (0, 1) highlighted
    const hoverToken = (col) => page.evaluate((col) => {
      const { heatmap } = window.explorer;
      const r = heatmap.cellRect(1, col);
      const b = heatmap.canvas.getBoundingClientRect();
      return { x: b.left + (r.x + r.w / 2) / devicePixelRatio, y: b.top + (r.y + r.h / 2) / devicePixelRatio };
    }, col).then((p) => page.mouse.move(p.x, p.y));
    await hoverToken(38);
    got = await read();
    assert.deepEqual([got.block, got.kind, got.frame, got.first, got.height, got.width, got.token], [1, 2, 1, 37, 2, 2, 38]);
    // video 3x4x4@1 at 2 tokens per second after text 11..14: t 15 + 2 on frame 1, h 15 + r, w 15 + c
    assert.deepEqual(got.ids, [[17, 15, 15], [17, 15, 16], [17, 16, 15], [17, 16, 16]]);
    assert.equal(got.why, 'Text after this video starts at 20 = 1 + the largest id so far, 19 (the video\'s last frame\'s t).');
    // the highlighted cell is painted in the video's colour, the others lighter
    const px = await page.evaluate(() => {
      const v = window.explorer.blockInset;
      const c = v.canvas;
      const img = window.readPixels(c);
      const at = (r, q) => {
        const s = v.shown.cell * devicePixelRatio;
        const k = 4 * (Math.floor(r * s + 3) * c.width + Math.floor(q * s + 3));
        return Array.from(img.subarray(k, k + 4)).join(',');
      };
      return [at(0, 0), at(0, 1), at(1, 0)];
    });
    assert.equal(px[1], '44,160,44,255');  // tab:green, opaque
    assert.notEqual(px[0], px[1]);
    assert.equal(px[0], px[2]);
    // hovering the inset redraws it once per cell entered, into the canvas it has (no reallocation)
    const spy = await page.evaluate(() => {
      const c = window.explorer.blockInset.canvas;
      const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width');
      const getContext = c.getContext;
      window.insetSpy = { draws: 0, writes: 0 };
      c.getContext = (...a) => { window.insetSpy.draws++; return getContext.apply(c, a); };
      Object.defineProperty(c, 'width', { configurable: true, get() { return width.get.call(c); },
        set(v) { window.insetSpy.writes++; width.set.call(c, v); } });
      const b = c.getBoundingClientRect();
      const s = window.explorer.blockInset.shown.cell;
      return { x: b.left, y: b.top, s, token: window.explorer.blockInset.shown.token };
    });
    assert.equal(spy.token, 38, 'cell (0, 1) is hot');
    for (const [x, y] of [[0.3, 0.3], [0.6, 0.5], [1.5, 0.5]]) await page.mouse.move(spy.x + x * spy.s, spy.y + y * spy.s);
    const counted = await page.evaluate(() => {
      const c = window.explorer.blockInset.canvas;
      delete c.getContext;
      delete c.width;
      return { ...window.insetSpy, token: window.explorer.blockInset.shown.token };
    });
    assert.deepEqual(counted, { draws: 2, writes: 0, token: 38 });

    // the first text token after the video: why 20
    await hoverToken(45);
    const text = await page.textContent('.posenc-heatmap-readout');
    assert.ok(text.endsWith('token 45 (text): t 20, h 20, w 20 · text after video 1: starts at 20 = 1 + the largest id so far, 19 (the video\'s last frame\'s t)'), text);

    // a click on the band keeps the clicked token's block and frame (view options block and frame)
    const band = await page.evaluate(() => {
      const { heatmap, segmentBand } = window.explorer;
      const r = heatmap.cellRect(0, 38);
      const b = segmentBand.canvas.getBoundingClientRect();
      return { x: b.left + (r.x + r.w / 2) / devicePixelRatio, y: b.top + b.height / 2 };
    });
    await page.mouse.click(band.x, band.y);
    assert.deepEqual(await page.evaluate(() => [window.explorer.state.block, window.explorer.state.frame]), [1, 1]);

    // the frame slider steps through the video; the URL keeps block and frame
    await page.evaluate(() => {
      const s = document.querySelector('.posenc-inset-frame input');
      s.value = '2';
      s.dispatchEvent(new Event('input', { bubbles: true }));
    });
    got = await read();
    assert.deepEqual([got.block, got.frame, got.first], [1, 2, 41]);
    assert.deepEqual(got.ids.map((i) => i[0]), [19, 19, 19, 19]);
    await page.waitForFunction(() => location.search.includes('block=1') && location.search.includes('frame=2'));
    const url = await page.evaluate(() => location.search);
    const again = await ex.open(url);
    assert.deepEqual(await again.page.evaluate(() => [window.explorer.blockInset.shown.block.index, window.explorer.blockInset.shown.frame.frame]), [1, 2]);
    clean([...problems, ...again.problems]);
  });

  test('the inset hides for prompts without images and for other kinds', () => hiddenAlong('blockInset', '?kind=mrope-positions&sequence=text:7',
    [[null, true], ['qwen25vl-prompt', false], ['pixtral-grid', true]]));

  test('<posenc-heatmap>: the segment band, the block inset, the axis band and the patch grid of the explorer', async () => {
    const { page, problems } = await ex.open('examples/docs.html', { ready: false });
    await page.evaluate(gridCheckSource);
    const got = await page.evaluate(async () => {
      await customElements.whenDefined('posenc-heatmap');
      const add = async (attrs) => {
        const el = document.createElement('posenc-heatmap');
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
        const done = new Promise((ok) => el.addEventListener('posenc-render', ok, { once: true }));
        document.body.append(el);
        el.scrollIntoView();  // elements render when near the viewport (web/elements/lazy.js)
        await done;
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return el;
      };
      const bandColours = (el) => {
        const c = el.shadowRoot.querySelector('.posenc-segments-band');
        const img = window.readPixels(c);
        return Array.from({ length: el.view.plane.cols }, (_, col) => {
          const r = el.view.cellRect(0, col);
          const k = 4 * ((c.height >> 1) * c.width + r.x + (r.w >> 1));
          return [img[k], img[k + 1], img[k + 2], img[k + 3]].join(',');
        });
      };
      const pe = customElements.get('posenc-heatmap').pe;
      const params = { sequence: 'text:5 image:1x8x12 text:4 video:3x4x4@1 text:6', model: 'qwen2.5-vl' };
      const mm = await add({ kind: 'mrope-positions', sequence: params.sequence, model: params.model, block: '1', frame: '2' });
      const inset = mm.shadowRoot.querySelector('.posenc-inset');
      const rope = await add({ kind: 'rope', dim: '32', 'mrope-section': '4,6,6' });
      const vit = await add({ kind: 'rope-2d', 'pe-style': 'flux', height: '6', width: '8', frames: '2', columns: '16,0', frame: '1' });
      return {
        segs: Array.from(pe.compute('mrope-segments', params).data), segColours: bandColours(mm),
        inset: { hidden: inset.hidden, caption: inset.querySelector('figcaption').textContent },
        axes: Array.from(pe.compute('mrope-axes', { dim: 32, mropeSection: [4, 6, 6] }).data), axisColours: bandColours(rope),
        gridHidden: [mm, rope].map((el) => el.shadowRoot.querySelector('.posenc-grid').hidden),
        ropeInsetHidden: rope.shadowRoot.querySelector('.posenc-inset').hidden,
        sameClasses: mm.shadowRoot.querySelector('.posenc-inset') !== null,
      };
    });
    const segColour = ['', '255,127,14,255', '44,160,44,255'];
    const fill = (n, v) => Array(n).fill(v);
    assert.deepEqual(got.segs, [...fill(5, 0), ...fill(24, 1), ...fill(4, 0), ...fill(12, 2), ...fill(6, 0)]);
    got.segs.forEach((k, i) => { if (k) assert.equal(got.segColours[i], segColour[k], `token ${i}`); });
    const text = new Set(got.segs.map((k, i) => (k === 0 ? got.segColours[i] : null)).filter(Boolean));
    assert.equal(text.size, 1, 'text tokens share one colour');
    assert.ok(![...text][0].startsWith('255,127,14') && ![...text][0].startsWith('44,160,44'));
    assert.equal(got.inset.hidden, false);
    assert.match(got.inset.caption, /^Block 1, video, tokens 33–44: 3 frames of 2 × 2 merged patches\. Frame 2 .*: t 19\./);
    const axisColour = ['31,119,180,255', '214,39,40,255', '148,103,189,255'];
    const half = [...fill(4, 0), ...fill(6, 1), ...fill(6, 2)];  // chunked [4, 6, 6] over 16 frequencies, neox halves
    assert.deepEqual(got.axes, [...half, ...half]);
    assert.equal(got.axisColours.length, 32);
    got.axes.forEach((a, j) => assert.equal(got.axisColours[j], axisColour[a], `column ${j}`));
    assert.deepEqual(got.gridHidden, [true, true]);
    assert.equal(got.ropeInsetHidden, true);
    // the rope-2d element's grid: grid column defaults to the first of columns (16), frame 1; every
    // cell at the colour of the table value it holds (FLUX raster order: row f · 48 + r · 8 + c)
    const check = () => page.evaluate(() => {
      const els = document.querySelectorAll('posenc-heatmap');
      const el = els[els.length - 1];
      return window.gridCheck(el.pe, el.multimodal.grid, el.view.limits, 0, 'coolwarm', 'rope-2d',
        { style: 'flux', height: 6, width: 8, frames: 2 }, 'f * 48 + r * W + c');
    });
    const g = await check();
    assert.deepEqual([g.col, g.frame, g.bad], [16, 1, []]);
    assert.equal(g.hidden, false);
    assert.match(g.caption, /^Column 16 \(cos\) over the 6 × 8 patch grid, frame 1 of 2/);
    // choosing column 0 with the grid's own button sets the element's grid-column attribute; the
    // table, its order and the heatmap are not computed again for it
    const calls = await page.evaluate(async () => {
      const els = document.querySelectorAll('posenc-heatmap');
      const el = els[els.length - 1];
      const pe = el.pe;
      const calls = [];
      const own = ['compute', 'computeView', 'range'];
      for (const name of own) pe[name] = (...a) => { calls.push(name); return Object.getPrototypeOf(pe)[name].apply(pe, a); };
      try {
        const done = new Promise((ok) => el.addEventListener('posenc-render', ok, { once: true }));
        el.shadowRoot.querySelector('.posenc-grid-pick:nth-of-type(2)').click();
        await done;
      } finally {
        for (const name of own) delete pe[name];
      }
      return calls;
    });
    assert.deepEqual(calls, []);
    const after = await page.evaluate(() => {
      const els = document.querySelectorAll('posenc-heatmap');
      const el = els[els.length - 1];
      return { attr: el.getAttribute('grid-column'), prop: el.gridColumn, caption: el.shadowRoot.querySelector('.posenc-grid figcaption').textContent };
    });
    assert.deepEqual([after.attr, after.prop], ['0', 0]);
    assert.match(after.caption, /^Column 0 \(cos\)/);
    const g0 = await check();
    assert.deepEqual([g0.col, g0.frame, g0.bad], [0, 1, []]);
    assert.notDeepEqual(g0.got, g.got);
    clean(problems);
  });
});
