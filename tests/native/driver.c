/* posenc-native: runs requests through the public C API (posenc.h) for tests/native/native.test.js, built
 * with -fsanitize=address,undefined by `bash build.sh native`.
 *
 *   posenc-native CASES RESULTS
 *   posenc-native colormap-sample       (tests/native/colormap_sample.c)
 *
 * CASES holds whitespace-separated requests, one per line by convention:
 *     kind cap n  then n entries  "index v number"  or  "index T len number..."  (T: a float32,
 *     i int[] as doubles, j int[] as int32)  or  "index s len hex" (the bytes of a string; "-" for none)
 * numbers as strtod reads them (NaN and Infinity included); cap is pe_set_max_bytes; an unknown kind
 * is sent as kind -1 so that pe_prepare rejects it. RESULTS starts with "registry count (name
 * nparams)..." and has one line per request:
 *     STATUS param                     on failure (param "set" when pe_set refused the index/type)
 *     OK - ndim dims.. ninfo (name value).. count hex..   on success, elements as 32-bit hex words
 * Each successful request is also computed into a buffer one element short (must fail with ERANGE
 * "out" without writing) and twice (the results must be identical); every request also goes through
 * pe_compute_alloc, which must agree with pe_prepare + pe_compute (status, parameter, shape, info,
 * output), allocate nothing on failure, and refuse a per-call cap one byte short of the output with
 * ENOMEM while pe_max_bytes() stays as set. Violations go to stderr and make the exit status 1, as
 * does any sanitizer finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "posenc.h"

static int failures = 0;

static void complain(long line, const char *what) {
  fprintf(stderr, "posenc-native: case %ld: %s\n", line, what);
  failures++;
}

static int read_token(FILE *f, char *buf, size_t size) {
  char fmt[16];
  snprintf(fmt, sizeof fmt, "%%%zus", size - 1);
  return fscanf(f, fmt, buf) == 1;
}

static int read_number(FILE *f, double *x) {
  char buf[64], *end;
  if (!read_token(f, buf, sizeof buf)) return 0;
  *x = strtod(buf, &end);
  return *end == 0;
}

/* An "a", "i" or "j" entry's length *len and its numbers, into a new float32, double or int32 array
 * *data (NULL when empty, which the setters take with len 0); 0 on malformed input. */
static int read_numbers(FILE *in, char tag, double *len, void **data) {
  const size_t size = tag == 'a' ? sizeof(float) : tag == 'i' ? sizeof(double) : sizeof(int32_t);
  double x;
  *data = NULL;
  if (!read_number(in, len) || *len < 0 || *len > 1e8) return 0;
  char *a = *len > 0 ? malloc((size_t)*len * size) : NULL;
  if (*len > 0 && !a) return 0;
  for (int32_t k = 0; k < (int32_t)*len; k++) {
    if (!read_number(in, &x)) {
      free(a);
      return 0;
    }
    if (tag == 'a') ((float *)a)[k] = (float)x;
    else if (tag == 'i') ((double *)a)[k] = x;
    else ((int32_t *)a)[k] = (int32_t)x;
  }
  *data = a;
  return 1;
}

/* pe_compute_alloc against pe_prepare's outcome (status s, shape *sh, error *perr) and pe_compute. */
static void check_alloc(const pe_request *rq, pe_status s, const pe_shape *sh, const pe_error *perr, long line) {
  pe_shape ash, only;
  pe_error err;
  pe_info info, cinfo;
  void *t = (void *)&err;  /* must come back NULL on failure */
  pe_status a = pe_compute_alloc(rq, -1, &t, &ash, &info, &err);
  if (a != s) {
    complain(line, "pe_compute_alloc's status differs from pe_prepare's");
  } else if (a != PE_OK) {
    if (t) complain(line, "pe_compute_alloc failed and left *out set");
    if (strcmp(err.param, perr->param)) complain(line, "pe_compute_alloc names another parameter than pe_prepare");
    if (pe_compute_alloc(rq, NAN, NULL, &only, NULL, &err) != s) complain(line, "pe_compute_alloc(out NULL) differs");
  } else {
    size_t count = (size_t)sh->count;
    if (ash.ndim != sh->ndim || ash.count != sh->count || memcmp(ash.dims, sh->dims, sizeof ash.dims))
      complain(line, "pe_compute_alloc's shape differs from pe_prepare's");
    if ((count == 0) != (t == NULL)) complain(line, "pe_compute_alloc: a table for an empty output, or none for a full one");
    uint32_t *c = count ? malloc(count * 4) : NULL;
    if (pe_compute(rq, c, count, &cinfo, &err) != PE_OK || (count && memcmp(c, t, count * 4)))
      complain(line, "pe_compute_alloc's table differs from pe_compute's");
    else if (info.n != cinfo.n || memcmp(info.value, cinfo.value, sizeof(double) * (size_t)info.n))
      complain(line, "pe_compute_alloc's info differs from pe_compute's");
    free(c);
    free(t);
    if (pe_compute_alloc(rq, NAN, NULL, &only, NULL, &err) != PE_OK || only.count != sh->count)
      complain(line, "pe_compute_alloc(out NULL) does not give the shape");
    if (count) {
      double before = pe_max_bytes();
      t = (void *)&err;
      if (pe_compute_alloc(rq, (double)count * 4 - 1, &t, NULL, NULL, &err) != PE_ENOMEM || t ||
          err.max != (double)count * 4 - 1 || pe_max_bytes() != before)
        complain(line, "a per-call cap one byte short was not refused with ENOMEM (or changed pe_max_bytes)");
    }
  }
}

/* One request: returns 0 at end of input, -1 on malformed input, 1 otherwise. */
static int run_case(FILE *in, FILE *out, long line) {
  char kind_name[64];
  double cap, n, idx, x, len;
  if (!read_token(in, kind_name, sizeof kind_name)) return 0;
  if (!read_number(in, &cap) || !read_number(in, &n) || n < 0 || n > PE_MAX_PARAMS) return -1;

  pe_request rq;
  void *arrays[PE_MAX_PARAMS] = {0};
  int narrays = 0, set_failed = 0, kind = pe_kind_find(kind_name);
  if (pe_request_init(&rq, kind) != PE_OK) {
    memset(&rq, 0, sizeof rq);
    rq.kind = -1;
  }
  for (int e = 0; e < (int)n; e++) {
    char tag[4];
    if (!read_number(in, &idx) || !read_token(in, tag, sizeof tag)) return -1;
    if (!strcmp(tag, "v")) {
      if (!read_number(in, &x)) return -1;
      if (pe_set(&rq, (int)idx, x) != PE_OK) set_failed = 1;
    } else if (!strcmp(tag, "a") || !strcmp(tag, "i") || !strcmp(tag, "j")) {
      void *a;
      if (!read_numbers(in, tag[0], &len, &a)) return -1;
      arrays[narrays++] = a;
      const int32_t m = (int32_t)len;
      const pe_status r = tag[0] == 'a' ? pe_set_array(&rq, (int)idx, a, m)
                          : tag[0] == 'i' ? pe_set_iarray(&rq, (int)idx, a, m) : pe_set_iarray32(&rq, (int)idx, a, m);
      if (r != PE_OK) set_failed = 1;
    } else if (!strcmp(tag, "s")) {
      if (!read_number(in, &len) || len < 0 || len > 1e8) return -1;
      char *a = malloc(len > 0 ? (size_t)len : 1);  /* exactly len bytes: ASan sees a read past them */
      if (!a) return -1;
      arrays[narrays++] = a;
      if (len == 0) {
        char dash[4];
        if (!read_token(in, dash, sizeof dash)) return -1;
      }
      for (int32_t k = 0; k < (int32_t)len; k++) {
        unsigned byte;
        if (fscanf(in, k ? "%2x" : " %2x", &byte) != 1) return -1;
        a[k] = (char)byte;
      }
      if (pe_set_string(&rq, (int)idx, a, (int32_t)len) != PE_OK) set_failed = 1;
    } else {
      return -1;
    }
  }

  pe_set_max_bytes(cap);
  pe_shape sh;
  pe_error err;
  pe_info info;
  pe_status s = set_failed ? PE_EINVAL : pe_prepare(&rq, &sh, &err);
  if (!set_failed) check_alloc(&rq, s, &sh, &err, line);
  if (set_failed) {
    fprintf(out, "EINVAL set\n");
  } else if (s != PE_OK) {
    fprintf(out, "%s %s\n", pe_status_name(s), err.param ? err.param : "(null)");
  } else {
    size_t count = (size_t)sh.count;
    uint32_t *a = count ? malloc(count * 4) : NULL, *b = count ? malloc(count * 4) : NULL;
    if (count && (!a || !b)) {
      fprintf(out, "ENOMEM malloc\n");
    } else if ((s = pe_compute(&rq, a, count, NULL, &err)) != PE_OK) {
      /* pe_prepare accepted what pe_compute refused: report it like a failure */
      fprintf(out, "%s %s\n", pe_status_name(s), err.param ? err.param : "(null)");
    } else {
      if (pe_compute(&rq, b, count, &info, &err) != PE_OK || (count && memcmp(a, b, count * 4)))
        complain(line, "a second pe_compute differs from the first");
      if (count) {
        uint32_t *c = malloc((count - 1) * 4 + 1);  /* one element short */
        if (pe_compute(&rq, c, count - 1, NULL, &err) != PE_ERANGE || strcmp(err.param, "out"))
          complain(line, "a buffer one element short was not refused with ERANGE 'out'");
        free(c);
      }
      fprintf(out, "OK - %d", sh.ndim);
      for (int d = 0; d < sh.ndim; d++) fprintf(out, " %lld", (long long)sh.dims[d]);
      fprintf(out, " %d", info.n);
      for (int i = 0; i < info.n; i++) fprintf(out, " %s %.17g", info.name[i], info.value[i]);
      fprintf(out, " %zu", count);
      for (size_t i = 0; i < count; i++) fprintf(out, " %08x", (unsigned)a[i]);
      fputc('\n', out);
    }
    free(a);
    free(b);
  }
  for (int k = 0; k < narrays; k++) free(arrays[k]);
  return 1;
}

int pe_native_colormap_sample(void);  /* colormap_sample.c */

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "colormap-sample")) return pe_native_colormap_sample();
  if (argc != 3) {
    fprintf(stderr, "usage: posenc-native CASES RESULTS\n");
    return 2;
  }
  FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "w");
  if (!in || !out) {
    perror("posenc-native");
    return 2;
  }
  fprintf(out, "registry %d", pe_kind_count());
  for (int k = 0; k < pe_kind_count(); k++) fprintf(out, " %s %d", pe_kind_at(k)->name, pe_kind_at(k)->nparams);
  fputc('\n', out);
  long line = 0;
  int r;
  while ((r = run_case(in, out, ++line)) == 1) {}
  if (r < 0) {
    fprintf(stderr, "posenc-native: malformed case %ld\n", line);
    return 2;
  }
  fclose(in);
  if (fclose(out)) {
    perror("posenc-native");
    return 2;
  }
  return failures ? 1 : 0;
}
