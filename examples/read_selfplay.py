"""Read self-play shards (``onmars selfplay --out DIR``) into training arrays (docs/ai.md).

    onmars selfplay --out selfplay --games 4 --bots greedy,random --max-moves 300
    python examples/read_selfplay.py selfplay --batch 64

Prints what the shards hold, builds one training batch (observations, dense legal-action masks,
the chosen actions, the search's visit counts as a policy target where recorded, each row's
return) and checks it: every chosen action is legal in its mask.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

#: The record version this reader understands (the shards' ``onmars.selfplay`` metadata).
KNOWN_VERSION = "1"


def load(folder: Path) -> tuple[list[Path], pa.Table]:
    paths = sorted(folder.glob("shard-*.parquet"))
    if not paths:
        raise SystemExit(f"no shard-*.parquet in {folder}: run `onmars selfplay --out {folder}`")
    tables = [pq.read_table(p) for p in paths]
    # the numbers mean what the versions say: refuse records this reader does not know, and
    # shards of different runs (another action space, tensor or player count)
    first = tables[0].schema.metadata or {}
    for path, table in zip(paths, tables, strict=True):
        meta = table.schema.metadata or {}
        if meta.get(b"onmars.selfplay", b"").decode() != KNOWN_VERSION:
            raise SystemExit(f"{path}: not self-play records of version {KNOWN_VERSION}")
        if meta != first:
            raise SystemExit(f"{path}: written with other versions or players than {paths[0]}")
    return paths, pa.concat_tables(tables)


def batch(table: pa.Table, size: int, seed: int) -> dict[str, np.ndarray]:
    """``size`` random rows as arrays: what a policy/value network trains on."""
    meta = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items()}
    n_actions, width = int(meta["num_actions"]), int(meta["observation_size"])
    rng = np.random.default_rng(seed)
    rows = rng.choice(table.num_rows, size=min(size, table.num_rows), replace=False)
    picked = table.take(rows)
    obs = picked.column("observation").combine_chunks().flatten().to_numpy()
    masks = np.zeros((len(rows), n_actions), dtype=np.int8)
    policy = np.zeros((len(rows), n_actions), dtype=np.float32)
    has_policy = np.zeros(len(rows), dtype=bool)
    cols = picked.select(["legal", "visit_actions", "visit_counts"]).to_pylist()
    for i, row in enumerate(cols):
        masks[i, row["legal"]] = 1
        if row["visit_counts"]:
            counts = np.asarray(row["visit_counts"], dtype=np.float32)
            policy[i, row["visit_actions"]] = counts / counts.sum()
            has_policy[i] = True
    return {
        "observation": obs.reshape(len(rows), width),
        "mask": masks,
        "action": picked.column("action").to_numpy(),
        "policy": policy,
        "has_policy": has_policy,
        "value": picked.column("seat_return").to_numpy(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    paths, table = load(args.folder)
    ids = zip(table.column("game").to_pylist(), table.column("game_seed").to_pylist(), strict=True)
    games = len(set(ids))
    print(f"{table.num_rows} decisions from {games} games in {len(paths)} shards")
    returns: dict[str, list[float]] = defaultdict(list)
    bots, values = table.column("bot").to_pylist(), table.column("seat_return").to_pylist()
    for bot, ret in zip(bots, values, strict=True):
        returns[bot].append(ret)
    print("| bot | decisions | mean return |")
    print("|---|---|---|")
    for bot, values in sorted(returns.items()):
        print(f"| {bot} | {len(values)} | {np.mean(values):.3f} |")
    b = batch(table, args.batch, args.seed)
    chosen_legal = b["mask"][np.arange(len(b["action"])), b["action"]]
    assert chosen_legal.all(), "a chosen action outside its legal-action mask"
    print(
        f"batch: observation {b['observation'].shape} {b['observation'].dtype}, "
        f"mask {b['mask'].shape}, {int(b['has_policy'].sum())} rows with visit counts; "
        "every chosen action is legal"
    )


if __name__ == "__main__":
    main()
