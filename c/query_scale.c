/* Llama 4's NoPE-layer and Mistral 3's query scale (see posenc.h): float32 throughout, as transformers computes it. */
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
  /* torch: a float32 tensor with a Python-float operand computes in float32, the scalar rounded to it */
  const float fs = (float)rq->v[Q_floorScale], as = (float)rq->v[Q_attnScale];
  const int64_t shift = (int64_t)rq->v[Q_shift];
  float *o = out;
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
