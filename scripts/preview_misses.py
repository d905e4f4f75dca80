"""List the completions whose paid items their move's preview does not name (issue 23), over
the positions of tests/test_preview_complete.py's games, and the CPU time of describing every
legal move there.

Usage: ``PYTHONPATH=src python scripts/preview_misses.py [completions per move] [seeds...]``
(default 3 and the test's games: 2 players seed 11, 3 seed 12, 4 seed 13).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_preview_complete import ITEMS, _having, _named, _turn_key  # noqa: E402

import onmars  # noqa: E402


def completion(game: onmars.Game, move: onmars.Move, rng: random.Random) -> tuple[set, list]:
    """As the test's: the items paid after ``move`` in a random completion, and its path."""
    seat, key = game.current_player, _turn_key(game)
    g = game.copy()
    up = g.state.turned_up
    g.play(move)
    paid: set[str] = set()
    path: list[str] = []
    while not g.is_over and g.state.turned_up == up:
        d = g.decision()
        if d is None or d.seat != seat or d.step == "turn" or _turn_key(g) != key:
            break
        before = _having(g.state, seat)
        chosen = rng.choice(d.moves)
        g.play(chosen)
        after = _having(g.state, seat)
        now = {i for i in ITEMS if after[i] < before[i]}
        paid |= now
        path.append(f"{d.step}:{chosen}" + (f" (pays {','.join(sorted(now))})" if now else ""))
    return paid, path


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seeds = [int(a) for a in sys.argv[2:]] or [11, 12, 13]
    missed = checked = 0
    times: list[float] = []
    for players, seed in zip((2, 3, 4), seeds, strict=False):
        game = onmars.Game.new(players, seed=seed)
        rng = random.Random(seed)
        for _ in range(260):
            if game.is_over:
                break
            start = time.process_time()
            said = {str(m): game.describe(m, "en") for m in game.legal_moves()}
            times.append(time.process_time() - start)
            for m in game.legal_moves():
                for _ in range(reps):
                    paid, path = completion(game, m, rng)
                    missing = paid - _named(said[str(m)])
                    checked += 1
                    if missing:
                        missed += 1
                        print(players, seed, m, sorted(missing), " > ".join(path))
            game.play(rng.choice(game.legal_moves()))
    print(f"missed {missed} of {checked} completions; describing {len(times)} positions:")
    print(f"{sum(times):.2f} s of CPU, worst {max(times):.3f} s")


if __name__ == "__main__":
    main()
