#!/bin/sh
# The package as a user gets it: installs the build into a temporary prefix, then
#  1. checks that liblsmip.so exports only the public API (lsmip_* and lsmip::),
#  2. compiles examples/c/knapsack.c with `cc -std=c99` against the installed header via
#     pkg-config and runs it,
#  3. builds examples/cpp in a separate CMake project with find_package(lsmip) and runs it.
# Both examples exit 0 only when the solver's optimum equals the enumerated one.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR WORK_DIR [CXX_COMPILER]
set -eu
build=$1 src=$2 work=$3 cxx=${4:-c++}
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >"$work/install.log"
test -x "$prefix/bin/lsmip"
test -f "$prefix/include/lsmip/lsmip.h"
test -f "$prefix/include/lsmip/lsmip.hpp"

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
libdir=$(pkg-config --variable=libdir lsmip)
echo "pkg-config lsmip: version $(pkg-config --modversion lsmip), libdir $libdir"
so=$(ls "$libdir"/liblsmip.so.* | head -n 1)
# Every dynamic symbol the library defines belongs to the public API.
leaked=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v -e '^lsmip_' -e '5lsmip' -e '^LSMIP_[0-9]*$' || true)
if [ -n "$leaked" ]; then
  echo "liblsmip.so exports symbols outside the public API:"
  echo "$leaked" | head -n 20
  exit 1
fi

# The C example, strict C99 against the installed header only.
cc -std=c99 -Wall -Wextra -pedantic -Werror "$src/examples/c/knapsack.c" -o "$work/knapsack" \
  $(pkg-config --cflags --libs lsmip) -lm -Wl,-rpath,"$libdir"
"$work/knapsack" | tee "$work/knapsack.out"
grep -q '^optimum 81 (enumeration: 81) verified$' "$work/knapsack.out"

# The C++ example through the CMake package.
cmake -S "$src/examples/cpp" -B "$work/cpp" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release >"$work/cpp-configure.log"
cmake --build "$work/cpp" >"$work/cpp-build.log"
"$work/cpp/small_ip" | tee "$work/small_ip.out"
grep -q '^optimum 13 (enumeration: 13) verified$' "$work/small_ip.out"
echo "install test passed"
