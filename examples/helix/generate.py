#!/usr/bin/env python3
"""Writes Helix cluster descriptions: the shipped ones or random ones.

    python3 generate.py --preset {10,24,42} OUT.json     # the clusters in clusters/
    python3 generate.py --random --nodes N --seed S OUT.json

A cluster is a set of regions (racks or data centres); each machine has one GPU node of a
type from GPU_TYPES; links join every pair of machines and the coordinator (in region 0)
to every machine, in both directions, with the bandwidth and latency of their pair of
regions (fast inside a region, slow across).
"""
import argparse
import json
import random
import sys

GPU_TYPES = {   # memory and the layer-tokens per second of one LLaMA-70B-sized layer
    "A100": {"memory_gb": 80, "layer_tokens_per_s": 24000},
    "V100": {"memory_gb": 32, "layer_tokens_per_s": 11000},
    "L4": {"memory_gb": 24, "layer_tokens_per_s": 8000},
    "T4": {"memory_gb": 16, "layer_tokens_per_s": 4500},
}

MODELS = {
    # layers, fp16 weights per layer, hidden size 8192 -> 16 KB of activation per token,
    # grouped-query attention: 8 KV heads x 128 x 2 (K and V) x 2 bytes per token and layer
    "LLaMA-70B": {"name": "LLaMA-70B", "layers": 80, "layer_memory_gb": 1.75,
                  "activation_bytes_per_token": 16384, "kv_bytes_per_token_per_layer": 4096,
                  "kv_tokens_for_full_speed": 65536},
    "LLaMA-30B": {"name": "LLaMA-30B", "layers": 60, "layer_memory_gb": 1.08,
                  "activation_bytes_per_token": 13312, "kv_bytes_per_token_per_layer": 13312,
                  "kv_tokens_for_full_speed": 32768},
}

# Preset: model, then per region the GPU counts, and the bandwidth (Gb/s) and latency (ms)
# inside a region and across regions.
PRESETS = {
    10: ("LLaMA-30B", [{"A100": 2, "L4": 2}, {"L4": 1, "T4": 5}], (10.0, 0.5), (2.0, 2.0)),
    24: ("LLaMA-70B", [{"A100": 4, "L4": 2}, {"L4": 6, "T4": 2}, {"T4": 10}], (10.0, 0.5), (1.0, 3.0)),
    42: ("LLaMA-70B", [{"A100": 4, "L4": 6}, {"A100": 2, "V100": 4, "L4": 6, "T4": 4},
                       {"L4": 4, "T4": 12}], (10.0, 1.0), (0.4, 40.0)),
}


def build(model, regions, inside, across, rng=None):
    machines = []
    for r, counts in enumerate(regions):
        for gpu, count in counts.items():
            for k in range(count):
                machines.append({"name": f"r{r}-{gpu}-{k}", "gpu": gpu, "region": f"r{r}"})
    region_of = {m["name"]: int(m["region"][1:]) for m in machines}
    region_of["coordinator"] = 0
    pair_link = {}

    def link_of(ra, rb):
        key = (min(ra, rb), max(ra, rb))
        if key not in pair_link:
            if ra == rb:
                bw, lat = inside
            else:
                bw, lat = across
                if rng is not None:   # random clusters: each pair of regions its own link
                    bw, lat = round(bw * rng.uniform(0.5, 1.5), 3), round(lat * rng.uniform(0.5, 1.5), 2)
            pair_link[key] = (bw, lat)
        return pair_link[key]

    names = ["coordinator"] + [m["name"] for m in machines]
    links = []
    for a in names:
        for b in names:
            if a != b:
                bw, lat = link_of(region_of[a], region_of[b])
                links.append({"from": a, "to": b, "bandwidth_gbps": bw, "latency_ms": lat})
    used = sorted({m["gpu"] for m in machines})
    return {"model": MODELS[model], "reserved_memory_gb": 2.0, "max_latency_ms": 100.0,
            "gpu_types": {t: GPU_TYPES[t] for t in used}, "machines": machines, "links": links}


def random_cluster(nodes, seed):
    rng = random.Random(seed)
    n_regions = max(1, min(4, nodes // 10 + rng.randint(0, 1)))
    regions = [dict() for _ in range(n_regions)]
    types = list(GPU_TYPES)
    weights = [1, 1, 2, 3]
    for _ in range(nodes):
        region = regions[rng.randrange(n_regions)]
        gpu = rng.choices(types, weights)[0]
        region[gpu] = region.get(gpu, 0) + 1
    model = "LLaMA-70B" if rng.random() < 0.7 else "LLaMA-30B"
    desc = build(model, regions, (10.0, rng.choice([0.5, 1.0])), (rng.choice([0.3, 0.5, 1.0]), 20.0), rng)
    # a cluster must be able to hold the model at least once
    slots = sum(int((GPU_TYPES[m["gpu"]]["memory_gb"] - 2.0) / MODELS[model]["layer_memory_gb"] - 1e-9)
                for m in desc["machines"])
    if slots < MODELS[model]["layers"]:
        return random_cluster(nodes + 2, seed + 1000)
    return desc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--preset", type=int, choices=sorted(PRESETS))
    ap.add_argument("--random", action="store_true")
    ap.add_argument("--nodes", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.preset is not None:
        desc = build(*PRESETS[args.preset])
    elif args.random:
        if args.nodes < 1:
            ap.error("--nodes must be at least 1")
        desc = random_cluster(args.nodes, args.seed)
    else:
        ap.error("give --preset or --random")
    with open(args.out, "w") as f:
        json.dump(desc, f, indent=1)
    print(f"{args.out}: {len(desc['machines'])} GPU nodes, {len(desc['links'])} links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
