// rope-2d-order: the row of rope-2d's table that each grid cell (frame, row, column) is.
// Merge order written here from huggingface/transformers
// src/transformers/models/qwen2_vl/modeling_qwen2_vl.py (928b5565ecea2852ac5a41701c90589321548522)
// rot_pos_emb: hpos/wpos reshaped (h/m, m, w/m, m), permute(0, 2, 1, 3), flatten. Every order is also
// checked against rope-2d itself: the row the cell names holds the cell's raster-order values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();
const order = (p) => pe.compute('rope-2d-order', p);

// rot_pos_emb's token order: token k at (r, c); returned as cell -> k
function mergeOrder(h, w, m) {
  const cell = Array(h * w);
  let k = 0;
  for (let br = 0; br < h / m; br++) for (let bc = 0; bc < w / m; bc++)
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) cell[(br * m + i) * w + bc * m + j] = k++;
  return cell;
}

test('raster is the identity; merge is Qwen rot_pos_emb\'s order', () => {
  const r = order({ height: 3, width: 5, order: 'raster', style: 'pixtral' });
  assert.deepEqual(r.shape, [1, 3, 5]);
  assert.equal(r.dtype, 'int32');
  assert.deepEqual(Array.from(r.data), Array.from({ length: 15 }, (_, i) => i));
  assert.deepEqual(Array.from(order({ height: 4, width: 6 }).data), mergeOrder(4, 6, 2));
  // info.order: the order used, auto resolved (merge for qwen-vit, raster otherwise), as an index of the choices
  const choices = pe.kinds.find((k) => k.name === 'rope-2d-order').params.find((p) => p.name === 'order').choices;
  assert.equal(choices[order({ height: 4 }).info.order], 'merge');
  assert.equal(choices[order({ height: 4, style: 'llama4' }).info.order], 'raster');
  assert.equal(choices[order({ height: 4, style: 'pixtral', order: 'window' }).info.order], 'window');
  assert.deepEqual(Array.from(order({ height: 6, width: 9, mergeSize: 3 }).data), mergeOrder(6, 9, 3));
});

test('prefix rows shift the grid; frames stack', () => {
  assert.deepEqual(Array.from(order({ style: 'llama4', height: 2, prefixTokens: 3 }).data), [3, 4, 5, 6]);
  const f = order({ style: 'pixtral', height: 2, width: 2, frames: 3 });
  assert.deepEqual(f.shape, [3, 2, 2]);
  assert.deepEqual(Array.from(f.data), Array.from({ length: 12 }, (_, i) => i));
});

test('every order names the row of rope-2d that holds the cell\'s values', () => {
  for (const p of [{ height: 8, width: 12, order: 'window', windowSize: 2 }, { height: 10, width: 6, order: 'window', windowSize: 2 },
    { height: 4, width: 6, frames: 2 }, { style: 'flux', height: 4, width: 2, prefixTokens: 2, order: 'merge' }]) {
    const o = order(p).data;
    const t = pe.compute('rope-2d', p), raster = pe.compute('rope-2d', { ...p, order: 'raster' });
    const [, n, d] = t.shape;
    const pre = p.prefixTokens ?? 0;
    assert.equal(new Set(o).size, o.length, 'a permutation');
    for (let cell = 0; cell < o.length; cell++) {
      for (const part of [0, 1]) {
        const a = t.data.subarray((part * n + o[cell]) * d, (part * n + o[cell] + 1) * d);
        const b = raster.data.subarray((part * n + pre + cell) * d, (part * n + pre + cell + 1) * d);
        assert.deepEqual(a, b, `${JSON.stringify(p)} cell ${cell}`);
      }
    }
  }
});

test('errors: coords have no grid; rope-2d\'s own checks', () => {
  assert.throws(() => order({ coords: [0, 0, 1, 1] }), isError('EINVAL', 'coords'));
  assert.throws(() => order({ height: 5, order: 'merge' }), isError('ERANGE', 'height'));
  assert.equal(order({ height: 2 }).data.length, 4);
});
