/* Internal interface between the registry (registry.c) and the family files. Not installed. */
#ifndef POSENC_INTERNAL_H
#define POSENC_INTERNAL_H

#include <math.h>
#include "posenc.h"

#define PE_UNSET NAN

/* A family function, called twice by the registry with a request whose every value has passed the
 * registry's checks (type, integrality, range) and whose unset values hold their defaults:
 *   out == NULL: check what the registry cannot (cross-parameter rules), fill *sh;
 *   out != NULL: compute into out (sh->count elements, already checked) and set info. */
typedef pe_status (*pe__kind_fn)(const pe_request *rq, pe_shape *sh, void *out, pe_info *info,
                                 pe_error *err);

#define PE__DECL(id, name, title, dtype, axes, sizes, flags, params, fn) \
  pe_status fn(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err);
PE_KINDS(PE__DECL)
#undef PE__DECL

/* A local enum of a kind's parameter indices: enum { PE_PARAMS_ROPE(PE__ENUM_R) R__N }; with
 * #define PE__ENUM_R(name, ...) R_##name, */

/* Fail naming parameter i of the request's kind; min/max NaN when the rule is not a range. */
pe_status pe__fail(pe_error *err, const pe_request *rq, int i, pe_status code, double min, double max,
                   const char *detail);

/* Tables whose rows are the positions offset + r step, r < n (those of kernels.h pe__sc_rows): the
 * last row must stay within +-(PE_MAXOFF + PE_MAXPOS), where step 1 reaches; ERANGE naming
 * parameter i_step otherwise. */
pe_status pe__check_rows(pe_error *err, const pe_request *rq, int i_step, int64_t offset, int64_t n, int64_t step);

/* The parameter (index) that sets the largest axis (*axis, the first of equal ones) of shape sh for
 * the normalized request n, from kinds.def's sizes (the kind's first parameter when no parameter
 * sets it): what a request too large for the cap or for memory names. */
int pe__size_param(const pe_request *n, const pe_shape *sh, int *axis);

/* The sinusoidal variants' frequencies (sinusoidal.c): w[k] for k < ns; each row holds ns sines and nc
 * cosines of p w[k] (nc <= ns <= nc + 1), times scale; the rest of the row is zero. variant is the
 * index of the choice in kinds.def. */
typedef struct { int ns, nc; double scale; } pe__sin_freqs;
pe__sin_freqs pe__sinusoidal_freqs(int variant, int d, double base, double *w);

/* The rope family's frequencies (rope.c) for a request whose first parameters are PE_PARAMS_ROPE:
 * checks what the rope kinds check, then fills *f: r rotary dims, the attention factor, inv the r/2
 * scaled inverse frequencies (valid until the next rope call), and yarn's ramp ends as frequency
 * pairs (find_correction_range; NaN for the other types). */
typedef struct { int r; double af; const double *inv; double corr_lo, corr_hi; } pe__rope_freqs;
pe_status pe__rope_setup(const pe_request *rq, pe__rope_freqs *f, pe_error *err);

/* M-RoPE (rope.c), same requests: the sections s (t, h, w) after rope's checks (the two spellings
 * agree, sum to h = r/2, interleaving has the slots); *mrope 0 gives s = {h, 0, 0}. */
pe_status pe__rope_sections(const pe_request *rq, int h, int sec[3], int *interleaved, int *mrope, pe_error *err);
/* xdropeSection: *axes = its count (0: not given), after its checks (3 or 4 elements, sum r/2, no mropeSection). */
int pe__rope_xdrope(const pe_request *rq, int h, int r, int *axes, pe_error *err);
/* The axis (0 t, 1 h, 2 w) of frequency k: chunked (HF apply_multimodal_rotary_pos_emb) or
 * interleaved (HF apply_interleaved_mrope). */
int pe__rope_freq_axis(int k, const int s[3], int interleaved);

/* Element e of the given int[] parameter i, whichever way it was given (pe_set_iarray, pe_set_iarray32). */
static inline double pe__iarr_at(const pe_request *rq, int i, int64_t e) {
  return rq->iarr32[i] ? (double)rq->iarr32[i][e] : rq->iarr[i][e];
}

/* Set the output shape; the registry multiplies it out and checks it against the byte cap. */
static inline void pe__shape(pe_shape *sh, int ndim, const int64_t *dims) {
  sh->ndim = ndim;
  for (int a = 0; a < ndim; a++) sh->dims[a] = dims[a];
}

static inline void pe__info(pe_info *info, const char *name, double value) {
  if (info && info->n < PE_MAX_INFO) {
    info->name[info->n] = name;
    info->value[info->n++] = value;
  }
}

/* float16 and bfloat16 (tensor.c): decoding, and rounding to nearest even as torch's .to(dtype). */
float pe__from_f16(uint16_t h);
float pe__from_bf16(uint16_t b);
uint16_t pe__to_f16(float f);
uint16_t pe__to_bf16(float f);
/* f rounded to PE_TENSOR_F16 or PE_TENSOR_BF16 (any other dtype: f). */
float pe__round_dtype(float f, int dtype);

#endif
