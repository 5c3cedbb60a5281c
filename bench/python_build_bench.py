#!/usr/bin/env python3
"""Building a model from numpy CSR arrays versus reading it from .mps.gz (Python API).

A benchmark, not a test. For each model file it times, over --repeat rounds (the
best of each is reported, the machine being shared):
  read   lsmip.read(path) up to the engine's handle: _lsmip.Handle().read_model(path)
  build  the same model from numpy arrays held in memory: Model.add_vars + add_rows
         (CSR tuple) and the handing over to the engine (Model._handle())
  build+names  the same with column and row names
The arrays come from the file itself (read once, outside the timing), so both paths
build the same model; the script checks that they agree entry for entry.

Usage: bench/python_build_bench.py --python-path DIR MODEL.mps.gz [...] [--repeat 3]
DIR holds the lsmip package (e.g. build/release/python).
"""
import argparse
import sys
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="+")
    ap.add_argument("--python-path", required=True, help="folder holding the lsmip package")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    sys.path.insert(0, args.python_path)
    import numpy as np
    import lsmip
    from lsmip import _lsmip

    print("| model | columns | rows | nonzeros | read .mps.gz (s) | build from arrays (s) | build with names (s) | build / read |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for path in args.models:
        h = _lsmip.Handle()
        h.read_model(path)
        d = h.get_model()
        lb, ub, obj, integ = d["col_lower"], d["col_upper"], d["col_cost"], d["col_integer"]
        lo, hi = d["row_lower"], d["row_upper"]
        csr = (np.asarray(d["row_start"]), np.asarray(d["row_index"]), np.asarray(d["row_value"]))
        col_names, row_names = list(d["col_names"]), list(d["row_names"])
        sense = "min" if d["sense"] > 0 else "max"

        def build(names):
            m = lsmip.Model(sense=sense)
            m.add_vars(lb.size, lb, ub, obj, integ, col_names if names else None)
            m.add_rows(csr, lo, hi, row_names if names else None)
            return m._handle()

        def best(fn):
            t = []
            for _ in range(args.repeat):
                s = time.perf_counter()
                fn()
                t.append(time.perf_counter() - s)
            return min(t)

        t_read = best(lambda: _lsmip.Handle().read_model(path))
        t_build = best(lambda: build(False))
        t_names = best(lambda: build(True))
        e = build(True).get_model()
        for key in ("col_lower", "col_upper", "col_cost", "col_integer", "row_lower", "row_upper",
                    "row_start", "row_index", "row_value"):
            if not np.array_equal(np.asarray(e[key]), np.asarray(d[key])):
                raise SystemExit(f"{path}: the built model differs from the read one in {key}")
        nnz = int(csr[0][-1])
        print(f"| {path.rsplit('/', 1)[-1]} | {lb.size} | {lo.size} | {nnz} | {t_read:.3f} | {t_build:.3f} | "
              f"{t_names:.3f} | {max(t_build, t_names) / t_read:.2f} |")


if __name__ == "__main__":
    main()
