"""Audit of the Orbit side, the Shuttle and the end of the game: edge cases and interactions the
other test files leave out (§7, §8, §12-§16, §18-§24, RUL-19 to RUL-22).

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
"""

from __future__ import annotations

from conftest import (
    cell,
    end_turn_quietly,
    finish_turn,
    frame,
    legal,
    only_res,
    opening,
    play,
    to_shuttle_phase,
    wipe,
)

import onmars
from onmars.rules.position import arrange, position

# --- helpers ------------------------------------------------------------------------------------


def quiet_to_the_end(game: onmars.Game) -> None:
    """Play quiet turns (nobody travels) until the game is over."""
    for _ in range(200):
        if game.is_over:
            return
        if frame(game)["t"] == "travel":
            play(game, "stay")
        else:
            end_turn_quietly(game)
    raise AssertionError("the game did not end")


def final(game: onmars.Game, seat: int) -> dict[str, int]:
    return game.scores()[seat]["breakdown"]


# --- §24.2 step 3: Living Quarters after the last retrieval ------------------------------------


def test_final_living_quarters_retrieve_only_your_sides_slots_and_working_area() -> None:
    """§24.2 step 3, seed item 8: before the Living Quarters score, the Colonists on the Action
    slots of the side your marker is on and those in your Working Area come home; a Colonist on
    a slot of the other side stays out. Seat 0 (Orbit side, 3 Shelters: 8 slots) has 3 in
    Living Quarters, 2 in the Working Area, 1 on Obtain Blueprint (Orbit) and 1 on Construct
    (Colony): 6 at home, row 3 of RUL-16 = 6 OP (7 would be row 4 = 10 OP)."""
    game = position(
        {
            "end_round": 1,
            "missions": {},
            "slots": {"blueprint": [0], "construct": [0]},
            "players": {0: {"shelters": 2, "lq": 3, "wa": 2}},
        }
    )
    p = game.state.players[0]
    play(game, "main resupply", "item water")
    finish_turn(game, 0)
    quiet_to_the_end(game)
    assert (p.side, p.lq, p.wa) == ("orbit", 6, 0)
    assert game.state.slots["construct"] == [0] and game.state.slots["blueprint"] == []
    assert final(game, 0)["living_quarters"] == 6


def test_final_living_quarters_overflow_goes_to_the_supply() -> None:
    """§24.2 step 3, §4: Colonists coming home beyond the Living Quarters' slots go to the
    personal supply and score nothing: 3 + 2 (Working Area) + 1 (Orbit slot) into 4 slots (one
    Shelter) leave 2 in the supply; row 2 of RUL-16 = 3 OP."""
    game = position(
        {
            "end_round": 1,
            "missions": {},
            "slots": {"blueprint": [0]},
            "players": {0: {"lq": 3, "wa": 2}},
        }
    )
    p = game.state.players[0]
    reserve = p.reserve
    play(game, "main resupply", "item water")
    finish_turn(game, 0)
    quiet_to_the_end(game)
    assert (p.lq, p.wa, p.reserve) == (4, 0, reserve + 2)
    assert final(game, 0)["living_quarters"] == 3


# --- §24.4 tie-breakers ---------------------------------------------------------------------------

#: Seat 2's Mine with its Advanced Building marker (a built Construction Yard, +3 OP at the end).
ONE_ADVANCED = {"map": {"1,0": "mine ab:2"}}
BUILT = {"blueprints": ["BP01"], "built": ["BP01"]}


def concluded(changes: dict) -> onmars.Game:
    """A 3-player position scored at once with the final scoring (RUL-20 uses §24.2 as is)."""
    game = position({"missions": {}, **changes})
    game.conclude()
    totals = {row["total"] for row in game.scores()}
    assert len(totals) == 1, game.scores()  # every test here ties on OP
    return game


def test_tie_on_points_goes_to_the_most_crystals_before_advanced_buildings() -> None:
    """§24.4, seed item 8: equal OP, then the most Crystals wins, whatever the Advanced
    Buildings: seat 0 (2 Crystals, no Advanced Building) beats seat 2 (1 Crystal, 1 Advanced
    Building, its +3 matched by 3 OP for the others)."""
    game = concluded(
        {
            **ONE_ADVANCED,
            "players": {0: {"crystals": 2, "op": 3}, 1: {"op": 3}, 2: BUILT},
        }
    )
    assert game.winners() == [0]


def test_tie_on_points_and_crystals_goes_to_the_most_advanced_buildings() -> None:
    """§24.4: equal OP and Crystals, then the most Advanced Buildings on Mars wins, before
    Progress cubes: seat 2 (1 Advanced Building) beats seat 0 (1 Progress cube, its 1 OP
    matched)."""
    game = concluded(
        {
            **ONE_ADVANCED,
            "players": {
                0: {"progress": ["mine"], "op": 3},
                1: {"op": 4},
                2: {**BUILT, "op": 1},
            },
        }
    )
    assert game.winners() == [2]


def test_tie_on_points_crystals_and_buildings_goes_to_the_most_progress_cubes() -> None:
    """§24.4: equal OP, Crystals and Advanced Buildings, then the most Progress cubes wins."""
    game = concluded({"players": {0: {"op": 1}, 1: {"progress": ["mine"]}, 2: {"op": 1}}})
    assert game.winners() == [1]


def test_a_full_tie_is_a_shared_victory() -> None:
    """§24.4, seed item 8: still tied after every tie-breaker, the players share the victory."""
    game = concluded({"players": {0: {"crystals": 2}, 1: {"crystals": 2}}})
    assert game.winners() == [0, 1]


def test_crystals_below_the_depot_move_in_before_the_tie_break_up_to_its_room() -> None:
    """§24.1, §24.4, seed item 3: at the end the Crystals below the Depot move in, but only
    as many as its free spaces (3 with five Ships); the rest are lost. Seat 0's 5 waiting
    Crystals count as 3, tying seat 2's 3 Crystals, so seat 2's Advanced Building decides."""
    game = concluded(
        {
            **ONE_ADVANCED,
            "players": {
                0: {"crystals": 0, "pending": 5, "op": 3},
                1: {"op": 3},
                2: {**BUILT, "crystals": 3},
            },
        }
    )
    assert game.state.players[0].crystals == 3
    assert game.winners() == [2]


# --- §24.2 steps 4-6: Tech tiles, Blueprints, Scientists ------------------------------------------


def test_final_scoring_of_tech_blueprints_and_scientists() -> None:
    """§24.2 steps 4-6, §14, §15, RUL-3: a level-6 Tech tile scores 9 and the Shelter Tech
    (level 2) 2; built Blueprints score +3 (Level 1) and +5 (Level 3), an unbuilt Level 1 -3;
    a Scientist scores 3 per Advanced Building of its scoring type on Mars, whoever owns it,
    and nothing for the type it works in (the Systems Engineer scores Mines, the Geologist
    works in Mines and scores Generators)."""
    game = position(
        {
            "missions": {},
            "map": {"1,0": "mine ab:0", "-1,0": "mine ab:0"},
            "players": {
                0: {
                    "lab": {"6": "A-mine"},
                    "blueprints": ["BP01", "BP13", "BP05"],
                    "built": ["BP01", "BP13"],
                },
                1: {"scientists": ["systems_engineer", "geologist"]},
            },
        }
    )
    game.conclude()
    mine, theirs = final(game, 0), final(game, 1)
    assert mine["tech"] == 9 + 2
    assert mine["blueprints"] == 3 + 5 - 3
    assert mine["scientists"] == 0
    assert theirs["scientists"] == 3 * 2


# --- §24.1 with §12.1: Colony level 5 ends the game ---------------------------------------------


def test_level_5_triggers_the_end_with_a_last_shuttle_trip_then_a_round_without_one() -> None:
    """§24.1, §11.4, RUL-5, RUL-12: Colony level 5 triggers the end at the end of the
    Colonization phase (no Mission completed): the round's Shuttle phase is still played, the
    Shuttle making its last trip from where it stands (Orbit space 2, not the red space), so the
    Orbit players ride free; the next round is the last and has no Shuttle phase."""
    game = position(
        {"level": 5, "missions": {}, "shuttle_space": 2},
        spaces={0: 1, 1: 2, 2: 5},
        shuttle="orbit",
    )
    s = game.state
    assert to_shuttle_phase(game)
    assert s.end_round == 2 and s.shuttle_side == ""
    assert game.current_player == 0 and legal(game) == {"travel", "stay"}
    play(game, "travel")
    play(game, sorted(legal(game))[0], "seat 8")  # a Discovery tile, then a Colony space
    assert s.players[0].side == "colony" and s.players[0].hangar == 0
    play(game, "stay")  # seat 1; seat 2 (Colony side, no Ship) cannot travel
    assert s.round == 2
    while not game.is_over:
        assert frame(game)["t"] != "travel", "the last round has no Shuttle phase"
        end_turn_quietly(game)
    assert s.round == 2


# --- §12.3 step 1: no Discovery tile left -------------------------------------------------------


def test_travel_to_the_colony_places_no_discovery_tile_once_none_is_left() -> None:
    """§12.3 step 1, §21: the Exploration space is refilled only while the stack lasts; a
    traveller finding it empty places nothing and goes on to retrieve and choose a space. All
    17 stacked tiles are held (by seat 2's Bots), so the two face-up tiles serve the first two
    travellers and the third is asked for a Turn Order space at once."""
    held = list(onmars.Game.new(3, seed=1).state.discovery_stack)
    game = position({"missions": {}, "players": {2: {"bot_discoveries": held}}})
    s = game.state
    assert not s.discovery_stack and len(s.exploration) == 2
    assert to_shuttle_phase(game)  # the Shuttle leaves the Orbit side: all three ride free
    for seat, space in ((0, "seat 5"), (1, "seat 7")):
        assert game.current_player == seat
        play(game, "travel")
        assert frame(game)["t"] == "explore"
        play(game, sorted(legal(game))[0], space)
        if frame(game)["t"] in ("warehouse", "move_bots", "colonist_bonus"):
            play(game, "done")  # the space's bonus declined
    assert s.exploration == [] and not s.discovery_stack
    play(game, "travel")
    assert frame(game)["t"] == "seat" and legal(game) == {"seat 6", "seat 8"}


# --- §7.3: Learn New Technology boost ------------------------------------------------------------


def test_learn_boost_is_refused_once_column_one_is_full() -> None:
    """§7.3, §6.3: the boost takes a second tile only into an empty column-1 space; with one
    space already taken, the first tile fills the column and no boost is offered."""
    game = position({"missions": {}, "players": {0: {"lab": {"1t": "A-ship"}}}})
    s = game.state
    tile = s.grid["bottom1"]
    play(game, "main tech", f"learn {tile} 1b", "done")  # the 1b Crystal declined (§20)
    assert s.players[0].lab["1b"] == tile
    assert "boost" not in legal(game)
    assert s.players[0].wa == 0


# --- RUL-13 row 1: a free development, even into column 6 ---------------------------------------


def test_executive_develop_enters_column_6_without_its_cost() -> None:
    """§13.2 row 1, RUL-13, RUL-3: the Executive development is free: a tile enters column 6
    without its Oxygen and Crystal (the player has neither left after paying the 4 Crystals)."""
    game = position(
        {
            "missions": {},
            "players": {
                0: {
                    "depot_ships": [],
                    "crystals": 4,
                    "res": {"oxygen": 0, "mineral": 0},
                    "lab": {"5t": "A-ship"},
                }
            },
        }
    )
    p = game.state.players[0]
    assert "exec develop" in legal(game)
    play(game, "exec develop", "develop A-ship 6")
    assert p.lab.get("6") == "A-ship" and p.crystals == 0
    assert frame(game)["t"] == "turn"  # nothing to pay, no benefit on column 6


# --- §8.3: an owner whose tile cannot move keeps the Oxygen ---------------------------------------


def test_the_owner_of_a_tile_that_cannot_move_only_keeps_the_oxygen() -> None:
    """§8.3, seed item 4: a borrowed tile in column 6 has nowhere to move, so its owner's only
    choice at the end of the borrower's turn is the Oxygen."""
    game = onmars.Game.new(2, seed=1)
    opening(game, {0: 5, 1: 6}, "colony")
    wipe(game.state)
    s = game.state
    arrange(game, {"missions": {}, "players": {0: {"shelters": 1}}})
    for q in (1, 2, 3):
        s.bld[cell(q, 0)] = "extractor"
    s.bot[cell(-1, 0)] = 0
    only_res(game, 0, battery=1)
    s.players[1].lab["6"] = "B-extractor"
    owner = s.players[1]
    oxygen = owner.res["oxygen"]
    play(game, "main construct", "build extractor 0,0")
    while game.current_player == 0:
        options = legal(game)
        play(game, "end" if "end" in options else sorted(options)[0])
    assert frame(game)["t"] == "owner_develop" and legal(game) == {"keep"}
    play(game, "keep")
    assert owner.res["oxygen"] == oxygen + 1 and owner.lab["6"] == "B-extractor"


# --- §7.1: after a Landing Pod -----------------------------------------------------------------


def test_a_landing_pod_player_rides_the_shuttle_back_free_the_same_round() -> None:
    """§7.1, §12.2: after a Landing Pod the player may travel again in this round's Shuttle
    phase, free when the Shuttle leaves the Colony side."""
    game = position({"missions": {}}, spaces={0: 1, 1: 2, 2: 3}, shuttle="colony")
    p = game.state.players[0]
    play(game, "main pod", "seat 8")
    finish_turn(game, 0)
    assert to_shuttle_phase(game)
    while game.current_player != 0:
        play(game, "stay")
    assert frame(game)["t"] == "travel" and frame(game)["free"]
    play(game, "travel")
    assert p.side == "orbit" and p.hangar == 0


def test_a_landing_pod_in_the_last_round_scores_living_quarters_from_the_colony_side() -> None:
    """§7.1, §24.2 step 3: a Landing Pod in the last round leaves the marker on the Colony
    side, so the final retrieval takes Colony slots and the Working Area, not the Orbit slot
    the player left a Colonist on: 3 + 1 (Working Area) at home, row 2 of RUL-16 = 3 OP (with
    the Orbit slot's Colonist it would be 5, row 3 = 6 OP)."""
    game = position(
        {
            "end_round": 1,
            "missions": {},
            "slots": {"rnd": [0]},
            "players": {0: {"shelters": 2, "lq": 3, "wa": 0}},
        }
    )
    s = game.state
    p = s.players[0]
    play(game, "main pod", "seat 8")
    finish_turn(game, 0)
    arrange(game, {"players": {0: {"wa": 1}}})  # sent to work after the Pod's own retrieval
    quiet_to_the_end(game)
    assert p.side == "colony" and s.slots["rnd"] == [0]
    assert p.lq == 4 and final(game, 0)["living_quarters"] == 3


# --- empty displays and stacks (§7.2, §7.3, §8.6, §19, RUL-2) -------------------------------------


def test_the_last_blueprint_of_the_display_then_none_for_anyone() -> None:
    """§7.2, §6.3: the display is not refilled between Colony levels; the player taking its
    last card (a lone pick, taken by itself) cannot boost for another, and the next player
    cannot Obtain a Blueprint."""
    game = position({"missions": {}, "bp_display": ["BP01"]})
    s = game.state
    play(game, "main blueprint")
    assert s.bp_display == [] and s.players[0].blueprints == ["BP01"]
    assert "boost" not in legal(game)
    finish_turn(game, 0)
    assert game.current_player == 1 and "main blueprint" not in legal(game)
    assert "main pod" in legal(game)


def test_a_turn_order_blueprint_bonus_without_a_free_marker_is_skipped() -> None:
    """§19, RUL-2, §7.2: a bonus that cannot be used is skipped: arriving on Turn Order space 2
    with all 8 Advanced Building markers on unbuilt Blueprints offers no Blueprint."""
    eight = [f"BP{k:02d}" for k in range(13, 21)]
    game = position(
        {"missions": {}, "players": {2: {"blueprints": eight}}},
        spaces={0: 1, 1: 3, 2: 5},
        shuttle="colony",
    )
    s = game.state
    assert s.players[2].ab == 0 and s.bp_display
    assert to_shuttle_phase(game)
    while game.current_player != 2:
        play(game, "stay")
    play(game, "travel")
    for _ in range(3):  # the trip's own decisions (production, retrieval) until the space
        if frame(game)["t"] == "seat":
            break
        play(game, sorted(legal(game))[0])
    play(game, "seat 2")
    assert s.players[2].space == 2 and len(s.players[2].blueprints) == 8
    assert not (frame(game)["t"] == "blueprint" and game.current_player == 2)


def test_an_empty_tech_grid_stays_empty_once_the_stacks_run_out() -> None:
    """§8.6, §11.4 step 3: a Colony Status Update refills empty Grid spaces only from the face-
    down stacks; with both stacks used up the spaces stay empty, and a player with an empty
    column 1 but nothing in the Grid cannot Learn New Technology."""
    from onmars.rules.actions.lss import status_update

    game = position({"missions": {}})
    s = game.state
    s.grid = dict.fromkeys(s.grid, "")
    s.tech_stacks = [[], []]
    status_update(s)
    assert s.level == 2 and set(s.grid.values()) == {""}
    assert "main tech" not in legal(game)
