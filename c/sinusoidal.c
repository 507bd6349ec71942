/* Sinusoidal absolute encodings: vaswani, tensor2tensor, fairseq, marian, scaled (see posenc.h).
 * Every variant is one table of sin/cos(p w_k) in some layout: the recurrence in kernels.c. */
#include <string.h>
#include "internal.h"
#include "mathlib.h"
#include "kernels.h"

#define S_(name, ...) S_##name,
enum { PE_PARAMS_SINUSOIDAL(S_) S__N };
enum { VASWANI, T2T, FAIRSEQ, MARIAN, SCALED };

pe__sin_freqs pe__sinusoidal_freqs(int variant, int d, double base, double *w) {
  const int h = d / 2, hs = (d + 1) / 2;
  switch (variant) {
    case VASWANI:   /* interleaved; odd d ends with a sine */
    case MARIAN:    /* [sin k < hs | cos k < h] */
      for (int k = 0; k < hs; k++) w[k] = pe__pow(base, -2.0 * k / d);
      return (pe__sin_freqs){hs, h, 1};
    case SCALED:    /* [sin | cos] * d^-0.5, d even */
      for (int k = 0; k < h; k++) w[k] = pe__pow(base, -(double)k / h);
      return (pe__sin_freqs){h, h, 1 / sqrt((double)d)};
    default: {      /* tensor2tensor, fairseq: [sin | cos], odd d ends with a zero column */
      const int den = variant == T2T ? (h - 1 > 1 ? h - 1 : 1) : h - 1;
      const double lb = pe__log(base);
      for (int k = 0; k < h; k++) w[k] = pe__exp(-k * lb / den);
      return (pe__sin_freqs){h, h, 1};
    }
  }
}

pe_status pe__sinusoidal(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const int64_t n = (int64_t)rq->v[S_positions];
  const int d = (int)rq->v[S_dim], variant = (int)rq->v[S_variant];
  const double base = rq->v[S_base];
  const int64_t offset = (int64_t)rq->v[S_offset], step = (int64_t)rq->v[S_step];
  if (!out) {
    pe_status s = pe__check_rows(err, rq, S_step, offset, n, step);
    if (s) return s;
    if (variant == FAIRSEQ && (d == 2 || d == 3))
      return pe__fail(err, rq, S_dim, PE_ERANGE, NAN, NAN,
                      "is not allowed for variant 'fairseq' (its frequencies divide by dim/2 - 1 = 0)");
    if (variant == SCALED && d % 2)
      return pe__fail(err, rq, S_dim, PE_ERANGE, NAN, NAN, "must be even for variant 'scaled'");
    pe__shape(sh, 2, (int64_t[]){n, d});
    return PE_OK;
  }
  static double w[PE_MAXHALF];  /* static, off the stack (PE_MAXHALF doubles): one request at a time */
  float *o = out;
  const pe__sin_freqs f = pe__sinusoidal_freqs(variant, d, base, w);
  pe__sc_table t = {.layout = variant == VASWANI ? PE__SC_INTERLEAVE : PE__SC_SPLIT, .m = f.ns, .w = w,
                    .ns = f.ns, .nc = f.nc, .sin_row = o, .cos_row = o + f.ns, .stride = d, .scale = f.scale,
                    .step = step};
  if (t.m > 0) pe__sc_rows(&t, offset, n);
  if (t.ns + t.nc < d)
    for (int64_t r = 0; r < n; r++) o[r * d + d - 1] = 0;
  const int64_t pad = variant == FAIRSEQ ? (int64_t)rq->v[S_paddingIdx] : -1;
  if (pad >= 0 && pad >= offset && (pad - offset) % step == 0 && (pad - offset) / step < n)
    memset(o + (pad - offset) / step * d, 0, sizeof(float) * d);
  return PE_OK;
}
