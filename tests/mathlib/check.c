/* mathlib-check: accuracy and cross-build checks of c/mathlib.c and the kernel's seeds, for
 * tests/native/mathlib.test.js. `bash build.sh native` builds it twice: natively (-O2, glibc and x87 long
 * double as references) and to wasm with the library's own compile flags (only pe_check_digest).
 *
 *   mathlib-check digest N       per function: a hash of the result bits on N fixed inputs
 *   mathlib-check ulp N          per function: max error in ulps against long double (and glibc's);
 *                                pow also where |y ln x| < 72 (the families' range)
 *   mathlib-check logf           float32(pe__log(x)) against glibc's float32(log(x)): every float
 *                                in [2^-30, 2^31), then the T5 ratios maxDistance / max_exact
 *   mathlib-check seeds N        pe__sincos(x) against sinl/cosl: max abs error per range of |x|
 *   mathlib-check rem            reads 64-bit hex patterns of x from stdin, prints x r (hex), n and
 *                                the seeds' |error| against sinl, cosl
 * Output: one "name value..." line per result. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernels.h"
#include "mathlib.h"

static uint64_t state;
static uint64_t next(void) {  /* xorshift64* */
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 2685821657736338717ULL;
}
static double unit(void) { return (double)(next() >> 11) * 0x1p-53; }  /* [0, 1) */
static double uniform(double a, double b) { return a + (b - a) * unit(); }

enum { F_LOG, F_EXP, F_EXP2, F_POW, F_SEEDS, F_REM, F_N };

/* The arguments of test i of function fn (the second only for pow). */
static double arg(int fn, double *y) {
  const int near = next() & 1;
  switch (fn) {
    case F_LOG:   /* any positive double, or within 2^-8 of 1 */
      return near ? 1 + uniform(-0x1p-8, 0x1p-8) : pe__from_bits(next() % 0x7ff0000000000000ULL);
    case F_EXP:
      return near ? uniform(-1, 1) : uniform(-750, 712);
    case F_EXP2:
      return near ? uniform(-1, 1) : uniform(-1080, 1026);
    case F_POW: { /* x in [2^-40, 2^40]; y up to |y log2 x| <= 1100, or small as the families use it */
      const double x = pe__exp2(uniform(-40, 40));
      *y = near ? uniform(-2, 2) : uniform(-1100, 1100) / (pe__log(x) * 0x1.71547652b82fep0);
      return x;
    }
    case F_SEEDS: /* +-[2^-2, 2^1024), log-uniform; half below 1.6e9 (2^30.57: the vector path) */
      return (next() & 1 ? -1 : 1) * pe__exp2(near ? uniform(-2, 30.5) : uniform(-2, 1023.999));
    default:      /* +-[2^-2, 2^1024), log-uniform */
      return (next() & 1 ? -1 : 1) * pe__exp2(uniform(-2, 1023.999));
  }
}

uint64_t pe_check_digest(int fn, int n);
uint64_t pe_check_digest(int fn, int n) {
  uint64_t h = 14695981039346656037ULL;
  state = 0x9e3779b97f4a7c15ULL + (uint64_t)fn;
  for (int i = 0; i < n; i += 2) {
    double y[2] = {0, 0}, x[2], r[2], s[2] = {0, 0}, c[2] = {0, 0};
    x[0] = arg(fn, &y[0]), x[1] = arg(fn, &y[1]);
    if (fn == F_SEEDS) pe__sincos(x, 1, 1, s, c, 2);  /* p = 1: the angles are x; pairs take the SIMD path in wasm */
    for (int j = 0; j < 2; j++) {
      int q = 0;  /* every result's own bits go into the digest (a sum would round a 1-ulp difference away) */
      switch (fn) {
        case F_LOG: r[j] = pe__log(x[j]); break;
        case F_EXP: r[j] = pe__exp(x[j]); break;
        case F_EXP2: r[j] = pe__exp2(x[j]); break;
        case F_POW: r[j] = pe__pow(x[j], y[j]); break;
        case F_REM: r[j] = pe__rem_pio2(x[j], &q); break;
        default: r[j] = s[j], q = (int)(pe__bits(c[j]) >> 32) ^ (int)pe__bits(c[j]); break;  /* F_SEEDS */
      }
      h = (h ^ pe__bits(r[j])) * 1099511628211ULL;
      h = (h ^ (uint64_t)(uint32_t)q) * 1099511628211ULL;
    }
  }
  return h;
}

#ifndef __wasm__
static const char *const names[F_N] = {"log", "exp", "exp2", "pow", "seeds", "rem"};

/* |a - ref| in ulps of ref as a double (subnormal ulp below 2^-1022) */
static double ulps(double a, long double ref) {
  if (a == ref) return 0;
  if (isinf(a) || isinf((double)ref)) return (double)ref == a ? 0 : INFINITY;
  int e;
  frexpl(ref, &e);
  if (e < -1021) e = -1021;
  return (double)(fabsl((long double)a - ref) / ldexpl(1, e - 53));
}

static void ulp_check(int n) {
  for (int fn = F_LOG; fn <= F_POW; fn++) {
    double worst = 0, worst_glibc = 0, at = 0, at_y = 0, worst_small = 0;  /* small: |y ln x| < 72 */
    long differ = 0, subnormal = 0;
    state = 12345 + (uint64_t)fn;
    for (int i = 0; i < n; i++) {
      double y = 0;
      const double x = arg(fn, &y);
      double a, g;
      long double ref;
      switch (fn) {
        case F_LOG: a = pe__log(x), g = log(x), ref = logl(x); break;
        case F_EXP: a = pe__exp(x), g = exp(x), ref = expl(x); break;
        case F_EXP2: a = pe__exp2(x), g = exp2(x), ref = exp2l(x); break;
        default: a = pe__pow(x, y), g = pow(x, y), ref = powl(x, y); break;
      }
      differ += a != g;
      if (fabsl(ref) < 0x1p-1022L) {  /* subnormal results: rounded twice, checked apart (< 1 ulp) */
        subnormal++;
        if (ulps(a, ref) >= 1) printf("bad %s subnormal %a %a: %a vs %La\n", names[fn], x, y, a, ref);
        continue;
      }
      const double u = ulps(a, ref), ug = ulps(g, ref);
      if (u > worst) worst = u, at = x, at_y = y;
      if (fn == F_POW && fabs(y * log(x)) < 72 && u > worst_small) worst_small = u;
      if (ug > worst_glibc) worst_glibc = ug;
    }
    printf("%s %d %.4f %.4f %ld %ld %a %a\n", names[fn], n, worst, worst_glibc, differ, subnormal, at, at_y);
    if (fn == F_POW) printf("pow-small %d %.4f\n", n, worst_small);
  }
}

/* float32(pe__log) against glibc on every float in [2^-30, 2^31) (T5 and DeBERTa take logs of float ratios
 * in [2^-29, 2^24]) and on the double ratios T5 forms: maxDistance / max_exact for maxDistance up
 * to 2^22 and max_exact every power of two up to 2^15, plus random ones of the whole range. */
static void logf_check(void) {
  long count = 0, bad = 0;
  for (uint32_t u = 0x30800000; u < 0x4f000000; u++) {  /* 2^-30 .. 2^31 */
    float f;
    memcpy(&f, &u, sizeof f);
    count++;
    if ((float)pe__log(f) != (float)log(f)) {
      if (bad++ < 5) printf("bad logf %a: %a vs %a\n", f, (float)pe__log(f), (float)log(f));
    }
  }
  printf("logf-floats %ld %ld\n", count, bad);
  count = bad = 0;
  for (int me = 1; me <= 32768; me *= 2)
    for (int md = me + 1; md <= 1 << 22; md++) {
      const double x = (double)md / me;
      count++;
      if ((float)pe__log(x) != (float)log(x) && bad++ < 5) printf("bad t5 %d/%d\n", md, me);
    }
  state = 777;
  for (int i = 0; i < 20000000; i++) {
    const int me = 1 + (int)(next() % 32768), md = me + 1 + (int)(next() % (1073741824 - (uint64_t)me));
    const double x = (double)md / me;
    count++;
    if ((float)pe__log(x) != (float)log(x) && bad++ < 5) printf("bad t5 %d/%d\n", md, me);
  }
  printf("logf-t5 %ld %ld\n", count, bad);
}

/* Max |error| of the seeds by range of |x|, against sinl/cosl of the same double x. */
static void seeds_check(int n) {
  static const double edges[] = {-10, 0, 20, 30.575, 40, 64, 128, 1024};  /* log2 |x|; 1.6e9 = 2^30.575 */
  for (int b = 0; b + 1 < (int)(sizeof edges / sizeof *edges); b++) {
    double worst = 0, at = 0;
    state = 99 + (uint64_t)b;
    const double lo = edges[b], hi = edges[b + 1] - 1e-9;
    for (int i = 0; i < n; i += 2) {
      double x[2], s[2], c[2];
      for (int j = 0; j < 2; j++) x[j] = (next() & 1 ? -1 : 1) * exp2(uniform(lo, hi));
      pe__sincos(x, 1, 1, s, c, 2);
      for (int j = 0; j < 2; j++) {
        const double es = (double)fabsl(s[j] - sinl(x[j])), ec = (double)fabsl(c[j] - cosl(x[j]));
        if (es > worst) worst = es, at = x[j];
        if (ec > worst) worst = ec, at = x[j];
      }
    }
    printf("seeds %g %g %d %.3e %a\n", edges[b], edges[b + 1], n, worst, at);
  }
}

static void rem_lines(void) {
  char buf[64];
  while (scanf("%63s", buf) == 1) {
    const double x = pe__from_bits(strtoull(buf, NULL, 16));
    int q;
    const double r = pe__rem_pio2(x, &q);
    double s, c;
    pe__sincos(&x, 1, 1, &s, &c, 1);
    printf("%016llx %016llx %d %.3Le %.3Le\n", (unsigned long long)pe__bits(x), (unsigned long long)pe__bits(r), q,
           fabsl(s - sinl(x)), fabsl(c - cosl(x)));
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  const int n = argc > 2 ? atoi(argv[2]) : 1000000;
  if (!strcmp(mode, "digest")) {
    for (int fn = 0; fn < F_N; fn++) printf("%s %016llx\n", names[fn], (unsigned long long)pe_check_digest(fn, n));
  } else if (!strcmp(mode, "ulp")) {
    ulp_check(n);
  } else if (!strcmp(mode, "logf")) {
    logf_check();
  } else if (!strcmp(mode, "seeds")) {
    seeds_check(n);
  } else if (!strcmp(mode, "rem")) {
    rem_lines();
  } else {
    fprintf(stderr, "usage: mathlib-check digest|ulp|logf|seeds|rem [N]\n");
    return 2;
  }
  return 0;
}
#endif
