// Controls generated from the registry (pe.kinds): a kind selector, and for each parameter the
// widget its type calls for, with its range and its doc as help text, and an error slot that
// PosencError.param points at. Nothing here knows a particular encoding: an object parameter
// gets a selector from its first enum field, every kind gets the model entry first (a Hub model id
// to load, a config.json to paste), and a field whose doc starts with
// "<choice>[, <choice>…]:" or "<choice> (…):" is shown only for those choices (others for every
// non-default choice). Likewise a top-level parameter whose doc starts so ("fairseq only:") with
// choices of another enum parameter of its kind (paddingIdx: variant) shows only for those; and
// the parameters a kind ignores (pe.kinds' ignores, kinds.def PE_KIND_IGNORES) show not at all.
import { formatValue } from '../views/heatmap.js';
import { axisEntry } from '../views/axes.js';
import { normalize, keepColumns } from './state.js';
import { OPTIONS } from '../views/options.js';
import { formatInt } from './zoom.js';

const idOf = (path) => `c-${path.replace(/[^\w-]/g, '-')}`;

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k in e && typeof v !== 'string') e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

// A property set only when it changes: each write invalidates style even when the value is the same.
const setIf = (el, key, v) => { if (el[key] !== v) el[key] = v; };

const number = (v) => (Number.isInteger(v) && Math.abs(v) < 1e15 ? formatInt(v) : String(v));
const rangeText = (p) => (p.min === undefined ? '' : ` [${number(p.min)} … ${number(p.max)}]`);

// A slider's span for a numeric parameter: log scale for wide positive float ranges, else a
// window around the default that the registry's (huge) limits clip. Null: no slider.
function sliderFor(p) {
  if ((p.type !== 'int' && p.type !== 'float') || p.default === null) return null;
  if (p.type === 'float' && p.min > 0 && p.max / p.min >= 1000) return { log: true, lo: p.min, hi: p.max };
  const span = Math.max(8 * Math.abs(p.default), 64);
  const lo = Math.max(p.min, p.min < 0 ? -span : p.min);
  const hi = Math.min(p.max, Math.max(p.min, 0) + span);
  return { log: false, lo, hi, step: p.type === 'int' ? 1 : (hi - lo) / 256 };
}

// Three significant digits: where a log slider lands.
const round3 = (v) => Number(v.toPrecision(3));

function fieldTypes(doc, choices) {
  const m = /^(\w+(?:,\s*\w+)*)(?:\s*\([^)]*\))?:/.exec(doc);
  if (!m) return null;
  const names = m[1].split(/,\s*/);
  return names.every((n) => choices.includes(n)) ? names : null;
}

/**
 * The choices of another enum parameter of kind that top-level parameter p applies to, from the
 * start of its doc ("fairseq only:", "flux:"): { by (that parameter), choices }, or null when p
 * applies whatever is chosen. A doc naming p's own choices describes them and is no such rule.
 */
export function appliesWhen(kind, p) {
  const m = /^(\w+(?:,\s*\w+)*)(?:\s+only)?(?:\s*\([^)]*\))?:/.exec(p.doc);
  if (!m) return null;
  const names = m[1].split(/,\s*/);
  if (p.type === 'enum' && names.every((n) => p.choices.includes(n))) return null;
  const by = kind.params.find((q) => q !== p && q.type === 'enum' && names.every((n) => q.choices.includes(n)));
  return by ? { by, choices: names } : null;
}

export class Controls {
  #form;
  #pe;
  #on;
  #state = null;
  #lead;
  #leadKey = null;
  #view = {};
  // the model entry's text, status and offers, kept across renders (a render rebuilds the form)
  #model = { id: '', config: '', status: '', assume: null, hub: '' };

  /**
   * form: the element to fill. on: { change(), config(text), load(id), gguf(file), export(type) } called
   * after the state (which the controls edit in place) changed, on "Fill the controls" (a pasted
   * config.json), on "Load" (a model id), on a .gguf file chosen, and on export buttons.
   */
  constructor(form, pe, on) {
    this.#form = form;
    this.#pe = pe;
    this.#on = on;
    form.addEventListener('submit', (e) => e.preventDefault());
  }

  /** Build every control for a state (a new kind, a preset, a URL). */
  render(state) {
    this.#state = state;
    const kind = this.#pe.kinds.find((k) => k.name === state.kind);
    const form = this.#form;
    form.replaceChildren();
    form.append(this.#modelEntry());

    // The figures: not the kinds that transform an input, nor the registry's helper tables (the
    // views draw with those), unless a URL asked for one.
    const offered = this.#pe.kinds.filter((k) => !k.input && (!k.helper || k.name === state.kind));
    const kindSelect = el('select', { id: 'c-kind' },
      ...offered.map((k) => el('option', { value: k.name, selected: k.name === state.kind }, k.name)));
    kindSelect.addEventListener('change', () => {
      Object.assign(state, normalize({ kind: kindSelect.value, colormap: state.colormap, vmin: state.vmin, vmax: state.vmax }));
      this.render(state);
      this.#on.change('kind');
    });
    form.append(el('fieldset', { class: 'group' }, el('legend', {}, 'Encoding'),
      this.#row('kind', 'kind', kindSelect, kind.title)));

    const params = el('fieldset', { class: 'group' }, el('legend', {}, 'Parameters'));
    const rules = [];  // [row, rule]: shown while rule.by is one of rule.choices
    for (const p of kind.params) {
      if (kind.ignores.includes(p.name)) continue;  // accepted, changes nothing here
      const row = p.type === 'object' ? this.#object(p) : this.#param(p, state.params, p.path);
      const rule = appliesWhen(kind, p);
      if (rule) rules.push([row, rule, p]);
      params.append(row);
    }
    const applicable = ({ by, choices }) => choices.includes(state.params[by.name] ?? by.default);
    for (const [row, rule] of rules) row.hidden = !applicable(rule);
    // a choice changed: the rows that apply show, the values of those that no longer do are dropped
    // (the change event of the select bubbles here after its own handler set the choice)
    params.addEventListener('change', () => {
      for (const [row, rule, p] of rules) {
        row.hidden = !applicable(rule);
        if (row.hidden) delete state.params[p.name];
      }
    });
    form.append(params);

    const maps = el('select', { id: 'c-colormap' },
      ...this.#pe.colormaps.map((m) => el('option', { value: m.name, title: m.title, selected: m.name === state.colormap }, m.name)));
    maps.addEventListener('change', () => { state.colormap = maps.value; this.#on.change('view'); });
    const limit = (key) => {
      const input = el('input', { type: 'number', id: idOf(key), step: 'any', value: state[key] ?? '' });
      input.addEventListener('input', () => {
        if (input.validity.badInput) return;
        state[key] = input.value === '' ? null : Number(input.value);
        this.#on.change('view');
      });
      return input;
    };
    this.#view.vmin = limit('vmin');
    this.#view.vmax = limit('vmax');
    this.#lead = el('div', { class: 'lead' });
    this.#leadKey = null;
    form.append(el('fieldset', { class: 'group' }, el('legend', {}, 'View'), this.#lead,
      this.#row('colormap', 'colormap', maps, 'matplotlib\'s tables, applied in C'),
      this.#row('vmin', 'vmin', this.#view.vmin, 'lowest colour at this value; empty = automatic'),
      this.#row('vmax', 'vmax', this.#view.vmax, 'highest colour at this value; empty = automatic')));

    const columns = (this.#view.columns = el('input', { type: 'text', id: 'c-columns', value: state.columns.join(', '), inputMode: 'numeric' }));
    columns.addEventListener('change', () => {
      state.columns = keepColumns(columns.value.split(/[\s,]+/).filter(Boolean).map(Number));
      this.#on.change('columns');
    });
    form.append(el('fieldset', { class: 'group' }, el('legend', {}, 'Lines'),
      this.#row('columns', 'plotted columns', columns, 'click a heatmap column (or focus the heatmap, Enter) to add or remove its line')));

    const labels = el('fieldset', { class: 'group' }, el('legend', {}, 'Labels'));
    this.#view.labels = {};
    for (const { name, label: text } of OPTIONS.filter((o) => o.type === 'string' && o.on.includes('explorer'))) {
      const input = el('input', { type: 'text', id: idOf(name), value: state[name] ?? '' });
      input.addEventListener('input', () => {
        state[name] = input.value === '' ? undefined : input.value;
        this.#on.change('labels');
      });
      this.#view.labels[name] = input;
      labels.append(this.#row(name, text, input, null));
    }
    form.append(labels);

    const exports = el('fieldset', { class: 'group exports' }, el('legend', {}, 'Export'));
    for (const [type, text, help] of [['png', 'PNG', 'the heatmap figure'], ['csv', 'CSV', 'the shown matrix'],
      ['npy', '.npy', 'the whole table (numpy.load)']]) {
      const b = el('button', { type: 'button', id: `export-${type}`, title: help }, text);
      b.addEventListener('click', () => this.#on.export(type));
      exports.append(b);
    }
    exports.append(el('p', { class: 'help' }, 'PNG: the figure · CSV: the shown matrix · .npy: the whole table'));
    form.append(exports);
  }

  /** Update what depends on the computed plane: the head/part selector, automatic limits, placeholders. */
  sync(state, plane, heatmap) {
    const lead = plane.lead;
    // Rebuilt only when its axis changes (a redraw under a slider, or a new index, keeps the control
    // and its focus).
    const leadKey = lead ? `${lead.axis} ${lead.size} ${lead.title}` : '';
    if (this.#leadKey !== leadKey) this.#syncLead(state, lead);
    this.#leadKey = leadKey;
    const index = this.#lead.querySelector('#c-index');
    if (index && document.activeElement !== index) setIf(index, 'value', String(lead.index));
    const [lo, hi] = heatmap.limits;
    const each = heatmap.columnLimits ? 'auto: each column' : null;  // a scale per column (the kind's columnScales)
    setIf(this.#view.vmin, 'placeholder', each ?? `auto ${formatValue(lo)}`);
    setIf(this.#view.vmax, 'placeholder', each ?? `auto ${formatValue(hi)}`);
    if (document.activeElement !== this.#view.columns) setIf(this.#view.columns, 'value', state.columns.join(', '));
    const auto = heatmap.labels();
    for (const [name, input] of Object.entries(this.#view.labels)) setIf(input, 'placeholder', state[name] === undefined ? auto[name] ?? '' : '');
  }

  #syncLead(state, lead) {
    this.#lead.replaceChildren();
    if (lead) {
      let input;
      if (lead.size <= 256) {
        input = el('select', { id: 'c-index' },
          ...Array.from({ length: lead.size }, (_, i) => el('option', { value: String(i), selected: i === lead.index }, axisEntry(lead.axis, i))));
      } else {
        input = el('input', { type: 'number', id: 'c-index', min: '0', max: String(lead.size - 1), step: '1', value: String(lead.index) });
      }
      input.addEventListener(input.tagName === 'SELECT' ? 'change' : 'input', () => {
        state.index = Number(input.value) || 0;
        this.#on.change('view');
      });
      this.#lead.append(this.#row('index', lead.title.toLowerCase(), input, `which ${lead.title.toLowerCase()} of the ${lead.size} to show`));
    }
  }

  /** Show a message next to the control of path (falls back to its object, then to the kind). */
  showError(path, message) {
    const slots = [...this.#form.querySelectorAll('[data-error]')];
    const find = (p) => slots.find((s) => s.dataset.error === p);
    const slot = find(path) ?? find(String(path).split('.')[0]) ?? find('kind');
    slot.textContent = message;
    slot.hidden = false;
    const row = slot.closest('.row, .object');
    row?.classList.add('invalid');
    row?.querySelector('input, select, textarea')?.setAttribute('aria-invalid', 'true');
  }

  clearErrors(path) {
    for (const slot of this.#form.querySelectorAll('[data-error]')) {
      if (path !== undefined && slot.dataset.error !== path) continue;
      if (slot.hidden && !slot.textContent) continue;  // already clear: no style work per redraw
      slot.hidden = true;
      slot.textContent = '';
      const row = slot.closest('.row, .object');
      row?.classList.remove('invalid');
      row?.querySelector('[aria-invalid]')?.removeAttribute('aria-invalid');
    }
  }

  // label + widget(s) + help + error slot.
  #row(path, label, widget, help, extra = null) {
    const id = widget.id;
    const helpId = `${id}-help`;
    const errId = `${id}-error`;
    widget.setAttribute('aria-describedby', `${helpId} ${errId}`);
    return el('div', { class: 'row', 'data-path': path },
      el('label', { for: id }, label),
      el('div', { class: 'inputs' }, extra, widget),
      help ? el('p', { class: 'help', id: helpId }, help) : null,
      el('p', { class: 'error', id: errId, 'data-error': path, hidden: true, role: 'alert' }));
  }

  // One parameter (or object field) edited in the object `target` under key p.name.
  #param(p, target, path) {
    const set = (v) => {
      if (v === undefined) delete target[p.name];
      else target[p.name] = v;
      this.#on.change('param');
    };
    const value = target[p.name];
    const help = `${p.doc}${rangeText(p)}`;
    const id = idOf(path);
    if (p.type === 'bool') {
      const box = el('input', { type: 'checkbox', id, checked: (value ?? p.default) === true });  // a URL's garbage: unchecked
      box.addEventListener('change', () => set(box.checked));
      return this.#row(path, p.name, box, help);
    }
    if (p.type === 'enum') {
      const sel = el('select', { id }, ...p.choices.map((c) => el('option', { value: c, selected: c === (value ?? p.default) }, c)));
      sel.addEventListener('change', () => set(sel.value));
      return this.#row(path, p.name, sel, help);
    }
    if (p.type === 'string') {
      const text = el('input', { type: 'text', id, value: value ?? '', maxLength: p.maxLength });
      text.addEventListener('change', () => set(text.value));
      return this.#row(path, p.name, text, p.doc);
    }
    if (p.type === 'float[]' || p.type === 'int[]') {
      const text = el('input', { type: 'text', id, value: value ? Array.from(value).join(', ') : '', placeholder: 'unset: comma-separated numbers' });
      text.addEventListener('change', () => set(text.value.trim() === '' ? undefined : text.value.split(/[\s,]+/).filter(Boolean).map(Number)));
      return this.#row(path, p.name, text, p.doc);
    }
    const num = el('input', { type: 'number', id, step: p.type === 'int' ? '1' : 'any', min: String(p.min), max: String(p.max),
      value: value ?? p.default ?? '', placeholder: p.default === null ? 'unset' : String(p.default) });
    const s = target === this.#state.params ? sliderFor(p) : null;
    let slider = null;
    if (s) {
      slider = el('input', { type: 'range', 'aria-label': `${p.name} slider`, tabIndex: -1 });
      const toSlider = (v) => {
        if (!Number.isFinite(v)) return;
        if (s.log) slider.value = String((1000 * Math.log(Math.max(v, s.lo) / s.lo)) / Math.log(s.hi / s.lo));
        else slider.value = String(v);
      };
      if (s.log) Object.assign(slider, { min: '0', max: '1000', step: '1' });
      else Object.assign(slider, { min: String(s.lo), max: String(s.hi), step: String(s.step) });
      toSlider(Number(num.value));
      slider.addEventListener('input', () => {
        const v = s.log ? round3(s.lo * (s.hi / s.lo) ** (Number(slider.value) / 1000)) : Number(slider.value);
        num.value = String(v);
        set(v);
      });
      num.addEventListener('input', () => toSlider(Number(num.value)));
    }
    num.addEventListener('input', () => {
      if (num.validity.badInput) return;
      set(num.value === '' ? undefined : Number(num.value));
    });
    return this.#row(path, p.name, num, help, slider);
  }

  // An object parameter: its selector field decides which other fields show.
  #object(p) {
    const params = this.#state.params;
    const box = el('fieldset', { class: 'object', 'data-path': p.path }, el('legend', {}, p.name),
      el('p', { class: 'help' }, p.doc), el('p', { class: 'error', 'data-error': p.path, hidden: true, role: 'alert' }));
    const obj = () => (params[p.name] ??= {});
    const fields = p.fields.filter((f) => !f.aliasOf);
    const selector = fields.find((f) => f.type === 'enum');
    const rows = [];
    const visible = (f, type) => {
      const types = fieldTypes(f.doc, selector.choices);
      return types ? types.includes(type) : type !== selector.choices[0];
    };
    const current = () => params[p.name]?.[selector.name] ?? selector.default;
    const tidy = () => { if (params[p.name] && !Object.keys(params[p.name]).length) delete params[p.name]; };
    const show = () => { for (const [f, row] of rows) row.hidden = !visible(f, current()); };
    const sel = el('select', { id: idOf(selector.path) },
      ...selector.choices.map((c) => el('option', { value: c, selected: c === current() }, c)));
    sel.addEventListener('change', () => {
      const o = obj();
      if (sel.value === selector.default) delete o[selector.name];
      else o[selector.name] = sel.value;
      for (const f of fields) if (f !== selector && !visible(f, sel.value)) delete o[f.name];
      tidy();
      this.render(this.#state);  // the fields of the new choice, with their values or defaults
      document.getElementById(sel.id)?.focus();
      this.#on.change('param');
    });
    box.append(this.#row(selector.path, selector.name, sel, selector.doc));
    const proxy = new Proxy({}, {  // fields edit the object, created on first use, removed when empty
      get: (_, k) => params[p.name]?.[k],
      set: (_, k, v) => { obj()[k] = v; return true; },
      deleteProperty: (_, k) => { if (params[p.name]) delete params[p.name][k]; tidy(); return true; },
    });
    for (const f of fields) {
      if (f === selector) continue;
      const row = this.#param(f, proxy, f.path);
      rows.push([f, row]);
      box.append(row);
    }
    show();
    return box;
  }

  /** The endpoint the model entry names in its help (the explorer fetches from it). */
  set hub(endpoint) {
    this.#model.hub = endpoint;
  }

  /** The model entry's status line (null: none); kept until replaced. */
  modelStatus(text) {
    this.#model.status = text ?? '';
    const p = this.#form.querySelector('#c-model-status');
    if (p) p.textContent = this.#model.status;
  }

  /**
   * Offer to read the config as one of these model types (a refused model_type's closest ones):
   * a button each, calling pick(family); null takes the offer away.
   */
  offerAssume(families, pick) {
    this.#model.assume = families ? { families, pick } : null;
    const box = this.#form.querySelector('#c-model-assume');
    if (box) this.#fillAssume(box);
  }

  #fillAssume(box) {
    const offer = this.#model.assume;
    box.replaceChildren();
    box.hidden = !offer;
    if (!offer) return;
    box.append(el('span', {}, 'posenc never guesses, but you may choose: '));
    for (const family of offer.families) {
      const b = el('button', { type: 'button', class: 'assume', 'data-family': family }, `read as ${family}`);
      b.addEventListener('click', () => offer.pick(family));
      box.append(b);
    }
    box.append(el('span', { class: 'help' }, ' (the layer map then says so in its warnings)'));
  }

  // First for every kind: a Hub model id to load, or a config.json to paste; both fill the explorer
  // the same way (the layer map, then the chosen layer's table).
  #modelEntry() {
    const m = this.#model;
    const id = el('input', { type: 'text', id: 'c-model', value: m.id, spellcheck: false, autocomplete: 'off',
      placeholder: 'org/name or org/name@revision, e.g. Qwen/Qwen3-8B' });
    id.addEventListener('input', () => { m.id = id.value; });
    const load = el('button', { type: 'button', id: 'c-model-load' }, 'Load');
    load.addEventListener('click', () => this.#on.load(id.value));
    id.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      e.preventDefault();
      this.#on.load(id.value);
    });
    const idRow = this.#row('model', 'model id', id, `a Hugging Face model: its config.json is fetched from ${m.hub || 'the Hub'} ` +
      '(public models; the page sends no token)', null);
    idRow.querySelector('.inputs').append(load);
    const status = el('p', { class: 'help model-status', id: 'c-model-status', 'aria-live': 'polite' }, m.status);
    const assume = el('div', { class: 'model-assume', id: 'c-model-assume', role: 'group', 'aria-label': 'Read as another model type' });
    this.#fillAssume(assume);

    const text = el('textarea', { id: 'c-config', rows: 6, spellcheck: false,
      placeholder: '{ "model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, "rope_theta": 500000, "rope_scaling": { … } }' });
    text.value = m.config;
    text.addEventListener('input', () => { m.config = text.value; });
    const fill = el('button', { type: 'button', id: 'c-config-fill' }, 'Fill the controls');
    fill.addEventListener('click', () => this.#on.config(text.value));
    const row = this.#row('config', 'config.json', text, 'any model\'s config.json, read with the record of its model_type as ' +
      'transformers reads it: every layer\'s positions (RoPE, ALiBi, T5 or DeBERTa buckets, none) and the input positions');
    row.append(fill);
    const paste = el('details', { class: 'group config' }, el('summary', {}, '…or paste its config.json'), row);
    // a llama.cpp model file: read by its header and rope tensors only (explorer/gguf.js)
    const gguf = el('input', { type: 'file', id: 'c-gguf', accept: '.gguf' });
    gguf.addEventListener('change', () => { if (gguf.files[0]) this.#on.gguf(gguf.files[0]); });
    const ggufRow = this.#row('gguf', 'Open a .gguf file', gguf, 'a llama.cpp model file on your disk: only its header and ' +
      'rope tensors are read, never the weights; the layers show as llama.cpp computes them');
    return el('fieldset', { class: 'group model' }, el('legend', {}, 'Model'), idRow, status, assume, paste, ggufRow);
  }
}
