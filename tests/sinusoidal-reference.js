// The float64 sinusoidal reference the kernel and step tests share, written from the published
// formulas independently of the C (the canonical code of each variant: tests/unit/sinusoidal.test.js). Not a test file. (tests/unit/sinusoidal.test.js keeps a
// second reference, transcribed separately.)

export const VARIANTS = ['vaswani', 'tensor2tensor', 'fairseq', 'marian', 'scaled'];
export const allowed = (variant, dim) => !(variant === 'fairseq' && (dim === 2 || dim === 3)) && !(variant === 'scaled' && dim % 2);

/** Row p of a variant's table in float64 (base, paddingIdx: fairseq's zero row). */
export function reference(variant, dim, p, base = 10000, paddingIdx = 1) {
  const h = Math.floor(dim / 2), hs = Math.ceil(dim / 2);
  const row = new Float64Array(dim);
  for (let c = 0; c < dim; c++) {
    let k, isCos, w, scale = 1;
    if (variant === 'vaswani') {
      k = c >> 1, isCos = c % 2 === 1, w = Math.pow(base, (-2 * k) / dim);
    } else if (variant === 'marian') {
      isCos = c >= hs, k = isCos ? c - hs : c, w = Math.pow(base, (-2 * k) / dim);
    } else if (variant === 'scaled') {
      isCos = c >= h, k = isCos ? c - h : c, w = Math.pow(base, -k / h), scale = 1 / Math.sqrt(dim);
    } else {
      if (c >= 2 * h || (variant === 'fairseq' && p === paddingIdx)) continue;  // zero column / padding row
      isCos = c >= h, k = isCos ? c - h : c;
      const den = variant === 'tensor2tensor' ? Math.max(h - 1, 1) : h - 1;
      w = Math.exp((-k * Math.log(base)) / den);
    }
    const a = p * w;
    row[c] = scale * (isCos ? Math.cos(a) : Math.sin(a));
  }
  return row;
}
