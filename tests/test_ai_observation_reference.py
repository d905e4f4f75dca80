"""Issue 26, item 7: the fast observation encoder writes the very tensor of the first one.

``reference_encode`` below is the encoder of observation version 1 as it was before it was made
fast (read field by field, kept here unchanged as the reference); the tensors of
:func:`onmars.ai.observation.encode` and of :class:`onmars.ai.observation.Encoder` (which reuses
what did not change since the last view) must equal its tensors byte for byte, at every position
of seeded random games of 2, 3 and 4 players, for every seat.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import pytest
from aikit import need

from onmars.rules import Game, components

need("numpy")

import numpy as np  # noqa: E402

from onmars.ai import observation  # noqa: E402
from onmars.ai.observation import PHASES, SEATS, STEPS, Layout, layout  # noqa: E402


def reference_encode(view: dict[str, Any]) -> np.ndarray:
    """The tensor (``float32``, shape ``(size(),)``) of a seat's view (``game.view(seat)``)."""
    lay = layout()
    ids = lay.ids
    out = np.zeros(lay.size, dtype=np.float32)
    players = view["players"]
    n = len(players)
    me = view.get("viewer") or 0

    def rel(seat: int) -> int:
        return (seat - me) % n

    idx, val = _map(view, me, n)
    out[idx] = val
    out[lay.g_round] = view["round"]
    if view["phase"] in PHASES:
        out[lay.g_phase + PHASES.index(view["phase"])] = 1
    out[lay.g_players + n - 2] = 1
    out[lay.g_length + (view["length"] == "long")] = 1
    if view.get("first") is not None and view["first"] >= 0:
        out[lay.g_first + rel(view["first"])] = 1
    for seat in view["done"]:
        out[lay.g_done + rel(seat)] = 1
    current = view.get("current_player")
    if current is not None:
        out[lay.g_current + rel(current)] = 1
    stack = view["stack"]
    if stack:
        out[lay.g_step + ids.steps.get(stack[-1]["t"], len(STEPS))] = 1
    out[lay.g_depth] = len(stack)
    turn = view.get("turn") or {}
    out[lay.g_turn] = bool(turn.get("main"))
    out[lay.g_turn + 1] = bool(turn.get("exec"))
    for item, k in view["warehouse"].items():
        out[lay.g_warehouse + ids.index["items"][item]] = k
    techs = ids.index["techs"]
    for i, space in enumerate(ids.grid):
        tile = view["grid"].get(space, "")
        if tile:
            out[lay.g_grid + i * len(ids.techs) + techs[tile]] = 1
    for i, pile in enumerate(view["tech_stacks"][:2]):
        out[lay.g_tech_stacks + i] = _count(pile)
    _hot(out, lay.g_bp_display, ids.index["blueprints"], view["bp_display"])
    out[lay.g_counts] = _count(view["bp_deck"])
    out[lay.g_counts + 1] = _count(view["discovery_stack"])
    _hot(out, lay.g_exploration, ids.index["discoveries"], view["exploration"])
    width = 1 + len(ids.building_tiles)
    for i, kind in enumerate(ids.types):
        pile = view["building_stacks"].get(kind)
        if pile:
            out[lay.g_bstacks + i * width] = pile["count"]
            if pile["top"]:
                out[lay.g_bstacks + i * width + 1 + ids.index["building_tiles"][pile["top"]]] = 1
    for action, seats in view["slots"].items():
        base = lay.g_slots + ids.index["actions"][action] * SEATS
        for seat in seats:
            out[base + rel(seat)] += 1
    for i, kind in enumerate(components.LSS_TYPES):
        out[lay.g_lss + i] = view["lss"].get(kind, 0)
        reward = view["lss_rewards"].get(kind)
        if reward:
            out[lay.g_lss_rewards + i * len(ids.lss_rewards) + ids.index["lss_rewards"][reward]] = 1
        if kind in view["lss_first"]:
            out[lay.g_lss_first + i] = 1
    out[lay.g_level] = view["level"]
    for mission, value in view["missions"].items():
        k = ids.index["missions"][mission]
        out[lay.g_missions + 2 * k] = 1
        out[lay.g_missions + 2 * k + 1] = value
    out[lay.g_end] = view["remaining"]
    out[lay.g_end + 1] = view["end_round"]
    side = view["shuttle_side"]
    if side in components.SIDES:
        out[lay.g_shuttle + components.SIDES.index(side)] = 1
    out[lay.g_shuttle + 2] = view["shuttle_space"]
    _hot(out, lay.g_science, ids.science, view["science"])
    blueprints = ids.index["blueprints"]
    for i, sci in enumerate(ids.scientists):
        at = view["sci_at"].get(sci, "")
        if at:
            out[lay.g_sci_at + i * len(ids.blueprints) + blueprints[at]] = 1
    if view["radar"]:
        out[lay.g_radar + ids.index["discoveries"][view["radar"]]] = 1
    _hot(out, lay.g_contract_deck, ids.index["contracts"], view["contract_deck"])
    for p in players:
        _player(out, lay, lay.p_start + rel(p["seat"]) * lay.p_size, p)
    return out


def _count(pile: int | list[str]) -> int:
    """A face-down stack's size: a view shows its count, or its order once the game is over."""
    return pile if isinstance(pile, int) else len(pile)


def _hot(out: np.ndarray, base: int, index: dict[str, int], values: list[str]) -> None:
    for v in values:
        if v:  # "" is an empty space of a display
            out[base + index[v]] += 1


def _map(view: dict[str, Any], me: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The map planes' non-zero entries (indices, values); most moves leave the map as it was,
    so they are kept per map content (a few microseconds to look up instead of a few dozen to
    work out)."""
    key = (
        me,
        n,
        tuple(view["bld"]),
        tuple(view["ab"]),
        tuple(view["bot"]),
        tuple(view["miner"]),
        tuple(view["crystal"]),
        tuple(view["tile"]),
        tuple((p["seat"], p["rover"]) for p in view["players"]),
    )
    return _map_entries(key)


@lru_cache(maxsize=4096)
def _map_entries(key: tuple[Any, ...]) -> tuple[np.ndarray, np.ndarray]:
    me, n, bld, ab, bot, miner, crystal, tile, rovers = key
    lay = layout()
    ids = lay.ids
    m = ids.cells
    types, tiles = ids.index["types"], ids.index["tiles"]
    idx: list[int] = []
    val: list[float] = []

    def one(i: int) -> None:
        idx.append(i)
        val.append(1.0)

    for cell, what in enumerate(bld):
        if what.startswith("shelter:"):
            one(lay.m_shelter + (int(what[8:]) - me) % n * m + cell)
        elif what:
            one(lay.m_bld + types[what] * m + cell)
    for base, plane in ((lay.m_ab, ab), (lay.m_bot, bot), (lay.m_miner, miner)):
        for cell, owner in enumerate(plane):
            if owner >= 0:
                one(base + (owner - me) % n * m + cell)
    for cell, k in enumerate(crystal):
        if k:
            idx.append(lay.m_crystal + cell)
            val.append(k)
    for cell, t in enumerate(tile):
        if t:
            one(lay.m_tile + tiles[t] * m + cell)
    for seat, cell in rovers:
        if cell >= 0:
            one(lay.m_rover + (seat - me) % n * m + cell)
    return np.array(idx, dtype=np.intp), np.array(val, dtype=np.float32)


def _player(out: np.ndarray, lay: Layout, base: int, p: dict[str, Any]) -> None:
    ids = lay.ids
    out[base + lay.p_present] = 1
    out[base + lay.p_colour + ids.index["colours"][p["colour"]]] = 1
    for r, k in p["res"].items():
        out[base + lay.p_res + ids.index["resources"][r]] = k
    goals = p["goals"]
    held = goals if isinstance(goals, int) else len(goals)
    scalars = (
        p["crystals"], p["pending"], p["hangar"], p["ships_out"], p["lq"], p["wa"], p["reserve"],
        p["bots"], p["ab"], p["shelters"], p["op"], p["space"], held, bool(p["goal_done"]),
    )  # fmt: skip
    out[base + lay.p_scalars : base + lay.p_scalars + len(scalars)] = scalars
    for row in p["depot_ships"]:
        out[base + lay.p_depot + row - 1] = 1
    techs, lab = ids.index["techs"], ids.index["lab"]
    for space, tile in p["lab"].items():
        out[base + lay.p_lab + lab[space] * len(ids.techs) + techs[tile]] = 1
    _hot(out, base + lay.p_blueprints, ids.index["blueprints"], p["blueprints"])
    _hot(out, base + lay.p_built, ids.index["blueprints"], p["built"])
    _hot(out, base + lay.p_progress, ids.index["types"], p["progress"])
    if p["side"] in components.SIDES:
        out[base + lay.p_side + components.SIDES.index(p["side"])] = 1
    if not isinstance(goals, int):
        _hot(out, base + lay.p_goals, ids.index["goals"], goals)
    _hot(out, base + lay.p_scientists, ids.index["scientists"], p["scientists"])
    _hot(out, base + lay.p_contracts, ids.index["contracts"], p["contracts"])
    for contract, items in p["delivered"].items():
        out[base + lay.p_delivered + ids.index["contracts"][contract]] = len(items)
    _hot(out, base + lay.p_contracts_done, ids.index["contracts"], p["contracts_done"])
    _hot(out, base + lay.p_research, ids.index["research"], p["research"])
    discoveries = ids.index["discoveries"]
    for k, key in enumerate(("discoveries", "bot_discoveries")):
        held_tiles = p[key]
        if isinstance(held_tiles, int):
            out[base + lay.p_discoveries + k] = held_tiles
        else:
            out[base + lay.p_discoveries + k] = len(held_tiles)
            first = base + lay.p_discoveries + 2 + k * len(ids.discoveries)
            _hot(out, first, discoveries, held_tiles)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_fast_encoders_write_the_reference_tensor(players: int) -> None:
    """Every position of a random game, every seat (and a spectator's view, read as seat 0's
    slots): both encoders equal the reference byte for byte; the Encoder meets views of several
    viewers in turn, as the environments do."""
    game = Game.new(players, seed=40 + players)
    rng = random.Random(players)
    encoder = observation.Encoder()
    positions = 0
    while True:
        for seat in [*range(players), None]:
            view = game.view(seat)
            want = reference_encode(view).tobytes()
            assert observation.encode(view).tobytes() == want
            assert encoder.encode(view).tobytes() == want
        positions += 1
        if game.is_over:
            break
        game.push(rng.choice(game.legal_moves()))
    assert positions > 300


def test_the_encoder_hands_out_its_own_copies() -> None:
    """A tensor handed out is the caller's: changing it changes nothing the encoder gives next."""
    game = Game.new(2, seed=3)
    encoder = observation.Encoder()
    first = encoder.encode(game.view(0))
    want = first.copy()
    first[:] = 7
    assert np.array_equal(encoder.encode(game.view(0)), want)
    game.push(game.legal_moves()[0])
    assert np.array_equal(encoder.encode(game.view(0)), reference_encode(game.view(0)))


def test_one_encoder_between_games_redealt_from_a_view() -> None:
    """Views of different games met by one Encoder (a game and its re-deals from a seat's view,
    RUL-18) come out as the reference reads each: nothing of one game is left in another's
    tensor, and the re-deals' tensors equal the game's."""
    game = Game.new(3, seed=77)
    rng = random.Random(77)
    encoder = observation.Encoder()
    checked = 0
    while not game.is_over:
        if rng.random() < 0.03:
            seat = game.current_player
            tensor = encoder.encode(game.view(seat))
            assert tensor.tobytes() == reference_encode(game.view(seat)).tobytes()
            for k in range(2):
                world = game.determinize(seat, k)
                world.push(rng.choice(world.legal_moves()))  # the worlds part from the game
                assert encoder.encode(world.view(seat)).tobytes() == (
                    reference_encode(world.view(seat)).tobytes()
                )
                assert np.array_equal(
                    encoder.encode(game.determinize(seat, 10 + k).view(seat)), tensor
                )
            checked += 1
        game.push(rng.choice(game.legal_moves()))
    assert checked > 10
