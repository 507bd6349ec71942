// The analysis views in Chromium (issue 15): compare mode draws A and B (same columns, B dashed);
// the A − B heatmap's pixels are the colormap of C's difference; the address bar carries A, B and
// the view options and restores them exactly; the explain panel renders MathML for every kind; the
// presets load clean; reference lines and the log axis follow C's info and range.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startExplorer, startBrowser, rendered, chartLines, canvasHash, clean } from './harness.js';

// Page side: colour the A − B of the compared configurations (computed again with pe.compute and
// pe.difference) at the heatmap's limits and map, and compare every pixel of every cell.
const diffPixels = (page) => page.evaluate(() => {
  const { pe, heatmap, state } = window.explorer;
  const a = pe.compute(state.compare.pinned.kind, state.compare.pinned.params);
  const b = pe.compute(state.kind, state.params);
  const d = pe.difference(a, b);
  const plane = heatmap.plane;
  const off = d.data.length > plane.count ? state.index * plane.count : 0;  // a stacked table: the shown plane
  const values = d.data.slice(off, off + plane.count);
  d.free();
  for (let i = 0; i < values.length; i++) if (!Object.is(plane.data[i], values[i])) return { error: `value ${i} differs` };
  const [vmin, vmax] = heatmap.limits;
  const own = pe.colormaps.find((m) => m.name === state.colormap);
  const map = own.centred ? own.name : pe.colormaps.find((m) => m.centred).name;  // A − B: a diverging map
  const cm = pe.colormap(values, { map, vmin, vmax });
  const expected = cm.data.slice();
  cm.free();
  const c = heatmap.canvas;
  const img = window.readPixels(c);
  let checked = 0;
  const bad = [];
  for (let r = 0; r < plane.rows; r++) {
    for (let col = 0; col < plane.cols; col++) {
      const e = expected.subarray(4 * (r * plane.cols + col), 4 * (r * plane.cols + col) + 4);
      if (e[3] === 0) continue;
      const rect = heatmap.cellRect(r, col);
      for (let y = rect.y; y < rect.y + rect.h; y++) {
        for (let x = rect.x; x < rect.x + rect.w; x++) {
          const k = 4 * (y * c.width + x);
          checked++;
          if (img[k] !== e[0] || img[k + 1] !== e[1] || img[k + 2] !== e[2]) if (bad.length < 5) bad.push({ r, col, got: [...img.subarray(k, k + 3)], want: [...e.subarray(0, 3)] });
        }
      }
    }
  }
  return { checked, bad, limits: [vmin, vmax], min: Math.min(...values), max: Math.max(...values), map };
});

describe('analysis views in Chromium', () => {
  let ex;
  before(async () => { ex = await startExplorer(); });
  after(async () => { await ex?.close(); });

  test('rope-spectrum heatmap: each column (wavelengths, ratio, rotations) on its own colour scale, read out truthfully', async () => {
    const { page, problems } = await ex.open('?kind=rope-spectrum&dim=64&base=500000');
    const got = await page.evaluate(() => {
      const { pe, heatmap, state } = window.explorer;
      const t = pe.compute(state.kind, state.params);
      const [rows, cols] = t.shape;
      const column = (c) => Array.from({ length: rows }, (_, r) => t.data[r * cols + c]);
      // each column's own limits: the extremes of its finite values; its pixels as pe.colormap colours that column alone
      const limits = Array.from({ length: cols }, (_, c) => { const v = column(c).filter(Number.isFinite); return [Math.min(...v), Math.max(...v)]; });
      const img = window.readPixels(heatmap.canvas);
      const bad = [];
      let checked = 0;
      for (let c = 0; c < cols; c++) {
        const cm = pe.colormap(Float32Array.from(column(c)), { map: state.colormap, vmin: limits[c][0], vmax: limits[c][1] });
        for (let r = 0; r < rows; r++) {
          const rect = heatmap.cellRect(r, c);
          const k = 4 * ((rect.y + (rect.h >> 1)) * heatmap.canvas.width + rect.x + (rect.w >> 1));
          const want = [...cm.data.subarray(4 * r, 4 * r + 3)];
          checked++;
          if (want.some((b, i) => img[k + i] !== b) && bad.length < 5) bad.push({ r, c, got: [...img.subarray(k, k + 3)], want });
        }
        cm.free();
      }
      return { limits, shown: heatmap.columnLimits, bad, checked, aria: heatmap.canvas.getAttribute('aria-label'),
        label: heatmap.labels().valueLabel, rows, cols };
    });
    assert.deepEqual([got.rows, got.cols], [32, 4]);
    assert.deepEqual(got.shown, got.limits);
    assert.equal(got.checked, 128);
    assert.deepEqual(got.bad, []);
    assert.ok(got.limits[0][1] / got.limits[2][1] > 1000, 'a wavelength and the ratio differ by orders of magnitude');
    assert.match(got.aria, /each column on its own colour scale/);
    assert.equal(got.label, 'Value (each column its own scale)');
    const cell = await page.evaluate(() => {
      const h = window.explorer.heatmap, r = h.cellRect(5, 3), c = h.canvas.getBoundingClientRect();
      return { x: c.left + (r.x + r.w / 2) / devicePixelRatio, y: c.top + (r.y + r.h / 2) / devicePixelRatio };
    });
    await page.mouse.move(cell.x, cell.y);
    const readout = await page.textContent('.posenc-heatmap-readout');
    const value = await page.evaluate(() => window.explorer.heatmap.plane.value(5, 3));
    const six = (v) => String(Number(v.toPrecision(6)));
    assert.equal(readout.endsWith(`: ${six(value)} (column scale ${six(got.limits[3][0])} to ${six(got.limits[3][1])})`), true, readout);
    // a kind whose columns share one quantity keeps one scale
    assert.equal(await rendered(page, () => page.selectOption('#c-kind', 'sinusoidal')), 'ok');
    assert.equal(await page.evaluate(() => window.explorer.heatmap.columnLimits), null);
    clean(problems);
  });

  test('Llama 3.1 vs plain RoPE: A and B overlaid (B dashed) on a log axis with the context line and the llama3 bands', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-llama31-spectrum')), 'ok');
    const lines = await chartLines(page);
    assert.deepEqual(lines.map((l) => l.label), ['A: wavelength', 'A: rotations in L', 'B: wavelength', 'B: rotations in L']);
    const chart = await page.evaluate(() => {
      const ch = window.explorer.plot.chart;
      return { dashes: ch.data.datasets.map((d) => d.borderDash), y: ch.options.scales.y.type,
        refs: ch.options.plugins.posencReferences.lines, x: ch.options.scales.x.title.text };
    });
    assert.deepEqual(chart.dashes.map((d) => d.length > 0), [false, false, true, true]);
    assert.equal(chart.y, 'logarithmic');
    assert.equal(chart.x, 'Frequency Pair k');
    // from C's info: L = 8192 (= L/low_freq_factor: one line, both labels), L/high_freq_factor = 2048, one rotation
    assert.deepEqual(chart.refs.map((r) => [r.axis, r.value, r.label]), [
      ['y', 8192, 'original context L = 8192; llama3: wavelengths above L/low_freq_factor = 8192 interpolated'],
      ['y', 1, 'one rotation within L'],
      ['y', 2048, 'llama3: below L/high_freq_factor = 2048 kept'],
    ]);
    // B's wavelengths are the model's (rope-spectrum column 0), A's the plain ones
    const want = await page.evaluate(() => {
      const { pe, state } = window.explorer;
      return { b: Array.from(pe.compute('rope-spectrum', state.params).data.filter((_, i) => i % 4 === 0).slice(0, 8)),
        a: Array.from(pe.compute('rope-spectrum', state.compare.pinned.params).data.filter((_, i) => i % 4 === 0).slice(0, 8)) };
    });
    assert.deepEqual(lines[0].ys, want.a);
    assert.deepEqual(lines[2].ys, want.b);
    // the formula beside it
    assert.ok(await page.evaluate(() => document.querySelector('#explain math') instanceof MathMLElement));
    clean(problems);
    await page.close();
  });

  test('reference line labels never overlap: crowded lines are placed apart or left out, long ones shortened', async () => {
    const { page, problems } = await ex.open();
    const got = await page.evaluate(async () => {
      const { LinePlot } = await import('/views/plot.js');
      const box = document.createElement('div');
      box.style.width = '420px';
      document.body.prepend(box);
      const plot = new LinePlot(box);
      const data = Float32Array.from({ length: 11 }, (_, i) => i);
      const plane = { rows: 11, cols: 1, data, rowAxis: 'positions', colAxis: null, kindTitle: 'line' };
      const long = 'a reference label far longer than the plot is wide, so it has to be shortened to fit in it at all';
      const references = [
        ...[5, 5.05, 5.1, 5.15, 5.2, 5.25, 5.3].map((v) => ({ axis: 'y', value: v, label: `y = ${v}` })),
        ...[2, 2.02, 2.04, 2.06, 2.08, 2.1, 2.12, 2.14].map((v) => ({ axis: 'x', value: v, label: `x = ${v}` })),
        { axis: 'y', value: 1, label: long },
        { axis: 'x', value: 8, label: 'far right' },
      ];
      plot.render(plane, { columns: [0], references });
      const a = plot.chart.chartArea;
      const shown = plot.chart.$posencReferences;
      plot.destroy();
      box.remove();
      return { shown, area: { left: a.left, right: a.right, top: a.top, bottom: a.bottom } };
    });
    const boxes = got.shown.filter((r) => r.box);
    const overlap = (p, q) => p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
    for (const [i, r] of boxes.entries()) {
      const b = r.box;
      assert.ok(b.x >= got.area.left && b.x + b.w <= got.area.right && b.y >= got.area.top && b.y + b.h <= got.area.bottom, `${r.label} outside the area`);
      for (const s of boxes.slice(i + 1)) assert.ok(!overlap(b, s.box), `${r.label} overlaps ${s.label}`);
    }
    assert.equal(got.shown.length, 17, 'every line is drawn');
    assert.ok(got.shown.some((r) => !r.box), 'the crowded lines cannot all carry their labels');
    assert.ok(boxes.length >= 8, `${boxes.length} labels placed`);
    const byLabel = Object.fromEntries(got.shown.map((r) => [r.label.slice(0, 11), r]));
    assert.ok(byLabel['far right'].box, 'a label with room is drawn');
    const long = byLabel['a reference'];
    assert.ok(long.box && long.text.endsWith('…') && long.text.length < long.label.length, JSON.stringify(long));
    clean(problems);
    await page.close();
  });

  test('A − B heatmap: every pixel is the centred colormap of C\'s difference; the readout gives A, B and A − B', async () => {
    const { page, problems } = await ex.open();
    assert.equal(await rendered(page, () => page.click('#preset-roformer-decay')), 'ok');
    assert.equal(await rendered(page, () => page.selectOption('#compare-heat', 'diff')), 'ok');
    const px = await diffPixels(page);
    assert.equal(px.error, undefined);
    assert.deepEqual(px.bad, []);
    assert.ok(px.checked > 1024 * 2);
    assert.ok(px.min < 0 && px.max > 0, 'the two decays cross');
    assert.equal(px.limits[0], -px.limits[1], 'centred at 0');
    const cell = await page.evaluate(() => {
      const h = window.explorer.heatmap, r = h.cellRect(100, 0), c = h.canvas.getBoundingClientRect();
      return { x: c.left + (r.x + r.w / 2) / devicePixelRatio, y: c.top + (r.y + r.h / 2) / devicePixelRatio };
    });
    await page.mouse.move(cell.x, cell.y);
    const readout = await page.textContent('.posenc-heatmap-readout');
    assert.match(readout, /A -?[\d.]+(e-?\d+)? · B -?[\d.]+(e-?\d+)? · A − B -?[\d.]+/);
    // the profile of T5, encoder vs decoder, heatmap A − B of the full tables
    assert.equal(await rendered(page, () => page.click('#preset-t5-profile')), 'ok');
    const t5 = await diffPixels(page);
    assert.deepEqual(t5.bad, []);
    const lines = await chartLines(page);
    assert.deepEqual(lines.map((l) => [l.label, l.n]), [['A: T5 relative position buckets', 321], ['B: T5 relative position buckets', 321]]);
    const profile = await page.evaluate(() => {
      const { pe, plot } = window.explorer;
      const ds = plot.chart.data.datasets;
      // row 160 of a 321 × 321 table: j − i from −160 to 160
      const enc = pe.compute('t5', { queries: 321, bidirectional: true }).data.slice(160 * 321, 161 * 321);
      const dec = pe.compute('t5', { queries: 321, bidirectional: false }).data.slice(160 * 321, 161 * 321);
      return { x: [ds[0].data[0].x, ds[0].data.at(-1).x], a: ds[0].data.map((p) => p.y), b: ds[1].data.map((p) => p.y),
        enc: Array.from(enc), dec: Array.from(dec), stepped: ds[0].stepped };
    });
    assert.deepEqual(profile.x, [-160, 160]);
    assert.deepEqual(profile.a, profile.enc);
    assert.deepEqual(profile.b, profile.dec);
    assert.ok(profile.stepped);
    clean(problems);
    await page.close();
  });

  test('pin, change, and the address bar restores A, B and the view options exactly', async () => {
    const { page, problems } = await ex.open();
    await rendered(page, () => page.click('#preset-alibi'));
    await rendered(page, () => page.click('#compare-pin'));
    await rendered(page, () => page.fill('#c-maxBias', '4'));
    await rendered(page, () => page.selectOption('#compare-heat', 'diff'));
    await rendered(page, () => page.fill('#compare-profile', '20'));
    const lines = await chartLines(page);
    assert.equal(lines.length, 16, 'A and B: one line per head');
    assert.ok(lines.slice(0, 8).every((l) => l.label.startsWith('A: ')) && lines.slice(8).every((l) => l.label.startsWith('B: ')));
    const px = await diffPixels(page);
    assert.deepEqual(px.bad, []);
    const url = page.url();
    assert.match(url, /a\.kind=alibi/);
    assert.match(url, /heat=diff/);
    assert.match(url, /profile=20/);
    const want = { hash: await canvasHash(page), state: await page.evaluate(() => window.explorer.state), lines: await chartLines(page) };
    const again = await ex.open(new URL(url).search);
    assert.deepEqual(await again.page.evaluate(() => window.explorer.state), want.state);
    assert.equal(await canvasHash(again.page), want.hash);
    assert.deepEqual(await chartLines(again.page), want.lines);
    assert.equal(await again.page.inputValue('#compare-heat'), 'diff');
    assert.equal(await again.page.inputValue('#compare-profile'), '20');
    await rendered(again.page, () => again.page.click('#compare-unpin'));
    assert.doesNotMatch(again.page.url(), /a\.kind/);
    assert.equal((await chartLines(again.page)).length, 8);
    clean(problems);
    clean(again.problems);
    await page.close();
    await again.page.close();
  });

  test('explain panel: MathML for every drawable kind, the log axis switch, presets load clean', async () => {
    const { page, problems } = await ex.open();
    // the kinds its selector offers (helper tables are not: tests/browser/explorer.test.js opens them by URL)
    const kinds = await page.evaluate(() => window.explorer.pe.kinds.filter((k) => !k.input && !k.helper).map((k) => k.name));
    for (const kind of kinds) {
      await rendered(page, () => page.selectOption('#c-kind', kind));
      const e = await page.evaluate(() => {
        const math = document.querySelector('#explain .explain-formula math');
        const box = math?.getBoundingClientRect();
        return { math: math instanceof MathMLElement, w: box?.width ?? 0, h: box?.height ?? 0,
          sources: document.querySelectorAll('#explain .explain-sources a').length,
          look: document.querySelector('#explain .explain-look')?.textContent.length ?? 0 };
      });
      assert.ok(e.math && e.w > 40 && e.h > 10, `${kind}: the formula renders (${e.w} × ${e.h})`);
      assert.ok(e.sources >= 1 && e.look > 40, kind);
    }
    await rendered(page, () => page.click('#preset-yarn-ramp'));
    assert.equal(await page.evaluate(() => window.explorer.plot.chart.options.scales.y.type), 'logarithmic');
    await rendered(page, () => page.selectOption('#compare-logy', '0'));
    assert.equal(await page.evaluate(() => window.explorer.plot.chart.options.scales.y.type), 'linear');
    assert.match(page.url(), /log-y=false/);
    for (const id of ['seed-similarity', 'roformer-decay', 'llama31-spectrum']) {
      assert.equal(await rendered(page, () => page.click(`#preset-${id}`)), 'ok', id);
    }
    // rope-decay's rows are distances: x = offset + step · row
    await rendered(page, () => page.click('#preset-roformer-decay'));
    await rendered(page, () => page.fill('#c-offset', '1000000'));
    const x = await page.evaluate(() => window.explorer.plot.chart.data.datasets.map((d) => [d.label, ...d.data.slice(0, 2).map((p) => p.x)]));
    assert.deepEqual(x, [['A: RoFormer bound', 0, 1], ['B: RoFormer bound', 1000000, 1000001]]);
    const range = await page.evaluate(() => [window.explorer.plot.chart.scales.x.min, window.explorer.plot.chart.scales.x.max]);
    assert.deepEqual(range, [0, 1001023], 'the x axis spans A and B');
    clean(problems);
    await page.close();
    // a million distances: the explorer computes a sampled window (zoom.js), rows named by their Δ
    const big = await ex.open('?kind=rope-decay&dim=128&distances=1000000');
    const w = await big.page.evaluate(() => {
      const { request, plane, pe } = window.explorer;
      const one = pe.compute('rope-decay', { dim: 128, offset: plane.rowName(7), distances: 1 }).data;
      return { request, rows: plane.rows, last: plane.rowName(plane.rows - 1), row7: [plane.value(7, 0), plane.value(7, 1)], one: [...one] };
    });
    assert.ok(w.request.distances <= 4096 && w.rows === w.request.distances, JSON.stringify(w.request));
    assert.ok(w.last > 990000 && w.last < 1000000, String(w.last));
    assert.deepEqual(w.row7, w.one, 'a sampled row equals that distance computed alone');
    clean(big.problems);
    await big.page.close();
  });
});

describe('elements and iframe: a second configuration from b- attributes', () => {
  let app, page, problems;
  before(async () => {
    app = await startBrowser();
    ({ page, problems } = await app.open('examples/docs.html', { width: 1000 }));
    await page.evaluate(() => customElements.whenDefined('posenc-plot'));
  });
  after(async () => {
    await app?.close();
  });

  // Add an element with attributes; resolves with its status once it rendered or failed.
  const add = (tag, attrs) => page.evaluate(({ tag, attrs }) => new Promise((ok) => {
    const el = document.createElement(tag);
    el.id = `a${document.querySelectorAll('[id^=a]').length}-${Math.random().toString(36).slice(2)}`;
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    const done = (e) => ok({ id: el.id, status: el.status, detail: e.type === 'posenc-error' ? { attribute: e.detail.attribute, message: e.detail.message } : null });
    el.addEventListener('posenc-render', done, { once: true });
    el.addEventListener('posenc-error', done, { once: true });
    document.querySelector('main').append(el);
    el.scrollIntoView();  // elements render when near the viewport (web/elements/lazy.js)
  }), { tag, attrs });

  test("the docs page's Llama 3.1 plot overlays B dashed, with the caption's formula", async () => {
    await page.evaluate(() => document.getElementById('llama-spectrum').scrollIntoView());  // it renders when near the viewport
    await page.waitForFunction(() => document.getElementById('llama-spectrum').status === 'ok');
    const s = await page.evaluate(() => {
      const el = document.getElementById('llama-spectrum');
      const ch = el.view.chart;
      return { labels: ch.data.datasets.map((d) => d.label), dashed: ch.data.datasets.map((d) => d.borderDash.length > 0),
        y: ch.options.scales.y.type, math: el.shadowRoot.querySelector('.caption math') instanceof MathMLElement,
        refs: ch.options.plugins.posencReferences.lines.length };
    });
    assert.deepEqual(s.labels, ['A: wavelength', 'A: rotations in L', 'B: wavelength', 'B: rotations in L']);
    assert.deepEqual(s.dashed, [false, false, true, true]);
    assert.equal(s.y, 'logarithmic');
    assert.ok(s.math);
    assert.ok(s.refs >= 2);
  });

  test('heatmap heat=diff shows C\'s A − B; errors of B name the b- attribute; the iframe takes b- keys', async () => {
    const r = await add('posenc-heatmap', { kind: 'alibi', heads: '4', queries: '24', index: '1', 'b-max-bias': '4', heat: 'diff' });
    assert.equal(r.status, 'ok');
    const d = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const pe = el.pe;
      const a = pe.compute('alibi', { heads: 4, queries: 24 }), b = pe.compute('alibi', { heads: 4, queries: 24, maxBias: 4 });
      const diff = pe.difference(a, b);
      const want = diff.data.slice(576, 1152);
      diff.free();
      const shown = el.view.plane;
      const same = shown.count === want.length && want.every((v, i) => Object.is(v, shown.data[i]));
      return { same, title: el.view.labels().title, centred: pe.colormaps.find((m) => m.centred).name, limits: el.view.limits };
    }, r.id);
    assert.ok(d.same, 'the heatmap shows pe.difference of the two configurations');
    assert.equal(d.limits[0], -d.limits[1]);
    const bad = await add('posenc-plot', { kind: 'rope-spectrum', 'b-rope-type': 'llama3', 'b-factor': '8' });
    assert.equal(bad.status, 'error');
    assert.equal(bad.detail.attribute, 'b-low-freq-factor');
    const profile = await add('posenc-plot', { kind: 't5', 'b-bidirectional': 'false', profile: '40' });
    assert.equal(profile.status, 'ok');
    const p = await page.evaluate((id) => document.getElementById(id).view.chart.data.datasets.map((d) => [d.label, d.data.length, d.data[0].x, d.stepped]), profile.id);
    assert.deepEqual(p, [['A: T5 relative position buckets', 81, -40, 'middle'], ['B: T5 relative position buckets', 81, -40, 'middle']]);
    // the iframe passes b- keys on to its elements
    const frame = await page.evaluate((src) => new Promise((ok) => {
      const f = document.createElement('iframe');
      f.src = src;
      f.addEventListener('load', () => ok(true), { once: true });
      f.id = 'cmp-frame';
      document.querySelector('main').append(f);
    }), '../embed.html?kind=rope-decay&distances=64&b-base=500000&view=plot');
    assert.ok(frame);
    const inner = await (await page.$('#cmp-frame')).contentFrame();
    await inner.waitForFunction(() => document.querySelector('posenc-plot')?.status === 'ok');
    const labels = await inner.evaluate(() => document.querySelector('posenc-plot').view.chart.data.datasets.map((d) => d.label));
    assert.deepEqual(labels, ['A: RoFormer bound', 'A: score', 'B: RoFormer bound', 'B: score']);
    assert.deepEqual(problems, []);
  });
});
