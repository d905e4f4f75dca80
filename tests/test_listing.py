"""Listing shares its work (issue 27, item 1): the tables it reads and the shortcuts it takes
agree with the plain rules at every position of random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import onmars
from onmars.rules.actions.mars import complex_of, layout
from onmars.rules.data import hexmap
from onmars.rules.engine import engine
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import State

END = Move("end")


def _positions(players: int, seed: int) -> Iterator[State]:
    """Every position of a random game, each before its move is played."""
    state = onmars.Game.new(players, seed=seed).state
    rng = random.Random(seed)
    while state.stack:
        yield state
        engine.play(state, rng.choice(engine.legal_moves(state)), known_legal=True)


def _walk(s: State, cell: int) -> set[int]:
    """The buildings of ``cell``'s type connected to it, walked hex by hex (§9.2)."""
    kind, seen, todo = s.bld[cell], {cell}, [cell]
    while todo:
        for nb in hexmap.neighbours(todo.pop()):
            if nb not in seen and s.bld[nb] == kind:
                seen.add(nb)
                todo.append(nb)
    return seen


@pytest.mark.parametrize(("players", "seed"), [(4, 0), (2, 3)])
def test_complexes_read_from_the_layout_are_the_walked_ones(players: int, seed: int) -> None:
    """``complex_of`` reads each Complex from the map's layout, found once per arrangement:
    the same buildings a walk over same-type neighbours finds, whenever the map changed."""
    checked, last = 0, None
    for s in _positions(players, seed):
        if s.bld == last:
            continue
        last = list(s.bld)
        for cell, kind in enumerate(s.bld):
            if kind:
                assert complex_of(s, cell) == _walk(s, cell), (cell, kind)
                checked += 1
        lay = layout(s)
        for kind, cells in lay.cells.items():  # Complexes of 2+ (Upgrade contracts read 4+)
            big = {c for c in cells if len(_walk(s, c)) >= 2}
            assert lay.in_complexes(kind, 2) == big, kind
    assert checked > 50  # buildings were built


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 2)])
def test_a_finished_turn_is_pending_only_with_more_than_end(players: int, seed: int) -> None:
    """After the Main action the Turn step's one listing decides (§5.1): ``end`` plays itself
    when nothing else is legal, so a finished turn left pending offers more than ``end``, and
    its settling hands out every legal move, in order, as the listing that explains them."""
    turn, pending = engine.STEPS["turn"], 0
    for s in _positions(players, seed):
        f = s.stack[-1]
        if f["t"] != "turn" or not s.turn["main"]:
            continue
        listed = [m for m, why in turn.candidates(s, f, explain=True) if not why]
        assert END in listed and len(listed) > 1
        assert turn.settle(s, f) == listed == turn.options(s, f)
        pending += 1
    assert pending


def test_a_replay_vouched_for_at_a_turn_order_space_lists_the_same() -> None:
    """The Turn Order space step vouches for a logged move only when it is legal there (a
    replay then lists nothing), and a replay rebuilds the game it logged."""
    game = onmars.Game.new(3, seed=5)
    rng, seat = random.Random(5), engine.STEPS["seat"]
    asked = 0
    while not game.is_over:
        s = game.state
        f = s.stack[-1]
        if f["t"] == "seat":
            options = seat.options(s, f)
            for n in range(1, 9):
                m = Move("seat", (str(n),))
                assert seat.expects(s, f, m) == (m in options)
                asked += 1
        game.play(rng.choice(game.legal_moves()))
    assert asked
    again = onmars.Game.replay(game.log)
    assert again.view(None) == game.view(None)
