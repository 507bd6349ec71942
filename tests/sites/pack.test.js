// The npm tarball holds what users need and nothing else: `npm pack --dry-run --json` (which runs
// prepack, `build.sh vendor`) lists the wrapper, the wasm, the .d.ts files, the elements with the
// views and the Chart.js build they load statically hosted, the iframe embed, README and LICENSE. Every
// relative import of a shipped module resolves inside the tarball, and so does every package.json
// export and every link README makes to a file outside the manual (web/docs/, read in the repository).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));

const r = spawnSync('npm', ['pack', '--dry-run', '--json'], { cwd: REPO, encoding: 'utf8', timeout: 300000 });
if (r.status !== 0) throw new Error(`npm pack --dry-run failed:\n${r.stdout}\n${r.stderr}`);
const [packed] = JSON.parse(r.stdout);
const files = new Set(packed.files.map((f) => f.path));

test('the tarball holds exactly what users need', () => {
  const expected = [
    'package.json', 'README.md', 'LICENSE',
    'web/posenc.js', 'web/posenc.d.ts', 'web/kinds.d.ts', 'web/rope-config.js', 'web/posenc.wasm',
    'web/core/colour.js', 'web/core/error.js', 'web/core/heap.js', 'web/core/load.js', 'web/core/posenc.js',
    'web/core/tensor.js', 'web/core/check.js', 'web/cli.js', 'web/core/gguf.js', 'web/core/gguf-node.js', 'web/gguf-node.d.ts',
    'web/core/hub.js', 'web/core/hub-node.js',
    ...['apply', 'compare', 'diagnose', 'gguf', 'gguf-archs', 'gguf-check', 'index', 'runs'].map((f) => `web/core/engines/${f}.js`),
    ...['transformers', 'vllm', 'sglang', 'llama-cpp', 'mlx-lm', 'tensorrt-llm', 'qwen-v1'].map((f) => `web/core/engines/records/${f}.js`),
    'web/core/wasm-bytes.js', 'web/dist/posenc.mjs', 'web/dist/posenc-elements.mjs',
    'web/core/architectures/index.js', 'web/core/architectures/reader.js', 'web/core/architectures/model-types.txt',
    ...['base', 'a-f', 'f-m', 'm-q', 'q-z', 'remote'].map((f) => `web/core/architectures/records/${f}.js`),
    'web/elements.js', 'web/elements.d.ts',
    'web/elements/define.js', 'web/elements/define.d.ts', 'web/elements/element.js', 'web/elements/lazy.js', 'web/elements/attributes.js',
    'web/views/axes.js', 'web/views/chart.js', 'web/views/figure.js', 'web/views/heatmap.js', 'web/views/plane.js',
    'web/views/plot.js', 'web/views/ticks.js', 'web/views/scene.js', 'web/views/layout.js', 'web/views/options.js', 'web/views/compare.js', 'web/views/explain.js', 'web/views/segments.js',
    'web/views/grid.js', 'web/views/inset.js', 'web/views/keys.js',
    'web/vendor/chart.js',
    'web/embed.html', 'web/embed/embed.js', 'web/embed/embed.css', 'web/embed/favicon.svg',
  ];
  assert.deepEqual([...files].sort(), expected.sort());
  // Nothing of the development side: sources, tests, tools, the explorer page, examples, builds.
  for (const f of files) assert.doesNotMatch(f, /^(c|tests|build|node_modules|\.ci)\/|^web\/(explorer|tools|examples)\/|\.tgz$|^web\/index\.html$/);
  assert.equal(packed.name, 'posenc');
  assert.equal(packed.version, pkg.version);
  // web/dist/posenc-elements.mjs holds a copy of Chart.js and of the wasm of its own, and both single-file
  // builds a copy of the architecture records (about 200 kB of text, a fifth of that gzipped) and of the
  // engine profiles (their registries' architecture lists: about 40 kB)
  assert.ok(packed.unpackedSize < 3 * 1024 * 1024, `unpacked ${packed.unpackedSize} bytes`);
  assert.ok(packed.size < 1024 * 1024, `packed ${packed.size} bytes`);
});

test('one dependency, Chart.js: its ESM build ships for static hosting, bundlers map it to the package', () => {
  assert.deepEqual(Object.keys(pkg.dependencies), ['chart.js']);
  // Bundlers follow the "browser" field, so an app bundling Chart.js itself holds one copy. Its other
  // entries are the subpath exports again, for Parcel, which reads "exports" only when told to.
  assert.deepEqual(pkg.browser, {
    './elements': pkg.exports['./elements'].default, './elements/define': pkg.exports['./elements/define'].default,
    './web/vendor/chart.js': 'chart.js/auto',
  });
  assert.equal(readFileSync(join(REPO, 'web/views/chart.js'), 'utf8').match(/from '([^']+)'/)[1], '../vendor/chart.js');
  assert.match(pkg.scripts.prepack, /build\.sh\b.*\bvendor\b/);
  const chart = readFileSync(join(REPO, 'web/vendor/chart.js'), 'utf8');
  const version = JSON.parse(readFileSync(join(REPO, 'node_modules/chart.js/package.json'), 'utf8')).version;
  assert.ok(chart.includes(`/*!\n * Chart.js v${version}`), 'the build is of the installed chart.js');
  // V8's compile hint first (build.sh), then the colour library's licence
  assert.ok(chart.startsWith('//# allFunctionsCalledOnLoad\n/*!\n * @kurkle/color v'), 'and of the colour library it imports');
  assert.ok(chart.match(/Released under the MIT License/g).length >= 2);  // the licence notices travel with it
  assert.doesNotMatch(chart, /sourceMappingURL|\bimport\s*[{*("']/);  // no map; nothing left to import
  assert.match(chart, /export\{[^}]*\bas default\b/);
});

test('LICENSE is MIT and package.json says so', () => {
  const text = readFileSync(join(REPO, 'LICENSE'), 'utf8');
  assert.match(text, /^MIT License\n\nCopyright \(c\) \d{4} posenc authors\n/);
  assert.equal(pkg.license, 'MIT');
});

test('what bundlers stumble on is gone: no module finds an asset beside it or imports by expression', () => {
  const read = (f) => readFileSync(join(REPO, f), 'utf8');
  let checked = 0;
  for (const f of files) {
    if (!/\.m?js$/.test(f) || f === 'web/vendor/chart.js') continue;
    // webpack warns "Critical dependency" on import(expression); new URL(…, import.meta.url) is an
    // asset each bundler handles its own way (esbuild not at all).
    assert.doesNotMatch(read(f), /\bimport\(\s*[^'"\s]|new URL\([^)]*import\.meta\.url/, f);
    checked++;
  }
  assert.ok(checked > 15, `${checked} modules`);
  // The embedded bytes are the module's, and the single-file build holds them and imports nothing.
  const embedded = /^export default '([A-Za-z0-9+/]+=*)';$/m.exec(read('web/core/wasm-bytes.js'))[1];
  assert.ok(Buffer.from(embedded, 'base64').equals(readFileSync(join(REPO, 'web/posenc.wasm'))));
  const single = read('web/dist/posenc.mjs');
  assert.ok(single.includes(embedded));
  assert.doesNotMatch(single, /\bimport\s*[{*("'`]|\bfrom\s*['"]/);
  assert.match(single, /\bexport\s*\{[^}]*\bload\b/);
});

// Relative specifiers a module loads: static and dynamic imports, re-exports, new URL(…, import.meta.url).
function relativeImports(source, html = false) {
  const out = new Set();
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
    /new URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
  ];
  if (html) patterns.push(/\b(?:src|href)="([^"#?:]+\.(?:js|css|svg))"/g);
  for (const re of patterns) for (const m of source.matchAll(re)) out.add(m[1]);
  return out;
}

test('every relative import of a shipped file resolves inside the tarball', () => {
  let checked = 0;
  for (const f of files) {
    if (!/\.(js|d\.ts|html)$/.test(f) || f === 'web/vendor/chart.js') continue;
    const source = readFileSync(join(REPO, f), 'utf8');
    for (const spec of relativeImports(source, f.endsWith('.html'))) {
      let target = posix.normalize(posix.join(posix.dirname(f), spec));
      if (f.endsWith('.d.ts')) target = target.replace(/\.js$/, '.d.ts');
      assert.ok(files.has(target), `${f} imports ${spec}: ${target} is not in the tarball`);
      checked++;
    }
  }
  assert.ok(checked > 20, `${checked} imports checked`);
  // The pattern finds what it should (so the loop above can fail).
  assert.deepEqual([...relativeImports("import { a } from './a.js';\nimport './b.js';\nconst u = new URL('./c.wasm', import.meta.url);")],
    ['./a.js', './b.js', './c.wasm']);
});

test('package.json exports and files point at shipped files, types next to each entry', () => {
  const targets = [];
  for (const [key, value] of Object.entries(pkg.exports)) {
    if (typeof value === 'string') targets.push(value);
    else {
      assert.deepEqual(Object.keys(value), ['types', 'default'], `${key}: "types" comes first`);
      targets.push(value.types, value.default);
    }
  }
  for (const t of targets) assert.ok(files.has(t.replace(/^\.\//, '')), `export target ${t} is not in the tarball`);
  assert.deepEqual(Object.keys(pkg.exports), ['.', './elements', './elements/define', './gguf-node', './posenc.wasm', './package.json']);
  for (const entry of pkg.files) {
    const e = entry.replace(/\/$/, '');
    assert.ok([...files].some((f) => f === e || f.startsWith(`${e}/`)), `files entry ${entry} matches nothing`);
  }
  assert.equal(pkg.type, 'module');
  assert.ok(files.has(dirname(pkg.main).replace(/^\.\//, '') + '/posenc.js'));
});

// The manual stays out: the recipes copy the package's web/ into a docs site (MkDocs, Hugo, Sphinx),
// whose builder would take its pages for the site's own, their links into the repository broken.
test("every file README links to is in the tarball, but the manual's pages, which stay out of web/'s copy", () => {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8').replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
  const targets = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/.test(t));
  assert.ok(targets.includes('web/docs/kinds.md') && targets.includes('LICENSE'), targets.join(' '));
  for (const t of targets.filter((t) => !t.startsWith('web/docs/'))) assert.ok(files.has(t), `README links ${t}, which the tarball lacks`);
  assert.deepEqual([...files].filter((f) => f.startsWith('web/docs/')), []);
});
