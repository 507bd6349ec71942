// Consumer: an app importing the package as README's "Install" shows, built by each bundler with its
// default settings (tests/sites/consumers.test.js). The app also draws with Chart.js of its own, to see
// whether the elements share that copy. No top-level await: Vite's default build target lacks it.
import Chart from 'chart.js/auto';
import { load } from 'posenc';
import { ready } from 'posenc/elements';

async function main() {
  const pe = await load();
  const m = pe.compute('sinusoidal', { positions: 50, dim: 64 });
  await ready;
  const plot = document.querySelector('posenc-plot');
  await new Promise((resolve) => {
    if (plot.status !== 'loading') resolve();
    else plot.addEventListener('posenc-render', resolve, { once: true });
  });
  return {
    shape: m.shape, seed: m.data[64], row2col0: m.data[128],
    // One Chart.js when the bundler followed package.json's "browser" field: the plot's chart is
    // registered with the app's Chart.
    sharedChart: Object.values(Chart.instances).includes(plot.view?.chart),
  };
}

main().then((out) => {
  document.getElementById('out').textContent = JSON.stringify(out);
  document.documentElement.dataset.ready = 'true';
}, (e) => console.error(e));
