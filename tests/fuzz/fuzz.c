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
 *     output has no NaN, info values are not NaN;
 *   - pe_compute_alloc agrees with pe_prepare (status, parameter, shape; nothing allocated on
 *     failure) and its table with pe_compute's.
 * Computed tables (and raw bytes) also go through the colormap (pe_range_of, pe_colormap_apply).
 * Work per input is bounded so that a run covers many inputs a second: the output is capped at
 * 256 KiB and arrays at 64 Ki elements (the registry's checks and the kernels are the same at any
 * size; a 64 MiB table only spends time filling it).
 *
 * Input layout, fixed so that a mutation stays local: a 16-byte header (kind, cap), one 24-byte
 * chunk per registry row (byte 0: < 64 not given, < 160 an in-range value, else a special one; the
 * rest its payload), 16 bytes (index probes, output length, info), 24 bytes (colormap, limits),
 * then raw bytes (a table for the colormap when the request fails).
 *
 * Build: bash build.sh fuzz  ->  build/fuzz/posenc-fuzz.   Run: npm run fuzz -- -max_total_time=N */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "posenc.h"

#define HARNESS_CAP (256.0 * 1024)       /* bytes of output per input, at most */
#define CANARY 16                        /* guard elements after the buffer */
#define MAX_ARRAY (1 << 16)              /* array elements, at most */
#define HARNESS_WORK (1 << 21)           /* estimated operations per input, at most (work_of) */

#define FUZZ_NAME "posenc-fuzz"
#include "contract.h"

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

/* The next k bytes as a reader of their own (zeros past the end of the input). */
static bytes chunk(bytes *b, size_t k) {
  bytes c = {b->p, b->n < k ? b->n : k};
  b->p += c.n, b->n -= c.n;
  return c;
}

static double raw_double(bytes *b) {
  uint64_t u = take(b, 8);
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

static int count_choices(const char *c) {
  int n = 1;
  for (; *c; c++) n += *c == '|';
  return n;
}

/* An in-range value of p's type: small sizes most often, then anything in [min, max]. */
static double valid(bytes *b, const pe_param *p, const pe_kind *K) {
  const uint8_t how = (uint8_t)take(b, 1);
  const uint64_t u = take(b, 4);
  switch (p->type) {
    case PE_T_BOOL: return (double)(u & 1);
    case PE_T_ENUM: {
      const char *c = p->choices;
      if (c[0] == '=') /* an alias row takes its field's choices */
        for (int t = 0; K && t < K->nparams; t++)
          if (!strcmp(K->params[t].name, c + 1) && !strcmp(K->params[t].group, p->group)) c = K->params[t].choices;
      return (double)(u % (uint64_t)count_choices(c));
    }
    case PE_T_INT: {
      double x;
      if (how % 4 == 0) x = p->min + (double)(u % 65);
      else if (how % 4 == 1) x = (double)(u % 4097);
      else if (how % 4 == 2) x = floor(p->min + (p->max - p->min) * ((double)u / 4294967295.0));
      else x = how & 4 ? p->max : p->def;
      return x < p->min || !(x <= p->max) ? p->min : x;
    }
    default: {
      if (how % 4 == 0 && p->min > 0)
        return exp(log(p->min) + (log(p->max) - log(p->min)) * ((double)u / 4294967295.0));
      if (how % 4 == 1) return isnan(p->def) ? p->min : p->def;
      if (how % 4 == 2) return p->min + (double)(u % 17) * 0.25 <= p->max ? p->min + (double)(u % 17) * 0.25 : p->max;
      return p->min + (p->max - p->min) * ((double)u / 4294967295.0);
    }
  }
}

/* A value for parameter p that probes a boundary or a special case; sel picks which. */
static double special(bytes *b, const pe_param *p, unsigned sel) {
  const double lo = isfinite(p->min) ? p->min : -1e9, hi = isfinite(p->max) ? p->max : 1e9;
  switch (sel % 30) {
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

/* Byte 0 of a parameter's chunk: < 64 not given, < 160 an in-range value, else a special one. */
static double pick(bytes *b, const pe_param *p, const pe_kind *K, uint8_t sel) {
  return sel < 160 ? valid(b, p, K) : special(b, p, sel);
}

static double cap_pick(bytes *b) {
  switch (take(b, 1) % 8) {
    case 0: return NAN;
    case 1: return -1;
    case 2: return INFINITY;
    case 3: return 0;
    case 4: return (double)take(b, 2);
    case 5: return raw_double(b);
    case 6: return (double)(take(b, 4) % (uint64_t)(HARNESS_CAP + 1));
    default: { /* log-uniform up to 2 x HARNESS_CAP: most tables stay small, some exceed the cap */
      const uint64_t u = take(b, 4);
      return ldexp(1 + (double)(u >> 8) / 16777216.0, (int)(u % 19));
    }
  }
}

/* What a request of shape sh costs, estimated from the registry alone: its rows (every axis but
 * the last) times the largest integer parameter bounded like a dimension (dim, heads, buckets), as a
 * row costs at most that many steps (sines over the frequencies, sums over them). rope-decay's
 * [distances, 2] rows each sum dim/2 frequencies: its output alone would admit a second per input. */
static double work_of(const pe_kind *K, const pe_request *rq, const pe_shape *sh) {
  double w = 1, rows = 1;
  for (int i = 0; i < K->nparams; i++) {
    const pe_param *p = &K->params[i];
    if (p->type != PE_T_INT || !(p->max <= 65536)) continue;
    const double v = rq->given[i] ? rq->v[i] : p->def;
    if (v > w) w = v;
  }
  for (int a = 0; a + 1 < sh->ndim; a++) rows *= (double)sh->dims[a];
  return rows * w + (double)sh->count;
}

static int is_param_path(const pe_kind *K, const char *s) {
  for (int i = 0; i < K->nparams; i++)
    if (!strcmp(K->params[i].path, s)) return 1;
  return 0;
}

static void check_error(const pe_kind *K, pe_status s, const pe_error *err, const char *where) {
  CHECK(s == PE_EINVAL || s == PE_ERANGE || s == PE_ENOMEM, "%s returned %d", where, (int)s);
  CHECK(!strcmp(pe_status_name(s), s == PE_EINVAL ? "EINVAL" : s == PE_ERANGE ? "ERANGE" : "ENOMEM"), "status name");
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
  const uint64_t u = take(b, 4);
  const uint8_t fill = (uint8_t)take(b, 1);
  switch (mode % 9) {
    case 0: len = 0; break;
    case 1: len = (int64_t)(u & 0xff); break;
    case 2: len = (int64_t)(u & 0xffff); break;
    case 3: len = (int64_t)(u % (MAX_ARRAY + 1)); break;
    case 4: len = isfinite(v[a]) ? (int64_t)fmin(fmax(v[a], -1), MAX_ARRAY) : 0; break;
    case 5: len = isfinite(v[a]) ? (int64_t)fmin(fmax(v[a] / 2, -1), MAX_ARRAY) : 0; break;
    case 6: len = isfinite(v[a] * v[c]) ? (int64_t)fmin(fmax(v[a] * v[c], -1), MAX_ARRAY) : 0; break;
    case 7: { /* NULL data with a length, or a negative length: must be refused */
      const int32_t bad = (int32_t)u;
      pe_status s = pe_set_array(rq, i, NULL, bad);
      CHECK(s == (bad == 0 ? PE_OK : PE_EINVAL), "pe_set_array(NULL, %d) returned %d", bad, (int)s);
      s = pe_set_array(rq, i, (const float *)rq, -1 - (int32_t)(u & 0xffff));
      CHECK(s == PE_EINVAL, "pe_set_array with a negative length returned %d", (int)s);
      return;
    }
    default: len = (int64_t)(u % 8); break;
  }
  if (len < 0) len = 0;
  const pe_param *p = &K->params[i];
  bytes b1 = chunk(b, 8), b2 = chunk(b, 8);
  const float first = (float)pick(&b1, p, K, (uint8_t)take(&b1, 1));
  const float other = (float)pick(&b2, p, K, (uint8_t)take(&b2, 1));
  float *x = malloc((size_t)(len ? len : 1) * sizeof(float));
  if (!x) return;
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

static double *iarrays[PE_MAX_PARAMS];
static int32_t *iarrays32[PE_MAX_PARAMS];

/* An int[] for parameter i (doubles: the registry checks integrality): lengths around 3 (the
 * sections), small, or large (position ids); elements from pick, repeated, counting up, or mixed.
 * With mode's high bit, as int32 (pe_set_iarray32) when every element is one. */
static void give_iarray(bytes *b, pe_request *rq, const pe_kind *K, int i) {
  const uint8_t mode = (uint8_t)take(b, 1), fill = (uint8_t)take(b, 1);
  const uint64_t u = take(b, 3);
  int64_t len;
  switch (mode % 6) {
    case 0: len = 0; break;
    case 1: len = 3; break;
    case 2: len = (int64_t)(u % 9); break;
    case 3: len = (int64_t)(u & 0xffff); break;
    case 4: { /* NULL data with a length: refused */
      CHECK(pe_set_iarray(rq, i, NULL, (int32_t)(u & 0xff) + 1) == PE_EINVAL, "pe_set_iarray(NULL, n) accepted");
      return;
    }
    default: len = (int64_t)(u % (MAX_ARRAY + 1)); break;
  }
  const pe_param *p = &K->params[i];
  bytes b1 = chunk(b, 8), b2 = chunk(b, 8);
  const double first = pick(&b1, p, K, (uint8_t)take(&b1, 1)), other = pick(&b2, p, K, (uint8_t)take(&b2, 1));
  double *x = malloc((size_t)(len ? len : 1) * sizeof(double));
  if (!x) return;
  for (int64_t e = 0; e < len; e++) {
    switch (fill % 4) {
      case 0: x[e] = first; break;
      case 1: x[e] = e == (int64_t)(fill >> 2) ? other : first; break;
      case 2: x[e] = first + (double)(e % (1 + (fill >> 2))); break;
      default: x[e] = e % 2 ? first : other; break;
    }
  }
  free(iarrays[i]);
  iarrays[i] = x;
  int whole = mode >= 128;
  for (int64_t e = 0; whole && e < len; e++) whole = x[e] >= -2147483648.0 && x[e] <= 2147483647.0 && x[e] == (int32_t)x[e];
  int32_t *y = whole ? malloc((size_t)(len ? len : 1) * sizeof(int32_t)) : NULL;
  if (y) {
    for (int64_t e = 0; e < len; e++) y[e] = (int32_t)x[e];
    free(iarrays32[i]);
    iarrays32[i] = y;
    CHECK(pe_set_iarray32(rq, i, y, (int32_t)len) == PE_OK, "pe_set_iarray32(%s, len %lld)", p->path, (long long)len);
    return;
  }
  CHECK(pe_set_iarray(rq, i, x, (int32_t)len) == PE_OK, "pe_set_iarray(%s, len %lld)", p->path, (long long)len);
}

/* A string for parameter i: pieces of the mrope-positions grammar chosen by the bytes (most inputs
 * then parse a few segments deep), or the raw bytes. Exactly len bytes are allocated (no NUL), so
 * ASan sees a read past them. */
static char *strings[PE_MAX_PARAMS];
static void give_string(bytes *b, pe_request *rq, int i) {
  static const char *const piece[] = {"text:", "image:", "video:", "x", "@", "/", ",", ";", " ", "0", "1", "2", "4",
                                      "7", "28", "s", ".", "5", "16777216", "4096", "99999999999", "\t", "\n", "1.5"};
  const uint8_t mode = (uint8_t)take(b, 1);
  char buf[256];
  size_t n = 0;
  if (mode < 200) {
    for (size_t k = 0; b->n && k < 22; k++) {
      const char *q = piece[take(b, 1) % (sizeof piece / sizeof *piece)];
      while (*q && n < sizeof buf) buf[n++] = *q++;
    }
  } else {
    while (b->n && n < sizeof buf) buf[n++] = (char)take(b, 1);
  }
  char *x = malloc(n ? n : 1);
  if (!x) return;
  memcpy(x, buf, n);
  free(strings[i]);
  strings[i] = x;
  CHECK(pe_set_string(rq, i, x, (int32_t)n) == PE_OK, "pe_set_string(len %zu)", n);
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

/* The colormap over n values (a computed table, or raw bytes): statuses, limits, every pixel. */
static void colormap(bytes *b, const void *data, int dtype, size_t n) {
  const int map = (int)(int8_t)take(b, 1) % (pe_colormap_count() + 2);
  const uint8_t how = (uint8_t)take(b, 1);
  const int dt = how & 0x80 ? (int)(int8_t)take(b, 1) : dtype;
  bytes c1 = chunk(b, 9), c2 = chunk(b, 9);
  static const pe_param any = {"v", PE_T_FLOAT, 0, -1e6, 1e6, "", "", "", "v"};
  double vmin = how & 1 ? NAN : pick(&c1, &any, NULL, (uint8_t)take(&c1, 1));
  double vmax = how & 2 ? NAN : pick(&c2, &any, NULL, (uint8_t)take(&c2, 1));
  pe_error err;
  pe_range r;
  const int known = pe_colormap_at(map) != NULL && (dt == PE_F32 || dt == PE_I32);
  CHECK(pe_colormap_at(map) == NULL || pe_colormap_find(pe_colormap_at(map)->name) == map, "map %d", map);
  pe_status s = pe_range_of(map, data, dt, n, &r, &err);
  CHECK(known ? s == PE_OK : s == PE_EINVAL && (!strcmp(err.param, "map") || !strcmp(err.param, "dtype")),
        "pe_range_of(map %d, dtype %d) returned %d", map, dt, (int)s);
  if (s == PE_OK) {
    CHECK(r.finite + r.nan + r.neg_inf + r.pos_inf == (int64_t)n, "pe_range_of counts %lld of %zu",
          (long long)(r.finite + r.nan + r.neg_inf + r.pos_inf), n);
    CHECK(isfinite(r.lo) && isfinite(r.hi) && r.lo <= r.hi, "pe_range_of limits [%g, %g]", r.lo, r.hi);
  }
  uint8_t *rgba = malloc(4 * n + 4 * CANARY);
  if (!rgba) return;
  memset(rgba, 0x5a, 4 * n + 4 * CANARY);
  double limits[2] = {NAN, NAN};
  memset(&err, 0xcd, sizeof err);
  s = pe_colormap_apply(map, data, dt, n, vmin, vmax, rgba, how & 4 ? NULL : limits, &err);
  if (s != PE_OK) {
    CHECK((s == PE_EINVAL || s == PE_ERANGE) && err.code == s && err.param && err.detail,
          "pe_colormap_apply returned %d", (int)s);
    CHECK(!strcmp(err.param, "map") || !strcmp(err.param, "dtype") || !strcmp(err.param, "vmin") ||
          !strcmp(err.param, "vmax"), "pe_colormap_apply blamed '%s'", err.param);
    CHECK(known || s == PE_EINVAL, "pe_colormap_apply: status %d for an unknown map/dtype", (int)s);
    for (size_t e = 0; e < 4 * n + 4 * CANARY; e++) CHECK(rgba[e] == 0x5a, "a refused colormap wrote rgba[%zu]", e);
  } else {
    CHECK(known, "pe_colormap_apply accepted map %d dtype %d", map, dt);
    if (!(how & 4)) CHECK(isfinite(limits[0]) && limits[0] <= limits[1], "limits [%g, %g]", limits[0], limits[1]);
    for (size_t e = 0; e < 4 * CANARY; e++) CHECK(rgba[4 * n + e] == 0x5a, "colormap wrote past 4n bytes");
    for (size_t e = 0; e < n; e++) {
      const uint8_t alpha = rgba[4 * e + 3];
      CHECK(alpha == 0 || alpha == 255, "pixel %zu has alpha %d", e, alpha);
    }
  }
  free(rgba);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bytes in = {data, size};
  bytes head = chunk(&in, 16);
  const uint32_t A = 0x7fa5a5a5u, B = 0xffc3c3c3u;

  /* Kind: mostly valid, sometimes out of range. */
  const uint8_t kb = (uint8_t)take(&head, 1);
  const int kind = kb < 240 ? kb % pe_kind_count() : kb < 248 ? -1 - (kb - 240) * 1000 : pe_kind_count() + kb - 248;

  /* The cap: any double goes to pe_set_max_bytes, then the harness bounds the work. */
  const double cap_in = cap_pick(&head);
  pe_set_max_bytes(cap_in);
  const double cap0 = pe_max_bytes();
  CHECK(cap0 >= 0 && cap0 <= 9007199254740992.0, "pe_set_max_bytes(%g) gave %g", cap_in, cap0);
  if (cap0 > HARNESS_CAP) pe_set_max_bytes(HARNESS_CAP);

  const pe_kind *K = pe_kind_at(kind);
  pe_request rq;
  pe_status s = pe_request_init(&rq, kind);
  if (!K) {
    CHECK(s == PE_EINVAL && pe_kind_find(NULL) == -1 && pe_param_find(kind, "dim") == -1, "invalid kind %d", kind);
    memset(&rq, 0, sizeof rq), rq.kind = kind; /* the struct is public: a caller may fill it by hand */
    pe_shape sh;
    pe_error err;
    float out[4];
    s = pe_prepare(kb & 1 ? &rq : NULL, &sh, &err);
    CHECK(s == PE_EINVAL && !strcmp(err.param, "kind"), "pe_prepare of kind %d returned %d", kind, (int)s);
    s = pe_compute(&rq, out, 4, NULL, &err);
    CHECK(s == PE_EINVAL && !strcmp(err.param, "kind"), "pe_compute of kind %d returned %d", kind, (int)s);
    return 0;
  }
  CHECK(s == PE_OK && pe_kind_find(K->name) == kind, "kind %d", kind);

  memset(arrays, 0, sizeof arrays);
  memset(iarrays, 0, sizeof iarrays);
  memset(iarrays32, 0, sizeof iarrays32);
  memset(strings, 0, sizeof strings);
  for (int i = 0; i < K->nparams; i++) {
    bytes pb = chunk(&in, 24);
    CHECK(pe_param_find(kind, K->params[i].path) == i, "pe_param_find(%s)", K->params[i].path);
    const uint8_t g = (uint8_t)take(&pb, 1);
    if (g < 64) continue; /* not given */
    if (K->params[i].type == PE_T_FARRAY) {
      give_array(&pb, &rq, K, i);
      CHECK(pe_set(&rq, i, 1) == PE_EINVAL, "pe_set on array %s accepted", K->params[i].path);
    } else if (K->params[i].type == PE_T_IARRAY) {
      give_iarray(&pb, &rq, K, i);
      CHECK(pe_set(&rq, i, 1) == PE_EINVAL, "pe_set on int[] %s accepted", K->params[i].path);
    } else if (K->params[i].type == PE_T_STRING) {
      give_string(&pb, &rq, i);
      CHECK(pe_set(&rq, i, 1) == PE_EINVAL, "pe_set on string %s accepted", K->params[i].path);
    } else {
      CHECK(pe_set(&rq, i, pick(&pb, &K->params[i], K, g)) == PE_OK, "pe_set(%s)", K->params[i].path);
      CHECK(pe_set_array(&rq, i, (const float *)&rq, 1) == PE_EINVAL, "pe_set_array on scalar %s accepted",
            K->params[i].path);
    }
  }
  bytes tail = chunk(&in, 16), cm = chunk(&in, 24);
  if (getenv("POSENC_FUZZ_VERBOSE")) { /* triage: the request as the C API sees it */
    fprintf(stderr, "posenc-fuzz: %s, cap %.17g:", K->name, pe_max_bytes());
    for (int i = 0; i < K->nparams; i++) {
      if (!rq.given[i]) continue;
      if (K->params[i].type == PE_T_FARRAY) fprintf(stderr, " %s=[%d floats]", K->params[i].path, (int)rq.len[i]);
      else if (K->params[i].type == PE_T_IARRAY) fprintf(stderr, " %s=[%d ints]", K->params[i].path, (int)rq.len[i]);
      else if (K->params[i].type == PE_T_STRING) fprintf(stderr, " %s='%.*s'", K->params[i].path, (int)rq.len[i], rq.str[i]);
      else fprintf(stderr, " %s=%.17g", K->params[i].path, rq.v[i]);
    }
    fprintf(stderr, "\n");
  }

  /* A few raw index probes: only valid indices of the right type may be accepted. */
  for (int t = (int)(take(&tail, 1) % 3); t > 0; t--) {
    const int i = (int)(int8_t)take(&tail, 1);
    const int ok = i >= 0 && i < K->nparams && K->params[i].type != PE_T_FARRAY && K->params[i].type != PE_T_IARRAY &&
                   K->params[i].type != PE_T_STRING;
    pe_request probe = rq;
    CHECK(pe_set(&probe, i, 3) == (ok ? PE_OK : PE_EINVAL), "pe_set index %d", i);
  }

  pe_shape sh;
  pe_error err;
  uint32_t *o1 = NULL, *o2 = NULL;
  void *alloc_table = NULL;
  memset(&sh, 0xab, sizeof sh);
  memset(&err, 0xcd, sizeof err);
  s = pe_prepare(&rq, &sh, &err);
  if (s == PE_OK && sh.count > 0 && work_of(K, &rq, &sh) > HARNESS_WORK) {
    /* too costly to compute here: the cap refuses it instead, which checks the ENOMEM path */
    pe_set_max_bytes((double)sh.count * 4 - 1);
    s = pe_prepare(&rq, &sh, &err);
    CHECK(s == PE_ENOMEM, "%s: a cap one byte under the output gave %d", K->name, (int)s);
  }
  const double cap = pe_max_bytes();
  {
    /* pe_compute_alloc at the same cap: pe_prepare's status and parameter, its shape, nothing
     * allocated on failure; its table is compared with pe_compute's below */
    pe_error aerr;
    pe_shape ash;
    void *t = &aerr;
    const pe_status as = pe_compute_alloc(&rq, -1, &t, &ash, NULL, &aerr);
    CHECK(as == s, "%s: pe_compute_alloc returned %d, pe_prepare %d", K->name, (int)as, (int)s);
    if (as != PE_OK) CHECK(!t && s != PE_OK && !strcmp(aerr.param, err.param), "%s: pe_compute_alloc failed differently", K->name);
    else CHECK(ash.count == sh.count && (sh.count == 0) == (t == NULL), "%s: pe_compute_alloc's shape", K->name);
    alloc_table = as == PE_OK ? t : NULL;
  }
  if (s != PE_OK) {
    check_error(K, s, &err, "pe_prepare");
    CHECK(strcmp(err.param, "out"), "pe_prepare blamed 'out'");
    colormap(&cm, in.p, K->dtype, in.n / 4); /* raw bytes as a table */
    goto out;
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
  const uint8_t how = (uint8_t)take(&tail, 1);
  const uint64_t u = take(&tail, 2);
  switch (how % 8) {
    case 0: n = count ? count - 1 : 0; break;
    case 1: n = (size_t)u % (count + 1); break;
    case 2: n = count + (size_t)(u & 0xff); break;
    case 3: n = 0; break;
    case 4: null_out = 1, n = u & 1 ? SIZE_MAX : count; break;
    default: n = count; break;
  }
  const size_t alloc = null_out ? 0 : n + CANARY;
  o1 = malloc(alloc * 4 + 4), o2 = malloc(alloc * 4 + 4);
  if (!o1 || !o2) goto out;
  pe_info info;
  for (int round = 0; round < 2; round++) {
    uint32_t *o = round ? o2 : o1;
    const uint32_t pat = round ? B : A;
    fill(o, alloc, pat);
    memset(&err, 0xcd, sizeof err);
    memset(&info, 0xee, sizeof info);
    const int with_info = (int)(take(&tail, 1) & 1);
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
    CHECK(!count || !memcmp(o1, alloc_table, count * 4), "%s: pe_compute_alloc's table differs from pe_compute's", K->name);
    colormap(&cm, o1, K->dtype, count);
  }
out:
  free(alloc_table);
  free(o1);
  free(o2);
  for (int i = 0; i < PE_MAX_PARAMS; i++) free(arrays[i]), arrays[i] = NULL;
  for (int i = 0; i < PE_MAX_PARAMS; i++) free(iarrays[i]), iarrays[i] = NULL, free(iarrays32[i]), iarrays32[i] = NULL;
  for (int i = 0; i < PE_MAX_PARAMS; i++) free(strings[i]), strings[i] = NULL;
  return 0;
}
