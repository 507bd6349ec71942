/* Analysis kinds: what an encoding does (see posenc.h). rope-spectrum and rope-decay read the rope
 * family's frequencies (rope.c), similarity the sinusoidal variants' (sinusoidal.c): the numbers the
 * tables are built from, never a second copy of their formulas. */
#include <string.h>
#include "internal.h"
#include "mathlib.h"
#include "kernels.h"

#define A_(name, ...) A_##name,
enum { PE_PARAMS_ROPE_DECAY(A_) A__N };      /* rope-spectrum's params are a prefix of these */
#define Q_(name, ...) Q_##name,
enum { PE_PARAMS_SIMILARITY(Q_) Q__N };
enum { DEFAULT, LINEAR, DYNAMIC, YARN, LONGROPE, LLAMA3 };  /* rope_type choices, kinds.def order */
enum { FAIRSEQ = 2 };                                       /* sinusoidal variant, kinds.def order */

#define PE_PI 3.14159265358979323846
#define PE_SIM_MAX 32768   /* similarity's per-distance scratch: 4 GiB of output, beyond the default cap */

static double sbuf[PE_MAXHALF], cbuf[PE_MAXHALF];  /* one row's sines, cosines: off the stack, one request at a time */

/* the original context L of the rotations column: original_max_position_embeddings, else maxPos */
static double original_context(const pe_request *rq) {
  return rq->given[A_original_max_position_embeddings] ? rq->v[A_original_max_position_embeddings]
                                                       : rq->v[A_maxPositionEmbeddings];
}

pe_status pe__rope_spectrum(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  pe__rope_freqs f;
  pe_status s = pe__rope_setup(rq, &f, err);
  if (s) return s;
  const int r = f.r, h = r / 2;
  const double *inv = f.inv;
  if (!out) {
    pe__shape(sh, 2, (int64_t[]){h, 4});
    return PE_OK;
  }
  const double L = original_context(rq), base = rq->v[A_base];
  const int type = (int)rq->v[A_rope_type];
  pe__info(info, "attentionFactor", f.af);
  pe__info(info, "originalContext", L);
  if (type == LLAMA3) {  /* the band edges as wavelengths (rope.c: low_wl, high_wl) */
    pe__info(info, "lowFreqWavelength", L / rq->v[A_low_freq_factor]);
    pe__info(info, "highFreqWavelength", L / rq->v[A_high_freq_factor]);
  } else if (type == YARN) {  /* the ramp's ends as frequency pairs k, as rope.c's setup found them */
    pe__info(info, "correctionLow", f.corr_lo);
    pe__info(info, "correctionHigh", f.corr_hi);
  }
  float *o = out;
  for (int k = 0; k < h; k++) {
    const double th = 1.0 / pe__pow(base, (2.0 * k) / r);  /* rope_type default, as rope.c forms it */
    o[4 * k] = (float)(inv[k] > 0 ? 2 * PE_PI / inv[k] : INFINITY);
    o[4 * k + 1] = (float)(2 * PE_PI / th);
    o[4 * k + 2] = (float)(inv[k] / th);
    o[4 * k + 3] = (float)(L * inv[k] / (2 * PE_PI));
  }
  return PE_OK;
}

pe_status pe__rope_decay(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  pe__rope_freqs f;
  pe_status s = pe__rope_setup(rq, &f, err);
  if (s) return s;
  const int h = f.r / 2;
  const double af = f.af, *inv = f.inv;
  const int64_t n = (int64_t)rq->v[A_distances], offset = (int64_t)rq->v[A_offset], step = (int64_t)rq->v[A_step];
  if (!out) {
    if ((s = pe__check_rows(err, rq, A_step, offset, n, step))) return s;
    pe__shape(sh, 2, (int64_t[]){n, 2});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", af);
  float *o = out;
  for (int64_t row = 0; row < n; row++) {  /* only the rows asked for: a zoomed window costs its size */
    pe__sincos(inv, (double)(offset + row * step), 1, sbuf, cbuf, h);
    double re = 0, im = 0, bound = 0, score = 0;
    for (int k = 0; k < h; k++) {
      re += cbuf[k], im += sbuf[k];
      bound += sqrt(re * re + im * im);   /* |S_{k+1}| */
      score += cbuf[k];
    }
    o[2 * row] = (float)(bound / h);
    o[2 * row + 1] = (float)(af * af * score / h);
  }
  return PE_OK;
}

static double tbuf[2 * PE_SIM_MAX], ubuf[PE_SIM_MAX], nbuf[PE_SIM_MAX];

/* tbuf[t] = s2 sum_k cos(t step w_k), t < L: per frequency, the angle-addition recurrence over t
 * (kernels.h's method, scalar: four frequencies at a time), seeded from the direct sincos every B
 * distances, B the largest power of two <= 256 with B step <= 2^23, so the rotation's drift stays
 * below B ulp(step w)/2 <= 2^-30 w, far under float32's rounding of the sums. */
static void distance_sums(const double *w, int m, int64_t L, int64_t step, double s2) {
  int64_t B = 256;
  while (B > 1 && B * step > 8388608) B /= 2;
  memset(tbuf, 0, sizeof(double) * L);
  for (int k0 = 0; k0 < m; k0 += 4) {
    const int n = m - k0 < 4 ? m - k0 : 4;
    double rs[4] = {0}, rc[4] = {1, 1, 1, 1}, s[4] = {0}, c[4] = {0};
    pe__sincos(w + k0, (double)step, 1, rs, rc, n);
    for (int64_t t0 = 0; t0 < L; t0 += B) {
      pe__sincos(w + k0, (double)(t0 * step), 1, s, c, n);
      for (int j = n; j < 4; j++) s[j] = c[j] = 0;  /* absent frequencies add nothing */
      const int64_t te = t0 + B < L ? t0 + B : L;
      for (int64_t t = t0; t < te; t++) {
        tbuf[t] += (c[0] + c[1]) + (c[2] + c[3]);
        for (int j = 0; j < 4; j++) {
          const double sn = s[j] * rc[j] + c[j] * rs[j];
          c[j] = c[j] * rc[j] - s[j] * rs[j];
          s[j] = sn;
        }
      }
    }
  }
  for (int64_t t = 0; t < L; t++) tbuf[t] *= s2;
}

/* S(i, j) for rows at p_i = offset + i step: each sin/cos pair k gives cos((i - j) step w_k), a
 * function of i - j (t below); an unpaired sine column (odd dim, vaswani/marian) adds the rank-one
 * u_i u_j; fairseq's padding row and column are zero. So the work is L distances times the
 * frequencies plus a fill of L^2 values, never L^2 dot products. */
pe_status pe__similarity(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  const int64_t L = (int64_t)rq->v[Q_positions];
  if (!out) {
    pe_status s = pe__sinusoidal(rq, sh, NULL, NULL, err);  /* the table's own checks (params are a prefix) */
    if (s) return s;
    pe__shape(sh, 2, (int64_t[]){L, L});
    return PE_OK;
  }
  (void)info;
  if (L > PE_SIM_MAX)  /* only reachable with the byte cap raised beyond 4 GiB */
    return pe__fail(err, rq, Q_positions, PE_ENOMEM, 0, PE_SIM_MAX, "is more than similarity's scratch holds");
  static double w[PE_MAXHALF];  /* the variant's frequencies: off the stack, one request at a time */
  const int d = (int)rq->v[Q_dim], variant = (int)rq->v[Q_variant];
  const int64_t offset = (int64_t)rq->v[Q_offset], step = (int64_t)rq->v[Q_step];
  const int normalize = rq->v[Q_normalize] != 0;
  const pe__sin_freqs f = pe__sinusoidal_freqs(variant, d, rq->v[Q_base], w);
  const double s2 = f.scale * f.scale, pair_norm2 = s2 * f.nc;  /* sin^2 + cos^2 = 1 per pair */
  distance_sums(w, f.nc, L, step, s2);
  float *o = out;
  if (f.ns == f.nc) {
    /* Toeplitz: row i is the slice m[L-1-i, 2L-1-i) of m[L-1+delta] = t[|delta|], kept at the start
     * of out; rows 2.. first (they lie beyond m), then rows 0 and 1 from what is left of it */
    const double scale = normalize ? (pair_norm2 > 0 ? 1 / pair_norm2 : 0) : 1;
    for (int64_t t = 0; t < L; t++) o[L - 1 + t] = o[L - 1 - t] = (float)(tbuf[t] * scale);
    for (int64_t i = L - 1; i >= 2; i--) memcpy(o + i * L, o + L - 1 - i, sizeof(float) * L);
    if (L >= 1) memmove(o, o + L - 1, sizeof(float) * L);  /* row 0: t[0 .. L) */
    if (L >= 2) {                                            /* row 1: t[1], t[0 .. L-1) */
      memcpy(o + L + 1, o, sizeof(float) * (L - 1));
      o[L] = o[1];
    }
  } else {
    /* t mirrored, tm[L-1+delta] = t[|delta|], so that each row reads forward (the loop vectorises) */
    double *tm = tbuf;
    for (int64_t t = L - 1; t >= 0; t--) tm[L - 1 + t] = tbuf[t];
    for (int64_t t = 1; t < L; t++) tm[L - 1 - t] = tm[L - 1 + t];
    for (int64_t i = 0; i < L; i++) {
      pe__sincos(w + f.nc, (double)(offset + i * step), f.scale, sbuf, cbuf, 1);
      const double u = sbuf[0], n2 = pair_norm2 + u * u;
      ubuf[i] = u;
      nbuf[i] = !normalize ? 1 : n2 > 0 ? 1 / sqrt(n2) : 0;
    }
    for (int64_t i = 0; i < L; i++) {
      const double ui = ubuf[i], ni = nbuf[i], *ti = tm + L - 1 - i;
      float *row = o + i * L;
      if (normalize)
        for (int64_t j = 0; j < L; j++) row[j] = (float)((ti[j] + ui * ubuf[j]) * ni * nbuf[j]);
      else
        for (int64_t j = 0; j < L; j++) row[j] = (float)(ti[j] + ui * ubuf[j]);
    }
  }
  const int64_t pad = variant == FAIRSEQ ? (int64_t)rq->v[Q_paddingIdx] : -1;
  if (pad >= 0 && pad >= offset && (pad - offset) % step == 0 && (pad - offset) / step < L) {
    const int64_t pr = (pad - offset) / step;
    memset(o + pr * L, 0, sizeof(float) * L);
    for (int64_t i = 0; i < L; i++) o[i * L + pr] = 0;
  }
  return PE_OK;
}

pe_status pe_difference(const void *a, int a_dtype, const void *b, int b_dtype, size_t n, float *out, pe_error *err) {
  if ((a_dtype != PE_F32 && a_dtype != PE_I32) || (b_dtype != PE_F32 && b_dtype != PE_I32)) {
    *err = (pe_error){PE_EINVAL, "dtype", a_dtype != PE_F32 && a_dtype != PE_I32 ? a_dtype : b_dtype, 0, 1,
                      "is not a table dtype (0 float32, 1 int32)"};
    return PE_EINVAL;
  }
  const float *af = a, *bf = b;
  const int32_t *ai = a, *bi = b;
  for (size_t i = 0; i < n; i++) {
    const double x = a_dtype == PE_F32 ? af[i] : ai[i], y = b_dtype == PE_F32 ? bf[i] : bi[i];
    out[i] = x == -INFINITY || y == -INFINITY ? -INFINITY : (float)(x - y);
  }
  return PE_OK;
}
