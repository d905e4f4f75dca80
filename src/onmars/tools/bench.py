"""``onmars bench``: engine speed on random games (issue 5 figures come from here).

A random game that reaches the move cap is ended by agreement (RUL-20): scored as it stands,
counted and reported as such, never dropped; the median is over all games.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc

from onmars import Game


def random_game(
    players: int, seed: int, max_moves: int, conclude: bool = True
) -> tuple[Game, int, float]:
    """Play random moves; return the game, moves played, seconds taken. At the move cap the
    game is ended by agreement (RUL-20) unless ``conclude`` is off."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    start = time.perf_counter()
    played = 0
    while not game.is_over and played < max_moves:
        game.play(rng.choice(game.legal_moves()))
        played += 1
    if conclude and not game.is_over:
        game.conclude()
    return game, played, time.perf_counter() - start


def per_call(fn: object, seconds: float = 0.5) -> float:
    """Seconds per call of ``fn``, timed over about ``seconds``."""
    assert callable(fn)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        n += 1
    return (time.perf_counter() - start) / n


def check(games: int, max_moves: int, seed: int) -> None:
    """Refuse options that measure nothing (ValueError)."""
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if max_moves < 1:
        raise ValueError(f"--max-moves must be at least 1, not {max_moves}")
    if not 0 <= seed < 2**63 - 4 * games:
        raise ValueError(f"--seed must be from 0 to 2**63 - 1, not {seed}")


def run(games: int, max_moves: int, seed: int) -> list[str]:
    check(games, max_moves, seed)
    lines = []
    for players in (2, 3, 4):
        times, counts, agreed = [], [], 0
        for k in range(games):
            game, played, secs = random_game(players, seed + k, max_moves)
            times.append(secs)
            counts.append(played)
            agreed += game.ended is not None
        rate = sum(counts) / max(sum(times), 1e-9)
        median_ms = statistics.median(times) * 1e3
        lines.append(
            f"{players}p: {games} games, {games - agreed} played to the end, {agreed} ended by"
            f" agreement at the move cap (RUL-20), median {median_ms:.0f} ms per game"
            f" ({statistics.median(counts):.0f} moves), {rate:,.0f} moves/s"
        )
    game, _, _ = random_game(4, seed, 600, conclude=False)  # a game in progress
    finished, _, _ = random_game(4, seed, max_moves)
    for label, fn in (
        ("copy()", game.copy),
        ("JSON round trip (trusted)", lambda: Game.from_json(game.to_json(), verify=False)),
        ("JSON round trip (replayed)", lambda: Game.from_json(game.to_json())),
    ):
        lines.append(f"{label}: {1 / per_call(fn):,.0f} per second")
    lines.append(f"copy() of a game in progress: {per_call(game.copy) * 1e6:.1f} us")
    lines.append(
        f"Game.replay of a finished 4p game ({len(finished.moves)} moves): "
        f"{per_call(lambda: Game.replay(finished.log)) * 1e3:.1f} ms"
    )
    tracemalloc.start()
    random_game(4, seed, max_moves)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    lines.append(f"peak memory of a 4p random game: {peak / 2**20:.1f} MiB")
    return lines
