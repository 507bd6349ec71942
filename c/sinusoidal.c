/* Sinusoidal absolute encodings: vaswani, tensor2tensor, fairseq, marian, scaled (see posenc.h). */
#include "internal.h"

#define S_(name, ...) S_##name,
enum { PE_PARAMS_SINUSOIDAL(S_) S__N };
enum { VASWANI, T2T, FAIRSEQ, MARIAN, SCALED };

pe_status pe__sinusoidal(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const int64_t n = (int64_t)rq->v[S_positions];
  const int d = (int)rq->v[S_dim], variant = (int)rq->v[S_variant];
  const double base = rq->v[S_base], offset = rq->v[S_offset];
  if (!out) {
    if (variant == FAIRSEQ && (d == 2 || d == 3))
      return pe__fail(err, rq, S_dim, PE_ERANGE, NAN, NAN,
                      "is not allowed for variant 'fairseq' (its frequencies divide by dim/2 - 1 = 0)");
    if (variant == SCALED && d % 2)
      return pe__fail(err, rq, S_dim, PE_ERANGE, NAN, NAN, "must be even for variant 'scaled'");
    pe__shape(sh, 2, (int64_t[]){n, d});
    return PE_OK;
  }
  /* Column c of a row is sin or cos (phase) of p * w[c]; zero columns have w = NAN. */
  static double w[65536];
  static unsigned char is_cos[65536];
  const int h = d / 2, hs = (d + 1) / 2;
  double scale = 1;
  for (int c = 0; c < d; c++) {
    int k;
    switch (variant) {
      case VASWANI:
        k = c / 2, is_cos[c] = c % 2;
        w[c] = pow(base, -2.0 * k / d);
        break;
      case MARIAN:
        is_cos[c] = c >= hs, k = c >= hs ? c - hs : c;
        w[c] = pow(base, -2.0 * k / d);
        break;
      case SCALED:
        is_cos[c] = c >= h, k = c >= h ? c - h : c;
        w[c] = pow(base, -(double)k / h);
        break;
      default: /* tensor2tensor, fairseq: [sin | cos], a zero column when d is odd */
        is_cos[c] = c >= h, k = c >= h ? c - h : c;
        w[c] = c >= 2 * h ? NAN : exp(-k * log(base) / (variant == T2T ? (h - 1 > 1 ? h - 1 : 1) : h - 1));
    }
  }
  if (variant == SCALED) scale = 1 / sqrt((double)d);
  float *o = out;
  const int64_t pad = variant == FAIRSEQ ? (int64_t)rq->v[S_paddingIdx] : -1;
  for (int64_t r = 0; r < n; r++, o += d) {
    const double p = offset + (double)r;
    const int zero_row = pad >= 0 && p == (double)pad;
    for (int c = 0; c < d; c++) {
      if (zero_row || isnan(w[c])) { o[c] = 0; continue; }
      const double a = p * w[c];
      o[c] = (float)(scale * (is_cos[c] ? cos(a) : sin(a)));
    }
  }
  return PE_OK;
}
