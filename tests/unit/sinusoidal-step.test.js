// sinusoidal `step`: row r is position offset + r step (sampling a long table at screen resolution).
// Every k-th row of the full table within the error bound, stepped chunks bit for bit, fairseq's
// padding row where its position falls, the float64 bound at large offsets and steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { VARIANTS, reference } from '../sinusoidal-reference.js';
import { throwsWith } from '../errors.js';

const pe = await load();
const table = (params) => pe.compute('sinusoidal', params).data;
const bits = (f) => new Uint32Array(f.buffer, f.byteOffset, f.length);

function maxError(variant, dim, offset, step, data, paddingIdx) {
  let worst = 0;
  for (let r = 0; r < data.length / dim; r++) {
    const ref = reference(variant, dim, offset + r * step, 10000, paddingIdx);
    for (let c = 0; c < dim; c++) worst = Math.max(worst, Math.abs(data[r * dim + c] - ref[c]));
  }
  return worst;
}

test('step k equals every k-th row of the full table within 6e-8; stepped chunks are bitwise', () => {
  for (const variant of VARIANTS) {
    for (const dim of [6, 9, 64]) {
      if (variant === 'scaled' && dim % 2) continue;
      for (const [offset, step, n] of [[0, 2, 600], [-777, 5, 400], [2 ** 20 - 4000, 13, 300], [3, 4096, 256]]) {
        const P = { variant, dim, paddingIdx: -1 };
        const data = table({ ...P, offset, step, positions: n });
        const N = (n - 1) * step + 1, full = table({ ...P, offset, positions: N });
        let diff = 0;
        for (let r = 0; r < n; r++)
          for (let c = 0; c < dim; c++) diff = Math.max(diff, Math.abs(data[r * dim + c] - full[r * step * dim + c]));
        assert.ok(diff <= 1.2e-7, `${variant} dim ${dim} step ${step}: ${diff} from the full table`);
        const e = maxError(variant, dim, offset, step, data, -1);
        assert.ok(e <= 6e-8, `${variant} dim ${dim} offset ${offset} step ${step}: max abs error ${e}`);
        for (const [a, m] of [[0, 1], [1, 100], [100, n - 100], [n - 1, 1]]) {
          const part = table({ ...P, offset: offset + a * step, step, positions: m });
          assert.deepEqual(bits(part), bits(data.subarray(a * dim, (a + m) * dim)), `${variant} dim ${dim} step ${step} [${a}, +${m})`);
        }
      }
    }
  }
});

test('step 1 is the plain table, bit for bit', () => {
  for (const variant of VARIANTS) {
    const P = { variant, dim: 32, offset: -100, positions: 700 };
    assert.deepEqual(bits(table({ ...P, step: 1 })), bits(table(P)), variant);
  }
});

test('fairseq: the padding row is zero only where a sampled position equals paddingIdx', () => {
  const dim = 8;
  const hit = table({ variant: 'fairseq', dim, offset: -9, step: 5, positions: 4, paddingIdx: 6 });  // -9, -4, 1, 6
  assert.deepEqual([...hit.subarray(3 * dim, 4 * dim)], new Array(dim).fill(0));
  assert.ok(hit.subarray(2 * dim, 3 * dim).some((v) => v !== 0));
  const miss = table({ variant: 'fairseq', dim, offset: -9, step: 5, positions: 4, paddingIdx: 7 });
  for (let r = 0; r < 4; r++) assert.ok(miss.subarray(r * dim, (r + 1) * dim).some((v) => v !== 0), `row ${r}`);
  const none = table({ variant: 'fairseq', dim, offset: -9, step: 1, positions: 20, paddingIdx: -1 });
  for (let r = 0; r < 20; r++) assert.ok(none.subarray(r * dim, (r + 1) * dim).some((v) => v !== 0), `row ${r}`);
});

test('large offsets and steps: within 6e-8 plus the float64 angle rounding; beyond ±(2^30 + 2^24) is ERANGE on step', () => {
  const dim = 16;
  for (const variant of VARIANTS) {
    for (const [offset, step, n] of [[-(2 ** 30), 2 ** 24, 128], [2 ** 30 - 5000000, 4999, 1000], [0, 2 ** 24 - 1, 64], [7, 65537, 1000]]) {
      const data = table({ variant, dim, offset, step, positions: n, paddingIdx: -1 });
      const last = Math.max(Math.abs(offset), Math.abs(offset + (n - 1) * step));
      const e = maxError(variant, dim, offset, step, data, -1), bound = 6e-8 + 2 * 2 ** -53 * last;
      assert.ok(e <= bound, `${variant} offset ${offset} step ${step}: ${e} > ${bound}`);
    }
  }
  // the last row exactly at 2^30 + 2^24 is allowed, 2 past it is not (offsets stop at -2^30, so
  // rows with step >= 1 cannot pass the negative limit)
  assert.equal(table({ positions: 3, offset: 2 ** 30, step: 2 ** 23, dim }).length, 3 * dim);
  throwsWith(() => table({ positions: 3, offset: 2 ** 30, step: 2 ** 23 + 1 }), 'ERANGE', 'step');
  throwsWith(() => table({ positions: 130, offset: 2 ** 30, step: 2 ** 23 }), 'ERANGE', 'step');
  throwsWith(() => table({ positions: 1, step: 2 ** 24 + 1 }), 'ERANGE', 'step');
  throwsWith(() => table({ positions: 1, step: 0 }), 'ERANGE', 'step');
});
