// Consumer: esbuild with the wasm imported as a file (--loader:.wasm=file) and handed to load()
// and define(); other tag names through posenc/elements/define, which registers nothing by itself.
import wasmURL from 'posenc/posenc.wasm';
import { load } from 'posenc';
import { define } from 'posenc/elements/define';

const pe = await load({ wasmURL });
const t = pe.compute('t5', { queries: 6, bidirectional: false });
await define({ heatmap: 'my-heatmap', plot: 'my-plot', wasmURL });
document.getElementById('out').textContent = JSON.stringify({
  shape: t.shape, data: Array.from(t.data), wasmURL,
  defaultTags: [customElements.get('posenc-heatmap'), customElements.get('posenc-plot')].map(Boolean),
  shared: document.querySelector('my-heatmap').pe === pe,
});
document.documentElement.dataset.ready = 'true';
