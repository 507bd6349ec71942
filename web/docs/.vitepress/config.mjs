// The manual's site: VitePress builds web/docs/*.md as they are (the Markdown stays the source a code
// host shows). `npm run docs` writes build/docs; POSENC_DOCS_BASE sets the sub-path it is served
// under (default /docs/, where web/tools/serve.js serves it beside the explorer), POSENC_DOCS_OUT
// another folder to write it to (the tests' sub-path build).

import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const base = process.env.POSENC_DOCS_BASE ?? '/docs/';

// The sidebar follows the manual's index (web/docs/index.md's table), so the two cannot drift.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
const index = readFileSync(new URL('../index.md', import.meta.url), 'utf8');
const pages = [...index.matchAll(/^\| \[([^\]]+)\]\(([\w-]+)\.md\)/gm)].map(([, text, page]) => ({ text, link: `/${page}` }));

// Links that leave web/docs point into the repository (README.md, tests/bench/README.md), which the
// site does not hold: on the site they become the file's name, not a dead link.
function repositoryLinks(md) {
  // Inline code is shown as written: `{{< posenc >}}` (Hugo's) is not a Vue interpolation.
  const code = md.renderer.rules.code_inline;
  md.renderer.rules.code_inline = (tokens, i, ...rest) => code(tokens, i, ...rest).replace(/^<code/, '<code v-pre');
  md.core.ruler.push('posenc-repository-links', (state) => {
    for (const block of state.tokens) {
      for (const [i, t] of (block.children ?? []).entries()) {
        const href = t.type === 'link_open' && t.attrGet('href');
        if (href && href.startsWith('../index.html?')) {
          // An explorer link, left as written (VitePress would resolve it as a page of the manual).
          const close = block.children.slice(i).find((c) => c.type === 'link_close');
          Object.assign(t, { type: 'html_inline', content: `<a class="explore" href="${md.utils.escapeHtml(href)}" target="_self">` });
          Object.assign(close, { type: 'html_inline', content: '</a>' });
          continue;
        }
        if (!href || !/^\.\.\/\.\.\//.test(href)) continue;
        const file = href.replace(/^(\.\.\/)+/, '').replace(/#.*/, '');
        t.tag = 'span';
        t.attrs = [['class', 'repository-file'], ['title', `${file} in the repository`]];
        const close = block.children.slice(i).find((c) => c.type === 'link_close');
        close.tag = 'span';
      }
    }
  });
}

// The list of the built site's files, which public/sw.js caches so the manual works offline once loaded.
function offlineList({ outDir }) {
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  const files = walk(outDir).map((f) => relative(outDir, f).split('\\').join('/')).filter((f) => f !== 'sw.js' && f !== 'offline.json');
  writeFileSync(join(outDir, 'offline.json'), JSON.stringify(['./', ...files.sort()]));
}

export default {
  title: 'posenc',
  description: 'Every positional encoding real transformers use, computed in your browser',
  base,
  // the explorer's icon: without one the browser asks for /favicon.ico and logs the 404 as an error
  head: [['link', { rel: 'icon', type: 'image/svg+xml', href: `${base}favicon.svg` }]],
  srcExclude: ['**/node_modules/**'],
  outDir: process.env.POSENC_DOCS_OUT ?? '../../build/docs',
  cacheDir: '../../build/docs-cache',
  cleanUrls: false,
  // The explorer beside the manual (web/index.html, at the base's parent): its links open it on a view.
  ignoreDeadLinks: [/^\.\.\/index\.html/],
  lastUpdated: false,
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('posenc-') } } },
  // The Hugo templates of web/docs/sites.md: highlighted as HTML (Shiki has no Go template grammar).
  markdown: { config: repositoryLinks, languageAlias: { 'go-html-template': 'html' } },
  buildEnd: offlineList,
  vite: {
    // The package's own files (web/elements.js …) are imported from outside the site's root.
    server: { fs: { allow: [fileURLToPath(new URL('../../..', import.meta.url))] } },
    build: { chunkSizeWarningLimit: 4096 },
  },
  themeConfig: {
    nav: [{ text: 'Tutorial', link: '/tutorial' }, { text: 'Explorer', link: '/../index.html', target: '_self', rel: 'external' }],
    sidebar: [{ text: 'The manual', items: [{ text: 'Contents', link: '/' }, ...pages] }],
    search: { provider: 'local' },
    outline: [2, 3],
  },
};

