/* Llama 4's NoPE-layer and Mistral 3's query scale (see posenc.h): float32 throughout, as transformers computes
 * it; and Qwen (v1)'s log-n query scale (form log-ratio). */
#include "internal.h"
#include "mathlib.h"

#define Q_(name, ...) Q_##name,
enum { PE_PARAMS_QUERY_SCALE(Q_) Q__N };

pe_status pe__query_scale(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const int64_t n = (int64_t)rq->v[Q_positions], offset = (int64_t)rq->v[Q_offset], step = (int64_t)rq->v[Q_step];
  if (!out) {
    pe_status s = pe__check_rows(err, rq, Q_step, offset, n, step);
    if (s) return s;
    pe__shape(sh, 1, (int64_t[]){n});
    return PE_OK;
  }
  float *o = out;
  if (rq->v[Q_form] == 1) {
    /* Qwen (v1): logn_list[i - 1] = math.log(i, seq_length) for 1-based i > seq_length, else 1: a Python
     * double (log(i) / log(seq_length)) held as a float32 tensor */
    const double ls = pe__log(rq->v[Q_seqLength]);
    const int64_t len = (int64_t)rq->v[Q_seqLength];
    for (int64_t row = 0; row < n; row++) {
      const int64_t i = offset + row * step + 1;
      o[row] = i > len ? (float)(pe__log((double)i) / ls) : 1.0f;
    }
    return PE_OK;
  }
  /* torch: a float32 tensor with a Python-float operand computes in float32, the scalar rounded to it */
  const float fs = (float)rq->v[Q_floorScale], as = (float)rq->v[Q_attnScale];
  const int64_t shift = (int64_t)rq->v[Q_shift];
  for (int64_t row = 0; row < n; row++) {
    const float p = (float)(offset + row * step);  /* positions.float() */
    const float fl = (float)floor((p + (float)shift) / fs);  /* exact: floor of a float is a float */
    /* log1p of an integer-valued float: 1 + fl is exact in double, so this is log1p rounded once */
    const float lg = (float)pe__log(1.0 + (double)fl);
    const float m = lg * as;  /* two statements: no fused multiply-add, as torch's two ops */
    o[row] = m + 1.0f;
  }
  return PE_OK;
}
