"""The seed digest's questions and answers, one scenario each (seed Q&A; the digest is the highest
authority). Every test names the question it settles and the rule ids behind the answer.

Q1 crystals gained now, Minerals and Private Goal cards as Crystals; Q2 borrowing Tech and the
size of a Complex; Q3 what each direction of travel produces and retrieves; Q4 missions, private
goals and contracts; Q5 the game's scope (2-4 players, no solo, no Alien Invasion).
"""

from __future__ import annotations

import pytest
from conftest import (
    assert_illegal,
    cell,
    frame,
    legal,
    only_res,
    play,
    play_round,
    started,
    to_shuttle_phase,
    to_turn_of,
    wipe,
)

import onmars
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.position import arrange


def colony_pair(seed: int = 1) -> onmars.Game:
    """2 players on the Colony side (seat 0 on space 5 to play, seat 1 on 6), an empty map."""
    game = started(2, seed=seed, spaces={0: 5, 1: 6}, shuttle="colony")
    wipe(game.state)
    arrange(game, {"missions": {}})
    return game


def orbit_trio(seed: int = 1) -> onmars.Game:
    """3 players on the Orbit side (seat 0 on space 1 to play), no Mission Crystals."""
    game = started(3, seed=seed)
    arrange(game, {"missions": {}})
    return game


# --- Q1: can Crystals just gained pay for this turn's actions? -----------------------------------


def test_q1_crystal_gained_this_turn_waits_below_the_depot() -> None:
    """Seed Q1, §4, seed item 3: a Crystal taken now goes below the Depot and pays nothing this
    turn: with 1 Crystal in the Depot and 1 just gained, a 2-Crystal Executive action stays
    closed."""
    game = orbit_trio()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 1}}})
    play(game, "main resupply", "item crystal")
    if frame(game)["t"] == "warehouse":
        play(game, "done")
    assert (p.crystals, p.pending) == (1, 1)
    assert "exec warehouse" not in legal(game)
    assert_illegal(game, "exec warehouse", "§13.1")


def test_q1_gained_crystals_move_in_at_your_next_turn_up_to_the_free_spaces() -> None:
    """Seed Q1, seed item 3: at the start of your next turn the Crystals below the Depot move
    in, as many as its free spaces hold (3 with 5 Ships in it); the rest go back to supply."""
    game = orbit_trio()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 0, "pending": 5}}})
    play(game, "main resupply", "item water")
    while game.current_player == 0 and frame(game)["t"] != "turn":
        play(game, "done")
    play_round(game)
    to_turn_of(game, 0)
    assert (p.crystals, p.pending) == (3, 0)


def test_q1_minerals_never_replace_crystals() -> None:
    """Seed Q1, §23.1: Minerals pay for other Resources but never for a Crystal: a player with
    Minerals and no Crystal cannot open any Executive action."""
    game = orbit_trio()
    arrange(game, {"players": {0: {"crystals": 0}}})
    only_res(game, 0, mineral=2)
    assert not any(m.startswith("exec") for m in legal(game))
    assert_illegal(game, "exec warehouse", "§13.1", "Crystals")


def test_q1_private_goal_card_pays_as_a_crystal_on_your_turn() -> None:
    """Seed Q1, §18.1: on your turn an unfinished Private Goal card may be discarded to pay as a
    Crystal; it is a payment, not a token, and is gone."""
    game = orbit_trio()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 1}}})
    card = p.goals[0]
    play(game, f"discard {card}")
    assert card not in p.goals
    play(game, "exec warehouse", "item water")  # 2 Crystals: 1 real + the card
    assert p.crystals == 0


def test_q1_private_goal_card_pays_only_on_its_owners_turn() -> None:
    """Seed Q1, §18.1, RUL-15: the card pays as a Crystal "on your turn": not during another
    player's."""
    game = orbit_trio()
    other = game.state.players[1]
    assert game.current_player == 0
    assert not any(m.startswith("discard") and m.split()[1] in other.goals for m in legal(game))
    assert_illegal(game, f"discard {other.goals[0]}")


def test_q1_private_goal_card_never_pays_for_a_delivery_contract() -> None:
    """Seed Q1 and item 3, §16: a Private Goal card spent as a Crystal cannot go onto a Delivery
    contract, though the real Crystal beside it can."""
    game = orbit_trio()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"contracts": ["C12"]}}})  # 3 Crystals + 2 Minerals
    arrange(game, {"players": {0: {"crystals": 1}}})
    play(game, f"discard {p.goals[0]}")
    assert p.crystals == 2
    play(game, "deliver C12 crystal")  # the real one
    assert p.delivered["C12"] == ["crystal"]
    assert "deliver C12 crystal" not in legal(game)
    assert_illegal(game, "deliver C12 crystal")


# --- Q2: borrowing Tech; how big is a Complex? -------------------------------------------------


def extractor_complex(game: onmars.Game, owner_level_space: str) -> None:
    """Three Water Extractors in a row (1,0 2,0 3,0), seat 0's Bot beside 0,0, seat 1 owning
    the only Extractor Tech (on ``owner_level_space``); seat 0 has 1 Battery and storage 5."""
    s = game.state
    for h in ("1,0", "2,0", "3,0"):
        s.bld[cell(*map(int, h.split(",")))] = "extractor"
    s.bot[cell(-1, 0)] = 0
    arrange(game, {"players": {0: {"shelters": 1}}})  # 4 Shelters on Mars: storage 5 (§4)
    only_res(game, 0, battery=1)
    s.players[1].lab[owner_level_space] = "B-extractor"


def test_q2_joining_a_complex_of_three_needs_level_3_and_gives_4_water() -> None:
    """Seed Q2 and item 4: a new Water Extractor touching a Complex of three joins all three:
    it needs an Extractor Tech of level 3 or more (an opponent's may be borrowed) and makes a
    Complex of 4, which gives 4 Water, not just the buildings it touches."""
    game = colony_pair()
    extractor_complex(game, "3t")
    play(game, "main construct", "build extractor 0,0")  # the lone Tech and payment play
    p = game.state.players[0]
    assert p.res["water"] == 4
    assert game.state.turn["used"] == [[1, "B-extractor"]]


def test_q2_a_level_2_tech_cannot_join_a_complex_of_three() -> None:
    """Seed Q2 and item 4: the level must reach every building joined (3), so a level-2
    Extractor Tech cannot do it."""
    game = colony_pair()
    extractor_complex(game, "2t")
    play(game, "main construct")
    assert "build extractor 0,0" not in legal(game)
    assert_illegal(game, "build extractor 0,0", "§9.2", "level 3")


def test_q2_indirect_connections_count_in_the_complex() -> None:
    """Seed Q2 and item 4: a hex between a Complex of two and a lone building joins both: 3
    buildings need level 3, and the new Complex of 4 gives 4."""
    game = colony_pair()
    s = game.state
    for q, r in ((0, -1), (0, -2), (0, 1)):
        s.bld[cell(q, r)] = "generator"
    s.bot[cell(1, 0)] = 0
    s.players[0].shelters = 1
    only_res(game, 0, mineral=1)
    s.players[1].lab["2t"] = "B-generator"
    play(game, "main construct")
    assert "build generator 0,0" not in legal(game)
    s.players[1].lab = {"3t": "B-generator"}
    play(game, "build generator 0,0")
    assert s.players[0].res["battery"] == 4


def test_q2_shelter_tech_is_never_borrowed() -> None:
    """Seed Q2 and item 4, §8.3: every Tech may be borrowed except a Shelter Tech: your Shelters
    join only with your own."""
    game = colony_pair()
    s = game.state
    s.bld[cell(1, 0)] = s.bld[cell(2, 0)] = s.bld[cell(3, 0)] = "shelter:0"
    arrange(game, {"map": {hexmap.text(cell(0, 0)): "+bot:0"}})
    arrange(game, {"players": {0: {"shelters": 1}}})
    only_res(game, 0, oxygen=1)
    s.players[0].lab = {"2m": "shelter-red"}  # level 2: too low for 3
    s.players[1].lab = {"5t": "shelter-blue"}  # high enough, but not seat 0's to use
    play(game, "main construct")
    assert not {"build shelter 0,0", "build shelter 0,1"} & legal(game)  # both join the three
    assert_illegal(game, "build shelter 0,0", "§9.2", "Shelter Tech only serves its owner")


@pytest.mark.parametrize("choice", ["keep", "develop B-extractor 4m"])
def test_q2_the_owner_chooses_at_the_end_of_the_turn(choice: str) -> None:
    """Seed Q2 and item 4, §8.3: at the end of the borrower's turn the Tech's owner either
    develops the borrowed tile once for free (gaining the space's benefit) or keeps 1 Oxygen."""
    game = colony_pair()
    extractor_complex(game, "3b")
    owner = game.state.players[1]
    oxygen, crystals = owner.res["oxygen"], owner.crystals + owner.pending
    play(game, "main construct", "build extractor 0,0")
    while game.current_player == 0:
        options = legal(game)
        play(game, "end" if "end" in options else sorted(options)[0])
    assert {"keep", "develop B-extractor 4m"} <= legal(game)
    play(game, choice)
    if choice != "keep":
        play(game, "gain crystal")  # the 4m space's benefit, taken (§20)
    if choice == "keep":
        assert owner.res["oxygen"] == oxygen + 1 and owner.lab["3b"] == "B-extractor"
    else:
        assert owner.res["oxygen"] == oxygen and owner.lab["4m"] == "B-extractor"
        assert owner.crystals + owner.pending == crystals + 1  # space 4m's Crystal (§20)


# --- Q3: does travel in each direction retrieve the same Colonists and produce? ---------------


def travel_game(side: str) -> onmars.Game:
    """3 players on ``side`` (seats 0-2 on its spaces), the Shuttle leaving from that side in
    the first Shuttle phase: seat 0 is asked whether to travel."""
    spaces = {0: 1, 1: 2, 2: 3} if side == "orbit" else {0: 5, 1: 6, 2: 7}
    game = started(3, seed=1, spaces=spaces, shuttle=side)
    arrange(game, {"missions": {}})
    assert to_shuttle_phase(game)
    assert game.current_player == 0
    return game


def crowd(game: onmars.Game) -> None:
    """Seat 0: an Advanced Building on a Greenhouse, a Miner on a Mine, 1 Colonist on an Orbit
    slot and 1 on a Colony slot, 2 in the Working Area, Living Quarters full (4 of 4)."""
    s = game.state
    p = s.players[0]
    green = s.bld.index("greenhouse")
    s.ab[green] = 0
    s.bld[cell(-1, 2)] = "mine"
    s.miner[cell(-1, 2)] = 0
    s.slots["blueprint"] = [0]
    s.slots["construct"] = [0]
    p.lq, p.wa, p.reserve = 4, 2, 0
    only_res(game, 0)


def test_q3_travel_to_orbit_produces_and_retrieves_the_orbit_side() -> None:
    """Seed Q3 and item 7, §12.4: travelling to Orbit, your Advanced Buildings and Miners
    produce, then your Colonists on Orbit-side slots and in the Working Area come back; those on
    Colony slots and the Miners stay; Living Quarters overflow goes to your supply."""
    game = travel_game("colony")
    crowd(game)
    s, p = game.state, game.state.players[0]
    play(game, "travel")
    assert (p.res["plant"], p.res["mineral"]) == (1, 1)  # production
    assert s.slots["blueprint"] == [] and s.slots["construct"] == [0]
    assert s.miner[cell(-1, 2)] == 0
    assert (p.lq, p.wa, p.reserve) == (4, 0, 3)  # 3 came back to a full LQ: all to supply


def test_q3_travel_to_the_colony_retrieves_the_colony_side_and_does_not_produce() -> None:
    """Seed Q3 and item 7, §12.3: travelling to the Colony retrieves Colony-side slots and the
    Working Area, never Orbit-side slots, and skips production; Miners stay."""
    game = travel_game("orbit")
    crowd(game)
    s, p = game.state, game.state.players[0]
    p.lq = 2
    play(game, "travel")
    if frame(game)["t"] == "explore":
        play(game, sorted(legal(game))[0])
    assert (p.res["plant"], p.res["mineral"]) == (0, 0)  # no production step
    assert s.slots["blueprint"] == [0] and s.slots["construct"] == []
    assert s.miner[cell(-1, 2)] == 0
    assert (p.lq, p.wa, p.reserve) == (4, 0, 1)  # 2 + 3 back: 2 fit, 1 to supply


# --- Q4: missions, private goals and contracts -------------------------------------------------


def test_q4_missions_are_shared_and_pay_each_contributor() -> None:
    """Seed Q4, §17.1: every player's contributions move the same Mission tracker and pay the
    contributor the card's Crystals each time; at the checkmark the Remaining Missions marker
    advances and later contributions pay nothing."""
    game = orbit_trio()
    s = game.state
    arrange(game, {"missions": {"M2": 2}})  # Blueprints taken: 2 steps left, 1 Crystal each
    s.bp_display = [b for b in s.bp_display if load().blueprint[b].gain != "crystal"]
    remaining = s.remaining
    play(game, "main blueprint", f"take {s.bp_display[0]}")
    assert (s.missions["M2"], s.players[0].pending) == (1, 1)
    to_turn_of(game, 1)
    pending = s.players[1].pending
    play(game, "main blueprint", "pay colonist")  # seat 0's Colonist is on the slots (§6.2)
    play(game, f"take {s.bp_display[0]}", "boost")
    play(game, f"take {s.bp_display[0]}")
    assert s.missions["M2"] == 0 and s.remaining == remaining - 1
    assert s.players[1].pending == pending + 1  # the second Blueprint was past the end


def test_q4_one_private_goal_per_game_with_a_reward_of_your_choice() -> None:
    """Seed Q4, §18.1: a met Private Goal is completed with one reward of the player's choice
    (develop twice free or the card's own); after that no other goal can be completed."""
    game = orbit_trio()
    arrange(game, {"players": {0: {"goals": ["PG11", "PG07"]}}})
    arrange(game, {"players": {0: {"hangar": 3}}})  # PG11
    arrange(game, {"players": {0: {"shelters": 2}}})  # PG07: 3 Shelters on Mars
    play(game, "goal PG11")
    assert legal(game) == {"reward develop", "reward travel"}
    play(game, "reward develop")
    assert "goal PG07" not in legal(game)
    assert_illegal(game, "goal PG07")


def test_q4_contracts_are_held_and_scored_by_each_player() -> None:
    """Seed Q4, §16, §24.2: each player scores only the contracts they hold: a completed
    Delivery contract +9, an unfinished one -4; the other player's contract is theirs alone."""
    game = colony_pair()
    s = game.state
    a, b = s.players
    a.contracts, b.contracts = ["C07"], ["C09"]  # 4 Minerals; 3 Water + 2 Minerals
    a.shelters = 1  # storage 5
    only_res(game, 0, mineral=4)
    for _ in range(4):
        play(game, "deliver C07 mineral")
    assert a.contracts_done == ["C07"] and b.contracts_done == []
    arrange(game, {"end_round": s.round})
    while not game.is_over:
        options = legal(game)
        pick = next((c for c in ("end", "done", "stay", "main control") if c in options), None)
        play(game, pick or sorted(options)[0])
    rows = {r["seat"]: r["breakdown"]["contracts"] for r in game.scores()}
    assert rows == {0: 9, 1: -4}


def test_q4_delivery_needs_the_exact_resources() -> None:
    """Seed Q4 and item 3, §16: a Delivery contract takes exactly its depicted items; Minerals
    do not stand in for its Water."""
    game = colony_pair()
    arrange(game, {"players": {0: {"contracts": ["C09"]}}})  # 3 Water + 2 Minerals
    only_res(game, 0, mineral=2, water=0)
    assert {m for m in legal(game) if m.startswith("deliver")} == {"deliver C09 mineral"}
    assert_illegal(game, "deliver C09 water")


# --- Q5: scope -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5])
def test_q5_only_the_2_to_4_player_game(players: int) -> None:
    """Seed Q5, §26: the engine plays the standard 2-4 player game; the solo game (Lacerda's
    deck) and Alien Invasion are out of scope, so a 1-player game is refused naming §3."""
    with pytest.raises(ValueError, match="§3"):
        onmars.Game.new(players=players)
