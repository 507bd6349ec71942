/* RoPE: cos/sin tables, inverse frequencies and rotation of vectors, with every rope_scaling type of
 * transformers' modeling_rope_utils.py (v5, the rope_parameters era; see posenc.h for the formulas). */
#include <string.h>
#include "internal.h"
#include "mathlib.h"
#include "kernels.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#define R_(name, ...) R_##name,
enum { PE_PARAMS_ROPE_APPLY(R_) R__N };
enum { DEFAULT, LINEAR, DYNAMIC, YARN, LONGROPE, LLAMA3, PROPORTIONAL };  /* rope_type choices, kinds.def order */
enum { NEOX, GPTJ };
enum { FD_DOUBLE, FD_F32, FD_BF16, FD_F16, FD_GGML };  /* freqDtype choices */
/* dtype and freqDtype choices as tensor dtypes (posenc.h PE_TENSOR_*); ggml has its own pipeline */
static const int dtype_of[] = {PE_TENSOR_F32, PE_TENSOR_BF16, PE_TENSOR_F16},
                 fdtype_of[] = {-1, PE_TENSOR_F32, PE_TENSOR_BF16, PE_TENSOR_F16, -1};

#define PE_PI 3.14159265358979323846
/* Static, off the stack (PE_MAXHALF doubles each): one request computes at a time (wasm is single-threaded). */
static double inv[PE_MAXHALF];
static double cur_c[PE_MAXHALF], cur_s[PE_MAXHALF];  /* one row's af * (cos, sin)(p inv), in gathered order */
static double wg[PE_MAXHALF];                        /* inv in gathered order: axis t's, then h's, then w's */
static int slot[PE_MAXHALF];                         /* frequency k's place in the gathered order */

/* Where each row's positions come from: offset + p step on every axis, or positionIds (one row for
 * every axis, or t, h, w rows with mropeSection: M-RoPE). */
typedef struct {
  int axes;                 /* 1, or 3 with mropeSection, or xdropeSection's count */
  int xd;                   /* xdropeSection: column j follows axis xcol[j] (not per frequency) */
  int start[4];             /* axis a owns gathered frequencies [start[a], start[a + 1]) */
  const double *ids;        /* positionIds given as doubles, */
  const int32_t *ids32;     /* or as int32 (pe_set_iarray32); both NULL: positions offset + p step */
  int64_t n, stride;        /* rows; axis a's ids at [a stride + p] (stride 0: one row for all) */
  double offset, step;
  int64_t mod;              /* positionModulo: positions taken mod this (floor modulo); 0 none */
} pos_cfg;

/* The M-RoPE axis (0 t, 1 h, 2 w) of frequency k < r/2 for sections s: chunked (HF
 * apply_multimodal_rotary_pos_emb) or interleaved (HF apply_interleaved_mrope). */
int pe__rope_freq_axis(int k, const int s[3], int interleaved) {
  if (interleaved) return k % 3 == 1 && k < 3 * s[1] ? 1 : k % 3 == 2 && k < 3 * s[2] ? 2 : 0;
  return k < s[0] ? 0 : k < s[0] + s[1] ? 1 : 2;
}

/* Element i of the ids, without the offset. */
static inline double id_at(const pos_cfg *pc, int64_t i) { return pc->ids32 ? (double)pc->ids32[i] : pc->ids[i]; }

/* q mod m in [0, m) (m > 0; |q| < 2^62: positions are within +-2^32) */
static double floor_mod(double q, int64_t m) {
  const int64_t r = (int64_t)q % m;
  return (double)(r < 0 ? r + m : r);
}

/* Row p's position on axis a. */
static double row_pos(const pos_cfg *pc, int a, int64_t p) {
  const double q = pc->ids || pc->ids32 ? id_at(pc, a * pc->stride + p) + pc->offset : pc->offset + (double)p * pc->step;
  return pc->mod ? floor_mod(q, pc->mod) : q;
}

/* corr_*: yarn's ramp ends, else NaN; sm: the yarn mscale of the softmax, get_mscale(factor, mscale_all_dim)
 * (DeepSeek-V2/V3 scale qk_head_dim^-0.5 by its square), 1 without mscale_all_dim */
typedef struct { int r, h; double af, corr_lo, corr_hi, sm; } rope_cfg;

static const char *const need[] = {
  "", "is required by rope_type 'linear'", "is required by rope_type 'dynamic'",
  ("is required by rope_type 'yarn' (or give original_max_position_embeddings: factor = "
   "maxPositionEmbeddings / original_max_position_embeddings)"),
  "is required by rope_type 'longrope'", "is required by rope_type 'llama3'", ""};

/* freqFactors: inv[k] /= ff[k], k < h (ggml_rope_ext's freq_factors divide the base frequencies of
 * each pair before the scaling; llama.cpp loads them from the GGUF's rope_freqs tensors). */
static pe_status freq_factors(const pe_request *rq, int h, pe_error *err) {
  if (!rq->given[R_freqFactors]) return PE_OK;
  if (rq->len[R_freqFactors] != h)
    return pe__fail(err, rq, R_freqFactors, PE_EINVAL, h, h, "must have r/2 elements (r = int(dim * partialRotaryFactor))");
  const float *ff = rq->arr[R_freqFactors];
  for (int k = 0; k < h; k++) inv[k] /= ff[k];
  return PE_OK;
}

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
  c->r = d, c->h = d / 2, c->af = 1, c->sm = 1;
  for (int k = 0; k < c->h; k++) inv[k] = k < angles ? 1.0 / pe__pow(v[R_base], (2.0 * k) / d) / f : 0;
  return freq_factors(rq, c->h, err);
}

static pe_status setup_inv(const pe_request *rq, rope_cfg *c, pe_error *err);
static pe_status setup_ggml(const pe_request *rq, rope_cfg *c, pe_error *err);

/* Validate the cross-parameter rules and fill inv[0 .. r/2) and the attention factor. Both passes
 * call it: it is r/2 pow() calls, and the compute pass must not trust state from the check pass.
 * With freqDtype, inv_freq is held in that dtype (the scaled values rounded once more). */
static pe_status setup(const pe_request *rq, rope_cfg *c, pe_error *err) {
  const pe_status s = setup_inv(rq, c, err);
  if (!s && (int)rq->v[R_freqDtype] == FD_GGML) return setup_ggml(rq, c, err);
  const int fd = fdtype_of[(int)rq->v[R_freqDtype]];
  if (!s && fd >= 0)
    for (int k = 0; k < c->h; k++) {
      inv[k] = pe__round_dtype((float)inv[k], fd);
      /* float16 holds at most 65504: a larger inverse frequency (base below 1) becomes inf, and
       * position 0 times inf is NaN in every table built from it */
      if (!isfinite(inv[k]))
        return pe__fail(err, rq, R_freqDtype, PE_ERANGE, NAN, NAN,
                        "cannot hold an inverse frequency of this base and scaling (it rounds to infinity)");
    }
  return s;
}

/* freqDtype 'ggml': ggml's CPU rope kernel in float32, as ggml-org/llama.cpp
 * ggml/src/ggml-cpu/ops.cpp@1f08e2d662715ead7987c365eced4f273d90e431 (ggml_rope_cache_init, rope_yarn,
 * rope_yarn_ramp) and ggml/src/ggml.c@1f08e2d662715ead7987c365eced4f273d90e431
 * (ggml_rope_yarn_corr_dims) form it: each operation rounded to float in their order. cosf, sinf, powf
 * and logf are the double functions rounded once to float: correctly rounded but where the double lies
 * within an ulp of a float midpoint. glibc's sinf and cosf are not correctly rounded, so a glibc build
 * of the kernel differs by an ulp in ~1% of the values (tests/native/rope-ggml.test.js). */
static struct {
  float fs, ext, ms, ts;         /* freq_scale, ext_factor, mscale of cos and sin, theta_scale */
  const float *ff;               /* freqFactors or NULL (ggml's 1.0f) */
  float mix[PE_MAXHALF];         /* rope_yarn_ramp(corr_dims, 2k) * ext_factor */
} gg;
static double gg_ang[PE_MAXHALF], gg_s[PE_MAXHALF], gg_c[PE_MAXHALF];

static float logf_(float x) { return (float)pe__log((double)x); }

/* ggml_rope_yarn_corr_dim: the float expression, operation by operation */
static float corr_dim(int n_dims, int n_ctx_orig, float n_rot, float base) {
  const float pi = (float)PE_PI;
  return (float)n_dims * logf_((float)n_ctx_orig / (n_rot * 2.0f * pi)) / (2.0f * logf_(base));
}

/* ggml's angles of one position, gg_ang[k] = theta of pair k, k < h: theta starts at (float)q and is
 * multiplied by theta_scale after each pair (so a product rounded k times, not a power). */
static void ggml_angles(double q, int h) {
  float theta = (float)q;
  for (int k = 0; k < h; k++) {
    const float te = gg.ff ? theta / gg.ff[k] : theta, ti = gg.fs * te;
    float th = ti;
    if (gg.ext != 0.0f) th = ti * (1.0f - gg.mix[k]) + te * gg.mix[k];
    gg_ang[k] = th;
    theta *= gg.ts;
  }
}

/* ggml's cache for position q: gg_c, gg_s hold cosf, sinf of each pair's angle (times mscale: below) */
static void ggml_row(double q, int h) {
  ggml_angles(q, h);
  pe__sincos(gg_ang, 1, 1, gg_s, gg_c, h);
}

static pe_status setup_ggml(const pe_request *rq, rope_cfg *c, pe_error *err) {
  const double *v = rq->v;
  const int type = (int)v[R_rope_type], h = c->h;
  if (type != DEFAULT && type != LINEAR && type != YARN)
    return pe__fail(err, rq, R_freqDtype, PE_EINVAL, NAN, NAN,
                    type == LLAMA3 || type == LONGROPE
                        ? "'ggml' takes rope_type default, linear or yarn: llama.cpp gets llama3 and longrope as "
                          "frequency factors from the GGUF (rope_freqs, rope_factors_long/short): give them as freqFactors"
                        : "'ggml' takes rope_type default, linear or yarn (llama.cpp has no kernel for this type)");
  if (rq->given[R_mropeSection] || rq->given[R_mrope_section])
    return pe__fail(err, rq, R_freqDtype, PE_EINVAL, NAN, NAN,
                    "'ggml' does not take M-RoPE sections yet (ggml_rope_multi's per-axis angles)");
  /* truncate is not read: ggml_rope_yarn_corr_dims always floors and ceils, whatever the config says
   * (GPT-OSS's truncate false included) */
  const double maxpos = v[R_maxPositionEmbeddings];
  const double orig = rq->given[R_original_max_position_embeddings] ? v[R_original_max_position_embeddings] : maxpos;
  const double f = rq->given[R_factor] ? v[R_factor] : maxpos / orig;  /* yarn's fallback; linear requires it */
  const float attn = rq->given[R_ggmlAttnFactor] ? (float)v[R_ggmlAttnFactor] : 1.0f;
  const float base = (float)v[R_base];
  gg.fs = type == DEFAULT ? 1.0f : 1.0f / (float)f;
  gg.ext = type == YARN ? 1.0f : 0.0f;
  gg.ts = (float)pe__pow((double)base, (double)(-2.0f / (float)c->r));
  gg.ff = rq->given[R_freqFactors] ? rq->arr[R_freqFactors] : NULL;
  gg.ms = gg.ext != 0.0f ? attn * (1.0f + 0.1f * logf_(1.0f / gg.fs)) : attn;
  if (type == YARN) {
    const float bf = v[R_beta_fast] != 0 ? (float)v[R_beta_fast] : 32.0f, bs = v[R_beta_slow] != 0 ? (float)v[R_beta_slow] : 1.0f;
    const int n_dims = c->r, n_ctx_orig = (int)orig;
    const float start = floorf(corr_dim(n_dims, n_ctx_orig, bf, base)), end = ceilf(corr_dim(n_dims, n_ctx_orig, bs, base));
    const float lo = 0 > start ? 0 : start, hi = (float)(n_dims - 1) < end ? (float)(n_dims - 1) : end;  /* MAX, MIN */
    const float span = 0.001f > hi - lo ? 0.001f : hi - lo;
    for (int k = 0; k < h; k++) {
      const float y = ((float)k - lo) / span, m0 = 0 > y ? 0 : y, m1 = 1 < m0 ? 1 : m0;
      gg.mix[k] = (1 - m1) * gg.ext;
    }
    c->corr_lo = lo, c->corr_hi = hi;
  }
  /* the other kinds' frequencies: ggml's angle at position 1 */
  ggml_angles(1, h);
  for (int k = 0; k < h; k++) {
    inv[k] = gg_ang[k];
    if (!isfinite(inv[k]))
      return pe__fail(err, rq, R_freqDtype, PE_ERANGE, NAN, NAN, "gives a non-finite angle with these parameters");
  }
  c->af = gg.ms;
  if (!isfinite(c->af))
    return pe__fail(err, rq, R_ggmlAttnFactor, PE_ERANGE, NAN, NAN, "gives a non-finite mscale with these parameters");
  return PE_OK;
}

static pe_status setup_inv(const pe_request *rq, rope_cfg *c, pe_error *err) {
  const double *v = rq->v;
  const double dim = v[R_dim], base = v[R_base], maxpos = v[R_maxPositionEmbeddings];
  const int type = (int)v[R_rope_type];
  c->corr_lo = c->corr_hi = NAN;
  if (type == PROPORTIONAL) return proportional(rq, c, err);
  /* int(head_dim * partial_rotary_factor), as HF */
  const int r = (int)(dim * v[R_partialRotaryFactor]), h = r / 2;
  const int who = rq->given[R_partialRotaryFactor] && v[R_partialRotaryFactor] != 1 ? R_partialRotaryFactor : R_dim;
  if (r < 2 || r % 2)
    return pe__fail(err, rq, who, PE_ERANGE, NAN, NAN,
                    "makes the rotary dim r = int(dim * partialRotaryFactor) odd or less than 2 (it must be even and >= 2)");
  c->r = r, c->h = h, c->af = 1, c->sm = 1;

  const int has_f = rq->given[R_factor];
  double f = v[R_factor];
  const double orig = rq->given[R_original_max_position_embeddings] ? v[R_original_max_position_embeddings] : maxpos;
  const int alpha = type == DYNAMIC && rq->given[R_alpha];  /* HunYuan: the factor is not read */
  const int qwen = rq->given[R_ntkAlphaLength];               /* Qwen (v1): nor is it here */
  if (qwen && type != DYNAMIC)
    return pe__fail(err, rq, R_ntkAlphaLength, PE_EINVAL, NAN, NAN, "is Qwen's dynamic NTK: it needs rope_type 'dynamic'");
  if (qwen && alpha)
    return pe__fail(err, rq, R_ntkAlphaLength, PE_EINVAL, NAN, NAN, "and ropeScaling.alpha are two NTK alphas: give one");
  if ((type == LINEAR || (type == DYNAMIC && !alpha && !qwen) || type == LLAMA3) && !has_f)
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
    const int longer = rq->given[R_seqLen] && v[R_seqLen] > maxpos;
    const double L = longer ? v[R_seqLen] : maxpos;
    /* HunYuan's alpha sets the base at init; HF's dynamic update past maxpos recomputes plain NTK */
    const double fd = has_f ? f : 1;
    if (qwen) {
      /* QWenModel.get_ntk_alpha: ceil(math.log(L / S, 2) + 1), math.log(x, 2) being log(x) / log(2) */
      const double n = rq->given[R_seqLen] ? v[R_seqLen] : 0;
      const double e = n > 0 ? ceil(pe__log(n / v[R_ntkAlphaLength]) / pe__log(2.0) + 1) : 0;
      const double a = e >= 1 ? pe__pow(2.0, e) - 1 : 1;
      b = base * pe__pow(a, r / (r - 2.0));
    } else if (alpha && !longer) b = base * pe__pow(v[R_alpha], r / (r - 2.0));
    else b = base * pe__pow(fd * L / maxpos - (fd - 1), r / (r - 2.0));
  }
  if (type != LONGROPE && (int)v[R_freqDtype] != FD_DOUBLE)
    /* HF's float32 steps: arange(0, r, 2).float() / r, base ** that, 1.0 / that, each rounded */
    for (int k = 0; k < h; k++) inv[k] = (float)(1.0 / (double)(float)pe__pow(b, (double)((float)(2 * k) / (float)r)));
  else if (type != LONGROPE)  /* longrope forms its own with the factor inside (HF's rounding) */
    for (int k = 0; k < h; k++) inv[k] = 1.0 / pe__pow(b, (2.0 * k) / r);
  /* before the scaling: llama3 then picks each band from the divided wavelength, as ggml's kernel
   * scales theta / ff */
  pe_status fs;
  if (type != LONGROPE && (fs = freq_factors(rq, h, err))) return fs;

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
      if (msa != 0) c->sm = mscale_of(f, msa);
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
      c->corr_lo = lo, c->corr_hi = hi;
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
      if ((fs = freq_factors(rq, h, err))) return fs;  /* a divisor as ext is: the order does not matter */
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

static int sections_differ(const pe_request *rq, int i, int j) {
  for (int a = 0; a < 3; a++)
    if (pe__iarr_at(rq, i, a) != pe__iarr_at(rq, j, a)) return 1;
  return 0;
}

pe_status pe__rope_sections(const pe_request *rq, int h, int sec[3], int *interleaved, int *mrope, pe_error *err) {
  const double *v = rq->v;
  const int top = rq->given[R_mropeSection], cfg = rq->given[R_mrope_section];
  if (top && cfg && sections_differ(rq, R_mropeSection, R_mrope_section))
    return pe__fail(err, rq, R_mropeSection, PE_EINVAL, NAN, NAN, "disagrees with ropeScaling.mrope_section");
  const int ti = rq->given[R_mropeInterleaved], ci = rq->given[R_mrope_interleaved];
  if (ti && ci && v[R_mropeInterleaved] != v[R_mrope_interleaved])
    return pe__fail(err, rq, R_mropeInterleaved, PE_EINVAL, NAN, NAN, "disagrees with ropeScaling.mrope_interleaved");
  const int who_s = top ? R_mropeSection : R_mrope_section, who_i = ti ? R_mropeInterleaved : R_mrope_interleaved;
  *interleaved = ti ? v[R_mropeInterleaved] != 0 : ci && v[R_mrope_interleaved] != 0;
  *mrope = top || cfg;
  if (*interleaved && !*mrope)
    return pe__fail(err, rq, who_i, PE_EINVAL, NAN, NAN, "needs mropeSection (the frequencies of each axis)");
  sec[0] = h, sec[1] = sec[2] = 0;
  if (*mrope) {
    for (int a = 0; a < 3; a++) sec[a] = (int)pe__iarr_at(rq, who_s, a);
    if (sec[0] + sec[1] + sec[2] != h)
      return pe__fail(err, rq, who_s, PE_ERANGE, h, h, "must sum to r/2 (r = int(dim * partialRotaryFactor))");
    if (*interleaved && ((sec[1] > 0 && 3 * sec[1] - 2 >= h) || (sec[2] > 0 && 3 * sec[2] - 1 >= h)))
      return pe__fail(err, rq, who_s, PE_ERANGE, NAN, NAN,
                      "has more h or w frequencies than interleaving gives slots (3 s_h - 2 and 3 s_w - 1 must be < r/2)");
  }
  return PE_OK;
}

/* xdropeSection (HunYuan-VL apply_multimodal_rotary_pos_emb): the r columns in chunks of 2 s_a, chunk a
 * taking axis a, both halves of the head alike (so columns k and k + r/2 may follow different axes). */
static unsigned char xcol[2 * PE_MAXHALF];

int pe__rope_xdrope(const pe_request *rq, int h, int r, int *axes, pe_error *err) {
  *axes = 0;
  if (!rq->given[R_xdropeSection]) return PE_OK;
  const int64_t n = rq->len[R_xdropeSection];
  if (n != 3 && n != 4) return pe__fail(err, rq, R_xdropeSection, PE_EINVAL, 3, 4, "must have 3 or 4 elements (one per axis)");
  if (rq->given[R_mropeSection] || rq->given[R_mrope_section] || rq->given[R_mropeInterleaved] || rq->given[R_mrope_interleaved])
    return pe__fail(err, rq, R_xdropeSection, PE_EINVAL, NAN, NAN, "and mropeSection are two ways to split the head: give one");
  int sum = 0;
  for (int a = 0; a < n; a++) sum += (int)pe__iarr_at(rq, R_xdropeSection, a);
  if (sum != h) return pe__fail(err, rq, R_xdropeSection, PE_ERANGE, h, h, "must sum to r/2 (r = int(dim * partialRotaryFactor))");
  for (int a = 0, j = 0; a < n; a++)
    for (int e = 0; e < 2 * (int)pe__iarr_at(rq, R_xdropeSection, a); e++) xcol[j++] = a;
  (void)r;
  *axes = (int)n;
  return PE_OK;
}

static pe_status xdrope_positions(const pe_request *rq, const rope_cfg *c, pos_cfg *pc, int64_t n_x, int axes, pe_error *err) {
  const double *v = rq->v;
  if ((int)v[R_freqDtype] != FD_DOUBLE || v[R_positionModulo] != 0)
    return pe__fail(err, rq, R_xdropeSection, PE_EINVAL, NAN, NAN, "is computed in double, without freqDtype or positionModulo");
  pc->axes = axes, pc->xd = 1, pc->mod = 0;
  pc->start[0] = 0, pc->start[1] = pc->start[2] = pc->start[3] = c->h;
  for (int k = 0; k < c->h; k++) slot[k] = k, wg[k] = inv[k];
  pc->offset = v[R_offset], pc->step = v[R_step];
  pc->ids = rq->iarr[R_positionIds], pc->ids32 = rq->iarr32[R_positionIds];
  if (!rq->given[R_positionIds]) {
    pc->n = n_x >= 0 ? n_x : (int64_t)v[R_positions], pc->stride = 0;
    return pe__check_rows(err, rq, R_step, (int64_t)v[R_offset], pc->n, (int64_t)v[R_step]);
  }
  if (v[R_step] != 1)
    return pe__fail(err, rq, R_step, PE_EINVAL, 1, 1, "must be 1 with positionIds (the ids give every row's position)");
  const int64_t len = rq->len[R_positionIds];
  const int64_t given_n = rq->given[R_positions] ? (int64_t)v[R_positions] : n_x;
  if (given_n >= 0) {
    if (len != given_n && len != axes * given_n)
      return pe__fail(err, rq, R_positionIds, PE_EINVAL, NAN, NAN, "must have positions or (xdropeSection axes) * positions ids");
    pc->n = given_n, pc->stride = len == given_n ? 0 : given_n;
  } else {
    if (len % axes)
      return pe__fail(err, rq, R_positionIds, PE_EINVAL, NAN, NAN, "must have one row per xdropeSection axis; give positions for one row shared by every axis");
    pc->n = len / axes, pc->stride = pc->n;
  }
  return PE_OK;
}

/* xdropeSection tables: per row and axis the (cos, sin) of every frequency (cur_c, cur_s, natural
 * order here), stored in the columns j of that axis (xcol[j]). */
static void rows_xdrope(const pos_cfg *pc, const rope_cfg *c, float *co, float *so, int gptj) {
  const int h = c->h, r = c->r;
  for (int64_t p = 0; p < pc->n; p++) {
    float *cr = co + p * r, *sr = so + p * r;
    for (int a = 0; a < pc->axes; a++) {
      pe__sincos(inv, row_pos(pc, a, p), c->af, cur_s, cur_c, h);
      for (int j = 0; j < r; j++) {
        if (xcol[j] != a) continue;
        const int k = gptj ? j / 2 : j % h;
        cr[j] = (float)cur_c[k], sr[j] = (float)cur_s[k];
      }
    }
  }
}

/* The positions rules (posenc.h, rope: positionIds and mropeSection) and the gathered order of the frequencies; n_x is
 * the rows the input implies (rope-apply without positions) or -1. */
static pe_status positions(const pe_request *rq, const rope_cfg *c, pos_cfg *pc, int64_t n_x, pe_error *err) {
  const double *v = rq->v;
  int xaxes;
  pe_status xs = pe__rope_xdrope(rq, c->h, c->r, &xaxes, err);
  if (xs) return xs;
  pc->xd = 0;
  if (xaxes) return xdrope_positions(rq, c, pc, n_x, xaxes, err);
  int sec[3], interleaved, mrope;
  pe_status s = pe__rope_sections(rq, c->h, sec, &interleaved, &mrope, err);
  if (s) return s;
  pc->axes = mrope ? 3 : 1;
  /* gathered order: each axis' frequencies together, ascending */
  int cnt[3] = {0, 0, 0};
  for (int k = 0; k < c->h; k++) cnt[mrope ? pe__rope_freq_axis(k, sec, interleaved) : 0]++;
  pc->start[0] = 0, pc->start[1] = cnt[0], pc->start[2] = cnt[0] + cnt[1], pc->start[3] = c->h;
  int fill[3] = {pc->start[0], pc->start[1], pc->start[2]};
  for (int k = 0; k < c->h; k++) {
    const int a = mrope ? pe__rope_freq_axis(k, sec, interleaved) : 0;
    slot[k] = fill[a]++;
    wg[slot[k]] = inv[k];
  }
  pc->offset = v[R_offset], pc->step = v[R_step];
  pc->mod = (int64_t)v[R_positionModulo];
  if (!rq->given[R_positionIds]) {
    pc->ids = NULL, pc->ids32 = NULL, pc->stride = 0;
    pc->n = n_x >= 0 ? n_x : (int64_t)v[R_positions];
    if (pc->axes == 3) pc->axes = 1, pc->start[1] = pc->start[2] = pc->start[3] = c->h;  /* every axis alike */
    return pe__check_rows(err, rq, R_step, (int64_t)v[R_offset], pc->n, (int64_t)v[R_step]);
  }
  if (v[R_step] != 1)
    return pe__fail(err, rq, R_step, PE_EINVAL, 1, 1, "must be 1 with positionIds (the ids give every row's position)");
  const int64_t len = rq->len[R_positionIds];
  pc->ids = rq->iarr[R_positionIds], pc->ids32 = rq->iarr32[R_positionIds];
  const int64_t given_n = rq->given[R_positions] ? (int64_t)v[R_positions] : n_x;
  if (!mrope) {
    if (given_n >= 0 && given_n != len)
      return pe__fail(err, rq, R_positionIds, PE_EINVAL, NAN, NAN,
                      given_n * 3 == len ? "has 3 rows (t, h, w), which need mropeSection"
                                         : "must have one id per row (positions rows)");
    pc->n = len, pc->stride = 0;
  } else if (given_n >= 0) {
    if (len != given_n && len != 3 * given_n)
      return pe__fail(err, rq, R_positionIds, PE_EINVAL, NAN, NAN, "must have positions or 3 * positions ids");
    pc->n = given_n, pc->stride = len == given_n ? 0 : given_n;
  } else {
    if (len % 3)
      return pe__fail(err, rq, R_positionIds, PE_EINVAL, NAN, NAN,
                      "must have 3 rows (t, h, w) with mropeSection; give positions for one row shared by every axis");
    pc->n = len / 3, pc->stride = pc->n;
  }
  return PE_OK;
}

/* One row's scaled (cos, sin) in gathered order (cur_s, cur_c); an axis whose position did not
 * change since the last call keeps its values (last[a] holds that position; NaN: unknown). */
static void row_values(const pos_cfg *pc, int64_t p, double af, double last[3]) {
  for (int a = 0; a < pc->axes; a++) {
    const double q = row_pos(pc, a, p);
    if (q == last[a]) continue;
    last[a] = q;
    pe__sincos(wg + pc->start[a], q, af, cur_s + pc->start[a], cur_c + pc->start[a], pc->start[a + 1] - pc->start[a]);
  }
}

/* Rows p .. that are text: every axis at the same position, rising by 1 from row p (ids given). */
static int64_t text_run(const pos_cfg *pc, int64_t p) {
  const int64_t h = pc->stride, w = 2 * h;
  const double base = id_at(pc, p) - (double)p;   /* row e's id in the run: base + e (integers, exact) */
  int64_t e = p;
  if (pc->axes == 1)
    while (e < pc->n && id_at(pc, e) == base + (double)e) e++;
  else
    while (e < pc->n && id_at(pc, e) == base + (double)e && id_at(pc, h + e) == base + (double)e &&
           id_at(pc, w + e) == base + (double)e)
      e++;
  return e - p;
}

/* Rows at explicit ids keep each frequency's scaled (cos, sin) in natural order (nat_c, nat_s) and
 * the rotation by one position (step_c, step_s = cos, sin of inv[k]). */
static double nat_c[PE_MAXHALF], nat_s[PE_MAXHALF], step_c[PE_MAXHALF], step_s[PE_MAXHALF];
/* rotations between direct evaluations of an axis: each adds ~2e-16, the bound of kernels.h's blocks */
#define MAX_ROT (PE__SC_BLOCK - 1)

/* dst[j] = dst[j + dup] = (float)src[j], j < n (gptj: dst[2j] = dst[2j + 1]) */
static void put(float *dst, int64_t dup, const double *src, int n, int pairs) {
  int k = 0;
#ifdef __wasm_simd128__
  for (; k + 4 <= n; k += 4) {
    const v128_t v = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(wasm_v128_load(src + k)),
                                        wasm_f32x4_demote_f64x2_zero(wasm_v128_load(src + k + 2)), 0, 1, 4, 5);
    if (pairs) {
      wasm_v128_store(dst + 2 * k, wasm_i32x4_shuffle(v, v, 0, 0, 1, 1));
      wasm_v128_store(dst + 2 * k + 4, wasm_i32x4_shuffle(v, v, 2, 2, 3, 3));
    } else {
      wasm_v128_store(dst + k, v), wasm_v128_store(dst + k + dup, v);
    }
  }
#endif
  for (; k < n; k++) {
    const float f = (float)src[k];
    if (pairs) dst[2 * k] = dst[2 * k + 1] = f;
    else dst[k] = dst[k + dup] = f;
  }
}

/* d[j] = s[j], j < n (a row copy: a loop, as memcpy of a few values costs more than it moves) */
static void copy_floats(float *d, const float *s, int n) {
  int j = 0;
#ifdef __wasm_simd128__
  for (; j + 4 <= n; j += 4) wasm_v128_store(d + j, wasm_v128_load(s + j));
#endif
  for (; j < n; j++) d[j] = s[j];
}

/* Advance the frequencies mem[at .. end) by one position (the table kernel's recurrence). */
static inline void rotate(const int *mem, int at, int end) {
  for (int i = at; i < end; i++) {
    const int k = mem[i];
    const double s = nat_s[k], c = nat_c[k], x = step_c[k], y = step_s[k];
    nat_s[k] = s * x + c * y, nat_c[k] = c * x - s * y;
  }
}

/* The end (<= end) of rows p .. whose last axis' id rises by 1 from row p - 1's, the others' staying. */
static int64_t last_axis_end(const pos_cfg *pc, int64_t p, int64_t end) {
  const int z = pc->axes - 1;
  const int64_t st = pc->stride;
  int64_t e = p;
  if (pc->ids32) {  /* the ids as they are: int32 compares, no conversion */
    const int32_t *t = pc->ids32, *h = t + st, *w = t + z * st;
    const int64_t w0 = (int64_t)w[p - 1] - (p - 1);
    if (z == 0)
      while (e < end && (int64_t)w[e] - e == w0) e++;
    else
      while (e < end && (int64_t)w[e] - e == w0 && t[e] == t[p - 1] && h[e] == h[p - 1]) e++;
    return e;
  }
  for (; e < end && id_at(pc, z * st + e) == id_at(pc, z * st + e - 1) + 1; e++) {
    int same = 1;
    for (int a = 0; a < z; a++) same &= id_at(pc, a * st + e) == id_at(pc, a * st + e - 1);
    if (!same) break;
  }
  return e;
}

/* Rows p .. while only the last axis' position rises by 1, the others staying: one rotation and the
 * stores per row. Returns the row it stopped at. A function of its own, called through a pointer: V8
 * switches to its optimised code between calls, so within one large request. */
static int64_t last_axis_run(const pos_cfg *pc, const rope_cfg *c, float *co, float *so, int gptj,
                             const int *mem, double last[3], int since[3], int64_t p) {
  const int z = pc->axes - 1, zat = pc->start[z], zend = pc->start[pc->axes], h = c->h, r = c->r;
  const int64_t lim = p + MAX_ROT - since[z], e = last_axis_end(pc, p, lim < pc->n ? lim : pc->n);
  for (int64_t q = p; q < e; q++) {
    rotate(mem, zat, zend);
    put(co + q * r, h, nat_c, h, gptj), put(so + q * r, h, nat_s, h, gptj);
  }
  since[z] += (int)(e - p), last[z] += (double)(e - p);
  return e;
}
static int64_t (*volatile last_axis_fn)(const pos_cfg *, const rope_cfg *, float *, float *, int, const int *, double *,
                                        int *, int64_t) = last_axis_run;

/* The columns of the last axis' frequencies (all ones) in a row of the tables. */
static uint32_t last_cols[2 * PE_MAXHALF];

/* d[j] = a[j] in the last axis' columns, else b[j], j < n (the mask takes a float's bits whole) */
static void select_floats(float *d, const float *a, const float *b, int n) {
  int j = 0;
#ifdef __wasm_simd128__
  for (; j + 4 <= n; j += 4)
    wasm_v128_store(d + j, wasm_v128_bitselect(wasm_v128_load(a + j), wasm_v128_load(b + j), wasm_v128_load(last_cols + j)));
#endif
  for (; j < n; j++) d[j] = last_cols[j] ? a[j] : b[j];
}

/* Two rows d and d + r = a and a + r in the last axis' columns, b (one row) in the others: the mask
 * and b read once for both. */
static void select_2rows(float *d, const float *a, const float *b, int r) {
  int j = 0;
#ifdef __wasm_simd128__
  for (; j + 4 <= r; j += 4) {
    const v128_t m = wasm_v128_load(last_cols + j), x = wasm_v128_load(b + j);
    wasm_v128_store(d + j, wasm_v128_bitselect(wasm_v128_load(a + j), x, m));
    wasm_v128_store(d + r + j, wasm_v128_bitselect(wasm_v128_load(a + r + j), x, m));
  }
#endif
  for (; j < r; j++) d[j] = last_cols[j] ? a[j] : b[j], d[r + j] = last_cols[j] ? a[r + j] : b[j];
}

/* Rows p .. while only the last axis' position rises by 1, the others staying, up to row end: each
 * row p - 1 (the run's first) with the last axis' columns of the row back rows up (an earlier run from
 * the same position: an image's previous grid row), so no rotation. Returns the row it stopped at. */
static int64_t copy_run(const pos_cfg *pc, int r, float *co, float *so, int64_t back, int64_t end, int64_t p) {
  const int64_t e = last_axis_end(pc, p, end);
  int64_t q = p;
  for (; q + 2 <= e; q += 2) {
    select_2rows(co + q * r, co + (q - back) * r, co + (p - 1) * r, r);
    select_2rows(so + q * r, so + (q - back) * r, so + (p - 1) * r, r);
  }
  if (q < e) {
    select_floats(co + q * r, co + (q - back) * r, co + (p - 1) * r, r);
    select_floats(so + q * r, so + (q - back) * r, so + (p - 1) * r, r);
  }
  return e;
}
static int64_t (*volatile copy_run_fn)(const pos_cfg *, int, float *, float *, int64_t, int64_t, int64_t) = copy_run;

/* The cos/sin tables at explicit positions: text runs by the table kernel (bitwise the rows of a
 * plain table) when that costs less than evaluating each row; other rows from each axis' values,
 * which are kept while the axis' position stays, rotated by one step when it rises by 1 (an image's
 * w along a grid row) and evaluated directly otherwise, or every MAX_ROT + 1 rows; a row whose
 * positions all equal the previous row's is a copy of it. */
static void rows_by_ids(const pos_cfg *pc, const rope_cfg *c, float *co, float *so, int gptj) {
  const int h = c->h, r = c->r, axes = pc->axes;
  const double off = pc->offset;
  const int64_t st = pc->stride;
  static int mem[PE_MAXHALF];  /* natural k of each gathered frequency: 128 KiB, off the stack as inv */
  for (int k = 0; k < h; k++) mem[slot[k]] = k;
  pe__sincos(inv, 1, 1, step_s, step_c, h);
  double last[3] = {NAN, NAN, NAN};
  int since[3] = {0, 0, 0};
  int prev_cur = 0;       /* the previous row holds nat_c, nat_s */
  const int z = axes - 1;
  for (int j = 0; j < r; j++) last_cols[j] = slot[gptj ? j / 2 : j % h] >= pc->start[z] ? ~0u : 0;
  /* the last run of rows where only the last axis rose by 1: its first row, length, and first position there */
  int64_t tpl = 0, tpl_len = 0;
  double tpl_q = NAN;
  for (int64_t p = 0; p < pc->n;) {
    const double q0 = id_at(pc, p) + off;
    int text = 1;
    for (int a = 1; a < axes; a++) text &= id_at(pc, a * st + p) + off == q0;
    if (text) {
      const int64_t run = text_run(pc, p);
      /* the kernel rotates from the seed of q0's block without writing: worth it unless that is far */
      const int64_t lead = (int64_t)q0 - (int64_t)floor(q0 / PE__SC_BLOCK) * PE__SC_BLOCK;
      if (run >= 2 && lead <= 8 * run && fabs(q0) < 2147483648.0 - (double)run) {
        const pe__sc_table t = {.layout = gptj ? PE__SC_PAIRS : PE__SC_HALVES, .m = h, .w = inv, .ns = h,
                                .nc = h, .sin_row = so + p * r, .cos_row = co + p * r, .stride = r,
                                .scale = c->af, .step = 1};
        pe__sc_rows(&t, (int64_t)q0, run);
        p += run, prev_cur = 0;
        continue;
      }
    }
    int changed = 0, from_tpl = 0;
    for (int a = 0; a < axes; a++) {
      const double q = id_at(pc, a * st + p) + off;
      if (q == last[a]) continue;
      if (a == z && q == tpl_q) {  /* the run's first row has this axis' values: below */
        last[a] = q, changed = from_tpl = 1;
        continue;
      }
      const int at = pc->start[a], end = pc->start[a + 1];
      if (q == last[a] + 1 && since[a] < MAX_ROT) {
        rotate(mem, at, end);
        since[a]++;
      } else {
        pe__sincos(wg + at, q, c->af, cur_s + at, cur_c + at, end - at);
        for (int i = at; i < end; i++) nat_s[mem[i]] = cur_s[i], nat_c[mem[i]] = cur_c[i];
        since[a] = 0;
      }
      last[a] = q, changed = 1;
    }
    float *cr = co + p * r, *sr = so + p * r;
    if (!changed && prev_cur) {
      copy_floats(cr, cr - r, r), copy_floats(sr, sr - r, r);
    } else {
      put(cr, h, nat_c, h, gptj), put(sr, h, nat_s, h, gptj);
    }
    if (from_tpl) select_floats(cr, co + tpl * r, cr, r), select_floats(sr, so + tpl * r, sr, r);
    prev_cur = 1;
    const int64_t p0 = p++;
    const double qz = last[z];
    /* then, while only the last axis rises by 1 (an image's grid row), the rows without the checks above:
     * copied where an earlier run started at the same position, else rotated */
    int64_t e;
    if (qz == tpl_q) {
      e = copy_run_fn(pc, r, co, so, p0 - tpl, p0 + tpl_len < pc->n ? p0 + tpl_len : pc->n, p);
      if (e > p || from_tpl) last[z] = NAN, prev_cur = 0;  /* the axis' values were not computed */
    } else {
      e = last_axis_fn(pc, c, co, so, gptj, mem, last, since, p);
    }
    if (qz != tpl_q || e - p0 >= tpl_len) tpl = p0, tpl_len = e - p0, tpl_q = qz;
    p = e;
  }
}

/* The tables as HF's float32 pipeline forms them (freqDtype set): per row and frequency the product
 * f32(position) inv_k rounded to float32 (then to freqDtype), cos and sin of it rounded to float32,
 * times f32(A) in float32. Each value evaluated directly: a value per sincos, no recurrence. */
static int lowp_axis[PE_MAXHALF];  /* frequency k's axis in pc's order */

static void lowp_axes(const pos_cfg *pc, int h) {
  for (int k = 0; k < h; k++) {
    int a = 0;
    while (a + 1 < pc->axes && slot[k] >= pc->start[a + 1]) a++;
    lowp_axis[k] = a;
  }
}

/* In float16 the angles end at 65504: a larger one is inf and its cos and sin NaN (as torch gives
 * them). Both passes refuse such a table, found from each axis' largest |position| (the rounded
 * product grows with it). */
static pe_status lowp_range(const pe_request *rq, const pos_cfg *pc, const rope_cfg *c, int fd, pe_error *err) {
  if (fd != PE_TENSOR_F16) return PE_OK;
  lowp_axes(pc, c->h);
  for (int a = 0; a < pc->axes; a++) {
    double top = 0;
    for (int64_t p = 0; p < pc->n; p++) top = fmax(top, fabs(row_pos(pc, a, p)));
    for (int k = 0; k < c->h; k++)
      if (lowp_axis[k] == a && !isfinite(pe__round_dtype((float)top * (float)inv[k], fd)))
        return pe__fail(err, rq, R_freqDtype, PE_ERANGE, NAN, NAN,
                        "cannot hold the angles position x inv_freq of these positions (they pass 65504, "
                        "where cos and sin would be NaN)");
  }
  return PE_OK;
}

static void rows_lowp(const pos_cfg *pc, const rope_cfg *c, float *co, float *so, int gptj, int fd) {
  const int h = c->h, r = c->r;
  static double ang[PE_MAXHALF], sv[PE_MAXHALF], cv[PE_MAXHALF];
  const int *axis = lowp_axis;
  lowp_axes(pc, h);
  const float af = (float)c->af;
  for (int64_t p = 0; p < pc->n; p++) {
    for (int k = 0; k < h; k++) {
      const float q = (float)row_pos(pc, axis[k], p), w = (float)inv[k];
      ang[k] = pe__round_dtype(q * w, fd);
    }
    pe__sincos(ang, 1, 1, sv, cv, h);
    float *cr = co + p * r, *sr = so + p * r;
    for (int k = 0; k < h; k++) {
      const float cf = (float)cv[k] * af, sf = (float)sv[k] * af;
      const int a = gptj ? 2 * k : k, b = gptj ? 2 * k + 1 : k + h;
      cr[a] = cr[b] = cf, sr[a] = sr[b] = sf;
    }
  }
}

/* ggml's angles overflow float (cos and sin NaN) when the position over a frequency factor, or times
 * freq_scale, passes FLT_MAX: both passes refuse such positions, found from the largest |position|
 * (every angle grows with it). */
static pe_status ggml_range(const pe_request *rq, const pos_cfg *pc, const rope_cfg *c, pe_error *err) {
  if ((int)rq->v[R_freqDtype] != FD_GGML) return PE_OK;
  double top = 0;
  for (int64_t p = 0; p < pc->n; p++) top = fmax(top, fabs(row_pos(pc, 0, p)));
  ggml_angles(top, c->h);
  for (int k = 0; k < c->h; k++)
    if (!isfinite(gg_ang[k]))
      return pe__fail(err, rq, rq->given[R_freqFactors] ? R_freqFactors : R_freqDtype, PE_ERANGE, NAN, NAN,
                      "makes ggml's float32 angle position / ff overflow at these positions (cos and sin would be NaN)");
  return PE_OK;
}

/* freqDtype 'ggml': each row ggml's cache for the row's position, cos and sin times mscale in float */
static void rows_ggml(const pos_cfg *pc, const rope_cfg *c, float *co, float *so, int gptj) {
  const int h = c->h, r = c->r;
  for (int64_t p = 0; p < pc->n; p++) {
    ggml_row(row_pos(pc, 0, p), h);
    float *cr = co + p * r, *sr = so + p * r;
    for (int k = 0; k < h; k++) {
      const float cf = (float)gg_c[k] * gg.ms, sf = (float)gg_s[k] * gg.ms;
      const int a = gptj ? 2 * k : k, b = gptj ? 2 * k + 1 : k + h;
      cr[a] = cr[b] = cf, sr[a] = sr[b] = sf;
    }
  }
}

/* positionModulo with explicit ids: each row's values directly (the wrap breaks the runs and rises
 * the explicit-ids path rotates along). */
static void rows_direct(const pos_cfg *pc, const rope_cfg *c, float *co, float *so, int gptj) {
  const int h = c->h, r = c->r;
  double last[3] = {NAN, NAN, NAN};
  for (int64_t p = 0; p < pc->n; p++) {
    row_values(pc, p, c->af, last);
    float *cr = co + p * r, *sr = so + p * r;
    for (int k = 0; k < h; k++) {
      const float cf = (float)cur_c[slot[k]], sf = (float)cur_s[slot[k]];
      const int a = gptj ? 2 * k : k, b = gptj ? 2 * k + 1 : k + h;
      cr[a] = cr[b] = cf, sr[a] = sr[b] = sf;
    }
  }
}

static int64_t gcd64(int64_t a, int64_t b) {
  while (b) {
    const int64_t t = a % b;
    a = b, b = t;
  }
  return a;
}

/* positionModulo without ids: the rows in runs that stay below the modulus, each run by the table
 * kernel from its first position (so every row is bitwise the plain table's row at p mod M, step 1).
 * The positions repeat every M / gcd(M, step) rows: rows past the first period are copies. */
static void rows_wrapped(const pos_cfg *pc, const rope_cfg *c, float *co, float *so, int gptj) {
  const int64_t m = pc->mod, st = (int64_t)pc->step, r = c->r, n = pc->n;
  const int64_t period = m / gcd64(m, st), first = period < n ? period : n;
  for (int64_t p = 0; p < first;) {
    const int64_t q = (int64_t)row_pos(pc, 0, p), left = first - p, fit = (m - 1 - q) / st + 1;
    const int64_t run = fit < left ? fit : left;
    const pe__sc_table t = {.layout = gptj ? PE__SC_PAIRS : PE__SC_HALVES, .m = c->h, .w = inv, .ns = c->h, .nc = c->h,
                            .sin_row = so + p * r, .cos_row = co + p * r, .stride = r, .scale = c->af, .step = st};
    pe__sc_rows(&t, q, run);
    p += run;
  }
  /* rows [p, 2p) = rows [0, p) while p is a multiple of the period */
  for (int64_t p = first; p < n; p *= 2) {
    const int64_t k = p < n - p ? p : n - p;
    memcpy(co + p * r, co, (size_t)(k * r) * sizeof *co);
    memcpy(so + p * r, so, (size_t)(k * r) * sizeof *so);
  }
}

/* The table as .to(dtype) leaves it (float32: unchanged). */
static void round_table(float *t, int64_t n, int dt) {
  if (dt == PE_TENSOR_F32) return;
  for (int64_t i = 0; i < n; i++) t[i] = pe__round_dtype(t[i], dt);
}

pe_status pe__rope(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  pos_cfg pc;
  if ((s = positions(rq, &c, &pc, -1, err))) return s;
  if ((s = lowp_range(rq, &pc, &c, fdtype_of[(int)rq->v[R_freqDtype]], err))) return s;
  if ((s = ggml_range(rq, &pc, &c, err))) return s;
  const int64_t n = pc.n;
  if (!out) {
    pe__shape(sh, 3, (int64_t[]){2, n, c.r});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", c.af), pe__info(info, "softmaxMscale", c.sm);
  float *co = out, *so = co + n * c.r;
  const int gptj = (int)rq->v[R_layout] == GPTJ, fd = fdtype_of[(int)rq->v[R_freqDtype]];
  if (pc.xd) {
    rows_xdrope(&pc, &c, co, so, gptj);
  } else if ((int)rq->v[R_freqDtype] == FD_GGML) {
    rows_ggml(&pc, &c, co, so, gptj);
  } else if (fd >= 0) {
    rows_lowp(&pc, &c, co, so, gptj, fd);
  } else if (pc.mod) {
    (pc.ids || pc.ids32 ? rows_direct : rows_wrapped)(&pc, &c, co, so, gptj);
  } else if (pc.ids || pc.ids32) {
    rows_by_ids(&pc, &c, co, so, gptj);
  } else {
    const pe__sc_table t = {.layout = gptj ? PE__SC_PAIRS : PE__SC_HALVES, .m = c.h, .w = inv, .ns = c.h, .nc = c.h,
                            .sin_row = so, .cos_row = co, .stride = c.r, .scale = c.af,
                            .step = (int64_t)rq->v[R_step]};
    pe__sc_rows(&t, (int64_t)rq->v[R_offset], n);
  }
  round_table(co, 2 * n * c.r, dtype_of[(int)rq->v[R_dtype]]);
  return PE_OK;
}

pe_status pe__rope_frequencies(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  pos_cfg pc;  /* validated, not used: the frequencies do not depend on positions */
  if ((s = positions(rq, &c, &pc, -1, err))) return s;
  if (!out) {
    pe__shape(sh, 1, (int64_t[]){c.h});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", c.af), pe__info(info, "softmaxMscale", c.sm);
  float *o = out;
  for (int k = 0; k < c.h; k++) o[k] = (float)inv[k];
  round_table(o, c.h, dtype_of[(int)rq->v[R_dtype]]);
  return PE_OK;
}

/* rope-columns: each head column's partner, frequency index, frequency and M-RoPE axis, by the
 * pairing rules of the tables above (neox k, k + r/2; gptj 2k, 2k + 1; columns from r on pass). */
pe_status pe__rope_columns(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  int sec[3], interleaved, mrope, xaxes;
  if ((s = pe__rope_xdrope(rq, c.h, c.r, &xaxes, err))) return s;
  if (!xaxes && (s = pe__rope_sections(rq, c.h, sec, &interleaved, &mrope, err))) return s;
  const int d = (int)rq->v[R_dim];
  if (!out) {
    pe__shape(sh, 2, (int64_t[]){d, 4});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", c.af);
  pe__info(info, "rotary", c.r);
  const int gptj = (int)rq->v[R_layout] == GPTJ, h = c.h;
  float *o = out;
  for (int j = 0; j < d; j++, o += 4) {
    if (j >= c.r) {
      o[0] = -1, o[1] = -1, o[2] = 0, o[3] = -1;
      continue;
    }
    const int k = gptj ? j / 2 : j % h;
    o[0] = (float)(gptj ? j ^ 1 : j < h ? j + h : j - h);
    o[1] = (float)k;
    o[2] = (float)inv[k];
    o[3] = xaxes ? (float)xcol[j] : mrope ? (float)pe__rope_freq_axis(k, sec, interleaved) : -1;
  }
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
  pos_cfg pc;
  if ((s = positions(rq, &c, &pc, n, err))) return s;
  if (pc.n != n)
    return pe__fail(err, rq, R_x, PE_EINVAL, (double)(pc.n * d), (double)(pc.n * d), "must have dim elements per position id");
  if ((s = ggml_range(rq, &pc, &c, err))) return s;
  if (!out) {
    pe__shape(sh, 2, (int64_t[]){n, d});
    return PE_OK;
  }
  pe__info(info, "attentionFactor", c.af), pe__info(info, "softmaxMscale", c.sm);
  const float *x = rq->arr[R_x];
  float *o = out;
  const int gptj = (int)rq->v[R_layout] == GPTJ;
  if ((int)rq->v[R_freqDtype] == FD_GGML) {
    /* ggml's rotate_pairs on float32 input: x0 cos - x1 sin, x0 sin + x1 cos, in float */
    for (int64_t row = 0; row < n; row++, x += d, o += d) {
      ggml_row(row_pos(&pc, 0, row), c.h);
      for (int k = 0; k < c.h; k++) {
        const float cv = (float)gg_c[k] * gg.ms, sv = (float)gg_s[k] * gg.ms;
        const int a = gptj ? 2 * k : k, b = gptj ? 2 * k + 1 : k + c.h;
        const float xa = x[a], xb = x[b];
        o[a] = xa * cv - xb * sv;
        o[b] = xa * sv + xb * cv;
      }
      for (int j = c.r; j < d; j++) o[j] = x[j];
    }
    return PE_OK;
  }
  if (pc.xd) {  /* columns k and k + r/2 (gptj 2k, 2k + 1) each with its own axis' angle */
    for (int64_t row = 0; row < n; row++, x += d, o += d) {
      for (int ax = 0; ax < pc.axes; ax++) {
        pe__sincos(inv, row_pos(&pc, ax, row), c.af, cur_s, cur_c, c.h);
        for (int k = 0; k < c.h; k++) {
          const int a = gptj ? 2 * k : k, b = gptj ? 2 * k + 1 : k + c.h;
          const double xa = x[a], xb = x[b];
          if (xcol[a] == ax) o[a] = (float)(xa * cur_c[k] - xb * cur_s[k]);
          if (xcol[b] == ax) o[b] = (float)(xb * cur_c[k] + xa * cur_s[k]);
        }
      }
      for (int j = c.r; j < d; j++) o[j] = x[j];
    }
    return PE_OK;
  }
  double last[3] = {NAN, NAN, NAN};
  for (int64_t row = 0; row < n; row++, x += d, o += d) {
    /* each row's phases exactly, by the method that seeds the tables (kernels.h) */
    row_values(&pc, row, c.af, last);
    for (int k = 0; k < c.h; k++) {
      const double cv = cur_c[slot[k]], sv = cur_s[slot[k]];
      const int a = gptj ? 2 * k : k, b = gptj ? 2 * k + 1 : k + c.h;
      const double xa = x[a], xb = x[b];
      o[a] = (float)(xa * cv - xb * sv);
      o[b] = (float)(xb * cv + xa * sv);
    }
    for (int j = c.r; j < d; j++) o[j] = x[j];  /* the pass-through part */
  }
  return PE_OK;
}

pe_status pe__rope_setup(const pe_request *rq, pe__rope_freqs *f, pe_error *err) {
  rope_cfg c;
  pe_status s = setup(rq, &c, err);
  if (s) return s;
  *f = (pe__rope_freqs){c.r, c.af, inv, c.corr_lo, c.corr_hi};
  return PE_OK;
}
