// RoPE tables by the shared kernel (c/kernels.c): any row range [offset, offset + positions) equals
// the same rows of the whole table bit for bit (a 2^20-position table can be built in chunks), the
// error stays <= 6e-8 x max(1, attention factor) against float64 up to 2^20, and `step` samples
// rows (positions offset + r step) within the same bound, stepped chunks again bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { throwsWith } from '../errors.js';
import { load } from '../../web/posenc.js';

const pe = await load();

// inv_k as transformers' modeling_rope_utils.py (_compute_default_rope_parameters, _compute_longrope_parameters
// with a given attention_factor), float64.
function invFreq(r, base, scaling) {
  const inv = [];
  for (let k = 0; k < r / 2; k++) {
    const ext = scaling?.rope_type === 'longrope' ? Math.fround(scaling.short_factor[k]) : 1;  // sent as float32
    inv.push(1 / (ext * Math.pow(base, (2 * k) / r)));
  }
  return inv;
}

// Cos and sin rows of position p in the layout, times A (float64).
function refRow(p, inv, layout, A) {
  const h = inv.length, cos = new Float64Array(2 * h), sin = new Float64Array(2 * h);
  for (let k = 0; k < h; k++) {
    const a = p * inv[k];
    const [i, j] = layout === 'gptj' ? [2 * k, 2 * k + 1] : [k, k + h];
    cos[i] = cos[j] = A * Math.cos(a);
    sin[i] = sin[j] = A * Math.sin(a);
  }
  return [cos, sin];
}

// Max abs error of a [2, n, r] table whose row i is position offset + i step.
function maxError(data, n, r, offset, step, inv, layout, A) {
  let worst = 0;
  for (let i = 0; i < n; i++) {
    const [c, s] = refRow(offset + i * step, inv, layout, A);
    for (let j = 0; j < r; j++) {
      worst = Math.max(worst, Math.abs(data[i * r + j] - c[j]), Math.abs(data[(n + i) * r + j] - s[j]));
    }
  }
  return worst;
}

const rope = (params) => pe.compute('rope', params);
const bits = (f) => new Uint32Array(f.buffer, f.byteOffset, f.length);
// rows [a, a + m) of both planes of a [2, n, r] table
const rows = (data, n, r, a, m) => {
  const out = new Float32Array(2 * m * r);
  out.set(data.subarray(a * r, (a + m) * r));
  out.set(data.subarray((n + a) * r, (n + a + m) * r), m * r);
  return out;
};

const longrope = (r, af) => ({
  rope_type: 'longrope', attention_factor: af, original_max_position_embeddings: 4096,
  short_factor: Array.from({ length: r / 2 }, (_, k) => 1 + k / r), long_factor: Array.from({ length: r / 2 }, () => 2),
});

test('chunks equal the whole table bit for bit (both layouts, dims off the SIMD width, attention factor)', () => {
  const offset = -300, n = 3 * 256 + 77;
  const cuts = [0, 1, 44, 45, 255, 256, 299, 300, 301, 556, 557, 811, 812, n];
  for (const layout of ['neox', 'gptj']) {
    for (const dim of [2, 4, 6, 8, 10, 18, 64, 130]) {
      for (const scaling of [undefined, longrope(dim, 1.7)]) {
        const P = { dim, layout, ropeScaling: scaling };
        const whole = rope({ ...P, offset, positions: n }).data;
        for (let i = 0; i + 1 < cuts.length; i++) {
          const [a, b] = [cuts[i], cuts[i + 1]];
          const part = rope({ ...P, offset: offset + a, positions: b - a }).data;
          assert.deepEqual(bits(part), bits(rows(whole, n, dim, a, b - a)), `${layout} dim ${dim} rows [${a}, ${b})`);
        }
      }
    }
  }
});

test('a 1,048,576-position table built in chunks of 65,536 rows equals the same rows computed alone', () => {
  const dim = 64, N = 2 ** 20, chunk = 65536;
  const inv = invFreq(dim, 10000);
  let worst = 0;
  for (let start = 0; start < N; start += chunk) {
    const view = pe.computeView('rope', { dim, positions: chunk, offset: start });
    try {
      // spot rows of the chunk recomputed as tiny tables at their own offsets
      for (const i of [0, 1, 255, 256, 4097, chunk - 1]) {
        const one = rope({ dim, positions: 1, offset: start + i }).data;
        assert.deepEqual(bits(one), bits(rows(view.data, chunk, dim, i, 1)), `position ${start + i}`);
      }
      worst = Math.max(worst, maxError(rows(view.data, chunk, dim, chunk - 300, 300), 300, dim, start + chunk - 300, 1, inv, 'neox', 1));
    } finally {
      view.free();
    }
  }
  assert.ok(worst <= 6e-8, `max abs error ${worst}`);
});

test('max abs error <= 6e-8 x max(1, A) against float64 for positions up to 2^20', () => {
  for (const layout of ['neox', 'gptj']) {
    for (const dim of [2, 6, 8, 64, 128, 130]) {
      for (const A of [1, 0.5, 2.5]) {
        const scaling = A === 1 ? undefined : longrope(dim, A);
        const inv = invFreq(dim, 10000, scaling);
        for (const offset of [0, -700, 2 ** 20 - 600, -(2 ** 20)]) {
          const n = 600;
          const data = rope({ dim, layout, offset, positions: n, ropeScaling: scaling }).data;
          const e = maxError(data, n, dim, offset, 1, inv, layout, A);
          assert.ok(e <= 6e-8 * Math.max(1, A), `${layout} dim ${dim} A ${A} offset ${offset}: ${e}`);
        }
      }
    }
  }
});

test('step k gives every k-th row of the full table (within the bound); stepped chunks are bitwise', () => {
  const dim = 32, inv = invFreq(dim, 10000);
  for (const layout of ['neox', 'gptj']) {
    for (const [offset, step, n] of [[0, 2, 700], [-1000, 3, 500], [12345, 1024, 600], [2 ** 20 - 5000, 7, 600]]) {
      const data = rope({ dim, layout, offset, step, positions: n }).data;
      const full = rope({ dim, layout, offset, positions: (n - 1) * step + 1 }).data;
      const N = (n - 1) * step + 1;
      let diff = 0;
      for (let i = 0; i < n; i++) {
        const want = rows(full, N, dim, i * step, 1), got = rows(data, n, dim, i, 1);
        for (let j = 0; j < want.length; j++) diff = Math.max(diff, Math.abs(want[j] - got[j]));
      }
      assert.ok(diff <= 1.2e-7, `${layout} offset ${offset} step ${step}: differs from the full table's rows by ${diff}`);
      const e = maxError(data, n, dim, offset, step, inv, layout, 1);
      assert.ok(e <= 6e-8, `${layout} offset ${offset} step ${step}: max abs error ${e}`);
      for (const [a, m] of [[0, 1], [1, 300], [255, 2], [301, n - 301]]) {
        const part = rope({ dim, layout, offset: offset + a * step, step, positions: m }).data;
        assert.deepEqual(bits(part), bits(rows(data, n, dim, a, m)), `${layout} step ${step} rows [${a}, +${m})`);
      }
    }
  }
});

test('large offsets and steps: the error is the float64 angle rounding only', () => {
  // At |p| ~ 2^30 the reference's own fl(p w) is off by up to ulp(p w) / 2 (w <= 1): the table may
  // differ from it by that (for its seed's product) plus the float32 rounding and a < 1e-9 drift.
  const dim = 16, inv = invFreq(dim, 10000);
  for (const [offset, step, n] of [[-(2 ** 30), 2 ** 24, 128], [2 ** 30 - 1000000, 999, 1000], [0, 2 ** 13, 2 ** 17 - 1], [-5, 65537, 1000]]) {
    const data = rope({ dim, offset, step, positions: n }).data;
    const last = Math.max(Math.abs(offset), Math.abs(offset + (n - 1) * step));
    const e = maxError(data, n, dim, offset, step, inv, 'neox', 1);
    const bound = 6e-8 + 2 * 2 ** -53 * last;
    assert.ok(e <= bound, `offset ${offset} step ${step}: ${e} > ${bound}`);
  }
});

test('step: the last position beyond ±(2^30 + 2^24) is ERANGE naming step; rope-apply honours step', () => {
  throwsWith(() => rope({ positions: 200, step: 2 ** 24 }), 'ERANGE', 'step');
  throwsWith(() => rope({ positions: 2, offset: -(2 ** 30), step: 2 ** 24 + 1 }), 'ERANGE', 'step');
  assert.equal(rope({ positions: 0, step: 2 ** 24, offset: 2 ** 30 }).data.length, 0);
  throwsWith(() => rope({ positions: 3, offset: 2 ** 30, step: 2 ** 23 + 1 }), 'ERANGE', 'step');
  assert.equal(rope({ positions: 2 ** 10, offset: 2 ** 30, step: 2 ** 14 }).shape[1], 2 ** 10);  // last = 2^30 + 2^24 - 2^14
  // rope-apply with step rotates row i by position offset + i step
  const dim = 8, n = 5, x = new Float32Array(n * dim).map((_, i) => Math.sin(i + 1));
  const y = pe.applyRope(x, { dim, offset: 3, step: 10 });
  const inv = invFreq(dim, 10000);
  for (let i = 0; i < n; i++) {
    const [c, s] = refRow(3 + 10 * i, inv, 'neox', 1);
    for (let k = 0; k < dim / 2; k++) {
      const a = x[i * dim + k], b = x[i * dim + k + dim / 2];
      assert.ok(Math.abs(y[i * dim + k] - (a * c[k] - b * s[k])) <= 1e-6, `row ${i} col ${k}`);
      assert.ok(Math.abs(y[i * dim + k + dim / 2] - (b * c[k] + a * s[k])) <= 1e-6, `row ${i} col ${k + dim / 2}`);
    }
  }
});
