// <posenc-heatmap> / <posenc-plot> (web/elements/), the iframe embed (web/embed.html) and the docs
// page example (web/examples/docs.html) in Debian's Chromium, served by web/tools/serve.js with
// its strict Content-Security-Policy (the harness records any violation as a problem).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { startBrowser, drawn } from './harness.js';
import { keysOf } from '../../web/views/options.js';
import { STYLE_BATCH } from '../../web/elements/element.js';

const pe = await load();
let server;
let app;
let chromium;
let page;
let problems;

before(async () => {
  app = await startBrowser();
  server = { url: app.url };
  chromium = { open: (url, options = {}) => app.open(url, { width: 1000, ...options }) };
  ({ page, problems } = await chromium.open(`${server.url}examples/docs.html`));
  await page.evaluate(() => customElements.whenDefined('posenc-plot'));
});
after(async () => {
  await app?.close();
});

// Page side: add an element with these attributes to a fresh container; resolves after its first
// render or error with { status, events } (events: the posenc-* events it fired).
function add(tag, attrs) {
  return page.evaluate(async ({ tag, attrs }) => {
    const box = document.createElement('div');
    box.className = 'test-box';
    document.body.append(box);
    const el = document.createElement(tag);
    el.id = `t${document.querySelectorAll('.test-box').length}`;
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    const events = [];
    for (const type of ['posenc-render', 'posenc-error']) {
      el.addEventListener(type, (e) => events.push({ type, detail: { ...e.detail, error: undefined } }));
    }
    const done = new Promise((ok) => {
      el.addEventListener('posenc-render', ok, { once: true });
      el.addEventListener('posenc-error', ok, { once: true });
    });
    box.append(el);
    el.scrollIntoView();  // elements render when near the viewport (web/elements/lazy.js)
    await done;
    window.__events ??= {};
    window.__events[el.id] = events;
    return { id: el.id, status: el.status, events };
  }, { tag, attrs });
}

// Page side: set properties of element #id in one task; wait a frame; the events since.
function change(id, props) {
  return page.evaluate(async ({ id, props }) => {
    const el = document.getElementById(id);
    const before = window.__events[id].length;
    for (const [k, v] of Object.entries(props)) el[k] = v;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return { status: el.status, events: window.__events[id].slice(before) };
  }, { id, props });
}

const kebab = (name) => name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
// rope-2d's style is an HTML attribute: the elements take it as pe-style (elements/attributes.js registryAttribute)
const attributeOf = (name) => (kebab(name) === 'style' ? 'pe-style' : kebab(name));

describe('docs page example (web/examples/docs.html)', () => {
  test('four elements (one comparing two configurations) and the iframe draw; the console stays clean', async () => {
    const shown = await page.evaluate(drawn, 'main posenc-heatmap, main posenc-plot');
    assert.equal(shown.length, 4);
    for (const s of shown) {
      assert.equal(s.status, 'ok', JSON.stringify(s));
      assert.ok(s.colours > 20, `${s.tag} looks blank: ${JSON.stringify(s)}`);
      assert.ok(s.width > 500 && s.height >= 300, JSON.stringify(s));
    }
    const frame = page.frameLocator('iframe.embed');
    await frame.locator('posenc-heatmap').waitFor();
    const inner = await (await page.$('iframe.embed')).contentFrame();
    const [embedded] = await inner.evaluate(drawn, 'posenc-heatmap');
    assert.equal(embedded.status, 'ok');
    assert.ok(embedded.colours > 20, JSON.stringify(embedded));
    // The embed posted its height and docs.js sized the iframe to it (the CSS said 420px).
    await page.waitForFunction(() => document.querySelector('iframe.embed').style.height !== '');
    const heights = await page.evaluate(() => parseFloat(document.querySelector('iframe.embed').style.height));
    const body = await inner.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
    assert.equal(heights, body);
    assert.notEqual(heights, 420);
    assert.deepEqual(problems, []);
  });

  test('clicking a heatmap column adds its line to the linked plot (posenc-column)', async () => {
    const box = await page.evaluate(() => {
      const heat = document.getElementById('sinusoid');
      const r = heat.view.cellRect(10, 30);
      const c = heat.view.canvas.getBoundingClientRect();
      return { x: c.left + (r.x + r.w / 2) / devicePixelRatio, y: c.top + (r.y + r.h / 2) / devicePixelRatio };
    });
    await page.mouse.click(box.x, box.y);
    await page.waitForFunction(() => document.getElementById('sinusoid-lines').view.chart.data.datasets.length === 5);
    const state = await page.evaluate(() => ({
      heat: document.getElementById('sinusoid').getAttribute('columns'),
      lines: document.getElementById('sinusoid-lines').view.chart.data.datasets.map((d) => d.column),
    }));
    assert.deepEqual(state, { heat: '0,1,10,20,30', lines: [0, 1, 10, 20, 30] });
  });
});

describe('attributes and properties', () => {
  test('generated from the registry: every parameter of every drawable kind, kebab-case', async () => {
    const observed = await page.evaluate(() => customElements.get('posenc-heatmap').observedAttributes);
    const expected = new Set();
    for (const k of pe.kinds.filter((k) => !k.input)) {
      for (const p of k.params) {
        if (p.type === 'object') {
          expected.add(attributeOf(p.name));  // the whole object as JSON (rope-scaling)
          for (const f of p.fields) if (!f.aliasOf) expected.add(attributeOf(f.name));
        }
        else expected.add(attributeOf(p.name));
      }
    }
    for (const a of expected) assert.ok(observed.includes(a), `missing attribute ${a}`);
    for (const a of ['rope-type', 'factor', 'original-max-position-embeddings', 'padding-idx', 'max-bias', 'partial-rotary-factor',
      'kind', 'colormap', 'dims', 'index']) assert.ok(observed.includes(a), a);
    // the rest is the view options table's keys and aliases (web/views/options.js) and loading (web/elements/lazy.js), nothing else
    assert.deepEqual(observed.filter((a) => !expected.has(a) && !a.startsWith('b-')).sort(),
      [...keysOf('element', { attributes: true }).keys(), 'loading'].sort());
    // compare mode: B's parameters and kind with the b- prefix, no view attribute
    assert.deepEqual(observed.filter((a) => a.startsWith('b-')).sort(), [...expected, 'kind'].map((a) => `b-${a}`).sort());
    assert.ok(!observed.includes('x'), "rope-apply's input is no attribute");
  });

  test('properties mirror attributes (typed), null removes', async () => {
    const { id } = await add('posenc-heatmap', { kind: 'rope', positions: '16', dim: '8' });
    const r = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const out = {};
      el.positions = 20;
      el.ropeType = 'yarn';
      el.factor = 4;
      el.dims = [0, 2];
      el.longFactor = [1, 2.5];
      out.attrs = ['positions', 'rope-type', 'factor', 'dims', 'long-factor'].map((a) => el.getAttribute(a));
      out.props = [el.positions, el.ropeType, el.factor, el.dims, el.longFactor, el.base, el.kind];
      el.longFactor = null;
      el.ropeType = undefined;
      out.removed = [el.hasAttribute('long-factor'), el.hasAttribute('rope-type'), el.ropeType];
      el.kind = 't5';
      el.bidirectional = false;
      out.bool = [el.getAttribute('bidirectional'), el.bidirectional];
      el.bidirectional = true;
      out.bool.push(el.getAttribute('bidirectional'), el.bidirectional);
      for (const a of ['positions', 'dim', 'factor', 'dims', 'bidirectional']) el.removeAttribute(a);
      return out;
    }, id);
    assert.deepEqual(r.attrs, ['20', 'yarn', '4', '0,2', '1,2.5']);
    assert.deepEqual(r.props, [20, 'yarn', 4, [0, 2], [1, 2.5], null, 'rope']);
    assert.deepEqual(r.removed, [false, false, null]);
    assert.deepEqual(r.bool, ['false', false, '', true]);
    const after = await change(id, {});
    assert.equal(after.status, 'ok');
  });

  test('every property reflects to an attribute and reads back: int[] and float[] comma-separated, objects as JSON', async () => {
    const { id } = await add('posenc-heatmap', { kind: 'rope', positions: '8', dim: '8' });
    const r = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const scaling = { rope_type: 'yarn', factor: 4, beta_fast: 32.5, original_max_position_embeddings: 4096 };
      el.positionIds = [0, 1, 5, 2, 3, 4, 6, 7];
      el.longFactor = new Float32Array([1, 1.5, 0.1]);
      el.ropeScaling = scaling;
      el.columns = [2, 3];
      el.config = { rope_theta: 5e5 };
      const attrs = ['position-ids', 'long-factor', 'rope-scaling', 'columns', 'config'].map((a) => el.getAttribute(a));
      const props = [el.positionIds, el.longFactor, el.ropeScaling, el.columns, el.config];
      // what a framework writes for an array (JSON) reads as the same numbers
      el.setAttribute('mrope-section', '[1, 1, 2]');
      el.setAttribute('dims', '[0, 3]');
      el.removeAttribute('columns');
      const json = [el.mropeSection, el.dims];
      for (const a of ['position-ids', 'long-factor', 'rope-scaling', 'config', 'mrope-section', 'dims']) el.removeAttribute(a);
      return { attrs, props, json, cleared: [el.ropeScaling, el.positionIds] };
    }, id);
    assert.deepEqual(r.attrs, ['0,1,5,2,3,4,6,7', `1,1.5,${Math.fround(0.1)}`,
      '{"rope_type":"yarn","factor":4,"beta_fast":32.5,"original_max_position_embeddings":4096}', '2,3', '{"rope_theta":500000}']);
    assert.deepEqual(r.props, [[0, 1, 5, 2, 3, 4, 6, 7], [1, 1.5, Math.fround(0.1)],
      { rope_type: 'yarn', factor: 4, beta_fast: 32.5, original_max_position_embeddings: 4096 }, [2, 3], '{"rope_theta":500000}']);
    assert.deepEqual(r.json, [[1, 1, 2], [0, 3]]);
    assert.deepEqual(r.cleared, [null, null]);
  });

  test('rope-scaling (JSON) draws what C computes for that object; a field\'s own attribute wins, for A and B', async () => {
    const scaling = { rope_type: 'linear', factor: 2 };
    const drawnA = await add('posenc-heatmap', { kind: 'rope', positions: '12', dim: '8', index: '1',
      'rope-scaling': JSON.stringify(scaling), factor: '3' });
    assert.equal(drawnA.status, 'ok', JSON.stringify(drawnA.events));
    assert.deepEqual(drawnA.events[0].detail.params.ropeScaling, { rope_type: 'linear', factor: 3 });
    const values = await page.evaluate((id) => {
      const v = document.getElementById(id).view.plane;
      return [v.value(5, 1), v.value(11, 3)];
    }, drawnA.id);
    const want = pe.compute('rope', { positions: 12, dim: 8, ropeScaling: { rope_type: 'linear', factor: 3 } });
    assert.deepEqual(values, [want.data[96 + 5 * 8 + 1], want.data[96 + 11 * 8 + 3]]);
    // B from its own JSON and field: A − B is C's difference of the two tables
    const diff = await add('posenc-heatmap', { kind: 'rope', positions: '12', dim: '8', index: '1', heat: 'diff',
      'rope-scaling': '{"rope_type":"linear","factor":3}', 'b-rope-scaling': '{"rope_type":"dynamic","factor":9}', 'b-factor': '2' });
    assert.equal(diff.status, 'ok', JSON.stringify(diff.events));
    const d = await page.evaluate((id) => document.getElementById(id).view.plane.value(11, 3), diff.id);
    const b = pe.compute('rope', { positions: 12, dim: 8, ropeScaling: { rope_type: 'dynamic', factor: 2 } });
    assert.equal(d, Math.fround(want.data[96 + 11 * 8 + 3] - b.data[96 + 11 * 8 + 3]));
    const bad = await add('posenc-heatmap', { kind: 'rope', 'rope-scaling': '[1, 2]' });
    assert.equal(bad.status, 'error');
    assert.deepEqual([bad.events[0].detail.attribute, bad.events[0].detail.code], ['rope-scaling', 'EINVAL']);
  });

  test('published attribute names are aliases: dims, and the explorer\'s cmap and lines, draw what columns and colormap draw', async () => {
    const hash = (id) => page.evaluate(async (id) => {
      const el = document.getElementById(id);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return [...new Uint8Array(await crypto.subtle.digest('SHA-256', readPixels(el.view.canvas)))].join();
    }, id);
    const base = { kind: 'sinusoidal', positions: '20', dim: '16' };
    const now = await add('posenc-heatmap', { ...base, colormap: 'viridis', columns: '2,5', 'row-label': 'R' });
    for (const old of [{ cmap: 'viridis', dims: '2,5', ylabel: 'R' }, { colormap: 'viridis', lines: '2,5', 'row-label': 'R' }]) {
      const r = await add('posenc-heatmap', { ...base, ...old });
      assert.equal(r.status, 'ok', JSON.stringify(r.events));
      assert.deepEqual(r.events[0].detail.columns, [2, 5]);
      assert.deepEqual(r.events[0].detail.dims, [2, 5]);
      assert.equal(await hash(r.id), await hash(now.id), JSON.stringify(old));
    }
    const plots = [];
    for (const spelling of ['columns', 'dims', 'lines']) {
      const { id } = await add('posenc-plot', { ...base, [spelling]: '0,3,7' });
      plots.push(await page.evaluate((id) => document.getElementById(id).view.chart.data.datasets.map((d) => d.column), id));
    }
    assert.deepEqual(plots, [[0, 3, 7], [0, 3, 7], [0, 3, 7]]);
    // Properties: every spelling reads the option; writing one replaces the others.
    const old = await add('posenc-heatmap', { ...base, dims: '4,6', cmap: 'rdbu' });
    const r = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const out = [el.columns, el.dims, el.lines, el.colormap, el.cmap];
      el.columns = [1];
      out.push(el.getAttribute('dims'), el.getAttribute('columns'), el.dims);
      return out;
    }, old.id);
    assert.deepEqual(r, [[4, 6], [4, 6], [4, 6], 'rdbu', 'rdbu', null, '1', [1]]);
    // The same option under two spellings is an error naming the last one.
    const twice = await add('posenc-plot', { ...base, dims: '1', columns: '2' });
    assert.equal(twice.status, 'error');
    assert.equal(twice.events[0].detail.attribute, 'columns');
  });

  test('many changes in one task render once', async () => {
    const { id } = await add('posenc-heatmap', { kind: 'sinusoidal', positions: '8', dim: '8' });
    const r = await change(id, { positions: 12, dim: 16, base: 100, variant: 'marian', colormap: 'viridis', offset: 3 });
    assert.deepEqual(r.events.map((e) => e.type), ['posenc-render']);
    assert.deepEqual(r.events[0].detail.shape, [12, 16]);
  });
});

describe('what the elements draw is what C computes', () => {
  test('heatmap cells have the colour pe.colormap gives the computed value (rope yarn, sin plane)', async () => {
    const attrs = { kind: 'rope', positions: '24', dim: '16', 'rope-type': 'yarn', factor: '4',
      'original-max-position-embeddings': '8', index: '1', colormap: 'cividis' };
    const { id, status } = await add('posenc-heatmap', attrs);
    assert.equal(status, 'ok');
    const r = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const heat = el.view;
      const copy = el.pe.compute('rope', { positions: 24, dim: 16, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 8 } });
      const plane = copy.data.subarray(24 * 16, 2 * 24 * 16);  // index 1: the sin table
      const [vmin, vmax] = heat.limits;
      const cm = el.pe.colormap(plane, { map: 'cividis', vmin, vmax });
      const want = cm.data.slice();
      cm.free();
      const c = heat.canvas;
      const img = readPixels(c);
      let bad = 0;
      for (let row = 0; row < 24; row++) {
        for (let col = 0; col < 16; col++) {
          const rect = heat.cellRect(row, col);
          const k = 4 * ((rect.y + (rect.h >> 1)) * c.width + rect.x + (rect.w >> 1));
          const e = 4 * (row * 16 + col);
          if (img[k] !== want[e] || img[k + 1] !== want[e + 1] || img[k + 2] !== want[e + 2]) bad++;
        }
      }
      return { bad, drawn: el.drawn, attentionFactor: copy.info.attentionFactor };
    }, id);
    assert.equal(r.bad, 0);
    assert.deepEqual(r.drawn.shape, [2, 24, 16]);
    assert.equal(r.drawn.index, 1);
    assert.deepEqual(r.drawn.params, { positions: 24, dim: 16, ropeScaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 8 } });
    assert.ok(Math.abs(r.attentionFactor - (0.1 * Math.log(4) + 1)) < 1e-6);  // yarn's get_mscale(4)
  });

  test('a plane taller than a canvas side (20000 rows) is shown whole, its last rows at the bottom', async () => {
    const { id, status } = await add('posenc-heatmap', { kind: 'relative', queries: '20000', keys: '3', colormap: 'viridis' });
    assert.equal(status, 'ok');
    const r = await page.evaluate((id) => {
      const el = document.getElementById(id);
      const heat = el.view;
      const rows = 20000, cols = 3;
      let last = rows - 1;  // the last row with pixels of its own (rows are thinner than a pixel)
      while (last > 0 && heat.cellRect(last, 1).h === 0) last--;
      const rect = heat.cellRect(last, 1);
      const c = heat.canvas;
      const img = readPixels(c);
      const k = 4 * ((rect.y + rect.h - 1) * c.width + rect.x + (rect.w >> 1));
      const table = el.pe.compute('relative', { queries: rows, keys: cols });
      const value = table.data[last * cols + 1];
      const [vmin, vmax] = heat.limits;
      // the colours of that row and of the last row a 16384-cell cap would have shown
      const cm = el.pe.colormap(new Int32Array([value, table.data[16383 * cols + 1]]), { map: 'viridis', vmin, vmax });
      const want = [...cm.data];
      cm.free();
      return { last, got: [...img.subarray(k, k + 3)], want: want.slice(0, 3), capped: want.slice(4, 7) };
    }, id);
    assert.ok(r.last >= 19900, `the bottom pixel row shows row ${r.last}`);
    assert.deepEqual(r.got, r.want);
    assert.notDeepEqual(r.got, r.capped);
  });

  test('plot lines are the dims columns along the rows, with the computed values', async () => {
    const { id } = await add('posenc-plot', { kind: 'sinusoidal', positions: '40', dim: '32', dims: '0,1,6' });
    const lines = await page.evaluate((id) => document.getElementById(id).view.chart.data.datasets
      .map((d) => ({ column: d.column, ys: d.data.map((p) => p.y) })), id);
    assert.deepEqual(lines.map((l) => l.column), [0, 1, 6]);
    for (const { column, ys } of lines) {
      assert.equal(ys.length, 40);
      const k = column >> 1;  // vaswani: PE[p, 2k] = sin(p w_k), PE[p, 2k + 1] = cos(p w_k), w_k = 10000^(-2k/32)
      ys.forEach((y, p) => {
        const ref = (column % 2 ? Math.cos : Math.sin)(p * 10000 ** (-2 * k / 32));
        assert.ok(Math.abs(y - ref) < 1e-6, `column ${column} row ${p}: ${y} vs ${ref}`);
      });
    }
    const plain = await add('posenc-plot', { kind: 'alibi-slopes', heads: '8' });
    const slopes = await page.evaluate((id) => document.getElementById(id).view.chart.data.datasets
      .map((d) => d.data.map((p) => p.y)), plain.id);
    assert.equal(slopes.length, 1);  // one column: the slopes along the heads
    assert.equal(slopes[0].length, 8);
    slopes[0].forEach((y, h) => assert.ok(Math.abs(y - 2 ** (-(h + 1))) < 1e-7));  // 2^(-8h/n), n = 8
  });

  // (its cells as shown: 'heatmap cells have the colour pe.colormap gives' above)
  test('a heatmap element shows its figure as a bitmap; its PNG export has the pixels shown', async () => {
    const { id } = await add('posenc-heatmap', { kind: 'alibi', heads: '4', queries: '12', index: '1' });
    const r = await page.evaluate(async (id) => {
      const h = document.getElementById(id).view;
      const shown = window.readPixels(h.canvas);
      const png = await createImageBitmap(await h.toBlob());
      const copy = new OffscreenCanvas(png.width, png.height).getContext('2d', { willReadFrequently: true });
      copy.drawImage(png, 0, 0);
      const exported = copy.getImageData(0, 0, png.width, png.height).data;
      let differ = 0, ink = 0;
      for (let i = 0; i < shown.length; i++) if (shown[i] !== exported[i]) differ++;
      for (let i = 0; i < shown.length; i += 4) if (shown[i] + shown[i + 1] + shown[i + 2] < 600) ink++;
      return { bitmap: h.canvas.getContext('2d') === null, size: [png.width, png.height, h.canvas.width, h.canvas.height], differ, ink };
    }, id);
    assert.equal(r.bitmap, true);
    assert.deepEqual(r.size.slice(0, 2), r.size.slice(2));
    assert.equal(r.differ, 0);
    assert.ok(r.ink > 10000, `${r.ink} inked pixels`);
  });

  test('the warm-up steps before a page\'s first heatmap and plot run cleanly and keep nothing', async () => {
    const r = await page.evaluate(async () => {
      const pe = document.querySelector('posenc-heatmap').pe;
      const { Chart } = await import('/views/chart.js');
      const kept = () => [pe.viewBytes, Object.keys(Chart.instances).length];  // tables in the heap, live charts
      const out = [];
      for (const view of ['heatmap', 'plot']) {
        const { warmups } = await import(`/views/${view}.js`);
        for (const step of warmups) {
          const before = kept();
          try {
            step(pe);
            out.push([view, 'ok', kept().map((k, i) => k - before[i])]);
          } catch (e) {
            out.push([view, String(e)]);
          }
        }
      }
      return out;
    });
    assert.deepEqual(r, [['heatmap', 'ok', [0, 0]], ['heatmap', 'ok', [0, 0]], ['plot', 'ok', [0, 0]], ['plot', 'ok', [0, 0]],
      ['plot', 'ok', [0, 0]]]);
  });

  test('all elements share one instance, the one load() returns', async () => {
    const same = await page.evaluate(async () => {
      const { load } = await import('/posenc.js');
      const pe = await load();
      return [...document.querySelectorAll('posenc-heatmap, posenc-plot')].every((e) => e.pe === pe);
    });
    assert.equal(same, true);
  });
});

describe("a model's config and layer (config, layer attributes)", () => {
  // google/gemma-3-12b-it config.json, the text model's RoPE fields (local layers 10000, global 1e6 with linear x8)
  const GEMMA3 = JSON.stringify({ model_type: 'gemma3', text_config: { model_type: 'gemma3_text', head_dim: 256, hidden_size: 3840,
    num_attention_heads: 16, num_hidden_layers: 12, rope_local_base_freq: 10000, rope_scaling: { factor: 8.0, rope_type: 'linear' },
    rope_theta: 1000000, sliding_window: 1024 } });
  test('the layer chosen by index or type sets the rope params of the drawn table', async () => {
    const drawnParams = (id) => page.evaluate((id) => document.getElementById(id).drawn.params, id);
    const want = (layer) => ({ ...pe.ropeFromConfig(JSON.parse(GEMMA3), { layer }), positions: 8 });
    const local = await add('posenc-heatmap', { kind: 'rope', positions: '8', config: GEMMA3, layer: '0' });
    assert.equal(local.status, 'ok');
    assert.deepEqual(await drawnParams(local.id), want(0));
    assert.equal((await drawnParams(local.id)).base, 10000);
    const global = await add('posenc-heatmap', { kind: 'rope', positions: '8', config: GEMMA3, layer: 'full_attention' });
    assert.equal(global.status, 'ok');
    assert.deepEqual(await drawnParams(global.id), want(5));
    assert.equal((await drawnParams(global.id)).base, 1e6);
    // two RoPEs and no layer: the error names the layer attribute
    const none = await add('posenc-heatmap', { kind: 'rope', positions: '8', config: GEMMA3 });
    assert.equal(none.status, 'error');
    assert.equal(none.events[0].detail.attribute, 'layer');
    const bad = await add('posenc-heatmap', { kind: 'rope', config: '{ "head_dim": ' });
    assert.equal(bad.events[0].detail.attribute, 'config');
  });
});

describe('errors', () => {
  const cases = [
    [{ kind: 'rope', dim: '63' }, 'dim', 'ERANGE'],
    [{ kind: 'rope', 'rope-type': 'yarn', factor: 'four' }, 'factor', 'EINVAL'],
    [{ kind: 'rope', 'rope-type': 'yarn', factor: '0' }, 'factor', 'ERANGE'],
    [{ kind: 'rope', 'rope-type': 'warp' }, 'rope-type', 'EINVAL'],
    [{ kind: 'rope', variant: 'vaswani' }, 'variant', 'EINVAL'],
    [{ kind: 'nope' }, 'kind', 'EINVAL'],
    [{ kind: 'rope-apply' }, 'kind', 'EINVAL'],
    [{ kind: 't5', bidirectional: 'maybe' }, 'bidirectional', 'EINVAL'],
    [{ kind: 'sinusoidal', colormap: 'jet' }, 'colormap', 'EINVAL'],
    [{ kind: 'sinusoidal', dim: '8', dims: '0,8' }, 'dims', 'ERANGE'],
    [{ kind: 'sinusoidal', dim: '8', dims: '0,1.5' }, 'dims', 'EINVAL'],
    [{ kind: 'alibi', heads: '8', index: '8' }, 'index', 'ERANGE'],
    [{ kind: 'rope', index: '-1' }, 'index', 'ERANGE'],
    [{ kind: 'relative', index: '1' }, 'index', 'ERANGE'],
    [{ kind: 'sinusoidal', positions: '1000000', dim: '4096' }, 'positions', 'ENOMEM'],
  ];
  for (const [attrs, attribute, code] of cases) {
    test(`${JSON.stringify(attrs)} → posenc-error naming ${attribute} (${code}) and a visible message`, async () => {
      for (const tag of ['posenc-heatmap', 'posenc-plot']) {
        const r = await add(tag, attrs);
        assert.equal(r.status, 'error');
        const err = r.events.find((e) => e.type === 'posenc-error');
        assert.ok(err, `${tag}: no posenc-error`);
        assert.equal(err.detail.attribute, attribute, err.detail.message);
        assert.equal(err.detail.code, code, err.detail.message);
        const [shown] = await page.evaluate(drawn, `#${r.id}`);
        assert.ok(shown.error && shown.error.includes(attribute), `${tag}: visible message: ${shown.error}`);
      }
    });
  }

  test('a bad change keeps the last good picture; fixing it clears the message', async () => {
    const { id } = await add('posenc-heatmap', { kind: 'alibi', heads: '4', queries: '16' });
    const hash = () => page.evaluate(async (id) => {
      const c = document.getElementById(id).view.canvas;
      const px = readPixels(c);
      return [...new Uint8Array(await crypto.subtle.digest('SHA-256', px))].join();
    }, id);
    const good = await hash();
    const bad = await change(id, { heads: 0 });
    assert.equal(bad.status, 'error');
    assert.equal(bad.events[0].detail.attribute, 'heads');
    assert.equal(await hash(), good);
    const fixed = await change(id, { heads: 4 });
    assert.equal(fixed.status, 'ok');
    const [shown] = await page.evaluate(drawn, `#${id}`);
    assert.equal(shown.error, null);
  });

  test('a moved element draws again; a removed one lets its table go', async () => {
    const { id } = await add('posenc-heatmap', { kind: 'xpos', positions: '30', dim: '16' });
    const r = await page.evaluate(async (id) => {
      const el = document.getElementById(id);
      const other = document.createElement('div');
      document.body.append(other);
      const again = new Promise((ok) => el.addEventListener('posenc-render', ok, { once: true }));
      other.append(el);  // disconnected and connected in one task
      await again;
      const moved = [el.status, el.shadowRoot.querySelectorAll('canvas').length];
      el.remove();
      await new Promise((ok) => setTimeout(ok, 0));
      return { moved, view: el.view };
    }, id);
    assert.deepEqual(r.moved, ['ok', 2]);
    assert.equal(r.view, null);
  });

  test('a removed multimodal element stops all its theme and resolution watches (grid and inset too)', async () => {
    const r = await page.evaluate(async () => {
      const proto = MediaQueryList.prototype;
      const [add, remove] = [proto.addEventListener, proto.removeEventListener];
      let live = 0, added = 0, observers = 0, observing = 0;
      proto.addEventListener = function (...a) { live++; added++; return add.apply(this, a); };
      proto.removeEventListener = function (...a) { live--; return remove.apply(this, a); };
      const Observer = window.MutationObserver;
      window.MutationObserver = class extends Observer {
        constructor(f) { super(f); observers++; observing++; }
        disconnect() { observing--; return super.disconnect(); }
      };
      try {
        const el = document.createElement('posenc-heatmap');
        el.setAttribute('kind', 'mrope-positions');
        el.setAttribute('sequence', 'text:2 image:1x2x2');
        const done = new Promise((ok) => el.addEventListener('posenc-render', ok, { once: true }));
        document.body.append(el);
        el.scrollIntoView();
        await done;
        const grid = el.shadowRoot.querySelector('.posenc-grid') !== null;
        el.remove();
        await new Promise((ok) => setTimeout(ok, 0));
        return { grid, added, live, observers, observing };
      } finally {
        Object.assign(proto, { addEventListener: add, removeEventListener: remove });
        window.MutationObserver = Observer;
      }
    });
    assert.ok(r.grid, 'the element made its grid and inset');
    assert.ok(r.added >= 3, `heatmap, grid and inset watched the scheme (${r.added} watches)`);
    assert.equal(r.live, 0);
    assert.ok(r.observers >= 3, `heatmap, grid and inset watched the page's theme attributes (${r.observers} observers)`);
    assert.equal(r.observing, 0);
  });

  test('errors are shown, not logged: the console is still clean', () => {
    assert.deepEqual(problems, []);
  });
});

describe("the page's theme, switched at run time", () => {
  // Page side: a docs theme's switch (a stylesheet keyed on <html>'s data-theme or dark class), a
  // plot and a heatmap drawn light; each step switches, waits a frame and reads what they drew.
  async function themed(steps) {
    const plot = await add('posenc-plot', { kind: 'sinusoidal', positions: '40', dim: '16', columns: '0,1' });
    const heat = await add('posenc-heatmap', { kind: 'relative', queries: '10' });
    return page.evaluate(async ({ plot, heat, steps }) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(`html[data-theme=dark] body, html.dark body, body[data-md-color-scheme=slate] {
        color: rgb(240, 240, 240); background: rgb(16, 16, 16); font-family: "DejaVu Serif", serif; }`);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      const p = document.getElementById(plot), h = document.getElementById(heat);
      const chart = p.view.chart;
      let updates = 0;
      const update = chart.update;
      chart.update = function (...a) { updates++; return update.apply(this, a); };
      const read = () => {
        const px = window.readPixels(chart.canvas);
        let light = 0;  // opaque near-white pixels: the dark theme's text (no line colour is that light)
        for (let i = 0; i < px.length; i += 4) if (px[i + 3] === 255 && px[i] >= 230 && px[i + 1] >= 230 && px[i + 2] >= 230) light++;
        return {
          title: chart.options.scales.x.title.color, legend: chart.options.plugins.legend.labels.color, light, updates,
          corner: [...window.readPixels(h.view.canvas).slice(0, 3)],
          fonts: [chart.scales.x.options.ticks.font.family, chart.scales.y.options.title.font.family, chart.legend.options.labels.font.family,
            // the font the tick labels are measured and drawn with (views/plot.js resolves it once per update)
            ...['x', 'y'].map((a) => chart.scales[a]._resolveTickFontOptions(0).family)],
          host: getComputedStyle(p).fontFamily,
        };
      };
      const html = document.documentElement;
      const act = {
        unrelated: () => html.classList.add('unrelated'),
        'data-theme': () => { html.dataset.theme = 'dark'; },
        'no data-theme': () => { delete html.dataset.theme; },
        'dark class': () => html.classList.add('dark'),
        'no dark class': () => html.classList.remove('dark'),
        'material slate': () => { document.body.dataset.mdColorScheme = 'slate'; },
        'material default': () => { document.body.dataset.mdColorScheme = 'default'; },
      };
      const out = [['start', read()]];
      try {
        for (const step of steps) {
          act[step]();
          await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
          out.push([step, read()]);
        }
      } finally {
        html.classList.remove('unrelated', 'dark');
        delete html.dataset.theme;
        delete document.body.dataset.mdColorScheme;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((x) => x !== sheet);
      }
      return Object.fromEntries(out);
    }, { plot: plot.id, heat: heat.id, steps });
  }

  test('data-theme, a dark class on <html> and MkDocs Material\'s body attribute restyle the plot and the heatmap', async () => {
    const r = await themed(['unrelated', 'data-theme', 'no data-theme', 'dark class', 'no dark class', 'material slate', 'material default']);
    const light = r.start;
    assert.equal(light.light, 0);
    assert.deepEqual(light.corner, [255, 255, 255]);  // the page's white behind the heatmap
    // a class that styles nothing: nothing is drawn again
    assert.equal(r.unrelated.updates, 0);
    assert.deepEqual(r.unrelated.corner, light.corner);
    let updates = 0;
    for (const step of ['data-theme', 'dark class', 'material slate']) {
      const d = r[step];
      assert.equal(d.updates, ++updates, `${step}: one redraw`);
      assert.equal(d.title, 'rgb(240, 240, 240)', step);
      assert.equal(d.legend, 'rgb(240, 240, 240)', step);
      assert.ok(d.light > 50, `${step}: the plot's labels are drawn light (${d.light} pixels)`);
      assert.deepEqual(d.corner, [16, 16, 16], `${step}: the heatmap's background`);
      assert.deepEqual(d.fonts, Array(5).fill(d.host), `${step}: the plot's font is the host's`);
      assert.equal(d.host, '"DejaVu Serif", serif');
      const back = r[{ 'data-theme': 'no data-theme', 'dark class': 'no dark class', 'material slate': 'material default' }[step]];
      assert.equal(back.updates, ++updates);
      assert.deepEqual([back.title, back.light, back.corner], [light.title, 0, light.corner], `${step} undone`);
      assert.deepEqual(back.fonts, Array(5).fill(light.host));
    }
    assert.notEqual(light.title, 'rgb(240, 240, 240)');
    assert.deepEqual(problems, []);
  });
});

describe('define() and sizing', () => {
  test('define() registers other tag names without touching the defaults; a taken name is refused', async () => {
    const r = await page.evaluate(async () => {
      const { define } = await import('/elements/define.js');
      const classes = await define({ heatmap: 'x-heat', plot: false });
      const again = await define({ heatmap: 'x-heat', plot: false });
      const el = document.createElement('x-heat');
      el.setAttribute('kind', 't5');
      el.setAttribute('queries', '20');
      const done = new Promise((ok) => el.addEventListener('posenc-render', (e) => ok(e.detail.shape), { once: true }));
      document.body.append(el);
      el.scrollIntoView();
      let refused = null;
      await define({ heatmap: 'posenc-heatmap', plot: 'x-heat' }).catch((e) => { refused = e.message; });
      return { shape: await done, same: classes.heatmap === again.heatmap && classes.plot === null,
        defined: !!customElements.get('x-heat'), refused };
    });
    assert.deepEqual(r.shape, [20, 20]);
    assert.equal(r.same, true);
    assert.equal(r.defined, true);
    assert.match(r.refused, /already taken/);
  });

  test('sized by CSS: blocks with default heights; a CSS height is filled', async () => {
    const { id } = await add('posenc-heatmap', { kind: 'sinusoidal' });
    const sizes = await page.evaluate(async (id) => {
      const el = document.getElementById(id);
      const box = (e) => [Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)];
      const out = { host: box(el), display: getComputedStyle(el).display, parent: box(el.parentElement) };
      el.parentElement.style.width = '600px';
      el.style.height = '250px';
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const root = el.shadowRoot.querySelector('.posenc-heatmap');
      out.after = box(el);
      out.figure = [el.view.canvas.clientWidth, el.view.canvas.clientHeight + el.shadowRoot.querySelector('output').offsetHeight];
      out.root = box(root);
      const plot = document.createElement('posenc-plot');
      document.body.append(plot);
      await new Promise((r) => plot.addEventListener('posenc-render', r, { once: true }));
      out.plot = [Math.round(plot.getBoundingClientRect().height), plot.view.chart.height];
      return out;
    }, id);
    assert.equal(sizes.display, 'block');
    assert.deepEqual(sizes.host, [sizes.parent[0], 360]);
    assert.deepEqual(sizes.after, [600, 250]);
    assert.deepEqual(sizes.figure, [600, 250]);
    assert.deepEqual(sizes.plot, [300, 300]);
  });
});

describe('iframe embed (web/embed.html)', () => {
  test('query keys are the attributes; both views by default; the height goes to the parent', async () => {
    const { page: p, problems: pr } = await chromium.open(`${server.url}embed.html?kind=rope&positions=64&dim=32&rope-type=linear&factor=2&dims=0,5&colormap=rdbu&bogus=1`);
    const shown = await p.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.deepEqual(shown.map((s) => [s.tag, s.status]), [['posenc-heatmap', 'ok'], ['posenc-plot', 'ok']]);
    for (const s of shown) assert.ok(s.colours > 20, JSON.stringify(s));
    const attrs = await p.evaluate(() => document.querySelector('posenc-plot').getAttribute('rope-type'));
    assert.equal(attrs, 'linear');
    assert.match(await p.textContent('#notice'), /Ignored: bogus/);
    assert.deepEqual(pr, []);
    await p.close();
  });

  test('older URL keys are read too (cmap, lines, title: a URL-only alias, set as heading)', async () => {
    const { page: p, problems: pr } = await chromium.open(`${server.url}embed.html?kind=sinusoidal&positions=20&dim=16&cmap=viridis&lines=0,3&title=T&view=both&figure-height=abc`);
    const shown = await p.evaluate(drawn, 'posenc-heatmap, posenc-plot');
    assert.deepEqual(shown.map((s) => s.status), ['ok', 'ok']);
    const r = await p.evaluate(() => [...document.querySelectorAll('posenc-heatmap, posenc-plot')].map((el) => [el.heading, el.colormap, el.drawn.columns]));
    assert.deepEqual(r, [['T', 'viridis', [0, 3]], ['T', 'viridis', [0, 3]]]);
    assert.match(await p.textContent('#notice'), /^Ignored: figure-height = "abc" is not an integer from 50 to 4000$/);
    assert.deepEqual(pr, []);
    await p.close();
  });

  test('height, the published key of figure-height, sizes the figure unless the kind has a height parameter', async () => {
    const heights = async (query) => {
      const { page: p, problems: pr } = await chromium.open(`${server.url}embed.html?${query}`);
      const shown = await p.evaluate(drawn, 'posenc-heatmap');
      assert.deepEqual(shown.map((s) => s.status), ['ok'], query);
      const r = await p.evaluate(() => {
        const el = document.querySelector('posenc-heatmap');
        return { css: el.style.height, attr: el.getAttribute('height'), paramHeight: el.drawn?.params?.height ?? null,
          notice: document.querySelector('#notice').hidden ? '' : document.querySelector('#notice').textContent };
      });
      assert.deepEqual(pr, [], query);
      await p.close();
      return r;
    };
    const figure = await heights('kind=t5&queries=30&view=heatmap&height=320');
    assert.equal(figure.css, '320px');
    assert.equal(figure.attr, null);
    assert.equal(figure.notice, '');
    const param = await heights('kind=sincos-2d&height=4&width=6&dim=8&view=heatmap');
    assert.equal(param.css, '');
    assert.equal(param.attr, '4');
    assert.equal(param.paramHeight, 4);
  });

  test('posts { type: "posenc:height", height } to its parent, again when the figure changes', async () => {
    const r = await page.evaluate(async (src) => {
      const messages = [];
      addEventListener('message', (e) => { if (e.data?.type === 'posenc:height') messages.push(e.data.height); });
      const f = document.createElement('iframe');
      f.src = src;
      document.body.append(f);
      const wait = (n) => new Promise((ok) => { const t = setInterval(() => { if (messages.length >= n) { clearInterval(t); ok(); } }, 20); });
      await wait(1);
      await new Promise((ok) => setTimeout(ok, 300));
      const first = messages.at(-1);
      const count = messages.length;
      f.contentDocument.querySelector('posenc-heatmap').style.height = '500px';
      await wait(count + 1);
      const body = Math.ceil(f.contentDocument.body.getBoundingClientRect().height);
      f.remove();
      return { first, last: messages.at(-1), body };
    }, '/embed.html?kind=t5&queries=30&view=heatmap&figure-height=300');
    assert.equal(r.last, r.body);
    assert.equal(r.last - r.first, 200);
  });

  test('a host that starts listening late asks { type: "posenc:height?" } and gets the height again', async () => {
    const r = await page.evaluate(async (src) => {
      const f = document.createElement('iframe');
      f.src = src;
      document.body.append(f);
      // no listener yet: wait until the embed has drawn (its posts went nowhere)
      await new Promise((ok) => { const t = setInterval(() => { if (f.contentDocument?.querySelector('posenc-heatmap')?.status === 'ok') { clearInterval(t); ok(); } }, 20); });
      await new Promise((ok) => setTimeout(ok, 300));
      const got = new Promise((ok) => addEventListener('message', (e) => { if (e.source === f.contentWindow && e.data?.type === 'posenc:height') ok(e.data.height); }));
      f.contentWindow.postMessage({ type: 'posenc:height?' }, '*');
      const height = await got;
      const body = Math.ceil(f.contentDocument.body.getBoundingClientRect().height);
      f.remove();
      return { height, body };
    }, '/embed.html?kind=t5&queries=30&view=heatmap&figure-height=300');
    assert.ok(r.body > 300, JSON.stringify(r));
    assert.equal(r.height, r.body);
  });
});

describe('many figures on one page (web/elements/lazy.js)', () => {
  const N = 40;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>many</title>
<script type="module" src="/elements.js"></script></head><body>
${Array.from({ length: N }, (_, i) => `<posenc-heatmap id="m${i}" kind="sinusoidal" positions="12" dim="8" offset="${7 * i}"></posenc-heatmap>`).join('\n')}
<posenc-plot id="eager" loading="eager" kind="sinusoidal" positions="12" dim="8" offset="999" columns="0,3"></posenc-plot>
</body></html>`;
  let p;
  before(async () => {
    ({ page: p } = await app.open('many.html', { width: 1000, height: 800, before: async (q) => {
      await q.route((u) => u.pathname === '/many.html', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
      await q.addInitScript(() => {
        window.__renders = [];
        addEventListener('posenc-render', (e) => window.__renders.push(e.target.id), true);
      });
    } }));
    await p.evaluate(() => customElements.whenDefined('posenc-heatmap'));
    await p.waitForFunction(() => document.getElementById('m0').status === 'ok' && document.getElementById('eager').status === 'ok');
  });
  after(() => p?.close());

  // Page side: the state of element #id: status, whether it rendered, its plane's values.
  const state = (id) => p.evaluate((id) => {
    const el = document.getElementById(id);
    return { status: el.status, loading: el.loading, rendered: window.__renders.includes(id),
      values: el.view?.plane ? [...el.view.plane.data] : null };
  }, id);
  const sinusoidal = (offset) => [...pe.compute('sinusoidal', { positions: 12, dim: 8, offset }).data];

  test('the figures in view draw; those far below do not compute; loading="eager" draws anywhere', async () => {
    const first = await state('m0');
    assert.equal(first.status, 'ok');
    assert.equal(first.loading, 'lazy');
    assert.deepEqual(first.values, sinusoidal(0));
    for (const id of ['m20', `m${N - 1}`]) assert.deepEqual(await state(id), { status: 'loading', loading: 'lazy', rendered: false, values: null }, id);
    const drawnCount = await p.evaluate(() => window.__renders.length);
    assert.ok(drawnCount < 10, `${drawnCount} figures drew: only those near the 800 px viewport should`);
    const eager = await p.evaluate(() => document.getElementById('eager').view.chart.data.datasets.map((d) => d.data.map((pt) => pt.y)));
    const values = sinusoidal(999);
    assert.deepEqual(eager, [0, 3].map((c) => values.filter((_, i) => i % 8 === c)));
  });

  test('hosts made at once take their height in batches, the first at once; an eager one draws sized', async () => {
    const n = 2 * STYLE_BATCH + 20;
    const r = await p.evaluate(async (n) => {
      const box = document.createElement('div');
      box.innerHTML = Array.from({ length: n }, (_, i) => `<posenc-heatmap kind="t5" queries="8"${i === n - 5 ? ' id="late" loading="eager"' : ''}></posenc-heatmap>`).join('');
      document.body.append(box);  // upgraded at once, far below the viewport
      const heights = () => [...box.children].map((e) => e.getBoundingClientRect().height);
      const atOnce = heights();
      let frames = 0;
      while (heights().some((h) => h !== 360) && frames < 600) {
        await new Promise((ok) => requestAnimationFrame(ok));
        frames++;
      }
      const late = document.getElementById('late');
      while (late.status === 'loading' && frames < 600) {
        await new Promise((ok) => requestAnimationFrame(ok));
        frames++;
      }
      const out = { atOnce, after: heights(), frames, late: [late.status, late.view?.canvas.getBoundingClientRect().height > 200] };
      box.remove();
      return out;
    }, n);
    assert.deepEqual(r.atOnce, Array.from({ length: n }, (_, i) => (i < STYLE_BATCH ? 360 : 0)));
    assert.deepEqual(r.after, Array(n).fill(360));
    assert.ok(r.frames < 600, `${r.frames} frames`);
    assert.deepEqual(r.late, ['ok', true]);
  });

  test('scrolled into view, a figure draws with its own values; a removed one never computes', async () => {
    await p.evaluate(() => document.getElementById('m30').remove());
    await p.evaluate(() => document.getElementById('m20').scrollIntoView());
    await p.waitForFunction(() => document.getElementById('m20').status === 'ok');
    assert.deepEqual((await state('m20')).values, sinusoidal(140));
    await p.evaluate(() => document.getElementById('m31').scrollIntoView());
    await p.waitForFunction(() => document.getElementById('m31').status === 'ok' && document.getElementById('m29').status === 'ok');
    assert.deepEqual((await state('m31')).values, sinusoidal(217));
    const removed = await p.evaluate(async () => {
      const el = document.getElementById('m30');
      await new Promise((r) => setTimeout(r, 100));
      return { inPage: !!el, rendered: window.__renders.includes('m30') };
    });
    assert.deepEqual(removed, { inPage: false, rendered: false });
    // the last one is still waiting (far below), and draws when it is reached
    assert.equal((await state(`m${N - 1}`)).status, 'loading');
  });

  test('a first chart is built in steps, blank until drawn; a change or a removal before the last step leaves none behind', async () => {
    // a page of its own: the steps' costs are not known yet, so each takes a turn of its own
    const one = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>steps</title>
<script type="module" src="/elements.js"></script></head><body>
<posenc-plot id="a" kind="sinusoidal" positions="12" dim="8" columns="0,1"></posenc-plot></body></html>`;
    const { page: q, problems } = await app.open('steps.html', { width: 1000, height: 800, before: async (x) => {
      await x.route((u) => u.pathname === '/steps.html', (r) => r.fulfill({ contentType: 'text/html; charset=utf-8', body: one }));
      await x.addInitScript(() => {
        window.__renders = [];
        addEventListener('posenc-render', (e) => window.__renders.push(e.target.id), true);
      });
    } });
    try {
      const r = await q.evaluate(async () => {
        await customElements.whenDefined('posenc-plot');
        const frame = () => new Promise((ok) => requestAnimationFrame(ok));
        // the frames where el's chart exists (Chart.js has sized its canvas to the element) but is
        // not drawn yet: at least one, and its canvas blank in each
        const midway = async (el) => {
          let held = 0, blank = true;
          for (let i = 0; i < 600 && el.status === 'loading'; i++) {
            const canvas = el.shadowRoot.querySelector('canvas');
            if (el.view && !el.view.chart && canvas?.width > 300) {
              held++;
              blank &&= window.readPixels(canvas).every((v) => v === 0);
              if (held === 2) return { blank };  // both steps after the bare chart seen: enough
            }
            await frame();
          }
          return held ? { blank } : null;
        };
        const a = document.getElementById('a');
        const seenA = await midway(a);
        a.setAttribute('columns', '2');  // before its chart is drawn: rendered again at once
        while (a.status !== 'ok') await frame();
        for (let i = 0; i < 10; i++) await frame();  // the steps left, were they run, would render again
        const lines = a.view.chart.data.datasets.map((d) => d.column);
        const b = document.createElement('posenc-plot');  // another kind: its steps' costs are not known either
        Object.assign(b, { id: 'b', kind: 'rope', positions: 16, dim: 8, columns: [0] });
        document.body.append(b);
        const seenB = await midway(b);
        b.remove();
        for (let i = 0; i < 10; i++) await frame();
        const away = { status: b.status, rendered: window.__renders.includes('b') };
        document.body.append(b);
        while (b.status === 'loading') await frame();
        return { seenA, lines, rendersOfA: window.__renders.filter((id) => id === 'a').length, seenB, away,
          b: [b.status, b.view.chart.data.datasets.length, window.__renders.filter((id) => id === 'b').length] };
      });
      assert.deepEqual(r.seenA, { blank: true }, 'a plot seen between its steps: no chart yet, a blank canvas');
      assert.deepEqual(r.lines, [2]);
      assert.equal(r.rendersOfA, 1, 'the change drew once; the first render\'s steps were dropped');
      assert.deepEqual(r.seenB, { blank: true });
      assert.deepEqual(r.away, { status: 'loading', rendered: false });
      assert.deepEqual(r.b, ['ok', 1, 1]);
      assert.deepEqual(problems, []);
    } finally {
      await q.close();
    }
  });
});
