// The layer map: after a model's config.json (pasted or a preset), a strip of its layers — type,
// RoPE or NoPE, base, rope_type, window or chunk — read by pe.layersFromConfig;
// choosing a layer, or a layer type, hands that layer to the explorer (onPick), which shows its table.
import { el } from './dom.js';

const short = (type) => type.replace(/_attention$/, '');

/** One line about a layer's positions: "sliding · RoPE base 10000 (default) · window 1024". */
export function describeLayer(l) {
  const parts = [short(l.type)];
  if (l.rope) {
    const rs = l.rope.ropeScaling;
    const extra = rs.rope_type === 'default' ? '' : `, ${rs.rope_type}${rs.factor ? ` ×${rs.factor}` : ''}`;
    const prf = l.rope.partialRotaryFactor === 1 ? '' : `, ${l.rope.partialRotaryFactor} of the head`;
    parts.push(`RoPE base ${l.rope.base} (dim ${l.rope.dim}${extra}${prf})`);
  } else {
    parts.push(l.queryScale ? `NoPE, query scale (floor ${l.queryScale.floorScale}, scale ${l.queryScale.attnScale})` : 'NoPE');
  }
  if (l.window !== null) parts.push(`window ${l.window}`);
  if (l.chunk !== null) parts.push(`chunk ${l.chunk}`);
  return parts.join(' · ');
}

/**
 * The explorer view of a layer: the kind and params to show, and the rows to show when that kind
 * is newly chosen (rows absent: the current positions), or null (NoPE without a query scale).
 */
export function viewOfLayer(layer, kind) {
  if (layer.rope) return { kind, params: layer.rope };
  // the query temperature changes every floorScale positions: 256 rows 1024 positions apart
  if (layer.queryScale) return { kind: 'query-scale', params: { ...layer.queryScale }, rows: { positions: 256, step: 1024 } };
  return null;
}

export class LayerMap {
  #root;
  #pe;
  #onPick;
  #layers = null;
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

  /** Read a config and draw its strip; throws the PosencError of a config it cannot read. */
  show(config, selected = null) {
    const layers = this.#pe.layersFromConfig(config);
    this.#layers = layers;
    this.#selected = selected;
    this.#draw(config);
    return layers;
  }

  hide() {
    this.#layers = null;
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
      : 'Choose a layer (or a layer type) to see its table.';
  }

  #draw(config) {
    const layers = this.#layers;
    const name = config.text_config?.model_type ?? config.model_type ?? 'model';
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
        class: `layer t-${short(l.type)}${l.rope ? '' : ' nope'}`, dataset: { index: String(l.index), type: l.type },
      }, l.rope ? '' : '∅'));
    }
    strip.addEventListener('click', (e) => {
      const cell = e.target.closest('.layer');
      if (cell) this.#pick(Number(cell.dataset.index));
    });
    this.#root.replaceChildren(
      el('h2', {}, `Layers of ${name}: ${layers.length}`),
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
