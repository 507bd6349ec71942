// What llama.cpp computes for a GGUF file (layersFromGGUF / ropeFromGGUF), on files written by the
// tests' own writer (tests/gguf-writer.js) from real models' configs, with the keys and tensors
// llama.cpp's converter writes for them (ggml-org/llama.cpp conversion/llama.py, phi.py, deepseek.py,
// base.py), and hostile files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, PosencError } from '../../web/posenc.js';
import { writeGGUF } from '../gguf-writer.js';
import { CONFIGS } from '../fixtures/configs.js';

const pe = await load();
const f32 = (a) => Float32Array.from(a);

// conversion/llama.py LlamaModel.generate_extra_tensors: per-pair divisors of the llama3 bands
function llama3Factors(base, dim, factor, low, high, old) {
  const out = [];
  for (let k = 0; k < dim / 2; k++) {
    const freq = 1 / base ** ((2 * k) / dim);
    const wl = (2 * Math.PI) / freq;
    if (wl < old / high) out.push(1);
    else if (wl > old / low) out.push(factor);
    else {
      const s = (old / wl - low) / (high - low);
      out.push(1 / ((1 - s) / factor + s));
    }
  }
  return out;
}

function file(arch, kv, tensors = []) {
  const g = writeGGUF({
    kv: [{ key: 'general.architecture', type: 'string', value: arch }, ...kv.map(([key, type, value]) => ({ key: `${arch}.${key}`, type, value }))],
    tensors: tensors.map(([name, values]) => ({ name, type: 'F32', shape: [values.length], data: new Uint8Array(f32(values).buffer) })),
  });
  const read = pe.readGGUF(g.bytes);
  const given = Object.fromEntries(tensors.map(([name]) => [name, pe.ggufTensor(read, name, g.bytes)]));
  return { g: read, tensors: given };
}

const LLAMA31 = CONFIGS.Llama_3_1_8B.config;
const llamaFile = () => file('llama', [['block_count', 'uint32', 32], ['context_length', 'uint32', 131072], ['embedding_length', 'uint32', 4096],
  ['attention.head_count', 'uint32', 32], ['rope.dimension_count', 'uint32', 128], ['rope.freq_base', 'float32', 500000]],
[['rope_freqs.weight', llama3Factors(500000, 128, 8, 1, 4, 8192)]]);

const PHI35 = CONFIGS.Phi_3_5_mini_instruct.config;
const phiFile = () => file('phi3', [['block_count', 'uint32', 32], ['context_length', 'uint32', 131072], ['embedding_length', 'uint32', 3072],
  ['attention.head_count', 'uint32', 32], ['rope.dimension_count', 'uint32', 96], ['rope.freq_base', 'float32', 10000],
  ['rope.scaling.original_context_length', 'uint32', 4096], ['rope.scaling.attn_factor', 'float32', Math.sqrt(1 + Math.log(32) / Math.log(4096))],
  ['attention.sliding_window', 'uint32', 262144]],
[['rope_factors_long.weight', PHI35.rope_scaling.long_factor], ['rope_factors_short.weight', PHI35.rope_scaling.short_factor]]);

const GPT_OSS = { model_type: 'gpt_oss', architectures: ['GptOssForCausalLM'], head_dim: 64, hidden_size: 2880, num_attention_heads: 64,
  num_hidden_layers: 24, max_position_embeddings: 131072, rope_theta: 150000, sliding_window: 128,
  rope_scaling: { beta_fast: 32.0, beta_slow: 1.0, factor: 32.0, original_max_position_embeddings: 4096, rope_type: 'yarn', truncate: false } };
const ossFile = () => file('gpt-oss', [['block_count', 'uint32', 24], ['context_length', 'uint32', 131072], ['embedding_length', 'uint32', 2880],
  ['attention.head_count', 'uint32', 64], ['attention.key_length', 'uint32', 64], ['rope.freq_base', 'float32', 150000],
  ['rope.scaling.type', 'string', 'yarn'], ['rope.scaling.factor', 'float32', 32], ['rope.scaling.original_context_length', 'uint32', 4096],
  ['attention.sliding_window', 'uint32', 128]]);

// the same function: the tables in double (float32 order and dtypes apart) agree within check's bound
function sameFunction(a, b, positions = 4096) {
  const plain = ({ freqDtype, dtype, ...p }) => p;
  const t = pe.compute('rope', { ...plain(b), positions });
  return pe.check({ shape: t.shape, data: t.data, dtype: 'float32' }, { kind: 'rope', params: plain(a) }, { diagnose: false });
}

test('Llama 3.1 converted: rope_freqs as frequency factors in ggml\'s order, the same function as transformers\' llama3', () => {
  const { g, tensors } = llamaFile();
  const layers = pe.layersFromGGUF(g, { tensors });
  assert.equal(layers.length, 32);
  const p = layers[0].rope;
  assert.equal(p.layout, 'gptj');  // NORM pairs, on q/k weights the converter permuted
  assert.equal(p.freqDtype, 'ggml');
  assert.equal(p.freqFactors.length, 64);
  const hf = { ...pe.ropeFromConfig(LLAMA31), layout: 'gptj' };
  const r = sameFunction(hf, p, 8192);
  assert.equal(r.exact, true, `max ${r.maxAbsError}`);
  assert.deepEqual(pe.ropeFromGGUF(g, { tensors }), p);
});

test('Phi-3.5 converted: llama.cpp picks rope_factors_long when the context per sequence exceeds 4096', () => {
  const { g, tensors } = phiFile();
  const at = (context) => pe.ropeFromGGUF(g, { tensors, context });
  const long = at(8192), short = at(4096);
  assert.deepEqual(Array.from(long.ropeScaling.long_factor), Array.from(f32(PHI35.rope_scaling.long_factor)));
  assert.deepEqual(Array.from(short.ropeScaling.long_factor), Array.from(f32(PHI35.rope_scaling.short_factor)));
  assert.ok(pe.layersFromGGUF(g, { tensors, context: 8192 })[0].engine.rules.some((x) => x.rule === 'longrope.switch'));
  // what the engine profile computes from the config at the same context
  const fromConfig = pe.ropeFromConfig(PHI35, { engine: 'llama.cpp', context: 8192 });
  assert.equal(sameFunction(fromConfig, long).exact, true);
  // and transformers at a 2,000-token prompt differs (short factors)
  assert.equal(sameFunction(pe.ropeFromConfig(PHI35, { seqLen: 2000 }), long).exact, false);
});

test('GPT-OSS converted: truncate is gone, the correction range floored and ceiled; sliding layers on even indices', () => {
  const { g } = ossFile();
  const layers = pe.layersFromGGUF(g);
  assert.deepEqual(layers.slice(0, 4).map((l) => l.type), ['sliding_attention', 'full_attention', 'sliding_attention', 'full_attention']);
  assert.equal(layers[0].window, 128);
  const p = layers[1].rope;
  assert.equal(p.ropeScaling.truncate, true);
  assert.equal(sameFunction(pe.ropeFromConfig(GPT_OSS, { engine: 'llama.cpp', layer: 1 }), p).exact, true);
  const hf = sameFunction(pe.ropeFromConfig(GPT_OSS, { layer: 1 }), p, 8192);
  assert.equal(hf.exact, false);
  assert.ok(hf.maxAbsError > 2, String(hf.maxAbsError));
});

test('M-RoPE sections, DeepSeek-2 YaRN and Gemma 3 sliding layers read as llama.cpp reads them', () => {
  const vl = file('qwen2vl', [['block_count', 'uint32', 2], ['embedding_length', 'uint32', 3584], ['attention.head_count', 'uint32', 28],
    ['rope.dimension_count', 'uint32', 128], ['rope.freq_base', 'float32', 1e6], ['rope.dimension_sections', 'array<int32>', [16, 24, 24, 0]]]);
  const pv = pe.ropeFromGGUF(vl.g);
  assert.deepEqual(pv.mropeSection, [16, 24, 24]);
  assert.equal(pv.mropeInterleaved, false);
  assert.equal(pv.layout, 'neox');
  const ds = file('deepseek2', [['block_count', 'uint32', 2], ['embedding_length', 'uint32', 7168], ['attention.head_count', 'uint32', 128],
    ['attention.key_length', 'uint32', 192], ['rope.dimension_count', 'uint32', 64], ['rope.freq_base', 'float32', 10000],
    ['rope.scaling.type', 'string', 'yarn'], ['rope.scaling.factor', 'float32', 40], ['rope.scaling.original_context_length', 'uint32', 4096],
    ['rope.scaling.yarn_log_multiplier', 'float32', 0.1]]);
  const pd = pe.ropeFromGGUF(ds.g);
  assert.equal(pe.compute('rope-frequencies', pd).info.attentionFactor, 1);
  assert.equal(pd.layout, 'gptj');
  const gm = file('gemma3', [['block_count', 'uint32', 12], ['embedding_length', 'uint32', 2560], ['attention.head_count', 'uint32', 8],
    ['attention.key_length', 'uint32', 256], ['rope.freq_base', 'float32', 1e6], ['rope.scaling.type', 'string', 'linear'],
    ['rope.scaling.factor', 'float32', 8], ['attention.sliding_window', 'uint32', 1024]]);
  const lg = pe.layersFromGGUF(gm.g);
  assert.deepEqual(lg.map((l) => l.type === 'full_attention'), [false, false, false, false, false, true, false, false, false, false, false, true]);
  assert.equal(lg[0].rope.base, 10000);
  assert.equal(lg[0].rope.ropeScaling.rope_type, 'default');
  assert.deepEqual({ base: lg[5].rope.base, ...lg[5].rope.ropeScaling }, { base: 1e6, rope_type: 'linear', factor: 8 });
});

const refuses = (fn, param, re) => assert.throws(fn, (e) => {
  assert.ok(e instanceof PosencError, String(e));
  assert.equal(e.param, param);
  if (re) assert.match(e.message, re);
  return true;
});

test('files whose keys contradict each other, or that need what was not given, are refused naming the key', () => {
  const base = [['block_count', 'uint32', 2], ['embedding_length', 'uint32', 4096], ['attention.head_count', 'uint32', 32]];
  refuses(() => pe.layersFromGGUF(file('llama', [...base, ['rope.dimension_count', 'uint32', 256]]).g), 'llama.rope.dimension_count', /head size 128/);
  refuses(() => pe.layersFromGGUF(file('llama', [...base, ['rope.dimension_count', 'uint32', 63]]).g), 'llama.rope.dimension_count', /odd/);
  refuses(() => pe.layersFromGGUF(file('qwen2vl', [...base, ['rope.dimension_sections', 'array<int32>', [16, 24, 20, 0]]]).g),
    'qwen2vl.rope.dimension_sections', /summing to n_rot \/ 2 = 64/);
  refuses(() => pe.layersFromGGUF(file('llama', base.slice(1)).g), 'llama.block_count');
  refuses(() => pe.layersFromGGUF(file('llama', [...base, ['rope.freq_base', 'string', '1e4']]).g), 'llama.rope.freq_base');
  refuses(() => pe.layersFromGGUF(file('llama', [...base, ['rope.scaling.type', 'string', 'ntk']]).g), 'llama.rope.scaling.type');
  refuses(() => pe.layersFromGGUF(file('mamba', base).g), 'general.architecture', /does not know/);
  const { g } = llamaFile();
  refuses(() => pe.layersFromGGUF(g), 'tensors', /rope_freqs\.weight/);
  refuses(() => pe.layersFromGGUF(g, { tensors: { 'rope_freqs.weight': new Float32Array(3) } }), 'rope_freqs.weight', /n_rot \/ 2 = 64/);
  refuses(() => pe.layersFromGGUF({ metadata: {} }), 'gguf');
  refuses(() => pe.ropeFromGGUF(ossFile().g, { context: -1 }), 'context');
  assert.equal(pe.compute('rope', { positions: 2, dim: 4 }).data.length, 16);
});
