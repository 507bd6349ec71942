/* log, exp, exp2, pow and the pi/2 reduction of large arguments (see mathlib.h). */
#include <math.h>
#include "mathlib.h"

/* ln 2 = LN2_HI + LN2_LO (+ 2^-93): LN2_HI has 36 bits, so k LN2_HI is exact for |k| < 2^17 */
#define LN2_HI 0x1.62e42fefa0000p-1
#define LN2_LO 0x1.cf79abc9e3b3ap-40
#define LN2 0x1.62e42fefa39efp-1
#define INV_LN2_64 0x1.71547652b82fep+6  /* 64 / ln 2 */

/* a b = p + *e exactly (Dekker's split, no FMA; |a|, |b| < 2^995) */
static double two_prod(double a, double b, double *e) {
  const double p = a * b, ta = a * 134217729.0, tb = b * 134217729.0;
  const double ah = ta - (ta - a), al = a - ah, bh = tb - (tb - b), bl = b - bh;
  *e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
  return p;
}

/* a + b = s + *e exactly (Knuth's two-sum) */
static double two_sum(double a, double b, double *e) {
  const double s = a + b, bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}

/* ln(1 + j/32), j = -9 .. 13, as hi + lo (generated with 80-digit decimal arithmetic) */
static const double LOG_F[23][2] = {
  {-0x1.522ae0738a3d8p-2, 0x1.8f7e9b38a6979p-57},  {-0x1.269621134db92p-2, -0x1.e0efadd9db02bp-56},
  {-0x1.f991c6cb3b379p-3, -0x1.f665066f980a2p-57}, {-0x1.a93ed3c8ad9e3p-3, -0x1.bcafa9de97203p-57},
  {-0x1.5bf406b543db2p-3, 0x1.1f5b44c0df7e7p-61},  {-0x1.1178e8227e47cp-3, 0x1.0e63a5f01c691p-58},
  {-0x1.9335e5d594989p-4, 0x1.478a85704ccb7p-58},  {-0x1.08598b59e3a07p-4, 0x1.dd7009902bf32p-58},
  {-0x1.0415d89e74444p-5, -0x1.c05cf1d753622p-59}, {0, 0},
  {0x1.f829b0e783300p-6, 0x1.33e3f04f1ef23p-60},   {0x1.f0a30c01162a6p-5, 0x1.85f325c5bbacdp-59},
  {0x1.6f0d28ae56b4cp-4, -0x1.906d99184b992p-58},  {0x1.e27076e2af2e6p-4, -0x1.61578001e0162p-60},
  {0x1.29552f81ff523p-3, 0x1.301771c407dbfp-57},   {0x1.5ff3070a793d4p-3, -0x1.bc60efafc6f6ep-58},
  {0x1.9525a9cf456b4p-3, 0x1.d904c1d4e2e26p-57},   {0x1.c8ff7c79a9a22p-3, -0x1.4f689f8434012p-57},
  {0x1.fb9186d5e3e2bp-3, -0x1.caaae64f21acbp-57},  {0x1.1675cababa60ep-2, 0x1.ce63eab883717p-61},
  {0x1.2e8e2bae11d31p-2, -0x1.8f4cdb95ebdf9p-56},  {0x1.4618bc21c5ec2p-2, 0x1.f42decdeccf1dp-56},
  {0x1.5d1bdbf5809cap-2, 0x1.4236383dc7fe1p-56},
};

/* 2^(j/64), j = 0 .. 63, as hi + lo */
static const double EXP2_J[64][2] = {
  {0x1.0000000000000p+0, 0x0.0p+0}, {0x1.02c9a3e778061p+0, -0x1.19083535b085dp-56},
  {0x1.059b0d3158574p+0, 0x1.d73e2a475b465p-55}, {0x1.0874518759bc8p+0, 0x1.186be4bb284ffp-57},
  {0x1.0b5586cf9890fp+0, 0x1.8a62e4adc610bp-54}, {0x1.0e3ec32d3d1a2p+0, 0x1.03a1727c57b53p-59},
  {0x1.11301d0125b51p+0, -0x1.6c51039449b3ap-54}, {0x1.1429aaea92de0p+0, -0x1.32fbf9af1369ep-54},
  {0x1.172b83c7d517bp+0, -0x1.19041b9d78a76p-55}, {0x1.1a35beb6fcb75p+0, 0x1.e5b4c7b4968e4p-55},
  {0x1.1d4873168b9aap+0, 0x1.e016e00a2643cp-54}, {0x1.2063b88628cd6p+0, 0x1.dc775814a8495p-55},
  {0x1.2387a6e756238p+0, 0x1.9b07eb6c70573p-54}, {0x1.26b4565e27cddp+0, 0x1.2bd339940e9d9p-55},
  {0x1.29e9df51fdee1p+0, 0x1.612e8afad1255p-55}, {0x1.2d285a6e4030bp+0, 0x1.0024754db41d5p-54},
  {0x1.306fe0a31b715p+0, 0x1.6f46ad23182e4p-55}, {0x1.33c08b26416ffp+0, 0x1.32721843659a6p-54},
  {0x1.371a7373aa9cbp+0, -0x1.63aeabf42eae2p-54}, {0x1.3a7db34e59ff7p+0, -0x1.5e436d661f5e3p-56},
  {0x1.3dea64c123422p+0, 0x1.ada0911f09ebcp-55}, {0x1.4160a21f72e2ap+0, -0x1.ef3691c309278p-58},
  {0x1.44e086061892dp+0, 0x1.89b7a04ef80d0p-59}, {0x1.486a2b5c13cd0p+0, 0x1.3c1a3b69062f0p-56},
  {0x1.4bfdad5362a27p+0, 0x1.d4397afec42e2p-56}, {0x1.4f9b2769d2ca7p+0, -0x1.4b309d25957e3p-54},
  {0x1.5342b569d4f82p+0, -0x1.07abe1db13cadp-55}, {0x1.56f4736b527dap+0, 0x1.9bb2c011d93adp-54},
  {0x1.5ab07dd485429p+0, 0x1.6324c054647adp-54}, {0x1.5e76f15ad2148p+0, 0x1.ba6f93080e65ep-54},
  {0x1.6247eb03a5585p+0, -0x1.383c17e40b497p-54}, {0x1.6623882552225p+0, -0x1.bb60987591c34p-54},
  {0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54}, {0x1.6dfb23c651a2fp+0, -0x1.bbe3a683c88abp-57},
  {0x1.71f75e8ec5f74p+0, -0x1.16e4786887a99p-55}, {0x1.75feb564267c9p+0, -0x1.0245957316dd3p-54},
  {0x1.7a11473eb0187p+0, -0x1.41577ee04992fp-55}, {0x1.7e2f336cf4e62p+0, 0x1.05d02ba15797ep-56},
  {0x1.82589994cce13p+0, -0x1.d4c1dd41532d8p-54}, {0x1.868d99b4492edp+0, -0x1.fc6f89bd4f6bap-54},
  {0x1.8ace5422aa0dbp+0, 0x1.6e9f156864b27p-54}, {0x1.8f1ae99157736p+0, 0x1.5cc13a2e3976cp-55},
  {0x1.93737b0cdc5e5p+0, -0x1.75fc781b57ebcp-57}, {0x1.97d829fde4e50p+0, -0x1.d185b7c1b85d1p-54},
  {0x1.9c49182a3f090p+0, 0x1.c7c46b071f2bep-56}, {0x1.a0c667b5de565p+0, -0x1.359495d1cd533p-54},
  {0x1.a5503b23e255dp+0, -0x1.d2f6edb8d41e1p-54}, {0x1.a9e6b5579fdbfp+0, 0x1.0fac90ef7fd31p-54},
  {0x1.ae89f995ad3adp+0, 0x1.7a1cd345dcc81p-54}, {0x1.b33a2b84f15fbp+0, -0x1.2805e3084d708p-57},
  {0x1.b7f76f2fb5e47p+0, -0x1.5584f7e54ac3bp-56}, {0x1.bcc1e904bc1d2p+0, 0x1.23dd07a2d9e84p-55},
  {0x1.c199bdd85529cp+0, 0x1.11065895048ddp-55}, {0x1.c67f12e57d14bp+0, 0x1.2884dff483cadp-54},
  {0x1.cb720dcef9069p+0, 0x1.503cbd1e949dbp-56}, {0x1.d072d4a07897cp+0, -0x1.cbc3743797a9cp-54},
  {0x1.d5818dcfba487p+0, 0x1.2ed02d75b3707p-55}, {0x1.da9e603db3285p+0, 0x1.c2300696db532p-54},
  {0x1.dfc97337b9b5fp+0, -0x1.1a5cd4f184b5cp-54}, {0x1.e502ee78b3ff6p+0, 0x1.39e8980a9cc8fp-55},
  {0x1.ea4afa2a490dap+0, -0x1.e9c23179c2893p-54}, {0x1.efa1bee615a27p+0, 0x1.dc7f486a4b6b0p-54},
  {0x1.f50765b6e4540p+0, 0x1.9d3e12dd8a18bp-54}, {0x1.fa7c1819e90d8p+0, 0x1.74853f3a5931ep-55},
};

/* ln x = hi + *lo for finite x > 0. x = 2^k m, m in [sqrt(1/2), sqrt(2)); F = 1 + j/32 nearest m
 * (m - F exact); s = (m - F)/(m + F) as sh + sl, the residual of sh formed exactly (one division:
 * sh need not be the rounded quotient). */
static double log_dd(double x, double *lo) {
  int k = 0;
  if (x < 0x1p-1022) x *= 0x1p54, k = -54;
  const uint64_t u = pe__bits(x);
  k += (int)(u >> 52) - 1023;
  double m = pe__from_bits((u & 0xfffffffffffffULL) | 0x3ff0000000000000ULL);
  if (m >= 0x1.6a09e667f3bcdp+0) m *= 0.5, k++;
  const int j = (int)nearbyint((m - 1) * 32);
  const double F = 1 + j * 0.03125, f = m - F;
  double dl, pl, e1, e2;
  const double d = two_sum(m, F, &dl), inv = 1 / d, sh = f * inv, ph = two_prod(sh, d, &pl);
  const double sl = ((f - ph) - pl - sh * dl) * inv, z = sh * sh;
  const double tail = 2 * sh * z * (1.0 / 3 + z * (1.0 / 5 + z * (1.0 / 7 + z * (1.0 / 9))));
  const double t1 = two_sum(k * LN2_HI, LOG_F[j + 9][0], &e1), t2 = two_sum(t1, 2 * sh, &e2);
  const double l = e1 + e2 + (k * LN2_LO + LOG_F[j + 9][1] + (2 * sl + tail));
  const double hi = t2 + l;
  *lo = l - (hi - t2);
  return hi;
}

double pe__log(double x) {
  if (!(x > 0 && x < HUGE_VAL)) return x == 0 ? -HUGE_VAL : x > 0 ? x : NAN;
  double lo;
  return log_dd(x, &lo);
}

/* 2^(N/64) e^(rh + rl), |rh| <= ln2/128 (+ a little), |rl| <= ulp(rh): t (1 + rh) formed exactly
 * for t = 2^(j/64) (t split into 27 + 26 bits, rh into 26 + 26: the products are exact), the rest
 * (rl (1 + rh), the Taylor terms r^2/2 .. r^7/5040 of rh, the table's low part) below 2^-6 of it,
 * so that the result is rounded once (< 0.5001 ulp); then scaled by 2^k, exactly unless the result
 * is subnormal, where the scaling rounds it a second time (< 1 ulp). */
static double exp_tail(int N, double rh, double rl) {
  const int j = N & 63;
  int k = (N - j) / 64;
  const double q = rh * rh * (0.5 + rh * (1.0 / 6 + rh * (1.0 / 24 + rh * (1.0 / 120 + rh * (1.0 / 720 + rh * (1.0 / 5040))))));
  const double t = EXP2_J[j][0], tl = EXP2_J[j][1];
  const double th = pe__from_bits(pe__bits(t) & 0xfffffffffc000000ULL), tt = t - th;
  const double c = rh * 134217729.0, rhh = c - (c - rh), rhl = rh - rhh;
  const double ph = th * rhh, pl = th * rhl + tt * rh;
  const double sh = t + ph, sl = ph - (sh - t);  /* t >= 1 > |ph|: exact */
  double v = sh + (sl + (pl + (t * (rl * (1 + rh) + q) + tl * (1 + rh))));
  if (k > 1000) v *= 0x1p1000, k -= 1000;
  else if (k < -1000) v *= 0x1p-1000, k += 1000;
  return v * pe__from_bits((uint64_t)(k + 1023) << 52);
}

/* e^(hi + lo), |lo| <= ulp(hi) or so: hi - N ln2/64 exact, the rest within 2^-82 */
static double exp_dd(double hi, double lo) {
  if (!(hi < 710)) return hi != hi ? hi : HUGE_VAL;
  if (hi < -746) return 0;
  const double N = nearbyint(hi * INV_LN2_64);
  double e;
  const double r = two_sum(hi - N * (LN2_HI / 64), lo - N * (LN2_LO / 64), &e);
  return exp_tail((int)N, r, e);
}

double pe__exp(double x) { return exp_dd(x, 0); }

double pe__exp2(double x) {
  if (!(x < 1024)) return x != x ? x : HUGE_VAL;
  if (x < -1076) return 0;
  const double N = nearbyint(x * 64), f = x - N * 0.015625;  /* exact */
  double e;
  const double r = two_prod(f, LN2, &e);
  return exp_tail((int)N, r, e + f * 0x1.abc9e3b39803fp-56);  /* ln 2 - LN2 */
}

double pe__pow(double x, double y) {
  if (y == 0 || x == 1) return 1;
  if (x != x || y != y) return x + y;
  if (!(x > 0)) return x < 0 ? NAN : y > 0 ? 0 : HUGE_VAL;
  if (x == HUGE_VAL) return y > 0 ? HUGE_VAL : 0;
  double lo, e;
  const double l = log_dd(x, &lo), h = y * l;
  if (!(fabs(h) < 746)) return h > 0 ? HUGE_VAL : 0;
  const double p = two_prod(y, l, &e);
  return exp_dd(p, e + y * lo);
}

/* Bits 1 .. 1152 of 2/pi after the point, most significant first, after one zero word (bit i of
 * 2/pi is bit i + 63 of this array). */
static const uint64_t TWO_OVER_PI[19] = {
  0, 0xa2f9836e4e441529, 0xfc2757d1f534ddc0, 0xdb6295993c439041, 0xfe5163abdebbc561,
  0xb7246e3a424dd2e0, 0x06492eea09d1921c, 0xfe1deb1cb129a73e, 0xe88235f52ebb4484, 0xe99c7026b45f7e41,
  0x3991d639835339f4, 0x9c845f8bbdf9283b, 0x1ff897ffde05980f, 0xef2f118b5a0a6d1f, 0x6d367ecf27cb09b7,
  0x4f463f669e5fea2d, 0x7527bac7ebe5f17b, 0x3d0739f78a5292ea, 0x6bfb5fb11f8d5d08,
};

static uint64_t mulhi(uint64_t a, uint64_t b) {
  const uint64_t a0 = a & 0xffffffff, a1 = a >> 32, b0 = b & 0xffffffff, b1 = b >> 32;
  const uint64_t t = a1 * b0 + (a0 * b0 >> 32);
  return a1 * b1 + (t >> 32) + ((a0 * b1 + (t & 0xffffffff)) >> 32);
}

double pe__rem_pio2(double x, int *n) {
  const uint64_t u = pe__bits(x);
  const int ex = (int)(u >> 52 & 0x7ff);
  *n = 0;
  if (ex == 0x7ff) return x - x;
  if (ex < 1013) return x;  /* |x| < 2^-10 */
  /* |x| = m 2^e (e = ex - 1075): bits of 2/pi before i = e - 1 add multiples of 4 to |x| 2/pi;
   * the 128 from there, W, give |x| 2/pi mod 4 = m W 2^-126 (mod 4) + less than m 2^-126. */
  const uint64_t m = (u & 0xfffffffffffffULL) | 1ULL << 52;
  const int g = ex - 1013, w = g >> 6, s = g & 63;  /* first bit: e - 1 + 63 */
  const uint64_t a = TWO_OVER_PI[w], b = TWO_OVER_PI[w + 1], c = TWO_OVER_PI[w + 2];
  const uint64_t wh = s ? a << s | b >> (64 - s) : a, wl = s ? b << s | c >> (64 - s) : b;
  const uint64_t plo = m * wl, phi = mulhi(m, wl) + m * wh;   /* m W mod 2^128 */
  const uint64_t q = (phi + (1ULL << 61)) >> 62;               /* nearest integer, mod 4 */
  /* the fraction in units of 2^-63 quadrants, |f| <= 2^62 */
  const int64_t f = (int64_t)((phi - (q << 62)) << 1 | plo >> 63);
  const int64_t fh = f & ~(int64_t)0x7ffffffff;  /* <= 27 bits: times 26-bit C1 is exact */
  const double C1 = 0x1.921fb58p-63, C2 = -0x1.dde973dcb3b3ap-90;  /* pi/2 2^-63 = C1 + C2 */
  const double r = (double)fh * C1 + ((double)(f - fh) * C1 + (double)f * C2);
  if (u >> 63) {
    *n = (int)(-q & 3);
    return -r;
  }
  *n = (int)(q & 3);
  return r;
}
