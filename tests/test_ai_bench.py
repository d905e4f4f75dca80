"""Issue 26, item 7: the interfaces' bench runs every measure over the same random game.

(The figures themselves are in docs/ai.md: on a shared machine a ratio of speeds is too noisy
for an assertion, so none is made here.)"""

from __future__ import annotations

from aikit import need

need("pyspiel")
need("pettingzoo")

from onmars.ai import bench  # noqa: E402


def test_every_measure_replays_the_game_to_its_end() -> None:
    rates = bench.measure(players=2, length="short", seed=3, rounds=1)
    assert set(rates) == set(bench.MEASURES)
    assert all(rate > 0 for rate in rates.values())
    assert len(bench.random_game(2, "short", 3)) > 200
