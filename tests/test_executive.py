"""Executive row 8: an Advanced Building's action, for 2 Crystals or free through a Scientist
(§13.1-13.4, RUL-13, seed item 1).

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
Each test starts a 3-player game with everyone on the Colony side (seat 0 to play), clears the
map, gives the players the built Blueprints, Crystals and Scientists it needs, and plays moves.
"""

from __future__ import annotations

import pytest
from conftest import assert_illegal, at, frame, legal, play, to_turn_of

import onmars
from onmars.rules.actions.economy import depot_cap
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.position import arrange, position

#: Out-of-the-way hexes for the Advanced Buildings the tests hand out.
SPOTS = ("-6,2", "-6,4", "6,-4", "6,-2", "-5,5", "5,-5", "0,4", "0,-4")


def colony_game(players: int = 3) -> onmars.Game:
    """Everyone on the Colony side (spaces 5, 6, 7, 8), bonuses declined: seat 0 to play, with
    a bare map (only the Shelters)."""
    spaces = {seat: 5 + seat for seat in range(players)}
    g = position({"map": "bare"}, players=players, seed=3, spaces=spaces, shuttle="colony")
    assert g.current_player == 0 and frame(g)["t"] == "turn"
    return g


def give_built(g: onmars.Game, seat: int, bp: str, where: str = "") -> int:
    """``seat`` took ``bp`` and upgraded with it: its marker stands on a matching building."""
    s = g.state
    p = s.players[seat]
    building = load().blueprint[bp].building
    cell = at(where) if where else next(at(h) for h in SPOTS if not s.bld[at(h)])
    kind = f"shelter:{seat}" if building == "shelter" else building
    mine = {"blueprints": [*p.blueprints, bp], "built": [*p.built, bp]}
    arrange(g, {"map": {hexmap.text(cell): f"{kind} ab:{seat}"}, "players": {seat: mine}})
    return cell


def hire(g: onmars.Game, seat: int, sci: str, works_on: str = "") -> None:
    """``seat`` hired ``sci``; it stands on its own card, or works on Blueprint ``works_on``."""
    hired = [*g.state.players[seat].scientists, sci]
    arrange(g, {"players": {seat: {"scientists": hired}}, "sci_at": {sci: works_on}})


def crystals(g: onmars.Game, seat: int, n: int) -> None:
    """``n`` Crystals in ``seat``'s Depot, Ships moved out of it to make room (§4)."""
    rows = g.state.players[seat].depot_ships
    room = depot_cap(g.state.players[seat])
    rows = rows[: len(rows) - max(0, n - room)]
    arrange(g, {"players": {seat: {"crystals": n, "depot_ships": rows}}})


# --- the crystal route ------------


def test_own_advanced_building_for_two_crystals() -> None:
    """§13.1, §13.2 row 8: one of your built Blueprints' actions costs 2 Crystals from the
    Depot (the Casino then gains 2 Crystals, below the Depot, §4)."""
    g = colony_game()
    give_built(g, 0, "BP11")
    crystals(g, 0, 3)
    play(g, "exec advanced")
    assert legal(g) == {"advanced BP11 pay"}
    play(g, "advanced BP11 pay", "done")
    p = g.state.players[0]
    assert (p.crystals, p.pending) == (1, 2)
    assert "exec advanced" not in legal(g)  # one Executive action per turn (§13.1)


def test_two_crystals_are_needed_without_a_scientist() -> None:
    """§13.1: without 2 Crystals in the Depot (crystals gained this turn do not count) and no
    Scientist, row 8 is refused and nothing changes."""
    g = colony_game()
    give_built(g, 0, "BP11")
    crystals(g, 0, 1)
    arrange(g, {"players": {0: {"pending": 5}}})
    assert "exec advanced" not in legal(g)
    assert_illegal(g, "exec advanced", "§13.1", "2 Crystals")


def test_an_unbuilt_blueprint_has_no_action() -> None:
    """§13.3: a Blueprint's action opens only once its marker has moved onto a building."""
    g = colony_game()
    arrange(g, {"players": {0: {"blueprints": ["BP11"]}}})
    crystals(g, 0, 5)
    assert_illegal(g, "exec advanced", "§13.3")


def test_crystals_pay_only_for_your_own_advanced_buildings() -> None:
    """§13.2 row 8, §13.3: Crystals buy the action of one of *your* Advanced Buildings; another
    player's needs a Scientist working there."""
    g = colony_game()
    give_built(g, 0, "BP13")
    give_built(g, 1, "BP11")
    crystals(g, 0, 5)
    play(g, "exec advanced")
    assert legal(g) == {"advanced BP13 pay"}
    assert_illegal(g, "advanced BP11 pay", "§13.3", "BP11 Casino")
    assert_illegal(g, "advanced BP12 pay", "§13.3", "not built")


# --- the Scientist route ------------


def test_your_scientist_moves_onto_your_blueprint_and_works_free() -> None:
    """§13.4, seed item 1: moving your Scientist onto the Blueprint of an Advanced Building of
    its specialty uses that action free; the Scientist stays there."""
    g = colony_game()
    give_built(g, 0, "BP11")
    hire(g, 0, "systems_engineer")
    crystals(g, 0, 2)
    play(g, "exec advanced")
    assert legal(g) == {"advanced BP11 pay", "advanced BP11 systems_engineer"}
    play(g, "advanced BP11 systems_engineer", "done")
    p = g.state.players[0]
    assert (p.crystals, p.pending) == (2, 2)
    assert g.state.sci_at["systems_engineer"] == "BP11"


def test_a_scientist_route_needs_no_crystal_at_all() -> None:
    """§13.4, seed item 1: the free route is open with an empty Depot."""
    g = colony_game()
    give_built(g, 0, "BP11")
    hire(g, 0, "systems_engineer")
    crystals(g, 0, 0)
    play(g, "exec advanced")
    assert legal(g) == {"advanced BP11 systems_engineer"}
    play(g, "advanced BP11 systems_engineer", "done")
    assert (g.state.players[0].crystals, g.state.players[0].pending) == (0, 2)


def test_your_scientist_uses_another_players_advanced_building() -> None:
    """§13.4: a Scientist works in Advanced Buildings of its type whoever owns them; its owner
    uses that other player's action free, and the effect is the Scientist owner's."""
    g = colony_game()
    give_built(g, 1, "BP11")
    hire(g, 0, "systems_engineer")
    crystals(g, 0, 2)
    play(g, "exec advanced", "advanced BP11 systems_engineer", "done")
    me, owner = g.state.players[0], g.state.players[1]
    assert (me.crystals, me.pending) == (2, 2)
    assert owner.pending == 0
    assert g.state.sci_at["systems_engineer"] == "BP11"


def test_the_blueprint_owner_uses_it_free_while_another_players_scientist_works_there() -> None:
    """§13.4: while a Scientist works on a Blueprint, the Blueprint's owner too uses that action
    at no Crystal cost."""
    g = colony_game()
    give_built(g, 0, "BP11")
    hire(g, 1, "systems_engineer", works_on="BP11")
    crystals(g, 0, 2)
    play(g, "exec advanced", "advanced BP11 systems_engineer", "done")
    p = g.state.players[0]
    assert (p.crystals, p.pending) == (2, 2)
    assert g.state.sci_at["systems_engineer"] == "BP11"  # it is not ours to move


def test_only_the_two_owners_use_a_working_scientist_free() -> None:
    """§13.4: a third player gains nothing from a Scientist working on someone else's
    Blueprint, and nobody moves another player's Scientist."""
    g = colony_game()
    give_built(g, 0, "BP13")
    give_built(g, 1, "BP11")
    give_built(g, 1, "BP23")
    hire(g, 2, "systems_engineer", works_on="BP11")
    crystals(g, 0, 2)
    play(g, "exec advanced")
    assert legal(g) == {"advanced BP13 pay"}
    assert_illegal(g, "advanced BP11 systems_engineer", "§13.4", "owner")
    assert_illegal(g, "advanced BP23 systems_engineer", "§13.4", "only its owner moves it")


@pytest.mark.parametrize(
    ("built", "hired", "listed"),
    [
        ({1: "BP11"}, {0: ("systems_engineer", "")}, True),  # your Scientist, their building
        ({0: "BP11"}, {1: ("systems_engineer", "BP11")}, True),  # their Scientist on yours
        ({1: "BP11"}, {2: ("systems_engineer", "BP11")}, False),  # neither is yours
        ({0: "BP11"}, {0: ("geologist", "")}, False),  # your Scientist, another specialty
    ],
)
def test_row_8_with_an_empty_depot_is_offered_only_through_a_scientist_route(
    built: dict[int, str], hired: dict[int, tuple[str, str]], listed: bool
) -> None:
    """§13.3, §13.4: with no Crystal, row 8 is offered exactly when a free Scientist route is
    open; the listing and the refusal agree (one source for legality)."""
    g = colony_game()
    for seat, bp in built.items():
        give_built(g, seat, bp)
    for seat, (sci, works_on) in hired.items():
        hire(g, seat, sci, works_on)
    crystals(g, 0, 0)
    assert ("exec advanced" in legal(g)) == listed
    assert (g.why("exec advanced") == "") == listed


def test_a_scientist_works_only_in_its_specialty() -> None:
    """§13.4, §15: the Geologist works in Mine Advanced Buildings, not in a Shelter's."""
    g = colony_game()
    give_built(g, 0, "BP11")
    give_built(g, 0, "BP13")
    hire(g, 0, "geologist")
    crystals(g, 0, 2)
    play(g, "exec advanced")
    assert "advanced BP13 geologist" in legal(g)
    assert_illegal(g, "advanced BP11 geologist", "§13.4", "mine")


def test_a_scientist_stays_until_moved_and_its_old_building_loses_the_free_use() -> None:
    """§13.4: the Scientist stays on a Blueprint until its owner moves it; once moved away, the
    first Blueprint's owner pays again."""
    g = colony_game()
    give_built(g, 1, "BP23")
    give_built(g, 0, "BP11")
    hire(g, 0, "systems_engineer", works_on="BP23")
    crystals(g, 0, 2)
    crystals(g, 1, 2)
    play(g, "exec advanced", "advanced BP11 systems_engineer", "done")
    assert g.state.sci_at["systems_engineer"] == "BP11"
    play(g, "main control", "done")
    to_turn_of(g, 1)
    play(g, "exec advanced")
    assert legal(g) == {"advanced BP23 pay"}
    assert_illegal(g, "advanced BP23 systems_engineer", "§13.4")


def test_the_executive_action_comes_before_or_after_the_main_action() -> None:
    """§5.1, §13.1: at most one Executive action, before or after the Main action."""
    g = colony_game()
    give_built(g, 0, "BP13")
    crystals(g, 0, 4)
    play(g, "main control", "done")
    assert "exec advanced" in legal(g)
    play(g, "exec advanced", "advanced BP13 pay")
    assert g.state.players[0].op_by["blueprint_action"] == 2
    assert g.current_player == 1  # both done: the turn ended by itself (§5.1)
