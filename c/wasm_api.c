/* The flat interface the JS wrapper (web/core/) calls: one request at a time, scalars and heap
 * pointers only, so JS needs no knowledge of C struct layouts. */
#include <stdlib.h>
#include "internal.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define PE_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define PE_EXPORT
#endif

#ifdef __EMSCRIPTEN__
/* The standalone runtime's sbrk calls this after memory.grow, to tell the embedder. posenc.js
 * re-creates its views whenever memory.buffer changes, so there is nothing to tell; defining it here
 * leaves the module without imports, as V8 compiles a wrapper for each imported function inside
 * new WebAssembly.Module (npm run bench: load()). */
void emscripten_notify_memory_growth(size_t memory_index) { (void)memory_index; }
#endif

/* One call at a time (wasm runs one thread): JS fills the request, makes one call and reads what it
 * left here through the getters below, which keeps JS free of C's struct layouts. */
static struct {
  pe_request rq;     /* the request begin/set fill and compute/prepare read */
  pe_shape sh;       /* the last compute's or prepare's shape */
  void *out;         /* the last compute's table, JS's to free (pe_js_free) */
  pe_info info;      /* the last compute's info */
  pe_error err;      /* the last failure of any call */
  pe_range range;    /* the last pe_js_range */
  double limits[2];  /* the limits the last colouring used */
} js;

/* Registry, read once by JS into the frozen `kinds`. */
PE_EXPORT int pe_js_kind_count(void) { return pe_kind_count(); }
PE_EXPORT const char *pe_js_kind_name(int k) { return pe_kind_at(k)->name; }
PE_EXPORT const char *pe_js_kind_title(int k) { return pe_kind_at(k)->title; }
PE_EXPORT int pe_js_kind_dtype(int k) { return pe_kind_at(k)->dtype; }
PE_EXPORT const char *pe_js_kind_axes(int k) { return pe_kind_at(k)->axes; }
PE_EXPORT int pe_js_kind_flags(int k) { return pe_kind_at(k)->flags; }
PE_EXPORT const char *pe_js_kind_ignores(int k) { return pe_kind_ignores(k); }
PE_EXPORT int pe_js_param_count(int k) { return pe_kind_at(k)->nparams; }
#define PE__P(k, i) (&pe_kind_at(k)->params[i])
PE_EXPORT const char *pe_js_param_name(int k, int i) { return PE__P(k, i)->name; }
PE_EXPORT int pe_js_param_type(int k, int i) { return PE__P(k, i)->type; }
PE_EXPORT double pe_js_param_default(int k, int i) { return PE__P(k, i)->def; }
PE_EXPORT double pe_js_param_min(int k, int i) { return PE__P(k, i)->min; }
PE_EXPORT double pe_js_param_max(int k, int i) { return PE__P(k, i)->max; }
PE_EXPORT const char *pe_js_param_choices(int k, int i) { return PE__P(k, i)->choices; }
PE_EXPORT const char *pe_js_param_group(int k, int i) { return PE__P(k, i)->group; }
PE_EXPORT const char *pe_js_param_doc(int k, int i) { return PE__P(k, i)->doc; }

/* One request: begin, set, then compute (validate, size, allocate, compute: once each) or prepare
 * (validate and size). max_bytes < 0: the default cap. */
PE_EXPORT int pe_js_begin(int k) { return pe_request_init(&js.rq, k); }
PE_EXPORT int pe_js_set(int i, double v) { return pe_set(&js.rq, i, v); }
PE_EXPORT int pe_js_set_array(int i, const float *p, int n) { return pe_set_array(&js.rq, i, p, n); }
PE_EXPORT int pe_js_set_iarray(int i, const double *p, int n) { return pe_set_iarray(&js.rq, i, p, n); }
PE_EXPORT int pe_js_set_iarray32(int i, const int32_t *p, int n) { return pe_set_iarray32(&js.rq, i, p, n); }
PE_EXPORT int pe_js_set_string(int i, const char *p, int n) { return pe_set_string(&js.rq, i, p, n); }
PE_EXPORT int pe_js_compute(double max_bytes) {
  return pe_compute_alloc(&js.rq, max_bytes, &js.out, &js.sh, &js.info, &js.err);
}
PE_EXPORT int pe_js_prepare(double max_bytes) { return pe_compute_alloc(&js.rq, max_bytes, NULL, &js.sh, NULL, &js.err); }
PE_EXPORT void *pe_js_out(void) { return js.out; }
PE_EXPORT int pe_js_ndim(void) { return js.sh.ndim; }
PE_EXPORT double pe_js_dim(int a) { return (double)js.sh.dims[a]; }

PE_EXPORT const char *pe_js_err_param(void) { return js.err.param; }
PE_EXPORT double pe_js_err_value(void) { return js.err.value; }
PE_EXPORT double pe_js_err_min(void) { return js.err.min; }
PE_EXPORT double pe_js_err_max(void) { return js.err.max; }
PE_EXPORT const char *pe_js_err_detail(void) { return js.err.detail; }

PE_EXPORT int pe_js_info_count(void) { return js.info.n; }
PE_EXPORT const char *pe_js_info_name(int i) { return js.info.name[i]; }
PE_EXPORT double pe_js_info_value(int i) { return js.info.value[i]; }

PE_EXPORT void pe_js_set_max_bytes(double b) { pe_set_max_bytes(b); }
PE_EXPORT double pe_js_max_bytes(void) { return pe_max_bytes(); }

PE_EXPORT void *pe_js_malloc(double bytes) {
  return bytes > 0 && bytes < 4294967296.0 ? malloc((size_t)bytes) : NULL;
}
PE_EXPORT void pe_js_free(void *p) { free(p); }

/* Colormaps (c/colormap.c): the registry, read once into pe.colormaps, and value -> RGBA for the
 * explorer. offset/count select a plane of a table of total elements (one ALiBi head, RoPE's sin). */
PE_EXPORT int pe_js_colormap_count(void) { return pe_colormap_count(); }
PE_EXPORT const char *pe_js_colormap_name(int m) { return pe_colormap_at(m)->name; }
PE_EXPORT const char *pe_js_colormap_title(int m) { return pe_colormap_at(m)->title; }
PE_EXPORT int pe_js_colormap_centred(int m) { return pe_colormap_at(m)->centred; }
PE_EXPORT int pe_js_colormap_lut(int m, uint8_t *rgba) { return pe_colormap_lut(m, rgba); }

static int js_plane(double total, double offset, double count) {
  const char *param = NULL, *detail = NULL;
  double value = offset, max = total;
  if (!(offset >= 0 && offset <= total && offset == floor(offset)))
    param = "offset", detail = "is not an element index of the table";
  else if (!(count >= 0 && count <= total - offset && count == floor(count)))
    param = "count", value = count, max = total - offset, detail = "runs past the end of the table";
  if (!param) return PE_OK;
  js.err = (pe_error){PE_ERANGE, param, value, 0, max, detail};
  return PE_ERANGE;
}

/* vmin/vmax (NaN: automatic) replace lo/hi, checked by the rule colouring applies (no value coloured):
 * lo/hi are then the limits pe_js_colormap would use, refused as it would refuse them. */
PE_EXPORT int pe_js_range(int m, const void *data, int dtype, double total, double offset, double count, double vmin,
                          double vmax) {
  if (js_plane(total, offset, count)) return PE_ERANGE;
  const char *p = (const char *)data + (size_t)offset * 4;
  pe_status s = pe_range_of(m, p, dtype, (size_t)count, &js.range, &js.err);
  if (s || (isnan(vmin) && isnan(vmax))) return s;
  js.range.lo = isnan(vmin) ? js.range.lo : vmin;
  js.range.hi = isnan(vmax) ? js.range.hi : vmax;
  return pe_colormap_apply(m, p, dtype, 0, js.range.lo, js.range.hi, NULL, NULL, &js.err);
}
/* 0 min, 1 max, 2 lo, 3 hi, 4 finite, 5 NaN, 6 -Infinity, 7 +Infinity */
PE_EXPORT double pe_js_range_get(int i) {
  const pe_range *r = &js.range;
  const double v[] = {r->min, r->max, r->lo, r->hi, (double)r->finite, (double)r->nan, (double)r->neg_inf,
                      (double)r->pos_inf};
  return i >= 0 && i < 8 ? v[i] : NAN;
}

PE_EXPORT int pe_js_colormap(int m, const void *data, int dtype, double total, double offset, double count,
                             double vmin, double vmax, uint8_t *rgba) {
  if (js_plane(total, offset, count)) return PE_ERANGE;
  const char *p = (const char *)data + (size_t)offset * 4;
  return pe_colormap_apply(m, p, dtype, (size_t)count, vmin, vmax, rgba, js.limits, &js.err);
}
PE_EXPORT double pe_js_colormap_limit(int i) { return js.limits[i & 1]; }

/* The sizes of a plane to sample, as doubles: each must be a whole number >= 0 and the plane must
 * lie within the table of total elements. */
static int js_sample_sizes(double total, double offset, double rows, double cols, double stride, double height,
                           double width) {
  static const char *const names[] = {"rows", "cols", "stride", "height", "width"};
  const double sizes[] = {rows, cols, stride, height, width};
  for (int i = 0; i < 5; i++) {
    if (sizes[i] >= 0 && sizes[i] == floor(sizes[i]) && sizes[i] <= PE_SAMPLE_SIDE) continue;
    js.err = (pe_error){PE_ERANGE, names[i], sizes[i], 0, PE_SAMPLE_SIDE, "is not a whole number in the range"};
    return PE_ERANGE;
  }
  const double span = rows > 0 && cols > 0 ? (rows - 1) * stride + cols : 0;
  if (js_plane(total, offset, 0)) return PE_ERANGE;
  if (span > total - offset) {
    js.err = (pe_error){PE_ERANGE, "rows", rows, 0, stride > 0 ? floor((total - offset - cols) / stride) + 1 : 0,
                        "runs past the end of the table"};
    return PE_ERANGE;
  }
  return PE_OK;
}

/* A [rows, cols] plane (from offset, rows stride apart) into a [height, width] image (sizes as
 * js_sample_sizes checks them). */
PE_EXPORT int pe_js_colormap_sample(int m, const void *data, int dtype, double total, double offset, double rows,
                                    double cols, double stride, double height, double width, double vmin, double vmax,
                                    uint8_t *rgba) {
  if (js_sample_sizes(total, offset, rows, cols, stride, height, width)) return PE_ERANGE;
  const char *p = (const char *)data + (size_t)offset * 4;
  return pe_colormap_sample(m, p, dtype, (size_t)rows, (size_t)cols, (size_t)stride, (size_t)height, (size_t)width, vmin,
                            vmax, rgba, js.limits, &js.err);
}

/* The same with a colour scale per column (pe_colormap_sample_columns): limits receives 2 cols
 * doubles; pe_js_colormap_limit then gives the lowest and highest of them. */
PE_EXPORT int pe_js_colormap_sample_columns(int m, const void *data, int dtype, double total, double offset, double rows,
                                            double cols, double stride, double height, double width, double vmin,
                                            double vmax, uint8_t *rgba, double *limits) {
  if (js_sample_sizes(total, offset, rows, cols, stride, height, width)) return PE_ERANGE;
  const char *p = (const char *)data + (size_t)offset * 4;
  const int s = pe_colormap_sample_columns(m, p, dtype, (size_t)rows, (size_t)cols, (size_t)stride, (size_t)height,
                                           (size_t)width, vmin, vmax, rgba, limits, &js.err);
  js.limits[0] = js.limits[1] = 0;
  for (size_t c = 0; !s && c < (size_t)cols; c++) {
    if (!c || limits[2 * c] < js.limits[0]) js.limits[0] = limits[2 * c];
    if (!c || limits[2 * c + 1] > js.limits[1]) js.limits[1] = limits[2 * c + 1];
  }
  return s;
}

/* Compare mode: A - B of two tables of n elements each (posenc.h pe_difference). */
PE_EXPORT int pe_js_difference(const void *a, int a_dtype, const void *b, int b_dtype, double n, float *out) {
  return pe_difference(a, a_dtype, b, b_dtype, (size_t)n, out, &js.err);
}

/* Tensors (c/tensor.c): probe the first bytes, parse a header, check and convert values. */
static pe_tensor_list *tensors;
static double tensor_probe[3];  /* format, bytes the header needs, count of the last raw check */
PE_EXPORT int pe_js_tensor_probe(const uint8_t *p, double n, double total) {
  int format = 0;
  const pe_status s = pe_tensor_probe(p, (size_t)n, total, &format, &tensor_probe[1], &js.err);
  tensor_probe[0] = format;
  return s;
}
PE_EXPORT double pe_js_tensor_probed(int i) { return i >= 0 && i < 3 ? tensor_probe[i] : NAN; }
PE_EXPORT int pe_js_tensor_parse(const uint8_t *p, double n, double total) {
  pe_tensor_list_free(tensors);
  tensors = NULL;
  return pe_tensor_parse(p, (size_t)n, total, &tensors, &js.err);
}
PE_EXPORT int pe_js_tensor_count(void) { return tensors ? tensors->n : 0; }
PE_EXPORT int pe_js_tensor_format(void) { return tensors ? tensors->format : 0; }
#define PE__T(i) (&tensors->t[i])
PE_EXPORT const uint8_t *pe_js_tensor_name(int i) { return tensors->names ? tensors->names + PE__T(i)->name : NULL; }
PE_EXPORT double pe_js_tensor_name_len(int i) { return (double)PE__T(i)->name_len; }
PE_EXPORT int pe_js_tensor_dtype(int i) { return PE__T(i)->dtype; }
PE_EXPORT const char *pe_js_tensor_dtype_text(int i) { return PE__T(i)->dtype_text; }
PE_EXPORT int pe_js_tensor_ndim(int i) { return PE__T(i)->ndim; }
PE_EXPORT double pe_js_tensor_dim(int i, int a) { return (double)PE__T(i)->dims[a]; }
PE_EXPORT double pe_js_tensor_begin(int i) { return PE__T(i)->begin; }
PE_EXPORT double pe_js_tensor_end(int i) { return PE__T(i)->end; }
PE_EXPORT double pe_js_tensor_elements(int i) { return PE__T(i)->count; }
PE_EXPORT int pe_js_tensor_check(int i, double max_bytes) { return pe_tensor_check_entry(PE__T(i), max_bytes, &js.err); }
PE_EXPORT int pe_js_tensor_check_raw(const double *dims, int ndim, int dtype, double nbytes, double max_bytes) {
  int64_t d[PE_TENSOR_MAXDIM];
  if (ndim < 0 || ndim > PE_TENSOR_MAXDIM) {
    js.err = (pe_error){PE_ERANGE, "shape", ndim, 0, PE_TENSOR_MAXDIM, "has too many dimensions"};
    return PE_ERANGE;
  }
  for (int a = 0; a < ndim; a++) {
    if (!(dims[a] >= 0 && dims[a] <= 9007199254740992.0 && dims[a] == floor(dims[a]))) {
      js.err = (pe_error){PE_ERANGE, "shape", dims[a], 0, 9007199254740992.0, "has a dimension that is not a whole number >= 0"};
      return PE_ERANGE;
    }
    d[a] = (int64_t)dims[a];
  }
  pe_status s = pe_tensor_check_raw(d, ndim, dtype, nbytes, &tensor_probe[2], &js.err);
  if (s) return s;
  pe_tensor_entry t = {.dtype = dtype, .count = tensor_probe[2]};
  return pe_tensor_check_entry(&t, max_bytes, &js.err);
}
PE_EXPORT int pe_js_tensor_convert(const uint8_t *src, double nbytes, int dtype, double count, float *dst) {
  return pe_tensor_convert(src, (size_t)nbytes, dtype, count, dst, &js.err);
}

/* GGUF (c/gguf.c): the header size from the first bytes, a parse kept here until the next (its
 * entries are offsets into the bytes JS passed, which JS keeps in the heap while it reads them out),
 * and values read on request. */
static pe_gguf gguf;
PE_EXPORT int pe_js_gguf_header_size(const uint8_t *p, double n, double total) {
  double need;
  pe_gguf_free(&gguf);
  return pe_gguf_header_size(p, (size_t)n, total, &need, &gguf, &js.err);
}
PE_EXPORT int pe_js_gguf_parse(const uint8_t *p, double n, double total) {
  pe_gguf_free(&gguf);
  return pe_gguf_parse(p, (size_t)n, total, &gguf, &js.err);
}
/* 0 version, 1 n_kv, 2 n_tensors, 3 alignment, 4 header bytes, 5 data offset, 6 need, 7 complete */
PE_EXPORT double pe_js_gguf_info(int i) {
  const double v[] = {gguf.version, (double)gguf.n_kv, (double)gguf.n_tensors, gguf.alignment, gguf.header_bytes,
                      gguf.data_offset, gguf.need, gguf.complete};
  return i >= 0 && i < 8 ? v[i] : NAN;
}
/* Pair i: 0 key offset, 1 key length, 2 type, 3 value offset, 4 element type, 5 count */
PE_EXPORT double pe_js_gguf_kv(int i, int f) {
  if (!gguf.kv || i < 0 || (uint64_t)i >= gguf.n_kv) return NAN;
  const pe_gguf_kv *kv = &gguf.kv[i];
  const double v[] = {(double)kv->key, (double)kv->key_len, kv->type, (double)kv->value, kv->elem_type, (double)kv->count};
  return f >= 0 && f < 6 ? v[f] : NAN;
}
/* Tensor i: 0 name offset, 1 name length, 2 ggml type, 3 ndim, 4-7 dims, 8 offset, 9 count, 10 begin, 11 end */
PE_EXPORT double pe_js_gguf_tensor(int i, int f) {
  if (!gguf.t || i < 0 || (uint64_t)i >= gguf.n_tensors) return NAN;
  const pe_gguf_tensor *t = &gguf.t[i];
  if (f >= 4 && f < 8) return f - 4 < t->ndim ? (double)t->dims[f - 4] : NAN;
  const double v[] = {(double)t->name, (double)t->name_len, t->type, t->ndim, 0, 0, 0, 0, t->offset, t->count, t->begin, t->end};
  return f >= 0 && f < 12 ? v[f] : NAN;
}
/* Every tensor's fields at once (12 doubles each, in pe_js_gguf_tensor's order; absent dims NaN):
 * one call for an index of thousands. */
PE_EXPORT void pe_js_gguf_tensors(double *out) {
  for (uint64_t i = 0; gguf.t && i < gguf.n_tensors; i++)
    for (int f = 0; f < 12; f++) out[12 * i + f] = pe_js_gguf_tensor((int)i, f);
}
static double gguf_text_bytes;
PE_EXPORT int pe_js_gguf_strings(const uint8_t *p, double n, double at, double count, uint8_t *text, double *out) {
  return pe_gguf_strings(p, (size_t)n, (size_t)at, (uint64_t)count, text, out, &gguf_text_bytes, &js.err);
}
PE_EXPORT double pe_js_gguf_text_bytes(void) { return gguf_text_bytes; }
PE_EXPORT const char *pe_js_gguf_type_name(int t) { return pe_gguf_type_name(t); }
PE_EXPORT int pe_js_gguf_elements(const uint8_t *p, double n, double at, int type, double count, double *out, int halves) {
  return pe_gguf_elements(p, (size_t)n, (size_t)at, type, (uint64_t)count, out, halves, &js.err);
}

/* Checking (c/check.c). d: n, w, got_off, got_rs, got_cs, want_off, want_rs, want_cs, scale, tol_abs,
 * identity, accumulate, tol_rel, ulp_dtype; stats receives pe_compare_stats' ten numbers in order. */
static pe_compare_stats cmp_stats;
PE_EXPORT int pe_js_compare(const float *got, const float *want, const double *d, const int32_t *colmap, const int32_t *rows,
                            const double *rowpos, const float *rowscale, const float *coltheta, float *colerr, float *rowerr) {
  const pe_compare c = {got, want, (int64_t)d[0], (int64_t)d[1], (int64_t)d[2], (int64_t)d[3], (int64_t)d[4], (int64_t)d[5],
                        (int64_t)d[6], (int64_t)d[7], colmap, rows, rowpos, rowscale, coltheta, d[8], d[9], d[10], d[11] != 0, d[12], (int)d[13]};
  return pe_check_compare(&c, &cmp_stats, colerr, rowerr);
}
PE_EXPORT double pe_js_compare_stat(int i) {
  const double v[] = {cmp_stats.max_abs, cmp_stats.max_rel, cmp_stats.sum, cmp_stats.bad, cmp_stats.first_row,
                      cmp_stats.first_col, cmp_stats.first_got, cmp_stats.first_want, cmp_stats.tol_max, cmp_stats.count};
  return i >= 0 && i < 10 ? v[i] : NAN;
}
PE_EXPORT double pe_js_fit_theta(const float *v, double n, double stride) { return pe_check_fit_theta(v, (int64_t)n, (int64_t)stride); }
PE_EXPORT double pe_js_phase(double c, double s) { return pe_check_phase(c, s); }
PE_EXPORT double pe_js_acos(double x) { return pe_check_acos(x); }
PE_EXPORT int pe_js_rotate(const float *x, double n, int d, const int32_t *partner, const float *theta, const double *rowpos,
                           double scale, float *out) {
  return pe_check_rotate(x, (int64_t)n, d, partner, theta, rowpos, scale, out);
}
PE_EXPORT double pe_js_fit_slope(const float *c, const float *s, double n, double stride) {
  return pe_check_fit_slope(c, s, (int64_t)n, (int64_t)stride);
}
PE_EXPORT void pe_js_row_absmax(const float *x, double n, int d, float *out) { pe_check_row_absmax(x, (int64_t)n, d, out); }
