/* posenc.h — positional encodings of real transformers, exactly as the canonical code computes them.
 *
 * One generic entry point serves every kind; the registry (kinds.def) lists each kind, its output
 * shape and dtype, and each parameter with its type, default, range, choices and doc. The same C is
 * compiled to WebAssembly for the npm package (web/posenc.js) and natively for the tests.
 *
 * Usage (C):
 *     pe_request rq;  pe_shape sh;  pe_error err;  pe_info info;
 *     pe_request_init(&rq, PE_SINUSOIDAL);
 *     pe_set(&rq, pe_param_find(PE_SINUSOIDAL, "dim"), 64);
 *     if (pe_prepare(&rq, &sh, &err)) return err.code;          // validates, gives the shape
 *     float *out = malloc(sh.count * sizeof(float));             // the caller owns memory
 *     if (pe_compute(&rq, out, sh.count, &info, &err)) ...;      // never aborts, never allocates
 *
 * Conventions
 *   - Output is row-major, float32 or int32 (pe_kind.dtype). Angles are formed in double and
 *     stored as float32 (forming p*w in float32 costs 2e-3 at 32k positions).
 *   - Every entry point validates and returns a status (pe_status); nothing aborts. After a failure
 *     pe_error names the parameter, the value and the allowed range.
 *   - Sizes (positions, queries, keys) may be 0 (empty result); dim and heads start at 1.
 *   - Where queries != keys, queries are the LAST positions (i' = i + keys - queries, decoding with
 *     a KV cache) except relative with align 'start', t5 and deberta, which use i and j as given.
 *   - A request whose output exceeds pe_max_bytes() (default 2 GiB) fails with PE_ENOMEM before
 *     anything is computed.
 *
 * Kinds (formula · layout · reference). Notation: p position, d dim, i query, j key, h head.
 *
 * sinusoidal   [positions, dim] f32.  w_k per variant, p = offset + row.
 *     vaswani        PE[p,2k] = sin(p w_k), PE[p,2k+1] = cos(p w_k), w_k = base^(-2k/d); odd d ends
 *                    with a sine column. pytorch/tutorials transformer_tutorial.py, keras-hub
 *                    SinePositionEncoding.  Seed (d=64): PE[0..2, 0] = 0, 0.84147096, 0.9092974.
 *     tensor2tensor  [sin(p w) | cos(p w)], n = floor(d/2), w_k = exp(-k ln(base)/max(n-1,1));
 *                    odd d: one zero column at the end. t2t common_attention.get_timing_signal_1d.
 *     fairseq        as tensor2tensor with w_k = exp(-k ln(base)/(n-1)) (d in {2,3} rejected: upstream
 *                    divides by zero); row p == paddingIdx is all zeros (-1 = none).
 *                    fairseq modules/sinusoidal_positional_embedding.py get_embedding.
 *     marian         [sin for k < ceil(d/2) | cos for k < floor(d/2)], w as vaswani.
 *                    transformers MarianSinusoidalPositionalEmbedding (also RoFormer).
 *     scaled         [sin | cos] * d^-0.5, w_k = base^(-k/(d/2)); d even.
 *                    x-transformers ScaledSinusoidalEmbedding.
 *
 * relative     [queries, keys] i32.  clamp(j - i', -clip, clip) + offset (clip 0 = none);
 *              i' = i (align start) or i + keys - queries (align end). The seed's table is
 *              {queries: L, offset: L} (j - i + L); Shaw et al. is {clip: K, offset: K, align: end}
 *              (tensor2tensor _generate_relative_positions_matrix).
 *
 * t5           [queries, keys] i32.  rel = j - i. Bidirectional: nb /= 2, bucket = (rel > 0) nb,
 *              n = |rel|; causal: bucket = 0, n = max(-rel, 0). me = nb/2; n < me: bucket += n;
 *              else bucket += min(me + trunc(ln(n/me)/ln(md/me) (nb - me)), nb - 1).
 *              transformers T5Attention._relative_position_bucket (mesh-tf identical).
 *
 * deberta      [queries, keys] i32.  r = i - j; mid = bucketSize/2; a = mid - 1 if |r| < mid else |r|;
 *              result = r if a <= mid else sign(r) (ceil(ln(a/mid)/ln((maxPosition-1)/mid) (mid-1)) + mid).
 *              Not bounded by the bucket size. bucketSize <= 0 or maxPosition <= 0: plain i - j.
 *              transformers deberta_v2 make_log_bucket_position / build_relative_position.
 *
 * alibi-slopes [heads] f32.  n a power of two: m_h = 2^(-maxBias h / n), h = 1..n; otherwise
 *              c = 2^floor(log2 n): slopes(c) then slopes(2c)[0::2][:n-c].
 *              ofirpress/attention_with_linear_biases get_slopes.
 * alibi        [heads, queries, keys] f32.  causal: -m (i' - j) for j <= i', -Infinity above;
 *              symmetric: -m |j - i'| (x-transformers); mpt: m (j - (keys - 1)) on every row (MPT,
 *              keras-hub). All causal forms agree after softmax.
 *
 * rope         [2, positions, r] f32: the cos table, then the sin table.  r = int(dim * partial-
 *              RotaryFactor) (even, >= 2), inv_k = base^(-2k/r) (k < r/2) after scaling (below).
 *                  neox  cos[p] = cos(p inv_0 .. p inv_{r/2-1}, p inv_0 ..)        [c0 c1 c0 c1]
 *                  gptj  cos[p] = cos(p inv_0, p inv_0, p inv_1, p inv_1 ..)       [c0 c0 c1 c1]
 *              Both tables are multiplied by the attention factor (info "attentionFactor"), as HF does.
 * rope-frequencies [r/2] f32: inv_freq after scaling; info "attentionFactor".
 * rope-apply   [positions, dim] f32: x rotated: out = x cos + rotate(x) sin on the first r dims
 *              (neox: rotate_half pairs (k, k + r/2); gptj: pairs (2k, 2k+1)); the rest pass through.
 *     ropeScaling (transformers modeling_rope_utils.py; config.json keys verbatim):
 *       default  none.   linear  inv /= factor.
 *       dynamic  base' = base ((factor L / maxPos) - (factor - 1))^(r/(r-2)), L = max(seqLen, maxPos);
 *                with seqLen unset L = maxPos (what HF builds at init).
 *       yarn     attention = attention_factor, else mscale & mscale_all_dim ->
 *                g(f, mscale)/g(f, mscale_all_dim), else g(f), g(s, m=1) = 0.1 m ln s + 1 (1 if s <= 1).
 *                cd(b) = r ln(orig/(2 pi b))/(2 ln base); low = cd(beta_fast), high = cd(beta_slow),
 *                floor/ceil when truncate, clamped to [0, r-1]; ramp = clip((k-low)/(high-low), 0, 1);
 *                inv = (inv/f) ramp + inv (1 - ramp). orig unset = maxPositionEmbeddings.
 *       longrope inv_k = 1/(ext_k base^(2k/r)), ext = long_factor if seqLen > orig else short_factor;
 *                attention = sqrt(1 + ln f / ln orig) (1 if f <= 1), f unset = maxPos / orig.
 *       llama3   wl = 2 pi / inv; wl < orig/high_freq_factor: keep; wl > orig/low_freq_factor: inv/f;
 *                else (1 - t) inv/f + t inv, t = (orig/wl - low_freq_factor)/(high - low_freq_factor).
 *
 * xpos         [positions, dim/2] f32.  zeta_k = (2k + 0.4 d)/(1.4 d); value zeta_k^(n/scaleBase)
 *              (downscale: ^(-n/scaleBase)); n = t + floor(-L/2) (microsoft/torchscale XPOS) or
 *              t - floor(L/2) (lucidrains rotary-embedding-torch, x-transformers).
 */
#ifndef POSENC_H
#define POSENC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PE_MAX_PARAMS 32   /* parameters (with object fields) of one kind */
#define PE_MAX_NDIM   4
#define PE_MAX_INFO   4

typedef enum pe_status { PE_OK = 0, PE_EINVAL = 1, PE_ERANGE = 2, PE_ENOMEM = 3 } pe_status;
typedef enum pe_type { PE_T_INT, PE_T_FLOAT, PE_T_BOOL, PE_T_ENUM, PE_T_OBJECT, PE_T_FARRAY } pe_type;
typedef enum pe_dtype { PE_F32 = 0, PE_I32 = 1 } pe_dtype;
#define PE_F_INPUT 1       /* the kind transforms an input array (rope-apply) */

#define PE__KIND_ENUM(id, ...) PE_##id,
#include "kinds.def"
enum pe_kind_id { PE_KINDS(PE__KIND_ENUM) PE_KIND_COUNT };
#undef PE__KIND_ENUM

typedef struct pe_param {
  const char *name;
  pe_type type;
  double def, min, max;     /* def is NaN when "not given" has a meaning of its own */
  const char *choices;      /* "a|b|x=a" for enums, "=field" for an alias row, else "" */
  const char *group;        /* "" or the object parameter this field belongs to */
  const char *doc;
  const char *path;         /* "dim", or "ropeScaling.factor" for an object field: errors name it */
} pe_param;

typedef struct pe_kind {
  const char *name, *title;
  pe_dtype dtype;
  const char *axes;         /* comma-separated axis names */
  int flags;                /* PE_F_INPUT */
  int nparams;
  const pe_param *params;
} pe_kind;

/* A request: a kind and the parameters the caller gave, by index into pe_kind.params. Enums are
 * choice indices, bools 0/1, float arrays borrowed (not copied) until pe_compute returns. */
typedef struct pe_request {
  int kind;
  double v[PE_MAX_PARAMS];
  unsigned char given[PE_MAX_PARAMS];
  const float *arr[PE_MAX_PARAMS];
  int32_t len[PE_MAX_PARAMS];
} pe_request;

typedef struct pe_shape { int ndim; int64_t dims[PE_MAX_NDIM]; int64_t count; } pe_shape;

/* After a failure: code, the parameter (registry name; object fields as "group.field"), the value
 * given, the allowed [min, max] (NaN when the rule is not a range) and what rule was broken. */
typedef struct pe_error {
  pe_status code;
  const char *param;
  double value, min, max;
  const char *detail;
} pe_error;

/* Scalars a kind reports besides its table (rope: "attentionFactor"). */
typedef struct pe_info { int n; const char *name[PE_MAX_INFO]; double value[PE_MAX_INFO]; } pe_info;

/* Registry. */
int pe_kind_count(void);
const pe_kind *pe_kind_at(int kind);                     /* NULL when out of range */
int pe_kind_find(const char *name);                      /* -1 when unknown */
int pe_param_find(int kind, const char *name);           /* -1 when unknown; "group.field" too */

/* Requests. pe_set / pe_set_array only record (PE_EINVAL for a bad index or type); every value is
 * checked by pe_prepare and pe_compute. */
pe_status pe_request_init(pe_request *rq, int kind);
pe_status pe_set(pe_request *rq, int param, double value);
pe_status pe_set_array(pe_request *rq, int param, const float *data, int32_t len);

/* Validate the request and give the output shape; PE_ENOMEM if it exceeds pe_max_bytes(). */
pe_status pe_prepare(const pe_request *rq, pe_shape *shape, pe_error *err);
/* Validate again and compute into out (out_count elements of the kind's dtype; PE_ERANGE naming
 * "out" if too small). info may be NULL. */
pe_status pe_compute(const pe_request *rq, void *out, size_t out_count, pe_info *info, pe_error *err);

/* Output cap in bytes (default 2^31); values outside [0, 2^53] are clamped. */
void pe_set_max_bytes(double bytes);
double pe_max_bytes(void);

const char *pe_status_name(pe_status s);                 /* "OK", "EINVAL", "ERANGE", "ENOMEM" */

#ifdef __cplusplus
}
#endif
#endif
