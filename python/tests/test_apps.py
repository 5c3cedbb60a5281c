"""The planning applications in examples/ (helix, dlrm_sharding) on every shipped
description: built, solved under a work limit, the decoded plan checked from the
description alone; and the written MPS is the model that was solved (read back into the
same arrays, as the LP and gzip files are, and lsmip's solution has the same objective on
it by the independent checker ../shared/tools/mipcheck.py when it is there)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import lsmip

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")
sys.path.insert(0, os.path.join(EXAMPLES, "helix"))
sys.path.insert(0, os.path.join(EXAMPLES, "dlrm_sharding"))

import dlrm_sharding  # noqa: E402
import helix  # noqa: E402

MIPCHECK = os.path.join(HERE, "..", "..", "..", "shared", "tools", "mipcheck.py")
CLUSTERS = ["cluster10", "cluster24", "cluster42"]
INSTANCES = ["dlrm50", "dlrm300", "dlrm1000"]
WORK = 2e6   # work units: a fraction of a second per model on this machine


def solve(model, start=None):
    return model.solve(work_limit=WORK, threads=1, seed=1, initial=start)


@pytest.mark.parametrize("name", CLUSTERS)
def test_helix_plan_is_valid(name):
    cluster = helix.load(os.path.join(EXAMPLES, "helix", "clusters", name + ".json"))
    placement = helix.Placement(cluster)
    start = placement.greedy_start()
    assert helix.verify(cluster, placement.decode(start)) == []
    r = solve(placement.model, start)
    assert r.has_solution
    plan = placement.decode(r.x)
    assert helix.verify(cluster, plan) == []
    assert plan.throughput == pytest.approx(r.objective, rel=1e-6, abs=1e-4)
    # at least the greedy plan's throughput, which is positive on every shipped cluster
    assert plan.throughput >= placement.decode(start).throughput * (1 - 1e-9) > 0
    assert not r.dual_bound < r.objective * (1 - 1e-6)   # NaN: no bound yet


@pytest.mark.parametrize("name", INSTANCES)
def test_dlrm_plan_is_valid(name):
    inst = dlrm_sharding.load(os.path.join(EXAMPLES, "dlrm_sharding", "instances", name + ".json"))
    sharding = dlrm_sharding.Sharding(inst)
    start = sharding.greedy_start()
    assert start is not None
    r = solve(sharding.model, start)
    assert r.has_solution
    plan = sharding.decode(r.x)
    problems, makespan = dlrm_sharding.verify(inst, plan)
    assert problems == []
    assert makespan <= r.objective * (1 + 1e-6) + 1e-9
    assert r.objective <= start[sharding.z] * (1 + 1e-9)
    assert not r.dual_bound > r.objective * (1 + 1e-6)


def test_the_checks_catch_broken_plans():
    cluster = helix.load(os.path.join(EXAMPLES, "helix", "clusters", "cluster10.json"))
    placement = helix.Placement(cluster)
    plan = placement.decode(solve(placement.model, placement.greedy_start()).x)
    assert helix.verify(cluster, plan) == []
    small = min(cluster.nodes, key=lambda v: v.memory_gb)   # more layers than its memory holds
    broken = helix.Plan(dict(plan.ranges), dict(plan.flows))
    broken.ranges[small.name] = (0, small.max_layers + 1)
    assert any("GB" in p for p in helix.verify(cluster, broken))
    (a, b), f = next(iter(plan.flows.items()))
    broken = helix.Plan(dict(plan.ranges), dict(plan.flows))
    broken.flows[(a, b)] = f * 2
    assert helix.verify(cluster, broken) != []

    inst = dlrm_sharding.load(os.path.join(EXAMPLES, "dlrm_sharding", "instances", "dlrm50.json"))
    sharding = dlrm_sharding.Sharding(inst)
    plan = sharding.decode(solve(sharding.model, sharding.greedy_start()).x)
    assert dlrm_sharding.verify(inst, plan)[0] == []
    big = max(inst.tables, key=lambda t: t["rows"] * t["dim"])["name"]
    opt, shards = plan[big]
    everything_on_one = {t: (dlrm_sharding.Option("table", 1), [(inst.devices[0]["name"], "hbm")]) for t in plan}
    assert any("capacity" in p for p in dlrm_sharding.verify(inst, everything_on_one)[0])
    plan[big] = (opt, shards[:-1] + shards[:1]) if len(shards) > 1 else (opt, [])
    assert dlrm_sharding.verify(inst, plan)[0] != []


def test_bad_descriptions_are_errors_naming_the_field(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"model": {"layers": 0}}')
    with pytest.raises(helix.DescriptionError, match="layers"):
        helix.load(str(bad))
    bad.write_text("not json")
    assert helix.main([str(bad)]) == 2
    bad.write_text('{"batch_size": 1, "bytes_per_element": 4, "optimizer_bytes_per_element": 0, '
                   '"index_cost_ns": 1, "tables": [{"rows": -1}], "devices": [{}]}')
    with pytest.raises(dlrm_sharding.DescriptionError, match="rows"):
        dlrm_sharding.load(str(bad))
    assert dlrm_sharding.main([str(bad)]) == 2


def same_arrays(a, b):
    da, db = a._arrays(), b._arrays()
    for x, y in zip(da[:11], db[:11]):
        assert np.array_equal(np.asarray(x), np.asarray(y))
    assert da[11] == db[11] and da[12] == db[12]


@pytest.mark.parametrize("app,name", [("helix", "cluster10"), ("dlrm", "dlrm50")])
def test_the_written_mps_is_the_model_solved(tmp_path, app, name):
    if app == "helix":
        cluster = helix.load(os.path.join(EXAMPLES, "helix", "clusters", name + ".json"))
        placement = helix.Placement(cluster)
        model, start = placement.model, placement.greedy_start()
    else:
        inst = dlrm_sharding.load(os.path.join(EXAMPLES, "dlrm_sharding", "instances", name + ".json"))
        sharding = dlrm_sharding.Sharding(inst)
        model, start = sharding.model, sharding.greedy_start()
    for suffix in (".lp", ".lp.gz", ".mps.gz"):   # the other formats read back the same too
        other = tmp_path / (name + suffix)
        model.write(other)
        same_arrays(model, lsmip.read(other))
    path = tmp_path / (name + ".mps")
    model.write(path)
    back = lsmip.read(path)
    same_arrays(model, back)
    r = solve(model, start)
    assert r.has_solution
    if not os.path.exists(MIPCHECK):
        pytest.skip("no ../shared/tools/mipcheck.py beside the checkout")
    names = model._arrays()[11]
    sol = tmp_path / (name + ".sol")
    sol.write_text(f"=obj= {r.objective!r}\n" + "".join(f"{n} {v!r}\n" for n, v in zip(names, r.x)))
    out = subprocess.run([sys.executable, MIPCHECK, str(path), str(sol), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
