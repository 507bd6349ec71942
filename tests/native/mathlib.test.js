// The library's own maths (c/mathlib.c: log, exp, exp2, pow, the pi/2 reduction of large arguments)
// and the kernel's seeds (pe__sincos) through build/native/mathlib-check (tests/mathlib/check.c,
// built by `bash build.sh native`): against x87 long double and glibc natively, bit for bit between
// the native and the wasm build, exhaustively where T5/DeBERTa depend on the float32 rounding of a
// logarithm; the reduction against an independent BigInt computation of 2/pi; and the public API's
// large-angle seeds against Math.sin/Math.cos.
import { mulberry32 } from '../random.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from '../../web/posenc.js';
import { buildNative, root } from './build.js';

const checker = join(root, 'build/native/mathlib-check');

const skip = buildNative();

function check(args, input) {
  const r = spawnSync(checker, args, { encoding: 'utf8', input, maxBuffer: 64 * 2 ** 20 });
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  return r.stdout.trimEnd().split('\n').map((l) => l.split(' '));
}

test('wasm and native builds give the same result bits (seeds through the SIMD path too)', { skip }, () => {
  const n = 200000;
  const bytes = readFileSync(`${checker}.wasm`);
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
  exports._initialize();
  const native = check(['digest', String(n)]);
  assert.deepEqual(native.map((l) => l[0]), ['log', 'exp', 'exp2', 'pow', 'seeds', 'rem']);
  native.forEach(([name, hex], fn) => {
    const wasm = BigInt.asUintN(64, exports.pe_check_digest(fn, n)).toString(16).padStart(16, '0');
    assert.equal(wasm, hex, name);
  });
});

test('log, exp, exp2: within 0.5005 ulp of long double, pow within 0.53 (0.5005 where the families call it)', { skip }, (t) => {
  const n = 1000000;
  const lines = check(['ulp', String(n)]);
  assert.deepEqual(lines.filter((l) => l[0] === 'bad'), [], 'subnormal results off by an ulp or more');
  // log, exp, exp2 round a double-double (0.5000 measured); pow too where |y ln x| < 72, which
  // covers every call the families make; near |y ln x| = 745 the logarithm's last bits show
  const bound = { log: 0.5005, exp: 0.5005, exp2: 0.5005, pow: 0.53, 'pow-small': 0.5005 };
  assert.deepEqual(lines.filter((l) => l[0] !== 'bad').map((l) => l[0]), Object.keys(bound), 'the functions checked');
  const small = lines.find((l) => l[0] === 'pow-small');
  assert.ok(small && +small[2] < bound['pow-small'], `pow, |y ln x| < 72: ${small?.[2]} ulp`);
  t.diagnostic(`pow where |y ln x| < 72: max ${small[2]} ulp`);
  for (const [name, count, worst, glibc, , subnormal] of lines.filter((l) => l[0] !== 'pow-small')) {
    assert.equal(+count, n, name);
    assert.ok(+worst < bound[name], `${name}: ${worst} ulp (glibc ${glibc})`);
    assert.ok(+worst > 0.49, `${name}: ${worst} ulp: the check measured nothing`);
    if (name !== 'log') assert.ok(+subnormal > 1000, `${name}: ${subnormal} subnormal results checked`);
    t.diagnostic(`${name}: max ${worst} ulp (glibc ${glibc}) over ${count}`);
  }
});

test('float32(log x) equals glibc\'s on every float in [2^-30, 2^31) and on the T5 ratios', { skip }, () => {
  const lines = Object.fromEntries(check(['logf']).map(([name, ...v]) => [name, v.map(Number)]));
  assert.deepEqual(lines['logf-floats'], [61 * 2 ** 23, 0]);  // every float of 61 binades, none differs
  assert.deepEqual(lines['logf-t5'], [(2 ** 22) * 16 - (2 ** 16 - 1) + 20000000, 0]);
});

test('seeds: sin and cos within 2e-16 of sinl/cosl for |x| from 2^-10 to 2^1024', { skip }, (t) => {
  const lines = check(['seeds', '200000']);
  assert.equal(lines.length, 7);
  for (const [, lo, hi, , worst] of lines) {
    assert.ok(+worst < 2e-16 && +worst > 1e-17, `2^${lo} .. 2^${hi}: ${worst}`);
    t.diagnostic(`|x| in 2^${lo} .. 2^${hi}: max error ${worst}`);
  }
});

// ---- pi/2 reduction against BigInt --------------------------------------------------------------

const K = 1600n;  // fraction bits of the fixed-point reference
function atanInv(n) {  // atan(1/n) 2^K
  let sum = 0n, term = (1n << K) / n, k = 1n, sign = 1n;
  for (const n2 = n * n; term; term /= n2, k += 2n, sign = -sign) sum += sign * (term / k);
  return sum;
}
const PI = 16n * atanInv(5n) - 4n * atanInv(239n);  // Machin; error a few units of 2^-K
const TWO_OVER_PI = (2n << (2n * K)) / PI;
const PI_2 = PI / 2n;

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const bitsOf = (x) => (f64[0] = x, u64[0]);
const fromBits = (u) => (u64[0] = u, f64[0]);
// x = m 2^e exactly
function decompose(x) {
  const u = bitsOf(Math.abs(x)), ex = Number(u >> 52n);
  return ex ? [(u & (2n ** 52n - 1n)) | (1n << 52n), BigInt(ex - 1075)] : [u, -1074n];
}
// r = x - n pi/2, |r| <= pi/4, as a 2^-K fixed-point BigInt, and n mod 4
function reduce(x) {
  const [m, e] = decompose(x);
  let y = m * TWO_OVER_PI;  // x 2/pi 2^(K - e)
  y = e >= 0n ? y << e : y >> -e;
  const n = (y + (1n << (K - 1n))) >> K;
  let r = ((y - (n << K)) * PI_2) >> K;
  let q = Number(n % 4n);
  if (x < 0) r = -r, q = (4 - q) % 4;
  return [r, q];
}
const toFixed = (x) => { const [m, e] = decompose(x); const v = e + K >= 0n ? m << (e + K) : m >> -(e + K); return x < 0 ? -v : v; };

test('pi/2 reduction: within 0.5 ulp(r) + 2e-19 of an independent BigInt reduction, any finite x', { skip }, (t) => {
  const MULLER = 6381956970095103 * 2 ** 797;  // the double closest to a multiple of pi/2
  const xs = [1.6e9, -1.6e9, 2 ** 31, 1e15, 2 ** 52 + 1, 2 ** 53, 1e22, 2 ** 100, 2 ** 1023, Number.MAX_VALUE,
    -Number.MAX_VALUE, MULLER, -MULLER, 1, 0.75, Math.PI / 4];
  const rand = mulberry32(5);
  for (let i = 0; i < 3000; i++) {  // log-uniform in [1, 2^1024), both signs
    xs.push((rand() < 0.5 ? -1 : 1) * 2 ** (rand() * 1023) * (1 + rand() / 2));
  }
  const input = xs.map((x) => bitsOf(x).toString(16).padStart(16, '0')).join('\n');
  const lines = check(['rem'], input);
  assert.equal(lines.length, xs.length);
  let worst = 0;
  lines.forEach(([xh, rh, q, es, ec], i) => {
    const x = fromBits(BigInt(`0x${xh}`)), r = fromBits(BigInt(`0x${rh}`));
    assert.equal(x, xs[i]);
    const [ref, qref] = reduce(x);
    const err = Number((toFixed(r) - ref) >> (K - 256n)) * 2 ** -256;
    const ulp = 2 ** (Math.floor(Math.log2(Math.abs(r))) - 52);
    assert.ok(Math.abs(r) <= Math.PI / 4 + 1e-15, `x = ${x}: r = ${r}`);
    assert.equal(+q, qref, `x = ${x}: quadrant`);
    const used = Math.abs(err) / (ulp / 2 + 2e-19);  // fraction of the bound
    assert.ok(used <= 1, `x = ${x}: r = ${r}, error ${err} (ulp ${ulp})`);
    worst = Math.max(worst, used);
    // the seeds made from it (the kernel's polynomial) against sinl/cosl
    assert.ok(+es < 2e-16 && +ec < 2e-16, `x = ${x}: sin, cos off by ${es}, ${ec}`);
  });
  // the closest double to a multiple of pi/2 (Muller): r ~ 5e-19
  const [, rh] = lines[xs.indexOf(MULLER)];
  assert.ok(Math.abs(fromBits(BigInt(`0x${rh}`))) < 1e-18);
  assert.ok(worst > 0.1, `worst ${worst} of the bound: the comparison measured nothing`);
  t.diagnostic(`max |r error| ${worst.toFixed(4)} of 0.5 ulp(r) + 2e-19 over ${xs.length} arguments`);
});

test('public API: rope seeds far beyond 1.6e9 rad (w = 1e6, positions to 2^30) match Math.sin/cos', async () => {
  const pe = await load();
  const step = 2 ** 24, offset = -(2 ** 30), positions = 129;  // step 2^24: every row is a seed
  const m = pe.compute('rope', { dim: 2, positions, offset, step, ropeScaling: { rope_type: 'linear', factor: 1e-6 } });
  const w = 1 / 1e-6;  // inv_freq[0] = 1 / base^0, divided by the factor, as the C forms it
  for (let r = 0; r < positions; r++) {
    const x = (offset + r * step) * w;
    for (const [part, ref] of [[0, Math.cos(x)], [1, Math.sin(x)]]) {
      const got = m.data[(part * positions + r) * 2], f = Math.fround(ref);
      // equal to the float32 rounding of the reference, unless that sits on a float32 midpoint
      if (got !== f) assert.ok(Math.abs(ref - (got + f) / 2) < 1e-15, `row ${r} part ${part}: ${got} vs ${ref}`);
    }
  }
});
