#!/bin/sh
# Installs the package into a fresh prefix, runs the Python example (examples/python) and the
# Python tests (pytest) against the installed module.
# usage: python_test.sh BUILD_DIR SOURCE_DIR WORK_DIR PYTHON
set -eu
build=$1 src=$2 work=$3 python=$4
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
site=$(find "$work/prefix" -type d -name dist-packages | head -1)
[ -n "$site" ] || { echo "no dist-packages folder in the installed prefix"; exit 1; }
cd "$work"
# The example exits 0 only when the solver's optimum equals the enumerated one.
PYTHONPATH=$site "$python" "$src/examples/python/knapsack.py"
PYTHONPATH=$site LSMIP_BINARY="$work/prefix/bin/lsmip" "$python" -m pytest -q -p no:cacheprovider "$src/python/tests"
