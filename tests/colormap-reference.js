// The colormap rule of posenc.h, written here from its text (never by calling our C), for the
// colormap tests. Not a test file.
//   index = clamp(floor((v - vmin) * (256 / (vmax - vmin))), 0, 255)   (the scale formed once, in double)
//   vmin == vmax, or 256 / (vmax - vmin) not finite: index 128 for every value but NaN and -Infinity
//   -Infinity → transparent (0, 0, 0, 0), NaN → magenta (255, 0, 255, 255), +Infinity → index 255
// Automatic limits: min/max of the finite values, ±max|v| for centred maps, [0, 0] when none.

/** pe.range's fields for these values: min, max, lo, hi and the counts. */
export function refRange(values, centred) {
  let min = Infinity, max = -Infinity, finite = 0, nan = 0, negInf = 0, posInf = 0;
  for (const v of values) {
    if (Number.isNaN(v)) nan++;
    else if (v === -Infinity) negInf++;
    else if (v === Infinity) posInf++;
    else { finite++; min = Math.min(min, v); max = Math.max(max, v); }
  }
  if (!finite) return { min: NaN, max: NaN, lo: 0, hi: 0, finite, nan, negInf, posInf };
  const m = Math.max(Math.abs(min), Math.abs(max));
  return { min, max, lo: centred ? -m : min, hi: centred ? m : max, finite, nan, negInf, posInf };
}

/** The RGBA of one value through the map's table `lut` (pe.colormapLUT) with these limits. */
export function refPixel(v, lut, vmin, vmax) {
  if (Number.isNaN(v)) return [255, 0, 255, 255];
  if (v === -Infinity) return [0, 0, 0, 0];
  const scale = vmax > vmin ? 256 / (vmax - vmin) : 0;
  const t = scale > 0 && Number.isFinite(scale) ? (v - vmin) * scale : 128;
  const idx = t >= 255 ? 255 : t > 0 ? Math.floor(t) : 0;
  return [...lut.subarray(4 * idx, 4 * idx + 4)];
}

/** refPixel of every value, as one RGBA array. */
export function refPixels(values, lut, vmin, vmax) {
  const out = new Uint8Array(4 * values.length);
  values.forEach((v, i) => out.set(refPixel(v, lut, vmin, vmax), 4 * i));
  return out;
}
