// The colormaps (C, through pe.colormap / pe.range) and the explorer page in Debian's Chromium.
// Colour tables are checked against matplotlib's published data (lib/matplotlib/_cm_listed.py,
// lib/matplotlib/_cm.py), converted as cmap(i, bytes=True) does: trunc(255 x).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { throwsWith } from '../errors.js';
import { refPixels } from '../colormap-reference.js';
import { load, PosencError } from '../../web/posenc.js';
import { startExplorer, rendered, checkPixels, canvasHash, chartLines, parseNPY, clean } from './harness.js';

const pe = await load();
const rgb = (map, i) => [...pe.colormapLUT(map).subarray(4 * i, 4 * i + 3)];

describe('colormaps (c/colormap.c)', () => {
  test('the colormap registry is read from C', () => {
    assert.deepEqual(pe.colormaps.map((m) => m.name), ['coolwarm', 'viridis', 'cividis', 'rdbu']);
    assert.deepEqual(pe.colormaps.map((m) => m.centred), [false, false, false, true]);
    assert.ok(Object.isFrozen(pe.colormaps) && pe.colormaps.every((m) => m.title.length > 0));
  });

  test("tables are matplotlib's", () => {
    // _viridis_data[0] = [0.267004, 0.004874, 0.329415], [64] = [0.229739, 0.322361, 0.545706],
    // [128] = [0.127568, 0.566949, 0.550556], [255] = [0.993248, 0.906157, 0.143936]
    assert.deepEqual(rgb('viridis', 0), [68, 1, 84]);
    assert.deepEqual(rgb('viridis', 64), [58, 82, 139]);
    assert.deepEqual(rgb('viridis', 128), [32, 144, 140]);
    assert.deepEqual(rgb('viridis', 255), [253, 231, 36]);
    // _cividis_data[0] = [0.0, 0.135112, 0.304751], [128] = [0.488697, 0.485318, 0.471008],
    // [255] = [0.995737, 0.909344, 0.217772]
    assert.deepEqual(rgb('cividis', 0), [0, 34, 77]);
    assert.deepEqual(rgb('cividis', 128), [124, 123, 120]);
    assert.deepEqual(rgb('cividis', 255), [253, 231, 55]);
    // _coolwarm_data (Moreland): x = 0: (0.2298057, 0.298717966, 0.753683153);
    // x = 1: (0.705673158, 0.01555616, 0.150232812)
    assert.deepEqual(rgb('coolwarm', 0), [58, 76, 192]);
    assert.deepEqual(rgb('coolwarm', 255), [179, 3, 38]);
    // _RdBu_data (ColorBrewer RdBu, 11 classes), reversed: ends (5, 48, 97) and (103, 0, 31)
    assert.deepEqual(rgb('rdbu', 0), [5, 48, 97]);
    assert.deepEqual(rgb('rdbu', 255), [103, 0, 31]);
    for (const m of pe.colormaps) {
      const lut = pe.colormapLUT(m.name);
      assert.equal(lut.length, 1024);
      for (let i = 0; i < 256; i++) assert.equal(lut[4 * i + 3], 255);
    }
  });

  test('index = clamp(floor((v - vmin) / (vmax - vmin) * 256), 0, 255), float32 and int32', () => {
    const values = new Float32Array(4001).map((_, i) => -1.5 + (3 * i) / 4000);
    const [vmin, vmax] = [-1, 1];
    for (const map of ['coolwarm', 'viridis']) {
      const lut = pe.colormapLUT(map);
      const img = pe.colormap(values, { map, vmin, vmax });
      assert.equal(img.data.length, 4 * values.length);
      assert.deepEqual([img.vmin, img.vmax], [vmin, vmax]);
      assert.deepEqual([...img.data], [...refPixels(values, lut, vmin, vmax)], map);
      img.free();
    }
    const ints = Int32Array.from({ length: 99 }, (_, i) => i + 1);
    const img = pe.colormap(ints, { map: 'viridis' });
    assert.deepEqual([img.vmin, img.vmax], [1, 99]);
    const lut = pe.colormapLUT('viridis');
    assert.deepEqual([...img.data], [...refPixels(ints, lut, 1, 99)]);
    img.free();
  });

  test('-Infinity is transparent, NaN magenta, +Infinity the top colour; a flat range the middle', () => {
    const lut = pe.colormapLUT('coolwarm');
    const img = pe.colormap(new Float32Array([-Infinity, NaN, Infinity, 0.25]), { vmin: 0, vmax: 1 });
    assert.deepEqual([...img.data], [0, 0, 0, 0, 255, 0, 255, 255, ...lut.subarray(1020, 1024), ...lut.subarray(256, 260)]);
    img.free();
    const flat = pe.colormap(new Float32Array([3, 3]));
    assert.deepEqual([...flat.data.subarray(0, 4)], [...lut.subarray(512, 516)]);
    assert.deepEqual([flat.vmin, flat.vmax], [3, 3]);
    flat.free();
  });

  test('range: finite min/max, counts, limits (centred maps: ±max|v|)', () => {
    const t = new Float32Array([-Infinity, 0.5, NaN, -0.25, Infinity, -Infinity]);
    assert.deepEqual(pe.range(t), { min: -0.25, max: 0.5, lo: -0.25, hi: 0.5, finite: 2, nan: 1, negInf: 2, posInf: 1 });
    assert.deepEqual(pe.range(t, { map: 'rdbu' }), { min: -0.25, max: 0.5, lo: -0.5, hi: 0.5, finite: 2, nan: 1, negInf: 2, posInf: 1 });
    const none = pe.range(new Float32Array([NaN]));
    assert.ok(Number.isNaN(none.min) && Number.isNaN(none.max));
    assert.deepEqual([none.lo, none.hi], [0, 0]);
    const rel = pe.compute('relative', { queries: 50, offset: 50 });  // the seed: j - i + 50
    assert.deepEqual(pe.range(rel), { min: 1, max: 99, lo: 1, hi: 99, finite: 2500, nan: 0, negInf: 0, posInf: 0 });
    assert.deepEqual(pe.range(rel, { offset: 49 * 50, count: 50 }).max, 50);  // last row: j - 49 + 50
  });

  test('views: zero-copy from computeView, planes by offset/count, equal to colouring a copy', () => {
    const view = pe.computeView('alibi', { heads: 4, queries: 6 });
    try {
      const plane = 2 * 36;
      const a = pe.colormap(view, { map: 'viridis', offset: plane, count: 36 });
      const b = pe.colormap(view.data.slice(plane, plane + 36), { map: 'viridis' });
      assert.deepEqual([...a.data], [...b.data]);
      assert.deepEqual([a.vmin, a.vmax], [b.vmin, b.vmax]);
      assert.equal(a.data.buffer, pe.memory.buffer);
      a.free();
      b.free();
      assert.throws(() => a.data, (e) => e instanceof PosencError && e.param === 'data');
    } finally {
      view.free();
    }
  });

  test('errors name the parameter; the instance keeps working', () => {
    const t = new Float32Array([0, 1]);
    throwsWith(() => pe.colormap(t, { vmin: 2, vmax: 1 }), 'ERANGE', 'vmin');
    throwsWith(() => pe.colormap(t, { vmin: Infinity }), 'EINVAL', 'vmin');
    throwsWith(() => pe.colormap(t, { vmax: '1' }), 'EINVAL', 'vmax');
    throwsWith(() => pe.colormap(t, { map: 'jet' }), 'EINVAL', 'map');
    throwsWith(() => pe.colormap(t, { offset: 3 }), 'ERANGE', 'offset');
    throwsWith(() => pe.colormap(t, { offset: 1, count: 2 }), 'ERANGE', 'count');
    throwsWith(() => pe.range(t, { offset: 0.5 }), 'ERANGE', 'offset');
    throwsWith(() => pe.colormap(new Float64Array(2)), 'EINVAL', 'data');
    assert.deepEqual([...pe.colormap(t, { map: 'viridis' }).data.subarray(0, 4)], [68, 1, 84, 255]);
  });

  test('range() with vmin/vmax gives the limits colormap() uses and refuses what it refuses', () => {
    const t = new Float32Array([-3, 0.5, 2, NaN]);
    const auto = pe.range(t, { map: 'rdbu' });
    assert.deepEqual([auto.min, auto.max, auto.lo, auto.hi, auto.finite, auto.nan], [-3, 2, -3, 3, 3, 1]);
    for (const opts of [{ vmin: -1 }, { vmax: 1.5 }, { vmin: 0, vmax: 1 }, { vmin: 2, vmax: 2 }, {}]) {
      const r = pe.range(t, { map: 'rdbu', ...opts });
      const img = pe.colormap(t, { map: 'rdbu', ...opts });
      assert.deepEqual([r.lo, r.hi], [img.vmin, img.vmax], JSON.stringify(opts));
      assert.deepEqual([r.min, r.max, r.finite, r.nan], [-3, 2, 3, 1]);  // the statistics stay the data's
      img.free();
    }
    assert.deepEqual([pe.range(t, { vmin: -1 }).lo, pe.range(t, { vmin: -1 }).hi], [-1, 2]);
    for (const [opts, code, param] of [[{ vmin: 2, vmax: 1 }, 'ERANGE', 'vmin'], [{ vmin: 5 }, 'ERANGE', 'vmin'],
      [{ vmin: Infinity }, 'EINVAL', 'vmin'], [{ vmax: -Infinity }, 'EINVAL', 'vmax'], [{ vmax: '1' }, 'EINVAL', 'vmax']]) {
      throwsWith(() => pe.range(t, opts), code, param);
      throwsWith(() => pe.colormap(t, opts), code, param);
    }
    assert.throws(() => pe.range(t, { vmin: 5 }), /vmin = 5 is greater than vmax/);
  });
});

describe('explorer in Chromium', () => {
  let ex;
  before(async () => { ex = await startExplorer(); });
  after(async () => { await ex?.close(); });

  test('loads clean with the seed figure 1 (vaswani, 64 × 50, coolwarm, labels) and a few lines', async () => {
    const { page, problems, response } = await ex.open();
    assert.equal(response.headers()['content-security-policy'], "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' https://huggingface.co");
    const s = await page.evaluate(() => ({ state: window.explorer.state, labels: window.explorer.heatmap.labels(),
      status: document.documentElement.dataset.status, shape: window.explorer.plane.shape, search: location.search }));
    assert.equal(s.status, 'ok');
    assert.equal(s.state.kind, 'sinusoidal');
    assert.deepEqual(s.state.params, { positions: 50, dim: 64, variant: 'vaswani' });
    assert.equal(s.state.colormap, 'coolwarm');
    assert.deepEqual(s.shape, [50, 64]);
    assert.deepEqual(s.labels, { heading: 'Positional Encoding Heatmap', columnLabel: 'Embedding Dimension', rowLabel: 'Sequence Position', valueLabel: 'Encoding Value' });
    assert.equal(s.search, '');
    const lines = await chartLines(page);
    assert.deepEqual(lines.map((l) => l.column), [0, 1, 10, 20]);
    assert.ok(lines.every((l) => l.n === 50));
    // The seed prints pe[0..2, 0] = 0, 0.84147096, 0.9092974 (dimension 0 = sin(p)).
    assert.deepEqual(lines[0].ys.slice(0, 3).map((v) => Math.fround(v)), [0, Math.fround(0.84147096), Math.fround(0.9092974)]);
    const px = await checkPixels(page, { all: true });
    assert.deepEqual(px.bad, []);
    assert.equal(px.checked > 50 * 64 * 4, true);
    assert.deepEqual(px.limits, px.auto);
    assert.ok(px.opaque);
    // Every control has a label.
    const unlabeled = await page.evaluate(() => [...document.querySelectorAll('#controls input, #controls select, #controls textarea')]
      .filter((e) => !e.labels?.length && !e.getAttribute('aria-label')).map((e) => e.id || e.outerHTML));
    assert.deepEqual(unlabeled, []);
    clean(problems);
    await page.close();
  });

  test('cells are sharp at devicePixelRatio 1.5 and 2 (every pixel of every cell)', async () => {
    for (const scale of [1.5, 2]) {
      const { page, problems } = await ex.open('', { scale });
      const px = await checkPixels(page, { all: true });
      assert.equal(px.dpr, scale);
      assert.equal(px.canvasWidth, Math.round(px.cssWidth * scale));
      assert.deepEqual(px.bad, [], `dpr ${scale}`);
      assert.ok(px.checked >= 50 * 64 * scale * scale);
      clean(problems);
      await page.close();
    }
  });

  test('a table larger than the plot area: every device pixel shows the cell under its centre (DPR 1 and 1.5)', async () => {
    // 2048 rows on ~620 device pixels, 512 columns on ~620: drawn at screen resolution (C samples
    // the cells, pe.colormapImage), each pixel of the plot area in exactly one cell's rectangle.
    for (const scale of [1, 1.5]) {
      const { page, problems } = await ex.open('?kind=sinusoidal&positions=2048&dim=512', { scale });
      const px = await checkPixels(page, { all: true });
      assert.deepEqual(px.bad, [], `dpr ${scale}`);
      const { area } = px;
      assert.ok(area.h < 2048 && area.w > 512, JSON.stringify(area));  // rows sampled, columns widened
      assert.equal(px.checked, area.w * area.h, `dpr ${scale}: every pixel of the plot area checked once`);
      clean(problems);
      await page.close();
    }
  });

  test('changing controls updates heatmap and chart', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.fill('#c-dim', '32')), 'ok');
    assert.deepEqual(await page.evaluate(() => window.explorer.plane.shape), [50, 32]);
    assert.deepEqual((await checkPixels(page)).bad, []);
    assert.deepEqual((await chartLines(page)).map((l) => l.column), [0, 1, 10, 20]);
    const before = await chartLines(page);
    assert.equal(await rendered(page, () => page.fill('#c-positions', '80')), 'ok');
    const after = await chartLines(page);
    assert.ok(after.every((l) => l.n === 80));
    assert.deepEqual(after[2].ys.slice(0, 8), before[2].ys.slice(0, 8));  // same column, more rows
    assert.equal(await rendered(page, () => page.fill('#c-base', '100')), 'ok');
    assert.notDeepEqual((await chartLines(page))[2].ys, after[2].ys);
    assert.equal(await rendered(page, () => page.selectOption('#c-variant', 'tensor2tensor')), 'ok');
    assert.equal(await rendered(page, () => page.selectOption('#c-colormap', 'viridis')), 'ok');
    const px = await checkPixels(page);
    assert.deepEqual(px.bad, []);
    assert.equal(px.rows, 80);
    // The slider drives the same parameter.
    await rendered(page, () => page.locator('#c-dim').locator('xpath=..').locator('input[type=range]').fill('16'));
    assert.deepEqual(await page.evaluate(() => window.explorer.plane.shape), [80, 16]);
    assert.equal(await page.inputValue('#c-dim'), '16');
    // Many rows: Chart.js decimates (LTTB) what it draws, the plane keeps every value (up to 2048
    // rows a table is computed whole; longer ones are sampled: tests/browser/zoom.test.js).
    assert.equal(await rendered(page, () => page.fill('#c-positions', '2000')), 'ok');
    const drawn = await page.evaluate(() => window.explorer.plot.chart.data.datasets.map((d) => [d.data.length, d._data.length]));
    assert.ok(drawn.every(([shown, all]) => shown < 1000 && all === 2000), JSON.stringify(drawn));
    clean(problems);
    await page.close();
  });

  test('the head selector keeps its focus while the keyboard steps through heads', async () => {
    const { page, problems } = await ex.open('?kind=alibi');
    await page.focus('#c-index');
    for (const want of [1, 2]) {
      assert.equal(await rendered(page, () => page.keyboard.press('ArrowDown')), 'ok');
      assert.deepEqual(await page.evaluate(() => [document.activeElement.id, document.activeElement.value,
        window.explorer.plane.lead.index]), ['c-index', String(want), want]);
    }
    clean(problems);
    await page.close();
  });

  test('clicking a heatmap column adds its line, clicking again removes it; Enter does the same', async () => {
    const { page, problems } = await ex.open();
    const point = await page.evaluate(() => {
      const r = window.explorer.heatmap.cellRect(7, 5);
      const d = window.devicePixelRatio;
      return { x: (r.x + r.w / 2) / d, y: (r.y + r.h / 2) / d };
    });
    const overlay = page.locator('.posenc-heatmap-overlay');
    await rendered(page, () => overlay.click({ position: point }));
    let lines = await chartLines(page);
    assert.deepEqual(lines.map((l) => l.column), [0, 1, 10, 20, 5]);
    assert.equal(lines[4].label, 'Embedding Dimension 5');
    assert.equal(lines[4].n, 50);
    const readout = await page.textContent('.posenc-heatmap-readout');
    const v = await page.evaluate(() => window.explorer.plane.value(7, 5));
    assert.ok(!Number.isInteger(v));
    assert.equal(readout, `Sequence Position 7, Embedding Dimension 5: ${Number(v.toPrecision(6))}`);  // six digits
    await rendered(page, () => overlay.click({ position: point }));
    assert.deepEqual((await chartLines(page)).map((l) => l.column), [0, 1, 10, 20]);
    await overlay.focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    await rendered(page, () => page.keyboard.press('Enter'));
    // The keyboard cursor continues from the clicked cell (7, 5).
    assert.deepEqual((await chartLines(page)).map((l) => l.column), [0, 1, 10, 20, 8]);
    assert.match(await page.textContent('.posenc-heatmap-readout'), /^Sequence Position 8, Embedding Dimension 8: /);
    assert.match(await page.evaluate(() => location.search), /columns=0%2C1%2C10%2C20%2C8/);
    clean(problems);
    await page.close();
  });

  test('one click gives the seed figure 2 (relative, 50, offset 50, "Relative Distance")', async () => {
    const { page, problems } = await ex.open();
    await rendered(page, () => page.click('#preset-seed-relative'));
    const s = await page.evaluate(() => ({ state: window.explorer.state, labels: window.explorer.heatmap.labels(),
      stats: window.explorer.heatmap.stats, shape: window.explorer.plane.shape }));
    assert.equal(s.state.kind, 'relative');
    assert.deepEqual(s.state.params, { queries: 50, offset: 50 });
    assert.deepEqual(s.shape, [50, 50]);
    assert.equal(s.labels.heading, 'Relative Positional Encoding Heatmap');
    assert.equal(s.labels.valueLabel, 'Relative Distance');
    assert.deepEqual([s.stats.min, s.stats.max], [1, 99]);  // j - i + 50
    assert.deepEqual((await checkPixels(page)).bad, []);
    // Presets are history entries: Back returns to the first figure.
    await rendered(page, () => page.goBack());
    assert.equal(await page.evaluate(() => window.explorer.state.kind), 'sinusoidal');
    assert.equal(await page.inputValue('#c-kind'), 'sinusoidal');
    clean(problems);
    await page.close();
  });

  test('a URL restores the view exactly (identical pixels, state and lines)', async () => {
    const { page, problems } = await ex.open();
    await rendered(page, () => page.click('#preset-alibi'));
    await rendered(page, () => page.selectOption('#c-index', '3'));
    await rendered(page, () => page.selectOption('#c-colormap', 'rdbu'));
    await rendered(page, () => page.fill('#c-vmax', '0.5'));
    await rendered(page, () => page.fill('#c-heading', 'ALiBi, head 3 — «test» & co'));
    const px = await checkPixels(page);
    assert.deepEqual(px.bad, []);
    assert.ok(px.masked > 0 && px.opaque);
    assert.deepEqual(px.limits, [px.auto[0], 0.5]);
    const url = page.url();
    const want = { hash: await canvasHash(page), state: await page.evaluate(() => window.explorer.state), lines: await chartLines(page) };
    const again = await ex.open(new URL(url).search);
    assert.deepEqual(await again.page.evaluate(() => window.explorer.state), want.state);
    assert.equal(await canvasHash(again.page), want.hash);
    assert.deepEqual(await chartLines(again.page), want.lines);
    assert.equal(await again.page.inputValue('#c-index'), '3');
    // The same view under the keys URLs had before the one vocabulary (web/views/options.js aliases).
    const search = new URL(url).search;
    const q = new URLSearchParams(search);
    assert.deepEqual([...q.keys()].filter((k) => ['colormap', 'vmax', 'columns', 'heading'].includes(k)), ['colormap', 'vmax', 'columns', 'heading']);
    const old = `?${search.slice(1).replace('colormap=', 'cmap=').replace('columns=', 'lines=').replace('heading=', 'title=')}`;
    const before = await ex.open(old);
    assert.deepEqual(await before.page.evaluate(() => window.explorer.state), want.state);
    assert.equal(await canvasHash(before.page), want.hash);
    assert.deepEqual(await chartLines(before.page), want.lines);
    await before.page.waitForFunction(() => !window.explorer.urlPending);
    assert.equal(await before.page.evaluate(() => location.search), search, 'the address bar is rewritten with the current keys');
    clean(problems);
    clean(again.problems);
    clean(before.problems);
    await page.close();
    await again.page.close();
    await before.page.close();
  });

  test("an embed URL opens here as it is, and this page's URL in the embed: the same values C computes (one vocabulary)", async () => {
    const embedQuery = '?kind=rope&positions=96&dim=32&base=500000&rope-type=llama3&factor=8&low-freq-factor=1&high-freq-factor=4'
      + '&original-max-position-embeddings=64&index=1&colormap=viridis&columns=0,5';
    const params = { positions: 96, dim: 32, base: 500000,
      ropeScaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 64 } };
    const sin = [...pe.compute('rope', params).data.subarray(96 * 32, 2 * 96 * 32)];  // plane 1
    assert.notDeepEqual(sin, [...pe.compute('rope', { positions: 96, dim: 32, base: 500000 }).data.subarray(96 * 32, 2 * 96 * 32)]);
    const shownBy = (page) => page.evaluate(() => ({
      state: window.explorer.state, status: document.documentElement.dataset.status, values: [...window.explorer.plane.data],
      notes: [...document.querySelectorAll('[data-error]:not([hidden])')].map((e) => e.textContent),
    }));
    const { page, problems } = await ex.open(embedQuery);
    const got = await shownBy(page);
    assert.deepEqual([got.status, got.notes], ['ok', []]);
    assert.deepEqual(got.state.params, params);
    assert.deepEqual([got.state.index, got.state.colormap, got.state.columns], [1, 'viridis', [0, 5]]);
    assert.deepEqual(got.values, sin);
    assert.deepEqual((await checkPixels(page)).bad, []);
    // the address bar holds the explorer's spelling; that URL and the old spelling draw the same
    await page.waitForFunction(() => !window.explorer.urlPending);
    const own = await page.evaluate(() => location.search);
    assert.match(own, /ropeScaling\.factor=8/);
    const old = await ex.open(own);
    assert.deepEqual(await shownBy(old.page), got);
    // the embed draws the same from its own URL and from this page's
    for (const q of [embedQuery, own]) {
      const e = await ex.open(`embed.html${q}`, { ready: false });
      const r = await e.page.evaluate(async () => {
        const el = () => document.querySelector('posenc-heatmap');  // made once the elements are defined
        while (el()?.status !== 'ok' && el()?.status !== 'error') await new Promise((ok) => setTimeout(ok, 20));
        return { status: el().status, values: [...el().view.plane.data], notice: document.getElementById('notice').hidden };
      });
      assert.deepEqual([r.status, r.notice], ['ok', true], q);
      assert.deepEqual(r.values, sin, q);
      clean(e.problems);
      await e.page.close();
    }
    clean(problems);
    clean(old.problems);
    await page.close();
    await old.page.close();
  });

  test('exports: PNG of the figure, CSV of the shown matrix, .npy of the table (numpy.load)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'posenc-export-'));
    const { page, problems } = await ex.open();
    const save = async (id) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      const path = join(dir, download.suggestedFilename());
      await download.saveAs(path);
      return { path, name: download.suggestedFilename(), bytes: await readFile(path) };
    };
    // numpy.load reads the file (python3-numpy: .ci/run and `bash build.sh setup` install it).
    const numpyLoad = (path) => {
      const r = spawnSync('/usr/bin/python3', ['-c',
        'import json, sys, numpy; a = numpy.load(sys.argv[1]); ' +
        'print(json.dumps({"dtype": str(a.dtype), "shape": list(a.shape), "data": [repr(float(v)) for v in a.ravel()]}))', path],
      { encoding: 'utf8' });
      assert.equal(r.status, 0, `/usr/bin/python3 with numpy could not load the .npy (apt-get install python3-numpy): ${r.error ?? ''} ${r.stderr}`);
      return JSON.parse(r.stdout);
    };
    try {
      const png = await save('#export-png');
      assert.equal(png.name, 'sinusoidal-50x64.png');
      assert.deepEqual([...png.bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
      assert.equal(png.bytes.toString('latin1', 12, 16), 'IHDR');
      const size = await page.evaluate(() => [window.explorer.heatmap.canvas.width, window.explorer.heatmap.canvas.height]);
      assert.deepEqual([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)], size);

      const shown = await page.evaluate(() => Array.from(window.explorer.plane.data));
      const csv = await save('#export-csv');
      const rows = csv.bytes.toString('utf8').trimEnd().split('\n').map((l) => l.split(','));
      assert.equal(rows.length, 50);
      assert.ok(rows.every((r) => r.length === 64));
      assert.deepEqual(rows.flat().map(Number), shown);

      const npy = await save('#export-npy');
      const a = parseNPY(npy.bytes);
      assert.deepEqual([a.descr, a.fortran, a.shape], ['<f4', false, [50, 64]]);
      assert.equal(a.dataOffset % 64, 0);
      assert.deepEqual(Array.from(a.data), shown);
      const np = numpyLoad(npy.path);
      assert.deepEqual([np.dtype, np.shape], ['float32', [50, 64]]);
      assert.deepEqual(np.data.map(Number), shown);

      // int32 (the seed's relative table) and a 3-D table with -Infinity (ALiBi, every head).
      await rendered(page, () => page.click('#preset-seed-relative'));
      const rel = parseNPY((await save('#export-npy')).bytes);
      assert.deepEqual([rel.descr, rel.shape], ['<i4', [50, 50]]);
      assert.deepEqual([rel.data[0], rel.data[49], rel.data[50 * 49]], [50, 99, 1]);
      await rendered(page, () => page.click('#preset-alibi'));
      const ali = await save('#export-npy');
      const t = parseNPY(ali.bytes);
      const full = await page.evaluate(() => Array.from(window.explorer.plane.view.data));
      assert.deepEqual([t.descr, t.shape], ['<f4', [8, 50, 50]]);
      assert.deepEqual(Array.from(t.data), full);
      assert.equal(t.data[1], -Infinity);
      const csv2 = (await save('#export-csv')).bytes.toString('utf8').trimEnd().split('\n');
      assert.equal(csv2.length, 50);
      assert.equal(csv2[0].split(',')[1], '-inf');
      const np3 = numpyLoad(ali.path);
      assert.deepEqual([np3.dtype, np3.shape], ['float32', [8, 50, 50]]);
      assert.deepEqual(np3.data.map((s) => (s === '-inf' ? -Infinity : Number(s))), full);
      clean(problems);
    } finally {
      await page.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('errors show next to their control, the last good view stays, the console stays clean', async () => {
    const { page, problems } = await ex.open();
    const good = await canvasHash(page);
    const visibleError = (id) => page.evaluate((id) => {
      const e = document.getElementById(id);
      return e && !e.hidden ? e.textContent : null;
    }, id);
    assert.equal(await rendered(page, () => page.fill('#c-positions', '99999999')), 'error');
    assert.match(await visibleError('c-positions-error'), /positions = 99999999 is out of range/);
    assert.equal(await canvasHash(page), good);
    // A long table is drawn as a sampled window (zoom.js) but C still checks it whole, at its own
    // 2 GiB cap: 2^24 x 64 float32 is 4 GiB.
    assert.equal(await rendered(page, () => page.fill('#c-positions', '16777216')), 'error');
    assert.match(await visibleError('c-positions-error'), /ENOMEM|cap/);
    assert.equal(await canvasHash(page), good);
    // The address bar follows the view on screen: toggling a line after the rejected edit writes
    // the URL, with the line change and without the rejected value (toggled back after).
    await page.locator('.posenc-heatmap-overlay').focus();
    for (const round of [0, 1]) {
      await rendered(page, () => page.keyboard.press('Enter'));
      await page.waitForFunction(() => !window.explorer.urlPending);
      const search = await page.evaluate(() => location.search);
      assert.match(search, /[?&]positions=50(&|$)/);
      assert.match(search, round ? /columns=1%2C10%2C20%2C0(&|$)/ : /columns=1%2C10%2C20(&|$)/);
    }
    assert.equal(await canvasHash(page), good);
    assert.equal(await rendered(page, () => page.fill('#c-positions', '50')), 'ok');
    assert.equal(await visibleError('c-positions-error'), null);
    assert.equal(await rendered(page, () => page.fill('#c-vmin', '2')), 'error');
    assert.match(await visibleError('c-vmin-error'), /vmin = 2 is greater than vmax/);
    assert.equal(await canvasHash(page), good);
    assert.equal(await rendered(page, () => page.fill('#c-vmin', '')), 'ok');
    assert.equal(await canvasHash(page), good);
    // rope: config.json box.
    await rendered(page, () => page.selectOption('#c-kind', 'rope'));
    await page.click('summary');
    await page.fill('#c-config', '{ "rope_theta": 5e5, ');
    await page.click('#c-config-fill');
    assert.match(await visibleError('c-config-error'), /^Invalid JSON/);
    clean(problems);
    await page.close();
  });

  test('a plane the heatmap cannot colour leaves the last good view, whose values the readout still reads', async () => {
    const { page, problems } = await ex.open();
    const good = await canvasHash(page);
    // The next image request fails in C (a width it refuses), as running out of memory would.
    await page.evaluate(() => {
      const pe = window.explorer.pe;
      const colormapImage = pe.colormapImage;
      pe.colormapImage = (source, options) => {
        pe.colormapImage = colormapImage;
        return colormapImage.call(pe, source, { ...options, width: -1 });
      };
    });
    assert.equal(await rendered(page, () => page.fill('#c-positions', '60')), 'error');
    assert.equal(await canvasHash(page), good);
    const { point, want } = await page.evaluate(() => {
      const ex = window.explorer;
      const r = ex.heatmap.cellRect(7, 5);
      const d = window.devicePixelRatio;
      return { point: { x: (r.x + r.w / 2) / d, y: (r.y + r.h / 2) / d }, want: ex.heatmap.plane.value(7, 5) };
    });
    assert.equal(await page.evaluate(() => window.explorer.heatmap.plane === window.explorer.plane), true);
    await page.locator('.posenc-heatmap-overlay').hover({ position: point });
    assert.equal(await page.textContent('.posenc-heatmap-readout'), `Sequence Position 7, Embedding Dimension 5: ${Number(want.toPrecision(6))}`);
    clean(problems);
    await page.close();
  });

  test("a model's config.json fills the RoPE controls (rope_type fields shown)", async () => {
    const { page, problems } = await ex.open('?kind=rope');
    // meta-llama/Llama-3.1-8B config.json (the RoPE part)
    const config = { model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 8, max_position_embeddings: 131072,
      rope_theta: 500000.0, rope_scaling: { factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0,
        original_max_position_embeddings: 8192, rope_type: 'llama3' }, vocab_size: 128256 };
    await page.click('summary');
    await page.fill('#c-config', JSON.stringify(config));
    assert.equal(await rendered(page, () => page.click('#c-config-fill')), 'ok');
    assert.equal(await page.inputValue('#c-dim'), '128');
    assert.equal(await page.inputValue('#c-base'), '500000');
    assert.equal(await page.inputValue('#c-ropeScaling-rope_type'), 'llama3');
    assert.equal(await page.inputValue('#c-ropeScaling-factor'), '8');
    assert.equal(await page.isVisible('#c-ropeScaling-low_freq_factor'), true);
    assert.equal(await page.isVisible('#c-ropeScaling-beta_fast'), false);  // yarn's
    assert.deepEqual(await page.evaluate(() => window.explorer.plane.shape), [2, 50, 128]);
    await rendered(page, () => page.selectOption('#c-ropeScaling-rope_type', 'yarn'));
    assert.equal(await page.isVisible('#c-ropeScaling-beta_fast'), true);
    assert.equal(await page.isVisible('#c-ropeScaling-low_freq_factor'), false);
    assert.equal(await page.evaluate(() => window.explorer.state.params.ropeScaling.low_freq_factor), undefined);
    clean(problems);
    await page.close();
  });

  test('the kind selector offers every figure, not the helper tables; a URL still opens one', async () => {
    const { page, problems } = await ex.open();
    const options = () => page.$$eval('#c-kind option', (o) => o.map((x) => x.value));
    const figures = pe.kinds.filter((k) => !k.input && !k.helper).map((k) => k.name);
    const helpers = pe.kinds.filter((k) => k.helper).map((k) => k.name);
    assert.deepEqual(helpers, ['mrope-segments', 'mrope-axes', 'rope-2d-order', 'mrope-blocks']);
    assert.deepEqual(await options(), figures);
    for (const kind of helpers) {
      // a prompt for the kinds that read one (their default is empty: no rows)
      const prompt = pe.kinds.find((k) => k.name === kind).params.some((p) => p.name === 'sequence') ? '&sequence=text:2+image:1x4x4+text:1' : '';
      const h = await ex.open(`?kind=${kind}${prompt}`);
      assert.equal(await h.page.evaluate(() => document.documentElement.dataset.status), 'ok', kind);
      assert.equal(await h.page.inputValue('#c-kind'), kind);  // the selector holds what the URL asked for
      const px = await checkPixels(h.page);
      assert.deepEqual(px.bad, [], kind);
      assert.ok(px.checked > 0, `${kind}: ${JSON.stringify(px)}`);
      // another kind chosen: the helper leaves the selector
      await rendered(h.page, () => h.page.selectOption('#c-kind', 'rope'));
      assert.deepEqual(await h.page.$$eval('#c-kind option', (o) => o.map((x) => x.value)), figures, kind);
      clean(h.problems);
      await h.page.close();
    }
    clean(problems);
    await page.close();
  });

  test('controls that change nothing hide: paddingIdx unless variant is fairseq, what a kind ignores (registry)', async () => {
    const { page, problems } = await ex.open('?kind=sinusoidal&positions=20&dim=16');
    const shown = (path) => page.evaluate((p) => {
      const row = document.querySelector(`#controls .row[data-path="${p}"]`) ?? document.querySelector(`.row[data-path="${p}"]`);
      return row ? !row.hidden && row.getClientRects().length > 0 : null;
    }, path);
    assert.deepEqual([await shown('variant'), await shown('paddingIdx')], [true, false]);
    assert.equal(await rendered(page, () => page.selectOption('#c-variant', 'fairseq')), 'ok');
    assert.equal(await shown('paddingIdx'), true);
    assert.equal(await rendered(page, () => page.fill('#c-paddingIdx', '3')), 'ok');
    // fairseq zeroes the row at position paddingIdx = 3
    assert.deepEqual(await page.evaluate(() => [...window.explorer.plane.data.subarray(3 * 16, 4 * 16)]), Array(16).fill(0));
    assert.equal(await rendered(page, () => page.selectOption('#c-variant', 'vaswani')), 'ok');
    assert.equal(await shown('paddingIdx'), false);
    assert.deepEqual(await page.evaluate(() => window.explorer.state.params), { positions: 20, dim: 16, variant: 'vaswani' });
    // rope-spectrum takes rope's list but ignores positions, offset, step and layout: no controls for them
    assert.equal(await rendered(page, () => page.selectOption('#c-kind', 'rope-spectrum')), 'ok');
    for (const path of ['positions', 'offset', 'step', 'layout']) assert.equal(await shown(path), null, path);
    assert.deepEqual([await shown('dim'), await shown('base')], [true, true]);
    assert.equal(await rendered(page, () => page.selectOption('#c-kind', 'rope')), 'ok');
    assert.deepEqual([await shown('positions'), await shown('layout')], [true, true]);
    clean(problems);
    await page.close();
  });

  test('every kind the selector offers renders from its defaults, in light and dark', async () => {
    for (const dark of [false, true]) {
      const { page, problems } = await ex.open('', { dark });
      const kinds = await page.evaluate(() => window.explorer.pe.kinds.filter((k) => !k.input && !k.helper).map((k) => k.name));
      assert.ok(kinds.length >= 9);
      for (const kind of kinds) {
        assert.equal(await rendered(page, () => page.selectOption('#c-kind', kind)), 'ok', kind);
        // more rows than device pixels (rope-decay's 1024 distances): every pixel against the cell under its centre
        const px = await checkPixels(page, { all: await page.evaluate(() => window.explorer.plane.rows > 256) });
        assert.deepEqual(px.bad, [], kind);
        assert.ok(px.opaque, kind);
      }
      // The figure's background follows the colour scheme.
      const corner = await page.evaluate(() => {
        const c = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
        c.drawImage(window.explorer.heatmap.canvas, 0, 0);
        return [...c.getImageData(0, 0, 1, 1).data];
      });
      assert.deepEqual(corner, dark ? [22, 24, 29, 255] : [255, 255, 255, 255]);
      clean(problems);
      await page.close();
    }
  });

  test('the server: MIME types, 404s, no traversal', async () => {
    const get = (path) => fetch(ex.url + path.replace(/^\//, ''));
    for (const [path, type] of [['/', 'text/html'], ['/posenc.wasm', 'application/wasm'], ['/posenc.js', 'text/javascript'],
      ['/vendor/chart.js', 'text/javascript'], ['/explorer/explorer.css', 'text/css']]) {
      const r = await get(path);
      assert.equal(r.status, 200, path);
      assert.ok(r.headers.get('content-type').startsWith(type), `${path}: ${r.headers.get('content-type')}`);
      await r.arrayBuffer();
    }
    for (const path of ['/nope.js', '/../package.json', '/%2e%2e/package.json', '/views/..%2f..%2fpackage.json', '/%00']) {
      const r = await fetch(new URL(ex.url).origin + path);  // fetch keeps the encoded dots
      assert.equal(r.status, 404, path);
      await r.arrayBuffer();
    }
  });
});
