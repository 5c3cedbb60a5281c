#!/usr/bin/env python3
"""Benchmark lsmip configurations (and optionally CBC) on a folder of instances.

For every instance, seed and solver: objective found within the time limit, MIPLIB
primal gap to best_known.tsv, primal integral, time to first solution, moves per
second (lsmip), and whether the written solution passes the independent checker
(../shared/tools/mipcheck.py when present, else `lsmip check`).

Primal gap: |obj - best| / max(|obj|, |best|); 0 when equal, 1 without a solution or
with opposite signs. Primal integral: the integral over [0, T] of the primal gap of
the incumbent (1 before the first solution), in seconds, T = the time limit; so it
lies in [0, T] and is smaller the sooner good solutions are found.

Only solutions found at or before the time limit count, for lsmip (from the `trace`
of its JSON report) and for CBC (from the times of its "Integer solution of ..."
log lines). CBC runs with one thread, `-timeMode elapsed` and the same wall-clock
limit, and is killed (SIGKILL) at the limit plus a grace (2 s by default); lsmip is
killed at the same point.

Totals per seed and solver: feasible found, mean primal gap, mean primal integral
(an instance without a solution counts 1 and T), wrong claims (a written solution
that fails the check, a solution on an instance known to be infeasible, a claim of
infeasibility on an instance with a known solution, or a claim of optimality with a
value other than the known optimum), and the number of instances where the solver
is strictly best by primal gap and by primal integral.

usage: bench/run_bench.py --lsmip build/release/lsmip --instances ../shared/instances/miplib
          [--time-limit 10] [--seed 1 | --seeds 1,2,3] [--cbc] [--only a,b]
          [--config NAME='lsmip options' ...] [--parallel K] [--grace 2]
          (a configuration's options may include --ranks K and --binary PATH)
          [--out FILE.md] [--json-out FILE.json] [-- extra lsmip options]
"""
import argparse
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

CLAIM_STATUSES = ("feasible", "optimal")


def primal_gap(obj, best):
    """MIPLIB primal gap; 1 when there is no solution or the signs differ."""
    if obj is None or best is None:
        return 1.0
    if abs(obj - best) <= 1e-9:
        return 0.0
    if obj * best < 0:
        return 1.0
    return abs(obj - best) / max(abs(obj), abs(best))


def primal_integral(incumbents, best, limit):
    """Integral over [0, limit] of the incumbent's primal gap (1 before the first).

    incumbents: [(seconds, objective), ...] in order of discovery.
    """
    area, t_prev, gap = 0.0, 0.0, 1.0
    for t, v in sorted(incumbents, key=lambda e: e[0]):
        t = max(0.0, t)
        if t > limit:
            break
        area += gap * (t - t_prev)
        t_prev, gap = t, primal_gap(v, best)
    return area + gap * (limit - t_prev)


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


def threads_of(options):
    """Scheduling slots: the --threads value among lsmip options (1 when absent), times the
    bench's --ranks."""
    ranks, options = split_ranks(options)
    return ranks * threads_of_process(options)


def threads_of_process(options):
    """The --threads value among lsmip options (1 when absent)."""
    for i, a in enumerate(options):
        if a.startswith("--threads="):
            v = a.split("=", 1)[1]
        elif a == "--threads" and i + 1 < len(options):
            v = options[i + 1]
        else:
            continue
        try:
            return max(1, int(v))
        except ValueError:
            return 1
    return 1


def parse_configs(specs, extra):
    """--config NAME=OPTIONS (repeatable) -> [(name, [options])]; extra options go to all."""
    if not specs:
        return [("lsmip", list(extra))]
    configs, seen = [], set()
    for i, spec in enumerate(specs):
        name, sep, opts = spec.partition("=")
        if not sep or not name or name.startswith("-"):
            name, opts = f"c{i + 1}", spec
        if name in seen or name == "CBC":
            sys.exit(f"run_bench: configuration name {name!r} used twice or reserved")
        seen.add(name)
        configs.append((name, shlex.split(opts) + list(extra)))
    return configs


def check_solution(args, path, sol):
    if not os.path.exists(sol):
        return False
    if args.mipcheck and os.path.exists(args.mipcheck):
        r = subprocess.run([sys.executable, args.mipcheck, path, sol], capture_output=True, text=True)
    else:
        r = subprocess.run([args.lsmip, "check", path, sol], capture_output=True, text=True)
    return r.returncode == 0


RUNNING = set()  # processes started by this script and not yet waited for


def start(cmd, **kw):
    """Start cmd in its own process group, so that a kill reaches all its processes."""
    proc = subprocess.Popen(cmd, start_new_session=True, **kw)
    RUNNING.add(proc)
    return proc


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def wait_limited(proc, t0, deadline, communicate):
    """Wait for proc until deadline (monotonic); SIGKILL its group then.

    Returns (output, killed, wall seconds from t0 to the end of the process)."""
    killed = False
    try:
        proc.wait(timeout=max(0.0, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        kill_group(proc)
        killed = True
        proc.wait()
    wall = time.monotonic() - t0
    out = communicate()
    RUNNING.discard(proc)
    return out, killed, wall


def same_value(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def counted_incumbents(incumbents, limit):
    return [(t, v) for t, v in incumbents if t <= limit]


CLAIM_GAP = 1e-4


def wrong_claim(status, obj_claimed, known_status, known, check_ok):
    """Reason the run's claim is wrong, or None."""
    if obj_claimed is not None:
        if known_status == "inf":
            return "solution on an infeasible instance"
        if not check_ok:
            return "solution fails the check"
        # A proven optimum is one within the default relative MIP gap (1e-4, as HiGHS and
        # SCIP) of the bound; the known optima are also rounded (rgn: 82.1999 for 82.19999924).
        if status == "optimal" and known_status == "opt" and primal_gap(obj_claimed, known) > CLAIM_GAP:
            return "optimal with a value other than the known optimum"
    if status == "infeasible" and known_status in ("opt", "best"):
        return "infeasible, but a solution is known"
    return None


def split_ranks(options):
    """(ranks, the other options): the bench's own --ranks K (an MPI launch of K ranks)."""
    out, ranks, i = [], 1, 0
    while i < len(options):
        if options[i] == "--ranks" and i + 1 < len(options):
            ranks, i = int(options[i + 1]), i + 2
            continue
        out.append(options[i])
        i += 1
    return ranks, out


def split_binary(options, default):
    """(binary, the other options): the bench's own --binary PATH runs another lsmip build, so
    that two builds are compared side by side in one run."""
    out, binary, i = [], default, 0
    while i < len(options):
        if options[i] == "--binary" and i + 1 < len(options):
            binary, i = options[i + 1], i + 2
            continue
        out.append(options[i])
        i += 1
    return binary, out


def run_lsmip(args, job):
    base = os.path.join(job["workdir"], f"{job['instance']}.s{job['seed']}.{job['slug']}")
    sol, rep = base + ".sol", base + ".json"
    ranks, options = split_ranks(job["options"])
    binary, options = split_binary(options, args.lsmip)
    cmd = [binary, job["path"], "--time-limit", str(args.time_limit), "--seed", str(job["seed"]),
           "--solution-file", sol, "--json", rep, "--log-level", "0"] + options
    if ranks > 1:
        cmd = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(ranks)] + cmd
    errfile = tempfile.TemporaryFile(mode="w+")
    t0 = time.monotonic()
    proc = start(cmd, stdout=subprocess.DEVNULL, stderr=errfile, text=True)

    def communicate():
        errfile.seek(0)
        return errfile.read()

    err, killed, wall = wait_limited(proc, t0, t0 + args.time_limit + args.grace, communicate)
    errfile.close()
    report = {}
    if not killed and os.path.exists(rep):
        try:
            with open(rep) as f:
                report = json.load(f)
        except (OSError, ValueError):
            report = {}
    status = "killed" if killed else report.get("status", "error")
    claimed = report.get("objective") if status in CLAIM_STATUSES else None
    trace = report.get("trace")
    if ranks > 1 and report.get("best_objective") is not None:
        # Rank 0's trace holds its own solutions and those it received in the rounds; the
        # best of all ranks, written at the end, may be another rank's.
        claimed = report["best_objective"]
        if status not in CLAIM_STATUSES:
            status = "feasible"
        if report.get("objective") != claimed:  # another rank's, better than rank 0's own
            trace = list(trace or []) + [[report.get("seconds", wall), claimed]]
    if claimed is not None and not trace:
        # No trace: the final objective counts from the time of the best solution on.
        trace = [[report.get("time_to_best", report.get("seconds", wall)), claimed]]
    incumbents = [(float(e[0]), float(e[1])) for e in (trace or [])] if claimed is not None else []
    check_ok = check_solution(args, job["path"], sol) if claimed is not None else True
    return dict(status=status, claimed=claimed, incumbents=incumbents, check=check_ok,
                mps=report.get("moves_per_second"), exit=proc.returncode, wall=wall,
                killed=killed, stderr=(err or "").strip()[-500:], command=cmd)


CBC_SOLUTION = re.compile(r"Integer solution of (\S+) found .*?\(([\d.]+) seconds\)")
CBC_FINAL = re.compile(r"objective value\s+(\S+)")


def parse_cbc(lines, sol_path, line_buffered):
    """CBC's incumbents [(seconds, objective)], final status and final objective.

    lines: [(arrival seconds since launch, text)]. A solution's time is the time in
    its log line, or the arrival time of the line when that is later and the output
    was line-buffered (CBC's clock may start after reading the model).
    """
    incumbents, status, final = [], "unknown", None
    for arrival, line in lines:
        m = CBC_SOLUTION.search(line)
        if m and not line.lstrip().startswith("Final check"):
            try:
                v, t = float(m.group(1)), float(m.group(2))
            except ValueError:
                continue
            incumbents.append((max(t, arrival) if line_buffered else t, v))
        if line.startswith("Result -"):
            low = line.lower()
            if "optimal" in low:
                status = "optimal"
            elif "infeasible" in low:
                status = "infeasible"
    head = ""
    if os.path.exists(sol_path):
        with open(sol_path) as f:
            head = f.readline()
    m = CBC_FINAL.search(head) if head else None
    if m and "no integer" not in head.lower() and not head.lower().startswith("infeasible"):
        try:
            final = float(m.group(1))
        except ValueError:
            final = None
    if status == "unknown" and (incumbents or final is not None):
        status = "feasible"
    return incumbents, status, final


def cbc_to_miplib(cbc_sol, out):
    """CBC's solution file (index name value reduced-cost) -> MIPLIB format (name value)."""
    with open(cbc_sol) as f, open(out, "w") as g:
        f.readline()
        for line in f:
            parts = line.replace("**", " ").split()
            if len(parts) >= 3:
                g.write(f"{parts[1]} {parts[2]}\n")


def run_cbc(args, job):
    base = os.path.join(job["workdir"], f"{job['instance']}.s{job['seed']}.cbc")
    sol = base + ".txt"
    stdbuf = shutil.which("stdbuf")
    cmd = ([stdbuf, "-oL"] if stdbuf else []) + [
        "cbc", job["path"], "-threads", "1", "-timeMode", "elapsed", "-sec", str(args.time_limit),
        "-randomSeed", str(job["seed"]), "-solve", "-solu", sol]
    lines = []
    t0 = time.monotonic()
    proc = start(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")

    def reader():
        for line in proc.stdout:
            lines.append((time.monotonic() - t0, line.rstrip("\n")))

    th = threading.Thread(target=reader, daemon=True)
    th.start()

    def communicate():
        th.join(timeout=5)  # EOF follows the end of the process group
        return None

    _, killed, wall = wait_limited(proc, t0, t0 + args.time_limit + args.grace, communicate)
    lines = list(lines)
    incumbents, status, final = parse_cbc(lines, sol, stdbuf is not None)
    if killed:
        status = "killed"
    claimed = final if final is not None else (incumbents[-1][1] if incumbents else None)
    check_ok = True
    if final is not None and os.path.exists(sol):
        conv = base + ".sol"
        cbc_to_miplib(sol, conv)
        check_ok = check_solution(args, job["path"], conv)
    if final is not None:
        if incumbents and same_value(final, incumbents[-1][1]):
            # The log prints 8 significant digits; the file has the full value.
            incumbents = [(t, final if same_value(final, v) else v) for t, v in incumbents]
        else:
            # A final solution without a timed log line: it counts from the end of the run.
            incumbents.append((wall, final))
    with open(base + ".log", "w") as f:
        f.write("\n".join(f"{t:8.3f} {l}" for t, l in lines) + "\n")
    return dict(status=status, claimed=claimed, incumbents=incumbents, check=check_ok,
                mps=None, exit=proc.returncode, wall=wall, killed=killed, stderr="", command=cmd)


def finish_row(args, job, res, best):
    known_status, known = best.get(job["instance"], ("unknown", None))
    limit = args.time_limit
    # A solution that fails the check counts as none (for gap and integral too).
    counted = counted_incumbents(res["incumbents"], limit) if res["check"] else []
    obj = counted[-1][1] if counted else None
    feasible_instance = known_status != "inf"
    reason = wrong_claim(res["status"], res["claimed"], known_status, known, res["check"])
    return dict(
        instance=job["instance"], seed=job["seed"], solver=job["solver"],
        options=job.get("options"), known=known, known_status=known_status,
        status=res["status"], obj=obj, final_obj=res["claimed"],
        late=res["claimed"] is not None and res["check"] and (not counted or not same_value(counted[-1][1], res["claimed"])),
        gap=primal_gap(obj, known) if feasible_instance else None,
        primal_integral=primal_integral(counted, known, limit) if feasible_instance else None,
        first=counted[0][0] if counted else None, mps=res["mps"], exit=res["exit"],
        wall=res["wall"], killed=res["killed"], check=res["check"], wrong=reason,
        incumbents=counted, stderr=res["stderr"], command=res["command"])


def fmt(v, spec="{:.6g}"):
    return "-" if v is None else spec.format(v)


def run_all(args, jobs, best):
    """Run the jobs, at most args.parallel slots at once (a job takes min(threads, K))."""
    lock = threading.Condition()
    state = {"free": args.parallel}
    rows = [None] * len(jobs)
    threads = []

    def work(i, job):
        try:
            res = run_cbc(args, job) if job["solver"] == "CBC" else run_lsmip(args, job)
            row = finish_row(args, job, res, best)
            rows[i] = row
            with lock:
                print(f"{row['instance']:28s} s{row['seed']:<3d} {row['solver']:12s} {row['status']:10s}"
                      f" obj {fmt(row['obj']):>14s} gap {fmt(row['gap'], '{:.4f}'):>7s}"
                      f" PI {fmt(row['primal_integral'], '{:.3f}'):>7s}"
                      f" first {fmt(row['first'], '{:.2f}'):>6s} wall {row['wall']:6.2f}"
                      + (f" moves/s {fmt(row['mps'], '{:.3g}')}" if row["mps"] is not None else "")
                      + ("  LATE (final solution after the limit)" if row["late"] else "")
                      + (f"  WRONG CLAIM: {row['wrong']}" if row["wrong"] else "")
                      + (f"  exit {row['exit']}: {row['stderr'].splitlines()[-1] if row['stderr'] else ''}"
                         if row["exit"] not in (0, 3, 10) and not row["killed"] else ""), flush=True)
        finally:
            with lock:
                state["free"] += job["slots"]
                lock.notify_all()

    for i, job in enumerate(jobs):
        with lock:
            while state["free"] < job["slots"]:
                lock.wait()
            state["free"] -= job["slots"]
        th = threading.Thread(target=work, args=(i, job))
        th.start()
        threads.append(th)
    for th in threads:
        th.join()
    return [r for r in rows if r is not None]


def totals(rows, solvers):
    """Per solver: counts and means over the instances not known to be infeasible."""
    out = {}
    by_key = {}
    for r in rows:
        by_key.setdefault((r["instance"], r["seed"]), {})[r["solver"]] = r
    for s in solvers:
        mine = [r for r in rows if r["solver"] == s]
        feas = [r for r in mine if r["known_status"] != "inf"]
        out[s] = dict(instances=len(feas), feasible=sum(1 for r in feas if r["obj"] is not None),
                      mean_gap=sum(r["gap"] for r in feas) / max(1, len(feas)),
                      mean_primal_integral=sum(r["primal_integral"] for r in feas) / max(1, len(feas)),
                      wrong=sum(1 for r in mine if r["wrong"]), best_gap=0, best_integral=0,
                      late=sum(1 for r in mine if r["late"]))
    if len(solvers) > 1:
        for group in by_key.values():
            if len(group) < 2 or next(iter(group.values()))["known_status"] == "inf":
                continue
            for key, field in (("best_gap", "gap"), ("best_integral", "primal_integral")):
                ranked = sorted(group.values(), key=lambda r: r[field])
                if ranked[0][field] < ranked[1][field] - 1e-9:
                    out[ranked[0]["solver"]][key] += 1
    return out


def totals_table(tot, n_seeds=1):
    lines = ["| solver | feasible | mean primal gap | mean primal integral (s) | wrong claims |"
             " strictly best gap | strictly best integral | late finals |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for s, t in tot.items():
        lines.append(f"| {s} | {t['feasible']} of {t['instances']} | {t['mean_gap']:.4f} |"
                     f" {t['mean_primal_integral']:.3f} | {t['wrong']} | {t['best_gap']} |"
                     f" {t['best_integral']} | {t['late']} |")
    return lines


def instance_table(rows, solvers, lsmip_solvers):
    by = {(r["instance"], r["solver"]): r for r in rows}
    names = sorted({r["instance"] for r in rows})
    head, sep = "| instance | best known |", "|---|---:|"
    for s in solvers:
        head += f" {s} objective | {s} gap | {s} PI (s) | {s} first (s) |"
        sep += "---:|---:|---:|---:|"
        if s in lsmip_solvers:
            head += f" {s} moves/s |"
            sep += "---:|"
    lines = [head, sep]
    for n in names:
        any_row = next(by[(n, s)] for s in solvers if (n, s) in by)
        line = f"| {n} | {fmt(any_row['known'])} |"
        for s in solvers:
            r = by.get((n, s))
            if r is None:
                line += " | | | |" + (" |" if s in lsmip_solvers else "")
                continue
            mark = (" **WRONG**" if r["wrong"] else "") + (" (late)" if r["late"] else "")
            line += (f" {fmt(r['obj'])}{mark} | {fmt(r['gap'], '{:.4f}')} |"
                     f" {fmt(r['primal_integral'], '{:.3f}')} | {fmt(r['first'], '{:.2f}')} |")
            if s in lsmip_solvers:
                line += f" {fmt(r['mps'], '{:.3g}')} |"
        lines.append(line)
    return lines


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        k = argv.index("--")
        argv, extra = argv[:k], argv[k + 1:]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lsmip", required=True)
    ap.add_argument("--instances", required=True)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", default="", help="comma-separated seeds (overrides --seed)")
    ap.add_argument("--cbc", action="store_true", help="run CBC on every instance and seed too")
    ap.add_argument("--config", action="append", default=[], metavar="NAME=OPTIONS",
                    # An option "--ranks K" in a configuration runs it as `mpirun -np K`;
                    # "--binary PATH" runs another lsmip build instead of --lsmip.
                    help="an lsmip configuration (repeatable); OPTIONS are shell-split")
    ap.add_argument("--parallel", type=int, default=1,
                    help="processes run at once (an lsmip run with --threads N takes N of them)")
    ap.add_argument("--grace", type=float, default=2.0,
                    help="seconds after the time limit at which a run is killed")
    ap.add_argument("--only", default="", help="comma-separated instance names")
    ap.add_argument("--out", default="", help="also write the markdown tables here")
    ap.add_argument("--json-out", default="", help="write all rows and totals as JSON here")
    ap.add_argument("--mipcheck", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                       "..", "shared", "tools", "mipcheck.py"))
    args = ap.parse_args(argv)
    args.parallel = max(1, args.parallel)
    if args.cbc and not shutil.which("cbc"):
        sys.exit("run_bench: --cbc given but no `cbc` on PATH (apt-get install coinor-cbc)")

    seeds = [int(s) for s in args.seeds.split(",") if s.strip()] if args.seeds else [args.seed]
    configs = parse_configs(args.config, extra)
    solvers = [c[0] for c in configs] + (["CBC"] if args.cbc else [])
    best = read_best_known(args.instances)
    names = sorted(n for n in os.listdir(args.instances) if n.endswith(".mps.gz"))
    if args.only:
        keep = set(args.only.split(","))
        names = [n for n in names if n.replace(".mps.gz", "") in keep]
        missing = keep - {n.replace(".mps.gz", "") for n in names}
        if missing:
            sys.exit(f"run_bench: no such instance: {', '.join(sorted(missing))}")
    workdir = tempfile.mkdtemp(prefix="lsmip-bench-")
    jobs = []
    for n in names:
        for seed in seeds:
            for ci, (cname, opts) in enumerate(configs):
                jobs.append(dict(instance=n.replace(".mps.gz", ""), path=os.path.join(args.instances, n),
                                 seed=seed, solver=cname, options=opts, slug=f"c{ci}",
                                 slots=min(args.parallel, threads_of(opts)), workdir=workdir))
            if args.cbc:
                jobs.append(dict(instance=n.replace(".mps.gz", ""), path=os.path.join(args.instances, n),
                                 seed=seed, solver="CBC", options=None, slots=1, workdir=workdir))
    print(f"{len(jobs)} runs, {args.parallel} at a time, work files in {workdir}", flush=True)
    try:
        rows = run_all(args, jobs, best)
    except KeyboardInterrupt:
        for proc in list(RUNNING):
            kill_group(proc)
        sys.exit("run_bench: interrupted; the runs in progress were killed")

    lines, per_seed = [], {}
    for seed in seeds:
        srows = [r for r in rows if r["seed"] == seed]
        per_seed[seed] = totals(srows, solvers)
        if len(seeds) > 1:
            lines.append(f"\n### Seed {seed}\n")
        lines += instance_table(srows, solvers, [c[0] for c in configs])
        lines.append("")
        lines += totals_table(per_seed[seed])
    overall = totals(rows, solvers)
    if len(seeds) > 1:
        lines.append(f"\n### All seeds ({', '.join(map(str, seeds))}): instance-seed pairs\n")
        lines += totals_table(overall)
    lines.append(f"\n(time limit {args.time_limit:g} s, seeds {', '.join(map(str, seeds))},"
                 f" {args.parallel} process(es) at a time, killed at the limit + {args.grace:g} s;"
                 f" PI = primal integral over [0, {args.time_limit:g}] s)")
    for cname, opts in configs:
        lines.append(f"- {cname}: lsmip options {' '.join(shlex.quote(o) for o in opts) or 'none'}")
    if args.cbc:
        lines.append("- CBC: -threads 1 -timeMode elapsed -sec LIMIT -randomSeed SEED")
    text = "\n".join(lines)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    if args.json_out:
        doc = dict(settings=dict(lsmip=args.lsmip, instances=args.instances, time_limit=args.time_limit,
                                 seeds=seeds, parallel=args.parallel, grace=args.grace, cbc=args.cbc,
                                 configs=[dict(name=c, options=o) for c, o in configs]),
                   rows=rows, totals_per_seed={str(s): t for s, t in per_seed.items()},
                   totals=overall)
        with open(args.json_out, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
