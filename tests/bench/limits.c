/* Bench-only limit kernels (npm run bench compiles this to build/bench/limits.wasm, apart from
 * posenc.wasm): the fastest ways wasm can write n bytes, to put computed tables in proportion.
 * wasm has no non-temporal stores, so a SIMD store loop is the practical ceiling for output that
 * has to be computed; memory.fill is the engine's own fill. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <wasm_simd128.h>
#include <emscripten.h>

EMSCRIPTEN_KEEPALIVE void *limits_alloc(double bytes) { return malloc((size_t)bytes); }

/* 64 bytes per iteration of v128.store (bytes a multiple of 64). */
EMSCRIPTEN_KEEPALIVE void limits_store(void *out, double bytes) {
  v128_t v = wasm_f32x4_splat(0.5f);
  char *p = out, *end = p + (size_t)bytes;
  for (; p + 64 <= end; p += 64) {
    wasm_v128_store(p, v);
    wasm_v128_store(p + 16, v);
    wasm_v128_store(p + 32, v);
    wasm_v128_store(p + 48, v);
  }
}

/* One memory.fill instruction (-mbulk-memory lowers the builtin to it). */
EMSCRIPTEN_KEEPALIVE void limits_fill(void *out, double bytes) {
  __builtin_memset(out, 0, (size_t)bytes);
}
