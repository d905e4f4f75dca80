"""Audit of the Orbit side, the Shuttle and the end of the game: edge cases and interactions the
other test files leave out (§7, §8, §12-§16, §18-§24, RUL-19 to RUL-22).

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
"""

from __future__ import annotations

from conftest import end_turn_quietly, finish_turn, frame, legal, play, to_shuttle_phase

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
    game = concluded(
        {"players": {0: {"op": 1}, 1: {"progress": ["mine"]}, 2: {"op": 1}}}
    )
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
