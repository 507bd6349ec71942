// pe.check on caches torch itself made and held in an engine's narrow dtype (tests/check/torch-caches.py,
// run at test time with Debian's /usr/bin/python3 and its python3-torch): transformers' float32 pipeline,
// then .to(bfloat16 / float16). Such a table and posenc's reference, both rounded from float32 values
// within the float32 bound of each other, can sit one ulp of the narrow dtype apart (one on each side
// of a rounding boundary): that one ulp at the value is allowed, two are not; real mistakes still differ.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';

const pe = await load();
const dir = mkdtempSync(join(tmpdir(), 'posenc-cast-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
// no skip without torch: the file fails here (build.sh setup installs python3-torch)
execFileSync('/usr/bin/python3', [fileURLToPath(new URL('../check/torch-caches.py', import.meta.url)), dir]);
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const cli = fileURLToPath(new URL('../../web/cli.js', import.meta.url));
const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
const bytesOf = (c) => new Uint8Array(readFileSync(join(dir, c.file)));
const configFile = (c) => {
  const path = join(dir, `${c.file}.config.json`);
  writeFileSync(path, JSON.stringify(c.config));
  return path;
};

// One step of the narrow grid at |v| (v a value of that dtype), from its float32 bits' exponent.
const ulpAt = (v, dtype) => {
  const e = Math.floor(Math.log2(Math.abs(v)));
  return dtype === 'bfloat16' ? 2 ** (Math.max(e, -126) - 7) : 2 ** (Math.max(e, -14) - 10);
};

const EXACT = ['llama31 bf16', 'llama31 f16', 'qwen3 yarn bf16'];

for (const name of EXACT) {
  test(`${name}: torch's cos and sin check exact with dtype and freqDtype float32, and by the file's dtype alone`, () => {
    const c = index[name];
    const bytes = bytesOf(c);
    const params = pe.ropeFromConfig(c.config, { layer: 0 });
    const ref = pe.compute('rope', { ...params, positions: 32768, dtype: c.dtype, freqDtype: 'float32' });
    for (const [plane, tensor] of ['cos', 'sin'].entries()) {
      const t = pe.readTensor(bytes, { name: tensor });
      assert.equal(t.dtype, c.dtype);
      assert.deepEqual(t.shape, [32768, 128]);
      // torch's table and posenc's float32 pipeline rounded the same way: equal but for ties one ulp
      // apart where |v| >= 1/4 (nearer 0 the float32 bound, absolute, is more than an ulp: a few
      // medium-band inverse frequencies differ by an ulp, so do the angles at large positions)
      let ties = 0;
      const want = ref.data.subarray(plane * t.data.length, (plane + 1) * t.data.length);
      for (let i = 0; i < t.data.length; i++) {
        if (t.data[i] === want[i]) continue;
        ties++;
        const m = Math.max(Math.abs(t.data[i]), Math.abs(want[i]));
        if (m >= 0.25) assert.ok(Math.abs(t.data[i] - want[i]) <= ulpAt(m, c.dtype), `${tensor} element ${i}: ${t.data[i]} vs ${want[i]}`);
      }
      assert.ok(ties > 10, `${name} ${tensor}: ${ties} ties (the case this allowance is for)`);
      const r = pe.check(t, { config: c.config, layer: 0, dtype: c.dtype, freqDtype: 'float32' }, { what: tensor });
      assert.equal(r.exact, true, `${name} ${tensor}: ${r.badElements} bad, first ${JSON.stringify(r.firstBad)}`);
      assert.equal(r.badElements, 0);
      assert.deepEqual(r.diagnosis, []);
      assert.ok(r.maxAbsError > 0 && r.maxAbsError <= r.tolerance, `${r.maxAbsError} ${r.tolerance}`);
      assert.equal(r.params.dtype, c.dtype);
      assert.equal(r.params.freqDtype, 'float32');
      // the file says the dtype: the reference is rounded to it without being told (angles in double)
      const d = pe.check(t, { config: c.config, layer: 0 }, { what: tensor });
      assert.equal(d.exact, true, `${name} ${tensor} by the file's dtype: ${d.badElements} bad`);
      assert.equal(d.params.dtype, c.dtype);
    }
  });
}

test('the same caches through the CLI: --dtype and --freq-dtype with --config; exit 0', () => {
  for (const name of EXACT) {
    const c = index[name];
    for (const tensor of ['cos', 'sin']) {
      const r = run('check', join(dir, c.file), '--tensor', tensor, '--config', configFile(c), '--layer', '0',
        '--dtype', c.dtype, '--freq-dtype', 'float32');
      assert.equal(r.status, 0, `${name} ${tensor}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, new RegExp(`:${tensor} ${c.dtype} \\[32768, 128\\] read as ${tensor} against ${c.dtype}: exact`));
    }
  }
  const j = run('check', join(dir, index['llama31 bf16'].file), '--tensor', 'cos', '--config', configFile(index['llama31 bf16']),
    '--dtype', 'bfloat16', '--freq-dtype', 'float32', '--json');
  assert.equal(j.status, 0, j.stderr);
  assert.deepEqual([JSON.parse(j.stdout).params.dtype, JSON.parse(j.stdout).params.freqDtype], ['bfloat16', 'float32']);
  const bad = run('check', join(dir, index['llama31 bf16'].file), '--tensor', 'cos', '--config', configFile(index['llama31 bf16']), '--dtype', 'bfloat17');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /dtype/);
});

test('raw bfloat16 bits read with shape and dtype, and a float16 .npy, check exact', () => {
  const c = index['llama31 bf16 raw'];
  const t = pe.readTensor(bytesOf(c), { shape: c.shape, dtype: 'bfloat16' });
  const r = pe.check(t, { config: c.config, layer: 0, dtype: 'bfloat16', freqDtype: 'float32' }, { what: 'cos' });
  assert.equal(r.exact, true, `${r.badElements} bad`);
  const d = pe.check(t, { config: c.config, layer: 0 });
  assert.deepEqual([d.what, d.exact, d.params.dtype], ['cos', true, 'bfloat16']);
  const n = index['llama31 f16 npy'];
  const h = pe.readTensor(bytesOf(n));
  assert.equal(h.dtype, 'float16');
  const e = pe.check(h, { config: n.config, layer: 0 });
  assert.deepEqual([e.what, e.exact, e.params.dtype], ['cos', true, 'float16']);
  const out = run('check', join(dir, n.file), '--config', configFile(n));
  assert.equal(out.status, 0, out.stdout + out.stderr);
  assert.match(out.stdout, /float16 \[32768, 128\] read as cos against float16: exact/);
});

test('a wrong base in bfloat16 still differs, diagnosed as base; also through the CLI', () => {
  const c = index['llama31 base 10000 bf16'];
  const bytes = bytesOf(c);
  for (const tensor of ['cos', 'sin']) {
    const t = pe.readTensor(bytes, { name: tensor });
    for (const target of [{ config: c.config, layer: 0, dtype: 'bfloat16', freqDtype: 'float32' }, { config: c.config, layer: 0 }]) {
      const r = pe.check(t, target, { what: tensor });
      assert.equal(r.exact, false);
      assert.ok(r.badElements > 1e6, `${r.badElements}`);
      assert.equal(r.diagnosis[0].cause, 'base', JSON.stringify(r.diagnosis));
      assert.deepEqual(r.diagnosis[0].fix, { base: 10000 });
      assert.equal(r.diagnosis[0].badElements, 0);
      assert.ok(r.diagnosis[0].maxAbsError <= r.diagnosis[0].tolerance);
    }
  }
  const r = run('check', join(dir, c.file), '--tensor', 'cos', '--config', configFile(c), '--dtype', 'bfloat16', '--freq-dtype', 'float32');
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /differs/);
  assert.match(r.stdout, /diagnosis: base: fix \{"base":10000\} leaves max abs error [0-9.e-]+ \(0 over the bound\)/);
});

test('the same table not saying its dtype: diagnosed precision, and the fix leaves nothing over the bound', () => {
  for (const name of ['llama31 bf16', 'llama31 f16', 'qwen3 yarn bf16']) {
    const c = index[name];
    const t = pe.readTensor(bytesOf(c), { name: 'cos' });
    const r = pe.check({ shape: t.shape, data: t.data }, { config: c.config, layer: 0 });
    assert.equal(r.exact, false, name);
    assert.ok(r.badElements > 1e5, `${name}: ${r.badElements}`);
    const d = r.diagnosis[0];
    assert.equal(d.cause, 'precision', `${name}: ${JSON.stringify(r.diagnosis)}`);
    assert.deepEqual(d.fix, { dtype: c.dtype, freqDtype: 'float32' });
    assert.equal(d.badElements, 0, name);
    assert.ok(d.maxAbsError > 0 && d.maxAbsError <= d.tolerance, `${name}: ${d.maxAbsError} ${d.tolerance}`);
    // the fix as the target's fields: exact
    assert.equal(pe.check({ shape: t.shape, data: t.data }, { config: c.config, layer: 0, ...d.fix }).exact, true, name);
  }
});

// Elements of the torch table equal to the reference, with |v| in [0.52, 1) in rows < `rows` (where
// the float32 bound is below one ulp), every 5th, moved `steps` ulps toward zero (a bf16/f16 value's
// float32 bits: one ulp is 2^16 / 2^13 of them).
function moved(t, want, dtype, rows, steps) {
  const data = t.data.slice(), bits = new Uint32Array(data.buffer);
  const unit = dtype === 'bfloat16' ? 1 << 16 : 1 << 13;
  let n = 0, seen = 0;
  for (let i = 0; i < rows * 128; i++) {
    const v = Math.abs(data[i]);
    if (data[i] !== want[i] || v < 0.52 || v >= 1 || seen++ % 5) continue;
    bits[i] -= steps * unit;
    n++;
  }
  return { data, n };
}

test('one ulp at the value and no more: a table two ulps off in many elements is reported, each of them', () => {
  for (const [name, rows] of [['llama31 bf16', 2048], ['llama31 f16', 128]]) {
    const c = index[name];
    const t = pe.readTensor(bytesOf(c), { name: 'cos' });
    const want = pe.compute('rope', { ...pe.ropeFromConfig(c.config, { layer: 0 }), positions: 32768, dtype: c.dtype, freqDtype: 'float32' }).data;
    const target = { config: c.config, layer: 0, dtype: c.dtype, freqDtype: 'float32' };
    const two = moved(t, want, c.dtype, rows, 2);
    assert.ok(two.n > 1000 / (name.includes('f16') ? 10 : 1), `${name}: ${two.n} moved`);
    const r = pe.check({ ...t, data: two.data }, target, { what: 'cos' });
    assert.equal(r.exact, false, name);
    assert.equal(r.badElements, two.n, name);
    // one ulp in the same elements: the allowance
    const one = moved(t, want, c.dtype, rows, 1);
    assert.equal(pe.check({ ...t, data: one.data }, target, { what: 'cos' }).exact, true, name);
  }
});

test('other kinds held in bfloat16: one ulp at each value by the tensor\'s or the target\'s dtype; bad dtypes refused', () => {
  const a = pe.compute('alibi', { heads: 12, queries: 64 });
  // ALiBi's biases rounded to bfloat16 (nearest even), as raw bits
  const f = new Uint32Array(a.data.slice().buffer), b = new Uint16Array(f.length);
  for (let i = 0; i < f.length; i++) b[i] = (f[i] + 0x7fff + ((f[i] >>> 16) & 1)) >>> 16;
  const t = pe.readTensor(new Uint8Array(b.buffer), { shape: a.shape, dtype: 'bfloat16' });
  assert.ok(t.data.some((v, i) => v !== a.data[i]));
  const target = { kind: 'alibi', params: { heads: 12, queries: 64 } };
  assert.equal(pe.check(t, target).exact, true);
  const plain = { shape: t.shape, data: t.data };
  assert.equal(pe.check(plain, target).exact, false);
  assert.equal(pe.check(plain, { ...target, dtype: 'bfloat16' }).exact, true);
  throwsWith(() => pe.check(plain, { ...target, dtype: 'bfloat17' }), 'EINVAL', 'dtype');
  throwsWith(() => pe.check(plain, { ...target, freqDtype: 'float32' }), 'EINVAL', 'freqDtype');
  const c = index['llama31 bf16'];
  const cos = pe.readTensor(bytesOf(c), { name: 'cos' });
  throwsWith(() => pe.check(cos, { config: c.config, layer: 0, freqDtype: 'float64' }), 'EINVAL', 'freqDtype');
  throwsWith(() => pe.check(cos, { config: c.config, layer: 0, dtype: 'float64' }), 'EINVAL', 'dtype');
  assert.equal(pe.check(t, target).exact, true);  // the instance keeps working
});
