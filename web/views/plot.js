// Line plot view: chosen columns of a plane (views/plane.js) as curves along its rows, with
// Chart.js (no animation; LTTB decimation when rows are many). The values are read from the plane
// (the wasm heap); non-finite values (ALiBi's -Infinity) become gaps.
import { Chart } from './chart.js';
import { axisTitle, axisEntry, hasEntries } from './axes.js';
import { theme, lineColor, onThemeChange, inSteps } from './figure.js';
import { formatValue } from './heatmap.js';
import { tickLabel, decadeLabel } from './ticks.js';

const DECIMATE_ABOVE = 1000;  // rows
const HOVER_RADIUS = 4;  // px: the point shown under the pointer (every line, any row count)

// Chart.js clips each line to its chart area, whose edges fall between device pixels (they follow
// the measured tick labels): Skia then strokes through an anti-aliased clip mask, several times
// slower than through a pixel-aligned rectangle. The datasets go unclipped (clip: false) inside one
// clip to the same area, widened above and below as Chart.js widens its own (options.margin: half
// the widest line or point, hover included) and rounded out to whole device pixels.
const pixelClip = {
  id: 'posencPixelClip',
  beforeDatasetsDraw({ ctx, chartArea: a, currentDevicePixelRatio: r }, args, { margin = 0 }) {
    const out = (v, up) => (up ? Math.ceil(v * r) : Math.floor(v * r)) / r;
    const left = out(a.left, false), top = out(a.top - margin, false);
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, out(a.right, true) - left, out(a.bottom + margin, true) - top);
    ctx.clip();
  },
  afterDatasetsDraw({ ctx }) {
    ctx.restore();
  },
};

// Reference lines (options.references: [{ axis: 'x' | 'y', value, label }]): dotted, each label at
// the first place along its line where it overlaps no label placed before it (y lines: above the
// line at the left, at the right, then below it; x lines: beside the line at the top, stepping down,
// then on its other side), inside the chart area; a label with no such place is left out (its line
// stays). The values come from C (a result's info), not from here. The boxes of the last draw are
// kept on the chart as chart.$posencReferences: [{ label, text (as drawn: a label wider than the
// area is shortened with an ellipsis), axis, value, box: { x, y, w, h } | null (left out) }].
const LABEL_FONT = 11;  // px
const LABEL_H = 13;     // px: a label's box height
const referenceLines = {
  id: 'posencReferences',
  afterDatasetsDraw(chart, args, { lines = [], color = '#888', font = 'sans-serif' }) {
    const { ctx, chartArea: a, scales } = chart;
    ctx.save();
    ctx.strokeStyle = ctx.fillStyle = color;
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 1;
    ctx.font = `${LABEL_FONT}px ${font}`;
    ctx.textBaseline = 'top';
    const placed = [];
    const shown = [];
    const free = (b) => b.x >= a.left && b.x + b.w <= a.right && b.y >= a.top && b.y + b.h <= a.bottom &&
      placed.every((o) => b.x >= o.x + o.w || o.x >= b.x + b.w || b.y >= o.y + o.h || o.y >= b.y + b.h);
    for (const { axis, value, label } of lines) {
      const scale = scales[axis];
      const px = scale?.getPixelForValue(value);
      if (!Number.isFinite(px)) continue;
      const [lo, hi] = axis === 'x' ? [a.left, a.right] : [a.top, a.bottom];
      if (px < lo - 0.5 || px > hi + 0.5) continue;
      ctx.beginPath();
      if (axis === 'x') ctx.moveTo(px, a.top), ctx.lineTo(px, a.bottom);
      else ctx.moveTo(a.left, px), ctx.lineTo(a.right, px);
      ctx.stroke();
      let box = null;
      if (label) {
        // a label longer than the area is shortened to fit, with an ellipsis
        let text = label;
        const room = a.right - a.left - 8;
        for (let n = label.length; n > 3 && ctx.measureText(text).width > room; n -= 3) text = `${label.slice(0, n - 3).trimEnd()}…`;
        const w = Math.ceil(ctx.measureText(text).width), h = LABEL_H;
        const spots = axis === 'x'
          ? [...Array(6).keys()].flatMap((k) => [{ x: px + 3, y: a.top + 1 + k * h }, { x: px - 3 - w, y: a.top + 1 + k * h }])
          : [{ x: a.left + 4, y: px - 1 - h }, { x: a.right - 4 - w, y: px - 1 - h }, { x: a.left + 4, y: px + 2 },
            { x: a.right - 4 - w, y: px + 2 }];
        box = spots.map((p) => ({ ...p, w, h })).find(free) ?? null;
        if (box) {
          placed.push(box);
          ctx.fillText(text, box.x, box.y + 1);
        }
        shown.push({ label, text, axis, value, box });
        continue;
      }
      shown.push({ label, text: '', axis, value, box: null });
    }
    chart.$posencReferences = shown;
    ctx.restore();
  },
};

// Chart.js resolves a scale's tick font once per tick in every layout pass and draw (a font may
// be scriptable, per tick), each time through a new option resolver: garbage that a page of many
// plots then pauses to collect (tests/bench/browser.js --many-only --allocations shows how much).
// These charts give each axis one font, not scriptable: each scale resolves it once per update
// (a new ticks array), here. Without that method (another Chart.js) nothing changes.
const oneTickFont = {
  id: 'posencTickFont',
  beforeLayout(chart) {
    for (const scale of Object.values(chart.scales)) {
      const resolve = scale._resolveTickFontOptions;
      if (typeof resolve !== 'function' || Object.hasOwn(scale, '_resolveTickFontOptions')) continue;
      let ticks = oneTickFont, font = null;  // ticks: what font was resolved for (none yet)
      scale._resolveTickFontOptions = function (index) {
        if (ticks !== this.ticks) [ticks, font] = [this.ticks, resolve.call(this, index)];
        return font;
      };
    }
  },
};

// A chart built in steps (LinePlot's staged render) is not drawn until its last step: Chart.js
// draws at the end of every update, and a plugin's beforeRender returning false skips that.
const held = new WeakSet();  // the charts' canvases
const hold = {
  id: 'posencHold',
  beforeRender: (chart) => !held.has(chart.canvas),
};

// The x axis spans the rows of the plane and of the overlay (compare mode: A and B may differ).
function xRange(...planes) {
  let min = Infinity, max = -Infinity;
  for (const p of planes) {
    if (!p) continue;
    const at = p.rowName ?? ((r) => r);
    min = Math.min(min, at(0));
    max = Math.max(max, p.rows > 1 ? at(p.rows - 1) : at(0) + 1);
  }
  return { min, max };
}

/** Dash pattern of the compared configuration's lines (compare mode: A solid, B dashed). */
const DASH_B = [6, 4];


// The tooltip's row and values, as the heatmap's readout prints them (formatValue), also without Intl.
const tooltipCallbacks = {
  title: (items) => (items.length ? String(items[0].parsed.x) : ''),
  label: (item) => `${item.dataset.label}: ${formatValue(item.parsed.y)}`,
};

// Chart.js options for a layout (LinePlot.render's labels, axes, references, row count) in a theme (figure.js).
function chartOptions(th, { xLabel, yLabel, logY, references, rows, range, margin }) {
  // Each text's font given where Chart.js reads it: a chart's own options.font does not reach
  // the ticks, titles or legend, which fall back to Chart.defaults (Helvetica, not the page's).
  const font = { family: th.font };
  const fonts = { font: { ...font } };
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    parsing: false,
    normalized: true,
    color: th.fg,
    font,
    interaction: { mode: 'nearest', axis: 'x', intersect: false },
    plugins: {
      legend: { position: 'top', labels: { color: th.fg, boxWidth: 14, boxHeight: 2, ...fonts } },
      decimation: { enabled: rows > DECIMATE_ABOVE, algorithm: 'lttb', samples: 800, threshold: DECIMATE_ABOVE },
      tooltip: { enabled: true, titleFont: { ...font }, bodyFont: { ...font }, footerFont: { ...font }, callbacks: tooltipCallbacks },
      // Plugins the UMD build registers that draw nothing here (no fill, titles or default
      // colours): off, so an update does not resolve their options.
      filler: false, subtitle: false, title: false, colors: false,
      // a point at the top or bottom of the y range, hovered, must show whole (1 px of its border)
      posencPixelClip: { margin },
      posencReferences: { lines: references, color: th.muted, font: th.font },
    },
    scales: {
      x: { type: 'linear', ...range, title: { display: !!xLabel, text: xLabel, color: th.fg, ...fonts },
        ticks: { color: th.muted, precision: 0, callback: tickLabel, ...fonts }, grid: { color: th.grid } },
      y: { type: logY ? 'logarithmic' : 'linear', title: { display: !!yLabel, text: yLabel, color: th.fg, ...fonts },
        ticks: { color: th.muted, ...fonts, callback: logY ? decadeLabel : tickLabel }, grid: { color: th.grid } },
    },
  };
}

const PLUGINS = [pixelClip, referenceLines, hold, oneTickFont];

/**
 * The first plot of a page compiles and first runs all the Chart.js code it needs, in one task.
 * These steps split that first run: each draws a throwaway chart on a detached
 * canvas (nothing on the page), the first without axes (configuration, controllers, a line), the
 * second with them (ticks, titles, legend, reference lines), the third with four lines of a plot's
 * length; run each in a task of its own before the first plot (elements/lazy.js does, for a page
 * of many figures).
 */
export const warmups = [[false, 1], [true, 1], [true, 4]].map(([axes, lines]) => () => {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 240;
  const rows = 50;
  const options = chartOptions(theme(document.documentElement, { background: false }), {
    xLabel: axes ? 'Position' : '', yLabel: axes ? 'Value' : '', logY: false, rows, range: { min: 0, max: rows - 1 }, margin: HOVER_RADIUS + 1,
    references: axes ? [{ axis: 'y', value: 0.5, label: 'reference' }] : [],
  });
  options.responsive = false;  // a detached canvas of its own size
  if (!axes) {
    options.scales.x.display = options.scales.y.display = false;
    options.plugins.legend.display = false;
  }
  const datasets = Array.from({ length: lines }, (_, i) => ({
    label: `line ${i}`, data: Array.from({ length: rows }, (_, r) => ({ x: r, y: ((r * (i + 1)) % 7) / 7 })),  // the values do not matter
    borderColor: lineColor(i), borderWidth: 1.5, pointRadius: 2, borderDash: [], clip: false,
  }));
  new Chart(canvas, { type: 'line', data: { datasets }, options, plugins: PLUGINS }).destroy();
});

export class LinePlot {
  #root;
  #canvas;
  #chart = null;
  #layout = null;  // what the chart's options are made of besides the theme (#options)
  #key = '';
  #points = [];
  #building = null;  // the steps left of a staged first chart (render's `staged`)
  #stop;

  /** container: where the view goes. The plot fills the container's width; height via CSS (default 300px). */
  constructor(container) {
    const root = (this.#root = document.createElement('div'));
    root.className = 'posenc-plot';
    root.style.position = 'relative';
    this.#canvas = document.createElement('canvas');
    this.#canvas.setAttribute('role', 'img');
    root.append(this.#canvas);
    container.append(root);
    if (!root.clientHeight) root.style.height = '300px';
    // A theme switch restyles the chart as drawn: the planes may be freed by now (their values were copied).
    this.#stop = onThemeChange(root, () => {
      if (!this.#chart) return;
      this.#chart.options = this.#options(this.#layout);
      this.#key = '';
      this.#chart.update('none');
    });
  }

  /** The Chart.js instance (null before the first chart is drawn). */
  get chart() { return this.#building ? null : this.#chart; }

  /**
   * Plot columns of a plane. options: columns (indices; out-of-range ones are skipped; line i of
   * the list gets lineColor(i)), xLabel (default: the row axis' title), yLabel (default 'Value'),
   * colLabel (default: the column axis' title; a one-column plane's line is named after its kind
   * whatever colLabel says; a column axis with named entries names each line by its entry).
   * logY: a logarithmic y axis (non-positive values become gaps). stepped: draw steps (integer
   * tables: buckets). overlay: { plane, label } a second plane (compare mode's B) drawn dashed in
   * the same columns, with label (and options.label for the first) in the legend. references:
   * [{ axis, value, label }] dotted lines. The values are copied: the planes may be freed after.
   * staged: the first chart is built in steps, for a caller that runs each in a task of its own
   * (a page of many figures: elements/lazy.js): render returns the next step (a function that
   * returns the one after it, then null); until the last has run the canvas stays blank. A render
   * before then starts over.
   */
  render(plane, options = {}) {
    const { columns = [], staged = false } = options;
    if (this.#building) this.#unbuild();
    const xLabel = options.xLabel ?? axisTitle(plane.rowAxis), yLabel = options.yLabel ?? 'Value';
    // a line per column: "<column axis> c", or the kind's name for a one-column table
    const colLabel = plane.colAxis ? options.colLabel ?? axisTitle(plane.colAxis) : plane.kindTitle;
    const data = plane.data;
    const { rows, cols } = plane;
    const datasets = [];
    const at = plane.rowName ?? ((r) => r);  // a window of a long table: x is the row's position
    const { logY = false, stepped = false, overlay = null, references = [] } = options;
    const named = plane.colAxis && hasEntries(plane.colAxis);
    const lineLabel = (c) => (!plane.colAxis ? colLabel : named ? axisEntry(plane.colAxis, c) : `${colLabel} ${c}`);
    const sources = [{ plane, tag: overlay ? options.label ?? 'A' : null, dash: [] },
      ...(overlay ? [{ plane: overlay.plane, tag: overlay.label ?? 'B', dash: DASH_B }] : [])];
    for (const src of sources) columns.forEach((c, i) => {
      if (!(Number.isInteger(c) && c >= 0 && c < cols && c < src.plane.cols)) return;
      datasets.push({
        label: src.tag ? `${src.tag}: ${lineLabel(c)}` : lineLabel(c),
        column: c,
        source: src.plane,
        borderDash: src.dash,
        stepped: stepped ? 'middle' : false,
        data: null,
        borderColor: lineColor(i),
        backgroundColor: lineColor(i),
        // Skia rasterizes 1-px strokes far faster than wider ones (dense lines in software raster).
        borderWidth: rows > 64 ? 1 : 1.5,
        pointRadius: rows > 64 ? 0 : 2,
        pointHoverRadius: HOVER_RADIUS,
        indexAxis: 'x',
        spanGaps: false,
        clip: false,  // pixelClip does it
      });
    });
    const options2 = this.#options((this.#layout = {
      xLabel, yLabel, logY, references, rows, range: xRange(plane, overlay?.plane), margin: datasets.length ? HOVER_RADIUS + 1 : 0,
    }));
    this.#canvas.setAttribute('aria-label', `Line plot of ${datasets.length} column(s) along ${xLabel || 'rows'}`);
    // Only the values (and the x range) changed, as under a slider: new points in the same datasets
    // and options, so Chart.js does not resolve every option again.
    const { min, max } = options2.scales.x;
    const key = JSON.stringify([datasets.map((d) => [d.label, d.borderColor, d.borderWidth, d.pointRadius, d.borderDash, d.stepped]), options2],
      (k, v) => (k === 'min' || k === 'max' ? undefined : v));
    const same = this.#chart && key === this.#key;
    // The points: { x, y } per row. Under the same datasets they are rewritten in place (Chart.js
    // reads them again on update): no 4 x 2048 new objects per frame for the collector.
    datasets.forEach((d, i) => {
      const c = d.column, src = d.source, n = src.rows, w = src.cols, values = src === plane ? data : src.data;
      const x = src.rowName ?? at;
      delete d.source;
      const old = same ? this.#points[i] : null;
      const points = old?.length === n ? old : Array.from({ length: n }, () => ({ x: 0, y: null }));
      for (let r = 0; r < n; r++) {
        const v = values[r * w + c];
        const p = points[r];
        p.x = x(r);
        p.y = Number.isFinite(v) && (!logY || v > 0) ? v : null;
      }
      d.data = points;
    });
    this.#points = datasets.map((d) => d.data);
    this.#key = key;
    if (!this.#chart && staged) return this.#stage(datasets, options2);
    if (!this.#chart) {
      this.#chart = new Chart(this.#canvas, { type: 'line', data: { datasets }, options: options2, plugins: PLUGINS });
    } else if (same) {
      this.#chart.data.datasets.forEach((d, i) => { d.data = datasets[i].data; });
      Object.assign(this.#chart.options.scales.x, { min, max });
      this.#chart.options.plugins.posencReferences = options2.plugins.posencReferences;
      this.#chart.update('none');
    } else {
      this.#chart.data.datasets = datasets;
      this.#chart.options = options2;
      this.#chart.update('none');
    }
    return null;
  }

  // A first chart in three steps, the costliest first: a chart without lines, axes or legend (the
  // canvas, its events, the plugins), then the lines and options laid out, then drawn. The
  // options are made again in the second step: a theme switch before it is then in them.
  #stage(datasets, options) {
    const token = (this.#building = {});
    const bare = { ...options, plugins: { ...options.plugins, legend: { display: false } },
      // the axes' own tick labels even unseen: Chart.js's default ones use Intl (views/ticks.js)
      scales: Object.fromEntries(Object.entries(options.scales).map(([id, s]) => [id, { type: s.type, display: false, ticks: { callback: s.ticks.callback } }])) };
    return inSteps([
      () => {
        held.add(this.#canvas);
        this.#chart = new Chart(this.#canvas, { type: 'line', data: { datasets: [] }, options: bare, plugins: PLUGINS });
      },
      () => {
        this.#chart.data.datasets = datasets;
        this.#chart.options = this.#options(this.#layout);
        this.#chart.update('none');
      },
      () => {
        held.delete(this.#canvas);
        this.#building = null;
        this.#chart.render();
      },
    ], () => this.#building === token);  // not rendered again, nor destroyed, since
  }

  // A staged chart not finished: dropped (the next chart is built from the start).
  #unbuild() {
    this.#building = null;
    held.delete(this.#canvas);
    this.#chart?.destroy();
    this.#chart = null;
    this.#key = '';
  }

  // Chart.js options for a layout in the theme the plot's root has now.
  #options(layout) {
    return chartOptions(theme(this.#root, { background: false }), layout);  // the plot draws no background
  }

  destroy() {
    this.#stop();
    this.#building = null;
    held.delete(this.#canvas);
    this.#chart?.destroy();
    this.#root.remove();
  }
}
