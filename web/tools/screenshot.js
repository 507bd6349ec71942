#!/usr/bin/env node
// Screenshot of the explorer with Debian's Chromium (the tests' harness, tests/browser/harness.js), for the manual (web/docs/explorer.md, web/docs/analysis.md, web/docs/multimodal.md).
//   node web/tools/screenshot.js                           the default view → web/explorer/screenshot.png
//   node web/tools/screenshot.js out.png '?kind=alibi' dark  any view (a query string), dark mode
// Options (any order): a path ending in .png, a query string starting with '?', 'dark',
// 'width=N' / 'height=N' (CSS px, default 1280 × 1040), 'scale=N' (devicePixelRatio, default 1), 'full' (whole page).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowser } from '../../tests/browser/harness.js';

async function main(argv) {
  const opt = { out: 'web/explorer/screenshot.png', query: '', dark: false, width: 1280, height: 1040, scale: 1, full: false };
  for (const a of argv) {
    if (a.endsWith('.png')) opt.out = a;
    else if (a.startsWith('?')) opt.query = a;
    else if (a === 'dark') opt.dark = true;
    else if (a === 'full') opt.full = true;
    else if (a.startsWith('width=')) opt.width = Number(a.slice(6));
    else if (a.startsWith('height=')) opt.height = Number(a.slice(7));
    else if (a.startsWith('scale=')) opt.scale = Number(a.slice(6));
    else throw new Error(`screenshot.js: unknown argument '${a}'`);
  }
  const app = await startBrowser();
  try {
    const { page, problems } = await app.open(opt.query, { dark: opt.dark, width: opt.width, height: opt.height, scale: opt.scale, ready: true });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const out = resolve(opt.out);
    if (opt.full) await page.screenshot({ path: out, fullPage: true });
    else await page.screenshot({ path: out });
    const status = await page.evaluate(() => document.documentElement.dataset.status);
    console.log(`screenshot.js: ${out} (status ${status})`);
    for (const p of problems) console.log(`  console: ${p}`);
  } finally {
    await app.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2)).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
