/* `posenc-native colormap-sample`: pe_colormap_sample (c/colormap.c) against a per-pixel
 * reference built from pe_colormap_apply on the one value each pixel shows (the cell under its
 * centre, posenc.h), under ASan/UBSan: shapes down- and up-sampled, whole multiples, strides,
 * float32 with NaN/+-Infinity and int32, given and automatic limits (of every cell), the widest
 * image, and the refusals (each naming its argument, writing nothing); pe_colormap_sample_columns
 * likewise against each column's own limits. tests/native/colormap-image.test.js runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "posenc.h"

static int failures;
static long images, pixels, errors;

static void fail(const char *what, size_t rows, size_t cols, size_t h, size_t w) {
  fprintf(stderr, "colormap-sample: %s (%zu x %zu -> %zu x %zu)\n", what, rows, cols, h, w);
  failures++;
}

static uint32_t rnd(uint32_t *s) {  /* xorshift32 */
  *s ^= *s << 13, *s ^= *s >> 17, *s ^= *s << 5;
  return *s;
}

/* The automatic limits of the rows x cols cells, from pe_range_of over a packed copy. */
static int auto_limits(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride, double *lo, double *hi) {
  uint32_t *packed = malloc(rows * cols * 4 + 4);
  if (!packed) return 0;
  for (size_t r = 0; r < rows; r++) memcpy(packed + r * cols, (const uint32_t *)data + r * stride, cols * 4);
  pe_range range;
  pe_error err;
  const int ok = pe_range_of(map, packed, dtype, rows * cols, &range, &err) == PE_OK;
  *lo = range.lo, *hi = range.hi;
  free(packed);
  return ok;
}

static void check(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride, size_t h, size_t w,
                  double vmin, double vmax) {
  uint8_t *img = malloc(4 * h * w), *px = malloc(4);
  double limits[2], lo = vmin, hi = vmax;
  pe_error err;
  if (!img || !px) abort();
  if (pe_colormap_sample(map, data, dtype, rows, cols, stride, h, w, vmin, vmax, img, limits, &err) != PE_OK) {
    fail("refused a valid request", rows, cols, h, w);
  } else {
    if (isnan(vmin) && !auto_limits(map, data, dtype, rows, cols, stride, &lo, &hi)) abort();
    if (limits[0] != lo || limits[1] != hi) fail("limits differ from pe_range_of over every cell", rows, cols, h, w);
    for (size_t y = 0; y < h; y++) {
      const size_t r = (2 * y + 1) * rows / (2 * h);
      for (size_t x = 0; x < w; x++) {
        const size_t c = (2 * x + 1) * cols / (2 * w);
        const uint32_t *cell = (const uint32_t *)data + r * stride + c;
        if (pe_colormap_apply(map, cell, dtype, 1, lo, hi, px, NULL, &err) != PE_OK) abort();
        if (memcmp(px, img + 4 * (y * w + x), 4)) {
          fail("a pixel is not the colour of the cell under its centre", rows, cols, h, w);
          y = h;
          break;
        }
      }
    }
    pixels += (long)(h * w);
  }
  images++;
  free(img);
  free(px);
}

/* pe_colormap_sample_columns: each column's limits as pe_range_of over that column's cells (the
 * given ends replacing them), each pixel pe_colormap_apply's colour of its cell at its column's
 * limits. */
static long column_images, column_pixels;
static void check_columns(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride, size_t h,
                          size_t w, double vmin, double vmax) {
  uint8_t *img = malloc(4 * h * w), *px = malloc(4);
  double *limits = malloc(16 * cols), *want = malloc(16 * cols);
  uint32_t *column = malloc(4 * rows);
  pe_error err;
  if (!img || !px || !limits || !want || !column) abort();
  for (size_t c = 0; c < cols; c++) {
    for (size_t r = 0; r < rows; r++) column[r] = ((const uint32_t *)data)[r * stride + c];
    pe_range range;
    if (pe_range_of(map, column, dtype, rows, &range, &err) != PE_OK) abort();
    want[2 * c] = isnan(vmin) ? range.lo : vmin, want[2 * c + 1] = isnan(vmax) ? range.hi : vmax;
  }
  if (pe_colormap_sample_columns(map, data, dtype, rows, cols, stride, h, w, vmin, vmax, img, limits, &err) != PE_OK) {
    fail("columns: refused a valid request", rows, cols, h, w);
  } else if (memcmp(limits, want, 16 * cols)) {
    fail("columns: limits differ from pe_range_of over each column", rows, cols, h, w);
  } else {
    for (size_t y = 0; y < h; y++) {
      const size_t r = (2 * y + 1) * rows / (2 * h);
      for (size_t x = 0; x < w; x++) {
        const size_t c = (2 * x + 1) * cols / (2 * w);
        const uint32_t *cell = (const uint32_t *)data + r * stride + c;
        if (pe_colormap_apply(map, cell, dtype, 1, want[2 * c], want[2 * c + 1], px, NULL, &err) != PE_OK) abort();
        if (memcmp(px, img + 4 * (y * w + x), 4)) {
          fail("columns: a pixel is not its cell's colour at its column's limits", rows, cols, h, w);
          y = h;
          break;
        }
      }
    }
    column_pixels += (long)(h * w);
  }
  column_images++;
  free(img), free(px), free(limits), free(want), free(column);
}

static void refuse(size_t rows, size_t cols, size_t stride, size_t h, size_t w, double vmin, double vmax,
                   pe_status want, const char *param) {
  static float data[64];
  uint8_t img[4 * 16] = {0};
  pe_error err = {0};
  const pe_status s = pe_colormap_sample(0, data, PE_F32, rows, cols, stride, h, w, vmin, vmax, img, NULL, &err);
  if (s != want || !err.param || strcmp(err.param, param)) fail("a bad request was not refused as expected", rows, cols, h, w);
  for (int i = 0; i < 4 * 16; i++)
    if (img[i]) {
      fail("a refused request wrote pixels", rows, cols, h, w);
      break;
    }
  errors++;
}

int pe_native_colormap_sample(void) {
  static const size_t shapes[][4] = {
    {1, 1, 1, 1}, {1, 1, 4, 3}, {7, 5, 7, 5}, {7, 5, 21, 15}, {7, 5, 3, 2}, {7, 5, 10, 8}, {2048, 512, 620, 620},
    {50, 64, 560, 640}, {13, 600, 13, 601}, {600, 13, 1, 1}, {2, 40000, 3, PE_SAMPLE_MAX}, {97, 31, 300, 41},
  };
  uint32_t seed = 12345;
  for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
    const size_t rows = shapes[k][0], cols = shapes[k][1], h = shapes[k][2], w = shapes[k][3];
    const size_t stride = cols + (k % 3), n = (rows - 1) * stride + cols;
    float *f = malloc(n * 4);
    int32_t *i32 = malloc(n * 4);
    if (!f || !i32) abort();
    for (size_t i = 0; i < n; i++) {
      const uint32_t u = rnd(&seed);
      f[i] = u % 97 == 0 ? NAN : u % 89 == 0 ? -INFINITY : u % 83 == 0 ? INFINITY : (float)(u % 20001) / 10000.0f - 1.0f;
      i32[i] = (int32_t)(u % 1000) - 500;
    }
    for (int map = 0; map < pe_colormap_count(); map++) {
      check(map, f, PE_F32, rows, cols, stride, h, w, NAN, NAN);
      check(map, f, PE_F32, rows, cols, stride, h, w, -0.5, 0.75);
      check(map, f, PE_F32, rows, cols, stride, h, w, 0.25, 0.25);
      check(map, i32, PE_I32, rows, cols, stride, h, w, NAN, NAN);
      check_columns(map, f, PE_F32, rows, cols, stride, h, w, NAN, NAN);
      check_columns(map, f, PE_F32, rows, cols, stride, h, w, -2, NAN);
      check_columns(map, i32, PE_I32, rows, cols, stride, h, w, NAN, NAN);
    }
    free(f);
    free(i32);
  }
  refuse(7, 5, 4, 3, 3, NAN, NAN, PE_EINVAL, "stride");
  refuse(7, 5, 5, 0, 3, NAN, NAN, PE_ERANGE, "height");
  refuse(7, 5, 5, 3, 0, NAN, NAN, PE_ERANGE, "width");
  refuse(1, 1, 1, 1, PE_SAMPLE_MAX + 1, NAN, NAN, PE_ERANGE, "width");
  refuse(0, 5, 5, 1, 1, NAN, NAN, PE_ERANGE, "height");
  refuse(3, 3, 3, 2, 2, 1, 0, PE_ERANGE, "vmin");
  refuse(3, 3, 3, 2, 2, 0, INFINITY, PE_EINVAL, "vmax");
  refuse(3, (size_t)PE_SAMPLE_SIDE + 1, (size_t)PE_SAMPLE_SIDE + 1, 2, 2, NAN, NAN, PE_ERANGE, "cols");
  refuse(2, 1, SIZE_MAX / 2, 2, 2, NAN, NAN, PE_ENOMEM, "stride");
  {
    pe_error err = {0};
    uint8_t img[4];
    if (pe_colormap_sample(0, NULL, PE_F32, 1, 1, 1, 1, 1, NAN, NAN, img, NULL, &err) != PE_EINVAL || strcmp(err.param, "data"))
      fail("NULL data was not refused", 1, 1, 1, 1);
    if (pe_colormap_sample(0, img, PE_F32, 0, 0, 0, 0, 0, NAN, NAN, NULL, NULL, &err) != PE_OK)
      fail("an empty table was refused", 0, 0, 0, 0);
    /* rows of no columns, no data: nothing to scan for the automatic limits (no pointer into NULL) */
    double limits[2] = {1, 1};
    if (pe_colormap_sample(0, NULL, PE_F32, 3, 0, 1, 0, 0, NAN, NAN, NULL, limits, &err) != PE_OK || limits[0] != 0 ||
        limits[1] != 0)
      fail("rows of no columns were refused or not given limits 0, 0", 3, 0, 0, 0);
    errors += 3;
  }
  {  /* columns: a bad limit names vmin; no limits array is refused; an empty table gives [0, 0] per column */
    static float data[16];
    uint8_t img[16];
    double limits[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    pe_error err = {0};
    if (pe_colormap_sample_columns(0, data, PE_F32, 2, 2, 2, 2, 2, 1, 0, img, limits, &err) != PE_ERANGE || strcmp(err.param, "vmin"))
      fail("columns: vmin > vmax was not refused", 2, 2, 2, 2);
    if (pe_colormap_sample_columns(0, data, PE_F32, 2, 2, 2, 2, 2, NAN, NAN, img, NULL, &err) != PE_EINVAL || strcmp(err.param, "limits"))
      fail("columns: NULL limits were not refused", 2, 2, 2, 2);
    if (pe_colormap_sample_columns(0, data, PE_F32, 0, 4, 4, 0, 0, NAN, NAN, NULL, limits, &err) != PE_OK || limits[0] != 0 ||
        limits[7] != 0)
      fail("columns: an empty table was refused or not given limits 0, 0", 0, 4, 0, 0);
    errors += 3;
  }
  printf("colormap-sample: %ld images, %ld pixels, %ld errors checked\n", images, pixels, errors);
  printf("colormap-sample-columns: %ld images, %ld pixels\n", column_images, column_pixels);
  return failures ? 1 : 0;
}
