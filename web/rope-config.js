// The params pe.ropeFromConfig returns (the reading itself is web/core/architectures/reader.js, with
// every record of web/core/architectures/records), and which kinds can be set from them.
/** The parameters ropeFromConfig returns, every one of them always: a kind that takes them all can be set from a config. */
export const CONFIG_PARAMS = Object.freeze(['dim', 'base', 'partialRotaryFactor', 'layout', 'ropeScaling', 'maxPositionEmbeddings']);

/** Whether a kind (an entry of pe.kinds) takes every one of the CONFIG_PARAMS. */
export const takesConfig = (kind) => CONFIG_PARAMS.every((name) => kind.params.some((p) => p.name === name));
