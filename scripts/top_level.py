"""Is today's top level stronger than the one issue 25 set out to improve? (issue 25.5)

When issue 25 was filed (2026-12-02) the levels searched for a time a turn, ``hard`` 1 s and
``expert`` 3 s of CPU (about 1,900 and 5,700 simulations a turn then: README, "The search bot,
measured"), and each decision dealt 8 worlds and cycled its simulations over them, with
playouts to the round's end. This script rebuilds that search as a work budget (the same
moves for the same seed on any machine, which a time budget would not give) and lets the
arena play it against today's levels:

    python scripts/top_level.py --bots expert,expert@2026-12-02:5700 --games 40 \\
        --seed 1001 --record docs/ladder/top-level.jsonl

``expert@2026-12-02:N`` is that search at ``N`` simulations a turn, ``round:N`` today's search
with playouts to the round's end at ``N`` (``expert`` is ``round:6400``); every other name is
the arena's own (``search:400sims``...), and every option is ``onmars arena``'s.

The rebuilt search is today's :class:`~onmars.bots.search.SearchBot` with its world dealing
as it was (``2402efd`` replaced it by a fresh world every few simulations): the rest of the
search (tree, widening, budget per decision, round's-end playout, evaluation) plays the same
moves as then, which ``--check`` shows by playing a game against the code of ``32cb345`` (the
last commit with the old dealing) checked out where ``--check`` says, and comparing every move
(``python scripts/top_level.py --check /tmp/old --seed 6 --check-sims 400 --check-plies 400``).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from functools import partial
from pathlib import Path

from onmars import Game
from onmars.bots import BOTS, Bot
from onmars.bots.search import SearchBot, Tree, View, simulate
from onmars.tools import arena

WORLDS = 8  # worlds dealt per decision by the search of 2026-12-02, cycled over
NAME = "expert@2026-12-02"


class CycledWorldsSearch(SearchBot):
    """The search as of 2026-12-02: :data:`WORLDS` worlds a decision, simulations cycled over
    them, playouts to the round's end."""

    def search(self, view: View, tree: Tree, spend: float) -> int:
        seat, sims = view["viewer"], int(spend)
        rng = random.Random(self.rng.getrandbits(64))
        count = min(sims, WORLDS)
        worlds = Game.worlds(view, [rng.getrandbits(32) for _ in range(count)])
        for done in range(sims):
            simulate(worlds[done % count].copy(record=False), seat, tree, rng, None, True)
        return sims


def cycled(sims: int, seed: int = 0) -> Bot:
    return CycledWorldsSearch(seed, sims=sims, name=f"{NAME}:{sims}", whole_round=True)


def to_round(sims: int, seed: int = 0) -> Bot:
    return SearchBot(seed, sims=sims, name=f"round:{sims}", whole_round=True)


def register(names: list[str]) -> None:
    """Make the arena know each ``expert@2026-12-02:N`` and ``round:N`` among ``names``."""
    for name in names:
        if name.startswith(NAME + ":"):
            BOTS[name] = partial(cycled, int(name.split(":")[1]))
        elif name.startswith("round:"):
            BOTS[name] = partial(to_round, int(name.split(":")[1]))


# --- --check: the same moves as the search of 32cb345 ---------------------------------------

GAME = """
import json, sys
from onmars import Game
from onmars.bots import make_bot
sims, seed, plies = (int(a) for a in sys.argv[1:4])
names = [f"search:{sims}sims", "greedy"]
bots = [make_bot(n, 7 + i) for i, n in enumerate(names)]
game, moves = Game.new(2, seed=seed), []
while not game.is_over and len(moves) < plies:
    seat = game.current_player
    move = bots[seat].choose(game.view(seat), game.legal_moves())
    game.play(move)
    moves.append(str(move))
print(json.dumps(moves))
"""


def check(old: str, sims: int, seed: int, plies: int) -> int:
    """Play ``plies`` moves of search against greedy with the rebuilt search (here) and with
    the search of the checkout ``old`` (``sims`` a turn each); 0 if every move is the same."""
    here = f"import top_level; top_level.register_as_search({sims})\n"
    moves = []
    for path, prelude in ((old, ""), (str(Path(__file__).parents[1]), here)):
        env = {"PYTHONPATH": f"{path}/src:{Path(__file__).parent}", "PYTHONHASHSEED": "0"}
        argv = [sys.executable, "-c", prelude + GAME, str(sims), str(seed), str(plies)]
        out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
        moves.append(json.loads(out.stdout))
    theirs, ours = moves
    same = next((k for k, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), None)
    print(f"{len(ours)} moves here, {len(theirs)} at {old}; first difference: {same}")
    return 0 if ours == theirs else 1


def register_as_search(sims: int) -> None:
    """``search:<sims>sims`` made the rebuilt search (for :func:`check`'s game)."""
    BOTS[f"search:{sims}sims"] = partial(cycled, sims)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arena.add_arguments(parser)
    parser.add_argument("--check", metavar="OLD", help="compare moves with a checkout of 32cb345")
    parser.add_argument("--check-sims", type=int, default=100)
    parser.add_argument("--check-plies", type=int, default=200)
    args = parser.parse_args()
    if args.check:
        return check(args.check, args.check_sims, args.seed, args.check_plies)
    register([b.strip() for b in args.bots.split(",")])
    return arena.main(args)


if __name__ == "__main__":
    sys.exit(main())
