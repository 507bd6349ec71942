/* ALiBi: head slopes and the attention bias in its causal, symmetric, MPT and BLOOM forms (see posenc.h). */
#include <stdint.h>
#include <string.h>
#include "internal.h"
#include "mathlib.h"

#define S_(name, ...) S_##name,
enum { PE_PARAMS_ALIBI_SLOPES(S_) S__N };
#define A_(name, ...) A_##name,
enum { PE_PARAMS_ALIBI(A_) A__N };
enum { CAUSAL, SYMMETRIC, MPT, BLOOM };

/* Slope of head h (0-based) of n, in double. get_slopes: for n = 2^e, 2^(-b (h+1)/n); otherwise the
 * c = 2^floor(log2 n) slopes of c heads, then the even-indexed slopes of 2c heads (odd exponents).
 * MPT's gen_slopes (next power of two, odd then even indices) gives the same sequence. */
static double slope(int64_t h, int64_t n, double max_bias) {
  int64_t c = 1;
  while (c * 2 <= n) c *= 2;
  if (h < c) return pe__exp2(-max_bias * (double)(h + 1) / (double)c);
  return pe__exp2(-max_bias * (double)(2 * (h - c) + 1) / (double)(2 * c));
}

pe_status pe__alibi_slopes(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info, (void)err;
  const int64_t n = (int64_t)rq->v[S_heads];
  if (!out) {
    pe__shape(sh, 1, (int64_t[]){n});
    return PE_OK;
  }
  float *o = out;
  for (int64_t h = 0; h < n; h++) o[h] = (float)slope(h, n, rq->v[S_maxBias]);
  return PE_OK;
}

/* Distances are negated as integers first: a zero distance gives +0, as torch does. */
static float bias(int form, double m, int64_t j, int64_t ip, int64_t k) {
  if (form == CAUSAL) return j > ip ? -INFINITY : (float)(m * (double)(j - ip));
  if (form == SYMMETRIC) return (float)(m * (double)-(j > ip ? j - ip : ip - j));
  if (form == BLOOM) return j > ip ? -INFINITY : (float)(m * (double)j);
  return (float)(m * (double)(j - (k - 1)));
}

pe_status pe__alibi(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info, (void)err;
  const int64_t n = (int64_t)rq->v[A_heads], q = (int64_t)rq->v[A_queries];
  const int64_t k = (int64_t)(rq->given[A_keys] ? rq->v[A_keys] : rq->v[A_queries]);
  const int form = (int)rq->v[A_form];
  if (!out) {
    pe__shape(sh, 3, (int64_t[]){n, q, k});
    return PE_OK;
  }
  if (q == 0 || k == 0) return PE_OK;  /* empty: else heads x queries steps over nothing (fuzz) */
  /* A head's table depends on j - i' only: each row after the first is the row above shifted
   * right by one plus its new first value (mpt: the row above itself; bloom is written per row). */
  float *o = out;
  for (int64_t h = 0; h < n; h++) {
    const double m = slope(h, n, rq->v[A_maxBias]) / (rq->given[A_headDim] ? sqrt(rq->v[A_headDim]) : 1.0);
    for (int64_t i = 0; i < q; i++, o += k) {
      const int64_t ip = i + k - q;  /* queries are the last positions */
      if (i == 0 || form == BLOOM) {  /* bloom's row i + 1 is row i with one more key unmasked */
        for (int64_t j = 0; j < k; j++) o[j] = bias(form, m, j, ip, k);
      } else if (form == MPT) {
        memcpy(o, o - k, (size_t)k * sizeof *o);
      } else if (k > 0) {
        memmove(o + 1, o - k, (size_t)(k - 1) * sizeof *o);
        o[0] = bias(form, m, 0, ip, k);
      }
    }
  }
  return PE_OK;
}
