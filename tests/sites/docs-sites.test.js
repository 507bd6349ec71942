// The recipes of web/docs/sites.md ("Embedding in a docs site"), each built by the real tool from
// the packed tarball (`npm pack`, installed with npm in a scratch project in the system's temp
// folder): Docusaurus, Astro with Starlight, Next.js (app router), Vue 3 with Vite, Sphinx, Jupyter's
// nbconvert and Hugo, with the tool's default settings plus the files the page shows (read from its
// code blocks, named by their first line). The built site is served (serve.js, or `next start`)
// and opened in Chromium: the heatmap draws the seed value (sinusoidal pe[1, 0] = sin 1) and the plot
// its three columns, nothing is said on the console, and the tool's theme switch (Docusaurus's
// toggle, Starlight's select; elsewhere a `dark` class on <html> with a stylesheet keyed on it, as a
// site's own switch would) restyles the figures already drawn: new text colour, new pixels.
// MkDocs and VitePress, the page's first two recipes, are built by tests/sites/consumers.test.js.
// The npm tools are posenc's devDependencies (installed once with npm ci), hard-linked into the
// scratch project's node_modules (beside the package the tarball installed), not symlinked: Astro
// and Next.js's Turbopack compile only files under the project's root (Turbopack's: the folder of
// the lockfile, the scratch project; Astro's: the site's own folder, so it gets a copy of its own),
// and a symlink's target outside it is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../web/tools/serve.js';
import { startBrowser, drawn } from '../browser/harness.js';
import { codeBlock, doc } from '../code-blocks.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURES = join(REPO, 'tests/docs-sites');
const PAGE = 'web/docs/sites.md';
const SITES = doc(PAGE);
const block = (first) => codeBlock(SITES, first, PAGE);
// The page names the versions run ("Run on Hugo 0.111.3"), across its line breaks.
const says = (text) => assert.ok(SITES.replace(/\s+/g, ' ').includes(text), `${PAGE} says "${text}"`);
const version = (name) => JSON.parse(readFileSync(join(REPO, 'node_modules', name, 'package.json'), 'utf8')).version;
const ENV = { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false',
  ASTRO_TELEMETRY_DISABLED: '1', NEXT_TELEMETRY_DISABLED: '1' };
let scratch;
let chromium;

function run(cmd, args, cwd, { timeout = 300000 } = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, env: ENV });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed: ${r.error ?? ''}\n${r.stdout}\n${r.stderr}`);
  const log = r.stdout + r.stderr;
  // The tool may warn about the site (chunk sizes, a missing `site`); never about posenc.
  assert.doesNotMatch(log, /(warn|error)[^\n]*posenc|posenc[^\n]*(warn|error)/i, log);
  return log;
}

// Debian's tool, with its version (a missing one is installed by `bash build.sh setup`).
function tool(cmd, args, pattern) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  const found = pattern.exec(`${r.stdout ?? ''}${r.stderr ?? ''}`)?.[1];
  if (!found) throw new Error(`${cmd} is missing: run \`bash build.sh setup\` (installs it with apt)`);
  return found;
}
const SPHINX = tool('sphinx-build', ['--version'], /sphinx-build (\S+)/);
const NBCONVERT = tool('jupyter', ['nbconvert', '--version'], /^(\d+\.\d+\.\d+)/m);
const HUGO = tool('hugo', ['version'], /hugo v(\d+\.\d+\.\d+)/);

// Hard links (cp -al) where the temp folder shares the repository's file system; a copy elsewhere.
function link(sources, to) {
  const r = spawnSync('cp', ['-al', ...sources, to], { encoding: 'utf8' });
  if (r.status === 0) return;
  if (!/link/i.test(r.stderr)) throw new Error(`cp -al failed: ${r.stderr}`);
  if (existsSync(to) && sources.length === 1) spawnSync('rm', ['-rf', to]);
  run('cp', ['-a', ...sources, to], REPO);
}

before(async () => {
  for (const f of ['web/posenc.wasm', 'web/vendor/chart.js']) {
    if (!existsSync(join(REPO, f))) throw new Error(`${f} is missing: run \`bash build.sh setup\` first`);
  }
  scratch = await mkdtemp(join(tmpdir(), 'posenc-sites-'));
  assert.ok(!scratch.startsWith(REPO));
  const [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], REPO));
  await writeFile(join(scratch, 'package.json'), JSON.stringify({ name: 'posenc-sites', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `./${packed.filename}`], scratch);
  // Not the caches (.vite, .cache): a tool rewriting one in place would write through the link.
  const installed = await readdir(join(scratch, 'node_modules'));
  const tools = (await readdir(join(REPO, 'node_modules'))).filter((e) => !e.startsWith('.') && !installed.includes(e));
  link(tools.map((e) => join(REPO, 'node_modules', e)), join(scratch, 'node_modules'));
  const app = await startBrowser({ server: false });
  chromium = { open: (url, options = {}) => app.open(url, { width: 1000, ...options }), close: () => app.close() };
});

after(async () => {
  await chromium?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

// A scratch site: its fixture folder (if any), the files named (path → content), and, for an npm
// tool, a package.json with the "type" of the tool's project template (esm: "module"; else none)
// and, for Astro (own), a node_modules of its own (the scratch project's, hard-linked).
async function site(name, files, { npm = false, esm = false, own = false } = {}) {
  const dir = join(scratch, name);
  await mkdir(dir);
  if (existsSync(join(FIXTURES, name))) await cp(join(FIXTURES, name), dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  if (npm) await writeFile(join(dir, 'package.json'), JSON.stringify({ name, private: true, ...(esm ? { type: 'module' } : {}) }));
  if (own) link([join(scratch, 'node_modules')], join(dir, 'node_modules'));
  return dir;
}

// posenc's web/ as the package installed it, copied into a site's static folder (the recipes' cp -r).
const copyWeb = (to) => cp(join(scratch, 'node_modules/posenc/web'), to, { recursive: true });

const ours = (p) => !/\/favicon\.(ico|svg)\b/.test(p);

// Page side: each element's text colour and its canvases' pixels (kept in the page as `before`).
function snapshot(keep) {
  const now = [...document.querySelectorAll('posenc-heatmap, posenc-plot')].map((e) => ({
    colour: getComputedStyle(e).color,
    pixels: [...e.shadowRoot.querySelectorAll('canvas')].filter((c) => c.width && c.height).map((c) => window.readPixels(c)),
  }));
  if (keep) { window.themeBefore = now; return null; }
  return now.map((n, i) => {
    const b = window.themeBefore[i];
    const rgb = n.colour.match(/[\d.]+/g).slice(0, 3).map(Number);
    const ink = (list) => list.reduce((k, px) => {
      for (let j = 0; j < px.length; j += 4) if (px[j + 3] === 255 && px[j] === rgb[0] && px[j + 1] === rgb[1] && px[j + 2] === rgb[2]) k++;
      return k;
    }, 0);
    const same = b.pixels.length === n.pixels.length && b.pixels.every((px, k) => px.length === n.pixels[k].length && px.every((v, j) => v === n.pixels[k][j]));
    return { before: b.colour, after: n.colour, inkBefore: ink(b.pixels), inkAfter: ink(n.pixels), same };
  });
}

// A site's own dark mode where the tool has none: a stylesheet keyed on a dark class on <html>.
async function darkClass(page) {
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('html.dark body, html.dark body * { color: rgb(230, 230, 230); background-color: rgb(18, 18, 18) }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    document.documentElement.classList.add('dark');
  });
}

// Open the page: both figures drawn (the heatmap's plane holds sin 1 at (1, 0), the plot three
// lines), a clean console; then switch the theme and see both drawn again in the new colours.
async function check(url, switchTheme, { ignore = /^$/ } = {}) {
  const { page, problems } = await chromium.open(url);
  const fail = (what) => `${what}\n${problems.join('\n')}`;
  try {
    const shown = await page.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.deepEqual(shown.map((s) => [s.tag, s.status]), [['posenc-heatmap', 'ok'], ['posenc-plot', 'ok']], fail(JSON.stringify(shown)));
    for (const s of shown) assert.ok(s.colours > 20 && s.width > 300 && s.height >= 300, JSON.stringify(s));
    assert.deepEqual(shown[0].first, [0, Math.fround(0.84147096), Math.fround(Math.cos(1))]);  // the seed tutorial's sin 1
    assert.equal(shown[1].drawnLines, 3);  // columns 0, 1, 6
    await page.evaluate(`window.themeSnapshot = ${snapshot}; window.themeSnapshot(true)`);
    await switchTheme(page);
    // Until both are drawn again in another colour (or 15 s: then the assertions say what is not).
    const changed = () => { const r = window.themeSnapshot(false); return r.every((e) => !e.same && e.after !== e.before) && r; };
    const themed = await page.waitForFunction(changed, null, { polling: 100, timeout: 15000 })
      .then((h) => h.jsonValue(), () => page.evaluate(() => window.themeSnapshot(false)));
    for (const t of themed) {
      assert.notEqual(t.after, t.before, fail(`the text colour changed: ${JSON.stringify(themed)}`));
      assert.equal(t.same, false, fail(`drawn again: ${JSON.stringify(themed)}`));
      assert.ok(t.inkAfter > 20 && t.inkAfter > t.inkBefore, `drawn in the new text colour: ${JSON.stringify(themed)}`);
    }
    assert.deepEqual(problems.filter(ours).filter((p) => !ignore.test(p)), []);
  } finally {
    await page.close();
  }
}

async function served(root, fn) {
  const server = await serve({ root, port: 0, csp: null });  // the tools' pages have inline scripts
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}

test("README's embed section links the page and names every tool it has a recipe for", () => {
  const readme = doc('README.md');
  const embed = readme.slice(readme.indexOf('<!-- section:embed -->'), readme.indexOf('<!-- section:kinds -->')).replace(/\s+/g, ' ');
  assert.ok(embed.includes('[web/docs/sites.md](web/docs/sites.md)'));
  const tools = [...SITES.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
  assert.ok(tools.length >= 9, tools.join(', '));
  for (const name of tools) assert.ok(embed.includes(name), `README's embed section names ${name}`);
});

test(`Docusaurus ${version('@docusaurus/core')}: a client module imports posenc/elements; the navbar's toggle`, async () => {
  says(`Run on Docusaurus ${version('@docusaurus/core')} with React ${version('react')}`);
  const dir = await site('docusaurus', {
    'docusaurus.config.js': block('// docusaurus.config.js'),
    'src/posenc.js': block('// src/posenc.js'),
  }, { npm: true });
  run(process.execPath, [join(scratch, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build'], dir);
  await served(join(dir, 'build'), (url) => check(url, async (page) => {
    await page.getByRole('button', { name: /dark and light mode/ }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  }));
});

test(`Astro ${version('astro')} with Starlight ${version('@astrojs/starlight')}: a Head override's <script>; the theme select`, async () => {
  says(`Run on Astro ${version('astro')} with Starlight ${version('@astrojs/starlight')}`);
  const dir = await site('starlight', {
    'astro.config.mjs': block('// astro.config.mjs'),
    'src/components/Head.astro': block('---\n// src/components/Head.astro'),
  }, { npm: true, esm: true, own: true });
  run(process.execPath, [join(dir, 'node_modules/astro/astro.js'), 'build'], dir);
  await served(join(dir, 'dist'), (url) => check(url, async (page) => {
    await page.selectOption('starlight-theme-select select', 'dark');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  }));
});

// A free port for `next start` (it takes a port, not 0).
const freePort = () => new Promise((resolve, reject) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); }).on('error', reject);
});

test(`Next.js ${version('next')} (app router): a client component imports posenc/elements; next build, next start`, async () => {
  says(`Run on Next.js ${version('next')}`);
  const dir = await site('next', Object.fromEntries(['app/posenc-elements.jsx', 'app/layout.jsx', 'app/page.jsx']
    .map((file) => [file, block(`// ${file}`)])), { npm: true });
  const next = join(scratch, 'node_modules/next/dist/bin/next');
  const log = run(process.execPath, [next, 'build'], dir);
  assert.match(log, /○ \/\s/, log);  // the page is prerendered (the server rendered the tags)
  const port = await freePort();
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: dir, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`next start did not start:\n${out}`)), 60000);
      const read = (chunk) => { out += chunk; if (/Ready/.test(out)) { clearTimeout(timer); resolve(); } };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('exit', (code) => reject(new Error(`next start exited (${code}):\n${out}`)));
    });
    await check(`http://127.0.0.1:${port}/`, darkClass);
  } finally {
    child.kill();
  }
});

test(`Vue ${version('vue')} with @vitejs/plugin-vue ${version('@vitejs/plugin-vue')} (Vite ${version('vite')}): isCustomElement`, async () => {
  says(`Run on Vue ${version('vue')} with @vitejs/plugin-vue ${version('@vitejs/plugin-vue')} and Vite ${version('vite')}`);
  const dir = await site('vue', Object.fromEntries(['vite.config.js', 'src/main.js'].map((file) => [file, block(`// ${file}`)])
    .concat([['src/App.vue', block('<!-- src/App.vue -->')]])), { npm: true, esm: true });
  run(process.execPath, [join(scratch, 'node_modules/vite/bin/vite.js'), 'build'], dir);
  await served(join(dir, 'dist'), (url) => check(url, darkClass));
});

test(`Sphinx ${SPHINX}: html_js_files with type module, a raw directive`, async () => {
  says(`Run on Sphinx ${SPHINX} (Debian bookworm's`);
  const dir = await site('sphinx', { 'conf.py': block('# conf.py'), 'index.rst': block('.. index.rst') });
  await copyWeb(join(dir, '_static/posenc'));
  run('sphinx-build', ['-q', '-W', '-b', 'html', '.', '_build/html'], dir);
  await served(join(dir, '_build/html'), (url) => check(`${url}index.html`, darkClass));
});

// Debian's nbconvert points its template's require.js and MathJax at file:///usr/share/javascript/,
// which a page served over http may not load: its requests, not posenc's.
const DEBIAN_NBCONVERT = /file:\/\/\/usr\/share\/javascript\//;

test(`Jupyter nbconvert ${NBCONVERT}: a Markdown cell's <div> holds the script and the tags`, async () => {
  says(`Run on nbconvert ${NBCONVERT} (Debian bookworm's`);
  const cell = block('<!-- a Markdown cell of figures.ipynb -->');
  const notebook = {
    nbformat: 4, nbformat_minor: 5, metadata: {},
    cells: [
      { cell_type: 'markdown', id: 'title', metadata: {}, source: ['# Sinusoidal\n'] },
      { cell_type: 'markdown', id: 'figures', metadata: {}, source: cell.split(/(?<=\n)/) },
    ],
  };
  const dir = await site('nbconvert', { 'figures.ipynb': JSON.stringify(notebook, null, 1) });
  await copyWeb(join(dir, 'posenc'));
  run('jupyter', ['nbconvert', '--to', 'html', 'figures.ipynb'], dir);
  await served(dir, (url) => check(`${url}figures.html`, darkClass, { ignore: DEBIAN_NBCONVERT }));
});

test(`Hugo ${HUGO}: the shortcode (Markdown drops raw HTML), or goldmark's unsafe renderer`, async () => {
  says(`Run on Hugo ${HUGO} (Debian bookworm's`);
  const dir = await site('hugo', {
    'layouts/shortcodes/posenc.html': block('{{/* layouts/shortcodes/posenc.html */}}'),
    'layouts/partials/posenc.html': block('{{/* layouts/partials/posenc.html */}}'),
  });
  await copyWeb(join(dir, 'static/posenc'));
  run('hugo', ['--quiet'], dir);
  // By default the raw tags are dropped (an "omitted" comment in their place), the shortcode's kept.
  const raw = await readFile(join(dir, 'public/raw/index.html'), 'utf8');
  assert.doesNotMatch(raw, /<posenc-/);
  assert.match(raw, /raw HTML omitted/);
  await served(join(dir, 'public'), (url) => check(url, darkClass));
  // The other way: Markdown keeps raw HTML.
  await appendFile(join(dir, 'hugo.toml'), block('# hugo.toml'));
  await rm(join(dir, 'public'), { recursive: true });
  run('hugo', ['--quiet'], dir);
  await served(join(dir, 'public'), (url) => check(`${url}raw/`, darkClass));
});
