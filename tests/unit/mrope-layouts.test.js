// mrope-positions' layouts beyond Qwen's walk, each against a reference transcribed here from the
// Python (on per-token modality types and grid lists, as the Python sees the prompt, not on posenc's
// layout string):
//   - interleaved_runs: huggingface/transformers src/transformers/modeling_rope_utils.py,
//     _mrope_index_interleaved_runs and get_mrope_vision_positions (the get_mrope_index of config
//     mrope_layout; the version the search index stores carries no commit: the names are the anchor);
//   - indexed_images: the same file's _mrope_index_indexed_images, which is HunYuan-VL's own
//     get_rope_index in src/transformers/models/hunyuan_vl/modeling_hunyuan_vl.py@075b5a603d6a23fad0360dd1600064fe2e1be83c;
//   - model 'glm4v': Glm4vModel.get_rope_index, src/transformers/models/glm4v/modeling_glm4v.py@03eac6f6d2af7e8562113f0b78d3d2d59a7d843d.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();
const rows = (params) => {
  const m = pe.compute('mrope-positions', params);
  const n = m.shape[1];
  const out = [];
  for (let a = 0; a < m.shape[0]; a++) out.push(Array.from(m.data.subarray(a * n, (a + 1) * n)));
  return { rows: out, info: m.info };
};
const f32 = Math.fround;
const arange = (n, s = 0) => Array.from({ length: n }, (_, i) => s + i);

// itertools.groupby(enumerate(types)): [type, start, end) runs
const groups = (types) => {
  const g = [];
  types.forEach((t, i) => (g.length && g[g.length - 1][0] === t ? (g[g.length - 1][2] = i + 1) : g.push([t, i, i + 1])));
  return g;
};
const withDelta = (pos) => {
  const max = Math.max(-1, ...pos.flat());
  return { rows: pos, info: { nextPosition: max + 1, ropeDelta: max + 1 - pos[0].length } };
};

// get_mrope_vision_positions: (arange(T') * time_interval).to(long) + start; h, w + start; meshgrid ij.
// An int64 arange times a Python float is float32 in torch; times an int it stays int64.
function visionPositions(start, [T, H, W], { tms = 1, m, interval = 1 }) {
  const tt = Math.floor(T / tms), gh = Math.floor(H / m), gw = Math.floor(W / m);
  const out = [[], [], []];
  for (let k = 0; k < tt; k++) {
    const tau = Number.isInteger(interval) ? k * interval : Math.trunc(f32(f32(k) * f32(interval)));
    for (let r = 0; r < gh; r++) for (let c = 0; c < gw; c++) out[0].push(tau + start), out[1].push(r + start), out[2].push(c + start);
  }
  return out;
}

// _mrope_index_interleaved_runs, one batch row, no padding
function interleavedRuns(types, { images = [], videos = [], m = 2, tps = null, secs = null, split = false, tms = 1 }) {
  if (split) videos = videos.flatMap(([T, H, W]) => Array.from({ length: T }, () => [1, H, W]));
  const it = { 1: images[Symbol.iterator](), 2: videos[Symbol.iterator]() };
  const secIt = (secs ?? Array(types.length).fill(1))[Symbol.iterator]();
  let current = 0;
  const pos = [[], [], []];
  for (const [type, s, e] of groups(types)) {
    if (type === 0) {
      for (let a = 0; a < 3; a++) pos[a].push(...arange(e - s, current));
      current += e - s;
      continue;
    }
    const grid = it[type].next().value;
    const interval = type === 2 && tps !== null ? tps * Math.trunc(secIt.next().value) : 1;
    const v = visionPositions(current, grid, { tms: type === 2 ? tms : 1, m, interval });
    for (let a = 0; a < 3; a++) pos[a].push(...v[a]);
    current += Math.floor(Math.max(grid[1], grid[2]) / m);
  }
  return withDelta(pos);
}

// _mrope_index_indexed_images (HunYuan-VL get_rope_index): 1D ids on every axis, each image span's
// grid (gh rows of gw + 1: the newline token) overwritten on the last three axes by (col, row, index)
function indexedImages(types, { images = [], m = 2, axes = 3 }) {
  const n = types.length;
  const pos = Array.from({ length: axes }, () => arange(n));
  let index = 0;
  for (const [type, s, e] of groups(types)) {
    if (type !== 1) continue;
    const [, H, W] = images[index];
    const gh = Math.floor(H / m), gw = Math.floor(W / m), tokens = gh * (gw + 1);
    const start = e - s === tokens + 2 ? s + 1 : e - s === tokens ? s : NaN;
    assert.ok(Number.isFinite(start), 'span length matches the grid');
    const off = axes - 3;
    for (let i = 0; i < tokens; i++) {
      pos[off][start + i] = i % (gw + 1);
      pos[off + 1][start + i] = Math.floor(i / (gw + 1));
      pos[off + 2][start + i] = index;
    }
    index++;
  }
  return withDelta(pos);
}

// Glm4vModel.get_rope_index: image tokens inside <|begin_of_video|>..<|end_of_video|> are 'video';
// each run starts at 1 + the largest id so far; a video run is one frame (t = video_frame_num = 1).
function glm4v(types, { images = [], videos = [], m = 2 }) {
  const pos = [[], [], []];
  let max = -1, image = 0, video = 0, group = 0, frameNum = 1;
  const push = (t, h, w) => (pos[0].push(t), pos[1].push(h), pos[2].push(w), (max = Math.max(max, t, h, w)));
  for (const [type, s, e] of groups(types)) {
    const st = max + 1;
    if (type === 1) {
      const [T, H, W] = images[image++];
      for (let t = 0; t < T; t++) for (let r = 0; r < H / m; r++) for (let c = 0; c < W / m; c++) push(t + st, r + st, c + st);
      frameNum = 1;
    } else if (type === 2) {
      const [T, H, W] = videos[video];
      for (let t = 0; t < frameNum; t++) for (let r = 0; r < H / m; r++) for (let c = 0; c < W / m; c++) push(t + st, r + st, c + st);
      if (++group >= T) video++, (group = 0);
      frameNum++;
    } else {
      for (let i = 0; i < e - s; i++) push(st + i, st + i, st + i);
      frameNum = 1;
    }
  }
  return withDelta(pos);
}

const types = (...parts) => parts.flatMap(([t, n]) => Array(n).fill(t));

test('interleaved_runs: text counts on, a vision run starts at the running position, which moves by max(H, W)/m', () => {
  // 2 text, a 1x4x6 image (2x3 merged), 3 text: image ids (2, 2..3, 2..4); text resumes at 2 + 3 = 5
  const r = rows({ sequence: 'text:2 image:1x4x6 text:3', layout: 'interleaved_runs' });
  assert.deepEqual(r.rows, [
    [0, 1, 2, 2, 2, 2, 2, 2, 5, 6, 7],
    [0, 1, 2, 2, 2, 3, 3, 3, 5, 6, 7],
    [0, 1, 2, 3, 4, 2, 3, 4, 5, 6, 7],
  ]);
  assert.deepEqual(r, interleavedRuns(types([0, 2], [1, 6], [0, 3]), { images: [[1, 4, 6]] }));
  assert.deepEqual(r.info, { nextPosition: 8, ropeDelta: -3 });
});

test('interleaved_runs: videos (tokens_per_second, second_per_grid_t, temporal_merge_size, split frames), edges', () => {
  const cases = [
    // vision first (no text needed before it), image then video, text at the end
    ['image:1x4x4 video:2x4x4 text:2', {}, types([1, 4], [2, 8], [0, 2]), { images: [[1, 4, 4]], videos: [[2, 4, 4]] }],
    // tokens_per_second 2, 1.5 s per grid: int(1.5) = 1, interval 2
    ['text:3 video:3x4x4@1.5 text:2', { tokensPerSecond: 2 }, types([0, 3], [2, 12], [0, 2]), { videos: [[3, 4, 4]], tps: 2, secs: [1.5] }],
    // fractional interval 0.7 (tokens_per_second 0.7, 1 s): float32 product truncated: 0, 0, 1, 2
    ['text:1 video:4x4x4 text:1', { tokensPerSecond: 0.7 }, types([0, 1], [2, 16], [0, 1]), { videos: [[4, 4, 4]], tps: 0.7 }],
    // 2.5 tokens per second, 3 s: interval 7.5 -> 0, 7, 15
    ['text:2 video:3x2x2@3 text:1', { tokensPerSecond: 2.5 }, types([0, 2], [2, 3], [0, 1]), { videos: [[3, 2, 2]], tps: 2.5, secs: [3] }],
    // without tokensPerSecond seconds are ignored (the config has no tokens_per_second)
    ['text:2 video:3x2x2@9 text:1', {}, types([0, 2], [2, 3], [0, 1]), { videos: [[3, 2, 2]] }],
    // temporal_merge_size 2: T 5 -> 2 frames
    ['text:1 video:5x4x4 text:1', { temporalMergeSize: 2 }, types([0, 1], [2, 8], [0, 1]), { videos: [[5, 4, 4]], tms: 2 }],
    // split_video_frames: one T = 1 grid per frame, timestamp text between (one gap or T - 1 gaps)
    ['text:2 video:3x4x6/2 text:1', {}, types([0, 2], [2, 6], [0, 2], [2, 6], [0, 2], [2, 6], [0, 1]), { videos: [[3, 4, 6]], split: true }],
    ['text:2 video:3x4x4/1,3', {}, types([0, 2], [2, 4], [0, 1], [2, 4], [0, 3], [2, 4]), { videos: [[3, 4, 4]], split: true }],
    // spatialMergeSize 1, a tall image (advance by H)
    ['text:1 image:1x5x2 text:2', { spatialMergeSize: 1 }, types([0, 1], [1, 10], [0, 2]), { images: [[1, 5, 2]], m: 1 }],
  ];
  for (const [sequence, params, ty, ref] of cases) {
    const r = rows({ sequence, layout: 'interleaved_runs', ...params });
    assert.deepEqual(r, interleavedRuns(ty, { m: params.spatialMergeSize ?? 2, ...ref }), sequence);
  }
  // the fractional case spelled out: temporal ids 1 + trunc(f32(k) * f32(0.7)) = 1, 1, 2, 3
  const r = rows({ sequence: 'text:1 video:4x4x4 text:1', layout: 'interleaved_runs', tokensPerSecond: 0.7 });
  assert.deepEqual([...new Set(r.rows[0].slice(1, 17))], [1, 2, 3]);
  assert.deepEqual(r.rows[0].slice(1, 17), [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3].slice(0, 16));
  // empty prompt: no tokens
  assert.deepEqual(pe.compute('mrope-positions', { sequence: '', layout: 'interleaved_runs' }).shape, [3, 0]);
});

test('indexed_images (HunYuan-VL): 1D ids, the grid of gh x (gw + 1) tokens overwritten by (col, row, image index)', () => {
  // boundary tokens (<img_begin>, <img_end>) are 1D like text: the reference marks them image-type
  // (span = grid + 2), the layout string writes them as text: the ids agree
  const r = rows({ sequence: 'text:2 image:1x4x4 text:2', layout: 'indexed_images' });
  assert.deepEqual(r.rows, [
    [0, 1, 0, 1, 2, 0, 1, 2, 8, 9],
    [0, 1, 0, 0, 0, 1, 1, 1, 8, 9],
    [0, 1, 0, 0, 0, 0, 0, 0, 8, 9],
  ]);
  assert.deepEqual(r, indexedImages(types([0, 2], [1, 6], [0, 2]), { images: [[1, 4, 4]] }));
  assert.deepEqual(r, indexedImages(types([0, 1], [1, 8], [0, 1]), { images: [[1, 4, 4]] }));
  const cases = [
    ['image:1x4x6 text:1 image:1x2x2 text:3', 3, types([1, 8], [0, 1], [1, 2], [0, 3]), [[1, 4, 6], [1, 2, 2]]],
    ['text:1 image:1x4x6 text:1 image:1x2x2 text:1 image:1x6x2', 4, types([0, 1], [1, 8], [0, 1], [1, 2], [0, 1], [1, 6]), [[1, 4, 6], [1, 2, 2], [1, 6, 2]]],
    // an image at the end, 3 axes: no 1D id there, the largest id may be below tokens - 1
    ['text:1 image:1x8x8', 3, types([0, 1], [1, 20]), [[1, 8, 8]]],
    ['text:1 image:1x8x8', 4, types([0, 1], [1, 20]), [[1, 8, 8]]],
  ];
  for (const [sequence, axes, ty, images] of cases) {
    assert.deepEqual(rows({ sequence, layout: 'indexed_images', axes }), indexedImages(ty, { images, axes }), `${sequence} axes ${axes}`);
  }
  assert.deepEqual(rows({ sequence: 'text:1 image:1x8x8', layout: 'indexed_images' }).info, { nextPosition: 5, ropeDelta: -16 });
  assert.deepEqual(rows({ sequence: 'text:1 image:1x8x8', layout: 'indexed_images', axes: 4 }).info, { nextPosition: 21, ropeDelta: 0 });
  // 4 axes: the first row is 1D throughout, the last three carry the image
  const four = rows({ sequence: 'text:2 image:1x4x4 text:2', layout: 'indexed_images', axes: 4 });
  assert.deepEqual(four.rows[0], arange(10));
  assert.deepEqual(four.rows.slice(1), r.rows);
  // text only: plain positions on every axis
  assert.deepEqual(rows({ sequence: 'text:5', layout: 'indexed_images', axes: 4 }).rows, Array(4).fill(arange(5)));
});

test("model 'glm4v': GLM-4V's get_rope_index, each video frame a 1xHxW run after its timestamp text", () => {
  const cases = [
    ['text:3 image:1x4x6 text:2', types([0, 3], [1, 6], [0, 2]), { images: [[1, 4, 6]] }],
    ['text:2 image:2x4x4 text:1', types([0, 2], [1, 8], [0, 1]), { images: [[2, 4, 4]] }],
    ['text:2 video:3x4x4/5 text:2', types([0, 2], [2, 4], [0, 5], [2, 4], [0, 5], [2, 4], [0, 2]), { videos: [[3, 4, 4]] }],
    ['text:1 video:2x4x6/3 text:1 image:1x2x2 text:1 video:1x2x2', types([0, 1], [2, 6], [0, 3], [2, 6], [0, 1], [1, 1], [0, 1], [2, 1]),
      { images: [[1, 2, 2]], videos: [[2, 4, 6], [1, 2, 2]] }],
  ];
  for (const [sequence, ty, ref] of cases) assert.deepEqual(rows({ sequence, model: 'glm4v' }), glm4v(ty, ref), sequence);
});

test('layout errors name the parameter or the segment', () => {
  const bad = [
    [{ sequence: 'text:2 image:1x4x4 image:1x4x4', layout: 'interleaved_runs' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:2 video:1x4x4 video:1x4x4', layout: 'interleaved_runs' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:2 image:1x4x4 image:1x4x4', layout: 'indexed_images' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:2 video:1x4x4', layout: 'indexed_images' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:2 image:2x4x4', layout: 'indexed_images' }, 'ERANGE', 'sequence'],
    [{ sequence: 'text:2 image:1x3x4', layout: 'interleaved_runs' }, 'ERANGE', 'sequence'],
    [{ sequence: 'text:2 video:1x4x4', layout: 'interleaved_runs', temporalMergeSize: 2 }, 'ERANGE', 'sequence'],
    [{ sequence: 'text:2 video:3x4x4/1,2,3', layout: 'interleaved_runs' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:2', axes: 4 }, 'EINVAL', 'axes'],
    [{ sequence: 'text:2', layout: 'interleaved_runs', axes: 4 }, 'EINVAL', 'axes'],
    [{ sequence: 'text:2', axes: 5, layout: 'indexed_images' }, 'ERANGE', 'axes'],
    [{ sequence: 'text:2', temporalMergeSize: 2 }, 'EINVAL', 'temporalMergeSize'],
    [{ sequence: 'text:2', layout: 'audio_in_video' }, 'EINVAL', 'layout'],
  ];
  for (const [params, code, param] of bad) assert.throws(() => pe.compute('mrope-positions', params), isError(code, param), JSON.stringify(params));
  assert.match(
    (() => { try { pe.compute('mrope-positions', { sequence: 'text:2 image:1x4x4 image:1x4x4', layout: 'indexed_images' }); } catch (e) { return e.message; } })(),
    /segment 'image:1x4x4' at offset 19: an image right after an image/,
  );
  // the module keeps working after an error
  assert.equal(pe.compute('mrope-positions', { sequence: 'text:3', layout: 'indexed_images' }).shape[1], 3);
});

test('mrope-segments and mrope-blocks follow the layouts', () => {
  const seg = pe.compute('mrope-segments', { sequence: 'text:2 image:1x4x4 text:1', layout: 'indexed_images' });
  assert.deepEqual(Array.from(seg.data), [0, 0, 1, 1, 1, 1, 1, 1, 0]);
  const blk = pe.compute('mrope-blocks', { sequence: 'text:2 image:1x4x4 text:1', layout: 'indexed_images' });
  // segment 0, image, frame 0 of 1, first pad 2, 2 rows of 3 (the newline column), next token 8;
  // max 2: with 3 axes the image's ids (col, row, index) replace the 1D ones, text so far is 0, 1
  assert.deepEqual(Array.from(blk.data), [0, 1, 0, 1, 2, 2, 3, 8, 2]);
  const runs = pe.compute('mrope-blocks', { sequence: 'text:2 video:2x4x4/3 text:1', layout: 'interleaved_runs' });
  assert.deepEqual(runs.shape, [2, 9]);
  assert.deepEqual(Array.from(runs.data.subarray(0, 9)), [0, 2, 0, 2, 2, 2, 2, 4, 3]);
});

test("the multimodal page's layout examples give the ids the table states", () => {
  let r = rows({ sequence: 'text:2 image:1x4x6 text:3', layout: 'interleaved_runs' });
  assert.deepEqual(r.rows[0].slice(8), [5, 6, 7]);
  assert.equal(r.info.nextPosition, 8);
  r = rows({ sequence: 'text:3 video:3x4x4@1.5 text:2', layout: 'interleaved_runs', tokensPerSecond: 2 });
  assert.deepEqual([...new Set(r.rows[0].slice(3, 15))], [3, 5, 7]);
  assert.deepEqual(r.rows[0].slice(15), [5, 6]);
  r = rows({ sequence: 'text:2 image:1x4x4 text:2', layout: 'indexed_images' });
  assert.deepEqual(r.rows.map((x) => x.slice(2, 8)), [[0, 1, 2, 0, 1, 2], [0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0]]);
  assert.deepEqual(r.rows[0].slice(8), [8, 9]);
  r = rows({ sequence: 'text:2 video:3x4x4/5 text:2', model: 'glm4v' });
  assert.deepEqual([r.rows[0][2], r.rows[0][11], r.rows[0][20]], [2, 9, 16]);
});

// _mrope_index_audio_chunked and _mrope_index_audio_merged (modeling_rope_utils.py, as above), one
// batch row, use_audio_in_video False, on token ids: the spans are found by scanning, as there.
const TXT = 0, VS = 1, VE = 2, IMG = 3, VID = 4, AS = 5, AE = 6, AUD = 7;
const floordiv = (a, b) => Math.floor(a / b);
const pooled = (L) => floordiv(floordiv(L - 1, 2) + 1 - 2, 2) + 1;
const windowed = (L, w) => {
  const chunk = 2 * w, feat = floordiv((L % chunk) - 1, 2) + 1;
  return floordiv(floordiv(feat - 1, 2) + 1 - 1, 2) + 1 + floordiv(L, chunk) * 13;
};
// get_mrope_vision_positions with dtype long (chunked) or float32 (merged)
function omniVision(start, [T, H, W], m, interval, float) {
  const out = [[], [], []];
  for (let k = 0; k < T; k++) {
    const prod = Number.isInteger(interval) ? k * interval : f32(f32(k) * f32(interval));
    const tau = float ? prod : Math.trunc(prod);
    for (let r = 0; r < H / m; r++) for (let c = 0; c < W / m; c++) out[0].push(float ? f32(tau + start) : tau + start), out[1].push(r + start), out[2].push(c + start);
  }
  return out;
}
function audioChunked(tokens, { images = [], videos = [], secs = [], audios = [], m = 2, pps = 25 }) {
  const blocks = [];
  const maxOf = (b) => Math.max(...b.flat());
  const next = () => (blocks.length ? maxOf(blocks[blocks.length - 1]) + 1 : 0);
  const block = (n, s = next()) => [0, 1, 2].map(() => arange(n, s));
  let st = 0, ii = 0, vi = 0, ai = 0;
  const spans = tokens.filter((t, i) => t === AS || (t === VS && [IMG, VID].includes(tokens[i + 1]))).length;
  for (let n = 0; n < spans; n++) {
    const find = (id, left) => (left > 0 && tokens.includes(id) ? tokens.indexOf(id, st) : tokens.length + 1);
    const edI = find(IMG, images.length - ii), edV = find(VID, videos.length - vi), edA = find(AUD, audios.length - ai);
    const min = Math.min(edI, edV, edA), textLen = min - st - 1;
    if (textLen !== 0) blocks.push(block(textLen));
    blocks.push(block(1));
    if (min === edA) {
      const len = pooled(audios[ai++]);
      blocks.push(block(len)), blocks.push(block(1));
      st += textLen + 2 + len;
    } else {
      const grid = min === edI ? images[ii] : videos[vi];
      const interval = min === edI ? pps : secs[vi] * pps;
      blocks.push(omniVision(next(), grid, m, interval, false)), blocks.push(block(1));
      st += textLen + 2 + (grid[0] * grid[1] * grid[2]) / (m * m);
      if (min === edI) ii++;
      else vi++;
    }
  }
  if (st < tokens.length) blocks.push(block(tokens.length - st));
  return withDelta([0, 1, 2].map((a) => blocks.flatMap((b) => b[a])));
}
function audioMerged(tokens, { images = [], videos = [], secs = [], audios = [], m = 2, pps = 13, window = 50 }) {
  const blocks = [];
  const maxOf = (b) => Math.max(...b.flat());
  const block = (n, s) => [0, 1, 2].map(() => arange(n, s));
  let st = 0, ii = 0, vi = 0, ai = 0;
  const spans = tokens.filter((t, i) => t === AS || (t === VS && [IMG, VID].includes(tokens[i + 1]))).length;
  for (let n = 0; n < spans; n++) {
    let start = blocks.length ? maxOf(blocks[blocks.length - 1]) + 1 : 0;
    const edVS = ii < images.length || vi < videos.length ? tokens.indexOf(VS, st) : tokens.length + 1;
    const edAS = ai < audios.length ? tokens.indexOf(AS, st) : tokens.length + 1;
    const min = Math.min(edVS, edAS), textLen = min - st;
    if (textLen !== 0) blocks.push(block(textLen, start)), (start += textLen);
    blocks.push(block(1, start)), (start += 1);
    if (min === edAS) {
      const len = windowed(audios[ai++], window);
      blocks.push(block(len, start));
      st += textLen + 2 + len;
    } else {
      const image = tokens[edVS + 1] === IMG, grid = image ? images[ii++] : videos[vi];
      blocks.push(omniVision(start, grid, m, image ? pps : secs[vi] * pps, true));
      if (!image) vi++;
      st += textLen + 2 + (grid[0] * grid[1] * grid[2]) / (m * m);
    }
    blocks.push(block(1, maxOf(blocks[blocks.length - 1]) + 1));
  }
  if (st < tokens.length) blocks.push(block(tokens.length - st, blocks.length ? maxOf(blocks[blocks.length - 1]) + 1 : 0));
  return withDelta([0, 1, 2].map((a) => blocks.flatMap((b) => b[a])));
}
const toks = (...parts) => parts.flatMap(([t, n]) => Array(n).fill(t));

test('audio_chunked (Qwen2.5-Omni): spans at 1 + the largest id, audio 1-D, temporal ids truncated from float32', () => {
  const cases = [
    // 2 text, <audio_start>, 9 mel frames -> 2 tokens, <audio_end>, <vision_start>, a 2x4x4 video at 0.5 s, <vision_end>, 2 text
    ['text:3 audio:9 text:2 video:2x4x4@0.5 text:3', toks([TXT, 2], [AS, 1], [AUD, 2], [AE, 1], [VS, 1], [VID, 8], [VE, 1], [TXT, 2]),
      { videos: [[2, 4, 4]], secs: [0.5], audios: [9] }],
    // an image first (its bos the only text before it), an audio at the end
    ['text:1 image:1x4x6 text:2 audio:100 text:1', toks([VS, 1], [IMG, 6], [VE, 1], [AS, 1], [AUD, pooled(100)], [AE, 1]), { images: [[1, 4, 6]], audios: [100] }],
    // 3 s per grid, 25 per second: 0, 75, 150; fractional 0.7 s: 0, 17, 35
    ['text:2 video:3x2x2@3 text:1', toks([TXT, 1], [VS, 1], [VID, 3], [VE, 1]), { videos: [[3, 2, 2]], secs: [3] }],
    ['text:2 video:3x2x2@0.7 text:1', toks([TXT, 1], [VS, 1], [VID, 3], [VE, 1]), { videos: [[3, 2, 2]], secs: [0.7] }],
  ];
  for (const [sequence, tokens, ref] of cases) {
    assert.deepEqual(rows({ sequence, layout: 'audio_chunked' }), audioChunked(tokens, ref), sequence);
  }
  const r = rows({ sequence: 'text:2 video:3x2x2@0.7 text:1', layout: 'audio_chunked' });
  assert.deepEqual(r.rows[0].slice(2, 5), [2, 2 + 17, 2 + 35]);
  assert.deepEqual(rows({ sequence: 'text:2 video:2x2x2@1 text:1', layout: 'audio_chunked', positionIdPerSeconds: 13 }).rows[0].slice(2, 4), [2, 15]);
});

test('audio_merged (Qwen3-Omni): windowed audio lengths; integral ids in int32, a fractional one refused', () => {
  const cases = [
    ['text:3 audio:250 text:2 image:1x4x4 text:1', toks([TXT, 2], [AS, 1], [AUD, windowed(250, 50)], [AE, 1], [VS, 1], [IMG, 4], [VE, 1]),
      { images: [[1, 4, 4]], audios: [250] }, {}],
    ['text:2 audio:37 text:1', toks([TXT, 1], [AS, 1], [AUD, windowed(37, 25)], [AE, 1]), { audios: [37], window: 25 }, { audioWindowSize: 25 }],
    ['text:2 video:3x4x4@2 text:1', toks([TXT, 1], [VS, 1], [VID, 12], [VE, 1]), { videos: [[3, 4, 4]], secs: [2] }, {}],
    ['text:2 video:3x4x4@0.5 text:1', toks([TXT, 1], [VS, 1], [VID, 12], [VE, 1]), { videos: [[3, 4, 4]], secs: [0.5], pps: 26 }, { positionIdPerSeconds: 26 }],
  ];
  for (const [sequence, tokens, ref, params] of cases) {
    assert.deepEqual(rows({ sequence, layout: 'audio_merged', positionIdPerSeconds: 13, ...params }), audioMerged(tokens, ref), sequence);
  }
  // 250 frames, windows of 100: 2 full windows (26 tokens) and 50 frames (7 tokens)
  assert.equal(windowed(250, 50), 33);
  assert.equal(rows({ sequence: 'text:1 audio:250', layout: 'audio_merged' }).rows[0].length, 34);
  // 0.5 s x 13 per second = 6.5: the float32 ids the Python keeps (0, 6.5, 13) are not int32
  assert.throws(() => pe.compute('mrope-positions', { sequence: 'text:2 video:3x4x4@0.5', layout: 'audio_merged', positionIdPerSeconds: 13 }),
    (e) => isError('ERANGE', 'sequence')(e) && /fractional temporal id/.test(e.message));
  assert.deepEqual(audioMerged(toks([TXT, 1], [VS, 1], [VID, 12], [VE, 1]), { videos: [[3, 4, 4]], secs: [0.5] }).rows[0].slice(2, 14).filter((x, i) => i % 4 === 0), [2, 8.5, 15]);
});

test('audio layout errors', () => {
  const bad = [
    [{ sequence: 'text:1 audio:2', layout: 'audio_chunked' }, 'ERANGE', 'sequence'],  // 2 frames pool to no token
    [{ sequence: 'text:1 audio:x', layout: 'audio_merged' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:1 audio:9', layout: 'interleaved_runs' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:1 video:2x4x4/3', layout: 'audio_chunked' }, 'EINVAL', 'sequence'],
    [{ sequence: 'text:1', positionIdPerSeconds: 13 }, 'EINVAL', 'positionIdPerSeconds'],
    [{ sequence: 'text:1', layout: 'audio_chunked', audioWindowSize: 50 }, 'EINVAL', 'audioWindowSize'],
  ];
  for (const [params, code, param] of bad) assert.throws(() => pe.compute('mrope-positions', params), isError(code, param), JSON.stringify(params));
});

test("the multimodal page's audio examples", () => {
  assert.deepEqual(rows({ sequence: 'text:2 video:3x2x2@0.7 text:1', layout: 'audio_chunked' }).rows[0].slice(2, 5), [2, 19, 37]);
  assert.equal(rows({ sequence: 'text:1 audio:250', layout: 'audio_merged' }).rows[0].length, 34);
});

test('huge grids, seconds and rates: ERANGE naming the segment, never a wrapped id', () => {
  const huge = [
    [{ sequence: 'text:1 image:1x2199023255552x2199023255552', layout: 'indexed_images' }, /more than 16777216 tokens/],
    [{ sequence: 'text:1 image:1x2199023255552x2199023255552', layout: 'interleaved_runs' }, /more than 16777216 tokens/],
    [{ sequence: 'text:1 video:3x2x2@99999999999999999999999999 text:1', layout: 'interleaved_runs', tokensPerSecond: 1e6 }, /id >= 2\^31/],
    [{ sequence: 'text:1 video:3x2x2@99999999999999999999999999 text:1', layout: 'audio_chunked', positionIdPerSeconds: 1e6 }, /id >= 2\^31/],
    [{ sequence: 'text:1 video:3x2x2@99999999999999999999999999.5 text:1', layout: 'audio_chunked', positionIdPerSeconds: 0.3 }, /id >= 2\^31/],
    [{ sequence: 'text:1 audio:99999999999999', layout: 'audio_merged' }, /more than 16777216 tokens/],
    // audio_merged's ids are float32 in the Python: an id of 2^24 or more is refused (not every integer exists there)
    [{ sequence: 'text:1 video:2x2x2@1000000 text:1', layout: 'audio_merged', positionIdPerSeconds: 20 }, /segment 'video:2x2x2@1000000' at offset 7: gives an id >= 2\^24/],
  ];
  for (const [params, why] of huge) {
    assert.throws(() => pe.compute('mrope-positions', params), (e) => isError('ERANGE', 'sequence')(e) && why.test(e.message), JSON.stringify(params));
  }
});
