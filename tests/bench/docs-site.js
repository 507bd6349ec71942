#!/usr/bin/env node
// The manual's site (web/docs/.vitepress, `npm run docs`): time from navigation to the first figure
// drawn on the tutorial page, served on localhost by web/tools/serve.js at /docs/ (target < 1 s).
// "Drawn": the first `posenc-render` event (the element's last drawing step has run), and the paint
// that shows it (the animation frame after it, then a posted message: after that frame's paint).
// Each run is a fresh Chromium (a first visit: no HTTP cache, no service worker yet). Median and
// the runs are printed; --save FILE writes them as JSON.
//   node tests/bench/docs-site.js [--runs N] [--build] [--save FILE]
// The site is built first when build/docs is missing, or with --build.
import { existsSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, DOCS_ROOT } from '../../web/tools/serve.js';
import { startBrowser } from '../browser/harness.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 5;
const out = args.includes('--save') ? args[args.indexOf('--save') + 1] : null;

if (args.includes('--build') || !existsSync(join(DOCS_ROOT, 'index.html'))) {
  const r = spawnSync('npm', ['run', 'docs'], { cwd: REPO, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function listen() {
  addEventListener('posenc-render', () => {
    if (window.firstRender) return;
    window.firstRender = { rendered: performance.now() };
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.firstRender.painted = performance.now(); };
      channel.port2.postMessage(0);
    });
  }, true);
}

const server = await serve({ port: 0 });
const times = [];
try {
  for (let i = 0; i < runs; i++) {
    const browser = await startBrowser({ server: false });
    try {
      const { page } = await browser.open(`${server.url}docs/tutorial.html`, { before: (p) => p.addInitScript(listen) });
      await page.waitForFunction(() => window.firstRender?.painted, null, { timeout: 30000 });
      times.push(await page.evaluate(() => window.firstRender));
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {
  page: '/docs/tutorial.html',
  runs,
  firstFigureRenderedMs: Math.round(median(times.map((t) => t.rendered))),
  firstFigurePaintedMs: Math.round(median(times.map((t) => t.painted))),
  each: times.map((t) => ({ rendered: Math.round(t.rendered), painted: Math.round(t.painted) })),
  targetMs: 1000,
};
console.log(JSON.stringify(result, null, 2));
if (out) writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
