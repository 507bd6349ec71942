// Types of posenc/elements: importing it registers <posenc-heatmap> and <posenc-plot>.
import type { ElementClasses, PosencHeatmapElement, PosencPlotElement } from './elements/define.js';

export type { PosencElement, PosencHeatmapElement, PosencPlotElement, PosencElementEventMap, ElementClasses }
  from './elements/define.js';

/** Resolves to the registered classes once posenc.wasm has loaded; without a DOM (a server render), to both null. */
export declare const ready: Promise<ElementClasses>;

declare global {
  interface HTMLElementTagNameMap {
    'posenc-heatmap': PosencHeatmapElement;
    'posenc-plot': PosencPlotElement;
  }
}
