// posenc's custom elements, registered as <posenc-heatmap> and <posenc-plot> on import:
//   import 'posenc/elements';
//   <script type="module" src="…/posenc/web/elements.js"></script>
// Other tag names: import { define } from 'posenc/elements/define' (no side effects).
import { define } from './elements/define.js';

/** Resolves to the registered classes { heatmap, plot } once posenc.wasm has loaded (both null without a DOM: a server render). */
export const ready = define();
// A failure is shown by the elements themselves (and their posenc-error events); await `ready` to handle it.
ready.catch(() => {});
