/* Checking a user's table against a reference (posenc.h, "Checking"): element errors against a
 * per-element bound, per-column and per-row maxima, and the estimates the diagnosis starts from
 * (a column's frequency fitted over rows, the first row's position). */
#include <string.h>
#include "internal.h"
#include "mathlib.h"
#include "kernels.h"

#define PE_PI_ 3.14159265358979323846
#define ULP24 5.9604644775390625e-8  /* 2^-24 */

/* 2^e for e in [-1022, 1023], built from its bits (mathlib replaces libm; this needs no ldexp). */
static double pow2i(int e) {
  const uint64_t u = (uint64_t)(e + 1023) << 52;
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* One ulp of dtype (PE_TENSOR_BF16, PE_TENSOR_F16; else 0) at the larger finite magnitude of a and
 * b: 2^(floor(log2 |v|) - 7) for bfloat16, 2^(max(floor(log2 |v|), -14) - 10) for float16 (its
 * subnormals' spacing below 2^-14). Two values within the float32 bound of each other, one on each
 * side of a rounding boundary of the narrow grid, round to neighbouring steps; the larger
 * magnitude's ulp is the coarser spacing where they meet. */
static double narrow_ulp(float a, float b, int dtype) {
  if (dtype != PE_TENSOR_BF16 && dtype != PE_TENSOR_F16) return 0;
  float m = 0;
  if (isfinite(a) && fabsf(a) > m) m = fabsf(a);
  if (isfinite(b) && fabsf(b) > m) m = fabsf(b);
  uint32_t bits;
  memcpy(&bits, &m, sizeof bits);
  const int lg = (int)((bits >> 23) & 0xff) - 127;  /* floor(log2 m) for a normal m; -127 below */
  return dtype == PE_TENSOR_BF16 ? pow2i((lg < -126 ? -126 : lg) - 7) : pow2i((lg < -14 ? -14 : lg) - 10);
}

pe_status pe_check_compare(const pe_compare *c, pe_compare_stats *st, float *colerr, float *rowerr) {
  if (!c->accumulate) {
    *st = (pe_compare_stats){0, 0, 0, 0, -1, -1, NAN, NAN, 0, 0};
    if (colerr) for (int64_t j = 0; j < c->w; j++) colerr[j] = 0;
    if (rowerr) for (int64_t i = 0; i < c->n; i++) rowerr[i] = 0;
  }
  for (int64_t i = 0; i < c->n; i++) {
    const int64_t gr = c->rows ? c->rows[i] : i;
    const float *g = c->got + c->got_off + gr * c->got_rs, *wr = c->want + c->want_off + i * c->want_rs;
    const double pos = c->rowpos ? fabs(c->rowpos[i]) : 0, scale = c->rowscale ? fabs((double)c->rowscale[i]) : fabs(c->scale);
    float rmax = rowerr ? rowerr[i] : 0;
    for (int64_t j = 0; j < c->w; j++) {
      const int64_t wc = c->colmap ? c->colmap[j] : j;
      const double got = g[j * c->got_cs], want = wc >= 0 ? wr[wc * c->want_cs] : c->identity;
      double e = got == want ? 0 : fabs(got - want);  /* equal infinities (ALiBi's mask) agree */
      if (e != e) e = INFINITY;                         /* a NaN where a number belongs */
      const double th = c->coltheta ? fabs((double)c->coltheta[j]) : 0;
      const double tol = !isnan(c->tol_abs) ? c->tol_abs
                         : scale * (8 * pos * th + 4) * ULP24 + (c->tol_rel > 0 ? c->tol_rel * fabs(want) : 0) +
                               narrow_ulp((float)got, (float)want, c->ulp_dtype);
      st->sum += e, st->count++;
      if (tol > st->tol_max) st->tol_max = tol;
      if (e > st->max_abs) st->max_abs = e;
      const double rel = e / (fabs(want) > tol ? fabs(want) : tol > 0 ? tol : 1);
      if (rel > st->max_rel) st->max_rel = rel;
      if (e > tol) {
        if (st->bad == 0) st->first_row = (double)gr, st->first_col = (double)j, st->first_got = got, st->first_want = want;
        st->bad++;
      }
      if (colerr && e > colerr[j]) colerr[j] = (float)e;
      if (e > rmax) rmax = (float)e;
    }
    if (rowerr) rowerr[i] = rmax;
  }
  return PE_OK;
}

/* acos by bisection on cos (mathlib has no inverse functions; 60 halvings reach double precision). */
double pe_check_acos(double x) {
  if (!(x >= -1)) return x != x ? x : PE_PI_;
  if (x >= 1) return 0;
  double lo = 0, hi = PE_PI_;
  for (int i = 0; i < 60; i++) {
    const double mid = 0.5 * (lo + hi), one = 1;
    double s, c;
    pe__sincos(&mid, one, 1, &s, &c, 1);
    if (c > x) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/* The angle of (c, s) in (-pi, pi]. */
double pe_check_phase(double c, double s) {
  const double r = sqrt(c * c + s * s);
  if (!(r > 0)) return 0;
  const double a = pe_check_acos(c / r);
  return s < 0 ? -a : a;
}

/* The row step's angle by least squares over the recurrence v[p+1] + v[p-1] = 2 cos(t) v[p],
 * which cos and sin columns (any phase, any amplitude) both satisfy. */
double pe_check_fit_theta(const float *v, int64_t n, int64_t stride) {
  double num = 0, den = 0;
  for (int64_t p = 1; p + 1 < n; p++) {
    const double x = v[p * stride];
    num += x * ((double)v[(p + 1) * stride] + (double)v[(p - 1) * stride]);
    den += 2 * x * x;
  }
  if (!(den > 0)) return NAN;
  double ct = num / den;
  return pe_check_acos(ct);
}

/* The rotated vectors for an explicit pairing: column j with partner q > j rotates (x_j, x_q) by
 * pos theta_j; partner < 0 passes through. The angle in double, as rope-apply's. */
pe_status pe_check_rotate(const float *x, int64_t n, int d, const int32_t *partner, const float *theta,
                          const double *rowpos, double scale, float *out) {
  for (int64_t i = 0; i < n; i++) {
    const float *xr = x + i * d;
    float *o = out + i * d;
    for (int j = 0; j < d; j++) {
      const int q = partner[j];
      if (q < 0) { o[j] = xr[j]; continue; }
      if (q < j) continue;
      const double a = rowpos[i] * (double)theta[j], w = 1;
      double s, c;
      pe__sincos(&a, w, scale, &s, &c, 1);
      o[j] = (float)(xr[j] * c - xr[q] * s);
      o[q] = (float)(xr[q] * c + xr[j] * s);
    }
  }
  return PE_OK;
}

/* The angle per row of (c[p], s[p]) = A (cos, sin)(p0 + p t): the mean of the consecutive phase
 * differences, each taken in (-pi, pi] (exact for |t| < pi; a frequency past that aliases). */
double pe_check_fit_slope(const float *c, const float *s, int64_t n, int64_t stride) {
  if (n < 2) return NAN;
  double sum = 0, prev = pe_check_phase(c[0], s[0]);
  for (int64_t p = 1; p < n; p++) {
    const double ph = pe_check_phase(c[p * stride], s[p * stride]);
    double d = ph - prev;
    if (d > PE_PI_) d -= 2 * PE_PI_;
    else if (d <= -PE_PI_) d += 2 * PE_PI_;
    sum += d, prev = ph;
  }
  return sum / (double)(n - 1);
}

/* out[i] = max_j |x[i d + j]|: the magnitude rotated rows' bounds scale with. */
void pe_check_row_absmax(const float *x, int64_t n, int d, float *out) {
  for (int64_t i = 0; i < n; i++) {
    float m = 0;
    for (int j = 0; j < d; j++) m = fabsf(x[i * d + j]) > m ? fabsf(x[i * d + j]) : m;
    out[i] = 2 * m;
  }
}
