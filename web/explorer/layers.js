// The layer map: after a model's config.json (pasted or a preset), what the model does with positions
// (pe.positionsFromConfig): the positions added before the first layer, a strip of every layer — its
// type and scheme (RoPE, ALiBi, T5 or DeBERTa buckets, none) — and what transformers would warn;
// choosing a layer, or a layer type, hands that layer to the explorer (onPick), which shows its table.
// An engine (pe.engines) reads the same config its own way: the map then shows the engine's layers,
// marks those whose table or logit scale differs from transformers' (pe.compareEngines) and names the
// engine's rules in the detail line; the explorer compares the chosen layer A (transformers) / B (engine).
import { el } from './dom.js';

export const REFERENCE_ENGINE = 'transformers';

const short = (type) => type.replace(/_attention$/, '');

/** One line about a layer's positions: "sliding · RoPE base 10000 (dim 256) · window 1024". */
export function describeLayer(l) {
  const parts = [short(l.type)];
  const p = l.positions;
  if (l.rope) {
    const rs = l.rope.ropeScaling;
    const extra = rs.rope_type === 'default' ? '' : `, ${rs.rope_type}${rs.factor ? ` ×${rs.factor}` : ''}`;
    const prf = l.rope.partialRotaryFactor === 1 ? '' : `, ${l.rope.partialRotaryFactor} of the head`;
    parts.push(`RoPE base ${l.rope.base} (dim ${l.rope.dim}${extra}${prf}${p.rotate === 'last' ? ', the last dims' : ''})`);
  } else if (p?.kind === 'alibi') {
    parts.push(`ALiBi, ${p.params.heads} heads (max bias ${p.params.maxBias}, ${p.params.form})`);
  } else if (p?.kind === 't5') {
    parts.push(`T5 buckets ${p.params.numBuckets}, max distance ${p.params.maxDistance}${p.params.bidirectional ? '' : ', causal'}` +
      `${l.stack ? ` (${l.stack}${p.owner === l.index ? '' : `, table of layer ${p.owner}`})` : ''}`);
  } else if (p?.kind === 'deberta') {
    parts.push(`DeBERTa buckets ${p.params.bucketSize}, max position ${p.params.maxPosition}`);
  } else if (p?.kind === 'learned-relative') {
    parts.push(`learned relative distances (${p.size} weights)`);
  } else if (l.queryScale) {
    parts.push(`NoPE, ${describeQueryScale(l.queryScale)}`);
  } else {
    parts.push(/attention$/.test(l.type) ? 'no positions (NoPE)' : 'no positions');
  }
  if (l.rope && l.queryScale) parts.push(describeQueryScale(l.queryScale));
  if (l.window !== null) parts.push(`window ${l.window}`);
  if (l.chunk !== null) parts.push(`chunk ${l.chunk}`);
  return parts.join(' · ');
}

/** A layer's query scale in words: Llama 4 / Mistral 3's floor-log form, or Qwen (v1)'s log-n. */
function describeQueryScale(q) {
  if (q.form === 'log-ratio') return `query scale log(i)/log(${q.seqLength}) past ${q.seqLength} tokens (log-n)`;
  return `query scale (floor ${q.floorScale}, scale ${q.attnScale})`;
}

/** A sentence about the positions added before the first layer, or null. */
export function describeInput(input) {
  if (!input) return null;
  if (input.kind === 'learned') {
    return `Input: learned absolute positions, ${input.size} rows${input.offset ? ` from row ${input.offset}` : ''} ` +
      '(trained weights: posenc cannot compute their values).';
  }
  const p = input.params;
  return `Input: sinusoidal (${p.variant}), ${p.positions} positions × ${p.dim}${p.offset ? `, from position ${p.offset}` : ''}.`;
}

/**
 * The explorer view of a layer: the kind and params to show, and the rows to show when that kind
 * is newly chosen (rows absent: the current positions), or null (no positions and no query scale).
 * `kind` is the kind RoPE params are shown in.
 */
export function viewOfLayer(layer, kind) {
  const p = layer.positions;
  if (layer.rope) return { kind, params: layer.rope };
  if (p && p.params && p.kind !== 'rope') return { kind: p.kind, params: { ...p.params } };
  // the query temperature changes every floorScale positions: 256 rows 1024 positions apart
  if (layer.queryScale) return { kind: 'query-scale', params: { ...layer.queryScale }, rows: { positions: 256, step: 1024 } };
  return null;
}

export class LayerMap {
  #root;
  #pe;
  #onPick;
  #layers = null;
  #story = null;
  #selected = null;
  #onEngine;
  // the engine the map was read with: { name, context, seqLen }, what it refused (a message), the
  // transformers layers (ref) and compareEngines' rows of that engine (rows)
  #engine = { name: REFERENCE_ENGINE, context: null, seqLen: null, refusal: null, ref: null, rows: [] };

  /**
   * root: the element to fill; onPick(layer entry) when a layer or a layer type is chosen;
   * onEngine({ name, context, seqLen }) when the engine controls change.
   */
  constructor(root, pe, onPick, onEngine = () => {}) {
    this.#root = root;
    this.#pe = pe;
    this.#onPick = onPick;
    this.#onEngine = onEngine;
    root.hidden = true;
  }

  /** The engine the map shows: { name, context, seqLen, refusal } (name: the one that ran, after a refusal transformers). */
  get engine() {
    const { name, context, seqLen, refusal } = this.#engine;
    return { name, context, seqLen, refusal };
  }

  /** transformers' layer entry of a selection (index or type), when an engine is shown; else undefined. */
  findReference(sel) {
    const ref = this.#engine.ref;
    if (!ref) return undefined;
    return typeof sel === 'number' ? ref[sel] : ref.find((l) => l.type === sel);
  }

  /** compareEngines' row of the engine shown for a layer index, or undefined. */
  rowOf(index) {
    return this.#engine.rows.find((r) => r.layers.includes(index));
  }

  get layers() {
    return this.#layers;
  }

  /** The layer entry chosen by index or type name (the first layer of that type), or undefined. */
  find(sel) {
    if (!this.#layers) return undefined;
    return typeof sel === 'number' ? this.#layers[sel] : this.#layers.find((l) => l.type === sel);
  }

  /** What positionsFromConfig said of the config shown, or null. */
  get story() {
    return this.#story;
  }

  /**
   * Read a config (options: positionsFromConfig's, and compareEngines' `positions`) and draw its
   * strip; throws the PosencError of a config it cannot read. An engine that cannot run the model
   * (a PosencError naming `engine`) is not an error: its message is kept (engine.refusal) and the
   * config is read as transformers reads it.
   */
  show(config, selected = null, options = {}) {
    const { positions, ...read } = options ?? {};
    const name = read.engine ?? REFERENCE_ENGINE;
    const engine = { name, context: read.context ?? null, seqLen: read.seqLen ?? null, refusal: null, ref: null, rows: [] };
    let story;
    try {
      story = this.#pe.positionsFromConfig(config, read);
    } catch (e) {
      if (e?.param !== 'engine' || name === REFERENCE_ENGINE) throw e;
      engine.refusal = e.message;
      engine.name = REFERENCE_ENGINE;
      delete read.engine;
      story = this.#pe.positionsFromConfig(config, read);
    }
    if (engine.name !== REFERENCE_ENGINE) {
      const { engine: _, ...reference } = read;
      engine.ref = this.#pe.positionsFromConfig(config, reference).layers;
      engine.rows = this.#pe.compareEngines(config, { ...reference, engines: [engine.name], ...(positions ? { positions } : {}) }).rows;
    }
    this.#engine = engine;
    this.#story = story;
    this.#layers = story.layers;
    this.#selected = selected;
    this.#draw();
    return story.layers;
  }

  hide() {
    this.#layers = null;
    this.#story = null;
    this.#root.hidden = true;
    this.#root.replaceChildren();
  }

  /** Mark the chosen layer (index) or type (name). */
  select(sel) {
    this.#selected = sel;
    for (const b of this.#root.querySelectorAll('.layer')) {
      const on = typeof sel === 'number' ? Number(b.dataset.index) === sel : b.dataset.type === sel;
      b.setAttribute('aria-selected', String(on));
    }
    for (const b of this.#root.querySelectorAll('.layer-type')) b.setAttribute('aria-pressed', String(b.dataset.type === sel));
    const entry = this.find(sel);
    this.#root.querySelector('.layer-detail').textContent = entry
      ? `${typeof sel === 'number' ? `Layer ${entry.index}` : `${sel} layers (first: ${entry.index})`}: ${describeLayer(entry)}${this.#engineDetail(entry)}`
      : this.#layers.some((l) => l.positions || l.queryScale) ? 'Choose a layer (or a layer type) to see its table.'
        : `No layer of this model adds positions${this.#story.input?.kind === 'sinusoidal' ? ': the table shown is its input positions.'
          : this.#story.input ? ': its positions are the learned input table, trained weights that posenc cannot compute.'
            : ' at all: order comes from its recurrence or convolution, not from a positional encoding.'}`;
  }

  // What the engine shown does to a layer: the rules that fired and the logit scale against transformers'.
  #engineDetail(entry) {
    const e = this.#engine;
    if (e.name === REFERENCE_ENGINE) return '';
    const rules = entry.engine?.rules ?? [];
    const row = this.rowOf(entry.index);
    const said = rules.length ? rules.map((r) => `${r.rule} (${r.effect})`).join('; ') : 'no rule changes this layer';
    const ratio = row?.logitScaleRatio === null || row?.logitScaleRatio === undefined ? '' : ` · logit scale ×${row.logitScaleRatio} of transformers'`;
    return ` — ${e.name}: ${said}${ratio}${row ? (row.same ? ' · same table as transformers' : ' · differs from transformers') : ''}`;
  }

  // The engine choice, its context and sequence length, what it refused, and how many layers differ.
  #engineBar() {
    const e = this.#engine;
    const select = el('select', { id: 'engine', 'aria-label': 'Engine' },
      ...this.#pe.engines.map((x) => el('option', { value: x.name }, x.name)));
    select.value = e.name;
    const number = (id, label, value, help) => {
      const input = el('input', { id, type: 'number', min: '1', step: '1', placeholder: help, 'aria-label': label });
      input.value = value === null ? '' : String(value);
      return input;
    };
    const context = number('engine-context', 'Context (tokens)', e.context, 'max_position_embeddings');
    const seqLen = number('engine-seq-len', 'Sequence length (tokens)', e.seqLen, 'unset');
    const read = (input) => (input.value.trim() === '' ? null : Number(input.value));
    const changed = () => this.#onEngine({ name: select.value, context: read(context), seqLen: read(seqLen) });
    for (const c of [select, context, seqLen]) c.addEventListener('change', changed);
    const differ = e.rows.filter((r) => r.runs && !r.same).reduce((n, r) => n + r.layers.length, 0);
    const error = el('output', { id: 'engine-error', class: 'error' }, e.refusal ?? '');
    error.hidden = !e.refusal;
    return el('div', { class: 'engine-bar', role: 'group', 'aria-label': 'Engine' },
      el('label', {}, 'Engine ', select), el('label', {}, 'context ', context), el('label', {}, 'seqLen ', seqLen),
      ...(e.name === REFERENCE_ENGINE ? [] : [el('p', { class: 'engine-legend', id: 'engine-legend' },
        `${differ} layer${differ === 1 ? '' : 's'} differ${differ === 1 ? 's' : ''} in ${e.name}`)]),
      error);
  }

  /** A message at the engine controls (null: none), e.g. a context the engine reader refused. */
  engineNote(message) {
    const out = this.#root.querySelector('#engine-error');
    if (!out) return;
    out.textContent = message ?? '';
    out.hidden = !message;
  }

  #draw() {
    const layers = this.#layers;
    const story = this.#story;
    const name = story.modelType === story.family || !story.modelType ? story.family : `${story.modelType} (read as ${story.family})`;
    // one button per layer type, with what its layers share (or "varies")
    const byType = new Map();  // type → its layers, in one pass (there may be as many types as layers)
    for (const l of layers) {
      const of = byType.get(l.type);
      if (of) of.push(l);
      else byType.set(l.type, [l]);
    }
    const typeRow = el('div', { class: 'layer-types', role: 'group', 'aria-label': 'Layer types' });
    for (const [t, of] of byType) {
      const first = describeLayer(of[0]);
      const same = of.every((l) => describeLayer(l) === first);
      const b = el('button', { type: 'button', class: 'layer-type', dataset: { type: t }, 'aria-pressed': 'false' },
        `${t} ×${of.length}: ${same ? first.split(' · ').slice(1).join(' · ') : 'varies by layer'}`);
      b.addEventListener('click', () => this.#pick(t));
      typeRow.append(b);
    }
    // One cell per layer, appended one by one: a config may list 65536 layers (as many types), more
    // arguments than a spread into append() can pass; one click handler for the strip, not one per cell.
    const strip = el('div', { class: 'layer-strip', role: 'listbox', 'aria-label': 'Layers' });
    const engine = this.#engine.name;
    for (const l of layers) {
      const row = engine === REFERENCE_ENGINE ? undefined : this.rowOf(l.index);
      const differs = row && row.runs && !row.same;
      const how = !differs ? '' : ` · differs in ${engine}${row.maxAbsDiff ? ` by ${row.maxAbsDiff} (position ${row.at.position}, column ${row.at.column})` : ''}` +
        `${row.logitScaleRatio !== 1 ? `, logits ×${row.logitScaleRatio}` : ''}`;
      strip.append(el('button', {
        type: 'button', role: 'option', 'aria-selected': 'false', title: `Layer ${l.index}: ${describeLayer(l)}${how}`,
        class: `layer t-${short(l.type)}${l.positions ? '' : ' nope'}${differs ? ' engine-differs' : ''}`, dataset: { index: String(l.index), type: l.type },
      }, l.positions ? '' : '∅'));
    }
    strip.addEventListener('click', (e) => {
      const cell = e.target.closest('.layer');
      if (cell) this.#pick(Number(cell.dataset.index));
    });
    const input = describeInput(story.input);
    this.#root.replaceChildren(
      el('h2', {}, `Layers of ${name}: ${layers.length}`),
      ...(input ? [el('p', { class: 'layer-input' }, input)] : []),
      ...(story.warnings.length ? [el('ul', { class: 'layer-warnings' },
        ...story.warnings.map((w) => el('li', {}, `${w.field}: ${w.message}`)))] : []),
      this.#engineBar(),
      typeRow,
      strip,
      el('p', { class: 'layer-detail', 'aria-live': 'polite' }),
    );
    this.#root.hidden = false;
    this.select(this.#selected);
  }

  #pick(sel) {
    this.select(sel);
    this.#onPick(sel, this.find(sel));
  }
}
