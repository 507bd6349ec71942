/* mathlib.h — the library's own log, exp, exp2, pow and large-argument pi/2 reduction (internal,
 * not installed). They replace libm: its pow/exp/log/exp2 tables and __rem_pio2 were ~17 KB of the
 * .wasm, and the same source now gives bit-identical results in the wasm and native builds (plain
 * IEEE double operations, no FMA, nothing from libm but fabs, floor, ceil, sqrt and nearbyint, which
 * are exact and compile to wasm instructions).
 *
 * Method (Tang's table-driven scheme with small tables, results rounded once from double-double):
 *   log x   x = 2^k m, m in [sqrt(1/2), sqrt(2)), F = 1 + j/32 nearest to m (23 entries of ln F in
 *           double-double), s = (m - F)/(m + F) in double-double, ln m = ln F + 2 atanh s with
 *           atanh s = s + s^3/3 + .. + s^9/9 (|s| < 0.0112: truncation < 2^-74 relative), summed
 *           with k ln 2 in double-double: hi + lo within ~2^-70 (2^-65 relative near x = 1).
 *   exp y   y = (64 k + j) ln2/64 + r, |r| <= ln2/128 (Cody-Waite: ln 2 in 36 + 53 bits, exact
 *           product and subtraction, r kept in double-double), e^y = 2^k 2^(j/64) (1 + r + q(r))
 *           with 2^(j/64) (64 entries, double-double) times (1 + r) formed exactly (Dekker's split)
 *           and q the Taylor terms r^2/2 .. r^7/5040 (truncation < 2^-74).
 *   exp2 y  the same with N = nearest(64 y), r = (y - N/64) ln 2 (y - N/64 exact, r by Dekker).
 *   pow     exp of y ln x with ln x in double-double and y times it by Dekker's exact product.
 *   pi/2    Payne-Hanek: a 128-bit window of 2/pi (1152 bits stored, 152 bytes: any finite x)
 *           times the 53-bit significand in integer arithmetic, the fraction's top 64 bits times
 *           pi/2 split so that the main product is exact.
 *
 * Accuracy, measured against x87 long double logl/expl/exp2l/powl (64-bit significand) over 10^7
 * random arguments each by `build/native/mathlib-check ulp 10000000` (tests/mathlib/check.c, built
 * by `bash build.sh native`; tests/native/mathlib.test.js runs 10^6 and asserts the bounds):
 *   pe__log, pe__exp, pe__exp2 0.5000 ulp; pe__pow 0.5000 where |y ln x| < 72 (every call of the
 *   families: dynamic rope at extreme factors and lengths reaches ~71), 0.521 at
 *   |y ln x| ~ 700 with x near 1 (the logarithm's last bits). glibc's:
 *   0.506-0.508 (tests/native/native.test.js compares the wasm outputs with the native build's).
 * Subnormal results of exp/exp2/pow are rounded twice (< 1 ulp); overflow gives Infinity,
 * underflow 0, as glibc. Speed: slower than musl's table-heavy routines, which is why build.sh
 * compiles this file at -O3 (the double-double out-parameters stay in registers). log and pow run
 * per frequency or per diagonal; xpos takes an exp per frequency every 64 rows, and per value only
 * when scaleBase < ln 3.5 (~1.253).
 * relative.c's T5 and DeBERTa buckets take float32(pe__log(x)) as they took float32(log(x)): the
 * same float as glibc's for EVERY float x in [2^-30, 2^31) (checked exhaustively: the bucket
 * inputs are float ratios in [2^-29, 2^24]) and for every T5 ratio maxDistance / max_exact with
 * maxDistance <= 2^22 and max_exact a power of two <= 2^15, plus 2e7 random ratios of the whole
 * range. It is the double rounding Python's float32(math.log(...)) does, not a correctly rounded
 * logf: these differ for 3 floats of that range (0x1.827a74p-7, 0x1.2f1fd6p+3, 0x1.bacb4ap+25,
 * where the correctly rounded double log is a float midpoint, compared with (float)logl).
 */
#ifndef POSENC_MATHLIB_H
#define POSENC_MATHLIB_H

#include <stdint.h>
#include <string.h>

/* The bits of a double and back (memcpy: no aliasing rules broken; compiles to a move). */
static inline uint64_t pe__bits(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}
static inline double pe__from_bits(uint64_t u) {
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

double pe__log(double x);            /* ln x; -Infinity at 0, NaN below */
double pe__exp(double x);            /* e^x */
double pe__exp2(double x);           /* 2^x */
double pe__pow(double x, double y);  /* x^y for x >= 0 (x < 0: NaN; pow(x, 0) = 1, pow(1, y) = 1) */

/* x = n pi/2 + r with n the nearest integer to x 2/pi (only n mod 4 is kept: *n in 0..3) and
 * |r| <= pi/4 (+ an ulp), for any finite x (NaN, Infinity: NaN). Meant for large |x|: the error is
 * absolute, < 0.5 ulp(r) + 2e-19. */
double pe__rem_pio2(double x, int *n);

#endif
