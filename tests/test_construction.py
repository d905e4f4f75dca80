"""Construct a Building (§9.2, seed items 4-5): building choice, Bot zones, Complexes and the Tech
they need, standalone buildings, costs, crystal arrows, gains, the Progress cube, Mines and their
Miner, Shelters, and the interface other actions use (§13.3, §21).

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
Every test starts a 2-player game with both players on the Colony side (seat 0 to play), clears
the map, puts down exactly the pieces it needs and plays the moves as a player would.
"""

from __future__ import annotations

import pytest
from conftest import at

from onmars import Game, IllegalMoveError
from onmars.rules.actions.construction import construct_blocker, push_construct
from onmars.rules.actions.economy import lq_cap, storage_cap
from onmars.rules.data import hexmap
from onmars.rules.engine.engine import advance
from onmars.rules.position import arrange, position


def colony_game(seed: int = 1) -> Game:
    """Seat 0 on Turn Order space 5, seat 1 on 6, Shuttle on the Colony side: seat 0 to play,
    the map bare but for the Shelters (at -4,1 and 4,-1)."""
    g = position({"map": "bare"}, players=2, seed=seed, spaces={0: 5, 1: 6}, shuttle="colony")
    assert g.current_player == 0 and g.state.stack[-1]["t"] == "turn"
    return g


def put(g: Game, kind: str, *hexes: str) -> None:
    """Buildings of ``kind`` on ``hexes`` (their tiles from the stack), pieces there kept."""
    arrange(g, {"map": {h: f"+{kind}" for h in hexes}})


def bot(g: Game, seat: int, h: str) -> None:
    arrange(g, {"map": {h: f"+bot:{seat}"}})


def rich(g: Game, seat: int, n: int = 3, shelters_left: int = 1) -> None:
    """Give a player ``n`` of every Resource and enough Shelters built to store them (§4): those
    off the board stand on Mars by the first one."""
    arrange(g, {"players": {seat: {"shelters": shelters_left, "res": {"*": n}}}})


def top_tile(g: Game, kind: str, tile: str) -> None:
    """Make ``tile`` the top of its stack (the stack order is a seeded shuffle, RUL-6)."""
    stack = [t for t in g.state.building_stacks[kind] if t != tile]
    arrange(g, {"building_stacks": {kind: [*stack, tile]}})


def illegal(g: Game, move: str, *parts: str) -> str:
    """``move`` is refused naming the rule, and the state is untouched."""
    before = g.state.to_dict()
    with pytest.raises(IllegalMoveError) as exc:
        g.play(move)
    msg = str(exc.value)
    assert msg.startswith(("§", "RUL")), msg
    for part in parts:
        assert part in msg, msg
    assert g.state.to_dict() == before
    return msg


def end_turn(g: Game) -> None:
    """End the turn unless the engine already did (a lone ``end`` plays itself)."""
    if g.state.stack[-1]["t"] == "turn" and "end" in {str(m) for m in g.legal_moves()}:
        g.play("end")


def builds(g: Game) -> set[str]:
    return {str(m) for m in g.legal_moves() if m.verb == "build"}


# --- The seed digest's example (seed item 4) -----------------------------------------------------


def test_joining_a_complex_of_three_needs_level_3_and_yields_4() -> None:
    """Seed item 4 / §9.2 step 3A and 5: a new Water Extractor touching one building of a
    three-building Complex joins all three: it needs an Extractor Tech of level 3 or more (not
    1), and gives 4 Water, the new Complex's size (storage allowing, §4)."""
    g = colony_game()
    s = g.state
    put(g, "extractor", "1,0", "2,0", "3,0")  # a Complex of three in a row
    bot(g, 0, "-1,0")
    rich(g, 0, n=0, shelters_left=1)  # 4 Shelters on Mars: storage 5
    arrange(g, {"players": {0: {"res": {"battery": 1}}}})
    arrange(g, {"players": {0: {"lab": {"3t": "A-extractor"}}}})
    g.play("main construct")
    assert "build extractor 0,0" in builds(g)
    g.play("build extractor 0,0")  # the lone Tech is used by itself, the lone payment too
    p = s.players[0]
    assert s.bld[at("0,0")] == "extractor"
    assert p.res["water"] == 4
    assert p.res["battery"] == 0
    g.play("benefit crystal")  # the Extractor track's reward (§11.3)
    assert s.stack[-1]["t"] == "turn"


def test_level_2_tech_cannot_join_a_complex_of_three() -> None:
    """Seed item 4: the Tech level must reach the TOTAL connected buildings (3), not the one
    the new hex touches; a level-2 Tech is refused with the rule id and nothing changes."""
    g = colony_game()
    put(g, "extractor", "1,0", "2,0", "3,0")
    bot(g, 0, "-1,0")
    rich(g, 0)
    arrange(g, {"players": {0: {"lab": {"2t": "A-extractor"}}}})
    g.play("main construct")
    assert "build extractor 0,0" not in builds(g)
    illegal(g, "build extractor 0,0", "§9.2", "level 3", "level 2")


def test_indirect_connection_counts_both_complexes() -> None:
    """§9.2 step 3A: a hex touching two separate groups joins them: 2 + 1 = 3 buildings need
    level 3, and the new Complex of 4 yields 4."""
    g = colony_game()
    s = g.state
    put(g, "generator", "0,-1", "0,-2")  # a Complex of two north of 0,0
    put(g, "generator", "0,1")  # a lone Generator south of 0,0
    bot(g, 0, "1,0")
    rich(g, 0, shelters_left=1)
    arrange(g, {"players": {0: {"res": {"battery": 0}}}})
    arrange(g, {"players": {0: {"lab": {"2t": "A-generator"}}}})
    g.play("main construct")
    assert "build generator 0,0" not in builds(g)
    s.players[0].lab = {"3t": "A-generator", "2m": "shelter-red"}
    assert "build generator 0,0" in builds(g)
    g.play("build generator 0,0")  # Tech and the Mineral payment are the only choices
    assert s.players[0].res["battery"] == 4


# --- Standalone buildings ------------------------------------------------------------------------


def test_standalone_building_exactly_two_away_yields_one() -> None:
    """§9.2 step 3B and 5: a building touching none of its type must stand exactly 2 hexes from
    one; it needs no Tech, yields 1 and gives no Progress cube (step 6)."""
    g = colony_game()
    s = g.state
    put(g, "greenhouse", "-1,0")
    bot(g, 0, "1,0")
    rich(g, 0)
    g.play("main construct")
    options = builds(g)
    assert "build greenhouse 1,-1" in options  # distance 2, touching none
    assert "build greenhouse 2,0" not in options  # distance 3
    assert "build greenhouse 0,0" not in options  # touching: a Complex, and no Tech
    illegal(g, "build greenhouse 2,0", "§9.2", "exactly 2")
    illegal(g, "build greenhouse 0,0", "§9.2", "Greenhouse Tech", "none is available")
    g.play("build greenhouse 1,-1")
    g.play("pay water")
    p = s.players[0]
    assert p.res["plant"] == 4  # 3 + 1
    assert p.progress == []


def test_a_type_with_no_building_on_mars_cannot_be_built() -> None:
    """§9.2 step 3: a placement neither adjacent to nor exactly 2 from a same-type building is
    illegal, so a type absent from the map cannot be built at all."""
    g = colony_game()
    s = g.state
    bot(g, 0, "0,0")
    rich(g, 0)
    msg = construct_blocker(s, 0, ["condenser"])
    assert msg.startswith("§9.2") and "Oxygen Condenser" in msg
    assert "main construct" not in {str(m) for m in g.legal_moves()}
    illegal(g, "main construct", "§9.2")


# --- Illegal choices -----------------------------------------------------------------------------


def test_illegal_builds_name_the_rule_and_change_nothing() -> None:
    """§9.2: outside every Bot zone, on a building, an unknown type, off the map, an unpayable
    cost, an empty stack: each refused with the rule id, the state unchanged."""
    g = colony_game()
    s = g.state
    put(g, "generator", "0,0")
    put(g, "mine", "3,0")
    bot(g, 0, "2,0")
    rich(g, 0)
    g.play("main construct")
    illegal(g, "build generator -2,0", "§9.2", "building zone")  # 2 from 0,0 but far from Bots
    illegal(g, "build generator 3,0", "§9.2", "already holds a building")
    illegal(g, "build factory 2,0", "§9.2", "no building type")
    illegal(g, "build generator 40,40", "RUL-1")
    arrange(g, {"players": {0: {"res": {"mineral": 0}}}})
    illegal(g, "build generator 2,-1", "§9.2", "costs mineral")
    arrange(g, {"players": {0: {"res": {"mineral": 3}}}})
    s.building_stacks["generator"] = []
    illegal(g, "build generator 2,-1", "§9.2", "stack", "empty")


def test_offered_builds_never_dead_end() -> None:
    """§9.2 / engine: every offered ``build`` can be carried through (cost payable, a Tech
    eligible when needed, a Miner available) back to the turn."""
    g = colony_game()
    s = g.state
    put(g, "mine", "0,0")
    put(g, "extractor", "1,1", "2,1")
    put(g, "shelter:0", "-1,1")
    bot(g, 0, "1,0")
    bot(g, 0, "-1,0")
    rich(g, 0, n=1)
    s.players[0].lab["1t"] = "A-extractor"  # too low for the pair: no Extractor join offered
    s.players[1].lab["3t"] = "B-mine"
    g.play("main construct")
    offered = builds(g)
    assert {m.split()[1] for m in offered} == {"mine", "extractor", "shelter"}
    for m in offered:
        if m.startswith("build extractor"):
            touching = {s.bld[nb] for nb in hexmap.neighbours(at(m.split()[2]))}
            assert "extractor" not in touching, m
    for move in sorted(offered):
        trial = g.copy()
        trial.play(move)
        while trial.state.stack[-1]["t"] != "turn":
            trial.play(trial.legal_moves()[0])
        kind, where = move.split()[1:]
        assert trial.state.bld[at(where)] in (kind, "shelter:0")


# --- Borrowing Tech (§8.3, seed item 4) ----------------------------------------------------------


@pytest.mark.parametrize("choice", ["keep", "develop B-extractor 4m"])
def test_borrowed_tech_owner_chooses_at_end_of_turn(choice: str) -> None:
    """§8.3 / seed item 4: a Complex may be joined with another player's Tech tile; at the end
    of the builder's turn its owner develops it once free (with the space's benefit) or keeps
    an Oxygen."""
    g = colony_game()
    s = g.state
    put(g, "extractor", "1,0")
    bot(g, 0, "-1,0")
    rich(g, 0)
    s.players[1].lab["3b"] = "B-extractor"
    owner = s.players[1]
    oxygen, crystals = owner.res["oxygen"], owner.crystals + owner.pending
    g.play("main construct")
    g.play("build extractor 0,0")  # the only eligible Tech (seat 1's) is used by itself
    g.play("pay battery")
    assert s.players[0].res["water"] == 3 + 2
    g.play("benefit crystal")
    end_turn(g)
    assert g.current_player == 1
    assert {str(m) for m in g.legal_moves()} >= {"keep", "develop B-extractor 4m"}
    g.play(choice)
    if choice != "keep":
        g.play("gain crystal")  # the 4m space's benefit, taken (§20)
    if choice == "keep":
        assert owner.res["oxygen"] == oxygen + 1
        assert owner.lab["3b"] == "B-extractor"
    else:
        assert owner.res["oxygen"] == oxygen
        assert owner.lab.get("4m") == "B-extractor" and "3b" not in owner.lab
        assert owner.crystals + owner.pending == crystals + 1  # 4m gives a Crystal (§20)


def test_choose_among_eligible_techs() -> None:
    """§8.3: with several eligible Tech tiles the builder chooses (``use <tile>``); an own tile
    owes nobody anything."""
    g = colony_game()
    s = g.state
    put(g, "extractor", "1,0")
    bot(g, 0, "-1,0")
    rich(g, 0)
    s.players[0].lab["1t"] = "A-extractor"
    s.players[1].lab["3b"] = "B-extractor"
    g.play("main construct")
    g.play("build extractor 0,0")
    assert {str(m) for m in g.legal_moves()} == {"use A-extractor", "use B-extractor"}
    g.play("use A-extractor")
    g.play("pay battery")
    g.play("benefit crystal")
    end_turn(g)
    assert g.current_player == 1 and s.stack[-1]["t"] == "turn"  # no decision owed to seat 1


def test_shelter_tech_is_its_owners_only() -> None:
    """Seed item 4 / §8.3: Shelters join only with your own Shelter Tech; a Complex of three of
    your Shelters is beyond your level-2 Shelter Tech even if another player's is higher."""
    g = colony_game()
    s = g.state
    put(g, "shelter:0", "1,0", "2,0", "3,0")
    bot(g, 0, "0,0")
    rich(g, 0)
    s.players[1].lab = {"4m": "shelter-blue"}  # irrelevant: another player's Shelter Tech
    g.play("main construct")
    illegal(g, "build shelter 0,0", "§9.2", "level 3", "own")


def test_tech_bonus_adds_to_a_tech_but_replaces_none() -> None:
    """§13.3: an Advanced Building boost adds to the level of the Tech used for that one
    construction; with no Tech of the type at all a Complex still cannot be joined."""
    g = colony_game()
    s = g.state
    put(g, "condenser", "1,0", "2,0")
    put(g, "mine", "-1,1", "-1,0", "0,-1")  # no room for a standalone Condenser
    bot(g, 0, "0,0")
    rich(g, 0)
    arrange(g, {"players": {0: {"res": {"oxygen": 0}}}})
    assert construct_blocker(s, 0, ["condenser"], tech_bonus=3).startswith("§9.2")
    arrange(g, {"players": {0: {"lab": {"1t": "A-condenser"}}}})
    assert construct_blocker(s, 0, ["condenser"]).startswith("§9.2")
    assert construct_blocker(s, 0, ["condenser"], tech_bonus=1) == ""
    push_construct(s, 0, ["condenser"], tech_bonus=1)
    advance(s)
    assert builds(g) == {"build condenser 0,0", "build condenser 1,-1", "build condenser 0,1"}
    g.play("build condenser 1,-1")
    g.play("pay plant")
    assert s.players[0].res["oxygen"] == 3


def test_push_construct_limits_the_types() -> None:
    """§21 / §14: a construction limited to one type (a Discovery tile, an Advanced Building)
    offers only that type; ``shelter`` means your own Shelter."""
    g = colony_game()
    s = g.state
    put(g, "mine", "2,0")
    put(g, "shelter:0", "-2,0")
    bot(g, 0, "0,0")
    rich(g, 0)
    push_construct(s, 0, ["shelter"])
    advance(s)
    assert "build shelter -1,0" in builds(g)
    assert all(m.startswith("build shelter") for m in builds(g))
    illegal(g, "build mine 1,0", "§9.2", "allows only shelter")


# --- Arrows, displacement (§9.2 step 4, RUL-6) ---------------------------------------------------


def test_arrows_put_crystals_on_empty_hexes_only() -> None:
    """RUL-6 / §9.2 step 4: each arrow on the tile's back puts 1 Crystal on the adjacent hex it
    points to if that hex is empty; a hex with a building or a piece gets none."""
    g = colony_game()
    s = g.state
    put(g, "extractor", "-2,0")
    bot(g, 0, "-1,0")
    rich(g, 0)
    top_tile(g, "extractor", "extractor-4")  # arrows NE (1) and SW (4)
    bot(g, 1, "-1,1")  # the SW neighbour of 0,0 holds a Bot
    g.play("main construct")
    g.play("build extractor 0,0")
    g.play("pay battery")
    assert s.crystal[at("1,-1")] == 1  # NE: empty, gets a Crystal
    assert s.crystal[at("-1,1")] == 0  # SW: a Bot stands there
    assert sum(s.crystal) == 1
    g.play("benefit crystal")  # the bonus Crystal goes below the Depot, not on the map
    assert sum(s.crystal) == 1
    assert "extractor-4" not in s.building_stacks["extractor"]


def test_building_displaces_what_is_on_the_hex() -> None:
    """§9.2 displacement: a Crystal on the hex returns to the supply, a Discovery tile to the
    box, and your Bot moves to a closest available hex of your choice (RUL-1)."""
    g = colony_game()
    s = g.state
    put(g, "extractor", "-2,0")
    bot(g, 0, "0,0")
    rich(g, 0)
    top_tile(g, "extractor", "extractor-1")  # no arrows
    s.crystal[at("0,0")] = 1
    s.tile[at("0,0")] = "D01"
    g.play("main construct")
    g.play("build extractor 0,0")
    g.play("pay battery")
    assert s.stack[-1]["t"] == "displace"
    places = {str(m) for m in g.legal_moves()}
    assert "place 1,0" in places and all(
        hexmap.walk(at("0,0"), at(m.split()[1])) == 1 for m in places
    )
    g.play("place 1,0")
    assert s.bot[at("1,0")] == 0 and s.bot[at("0,0")] == -1
    assert s.crystal[at("0,0")] == 0 and s.tile[at("0,0")] == ""
    assert s.stack[-1]["t"] == "lss_bonus"  # the Extractor then moves its LSS track (§11.3)


# --- Progress cube (§9.2 step 6) -----------------------------------------------------------------


def test_progress_cube_only_for_the_first_complex_of_a_type() -> None:
    """§9.2 step 6: creating your first Complex of a type moves that type's Progress cube (a
    Progress mission contribution, §17); enlarging one later moves nothing."""
    g = colony_game()
    s = g.state
    arrange(g, {"missions": {"M7": 8}})
    put(g, "mine", "1,0")
    bot(g, 0, "0,1")
    rich(g, 0)
    arrange(g, {"players": {0: {"lab": {"2t": "A-mine"}}}})
    arrange(g, {"players": {0: {"lq": 5}}})
    arrange(
        g, {"players": {0: {"crystals": 2}}}
    )  # an Executive action stays possible: the turn waits for "end"
    g.play("main construct")
    g.play("build mine 0,0")
    p = s.players[0]
    assert p.progress == ["mine"]
    assert s.missions["M7"] == 7 and p.pending == 1
    assert p.res["mineral"] == 3 + 2
    arrange(g, {"turn": {"main": False}})  # a second construction in the same test
    g.play("main construct")
    g.play("pay colonist")  # 2 players: 1 per Colonist on the slots, our own included (§25)
    g.play("build mine 1,1")  # joins the Complex of 2 with the level-2 Mine Tech
    assert len(s.slots["construct"]) == 2 and p.res["mineral"] == 5
    assert p.progress == ["mine"] and s.missions["M7"] == 7


def test_shelters_give_crystals_and_no_progress_cube() -> None:
    """§9.2 steps 5-6, seed item 5: a Shelter joined to yours gives Crystals (below the Depot)
    equal to its Complex, never a cube; one fewer Shelter on your board raises your storage
    and Living Quarters (§4)."""
    g = colony_game()
    s = g.state
    put(g, "shelter:0", "1,0")
    bot(g, 0, "-1,0")
    p = s.players[0]
    cap, lq = storage_cap(p), lq_cap(p)
    shelters = p.shelters
    g.play("main construct")
    g.play("build shelter 0,0")  # own Shelter Tech level 2 >= 1
    g.play("pay oxygen")
    assert s.bld[at("0,0")] == "shelter:0"
    assert p.shelters == shelters - 1
    assert p.pending == 2 and p.progress == []
    assert storage_cap(p) == cap + 1 and lq_cap(p) == lq + 2
    assert p.res["oxygen"] == 0


# --- Mines and their Miner (§9.2 steps 2 and 8) --------------------------------------------------


def test_mine_takes_a_colonist_from_living_quarters() -> None:
    """§9.2 steps 2 and 8: a Mine costs no Resource but one Colonist from Living Quarters
    becomes its Miner; the Red Colonist of the action is a second one (§6.2)."""
    g = colony_game()
    s = g.state
    put(g, "mine", "0,0")
    bot(g, 0, "1,0")
    p = s.players[0]
    lq = p.lq
    res = dict(p.res)
    g.play("main construct")
    assert "build mine 2,0" in builds(g)
    g.play("build mine 2,0")
    assert s.miner[at("2,0")] == 0
    assert p.lq == lq - 2 and s.slots["construct"] == [0]
    assert p.res == {**res, "mineral": res["mineral"] + 1}


def test_no_mine_without_a_colonist_for_it() -> None:
    """§9.2 step 2: with no Colonist left in Living Quarters no Mine can be built; when only a
    Mine could be built and the action's own Colonist is the last one, the action is blocked."""
    g = colony_game()
    s = g.state
    put(g, "mine", "0,0")
    bot(g, 0, "1,0")
    arrange(g, {"players": {0: {"lq": 0}}})
    assert construct_blocker(s, 0, ["mine"]).startswith("§9.2")
    assert "Miner" in construct_blocker(s, 0, ["mine"])
    arrange(g, {"players": {0: {"lq": 1}}})
    assert construct_blocker(s, 0, ["mine"]) == ""  # outside the main action: 1 is enough
    illegal(g, "main construct", "§9.2", "Mine")


def test_placement_payment_keeps_the_miner() -> None:
    """§6.2 + §9.2: when only a Mine can be built, the placement cost cannot be paid with the
    Colonist the Mine needs: the Crystal pays it."""
    g = colony_game()
    s = g.state
    put(g, "mine", "0,0")
    bot(g, 0, "1,0")
    p = s.players[0]
    arrange(g, {"players": {0: {"lq": 2, "crystals": 1}}})
    arrange(g, {"slots": {"construct": [1]}})  # 2 players: 1 payment per Colonist present (§25)
    g.play("main construct")  # the only payment left (the Crystal) plays itself
    assert p.crystals == 0 and p.lq == 1 and p.wa == 0
    g.play("build mine 2,0")
    assert s.miner[at("2,0")] == 0 and p.lq == 0


def test_no_crystal_for_placement_blocks_a_lone_mine() -> None:
    """§6.2 + §9.2: 2 Colonists and no Crystal, one payment owed, only a Mine possible: one
    Colonist goes on the slot, the other must pay, none is left for the Miner."""
    g = colony_game()
    s = g.state
    put(g, "mine", "0,0")
    bot(g, 0, "1,0")
    p = s.players[0]
    arrange(g, {"players": {0: {"lq": 2, "crystals": 0}}})
    arrange(g, {"slots": {"construct": [1]}})
    illegal(g, "main construct", "§9.2", "its Miner must stay")
    arrange(g, {"players": {0: {"lq": 3}}})
    g.play("main construct")
    assert p.lq == 1 and p.wa == 1
    g.play("build mine 2,0")
    assert p.lq == 0 and s.miner[at("2,0")] == 0


def test_placement_cost_may_use_colonists_when_other_builds_remain() -> None:
    """§6.2: when something other than a Mine can be built the placement cost may be paid with
    Colonists as usual."""
    g = colony_game()
    s = g.state
    put(g, "mine", "0,0")
    put(g, "shelter:0", "2,1")
    bot(g, 0, "1,0")
    p = s.players[0]
    arrange(g, {"players": {0: {"lq": 2, "crystals": 1}}})
    arrange(g, {"slots": {"construct": [1]}})
    g.play("main construct")
    assert {str(m) for m in g.legal_moves()} == {"pay crystal", "pay colonist"}
    g.play("pay colonist")
    assert p.lq == 0
    assert builds(g) and not any(m.startswith("build mine") for m in builds(g))
