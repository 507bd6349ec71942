/* libFuzzer harness over the tensor reader (posenc.h, "Tensors"): the input is a file. Checked, for
 * any bytes:
 *   - pe_tensor_probe and pe_tensor_parse return a known status, err.code equal to it and a named
 *     param; parsing fewer bytes than the probe says the header needs is ERANGE naming "bytes";
 *   - a parsed list holds only what the file holds: 0 <= begin <= end <= size, a known dtype's
 *     count * itemsize == end - begin, dims >= 0, names inside the names buffer;
 *   - each readable entry converts into exactly count floats (canaries after them untouched), a
 *     cap below its float32 copy is ENOMEM naming "shape";
 *   - the same bytes as raw values of a shape taken from the input: pe_tensor_check_raw agrees with
 *     the byte count, and the conversion writes exactly count floats;
 *   - the converted values checked against themselves (pe_check_compare): no error but at NaN,
 *     column and row maxima within their arrays; the frequency fits within [0, pi].
 * Build: bash build.sh fuzz  ->  build/fuzz/posenc-fuzz-tensor.
 * Run: POSENC_FUZZ_HARNESS=tensor npm run fuzz -- -max_total_time=N */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "posenc.h"

#define CANARY 16
#define MAX_CONVERT (1 << 20)

#define FUZZ_NAME "posenc-fuzz-tensor"
#include "contract.h"

static void check_err(pe_status s, const pe_error *err, const char *what) {
  CHECK(s == PE_OK || s == PE_EINVAL || s == PE_ERANGE || s == PE_ENOMEM, "%s returned %d", what, (int)s);
  if (s) CHECK(err->code == s && err->param && err->detail, "%s: error record", what);
}

/* The checker (posenc.h, "Checking") over converted values: a table against itself has no error
 * but at NaN, the bound (with the ulp of the file's dtype) stays finite, the maxima land in their
 * arrays only, the fits stay in range. */
static void check_table(const float *v, size_t n, size_t w, int dtype) {
  if (!w || n % w) return;
  const size_t rows = n / w;
  float *colerr = malloc((w + CANARY) * sizeof *colerr), *rowerr = malloc((rows + CANARY) * sizeof *rowerr);
  if (!colerr || !rowerr) { free(colerr); free(rowerr); return; }
  for (size_t i = w; i < w + CANARY; i++) colerr[i] = -3.5f;
  for (size_t i = rows; i < rows + CANARY; i++) rowerr[i] = -3.5f;
  const pe_compare c = {v, v, (int64_t)rows, (int64_t)w, 0, (int64_t)w, 1, 0, (int64_t)w, 1, NULL, NULL, NULL, NULL, NULL, 1, NAN, 0, 0, 0, dtype};
  pe_compare_stats st;
  CHECK(pe_check_compare(&c, &st, colerr, rowerr) == PE_OK, "compare");
  size_t nan = 0;
  for (size_t i = 0; i < n; i++) nan += v[i] != v[i];
  CHECK(st.count == (double)n && st.bad == (double)nan, "compare of a table with itself: %g bad of %g, %zu NaN", st.bad, st.count, nan);
  CHECK(nan ? st.max_abs == INFINITY : st.max_abs == 0, "max %g", st.max_abs);
  CHECK(st.tol_max >= 0 && st.tol_max < INFINITY, "bound %g", st.tol_max);
  for (size_t i = w; i < w + CANARY; i++) CHECK(colerr[i] == -3.5f, "colerr written past %zu", w);
  for (size_t i = rows; i < rows + CANARY; i++) CHECK(rowerr[i] == -3.5f, "rowerr written past %zu", rows);
  if (rows >= 3) {
    const double t = pe_check_fit_theta(v, (int64_t)rows, (int64_t)w);
    CHECK(t != t || (t >= 0 && t <= 3.1415926536), "fit_theta %g", t);
    if (w >= 2) {
      const double sl = pe_check_fit_slope(v, v + 1, (int64_t)rows, (int64_t)w);
      CHECK(sl != sl || fabs(sl) <= 3.1415926536, "fit_slope %g", sl);
    }
  }
  const double a = pe_check_acos(v[0]);
  CHECK(a != a || (a >= 0 && a <= 3.1415926536), "acos(%g) = %g", v[0], a);
  free(colerr);
  free(rowerr);
}

static void convert_checked(const uint8_t *src, size_t nbytes, int dtype, double count, size_t w) {
  if (count > MAX_CONVERT) return;
  const size_t n = (size_t)count;
  float *out = malloc((n + CANARY) * sizeof *out);
  if (!out) return;
  for (size_t i = 0; i < n + CANARY; i++) out[i] = -7.25f;
  pe_error err;
  const pe_status s = pe_tensor_convert(src, nbytes, dtype, count, out, &err);
  CHECK(s == PE_OK, "convert of %zu bytes, dtype %d, count %g: %d %s", nbytes, dtype, count, (int)s, s ? err.param : "");
  for (size_t i = n; i < n + CANARY; i++) CHECK(out[i] == -7.25f, "convert wrote past %zu values", n);
  if (n) check_table(out, n, w, dtype);
  free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pe_error err;
  int format = 0;
  double need = 0;
  const size_t first = size < 16 ? size : 16;
  pe_status s = pe_tensor_probe(data, first, (double)size, &format, &need, &err);
  check_err(s, &err, "pe_tensor_probe");
  if (s == PE_OK) {
    CHECK(format == PE_TENSOR_NPY || format == PE_TENSOR_SAFETENSORS, "format %d", format);
    CHECK(need <= (double)size, "the header needs %g of %zu bytes", need, size);
    if (need > 0) {
      pe_tensor_list *l = (pe_tensor_list *)1;
      s = pe_tensor_parse(data, (size_t)need - 1, (double)size, &l, &err);
      CHECK(s == PE_ERANGE && !strcmp(err.param, "bytes") && l == NULL, "a cut header: %d", (int)s);
    }
  }
  pe_tensor_list *l = NULL;
  s = pe_tensor_parse(data, size, (double)size, &l, &err);
  check_err(s, &err, "pe_tensor_parse");
  CHECK((s == PE_OK) == (l != NULL), "list %p with status %d", (void *)l, (int)s);
  if (l) {
    CHECK(l->format == format, "parse format %d, probe %d", l->format, format);
    for (int i = 0; i < l->n; i++) {
      const pe_tensor_entry *t = &l->t[i];
      CHECK(t->begin >= 0 && t->begin <= t->end && t->end <= (double)size, "entry %d: [%g, %g) of %zu", i, t->begin, t->end, size);
      CHECK(t->ndim >= 0 && t->ndim <= PE_TENSOR_MAXDIM, "ndim %d", t->ndim);
      double count = 1;
      for (int a = 0; a < t->ndim; a++) {
        CHECK(t->dims[a] >= 0, "dim %lld", (long long)t->dims[a]);
        count *= (double)t->dims[a];
      }
      CHECK(count == t->count, "count %g, dims give %g", t->count, count);
      CHECK(t->name_len <= (double)size && (t->name_len == 0 || l->names), "name length %zu", t->name_len);
      const int sz = pe_tensor_dtype_size(t->dtype);
      if (t->dtype >= 0) CHECK(t->count * sz == t->end - t->begin, "entry %d: %g x %d bytes in [%g, %g)", i, t->count, sz, t->begin, t->end);
      s = pe_tensor_check_entry(t, 1e18, &err);
      check_err(s, &err, "pe_tensor_check_entry");
      CHECK((s == PE_OK) == (t->dtype >= 0), "check_entry %d for dtype %d", (int)s, t->dtype);
      if (s == PE_OK) {
        if (t->count > 0) {
          s = pe_tensor_check_entry(t, t->count * 4 - 1, &err);
          CHECK(s == PE_ENOMEM && !strcmp(err.param, "shape"), "a cap below the copy: %d", (int)s);
        }
        convert_checked(data + (size_t)t->begin, (size_t)(t->end - t->begin), t->dtype, t->count,
                        t->ndim ? (size_t)t->dims[t->ndim - 1] : 1);
      }
    }
    pe_tensor_list_free(l);
  }
  /* The bytes as raw values: dtype and a 2-D shape from the first bytes. */
  if (size >= 3) {
    const int dtype = data[0] % 7 - (data[0] % 7 == 6 ? 7 : 0);  /* -1 sometimes */
    const int64_t d0 = data[1], d1 = (int64_t)(data[2] & 0x7f) << (data[2] & 0x80 ? 40 : 0);
    const int64_t dims[2] = {d0, d1};
    double count = -1;
    s = pe_tensor_check_raw(dims, 2, dtype, (double)size, &count, &err);
    check_err(s, &err, "pe_tensor_check_raw");
    const int sz = pe_tensor_dtype_size(dtype);
    CHECK((s == PE_OK) == (sz > 0 && (double)d0 * (double)d1 * sz == (double)size), "raw %lld x %lld of dtype %d, %zu bytes: %d",
          (long long)d0, (long long)d1, dtype, size, (int)s);
    if (s == PE_OK) convert_checked(data, size, dtype, count, (size_t)d1);
  }
  return 0;
}
