// The explain table (web/views/explain.js): one entry per registry kind, each formula well-formed
// MathML (a strict XML reading with MathML element names; the browser test renders them), symbols,
// sources, and two or three sentences on what to look for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../../web/posenc.js';
import { EXPLAIN, explainFor } from '../../web/views/explain.js';

const pe = await load();

const MATHML = new Set(['math', 'mrow', 'mi', 'mn', 'mo', 'mtext', 'mspace', 'msub', 'msup', 'msubsup', 'mfrac',
  'msqrt', 'mroot', 'munder', 'mover', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded']);

/** Parse a string as XML (elements, attributes in quotes, text, the five entities and numeric
 *  references): returns the root element { name, attrs, children } or throws naming the problem. */
function parseXML(src) {
  let i = 0;
  const fail = (why) => { throw new Error(`${why} at ${i}: …${src.slice(Math.max(0, i - 30), i + 30)}…`); };
  const name = () => {
    const m = /^[A-Za-z][\w.-]*/.exec(src.slice(i));
    if (!m) fail('expected a name');
    i += m[0].length;
    return m[0];
  };
  const textUntilTag = () => {
    const start = i;
    while (i < src.length && src[i] !== '<') {
      if (src[i] === '&') {
        const m = /^&(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/.exec(src.slice(i));
        if (!m) fail('bad entity');
        i += m[0].length;
      } else if (src[i] === '>') fail("a bare '>'");
      else i++;
    }
    return src.slice(start, i);
  };
  function element() {
    if (src[i] !== '<') fail("expected '<'");
    i++;
    const el = { name: name(), attrs: {}, children: [] };
    for (;;) {
      const ws = /^\s*/.exec(src.slice(i))[0];
      i += ws.length;
      if (src.startsWith('/>', i)) { i += 2; return el; }
      if (src[i] === '>') { i++; break; }
      if (!ws) fail('expected whitespace before an attribute');
      const a = name();
      if (src[i] !== '=' || (src[i + 1] !== '"' && src[i + 1] !== "'")) fail('expected a quoted attribute value');
      const q = src[i + 1], end = src.indexOf(q, i + 2);
      if (end < 0 || src.slice(i + 2, end).includes('<')) fail('bad attribute value');
      if (a in el.attrs) fail(`duplicate attribute ${a}`);
      el.attrs[a] = src.slice(i + 2, end);
      i = end + 1;
    }
    for (;;) {
      const t = textUntilTag();
      if (t.trim()) el.children.push(t);
      if (i >= src.length) fail(`<${el.name}> not closed`);
      if (src.startsWith('</', i)) {
        i += 2;
        const n = name();
        if (n !== el.name) fail(`</${n}> closes <${el.name}>`);
        if (src[i] !== '>') fail("expected '>'");
        i++;
        return el;
      }
      el.children.push(element());
    }
  }
  const root = element();
  if (i !== src.length) fail('content after the root element');
  return root;
}

function checkMath(src, display, where) {
  const root = parseXML(src);
  assert.equal(root.name, 'math', where);
  if (display) assert.equal(root.attrs.display, 'block', where);
  const walk = (el) => {
    assert.ok(MATHML.has(el.name), `${where}: <${el.name}> is not a MathML element this table uses`);
    if (['msub', 'msup', 'mfrac', 'munder', 'mover', 'mroot'].includes(el.name)) assert.equal(el.children.length, 2, `${where}: <${el.name}> takes 2 children`);
    if (['msubsup', 'munderover'].includes(el.name)) assert.equal(el.children.length, 3, `${where}: <${el.name}> takes 3 children`);
    if (['mi', 'mn', 'mo', 'mtext'].includes(el.name)) assert.ok(el.children.every((c) => typeof c === 'string'), `${where}: <${el.name}> holds text`);
    for (const c of el.children) if (typeof c !== 'string') walk(c);
  };
  walk(root);
}

test('the XML reader refuses what is not well-formed', () => {
  for (const bad of ['<math><mi>x</mo></math>', '<math><mi>x</mi>', '<math display=block></math>', '<math>a & b</math>',
    '<math></math><math></math>', '<math><mi>a > b</mi></math>', '<math x="1" x="2"></math>']) {
    assert.throws(() => parseXML(bad), undefined, bad);
  }
  assert.equal(parseXML('<math display="block"><mo>&lt;</mo><mspace width="1em"/></math>').children.length, 2);
});

test('every registry kind has an entry; no entry without a kind', () => {
  const names = pe.kinds.map((k) => k.name);
  for (const n of names) assert.ok(explainFor(n), `no explain entry for ${n}`);
  for (const n of Object.keys(EXPLAIN)) assert.ok(names.includes(n), `explain entry for an unknown kind ${n}`);
  assert.equal(explainFor('no-such-kind'), null);
  assert.equal(explainFor('toString'), null);
});

test('each entry: a well-formed MathML formula, symbols, sources (paper, then code), what to look for', () => {
  for (const [kind, e] of Object.entries(EXPLAIN)) {
    checkMath(e.formula, true, `${kind} formula`);
    assert.ok(e.symbols.length >= 1, kind);
    for (const [sym, meaning] of e.symbols) {
      checkMath(sym, false, `${kind} symbol`);
      assert.ok(typeof meaning === 'string' && meaning.length > 2, `${kind}: ${sym}`);
    }
    assert.ok(e.sources.length >= 1, kind);
    for (const s of e.sources) {
      assert.match(s.url, /^https:\/\/(arxiv\.org\/abs\/\d{4}\.\d{5}|github\.com\/[\w.-]+\/[\w.-]+)/, `${kind}: ${s.url}`);
      assert.ok(s.label.length > 10, kind);
    }
    assert.ok(e.sources.some((s) => s.url.includes('github.com')), `${kind} cites code`);
    const sentences = e.look.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
    assert.ok(sentences >= 2 && sentences <= 3, `${kind}: ${sentences} sentences`);
  }
});
