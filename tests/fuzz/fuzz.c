/* libFuzzer harness over the public API (posenc.h) only: the bytes choose a kind (sometimes an
 * invalid one), a value for each parameter (extremes, NaN, +-Inf, huge, negative, non-integers,
 * in-range picks), float arrays, an output buffer length and a byte cap. It then checks the
 * contract that holds for every kind, knowing none of them:
 *   - every call returns a known status; pe_set/pe_set_array accept exactly the valid indices/types;
 *   - on failure err.code == status and err.param is a path of the kind's registry, "out" or "kind";
 *   - on success ndim matches the kind's axes, dims >= 0, count == product of dims, count*4 <= cap;
 *   - pe_compute: an output that is too small or NULL gives ERANGE naming "out" and is untouched;
 *     a large enough one succeeds, every element of the shape is written (two runs over different
 *     fill patterns agree bit for bit), nothing past the shape is written (canaries), float32
 *     output has no NaN, info values are not NaN.
 * Work per input is bounded by capping the output at 64 MiB.
 *
 * Build: bash build.sh fuzz  ->  build/fuzz/posenc-fuzz.   Run: npm run fuzz -- -max_total_time=N */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "posenc.h"

#define HARNESS_CAP (64.0 * 1024 * 1024) /* bytes of output per input, at most */
#define CANARY 16                        /* guard elements after the buffer */
#define MAX_ARRAY (1 << 22)              /* float array elements, at most */

#define CHECK(cond, ...)                                                     \
  do {                                                                       \
    if (!(cond)) {                                                           \
      fprintf(stderr, "posenc-fuzz: contract broken: %s (%s:%d)\n  ", #cond, \
              __FILE__, __LINE__);                                           \
      fprintf(stderr, __VA_ARGS__);                                          \
      fprintf(stderr, "\n");                                                 \
      abort();                                                               \
    }                                                                        \
  } while (0)

/* A byte reader that yields zeros once the input is exhausted. */
typedef struct { const uint8_t *p; size_t n; } bytes;

static uint64_t take(bytes *b, int k) {
  uint64_t v = 0;
  for (int i = 0; i < k; i++) {
    v = v << 8 | (b->n ? *b->p : 0);
    if (b->n) b->p++, b->n--;
  }
  return v;
}

static double raw_double(bytes *b) {
  uint64_t u = take(b, 8);
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* A value for parameter p: mostly ones that probe a boundary or a special case. */
static double pick(bytes *b, const pe_param *p) {
  const double lo = isfinite(p->min) ? p->min : -1e9, hi = isfinite(p->max) ? p->max : 1e9;
  switch (take(b, 1) % 30) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return 0;
    case 4: return -0.0;
    case 5: return 1;
    case 6: return -1;
    case 7: return p->min;
    case 8: return p->max;
    case 9: return p->min - 1;
    case 10: return p->max + 1;
    case 11: return nextafter(p->max, INFINITY);
    case 12: return nextafter(p->min, -INFINITY);
    case 13: return p->def;
    case 14: return (double)(int8_t)take(b, 1);
    case 15: return (double)(int16_t)take(b, 2);
    case 16: return (double)(int32_t)take(b, 4);
    case 17: return raw_double(b);
    case 18: return 1e300;
    case 19: return -1e300;
    case 20: return 2147483648.0;
    case 21: return 9007199254740993.0;
    case 22: return 0.5 + (double)(int8_t)take(b, 1);
    case 23: return 5e-324;
    case 24: return (double)(take(b, 1) % 17); /* choices, bools, small sizes */
    case 25: { /* uniform in [min, max], integral for integer types */
      double x = lo + (hi - lo) * ((double)take(b, 4) / 4294967295.0);
      return p->type == PE_T_FLOAT ? x : floor(x);
    }
    case 26: { /* log-uniform magnitude in [1e-6, 1e12] with a sign */
      uint64_t u = take(b, 2);
      double x = pow(10, -6 + 18 * (double)(u & 0x7fff) / 32767.0) * (u & 0x8000 ? -1 : 1);
      return p->type == PE_T_FLOAT ? x : floor(x);
    }
    case 27: return 1 + (double)(take(b, 1) % 64); /* small positive sizes */
    case 28: return (double)(1u << (take(b, 1) % 32));
    default: return p->def + (double)(int8_t)take(b, 1);
  }
}

static double cap_pick(bytes *b) {
  switch (take(b, 1) % 8) {
    case 0: return NAN;
    case 1: return -1;
    case 2: return INFINITY;
    case 3: return 0;
    case 4: return (double)take(b, 2);
    case 5: return raw_double(b);
    default: return (double)(take(b, 4) % (uint64_t)(HARNESS_CAP + 1));
  }
}

static int is_param_path(const pe_kind *K, const char *s) {
  for (int i = 0; i < K->nparams; i++)
    if (!strcmp(K->params[i].path, s)) return 1;
  return 0;
}

static void check_error(const pe_kind *K, pe_status s, const pe_error *err, const char *where) {
  CHECK(s == PE_EINVAL || s == PE_ERANGE || s == PE_ENOMEM, "%s returned %d", where, (int)s);
  CHECK(err->code == s, "%s: err.code %d != status %d", where, (int)err->code, (int)s);
  CHECK(err->param != NULL && err->detail != NULL, "%s: err.param/detail NULL", where);
  CHECK(!strcmp(err->param, "kind") || !strcmp(err->param, "out") || (K && is_param_path(K, err->param)),
        "%s: err.param '%s' is not a registry path of %s", where, err->param, K ? K->name : "?");
}

static float *arrays[PE_MAX_PARAMS];

/* A float array for parameter i: its length probes empty, small, shape-related and huge sizes. */
static void give_array(bytes *b, pe_request *rq, const pe_kind *K, int i) {
  int64_t len;
  const uint8_t mode = (uint8_t)take(b, 1);
  const double *v = rq->v;
  const int a = (int)(take(b, 1) % K->nparams), c = (int)(take(b, 1) % K->nparams);
  switch (mode % 9) {
    case 0: len = 0; break;
    case 1: len = (int64_t)take(b, 1); break;
    case 2: len = (int64_t)take(b, 2); break;
    case 3: len = (int64_t)(take(b, 4) % (MAX_ARRAY + 1)); break;
    case 4: len = isfinite(v[a]) ? (int64_t)fmin(fmax(v[a], -1), MAX_ARRAY) : 0; break;
    case 5: len = isfinite(v[a]) ? (int64_t)fmin(fmax(v[a] / 2, -1), MAX_ARRAY) : 0; break;
    case 6: len = isfinite(v[a] * v[c]) ? (int64_t)fmin(fmax(v[a] * v[c], -1), MAX_ARRAY) : 0; break;
    case 7: { /* NULL data with a length, or a negative length: must be refused */
      const int32_t bad = (int32_t)take(b, 4);
      pe_status s = pe_set_array(rq, i, NULL, bad);
      CHECK(s == (bad == 0 ? PE_OK : PE_EINVAL), "pe_set_array(NULL, %d) returned %d", bad, (int)s);
      s = pe_set_array(rq, i, (const float *)rq, -1 - (int32_t)(take(b, 2)));
      CHECK(s == PE_EINVAL, "pe_set_array with a negative length returned %d", (int)s);
      return;
    }
    default: len = (int64_t)(take(b, 1) % 8); break;
  }
  if (len < 0) len = 0;
  float *x = malloc((size_t)(len ? len : 1) * sizeof(float));
  if (!x) return;
  const pe_param *p = &K->params[i];
  const uint8_t fill = (uint8_t)take(b, 1);
  const float first = (float)pick(b, p), other = (float)pick(b, p);
  for (int64_t e = 0; e < len; e++) {
    switch (fill % 4) {
      case 0: x[e] = first; break;
      case 1: x[e] = e == (int64_t)(fill >> 2) ? other : first; break;
      case 2: x[e] = (float)((double)(e % 97) * 0.37 - 17); break;
      default: x[e] = e % 2 ? first : other; break;
    }
  }
  free(arrays[i]);
  arrays[i] = x;
  pe_status s = pe_set_array(rq, i, x, (int32_t)len);
  CHECK(s == PE_OK, "pe_set_array(%s, len %lld) returned %d", p->path, (long long)len, (int)s);
}

static int count_axes(const char *axes) {
  int n = 1;
  for (const char *s = axes; *s; s++) n += *s == ',';
  return n;
}

/* Fill n elements with a byte pattern; 0x7f.. words are NaN as float32 and never plausible ints. */
static void fill(uint32_t *o, size_t n, uint32_t pattern) {
  for (size_t e = 0; e < n; e++) o[e] = pattern ^ (uint32_t)(e * 2654435761u & 0xff);
}

static int untouched(const uint32_t *o, size_t from, size_t to, uint32_t pattern) {
  for (size_t e = from; e < to; e++)
    if (o[e] != (pattern ^ (uint32_t)(e * 2654435761u & 0xff))) return 0;
  return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bytes b = {data, size};
  const uint32_t A = 0x7fa5a5a5u, B = 0xffc3c3c3u;

  /* The cap: any double goes to pe_set_max_bytes, then the harness bounds the work. */
  const double cap_in = cap_pick(&b);
  pe_set_max_bytes(cap_in);
  const double cap0 = pe_max_bytes();
  CHECK(cap0 >= 0 && cap0 <= 9007199254740992.0, "pe_set_max_bytes(%g) gave %g", cap_in, cap0);
  if (cap0 > HARNESS_CAP) pe_set_max_bytes(HARNESS_CAP);
  const double cap = pe_max_bytes();

  /* Kind: mostly valid, sometimes out of range. */
  const uint8_t kb = (uint8_t)take(&b, 1);
  const int kind = kb < 240 ? kb % pe_kind_count() : kb < 248 ? -1 - (kb - 240) * 1000 : pe_kind_count() + kb - 248;
  const pe_kind *K = pe_kind_at(kind);
  pe_request rq;
  pe_status s = pe_request_init(&rq, kind);
  if (!K) {
    CHECK(s == PE_EINVAL && pe_kind_find(NULL) == -1 && pe_param_find(kind, "dim") == -1, "invalid kind %d", kind);
    return 0;
  }
  CHECK(s == PE_OK && pe_kind_find(K->name) == kind, "kind %d", kind);

  memset(arrays, 0, sizeof arrays);
  for (int i = 0; i < K->nparams; i++) {
    CHECK(pe_param_find(kind, K->params[i].path) == i, "pe_param_find(%s)", K->params[i].path);
    const uint8_t g = (uint8_t)take(&b, 1);
    if (g % 3 == 0) continue; /* not given */
    if (K->params[i].type == PE_T_FARRAY) {
      give_array(&b, &rq, K, i);
      CHECK(pe_set(&rq, i, 1) == PE_EINVAL, "pe_set on array %s accepted", K->params[i].path);
    } else {
      CHECK(pe_set(&rq, i, pick(&b, &K->params[i])) == PE_OK, "pe_set(%s)", K->params[i].path);
      CHECK(pe_set_array(&rq, i, (const float *)&rq, 1) == PE_EINVAL, "pe_set_array on scalar %s accepted",
            K->params[i].path);
    }
  }
  /* A few raw index probes: only valid indices of the right type may be accepted. */
  for (int t = (int)(take(&b, 1) % 3); t > 0; t--) {
    const int i = (int)(int8_t)take(&b, 1);
    const int ok = i >= 0 && i < K->nparams && K->params[i].type != PE_T_FARRAY;
    pe_request probe = rq;
    CHECK(pe_set(&probe, i, 3) == (ok ? PE_OK : PE_EINVAL), "pe_set index %d", i);
  }

  pe_shape sh;
  pe_error err;
  memset(&sh, 0xab, sizeof sh);
  memset(&err, 0xcd, sizeof err);
  s = pe_prepare(&rq, &sh, &err);
  if (s != PE_OK) {
    check_error(K, s, &err, "pe_prepare");
    CHECK(strcmp(err.param, "out"), "pe_prepare blamed 'out'");
    goto done;
  }
  CHECK(sh.ndim == count_axes(K->axes) && sh.ndim <= PE_MAX_NDIM, "%s: ndim %d, axes '%s'", K->name, sh.ndim,
        K->axes);
  {
    double prod = 1;
    for (int a = 0; a < sh.ndim; a++) {
      CHECK(sh.dims[a] >= 0, "%s: dims[%d] = %lld", K->name, a, (long long)sh.dims[a]);
      prod *= (double)sh.dims[a];
    }
    CHECK(prod == (double)sh.count, "%s: count %lld != product %g", K->name, (long long)sh.count, prod);
    CHECK((double)sh.count * 4 <= cap, "%s: %lld elements exceed the cap %g", K->name, (long long)sh.count, cap);
  }

  /* Output buffer: exact, short by some, longer, empty, or NULL. */
  const size_t count = (size_t)sh.count;
  size_t n;
  int null_out = 0;
  switch (take(&b, 1) % 8) {
    case 0: n = count ? count - 1 : 0; break;
    case 1: n = (size_t)take(&b, 2) % (count + 1); break;
    case 2: n = count + (size_t)take(&b, 1); break;
    case 3: n = 0; break;
    case 4: null_out = 1, n = (size_t)take(&b, 1) ? SIZE_MAX : count; break;
    default: n = count; break;
  }
  const size_t alloc = null_out ? 0 : n + CANARY;
  uint32_t *o1 = malloc(alloc * 4 + 4), *o2 = malloc(alloc * 4 + 4);
  if (!o1 || !o2) goto out;
  pe_info info;
  for (int round = 0; round < 2; round++) {
    uint32_t *o = round ? o2 : o1;
    const uint32_t pat = round ? B : A;
    fill(o, alloc, pat);
    memset(&err, 0xcd, sizeof err);
    memset(&info, 0xee, sizeof info);
    const int with_info = (int)(take(&b, 1) & 1);
    s = pe_compute(&rq, null_out ? NULL : o, n, with_info ? &info : NULL, &err);
    if (count > 0 && (null_out || n < count)) {
      CHECK(s == PE_ERANGE && !strcmp(err.param, "out") && err.min == (double)count,
            "%s: out of %zu for %zu elements gave %d (%s)", K->name, n, count, (int)s, s ? err.param : "");
      CHECK(untouched(o, 0, alloc, pat), "%s: a too-small out was written", K->name);
      goto out;
    }
    if (s != PE_OK) check_error(K, s, &err, "pe_compute");
    CHECK(s == PE_OK, "%s: pe_prepare succeeded but pe_compute returned %d (%s: %s)", K->name, (int)s, err.param,
          err.detail);
    CHECK(untouched(o, count, alloc, pat), "%s: written past the shape (%zu elements, buffer %zu)", K->name, count, n);
    if (with_info) {
      CHECK(info.n >= 0 && info.n <= PE_MAX_INFO, "%s: info.n %d", K->name, info.n);
      for (int i = 0; i < info.n; i++)
        CHECK(info.name[i] && !isnan(info.value[i]), "%s: info %d is NaN or unnamed", K->name, i);
    }
    if (null_out) break;
  }
  if (!null_out) {
    CHECK(!memcmp(o1, o2, count * 4), "%s: two runs differ (an element is not written or not deterministic)",
          K->name);
    if (K->dtype == PE_F32)
      for (size_t e = 0; e < count; e++) {
        float f;
        memcpy(&f, &o1[e], 4);
        CHECK(!isnan(f), "%s: NaN at element %zu of %zu", K->name, e, count);
      }
  }
out:
  free(o1);
  free(o2);
done:
  for (int i = 0; i < PE_MAX_PARAMS; i++) free(arrays[i]), arrays[i] = NULL;
  return 0;
}
