// "Check a tensor": a dropped or chosen .npy / .safetensors file checked against the RoPE on screen
// (pe.check): a sentence with the verdict and the likeliest cause, a button that applies the fix to
// the explorer's params, and the error heatmap (got − want, coloured in C). Only the file's header
// and the chosen tensor's bytes are read (a checkpoint of gigabytes is fine).
import { PosencError } from '../posenc.js';
import { el } from './dom.js';

const CAUSES = {
  layout: 'the pairs run the other way (neox k, k + r/2 against gptj 2k, 2k + 1)',
  'rotary-part': 'the rotary part of the head is paired or placed otherwise',
  base: 'another base (rope_theta)',
  scaling: 'rope_scaling left out, or another one applied',
  'attention-factor': 'the attention factor is not applied, or applied twice',
  offset: 'the positions are shifted',
  precision: 'the table or inv_freq is held in lower precision',
  'half-width': 'only r/2 columns, or cos and sin swapped',
};
// Fix keys that describe the tensor's own layout rather than params
const OWN_SIDE = ['pairing', 'rotaryDims', 'halfWidth', 'what'];
const MAX_SIDE = 512;  // the heatmap's pixels per side at most
const num = (v) => (Math.abs(v) >= 1e-3 || v === 0 ? String(Number(v.toPrecision(4))) : v.toExponential(2));

export class TensorCheck {
  #pe;
  #target;
  #apply;
  #file = null;
  #tensor = null;
  #result = null;
  #els;

  /** target(): { kind: 'rope', params } of the view on screen, or null; apply(fix): merge a fix into it. */
  constructor(root, pe, { target, apply }) {
    this.#pe = pe;
    this.#target = target;
    this.#apply = apply;
    const input = el('input', { type: 'file', id: 'check-file', accept: '.npy,.safetensors', 'aria-label': 'A .npy or .safetensors file' });
    const pick = el('select', { id: 'check-tensor', 'aria-label': 'Tensor', hidden: true });
    const sentence = el('p', { id: 'check-result', class: 'check-result', 'aria-live': 'polite' },
      'Drop a .npy or .safetensors file of a cos/sin table, inv_freq or rotated vectors here to check it against the RoPE on screen.');
    const fix = el('button', { type: 'button', id: 'check-apply', hidden: true }, 'Apply the fix');
    const canvas = el('canvas', { id: 'check-heatmap', class: 'check-heatmap', hidden: true, 'aria-label': 'Error heatmap: got − want' });
    const caption = el('p', { class: 'check-caption', hidden: true });
    root.append(el('h2', {}, 'Check a tensor'), el('div', { class: 'check-inputs' }, input, pick), sentence, fix, canvas, caption);
    this.#els = { root, input, pick, sentence, fix, canvas, caption };
    input.addEventListener('change', () => input.files[0] && this.open(input.files[0]));
    pick.addEventListener('change', () => this.#read(pick.value));
    root.addEventListener('dragover', (e) => { e.preventDefault(); root.classList.add('dragging'); });
    root.addEventListener('dragleave', () => root.classList.remove('dragging'));
    root.addEventListener('drop', (e) => {
      e.preventDefault();
      root.classList.remove('dragging');
      const file = e.dataTransfer?.files?.[0];
      if (file) this.open(file);
    });
    fix.addEventListener('click', () => {
      const d = this.#result?.diagnosis[0];
      if (!d) return;
      this.#apply(Object.fromEntries(Object.entries(d.fix).filter(([k]) => !OWN_SIDE.includes(k))));
      this.run();
    });
  }

  /** The last check's result (for the tests), or null. */
  get result() { return this.#result; }

  /** A File or Blob: its header, then the tensor (the first rope-like one of a .safetensors). */
  async open(file) {
    this.#file = file;
    this.#tensor = null;
    try {
      const first = new Uint8Array(await file.slice(0, 16).arrayBuffer());
      const need = this.#pe.tensorHeaderSize(first, { fileSize: file.size });
      const header = this.#pe.tensorHeader(new Uint8Array(await file.slice(0, need).arrayBuffer()), { fileSize: file.size });
      this.#header = header;
      const { pick } = this.#els;
      pick.replaceChildren(...header.tensors.map((t) => el('option', { value: t.name }, `${t.name || file.name} ${t.dtype} [${t.shape.join(', ')}]`)));
      pick.hidden = header.tensors.length < 2;
      const likely = header.tensors.find((t) => /cos|sin|rot|freq/i.test(t.name)) ?? header.tensors[0];
      if (!likely) throw new PosencError(`${file.name} holds no tensor`, 'EINVAL', 'name');
      pick.value = likely.name;
      await this.#read(likely.name);
    } catch (e) {
      this.#fail(e);
    }
  }

  #header = null;

  async #read(name) {
    try {
      const t = this.#header.tensors.find((x) => x.name === name);
      const bytes = new Uint8Array(await this.#file.slice(t.begin, t.end).arrayBuffer());
      this.#tensor = this.#pe.readTensor(bytes, { name: t.name, shape: t.shape, dtype: t.dtype });
      this.run();
    } catch (e) {
      this.#fail(e);
    }
  }

  /** Check the tensor read against the view on screen (again: after a change of params). */
  run() {
    if (!this.#tensor) return;
    const target = this.#target();
    const { sentence, fix } = this.#els;
    if (!target) {
      this.#result = null;
      fix.hidden = true;
      sentence.textContent = 'Choose a RoPE kind (rope, rope-frequencies, …) to check the tensor against.';
      return;
    }
    try {
      const r = this.#pe.check(this.#tensor, target);
      this.#result = r;
      const t = this.#tensor;
      const what = `${t.name || this.#file.name} (${t.dtype} [${t.shape.join(', ')}], read as ${r.what})`;
      const d = r.diagnosis[0];
      if (r.exact) {
        // a table held in bfloat16/float16 (its file says so) is allowed one ulp of it at each value
        const held = [t.dtype, r.params?.dtype];
        const narrow = held.includes('bfloat16') ? 'bfloat16' : held.includes('float16') ? 'float16' : null;
        const bound = narrow ? `float32's bound plus one ${narrow} ulp at each value` : "float32's bound";
        sentence.textContent = `${what} is exact: max abs error ${num(r.maxAbsError)}, within ${bound} (${num(r.tolerance)} at most).`;
      } else {
        const at = r.firstBad ? ` First at row ${r.firstBad.row}, column ${r.firstBad.column}: ${num(r.firstBad.got)} where ${num(r.firstBad.want)} belongs.` : '';
        const cause = d ? ` Likeliest: ${(d.causes ?? [d.cause]).map((c) => CAUSES[c]).join(', and ')}; ${JSON.stringify(d.fix)} leaves max abs error ${num(d.maxAbsError)}.` : ' No single cause explains it.';
        sentence.textContent = `${what} differs: max abs error ${num(r.maxAbsError)}, ${r.badElements} elements over the bound.${at}${cause}`;
      }
      fix.hidden = !d || Object.keys(d.fix).every((k) => OWN_SIDE.includes(k));
      this.#drawErrors(r, target);
    } catch (e) {
      this.#fail(e);
    }
  }

  // got − want where the tensor is laid out as the reference table ([2, P, r] or one plane of it).
  #drawErrors(r, target) {
    const { canvas, caption } = this.#els;
    const t = this.#tensor;
    const shape = t.shape.filter((d) => d !== 1);
    const planes = r.what === 'cos-sin' && shape[0] === 2 ? 2 : r.what === 'cos' || r.what === 'sin' ? 1 : 0;
    const rows = r.rowError.length, cols = r.columnError.length;
    let ref = null, diff = null, image = null;
    try {
      if (!planes) throw new Error('layout');
      // the reference check compared with: rounded to the dtype a BF16/F16 file says
      const dtype = r.params?.dtype ?? target.params.dtype;
      ref = this.#pe.computeView('rope', { ...target.params, ...(dtype ? { dtype } : {}), positions: rows });
      if (ref.shape[2] !== cols) throw new Error('layout');
      const want = planes === 2 ? ref.data : ref.data.subarray(r.what === 'sin' ? rows * cols : 0, (r.what === 'sin' ? 2 : 1) * rows * cols);
      diff = this.#pe.difference(t.data, want);
      const h = planes * rows;
      const width = Math.min(cols, MAX_SIDE), height = Math.min(h, MAX_SIDE);
      image = this.#pe.colormapImage(diff, { map: 'rdbu', rows: h, cols, width, height });
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(image.data), width, height), 0, 0);
      canvas.hidden = false;
      caption.hidden = false;
      caption.textContent = `got − want, ${planes === 2 ? 'cos above sin, ' : ''}rows = positions, columns = the table's; ` +
        `blue below, red above, from ${num(image.vmin)} to ${num(image.vmax)}.`;
    } catch (e) {
      if (e instanceof PosencError) throw e;
      canvas.hidden = true;
      caption.hidden = false;
      caption.textContent = 'The error heatmap needs the table in the reference layout ([2, positions, r] or one plane of it).';
    } finally {
      image?.free();
      diff?.free();
      ref?.free();
    }
  }

  #fail(e) {
    if (!(e instanceof PosencError)) throw e;
    this.#result = null;
    this.#els.fix.hidden = true;
    this.#els.canvas.hidden = true;
    this.#els.sentence.textContent = `Cannot check it: ${e.message}`;
  }
}
