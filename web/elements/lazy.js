// Lazy rendering, shared by every posenc element: an element's first render waits until the element
// comes near the viewport (IntersectionObserver, ROOT_MARGIN), then goes through one queue that
// draws figures in page order, a turn per frame: a turn ends before it would run past BUDGET_MS,
// and the next one waits for the frame that paints what it drew (so no frame commits the canvases
// of many figures at once). A kind of render may come with preparing steps (the views' warm-ups:
// throwaway heatmaps and Chart.js plots), each run in a turn of its own before the first render of
// that kind. A render may also come in steps (a plot's first chart, a heatmap's grid and inset:
// views/scene.js): it returns the rest of itself, which runs in a later turn, ahead of every other
// waiting render. So a page of hundreds of figures shows the first ones at once and keeps input
// waiting no longer than one step of a figure's render (tests/bench/browser.js --many-only
// measures it). An element that leaves the page, or scrolls far away before its turn, leaves the
// queue (it joins again when it comes back). Printing draws everything still waiting first
// (beforeprint). Without IntersectionObserver (an old browser) the elements render at once, as
// before.
// Importing this module touches no DOM: a server render can import the elements (tests/browser/ssr.test.js).

/** How far outside the viewport an element starts rendering (CSS margin: vertical, horizontal). */
export const ROOT_MARGIN = '300px 0px';
/** A turn of the queue ends once it has run this long (ms); the next one runs in a new task. */
export const BUDGET_MS = 12;

const waiting = new Map();  // element → { render, kind, prepare, eager, (a step:) base, step }, until it has run (near or not)
const queue = new Set();    // the near ones among them, in the order they came near
const going = new Set();    // the ones whose render has begun: their next step runs before any other render
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
        if (!waiting.get(target)?.eager) queue.delete(target);  // scrolled away before its turn: it waits again
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
const posted = [];  // the callbacks of the messages in flight, in order
function nextTask(fn) {
  if (globalThis.scheduler?.postTask) {
    globalThis.scheduler.postTask(fn, { priority: 'user-visible' });
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => posted.shift()();
  }
  posted.push(fn);
  channel.port2.postMessage(0);
}

/** A promise that resolves in a new task (after pending input, where the browser can tell). */
export const nextTurn = () => new Promise((resolve) => nextTask(resolve));

/** Run fn in a task after the next frame (a hidden page has none: in the next task). */
export function afterFrame(fn) {
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(() => nextTask(fn));
  else nextTask(fn);
}

function pump() {
  if (pumping || !(queue.size || going.size)) return;
  pumping = true;
  afterFrame(turn);
}

const NONE = Object.freeze([]);
const steps = new Map();  // a request's prepare list → its steps not run yet (each list runs once per page)

// A render's expected cost (ms) per kind of render (an element's view and encoding): the mean
// of the last ones, roughly (an exponential average). A kind not seen yet runs its code for the
// first time (the slowest run): it starts a turn of its own.
const expected = new Map();

// The render to run next: a begun one's next step, else the front of the queue.
function next() {
  for (const el of going) return el;
  for (const el of queue) return el;
  return null;
}

// One turn: renders (and steps of renders) from the front while the next one is expected to end
// within BUDGET_MS of the turn's start (the first always runs), then yields. A render whose kind
// has a preparing step left runs that step instead, in a turn of its own.
function turn() {
  const start = performance.now();
  try {
    let first = true;
    for (let el = next(); el; el = next()) {
      const t = performance.now();
      const { kind, prepare } = waiting.get(el);
      const left = steps.get(prepare);
      if (left?.length) {
        // a step that fails changes nothing: the render after it reports what is wrong
        if (first) try { left.shift()(); } catch { /* the render says it */ }
        break;
      }
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

// Run el's render (or its next step); a render that returns the rest of itself waits for a later
// turn, ahead of the queue (each step a kind of its own: the queue learns its cost). all: run
// every step now.
function run(el, all = false) {
  const job = waiting.get(el);
  cancel(el);
  let rest = job?.render();
  if (all) while (typeof rest === 'function') rest = rest();
  if (typeof rest !== 'function') return;
  const step = (job.step ?? 0) + 1, base = job.base ?? job.kind;
  waiting.set(el, { render: rest, kind: `${base} step ${step}`, base, step, prepare: NONE, eager: true });
  going.add(el);
}

/**
 * Render `el` (render(): its first render) once it is near the viewport, in the shared queue.
 * render() may return the rest of the render (a function, which may return the rest again): it
 * runs in a later turn, ahead of the renders that have not begun, near or not.
 * eager: render in the next task's queue turn whether near or not (still one turn at a time).
 * kind: what sort of render it is (renders of one kind cost alike: the queue learns their cost).
 * prepare: steps to run, each in a turn of its own, before the first render of any request that
 * gives the same list (once per page). A second request replaces the first.
 */
export function request(el, render, { eager = false, kind = '', prepare = NONE } = {}) {
  if (typeof IntersectionObserver === 'undefined') {
    queueMicrotask(render);
    return;
  }
  const io = watch();
  if (!steps.has(prepare)) steps.set(prepare, [...prepare]);
  const known = waiting.has(el);
  waiting.set(el, { render, kind, prepare, eager });
  if (!known) io.observe(el);
  if (eager || near.has(el)) {
    queue.add(el);
    pump();
  }
}

/** What the queue expects a render (or a step of one) of each kind to cost, in ms: the costs it has learned. */
export const estimates = () => Object.fromEntries(expected);

/** Whether `el` has a render waiting (off screen, or queued). */
export const pending = (el) => waiting.has(el);

/** Drop `el`'s waiting render (it left the page, or rendered another way). */
export function cancel(el) {
  if (!waiting.delete(el)) return;
  queue.delete(el);
  going.delete(el);
  near.delete(el);  // unobserved: where it is next time is the observer's to say
  observer.unobserve(el);
}

/** Run every waiting render now (printing: each figure must be on paper). */
export function flush() {
  for (const el of [...waiting.keys()]) run(el, true);
}
