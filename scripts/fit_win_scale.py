"""Fit the win chance of a hint (issue 25.1): ``WIN_SCALE`` of :mod:`onmars.bots.advice`.

Plays 2-player short games between bots (greedy against greedy, easy against greedy, easy
against easy, seeded), reads at every ``--every``-th decision the evaluation the search uses
(:func:`onmars.bots.greedy.evaluate`, the mover's estimated margin) and whether the mover won
(a shared win counts a half), and finds the scale ``s`` of ``1 / (1 + exp(-margin / s))`` that
makes the outcomes most likely (a grid search on the log-likelihood). Prints the fit and the
calibration by margin band.

    python scripts/fit_win_scale.py --games 24
"""

from __future__ import annotations

import argparse
import math
from itertools import cycle

from onmars import Game
from onmars.bots import make_bot
from onmars.bots.greedy import evaluate

PAIRS = [("greedy", "greedy"), ("easy", "greedy"), ("greedy", "easy"), ("easy", "easy")]
MOVE_CAP = 4000


def samples(games: int, every: int) -> list[tuple[float, float]]:
    """(margin, outcome) pairs from ``games`` bot games."""
    out: list[tuple[float, float]] = []
    for seed, pair in zip(range(games), cycle(PAIRS), strict=False):
        game = Game.new(2, seed=1000 + seed, length="short")
        bots = [make_bot(name, seed * 2 + i) for i, name in enumerate(pair)]
        seen: list[tuple[int, float]] = []
        for n in range(MOVE_CAP):
            if game.is_over:
                break
            seat = game.current_player
            assert seat is not None
            if n % every == 0:
                seen.append((seat, evaluate(game, seat)))
            game.play(bots[seat].choose(game.view(seat), game.legal_moves()))
        if not game.is_over:
            continue  # a stalled game tells nothing of who wins
        winners = game.winners()
        for seat, margin in seen:
            won = (1.0 / len(winners)) if seat in winners else 0.0
            out.append((margin, won))
    return out


def log_likelihood(data: list[tuple[float, float]], scale: float) -> float:
    total = 0.0
    for margin, won in data:
        p = 1 / (1 + math.exp(-max(-500, min(500, margin / scale))))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += won * math.log(p) + (1 - won) * math.log(1 - p)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--every", type=int, default=5)
    args = parser.parse_args()
    data = samples(args.games, args.every)
    grid = [x / 2 for x in range(2, 81)]
    best = max(grid, key=lambda s: log_likelihood(data, s))
    print(f"{len(data)} positions from {args.games} games; best scale {best:g} OP")
    print(f"log-likelihood per position: {log_likelihood(data, best) / len(data):.3f}")
    for low, high in [(-99, -10), (-10, -4), (-4, -1), (-1, 1), (1, 4), (4, 10), (10, 99)]:
        band = [(m, w) for m, w in data if low <= m < high]
        if band:
            won = sum(w for _, w in band) / len(band)
            mid = sum(m for m, _ in band) / len(band)
            fit = 1 / (1 + math.exp(-mid / best))
            print(f"margin {low:>4}..{high:<3} n={len(band):4d} won {won:.2f} fit {fit:.2f}")


if __name__ == "__main__":
    main()
