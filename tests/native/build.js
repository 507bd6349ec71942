// `bash build.sh native` for the tests that run the native builds (posenc-native, mathlib-check).
// Returns false when they are built, a skip reason when there is no C compiler at all; any other
// build failure fails the calling test file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function buildNative() {
  const r = spawnSync('bash', [join(root, 'build.sh'), 'native'], { cwd: root, encoding: 'utf8' });
  if (r.status === 0) return false;
  const cc = spawnSync('cc', ['--version']);
  if (cc.error || cc.status !== 0) return `no C compiler (cc) for the native builds: ${r.stderr.trim()}`;
  assert.fail(`bash build.sh native failed:\n${r.stderr}`);
}
