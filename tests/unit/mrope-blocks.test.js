// mrope-blocks: one row per frame of each image and video of mrope-positions' prompt: segment, kind,
// frame, frames, first token, merged height and width, the next segment's start id and the largest id
// so far. References are written here from mrope-positions' rules (web/docs/multimodal.md) and transformers'
// get_rope_index (huggingface/transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py at
// 928b5565ecea2852ac5a41701c90589321548522: a block of (T, H/m, W/m) pads, text after it from
// 1 + the largest id; qwen3_vl/modeling_qwen3_vl.py at 68a7b7e272a36928120316249af3ee3cac595818: each
// video frame its own (1, H, W) block with the timestamp text between), and checked against the ids
// mrope-positions computes: every row's cells are the pads whose h and w ids run over the grid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();
const FIELDS = ['segment', 'kind', 'frame', 'frames', 'first', 'height', 'width', 'next', 'max'];
const rows = (params) => {
  const r = pe.compute('mrope-blocks', params);
  assert.equal(r.dtype, 'int32');
  assert.equal(r.shape[1], FIELDS.length);
  return Array.from({ length: r.shape[0] }, (_, i) => Object.fromEntries(FIELDS.map((f, j) => [f, r.data[i * FIELDS.length + j]])));
};

test('Qwen2-VL docstring layout: one image of 4 x 6 merged patches at token 5; text resumes at 11', () => {
  // ids: text 0..4, image (5, 5..8, 5..10), text 11..14
  assert.deepEqual(rows({ sequence: 'text:5 image:1x8x12 text:4' }),
    [{ segment: 0, kind: 1, frame: 0, frames: 1, first: 5, height: 4, width: 6, next: 11, max: 10 }]);
});

test('Qwen2.5-VL preset: an image, then a video of three 2 x 2 frames whose t ids step by 2', () => {
  const got = rows({ sequence: 'text:5 image:1x8x12 text:4 video:3x4x4@1 text:6', model: 'qwen2.5-vl' });
  const video = { segment: 1, kind: 2, frames: 3, height: 2, width: 2, next: 20, max: 19 };
  // the video starts at 15 (after text 11..14); t ids 15, 17, 19 (1 s per temporal patch, 2 tokens per second)
  assert.deepEqual(got, [
    { segment: 0, kind: 1, frame: 0, frames: 1, first: 5, height: 4, width: 6, next: 11, max: 10 },
    { ...video, frame: 0, first: 33 }, { ...video, frame: 1, first: 37 }, { ...video, frame: 2, first: 41 },
  ].map((r) => Object.fromEntries(FIELDS.map((f) => [f, r[f]]))));
  // the transformers docstring video: tokensPerSecond 25, 2 s per temporal patch: t 1, 51, 101, text 102
  const d = rows({ sequence: 'text:1 video:3x4x4@2 text:5', model: 'qwen2.5-vl', tokensPerSecond: 25 });
  assert.deepEqual(d.map((r) => [r.first, r.next, r.max]), [[1, 102, 101], [5, 102, 101], [9, 102, 101]]);
  // advance 'grid' (transformers 5.x): the next segment starts at the block start + max(H, W)/m
  const g = rows({ sequence: 'text:1 video:3x4x4@2 text:5', model: 'qwen2.5-vl', tokensPerSecond: 25, advance: 'grid' });
  assert.deepEqual(g.map((r) => [r.next, r.max]), [[3, 101], [3, 101], [3, 101]]);
});

test('qwen3-vl video: each frame its own block, with the gap text between frames', () => {
  // frames at 4, 13, 22 (web/docs/multimodal.md, its table of sequences): each 2 x 2, the gap of 7 starting at 1 + the frame's max
  const got = rows({ sequence: 'text:4 video:3x4x4/7 text:2', model: 'qwen3-vl' });
  assert.deepEqual(got.map((r) => [r.segment, r.kind, r.frame, r.frames, r.first, r.height, r.width, r.next, r.max]), [
    [0, 2, 0, 3, 4, 2, 2, 6, 5], [0, 2, 1, 3, 15, 2, 2, 15, 14], [0, 2, 2, 3, 26, 2, 2, 24, 23]]);
});

test('every row is a block of mrope-positions\' ids: h, w run over the grid, one t per frame', () => {
  const cases = [
    ['text:2 image:1x4x4 text:1 video:5x2x6 text:3 image:2x6x2', 'qwen2-vl', 2],
    ['text:2 image:1x4x4 text:1 video:5x2x6@2.5 text:3', 'qwen2.5-vl', 2],
    ['text:2 image:1x4x4 text:1 video:5x2x6/2,1,3,1 text:3', 'qwen3-vl', 2],
    ['text:1 image:1x3x5 text:2 video:2x3x1', 'qwen2-vl', 1],
  ];
  for (const [sequence, model, spatialMergeSize] of cases) {
    for (const advance of ['max', 'grid']) {
      const params = { sequence, model, advance, spatialMergeSize };
      const m = pe.compute('mrope-positions', params);
      const n = m.shape[1];
      const id = (a, i) => m.data[a * n + i];
      const segs = pe.compute('mrope-segments', params).data;
      const got = rows(params);
      const covered = new Set();
      for (const b of got) {
        const s = id(1, b.first);
        for (let r = 0; r < b.height; r++) {
          for (let c = 0; c < b.width; c++) {
            const i = b.first + r * b.width + c;
            covered.add(i);
            assert.equal(segs[i], b.kind, `${sequence} token ${i}`);
            assert.deepEqual([id(0, i), id(1, i), id(2, i)], [id(0, b.first), s + r, id(2, b.first) + c], `${sequence} ${advance} token ${i}`);
          }
        }
        // next: where the token after the frame's segment (or a qwen3-vl frame) starts
        const after = b.first + b.height * b.width;
        if (after < n && segs[after] === 0) assert.equal(id(0, after), b.next, `${sequence} ${advance} after token ${after}`);
        let max = -1;
        for (let i = 0; i < after; i++) max = Math.max(max, id(0, i), id(1, i), id(2, i));
        if (model !== 'qwen3-vl' && b.frame < b.frames - 1) continue;  // max: after the segment's last frame
        assert.equal(b.max, max, `${sequence} ${advance} frame ${b.frame}`);
        if (advance === 'max') assert.equal(b.next, max + 1);
      }
      // every vision token is in exactly one row
      assert.equal(covered.size, Array.from(segs).filter((k) => k !== 0).length, sequence);
      const segments = [...new Set(got.map((b) => b.segment))];
      assert.deepEqual(segments, segments.map((_, i) => i));
    }
  }
  assert.deepEqual(rows({ sequence: 'text:3' }), []);
  assert.deepEqual(pe.compute('mrope-blocks', {}).shape, [0, 9]);
});

test('errors are mrope-positions\' own (segment and offset named)', () => {
  for (const sequence of ['image:1x2x2', 'text:3 image:1x3x2', 'text:2 video:2x4x4@x']) {
    let want;
    try { pe.compute('mrope-positions', { sequence, model: 'qwen2.5-vl' }); } catch (e) { want = e; }
    assert.ok(want, sequence);
    assert.throws(() => pe.compute('mrope-blocks', { sequence, model: 'qwen2.5-vl' }),
      (e) => isError(want.code, 'sequence')(e) && e.message.replace('mrope-blocks', 'mrope-positions') === want.message);
  }
  assert.equal(rows({ sequence: 'text:1 image:1x2x2' }).length, 1);  // the module keeps working
});
