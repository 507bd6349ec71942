// The explorer's "Open a .gguf file" in Debian's Chromium: GGUF files written by the tests' writer
// (a GPT-OSS-like YaRN file, a Phi-3-like file with rope_factors_long/short, hostile ones) set on the
// file input; the page's layer list and table equal pe.layersFromGGUF / pe.compute for the same
// bytes (node side), the page reads the header and the rope tensors only (its own figure, and every
// Blob.prototype.slice it made), and a refused file shows the message naming the key.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { writeGGUF, tensorBytes } from '../gguf-writer.js';
import { describeLayer } from '../../web/explorer/layers.js';
import { startExplorer, rendered, checkPixels, clean } from './harness.js';
import { CONFIGS } from '../fixtures/configs.js';

const pe = await load();
const PHI35 = CONFIGS.Phi_3_5_mini_instruct.config;

const f32 = (a) => new Uint8Array(Float32Array.from(a).buffer);
const kvOf = (arch, pairs) => [{ key: 'general.architecture', type: 'string', value: arch },
  ...pairs.map(([key, type, value]) => ({ key: `${arch}.${key}`, type, value }))];

// GPT-OSS converted (conversion: no truncate, sliding layers on even indices): no rope tensor
const OSS = writeGGUF({ kv: kvOf('gpt-oss', [['block_count', 'uint32', 24], ['context_length', 'uint32', 131072],
  ['embedding_length', 'uint32', 2880], ['attention.head_count', 'uint32', 64], ['attention.key_length', 'uint32', 64],
  ['rope.freq_base', 'float32', 150000], ['rope.scaling.type', 'string', 'yarn'], ['rope.scaling.factor', 'float32', 32],
  ['rope.scaling.original_context_length', 'uint32', 4096], ['attention.sliding_window', 'uint32', 128]]) }).bytes;

// Phi-3.5-mini converted: LongRoPE's factors as tensors, a vocabulary that makes the header longer
// than the first read (so it grows), and a 5 MB quantized weight after the rope tensors that the
// page must not touch.
const VOCAB = Array.from({ length: 12000 }, (_, i) => `tok_${i}_${'x'.repeat(i % 7)}`);
const Q_SHAPE = [3072, 3072];
const PHI = writeGGUF({
  kv: [...kvOf('phi3', [['block_count', 'uint32', 32], ['context_length', 'uint32', 131072], ['embedding_length', 'uint32', 3072],
    ['attention.head_count', 'uint32', 32], ['rope.dimension_count', 'uint32', 96], ['rope.freq_base', 'float32', 10000],
    ['rope.scaling.original_context_length', 'uint32', 4096],
    ['rope.scaling.attn_factor', 'float32', Math.sqrt(1 + Math.log(32) / Math.log(4096))], ['attention.sliding_window', 'uint32', 262144]]),
  { key: 'tokenizer.ggml.tokens', type: 'array<string>', value: VOCAB }],
  tensors: [
    { name: 'rope_factors_long.weight', type: 'F32', shape: [48], data: f32(PHI35.rope_scaling.long_factor) },
    { name: 'rope_factors_short.weight', type: 'F32', shape: [48], data: f32(PHI35.rope_scaling.short_factor) },
    { name: 'blk.0.attn_q.weight', type: 'Q4_0', shape: Q_SHAPE },
  ],
});

const readBack = (bytes) => {
  const g = pe.readGGUF(bytes);
  const tensors = Object.fromEntries(g.tensors.filter((t) => t.name.startsWith('rope_')).map((t) => [t.name, pe.ggufTensor(g, t.name, bytes)]));
  return { g, tensors };
};

let ex;
before(async () => { ex = await startExplorer(); });
after(async () => { await ex?.close(); });

// Every Blob.slice the page makes (File inherits it): [start, end] as asked.
function recordSlices() {
  const slice = Blob.prototype.slice;
  window.__slices = [];
  Blob.prototype.slice = function (start, end, type) {
    window.__slices.push([start, end]);
    return slice.call(this, start, end, type);
  };
}

const open = (page, name, bytes) => page.setInputFiles('#c-gguf', { name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
const listed = (page) => page.evaluate(() => [...document.querySelectorAll('#gguf .gguf-layer')].map((b) => ({
  index: Number(b.dataset.index), type: b.dataset.type, text: b.textContent, selected: b.getAttribute('aria-selected') === 'true',
})));
const shown = (page, n = 512) => page.evaluate((k) => Array.from(window.explorer.plane.data.slice(0, k)), n);
const params = (page) => page.evaluate(() => structuredClone(window.explorer.state.params));
const ropeOf = (p) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'positions'));

describe('Open a .gguf file', () => {
  test('GPT-OSS: 24 layers as llama.cpp computes them, the yarn.truncate rule, each layer\'s own table', async () => {
    const { page, problems } = await ex.open('?kind=rope', { before: (p) => p.addInitScript(recordSlices) });
    assert.equal(await rendered(page, () => open(page, 'gpt-oss-like.gguf', OSS)), 'ok');
    const { g } = readBack(OSS);
    const layers = pe.layersFromGGUF(g);
    const items = await listed(page);
    assert.deepEqual(items.map((l) => [l.index, l.type]), layers.map((l) => [l.index, l.type]));
    assert.deepEqual(items.map((l) => l.text), layers.map((l) => `${l.index}: ${describeLayer(l)}`));
    assert.deepEqual(items.filter((l) => l.selected).map((l) => l.index), [0]);
    const head = await page.textContent('#gguf h2');
    assert.match(head, /gpt-oss-like\.gguf: gpt-oss, 24 layers, as llama\.cpp computes it/);
    const rules = await page.$$eval('#gguf .gguf-rules li', (li) => li.map((x) => x.dataset.rule));
    assert.deepEqual(rules.sort(), [...new Set(layers.flatMap((l) => l.engine.rules.map((r) => r.rule)))].sort());
    assert.ok(rules.includes('yarn.truncate'));
    // the whole file is smaller than the first read: that is all it read, in one slice
    assert.match(await page.textContent('#gguf .gguf-read'), new RegExp(`^Read ${OSS.length.toLocaleString('en-US')} of ${OSS.length.toLocaleString('en-US')} bytes`));
    assert.deepEqual(await page.evaluate(() => window.explorer.ggufPanel.file.bytesRead), OSS.length);
    assert.deepEqual(await page.evaluate(() => window.__slices), [[0, OSS.length]]);

    // layer 0's params are in the controls and the table is pe.compute's for them
    const p0 = await params(page);
    assert.deepEqual(ropeOf(p0), structuredClone(layers[0].rope));
    assert.equal(p0.freqDtype, 'ggml');
    assert.equal(p0.ropeScaling.truncate, true);
    const want = (layer, p) => Array.from(pe.compute('rope', { ...pe.ropeFromGGUF(g, { layer }), positions: p.positions ?? 50 }).data.slice(0, 512));
    assert.deepEqual(await shown(page), want(0, p0));
    const pixels = await checkPixels(page);
    assert.deepEqual(pixels.bad, []);
    assert.ok(pixels.checked > 0);

    // a full-attention layer: its params and table follow, the URL carries the params, no config
    assert.equal(await rendered(page, () => page.click('#gguf .gguf-layer[data-index="1"]')), 'ok');
    const p1 = await params(page);
    assert.deepEqual(ropeOf(p1), structuredClone(layers[1].rope));
    assert.deepEqual(await shown(page), want(1, p1));
    assert.deepEqual((await listed(page)).filter((l) => l.selected).map((l) => l.index), [1]);
    assert.doesNotMatch(page.url(), /[?&]config=/);
    // the link keeps the params (not the file): it reopens the same table
    const again = await ex.open(new URL(page.url()).search);
    assert.deepEqual(ropeOf(await params(again.page)), ropeOf(p1));
    assert.deepEqual(await shown(again.page), want(1, p1));
    clean(again.problems);
    await again.page.close();
    assert.equal(await page.isHidden('#layers'), true);
    // a model preset's config replaces the file's list with its layer map
    assert.equal(await rendered(page, () => page.click('#preset-layers-gpt-oss')), 'ok');
    assert.equal(await page.isHidden('#gguf'), true);
    assert.equal(await page.isVisible('#layers'), true);
    clean(problems);
    await page.close();
  });

  test('Phi-3: LongRoPE factors from the tensors, chosen by the context; only the header and the rope tensors are read', async () => {
    const { page, problems } = await ex.open('?kind=rope', { before: (p) => p.addInitScript(recordSlices) });
    assert.equal(await rendered(page, () => open(page, 'phi3-like.gguf', PHI.bytes)), 'ok');
    const { g, tensors } = readBack(PHI.bytes);
    assert.ok(g.headerBytes > 65536, `header ${g.headerBytes}: the test needs it past the first read`);
    const layers = pe.layersFromGGUF(g, { tensors });
    assert.deepEqual((await listed(page)).map((l) => l.text), layers.map((l) => `${l.index}: ${describeLayer(l)}`));
    // trained context 131072 > 4096: the long factors, the values the file holds
    const p0 = await params(page);
    assert.deepEqual(ropeOf(p0), structuredClone(pe.ropeFromGGUF(g, { layer: 0, tensors })));
    assert.deepEqual(p0.ropeScaling.long_factor, Array.from(Float32Array.from(PHI35.rope_scaling.long_factor)));
    assert.deepEqual(await shown(page), Array.from(pe.compute('rope', { ...pe.ropeFromGGUF(g, { layer: 0, tensors }), positions: p0.positions ?? 50 }).data.slice(0, 512)));
    assert.ok((await page.$$eval('#gguf .gguf-rules li', (li) => li.map((x) => x.textContent))).some((t) => t.startsWith('longrope.switch') && t.includes('rope_factors_long')));

    // bytes read: the header and the two rope tensors, nothing of the quantized weight
    const q = g.tensors.find((t) => t.name === 'blk.0.attn_q.weight');
    assert.equal(q.end - q.begin, tensorBytes('Q4_0', Q_SHAPE));
    const rope = g.tensors.filter((t) => t.name.startsWith('rope_'));
    const expected = g.headerBytes + rope.reduce((a, t) => a + t.end - t.begin, 0);
    const file = await page.evaluate(() => window.explorer.ggufPanel.file);
    assert.equal(file.bytesRead, expected);
    assert.equal(file.fileSize, PHI.bytes.length);
    assert.deepEqual(file.tensors.sort(), ['rope_factors_long.weight', 'rope_factors_short.weight']);
    assert.match(await page.textContent('#gguf .gguf-read'), /the header and rope_factors_long\.weight, rope_factors_short\.weight/);
    const slices = await page.evaluate(() => window.__slices);
    assert.equal(slices.reduce((a, [s, e]) => a + e - s, 0), expected);
    assert.ok(slices.length > 2, `the header grew: ${JSON.stringify(slices)}`);
    for (const [s, e] of slices) assert.ok(e <= q.begin || s >= q.end, `slice ${s}..${e} touches the weight ${q.begin}..${q.end}`);
    assert.ok(Math.max(...slices.map(([, e]) => e)) < PHI.bytes.length / 2);

    // a context C refuses: said next to the field, the list and the view stay
    const before = await shown(page);
    await page.fill('#gguf-context', '0');
    await page.dispatchEvent('#gguf-context', 'change');
    assert.match(await page.textContent('#gguf-context-error'), /context = number 0 is not an integer in \[1, 2147483647\]/);
    assert.equal((await listed(page)).length, 32);
    assert.deepEqual(await shown(page), before);
    // a context per sequence of 4096: the short factors, the table follows
    assert.equal(await rendered(page, async () => {
      await page.fill('#gguf-context', '4096');
      await page.dispatchEvent('#gguf-context', 'change');
    }), 'ok');
    const short = pe.ropeFromGGUF(g, { layer: 0, tensors, context: 4096 });
    const ps = await params(page);
    assert.deepEqual(ropeOf(ps), structuredClone(short));
    assert.deepEqual(ps.ropeScaling.long_factor, Array.from(Float32Array.from(PHI35.rope_scaling.short_factor)));
    assert.deepEqual(await shown(page), Array.from(pe.compute('rope', { ...short, positions: ps.positions ?? 50 }).data.slice(0, 512)));
    // LongRoPE's factors travel in the link too
    const again = await ex.open(new URL(page.url()).search);
    assert.deepEqual(ropeOf(await params(again.page)), ropeOf(ps));
    clean(again.problems);
    await again.page.close();
    clean(problems);
    await page.close();
  });

  test('hostile files: the message names the key; the page keeps its view and reads the next file', async () => {
    const { page, problems } = await ex.open('?kind=rope');
    const error = async (name, bytes) => {
      await open(page, name, bytes);
      await page.waitForSelector('#gguf .gguf-error');
      return page.evaluate(() => {
        const e = document.querySelector('#gguf .gguf-error');
        return { message: e.textContent, param: e.dataset.param };
      });
    };
    const before = await shown(page);
    // n_rot past the head size: keys that contradict each other
    const odd = writeGGUF({ kv: kvOf('llama', [['block_count', 'uint32', 2], ['embedding_length', 'uint32', 4096],
      ['attention.head_count', 'uint32', 32], ['rope.dimension_count', 'uint32', 256]]) }).bytes;
    let e = await error('contradicts.gguf', odd);
    assert.equal(e.param, 'llama.rope.dimension_count');
    assert.match(e.message, /llama\.rope\.dimension_count = 256 is more than the head size 128/);
    // an architecture posenc has no layout for
    e = await error('mamba.gguf', writeGGUF({ kv: kvOf('mamba', [['block_count', 'uint32', 2]]) }).bytes);
    assert.equal(e.param, 'general.architecture');
    assert.match(e.message, /general\.architecture = "mamba"/);
    // a lying header: more tensor infos than the file could hold
    const liar = writeGGUF({ kv: kvOf('llama', [['block_count', 'uint32', 2]]) });
    const bytes = liar.bytes.slice();
    new DataView(bytes.buffer).setBigUint64(liar.at.nTensors, 1n << 40n, true);
    e = await error('liar.gguf', bytes);
    assert.equal(e.param, 'n_tensors');
    // a header longer than the page reads (its lower bound past maxHeader): refused before reading it
    await page.evaluate(() => { window.explorer.ggufPanel.maxHeader = 100000; });
    await page.evaluate(recordSlices);
    e = await error('phi3-like.gguf', PHI.bytes);
    assert.equal(e.param, 'maxHeader');
    assert.match(e.message, /needs at least \d+ bytes, past maxHeader = 100000/);
    const slices = await page.evaluate(() => window.__slices);
    assert.ok(slices.every(([, end]) => end <= 100000), JSON.stringify(slices));
    await page.evaluate(() => { window.explorer.ggufPanel.maxHeader = 64 * 2 ** 20; });
    // not a GGUF file at all
    e = await error('notes.gguf', new TextEncoder().encode('not a model, just text that is long enough'));
    assert.equal(e.param, 'magic');
    assert.deepEqual(await shown(page), before);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.status), 'ok');
    // and the next file reads
    assert.equal(await rendered(page, () => open(page, 'gpt-oss-like.gguf', OSS)), 'ok');
    assert.equal((await listed(page)).length, 24);
    assert.equal(await page.$('#gguf .gguf-error'), null);
    clean(problems);
    await page.close();
  });
});
