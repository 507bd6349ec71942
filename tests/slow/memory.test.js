// Memory: repeated 1 MiB results must not grow the wasm heap, and a computeView() result dropped
// without free() is released by the wrapper's FinalizationRegistry and reported once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { load } from '../../web/posenc.js';

const pe = await load();
const N = 512;
const params = { queries: N, keys: N };   // relative [512, 512] int32 = exactly 1 MiB
const MiB = 1 << 20;

// relative with align 'start' and offset 0: value[i, j] = j - i (posenc.h).
function checkValues(data) {
  assert.equal(data.byteLength, MiB);
  for (const [i, j] of [[0, 0], [0, N - 1], [N - 1, 0], [17, 300], [N - 1, N - 1]]) {
    assert.equal(data[i * N + j], j - i, `[${i}, ${j}]`);
  }
}

test('10,000 copied 1 MiB results grow the wasm heap by 0 bytes after warm-up', () => {
  for (let c = 0; c < 20; c++) checkValues(pe.compute('relative', params).data);
  const before = pe.memory.buffer.byteLength;
  for (let c = 0; c < 10000; c++) {
    const r = pe.compute('relative', params);
    if (c % 997 === 0) checkValues(r.data);
  }
  assert.equal(pe.memory.buffer.byteLength - before, 0);
});

test('10,000 zero-copy 1 MiB results (computeView + free) grow the wasm heap by 0 bytes and reuse one block', () => {
  for (let c = 0; c < 20; c++) pe.computeView('relative', params).free();
  const before = pe.memory.buffer.byteLength;
  const offsets = new Set();
  for (let c = 0; c < 10000; c++) {
    const v = pe.computeView('relative', params);
    offsets.add(v.byteOffset);
    if (c % 997 === 0) checkValues(v.data);
    v.free();
    v.free();   // a second free() is a no-op, not a double free
  }
  assert.equal(pe.memory.buffer.byteLength - before, 0);
  assert.equal(offsets.size, 1, `freed blocks are reused (saw ${offsets.size} addresses)`);
  const v = pe.computeView('relative', params);
  v.free();
  assert.throws(() => v.data, { name: 'PosencError', code: 'EINVAL', param: 'data' });
});

test('input arrays are freed too: 1,000 applyRope calls on 1 MiB of vectors grow the heap by 0 bytes', () => {
  const dim = 1024, positions = 256;   // x and the result are 1 MiB each
  const x = new Float32Array(positions * dim).fill(1);
  const run = () => pe.applyRope(x, { dim });
  for (let c = 0; c < 10; c++) run();
  const before = pe.memory.buffer.byteLength;
  let y;
  for (let c = 0; c < 1000; c++) y = run();
  assert.equal(pe.memory.buffer.byteLength - before, 0);
  // Row 0 (position 0) is not rotated: cos 0 = 1, sin 0 = 0.
  assert.deepEqual(y.subarray(0, dim), x.subarray(0, dim));
});

test('a computeView() result dropped without free() is freed by the FinalizationRegistry and reported once', () => {
  // A child process with --expose-gc, so that garbage collection can be forced.
  const child = `
    import { load } from ${JSON.stringify(new URL('../../web/posenc.js', import.meta.url).href)};
    const pe = await load();
    const warnings = [];
    console.warn = (...a) => warnings.push(a.join(' '));
    const params = ${JSON.stringify(params)};
    const drop = () => pe.computeView('relative', params).byteOffset;   // never freed
    const settle = async (until, max = 200) => {
      for (let t = 0; t < max && !until(); t++) { gc(); await new Promise((r) => setImmediate(r)); }
    };
    for (let c = 0; c < 5; c++) pe.computeView('relative', params).free();
    const dropped = drop();
    let ticks = 0;
    await settle(() => (ticks++, warnings.length > 0));
    const reused = pe.computeView('relative', params);
    const reusedOffset = reused.byteOffset;
    reused.free();
    const heap0 = pe.memory.buffer.byteLength;
    for (let c = 1; c <= 1000; c++) {   // 1000 MiB if nothing were released
      drop();
      if (c % 16 === 0) await settle(() => false, 2);
    }
    await settle(() => false, 5);
    const heap1 = pe.memory.buffer.byteLength;
    const last = pe.compute('relative', params).data;
    console.log(JSON.stringify({ dropped, reusedOffset, ticks, heap0, heap1, warnings,
      last: [last[0], last[${N - 1}], last[${N * (N - 1)}]] }));
  `;
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', child], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').pop());
  assert.equal(r.warnings.length, 1, `reported once: ${JSON.stringify(r.warnings)}`);
  assert.match(r.warnings[0], /garbage-collected without free\(\)/);
  assert.ok(r.ticks < 200, 'the finalizer ran');
  assert.equal(r.reusedOffset, r.dropped, 'the next allocation reuses the released block');
  assert.ok(r.heap1 - r.heap0 <= 64 * MiB,
    `1000 dropped 1 MiB views grew the heap by ${(r.heap1 - r.heap0) / MiB} MiB (expected at most 64)`);
  assert.deepEqual(r.last, [0, N - 1, -(N - 1)]);
});

test('a destructured view keeps its memory: data and its subarrays never change while other results come and go', () => {
  // `const { data } = pe.computeView(…)` drops the view object at once; the block must stay
  // allocated for as long as the array (or a subarray of it) can be read, under forced collection
  // and with other results allocated, dropped and freed meanwhile.
  const child = `
    import { load } from ${JSON.stringify(new URL('../../web/posenc.js', import.meta.url).href)};
    const pe = await load();
    console.warn = () => {};
    const N = ${N};
    pe.computeView('relative', { queries: 4096, keys: 4096 }).free();  // room: memory must not grow
    const heap0 = pe.memory.buffer.byteLength;
    const turn = () => new Promise((r) => setImmediate(r));
    let { data } = pe.computeView('relative', { queries: N, keys: N });   // value [i, j] = j - i
    const row = pe.computeView('relative', { queries: N, keys: N, offset: 1 }).data.subarray(5 * N, 6 * N);
    const ref = data.slice(), refRow = row.slice();
    let changed = 0, dropped = 0;
    for (let round = 0; round < 20; round++) {
      gc();
      await turn();
      for (let c = 0; c < 8; c++) {   // other values in blocks of the same size: reused memory would show
        pe.computeView('relative', { queries: N, keys: N, offset: 1000 + c });   // dropped
        dropped++;
        pe.computeView('relative', { queries: N, keys: N, offset: -1000 - c }).free();
      }
      if (data.length !== ref.length || data.some((v, i) => v !== ref[i])) changed++;
      if (row.some((v, i) => v !== refRow[i])) changed++;
    }
    const live = pe.viewBytes;
    data = null;
    for (let t = 0; t < 50 && pe.viewBytes > ${MiB}; t++) { gc(); await turn(); }
    console.log(JSON.stringify({ changed, dropped, live, after: pe.viewBytes, grew: pe.memory.buffer.byteLength - heap0,
      row: [row[0], row[5], row[N - 1]] }));
  `;
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', child], { encoding: 'utf8' });
  const r = JSON.parse(out.trim().split('\n').pop());
  assert.equal(r.changed, 0, 'a kept array saw another result\'s values');
  assert.equal(r.grew, 0, 'memory grew (the kept arrays would have been detached)');
  assert.ok(r.live >= 2 * MiB && r.live < (2 + r.dropped) * MiB, `the kept results count as live (${r.live} bytes)`);
  // data dropped: its block is released; the subarray's result still holds its own
  assert.equal(r.after, MiB);
  // row 5 of j - i + 1: columns 0, 5, N - 1
  assert.deepEqual(r.row, [-4, 1, N - 5]);
});

test('results never freed stay within the view budget: 5,000 unfreed 1 MiB views with a turn every 500', async () => {
  const budget = 64 * MiB;
  const own = await load({ viewBudget: budget });
  const warn = console.warn;
  console.warn = () => {};
  try {
    const heap0 = own.memory.buffer.byteLength;
    let made = 0, refused = 0;
    for (let c = 0; c < 5000; c++) {
      try {
        own.computeView('relative', params);   // never freed
        made++;
      } catch (e) {
        assert.ok(e instanceof Error && e.code === 'ENOMEM' && e.param === 'viewBudget', String(e));
        assert.match(e.message, /free\(\)/);
        assert.match(e.message, new RegExp(`viewBudget = ${budget} bytes`));
        refused++;
      }
      assert.ok(own.viewBytes <= budget, `live views ${own.viewBytes} bytes past the budget`);
      if (c % 500 === 499) await new Promise((r) => setImmediate(r));
    }
    const grew = own.memory.buffer.byteLength - heap0;
    assert.ok(grew <= budget + 16 * MiB, `the heap grew by ${grew / MiB} MiB with a ${budget / MiB} MiB budget`);
    assert.ok(made >= 64 && refused > 0, `${made} made, ${refused} refused`);
    // the refusals were the budget's alone: the caller's other calls and other callers still work
    checkValues(own.compute('relative', params).data);
    const v = pe.computeView('relative', params);
    checkValues(v.data);
    v.free();
    assert.equal(pe.viewBytes, 0, 'the shared object\'s budget is its own');
  } finally {
    console.warn = warn;
  }
});
