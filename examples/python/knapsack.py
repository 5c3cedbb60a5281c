#!/usr/bin/env python3
"""A 0-1 knapsack built in code and solved through the lsmip Python module.

    python3 knapsack.py

Prints the solver's optimum and checks it against the optimum found by enumerating all
2^n subsets; exits with 0 only when they agree (the same model as examples/c/knapsack.c).
"""
import itertools
import sys

import numpy as np

import lsmip

VALUE = np.array([24, 13, 23, 15, 16, 14, 8, 19, 11, 12, 18, 9], dtype=float)
WEIGHT = np.array([12, 7, 11, 8, 9, 7, 4, 10, 6, 6, 9, 5], dtype=float)
CAPACITY = 40.0


def enumerate_best():
    """The best value of any subset that fits."""
    best = 0.0
    for pick in itertools.product((0, 1), repeat=VALUE.size):
        p = np.array(pick, dtype=float)
        if p @ WEIGHT <= CAPACITY:
            best = max(best, float(p @ VALUE))
    return best


def main():
    m = lsmip.Model(sense="max", name="knapsack")
    x = m.add_vars(VALUE.size, lb=0, ub=1, obj=VALUE, integer=True,
                   names=[f"item{j}" for j in range(VALUE.size)])
    m.add_row(WEIGHT, x, ub=CAPACITY, name="capacity")

    def on_event(e):
        if e["kind"] == "incumbent":
            print(f"  incumbent {e['objective']:g} at {e['seconds']:.2f}s ({e['source']})")
        return False

    r = m.solve(work_limit=1e6, seed=1, callback=on_event)
    expected = enumerate_best()
    print(f"lsmip {lsmip.version()}: status {r.status}, objective {r.objective:g}, "
          f"enumerated optimum {expected:g}")
    chosen = [j for j in range(VALUE.size) if r.x[j] > 0.5]
    print("items:", " ".join(map(str, chosen)))
    return 0 if r.has_solution and abs(r.objective - expected) < 1e-9 else 1


if __name__ == "__main__":
    sys.exit(main())
