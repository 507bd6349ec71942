// The records other records start from (`like`): Llama, Mistral, Qwen2 and Gemma for RoPE decoders,
// GPT-2 and BERT for learned absolute positions, T5 for relative buckets. Paths are relative to
// transformers' src/transformers/models/ at the commit web/docs/architectures.md names.
export default () => ({
  bert: {
    from: 'bert/modeling_bert.py BertEmbeddings, BertSelfAttention; bert/configuration_bert.py BertConfig',
    input: { kind: 'learned', size: 'max_position_embeddings', offset: 0 },
    attention: 'none',
    defaults: { max_position_embeddings: 512, num_hidden_layers: 12, position_embedding_type: 'absolute' },
    positionType: 'position_embedding_type',
  },
  gemma: {
    from: 'gemma/modeling_gemma.py GemmaRotaryEmbedding, apply_rotary_pos_emb; gemma/configuration_gemma.py GemmaConfig',
    like: 'llama',
    defaults: { head_dim: 256, hidden_size: 3072, num_attention_heads: 16, max_position_embeddings: 8192, rope_theta: 10000 },
  },
  gpt2: {
    from: 'gpt2/modeling_gpt2.py GPT2Model (wpe), GPT2Attention; gpt2/configuration_gpt2.py GPT2Config',
    input: { kind: 'learned', size: 'n_positions', offset: 0 },
    attention: 'none',
    layerCount: ['n_layer', 'num_hidden_layers'],
    defaults: { n_positions: 1024, n_layer: 12 },
  },
  llama: {
    from: 'llama/modeling_llama.py LlamaRotaryEmbedding, rotate_half, apply_rotary_pos_emb; llama/configuration_llama.py LlamaConfig',
    attention: 'rope',
    layout: 'neox',
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 2048, rope_theta: 10000 },
  },
  mistral: {
    from: 'mistral/modeling_mistral.py MistralRotaryEmbedding, MistralAttention (sliding_window); mistral/configuration_mistral.py MistralConfig',
    like: 'llama',
    layers: { rule: 'all', slidingKey: 'sliding_window' },
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 131072, rope_theta: 10000, sliding_window: 4096 },
  },
  qwen2: {
    from: 'qwen2/modeling_qwen2.py Qwen2RotaryEmbedding, Qwen2Attention; qwen2/configuration_qwen2.py Qwen2Config.__post_init__ (layer_types)',
    like: 'llama',
    layers: { rule: 'qwen', maxWindowLayers: 28 },
    window: 4096,
    reads: ['use_sliding_window', 'max_window_layers', 'sliding_window'],
    refuse: { dual_chunk_attention_config: 'is dual chunk attention (Qwen2.5-1M): transformers ignores it (plain positions), vLLM and SGLang rotate keys at p mod (chunk_size − local_size); name the engine ({ engine }, posenc engines)' },
    defaults: { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 32768, rope_theta: 10000, sliding_window: 4096 },
  },
  t5: {
    from: 't5/modeling_t5.py T5Attention._relative_position_bucket, compute_bias (has_relative_attention_bias on layer 0 of each stack); t5/configuration_t5.py T5Config',
    attention: 't5',
    t5: { buckets: 'relative_attention_num_buckets', maxDistance: 'relative_attention_max_distance', perLayer: false, encoder: 'num_layers', decoder: 'num_decoder_layers' },
    defaults: { relative_attention_num_buckets: 32, relative_attention_max_distance: 128, num_layers: 6 },
  },

  exaone4: {
    from: 'exaone4/configuration_exaone4.py Exaone4Config; exaone4/modeling_exaone4.py Exaone4Attention (RoPE when sliding_window is None or the layer slides)',
    like: 'llama',
    layers: { rule: 'exaone4' },
    nope: ['full_attention'],
    nopeUnlessNull: 'sliding_window',
    window: 4096,
    defaults: { hidden_size: 4096, num_attention_heads: 32, max_position_embeddings: 2048, sliding_window: 4096 },
  },
});
