// Strict Content-Security-Policy (issue 6, item 6): the explorer, the iframe embed, the docs-page
// example and a page of custom elements, served by web/tools/serve.js with
//   default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' https://huggingface.co
// (the last part for the explorer's model-id field) in Debian's Chromium. Every page of every browser test already fails on a `securitypolicyviolation`
// in any frame or a CSP console message (tests/browser/harness.js); this file adds: the header is
// on every page and file, each page does its real work under it (posenc.wasm instantiated, values
// checked against Math.sin; Chart.js drew lines; the heatmaps coloured their cells), and a control:
// inline script, eval and an inline style attribute ARE reported as violations on the same page
// (the listener works, the policy holds).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, drawn } from './harness.js';

// Written out, not imported from serve.js: this is the line web/docs/security.md tells users to send.
const POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self' https://huggingface.co";

let app;
let server;
before(async () => {
  app = await startBrowser();
  server = { url: app.url };
});
after(async () => {
  await app?.close();
});

// A page of elements that is not in web/: served through a route at the same origin, with the
// same header, so it runs under the same policy. It uses both the side-effect entry and define()
// with tag names of its own, attributes and properties, a stacked table, RoPE with YaRN scaling,
// masked (-Infinity) cells, an element added by script and one with a bad attribute.
const FIXTURE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>posenc elements under CSP</title>
<link rel="icon" href="embed/favicon.svg" type="image/svg+xml">
<script type="module" src="elements.js"></script>
<script type="module" src="csp-fixture.js"></script></head>
<body>
<posenc-heatmap id="sin" kind="sinusoidal" positions="50" dim="64" dims="0,1,10,20" heading="Sinusoidal"></posenc-heatmap>
<posenc-plot id="sin-plot" kind="sinusoidal" positions="50" dim="64" dims="0,1,10,20"></posenc-plot>
<posenc-heatmap id="alibi" kind="alibi" heads="8" queries="32" index="2" colormap="viridis"></posenc-heatmap>
<posenc-plot id="yarn" kind="rope" positions="128" dim="64" rope-type="yarn" factor="4" dims="0,8,31"></posenc-plot>
<posenc-heatmap id="bad" kind="t5" num-buckets="1"></posenc-heatmap>
<x-heat id="custom" kind="t5" queries="40"></x-heat>
</body></html>`;
const FIXTURE_JS = `import { define } from './elements/define.js';
await define({ heatmap: 'x-heat', plot: 'x-plot' });
const el = document.createElement('x-plot');
el.id = 'scripted';
el.kind = 'xpos';
el.positions = 64;
el.dims = [0, 5, 31];
document.body.append(el);
`;

async function open(path, { fixture = false, dark = false } = {}) {
  const before = fixture ? async (page) => {
    const headers = { 'Content-Security-Policy': POLICY };
    await page.route((u) => u.pathname === '/csp-fixture.html', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', headers, body: FIXTURE_HTML }));
    await page.route((u) => u.pathname === '/csp-fixture.js', (r) => r.fulfill({ contentType: 'text/javascript; charset=utf-8', headers, body: FIXTURE_JS }));
  } : undefined;
  const { page, problems, violations, response } = await app.open(path, { dark, width: 1100, height: 900, before });
  assert.equal(response.status(), 200, path);
  assert.equal(response.headers()['content-security-policy'], POLICY, `${path}: the CSP header`);
  return { page, problems, violations };
}

// The elements of the pages below, for the harness's drawn().
const ELEMENTS = 'posenc-heatmap, posenc-plot, x-heat, x-plot';

// The policy holds on this page: blocked inline script, eval and inline style each give a
// violation (so silence before meant none happened), and nothing ran.
async function control(page, violations) {
  const before = violations.length;
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.head.append(s);
    document.body.setAttribute('style', 'outline: 3px solid red');
    // eval from a task of the page's own (DevTools' evaluate itself is exempt from the policy).
    return new Promise((resolve) => setTimeout(() => {
      let evaluated = false;
      try {
        evaluated = eval('true');  // eslint-disable-line no-eval
      } catch { /* EvalError: blocked */ }
      resolve({ inline: window.__inlineRan === true, evaluated, outline: getComputedStyle(document.body).outlineStyle });
    }));
  });
  await new Promise((r) => setTimeout(r, 200));  // let the reports arrive
  assert.deepEqual(ran, { inline: false, evaluated: false, outline: 'none' }, 'the CSP blocks inline script, eval and inline style');
  const directives = violations.slice(before).map((v) => v.directive);
  for (const d of ['script-src-elem', 'script-src', 'style-src-attr']) assert.ok(directives.includes(d), `a ${d} violation is reported (got ${directives})`);
}

const clean = (problems, violations, where) => {
  assert.deepEqual(violations, [], `${where}: CSP violations`);
  assert.deepEqual(problems, [], `${where}: console`);
};

test('the server sends the policy with every page and file', async () => {
  for (const path of ['/', '/index.html', '/embed.html', '/embed.html?kind=rope', '/examples/docs.html', '/posenc.wasm',
    '/explorer/main.js', '/elements.js', '/vendor/chart.js', '/no-such-file']) {
    const r = await fetch(server.url + path.slice(1));
    await r.arrayBuffer();
    assert.equal(r.headers.get('content-security-policy'), POLICY, path);
  }
});

test('explorer: every kind, presets, exports, dark mode; no violation', { timeout: 120_000 }, async () => {
  for (const dark of [false, true]) {
    const { page, problems, violations } = await open('', { dark });
    await page.waitForSelector('html[data-ready]');
    const first = await page.evaluate(() => ({
      status: document.documentElement.dataset.status,
      values: [window.explorer.plane.value(1, 0), window.explorer.plane.value(1, 1), window.explorer.plane.value(49, 62)],
    }));
    // Instantiated under 'wasm-unsafe-eval': PE(1, 0) = sin(1), PE(1, 1) = cos(1), PE(49, 62) = sin(49 / 10000^(62/64)).
    assert.equal(first.status, 'ok');
    assert.deepEqual(first.values, [Math.fround(Math.sin(1)), Math.fround(Math.cos(1)), Math.fround(Math.sin(49 / 10000 ** (62 / 64)))]);
    // the kinds its selector offers (helper tables are not: tests/browser/explorer.test.js opens them by URL)
    const kinds = await page.evaluate(() => window.explorer.pe.kinds.filter((k) => !k.input && !k.helper).map((k) => k.name));
    for (const kind of kinds) {
      const before = await page.evaluate(() => window.explorer.renders);
      await page.selectOption('#c-kind', kind);
      await page.waitForFunction((n) => window.explorer.renders > n, before);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const seen = await page.evaluate(() => {
        const { plot, heatmap } = window.explorer;
        const colours = (c) => {
          const px = window.readPixels(c);
          const set = new Set();
          for (let i = 0; i < px.length; i += 28) set.add((px[i] << 24) | (px[i + 1] << 16) | (px[i + 2] << 8) | px[i + 3]);
          return set.size;
        };
        const metas = plot.chart.getSortedVisibleDatasetMetas();
        return {
          status: document.documentElement.dataset.status,
          lines: metas.length,
          withPoints: metas.filter((m) => m.data.some((el) => Number.isFinite(el.x) && Number.isFinite(el.y))).length,
          plotColours: colours(plot.chart.canvas),
          heatmapColours: colours(heatmap.canvas),
        };
      });
      assert.equal(seen.status, 'ok', kind);
      // a kind laid out by a string (mrope-positions' sequence, default '') has no columns to plot by default
      const empty = await page.evaluate((k) => window.explorer.pe.kinds.find((q) => q.name === k).params
        .some((p) => p.type === 'string' && p.default === ''), kind);
      if (!empty) assert.ok(seen.lines >= 1 && seen.withPoints === seen.lines, `${kind}: Chart.js laid out its lines ${JSON.stringify(seen)}`);
      assert.ok(seen.plotColours > 4, `${kind}: Chart.js drew ${JSON.stringify(seen)}`);
      assert.ok(seen.heatmapColours > 4, `${kind}: the heatmap drew ${JSON.stringify(seen)}`);
    }
    await page.click('#preset-rope-llama3');
    await page.waitForFunction(() => document.documentElement.dataset.status === 'ok' && window.explorer.state.kind === 'rope');
    for (const type of ['png', 'csv', 'npy']) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#export-${type}`)]);
      assert.match(download.suggestedFilename(), new RegExp(`\\.${type}$`));
    }
    // Hover readout and keyboard focus on the heatmap (its overlay, styles set through CSSOM).
    const box = await page.locator('#heatmap canvas').first().boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('Tab');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    clean(problems, violations, `explorer${dark ? ' (dark)' : ''}`);
    await control(page, violations);
    await page.close();
  }
});

test('docs-page example with elements and an iframe embed: no violation in either frame', { timeout: 60_000 }, async () => {
  const { page, problems, violations } = await open('examples/docs.html');
  const els = await page.evaluate(drawn, ELEMENTS);
  assert.deepEqual(els.map((e) => e.status), ['ok', 'ok', 'ok', 'ok'], JSON.stringify(els));
  const [heat, plot, alibi, compare] = els;
  // compare mode (b- attributes) with its MathML caption, under the same policy: A and B, two lines each
  assert.ok(compare.lines === 4 && compare.drawnLines === 4, `Chart.js drew ${JSON.stringify(compare)}`);
  assert.deepEqual(heat.first, [0, Math.fround(Math.sin(1)), Math.fround(Math.cos(1))]);  // wasm: PE(0,0), PE(1,0), PE(1,1)
  assert.ok(heat.colours > 20 && alibi.colours > 20, JSON.stringify(els));
  assert.ok(plot.lines === 4 && plot.drawnLines === 4 && plot.painted > 2000, `Chart.js drew ${JSON.stringify(plot)}`);
  const frame = page.frames().find((f) => f.url().includes('embed.html'));
  assert.ok(frame, 'the iframe embed loaded');
  const inFrame = await frame.evaluate(drawn, ELEMENTS);
  assert.deepEqual(inFrame.map((e) => e.status), ['ok'], JSON.stringify(inFrame));
  assert.ok(inFrame[0].colours > 20, JSON.stringify(inFrame));
  // A column click re-renders the plot (posenc-column → dims), still under the policy.
  const box = await page.locator('#sinusoid').boundingBox();
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await new Promise((r) => setTimeout(r, 300));  // the iframe's height message, the re-render
  clean(problems, violations, 'docs.html');
  await control(page, violations);
  await page.close();
});

test('embed.html: heatmap and plot, dark, rope with scaling; no violation', { timeout: 60_000 }, async () => {
  for (const [query, dark] of [['?kind=relative&queries=50&offset=50', false],
    ['?kind=rope&positions=64&dim=32&rope-type=linear&factor=2&dims=0,5&colormap=rdbu', true],
    ['?kind=alibi&heads=4&queries=24&view=heatmap&figure-height=300', false]]) {
    const { page, problems, violations } = await open(`embed.html${query}`, { dark });
    const els = await page.evaluate(drawn, ELEMENTS);
    assert.ok(els.length >= 1 && els.every((e) => e.status === 'ok'), `${query}: ${JSON.stringify(els)}`);
    for (const e of els) {
      assert.ok(e.colours > 4, `${query}: ${e.tag} drew ${JSON.stringify(e)}`);
      if (e.lines !== null) assert.ok(e.lines >= 1 && e.drawnLines === e.lines && e.painted > 1000, `${query}: Chart.js ${JSON.stringify(e)}`);
    }
    clean(problems, violations, `embed.html${query}`);
    await control(page, violations);
    await page.close();
  }
});

test('a page of elements (side-effect import, define() with own names, scripted, a bad attribute): no violation', { timeout: 60_000 }, async () => {
  const { page, problems, violations } = await open('csp-fixture.html', { fixture: true });
  const els = await page.evaluate(drawn, ELEMENTS);
  const by = Object.fromEntries(els.map((e) => [e.id, e]));
  assert.deepEqual(Object.keys(by).sort(), ['alibi', 'bad', 'custom', 'scripted', 'sin', 'sin-plot', 'yarn']);
  for (const id of ['alibi', 'custom', 'scripted', 'sin', 'sin-plot', 'yarn']) assert.equal(by[id].status, 'ok', `${id}: ${JSON.stringify(by[id])}`);
  assert.equal(by.custom.tag, 'x-heat');
  assert.deepEqual(by.sin.first, [0, Math.fround(Math.sin(1)), Math.fround(Math.cos(1))]);
  for (const id of ['sin-plot', 'yarn', 'scripted']) {
    assert.ok(by[id].lines === by[id].drawnLines && by[id].lines >= 3 && by[id].painted > 1000, `${id}: Chart.js ${JSON.stringify(by[id])}`);
  }
  assert.ok(by.alibi.colours > 8 && by.custom.colours > 8, JSON.stringify([by.alibi, by.custom]));
  // The bad attribute's message is shown in the element (no inline style needed for it).
  assert.equal(by.bad.status, 'error');
  assert.match(by.bad.error, /num-buckets|numBuckets/);
  clean(problems, violations, 'elements page');
  await control(page, violations);
  await page.close();
});
