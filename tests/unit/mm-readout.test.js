// The words of the multimodal readout (web/views/segments.js, no DOM): a pad's block, frame and cell,
// and why the first text token after an image or video starts where it does, from C's mrope-blocks
// and the ids of mrope-positions. The ids are those of transformers' get_rope_index
// (huggingface/transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py at
// 928b5565ecea2852ac5a41701c90589321548522; qwen3_vl/modeling_qwen3_vl.py at
// 68a7b7e272a36928120316249af3ee3cac595818), checked in tests/unit/mrope-positions.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { mropeBlocks, mropeSegments } from '../../web/views/segments.js';

const pe = await load();
// the plane a view reads: the [3, tokens] ids
const planeOf = (params) => {
  const m = pe.compute('mrope-positions', params);
  return { cols: m.shape[1], offset: 0, view: { data: m.data } };
};
const words = (params) => {
  const band = mropeSegments(pe, params, planeOf(params));
  return (col) => band.readout(0, col);
};

test('Qwen2.5-VL preset: pads name their block and cell; text after a block says 1 + the largest id', () => {
  const read = words({ sequence: 'text:5 image:1x8x12 text:4 video:3x4x4@1 text:6', model: 'qwen2.5-vl' });
  assert.equal(read(0), 'token 0 (text): t 0, h 0, w 0');
  assert.equal(read(12), 'token 12 (image): t 5, h 6, w 6 · image 0, patch row 1, column 1 of 4 × 6');
  assert.equal(read(29), 'token 29 (text): t 11, h 11, w 11 · text after image 0: starts at 11 = 1 + the largest id so far, 10 (the image\'s last column\'s w)');
  assert.equal(read(30), 'token 30 (text): t 12, h 12, w 12');
  assert.equal(read(43), 'token 43 (video): t 19, h 16, w 15 · video 1, frame 2 of 3, patch row 1, column 0 of 2 × 2');
  assert.equal(read(45), 'token 45 (text): t 20, h 20, w 20 · text after video 1: starts at 20 = 1 + the largest id so far, 19 (the video\'s last frame\'s t)');
});

test('advance grid: the text after a block starts at its first h id + max(H, W)/m', () => {
  // docstring video (tokensPerSecond 25, 2 s per temporal patch): t 1, 51, 101; grid rule: 1 + 2 = 3
  const read = words({ sequence: 'text:1 video:3x4x4@2 text:5', model: 'qwen2.5-vl', tokensPerSecond: 25, advance: 'grid' });
  assert.equal(read(13), 'token 13 (text): t 3, h 3, w 3 · text after video 0: starts at 3 = the video\'s first h id 1 + max(2, 2) (advance \'grid\')');
});

test('qwen3-vl: the gap text after each frame starts after that frame', () => {
  // frames of 2 x 2 at ids 4, 13, 22 with 7 text tokens between (web/docs/multimodal.md, its table of sequences)
  const params = { sequence: 'text:4 video:3x4x4/7 text:2', model: 'qwen3-vl' };
  const read = words(params);
  assert.equal(read(8), 'token 8 (text): t 6, h 6, w 6 · text after video 0: starts at 6 = 1 + the largest id so far, 5 (the video\'s last row\'s h)');
  assert.equal(read(15), 'token 15 (video): t 13, h 13, w 13 · video 0, frame 1 of 3, patch row 0, column 0 of 2 × 2');
  const b = mropeBlocks(pe, params);
  assert.deepEqual(b.blocks, [{ index: 0, kind: 2, count: 3, row: 0, first: 4, last: 29 }]);
  assert.deepEqual(b.at(27), { frame: b.frame(b.blocks[0], 2), row: 0, col: 1 });
  assert.equal(b.at(14), null, 'gap text is in no block');
});

test('the heatmap names mrope-positions rows t, h, w, and keeps indices and stepped positions elsewhere', async () => {
  const { rowNameOf } = await import('../../web/views/heatmap.js');
  const { computePlane } = await import('../../web/views/plane.js');
  const names = (kind, params, rows) => {
    const p = computePlane(pe, { kind, params });
    try {
      return Array.from({ length: rows }, (_, r) => rowNameOf(p)(r));
    } finally {
      p.free();
    }
  };
  assert.deepEqual(names('mrope-positions', { sequence: 'text:4 image:1x4x4' }, 3), ['t', 'h', 'w']);
  assert.deepEqual(names('sinusoidal', { positions: 4, dim: 8 }, 3), [0, 1, 2]);
  assert.deepEqual(names('rope-decay', { dim: 16, offset: 10, step: 5, distances: 4 }, 3), [10, 15, 20]);
});

test("mrope-blocks' columns have a name each (the views' labels), as many as C writes", async () => {
  const { axisEntry, hasEntries } = await import('../../web/views/axes.js');
  const b = pe.compute('mrope-blocks', { sequence: 'text:4 video:3x4x4@1 text:3', model: 'qwen2.5-vl' });
  assert.ok(hasEntries('field'));
  const names = Array.from({ length: b.shape[1] }, (_, i) => axisEntry('field', i));
  assert.equal(new Set(names).size, b.shape[1]);
  assert.ok(names.every((n) => !/^\d+$/.test(n)), names.join());
  assert.equal(axisEntry('field', b.shape[1]), String(b.shape[1]));  // one past: no name, the index
  // the named fields hold what they say: frame 1 of 3 of video 0 starts at token 8 with a 2 x 2 grid
  const row = (f) => Object.fromEntries(names.map((n, i) => [n, b.data[f * b.shape[1] + i]]));
  assert.deepEqual(row(1), { segment: 0, kind: 2, frame: 1, frames: 3, first: 8, height: 2, width: 2, next: 9, max: 8 });
});
