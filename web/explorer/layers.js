// The layer map: after a model's config.json (pasted or a preset), what the model does with positions
// (pe.positionsFromConfig): the positions added before the first layer, a strip of every layer — its
// type and scheme (RoPE, ALiBi, T5 or DeBERTa buckets, none) — and what transformers would warn;
// choosing a layer, or a layer type, hands that layer to the explorer (onPick), which shows its table.
import { el } from './dom.js';

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
    parts.push(`NoPE, query scale (floor ${l.queryScale.floorScale}, scale ${l.queryScale.attnScale})`);
  } else {
    parts.push(/attention$/.test(l.type) ? 'no positions (NoPE)' : 'no positions');
  }
  if (l.rope && l.queryScale) parts.push(`query scale (floor ${l.queryScale.floorScale}, scale ${l.queryScale.attnScale})`);
  if (l.window !== null) parts.push(`window ${l.window}`);
  if (l.chunk !== null) parts.push(`chunk ${l.chunk}`);
  return parts.join(' · ');
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

  /** root: the element to fill; onPick(layer entry) when a layer or a layer type is chosen. */
  constructor(root, pe, onPick) {
    this.#root = root;
    this.#pe = pe;
    this.#onPick = onPick;
    root.hidden = true;
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

  /** Read a config (options: positionsFromConfig's) and draw its strip; throws the PosencError of a config it cannot read. */
  show(config, selected = null, options = undefined) {
    const story = this.#pe.positionsFromConfig(config, options);
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
      ? `${typeof sel === 'number' ? `Layer ${entry.index}` : `${sel} layers (first: ${entry.index})`}: ${describeLayer(entry)}`
      : this.#layers.some((l) => l.positions || l.queryScale) ? 'Choose a layer (or a layer type) to see its table.'
        : `No layer of this model adds positions${this.#story.input?.kind === 'sinusoidal' ? ': the table shown is its input positions.'
          : this.#story.input ? ': its positions are the learned input table, trained weights that posenc cannot compute.'
            : ' at all: order comes from its recurrence or convolution, not from a positional encoding.'}`;
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
    for (const l of layers) {
      strip.append(el('button', {
        type: 'button', role: 'option', 'aria-selected': 'false', title: `Layer ${l.index}: ${describeLayer(l)}`,
        class: `layer t-${short(l.type)}${l.positions ? '' : ' nope'}`, dataset: { index: String(l.index), type: l.type },
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
