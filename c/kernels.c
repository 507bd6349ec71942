/* Shared kernels: the sin/cos angle-addition recurrence (see kernels.h). */
#include <math.h>
#include <string.h>
#include "kernels.h"
#include "mathlib.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

/* pi/2 = P1 + P2 + P3 (+ 8e-32): P1 and P2 have at most 23 significant bits, so n * P1 and n * P2
 * are exact for |n| < 2^30 and the first two subtractions lose nothing. */
#define PIO2_1 0x1.921fb4p+0
#define PIO2_2 0x1.4442dp-24
#define PIO2_3 0x1.8469898cc517p-48
#define INV_PIO2 0x1.45f306dc9c883p-1
#define SC_XMAX 1.6e9          /* |x| below this: n < 2^30 */

/* sin r, cos r for |r| <= pi/4 (+ rounding): Taylor series to r^15 / r^16, truncation < 5e-17. */
#define SIN_POLY(r, z, MUL, ADD, K) \
  ADD(r, MUL(MUL(r, z), ADD(K(-1.0 / 6), MUL(z, ADD(K(1.0 / 120), MUL(z, ADD(K(-1.0 / 5040), \
    MUL(z, ADD(K(1.0 / 362880), MUL(z, ADD(K(-1.0 / 39916800), MUL(z, ADD(K(1.0 / 6227020800.0), \
    MUL(z, K(-1.0 / 1307674368000.0)))))))))))))))
#define COS_POLY(z, MUL, ADD, K) \
  ADD(K(1.0), MUL(z, ADD(K(-0.5), MUL(z, ADD(K(1.0 / 24), MUL(z, ADD(K(-1.0 / 720), MUL(z, \
    ADD(K(1.0 / 40320), MUL(z, ADD(K(-1.0 / 3628800), MUL(z, ADD(K(1.0 / 479001600), MUL(z, \
    ADD(K(-1.0 / 87178291200.0), MUL(z, K(1.0 / 20922789888000.0)))))))))))))))))

#define S_MUL(a, b) ((a) * (b))
#define S_ADD(a, b) ((a) + (b))
#define S_K(x) (x)

/* One value by the vector path's operations (bit for bit); beyond SC_XMAX, Payne-Hanek. The vector
 * pe__sincos calls it only beyond SC_XMAX; the scalar build uses both branches. */
static __attribute__((noinline)) void sincos1(double x, double scale, double *s, double *c) {
  double r;
  int q;
  if (fabs(x) < SC_XMAX) {
    const double k = nearbyint(x * INV_PIO2);
    r = ((x - k * PIO2_1) - k * PIO2_2) - k * PIO2_3, q = (int)k & 3;
  } else {
    r = pe__rem_pio2(x, &q);
  }
  const double z = r * r;
  const double sr = SIN_POLY(r, z, S_MUL, S_ADD, S_K), cr = COS_POLY(z, S_MUL, S_ADD, S_K);
  const double u = q & 1 ? cr : sr, v = q & 1 ? sr : cr;
  *s = scale * (q & 2 ? -u : u);
  *c = scale * ((q + 1) & 2 ? -v : v);
}

#ifdef __wasm_simd128__
typedef v128_t V;
#define V_MUL wasm_f64x2_mul
#define V_ADD wasm_f64x2_add
#define V_K(x) wasm_f64x2_splat(x)

static inline void sincos2(V x, V *s, V *c) {
  V n = wasm_f64x2_nearest(V_MUL(x, V_K(INV_PIO2)));
  V r = wasm_f64x2_sub(wasm_f64x2_sub(wasm_f64x2_sub(x, V_MUL(n, V_K(PIO2_1))), V_MUL(n, V_K(PIO2_2))),
                       V_MUL(n, V_K(PIO2_3)));
  V z = V_MUL(r, r);
  V sr = SIN_POLY(r, z, V_MUL, V_ADD, V_K), cr = COS_POLY(z, V_MUL, V_ADD, V_K);
  /* quadrant n mod 4: 1 and 3 swap sin and cos; sin < 0 in 2, 3; cos < 0 in 1, 2 */
  V q = wasm_i64x2_extend_low_i32x4(wasm_i32x4_trunc_sat_f64x2_zero(n));
  V swap = wasm_i64x2_neg(wasm_v128_and(q, wasm_i64x2_splat(1)));
  V ssign = wasm_i64x2_shl(wasm_v128_and(q, wasm_i64x2_splat(2)), 62);
  V csign = wasm_i64x2_shl(wasm_v128_and(wasm_i64x2_add(q, wasm_i64x2_splat(1)), wasm_i64x2_splat(2)), 62);
  *s = wasm_v128_xor(wasm_v128_bitselect(cr, sr, swap), ssign);
  *c = wasm_v128_xor(wasm_v128_bitselect(sr, cr, swap), csign);
}

void pe__sincos(const double *w, double p, double scale, double *s, double *c, int n) {
  const V pv = V_K(p), sc = V_K(scale), lim = V_K(SC_XMAX);
  for (int i = 0; i < n; i += 2) {
    double xx[2] = {w[i], i + 1 < n ? w[i + 1] : 0}, ss[2], cc[2];
    V x = V_MUL(pv, wasm_v128_load(xx)), sv, cv;
    sincos2(x, &sv, &cv);  /* before the range test: testing first makes rope-apply slower */
    sv = V_MUL(sv, sc), cv = V_MUL(cv, sc);
    if (i + 2 <= n && wasm_i64x2_all_true(wasm_f64x2_lt(wasm_f64x2_abs(x), lim))) {
      wasm_v128_store(s + i, sv), wasm_v128_store(c + i, cv);
      continue;
    }
    wasm_v128_store(xx, x), wasm_v128_store(ss, sv), wasm_v128_store(cc, cv);
    for (int j = 0; j < 2 && i + j < n; j++) {
      if (!(fabs(xx[j]) < SC_XMAX)) sincos1(xx[j], scale, ss + j, cc + j);
      s[i + j] = ss[j], c[i + j] = cc[j];
    }
  }
}
#else
void pe__sincos(const double *w, double p, double scale, double *s, double *c, int n) {
  for (int i = 0; i < n; i++) sincos1(p * w[i], scale, s + i, c + i);
}
#endif

/* The state, padded to whole groups of 4 frequencies (padding lanes have w = 0); static, off the
 * stack (PE_MAXHALF doubles each), as one table is computed at a time (wasm is single-threaded). */
#define ST_ARRAY(name) static double name[PE_MAXHALF] __attribute__((aligned(16)))
ST_ARRAY(st_s);
ST_ARRAY(st_c);
ST_ARRAY(st_cw);
ST_ARRAY(st_sw);
ST_ARRAY(st_w);
static int st_groups;   /* groups of 4 */

/* Rows of groups g0 .. st_groups - 1, one value at a time (partial groups at the end of a row,
 * rows left over from the 4-row passes). The same operations as the vector path, lane by lane. */
static __attribute__((noinline)) void rows_scalar(const pe__sc_table *t, float *srow, float *crow, int g0, int rows) {
  const pe__sc_layout lay = t->layout;
  /* where value k goes (so, co) and its copy (so + dup, co + dup; dup 0 = none) */
  const int64_t dup = lay == PE__SC_HALVES ? t->m : lay == PE__SC_PAIRS ? 1 : 0;
  for (int k = 4 * g0; k < 4 * st_groups; k++) {
    double s = st_s[k], c = st_c[k];
    const double a = st_cw[k], b = st_sw[k];
    float *so = lay == PE__SC_INTERLEAVE || lay == PE__SC_PAIRS ? srow + 2 * k : srow + k;
    float *co = lay == PE__SC_INTERLEAVE ? srow + 2 * k + 1 : lay == PE__SC_PAIRS ? crow + 2 * k : crow + k;
    for (int r = 0; r < rows; r++, so += t->stride, co += t->stride) {
      if (k < t->ns) so[0] = so[dup] = (float)s;
      if (k < t->nc) co[0] = co[dup] = (float)c;
      const double u = s * a + c * b;
      c = c * a - s * b, s = u;
    }
    st_s[k] = s, st_c[k] = c;
  }
}

#ifdef __wasm_simd128__
#define ROT(s, c, a, b) do { V u_ = V_ADD(V_MUL(s, a), V_MUL(c, b)); \
    c = wasm_f64x2_sub(V_MUL(c, a), V_MUL(s, b)); s = u_; } while (0)
#define DEMOTE wasm_f32x4_demote_f64x2_zero

/* Rotate the state by j steps, writing nothing; 4 independent pairs hide the rotation's latency. */
static __attribute__((noinline)) void skip(int64_t j) {
  for (int k = 0; k < 4 * st_groups; k += 4) {
    const int k2 = k + 4 < 4 * st_groups ? k + 4 : k;   /* an odd last group is done twice */
    V s0 = wasm_v128_load(st_s + k), s1 = wasm_v128_load(st_s + k + 2);
    V s2 = wasm_v128_load(st_s + k2), s3 = wasm_v128_load(st_s + k2 + 2);
    V c0 = wasm_v128_load(st_c + k), c1 = wasm_v128_load(st_c + k + 2);
    V c2 = wasm_v128_load(st_c + k2), c3 = wasm_v128_load(st_c + k2 + 2);
    const V a0 = wasm_v128_load(st_cw + k), a1 = wasm_v128_load(st_cw + k + 2);
    const V a2 = wasm_v128_load(st_cw + k2), a3 = wasm_v128_load(st_cw + k2 + 2);
    const V b0 = wasm_v128_load(st_sw + k), b1 = wasm_v128_load(st_sw + k + 2);
    const V b2 = wasm_v128_load(st_sw + k2), b3 = wasm_v128_load(st_sw + k2 + 2);
    for (int64_t i = 0; i < j; i++) {
      ROT(s0, c0, a0, b0);
      ROT(s1, c1, a1, b1);
      ROT(s2, c2, a2, b2);
      ROT(s3, c3, a3, b3);
    }
    wasm_v128_store(st_s + k, s0), wasm_v128_store(st_s + k + 2, s1);
    wasm_v128_store(st_c + k, c0), wasm_v128_store(st_c + k + 2, c1);
    wasm_v128_store(st_s + k2, s2), wasm_v128_store(st_s + k2 + 2, s3);
    wasm_v128_store(st_c + k2, c2), wasm_v128_store(st_c + k2 + 2, c3);
    k = k2;
  }
}

/* 4 rows of the groups wholly inside ns and nc: 4 frequencies per step, the state in registers,
 * each row's values stored as soon as they exist (few live registers: V8 spills otherwise). */
static inline __attribute__((always_inline)) void rows4(const pe__sc_table *t, float *srow, float *crow,
                                                       int groups, const pe__sc_layout lay) {
  const int64_t st = t->stride, m = t->m;
  for (int k = 0; k < 4 * groups; k += 4) {
    V s0 = wasm_v128_load(st_s + k), s1 = wasm_v128_load(st_s + k + 2);
    V c0 = wasm_v128_load(st_c + k), c1 = wasm_v128_load(st_c + k + 2);
    const V a0 = wasm_v128_load(st_cw + k), a1 = wasm_v128_load(st_cw + k + 2);
    const V b0 = wasm_v128_load(st_sw + k), b1 = wasm_v128_load(st_sw + k + 2);
    float *so = lay == PE__SC_INTERLEAVE || lay == PE__SC_PAIRS ? srow + 2 * k : srow + k;
    float *co = lay == PE__SC_INTERLEAVE ? srow + 2 * k + 4 : lay == PE__SC_PAIRS ? crow + 2 * k : crow + k;
    for (int r = 0; r < 4; r++, so += st, co += st) {
      if (lay == PE__SC_INTERLEAVE) {
        wasm_v128_store(so, wasm_i32x4_shuffle(DEMOTE(s0), DEMOTE(c0), 0, 4, 1, 5));
        wasm_v128_store(co, wasm_i32x4_shuffle(DEMOTE(s1), DEMOTE(c1), 0, 4, 1, 5));
      } else {
        const V sv = wasm_i32x4_shuffle(DEMOTE(s0), DEMOTE(s1), 0, 1, 4, 5);
        const V cv = wasm_i32x4_shuffle(DEMOTE(c0), DEMOTE(c1), 0, 1, 4, 5);
        if (lay == PE__SC_PAIRS) {
          wasm_v128_store(so, wasm_i32x4_shuffle(sv, sv, 0, 0, 1, 1));
          wasm_v128_store(so + 4, wasm_i32x4_shuffle(sv, sv, 2, 2, 3, 3));
          wasm_v128_store(co, wasm_i32x4_shuffle(cv, cv, 0, 0, 1, 1));
          wasm_v128_store(co + 4, wasm_i32x4_shuffle(cv, cv, 2, 2, 3, 3));
        } else {
          wasm_v128_store(so, sv), wasm_v128_store(co, cv);
          if (lay == PE__SC_HALVES) wasm_v128_store(so + m, sv), wasm_v128_store(co + m, cv);
        }
      }
      ROT(s0, c0, a0, b0);
      ROT(s1, c1, a1, b1);
    }
    wasm_v128_store(st_s + k, s0), wasm_v128_store(st_s + k + 2, s1);
    wasm_v128_store(st_c + k, c0), wasm_v128_store(st_c + k + 2, c1);
  }
}
#else
static __attribute__((noinline)) void skip(int64_t j) {
  for (int k = 0; k < 4 * st_groups; k++) {
    double s = st_s[k], c = st_c[k];
    const double a = st_cw[k], b = st_sw[k];
    for (int64_t i = 0; i < j; i++) {
      const double u = s * a + c * b;
      c = c * a - s * b, s = u;
    }
    st_s[k] = s, st_c[k] = c;
  }
}
#endif

#ifdef __wasm_simd128__
#define ROWS4_FN(name, lay) \
  static void name(const pe__sc_table *t, float *srow, float *crow, int groups) { rows4(t, srow, crow, groups, lay); }
ROWS4_FN(rows4_split, PE__SC_SPLIT)
ROWS4_FN(rows4_zip, PE__SC_INTERLEAVE)
ROWS4_FN(rows4_halves, PE__SC_HALVES)
ROWS4_FN(rows4_pairs, PE__SC_PAIRS)
#endif

/* The hot functions are reached through pointers binaryen cannot see through, so they stay small
 * functions of their own: V8 compiles a function with TurboFan in time growing with its size, in
 * the background, and switches to that code only between calls of the function. */
static void (*volatile sincos_fn)(const double *, double, double, double *, double *, int) = pe__sincos;
#ifdef __wasm_simd128__
static void (*volatile rows4_fn[4])(const pe__sc_table *, float *, float *, int) = {
  rows4_split, rows4_zip, rows4_halves, rows4_pairs};
#endif

static int64_t floordiv(int64_t a, int64_t b) { return (a >= 0 ? a : a - (b - 1)) / b; }

void pe__sc_rows(const pe__sc_table *t, int64_t p0, int64_t n) {
  if (n <= 0) return;
  const int64_t step = t->step > 1 ? t->step : 1;
  int64_t B = PE__SC_BLOCK;
  while (B > 1 && B * step > (1 << 23)) B /= 2;
  st_groups = (t->m + 3) / 4;
  for (int k = 0; k < 4 * st_groups; k++) st_w[k] = k < t->m ? t->w[k] : 0;
  sincos_fn(st_w, (double)step, 1, st_sw, st_cw, 4 * st_groups);
  const int64_t st = t->stride, j0 = floordiv(p0, step), rho = p0 - j0 * step;
  float *srow = t->sin_row, *crow = t->layout == PE__SC_INTERLEAVE ? t->sin_row : t->cos_row;
#ifdef __wasm_simd128__
  const int full = (t->ns < t->nc ? t->ns : t->nc) / 4;   /* groups wholly inside ns and nc */
#endif
  for (int64_t j = j0, end = j0 + n; j < end;) {
    /* the block [J, J + B) of lattice rows holding j: seed at J, rotate to j, write rows j .. stop - 1 */
    const int64_t J = floordiv(j, B) * B;
    const int64_t stop = J + B < end ? J + B : end;
    sincos_fn(st_w, (double)(rho + J * step), t->scale, st_s, st_c, 4 * st_groups);
    if (j > J) skip(j - J);
    for (; j + 4 <= stop; j += 4, srow += 4 * st, crow += 4 * st) {
#ifdef __wasm_simd128__
      rows4_fn[t->layout](t, srow, crow, full);
      if (full < st_groups) rows_scalar(t, srow, crow, full, 4);
#else
      rows_scalar(t, srow, crow, 0, 4);
#endif
    }
    if (j < stop) rows_scalar(t, srow, crow, 0, (int)(stop - j));
    srow += (stop - j) * st, crow += (stop - j) * st, j = stop;
  }
}
