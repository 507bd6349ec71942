/* RoPE: cos/sin tables, inverse frequencies and rotation of vectors, with every rope_scaling type of
 * transformers' modeling_rope_utils.py (v5, the rope_parameters era; see posenc.h for the formulas). */
#include "internal.h"
#include "mathlib.h"
#include "kernels.h"

#define R_(name, ...) R_##name,
enum { PE_PARAMS_ROPE_APPLY(R_) R__N };
enum { DEFAULT, LINEAR, DYNAMIC, YARN, LONGROPE, LLAMA3, PROPORTIONAL };  /* rope_type choices, kinds.def order */
enum { NEOX, GPTJ };

#define PE_PI 3.14159265358979323846
/* Static, off the stack (PE_MAXHALF doubles each): one request computes at a time (wasm is single-threaded). */
static double inv[PE_MAXHALF];
static double cur_c[PE_MAXHALF], cur_s[PE_MAXHALF];  /* rope-apply: one row's af * (cos, sin)(p inv) */

typedef struct { int r, h; double af; } rope_cfg;

static const char *const need[] = {
  "", "is required by rope_type 'linear'", "is required by rope_type 'dynamic'",
  ("is required by rope_type 'yarn' (or give original_max_position_embeddings: factor = "
   "maxPositionEmbeddings / original_max_position_embeddings)"),
  "is required by rope_type 'longrope'", "is required by rope_type 'llama3'", ""};

/* yarn's get_mscale */
static double mscale_of(double s, double m) { return s <= 1 ? 1.0 : 0.1 * m * pe__log(s) + 1.0; }

/* proportional (Gemma 4, transformers' _compute_proportional_rope_parameters): the table spans the
 * whole head, r = dim; the first int(partialRotaryFactor dim / 2) frequencies are base^(-2k/dim)
 * (exponent over the full head dim), the rest 0 (identity pairs); all divided by factor (unset 1). */
static pe_status proportional(const pe_request *rq, rope_cfg *c, pe_error *err) {
  const double *v = rq->v;
  const int d = (int)v[R_dim], angles = (int)floor(v[R_partialRotaryFactor] * d / 2);
  if (d % 2)
    return pe__fail(err, rq, R_dim, PE_ERANGE, NAN, NAN, "must be even for rope_type 'proportional' (its table spans the whole head)");
  const double f = rq->given[R_factor] ? v[R_factor] : 1;
  c->r = d, c->h = d / 2, c->af = 1;
  for (int k = 0; k < c->h; k++) inv[k] = k < angles ? 1.0 / pe__pow(v[R_base], (2.0 * k) / d) / f : 0;
  return PE_OK;
}

/* Validate the cross-parameter rules and fill inv[0 .. r/2) and the attention factor. Both passes
 * call it: it is r/2 pow() calls, and the compute pass must not trust state from the check pass. */
static pe_status setup(const pe_request *rq, rope_cfg *c, pe_error *err) {
  const double *v = rq->v;
  const double dim = v[R_dim], base = v[R_base], maxpos = v[R_maxPositionEmbeddings];
  const int type = (int)v[R_rope_type];
  if (type == PROPORTIONAL) return proportional(rq, c, err);
  /* int(head_dim * partial_rotary_factor), as HF */
  const int r = (int)(dim * v[R_partialRotaryFactor]), h = r / 2;
  const int who = rq->given[R_partialRotaryFactor] && v[R_partialRotaryFactor] != 1 ? R_partialRotaryFactor : R_dim;
  if (r < 2 || r % 2)
    return pe__fail(err, rq, who, PE_ERANGE, NAN, NAN,
                    "makes the rotary dim r = int(dim * partialRotaryFactor) odd or less than 2 (it must be even and >= 2)");
  c->r = r, c->h = h, c->af = 1;

  const int has_f = rq->given[R_factor];
  double f = v[R_factor];
  const double orig = rq->given[R_original_max_position_embeddings] ? v[R_original_max_position_embeddings] : maxpos;
  if ((type == LINEAR || type == DYNAMIC || type == LLAMA3) && !has_f)
    return pe__fail(err, rq, R_factor, PE_EINVAL, NAN, NAN, need[type]);
  if (type == LLAMA3 && !rq->given[R_low_freq_factor])
    return pe__fail(err, rq, R_low_freq_factor, PE_EINVAL, NAN, NAN, need[type]);
  if (type == LLAMA3 && !rq->given[R_high_freq_factor])
    return pe__fail(err, rq, R_high_freq_factor, PE_EINVAL, NAN, NAN, need[type]);
  if (type == DYNAMIC && r == 2)
    return pe__fail(err, rq, who, PE_ERANGE, NAN, NAN,
                    "gives rotary dim 2, which rope_type 'dynamic' cannot use (its base exponent is r/(r-2))");

  double b = base;
  if (type == DYNAMIC) {
    /* seq_len: max(seq_len, max_position_embeddings); unset = max_position_embeddings (init) */
    const double L = rq->given[R_seqLen] && v[R_seqLen] > maxpos ? v[R_seqLen] : maxpos;
    b = base * pe__pow(f * L / maxpos - (f - 1), r / (r - 2.0));
  }
  if (type != LONGROPE)  /* longrope forms its own with the factor inside (HF's rounding) */
    for (int k = 0; k < h; k++) inv[k] = 1.0 / pe__pow(b, (2.0 * k) / r);

  switch (type) {
    case LINEAR:
      for (int k = 0; k < h; k++) inv[k] /= f;
      break;
    case YARN: {
      /* HF requires the key; factor None falls back to max_position_embeddings / original. */
      if (!has_f && !rq->given[R_original_max_position_embeddings])
        return pe__fail(err, rq, R_factor, PE_EINVAL, NAN, NAN, need[type]);
      if (base == 1)
        return pe__fail(err, rq, R_base, PE_ERANGE, NAN, NAN, "must be > 1 for rope_type 'yarn' (it divides by ln(base))");
      if (!has_f) f = maxpos / orig;
      const double ms = rq->given[R_mscale] ? v[R_mscale] : 0, msa = rq->given[R_mscale_all_dim] ? v[R_mscale_all_dim] : 0;
      if (rq->given[R_attention_factor]) c->af = v[R_attention_factor];
      else if (ms != 0 && msa != 0) c->af = mscale_of(f, ms) / mscale_of(f, msa);  /* `if mscale and mscale_all_dim` */
      else c->af = mscale_of(f, 1);
      const double bf = v[R_beta_fast] != 0 ? v[R_beta_fast] : 32, bs = v[R_beta_slow] != 0 ? v[R_beta_slow] : 1;
      /* find_correction_dim / find_correction_range */
      const double lb2 = 2 * pe__log(base);
      double lo = r * pe__log(orig / (bf * 2 * PE_PI)) / lb2;
      double hi = r * pe__log(orig / (bs * 2 * PE_PI)) / lb2;
      /* A beta near 0 (fuzzing found 5e-324) overflows the logarithm; HF would then give NaN. */
      if (!isfinite(lo))
        return pe__fail(err, rq, R_beta_fast, PE_ERANGE, NAN, NAN, "is so small that the correction dim r ln(orig/(2 pi beta)) / (2 ln base) overflows");
      if (!isfinite(hi))
        return pe__fail(err, rq, R_beta_slow, PE_ERANGE, NAN, NAN, "is so small that the correction dim r ln(orig/(2 pi beta)) / (2 ln base) overflows");
      if (v[R_truncate] != 0) lo = floor(lo), hi = ceil(hi);
      if (lo < 0) lo = 0;
      if (hi > r - 1) hi = r - 1;
      if (lo == hi) hi += 0.001;  /* linear_ramp_factor's "prevent singularity" */
      for (int k = 0; k < h; k++) {
        double ramp = (k - lo) / (hi - lo);
        ramp = ramp < 0 ? 0 : ramp > 1 ? 1 : ramp;
        const double ef = 1 - ramp;  /* extrapolation weight */
        inv[k] = inv[k] / f * (1 - ef) + inv[k] * ef;
      }
      break;
    }
    case LONGROPE: {
      for (int i = R_short_factor; i <= R_long_factor; i++) {
        if (!rq->given[i]) return pe__fail(err, rq, i, PE_EINVAL, NAN, NAN, need[type]);
        if (rq->len[i] != h)
          return pe__fail(err, rq, i, PE_EINVAL, h, h, "must have r/2 elements (r = int(dim * partialRotaryFactor))");
      }
      if (!has_f) f = maxpos / orig;
      if (rq->given[R_attention_factor]) c->af = v[R_attention_factor];
      else if (f > 1) {
        if (orig == 1)
          return pe__fail(err, rq, R_original_max_position_embeddings, PE_ERANGE, 2, NAN,
                          "must be > 1 for rope_type 'longrope' (its attention factor divides by ln of it)");
        c->af = sqrt(1 + pe__log(f) / pe__log(orig));
      }
      /* long factors once the sequence outgrows the pre-training length; short at init */
      const float *ext = rq->arr[rq->given[R_seqLen] && v[R_seqLen] > orig ? R_long_factor : R_short_factor];
      for (int k = 0; k < h; k++) inv[k] = 1.0 / ((double)ext[k] * pe__pow(base, (2.0 * k) / r));
      break;
    }
    case LLAMA3: {
      const double lff = v[R_low_freq_factor], hff = v[R_high_freq_factor];
      const double low_wl = orig / lff, high_wl = orig / hff;
      for (int k = 0; k < h; k++) {
        const double wl = 2 * PE_PI / inv[k];
        if (wl > low_wl) inv[k] /= f;                 /* low frequency: interpolate */
        else if (!(wl < high_wl)) {                    /* medium: smooth blend */
          const double s = (orig / wl - lff) / (hff - lff);
          inv[k] = (1 - s) * inv[k] / f + s * inv[k];
        }                                              /* high frequency: keep */
      }
      break;
    }
  }
  /* Any other corner where the formulas give NaN or infinity (llama3 with low == high freq factor
   * at the band edge, say) is refused rather than computed. */
  for (int k = 0; k < h; k++)
    if (!isfinite(inv[k]))
      return pe__fail(err, rq, type == LLAMA3 ? R_high_freq_factor : has_f ? R_factor : R_base, PE_ERANGE, NAN, NAN,
                      "gives a non-finite inverse frequency with these parameters");
  if (!isfinite(c->af))
    return pe__fail(err, rq, R_factor, PE_ERANGE, NAN, NAN, "gives a non-finite attention factor with these parameters");
  return PE_OK;
}

static pe_status check_step(const pe_request *rq, int64_t n, pe_error *err) {
  return pe__check_rows(err, rq, R_step, (int64_t)rq->v[R_offset], n, (int64_t)rq->v[R_step]);
}

pe_status pe__rope(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  const int64_t n = (int64_t)rq->v[R_positions];
  if (!out) {
    if ((s = check_step(rq, n, err))) return s;
    pe__shape(sh, 3, (int64_t[]){2, n, c.r});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", c.af);
  float *co = out, *so = co + n * c.r;
  const int gptj = (int)rq->v[R_layout] == GPTJ;
  const pe__sc_table t = {.layout = gptj ? PE__SC_PAIRS : PE__SC_HALVES, .m = c.h, .w = inv, .ns = c.h, .nc = c.h,
                          .sin_row = so, .cos_row = co, .stride = c.r, .scale = c.af,
                          .step = (int64_t)rq->v[R_step]};
  pe__sc_rows(&t, (int64_t)rq->v[R_offset], n);
  return PE_OK;
}

pe_status pe__rope_frequencies(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  if (!out) {
    pe__shape(sh, 1, (int64_t[]){c.h});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", c.af);
  float *o = out;
  for (int k = 0; k < c.h; k++) o[k] = (float)inv[k];
  return PE_OK;
}

pe_status pe__rope_apply(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  const int d = (int)rq->v[R_dim];
  const int64_t len = rq->len[R_x];
  if (!rq->given[R_x]) return pe__fail(err, rq, R_x, PE_EINVAL, NAN, NAN, "is required: the vectors to rotate, [positions, dim] row-major");
  int64_t n;
  if (rq->given[R_positions]) {
    n = (int64_t)rq->v[R_positions];
    if (len != n * d) return pe__fail(err, rq, R_x, PE_EINVAL, (double)(n * d), (double)(n * d), "must have positions * dim elements");
  } else {
    if (len % d) return pe__fail(err, rq, R_x, PE_EINVAL, NAN, NAN, "has a length that is not a multiple of dim");
    n = len / d;
  }
  if (!out) {
    if ((s = check_step(rq, n, err))) return s;
    pe__shape(sh, 2, (int64_t[]){n, d});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", c.af);
  const float *x = rq->arr[R_x];
  float *o = out;
  const int gptj = (int)rq->v[R_layout] == GPTJ;
  const double step = rq->v[R_step];
  for (int64_t row = 0; row < n; row++, x += d, o += d) {
    /* each row's phases exactly, by the method that seeds the tables (kernels.h) */
    pe__sincos(inv, rq->v[R_offset] + row * step, c.af, cur_s, cur_c, c.h);
    for (int k = 0; k < c.h; k++) {
      const double cv = cur_c[k], sv = cur_s[k];
      const int a = gptj ? 2 * k : k, b = gptj ? 2 * k + 1 : k + c.h;
      const double xa = x[a], xb = x[b];
      o[a] = (float)(xa * cv - xb * sv);
      o[b] = (float)(xb * cv + xa * sv);
    }
    for (int j = c.r; j < d; j++) o[j] = x[j];  /* the pass-through part */
  }
  return PE_OK;
}

pe_status pe__rope_setup(const pe_request *rq, int *r, double *af, const double **w, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  *r = c.r, *af = c.af, *w = inv;
  return PE_OK;
}
