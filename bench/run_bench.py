#!/usr/bin/env python3
"""Benchmark lsmip (and optionally CBC) on a folder of instances.

For every instance: objective found, MIPLIB primal gap to best_known.tsv, time to
first solution, moves per second, and whether the written solution passes the
independent checker (../shared/tools/mipcheck.py when present, else `lsmip check`).
Totals: feasible found, mean primal gap (an instance without a solution counts 1),
wrong claims (a written solution that fails the check, or a solution on an instance
known to be infeasible).

CBC (Debian coinor-cbc), when requested, runs on the same instance with one thread
and the same time limit, concurrently with lsmip so both see the same machine load.

usage: bench/run_bench.py --lsmip build/release/lsmip --instances ../shared/instances/miplib
                          [--time-limit 10] [--seed 1] [--cbc] [--only a,b] [--out FILE.md]
                          [-- extra lsmip options]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def primal_gap(obj, best):
    """MIPLIB primal gap; 1 when there is no solution or the signs differ."""
    if obj is None or best is None:
        return 1.0
    if abs(obj - best) <= 1e-9:
        return 0.0
    if obj * best < 0:
        return 1.0
    return abs(obj - best) / max(abs(obj), abs(best))


def read_best_known(folder):
    best = {}
    path = os.path.join(folder, "best_known.tsv")
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) < 3 or parts[0] == "name":
                continue
            status, value = parts[1], parts[2]
            best[parts[0]] = (status, None if value in ("-", "") else float(value))
    return best


def run_lsmip(args, path, workdir, extra):
    name = os.path.basename(path).replace(".mps.gz", "")
    sol = os.path.join(workdir, name + ".lsmip.sol")
    rep = os.path.join(workdir, name + ".lsmip.json")
    cmd = [args.lsmip, path, "--time-limit", str(args.time_limit), "--seed", str(args.seed),
           "--solution-file", sol, "--json", rep, "--log-level", "0"] + extra
    t0 = time.time()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return name, sol, rep, proc, t0


def run_cbc(args, path, workdir):
    name = os.path.basename(path).replace(".mps.gz", "")
    sol = os.path.join(workdir, name + ".cbc.txt")
    cmd = ["cbc", path, "-threads", "1", "-sec", str(args.time_limit), "-randomSeed",
           str(args.seed), "-solve", "-solu", sol]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return sol, proc, time.time()


def parse_cbc(output, sol_path):
    """Objective and time to first solution from CBC's log and solution file."""
    obj, first = None, None
    for line in output.splitlines():
        m = re.search(r"Integer solution of (\S+) found .*\(([\d.]+) seconds\)", line)
        if m and first is None:
            first = float(m.group(2))
        m = re.search(r"Objective value:\s+(\S+)", line)
        if m:
            try:
                obj = float(m.group(1))
            except ValueError:
                pass
    if os.path.exists(sol_path):
        with open(sol_path) as f:
            head = f.readline()
        if "objective value" in head and not head.startswith("Infeasible") \
                and "no integer" not in head.lower():
            try:
                obj = float(head.split("objective value")[1].split()[0])
            except (IndexError, ValueError):
                pass
        elif head.startswith("Infeasible") or "infeasible" in head.lower():
            obj = None
    if first is None:
        obj = None
    return obj, first


def check_solution(args, path, sol):
    if args.mipcheck and os.path.exists(args.mipcheck):
        r = subprocess.run([sys.executable, args.mipcheck, path, sol], capture_output=True, text=True)
    else:
        r = subprocess.run([args.lsmip, "check", path, sol], capture_output=True, text=True)
    return r.returncode == 0


def fmt(v, spec="{:.6g}"):
    return "-" if v is None else spec.format(v)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lsmip", required=True)
    ap.add_argument("--instances", required=True)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cbc", action="store_true", help="run CBC side by side")
    ap.add_argument("--only", default="", help="comma-separated instance names")
    ap.add_argument("--out", default="", help="also write the markdown table here")
    ap.add_argument("--mipcheck", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                       "shared", "tools", "mipcheck.py"))
    ap.add_argument("extra", nargs="*", help="extra lsmip options (after --)")
    args = ap.parse_args()

    best = read_best_known(args.instances)
    names = sorted(n for n in os.listdir(args.instances) if n.endswith(".mps.gz"))
    if args.only:
        keep = set(args.only.split(","))
        names = [n for n in names if n.replace(".mps.gz", "") in keep]
    workdir = tempfile.mkdtemp(prefix="lsmip-bench-")
    rows = []
    for n in names:
        path = os.path.join(args.instances, n)
        name, sol, rep, proc, t0 = run_lsmip(args, path, workdir, args.extra)
        cbc = run_cbc(args, path, workdir) if args.cbc else None
        _, err = proc.communicate()
        wall = time.time() - t0
        report = {}
        if os.path.exists(rep):
            with open(rep) as f:
                report = json.load(f)
        status, known = best.get(name, ("unknown", None))
        obj = report.get("objective") if report.get("status") == "feasible" else None
        ok = True
        if obj is not None:
            ok = check_solution(args, path, sol) and status != "inf"
        row = dict(name=name, known=known, known_status=status, obj=obj,
                   gap=primal_gap(obj, known) if status != "inf" else None,
                   first=report.get("time_to_first"), mps=report.get("moves_per_second"),
                   status=report.get("status", "error"), exit=proc.returncode, wall=wall,
                   check=ok)
        if cbc is not None:
            csol, cproc, _ = cbc
            out, _ = cproc.communicate()
            cobj, cfirst = parse_cbc(out, csol)
            row.update(cbc_obj=cobj, cbc_first=cfirst,
                       cbc_gap=primal_gap(cobj, known) if status != "inf" else None)
        rows.append(row)
        print(f"{name:28s} {row['status']:10s} obj {fmt(obj):>14s} gap {fmt(row['gap'], '{:.4f}'):>7s}"
              f" first {fmt(row['first'], '{:.2f}'):>6s} moves/s {fmt(row['mps'], '{:.3g}'):>8s}"
              + (f" | cbc obj {fmt(row['cbc_obj']):>14s} gap {fmt(row['cbc_gap'], '{:.4f}'):>7s}"
                 if cbc is not None else "")
              + ("" if ok else "  WRONG CLAIM") + (f"  exit {proc.returncode}" if proc.returncode not in (0, 3, 10) else ""),
              flush=True)

    feasible_instances = [r for r in rows if r["known_status"] != "inf"]
    lines = []
    head = "| instance | best known | lsmip objective | gap | time to first (s) | moves/s |"
    sep = "|---|---:|---:|---:|---:|---:|"
    if args.cbc:
        head += " CBC objective | CBC gap | CBC first (s) |"
        sep += "---:|---:|---:|"
    lines += [head, sep]
    for r in rows:
        line = (f"| {r['name']} | {fmt(r['known'])} | {fmt(r['obj'])}{'' if r['check'] else ' **WRONG**'} |"
                f" {fmt(r['gap'], '{:.4f}')} | {fmt(r['first'], '{:.2f}')} | {fmt(r['mps'], '{:.3g}')} |")
        if args.cbc:
            line += f" {fmt(r.get('cbc_obj'))} | {fmt(r.get('cbc_gap'), '{:.4f}')} | {fmt(r.get('cbc_first'), '{:.2f}')} |"
        lines.append(line)
    found = sum(1 for r in feasible_instances if r["obj"] is not None)
    mean_gap = sum(r["gap"] for r in feasible_instances) / max(1, len(feasible_instances))
    wrong = sum(1 for r in rows if not r["check"])
    summary = (f"\nlsmip: feasible on {found} of {len(feasible_instances)} feasible instances, "
               f"mean primal gap {mean_gap:.4f}, wrong claims {wrong}")
    if args.cbc:
        cfound = sum(1 for r in feasible_instances if r.get("cbc_obj") is not None)
        cgap = sum(r["cbc_gap"] for r in feasible_instances) / max(1, len(feasible_instances))
        summary += f"\nCBC:   feasible on {cfound} of {len(feasible_instances)}, mean primal gap {cgap:.4f}"
    lines.append(summary)
    lines.append(f"\n(time limit {args.time_limit} s, seed {args.seed}, extra options: "
                 f"{' '.join(args.extra) or 'none'})")
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
