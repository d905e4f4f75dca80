"""Round flow (§5.1, §13.1, seed items 1 and 3), storage limits (§4) and Red Colonist
placement (§6.2, §6.3, §25.4, seed item 2)."""

from __future__ import annotations

import pytest
from conftest import (
    ORBIT,
    actions_left,
    assert_illegal,
    end_turn_quietly,
    finish_turn,
    frame,
    legal,
    only_res,
    opening,
    play,
    set_res,
    started,
    to_turn_of,
)

import onmars
from onmars.rules.position import arrange

# --- Turns (§5.1, seed 1) ----------------------------------------------------------------------


def test_turn_order_follows_the_spaces() -> None:
    """§5.1: the Colonization phase plays the markers in Turn Order, space 1 to space 8, not in
    seat order."""
    game = started(3, seed=1, spaces={0: 3, 1: 1, 2: 6})
    order = []
    for _ in range(3):
        order.append(game.current_player)
        end_turn_quietly(game)
    assert order == [1, 0, 2]


def test_main_action_only_from_your_side() -> None:
    """§1.2, §5.1: on your turn you may only take the Main actions of the side your marker is
    on."""
    game = started(3, seed=1, spaces={0: 1, 1: 5, 2: 6})
    orbit = {m for m in legal(game) if m.startswith("main")}
    assert orbit == {"main pod", "main blueprint", "main tech", "main rnd", "main resupply"}
    assert_illegal(game, "main control", "§1.2")
    end_turn_quietly(game)
    colony = {m for m in legal(game) if m.startswith("main")}
    assert "main control" in colony
    assert not colony & orbit
    assert_illegal(game, "main resupply", "§1.2")


def test_one_main_action_then_end() -> None:
    """§5.1: exactly one Main action: it is mandatory (no ending before it) and a second one
    is refused."""
    game = started(3, seed=1)
    arrange(game, {"players": {0: {"crystals": 3}}})
    assert "end" not in legal(game)
    assert_illegal(game, "end", "§5.1")
    play(game, "main resupply", "item water", "done")
    assert "end" in legal(game)
    assert not any(m.startswith("main") for m in legal(game))
    assert_illegal(game, "main tech", "§5.1")
    play(game, "end")
    assert game.current_player == 1


def test_turn_ends_by_itself_when_nothing_is_left() -> None:
    """§5.1: once the Main action is done and no Executive action is affordable, "end" is the
    only choice and the turn passes on its own."""
    game = started(3, seed=1)
    arrange(game, {"players": {0: {"crystals": 1}}})
    arrange(
        game, {"players": {0: {"goals": []}}}
    )  # no Private Goal to complete or spend either (§18.1)
    play(game, "main resupply", "item water", "done")
    assert game.state.done == [0] and game.current_player == 1


def test_executive_action_before_main() -> None:
    """§5.1, §13.1, seed 1: one Executive action may come before the Main action, paid with
    Depot Crystals; no second one follows the Main action, even with Crystals to pay for it."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"depot_ships": [1, 2, 3], "crystals": 5}}})
    play(game, "exec warehouse", "item water")
    assert p.crystals == 3  # row 7 costs 2 (RUL-13)
    assert not any(m.startswith("exec") for m in legal(game))
    assert_illegal(game, "exec bots", "§13.1")
    play(game, "main resupply", "item plant", "done")
    assert actions_left(game, 0) == set()
    finish_turn(game, 0)
    assert game.state.done == [0] and game.current_player == 1
    assert p.crystals == 3


def test_executive_action_after_main_not_in_the_middle() -> None:
    """§5.1, seed 1: the Executive action may follow the Main action, but not interrupt it."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"depot_ships": [1, 2, 3], "crystals": 5}}})
    play(game, "main resupply")
    assert not any(m.startswith("exec") for m in legal(game))
    assert_illegal(game, "exec warehouse")
    play(game, "item water", "done")
    assert {"exec warehouse", "exec bots", "end"} <= legal(game)
    play(game, "exec warehouse", "item plant")
    assert p.crystals == 3
    assert actions_left(game, 0) == set()
    finish_turn(game, 0)
    assert game.state.done == [0] and game.current_player == 1


def test_executive_action_needs_open_row_and_crystals() -> None:
    """§13.1, RUL-13: only the rows without a Ship are open (the bottom three at start), and
    the action costs its Crystals from the Depot."""
    game = started(3, seed=1)
    arrange(game, {"players": {0: {"crystals": 1}}})
    assert not any(m.startswith("exec") for m in legal(game))
    assert_illegal(game, "exec warehouse", "§13.1")
    arrange(game, {"players": {0: {"crystals": 3}}})
    assert_illegal(game, "exec mineral", "§13.1", "Ship")  # row 5 is under a Ship
    arrange(game, {"players": {0: {"depot_ships": [1, 2, 3, 4]}}})
    assert "exec mineral" in legal(game)


# --- Crystals wait below the Depot (§4, seed 3) ------------------------------------------------


def test_gained_crystal_waits_below_the_depot() -> None:
    """§4, seed 3: a Crystal gained this turn goes below the Depot and cannot pay for an
    Executive action in the same turn."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 1}}})
    play(game, "main resupply", "item crystal", "done")
    assert (p.crystals, p.pending) == (1, 1)
    assert game.current_player == 0
    assert not any(m.startswith("exec") for m in legal(game))  # 2 needed, 1 spendable
    assert_illegal(game, "exec warehouse", "§13.1")


def test_crystals_move_in_at_your_next_turn() -> None:
    """§5.1, seed 3: at the start of your next turn the waiting Crystals move into the Depot,
    and are then spendable."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 1}}})
    play(game, "main resupply", "item crystal", "done")
    finish_turn(game, 0)
    assert p.pending == 1
    to_turn_of(game, 0)
    assert game.state.round == 2
    assert (p.crystals, p.pending) == (2, 0)
    assert "exec warehouse" in legal(game)


@pytest.mark.parametrize(
    "ships, depot, pending, expected",
    [([1, 2, 3, 4, 5], 2, 3, 3), ([1, 2, 3, 4, 5], 0, 5, 3), ([2, 3, 4, 5], 1, 5, 4)],
)
def test_depot_overflow_is_lost(ships: list[int], depot: int, pending: int, expected: int) -> None:
    """§4, seed 3: the Depot holds 8 less the Ships still in it; Crystals beyond its free spaces
    are lost when they move in."""
    game = started(3, seed=1)
    p = game.state.players[1]
    arrange(game, {"players": {1: {"depot_ships": ships, "crystals": depot, "pending": pending}}})
    end_turn_quietly(game)  # seat 0's turn; seat 1's turn starts now
    assert game.current_player == 1
    assert (p.crystals, p.pending) == (expected, 0)


def test_no_warehouse_crystal_into_a_full_depot() -> None:
    """§7.5: you cannot take what you cannot store. With 5 Ships in the Depot there are 3
    Crystal spaces; 3 Crystals fill them, so the Warehouse's Crystal is not offered."""
    game = started(3, seed=1)
    arrange(game, {"players": {0: {"crystals": 3}}})
    play(game, "main resupply")
    assert "item crystal" not in legal(game) and "item water" in legal(game)
    assert_illegal(game, "item crystal", "§7.5", "Depot")


def test_crystals_waiting_below_the_depot_take_its_room() -> None:
    """§7.5: Crystal room is the empty Depot spaces less the Crystals waiting below it: with 1
    Crystal in and 1 waiting, one of 3 spaces is left, so a boost cannot take a second one."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 1, "pending": 1}}})
    play(game, "main resupply", "item crystal")
    assert p.pending == 2
    play(game, "boost")
    assert "item crystal" not in legal(game) and "item water" in legal(game)


def test_turn_order_warehouse_bonus_offers_no_crystal_into_a_full_depot() -> None:
    """§7.5, RUL-2: Turn Order space 1's Warehouse item follows the same rule: no Crystal
    when the Depot (3 free spaces) is full."""
    game = onmars.Game.new(3, seed=1)
    seat = game.current_player
    arrange(game, {"players": {seat: {"crystals": 3}}})
    play(game, "seat 1")
    assert frame(game)["t"] == "warehouse"
    assert "item crystal" not in legal(game) and "item water" in legal(game)


def test_executive_warehouse_offers_no_crystal_into_a_full_depot() -> None:
    """§7.5, §13.2 row 7: the Executive Warehouse item, paid with 2 of 4 Crystals; one Ship
    out leaves 4 Depot spaces, and 2 Crystals in plus 2 waiting below fill them: no Crystal."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"depot_ships": [2, 3, 4, 5], "crystals": 4, "pending": 2}}})
    play(game, "exec warehouse")
    assert p.crystals == 2
    assert "item crystal" not in legal(game) and "item water" in legal(game)


def test_the_executive_warehouse_takes_a_resource_never_a_crystal() -> None:
    """§13.2 row 7, §0.3: the Executive action takes a Resource from the Warehouse, and a
    Crystal is no Resource: with every Resource at its cap it can do nothing and is refused,
    though the Depot would have room for a Crystal; with room for one it offers no Crystal."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 3}}})
    only_res(game, 0, mineral=2, battery=2, water=2, plant=2, oxygen=2)
    assert "exec warehouse" not in legal(game)
    assert_illegal(game, "exec warehouse", "§7.5")
    arrange(game, {"players": {0: {"res": {"water": 1}}}})
    play(game, "exec warehouse")  # the Water is the lone pick: it is taken at once
    assert p.res["water"] == 2 and (p.crystals, p.pending) == (1, 0)


def test_rules_version_0_keeps_the_executive_warehouse_crystal() -> None:
    """Rules version 0 (games stored before the §13.2 row 7 fix) still take a Crystal with the
    Executive Warehouse action, so that their logs replay; version 1 refuses it."""
    game = opening(onmars.Game.new(3, seed=1, rules=0), ORBIT)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 2}}})
    play(game, "exec warehouse")
    assert "item crystal" in legal(game)
    play(game, "item crystal")
    assert (p.crystals, p.pending) == (0, 1)


def test_the_executive_warehouse_refuses_a_crystal_by_its_rule() -> None:
    """§13.2: asked for a Crystal, row 7's pick says why it is refused."""
    game = started(3, seed=1)
    arrange(game, {"players": {0: {"crystals": 2}}})
    only_res(game, 0, water=0, plant=0)
    play(game, "exec warehouse")
    assert "item crystal" not in legal(game) and "item water" in legal(game)
    assert_illegal(game, "item crystal", "§13.2", "not a Crystal")


def test_a_boost_fills_the_depot_room_left() -> None:
    """§7.5: one Ship out (4 spaces), 2 in the Depot: two Crystals fit, the third does not."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"depot_ships": [2, 3, 4, 5], "crystals": 2, "lq": 4}}})
    play(game, "main resupply", "item crystal", "boost", "item crystal", "boost")
    assert p.pending == 2
    assert "item crystal" not in legal(game)


# --- Storage (§4) -------------------------------------------------------------------------------


def test_gain_beyond_storage_is_lost() -> None:
    """§4: a Resource gained beyond the storage cap (Shelters + 1 = 2) goes back to the supply:
    a Blueprint's item is lost when that row is full."""
    game = started(3, seed=1)
    bp = next(b for b in game.state.bp_display if onmars_gain(b) != "crystal")
    item = onmars_gain(bp)
    set_res(game, 0, **{item: 2})
    play(game, "main blueprint", f"take {bp}")
    p = game.state.players[0]
    assert bp in p.blueprints
    assert p.res[item] == 2


def test_full_storage_is_not_offered_from_the_warehouse() -> None:
    """§4, §7.5: you may not take from the Warehouse what you cannot store."""
    game = started(3, seed=1)
    set_res(game, 0, water=2, oxygen=2)
    play(game, "main resupply")
    assert "item water" not in legal(game) and "item oxygen" not in legal(game)
    assert {"item battery", "item plant", "item crystal"} <= legal(game)
    assert_illegal(game, "item water", "§4")


def test_resupply_refused_when_nothing_fits() -> None:
    """§7.5, §4: with every row full and no Crystal left in the Warehouse, Resupply is not
    offered."""
    game = started(3, seed=1)
    set_res(game, 0, battery=2, water=2, plant=2, oxygen=2)
    arrange(game, {"warehouse": {"crystal": 0}})
    assert "main resupply" not in legal(game)
    assert_illegal(game, "main resupply", "§7.5")


def onmars_gain(bp: str) -> str:
    from onmars.rules.data.components import load

    return load().blueprint[bp].gain


# --- Red Colonist placement (§6.2, §25.4, seed 2) ----------------------------------------------


def test_placement_free_on_empty_slots() -> None:
    """§6.2: a Colonist goes from Living Quarters to a slot; with no one there it costs
    nothing."""
    game = started(3, seed=1)
    p = game.state.players[0]
    play(game, "main blueprint")
    assert game.state.slots["blueprint"] == [0]
    assert (p.lq, p.wa, p.crystals) == (2, 0, 1)
    assert frame(game)["t"] == "blueprint"


@pytest.mark.parametrize(
    "slots, owed",
    [([0], 0), ([1], 1), ([1, 1], 1), ([1, 2], 2), ([0, 1], 1)],
    ids=["own", "one-other", "one-colour-twice", "two-colours", "own-and-other"],
)
def test_placement_cost_per_other_colour(slots: list[int], owed: int) -> None:
    """§6.2 step 3, seed 2: with 3-4 players, one payment per *other colour* on the slots,
    however many Colonists it has; your own colour is free."""
    game = started(3, seed=1)
    arrange(game, {"slots": {"blueprint": list(slots)}})
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 3}}})
    play(game, "main blueprint")
    for _ in range(owed):
        assert frame(game)["t"] == "placement_cost"
        play(game, "pay crystal")
    assert frame(game)["t"] == "blueprint"
    assert p.crystals == 3 - owed
    assert game.state.slots["blueprint"] == [*slots, 0]


@pytest.mark.parametrize(
    "slots, owed", [([], 0), ([0], 1), ([1], 1), ([0, 1], 2)], ids=["empty", "own", "other", "both"]
)
def test_two_player_cost_per_colonist(slots: list[int], owed: int) -> None:
    """§25.4, seed 2: with 2 players every Colonist on the slots costs one payment, your own
    included."""
    game = started(2, seed=1)
    arrange(game, {"slots": {"rnd": list(slots)}})
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 3}}})
    set_res(game, 0, water=2)
    play(game, "main rnd")
    paid = 0
    while frame(game)["t"] == "placement_cost":
        play(game, "pay crystal")
        paid += 1
    assert paid == owed
    assert p.crystals == 3 - owed


def test_full_slots_clear_the_player_with_most() -> None:
    """§6.2 step 2, seed 2: when all slots are taken, every Colonist of the player with the
    most there goes to that player's Working Area first; the cost is then counted on who is
    left."""
    game = started(3, seed=1)
    arrange(game, {"slots": {"blueprint": [1, 2, 1]}})
    p0, p1, p2 = game.state.players
    p0.crystals = 3
    play(game, "main blueprint")
    assert game.state.slots["blueprint"] == [2, 0]
    assert p1.wa == 2 and p2.wa == 0
    assert frame(game)["t"] == "placement_cost" and frame(game)["owed"] == 1


def test_full_slots_clear_every_tied_player_including_you() -> None:
    """§6.2 step 2, seed 2: tied players are all cleared, possibly including the player who is
    placing; nobody is left, so nothing is owed."""
    game = started(3, seed=1)
    arrange(game, {"slots": {"rnd": [0, 1, 2]}})
    set_res(game, 0, water=2)
    p0, p1, p2 = game.state.players
    play(game, "main rnd")
    assert game.state.slots["rnd"] == [0]
    assert (p0.wa, p1.wa, p2.wa) == (1, 1, 1)
    assert p0.lq == 2
    assert frame(game)["t"] == "develop"


def test_two_player_full_slots_clear_yourself_then_charge_your_own() -> None:
    """§6.2 step 2, §25.4, seed 2: with 2 players, full slots clear whoever has most (here the
    placing player); the Colonists left, of either colour, are then paid for."""
    game = started(2, seed=1)
    arrange(game, {"slots": {"blueprint": [0, 1, 0]}})
    p0, p1 = game.state.players
    play(game, "main blueprint")
    assert game.state.slots["blueprint"] == [1, 0]
    assert (p0.wa, p1.wa) == (2, 0)
    assert frame(game)["t"] == "placement_cost" and frame(game)["owed"] == 1


def test_pay_with_colonist_or_crystal() -> None:
    """§6.2 step 3: each payment is a Crystal from the Depot or a Colonist moved from Living
    Quarters to the Working Area, mixed freely."""
    game = started(3, seed=1)
    arrange(game, {"slots": {"blueprint": [1, 2]}})
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 1}}})
    play(game, "main blueprint")
    assert legal(game) == {"pay crystal", "pay colonist"}
    play(game, "pay colonist")
    assert (p.lq, p.wa, p.crystals) == (1, 1, 1)
    play(game, "pay crystal")
    assert (p.lq, p.wa, p.crystals) == (1, 1, 0)
    assert frame(game)["t"] == "blueprint"


def test_placement_refused_when_cost_cannot_be_paid() -> None:
    """§6.2: the extra cost must be payable: 2 owed with no Crystal and only the placed
    Colonist in Living Quarters is refused."""
    game = started(3, seed=1)
    arrange(game, {"slots": {"blueprint": [1, 2]}})
    arrange(game, {"players": {0: {"crystals": 0, "lq": 2}}})
    assert "main blueprint" not in legal(game)
    assert_illegal(game, "main blueprint", "§6.2")
    arrange(game, {"players": {0: {"lq": 3}}})
    assert "main blueprint" in legal(game)


def test_placement_needs_a_colonist_in_living_quarters() -> None:
    """§6.2 step 1: the placed Colonist comes from Living Quarters."""
    game = started(3, seed=1)
    arrange(game, {"players": {0: {"lq": 0}}})
    assert "main blueprint" not in legal(game) and "main rnd" not in legal(game)
    assert_illegal(game, "main blueprint", "§6.2")


def test_crystal_gained_this_turn_cannot_pay_placement() -> None:
    """§6.2, seed 3: placement Crystals come from the Depot; one waiting below it does not
    count."""
    game = started(3, seed=1)
    arrange(game, {"slots": {"blueprint": [1]}})
    arrange(game, {"players": {0: {"crystals": 0, "pending": 2, "lq": 1}}})
    assert "main blueprint" not in legal(game)


# --- Teal Colonist boosts (§6.3) ----------------------------------------------------------------


def test_blueprint_boost_takes_another_card() -> None:
    """§7.2, §6.3: each Colonist moved Living Quarters -> Working Area takes one more
    Blueprint, with a marker each."""
    game = started(3, seed=1)
    a, b = game.state.bp_display[:2]
    p = game.state.players[0]
    play(game, "main blueprint", f"take {a}")
    assert legal(game) == {"boost", "done"}
    play(game, "boost", f"take {b}", "done")
    assert p.blueprints == [a, b] and p.ab == 6
    assert (p.lq, p.wa) == (1, 1)


def test_no_boost_without_colonist() -> None:
    """§6.3: a boost needs a Colonist in Living Quarters to move."""
    game = started(3, seed=1)
    p = game.state.players[0]
    arrange(game, {"players": {0: {"lq": 1}}})
    a = game.state.bp_display[0]
    play(game, "main blueprint", f"take {a}")
    assert p.lq == 0
    assert "boost" not in legal(game)
    assert frame(game)["t"] != "blueprint"


def test_resupply_boost_takes_another_item() -> None:
    """§7.5, §6.3: each boost takes one more Warehouse item."""
    game = started(3, seed=1)
    p = game.state.players[0]
    only_res(game, 0)
    play(game, "main resupply", "item water", "boost", "item plant", "boost", "item water")
    assert (p.res["water"], p.res["plant"]) == (2, 1)
    assert (p.lq, p.wa) == (1, 2)
    assert game.state.warehouse["water"] == 1


def test_rnd_boost_adds_a_development() -> None:
    """§7.4, §6.3: R&D develops twice; each boost adds one more development."""
    game = started(3, seed=1)
    p = game.state.players[0]
    p.lab = {"1t": "shelter-red"}
    only_res(game, 0, water=2, oxygen=2)
    play(game, "main rnd", "develop shelter-red 2m", "develop shelter-red 3b", "gain crystal")
    assert legal(game) == {"boost", "done"}
    play(game, "boost", "develop shelter-red 4m")  # Oxygen + Water, the only way: paid at once
    assert p.lab == {"4m": "shelter-red"}
    assert (p.lq, p.wa) == (1, 1)


def test_learn_boost_takes_a_second_tile() -> None:
    """§7.3, §6.3: one boost takes a second Tech tile under the same rules."""
    game = started(3, seed=1)
    g = game.state.grid
    a, b = g["bottom1"], g["bottom2"]
    p = game.state.players[0]
    play(game, "main tech", f"learn {a} 1b", "gain crystal")
    assert "boost" in legal(game)
    play(game, "boost", f"learn {b} 1t")
    assert p.lab["1b"] == a and p.lab["1t"] == b
    assert (p.lq, p.wa) == (2, 1)


def test_turn_passes_after_end() -> None:
    """§5.1: after your turn ends your marker is laid down and the next space plays; after
    the last turn the Shuttle phase begins (§5.2)."""
    game = started(3, seed=1)
    assert game.state.done == []
    end_turn_quietly(game)
    assert game.state.done == [0] and game.current_player == 1
    end_turn_quietly(game)
    end_turn_quietly(game)
    assert game.state.phase == "shuttle"
    assert frame(game)["t"] == "travel"
