/* mrope-positions: the (t, h, w) position ids Qwen2-VL, Qwen2.5-VL, Qwen3-VL and GLM-4V give a prompt
 * (transformers get_rope_index), and the config-declared layouts of transformers' get_mrope_index
 * (interleaved_runs, indexed_images, audio_chunked, audio_merged), from a layout string (see posenc.h for the grammar and the rules). */
#include <string.h>
#include "internal.h"
#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

#define M_(name, ...) M_##name,
enum { PE_PARAMS_MROPE_POSITIONS(M_) M__N };
enum { QWEN2_VL, QWEN2_5_VL, QWEN3_VL };
enum { PRODUCT, SECONDS };
enum { ADV_MAX, ADV_GRID };
enum { L_QWEN, L_RUNS, L_INDEXED, L_ACHUNK, L_AMERGED };

#define MAX_TOKENS 16777216LL
#define MAX_ID 2147483647LL

static char msg[256];  /* the last error's detail: it names the segment and its offset */

typedef struct {
  const char *s;
  int64_t len, at;   /* the text; the current character */
  int64_t seg;       /* where the current segment starts */
} scan;

/* The current segment's text, at most 40 characters, for messages. */
static int seg_len(const scan *sc) {
  int64_t e = sc->seg;
  while (e < sc->len && sc->s[e] != ' ' && sc->s[e] != '\t' && sc->s[e] != '\n' && sc->s[e] != '\r' &&
         sc->s[e] != ';' && e - sc->seg < 40)
    e++;
  return (int)(e - sc->seg);
}

static pe_status fail(pe_error *err, const pe_request *rq, const scan *sc, pe_status code, const char *what) {
  char seg[48];
  int n = seg_len(sc);
  for (int i = 0; i < n; i++) {  /* bytes that are not printable ASCII show as '?' */
    const unsigned char ch = (unsigned char)sc->s[sc->seg + i];
    seg[i] = ch >= 32 && ch < 127 ? (char)ch : '?';
  }
  seg[n] = 0;
  /* by hand: snprintf would pull printf into the module (tens of KB) */
  char num[24];
  int d = 0;
  for (int64_t x = sc->seg; d == 0 || x; x /= 10) num[d++] = (char)('0' + x % 10);
  const char *parts[] = {"segment '", seg, n == 40 ? "..." : "", "' at offset ", "", ": ", what};
  size_t at = 0;
  for (int i = 0; i < 7; i++) {
    if (i == 4) {
      while (d && at + 1 < sizeof msg) msg[at++] = num[--d];
      continue;
    }
    for (const char *c = parts[i]; *c && at + 1 < sizeof msg; c++) msg[at++] = *c;
  }
  msg[at] = 0;
  pe__fail(err, rq, M_sequence, code, NAN, NAN, msg);
  err->value = NAN;
  return code;
}

static int is_sep(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ';'; }
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* [0-9]+, saturating at 2^40 (anything that large is out of range). -1: no digit. */
static int64_t number(scan *sc) {
  if (sc->at >= sc->len || !is_digit(sc->s[sc->at])) return -1;
  int64_t v = 0;
  while (sc->at < sc->len && is_digit(sc->s[sc->at])) {
    v = v * 10 + (sc->s[sc->at++] - '0');
    if (v > (1LL << 40)) v = 1LL << 40;
  }
  return v;
}

static int keyword(scan *sc, const char *k) {
  size_t n = strlen(k);
  if ((size_t)(sc->len - sc->at) < n || memcmp(sc->s + sc->at, k, n)) return 0;
  sc->at += (int64_t)n;
  return 1;
}

/* SECONDS := [0-9]+ ('.' [0-9]*)? | '.' [0-9]+, as mantissa / 10^k: correctly rounded while the
 * digits fit 2^53 (later fraction digits are dropped); strtod would pull in tens of KB. -1: malformed. */
static double seconds(scan *sc) {
  double mant = 0, scale = 1;
  int64_t digits = 0, frac = 0;
  while (sc->at < sc->len && (is_digit(sc->s[sc->at]) || (sc->s[sc->at] == '.' && !frac))) {
    const char ch = sc->s[sc->at++];
    if (ch == '.') {
      frac = 1;
      continue;
    }
    digits++;
    if (frac && (mant >= 9007199254740992.0 / 10 || scale >= 1e22)) continue;
    mant = mant * 10 + (ch - '0');
    if (frac) scale *= 10;
  }
  return digits ? mant / scale : -1;
}

typedef struct {
  int32_t *t, *h, *w;  /* NULL: count only */
  int32_t *x0;         /* indexed_images with 4 axes: the first row (1D ids throughout), or NULL */
  int64_t n;           /* tokens so far */
  int64_t max;         /* largest id so far (-1: none) */
  int64_t next;        /* where the next segment starts */
  int32_t *seg;        /* mrope-segments: each token's segment kind (0 text, 1 image, 2 video), or NULL */
  int blocks;          /* mrope-blocks: count the frames of vision segments (and write them to blk) */
  int32_t *blk;        /* mrope-blocks: BLOCK_FIELDS per frame, or NULL */
  int64_t nb;          /* mrope-blocks: frames so far */
  int64_t vseg;        /* mrope-blocks: vision segments so far */
} ids;

/* d[i] = v + i step, i < n (step 0: a fill; every value an id < 2^31), four at a time */
static void ramp(int32_t *d, int64_t v, int step, int64_t n) {
  int64_t i = 0;
#ifdef __wasm_simd128__
  const uint32_t u = (uint32_t)v, k = (uint32_t)step;  /* lanes past n may wrap: never stored */
  const v128_t inc = wasm_i32x4_splat((int32_t)(4 * k));
  v128_t x = wasm_u32x4_make(u, u + k, u + 2 * k, u + 3 * k);
#pragma clang loop unroll(disable)  /* size: the stores, not the loop, cost */
  for (; i + 4 <= n; i += 4, x = wasm_i32x4_add(x, inc)) wasm_v128_store(d + i, x);
#endif
#ifdef __clang__
#pragma clang loop unroll(disable) vectorize(disable)  /* at most 3 left */
#endif
  for (; i < n; i++) d[i] = (int32_t)(v + i * step);
}

enum { B_SEGMENT, B_KIND, B_FRAME, B_FRAMES, B_FIRST, B_HEIGHT, B_WIDTH, B_NEXT, B_MAX, BLOCK_FIELDS };

/* mrope-blocks: frames f0 .. f0 + nf of the current vision segment (T frames of kind k, gh x gw
 * merged patches each) were written contiguously from token `from`; o->next and o->max are the
 * walk's state after them (where the next segment starts, the largest id so far). */
static void frames_of(ids *o, int64_t from, int64_t f0, int64_t nf, int64_t T, int64_t gh, int64_t gw, int32_t k) {
  if (!o->blocks) return;
  for (int64_t f = 0; f < nf; f++, o->nb++) {
    if (!o->blk) continue;
    int32_t *b = o->blk + o->nb * BLOCK_FIELDS;
    b[B_SEGMENT] = (int32_t)o->vseg, b[B_KIND] = k, b[B_FRAME] = (int32_t)(f0 + f), b[B_FRAMES] = (int32_t)T;
    b[B_FIRST] = (int32_t)(from + f * gh * gw), b[B_HEIGHT] = (int32_t)gh, b[B_WIDTH] = (int32_t)gw;
    b[B_NEXT] = (int32_t)o->next, b[B_MAX] = (int32_t)o->max;
  }
}

/* mrope-segments: tokens from..o->n are of segment kind v. */
static void mark(ids *o, int64_t from, int32_t v) {
  if (o->seg) ramp(o->seg + from, v, 0, o->n - from);
}

static void text(ids *o, int64_t n) {
  const int64_t s = o->next, from = o->n;
  if (o->t) ramp(o->t + o->n, s, 1, n), ramp(o->h + o->n, s, 1, n), ramp(o->w + o->n, s, 1, n);
  if (o->x0) ramp(o->x0 + o->n, s, 1, n);
  o->n += n;
  mark(o, from, 0);
  if (n && s + n - 1 > o->max) o->max = s + n - 1;
  o->next = s + n;  /* 'max' and 'grid' agree after text */
}

/* The ids of one frame's gh x gw merged patches from token k (when written): t = tt, h = s + row,
 * w = s + column. */
static void frame_ids(ids *o, int64_t k, int64_t tt, int64_t s, int64_t gh, int64_t gw) {
  if (!o->t) return;
  ramp(o->t + k, tt, 0, gh * gw);
  for (int64_t r = 0; r < gh; r++) ramp(o->h + k + r * gw, s + r, 0, gw), ramp(o->w + k + r * gw, s, 1, gw);
}

/* One block of gh x gw merged patches (gh, gw >= 1) per temporal index, temporal ids tau[0 .. gt). */
static void block(ids *o, int64_t gt, int64_t gh, int64_t gw, int64_t tau_step, int advance) {
  const int64_t s = o->next;
  for (int64_t t = 0; t < gt; t++) {
    const int64_t tt = s + t * tau_step;
    frame_ids(o, o->n + t * gh * gw, tt, s, gh, gw);
    const int64_t m = tt > s + gh - 1 ? tt : s + gh - 1, mm = m > s + gw - 1 ? m : s + gw - 1;
    if (mm > o->max) o->max = mm;
  }
  o->n += gt * gh * gw;
  o->next = advance == ADV_GRID ? s + (gh > gw ? gh : gw) : o->max + 1;
}

/* qwen2.5-vl: a video's temporal id k, relative to its block, floor of second_per_grid_t *
 * tokens_per_second * k in float32 as torch forms it (timeRounding 'seconds': the seconds floored). */
static double frame_t(int64_t k, double secs, double tps, int seconds_rule) {
  const float tps32 = (float)tps;
  return floor(seconds_rule ? (double)((float)((double)k * floor(secs)) * tps32)
                            : (double)(((float)k * (float)secs) * tps32));
}

static pe_status walk_other(const pe_request *rq, ids *o, pe_error *err);

/* Parse the sequence and (o->t set) write the ids; the check pass runs it with o->t NULL. */
static pe_status walk(const pe_request *rq, ids *o, pe_error *err) {
  const int lay = (int)rq->v[M_layout];
  if (lay != L_INDEXED && rq->v[M_axes] != 3)
    return pe__fail(err, rq, M_axes, PE_EINVAL, NAN, NAN, "is for layout 'indexed_images' (len(mrope_section)); other layouts have 3 rows");
  if (lay != L_RUNS && rq->v[M_temporalMergeSize] != 1)
    return pe__fail(err, rq, M_temporalMergeSize, PE_EINVAL, NAN, NAN, "is for layout 'interleaved_runs'");
  if (lay != L_ACHUNK && lay != L_AMERGED && rq->given[M_positionIdPerSeconds])
    return pe__fail(err, rq, M_positionIdPerSeconds, PE_EINVAL, NAN, NAN, "is for layouts 'audio_chunked' and 'audio_merged'");
  if (lay != L_AMERGED && rq->given[M_audioWindowSize])
    return pe__fail(err, rq, M_audioWindowSize, PE_EINVAL, NAN, NAN, "is for layout 'audio_merged'");
  if (lay != L_QWEN) return walk_other(rq, o, err);
  const int model = (int)rq->v[M_model], m = (int)rq->v[M_spatialMergeSize], advance = (int)rq->v[M_advance];
  const double tps = rq->v[M_tokensPerSecond];
  scan sc = {.s = rq->str[M_sequence] ? rq->str[M_sequence] : "", .len = rq->len[M_sequence], .at = 0, .seg = 0};
  int after_text = 0;
  o->n = 0, o->max = -1, o->next = 0, o->nb = 0, o->vseg = 0;
  for (;;) {
    while (sc.at < sc.len && is_sep(sc.s[sc.at])) sc.at++;
    if (sc.at >= sc.len) break;
    sc.seg = sc.at;
    if (keyword(&sc, "text:")) {
      const int64_t n = number(&sc);
      if (n < 0) return fail(err, rq, &sc, PE_EINVAL, "expected a number of tokens after 'text:'");
      if (sc.at < sc.len && !is_sep(sc.s[sc.at])) return fail(err, rq, &sc, PE_EINVAL, "unexpected character after the count");
      if (n == 0) return fail(err, rq, &sc, PE_ERANGE, "a text segment needs at least 1 token");
      if (n > MAX_TOKENS - o->n) return fail(err, rq, &sc, PE_ERANGE, "makes more than 16777216 tokens");
      if (o->next + n - 1 > MAX_ID) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
      text(o, n);
      after_text = 1;
      continue;
    }
    const int video = keyword(&sc, "video:");
    if (!video && !keyword(&sc, "image:"))
      return fail(err, rq, &sc, PE_EINVAL, "expected 'text:N', 'image:TxHxW' or 'video:TxHxW'");
    int64_t g[3];
    for (int a = 0; a < 3; a++) {
      if (a && !keyword(&sc, "x")) return fail(err, rq, &sc, PE_EINVAL, "expected 'x' between the grid sizes T, H and W");
      if ((g[a] = number(&sc)) < 0) return fail(err, rq, &sc, PE_EINVAL, "expected a grid size (digits)");
    }
    double secs = 1.0;
    int ngaps = 0;
    int64_t gap_one = 0;
    int64_t gaps_at = -1;
    if (video && sc.at < sc.len && sc.s[sc.at] == '@') {
      if (model != QWEN2_5_VL) return fail(err, rq, &sc, PE_EINVAL, "'@seconds' is for model 'qwen2.5-vl' only");
      sc.at++;
      if ((secs = seconds(&sc)) < 0) return fail(err, rq, &sc, PE_EINVAL, "expected seconds after '@' (digits, optionally a '.')");
      if (sc.at < sc.len && sc.s[sc.at] == 's') sc.at++;
    }
    if (video && sc.at < sc.len && sc.s[sc.at] == '/') {
      if (model != QWEN3_VL) return fail(err, rq, &sc, PE_EINVAL, "'/gap' is for model 'qwen3-vl' only");
      sc.at++;
      gaps_at = sc.at;
      for (;;) {
        const int64_t v = number(&sc);
        if (v < 0) return fail(err, rq, &sc, PE_EINVAL, "expected a gap (digits) after '/' or ','");
        if (v == 0) return fail(err, rq, &sc, PE_ERANGE, "a gap needs at least 1 text token");
        if (!ngaps) gap_one = v;
        ngaps++;
        if (sc.at < sc.len && sc.s[sc.at] == ',') sc.at++;
        else break;
      }
    }
    if (sc.at < sc.len && !is_sep(sc.s[sc.at]))
      return fail(err, rq, &sc, PE_EINVAL, video ? "unexpected character (a video takes '@seconds' and '/gaps')"
                                                 : "unexpected character after the grid");
    if (!after_text)
      return fail(err, rq, &sc, PE_EINVAL, "a vision segment must follow a text segment (ending in <|vision_start|>)");
    if (!g[0] || !g[1] || !g[2]) return fail(err, rq, &sc, PE_ERANGE, "a grid size is 0");
    if (g[1] % m || g[2] % m) return fail(err, rq, &sc, PE_ERANGE, "H and W must be multiples of spatialMergeSize");
    const int64_t gh = g[1] / m, gw = g[2] / m, T = g[0];
    if (video && model == QWEN3_VL && T > 1 && !ngaps)
      return fail(err, rq, &sc, PE_EINVAL, "a qwen3-vl video of T > 1 frames needs '/gap' (text tokens between frames)");
    if (ngaps > 1 && ngaps != T - 1) return fail(err, rq, &sc, PE_EINVAL, "needs one gap or exactly T - 1 gaps");
    /* tokens: T gh gw pads, plus the gaps for a qwen3-vl video */
    double total = (double)T * (double)gh * (double)gw;
    if (video && model == QWEN3_VL && ngaps) {
      double gsum = 0;
      if (ngaps == 1) gsum = (double)gap_one * (double)(T - 1);
      else {
        scan g2 = sc;
        g2.at = gaps_at;
        for (int i = 0; i < ngaps; i++, g2.at++) gsum += (double)number(&g2);
      }
      total += gsum;
    }
    if (total > (double)(MAX_TOKENS - o->n)) return fail(err, rq, &sc, PE_ERANGE, "makes more than 16777216 tokens");
    /* the largest id the block reaches, before writing anything */
    if (video && model == QWEN3_VL) {
      scan g2 = sc;
      g2.at = gaps_at;
      for (int64_t f = 0; f < T; f++) {
        const int64_t from = o->n;
        block(o, 1, gh, gw, 0, advance);
        mark(o, from, 2);
        if (o->max > MAX_ID) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
        frames_of(o, from, f, 1, T, gh, gw, 2);
        if (f + 1 < T) {
          const int64_t gap = ngaps == 1 ? gap_one : number(&g2);
          if (ngaps > 1) g2.at++;
          if (o->next + gap - 1 > MAX_ID) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
          text(o, gap);
        }
      }
      o->vseg++;
      after_text = 0;
      continue;
    }
    const int64_t ext = gh > gw ? gh : gw;
    int64_t tlast = T - 1;   /* the last temporal id, relative to the block start */
    const int seconds_rule = rq->v[M_timeRounding] == SECONDS;
    if (video && model == QWEN2_5_VL) {
      const double last = frame_t(tlast, secs, tps, seconds_rule);
      if (!(last < (double)MAX_ID)) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
      tlast = (int64_t)last;
    } else if (!video && model == QWEN2_5_VL) {
      tlast = 0;
    }
    if (o->next + (tlast > ext - 1 ? tlast : ext - 1) > MAX_ID) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
    if (video && model == QWEN2_5_VL) {
      const int64_t s = o->next;
      for (int64_t k = 0; k < T; k++) {
        const int64_t tt = s + (int64_t)frame_t(k, secs, tps, seconds_rule);
        frame_ids(o, o->n + k * gh * gw, tt, s, gh, gw);
        if (tt > o->max) o->max = tt;
      }
      o->n += T * gh * gw;
      mark(o, o->n - T * gh * gw, 2);
      if (s + ext - 1 > o->max) o->max = s + ext - 1;
      o->next = advance == ADV_GRID ? s + ext : o->max + 1;
      frames_of(o, o->n - T * gh * gw, 0, T, T, gh, gw, 2);
    } else {
      const int64_t from = o->n;
      block(o, T, gh, gw, model == QWEN2_5_VL ? 0 : 1, advance);
      mark(o, from, video ? 2 : 1);
      frames_of(o, from, 0, T, T, gh, gw, video ? 2 : 1);
    }
    o->vseg++;
    after_text = 0;
  }
  return PE_OK;
}

/* interleaved_runs' and the audio layouts' temporal id of frame k, relative to the block:
 * get_mrope_vision_positions takes
 * (arange(T') * time_interval).long(), exact for an integral interval (torch keeps int64), else a
 * float32 product truncated (torch promotes int64 times a Python float to float32). */
static double runs_tau(int64_t k, double interval) {
  if (interval == floor(interval)) return (double)k * interval;  /* exact below 2^53; larger is refused */
  return trunc((double)((float)k * (float)interval));
}

static int64_t floordiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/* Decoder tokens of an audio of L mel frames: _mrope_audio_length_pooled (audio_chunked: two
 * stride-2 convs, a stride-2 pooler) or _mrope_audio_length_windowed (audio_merged: three stride-2
 * convs per window of 2 n_window frames, 13 tokens a full window), in Python's floor division. */
static int64_t audio_tokens(int64_t L, int merged, int64_t window) {
  if (!merged) return floordiv(floordiv(L - 1, 2) + 1 - 2, 2) + 1;
  const int64_t chunk = 2 * window, feat = floordiv(L % chunk - 1, 2) + 1;
  return floordiv(floordiv(feat - 1, 2) + 1 - 1, 2) + 1 + (L / chunk) * 13;
}

/* The layouts transformers' get_mrope_index names (config mrope_layout): interleaved_runs (runs of
 * text, image, video; vision at the running position, which then advances by max(H, W)/m),
 * indexed_images (HunYuan-VL: 1D ids throughout, an image's grid overwritten by (col, row, index) on
 * the last three axes, gw + 1 columns per row) and the Omni audio layouts (every span at 1 + the
 * largest id, audio:L 1-D). Same grammar as the qwen walk plus audio:L; see posenc.h. */
static pe_status walk_other(const pe_request *rq, ids *o, pe_error *err) {
  const int layout = (int)rq->v[M_layout], m = (int)rq->v[M_spatialMergeSize], tms = (int)rq->v[M_temporalMergeSize];
  const double tps = rq->v[M_tokensPerSecond];
  scan sc = {.s = rq->str[M_sequence] ? rq->str[M_sequence] : "", .len = rq->len[M_sequence], .at = 0, .seg = 0};
  int prev = -1;     /* the previous segment's kind: 0 text, 1 image, 2 video */
  int64_t images = 0;
  o->n = 0, o->max = -1, o->next = 0, o->nb = 0, o->vseg = 0;
  for (;;) {
    /* audio_merged's ids are float32 in the Python: from 2^24 on not every integer exists there */
    if (layout == L_AMERGED && o->max >= 16777216)
      return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^24, which audio_merged's float32 ids cannot hold exactly");
    while (sc.at < sc.len && is_sep(sc.s[sc.at])) sc.at++;
    if (sc.at >= sc.len) break;
    sc.seg = sc.at;
    if (keyword(&sc, "text:")) {
      const int64_t n = number(&sc);
      if (n < 0) return fail(err, rq, &sc, PE_EINVAL, "expected a number of tokens after 'text:'");
      if (sc.at < sc.len && !is_sep(sc.s[sc.at])) return fail(err, rq, &sc, PE_EINVAL, "unexpected character after the count");
      if (n == 0) return fail(err, rq, &sc, PE_ERANGE, "a text segment needs at least 1 token");
      if (n > MAX_TOKENS - o->n) return fail(err, rq, &sc, PE_ERANGE, "makes more than 16777216 tokens");
      if (layout == L_INDEXED) o->next = o->n;  /* ids are token indices there */
      if (o->next + n - 1 > MAX_ID) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
      text(o, n);
      prev = 0;
      continue;
    }
    const int omni = layout == L_ACHUNK || layout == L_AMERGED;
    if (omni && keyword(&sc, "audio:")) {
      const int64_t L = number(&sc);
      if (L < 0) return fail(err, rq, &sc, PE_EINVAL, "expected a number of mel frames after 'audio:'");
      if (sc.at < sc.len && !is_sep(sc.s[sc.at])) return fail(err, rq, &sc, PE_EINVAL, "unexpected character after the count");
      const int64_t n = audio_tokens(L, layout == L_AMERGED, (int64_t)rq->v[M_audioWindowSize]);
      if (n <= 0) return fail(err, rq, &sc, PE_ERANGE, "gives no audio tokens (too few mel frames)");
      if (n > MAX_TOKENS - o->n) return fail(err, rq, &sc, PE_ERANGE, "makes more than 16777216 tokens");
      if (o->next + n - 1 > MAX_ID) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
      text(o, n);  /* audio is 1-D in time: consecutive ids, as text */
      prev = 0;
      continue;
    }
    const int video = keyword(&sc, "video:");
    if (!video && !keyword(&sc, "image:"))
      return fail(err, rq, &sc, PE_EINVAL, omni ? "expected 'text:N', 'image:TxHxW', 'video:TxHxW' or 'audio:L'"
                                                : "expected 'text:N', 'image:TxHxW' or 'video:TxHxW'");
    if (video && layout == L_INDEXED)
      return fail(err, rq, &sc, PE_EINVAL, "layout 'indexed_images' has images only (no video)");
    int64_t g[3];
    for (int a = 0; a < 3; a++) {
      if (a && !keyword(&sc, "x")) return fail(err, rq, &sc, PE_EINVAL, "expected 'x' between the grid sizes T, H and W");
      if ((g[a] = number(&sc)) < 0) return fail(err, rq, &sc, PE_EINVAL, "expected a grid size (digits)");
    }
    double secs = -1;
    int64_t gap_one = 0, gaps_at = -1;
    int ngaps = 0;
    if (video && sc.at < sc.len && sc.s[sc.at] == '@') {
      sc.at++;
      if ((secs = seconds(&sc)) < 0) return fail(err, rq, &sc, PE_EINVAL, "expected seconds after '@' (digits, optionally a '.')");
      if (sc.at < sc.len && sc.s[sc.at] == 's') sc.at++;
    }
    if (video && sc.at < sc.len && sc.s[sc.at] == '/') {
      sc.at++;
      gaps_at = sc.at;
      for (;;) {
        const int64_t v = number(&sc);
        if (v < 0) return fail(err, rq, &sc, PE_EINVAL, "expected a gap (digits) after '/' or ','");
        if (v == 0) return fail(err, rq, &sc, PE_ERANGE, "a gap needs at least 1 text token");
        if (!ngaps) gap_one = v;
        ngaps++;
        if (sc.at < sc.len && sc.s[sc.at] == ',') sc.at++;
        else break;
      }
    }
    if (sc.at < sc.len && !is_sep(sc.s[sc.at]))
      return fail(err, rq, &sc, PE_EINVAL, video ? "unexpected character (a video takes '@seconds' and '/gaps')"
                                                 : "unexpected character after the grid");
    const int kind = video ? 2 : 1;
    /* token types group into runs: two images (or videos) in a row would be one run, one grid */
    if (prev == kind)
      return fail(err, rq, &sc, PE_EINVAL, video ? "a video right after a video is one run of video tokens: put text between"
                                                 : "an image right after an image is one run of image tokens: put text between");
    if (!g[0] || !g[1] || !g[2]) return fail(err, rq, &sc, PE_ERANGE, "a grid size is 0");
    if (g[1] % m || g[2] % m) return fail(err, rq, &sc, PE_ERANGE, "H and W must be multiples of spatialMergeSize");
    const int64_t gh = g[1] / m, gw = g[2] / m;
    if (layout == L_INDEXED) {
      if (g[0] != 1) return fail(err, rq, &sc, PE_ERANGE, "layout 'indexed_images' takes T = 1 (an image)");
      if ((double)gh * (double)(gw + 1) > (double)(MAX_TOKENS - o->n))
        return fail(err, rq, &sc, PE_ERANGE, "makes more than 16777216 tokens");
      const int64_t cols = gw + 1, cnt = gh * cols, from = o->n;
      if (o->t) {
        if (o->x0) ramp(o->x0 + from, from, 1, cnt);
        for (int64_t r = 0; r < gh; r++)
          ramp(o->t + from + r * cols, 0, 1, cols), ramp(o->h + from + r * cols, r, 0, cols);
        ramp(o->w + from, images, 0, cnt);
      }
      o->n += cnt;
      int64_t top = gw > gh - 1 ? gw : gh - 1;
      if (images > top) top = images;
      if (o->x0 && from + cnt - 1 > top) top = from + cnt - 1;
      if (top > o->max) o->max = top;
      o->next = o->n;
      mark(o, from, 1);
      frames_of(o, from, 0, 1, 1, gh, cols, 1);
      images++, o->vseg++;
      prev = 1;
      continue;
    }
    if (omni) {
      /* Qwen2.5-Omni / Qwen3-Omni: the block at 1 + the largest id (its bos token is text before it),
       * temporal ids k interval, interval = position_id_per_seconds (images) or second_per_grid_t times
       * it (videos): truncated from float32 (audio_chunked, int64) or kept (audio_merged, float32) */
      if (ngaps) return fail(err, rq, &sc, PE_EINVAL, "'/gap' is not part of the audio layouts");
      const double interval = (video ? (secs >= 0 ? secs : 1) : 1) * rq->v[M_positionIdPerSeconds];
      const int64_t T = g[0], s0 = o->next, from = o->n, ext = gh > gw ? gh : gw;
      if ((double)T * (double)gh * (double)gw > (double)(MAX_TOKENS - o->n)) return fail(err, rq, &sc, PE_ERANGE, "makes more than 16777216 tokens");
      const double last = runs_tau(T - 1, interval);
      if (!((double)s0 + fmax(last, (double)(ext - 1)) <= (double)MAX_ID)) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
      for (int64_t k = 0; k < T; k++) {
        if (layout == L_AMERGED && interval != floor(interval)) {
          const float f = (float)k * (float)interval;
          if (f != floorf(f))
            return fail(err, rq, &sc, PE_ERANGE, "gives a fractional temporal id (audio_merged keeps k seconds position_id_per_seconds): an int32 table cannot hold it");
        }
        const int64_t tk = s0 + (int64_t)runs_tau(k, interval);
        frame_ids(o, o->n + k * gh * gw, tk, s0, gh, gw);
        if (tk > o->max) o->max = tk;
      }
      if (s0 + ext - 1 > o->max) o->max = s0 + ext - 1;
      o->n += T * gh * gw;
      o->next = o->max + 1;
      mark(o, from, kind);
      frames_of(o, from, 0, T, T, gh, gw, kind);
      o->vseg++;
      prev = 0;  /* the eos token (text) always follows: a span is never merged with the next */
      continue;
    }
    /* interleaved_runs: '/gaps' = split_video_frames (one T = 1 grid per frame, the timestamps between) */
    if (ngaps && g[0] > 1 && ngaps > 1 && ngaps != g[0] - 1) return fail(err, rq, &sc, PE_EINVAL, "needs one gap or exactly T - 1 gaps");
    const int64_t frames = ngaps ? g[0] : 1, T = ngaps ? 1 : g[0];
    const int64_t tt = video ? T / tms : T;
    if (!tt) return fail(err, rq, &sc, PE_ERANGE, "T // temporalMergeSize is 0 (no frames left)");
    /* tokensPerSecond unset: the config has no tokens_per_second, consecutive temporal ids (seconds
     * ignored); set: tps int(second_per_grid_t), 1 s when the video gives none */
    const double interval = video && rq->given[M_tokensPerSecond] ? tps * floor(secs >= 0 ? secs : 1) : 1;
    double total = (double)frames * (double)tt * (double)gh * (double)gw;
    if (frames > 1) total += ngaps == 1 ? (double)gap_one * (double)(frames - 1) : 0;
    if (frames > 1 && ngaps > 1) {
      scan g2 = sc;
      g2.at = gaps_at;
      for (int i = 0; i < ngaps; i++, g2.at++) total += (double)number(&g2);
    }
    if (total > (double)(MAX_TOKENS - o->n)) return fail(err, rq, &sc, PE_ERANGE, "makes more than 16777216 tokens");
    scan g2 = sc;
    g2.at = gaps_at;
    for (int64_t f = 0; f < frames; f++) {
      const int64_t s = o->next, from = o->n, ext = gh > gw ? gh : gw;
      const double last = runs_tau(tt - 1, interval);
      if (!((double)s + fmax(last, (double)(ext - 1)) <= (double)MAX_ID)) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
      for (int64_t k = 0; k < tt; k++) {
        const int64_t tk = s + (int64_t)runs_tau(k, interval);
        frame_ids(o, o->n + k * gh * gw, tk, s, gh, gw);
        if (tk > o->max) o->max = tk;
      }
      if (s + ext - 1 > o->max) o->max = s + ext - 1;
      o->n += tt * gh * gw;
      o->next = s + ext;
      mark(o, from, kind);
      frames_of(o, from, f, frames > 1 ? 1 : tt, frames > 1 ? frames : tt, gh, gw, kind);
      if (f + 1 < frames) {
        const int64_t gap = ngaps == 1 ? gap_one : number(&g2);
        if (ngaps > 1) g2.at++;
        if (o->next + gap - 1 > MAX_ID) return fail(err, rq, &sc, PE_ERANGE, "gives an id >= 2^31");
        text(o, gap);
      }
    }
    o->vseg++;
    prev = kind;
  }
  return PE_OK;
}

pe_status pe__mrope_positions(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  ids o = {0};
  pe_status s;
  /* indexed_images has len(mrope_section) rows: with 4, a first row of 1D ids comes before the three */
  const int x0 = (int)rq->v[M_layout] == L_INDEXED && (int)rq->v[M_axes] == 4;
  if (!out) {
    if ((s = walk(rq, &o, err))) return s;
    pe__shape(sh, 2, (int64_t[]){3 + x0, o.n});
    return PE_OK;
  }
  const int64_t n = sh->dims[1];
  int32_t *p = out;
  if (x0) o.x0 = p, p += n;
  o.t = p, o.h = p + n, o.w = p + 2 * n;
  if ((s = walk(rq, &o, err))) return s;
  pe__info(info, "nextPosition", (double)(o.max + 1));
  pe__info(info, "ropeDelta", (double)(o.max + 1 - o.n));
  return PE_OK;
}

/* The same walk writing only each token's segment kind (the ids are not kept): the views colour
 * the prompt by it. */
pe_status pe__mrope_segments(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  ids o = {.seg = out};
  const pe_status s = walk(rq, &o, err);
  if (!s && !out) pe__shape(sh, 1, (int64_t[]){o.n});
  return s;
}

/* The same walk listing the frames of its images and videos (BLOCK_FIELDS each, see posenc.h):
 * the views draw a block's grid of merged patches from it. */
pe_status pe__mrope_blocks(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  ids o = {.blocks = 1, .blk = out};
  const pe_status s = walk(rq, &o, err);
  if (!s && !out) pe__shape(sh, 2, (int64_t[]){o.nb, BLOCK_FIELDS});
  return s;
}

/* mrope-axes: which M-RoPE axis (0 t, 1 h, 2 w; -1 all of them: no mropeSection) each column of
 * rope's tables follows, for the views' column labels. The rules are rope's (web/docs/multimodal.md);
 * the scaling and section checks are rope's own (pe__rope_setup, pe__rope_sections). */
#define A_(name, ...) A_##name,
enum { PE_PARAMS_ROPE(A_) A__N };
enum { NEOX, GPTJ };  /* rope's layout choices, kinds.def order */

pe_status pe__mrope_axes(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  pe__rope_freqs f;
  pe_status s = pe__rope_setup(rq, &f, err);
  if (s) return s;
  const int r = f.r, h = r / 2;
  int sec[3], interleaved, mrope, xaxes;
  if ((s = pe__rope_xdrope(rq, h, r, &xaxes, err))) return s;
  if (!xaxes && (s = pe__rope_sections(rq, h, sec, &interleaved, &mrope, err))) return s;
  if (!out) {
    pe__shape(sh, 1, (int64_t[]){r});
    return PE_OK;
  }
  const int gptj = (int)rq->v[A_layout] == GPTJ;
  int32_t *o = out;
  if (xaxes) {  /* by column: chunks of 2 s_a over the whole head (pe__rope_xdrope) */
    for (int j = 0, a = 0, left = 0; j < r; j++) {
      while (left == 0) left = 2 * (int)pe__iarr_at(rq, A_xdropeSection, a++);
      o[j] = a - 1, left--;
    }
    return PE_OK;
  }
  for (int j = 0; j < r; j++) o[j] = mrope ? pe__rope_freq_axis(gptj ? j / 2 : j % h, sec, interleaved) : -1;
  return PE_OK;
}
