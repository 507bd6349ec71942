// The view options table (web/views/options.js) is the one vocabulary of the explorer's URL, the
// elements' attributes and the iframe's query: its rows are consistent, one parser reads every
// surface, old keys (cmap, lines, dims, title, xlabel, ylabel, clabel) still read as their option,
// and the explorer writes only the table's keys. Also the heatmap's pure geometry
// (web/views/layout.js), checked against numbers worked out by hand from its margins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { OPTIONS, TYPES, SURFACES, HTML_ATTRIBUTES, MAX_COLUMNS, keysOf, readOptions, heatmapOptions, plotOptions, option } from '../../web/views/options.js';
import { PRESETS, normalize, fromQuery, toQuery } from '../../web/explorer/state.js';
import { heatmapLayout } from '../../web/views/layout.js';

const pe = await load();
const ctx = { kinds: pe.kinds.filter((k) => !k.input).map((k) => k.name), colormaps: pe.colormaps.map((m) => m.name) };
const kebab = (name) => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

test('every row names its option once: unique names and keys, a parser, a doc, known surfaces', () => {
  const keys = new Map();
  for (const o of OPTIONS) {
    assert.equal(typeof TYPES[o.type], 'function', `${o.name}: type ${o.type}`);
    assert.ok(o.doc.length > 10, o.name);
    assert.match(o.key, /^[a-z]+(-[a-z]+)*$/, `${o.name}: the key is kebab-case`);
    assert.equal(o.key, kebab(o.name), `${o.name}: the key is the name in kebab-case`);
    assert.ok(o.on.length && o.on.every((s) => SURFACES.includes(s)), o.name);
    assert.ok(!HTML_ATTRIBUTES.has(o.key), `${o.key} is a global HTML attribute`);
    if (o.type === 'string' && o.on.includes('explorer')) assert.ok(o.label, `${o.name}: a label for its explorer control`);
    for (const k of [o.key, ...o.aliases]) {
      assert.ok(!keys.has(k), `${k} names both ${keys.get(k)} and ${o.name}`);
      keys.set(k, o.name);
    }
  }
  assert.equal(new Set(OPTIONS.map((o) => o.name)).size, OPTIONS.length);
});

test('no registry parameter takes a view option key (URLs and attributes would be ambiguous)', () => {
  const keys = new Set(OPTIONS.flatMap((o) => [o.key, ...o.aliases]));
  for (const k of pe.kinds) {
    for (const p of k.params) {
      for (const q of p.type === 'object' ? [p, ...p.fields] : [p]) {
        assert.ok(!keys.has(q.name) && !keys.has(kebab(q.name)), `${k.name}.${q.path}`);
      }
    }
  }
});

test('one parser: typed values, defaults for bad ones, a message naming the key, EINVAL vs ERANGE', () => {
  const r = readOptions([['index', '2'], ['colormap', 'viridis'], ['vmin', ''], ['vmax', '0.5'], ['columns', '0, 3,7'],
    ['heading', ''], ['row-label', 'Rows'], ['kind', 'alibi'], ['positions', '9']], 'element', ctx);
  assert.deepEqual(r.values, { index: 2, colormap: 'viridis', vmin: null, vmax: 0.5, columns: [0, 3, 7], heading: '', rowLabel: 'Rows', kind: 'alibi' });
  assert.deepEqual(r.rest, [['positions', '9']]);
  assert.deepEqual(r.problems, []);
  const bad = readOptions([['index', '-1'], ['index', 'x'], ['colormap', 'jet'], ['vmax', 'NaN'], ['columns', '1,1,-2'], ['columns', '1.5'],
    ['kind', 'nope'], ['zoom', '1,2']], 'element', ctx);
  assert.deepEqual(bad.values, { index: 0, colormap: 'coolwarm', vmax: null, columns: [], kind: null });
  assert.deepEqual(bad.problems.map((p) => [p.name, p.key, p.code]), [
    ['index', 'index', 'ERANGE'], ['index', 'index', 'EINVAL'], ['colormap', 'colormap', 'EINVAL'], ['vmax', 'vmax', 'EINVAL'],
    ['columns', 'columns', 'ERANGE'], ['columns', 'columns', 'EINVAL'], ['kind', 'kind', 'EINVAL'],
    ['index', 'index', 'EINVAL'], ['columns', 'columns', 'EINVAL'],
  ]);
  assert.equal(bad.problems[0].message, 'index = "-1" is not a plane number (0, 1, …)');
  assert.equal(bad.problems[4].message, 'columns = "1,1,-2" kept 1 (distinct column numbers >= 0, at most 32)');
  assert.deepEqual(bad.rest, [['zoom', '1,2']], 'zoom is the explorer\'s only');
  const many = readOptions([['columns', Array.from({ length: 40 }, (_, i) => i).join(',')]], 'explorer', ctx);
  assert.equal(many.values.columns.length, MAX_COLUMNS);
});

test('old keys are aliases: the same values, and a concept given under two spellings is said once', () => {
  const old = readOptions(new URLSearchParams('cmap=rdbu&lines=0,25&dims=1&title=T&xlabel=X&ylabel=Y&clabel=C'), 'explorer', ctx);
  assert.deepEqual(old.values, { colormap: 'rdbu', columns: [1], heading: 'T', columnLabel: 'X', rowLabel: 'Y', valueLabel: 'C' });
  assert.deepEqual(old.keys, { colormap: 'cmap', columns: 'dims', heading: 'title', columnLabel: 'xlabel', rowLabel: 'ylabel', valueLabel: 'clabel' });
  assert.deepEqual(old.problems.map((p) => p.message), ['columns is given 2 times (as lines, dims); the last one is used']);
  // Attributes: title is a global HTML attribute, read from URLs only.
  assert.equal(keysOf('element', { attributes: true }).has('title'), false);
  assert.equal(keysOf('embed').get('title').name, 'heading');
  assert.deepEqual([...keysOf('element', { attributes: true }).keys()].sort(),
    ['block', 'clabel', 'cmap', 'colormap', 'column-label', 'columns', 'config', 'dims', 'explain', 'frame', 'grid-column', 'heading', 'heat',
      'index', 'kind', 'layer', 'lines', 'log-y', 'profile', 'row-label', 'value-label', 'vmax', 'vmin', 'xlabel', 'ylabel']);
  assert.deepEqual([...keysOf('embed').keys()].filter((k) => !keysOf('element').has(k)), ['view', 'figure-height']);
});

test('explorer: an old URL restores the same state as the new one; it writes only the table\'s keys', () => {
  const old = fromQuery('?kind=alibi&heads=8&index=3&cmap=rdbu&vmax=0.5&lines=0,25&title=T&xlabel=X&ylabel=Y&clabel=C', pe);
  const now = fromQuery('?kind=alibi&heads=8&index=3&colormap=rdbu&vmax=0.5&columns=0,25&heading=T&column-label=X&row-label=Y&value-label=C', pe);
  assert.deepEqual(old.problems, []);
  assert.deepEqual(old.state, now.state);
  assert.deepEqual(old.state, { kind: 'alibi', params: { heads: 8 }, index: 3, colormap: 'rdbu', vmin: null, vmax: 0.5, columns: [0, 25],
    heading: 'T', rowLabel: 'Y', columnLabel: 'X', valueLabel: 'C', config: undefined, layer: undefined, zoom: null,
    gridColumn: null, frame: 0, block: null });
  assert.equal(toQuery(old.state),
    '?kind=alibi&heads=8&index=3&colormap=rdbu&vmax=0.5&columns=0%2C25&heading=T&row-label=Y&column-label=X&value-label=C');
  const keys = new Set(OPTIONS.filter((o) => o.on.includes('explorer')).map((o) => o.key));
  for (const s of [...PRESETS.map((p) => normalize(p.state)), old.state, { ...old.state, vmin: -1, zoom: [2, 9], colormap: 'viridis' },
    { ...old.state, gridColumn: 7, frame: 2, block: 1 }]) {
    const kind = pe.kinds.find((k) => k.name === s.kind);
    const params = new Set(kind.params.flatMap((p) => (p.type === 'object' ? p.fields.map((f) => `${p.name}.${f.name}`) : [p.name])));
    for (const key of new URLSearchParams(toQuery(s)).keys()) assert.ok(keys.has(key) || params.has(key), `${s.kind}: ${key}`);
    assert.deepEqual(fromQuery(toQuery(s), pe).state, normalize(s), 'round trip');
  }
});

test('the views get their render options from the same names', () => {
  const v = { colormap: 'viridis', vmin: -1, vmax: null, heading: 'H', rowLabel: 'R', columnLabel: 'C', valueLabel: 'V', columns: [4, 2] };
  assert.deepEqual(heatmapOptions(v), { map: 'viridis', vmin: -1, vmax: null, title: 'H', xLabel: 'C', yLabel: 'R', cbarLabel: 'V',
    marked: [{ col: 4, color: '#1f77b4' }, { col: 2, color: '#ff7f0e' }] });
  assert.deepEqual(plotOptions(v), { columns: [4, 2], xLabel: 'R', yLabel: 'V', colLabel: 'C' });
});

test('heatmap layout: margins, a plot area of whole pixels per cell, ticks at cell centres (dpr 1, shape-driven height)', () => {
  const L = heatmapLayout({ width: 800, maxHeight: 620, dpr: 1, rows: 50, cols: 64, rowTickWidth: 14, colTickWidth: 14, barTickWidth: 30,
    heading: true, rowLabel: true, columnLabel: true, valueLabel: true, lo: -1, hi: 1, barTicks: [-1, -0.5, 0, 0.5, 1] });
  // left 8 + 20 + 14 + 8, right 16 + 14 + 6 + 30 + 8 + 20, top 34 (title), bottom 6 + 16 + 22 + 6
  assert.deepEqual([L.W, L.top, L.left, L.right, L.bottom], [800, 34, 50, 94, 50]);
  // width 656 → 640 (10 px per column); height 656 × 50/64 = 512.5 → 513 → 500 (10 px per row)
  assert.deepEqual([L.px, L.py, L.pw, L.ph, L.H], [50, 34, 640, 500, 584]);
  assert.deepEqual([L.barX, L.barW], [706, 14]);
  assert.deepEqual(L.colTicks.map((t) => t.index), [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);  // 24 px of label per 10 px cell: every 5th
  assert.deepEqual([L.colTicks[0].at, L.colTicks.at(-1).at], [55.5, 655.5]);
  assert.equal(L.rowTicks.length, 25);  // 16 px per label, 10 px rows: every 2nd
  assert.deepEqual([L.rowTicks[1].index, L.rowTicks[1].at, L.rowTicks.at(-1).at], [2, 59.5, 519.5]);
  assert.deepEqual(L.barTickY, [534.5, 409.5, 284.5, 159.5, 34.5]);
  assert.deepEqual([L.titleY, L.xTitleY, L.yTitleX, L.valueTitleX], [22, 560, 14, 772]);
});

test('heatmap layout: filling a given height at devicePixelRatio 1.5, cells thinner than a pixel, a flat table', () => {
  const L = heatmapLayout({ width: 600, fillHeight: 300, maxHeight: 620, dpr: 1.5, rows: 2048, cols: 512, rowTickWidth: 28,
    colTickWidth: 21, barTickWidth: 25, legend: true, lo: 0, hi: 0, barTicks: [0] });
  assert.deepEqual([L.top, L.left, L.right, L.bottom], [12, 44, 69, 48]);
  // height 300 - 12 - 48 = 240; width min(487, 4 × 240 × 512 / 2048 = 240): cells at most 4:1
  assert.deepEqual([L.px, L.py, L.pw, L.ph, L.H], [66, 18, 360, 360, 300]);
  assert.deepEqual([L.barX, L.barW], [450, 21]);
  assert.deepEqual(L.colTicks.map((t) => [t.index, t.at]), [[0, 44.5], [100, 91.5], [200, 138.5], [300, 185.5], [400, 232.5], [500, 279.5]]);
  assert.deepEqual(L.rowTicks.map((t) => t.index), [0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000]);
  assert.deepEqual([L.rowTicks[0].at, L.rowTicks.at(-1).at], [12.5, 246.5]);
  assert.deepEqual(L.barTickY, [132.5]);  // lo = hi: the one tick in the middle
  assert.equal(L.valueTitleX, 361);
  const empty = heatmapLayout({ width: 300, maxHeight: 620, rows: 0, cols: 0 });
  assert.deepEqual([empty.pw, empty.ph, empty.colTicks, empty.rowTicks], [240, 140, [], []]);
});

test('the embedding page\'s table of view options lists every row with its key, older keys and accepted values', async () => {
  const { readFile } = await import('node:fs/promises');
  const readme = await readFile(new URL('../../web/docs/embedding.md', import.meta.url), 'utf8');
  const block = readme.slice(readme.indexOf('<!-- view-options -->'), readme.indexOf('<!-- /view-options -->'));
  const rows = block.split('\n').filter((l) => l.startsWith('| `')).map((l) => l.split(' | '));
  const code = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const listed = new Set();
  for (const [name, key, aliases, value] of rows) {
    const names = code(name);
    code(key).forEach((k, i) => {
      const o = OPTIONS.find((x) => x.name === names[i]);
      assert.ok(o, `web/docs/embedding.md lists ${names[i]}`);
      assert.equal(k, o.key, o.name);
      assert.deepEqual(aliases === '—' ? [] : code(aliases), o.aliases, o.name);
      // the value column says what the row's parser accepts
      if (o.type === 'enum') assert.deepEqual(code(value), o.choices, o.name);
      if (o.type === 'colormap') assert.deepEqual(code(value), pe.colormaps.map((m) => m.name), o.name);
      if (o.type === 'int') {
        const range = o.max === Number.MAX_SAFE_INTEGER ? `integer ≥ ${o.min}` : `integer ${o.min}–${o.max}`;
        assert.equal(value, range, o.name);
      }
      if (o.type === 'columns') assert.ok(value.startsWith(`up to ${o.max} `), `${o.name}: ${value}`);
      listed.add(o.name);
    });
  }
  assert.deepEqual([...listed].sort(), OPTIONS.map((o) => o.name).sort());
});

test('the explorer\'s compare keys (heat, log-y, profile) read by the table\'s rows: values kept, bad text reported by the row\'s check', async () => {
  const { readURL, writeQuery } = await import('../../web/explorer/analysis.js');
  const ok = readURL('?kind=t5&a.kind=t5&heat=diff&log-y=false&profile=4096', pe);
  assert.deepEqual(ok.compareProblems, []);
  assert.deepEqual({ ...ok.state.compare, pinned: undefined }, { pinned: undefined, heat: 'diff', logY: false, profile: 4096 });
  assert.match(writeQuery(ok.state), /&heat=diff&log-y=false&profile=4096$/);
  const bad = readURL('?heat=x&log-y=1&profile=4097', pe);
  assert.deepEqual(bad.compareProblems, [
    'heat = "x" is not one of a, b, diff',
    'log-y = "1" is not one of auto, true, false',
    `profile = "4097" is not an integer from 1 to ${OPTIONS.find((o) => o.name === 'profile').max}`,
  ]);
  assert.deepEqual({ ...bad.state.compare }, { pinned: null, heat: 'b', logY: null, profile: null });
});

test('the elements\' typings (web/elements/define.d.ts) declare a property for every element view option and its older keys', async () => {
  const { readFile } = await import('node:fs/promises');
  const dts = await readFile(new URL('../../web/elements/define.d.ts', import.meta.url), 'utf8');
  const body = dts.slice(dts.indexOf('export interface PosencElement '), dts.indexOf('readonly pe: Posenc'));
  const declared = new Set([...body.matchAll(/^ {2}([A-Za-z]+): /gm)].map((m) => m[1]));
  const want = OPTIONS.filter((o) => o.on.includes('element'))
    .flatMap((o) => [o.name, ...o.aliases.filter((a) => !HTML_ATTRIBUTES.has(a))]);
  assert.deepEqual(want.filter((n) => !declared.has(n)), [], 'options without a property in define.d.ts');
  assert.deepEqual([...declared].filter((n) => !want.includes(n)), [], 'properties of define.d.ts that are no element option');
});

test('an explorer URL list with an empty item is garbage for C to reject, not a 0 (as the elements refuse it)', () => {
  const { state } = fromQuery('?kind=rope&positions=4&dim=80&mropeSection=16,,24', pe);
  assert.equal(state.params.mropeSection.length, 3);
  assert.ok(Number.isNaN(state.params.mropeSection[1]), `read ${state.params.mropeSection}`);
  assert.throws(() => pe.compute('rope', state.params), (e) => e.code === 'EINVAL' && e.param === 'mropeSection');
  assert.deepEqual(fromQuery('?kind=rope&mropeSection=16, 24,24', pe).state.params.mropeSection, [16, 24, 24]);
});

test('the readout formats values to six significant digits, integers whole (views/heatmap.js formatValue)', async () => {
  const { formatValue } = await import('../../web/views/heatmap.js');
  const sin1 = pe.compute('sinusoidal', { positions: 2, dim: 2 }).data[2];  // float32 sin(1): 16 digits as a double
  assert.equal(String(sin1), '0.8414709568023682');
  assert.deepEqual([sin1, 3, -0, 1e-7 / 3, 500000, 123456.789, -2.5, Infinity, -Infinity, NaN].map(formatValue),
    ['0.841471', '3', '-0', '3.33333e-8', '500000', '123457', '-2.5', 'Infinity', '−Infinity (masked)', 'NaN']);
});

test('one vocabulary (views/keys.js): the explorer reads the embed\'s and config.json\'s spellings as its own, old ones too', () => {
  const llama3 = { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 };
  const want = { positions: 64, dim: 32, base: 500000, ropeScaling: llama3 };
  const urls = [
    // the explorer's own (registry names, object fields as ropeScaling.<field>), with the legacy field type
    '?kind=rope&positions=64&dim=32&base=500000&ropeScaling.type=llama3&ropeScaling.factor=8&ropeScaling.low_freq_factor=1'
      + '&ropeScaling.high_freq_factor=4&ropeScaling.original_max_position_embeddings=8192',
    // the embed's and the attributes' kebab-case
    '?kind=rope&positions=64&dim=32&base=500000&rope-type=llama3&factor=8&low-freq-factor=1&high-freq-factor=4'
      + '&original-max-position-embeddings=8192',
    // config.json's keys verbatim, and camelCase
    '?kind=rope&positions=64&dim=32&base=500000&rope_type=llama3&factor=8&lowFreqFactor=1&high_freq_factor=4'
      + '&originalMaxPositionEmbeddings=8192',
    // the object whole as JSON (rope-scaling, as the attribute), a field's own key winning over it
    `?kind=rope&positions=64&dim=32&base=500000&factor=8&rope-scaling=${encodeURIComponent(JSON.stringify({ ...llama3, factor: 2 }))}`,
    `?kind=rope&positions=64&dim=32&base=500000&rope_scaling=${encodeURIComponent(JSON.stringify(llama3))}`,
  ];
  for (const url of urls) {
    const { state, problems } = fromQuery(url, pe);
    assert.deepEqual(problems, [], url);
    assert.deepEqual(state.params, want, url);
  }
  const sin = fromQuery('?kind=sinusoidal&variant=fairseq&padding-idx=3', pe);
  assert.deepEqual([sin.problems, sin.state.params], [[], { variant: 'fairseq', paddingIdx: 3 }]);
  assert.deepEqual(fromQuery('?kind=rope&mrope_section=2,3,3&partial_rotary_factor=0.5', pe).state.params,
    { mropeSection: [2, 3, 3], partialRotaryFactor: 0.5 });
  assert.deepEqual(fromQuery('?kind=rope-2d&pe-style=pixtral&axes-dim=4,6,6', pe).state.params, { style: 'pixtral', axesDim: [4, 6, 6] });
  // two spellings of one parameter: the last counts, and that is said
  const twice = fromQuery('?kind=sinusoidal&paddingIdx=2&padding-idx=5', pe);
  assert.equal(twice.state.params.paddingIdx, 5);
  assert.deepEqual(twice.problems.map((p) => p.path), ['paddingIdx']);
  // still unknown: other cases, a misspelt field, a field under a top-level name, JSON that is no object
  for (const [url, path] of [['?kind=rope&Positions=3', 'kind'], ['?kind=rope&ropeScaling.factr=3', 'kind'],
    ['?kind=rope&positions.factor=3', 'kind'], ['?kind=rope&padding-idx=1', 'kind'], ['?kind=rope&rope-scaling=[1]', 'ropeScaling'],
    ['?kind=rope&ropeScaling=yarn', 'ropeScaling']]) {
    assert.deepEqual(fromQuery(url, pe).problems.map((p) => p.path), [path], url);
  }
  assert.ok(fromQuery('?kind=rope&rope-scaling=[1]', pe).problems[0].message.includes('is not a JSON object'));
});

test('numbers as HTML takes them: a valid integer / floating-point number, nothing looser, the attribute named', async () => {
  const { parseValue } = await import('../../web/elements/attributes.js');
  const where = { attr: 'dim', param: 'dim', tag: 'posenc-heatmap' };
  // accepted, with the value HTML's parser gives
  for (const [text, value] of [['64', 64], ['-3', -3], ['0', 0], ['-0', 0], ['007', 7]]) {
    assert.equal(parseValue('int', text, where), value, text);
    const r = TYPES.int(text, option('frame'));   // frame: 0 and up
    assert.deepEqual([r.value, r.code], value >= 0 ? [value, undefined] : [0, 'ERANGE'], `frame ${text}`);
  }
  for (const [text, value] of [['1.5', 1.5], ['-.5', -0.5], ['.5', 0.5], ['1e3', 1000], ['2E-2', 0.02], ['1e+2', 100], ['64', 64]]) {
    assert.equal(parseValue('float', text, where), value, text);
    assert.equal(TYPES.limit(text).value, value, `vmin ${text}`);
  }
  // refused: whitespace, hex, octal/binary prefixes, a leading +, a bare or trailing dot, Infinity,
  // an exponent without digits, beyond the doubles, empty
  const loose = [' 64 ', '64 ', '\t64', '0x40', '0o100', '0b1', '+64', '1.', '.', 'Infinity', '-Infinity', 'NaN', '1e',
    '1e400', '', ' ', '6_4', '64px', '١٢'];
  for (const text of loose) {
    assert.throws(() => parseValue('float', text, where), (e) =>
      e.name === 'PosencError' && e.code === 'EINVAL' && e.param === 'dim' && e.attribute === 'dim' &&
      e.message.startsWith(`<posenc-heatmap> dim=${JSON.stringify(text)} is not a number`), JSON.stringify(text));
    if (text !== '') assert.equal(TYPES.limit(text).code, 'EINVAL', `vmin ${JSON.stringify(text)}`);
  }
  // an integer takes no fraction or exponent either ("valid integer")
  for (const text of [...loose, '1.5', '1e3', '64.0']) {
    assert.throws(() => parseValue('int', text, where), (e) => e.code === 'EINVAL' && e.attribute === 'dim' &&
      e.message.includes('is not an integer'), JSON.stringify(text));
    assert.equal(TYPES.int(text, option('frame')).code, 'EINVAL', `frame ${JSON.stringify(text)}`);
  }
  // lists: items as above, whitespace around the commas as HTML lists allow
  assert.deepEqual(parseValue('int[]', '16, 24,24', where), [16, 24, 24]);
  assert.deepEqual(parseValue('float[]', '1.5,-2e1', where), [1.5, -20]);
  assert.deepEqual(parseValue('int[]', '', where), []);
  for (const text of ['16,0x18,24', '16,,24', '16,24,', '1.5,2']) {
    assert.throws(() => parseValue('int[]', text, where), (e) => e.code === 'EINVAL' && e.attribute === 'dim', text);
  }
  assert.deepEqual(TYPES.columns('0, 3,7', option('columns')).value, [0, 3, 7]);
  assert.equal(TYPES.columns('0x1', option('columns')).code, 'EINVAL');
  assert.equal(TYPES.window('0,0x10', option('zoom')).why !== undefined, true);
  // the same rule reads view options from an element's attributes
  const r = readOptions([['index', '0x1'], ['vmax', ' 1 ']], 'element', ctx);
  assert.deepEqual(r.problems.map((p) => [p.key, p.code]), [['index', 'EINVAL'], ['vmax', 'EINVAL']]);
});
