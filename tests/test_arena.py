"""``onmars arena`` (issue 5): seats rotated, seeded results whatever the number of processes,
fractional shared wins, unfinished games, confidence intervals, the results table."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from onmars.cli import main
from onmars.tools import arena


def test_same_results_with_one_or_two_processes() -> None:
    one = arena.run(2, ["random", "random"], games=3, seed=5, jobs=1)
    two = arena.run(2, ["random", "random"], games=3, seed=5, jobs=2)
    assert one == two  # thinking times aside (not compared)
    assert [g.index for g in two.games] == [0, 1, 2]
    assert all(g.finished for g in one.games)
    assert sum(g.shares[0] + g.shares[1] for g in one.games) == pytest.approx(3)


def test_seats_rotate_across_games() -> None:
    assert [arena.seating(3, g) for g in range(4)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    assert arena.labels(["random", "greedy", "random"]) == ["random", "greedy", "random#2"]


def test_seeds_depend_on_the_arena_seed_and_the_game() -> None:
    seeds = {arena.game_seed(s, g) for s in (1, 2) for g in range(50)}
    assert len(seeds) == 100
    assert arena.game_seed(1, 7) == arena.game_seed(1, 7)
    assert arena.bot_seed(1, 7, 0) != arena.bot_seed(1, 7, 1)


def test_games_at_the_move_cap_end_by_agreement() -> None:
    """RUL-20: a game stopped by the move cap is ended by agreement: scored as it stands with
    the final scoring, counted (wins, scores, lengths) and reported as such, never dropped."""
    result = arena.run(2, ["random", "greedy"], games=2, seed=1, jobs=1, max_moves=40)
    assert result.agreed == 2
    assert all(g.agreed and not g.finished and g.moves == 40 for g in result.games)
    assert all(sum(g.shares) == pytest.approx(1) for g in result.games)  # someone won each
    for st in result.stats:
        assert st.games == 2 and st.agreed == 2 and st.finished == 0
        assert not math.isnan(st.mean_score)
    assert sum(st.wins for st in result.stats) == pytest.approx(2)
    text = arena.text_table(result)
    assert "0 played to the end, 2 ended by agreement at the move cap" in text
    assert text.splitlines()[1].split()[:3] == ["bot", "games", "agreed"]


def test_ended_by_agreement_is_the_same_whatever_the_jobs() -> None:
    """RUL-20 in the arena keeps it deterministic: same seed, same table, any --jobs."""
    one = arena.run(2, ["random", "random"], games=3, seed=2, jobs=1, max_moves=60)
    two = arena.run(2, ["random", "random"], games=3, seed=2, jobs=2, max_moves=60)
    assert one == two and one.agreed == 3
    drop_time = [row[:-1] for row in arena.rows(one)]  # thinking time aside
    assert drop_time == [row[:-1] for row in arena.rows(two)]


def result_of(entrants: tuple[int, ...], scores: tuple[int, ...], shares: tuple[float, ...]):
    n = len(entrants)
    return arena.GameResult(0, 0, entrants, True, 100, 10, scores, shares, (0.0,) * n, (1,) * n)


def test_shared_victories_count_fractionally() -> None:
    results = [
        result_of((0, 1), (50, 50), (0.5, 0.5)),
        result_of((1, 0), (40, 60), (0.0, 1.0)),
    ]
    first, second = (arena.entrant_stats(results, e, ["a", "b"]) for e in (0, 1))
    assert first.wins == 1.5 and first.win_rate == 0.75
    assert second.wins == 0.5 and second.mean_score == 45
    assert first.games == second.games == 2


def test_wilson_interval() -> None:
    lo, hi = arena.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert arena.wilson(0, 10)[0] == 0 and round(arena.wilson(0, 10)[1], 4) == 0.2775
    assert arena.wilson(10, 10)[1] == pytest.approx(1)
    mean, (a, b) = arena.mean_ci([1, 2, 3, 4])
    assert mean == 2.5 and a < 2.5 < b and b - 2.5 == pytest.approx(2.5 - a)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        arena.run(3, ["greedy", "random"], games=1)
    with pytest.raises(ValueError, match="unknown bot 'nobody'"):
        arena.run(2, ["nobody", "random"], games=1)
    assert main(["arena", "--bots", "greedy", "--games", "1"]) == 2
    with pytest.raises(ValueError, match="--max-moves must be at least 1"):
        arena.run(2, ["random", "random"], games=1, max_moves=0)


def test_one_game_shows_no_interval_it_cannot_have(capsys: pytest.CaptureFixture[str]) -> None:
    """A single game has no score interval: the table says "-", not "nan-nan"."""
    argv = ["arena", "--players", "2", "--bots", "random,random", "--games", "1"]
    assert main([*argv, "--seed", "3", "--jobs", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "nan" not in out


def test_cli_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--players", "2", "--bots", "random,random", "--games", "2"]
    assert main([*argv, "--seed", "3", "--jobs", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Arena: 2 players, 2 games, seed 3: 2 played to the end, 0 ended by agreement" in out
    for word in ("bot", "win %", "95% CI", "score", "moves", "random", "random#2"):
        assert word in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] == ["random"]]
    assert rows and rows[0][1] == "2"  # games played by the first entrant


def test_the_summary_is_one_line_past_120_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """Output that is not a terminal is 120 columns wide, and a summary longer than that (a
    long seed) stays one line instead of wrapping (issue 21.11)."""
    seed = "1" * 40
    argv = ["arena", "--players", "2", "--bots", "random,random", "--games", "1"]
    assert main([*argv, "--seed", seed, "--max-moves", "30", "--jobs", "1", "--quiet"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert len(first) > 120
    assert first.startswith("Arena: 2 players, 1 games, seed " + seed)
    assert first.endswith(" s") and "RUL-20" in first


def test_plain_text_table() -> None:
    result = arena.run(2, ["random", "random"], games=2, seed=3, jobs=1)
    text = arena.text_table(result)
    assert text.splitlines()[1].split()[:4] == ["bot", "games", "agreed", "wins"]
    assert len(text.splitlines()) == 4


def test_record_keeps_each_game_as_it_ends(tmp_path: Path) -> None:
    """``--record FILE``: a JSON line per game, written as the game ends (a long run stopped
    half-way keeps what it played), naming the bot at each seat; a second run appends."""
    out = tmp_path / "games.jsonl"
    argv = ["arena", "--bots", "greedy,random", "--games", "2", "--seed", "4", "--quiet"]
    assert main([*argv, "--jobs", "1", "--max-moves", "300", "--record", str(out)]) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    expected = arena.run(2, ["greedy", "random"], games=2, seed=4, jobs=1, max_moves=300)
    assert [line["scores"] for line in lines] == [list(g.scores) for g in expected.games]
    assert [line["names"] for line in lines] == [["greedy", "random"], ["random", "greedy"]]
    assert main([*argv, "--jobs", "1", "--max-moves", "300", "--record", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 4
