#!/usr/bin/env bash
# build.sh [setup] [vendor] [native] [fuzz] — build posenc.
#   (always)  web/posenc.wasm from c/*.c with Debian's Emscripten (installed with apt when missing)
#   setup     also install what tests and the explorer need: node_modules (npm ci), Chromium,
#             python3-numpy (the explorer test loads its .npy export with numpy.load), python3-torch
#             (tests/native/cast.test.js checks the caches torch makes), MkDocs
#             with the Material theme (tests/sites/consumers.test.js builds docs sites), and Sphinx,
#             nbconvert and Hugo (tests/sites/docs-sites.test.js); implies vendor
#   vendor    also bundle, with esbuild from node_modules, Chart.js (the chart.js dependency) as one
#             ES module, web/vendor/chart.js, where the views load it from when no bundler maps it;
#             and web/dist/posenc.mjs, the package entry as one file (for CDN-style imports), and
#             web/dist/posenc-elements.mjs, the elements with the views, Chart.js and the wasm in one
#             file (one <script type=module> defines them). The package ships all three (`npm pack`
#             runs `build.sh vendor`)
#   native    also build/native/posenc-native: the same C under -fsanitize=address,undefined, and
#             build/native/mathlib-check (+ .wasm): tests/mathlib/check.c natively and in wasm
#   fuzz      also build/fuzz/posenc-fuzz: libFuzzer harness tests/fuzz/fuzz.c (clang, ASan + UBSan), and
#             build/fuzz/posenc-fuzz-tensor: tests/fuzz/tensor.c over the .npy/.safetensors reader, and
#             build/fuzz/posenc-fuzz-gguf: tests/fuzz/gguf.c over the GGUF header reader
# Always, too: web/core/wasm-bytes.js, posenc.wasm's bytes in base64, which load() uses by default.
# Outputs are git-ignored. Rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")"

setup=0 native=0 fuzz=0 vendor=0
for arg in "$@"; do
  case "$arg" in
    setup) setup=1 vendor=1 ;;
    vendor) vendor=1 ;;
    native) native=1 ;;
    fuzz) fuzz=1 ;;
    *) echo "build.sh: unknown argument '$arg' (expected: setup, vendor, native, fuzz)" >&2; exit 2 ;;
  esac
done

apt_updated=0
apt_install() {  # apt_install PACKAGE... — root on Debian; says what to do otherwise
  if [ "$(id -u)" != 0 ]; then
    echo "build.sh: please install: $* (apt-get install $*)" >&2
    exit 1
  fi
  if [ $apt_updated = 0 ]; then apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

command -v emcc >/dev/null || apt_install emscripten
export NODE_PATH=/usr/share/nodejs   # Debian's emcc runs its JS optimizer with the system node

if [ $setup = 1 ]; then
  [ -x /usr/bin/chromium ] || apt_install chromium
  /usr/bin/python3 -c 'import numpy' 2>/dev/null || apt_install python3-numpy
  /usr/bin/python3 -c 'import torch' 2>/dev/null || apt_install python3-torch  # tests/check/torch-caches.py
  command -v mkdocs >/dev/null && [ -d /usr/share/mkdocs/themes/material ] || apt_install mkdocs mkdocs-material
  # the docs-site recipes of web/docs/sites.md that Debian packages (tests/sites/docs-sites.test.js)
  command -v sphinx-build >/dev/null && command -v jupyter-nbconvert >/dev/null && command -v hugo >/dev/null ||
    apt_install python3-sphinx jupyter-nbconvert hugo
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
fi

if [ $vendor = 1 ]; then
  # Chart.js as one ES module next to the views: plain static hosting works without import maps or
  # a CDN (its dist/chart.js imports @kurkle/color by a bare name, which browsers cannot resolve).
  # Minified as its UMD build is; its licence comment stays at the top, under V8's compile hint
  # (https://v8.dev/blog/explicit-compile-hints): a browser that streams the module compiles every
  # function of it then, off the main thread, not at its first call in a page's first plot.
  auto=node_modules/chart.js/auto/auto.js
  [ -e $auto ] || { echo "build.sh: $auto is missing: run npm ci (or build.sh setup)" >&2; exit 1; }
  mkdir -p web/vendor
  if ! [ web/vendor/chart.js -nt $auto ] || [ build.sh -nt web/vendor/chart.js ]; then
    node_modules/.bin/esbuild $auto --bundle --format=esm --minify --legal-comments=inline \
      --banner:js='//# allFunctionsCalledOnLoad' --log-level=warning --outfile=web/vendor/chart.js.tmp.js
    mv web/vendor/chart.js.tmp.js web/vendor/chart.js
  fi
fi

sources=(c/*.c)
newer() {  # newer TARGET [DIR...]: true when TARGET is missing or older than a file in c/, DIRs, build.sh
  local target=$1
  shift
  [ -e "$target" ] || return 0
  [ -n "$(find c build.sh "$@" -newer "$target" -type f | head -1)" ]
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Size: -Oz everywhere but the loops that run per value (-O3 unrolls them: kernels, colormap, rope's
# rows at explicit ids) and mathlib (-O3 inlines its double-double helpers); mrope at -O2 (its parser
# and id ramps inlined, not unrolled). No libm: the maths is c/mathlib.c, so native and wasm round alike.
# The link is -O2, which keeps emscripten's speed-built libc (memcpy, memset: the heatmap's row
# copies), and binaryen's -Oz runs after it.
hot=" kernels colormap mathlib rope "
cflags=(-msimd128 -mbulk-memory -mnontrapping-fptoint -Wall -Wextra -Werror)
wasm_objects() {  # wasm_objects SRC...: compile to $tmp/NAME.o, in parallel
  local src name opt
  for src in "$@"; do
    name=$(basename "$src" .c)
    opt=-Oz
    [[ $hot == *" $name "* ]] && opt=-O3
    [[ $name == mrope ]] && opt=-O2
    emcc "$opt" "${cflags[@]}" -Ic -c "$src" -o "$tmp/$name.o" &
  done
  for job in $(jobs -p); do wait "$job"; done
}
link_flags=(-O2 "${cflags[@]}" -sSTANDALONE_WASM --no-entry -sERROR_ON_UNDEFINED_SYMBOLS=1)

if newer web/posenc.wasm; then
  wasm_objects "${sources[@]}"
  emcc "${link_flags[@]}" -sMALLOC=emmalloc -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB \
    -sEXPORTED_FUNCTIONS=_malloc,_free "$tmp"/*.o -o "$tmp/linked.wasm"
  "$(em-config BINARYEN_ROOT)/bin/wasm-opt" -Oz --enable-simd --enable-bulk-memory \
    --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    "$tmp/linked.wasm" -o "$tmp/posenc.wasm"
  mv "$tmp/posenc.wasm" web/posenc.wasm
  echo "build.sh: web/posenc.wasm ($(stat -c %s web/posenc.wasm) bytes)"
fi

# The module's bytes inside an ES module: every bundler and a plain import take it as it is, where a
# separate .wasm file needs each bundler's own asset handling (web/docs/install.md).
if ! [ web/core/wasm-bytes.js -nt web/posenc.wasm ] || [ build.sh -nt web/core/wasm-bytes.js ]; then
  mkdir -p web/core
  { echo "// Generated by build.sh from posenc.wasm: its bytes in base64, what load() instantiates by default."
    echo "export default '$(base64 -w0 web/posenc.wasm)';"
  } > web/core/wasm-bytes.js.tmp
  mv web/core/wasm-bytes.js.tmp web/core/wasm-bytes.js
fi

# The entry and everything it imports (the bytes included) as one module, for a CDN-style import
# of a single URL. Rebuilt when a module beside the entry or in core/ changed.
if [ $vendor = 1 ] && [ -n "$(find web/*.js web/core build.sh -newer web/dist/posenc.mjs 2>/dev/null | head -1)$([ -e web/dist/posenc.mjs ] || echo missing)" ]; then
  mkdir -p web/dist
  node_modules/.bin/esbuild web/posenc.js --bundle --format=esm --minify --log-level=warning \
    --outfile=web/dist/posenc.mjs.tmp.js
  mv web/dist/posenc.mjs.tmp.js web/dist/posenc.mjs
  echo "build.sh: web/dist/posenc.mjs ($(stat -c %s web/dist/posenc.mjs) bytes)"
fi

# The elements as one module: registering the default tags on import, exporting ready, define and
# the package entry's API (load() there is the instance the elements share). Chart.js comes from
# web/vendor/chart.js, built above; so does the compile hint, here for the whole module.
if [ $vendor = 1 ] && [ -n "$(find web/*.js web/core web/elements web/views web/vendor/chart.js build.sh -newer web/dist/posenc-elements.mjs 2>/dev/null | head -1)$([ -e web/dist/posenc-elements.mjs ] || echo missing)" ]; then
  mkdir -p web/dist
  printf '%s\n' "export { ready } from './elements.js';" "export { define, TAGS, hasDOM } from './elements/define.js';" \
    "export * from './posenc.js';" |
    (cd web && ../node_modules/.bin/esbuild --bundle --format=esm --minify --legal-comments=inline --log-level=warning \
      --banner:js='//# allFunctionsCalledOnLoad' --sourcefile=posenc-elements.js --outfile=dist/posenc-elements.mjs.tmp.js)
  mv web/dist/posenc-elements.mjs.tmp.js web/dist/posenc-elements.mjs
  echo "build.sh: web/dist/posenc-elements.mjs ($(stat -c %s web/dist/posenc-elements.mjs) bytes)"
fi

if [ $native = 1 ] && newer build/native/posenc-native tests/native; then
  mkdir -p build/native
  cc -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=all \
    -fno-omit-frame-pointer -Ic "${sources[@]}" tests/native/*.c -lm -o build/native/posenc-native.tmp
  mv build/native/posenc-native.tmp build/native/posenc-native
  echo "build.sh: build/native/posenc-native (ASan + UBSan)"
fi

# The maths checker (tests/native/mathlib.test.js): natively at -O2 against glibc and long double, and the
# same source in wasm, compiled as the library is, to compare result bits between the two.
if [ $native = 1 ] && newer build/native/mathlib-check.wasm tests/mathlib; then
  mkdir -p build/native
  cc -std=c11 -O2 -Wall -Wextra -Werror -Ic c/mathlib.c c/kernels.c tests/mathlib/check.c -lm \
    -o build/native/mathlib-check
  rm -f "$tmp"/*.o
  wasm_objects c/mathlib.c c/kernels.c tests/mathlib/check.c
  emcc "${link_flags[@]}" -sEXPORTED_FUNCTIONS=_pe_check_digest "$tmp"/*.o -o build/native/mathlib-check.wasm
  echo "build.sh: build/native/mathlib-check and mathlib-check.wasm"
fi

if [ $fuzz = 1 ]; then
  command -v clang >/dev/null || apt_install clang
  [ -e "$(clang -print-runtime-dir)/libclang_rt.fuzzer-x86_64.a" ] ||
    apt_install "libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev"
  fuzzer() {  # fuzzer BINARY HARNESS WHAT: (re)build build/fuzz/BINARY from the library and HARNESS
    local out=build/fuzz/$1
    if newer "$out" || [ "$2" -nt "$out" ] || [ tests/fuzz/contract.h -nt "$out" ]; then
      mkdir -p build/fuzz
      clang -std=c11 -O1 -g -Wall -Wextra -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        -fno-omit-frame-pointer -Ic "${sources[@]}" "$2" -lm -o "$out.tmp"
      mv "$out.tmp" "$out"
      echo "build.sh: $out ($3)"
    fi
  }
  fuzzer posenc-fuzz tests/fuzz/fuzz.c 'libFuzzer, ASan + UBSan'
  fuzzer posenc-fuzz-tensor tests/fuzz/tensor.c 'libFuzzer over the tensor reader'
  fuzzer posenc-fuzz-gguf tests/fuzz/gguf.c 'libFuzzer over the GGUF reader'
fi
