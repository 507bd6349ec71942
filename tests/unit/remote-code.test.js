// Remote-code families (a config.json whose model_type transformers does not define; the model ships
// its own modeling_*.py): each published config read by pe.positionsFromConfig / layersFromConfig
// against float64 transcriptions of the frequencies that model's modeling file computes, and the keys
// posenc cannot follow refused by name. Every config below is the published file's position fields,
// with the repository (and, where a stored copy gave it, the commit) it was read from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { throwsWith } from '../errors.js';
import { describeLayer } from '../../web/explorer/layers.js';

const pe = await load();
const close = (got, want, tol, what) => assert.ok(Math.abs(got - want) <= tol, `${what}: ${got} vs ${want}`);
// RotaryEmbedding of every family here: inv_freq[k] = base^(-2k/r), k < r/2, r the rotated dims
const invFreq = (base, r) => Array.from({ length: r / 2 }, (_, k) => base ** (-(2 * k) / r));
const freqs = (params) => pe.compute('rope-frequencies', params).data;
const sameFreqs = (params, base, r, what) => {
  const inv = freqs(params);
  assert.equal(inv.length, r / 2, `${what}: ${r} rotated dims`);
  invFreq(base, r).forEach((v, k) => close(inv[k], v, 2 ** -23 * v, `${what} inv_freq ${k}`));
};

// internlm/internlm2_5-7b-chat config.json (dynamic NTK at factor 2): its position fields as a public repository's
// test quotes that checkpoint's config (rope_theta 1e6, rope_scaling { type: 'dynamic', factor: 2.0 }, 32768)
const INTERNLM2_5_7B_CHAT = {
  architectures: ['InternLM2ForCausalLM'], model_type: 'internlm2',
  auto_map: { AutoConfig: 'configuration_internlm2.InternLM2Config', AutoModelForCausalLM: 'modeling_internlm2.InternLM2ForCausalLM' },
  hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 8, num_hidden_layers: 32, max_position_embeddings: 32768,
  rope_theta: 1000000, rope_scaling: { type: 'dynamic', factor: 2.0 }, bias: false, rms_norm_eps: 1e-5, vocab_size: 92544,
};
// THUDM/chatglm3-6b config.json, as in czk1997/chatglm3-copy config.json@456aa875cf1f46623006edaa23103774ea9c0eae
const CHATGLM3_6B = {
  _name_or_path: 'THUDM/chatglm3-6b', model_type: 'chatglm', architectures: ['ChatGLMModel'],
  auto_map: { AutoConfig: 'configuration_chatglm.ChatGLMConfig', AutoModelForCausalLM: 'modeling_chatglm.ChatGLMForConditionalGeneration' },
  add_qkv_bias: true, apply_query_key_layer_scaling: true, ffn_hidden_size: 13696, hidden_size: 4096, kv_channels: 128,
  multi_query_attention: true, multi_query_group_num: 2, num_attention_heads: 32, num_layers: 28, original_rope: true,
  padded_vocab_size: 65024, rmsnorm: true, seq_length: 8192,
};
// THUDM/glm-4-9b-chat config.json at snapshot f6e0743b285dd808084530f070ad08e504386750 (as a LLaMA-Factory log prints it)
const GLM4_9B_CHAT = {
  model_type: 'chatglm', architectures: ['ChatGLMModel'],
  auto_map: { AutoConfig: 'configuration_chatglm.ChatGLMConfig', AutoModelForCausalLM: 'modeling_chatglm.ChatGLMForConditionalGeneration' },
  ffn_hidden_size: 13696, hidden_size: 4096, kv_channels: 128, multi_query_attention: true, multi_query_group_num: 2,
  num_attention_heads: 32, num_hidden_layers: 40, num_layers: 40, original_rope: true, padded_vocab_size: 151552,
  rope_ratio: 500, seq_length: 131072,
};
// baichuan-inc/Baichuan2-13B-Chat config.json, as in jrd77/Baichuan2-13B-Chat config.json@d022d7264467b2c3bc483e7a3a17105dedba50b8
const BAICHUAN2_13B_CHAT = {
  architectures: ['BaichuanForCausalLM'], model_type: 'baichuan',
  auto_map: { AutoConfig: 'configuration_baichuan.BaichuanConfig', AutoModelForCausalLM: 'modeling_baichuan.BaichuanForCausalLM' },
  hidden_size: 5120, intermediate_size: 13696, model_max_length: 4096, num_attention_heads: 40, num_hidden_layers: 40, vocab_size: 125696,
};
// baichuan-inc/Baichuan2-7B-Chat config.json (its published sizes; no stored copy was found to compare with)
const BAICHUAN2_7B_CHAT = {
  architectures: ['BaichuanForCausalLM'], model_type: 'baichuan',
  auto_map: { AutoConfig: 'configuration_baichuan.BaichuanConfig', AutoModelForCausalLM: 'modeling_baichuan.BaichuanForCausalLM' },
  hidden_size: 4096, intermediate_size: 11008, model_max_length: 4096, num_attention_heads: 32, num_hidden_layers: 32, vocab_size: 125696,
};
// Qwen/Qwen-7B config.json, as in zhangningboo/Qwen-7B config.json@ffe04dd57f85293043ba999a2c0daa788d6182e9
const QWEN_7B = {
  architectures: ['QWenLMHeadModel'], model_type: 'qwen',
  auto_map: { AutoConfig: 'configuration_qwen.QWenConfig', AutoModelForCausalLM: 'modeling_qwen.QWenLMHeadModel' },
  hidden_size: 4096, intermediate_size: 22016, kv_channels: 128, max_position_embeddings: 32768, num_attention_heads: 32,
  num_hidden_layers: 32, rotary_emb_base: 10000, rotary_pct: 1.0, seq_length: 8192, use_dynamic_ntk: true, use_flash_attn: 'auto',
  use_logn_attn: true, vocab_size: 151936,
};
// openbmb/MiniCPM-2B-sft-bf16 config.json (its published sizes; no stored copy was found to compare with)
const MINICPM_2B = {
  architectures: ['MiniCPMForCausalLM'], model_type: 'minicpm',
  auto_map: { AutoConfig: 'configuration_minicpm.MiniCPMConfig', AutoModelForCausalLM: 'modeling_minicpm.MiniCPMForCausalLM' },
  hidden_size: 2304, num_attention_heads: 36, num_key_value_heads: 36, num_hidden_layers: 40, max_position_embeddings: 2048,
  rope_theta: 10000.0, rope_scaling: null, scale_emb: 12, dim_model_base: 256, scale_depth: 1.4,
};
// deepseek-ai/deepseek-moe-16b-base config.json: the fields below equal a verbatim copy in a public repository's
// test data (DeepseekForCausalLM, transformers_version 4.36.0)
const DEEPSEEK_MOE_16B = {
  architectures: ['DeepseekForCausalLM'], model_type: 'deepseek',
  auto_map: { AutoConfig: 'configuration_deepseek.DeepseekConfig', AutoModelForCausalLM: 'modeling_deepseek.DeepseekForCausalLM' },
  hidden_size: 2048, num_attention_heads: 16, num_key_value_heads: 16, num_hidden_layers: 28, max_position_embeddings: 4096,
  rope_theta: 10000, rope_scaling: null, first_k_dense_replace: 1, moe_layer_freq: 1, n_routed_experts: 64, n_shared_experts: 2,
};
// microsoft/Phi-3-small-8k-instruct config.json (a verbatim copy in a public repository's test data)
const PHI3_SMALL_8K = {
  architectures: ['Phi3SmallForCausalLM'], model_type: 'phi3small',
  auto_map: { AutoConfig: 'configuration_phi3_small.Phi3SmallConfig', AutoModelForCausalLM: 'modeling_phi3_small.Phi3SmallForCausalLM' },
  blocksparse_block_size: 64, blocksparse_homo_head_pattern: false, blocksparse_num_local_blocks: 16, blocksparse_triton_kernel_block_size: 64,
  blocksparse_vert_stride: 8, dense_attention_every_n_layers: 2, hidden_size: 4096, max_position_embeddings: 8192,
  mup_attn_multiplier: 1.0, mup_embedding_multiplier: 10.0, mup_use_scaling: true, mup_width_multiplier: 8.0,
  num_attention_heads: 32, num_hidden_layers: 32, num_key_value_heads: 8, rope_embedding_base: 1000000, rope_position_scale: 1.0,
};

test('InternLM2.5: Llama positions at rope_theta 1e6, rope_scaling dynamic read as InternLM2DynamicNTKScalingRotaryEmbedding computes it', () => {
  const s = pe.positionsFromConfig(INTERNLM2_5_7B_CHAT);
  assert.equal(s.family, 'internlm2');
  assert.equal(s.layers.length, 32);
  const r = s.layers[0].rope;
  assert.deepEqual([r.dim, r.base, r.layout, r.partialRotaryFactor, r.maxPositionEmbeddings], [128, 1e6, 'neox', 1, 32768]);
  assert.deepEqual(r.ropeScaling, { rope_type: 'dynamic', factor: 2 });
  sameFreqs(r, 1e6, 128, 'InternLM2.5 within max_position_embeddings');
  // beyond max_position_embeddings: base · (factor·L/max − (factor − 1))^(d/(d−2)), L = 65536
  const L = 65536;
  sameFreqs({ ...r, seqLen: L }, 1e6 * (2 * L / 32768 - 1) ** (128 / 126), 128, 'InternLM2.5 at 65536');
  // the same file without model_type: found by its architectures class
  const { model_type: _, ...bare } = INTERNLM2_5_7B_CHAT;
  const b = pe.positionsFromConfig(bare);
  assert.equal(b.family, 'internlm2');
  assert.equal(b.sources.family, 'architectures');
  assert.deepEqual(b.layers[0].rope, r);
});

test('ChatGLM3 and GLM-4 (remote code): half of kv_channels rotates in interleaved pairs, base 10000 · rope_ratio', () => {
  const c3 = pe.positionsFromConfig(CHATGLM3_6B);
  assert.equal(c3.family, 'chatglm');
  assert.equal(c3.layers.length, 28);  // num_layers
  const r3 = c3.layers[0].rope;
  assert.deepEqual([r3.dim, r3.partialRotaryFactor, r3.layout, r3.base], [128, 0.5, 'gptj', 10000]);
  // RotaryEmbedding(rotary_dim // 2 = 64): theta = 1 / 10000^(arange(0, 64, 2) / 64)
  sameFreqs(r3, 10000, 64, 'chatglm3-6b');

  const g4 = pe.positionsFromConfig(GLM4_9B_CHAT);
  assert.equal(g4.layers.length, 40);
  const r4 = g4.layers[0].rope;
  assert.deepEqual([r4.dim, r4.partialRotaryFactor, r4.layout, r4.base], [128, 0.5, 'gptj', 5e6]);
  assert.equal(r4.maxPositionEmbeddings, 131072);  // the table is built for seq_length positions
  assert.equal(g4.sources['layers.full_attention.rope.base'], 'default:ChatGLMConfig.rope_theta * rope_ratio');
  sameFreqs(r4, 10000 * 500, 64, 'glm-4-9b-chat');

  // a rope_ratio that takes the base out of range is named, not the class default
  throwsWith(() => pe.positionsFromConfig({ ...GLM4_9B_CHAT, rope_ratio: -1 }), 'ERANGE', 'rope_ratio');
  // the first ChatGLM-6B (2-D block positions) is refused by the key that says so
  throwsWith(() => pe.positionsFromConfig({ ...CHATGLM3_6B, position_encoding_2d: true }), 'EINVAL', 'position_encoding_2d');
  // kv_channels read as a head dim by a family that derives it: refused (Llama would rotate 4096 / 32 = 128 ≠ 96)
  throwsWith(() => pe.positionsFromConfig({ ...CHATGLM3_6B, kv_channels: 96 }, { assume: 'llama' }), 'EINVAL', 'kv_channels');
  // rope_ratio on a family that does not read it
  throwsWith(() => pe.positionsFromConfig({ ...GLM4_9B_CHAT, model_type: 'glm4', num_hidden_layers: 40, head_dim: 128 }), 'EINVAL', 'rope_ratio');
});

test('Baichuan: the 13B code adds ALiBi (slope · key position, Baichuan\'s _get_interleave slopes for 40 heads), the 7B code rotates', () => {
  const s = pe.positionsFromConfig(BAICHUAN2_13B_CHAT);
  assert.equal(s.family, 'baichuan');
  assert.equal(s.layers.length, 40);
  assert.equal(s.sources.attention, 'hidden_size');
  for (const l of s.layers) assert.deepEqual(l.positions, { kind: 'alibi', params: { heads: 40, maxBias: 8, form: 'bloom' } });
  // _get_interleave(40): the 32 of a power of two, 2^(-8(h+1)/32), then _get_interleave(64)[0::2][:8]
  const p2 = (n) => Array.from({ length: n }, (_, i) => 2 ** (-(8 / n) * (i + 1)));
  const slopes = [...p2(32), ...p2(64).filter((_, i) => i % 2 === 0).slice(0, 8)];
  const { data } = pe.compute('alibi', { ...s.layers[0].positions.params, queries: 4 });
  for (let h = 0; h < 40; h++) {
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        const v = data[(h * 4 + i) * 4 + j];
        // _gen_alibi_mask: slope · j (key position) under the -inf upper triangle
        if (j > i) assert.equal(v, -Infinity);
        else close(v, slopes[h] * j, 2 ** -22 * Math.max(1, j), `head ${h} query ${i} key ${j}`);
      }
    }
  }

  const r7 = pe.positionsFromConfig(BAICHUAN2_7B_CHAT).layers[0].rope;
  assert.deepEqual([r7.dim, r7.base, r7.layout, r7.partialRotaryFactor, r7.maxPositionEmbeddings], [128, 10000, 'neox', 1, 4096]);
  sameFreqs(r7, 10000, 128, 'Baichuan2-7B');
  // another size: which file it ships cannot be told, so posenc refuses naming hidden_size
  throwsWith(() => pe.positionsFromConfig({ ...BAICHUAN2_7B_CHAT, hidden_size: 2048, num_attention_heads: 16 }), 'EINVAL', 'hidden_size');
});

test('Qwen (v1): kv_channels · rotary_pct dims rotate at rotary_emb_base; log-n on every layer, dynamic NTK warned of by name', () => {
  const s = pe.positionsFromConfig(QWEN_7B);
  assert.equal(s.family, 'qwen');
  assert.equal(s.layers.length, 32);
  const r = s.layers[0].rope;
  assert.deepEqual([r.dim, r.base, r.layout, r.partialRotaryFactor], [128, 10000, 'neox', 1]);
  assert.equal(s.sources['layers.full_attention.rope.base'], 'rotary_emb_base');
  assert.equal(s.sources['layers.full_attention.rope.dim'], 'kv_channels');
  assert.equal(s.sources['layers.full_attention.rope.maxPositionEmbeddings'], 'seq_length');
  sameFreqs(r, 10000, 128, 'Qwen-7B');
  // use_logn_attn: the query scale of every layer, Qwen's log-n against seq_length
  assert.ok(s.layers.every((l) => l.queryScale?.form === 'log-ratio' && l.queryScale.seqLength === 8192));
  assert.deepEqual(s.warnings.map((w) => w.field), ['use_dynamic_ntk']);
  assert.match(s.warnings[0].message, /seqLen/);
  // the class defaults (QWenConfig: both true) apply when the keys are absent
  const { use_dynamic_ntk: _d, use_logn_attn: _l, ...defaults } = QWEN_7B;
  const sd = pe.positionsFromConfig(defaults);
  assert.deepEqual(sd.warnings.map((w) => w.field), ['use_dynamic_ntk']);
  assert.equal(sd.layers[0].queryScale.form, 'log-ratio');
  // QWenConfig's seq_length default (2048, not max_position_embeddings 8192) when the file has none
  const { seq_length: _s, ...noSeq } = QWEN_7B;
  const sn = pe.positionsFromConfig(noSeq);
  assert.equal(sn.layers[0].rope.maxPositionEmbeddings, 2048);
  assert.equal(sn.layers[0].queryScale.seqLength, 2048);
  // both switched off: no warning, no query scale
  const off = pe.positionsFromConfig({ ...QWEN_7B, use_dynamic_ntk: false, use_logn_attn: false });
  assert.equal(off.warnings.length, 0);
  assert.equal(off.layers[0].queryScale, null);
  // the explorer's layer map says it in words
  assert.match(describeLayer(s.layers[0]), /query scale log\(i\)\/log\(8192\) past 8192 tokens/);
  throwsWith(() => pe.positionsFromConfig({ ...QWEN_7B, use_logn_attn: 'yes' }), 'EINVAL', 'use_logn_attn');
  throwsWith(() => pe.positionsFromConfig({ ...QWEN_7B, seq_length: 1 }), 'ERANGE', 'seq_length');
  // a partial rotary share: int(kv_channels · rotary_pct) dims
  sameFreqs(pe.positionsFromConfig({ ...QWEN_7B, rotary_pct: 0.5 }).layers[0].rope, 10000, 64, 'rotary_pct 0.5');
  // Qwen's keys on a family that does not read them: refused by name
  throwsWith(() => pe.positionsFromConfig({ ...QWEN_7B, model_type: 'llama', use_dynamic_ntk: true, rotary_emb_base: 10000 }), 'EINVAL', 'use_dynamic_ntk');
  // found by its architectures class alone
  const { model_type: _, ...bare } = QWEN_7B;
  assert.equal(pe.positionsFromConfig(bare).family, 'qwen');
});

// Qwen's modeling_qwen.py, transcribed in float64: logn_list[i - 1] = math.log(i, seq_length) if i > seq_length
// else 1; get_ntk_alpha(L) = max(2 ** ceil(math.log(L / seq_length, 2) + 1) - 1, 1); the rotary base for the
// call rotary_emb_base * ntk_alpha ** (dim / (dim - 2))
const qwenLogn = (i, S) => (i > S ? Math.log(i) / Math.log(S) : 1);
const qwenAlpha = (L, S) => Math.max(2 ** Math.ceil(Math.log(L / S) / Math.log(2) + 1) - 1, 1);

test('Qwen (v1) log-n: query-scale form log-ratio gives log(i)/log(seq_length) past seq_length, float32 of the double', () => {
  for (const S of [2048, 8192, 32768]) {
    const { data } = pe.compute('query-scale', { form: 'log-ratio', seqLength: S, positions: 6, offset: S - 3, step: 1 });
    [...data].forEach((v, row) => assert.equal(v, Math.fround(qwenLogn(S - 3 + row + 1, S)), `S ${S} row ${row}`));
    // far out: 32766 (Qwen's table ends at 1-based 32767) and 10^6
    const far = pe.compute('query-scale', { form: 'log-ratio', seqLength: S, positions: 2, offset: 32766, step: 1e6 - 32766 }).data;
    assert.equal(far[0], Math.fround(qwenLogn(32767, S)));
    assert.equal(far[1], Math.fround(qwenLogn(1e6 + 1, S)));
  }
  // values a reader can check by hand: log(16384)/log(8192) = 14/13
  assert.equal(pe.compute('query-scale', { form: 'log-ratio', seqLength: 8192, positions: 1, offset: 16383 }).data[0], Math.fround(14 / 13));
  throwsWith(() => pe.compute('query-scale', { form: 'log-ratio', seqLength: 1 }), 'ERANGE', 'seqLength');
  throwsWith(() => pe.compute('query-scale', { form: 'log' }), 'EINVAL', 'form');
});

test('Qwen (v1) dynamic NTK: with seqLen, transformers\' run raises the base by ntk_alpha^(d/(d−2)); engines without it keep plain RoPE', () => {
  // 1 up to seq_length, then 3, 7, 15 … (a step at each doubling past seq_length)
  assert.deepEqual([8192, 8193, 16384, 16385, 20000, 32768, 32769].map((L) => qwenAlpha(L, 8192)), [1, 3, 3, 7, 7, 7, 15]);
  for (const L of [4096, 8192, 8193, 16384, 20000, 32769]) {
    const alpha = qwenAlpha(L, 8192);
    const t = pe.positionsFromConfig(QWEN_7B, { engine: 'transformers', seqLen: L }).layers[0];
    sameFreqs(t.rope, 10000 * alpha ** (128 / 126), 128, `transformers, L ${L} (ntk_alpha ${alpha})`);
    assert.equal(t.engine.rules.some((x) => x.rule === 'qwen.ntk'), alpha > 1, `L ${L}`);
    assert.equal(t.queryScale.form, 'log-ratio');
  }
  // the rope knob itself: ntkAlphaLength against seqLen, at the doublings where ceil steps
  for (const [L, S] of [[1, 8192], [4096, 8192], [8192, 8192], [8193, 8192], [16384, 8192], [16385, 8192], [65536, 2048]]) {
    sameFreqs({ dim: 128, base: 10000, ntkAlphaLength: S, seqLen: L, ropeScaling: { rope_type: 'dynamic' } },
      10000 * qwenAlpha(L, S) ** (128 / 126), 128, `ntkAlphaLength ${S}, seqLen ${L}`);
  }
  throwsWith(() => freqs({ dim: 128, ntkAlphaLength: 8192 }), 'EINVAL', 'ntkAlphaLength');
  throwsWith(() => freqs({ dim: 128, ntkAlphaLength: 8192, ropeScaling: { rope_type: 'dynamic', alpha: 3 } }), 'EINVAL', 'ntkAlphaLength');
  // without seqLen: the init table (alpha 1)
  sameFreqs(pe.positionsFromConfig(QWEN_7B, { engine: 'transformers' }).layers[0].rope, 10000, 128, 'no seqLen');
  // use_dynamic_ntk false: no alpha at any length
  sameFreqs(pe.positionsFromConfig({ ...QWEN_7B, use_dynamic_ntk: false }, { engine: 'transformers', seqLen: 20000 }).layers[0].rope,
    10000, 128, 'use_dynamic_ntk false');
  // SGLang, MLX-LM and llama.cpp read neither key: base 10000 over the whole head, no query scale
  for (const engine of ['sglang', 'mlx-lm', 'llama.cpp']) {
    const e = pe.positionsFromConfig({ ...QWEN_7B, rotary_emb_base: 50000 }, { engine, seqLen: 20000 }).layers[0];
    assert.equal(e.rope.base, 10000, engine);
    assert.equal(e.queryScale, null, engine);
    assert.ok(e.engine.rules.some((x) => x.rule === 'qwen.plain'), engine);
  }
  // vLLM dropped QWenLMHeadModel: refused naming engine
  throwsWith(() => pe.positionsFromConfig(QWEN_7B, { engine: 'vllm' }), 'EINVAL', 'engine');
  // compareEngines names the difference beyond seq_length
  const cmp = pe.compareEngines(QWEN_7B, { seqLen: 20000, positions: 64 });
  const sg = cmp.rows.find((x) => x.engine === 'sglang');
  assert.equal(sg.same, false);
  assert.ok(sg.rules.some((x) => x.rule === 'qwen.plain'));
});

test('MiniCPM and DeepSeek (v1, remote code): Llama positions, whole-head split halves', () => {
  const m = pe.positionsFromConfig(MINICPM_2B);
  assert.equal(m.family, 'minicpm');
  assert.equal(m.layers.length, 40);
  const rm = m.layers[0].rope;
  assert.deepEqual([rm.dim, rm.base, rm.layout], [64, 10000, 'neox']);  // 2304 / 36
  sameFreqs(rm, 10000, 64, 'MiniCPM-2B');
  const d = pe.positionsFromConfig(DEEPSEEK_MOE_16B);
  assert.equal(d.family, 'deepseek');
  assert.equal(d.layers.length, 28);
  const rd = d.layers[0].rope;
  assert.deepEqual([rd.dim, rd.base, rd.layout], [128, 10000, 'neox']);
  sameFreqs(rd, 10000, 128, 'deepseek-moe-16b');
  // DeepseekLinearScalingRotaryEmbedding: t / factor, the frequencies divided by it
  const lin = pe.positionsFromConfig({ ...DEEPSEEK_MOE_16B, rope_scaling: { type: 'linear', factor: 4 } }).layers[0].rope;
  const inv = freqs(lin);
  invFreq(10000, 128).forEach((v, k) => close(inv[k], v / 4, 2 ** -23 * v, `linear inv_freq ${k}`));
});

// MiniCPM4 (openbmb/MiniCPM4-8B, model_type minicpm, rope_scaling rope_type longrope): MiniCPMLongRoPE
// builds its table for max_position_embeddings once, so that length (not the sequence's) picks the
// factors; cos and sin carry sqrt(1 + ln(max/orig) / ln(orig)). Factors here are made up (64 per list):
// the published lists are long and any list of the right length tests the same code path.
test('MiniCPM4 LongRoPE (remote code): the table built for max_position_embeddings picks the factors', () => {
  const short = Array.from({ length: 64 }, (_, k) => 1 + k / 128);
  const long = Array.from({ length: 64 }, (_, k) => 1.5 + k / 16);
  const cfg = (max) => ({
    ...MINICPM_2B, hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 2, num_hidden_layers: 32, max_position_embeddings: max,
    rope_scaling: { rope_type: 'longrope', short_factor: short, long_factor: long, original_max_position_embeddings: 32768 },
  });
  const base = invFreq(10000, 128);
  const check = (params, ext, af, what) => {
    const inv = freqs(params);
    base.forEach((v, k) => close(inv[k], v / ext[k], 2 ** -22 * v, `${what} inv_freq ${k}`));
    const p = 1000;
    const table = pe.compute('rope', { ...params, positions: p + 1 });
    const [, n, d] = table.shape;
    assert.equal(n, p + 1);
    for (const k of [0, 5, 40, 63]) {
      const a = p * (base[k] / ext[k]);
      close(table.data[p * d + k], Math.cos(a) * af, 2e-5, `${what} cos ${k}`);
      close(table.data[n * d + p * d + k], Math.sin(a) * af, 2e-5, `${what} sin ${k}`);
    }
  };
  const af = Math.sqrt(1 + Math.log(2) / Math.log(32768));
  // max 65536 > original 32768: long factors at any sequence length, also with transformers' seqLen
  const longer = pe.positionsFromConfig(cfg(65536));
  assert.equal(longer.family, 'minicpm');
  check(longer.layers[0].rope, long, af, 'max 65536');
  check(pe.ropeFromConfig(cfg(65536), { seqLen: 100 }), long, af, 'max 65536, 100 tokens');
  // max == original: short factors up to it, long beyond (the table rebuilt for the longer sequence); factor 1
  check(pe.ropeFromConfig(cfg(32768)), short, 1, 'max 32768');
  check(pe.ropeFromConfig(cfg(32768), { seqLen: 40000 }), long, 1, 'max 32768, 40000 tokens');
  // an engine with its own LongRoPE does not build MiniCPM's table: vLLM switches by its context
  check(pe.ropeFromConfig(cfg(65536), { engine: 'vllm', context: 4096 }), short, af, 'vllm, context 4096');
});

test('Phi-3-small: whole-head RoPE at rope_embedding_base on every layer, dense every 2nd layer, block-sparse between (warned)', () => {
  const s = pe.positionsFromConfig(PHI3_SMALL_8K);
  assert.equal(s.family, 'phi3small');
  assert.equal(s.layers.length, 32);
  // Phi3SmallSelfAttention: dense when (layer_idx + 1) % dense_attention_every_n_layers == 0
  s.layers.forEach((l, i) => assert.equal(l.type, (i + 1) % 2 === 0 ? 'full_attention' : 'blocksparse_attention', `layer ${i}`));
  for (const l of s.layers) assert.deepEqual([l.rope.dim, l.rope.base, l.rope.layout, l.window], [128, 1e6, 'neox', null]);
  sameFreqs(s.layers[0].rope, 1e6, 128, 'Phi-3-small');
  assert.deepEqual(pe.layersFromConfig(PHI3_SMALL_8K), s.layers);
  // every layer rotates alike, so one rope params object answers for the model
  assert.deepEqual(pe.ropeFromConfig(PHI3_SMALL_8K), s.layers[0].rope);
  assert.ok(s.warnings.some((w) => w.field === 'blocksparse_block_size' && /blocksparse_vert_stride/.test(w.message)));
  // positions scaled before RoPE, and a LongRoPE dict: refused by name
  throwsWith(() => pe.positionsFromConfig({ ...PHI3_SMALL_8K, rope_position_scale: 2 }), 'EINVAL', 'rope_position_scale');
  throwsWith(() => pe.positionsFromConfig({ ...PHI3_SMALL_8K, rope_scaling: { type: 'su', short_factor: [1], long_factor: [1] } }), 'EINVAL', 'rope_scaling');
  // its block-sparse keys read as another family: refused
  throwsWith(() => pe.positionsFromConfig(PHI3_SMALL_8K, { assume: 'llama' }), 'EINVAL', 'rope_embedding_base');
});
