"""Record or check the moves seeded bots choose and the evaluation's values (issue 27.3).

    python scripts/bot_moves.py --write FILE    # play the games, write their moves and values
    python scripts/bot_moves.py --check FILE    # play them again: the same moves, the same bits

A speed change to the search or the evaluation must leave every bot's choices as they were
(the arena's strength figures are measured on them): this plays whole games of
``search:100sims`` and ``medium`` against greedy at fixed seeds, and evaluates every seat at
every position of a few random games (values compared as ``float.hex``, to the last bit).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

from onmars import Game
from onmars.bots import make_bot
from onmars.bots.greedy import Position, evaluate

#: The rules version the games are played under: the record's, so that a check of speed work
#: compares like with like after a rule change (recorded under version 1).
RULES = 1
#: (players, seed, bots by seat)
GAMES = [
    (2, 1, ("search:100sims", "greedy")),
    (2, 2, ("greedy", "medium")),
    (3, 3, ("medium", "greedy", "search:100sims")),
]


def play(players: int, seed: int, bots: tuple[str, ...]) -> list[str]:
    """The moves of a whole game of seeded bots (bot k seeded ``seed + k``)."""
    game = Game.new(players, seed=seed, rules=RULES)
    seats = [make_bot(name, seed + k) for k, name in enumerate(bots)]
    moves: list[str] = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        move = seats[seat].choose(game.view(seat), game.legal_moves())
        game.push(move)
        moves.append(str(move))
    return moves


def values(players: int, seed: int) -> str:
    """A digest of every seat's evaluation (both ways) and value at every position of a random
    game."""
    game, rng = Game.new(players, seed=seed, rules=RULES), random.Random(seed)
    digest = hashlib.sha256()
    while not game.is_over:
        for seat in range(players):
            pos = Position(game)
            shown = [evaluate(game, seat), evaluate(game.copy(record=False), seat)]
            shown.append(pos.value(seat))
            digest.update(" ".join(float(v).hex() for v in shown).encode())
        game.push(rng.choice(game.legal_moves()))
    return digest.hexdigest()


def record() -> dict[str, object]:
    return {
        "rules": RULES,
        "games": [
            {"players": n, "seed": s, "bots": list(b), "moves": play(n, s, b)} for n, s, b in GAMES
        ],
        "values": {f"{n}p seed {s}": values(n, s) for n, s in ((2, 0), (3, 1), (4, 2))},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, metavar="FILE")
    group.add_argument("--check", type=Path, metavar="FILE")
    args = parser.parse_args()
    now = record()
    if args.write:
        args.write.write_text(json.dumps(now, indent=1) + "\n")
        print(f"wrote {args.write}")
        return
    was = json.loads(args.check.read_text())
    bad = 0
    for old, new in zip(was["games"], now["games"], strict=True):  # type: ignore[call-overload]
        same = old["moves"] == new["moves"]
        bad += not same
        print(
            f"{old['players']}p seed {old['seed']} {old['bots']}: "
            f"{len(new['moves'])} moves, {'same' if same else 'DIFFERENT'}"
        )
    for key, digest in was["values"].items():
        same = now["values"][key] == digest  # type: ignore[index]
        bad += not same
        print(f"values {key}: {'same' if same else 'DIFFERENT'}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
