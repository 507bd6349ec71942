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
 * or, validating once and allocating the output in the same call (the caller frees it):
 *     void *table;
 *     if (pe_compute_alloc(&rq, -1, &table, &sh, &info, &err)) return err.code;  // -1: pe_max_bytes()
 *     ...; free(table);
 *
 * Conventions
 *   - Output is row-major, float32 or int32 (pe_kind.dtype). Angles are formed in double and
 *     stored as float32 (forming p*w in float32 costs 2e-3 at 32k positions).
 *   - Every entry point validates and returns a status (pe_status); nothing aborts. After a failure
 *     pe_error names the parameter, the value and the allowed range.
 *   - Sizes (positions, queries, keys) may be 0 (empty result); dim and heads start at 1 (dim at 2
 *     for the rope kinds and xpos).
 *   - Where queries != keys, queries are the LAST positions (i' = i + keys - queries, decoding with
 *     a KV cache) except relative with align 'start', t5 and deberta, which use i and j as given.
 *   - A request whose output exceeds pe_max_bytes() (default 2 GiB) fails with PE_ENOMEM before
 *     anything is computed.
 *
 * Kinds (formula · layout · reference). Notation: p position, d dim, i query, j key, h head.
 *
 * sinusoidal   [positions, dim] f32.  w_k per variant, p = offset + row * step (step 1 = consecutive
 *              positions; larger steps sample a long table, e.g. a million positions at 1,000 rows).
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
 *     Precision and speed: within 6e-8 of float64 sin/cos(fl(p w)) for |p| <= 2^24 (the float32
 *     rounding, 3e-8, plus < 1e-9), by an angle-addition recurrence in double seeded every 256
 *     positions (kernels.h); rows depend on p alone, so any [offset, offset + positions) equals the
 *     same rows of a larger table bit for bit: long tables can be computed in chunks. step > 1
 *     rotates by fl(step w_k) between seeds spaced so that the angle drift stays < 1e-9 (kernels.h):
 *     the same bound, and chunks of a stepped table (offset + a step, same step) are bitwise too.
 *     offset + (positions - 1) step beyond +-(2^30 + 2^24) is ERANGE naming step. fairseq zeroes the row
 *     whose position is paddingIdx, if a row has it.
 *
 * relative     [queries, keys] i32.  clamp(j - i', -clip, clip) + offset (clip 0 = none);
 *              i' = i (align start) or i + keys - queries (align end: queries are the last positions).
 *              The seed's table is {queries: L, offset: L} (j - i + L, values 1 .. 2L-1); Shaw et al.
 *              is {clip: K, offset: K, align: end}, values in [0, 2K] (tensor2tensor common_attention
 *              _generate_relative_positions_matrix; one decoding step, 1 query x k keys, gives
 *              -k+1 .. 0 before clipping). offset spans int32; a request any of whose values would
 *              leave int32 fails with ERANGE naming offset and the offsets allowed for it.
 *
 * t5           [queries, keys] i32, values in [0, numBuckets).  rel = j - i (i, j as given). nb =
 *              numBuckets, halved when bidirectional: bucket = (rel > 0) nb, n = |rel|; causal
 *              (decoder): bucket = 0, n = max(-rel, 0). me = nb/2 ("max_exact"); n < me: bucket += n;
 *              else bucket += min(me + trunc(ln(n/me)/ln(md/me) (nb - me)), nb - 1), md = maxDistance.
 *              The log term is evaluated in float32 step by step, as torch does (float(n)/me, the
 *              float32 log as glibc's log rounded to float, / float32(ln(md/me)), * (nb - me)); where float32 and exact maths straddle an integer
 *              the bucket follows float32 (e.g. causal nb 9, md 128, n 8 -> 5; float64 gives 4).
 *              ERANGE: numBuckets with me < 1 (bidirectional needs >= 4), maxDistance <= me
 *              (upstream divides by ln(md/me)). transformers T5Attention._relative_position_bucket
 *              (mesh-tf transformer_layers identical); T5 uses nb 32, md 128, encoder bidirectional.
 *
 * deberta      [queries, keys] i32.  r = i - j (i, j as given); mid = bucketSize/2; a = mid - 1 if
 *              |r| < mid else |r|; result = r if a <= mid else sign(r) (ceil(ln(a/mid) /
 *              ln((maxPosition-1)/mid) (mid-1)) + mid), evaluated in float32 like torch (a/mid, log,
 *              float32((maxPosition-1)/mid), ceil): with 256/512 |r| = 65317 gives 700 (float64: 701).
 *              Not bounded by the bucket size (r = 600 -> 270). bucketSize <= 0 or maxPosition <= 0:
 *              plain i - j. ERANGE: bucketSize 1 (mid 0: upstream divides by zero), log denominator 0
 *              in float32 (maxPosition - 1 == mid), buckets beyond int32. DeBERTa-v3: 256, 512.
 *              transformers deberta_v2 make_log_bucket_position / build_relative_position.
 *              (microsoft/DeBERTa's numpy original works in float64 and differs at such |r|.)
 *
 * alibi-slopes [heads] f32.  n a power of two: m_h = 2^(-maxBias h / n), h = 1..n; otherwise
 *              c = 2^floor(log2 n): slopes(c) then slopes(2c)[0::2][:n-c] (exponents -maxBias(2k+1)/2c).
 *              In double, stored float32: equal to ofirpress/attention_with_linear_biases get_slopes
 *              (maxBias 8) rounded to float32; MPT gen_slopes (alibi_bias_max = maxBias), keras-hub
 *              AlibiBias give the same; BLOOM's float32 torch.pow drifts (up to ~300 ulp at 1000 heads).
 * alibi        [heads, queries, keys] f32, i' = i + keys - queries (queries are the last positions).
 *              causal: m (j - i') for j <= i', -Infinity above; symmetric: -m |j - i'|
 *              (x-transformers AlibiPositionalBias); mpt: m (j - (keys - 1)) on every row, no mask
 *              (MPT build_alibi_bias, keras-hub AlibiBias); bloom: m j for j <= i', -Infinity above
 *              (BLOOM and Falcon build_alibi_tensor, with the causal mask). A zero distance gives +0. Row
 *              for row, the causal forms differ by a constant, so they agree after a causal softmax.
 *              headDim (unset = none) divides every slope by sqrt(headDim), in double: Falcon adds its
 *              alibi before the scores are scaled by 1/sqrt(head_dim) (FalconAttention).
 *
 * rope         [2, positions, r] f32: the cos table, then the sin table, rows p = offset + row * step
 *              (step 1 = offset .. offset + positions - 1).  r = int(dim * partialRotaryFactor) (proportional: dim), even and
 *              >= 2 (else ERANGE naming partialRotaryFactor when given, else dim). inv_k = base^(-2k/r),
 *              k < r/2, then scaled (ropeScaling, below). Phases p * inv_k in double, stored float32:
 *              error <= 6e-8 x max(1, A) against float64 for |p| <= 2^20 (beyond, plus the float64
 *              rounding of p inv_k itself). By the sinusoidal kernel (kernels.h, seeds every 256
 *              positions): any row range equals the same rows of a longer table bit for bit, so a
 *              2^20-position table can be computed in chunks; stepped tables as for sinusoidal
 *              (offset + (positions - 1) step beyond +-(2^30 + 2^24) is ERANGE naming step).
 *                  neox  cos[p] = A cos(p inv_0 .. p inv_{r/2-1}, p inv_0 ..)        [c0 c1 c0 c1]
 *                  gptj  cos[p] = A cos(p inv_0, p inv_0, p inv_1, p inv_1 ..)       [c0 c0 c1 c1]
 *              (sin alike). A = the scaling's attention factor, multiplied into both tables as HF does
 *              (LlamaRotaryEmbedding.forward); reported as info "attentionFactor". info "softmaxMscale":
 *              yarn's get_mscale(factor, mscale_all_dim) (1 without mscale_all_dim), whose square
 *              DeepSeek-V2/V3 multiply into the softmax scale qk_head_dim^-0.5 (DeepseekV3Attention).
 *              neox: HF rotate_half (LLaMA, Mistral, Qwen, GPT-NeoX, Phi); gptj: rotate_every_two (GPT-J,
 *              CodeGen, RoFormer, Meta LLaMA's complex form, DeepSeek's interleaved q/k).
 * rope-frequencies [r/2] f32: inv_freq after scaling; info "attentionFactor", "softmaxMscale". positions, offset, step
 *              and layout are accepted and change nothing.
 * rope-apply   [positions, dim] f32: x ([positions, dim] row-major float32, required; positions unset =
 *              x.length / dim, else x.length must be positions * dim: ERANGE naming x) rotated:
 *                  neox  o[k] = x[k] c - x[k+r/2] s,   o[k+r/2] = x[k+r/2] c + x[k] s
 *                  gptj  o[2k] = x[2k] c - x[2k+1] s,  o[2k+1] = x[2k+1] c + x[2k] s
 *              c, s = cos, sin of the rope tables' angles (attention factor included; row i at
 *              position offset + i step), evaluated per row in double by the method that seeds the
 *              tables (within ~1e-13 of the tables' values before their float32 rounding);
 *              o[j] = x[j] for j >= r. Computed in double. Norms are kept when A = 1; q.k after rotation depends only on m - n.
 *
 *     M-RoPE and explicit positions (rope, rope-frequencies, rope-apply): positionIds (int[]) gives
 *     every row's position, P ids or with mropeSection [s_t, s_h, s_w] (summing to r/2, else ERANGE)
 *     3P ids: the t row, the h row, the w row (mrope-positions' output). positions unset = P (a given
 *     one that disagrees: EINVAL), step must be 1, offset is added to every id; a P array with
 *     mropeSection serves all three axes. Frequency k (column j: k = j mod r/2 neox, j/2 gptj) takes
 *     its angle from axis a(k): chunked (Qwen2-VL, Qwen2.5-VL; HF apply_multimodal_rotary_pos_emb)
 *     t for k < s_t, h for k < s_t + s_h, else w; mropeInterleaved (Qwen3-VL, HF
 *     apply_interleaved_mrope) h for k = 1 mod 3 and k < 3 s_h, w for k = 2 mod 3 and k < 3 s_w,
 *     else t (ERANGE unless 3 s_h - 2 and 3 s_w - 1 < r/2). cos[p][j] = A cos(id_a(k)(p) inv_k): every
 *     scaling composes; equal t/h/w rows give plain RoPE. ropeScaling.mrope_section/mrope_interleaved
 *     (config keys) must agree with mropeSection/mropeInterleaved (EINVAL); rope_type 'mrope' = default.
 *     Rows in runs of consecutive ids on every axis (text) come from the table kernel, bit for bit the
 *     rows of a plain table; other rows are evaluated one by one (an axis whose id did not change
 *     keeps its values), within the same 6e-8.
 *     xdropeSection [s_0, .., s_{A-1}] (A = 3 or 4, summing to r/2; HunYuan-VL XD-RoPE, transformers
 *     models/hunyuan_vl/modeling_hunyuan_vl.py@075b5a603d6a23fad0360dd1600064fe2e1be83c
 *     apply_multimodal_rotary_pos_emb): the r columns in chunks of 2 s_a, chunk a following axis a
 *     (row a of positionIds, A P ids, or P for all), both halves of the head alike, so a frequency's
 *     two columns may follow different axes: cos[p][j] = A cos(id_a(j)(p) inv_k(j)). mrope-positions'
 *     indexed_images rows (axes = A) are its ids. rope, rope-apply (each column with its own axis'
 *     angle), rope-frequencies, rope-columns and mrope-axes (axis per column) take it; with mropeSection
 *     or mrope_section, freqDtype or positionModulo it is EINVAL; other than 3 or 4 elements EINVAL, a
 *     wrong sum ERANGE. Each row evaluated directly per axis (no recurrence), within 6e-8.
 *
 *     ropeScaling: a config.json rope_scaling object, keys verbatim ("type" = legacy rope_type, "su" =
 *     longrope). Follows transformers v5 modeling_rope_utils.py (_compute_*_parameters) with the
 *     fallbacks of RotaryEmbeddingConfigMixin.standardize_rope_params: orig = original_max_position_-
 *     embeddings, unset = maxPositionEmbeddings (yarn, longrope, llama3). A missing required key is
 *     EINVAL naming it (HF raises KeyError). attention_factor counts for yarn and longrope only.
 *       default  A = 1.
 *       linear   inv /= factor (required).  A = 1.
 *       dynamic  L = max(seqLen, maxPos) (seqLen unset: L = maxPos, HF's init), base' = base ((factor L /
 *                maxPos) - (factor - 1))^(r/(r-2)); r = 2 is ERANGE (HF divides by zero). A = 1.
 *                Equal to default whenever L = maxPos. With ntkAlphaLength S (Qwen v1's use_dynamic_ntk,
 *                QWenModel.get_ntk_alpha): base' = base a^(r/(r-2)), a = max(2^ceil(log2(seqLen / S) + 1)
 *                - 1, 1) (seqLen unset: a = 1); factor unused.
 *       yarn     factor unset = maxPos / orig (needs orig; HF: factor None). A = attention_factor, else
 *                g(f, mscale)/g(f, mscale_all_dim) when both are nonzero, else g(f), with
 *                g(s, m) = 0.1 m ln s + 1 (1 if s <= 1). beta_fast/beta_slow 0 = 32/1 (HF's `or`).
 *                cd(b) = r ln(orig/(2 pi b)) / (2 ln base); low = cd(beta_fast), high = cd(beta_slow);
 *                truncate (default true): floor/ceil; low = max(low, 0), high = min(high, r - 1),
 *                high += 0.001 if equal; ramp_k = clip((k - low)/(high - low), 0, 1);
 *                inv_k = (inv_k/f) ramp_k + inv_k (1 - ramp_k). base 1 is ERANGE. factor 1: plain, A = 1.
 *       longrope inv_k = 1/(ext_k base^(2k/r)); ext = long_factor if seqLen > orig else short_factor (at
 *                init: short). Both required, r/2 elements each (EINVAL missing / ERANGE length, naming
 *                the field). f = factor, unset = maxPos / orig; A = attention_factor, else
 *                sqrt(1 + ln f / ln orig) if f > 1, else 1.
 *       proportional  (Gemma 4's full-attention layers; transformers' _compute_proportional_rope_parameters)
 *                the table spans the whole head: r = dim (even, else ERANGE naming dim), r/2 = dim/2
 *                frequencies; inv_k = base^(-2k/dim) / factor for k < int(partialRotaryFactor dim / 2)
 *                (the exponent divides by the full head dim), 0 beyond (cos 1, sin 0: those neox pairs
 *                k, k + dim/2 pass unrotated). factor unset = 1. A = 1.
 *       llama3   factor, low_freq_factor, high_freq_factor required. wl = 2 pi / inv;
 *                wl > orig/low_freq_factor: inv/f; else wl < orig/high_freq_factor: keep; else
 *                (1 - t) inv/f + t inv, t = (orig/wl - low_freq_factor)/(high_freq_factor - low_freq_factor).
 *                A = 1.  Llama 3.1: factor 8, 1, 4, orig 8192, base 500000.
 *     HF forms the phases in float32; posenc's double phases differ from HF's tables by up to ~1e-7 p inv.
 *
 *     Engine kernels (rope, rope-frequencies, rope-apply, rope-spectrum, rope-decay, rope-columns):
 *     freqFactors  float[r/2] > 0 (unset = none): inv_k /= ff_k on the base frequencies, before the
 *                rope_type's scaling (llama3 picks bands from the divided wavelength; yarn blends the
 *                divided ones; longrope: one more divisor with ext_k): ggml_rope_ext's freq_factors,
 *                which llama.cpp loads from the GGUF's rope_freqs.weight / rope_factors_long /
 *                rope_factors_short. Length other than r/2: EINVAL; an element <= 0: ERANGE; not
 *                finite: EINVAL (each naming freqFactors).
 *     positionModulo  M >= 0 (0 = none): every row's position q (offset + row step, or an id plus
 *                offset) becomes q mod M, floor modulo in [0, M): dual chunk attention's key positions,
 *                p mod chunk_len with chunk_len = chunk_size - local_size (Qwen2.5-1M: 262144 - 8192;
 *                vllm-project/vllm vllm/model_executor/layers/rotary_embedding/dual_chunk_rope.py
 *                @b5e2318e566c60b7f0e80ca2b72ca0b978b59fdc k_t). Without positionIds each row is bit
 *                for bit the plain table's row at q mod M (step 1); with them rows are evaluated one by one.
 *   Precision (rope, rope-frequencies; rope-columns' frequencies follow freqDtype):
 *     freqDtype  double (default): as above. float32: HF's float32 pipeline: the unscaled inv_freq as
 *                f32(1 / f32(base ** f32(f32(2k) / f32(r)))), the scaling in double, inv_freq rounded
 *                to float32; angle f32(f32(p) inv_k); cos, sin of it rounded to float32, times f32(A)
 *                in float32: HF's cos/sin cache within an ulp (its float32 cos is not always correctly
 *                rounded). bfloat16, float16: inv_freq and the angle also rounded to that dtype.
 *                ggml: ggml's CPU rope kernel in float32 (ggml-org/llama.cpp ggml/src/ggml-cpu/ops.cpp
 *                @1f08e2d662715ead7987c365eced4f273d90e431 ggml_rope_cache_init, rope_yarn,
 *                rope_yarn_ramp; ggml/src/ggml.c@same ggml_rope_yarn_corr_dims), every operation in
 *                float in its order, per row at position q (positionModulo applied):
 *                  ts = powf(base, -2.0f/r); theta = (float)q; for pair k (i0 = 2k):
 *                  te = theta / ff_k (freqFactors, else 1); ti = fs te; angle = ti, ms = attn;
 *                  yarn: mix = ramp_k, angle = ti (1 - mix) + te mix, ms *= 1 + 0.1f logf(1/fs);
 *                  cos = cosf(angle) ms, sin = sinf(angle) ms; theta *= ts (k products, not a power).
 *                  ramp_k = 1 - min(1, max(0, (k - lo) / max(0.001f, hi - lo))); lo = max(0,
 *                  floorf(cd(beta_fast))), hi = min(r - 1, ceilf(cd(beta_slow))), cd(b) = r logf(orig /
 *                  (b 2 pi)) / (2 logf(base)) all in float (ggml has no truncate: not read).
 *                fs (freq_scale) = 1 default, 1/f32(factor) linear and yarn (factor unset: maxPos/orig);
 *                attn = ggmlAttnFactor (unset 1): ggml's attn_factor, exactly as llama.cpp passes it
 *                (for yarn llama.cpp passes get_mscale(factor) / (1 + 0.1 ln factor), cancelling the
 *                kernel's own factor); ropeScaling's attention_factor and mscale are not read. cosf,
 *                sinf, powf, logf: the double functions rounded once to float (correctly rounded but
 *                for values within an ulp of a float midpoint). Against a C build of the kernel with
 *                such functions every bit agrees; glibc's sinf/cosf are not correctly rounded, so
 *                against glibc ~1% of the values differ by 1 ulp (2 where ms != 1), and a build that
 *                fuses the multiply-adds (FMA) may differ in yarn's blend. Other libms differ alike.
 *                rope_type llama3, longrope (llama.cpp gets them as freqFactors from the GGUF),
 *                dynamic and proportional are EINVAL naming freqDtype; so are M-RoPE sections (not
 *                yet). rope-frequencies, rope-columns, rope-spectrum, rope-decay take ggml's angle at
 *                position 1 as inv_k and ms as A; rope-apply is ggml's rotate_pairs in float:
 *                x0 cos - x1 sin, x0 sin + x1 cos from that row's cos and sin.
 *     dtype      float32 (default), bfloat16, float16: the output as .to(dtype) leaves it (round to
 *                nearest even from float32), stored as float32.
 *     The other rope kinds (rope-apply, rope-spectrum, rope-decay, mrope-axes) take inv_freq as
 *     freqDtype holds it and form their angles in double; they ignore dtype.
 *
 * mrope-positions [3, tokens] i32 ([axes, tokens] for indexed_images): rows t, h, w of the ids Qwen2-VL /
 *              Qwen2.5-VL / Qwen3-VL / GLM-4V give a prompt
 *              (transformers get_rope_index), info nextPosition (1 + max id) and ropeDelta (nextPosition -
 *              tokens: generated token n sits at nextPosition + n). sequence: segments separated by
 *              whitespace or ';': text:N | image:TxHxW | video:TxHxW[@SECONDS[s]][/GAP(,GAP)*] (grid_thw
 *              before merging; H, W multiples of m = spatialMergeSize; T (H/m)(W/m) pad tokens; a vision
 *              segment follows text). Segment start s: 0, then 1 + max id ('max') or, after a vision
 *              block, its start + max(H, W)/m ('grid'). Text: (s+i, s+i, s+i). Vision: (s + tau(t), s + row,
 *              s + col) in (t, row, col) order; tau = t (qwen2-vl; qwen3-vl images), qwen2.5-vl images 0,
 *              videos floor(f32(f32(t SECONDS) tokensPerSecond)) ('product') or floor(f32(t floor(SECONDS))
 *              f32(tokensPerSecond)) ('seconds', transformers 4.x). qwen3-vl videos: each frame a (1, H, W)
 *              block, GAP text tokens between frames (timestamps). glm4v (GLM-4V, GLM-4.5V; transformers
 *              models/glm4v/modeling_glm4v.py@03eac6f6d2af7e8562113f0b78d3d2d59a7d843d) is qwen3-vl's walk:
 *              each video frame its own run after its timestamp text, every run at 1 + max id. Errors
 *              (EINVAL syntax or rule, ERANGE zero counts, multiples, > 2^24 tokens, ids >= 2^31) name the
 *              segment and its offset.
 *              layout (config mrope_layout; transformers modeling_rope_utils.py get_mrope_index, whose
 *              layouts are pure functions of the token types and grids): 'qwen' the above (model's own
 *              get_rope_index). 'interleaved_runs' (_mrope_index_interleaved_runs): text (p+i on every
 *              axis, p += N); a vision run at p: (p + tau(k), p + row, p + col), then p += max(H, W)/m
 *              (every segment, not 1 + max id); no text needed before a vision run, but two images (or
 *              two videos) in a row are one run of the Python's token types (EINVAL). Videos: T //
 *              temporalMergeSize frames (0: ERANGE); tau(k) = k interval, interval = tokensPerSecond
 *              int(SECONDS, default 1) when tokensPerSecond is given, else 1 (seconds ignored: the config
 *              has no tokens_per_second); a fractional interval gives trunc(f32(k) f32(interval)) (torch:
 *              int64 arange times a Python float is float32, then .to(long)), so the ids stay integers
 *              and int32 holds them. '/GAP' = split_video_frames: T runs of one frame, GAP text between.
 *              'indexed_images' (HunYuan-VL; _mrope_index_indexed_images = models/hunyuan_vl/
 *              modeling_hunyuan_vl.py@075b5a603d6a23fad0360dd1600064fe2e1be83c get_rope_index): axes
 *              rows (len(mrope_section), 3 or 4), every token its index i on every row; an image (T = 1,
 *              else ERANGE; no video: EINVAL) is H/m rows of W/m + 1 tokens (the newline column) whose
 *              last three rows are overwritten by (col, row, image index 0, 1, ...); its begin/end tokens
 *              are written as text (their ids stay 1D, as the Python's span of grid + 2 does). info as
 *              above (with 3 axes an image at the end leaves the largest id below tokens - 1). axes != 3
 *              outside indexed_images and temporalMergeSize != 1 outside interleaved_runs: EINVAL naming
 *              them. 'audio_chunked' (Qwen2.5-Omni) and 'audio_merged' (Qwen3-Omni), use_audio_in_video
 *              off: a span's bos and eos tokens are text; every segment at 1 + the largest id; 'audio:L'
 *              (L mel frames) is 1-D like text, ((L-1)//2 + 1 - 2)//2 + 1 tokens (chunked) or, W =
 *              audioWindowSize (audio_config.n_window), f = (L mod 2W - 1)//2 + 1, ((f-1)//2 + 1 - 1)//2
 *              + 1 + 13 (L // 2W) (merged; Python floor division); 0 tokens: ERANGE. Vision (T, H/m, W/m)
 *              with temporal ids k interval, interval = positionIdPerSeconds (images) or SECONDS (default
 *              1) times it (videos): chunked trunc(f32(k) f32(interval)) (int64 in torch); merged keeps
 *              the float32 product, so a fractional one (0.5 s at 13 per second: 6.5) is ERANGE naming
 *              the segment: int32 cannot hold it, and a scaled int32 would change every id's meaning;
 *              an audio_merged id >= 2^24 is ERANGE too (float32 there cannot hold every integer).
 *              Audio-in-video (chunked or merged by time) is not computed. positionIdPerSeconds outside
 *              the audio layouts, audioWindowSize outside audio_merged: EINVAL. mrope-segments gives
 *              audio 0 (its ids are 1-D).
 *
 * mrope-segments [tokens] i32: the kind of segment each token of mrope-positions' prompt belongs to, same
 *              params and errors: 0 text (qwen3-vl frame gaps included), 1 image, 2 video. The views colour
 *              the prompt by it.
 *
 * mrope-blocks [frames, 9] i32: one row per frame of each image and video of mrope-positions' prompt (same
 *              params and errors), in prompt order: segment (0 = the prompt's first image or video), kind
 *              (1 image, 2 video), frame f, frames T, first (the token index of its first pad), height and
 *              width (H/m, W/m: the merged grid; pad first + r width + c is cell (r, c)), next (the id the
 *              following segment starts at) and max (the largest id so far), both after the frame's
 *              segment (after the frame itself for a qwen3-vl video, whose frames are separated by text).
 *              The views draw a block's grid and say why text after it starts where it does. Other
 *              layouts (mrope-positions' layout): indexed_images' width is W/m + 1 (the newline column);
 *              a split interleaved_runs video lists its frames as a qwen3-vl one.
 *
 * rope-columns [dim, 4] f32: the column map of rope's tables over the whole head (rope's params and
 *              checks; info attentionFactor, rotary = r): per column c, 0 the column it is rotated with
 *              (neox c +- r/2, gptj c xor 1; -1 for c >= r, not rotated), 1 its frequency index k (-1),
 *              2 its frequency inv_k after scaling and freqDtype (0), 3 its M-RoPE axis by mropeSection
 *              (0 t, 1 h, 2 w; -1 without mropeSection or not rotated). pe.check's pairings start from it.
 * mrope-axes   [r] i32: the M-RoPE axis each column of rope's tables follows (rope's params and checks):
 *              0 t, 1 h, 2 w by the chunked or interleaved rule of mropeSection (see rope above);
 *              -1 every column without mropeSection (one position for all axes). For the views' labels.
 *
 * rope-2d      [2, tokens, dim] f32: cos then sin of vision RoPE. tokens = prefixTokens + frames height width
 *              (or coords rows) + suffixTokens (identity rows: cos 1, sin 0). Token order raster (f, r, c),
 *              merge (f, block row, block col, r, c in the block: Qwen get_rotary_pos_ids) or window
 *              (Qwen2.5-VL get_window_index: windows of windowSize merged tokens, clipped, row-major).
 *              Pair k < dim/2, q = dim/4: qwen-vit inv_i = base^(-2i/(dim/2)), r inv_k (k < q) else
 *              c inv_(k-q); pixtral f_n = base^(-2n/dim), r f_2k else c f_(2(k-q)+1) (HF's flat ids and
 *              mistral-inference's (r, c) give these angles); llama4 (c+1) rf_k else (r+1) rf_(k-q), CLS
 *              last with angle 0; flux ids (frameOffset + f, r, c), axis a owns axesDim[a]/2 pairs, pair i
 *              id_a base^(-2i/d_a). Column j: pair j mod dim/2 (neox) or j/2 (gptj). Double, stored float32.
 * sincos-2d    [cls + height width, dim] f32: cls zero rows, then row cls + r width + c = [sin(a w) |
 *              cos(a w) | sin(b w) | cos(b w)], w_k = base^(-k/q), q = dim/4, (a, b) = (c, r) for 'wh'
 *              (MAE, DiT, diffusers: meshgrid(grid_w, grid_h) puts the column first), (r, c) for 'hw'
 *              (MoCo v3). baseSize > 0 (diffusers): r, c become f32(f32(r / f32(height/baseSize)) /
 *              interpolationScale) and likewise for c with width. In double, stored float32.
 *
 * rope-2d-order [frames, height, width] i32: the row of rope-2d's table (same params and checks) that
 *              each grid cell is, in the token order, after prefixTokens. coords: EINVAL (no grid).
 *              info order: the order used (auto resolved), as an index of order's choices.
 *
 * xpos         [positions, dim/2] f32, dim even.  zeta_k = (2k + 0.4 dim)/(1.4 dim), k < dim/2; row t
 *              holds zeta_k^(n/scaleBase) (query scale; downscale: zeta_k^(-n/scaleBase), key scale)
 *              for n = t + floor(-L/2) (torchscale: microsoft/torchscale XPOS) or t - floor(L/2)
 *              (lucidrains: rotary-embedding-torch get_scale, x-transformers RotaryEmbedding), L =
 *              positions; the centerings differ for odd L (L = 5: n = -3..1 vs -2..2). Applied per rotary
 *              pair (2k, 2k+1), after the rotation. In double, stored float32 (upstream forms zeta in
 *              float32 and drifts by a few ulp at 4096 positions); beyond float32 -> Infinity or 0.
 *
 * query-scale  [positions] f32: Llama 4's query temperature on its NoPE layers (attn_temperature_tuning),
 *              s(p) = log(floor((p + shift) / floorScale) + 1) attnScale + 1, p = offset + row step >= 0,
 *              shift 1; 1 for p < floorScale - 1. Mistral 3 / Ministral 3 (get_llama_4_attn_scale, on
 *              every layer: 1 + beta log(1 + floor(p / original_max_position_embeddings))) is shift 0,
 *              floorScale = original_max_position_embeddings, attnScale = llama_4_scaling_beta. Computed as transformers' Llama4TextAttention.forward does,
 *              in float32: p rounded to float32 (positions.float()), + 1, / float32(floorScale), floor,
 *              log1p (here the double logarithm of the exact 1 + floor, rounded once; torch's float32
 *              log1p may differ by 1 ulp), x float32(attnScale), + 1, each step rounded to float32.
 *              Llama 4 Scout / Maverick: floor_scale 8192, attn_scale 0.1.
 *              form log-ratio: Qwen (v1)'s use_logn_attn, s(p) = log(p + 1) / log(seqLength) for
 *              p + 1 > seqLength, else 1 (modeling_qwen.py: logn_list of math.log(i, seq_length), a
 *              double rounded once to float32; shift, floorScale and attnScale are not read).
 *
 * Analysis kinds: derived quantities of the kinds above, from the same frequencies (analysis.c).
 * rope-spectrum [r/2, 4] f32, rope's params (positions, offset, step, layout change nothing). Per
 *              frequency pair k, theta'_k the rope-frequencies value, theta_k = base^(-2k/r) (rope_type
 *              default, same dim, base, partialRotaryFactor): column 0 wavelength 2 pi/theta'_k
 *              (+Infinity where theta'_k = 0), 1 the unscaled wavelength 2 pi/theta_k, 2 the ratio
 *              theta'_k/theta_k (1 = extrapolated, 1/factor = interpolated), 3 rotations within the
 *              original context L theta'_k/(2 pi), L = ropeScaling.original_max_position_embeddings, else
 *              maxPositionEmbeddings. info: attentionFactor, originalContext (L); llama3 adds
 *              lowFreqWavelength = L/low_freq_factor and highFreqWavelength = L/high_freq_factor (the band
 *              edges); yarn adds correctionLow, correctionHigh (the ramp's ends as pairs k, after
 *              truncate and clamping, as transformers' find_correction_range + linear_ramp_factor).
 * rope-decay   [distances, 2] f32, rope's params + distances (1024); rows are the distances
 *              D = offset + step row (only those rows are computed; positions is not used).
 *              Column 0: RoFormer's relative upper bound (Su et al. 2021, section 3.4.3)
 *              (1/(r/2)) sum_{j=1..r/2} |S_j|, S_j = sum_{k<j} e^{i D theta'_k}; column 1: the score of
 *              identical all-ones query and key after rotation, normalised: A^2 (1/(r/2)) sum_k
 *              cos(D theta'_k), A the attention factor. Angles fl(D theta') in double by the method
 *              that seeds the tables (kernels.h), sums in double. info: attentionFactor.
 * similarity   [positions, positions] f32, sinusoidal's params + normalize (false):
 *              S(i, j) = sum_c PE(i, c) PE(j, c) of the sinusoidal table with the same params;
 *              normalize divides by |PE(i)| |PE(j)| (0 where a norm is 0). Evaluated from the formula
 *              in double, not from the float32 table: each sin/cos pair gives scale^2 cos((i - j) step
 *              w_k), a function of i - j computed once per distance; vaswani/marian with odd dim add
 *              the unpaired sine's u_i u_j; fairseq's padding row and column are zero. Cost: positions
 *              x dim/2 sincos plus the fill (a row copy per row when no unpaired sine). Positions
 *              beyond 32768 (4 GiB, over the default cap) are ENOMEM.
 */
#ifndef POSENC_H
#define POSENC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PE_MAX_PARAMS 40   /* parameters (with object fields) of one kind */
#define PE_MAX_NDIM   4
#define PE_MAX_INFO   4

typedef enum pe_status { PE_OK = 0, PE_EINVAL = 1, PE_ERANGE = 2, PE_ENOMEM = 3 } pe_status;
/* PE_T_IARRAY: integers given as doubles or int32 (each checked: integral, within min..max; choices "N|D":
 * N the exact length or empty, D the default as comma-separated text or empty); PE_T_STRING: bytes
 * of at most max (the maxLength) characters. */
typedef enum pe_type { PE_T_INT, PE_T_FLOAT, PE_T_BOOL, PE_T_ENUM, PE_T_OBJECT, PE_T_FARRAY, PE_T_IARRAY,
                       PE_T_STRING } pe_type;
typedef enum pe_dtype { PE_F32 = 0, PE_I32 = 1 } pe_dtype;
#define PE_F_INPUT 1       /* the kind transforms an input array (rope-apply) */
#define PE_F_HELPER 2      /* a table the views draw with (mrope-segments …): computable, not offered as a figure */
#define PE_F_COLUMN_SCALES 4  /* its columns are unrelated quantities: a heatmap colours each on its own scale
                               * (pe_colormap_sample_columns) */

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
  int flags;                /* PE_F_INPUT | PE_F_HELPER | PE_F_COLUMN_SCALES */
  int nparams;
  const pe_param *params;
} pe_kind;

/* A request: a kind and the parameters the caller gave, by index into pe_kind.params. Enums are
 * choice indices, bools 0/1, float arrays, integer arrays and strings borrowed (not copied) until
 * pe_compute returns; len is an array's elements or a string's bytes (v holds it after checking). */
typedef struct pe_request {
  int kind;
  double v[PE_MAX_PARAMS];
  unsigned char given[PE_MAX_PARAMS];
  const float *arr[PE_MAX_PARAMS];
  const double *iarr[PE_MAX_PARAMS];
  const int32_t *iarr32[PE_MAX_PARAMS];  /* an int[] given as int32 (pe_set_iarray32): iarr is then NULL */
  const char *str[PE_MAX_PARAMS];
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
const char *pe_kind_ignores(int kind);                    /* kinds.def PE_KIND_IGNORES: params it does not use, "" for none */
int pe_kind_find(const char *name);                      /* -1 when unknown */
int pe_param_find(int kind, const char *name);           /* -1 when unknown; "group.field" too */

/* Requests. pe_set / pe_set_array / pe_set_iarray / pe_set_string only record (PE_EINVAL for a bad index or type); every value is
 * checked by pe_prepare and pe_compute. */
pe_status pe_request_init(pe_request *rq, int kind);
pe_status pe_set(pe_request *rq, int param, double value);
pe_status pe_set_array(pe_request *rq, int param, const float *data, int32_t len);
/* An int[] parameter: len numbers, each checked by pe_prepare (an integer: else EINVAL; within the
 * parameter's min..max: else ERANGE; the exact length when the registry gives one: else EINVAL). */
pe_status pe_set_iarray(pe_request *rq, int param, const double *data, int32_t len);
/* The same from int32 (every element an integer: only the range and length are checked), as
 * mrope-positions gives ids; borrowed as the doubles are. */
pe_status pe_set_iarray32(pe_request *rq, int param, const int32_t *data, int32_t len);
/* A string parameter: len bytes (not NUL-terminated; len -1 = strlen), at most the parameter's max. */
pe_status pe_set_string(pe_request *rq, int param, const char *text, int32_t len);

/* Validate the request and give the output shape; PE_ENOMEM if it exceeds pe_max_bytes(). */
pe_status pe_prepare(const pe_request *rq, pe_shape *shape, pe_error *err);
/* Validate again and compute into out (out_count elements of the kind's dtype; PE_ERANGE naming
 * "out" if too small). info may be NULL. */
pe_status pe_compute(const pe_request *rq, void *out, size_t out_count, pe_info *info, pe_error *err);

/* Validate, size, allocate and compute in one step, each check made once. On success *out is a
 * malloc'd table of sh->count elements of the kind's dtype (NULL when the output is empty), which
 * the caller frees with free(); on failure *out is NULL and nothing is allocated. out NULL:
 * validate and give the shape only (pe_prepare with this cap). max_bytes caps this call's output
 * (clamped to [0, 2^53]; negative or NaN: pe_max_bytes()); PE_ENOMEM naming the parameter that sets
 * the largest axis when the output exceeds it or does not fit in memory. sh and info may be NULL. */
pe_status pe_compute_alloc(const pe_request *rq, double max_bytes, void **out, pe_shape *sh, pe_info *info,
                           pe_error *err);

/* Output cap in bytes (default 2^31); values outside [0, 2^53] are clamped. */
void pe_set_max_bytes(double bytes);
double pe_max_bytes(void);

const char *pe_status_name(pe_status s);                 /* "OK", "EINVAL", "ERANGE", "ENOMEM" */

/* ---- Colormaps (c/colormap.c): values -> RGBA8 for drawing a table as an image ----------------
 *
 * Maps (the colormap registry, read by JS as pe.colormaps): coolwarm (the seed's), viridis, cividis,
 * rdbu (RdBu_r, centred on 0). Each is matplotlib's 256-entry table as cmap(np.arange(256),
 * bytes=True) gives it (matplotlib 3.6; channels truncated, not rounded, as matplotlib does).
 *
 *     t     = (v - vmin) / (vmax - vmin)
 *     index = clamp(floor(t * 256), 0, 255)     matplotlib Colormap.__call__ with N = 256: below
 *                                               vmin the first colour, above vmax the last
 *     vmin == vmax: every finite value gets index 128 (matplotlib would give index 0)
 *     -Infinity -> PE_RGBA_MASKED (transparent; ALiBi's masked cells show what lies behind)
 *     NaN       -> PE_RGBA_NAN (opaque magenta, in no table)      +Infinity -> index 255
 *
 * Memory: data is n float32 or int32 (pe_dtype), row-major; rgba receives 4 n bytes, one R,G,B,A
 * pixel per element in the same order: exactly ImageData's layout for a [rows, cols] table.
 * Cost: one pass (two when the limits are automatic); in wasm SIMD128 with one table load per value
 * (no gather; npm run bench's colormap lines time it); the native build runs scalar. */
#define PE_RGBA_MASKED 0x00000000u  /* 0xAARRGGBB */
#define PE_RGBA_NAN    0xffff00ffu

typedef struct pe_colormap {
  const char *name, *title;
  int centred;              /* automatic limits are [-m, m], m = max(|min|, |max|) */
} pe_colormap;

int pe_colormap_count(void);
const pe_colormap *pe_colormap_at(int map);              /* NULL when out of range */
int pe_colormap_find(const char *name);                  /* -1 when unknown */
/* The table as 256 RGBA pixels (alpha 255), lowest value first: a colorbar. */
pe_status pe_colormap_lut(int map, uint8_t rgba[1024]);

/* Statistics of a table: min/max over its finite values (NaN when there are none), the counts of
 * finite, NaN, -Infinity and +Infinity elements, and lo/hi: the limits map uses by default
 * ([min, max], or [-m, m] for a centred map; [0, 0] when nothing is finite). */
typedef struct pe_range {
  double min, max, lo, hi;
  int64_t finite, nan, neg_inf, pos_inf;
} pe_range;
pe_status pe_range_of(int map, const void *data, int dtype, size_t n, pe_range *r, pe_error *err);

/* Map n values to rgba. vmin/vmax NaN = automatic (pe_range_of's lo/hi); they must be finite with
 * vmin <= vmax (else PE_EINVAL/PE_ERANGE naming "vmin" or "vmax"). limits (may be NULL) receives
 * the [vmin, vmax] used. */
pe_status pe_colormap_apply(int map, const void *data, int dtype, size_t n, double vmin, double vmax,
                            uint8_t *rgba, double limits[2], pe_error *err);

/* Compare mode's A - B: out[i] = a[i] - b[i], i < n, evaluated in double and stored float32; a and
 * b are PE_F32 or PE_I32 tables (each its own dtype; else PE_EINVAL naming "dtype"). A cell masked
 * (-Infinity) in either table is -Infinity (masked) in the difference; other non-finite operands
 * give what IEEE subtraction gives (Infinity - Infinity = NaN). */
pe_status pe_difference(const void *a, int a_dtype, const void *b, int b_dtype, size_t n, float *out, pe_error *err);

/* A [rows, cols] table drawn into a [height, width] image at the image's resolution, nearest
 * neighbour: pixel (y, x) shows the cell under its centre,
 *     r = floor((y + 1/2) rows / height),   c = floor((x + 1/2) cols / width)
 * so cell r covers exactly the pixel rows e(r) <= y < e(r + 1), e(k) = ceil(k height / rows - 1/2)
 * (its edges rounded to the nearest pixel boundary, halves down; none when it is thinner than a
 * pixel), and likewise in x. height = rows and width = cols give pe_colormap_apply's image; whole
 * multiples give each cell a block of pixels.
 * Memory: row r of the table starts r stride (>= cols) elements after data (a plane's first columns
 * when stride > cols); rgba receives 4 height width bytes, row-major (ImageData's layout).
 * Colours, limits and their errors as pe_colormap_apply; automatic limits are those of all
 * rows x cols cells, not only the shown ones. rows, cols, height <= PE_SAMPLE_SIDE, width <=
 * PE_SAMPLE_MAX; height and width >= 1, or both 0 for an empty table (ERANGE naming the size).
 * Cost: only the shown cells are coloured, each once (a cell wider than a pixel is copied to its
 * other pixels, a row taller than a pixel too): a 2048 x 512 table into 620 x 620 device pixels
 * colours 620 x 512 values, not 1 M. Not reentrant (a row buffer of static memory). */
#define PE_SAMPLE_SIDE 2147483647u
#define PE_SAMPLE_MAX 32768
pe_status pe_colormap_sample(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride,
                             size_t height, size_t width, double vmin, double vmax, uint8_t *rgba,
                             double limits[2], pe_error *err);

/* pe_colormap_sample with a colour scale per column (the kinds whose columns are unrelated
 * quantities, PE_F_COLUMN_SCALES: rope-spectrum's wavelengths, ratio and rotations). Column c's
 * limits are limits[2c], limits[2c + 1] (limits receives 2 cols doubles): the automatic limits of
 * its rows (pe_range_of's lo/hi over them) where vmin / vmax are NaN, else vmin / vmax in every
 * column; each checked as pe_colormap_apply's (errors name "vmin" or "vmax"). Pixel (y, x) shows
 * the cell under its centre, as pe_colormap_sample, in its column's colours: index
 * clamp(floor((v - lo_c) 256 / (hi_c - lo_c)), 0, 255), the middle colour for a flat column. Sizes
 * and their errors as pe_colormap_sample. Cost: one strided pass per column, then one value per
 * pixel (scalar: the kinds that ask for it are small). */
pe_status pe_colormap_sample_columns(int map, const void *data, int dtype, size_t rows, size_t cols, size_t stride,
                                     size_t height, size_t width, double vmin, double vmax, uint8_t *rgba,
                                     double *limits, pe_error *err);

/* ---- Tensors (c/tensor.c): a user's .npy, .safetensors or raw little-endian values -----------
 *
 * Formats: .npy versions 1-3 (descr <f8 <f4 <f2 <i8 <i4, C order; '>' big-endian and
 * fortran_order True with more than one axis are EINVAL naming "dtype" / "fortran_order"); .safetensors
 * (8-byte little-endian header length, a JSON header of at most 1e8 bytes naming each tensor's dtype
 * F64 F32 F16 BF16 I64 I32, shape and data_offsets relative to the end of the header; __metadata__
 * skipped); raw values of a given shape and dtype. Every claim is checked against the file's size
 * before anything is allocated for it: a header length past the end ("header", ERANGE), a shape
 * that needs more bytes than there are or disagrees with data_offsets ("shape", ERANGE), offsets past
 * the end ("data_offsets"), dimensions multiplying past 2^53 bytes ("shape"), a float32 copy over the
 * byte cap ("shape", ENOMEM). An unknown dtype is EINVAL naming "dtype" when that tensor is read.
 * Conversion: each value to the nearest float32 (int64 and float64 rounded; float16 and bfloat16 exact).
 * Header reads need only the file's first bytes: pe_tensor_probe on >= 9 (12 for .npy v2) of them
 * gives the bytes the header needs; the tensor's values are then bytes [begin, end) of the file. */
#define PE_TENSOR_MAXDIM 8
enum { PE_TENSOR_F64, PE_TENSOR_F32, PE_TENSOR_F16, PE_TENSOR_BF16, PE_TENSOR_I64, PE_TENSOR_I32 };
enum { PE_TENSOR_NPY = 1, PE_TENSOR_SAFETENSORS = 2 };

typedef struct pe_tensor_entry {
  size_t name, name_len;      /* the name's UTF-8 bytes in the list's names (.npy: empty) */
  int dtype;                  /* PE_TENSOR_*, or -1: not readable (dtype_text says what it is) */
  char dtype_text[16];
  int ndim;
  int64_t dims[PE_TENSOR_MAXDIM];
  double count, begin, end;   /* elements; byte offsets of the values in the file */
} pe_tensor_entry;

typedef struct pe_tensor_list {
  int format, n;
  pe_tensor_entry *t;
  uint8_t *names;
  double data0;               /* where the data starts: the header's size */
} pe_tensor_list;

const char *pe_tensor_dtype_name(int dtype);   /* "float64", "float32", "float16", "bfloat16", "int64", "int32" */
int pe_tensor_dtype_size(int dtype);           /* bytes per element; 0 for an unknown dtype */
int pe_tensor_dtype_find(const char *name);    /* -1 when unknown */
/* From the first n bytes of a file of total bytes: its format and the bytes its header needs. */
pe_status pe_tensor_probe(const uint8_t *p, size_t n, double total, int *format, double *need, pe_error *err);
/* Parse the header held in p[0 .. n) of a file of total bytes; *out is freed with pe_tensor_list_free. */
pe_status pe_tensor_parse(const uint8_t *p, size_t n, double total, pe_tensor_list **out, pe_error *err);
void pe_tensor_list_free(pe_tensor_list *l);
/* Whether an entry can be read: a known dtype, a float32 copy within max_bytes (< 0: pe_max_bytes()). */
pe_status pe_tensor_check_entry(const pe_tensor_entry *t, double max_bytes, pe_error *err);
/* Raw values: the shape's count (dims checked as a header's) must be exactly nbytes / itemsize. */
pe_status pe_tensor_check_raw(const int64_t *dims, int ndim, int dtype, double nbytes, double *count, pe_error *err);
/* count little-endian values of dtype (nbytes = count * itemsize) into float32. */
pe_status pe_tensor_convert(const uint8_t *src, size_t nbytes, int dtype, double count, float *dst, pe_error *err);

/* ---- GGUF (c/gguf.c): llama.cpp's model files, their metadata and tensor index ---------------
 *
 * A GGUF file: "GGUF", u32 version (2 or 3; 1 and byte-swapped files are EINVAL naming "version"),
 * u64 n_tensors, u64 n_kv, then n_kv key-value pairs (a string key, a u32 value type PE_GGUF_*, the
 * value; strings are a u64 length and that many bytes; an array is a u32 element type, a u64 count
 * and the elements, arrays of arrays up to PE_GGUF_DEPTH_MAX levels), then n_tensors tensor infos
 * (a string name, u32 n_dims 1..4, n_dims u64 dimensions ne[0] first, a u32 ggml type, a u64
 * offset into the data), all little-endian. The data starts at the end of the infos rounded up to
 * general.alignment (a uint32 power of two; default 32); each tensor's offset is a multiple of it.
 * Every claim is checked before anything is allocated for it: counts that the rest of the file
 * cannot hold ("n_kv", "n_tensors": each pair takes >= 13 bytes, each tensor info >= 32), lengths
 * and array counts past the end ("key", "tensor": ERANGE), unknown value types and ggml types, arrays
 * nested too deep, n_dims out of range, dimensions multiplying past INT64_MAX, ne[0] not a multiple of
 * the type's block, unaligned offsets, data past the end of a file of known size, duplicate keys and
 * tensor names (as llama.cpp's gguf.cpp refuses them); the index itself is under pe_max_bytes().
 * Each error's detail (g->why, valid while g is) names the key or the tensor. The bytes are not
 * copied: entries are offsets into p, valid while p is. total: the file's size, INFINITY when
 * unknown (data ranges then unchecked), taken as n when smaller.
 *
 * pe_gguf_header_size reads as far as p[0 .. n) goes (nothing allocated; duplicates and data
 * past the end of the file are not looked for): *need is the exact header size (the end of the tensor infos) when g->complete, else a lower
 * bound of the bytes to read before calling again (never past total). pe_gguf_parse needs the
 * whole header in p (ERANGE naming "bytes" otherwise, g->need the lower bound) and fills g->kv and
 * g->t, freed by pe_gguf_free (before g is used again: both calls start from a cleared g, and
 * pe_gguf_header_size allocates nothing). */
enum { PE_GGUF_UINT8, PE_GGUF_INT8, PE_GGUF_UINT16, PE_GGUF_INT16, PE_GGUF_UINT32, PE_GGUF_INT32, PE_GGUF_FLOAT32,
       PE_GGUF_BOOL, PE_GGUF_STRING, PE_GGUF_ARRAY, PE_GGUF_UINT64, PE_GGUF_INT64, PE_GGUF_FLOAT64 };
#define PE_GGUF_DEPTH_MAX 8
#define PE_GGUF_MAXDIM 4

typedef struct pe_gguf_kv {
  size_t key, key_len;        /* the key's bytes: p + key */
  int type;                   /* PE_GGUF_* */
  size_t value;               /* where the value is; arrays: their first element */
  int elem_type;              /* arrays: the elements' type */
  uint64_t count;             /* arrays: how many */
} pe_gguf_kv;

typedef struct pe_gguf_tensor {
  size_t name, name_len;      /* the name's bytes: p + name */
  int type;                   /* the ggml type (pe_gguf_type_name) */
  int ndim;
  int64_t dims[PE_GGUF_MAXDIM];   /* ne[0] (the fastest-varying) first */
  double count, offset, nbytes;   /* elements; offset in the data; bytes */
  double begin, end;          /* the data's byte range in the file */
} pe_gguf_tensor;

typedef struct pe_gguf {
  uint32_t version, alignment;
  uint64_t n_kv, n_tensors;
  double header_bytes, data_offset;  /* the end of the tensor infos; where the data starts */
  double need;                /* pe_gguf_header_size's answer (see above) */
  int complete;               /* the whole header was in the bytes */
  pe_gguf_kv *kv;             /* n_kv entries after pe_gguf_parse */
  pe_gguf_tensor *t;          /* n_tensors entries */
  char why[240];              /* the last error's detail */
} pe_gguf;

pe_status pe_gguf_header_size(const uint8_t *p, size_t n, double total, double *need, pe_gguf *g, pe_error *err);
pe_status pe_gguf_parse(const uint8_t *p, size_t n, double total, pe_gguf *g, pe_error *err);
void pe_gguf_free(pe_gguf *g);
/* A value's elements: count values of type (PE_GGUF_*) from p + at, read within p[0 .. n). out
 * receives numbers as doubles (one per element; halves: 64-bit integers as their low and high
 * 32-bit words, two per element, the high one signed for int64), strings as (offset, length) pairs,
 * arrays as (element type, count, offset of the first element) triples. A scalar is count 1 at
 * kv->value. ERANGE naming "at" when the bytes do not hold them. */
pe_status pe_gguf_elements(const uint8_t *p, size_t n, size_t at, int type, uint64_t count, double *out, int halves,
                           pe_error *err);
/* A string array's texts for one UTF-8 decode: the well-formed strings' bytes back to back into
 * text (at most n - at bytes), *bytes their total; out receives four doubles per string: its
 * UTF-16 offset and length in text's decoding (-1 and 0 when it is not well-formed UTF-8, to be
 * decoded alone), its offset in p and its length in bytes. */
pe_status pe_gguf_strings(const uint8_t *p, size_t n, size_t at, uint64_t count, uint8_t *text, double *out, double *bytes,
                          pe_error *err);
const char *pe_gguf_type_name(int ggml_type);        /* "F32", "Q4_K", ...; NULL when unknown */
int pe_gguf_type_block(int ggml_type, int *type_size);  /* elements per block (0: unknown), bytes per block */
const char *pe_gguf_value_type_name(int type);       /* "uint8" ... "float64"; NULL when unknown */

/* ---- Checking (c/check.c): a user's table against a reference --------------------------------
 *
 * pe_check_compare: n rows of w columns; got row i is got[got_off + rows[i] got_rs + j got_cs]
 * (rows NULL: i), compared with want[want_off + i want_rs + colmap[j] want_cs] (colmap NULL: j; an
 * entry -1 compares with `identity`: 1 for cos, 0 for sin of an unrotated column). The bound of each
 * element is tol_abs, or when that is NaN what float32 evaluation of the canonical code allows:
 *     tol = A (8 |p theta_j| + 4) 2^-24
 * (A = rowscale[i], else scale: the attention factor, or the row's magnitude for rotated vectors;
 * p = rowpos[i]; theta_j = coltheta[j]): float32 inv_freq (pow and reciprocal, ~2 ulps), the float32
 * product p inv (1 ulp of the angle) and cos/sin in float32 (a few ulps of A). NaN is an error of
 * +Infinity; tol_rel |want| is added to a derived bound, and for a table held in bfloat16 or float16
 * (ulp_dtype) one ulp of that dtype at max(|got|, |want|): both sides rounded to it from values within
 * the float32 bound of each other may land on neighbouring steps. accumulate: add to the statistics
 * and maxima of the previous call (a table's second plane). colerr[w] and rowerr[n] (may be NULL) receive the largest error per column and row. */
typedef struct pe_compare {
  const float *got, *want;
  int64_t n, w, got_off, got_rs, got_cs, want_off, want_rs, want_cs;
  const int32_t *colmap, *rows;
  const double *rowpos;
  const float *rowscale, *coltheta;
  double scale, tol_abs, identity;
  int accumulate;
  double tol_rel;             /* added to the derived bound: tol_rel |want| (inverse frequencies) */
  int ulp_dtype;              /* PE_TENSOR_BF16 / PE_TENSOR_F16: one ulp of it at the value added to the
                                 derived bound (a table held in that dtype); other values add nothing */
} pe_compare;
typedef struct pe_compare_stats {
  double max_abs, max_rel, sum, bad, first_row, first_col, first_got, first_want, tol_max, count;
} pe_compare_stats;
pe_status pe_check_compare(const pe_compare *c, pe_compare_stats *st, float *colerr, float *rowerr);
/* The angle per row of a sampled sinusoid v[p stride], p < n (n >= 3), fitted by least squares over
 * v[p+1] + v[p-1] = 2 cos(t) v[p]: t in [0, pi] (NaN for a constant zero column). */
double pe_check_fit_theta(const float *v, int64_t n, int64_t stride);
double pe_check_acos(double x);
double pe_check_phase(double c, double s);     /* the angle of (c, s), in (-pi, pi] */
/* The angle per row of (c[p stride], s[p stride]) = A (cos, sin)(p0 + p t), p < n: the mean phase step. */
double pe_check_fit_slope(const float *c, const float *s, int64_t n, int64_t stride);
/* out[i] = 2 max_j |x[i d + j]|: a bound on the magnitude of row i's rotated pairs' values. */
void pe_check_row_absmax(const float *x, int64_t n, int d, float *out);
/* Vectors x [n, d] rotated with an explicit pairing: column j with partner q > j turns (x_j, x_q) by
 * rowpos[i] theta[j] (in double), times scale; partner -1 passes through. */
pe_status pe_check_rotate(const float *x, int64_t n, int d, const int32_t *partner, const float *theta,
                          const double *rowpos, double scale, float *out);

#ifdef __cplusplus
}
#endif
#endif
