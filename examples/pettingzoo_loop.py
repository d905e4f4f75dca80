"""A PettingZoo loop with action masks (issue 26): random legal actions until the end.

python examples/pettingzoo_loop.py --players 3 --seed 7
"""

from __future__ import annotations

import argparse

import numpy as np

from onmars.ai.pettingzoo import env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--length", default="short")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    e = env(players=args.players, length=args.length, render_mode="ansi")
    e.reset(seed=args.seed)
    rng = np.random.default_rng(args.seed)
    steps, final = 0, {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])  # the legal actions of this decision
        e.step(int(rng.choice(legal)))
        steps += 1
        if steps % 500 == 0:
            print(e.render(), end="\n\n")
    print(f"{steps} steps; final rewards: {final}")


if __name__ == "__main__":
    main()
