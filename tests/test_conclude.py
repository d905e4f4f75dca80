"""Ending by agreement (RUL-20): "the players may end a game early by unanimous agreement: the
position is scored with the final scoring (§24.2) as it stands, and the log records that the
game ended by agreement. Tools that play many games (arena, benchmark) end a game that reaches
their move cap this way and report it as such, never silently."
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from conftest import play, started
from rich.console import Console

import onmars
from onmars.bots import agrees_to_end, progress_mark, round_marks
from onmars.rules.actions import scoring
from onmars.terminal import play as terminal
from onmars.tools import bench, replay


def midgame(seed: int = 3, moves: int = 150) -> onmars.Game:
    game = onmars.Game.new(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    assert not game.is_over
    return game


def test_conclude_scores_the_position_with_the_final_scoring() -> None:
    """RUL-20, §24.2: the game is over, every final category is scored, the log says how the
    game ended, and the winners are found as usual (§24.4)."""
    game = midgame()
    game.conclude()
    assert game.is_over and game.ended == "agreement"
    assert game.log["ended"] == "agreement" and game.legal_moves() == []
    for row, p in zip(game.scores(), game.state.players, strict=True):
        assert set(scoring.FINAL) <= set(row["breakdown"])
        assert row["total"] == sum(row["breakdown"].values()) == p.op
        assert row["breakdown"]["living_quarters"] == scoring.lq_op(p.lq)
    assert scoring.winners(game.state)


def test_a_game_ended_by_agreement_replays_to_the_same_end() -> None:
    """RUL-20: the log's ``"ended": "agreement"`` is honoured by replay and by loading."""
    game = midgame()
    game.conclude()
    for again in (
        onmars.Game.replay(game.log),
        onmars.Game.from_json(game.to_json()),
        onmars.Game.from_json(game.to_json(), verify=False),
    ):
        assert again.state.to_dict() == game.state.to_dict()
        assert again.ended == "agreement" and again.log == game.log


def test_nothing_is_played_or_taken_back_after_the_agreement() -> None:
    """RUL-20: no move, no undo, no second conclusion."""
    game = started(3, seed=1)
    play(game, "main resupply")
    game.conclude()
    with pytest.raises(onmars.IllegalMoveError, match="^RUL-20"):
        game.play("item crystal")
    assert game.why("item crystal").startswith("RUL-20")
    with pytest.raises(onmars.IllegalMoveError, match="^RUL-20"):
        game.undo()
    assert not game.can_undo()
    with pytest.raises(onmars.IllegalMoveError, match="^§24.1"):
        game.conclude()


def test_a_log_can_only_end_by_agreement() -> None:
    """A log whose "ended" is anything else is not a valid log."""
    game = started(2, seed=1)
    with pytest.raises(onmars.SaveFileError, match="RUL-20"):
        onmars.Game.replay({**game.log, "ended": "resigned"})


def test_a_private_goal_spent_as_a_crystal_is_lost_with_the_turn() -> None:
    """§18.1: a card spent as a Crystal pays for this turn only; ending the game in that turn
    does not turn it into a Crystal for the tie-break (§24.4)."""
    game = started(3, seed=1)
    seat = game.current_player
    kept = game.copy()
    play(game, f"discard {game.state.players[seat].goals[0]}")
    game.conclude()
    kept.conclude()
    assert game.state.players[seat].crystals == kept.state.players[seat].crystals


# --- the bots' agreement ------------------------------------------------------------------


def test_a_bot_agrees_after_five_rounds_without_progress() -> None:
    """RUL-20 for bots: no mission, Colony level or score changed for the last 5 rounds."""
    still = (((("blueprints", 3),), 2, (10, 8)),) * 7
    assert agrees_to_end(list(still))
    assert not agrees_to_end(list(still[:6]))  # only 4 whole rounds seen
    moved = [*still[:3], (still[0][0], 2, (11, 8)), *still[4:]]
    assert not agrees_to_end(moved)
    assert agrees_to_end([(((), 1, (0, 0)))] * 3, rounds=1)


def test_round_marks_read_the_public_progress() -> None:
    """The history a bot reads: one mark per round started, then the position now."""
    game = midgame()
    marks = round_marks(game)
    assert len(marks) == game.state.round + 2  # the setup picks are round 0
    assert marks[-1] == progress_mark(game.view(None))


# --- the terminal, bench and replay -------------------------------------------------------


def console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)


def session(game: onmars.Game, kinds: list, lines: list[str], save: Path):
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    con = console()
    return terminal.Session(game, kinds, console=con, input_fn=read, save_path=save), con


def test_conclude_in_hot_seat_needs_every_human(tmp_path: Path) -> None:
    """RUL-20 in the terminal: Ana proposes, Ben declines: the game goes on unchanged; Ana
    proposes again, Ben agrees: final scores, and the save records the agreement."""
    game = started(2, seed=1)
    moves = list(game.moves)
    s, con = session(game, [None, None], ["", "conclude", "n", "conclude", "y"], tmp_path / "s")
    assert s.run() == 0
    out = con.file.getvalue()
    assert "does not agree. The game goes on." in out
    assert "The game ended by agreement (RUL-20)" in out and "Final scores" in out
    assert s.game.is_over and s.game.moves == moves
    assert json.loads((tmp_path / "s").read_text())["ended"] == "agreement"


def test_a_bot_declines_while_the_game_progresses(tmp_path: Path) -> None:
    """A bot agrees only after 5 rounds without progress: in round 1 it declines."""
    game = started(2, seed=1)
    s, con = session(game, [None, "random"], ["conclude", "quit"], tmp_path / "s")
    assert s.run() == 0
    assert "(random bot) does not agree" in con.file.getvalue()
    assert not s.game.is_over


def test_bench_ends_capped_games_by_agreement_and_counts_them() -> None:
    """RUL-20 in the benchmark: a game at the move cap is concluded and reported."""
    lines = bench.run(games=1, max_moves=30, seed=1)
    assert lines[0].startswith("2p: 1 games, 0 played to the end, 1 ended by agreement")
    assert "median" in lines[0]
    game, played, _ = bench.random_game(2, 1, 30)
    assert played == 30 and game.ended == "agreement"


def test_bench_times_each_game_as_the_least_of_its_tries(monkeypatch) -> None:
    """``--repeat``: the same seeded game is played that many times, in rounds (every game,
    then every game again), and its least time kept (other work on a shared machine only adds
    time, and a slow spell then spoils one try of each game, not every try of some)."""
    tries = iter([0.3, 0.5, 0.1, 0.4, 0.2, 0.6])
    seen: list[tuple[int, int]] = []
    real = bench.random_game

    def timed(players: int, seed: int, max_moves: int, conclude: bool = True):
        game, played, _ = real(players, seed, max_moves, conclude)
        seen.append((players, seed))
        return game, played, next(tries)

    monkeypatch.setattr(bench, "random_game", timed)
    line = bench.games_line(2, games=2, max_moves=30, seed=1, repeat=3)
    assert seen == [(2, 1), (2, 2)] * 3
    # seed 1: least of 0.3, 0.1, 0.2; seed 2: of 0.5, 0.4, 0.6; the median of 0.1 and 0.4
    assert "median 250 ms per game (30 moves; least of 3 tries each)" in line


def test_replay_says_when_a_game_ended_by_agreement(tmp_path: Path) -> None:
    """The replay shows the agreement at the last move only; earlier positions go on."""
    game = midgame(moves=20)
    game.conclude()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.log))
    out = io.StringIO()
    assert replay.run(str(path), None, None, Console(file=out, width=120), None) == 0
    assert "ended by agreement" in out.getvalue() and "Final scores" in out.getvalue()
    out = io.StringIO()
    assert replay.run(str(path), None, 10, Console(file=out, width=120), None) == 0
    assert "ended by agreement" not in out.getvalue()
