// The package in real consumers. `npm pack` makes the tarball users would get; a scratch project in
// the system's temp folder (outside the repository) installs it with npm, and then:
//   - Node ESM imports it and computes a table (tests/consumers/node/main.js);
//   - TypeScript (`tsc --strict`) checks an example against its .d.ts files;
//   - esbuild, Vite (build and dev server), webpack 5, Rollup (@rollup/plugin-node-resolve) and Parcel,
//     each with its default settings and no config beyond what its docs require, build the same app
//     (tests/consumers/bundlers/main.js): it computes the seed value and draws a heatmap and a plot,
//     in Chromium under serve.js's strict CSP, fetching no wasm and no Chart.js of its own;
//   - the single-file build (web/dist/posenc.mjs) imported from a page served with nothing beside it;
//   - esbuild with the wasm as a file handed to load({ wasmURL }) and define() with other tag names;
//   - MkDocs and VitePress sites built from web/docs/sites.md's recipes;
//   - the plain-HTML snippet of web/docs/embedding.md, pasted as is into a bare HTML file in that
//     project, draws a heatmap and a plot; so does every other element tag and the iframe it shows.
// The bundlers are posenc's own devDependencies (installed once with npm ci), linked into the
// scratch project's node_modules, so no run installs them again. The tarball is packed with
// --ignore-scripts from the current build (`npm test` builds first); tests/sites/pack.test.js checks that
// prepack builds what it holds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../web/tools/serve.js';
import { startBrowser, drawn } from '../browser/harness.js';
import { codeBlock, doc } from '../code-blocks.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(REPO, 'tests/consumers');
const BIN = (name) => join(REPO, 'node_modules/.bin', name);
const README = readFileSync(join(REPO, 'README.md'), 'utf8');
// The manual's Install page: the bundlers' commands, the versions run, the single-file import.
const INSTALL = doc('web/docs/install.md');
// The code block whose first line is `first` (a comment naming the file it belongs in): README's or
// the Install page's, or the docs-site recipes' page (MkDocs, VitePress; tests/sites/docs-sites.test.js
// the others).
const readmeBlock = (first) => codeBlock(`${README}\n${INSTALL}`, first, 'README and web/docs/install.md');
const SITES_PAGE = 'web/docs/sites.md';
const SITES = doc(SITES_PAGE);
const sitesBlock = (first) => codeBlock(SITES, first, SITES_PAGE);
const TOOLS = ['vitepress', 'vite', 'webpack', 'webpack-cli', 'rollup', '@rollup/plugin-node-resolve', 'parcel'];
let scratch;
let chromium;

function run(cmd, args, cwd, { timeout = 120000 } = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed: ${r.error ?? ''}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

before(async () => {
  for (const f of ['web/posenc.wasm', 'web/vendor/chart.js']) {
    if (!existsSync(join(REPO, f))) throw new Error(`${f} is missing: run \`bash build.sh setup\` first`);
  }
  scratch = await mkdtemp(join(tmpdir(), 'posenc-consumer-'));
  assert.ok(!scratch.startsWith(REPO));
  const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], REPO));
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'posenc-consumer', private: true, type: 'module' }));
  // The app draws with Chart.js of its own too (tests/consumers/bundlers/main.js).
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `./${packed.filename}`, 'chart.js@4'], scratch);
  // The bundlers, as if installed in the project (their configs import plugins by name).
  for (const name of TOOLS) {
    await mkdir(dirname(join(scratch, 'node_modules', name)), { recursive: true });
    await symlink(join(REPO, 'node_modules', name), join(scratch, 'node_modules', name), 'dir');
  }
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

const version = (name) => JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')).version;

// A scratch app folder for one bundler: the fixture app, plus a page loading what the bundler wrote.
async function project(name, page) {
  const dir = join(scratch, name);
  await cp(join(FIXTURES, 'bundlers'), dir, { recursive: true });
  if (page) await writeFile(join(dir, 'index.html'), (await readFile(join(dir, 'index.html'), 'utf8')).replace(/<script[^>]*><\/script>/, page));
  return dir;
}

// Open the page, check the app's numbers and the elements' drawing; no wasm or Chart.js fetched,
// nothing on the console. shared: whether the elements drew with the app's Chart.js.
async function check(url, { shared = true } = {}) {
  const { page, problems } = await chromium.open(url);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  try {
    const out = await output(page).catch((e) => { throw new Error(`${e.message}\n${problems.join('\n')}`); });
    assert.deepEqual(out.shape, [50, 64]);
    assert.equal(out.seed, Math.fround(0.84147096));  // pe[0, 1, 0] = sin 1, the seed tutorial's value
    assert.equal(out.row2col0, Math.fround(Math.sin(2)));
    assert.equal(out.sharedChart, shared);
    const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.deepEqual(shown.map((s) => [s.tag, s.status]), [['posenc-heatmap', 'ok'], ['posenc-plot', 'ok']]);
    for (const s of shown) assert.ok(s.colours > 20, JSON.stringify(s));
    assert.deepEqual(problems.filter(notFavicon), []);
    assert.deepEqual(requests.filter((r) => /\.wasm$|chart/i.test(r)), []);
    return { requests };
  } finally {
    await page.close();
  }
}

async function served(root, fn) {
  const server = await serve({ root, port: 0 });
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}

test("the Install page (web/docs/install.md) gives the commands these tests run, and the versions they ran", () => {
  for (const command of ['esbuild main.js --bundle --format=esm --outdir=dist', 'vite build', 'webpack --mode production', 'rollup -c',
    'parcel build index.html']) {
    assert.ok(INSTALL.includes(`\n${command}`), command);
  }
  for (const name of ['esbuild', 'vite', 'webpack', 'webpack-cli', 'rollup', '@rollup/plugin-node-resolve', 'parcel']) {
    assert.match(INSTALL, new RegExp(`${name} ${version(name).replaceAll('.', '\\.')}\\b`, 'i'), name);
  }
});

test(`esbuild ${version('esbuild')}: esbuild main.js --bundle --format=esm --outdir=dist`, async () => {
  const dir = await project('esbuild', '<script type="module" src="dist/main.js"></script>');
  run(BIN('esbuild'), ['main.js', '--bundle', '--format=esm', '--outdir=dist', '--log-level=warning'], dir);
  assert.deepEqual(await readdir(join(dir, 'dist')), ['main.js']);
  await served(dir, (url) => check(`${url}index.html`));
});

test(`Vite ${version('vite')}: vite build`, async () => {
  const dir = await project('vite');
  run(BIN('vite'), ['build', '--logLevel', 'warn'], dir);
  assert.deepEqual((await readdir(join(dir, 'dist/assets'))).filter((f) => f.endsWith('.wasm')), []);  // no .wasm asset
  await served(join(dir, 'dist'), (url) => check(url));
});

test(`Vite ${version('vite')}: the dev server`, async () => {
  const dir = await project('vite-dev');
  const child = spawn(process.execPath, [join(REPO, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', '0'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let log = '';
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`vite did not start:\n${log}`)), 60000);
      const read = (chunk) => {
        log += chunk;
        const m = /Local:\s+(http:\/\/\S+)/.exec(log.replace(/\x1b\[[0-9;]*m/g, ''));
        if (m) { clearTimeout(timer); resolve(m[1]); }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => reject(new Error(`vite exited (${code}):\n${log}`)));
    });
    await check(url);
  } finally {
    child.kill();
  }
});

test(`webpack ${version('webpack')}: webpack --mode production (no config: src/index.js to dist/main.js)`, async () => {
  const dir = await project('webpack', '<script defer src="dist/main.js"></script>');
  await mkdir(join(dir, 'src'));
  await cp(join(dir, 'main.js'), join(dir, 'src/index.js'));
  const log = run(process.execPath, [join(REPO, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], dir, { timeout: 300000 });
  // Its size hints are about the app (Chart.js is most of it); nothing may be said about posenc.
  assert.doesNotMatch(log, /Critical dependency|WARNING in [^\n]*posenc/, log);
  assert.deepEqual((await readdir(join(dir, 'dist'))).filter((f) => !f.endsWith('.LICENSE.txt')), ['main.js']);
  await served(dir, (url) => check(`${url}index.html`));
});

test(`Rollup ${version('rollup')} with @rollup/plugin-node-resolve ${version('@rollup/plugin-node-resolve')} (default options)`, async () => {
  const dir = await project('rollup', '<script type="module" src="dist/main.js"></script>');
  await writeFile(join(dir, 'rollup.config.mjs'), readmeBlock('// rollup.config.mjs'));
  run(process.execPath, [join(REPO, 'node_modules/rollup/dist/bin/rollup'), '-c', '--silent'], dir);
  assert.deepEqual(await readdir(join(dir, 'dist')), ['main.js']);
  // Its default (browser: false) ignores package.json's "browser" field: the elements use their own copy.
  await served(dir, (url) => check(`${url}index.html`, { shared: false }));
});

test(`Parcel ${version('parcel')}: parcel build index.html`, async () => {
  const dir = await project('parcel');
  run(process.execPath, [join(REPO, 'node_modules/parcel/lib/bin.js'), 'build', 'index.html', '--no-autoinstall', '--log-level', 'warn'],
    dir, { timeout: 300000 });
  // Parcel writes to dist/ in the project's root, the folder holding package.json.
  assert.deepEqual((await readdir(join(scratch, 'dist'))).filter((f) => f.endsWith('.wasm')), []);  // no .wasm asset
  await served(join(scratch, 'dist'), (url) => check(url));
});

test('one file from a CDN-style URL: web/dist/posenc.mjs with nothing beside it', async () => {
  const site = join(scratch, 'cdn-site');
  await mkdir(join(site, 'cdn/posenc@0/web/dist'), { recursive: true });
  await cp(join(scratch, 'node_modules/posenc/web/dist/posenc.mjs'), join(site, 'cdn/posenc@0/web/dist/posenc.mjs'));
  await writeFile(join(site, 'index.html'), '<!doctype html><meta charset="utf-8"><script type="module" src="app.js"></script><pre id="out"></pre>');
  // the Install page's single-file import, the CDN's address replaced by this server's.
  const [line, cdn, pinned] = /^import \{ load \} from '(https:\/\/cdn\.jsdelivr\.net\/npm\/posenc@([^/]+))\/web\/dist\/posenc\.mjs';$/m.exec(INSTALL);
  assert.equal(pinned, JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version);
  await writeFile(join(site, 'app.js'), `${line.replace(cdn, '/cdn/posenc@0').replace('{ load }', '{ load, VERSION }')}
const pe = await load();
const m = pe.compute('sinusoidal', { positions: 50, dim: 64 });
document.getElementById('out').textContent = JSON.stringify({ VERSION, seed: m.data[64], kinds: pe.kinds.length });
document.documentElement.dataset.ready = 'true';
`);
  await served(site, async (url) => {
    const { page, problems } = await chromium.open(`${url}index.html`);
    const requests = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.reload();
    const out = await output(page);
    assert.equal(out.seed, Math.fround(0.84147096));
    assert.equal(out.VERSION, JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version);
    assert.ok(out.kinds >= 9);
    assert.deepEqual(requests.filter((r) => r !== '/favicon.ico'), ['/index.html', '/app.js', '/cdn/posenc@0/web/dist/posenc.mjs']);
    assert.deepEqual(problems.filter(notFavicon), []);
    await page.close();
  });
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

// A docs site's two pages (tests/consumers/mkdocs, tests/consumers/vitepress): the first holds a
// sinusoidal heatmap and plot, the second an ALiBi heatmap; each links to the other. Open the first,
// follow the link, come back with the browser's Back: the elements draw each time. With client-side
// navigation (the page object survives), the elements left behind were torn down (their views
// destroyed, their tables freed) and the shared instance's memory did not grow over the round trip.
async function tour(url, { clientSide, aborted = /^$/ }) {
  const { page, problems } = await chromium.open(url);
  const elements = async (expected) => {
    const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.deepEqual(shown.map((s) => [s.tag, s.status]), expected, JSON.stringify({ shown, problems }));
    for (const s of shown) assert.ok(s.colours > 20 && s.width > 300, JSON.stringify(s));
  };
  try {
    await elements([['posenc-heatmap', 'ok'], ['posenc-plot', 'ok']]);
    await page.waitForLoadState('networkidle');  // the theme's own requests (search index) are done
    const before = await page.evaluate(() => {
      window.left = [...document.querySelectorAll('posenc-heatmap, posenc-plot')];
      return window.left[0].pe.memory?.buffer.byteLength ?? null;
    });
    await page.click('a:text-is("Next: ALiBi")');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent.includes('ALiBi'));
    await elements([['posenc-heatmap', 'ok']]);
    const gone = await page.evaluate(() => window.left?.map((e) => ({ connected: e.isConnected, view: e.view })) ?? null);
    if (clientSide) assert.deepEqual(gone, [{ connected: false, view: null }, { connected: false, view: null }]);
    else assert.equal(gone, null);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent.includes('Sinusoidal'));
    await elements([['posenc-heatmap', 'ok'], ['posenc-plot', 'ok']]);
    if (clientSide) {
      const after = await page.evaluate(() => document.querySelector('posenc-heatmap').pe.memory?.buffer.byteLength ?? null);
      assert.equal(after, before);
    }
    assert.deepEqual(problems.filter(notFavicon).filter((p) => !aborted.test(p)), []);
  } finally {
    await page.close();
  }
}

const MKDOCS = spawnSync('mkdocs', ['--version'], { encoding: 'utf8' }).stdout?.match(/version (\S+)/)?.[1];
// Debian's package of the theme (no Python distribution metadata to ask).
const MATERIAL = spawnSync('dpkg-query', ['-W', '-f=${Version}', 'mkdocs-material'], { encoding: 'utf8' }).stdout?.replace(/-[^-]*$/, '');

// The recipe of web/docs/sites.md in a copy of tests/consumers/mkdocs: its theme block (theme: the
// extra lines for this test), its overrides/main.html, the package's web/ copied into docs/. Built
// with --strict.
async function mkdocsSite(name, theme) {
  const dir = join(scratch, name);
  await cp(join(FIXTURES, 'mkdocs'), dir, { recursive: true });
  const block = sitesBlock('# mkdocs.yml').replace('# mkdocs.yml\n', '');
  await writeFile(join(dir, 'mkdocs.yml'), `${await readFile(join(dir, 'mkdocs.yml'), 'utf8')}${theme(block)}`);
  await mkdir(join(dir, 'overrides'));
  await writeFile(join(dir, 'overrides/main.html'), sitesBlock('{# overrides/main.html #}'));
  await cp(join(scratch, 'node_modules/posenc/web'), join(dir, 'docs/posenc'), { recursive: true });  // the recipe's cp -r
  run('mkdocs', ['build', '--quiet', '--strict'], dir);
  return join(dir, 'site');
}

// The search plugin loads its worker, script and index in the background, and a move to another
// page cancels whichever is under way: aborted requests under search/, no error.
const SEARCH_INDEX = /^requestfailed: http:\/\/127\.0\.0\.1:\d+\/search\/[\w.-]+ net::ERR_ABORTED$/;

test(`MkDocs ${MKDOCS}, its mkdocs theme: the recipe of web/docs/sites.md (the theme's extrahead block loads the elements)`, async () => {
  assert.ok(SITES.includes(`Run on MkDocs ${MKDOCS} `), `${SITES_PAGE} names the version run`);
  const site = await mkdocsSite('mkdocs', (block) => `${block}  highlightjs: false\n`);
  // The theme has inline scripts: no CSP here. Plain links: each page is a new document.
  const server = await serve({ root: site, port: 0, csp: null });
  try {
    await tour(server.url, { clientSide: false, aborted: SEARCH_INDEX });
  } finally {
    await server.close();
  }
});

test(`MkDocs ${MKDOCS} with Material ${MATERIAL}: the same recipe under its instant (client-side) navigation`, { skip: !MATERIAL && 'mkdocs-material is not installed (build.sh setup installs it)' }, async () => {
  assert.ok(SITES.includes(`Material for MkDocs ${MATERIAL}`), `${SITES_PAGE} names the version run`);
  // Instant loading needs site_url (the server's, so it starts first). No web fonts: the theme
  // would fetch them from Google, which the test machine cannot reach.
  const server = await serve({ root: join(scratch, 'mkdocs-material/site'), port: 0, csp: null });
  try {
    await mkdocsSite('mkdocs-material', (block) =>
      `site_url: ${server.url}\n${block.replace('name: mkdocs', 'name: material')}  features: [navigation.instant]\n  font: false\n`);
    await tour(server.url, { clientSide: true, aborted: SEARCH_INDEX });
  } finally {
    await server.close();
  }
});

test(`VitePress ${version('vitepress')}: the recipe of web/docs/sites.md, vitepress build, then the built site`, async () => {
  assert.ok(SITES.includes(`Run on VitePress ${version('vitepress')} `), `${SITES_PAGE} names the version run`);
  const dir = join(scratch, 'app/vitepress');
  await mkdir(join(dir, '.vitepress/theme'), { recursive: true });
  for (const file of ['.vitepress/config.js', '.vitepress/theme/index.js']) await writeFile(join(dir, file), sitesBlock(`// ${file}`));
  run(process.execPath, [join(REPO, 'node_modules/vitepress/bin/vitepress.js'), 'build'], dir, { timeout: 300000 });
  const server = await serve({ root: join(dir, '.vitepress/dist'), port: 0, csp: null });
  try {
    await tour(server.url, { clientSide: true });
  } finally {
    await server.close();
  }
});

test("the embedding page's plain-HTML snippet, pasted into a bare file, draws a heatmap and a plot; so do the docs' other tags", async () => {
  const section = doc('web/docs/embedding.md');
  const snippet = /## Plain HTML[\s\S]*?```html\n([\s\S]*?)```/.exec(section)[1];
  assert.match(snippet, /<script type="module" src="node_modules\/posenc\/web\/elements\.js"><\/script>/);
  await writeFile(join(scratch, 'index.html'), snippet);
  // Every other element tag the section and web/docs/sites.md show in HTML (not the JSX and Vue
  // templates, which their tools build) and the iframe, on a page of their own (the iframe's src as
  // the page writes it, from a folder where posenc/ is the package's web/ copied).
  const tags = [...`${section}\n${SITES}`.matchAll(/<(posenc-heatmap|posenc-plot)\b[^>]*><\/\1>/g)].map((m) => m[0])
    .filter((tag) => !/[{}]|\s:/.test(tag));
  const iframes = [...section.matchAll(/<iframe[\s\S]*?<\/iframe>/g)].map((m) => m[0]);
  assert.ok(tags.length >= 4 && iframes.length === 1, `${tags.length} tags, ${iframes.length} iframes`);
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
