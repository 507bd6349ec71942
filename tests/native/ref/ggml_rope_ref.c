/* The cos/sin table of ggml's CPU rope kernel, written here from its published order of float
 * operations (ggml-org/llama.cpp ggml/src/ggml-cpu/ops.cpp@1f08e2d662715ead7987c365eced4f273d90e431
 * ggml_rope_cache_init, rope_yarn, rope_yarn_ramp; ggml/src/ggml.c@1f08e2d662715ead7987c365eced4f273d90e431
 * ggml_rope_yarn_corr_dims) with glibc's cosf, sinf, powf and logf: the reference that
 * tests/native/rope-ggml.test.js compares posenc's freqDtype 'ggml' with, bit for bit.
 *
 *   ggml_rope_ref positions offset dim base layout type factor orig beta_fast beta_slow attn [nff]
 *     layout 0 neox (pairs k, k + dim/2), 1 gptj (2k, 2k + 1); type 0 default, 1 linear, 2 yarn;
 *     nff > 0: that many frequency factors read from stdin (decimal, each exactly a float).
 *   Writes the table [2, positions, dim] (cos rows, then sin rows) as raw float32 to stdout.
 *
 * Built without contraction of a * b + c into fused multiply-adds (-ffp-contract=off), as a
 * build for a CPU without FMA runs ggml's kernel. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#if !defined(__FLT_EVAL_METHOD__) || __FLT_EVAL_METHOD__ != 0
#error "float expressions must be evaluated in float (SSE, not x87)"
#endif

/* -DROUNDED_DOUBLE: each float function as the double one rounded to float (glibc's double cos,
 * sin, pow, log are correctly rounded in practice), which isolates the order of the operations from
 * glibc's float routines (sinf and cosf are not correctly rounded: ~1% of the angles here differ). */
#ifdef ROUNDED_DOUBLE
#define cosf(x) ((float)cos((double)(x)))
#define sinf(x) ((float)sin((double)(x)))
#define powf(x, y) ((float)pow((double)(x), (double)(y)))
#define logf(x) ((float)log((double)(x)))
#endif

static float corr(int n, int orig, float beta, float base) {
  /* the rotation count beta's pair: n ln(orig / (2 pi beta)) / (2 ln base), each step a float */
  const float two_pi_beta = beta * 2 * (float)3.14159265358979323846;
  return n * logf(orig / two_pi_beta) / (2 * logf(base));
}

int main(int argc, char **argv) {
  if (argc < 12) {
    fprintf(stderr, "usage: ggml_rope_ref positions offset dim base layout type factor orig beta_fast beta_slow attn [nff]\n");
    return 2;
  }
  const long n = atol(argv[1]), offset = atol(argv[2]);
  const int dim = atoi(argv[3]), gptj = atoi(argv[5]), type = atoi(argv[6]);
  const float base = strtof(argv[4], NULL), factor = strtof(argv[7], NULL), bf = strtof(argv[9], NULL),
              bs = strtof(argv[10], NULL), attn = strtof(argv[11], NULL);
  const int orig = atoi(argv[8]), nff = argc > 12 ? atoi(argv[12]) : 0, h = dim / 2;
  float *ff = NULL;
  if (nff) {
    ff = malloc(sizeof *ff * nff);
    for (int k = 0; k < nff; k++)
      if (scanf("%f", ff + k) != 1) return 3;
  }
  const float freq_scale = type == 0 ? 1.0f : 1.0f / factor, ext = type == 2 ? 1.0f : 0.0f;
  const float theta_scale = powf(base, -2.0f / dim);
  float lo = 0, hi = 0;
  if (type == 2) {
    const float a = floorf(corr(dim, orig, bf, base)), b = ceilf(corr(dim, orig, bs, base));
    lo = a < 0 ? 0 : a;
    hi = b > dim - 1 ? dim - 1 : b;
  }
  float *c = malloc(sizeof *c * n * dim), *s = malloc(sizeof *s * n * dim);
  for (long p = 0; p < n; p++) {
    float theta = (float)(offset + p);
    for (int k = 0; k < h; k++) {
      const float extrap = theta / (ff ? ff[k] : 1.0f), interp = freq_scale * extrap;
      float angle = interp, ms = attn;
      if (ext != 0.0f) {
        const float d = hi - lo, y = (k - lo) / (d > 0.001f ? d : 0.001f);
        const float ramp = 1 - (y < 0 ? 0 : y > 1 ? 1 : y), mix = ramp * ext;
        angle = interp * (1 - mix) + extrap * mix;
        ms *= 1.0f + 0.1f * logf(1.0f / freq_scale);
      }
      const float cv = cosf(angle) * ms, sv = sinf(angle) * ms;
      const int i = gptj ? 2 * k : k, j = gptj ? 2 * k + 1 : k + h;
      c[p * dim + i] = c[p * dim + j] = cv;
      s[p * dim + i] = s[p * dim + j] = sv;
      theta *= theta_scale;
    }
  }
  fwrite(c, sizeof *c, n * dim, stdout);
  fwrite(s, sizeof *s, n * dim, stdout);
  return 0;
}
