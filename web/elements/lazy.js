// Lazy rendering, shared by every posenc element: an element's first render waits until the element
// comes near the viewport (IntersectionObserver, ROOT_MARGIN), then goes through one queue that
// draws figures in page order and yields to the event loop before a turn would run past BUDGET_MS,
// so a page of hundreds of figures shows the first ones at once and never blocks input for a long
// task (tests/bench/browser.js --many-only measures it). An element that leaves the page, or scrolls
// far away before its turn, leaves the queue (it joins again when it comes back). Printing draws
// everything still waiting first (beforeprint). Without IntersectionObserver (an old browser) the
// elements render at once, as before.
// Importing this module touches no DOM: a server render can import the elements (tests/browser/ssr.test.js).

/** How far outside the viewport an element starts rendering (CSS margin: vertical, horizontal). */
export const ROOT_MARGIN = '300px 0px';
/** A turn of the queue ends once it has run this long (ms); the next one runs in a new task. */
export const BUDGET_MS = 12;

const waiting = new Map();  // element → { render, kind }, until it has run (near or not)
const queue = new Set();    // the near ones among them, in the order they came near
let near = null;            // WeakSet of the elements within ROOT_MARGIN of the viewport
let observer = null;
let pumping = false;

function watch() {
  if (observer) return observer;
  near = new WeakSet();
  observer = new IntersectionObserver((entries) => {
    for (const { target, isIntersecting } of entries) {
      if (isIntersecting) {
        near.add(target);
        if (waiting.has(target)) queue.add(target);
      } else {
        near.delete(target);
        queue.delete(target);  // scrolled away before its turn: it waits again
      }
    }
    pump();
  }, { rootMargin: ROOT_MARGIN });
  addEventListener('beforeprint', () => flush());
  return observer;
}

// The next task: scheduler.postTask where the browser has it (after pending input), else a
// MessageChannel message (no 4 ms clamp, unlike setTimeout).
let channel = null;
function nextTask(fn) {
  if (globalThis.scheduler?.postTask) {
    globalThis.scheduler.postTask(fn, { priority: 'user-visible' });
    return;
  }
  channel ??= new MessageChannel();
  channel.port1.onmessage = () => fn();
  channel.port2.postMessage(0);
}

function pump() {
  if (pumping || !queue.size) return;
  pumping = true;
  nextTask(turn);
}

// A render's expected cost (ms) per kind of render (the element's view: heatmap, plot): the mean
// of the last ones, roughly (an exponential average). A kind not seen yet runs its code for the
// first time (the slowest run): it starts a turn of its own.
const expected = new Map();

// One turn: renders from the front of the queue while the next one is expected to end within
// BUDGET_MS of the turn's start (the first always runs), then yields.
function turn() {
  const start = performance.now();
  try {
    let first = true;
    for (const el of queue) {
      const t = performance.now();
      const kind = waiting.get(el)?.kind;
      if (!first && t - start + (expected.get(kind) ?? Infinity) > BUDGET_MS) break;
      first = false;
      run(el);
      const ms = performance.now() - t, e = expected.get(kind);
      expected.set(kind, e === undefined ? ms : 0.7 * e + 0.3 * ms);
    }
  } finally {
    pumping = false;
    pump();
  }
}

function run(el) {
  const job = waiting.get(el);
  cancel(el);
  job?.render();
}

/**
 * Render `el` (render(): its first render) once it is near the viewport, in the shared queue.
 * eager: render in the next task's queue turn whether near or not (still one turn at a time).
 * kind: what sort of render it is (renders of one kind cost alike: the queue learns their cost).
 * A second request replaces the first.
 */
export function request(el, render, { eager = false, kind = '' } = {}) {
  if (typeof IntersectionObserver === 'undefined') {
    queueMicrotask(render);
    return;
  }
  const io = watch();
  const known = waiting.has(el);
  waiting.set(el, { render, kind });
  if (!known) io.observe(el);
  if (eager || near.has(el)) {
    queue.add(el);
    pump();
  }
}

/** Whether `el` has a render waiting (off screen, or queued). */
export const pending = (el) => waiting.has(el);

/** Drop `el`'s waiting render (it left the page, or rendered another way). */
export function cancel(el) {
  if (!waiting.delete(el)) return;
  queue.delete(el);
  near.delete(el);  // unobserved: where it is next time is the observer's to say
  observer.unobserve(el);
}

/** Run every waiting render now (printing: each figure must be on paper). */
export function flush() {
  for (const el of [...waiting.keys()]) run(el);
}
