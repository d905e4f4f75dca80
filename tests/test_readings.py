"""Readings of the rules that earlier audits left open, each decided against the sources and
pinned here (issue: rules readings).

Rule ids: §n = rules.md, RUL-n = rulings.md, "seed item n" = the Chinese digest (highest
authority), KDC = the card database rules.md cites for the Private Goals (§18.2), RB = the
official rulebook rules.md cites. A reading the sources settle against the engine is a strict
``xfail`` naming its rule; the fix waits for a rules-version bump.

Readings pinned elsewhere: R&D's second development is optional
(``test_orbit.py::test_rnd_second_development_is_optional``); RUL-4 counts the Ships out before
the one being welcomed (``test_audit_colony.py::test_a_ship_tech_of_enough_level_brings_one_more_
colonist``: a level-1 Ship Tech with 1 Ship already out).
"""

from __future__ import annotations

from conftest import at, frame, legal, play, to_shuttle_phase

import onmars
from onmars.rules.actions.lss import status_update
from onmars.rules.position import arrange, position


def colony_turn(players: int = 3) -> onmars.Game:
    """Seat 0 to play on Turn Order space 5, the others after it, on a Mars map bare but for
    the Shelters, no Missions (their Crystals stay out of the counts)."""
    spaces = {i: 5 + i for i in range(players)}
    game = position({"map": "bare", "missions": {}}, spaces=spaces, shuttle="colony")
    assert game.current_player == 0 and frame(game)["t"] == "turn"
    return game


def rover_steps_left(game: onmars.Game) -> int:
    """Walk the Rover between 1,0 and 0,0 until no step is offered; the steps taken."""
    steps = 0
    while True:
        there = "0,0" if steps % 2 else "1,0"
        if f"rover {there}" not in legal(game):
            return steps
        play(game, f"rover {there}")
        steps += 1


# --- 1. PG08's Rover move is extended like PG04's ------------------------------------------------


def test_pg08_rover_reward_may_add_a_rover_tech_and_crystals() -> None:
    """§18.2 PG08, KDC: "Move Rover up to 5 spaces (Crystals/Tech may extend)", the same
    words as PG04 (rules.md's table dropped the parenthesis on PG08 only; the card database it
    cites has it on both). With a level-2 Rover Tech of another player and 1 Crystal the Rover
    goes 5 + 2 + 1 = 8 hexes; the Tech's owner is owed its Oxygen (§8.3)."""
    game = position({"map": "bare", "missions": {}, "level": 3})
    p = game.state.players[0]
    arrange(game, {"players": {0: {"goals": ["PG08"], "crystals": 1}}})
    arrange(game, {"players": {1: {"lab": {"2t": "A-rover"}}}})
    play(game, "goal PG08", "reward rover_move", "use A-rover")
    assert rover_steps_left(game) == 8
    assert p.crystals == 0 and game.state.turn["used"] == [[1, "A-rover"]]


# --- 3. A Tech borrowed twice in one turn: two Oxygen -------------------------------------------


def test_a_tech_borrowed_twice_in_a_turn_owes_its_owner_twice() -> None:
    """§8.3, seed item 4, RB p.11 ("Each time you use Tech ... that player takes 1 Oxygen"):
    every use of another player's tile pays its owner, so seat 1's Rover Tech used by the
    Control Center and again by Executive row 2 gives seat 1 two decisions at the end of the
    turn; keeping both gives two Oxygen."""
    game = colony_turn()
    s = game.state
    me = {"crystals": 4, "depot_ships": [1, 3, 4, 5], "hangar": 1, "ships_out": 1}
    arrange(game, {"players": {0: me, 1: {"lab": {"1t": "A-rover"}, "res": {"oxygen": 0}}}})
    play(game, "main control", "use A-rover", "rover 1,0", "done")
    assert s.turn["used"] == [[1, "A-rover"]]
    play(game, "exec rover", "use A-rover", "rover 2,0", "done")  # the turn ends by itself
    for _ in range(2):
        assert (frame(game)["t"], game.current_player) == ("owner_develop", 1)
        play(game, "keep")
    assert s.players[1].res["oxygen"] == 2 and s.players[1].lab == {
        "1t": "A-rover",
        "2m": "shelter-blue",
    }


# --- 4. Ending by agreement during a trip -------------------------------------------------------


def test_conclude_during_a_trip_leaves_the_marker_off_the_track() -> None:
    """RUL-20 ("as it stands"), §12.3, §24.2 step 3: the agreement falls while seat 0 travels
    to the Colony, before its Discovery tile: its marker stays off the Turn Order track (no
    space 0-8 is taken, no bonus), and the final scoring's retrieval, on the side it is going
    to, brings home what the trip's own retrieval would have (the Colony slot), not the Orbit
    slot's Colonist."""
    game = position({"missions": {}, "slots": {"construct": [0], "blueprint": [0]}})
    s, p = game.state, game.state.players[0]
    assert to_shuttle_phase(game) and game.current_player == 0
    play(game, "travel")
    assert frame(game)["t"] == "explore"
    game.conclude()
    assert game.is_over and p.space == 0 and p.side == "colony"
    assert 0 not in s.slots["construct"] and s.slots["blueprint"] == [0]
    assert game.view(None)["players"][0]["space"] == 0


# --- 5. Turn Order space 5's Colonist is optional (RUL-2) -------------------------------------


def test_turn_order_space_5_colonist_may_be_declined() -> None:
    """RUL-2, §3.5, §12.3: every Turn Order bonus is optional; space 5's Colonist (RUL-2's
    substitute table) may be declined like the others, when it could be used (room in Living
    Quarters and a Colonist in the supply)."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    p = game.state.players[seat]
    lq, reserve = p.lq, p.reserve
    play(game, "seat 5")
    assert game.current_player == seat and frame(game)["t"] == "colonist_bonus"
    assert legal(game) == {"gain colonist", "done"}
    play(game, "done")
    assert (p.lq, p.reserve) == (lq, reserve) and game.current_player != seat


def test_travel_to_space_5_offers_its_colonist_too() -> None:
    """§12.3 step 3, seed item 7 ("旅行后选目的地空顺位格,可取其奖励"): a traveller to the Colony
    who takes space 5 is offered its Colonist as at setup; ``gain colonist`` takes it."""
    game = position({"shuttle_space": 1}, spaces={0: 1, 1: 2, 2: 6}, shuttle="orbit")
    assert to_shuttle_phase(game) and game.current_player == 0
    p = game.state.players[0]
    play(game, "travel")
    play(game, sorted(legal(game))[0])  # the Discovery tile (§12.3 step 1)
    play(game, "seat 5")
    assert frame(game)["t"] == "colonist_bonus" and game.current_player == 0
    lq, reserve = p.lq, p.reserve
    play(game, "gain colonist")
    assert (p.lq, p.reserve) == (lq + 1, reserve - 1) and game.current_player != 0


def test_gain_colonist_is_notation_that_round_trips() -> None:
    """``gain colonist`` (the optional Colonist's move) reads and prints as itself, and the
    verb's help names it (its action number: test_ai_actions.py)."""
    move = onmars.Move.parse("gain colonist")
    assert (move.verb, move.args, str(move)) == ("gain", ("colonist",), "gain colonist")
    assert "colonist" in onmars.VERBS["gain"]


# --- 7. A Bot moving several hops: each hop ends on a legal hex ----------------------------------


def test_a_bot_hop_ends_its_move_where_it_may_end_and_passing_is_one_move() -> None:
    """§9.1 ("may not end on"), components §1.3 ("may not stop on"), §4 (one piece per hex
    at the end of a turn): our reading, each ``bot`` move is a stop that must be legal; a Bot
    passes a piece only inside one move (``bot 0,0 2,0`` over the Miner on 1,0), never dearer
    than two hops, so no end of the movement is lost. A hex where it stopped and then left is
    not where it ended: a Discovery tile there stays (§9.1 "only where it ends")."""
    game = colony_turn()
    s = game.state
    arrange(game, {"map": {"0,0": "bot:0", "1,0": "mine miner:1", "0,1": "D01"}})
    arrange(game, {"players": {0: {"crystals": 0}}})
    play(game, "main control")
    assert "bot 0,0 1,0" not in legal(game)  # a hop may not stop on the Miner
    assert "bot 0,0 2,0" in legal(game)  # one move passes it
    play(game, "bot 0,0 0,1", "bot 0,1 0,2", "done")
    assert s.bot[at("0,2")] == 0 and s.tile[at("0,1")] == "D01"


# --- 8. The Tech Grid refills from the longer stack ---------------------------------------------


def test_tech_grid_refills_bottom_first_from_the_longer_stack() -> None:
    """§8.6, §11.4 step 3, RB p.16 ("from the stack", one stock although set up as two
    stacks, §3.1): empty spaces fill bottom row first, each tile from the longer face-down
    stack, so the stacks stay even. The stacks are shuffled alike, so which one is drawn
    changes no chance."""
    game = position({"missions": {}})
    s = game.state
    emptied = ["bottom1", "bottom2", "middle1"]
    for space in emptied:
        s.grid[space] = ""
    first, second = list(s.tech_stacks[0]), list(s.tech_stacks[1])
    status_update(s)
    assert [s.grid[x] for x in emptied] == [first[-1], second[-1], first[-2]]
    assert [len(x) for x in s.tech_stacks] == [2, 3]


# --- 9. Ending by agreement mid-turn: the Tech owner's choice is never made ---------------------


def test_conclude_mid_turn_gives_a_used_techs_owner_nothing() -> None:
    """RUL-20, §8.3, RB p.11 ("If they cannot or do not wish to develop the Tech tile, they
    gain the Oxygen"), seed item 4 ("拥有者在本回合末选择", the owner chooses at the end of
    the turn): the agreement ends the game before the turn's end, so seat 1, whose Rover Tech
    seat 0 used, neither gains the Oxygen nor develops the tile; its final Tech score counts
    the tile where it stands."""
    game = colony_turn()
    s = game.state
    arrange(game, {"players": {1: {"lab": {"1t": "A-rover"}, "res": {"oxygen": 0}}}})
    play(game, "main control", "use A-rover", "rover 1,0", "done")
    assert s.turn["used"] == [[1, "A-rover"]]
    game.conclude()
    owner = s.players[1]
    assert owner.res["oxygen"] == 0 and owner.lab["1t"] == "A-rover"
    assert game.scores()[1]["breakdown"]["tech"] == 1 + 2  # level 1 + the Shelter Tech's 2


def test_turn_order_space_5_colonist_is_taken_at_once_under_rules_version_1() -> None:
    """Rules version 1 took space 5's Colonist at once: its games replay as they were
    (docs/rules-versions.md)."""
    game = onmars.Game.new(players=3, seed=1, rules=1)
    seat = game.current_player
    p = game.state.players[seat]
    lq = p.lq
    play(game, "seat 5")
    assert game.current_player != seat and p.lq == lq + 1


def test_turn_order_space_5_colonist_with_no_room_is_skipped() -> None:
    """RUL-2: a bonus that cannot be used is skipped: with full Living Quarters space 5 asks
    nothing."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    arrange(game, {"players": {seat: {"lq": 4}}})
    play(game, "seat 5")
    assert game.current_player != seat and game.state.players[seat].lq == 4
