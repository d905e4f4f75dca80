"""``onmars bench``: engine speed on random games (issue 5 figures come from here)."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc

from onmars.game import Game


def random_game(players: int, seed: int, max_moves: int) -> tuple[Game, int, float]:
    """Play random moves; return the game, moves played, seconds taken."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    start = time.perf_counter()
    played = 0
    while not game.is_over and played < max_moves:
        game.play(rng.choice(game.legal_moves()))
        played += 1
    return game, played, time.perf_counter() - start


def run(games: int, max_moves: int, seed: int) -> list[str]:
    lines = []
    for players in (2, 3, 4):
        times, counts, finished = [], [], 0
        for k in range(games):
            game, played, secs = random_game(players, seed + k, max_moves)
            times.append(secs)
            counts.append(played)
            finished += game.is_over
        rate = sum(counts) / sum(times)
        done = [t for t, k in zip(times, counts, strict=True) if k < max_moves] or times
        median_ms = statistics.median(done) * 1e3
        lines.append(
            f"{players}p: {games} games, {finished} finished, median {median_ms:.0f} ms"
            f" per finished game ({statistics.median(counts):.0f} moves), {rate:,.0f} moves/s"
        )
    game, _, _ = random_game(4, seed, 600)  # a game in progress
    for label, fn in (
        ("legal_moves()", game.legal_moves),
        ("copy()", game.copy),
        ("JSON round trip (trusted)", lambda: Game.from_json(game.to_json(), verify=False)),
        ("JSON round trip (replayed)", lambda: Game.from_json(game.to_json())),
    ):
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < 0.5:
            fn()
            n += 1
        lines.append(f"{label}: {n / (time.perf_counter() - start):,.0f} per second")
    tracemalloc.start()
    random_game(4, seed, max_moves)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    lines.append(f"peak memory of a 4p random game: {peak / 2**20:.1f} MiB")
    return lines
