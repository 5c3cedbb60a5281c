#!/usr/bin/env bash
# Determinism check (not a test): with --deterministic on and a work limit, three runs per
# thread count must write byte-identical solution files (each thread count its own file).
# usage: bench/determinism.sh LSMIP [WORK_LIMIT] [MODEL_NAME ...]
# Models default to six from ../shared/instances/miplib with binary, integer and continuous
# columns; prints one line per model and thread count.
set -u
bin=${1:?usage: bench/determinism.sh LSMIP [WORK_LIMIT] [MODEL ...]}
work=${2:-2e7}
shift 2 2>/dev/null || shift $#
models=("$@")
[ ${#models[@]} -eq 0 ] && models=(air05 glass4 mas76 pk1 neos-3024952-loue rococoC10-001000)
dir=$(cd "$(dirname "$0")/../../shared/instances/miplib" && pwd)
out=$(mktemp -d)
for m in "${models[@]}"; do
  for t in 1 2 4 8; do
    for rep in 1 2 3; do
      "$bin" "$dir/$m.mps.gz" --work-limit "$work" --threads "$t" --deterministic on --seed 1 \
        --solution-file "$out/$m.t$t.r$rep.sol" --log-level 0
    done
    if cmp -s "$out/$m.t$t.r1.sol" "$out/$m.t$t.r2.sol" && cmp -s "$out/$m.t$t.r1.sol" "$out/$m.t$t.r3.sol"; then
      echo "$m threads $t: identical ($(head -1 "$out/$m.t$t.r1.sol"))"
    else
      echo "$m threads $t: DIFFERENT"
    fi
  done
done
