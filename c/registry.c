/* The registry: tables from kinds.def, generic validation, dispatch. Nothing here knows a kind. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#define PE__ROW(name, type, def, min, max, choices, group, doc) \
  {#name, type, def, min, max, choices, group, doc, (group "." #name) + (sizeof(group) == 1)},
#define PE__PARAMS(id, name, title, dtype, axes, sizes, flags, params, fn) \
  static const pe_param pe__params_##id[] = {params(PE__ROW)};
PE_KINDS(PE__PARAMS)

#define PE__KIND(id, name, title, dtype, axes, sizes, flags, params, fn) \
  {name, title, dtype, axes, flags, (int)(sizeof pe__params_##id / sizeof(pe_param)), pe__params_##id},
static const pe_kind pe__kinds[] = {PE_KINDS(PE__KIND)};

#define PE__FN(id, name, title, dtype, axes, sizes, flags, params, fn) fn,
static const pe__kind_fn pe__fns[] = {PE_KINDS(PE__FN)};

#define PE__SIZES(id, name, title, dtype, axes, sizes, flags, params, fn) sizes,
static const char *const pe__sizes[] = {PE_KINDS(PE__SIZES)};

/* Every kind fits the fixed-size request. */
#define PE__FITS(id, name, title, dtype, axes, sizes, flags, params, fn) \
  _Static_assert(sizeof pe__params_##id / sizeof(pe_param) <= PE_MAX_PARAMS, name " has too many params");
PE_KINDS(PE__FITS)

/* The default byte cap (pe_set_max_bytes): process-wide by design; pe_compute_alloc takes one per call. */
static double pe__cap = 2147483648.0;

int pe_kind_count(void) { return PE_KIND_COUNT; }

const pe_kind *pe_kind_at(int kind) {
  return kind >= 0 && kind < PE_KIND_COUNT ? &pe__kinds[kind] : NULL;
}

#define PE__IGNORES(id, list) [PE_##id] = list,
static const char *const pe__ignores[PE_KIND_COUNT] = {PE_KIND_IGNORES(PE__IGNORES)};
#undef PE__IGNORES

const char *pe_kind_ignores(int kind) {
  return kind >= 0 && kind < PE_KIND_COUNT && pe__ignores[kind] ? pe__ignores[kind] : "";
}

int pe_kind_find(const char *name) {
  for (int k = 0; name && k < PE_KIND_COUNT; k++)
    if (!strcmp(pe__kinds[k].name, name)) return k;
  return -1;
}

int pe_param_find(int kind, const char *name) {
  const pe_kind *K = pe_kind_at(kind);
  for (int i = 0; K && name && i < K->nparams; i++)
    if (!strcmp(K->params[i].path, name)) return i;
  return -1;
}

pe_status pe_request_init(pe_request *rq, int kind) {
  if (!rq || !pe_kind_at(kind)) return PE_EINVAL;
  memset(rq, 0, sizeof *rq);
  rq->kind = kind;
  return PE_OK;
}

static int pe__valid_index(const pe_request *rq, int param) {
  return rq && pe_kind_at(rq->kind) && param >= 0 && param < pe__kinds[rq->kind].nparams;
}

static int pe__scalar(pe_type t) { return t != PE_T_FARRAY && t != PE_T_IARRAY && t != PE_T_STRING; }

pe_status pe_set(pe_request *rq, int param, double value) {
  if (!pe__valid_index(rq, param) || !pe__scalar(pe__kinds[rq->kind].params[param].type)) return PE_EINVAL;
  rq->v[param] = value;
  rq->given[param] = 1;
  return PE_OK;
}

/* What every array and string setter checks: param is of this type, data is there for len >= 0. */
static int pe__array_ok(const pe_request *rq, int param, pe_type type, const void *data, int32_t len) {
  return pe__valid_index(rq, param) && pe__kinds[rq->kind].params[param].type == type && len >= 0 && (len == 0 || data);
}

static pe_status pe__given_len(pe_request *rq, int param, int32_t len) {
  rq->len[param] = len;
  rq->given[param] = 1;
  return PE_OK;
}

pe_status pe_set_array(pe_request *rq, int param, const float *data, int32_t len) {
  if (!pe__array_ok(rq, param, PE_T_FARRAY, data, len)) return PE_EINVAL;
  rq->arr[param] = data;
  return pe__given_len(rq, param, len);
}

pe_status pe_set_iarray(pe_request *rq, int param, const double *data, int32_t len) {
  if (!pe__array_ok(rq, param, PE_T_IARRAY, data, len)) return PE_EINVAL;
  rq->iarr[param] = data, rq->iarr32[param] = NULL;
  return pe__given_len(rq, param, len);
}

pe_status pe_set_iarray32(pe_request *rq, int param, const int32_t *data, int32_t len) {
  if (!pe__array_ok(rq, param, PE_T_IARRAY, data, len)) return PE_EINVAL;
  rq->iarr32[param] = data, rq->iarr[param] = NULL;
  return pe__given_len(rq, param, len);
}

pe_status pe_set_string(pe_request *rq, int param, const char *text, int32_t len) {
  if (len == -1 && text) {
    size_t n = strlen(text);
    if (n > 2147483647u) return PE_EINVAL;
    len = (int32_t)n;
  }
  if (!pe__array_ok(rq, param, PE_T_STRING, text, len)) return PE_EINVAL;
  rq->str[param] = text;
  return pe__given_len(rq, param, len);
}

/* A cap as the registry holds it: [0, 2^53], anything else 0. */
static double pe__clamp_cap(double bytes) {
  return bytes >= 0 ? (bytes <= 9007199254740992.0 ? bytes : 9007199254740992.0) : 0;
}

void pe_set_max_bytes(double bytes) { pe__cap = pe__clamp_cap(bytes); }
double pe_max_bytes(void) { return pe__cap; }

const char *pe_status_name(pe_status s) {
  static const char *names[] = {"OK", "EINVAL", "ERANGE", "ENOMEM"};
  return (unsigned)s < 4 ? names[s] : "EUNKNOWN";
}

pe_status pe__fail(pe_error *err, const pe_request *rq, int i, pe_status code, double min, double max,
                   const char *detail) {
  const pe_kind *K = pe_kind_at(rq->kind);
  err->code = code;
  err->param = K && i >= 0 && i < K->nparams ? K->params[i].path : "kind";
  err->value = K && i >= 0 && i < K->nparams ? rq->v[i] : NAN;
  err->min = min;
  err->max = max;
  err->detail = detail;
  return code;
}

_Static_assert((long long)PE_MAXOFF + (long long)PE_MAXPOS == (1LL << 30) + (1LL << 24),
               "pe__check_rows's message names the bound");

pe_status pe__check_rows(pe_error *err, const pe_request *rq, int i_step, int64_t offset, int64_t n, int64_t step) {
  if (n > 0 && llabs(offset + (n - 1) * step) > (int64_t)(PE_MAXOFF + PE_MAXPOS))
    return pe__fail(err, rq, i_step, PE_ERANGE, NAN, NAN,
                    "puts the last row's position offset + (positions - 1) * step beyond +-(2^30 + 2^24)");
  return PE_OK;
}

/* Choice c of "a|b|x=a": its canonical index (aliases resolved), or -1. */
static int pe__choice(const char *choices, int c) {
  const char *s = choices;
  for (int k = 0; k < c; k++) {
    s = strchr(s, '|');
    if (!s) return -1;
    s++;
  }
  const char *eq = strchr(s, '='), *bar = strchr(s, '|');
  if (!eq || (bar && eq > bar)) return c;
  size_t n = bar ? (size_t)(bar - eq - 1) : strlen(eq + 1);
  const char *t = choices;
  for (int k = 0; t; k++) {
    if (!strncmp(t, eq + 1, n) && (t[n] == '|' || t[n] == '=' || !t[n])) return k;
    t = strchr(t, '|');
    if (t) t++;
  }
  return -1;
}

/* Whether all of a[0 .. len) lie in [min, max]: the bounds of all (vectorised), as int32 ids are many. */
static int pe__i32_within(const int32_t *a, int32_t len, double min, double max) {
  int32_t lo = INT32_MAX, hi = INT32_MIN, e = 0;
#ifdef __wasm_simd128__
  v128_t vlo = wasm_i32x4_splat(lo), vhi = wasm_i32x4_splat(hi);
  for (; e + 4 <= len; e += 4) {
    const v128_t v = wasm_v128_load(a + e);
    vlo = wasm_i32x4_min(vlo, v), vhi = wasm_i32x4_max(vhi, v);
  }
  for (int l = 0; l < 4; l++) {
    const int32_t x = ((const int32_t *)&vlo)[l], y = ((const int32_t *)&vhi)[l];
    lo = x < lo ? x : lo, hi = y > hi ? y : hi;
  }
#endif
  for (; e < len; e++) lo = a[e] < lo ? a[e] : lo, hi = a[e] > hi ? a[e] : hi;
  return len == 0 || (lo >= min && hi <= max);
}

/* Check each value on its own and fill defaults into *n; resolve alias rows and choices. */
static pe_status pe__normalize(const pe_request *rq, pe_request *n, pe_error *err) {
  if (!rq || !pe_kind_at(rq->kind)) {
    err->code = PE_EINVAL, err->param = "kind", err->value = rq ? rq->kind : NAN;
    err->min = 0, err->max = PE_KIND_COUNT - 1, err->detail = "is not a known kind";
    return PE_EINVAL;
  }
  const pe_kind *K = &pe__kinds[rq->kind];
  *n = *rq;
  for (int i = 0; i < K->nparams; i++) {
    const pe_param *p = &K->params[i];
    if (p->choices[0] == '=') {            /* alias row: hand the value to its field */
      if (!rq->given[i]) continue;
      for (int t = 0; t < K->nparams; t++)
        if (!strcmp(K->params[t].name, p->choices + 1) && !strcmp(K->params[t].group, p->group)) {
          if (rq->given[t] && rq->v[t] != rq->v[i])
            return pe__fail(err, rq, i, PE_EINVAL, NAN, NAN, "disagrees with the field it is an alias of");
          n->v[t] = rq->v[i], n->given[t] = 1;
        }
      n->given[i] = 0;
    }
  }
  for (int i = 0; i < K->nparams; i++) {
    const pe_param *p = &K->params[i];
    if (p->choices[0] == '=' || p->type == PE_T_OBJECT) continue;
    if (!n->given[i]) {
      n->v[i] = p->def;
      if (!pe__scalar(p->type)) n->arr[i] = NULL, n->iarr[i] = NULL, n->iarr32[i] = NULL, n->str[i] = NULL, n->len[i] = 0;
      continue;
    }
    if (p->type == PE_T_STRING) {
      n->v[i] = n->len[i];
      if (n->len[i] > p->max) return pe__fail(err, n, i, PE_ERANGE, 0, p->max, "is longer than its maximum length");
      continue;
    }
    if (p->type == PE_T_IARRAY) {
      const long want = p->choices[0] && p->choices[0] != '|' ? strtol(p->choices, NULL, 10) : -1;
      /* int32 elements are integers: only the bounds, and the loop just to find the one out */
      const int whole = !n->iarr32[i] || !pe__i32_within(n->iarr32[i], n->len[i], p->min, p->max);
      for (int32_t e = 0; whole && e < n->len[i]; e++) {
        const double x = pe__iarr_at(n, i, e);
        if (!isfinite(x) || x != floor(x)) {
          n->v[i] = x;
          return pe__fail(err, n, i, PE_EINVAL, NAN, NAN, "has an element that is not an integer");
        }
        if (x < p->min || x > p->max) {
          n->v[i] = x;
          return pe__fail(err, n, i, PE_ERANGE, p->min, p->max, "has an element out of range");
        }
      }
      n->v[i] = n->len[i];
      if (want >= 0 && n->len[i] != want) return pe__fail(err, n, i, PE_EINVAL, (double)want, (double)want, "must have exactly this many elements");
      continue;
    }
    if (p->type == PE_T_FARRAY) {
      for (int32_t e = 0; e < n->len[i]; e++) {
        double x = n->arr[i][e];
        n->v[i] = x;
        if (!isfinite(x)) return pe__fail(err, n, i, PE_EINVAL, NAN, NAN, "has an element that is not a finite number");
        if (x < p->min || x > p->max) return pe__fail(err, n, i, PE_ERANGE, p->min, p->max, "has an element out of range");
      }
      n->v[i] = n->len[i];
      continue;
    }
    double x = n->v[i];
    if (!isfinite(x)) return pe__fail(err, n, i, PE_EINVAL, p->min, p->max, "is not a finite number");
    if (p->type != PE_T_FLOAT && x != floor(x))
      return pe__fail(err, n, i, PE_EINVAL, p->min, p->max, "is not an integer");
    if (p->type == PE_T_BOOL && x != 0 && x != 1) return pe__fail(err, n, i, PE_EINVAL, 0, 1, "is not a boolean");
    if (p->type == PE_T_ENUM) {
      int c = x >= 0 && x < 64 ? pe__choice(p->choices, (int)x) : -1;
      if (c < 0) return pe__fail(err, n, i, PE_EINVAL, NAN, NAN, "is not one of the choices");
      n->v[i] = c;
    }
    if ((p->type == PE_T_INT || p->type == PE_T_FLOAT) && (x < p->min || x > p->max))
      return pe__fail(err, n, i, PE_ERANGE, p->min, p->max, "is out of range");
  }
  return PE_OK;
}

/* One field of kinds.def's sizes, the parameters that can set an axis: alternatives a|b|c (the
 * first one the caller gave, else the last: positionIds|positions), each the name of a parameter
 * or a product of them, h*w*f (the largest factor, the one that made the axis long). */
static int pe__size_field(const pe_request *n, const char *sz, size_t len) {
  const pe_kind *K = &pe__kinds[n->kind];
  int chosen = -1;
  for (size_t at = 0; at <= len;) {
    size_t alt = at;
    while (alt < len && sz[alt] != '|') alt++;
    int best = -1, given = 0;
    for (size_t f = at; f < alt;) {
      size_t e = f;
      while (e < alt && sz[e] != '*') e++;
      for (int t = 0; t < K->nparams; t++) {
        if (strncmp(K->params[t].path, sz + f, e - f) || K->params[t].path[e - f]) continue;
        given |= n->given[t];
        if (best < 0 || n->v[t] > n->v[best]) best = t;
      }
      f = e + 1;
    }
    if (best >= 0) chosen = best;
    if (given || alt >= len) break;
    at = alt + 1;
  }
  return chosen;
}

int pe__size_param(const pe_request *n, const pe_shape *sh, int *axis_out) {
  int axis = 0;
  for (int a = 1; a < sh->ndim; a++)
    if (sh->dims[a] > sh->dims[axis]) axis = a;
  if (axis_out) *axis_out = axis;
  const char *sz = pe__sizes[n->kind];
  for (int a = 0; a < axis && sz; a++) sz = strchr(sz, ','), sz = sz ? sz + 1 : NULL;
  size_t len = 0;
  while (sz && sz[len] && sz[len] != ',') len++;
  const int t = len ? pe__size_field(n, sz, len) : -1;
  return t < 0 ? 0 : t;
}

/* ENOMEM naming what sized the output's largest axis, with its value as the caller gave it: a
 * number as is; an array or a string as the length of the axis it set (rows of positionIds,
 * tokens of a sequence), which its own length would not say. */
static pe_status pe__too_large(pe_error *err, const pe_request *n, const pe_shape *sh, double cap, int memory) {
  int axis;
  const int i = pe__size_param(n, sh, &axis);
  const int scalar = pe__scalar(pe__kinds[n->kind].params[i].type);
  static const char *const detail[2][2] = {
      {"(the length of the axis it sets) makes the output larger than the byte cap",
       "(the length of the axis it sets) makes the output larger than memory can hold"},
      {"makes the output larger than the byte cap", "makes the output larger than memory can hold"}};
  pe__fail(err, n, i, PE_ENOMEM, 0, memory ? NAN : cap, detail[scalar][memory]);
  if (!scalar) err->value = (double)sh->dims[axis];
  return PE_ENOMEM;
}

/* Normalize into *n, run the family's checks (out == NULL) and size the output against cap. */
static pe_status pe__check(const pe_request *rq, pe_request *n, pe_shape *sh, double cap, pe_error *err) {
  pe_status s = pe__normalize(rq, n, err);
  if (s) return s;
  memset(sh, 0, sizeof *sh);
  if ((s = pe__fns[n->kind](n, sh, NULL, NULL, err))) return s;
  double count = 1;
  for (int a = 0; a < sh->ndim; a++) count *= (double)sh->dims[a];
  if (count * 4 > cap) return pe__too_large(err, n, sh, cap, 0);
  sh->count = (int64_t)count;
  return PE_OK;
}

pe_status pe_prepare(const pe_request *rq, pe_shape *sh, pe_error *err) {
  pe_request n;
  return pe__check(rq, &n, sh, pe__cap, err);
}

/* Compute the checked request n into out, which holds sh->count elements (NULL when there are none). */
static pe_status pe__run(const pe_request *n, const pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  float empty;  /* an empty output still reports info; the family writes nothing here */
  pe_shape shape = *sh;
  return pe__fns[n->kind](n, &shape, sh->count > 0 ? out : &empty, info, err);
}

pe_status pe_compute(const pe_request *rq, void *out, size_t out_count, pe_info *info, pe_error *err) {
  pe_request n;
  pe_shape sh;
  if (info) info->n = 0;
  pe_status s = pe__check(rq, &n, &sh, pe__cap, err);
  if (s) return s;
  if (sh.count > 0 && (!out || out_count < (size_t)sh.count)) {
    err->code = PE_ERANGE, err->param = "out", err->value = (double)out_count;
    err->min = (double)sh.count, err->max = NAN, err->detail = "is smaller than the output";
    return PE_ERANGE;
  }
  return pe__run(&n, &sh, out, info, err);
}

pe_status pe_compute_alloc(const pe_request *rq, double max_bytes, void **out, pe_shape *sh, pe_info *info,
                           pe_error *err) {
  pe_request n;
  pe_shape shape;
  sh = sh ? sh : &shape;
  if (info) info->n = 0;
  if (out) *out = NULL;
  pe_status s = pe__check(rq, &n, sh, isnan(max_bytes) || max_bytes < 0 ? pe__cap : pe__clamp_cap(max_bytes), err);
  if (s || !out) return s;
  void *buf = NULL;
  if (sh->count > 0) {
    /* the cap admits more than a 32-bit size_t holds (wasm32: 4 GiB and up) */
    buf = (double)sh->count * 4 <= (double)SIZE_MAX ? malloc((size_t)sh->count * 4) : NULL;
    if (!buf) return pe__too_large(err, &n, sh, NAN, 1);
  }
  if ((s = pe__run(&n, sh, buf, info, err))) {
    free(buf);
    return s;
  }
  *out = buf;
  return PE_OK;
}
