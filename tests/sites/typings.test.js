// The per-kind typings (web/kinds.d.ts) are generated from the registry: a registry change without
// `npm run readme` fails here. Then strict TypeScript (tsc --strict --noEmit, against the repository's
// .d.ts files) checks a file generated here that calls pe.compute with every parameter of every kind
// (and every enum choice), and tests/consumers/ts/kinds.ts, whose @ts-expect-error lines (a misspelt
// parameter, an unknown kind, a wrong choice…) fail the check if they type-check.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../../web/posenc.js';
import { typings, TYPINGS_PATH } from '../../web/tools/typings.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const pe = await load();
const scratch = await mkdtemp(join(tmpdir(), 'posenc-typings-'));
after(() => rm(scratch, { recursive: true, force: true }));

// A value of a parameter's type (within its range; tsc checks types, nothing is computed).
function value(p, fields) {
  if (p.aliasOf) return value(fields.find((f) => f.name === p.aliasOf), fields);
  const n = typeof p.default === 'number' ? p.default : Math.max(p.min ?? 1, Math.min(p.max ?? 1, 1));
  switch (p.type) {
    case 'int': case 'float': return String(n);
    case 'bool': return String(p.default ?? true);
    case 'enum': return `'${p.choices[0]}'`;
    case 'float[]': return `new Float32Array(2)`;
    case 'int[]': return `Int32Array.of(${n}, ${n})`;
    case 'string': return `'text'`;
    case 'object': return `{ ${p.fields.map((f) => `${f.name}: ${value(f, p.fields)}`).join(', ')} }`;
  }
  throw new Error(`no value for type ${p.type} (${p.path})`);
}
// The same in the other spelling a type accepts (a plain array for an array type).
const plain = (p, v) => (p.type === 'float[]' ? '[0.5, 1]' : p.type === 'int[]' ? '[1, 2]' : v);

/** A TypeScript module calling pe.compute, computeView and shape with every parameter of every kind. */
function everyParameter(kinds, from) {
  const out = [`import { load, type ParamsOf } from '${from}';`, 'const pe = await load();', ''];
  const arrays = { float32: 'Float32Array', int32: 'Int32Array' };
  let calls = 0;
  for (const kind of kinds) {
    const k = `'${kind.name}'`;
    const all = kind.params.map((p) => `${p.name}: ${value(p)}`).join(', ');
    out.push('{',
      `  const params: ParamsOf<${k}> = { ${all} };`,
      `  const data: ${arrays[kind.dtype]} = pe.compute(${k}, { ${all} }).data;`,
      `  const view: ${arrays[kind.dtype]} = pe.computeView(${k}, params).data;`,
      `  const shape: number[] = pe.shape(${k}, params);`,
      '  console.log(data, view, shape);');
    calls += 3;
    // an input kind's unset arrays are the input, required (as web/tools/typings.js types them)
    const required = kind.params.filter((q) => kind.input && q.type.endsWith('[]') && (q.default ?? null) === null);
    for (const p of kind.params) {
      const others = required.filter((q) => q !== p).map((q) => `${q.name}: ${value(q)}, `).join('');
      const variants = p.type === 'enum' ? [...p.choices, ...Object.keys(p.choiceAliases)].map((c) => `'${c}'`)
        : p.type === 'object' ? p.fields.filter((f) => f.type === 'enum' || f.type.endsWith('[]'))
          .flatMap((f) => (f.type === 'enum' ? [...f.choices, ...Object.keys(f.choiceAliases)].map((c) => `{ ${f.name}: '${c}' }`)
            : [`{ ${f.name}: ${plain(f)} }`]))
          : p.type.endsWith('[]') ? [plain(p)] : [];
      if (p.default === null || p.default === undefined) variants.push('null');
      for (const v of variants) {
        if (v === 'null' && required.includes(p)) continue;
        out.push(`  pe.compute(${k}, { ${others}${p.name}: ${v} });`);
        calls++;
      }
    }
    out.push('}');
  }
  return { text: out.join('\n') + '\n', calls };
}

// posenc.d.ts needs the DOM's types (WebAssembly.Memory); a file without it checks faster without.
function tsc(files, paths = {}, lib = ['es2022', 'dom', 'esnext.disposable']) {
  const config = join(scratch, `tsconfig-${Object.keys(paths).length}-${files.length}-${lib.length}.json`);
  return writeFile(config, JSON.stringify({
    compilerOptions: {
      target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib,
      strict: true, noEmit: true, skipLibCheck: false, types: [], paths,
    },
    files,
  })).then(() => spawnSync(process.execPath, [TSC, '-p', config], { encoding: 'utf8', timeout: 120000 }));
}

test(`the committed ${TYPINGS_PATH} equals the typings generated from pe.kinds (run \`npm run readme\` to update)`, async () => {
  assert.equal(await readFile(join(REPO, TYPINGS_PATH), 'utf8'), typings(pe.kinds));
});

test('the typings name every kind, parameter and object field, with the dtype\'s array', () => {
  const text = typings(pe.kinds);
  for (const kind of pe.kinds) {
    assert.match(text, new RegExp(`^  \\| '${kind.name}'`, 'm'), kind.name);
    assert.match(text, new RegExp(`^  '${kind.name}': ${kind.dtype === 'int32' ? 'Int32Array' : 'Float32Array'};`, 'm'), kind.name);
    for (const p of kind.params) {
      assert.match(text, new RegExp(`^  ${p.name}\\??: `, 'm'), `${kind.name} ${p.name}`);
      for (const f of p.fields ?? []) assert.match(text, new RegExp(`^  ${f.name}\\?: `, 'm'), `${kind.name} ${f.path}`);
    }
  }
});

test('strict TypeScript: every parameter of every kind type-checks; the misuses in tests/consumers/ts/kinds.ts do not', async () => {
  const { text, calls } = everyParameter(pe.kinds, 'posenc');
  const every = join(scratch, 'every-parameter.ts');
  await writeFile(every, text);
  const paths = { posenc: [join(REPO, 'web/posenc.d.ts')] };
  const r = await tsc([every, join(REPO, 'tests/consumers/ts/kinds.ts')], paths);
  assert.equal(r.status, 0, r.stdout + r.stderr + '\n' + text);
  assert.ok(calls > 100, `${calls} calls`);
  // The check can fail: a misspelt parameter in the generated file, and kinds.ts without its
  // @ts-expect-error markers, are reported (each marked line once).
  const misspelt = join(scratch, 'misspelt.ts');
  await writeFile(misspelt, text.replace('dim: ', 'dimm: '));
  const source = await readFile(join(REPO, 'tests/consumers/ts/kinds.ts'), 'utf8');
  const expected = source.split('\n').filter((l) => l.startsWith('// @ts-expect-error')).length;
  const unmarked = join(scratch, 'unmarked.ts');
  await writeFile(unmarked, source.replace(/^\/\/ @ts-expect-error.*$/gm, ''));
  const r2 = await tsc([misspelt, unmarked], paths);
  assert.notEqual(r2.status, 0);
  assert.match(r2.stdout, /misspelt\.ts\(\d+,\d+\): error TS\d+: .*'dimm' does not exist in type 'SinusoidalParams'/);
  assert.equal(r2.stdout.split('\n').filter((l) => /unmarked\.ts\(\d+,\d+\): error/.test(l)).length, expected, r2.stdout);
  assert.ok(expected >= 10);
});

test("the generator types int[] and string parameters, and an input kind's array as required", async () => {
  // A registry with the types new kinds bring (as pe.kinds would describe them).
  const kinds = [
    { name: 'grid', title: 'A grid', dtype: 'int32', shape: ['axes', 'positions'], input: false, params: [
      { name: 'positionIds', path: 'positionIds', type: 'int[]', default: null, min: -2147483648, max: 2147483647, doc: 'explicit positions' },
      { name: 'sequence', path: 'sequence', type: 'string', default: '', doc: 'token layout' },
      { name: 'axes', path: 'axes', type: 'int', default: 3, min: 1, max: 8, doc: 'axes' },
      { name: 'axesDim', path: 'axesDim', type: 'int[]', default: [16, 56, 56], doc: 'per-axis widths' },
    ] },
    { name: 'grid-apply', title: 'A grid applied', dtype: 'float32', shape: ['positions', 'dim'], input: true, params: [
      { name: 'positionIds', path: 'positionIds', type: 'int[]', default: null, min: -2147483648, max: 2147483647, doc: 'explicit positions' },
      { name: 'x', path: 'x', type: 'float[]', default: null, min: -1, max: 1, doc: 'input' },
    ] },
  ];
  const text = typings(kinds);
  assert.match(text, /^ {2}positionIds\?: readonly number\[\] \| Int32Array \| null;$/m);
  assert.match(text, /^ {2}sequence\?: string;$/m);
  assert.match(text, /^ {2}axesDim\?: readonly number\[\] \| Int32Array;$/m);
  assert.doesNotMatch(text, /NaN|undefined/);
  assert.match(text, /^ {2}x: ArrayLike<number>;$/m);
  assert.match(text, /^ {2}'grid': Int32Array;$/m);
  const dts = join(scratch, 'grid.d.ts');
  await writeFile(dts, text + "export declare function compute<K extends KindName>(kind: K, params?: ParamsByKind[K]): DataByKind[K];\n");
  const { text: every } = everyParameter(kinds, './grid.js');
  const use = join(scratch, 'grid-use.ts');
  await writeFile(use, every.replace(/^import .*\n.*\n/, "import { compute, type ParamsByKind } from './grid.js';\ntype ParamsOf<K extends keyof ParamsByKind> = ParamsByKind[K];\ndeclare const console: { log(...a: unknown[]): void };\nconst pe = { compute, computeView: compute, shape: (k: keyof ParamsByKind, p?: object) => [0] };\n")
    .replace(/pe\.(compute|computeView)\(([^;]*)\)\.data/g, 'pe.$1($2)')
    + "// @ts-expect-error: a string, not ids\ncompute('grid', { positionIds: '1,2' });\n// @ts-expect-error: x is required\ncompute('grid-apply', { positionIds: [1] });\n");
  const r = await tsc([use], {}, ['es2022']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
