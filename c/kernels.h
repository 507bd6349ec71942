/* kernels.h — numeric kernels shared by the families (internal, not installed).
 *
 * Tables of sin(p w_k) and cos(p w_k), rows p = p0 .. p0 + n - 1, by the angle-addition recurrence
 * in double (each row costs a rotation, no sin/cos):
 *     s' = s cos w + c sin w,   c' = c cos w - s sin w.
 * Seeds: every position p with p % PE__SC_BLOCK == 0 (counted from 0, negative p included) starts
 * from sin/cos(fl(p w)) evaluated directly (Cody-Waite reduction by pi/2 in three parts of at most
 * 23 bits, exact for |p w| < 1.6e9; beyond, Payne-Hanek (mathlib.h: any finite angle, 2e-19 more);
 * Taylor polynomials to degree 15/16; error < 2e-16 per value, measured max 1.61e-16 against long
 * double from 2^-10 to 2^1024, tests/mathlib.test.js; no libm: the same bits in wasm and native).
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
 * within one large request. Measured and dropped (8192 x 1024, one-off prototypes timed against
 * this kernel, not kept in the repo): a Chebyshev recurrence
 * v' = 2 cos(w) v - v_prev (fewer ops, but 20% slower: twice the state traffic), passes of 2 or 8
 * rows (slower / same), a float32 recurrence reseeded exactly every 8 rows (1.25x faster at 4.7e-7:
 * not worth a second mode), 8 frequencies per pass (16 live vectors: 1.4x slower, V8 spills).
 * Where it stands: V8's TurboFan code for a pass (4 frequencies x 4 rows = 32 values; read once from
 * a node --perf-prof jitdump) is 32 mulpd, 16 add/subpd, 16 cvtpd2ps, 8 unpcklps and 8 stores with
 * no spills; at 8192 x 1024 it runs at
 * 2.1-2.2x the store loop, the two timed alone from cold caches (npm run bench; the 1.5-1.9x it
 * reported before was the main table's, where the store loop runs between the JS methods and took
 * 1.3-2.0 ms instead of 1.15-1.5). Alone, writing a 32 KiB buffer over and over (a one-off
 * prototype), the same passes take 1.56 ms per 8192 x 1024 values (the store loop 0.4 ms; the
 * 32 MiB store loop 1.2-1.5 ms cold): the arithmetic by itself is about the store loop's time, and
 * it overlaps the stores little. Timed A/B in one process (prototypes writing the same bytes, not
 * kept), at the same speed or slower: a 3-multiplication rotation (more adds), tiles of 5 rows
 * around a centre (rows c +- 1, c +- 2 share their products: 40% fewer multiplies), half the
 * f64 -> f32 conversions; tiles of 8 rows around a half-integer centre (0.63 multiplies and 0.56
 * adds per value instead of 1 and 0.5): 9% faster alone, -2% to +7% on the 32 MiB table, and 20%
 * slower in a period when everything ran 40% slower (a busy host). Ablations of those tiles: without the 16
 * conversions 17% faster, with the adds replaced by xors 20%: the add, convert and shuffle pipes
 * bind, not the multiplies. Slower still: a load one pass ahead as a software prefetch, rows built in
 * a scratch block and copied out with memory.copy, passes of 20 rows (L1/L2 set conflicts at a
 * 4 KiB row stride), and sweeps of one or two rows across all frequencies with the state in memory
 * (1.3-1.45x slower). FMA (relaxed SIMD) is not in Node 20.
 * Also dropped (2026-11-29, evening; one-off prototypes, 8192 x 1024 interleaved, seeds left out,
 * timed A/B in one process from caches full of other data): rows in float32 as a correction to an
 * exact centre, sin((c + t) w) = H + (L + C sin(t w) - S (1 - cos(t w))) with S = H + L and C, S
 * in float32 per 8-row block and the two tables of t w in float32 (2 multiplies and 2.5 adds per
 * 4 values, 8 rows around a half-integer centre sharing their products). Its error bound,
 * 2^-25 + 4 * 2^-24 |sin(t w)|, stays within 6e-8 only for |t w| <= 0.125, here the 64% of the
 * frequencies with w <= 0.0357. On every frequency (2e-7, too coarse) it took 1.32-1.37x the
 * store loop against 1.71-1.73x for these passes; with the high frequencies left to these passes
 * (4.1e-8 measured) it took 1.55-1.66x against 1.57-1.70x: no gain.
 * Where the stores' share comes from (same prototypes; stores of 0.5f, no arithmetic; zeros are
 * written faster here, one row at a time 0.82-0.89x): against the store loop, this kernel's
 * pattern (4 adjacent rows, 32 bytes of each per step) takes 1.42-1.53x, 8 adjacent rows
 * 1.20-1.22x, one row at a time 0.92-1.01x, and 4 streams each writing a band of B consecutive
 * rows 1.35-1.43x (B = 4), 1.05-1.07x (16), 0.96-0.98x (64), 0.90-0.95x (quarters of the table).
 * Kernels built on that, also dropped: passes over 4 bands of 64 rows (rows q + i B from row q's
 * state by rotations of B w, the same 4 rotations per pass) halved the stores' share but took
 * 1.64-1.68x against 1.69-1.81x (caches full of clean data; their arithmetic alone is slightly
 * dearer); rows one at a time by angle addition from block seeds and tables of j w (no state
 * stores, 4 loads per 4 values) 1.9-2.1x; the 4-row passes writing an L1 scratch that is copied
 * out one row at a time, a block behind, within the same loop 2.5-3.0x.
 * Last round (2026-11-29, night; same kind of prototypes, each timed pinned to each vCPU): the
 * Chebyshev step again, with one frequency's (sin, cos) per f64x2 so the sine and cosine share
 * 2 cos(w) (2 frequencies x 4 rows per pass: 8 multiplies, 8 subtractions, 8 conversions, 4
 * shuffles, 4 table and 4 state stores per 16 values; max error 3.0e-8 like these passes). Its
 * arithmetic alone is cheaper (1.07-1.18x the store loop in 7 of 8 pinned measurements, against
 * 1.30-1.47x here), the table not: 1.55-2.19x against 1.71-1.96x pinned, 1.93-2.38x against
 * 1.85-2.08x unpinned. The same pass with its state stores left out (wrong values, an ablation)
 * took 0.95-1.00x alone and 1.50-1.59x on the table (1.75x on a busy vCPU): with no state traffic
 * at all the cold table is still at the target's edge, so the state a real pass must keep puts
 * 1.5x out of reach here. Bands with Chebyshev (rows q and q + B rotated, q + 2B and q + 3B by the
 * step along the bands, 2 cos(B w)) took 1.66-1.73x against 1.71-1.79x; all four bands by
 * Chebyshev 2.27-2.31x; Chebyshev passes of 8 rows 1.73-2.26x; Chebyshev sweeps of one or two rows
 * with the state in memory 3.3-3.9x. No change of kernel.
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
