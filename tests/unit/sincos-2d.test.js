// sincos-2d (web/docs/multimodal.md) against float64 references written here from
//   facebookresearch/mae util/pos_embed.py (be47fef7a727943547afb0c670cf1b26034c3c89)
//     get_2d_sincos_pos_embed: grid = np.meshgrid(grid_w, grid_h) ('xy': grid[0] holds the column),
//     emb_h = 1d(D/2, grid[0]) first: the half named h encodes the column (the meshgrid quirk);
//     omega = 1 / 10000^(arange(D/4) / (D/4)); [sin | cos] per half; cls_token: a zero row first;
//   huggingface/diffusers src/diffusers/models/embeddings.py get_2d_sincos_pos_embed: base_size and
//     interpolation_scale scale the float32 grid (np.arange(n, dtype=float32) / (n / base_size) /
//     interpolation_scale), extra_tokens zero rows;
//   facebookresearch/moco-v3 vits.py build_2d_sincos_position_embedding: torch.meshgrid 'ij' puts
//     the row in the first half ('hw').
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();
const f32 = Math.fround;

function reference({ height: H, width: W = H, dim: D = 64, base = 10000, cls = 0, axisOrder = 'wh', baseSize = 0, interpolationScale = 1 }) {
  const q = D / 4, out = new Float64Array((cls + H * W) * D);
  const omega = Array.from({ length: q }, (_, k) => 1 / base ** (k / q));
  const scaled = (i, n) => (baseSize > 0 ? f32(f32(i / f32(n / baseSize)) / f32(interpolationScale)) : i);
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < W; c++) {
      const x = scaled(c, W), y = scaled(r, H);
      const [a, b] = axisOrder === 'wh' ? [x, y] : [y, x];
      const row = (cls + r * W + c) * D;
      for (let k = 0; k < q; k++) {
        out[row + k] = Math.sin(a * omega[k]);
        out[row + q + k] = Math.cos(a * omega[k]);
        out[row + 2 * q + k] = Math.sin(b * omega[k]);
        out[row + 3 * q + k] = Math.cos(b * omega[k]);
      }
    }
  }
  return out;
}

function check(params) {
  const m = pe.compute('sincos-2d', params);
  const ref = reference(params);
  assert.equal(m.data.length, ref.length);
  let e = 0;
  for (let i = 0; i < ref.length; i++) e = Math.max(e, Math.abs(m.data[i] - ref[i]));
  assert.ok(e < 6e-8, `${JSON.stringify(params)}: ${e}`);
  return m;
}

test('MAE: 14 x 14 grid, dim 1024, cls row of zeros; the first half encodes the column (meshgrid quirk)', () => {
  const m = check({ height: 14, dim: 1024, cls: 1 });
  for (let j = 0; j < 1024; j++) assert.equal(m.data[j], 0);
  // token (r = 0, c = 1): the first quarter is sin(1 * omega), the third sin(0) = 0
  assert.equal(m.data[2 * 1024 + 0], f32(Math.sin(1)));
  assert.equal(m.data[2 * 1024 + 512], 0);
  // token (r = 1, c = 0): the other way round
  assert.equal(m.data[(1 + 14) * 1024 + 0], 0);
  assert.equal(m.data[(1 + 14) * 1024 + 512], f32(Math.sin(1)));
});

test('non-square grids, dims, bases; MoCo v3 hw = wh with the halves swapped', () => {
  for (const [height, width] of [[3, 5], [7, 2], [1, 1], [0, 4]]) {
    for (const dim of [4, 8, 64, 96]) {
      check({ height, width, dim });
      check({ height, width, dim, axisOrder: 'hw', base: 100 });
      const a = pe.compute('sincos-2d', { height, width, dim }).data, b = pe.compute('sincos-2d', { height, width, dim, axisOrder: 'hw' }).data;
      const h = dim / 2;
      for (let t = 0; t < height * width; t++) {
        for (let j = 0; j < h; j++) {
          // swapping the halves of 'wh' at (r, c) gives 'hw' at (r, c)
          assert.equal(b[t * dim + j], a[t * dim + h + j]);
        }
      }
    }
  }
});

test('diffusers base_size and interpolation_scale (PixArt: base 64 / 2 = 32, scale 1 and 2), extra tokens', () => {
  check({ height: 64, dim: 32, baseSize: 32, interpolationScale: 2 });
  check({ height: 48, width: 80, dim: 16, baseSize: 32, interpolationScale: 1, cls: 2 });
  check({ height: 7, width: 3, dim: 8, baseSize: 5, interpolationScale: 0.7 });
  // baseSize = height: the plain grid
  assert.deepEqual(pe.compute('sincos-2d', { height: 8, dim: 16, baseSize: 8 }).data, pe.compute('sincos-2d', { height: 8, dim: 16 }).data);
});

test('errors', () => {
  throwsWith(() => pe.compute('sincos-2d', { dim: 66 }), 'ERANGE', 'dim');
  throwsWith(() => pe.compute('sincos-2d', { height: 8192 }), 'ERANGE', 'height');
  throwsWith(() => pe.compute('sincos-2d', { interpolationScale: 0 }), 'ERANGE', 'interpolationScale');
  throwsWith(() => pe.compute('sincos-2d', { axisOrder: 'xy' }), 'EINVAL', 'axisOrder');
});
