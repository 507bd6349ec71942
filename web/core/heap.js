// The wasm instance as the computing and colouring modules share it: its exports, the heap as
// bytes and strings and C's error report as a PosencError (Heap); and one caller's results that
// live in the heap, with their budget (Views).
import { PosencError, fmt, describe } from './error.js';

const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');
const CODES = ['OK', 'EINVAL', 'ERANGE', 'ENOMEM'];
let utf8 = null;  // the TextDecoder, made on first use

// What every typed array a view hands out holds (an own, non-enumerable property): the view's heap
// block stays allocated while the view or any of those arrays is reachable.
const BLOCK = Symbol('posenc heap block');

export class Heap {
  #bytes = null;
  #leakWarned = false;

  constructor(exports) {
    /** The module's exports (c/wasm_api.c). */
    this.x = exports;
    /** pe.colormaps once read (colour.js): every caller of the instance shares them. */
    this.colormaps = null;
  }

  /** Warn once per instance that a view was collected without free(). */
  leaked() {
    if (this.#leakWarned) return;
    this.#leakWarned = true;
    console.warn('posenc: a computeView(), colormap() or colormapImage() result was garbage-collected without free(); ' +
      'posenc freed its memory. Call free() (or use `using`) to release it promptly.');
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

  /** "param = value" of C's last error: what sized a refused output. */
  sizedBy() {
    return `${this.str(this.x.pe_js_err_param())} = ${fmt(this.x.pe_js_err_value())}`;
  }

  /** The PosencError of C's last error; `choiceName(param, value)` names an enum's value. */
  error(status, who, choiceName) {
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
    const shown = Number.isNaN(value) && /^(is required|segment )/.test(detail) ? '' : ` = ${choiceName?.(param, value) ?? fmt(value)}`;
    return new PosencError(`posenc ${who}: ${param}${shown} ${detail}${range}`, code, param);
  }
}

/** The default view budget: bytes that results not yet freed may hold together. */
export const VIEW_BUDGET = 2 ** 30;

/** A budget as a caller gives it (load option or pe.viewBudget): a number >= 0. */
export function checkBudget(bytes, who = 'posenc') {
  if (typeof bytes !== 'number' || !(bytes >= 0)) {
    throw new PosencError(`${who}: viewBudget = ${describe(bytes)} is not a number >= 0`, 'EINVAL', 'viewBudget');
  }
  return bytes;
}

// One caller's results living in the heap (each load() facade has its own): their bytes count
// against the caller's budget until free() or until the FinalizationRegistry has released them,
// which happens only once the result and every typed array it handed out are unreachable.
export class Views {
  #heap;
  #live = 0;
  #count = 0;
  #finalizer;

  constructor(heap, budget = VIEW_BUDGET) {
    this.#heap = heap;
    this.budget = budget;
    this.#finalizer = new FinalizationRegistry((held) => {
      this.#release(held);
      heap.leaked();
    });
  }

  #release(held) {
    this.#live -= held.bytes;
    this.#count--;
    this.#heap.x.pe_js_free(held.ptr);
  }

  /** Bytes held by results not yet freed (nor collected). */
  get live() { return this.#live; }

  /** How many more bytes a result may take. */
  room() { return Math.max(0, this.budget - this.#live); }

  /** The ENOMEM a result of `bytes` (sized by `what`) gets when the budget has no room for it. */
  overBudget(who, bytes, what) {
    return new PosencError(`${who}: ${what} needs ${bytes} bytes, but ${this.#count} result(s) not freed hold ` +
      `${this.#live} of the view budget (viewBudget = ${this.budget} bytes): call free() on computeView(), ` +
      'colormap(), colormapImage() and difference() results when done (or use `using`), or raise viewBudget',
      'ENOMEM', 'viewBudget');
  }

  /** Throws overBudget unless `bytes` fit in the room left. */
  reserve(who, bytes, what) {
    if (bytes > this.room()) throw this.overBudget(who, bytes, what);
  }

  // A result living in the heap: `data` is re-created when memory grows, free() releases it, and a
  // result dropped without free() is freed by the FinalizationRegistry (warned once) when neither
  // it nor any array it handed out (data, and subarrays of it) can still be read.
  view(fields, ptr, Type, length, who) {
    const views = this;
    const heap = this.#heap;
    const bytes = length * Type.BYTES_PER_ELEMENT;
    const block = {};
    const held = { ptr, bytes };
    const subarray = function subarray(begin, end) { return tag(Type.prototype.subarray.call(this, begin, end)); };
    const tag = (a) => Object.defineProperties(a, { [BLOCK]: { value: block }, subarray: { value: subarray } });
    let data = null;
    let freed = false;
    const view = {
      ...fields,
      get data() {
        if (freed) throw new PosencError(`${who}: data read after free()`, 'EINVAL', 'data');
        if (!data || data.buffer !== heap.x.memory.buffer) data = tag(new Type(heap.x.memory.buffer, ptr, length));
        return data;
      },
      /** Byte offset of the data in pe.memory.buffer (for handing the pointer back to C). */
      byteOffset: ptr,
      free() {
        if (freed) return;
        freed = true;
        data = null;
        if (ptr && views.#finalizer.unregister(block)) views.#release(held);
      },
      [dispose]() { this.free(); },
    };
    if (ptr) {
      // the view holds the block as the arrays do
      Object.defineProperty(view, BLOCK, { value: block });
      this.#live += bytes;
      this.#count++;
      this.#finalizer.register(block, held, block);
    }
    return view;
  }
}
