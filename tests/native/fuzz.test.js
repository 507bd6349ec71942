// A short libFuzzer run (tests/fuzz/run.sh) inside npm test: the seed corpus and past findings
// (tests/fuzz/regressions) first, then POSENC_FUZZ_SECONDS (default 20: `npm run fuzz` is the longer run) of mutation from a fresh
// corpus directory, so every run starts from the same committed seeds. Then the tensor reader's own
// harness (tests/fuzz/tensor.c, seeds tests/fuzz/tensor-corpus) for POSENC_FUZZ_TENSOR_SECONDS (20), and
// the GGUF reader's (tests/fuzz/gguf.c, seeds tests/fuzz/gguf-corpus) for POSENC_FUZZ_GGUF_SECONDS (20).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './build.js';

const seconds = Number(process.env.POSENC_FUZZ_SECONDS ?? 20);
const tensorSeconds = Number(process.env.POSENC_FUZZ_TENSOR_SECONDS ?? 20);
const ggufSeconds = Number(process.env.POSENC_FUZZ_GGUF_SECONDS ?? 20);

test(`fuzzing the C entry points for ${seconds} s finds nothing`, (t) => fuzz(t, '', 'posenc-fuzz', seconds));
test(`fuzzing the tensor reader for ${tensorSeconds} s finds nothing`, (t) => fuzz(t, 'tensor', 'posenc-fuzz-tensor', tensorSeconds));
test(`fuzzing the GGUF reader for ${ggufSeconds} s finds nothing`, (t) => fuzz(t, 'gguf', 'posenc-fuzz-gguf', ggufSeconds));

function fuzz(t, harness, binary, seconds) {
  assert.ok(Number.isInteger(seconds) && seconds > 0, `fuzz seconds = ${seconds}`);
  const dir = mkdtempSync(join(tmpdir(), 'posenc-fuzz-'));
  try {
    const artifacts = join(dir, 'artifacts');
    mkdirSync(artifacts);
    const r = spawnSync('bash', ['tests/fuzz/run.sh', `-artifact_prefix=${artifacts}/`], {
      cwd: root,
      env: { ...process.env, POSENC_FUZZ_SECONDS: String(seconds), POSENC_FUZZ_CORPUS: join(dir, 'corpus'), POSENC_FUZZ_HARNESS: harness },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const log = `${r.stdout}${r.stderr}`;
    const tail = log.split('\n').filter((l) => !l.startsWith('"')).slice(-40).join('\n');
    if (r.status !== 0) {
      // Keep the reproducer (build/fuzz/artifacts/) and say which request it is.
      const found = readdirSync(artifacts);
      mkdirSync(join(root, 'build/fuzz/artifacts'), { recursive: true });
      const requests = found.map((f) => {
        copyFileSync(join(artifacts, f), join(root, 'build/fuzz/artifacts', f));
        const replay = spawnSync(join(root, 'build/fuzz', binary), [join(artifacts, f)],
          { env: { ...process.env, POSENC_FUZZ_VERBOSE: '1' }, encoding: 'utf8' });
        return `${f}: ${(replay.stderr.match(/^posenc-fuzz[-a-z]*: .*$/gm) ?? []).join('\n')}`;
      });
      assert.fail(`the fuzzer exited with ${r.status ?? r.signal}:\n${tail}\n${requests.join('\n')}`);
    }
    const runs = Number(/^Done (\d+) runs/m.exec(log)?.[1]);
    assert.ok(runs > 100, `expected the fuzzer to run, got:\n${tail}`);
    // A slow unit (over libFuzzer's 10 s report threshold, not its -timeout) says how busy the
    // machine was, not that the code is wrong: kept in build/fuzz/artifacts/ and reported, not failed.
    const found = readdirSync(artifacts);
    const slow = found.filter((f) => f.startsWith('slow-unit-'));
    if (slow.length) {
      mkdirSync(join(root, 'build/fuzz/artifacts'), { recursive: true });
      for (const f of slow) copyFileSync(join(artifacts, f), join(root, 'build/fuzz/artifacts', f));
      t.diagnostic(`slow units kept in build/fuzz/artifacts/: ${slow.join(', ')}`);
    }
    assert.deepEqual(found.filter((f) => !slow.includes(f)), [], 'crash, leak or timeout files were written');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
