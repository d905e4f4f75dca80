"""``Game.from_view`` reads only views of a game (issue 21.11): a view whose shape is wrong (an
unknown frame, a string where a number belongs, a player removed, a key missing...) is refused
with an OnMarsError, never accepted to fail later with a KeyError or TypeError."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from conftest import random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import onmars

#: Real views to mutate: 2-4 players, at the opening, mid-game, later and ended (RUL-20).
GAMES = [random_game(2, 1, 0), random_game(3, 2, 150), random_game(4, 3, 400)]
ENDED = random_game(3, 4, 300)
ENDED.conclude()
VIEWS = [game.view(seat) for game in [*GAMES, ENDED] for seat in (0, None)]

#: What a mutation puts in a place: wrong kinds of value, and plausible ones.
ODD_VALUES = ["x", "", 7, -5, 10**6, None, True, 1.5, [], {}, ["x"], {"x": 1}, [7]]


def places(data: Any, path: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) into a view, but only the ends of a list (the 91 places of
    a per-hex list would crowd out the rest)."""
    out = [path] if path else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += places(v, (*path, k))
    elif isinstance(data, list):
        for i in sorted({0, 1, len(data) - 1} & set(range(len(data)))):
            out += places(data[i], (*path, i))
    return out


def mutated(view: dict, path: tuple, how: str, value: Any) -> dict:
    """``view`` with the value at ``path`` replaced by ``value``, or removed (``how``)."""
    out = copy.deepcopy(view)
    parent = out
    for key in path[:-1]:
        parent = parent[key]
    if how == "remove":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return out


def uses(game: onmars.Game) -> None:
    """What a bot does with a dealt game: views, legal moves, a few moves played, a forecast."""
    for _ in range(3):
        if game.is_over:
            break
        for seat in (None, *range(len(game.players))):
            game.view(seat)
        game.play(game.legal_moves()[0])
    game.projection()


def test_real_views_are_accepted() -> None:
    for seen in VIEWS:
        onmars.Game.from_view(seen, 0)


def accepted_or_refused(seen: dict) -> None:
    """The view is refused with an OnMarsError, or the dealt game works."""
    try:
        game = onmars.Game.from_view(seen, 0)
    except onmars.OnMarsError:
        return
    uses(game)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_view_is_refused_or_plays(data: st.DataObject) -> None:
    view = data.draw(st.sampled_from(VIEWS))
    path = data.draw(st.sampled_from(places(view)))
    how = data.draw(st.sampled_from(["remove", "replace"]))
    value = data.draw(st.sampled_from(ODD_VALUES))
    accepted_or_refused(mutated(view, path, how, value))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda v: v["stack"].append({"t": "no such step", "p": 0}), "frame"),
        (lambda v: v["stack"][-1].update(p="0"), "stack"),
        (lambda v: v.update(round="3"), "round"),
        (lambda v: v["players"].pop(), "seat"),
        (lambda v: v["players"][0]["res"].update(water="2"), "res"),
        (lambda v: v.pop("bld"), "bld"),
    ],
    ids=["unknown-frame", "seat-as-text", "round-as-text", "player-removed", "res-text", "no-bld"],
)
def test_a_view_of_no_game_is_refused_naming_the_problem(change, words: str) -> None:
    """The issue's cases: each is refused with an OnMarsError (RUL-18) naming what is wrong."""
    seen = GAMES[1].view(1)
    change(seen)
    with pytest.raises(onmars.OnMarsError, match=f"RUL-18.*{words}"):
        onmars.Game.from_view(seen, 0)
