/* mathlib.h — the library's own log, exp, exp2, pow and large-argument pi/2 reduction (internal,
 * not installed). They replace libm: its pow/exp/log/exp2 tables and __rem_pio2 were ~15 KB of the
 * .wasm, and the same source now gives bit-identical results in the wasm and native builds (plain
 * IEEE double operations, no FMA, nothing from libm but fabs, floor, ceil, sqrt and nearbyint, which
 * are exact and compile to wasm instructions).
 *
 * Method (Tang's table-driven scheme with small tables):
 *   log x   x = 2^k m, m in [sqrt(1/2), sqrt(2)), F = 1 + j/32 nearest to m (23 entries of ln F in
 *           double-double), s = (m - F)/(m + F) in double-double, ln m = ln F + 2 atanh s with
 *           atanh s = s + s^3/3 + .. + s^9/9 (|s| < 0.0112: truncation < 2^-74 relative), summed
 *           with k ln 2 in double-double: hi + lo within ~2^-65 |ln x|.
 *   exp y   y = (32 k + j) ln2/32 + r, |r| <= ln2/64 (Cody-Waite, ln 2 in 37 + 53 bits, exact
 *           product and subtraction), e^y = 2^k 2^(j/32) (32 entries in double-double) (1 + p(r)),
 *           p the Taylor polynomial to r^7 (truncation < 2^-67).
 *   exp2 y  the same with N = nearest(32 y), r = (y - N/32) ln 2 (y - N/32 exact).
 *   pow     exp of y ln x with ln x in double-double and y times it by Dekker's exact product, so
 *           that |y ln x| up to 745 costs < 2^-56 of relative error.
 *   pi/2    Payne-Hanek: a 128-bit window of 2/pi (1152 bits stored, 152 bytes: any finite x)
 *           times the 53-bit significand in integer arithmetic, the fraction's top 64 bits times
 *           pi/2 split so that the main product is exact.
 *
 * Accuracy, measured against x87 long double logl/expl/exp2l/powl (64-bit significand) over 10^7
 * random arguments each by tests/mathlib/check.c (tests/mathlib.test.js runs 10^6 and asserts):
 *   pe__log 0.5000 ulp (rounded from double-double: glibc's 0.5063 ulp), pe__exp 0.532,
 *   pe__exp2 0.531, pe__pow 0.533 (glibc 0.507-0.508; the bound from the rounding of r and of the
 *   final sums is < 0.55).
 * Subnormal results of exp/exp2/pow are rounded twice (< 1 ulp); overflow gives Infinity,
 * underflow 0, as glibc. Speed in wasm (Node 20): exp 7 ns as musl's, log 20-25 ns and pow
 * 35-45 ns (musl's, with 8 KB of tables: 7 and 11); log and pow run per frequency or per
 * diagonal, never per value.
 * relative.c's T5 and DeBERTa buckets take float32(pe__log(x)) as they took float32(log(x)): the
 * same float as glibc's for EVERY float x in [2^-30, 2^31) (checked exhaustively: the bucket
 * inputs are float ratios in [2^-29, 2^24]) and for every T5 ratio maxDistance / max_exact with
 * maxDistance <= 2^22 and max_exact a power of two <= 2^15, plus 2e7 random ratios of the whole
 * range. It is the double rounding Python's float32(math.log(...)) does, not a correctly rounded
 * logf: these differ for 3 floats of that range (0x1.827a74p-7, 0x1.2f1fd6p+3, 0x1.bacb4ap+25,
 * where the correctly rounded double log is a float midpoint).
 */
#ifndef POSENC_MATHLIB_H
#define POSENC_MATHLIB_H

double pe__log(double x);            /* ln x; -Infinity at 0, NaN below */
double pe__exp(double x);            /* e^x */
double pe__exp2(double x);           /* 2^x */
double pe__pow(double x, double y);  /* x^y for x >= 0 (x < 0: NaN; pow(x, 0) = 1, pow(1, y) = 1) */

/* x = n pi/2 + r with n the nearest integer to x 2/pi (only n mod 4 is kept: *n in 0..3) and
 * |r| <= pi/4 (+ an ulp), for any finite x (NaN, Infinity: NaN). Meant for large |x|: the error is
 * absolute, < 0.5 ulp(r) + 2e-19. */
double pe__rem_pio2(double x, int *n);

#endif
