#!/usr/bin/env node
// Browser redraw benchmark (issue 5): the explorer in Debian's Chromium (the tests' harness,
// tests/browser/harness.js) at 2048 positions x 512 dims; a parameter slider is moved
// programmatically through 60 values, and each redraw is timed from dispatching the slider's
// `input` event to (a) "painted": the end of the frame whose paint shows the new pixels and (b) the
// next animation frame after it. The explorer fires `posenc:rendered` in the animation frame whose
// paint shows the new heatmap and plot (it draws in the input handler itself when nothing waits for
// a frame, else in the next frame: web/explorer/main.js); a message posted from that frame's
// callback runs only after the frame's style, layout, paint and commit, where Chromium rasterizes
// the canvases' recorded drawing (on the main thread, without a GPU). Each input is dispatched in a
// task of its own, after a pause that cycles through 0-16 ms so inputs meet the 60 Hz frame clock at
// spread phases, as independent user inputs do (the loop used to resume inside an animation frame
// callback and dispatch from there, which no real input does and which cost every redraw an extra
// frame). Median and p95 are printed; --save FILE also writes them as JSON
// (tests/bench/browser-results.json is the reference run web/docs/speed.md quotes).
//   node tests/bench/browser.js [--runs N] [--save FILE]     (npm run bench:browser builds first)
// Many figures on one page (--many-only, instead of the redraw): a page of MANY elements
// (<posenc-heatmap> and <posenc-plot> of several kinds, web/elements/) loads in Chromium; reported:
// the time from navigation to the paint that shows the first figure and to the paint that shows
// the last figure of the first viewport, the longest main-thread task while they load
// (PerformanceObserver 'longtask', which sees tasks over 50 ms, and a 0 ms timer chain's longest
// gap, which sees shorter ones too), then the same while the page is scrolled to its end, a
// viewport every 100 ms, until every figure is drawn. Each task over 50 ms comes with what ran in
// it (`whatRanLong`: the scripts of its Long Animation Frame over 5 ms, their forced style and
// layout, and the figures whose render ended in it), so a long task has a name without a trace;
// `queueEstimatesMs` is what the elements' queue learned a render and each step of one costs.
//   node tests/bench/browser.js --many-only [--save FILE] [--trace FILE] [--allocations] [--contend N]
// --trace FILE also records a Chromium trace of that page (devtools.timeline; open it in DevTools'
// Performance panel) and prints, for each main-thread task over 40 ms, its largest events (where
// a long task's time goes), and the main thread's totals: its tasks, those over 50 ms, the
// frames' commits, and the elements' queue turns (p90, p99, longest). Tracing slows the page, so
// the timings of that run are not the bench's.
// --allocations also takes a sampling heap profile of that page (objects collected since
// included) and prints what was allocated, the ten functions that allocated most, and the share
// allocated under Chart.js's per-tick option resolution (where the collector's work comes from).
// It slows the page too.
// --contend N runs N busy loops (node processes) beside the bench, for the cores a shared
// machine's other jobs take: tasks that sit near 50 ms on a quiet machine then cross it.
import { writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { startExplorer } from '../browser/harness.js';

const VALUES = 60;
const POSITIONS = 2048, DIM = 512;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const args = process.argv.slice(2);
const fileArg = (flag) => {
  if (!args.includes(flag)) return null;
  const f = args[args.indexOf(flag) + 1];
  if (!f || f.startsWith('--')) throw new Error(`${flag} needs a file name`);
  return f;
};
const out = fileArg('--save');
const traceFile = fileArg('--trace');
const allocations = args.includes('--allocations');

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const stats = (xs) => ({ medianMs: Number(quantile(xs, 0.5).toFixed(2)), p95Ms: Number(quantile(xs, 0.95).toFixed(2)),
  minMs: Number(Math.min(...xs).toFixed(2)), maxMs: Number(Math.max(...xs).toFixed(2)) });

// One scenario: the explorer at `query`, the offset slider through VALUES values, `runs` times (the
// first warms up: Liftoff -> TurboFan, Chart.js caches). Each value is a new table (C), colours (C),
// heatmap and plotted lines redrawn.
async function measure(lines) {
  const { page, problems } = await app.open(`?kind=sinusoidal&positions=${POSITIONS}&dim=${DIM}&colormap=coolwarm&columns=${lines}`);
  const shape = await page.evaluate(() => [window.explorer.plane.rows, window.explorer.plane.cols]);
  if (shape[0] !== POSITIONS || shape[1] !== DIM) throw new Error(`the explorer drew ${shape.join(' x ')}, not ${POSITIONS} x ${DIM}`);
  const times = [];
  for (let run = 0; run < runs; run++) {
    const t = await page.evaluate(async (n) => {
      const slider = document.querySelector('input[type=range][aria-label="offset slider"]');
      const lo = Number(slider.min);
      const ms = [];
      for (let i = 0; i < n; i++) {
        await new Promise((r) => setTimeout(r, (i * 7) % 17));  // a task of its own, at a spread frame phase
        // painted: a task posted from the rendering frame runs after that frame's paint (and the
        // canvases' raster, on the main thread without a GPU); frame: the next animation frame
        const done = new Promise((resolve) => {
          window.addEventListener('posenc:rendered', () => {
            const t = {};
            const ch = new MessageChannel();
            ch.port1.onmessage = () => { t.painted = performance.now(); if (t.frame) resolve(t); };
            ch.port2.postMessage(0);
            requestAnimationFrame(() => { t.frame = performance.now(); if (t.painted) resolve(t); });
          }, { once: true });
        });
        const t0 = performance.now();
        slider.value = String(lo + ((i + 1) % n));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        const t = await done;
        ms.push({ painted: t.painted - t0, frame: t.frame - t0 });
      }
      return ms;
    }, VALUES);
    if (run > 0) times.push(...t);
  }
  if (problems.length) throw new Error(`console problems: ${problems.join('; ')}`);
  const chromium = await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0]);
  await page.close();
  return { lines: lines || 'none', samples: times.length, painted: stats(times.map((t) => t.painted)),
    nextFrame: stats(times.map((t) => t.frame)), chromium };
}

const MANY = 200;
const SCROLL_MS = 100;  // the many-figures page scrolls a viewport this often
// The figures of the many-figures page, cycled: small tables of several kinds, as a docs page has.
const FIGURES = [
  ['posenc-heatmap', 'kind="sinusoidal" positions="50" dim="64"'],
  ['posenc-plot', 'kind="sinusoidal" positions="50" dim="64" columns="0,1,10,20"'],
  ['posenc-heatmap', 'kind="t5" queries="64"'],
  ['posenc-heatmap', 'kind="alibi" heads="8" queries="32" index="2" colormap="viridis"'],
  ['posenc-plot', 'kind="rope" positions="128" dim="64" rope-type="yarn" factor="4" columns="0,8,31"'],
  ['posenc-plot', 'kind="rope-spectrum" dim="128" base="500000" columns="0,3"'],
  ['posenc-heatmap', 'kind="rope-2d" height="8"'],
  ['posenc-heatmap', 'kind="mrope-positions" sequence="text:5 image:1x8x12 text:4"'],
];
const MANY_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${MANY} posenc figures</title>
<script type="module" src="/elements.js"></script></head><body>
${Array.from({ length: MANY }, (_, i) => { const [tag, attrs] = FIGURES[i % FIGURES.length]; return `<${tag} id="f${i}" ${attrs}></${tag}>`; }).join('\n')}
</body></html>`;

// Page side, before the page's scripts: record when each figure drew, the long tasks and the
// longest gap of a 0 ms timer chain.
function watchMany() {
  window.__many = { drawn: [], long: [], gap: 0 };
  const m = window.__many;
  // at: the event; painted: after the paint of the frame that shows it (a message posted from that frame's callback)
  addEventListener('posenc-render', (e) => {
    const d = { id: e.target.id, what: `${e.target.localName.slice(7)} ${e.target.getAttribute('kind')}`, at: performance.now(), painted: null };
    m.drawn.push(d);
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { d.painted = performance.now(); };
      ch.port2.postMessage(0);
    });
  }, true);
  addEventListener('posenc-error', (e) => m.drawn.push({ id: e.target.id, at: performance.now(), error: e.detail.message }), true);
  new PerformanceObserver((list) => { for (const t of list.getEntries()) m.long.push({ start: t.startTime, ms: t.duration }); })
    .observe({ type: 'longtask', buffered: true });
  // what ran in the frames of those tasks (Long Animation Frames: the scripts over 5 ms, their forced style and layout)
  m.frames = [];
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const f of list.getEntries()) {
        m.frames.push({ start: f.startTime, ms: f.duration, renderMs: f.renderStart ? f.startTime + f.duration - f.renderStart : 0,
          scripts: f.scripts.filter((s) => s.duration > 5).map((s) => ({ at: s.startTime, ms: s.duration, forcedLayoutMs: s.forcedStyleAndLayoutDuration,
            what: `${s.invoker} ${s.sourceFunctionName || ''} ${s.sourceURL ? new URL(s.sourceURL).pathname : ''}`.replace(/\s+/g, ' ').trim() })) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  }
  // each task over 50 ms, with the scripts of the frame it ran in
  m.explain = () => m.long.map((t) => {
    const f = m.frames.find((x) => x.start <= t.start + 1 && t.start < x.start + x.ms);
    const r = (v) => Math.round(v);
    return { atMs: r(t.start), ms: r(t.ms), frameMs: f ? r(f.ms) : null, frameRenderMs: f ? r(f.renderMs) : null,
      rendered: m.drawn.filter((d) => d.at >= t.start && d.at <= t.start + t.ms + 1).map((d) => `${d.id} ${d.what}`),
      scripts: (f?.scripts ?? []).filter((s) => s.at >= t.start - 1 && s.at < t.start + t.ms)
        .map((s) => `${s.what} ${r(s.ms)} ms${s.forcedLayoutMs > 1 ? ` (forced style and layout ${r(s.forcedLayoutMs)})` : ''}`) };
  });
  let last = performance.now();
  const tick = () => {
    const now = performance.now();
    m.gap = Math.max(m.gap, now - last);
    last = now;
    if (!m.stop) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
}

// The main thread in a trace: its tasks over 40 ms, each with its events over 3 ms (nested ones
// too), and its totals (all tasks, tasks over 50 ms, the frames' commits, in ms; the queue's turns).
function mainThread(events) {
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const spans = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
  const t0 = Math.min(...spans.map((e) => e.ts));
  const tasks = spans.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const ms = (us) => Number((us / 1000).toFixed(1));
  // the elements' queue turns (its function `turn`; not its frame and observer callbacks) as the trace times them
  const turns = spans.filter((e) => e.name === 'FunctionCall' && e.args?.data?.functionName === 'turn' &&
    /\/elements\/lazy\.js$/.test(e.args.data.url ?? '')).map((e) => e.dur);
  const sum = (xs) => ms(xs.reduce((a, e) => a + e.dur, 0));
  return {
    tasksOver40Ms: tasks.filter((t) => t.dur > 40000).map((t) => ({
      atMs: Math.round((t.ts - t0) / 1000), ms: ms(t.dur),
      inside: spans.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e.dur > 3000)
        .map((e) => `${e.name} ${(e.dur / 1000).toFixed(1)}${e.args?.data?.url ? ` ${new URL(e.args.data.url).pathname}` : ''}`),
    })),
    totals: { tasksMs: sum(tasks), over50: tasks.filter((t) => t.dur > 50000).length, commitsMs: sum(spans.filter((e) => e.name === 'Commit')),
      queueTurns: turns.length ? { n: turns.length, p90Ms: ms(quantile(turns, 0.9)), p99Ms: ms(quantile(turns, 0.99)), maxMs: ms(Math.max(...turns)) } : null },
  };
}

// Chart.js's scale methods that resolve options once per tick (method names survive its minifier).
const PER_TICK = new Set(['_resolveTickFontOptions', '_computeGridLineItems', '_computeLabelItems']);

// A sampling heap profile's allocations: in all, by function (name and file), and under PER_TICK.
function allocationSites(profile) {
  const by = new Map();
  let all = 0, perTick = 0;
  const walk = (node, underTick) => {
    const f = node.callFrame;
    const tick = underTick || PER_TICK.has(f.functionName);
    if (node.selfSize) {
      const key = `${f.functionName || '(anonymous)'} ${f.url ? new URL(f.url).pathname : '(native)'}`;
      by.set(key, (by.get(key) ?? 0) + node.selfSize);
      all += node.selfSize;
      if (tick) perTick += node.selfSize;
    }
    for (const c of node.children) walk(c, tick);
  };
  walk(profile.head, false);
  const mb = (b) => Number((b / 2 ** 20).toFixed(1));
  return { allocatedMB: mb(all), perTickOptionsMB: mb(perTick),
    top: [...by].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${mb(v)} MB ${k}`) };
}

async function many() {
  let cdp = null;
  const events = [];
  const { page, problems } = await app.open('many.html', { ready: false,
    before: async (p) => {
      await p.route((u) => u.pathname === '/many.html', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: MANY_HTML }));
      await p.addInitScript(watchMany);
      if (!traceFile && !allocations) return;
      cdp = await app.context.newCDPSession(p);
      if (allocations) {
        await cdp.send('HeapProfiler.enable');
        await cdp.send('HeapProfiler.startSampling', { samplingInterval: 16384,
          includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
      }
      if (!traceFile) return;
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
      await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: {
        includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'toplevel'] } });
    },
  });
  // the figures in the first viewport: drawn (lazy.js draws them first)
  const first = await page.evaluate(async () => {
    // sized once defined (an element not defined yet is an empty inline box: all would look visible)
    await Promise.all(['posenc-heatmap', 'posenc-plot'].map((t) => customElements.whenDefined(t)));
    const visible = [...document.querySelectorAll('posenc-heatmap, posenc-plot')]
      .filter((e) => e.getBoundingClientRect().top < innerHeight).map((e) => e.id);
    const m = window.__many;
    const t0 = performance.now();
    while (!visible.every((id) => m.drawn.some((d) => d.id === id && d.painted))) {
      const failed = m.drawn.filter((d) => d.error);
      if (failed.length) throw new Error(`figures failed: ${failed.map((d) => `${d.id}: ${d.error}`).join('; ')}`);
      if (performance.now() - t0 > 60000) throw new Error(`the first viewport's figures did not draw in 60 s: ${visible.filter((id) => !m.drawn.some((d) => d.id === id)).join(' ')}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 500));  // what else runs after them (nothing should: the rest waits off screen)
    const at = (id) => m.drawn.find((d) => d.id === id).painted;
    const longest = Math.max(0, ...m.long.map((t) => t.ms));
    const r = { visible: visible.length, firstMs: Math.min(...m.drawn.filter((d) => d.painted).map((d) => d.painted)),
      visibleMs: Math.max(...visible.map(at)),
      drawnByThen: m.drawn.length, longTasks: m.long.length, longestTaskMs: longest, longestGapMs: m.gap, whatRanLong: m.explain(),
      errors: m.drawn.filter((d) => d.error).map((d) => `${d.id}: ${d.error}`) };
    m.long.length = 0;
    m.frames.length = 0;
    m.gap = 0;
    return r;
  });
  // scrolled to the end, a viewport every SCROLL_MS (a fast reader), then waiting until every figure drew
  const scrolled = await page.evaluate(async ({ n, step }) => {
    const m = window.__many;
    const t0 = performance.now();
    while (scrollY + innerHeight < document.documentElement.scrollHeight - 1) {
      scrollBy(0, innerHeight);
      await new Promise((r) => setTimeout(r, step));
    }
    const ids = [...document.querySelectorAll('posenc-heatmap, posenc-plot')].map((e) => e.id);
    while (new Set(m.drawn.map((d) => d.id)).size < n) {
      for (const el of document.querySelectorAll('posenc-heatmap, posenc-plot')) if (el.status === 'loading') { el.scrollIntoView(); break; }
      await new Promise((r) => setTimeout(r, 10));
    }
    m.stop = true;
    const { estimates } = await import('/elements/lazy.js');  // the module the elements use
    return { figures: ids.length, allMs: performance.now() - t0, longTasks: m.long.length,
      longestTaskMs: Math.max(0, ...m.long.map((t) => t.ms)), longestGapMs: m.gap, whatRanLong: m.explain(),
      queueEstimatesMs: Object.fromEntries(Object.entries(estimates()).map(([k, v]) => [k, Number(v.toFixed(1))])) };
  }, { n: MANY, step: SCROLL_MS });
  if (problems.length) throw new Error(`console problems: ${problems.join('; ')}`);
  let traced, allocated;
  if (allocations) allocated = allocationSites((await cdp.send('HeapProfiler.stopSampling')).profile);
  if (traceFile) {
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
    traced = mainThread(events);
  }
  await page.close();
  const round = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(1)) : v]));
  return { figures: MANY, load: round(first), scroll: round(scrolled),
    ...(traced ? { tracedTasksOver40Ms: traced.tasksOver40Ms, tracedMainThread: traced.totals } : {}),
    ...(allocated ? { allocations: allocated } : {}) };
}

const contend = args.includes('--contend') ? Number(args[args.indexOf('--contend') + 1]) : 0;
if (!Number.isInteger(contend) || contend < 0) throw new Error('--contend needs a number of busy loops (0, 1, 2, ...)');
const loops = Array.from({ length: contend }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
process.on('exit', () => { for (const l of loops) l.kill(); });
const app = await startExplorer();
const loadBefore = loadavg().map((x) => Number(x.toFixed(2)));
if (args.includes('--many-only')) {
  try {
    const r = await many();
    const result = { what: `${MANY} figures on one page (--many-only)`, ...r,
      conditions: { cpus: cpus().length, busyLoops: contend, date: new Date().toISOString(), loadAverage: { before: loadBefore, after: loadavg().map((x) => Number(x.toFixed(2))) } } };
    if (out) writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await app.close();
  }
  process.exit(0);
}
try {
  const withPlot = await measure('0,1,10,20');
  const heatmapOnly = await measure('');
  const result = {
    what: `explorer redraw, ${POSITIONS} x ${DIM} sinusoidal, offset slider through ${VALUES} values, ${runs - 1} runs after a warm-up run`,
    // painted: input event -> after the paint of the frame that shows the redraw (this includes the
    // wait for that frame); nextFrame: input event -> the next animation frame after posenc:rendered.
    heatmapAndPlot: { ...withPlot, chromium: undefined },
    heatmapOnly: { ...heatmapOnly, chromium: undefined },
    targetMedianMs: 16,
    conditions: { chromium: withPlot.chromium, headless: true, gpu: false, viewport: '1280x900', cpus: cpus().length, busyLoops: contend,
      cpu: cpus()[0]?.model, date: new Date().toISOString(),
      // 1-, 5- and 15-minute load averages before and after (the machine is shared with other jobs)
      loadAverage: { before: loadBefore, after: loadavg().map((x) => Number(x.toFixed(2))) } },
  };
  if (out) writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  for (const [name, r] of [['heatmap + 4 lines', withPlot], ['heatmap only', heatmapOnly]]) {
    console.log(`browser redraw ${POSITIONS}x${DIM}, ${name} (n = ${r.samples}): input -> painted median ${r.painted.medianMs} ms, ` +
      `p95 ${r.painted.p95Ms} ms; input -> next frame median ${r.nextFrame.medianMs} ms, p95 ${r.nextFrame.p95Ms} ms`);
  }
} finally {
  await app.close();
}
