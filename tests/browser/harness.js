// Browser-test harness: the explorer's server on a free port, Debian's Chromium through
// playwright-core with a fresh profile, pages that record every console error and warning, and
// page-side checks run with page.evaluate. Pixels are read from a CPU copy of the figure canvas
// (willReadFrequently), which keeps Chromium from warning about repeated GPU readbacks.
import { existsSync } from 'node:fs';
import { serve } from '../../web/tools/serve.js';
import { launch, CHROMIUM } from '../../web/tools/screenshot.js';

export async function startExplorer() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`bash build.sh setup\` (installs Debian's chromium)`);
  const server = await serve({ port: 0 });
  const browser = await launch();
  return {
    url: server.url,
    /**
     * A page (optionally at a devicePixelRatio / colour scheme) that records console problems.
     * before(page): runs before the first navigation (init scripts, routes, more listeners).
     */
    async open(query = '', { scale = 1, dark = false, width = 1280, height = 900, before } = {}) {
      const page = await browser.context.newPage();
      const problems = [];
      page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      if (scale !== 1) {
        const cdp = await browser.context.newCDPSession(page);
        await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: scale, mobile: false });
      } else {
        await page.setViewportSize({ width, height });
      }
      await before?.(page);
      const response = await page.goto(server.url + query);
      await page.waitForSelector('html[data-ready]');
      return { page, problems, response };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Run action (in Node), then wait until the explorer rendered again (or reported an error) and its
 * address bar caught up (the explorer writes it at most every 100 ms: web/explorer/main.js).
 */
export async function rendered(page, action) {
  const before = await page.evaluate(() => window.explorer.renders);
  await action();
  await page.waitForFunction((n) => window.explorer.renders > n && !window.explorer.urlPending, before);
  return page.evaluate(() => document.documentElement.dataset.status);
}

/**
 * Page side: recompute the shown table independently (pe.compute, a copy), check the plane shows
 * the same numbers, colour them with pe.colormap at the heatmap's limits, and compare with the
 * figure canvas: every pixel of every cell (all: true) or each cell's centre. fromPlane: colour the
 * plane's own values instead (a zoomed window of a table too long to recompute whole; the caller
 * checks the values). area: the plot area the cells' rectangles span, in device pixels.
 */
export function checkPixels(page, { all = false, fromPlane = false } = {}) {
  return page.evaluate(({ all, fromPlane }) => {
    const { pe, heatmap, state, plane } = window.explorer;
    let values;
    if (fromPlane) {
      values = plane.data.slice();
    } else {
      const copy = pe.compute(state.kind, state.params);
      const shown = plane.data;  // read after the compute: it may grow the memory, which detaches old views
      for (let i = 0; i < plane.count; i++) {
        if (!Object.is(copy.data[plane.offset + i], shown[i])) return { error: `value ${i} differs` };
      }
      values = copy.data.subarray(plane.offset, plane.offset + plane.count);
    }
    const auto = pe.range(values, { map: state.cmap });
    const [vmin, vmax] = heatmap.limits;
    const cm = pe.colormap(values, { map: state.cmap, vmin, vmax });
    const expected = cm.data.slice();
    cm.free();
    const c = heatmap.canvas;
    const copyCanvas = new OffscreenCanvas(c.width, c.height);
    const cc = copyCanvas.getContext('2d', { willReadFrequently: true });
    cc.drawImage(c, 0, 0);
    const img = cc.getImageData(0, 0, c.width, c.height).data;
    let checked = 0;
    let masked = 0;
    let opaque = true;
    const bad = [];
    for (let r = 0; r < plane.rows; r++) {
      for (let col = 0; col < plane.cols; col++) {
        const e = expected.subarray(4 * (r * plane.cols + col), 4 * (r * plane.cols + col) + 4);
        const rect = heatmap.cellRect(r, col);
        const xs = all ? [rect.x, rect.x + rect.w] : [rect.x + (rect.w >> 1), rect.x + (rect.w >> 1) + 1];
        const ys = all ? [rect.y, rect.y + rect.h] : [rect.y + (rect.h >> 1), rect.y + (rect.h >> 1) + 1];
        for (let y = ys[0]; y < ys[1]; y++) {
          for (let x = xs[0]; x < xs[1]; x++) {
            const k = 4 * (y * c.width + x);
            if (img[k + 3] !== 255) opaque = false;
            if (e[3] === 0) continue;  // masked: transparent in C, the figure's hatch shows through
            checked++;
            if (img[k] !== e[0] || img[k + 1] !== e[1] || img[k + 2] !== e[2]) {
              if (bad.length < 5) bad.push({ r, col, x, y, got: [img[k], img[k + 1], img[k + 2]], want: [...e.subarray(0, 3)] });
            }
          }
        }
        if (e[3] === 0) masked++;
      }
    }
    const a = heatmap.cellRect(0, 0), b = heatmap.cellRect(plane.rows - 1, plane.cols - 1);
    return {
      checked, masked, bad, opaque, rows: plane.rows, cols: plane.cols, limits: [vmin, vmax], auto: [auto.lo, auto.hi],
      dpr: window.devicePixelRatio, canvasWidth: c.width, cssWidth: parseFloat(c.style.width),
      area: { w: b.x + b.w - a.x, h: b.y + b.h - a.y },
    };
  }, { all, fromPlane });
}

/** Page side: SHA-256 (hex) of the figure canvas's pixels. */
export function canvasHash(page) {
  return page.evaluate(async () => {
    const c = window.explorer.heatmap.canvas;
    const cc = new OffscreenCanvas(c.width, c.height).getContext('2d', { willReadFrequently: true });
    cc.drawImage(c, 0, 0);
    const px = cc.getImageData(0, 0, c.width, c.height).data;
    const digest = await crypto.subtle.digest('SHA-256', px);
    return `${c.width}x${c.height}:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  });
}

/** Page side: what the chart shows: [{ label, column, n, ys (first 8) }]. */
export function chartLines(page) {
  return page.evaluate(() => window.explorer.plot.chart.data.datasets.map((d) => ({
    label: d.label, column: d.column, n: (d._data ?? d.data).length, ys: (d._data ?? d.data).slice(0, 8).map((p) => p.y),
  })));
}

/** Parse a .npy file (format 1.0/2.0): { descr, fortran, shape, data (typed array) }. */
export function parseNPY(buf) {
  const bytes = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  const magic = String.fromCharCode(...bytes.subarray(1, 6));
  if (bytes[0] !== 0x93 || magic !== 'NUMPY') throw new Error('not an .npy file');
  const major = bytes[6];
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hlen = major === 1 ? dv.getUint16(8, true) : dv.getUint32(8, true);
  const start = major === 1 ? 10 : 12;
  const header = new TextDecoder('latin1').decode(bytes.subarray(start, start + hlen));
  const descr = /'descr':\s*'([^']+)'/.exec(header)[1];
  const fortran = /'fortran_order':\s*(True|False)/.exec(header)[1] === 'True';
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)[1].split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  const offset = start + hlen;
  const copy = bytes.slice(offset).buffer;
  const Type = { '<f4': Float32Array, '<i4': Int32Array }[descr];
  return { descr, fortran, shape, header, dataOffset: offset, data: new Type(copy) };
}
