// The one browser harness of the tests (and of web/tools/screenshot.js, tests/bench/browser.js):
// Debian's Chromium through playwright-core with a fresh profile, the explorer's server on a free
// port, pages that record every console error and warning, uncaught error, failed request and
// Content-Security-Policy violation (`securitypolicyviolation` events from every frame, reported
// through a binding) in `problems`, which tests assert empty; page-side checks run with
// page.evaluate. Pixels are read with window.readPixels(canvas) (an init script in every page and
// frame): from a CPU copy of the canvas (willReadFrequently), which keeps Chromium from warning
// about repeated GPU readbacks.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../web/tools/serve.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

/** A headless Chromium with a fresh profile: { context, close() } (close also removes the profile). */
async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`bash build.sh setup\` (installs Debian's chromium)`);
  const profile = await mkdtemp(join(tmpdir(), 'posenc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, acceptDownloads: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

// Page side (an init script in every frame): report each CSP violation, wherever it is dispatched
// (the element, the document, or the global for eval and wasm).
function listenForViolations() {
  addEventListener('securitypolicyviolation', (e) => window.__cspViolation({
    directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, source: `${e.sourceFile}:${e.lineNumber}`,
  }), true);
}

// Page side (an init script in every frame): window.readPixels(canvas), the RGBA bytes of a copy.
function installReadPixels() {
  window.readPixels = (c) => {
    const copy = new OffscreenCanvas(c.width, c.height).getContext('2d', { willReadFrequently: true });
    copy.drawImage(c, 0, 0);
    return copy.getImageData(0, 0, c.width, c.height).data;
  };
}

/**
 * A browser and, unless server is false, the explorer's server (web/tools/serve.js, with its CSP;
 * serve: more of its options, such as { hub } for a mock Hub's origin in connect-src).
 * open(where, options): a page at `where` (a path or query relative to the server, or a full URL).
 * Options: scale (devicePixelRatio), dark, width, height, before(page) (runs before the first
 * navigation: init scripts, routes, more listeners), ready (wait for html[data-ready]: the
 * explorer), network (record failed requests and HTTP errors; default true). Resolves to { page,
 * problems, violations, response }: violations (also in problems) for tests that cause some.
 */
export async function startBrowser({ server: withServer = true, serve: serveOptions = {} } = {}) {
  const server = withServer ? await serve({ ...serveOptions, port: 0 }) : null;
  const browser = await launch();
  return {
    url: server?.url ?? null,
    context: browser.context,
    async open(where = '', { scale = 1, dark = false, width = 1280, height = 900, before, ready = false, network = true } = {}) {
      const page = await browser.context.newPage();
      const problems = [];
      const violations = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning' || /Content.Security.Policy|Refused to/i.test(m.text())) {
          problems.push(`${m.type()}: ${m.text()} (${m.location().url})`);
        }
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      page.on('crash', () => problems.push('the page crashed'));
      if (network) {
        page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
        page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
      }
      await page.exposeBinding('__cspViolation', ({ frame }, v) => {
        violations.push({ frame: frame.url(), ...v });
        problems.push(`CSP violation: ${v.directive} ${v.blocked} ${v.source}`);
      });
      await page.addInitScript(listenForViolations);
      await page.addInitScript(installReadPixels);
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      if (scale !== 1) {
        const cdp = await browser.context.newCDPSession(page);
        await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: scale, mobile: false });
      } else {
        await page.setViewportSize({ width, height });
      }
      await before?.(page);
      const response = await page.goto(/^[a-z]+:/.test(where) ? where : server.url + where);
      if (ready) await page.waitForSelector('html[data-ready]');
      return { page, problems, violations, response };
    },
    async close() {
      await browser.close();
      await server?.close();
    },
  };
}

/** Assert that a page recorded no problem (console error or warning, failed request, CSP violation). */
export function clean(problems, message = 'console errors/warnings') {
  assert.deepEqual(problems, [], message);
}

/** startBrowser whose open() waits for the explorer to be ready (html[data-ready]). */
export async function startExplorer(options) {
  const b = await startBrowser(options);
  return { ...b, open: (query = '', options = {}) => b.open(query, { ready: true, ...options }) };
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
 * the same numbers, colour them with pe.colormap at the heatmap's limits (each column at its own
 * where the heatmap has a scale per column: columnLimits), and compare with the
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
    const auto = pe.range(values, { map: state.colormap });
    const [vmin, vmax] = heatmap.limits;
    let expected;
    const own = heatmap.columnLimits;  // a kind with a scale per column: each column at its own limits
    if (own) {
      expected = new Uint8Array(4 * plane.count);
      own.forEach(([lo, hi], col) => {
        const column = Float32Array.from({ length: plane.rows }, (_, r) => values[r * plane.cols + col]);
        const cm = pe.colormap(column, { map: state.colormap, vmin: lo, vmax: hi });
        for (let r = 0; r < plane.rows; r++) expected.set(cm.data.subarray(4 * r, 4 * r + 4), 4 * (r * plane.cols + col));
        cm.free();
      });
    } else {
      const cm = pe.colormap(values, { map: state.colormap, vmin, vmax });
      expected = cm.data.slice();
      cm.free();
    }
    const c = heatmap.canvas;
    const img = window.readPixels(c);
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
    const px = window.readPixels(c);
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

/**
 * Page side (a function for page.evaluate): wait until there are elements matching `selector` and
 * every one has rendered or failed (asked again each time: a script may add some later), scrolling
 * each one still waiting into view (the elements render lazily), then back; returns,
 * per element: its id (or tag), status, size, how many distinct colours its canvases hold (a drawn
 * figure has many; a blank canvas one) and how many of their pixels are painted, its error
 * message, what Chart.js drew (lines, points, lines with a finite point; null without a chart) and
 * its plane's first values (0, 0), (1, 0), (1, 1) (null without a plane).
 */
export async function drawn(selector) {
  const until = Date.now() + 20000;
  const all = () => [...document.querySelectorAll(selector)];
  const scroll = [scrollX, scrollY];
  let waiting;
  while (Date.now() < until && (!all().length || (waiting = all().filter((e) => e.status !== 'ok' && e.status !== 'error')).length)) {
    // elements render when near the viewport (web/elements/lazy.js): bring the next one there, as a reader scrolling would
    waiting?.[0]?.scrollIntoView({ block: 'nearest' });
    await new Promise((r) => setTimeout(r, 25));
  }
  scrollTo(...scroll);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return all().map((e) => {
    const colours = new Set();
    let painted = 0;
    for (const c of e.shadowRoot?.querySelectorAll('canvas') ?? []) {
      if (!c.width || !c.height) continue;
      const px = window.readPixels(c);
      for (let i = 0; i < px.length; i += 4) {
        if (px[i + 3]) painted++;
        if (i % (4 * 7) === 0) colours.add((px[i] << 24) | (px[i + 1] << 16) | (px[i + 2] << 8) | px[i + 3]);
      }
    }
    const message = e.shadowRoot?.querySelector('.error');
    const chart = e.view?.chart;
    const plane = e.view?.plane;
    return {
      id: e.id || e.localName, tag: e.localName, status: e.status, width: e.clientWidth, height: e.clientHeight,
      colours: colours.size, painted, error: message && !message.hidden ? message.textContent : null,
      lines: chart ? chart.data.datasets.length : null,
      points: chart ? chart.data.datasets.reduce((n, d) => n + d.data.length, 0) : null,
      drawnLines: chart ? chart.getSortedVisibleDatasetMetas().filter((m) => m.data.some((el) => Number.isFinite(el.x) && Number.isFinite(el.y))).length : null,
      first: plane ? [plane.value(0, 0), plane.value(1, 0), plane.value(1, 1)] : null,
    };
  });
}
