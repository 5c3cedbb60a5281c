#!/bin/sh
# The portfolio across MPI ranks (issue 16), through mpirun on this machine:
#   mpi_test.sh LSMIP_BINARY TEST_DATA_DIR SHARED_DIR WORK_DIR
# Solutions are checked by ../shared/tools/mipcheck.py when present, else by `lsmip check`.
set -u
lsmip=$1 data=$2 shared=$3 work=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
# Root in containers, more ranks than cores, shared memory and loopback only.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl=self,vader,tcp OMPI_MCA_btl_tcp_if_include=lo
export OMPI_MCA_oob_tcp_if_include=lo
mpirun="mpirun --allow-run-as-root --oversubscribe"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
now() { date +%s.%N; }

check() {  # MODEL SOLUTION: a feasible, complete solution file
  if [ -f "$shared/tools/mipcheck.py" ]; then
    python3 "$shared/tools/mipcheck.py" "$1" "$2" >"$work/check.out" 2>&1
  else
    "$lsmip" check "$1" "$2" >"$work/check.out" 2>&1
  fi || { cat "$work/check.out"; return 1; }
  grep -q '^=obj=' "$2"
}

p0033=$data/models/small/p0033.mps.gz
hard=$data/models/small/air03.mps.gz

# 1. Two and four ranks under a time limit: a verified solution, the report names the ranks and
#    has each rank's account, and the run ends within the limit (plus the launch).
for np in 2 4; do
  t0=$(now)
  $mpirun -np $np "$lsmip" solve "$p0033" --time-limit 1 --threads 1 \
    --solution-file "$work/p0033_$np.sol" --json "$work/p0033_$np.json" >"$work/run_$np.log" 2>&1 ||
    fail "-np $np: exit $? ($(tail -3 "$work/run_$np.log"))"
  t1=$(now)
  check "$p0033" "$work/p0033_$np.sol" || fail "-np $np: the solution file does not check"
  grep -q "\"ranks\": $np" "$work/p0033_$np.json" || fail "-np $np: the JSON report has no \"ranks\": $np"
  [ "$(grep -c '{"rank": ' "$work/p0033_$np.json")" -eq $np ] || fail "-np $np: the report has not $np rank reports"
  [ "$(grep -c 'lsmip 0' "$work/run_$np.log")" -eq 1 ] || fail "-np $np: the log is not rank 0's alone"
  awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 1 + 3.0) }' ||
    fail "-np $np: $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s for a 1 s limit"
done

# 2. --deterministic on with a work limit: the same solution file, byte for byte, three times,
#    with the ranks sharing in rounds (solutions of other ranks reach rank 0), and without
#    sharing (the ranks' configurations give different objectives, so that the choice and
#    the transfer of the best at the end are exercised), the same on every run.
ls_only="--lp off --exact off --lns off"
# repeat3 TAG NP OPTION...: three deterministic runs of air03 at -np NP; the same solution
# file and the same rank figures (objectives, exchange) each time, and the solution checks.
repeat3() {
  tag=$1 np=$2
  shift 2
  for i in 1 2 3; do
    $mpirun -np $np "$lsmip" solve "$hard" --deterministic on --threads 1 "$@" \
      --solution-file "$work/${tag}_${np}_$i.sol" --json "$work/${tag}_${np}_$i.json" >"$work/${tag}_${np}_$i.log" 2>&1 ||
      fail "deterministic $tag -np $np run $i: exit $?"
    grep -v '"seconds"\|"time_to\|"moves_per_second"\|"trace"' "$work/${tag}_${np}_$i.json" |
      grep '"rank_objectives"\|"rank_exchange"' >"$work/${tag}_${np}_$i.ranks"
  done
  for i in 2 3; do
    cmp -s "$work/${tag}_${np}_1.sol" "$work/${tag}_${np}_$i.sol" || fail "deterministic $tag -np $np: run $i wrote another file"
    cmp -s "$work/${tag}_${np}_1.ranks" "$work/${tag}_${np}_$i.ranks" || fail "deterministic $tag -np $np: run $i: other figures"
  done
  check "$hard" "$work/${tag}_${np}_1.sol" || fail "deterministic $tag -np $np: the solution does not check"
}
for np in 2 4; do
  repeat3 share $np --work-limit 1e7 $ls_only
  grep -q '"rank_exchange": {"rounds": [1-9]' "$work/share_${np}_1.json" || fail "deterministic sharing -np $np: no rounds"
  grep -q '"trace": .*"r[1-9]:' "$work/share_${np}_1.json" ||
    grep -q '"received": [1-9]' "$work/share_${np}_1.json" || fail "deterministic sharing -np $np: rank 0 received nothing"
  repeat3 det $np --work-limit 2e6 --rank-exchange off $ls_only
  grep '"rank_objectives"' "$work/det_${np}_1.ranks" |
    awk '{ gsub(/[^0-9.,eE+-]/, ""); n = split($0, v, ","); for (i = 2; i <= n; ++i) if (v[i] != "" && v[i] != v[1]) d = 1 } END { exit !d }' ||
    fail "deterministic -np $np: every rank found the same objective ($(grep '"rank_objectives"' "$work/det_${np}_1.ranks"))"
done

# 3. SIGTERM to mpirun mid-search: rank 0 writes the best solution of all ranks, complete.
# The local search alone (--lp off --exact off --lns off) cannot prove air03 optimal, so the job
# is still searching when the signal comes (with CBC it may finish within the 4 s on an idle machine).
$mpirun -np 2 "$lsmip" solve "$hard" --time-limit 60 --threads 1 $ls_only --solution-file "$work/term.sol" \
  >"$work/term.log" 2>&1 &
pid=$!
sleep 4
t0=$(now)
kill -TERM $pid
wait $pid
t1=$(now)
check "$hard" "$work/term.sol" || fail "SIGTERM: the solution file does not check ($(tail -3 "$work/term.log"))"
awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 5) }' || fail "SIGTERM: the job took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s to end"

# 4. kill -9 of rank 1: the job ends (no rank is left waiting) and the file rank 0 kept
#    current (every 0.2 s under mpirun) is a complete, valid solution, at least as good as
#    every solution of rank 1 that rank 0's log shows received by 3 s (the signal is at 4 s).
$mpirun -np 2 "$lsmip" solve "$hard" --time-limit 60 --threads 1 $ls_only \
  --solution-file "$work/kill.sol" >"$work/kill.log" 2>&1 &
pid=$!
sleep 4
victim=
for child in $(pgrep -P $pid); do
  tr '\0' '\n' <"/proc/$child/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1' && victim=$child
done
if [ -z "$victim" ]; then
  fail "kill -9: rank 1 not found among the children of mpirun"
  kill -TERM $pid
  wait $pid
else
  kill -9 "$victim"
  t0=$(now)
  wait $pid
  t1=$(now)
  awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 10) }' || fail "kill -9: the job took $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }') s to end"
  check "$hard" "$work/kill.sol" || fail "kill -9: the solution file does not check"
  # Rank 0's improvement lines: SOURCE KIND TIME WORK OBJECTIVE ...; those from rank 1 start "r1:".
  received=$(awk '$1 ~ /^r1:/ && $3 ~ /s$/ { t = $3; sub(/s$/, "", t); if (t + 0 <= 3.0) print $5 }' "$work/kill.log" | sort -g | head -1)
  written=$(awk '$1 == "=obj=" { print $2 }' "$work/kill.sol")
  if [ -z "$received" ]; then
    echo "note: kill -9: no solution of rank 1 improved rank 0's best by 3 s; the file holds rank 0's own"
  else
    awk -v w="$written" -v r="$received" 'BEGIN { exit !(w <= r) }' ||
      fail "kill -9: the file's objective $written is worse than rank 1's $received, received by 3 s"
  fi
fi

# 5. Two ranks in two network namespaces joined by a veth pair, so that the ranks meet over
#    TCP as on two hosts: mpirun runs in namespace A and starts the daemon of "host" B through
#    an rsh agent that enters namespace B. Needs root and `ip netns`; skipped without.
nsa=lsmipA$$ nsb=lsmipB$$ net=10.231.$(($$ % 250 + 1))
if ip netns add $nsa 2>/dev/null; then
  cleanup_ns() { ip netns del $nsa 2>/dev/null; ip netns del $nsb 2>/dev/null; }
  trap cleanup_ns EXIT
  ip netns add $nsb && ip link add vA$$ type veth peer name vB$$ &&
    ip link set vA$$ netns $nsa && ip link set vB$$ netns $nsb &&
    ip -n $nsa addr add $net.1/24 dev vA$$ && ip -n $nsb addr add $net.2/24 dev vB$$ &&
    ip -n $nsa link set vA$$ up && ip -n $nsb link set vB$$ up &&
    ip -n $nsa link set lo up && ip -n $nsb link set lo up || fail "veth: could not set up the namespaces"
  cat >"$work/agent.sh" <<AGENT
#!/bin/sh
host=\$1; shift
case \$host in $net.1) ns=$nsa;; $net.2) ns=$nsb;; *) echo "agent: unknown host \$host" >&2; exit 1;; esac
exec ip netns exec \$ns sh -c "\$*"
AGENT
  chmod +x "$work/agent.sh"
  OMPI_MCA_btl=self,tcp OMPI_MCA_btl_tcp_if_include=$net.0/24 OMPI_MCA_oob_tcp_if_include=$net.0/24 \
    OMPI_MCA_plm_rsh_agent="$work/agent.sh" \
    ip netns exec $nsa $mpirun -np 2 --host $net.1,$net.2 "$lsmip" solve "$hard" --time-limit 3 --threads 1 $ls_only \
    --solution-file "$work/veth.sol" --json "$work/veth.json" >"$work/veth.log" 2>&1 ||
    fail "veth: exit $? ($(tail -3 "$work/veth.log"))"
  check "$hard" "$work/veth.sol" || fail "veth: the solution file does not check"
  [ "$(grep -c '"rank_exchange": {"rounds": [1-9]' "$work/veth.json")" -ge 3 ] ||
    fail "veth: the ranks did not share in rounds ($(grep -o '"rank_exchange": {[^}]*}' "$work/veth.json" | head -1))"
  cleanup_ns
  trap - EXIT
else
  echo "skip: two network namespaces (ip netns add not permitted here)"
fi

[ $failures -eq 0 ] && echo "all MPI tests passed"
exit $((failures > 0))
