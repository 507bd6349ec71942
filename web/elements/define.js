// define(): register posenc's custom elements under tag names of your choice, without side effects
// on import (the side-effect entry is ../elements.js, which calls define() with the default names).
//   import { define } from 'posenc/elements/define';
//   await define({ heatmap: 'x-heat', plot: 'x-plot' });
// Elements are defined once posenc.wasm has loaded (the one instance every element shares, load()'s
// cache): their attributes and properties come from its registry. Elements already in the page
// upgrade then. If the module cannot load, elements are still defined and show why.
// Without a DOM (a server render, Node) importing this or ../elements.js is safe: define() then
// registers nothing, loads nothing and resolves to { heatmap: null, plot: null } (hasDOM() false).
import { load } from '../posenc.js';
import { attributeTable } from './attributes.js';
import { elementClasses, failedClasses } from './element.js';
import { nextTurn } from './lazy.js';

export const TAGS = Object.freeze({ heatmap: 'posenc-heatmap', plot: 'posenc-plot' });

/** Whether custom elements can be defined here (a browser): false in Node and during a server render. */
export const hasDOM = () => typeof customElements !== 'undefined' && typeof HTMLElement !== 'undefined';

const pending = new Map();  // tag name → the promise of the define() that claimed it

/**
 * Register the elements. options: heatmap / plot (tag names; false skips one), and load() options
 * for the shared instance (wasmURL, wasmBinary). Resolves to { heatmap, plot } (the classes
 * registered, null for a skipped one) once defined; rejects when posenc.wasm cannot be loaded
 * (the elements are defined anyway and display the error). Calling it again with the same names
 * returns the same promise. Without a DOM (hasDOM() false) it resolves to { heatmap: null, plot: null }
 * and does nothing else: the browser's own import of the module defines the elements.
 */
export function define(options = {}) {
  const { heatmap = TAGS.heatmap, plot = TAGS.plot, ...loadOptions } = options;
  const tags = { heatmap, plot };
  const key = JSON.stringify(tags);
  for (const tag of Object.values(tags)) {
    if (tag === false) continue;
    if (typeof tag !== 'string' || !/^[a-z][a-z0-9._]*-[a-z0-9._-]*$/.test(tag)) {
      return Promise.reject(new TypeError(`posenc define(): ${JSON.stringify(tag)} is not a valid custom element name`));
    }
    const claimed = pending.get(tag);
    if (claimed && claimed.key !== key) {
      return Promise.reject(new Error(`posenc define(): <${tag}> is already taken by another define() call`));
    }
  }
  if (!hasDOM()) return Promise.resolve({ heatmap: null, plot: null });
  const again = heatmap !== false ? pending.get(heatmap) : pending.get(plot);
  if (again) return again.promise;

  // Both tags in one task: an element of one defined before the other's would move when its
  // neighbours take their height (a page's layout shifts once, not twice).
  const register = async (classes) => {
    await nextTurn();
    const out = {};
    for (const [view, tag] of Object.entries(tags)) {
      out[view] = null;
      if (tag === false) continue;
      if (!customElements.get(tag)) customElements.define(tag, classes[view]);
      out[view] = customElements.get(tag);
    }
    return out;
  };
  // Tasks, not one: the page's module graph evaluates, the module compiles, the attribute table is
  // built, then the elements upgrade (a page of hundreds of figures keeps each task short).
  const promise = nextTurn().then(() => load(loadOptions)).then(
    async (pe) => {
      await nextTurn();
      return register(elementClasses(pe, attributeTable(pe)));
    },
    async (error) => {
      await register(failedClasses(error));
      throw error;
    },
  );
  for (const tag of Object.values(tags)) if (tag !== false) pending.set(tag, { key, promise });
  return promise;
}
