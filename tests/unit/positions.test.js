// pe.positionsFromConfig on published config.json files (tests/fixtures/configs.js names where each
// was read): what each model does with positions, layer by layer, against float64 (and where the
// model computes in float32, float32) transcriptions of its transformers modeling code; and the
// hostile configs that once came out wrong without a word, each refused naming its field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, PosencError } from '../../web/posenc.js';
import { CONFIGS } from '../fixtures/configs.js';
import { isError } from '../errors.js';

const pe = await load();
const C = Object.fromEntries(Object.entries(CONFIGS).map(([k, v]) => [k, v.config]));
const story = (c, o) => pe.positionsFromConfig(c, o);
const f = Math.fround;
const close = (got, want, tol, what) => assert.ok(Math.abs(got - want) <= tol, `${what}: ${got} vs ${want}`);

// transformers' default inv_freq in float64: base^(-2k/r), k < r/2
const invFreq = (base, r) => Array.from({ length: r / 2 }, (_, k) => base ** (-(2 * k) / r));

test('models without RoPE: learned input tables (GPT-2, BERT, OPT offset 2, RoBERTa offset 2, ViT grid + CLS, GPT-BigCode), no RoPE layer', () => {
  for (const [name, size, offset, layers] of [['GPT2', 1024, 0, 12], ['BERT_base_uncased', 512, 0, 12], ['OPT_125m', 2048, 2, 12],
    ['RoBERTa_base', 514, 2, 12], ['ViT_base_patch16_224_finetune', 197, 0, 12], ['GPT_BigCode_santacoder', 2048, 0, 24]]) {
    const s = story(C[name]);
    assert.deepEqual(s.input, { kind: 'learned', size, offset }, name);
    assert.equal(s.layers.length, layers, name);
    assert.ok(s.layers.every((l) => l.positions === null && l.rope === null), name);
    assert.equal(pe.ropeFromConfig(C[name]), null, name);
  }
  assert.equal(story(C.GPT2).sources['input.size'], 'n_positions');
});

test('BLOOM-560m: ALiBi on all 24 layers, 16 heads, BLOOM\'s own values slope·j (build_alibi_tensor) under the causal mask', () => {
  const s = story(C.BLOOM_560m);
  assert.equal(s.layers.length, 24);
  assert.equal(s.input, null);
  for (const l of s.layers) assert.deepEqual(l.positions, { kind: 'alibi', params: { heads: 16, maxBias: 8, form: 'bloom' } });
  const { data } = pe.compute('alibi', { ...s.layers[0].positions.params, queries: 5 });
  // get_slopes(16): 2^(-8 h / 16), h = 1..16
  for (let h = 0; h < 16; h++) {
    for (let i = 0; i < 5; i++) {
      for (let j = 0; j < 5; j++) {
        const v = data[(h * 5 + i) * 5 + j];
        if (j > i) assert.equal(v, -Infinity);
        else close(v, 2 ** (-(h + 1) / 2) * j, 2 ** -23 * j, `h ${h} i ${i} j ${j}`);
      }
    }
  }
});

test('Falcon: ALiBi with alibi true (falcon-rw-1b, scaled by 1/√head_dim as FalconAttention adds it before scaling), else whole-head RoPE', () => {
  const rw = story(C.Falcon_rw_1b).layers[0].positions;
  assert.deepEqual(rw, { kind: 'alibi', params: { heads: 32, maxBias: 8, form: 'bloom', headDim: 64 } });
  const { data } = pe.compute('alibi', { ...rw.params, queries: 3 });
  close(data[2 * 3 + 2], 2 ** (-8 / 32) * 2 / 8, 1e-7, 'head 0, query 2, key 2');
  for (const name of ['Falcon_7b_instruct', 'Falcon_7b']) {
    const p = story(C[name]).layers[0].positions;
    assert.equal(p.kind, 'rope', name);
    assert.deepEqual([p.params.dim, p.params.layout, p.params.partialRotaryFactor, p.params.base], [64, 'neox', 1, 10000], name);
  }
  assert.equal(story(C.Falcon_7b).family, 'RefinedWebModel');  // the remote-code model type, read as FalconConfig reads it
});

test('MPT-30b-chat: ALiBi in MPT\'s form m(j - (L - 1)) on every row, alibi_bias_max 8', () => {
  const s = story(C.MPT_30b_chat);
  const p = s.layers[0].positions;
  assert.equal(p.kind, 'alibi');
  assert.equal(p.params.form, 'mpt');
  assert.equal(p.params.heads, C.MPT_30b_chat.n_heads);
  assert.equal(s.layers.length, C.MPT_30b_chat.n_layers);
});

// transformers T5Attention._relative_position_bucket, in float64 as a transcription (the model's own
// float32 log agrees away from bucket edges)
function t5Bucket(rel, bidirectional, nb, md) {
  let b = 0;
  let n = nb;
  if (bidirectional) {
    n = nb / 2;
    b += rel > 0 ? n : 0;
    rel = Math.abs(rel);
  } else {
    rel = -Math.min(rel, 0);
  }
  const exact = n / 2;
  if (rel < exact) return b + rel;
  return b + Math.min(exact + Math.trunc(Math.log(rel / exact) / Math.log(md / exact) * (n - exact)), n - 1);
}

test('T5-small: 6 encoder layers sharing layer 0\'s bidirectional table, 6 decoder layers sharing layer 6\'s causal one', () => {
  const s = story(C.T5_small_finetune);
  assert.equal(s.layers.length, 12);
  assert.deepEqual(s.layers.map((l) => l.stack), [...Array(6).fill('encoder'), ...Array(6).fill('decoder')]);
  assert.deepEqual(s.layers.map((l) => l.positions.owner), [0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6]);
  for (const [l, bidi] of [[s.layers[0], true], [s.layers[6], false]]) {
    assert.deepEqual(l.positions.params, { numBuckets: 32, maxDistance: 128, bidirectional: bidi });
    const q = 40;
    const { data } = pe.compute('t5', { ...l.positions.params, queries: q, keys: q });
    for (let i = 0; i < q; i += 7) for (let j = 0; j < q; j += 3) assert.equal(data[i * q + j], t5Bucket(j - i, bidi, 32, 128), `${i},${j}`);
  }
});

test('DeBERTa-v3-base: log buckets 256 up to 512 (max_relative_positions -1 → max_position_embeddings), no absolute input', () => {
  const s = story(C.DeBERTa_v3_base);
  assert.equal(s.input, null);  // position_biased_input false
  assert.deepEqual(s.layers[0].positions, { kind: 'deberta', params: { bucketSize: 256, maxPosition: 512 } });
  // relative_attention false: the attention adds nothing, and the learned table is back
  const plain = story({ ...C.DeBERTa_v3_base, relative_attention: false, position_biased_input: true });
  assert.equal(plain.layers[0].positions, null);
  assert.deepEqual(plain.input, { kind: 'learned', size: 512, offset: 0 });
});

test('state-space and hybrid models: Jamba (attention without positions), Qwen3-Next, LFM2, RecurrentGemma, Mamba-2', () => {
  const j = story(C.Jamba_v0_1);
  assert.equal(j.layers.length, 32);
  assert.deepEqual(j.layers.filter((l) => l.type === 'attention').map((l) => l.index), [4, 12, 20, 28]);
  assert.ok(j.layers.every((l) => l.positions === null), 'Jamba adds no positions anywhere');
  assert.equal(pe.ropeFromConfig(C.Jamba_v0_1), null);

  const q = story(C.Qwen3_Next_arch_Qwen3_Coder_Next_E336);
  assert.deepEqual(q.layers.filter((l) => l.type === 'full_attention').map((l) => l.index), Array.from({ length: 12 }, (_, i) => 4 * i + 3));
  assert.ok(q.layers.filter((l) => l.type === 'linear_attention').every((l) => l.positions === null));
  const rope = q.layers[3].positions.params;
  assert.deepEqual([rope.dim, rope.partialRotaryFactor, rope.base, rope.layout], [256, 0.25, 5e6, 'neox']);
  const inv = pe.compute('rope-frequencies', rope).data;
  invFreq(5e6, 64).forEach((v, k) => close(inv[k], v, 2 ** -23 * v, `inv_freq ${k}`));

  const lfm = story(C.LFM2_350M);
  // Lfm2Config: layer i full attention when listed in full_attn_idxs, else a short convolution
  assert.deepEqual(lfm.layers.map((l) => l.type), lfm.layers.map((l, i) => (C.LFM2_350M.full_attn_idxs.includes(i) ? 'full_attention' : 'conv')));
  assert.ok(lfm.layers.every((l) => (l.type === 'conv') === (l.positions === null)));

  const rg = story(C.RecurrentGemma_9b);
  assert.deepEqual(rg.layers.slice(0, 6).map((l) => l.type), ['recurrent', 'recurrent', 'attention', 'recurrent', 'recurrent', 'attention']);
  assert.equal(rg.layers[2].positions.params.partialRotaryFactor, 0.5);

  assert.ok(story(C.Mamba_Codestral_7B_v0_1_mlx8bit).layers.every((l) => l.positions === null));
  // mamba_ssm's own config format has no model_type: refused by name, not read as Llama
  assert.throws(() => story(C.Mamba2_130m), isError('EINVAL', 'model_type'));
});

test('Kimi-K2 (kimi_k2, DeepseekV3ForCausalLM): DeepSeek-V3\'s interleaved RoPE on the last 64 dims, YaRN x32, softmax scale with mscale²', () => {
  const s = story(C.Kimi_K2_Instruct);
  assert.equal(s.family, 'deepseek_v3');
  const p = s.layers[0].positions;
  assert.deepEqual([p.params.dim, p.params.layout, p.rotate, p.params.base], [64, 'gptj', 'last', 50000]);
  assert.equal(p.params.ropeScaling.rope_type, 'yarn');
  // DeepseekV3Attention: qk_head_dim^-0.5 · yarn_get_mscale(32, mscale_all_dim 1)²
  const m = 0.1 * Math.log(32) + 1;
  close(p.info.softmaxScale, (128 + 64) ** -0.5 * m * m, 1e-15, 'softmax scale');
  const v32 = story(C.DeepSeek_V3_2).layers[0].positions;
  assert.equal(v32.params.layout, 'gptj');
  assert.equal(v32.indexer.params.layout, 'neox');  // its indexer rotates half-split pairs
  // Mistral 4 is MLA with the same kind of yarn dict; Mistral4Attention kept qk_head_dim^-0.5 at
  // huggingface/transformers src/transformers/models/mistral4/modeling_mistral4.py@d4400d5b52b719d9d3205b1205357e8cf09af829
  // and multiplies in the mscale² since (modeling_mistral4.py@0205eec1d869591488aa74eda3f2da23610c28d9
  // Mistral4Attention: scaling = yarn_apply_mscale(rope_parameters, qk_head_dim ** -0.5)); the class
  // defaults: yarn factor 128, mscale_all_dim 1, qk_head_dim 64 + 64
  const m4 = story({ model_type: 'mistral4', num_hidden_layers: 2 }).layers[0].positions;
  assert.equal(m4.params.ropeScaling.rope_type, 'yarn');
  assert.equal(m4.params.ropeScaling.mscale_all_dim, 1);
  const m128 = 0.1 * Math.log(128) + 1;
  close(m4.info.softmaxScale, 128 ** -0.5 * m128 * m128, 1e-15, 'mistral4 softmax scale');
  assert.equal(m4.info.qkHeadDim, 128);
});

test('interleaved pairs where the modeling code rotates them: GLM-4-0414 (partial 0.5) and ERNIE 4.5; GLM-4.5 / 4.7 rotate halves', () => {
  const g = story(C.GLM4_32B_0414_derivative).layers[0].positions.params;
  assert.deepEqual([g.dim, g.partialRotaryFactor, g.layout], [128, 0.5, 'gptj']);
  // the table: columns 2k and 2k+1 both cos(p · 10000^(-2k/64)), k < 32 (Glm4 apply_rotary_pos_emb)
  const t = pe.compute('rope', { ...g, positions: 9 }).data;
  for (let k = 0; k < 32; k++) {
    const a = 8 * 10000 ** (-(2 * k) / 64);
    close(t[8 * 64 + 2 * k], Math.cos(a), 6e-8, `cos col ${2 * k}`);
    close(t[8 * 64 + 2 * k + 1], Math.cos(a), 6e-8, `cos col ${2 * k + 1}`);
  }
  for (const name of ['GLM_4_7_glm4_moe', 'INTELLECT_3_Base_glm4_moe_Air']) assert.equal(story(C[name]).layers[0].positions.params.layout, 'neox', name);
  const ernie = story({ model_type: 'ernie4_5', hidden_size: 1024, num_attention_heads: 16, head_dim: 128, num_hidden_layers: 18, rope_theta: 500000 });
  assert.equal(ernie.layers[0].positions.params.layout, 'gptj');
});

test('MiniMax-M2: neox halves whatever rotary_dim says (MiniMaxM2Config does not read it), with a warning naming it', () => {
  const s = story(C.MiniMax_M2_7_BF16);
  const p = s.layers[0].positions.params;
  assert.equal(p.layout, 'neox');
  assert.ok(s.warnings.some((w) => w.field === 'rotary_dim'), JSON.stringify(s.warnings));
});

test('Ministral 3: every layer\'s queries scaled by 1 + β·log(1 + ⌊p / 16384⌋) (llama_4_scaling_beta), computed by query-scale', () => {
  const s = story(C.Ministral3_3B_Instruct_2512);
  assert.equal(s.layers.length, 26);
  for (const l of s.layers) assert.deepEqual(l.queryScale, { floorScale: 16384, attnScale: 0.1, shift: 0 });
  const { data } = pe.compute('query-scale', { ...s.layers[0].queryScale, positions: 4, offset: 16382 });
  // float32, as the model: positions / max_position_embeddings, floor, log1p, × beta, + 1
  const want = (p) => f(f(f(Math.log(1 + Math.floor(f(p) / 16384))) * f(0.1)) + 1);
  assert.deepEqual([...data], [16382, 16383, 16384, 16385].map(want));
  assert.equal(data[1], 1);
  assert.ok(data[2] > 1);
});

test('HunYuan: dynamic with alpha is NTK-alpha, base · alpha^(d/(d−2)) (HunYuanDenseV1RotaryEmbedding)', () => {
  const p = story(C.Hunyuan_7B_Instruct_partial).layers[0].positions.params;
  assert.equal(p.ropeScaling.alpha, 1000);
  const inv = pe.compute('rope-frequencies', p).data;
  invFreq(10000 * 1000 ** (128 / 126), 128).forEach((v, k) => close(inv[k], v, 2 ** -23 * v, `inv_freq ${k}`));
  assert.equal(pe.compute('rope-frequencies', p).info.attentionFactor, 1);
});

test('Gemma 3 1B: sliding layers at rope_local_base_freq 1e4, every 6th layer full at 1e6', () => {
  const s = story(C.Gemma3_1b_it);
  const bases = s.layers.map((l) => l.positions.params.base);
  s.layers.forEach((l, i) => assert.equal(l.type, (i + 1) % 6 ? 'sliding_attention' : 'full_attention'));
  assert.deepEqual([...new Set(bases)].sort(), [10000, 1000000]);
});

test('Qwen3.5: linear-attention layers without positions, full layers with partial RoPE and interleaved M-RoPE sections', () => {
  const s = story(C.Qwen3_5_27B);
  const full = s.layers.filter((l) => l.positions);
  assert.ok(full.length > 0 && full.every((l) => l.type === 'full_attention'));
  assert.ok(s.layers.filter((l) => l.type === 'linear_attention').every((l) => l.positions === null));
  assert.equal(full[0].positions.params.partialRotaryFactor, 0.25);
  assert.equal(full[0].positions.params.mropeInterleaved, true);
});

test('hostile configs: refused naming the field, never read wrong', () => {
  // Qwen2.5-1M's dual chunk attention changes positions in the engines that serve it
  assert.throws(() => story(C.Qwen2_5_14B_Instruct_1M), isError('EINVAL', 'dual_chunk_attention_config'));
  // a sliding window that is not a number of tokens
  for (const w of ['4096', true, 1.5]) assert.throws(() => story({ ...C.Mistral_7B_Instruct_v0_1, sliding_window: w }), (e) => e instanceof PosencError && e.param === 'sliding_window');
  // a miscased model type loses no family silently
  assert.throws(() => story({ ...C.Gemma3_1b_it, model_type: 'Gemma3_text' }), (e) => isError('EINVAL', 'model_type')(e) && /gemma3_text/.test(e.message));
  // both rope_scaling and rope_parameters: transformers v5 reads rope_scaling (with a warning here)
  const both = story({ ...C.Llama_3_1_8B, rope_parameters: { rope_type: 'linear', factor: 2, rope_theta: 1e4 } });
  assert.equal(both.layers[0].positions.params.ropeScaling.rope_type, 'llama3');
  assert.ok(both.warnings.some((w) => w.field === 'rope_parameters'));
  // a layer type the model's code does not have
  assert.throws(() => story({ ...C.Llama_3_1_8B, layer_types: Array(32).fill('linear_attention') }), isError('EINVAL', 'layer_types.0'));
  // Granite 4.0-H style: position_embedding_type 'nope' means no positions, anything unknown is refused
  const granite = { model_type: 'granitemoehybrid', hidden_size: 1536, num_attention_heads: 12, num_hidden_layers: 4,
    layer_types: ['mamba', 'mamba', 'mamba', 'attention'], position_embedding_type: 'nope' };
  assert.ok(story(granite).layers.every((l) => l.positions === null));
  assert.equal(story({ ...granite, position_embedding_type: 'rope' }).layers[3].positions.kind, 'rope');
  assert.throws(() => story({ ...granite, position_embedding_type: 'alibi' }), isError('EINVAL', 'position_embedding_type'));
});

test('fieldsRead keeps what the reading uses: the same positions from a few hundred bytes', () => {
  for (const [name, config] of Object.entries(C)) {
    let want;
    try {
      want = story(config);
    } catch (e) {
      assert.ok(e instanceof PosencError, name);
      continue;
    }
    const kept = pe.fieldsRead(config);
    assert.deepEqual(story(kept), want, name);
    assert.ok(JSON.stringify(kept).length < 4096, `${name}: ${JSON.stringify(kept).length} bytes`);
  }
});

test('more schemes: BERT relative_key, CLIP, Marian and M2M100 sinusoids, Nemotron-H, Zamba2, MiniMax, Gemma 3n, ERNIE 4.5 VL', () => {
  // BertSelfAttention relative_key: learned distance embeddings of 2 · 512 − 1 rows, no absolute table
  const rel = story({ ...C.BERT_base_uncased, position_embedding_type: 'relative_key' });
  assert.equal(rel.input, null);
  assert.deepEqual([rel.layers[0].positions.kind, rel.layers[0].positions.size], ['learned-relative', 1023]);
  // CLIPTextEmbeddings: 77 rows; CLIPVisionEmbeddings: (224 / 32)² + 1 class embedding
  assert.deepEqual(story({ model_type: 'clip_text_model' }).input, { kind: 'learned', size: 77, offset: 0 });
  assert.deepEqual(story({ model_type: 'clip_vision_model', image_size: 224, patch_size: 32 }).input, { kind: 'learned', size: 50, offset: 0 });
  // MarianSinusoidalPositionalEmbedding from 0; M2M100's fairseq table from padding_idx + 1
  assert.deepEqual(story({ model_type: 'marian', d_model: 512, max_position_embeddings: 512, pad_token_id: 58100 }).input,
    { kind: 'sinusoidal', params: { positions: 512, dim: 512, variant: 'marian', offset: 0 } });
  assert.deepEqual(story({ model_type: 'm2m_100', d_model: 1024, max_position_embeddings: 1024, pad_token_id: 1 }).input.params,
    { positions: 1024, dim: 1024, variant: 'fairseq', offset: 2, paddingIdx: 1 });
  // Nemotron-H: the pattern from hybrid_override_pattern, no positions in any layer (NemotronHAttention has no rotary)
  const nh = story(C.Nemotron_H_56B_Base_8K);
  const pattern = C.Nemotron_H_56B_Base_8K.hybrid_override_pattern;
  assert.equal(nh.layers.length, pattern.length);
  assert.deepEqual(nh.layers.map((l) => l.type), [...pattern].map((c) => ({ M: 'linear_attention', '*': 'full_attention', '-': 'mlp', E: 'moe' })[c]));
  assert.ok(nh.layers.every((l) => l.positions === null));
  // Zamba2: RoPE in the shared hybrid blocks only with use_mem_rope
  const z = { model_type: 'zamba2', hidden_size: 2560, num_attention_heads: 32, num_hidden_layers: 6, layers_block_type: ['mamba', 'mamba', 'hybrid', 'mamba', 'mamba', 'hybrid'] };
  assert.deepEqual(story({ ...z, use_mem_rope: true }).layers.map((l) => l.positions?.kind ?? null), [null, null, 'rope', null, null, 'rope']);
  assert.ok(story({ ...z, use_mem_rope: false }).layers.every((l) => l.positions === null));
  // its shared attention's head is 2 · hidden // heads (Zamba2Config attention_head_dim, overwriting any
  // saved value): 160 for Zamba2-2.7B (2560 / 32), 224 for Zamba2-7B (3584 / 32)
  assert.equal(story({ ...z, use_mem_rope: true }).layers[2].rope.dim, 160);
  const z7 = story({ ...z, hidden_size: 3584, use_mem_rope: true, attention_head_dim: 160 });
  assert.equal(z7.layers[2].rope.dim, 224);
  assert.equal(z7.sources['layers.hybrid.rope.dim'], '2 * hidden_size / num_attention_heads');
  const zf = invFreq(10000, 224);
  const zt = pe.compute('rope-frequencies', z7.layers[2].rope).data;
  assert.equal(zt.length, 112);
  for (let k = 0; k < 112; k++) close(zt[k], f(zf[k]), 1e-7 * zf[k], `Zamba2-7B inv_freq ${k}`);
  // MiniMax-Text-01's attn_type_list (1 = full attention), read with a warning that transformers would alternate
  const mm = story({ model_type: 'minimax', hidden_size: 6144, num_attention_heads: 64, head_dim: 128, num_hidden_layers: 8, attn_type_list: [0, 0, 0, 0, 0, 0, 0, 1] });
  assert.deepEqual(mm.layers.map((l) => l.type), [...Array(7).fill('linear_attention'), 'full_attention']);
  assert.ok(mm.warnings.some((w) => w.field === 'attn_type_list'));
  // Gemma 3n: sliding layers at rope_local_base_freq, not rope_theta
  const g3n = story({ model_type: 'gemma3n', text_config: { model_type: 'gemma3n_text', num_hidden_layers: 5, hidden_size: 2048, num_attention_heads: 8, head_dim: 256,
    layer_types: ['sliding_attention', 'sliding_attention', 'sliding_attention', 'sliding_attention', 'full_attention'], rope_theta: 1e6, rope_local_base_freq: 1e4, sliding_window: 512 } });
  assert.deepEqual(g3n.layers.map((l) => l.positions.params.base), [1e4, 1e4, 1e4, 1e4, 1e6]);
  // ERNIE 4.5 VL: interleaved pairs; its [h, w, t] sections are not Qwen's, so they are not passed on, with a warning
  const ev = story({ model_type: 'ernie4_5_vl_moe', text_config: { model_type: 'ernie4_5_vl_moe_text', hidden_size: 2560, num_attention_heads: 20, head_dim: 128,
    num_hidden_layers: 2, rope_parameters: { rope_type: 'default', rope_theta: 500000, mrope_section: [22, 22, 20] } } });
  assert.equal(ev.layers[0].positions.params.layout, 'gptj');
  assert.equal(ev.layers[0].positions.params.mropeSection, undefined);
  assert.ok(ev.warnings.some((w) => w.field === 'text_config.rope_parameters.mrope_section'));
});

test('hostile JS configs: cycles, deep nesting, NaN, ±Infinity and wrong types are refused naming the field, in bounded time', () => {
  const base = { model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2 };
  const refused = (config, param, code = 'EINVAL') => {
    for (const read of [story, (c) => pe.ropeFromConfig(c), (c) => pe.layersFromConfig(c), (c) => pe.fieldsRead(c)]) {
      assert.throws(() => read(config), (e) => e instanceof PosencError && e.code === code && e.param === param && e.message.includes(`config.${param}`), param);
    }
  };
  // a text_config that is the config itself (once an endless loop), and a cycle inside a rope dict
  const self = { model_type: 'llava' };
  self.text_config = self;
  refused(self, 'text_config');
  const loop = { ...base, rope_scaling: { rope_type: 'linear', factor: 2 } };
  loop.rope_scaling.again = loop;
  refused(loop, 'rope_scaling.again');
  // the same object twice is no cycle
  const shared = { rope_type: 'linear', factor: 2 };
  assert.equal(story({ ...base, rope_scaling: shared, extra: { also: shared } }).layers[0].rope.ropeScaling.factor, 2);
  // a 100-deep text_config chain: refused at depth 33
  let deep = { ...base };
  for (let i = 0; i < 100; i++) deep = { model_type: 'llava', text_config: deep };
  refused(deep, Array(33).fill('text_config').join('.'));
  // numbers that are not: NaN (which `or` would keep in Python) and ±Infinity are ERANGE, other types EINVAL
  for (const [k, v, code] of [['head_dim', NaN, 'ERANGE'], ['head_dim', Infinity, 'ERANGE'], ['head_dim', '128', 'EINVAL'], ['hidden_size', NaN, 'ERANGE'],
    ['hidden_size', -Infinity, 'ERANGE'], ['num_attention_heads', '32', 'EINVAL'], ['rope_theta', NaN, 'ERANGE'], ['rope_theta', {}, 'EINVAL'],
    ['rope_theta', [10000], 'EINVAL'], ['partial_rotary_factor', NaN, 'ERANGE'], ['partial_rotary_factor', true, 'EINVAL'],
    ['max_position_embeddings', Infinity, 'ERANGE'], ['num_hidden_layers', NaN, 'ERANGE'], ['num_hidden_layers', '2', 'EINVAL'],
    ['original_max_position_embeddings', NaN, 'ERANGE']]) {
    refused({ ...base, [k]: v, ...(k === 'original_max_position_embeddings' ? { rope_scaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4 } } : {}) }, k, code);
  }
  refused({ ...base, model_type: 'mistral', sliding_window: NaN }, 'sliding_window', 'ERANGE');
  refused({ ...base, model_type: 'mistral', sliding_window: '4096' }, 'sliding_window');
  refused({ ...base, rope_scaling: { rope_type: 'linear', factor: NaN } }, 'rope_scaling.factor');
  // head_dim 0 and null fall through to hidden / heads, as transformers' `or` does
  assert.equal(story({ ...base, head_dim: 0 }).layers[0].rope.dim, 128);
  assert.equal(story({ ...base, head_dim: null }).layers[0].rope.dim, 128);
  // a field the record does not read is not judged: llama has no window
  assert.deepEqual(story({ ...base, sliding_window: NaN }).layers, story(base).layers);
  // a text_config that is not an object is refused, not replaced by the class defaults
  for (const t of [[1, 2], 'text', 7, true]) refused({ model_type: 'llava', text_config: t }, 'text_config');
  // messages stay short whatever the value
  for (const [c, param] of [[{ ...base, model_type: 'x'.repeat(1e7) }, 'model_type'], [{ ...base, hybrid_override_pattern: 'M'.repeat(1e7), model_type: 'nemotron_h' }, 'hybrid_override_pattern']]) {
    assert.throws(() => story(c), (e) => e instanceof PosencError && e.param === param && e.message.length < 2000);
  }
});

test('every record that computes reads its class-default config (model_type alone), or refuses naming a config field', () => {
  let read = 0;
  for (const [type, r] of Object.entries(pe.architectures)) {
    if (r.unsupported) continue;
    try {
      story({ model_type: type });
      read++;
    } catch (e) {
      assert.ok(e instanceof PosencError && typeof e.param === 'string' && !e.param.includes('default:') && !e.param.includes(' '), `${type}: ${e.param} ${e.message}`);
    }
  }
  assert.ok(read > 250, `${read} read from their class defaults`);
});

// videoprism/modular_videoprism.py VideoPrismTextEmbeddings: codegen's create_sinusoidal_positions,
//   inv_freq = 1.0 / (10000 ** (torch.arange(0, dim, 2) / dim)); cat(sin(p * inv_freq), cos(p * inv_freq))
// in float32 there: the float64 transcription bounds posenc's table within float32 rounding of the angle.
test('VideoPrism text tower: codegen sinusoids, [sin | cos] halves at 10000^(−2k/d), 64 positions of hidden_size', () => {
  const s = story({ model_type: 'videoprism', text_config: { model_type: 'videoprism_text_model', hidden_size: 768, num_hidden_layers: 12 } });
  assert.equal(s.family, 'videoprism_text_model');
  assert.deepEqual(s.input, { kind: 'sinusoidal', params: { positions: 64, dim: 768, variant: 'marian', offset: 0 } });
  assert.ok(s.layers.every((l) => l.positions === null));
  const { data } = pe.compute('sinusoidal', s.input.params);
  const d = 768;
  for (const p of [0, 1, 17, 63]) {
    for (const k of [0, 1, 100, 383]) {
      const a = p * 10000 ** (-(2 * k) / d);
      close(data[p * d + k], Math.sin(a), 2e-6 * Math.max(1, a), `sin p ${p} k ${k}`);
      close(data[p * d + d / 2 + k], Math.cos(a), 2e-6 * Math.max(1, a), `cos p ${p} k ${k}`);
    }
  }
});
