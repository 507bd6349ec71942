// The formula beside every picture: one entry per registry kind (the multimodal ones included), read by the explorer's explain panel and the elements' caption. Each entry:
//   formula  a MathML <math display="block"> string (rendered natively by the browser; no dependency)
//   symbols  [[MathML <math> string, what it is], …]
//   sources  [{ label, url }]: the paper, then the canonical code (repository and path)
//   look     two or three sentences on what to look for in the picture
// tests/unit/explain.test.js fails when a registry kind has no entry or a formula is not well-formed.
// Only text and markup live here: every number on screen comes from the C side.

// MathML builders (strings): short names keep the formulas readable.
const mi = (x) => `<mi>${x}</mi>`;
const mn = (x) => `<mn>${x}</mn>`;
const mo = (x) => `<mo>${x}</mo>`;
const row = (...xs) => `<mrow>${xs.join('')}</mrow>`;
const sub = (a, b) => `<msub>${a}${b}</msub>`;
const sup = (a, b) => `<msup>${a}${b}</msup>`;
const subsup = (a, b, c) => `<msubsup>${a}${b}${c}</msubsup>`;
const frac = (a, b) => `<mfrac>${a}${b}</mfrac>`;
const sqrt = (a) => `<msqrt>${a}</msqrt>`;
const under = (a, b) => `<munder>${a}${b}</munder>`;
const underover = (a, b, c) => `<munderover>${a}${b}${c}</munderover>`;
const paren = (...xs) => row(mo('('), ...xs, mo(')'));
const abs = (...xs) => row(mo('|'), ...xs, mo('|'));
const text = (x) => `<mtext>${x}</mtext>`;
const gap = '<mspace width="1em"/>';
const block = (...xs) => `<math display="block">${row(...xs)}</math>`;
const inline = (...xs) => `<math>${row(...xs)}</math>`;
const fn = (name, ...arg) => row(mi(name), paren(...arg));
const sin = (...a) => fn('sin', ...a), cos = (...a) => fn('cos', ...a);
const sum = (lo, hi) => (hi ? underover(mo('∑'), lo, hi) : under(mo('∑'), lo));

// symbols used by several entries
const P = mi('p'), D = mi('d'), K = mi('k'), I = mi('i'), J = mi('j'), R = mi('r'), L = mi('L');
const theta = (k = K) => sub(mi('θ'), k);
const thetaS = (k = K) => sub(mi('θ′'), k);
const w = (k = K) => sub(mi('w'), k);
const DELTA = mi('Δ');
const POS = [inline(P), 'position: offset + step · row'];
const BASE = [inline(mi('b')), 'base (rope_theta / max timescale)'];

const TRANSFORMERS = 'https://github.com/huggingface/transformers/blob/main/src/transformers/';
const ROPE_UTILS = { label: 'transformers src/transformers/modeling_rope_utils.py (_compute_*_parameters)', url: `${TRANSFORMERS}modeling_rope_utils.py` };
const ROFORMER = { label: 'Su et al. 2021, RoFormer: Enhanced Transformer with Rotary Position Embedding', url: 'https://arxiv.org/abs/2104.09864' };
const VASWANI = { label: 'Vaswani et al. 2017, Attention Is All You Need, §3.5', url: 'https://arxiv.org/abs/1706.03762' };
const ALIBI_PAPER = { label: 'Press et al. 2022, Train Short, Test Long (ALiBi)', url: 'https://arxiv.org/abs/2108.12409' };

const ROPE_SYMBOLS = [
  POS, BASE,
  [inline(R), 'rotary dims: int(dim · partialRotaryFactor)'],
  [inline(theta()), 'unscaled frequency of pair k: b^(−2k/r)'],
  [inline(thetaS()), 'the model\'s frequency after ropeScaling (rope-frequencies)'],
  [inline(mi('A')), 'attention factor (yarn, longrope; 1 otherwise)'],
];

const ENTRIES = {
  sinusoidal: {
    formula: block(
      fn('PE', P, mo(','), mn('2'), K), mo('='), sin(P, w()), mo(','), gap,
      fn('PE', P, mo(','), mn('2'), K, mo('+'), mn('1')), mo('='), cos(P, w()), mo(','), gap,
      w(), mo('='), sup(mi('b'), row(mo('−'), frac(row(mn('2'), K), D)))),
    symbols: [POS, [inline(D), 'embedding dimension'], [inline(K), 'frequency index, 0 ≤ k < d/2'],
      [inline(w()), 'frequency (tensor2tensor, fairseq: exp(−k ln b / (d/2 − 1)); scaled: b^(−k/(d/2)))'], BASE],
    sources: [VASWANI,
      { label: 'tensor2tensor tensor2tensor/layers/common_attention.py get_timing_signal_1d', url: 'https://github.com/tensorflow/tensor2tensor/blob/master/tensor2tensor/layers/common_attention.py' },
      { label: 'fairseq fairseq/modules/sinusoidal_positional_embedding.py', url: 'https://github.com/facebookresearch/fairseq/blob/main/fairseq/modules/sinusoidal_positional_embedding.py' }],
    look: 'The left columns oscillate fast and the right ones slowly: each pair of columns is a clock with its own period, from 2π up to 2π·b. Variants differ in layout only (interleaved vaswani, sines-then-cosines for the rest), and fairseq zeroes its padding row.',
  },
  relative: {
    formula: block(mi('R'), paren(I, mo(','), J), mo('='), fn('clamp', J, mo('−'), mi('i′'), mo(','), mo('−'), mi('c'), mo(','), mi('c')), mo('+'), mi('o')),
    symbols: [[inline(I, mo(','), J), 'query and key positions'],
      [inline(mi('i′')), 'i, or i + keys − queries (align end: queries are the last positions)'],
      [inline(mi('c')), 'clip (0 = none)'], [inline(mi('o')), 'offset added to every value']],
    sources: [{ label: 'Shaw et al. 2018, Self-Attention with Relative Position Representations', url: 'https://arxiv.org/abs/1803.02155' },
      { label: 'tensor2tensor tensor2tensor/layers/common_attention.py _generate_relative_positions_matrix', url: 'https://github.com/tensorflow/tensor2tensor/blob/master/tensor2tensor/layers/common_attention.py' }],
    look: 'Every diagonal holds one value: the table depends on j − i only. With a clip, distances beyond it share the edge value, which is how Shaw et al. keep the embedding table small.',
  },
  t5: {
    formula: block(mi('bucket'), mo('='), row(
      mo('{'), `<mtable><mtr><mtd>${row(mi('n'))}</mtd><mtd>${row(mi('n'), mo('&lt;'), mi('e'))}</mtd></mtr>` +
      `<mtr><mtd>${row(fn('min', mi('e'), mo('+'), row(mo('⌊'), frac(fn('ln', frac(mi('n'), mi('e'))), fn('ln', frac(mi('m'), mi('e')))), paren(sub(mi('N'), mi('dir')), mo('−'), mi('e')), mo('⌋')), mo(','), sub(mi('N'), mi('dir')), mo('−'), mn('1')))}</mtd>` +
      `<mtd>${row(text('otherwise'))}</mtd></mtr></mtable>`)),
    symbols: [[inline(mi('n')), '|j − i| (bidirectional) or max(i − j, 0) (causal decoder)'],
      [inline(sub(mi('N'), mi('dir'))), 'buckets per direction: numBuckets (/2 when bidirectional, keys after the query start at N/2)'],
      [inline(mi('e')), 'max_exact = N_dir / 2: distances below it get their own bucket'], [inline(mi('m')), 'maxDistance']],
    sources: [{ label: 'Raffel et al. 2020, Exploring the Limits of Transfer Learning (T5)', url: 'https://arxiv.org/abs/1910.10683' },
      { label: 'transformers src/transformers/models/t5/modeling_t5.py T5Attention._relative_position_bucket', url: `${TRANSFORMERS}models/t5/modeling_t5.py` }],
    look: 'Near the diagonal each distance has its own bucket; farther away buckets widen logarithmically until maxDistance, after which all share the last one. The decoder (bidirectional off) maps every future key to bucket 0.',
  },
  deberta: {
    formula: block(mi('δ'), mo('='), row(mo('{'), `<mtable><mtr><mtd>${row(mi('x'))}</mtd><mtd>${row(abs(mi('x')), mo('≤'), mi('h'))}</mtd></mtr>` +
      `<mtr><mtd>${row(fn('sign', mi('x')), paren(mi('h'), mo('+'), row(mo('⌈'), frac(fn('ln', frac(abs(mi('x')), mi('h'))), fn('ln', frac(row(mi('M'), mo('−'), mn('1')), mi('h')))), paren(mi('h'), mo('−'), mn('1')), mo('⌉'))))}</mtd><mtd>${row(text('otherwise'))}</mtd></mtr></mtable>`),
    gap, mi('x'), mo('='), I, mo('−'), J, mo(','), gap, mi('h'), mo('='), row(mo('⌊'), frac(mi('B'), mn('2')), mo('⌋'))),
    symbols: [[inline(mi('x')), 'relative position i − j'], [inline(mi('B')), 'bucketSize (position_buckets)'],
      [inline(mi('M')), 'maxPosition (max_relative_positions)']],
    sources: [{ label: 'He et al. 2021, DeBERTa: Decoding-enhanced BERT with Disentangled Attention', url: 'https://arxiv.org/abs/2006.03654' },
      { label: 'transformers src/transformers/models/deberta_v2/modeling_deberta_v2.py make_log_bucket_position', url: `${TRANSFORMERS}models/deberta_v2/modeling_deberta_v2.py` }],
    look: 'Linear within ±bucketSize/2, logarithmic beyond: the values keep their sign, so the table is antisymmetric around the diagonal. Zero or negative sizes give plain i − j.',
  },
  'alibi-slopes': {
    formula: block(sub(mi('m'), mi('h')), mo('='), sup(mn('2'), row(mo('−'), frac(row(mi('B'), mo('·'), paren(mi('h'), mo('+'), mn('1'))), mi('n'))))),
    symbols: [[inline(mi('h')), 'head, 0 ≤ h < n'], [inline(mi('n')), 'heads (not a power of two: the closest power\'s slopes, then every other slope of twice as many)'], [inline(mi('B')), 'maxBias (8)']],
    sources: [ALIBI_PAPER, { label: 'ofirpress/attention_with_linear_biases fairseq/models/transformer.py get_slopes', url: 'https://github.com/ofirpress/attention_with_linear_biases' }],
    look: 'A geometric sequence: each head sees a different range, the first heads looking only nearby, the last ones almost everywhere. Read it on a log axis, where it is a straight line.',
  },
  alibi: {
    formula: block(fn('bias', mi('h'), mo(','), I, mo(','), J), mo('='), sub(mi('m'), mi('h')), mo('·'), paren(J, mo('−'), mi('i′')), mo(','), gap, J, mo('≤'), mi('i′')),
    symbols: [[inline(sub(mi('m'), mi('h'))), 'the head\'s slope (alibi-slopes)'], [inline(mi('i′')), 'i + keys − queries'],
      [inline(text('form')), 'causal: −∞ above the diagonal; symmetric: −m|j − i′|; mpt: m(j − (keys − 1))']],
    sources: [ALIBI_PAPER, { label: 'transformers src/transformers/models/bloom/modeling_bloom.py build_alibi_tensor', url: `${TRANSFORMERS}models/bloom/modeling_bloom.py` }],
    look: 'A linear penalty on distance, steeper for early heads; no position is ever embedded. In the distance profile each head is a straight line through 0.',
  },
  rope: {
    formula: block(fn('cos', P, thetaS()), mo(','), gap, fn('sin', P, thetaS()), mo('·'), mi('A'), gap,
      row(mi('q'), mo('′'), mo('='), mi('q'), mo('⊙'), mi('cos'), mo('+'), fn('rotate', mi('q')), mo('⊙'), mi('sin'))),
    symbols: ROPE_SYMBOLS,
    sources: [ROFORMER, ROPE_UTILS, { label: 'transformers src/transformers/models/llama/modeling_llama.py apply_rotary_pos_emb, rotate_half', url: `${TRANSFORMERS}models/llama/modeling_llama.py` }],
    look: 'The cos table is the sinusoidal clock again, one rotation per pair: the first pairs turn fast, the last slowly. Scaling types change θ′ (the frequencies), not the structure: compare against rope_type default to see which columns moved.',
  },
  'rope-frequencies': {
    formula: block(thetaS(), mo('='), row(mi('s'), paren(K)), mo('·'), sup(mi('b'), row(mo('−'), frac(row(mn('2'), K), R)))),
    symbols: [...ROPE_SYMBOLS, [inline(row(mi('s'), paren(K))), 'the scaling type\'s factor per pair: 1 (default), 1/factor (linear), the llama3 bands, the yarn ramp, longrope\'s lists']],
    sources: [ROPE_UTILS, { label: 'Chen et al. 2023, Position Interpolation', url: 'https://arxiv.org/abs/2306.15595' },
      { label: 'Peng et al. 2023, YaRN', url: 'https://arxiv.org/abs/2309.00071' }],
    look: 'On a log axis the default frequencies are a straight line. Linear scaling shifts it down, llama3 bends only its low-frequency end, yarn ramps between its beta_fast and beta_slow pairs.',
  },
  'rope-apply': {
    formula: block(sub(mi('o'), K), mo('='), sub(mi('x'), K), mi('c'), mo('−'), sub(mi('x'), row(K, mo('+'), frac(R, mn('2')))), mi('s'), mo(','), gap,
      sub(mi('o'), row(K, mo('+'), frac(R, mn('2')))), mo('='), sub(mi('x'), row(K, mo('+'), frac(R, mn('2')))), mi('c'), mo('+'), sub(mi('x'), K), mi('s')),
    symbols: [[inline(mi('c'), mo(','), mi('s')), 'A·cos(p θ′ₖ), A·sin(p θ′ₖ) of the rope tables'],
      [inline(mi('x')), 'the input vectors [positions, dim]; columns ≥ r pass through'], [inline(text('gptj')), 'pairs (2k, 2k + 1) instead of (k, k + r/2)']],
    sources: [ROFORMER, { label: 'transformers src/transformers/models/llama/modeling_llama.py apply_rotary_pos_emb', url: `${TRANSFORMERS}models/llama/modeling_llama.py` }],
    look: 'Each pair of coordinates turns by the position\'s angle. Norms stay (with A = 1), and a query–key dot product depends on their distance only.',
  },
  xpos: {
    formula: block(sub(mi('ζ'), K), mo('='), frac(row(mn('2'), K, mo('+'), mn('0.4'), D), row(mn('1.4'), D)), mo(','), gap,
      fn('scale', mi('n'), mo(','), K), mo('='), sup(sub(mi('ζ'), K), row(mo('±'), frac(mi('n'), mi('S'))))),
    symbols: [[inline(mi('n')), 'centred position: t − ⌊L/2⌋ (lucidrains) or t + ⌊−L/2⌋ (torchscale)'], [inline(mi('S')), 'scaleBase (512)'],
      [inline(mo('±')), '+ for queries, − for keys (downscale)']],
    sources: [{ label: 'Sun et al. 2022, A Length-Extrapolatable Transformer (xPos)', url: 'https://arxiv.org/abs/2212.10554' },
      { label: 'microsoft/torchscale torchscale/component/xpos_relative_position.py', url: 'https://github.com/microsoft/torchscale/blob/main/torchscale/component/xpos_relative_position.py' }],
    look: 'Every ζ is below 1, so query scales shrink with position and key scales grow. Their product decays exponentially with the distance, fastest for the first pairs.',
  },
  'rope-spectrum': {
    formula: block(sub(mi('λ'), K), mo('='), frac(row(mn('2'), mi('π')), thetaS()), mo(','), gap,
      mi('ratio'), mo('='), frac(thetaS(), theta()), mo(','), gap, mi('rotations'), mo('='), frac(row(L, thetaS()), row(mn('2'), mi('π')))),
    symbols: [[inline(K), 'frequency pair, 0 ≤ k < r/2 (the x axis)'], [inline(sub(mi('λ'), K)), 'wavelength in positions (column 0; column 1 the unscaled one, 2π/θₖ)'],
      [inline(thetaS(), mo(','), theta()), 'the model\'s frequency and the unscaled b^(−2k/r)'],
      [inline(L), 'original context: original_max_position_embeddings, else maxPositionEmbeddings']],
    sources: [ROPE_UTILS, { label: 'Peng et al. 2023, YaRN (§3: wavelength, r = L/λ, the ramp between β and α)', url: 'https://arxiv.org/abs/2309.00071' },
      { label: 'Meta 2024, The Llama 3 Herd of Models', url: 'https://arxiv.org/abs/2407.21783' }],
    look: 'Pairs with rotations above 1 complete a turn within the original context: scaling leaves the fast ones alone (ratio 1) and interpolates the slow ones (ratio 1/factor). Llama 3.1 switches between the two across its low/high wavelength band; yarn ramps between its correction pairs.',
  },
  'rope-decay': {
    formula: block(frac(mn('1'), row(R, mo('/'), mn('2'))), sum(row(J, mo('='), mn('1')), row(R, mo('/'), mn('2'))), abs(sub(mi('S'), J)), mo(','), gap,
      sub(mi('S'), J), mo('='), sum(row(K, mo('&lt;'), J)), sup(mi('e'), row(mi('i'), DELTA, thetaS())), mo(','), gap,
      mi('score'), mo('='), sup(mi('A'), mn('2')), frac(mn('1'), row(R, mo('/'), mn('2'))), sum(K), cos(DELTA, thetaS())),
    symbols: [[inline(DELTA), 'distance: offset + step · row (the x axis)'], [inline(sub(mi('S'), J)), 'partial sums of the rotations (RoFormer §3.4.3, Abel transformation)'],
      [inline(mi('score')), 'q·k of identical all-ones query and key after rotation, normalised (column 1)'], ...ROPE_SYMBOLS.slice(2)],
    sources: [ROFORMER, ROPE_UTILS],
    look: 'Column 0 is RoFormer\'s bound on |q·k| relative to the largest difference of the query–key products: it falls with distance, which is the long-term decay RoFormer reports. A larger base slows the decay; scaling types stretch it.',
  },
  similarity: {
    formula: block(fn('S', I, mo(','), J), mo('='), sum(mi('c')), fn('PE', I, mo(','), mi('c')), fn('PE', J, mo(','), mi('c')), mo('='),
      sum(K), cos(paren(sub(P, I), mo('−'), sub(P, J)), w())),
    symbols: [[inline(I, mo(','), J), 'rows of the sinusoidal table with the same params'], [inline(sub(P, I)), 'position of row i'],
      [inline(text('normalize')), 'divides by |PE(i)|·|PE(j)| (cosine similarity)']],
    sources: [VASWANI, { label: 'Wang & Chen 2020, What Do Position Embeddings Learn?', url: 'https://arxiv.org/abs/2010.04903' },
      { label: 'tensor2tensor tensor2tensor/layers/common_attention.py get_timing_signal_1d (the table)', url: 'https://github.com/tensorflow/tensor2tensor/blob/master/tensor2tensor/layers/common_attention.py' }],
    look: 'Each pair of columns contributes cos of the distance times its frequency, so the table is constant along diagonals: positions close to each other look alike, and the similarity falls off and ripples with distance. An odd dim or fairseq\'s padding row break that symmetry.',
  },
  'query-scale': {
    formula: block(fn('scale', P), mo('='), fn('log', row(mo('⌊'), frac(row(P, mo('+'), mn('1')), mi('F')), mo('⌋')), mo('+'), mn('1')), mo('·'), mi('a'), mo('+'), mn('1')),
    symbols: [POS, [inline(mi('F')), 'floorScale (8192)'], [inline(mi('a')), 'attnScale (0.1)']],
    sources: [{ label: 'transformers src/transformers/models/llama4/modeling_llama4.py Llama4TextAttention (attn_temperature_tuning)', url: `${TRANSFORMERS}models/llama4/modeling_llama4.py` }],
    look: 'A staircase: constant 1 for the first floorScale positions, then a step up every floorScale positions, growing logarithmically. Llama 4 multiplies the queries of its NoPE layers by it so attention stays sharp over long contexts.',
  },
  'mrope-positions': {
    formula: block(paren(sub(mi('t'), I), mo(','), sub(mi('h'), I), mo(','), sub(mi('w'), I)), mo('='),
      row(mo('{'), `<mtable><mtr><mtd>${row(paren(mi('s'), mo('+'), I, mo(','), mi('s'), mo('+'), I, mo(','), mi('s'), mo('+'), I))}</mtd><mtd>${text('text')}</mtd></mtr>` +
        `<mtr><mtd>${row(paren(mi('s'), mo('+'), mi('τ'), paren(mi('t')), mo(','), mi('s'), mo('+'), mi('row'), mo(','), mi('s'), mo('+'), mi('col')))}</mtd><mtd>${text('vision patch')}</mtd></mtr></mtable>`)),
    symbols: [[inline(mi('s')), 'start of the segment: 1 + the largest id so far'], [inline(mi('τ')), 'temporal id of a frame (per model: t, 0 for images, seconds · tokens_per_second)'],
      [inline(mi('row'), mo(','), mi('col')), 'the merged patch grid (grid_thw / spatial_merge_size)']],
    sources: [{ label: 'Wang et al. 2024, Qwen2-VL (§2.1, M-RoPE)', url: 'https://arxiv.org/abs/2409.12191' },
      { label: 'transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py get_rope_index', url: `${TRANSFORMERS}models/qwen2_vl/modeling_qwen2_vl.py` }],
    look: 'Text runs along the diagonal with the three rows equal; an image is a block where height and width ids sweep its grid while the temporal id stays put. The next text starts after the largest id, so ids are fewer than tokens (ropeDelta < 0). The explorer\'s inset draws an image or video as its grid of merged patches with their h and w ids (hover a pad).',
  },
  'mrope-segments': {
    formula: block(fn('segment', I), mo('='), row(mo('{'), `<mtable><mtr><mtd>${mn('0')}</mtd><mtd>${text('text (chat template, vision_start/end, timestamps)')}</mtd></mtr>` +
      `<mtr><mtd>${mn('1')}</mtd><mtd>${text('image pad')}</mtd></mtr><mtr><mtd>${mn('2')}</mtd><mtd>${text('video pad')}</mtd></mtr></mtable>`)),
    symbols: [[inline(I), 'token index in the prompt (the columns of mrope-positions)']],
    sources: [{ label: 'transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py get_rope_index (image_token_id, video_token_id)', url: `${TRANSFORMERS}models/qwen2_vl/modeling_qwen2_vl.py` }],
    look: 'Runs of equal values: each image or video block is one run of T·(H/m)·(W/m) pads between text runs; a Qwen3-VL video alternates frame blocks with the timestamp text between them. The explorer paints this band above mrope-positions.',
  },
  'mrope-blocks': {
    formula: block(mi('next'), mo('='), row(mo('{'), `<mtable><mtr><mtd>${row(mi('max'), mo('+'), mn('1'))}</mtd><mtd>${text('advance max (Qwen, transformers 4.x)')}</mtd></mtr>` +
      `<mtr><mtd>${row(mi('s'), mo('+'), fn('max', frac(mi('H'), mi('m')), mo(','), frac(mi('W'), mi('m'))))}</mtd><mtd>${text('advance grid (transformers 5.x)')}</mtd></mtr></mtable>`)),
    symbols: [[inline(mi('max')), 'the largest t, h or w id so far (the max field)'], [inline(mi('s')), 'the block\'s first id (h of its row 0)'],
      [inline(frac(mi('H'), mi('m')), mo(','), frac(mi('W'), mi('m'))), 'the merged grid of each frame (the height and width fields): pad first + r·width + c is cell (r, c)']],
    sources: [{ label: 'transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py get_rope_index (llm_pos_ids_list, st_idx)', url: `${TRANSFORMERS}models/qwen2_vl/modeling_qwen2_vl.py` }],
    look: 'One row per frame of each image and video, in prompt order: where its pads start, its merged grid, and where the next segment starts. A Qwen2.5-VL video\'s frames share one next (after its last t); a Qwen3-VL video\'s frames each have their own, the timestamp text following each. The explorer draws each block from it (the inset below mrope-positions).',
  },
  'mrope-axes': {
    formula: block(fn('a', K), mo('='), row(mo('{'), `<mtable><mtr><mtd>${row(mi('t'), mo(','), mi('h'), mo(','), mi('w'))}</mtd><mtd>${text('by ')}${row(K, mo('&lt;'), sub(mi('s'), mi('t')), mo(','), sub(mi('s'), mi('t')), mo('+'), sub(mi('s'), mi('h')))}${text(' (chunked)')}</mtd></mtr>` +
      `<mtr><mtd>${row(mi('h'), mo(','), mi('w'))}</mtd><mtd>${text('for k mod 3 = 1, 2 below 3·s (interleaved), else t')}</mtd></mtr></mtable>`)),
    symbols: [[inline(K), 'frequency of column j: j mod r/2 (neox), ⌊j/2⌋ (gptj)'], [inline(sub(mi('s'), mi('t')), mo(','), sub(mi('s'), mi('h')), mo(','), sub(mi('s'), mi('w'))), 'mropeSection (mrope_section)']],
    sources: [{ label: 'transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py apply_multimodal_rotary_pos_emb', url: `${TRANSFORMERS}models/qwen2_vl/modeling_qwen2_vl.py` },
      { label: 'transformers src/transformers/models/qwen3_vl/modeling_qwen3_vl.py apply_interleaved_mrope', url: `${TRANSFORMERS}models/qwen3_vl/modeling_qwen3_vl.py` }],
    look: 'Chunked sections give three blocks (t, h, w) repeated in each half of a neox table; interleaved sections cycle t, h, w through the frequencies, then t alone where the h and w slots run out. A −1 in every column means no mropeSection: every axis shares one position.',
  },
  'rope-2d': {
    formula: block(sub(mi('angle'), K), paren(mi('r'), mo(','), mi('c')), mo('='),
      row(mo('{'), `<mtable><mtr><mtd>${row(mi('r'), mo('·'), sub(mi('θ'), K))}</mtd><mtd>${row(K, mo('&lt;'), frac(D, mn('4')))}</mtd></mtr>` +
        `<mtr><mtd>${row(mi('c'), mo('·'), sub(mi('θ'), row(K, mo('−'), frac(D, mn('4')))))}</mtd><mtd>${text('otherwise')}</mtd></mtr></mtable>`)),
    symbols: [[inline(mi('r'), mo(','), mi('c')), 'patch row and column (flux: one id per axis)'], [inline(theta()), 'the style\'s frequencies (qwen-vit: b^(−2k/(d/2)); pixtral alternates; flux per axis)'],
      [inline(D), 'head dim (a multiple of 4)']],
    sources: [{ label: 'Heo et al. 2024, Rotary Position Embedding for Vision Transformer', url: 'https://arxiv.org/abs/2403.13298' },
      { label: 'transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py VisionRotaryEmbedding, rot_pos_emb', url: `${TRANSFORMERS}models/qwen2_vl/modeling_qwen2_vl.py` }],
    look: 'Half of the pairs rotate with the row, half with the column: in the table the first half repeats along each image row, the second half along each column. Token order (raster, merge, window) reshuffles rows, not values.',
  },
  'rope-2d-order': {
    formula: block(fn('row', mi('f'), mo(','), mi('r'), mo(','), mi('c')), mo('='), mi('prefix'), mo('+'), mi('k'),
      mo(','), gap, text('token k of the order sits at '), paren(mi('f'), mo(','), mi('r'), mo(','), mi('c'))),
    symbols: [[inline(mi('f'), mo(','), mi('r'), mo(','), mi('c')), 'frame, patch row, patch column'], [inline(mi('k')), 'index in the token order: raster, merge (m×m blocks) or window (Qwen2.5-VL)']],
    sources: [{ label: 'transformers src/transformers/models/qwen2_vl/modeling_qwen2_vl.py rot_pos_emb (merge order)', url: `${TRANSFORMERS}models/qwen2_vl/modeling_qwen2_vl.py` },
      { label: 'transformers src/transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py get_window_index', url: `${TRANSFORMERS}models/qwen2_5_vl/modeling_qwen2_5_vl.py` }],
    look: 'Raster order counts along each row. Merge order fills one m×m block before the next, so numbers jump every m columns; window order fills a whole window of blocks first.',
  },
  'sincos-2d': {
    formula: block(fn('PE', mi('x'), mo(','), mi('y')), mo('='), row(mo('['), sin(mi('x'), sub(mi('ω'), K)), mo('|'), cos(mi('x'), sub(mi('ω'), K)), mo('|'),
      sin(mi('y'), sub(mi('ω'), K)), mo('|'), cos(mi('y'), sub(mi('ω'), K)), mo(']')), mo(','), gap, sub(mi('ω'), K), mo('='), sup(mi('b'), row(mo('−'), frac(K, row(D, mo('/'), mn('4')))))),
    symbols: [[inline(mi('x'), mo(','), mi('y')), 'column and row of the patch (axisOrder hw swaps them; baseSize rescales)'], [inline(K), '0 ≤ k < d/4'], BASE],
    sources: [{ label: 'He et al. 2021, Masked Autoencoders Are Scalable Vision Learners (MAE)', url: 'https://arxiv.org/abs/2111.06377' },
      { label: 'facebookresearch/mae util/pos_embed.py get_2d_sincos_pos_embed', url: 'https://github.com/facebookresearch/mae/blob/main/util/pos_embed.py' }],
    look: 'Two 1-D sinusoidal tables side by side: the first half of each row depends on the column only, the second on the row only. Rows of the same grid column repeat their first half exactly.',
  },
  'rope-columns': {
    formula: block(mi('partner'), paren(mi('c')), mo('='), row(mo('{'), `<mtable><mtr><mtd>${row(mi('c'), mo('±'), frac(R, mn('2')))}</mtd><mtd>${text('neox: k = c mod r/2')}</mtd></mtr>` +
      `<mtr><mtd>${row(mi('c'), mo('⊕'), mn('1'))}</mtd><mtd>${text('gptj: k = ⌊c/2⌋')}</mtd></mtr><mtr><mtd>${mn('−1')}</mtd><mtd>${row(mi('c'), mo('≥'), R, text(' (passes unrotated)'))}</mtd></mtr></mtable>`),
    mo(','), gap, fn('angle', mi('c')), mo('='), P, mo('·'), thetaS()),
    symbols: [[inline(mi('c')), 'column of the head (0 ≤ c < dim)'], [inline(R), 'rotary dims int(dim · partialRotaryFactor)'],
      [inline(thetaS()), 'the scaled frequency the column turns with (field 2; rope-frequencies\' value)'], [inline(K), 'frequency index (field 1); field 3 its M-RoPE axis']],
    sources: [{ label: 'transformers src/transformers/models/llama/modeling_llama.py rotate_half, apply_rotary_pos_emb', url: `${TRANSFORMERS}models/llama/modeling_llama.py` },
      { label: 'transformers src/transformers/models/gptj/modeling_gptj.py rotate_every_two', url: `${TRANSFORMERS}models/gptj/modeling_gptj.py` }],
    look: 'One row per head column: the column it is rotated with, its frequency index and frequency, its M-RoPE axis. Neox pairs a column with the one r/2 away, gptj with its neighbour; columns from r on are −1 (not rotated). pe.check builds its pairing hypotheses from this map.',
  },
};

/** Every entry, frozen: { [kind]: { formula, symbols, sources, look } }. */
export const EXPLAIN = Object.freeze(Object.fromEntries(Object.entries(ENTRIES).map(([k, v]) => [k, Object.freeze(v)])));

/** The entry of a kind, or null. */
export const explainFor = (kind) => (Object.hasOwn(EXPLAIN, kind) ? EXPLAIN[kind] : null);

/**
 * Fill `el` with a kind's explanation: formula, symbols, sources and what to look for (or empty it
 * when the kind has none). Markup from this module's constants only; the kind name is text.
 */
export function renderExplain(el, kind, { compact = false } = {}) {
  const e = explainFor(kind);
  el.replaceChildren();
  if (!e) return false;
  const doc = el.ownerDocument;
  const add = (tag, cls, html) => {
    const n = doc.createElement(tag);
    if (cls) n.className = cls;
    if (html !== undefined) n.innerHTML = html;
    el.append(n);
    return n;
  };
  add('div', 'explain-formula', e.formula);
  if (!compact) {
    const dl = add('dl', 'explain-symbols');
    for (const [sym, meaning] of e.symbols) {
      const dt = doc.createElement('dt');
      dt.innerHTML = sym;
      const dd = doc.createElement('dd');
      dd.textContent = meaning;
      dl.append(dt, dd);
    }
  }
  const look = add('p', 'explain-look');
  look.textContent = e.look;
  const src = add('p', 'explain-sources');
  e.sources.forEach((s, i) => {
    if (i) src.append('; ');
    const a = doc.createElement('a');
    a.href = s.url;
    a.textContent = s.label;
    a.rel = 'noopener';
    a.target = '_blank';
    src.append(a);
  });
  return true;
}
