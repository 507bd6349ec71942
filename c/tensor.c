/* Reading a user's tensor: .npy and .safetensors headers, and little-endian values of six dtypes
 * converted to float32 (posenc.h, "Tensors"). Every size a header claims is checked against the
 * bytes that are there before anything is allocated for it. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#define NPY_HEADER_MAX (1 << 20)          /* numpy's own headers are a few hundred bytes */
#define ST_HEADER_MAX 100000000.0         /* the safetensors format's cap on its JSON header */
#define MAX_COUNT 9007199254740992.0      /* 2^53: elements, bytes and offsets stay exact in a double */

static const char *const dt_names[] = {"float64", "float32", "float16", "bfloat16", "int64", "int32"};
static const int dt_sizes[] = {8, 4, 2, 2, 8, 4};

const char *pe_tensor_dtype_name(int dtype) { return dtype >= 0 && dtype < 6 ? dt_names[dtype] : "unknown"; }
int pe_tensor_dtype_size(int dtype) { return dtype >= 0 && dtype < 6 ? dt_sizes[dtype] : 0; }
int pe_tensor_dtype_find(const char *name) {
  for (int d = 0; name && d < 6; d++)
    if (!strcmp(dt_names[d], name)) return d;
  return -1;
}

static pe_status fail(pe_error *err, pe_status code, const char *param, double value, double min, double max,
                      const char *detail) {
  *err = (pe_error){code, param, value, min, max, detail};
  return code;
}

/* ---- float16 and bfloat16 bits ---- */

static uint32_t bits_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float float_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

float pe__from_f16(uint16_t h) {
  const uint32_t sign = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 31, m = h & 1023;
  if (e == 31) return float_of(sign | 0x7f800000u | m << 13);
  if (e) return float_of(sign | (e + 112) << 23 | m << 13);
  return (sign ? -1.0f : 1.0f) * (float)m * 5.9604644775390625e-8f;  /* subnormal: m 2^-24 */
}

float pe__from_bf16(uint16_t b) { return float_of((uint32_t)b << 16); }

/* Round to nearest, ties to even, as torch's .to(bfloat16) does (NaN stays NaN). */
uint16_t pe__to_bf16(float f) {
  const uint32_t u = bits_of(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (uint16_t)(u >> 16 | 0x40);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1)) >> 16);
}

uint16_t pe__to_f16(float f) {
  const uint32_t u = bits_of(f), sign = (u >> 16) & 0x8000, a = u & 0x7fffffffu;
  if (a > 0x7f800000u) return (uint16_t)(sign | 0x7e00);
  if (a >= 0x477ff000u) return (uint16_t)(sign | 0x7c00);   /* rounds past 65504: infinity */
  if (a < 0x38800000u) {                                     /* below 2^-14: subnormal or zero */
    const double q = (double)float_of(a) * 16777216.0;       /* in units of 2^-24, exact */
    double r = floor(q);
    const double d = q - r;
    if (d > 0.5 || (d == 0.5 && ((uint64_t)r & 1))) r += 1;
    return (uint16_t)(sign | (uint32_t)r);
  }
  const uint32_t m = a + 0xfffu + ((a >> 13) & 1) - (112u << 23);
  return (uint16_t)(sign | m >> 13);
}

float pe__round_dtype(float f, int dtype) {
  if (dtype == PE_TENSOR_BF16) return pe__from_bf16(pe__to_bf16(f));
  if (dtype == PE_TENSOR_F16) return pe__from_f16(pe__to_f16(f));
  return f;
}

/* ---- values ---- */

static uint64_t le(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

pe_status pe_tensor_convert(const uint8_t *src, size_t nbytes, int dtype, double count, float *dst, pe_error *err) {
  const int size = pe_tensor_dtype_size(dtype);
  if (!size) return fail(err, PE_EINVAL, "dtype", dtype, 0, 5, "is not one of float64, float32, float16, bfloat16, int64, int32");
  if (!(count >= 0 && count <= MAX_COUNT && count == floor(count)))
    return fail(err, PE_ERANGE, "shape", count, 0, MAX_COUNT, "gives an element count that is not a whole number up to 2^53");
  if (count * size != (double)nbytes)
    return fail(err, PE_ERANGE, "shape", count, (double)nbytes / size, (double)nbytes / size,
                "needs count * itemsize bytes, which is not the number of bytes given");
  const size_t n = (size_t)count;
  for (size_t i = 0; i < n; i++) {
    const uint8_t *p = src + i * size;
    switch (dtype) {  /* per element: the dtype is the file's, not a kind */
      case PE_TENSOR_F64: { const uint64_t u = le(p, 8); double d; memcpy(&d, &u, 8); dst[i] = (float)d; break; }
      case PE_TENSOR_F32: dst[i] = float_of((uint32_t)le(p, 4)); break;
      case PE_TENSOR_F16: dst[i] = pe__from_f16((uint16_t)le(p, 2)); break;
      case PE_TENSOR_BF16: dst[i] = pe__from_bf16((uint16_t)le(p, 2)); break;
      case PE_TENSOR_I64: dst[i] = (float)(int64_t)le(p, 8); break;
      default: dst[i] = (float)(int32_t)le(p, 4); break;
    }
  }
  return PE_OK;
}

/* The element count of a shape, refused when a dimension or the product is not a count of bytes the
 * file could hold (the product is checked before it can overflow). */
static pe_status count_of(const int64_t *dims, int ndim, int dtype, double *count, pe_error *err) {
  double c = 1;
  for (int a = 0; a < ndim; a++) {
    if (dims[a] < 0) return fail(err, PE_ERANGE, "shape", (double)dims[a], 0, MAX_COUNT, "has a negative dimension");
    if (dims[a] > 0 && c > MAX_COUNT / (double)dims[a] / (dtype >= 0 ? dt_sizes[dtype] : 1))
      return fail(err, PE_ERANGE, "shape", (double)dims[a], 0, MAX_COUNT, "multiplies out past 2^53 bytes");
    c *= (double)dims[a];
  }
  *count = c;
  return PE_OK;
}

pe_status pe_tensor_check_raw(const int64_t *dims, int ndim, int dtype, double nbytes, double *count, pe_error *err) {
  if (!pe_tensor_dtype_size(dtype)) return fail(err, PE_EINVAL, "dtype", dtype, 0, 5, "is not one of float64, float32, float16, bfloat16, int64, int32");
  if (ndim < 0 || ndim > PE_TENSOR_MAXDIM) return fail(err, PE_ERANGE, "shape", ndim, 0, PE_TENSOR_MAXDIM, "has too many dimensions");
  pe_status s = count_of(dims, ndim, dtype, count, err);
  if (s) return s;
  if (*count * dt_sizes[dtype] != nbytes)
    return fail(err, PE_ERANGE, "shape", *count, nbytes / dt_sizes[dtype], nbytes / dt_sizes[dtype],
                "needs count * itemsize bytes, which is not the number of bytes given");
  return PE_OK;
}

/* ---- headers ---- */

static const uint8_t npy_magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

pe_status pe_tensor_probe(const uint8_t *p, size_t n, double total, int *format, double *need, pe_error *err) {
  if (n >= 8 && !memcmp(p, npy_magic, 6)) {
    const int major = p[6];
    if (major < 1 || major > 3) return fail(err, PE_EINVAL, "header", major, 1, 3, "is a .npy header of an unknown version");
    const size_t lenbytes = major == 1 ? 2 : 4;
    if (n < 8 + lenbytes) return fail(err, PE_ERANGE, "bytes", (double)n, 8 + lenbytes, NAN, "end inside the .npy preamble");
    const double hlen = (double)le(p + 8, (int)lenbytes);
    if (hlen > NPY_HEADER_MAX) return fail(err, PE_ERANGE, "header", hlen, 0, NPY_HEADER_MAX, "length is larger than a .npy header can be");
    *format = PE_TENSOR_NPY, *need = 8 + lenbytes + hlen;
  } else if (n >= 9 && p[8] == '{') {
    const double hlen = (double)le(p, 8);
    if (hlen > ST_HEADER_MAX) return fail(err, PE_ERANGE, "header", hlen, 2, ST_HEADER_MAX, "length is larger than a .safetensors header may be");
    *format = PE_TENSOR_SAFETENSORS, *need = 8 + hlen;
  } else if (n < 9) {
    return fail(err, PE_ERANGE, "bytes", (double)n, 9, NAN, "are too few for a .npy or .safetensors header");
  } else {
    return fail(err, PE_EINVAL, "bytes", NAN, NAN, NAN,
                "are neither a .npy file (\\x93NUMPY) nor a .safetensors file (length, then '{'); raw values need shape and dtype");
  }
  if (*need > total)
    return fail(err, PE_ERANGE, "header", *need, NAN, total, "length runs past the end of the file");
  return PE_OK;
}

/* A cursor over header text. */
typedef struct { const uint8_t *p, *end; } cur;

static void ws(cur *c) { while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) c->p++; }
static int eat(cur *c, char ch) { ws(c); if (c->p < c->end && *c->p == ch) { c->p++; return 1; } return 0; }

/* An unsigned integer, at most 2^53 (-1: none or too large). */
static double uint_at(cur *c) {
  ws(c);
  double v = 0;
  const uint8_t *s = c->p;
  while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
    v = v * 10 + (*c->p++ - '0');
    if (v > MAX_COUNT) return -1;
  }
  return c->p == s ? -1 : v;
}

static void put_utf8(uint8_t **o, uint32_t u) {
  uint8_t *d = *o;
  if (u < 0x80) *d++ = (uint8_t)u;
  else if (u < 0x800) *d++ = (uint8_t)(0xc0 | u >> 6), *d++ = (uint8_t)(0x80 | (u & 63));
  else if (u < 0x10000) *d++ = (uint8_t)(0xe0 | u >> 12), *d++ = (uint8_t)(0x80 | ((u >> 6) & 63)), *d++ = (uint8_t)(0x80 | (u & 63));
  else *d++ = (uint8_t)(0xf0 | u >> 18), *d++ = (uint8_t)(0x80 | ((u >> 12) & 63)), *d++ = (uint8_t)(0x80 | ((u >> 6) & 63)),
       *d++ = (uint8_t)(0x80 | (u & 63));
  *o = d;
}

static int hex4(const uint8_t *p, uint32_t *u) {
  *u = 0;
  for (int i = 0; i < 4; i++) {
    const int ch = p[i], v = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
    if (v < 0) return 0;
    *u = *u << 4 | (uint32_t)v;
  }
  return 1;
}

/* A JSON string; decoded into *o when o is given (UTF-8 never grows in decoding). 0: malformed. */
static int json_string(cur *c, uint8_t **o) {
  if (!eat(c, '"')) return 0;
  while (c->p < c->end && *c->p != '"') {
    uint8_t ch = *c->p++;
    if (ch < 0x20) return 0;
    if (ch != '\\') { if (o) *(*o)++ = ch; continue; }
    if (c->p >= c->end) return 0;
    ch = *c->p++;
    const char *esc = strchr("\"\\/bfnrt", ch);
    if (esc && ch) { if (o) *(*o)++ = (uint8_t)"\"\\/\b\f\n\r\t"[esc - "\"\\/bfnrt"]; continue; }
    uint32_t u;
    if (ch != 'u' || c->end - c->p < 4 || !hex4(c->p, &u)) return 0;
    c->p += 4;
    if (u >= 0xd800 && u < 0xdc00) {  /* a surrogate pair */
      uint32_t lo;
      if (c->end - c->p < 6 || c->p[0] != '\\' || c->p[1] != 'u' || !hex4(c->p + 2, &lo) || lo < 0xdc00 || lo >= 0xe000) return 0;
      c->p += 6, u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
    } else if (u >= 0xdc00 && u < 0xe000) {
      return 0;
    }
    if (o) put_utf8(o, u);
  }
  return eat(c, '"');
}

/* Any JSON value, skipped (depth-limited: a header is two levels deep). */
static int json_skip(cur *c, int depth) {
  ws(c);
  if (c->p >= c->end || depth > 8) return 0;
  const uint8_t ch = *c->p;
  if (ch == '"') return json_string(c, NULL);
  if (ch == '{' || ch == '[') {
    const char close = ch == '{' ? '}' : ']';
    c->p++;
    if (eat(c, close)) return 1;
    do {
      if (ch == '{' && (!json_string(c, NULL) || !eat(c, ':'))) return 0;
      if (!json_skip(c, depth + 1)) return 0;
    } while (eat(c, ','));
    return eat(c, close);
  }
  const uint8_t *s = c->p;
  while (c->p < c->end && strchr("+-.0123456789eEtruefalsn", *c->p) && *c->p) c->p++;
  return c->p > s;
}

static void list_free(pe_tensor_list *l) {
  if (!l) return;
  free(l->t);
  free(l->names);
  free(l);
}
void pe_tensor_list_free(pe_tensor_list *l) { list_free(l); }

static int st_dtype(const uint8_t *s, size_t n) {
  static const char *const names[] = {"F64", "F32", "F16", "BF16", "I64", "I32"};
  for (int d = 0; d < 6; d++)
    if (strlen(names[d]) == n && !memcmp(names[d], s, n)) return d;
  return -1;
}

/* One tensor's entry: {"dtype": "F32", "shape": [..], "data_offsets": [b, e]}, any order. */
static pe_status st_entry(cur *c, pe_tensor_entry *t, double data0, double total, pe_error *err) {
  int seen = 0;
  double off[2] = {-1, -1};
  if (!eat(c, '{')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "has a tensor entry that is not an object");
  do {
    ws(c);
    const uint8_t *ks = c->p;
    if (!json_string(c, NULL)) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not valid JSON");
    uint8_t key[24], *k = key;  /* long keys are none of the three: not decoded */
    if ((size_t)(c->p - ks) <= sizeof key) {
      cur kc = {ks, c->p};
      json_string(&kc, &k);
    }
    const size_t kn = (size_t)(k - key);
    if (!eat(c, ':')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not valid JSON");
    if (kn == 5 && !memcmp(key, "dtype", 5)) {
      ws(c);
      const uint8_t *s = c->p + 1;
      if (!json_string(c, NULL)) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "has a dtype that is not a string");
      const size_t n = (size_t)(c->p - s - 1);
      t->dtype = st_dtype(s, n);
      const size_t m = n < sizeof t->dtype_text - 1 ? n : sizeof t->dtype_text - 1;
      memcpy(t->dtype_text, s, m), t->dtype_text[m] = 0;
      seen |= 1;
    } else if (kn == 5 && !memcmp(key, "shape", 5)) {
      if (!eat(c, '[')) return fail(err, PE_EINVAL, "shape", NAN, NAN, NAN, "is not a list of integers");
      t->ndim = 0;
      if (!eat(c, ']')) {
        do {
          const double d = uint_at(c);
          if (d < 0) return fail(err, PE_ERANGE, "shape", NAN, 0, MAX_COUNT, "has a dimension that is not an integer up to 2^53");
          if (t->ndim == PE_TENSOR_MAXDIM) return fail(err, PE_ERANGE, "shape", NAN, 0, PE_TENSOR_MAXDIM, "has too many dimensions");
          t->dims[t->ndim++] = (int64_t)d;
        } while (eat(c, ','));
        if (!eat(c, ']')) return fail(err, PE_EINVAL, "shape", NAN, NAN, NAN, "is not a list of integers");
      }
      seen |= 2;
    } else if (kn == 12 && !memcmp(key, "data_offsets", 12)) {
      if (!eat(c, '[') || (off[0] = uint_at(c)) < 0 || !eat(c, ',') || (off[1] = uint_at(c)) < 0 || !eat(c, ']'))
        return fail(err, PE_EINVAL, "data_offsets", NAN, NAN, NAN, "is not a pair of integers [begin, end]");
      seen |= 4;
    } else if (!json_skip(c, 1)) {
      return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not valid JSON");
    }
  } while (eat(c, ','));
  if (!eat(c, '}')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not valid JSON");
  if (seen != 7) return fail(err, PE_EINVAL, seen & 1 ? seen & 2 ? "data_offsets" : "shape" : "dtype", NAN, NAN, NAN, "is missing from a tensor entry");
  if (off[0] > off[1]) return fail(err, PE_ERANGE, "data_offsets", off[0], 0, off[1], "begin after their end");
  if (data0 + off[1] > total) return fail(err, PE_ERANGE, "data_offsets", off[1], 0, total - data0, "run past the end of the file");
  t->begin = data0 + off[0], t->end = data0 + off[1];
  double count;
  pe_status s = count_of(t->dims, t->ndim, t->dtype, &count, err);
  if (s) return s;
  t->count = count;
  if (t->dtype >= 0 && count * dt_sizes[t->dtype] != off[1] - off[0])
    return fail(err, PE_ERANGE, "shape", count, NAN, NAN, "does not match data_offsets (count * itemsize differs from end - begin)");
  return PE_OK;
}

static pe_status parse_safetensors(const uint8_t *p, size_t n, double total, pe_tensor_list *l, pe_error *err) {
  const double hlen = (double)le(p, 8), data0 = 8 + hlen;
  cur c = {p + 8, p + (size_t)data0};
  (void)n;
  l->names = malloc((size_t)hlen + 1);
  if (!l->names) return fail(err, PE_ENOMEM, "header", hlen, NAN, NAN, "does not fit in memory");
  uint8_t *o = l->names;
  size_t cap = 0;
  if (!eat(&c, '{')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not a JSON object");
  if (!eat(&c, '}')) {
    do {
      ws(&c);
      uint8_t *name = o;
      if (!json_string(&c, &o) || !eat(&c, ':')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not valid JSON");
      if (o - name == 12 && !memcmp(name, "__metadata__", 12)) {
        o = name;
        if (!json_skip(&c, 1)) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not valid JSON");
        continue;
      }
      if (l->n == (int)cap) {
        cap = cap ? 2 * cap : 16;
        pe_tensor_entry *t = realloc(l->t, cap * sizeof *t);
        if (!t) return fail(err, PE_ENOMEM, "header", hlen, NAN, NAN, "does not fit in memory");
        l->t = t;
      }
      pe_tensor_entry *t = &l->t[l->n];
      memset(t, 0, sizeof *t);
      t->name = (size_t)(name - l->names), t->name_len = (size_t)(o - name);
      t->dtype = -1;
      pe_status s = st_entry(&c, t, data0, total, err);
      if (s) return s;
      l->n++;
    } while (eat(&c, ','));
    if (!eat(&c, '}')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not valid JSON");
  }
  ws(&c);
  if (c.p != c.end) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "has text after its JSON object");
  l->data0 = data0;
  return PE_OK;
}

/* A Python literal string of the .npy dict ('...' or "...", no escapes in numpy's keys and descrs). */
static int py_string(cur *c, const uint8_t **s, size_t *n) {
  ws(c);
  if (c->p >= c->end || (*c->p != '\'' && *c->p != '"')) return 0;
  const uint8_t q = *c->p++;
  *s = c->p;
  while (c->p < c->end && *c->p != q) c->p++;
  if (c->p >= c->end) return 0;
  *n = (size_t)(c->p++ - *s);
  return 1;
}

static int is(const uint8_t *s, size_t n, const char *lit) { return strlen(lit) == n && !memcmp(s, lit, n); }

static pe_status parse_npy(const uint8_t *p, size_t n, double total, pe_tensor_list *l, pe_error *err) {
  const size_t lenbytes = p[6] == 1 ? 2 : 4, hlen = (size_t)le(p + 8, (int)lenbytes), data0 = 8 + lenbytes + hlen;
  (void)n;
  cur c = {p + 8 + lenbytes, p + data0};
  l->t = calloc(1, sizeof *l->t);
  if (!l->t) return fail(err, PE_ENOMEM, "header", (double)hlen, NAN, NAN, "does not fit in memory");
  pe_tensor_entry *t = l->t;
  t->dtype = -1;
  int seen = 0, fortran = 0;
  if (!eat(&c, '{')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not a Python dict");
  while (!eat(&c, '}')) {
    const uint8_t *k;
    size_t kn;
    if (!py_string(&c, &k, &kn) || !eat(&c, ':')) return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "is not a Python dict");
    if (is(k, kn, "descr")) {
      const uint8_t *s;
      size_t sn;
      if (!py_string(&c, &s, &sn)) return fail(err, PE_EINVAL, "dtype", NAN, NAN, NAN, "(descr) is not a string such as '<f4' (structured dtypes are not read)");
      const size_t m = sn < sizeof t->dtype_text - 1 ? sn : sizeof t->dtype_text - 1;
      memcpy(t->dtype_text, s, m), t->dtype_text[m] = 0;
      if (sn == 3 && s[0] == '>' && strchr("fi", s[1]))
        return fail(err, PE_EINVAL, "dtype", NAN, NAN, NAN, "is big-endian (descr '>…'); save it little-endian (a.astype(a.dtype.newbyteorder('<')))");
      static const char *const descr[] = {"<f8", "<f4", "<f2", "", "<i8", "<i4"};
      for (int d = 0; d < 6; d++)
        if (descr[d][0] && is(s, sn, descr[d])) t->dtype = d;
      seen |= 1;
    } else if (is(k, kn, "fortran_order")) {
      ws(&c);
      if (c.end - c.p >= 4 && !memcmp(c.p, "True", 4)) fortran = 1, c.p += 4;
      else if (c.end - c.p >= 5 && !memcmp(c.p, "False", 5)) c.p += 5;
      else return fail(err, PE_EINVAL, "fortran_order", NAN, NAN, NAN, "is neither True nor False");
      seen |= 2;
    } else if (is(k, kn, "shape")) {
      if (!eat(&c, '(')) return fail(err, PE_EINVAL, "shape", NAN, NAN, NAN, "is not a tuple of integers");
      t->ndim = 0;
      while (!eat(&c, ')')) {
        const double d = uint_at(&c);
        if (d < 0) return fail(err, PE_ERANGE, "shape", NAN, 0, MAX_COUNT, "has a dimension that is not an integer up to 2^53");
        if (t->ndim == PE_TENSOR_MAXDIM) return fail(err, PE_ERANGE, "shape", NAN, 0, PE_TENSOR_MAXDIM, "has too many dimensions");
        t->dims[t->ndim++] = (int64_t)d;
        if (!eat(&c, ',') && (ws(&c), c.p >= c.end || *c.p != ')')) return fail(err, PE_EINVAL, "shape", NAN, NAN, NAN, "is not a tuple of integers");
      }
      seen |= 4;
    } else {
      return fail(err, PE_EINVAL, "header", NAN, NAN, NAN, "has a key other than descr, fortran_order and shape");
    }
    eat(&c, ',');
  }
  if (seen != 7) return fail(err, PE_EINVAL, seen & 1 ? seen & 2 ? "shape" : "fortran_order" : "dtype", NAN, NAN, NAN, "is missing from the .npy header");
  if (fortran && t->ndim > 1)
    return fail(err, PE_EINVAL, "fortran_order", 1, NAN, NAN, "(True): the values are column-major (Fortran order); save them with np.ascontiguousarray");
  double count;
  pe_status s = count_of(t->dims, t->ndim, t->dtype, &count, err);
  if (s) return s;
  t->count = count, t->begin = (double)data0;
  if (t->dtype >= 0) {
    t->end = (double)data0 + count * dt_sizes[t->dtype];
    if (t->end > total)
      return fail(err, PE_ERANGE, "shape", count, 0, (total - (double)data0) / dt_sizes[t->dtype],
                  "needs more bytes than the file holds after its header (truncated, or the header lies)");
  } else {
    t->end = t->begin;
  }
  l->n = 1, l->data0 = (double)data0;
  return PE_OK;
}

pe_status pe_tensor_parse(const uint8_t *p, size_t n, double total, pe_tensor_list **out, pe_error *err) {
  *out = NULL;
  int format;
  double need;
  pe_status s = pe_tensor_probe(p, n, total, &format, &need, err);
  if (s) return s;
  if (need > (double)n) return fail(err, PE_ERANGE, "bytes", (double)n, need, NAN, "end before the header does");
  pe_tensor_list *l = calloc(1, sizeof *l);
  if (!l) return fail(err, PE_ENOMEM, "header", need, NAN, NAN, "does not fit in memory");
  l->format = format;
  s = format == PE_TENSOR_NPY ? parse_npy(p, n, total, l, err) : parse_safetensors(p, n, total, l, err);
  if (s) {
    list_free(l);
    return s;
  }
  *out = l;
  return PE_OK;
}

pe_status pe_tensor_check_entry(const pe_tensor_entry *t, double max_bytes, pe_error *err) {
  if (t->dtype < 0) {
    *err = (pe_error){PE_EINVAL, "dtype", NAN, NAN, NAN,
                      "is not one of float64, float32, float16, bfloat16, int64, int32 (.npy <f8 <f4 <f2 <i8 <i4; "
                      ".safetensors F64 F32 F16 BF16 I64 I32)"};
    return PE_EINVAL;
  }
  if (!(max_bytes >= 0)) max_bytes = pe_max_bytes();
  if (t->count * 4 > max_bytes) return fail(err, PE_ENOMEM, "shape", t->count * 4, NAN, max_bytes, "makes a float32 copy larger than the byte cap");
  return PE_OK;
}
