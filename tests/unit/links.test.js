// Every link of the manual resolves: each Markdown link in README.md, web/docs/*.md and the bench's
// notes (tests/bench/README.md) to a local file exists in the repository, and each #anchor names a
// heading (or an <a id>) of its target, as a code host slugs it. Links outside code only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = join(REPO, 'web/docs');
const FILES = ['README.md', 'tests/bench/README.md', ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => `web/docs/${f}`)];

/** The text outside fenced code blocks and inline code spans. */
function prose(md) {
  return md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '');
}

/** A heading's anchor as GitHub slugs it: lowercase, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  const text = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*`]/g, '');
  return text.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor of a Markdown text: its headings' slugs (repeats numbered -1, -2 …) and <a id>/<a name>. */
export function anchors(md) {
  const out = new Set();
  const seen = new Map();
  for (const m of prose(md.replace(/`([^`\n]*)`/g, '$1')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const s = slug(m[1]);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n ? `${s}-${n}` : s);
  }
  for (const m of md.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]);
  return out;
}

/** The local link targets of a Markdown text: inline links and images, and reference definitions. */
export function links(md) {
  const text = prose(md);
  const targets = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  targets.push(...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]));
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t));  // http:, https:, mailto: …
}

/** What is wrong with the links of file (a path from the repository's root), holding md. */
export function broken(file, md, read = (f) => readFileSync(join(REPO, f), 'utf8')) {
  const problems = [];
  for (const target of links(md)) {
    // A query (an explorer link's view: ../index.html?kind=alibi) is the page's to read; the file must exist.
    const [path, anchor] = target.replace(/\?[^#]*/, '').split('#');
    const to = path ? relative(REPO, resolve(REPO, dirname(file), decodeURIComponent(path))) : file;
    if (to.startsWith('..')) { problems.push(`${target}: leaves the repository`); continue; }
    if (path && !existsSync(join(REPO, to))) { problems.push(`${target}: no file ${to}`); continue; }
    if (anchor === undefined) continue;
    if (path && (!to.endsWith('.md') || statSync(join(REPO, to)).isDirectory())) { problems.push(`${target}: an anchor into ${to}, not a Markdown page`); continue; }
    if (!anchors(to === file ? md : read(to)).has(anchor)) problems.push(`${target}: ${to} has no heading #${anchor}`);
  }
  return problems;
}

test('every local link in README.md, web/docs/*.md and tests/bench/README.md reaches a file, and its anchor a heading', () => {
  assert.ok(FILES.length >= 15, FILES.join(' '));
  let count = 0;
  for (const file of FILES) {
    const md = readFileSync(join(REPO, file), 'utf8');
    count += links(md).length;
    assert.deepEqual(broken(file, md), [], file);
  }
  assert.ok(count > 100, `${count} links checked`);
});

test('every page of web/docs is linked from the manual\'s index, and the index from README', () => {
  const index = readFileSync(join(DOCS, 'index.md'), 'utf8');
  for (const f of readdirSync(DOCS).filter((f) => f.endsWith('.md') && f !== 'index.md')) {
    assert.ok(links(index).includes(f), `web/docs/index.md links ${f}`);
  }
  assert.ok(links(readFileSync(join(REPO, 'README.md'), 'utf8')).includes('web/docs/index.md'));
});

test('the checker finds what is broken: a missing file, a missing heading, a link out of the repository', () => {
  const md = [
    '# Title', '## `rope` — Rotary (cos/sin)', '## Redraw under load (2026-12-01)', '## Title',
    '[ok](kinds.md) [ok](#title-1) [ok](#rope--rotary-cossin) [ok](#redraw-under-load-2026-12-01) [ok](../explorer/screenshot.png)',
    '[bad](nowhere.md) [bad](#nothing) [bad](kinds.md#no-such-heading) [bad](../../../outside.md)',
    '`[code](ignored.md)`', '```', '[fenced](ignored.md)', '```', '[ref]: missing.md', '[web](https://example.com/x.md)',
  ].join('\n');
  assert.deepEqual(broken('web/docs/example.md', md), [
    'nowhere.md: no file web/docs/nowhere.md',
    '#nothing: web/docs/example.md has no heading #nothing',
    'kinds.md#no-such-heading: web/docs/kinds.md has no heading #no-such-heading',
    '../../../outside.md: leaves the repository',
    'missing.md: no file web/docs/missing.md',
  ]);
  assert.equal(slug('Adding a model family'), 'adding-a-model-family');
  assert.equal(slug('`rope-2d`'), 'rope-2d');
});
