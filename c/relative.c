/* Relative position indices: relative (j - i, Shaw clipping), t5 buckets, deberta log buckets
 * (see posenc.h). All three tables are Toeplitz (a value depends on j - i only); the bucket
 * tables fill each row after the first as the previous row shifted right by one plus one new value
 * (q + k evaluations of the costly bucket function, then memmove); relative is cheap per element. */
#include <stdint.h>
#include <string.h>
#include "internal.h"
#include "mathlib.h"

#define R_(name, ...) R_##name,
enum { PE_PARAMS_RELATIVE(R_) R__N };
#define T_(name, ...) T_##name,
enum { PE_PARAMS_T5(T_) T__N };
#define D_(name, ...) D_##name,
enum { PE_PARAMS_DEBERTA(D_) D__N };

/* keys defaults to queries (its registry default is NaN = unset). */
static int64_t keys_of(const pe_request *rq, int iq, int ik) {
  return (int64_t)(rq->given[ik] ? rq->v[ik] : rq->v[iq]);
}

/* Fill a Toeplitz [q, k] table: out[i][j] = f(j - i). */
typedef int32_t (*pe__diag_fn)(int64_t rel, const void *ctx);
static void toeplitz(int32_t *o, int64_t q, int64_t k, pe__diag_fn f, const void *ctx) {
  if (q == 0 || k == 0) return;
  for (int64_t j = 0; j < k; j++) o[j] = f(j, ctx);
  for (int64_t i = 1; i < q; i++) {
    int32_t *row = o + i * k;
    memmove(row + 1, row - k, (size_t)(k - 1) * sizeof *row);
    row[0] = f(-i, ctx);
  }
}

/* ---- relative ---------------------------------------------------------------------------- */

pe_status pe__relative(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const int64_t q = (int64_t)rq->v[R_queries], k = keys_of(rq, R_queries, R_keys);
  const int64_t off = (int64_t)rq->v[R_offset], clip = (int64_t)rq->v[R_clip];
  const int end = (int)rq->v[R_align] == 1;
  const int64_t shift = end ? k - q : 0;  /* i' = i + shift */
  if (!out) {
    if (q > 0 && k > 0) {  /* j - i' spans [lo, hi]; clipping only narrows it */
      int64_t lo = 0 - (q - 1) - shift, hi = (k - 1) - shift;
      if (clip > 0) lo = lo < -clip ? -clip : lo, hi = hi > clip ? clip : hi;
      if (off + lo < INT32_MIN || off + hi > INT32_MAX) {
        pe__fail(err, rq, R_offset, PE_ERANGE, (double)INT32_MIN - (double)lo, (double)INT32_MAX - (double)hi,
                 "puts values outside int32 for these queries, keys, clip and align");
        return PE_ERANGE;
      }
    }
    pe__shape(sh, 2, (int64_t[]){q, k});
    return PE_OK;
  }
  if (q == 0 || k == 0) return PE_OK;  /* empty: else the queries are stepped over with no keys (fuzz) */
  int32_t *o = out;
  for (int64_t i = 0; i < q; i++, o += k)
    for (int64_t j = 0; j < k; j++) {
      int64_t d = j - (i + shift);
      if (clip > 0) d = d < -clip ? -clip : d > clip ? clip : d;
      o[j] = (int32_t)(d + off);
    }
  return PE_OK;
}

/* ---- t5 ------------------------------------------------------------------------------------ */

typedef struct { int bidir, nb, me; float log_ratio; } t5_ctx;

/* HF T5Attention._relative_position_bucket, step by step in float32 as torch computes it:
 * log(n.float() / max_exact) / float32(math.log(max_distance / max_exact)) * (nb - max_exact),
 * truncated. Float32 rounding moves some boundary distances by one bucket against exact maths. */
static int32_t t5_bucket(int64_t rel, const void *c) {
  const t5_ctx *t = c;
  int32_t bucket = 0;
  int64_t n;
  if (t->bidir) {
    bucket = rel > 0 ? t->nb : 0;
    n = rel < 0 ? -rel : rel;
  } else {
    n = rel < 0 ? -rel : 0;
  }
  if (n < t->me) return bucket + (int32_t)n;
  const float x = (float)n / (float)t->me;
  const float l = (float)pe__log(x);  /* float32(log(double)), as glibc's: mathlib.h */
  const float y = l / t->log_ratio;
  const float z = y * (float)(t->nb - t->me);
  const int32_t large = z >= (float)t->nb ? t->nb - 1 : t->me + (int32_t)z;
  return bucket + (large < t->nb - 1 ? large : t->nb - 1);
}

pe_status pe__t5(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const int64_t q = (int64_t)rq->v[T_queries], k = keys_of(rq, T_queries, T_keys);
  const int bidir = (int)rq->v[T_bidirectional];
  const int nb = bidir ? (int)rq->v[T_numBuckets] / 2 : (int)rq->v[T_numBuckets];
  const int me = nb / 2;
  const double md = rq->v[T_maxDistance];
  if (!out) {
    if (me < 1)
      return pe__fail(err, rq, T_numBuckets, PE_ERANGE, bidir ? 4 : 2, NAN,
                      bidir ? "is too small: bidirectional halves it, and max_exact = (numBuckets/2)/2 must be "
                              ">= 1 (upstream divides by max_exact)"
                            : "is too small: max_exact = numBuckets/2 must be >= 1 (upstream divides by max_exact)");
    if (md <= me)
      return pe__fail(err, rq, T_maxDistance, PE_ERANGE, me + 1, NAN,
                      "must exceed max_exact (numBuckets/2, halved first when bidirectional): upstream divides by "
                      "log(maxDistance/max_exact), which is 0 or negative otherwise");
    pe__shape(sh, 2, (int64_t[]){q, k});
    return PE_OK;
  }
  const t5_ctx t = {bidir, nb, me, (float)pe__log(md / me)};
  toeplitz(out, q, k, t5_bucket, &t);
  return PE_OK;
}

/* ---- deberta ------------------------------------------------------------------------------- */

typedef struct { int64_t mid; float log_den; int plain; } deberta_ctx;

/* HF deberta_v2 make_log_bucket_position on r = i - j, in float32 as torch computes it:
 * ceil(log(abs/mid) / log(tensor((max_position-1)/mid)) * (mid-1)) + mid, times sign(r). */
static double deberta_value(int64_t r, const deberta_ctx *d) {
  if (d->plain) return (double)r;
  const int64_t mid = d->mid;
  const int64_t a = (r < mid && r > -mid) ? mid - 1 : (r < 0 ? -r : r);
  if (a <= mid) return (double)r;
  const float x = (float)a / (float)mid;
  const float l = (float)pe__log(x);
  const float z = l / d->log_den * (float)(mid - 1);
  const float v = ceilf(z) + (float)mid;
  return r < 0 ? -(double)v : (double)v;
}

static int32_t deberta_bucket(int64_t rel_ji, const void *c) {
  return (int32_t)deberta_value(-rel_ji, c);  /* Toeplitz in j - i; DeBERTa's r is i - j */
}

pe_status pe__deberta(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const int64_t q = (int64_t)rq->v[D_queries], k = keys_of(rq, D_queries, D_keys);
  const int64_t bs = (int64_t)rq->v[D_bucketSize], mp = (int64_t)rq->v[D_maxPosition];
  deberta_ctx d = {bs / 2, 0, bs <= 0 || mp <= 0};
  if (!d.plain) {
    if (d.mid < 1)
      return pe__fail(err, rq, D_bucketSize, PE_ERANGE, NAN, NAN,
                      "gives mid = bucketSize/2 = 0: upstream divides (maxPosition-1)/mid by zero; use >= 2, "
                      "or <= 0 for plain i - j");
    /* torch.log(torch.tensor((max_position - 1) / mid)): a float32 tensor */
    d.log_den = (float)pe__log((float)((double)(mp - 1) / (double)d.mid));
  }
  if (!out) {
    if (!d.plain && d.log_den == 0)
      return pe__fail(err, rq, D_maxPosition, PE_ERANGE, NAN, NAN,
                      "makes log((maxPosition-1)/(bucketSize/2)) zero in float32: upstream divides by it");
    /* The bucket is monotone in |r| for |r| > mid: the extremes bound every value. */
    const int64_t far = (q > k ? q : k) - 1;
    if (!d.plain && q > 0 && k > 0 && far > d.mid) {
      const double v1 = deberta_value(d.mid + 1, &d), v2 = deberta_value(far, &d);
      const double big = fabs(v1) > fabs(v2) ? fabs(v1) : fabs(v2);
      if (!(big <= INT32_MAX))
        return pe__fail(err, rq, D_maxPosition, PE_ERANGE, NAN, NAN,
                        "gives buckets beyond int32 at these sizes (log((maxPosition-1)/(bucketSize/2)) is too "
                        "close to 0)");
    }
    pe__shape(sh, 2, (int64_t[]){q, k});
    return PE_OK;
  }
  toeplitz(out, q, k, deberta_bucket, &d);
  return PE_OK;
}
