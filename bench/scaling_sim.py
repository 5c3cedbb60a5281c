#!/usr/bin/env python3
"""Simulated scaling of the portfolio (not a test).

In deterministic mode the result does not depend on timing, so N workers can be run on a
small machine with a per-worker work budget equal to what one worker does in S seconds there:
the result is what N cores would give in S seconds, minus the cost of sharing. For every
instance this measures W = the work one worker does in S seconds (a one-thread run with
--time-limit S), then runs `--threads N --deterministic on --work-limit W` for each N and
reports the primal gap per instance and the mean over the feasible instances (1 without a
solution), checking every written solution with ../shared/tools/mipcheck.py.

--mode ranks runs the N workers as N MPI ranks of one thread each instead
(`mpirun -np N lsmip ... --threads 1`, sharing in rounds every rank_sync_batches batches; the
value is the solution rank 0 wrote); --mode both runs threads and ranks side by side.

usage: bench/scaling_sim.py --lsmip build/release/lsmip --instances ../shared/instances/miplib
                            [--seconds 10] [--workers 1,2,4,8,16] [--seed 1] [--only a,b]
                            [--mode threads|ranks|both] [--work-table FILE]
                            [--out FILE.md] [-- extra lsmip options]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def primal_gap(obj, best):
    if obj is None or best is None:
        return 1.0
    if abs(obj - best) <= 1e-9:
        return 0.0
    if obj * best < 0:
        return 1.0
    return abs(obj - best) / max(abs(obj), abs(best))


def read_best_known(folder):
    best = {}
    with open(os.path.join(folder, "best_known.tsv")) as f:
        for line in f:
            p = line.split()
            if len(p) < 3 or p[0] == "name":
                continue
            best[p[0]] = (p[1], None if p[2] in ("-", "") else float(p[2]))
    return best


def run(args, path, work, threads, extra, tag, workdir, ranks=False):
    name = os.path.basename(path).replace(".mps.gz", "")
    sol = os.path.join(workdir, f"{name}.{tag}.sol")
    rep = os.path.join(workdir, f"{name}.{tag}.json")
    cmd = [args.lsmip, path, "--seed", str(args.seed), "--solution-file", sol, "--json", rep,
           "--log-level", "0", "--threads", str(1 if ranks else threads)]
    if ranks:
        cmd = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(threads)] + cmd
    if work is None:
        cmd += ["--time-limit", str(args.seconds)]
    else:
        cmd += ["--work-limit", repr(work), "--deterministic", "on"]
    subprocess.run(cmd + extra, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(rep) as f:
        report = json.load(f)
    obj = report.get("objective") if report.get("status") in ("feasible", "optimal") else None
    if ranks and threads > 1:
        obj = report.get("best_objective")
    ok = True
    if obj is not None and os.path.exists(args.mipcheck):
        ok = subprocess.run([sys.executable, args.mipcheck, path, sol], capture_output=True).returncode == 0
    return obj, report.get("work", 0.0), ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lsmip", required=True)
    ap.add_argument("--instances", required=True)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--workers", default="1,2,4,8,16")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--mode", default="threads", choices=["threads", "ranks", "both"])
    ap.add_argument("--scale", type=float, default=1.0,
                    help="per-worker budget = scale x W (e.g. 0.1 with W from 10 s runs: the "
                         "work of about 1 s)")
    ap.add_argument("--work-from", default="",
                    help="take W from the one-thread JSON reports NAME.s<seed>.c0.json of a "
                         "run_bench.py work folder instead of measuring it (the N=1 row is then "
                         "that run's result)")
    ap.add_argument("--work-table", default="",
                    help="read W per instance from a file of 'instance W' lines (W measured "
                         "earlier, e.g. while the machine was idle) instead of measuring it; "
                         "the runs are then independent of the machine's load")
    ap.add_argument("--out", default="")
    ap.add_argument("--mipcheck", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                       "shared", "tools", "mipcheck.py"))
    ap.add_argument("extra", nargs="*")
    args = ap.parse_args()
    counts = [int(n) for n in args.workers.split(",")]
    modes = ["threads", "ranks"] if args.mode == "both" else [args.mode]
    cols = [(m, k) for k in counts for m in modes]
    label = lambda m, k: f"{'T' if m == 'threads' else 'R'}={k}" if len(modes) > 1 else f"N={k}"
    best = read_best_known(args.instances)
    names = sorted(n for n in os.listdir(args.instances) if n.endswith(".mps.gz"))
    if args.only:
        keep = set(args.only.split(","))
        names = [n for n in names if n.replace(".mps.gz", "") in keep]
    work_table = {}
    if args.work_table:
        with open(args.work_table) as f:
            for line in f:
                p = line.split()
                if len(p) >= 2 and not line.startswith("#"):
                    work_table[p[0]] = float(p[1])
    workdir = tempfile.mkdtemp(prefix="lsmip-scaling-")
    rows, wrong = [], 0
    for n in names:
        path = os.path.join(args.instances, n)
        name = n.replace(".mps.gz", "")
        status, known = best.get(name, ("unknown", None))
        if args.work_table:
            work = work_table[name]
        elif args.work_from:
            with open(os.path.join(args.work_from, f"{name}.s{args.seed}.c0.json")) as f:
                work = json.load(f)["work"]
        else:
            _, work, _ = run(args, path, None, 1, args.extra, "measure", workdir)
        work *= args.scale
        gaps = {}
        for m, k in cols:
            if m == "ranks" and k == 1 and "threads" in modes:
                gaps[(m, k)] = gaps[("threads", 1)]  # one rank is the one-thread run
                continue
            obj, _, ok = run(args, path, work, k, args.extra, f"{m[0]}{k}", workdir, ranks=m == "ranks")
            if not ok or (obj is not None and status == "inf"):
                wrong += 1
                print(f"WRONG CLAIM: {name} {m} {k}: the written solution failed mipcheck.py or the "
                      "model is infeasible", flush=True)
            gaps[(m, k)] = None if status == "inf" else primal_gap(obj if ok else None, known)
        rows.append((name, work, gaps))
        print(name, f"work {work:.4g}", " ".join(f"{label(m, k)}:{'-' if gaps[(m, k)] is None else f'{gaps[(m, k)]:.4f}'}"
                                                 for m, k in cols), flush=True)
    lines = ["| instance | work per worker | " + " | ".join(label(m, k) for m, k in cols) + " |",
             "|---|---:|" + "---:|" * len(cols)]
    for name, work, gaps in rows:
        lines.append(f"| {name} | {work:.4g} | " +
                     " | ".join("-" if gaps[c] is None else f"{gaps[c]:.4f}" for c in cols) + " |")
    feas = [r for r in rows if r[2][cols[0]] is not None]
    lines.append("| **mean gap** | | " + " | ".join(
        f"**{sum(r[2][c] for r in feas) / max(1, len(feas)):.4f}**" for c in cols) + " |")
    lines.append(f"\n{len(feas)} feasible instances; per-worker budget = the work of one worker in "
                 f"{args.seconds} s on this machine, times {args.scale}; seed {args.seed}; wrong claims {wrong}; "
                 f"extra options: {' '.join(args.extra) or 'none'}")
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
