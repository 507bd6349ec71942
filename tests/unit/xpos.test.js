// xpos: scale factors zeta_k^(n/scaleBase) against a float64 reference written here from the
// canonical code, both centerings (microsoft/torchscale · torchscale/component/xpos_relative_position.py
// · XPOS: n = t + floor(-L/2); lucidrains/rotary-embedding-torch · rotary_embedding_torch/
// rotary_embedding_torch.py · RotaryEmbedding.get_scale: n = t - floor(L/2)), downscale;
// literal values printed by the canonical code; properties; errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();

function reference({ positions: L, dim: d, scaleBase = 512, centering = 'torchscale', downscale = false }) {
  const h = d / 2;
  const out = new Float64Array(L * h);
  const first = centering === 'torchscale' ? Math.floor(-L / 2) : -Math.floor(L / 2);
  for (let t = 0; t < L; t++) {
    const n = first + t;
    for (let k = 0; k < h; k++) {
      const zeta = (2 * k + 0.4 * d) / (1.4 * d);
      out[t * h + k] = zeta ** ((downscale ? -n : n) / scaleBase);
    }
  }
  return out;
}

const close = (got, want, rel = 1.2e-7) =>
  got === want || (Number.isFinite(want) && Math.abs(got - want) <= Math.abs(want) * rel);

test('many positions (odd, even, 0), dims, scale bases, both centerings and downscale, against float64', () => {
  for (const positions of [0, 1, 2, 3, 5, 8, 33, 100, 1001, 4096]) {
    for (const dim of [2, 4, 6, 10, 64, 128]) {
      for (const scaleBase of [512, 1, 37.5, 1e5]) {
        for (const centering of ['torchscale', 'lucidrains']) {
          for (const downscale of [false, true]) {
            const p = { positions, dim, scaleBase, centering, downscale };
            if (positions * dim > 100000 && scaleBase !== 512) continue;
            const m = pe.compute('xpos', p);
            assert.deepEqual(m.shape, [positions, dim / 2]);
            assert.ok(m.data instanceof Float32Array);
            const want = reference(p);
            for (let e = 0; e < want.length; e++) {
              if (want[e] > 3.4028234663852886e38 || want[e] < 1e-37) continue;  // beyond float32: below
              if (!close(m.data[e], want[e])) assert.fail(`${JSON.stringify(p)} [${e}]: ${m.data[e]} vs ${want[e]}`);
            }
          }
        }
      }
    }
  }
});

test('zeta_k = (2k + 0.4 d)/(1.4 d): row n = scaleBase holds zeta itself', () => {
  // lucidrains with L = 1025: n = t - 512, so row t = 1024 is n = 512 = scaleBase.
  const d = 8;
  const { data } = pe.compute('xpos', { positions: 1025, dim: d, centering: 'lucidrains' });
  const row = [...data.subarray(1024 * 4, 1025 * 4)];
  assert.deepEqual(row, [0, 1, 2, 3].map((k) => Math.fround((2 * k + 0.4 * d) / (1.4 * d))));
  assert.deepEqual(row.map((v) => +v.toFixed(7)), [0.2857143, 0.4642857, 0.6428571, 0.8214286]);
});

test('literal values printed by the canonical code (torch float32, tolerance a few ulp)', () => {
  // microsoft/torchscale XPOS (xpos_relative_position.py) scale for length 5, head_dim 4, scale_base 512,
  // and lucidrains rotary-embedding-torch get_scale for the same, both run under torch 1.13.1 (CPU).
  const torchscale = [1.0073673725128174, 1.0025922060012817, 1.0049055814743042, 1.0017273426055908,
    1.0024497509002686, 1.0008633136749268, 1.0, 1.0, 0.997556209564209, 0.9991374015808105];
  const lucidrains = [1.0049055814743042, 1.0017273426055908, 1.0024497509002686, 1.0008633136749268,
    1.0, 1.0, 0.997556209564209, 0.9991374015808105, 0.9951183199882507, 0.9982755780220032];
  const a = pe.compute('xpos', { positions: 5, dim: 4 }).data;
  const b = pe.compute('xpos', { positions: 5, dim: 4, centering: 'lucidrains' }).data;
  torchscale.forEach((w, e) => assert.ok(close(a[e], w, 5e-7), `torchscale ${e}`));
  lucidrains.forEach((w, e) => assert.ok(close(b[e], w, 5e-7), `lucidrains ${e}`));
  // torchscale, length 4, head_dim 8, downscale=True (the key scale).
  const keys = [0.9951183795928955, 0.997007429599762, 0.998275637626648, 0.9992319345474243,
    0.997556209564209, 0.9985026121139526, 0.9991374015808105, 0.9996157884597778, 1, 1, 1, 1,
    1.0024497509002686, 1.0014996528625488, 1.0008633136749268, 1.0003843307495117];
  const c = pe.compute('xpos', { positions: 4, dim: 8, downscale: true }).data;
  keys.forEach((w, e) => assert.ok(close(c[e], w, 5e-7), `downscale ${e}`));
});

test('centerings: equal for even L; for odd L torchscale is lucidrains shifted down one row', () => {
  for (const L of [2, 4, 10, 64]) {
    assert.deepEqual(pe.compute('xpos', { positions: L, dim: 6 }).data,
      pe.compute('xpos', { positions: L, dim: 6, centering: 'lucidrains' }).data);
  }
  for (const L of [1, 3, 5, 11, 65]) {
    const ts = pe.compute('xpos', { positions: L, dim: 6 }).data;
    const lr = pe.compute('xpos', { positions: L, dim: 6, centering: 'lucidrains' }).data;
    assert.notDeepEqual(ts, lr);
    // torchscale n = t - ceil(L/2), lucidrains n = t - floor(L/2): ts row t = lr row t - 1.
    for (let t = 1; t < L; t++) assert.deepEqual(ts.subarray(t * 3, t * 3 + 3), lr.subarray((t - 1) * 3, t * 3));
    // The row with n = 0 is all ones: t = ceil(L/2) (torchscale), floor(L/2) (lucidrains).
    const tsOne = Math.ceil(L / 2), lrOne = Math.floor(L / 2);
    if (tsOne < L) assert.deepEqual([...ts.subarray(tsOne * 3, tsOne * 3 + 3)], [1, 1, 1]);
    assert.deepEqual([...lr.subarray(lrOne * 3, lrOne * 3 + 3)], [1, 1, 1]);
  }
  // L = 1: torchscale's only position is n = -1, lucidrains' is n = 0.
  assert.ok(pe.compute('xpos', { positions: 1, dim: 2 }).data[0] > 1);
  assert.equal(pe.compute('xpos', { positions: 1, dim: 2, centering: 'lucidrains' }).data[0], 1);
});

test('query x key scales depend only on the distance: up[m] down[n] = zeta^((m - n)/scaleBase)', () => {
  const L = 300, d = 16, h = d / 2;
  for (const centering of ['torchscale', 'lucidrains']) {
    const up = pe.compute('xpos', { positions: L, dim: d, centering }).data;
    const down = pe.compute('xpos', { positions: L, dim: d, centering, downscale: true }).data;
    for (const [m, n] of [[0, 0], [5, 3], [299, 0], [0, 299], [150, 149], [17, 230]]) {
      for (let k = 0; k < h; k++) {
        const zeta = (2 * k + 0.4 * d) / (1.4 * d);
        assert.ok(close(up[m * h + k] * down[n * h + k], zeta ** ((m - n) / 512), 3e-7), `${centering} ${m},${n},${k}`);
      }
    }
  }
});

test('beyond float32: Infinity (query scale of far negative n) and 0 (its reciprocal)', () => {
  // zeta_0 = 0.4/1.4 < 1; n = -2 with scaleBase 1e-3: zeta_0^(-2000) overflows float32.
  const up = pe.compute('xpos', { positions: 4, dim: 2, scaleBase: 1e-3 }).data;
  const down = pe.compute('xpos', { positions: 4, dim: 2, scaleBase: 1e-3, downscale: true }).data;
  assert.equal(up[0], Infinity);
  assert.equal(down[0], 0);
  assert.equal(up[2], 1);  // n = 0
});

test('errors name the parameter', () => {
  throwsWith(() => pe.compute('xpos', { dim: 5 }), 'ERANGE', 'dim');
  assert.throws(() => pe.compute('xpos', { dim: 5 }), /even/);
  throwsWith(() => pe.compute('xpos', { dim: 0 }), 'ERANGE', 'dim');
  throwsWith(() => pe.compute('xpos', { scaleBase: 0 }), 'ERANGE', 'scaleBase');
  throwsWith(() => pe.compute('xpos', { positions: -1 }), 'ERANGE', 'positions');
  throwsWith(() => pe.compute('xpos', { centering: 'x-transformers' }), 'EINVAL', 'centering');
  throwsWith(() => pe.compute('xpos', { downscale: 'yes' }), 'EINVAL', 'downscale');
  assert.deepEqual(pe.compute('xpos', { positions: 0, dim: 8 }).shape, [0, 4]);
});
