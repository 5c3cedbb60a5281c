#!/bin/sh
# Two ranks of one thread against one process of two threads, at a time limit:
#   bench/mpi_bench.sh LSMIP_BINARY SECONDS OUT.md INSTANCE...
# Prints a markdown table of the objectives (the JSON reports' `objective`; for the ranks,
# `best_objective`, the solution rank 0 wrote). Not a test: run it on an idle machine.
set -u
lsmip=$1 seconds=$2 out=$3
shift 3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
tmp=$(mktemp -d)
value() { sed -n "s/^  \"$2\": \\([^,]*\\),\\{0,1\\}$/\\1/p" "$1" | head -1; }
{
  echo "| instance | --threads 2 | -np 2 --threads 1 | best rank |"
  echo "|---|---|---|---|"
  for model in "$@"; do
    name=$(basename "$model" .mps.gz)
    "$lsmip" solve "$model" -t "$seconds" --threads 2 --json "$tmp/t.json" >/dev/null 2>&1
    mpirun --allow-run-as-root --oversubscribe -np 2 "$lsmip" solve "$model" -t "$seconds" --threads 1 \
      --json "$tmp/r.json" >/dev/null 2>&1
    echo "| $name | $(value "$tmp/t.json" objective) | $(value "$tmp/r.json" best_objective) | $(value "$tmp/r.json" best_rank) |"
  done
} | tee "$out"
rm -rf "$tmp"
