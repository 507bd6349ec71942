// posenc's manual theme: VitePress's default, plus the package's elements, registered in the browser
// only (the server render writes the empty tags, which upgrade on load and after each client-side
// move: a custom element upgrades whenever the router inserts it).
import DefaultTheme from 'vitepress/theme';
import { withBase } from 'vitepress';
import './custom.css';

export default {
  extends: DefaultTheme,
  enhanceApp() {
    if (import.meta.env.SSR) return;
    import('../../../elements.js');
    // The built site caches itself for offline reading (public/sw.js); not the dev server.
    if (import.meta.env.PROD && 'serviceWorker' in navigator) navigator.serviceWorker.register(withBase('/sw.js')).catch(() => {});
  },
};
