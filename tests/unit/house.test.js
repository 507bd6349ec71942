// The house rules a machine can check: no lab notebook in source comments, no reference to a
// document the repository lacks, commit subjects of at most 72 characters. Comments give the reason
// in one clause (timings, machine descriptions, dates belong in commit messages): the words that mark
// such notes must not occur in c/, web/ or build.sh, nor (as words) in tests/ outside the bench's
// history, tests/bench/README.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PATTERN = 'one-off|vCPU|UTC|jitdump';

function grep(pattern, paths, flags = '-inE') {
  const r = spawnSync('git', ['grep', flags, pattern, '--', ...paths], { cwd: REPO, encoding: 'utf8' });
  assert.ok(r.status === 0 || r.status === 1, `git grep failed: ${r.stderr}`);  // 1: no match
  return r.stdout.split('\n').filter(Boolean);
}

test(`no source comment carries a diary entry: git grep -inE '${PATTERN}' over c/, web/, build.sh finds nothing`, () => {
  const hits = grep(PATTERN, ['c/', 'web/', 'build.sh']);
  assert.deepEqual(hits, [], `lab notes in the sources (the reason in one clause; the numbers go in the commit message):\n${hits.join('\n')}`);
});

test(`nor does a test: git grep -IinwE '${PATTERN}' over tests/ (but tests/bench/README.md and this file) finds nothing`, () => {
  // whole words: tests hold binary fuzz inputs and words such as 'outcome'
  const hits = grep(PATTERN, ['tests/', ':!tests/bench/README.md', ':!tests/unit/house.test.js'], '-IinwE');
  assert.deepEqual(hits, [], `lab notes in the tests (the reason in one clause; the numbers go in the commit message):\n${hits.join('\n')}`);
});

test('the search finds such a line where there is one (so the test above can fail)', () => {
  const hits = grep(PATTERN, ['tests/unit/house.test.js']);
  assert.ok(hits.some((h) => h.includes('const PATTERN')), hits.join('\n'));
  const words = grep(PATTERN, ['tests/unit/house.test.js'], '-IinwE');
  assert.ok(words.some((h) => h.includes('const PATTERN')), words.join('\n'));
});

// Every reference resolves inside the repository: the design documents the project started from are
// not in it, so nothing may send a reader to them.
const OUTSIDE = String.raw`(^|[^A-Za-z0-9_-])(API|API-multimodal|API-check|SPEC|PERF-NOTES|STYLE)\.md|\.\./shared/`;
test(`no tracked file refers to a document the repository does not contain: git grep -IE '${OUTSIDE}' finds nothing`, () => {
  const hits = grep(OUTSIDE, ['.', ':!tests/unit/house.test.js', ':!package-lock.json'], '-IE');
  assert.deepEqual(hits, [], `references to documents outside the repository:\n${hits.join('\n')}`);
  // the pattern finds such references (spelt apart here so this file holds none)
  for (const line of [`as ${'SPEC'}.md says`, `(${'API-multimodal'}.md §2)`, `see ..${'/'}shared${'/'}STYLE`]) {
    assert.equal(spawnSync('grep', ['-cE', OUTSIDE], { input: line, encoding: 'utf8' }).stdout.trim(), '1', line);
  }
});

// Commit subjects of at most 72 characters, the detail in the body; checked from the last merge of
// branches written before the rule (96038ef) on.
const SUBJECTS_FROM = '96038ef';
test(`commit subjects since ${SUBJECTS_FROM} are at most 72 characters`, () => {
  const has = spawnSync('git', ['cat-file', '-e', `${SUBJECTS_FROM}^{commit}`], { cwd: REPO });
  assert.equal(has.status, 0, `${SUBJECTS_FROM} is not in this clone's history (a shallow clone cannot check subjects)`);
  const r = spawnSync('git', ['log', '--format=%h %s', `${SUBJECTS_FROM}..HEAD`], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const long = r.stdout.split('\n').filter(Boolean).filter((l) => l.slice(l.indexOf(' ') + 1).length > 72);
  assert.deepEqual(long, [], 'subjects over 72 characters: keep the subject short, the detail in the body');
});

// Every Markdown document a tracked file names (a path ending in .md, from the repository's root or
// from the file's folder) is in the repository: the manual's pages moved out of README, and a
// reference to a page that is not there sends the reader nowhere. In a test file only paths (with a
// folder) count: bare names there are test data; the two files that hold made-up paths are skipped.
const MD_PATH = /(?<![\w:/.-])([\w.-]*[\w-](?:\/[\w.-]+)*\.md)\b/g;
export function namedDocuments(line) {
  return [...line.matchAll(MD_PATH)].map((m) => m[1]);
}
test('every .md path a tracked file names exists (from the root or from that file\'s folder)', () => {
  const hits = grep(String.raw`\.md\b`, ['.', ':!package-lock.json', ':!tests/unit/house.test.js', ':!tests/unit/links.test.js'], '-IE');
  const missing = [];
  let count = 0;
  for (const hit of hits) {
    const [file, ...rest] = hit.split(':');
    for (const name of namedDocuments(rest.join(':'))) {
      if (/\.test\.js$/.test(file) && !name.includes('/')) continue;
      count++;
      if (!existsSync(join(REPO, name)) && !existsSync(join(REPO, dirname(file), name))) missing.push(`${file}: ${name}`);
    }
  }
  assert.ok(count > 50, `${count} mentions`);
  assert.deepEqual([...new Set(missing)], [], 'documents named but not in the repository');
  // what counts as a mention
  assert.deepEqual(namedDocuments("see web/docs/kinds.md, (README.md), 'index.md' and http://127.0.0.1:8080/docs/index.md or '.md'"),
    ['web/docs/kinds.md', 'README.md', 'index.md']);
});
