// The elements where there is no DOM, and the single-file elements build:
//   - posenc/elements and posenc/elements/define import in plain Node (a server render) without
//     throwing, and define() there registers nothing;
//   - web/dist/posenc-elements.mjs (build.sh vendor), the only file a page loads, defines the
//     elements, which draw what C computes, under serve.js's CSP, fetching nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../../web/posenc.js';
import { serve } from '../../web/tools/serve.js';
import { startBrowser, drawn, clean } from './harness.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(REPO, 'web/dist/posenc-elements.mjs');

// A fresh Node process (its globals untouched by other tests) importing the package by name.
function inNode(source) {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', source], { cwd: REPO, encoding: 'utf8', timeout: 60000 });
  assert.equal(r.status, 0, `node failed:\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

test('posenc/elements and posenc/elements/define import in Node without a DOM; define() registers nothing', () => {
  const out = inNode(`
    const globals = ['window', 'document', 'HTMLElement', 'customElements'].filter((g) => g in globalThis);
    const side = await import('posenc/elements');
    const mod = await import('posenc/elements/define');
    const ready = await side.ready;
    const defined = await mod.define({ heatmap: 'x-heat', plot: 'x-plot' });
    const bad = await mod.define({ heatmap: 'NoDash' }).then(() => 'resolved', (e) => e.constructor.name);
    console.log(JSON.stringify({ globals, side: Object.keys(side).sort(), mod: Object.keys(mod).sort(), ready, defined,
      hasDOM: mod.hasDOM(), tags: mod.TAGS, bad }));
  `);
  assert.deepEqual(out.globals, []);
  assert.deepEqual(out.side, ['ready']);
  assert.deepEqual(out.mod, ['TAGS', 'define', 'hasDOM']);
  assert.deepEqual(out.ready, { heatmap: null, plot: null });
  assert.deepEqual(out.defined, { heatmap: null, plot: null });
  assert.equal(out.hasDOM, false);
  assert.deepEqual(out.tags, { heatmap: 'posenc-heatmap', plot: 'posenc-plot' });
  assert.equal(out.bad, 'TypeError');  // a bad tag name is still refused
});

test('the single-file build web/dist/posenc-elements.mjs alone defines the elements, which draw what C computes', async (t) => {
  assert.ok(existsSync(BUNDLE), 'web/dist/posenc-elements.mjs is missing: run `bash build.sh vendor`');
  const site = await mkdtemp(join(tmpdir(), 'posenc-bundle-'));
  await cp(BUNDLE, join(site, 'posenc-elements.mjs'));
  await writeFile(join(site, 'index.html'), `<!doctype html><meta charset="utf-8">
<script type="module" src="posenc-elements.mjs"></script>
<posenc-heatmap id="heat" kind="rope" positions="40" dim="32" rope-type="linear" factor="2" index="1"></posenc-heatmap>
<posenc-plot id="plot" kind="sinusoidal" positions="50" dim="64" columns="0,1,10"></posenc-plot>`);
  const server = await serve({ root: site, port: 0 });
  const app = await startBrowser({ server: false });
  t.after(async () => {
    await app.close();
    await server.close();
    await rm(site, { recursive: true, force: true });
  });
  const requests = [];
  const { page, problems } = await app.open(`${server.url}index.html`, {
    before: (p) => p.on('request', (r) => requests.push(new URL(r.url()).pathname)),
  });
  const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
  assert.deepEqual(shown.map((s) => [s.id, s.status]), [['heat', 'ok'], ['plot', 'ok']], JSON.stringify(shown));
  for (const s of shown) assert.ok(s.colours > 20, JSON.stringify(s));
  const pe = await load();
  const sin = pe.compute('rope', { positions: 40, dim: 32, ropeScaling: { rope_type: 'linear', factor: 2 } });
  const cols = 32, plane = 40 * cols;
  assert.deepEqual(shown[0].first, [sin.data[plane], sin.data[plane + cols], sin.data[plane + cols + 1]]);
  const lines = await page.evaluate(() => document.getElementById('plot').view.chart.data.datasets.map((d) => [d.column, d.data[7].y]));
  const pe50 = pe.compute('sinusoidal', { positions: 50, dim: 64 });
  assert.deepEqual(lines, [0, 1, 10].map((c) => [c, pe50.data[7 * 64 + c]]));
  assert.deepEqual(requests.filter((r) => r !== '/favicon.ico'), ['/index.html', '/posenc-elements.mjs']);
  clean(problems.filter((p) => !p.includes('favicon')));
});
