// The colormap's SIMD loops (c/colormap.c: 8 values per step in wasm, scalar tails) against the
// scalar rule of posenc.h (tests/colormap-reference.js) and the table read through pe.colormapLUT.
// Random data with specials, boundary values, every map, float32 and int32, unaligned planes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mulberry32 as rng } from '../random.js';  // seeded: the same cases on every run
import { refRange, refPixels } from '../colormap-reference.js';
import { load } from '../../web/posenc.js';

const pe = await load();


function firstDiff(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

// Values around [lo, hi]: uniform, the 257 exact bin edges in float32 and their neighbours, zeros,
// outliers, specials with probability pSpecial.
function floatData(r, n, lo, hi, pSpecial) {
  const a = new Float32Array(n), bits = new Uint32Array(a.buffer);
  const f = new Float32Array(1), u = new Uint32Array(f.buffer);
  for (let i = 0; i < n; i++) {
    const k = r();
    // NaNs with payloads (written as bits: a JS number would be canonicalised): the SIMD path must
    // not index the colour table with them
    if (k < pSpecial / 4) bits[i] = [0x7fffffff, 0xffffffff, 0x7f800001, 0xffe00007][Math.floor(r() * 4)];
    else if (k < pSpecial) a[i] = [NaN, -Infinity, Infinity][Math.floor(r() * 3)];
    else if (k < 0.3) {
      f[0] = lo + ((hi - lo) * Math.floor(r() * 257)) / 256;  // a bin edge, then maybe one ulp off
      if (r() < 0.5 && f[0] !== 0) u[0] += r() < 0.5 ? 1 : -1;
      a[i] = f[0];
    } else if (k < 0.33) a[i] = [0, -0, 3e38, -3e38, 1e-40, -1e-40][Math.floor(r() * 6)];
    else a[i] = lo - (hi - lo) * 0.1 + r() * (hi - lo) * 1.2;
  }
  return a;
}

const LIMITS = [
  [-1, 1], [0, 1], [-0.3, 0.7], [1000, 1001], [-1e-3, 2e-3], [-5e30, 1e31], [3, 3], [-2, -2],
  [0, 1e-320], [-1e308, 1e308], [-7.25, 13.5],
];

test('float32: SIMD output equals the scalar rule (every map, given and automatic limits, specials)', () => {
  const r = rng(1);
  let cases = 0;
  const seen = { nan: 0, negInf: 0, posInf: 0 };
  for (const map of pe.colormaps) {
    const lut = pe.colormapLUT(map.name);
    for (const [lo, hi] of LIMITS) {
      for (const n of [1, 7, 8, 9, 16, 31, 1000, 4099]) {
        const pSpecial = [0, 0.001, 0.3][cases % 3];
        const data = floatData(r, n, lo === hi ? lo - 1 : lo, lo === hi ? hi + 1 : hi, pSpecial);
        for (const given of [true, false]) {
          const img = pe.colormap(data, { map: map.name, ...(given ? { vmin: lo, vmax: hi } : {}) });
          const ref = refRange(data, map.centred);
          for (const k in seen) seen[k] += ref[k];
          const [vmin, vmax] = given ? [lo, hi] : [ref.lo, ref.hi];
          assert.deepEqual([img.vmin + 0, img.vmax + 0], [vmin + 0, vmax + 0]);  // a zero limit's sign: unspecified
          const want = refPixels(data, lut, vmin, vmax);
          const i = firstDiff(img.data, want);
          assert.equal(i, -1, `${map.name} [${vmin}, ${vmax}] n=${n}: pixel ${i >> 2} (value ${data[i >> 2]}) ` +
            `is ${[...img.data.subarray(i & ~3, (i & ~3) + 4)]}, want ${[...want.subarray(i & ~3, (i & ~3) + 4)]}`);
          img.free();
          cases++;
        }
      }
    }
  }
  assert.equal(cases, 4 * LIMITS.length * 8 * 2);
  for (const k in seen) assert.ok(seen[k] > 100, `${k}: ${seen[k]} values`);
});

test('int32: SIMD output equals the scalar rule (extremes, given and automatic limits)', () => {
  const r = rng(2);
  const lut = pe.colormapLUT('viridis');
  for (const [lo, hi] of [[-2147483648, 2147483647], [0, 255], [-50, 50], [7, 7], [1, 99]]) {
    for (const n of [3, 8, 13, 2048 + 5]) {
      const data = Int32Array.from({ length: n }, () => {
        const k = r();
        if (k < 0.05) return [-2147483648, 2147483647, 0][Math.floor(r() * 3)];
        return Math.round(lo - (hi - lo) * 0.1 + r() * (hi - lo) * 1.2);
      });
      for (const given of [true, false]) {
        const img = pe.colormap(data, { map: 'viridis', ...(given ? { vmin: lo, vmax: hi } : {}) });
        const ref = refRange(data, false);
        const [vmin, vmax] = given ? [lo, hi] : [ref.lo, ref.hi];
        assert.deepEqual([img.vmin + 0, img.vmax + 0], [vmin + 0, vmax + 0]);
        assert.equal(firstDiff(img.data, refPixels(data, lut, vmin, vmax)), -1, `[${vmin}, ${vmax}] n=${n}`);
        img.free();
      }
    }
  }
});

test('planes at every alignment: offset/count select the same pixels as a copy, range agrees', () => {
  const r = rng(3);
  const data = floatData(r, 257, -1, 1, 0.05);
  const lut = pe.colormapLUT('coolwarm');
  for (let offset = 0; offset < 9; offset++) {
    for (const count of [0, 1, 8, 17, 257 - offset]) {
      const part = data.subarray(offset, offset + count);
      const ref = refRange(part, false);
      const got = pe.range(data, { offset, count });
      assert.deepEqual({ ...got, min: got.min + 0, max: got.max + 0 },  // + 0: a zero's sign is not specified
        { ...ref, min: ref.min + 0, max: ref.max + 0 }, `offset ${offset} count ${count}`);
      const img = pe.colormap(data, { map: 'coolwarm', offset, count });
      assert.equal(firstDiff(img.data, refPixels(part, lut, ref.lo, ref.hi)), -1, `offset ${offset} count ${count}`);
      img.free();
    }
  }
});

test('range over long random tables: min/max of the finite values and every count', () => {
  const r = rng(4);
  for (const pSpecial of [0, 0.01, 0.5, 1]) {
    for (const n of [5, 4096, 100003]) {
      const data = floatData(r, n, -3, 5, pSpecial);
      const got = pe.range(data, { map: 'rdbu' });
      const ref = refRange(data, true);
      assert.deepEqual({ ...got, min: got.min + 0, max: got.max + 0, lo: got.lo + 0 },
        { ...ref, min: ref.min + 0, max: ref.max + 0, lo: ref.lo + 0 }, `n=${n} pSpecial=${pSpecial}`);
      // the data holds what the case is about: every kind of special, or none but specials
      if (pSpecial > 0 && n >= 4096) assert.ok(ref.nan > 0 && ref.negInf > 0 && ref.posInf > 0, `n=${n} pSpecial=${pSpecial}`);
      if (pSpecial === 1) assert.equal(ref.finite, 0);
    }
  }
});
