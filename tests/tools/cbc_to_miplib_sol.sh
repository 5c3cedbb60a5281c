#!/bin/bash
# Converts a CBC solution file (written by `cbc MODEL -solve -solu FILE`) to
# the MIPLIB solution format: "=obj= VALUE" then one "name value" line per
# column that CBC printed (CBC prints nonzeros only; absent columns are 0).
# usage: cbc_to_miplib_sol.sh CBC.sol > NAME.sol
# Refuses (exit 1) files whose status line says no solution was found.
set -euo pipefail
awk '
  NR == 1 {
    if ($0 ~ /Infeasible|infeasible|no solution|Unbounded/) { exit 1 }
    n = split($0, w, " ")
    print "=obj= " w[n]
    next
  }
  {
    off = ($1 == "**") ? 1 : 0   # CBC flags values outside bounds with "**"
    print $(2 + off), $(3 + off)
  }
' "$1"
