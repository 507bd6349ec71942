// pe.colormapImage (c/colormap.c pe_colormap_sample): a [rows, cols] plane drawn into a
// [height, width] image at the image's resolution. Reference written here from posenc.h's rule:
//   pixel (y, x) shows the cell under its centre: r = floor((y + 1/2) rows / height), same in x
//   colour: posenc.h's colormap rule (tests/colormap-reference.js), automatic limits from every
//   cell of the plane (not only the shown ones)
// and the heatmap's hit-testing and outlines (web/views/heatmap.js cellUnder, cellEdge) against
// the pixels C draws.
// The same C runs natively under ASan/UBSan with its own reference (tests/native/colormap_sample.c),
// pe_colormap_sample_columns (columnScales) too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { mulberry32 as rng } from '../random.js';  // seeded: the same cases on every run
import { refRange, refPixel } from '../colormap-reference.js';
import { buildNative, root } from './build.js';
import { isError, throwsWith } from '../errors.js';
import { load } from '../../web/posenc.js';
import { cellUnder, cellEdge } from '../../web/views/heatmap.js';

const pe = await load();


// The cell under pixel i's centre, in exact integer arithmetic (all sizes here are < 2^26).
const under = (i, n, size) => Math.floor(((2 * i + 1) * n) / (2 * size));

const refLimits = (values, centred) => { const r = refRange(values, centred); return [r.lo, r.hi]; };

// The image a plane should give: every pixel from the formula, independently of C.
function refImage(data, { offset, rows, cols, stride, width, height }, lut, vmin, vmax) {
  const out = new Uint8Array(4 * width * height);
  for (let y = 0; y < height; y++) {
    const r = under(y, rows, height);
    for (let x = 0; x < width; x++) {
      out.set(refPixel(data[offset + r * stride + under(x, cols, width)], lut, vmin, vmax), 4 * (y * width + x));
    }
  }
  return out;
}

function cells(data, { offset, rows, cols, stride }) {
  const out = [];
  for (let r = 0; r < rows; r++) out.push(...data.subarray(offset + r * stride, offset + r * stride + cols));
  return out;
}

function values(r, n, pSpecial, outliers) {
  return Float32Array.from({ length: n }, () => {
    const k = r();
    if (k < pSpecial) return [NaN, -Infinity, Infinity][Math.floor(r() * 3)];
    if (k < pSpecial + 0.1) return [0, -0, 1e-40][Math.floor(r() * 3)];
    if (outliers && k < pSpecial + 0.11) return [3e38, -3e38][Math.floor(r() * 2)];
    return -1.5 + 3 * r();
  });
}

const colours = (rgba) => new Set(new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length / 4)).size;

// Sizes: equal, whole multiples, down-sampled (many cells per pixel), up by less than 2, 1 x 1.
const SHAPES = [
  [1, 1, 1, 1], [1, 1, 5, 3], [7, 5, 7, 5], [7, 5, 21, 15], [7, 5, 3, 2], [7, 5, 10, 8], [2048, 512, 620, 620],
  [50, 64, 560, 640], [13, 600, 13, 601], [600, 13, 1, 1], [3, 40000, 2, 32768], [97, 31, 300, 41],
];

test('every pixel shows the cell under its centre, coloured as pe.colormap colours it (every map, float32)', () => {
  const r = rng(11);
  let checked = 0, planes = 0, specials = 0, varied = 0, variedAuto = 0;
  for (const [rows, cols, height, width] of SHAPES) {
    for (const map of pe.colormaps) {
      const stride = cols + (r() < 0.5 ? 0 : Math.floor(r() * 5));
      const offset = Math.floor(r() * 9);
      const total = offset + (rows - 1) * stride + cols + Math.floor(r() * 3);
      const outliers = planes % 2 === 1;  // ±3e38 in every other plane: automatic limits near ±3e38
      const data = values(r, total, [0, 0.01, 0.3][planes++ % 3], outliers);
      const plane = { offset, rows, cols, stride, width, height };
      const lut = pe.colormapLUT(map.name);
      for (const given of [null, [-0.75, 1.25], [0.5, 0.5]]) {
        const img = pe.colormapImage(data, { map: map.name, ...plane, ...(given ? { vmin: given[0], vmax: given[1] } : {}) });
        const [vmin, vmax] = given ?? refLimits(cells(data, plane), map.centred);
        assert.deepEqual([img.vmin + 0, img.vmax + 0, img.width, img.height, img.data.length],
          [vmin + 0, vmax + 0, width, height, 4 * width * height]);
        const want = refImage(data, plane, lut, vmin, vmax);
        specials += cells(data, plane).filter((v) => !Number.isFinite(v)).length;
        // where the cells vary, the image must too (flat limits and ±3e38 limits give one colour)
        if (width * height >= 50 && rows * cols >= 50 && (given ? given[0] !== given[1] : !outliers)) {
          assert.ok(colours(want) > 10, `${rows}x${cols} -> ${height}x${width}: ${colours(want)} colours`);
          varied++;
          if (!given) variedAuto++;
        }
        const i = img.data.findIndex((b, k) => b !== want[k]);
        assert.equal(i, -1, `${map.name} ${rows}x${cols} -> ${height}x${width} stride ${stride}: pixel ${i >> 2} is ` +
          `${[...img.data.subarray(i & ~3, (i & ~3) + 4)]}, want ${[...want.subarray(i & ~3, (i & ~3) + 4)]}`);
        img.free();
        checked++;
      }
    }
  }
  assert.equal(checked, SHAPES.length * pe.colormaps.length * 3);
  assert.ok(specials > 1000, `${specials} NaN/±Infinity cells`);
  // 5 shapes of >= 50 cells: with the given limits [-0.75, 1.25] each, with automatic ones where the
  // plane has no ±3e38 outliers (about every other); so automatic limits are exercised too
  assert.ok(varied > 5 * pe.colormaps.length, `${varied} varied images`);
  assert.ok(variedAuto >= 2 * pe.colormaps.length, `${variedAuto} varied images with automatic limits`);
});

test('int32 tables (T5 buckets): the same rule, automatic limits over the whole plane', () => {
  const t = pe.compute('t5', { queries: 300, keys: 200 });
  const lut = pe.colormapLUT('viridis');
  for (const [height, width] of [[300, 200], [97, 61], [600, 400], [1, 1], [299, 201]]) {
    const plane = { offset: 0, rows: 300, cols: 200, stride: 200, width, height };
    const img = pe.colormapImage(t, { map: 'viridis', ...plane });
    const [vmin, vmax] = refLimits(t.data, false);
    assert.deepEqual([img.vmin, img.vmax], [vmin, vmax]);
    assert.deepEqual(img.data, new Uint8ClampedArray(refImage(t.data, plane, lut, vmin, vmax).buffer), `${height}x${width}`);
    img.free();
  }
});

test('at the table size it is pe.colormap\'s image; the automatic limits see cells no pixel shows', () => {
  const m = pe.computeView('sinusoidal', { positions: 333, dim: 48 });
  const full = pe.colormap(m, { map: 'rdbu' });
  const img = pe.colormapImage(m, { map: 'rdbu', rows: 333, cols: 48, width: 48, height: 333 });
  assert.deepEqual(img.data, full.data);
  assert.deepEqual([img.vmin, img.vmax], [full.vmin, full.vmax]);
  full.free();
  img.free();
  // One 1 x 1 image of a plane whose only extreme is in a cell the pixel does not show.
  const data = new Float32Array([0, 0, 0, 0, 0, 0, 0, 0, 9]);
  const one = pe.colormapImage(data, { map: 'viridis', rows: 3, cols: 3, width: 1, height: 1 });
  assert.deepEqual([one.vmin, one.vmax], [0, 9]);  // the pixel shows cell (1, 1) = 0: index 0
  assert.deepEqual([...one.data], [...pe.colormapLUT('viridis').subarray(0, 4)]);
  one.free();
  m.free();
});

test('a result\'s shape gives the plane, and the image defaults to one pixel per cell', () => {
  const m = pe.computeView('sinusoidal', { positions: 37, dim: 12 });
  const full = pe.colormap(m);
  const img = pe.colormapImage(m);
  assert.deepEqual([img.width, img.height], [12, 37]);
  assert.deepEqual(img.data, full.data);
  const half = pe.colormapImage(m, { width: 6, height: 10 });  // columns 1, 3, .. 11 of rows under each pixel
  assert.deepEqual([half.width, half.height], [6, 10]);
  const plane = { offset: 0, rows: 37, cols: 12, stride: 12, width: 6, height: 10 };
  assert.deepEqual([...half.data], [...refImage(m.data, plane, pe.colormapLUT('coolwarm'), ...refLimits(m.data, false))]);
  // a 3-D result (alibi: heads x queries x keys): the plane of one head, picked by offset
  const bias = pe.compute('alibi', { heads: 4, queries: 5, keys: 6 });
  const head2 = pe.colormapImage(bias, { offset: 2 * 30, vmin: -5, vmax: 0 });
  assert.deepEqual([head2.width, head2.height], [6, 5]);
  const ref = pe.colormap(bias.data.subarray(60, 90), { vmin: -5, vmax: 0 });
  assert.deepEqual(head2.data, ref.data);
  // a 1-D result (alibi-slopes: one per head) is a column, as the views draw it
  const slopes = pe.computeView('alibi-slopes', { heads: 8 });
  const column = pe.colormapImage(slopes);
  assert.deepEqual([column.width, column.height], [1, 8]);
  const byValue = pe.colormap(slopes);
  assert.deepEqual(column.data, byValue.data);
  for (const v of [full, img, half, head2, ref, column, byValue, slopes]) v.free();
  m.free();
});

test('the heatmap\'s hit-testing and outlines (cellUnder, cellEdge) follow the pixels C draws', () => {
  // a column of distinct colours (cell k: index k of the table), drawn by C at each size
  const lut = new Uint32Array(pe.colormapLUT('viridis').buffer);
  for (const [rows, size] of [[256, 620], [200, 560], [7, 3], [3, 7], [1, 1], [250, 249], [5, 1241], [256, 97]]) {
    const data = Float32Array.from({ length: rows }, (_, k) => k + 0.5);
    const img = pe.colormapImage(data, { map: 'viridis', rows, cols: 1, width: 1, height: size, vmin: 0, vmax: 256 });
    const px = new Uint32Array(img.data.buffer, img.data.byteOffset, size);
    for (let y = 0; y < size; y++) {
      const cell = cellUnder(y, rows, size);
      assert.equal(px[y], lut[cell], `${rows} cells over ${size} px: pixel ${y} shows cell ${lut.indexOf(px[y])}, cellUnder says ${cell}`);
      assert.ok(cellEdge(cell, rows, size) <= y && y < cellEdge(cell + 1, rows, size), `pixel ${y} outside cell ${cell}'s edges`);
    }
    assert.deepEqual([cellEdge(0, rows, size), cellEdge(rows, rows, size)], [0, size]);
    img.free();
  }
});

// The image of columnScales: each pixel as refPixel at its column's own limits (the automatic ones
// of that column's cells, or the given ends).
function refColumnImage(data, { offset, rows, cols, stride, width, height }, lut, limits) {
  const out = new Uint8Array(4 * width * height);
  for (let y = 0; y < height; y++) {
    const r = under(y, rows, height);
    for (let x = 0; x < width; x++) {
      const c = under(x, cols, width);
      out.set(refPixel(data[offset + r * stride + c], lut, limits[c][0], limits[c][1]), 4 * (y * width + x));
    }
  }
  return out;
}

test('columnScales: each column on its own limits (rope-spectrum: wavelengths, ratio, rotations)', () => {
  const r = rng(23);
  let checked = 0;
  for (const [rows, cols, height, width] of [[7, 5, 7, 5], [7, 5, 21, 15], [7, 5, 3, 2], [97, 31, 300, 41], [50, 4, 200, 300]]) {
    for (const map of pe.colormaps) {
      const stride = cols + Math.floor(r() * 3), offset = Math.floor(r() * 4);
      const data = values(r, offset + (rows - 1) * stride + cols, 0.02, false);
      // columns of very different sizes, as rope-spectrum's are
      for (let i = 0; i < data.length; i++) data[i] *= 10 ** (((i - offset) % stride) % 6);
      const plane = { offset, rows, cols, stride, width, height };
      const column = (c) => Array.from({ length: rows }, (_, y) => data[offset + y * stride + c]);
      for (const given of [{}, { vmin: -1e6 }, { vmax: 2, vmin: -2 }]) {
        const img = pe.colormapImage(data, { map: map.name, ...plane, ...given, columnScales: true });
        const limits = Array.from({ length: cols }, (_, c) => {
          const [lo, hi] = refLimits(column(c), map.centred);
          return [given.vmin ?? lo, given.vmax ?? hi];
        });
        assert.deepEqual([...img.columnLimits], limits.flat());
        assert.deepEqual([img.vmin, img.vmax], [Math.min(...limits.map((l) => l[0])), Math.max(...limits.map((l) => l[1]))]);
        const want = refColumnImage(data, plane, pe.colormapLUT(map.name), limits);
        const i = img.data.findIndex((b, k) => b !== want[k]);
        assert.equal(i, -1, `${map.name} ${rows}x${cols} -> ${height}x${width} ${JSON.stringify(given)}: pixel ${i >> 2}`);
        img.free();
        checked++;
      }
    }
  }
  assert.equal(checked, 5 * pe.colormaps.length * 3);
  // the registry declares which kinds want it; rope-spectrum's columns each span their whole map
  assert.deepEqual(pe.kinds.filter((k) => k.columnScales).map((k) => k.name).sort(), ['mrope-blocks', 'rope-columns', 'rope-spectrum']);
  const spectrum = pe.compute('rope-spectrum', { dim: 128, base: 500000, ropeScaling: { rope_type: 'llama3', factor: 8,
    low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 } });
  const img = pe.colormapImage(spectrum, { map: 'viridis', columnScales: true });
  const lut = pe.colormapLUT('viridis');
  for (let c = 0; c < 4; c++) {
    const col = Array.from({ length: 64 }, (_, k) => spectrum.data[4 * k + c]).filter(Number.isFinite);
    assert.deepEqual([img.columnLimits[2 * c], img.columnLimits[2 * c + 1]], [Math.min(...col), Math.max(...col)], `column ${c}`);
    const k = col.indexOf(Math.max(...col));
    assert.deepEqual([...img.data.subarray(4 * (4 * k + c), 4 * (4 * k + c) + 4)], [...lut.subarray(1020, 1024)], `column ${c}'s top`);
  }
  img.free();
  const data = new Float32Array(35);
  throwsWith(() => pe.colormapImage(data, { rows: 7, cols: 5, columnScales: 1 }), 'EINVAL', 'columnScales');
  throwsWith(() => pe.colormapImage(data, { rows: 7, cols: 5, columnScales: true, vmin: 2, vmax: 1 }), 'ERANGE', 'vmin');
  throwsWith(() => pe.colormapImage(data, { rows: 8, cols: 5, columnScales: true }), 'ERANGE', 'rows');
  const empty = pe.colormapImage(data, { rows: 0, cols: 5, width: 0, height: 0, columnScales: true });
  assert.deepEqual([...empty.columnLimits], Array(10).fill(0));
  empty.free();
});

test('bad sizes and limits: PosencError naming the argument', () => {
  const data = new Float32Array(35);
  const base = { rows: 7, cols: 5, width: 10, height: 10 };
  const cases = [
    [{ rows: 8 }, 'ERANGE', 'rows'],
    [{ offset: 1 }, 'ERANGE', 'rows'],
    [{ stride: 4 }, 'EINVAL', 'stride'],
    [{ stride: 6 }, 'ERANGE', 'rows'],
    [{ width: 0 }, 'ERANGE', 'width'],
    [{ width: 32769 }, 'ERANGE', 'width'],
    [{ height: 0 }, 'ERANGE', 'height'],
    [{ height: 2.5 }, 'ERANGE', 'height'],
    [{ cols: -1 }, 'ERANGE', 'cols'],
    [{ rows: 0 }, 'ERANGE', 'height'],  // an empty plane has an empty image
    [{ rows: 'x' }, 'EINVAL', 'rows'],
    [{ rows: undefined }, 'EINVAL', 'rows'],  // a typed array has no shape to default to
    [{ vmin: 2, vmax: 1 }, 'ERANGE', 'vmin'],
    [{ vmax: Infinity }, 'EINVAL', 'vmax'],
    [{ vmin: '0' }, 'EINVAL', 'vmin'],
    [{ map: 'jet' }, 'EINVAL', 'map'],
    [{ offset: 36 }, 'ERANGE', 'offset'],
  ];
  for (const [change, code, param] of cases) {
    throwsWith(() => pe.colormapImage(data, { ...base, ...change }), code, param);
  }
  assert.throws(() => pe.colormapImage(data, { rows: 7, width: 3, height: 3 }),
    (e) => isError('EINVAL', 'cols')(e) && /cols is required/.test(e.message));
  // the messages name the method called, also for the checks colormap() shares
  assert.throws(() => pe.colormapImage(data, { ...base, map: 'jet' }), (e) => /^posenc colormapImage: map = string "jet" is not one of/.test(e.message));
  assert.throws(() => pe.colormapImage([1], base), (e) => /^posenc colormapImage: data is not/.test(e.message));
  assert.throws(() => pe.range([1], { map: 'jet' }), (e) => /^posenc range: data is not/.test(e.message));
  const empty = pe.colormapImage(data, { rows: 0, cols: 5, width: 0, height: 0 });
  assert.equal(empty.data.length, 0);
  empty.free();
});

test('native build (ASan + UBSan): the C function against its own per-pixel reference', (t) => {
  const binary = join(root, 'build/native/posenc-native');
  const skip = buildNative();
  if (skip) return t.skip(skip);
  const r = spawnSync(binary, ['colormap-sample'], { encoding: 'utf8' });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  // every shape of tests/native/colormap_sample.c (48 images, 3,446,668 pixels) for every map, and its
  // 15 refusals; with a scale per column, 36 images and 2,585,001 pixels per map (a change there changes these)
  const maps = pe.colormaps.length;
  assert.equal(r.stdout, `colormap-sample: ${48 * maps} images, ${3446668 * maps} pixels, 15 errors checked\n` +
    `colormap-sample-columns: ${36 * maps} images, ${2585001 * maps} pixels\n`);
});
