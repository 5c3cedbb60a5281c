#!/usr/bin/env python3
"""Benchmark of the two planning applications (examples/helix, examples/dlrm_sharding):
lsmip's objective at 10 s and 60 s against CBC given 600 s on the written MPS.

    PYTHONPATH=<build>/python python3 bench/apps/run.py --cbc-dir DIR [--out results.md]
           [--threads 2] [--limits 10,60] [--only NAME,...] [--mode both|plain|start]
           [--raw FILE.json] [--merge A.json,B.json]

DIR holds, per description NAME (helix10, helix24, helix42, dlrm50, dlrm300, dlrm1000):
NAME.mps (the model CBC was run on) and NAME.log (the output of
`cbc NAME.mps -max|-min -timeMode elapsed -sec 600 -threads 1 -solve -solu NAME.sol`).
The script checks that NAME.mps is the model the planner builds now (same numeric arrays;
whether the names are the same too is kept in the raw figures as same_names), runs
lsmip at each limit, checks each plan with the example's own checker, and writes a
markdown table. It is not a test: it takes minutes and needs a quiet machine.
"""
import argparse
import json
import math
import os
import re
import sys
import time

import numpy as np

import lsmip

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "examples", "helix"))
sys.path.insert(0, os.path.join(ROOT, "examples", "dlrm_sharding"))
import dlrm_sharding  # noqa: E402
import helix  # noqa: E402

CASES = {
    "helix10": ("helix", "examples/helix/clusters/cluster10.json"),
    "helix24": ("helix", "examples/helix/clusters/cluster24.json"),
    "helix42": ("helix", "examples/helix/clusters/cluster42.json"),
    "dlrm50": ("dlrm", "examples/dlrm_sharding/instances/dlrm50.json"),
    "dlrm300": ("dlrm", "examples/dlrm_sharding/instances/dlrm300.json"),
    "dlrm1000": ("dlrm", "examples/dlrm_sharding/instances/dlrm1000.json"),
}


def build(app, path):
    if app == "helix":
        cluster = helix.load(path)
        placement = helix.Placement(cluster)

        def check(x):
            plan = placement.decode(x)
            return helix.verify(cluster, plan) == [], plan.throughput
        return placement.model, check, placement.greedy_start
    inst = dlrm_sharding.load(path)
    sharding = dlrm_sharding.Sharding(inst)

    def check(x):
        problems, makespan = dlrm_sharding.verify(inst, sharding.decode(x))
        return problems == [], makespan
    return sharding.model, check, sharding.greedy_start


def same_model(a, b):
    """(same numbers: bounds, costs, integrality, matrix, sense; same column and row names)."""
    da, db = a._arrays(), b._arrays()
    return all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(da[:11], db[:11])), \
        da[11] == db[11] and da[12] == db[12]


def parse_cbc(log_path, maximise):
    """(objective, best bound, seconds, status) from a CBC log; None where it has none."""
    text = open(log_path).read()
    obj = bound = None
    m = re.search(r"^Objective value:\s+(\S+)", text, re.M)
    if m:
        obj = float(m.group(1))
    m = re.findall(r"best possible (\S+)\)", text)
    if m:
        bound = float(m[-1]) * (-1 if maximise else 1)
    m = re.search(r"Search completed - best objective (\S+)", text)
    if m and bound is None:
        bound = obj
    m = re.search(r"^Result - (.*)$", text, re.M)
    status = m.group(1).strip() if m else "?"
    m = re.search(r"Total time \(CPU seconds\):\s+(\S+)\s+\(Wallclock seconds\):\s+(\S+)", text)
    secs = (float(m.group(1)), float(m.group(2))) if m else (None, None)
    return obj, bound, secs, status


def rel(a, b, maximise):
    """How much worse a is than b, relative (positive = worse)."""
    if a is None or b is None or abs(b) < 1e-6:   # no relative figure against zero
        return None
    d = (b - a) if maximise else (a - b)
    return d / max(abs(b), 1e-9)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cbc-dir", required=True)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "apps", "RESULTS.md"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--limits", default="10,60")
    ap.add_argument("--only", default="")
    ap.add_argument("--raw", default=None, help="also write the figures as JSON here")
    ap.add_argument("--mode", default="both", choices=["both", "plain", "start"],
                    help="plain: from the MPS alone; start: from the planner's greedy start")
    ap.add_argument("--merge", default="", help="no runs: the table from these --raw files")
    args = ap.parse_args()
    if args.merge:
        rows = {}
        for path in args.merge.split(","):
            for row in json.load(open(path)):
                if row["name"] in rows:
                    rows[row["name"]]["lsmip"].update(row["lsmip"])
                else:
                    rows[row["name"]] = row
        return report([rows[n] for n in CASES if n in rows], [float(s) for s in args.limits.split(",")], args.out)
    limits = [float(s) for s in args.limits.split(",")]
    names = [n for n in CASES if not args.only or n in args.only.split(",")]
    rows = []
    for name in names:
        app, rel_path = CASES[name]
        model, check, start = build(app, os.path.join(ROOT, rel_path))
        maximise = model.sense == "max"
        mps = os.path.join(args.cbc_dir, name + ".mps")
        same, same_names = same_model(model, lsmip.read(mps)) if os.path.exists(mps) else (False, False)
        cbc = parse_cbc(os.path.join(args.cbc_dir, name + ".log"), maximise) \
            if os.path.exists(os.path.join(args.cbc_dir, name + ".log")) else (None, None, (None, None), "not run")
        row = {"name": name, "cols": model.num_cols, "rows": model.num_rows, "nnz": model.num_nonzeros,
               "same_model": same, "same_names": same_names, "cbc_obj": cbc[0], "cbc_bound": cbc[1], "cbc_cpu": cbc[2][0],
               "cbc_wall": cbc[2][1], "cbc_status": cbc[3], "sense": model.sense, "lsmip": {}}
        runs = [(limit, None) for limit in limits] if args.mode != "start" else []
        if start is not None and args.mode != "plain":   # the planner's way: from its greedy starting plan
            t0 = time.time()
            x0 = start()
            row["start_seconds"], row["start_value"] = time.time() - t0, check(x0)[1]
            runs += [(f"{limit:g}+start", x0) for limit in limits]
        for key, initial in runs:
            limit = float(str(key).split("+")[0])
            t0 = time.time()
            r = model.solve(time_limit=limit, threads=args.threads, seed=1, initial=initial)
            ok, value = check(r.x) if r.has_solution else (False, None)
            row["lsmip"][str(key)] = {"obj": r.objective if r.has_solution else None, "verified": ok,
                                   "plan_value": value, "bound": r.dual_bound, "time_best": r.time_best,
                                   "status": r.status, "wall": time.time() - t0}
            print(name, key, row["lsmip"][str(key)], flush=True)
        rows.append(row)
    if args.raw:
        with open(args.raw, "w") as f:
            json.dump(rows, f, indent=1)
    report(rows, limits, args.out)


def report(rows, limits, out):
    fmt = lambda v: "-" if v is None or (isinstance(v, float) and math.isnan(v)) else f"{v:.6g}"
    pct = lambda v: "-" if v is None else f"{100 * v:+.2f}%"
    keys = [str(l) for l in limits] + [f"{l:g}+start" for l in limits]
    label = lambda k: f"lsmip {float(k.split('+')[0]):g} s" + (" from the greedy start" if "+" in k else "")
    lines = ["| description | sense | cols / rows / nnz | CBC 600 s | CBC bound | planner's start (s to build) | "
             + " | ".join(label(k) + " (vs CBC)" for k in keys) + " | best verified lsmip {:g} s: gap to CBC bound | CBC CPU s / wall s | CBC result |".format(limits[-1]),
             "|" + "---|" * (9 + len(keys))]
    for row in rows:
        cells = [row["name"], row["sense"], f"{row['cols']} / {row['rows']} / {row['nnz']}",
                 fmt(row["cbc_obj"]) + ("" if row["same_model"] else " (other model!)"), fmt(row["cbc_bound"]),
                 f"{fmt(row['start_value'])} ({row['start_seconds']:.1f} s)" if "start_value" in row else "-"]
        for key in keys:
            l = row["lsmip"].get(key)
            if l is None:
                cells.append("-")
                continue
            cells.append(f"{fmt(l['obj'])} ({pct(rel(l['obj'], row['cbc_obj'], row['sense'] == 'max'))})"
                         + ("" if l["verified"] else " UNVERIFIED"))
        finals = [row["lsmip"][k]["obj"] for k in (str(limits[-1]), f"{limits[-1]:g}+start")
                  if k in row["lsmip"] and row["lsmip"][k]["obj"] is not None and row["lsmip"][k]["verified"]]
        last = (max if row["sense"] == "max" else min)(finals) if finals else None
        cells.append(pct(rel(last, row["cbc_bound"], row["sense"] == "max")))
        cells.append(f"{fmt(row['cbc_cpu'])} / {fmt(row['cbc_wall'])}")
        cells.append(row["cbc_status"])
        lines.append("| " + " | ".join(cells) + " |")
    with open(out, "a") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
