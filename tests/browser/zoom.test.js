// Explorer zoom/pan over positions (web/explorer/zoom.js) in Debian's Chromium: a 1,048,576-position
// RoPE view computes only its window at screen resolution (sampled rows via offset/step), its pixels
// are the colormap of the values at the sampled positions (each recomputed alone here), the y axis,
// the hover readout and the line plot show real positions, and the window round-trips the URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startExplorer, rendered, chartLines, checkPixels } from './harness.js';

const N = 2 ** 20;
let app;
before(async () => { app = await startExplorer(); });
after(async () => { await app?.close(); });

// Page side: the explorer's request and window; every row of the shown plane recomputed alone with
// pe.compute (one row at its own position: equal within 1.2e-7, two float32 roundings); then the
// plane's values coloured at the heatmap's limits and compared with the figure canvas at every
// pixel of the plot area (checkPixels, fromPlane: the 2^20-row table is not recomputed whole).
async function inspect(page) {
  const px = await checkPixels(page, { all: true, fromPlane: true });
  assert.deepEqual(px.bad, []);
  assert.equal(px.checked, px.area.w * px.area.h, 'every pixel of the plot area checked once');
  assert.ok(px.area.w * px.area.h > 1000, `a plot area of ${px.area.w} x ${px.area.h}`);
  return { ...px, ...(await values(page)) };
}

function values(page) {
  return page.evaluate(() => {
    const { pe, state, plane, request } = window.explorer;
    const win = plane.window;
    const part = plane.lead?.index ?? 0;
    const positions = Array.from({ length: plane.rows }, (_, r) => plane.rowName(r));
    const values = new Float32Array(plane.rows * plane.cols);
    for (let r = 0; r < plane.rows; r++) {
      const one = pe.compute(state.kind, { ...state.params, positions: 1, offset: positions[r], step: 1 }).data;
      values.set(one.subarray(part * plane.cols, (part + 1) * plane.cols), r * plane.cols);
    }
    // a stepped request rotates by step * w between seeds: equal within the float32 bound, not bitwise
    let diff = 0;
    for (let i = 0; i < values.length; i++) diff = Math.max(diff, Math.abs(values[i] - plane.data[i]));
    const same = diff <= 1.2e-7;
    return { request, rows: plane.rows, cols: plane.cols, positions, same, win: { ...win, position: undefined },
      zoom: state.zoom, url: location.search, text: document.querySelector('.zoom-window').textContent };
  });
}

// The y tick labels drawn: the heatmap draws them with fillText; record the texts of one redraw.
async function yLabels(page, action) {
  await page.evaluate(() => {
    window.__texts = [];
    const orig = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (t, x, y, ...rest) {
      if (this.canvas === window.explorer.heatmap.canvas && this.textAlign === 'right') window.__texts.push(String(t));
      return orig.call(this, t, x, y, ...rest);
    };
  });
  await rendered(page, action);
  return page.evaluate(() => window.__texts.filter((t) => /^-?\d+$/.test(t)).map(Number));
}

test('a 1,048,576-position RoPE view computes at most a few thousand rows, zoomed or not', async () => {
  const { page, problems } = await app.open(`?kind=rope&positions=${N}&dim=64`);
  let v = await inspect(page);
  assert.ok(v.rows <= 4096, `rows computed: ${v.rows}`);
  assert.equal(v.request.step * (v.rows - 1) + v.request.offset <= N - 1, true);
  assert.ok(v.request.step * v.rows >= N - v.request.step, 'the sampled rows span the table');
  assert.equal(v.positions[0], 0);
  assert.equal(v.positions[1], v.request.step);
  assert.ok(v.same, 'plane = each sampled position computed alone');
  // zoom in by the button, then around a row by the wheel, then pan by the keyboard
  await rendered(page, () => page.click('#zoom-in'));
  v = await inspect(page);
  assert.deepEqual(v.zoom, [N / 4, (3 * N) / 4]);
  assert.ok(v.rows <= 4096 && v.positions[0] <= N / 4 && v.positions.at(-1) >= (3 * N) / 4 - v.request.step, JSON.stringify(v.request));
  assert.match(v.url, new RegExp(`zoom=${N / 4}%2C${(3 * N) / 4}`));
  const box = await page.locator('.posenc-heatmap-overlay').boundingBox();
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
  for (let i = 0; i < 30; i++) await rendered(page, () => page.mouse.wheel(0, -100));
  v = await inspect(page);
  assert.ok(v.zoom[1] - v.zoom[0] < 1000, `window ${v.zoom}`);
  assert.equal(v.request.step, 1, 'deep zoom: every position');
  assert.ok(v.same && v.bad.length === 0, JSON.stringify(v.bad));
  assert.equal(v.positions[0], v.zoom[0]);
  const before = v.zoom;
  await page.focus('.posenc-heatmap-overlay');
  await rendered(page, () => page.keyboard.press('Shift+ArrowDown'));
  v = await inspect(page);
  assert.ok(v.zoom[0] > before[0] && v.zoom[1] - v.zoom[0] === before[1] - before[0], `${before} → ${v.zoom}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a zoomed window restores from the URL; y labels, readout and plot show real positions', async () => {
  const from = 700000, to = 700000 + 100000;
  const { page, problems } = await app.open(`?kind=rope&positions=${N}&dim=32&layout=gptj&index=1&zoom=${from},${to}&lines=0,5`);
  const v = await inspect(page);
  assert.deepEqual(v.zoom, [from, to]);
  assert.ok(v.rows <= 4096 && v.request.step > 1, JSON.stringify(v.request));
  assert.ok(v.positions[0] <= from && v.positions[0] > from - v.request.step && v.positions.at(-1) >= to - v.request.step);
  assert.ok(v.same, 'plane = sampled positions of the sin part');
  assert.match(v.text, /700,000/);
  // y tick labels are positions of sampled rows, inside the window
  const labels = await yLabels(page, () => page.evaluate(() => window.explorer.zoomBar.zoom(1)));
  assert.ok(labels.length >= 3, `labels ${labels}`);
  for (const y of labels) assert.ok(v.positions.includes(y), `label ${y} is a sampled position`);
  assert.ok(labels.every((y) => y >= from - v.request.step && y < to), `labels ${labels}`);
  // hover readout names the position of the row under the pointer
  const rect = await page.evaluate(() => window.explorer.heatmap.cellRect(10, 3));
  const box = await page.locator('.posenc-heatmap-overlay').boundingBox();
  await page.mouse.move(box.x + (rect.x + rect.w / 2), box.y + (rect.y + rect.h / 2));
  const readout = await page.locator('.posenc-heatmap-readout').textContent();
  assert.match(readout, new RegExp(`Position ${v.positions[10]}, `), readout);
  // the line plot's x values are the same positions
  const lines = await page.evaluate(() => window.explorer.plot.chart.data.datasets.map((d) => d.data.slice(0, 3).map((p) => p.x)));
  assert.deepEqual(lines, [v.positions.slice(0, 3), v.positions.slice(0, 3)]);
  assert.equal((await chartLines(page)).length, 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the zoom bar appears only for kinds whose rows are positions; All shows the whole table', async () => {
  const { page, problems } = await app.open('?kind=relative&queries=1500');
  assert.equal(await page.locator('#zoom').isHidden(), true);
  assert.equal(await page.evaluate(() => window.explorer.plane.rows), 1500);
  await page.goto(`${app.url}?kind=sinusoidal&positions=100000&dim=16&zoom=10,20`);
  await page.waitForSelector('html[data-ready]');
  assert.equal(await page.locator('#zoom').isHidden(), false);
  assert.deepEqual(await page.evaluate(() => window.explorer.plane.rowName(0)), 10);
  await rendered(page, () => page.click('#zoom-all'));
  const v = await inspect(page);
  assert.equal(v.zoom, null);
  assert.doesNotMatch(v.url, /zoom=/);
  assert.ok(v.rows <= 4096 && v.same && v.bad.length === 0);
  // a bad zoom in the URL: a message, the whole table
  await page.goto(`${app.url}?kind=sinusoidal&positions=100&zoom=5,x`);
  await page.waitForSelector('html[data-ready]');
  assert.equal(await page.evaluate(() => window.explorer.state.zoom), null);
  assert.match(await page.locator('#controls').textContent(), /zoom = "5,x" is not a window/);
  assert.deepEqual(problems, []);
  await page.close();
});
