// How llama.cpp rotates each architecture a GGUF file names (general.architecture): the pair layout
// of llama_model_rope_type (NORM: pairs 2k, 2k+1; NEOX: k, k + n_rot/2; MROPE / IMROPE: NEOX with
// M-RoPE sections, chunked or interleaved) and, where its loader makes layers differ, the sliding
// layers' pattern and base. An architecture not listed is refused: posenc does not guess a layer
// pattern. Read from ggml-org/llama.cpp src/llama-model.cpp@00342301d01add50835550e8a916f12097d94517
// (llama_model_rope_type, llama_model::load_hparams).
const NORM = ['llama', 'llada', 'deci', 'baichuan', 'starcoder', 'internlm2', 'minicpm', 'xverse', 'command-r', 'olmo', 'arctic',
  'deepseek', 'deepseek2', 'plm', 'chatglm', 'glm4', 'granite', 'granitemoe', 'chameleon', 'bailingmoe', 'arcee', 'ernie4_5',
  'ernie4_5-moe', 'mistral3'];
const NEOX = ['falcon', 'grok', 'dbrx', 'stablelm', 'bitnet', 'qwen', 'qwen2', 'dream', 'qwen2moe', 'qwen3', 'qwen3moe', 'olmo2',
  'olmoe', 'phi2', 'phi3', 'phimoe', 'plamo', 'gemma', 'starcoder2', 'openelm', 'gptneox', 'codeshell', 'orion', 'nemotron',
  'exaone', 'minicpm3', 'bailingmoe2', 'dots1', 'hunyuan-moe', 'hunyuan-dense', 'lfm2', 'seed_oss', 'apertus', 'gemma2',
  'gemma3', 'gpt-oss'];

const table = {};
for (const a of NORM) table[a] = { layout: 'gptj' };
for (const a of NEOX) table[a] = { layout: 'neox' };
// M-RoPE: sections [t, h, w, e] from rope.dimension_sections
table.qwen2vl = { layout: 'neox', mrope: 'chunked' };
table.qwen3vl = { layout: 'neox', mrope: 'interleaved' };
table.qwen3vlmoe = { layout: 'neox', mrope: 'interleaved' };
// Sliding layers: set_swa_pattern(n) makes layer il sliding when il % n < n − 1 (attention.sliding_window_pattern
// overrides n); Gemma 3's loader fixes the sliding layers' base at 10000, unscaled.
table.gemma2 = { layout: 'neox', swa: { period: 2 } };
table.gemma3 = { layout: 'neox', swa: { period: 6, base: 10000, unscaled: true } };
table['gpt-oss'] = { layout: 'neox', swa: { period: 2 } };

export default () => table;
