// The package in real consumers. `npm pack` makes the tarball users would get; a scratch project in
// the system's temp folder (outside the repository) installs it with npm, and then:
//   - Node ESM imports it and computes a table (tests/consumers/node/main.js);
//   - TypeScript (`tsc --noEmit`, strict) checks an example against its .d.ts files;
//   - esbuild bundles an app importing 'posenc' and 'posenc/elements' (the README's recipes: wasm
//     copied next to the bundle, or imported as a file and handed to load() and define()), and
//     Chromium runs it under serve.js's strict CSP;
//   - the README's plain-HTML snippet, pasted as is into a bare HTML file in that project, draws a
//     heatmap and a plot; so does every other element tag and the iframe the README shows.
// The tarball is packed with --ignore-scripts from the current build (`npm test` builds first);
// tests/pack.test.js checks that prepack builds what it holds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../web/tools/serve.js';
import { startBrowser, drawn } from './browser/harness.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = join(REPO, 'tests/consumers');
const BIN = (name) => join(REPO, 'node_modules/.bin', name);
let scratch;
let chromium;

function run(cmd, args, cwd, { timeout = 120000 } = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed: ${r.error ?? ''}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

before(async () => {
  for (const f of ['web/posenc.wasm', 'web/vendor/chart.umd.js']) {
    if (!existsSync(join(REPO, f))) throw new Error(`${f} is missing: run \`bash build.sh setup\` first`);
  }
  scratch = await mkdtemp(join(tmpdir(), 'posenc-consumer-'));
  assert.ok(!scratch.startsWith(REPO));
  const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], REPO));
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'posenc-consumer', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', `./${packed.filename}`], scratch);
  await cp(FIXTURES, join(scratch, 'app'), { recursive: true, filter: (src) => !src.endsWith('.test.js') });
  const app = await startBrowser({ server: false });
  chromium = { open: (url, options = {}) => app.open(url, { width: 1000, ...options }), close: () => app.close() };
});

after(async () => {
  await chromium?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test('Node ESM: the installed package imports and computes', () => {
  const out = JSON.parse(run(process.execPath, [join(scratch, 'app/node/main.js')], scratch));
  assert.equal(out.version, out.pkgVersion);
  assert.ok(out.kinds.includes('sinusoidal') && out.kinds.includes('rope') && out.kinds.length >= 9);
  assert.deepEqual(out.shape, [50, 64]);
  // The seed tutorial prints pe[0, 1, 0] = 0.84147096, pe[0, 2, 0] = 0.9092974 (vaswani, d = 64).
  assert.equal(out.row1[0], Math.fround(0.84147096));
  assert.equal(out.row2col0, Math.fround(0.9092974));
  assert.equal(out.row1[1], Math.fround(Math.cos(1)));
  assert.equal(out.row1[2], Math.fround(Math.sin(10000 ** (-2 / 64))));
  assert.deepEqual(out.error, { isPosencError: true, code: 'ERANGE', param: 'dim' });
  // The installed copy is the tarball's, not the repository.
  const resolved = run(process.execPath, ['--input-type=module', '-e', "console.log(import.meta.resolve('posenc'))"], scratch).trim();
  assert.ok(resolved.startsWith(`file://${scratch}/node_modules/posenc/`), resolved);
});

test('TypeScript: tsc --noEmit (strict) on an example using the .d.ts files', () => {
  const r = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', join(scratch, 'app/ts/tsconfig.json')],
    { cwd: scratch, encoding: 'utf8', timeout: 120000 });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  // The check can fail: a wrong assignment is reported.
  const bad = join(scratch, 'app/ts/bad.ts');
  return writeFile(bad, "import { load } from 'posenc';\nconst pe = await load();\nconst n: string = pe.compute('t5').data;\n").then(() => {
    const r2 = spawnSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--target', 'es2022',
      '--module', 'esnext', '--moduleResolution', 'bundler', '--lib', 'es2022,dom', bad], { cwd: scratch, encoding: 'utf8' });
    assert.notEqual(r2.status, 0);
    assert.match(r2.stdout, /Int32Array.*is not assignable to type 'string'/);
  });
});

// The scratch pages have no icon; Chromium's request for /favicon.ico is no problem of ours.
const notFavicon = (p) => !/ \(http:\/\/127\.0\.0\.1:\d+\/favicon\.ico\)$/.test(p);

// Page side: what the bundled page wrote into #out, once it is ready.
async function output(page) {
  await page.waitForSelector('html[data-ready]', { timeout: 15000 });
  return JSON.parse(await page.textContent('#out'));
}

test('esbuild: wasm copied next to the bundle; posenc and posenc/elements in Chromium', async () => {
  const app = join(scratch, 'app/bundler');
  const dist = join(app, 'dist');
  run(BIN('esbuild'), ['main.js', '--bundle', '--format=esm', '--outdir=dist', '--log-level=warning'], app);
  await cp(join(scratch, 'node_modules/posenc/web/posenc.wasm'), join(dist, 'posenc.wasm'));
  await cp(join(app, 'index.html'), join(dist, 'index.html'));
  const server = await serve({ root: dist, port: 0 });
  try {
    const { page, problems } = await chromium.open(`${server.url}index.html`);
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const out = await output(page);
    assert.deepEqual(out.shape, [2, 16, 8]);
    // neox cos table: row p, column j = cos(p · 10000^(-2 (j mod 4) / 8)); then the sin table.
    for (let p = 0; p < 16; p++) {
      for (let j = 0; j < 8; j++) {
        const angle = p * 10000 ** (-2 * (j % 4) / 8);
        assert.ok(Math.abs(out.data[p * 8 + j] - Math.cos(angle)) < 1e-6);
        assert.ok(Math.abs(out.data[128 + p * 8 + j] - Math.sin(angle)) < 1e-6);
      }
    }
    const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.deepEqual(shown.map((s) => [s.tag, s.status]), [['posenc-heatmap', 'ok'], ['posenc-plot', 'ok']]);
    for (const s of shown) assert.ok(s.colours > 20, JSON.stringify(s));
    assert.deepEqual(problems.filter(notFavicon), []);
    assert.ok(!requests.some((r) => r.includes('chart')), 'Chart.js is in the bundle');
    await page.close();
  } finally {
    await server.close();
  }
});

test('esbuild: --loader:.wasm=file, load({ wasmURL }) and define() with other tag names', async () => {
  const app = join(scratch, 'app/bundler');
  const dist = join(app, 'dist-define');
  run(BIN('esbuild'), ['main-define.js', '--bundle', '--format=esm', '--outdir=dist-define', '--loader:.wasm=file', '--log-level=warning'], app);
  await cp(join(app, 'define.html'), join(dist, 'index.html'));
  const server = await serve({ root: dist, port: 0 });
  try {
    const { page, problems } = await chromium.open(`${server.url}index.html`);
    const out = await output(page);
    assert.match(out.wasmURL, /^\.\/posenc-[A-Z0-9]+\.wasm$/);
    assert.deepEqual(out.defaultTags, [false, false]);  // define() registered only the names it was given
    assert.equal(out.shared, true);
    // Causal T5 buckets, 6 x 6: bucket = max(i - j, 0) (all below max_exact = 16).
    assert.deepEqual(out.shape, [6, 6]);
    out.data.forEach((v, k) => assert.equal(v, Math.max(Math.trunc(k / 6) - (k % 6), 0)));
    const shown = await page.evaluate(drawn, 'my-heatmap, my-plot');
    assert.deepEqual(shown.map((s) => [s.tag, s.status]), [['my-heatmap', 'ok'], ['my-plot', 'ok']]);
    for (const s of shown) assert.ok(s.colours > 20, JSON.stringify(s));
    assert.deepEqual(problems.filter(notFavicon), []);
    await page.close();
  } finally {
    await server.close();
  }
});

test("README's plain-HTML snippet, pasted into a bare file, draws a heatmap and a plot; so do its other tags", async () => {
  const readme = await readFile(join(REPO, 'README.md'), 'utf8');
  const embed = readme.slice(readme.indexOf('<!-- section:embed -->'));
  const section = embed.slice(0, embed.indexOf('<!-- section:', 10));
  const snippet = /### Plain HTML[\s\S]*?```html\n([\s\S]*?)```/.exec(section)[1];
  assert.match(snippet, /<script type="module" src="node_modules\/posenc\/web\/elements\.js"><\/script>/);
  await writeFile(join(scratch, 'index.html'), snippet);
  // Every other element tag and the iframe the section shows, on a page of their own (the iframe's
  // src as the README writes it, from a folder where posenc/ is the package's web/ copied).
  const tags = [...section.matchAll(/<(posenc-heatmap|posenc-plot)\b[^>]*><\/\1>/g)].map((m) => m[0]);
  const iframes = [...section.matchAll(/<iframe[\s\S]*?<\/iframe>/g)].map((m) => m[0]);
  assert.ok(tags.length >= 5 && iframes.length === 1, `${tags.length} tags, ${iframes.length} iframes`);
  await mkdir(join(scratch, 'site'));
  await cp(join(scratch, 'node_modules/posenc/web'), join(scratch, 'site/posenc'), { recursive: true });
  await writeFile(join(scratch, 'site/index.html'),
    `<!doctype html><meta charset="utf-8"><script type="module" src="posenc/elements.js"></script>\n${tags.join('\n')}\n${iframes.join('\n')}\n`);
  const server = await serve({ root: scratch, port: 0 });
  try {
    const bare = await chromium.open(`${server.url}index.html`);
    const shown = await bare.page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.deepEqual(shown.map((s) => [s.tag, s.status]), [['posenc-heatmap', 'ok'], ['posenc-plot', 'ok']]);
    for (const s of shown) assert.ok(s.colours > 20 && s.width > 300 && s.height >= 300, JSON.stringify(s));
    assert.deepEqual(bare.problems.filter(notFavicon), []);

    const site = await chromium.open(`${server.url}site/index.html`);
    const all = await site.page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.equal(all.length, tags.length);
    for (const s of all) assert.ok(s.status === 'ok' && s.colours > 20, JSON.stringify(s));
    const frame = await (await site.page.$('iframe')).contentFrame();
    const [inner] = await frame.evaluate(drawn, 'posenc-heatmap');
    assert.ok(inner.status === 'ok' && inner.colours > 20, JSON.stringify(inner));
    assert.deepEqual(site.problems.filter(notFavicon), []);
  } finally {
    await server.close();
  }
});
