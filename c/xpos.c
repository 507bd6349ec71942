/* xPos scale factors (see posenc.h). */
#include <float.h>
#include <stdint.h>
#include "internal.h"
#include "mathlib.h"

#define X_(name, ...) X_##name,
enum { PE_PARAMS_XPOS(X_) X__N };
enum { TORCHSCALE, LUCIDRAINS };

/* Out-of-range double -> float is undefined in C; IEEE (and torch's float32) saturates to Infinity. */
static float to_f32(double v) {
  return v > FLT_MAX ? INFINITY : (float)v;
}

pe_status pe__xpos(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const int64_t L = (int64_t)rq->v[X_positions];
  const int d = (int)rq->v[X_dim], h = d / 2;
  if (!out) {
    if (d % 2) return pe__fail(err, rq, X_dim, PE_ERANGE, NAN, NAN, "must be even (xPos scales rotary pairs)");
    pe__shape(sh, 2, (int64_t[]){L, h});
    return PE_OK;
  }
  /* torchscale: arange(-L // 2, ...) = floor(-L/2); lucidrains: t - L // 2. They differ for odd L. */
  const int64_t first = (int)rq->v[X_centering] == TORCHSCALE ? -((L + 1) / 2) : -(L / 2);
  const double sign = rq->v[X_downscale] ? -1.0 : 1.0, sb = rq->v[X_scaleBase];
  /* Rows advance by a factor step_k = zeta_k^(+-1/scaleBase) in double, reseeded with exp every 64
   * rows: about 1e-14 relative drift, far below float32, at a fraction of exp's cost. Only when each
   * step is within [1/e, e], so that 0 * Infinity cannot arise from double underflow/overflow. */
  static double log_zeta[PE_MAXHALF], step[PE_MAXHALF], v[PE_MAXHALF];
  for (int k = 0; k < h; k++) log_zeta[k] = pe__log((2.0 * k + 0.4 * d) / (1.4 * d));
  const int recur = fabs(log_zeta[0]) / sb <= 1;  /* |ln zeta_k| is largest at k = 0 */
  for (int k = 0; k < h; k++) step[k] = pe__exp(sign * log_zeta[k] / sb);
  float *o = out;
  for (int64_t t = 0; t < L; t++, o += h) {
    const double e = sign * (double)(first + t) / sb;
    if (!recur || t % 64 == 0) {
      for (int k = 0; k < h; k++) v[k] = pe__exp(e * log_zeta[k]);
    } else {
      for (int k = 0; k < h; k++) v[k] *= step[k];
    }
    for (int k = 0; k < h; k++) o[k] = to_f32(v[k]);
  }
  return PE_OK;
}
