"""``Game.projection(seat)`` (issue 10): the final scoring (§24.1-2) if the game ended now by
agreement (RUL-20), on public information only (RUL-18), without changing the game."""

from __future__ import annotations

import pytest
from conftest import positions

import onmars
from onmars.rules.data.components import load

FINAL = ("final_progress", "ships", "living_quarters", "tech", "blueprints", "scientists")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_start_the_projection_is_the_op_plus_the_final_scoring(players: int) -> None:
    """§24.2 at the start: no Progress cube, Ship, Blueprint, Scientist or contract; the
    starting Colonists in Living Quarters (RUL-16: the OP beside the highest occupied row) and
    the Shelter Tech tile in the Lab (the OP below its column) score, on top of no in-game OP."""
    game = onmars.Game.new(players, seed=players)
    c = load()
    view = game.view(None)
    for seat in [*range(players), None]:
        rows = game.projection(seat)
        assert [r["seat"] for r in rows] == list(range(players))
        for row, p in zip(rows, view["players"], strict=True):
            lq = c.value("lq_row_op")[(p["lq"] - 1) // 2]
            tech = sum(c.lab_column[f"L{c.lab_space[sp].column}"].op for sp in p["lab"])
            final = {k: row["breakdown"][k] for k in FINAL}
            assert final == {
                "final_progress": c.value("progress_op")[0],
                "ships": 0,
                "living_quarters": lq,
                "tech": tech,
                "blueprints": 0,
                "scientists": 0,
            }
            assert row["breakdown"]["contracts"] == 0
            assert row["total"] == p["op"] + lq + tech + c.value("progress_op")[0]
            assert row["total"] > 0
    for row in game.scores():  # the game's own scores hold no final scoring yet
        assert row["total"] == 0 and not set(FINAL) & set(row["breakdown"])


def test_the_projection_is_what_ending_by_agreement_scores() -> None:
    """At every position the projection is the score the game would get by ``conclude``, and
    once the game is over it is the game's scores."""
    for game in positions(3, seed=12, every=61):
        projected = game.projection(0)
        if not game.is_over:
            ended = game.copy()
            ended.conclude()
            assert projected == ended.scores()
            for row in projected:
                assert row["total"] == sum(row["breakdown"].values())
        else:
            assert projected == game.scores()


def test_the_projection_never_changes_the_game() -> None:
    for game in positions(2, seed=4, every=97):
        before = game.to_json()
        legal, seat, log = game.legal_moves(), game.current_player, game.log
        game.projection(0)
        game.projection(None)
        assert game.to_json() == before
        assert game.legal_moves() == legal and game.current_player == seat
        assert game.log == log and game.ended is None


def test_the_projection_reads_no_secret() -> None:
    """RUL-18: the final scoring reads nothing hidden, so the projection is the same for every
    seat and on every determinized copy of the game (the hidden cards dealt otherwise)."""
    for game in positions(4, seed=7, every=131):
        projected = game.projection(None)
        for seat in range(4):
            assert game.projection(seat) == projected
            for k in range(3):
                assert game.determinize(seat, k).projection(seat) == projected


def test_bad_seat() -> None:
    game = onmars.Game.new(2, seed=1)
    for seat in (2, -1, "0", True):
        with pytest.raises(onmars.OptionsError, match="RUL-18"):
            game.projection(seat)  # type: ignore[arg-type]
