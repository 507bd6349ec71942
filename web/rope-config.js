// ropeFromConfig: a model's config.json → the posenc rope params, read the way transformers reads them
// (configuration classes + RotaryEmbeddingConfigMixin.standardize_rope_params, transformers v5), for
// one layer or for every layer that shares them. The reading lives in model-config.js (with
// layersFromConfig); this module names the params it returns.
import { ropeFromConfig as fromModel } from './model-config.js';

/** The parameters ropeFromConfig returns, every one of them always: a kind that takes them all can be set from a config. */
export const CONFIG_PARAMS = Object.freeze(['dim', 'base', 'partialRotaryFactor', 'layout', 'ropeScaling', 'maxPositionEmbeddings']);

/** Whether a kind (an entry of pe.kinds) takes every one of the CONFIG_PARAMS. */
export const takesConfig = (kind) => CONFIG_PARAMS.every((name) => kind.params.some((p) => p.name === name));

/** config: a parsed config.json; options.layer: a layer type name or index. Returns the CONFIG_PARAMS
 * (and mropeSection/mropeInterleaved when the config and the registry have them), or null for a NoPE layer. */
export function ropeFromConfig(pe, config, options) {
  return fromModel(pe, config, options);
}
