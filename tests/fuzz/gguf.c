/* libFuzzer harness over the GGUF reader (posenc.h, "GGUF"): the input is a file. Checked, for any
 * bytes:
 *   - pe_gguf_header_size and pe_gguf_parse return a known status, err.code equal to it, a named
 *     param and a detail; the header size of the whole file refuses what the parse refuses (same
 *     code and param), and a parse of its first header_bytes - 1 bytes is ERANGE naming "bytes";
 *   - on a prefix, the header size is a lower bound: above the prefix, within the file, and never
 *     past the exact header size; once the prefix holds the header, it is that size;
 *   - a parsed index holds only what the file holds: keys and names inside the header, each value
 *     read back by pe_gguf_elements (nested arrays too, to the depth cap), string arrays gathered
 *     for one decode by pe_gguf_strings at the same offsets (UTF-16 offsets running on), each
 *     tensor's dims multiplying to its count, ne[0] a multiple of its block, nbytes from ggml's
 *     table, its data aligned and inside the file; F32/F16/BF16 tensors convert into exactly count
 *     floats;
 *   - with the file's size unknown (INFINITY), the size walk finds the same header, or asks for more
 *     bytes than there are;
 *   - pe_gguf_elements at offsets and types taken from the input never reads past the bytes.
 * Build: bash build.sh fuzz  ->  build/fuzz/posenc-fuzz-gguf.
 * Run: POSENC_FUZZ_HARNESS=gguf npm run fuzz -- -max_total_time=N */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "posenc.h"

#define CANARY 16
#define MAX_CONVERT (1 << 20)

#define FUZZ_NAME "posenc-fuzz-gguf"
#include "contract.h"

static void check_err(pe_status s, const pe_error *err, const char *what) {
  CHECK(s == PE_OK || s == PE_EINVAL || s == PE_ERANGE || s == PE_ENOMEM, "%s returned %d", what, (int)s);
  if (s) CHECK(err->code == s && err->param && err->detail && err->detail[0], "%s: error record", what);
}

/* count values of type at `at`, then each nested array's values, to the depth cap. */
static void read_values(const uint8_t *p, size_t n, size_t at, int type, uint64_t count, int depth) {
  CHECK(depth <= PE_GGUF_DEPTH_MAX, "nested %d deep", depth);
  CHECK(count <= n, "%llu values in %zu bytes", (unsigned long long)count, n);
  const size_t per = type == PE_GGUF_ARRAY ? 3 : 2;
  double *out = malloc(((size_t)count * per + CANARY) * sizeof *out);
  if (!out) return;
  for (size_t i = (size_t)count * per; i < (size_t)count * per + CANARY; i++) out[i] = -7.25;
  pe_error err;
  const pe_status s = pe_gguf_elements(p, n, at, type, count, out, 1, &err);
  CHECK(s == PE_OK, "the values of a parsed header read back: %d %s", (int)s, s ? err.detail : "");
  for (size_t i = (size_t)count * per; i < (size_t)count * per + CANARY; i++) CHECK(out[i] == -7.25, "elements wrote past %llu", (unsigned long long)count);
  if (type == PE_GGUF_STRING) {
    double *sv = malloc(((size_t)count * 4 + 1) * sizeof *sv), bytes = -1;
    uint8_t *text = malloc(n - at + 1);
    if (sv && text) {
      const pe_status ss = pe_gguf_strings(p, n, at, count, text, sv, &bytes, &err);
      CHECK(ss == PE_OK, "the strings of a parsed header gather: %d", (int)ss);
      double units = 0, gathered = 0;
      for (uint64_t j = 0; j < count; j++) {
        CHECK(sv[4 * j + 2] == out[2 * j] && sv[4 * j + 3] == out[2 * j + 1], "string %llu: offsets differ", (unsigned long long)j);
        if (sv[4 * j] >= 0) {
          CHECK(sv[4 * j] == units && sv[4 * j + 1] <= sv[4 * j + 3] && sv[4 * j + 1] * 3 >= sv[4 * j + 3], "string %llu: %g units of %g bytes",
                (unsigned long long)j, sv[4 * j + 1], sv[4 * j + 3]);
          CHECK(!memcmp(text + (size_t)gathered, p + (size_t)sv[4 * j + 2], (size_t)sv[4 * j + 3]), "string %llu gathered wrong", (unsigned long long)j);
          units += sv[4 * j + 1], gathered += sv[4 * j + 3];
        }
      }
      CHECK(bytes == gathered && bytes <= (double)(n - at), "gathered %g bytes, counted %g", bytes, gathered);
    }
    free(sv);
    free(text);
  }
  for (uint64_t j = 0; j < count; j++) {
    if (type == PE_GGUF_STRING) {
      CHECK(out[2 * j] >= (double)at && out[2 * j] + out[2 * j + 1] <= (double)n, "string [%g, +%g) of %zu", out[2 * j], out[2 * j + 1], n);
    } else if (type == PE_GGUF_ARRAY) {
      CHECK(out[3 * j] >= 0 && out[3 * j] <= PE_GGUF_FLOAT64 && out[3 * j + 2] <= (double)n, "array %g x %g at %g", out[3 * j], out[3 * j + 1], out[3 * j + 2]);
      read_values(p, n, (size_t)out[3 * j + 2], (int)out[3 * j], (uint64_t)out[3 * j + 1], depth + 1);
    }
  }
  free(out);
}

static void convert_checked(const uint8_t *src, size_t nbytes, int dtype, double count) {
  if (count > MAX_CONVERT) return;
  const size_t n = (size_t)count;
  float *out = malloc((n + CANARY) * sizeof *out);
  if (!out) return;
  for (size_t i = 0; i < n + CANARY; i++) out[i] = -7.25f;
  pe_error err;
  const pe_status s = pe_tensor_convert(src, nbytes, dtype, count, out, &err);
  CHECK(s == PE_OK, "convert of %zu bytes, dtype %d, count %g: %d", nbytes, dtype, count, (int)s);
  for (size_t i = n; i < n + CANARY; i++) CHECK(out[i] == -7.25f, "convert wrote past %zu values", n);
  free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pe_error err, perr;
  pe_gguf g, probe;
  double need = -1;
  const pe_status hs = pe_gguf_header_size(data, size, (double)size, &need, &probe, &err);
  check_err(hs, &err, "pe_gguf_header_size");
  if (hs == PE_OK) CHECK(probe.complete && need == probe.header_bytes && need <= (double)size, "whole file: need %g of %zu", need, size);
  const pe_status ps = pe_gguf_parse(data, size, (double)size, &g, &perr);
  check_err(ps, &perr, "pe_gguf_parse");
  if (hs != PE_OK) {
    CHECK(ps == hs && !strcmp(err.param, perr.param), "header size refused (%d %s), parse gave %d %s", (int)hs, err.param, (int)ps,
          ps ? perr.param : "");
  } else if (ps != PE_OK) {
    CHECK(!strcmp(perr.param, "tensor") || !strcmp(perr.param, "key") || ps == PE_ENOMEM,
          "a header the size walk accepts is refused for %s (%s)", perr.param, perr.detail);
  }
  if (ps == PE_OK) {
    CHECK(g.complete && g.header_bytes == need, "parse header %g, size walk %g", g.header_bytes, need);
    CHECK(g.alignment && !(g.alignment & (g.alignment - 1)), "alignment %u", g.alignment);
    CHECK(g.data_offset >= g.header_bytes && g.data_offset < g.header_bytes + g.alignment && fmod(g.data_offset, g.alignment) == 0,
          "data offset %g for header %g, alignment %u", g.data_offset, g.header_bytes, g.alignment);
    CHECK(g.version == 2 || g.version == 3, "version %u", g.version);
    const size_t hb = (size_t)g.header_bytes;
    for (uint64_t i = 0; i < g.n_kv; i++) {
      const pe_gguf_kv *kv = &g.kv[i];
      CHECK(kv->key >= 24 && kv->key + kv->key_len <= hb && kv->value <= hb, "kv %llu outside the header", (unsigned long long)i);
      CHECK(kv->type >= 0 && kv->type <= PE_GGUF_FLOAT64, "type %d", kv->type);
      if (kv->type == PE_GGUF_ARRAY) read_values(data, hb, kv->value, kv->elem_type, kv->count, 1);
      else read_values(data, hb, kv->value, kv->type, 1, 0);
    }
    for (uint64_t i = 0; i < g.n_tensors; i++) {
      const pe_gguf_tensor *t = &g.t[i];
      CHECK(t->name + t->name_len <= hb, "name outside the header");
      CHECK(t->ndim >= 1 && t->ndim <= PE_GGUF_MAXDIM, "ndim %d", t->ndim);
      int size_b = 0;
      const int blck = pe_gguf_type_block(t->type, &size_b);
      CHECK(blck > 0 && pe_gguf_type_name(t->type), "type %d", t->type);
      double count = 1;
      for (int a = 0; a < t->ndim; a++) {
        CHECK(t->dims[a] >= 0, "dim %lld", (long long)t->dims[a]);
        count *= (double)t->dims[a];
      }
      CHECK(count == t->count && t->dims[0] % blck == 0, "count %g of dims %g, ne[0] %lld, block %d", t->count, count, (long long)t->dims[0], blck);
      CHECK(t->nbytes == t->count / blck * size_b, "bytes %g for %g of type %d", t->nbytes, t->count, t->type);
      CHECK(t->begin == g.data_offset + t->offset && fmod(t->offset, g.alignment) == 0, "offset %g", t->offset);
      CHECK(t->begin <= t->end && t->end <= (double)size && t->end - t->begin == t->nbytes, "data [%g, %g) of %zu", t->begin, t->end, size);
      const int dt = t->type == 0 ? PE_TENSOR_F32 : t->type == 1 ? PE_TENSOR_F16 : t->type == 30 ? PE_TENSOR_BF16 : -1;
      if (dt >= 0) convert_checked(data + (size_t)t->begin, (size_t)t->nbytes, dt, t->count);
    }
    /* the header's bytes only, one short: the parse needs them all */
    pe_gguf cut;
    const pe_status cs = pe_gguf_parse(data, hb - 1, (double)size, &cut, &err);
    CHECK(cs == PE_ERANGE && !strcmp(err.param, "bytes") && cut.need <= g.header_bytes && cut.need > (double)(hb - 1),
          "a cut header: %d %s, need %g of %g", (int)cs, cs ? err.param : "", cut.need, g.header_bytes);
    pe_gguf_free(&cut);
    pe_gguf_free(&g);
  }
  /* prefixes: the size walk's answer is a lower bound within the file, exact once the header is there */
  if (size) {
    const size_t k = data[size - 1] % (size + 1);
    double pneed = -1;
    const pe_status s = pe_gguf_header_size(data, k, (double)size, &pneed, &probe, &err);
    check_err(s, &err, "pe_gguf_header_size on a prefix");
    if (s == PE_OK && !probe.complete) CHECK(pneed > (double)k && pneed <= (double)size, "prefix %zu of %zu: need %g", k, size, pneed);
    if (s == PE_OK && hs == PE_OK) CHECK(pneed <= need && (probe.complete ? pneed == need : 1), "prefix %zu: need %g, header %g", k, pneed, need);
  }
  /* the file's size unknown: the same header, or a lower bound past these bytes */
  {
    double uneed = -1;
    const pe_status s = pe_gguf_header_size(data, size, INFINITY, &uneed, &probe, &err);
    check_err(s, &err, "pe_gguf_header_size, size unknown");
    if (s == PE_OK && !probe.complete) CHECK(uneed > (double)size, "size unknown: need %g of %zu bytes", uneed, size);
    if (hs == PE_OK) CHECK(s == PE_OK && probe.complete && uneed == need, "size unknown: %d, need %g; known: %g", (int)s, uneed, need);
  }
  /* elements at offsets and types from the input: within the bytes, whatever they are */
  if (size >= 6) {
    const size_t at = data[0] % size;
    const int type = data[1] % 14;
    const uint64_t count = data[2] | (uint64_t)(data[3] & 7) << 8;
    double *out = malloc((count * 3 + 1) * sizeof *out);
    if (out) {
      const pe_status s = pe_gguf_elements(data, size, at, type, count, out, data[4] & 1, &err);
      check_err(s, &err, "pe_gguf_elements");
      free(out);
    }
  }
  return 0;
}
