// The wasm instance as the computing and colouring modules share it: its exports, the heap as
// bytes and strings, C's error report as a PosencError, and results that live in the heap.
import { PosencError, fmt } from './error.js';

const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');
const CODES = ['OK', 'EINVAL', 'ERANGE', 'ENOMEM'];
let utf8 = null;  // the TextDecoder, made on first use

export class Heap {
  #bytes = null;
  #leakWarned = false;
  #finalizer;

  constructor(exports) {
    /** The module's exports (c/wasm_api.c). */
    this.x = exports;
    this.#finalizer = new FinalizationRegistry((ptr) => {
      this.x.pe_js_free(ptr);
      if (!this.#leakWarned) {
        this.#leakWarned = true;
        console.warn('posenc: a computeView(), colormap() or colormapImage() result was garbage-collected without free(); ' +
          'posenc freed its memory. Call free() (or use `using`) to release it promptly.');
      }
    });
  }

  u8() {
    if (!this.#bytes || this.#bytes.buffer !== this.x.memory.buffer) this.#bytes = new Uint8Array(this.x.memory.buffer);
    return this.#bytes;
  }

  // A NUL-terminated string from the heap; one decoder for all, as making one per string is what
  // reading the registry's ~400 strings would spend its time on.
  str(ptr) {
    const heap = this.u8();
    return (utf8 ??= new TextDecoder()).decode(heap.subarray(ptr, heap.indexOf(0, ptr)));
  }

  /** Throws the PosencError C reported for `status` (nonzero) in a call made for `who`. */
  check(status, who) {
    if (status !== 0) throw this.error(status, who);
  }

  error(status, who) {
    const x = this.x;
    const param = this.str(x.pe_js_err_param());
    const value = x.pe_js_err_value();
    const min = x.pe_js_err_min();
    const max = x.pe_js_err_max();
    const detail = this.str(x.pe_js_err_detail());
    const code = CODES[status] ?? 'EINVAL';
    let range = '';
    if (code === 'ENOMEM') range = Number.isNaN(max) ? '' : ` (cap: ${max} bytes; raise it with the maxBytes option or pe.maxBytes)`;
    else if (!Number.isNaN(min) && !Number.isNaN(max)) range = ` (allowed: ${min} to ${max})`;
    else if (!Number.isNaN(min)) range = ` (needs at least ${min})`;
    // A required parameter that was not given, and a sequence's segment, have no value to show.
    const shown = Number.isNaN(value) && /^(is required|segment )/.test(detail) ? '' : ` = ${fmt(value)}`;
    return new PosencError(`posenc ${who}: ${param}${shown} ${detail}${range}`, code, param);
  }

  // A result living in the heap: `data` is re-created when memory grows, free() releases it, and a
  // result dropped without free() is freed by the FinalizationRegistry (warned once).
  view(fields, ptr, Type, length, who) {
    const heap = this;
    let data = null;
    let freed = false;
    const token = {};
    const view = {
      ...fields,
      get data() {
        if (freed) throw new PosencError(`${who}: data read after free()`, 'EINVAL', 'data');
        if (!data || data.buffer !== heap.x.memory.buffer) data = new Type(heap.x.memory.buffer, ptr, length);
        return data;
      },
      /** Byte offset of the data in pe.memory.buffer (for handing the pointer back to C). */
      byteOffset: ptr,
      free() {
        if (freed) return;
        freed = true;
        data = null;
        heap.#finalizer.unregister(token);
        heap.x.pe_js_free(ptr);
      },
      [dispose]() { this.free(); },
    };
    if (ptr) this.#finalizer.register(view, ptr, token);
    return view;
  }
}
