#!/usr/bin/env bash
# tests/fuzz/run.sh [libFuzzer flags...] — build (bash build.sh fuzz) and run the posenc fuzzer.
#   npm run fuzz                                  60 s (POSENC_FUZZ_SECONDS overrides)
#   npm run fuzz -- -max_total_time=900 -fork=1   a long run; later flags win
#   npm run fuzz -- build/fuzz/artifacts/crash-…  replay inputs (any argument not starting with -)
# Seeds (tests/fuzz/corpus) and reproducers of past findings (tests/fuzz/regressions) are read-only
# inputs run first; new inputs go to $POSENC_FUZZ_CORPUS (build/fuzz/corpus), crashes to
# build/fuzz/artifacts/ (-artifact_prefix= overrides). Exit status 0 = no finding.
# POSENC_FUZZ_HARNESS=tensor runs the tensor reader's harness (tests/fuzz/tensor.c) from its own
# seeds (tests/fuzz/tensor-corpus) instead; POSENC_FUZZ_HARNESS=gguf the GGUF reader's (tests/fuzz/gguf.c,
# seeds tests/fuzz/gguf-corpus).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash build.sh fuzz >&2
fuzzer=build/fuzz/posenc-fuzz seeds=tests/fuzz/corpus
[ "${POSENC_FUZZ_HARNESS:-}" = tensor ] && fuzzer=build/fuzz/posenc-fuzz-tensor seeds=tests/fuzz/tensor-corpus
[ "${POSENC_FUZZ_HARNESS:-}" = gguf ] && fuzzer=build/fuzz/posenc-fuzz-gguf seeds=tests/fuzz/gguf-corpus
for arg in "$@"; do
  [ "${arg#-}" != "$arg" ] || exec "$fuzzer" "$@"
done
corpus=${POSENC_FUZZ_CORPUS:-build/fuzz/corpus}
mkdir -p "$corpus" build/fuzz/artifacts
dirs=("$corpus" "$seeds")
[ "$seeds" = tests/fuzz/corpus ] && [ -d tests/fuzz/regressions ] && dirs+=(tests/fuzz/regressions)
exec "$fuzzer" -max_total_time="${POSENC_FUZZ_SECONDS:-60}" -max_len=4096 -timeout=60 \
  -artifact_prefix=build/fuzz/artifacts/ -print_final_stats=1 "$@" "${dirs[@]}"
