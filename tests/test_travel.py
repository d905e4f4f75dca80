"""The Shuttle phase and travel (§5.2, §12, RUL-5, seed item 7)."""

from __future__ import annotations

import pytest
from conftest import (
    assert_illegal,
    at,
    cell,
    frame,
    legal,
    play,
    play_round,
    to_shuttle_phase,
    wipe,
)

import onmars
from onmars.rules.data import hexmap
from onmars.rules.position import arrange, hex_text, position

#: Seats 0 and 1 on the Orbit side (spaces 1, 2), seat 2 on the Colony side (space 5).
SPACES = {0: 1, 1: 2, 2: 5}


def shuttle_game(
    side: str = "orbit", space: int = 1, level: int = 1, hangars: tuple[int, ...] = (0, 0, 0)
) -> onmars.Game:
    """Round 1 played out quietly, with the Shuttle, the Colony level and the Hangars arranged
    before the Shuttle phase. A player who cannot travel stays by itself (a lone choice)."""
    players = {k: {"hangar": ships} for k, ships in enumerate(hangars) if ships}
    changes = {"shuttle_space": space, "level": level, "players": players}
    game = position(changes, spaces=SPACES, shuttle=side)
    to_shuttle_phase(game)
    return game


def sides(game: onmars.Game) -> list[str]:
    return [p.side for p in game.state.players]


# --- Shuttle movement (§12.1, RUL-5) ------------------------------------------------------------


def test_shuttle_steps_toward_the_middle() -> None:
    """§12.1, RUL-5: a Shuttle that is not on space 1 moves one space toward the middle and
    does not travel, so nobody rides for free: with no Hangar Ship nobody travels and the next
    round starts."""
    game = shuttle_game(space=3)
    s = game.state
    assert (s.shuttle_side, s.shuttle_space) == ("orbit", 2)
    assert s.round == 2 and s.phase == "colonization"
    assert sides(game) == ["orbit", "orbit", "colony"]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_shuttle_on_space_one_travels_to_the_colony_level(level: int) -> None:
    """§12.1, RUL-5: from space 1 the Shuttle travels to the other side's space equal to the
    Colony level (so at level L it crosses every L rounds)."""
    game = shuttle_game(side="orbit", space=1, level=level)
    assert (game.state.shuttle_side, game.state.shuttle_space) == ("colony", level)


def test_shuttle_period_follows_the_level() -> None:
    """§12.1, RUL-5: at level 2 the Shuttle lands on space 2, steps to 1 the next round and
    crosses back the round after."""
    game = position({"level": 2}, spaces=SPACES, shuttle="orbit")
    s = game.state
    seen = []
    for _ in range(3):
        play_round(game)
        seen.append((s.shuttle_side, s.shuttle_space))
    assert seen == [("colony", 2), ("colony", 1), ("orbit", 2)]


def test_shuttle_stops_at_level_four() -> None:
    """RUL-5, seed 7: at Colony level 4 the Shuttle neither moves nor travels: nobody rides
    free."""
    game = shuttle_game(side="orbit", space=1, level=4)
    s = game.state
    assert (s.shuttle_side, s.shuttle_space) == ("orbit", 1)
    assert s.round == 2 and sides(game) == ["orbit", "orbit", "colony"]


def test_shuttle_last_trip_at_level_five() -> None:
    """RUL-5, seed 7: in the Shuttle phase of the round level 5 is reached the Shuttle travels
    one last time from wherever it stands (here Colony space 3), then leaves the board."""
    game = shuttle_game(side="colony", space=3, level=5)
    s = game.state
    assert s.shuttle_side == ""
    assert game.current_player == 2  # the Orbit players could not travel
    assert legal(game) == {"travel", "stay"}
    play(game, "travel")
    assert s.players[2].side == "orbit" and s.players[2].hangar == 0


def test_no_free_travel_once_the_shuttle_is_gone() -> None:
    """RUL-5: after the Shuttle is removed every trip costs a Ship from the Hangar."""
    game = position({"shuttle_side": "", "players": {1: {"hangar": 1}}}, spaces=SPACES)
    assert to_shuttle_phase(game)
    assert game.current_player == 1  # seat 0, without a Ship, was not asked
    assert game.state.players[0].side == "orbit"
    assert legal(game) == {"travel", "stay"}
    play(game, "travel")
    assert game.state.players[1].hangar == 0


# --- Who travels (§12.2) ------------------------------------------------------------------------


def test_travellers_decide_in_turn_order() -> None:
    """§12.2: each player decides in Turn Order whether to travel."""
    game = position({"players": [{"hangar": 1}] * 3}, spaces={0: 2, 1: 6, 2: 1})
    assert to_shuttle_phase(game)
    asked = []
    while not game.is_over and frame(game)["t"] == "travel":
        asked.append(game.current_player)
        play(game, "stay")
    assert asked == [2, 0, 1]


def test_free_travel_from_the_side_the_shuttle_left() -> None:
    """§12.2, seed 7: a player on the side the Shuttle left this phase travels free; a player
    on the other side without a Hangar Ship cannot travel."""
    game = shuttle_game(side="orbit", space=1)
    s = game.state
    assert game.current_player == 0 and legal(game) == {"travel", "stay"}
    play(game, "travel")
    assert s.players[0].hangar == 0 and s.players[0].side == "colony"
    play(game, sorted(legal(game))[0], "seat 8")  # Discovery tile, then a space
    assert game.current_player == 1 and legal(game) == {"travel", "stay"}
    play(game, "stay")
    assert s.round == 2  # seat 2 (Colony side, no Ship) was not asked
    assert sides(game) == ["colony", "orbit", "colony"]


def test_paid_travel_discards_a_hangar_ship() -> None:
    """§12.2, seed 7: without the Shuttle, travel costs one Ship from the Hangar (returned to
    the box; it still counts as moved out of the Depot, RUL-14)."""
    game = shuttle_game(side="orbit", space=1, hangars=(0, 0, 1))
    s = game.state
    p2 = s.players[2]
    assert p2.ships_out == 1  # the Hangar's Ship left the Depot
    play(game, "stay", "stay")
    assert game.current_player == 2
    assert legal(game) == {"travel", "stay"}
    play(game, "travel")
    assert (p2.hangar, p2.ships_out, p2.side) == (0, 1, "orbit")


def test_staying_gives_no_bonus() -> None:
    """§5.2, §12.2: a player who does not travel keeps the same space and takes no bonus."""
    game = shuttle_game(side="orbit", space=1)
    s = game.state
    before = s.players[0]
    space, res, pending = before.space, dict(before.res), before.pending
    play(game, "stay")
    assert game.current_player == 1 and frame(game)["t"] == "travel"
    p = s.players[0]
    assert (p.space, p.res, p.pending, p.side) == (space, res, pending, "orbit")


# --- Travel to the Colony (§12.3) ---------------------------------------------------------------


def test_travel_to_colony_places_a_discovery_tile_three_from_the_rover() -> None:
    """§12.3 step 1, §4: one of the 2 face-up Discovery tiles goes on an *empty* hex (no
    building, piece, Crystal or tile) exactly 3 from the Rover; the Exploration space is refilled
    from the stack."""
    rover = cell(-1, 1)
    game = shuttle_game(side="orbit", space=1)
    ring = [c for c in range(len(game.state.bld)) if hexmap.hex_distance(c, rover) == 3]
    lss, shelter = cell(0, -2), cell(-4, 1)  # a starting LSS building; seat 0's Shelter + Bot
    assert lss in ring and shelter in ring
    crystal = next(c for c in ring if c not in (lss, shelter) and not game.state.tile[c])
    changes = {"players": {0: {"rover": "-1,1"}}, "map": {hexmap.text(crystal): "crystal"}}
    game = position(changes, at=game)
    s = game.state
    full = {lss, shelter, crystal} | {c for c in ring if s.bld[c] or s.tile[c] or s.bot[c] >= 0}
    play(game, "travel")
    assert frame(game)["t"] == "explore"
    faces = list(s.exploration)
    expected = {f"discover {t} {hexmap.text(c)}" for t in faces for c in ring if c not in full}
    assert legal(game) == expected
    target = next(c for c in ring if c not in full)
    top = s.discovery_stack[-1]
    play(game, f"discover {faces[1]} {hexmap.text(target)}")
    assert s.tile[target] == faces[1]
    assert s.exploration == [faces[0], top]


def test_no_empty_hex_no_discovery_tile() -> None:
    """§12.3 step 1: with no empty hex exactly 3 from the Rover the tile is not placed and the
    Exploration space is not refilled."""
    game = shuttle_game(side="orbit", space=1)
    s = game.state
    ring = [c for c in range(len(s.bld)) if hexmap.hex_distance(c, cell(0, 0)) == 3]
    game = position({"map": {hexmap.text(c): f"{hex_text(s, c)} crystal" for c in ring}}, at=game)
    s = game.state
    exploration = list(s.exploration)
    play(game, "travel")
    assert frame(game)["t"] == "seat"
    assert s.exploration == exploration


def test_travel_to_colony_retrieves_colony_slots_and_working_area() -> None:
    """§12.3 step 2, seed 7: Colonists on Colony-side slots and in the Working Area return to
    Living Quarters (excess to the supply); Orbit-side slots and Miners stay."""
    changes = {
        "players": {0: {"lq": 1, "wa": 2}},
        "slots": {"construct": [0, 2], "hire": [0], "rnd": [0, 1]},
        "map": {"0,0": "mine miner:0"},
    }
    game = position(changes, at=shuttle_game(side="orbit", space=1))
    s = game.state
    p = s.players[0]
    assert p.reserve == 5  # 12 Colonists: 1 + 2 in the board, 4 on slots and Mars, 5 in supply
    play(game, "travel")
    play(game, sorted(legal(game))[0])  # the Discovery tile
    assert frame(game)["t"] == "seat"
    assert (p.lq, p.wa, p.reserve) == (4, 0, 6)  # 1 + 4 back, LQ holds 4, 1 to supply
    assert s.slots["construct"] == [2] and s.slots["hire"] == []
    assert s.slots["rnd"] == [0, 1]
    assert s.miner[cell(0, 0)] == 0


def test_travel_to_colony_takes_an_empty_colony_space_and_bonus() -> None:
    """§12.3 step 3: the traveller takes an empty Colony Turn Order space and its bonus."""
    game = shuttle_game(side="orbit", space=1)
    s = game.state
    p = s.players[0]
    play(game, "travel")
    play(game, sorted(legal(game))[0])
    assert legal(game) == {"seat 6", "seat 7", "seat 8"}  # seat 2 holds space 5
    assert_illegal(game, "seat 5", "§19")
    assert_illegal(game, "seat 2", "§19")
    play(game, "seat 7")
    assert frame(game)["t"] == "warehouse" and game.current_player == 0
    play(game, "item crystal")
    assert (p.space, p.side, p.pending) == (7, "colony", 1)
    assert game.current_player == 1


# --- Travel to Orbit (§12.4) --------------------------------------------------------------------


def test_travel_to_orbit_produces_then_retrieves_orbit_side() -> None:
    """§12.4, seed 7: travelling to Orbit, each Advanced Building makes 1 of its type's item
    (a Shelter a Crystal), each Mine with your Miner a Mineral (storage caps apply); then
    Orbit-side slots and the Working Area return to Living Quarters; Colony slots stay."""
    game = shuttle_game(side="colony", space=1)
    s = game.state
    generator, shelter = s.bld.index("generator"), s.bld.index("shelter:2")
    changes = {
        "map": {
            hexmap.text(generator): "generator ab:2",
            hexmap.text(shelter): "shelter:2 ab:2 bot:2",
            "0,0": "mine miner:2",
        },
        "players": {2: {"res": {"battery": 0, "mineral": 2}, "pending": 0, "lq": 1, "wa": 1}},
        "slots": {"blueprint": [2, 0], "upgrade": [2]},
    }
    game = position(changes, at=game)
    s = game.state
    p = s.players[2]
    assert game.current_player == 2  # the Orbit players cannot travel: they stay by themselves
    play(game, "travel")
    assert (p.res["battery"], p.res["mineral"], p.pending) == (1, 2, 1)  # Mineral row full
    assert (p.lq, p.wa) == (3, 0)
    assert s.slots["blueprint"] == [0] and s.slots["upgrade"] == [2]
    assert s.miner[cell(0, 0)] == 2
    assert legal(game) == {"seat 3", "seat 4"}  # spaces 1 and 2 are held


def test_travel_to_colony_has_no_production() -> None:
    """§12.3, seed 7: only travel to Orbit produces."""
    changes = {"map": {"0,0": "mine miner:0"}, "players": {0: {"res": {"mineral": 0}}}}
    game = position(changes, at=shuttle_game(side="orbit", space=1))
    s = game.state
    play(game, "travel")
    assert s.players[0].res["mineral"] == 0


def test_new_round_follows_the_new_spaces() -> None:
    """§5.1, §12.3: after the Shuttle phase the next round plays in the new Turn Order."""
    game = shuttle_game(side="orbit", space=1)
    play(game, "travel")
    play(game, sorted(legal(game))[0])
    play(game, "seat 8")  # seat 0: Orbit 1 -> Colony 8
    play(game, "stay")  # seat 1; seat 2 cannot travel
    assert game.state.round == 2
    assert game.current_player == 1 and game.state.players[1].space == 2
    assert [p.space for p in game.state.players] == [8, 2, 5]


def test_space_6_bots_may_buy_extra_movement_with_crystals() -> None:
    """RUL-2: Turn Order space 6's 2 MP for your Bots work like the Lab's Bots icon: each
    Crystal from the Depot buys one more MP, so a Bot three hexes away is reachable only with a
    Crystal."""
    for crystals, reachable in ((0, False), (1, True)):
        game = onmars.Game.new(3, seed=1)
        seat = game.current_player
        s = game.state
        wipe(s)
        s.bot[at("0,0")] = seat
        arrange(game, {"players": {seat: {"crystals": crystals}}})
        play(game, "seat 6")
        assert frame(game)["t"] == "move_bots"
        assert ("bot 0,0 3,0" in legal(game)) is reachable
