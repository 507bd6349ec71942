// The architecture records: one per transformers model type (the checked-in list at the commit
// web/tools/architectures-table.js names), each well formed; the generated tables up to date; and a
// fuzz of the reader with configs built from every record's own fields: a PosencError naming a field
// or a result whose every scheme computes, never another exception.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { load, PosencError } from '../../web/posenc.js';
import { records, modelTypes, closest, FIELDS, SCHEMES } from '../../web/core/architectures/index.js';
import { fullTable, summary, DOC, SUMMARY_PAGE, BEGIN, END } from '../../web/tools/architectures-table.js';
import { parseConfigMapping, compare, configClassOf, report } from '../../web/tools/refresh-records.js';
import { mulberry32 } from '../random.js';

const pe = await load();
const RECORDS = records(), MODEL_TYPES = modelTypes();
const root = new URL('../../', import.meta.url);
const LISTED = readFileSync(new URL('web/core/architectures/model-types.txt', root), 'utf8').split('\n').filter(Boolean);
const RULES = ['all', 'every', 'qwen', 'qwen2_moe', 'exaone4', 'modernbert', 'llama4', 'smollm3', 'interval', 'period', 'list', 'chars', 'indices', 'deepseek_v4', 'first'];

test('every model type of transformers at the pinned commit has exactly one record, and no record names a type outside it', () => {
  assert.ok(LISTED.length > 600, `the list has ${LISTED.length} model types`);
  // named first: after refresh-records --write, the types still waiting for a record
  const missing = LISTED.filter((t) => !MODEL_TYPES.includes(t));
  assert.deepEqual(missing, [], `listed in model-types.txt without a record: ${missing.join(', ')}`);
  const extra = MODEL_TYPES.filter((t) => !LISTED.includes(t));
  assert.deepEqual(extra, [], `records of types model-types.txt does not list: ${extra.join(', ')}`);
  assert.deepEqual([...MODEL_TYPES], [...LISTED].sort());
});

// A made-up auto_mappings.py in the form transformers generates it: another mapping keyed by model
// type after it (not read), a commented-out pair (not a type), single quotes and a pair split over lines.
const MAPPINGS = `from collections import OrderedDict


CONFIG_MAPPING_NAMES = OrderedDict(
    [
        ("alpha", "AlphaConfig"),
        # ("commented", "CommentedConfig"),
        ("beta_v2", "BetaConfig"),
        ('gamma', 'GammaConfig'),
        (
            "delta",
            "DeltaConfig",
        ),
    ]
)

SPECIAL_MODEL_TYPE_TO_MODULE_NAME = OrderedDict(
    [
        ("epsilon", "alpha"),
    ]
)
`;

test('refresh-records reads CONFIG_MAPPING_NAMES alone from the Python text: pairs in order, comments and other mappings left out', () => {
  const m = parseConfigMapping(MAPPINGS);
  assert.deepEqual([...m], [['alpha', 'AlphaConfig'], ['beta_v2', 'BetaConfig'], ['gamma', 'GammaConfig'], ['delta', 'DeltaConfig']]);
  // configuration_auto.py of older commits types the call: OrderedDict[str, str](
  assert.deepEqual([...parseConfigMapping(MAPPINGS.replace('OrderedDict(\n', 'OrderedDict[str, str](\n'))], [...m]);
  assert.throws(() => parseConfigMapping('MODEL_MAPPING_NAMES = OrderedDict([("a", "A")])'), /no CONFIG_MAPPING_NAMES/);
  assert.throws(() => parseConfigMapping(MAPPINGS.replace('("gamma"', '("alpha"').replace("('gamma'", "('alpha'")), /alpha is listed twice/);
});

test('refresh-records: new, removed and renamed types against the list (a rename is a removed type whose config class is a new type\'s)', () => {
  // listed before: alpha (AlphaConfig), beta (BetaConfig: now under beta_v2), zeta (ZetaConfig: gone), gamma (class unknown)
  const classes = { alpha: 'AlphaConfig', beta: 'BetaConfig', zeta: 'ZetaConfig' };
  const d = compare(parseConfigMapping(MAPPINGS), ['alpha', 'beta', 'gamma', 'zeta'], (t) => classes[t]);
  assert.deepEqual(d.added, [{ type: 'delta', configClass: 'DeltaConfig' }]);
  assert.deepEqual(d.removed, ['zeta']);
  assert.deepEqual(d.renamed, [{ from: 'beta', to: 'beta_v2', configClass: 'BetaConfig' }]);
  assert.deepEqual(d.types, ['alpha', 'beta_v2', 'delta', 'gamma']);
  assert.equal(report(d), '4 model types; 1 new, 1 removed, 1 renamed\nnew      delta (DeltaConfig)\nremoved  zeta\nrenamed  beta -> beta_v2 (BetaConfig)\n');
  // without the classes a rename is a removal and an addition
  const blind = compare(parseConfigMapping(MAPPINGS), ['alpha', 'beta', 'gamma', 'zeta']);
  assert.deepEqual(blind.added.map((a) => a.type), ['beta_v2', 'delta']);
  assert.deepEqual(blind.removed, ['beta', 'zeta']);
  // the records name their config class in `from`: the script finds renames through them
  assert.equal(configClassOf(RECORDS.llama), 'LlamaConfig');
  assert.equal(configClassOf(RECORDS.aimv2), 'Aimv2Config');
  // the list and the records agree, so the list against itself is no change
  const same = compare(new Map(LISTED.map((t) => [t, configClassOf(RECORDS[t]) ?? t])), LISTED, (t) => configClassOf(RECORDS[t]));
  assert.deepEqual([same.added, same.removed, same.renamed], [[], [], []]);
});

test('every record is well formed: a source, known fields, an existing parent, a scheme or a reason', () => {
  for (const [k, r] of Object.entries(RECORDS)) {
    assert.equal(typeof r.from, 'string', `${k}.from`);
    assert.match(r.from, /\.py\b|\bmodeling|configuration/, `${k}.from names a file: ${r.from}`);
    for (const f of Object.keys(r)) assert.ok(f === 'modelType' || FIELDS.includes(f), `${k} has the unknown field ${f}`);
    if (r.unsupported) {
      assert.ok(typeof r.unsupported === 'string' && r.unsupported.length > 10, `${k}: a reason, not a word`);
      continue;
    }
    if (r.text) {
      assert.ok(!r.textType || RECORDS[r.textType], `${k}.textType ${r.textType} has a record`);
      continue;
    }
    assert.ok(SCHEMES.includes(r.attention), `${k}.attention = ${r.attention}`);
    for (const l of r.layers?.rule === 'first' ? r.layers.of : r.layers ? [r.layers] : []) assert.ok(RULES.includes(l.rule), `${k}.layers.rule = ${l.rule}`);
    for (const v of Object.values(r.kinds ?? {})) assert.ok(SCHEMES.includes(v) || v === 'attention', `${k}.kinds: ${v}`);
    if (r.layout) assert.ok(['neox', 'gptj'].includes(r.layout), `${k}.layout = ${r.layout}`);
    if (r.rotate) assert.ok(['first', 'last'].includes(r.rotate), `${k}.rotate = ${r.rotate}`);
    if (r.attention === 'alibi' || r.alibi?.flag) assert.ok(r.alibi?.heads, `${k}.alibi.heads`);
    if (r.attention === 't5') assert.ok(r.t5?.encoder, `${k}.t5.encoder`);
    if (r.input) assert.ok(['learned', 'sinusoidal'].includes(r.input.kind), `${k}.input.kind = ${r.input.kind}`);
  }
});

test('the supported-architectures page and the models page\'s summary are what the records generate (npm run readme)', () => {
  assert.equal(readFileSync(new URL(DOC, root), 'utf8'), fullTable());
  const page = readFileSync(new URL(SUMMARY_PAGE, root), 'utf8');
  assert.equal(page.slice(page.indexOf(BEGIN), page.indexOf(END) + END.length), summary());
});

test('an unknown, missing or miscased model type is refused naming model_type and the closest types; assume reads it with a warning', () => {
  const base = { hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2 };
  for (const [config, closest] of [[{ ...base, model_type: 'Gemma3' }, 'gemma3'], [{ ...base, model_type: 'lama' }, 'llama'], [{ ...base, model_type: 'qwen_2' }, 'qwen2']]) {
    assert.throws(() => pe.positionsFromConfig(config), (e) => e instanceof PosencError && e.code === 'EINVAL' && e.param === 'model_type' &&
      e.message.includes(`closest: ${closest}`), JSON.stringify(config.model_type));
    assert.throws(() => pe.ropeFromConfig(config), { code: 'EINVAL', param: 'model_type' });
    assert.throws(() => pe.layersFromConfig(config), { code: 'EINVAL', param: 'model_type' });
  }
  assert.throws(() => pe.positionsFromConfig(base), { code: 'EINVAL', param: 'model_type' });
  const s = pe.positionsFromConfig({ ...base, model_type: 'my_llama' }, { assume: 'llama' });
  assert.equal(s.family, 'llama');
  assert.equal(s.modelType, 'my_llama');
  assert.equal(s.layers[0].positions.params.dim, 128);
  assert.ok(s.warnings.some((w) => w.field === 'model_type' && /assume/.test(w.message)));
  assert.throws(() => pe.positionsFromConfig(base, { assume: 'not_a_type' }), { code: 'EINVAL', param: 'assume' });
});

test('a position-changing key the chosen record does not read is refused naming it, with assume and without', () => {
  const refused = (config, param, options) => assert.throws(() => pe.positionsFromConfig(config, options),
    (e) => e instanceof PosencError && e.code === 'EINVAL' && e.param === param && e.message.includes(`config.${param}`) && /does not read it/.test(e.message),
    `${param}${options ? ' with assume' : ''}`);
  // Phi-3-small (remote code phi3small: RoPE base rope_embedding_base 1e6, block-sparse attention with a dense
  // layer every dense_attention_every_n_layers) read as Phi-3 would have rotated at 1e4 over full attention
  const phi3small = { model_type: 'phi3small', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 32, max_position_embeddings: 8192,
    rope_embedding_base: 1000000, rope_position_scale: 1.0, rope_scaling: null, blocksparse_block_size: 64, blocksparse_num_local_blocks: 16,
    blocksparse_vert_stride: 8, blocksparse_homo_head_pattern: false, dense_attention_every_n_layers: 2 };
  refused(phi3small, 'rope_embedding_base', { assume: 'phi3' });
  const { rope_embedding_base: _b, ...sparse } = phi3small;
  refused(sparse, 'blocksparse_block_size', { assume: 'phi3' });
  const { blocksparse_block_size: _1, blocksparse_num_local_blocks: _2, blocksparse_vert_stride: _3, blocksparse_homo_head_pattern: _4, ...dense } = sparse;
  refused(dense, 'dense_attention_every_n_layers', { assume: 'phi3' });
  // rope_position_scale 1 and a rope_embedding_base equal to the base read change nothing
  const { dense_attention_every_n_layers: _5, ...plain } = dense;
  assert.equal(pe.positionsFromConfig({ ...plain, rope_embedding_base: 10000 }, { assume: 'phi3' }).layers[0].rope.base, 10000);
  // GLM-4 (remote code chatglm: base 10000 · rope_ratio) read as glm
  const glm4 = { model_type: 'chatglm', hidden_size: 4096, num_attention_heads: 32, num_layers: 40, kv_channels: 128, seq_length: 131072,
    rope_ratio: 500, multi_query_attention: true, multi_query_group_num: 2 };
  refused(glm4, 'rope_ratio', { assume: 'glm' });
  // a per-layer base where 0 is NoPE, read as granite, would have given layer 0 RoPE
  const swa = { model_type: 'granite_swa', hidden_size: 2048, num_attention_heads: 32, num_hidden_layers: 4, rope_theta: 10000,
    layer_rope_theta: [0, 10000, 10000, 10000] };
  refused(swa, 'layer_rope_theta', { assume: 'granite' });
  // without assume: a genuine model type carrying another family's key
  refused({ model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2, rope_ratio: 500 }, 'rope_ratio');
  refused({ model_type: 'qwen2', hidden_size: 3584, num_attention_heads: 28, num_hidden_layers: 2, use_dynamic_ntk: true }, 'use_dynamic_ntk');
  refused({ model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2, qk_rope_head_dim: 64 }, 'qk_rope_head_dim');
  refused({ model_type: 'mistral', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2, rope_local_base_freq: 10000, rope_theta: 1e6 }, 'rope_local_base_freq');
  // the family's own keys read, switches off and equal values pass
  assert.equal(pe.positionsFromConfig({ model_type: 'gemma3_text', num_hidden_layers: 2, rope_local_base_freq: 10000 }).layers[0].rope.base, 10000);
  assert.equal(pe.positionsFromConfig({ model_type: 'llama', hidden_size: 4096, num_attention_heads: 32, num_hidden_layers: 2, use_dynamic_ntk: false,
    alibi: false, rotary_pct: 1, position_embedding_type: 'absolute' }).layers.length, 2);
});

test('architectures resolves a remote-code model type by transformers\' class naming (Kimi-K2 is DeepseekV3ForCausalLM), with a warning', () => {
  const s = pe.positionsFromConfig({ model_type: 'kimi_k2', architectures: ['DeepseekV3ForCausalLM'], hidden_size: 7168, num_attention_heads: 64,
    num_hidden_layers: 2, qk_rope_head_dim: 64, qk_nope_head_dim: 128, rope_theta: 50000, max_position_embeddings: 131072 });
  assert.equal(s.family, 'deepseek_v3');
  assert.equal(s.sources.family, 'architectures');
  assert.equal(s.layers[0].positions.params.dim, 64);
  assert.equal(s.layers[0].positions.params.layout, 'gptj');  // DeepseekV3Config rope_interleave defaults to true
  assert.equal(s.layers[0].positions.rotate, 'last');
  assert.ok(s.warnings.some((w) => w.field === 'model_type' && /kimi_k2/.test(w.message)));
  // two architectures naming different types, or a class of no transformers type: refused
  assert.throws(() => pe.positionsFromConfig({ model_type: 'x', architectures: ['LlamaForCausalLM', 'Qwen2ForCausalLM'] }), { param: 'model_type' });
  assert.throws(() => pe.positionsFromConfig({ model_type: 'xverse', architectures: ['XverseForCausalLM'] }), { param: 'model_type' });
});

// A config built from a record's own fields: its defaults, the keys its rules and schemes read, each
// maybe replaced by a hostile value.
const HOSTILE = [null, -1, 0, 1.5, '4096', true, [], {}, 1e12, 'x'];
function configOf(type, r, rnd) {
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const c = { model_type: type, ...JSON.parse(JSON.stringify(r.defaults ?? {})) };
  c.num_hidden_layers ??= 1 + Math.floor(rnd() * 12);
  c.hidden_size ??= 64 * (1 + Math.floor(rnd() * 8));
  c.num_attention_heads ??= pick([1, 2, 4, 8]);
  const keys = [...Object.keys(c), r.layers?.key, r.layers?.period, r.layers?.offset, r.alibi?.heads, r.alibi?.flag, r.positionType,
    r.t5?.buckets, r.t5?.encoder, r.deberta?.buckets, r.deberta?.max, r.localBase, ...(r.reads ?? []), 'rope_scaling', 'layer_types', 'sliding_window']
    .filter((k) => typeof k === 'string' && !k.includes('.'));
  for (let j = 0; j < 1 + Math.floor(rnd() * 3); j++) c[pick(keys)] = pick(HOSTILE);
  return c;
}

test('fuzzed configs built from every record: a PosencError naming a config field (or model_type), or schemes that all compute', () => {
  const rnd = mulberry32(2026);
  let ok = 0, refused = 0;
  const types = Object.keys(RECORDS).filter((k) => !RECORDS[k].unsupported && !RECORDS[k].text);
  assert.ok(types.length > 100, `${types.length} records compute`);
  for (let i = 0; i < 4000; i++) {
    const type = types[i % types.length];
    const config = configOf(type, RECORDS[type], rnd);
    let s;
    try {
      s = pe.positionsFromConfig(config);
    } catch (e) {
      assert.ok(e instanceof PosencError, `${type} ${JSON.stringify(config)}: ${e.stack}`);
      assert.ok(typeof e.param === 'string' && e.param.length > 0, `${type}: ${e.message}`);
      refused++;
      continue;
    }
    for (const l of s.layers) {
      if (l.positions?.params) pe.shape(l.positions.kind, l.positions.kind === 'rope' ? { ...l.positions.params, positions: 4 } : l.positions.params);
    }
    if (s.input?.kind === 'sinusoidal') pe.shape('sinusoidal', s.input.params);
    ok++;
  }
  assert.ok(ok > 500 && refused > 500, `${ok} read, ${refused} refused`);
});

// closest() stops a comparison once it cannot beat the third nearest; this reference finishes every
// Levenshtein table and sorts all types by (distance, name), an exact squashed match first.
test('closest(): the three nearest model types by (distance, name), as a full sort of every finished distance gives them', () => {
  const squash = (x) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  const lev = (a, b) => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const cur = [i];
      for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
    return prev[b.length];
  };
  const reference = (name) => {
    const s = name.slice(0, 64).toLowerCase();
    return Object.keys(RECORDS).map((k) => [k, k === s || squash(k) === squash(s) ? -1 : lev(s, k)])
      .sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)).slice(0, 3).map(([k]) => k);
  };
  const rand = mulberry32(35);
  const letters = 'abcdefghijklmnopqrstuvwxyz_-0123456789';
  const names = ['hunyuan', 'Gemma3', 'qwen-2', 'mellum', '', 'x'.repeat(100), ...MODEL_TYPES.filter((_, i) => i % 7 === 0).map((t) => t.slice(1)),
    ...Array.from({ length: 150 }, () => Array.from({ length: 1 + Math.floor(rand() * 30) }, () => letters[Math.floor(rand() * letters.length)]).join(''))];
  for (const name of names) assert.deepEqual(closest(name), reference(name), JSON.stringify(name));
});
