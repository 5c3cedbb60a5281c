#!/usr/bin/env python3
"""Helix-style LLM serving placement on a heterogeneous GPU cluster, solved by lsmip.

    python3 helix.py CLUSTER.json [--time-limit S | --work-limit W] [--threads N]
                     [--write-model FILE.mps|FILE.lp] [--plot FILE.png] [--json FILE]

Reads a cluster description (README.md describes the JSON), builds the placement +
max-flow MILP (each GPU node holds one contiguous range of layers; requests flow from the
coordinator through nodes that together cover every layer in order and back), solves it,
decodes the plan and checks it from the description alone (memory, layer ranges, link
and node capacities, flow conservation), then prints it. Exit codes: 0 a verified plan,
1 no plan or a plan that fails the check, 2 a bad description or command line.
"""
import argparse
import json
import math
import sys
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

import lsmip

COORDINATOR = "coordinator"
FLOW_TOL = 1e-5   # tokens/s: flows and capacities are in the hundreds to tens of thousands


class DescriptionError(ValueError):
    """The cluster description is malformed; the message says where."""


# ---------------------------------------------------------------- description

def _field(obj, key, where, kind=(int, float), positive=True):
    if key not in obj:
        raise DescriptionError(f"{where}: missing field '{key}'")
    v = obj[key]
    if kind is str:
        if not isinstance(v, str) or not v:
            raise DescriptionError(f"{where}: '{key}' must be a non-empty string")
        return v
    if isinstance(v, bool) or not isinstance(v, kind) or not math.isfinite(v) or (positive and v <= 0):
        raise DescriptionError(f"{where}: '{key}' must be a {'positive ' if positive else ''}number, got {v!r}")
    return v


@dataclass
class Node:
    name: str
    gpu: str
    memory_gb: float
    layer_tokens_per_s: float
    max_layers: int
    throughput: list          # throughput[k-1]: tokens/s when holding k layers


@dataclass
class Link:
    src: str                  # a node name or COORDINATOR
    dst: str
    tokens_per_s: float       # bandwidth / activation bytes per token
    latency_ms: float


class Cluster:
    """The parsed, checked description: nodes with their throughput per layer count, and
    the usable links (latency within the bound) with their capacity in tokens/s."""

    def __init__(self, desc):
        if not isinstance(desc, dict):
            raise DescriptionError("the description must be a JSON object")
        model = desc.get("model")
        if not isinstance(model, dict):
            raise DescriptionError("missing object 'model'")
        self.model_name = str(model.get("name", "model"))
        self.layers = _field(model, "layers", "model", int)
        self.layer_memory_gb = _field(model, "layer_memory_gb", "model")
        self.activation_bytes = _field(model, "activation_bytes_per_token", "model")
        self.kv_bytes = _field(model, "kv_bytes_per_token_per_layer", "model")
        self.kv_tokens_wanted = _field(model, "kv_tokens_for_full_speed", "model")
        self.reserve_gb = _field(desc, "reserved_memory_gb", "description", positive=False)
        self.max_latency_ms = _field(desc, "max_latency_ms", "description")
        types = desc.get("gpu_types")
        if not isinstance(types, dict) or not types:
            raise DescriptionError("missing object 'gpu_types'")
        for t, spec in types.items():
            _field(spec, "memory_gb", f"gpu_types.{t}")
            _field(spec, "layer_tokens_per_s", f"gpu_types.{t}")
        machines = desc.get("machines")
        if not isinstance(machines, list) or not machines:
            raise DescriptionError("missing list 'machines'")
        self.nodes, self.region = [], {}
        for i, m in enumerate(machines):
            where = f"machines[{i}]"
            name, gpu = _field(m, "name", where, str), _field(m, "gpu", where, str)
            if name == COORDINATOR or name in self.region:
                raise DescriptionError(f"{where}: duplicate or reserved name '{name}'")
            if gpu not in types:
                raise DescriptionError(f"{where}: unknown GPU type '{gpu}'")
            self.region[name] = str(m.get("region", ""))
            spec = types[gpu]
            self.nodes.append(self._node(name, gpu, spec["memory_gb"], spec["layer_tokens_per_s"]))
        links = desc.get("links")
        if not isinstance(links, list):
            raise DescriptionError("missing list 'links'")
        known = set(self.region) | {COORDINATOR}
        self.links, seen = [], set()
        for i, link in enumerate(links):
            where = f"links[{i}]"
            a, b = _field(link, "from", where, str), _field(link, "to", where, str)
            if a not in known or b not in known or a == b:
                raise DescriptionError(f"{where}: bad end points '{a}' -> '{b}'")
            if (a, b) in seen:
                raise DescriptionError(f"{where}: duplicate link '{a}' -> '{b}'")
            seen.add((a, b))
            bw = _field(link, "bandwidth_gbps", where)
            lat = _field(link, "latency_ms", where, positive=False)
            if lat <= self.max_latency_ms:
                self.links.append(Link(a, b, bw * 1e9 / 8 / self.activation_bytes, lat))
        self.index = {n.name: i for i, n in enumerate(self.nodes)}

    def _node(self, name, gpu, memory_gb, rate):
        """A node's throughput holding k layers: the GPU pushes `rate` layer-tokens per second
        when its KV cache holds enough tokens; with less memory left for the cache the batch
        shrinks and the rate with it."""
        tput = []
        for k in range(1, self.layers + 1):
            left_gb = memory_gb - self.reserve_gb - k * self.layer_memory_gb
            if left_gb <= 0:
                break
            kv_tokens = left_gb * 1e9 / (k * self.kv_bytes)
            tput.append(rate / k * min(1.0, kv_tokens / self.kv_tokens_wanted))
        if not tput:
            raise DescriptionError(f"machine '{name}': its {gpu} cannot hold one layer")
        return Node(name, gpu, memory_gb, rate, len(tput), tput)


# ---------------------------------------------------------------- the MILP

class Placement:
    """The MILP and the column of each decision:
    s[i] start layer (integer), b[i][k-1] node i holds k layers (binary, one per node),
    per usable link e: c[e] the link is a valid hop (binary) and f[e] its flow (tokens/s)."""

    def __init__(self, cluster):
        self.cluster = cl = cluster
        L, n = cl.layers, len(cl.nodes)
        m = lsmip.Model(sense="max", name="helix")
        self.model = m
        lab = _labels([v.name for v in cl.nodes])   # names that MPS and LP files both hold
        self.s = m.add_vars(n, lb=0, ub=L - 1, integer=True, names=[f"s_{lab[v.name]}" for v in cl.nodes])
        self.b = [m.add_vars(v.max_layers, lb=0, ub=1, integer=True,
                             names=[f"b_{lab[v.name]}_{k}" for k in range(1, v.max_layers + 1)]) for v in cl.nodes]
        self.edges = cl.links
        ne = len(self.edges)
        # A hop never carries more than both its ends can: the caps are the flow's big-M.
        node_cap = {v.name: max(v.throughput) for v in cl.nodes}
        self.cap = np.array([min(e.tokens_per_s, node_cap.get(e.src, math.inf), node_cap.get(e.dst, math.inf))
                             for e in self.edges])
        names = [f"{lab[e.src]}_to_{lab[e.dst]}" for e in self.edges]
        self.c = m.add_vars(ne, lb=0, ub=1, integer=True, names=["c_" + s for s in names])
        into_sink = np.array([e.dst == COORDINATOR for e in self.edges], dtype=float)
        self.f = m.add_vars(ne, lb=0, ub=self.cap, obj=into_sink, names=["f_" + s for s in names])

        rows, lo, hi, rnames = [], [], [], []

        def row(entries, lb, ub, name):
            rows.append(entries)
            lo.append(lb)
            hi.append(ub)
            rnames.append(name)

        def end_terms(i, sign):   # sign * e_i = sign * (s_i + sum_k k b_ik)
            v = cl.nodes[i]
            return [(self.s[i], sign)] + [(self.b[i][k - 1], sign * k) for k in range(1, v.max_layers + 1)]

        for i, v in enumerate(cl.nodes):
            row([(int(col), 1.0) for col in self.b[i]], 1, 1, f"one_range_{lab[v.name]}")
            row(end_terms(i, 1.0), -math.inf, L, f"end_{lab[v.name]}")
        out_edges = [[] for _ in cl.nodes]
        in_edges = [[] for _ in cl.nodes]
        for e_idx, e in enumerate(self.edges):
            c, f = int(self.c[e_idx]), int(self.f[e_idx])
            row([(f, 1.0), (c, -self.cap[e_idx])], -math.inf, 0, f"cap_{names[e_idx]}")
            if e.src == COORDINATOR:
                j = cl.index[e.dst]
                in_edges[j].append(e_idx)
                # a request enters at layer 0: c = 1 forces s_j = 0
                row([(int(self.s[j]), 1.0), (c, L - 1)], -math.inf, L - 1, f"from_source_{names[e_idx]}")
            elif e.dst == COORDINATOR:
                i = cl.index[e.src]
                out_edges[i].append(e_idx)
                # it leaves after the last layer: c = 1 forces e_i = L
                row(end_terms(i, 1.0) + [(c, -L)], 0, math.inf, f"to_sink_{names[e_idx]}")
            else:
                i, j = cl.index[e.src], cl.index[e.dst]
                out_edges[i].append(e_idx)
                in_edges[j].append(e_idx)
                # c = 1 forces s_j <= e_i (j holds layer e_i) and e_i + 1 <= e_j (j goes further)
                # (big-Ms: s_j - e_i <= L - 2 and e_i + 1 - e_j <= L hold for any ranges)
                row([(int(self.s[j]), 1.0)] + end_terms(i, -1.0) + [(c, L - 2)], -math.inf, L - 2,
                    f"hop_start_{names[e_idx]}")
                row(end_terms(i, 1.0) + end_terms(j, -1.0) + [(c, L)], -math.inf, L - 1,
                    f"hop_end_{names[e_idx]}")
        for i, v in enumerate(cl.nodes):
            flow_in = [(int(self.f[e]), 1.0) for e in in_edges[i]]
            flow_out = [(int(self.f[e]), -1.0) for e in out_edges[i]]
            row(flow_in + flow_out, 0, 0, f"conserve_{lab[v.name]}")
            row(flow_in + [(int(self.b[i][k - 1]), -v.throughput[k - 1]) for k in range(1, v.max_layers + 1)],
                -math.inf, 0, f"node_cap_{lab[v.name]}")
        # Layer work (a valid cut that the big-M rows alone leave out of the LP): every token
        # passes all L layers, node i runs at most k_i of them for at most thr(i, k_i) tokens/s,
        # so L * throughput <= sum_i k_i thr(i, k_i).
        row([(int(self.f[e]), float(L)) for e in range(ne) if self.edges[e].dst == COORDINATOR] +
            [(int(self.b[i][k - 1]), -k * v.throughput[k - 1]) for i, v in enumerate(cl.nodes)
             for k in range(1, v.max_layers + 1)], -math.inf, 0, "layer_work")
        # Symmetry: nodes of one GPU type in one region are interchangeable when every link
        # of one is matched by a link of the same capacity and latency of the other; order
        # such nodes by start layer (swapping two of them maps any plan onto an ordered one).
        for prev, nxt in self._interchangeable_pairs():
            row([(int(self.s[prev]), 1.0), (int(self.s[nxt]), -1.0)], -math.inf, 0,
                f"order_{lab[cl.nodes[prev].name]}_{lab[cl.nodes[nxt].name]}")

        indptr = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in rows], out=indptr[1:])
        indices = np.array([c for r in rows for c, _ in r], dtype=np.int32)
        data = np.array([a for r in rows for _, a in r], dtype=np.float64)
        A = sp.csr_matrix((data, indices, indptr), shape=(len(rows), m.num_cols))
        m.add_rows(A, lo, hi, rnames)

    def _interchangeable_pairs(self):
        cl = self.cluster
        signature = {}
        for e in self.edges:
            for end, other, direction in ((e.src, e.dst, "out"), (e.dst, e.src, "in")):
                if end != COORDINATOR:
                    signature.setdefault(end, []).append((direction, other, e.tokens_per_s, e.latency_ms))
        groups = {}
        for i, v in enumerate(cl.nodes):
            groups.setdefault((v.gpu, cl.region[v.name]), []).append(i)
        pairs = []
        for members in groups.values():
            for prev, nxt in zip(members, members[1:]):
                a, b = cl.nodes[prev].name, cl.nodes[nxt].name
                swap = {a: b, b: a}
                sig_a = sorted((d, swap.get(o, o), t, l) for d, o, t, l in signature.get(a, []))
                sig_b = sorted(signature.get(b, []))
                if sig_a == sig_b:
                    pairs.append((prev, nxt))
        return pairs

    def greedy_start(self):
        """A starting plan as Helix seeds its MILP with heuristic placements: nodes taken in
        some order form pipelines, each until it can hold all L layers; a pipeline's layers
        are split in proportion to its nodes' speeds (within their memory), and it carries
        the flow its slowest stage and links allow. Of three orders (by region then speed,
        by speed, by speed within each region in turn), and the same three partitions into
        pipelines improved by _PipelineSearch (optimal layer splits, nodes moved and
        exchanged between pipelines), the plan with the most throughput. Returns one value
        per column."""
        cl = self.cluster
        speed = lambda i: -cl.nodes[i].layer_tokens_per_s
        region = lambda i: cl.region[cl.nodes[i].name]
        n = range(len(cl.nodes))
        orders = [sorted(n, key=lambda i: (region(i), speed(i))), sorted(n, key=lambda i: (speed(i), region(i))),
                  sorted(n, key=lambda i: (region(i), -speed(i)))]
        plans = [self._pipelines(order) for order in orders]
        search = _PipelineSearch(self)
        plans += [search.improve(self._groups(order)) for order in orders]
        return self.encode(self._canonical(max(plans, key=lambda p: p.throughput)))

    def _groups(self, order):
        """The pipelines of _pipelines(order) as lists of node indices, and the nodes left over."""
        L, pipelines, current, room = self.cluster.layers, [], [], 0
        for i in order:
            current.append(i)
            room += self.cluster.nodes[i].max_layers
            if room >= L:
                pipelines.append(current)
                current, room = [], 0
        return pipelines, current

    def _pipelines(self, order):
        cl, L = self.cluster, self.cluster.layers
        link = {(e.src, e.dst): k for k, e in enumerate(self.edges)}
        pipelines, current, room = [], [], 0
        for i in order:
            current.append(i)
            room += cl.nodes[i].max_layers
            if room >= L:
                pipelines.append(current)
                current, room = [], 0
        ranges = {cl.nodes[i].name: (0, 1) for i in current}   # the rest hold one layer, carry nothing
        flows = {}
        for pipe in pipelines:
            rate = np.array([cl.nodes[i].layer_tokens_per_s for i in pipe], dtype=float)
            cap = np.array([cl.nodes[i].max_layers for i in pipe])
            layers = np.minimum(cap, np.maximum(1, np.floor(L * rate / rate.sum()))).astype(int)
            while layers.sum() < L:   # hand out the rest to the node with the lowest layers/rate
                free = [j for j in range(len(pipe)) if layers[j] < cap[j]]
                j = min(free, key=lambda j: (layers[j] + 1) / rate[j])
                layers[j] += 1
            while layers.sum() > L:
                j = max((j for j in range(len(pipe)) if layers[j] > 1), key=lambda j: layers[j] / rate[j])
                layers[j] -= 1
            start, prev, flow, hops = 0, COORDINATOR, math.inf, []
            for j, i in enumerate(pipe):
                name = cl.nodes[i].name
                ranges[name] = (start, int(layers[j]))
                start += int(layers[j])
                flow = min(flow, cl.nodes[i].throughput[layers[j] - 1])
                hops.append((prev, name))
                prev = name
            hops.append((prev, COORDINATOR))
            if all(h in link for h in hops):   # else the pipeline carries nothing
                flow = min([flow] + [self.cap[link[h]] for h in hops])
                for h in hops:
                    flows[h] = flows.get(h, 0.0) + flow
        return Plan(ranges, flows)

    def _canonical(self, plan):
        """The same plan with interchangeable nodes renamed so that their start layers are in
        the order the symmetry rows ask for."""
        names = [v.name for v in self.cluster.nodes]
        rename = {}
        chains, chain = [], []
        for prev, nxt in self._interchangeable_pairs():
            if chain and chain[-1] == prev:
                chain.append(nxt)
            else:
                if chain:
                    chains.append(chain)
                chain = [prev, nxt]
        if chain:
            chains.append(chain)
        for chain in chains:
            members = [names[i] for i in chain]
            by_start = sorted(members, key=lambda n: plan.ranges[n])
            rename.update(dict(zip(by_start, members)))
        r = lambda n: rename.get(n, n)
        return Plan({r(n): v for n, v in plan.ranges.items()}, {(r(a), r(b)): f for (a, b), f in plan.flows.items()})

    def encode(self, plan):
        """The column values of a plan (a link carrying flow is a valid hop)."""
        cl = self.cluster
        x = np.zeros(self.model.num_cols)
        for i, v in enumerate(cl.nodes):
            start, k = plan.ranges[v.name]
            x[self.s[i]] = start
            x[self.b[i][k - 1]] = 1
        for e_idx, e in enumerate(self.edges):
            f = plan.flows.get((e.src, e.dst), 0.0)
            if f > 0:
                x[self.c[e_idx]] = 1
                x[self.f[e_idx]] = f
        return x

    def decode(self, x):
        """The plan in x: per node (start, layers) and the flow of each link carrying any."""
        cl = self.cluster
        ranges = {}
        for i, v in enumerate(cl.nodes):
            k = 1 + int(np.argmax(x[self.b[i]]))
            ranges[v.name] = (int(round(x[self.s[i]])), k)
        flows = {(e.src, e.dst): float(x[self.f[i]]) for i, e in enumerate(self.edges) if x[self.f[i]] > FLOW_TOL}
        return Plan(ranges, flows)


class _PipelineSearch:
    """Improves a partition of the nodes into disjoint pipelines (and nodes left unused) by
    local search on the summed throughput: a node to another pipeline or out of all of them,
    or two nodes of different pipelines (or one unused) exchanged, first improvement, until
    no move improves or `max_moves` moves were made. A pipeline's nodes run in the order of
    their region and then speed (the fewest slow hops between regions; both orders of the
    regions are tried), and its layers are split optimally: the largest throughput T at
    which every node can hold at least one layer and the nodes together hold all L, each
    node holding at most the layers it runs at T or faster; the pipeline carries T or less
    when a hop's link is slower (nothing when a link is missing). Deterministic."""

    def __init__(self, placement, max_moves=400):
        self.cl, self.max_moves = placement.cluster, max_moves
        self.link = {(e.src, e.dst): cap for e, cap in zip(placement.edges, placement.cap)}
        self._memo = {}

    def _split(self, order):
        """(flow, layers per node) of the pipeline running `order`; (0, None) if it cannot."""
        cl, L = self.cl, self.cl.layers
        nodes = [cl.nodes[i] for i in order]
        if sum(v.max_layers for v in nodes) < L:
            return 0.0, None
        top = min(v.throughput[0] for v in nodes)
        cand = sorted({t for v in nodes for t in v.throughput if t <= top})
        held = lambda T: [sum(1 for t in v.throughput if t >= T) for v in nodes]
        lo, hi = 0, len(cand) - 1           # cand[lo] is feasible (all nodes hold their max)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if sum(held(cand[mid])) >= L:
                lo = mid
            else:
                hi = mid - 1
        T = cand[lo]
        layers = held(T)
        for j in reversed(range(len(layers))):   # hand back what is more than L
            cut = min(layers[j] - 1, sum(layers) - L)
            layers[j] -= cut
        names = [COORDINATOR] + [v.name for v in nodes] + [COORDINATOR]
        flow = T
        for a, b in zip(names, names[1:]):
            if (a, b) not in self.link:
                return 0.0, None
            flow = min(flow, self.link[(a, b)])
        return flow, layers

    def value(self, members):
        """(flow, node order, layers) of the best pipeline of these nodes."""
        key = tuple(sorted(members))
        if key not in self._memo:
            cl = self.cl
            regions = sorted({cl.region[cl.nodes[i].name] for i in members})
            best = (0.0, None, None)
            for rank in (regions, regions[::-1]):
                order = sorted(members, key=lambda i: (rank.index(cl.region[cl.nodes[i].name]),
                                                       -cl.nodes[i].layer_tokens_per_s, i))
                flow, layers = self._split(order)
                if flow > best[0]:
                    best = (flow, order, layers)
            self._memo[key] = best
        return self._memo[key]

    def improve(self, groups):
        """The plan of the improved partition. groups: (pipelines, unused) as node indices."""
        pipes = [list(p) for p in groups[0]] + [list(groups[1])]   # the last one: unused nodes
        unused = len(pipes) - 1
        val = lambda g: 0.0 if g == unused else self.value(pipes[g])[0]
        moves = 0
        improved = True
        while improved and moves < self.max_moves:
            improved = False
            for a in range(len(pipes)):
                for u in list(pipes[a]):
                    for b in range(len(pipes)):
                        if b == a or u not in pipes[a]:
                            continue
                        before = val(a) + val(b)
                        pipes[a].remove(u)
                        pipes[b].append(u)
                        if val(a) + val(b) > before * (1 + 1e-9) + 1e-9:
                            improved, moves = True, moves + 1
                            continue
                        pipes[b].remove(u)
                        pipes[a].append(u)
            for a in range(len(pipes)):
                for b in range(a + 1, len(pipes)):
                    for u in list(pipes[a]):
                        for w in list(pipes[b]):
                            if u not in pipes[a] or w not in pipes[b]:
                                continue
                            before = val(a) + val(b)
                            pipes[a].remove(u), pipes[b].remove(w)
                            pipes[a].append(w), pipes[b].append(u)
                            if val(a) + val(b) > before * (1 + 1e-9) + 1e-9:
                                improved, moves = True, moves + 1
                                break
                            pipes[a].remove(w), pipes[b].remove(u)
                            pipes[a].append(u), pipes[b].append(w)
        ranges = {v.name: (0, 1) for v in self.cl.nodes}   # unused nodes hold one layer, carry nothing
        flows = {}
        for g, members in enumerate(pipes):
            if g == unused:
                continue
            flow, order, layers = self.value(members)
            if flow <= 0:
                continue
            start, prev = 0, COORDINATOR
            for i, k in zip(order, layers):
                name = self.cl.nodes[i].name
                ranges[name] = (start, k)
                start += k
                flows[(prev, name)] = flow
                prev = name
            flows[(prev, COORDINATOR)] = flow
        return Plan(ranges, flows)


def _labels(node_names):
    """Node name -> the label used in column and row names: the characters that the LP
    format cannot hold in a name (such as '-', '+', '>', ':') become '_'; if two labels then
    clash, every label is n<index> instead. The coordinator is "coordinator"."""
    ok = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!\"#$%&()/,.;?@_`'{}|~")
    lab = {name: "".join(c if c in ok else "_" for c in name) for name in node_names}
    if len(set(lab.values()) | {COORDINATOR}) != len(lab) + 1:
        lab = {name: f"n{i}" for i, name in enumerate(node_names)}
    lab[COORDINATOR] = COORDINATOR
    return lab


@dataclass
class Plan:
    ranges: dict    # node -> (start layer, number of layers): it holds [start, start + layers)
    flows: dict     # (from, to) -> tokens/s

    @property
    def throughput(self):
        return sum(f for (a, b), f in self.flows.items() if b == COORDINATOR)


# ---------------------------------------------------------------- independent check

def verify(cluster, plan, tol=1e-6):
    """Checks the plan against the description alone (not the MILP): memory, layer ranges,
    link validity and capacity, node capacity, flow conservation. Returns a list of
    problems (empty = valid)."""
    problems = []
    L = cluster.layers
    nodes = {v.name: v for v in cluster.nodes}
    if set(plan.ranges) != set(nodes):
        problems.append("the plan does not give every node exactly one layer range")
        return problems
    for name, (start, k) in plan.ranges.items():
        v = nodes[name]
        used = cluster.reserve_gb + k * cluster.layer_memory_gb
        if k < 1 or start < 0 or start + k > L:
            problems.append(f"{name}: range [{start}, {start + k}) is outside the model's {L} layers")
        if used >= v.memory_gb:
            problems.append(f"{name}: {k} layers need {used:.1f} GB of its {v.memory_gb} GB")
    links = {(e.src, e.dst): e for e in cluster.links}
    inflow = {n: 0.0 for n in nodes}
    outflow = {n: 0.0 for n in nodes}
    for (a, b), f in plan.flows.items():
        link = links.get((a, b))
        if link is None:
            problems.append(f"flow {f:g} on {a} -> {b}, which is not a usable link")
            continue
        if f > link.tokens_per_s * (1 + tol) + tol:
            problems.append(f"{a} -> {b}: flow {f:g} over the link's {link.tokens_per_s:g} tokens/s")
        if a == COORDINATOR:
            if plan.ranges[b][0] != 0:
                problems.append(f"requests enter {b}, which does not hold layer 0")
        elif b == COORDINATOR:
            if sum(plan.ranges[a]) != L:
                problems.append(f"requests leave {a}, which does not hold the last layer")
        else:
            end_a = sum(plan.ranges[a])
            sb, kb = plan.ranges[b]
            if not (sb <= end_a < sb + kb):
                problems.append(f"{a} -> {b}: {b} holds [{sb}, {sb + kb}), not layer {end_a} that follows {a}")
        if a != COORDINATOR:
            outflow[a] += f
        if b != COORDINATOR:
            inflow[b] += f
    for name, v in nodes.items():
        scale = max(1.0, inflow[name])
        if abs(inflow[name] - outflow[name]) > tol * scale + FLOW_TOL:
            problems.append(f"{name}: {inflow[name]:g} tokens/s in, {outflow[name]:g} out")
        k = plan.ranges[name][1]
        if 1 <= k <= v.max_layers and inflow[name] > v.throughput[k - 1] * (1 + tol) + FLOW_TOL:
            problems.append(f"{name}: {inflow[name]:g} tokens/s over its {v.throughput[k - 1]:g} with {k} layers")
    return problems


# ---------------------------------------------------------------- output

def print_plan(cluster, plan, result, out=sys.stdout):
    print(f"cluster: {len(cluster.nodes)} GPU nodes, {len(cluster.links)} usable links, "
          f"{cluster.model_name} with {cluster.layers} layers", file=out)
    print(f"status {result.status} ({result.stop_reason}), throughput {plan.throughput:.1f} tokens/s, "
          f"bound {result.dual_bound:.1f}, gap {100 * result.gap:.2f}%, {result.seconds:.1f} s", file=out)
    print(f"{'node':<14} {'gpu':<6} {'layers':<12} {'in tokens/s':>12} {'capacity':>10}", file=out)
    nodes = {v.name: v for v in cluster.nodes}
    for name, (start, k) in sorted(plan.ranges.items(), key=lambda kv: (kv[1][0], kv[0])):
        flow_in = sum(f for (a, b), f in plan.flows.items() if b == name)
        print(f"{name:<14} {nodes[name].gpu:<6} {f'[{start}, {start + k})':<12} {flow_in:>12.1f} "
              f"{nodes[name].throughput[k - 1]:>10.1f}", file=out)
    print("flow:", file=out)
    for (a, b), f in sorted(plan.flows.items()):
        print(f"  {a} -> {b}: {f:.1f}", file=out)


def plot_plan(cluster, plan, path):
    """A PNG: one bar per GPU node spanning its layer range, coloured by GPU type, with the
    node's share of its capacity that the flow uses."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    nodes = {v.name: v for v in cluster.nodes}
    order = sorted(plan.ranges, key=lambda n: (plan.ranges[n][0], n))
    types = sorted({v.gpu for v in cluster.nodes})
    colours = dict(zip(types, plt.cm.tab10.colors))
    fig, ax = plt.subplots(figsize=(9, 0.25 * len(order) + 1.5))
    for row, name in enumerate(order):
        start, k = plan.ranges[name]
        flow_in = sum(f for (a, b), f in plan.flows.items() if b == name)
        use = flow_in / nodes[name].throughput[k - 1]
        ax.barh(row, k, left=start, color=colours[nodes[name].gpu], alpha=0.35 + 0.65 * min(1.0, use))
        ax.text(start + k + 0.3, row, f"{flow_in:.0f} tok/s", va="center", fontsize=7)
    ax.set_yticks(range(len(order)), order, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlim(0, cluster.layers * 1.15)
    ax.set_xlabel("layer")
    ax.set_title(f"Helix plan: {plan.throughput:.0f} tokens/s ({cluster.model_name}, {len(order)} GPUs)")
    ax.legend(handles=[plt.Rectangle((0, 0), 1, 1, color=colours[t]) for t in types], labels=types,
              loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def load(path):
    try:
        with open(path) as f:
            return Cluster(json.load(f))
    except (OSError, json.JSONDecodeError) as e:
        raise DescriptionError(f"{path}: {e}") from e


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cluster")
    ap.add_argument("--time-limit", type=float)
    ap.add_argument("--work-limit", type=float)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write-model", metavar="FILE.mps|FILE.lp",
                    help="write the MILP: CPLEX LP for FILE.lp or FILE.lp.gz, free MPS otherwise (.gz: gzip); "
                         "and solve unless --no-solve")
    ap.add_argument("--no-solve", action="store_true")
    ap.add_argument("--no-start", action="store_true", help="solve without the greedy starting plan")
    ap.add_argument("--plot", metavar="FILE.png")
    ap.add_argument("--json", metavar="FILE", help="write the plan and the solve's figures as JSON")
    args = ap.parse_args(argv)
    try:
        cluster = load(args.cluster)
    except DescriptionError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    placement = Placement(cluster)
    m = placement.model
    print(f"MILP: {m.num_cols} columns, {m.num_rows} rows, {m.num_nonzeros} nonzeros")
    if args.write_model:
        m.write(args.write_model)
        print(f"model written to {args.write_model}")
    if args.no_solve:
        return 0
    if args.time_limit is None and args.work_limit is None:
        args.time_limit = 10.0
    start = None if args.no_start else placement.greedy_start()
    if start is not None:
        print(f"greedy starting plan: {placement.decode(start).throughput:.1f} tokens/s")
    r = m.solve(time_limit=args.time_limit, work_limit=args.work_limit, threads=args.threads, seed=args.seed,
                initial=start)
    if not r.has_solution:
        print(f"no plan: status {r.status} ({r.stop_reason})")
        return 1
    plan = placement.decode(r.x)
    print_plan(cluster, plan, r)
    problems = verify(cluster, plan)
    if abs(plan.throughput - r.objective) > 1e-6 * max(1.0, abs(r.objective)) + 1e-4:
        problems.append(f"decoded throughput {plan.throughput} differs from the objective {r.objective}")
    if args.plot:
        plot_plan(cluster, plan, args.plot)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"objective": r.objective, "bound": r.dual_bound, "gap": r.gap, "status": r.status,
                       "seconds": r.seconds, "time_best": r.time_best, "trace": r.trace,
                       "ranges": plan.ranges, "flows": [[a, b, v] for (a, b), v in plan.flows.items()],
                       "verified": not problems}, f, indent=1)
    if problems:
        print("plan check FAILED:\n  " + "\n  ".join(problems))
        return 1
    print("plan check: ok (memory, layer ranges, links, node capacities, flow conservation)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
