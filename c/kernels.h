/* kernels.h — numeric kernels shared by the families (internal, not installed).
 *
 * Tables of sin(p w_k) and cos(p w_k), rows p = p0 .. p0 + n - 1, by the angle-addition recurrence
 * in double (each row costs a rotation, no sin/cos):
 *     s' = s cos w + c sin w,   c' = c cos w - s sin w.
 * Seeds: every position p with p % PE__SC_BLOCK == 0 (counted from 0, negative p included) starts
 * from sin/cos(fl(p w)) evaluated directly (Cody-Waite reduction by pi/2 in three parts of at most
 * 23 bits, exact for |p w| < 1.6e9; beyond, Payne-Hanek (mathlib.h: any finite angle, 2e-19 more);
 * Taylor polynomials to degree 15/16; error < 2e-16 per value against long double from 2^-10 to
 * 2^1024, asserted by tests/native/mathlib.test.js; no libm: the same bits in wasm and native).
 * A range that starts inside a block rotates from that block's seed without writing, so row p
 * is a function of p and w alone: any row range equals the same rows of the whole table,
 * bit for bit, and the error before the float32 rounding stays below ~1e-13 (derived, not measured:
 * the double rotation drifts ~2e-16 per step over at most PE__SC_BLOCK - 1 steps; the tests see
 * the float32 values, within 6e-8 of float64).
 * Against a float64 reference that forms fl(p w) per row, the angle itself differs by up to
 * ulp(p w) (2.3e-10 at p w = 2^20, 1.2e-7 at 2^30): that is the reference's rounding, not ours.
 *
 * Speed: 4 frequencies per SIMD128 step (f64x2), 4 rows per pass with the state in registers; the
 * work per output value is ~2.5 vector ops (rotation 1.5, f64 -> f32 conversion and store 1); the
 * store of the float32 row is the only memory traffic. Each 4-row pass and each seed is a call of
 * a small function, so V8's tier-up (Liftoff -> TurboFan, used from the next call on) takes effect
 * within one large request. npm run bench compares it with the SIMD store loop alone; the
 * alternatives tried against it (Chebyshev steps, tiles, bands, sweeps, float32 corrections,
 * scratch copies) and why they were dropped: tests/bench/README.md. No FMA: relaxed SIMD is not in
 * the Node versions the package supports.
 *
 * Not thread-safe (static state, as the whole library in wasm): one table at a time.
 */
#ifndef POSENC_KERNELS_H
#define POSENC_KERNELS_H

#include <stdint.h>
#include "kinds.def"

#ifndef PE__SC_BLOCK
#define PE__SC_BLOCK 256      /* rows between direct seeds */
#endif

typedef enum pe__sc_layout {
  PE__SC_SPLIT,        /* sine k at sin_row[k] (k < ns), cosine k at cos_row[k] (k < nc) */
  PE__SC_INTERLEAVE,   /* sine k at sin_row[2k] (k < ns), cosine k at sin_row[2k + 1] (k < nc) */
  PE__SC_HALVES,       /* as SPLIT, each value also at [k + m] (rope neox: [c0 c1 .. c0 c1 ..]) */
  PE__SC_PAIRS         /* sine k at sin_row[2k] and [2k + 1], cosine alike (rope gptj: [c0 c0 c1 c1 ..]) */
} pe__sc_layout;

typedef struct pe__sc_table {
  pe__sc_layout layout;
  int m;                      /* frequencies, 1 .. PE_MAXHALF */
  const double *w;            /* m angles per position (radians) */
  int ns, nc;                 /* sines / cosines written per row: ns, nc <= m */
  float *sin_row, *cos_row;   /* where row p0's first sine / cosine goes (cos_row unused by INTERLEAVE) */
  int64_t stride;             /* floats from one row to the next */
  double scale;               /* values are scale * sin, scale * cos (1 for none) */
  int64_t step;               /* positions between rows: row r is p0 + r step (0 counts as 1) */
} pe__sc_table;

/* Write the rows at positions p0 + r step, r < n (n >= 0; every position within +-2^31; at any
 * angle the seeds are within 2e-16 and the same on every platform). Touches nothing but the
 * ns + nc values of each row (HALVES, PAIRS: twice that): callers write zero columns and rows
 * themselves.
 * With step > 1 the rows are the lattice q = rho + j step (rho = p0 mod step); seeds sit at j a
 * multiple of B = the largest power of two <= 256 with B step <= 2^23, the state rotates by
 * fl(step w) in between. So any rows of a stepped table equal the same rows of a longer one with the
 * same step and lattice, bit for bit (step 1 is the plain table), and the drift of the rotation angle
 * stays below B ulp(step w) / 2 <= 2^-30 w: the error bound is the plain table's (huge steps seed
 * every row). */
void pe__sc_rows(const pe__sc_table *t, int64_t p0, int64_t n);

/* s[i] = scale sin(p w[i]), c[i] = scale cos(p w[i]), i < n, the angle fl(p w[i]) formed in double:
 * the seed's method (|error| < 2e-16, any finite angle), the values the recurrence starts from. */
void pe__sincos(const double *w, double p, double scale, double *s, double *c, int n);

#endif
