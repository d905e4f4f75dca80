"""The Orbit side's Main actions (§7), Tech tiles and the Laboratory (§8, §20, RUL-3)."""

from __future__ import annotations

import pytest
from conftest import (
    actions_left,
    assert_illegal,
    finish_turn,
    frame,
    legal,
    play,
    started,
)

import onmars
from onmars.rules.actions.economy import depot_cap, storage_cap
from onmars.rules.data.components import load
from onmars.rules.position import position

# --- Landing Pod (§7.1, RUL-15) -----------------------------------------------------------------


def test_landing_pod_travels_to_the_colony() -> None:
    """§7.1: the Landing Pod follows the travel-to-Colony steps except the Discovery tile:
    Colonists on Colony-side slots and in the Working Area return to Living Quarters (Orbit
    slots stay), then the player takes an empty Colony Turn Order space and its bonus."""
    game = position(
        {"players": {0: {"lq": 1, "wa": 1}}, "slots": {"construct": [0, 1], "blueprint": [0]}}
    )
    s = game.state
    p = s.players[0]
    tiles, exploration = list(s.tile), list(s.exploration)
    play(game, "main pod")
    assert (p.side, p.space) == ("colony", 0)
    assert legal(game) == {"seat 5", "seat 6", "seat 7", "seat 8"}
    assert s.tile == tiles and s.exploration == exploration  # no Discovery tile placed
    assert (p.lq, p.wa) == (3, 0)
    assert s.slots["construct"] == [1] and s.slots["blueprint"] == [0]
    play(game, "seat 5")  # bonus: one Colonist, optional (RUL-2, rules version 2)
    assert frame(game)["t"] == "colonist_bonus" and legal(game) == {"gain colonist", "done"}
    play(game, "gain colonist")
    assert (p.space, p.lq) == (5, 4)


def test_landing_pod_ends_the_turn() -> None:
    """§7.1, RUL-15: after the Landing Pod the turn is over: no Executive action may follow,
    however many Crystals the player has."""
    game = position({"players": {0: {"depot_ships": [1, 2, 3], "crystals": 5}}})
    p = game.state.players[0]
    play(game, "main pod", "seat 8")
    assert actions_left(game, 0) == set()
    finish_turn(game, 0)
    assert game.state.done == [0] and game.current_player == 1
    assert p.crystals == 5


def test_executive_action_may_precede_the_landing_pod() -> None:
    """RUL-15: an Executive action may come before the Landing Pod."""
    game = position({"players": {0: {"crystals": 3}}})
    p = game.state.players[0]
    play(game, "exec warehouse", "item water")
    assert "main pod" in legal(game)
    play(game, "main pod", "seat 8")
    finish_turn(game, 0)
    assert p.side == "colony" and game.current_player == 1


def test_landing_pod_frees_the_orbit_space() -> None:
    """§7.1: the marker leaves its Orbit space; the player is done for the round even on a
    Colony space that comes later in turn order."""
    game = started(3, seed=1, spaces={0: 1, 1: 2, 2: 5})
    play(game, "main pod", "seat 8")
    finish_turn(game, 0)
    assert [p.space for p in game.state.players] == [8, 2, 5]
    assert game.current_player == 1
    play(game, "main pod", "seat 7", "done")  # space 7's Warehouse item declined
    finish_turn(game, 1)
    assert game.current_player == 2  # space 5 plays; seat 0 on space 8 has played already
    assert sorted(game.state.done) == [0, 1]


# --- Obtain Blueprint (§7.2) --------------------------------------------------------------------


def test_obtain_blueprint_gains_item_and_parks_a_marker() -> None:
    """§7.2: take a displayed Blueprint, gain its item and put an Advanced Building marker on
    it; the display is not refilled."""
    game = started(3, seed=1)
    s = game.state
    p = s.players[0]
    bp = next(b for b in s.bp_display if load().blueprint[b].gain != "crystal")
    item = load().blueprint[bp].gain
    play(game, "main blueprint", f"take {bp}")
    assert p.blueprints == [bp] and p.built == []
    assert p.ab == 7
    assert p.res[item] == 2
    assert bp not in s.bp_display and len(s.bp_display) == 5


def test_obtain_shelter_blueprint_crystal_waits_below_the_depot() -> None:
    """§7.2, seed 3: a Blueprint's Crystal goes below the Depot like any gained Crystal."""
    # BP11, the Casino: gain 1 Crystal; no mission Crystals mixed in (§17)
    game = position({"bp_display": {0: "BP11"}, "missions": {}})
    s = game.state
    p = s.players[0]
    play(game, "main blueprint", "take BP11")
    assert (p.crystals, p.pending) == (1, 1)


def test_obtain_blueprint_needs_a_free_marker() -> None:
    """§7.2: with no unused Advanced Building marker you cannot take a Blueprint."""
    game = started(3, seed=1)
    game.state.players[0].ab = 0  # (no legal position: the 8 markers would be somewhere)
    assert "main blueprint" not in legal(game)
    assert_illegal(game, "main blueprint", "§7.2")


def test_boost_stops_when_markers_run_out() -> None:
    """§7.2, §6.3: each boosted Blueprint needs its own marker."""
    game = started(3, seed=1)
    p = game.state.players[0]
    p.ab = 1
    bp = game.state.bp_display[0]
    play(game, "main blueprint", f"take {bp}")
    assert p.ab == 0
    assert "boost" not in legal(game)


# --- Learn New Technology (§7.3) ----------------------------------------------------------------


def grid_tiles(game, row: str) -> list[str]:
    return [t for space, t in game.state.grid.items() if space.startswith(row) and t]


def learn_options(game) -> set[str]:
    return {m.split()[1] for m in legal(game) if m.startswith("learn")}


def test_learn_bottom_row_is_free() -> None:
    """§7.3: a bottom-row Tech tile costs nothing; with no Resources only those are offered."""
    game = position({"players": {0: {"res": {"*": 0}}}})
    play(game, "main tech")
    assert learn_options(game) == set(grid_tiles(game, "bottom"))
    tile = grid_tiles(game, "bottom")[0]
    play(game, f"learn {tile} 1b")
    p = game.state.players[0]
    assert p.lab["1b"] == tile
    assert sum(p.res.values()) == 0


def test_learn_middle_row_costs_a_battery() -> None:
    """§7.3: a middle-row tile costs 1 Battery."""
    game = position({"players": {0: {"res": {"battery": 1, "*": 0}}}})
    play(game, "main tech")
    assert learn_options(game) == set(grid_tiles(game, "bottom") + grid_tiles(game, "middle"))
    tile = grid_tiles(game, "middle")[0]
    play(game, f"learn {tile} 1b")
    p = game.state.players[0]
    assert p.lab["1b"] == tile and p.res["battery"] == 0
    assert game.state.grid["middle1"] == ""


def test_learn_top_row_costs_battery_and_any() -> None:
    """§7.3: a top-row tile costs 1 Battery + 1 Resource of your choice."""
    game = position({"players": {0: {"res": {"battery": 1, "plant": 1, "*": 0}}}})
    play(game, "main tech")
    assert set(grid_tiles(game, "top")) <= learn_options(game)
    tile = grid_tiles(game, "top")[0]
    play(game, f"learn {tile} 1b")  # Battery, then the Plant: each the only way to pay
    p = game.state.players[0]
    assert p.lab["1b"] == tile and sum(p.res.values()) == 0


def test_learn_top_row_refused_with_one_resource() -> None:
    """§7.3: a lone Battery cannot pay the top row's two Resources."""
    game = position({"players": {0: {"res": {"battery": 1, "*": 0}}}})
    play(game, "main tech")
    assert not set(grid_tiles(game, "top")) & learn_options(game)
    assert_illegal(game, f"learn {grid_tiles(game, 'top')[0]} 1b", "§7.3")


def test_minerals_pay_for_tech_grid_rows() -> None:
    """§7.3, §23.1: Minerals may stand in for the Battery and the Resource of choice."""
    game = position({"players": {0: {"res": {"mineral": 2, "*": 0}}}})
    play(game, "main tech")
    assert learn_options(game) == {t for t in game.state.grid.values() if t}
    tile = grid_tiles(game, "top")[0]
    play(game, f"learn {tile} 1b")
    assert game.state.players[0].res["mineral"] == 0


def test_one_tile_per_type() -> None:
    """§7.3, §8.1: a player may hold only one Tech tile of each type."""
    tile = grid_tiles(started(3, seed=1), "bottom")[0]
    kind = load().tech_tile[tile].type
    twin = next(t.id for t in load().tech_tile.values() if t.type == kind and t.id != tile)
    game = position({"players": {0: {"lab": {"3t": twin}}}})
    play(game, "main tech")
    assert tile not in learn_options(game)
    assert_illegal(game, f"learn {tile} 1b", "§7.3")


def test_learn_refused_when_column_one_is_full() -> None:
    """§7.3: with both column-1 Lab spaces filled, Learn New Technology cannot be taken."""
    game = position({"players": {0: {"lab": {"1t": "B-rover", "1b": "B-mine"}}}})
    assert "main tech" not in legal(game)
    assert_illegal(game, "main tech", "§7.3", "column-1")


def test_learn_gains_the_lab_space_benefit() -> None:
    """§7.3, §20, RUL-3: column 1 bottom gives a Crystal (below the Depot), column 1 top a
    Warehouse item."""
    game = started(3, seed=1)
    p = game.state.players[0]
    a, b = grid_tiles(game, "bottom")
    play(game, "main tech", f"learn {a} 1b", "gain crystal")
    assert p.pending == 1
    play(game, "boost", f"learn {b} 1t")
    assert frame(game)["t"] == "warehouse"
    play(game, "item plant")
    assert p.res["plant"] == 2


# --- Research & Development (§7.4, RUL-3) ------------------------------------------------------

COLUMN_COSTS = [  # "5b" touches only "6": a lone development plays itself (engine: forced)
    ("1b", "2m", {"water": 1}, 0),
    ("2m", "3b", {"oxygen": 1}, 0),
    ("3b", "4m", {"oxygen": 1, "water": 1}, 0),
    ("4m", "5b", {"oxygen": 1, "plant": 1}, 0),
    ("5b", "6", {"oxygen": 1}, 1),
]


@pytest.mark.parametrize(
    "src, dest, cost, crystals", COLUMN_COSTS, ids=[f"L{k}" for k in range(2, 7)]
)
def test_rnd_column_costs(src: str, dest: str, cost: dict[str, int], crystals: int) -> None:
    """RUL-3: moving into a column costs L2 Water, L3 Oxygen, L4 Oxygen + Water, L5 Oxygen +
    Plant, L6 Oxygen + Crystal; exactly that is paid."""
    me = {"lab": {src: "shelter-red"}, "res": {**cost, "*": 0}, "crystals": crystals}
    game = position({"players": {0: me}})
    p = game.state.players[0]
    play(game, "main rnd")
    if dest != "6":
        play(game, f"develop shelter-red {dest}")
    assert p.lab == {dest: "shelter-red"}
    assert sum(p.res.values()) == 0 and p.crystals == 0


@pytest.mark.parametrize(
    "src, dest, cost, crystals", COLUMN_COSTS, ids=[f"L{k}" for k in range(2, 7)]
)
def test_rnd_refused_without_the_column_cost(
    src: str, dest: str, cost: dict[str, int], crystals: int
) -> None:
    """RUL-3, §7.4: one item short of the column cost, the development (and so R&D) is not
    possible."""
    short = dict(cost)
    if not crystals:
        short.pop("oxygen" if "oxygen" in short else "water")
    me = {"lab": {src: "shelter-red"}, "res": {**short, "*": 0}, "crystals": 0}
    game = position({"players": {0: me}} if crystals else {"players": {0: {**me, "crystals": 1}}})
    assert "main rnd" not in legal(game)
    assert_illegal(game, "main rnd", "§7.4")


def test_minerals_pay_lab_costs() -> None:
    """RUL-3, §23.1: a Mineral may pay any Resource part of a column cost."""
    game = position({"players": {0: {"res": {"mineral": 1, "*": 0}}}})
    p = game.state.players[0]
    play(game, "main rnd", "develop shelter-red 3b")
    assert p.lab == {"3b": "shelter-red"} and p.res["mineral"] == 0


def test_rnd_moves_to_touching_empty_spaces_one_column_right() -> None:
    """§7.4, RUL-3: a tile moves to an adjacent empty space in the next column: "1t" touches
    "2t" and "2m" (not "2b"); "2m" touches "3t" and "3b"; a blocked tile cannot move."""
    me = {"lab": {"1t": "A-rover", "3t": "A-mine"}, "res": {"water": 2, "oxygen": 2, "*": 0}}
    game = position({"players": {0: me}})
    play(game, "main rnd")
    assert {m for m in legal(game) if m.startswith("develop")} == {
        "develop A-rover 2t",
        "develop shelter-red 3b",
        "develop A-mine 4t",
        "develop A-mine 4m",
    }
    assert_illegal(game, "develop A-rover 2b", "§7.4")
    assert_illegal(game, "develop shelter-red 3t", "§7.4")


def test_rnd_develops_one_tile_twice_with_benefits() -> None:
    """§7.4, §20: R&D develops one tile twice (the second is optional); each space's benefit
    is gained: "3t" gives a Mineral."""
    game = position({"players": {0: {"res": {"oxygen": 2, "water": 1, "*": 0}}}})
    p = game.state.players[0]
    play(game, "main rnd", "develop shelter-red 3t", "gain mineral")
    assert p.res["mineral"] == 1 and p.res["oxygen"] == 1
    assert "done" in legal(game)
    play(game, "develop shelter-red 4m", "pay oxygen", "pay water", "gain crystal")
    assert p.lab == {"4m": "shelter-red"}
    assert p.pending == 1  # "4m" gives a Crystal


def test_rnd_gains_pay_the_next_development() -> None:
    """§7.4: Resources gained from one development may pay for the next: the Mineral from
    "3t" pays the Water to move a column-1 tile."""
    game = position({"players": {0: {"lab": {"1b": "A-rover"}, "res": {"oxygen": 1, "*": 0}}}})
    p = game.state.players[0]
    play(game, "main rnd")
    assert "develop A-rover 2b" not in legal(game)
    play(game, "develop shelter-red 3t", "gain mineral")
    assert "develop A-rover 2b" in legal(game)
    play(game, "develop A-rover 2b")
    assert p.lab == {"3t": "shelter-red", "2b": "A-rover"}
    assert p.res["mineral"] == 0


def test_rnd_second_development_is_optional() -> None:
    """§7.4 (our reading of "twice"): the second development may be declined."""
    game = position({"players": {0: {"res": {"oxygen": 2, "water": 1, "*": 0}}}})
    play(game, "main rnd", "develop shelter-red 3b", "gain crystal")
    assert {"develop shelter-red 4m", "done"} <= legal(game)
    play(game, "done")
    assert game.state.players[0].lab == {"3b": "shelter-red"}
    assert game.current_player != 0 or frame(game)["t"] == "turn"  # R&D is over


def test_rnd_not_offered_when_placement_cost_uses_the_crystal_it_needs() -> None:
    """§7.4, §6.2: R&D is offered only if a development is still possible after paying the
    placement cost. Here the only development (into L6) needs the one Crystal, and the one
    placement payment must also be that Crystal (no spare Colonist)."""
    me = {"lab": {"5t": "shelter-red"}, "res": {"oxygen": 1, "*": 0}, "crystals": 1, "lq": 1}
    game = position({"players": {0: me}, "slots": {"rnd": [1]}})
    assert "main rnd" not in legal(game)


# --- Resupply (§7.5) ----------------------------------------------------------------------------


def test_resupply_takes_from_the_warehouse() -> None:
    """§7.5: one Resource or Crystal from the Warehouse (a Crystal goes below the Depot)."""
    game = started(3, seed=1)
    s = game.state
    p = s.players[0]
    play(game, "main resupply", "item crystal")
    assert s.warehouse["crystal"] == 2 and p.pending == 1
    play(game, "boost", "item battery")
    assert s.warehouse["battery"] == 2 and p.res["battery"] == 2


def test_resupply_item_must_be_in_the_warehouse() -> None:
    """§7.5: an item the Warehouse has run out of cannot be taken; Minerals are never there."""
    game = position({"warehouse": {"water": 0}, "players": {0: {"res": {"water": 0}}}})
    play(game, "main resupply")
    assert "item water" not in legal(game)
    assert_illegal(game, "item water", "§7.5")
    assert_illegal(game, "item mineral", "§7.5")


def full_board(game: onmars.Game, seat: int = 0) -> dict[str, object]:
    """Every Resource row full and no Depot room for another Crystal (§4, §7.5): a player's
    changes for :func:`position`."""
    p = game.state.players[seat]
    return {"res": {"*": storage_cap(p)}, "crystals": depot_cap(p), "pending": 0}


def test_full_storage_refuses_resupply_without_a_contract_needing_the_item() -> None:
    """§7.5: you cannot take an item you cannot store, and no Delivery contract of yours needs
    a Water, a Battery or a Crystal (C07 asks for Minerals only, never in the Warehouse)."""
    full = full_board(started(3, seed=1))
    game = position({"players": {0: {"contracts": ["C07"], **full}}})  # C07: 4 Minerals
    assert "main resupply" not in legal(game)
    assert_illegal(game, "main resupply", "§7.5")


@pytest.mark.parametrize(("contract", "item"), [("C09", "water"), ("C12", "crystal")])
def test_full_storage_takes_what_a_delivery_contract_needs_onto_it(
    contract: str, item: str
) -> None:
    """RUL-21, §16: with full storage (or a full Depot) a Warehouse item that a Delivery
    contract of yours still needs may be taken, and goes straight onto the contract; its last
    item completes it (RUL-10). Of the other items only a Battery, which has room, is offered."""
    # 3 Water (C09) or 3 Crystals (C12), and 2 Minerals
    full = full_board(started(3, seed=1))
    cap = full["res"]["*"]  # type: ignore[index]
    me = {"contracts": [contract], "delivered": {contract: [item, item, "mineral", "mineral"]}}
    me |= {**full, "res": {"battery": cap - 1, "*": cap}}
    game = position({"players": {0: me}})
    p = game.state.players[0]
    before = (dict(p.res), p.crystals, p.pending)
    play(game, "main resupply")
    assert {m for m in legal(game) if m.startswith("item")} == {f"item {item}", "item battery"}
    play(game, f"item {item}")
    assert p.delivered[contract].count(item) == 3 and (dict(p.res), p.crystals, p.pending) == before
    play(game, "done")  # no boost: the action ends
    assert p.contracts_done == [contract]


def test_rules_version_0_refuses_what_a_contract_needs_with_full_storage() -> None:
    """Rules version 0 (before RUL-21) keeps its old answer: full storage refuses Resupply
    even when a Delivery contract needs the item."""
    full = full_board(started(3, seed=1))
    game = position(
        {"players": {0: {"contracts": ["C09"], **full}}}, rules=0
    )  # 3 Water + 2 Minerals
    assert game.state.rules == 0
    assert_illegal(game, "main resupply", "§7.5")


def test_rnd_keeps_the_crystal_its_development_needs_whatever_the_placement_costs() -> None:
    """§7.4, §6.2, RUL-3: with two other colours on R&D (2 payments owed), 2 Crystals, no spare
    Colonist, and only a development into L6 (Oxygen + Crystal) possible, R&D is not offered:
    the placement would take both Crystals."""
    me = {"lq": 1, "crystals": 2, "res": {"oxygen": 1, "*": 0}, "lab": {"5t": "shelter-red"}}
    game = position({"slots": {"rnd": [1, 2]}, "players": {0: me}})
    assert "main rnd" not in legal(game)
    assert_illegal(game, "main rnd", "§6.2")
