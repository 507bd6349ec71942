// Remote-code model types: a config whose model_type transformers does not define, read with the
// modeling file the model ships (named in `from`, repository and path). Each starts from the
// transformers record that computes the same positions and says what differs.
export default () => ({
  // tiiuae/falcon-7b before transformers took it in: configuration_RW.py RWConfig (n_head, n_layer,
  // alibi), modelling_RW.py RotaryEmbedding (rotate_half) and build_alibi_tensor, as FalconConfig reads them
  RefinedWeb: {
    from: 'tiiuae/falcon-40b configuration_RW.py RWConfig, modelling_RW.py RotaryEmbedding, Attention (rotary unless alibi)',
    like: 'falcon',
  },
  RefinedWebModel: {
    from: 'tiiuae/falcon-7b configuration_RW.py RWConfig, modelling_RW.py RotaryEmbedding, Attention (rotary unless alibi)',
    like: 'falcon',
  },
});
