"""``onmars arena --ladder`` (issue 13): a round robin of two-player games and Bradley-Terry
ratings with confidence intervals."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from onmars.cli import main
from onmars.tools import arena


def test_bradley_terry_recovers_known_strengths() -> None:
    """Games drawn from strengths 1 : 2 : 4 (expected win counts): the fit finds log 2 and
    log 4 against the first, and more games give narrower intervals."""
    strength = [1.0, 2.0, 4.0]

    def wins(games: int) -> list[list[float]]:
        return [[games * a / (a + b) if a is not b else 0.0 for b in strength] for a in strength]

    r, cov = arena.bradley_terry(wins(400), prior=0.0)
    assert r[0] == 0.0
    assert r[1] == pytest.approx(math.log(2), abs=1e-6)
    assert r[2] == pytest.approx(math.log(4), abs=1e-6)
    _, few = arena.bradley_terry(wins(40), prior=0.0)
    assert 0 < cov[2][2] < few[2][2]
    assert cov[0][0] == 0.0  # the anchor


def test_a_perfect_record_gets_a_finite_rating() -> None:
    r, cov = arena.bradley_terry([[0.0, 0.0], [10.0, 0.0]])
    assert 0 < r[1] < 10 and 0 < cov[1][1] < math.inf


def test_the_ladder_rates_greedy_above_random(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--ladder", "--bots", "random,greedy", "--games", "2", "--jobs", "1"]
    assert main([*argv, "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "Bradley-Terry" in lines[0] and "random = 1000" in lines[0]
    assert lines[2].split()[:2] == ["1", "greedy"]
    assert lines[3].split()[1:3] == ["random", "1000"]
    greedy_elo, ci = int(lines[2].split()[2]), lines[2].split()[3]
    lo, hi = map(int, ci.split("-"))
    assert lo < greedy_elo < hi and greedy_elo > 1000


def test_the_ladder_plays_every_pair_with_seats_swapped() -> None:
    result = arena.ladder(["random", "greedy"], games=2, seed=3, jobs=1)
    assert len(result.games) == 2
    assert {(a, b) for a, b, _ in result.games} == {(0, 1), (1, 0)}
    assert [r.bot for r in result.ratings] == ["greedy", "random"]


def test_bad_ladders_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="at least two different bots"):
        arena.ladder(["greedy"], games=2)
    with pytest.raises(ValueError, match="at least two different bots"):
        arena.ladder(["greedy", "greedy"], games=2)
    with pytest.raises(ValueError, match="unknown bot"):
        arena.ladder(["greedy", "nobody"], games=2)
    assert main(["arena", "--ladder", "--bots", "greedy,random", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err


def test_the_ladder_reuses_recorded_pair_games(tmp_path: Path) -> None:
    """``--reuse FILE`` (issue 25.5): a ladder takes the games plain runs of each pair recorded
    (game ``g`` of ``--bots a,b`` is the ladder's game ``g`` of that pair) and plays only the
    rest, with the same ratings as a ladder played whole."""
    out = tmp_path / "pairs.jsonl"
    argv = ["arena", "--bots", "random,greedy", "--games", "2", "--seed", "3", "--jobs", "1"]
    assert main([*argv, "--quiet", "--max-moves", "300", "--record", str(out)]) == 0
    whole = arena.ladder(["random", "greedy", "easy"], games=2, seed=3, jobs=1, max_moves=300)
    reused = arena.read_results(str(out))
    assert len(reused) == 2
    played: list[arena.Task] = []

    def mapper(tasks: Sequence[arena.Task]) -> Iterable[tuple[int, arena.GameResult]]:
        played.extend(tasks)
        return ((k, arena._task(t)) for k, t in enumerate(tasks))

    again = arena.ladder(
        ["random", "greedy", "easy"], games=2, seed=3, max_moves=300, mapper=mapper, reuse=reused
    )
    assert len(played) == 4  # the pairs with easy; random against greedy was read
    assert again.ratings == whole.ratings and again.games == whole.games


def test_a_chained_ladder_compares_neighbours_only(capsys: pytest.CaptureFixture[str]) -> None:
    """``--chain`` (issue 25.5): levels given weakest first play only the next level up, as
    many games a pair as asked, and each step is rated with its own interval."""
    result = arena.ladder(["random", "easy", "greedy"], games=(2, 4), seed=3, jobs=1, chain=True)
    pairs = [frozenset((a, b)) for a, b, _ in result.games]
    assert pairs.count(frozenset((0, 1))) == 2 and pairs.count(frozenset((1, 2))) == 4
    assert frozenset((0, 2)) not in pairs
    by_bot = {r.bot: r.elo for r in result.ratings}
    steps = {(s.lower, s.upper): s for s in result.steps}
    assert list(steps) == [("random", "easy"), ("easy", "greedy")]
    for (lower, upper), step in steps.items():
        assert step.gain == pytest.approx(by_bot[upper] - by_bot[lower])
        assert step.ci[0] < step.gain < step.ci[1]
    argv = ["arena", "--ladder", "--chain", "--bots", "random,easy,greedy", "--games", "2,4"]
    assert main([*argv, "--seed", "3", "--jobs", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "2/4 two-player games a pair" in out
    assert "easy over random" in out and "greedy over easy" in out


def test_several_game_counts_need_a_chained_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "greedy,random", "--games", "2,4"]) == 2
    assert "--ladder --chain" in capsys.readouterr().err
    with pytest.raises(ValueError, match="one for each of the 2 pairs"):
        arena.ladder(["random", "easy", "greedy"], games=(2, 4, 6), chain=True)


def test_a_step_is_shown_apart_only_when_its_interval_clears_zero() -> None:
    """Two bots that won equally often are not shown apart; a 20-0 record is."""

    def played(wins_b: int, wins_a: int) -> list[tuple[int, int, arena.GameResult]]:
        games = []
        for k in range(wins_a + wins_b):
            shares = (1.0, 0.0) if k < wins_a else (0.0, 1.0)
            result = arena.GameResult(k, k, (0, 1), True, 1, 1, (0, 0), shares, (0, 0), (1, 1))
            games.append((0, 1, result))
        return games

    _, (even,) = arena.ratings(["a", "b"], played(5, 5))
    assert even.ci[0] < 0 < even.ci[1]
    _, (clear,) = arena.ratings(["a", "b"], played(20, 0))
    assert clear.gain > 0 and clear.ci[0] > 0
