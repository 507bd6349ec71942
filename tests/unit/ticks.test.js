// The line plot's tick labels (web/views/ticks.js) are written without Intl.NumberFormat, whose
// first use on a page costs a long task: they must read as Chart.js's own numeric labels do in
// en-US (its formatter, from the chart.js dependency, over tick sets of many steps, starts and
// lengths), apart from the scientific ones, which print in the shortest form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ticks } from 'chart.js';
import { tickLabel, decadeLabel } from '../../web/views/ticks.js';

// What Chart.js's numeric formatter reads from its scale: the chart's locale and the tick format.
const scale = { chart: { options: { locale: 'en-US' } }, options: { ticks: { format: {} } } };
const chartJs = (value, i, ticks) => Ticks.formatters.numeric.call(scale, value, i, ticks);

const STEPS = [1e-4, 2e-4, 5e-4, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 50,
  100, 200, 250, 500, 1000, 2000, 5000, 1e4, 25000, 1e5, 1e6, 1e9, 1e12];
const tickSets = function* () {
  for (const step of STEPS) {
    for (const start of [-7, -3, -1, 0, 1, 4, 1000]) {
      for (const count of [2, 3, 4, 5, 9, 11]) {
        yield Array.from({ length: count }, (_, i) => ({ value: Number(((start + i) * step).toPrecision(12)) }));
      }
    }
  }
};

test("tick labels are Chart.js's en-US numeric labels, thousands separators and decimals alike", () => {
  let n = 0;
  for (const ticks of tickSets()) {
    ticks.forEach((t, i) => {
      const theirs = chartJs(t.value, i, ticks), ours = tickLabel(t.value, i, ticks), what = `tick ${t.value} of ${ticks.map((x) => x.value).join(', ')}`;
      if (/E/.test(theirs)) assert.match(ours, /^-?\d(\.\d+)?e[+-]\d+$/, what);  // scientific: both, in their own forms
      else assert.equal(ours, theirs, what);
      n++;
    });
  }
  assert.ok(n > 5000, `${n} labels compared`);
  // the forms themselves, spelled out
  const ticks = [0, 1024, 2048, 3072].map((value) => ({ value }));
  assert.deepEqual(ticks.map((t, i) => tickLabel(t.value, i, ticks)), ['0', '1,024', '2,048', '3,072']);
  const small = [-0.02, -0.01, 0, 0.01].map((value) => ({ value }));
  assert.deepEqual(small.map((t, i) => tickLabel(t.value, i, small)), ['-0.02', '-0.01', '0', '0.01']);
  const tie = [-0.0175, -0.015, -0.0125, -0.01, -0.0075].map((value) => ({ value }));  // step 0.0025: three decimals
  assert.deepEqual(tie.map((t, i) => tickLabel(t.value, i, tie)), ['-0.018', '-0.015', '-0.013', '-0.010', '-0.008']);
});

test('very small or very large ranges print in scientific notation, shortest form', () => {
  const tiny = [1e-7, 2e-7, 3e-7].map((value) => ({ value }));
  assert.deepEqual(tiny.map((t, i) => tickLabel(t.value, i, tiny)), ['1e-7', '2e-7', '3e-7']);
  const huge = [0, 5e15, 1e16].map((value) => ({ value }));
  assert.deepEqual(huge.map((t, i) => tickLabel(t.value, i, huge)), ['0', '5e+15', '1e+16']);
  // Chart.js picks the same notation for them (its digits differ: 1.0000000E-7)
  assert.match(chartJs(1e-7, 0, tiny), /E-7$/);
});

test('one tick alone: the decimals of its own magnitude, as Chart.js', () => {
  for (const v of [0.5, 3, 1234.5, -0.003]) assert.equal(tickLabel(v, 0, [{ value: v }]), chartJs(v, 0, [{ value: v }]), String(v));
});

test('a log axis labels its decades only, in the shortest form', () => {
  assert.deepEqual([1e-5, 1e-3, 0.01, 1, 10, 1e3, 1e4, 1e6].map(decadeLabel), ['1e-5', '0.001', '0.01', '1', '10', '1000', '1e4', '1e6']);
  assert.deepEqual([2, 0.5, 300].map(decadeLabel), ['', '', '']);
});
