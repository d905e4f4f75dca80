"""Bots (issue 5): determinization of a seat's view (RUL-18), the greedy bot, what bots see."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import onmars
from onmars.bots import BOTS, Bot, make_bot
from onmars.bots.determinize import determinize
from onmars.bots.greedy import GreedyBot, evaluate
from onmars.rules.components import load
from onmars.rules.moves import Move
from onmars.rules.state import State
from onmars.rules.view import view
from onmars.tools import arena


def positions(players: int, seed: int, every: int = 37) -> list[onmars.Game]:
    """Copies of a random game every ``every`` moves, from the opening to its end."""
    game = onmars.Game.new(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not game.is_over:
        if len(game.moves) % every == 0:
            out.append(game.copy())
        game.play(rng.choice(game.legal_moves()))
    return [*out, game]


def component_ids(s: State) -> Counter[str]:
    """Every Private Goal, Discovery tile, Blueprint, Tech tile and building tile id that the
    state places somewhere (hands, stacks, displays, the map, labs)."""
    ids: Counter[str] = Counter()
    for p in s.players:
        ids.update(p.goals + p.discoveries + p.bot_discoveries + p.blueprints)
        ids.update(p.lab.values())
    ids.update(s.discovery_stack + s.exploration + [t for t in s.tile if t] + [s.radar])
    ids.update(s.bp_deck + s.bp_display + [t for t in s.grid.values() if t])
    ids.update(t for stack in s.tech_stacks for t in stack)
    ids.update(t for stack in s.building_stacks.values() for t in stack)
    del ids[""]
    for research in load().research:  # two Research tiles of each type (RUL-8)
        ids[f"R{research}"] = (ids[f"R{research}"] + 1) // 2
    return ids


# --- determinize (RUL-18) -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinized_state_matches_the_view(players: int) -> None:
    """RUL-18: filling what a seat cannot see gives a State the seat sees exactly as before;
    every count matches, and no component is used twice."""
    for game in positions(players, seed=players):
        for seat in [*range(players), None]:
            seen = game.view(seat)
            state = determinize(seen, seat, random.Random(1))
            assert view(state, seat) == seen
            assert max(component_ids(state).values()) == 1
            assert component_ids(state).keys() <= _all_ids()


def _all_ids() -> set[str]:
    c = load()
    return (
        set(c.private_goal)
        | set(c.discovery)
        | set(c.blueprint)
        | set(c.tech_tile)
        | set(c.building_tile)
        | {f"R{r}" for r in c.research}
    )


def test_hidden_components_come_from_the_unseen_ones() -> None:
    """RUL-18: another seat's Private Goals are drawn from the cards nobody can see: never one of
    the viewer's own; the viewer's own hidden things stay as they are."""
    game = positions(3, seed=5)[3]
    seen = game.view(0)
    mine = set(seen["players"][0]["goals"])
    for k in range(20):
        state = determinize(seen, 0, random.Random(k))
        assert state.players[0].goals == seen["players"][0]["goals"]
        others = {g for p in state.players[1:] for g in p.goals}
        assert not others & mine
        assert [len(p.goals) for p in state.players[1:]] == [
            p["goals"] for p in seen["players"][1:]
        ]


def test_determinize_is_seeded_and_leaves_the_view_alone() -> None:
    game = positions(2, seed=3)[2]
    seen = game.view(1)
    before = repr(seen)
    a = determinize(seen, 1, random.Random(7)).to_dict()
    b = determinize(seen, 1, random.Random(7)).to_dict()
    assert a == b
    assert repr(seen) == before
    hidden = {determinize(seen, 1, random.Random(k)).bp_deck[-1] for k in range(30)}
    assert len(hidden) > 1  # the deck order really is drawn


def test_determinize_refuses_an_impossible_view() -> None:
    game = onmars.Game.new(2, seed=1)
    seen = game.view(0)
    seen["players"][1]["goals"] = 99
    with pytest.raises(ValueError, match="RUL-18"):
        determinize(seen, 0, random.Random(0))


@pytest.mark.parametrize("players", [2, 4])
def test_game_play_from_a_determinized_state(players: int) -> None:
    """A Game built on a determinized state offers the seat to move the same legal moves as the
    real game, and keeps doing so while both play the same moves through that seat's turn."""
    for game in positions(players, seed=10 + players, every=53):
        seat = game.current_player
        if seat is None:
            continue
        guess = onmars.Game(determinize(game.view(seat), seat, random.Random(seat)), {}, [])
        rng = random.Random(len(game.moves))
        for _ in range(6):
            if game.is_over or game.current_player != seat:
                break
            assert guess.legal_moves() == game.legal_moves()
            move = rng.choice(game.legal_moves())
            if move.verb in ("build", "discover", "travel", "radar", "claim", "end"):
                break  # a hidden tile may be revealed
            game.play(move)
            guess.play(move)


# --- the greedy bot ---------------------------------------------------------------------------


def test_greedy_is_registered() -> None:
    assert isinstance(make_bot("greedy", 3), GreedyBot)
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(ValueError, match="greedy"):
        make_bot("nobody")


def test_evaluation_is_zero_sum_between_two_players() -> None:
    """One seat's lead is the other's deficit."""
    for game in positions(2, seed=8, every=101):
        assert evaluate(game.state, 0) == pytest.approx(-evaluate(game.state, 1))


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


def test_greedy_beats_random() -> None:
    """Issue 5: greedy clearly beats random in 2-player games (seeded: deterministic)."""
    result = arena.run(2, ["greedy", "random"], games=10, seed=2, jobs=2)
    greedy = result.stats[0]
    assert greedy.wins >= 8
    assert greedy.mean_score > result.stats[1].mean_score


def test_a_greedy_game_is_quick() -> None:
    """Issue 5: a whole 2-player game greedy against random takes a few seconds at most."""
    result = arena.play_game(("greedy", "random"), index=0, seed=9)
    assert result.finished
    assert sum(result.seconds) < 5.0
