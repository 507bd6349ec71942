/* Bench-only limit kernels (npm run bench compiles this to build/bench/limits.wasm, apart from
 * posenc.wasm): the fastest ways wasm can write n bytes, to put computed tables in proportion.
 * wasm has no non-temporal stores, so a SIMD store loop is the practical ceiling for output that
 * has to be computed; memory.fill is the engine's own fill. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <wasm_simd128.h>
#include <emscripten.h>

/* As in posenc (c/wasm_api.c): no imports, so the two modules' instantiate times compare. */
void emscripten_notify_memory_growth(size_t memory_index) { (void)memory_index; }

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

/* Not a limit: reads n bytes (a multiple of 64; written once before, so they are not the shared
 * zero page) and returns a sum. Reading more than the last-level cache holds leaves it full of
 * these clean lines: the bench runs it before each timed table method, so each starts from the
 * same cold caches, whatever the method before it wrote. */
EMSCRIPTEN_KEEPALIVE uint32_t limits_read(const void *in, double bytes) {
  const char *p = in, *end = p + (size_t)bytes;
  v128_t a = wasm_i32x4_splat(0), b = a, c = a, d = a;
  for (; p + 64 <= end; p += 64) {
    a = wasm_i32x4_add(a, wasm_v128_load(p));
    b = wasm_i32x4_add(b, wasm_v128_load(p + 16));
    c = wasm_i32x4_add(c, wasm_v128_load(p + 32));
    d = wasm_i32x4_add(d, wasm_v128_load(p + 48));
  }
  a = wasm_i32x4_add(wasm_i32x4_add(a, b), wasm_i32x4_add(c, d));
  return (uint32_t)(wasm_i32x4_extract_lane(a, 0) + wasm_i32x4_extract_lane(a, 1) +
                    wasm_i32x4_extract_lane(a, 2) + wasm_i32x4_extract_lane(a, 3));
}

/* Not a limit: a fixed loop of SIMD integer arithmetic with no memory traffic (8 independent
 * chains; clang makes v + (v << 1) an i32x4 multiply by 3, so a chain step is a multiply and an
 * xor), timed on each CPU by the bench next to the memory-heavy methods, to tell a CPU with slow
 * memory access from one with a slower clock. */
EMSCRIPTEN_KEEPALIVE uint32_t limits_spin(int n) {
  const v128_t k = wasm_i32x4_splat((int32_t)0x9e3779b9);
  v128_t v[8];
  for (int j = 0; j < 8; j++) v[j] = wasm_i32x4_splat(j + 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++) v[j] = wasm_v128_xor(wasm_i32x4_add(v[j], wasm_i32x4_shl(v[j], 1)), k);
  uint32_t s = 0;
  for (int j = 0; j < 8; j++) s += (uint32_t)wasm_i32x4_extract_lane(v[j], 0);
  return s;
}
