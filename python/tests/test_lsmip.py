"""Tests of the Python module (run by .ci/run against the installed package)."""
import math
import os
import signal
import subprocess
import threading

import numpy as np
import pytest

import lsmip

HERE = os.path.dirname(os.path.abspath(__file__))
P0033 = os.path.join(HERE, "..", "..", "examples", "p0033.mps.gz")


def knapsack():
    m = lsmip.Model(sense="max", name="knap")
    x = m.add_vars(4, lb=0, ub=1, obj=[10, 13, 7, 8], integer=True, names=["a", "b", "c", "d"])
    m.add_row([5, 6, 3, 4], x, ub=10, name="cap")
    return m, x


def test_version():
    assert lsmip.version().count(".") == 2


def test_build_and_solve_a_knapsack():
    m, _ = knapsack()
    r = m.solve(work_limit=1e6, seed=1)
    # The exact worker proves the optimum: the run ends there, with the bound.
    assert r.status == "optimal"
    assert r.has_solution
    assert r.objective == 21  # b and d
    assert list(r.x) == [0, 1, 0, 1]
    assert r.stop_reason == "completed"
    assert r.dual_bound == pytest.approx(21, rel=1e-4)
    assert r.gap <= 1e-4
    # The pure local search runs to its limit and has no bound.
    r = m.solve(work_limit=1e6, seed=1, lp=False, exact=False, lns=False)
    assert r.status == "feasible"
    assert r.stop_reason == "work_limit"
    assert np.isnan(r.dual_bound)
    assert r.trace and r.trace[-1][1] == 21
    assert math.isnan(r.dual_bound)


def test_read_gives_the_known_optimum_and_the_same_solution_as_the_cli(tmp_path):
    m = lsmip.read(P0033)
    assert (m.num_cols, m.num_rows) == (33, 16)
    r = m.solve(work_limit=3e6, seed=5)
    assert r.objective == 3089
    sol = tmp_path / "cli.sol"
    binary = os.environ.get("LSMIP_BINARY", "lsmip")
    subprocess.run([binary, P0033, "--work-limit", "3e6", "--seed", "5", "-q", "--solution-file", str(sol)],
                   check=True)
    values = {}
    for line in sol.read_text().splitlines()[1:]:
        name, value = line.split()
        values[name] = float(value)
    names = lsmip._lsmip.Handle()
    names.read_model(P0033)
    col_names = names.get_model()["col_names"]
    cli_x = np.array([values.get(n, 0.0) for n in col_names])
    assert np.array_equal(cli_x, r.x)


def test_scipy_sparse_and_dense_matrices_give_the_same_model():
    sp = pytest.importorskip("scipy.sparse")
    A = np.array([[5.0, 6, 3, 4], [1, 1, 1, 1]])
    results = []
    for matrix in (A, sp.csr_matrix(A), sp.csc_matrix(A), (np.array([0, 4, 8]), np.tile(np.arange(4), 2), A.ravel())):
        m = lsmip.Model(sense="max")
        m.add_vars(4, ub=1, obj=[10, 13, 7, 8], integer=True)
        m.add_rows(matrix, ub=[10, 2])
        results.append(m.solve(work_limit=1e6, seed=1))
    assert all(r.objective == 21 for r in results)
    assert all(np.array_equal(r.x, results[0].x) for r in results)


def test_bad_options_and_arrays_raise_value_errors_naming_them():
    m, x = knapsack()
    with pytest.raises(ValueError, match="no_such_option"):
        m.solve(no_such_option=1)
    with pytest.raises(ValueError, match="threads"):
        m.solve(threads=-3)
    with pytest.raises(ValueError):
        m.add_vars(3, lb=[0, 0])
    with pytest.raises(ValueError):
        m.add_rows((np.array([0, 5]), np.array([0, 1]), np.array([1.0, 2.0])))
    with pytest.raises(OSError):
        lsmip.read("/no/such/file.mps")


def test_callback_sees_incumbents_and_can_stop_the_solve():
    m = lsmip.read(P0033)
    seen = []

    def cb(event):
        if event["kind"] == "incumbent":
            seen.append(event["objective"])
            return True  # stop at the first solution
        return False

    r = m.solve(work_limit=1e8, callback=cb)
    assert len(seen) == 1
    assert r.has_solution
    assert r.stop_reason == "interrupted"


def test_threads_and_determinism():
    m = lsmip.read(P0033)
    a = m.solve(work_limit=2e6, threads=2, deterministic=True, seed=3)
    b = m.solve(work_limit=2e6, threads=2, deterministic=True, seed=3)
    assert a.threads == 2
    assert np.array_equal(a.x, b.x)
    assert a.objective == b.objective


def test_keyboard_interrupt_returns_the_best_solution():
    m = lsmip.read(P0033)
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        # The pure local search: the exact worker would prove p0033 optimal before the signal.
        r = m.solve(time_limit=30, lp=False, exact=False, lns=False)
    finally:
        timer.cancel()
    assert r.stop_reason == "interrupted"
    assert r.has_solution
    assert r.seconds < 5


def test_warm_start():
    m, _ = knapsack()
    r = m.solve(work_limit=1e3, initial=[0, 1, 0, 1])
    assert r.objective == 21
    assert r.trace[0][2] == "initial"
