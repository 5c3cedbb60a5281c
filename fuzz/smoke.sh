#!/usr/bin/env bash
# Short fuzz run of every target (the three readers and fuzz_diff): builds the
# targets of PRESET (`fuzz`, the default, or `asan`, which .ci/run uses because it
# has built them already) if needed, then runs each target for SECONDS (default 20) on a
# scratch copy of its seed corpus (with its dictionary, if it has one), one
# target at a time. Fails (exit 1) on any crash, sanitizer report, invariant
# violation, hang (> 5 s per input) or out-of-memory (> 2 GB). Artifacts and logs
# of a failing run are kept in the scratch folder, whose path is printed.
#
# Usage: fuzz/smoke.sh [SECONDS [PRESET]]
set -euo pipefail

seconds="${1:-20}"
preset="${2:-fuzz}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ] || ! [[ "$preset" =~ ^(fuzz|asan)$ ]]; then
  echo "usage: $0 [SECONDS [fuzz|asan]]" >&2
  exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build/$preset"
cd "$root"
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake --preset "$preset" >/dev/null
fi
cmake --build --preset "$preset" --target fuzz_mps fuzz_lp fuzz_solution fuzz_diff

scratch="$(mktemp -d "${TMPDIR:-/tmp}/lsmip-fuzz-smoke.XXXXXX")"
failed=0
for kind in mps lp sol diff; do
  case "$kind" in
    mps) target=fuzz_mps ;;
    lp) target=fuzz_lp ;;
    sol) target=fuzz_solution ;;
    diff) target=fuzz_diff ;;
  esac
  mkdir -p "$scratch/$kind/corpus" "$scratch/$kind/artifacts"
  cp "$root/fuzz/corpus/$kind/"* "$scratch/$kind/corpus/"
  log="$scratch/$kind/log.txt"
  dict=()
  if [ -f "$root/fuzz/dict/$kind.dict" ]; then
    dict=(-dict="$root/fuzz/dict/$kind.dict")
  fi
  start=$(date +%s)
  if nice -n 10 "$build/fuzz/$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 \
      ${dict[@]+"${dict[@]}"} -artifact_prefix="$scratch/$kind/artifacts/" \
      -print_final_stats=1 "$scratch/$kind/corpus" >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    echo "$target: ok, $runs runs in $(( $(date +%s) - start )) s"
  else
    failed=1
    echo "$target: FAILED, see $log and $scratch/$kind/artifacts/" >&2
    grep -m 5 -E 'ERROR|invariant violated|runtime error|SUMMARY' "$log" >&2 || true
  fi
done
if [ "$failed" -ne 0 ]; then
  exit 1
fi
rm -rf "$scratch"
