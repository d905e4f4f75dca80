"""The 24 Advanced Building actions and their boosts (§13.3, §14, components.md §4, RUL-14,
RUL-15), used through Executive row 8 for 2 Crystals.

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
Each test starts a 3-player game with everyone on the Colony side (seat 0 to play) and an empty
map, hands seat 0 the built Blueprint it tries (``give_built``), and plays the moves.
"""

from __future__ import annotations

import pytest
from conftest import assert_illegal, frame, legal, only_res, play
from test_executive import at, colony_game, crystals, give_built

import onmars
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.position import arrange


def use(g: onmars.Game, bp: str) -> None:
    """Seat 0 pays 2 Crystals for ``bp``'s action (§13.1)."""
    crystals(g, 0, g.state.players[0].crystals + 2)
    play(g, "exec advanced", f"advanced {bp} pay")


def shelters(g: onmars.Game, seat: int, built: int) -> None:
    """``built`` Shelters on Mars: storage holds built + 1 of each Resource (§4). The ones
    added stand on empty hexes far from the middle."""
    s = g.state
    more = built - s.bld.count(f"shelter:{seat}")
    far = [c for c in range(len(s.bld)) if s.empty(c) and hexmap.hex_distance(c, at("0,0")) > 4]
    arrange(g, {"map": {hexmap.text(c): f"shelter:{seat}" for c in far[:more]}})
    assert g.state.players[seat].shelters == load().value("shelters")[0] - built


# --- gains ------------


def test_casino_gains_two_crystals_and_one_per_boost() -> None:
    """§14 BP11: gain 2 Crystals (below the Depot, §4); each teal boost moves a Colonist from
    Living Quarters to the Working Area for one more (§6.3)."""
    g = colony_game()
    give_built(g, 0, "BP11")
    p = g.state.players[0]
    lq, depot = p.lq, p.crystals
    use(g, "BP11")
    assert legal(g) == {"boost", "done"}
    play(g, "boost", "boost", "done")
    assert (p.crystals, p.pending) == (depot, 4)
    assert (p.lq, p.wa) == (lq - 2, 2)


def test_mineral_mine_scores_two_op_with_no_boost() -> None:
    """§14 BP13, §24.3: 2 OP, counted as an Advanced Building action's OP; no boost."""
    g = colony_game()
    give_built(g, 0, "BP13")
    use(g, "BP13")
    p = g.state.players[0]
    assert p.op_by["blueprint_action"] == 2 and p.op == 2
    assert frame(g)["t"] == "turn"


def test_biomarket_takes_from_the_warehouse_and_a_boost_takes_another() -> None:
    """§14 BP7, §7.5: one Crystal or Resource from the Warehouse, one more per boost."""
    g = colony_game()
    give_built(g, 0, "BP07")
    only_res(g, 0)
    stock = dict(g.state.warehouse)
    use(g, "BP07")
    play(g, "item water", "boost", "item plant", "done")
    p = g.state.players[0]
    assert (p.res["water"], p.res["plant"]) == (1, 1)
    assert g.state.warehouse["water"] == stock["water"] - 1
    assert g.state.warehouse["plant"] == stock["plant"] - 1


def test_library_takes_blueprints_with_their_gain_and_marker() -> None:
    """§14 BP23, §7.2: take a Blueprint (its gain, one of your markers on it); boost: one
    more."""
    g = colony_game()
    give_built(g, 0, "BP23")
    s, p = g.state, g.state.players[0]
    arrange(g, {"bp_display": ["BP01", "BP05", "BP09"]})
    only_res(g, 0)
    markers = p.ab
    use(g, "BP23")
    play(g, "take BP01", "boost", "take BP05", "done")
    assert p.blueprints[-2:] == ["BP01", "BP05"] and s.bp_display == ["BP09"]
    assert p.ab == markers - 2
    assert (p.res["mineral"], p.res["water"]) == (1, 1)


def test_trade_market_spends_one_resource_for_two_and_a_boost_adds_one() -> None:
    """§14 BP20: spend 1 Resource from storage, take any 2 non-Mineral Resources from the
    supply; each boost one more."""
    g = colony_game()
    give_built(g, 0, "BP20")
    only_res(g, 0, mineral=1, battery=1)
    use(g, "BP20")
    assert legal(g) == {"pay mineral", "pay battery"}
    play(g, "pay mineral")
    assert "gain mineral" not in legal(g)
    assert_illegal(g, "gain mineral", "§14", "non-Mineral")
    play(g, "gain water", "gain oxygen", "boost", "gain water", "done")
    assert g.state.players[0].res == {
        "mineral": 0,
        "battery": 1,
        "water": 2,
        "plant": 0,
        "oxygen": 1,
    }


def test_trade_market_needs_a_resource_to_spend() -> None:
    """§14 BP20: with an empty storage the Trade Market cannot be used."""
    g = colony_game()
    give_built(g, 0, "BP20")
    only_res(g, 0)
    crystals(g, 0, 2)
    assert_illegal(g, "exec advanced", "§14", "BP20 Trade Market", "Resource")


# --- production ------------


def test_automated_production_produces_as_on_the_way_to_orbit_and_a_boost_repeats_one() -> None:
    """§14 BP3, §12.4: each of your Advanced Buildings produces its type's item and each Mine
    with your Miner a Mineral; each boost makes one of them, chosen, produce once more."""
    g = colony_game()
    give_built(g, 0, "BP03", "2,0")
    s = g.state
    # the Greenhouse at 3,2 is another player's Advanced Building: not ours
    arrange(g, {"map": {"-2,0": "mine miner:0", "3,2": "greenhouse ab:1"}})
    only_res(g, 0)
    use(g, "BP03")
    p = s.players[0]
    assert p.res == {"mineral": 1, "battery": 1, "water": 0, "plant": 0, "oxygen": 0}
    assert legal(g) == {"boost", "done"}
    play(g, "boost")
    assert legal(g) == {"produce 2,0", "produce -2,0", "done"}
    play(g, "produce 2,0")
    assert p.res["battery"] == 2 and p.wa == 1


def test_automated_production_is_not_offered_with_nothing_to_produce() -> None:
    """§14 BP3: only Mines with your Miner and your Advanced Buildings produce; a Blueprint
    that cannot do anything is not offered (§13.3)."""
    g = colony_game()
    give_built(g, 0, "BP03")
    # its marker gone: nothing of ours on Mars (a position no game reaches, kept by hand: a
    # built Blueprint's marker always stands on Mars)
    g.state.ab[g.state.ab.index(0)] = -1
    crystals(g, 0, 2)
    assert_illegal(g, "exec advanced", "§14", "produce")


# --- Colonists and Ships ------------


@pytest.mark.parametrize("reward, lq, bots", [("colonists", 3, 0), ("bot", 2, 1)])
def test_private_ship_brings_three_colonists_or_two_and_a_bot(
    reward: str, lq: int, bots: int
) -> None:
    """§14 BP5, §9.4: 1 Plant + 1 Water; a Ship of your choice leaves the Depot (opening its
    row) and brings 3 Colonists, or 2 Colonists and 1 Bot (placed on your Shelter)."""
    g = colony_game()
    give_built(g, 0, "BP05")
    s, p = g.state, g.state.players[0]
    assert s.bld[at("-4,1")] == "shelter:0"
    only_res(g, 0, plant=1, water=1)
    arrange(g, {"players": {0: {"lq": 0, "wa": 0}}})
    use(g, "BP05")
    play(g, "ship 5", f"reward {reward}")
    assert 5 not in p.depot_ships and p.hangar == 1 and p.ships_out == 1
    assert p.res["plant"] == p.res["water"] == 0
    assert p.lq == lq
    assert s.bot.count(0) == bots


def test_private_ship_obeys_the_ship_limit() -> None:
    """RUL-14, §9.4: ships moved out of the Depot may not exceed the Colony level, for the
    Private Ship too."""
    g = colony_game()
    give_built(g, 0, "BP05")
    arrange(g, {"players": {0: {"hangar": g.state.level}}})  # so many Ships left the Depot
    crystals(g, 0, 2)
    assert_illegal(g, "exec advanced", "§14", "RUL-14")


def test_aqueduct_moves_up_to_two_colonists_from_the_working_area() -> None:
    """§14 BP18: up to 2 of your Colonists Working Area → Living Quarters."""
    g = colony_game()
    give_built(g, 0, "BP18")
    p = g.state.players[0]
    arrange(g, {"players": {0: {"lq": 1, "wa": 3}}})
    use(g, "BP18")  # the first one is not optional: it plays itself
    assert (p.lq, p.wa) == (2, 2)
    assert legal(g) == {"retrieve wa", "done"}
    play(g, "retrieve wa")
    assert (p.lq, p.wa) == (3, 1)
    assert frame(g)["t"] == "turn"


def test_aqueduct_needs_a_colonist_in_the_working_area() -> None:
    """§14 BP18: not offered with an empty Working Area."""
    g = colony_game()
    give_built(g, 0, "BP18")
    arrange(g, {"players": {0: {"wa": 0}}})
    crystals(g, 0, 2)
    assert_illegal(g, "exec advanced", "§14", "Working Area")


def test_eco_resort_returns_colonists_from_action_slots_of_both_sides() -> None:
    """§14 BP19: some or all of your Colonists on Action slots (Orbit or Colony) go back to
    Living Quarters; other players' stay."""
    g = colony_game()
    give_built(g, 0, "BP19")
    s, p = g.state, g.state.players[0]
    arrange(g, {"slots": {"blueprint": [1, 0], "construct": [0, 2]}, "players": {0: {"lq": 0}}})
    use(g, "BP19")
    assert legal(g) == {"retrieve blueprint", "retrieve construct"}
    play(g, "retrieve blueprint")
    assert legal(g) == {"retrieve construct", "done"}
    play(g, "done")
    assert s.slots["blueprint"] == [1] and s.slots["construct"] == [0, 2]
    assert p.lq == 1


# --- Tech and the Laboratory ------------


def test_research_lab_develops_twice_paying_the_usual_costs_and_a_boost_adds_one() -> None:
    """§14 BP17, §7.4: one Tech tile twice (or two once each), paying each column's cost; each
    boost one more development."""
    g = colony_game()
    give_built(g, 0, "BP17")
    shelters(g, 0, 2)
    only_res(g, 0, oxygen=3, water=1, plant=1)
    p = g.state.players[0]
    use(g, "BP17")
    play(g, "develop shelter-red 3b", "gain crystal")  # L3: 1 Oxygen; benefit: a Crystal
    play(g, "develop shelter-red 4m", "gain crystal")  # L4: 1 Oxygen + 1 Water; a Crystal
    assert p.lab == {"4m": "shelter-red"}
    assert p.res["oxygen"] == 1 and p.res["water"] == 0
    assert p.pending == 2
    assert legal(g) == {"boost", "done"}  # L5 (1 Oxygen + 1 Plant) is affordable
    play(g, "boost", "develop shelter-red 5t")
    assert p.lab == {"5t": "shelter-red"} and p.wa == 1


def test_oxygen_tank_takes_grid_tiles_by_the_usual_rules() -> None:
    """§14 BP9, §7.3: a Tech tile from the Grid into Lab column 1, paying its row; each boost
    one more."""
    g = colony_game()
    give_built(g, 0, "BP09")
    s, p = g.state, g.state.players[0]
    bottom = [s.grid["bottom1"], s.grid["bottom2"]]  # the free row
    only_res(g, 0)
    use(g, "BP09")
    assert {m for m in legal(g) if m.startswith("learn")} == {
        f"learn {t} {sp}" for t in bottom for sp in ("1t", "1b")
    }
    play(g, f"learn {bottom[0]} 1b", "gain crystal", "boost", f"learn {bottom[1]} 1t")
    assert {p.lab["1b"], p.lab["1t"]} == set(bottom)
    assert p.pending == 1  # the 1b space's Crystal (§20)


# --- upgrades ------------


def test_construction_yard_upgrades_in_a_bot_zone_and_a_boost_upgrades_again() -> None:
    """§14 BP1, §9.3: an unbuilt Blueprint of yours onto a matching building in a Bot zone for
    1 Mineral; each boost one more upgrade."""
    g = colony_game()
    give_built(g, 0, "BP01")
    s, p = g.state, g.state.players[0]
    hexes = {"2,1": "bot:0", "2,0": "generator", "2,2": "greenhouse"}
    hexes["-3,3"] = "generator"  # outside every Bot zone
    arrange(g, {"map": hexes, "players": {0: {"blueprints": [*p.blueprints, "BP03", "BP07"]}}})
    only_res(g, 0, mineral=2)
    use(g, "BP01")
    assert "upgrade BP03 -3,3" not in legal(g)
    play(g, "upgrade BP03 2,0", "boost", "upgrade BP07 2,2")
    assert p.built[-2:] == ["BP03", "BP07"]
    assert s.ab[at("2,0")] == s.ab[at("2,2")] == 0
    assert p.res["mineral"] == 0


def test_builder_drone_upgrades_anywhere() -> None:
    """§14 BP16: upgrade a building anywhere on Mars, no Bot zone needed; no boost."""
    g = colony_game()
    give_built(g, 0, "BP16")
    s, p = g.state, g.state.players[0]
    held = [*p.blueprints, "BP03"]
    arrange(g, {"map": {"-3,3": "generator"}, "players": {0: {"blueprints": held}}})
    only_res(g, 0, mineral=1)
    use(g, "BP16")
    assert p.built[-1] == "BP03" and s.ab[at("-3,3")] == 0
    assert frame(g)["t"] == "turn"  # the lone upgrade and its Mineral played themselves


def test_an_upgrade_action_with_no_target_is_not_offered() -> None:
    """§13.3, §14 BP1: nothing to upgrade in your Bots' zones: the action is refused."""
    g = colony_game()
    give_built(g, 0, "BP01")
    crystals(g, 0, 2)
    assert_illegal(g, "exec advanced", "§14", "BP01 Construction Yard")


# --- movement ------------


def test_recycling_bots_move_as_rovers_collecting_crystals_and_claiming_tiles() -> None:
    """§14 BP21, §9.1: 2 MP for your Bots, moving one hex at a time as Rovers: a Crystal on a
    hex entered goes below the Depot, and a Research tile where a Bot ends may be claimed
    (free double development, RUL-8); each Crystal from the Depot adds 1 MP (§6.4)."""
    g = colony_game()
    give_built(g, 0, "BP21")
    s, p = g.state, g.state.players[0]
    arrange(g, {"map": {"1,0": "bot:0", "2,0": "crystal", "3,0": "RA"}})
    use(g, "BP21")
    play(g, "bot 1,0 2,0")
    assert p.pending == 1 and s.crystal[at("2,0")] == 0
    play(g, "bot 2,0 3,0")
    assert s.bot[at("3,0")] == -1  # still on its way: the map shows it once it stops
    play(g, "done", "claim")
    assert s.bot[at("3,0")] == 0 and s.bot[at("1,0")] == -1
    assert s.tile[at("3,0")] == "" and "A" in p.research
    assert frame(g)["t"] == "develop"


def test_recycling_bots_pay_crystals_for_more_movement() -> None:
    """§14 BP21, §6.4: past the 2 MP, each Crystal from the Depot buys one more."""
    g = colony_game()
    give_built(g, 0, "BP21")
    s, p = g.state, g.state.players[0]
    arrange(g, {"map": {"1,0": "bot:0"}})
    crystals(g, 0, 1)
    use(g, "BP21")
    play(g, "bot 1,0 2,0", "bot 2,0 3,0", "bot 3,0 4,0")
    assert p.crystals == 0
    assert not [m for m in legal(g) if m.startswith("bot")]
    play(g, "done")
    assert s.bot[at("4,0")] == 0


def test_a_bot_moving_as_a_rover_may_not_end_on_another_piece() -> None:
    """§9.1: Bots pass through pieces but may not end on one."""
    g = colony_game()
    give_built(g, 0, "BP21")
    s = g.state
    arrange(g, {"map": {"1,0": "bot:0", "2,0": "bot:1"}})
    use(g, "BP21")
    play(g, "bot 1,0 2,0")
    assert "done" not in legal(g)
    assert_illegal(g, "done", "§9.1")
    play(g, "bot 2,0 3,0", "done")
    assert s.bot[at("3,0")] == 0 and s.bot[at("2,0")] == 1


def test_command_center_moves_the_rover_by_the_best_rover_tech_in_play() -> None:
    """§14 BP24: the Rover moves up to N hexes, N the highest Rover Tech level in play,
    whoever owns it (reading it is not using it, §8.3); Crystals add hexes (§6.4)."""
    g = colony_game()
    give_built(g, 0, "BP24")
    s, p = g.state, g.state.players[0]
    arrange(g, {"players": {1: {"lab": {"2t": "A-rover"}}}})
    crystals(g, 0, 0)
    use(g, "BP24")
    play(g, "rover 0,1", "rover 0,2")
    assert not [m for m in legal(g) if m.startswith("rover")]
    play(g, "done")
    assert p.rover == at("0,2")
    assert not s.turn.get("used")  # nobody is owed for a Tech merely read


def test_command_center_with_no_rover_tech_and_no_crystal_is_not_offered() -> None:
    """§14 BP24, §13.3: N = 0 and no Crystal left to buy hexes: nothing to do."""
    g = colony_game()
    give_built(g, 0, "BP24")
    crystals(g, 0, 2)
    assert_illegal(g, "exec advanced", "§14", "BP24 Command Center", "Rover Tech")


def test_aerial_elevator_before_the_main_action_puts_it_in_orbit() -> None:
    """§14 BP22, §12.4, seed item 1: travel to Orbit with the usual steps (production,
    Colonists retrieved, an Orbit Turn Order space and its bonus); the Main action is then an
    Orbit one."""
    g = colony_game()
    give_built(g, 0, "BP22")
    s, p = g.state, g.state.players[0]
    arrange(g, {"slots": {"construct": [0]}, "players": {0: {"res": {"*": 0}, "wa": 1}}})
    use(g, "BP22")
    assert frame(g)["t"] == "seat"
    assert p.res["oxygen"] == 1  # the Condenser produced (§12.4 step 1)
    assert s.slots["construct"] == [0] and p.wa == 0  # Colony slots stay; the WA returns
    play(g, "seat 4")
    while frame(g)["t"] != "turn":
        play(g, "done")
    assert p.side == "orbit" and p.space == 4
    assert "main tech" in legal(g) and "main control" not in legal(g)


def test_aerial_elevator_is_refused_in_orbit() -> None:
    """§14 BP22: it travels to Orbit; a marker already there cannot use it."""
    g = colony_game()
    give_built(g, 0, "BP22")
    arrange(g, {"players": {0: {"side": "orbit"}}})
    crystals(g, 0, 2)
    assert_illegal(g, "exec advanced", "§14", "Orbit")


# --- constructions (the construction module) ------------


def test_construct_actions_take_boosts_first_each_one_tech_level() -> None:
    """§13.3, §14 BP4: build a Generator by the usual rules; boosts are declared before
    building, each +1 to the Tech level for this construction: joining a Complex of 2 with a
    level-1 Generator Tech needs one boost."""
    g = colony_game()
    give_built(g, 0, "BP04")
    s, p = g.state, g.state.players[0]
    hexes = {"2,0": "generator", "3,0": "generator"}
    hexes |= {h: "condenser" for h in ("3,1", "4,1", "3,2", "2,2", "2,1")}  # the zone is taken
    hexes["3,1"] = "condenser bot:0"
    mine = {"lab": {"1t": "A-generator"}, "res": {"mineral": 1, "*": 0}, "lq": 2, "wa": 0}
    arrange(g, {"map": hexes, "players": {0: mine}})
    use(g, "BP04")
    # Level 1 alone cannot join a Complex of 2, so the lone way on (a boost) played itself.
    assert frame(g)["t"] == "ab_boost" and frame(g)["n"] == 1 and p.wa == 1
    assert legal(g) == {"boost", "done"}
    play(g, "done")
    assert frame(g)["t"] == "construct" and frame(g)["bonus"] == 1
    play(g, "build generator 4,0")
    while frame(g)["t"] != "turn":
        play(g, sorted(legal(g))[0])
    assert s.bld[at("4,0")] == "generator" and p.wa == 1


def test_construct_action_without_boost() -> None:
    """§14 BP2: build a Mine by the usual rules (standalone, exactly 2 from a Mine), the Miner
    from Living Quarters (§9.2)."""
    g = colony_game()
    give_built(g, 0, "BP02", "2,0")
    arrange(g, {"map": {"0,1": "bot:0", "0,0": "mine"}, "players": {0: {"lq": 1}}})
    use(g, "BP02")
    assert frame(g)["t"] == "construct"  # the Miner must stay: no boost Colonist to offer
    builds = {m for m in legal(g) if m.startswith("build")}
    assert builds and all(m.startswith("build mine") for m in builds)


# --- Earth Contracts and Discovery tiles ------------


def test_biolab_takes_an_earth_contract_paying_its_crystal() -> None:
    """§14 BP14, §9.5: take an Earth Contract from the display paying its 1 Crystal."""
    g = colony_game()
    give_built(g, 0, "BP14")
    s, p = g.state, g.state.players[0]
    s.science[0] = "C01"
    s.contract_deck.remove("C01")
    crystals(g, 0, 1)
    use(g, "BP14")
    play(g, "hire C01")
    assert p.contracts == ["C01"] and p.crystals == 0


def test_biolab_needs_the_contracts_crystal_besides_the_action_cost() -> None:
    """§14 BP14, §9.5: with exactly 2 Crystals, none is left for the Contract."""
    g = colony_game()
    give_built(g, 0, "BP13")
    give_built(g, 0, "BP14")
    g.state.science[0] = "C01"
    crystals(g, 0, 2)
    play(g, "exec advanced")
    assert legal(g) == {"advanced BP13 pay"}
    assert_illegal(g, "advanced BP14 pay", "§9.5")


def test_radar_keeps_an_exploration_tile_and_refills_the_space() -> None:
    """§14 BP15, RUL-15: the first use puts one face-up Exploration tile on the Radar, refills
    the Exploration space and gains the tile's benefit (here 3 Crystals)."""
    g = colony_game()
    give_built(g, 0, "BP15")
    s, p = g.state, g.state.players[0]
    arrange(g, {"exploration": ["D12", "D14"]})
    top = s.discovery_stack[-1]
    use(g, "BP15")
    play(g, "radar D12")
    assert s.radar == "D12" and s.exploration == ["D14", top]
    assert p.pending == 3 and "D12" not in p.discoveries


def test_radar_later_uses_repeat_the_kept_tiles_benefit() -> None:
    """§14 BP15: once a tile is on the Radar, each use gains its benefit again."""
    g = colony_game()
    give_built(g, 0, "BP15")
    s = g.state
    arrange(g, {"radar": "D12"})
    exploration = list(s.exploration)
    use(g, "BP15")
    assert s.players[0].pending == 3 and s.exploration == exploration
    assert frame(g)["t"] == "turn"
