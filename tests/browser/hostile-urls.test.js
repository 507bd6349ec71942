// The explorer against 1,000 random and hostile query strings (issue 6, item 5): garbage and
// out-of-range numbers (NaN, ±Infinity, 1e309, hex, 400 digits), script and HTML fragments,
// javascript: URLs, RTL/NUL/lone surrogates, broken %-escapes, repeated, unknown and nested keys,
// values up to 200 kB. Seeded (POSENC_HOSTILE_SEED, printed on failure), so a failure replays;
// POSENC_HOSTILE_TOTAL=N runs fewer URLs, POSENC_HOSTILE_TIMES=1 prints where the time goes.
//
// Two browsers share the cases. 950 URLs go through the page's own URL handling
// (history.pushState + popstate, as Back/Forward do): in browser A on a document served WITHOUT
// its Content-Security-Policy, so that markup injected by the page would really run and show up
// as a dialog or a global. Browser B makes 50 full page loads with the CSP, then takes its share
// of the in-document URLs.
// For every URL: no console error or warning, no uncaught exception, no dialog, no request
// outside the page's own files, no element or on* attribute that the page did not make; a view is
// drawn (status ok); every control holds a value its parameter accepts (registry range or choice,
// or the default) that is also what was drawn; a URL that asked for anything invalid shows a
// message; a URL without a message is shown exactly as asked; the address bar ends up holding a
// clean URL that parses back to the same state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { startExplorer } from './harness.js';
import { prng, generator, oracle, MAX_LINES } from './hostile-urls.js';

const SEED = Number(process.env.POSENC_HOSTILE_SEED ?? 20261129);
const TOTAL = Number(process.env.POSENC_HOSTILE_TOTAL ?? 1000);
const FULL_LOADS = 50;
const DEFAULT_LINES = [0, 1, 2, 3];

const pe = await load();
const drawable = pe.kinds.filter((k) => !k.input);

// ---------------------------------------------------------------------------------------------
// Page side (an init script): a MutationObserver that records every dangerous element or
// attribute from the start, and __probe(search), which navigates in-document (or, with null,
// reads the state after a full load) and reports everything the checks need.

function pageInit() {
  window.__initialSearch = location.search;
  const DANGER = new Set(['SCRIPT', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'IMG', 'SVG', 'MATH', 'BASE', 'META', 'LINK',
    'STYLE', 'A', 'AUDIO', 'VIDEO', 'SOURCE', 'FORM', 'TEMPLATE', 'PORTAL', 'IMAGE']);
  const log = (window.__hostile = { injected: [], console: [] });
  // Console errors, warnings, uncaught errors and dialogs, attributed to the URL being probed
  // (the Node side also listens, as a backstop for what does not pass through here).
  for (const m of ['error', 'warn']) {
    const original = console[m];
    console[m] = (...args) => { log.console.push(`${m}: ${args.map(String).join(' ')}`); original.apply(console, args); };
  }
  for (const m of ['alert', 'confirm', 'prompt']) {
    const original = window[m];
    window[m] = (...args) => { log.console.push(`${m}(${args.map(String).join(', ')})`); return original.apply(window, args); };
  }
  addEventListener('error', (e) => log.console.push(`uncaught: ${e.message}`));
  addEventListener('unhandledrejection', (e) => log.console.push(`unhandled rejection: ${e.reason}`));
  // Event handlers, and script URLs where a URL is loaded or followed (a value="javascript:" is text).
  const URLS = new Set(['href', 'src', 'srcdoc', 'action', 'formaction', 'data', 'xlink:href', 'poster', 'background', 'ping', 'codebase']);
  const attrBad = (name, value) => /^on/i.test(name) || (URLS.has(name.toLowerCase()) && /^\s*(javascript|data|vbscript):/i.test(value ?? ''));
  window.__attrBad = attrBad;
  const watch = (el) => {
    if (el.nodeType !== 1) return;
    // The static page's own elements (before the first render) are in its HTML; later ones are not,
    // except the explain panel's formula and source links: markup of web/views/explain.js's
    // constants, chosen by the kind's name (its links are still checked below).
    const explained = el.closest?.('#explain') && ['MATH', 'A'].includes(el.tagName.toUpperCase());
    if (window.explorer && DANGER.has(el.tagName.toUpperCase()) && !explained) log.injected.push(`<${el.tagName.toLowerCase()}>`);
    for (const a of el.attributes) if (attrBad(a.name, a.value)) log.injected.push(`${el.tagName}[${a.name}=${a.value.slice(0, 40)}]`);
    for (const c of el.children) watch(c);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(watch);
      else if (attrBad(r.attributeName, r.target.getAttribute(r.attributeName))) log.injected.push(`${r.target.tagName}[${r.attributeName}]`);
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });

  const frame = () => new Promise((r) => requestAnimationFrame(r));
  window.__probe = async (search) => {
    const ex = window.explorer;
    let seen = window.__initialSearch;
    const t0 = performance.now();
    if (search !== null) {
      const before = ex.renders;
      history.pushState(null, '', search === '' || search === '?' ? location.pathname : search);
      seen = location.search;
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
      const t0 = performance.now();
      while (ex.renders <= before) {
        if (performance.now() - t0 > 20000) return { seen, timeout: true };
        await frame();
      }
    }
    for (const t2 = performance.now(); ex.urlPending;) {  // the address bar follows within 100 ms (web/explorer/main.js)
      if (performance.now() - t2 > 20000) return { seen, timeout: true };
      await frame();
    }
    const t1 = performance.now();
    const state = ex.state;
    const plane = ex.plane;
    const errors = [...document.querySelectorAll('[data-error]')].filter((e) => !e.hidden && e.textContent)
      .map((e) => ({ path: e.dataset.error, text: e.textContent }));
    const controls = [...document.querySelectorAll('#controls .row[data-path]')].map((row) => {
      const w = row.querySelector('.inputs [id]');
      return { path: row.dataset.path, tag: w.tagName, type: w.type, value: w.value, checked: w.checked };
    });
    const bad = [];
    for (const el of document.querySelectorAll('*')) {
      for (const a of el.attributes) if (window.__attrBad(a.name, a.value)) bad.push(`${el.tagName}[${a.name}]`);
    }
    const counts = {};
    for (const t of ['script', 'iframe', 'object', 'embed', 'img', 'svg', 'math', 'base', 'meta', 'link', 'style', 'a', 'template', 'form']) {
      // the explain panel's formula and links follow the kind (web/views/explain.js's constants)
      counts[t] = [...document.getElementsByTagName(t)].filter((e) => !e.closest('#explain')).length;
    }
    const { fromQuery, toQuery } = await import('/explorer/state.js');
    const again = fromQuery(location.search, ex.pe);
    const injected = log.injected.splice(0);
    return {
      seen,
      after: location.search,
      status: document.documentElement.dataset.status,
      state: JSON.parse(JSON.stringify(state)),
      plane: plane && { kind: plane.kind, rows: plane.rows, cols: plane.cols, lead: plane.lead && { size: plane.lead.size, index: plane.lead.index } },
      errors,
      controls,
      bad,
      counts,
      injected,
      console: log.console.splice(0),
      pwned: window.__pwned !== undefined || document.title !== 'posenc explorer',
      again: { problems: again.problems.map((p) => p.message), query: toQuery(again.state) },
      ms: [t1 - t0, performance.now() - t1],
    };
  };
  window.__probeMany = async (list) => {
    const out = [];
    for (const search of list) out.push(await window.__probe(search));
    return out;
  };
}

// ---------------------------------------------------------------------------------------------
// Node side: the checks.

function paramAt(kind, path) {
  const [name, field] = path.split('.');
  const p = kind.params.find((x) => x.name === name);
  return field === undefined ? p : p?.fields?.find((f) => f.name === field);
}
const stateValue = (state, path) => path.split('.').reduce((o, k) => (o === undefined ? undefined : o[k]), state.params);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Problems with the controls: each must hold a value its parameter accepts, equal to the drawn state. */
function controlProblems(r) {
  const out = [];
  const kind = pe.kinds.find((k) => k.name === r.state.kind);
  const say = (c, why) => out.push(`${c.path} = ${JSON.stringify(c.value.slice(0, 60))}: ${why}`);
  for (const c of r.controls) {
    const v = c.value;
    if (c.path === 'kind') {
      if (!drawable.some((k) => k.name === v) || v !== r.state.kind) say(c, 'not the drawn kind');
    } else if (c.path === 'colormap') {
      if (!pe.colormaps.some((m) => m.name === v) || v !== r.state.colormap) say(c, 'not the drawn colormap');
    } else if (c.path === 'vmin' || c.path === 'vmax') {
      const n = v === '' ? null : Number(v);
      if ((n !== null && !Number.isFinite(n)) || n !== r.state[c.path]) say(c, 'not a finite limit or not the drawn one');
    } else if (c.path === 'columns') {
      const list = v.split(/[\s,]+/).filter(Boolean).map(Number);
      if (list.some((n) => !Number.isInteger(n) || n < 0 || n >= r.plane.cols)) say(c, `a column outside 0..${r.plane.cols - 1}`);
      if (new Set(list).size !== list.length || list.length > MAX_LINES) say(c, 'repeated columns or too many');
      if (!same(list, r.state.columns)) say(c, 'not the drawn columns');
    } else if (c.path === 'index') {
      const n = Number(v);
      if (!r.plane.lead || !Number.isInteger(n) || n < 0 || n >= r.plane.lead.size || n !== r.plane.lead.index) say(c, 'not the drawn plane');
    } else if (['heading', 'rowLabel', 'columnLabel', 'valueLabel'].includes(c.path)) {
      if (v !== (r.state[c.path] ?? '')) say(c, 'not the label in the state');
    } else if (['config', 'model', 'gguf'].includes(c.path)) {  // inputs of the model, not of the view
      continue;
    } else {
      const p = paramAt(kind, c.path);
      if (!p) {
        say(c, 'a control for no parameter');
        continue;
      }
      const s = stateValue(r.state, c.path);
      if (p.type === 'bool') {
        if (c.checked !== (s ?? p.default)) say(c, 'checkbox differs from the state');
      } else if (p.type === 'enum') {
        if (!p.choices.includes(v) || v !== (s ?? p.default)) say(c, 'not a choice, or not the drawn one');
      } else if (p.type === 'string') {
        if (v !== (s ?? '')) say(c, 'not the text in the state');
      } else if (p.type === 'float[]' || p.type === 'int[]') {  // an int[] default (axesDim) shows as unset: C applies it
        const list = v.trim() === '' ? undefined : v.split(/[\s,]+/).filter(Boolean).map(Number);
        if (list?.some((n) => !Number.isFinite(n) || n < p.min || n > p.max)) say(c, 'an element out of range');
        if (!same(list, s)) say(c, 'not the drawn list');
      } else if (v === '') {
        if (p.default !== null || s !== undefined) say(c, 'empty, but the parameter has a value');
      } else {
        const n = Number(v);
        if (!Number.isFinite(n) || n < p.min || n > p.max || (p.type === 'int' && !Number.isInteger(n))) say(c, `outside [${p.min}, ${p.max}]`);
        if (n !== (s ?? p.default)) say(c, 'not the drawn value');
      }
    }
  }
  return out;
}

// Two browsers (a background tab's animation frames are throttled; two front tabs run in parallel).
let lanes;
before(async () => { lanes = await Promise.all([startExplorer(), startExplorer()]); });
after(async () => { await Promise.all((lanes ?? []).map((ex) => ex.close())); });

test(`${TOTAL} random and hostile explorer URLs (seed ${SEED})`, { timeout: 400_000 }, async () => {
  const allowed = new Set();  // the paths a clean load requests
  let learning = true;
  // A page that records dialogs, requests outside `allowed`, console problems; with the probe.
  async function open(ex, before) {
    const dialogs = [];
    const requests = [];
    const opened = await ex.open('', {
      network: false,  // requests are checked below, by path
      width: 900,  // a smaller page paints faster; the layout is the same
      height: 700,
      before: async (page) => {
        page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
        page.on('request', (req) => {
          const u = new URL(req.url());
          const own = u.origin === new URL(ex.url).origin;
          if (learning && own) allowed.add(u.pathname);
          else if (!own || !allowed.has(u.pathname)) requests.push(req.url().slice(0, 120));
        });
        await page.addInitScript(pageInit);
        await before?.(page);
      },
    });
    return { ...opened, ex, dialogs, requests };
  }

  // Lane B: full loads with the server's CSP, then in-document navigation like lane A.
  const b = await open(lanes[1]);
  await b.page.waitForLoadState('networkidle');
  learning = false;
  assert.ok(allowed.has('/core/wasm-bytes.js') && allowed.has('/explorer/main.js'), [...allowed].join(' '));  // the module comes embedded
  // Lane A: in-document navigation on a page served WITHOUT the CSP (see the header comment).
  const a = await open(lanes[0], (page) => page.route((u) => u.pathname === '/', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    assert.ok(headers['content-security-policy'], 'the server sends a CSP');
    delete headers['content-security-policy'];
    await route.fulfill({ response, headers });
  }));
  const baseline = (await a.page.evaluate(() => window.__probe(null))).counts;  // the page's own structure
  const inlineRuns = await a.page.evaluate(async () => {
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1';
    document.head.append(s);
    s.remove();
    const ran = window.__inline === 1;
    delete window.__inline;
    await new Promise((r) => setTimeout(r));
    const seen = window.__hostile.injected.splice(0);
    return ran && seen.includes('<script>');  // and the observer saw it
  });
  assert.ok(inlineRuns, 'lane A runs inline script (no CSP) and the observer reports it: an injection would show');

  const random = prng(SEED);
  const next = generator(pe, random);
  const step = Math.floor(TOTAL / FULL_LOADS);
  const cases = Array.from({ length: TOTAL }, (_, i) => ({ i, full: i % step === 0 && i / step < FULL_LOADS }));
  // Full loads: values up to 300 characters (the server takes 16 kB of headers); in-document: up
  // to 2,000, one in 20 up to 20,000 (a 200 kB URL once encoded).
  for (const c of cases) c.query = next(c.full ? 300 : random() < 0.05 ? 20_000 : 2000);
  let invalidCount = 0;
  let withErrors = 0;
  const started = Date.now();
  const timing = process.env.POSENC_HOSTILE_TIMES ? [] : null;

  const describe = (c) => `seed ${SEED}, case ${c.i} (${c.full ? 'full load' : 'in-document'}): ${JSON.stringify(c.query.slice(0, 300))}`;
  // What the browser reported to Node since the last call: attributed to these cases.
  function backstop(batch, lane) {
    const where = batch.map(describe).join('\n  or ');
    assert.deepEqual(lane.problems.splice(0), [], `console errors/warnings: ${where}`);
    assert.deepEqual(lane.dialogs.splice(0), [], `dialogs: ${where}`);
    assert.deepEqual(lane.requests.splice(0), [], `requests outside the page's files: ${where}`);
  }

  function check(c, r) {
    const where = describe(c);
    assert.ok(!r.timeout, `no render, or no address-bar write, within 20 s: ${where}`);
    assert.deepEqual(r.console, [], `console errors/warnings, uncaught errors, dialogs: ${where}`);
    assert.deepEqual(r.injected, [], `injected elements/attributes: ${where}`);
    assert.deepEqual(r.bad, [], `on*/javascript: attributes: ${where}`);
    assert.deepEqual(r.counts, baseline, `element counts: ${where}`);
    assert.equal(r.pwned, false, `script ran: ${where}`);
    assert.equal(r.status, 'ok', `a view is drawn: ${where} ${JSON.stringify(r.errors).slice(0, 400)}`);
    assert.equal(r.plane?.kind, r.state.kind, `the drawn plane is the state's: ${where}`);
    assert.deepEqual(controlProblems(r), [], `controls: ${where}`);

    const { invalid, want } = oracle(pe, r.seen);
    if (invalid.length) invalidCount++;
    if (r.errors.length) withErrors++;
    if (invalid.length) assert.ok(r.errors.length, `no message for ${invalid.join('; ')}: ${where}`);
    for (const e of r.errors) assert.ok(e.text.length <= 2000, `message of ${e.text.length} characters: ${where}`);
    if (!r.errors.length) {
      // Nothing was said, so nothing was changed: the view is exactly what the URL asked for.
      const columns = want.columns ?? DEFAULT_LINES.filter((x) => x < r.plane.cols);
      const labels = (o) => [o.heading, o.rowLabel, o.columnLabel, o.valueLabel];
      assert.ok(same(
        [r.state.kind, r.state.params, r.state.colormap, r.state.vmin, r.state.vmax, r.state.index, r.state.columns, ...labels(r.state)],
        [want.kind, want.params, want.colormap, want.vmin, want.vmax, want.index, columns, ...labels(want)],
      ), `state ${JSON.stringify(r.state).slice(0, 300)} differs from the URL's ${JSON.stringify(want).slice(0, 300)}: ${where}`);
    }
    // The address bar now holds the drawn state, and it parses back without a problem (a page
    // loaded without a query keeps its bare address).
    assert.deepEqual(r.again.problems, [], `the rewritten URL ${r.after.slice(0, 200)}: ${where}`);
    if (!(c.full && r.seen === '' && r.after === '')) assert.equal(r.again.query, r.after, `the rewritten URL round-trips: ${where}`);
  }

  // In-document cases in batches (one round trip for several URLs; each is still checked alone).
  const queue = cases.filter((x) => !x.full);
  async function inDocument(lane) {
    for (let batch; (batch = queue.splice(0, 5)).length;) {
      const t0 = Date.now();
      const reports = await lane.page.evaluate((list) => window.__probeMany(list), batch.map((c) => c.query));
      batch.forEach((c, k) => check(c, reports[k]));
      backstop(batch, lane);
      for (const [k, r] of reports.entries()) timing?.push([(Date.now() - t0) / batch.length, ...r.ms.map(Math.round), batch[k].query.length, batch[k].query.slice(0, 120)]);
    }
  }
  async function fullLoads(lane) {
    for (const c of cases.filter((x) => x.full)) {
      await lane.page.evaluate(() => { window.__stale = true; });
      await lane.page.goto(lane.ex.url + c.query);
      if (await lane.page.evaluate(() => window.__stale)) await lane.page.reload();  // only the #fragment changed
      await lane.page.waitForSelector('html[data-ready]');
      check(c, await lane.page.evaluate(() => window.__probe(null)));
      backstop([c], lane);
    }
    if (timing) console.log(`# full loads done at ${Date.now() - started} ms`);
  }
  await Promise.all([inDocument(a), fullLoads(b).then(() => inDocument(b))]);
  if (timing) {
    const sum = (k) => Math.round(timing.reduce((acc, t) => acc + t[k], 0) / timing.length);
    console.log(`# in-document mean: ${sum(0)} ms per URL, ${sum(1)} ms to render, ${sum(2)} ms to probe`);
    for (const t of timing.sort((x, y) => y[0] - x[0]).slice(0, 15)) console.log('#', JSON.stringify(t));
  }
  await a.page.close();
  await b.page.close();

  // The generator reached both sides: hostile URLs, and URLs shown as asked.
  assert.ok(invalidCount > TOTAL / 2, `${invalidCount} invalid URLs`);
  assert.ok(TOTAL - withErrors > TOTAL / 20, `${TOTAL - withErrors} URLs shown without a message`);
  console.log(`# ${TOTAL} URLs (${FULL_LOADS} full loads) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${invalidCount} invalid, ${withErrors} with a message`);
});
