#!/usr/bin/env node
// The colormap's spread between processes (README, Speed: it follows the vCPU a process ran on):
// N fresh Node processes each colour the 2048×512 sinusoidal table 120 times (pe.colormap,
// vmin/vmax given) after growing the heap as the bench does, and print the median of the last 100
// calls and the CPU the process ended on.
//   node tests/bench/colormap-spread.js [N]      (after bash build.sh)
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const posenc = fileURLToPath(new URL('../../web/posenc.js', import.meta.url));
const n = Number(process.argv[2]) || 8;
const script = `
  import { readFileSync } from 'node:fs';
  import { load } from ${JSON.stringify(posenc)};
  const pe = await load();
  pe.computeView('sinusoidal', { positions: 8192, dim: 1024 }).free();
  const t = pe.computeView('sinusoidal', { positions: 2048, dim: 512 });
  const ms = [];
  for (let i = 0; i < 120; i++) {
    const t0 = performance.now();
    pe.colormap(t, { vmin: -1, vmax: 1 }).free();
    ms.push(performance.now() - t0);
  }
  const s = ms.slice(20).sort((a, b) => a - b);
  const cpu = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[36];
  console.log(JSON.stringify({ medianMs: s[s.length >> 1], cpu: Number(cpu) }));`;
for (let i = 0; i < n; i++) {
  const r = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
  console.log(`process ${i + 1}: median ${r.medianMs.toFixed(3)} ms (${(2048 * 512 / r.medianMs / 1e3).toFixed(0)} Mpx/s), CPU ${r.cpu}`);
}
