// posenc's manual theme: VitePress's default, plus the package's elements, registered in the browser
// only (the server render writes the empty tags, which upgrade on load and after each client-side
// move: a custom element upgrades whenever the router inserts it).
import DefaultTheme from 'vitepress/theme';
import './custom.css';

export default {
  extends: DefaultTheme,
  enhanceApp() {
    if (!import.meta.env.SSR) import('../../../elements.js');
  },
};
