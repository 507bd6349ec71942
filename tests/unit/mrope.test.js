// M-RoPE on rope / rope-frequencies / rope-apply (web/docs/multimodal.md; posenc.h, rope): column j of the table takes
// the angle of the axis that owns its frequency, chunked (huggingface/transformers
// src/transformers/models/qwen2_vl/modeling_qwen2_vl.py apply_multimodal_rotary_pos_emb,
// 928b5565ecea2852ac5a41701c90589321548522) or interleaved (src/transformers/models/qwen3_vl/
// modeling_qwen3_vl.py apply_interleaved_mrope, 68a7b7e272a36928120316249af3ee3cac595818). Checked
// against a float64 reference written here, against plain tables of the same scaling indexed by each
// axis' id (every ropeScaling type composes), equal t/h/w rows = plain RoPE bit for bit, rope-apply
// against its own tables, and the errors of the positions rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();

// The axis of frequency k (< r/2), written from the two HF functions.
function axisOf(k, [st, sh, sw], interleaved) {
  if (interleaved) return k % 3 === 1 && k < 3 * sh ? 1 : k % 3 === 2 && k < 3 * sw ? 2 : 0;
  return k < st ? 0 : k < st + sh ? 1 : 2;
}

function reference({ ids, P, dim, base = 10000, section, interleaved = false, layout = 'neox', offset = 0 }) {
  const r = dim, h = r / 2;
  const cos = new Float64Array(P * r), sin = new Float64Array(P * r);
  for (let p = 0; p < P; p++) {
    for (let j = 0; j < r; j++) {
      const k = layout === 'neox' ? j % h : j >> 1;
      const a = section ? axisOf(k, section, interleaved) : 0;
      const id = (ids.length === P ? ids[p] : ids[a * P + p]) + offset;
      const angle = id * base ** (-2 * k / r);
      cos[p * r + j] = Math.cos(angle);
      sin[p * r + j] = Math.sin(angle);
    }
  }
  return { cos, sin };
}

const maxErr = (got, want) => want.reduce((m, v, i) => Math.max(m, Math.abs(got[i] - v)), 0);

// ids of a prompt with an image and a video (Qwen2-VL rules)
const prompt = (model = 'qwen2-vl') => pe.compute('mrope-positions', { sequence: 'text:5 image:1x8x12 text:4 video:3x4x6 text:7', model });

test('chunked and interleaved tables against float64 (Qwen2-VL [16, 24, 24], Qwen3-VL [24, 20, 20])', () => {
  const pos = prompt().data;
  const P = pos.length / 3;
  for (const [section, interleaved, dim] of [[[16, 24, 24], false, 128], [[24, 20, 20], true, 128], [[2, 3, 3], false, 16],
    [[4, 2, 2], true, 16], [[8, 0, 0], false, 16], [[0, 0, 8], false, 16]]) {
    for (const layout of ['neox', 'gptj']) {
      for (const offset of [0, 1000]) {
        const m = pe.compute('rope', { positionIds: pos, mropeSection: section, mropeInterleaved: interleaved, dim, layout, offset });
        assert.deepEqual(m.shape, [2, P, dim]);
        const ref = reference({ ids: pos, P, dim, section, interleaved, layout, offset });
        const e = Math.max(maxErr(m.data.subarray(0, P * dim), ref.cos), maxErr(m.data.subarray(P * dim), ref.sin));
        assert.ok(e < 1.2e-7, `${section} ${interleaved} ${layout} ${offset}: ${e}`);
      }
    }
  }
});

test('images wider than the rotation block and repeated grid rows against float64 (rows copied from earlier rows)', () => {
  // grid rows of 300 merged tokens outrun the rotations between direct evaluations; a 1-row image and
  // a video whose frames repeat the same h, w ids
  const ids = pe.compute('mrope-positions', { sequence: 'text:3 image:1x6x600 text:2 video:3x6x8 text:1 image:1x2x2 text:1 image:1x8x8' }).data;
  const P = ids.length / 3;
  for (const [section, interleaved] of [[[2, 3, 3], false], [[4, 2, 2], true], [[0, 0, 8], false]]) {
    for (const layout of ['neox', 'gptj']) {
      for (const offset of [0, 123456]) {
        for (const positionIds of [ids, [...ids]]) {
          const m = pe.compute('rope', { positionIds, mropeSection: section, mropeInterleaved: interleaved, dim: 16, layout, offset });
          const ref = reference({ ids, P, dim: 16, section, interleaved, layout, offset });
          const e = Math.max(maxErr(m.data.subarray(0, P * 16), ref.cos), maxErr(m.data.subarray(P * 16), ref.sin));
          assert.ok(e < 1.2e-7, `${section} ${interleaved} ${layout} ${offset}: ${e}`);
        }
      }
    }
  }
});

test('interleaved layout: HF apply_interleaved_mrope puts h on k = 1, 4, .. < 3 s_h and w on k = 2, 5, .. < 3 s_w', () => {
  // Qwen3-VL: head_dim 128, mrope_section [24, 20, 20]: k = 0 t, 1 h, 2 w, ..., 58 w, 59 h? no: 59 = 2 mod 3 < 60 -> w
  const axes = Array.from({ length: 64 }, (_, k) => 'thw'[axisOf(k, [24, 20, 20], true)]).join('');
  assert.equal(axes, 'thw'.repeat(20) + 'tttt');
  // a single h id differs from t and w: exactly the h columns change
  const base = { mropeSection: [24, 20, 20], mropeInterleaved: true, dim: 128 };
  const a = pe.compute('rope', { ...base, positionIds: [5, 5, 5] , positions: 1 });
  const b = pe.compute('rope', { ...base, positionIds: [5, 9, 5] });
  for (let j = 0; j < 128; j++) {
    const k = j % 64;
    assert.equal(a.data[j] !== b.data[j], axes[k] === 'h' && k !== 0, `column ${j}`);
  }
});

test('equal t/h/w rows (text) equal plain RoPE bit for bit, for every scaling and partial rotary', () => {
  const scalings = [{}, { rope_type: 'linear', factor: 4 }, { rope_type: 'dynamic', factor: 2 }, { rope_type: 'yarn', factor: 4 },
    { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 64 },
    { type: 'mrope', mrope_section: [8, 12, 12] }];
  const P = 700;
  const one = Array.from({ length: P }, (_, i) => i);
  for (const ropeScaling of scalings) {
    const plain = pe.compute('rope', { positions: P, dim: 64, ropeScaling, seqLen: 4096, offset: 3 });
    for (const [positionIds, extra] of [[one, { positions: P }], [[...one, ...one, ...one], { mropeSection: [8, 12, 12] }],
      [one, { mropeSection: [8, 12, 12], positions: P }], [[...one, ...one, ...one], { mropeSection: [12, 10, 10], mropeInterleaved: true }]]) {
      if (ropeScaling.mrope_section && extra.mropeSection && `${extra.mropeSection}` !== `${ropeScaling.mrope_section}`) continue;  // disagree: EINVAL
      const m = pe.compute('rope', { positionIds, dim: 64, ropeScaling, seqLen: 4096, offset: 3, ...extra });
      assert.deepEqual(m.data, plain.data, JSON.stringify({ ropeScaling, extra }));
      assert.deepEqual(m.info, plain.info);
    }
  }
  // partial rotary: the rotary part only (r = 32 of 64)
  const part = pe.compute('rope', { positionIds: [...one, ...one, ...one], dim: 64, partialRotaryFactor: 0.5, mropeSection: [4, 6, 6] });
  assert.deepEqual(part.data, pe.compute('rope', { positions: P, dim: 64, partialRotaryFactor: 0.5 }).data);
});

test('every ropeScaling type composes: each column equals a plain table of that scaling at its axis id', () => {
  const pos = prompt('qwen2.5-vl').data;
  const P = pos.length / 3;
  const maxId = Math.max(...pos);
  for (const ropeScaling of [{}, { rope_type: 'linear', factor: 3 }, { rope_type: 'yarn', factor: 8, original_max_position_embeddings: 32 },
    { rope_type: 'longrope', factor: 4, original_max_position_embeddings: 16, short_factor: Array(16).fill(1.5), long_factor: Array(16).fill(3) }]) {
    for (const interleaved of [false, true]) {
      const section = interleaved ? [6, 5, 5] : [4, 6, 6];
      const p = { dim: 40, partialRotaryFactor: 0.8, ropeScaling, seqLen: 100 };
      const m = pe.compute('rope', { ...p, positionIds: pos, mropeSection: section, mropeInterleaved: interleaved });
      const plain = pe.compute('rope', { ...p, positions: maxId + 1 });
      const r = 32, h = 16;
      assert.deepEqual(m.info, plain.info);
      for (let part = 0; part < 2; part++) {
        for (let row = 0; row < P; row++) {
          for (let j = 0; j < r; j++) {
            const a = axisOf(j % h, section, interleaved);
            const want = plain.data[part * (maxId + 1) * r + pos[a * P + row] * r + j];
            const got = m.data[part * P * r + row * r + j];
            assert.ok(Math.abs(got - want) <= 2e-7 * Math.max(1, Math.abs(plain.info.attentionFactor)), `${JSON.stringify(ropeScaling)} ${row} ${j}`);
          }
        }
      }
    }
  }
});

test('rope-apply rotates by the M-RoPE tables; columns beyond r pass through; rope-frequencies ignores the ids', () => {
  const pos = prompt().data;
  const P = pos.length / 3, dim = 24, r = 16, h = 8;
  const x = Float32Array.from({ length: P * dim }, (_, i) => Math.sin(i * 0.37));
  const p = { mropeSection: [2, 3, 3], partialRotaryFactor: 2 / 3, dim };
  const t = pe.compute('rope', { ...p, positionIds: pos });
  for (const layout of ['neox', 'gptj']) {
    const o = pe.compute('rope-apply', { ...p, positionIds: pos, x, layout });
    const tl = pe.compute('rope', { ...p, positionIds: pos, layout });
    for (let row = 0; row < P; row++) {
      for (let k = 0; k < h; k++) {
        const a = layout === 'neox' ? k : 2 * k, b = layout === 'neox' ? k + h : 2 * k + 1;
        const c = tl.data[row * r + a], s = tl.data[P * r + row * r + a];
        const xa = x[row * dim + a], xb = x[row * dim + b];
        assert.ok(Math.abs(o.data[row * dim + a] - (xa * c - xb * s)) < 3e-7);
        assert.ok(Math.abs(o.data[row * dim + b] - (xb * c + xa * s)) < 3e-7);
      }
      for (let j = r; j < dim; j++) assert.equal(o.data[row * dim + j], x[row * dim + j]);
    }
  }
  assert.equal(t.shape[1], P);
  const f = pe.compute('rope-frequencies', { ...p, positionIds: pos });
  assert.deepEqual(f.data, pe.compute('rope-frequencies', { dim, partialRotaryFactor: 2 / 3 }).data);
});

test('positions rules and errors', () => {
  // positions defaults to len (len / 3 with mropeSection); a P array with mropeSection serves every axis
  assert.deepEqual(pe.compute('rope', { positionIds: [4, 5, 6], dim: 8 }).shape, [2, 3, 8]);
  assert.deepEqual(pe.compute('rope', { positionIds: [4, 5, 6], dim: 8, mropeSection: [2, 1, 1] }).shape, [2, 1, 8]);
  assert.deepEqual(pe.compute('rope', { positionIds: [4, 5, 6], dim: 8, mropeSection: [2, 1, 1], positions: 3 }).data,
    pe.compute('rope', { positionIds: [4, 5, 6], dim: 8 }).data);
  assert.deepEqual(pe.compute('rope', { positionIds: Int32Array.of(-7, 2 ** 31 - 1), dim: 8 }).shape, [2, 2, 8]);
  assert.deepEqual(pe.compute('rope', { positionIds: [], dim: 8 }).shape, [2, 0, 8]);
  // rope_type 'mrope' is default; ropeScaling's section is used alone
  assert.deepEqual(pe.compute('rope', { dim: 8, ropeScaling: { type: 'mrope' } }).data, pe.compute('rope', { dim: 8 }).data);
  assert.deepEqual(pe.compute('rope', { dim: 8, positionIds: [1, 2, 3, 4, 5, 6], ropeScaling: { rope_type: 'mrope', mrope_section: [2, 1, 1] } }).data,
    pe.compute('rope', { dim: 8, positionIds: [1, 2, 3, 4, 5, 6], mropeSection: [2, 1, 1] }).data);
  const t = (params, code, param, kind = 'rope') => throwsWith(() => pe.compute(kind, { dim: 8, ...params }), code, param);
  for (const kind of ['rope', 'rope-frequencies', 'rope-apply']) {
    const x = kind === 'rope-apply' ? { x: new Float32Array(24) } : {};
    t({ ...x, ...(x.x ? { x: new Float32Array(16) } : {}), positionIds: [1, 2, 3], positions: 2 }, 'EINVAL', 'positionIds', kind);
    t({ ...x, positionIds: [1, 2, 3], step: 2 }, 'EINVAL', 'step', kind);
    t({ ...x, positionIds: [1, 2, 3], mropeSection: [2, 1, 2] }, 'ERANGE', 'mropeSection', kind);
    t({ ...x, positionIds: [1, 2.5, 3] }, 'EINVAL', 'positionIds', kind);
    t({ ...x, positionIds: [1, 2 ** 31, 3] }, 'ERANGE', 'positionIds', kind);
    t({ ...x, positionIds: [1, -(2 ** 31) - 1, 3] }, 'ERANGE', 'positionIds', kind);
    t({ ...x, mropeSection: [2, 2] }, 'EINVAL', 'mropeSection', kind);
    t({ ...x, mropeSection: [2, -1, 3] }, 'ERANGE', 'mropeSection', kind);
    t({ ...x, mropeInterleaved: true }, 'EINVAL', 'mropeInterleaved', kind);
    t({ ...x, ropeScaling: { mrope_interleaved: true } }, 'EINVAL', 'ropeScaling.mrope_interleaved', kind);
    t({ ...x, mropeSection: [2, 1, 1], ropeScaling: { mrope_section: [1, 2, 1] } }, 'EINVAL', 'mropeSection', kind);
    t({ ...x, mropeSection: [2, 1, 1], mropeInterleaved: false, ropeScaling: { mrope_interleaved: true } }, 'EINVAL', 'mropeInterleaved', kind);
    // interleaving needs s_h, s_w slots: r/2 = 4 holds 3 s_h - 2 < 4 -> s_h <= 1, 3 s_w - 1 < 4 -> s_w <= 1
    t({ ...x, mropeSection: [2, 2, 0], mropeInterleaved: true }, 'ERANGE', 'mropeSection', kind);
    t({ ...x, mropeSection: [2, 0, 2], mropeInterleaved: true }, 'ERANGE', 'mropeSection', kind);
  }
  // a 3P array without mropeSection
  t({ positionIds: [1, 2, 3, 4, 5, 6], positions: 2 }, 'EINVAL', 'positionIds');
  t({ positionIds: [1, 2, 3, 4], mropeSection: [2, 1, 1] }, 'EINVAL', 'positionIds');
  t({ positionIds: [1, 2], x: new Float32Array(24) }, 'EINVAL', 'positionIds', 'rope-apply');
  assert.deepEqual(pe.compute('rope', { dim: 8, mropeSection: [2, 1, 1], mropeInterleaved: true, positions: 2 }).shape, [2, 2, 8]);
  // an Int32Array goes to C as it is (pe_set_iarray32): the tables and the errors of the same numbers
  const ids = prompt().data;
  for (const kind of ['rope', 'rope-apply']) {
    const x = kind === 'rope-apply' ? { x: Float32Array.from({ length: ids.length / 3 * 8 }, (_, i) => i % 7 - 3) } : {};
    assert.deepEqual(pe.compute(kind, { ...x, dim: 8, positionIds: ids, mropeSection: Int32Array.of(2, 1, 1), offset: 3 }).data,
      pe.compute(kind, { ...x, dim: 8, positionIds: [...ids], mropeSection: [2, 1, 1], offset: 3 }).data);
  }
  for (const section of [[2, -1, 3], [2, 1, 2], [2, 1, 1, 0]]) {
    const e = (s) => { try { pe.compute('rope', { dim: 8, positionIds: [1, 2, 3], mropeSection: s }); } catch (err) { return err; } };
    const a = e(Int32Array.from(section)), b = e(section);
    assert.ok(a && b, `${section} is refused`);
    assert.deepEqual([a.code, a.param, a.message], [b.code, b.param, b.message]);
  }
});
