// A llama.cpp GGUF file from the user's disk: its header and rope tensors read by File.slice (a
// multi-GB model is never read whole), what llama.cpp computes for it layer by layer
// (pe.layersFromGGUF), and a panel that lists the layers and hands a chosen one to the explorer.
// Every check and every number is C's (pe.ggufHeaderSize, readGGUF, ggufTensor, shape).
import { el } from './dom.js';
import { describeLayer } from './layers.js';
import { ggufRopeTensors, PosencError } from '../posenc.js';
import { formatInt } from './zoom.js';

const FIRST_READ = 1 << 16;
// A model's header is a few MB (Llama 3's vocabulary: 9 MB); a lying length or count inside a large
// file could otherwise ask the page to read GBs before anything else is refused.
const MAX_HEADER = 64 * 2 ** 20;

/**
 * Read a File (or Blob) as GGUF: { gguf, tensors: { name: Float32Array }, bytesRead }. The header
 * grows from the first 64 KiB to exactly what ggufHeaderSize asks for (a lower bound never past the
 * header's end), only the new bytes being read; then each rope tensor's range the reads so far do
 * not hold. bytesRead: the bytes sliced out of the file. A header that needs more than maxHeader
 * bytes (default 64 MiB) is refused (ENOMEM, param maxHeader) before they are read.
 */
export async function readGGUFBlob(pe, file, { firstRead = FIRST_READ, maxHeader = MAX_HEADER } = {}) {
  const fileSize = file.size;
  let bytesRead = 0;
  const read = async (from, to) => {
    const bytes = new Uint8Array(await file.slice(from, to).arrayBuffer());
    // a file changed on disk since it was chosen gives fewer bytes than asked
    if (bytes.length !== to - from) {
      throw new PosencError(`posenc: ${file.name ?? 'the file'} gave ${bytes.length} of bytes ${from}..${to} (it changed on disk?)`, 'ERANGE', 'bytes');
    }
    bytesRead += bytes.length;
    return bytes;
  };
  let head = await read(0, Math.min(fileSize, firstRead));
  for (let need; (need = pe.ggufHeaderSize(head, { fileSize })) > head.length;) {
    if (need > maxHeader) {
      throw new PosencError(`posenc: the header of ${file.name ?? 'the file'} needs at least ${need} bytes, past maxHeader = ${maxHeader} ` +
        '(a model\'s header is a few MB: a length or count in it claims more)', 'ENOMEM', 'maxHeader');
    }
    const next = new Uint8Array(need);
    next.set(head);
    next.set(await read(head.length, need), head.length);
    head = next;
  }
  const gguf = pe.readGGUF(head, { fileSize });
  const tensors = {};
  for (const name of ggufRopeTensors(gguf)) {
    const t = gguf.tensors.find((x) => x.name === name);
    const bytes = t.end <= head.length ? head.subarray(t.begin, t.end) : await read(t.begin, t.end);
    tensors[name] = pe.ggufTensor(gguf, name, bytes);
  }
  return { gguf, tensors, bytesRead, fileSize };
}

/**
 * The GGUF panel: the file's architecture, its layers as llama.cpp computes them, the engine's rules,
 * the bytes read; a layer chosen calls onPick(entry). A file it cannot read shows the PosencError's
 * message (which names the key or tensor) and leaves the rest of the page as it was.
 */
export class GGUFPanel {
  #root;
  #pe;
  #onPick;
  #file = null;     // { name, gguf, tensors, bytesRead, fileSize } of the file shown
  #layers = null;
  #context;
  #selected = null;
  /** The most bytes of header read from a file (readGGUFBlob's maxHeader). */
  maxHeader = MAX_HEADER;

  constructor(root, pe, onPick) {
    this.#root = root;
    this.#pe = pe;
    this.#onPick = onPick;
    root.hidden = true;
  }

  get layers() { return this.#layers; }

  /** The file shown: { name, arch, bytesRead, fileSize, tensors: [names] } or null. */
  get file() {
    const f = this.#file;
    return f && { name: f.name, arch: f.gguf.metadata['general.architecture'], bytesRead: f.bytesRead, fileSize: f.fileSize, tensors: Object.keys(f.tensors) };
  }

  /** Read a File and show it; resolves to its layers (null when refused: the message is shown). */
  async open(file) {
    this.#status(`Reading the header of ${file.name}…`);
    let read;
    try {
      read = await readGGUFBlob(this.#pe, file, { maxHeader: this.maxHeader });
    } catch (e) {
      return this.#refuse(e, file.name);
    }
    this.#file = { name: file.name, ...read };
    this.#context = undefined;
    this.#selected = null;
    return this.#read();
  }

  /** Mark the chosen layer. */
  select(index) {
    this.#selected = index;
    for (const b of this.#root.querySelectorAll('.gguf-layer')) b.setAttribute('aria-selected', String(Number(b.dataset.index) === index));
  }

  hide() {
    this.#file = null;
    this.#layers = null;
    this.#root.hidden = true;
    this.#root.replaceChildren();
  }

  // the layers at the context chosen (LongRoPE's factors depend on it), drawn
  #read() {
    const f = this.#file;
    try {
      this.#layers = this.#pe.layersFromGGUF(f.gguf, { tensors: f.tensors, context: this.#context });
    } catch (e) {
      return this.#refuse(e, f.name);
    }
    this.#draw();
    return this.#layers;
  }

  #status(text) {
    this.#root.hidden = false;
    this.#root.replaceChildren(el('h2', {}, 'GGUF file'), el('p', { class: 'gguf-status', 'aria-live': 'polite' }, text));
  }

  #refuse(e, name) {
    if (!(e instanceof PosencError)) throw e;
    this.#layers = null;
    this.#root.hidden = false;
    this.#root.replaceChildren(el('h2', {}, `GGUF file ${name}`),
      el('p', { class: 'error gguf-error', role: 'alert', dataset: { param: String(e.param ?? '') } }, e.message));
    return null;
  }

  #draw() {
    const f = this.#file;
    const layers = this.#layers;
    const arch = f.gguf.metadata['general.architecture'];
    const names = Object.keys(f.tensors);
    const read = `Read ${formatInt(f.bytesRead)} of ${formatInt(f.fileSize)} bytes: the header` +
      `${names.length ? ` and ${names.join(', ')}` : ' (no rope tensor in this file)'}.`;
    const rules = new Map();
    for (const l of layers) for (const r of l.engine.rules) rules.set(r.rule, r);
    const context = el('input', { type: 'number', id: 'gguf-context', min: '1', step: '1', value: this.#context ?? '',
      placeholder: `${f.gguf.metadata[`${arch}.context_length`] ?? 2048} (trained)` });
    const contextError = el('p', { class: 'error', id: 'gguf-context-error', role: 'alert', hidden: true });
    context.addEventListener('change', () => {
      const value = context.value === '' ? undefined : Number(context.value);
      // a context C refuses (0, 1.5, past INT_MAX) is said next to the field; the file's list stays
      try {
        this.#pe.layersFromGGUF(f.gguf, { tensors: f.tensors, context: value });
      } catch (e) {
        if (!(e instanceof PosencError)) throw e;
        contextError.textContent = e.message;
        contextError.hidden = false;
        return;
      }
      this.#context = value;
      const chosen = this.#selected;
      if (this.#read() && chosen !== null) this.#pick(chosen);
    });
    const list = el('ol', { class: 'gguf-layers', role: 'listbox', 'aria-label': 'Layers of the GGUF file', start: '0' });
    // one item per layer, appended one by one (a file may claim 65536 layers)
    for (const l of layers) {
      list.append(el('li', {}, el('button', { type: 'button', role: 'option', class: 'gguf-layer', 'aria-selected': 'false',
        dataset: { index: String(l.index), type: l.type }, disabled: !l.rope }, `${l.index}: ${describeLayer(l)}`)));
    }
    list.addEventListener('click', (e) => {
      const b = e.target.closest('.gguf-layer');
      if (b) this.#pick(Number(b.dataset.index));
    });
    this.#root.replaceChildren(
      el('h2', {}, `GGUF file ${f.name}: ${arch}, ${layers.length} layers, as llama.cpp computes it`),
      el('p', { class: 'gguf-read' }, read),
      el('div', { class: 'row' }, el('label', { for: 'gguf-context' }, 'context per sequence'), context,
        el('p', { class: 'help' }, 'llama.cpp\'s n_ctx / n_seq: picks LongRoPE\'s long or short factors; empty: the trained context'),
        contextError),
      el('ul', { class: 'gguf-rules', 'aria-label': 'llama.cpp rules' },
        ...[...rules.values()].map((r) => el('li', { dataset: { rule: r.rule } }, `${r.rule}: ${r.effect}`))),
      list,
    );
    this.#root.hidden = false;
    this.select(this.#selected);
  }

  #pick(index) {
    this.select(index);
    this.#onPick(this.#layers[index]);
  }
}
