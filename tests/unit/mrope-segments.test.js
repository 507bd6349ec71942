// mrope-segments: each token's segment kind (0 text, 1 image, 2 video) in mrope-positions' prompt.
// References are written here from mrope-positions' grammar (web/docs/multimodal.md): text:N is N text tokens, a
// vision segment T x (H/m) x (W/m) pads; a qwen3-vl video is T frame blocks with GAP text tokens
// between them (transformers src/transformers/models/qwen3_vl/modeling_qwen3_vl.py,
// 68a7b7e272a36928120316249af3ee3cac595818, get_rope_index: timestamps are text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();
const segs = (params) => Array.from(pe.compute('mrope-segments', params).data);
const fill = (n, v) => Array(n).fill(v);

test('Qwen2-VL docstring layout: 5 text, 1x8x12 image (24 pads), 4 text', () => {
  const r = pe.compute('mrope-segments', { sequence: 'text:5 image:1x8x12 text:4' });
  assert.equal(r.dtype, 'int32');
  assert.deepEqual(r.shape, [33]);
  assert.deepEqual(Array.from(r.data), [...fill(5, 0), ...fill(24, 1), ...fill(4, 0)]);
});

test('videos are 2; qwen2.5-vl seconds do not change the count; spatialMergeSize does', () => {
  assert.deepEqual(segs({ sequence: 'text:4 video:3x4x4@1 text:3', model: 'qwen2.5-vl' }),
    [...fill(4, 0), ...fill(12, 2), ...fill(3, 0)]);
  assert.deepEqual(segs({ sequence: 'text:1;image:2x4x6', spatialMergeSize: 1 }), [0, ...fill(48, 1)]);
});

test('qwen3-vl video: frames are video, the gaps between them text', () => {
  assert.deepEqual(segs({ sequence: 'text:4 video:3x4x4/7 text:2', model: 'qwen3-vl' }),
    [...fill(4, 0), ...fill(4, 2), ...fill(7, 0), ...fill(4, 2), ...fill(7, 0), ...fill(4, 2), ...fill(2, 0)]);
  assert.deepEqual(segs({ sequence: 'text:1 video:3x2x2/1,3', model: 'qwen3-vl' }),
    [0, ...fill(1, 2), 0, ...fill(1, 2), 0, 0, 0, ...fill(1, 2)]);
});

test('same token count as mrope-positions for every model and advance rule', () => {
  const cases = [
    ['text:2 image:1x4x4 text:1 video:5x2x6 text:3', 'qwen2-vl'],
    ['text:2 image:1x4x4 text:1 video:5x2x6@2.5 text:3', 'qwen2.5-vl'],
    ['text:2 image:1x4x4 text:1 video:5x2x6/2 text:3', 'qwen3-vl'],
  ];
  for (const [sequence, model] of cases) {
    for (const advance of ['max', 'grid']) {
      const p = pe.compute('mrope-positions', { sequence, model, advance });
      const s = segs({ sequence, model, advance });
      assert.equal(s.length, p.shape[1]);
      // text tokens have equal t, h, w ids; within a vision run they are the grid's
      const n = s.length;
      for (let i = 0; i < n; i++) {
        if (s[i] === 0) assert.ok(p.data[i] === p.data[n + i] && p.data[i] === p.data[2 * n + i], `${sequence} token ${i}`);
      }
    }
  }
  assert.deepEqual(segs({}), []);
});

test('errors are mrope-positions\' own (segment and offset named)', () => {
  for (const sequence of ['image:1x2x2', 'text:3 image:1x3x2', 'text:0', 'text:2 blob:3']) {
    let want;
    try { pe.compute('mrope-positions', { sequence }); } catch (e) { want = e; }
    assert.ok(want, sequence);
    assert.throws(() => pe.compute('mrope-segments', { sequence }),
      (e) => isError(want.code, 'sequence')(e) && e.message.replace('mrope-segments', 'mrope-positions') === want.message);
  }
  assert.deepEqual(segs({ sequence: 'text:1' }), [0]);  // the module keeps working
});
