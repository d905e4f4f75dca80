"""Fit the search's evaluation weights on bot games (issue 25.5).

    python scripts/fit_evaluation.py play --games 200 --bots medium,medium --jobs 2 --out DIR
    python scripts/fit_evaluation.py fit DIR/*.jsonl

``play`` plays 2-player short games between bots and keeps, at the start of every round, each
seat's evaluation split into its terms, then the seat's final score. ``fit`` finds the weights
with which the lead the evaluation reads (seat 0's value less seat 1's) best foretells the
final margin (least squares, optionally pulled toward the hand-set weights), compares them with
:data:`onmars.bots.greedy.WEIGHTS` on games held out in turn, and prints them in the form of
that table.

Measured on 124 medium-against-medium games (README, "The ladder"; the data in
``docs/ladder/2026-12-07-search/fit-medium-medium.jsonl.gz``, gunzip it first): the fitted
weights foretold the margin about as well as the hand-set ones, and played no better.

The terms are read from the evaluation itself, not written again here: a seat's value
(:func:`onmars.bots.greedy.seat_value`) is a fixed part plus each weight times its term, so
with every weight 0 it is the fixed part, and with one weight 1 the fixed part plus that term.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from onmars import Game
from onmars.bots import make_bot
from onmars.bots.greedy import WEIGHTS, Position

#: The weights fitted: all but ``end`` (the evaluation's lead term, not a seat's value).
FIT = tuple(k for k in WEIGHTS if k != "end")
#: Folds of the games for the held-out comparison.
FOLDS = 5


def terms(game: Game) -> list[tuple[float, list[float]]]:
    """Per seat, the fixed part of its value and its terms, one per :data:`FIT` key."""
    zero = dict.fromkeys(WEIGHTS, 0.0)
    base = Position(game, zero).values
    rows = [(b, []) for b in base]
    for key in FIT:
        values = Position(game, {**zero, key: 1.0}).values
        for seat, (b, row) in enumerate(rows):
            row.append(values[seat] - b)
    return rows


def play(job: tuple[int, str, int]) -> list[dict[str, Any]]:
    """One game (``index``, bots ``A,B``, arena-like seed): a row per seat per round."""
    index, bots, seed = job
    names = bots.split(",")
    rng = random.Random(seed * 1_000_003 + index)
    if index % 2:
        names.reverse()  # each bot plays either seat
    players = [make_bot(name, rng.getrandbits(32)) for name in names]
    game = Game.new(len(names), seed=rng.getrandbits(32), length="short")
    seen: list[tuple[int, int, list[float]]] = []
    last_round = -1
    while not game.is_over and len(game.moves) < 4000:
        if game.round != last_round:
            last_round = game.round
            for seat, (base, row) in enumerate(terms(game)):
                seen.append((game.round, seat, [base, *row]))
        seat = game.current_player
        assert seat is not None
        game.play(players[seat].choose(game.view(seat), game.legal_moves()))
    if not game.is_over:
        return []
    final = Position(game).values
    return [{"game": index, "round": r, "seat": s, "x": x, "final": final[s]} for r, s, x in seen]


def main_play(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{args.bots.replace(',', '-')}-{args.seed}-{args.start}.jsonl"
    jobs = [(i, args.bots, args.seed) for i in range(args.start, args.start + args.games)]
    with ProcessPoolExecutor(args.jobs) as pool, path.open("a") as f:
        for rows in pool.map(play, jobs):
            for row in rows:
                f.write(json.dumps(row) + "\n")
            f.flush()
    print(path)


def pairs(rows: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The two seats' rows of each round of each 2-player game."""
    by: dict[tuple[int, int], dict[int, dict[str, Any]]] = {}
    for r in rows:
        by.setdefault((r["game"], r["round"]), {})[r["seat"]] = r
    return [(p[0], p[1]) for p in by.values() if len(p) == 2]


def design(
    both: list[tuple[dict[str, Any], dict[str, Any]]],
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What the search reads is a lead, so the fit is of leads: seat 0's terms less seat 1's,
    the fixed parts' lead, and the final margin."""
    x = np.array([np.subtract(a["x"][1:], b["x"][1:]) for a, b in both])
    fixed = np.array([a["x"][0] - b["x"][0] for a, b in both])
    margin = np.array([a["final"] - b["final"] for a, b in both])
    return x, fixed, margin


def solve(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """Least squares, pulled toward the hand-set weights by ``ridge`` (per row)."""
    prior = np.array([WEIGHTS[k] for k in FIT])
    a = x.T @ x + ridge * len(y) * np.eye(x.shape[1])
    return np.linalg.solve(a, x.T @ y + ridge * len(y) * prior)


def scores(x: np.ndarray, fixed: np.ndarray, margin: np.ndarray, w: np.ndarray) -> list[float]:
    """The lead foretold with weights ``w`` against the final margin: mean squared error, and
    the share of decided games whose winner it calls right."""
    lead = fixed + x @ w
    decided = margin != 0
    right = np.sign(lead[decided]) == np.sign(margin[decided])
    return [float(np.mean((lead - margin) ** 2)), float(np.mean(right))]


def main_fit(args: argparse.Namespace) -> None:
    rows = [json.loads(line) for p in args.files for line in Path(p).read_text().splitlines()]
    both = pairs(rows)
    x, fixed, margin = design(both)
    games = np.array([a["game"] for a, _ in both])
    ids = sorted(set(games.tolist()))
    hand = np.array([WEIGHTS[k] for k in FIT])
    print(f"{len(both)} positions from {len(ids)} games")
    for ridge in args.ridge:
        seen = []
        for k in range(FOLDS):  # each game held out once: fitted on the others
            held = np.isin(games, ids[k::FOLDS])
            w = solve(x[~held], margin[~held] - fixed[~held], ridge)
            seen.append(
                scores(x[held], fixed[held], margin[held], hand)
                + scores(x[held], fixed[held], margin[held], w)
            )
        h_err, h_hit, f_err, f_hit = np.mean(seen, axis=0)
        print(
            f"ridge {ridge:g}, held out: lead error (OP^2) hand {h_err:.1f} fitted {f_err:.1f};"
            f" winner called hand {h_hit:.3f} fitted {f_hit:.3f}"
        )
    y = margin - fixed
    w = solve(x, y, args.ridge[0])
    residual = y - x @ w
    cov = np.linalg.inv(x.T @ x) * float(residual @ residual) / (len(y) - x.shape[1])
    print("FITTED: Weights = {")
    for i, key in enumerate(FIT):
        se = math.sqrt(cov[i, i])
        print(f'    "{key}": {w[i]:.2f},  # hand {WEIGHTS[key]}, standard error {se:.2f}')
    print(f'    "end": {WEIGHTS["end"]},')
    print("}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--bots", default="medium,medium")
    p.add_argument("--seed", type=int, default=2512)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default="fit-data")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, nargs="+", default=[0.0, 0.01, 0.1])
    args = parser.parse_args(argv)
    (main_play if args.command == "play" else main_fit)(args)


if __name__ == "__main__":
    main(sys.argv[1:])
