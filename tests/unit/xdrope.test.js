// rope's xdropeSection: HunYuan-VL's XD-RoPE split, against a float64 reference written from
// huggingface/transformers src/transformers/models/hunyuan_vl/modeling_hunyuan_vl.py@075b5a603d6a23fad0360dd1600064fe2e1be83c
// apply_multimodal_rotary_pos_emb: mrope_section = [2 s for s in sections]; cos (the whole head,
// cat(freqs, freqs)) split into those chunks, chunk i taken from position row i % len(sections);
// q * cos + rotate_half(q) * sin. With HunYuan's get_rope_index ids (mrope-positions, layout
// 'indexed_images', axes = len(sections)) it is the model's attention input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();

// cos/sin [n][r] as HunYuan forms them, in float64
function reference(sections, rows, { dim, base = 10000 }) {
  const h = dim / 2, inv = Array.from({ length: h }, (_, k) => base ** (-(2 * k) / dim));
  const chunks = sections.flatMap((s, i) => Array(2 * s).fill(i));  // column j -> axis
  const n = rows[0].length, cos = [], sin = [];
  for (let p = 0; p < n; p++) {
    const c = [], s = [];
    for (let j = 0; j < dim; j++) {
      const ang = rows[chunks[j] % sections.length][p] * inv[j % h];
      c.push(Math.cos(ang)), s.push(Math.sin(ang));
    }
    cos.push(c), sin.push(s);
  }
  return { cos, sin, chunks };
}
const close = (a, b, tol, what) => {
  for (let i = 0; i < a.length; i++) assert.ok(Math.abs(a[i] - b[i]) <= tol, `${what}[${i}]: ${a[i]} vs ${b[i]}`);
};

test('XD-RoPE tables: 4 axes [16, 16, 16, 16] (HunyuanOCR) and 3 axes, from indexed_images ids', () => {
  for (const [sections, axes] of [[[16, 16, 16, 16], 4], [[8, 12, 12], 3], [[4, 4, 4, 4], 4]]) {
    const dim = 2 * sections.reduce((a, b) => a + b);
    const ids = pe.compute('mrope-positions', { sequence: 'text:3 image:1x4x6 text:2 image:1x2x2 text:1', layout: 'indexed_images', axes });
    const n = ids.shape[1];
    const rows = Array.from({ length: axes }, (_, a) => Array.from(ids.data.subarray(a * n, (a + 1) * n)));
    const t = pe.compute('rope', { dim, positionIds: ids.data, xdropeSection: sections });
    assert.deepEqual(t.shape, [2, n, dim]);
    const ref = reference(sections, rows, { dim });
    close(t.data.subarray(0, n * dim), ref.cos.flat(), 6e-8, `cos ${sections}`);
    close(t.data.subarray(n * dim), ref.sin.flat(), 6e-8, `sin ${sections}`);
    // a frequency's two columns may follow different axes: [16 x 4] puts k = 0 on axis 0 and k + 64 on axis 2
    if (axes === 4 && sections[0] === 16) {
      const cols = pe.compute('mrope-axes', { dim, xdropeSection: sections });
      assert.deepEqual([cols.data[0], cols.data[32], cols.data[64], cols.data[96]], [0, 1, 2, 3]);
      const rc = pe.compute('rope-columns', { dim, xdropeSection: sections });
      assert.deepEqual([rc.data[0 * 4 + 3], rc.data[64 * 4 + 3]], [0, 2]);
    }
  }
});

test('XD-RoPE rope-apply: q * cos + rotate_half(q) * sin with each column its own axis', () => {
  const sections = [2, 2, 2, 2], dim = 16, n = 5;
  const rows = [[0, 1, 2, 3, 4], [0, 1, 0, 1, 4], [0, 0, 1, 1, 4], [0, 0, 0, 0, 4]];
  const x = Float32Array.from({ length: n * dim }, (_, i) => Math.sin(i * 0.37) * 2);
  const o = pe.compute('rope-apply', { dim, x, positionIds: Int32Array.from(rows.flat()), xdropeSection: sections });
  const { cos, sin } = reference(sections, rows, { dim });
  const want = [];
  for (let p = 0; p < n; p++) {
    const q = Array.from(x.subarray(p * dim, (p + 1) * dim));
    const rot = [...q.slice(dim / 2).map((v) => -v), ...q.slice(0, dim / 2)];
    for (let j = 0; j < dim; j++) want.push(q[j] * cos[p][j] + rot[j] * sin[p][j]);
  }
  close(o.data, want, 1e-6, 'rope-apply');
  // text rows (every axis equal) are plain RoPE
  const plain = pe.compute('rope', { dim, positions: 4 });
  const text = pe.compute('rope', { dim, positions: 4, xdropeSection: sections });
  assert.deepEqual(Array.from(text.data), Array.from(plain.data).map((v) => v));
});

test('XD-RoPE errors name xdropeSection', () => {
  const bad = [
    [{ dim: 16, positions: 2, xdropeSection: [4, 4] }, 'EINVAL'],
    [{ dim: 16, positions: 2, xdropeSection: [2, 2, 2, 1] }, 'ERANGE'],
    [{ dim: 16, positions: 2, xdropeSection: [2, 2, 2, 2], mropeSection: [4, 2, 2] }, 'EINVAL'],
    [{ dim: 16, positions: 2, xdropeSection: [2, 2, 2, 2], freqDtype: 'float32' }, 'EINVAL'],
  ];
  for (const [params, code] of bad) assert.throws(() => pe.compute('rope', params), isError(code, 'xdropeSection'), JSON.stringify(params));
  assert.throws(() => pe.compute('rope', { dim: 16, positionIds: [0, 1, 2], xdropeSection: [2, 2, 2, 2] }), isError('EINVAL', 'positionIds'));
});

test("the multimodal page's XD-RoPE example: columns by axis", () => {
  const ids = pe.compute('mrope-positions', { sequence: 'text:3 image:1x4x6 text:2', layout: 'indexed_images', axes: 4 });
  const t = pe.compute('rope', { dim: 128, positionIds: ids.data, xdropeSection: [16, 16, 16, 16] });
  const n = ids.shape[1];
  // token 4 is the image's cell (row 0, column 1): column 0 follows its 1-D id 4, column 32 its column 1,
  // column 64 its row 0 (cos 1), column 96 the image number 0 (cos 1)
  const cos = (p, j) => t.data[p * 128 + j];
  assert.equal(cos(4, 0), Math.fround(Math.cos(4)));
  assert.equal(cos(4, 32), Math.fround(Math.cos(10000 ** (-64 / 128))));
  assert.equal(cos(4, 64), 1);
  assert.equal(cos(4, 96), 1);
  assert.equal(n, 3 + 2 * 4 + 2);
});
