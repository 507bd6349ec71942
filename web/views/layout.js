// The heatmap's geometry (views/heatmap.js draws it): a pure function of sizes and options, no DOM.
// Margins in CSS pixels hold the title, tick labels, axis titles, colorbar and legend; the plot area
// is snapped to device pixels, whole device pixels per cell where cells are at least 2 pixels.
import { cellStep } from './figure.js';

// Margins (CSS px): title line, tick length and gap, axis title line, colorbar gap and width, legend line.
const M = { title: 34, noTitle: 12, pad: 8, axisTitle: 20, xTitle: 22, tickText: 16, barGap: 16, barW: 14, tick: 6, legend: 20 };

/**
 * The layout of a heatmap figure. input:
 *   width        CSS px of the figure
 *   fillHeight   CSS px the figure must fill (0: choose the height from the table's shape)
 *   maxHeight    the tallest plot area when not filling (CSS px)
 *   dpr          devicePixelRatio
 *   rows, cols   the plane's cells
 *   rowTickWidth, colTickWidth, barTickWidth   widths (CSS px) of the widest tick labels
 *   heading, rowLabel, columnLabel, valueLabel  whether each title is drawn (truthy)
 *   columnTicks  whether the columns get ticks (a one-column plane has none)
 *   legend       whether the masked/NaN legend line is drawn
 *   lo, hi, barTicks  the colour limits and the colorbar's tick values
 * Returns (device px: px, py, pw, ph, barX, barW; CSS px otherwise): W, H (figure), top, left,
 * right, bottom (margins), the plot area px/py/pw/ph, the colorbar barX/barW, colTicks/rowTicks
 * ([{ index, at }]: a tick's x or y, at a pixel centre), barTickY ([y] per barTicks), and where the
 * titles go: titleY, xTitleY, yTitleX, valueTitleX.
 */
export function heatmapLayout(input) {
  const { width, fillHeight = 0, maxHeight, dpr = 1, rows, cols, rowTickWidth = 0, colTickWidth = 0, barTickWidth = 0,
    heading, rowLabel, columnLabel, valueLabel, columnTicks = true, legend = false, lo = 0, hi = 0, barTicks = [] } = input;
  const W = Math.floor(width);
  const top = heading ? M.title : M.noTitle;
  const left = M.pad + (rowLabel ? M.axisTitle : 0) + rowTickWidth + M.pad;
  const right = M.barGap + M.barW + M.tick + barTickWidth + M.pad + (valueLabel ? M.axisTitle : 0);
  const bottom = M.tick + M.tickText + (columnLabel ? M.xTitle : 0) + (legend ? M.legend : 0) + M.tick;
  let w = Math.max(40, W - left - right);
  const h = fillHeight > 0 ? Math.max(40, fillHeight - top - bottom)
    : rows && cols ? Math.min(maxHeight, Math.max(140, (w * rows) / cols)) : 140;
  if (rows && cols) w = Math.min(w, Math.max(64, (4 * h * cols) / rows));  // cells at most 4:1
  const L = { W, dpr, rows, cols, top, left, right, bottom, px: Math.round(left * dpr), py: Math.round(top * dpr) };
  L.pw = Math.round(w * dpr);
  L.ph = Math.round(h * dpr);
  if (cols && L.pw >= 2 * cols) L.pw -= L.pw % cols;  // whole device pixels per cell
  if (rows && L.ph >= 2 * rows) L.ph -= L.ph % rows;
  L.H = Math.max(fillHeight, Math.ceil((L.py + L.ph) / dpr + bottom));
  L.barX = L.px + L.pw + Math.round(M.barGap * dpr);
  L.barW = Math.round(M.barW * dpr);

  // Ticks at cell centres, every 1, 2, 5, 10, … cells so labels do not overlap (CSS px).
  const px = L.px / dpr, py = L.py / dpr, pw = L.pw / dpr, ph = L.ph / dpr;
  L.colTicks = [];
  if (cols && columnTicks) {
    const step = cellStep(Math.ceil((colTickWidth + 10) / (pw / cols)));
    for (let c = 0; c < cols; c += step) L.colTicks.push({ index: c, at: Math.round(px + ((c + 0.5) * pw) / cols) + 0.5 });
  }
  L.rowTicks = [];
  if (rows) {
    const step = cellStep(Math.ceil(M.tickText / (ph / rows)));
    for (let r = 0; r < rows; r += step) L.rowTicks.push({ index: r, at: Math.round(py + ((r + 0.5) * ph) / rows) + 0.5 });
  }
  L.barTickY = barTicks.map((t) => Math.round(hi > lo ? py + ph * (1 - (t - lo) / (hi - lo)) : py + ph / 2) + 0.5);
  const barRight = L.barX / dpr + L.barW / dpr;
  L.titleY = top - 12;
  L.xTitleY = py + ph + 26;
  L.yTitleX = 14;
  L.valueTitleX = barRight + M.tick + barTickWidth + 16;
  return L;
}
