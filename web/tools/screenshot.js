#!/usr/bin/env node
// Screenshot of the explorer with Debian's Chromium (playwright-core), for the README.
//   node web/tools/screenshot.js                           the default view → web/explorer/screenshot.png
//   node web/tools/screenshot.js out.png '?kind=alibi' dark  any view (a query string), dark mode
// Options (any order): a path ending in .png, a query string starting with '?', 'dark',
// 'width=N' / 'height=N' (CSS px, default 1280 × 1040), 'scale=N' (devicePixelRatio, default 1), 'full' (whole page).
import { chromium } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.js';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'];

/** A headless Chromium with a fresh profile; close() also removes the profile. */
export async function launch() {
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
  const server = await serve({ port: 0 });
  const browser = await launch();
  try {
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme: opt.dark ? 'dark' : 'light' });
    await page.setViewportSize({ width: opt.width, height: opt.height });
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    if (opt.scale !== 1) {
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: opt.width, height: opt.height, deviceScaleFactor: opt.scale, mobile: false });
    }
    await page.goto(server.url + opt.query);
    await page.waitForSelector('html[data-ready]');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const out = resolve(opt.out);
    if (opt.full) await page.screenshot({ path: out, fullPage: true });
    else await page.screenshot({ path: out });
    const status = await page.evaluate(() => document.documentElement.dataset.status);
    console.log(`screenshot.js: ${out} (status ${status})`);
    for (const p of problems) console.log(`  console: ${p}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2)).catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
