#!/usr/bin/env python3
"""DLRM embedding-table sharding (table-wise, row-wise, column-wise), solved by lsmip.

    python3 dlrm_sharding.py INSTANCE.json [--time-limit S | --work-limit W] [--threads N]
                             [--write-model FILE.mps|FILE.lp] [--plot FILE.png] [--json FILE]

Reads the tables and devices (README.md describes the JSON), builds the MILP that picks one
sharding per table, places each shard on a device and memory tier, and minimises the
largest per-device cost (embedding lookups plus the all-to-all of the pooled outputs)
under the memory capacities; solves it, decodes the plan and checks it from the
description alone. Exit codes: 0 a verified plan, 1 no plan or a plan that fails the
check, 2 a bad description or command line.
"""
import argparse
import json
import math
import sys
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

import lsmip

TIERS = ("hbm", "ddr")


class DescriptionError(ValueError):
    """The instance description is malformed; the message says where."""


def _num(obj, key, where, positive=True, integer=False, default=None):
    if key not in obj:
        if default is not None:
            return default
        raise DescriptionError(f"{where}: missing field '{key}'")
    v = obj[key]
    ok = not isinstance(v, bool) and isinstance(v, int if integer else (int, float))
    if not ok or not math.isfinite(v) or (v <= 0 if positive else v < 0):
        raise DescriptionError(f"{where}: '{key}' must be a {'positive' if positive else 'non-negative'} "
                               f"{'integer' if integer else 'number'}, got {v!r}")
    return v


@dataclass(frozen=True)
class Option:
    kind: str     # "table", "row" or "column"
    ways: int     # number of shards (1 for table-wise)

    @property
    def label(self):
        return "TW" if self.kind == "table" else f"{'RW' if self.kind == 'row' else 'CW'}{self.ways}"


class Instance:
    """The parsed, checked description, with the cost model: shard_cost(), shard_bytes()."""

    def __init__(self, desc):
        if not isinstance(desc, dict):
            raise DescriptionError("the description must be a JSON object")
        self.batch = _num(desc, "batch_size", "description", integer=True)
        self.elem_bytes = _num(desc, "bytes_per_element", "description")
        self.state_bytes = _num(desc, "optimizer_bytes_per_element", "description", positive=False)
        self.index_ns = _num(desc, "index_cost_ns", "description", positive=False)
        sh = desc.get("sharding", {})
        if not isinstance(sh, dict):
            raise DescriptionError("'sharding' must be an object")
        self.row_ways = [int(k) for k in sh.get("row_wise_ways", [])]
        self.col_ways = [int(k) for k in sh.get("column_wise_ways", [])]
        self.split_min_share = _num(sh, "split_min_share", "sharding", positive=False, default=0.0)
        if any(k < 2 for k in self.row_ways + self.col_ways):
            raise DescriptionError("sharding: ways must be at least 2")
        tables, devices = desc.get("tables"), desc.get("devices")
        if not isinstance(tables, list) or not tables:
            raise DescriptionError("missing list 'tables'")
        if not isinstance(devices, list) or not devices:
            raise DescriptionError("missing list 'devices'")
        self.tables, names = [], set()
        for i, t in enumerate(tables):
            where = f"tables[{i}]"
            name = str(t.get("name", f"t{i}"))
            if name in names or not name or any(c.isspace() for c in name):
                raise DescriptionError(f"{where}: bad or duplicate name '{name}'")
            names.add(name)
            self.tables.append({"name": name, "rows": _num(t, "rows", where, integer=True),
                                "dim": _num(t, "dim", where, integer=True),
                                "pooling": _num(t, "pooling", where),
                                "frequency": _num(t, "frequency", where)})
        self.devices, names = [], set()
        for i, d in enumerate(devices):
            where = f"devices[{i}]"
            name = str(d.get("name", f"d{i}"))
            if name in names or not name or any(c.isspace() for c in name):
                raise DescriptionError(f"{where}: bad or duplicate name '{name}'")
            names.add(name)
            dev = {"name": name, "hbm_gb": _num(d, "hbm_gb", where), "hbm_gbps": _num(d, "hbm_gbps", where),
                   "net_gbps": _num(d, "net_gbps", where),
                   "ddr_gb": _num(d, "ddr_gb", where, positive=False, default=0.0)}
            dev["ddr_gbps"] = _num(d, "ddr_gbps", where) if dev["ddr_gb"] > 0 else 0.0
            self.devices.append(dev)
        self.options = [self._options_of(t) for t in self.tables]

    def _options_of(self, t):
        """Table-wise always; row- and column-wise (k ways, a column split needs dim % k == 0)
        for the tables whose table-wise cost is at least split_min_share of an even share of
        the total, or whose size is at least split_min_share of the smallest device's memory
        (splitting a light, small table only adds communication)."""
        opts = [Option("table", 1)]
        even = self.total_table_wise_cost() / len(self.devices)
        smallest = min(d["hbm_gb"] + d["ddr_gb"] for d in self.devices) * 1e9
        if (self.table_wise_cost(t) >= self.split_min_share * even or
                self.shard_bytes(t, Option("table", 1)) >= self.split_min_share * smallest):
            opts += [Option("row", k) for k in self.row_ways if k <= len(self.devices) and t["rows"] >= k]
            opts += [Option("column", k) for k in self.col_ways
                     if k <= len(self.devices) and t["dim"] % k == 0]
        return opts

    def total_table_wise_cost(self):
        if not hasattr(self, "_total_tw"):
            self._total_tw = sum(self.table_wise_cost(t) for t in self.tables)
        return self._total_tw

    def table_wise_cost(self, t):
        return self.shard_cost(t, Option("table", 1), self.devices[0], "hbm")

    def shard_shape(self, t, opt):
        """(rows, dim, indices looked up per batch, width of the pooled output) of one shard."""
        lookups = self.batch * t["frequency"] * t["pooling"]
        if opt.kind == "row":   # rows hashed evenly: each shard sees 1/k of the lookups, sends partial sums
            return math.ceil(t["rows"] / opt.ways), t["dim"], lookups / opt.ways, t["dim"]
        if opt.kind == "column":  # every shard sees every lookup on dim/k columns
            return t["rows"], t["dim"] // opt.ways, lookups, t["dim"] // opt.ways
        return t["rows"], t["dim"], lookups, t["dim"]

    def shard_bytes(self, t, opt):
        rows, dim, _, _ = self.shard_shape(t, opt)
        return rows * dim * (self.elem_bytes + self.state_bytes)

    def shard_cost(self, t, opt, dev, tier):
        """Milliseconds of one training iteration the shard costs its device: the lookups
        read dim elements per index forward and read and write them backward (3 passes at
        the tier's bandwidth) plus a fixed cost per index, and the pooled outputs go out
        (forward) and their gradients come back (backward) over the device's network link."""
        _, dim, lookups, out_dim = self.shard_shape(t, opt)
        bw = dev["hbm_gbps"] if tier == "hbm" else dev["ddr_gbps"]
        memory_ms = 3 * lookups * dim * self.elem_bytes / (bw * 1e9) * 1e3
        index_ms = lookups * self.index_ns * 1e-6
        comm_ms = 2 * self.batch * out_dim * self.elem_bytes / (dev["net_gbps"] * 1e9) * 1e3
        return memory_ms + index_ms + comm_ms

    def tiers_of(self, dev):
        return TIERS if dev["ddr_gb"] > 0 else TIERS[:1]


def _labels(names):
    """Name -> the label used in column and row names: the characters that the LP format
    cannot hold in a name (such as '-', '+', '>', ':') become '_'; if two labels then clash,
    every label is n<index> instead."""
    ok = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\"#$%&()/,.;?@_`'{}|~")
    lab = {name: "".join(c if c in ok else "_" for c in name) for name in names}
    if len(set(lab.values())) != len(lab):
        lab = {name: f"n{i}" for i, name in enumerate(names)}
    return lab


class Sharding:
    """The MILP: y[t][o] table t uses option o (binary); x[(t, o, d, tier)] a shard of (t, o)
    sits on device d in that tier (binary); z the largest device cost (ms)."""

    def __init__(self, inst):
        self.inst = inst
        m = lsmip.Model(sense="min", name="dlrm_sharding")
        self.model = m
        tl = _labels([t["name"] for t in inst.tables])    # names that MPS and LP files both hold
        dl = _labels([d["name"] for d in inst.devices])
        self.z = m.add_var(lb=0, obj=1.0, name="makespan")
        self.y = []
        keys, costs, sizes = [], [], []
        for ti, t in enumerate(inst.tables):
            self.y.append(m.add_vars(len(inst.options[ti]), lb=0, ub=1, integer=True,
                                     names=[f"y_{tl[t['name']]}_{o.label}" for o in inst.options[ti]]))
            for oi, opt in enumerate(inst.options[ti]):
                size = inst.shard_bytes(t, opt)
                for di, dev in enumerate(inst.devices):
                    for tier in inst.tiers_of(dev):
                        keys.append((ti, oi, di, tier))
                        costs.append(inst.shard_cost(t, opt, dev, tier))
                        sizes.append(size)
        first = m.add_vars(len(keys), lb=0, ub=1, integer=True,
                           names=[f"x_{tl[inst.tables[ti]['name']]}_{inst.options[ti][oi].label}_"
                                  f"{dl[inst.devices[di]['name']]}_{tier}" for ti, oi, di, tier in keys])[0]
        self.keys = keys
        self.x = {k: int(first) + n for n, k in enumerate(keys)}
        costs, sizes = np.array(costs), np.array(sizes)

        r_idx, c_idx, vals, lo, hi, rnames = [], [], [], [], [], []
        nrow = 0

        def row(cols, coefs, lb, ub, name):
            nonlocal nrow
            r_idx.extend([nrow] * len(cols))
            c_idx.extend(cols)
            vals.extend(coefs)
            lo.append(lb)
            hi.append(ub)
            rnames.append(name)
            nrow += 1

        by_option, by_slot, by_device = {}, {}, {}
        for n, (ti, oi, di, tier) in enumerate(keys):
            by_option.setdefault((ti, oi), []).append(n)
            by_slot.setdefault((ti, oi, di), []).append(n)
            by_device.setdefault((di, tier), []).append(n)
        self.by_option = {key: [(int(first) + n, keys[n][2], keys[n][3]) for n in ns] for key, ns in by_option.items()}
        for ti, t in enumerate(inst.tables):
            row(list(map(int, self.y[ti])), [1.0] * len(self.y[ti]), 1, 1, f"one_option_{tl[t['name']]}")
            for oi, opt in enumerate(inst.options[ti]):
                # k shards, or none when the option is not chosen
                cols = [int(first) + n for n in by_option[(ti, oi)]]
                row(cols + [int(self.y[ti][oi])], [1.0] * len(cols) + [-float(opt.ways)], 0, 0,
                    f"shards_{tl[t['name']]}_{opt.label}")
                if opt.ways > 1:
                    for di, dev in enumerate(inst.devices):
                        slot = by_slot[(ti, oi, di)]
                        if len(slot) > 1:   # one shard per device, whatever the tier
                            row([int(first) + n for n in slot], [1.0] * len(slot), -math.inf, 1,
                                f"distinct_{tl[t['name']]}_{opt.label}_{dl[dev['name']]}")
            # The device that holds a shard costs at least that shard: z >= the cheapest
            # placement of the chosen option's shard (a cut the spread-out LP misses).
            cheapest = [min(inst.shard_cost(t, opt, dev, tier) for dev in inst.devices for tier in inst.tiers_of(dev))
                        for opt in inst.options[ti]]
            row([self.z] + list(map(int, self.y[ti])), [1.0] + [-c for c in cheapest], 0, math.inf,
                f"shard_bound_{tl[t['name']]}")
        for di, dev in enumerate(inst.devices):
            for tier in inst.tiers_of(dev):
                n = by_device[(di, tier)]
                cap = dev[f"{tier}_gb"] * 1e9
                row([int(first) + j for j in n], list(sizes[n] / 1e9), -math.inf, cap / 1e9,
                    f"memory_{dl[dev['name']]}_{tier}")
            n = by_device[(di, "hbm")] + by_device.get((di, "ddr"), [])
            row([int(first) + j for j in n] + [self.z], list(costs[n]) + [-1.0], -math.inf, 0,
                f"cost_{dl[dev['name']]}")
        A = sp.csr_matrix((np.array(vals), (np.array(r_idx), np.array(c_idx))), shape=(nrow, m.num_cols))
        m.add_rows(A, lo, hi, rnames)

    def greedy_start(self, budget=1_000_000):
        """A starting plan (longest processing time first): tables by decreasing cost; for
        each, every allowed option is placed shard by shard on the distinct devices and
        tiers where it ends cheapest and fits, and the option kept is either the one whose
        most loaded device ends least loaded or the one with the fewest shards; each plan is
        then improved by _Descent, the better one first, the two sharing `budget` weighed
        moves; of the two, the better. Returns one value per column, or None when no plan is
        found."""
        greedy = sorted((x for x in (self._greedy(balanced=True), self._greedy(balanced=False)) if x is not None),
                        key=lambda x: x[self.z])
        plans, budget = [], budget
        for x in greedy:   # the better greedy plan first; the other gets what budget is left
            descent = _Descent(self, x, budget=budget)
            plans.append(descent.run())
            budget = max(0, budget - descent.weighed)
        return min(plans, key=lambda x: x[self.z]) if plans else None

    def _greedy(self, balanced):
        inst = self.inst
        cost = {d["name"]: 0.0 for d in inst.devices}
        free = {(d["name"], tier): d[f"{tier}_gb"] * 1e9 for d in inst.devices for tier in inst.tiers_of(d)}
        x = np.zeros(self.model.num_cols)
        order = sorted(range(len(inst.tables)), key=lambda ti: -inst.table_wise_cost(inst.tables[ti]))
        for ti in order:
            t = inst.tables[ti]
            best = None
            for oi, opt in enumerate(inst.options[ti]):
                size = inst.shard_bytes(t, opt)
                # the cheapest fitting slot per device; shards go to the k best devices
                per_device = {}
                for col, di, tier in self.by_option[(ti, oi)]:
                    d = inst.devices[di]
                    if free[(d["name"], tier)] < size:
                        continue
                    after = cost[d["name"]] + inst.shard_cost(t, opt, d, tier)
                    if d["name"] not in per_device or after < per_device[d["name"]][0]:
                        per_device[d["name"]] = (after, col, tier)
                if len(per_device) < opt.ways:
                    continue
                picks = sorted(per_device.items(), key=lambda kv: kv[1][0])[:opt.ways]
                score = (picks[-1][1][0], opt.ways) if balanced else (opt.ways, picks[-1][1][0])
                if best is None or score < best[0]:
                    best = (score, oi, size, picks)
            if best is None:
                return None
            _, oi, size, picks = best
            x[self.y[ti][oi]] = 1
            for dname, (after, col, tier) in picks:
                x[col] = 1
                free[(dname, tier)] -= size
                cost[dname] = after
        x[self.z] = max(cost.values())
        return x

    def decode(self, x):
        """The plan: per table its option and the (device, tier) of each shard."""
        inst = self.inst
        plan = {}
        for ti, t in enumerate(inst.tables):
            oi = int(np.argmax(x[self.y[ti]]))
            opt = inst.options[ti][oi]
            shards = [(inst.devices[di]["name"], tier) for col, di, tier in self.by_option[(ti, oi)] if x[col] > 0.5]
            plan[t["name"]] = (opt, shards)
        return plan


class _Descent:
    """Improves a plan (one value per column of a Sharding) by a descent on the sum of the
    squared device costs that never lets a device reach the current largest cost: so the
    largest cost never rises, the total cost falls and the loads even out, which is what lets
    the largest one fall. Moves, each kept only where every shard fits its tier and the shards
    of one table stay on distinct devices: a shard to another device or tier; the exchange of
    a shard of the most loaded device with a shard elsewhere; a table to another of its
    options, its shards placed one by one where the device ends cheapest (the destinations:
    the `destinations` least loaded devices, and for a shard its own device in another tier,
    for an option change the table's own devices too). Deterministic: it
    stops when no move is left, after `sweeps` passes over the tables, or once it has
    weighed `budget` moves (a few seconds of Python)."""

    def __init__(self, sharding, x, sweeps=100, budget=1_000_000, destinations=16):
        self.sh, self.inst, self.sweeps, self.budget, self.weighed = sharding, sharding.inst, sweeps, budget, 0
        self.destinations = destinations
        inst = self.inst
        self.tiers = [inst.tiers_of(d) for d in inst.devices]
        self.load = [0.0] * len(inst.devices)
        self.free = {(di, tier): d[f"{tier}_gb"] * 1e9 for di, d in enumerate(inst.devices) for tier in self.tiers[di]}
        self.option = [int(np.argmax(x[sharding.y[ti]])) for ti in range(len(inst.tables))]
        self.shards = [[(di, tier) for col, di, tier in sharding.by_option[(ti, oi)] if x[col] > 0.5]
                       for ti, oi in enumerate(self.option)]
        self._cost = {}
        for ti in range(len(inst.tables)):
            self._apply(ti, self.option[ti], self.shards[ti], +1)

    def cost(self, ti, oi, di, tier):
        key = (ti, oi, di, tier)
        if key not in self._cost:
            inst = self.inst
            self._cost[key] = inst.shard_cost(inst.tables[ti], inst.options[ti][oi], inst.devices[di], tier)
        return self._cost[key]

    def size(self, ti, oi):
        return self.inst.shard_bytes(self.inst.tables[ti], self.inst.options[ti][oi])

    def _apply(self, ti, oi, shards, sign):
        size = self.size(ti, oi)
        for di, tier in shards:
            self.load[di] += sign * self.cost(ti, oi, di, tier)
            self.free[(di, tier)] -= sign * size

    def _gain(self, delta, cap):
        """Change of the sum of squares for load changes `delta` {device: change}, or None
        when a device would reach `cap`."""
        self.weighed += 1
        g = 0.0
        for di, d in delta.items():
            new = self.load[di] + d
            if d > 0 and new >= cap:
                return None
            g += new * new - self.load[di] ** 2
        return g

    def _place(self, ti, oi, devices):
        """Shards of option oi of table ti (taken off the plan) on distinct devices among
        `devices`, each on the tier of its device where it ends cheapest and fits, the k
        devices that end cheapest; None when they do not fit."""
        k, size = self.inst.options[ti][oi].ways, self.size(ti, oi)
        per_device = []
        for di in devices:
            slots = [(self.load[di] + self.cost(ti, oi, di, tier), tier) for tier in self.tiers[di]
                     if self.free[(di, tier)] >= size]
            if slots:
                after, tier = min(slots)
                per_device.append((after, di, tier))
        if len(per_device) < k:
            return None
        return [(di, tier) for _, di, tier in sorted(per_device)[:k]]

    def _try_table(self, ti, cap, eps):
        """The best move of table ti's shards, made; True if one was made."""
        oi, shards = self.option[ti], self.shards[ti]
        size = self.size(ti, oi)
        best = (-eps, None)
        load = self.load
        used = {d for d, _ in shards}
        # destinations: a shard's own device (another tier) and the least loaded devices; a
        # table's other options go to those and the devices it is on
        coolest = sorted(range(len(load)), key=load.__getitem__)[:self.destinations]
        for n, (di, tier) in enumerate(shards):          # one shard elsewhere
            c_out, l_src = self.cost(ti, oi, di, tier), load[di]
            left = (l_src - c_out) ** 2 - l_src ** 2
            for d in [di] + [d for d in coolest if d != di]:
                if d != di and d in used:
                    continue
                for t in self.tiers[d]:
                    self.weighed += 1
                    if (d, t) == (di, tier) or self.free[(d, t)] < size:
                        continue
                    c_in = self.cost(ti, oi, d, t)
                    if d == di:
                        new = l_src - c_out + c_in
                        if c_in > c_out and new >= cap:
                            continue
                        g = new * new - l_src * l_src
                    else:
                        new = load[d] + c_in
                        if new >= cap:
                            continue
                        g = new * new - load[d] * load[d] + left
                    if g < best[0]:
                        best = (g, ("move", n, d, t))
        self._apply(ti, oi, shards, -1)                  # another option
        for o in range(len(self.inst.options[ti])):
            if o == oi:
                continue
            placed = self._place(ti, o, sorted(set(coolest) | used))
            if placed is None:
                continue
            delta = {}
            for d, t in shards:
                delta[d] = delta.get(d, 0.0) - self.cost(ti, oi, d, t)
            for d, t in placed:
                delta[d] = delta.get(d, 0.0) + self.cost(ti, o, d, t)
            self._apply(ti, oi, shards, +1)
            g = self._gain(delta, cap)
            self._apply(ti, oi, shards, -1)
            if g is not None and g < best[0]:
                best = (g, ("option", o, placed))
        self._apply(ti, oi, shards, +1)
        if best[1] is None:
            return False
        move = best[1]
        self._apply(ti, oi, shards, -1)
        if move[0] == "move":
            _, n, d, t = move
            shards[n] = (d, t)
        else:
            self.option[ti], self.shards[ti] = move[1], list(move[2])
        self._apply(ti, self.option[ti], self.shards[ti], +1)
        return True

    def _try_exchange(self, top, cap, eps):
        """The best exchange of a shard on device `top` with a shard of another table on another
        device, made; True if one was made."""
        best = (-eps, None)
        on_top = [(ti, n) for ti, sh in enumerate(self.shards) for n, (d, _) in enumerate(sh) if d == top]
        # `top` holds the largest cost, so an exchange must lower it: b must cost less on top
        # (in its cheapest tier there) than a does; the other tables cannot help.
        others = [(min(self.cost(tb, self.option[tb], top, t) for t in self.tiers[top]), tb)
                  for tb, sh in enumerate(self.shards) if all(d != top for d, _ in sh)]
        others.sort()
        for ta, na in on_top:
            oa = self.option[ta]
            _, tier_a = self.shards[ta][na]
            sa, ca = self.size(ta, oa), self.cost(ta, oa, top, tier_a)
            used_a = {d for d, _ in self.shards[ta]}
            for cheapest, tb in others:
                if cheapest >= ca:
                    break
                if tb == ta:
                    continue
                sh = self.shards[tb]
                ob = self.option[tb]
                sb = self.size(tb, ob)
                for nb, (db, tier_b) in enumerate(sh):
                    self.weighed += 1
                    if db in used_a:
                        continue
                    cb = self.cost(tb, ob, db, tier_b)
                    l_top, l_db = self.load[top], self.load[db]
                    for t1 in self.tiers[db]:        # a's tier on db
                        if self.free[(db, t1)] + (sb if t1 == tier_b else 0.0) < sa:
                            continue
                        new_db = l_db - cb + self.cost(ta, oa, db, t1)
                        if new_db >= cap and new_db > l_db:
                            continue
                        for t2 in self.tiers[top]:   # b's tier on top
                            if self.free[(top, t2)] + (sa if t2 == tier_a else 0.0) < sb:
                                continue
                            new_top = l_top - ca + self.cost(tb, ob, top, t2)
                            if new_top >= cap and new_top > l_top:
                                continue
                            g = new_top * new_top - l_top * l_top + new_db * new_db - l_db * l_db
                            if g < best[0]:
                                best = (g, (ta, na, t2, tb, nb, t1))
        if best[1] is None:
            return False
        ta, na, t2, tb, nb, t1 = best[1]
        oa, ob = self.option[ta], self.option[tb]
        self._apply(ta, oa, [self.shards[ta][na]], -1)
        self._apply(tb, ob, [self.shards[tb][nb]], -1)
        db = self.shards[tb][nb][0]
        self.shards[ta][na], self.shards[tb][nb] = (db, t1), (top, t2)
        self._apply(ta, oa, [self.shards[ta][na]], +1)
        self._apply(tb, ob, [self.shards[tb][nb]], +1)
        return True

    def run(self):
        """The improved plan, as one value per column."""
        order = sorted(range(len(self.inst.tables)), key=lambda ti: -self.inst.table_wise_cost(self.inst.tables[ti]))
        for _ in range(self.sweeps):
            changed = False
            for ti in order:
                if self.weighed >= self.budget:
                    break
                cap = max(self.load)
                changed |= self._try_table(ti, cap, 1e-9 * cap * cap)
            cap = max(self.load)
            top = self.load.index(cap)
            changed |= self._try_exchange(top, cap, 1e-9 * cap * cap)
            if not changed or self.weighed >= self.budget:
                break
        sh = self.sh
        x = np.zeros(sh.model.num_cols)
        for ti, (oi, shards) in enumerate(zip(self.option, self.shards)):
            x[sh.y[ti][oi]] = 1
            for di, tier in shards:
                x[sh.x[(ti, oi, di, tier)]] = 1
        x[sh.z] = max(self.load)
        return x


def device_loads(inst, plan):
    """Per device: cost (ms) and the bytes used in each tier, recomputed from the plan."""
    dev = {d["name"]: d for d in inst.devices}
    tables = {t["name"]: t for t in inst.tables}
    load = {name: {"cost": 0.0, "hbm": 0.0, "ddr": 0.0} for name in dev}
    for tname, (opt, shards) in plan.items():
        t = tables[tname]
        for dname, tier in shards:
            load[dname]["cost"] += inst.shard_cost(t, opt, dev[dname], tier)
            load[dname][tier] += inst.shard_bytes(t, opt)
    return load


def verify(inst, plan, tol=1e-6):
    """Checks the plan from the description alone: every table has one allowed sharding with
    exactly `ways` shards on distinct devices, tiers that exist, memory within capacity.
    Returns (problems, makespan)."""
    problems = []
    if set(plan) != {t["name"] for t in inst.tables}:
        return ["the plan does not shard every table exactly once"], math.inf
    dev = {d["name"]: d for d in inst.devices}
    for ti, t in enumerate(inst.tables):
        opt, shards = plan[t["name"]]
        if opt not in inst.options[ti]:
            problems.append(f"{t['name']}: sharding {opt.label} is not allowed for it")
        if len(shards) != opt.ways:
            problems.append(f"{t['name']}: {opt.label} with {len(shards)} shards")
        if len({d for d, _ in shards}) != len(shards):
            problems.append(f"{t['name']}: two shards on one device")
        for d, tier in shards:
            if d not in dev or tier not in inst.tiers_of(dev[d]):
                problems.append(f"{t['name']}: shard on {d} {tier}, which does not exist")
    if problems:
        return problems, math.inf
    load = device_loads(inst, plan)
    for name, l in load.items():
        for tier in TIERS:
            cap = dev[name][f"{tier}_gb"] * 1e9
            if l[tier] > cap * (1 + tol):
                problems.append(f"{name}: {l[tier] / 1e9:.3f} GB in {tier}, capacity {cap / 1e9:g} GB")
    return problems, max(l["cost"] for l in load.values())


def print_plan(inst, plan, result, makespan, out=sys.stdout):
    counts = {}
    for opt, _ in plan.values():
        counts[opt.label] = counts.get(opt.label, 0) + 1
    print(f"instance: {len(inst.tables)} tables, {len(inst.devices)} devices", file=out)
    print(f"status {result.status} ({result.stop_reason}), max device cost {makespan:.4f} ms, "
          f"bound {result.dual_bound:.4f}, gap {100 * result.gap:.2f}%, {result.seconds:.1f} s", file=out)
    print("shardings: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), file=out)
    load = device_loads(inst, plan)
    print(f"{'device':<10} {'cost ms':>9} {'HBM GB':>8} {'DDR GB':>8}", file=out)
    for d in inst.devices:
        l = load[d["name"]]
        print(f"{d['name']:<10} {l['cost']:>9.4f} {l['hbm'] / 1e9:>5.2f}/{d['hbm_gb']:<4g} "
              f"{l['ddr'] / 1e9:>5.2f}/{d['ddr_gb']:<4g}", file=out)


def plot_plan(inst, plan, path):
    """A PNG: per device its cost (bars) and memory use in HBM and DDR (share of capacity)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    load = device_loads(inst, plan)
    names = [d["name"] for d in inst.devices]
    cost = [load[n]["cost"] for n in names]
    hbm = [load[n]["hbm"] / (d["hbm_gb"] * 1e9) for n, d in zip(names, inst.devices)]
    ddr = [load[n]["ddr"] / (d["ddr_gb"] * 1e9) if d["ddr_gb"] > 0 else 0 for n, d in zip(names, inst.devices)]
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(max(6, 0.12 * len(names) + 3), 5.5), sharex=True)
    a1.bar(range(len(names)), cost, color="tab:blue")
    a1.axhline(max(cost), color="tab:red", lw=0.8, ls="--")
    a1.set_ylabel("cost per iteration (ms)")
    a1.set_title(f"DLRM sharding: {len(inst.tables)} tables on {len(names)} devices, max {max(cost):.3f} ms")
    w = 0.4
    a2.bar(np.arange(len(names)) - w / 2, hbm, w, label="HBM", color="tab:green")
    if any(d["ddr_gb"] > 0 for d in inst.devices):
        a2.bar(np.arange(len(names)) + w / 2, ddr, w, label="DDR", color="tab:orange")
    a2.set_ylabel("memory used / capacity")
    a2.set_ylim(0, 1.05)
    a2.legend(fontsize=8)
    step = max(1, len(names) // 32)
    a2.set_xticks(range(0, len(names), step), names[::step], rotation=90, fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def load(path):
    try:
        with open(path) as f:
            return Instance(json.load(f))
    except (OSError, json.JSONDecodeError) as e:
        raise DescriptionError(f"{path}: {e}") from e


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("instance")
    ap.add_argument("--time-limit", type=float)
    ap.add_argument("--work-limit", type=float)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write-model", metavar="FILE.mps|FILE.lp",
                    help="write the MILP: CPLEX LP for FILE.lp or FILE.lp.gz, free MPS otherwise (.gz: gzip)")
    ap.add_argument("--no-solve", action="store_true")
    ap.add_argument("--no-start", action="store_true", help="solve without the greedy starting plan")
    ap.add_argument("--plot", metavar="FILE.png")
    ap.add_argument("--json", metavar="FILE", help="write the plan and the solve's figures as JSON")
    args = ap.parse_args(argv)
    try:
        inst = load(args.instance)
    except DescriptionError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    sharding = Sharding(inst)
    m = sharding.model
    print(f"MILP: {m.num_cols} columns, {m.num_rows} rows, {m.num_nonzeros} nonzeros")
    if args.write_model:
        m.write(args.write_model)
        print(f"model written to {args.write_model}")
    if args.no_solve:
        return 0
    if args.time_limit is None and args.work_limit is None:
        args.time_limit = 10.0
    start = None if args.no_start else sharding.greedy_start()
    if start is not None:
        print(f"greedy starting plan: max device cost {start[sharding.z]:.4f} ms")
    r = m.solve(time_limit=args.time_limit, work_limit=args.work_limit, threads=args.threads, seed=args.seed,
                initial=start)
    if not r.has_solution:
        print(f"no plan: status {r.status} ({r.stop_reason})")
        return 1
    plan = sharding.decode(r.x)
    problems, makespan = verify(inst, plan)
    if not problems and makespan > r.objective * (1 + 1e-6) + 1e-9:
        problems.append(f"the plan's max device cost {makespan} exceeds the objective {r.objective}")
    print_plan(inst, plan, r, makespan if not problems else r.objective)
    if args.plot and not problems:
        plot_plan(inst, plan, args.plot)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"objective": r.objective, "makespan": makespan, "bound": r.dual_bound, "gap": r.gap,
                       "status": r.status, "seconds": r.seconds, "time_best": r.time_best, "trace": r.trace,
                       "plan": {k: [o.label, s] for k, (o, s) in plan.items()}, "verified": not problems},
                      f, indent=1)
    if problems:
        print("plan check FAILED:\n  " + "\n  ".join(problems))
        return 1
    print("plan check: ok (one sharding per table, shards on distinct devices, memory capacities)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
