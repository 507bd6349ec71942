/* Vision positions over a patch grid: rope-2d (Qwen ViT, Pixtral, Llama 4 vision, FLUX) and sincos-2d
 * (MAE, DiT, diffusers, MoCo v3); formulas in posenc.h. */
#include <string.h>
#include "internal.h"
#include "mathlib.h"
#include "kernels.h"

#define V_(name, ...) V_##name,
enum { PE_PARAMS_ROPE_2D(V_) V__N };
#define C_(name, ...) C_##name,
enum { PE_PARAMS_SINCOS_2D(C_) C__N };
enum { QWEN_VIT, PIXTRAL, LLAMA4, FLUX };
enum { AUTO, RASTER, MERGE, WINDOW };
enum { L_AUTO, NEOX, GPTJ };

#define MAX_AXES 8
static const double flux_axes[3] = {16, 56, 56};  /* axesDim's default (kinds.def) */

static double w2[PE_MAXHALF];                    /* the pairs' frequencies, in pair order */
static double s2[PE_MAXHALF], c2[PE_MAXHALF];    /* one token's sin, cos per pair */

/* The grid and how pairs split into groups, each rotated by one coordinate of the token. */
typedef struct {
  int style, order, gptj, dim, half, ngroups;
  int start[MAX_AXES + 1];      /* group g owns pairs [start[g], start[g + 1]) */
  int coord[MAX_AXES];          /* which coordinate rotates group g (grid: 0 frame, 1 row, 2 col) */
  double add[MAX_AXES];         /* added to that coordinate (llama4: 1, flux frame: frameOffset) */
  int64_t H, W, F, m, ws, prefix, suffix, grid;
  const float *coords;
  int naxes;                    /* coordinates per token with coords */
} v2;

static pe_status setup(const pe_request *rq, v2 *g, pe_error *err) {
  const double *v = rq->v;
  g->style = (int)v[V_style];
  const int flux = g->style == FLUX;
  if (!flux && rq->given[V_axesDim])
    return pe__fail(err, rq, V_axesDim, PE_EINVAL, NAN, NAN, "is for style 'flux' only");
  double ad[MAX_AXES];
  int na = 3;
  if (flux) {
    if (rq->given[V_axesDim]) {
      na = rq->len[V_axesDim];
      if (na < 1 || na > MAX_AXES) return pe__fail(err, rq, V_axesDim, PE_EINVAL, 1, MAX_AXES, "must have 1 to 8 axes");
      for (int a = 0; a < na; a++) ad[a] = pe__iarr_at(rq, V_axesDim, a);
    } else {
      for (int a = 0; a < 3; a++) ad[a] = flux_axes[a];
    }
    double sum = 0;
    for (int a = 0; a < na; a++) {
      if ((int64_t)ad[a] % 2) return pe__fail(err, rq, V_axesDim, PE_ERANGE, NAN, NAN, "has an odd width (each axis takes pairs)");
      sum += ad[a];
    }
    if (sum > PE_MAXDIM) return pe__fail(err, rq, V_axesDim, PE_ERANGE, NAN, PE_MAXDIM, "sums to more than the largest dim");
    if (rq->given[V_dim] && v[V_dim] != sum)
      return pe__fail(err, rq, V_dim, PE_ERANGE, sum, sum, "must equal sum(axesDim) for style 'flux'");
    g->dim = (int)sum;
  } else {
    static const int def_dim[] = {80, 64, 88};
    g->dim = rq->given[V_dim] ? (int)v[V_dim] : def_dim[g->style];
    if (g->dim % 4) return pe__fail(err, rq, V_dim, PE_ERANGE, NAN, NAN, "must be a multiple of 4 (two axes of pairs)");
  }
  g->half = g->dim / 2;
  const int layout = (int)v[V_layout];
  g->gptj = layout == GPTJ || (layout == L_AUTO && (g->style == LLAMA4 || flux));
  g->order = (int)v[V_order];
  if (g->order == AUTO) g->order = g->style == QWEN_VIT ? MERGE : RASTER;
  g->coords = rq->given[V_coords] ? rq->arr[V_coords] : NULL;
  g->naxes = flux ? na : 2;
  if (g->coords) {
    static const int grid_params[] = {V_height, V_width, V_frames, V_order};
    for (int i = 0; i < 4; i++)
      if (rq->given[grid_params[i]])
        return pe__fail(err, rq, grid_params[i], PE_EINVAL, NAN, NAN, "cannot be given with coords (coords replace the grid)");
    if (rq->len[V_coords] % g->naxes)
      return pe__fail(err, rq, V_coords, PE_EINVAL, NAN, NAN, "must have a whole number of tokens (axes coordinates each)");
    g->grid = rq->len[V_coords] / g->naxes;
  } else {
    if (flux && na != 3)
      return pe__fail(err, rq, V_axesDim, PE_EINVAL, 3, 3, "must have 3 axes for a grid (frame, row, column); use coords otherwise");
    g->H = (int64_t)v[V_height];
    g->W = rq->given[V_width] ? (int64_t)v[V_width] : g->H;
    g->F = (int64_t)v[V_frames];
    g->m = (int64_t)v[V_mergeSize];
    g->ws = (int64_t)v[V_windowSize];
    if (g->order == MERGE || g->order == WINDOW) {
      if (g->H % g->m) return pe__fail(err, rq, V_height, PE_ERANGE, NAN, NAN, "must be a multiple of mergeSize for the merge and window orders");
      if (g->W % g->m) return pe__fail(err, rq, V_width, PE_ERANGE, NAN, NAN, "must be a multiple of mergeSize for the merge and window orders");
    }
    g->grid = g->F * g->H * g->W;
  }
  g->prefix = (int64_t)v[V_prefixTokens];
  g->suffix = v[V_suffixTokens] >= 0 ? (int64_t)v[V_suffixTokens] : g->style == LLAMA4;
  if (g->prefix + g->grid + g->suffix > PE_MAXPOS) {
    /* name what made the count: the coordinates, else the largest of the grid's sizes (or the prefix) */
    int big = V_height;
    if (!g->coords) {
      if (rq->given[V_width] && g->W > g->H) big = V_width;
      if (g->F > (int64_t)v[big]) big = V_frames;
      if (g->prefix > g->grid) big = V_prefixTokens;
    }
    return pe__fail(err, rq, g->coords ? V_coords : big, PE_ERANGE, NAN, NAN, "makes more than 2^24 tokens");
  }

  /* pairs: groups and their frequencies */
  const double base = v[V_base];
  const int q = g->dim / 4;
  switch (g->style) {
    case QWEN_VIT:  /* VisionRotaryEmbedding(head_dim / 2): inv_i = base^(-2i / (dim/2)); rows then columns */
    case LLAMA4:    /* columns (x) first, ids from 1 */
      for (int i = 0; i < q; i++) w2[i] = w2[q + i] = 1.0 / pe__pow(base, 2.0 * i / (g->dim / 2.0));
      g->ngroups = 2, g->start[0] = 0, g->start[1] = q, g->start[2] = 2 * q;
      g->coord[0] = g->style == LLAMA4 ? 2 : 1, g->coord[1] = g->style == LLAMA4 ? 1 : 2;
      g->add[0] = g->add[1] = g->style == LLAMA4;
      break;
    case PIXTRAL:   /* f_n = base^(-2n/dim): even n for rows, odd n for columns */
      for (int i = 0; i < q; i++) {
        w2[i] = 1.0 / pe__pow(base, 2.0 * (2 * i) / g->dim);
        w2[q + i] = 1.0 / pe__pow(base, 2.0 * (2 * i + 1) / g->dim);
      }
      g->ngroups = 2, g->start[0] = 0, g->start[1] = q, g->start[2] = 2 * q;
      g->coord[0] = 1, g->coord[1] = 2, g->add[0] = g->add[1] = 0;
      break;
    case FLUX: {
      int k = 0;
      g->ngroups = na;
      for (int a = 0; a < na; a++) {
        g->start[a] = k;
        const int da = (int)ad[a];
        for (int i = 0; i < da / 2; i++) w2[k++] = 1.0 / pe__pow(base, 2.0 * i / da);
        g->coord[a] = a, g->add[a] = 0;
      }
      g->start[na] = k;
      if (!g->coords) g->add[0] = v[V_frameOffset];
      break;
    }
  }
  for (int k = 0; k < g->half; k++)
    if (!isfinite(w2[k])) return pe__fail(err, rq, V_base, PE_ERANGE, NAN, NAN, "gives a non-finite frequency");
  return PE_OK;
}

/* Grid token t's (frame, row, column) in the token order. */
static void grid_coords(const v2 *g, int64_t t, double xyz[3]) {
  const int64_t per = g->H * g->W, f = t / per;
  int64_t i = t % per, r, c;
  if (g->order == RASTER) {
    r = i / g->W, c = i % g->W;
  } else {
    const int64_t m = g->m, mm = m * m, gw = g->W / m, gh = g->H / m;
    const int64_t merged = i / mm, in = i % mm;
    int64_t mr, mc;
    if (g->order == MERGE) {
      mr = merged / gw, mc = merged % gw;
    } else {  /* windows of ws x ws merged tokens, row-major, clipped at the bottom and right edges */
      const int64_t ws = g->ws, nww = (gw + ws - 1) / ws, nwh = (gh + ws - 1) / ws;
      const int64_t wr = merged / (ws * gw) < nwh - 1 ? merged / (ws * gw) : nwh - 1;  /* all but the last are full */
      const int64_t left = merged - wr * ws * gw;
      const int64_t rows = (wr + 1) * ws <= gh ? ws : gh - wr * ws;
      const int64_t wc = left / (rows * ws) < nww - 1 ? left / (rows * ws) : nww - 1;
      const int64_t cols = (wc + 1) * ws <= gw ? ws : gw - wc * ws;
      const int64_t within = left - wc * rows * ws;
      mr = wr * ws + within / cols, mc = wc * ws + within % cols;
    }
    r = mr * m + in / m, c = mc * m + in % m;
  }
  xyz[0] = (double)f, xyz[1] = (double)r, xyz[2] = (double)c;
}

pe_status pe__rope_2d(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  v2 g;
  pe_status s = setup(rq, &g, err);
  if (s) return s;
  const int64_t n = g.prefix + g.grid + g.suffix, d = g.dim;
  if (!out) {
    pe__shape(sh, 3, (int64_t[]){2, n, d});
    return PE_OK;
  }
  float *co = out, *so = co + n * d;
  for (int64_t t = 0; t < n; t++) {
    float *cr = co + t * d, *sr = so + t * d;
    const int64_t k = t - g.prefix;
    if (k < 0 || k >= g.grid) {  /* identity rows */
      for (int64_t j = 0; j < d; j++) cr[j] = 1, sr[j] = 0;
      continue;
    }
    double xyz[MAX_AXES];
    if (g.coords) {
      /* (row, col) for the 2-D styles, one per axis for flux */
      for (int a = 0; a < g.naxes; a++) xyz[g.style == FLUX ? a : a + 1] = g.coords[k * g.naxes + a];
    } else {
      grid_coords(&g, k, xyz);
    }
    for (int gi = 0; gi < g.ngroups; gi++) {
      const int a = g.start[gi], len = g.start[gi + 1] - a;
      pe__sincos(w2 + a, xyz[g.coord[gi]] + g.add[gi], 1, s2 + a, c2 + a, len);
    }
    for (int p = 0; p < g.half; p++) {
      const int j0 = g.gptj ? 2 * p : p, j1 = g.gptj ? 2 * p + 1 : p + g.half;
      cr[j0] = cr[j1] = (float)c2[p];
      sr[j0] = sr[j1] = (float)s2[p];
    }
  }
  return PE_OK;
}

pe_status pe__sincos_2d(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  (void)info;
  const double *v = rq->v;
  const int64_t H = (int64_t)v[C_height], W = rq->given[C_width] ? (int64_t)v[C_width] : H, cls = (int64_t)v[C_cls];
  const int d = (int)v[C_dim], q = d / 4;
  if (d % 4) return pe__fail(err, rq, C_dim, PE_ERANGE, NAN, NAN, "must be a multiple of 4 (sin and cos of two axes)");
  const int64_t n = cls + H * W;
  if (H * W > PE_MAXPOS)  /* the larger side names it */
    return pe__fail(err, rq, rq->given[C_width] && W > H ? C_width : C_height, PE_ERANGE, NAN, NAN,
                    "makes height * width more than 2^24 rows");
  if (!out) {
    pe__shape(sh, 2, (int64_t[]){n, d});
    return PE_OK;
  }
  static double w[PE_MAXHALF / 2];  /* one axis' frequencies: off the stack, one request at a time */
  for (int k = 0; k < q; k++) w[k] = 1.0 / pe__pow(v[C_base], (double)k / q);
  float *o = out;
  memset(o, 0, (size_t)(cls * d) * sizeof(float));
  const double bs = v[C_baseSize], is = v[C_interpolationScale];
  const int hw = (int)v[C_axisOrder] == 1;
  /* each cell is [sin a, cos a, sin b, cos b]; (a, b) = (x, y), or (y, x) with axisOrder 'hw' */
  const int xo = hw ? 2 * q : 0, yo = hw ? 0 : 2 * q;
  double *ys = s2 + PE_MAXHALF / 2, *yc = c2 + PE_MAXHALF / 2;  /* the row's y, beside the cell's x */
  /* width 0: no cells, so no row's y either (a tall grid of width 0 would compute every row's sines for nothing) */
  for (int64_t r = 0; r < (W > 0 ? H : 0); r++) {
    double y = (double)r;
    if (bs > 0) y = (double)((float)((float)r / (float)((double)H / bs)) / (float)is);
    pe__sincos(w, y, 1, ys, yc, q);  /* once a row */
    for (int64_t c = 0; c < W; c++) {
      float *row = o + (cls + r * W + c) * d;
      if (r) {  /* x depends on the column only: the first row's */
        memcpy(row + xo, o + (cls + c) * d + xo, sizeof(float) * 2 * (size_t)q);
      } else {
        double x = (double)c;
        if (bs > 0) x = (double)((float)((float)c / (float)((double)W / bs)) / (float)is);
        pe__sincos(w, x, 1, s2, c2, q);
        for (int k = 0; k < q; k++) row[xo + k] = (float)s2[k], row[xo + q + k] = (float)c2[k];
      }
      for (int k = 0; k < q; k++) row[yo + k] = (float)ys[k], row[yo + q + k] = (float)yc[k];
    }
  }
  return PE_OK;
}

/* rope-2d-order: the row of rope-2d's table that each grid cell (frame, row, column) is, in the
 * token order (raster, merge, window) and after the prefix rows: the views place a column's values
 * on the grid and draw the order from it. */
pe_status pe__rope_2d_order(const pe_request *rq, pe_shape *sh, void *out, pe_info *info, pe_error *err) {
  v2 g;
  pe_status s = setup(rq, &g, err);
  if (s) return s;
  if (g.coords) return pe__fail(err, rq, V_coords, PE_EINVAL, NAN, NAN, "have no grid to order (give height, width and frames)");
  if (!out) {
    pe__shape(sh, 3, (int64_t[]){g.F, g.H, g.W});
    return PE_OK;
  }
  pe__info(info, "order", (double)g.order);  /* the order used: auto resolved (an index of order's choices) */
  int32_t *o = out;
  for (int64_t k = 0; k < g.grid; k++) {
    double xyz[MAX_AXES];
    grid_coords(&g, k, xyz);
    o[((int64_t)xyz[0] * g.H + (int64_t)xyz[1]) * g.W + (int64_t)xyz[2]] = (int32_t)(g.prefix + k);
  }
  return PE_OK;
}
