// mrope-positions: the (t, h, w) ids of Qwen2-VL, Qwen2.5-VL and Qwen3-VL prompts against
//   - the get_rope_index docstring examples of huggingface/transformers
//     src/transformers/models/qwen2_vl/modeling_qwen2_vl.py (928b5565ecea2852ac5a41701c90589321548522) and
//     src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py (00b676f8f0489b88652a31d70751cc540dd06305);
//   - a float64/float32 reference written here from that get_rope_index (text runs start at 1 + the
//     largest id; vision ids (s + tau, s + row, s + col); time_tensor = k * int64(second_per_grid_t) *
//     tokens_per_second, .long(), at 00b676f8 = timeRounding 'seconds');
//   - Qwen3-VL (src/transformers/models/qwen3_vl/modeling_qwen3_vl.py, 68a7b7e272a36928120316249af3ee3cac595818):
//     each video frame its own (1, H, W) block, the timestamp text between frames;
//   - every example web/docs/multimodal.md gives for mrope-positions and every grammar rule's error (segment and offset named).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();
const ids = (params) => {
  const m = pe.compute('mrope-positions', params);
  const n = m.shape[1];
  return { n, t: Array.from(m.data.subarray(0, n)), h: Array.from(m.data.subarray(n, 2 * n)), w: Array.from(m.data.subarray(2 * n)), info: m.info };
};
const range = (a, b) => Array.from({ length: b - a }, (_, i) => a + i);
const f32 = Math.fround;

// get_rope_index written out (one batch row), for layouts: [{ text: n } | { image|video: [T, H, W], secs, gaps }]
function reference(segs, { model = 'qwen2-vl', m = 2, tps = 2, rounding = 'product', advance = 'max' } = {}) {
  const t = [], h = [], w = [];
  let max = -1, next = 0;
  const push = (a, b, c) => { t.push(a); h.push(b); w.push(c); max = Math.max(max, a, b, c); };
  const text = (n) => { for (let i = 0; i < n; i++) push(next + i, next + i, next + i); next += n; };
  for (const s of segs) {
    if (s.text) { text(s.text); continue; }
    const [T, H, W] = s.image ?? s.video;
    const gh = H / m, gw = W / m;
    const frames = model === 'qwen3-vl' && s.video ? T : 1;
    for (let f = 0; f < frames; f++) {
      const st = next, TT = frames > 1 || (model === 'qwen3-vl' && s.video) ? 1 : T;
      for (let k = 0; k < TT; k++) {
        let tau = k;
        if (model === 'qwen2.5-vl') {
          const secs = s.image ? 0 : s.secs ?? 1;
          tau = rounding === 'product' ? Math.floor(f32(f32(k * secs) * f32(tps))) : Math.floor(f32(k * Math.trunc(secs)) * f32(tps));
        }
        for (let r = 0; r < gh; r++) for (let c = 0; c < gw; c++) push(st + tau, st + r, st + c);
      }
      next = advance === 'grid' ? st + Math.max(gh, gw) : max + 1;
      if (f + 1 < frames) text(s.gaps.length === 1 ? s.gaps[0] : s.gaps[f]);
    }
  }
  return { n: t.length, t, h, w, info: { nextPosition: max + 1, ropeDelta: max + 1 - t.length } };
}

test('Qwen2-VL get_rope_index docstring: a 3x2x2 video then 5 text tokens (after the <|vision_start|> token)', () => {
  // The docstring's sequence starts with the video; a real prompt has <|vision_start|> before it,
  // which the grammar requires: every docstring id here is one more, after that token's id 0.
  const r = ids({ sequence: 'text:1 video:3x4x4 text:5' });
  const plus1 = (a) => [0, ...a.map((x) => x + 1)];
  assert.deepEqual(r.t, plus1([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 4, 5, 6, 7]));
  assert.deepEqual(r.h, plus1([0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 3, 4, 5, 6, 7]));
  assert.deepEqual(r.w, plus1([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 3, 4, 5, 6, 7]));
  // pure text: [0, 1, 2, 3, 4] on every axis, delta 0
  const text = ids({ sequence: 'text:5' });
  assert.deepEqual([text.t, text.h, text.w], [range(0, 5), range(0, 5), range(0, 5)]);
  assert.deepEqual(text.info, { nextPosition: 5, ropeDelta: 0 });
});

test('Qwen2.5-VL get_rope_index docstring: tokens_per_second 25, 2 s per temporal patch -> 0, 50, 100; text from 101', () => {
  for (const timeRounding of ['product', 'seconds']) {
    const r = ids({ sequence: 'text:1 video:3x4x4@2 text:5', model: 'qwen2.5-vl', tokensPerSecond: 25, timeRounding });
    const plus1 = (a) => [0, ...a.map((x) => x + 1)];
    assert.deepEqual(r.t, plus1([0, 0, 0, 0, 50, 50, 50, 50, 100, 100, 100, 100, 101, 102, 103, 104, 105]));
    assert.deepEqual(r.h, plus1([0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 101, 102, 103, 104, 105]));
    assert.deepEqual(r.w, plus1([0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 101, 102, 103, 104, 105]));
    assert.deepEqual(r.info, { nextPosition: 107, ropeDelta: 107 - 18 });
  }
});

test("the multimodal page's mrope-positions examples give the ids their formulas state", () => {
  // Qwen2-VL: 5 + 1*(8/2)*(12/2) + 4 = 33 tokens; image ids 5..10, text after from 11: next 15, delta -18
  let r = ids({ sequence: 'text:5 image:1x8x12 text:4' });
  assert.equal(r.n, 33);
  assert.deepEqual(r.info, { nextPosition: 15, ropeDelta: -18 });
  assert.deepEqual(r.t.slice(5, 29), Array(24).fill(5));
  assert.deepEqual(r.h.slice(5, 29), [5, 6, 7, 8].flatMap((x) => Array(6).fill(x)));
  assert.deepEqual(r.w.slice(5, 29), [0, 1, 2, 3].flatMap(() => range(5, 11)));
  assert.deepEqual(r.t.slice(29), [11, 12, 13, 14]);
  // qwen2.5-vl, 1 s per temporal patch, 2 tokens per second: temporal ids 4, 6, 8
  r = ids({ sequence: 'text:4 video:3x4x4@1 text:3', model: 'qwen2.5-vl' });
  assert.deepEqual([...new Set(r.t.slice(4, 16))], [4, 6, 8]);
  assert.deepEqual(r.t.slice(16), [9, 10, 11]);
  // qwen3-vl: frames of 2x2 merged tokens at 4, 4+2+7=13, 22 with 7 timestamp tokens between
  r = ids({ sequence: 'text:4 video:3x4x4/7 text:2', model: 'qwen3-vl' });
  assert.equal(r.n, 4 + 3 * 4 + 2 * 7 + 2);
  assert.deepEqual(r, reference([{ text: 4 }, { video: [3, 4, 4], gaps: [7] }, { text: 2 }], { model: 'qwen3-vl' }));
  assert.deepEqual(r.t.slice(4, 8), [4, 4, 4, 4]);
  assert.deepEqual(r.t.slice(8, 15), range(6, 13));  // the gap: text from 1 + max (5)
  assert.deepEqual(r.t.slice(15, 19), [13, 13, 13, 13]);
});

test('Qwen3-VL timestamps: per-frame gaps (one value or T - 1 values) are text between frame blocks', () => {
  const r = ids({ sequence: 'text:3 video:4x6x4/5,6,7 text:2', model: 'qwen3-vl' });
  assert.deepEqual(r, reference([{ text: 3 }, { video: [4, 6, 4], gaps: [5, 6, 7] }, { text: 2 }], { model: 'qwen3-vl' }));
  assert.equal(r.n, 3 + 4 * 6 + 18 + 2);
  const one = ids({ sequence: 'text:3 video:4x6x4/6 text:2', model: 'qwen3-vl' });
  assert.deepEqual(one, reference([{ text: 3 }, { video: [4, 6, 4], gaps: [6, 6, 6] }, { text: 2 }], { model: 'qwen3-vl' }));
  // a qwen3-vl image: tau = t (one temporal patch: all at the block start)
  const img = ids({ sequence: 'text:2 image:1x4x6 text:1', model: 'qwen3-vl' });
  assert.deepEqual(img, reference([{ text: 2 }, { image: [1, 4, 6] }, { text: 1 }], { model: 'qwen3-vl' }));
});

test('timeRounding: product floor(f32(f32(k s) tps)) and seconds k floor(s) tps differ for fractional seconds', () => {
  const layout = [{ text: 2 }, { video: [6, 4, 4], secs: 0.7 }, { text: 3 }];
  for (const tokensPerSecond of [2, 25, 0.5, 3.3]) {
    for (const timeRounding of ['product', 'seconds']) {
      const r = ids({ sequence: 'text:2 video:6x4x4@0.7s text:3', model: 'qwen2.5-vl', tokensPerSecond, timeRounding });
      assert.deepEqual(r, reference(layout, { model: 'qwen2.5-vl', tps: tokensPerSecond, rounding: timeRounding }), `${tokensPerSecond} ${timeRounding}`);
    }
  }
  const p = ids({ sequence: 'text:2 video:6x4x4@0.7 text:3', model: 'qwen2.5-vl', tokensPerSecond: 2 });
  const s = ids({ sequence: 'text:2 video:6x4x4@0.7 text:3', model: 'qwen2.5-vl', tokensPerSecond: 2, timeRounding: 'seconds' });
  assert.deepEqual([...new Set(p.t.slice(2, 26))], [2, 3, 4, 6, 7, 9]);  // floor(1.4 k) + 2
  assert.deepEqual([...new Set(s.t.slice(2, 26))], [2]);                  // int64(0.7) = 0
  // 0.1 * 3 in float32 is 0.3 + 1.2e-8: the product rule floors f32(f32(3 * 0.1) * 10) = 3
  const q = ids({ sequence: 'text:1 video:4x2x2@.1 text:1', model: 'qwen2.5-vl', tokensPerSecond: 10 });
  assert.deepEqual(q.t.slice(1, 5), [1, 2, 3, 4]);
});

test('advance: max (1 + largest id) and grid (block start + max(H, W)/m) differ only for long videos', () => {
  const seq = 'text:2 video:9x4x4 text:3';
  const layout = [{ text: 2 }, { video: [9, 4, 4] }, { text: 3 }];
  const a = ids({ sequence: seq }), b = ids({ sequence: seq, advance: 'grid' });
  assert.deepEqual(a, reference(layout));
  assert.deepEqual(b, reference(layout, { advance: 'grid' }));
  assert.deepEqual(a.t.slice(-3), [11, 12, 13]);
  assert.deepEqual(b.t.slice(-3), [4, 5, 6]);
  // an image: the same either way
  assert.deepEqual(ids({ sequence: 'text:2 image:1x8x4 text:3', advance: 'grid' }), ids({ sequence: 'text:2 image:1x8x4 text:3' }));
});

test('many layouts against the reference: models, merge sizes, separators', () => {
  const cases = [
    ['text:7;image:1x28x14 ; text:3 video:2x4x8 text:1', [{ text: 7 }, { image: [1, 28, 14] }, { text: 3 }, { video: [2, 4, 8] }, { text: 1 }]],
    ['\ttext:1\nimage:2x6x6\r\ntext:9', [{ text: 1 }, { image: [2, 6, 6] }, { text: 9 }]],
    ['', []],
  ];
  for (const model of ['qwen2-vl', 'qwen2.5-vl']) {
    for (const [sequence, layout] of cases) {
      assert.deepEqual(ids({ sequence, model }), reference(layout, { model }), `${model} ${JSON.stringify(sequence)}`);
    }
  }
  assert.deepEqual(ids({ sequence: 'text:2 image:1x9x6 text:1', spatialMergeSize: 3 }),
    reference([{ text: 2 }, { image: [1, 9, 6] }, { text: 1 }], { m: 3 }));
  const empty = ids({ sequence: '' });
  assert.equal(empty.n, 0);
  assert.deepEqual(empty.info, { nextPosition: 0, ropeDelta: 0 });
});

test('a text-only prompt gives plain positions: M-RoPE over them equals plain RoPE', () => {
  const r = pe.compute('mrope-positions', { sequence: 'text:300' });
  const a = pe.compute('rope', { positionIds: r.data, mropeSection: [16, 24, 24], dim: 128 });
  const b = pe.compute('rope', { positions: 300, dim: 128 });
  assert.deepEqual(a.data, b.data);
});

test('grammar errors: EINVAL / ERANGE naming sequence, the segment and its character offset', () => {
  const bad = (sequence, code, segment, offset, model = 'qwen2-vl', more = {}) => {
    assert.throws(() => pe.compute('mrope-positions', { sequence, model, ...more }), (e) => {
      isError(code, 'sequence')(e);
      assert.ok(e.message.includes(`segment '${segment}' at offset ${offset}`), e.message);
      return true;
    }, `${sequence}`);
  };
  // syntax
  bad('text:', 'EINVAL', 'text:', 0);
  bad('text:3 word', 'EINVAL', 'word', 7);
  bad('text:3x', 'EINVAL', 'text:3x', 0);
  bad('Text:3', 'EINVAL', 'Text:3', 0);
  bad('text:2 image:1x4', 'EINVAL', 'image:1x4', 7);
  bad('text:2 image:1x4x', 'EINVAL', 'image:1x4x', 7);
  bad('text:2 image:1x4x4@1', 'EINVAL', 'image:1x4x4@1', 7, 'qwen2.5-vl');
  bad('text:2 video:4x28x28@x', 'EINVAL', 'video:4x28x28@x', 7, 'qwen2.5-vl');
  bad('text:2 video:2x4x4/', 'EINVAL', 'video:2x4x4/', 7, 'qwen3-vl');
  bad('text:2 video:2x4x4/1,', 'EINVAL', 'video:2x4x4/1,', 7, 'qwen3-vl');
  // @ and / on the wrong model, gap counts, missing gaps
  bad('text:2 video:2x4x4@1', 'EINVAL', 'video:2x4x4@1', 7, 'qwen2-vl');
  bad('text:2 video:2x4x4@1', 'EINVAL', 'video:2x4x4@1', 7, 'qwen3-vl');
  bad('text:2 video:2x4x4/3', 'EINVAL', 'video:2x4x4/3', 7, 'qwen2.5-vl');
  bad('text:2 video:4x4x4/1,2', 'EINVAL', 'video:4x4x4/1,2', 7, 'qwen3-vl');
  bad('text:2 video:2x4x4', 'EINVAL', 'video:2x4x4', 7, 'qwen3-vl');
  // a vision segment not after text
  bad('image:1x4x4', 'EINVAL', 'image:1x4x4', 0);
  bad('text:1 image:1x4x4 image:1x4x4', 'EINVAL', 'image:1x4x4', 19);
  // ranges
  bad('text:0', 'ERANGE', 'text:0', 0);
  bad('text:1 image:0x4x4', 'ERANGE', 'image:0x4x4', 7);
  bad('text:1 image:1x6x4', 'ERANGE', 'image:1x6x4', 7, 'qwen2-vl', { spatialMergeSize: 4 });
  bad('text:1 image:1x4x5', 'ERANGE', 'image:1x4x5', 7);
  bad('text:1 video:3x4x4/0', 'ERANGE', 'video:3x4x4/0', 7, 'qwen3-vl');
  bad('text:16777216 text:1', 'ERANGE', 'text:1', 14);
  bad('text:1 video:2x4x4@99999999999', 'ERANGE', 'video:2x4x4@99999999999', 7, 'qwen2.5-vl');
  // a segment is quoted at most 40 characters; control bytes as '?'
  bad(`text:1 ${'x'.repeat(60)}`, 'EINVAL', `${'x'.repeat(40)}...`, 7);
  bad('text:1 \u0001', 'EINVAL', '?', 7);
  // the string type's maxLength, and the module keeps working
  assert.throws(() => pe.compute('mrope-positions', { sequence: 'text:1 '.repeat(10000) }), isError('ERANGE', 'sequence'));
  assert.equal(ids({ sequence: 'text:3' }).n, 3);
});
