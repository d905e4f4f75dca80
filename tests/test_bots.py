"""Bots (issue 5): the greedy bot, what bots see (RUL-18). Determinization: test_determinize.py."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import positions

import onmars
from onmars import Move
from onmars.bots import BOTS, Bot, make_bot
from onmars.bots.greedy import (
    BRANCH,
    CANDIDATES,
    DEPTH,
    GreedyBot,
    advanced_kinds,
    evaluate,
    scored_now,
)
from onmars.rules.engine import engine
from onmars.tools import arena

# --- the greedy bot ---------------------------------------------------------------------------


def test_greedy_is_registered() -> None:
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(ValueError, match="greedy"):
        make_bot("nobody")


def test_evaluation_is_zero_sum_between_two_players() -> None:
    """One seat's lead is the other's deficit."""
    for game in positions(2, seed=8, every=101):
        assert evaluate(game, 0) == pytest.approx(-evaluate(game, 1))


def test_the_score_read_from_the_view_is_the_projections() -> None:
    """Issue 27.3: the evaluation reads the final scoring's figures it needs from the view
    (:func:`scored_now`) instead of playing the end on a copy (:meth:`onmars.Game.projection`):
    they must be the projection's, and the game is left unchanged."""
    compared = 0
    for players in (2, 3, 4):
        for game in positions(players, seed=12, every=23):
            if game.is_over:
                continue
            view = game.view(None)
            advanced = advanced_kinds(view)
            for seat, projected in enumerate(game.projection()):
                breakdown = projected["breakdown"]
                points = projected["total"] - breakdown["contracts"] - breakdown["living_quarters"]
                got = scored_now(view["players"][seat], advanced)
                assert got == (points, breakdown["final_progress"])
                compared += 1
            evaluate(game, 0)
            assert game.view(None) == view  # the evaluation changed nothing
    assert compared >= 100


def game_moves(bots: list[Bot], seed: int, limit: int) -> list[str]:
    game = onmars.Game.new(len(bots), seed=seed)
    while not game.is_over and len(game.moves) < limit:
        seat = game.current_player
        game.play(bots[seat].choose(game.view(seat), game.legal_moves()))
    return game.moves


def test_same_seeds_same_moves() -> None:
    """Issue 5: a bot game is reproducible from the game seed and the bots' seeds."""
    first = game_moves([make_bot("greedy", 1), make_bot("random", 2)], seed=4, limit=250)
    again = game_moves([make_bot("greedy", 1), make_bot("random", 2)], seed=4, limit=250)
    assert first == again
    other = game_moves([make_bot("greedy", 5), make_bot("random", 2)], seed=4, limit=250)
    assert other != first


class Spy(GreedyBot):
    """A greedy bot that checks it is shown only what its seat may see (RUL-18)."""

    calls = 0

    def choose(self, view: dict[str, Any], legal: list[Move]) -> Move:
        seat = view["viewer"]
        assert seat == view["current_player"]
        for p in view["players"]:
            if p["seat"] != seat:
                assert isinstance(p["goals"], int) and isinstance(p["discoveries"], int)
                assert isinstance(p["bot_discoveries"], int)
        assert isinstance(view["discovery_stack"], int) and isinstance(view["bp_deck"], int)
        assert all(isinstance(k, int) for k in view["tech_stacks"])
        assert all(set(b) == {"top", "count"} for b in view["building_stacks"].values())
        assert view["seed"] is None
        assert legal and all(isinstance(m, Move) for m in legal)
        Spy.calls += 1
        return super().choose(view, legal)


def test_bots_see_only_their_own_view(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "spy", Spy)
    Spy.calls = 0
    result = arena.play_game(("spy", "random", "spy"), index=1, seed=3, max_moves=600)
    assert Spy.calls > 100 and result.moves == 600


def test_the_bot_chooses_a_legal_move_in_every_kind_of_decision() -> None:
    bot = make_bot("greedy", 0)
    for game in positions(3, seed=21, every=29):
        if game.is_over:
            continue
        seat = game.current_player
        legal = game.legal_moves()
        assert bot.choose(game.view(seat), legal) in legal


@pytest.mark.parametrize("name", ["easy", "greedy", "medium"])
def test_the_bots_take_turn_order_space_5s_colonist(name: str) -> None:
    """RUL-2 (rules version 2): space 5's Colonist may be declined, but a bot takes it (a
    Colonist in Living Quarters is worth having), at setup in games of 2, 3 and 4 players."""
    for players in (2, 3, 4):
        game = onmars.Game.new(players, seed=players)
        seat = game.current_player
        game.play("seat 5")
        assert {str(m) for m in game.legal_moves()} == {"gain colonist", "done"}
        move = make_bot(name, players).choose(game.view(seat), game.legal_moves())
        assert move == Move.parse("gain colonist"), (name, players)


def test_greedy_beats_random() -> None:
    """Issue 5: greedy clearly beats random in 2-player games (seeded: deterministic)."""
    result = arena.run(2, ["greedy", "random"], games=10, seed=2, jobs=2)
    greedy = result.stats[0]
    assert greedy.wins >= 8
    assert greedy.mean_score > result.stats[1].mean_score


def test_a_greedy_game_is_quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 5's quick game, counted rather than timed (issue 21.9: a wall-clock bound fails on
    a busy machine). Greedy scores at most CANDIDATES moves a decision, each followed by at
    most DEPTH continuation decisions of BRANCH tries: the moves it plays on its copies (and
    any its determinization replays) are bounded whatever the game's length. A bot, copy or
    determinization whose work grew with the moves played so far breaks the bound."""
    applied = [0]
    for name in ("play", "play_logged"):  # every move applied to any game: played or replayed
        real = getattr(engine, name)

        def counted(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            applied[0] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(engine, name, counted)
    game, bots = onmars.Game.new(2, seed=9), [make_bot("greedy", 1), make_bot("random", 2)]
    per_decision = []
    while not game.is_over:
        seat = game.current_player
        before = applied[0]
        move = bots[seat].choose(game.view(seat), game.legal_moves())
        if seat == 0:
            per_decision.append(applied[0] - before)
        game.play(move)
    assert len(game.moves) < 1000  # 690: played to the end, far from the arena's move cap
    assert max(per_decision) <= CANDIDATES * (1 + DEPTH * BRANCH)  # 87 of 300 at most
