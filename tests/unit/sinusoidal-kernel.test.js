// The sinusoidal kernel (c/kernels.c): the angle-addition recurrence seeded every PE__SC_BLOCK
// (256) positions. Row ranges are independent (any [offset, offset + positions) equals the same rows
// of a larger table, bit for bit, wherever it starts relative to the seeds), and the error against
// the float64 formula stays within 6e-8 for every variant and dim, far from the origin too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { VARIANTS, allowed, reference } from '../sinusoidal-reference.js';

const pe = await load();
const BLOCK = 256;

function maxError(variant, dim, offset, data, base) {
  let worst = 0;
  for (let r = 0; r < data.length / dim; r++) {
    const ref = reference(variant, dim, offset + r, base);
    for (let c = 0; c < dim; c++) worst = Math.max(worst, Math.abs(data[r * dim + c] - ref[c]));
  }
  return worst;
}

const table = (variant, dim, offset, positions, extra = {}) =>
  pe.compute('sinusoidal', { variant, dim, offset, positions, ...extra }).data;

test('any row range equals the same rows of the whole table, bit for bit', () => {
  // Cuts before, on and after seed positions (multiples of 256), across 0, single rows, empty.
  const offset = -300, positions = 3 * BLOCK + 77;
  const cuts = [0, 1, 44, 45, 255, 256, 299, 300, 301, 555, 556, 557, 811, 812, positions];
  for (const variant of VARIANTS) {
    for (const dim of [1, 4, 5, 7, 8, 9, 16, 17, 30, 66, 131]) {
      if (!allowed(variant, dim)) continue;
      const whole = table(variant, dim, offset, positions, { paddingIdx: 3 });
      for (let i = 0; i + 1 < cuts.length; i++) {
        const [a, b] = [cuts[i], cuts[i + 1]];
        const part = table(variant, dim, offset + a, b - a, { paddingIdx: 3 });
        assert.deepEqual(new Uint32Array(part.buffer), new Uint32Array(whole.buffer, a * dim * 4, (b - a) * dim),
          `${variant} dim ${dim}: rows [${a}, ${b})`);
      }
    }
  }
});

test('chunks of a long table far from the origin equal the whole (1M-position region)', () => {
  const dim = 64, offset = 2 ** 20 - 1000, positions = 2000;
  for (const variant of VARIANTS) {
    const whole = table(variant, dim, offset, positions);
    for (const [a, n] of [[0, 1], [1, 300], [301, 700], [1001, 999], [1999, 1], [1000, 1]]) {
      const part = table(variant, dim, offset + a, n);
      assert.deepEqual(new Uint32Array(part.buffer), new Uint32Array(whole.buffer, a * dim * 4, n * dim), `${variant} [${a}, +${n})`);
    }
  }
});

test('max abs error <= 6e-8 against float64 for every variant and dim, near 0 and around ±2^20', () => {
  for (const variant of VARIANTS) {
    for (const dim of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 31, 32, 33, 64, 65, 127, 128, 512, 513]) {
      if (!allowed(variant, dim)) continue;
      for (const offset of [0, -700, 2 ** 20 - 300, 2 ** 20 + 1, -(2 ** 20) - 77]) {
        const positions = dim > 128 ? 40 : 600;  // crosses seed positions either way
        const e = maxError(variant, dim, offset, table(variant, dim, offset, positions));
        assert.ok(e <= 6e-8, `${variant} dim ${dim} offset ${offset}: max abs error ${e}`);
      }
    }
  }
});

test('max abs error <= 6e-8 at 2^24 and for other bases', () => {
  for (const variant of VARIANTS) {
    for (const [base, offset] of [[10000, 2 ** 24 - 200], [10000, -(2 ** 24)], [1, 999], [2, 12345], [1e6, 2 ** 20], [1e12, 777]]) {
      const dim = 48;
      const data = pe.compute('sinusoidal', { variant, dim, offset, positions: 300, base }).data;
      const e = maxError(variant, dim, offset, data, base);
      assert.ok(e <= 6e-8, `${variant} base ${base} offset ${offset}: max abs error ${e}`);
    }
  }
});

test('near the largest offset the error is the float64 angle rounding only', () => {
  // At p ~ 2^30 the reference's own angle fl(p w) is off by up to ulp(p w) / 2 (1.2e-7 for w = 1):
  // the kernel may differ from it by that plus the float32 rounding, and no more.
  const dim = 32, positions = 600, offset = 2 ** 30 - positions;
  for (const variant of VARIANTS) {
    const e = maxError(variant, dim, offset, table(variant, dim, offset, positions));
    const bound = 6e-8 + 2 * 2 ** -53 * 2 ** 30;
    assert.ok(e <= bound, `${variant}: max abs error ${e} > ${bound}`);
  }
});

test('the widest rows (dim 65536 and 65535) are exact and chunk-independent', () => {
  for (const [variant, dim] of [['vaswani', 65535], ['tensor2tensor', 65535], ['marian', 65535], ['scaled', 65536], ['fairseq', 65536]]) {
    const offset = 250;  // rows 250..257 cross a seed position
    const whole = table(variant, dim, offset, 8);
    const e = maxError(variant, dim, offset, whole);
    assert.ok(e <= 6e-8, `${variant} dim ${dim}: max abs error ${e}`);
    const part = table(variant, dim, offset + 5, 3);
    assert.deepEqual(new Uint32Array(part.buffer), new Uint32Array(whole.buffer, 5 * dim * 4, 3 * dim), `${variant} dim ${dim}`);
  }
});

test('computeView gives the same values as compute', () => {
  for (const variant of VARIANTS) {
    const params = { variant, dim: 130, positions: 517, offset: -3 };
    const copy = pe.compute('sinusoidal', params).data;
    const view = pe.computeView('sinusoidal', params);
    try {
      assert.deepEqual(new Uint32Array(view.data.slice().buffer), new Uint32Array(copy.buffer), variant);
    } finally {
      view.free();
    }
  }
});
