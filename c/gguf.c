/* Reading a GGUF file's header (llama.cpp's model format; posenc.h, "GGUF"): the metadata and the
 * tensor index. Every count and length the header claims is checked against the bytes that are
 * there (and the file's size, when known) before anything is allocated for it; the values stay in
 * the caller's bytes and are read out on request (pe_gguf_elements).
 *
 * The format as ggml-org/llama.cpp ggml/src/gguf.cpp@067d44f6c48459f7a82dbafc6fbd0bae97755a4e reads it
 * (magic, version, counts, key-value pairs, tensor infos, data aligned to general.alignment), and
 * what it refuses: GGUFv1 and byte-swapped files, duplicate keys and tensor names, n_dims past
 * GGML_MAX_DIMS (4), negative dimensions (as int64), element counts past INT64_MAX, a first
 * dimension that is not a multiple of the type's block size, general.alignment not a uint32 power
 * of two. gguf.cpp also refuses what this reader takes: arrays of arrays (the format has them),
 * empty keys, tensor names of 64 bytes or more, and data that is not packed in index order; and it
 * takes n_dims 0, refused here. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#define KV_MIN 13.0    /* key length (8), value type (4), the smallest value (1) */
#define TI_MIN 32.0    /* name length (8), n_dims (4), one dimension (8), ggml type (4), offset (8) */
#define HEAD 24.0      /* magic, version, n_tensors, n_kv */
#define MAX_EXACT 9007199254740992.0  /* 2^53: offsets and sizes stay exact in a double */

/* ggml's type table: (elements per block, bytes per block). Numbers and names from ggml-org/llama.cpp
 * ggml/include/ggml.h enum ggml_type and ggml/src/ggml.c type_traits
 * @00bdaa105cb03380daf899b4fc9f026555745269 (NVFP4 = 40, Q1_0 = 41); block layouts (the sizeof of each
 * block_*) from ggml/src/ggml-common.h@01243c587feceaa5d6a6c2305535ef2f549c48b8 with QK_K = 256.
 * A zero entry: no such type (4, 5, 31-33 and 36-38 were removed from ggml and from GGUF files);
 * Q2_0, which newer ggml numbers 42, is not in the table read and is refused as unknown. */
static const struct { uint16_t blck, size; const char *name; } traits[] = {
  [0] = {1, 4, "F32"},         [1] = {1, 2, "F16"},          [2] = {32, 18, "Q4_0"},      [3] = {32, 20, "Q4_1"},
  [6] = {32, 22, "Q5_0"},      [7] = {32, 24, "Q5_1"},       [8] = {32, 34, "Q8_0"},      [9] = {32, 36, "Q8_1"},
  [10] = {256, 84, "Q2_K"},    [11] = {256, 110, "Q3_K"},    [12] = {256, 144, "Q4_K"},   [13] = {256, 176, "Q5_K"},
  [14] = {256, 210, "Q6_K"},   [15] = {256, 292, "Q8_K"},    [16] = {256, 66, "IQ2_XXS"}, [17] = {256, 74, "IQ2_XS"},
  [18] = {256, 98, "IQ3_XXS"}, [19] = {256, 50, "IQ1_S"},    [20] = {32, 18, "IQ4_NL"},   [21] = {256, 110, "IQ3_S"},
  [22] = {256, 82, "IQ2_S"},   [23] = {256, 136, "IQ4_XS"},  [24] = {1, 1, "I8"},         [25] = {1, 2, "I16"},
  [26] = {1, 4, "I32"},        [27] = {1, 8, "I64"},         [28] = {1, 8, "F64"},        [29] = {256, 56, "IQ1_M"},
  [30] = {1, 2, "BF16"},       [34] = {256, 54, "TQ1_0"},    [35] = {256, 66, "TQ2_0"},   [39] = {32, 17, "MXFP4"},
  [40] = {64, 36, "NVFP4"},    [41] = {128, 18, "Q1_0"},
};
#define NTYPES ((int)(sizeof traits / sizeof *traits))

const char *pe_gguf_type_name(int type) { return type >= 0 && type < NTYPES ? traits[type].name : NULL; }
int pe_gguf_type_block(int type, int *type_size) {
  const int known = type >= 0 && type < NTYPES && traits[type].blck;
  if (type_size) *type_size = known ? traits[type].size : 0;
  return known ? traits[type].blck : 0;
}

static const char *const vt_names[] = {"uint8", "int8",   "uint16", "int16", "uint32", "int32",  "float32",
                                       "bool",  "string", "array",  "uint64", "int64", "float64"};
static const uint8_t vt_fixed[] = {1, 1, 2, 2, 4, 4, 4, 1, 0, 0, 8, 8, 8};   /* 0: string, array */
static const uint8_t vt_min[] = {1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8};
#define NVT 13
const char *pe_gguf_value_type_name(int type) { return type >= 0 && type < NVT ? vt_names[type] : NULL; }

static uint64_t le(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

/* The walk over a header: p[0 .. n) of a file of total bytes (INFINITY: unknown). */
typedef struct {
  const uint8_t *p;
  size_t n, pos;
  double total;
  double rest;     /* the fewest bytes the header needs after the item being read */
  pe_gguf *g;
  pe_error *err;
  int store;       /* parse (record entries) or only measure */
  size_t key, key_len;
  int tensor;      /* naming a tensor (1) or a key (0) in messages */
  long item;       /* its index, for a name that cannot be read */
} walk;

enum { W_OK = 0, W_SHORT = -1 };  /* or a pe_status > 0 */

/* Messages are formatted here, not by snprintf, which would pull printf (tens of KB) into the
 * module: %s, %d, %u, %ld, %lld, %zu, and %g of a double printed as the whole number it holds
 * (every number a GGUF message shows is a count, an offset or a size). */
typedef struct { char *s; size_t n, cap; } text;

static void put(text *t, char c) {
  if (t->n + 1 < t->cap) t->s[t->n++] = c;
  t->s[t->n] = 0;
}
static void puts_(text *t, const char *s) { while (*s) put(t, *s++); }
static void put_uint(text *t, uint64_t v) {
  char d[24];
  int k = 0;
  do d[k++] = (char)('0' + v % 10); while (v /= 10);
  while (k) put(t, d[--k]);
}
static void put_num(text *t, double v) {
  if (v != v) { puts_(t, "NaN"); return; }
  if (v < 0) put(t, '-'), v = -v;
  if (v == INFINITY) { puts_(t, "Infinity"); return; }
  if (v < 18446744073709551616.0) { put_uint(t, (uint64_t)v); return; }
  int e = 0;
  while (v >= 10) v /= 10, e++;  /* past 2^64: d.dddddde+N */
  put(t, (char)('0' + (int)v));
  put(t, '.');
  uint64_t frac = (uint64_t)((v - (int)v) * 1e6 + 0.5);
  if (frac > 999999) frac = 999999;
  for (uint64_t p = 100000; p; p /= 10) put(t, (char)('0' + frac / p % 10));
  puts_(t, "e+");
  put_uint(t, (uint64_t)e);
}

static void format(text *t, const char *f, va_list ap) {
  for (; *f; f++) {
    if (*f != '%') { put(t, *f); continue; }
    while (*++f == '.' || (*f >= '0' && *f <= '9')) {}
    int l = 0;
    for (; *f == 'l' || *f == 'z'; f++) l += *f == 'z' ? 3 : 1;
    if (!*f) return;
    switch (*f) {
      case 's': puts_(t, va_arg(ap, const char *)); break;
      case 'g': put_num(t, va_arg(ap, double)); break;
      case 'u':
        put_uint(t, l >= 3 ? va_arg(ap, size_t) : l == 2 ? va_arg(ap, unsigned long long) : l ? va_arg(ap, unsigned long) : va_arg(ap, unsigned));
        break;
      case 'd': {
        const long long v = l == 2 ? va_arg(ap, long long) : l ? va_arg(ap, long) : va_arg(ap, int);
        if (v < 0) put(t, '-');
        put_uint(t, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
        break;
      }
      default: put(t, *f);
    }
  }
}

/* A name in a message: quoted, bytes outside printable ASCII as \xNN, long names cut. */
static void quote(text *t, const uint8_t *s, size_t len) {
  static const char hex[] = "0123456789abcdef";
  put(t, '"');
  for (size_t i = 0; i < len; i++) {
    if (i == 64) { puts_(t, "..."); break; }
    const uint8_t c = s[i];
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') put(t, (char)c);
    else put(t, '\\'), put(t, 'x'), put(t, hex[c >> 4]), put(t, hex[c & 15]);
  }
  put(t, '"');
}

/* Fail with a message naming the key or tensor being read: "<what> <name>: <detail>". */
static int bad(walk *w, pe_status code, const char *param, double value, double min, double max, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
static int bad(walk *w, pe_status code, const char *param, double value, double min, double max, const char *fmt, ...) {
  pe_gguf *g = w->g;
  text t = {g->why, 0, sizeof g->why};
  if (w->item >= 0) {
    puts_(&t, w->tensor ? "tensor " : "key ");
    if (w->key_len || w->key) quote(&t, w->p + w->key, w->key_len);
    else put(&t, '#'), put_uint(&t, (uint64_t)w->item);
  } else {
    puts_(&t, param);
    if (value == value) puts_(&t, " = "), put_num(&t, value);
  }
  puts_(&t, ": ");
  va_list ap;
  va_start(ap, fmt);
  format(&t, fmt, ap);
  va_end(ap);
  *w->err = (pe_error){code, param, value, min, max, g->why};
  return code;
}

/* k more bytes at pos: W_OK when p holds them; W_SHORT (g->need set) when the file may; 1 when it
 * cannot (the caller names what runs past the end). */
static int take(walk *w, double k) {
  const double end = (double)w->pos + k;
  if (end <= (double)w->n) return W_OK;
  if (end > w->total) return 1;
  w->g->need = end + w->rest < w->total ? end + w->rest : w->total;
  return W_SHORT;
}

static int past_end(walk *w, const char *what, double claimed) {
  return bad(w, PE_ERANGE, w->tensor ? "tensor" : "key", claimed, 0, w->total - (double)w->pos,
             "%s runs past the end of the file", what);
}

/* A gguf string (u64 length, bytes) at pos: its bytes' offset and length. */
static int string_at(walk *w, size_t *at, size_t *len, const char *what) {
  int r = take(w, 8);
  if (r) return r > 0 ? past_end(w, what, NAN) : r;
  const uint64_t l = le(w->p + w->pos, 8);
  w->pos += 8;
  r = take(w, (double)l);
  if (r) {
    if (r < 0) return r;
    w->pos -= 8;
    return bad(w, PE_ERANGE, w->tensor ? "tensor" : "key", (double)l, 0, w->total - (double)w->pos - 8,
               "%s length runs past the end of the file", what);
  }
  *at = w->pos, *len = (size_t)l;
  w->pos += (size_t)l;
  return W_OK;
}

/* A value of type t at pos, skipped (arrays: depth levels already open). */
static int value(walk *w, int t, int depth) {
  if (vt_fixed[t]) {
    const int r = take(w, vt_fixed[t]);
    if (r) return r > 0 ? past_end(w, "its value", NAN) : r;
    w->pos += vt_fixed[t];
    return W_OK;
  }
  if (t == PE_GGUF_STRING) {
    size_t at, len;
    return string_at(w, &at, &len, "its string value");
  }
  if (depth >= PE_GGUF_DEPTH_MAX)
    return bad(w, PE_ERANGE, "key", depth + 1, 1, PE_GGUF_DEPTH_MAX, "has arrays nested deeper than %d", PE_GGUF_DEPTH_MAX);
  int r = take(w, 12);
  if (r) return r > 0 ? past_end(w, "its array header", NAN) : r;
  const uint32_t et = (uint32_t)le(w->p + w->pos, 4);
  const uint64_t count = le(w->p + w->pos + 4, 8);
  if (et >= NVT) return bad(w, PE_EINVAL, "key", et, 0, NVT - 1, "has an array of value type %u, which is not a GGUF value type", et);
  w->pos += 12;
  const double room = w->total - (double)w->pos;
  if ((double)count > room / vt_min[et])
    return bad(w, PE_ERANGE, "key", (double)count, 0, floor(room / vt_min[et]),
               "has an array of %.17g %s values, more than the rest of the file can hold", (double)count, vt_names[et]);
  if (vt_fixed[et]) {
    r = take(w, (double)count * vt_fixed[et]);
    if (r) return r;
    w->pos += (size_t)count * vt_fixed[et];
    return W_OK;
  }
  const double rest = w->rest;
  for (uint64_t j = 0; j < count; j++) {
    w->rest = rest + (double)(count - j - 1) * vt_min[et];
    r = value(w, (int)et, depth + 1);
    if (r) return r;
  }
  w->rest = rest;
  return W_OK;
}

static int is_key(const walk *w, size_t at, size_t len, const char *lit) {
  return strlen(lit) == len && !memcmp(w->p + at, lit, len);
}

/* Duplicates among count names (offset, length pairs read by name()): a hash set, sized from the
 * count (which the bytes bound). 1: found (*a, *b the indices), 0: none, -1: out of memory. */
static int duplicates(const walk *w, size_t count, const size_t *off, const size_t *len, size_t stride, size_t *a, size_t *b) {
  size_t cap = 16;
  while (cap < 2 * count) cap *= 2;
  uint32_t *slot = calloc(cap, sizeof *slot);  /* index + 1 */
  if (!slot) return -1;
  int found = 0;
  for (size_t i = 0; i < count && !found; i++) {
    const uint8_t *s = w->p + *(const size_t *)((const char *)off + i * stride);
    const size_t l = *(const size_t *)((const char *)len + i * stride);
    uint64_t h = 1469598103934665603ull;
    for (size_t k = 0; k < l; k++) h = (h ^ s[k]) * 1099511628211ull;
    for (size_t q = (size_t)h & (cap - 1);; q = (q + 1) & (cap - 1)) {
      if (!slot[q]) { slot[q] = (uint32_t)i + 1; break; }
      const size_t o = slot[q] - 1;
      const size_t ol = *(const size_t *)((const char *)len + o * stride);
      if (ol == l && !memcmp(w->p + *(const size_t *)((const char *)off + o * stride), s, l)) {
        *a = o, *b = i, found = 1;
        break;
      }
    }
  }
  free(slot);
  return found;
}

static int walk_header(walk *w) {
  pe_gguf *g = w->g;
  w->item = -1;
  w->rest = HEAD - 4;
  int r = take(w, 4);
  if (r) return r > 0 ? bad(w, PE_ERANGE, "bytes", w->total, HEAD, NAN, "are too few for a GGUF header (magic, version, counts)") : r;
  if (memcmp(w->p, "GGUF", 4)) return bad(w, PE_EINVAL, "magic", NAN, NAN, NAN, "is not \"GGUF\": not a GGUF file");
  w->rest = 0;
  r = take(w, HEAD);
  if (r) return r > 0 ? bad(w, PE_ERANGE, "bytes", w->total, HEAD, NAN, "are too few for a GGUF header (magic, version, counts)") : r;
  const uint32_t version = (uint32_t)le(w->p + 4, 4);
  g->version = version;
  if (version && !(version & 0xffff))
    return bad(w, PE_EINVAL, "version", version, 2, 3, "is byte-swapped: a big-endian GGUF file, which is not read");
  if (version == 1) return bad(w, PE_EINVAL, "version", 1, 2, 3, "is GGUFv1, which llama.cpp no longer reads either (convert it anew)");
  if (version != 2 && version != 3) return bad(w, PE_EINVAL, "version", version, 2, 3, "is not a GGUF version this reader knows (2 or 3)");
  const uint64_t nt = le(w->p + 8, 8), nkv = le(w->p + 16, 8);
  g->n_tensors = nt, g->n_kv = nkv;
  w->pos = (size_t)HEAD;
  const double room = w->total - HEAD;
  if ((double)nkv > room / KV_MIN)
    return bad(w, PE_ERANGE, "n_kv", (double)nkv, 0, floor(room / KV_MIN), "key-value pairs cannot fit in the file (each takes at least 13 bytes)");
  if ((double)nt > (room - (double)nkv * KV_MIN) / TI_MIN)
    return bad(w, PE_ERANGE, "n_tensors", (double)nt, 0, floor((room - (double)nkv * KV_MIN) / TI_MIN),
               "tensor infos cannot fit in the file after the key-value pairs (each takes at least 32 bytes)");
  if (w->store) {
    /* The whole header must be in p: what the counts claim has to fit there before it is allocated. */
    w->rest = (double)nkv * KV_MIN + (double)nt * TI_MIN;
    if ((double)w->pos + w->rest > (double)w->n) {
      g->need = (double)w->pos + w->rest < w->total ? (double)w->pos + w->rest : w->total;
      return W_SHORT;
    }
    const double bytes = (double)nkv * sizeof *g->kv + (double)nt * sizeof *g->t;
    if (bytes > pe_max_bytes())
      return bad(w, PE_ENOMEM, "n_tensors", (double)nt, NAN, pe_max_bytes(), "and n_kv need an index larger than the byte cap");
    g->kv = nkv ? calloc((size_t)nkv, sizeof *g->kv) : NULL;
    g->t = nt ? calloc((size_t)nt, sizeof *g->t) : NULL;
    if ((nkv && !g->kv) || (nt && !g->t)) return bad(w, PE_ENOMEM, "n_kv", (double)nkv, NAN, NAN, "and n_tensors: the index does not fit in memory");
  }
  g->alignment = 32;
  for (uint64_t i = 0; i < nkv; i++) {
    w->item = (long)i, w->key = w->key_len = 0, w->tensor = 0;
    w->rest = (double)(nkv - i - 1) * KV_MIN + (double)nt * TI_MIN + 5;  /* + type and the smallest value */
    size_t key, key_len;
    r = string_at(w, &key, &key_len, "its key's");
    if (r) return r;
    w->key = key, w->key_len = key_len;
    w->rest -= 4;
    r = take(w, 4);
    if (r) return r > 0 ? past_end(w, "its value type", NAN) : r;
    const uint32_t t = (uint32_t)le(w->p + w->pos, 4);
    if (t >= NVT) return bad(w, PE_EINVAL, "key", t, 0, NVT - 1, "has value type %u, which is not a GGUF value type", t);
    w->pos += 4;
    w->rest -= 1;
    const size_t at = w->pos;
    r = value(w, (int)t, 0);
    if (r) return r;
    if (is_key(w, key, key_len, "general.alignment")) {
      if (t != PE_GGUF_UINT32) return bad(w, PE_EINVAL, "general.alignment", t, NAN, NAN, "is a %s, not a uint32", vt_names[t]);
      const uint32_t a = (uint32_t)le(w->p + at, 4);
      if (!a || (a & (a - 1))) return bad(w, PE_EINVAL, "general.alignment", a, 1, 2147483648.0, "is not a power of two");
      g->alignment = a;
    }
    if (w->store) {
      pe_gguf_kv *kv = &g->kv[i];
      kv->key = key, kv->key_len = key_len, kv->type = (int)t, kv->value = at;
      if (t == PE_GGUF_ARRAY) kv->elem_type = (int)le(w->p + at, 4), kv->count = le(w->p + at + 4, 8), kv->value = at + 12;
    }
  }
  for (uint64_t i = 0; i < nt; i++) {
    w->item = (long)i, w->key = w->key_len = 0, w->tensor = 1;
    w->rest = (double)(nt - i - 1) * TI_MIN + 24;
    size_t name, name_len;
    r = string_at(w, &name, &name_len, "its name's");
    if (r) return r;
    w->key = name, w->key_len = name_len;
    w->rest -= 4;
    r = take(w, 4);
    if (r) return r > 0 ? past_end(w, "its n_dims", NAN) : r;
    const uint32_t nd = (uint32_t)le(w->p + w->pos, 4);
    if (nd < 1 || nd > PE_GGUF_MAXDIM) return bad(w, PE_ERANGE, "tensor", nd, 1, PE_GGUF_MAXDIM, "has n_dims %u, not 1 to 4", nd);
    w->pos += 4;
    w->rest = (double)(nt - i - 1) * TI_MIN + 12;
    r = take(w, 8.0 * nd);
    if (r) return r > 0 ? past_end(w, "its dimensions", NAN) : r;
    int64_t dims[PE_GGUF_MAXDIM];
    uint64_t count = 1;
    for (uint32_t a = 0; a < nd; a++) {
      const uint64_t d = le(w->p + w->pos + 8 * a, 8);
      if (d > (uint64_t)INT64_MAX) return bad(w, PE_ERANGE, "tensor", (double)(int64_t)d, 0, NAN, "has ne[%u] negative (as int64)", a);
      if (d && count > (uint64_t)INT64_MAX / d)
        return bad(w, PE_ERANGE, "tensor", (double)d, 0, NAN, "has dimensions whose product overflows int64 (at ne[%u])", a);
      count *= d;
      dims[a] = (int64_t)d;
    }
    w->pos += 8 * (size_t)nd;
    w->rest = (double)(nt - i - 1) * TI_MIN + 8;
    r = take(w, 4);
    if (r) return r > 0 ? past_end(w, "its ggml type", NAN) : r;
    const uint32_t type = (uint32_t)le(w->p + w->pos, 4);
    int size;
    const int blck = pe_gguf_type_block((int)type, &size);
    if (!blck) return bad(w, PE_EINVAL, "tensor", type, 0, NTYPES - 1, "has ggml type %u, which is not a ggml type (or one removed from GGUF)", type);
    if (dims[0] % blck)
      return bad(w, PE_EINVAL, "tensor", (double)dims[0], NAN, NAN, "has ne[0] = %lld, not a multiple of %s's block size %d",
                 (long long)dims[0], traits[type].name, blck);
    w->pos += 4;
    w->rest = (double)(nt - i - 1) * TI_MIN;
    r = take(w, 8);
    if (r) return r > 0 ? past_end(w, "its offset", NAN) : r;
    const uint64_t offset = le(w->p + w->pos, 8);
    if (offset % g->alignment)
      return bad(w, PE_EINVAL, "tensor", (double)offset, NAN, NAN, "has offset %llu, not a multiple of the alignment %u",
                 (unsigned long long)offset, g->alignment);
    w->pos += 8;
    if (w->store) {
      pe_gguf_tensor *t = &g->t[i];
      t->name = name, t->name_len = name_len, t->type = (int)type, t->ndim = (int)nd;
      for (uint32_t a = 0; a < nd; a++) t->dims[a] = dims[a];
      t->count = (double)count, t->offset = (double)offset;
      t->nbytes = (double)(count / (uint64_t)blck) * size;
    }
  }
  g->header_bytes = (double)w->pos;
  g->data_offset = (double)(((uint64_t)w->pos + g->alignment - 1) / g->alignment * g->alignment);
  g->need = g->header_bytes;
  if (!w->store) return W_OK;
  for (uint64_t i = 0; i < nt; i++) {
    pe_gguf_tensor *t = &g->t[i];
    w->item = (long)i, w->key = t->name, w->key_len = t->name_len, w->tensor = 1;
    t->begin = g->data_offset + t->offset, t->end = t->begin + t->nbytes;
    if (t->end > MAX_EXACT)
      return bad(w, PE_ERANGE, "tensor", t->end, 0, MAX_EXACT, "has data ending at byte %.17g, past 2^53", t->end);
    if (t->end > w->total)
      return bad(w, PE_ERANGE, "tensor", t->end, 0, w->total, "has data [%.17g, %.17g) past the end of the file (%.17g bytes)", t->begin,
                 t->end, w->total);
  }
  size_t a, b;
  int d = duplicates(w, (size_t)nkv, nkv ? &g->kv[0].key : NULL, nkv ? &g->kv[0].key_len : NULL, sizeof *g->kv, &a, &b);
  if (d > 0) {
    w->item = (long)b, w->key = g->kv[b].key, w->key_len = g->kv[b].key_len, w->tensor = 0;
    return bad(w, PE_EINVAL, "key", (double)b, NAN, NAN, "is a duplicate of key #%zu (llama.cpp refuses the file)", a);
  }
  if (d == 0) d = duplicates(w, (size_t)nt, nt ? &g->t[0].name : NULL, nt ? &g->t[0].name_len : NULL, sizeof *g->t, &a, &b);
  if (d > 0) {
    w->item = (long)b, w->key = g->t[b].name, w->key_len = g->t[b].name_len, w->tensor = 1;
    return bad(w, PE_EINVAL, "tensor", (double)b, NAN, NAN, "is a duplicate of tensor #%zu (llama.cpp refuses the file)", a);
  }
  if (d < 0) return bad(w, PE_ENOMEM, "n_tensors", (double)nt, NAN, NAN, "names: the duplicate check does not fit in memory");
  return W_OK;
}

static double total_of(double total, size_t n) { return total >= (double)n ? total : (double)n; }

static void reset(pe_gguf *g) {
  memset(g, 0, sizeof *g);
}

pe_status pe_gguf_header_size(const uint8_t *p, size_t n, double total, double *need, pe_gguf *g, pe_error *err) {
  reset(g);
  walk w = {p, n, 0, total_of(total, n), 0, g, err, 0, 0, 0, 0, -1};
  const int r = walk_header(&w);
  *need = g->need;
  g->complete = r == W_OK;
  return r > 0 ? (pe_status)r : PE_OK;
}

pe_status pe_gguf_parse(const uint8_t *p, size_t n, double total, pe_gguf *g, pe_error *err) {
  reset(g);
  walk w = {p, n, 0, total_of(total, n), 0, g, err, 1, 0, 0, 0, -1};
  const int r = walk_header(&w);
  if (r == W_OK) {
    g->complete = 1;
    return PE_OK;
  }
  free(g->kv);
  free(g->t);
  g->kv = NULL, g->t = NULL;
  if (r > 0) return (pe_status)r;
  text t = {g->why, 0, sizeof g->why};
  puts_(&t, "bytes (");
  put_uint(&t, n);
  puts_(&t, ") end before the GGUF header does (it needs at least ");
  put_num(&t, g->need);
  put(&t, ')');
  *err = (pe_error){PE_ERANGE, "bytes", (double)n, g->need, NAN, g->why};
  return PE_ERANGE;
}

void pe_gguf_free(pe_gguf *g) {
  if (!g) return;
  free(g->kv);
  free(g->t);
  g->kv = NULL, g->t = NULL;
}

/* The end of one value of type t at pos in p[0 .. n), or 0 when the bytes do not hold it. */
static size_t skip(const uint8_t *p, size_t n, size_t pos, int t, int depth) {
  if (t < 0 || t >= NVT || pos > n) return 0;
  if (vt_fixed[t]) return n - pos >= vt_fixed[t] ? pos + vt_fixed[t] : 0;
  if (t == PE_GGUF_STRING) {
    if (n - pos < 8) return 0;
    const uint64_t l = le(p + pos, 8);
    return l <= n - pos - 8 ? pos + 8 + (size_t)l : 0;
  }
  if (depth >= PE_GGUF_DEPTH_MAX || n - pos < 12) return 0;
  const uint32_t et = (uint32_t)le(p + pos, 4);
  const uint64_t c = le(p + pos + 4, 8);
  pos += 12;
  if (et >= NVT || (double)c > (double)(n - pos) / vt_min[et]) return 0;
  if (vt_fixed[et]) return pos + (size_t)c * vt_fixed[et];
  for (uint64_t k = 0; k < c; k++)
    if (!(pos = skip(p, n, pos, (int)et, depth + 1))) return 0;
  return pos;
}

static pe_status elem_fail(pe_error *err, const char *detail, double at) {
  *err = (pe_error){PE_ERANGE, "at", at, NAN, NAN, detail};
  return PE_ERANGE;
}

pe_status pe_gguf_elements(const uint8_t *p, size_t n, size_t at, int type, uint64_t count, double *out, int halves,
                           pe_error *err) {
  if (type < 0 || type >= NVT) {
    *err = (pe_error){PE_EINVAL, "type", type, 0, NVT - 1, "is not a GGUF value type"};
    return PE_EINVAL;
  }
  if (at > n || (double)count > (double)(n - at) / vt_min[type]) return elem_fail(err, "is not where the bytes hold that many values", (double)at);
  size_t pos = at;
  for (uint64_t j = 0; j < count; j++) {
    const uint8_t *q = p + pos;
    const int f = vt_fixed[type];
    if (f) {
      if (pos + f > n) return elem_fail(err, "runs past the bytes", (double)pos);
      const uint64_t u = le(q, f);
      if (halves && (type == PE_GGUF_UINT64 || type == PE_GGUF_INT64)) {
        out[2 * j] = (double)(uint32_t)u;
        out[2 * j + 1] = type == PE_GGUF_INT64 ? (double)(int32_t)(uint32_t)(u >> 32) : (double)(uint32_t)(u >> 32);
      } else {
        double v;
        switch (type) {  /* per element: the file's value type */
          case PE_GGUF_INT8: v = (int8_t)u; break;
          case PE_GGUF_INT16: v = (int16_t)u; break;
          case PE_GGUF_INT32: v = (int32_t)u; break;
          case PE_GGUF_INT64: v = (double)(int64_t)u; break;
          case PE_GGUF_FLOAT32: { const uint32_t b = (uint32_t)u; float x; memcpy(&x, &b, 4); v = x; break; }
          case PE_GGUF_FLOAT64: memcpy(&v, &u, 8); break;
          default: v = (double)u; break;
        }
        out[j] = v;
      }
      pos += f;
    } else if (type == PE_GGUF_STRING) {
      if (n - pos < 8) return elem_fail(err, "runs past the bytes", (double)pos);
      const uint64_t l = le(q, 8);
      if (l > n - pos - 8) return elem_fail(err, "runs past the bytes", (double)pos);
      out[2 * j] = (double)(pos + 8), out[2 * j + 1] = (double)l;
      pos += 8 + (size_t)l;
    } else {
      if (n - pos < 12) return elem_fail(err, "runs past the bytes", (double)pos);
      const uint32_t et = (uint32_t)le(q, 4);
      const uint64_t c = le(q + 4, 8);
      if (et >= NVT || (double)c > (double)(n - pos - 12) / vt_min[et]) return elem_fail(err, "is not an array the bytes hold", (double)pos);
      out[3 * j] = et, out[3 * j + 1] = (double)c, out[3 * j + 2] = (double)(pos + 12);
      const size_t end = skip(p, n, pos, PE_GGUF_ARRAY, 1);
      if (!end) return elem_fail(err, "is not an array the bytes hold", (double)pos);
      pos = end;
    }
  }
  return PE_OK;
}

/* The UTF-16 length of s[0 .. len) when it is well-formed UTF-8 (the sequences Unicode allows:
 * no overlong forms, surrogates or code points past U+10FFFF), else -1. */
static long utf16_units(const uint8_t *s, size_t len) {
  long units = 0;
  for (size_t i = 0; i < len;) {
    const uint8_t c = s[i];
    size_t k;
    uint8_t lo = 0x80, hi = 0xbf;
    if (c < 0x80) k = 0;
    else if (c >= 0xc2 && c <= 0xdf) k = 1;
    else if (c >= 0xe0 && c <= 0xef) k = 2, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
    else if (c >= 0xf0 && c <= 0xf4) k = 3, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
    else return -1;
    if (len - i - 1 < k) return -1;
    for (size_t j = 1; j <= k; j++) {
      const uint8_t d = s[i + j];
      if (d < (j == 1 ? lo : 0x80) || d > (j == 1 ? hi : 0xbf)) return -1;
    }
    units += k == 3 ? 2 : 1;
    i += k + 1;
  }
  return units;
}

pe_status pe_gguf_strings(const uint8_t *p, size_t n, size_t at, uint64_t count, uint8_t *text, double *out, double *bytes,
                          pe_error *err) {
  if (at > n || (double)count > (double)(n - at) / 8) return elem_fail(err, "is not where the bytes hold that many strings", (double)at);
  size_t pos = at, o = 0;
  double units = 0;
  for (uint64_t j = 0; j < count; j++) {
    if (n - pos < 8) return elem_fail(err, "runs past the bytes", (double)pos);
    const uint64_t l = le(p + pos, 8);
    if (l > n - pos - 8) return elem_fail(err, "runs past the bytes", (double)pos);
    const size_t s = pos + 8;
    const long u = utf16_units(p + s, (size_t)l);
    out[4 * j] = u < 0 ? -1 : units, out[4 * j + 1] = u < 0 ? 0 : (double)u, out[4 * j + 2] = (double)s, out[4 * j + 3] = (double)l;
    if (u >= 0) {
      memcpy(text + o, p + s, (size_t)l);
      o += (size_t)l, units += (double)u;
    }
    pos = s + (size_t)l;
  }
  *bytes = (double)o;
  return PE_OK;
}
