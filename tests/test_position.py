"""The position builder (issue 22.7): it builds what it says, keeps every component in one place,
refuses what no game can reach naming the field, and the positions it builds play on."""

from __future__ import annotations

import random

import pytest
from conftest import at, positions

from onmars.rules.position import PositionError, arrange, build, census, from_text, position


def test_untouched_position_is_the_opening_played() -> None:
    """No changes: round 1's first turn after the opening picks (§3.5), as ``started`` plays it."""
    game = position(players=3, seed=1)
    s = game.state
    assert (s.round, s.phase, game.current_player) == (1, "colonization", 0)
    assert [p.space for p in s.players] == [1, 2, 3]


def test_changes_are_applied_field_by_field() -> None:
    game = position(
        {
            "level": 2,
            "players": {0: {"res": {"water": 2, "*": 0}, "crystals": 2, "lq": 2, "wa": 1}},
            "map": {"1,-1": "crystal D12", "0,1": "bot:1"},
        }
    )
    s = game.state
    p = s.players[0]
    assert s.level == 2
    assert p.res == {"mineral": 0, "battery": 0, "water": 2, "plant": 0, "oxygen": 0}
    assert (p.crystals, p.lq, p.wa) == (2, 2, 1)
    assert s.crystal[at("1,-1")] == 1 and s.tile[at("1,-1")] == "D12"
    assert s.bot[at("0,1")] == 1


def test_a_tech_tile_moves_from_where_it_was() -> None:
    """A Tech tile put in a Lab leaves its Grid space; one put on a taken Grid space swaps."""
    s = position({"players": {0: {"lab": {"3t": "A-extractor"}}}}).state
    assert s.players[0].lab["3t"] == "A-extractor"
    assert "A-extractor" not in s.grid.values()
    before = position().state.grid
    s = position({"grid": {"bottom1": before["top1"]}}).state
    assert (s.grid["bottom1"], s.grid["top1"]) == (before["top1"], before["bottom1"])
    # from a Tech stack in a 3-player game: the stack holds it no more
    stacked = position().state.tech_stacks[0][-1]
    s = position({"players": {1: {"lab": {"1t": stacked}}}}).state
    assert stacked not in s.tech_stacks[0] and s.players[1].lab["1t"] == stacked


def test_pieces_come_from_their_owners_supply() -> None:
    """§4: Colonists on slots, Bots and Miners on the map come from the supplies; a Blueprint
    taken carries a marker (§7.2); Ships in the Hangar left the Depot (RUL-14)."""
    base = position().state
    s = position(
        {
            "slots": {"construct": [0, 0]},
            "map": {"2,-1": "miner:0 mine", "0,1": "bot:0"},
            "players": {0: {"blueprints": [base.bp_display[0]], "hangar": 2}},
        }
    ).state
    p, was = s.players[0], base.players[0]
    assert p.reserve == was.reserve - 3 and p.lq == was.lq
    assert p.bots == was.bots - 1
    assert p.ab == was.ab - 1 and base.bp_display[0] not in s.bp_display
    assert (p.hangar, p.ships_out, p.depot_ships) == (2, 2, [1, 2, 3])
    assert len(s.building_stacks["mine"]) == len(base.building_stacks["mine"]) - 1
    assert census(s)["colonists[0]"] == census(base)["colonists[0]"]


def test_a_player_loses_a_blueprint_to_the_deck_bottom() -> None:
    base = position().state
    bp = base.bp_display[1]
    s = position({"players": {0: {"blueprints": [bp]}}}).state
    s2 = build(s, {"players": {0: {"blueprints": []}}})
    assert s2.bp_deck[0] == bp and s2.players[0].ab == base.players[0].ab


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": {0: {"res": {"water": 9}}}}, "players[0].res.water"),
        ({"players": {0: {"lq": 9}}}, "players[0].lq"),
        ({"players": {0: {"lq": 4, "reserve": 9}}}, "players[0].reserve"),
        ({"players": {0: {"crystals": 7}}}, "players[0].crystals"),
        ({"players": {0: {"lab": {"9z": "A-ship"}}}}, "players[0].lab.9z"),
        ({"players": {0: {"colour": "red"}}}, "players[0].colour"),
        ({"players": {0: {"built": ["BP01"]}}}, "players[0].built"),
        ({"players": {5: {"lq": 1}}}, "players.5"),
        ({"grid": {"bottom1": ""}}, "grid.bottom1"),
        ({"grid": {"bottom1": "no-such-tile"}}, "grid.bottom1"),
        ({"map": {"1,-1": "castle"}}, "map.1,-1"),
        ({"map": {"1,-1": "bot:7"}}, "map.1,-1"),
        ({"slots": {"construct": [0, 1, 2, 0, 1, 2]}}, "slots.construct"),
        ({"level": 9}, "a count"),
        ({"round": "3"}, "round"),
        ({"weather": "dusty"}, "weather"),
    ],
)
def test_inconsistent_positions_are_refused_naming_the_field(changes: dict, field: str) -> None:
    with pytest.raises(PositionError) as exc:
        position(changes)
    assert str(exc.value).startswith(field), str(exc.value)


def test_a_tile_not_in_the_game_is_refused() -> None:
    """§25: a 2-player game has no Tech stacks: the other set's tiles are not in it."""
    grid = position(players=2, seed=1).state.grid
    other = "B-ship" if grid["bottom1"].startswith("A") else "A-ship"
    with pytest.raises(PositionError, match=r"players\[0\]\.lab\.1t: .* not in this game"):
        position({"players": {0: {"lab": {"1t": other}}}}, players=2, seed=1)


def test_the_base_game_is_not_changed() -> None:
    base = position().state
    before = base.to_dict()
    build(base, {"players": {0: {"lq": 1}}, "map": {"1,-1": "crystal bot:0"}})
    assert base.to_dict() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_built_position_plays_to_the_end(players: int) -> None:
    """A position built with changes has legal moves, and random moves finish the game."""
    tile = position(players=players, seed=7).state.grid["top1"]
    game = position(
        {
            "round": 2,
            "level": 2,
            "players": {1: {"res": {"water": 2}, "crystals": 3, "lab": {"3t": tile}}},
            "map": {"1,-1": "crystal", "-1,1": "bot:0"},
        },
        players=players,
        seed=7,
        length="short",
    )
    rng = random.Random(players)
    for _ in range(5000):
        if game.is_over:
            break
        moves = game.legal_moves()
        assert moves, game.decision()
        game.play(rng.choice(moves))
    assert game.is_over and game.winners()


def test_undo_stops_at_the_built_position() -> None:
    game = position({"players": {0: {"crystals": 3}}})
    start = game.state.to_dict()
    game.play("main resupply")
    game.undo()
    assert game.state.to_dict() == start and not game.can_undo()


@pytest.mark.parametrize("players", [2, 4])
def test_every_position_of_a_real_game_passes_the_check(players: int) -> None:
    """The checks accept what the rules reach: every 37th position of a random game."""
    for game in positions(players, seed=3):
        s = game.state
        assert build(s, {}).to_dict() == s.to_dict()


def test_fewer_shelters_on_the_board_stand_on_mars() -> None:
    """§4: a Shelter off the player board stands on Mars; the room it makes follows."""
    game = position({"players": {0: {"shelters": 2, "res": {"water": 3}}}})
    s = game.state
    assert s.bld.count("shelter:0") == 3 and s.players[0].shelters == 2
    assert s.players[0].res["water"] == 3  # storage 3 + 1 (§4)


def test_arrange_keeps_the_objects_a_test_holds() -> None:
    """arrange() builds through the same checks and changes the game's own state in place."""
    game = position()
    s, p = game.state, game.state.players[0]
    arrange(game, {"players": {0: {"lq": 1}}, "map": {"1,-1": "crystal"}})
    assert p.lq == 1 and p.reserve == 11 and s.crystal[at("1,-1")] == 1
    with pytest.raises(PositionError, match=r"^players\[0\]\.lq"):
        arrange(game, {"players": {0: {"lq": 9}}})
    assert p.lq == 1  # refused: nothing changed


def test_the_text_form_builds_what_the_dict_form_builds() -> None:
    """One line a change: the same position as the dict it stands for."""
    text = """
        level = 2              # a comment
        missions = M2:5 M9:2
        turn = main:true
        slots = construct:0,1 hire:
        p0.res = water:2 *:0
        p0.lab = 3t:A-extractor
        p0.depot_ships = 1 2 3
        p0.crystals = 5
        p1.contracts = C09
        map 1,-1 = crystal D12
        map 0,1 = bot:1
    """
    as_dict = {
        "level": 2,
        "missions": {"M2": 5, "M9": 2},
        "turn": {"main": True},
        "slots": {"construct": [0, 1], "hire": []},
        "players": {
            0: {"res": {"water": 2, "*": 0}, "lab": {"3t": "A-extractor"}},
            1: {"contracts": ["C09"]},
        },
        "map": {"1,-1": "crystal D12", "0,1": "bot:1"},
    }
    as_dict["players"][0] |= {"depot_ships": [1, 2, 3], "crystals": 5}
    assert from_text(text) == as_dict
    assert position(text).state.to_dict() == position(as_dict).state.to_dict()
    with pytest.raises(PositionError, match="line 1"):
        from_text("round 3")
