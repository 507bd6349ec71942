// posenc's own manual as a site (web/docs/.vitepress, `npm run docs`): built here as a clean clone
// builds it (`vitepress build web/docs`, into build/docs), served by web/tools/serve.js at /docs/
// beside the explorer, and opened in Chromium. Every page: its figures drawn (status "ok"), a
// clean console, every link and anchor it holds found. The tutorial: the values it states are the
// elements' own (read back from their planes), its explorer links open the explorer. The theme
// switch restyles the figures, figures draw again after client-side moves (offline too, from the
// service worker's cache), local search finds a page, and a second build under another sub-path works there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, DOCS_ROOT } from '../../web/tools/serve.js';
import { startBrowser, drawn } from '../browser/harness.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const VITEPRESS = join(REPO, 'node_modules/.bin/vitepress');
let server;
let chromium;
let scratch;

function build(env = {}) {
  const r = spawnSync(VITEPRESS, ['build', 'web/docs'], { cwd: REPO, encoding: 'utf8', timeout: 300000, env: { ...process.env, ...env } });
  assert.equal(r.status, 0, `vitepress build failed:\n${r.stdout}\n${r.stderr}`);
  // Dead links fail the build; besides, nothing about posenc's pages may be warned about.
  assert.doesNotMatch(r.stdout + r.stderr, /dead link|posenc[^\n]*(warn|error)/i);
}

before(async () => {
  for (const f of ['web/core/wasm-bytes.js', 'web/vendor/chart.js']) {
    if (!existsSync(join(REPO, f))) throw new Error(`${f} is missing: run \`bash build.sh vendor\` first`);
  }
  build();
  scratch = await mkdtemp(join(tmpdir(), 'posenc-docs-site-'));
  build({ POSENC_DOCS_BASE: '/manuals/posenc/', POSENC_DOCS_OUT: join(scratch, 'manuals/posenc') });
  server = await serve({ port: 0 });
  chromium = await startBrowser({ server: false });
});

after(async () => {
  await chromium?.close();
  await server?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const notFavicon = (p) => !/favicon/.test(p);

// The pages of the sidebar (the manual's index), in its order.
const INDEX = readFileSync(join(REPO, 'web/docs/index.md'), 'utf8');
const PAGES = ['index', ...[...INDEX.matchAll(/^\| \[[^\]]+\]\(([\w-]+)\.md\)/gm)].map((m) => m[1])];

test('the tutorial is first in the index, and every page of web/docs is in it', () => {
  assert.equal(PAGES[1], 'tutorial');
  const files = spawnSync('ls', [join(REPO, 'web/docs')], { encoding: 'utf8' }).stdout.split('\n').filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
  assert.deepEqual([...files].sort(), [...new Set(PAGES)].sort());
  assert.ok(existsSync(join(DOCS_ROOT, 'tutorial.html')));
});

test('the tutorial: every figure drawn, the values it states are the elements\', explorer links open', async () => {
  const { page, problems } = await chromium.open(`${server.url}docs/tutorial.html`);
  try {
    assert.match(await page.title(), /tutorial/i);
    const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.ok(shown.length >= 9, JSON.stringify(shown));
    for (const s of shown) assert.ok(s.status === 'ok' && s.colours > 20 && s.width > 300, JSON.stringify(s));
    // The seed's column 0 as the page states it (0, 0.841471, 0.909297): the element's plane, at the readout's six digits.
    const seed = await page.evaluate(() => [0, 1, 2].map((r) => document.getElementById('seed').view.plane.value(r, 0)));
    assert.deepEqual(seed, [0, Math.fround(Math.sin(1)), Math.fround(Math.sin(2))]);
    const text = await page.evaluate(() => document.querySelector('.vp-doc').textContent.replace(/\s+/g, ' '));
    assert.ok(text.includes(`0, ${seed[1].toPrecision(6)} (sin 1) and ${seed[2].toPrecision(6)} (sin 2)`), 'the page states the seed values');
    // The readout a reader gets: focus the heatmap (the cursor on cell 0, 0) and go down column 0.
    const readouts = [];
    await page.focus('#seed .posenc-heatmap-overlay');
    for (let r = 0; r < 3; r++) {
      if (r) await page.keyboard.press('ArrowDown');
      readouts.push(await page.textContent('#seed .posenc-heatmap-readout'));
    }
    assert.deepEqual(readouts.map((t) => t.replace(/^.*: /, '')), ['0', '0.841471', '0.909297'], readouts.join(' | '));
    // The relative matrix: j − i + L with L = 50, row 0 starting 50, 51; the diagonal L.
    const rel = await page.evaluate(() => { const p = document.getElementById('relative').view.plane; return [p.value(0, 0), p.value(0, 1), p.value(1, 0), p.value(49, 49)]; });
    assert.deepEqual(rel, [50, 51, 49, 50]);
    assert.ok(text.includes('Row 0 starts at 50, 51'));
    assert.equal(shown.find((s) => s.id === 'columns').drawnLines, 3);
    // The ALiBi head 2 of 8: slope 1/8, so cell (1, 0) is −1/8 and the future masked.
    const alibi = await page.evaluate(() => { const p = document.getElementById('alibi').view.plane; return [p.value(1, 0), p.value(0, 1)]; });
    assert.deepEqual(alibi, [-0.125, -Infinity]);
    // Formulas: MathML, in the page and in the elements' explain captions.
    assert.ok(await page.evaluate(() => document.querySelector('.vp-doc math') !== null));
    // Each figure's explorer link opens the explorer on that kind.
    const links = await page.evaluate(() => [...document.querySelectorAll('a.explore')].map((a) => a.href));
    assert.ok(links.length >= 9, links.join('\n'));
    for (const href of links) {
      const url = new URL(href);
      assert.equal(url.pathname, '/index.html', href);
      assert.ok(url.searchParams.get('kind'), href);
      assert.equal((await fetch(href)).status, 200);
    }
    // … on the same view: its kind selected, nothing said on the console.
    for (const href of links) {
      const explorer = await chromium.open(href, { ready: true });
      try {
        await explorer.page.waitForSelector('#c-kind');
        assert.equal(await explorer.page.inputValue('#c-kind'), new URL(href).searchParams.get('kind'), href);
        assert.deepEqual(explorer.problems.filter(notFavicon), [], href);
      } finally {
        await explorer.page.close();
      }
    }
    assert.deepEqual(problems.filter(notFavicon), []);
  } finally {
    await page.close();
  }
});

// What a page says its figure shows, read back from the element's plane (id → a check of the plane).
const planeOf = (page, id) => page.evaluate((id) => {
  const p = document.getElementById(id).view.plane;
  let max = 0;
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) max = Math.max(max, Math.abs(p.value(r, c)));
  return { rows: p.rows, cols: p.cols, at11: p.value(1, 1), at10: p.value(1, 0), maxAbs: max };
}, id);

test('models, multimodal, analysis, check and engines pages: their figures show what the pages say', async () => {
  const open = async (name, fn) => {
    const { page, problems } = await chromium.open(`${server.url}docs/${name}.html`);
    try {
      const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
      for (const s of shown) assert.ok(s.status === 'ok' && s.colours > 20, `${name}: ${JSON.stringify(s)}`);
      await fn(page, shown);
      assert.deepEqual(problems.filter(notFavicon), [], name);
    } finally {
      await page.close();
    }
  };
  await open('models', async (page) => {
    // Gemma 3's sliding layers turn at base 10000 (cos 1 at position 1, column 0), its global layer 5 at
    // position 1/8 (linear ×8): cos(1/8).
    assert.equal((await planeOf(page, 'gemma3-sliding')).at10, Math.fround(Math.cos(1)));
    assert.equal((await planeOf(page, 'gemma3-global')).at10, Math.fround(Math.cos(1 / 8)));
  });
  await open('multimodal', async (page) => {
    // rows t, h, w of 5 + 24 + 4 = 33 tokens
    const ids = await planeOf(page, 'mrope-ids');
    assert.deepEqual([ids.rows, ids.cols], [3, 33]);
  });
  await open('analysis', async (page, shown) => {
    assert.equal(shown.find((s) => s.id === 'compare').drawnLines, 4);  // columns 0 and 3, A and B
  });
  await open('check', async (page) => {
    // The values the page (and the CLI's output above it) states: port 0.540302, reference 0.686147.
    const port = await planeOf(page, 'check-port');
    const error = await planeOf(page, 'check-error');
    assert.equal(port.at11.toPrecision(6), '0.540302');
    assert.equal((port.at11 + error.at11).toPrecision(6), '0.686147');
  });
  await open('engines', async (page) => {
    // transformers' and llama.cpp's YaRN differ (the page's "differs"), by more than 1 within 4096 positions.
    const ab = await planeOf(page, 'engine-ab');
    assert.ok(ab.maxAbs > 1, JSON.stringify(ab));
  });
});

test('every page: figures drawn, a clean console, no broken link or anchor', async () => {
  const checked = new Map();
  const exists = async (href) => {
    const url = new URL(href);
    const key = url.origin + url.pathname;
    if (!checked.has(key)) {
      const res = await fetch(key);
      checked.set(key, { status: res.status, html: res.headers.get('content-type')?.includes('html') ? await res.text() : '' });
    }
    const target = checked.get(key);
    assert.equal(target.status, 200, `${href} is found`);
    const id = decodeURIComponent(url.hash.slice(1));
    if (id && url.pathname.startsWith('/docs/')) assert.ok(target.html.includes(`id="${id}"`), `${href}: the anchor #${id} exists`);
  };
  for (const name of PAGES) {
    const { page, problems } = await chromium.open(`${server.url}docs/${name}.html`);
    try {
      // drawn() waits for a figure to appear: only on pages that hold one.
      const figures = await page.evaluate(() => document.querySelectorAll('posenc-heatmap, posenc-plot').length);
      const shown = figures ? await page.evaluate(drawn, 'posenc-heatmap, posenc-plot') : [];
      for (const s of shown) assert.equal(s.status, 'ok', `${name}: ${JSON.stringify(s)}`);
      const hrefs = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.href).filter((h) => h.startsWith(location.origin)));
      for (const href of hrefs) await exists(href);
      assert.deepEqual(problems.filter(notFavicon), [], name);
    } finally {
      await page.close();
    }
  }
});

test('the theme switch restyles the figures; they draw again after client-side moves', async () => {
  const { page, problems } = await chromium.open(`${server.url}docs/tutorial.html`);
  try {
    await page.evaluate(drawn, '#seed');
    const look = () => page.evaluate(() => {
      const e = document.getElementById('seed');
      const c = [...e.shadowRoot.querySelectorAll('canvas')].find((x) => x.width && x.height);
      const px = window.readPixels(c);
      let sum = 0;
      for (let i = 0; i < px.length; i += 97) sum = (sum * 31 + px[i]) >>> 0;
      return { colour: getComputedStyle(e).color, sum };
    });
    const light = await look();
    await page.click('.VPNavBar .VPSwitchAppearance');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.waitForFunction((before) => {
      const e = document.getElementById('seed');
      return getComputedStyle(e).color !== before;
    }, light.colour);
    await page.waitForTimeout(300);
    const dark = await look();
    assert.notEqual(dark.colour, light.colour);
    assert.notEqual(dark.sum, light.sum, 'the heatmap was drawn again in the dark theme');
    // VitePress's router moves to another page and back; the elements draw each time.
    {
      await page.click('.VPSidebar a[href$="embedding.html"]');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent.includes('Embedding figures'));
      await page.goBack();
      await page.waitForFunction(() => document.querySelector('h1')?.textContent.includes('Tutorial'));
      const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
      assert.ok(shown.length >= 9);
      for (const s of shown) assert.equal(s.status, 'ok', JSON.stringify(s));
    }
    assert.deepEqual(problems.filter(notFavicon), []);
  } finally {
    await page.close();
  }
});

test('offline once loaded: a page not yet visited and a reload draw their figures', async () => {
  const { page, problems } = await chromium.open(`${server.url}docs/tutorial.html`);
  try {
    await page.evaluate(drawn, '#seed');
    // The service worker (web/docs/public/sw.js) has cached the whole site once it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.context().setOffline(true);
    try {
      await page.click('.VPSidebar a[href$="embedding.html"]');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent.includes('Embedding figures'));
      await page.click('.VPSidebar a[href$="models.html"]');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent.includes('RoPE and model configs'));
      const moved = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
      assert.deepEqual(moved.map((s) => s.status), ['ok', 'ok'], JSON.stringify(moved));
      await page.reload();
      const reloaded = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
      assert.deepEqual(reloaded.map((s) => s.status), ['ok', 'ok'], JSON.stringify(reloaded));
    } finally {
      await page.context().setOffline(false);
    }
    // Requests the network refused while offline are the service worker's tries before its cache answered.
    assert.deepEqual(problems.filter(notFavicon).filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)), []);
  } finally {
    await page.close();
  }
});

test('the nav bar\'s Explorer link leaves the manual for the explorer', async () => {
  const { page, problems } = await chromium.open(`${server.url}docs/tutorial.html`);
  try {
    await page.click('.VPNavBarMenuLink:has-text("Explorer")');
    await page.waitForURL(`${server.url}index.html`);
    await page.waitForSelector('html[data-ready]');
    assert.deepEqual(problems.filter(notFavicon).filter((p) => !/ERR_ABORTED/.test(p)), []);  // the manual's prefetches, cut by the move
  } finally {
    await page.close();
  }
});

test('local search finds a page', async () => {
  const { page, problems } = await chromium.open(`${server.url}docs/index.html`);
  try {
    await page.click('.VPNavBarSearch button');
    await page.fill('input.search-input, #localsearch-input', 'ALiBi');
    await page.waitForSelector('.result', { timeout: 10000 });
    const results = await page.evaluate(() => [...document.querySelectorAll('.result')].map((r) => r.getAttribute('href') ?? r.querySelector('a')?.getAttribute('href')));
    assert.ok(results.some((h) => /tutorial|kinds/.test(h ?? '')), results.join(', '));
    assert.deepEqual(problems.filter(notFavicon), []);
  } finally {
    await page.close();
  }
});

test('built for another sub-path (POSENC_DOCS_BASE), the site works there', async () => {
  const other = await serve({ root: scratch, port: 0, csp: null });
  try {
    const { page, problems } = await chromium.open(`${other.url}manuals/posenc/tutorial.html`);
    try {
      const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
      assert.ok(shown.length >= 9);
      for (const s of shown) assert.equal(s.status, 'ok', JSON.stringify(s));
      await page.click('.VPSidebar a[href$="models.html"]');
      await page.waitForFunction(() => location.pathname === '/manuals/posenc/models.html');
      assert.deepEqual(problems.filter(notFavicon), []);
    } finally {
      await page.close();
    }
  } finally {
    await other.close();
  }
});
