/* The flat interface the JS wrapper (web/posenc.js) calls: one request at a time, scalars and heap
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
 * re-creates its views whenever memory.buffer changes, so there is nothing to tell, and defining
 * it here leaves the module without imports: V8 (Node 20) compiles a wrapper for an imported
 * function inside new WebAssembly.Module. posenc's Module took 3.0-4.1 ms with the import and
 * 1.1-1.7 ms without (one-off, 7 fresh processes each); npm run bench's load() 4.5-6.5 -> 2.4-2.8. */
void emscripten_notify_memory_growth(size_t memory_index) { (void)memory_index; }
#endif

static pe_request js_rq;
static pe_shape js_sh;
static pe_error js_err;
static pe_info js_info;

/* Registry, read once by JS into the frozen `kinds`. */
PE_EXPORT int pe_js_kind_count(void) { return pe_kind_count(); }
PE_EXPORT const char *pe_js_kind_name(int k) { return pe_kind_at(k)->name; }
PE_EXPORT const char *pe_js_kind_title(int k) { return pe_kind_at(k)->title; }
PE_EXPORT int pe_js_kind_dtype(int k) { return pe_kind_at(k)->dtype; }
PE_EXPORT const char *pe_js_kind_axes(int k) { return pe_kind_at(k)->axes; }
PE_EXPORT int pe_js_kind_flags(int k) { return pe_kind_at(k)->flags; }
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

/* One request: begin, set, prepare (validate + shape), compute into a heap buffer. */
PE_EXPORT int pe_js_begin(int k) { return pe_request_init(&js_rq, k); }
PE_EXPORT int pe_js_set(int i, double v) { return pe_set(&js_rq, i, v); }
PE_EXPORT int pe_js_set_array(int i, const float *p, int n) { return pe_set_array(&js_rq, i, p, n); }
PE_EXPORT int pe_js_set_iarray(int i, const double *p, int n) { return pe_set_iarray(&js_rq, i, p, n); }
PE_EXPORT int pe_js_set_string(int i, const char *p, int n) { return pe_set_string(&js_rq, i, p, n); }
PE_EXPORT int pe_js_prepare(void) { return pe_prepare(&js_rq, &js_sh, &js_err); }
PE_EXPORT int pe_js_ndim(void) { return js_sh.ndim; }
PE_EXPORT double pe_js_dim(int a) { return (double)js_sh.dims[a]; }
PE_EXPORT double pe_js_count(void) { return (double)js_sh.count; }
PE_EXPORT int pe_js_size_param(void) { return pe__size_param(js_rq.kind, &js_sh); }  /* index: too large names it */
PE_EXPORT int pe_js_compute(void *out, double count) {
  return pe_compute(&js_rq, out, count > 0 ? (size_t)count : 0, &js_info, &js_err);
}

PE_EXPORT const char *pe_js_err_param(void) { return js_err.param; }
PE_EXPORT double pe_js_err_value(void) { return js_err.value; }
PE_EXPORT double pe_js_err_min(void) { return js_err.min; }
PE_EXPORT double pe_js_err_max(void) { return js_err.max; }
PE_EXPORT const char *pe_js_err_detail(void) { return js_err.detail; }

PE_EXPORT int pe_js_info_count(void) { return js_info.n; }
PE_EXPORT const char *pe_js_info_name(int i) { return js_info.name[i]; }
PE_EXPORT double pe_js_info_value(int i) { return js_info.value[i]; }

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

static pe_range js_range;
static double js_limits[2];

static int js_plane(double total, double offset, double count) {
  const char *param = NULL, *detail = NULL;
  double value = offset, max = total;
  if (!(offset >= 0 && offset <= total && offset == floor(offset)))
    param = "offset", detail = "is not an element index of the table";
  else if (!(count >= 0 && count <= total - offset && count == floor(count)))
    param = "count", value = count, max = total - offset, detail = "runs past the end of the table";
  if (!param) return PE_OK;
  js_err = (pe_error){PE_ERANGE, param, value, 0, max, detail};
  return PE_ERANGE;
}

PE_EXPORT int pe_js_range(int m, const void *data, int dtype, double total, double offset, double count) {
  if (js_plane(total, offset, count)) return PE_ERANGE;
  const char *p = (const char *)data + (size_t)offset * 4;
  return pe_range_of(m, p, dtype, (size_t)count, &js_range, &js_err);
}
/* 0 min, 1 max, 2 lo, 3 hi, 4 finite, 5 NaN, 6 -Infinity, 7 +Infinity */
PE_EXPORT double pe_js_range_get(int i) {
  const pe_range *r = &js_range;
  const double v[] = {r->min, r->max, r->lo, r->hi, (double)r->finite, (double)r->nan, (double)r->neg_inf,
                      (double)r->pos_inf};
  return i >= 0 && i < 8 ? v[i] : NAN;
}

PE_EXPORT int pe_js_colormap(int m, const void *data, int dtype, double total, double offset, double count,
                             double vmin, double vmax, uint8_t *rgba) {
  if (js_plane(total, offset, count)) return PE_ERANGE;
  const char *p = (const char *)data + (size_t)offset * 4;
  return pe_colormap_apply(m, p, dtype, (size_t)count, vmin, vmax, rgba, js_limits, &js_err);
}
PE_EXPORT double pe_js_colormap_limit(int i) { return js_limits[i & 1]; }

/* A [rows, cols] plane (from offset, rows stride apart) into a [height, width] image. Sizes come as
 * doubles: each must be a whole number >= 0 and the plane must lie within the table of total elements. */
PE_EXPORT int pe_js_colormap_sample(int m, const void *data, int dtype, double total, double offset, double rows,
                                    double cols, double stride, double height, double width, double vmin, double vmax,
                                    uint8_t *rgba) {
  static const char *const names[] = {"rows", "cols", "stride", "height", "width"};
  const double sizes[] = {rows, cols, stride, height, width};
  for (int i = 0; i < 5; i++) {
    if (sizes[i] >= 0 && sizes[i] == floor(sizes[i]) && sizes[i] <= PE_SAMPLE_SIDE) continue;
    js_err = (pe_error){PE_ERANGE, names[i], sizes[i], 0, PE_SAMPLE_SIDE, "is not a whole number in the range"};
    return PE_ERANGE;
  }
  const double span = rows > 0 && cols > 0 ? (rows - 1) * stride + cols : 0;
  if (js_plane(total, offset, 0)) return PE_ERANGE;
  if (span > total - offset) {
    js_err = (pe_error){PE_ERANGE, "rows", rows, 0, stride > 0 ? floor((total - offset - cols) / stride) + 1 : 0,
                        "runs past the end of the table"};
    return PE_ERANGE;
  }
  const char *p = (const char *)data + (size_t)offset * 4;
  return pe_colormap_sample(m, p, dtype, (size_t)rows, (size_t)cols, (size_t)stride, (size_t)height, (size_t)width, vmin,
                            vmax, rgba, js_limits, &js_err);
}
