"""Issue 26, item 2: observation tensors of onmars.ai (docs/ai.md), RUL-18.

A seat's tensor is read from its view only: dealing again what the seat cannot see
(``game.determinize(seat, seed)``) never changes it, while it does change what the other seats
hold (so the check has teeth).
"""

from __future__ import annotations

import random

import pytest
from aikit import need

from onmars.rules import Game

need("numpy")

import numpy as np  # noqa: E402

from onmars.ai import observation  # noqa: E402


def played(players: int, moves: int, seed: int, length: str = "short") -> Game:
    game = Game.new(players, seed=seed, length=length)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.push(rng.choice(game.legal_moves()))
    return game


def test_fields_tile_the_tensor() -> None:
    lay = observation.layout()
    top = [f for f in observation.fields() if not f.name.startswith("player[k].")]
    offset = 0
    for f in top:
        assert f.offset == offset and f.size > 0 and f.meaning, f
        offset += f.size
    assert offset == lay.p_start
    assert sum(f.size for f in lay.p_fields) == lay.p_size
    assert observation.size() == lay.p_start + observation.SEATS * lay.p_size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_redealing_the_hidden_never_changes_the_tensor(players: int) -> None:
    game = Game.new(players, seed=10 + players)
    rng = random.Random(players)
    checked = changed_elsewhere = 0
    while not game.is_over:
        if rng.random() < 0.02:
            for seat in range(players):
                tensor = observation.encode(game.view(seat))
                assert tensor.shape == (observation.size(),) and tensor.dtype == np.float32
                other = (seat + 1) % players
                for k in range(3):
                    world = game.determinize(seat, 100 * k + seat)
                    assert np.array_equal(observation.encode(world.view(seat)), tensor)
                    if world.view(other) != game.view(other):
                        changed_elsewhere += 1
                checked += 1
        game.push(rng.choice(game.legal_moves()))
    assert checked > 10
    assert changed_elsewhere > 0  # the re-deals did change hidden components


def test_own_goals_are_seen_and_others_are_not() -> None:
    game = played(3, 40, seed=7)
    lay = observation.layout()
    goals = [f for f in lay.p_fields if f.name == "goals"][0]
    view = game.view(0)
    assert isinstance(view["players"][0]["goals"], list) and view["players"][0]["goals"]
    tensor = observation.encode(view)
    for k in range(3):
        start = lay.p_start + k * lay.p_size + goals.offset
        held = tensor[start : start + goals.size].sum()
        assert held == (len(view["players"][0]["goals"]) if k == 0 else 0)


def test_seats_are_relative_to_the_viewer() -> None:
    """Player slot 0 is always the viewer: its colour plane is its own colour."""
    game = played(4, 30, seed=3)
    lay = observation.layout()
    colour = [f for f in lay.p_fields if f.name == "colour"][0]
    ids = lay.ids
    for seat in range(4):
        tensor = observation.encode(game.view(seat))
        start = lay.p_start + colour.offset
        mine = ids.colours[int(np.argmax(tensor[start : start + colour.size]))]
        assert mine == game.view(seat)["players"][seat]["colour"]


def test_the_tensor_follows_the_game() -> None:
    """Positions differ, tensors differ; the same view, the same tensor; the string form is
    the view."""
    game = played(2, 0, seed=5)
    first = observation.encode(game.view(0))
    game.push(game.legal_moves()[0])
    assert not np.array_equal(first, observation.encode(game.view(0)))
    view = game.view(1)
    assert np.array_equal(observation.encode(view), observation.encode(game.view(1)))
    assert observation.text(view) == observation.text(game.view(1))
    assert '"viewer":1' in observation.text(view)


def test_every_step_is_named_in_the_tensor() -> None:
    """No decision of random games falls into the step field's "other" entry."""
    for players in (2, 4):
        game = Game.new(players, seed=players)
        rng = random.Random(players)
        while not game.is_over:
            seat = game.current_player
            step = game.view(seat)["stack"][-1]["t"]  # what the tensor reads
            assert step in observation.STEPS, step
            game.push(rng.choice(game.legal_moves()))


def test_a_finished_game_shows_everything_and_still_encodes() -> None:
    game = played(2, 10_000, seed=9)
    assert game.is_over
    for seat in (0, 1):
        tensor = observation.encode(game.view(seat))
        assert tensor.shape == (observation.size(),) and np.isfinite(tensor).all()


def field(name: str) -> observation.Field:
    return next(f for f in observation.fields() if f.name == name)


def test_fields_hold_what_the_view_shows() -> None:
    """Field by field, counts in the tensor match the view (a field read under a wrong key
    would stay zero)."""
    lay = observation.layout()
    checked = 0
    for seed in range(3):
        game = played(3, 150 + 100 * seed, seed=20 + seed)
        view = game.view(1)
        tensor = observation.encode(view)

        def total(name: str, tensor: np.ndarray = tensor) -> float:
            f = field(name)
            return float(tensor[f.offset : f.offset + f.size].sum())

        assert total("tech_grid") == sum(1 for t in view["grid"].values() if t)
        assert total("bp_display") == sum(1 for b in view["bp_display"] if b)
        assert total("map.bot") == sum(1 for o in view["bot"] if o >= 0)
        assert total("map.building") + total("map.shelter") == sum(1 for b in view["bld"] if b)
        assert total("map.tile") == sum(1 for t in view["tile"] if t)
        assert total("map.crystal") == sum(view["crystal"])
        assert total("action_slots") == sum(len(s) for s in view["slots"].values())
        assert total("science") == sum(1 for c in view["science"] if c)
        assert total("missions") == len(view["missions"]) + sum(view["missions"].values())
        for k in range(3):
            p = view["players"][(1 + k) % 3]
            base = lay.p_start + k * lay.p_size
            lab = next(f for f in lay.p_fields if f.name == "lab")
            assert tensor[base + lab.offset : base + lab.offset + lab.size].sum() == len(p["lab"])
            res = next(f for f in lay.p_fields if f.name == "resources")
            got = tensor[base + res.offset : base + res.offset + res.size].sum()
            assert got == sum(p["res"].values())
        checked += sum(1 for t in view["grid"].values() if t)
    assert checked > 0  # some Tech tile lay on the grid
