#!/usr/bin/env python3
"""Writes DLRM sharding instances: the shipped ones or random ones.

    python3 generate.py --preset {50,300,1000} OUT.json     # the instances in instances/
    python3 generate.py --random --tables T --devices D [--ddr] --seed S OUT.json

Tables follow the skew of production recommendation models: row counts log-uniform from a
thousand to tens of millions, dimensions 32 to 256, pooling factors log-uniform from 1 to
100 and access frequencies from 5% to 100%. Device HBM is sized so that the tables fill
about 65% of it (with --ddr: 110% of HBM, the rest going to the slower DDR tier).
"""
import argparse
import json
import math
import random
import sys

PRESETS = {   # tables, devices, DDR tier, seed
    50: (50, 8, True, 50),
    300: (300, 32, True, 300),
    1000: (1000, 128, False, 1000),
}


def make(n_tables, n_devices, ddr, seed):
    rng = random.Random(seed)
    tables = []
    for i in range(n_tables):
        rows = int(10 ** rng.uniform(3, 7.3))
        dim = rng.choice([32, 64, 64, 128, 128, 256])
        tables.append({"name": f"t{i}", "rows": rows, "dim": dim,
                       "pooling": round(10 ** rng.uniform(0, 2), 2),
                       "frequency": round(rng.uniform(0.05, 1.0), 3)})
    elem, state = 4, 4   # fp32 weights and an fp32 optimiser state (e.g. momentum)
    total_gb = sum(t["rows"] * t["dim"] * (elem + state) for t in tables) / 1e9
    fill = 1.1 if ddr else 0.65
    largest = max(t["rows"] * t["dim"] * (elem + state) for t in tables) / 1e9
    # a row-wise 4-way shard of the largest table fits in HBM, with room to spare
    hbm = max(math.ceil(10 * total_gb / fill / n_devices) / 10, math.ceil(largest / 4 * 1.5))
    devices = []
    for d in range(n_devices):
        dev = {"name": f"gpu{d}", "hbm_gb": hbm, "hbm_gbps": 1500.0, "net_gbps": 12.5}
        if ddr:
            dev["ddr_gb"] = math.ceil(max(2 * hbm, largest * 1.2))
            dev["ddr_gbps"] = 100.0   # UVM with an HBM cache of the hot rows
        devices.append(dev)
    return {"batch_size": 65536, "bytes_per_element": elem, "optimizer_bytes_per_element": state,
            "index_cost_ns": 0.5,
            "sharding": {"row_wise_ways": [2, 4], "column_wise_ways": [2, 4], "split_min_share": 0.25},
            "tables": tables, "devices": devices}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--preset", type=int, choices=sorted(PRESETS))
    ap.add_argument("--random", action="store_true")
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--devices", type=int, default=8)
    ap.add_argument("--ddr", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.preset is not None:
        desc = make(*PRESETS[args.preset])
    elif args.random:
        if args.tables < 1 or args.devices < 1:
            ap.error("--tables and --devices must be at least 1")
        desc = make(args.tables, args.devices, args.ddr, args.seed)
    else:
        ap.error("give --preset or --random")
    with open(args.out, "w") as f:
        json.dump(desc, f, indent=1)
    print(f"{args.out}: {len(desc['tables'])} tables, {len(desc['devices'])} devices")
    return 0


if __name__ == "__main__":
    sys.exit(main())
