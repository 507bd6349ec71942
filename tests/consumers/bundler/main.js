// Consumer: an app bundled by esbuild, importing the package as users do. Documented esbuild recipe:
//   esbuild main.js --bundle --format=esm --outdir=dist && cp node_modules/posenc/web/posenc.wasm dist/
import { load } from 'posenc';
import { ready } from 'posenc/elements';

const pe = await load();
const t = pe.compute('rope', { positions: 16, dim: 8 });
document.getElementById('out').textContent = JSON.stringify({ shape: t.shape, data: Array.from(t.data) });
await ready;
document.documentElement.dataset.ready = 'true';
