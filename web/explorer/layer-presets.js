// Model presets for the layer map: config.json files as published on the Hugging Face Hub (the fields
// that set positions, with the model's own values; the rest of each file changes nothing here). Where
// each was checked is said with it; tests/unit/layers.test.js reads the same files.
const range = (n, f) => Array.from({ length: n }, (_, i) => f(i));

export const MODEL_PRESETS = [
  {
    // google/gemma-3-12b-it config.json: 5 local layers (base 10000, window 1024) per global one
    // (base 1e6, linear x8), the text model under text_config; confirmed against the text-only export
    // huggingface.co/OpenPipe/gemma-3-12b-it-text-only/blob/main/config.json
    id: 'gemma3', label: 'Gemma 3 12B layers', layer: 'sliding_attention',
    config: {
      architectures: ['Gemma3ForConditionalGeneration'], model_type: 'gemma3',
      text_config: {
        head_dim: 256, hidden_size: 3840, max_position_embeddings: 131072, model_type: 'gemma3_text', num_attention_heads: 16,
        num_hidden_layers: 48, num_key_value_heads: 8, query_pre_attn_scalar: 256, rope_local_base_freq: 10000,
        rope_scaling: { factor: 8.0, rope_type: 'linear' }, rope_theta: 1000000, sliding_window: 1024, sliding_window_pattern: 6,
      },
    },
  },
  {
    // openai/gpt-oss-20b config.json: alternating sliding (128) and full layers, one YaRN; confirmed against
    // re-saves keeping it (huggingface.co/cryptonaut/AltiMind-sft/blob/main/config.json), window 128 = GptOssConfig's default
    id: 'gpt-oss', label: 'GPT-OSS-20b layers', layer: 0,
    config: {
      architectures: ['GptOssForCausalLM'], head_dim: 64, hidden_size: 2880, initial_context_length: 4096,
      layer_types: range(24, (i) => (i % 2 ? 'full_attention' : 'sliding_attention')), max_position_embeddings: 131072,
      model_type: 'gpt_oss', num_attention_heads: 64, num_hidden_layers: 24, num_key_value_heads: 8,
      rope_scaling: { beta_fast: 32.0, beta_slow: 1.0, factor: 32.0, original_max_position_embeddings: 4096, rope_type: 'yarn', truncate: false },
      rope_theta: 150000, sliding_window: 128,
    },
  },
  {
    // meta-llama/Llama-4-Scout-17B-16E config.json: 3 chunked RoPE layers per NoPE layer with the query temperature;
    // values as a printed Llama4Config of the model stores them (code index id 41112263523; see tests/unit/layers.test.js)
    id: 'llama4', label: 'Llama 4 Scout layers', layer: 3,
    config: {
      architectures: ['Llama4ForConditionalGeneration'], model_type: 'llama4',
      text_config: {
        attention_chunk_size: 8192, attn_scale: 0.1, attn_temperature_tuning: 4, floor_scale: 8192, head_dim: 128, hidden_size: 5120,
        max_position_embeddings: 262144, model_type: 'llama4_text', no_rope_layers: range(48, (i) => ((i + 1) % 4 ? 1 : 0)),
        num_attention_heads: 40, num_hidden_layers: 48, num_key_value_heads: 8,
        rope_scaling: { factor: 8.0, high_freq_factor: 4.0, low_freq_factor: 1.0, original_max_position_embeddings: 8192, rope_type: 'llama3' },
        rope_theta: 500000.0,
      },
    },
  },
  {
    // answerdotai/ModernBERT-base config.json: a global layer (base 160000) every 3, local ones at 10000, window 64 each way;
    // confirmed against its mirror huggingface.co/unsloth/ModernBERT-base/blob/main/config.json
    id: 'modernbert', label: 'ModernBERT-base layers', layer: 'full_attention',
    config: {
      architectures: ['ModernBertForMaskedLM'], global_attn_every_n_layers: 3, global_rope_theta: 160000.0, hidden_size: 768,
      local_attention: 128, local_rope_theta: 10000.0, max_position_embeddings: 8192, model_type: 'modernbert',
      num_attention_heads: 12, num_hidden_layers: 22,
    },
  },
  {
    // bigscience/bloom-560m config.json (its onnx/ copy at ac2ae5f): ALiBi on every layer, 16 heads, no RoPE
    id: 'bloom', label: 'BLOOM-560m (ALiBi)', layer: null,
    config: { architectures: ['BloomForCausalLM'], model_type: 'bloom', hidden_size: 1024, n_head: 16, n_layer: 24 },
  },
  {
    // t5-small's architecture (a fine-tune keeping it, sherif1311/t5-small-finetuned-xsum): 6 + 6 layers, 32 buckets up to 128
    id: 't5', label: 'T5-small (buckets)', layer: null,
    config: { architectures: ['T5ForConditionalGeneration'], model_type: 't5', d_model: 512, num_heads: 8, num_layers: 6,
      relative_attention_num_buckets: 32, relative_attention_max_distance: 128 },
  },
  {
    // ai21labs/Jamba-v0.1 config.json at 871ab2b: an attention layer every 8 from layer 4, none of them with positions
    id: 'jamba', label: 'Jamba (no positions)', layer: null,
    config: { architectures: ['JambaForCausalLM'], model_type: 'jamba', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32,
      attn_layer_period: 8, attn_layer_offset: 4 },
  },
  {
    // the qwen3_next architecture (QuantTrio/Qwen3-Coder-Next-E336 config.json): 3 linear-attention layers per full one, RoPE on a quarter of the head
    id: 'qwen3-next', label: 'Qwen3-Next (hybrid)', layer: null,
    config: { architectures: ['Qwen3NextForCausalLM'], model_type: 'qwen3_next', hidden_size: 2048, num_attention_heads: 16, head_dim: 256,
      num_hidden_layers: 48, rope_theta: 5000000, partial_rotary_factor: 0.25, full_attention_interval: 4, max_position_embeddings: 262144 },
  },
  {
    // openai-community/gpt2 config.json: learned absolute positions (1024 rows), no positions inside attention
    id: 'gpt2', label: 'GPT-2 (learned)', layer: null,
    config: { architectures: ['GPT2LMHeadModel'], model_type: 'gpt2', n_embd: 768, n_head: 12, n_layer: 12, n_positions: 1024 },
  },
];
