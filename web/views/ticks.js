// Tick labels of the line plot's axes (views/plot.js). The linear ones are written without
// Intl.NumberFormat, whose first use on a page loads the locale's number data in a long task of its
// own (a page of many figures must not have one). They are Chart.js's own en-US labels (the
// decimals of the step between ticks, thousands separators; tests/unit/ticks.test.js compares
// them), except that very small or very large ranges print 1e-7 rather than 1.0000000E-7.
/** Chart.js's tick callback for a linear axis: (value, index, ticks) → the label. */
export function tickLabel(value, index, ticks) {
  if (value === 0) return '0';
  let step = value;
  if (ticks.length > 1) {
    const top = Math.max(Math.abs(ticks[0].value), Math.abs(ticks[ticks.length - 1].value));
    if (top < 1e-4 || top > 1e15) return Number(value.toPrecision(4)).toExponential();
    step = ticks.length > 3 ? ticks[2].value - ticks[1].value : ticks[1].value - ticks[0].value;
    if (Math.abs(step) >= 1 && value !== Math.floor(value)) step = value - Math.floor(value);
  }
  const log = Math.log10(Math.abs(step));
  const decimals = Number.isNaN(log) ? 1 : Math.max(0, Math.min(20, -Math.floor(log)));
  const [whole, fraction] = fixed(Math.abs(value), decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

// x to `decimals` places, a tie rounded away from zero as written in its shortest decimal form
// (0.0075 → 0.008, as Intl rounds; toFixed rounds the binary value, 0.00749999…, to 0.007).
function fixed(x, decimals) {
  const shortest = String(x);
  if (shortest.includes('e')) return x.toFixed(decimals);
  const units = String(Math.round(Number(`${shortest}e${decimals}`))).padStart(decimals + 1, '0');
  return decimals ? `${units.slice(0, -decimals)}.${units.slice(-decimals)}` : units;
}

// A log axis labels its decades only (1e-3, 0.01 … 1e6), in the shortest form: Chart.js's own
// labels give every tick the decimals of the smallest one (10,000,000.0000).
export function decadeLabel(v) {
  const e = Math.log10(v);
  if (Math.abs(e - Math.round(e)) > 1e-9) return '';
  return Math.abs(Math.round(e)) >= 4 ? `1e${Math.round(e)}` : String(Number(v.toPrecision(1)));
}
