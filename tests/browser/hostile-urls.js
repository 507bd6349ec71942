// Hostile explorer URLs for tests/browser/hostile-urls.test.js: a seedable generator of random and
// hostile query strings, and an oracle that reads a query string the way the explorer's URL form
// is documented (web/explorer/state.js, web/views/options.js), independently of its code.

/** Columns a URL may ask for (web/views/options.js MAX_COLUMNS). */
export const MAX_LINES = 32;

// mulberry32 (tests/random.js): small, seedable, good enough to pick cases.
export { mulberry32 as prng } from '../random.js';

// ---------------------------------------------------------------------------------------------
// Generator

// Payloads that would announce themselves if they ever ran: a dialog, or window.__pwned.
const MARKUP = [
  '<script>window.__pwned=1;alert(1)</script>',
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  '"><svg onload=window.__pwned=1;alert(1)>',
  "'><iframe src=\"javascript:window.__pwned=1\"></iframe>",
  '</textarea></select><script>alert(1)</script>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<a href="javascript:alert(1)">x</a>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src=javascript:alert(1)>',
  '<style>*{display:none}</style>',
  '<base href="//evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<!--', ']]>', '<![CDATA[x]]>',
  'javascript:alert(1)', 'JaVaScRiPt:window.__pwned=1', ' javascript:alert`1`', 'data:text/html,<script>alert(1)</script>',
  '${alert(1)}', '{{constructor.constructor("alert(1)")()}}', "');alert(1);//", '\\u003cscript\\u003ealert(1)',
];
const STRANGE = [
  '', ' ', '\t', 'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]', '__proto__', 'constructor',
  'toString', 'hasOwnProperty', 'prototype', '\u202Eevil\u202C', '\u200F\u200E', '\u0000', 'a\u0000b', '\uFEFF', 'e\u0301',
  '日本語', '👾👾', 'عربى', '\uD800', '\uDFFF', 'Ω≈ç√', '\u2028', '\\', '/', '..', '../../etc/passwd', '%', '%%', '%zz',
];
// Raw (not re-encoded) text, to reach the URL parser and URLSearchParams' decoding as such.
const RAW = ['%E0%A4%A', '%C0%AF', '%00', '%FF%FE', '%ED%A0%80', '%', '%%', '%zz', '%2', '+', '++', '%2B', '&', '=', '==',
  '#', '?', ';', '%0A', '%0D%0A', '%09', '%E2%80%AE', '%F0%9F%91%BE', '%uD800'];
const NUMBERS = ['NaN', 'nan', 'Infinity', '-Infinity', 'infinity', '1e309', '-1e309', '1e308', '-1e308', '-1', '-0',
  '0', '1', '2', '1.5', '0.1', '-0.5', '1e-400', '5e-324', '0x10', '0b11', '0o7', '1_000', ' 12 ', '12abc', '1e3', '+5',
  '.5', '5.', '1,2', '1 2', '9'.repeat(400), '4294967296', '2147483647', '2147483648', '-2147483649', '16777216',
  '16777217', '65536', '65537', '9007199254740993', '１２', '٣', '0.0000001', '1e6', '1e12', '1e13'];
const UNKNOWN_KEYS = ['foo', 'Positions', ' positions', 'positions ', 'kind.x', 'ropeScaling.factor.x', 'Rope-Type', 'rope--type',
  'ropeScaling.nope', '__proto__', '__proto__.polluted', 'constructor.prototype', 'toString', 'hasOwnProperty', '',
  'x'.repeat(300), '<script>alert(1)</script>', 'params', 'labels', 'state', 'lines.0', 'javascript:alert(1)'];
const SIZES = new Set(['positions', 'queries', 'keys', 'heads', 'dim']);

// The other spellings a parameter is read under (web/views/keys.js header): kebab-case (pe-style
// for style, an HTML attribute), snake_case and, for config.json's snake_case field names, camelCase.
function spelt(name) {
  const kebab = name.replace(/_/g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return [kebab === 'style' ? 'pe-style' : kebab, kebab.replace(/-/g, '_'), kebab.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase())];
}

/** generator(pe, random)(maxLong) → a query string; random: () => [0, 1) (see prng). */
export function generator(pe, random) {
  const drawable = pe.kinds.filter((k) => !k.input);
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;
  const long = (n) => pick(['x', 'é', '<', '9', '%', '👾', '<b>']).repeat(n);
  const text = (maxLong) => {
    const r = random();
    if (r < 0.45) return pick(MARKUP);
    if (r < 0.75) return pick(STRANGE);
    if (r < 0.85) return long(int(1, maxLong));
    return pick(MARKUP) + pick(STRANGE) + pick(NUMBERS);
  };
  const numberIn = (p) => {
    const r = random();
    if (SIZES.has(p.name) && r < 0.6) return String(pick([0, 1, 2, 3, 4, 7, 8, 16, 31, 50, 64, 100, 128, 257]));
    if (r < 0.55) return String(p.type === 'int' ? int(Math.max(p.min, -64), Math.min(p.max, 300)) : Math.max(p.min, Math.min(p.max, random() * 100)));
    if (r < 0.7) return String(pick([p.min, p.max, p.default ?? p.min]));
    if (r < 0.8) return String(p.type === 'int' ? pick([p.min - 1, p.max + 1]) : pick([p.min - 1e-3 * Math.abs(p.min || 1), p.max * 1.01 + 1]));
    return pick(NUMBERS);
  };
  function value(p, maxLong) {
    if (chance(0.12)) return text(maxLong);
    switch (p.type) {
      case 'int': case 'float': return numberIn(p);
      case 'bool': return chance(0.6) ? pick(['true', 'false']) : pick(['1', '0', 'TRUE', 'yes', '', 'on']);
      case 'enum': {
        const r = random();
        if (r < 0.6) return pick(p.choices);
        if (r < 0.7 && Object.keys(p.choiceAliases).length) return pick(Object.keys(p.choiceAliases));
        return pick([p.choices[0].toUpperCase(), ` ${p.choices[0]}`, `${pick(p.choices)},${pick(p.choices)}`, 'bogus']);
      }
      case 'int[]': {
        const n = pick([0, 1, 3, 3, 4, 8]);
        return Array.from({ length: n }, () => (chance(0.9) ? String(int(0, 40)) : pick(NUMBERS))).join(',');
      }
      case 'object':
        return chance(0.5) ? JSON.stringify({ rope_type: pick(['linear', 'dynamic', 'yarn']), factor: int(1, 8) })
          : pick(['{}', '[]', 'null', '{"factor":', ...STRANGE]);
      case 'string':
        return chance(0.5) ? pick(['text:5 image:1x8x12 text:4', 'text:3;video:2x4x4@1 text:1', 'text:4 video:3x4x4/7', 'image:1x2x2'])
          : text(maxLong);
      case 'float[]': {
        const n = pick([0, 1, 2, 3, 8, 16, 32, 64, 70]);
        const list = Array.from({ length: n }, () => (chance(0.9) ? String(1 + random()) : pick(NUMBERS)));
        return list.join(chance(0.9) ? ',' : ', ');
      }
      default: return text(maxLong);
    }
  }
  const linesValue = () => {
    const r = random();
    if (r < 0.4) return Array.from({ length: int(0, 6) }, () => int(0, 70)).join(',');
    if (r < 0.55) return Array.from({ length: int(30, 200) }, (_, i) => i).join(',');
    if (r < 0.7) return [int(0, 3), -1, 1e9, 2 ** 53, 1.5, 'NaN', '', ' 2 '].slice(0, int(1, 8)).join(',');
    return pick([...NUMBERS, ...STRANGE, ...MARKUP]);
  };
  const viewValue = (key, maxLong) => {
    switch (key) {
      case 'cmap': case 'colormap': return chance(0.6) ? pick(pe.colormaps).name : pick(['Coolwarm', 'jet', ' rdbu', ...MARKUP]);
      case 'vmin': case 'vmax': return chance(0.5) ? String((random() - 0.5) * 4) : pick(NUMBERS);
      case 'index': return chance(0.5) ? String(int(0, 10)) : pick(NUMBERS);
      case 'lines': case 'columns': case 'dims': return linesValue();
      default: return chance(0.3) ? `Label ${int(0, 99)}` : text(maxLong);  // the labels
    }
  };
  const encode = (v) => {
    const r = random();
    if (r < 0.2) return v;  // raw: the browser's URL parser decides
    if (r < 0.3) return v.replace(/ /g, '+');
    try {
      return encodeURIComponent(v);
    } catch {
      return v;  // a lone surrogate: raw, the URL parser turns it into U+FFFD
    }
  };

  /** A query string (starting with '?', or ''); maxLong bounds long values (URL length). */
  return function next(maxLong) {
    if (chance(0.03)) return pick(['', '?', '?&', '?=', '?&&=&', '?kind', '?kind=']);
    const parts = [];
    const kind = chance(0.85) ? pick(drawable) : null;
    if (kind) {
      if (chance(0.95)) parts.push(`kind=${kind.name}`);
    } else {
      parts.push(`kind=${encode(chance(0.5) ? text(maxLong) : pick(['rope-apply', 'SINUSOIDAL', 'alibi ', 'rope-', '']))}`);
    }
    const k = kind ?? drawable[0];
    const keys = [];
    for (const p of k.params) {
      if (p.type === 'object') {
        keys.push([pick([p.name, ...spelt(p.name)]), p]);  // the object whole, as JSON
        for (const f of p.fields) keys.push([pick([`${p.name}.${f.name}`, ...spelt(f.name)]), f]);
      } else {
        keys.push([pick([p.name, ...spelt(p.name)]), p]);
      }
    }
    const n = int(0, 10);
    for (let i = 0; i < n; i++) {
      const r = random();
      if (r < 0.55) {
        const [key, p] = pick(keys);
        parts.push(`${key}=${encode(value(p, maxLong))}`);
      } else if (r < 0.8) {
        const key = pick(Object.keys(VIEW));
        parts.push(`${key}=${encode(viewValue(key, maxLong))}`);
      } else if (r < 0.9) {
        parts.push(`${encode(pick(UNKNOWN_KEYS))}=${encode(text(maxLong))}`);
      } else if (r < 0.95) {
        parts.push(pick(RAW) + (chance(0.5) ? `=${pick(RAW)}` : ''));
      } else if (parts.length) {
        parts.push(pick(parts));  // a repeated key
      }
    }
    if (chance(0.3)) parts.sort(() => random() - 0.5);
    return `?${parts.join('&')}`;
  };
}

// ---------------------------------------------------------------------------------------------
// Oracle: what the URL asks for, read from the documented URL form (web/explorer/state.js header):
// registry names, object fields as ropeScaling.field, any spelling of web/views/keys.js, numbers as JavaScript's Number() reads them,
// the last of repeated keys. `invalid` lists what is certainly invalid (registry type, range or
// choice; unknown keys; repeats); rules between parameters and the byte cap are C's to tell.

// View option keys → the option: the documented keys and the older ones still read.
const VIEW = { index: 'index', colormap: 'colormap', cmap: 'colormap', vmin: 'vmin', vmax: 'vmax', columns: 'columns',
  lines: 'columns', dims: 'columns', heading: 'heading', title: 'heading', 'row-label': 'rowLabel', ylabel: 'rowLabel',
  'column-label': 'columnLabel', xlabel: 'columnLabel', 'value-label': 'valueLabel', clabel: 'valueLabel' };
const LABELS = new Set(['heading', 'rowLabel', 'columnLabel', 'valueLabel']);

function typed(p, text, invalid, key) {
  const bad = (why) => invalid.push(`${key}=${JSON.stringify(text.slice(0, 40))} ${why}`);
  switch (p.type) {
    case 'int': case 'float': {
      const v = text.trim() === '' ? NaN : Number(text);
      if (!Number.isFinite(v)) bad('is not a finite number');
      else if (p.type === 'int' && !Number.isInteger(v)) bad('is not an integer');
      else if (v < p.min || v > p.max) bad(`is outside [${p.min}, ${p.max}]`);
      return v;
    }
    case 'bool':
      if (text !== 'true' && text !== 'false') bad('is not true/false');
      return text === 'true';
    case 'enum': {
      const v = p.choiceAliases[text] ?? text;
      if (!p.choices.includes(v)) bad('is not a choice');
      return v;
    }
    case 'float[]': {
      if (text.trim() === '') return undefined;  // empty = unset, as in its control
      const v = text.split(',').map((t) => Number(t.trim()));
      if (v.some((x) => !Number.isFinite(x) || x < p.min || x > p.max)) bad('has an element out of range');
      return v;
    }
    case 'int[]': {
      if (text.trim() === '') return undefined;  // empty = unset, as in its control
      const v = text.split(',').map((t) => Number(t.trim()));
      if (v.some((x) => !Number.isInteger(x) || x < p.min || x > p.max)) bad('has an element that is no integer in range');
      if (p.length !== undefined && v.length !== p.length) bad(`does not have ${p.length} elements`);
      return v;
    }
    case 'string':
      if (new TextEncoder().encode(text).length > p.maxLength) bad('is too long');
      return text;
  }
  throw new Error(`type ${p.type}`);
}

// The parameter (p) and field (f, or null) a key names: first the registry names and
// ropeScaling.<field>, then the top-level parameters' other spellings, then the fields' own names
// and their spellings; null for no parameter.
function lookup(kind, key) {
  const [head, tail, more] = key.split('.');
  if (more === undefined && tail !== undefined) {
    const p = kind.params.find((x) => x.name === head && x.type === 'object');
    const f = p?.fields.find((x) => x.name === tail);
    return f ? { p, f } : null;
  }
  if (tail !== undefined) return null;
  const p = kind.params.find((x) => x.name === key) ?? kind.params.find((x) => spelt(x.name).includes(key));
  if (p) return { p, f: null };
  for (const o of kind.params.filter((x) => x.type === 'object')) {
    const f = o.fields.find((x) => x.name === key || spelt(x.name).includes(key));
    if (f) return { p: o, f };
  }
  return null;
}

/** What `search` asks for: { invalid: [reasons], want: the state it describes (params typed) }. */
export function oracle(pe, search) {
  const drawable = pe.kinds.filter((k) => !k.input);
  const q = new URLSearchParams(search);
  const invalid = [];
  const want = { kind: 'sinusoidal', params: {}, colormap: 'coolwarm', vmin: null, vmax: null, index: 0, columns: null };
  if (![...q.keys()].length) {
    want.params = { positions: 50, dim: 64, variant: 'vaswani' };  // the seed figure (preset 1)
    want.columns = [0, 1, 10, 20];
    Object.assign(want, { heading: 'Positional Encoding Heatmap', columnLabel: 'Embedding Dimension', rowLabel: 'Sequence Position',
      valueLabel: 'Encoding Value' });
    return { invalid, want };
  }
  const kinds = q.getAll('kind');
  if (kinds.length) {
    const k = drawable.find((x) => x.name === kinds.at(-1).trim());
    if (k) want.kind = k.name;
    else invalid.push(`unknown kind ${JSON.stringify(kinds.at(-1).slice(0, 40))}`);
  }
  const kind = pe.kinds.find((k) => k.name === want.kind);
  const times = new Map();
  const once = (path) => {
    times.set(path, (times.get(path) ?? 0) + 1);
    if (times.get(path) === 2) invalid.push(`${path} repeated`);
  };
  if (kinds.length > 1) invalid.push('kind repeated');
  const wholes = new Map();
  for (const [key, text] of q) {
    if (key === 'kind') continue;
    const name = Object.hasOwn(VIEW, key) ? VIEW[key] : null;
    if (name) once(name);
    if (name === 'colormap') {
      const v = pe.colormaps.find((m) => m.name === text.trim());
      want.colormap = v ? v.name : 'coolwarm';
      if (!v) invalid.push(`${key} ${text.slice(0, 40)}`);
    } else if (name === 'vmin' || name === 'vmax') {
      const v = text.trim() === '' ? null : Number(text);
      want[name] = Number.isFinite(v) ? v : null;
      if (v !== null && !Number.isFinite(v)) invalid.push(`${key} not finite`);
    } else if (name === 'index') {
      const v = text.trim() === '' ? NaN : Number(text);
      want.index = Number.isInteger(v) && v >= 0 ? v : 0;
      if (want.index !== v) invalid.push(`index ${text.slice(0, 40)}`);
    } else if (name === 'columns') {
      const all = text.trim() === '' ? [] : text.split(',').map((t) => (t.trim() === '' ? NaN : Number(t)));
      want.columns = [...new Set(all.filter((n) => Number.isInteger(n) && n >= 0))].slice(0, MAX_LINES);
      if (want.columns.length !== all.length) invalid.push(`${key} ${text.slice(0, 40)}`);
    } else if (LABELS.has(name)) {
      want[name] = text;
    }
    if (name) continue;
    const hit = lookup(kind, key);
    if (!hit) {
      invalid.push(`unknown key ${JSON.stringify(key.slice(0, 40))}`);
      continue;
    }
    const { p, f: field } = hit;
    if (!field && p.type === 'object') {  // the object whole, as JSON; its fields' own keys win
      once(p.name);
      let v = null;
      try {
        v = JSON.parse(text);
      } catch {}
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) wholes.set(p.name, v);
      else invalid.push(`${key} is not a JSON object`);
      continue;
    }
    if (!field) {
      once(p.name);
      want.params[p.name] = typed(p, text, invalid, key);
      continue;
    }
    const f = field.aliasOf ? p.fields.find((x) => x.name === field.aliasOf) : field;
    once(f.path);
    const v = typed(f, text, invalid, key);
    if (v !== undefined) (want.params[p.name] ??= {})[f.name] = v;
    else if (want.params[p.name]) delete want.params[p.name][f.name];
  }
  for (const [name, v] of wholes) want.params[name] = { ...v, ...want.params[name] };
  return { invalid, want };
}
