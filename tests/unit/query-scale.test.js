// query-scale: Llama 4's NoPE-layer query temperature. The reference mirrors transformers'
// Llama4TextAttention.forward (huggingface/transformers src/transformers/models/llama4/modeling_llama4.py,
// commit 63210d0e3b74c2119b7998ff65bc6a2729283626):
//   attn_scales = torch.log1p(torch.floor((positions.float() + 1.0) / self.floor_scale)) * self.attn_scale + 1.0
// every operation in float32 (Math.fround after each), log1p rounded once from double. A float64
// reference of the formula bounds it, and the float32 quirks (positions beyond 2^24) are pinned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();
const f = Math.fround;

function torchFloat32({ positions = 50, offset = 0, step = 1, floorScale = 8192, attnScale = 0.1 }) {
  const out = new Float32Array(positions);
  for (let row = 0; row < positions; row++) {
    const p = f(offset + row * step);
    const fl = Math.floor(f(f(p + 1) / f(floorScale)));
    out[row] = f(f(f(Math.log1p(fl)) * f(attnScale)) + 1);
  }
  return out;
}

const float64 = (p, floorScale = 8192, attnScale = 0.1) => Math.log(Math.floor((p + 1) / floorScale) + 1) * attnScale + 1;

test('Llama 4 Scout values (floor_scale 8192, attn_scale 0.1): 1 until position 8190, log(2)/10 + 1 from 8191', () => {
  const { data, shape, dtype } = pe.compute('query-scale', { positions: 4, offset: 8189 });
  assert.deepEqual(shape, [4]);
  assert.equal(dtype, 'float32');
  assert.deepEqual([...data], [1, 1, f(f(f(Math.LN2) * f(0.1)) + 1), f(f(f(Math.LN2) * f(0.1)) + 1)]);
  assert.equal(pe.compute('query-scale', { positions: 1, offset: 16383 }).data[0], f(f(f(Math.log(3)) * f(0.1)) + 1));
  // at 10M tokens (Scout's context): floor(10^7 / 8192) = 1220
  assert.equal(pe.compute('query-scale', { positions: 1, offset: 1e7 - 1 }).data[0], f(f(f(Math.log(1221)) * f(0.1)) + 1));
});

test('every row equals the float32 mirror of transformers, and lies within float32 rounding of the float64 formula', () => {
  for (const params of [
    { positions: 100 }, { positions: 300, offset: 8000 }, { positions: 200, step: 997, offset: 3 },
    { positions: 50, floorScale: 1, attnScale: 0.5 }, { positions: 64, floorScale: 3.5, attnScale: -0.25, step: 7 },
    { positions: 40, offset: 2 ** 30 - 100, step: 3, floorScale: 8192 }, { positions: 10, floorScale: 1e-3, offset: 123456 },
  ]) {
    const { data } = pe.compute('query-scale', params);
    assert.deepEqual([...data], [...torchFloat32(params)], JSON.stringify(params));
    for (let row = 0; row < data.length; row++) {
      const p = (params.offset ?? 0) + row * (params.step ?? 1);
      if (p >= 2 ** 24) continue;  // positions.float() rounds p itself beyond 2^24
      const want = float64(p, params.floorScale, params.attnScale);
      assert.ok(Math.abs(data[row] - want) <= 4 * 2 ** -23 * Math.max(1, Math.abs(want)), `${JSON.stringify(params)} row ${row}: ${data[row]} vs ${want}`);
    }
  }
});

test('the division is float32 with floorScale rounded to float32, as torch does it: floor can differ from exact arithmetic', () => {
  // floorScale 0.3: float32(0.3) = 0.30000001192..., so (8 + 1) / 0.3 floors to 29 (exactly: 30)
  const { data } = pe.compute('query-scale', { positions: 1, offset: 8, floorScale: 0.3, attnScale: 1 });
  assert.equal(data[0], f(f(Math.log(30)) + 1));
  assert.notEqual(data[0], f(Math.log(31) + 1));
});

test('refusals name their parameter', () => {
  throwsWith(() => pe.compute('query-scale', { offset: -1 }), 'ERANGE', 'offset');
  throwsWith(() => pe.compute('query-scale', { floorScale: 0 }), 'ERANGE', 'floorScale');
  throwsWith(() => pe.compute('query-scale', { attnScale: NaN }), 'EINVAL', 'attnScale');
  throwsWith(() => pe.compute('query-scale', { positions: 2 ** 24, offset: 2 ** 30, step: 2 ** 20 }), 'ERANGE', 'step');
});

// Mistral 3 / Ministral 3 (modeling_ministral3 get_llama_4_attn_scale): 1 + beta · log(1 + floor(p / original)),
// in float32, on every layer: shift 0 (Llama 4 floors (p + 1) / floor_scale).
test('shift 0: Mistral 3\'s scale steps at p = original, not at p = original - 1 as Llama 4\'s does', () => {
  const orig = 16384, beta = 0.1;
  const { data } = pe.compute('query-scale', { positions: 4, offset: orig - 2, shift: 0, floorScale: orig, attnScale: beta });
  const llama = pe.compute('query-scale', { positions: 4, offset: orig - 2, floorScale: orig, attnScale: beta }).data;
  const want = (p) => f(f(f(Math.log(1 + Math.floor(f(p) / orig))) * f(beta)) + 1);
  assert.deepEqual([...data], [orig - 2, orig - 1, orig, orig + 1].map(want));
  assert.deepEqual([...data], [1, 1, want(orig), want(orig)]);
  assert.deepEqual([...llama], [1, want(orig), want(orig), want(orig)]);
  throwsWith(() => pe.compute('query-scale', { shift: 2 }), 'ERANGE', 'shift');
});
