// The code blocks of posenc's own docs that the tests run: a block is named by its first line (a
// comment naming the file it belongs in), so a test reads what the docs show, and the docs cannot
// drift from what is tested.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const REPO = new URL('..', import.meta.url);

/** The text of a Markdown file of the repository (path relative to its root). */
export const doc = (path) => readFileSync(new URL(path, REPO), 'utf8');

/** The code block of markdown whose first line is `first` (with it), for the file `name` says. */
export function codeBlock(markdown, first, name = 'the document') {
  const block = [...markdown.matchAll(/```[\w-]*\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.startsWith(`${first}\n`));
  assert.ok(block, `${name} has no code block starting with ${first}`);
  return block;
}
