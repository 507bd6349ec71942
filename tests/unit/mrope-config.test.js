// positionsFromConfig's `mrope`: the mrope-positions params a multimodal record names (record field
// `mrope`: its model's walk, config.mrope_layout as layout, vision_config's spatial_merge_size,
// tokens_per_second and temporal_merge_size, axes = len(mrope_section) for indexed_images), each with
// its source; errors name the config key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { isError } from '../errors.js';

const pe = await load();
const glmText = { model_type: 'glm4v_text', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2, partial_rotary_factor: 0.5,
  rope_parameters: { rope_type: 'default', rope_theta: 10000, mrope_section: [8, 12, 12] } };
const mropeSources = (r) => Object.fromEntries(Object.entries(r.sources).filter(([k]) => k.startsWith('mrope.')));

test('GLM-4V and Qwen-VL records name their walk; vision_config gives the merge size and tokens per second', () => {
  let r = pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, vision_config: { spatial_merge_size: 2 } });
  assert.deepEqual(r.mrope, { model: 'glm4v', spatialMergeSize: 2 });
  assert.deepEqual(mropeSources(r), { 'mrope.model': 'rule:glm4v', 'mrope.spatialMergeSize': 'vision_config.spatial_merge_size' });
  // the params compute as they are, with a sequence
  const ids = pe.compute('mrope-positions', { ...r.mrope, sequence: 'text:2 video:3x4x4/5 text:2' });
  assert.deepEqual(ids.shape, [3, 2 + 12 + 10 + 2]);
  const qwen = { model_type: 'qwen2_5_vl', vision_config: { spatial_merge_size: 2, tokens_per_second: 2 },
    text_config: { model_type: 'qwen2_5_vl_text', hidden_size: 1024, num_attention_heads: 8, num_hidden_layers: 2, rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] } } };
  r = pe.positionsFromConfig(qwen);
  assert.deepEqual(r.mrope, { model: 'qwen2.5-vl', spatialMergeSize: 2, tokensPerSecond: 2 });
  // a text-only model has none
  assert.equal(pe.positionsFromConfig({ model_type: 'llama', hidden_size: 1024, num_attention_heads: 8, num_hidden_layers: 2 }).mrope, null);
});

test('mrope_layout becomes layout; temporal_merge_size counts for interleaved_runs; indexed_images takes len(mrope_section) axes', () => {
  const vision = { spatial_merge_size: 2, temporal_merge_size: 2 };
  let r = pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, vision_config: vision, mrope_layout: 'interleaved_runs' });
  assert.deepEqual(r.mrope, { model: 'glm4v', layout: 'interleaved_runs', spatialMergeSize: 2, temporalMergeSize: 2 });
  assert.equal(mropeSources(r)['mrope.layout'], 'mrope_layout');
  r = pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, vision_config: vision });
  assert.deepEqual(r.mrope, { model: 'glm4v', spatialMergeSize: 2 });  // the model's own walk has no temporal merge
  r = pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, mrope_layout: 'indexed_images' });
  assert.deepEqual(r.mrope, { model: 'glm4v', layout: 'indexed_images', axes: 3 });
  assert.equal(mropeSources(r)['mrope.axes'], 'text_config.rope_parameters.mrope_section');
});

test('the audio layouts read position_id_per_seconds and audio_config.n_window', () => {
  const r = pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, mrope_layout: 'audio_merged', position_id_per_seconds: 13,
    audio_config: { n_window: 50 }, vision_config: { spatial_merge_size: 2 } });
  assert.deepEqual(r.mrope, { model: 'glm4v', layout: 'audio_merged', spatialMergeSize: 2, positionIdPerSeconds: 13, audioWindowSize: 50 });
  assert.equal(mropeSources(r)['mrope.audioWindowSize'], 'audio_config.n_window');
  const c = pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, mrope_layout: 'audio_chunked', position_id_per_seconds: 25, audio_config: { n_window: 50 } });
  assert.deepEqual(c.mrope, { model: 'glm4v', layout: 'audio_chunked', positionIdPerSeconds: 25 });
  assert.throws(() => pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, mrope_layout: 'audio_chunked', position_id_per_seconds: -1 }),
    isError('ERANGE', 'position_id_per_seconds'));
});

test('a layout posenc does not compute is a warning (the layers stand); a bad vision value is an error naming it', () => {
  const r = pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, mrope_layout: 'spiral_runs' });
  assert.equal(r.mrope, null);
  assert.ok(r.warnings.some((w) => w.field === 'mrope_layout' && w.message.includes('spiral_runs')), JSON.stringify(r.warnings));
  assert.equal(r.layers.length, 2);
  assert.throws(() => pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, vision_config: { spatial_merge_size: 0 } }),
    isError('ERANGE', 'vision_config.spatial_merge_size'));
  assert.throws(() => pe.positionsFromConfig({ model_type: 'glm4v', text_config: glmText, vision_config: { tokens_per_second: 'fast' } }),
    isError('EINVAL', 'vision_config.tokens_per_second'));
});
