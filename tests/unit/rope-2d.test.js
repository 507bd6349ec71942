// rope-2d (web/docs/multimodal.md) against float64 references written here from the canonical code:
//   qwen-vit  huggingface/transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py
//             (928b5565ecea2852ac5a41701c90589321548522): VisionRotaryEmbedding(head_dim / 2), rot_pos_emb's
//             merge-block order; window order from models/qwen2_5_vl get_window_index (00b676f8f0489b88652a31d70751cc540dd06305);
//   pixtral   transformers models/pixtral/modeling_pixtral.py (4a1e279ebe65c9e7f1b035dd5e47a5c4b48f5087)
//             PixtralRotaryEmbedding (flat ids r * max_patches_per_side + c, rotate_half) and
//             mistralai/mistral-inference src/mistral_inference/rope.py (629631cabae4b251ef6ac853b9f8cfb28cd2f900)
//             precompute_freqs_cis_2d (complex pairs = gptj): the same angles;
//   llama4    transformers models/llama4/modeling_llama4.py Llama4VisionRotaryEmbedding (x = column first,
//             ids from 1, the CLS row masked to angle 0; HF forms the angles in float32, the reference in float64);
//   flux      black-forest-labs/flux src/flux/math.py rope (1c9b6c6bee7c93faa369716c27dd0d9b7dcc7f54) and
//             modules/layers.py EmbedND: per-axis omega = theta^(-arange(0, d, 2)/d), pairs (2k, 2k+1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();

// pair angles of one token: (r, c) grid coordinates, f frame
function angles(style, { dim, base = 10000, axesDim = [16, 56, 56], frameOffset = 0 }, f, r, c) {
  const q = dim / 4, out = [];
  if (style === 'qwen-vit') {
    const inv = (i) => 1 / base ** ((2 * i) / (dim / 2));
    for (let k = 0; k < 2 * q; k++) out.push(k < q ? r * inv(k) : c * inv(k - q));
  } else if (style === 'pixtral') {
    const fr = (n) => 1 / base ** ((2 * n) / dim);
    for (let k = 0; k < 2 * q; k++) out.push(k < q ? r * fr(2 * k) : c * fr(2 * (k - q) + 1));
  } else if (style === 'llama4') {
    const rf = (i) => 1 / base ** ((2 * i) / (dim / 2));
    for (let k = 0; k < 2 * q; k++) out.push(k < q ? (c + 1) * rf(k) : (r + 1) * rf(k - q));
  } else {
    const id = [frameOffset + f, r, c];
    axesDim.forEach((d, a) => { for (let i = 0; i < d / 2; i++) out.push(id[a] / base ** ((2 * i) / d)); });
  }
  return out;
}

// token order -> [f, r, c]
function order(kind, { H, W, F = 1, m = 2, ws = 4 }) {
  const out = [];
  for (let f = 0; f < F; f++) {
    if (kind === 'raster') {
      for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) out.push([f, r, c]);
    } else if (kind === 'merge') {  // hpos.reshape(h/m, m, w/m, m).permute(0, 2, 1, 3)
      for (let br = 0; br < H / m; br++) for (let bc = 0; bc < W / m; bc++) for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) out.push([f, br * m + i, bc * m + j]);
    } else {  // get_window_index: merged grid padded to windows, permuted (t, wr, wc, in-row, in-col), padding dropped
      const gh = H / m, gw = W / m;
      for (let wr = 0; wr < Math.ceil(gh / ws); wr++) for (let wc = 0; wc < Math.ceil(gw / ws); wc++)
        for (let i = 0; i < ws; i++) for (let j = 0; j < ws; j++) {
          const mr = wr * ws + i, mc = wc * ws + j;
          if (mr >= gh || mc >= gw) continue;
          for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) out.push([f, mr * m + a, mc * m + b]);
        }
    }
  }
  return out;
}

function reference(style, p, tokens, { prefix = 0, suffix = 0, gptj }) {
  const dim = p.dim, h = dim / 2, n = prefix + tokens.length + suffix;
  const cos = new Float64Array(n * dim).fill(1), sin = new Float64Array(n * dim);
  tokens.forEach(([f, r, c], t) => {
    const ang = angles(style, p, f, r, c);
    for (let j = 0; j < dim; j++) {
      const k = gptj ? j >> 1 : j % h;
      cos[(prefix + t) * dim + j] = Math.cos(ang[k]);
      sin[(prefix + t) * dim + j] = Math.sin(ang[k]);
    }
  });
  return { cos, sin, n };
}

function check(params, ref, tol = 1.2e-7) {
  const m = pe.compute('rope-2d', params);
  const { n } = ref, d = m.shape[2];
  assert.deepEqual(m.shape, [2, n, d]);
  let e = 0;
  for (let i = 0; i < n * d; i++) e = Math.max(e, Math.abs(m.data[i] - ref.cos[i]), Math.abs(m.data[n * d + i] - ref.sin[i]));
  assert.ok(e < tol, `${JSON.stringify(params)}: ${e}`);
  return m;
}

test('qwen-vit: merge order (default), raster and window orders, frames repeat (r, c)', () => {
  for (const [H, W, F] of [[4, 6, 1], [8, 8, 2], [14, 10, 1]]) {
    check({ height: H, width: W, frames: F }, reference('qwen-vit', { dim: 80 }, order('merge', { H, W, F }), { gptj: false }));
    check({ height: H, width: W, frames: F, order: 'raster', dim: 40 }, reference('qwen-vit', { dim: 40 }, order('raster', { H, W, F }), { gptj: false }));
    for (const ws of [1, 2, 3, 4]) {
      check({ height: H, width: W, frames: F, order: 'window', windowSize: ws },
        reference('qwen-vit', { dim: 80 }, order('window', { H, W, F, ws }), { gptj: false }));
    }
  }
  // Qwen2.5-VL: 112 px windows of 14 px patches merged 2x2: 4 merged tokens per side; grid 36 x 20 clips
  check({ height: 36, width: 20, order: 'window', base: 10000 }, reference('qwen-vit', { dim: 80 }, order('window', { H: 36, W: 20, ws: 4 }), { gptj: false }));
  check({ height: 9, width: 6, order: 'merge', mergeSize: 3, dim: 16 }, reference('qwen-vit', { dim: 16 }, order('merge', { H: 9, W: 6, m: 3 }), { gptj: false }));
});

test('pixtral: HF (flat ids into a max_patches_per_side table, rotate_half) and mistral-inference (complex pairs) give the same angles', () => {
  const H = 5, W = 7, dim = 64, base = 10000, S = 1024 / 16;  // Pixtral-12B: image_size 1024, patch 16, head dim 64
  // HF: inv_freq table over the S x S patch grid, rows indexed by r * S + c, then cat((t, t), -1)
  const freqs = Array.from({ length: dim / 2 }, (_, n) => 1 / base ** ((2 * n) / dim));
  const table = (id) => { const r = Math.floor(id / S), c = id % S; return [...freqs.filter((_, n) => n % 2 === 0).map((f) => r * f), ...freqs.filter((_, n) => n % 2 === 1).map((f) => c * f)]; };
  const hf = pe.compute('rope-2d', { style: 'pixtral', height: H, width: W });
  const mi = pe.compute('rope-2d', { style: 'pixtral', height: H, width: W, layout: 'gptj' });
  for (let r = 0; r < H; r++) for (let c = 0; c < W; c++) {
    const t = r * W + c, ang = table(r * S + c);
    for (let k = 0; k < dim / 2; k++) {
      // HF: columns k and k + dim/2; mistral-inference: columns 2k, 2k + 1
      for (const j of [k, k + dim / 2]) assert.ok(Math.abs(hf.data[t * dim + j] - Math.cos(ang[k])) < 1.2e-7);
      for (const j of [2 * k, 2 * k + 1]) {
        assert.equal(mi.data[t * dim + j], hf.data[t * dim + k]);
        assert.equal(mi.data[H * W * dim + t * dim + j], hf.data[H * W * dim + t * dim + k]);
      }
    }
  }
  check({ style: 'pixtral', height: H, width: W }, reference('pixtral', { dim }, order('raster', { H, W }), { gptj: false }));
});

test('llama4: (c + 1, r + 1), x first, gptj pairs, the CLS row last with angle 0', () => {
  const H = 24, dim = 88;  // Llama 4 vision: 336 px / 14 px patches, head dim 1408 / 16
  const m = check({ style: 'llama4', height: H }, reference('llama4', { dim }, order('raster', { H, W: H }), { gptj: true, suffix: 1 }));
  const last = m.shape[1] - 1;
  for (let j = 0; j < dim; j++) assert.equal(m.data[last * dim + j], 1);
  check({ style: 'llama4', height: 3, width: 5, suffixTokens: 0, base: 500 }, reference('llama4', { dim, base: 500 }, order('raster', { H: 3, W: 5 }), { gptj: true }));
});

test('flux: ids (frameOffset + f, r, c) over axesDim, text tokens first as identity rows; coords', () => {
  check({ style: 'flux', height: 4, width: 6, prefixTokens: 3 }, reference('flux', { dim: 128 }, order('raster', { H: 4, W: 6 }), { gptj: true, prefix: 3 }));
  check({ style: 'flux', height: 3, frames: 2, frameOffset: 1, axesDim: [8, 12, 12], base: 2000 },
    reference('flux', { dim: 32, axesDim: [8, 12, 12], base: 2000, frameOffset: 1 }, order('raster', { H: 3, W: 3, F: 2 }), { gptj: true }));
  // coords: any number of axes, fractional ids
  const coords = [0, 1.5, 2, 3, 0.25, -1, 2, 2, 7];
  const m = pe.compute('rope-2d', { style: 'flux', axesDim: [4, 2, 6], coords });
  const d = 12;
  for (let t = 0; t < 3; t++) {
    const id = coords.slice(3 * t, 3 * t + 3);
    const ang = [...[0, 1].map((i) => id[0] / 10000 ** (2 * i / 4)), id[1], ...[0, 1, 2].map((i) => id[2] / 10000 ** (2 * i / 6))];
    for (let j = 0; j < d; j++) assert.ok(Math.abs(m.data[t * d + j] - Math.cos(ang[j >> 1])) < 1.2e-7);
  }
  // 2-D styles take (row, col) coords: equal to the grid they list
  const grid = order('merge', { H: 4, W: 4 });
  const viaCoords = pe.compute('rope-2d', { coords: grid.flatMap(([, r, c]) => [r, c]) });
  assert.deepEqual(viaCoords.data, pe.compute('rope-2d', { height: 4 }).data);
});

test('errors', () => {
  const t = (params, code, param) => throwsWith(() => pe.compute('rope-2d', params), code, param);
  t({ dim: 42 }, 'ERANGE', 'dim');
  t({ style: 'flux', dim: 64 }, 'ERANGE', 'dim');
  t({ axesDim: [16, 16] }, 'EINVAL', 'axesDim');
  t({ style: 'flux', axesDim: [16, 15, 16] }, 'ERANGE', 'axesDim');
  t({ style: 'flux', axesDim: [] }, 'EINVAL', 'axesDim');
  t({ style: 'flux', axesDim: Array(9).fill(2) }, 'EINVAL', 'axesDim');
  t({ style: 'flux', axesDim: [16, 16] }, 'EINVAL', 'axesDim');
  t({ height: 5 }, 'ERANGE', 'height');
  t({ height: 4, width: 6, mergeSize: 4, order: 'window' }, 'ERANGE', 'width');
  t({ coords: [1, 2], height: 3 }, 'EINVAL', 'height');
  t({ coords: [1, 2], order: 'raster' }, 'EINVAL', 'order');
  t({ coords: [1, 2, 3] }, 'EINVAL', 'coords');
  t({ style: 'flux', coords: [1, 2, 3, 4] }, 'EINVAL', 'coords');
  t({ height: 4096, width: 4096, frames: 2, order: 'raster' }, 'ERANGE', 'height');
  assert.deepEqual(pe.compute('rope-2d', { height: 0, prefixTokens: 2 }).shape, [2, 2, 80]);
});
