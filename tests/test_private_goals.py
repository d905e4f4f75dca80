"""The 16 Private Goals (§18.2): each condition met and just not met, and each reward; the rules
around them (§18.1, RUL-15): one per game, on your own turn, a reward of your choice.

Every test plays seat 0's first turn of a 3-player game on an empty Mars map, arranges what the
goal asks for, and completes it with ``goal <id>`` and ``reward <choice>``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import assert_illegal, cell, frame, legal, only_res, play

import onmars
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.engine.state import State
from onmars.rules.position import arrange, position


def goal_game(side: str = "orbit") -> onmars.Game:
    """Seat 0 to play (space 1, or 5 on the Colony side), a map bare but for the Shelters, no
    Mission Crystals."""
    spaces = {0: 1, 1: 2, 2: 3} if side == "orbit" else {0: 5, 1: 6, 2: 7}
    return position({"map": "bare", "missions": {}}, spaces=spaces, shuttle=side)


def line(s: State, kind: str, q: int, r: int, n: int) -> list[int]:
    """``n`` buildings of ``kind`` down column ``q`` from row ``r`` (one Complex)."""
    cells = [cell(q, r + i) for i in range(n)]
    for c in cells:
        s.bld[c] = kind
    return cells


# --- conditions: (met, not met) arrangements for seat 0 -----------------------------------------

Setup = Callable[[onmars.Game, bool], None]


def pg01(g: onmars.Game, met: bool) -> None:
    arrange(
        g, {"players": {0: {"blueprints": ["BP01", "BP02", "BP13", "BP05"][: 4 if met else 3]}}}
    )


def pg02(g: onmars.Game, met: bool) -> None:
    p = g.state.players[0]
    arrange(g, {"players": {0: {"blueprints": ["BP01", "BP02", "BP05"]}}})
    arrange(g, {"players": {0: {"built": p.blueprints[: 3 if met else 2]}}})


def pg03(g: onmars.Game, met: bool) -> None:
    s = g.state
    mines = line(s, "mine", -3, 0, 1) + line(s, "mine", 0, 0, 1) + line(s, "mine", 3, -3, 1)
    arrange(g, {"map": {hexmap.text(mines[0]): "+miner:0"}})
    arrange(g, {"map": {hexmap.text(mines[1]): "+ab:0"}})  # a marker counts as well as a Miner
    # another player's Miner does not
    arrange(g, {"map": {hexmap.text(mines[2]): f"+miner:{0 if met else 1}"}})


def pg04(g: onmars.Game, met: bool) -> None:
    arrange(g, {"players": {0: {"discoveries": ["D01", "D02", "D03"] if met else ["D01", "D02"]}}})
    arrange(
        g, {"players": {0: {"bot_discoveries": [] if met else ["D03"]}}}
    )  # Bots are not the Rover


def pg05(g: onmars.Game, met: bool) -> None:
    s = g.state
    cells = line(s, "generator", 0, -2, 4 if met else 3)
    arrange(g, {"map": {hexmap.text(cells[0]): "+ab:0"}})


def pg06(g: onmars.Game, met: bool) -> None:
    arrange(g, {"players": {0: {"shelters": 1}}})  # storage 5
    only_res(g, 0, mineral=5, water=4 if met else 3, plant=3)  # Minerals do not count


def pg07(g: onmars.Game, met: bool) -> None:
    arrange(g, {"players": {0: {"shelters": 2 if met else 3}}})  # 3 or 2 of 5 on Mars


def pg08(g: onmars.Game, met: bool) -> None:
    arrange(g, {"level": 3 if met else 2})


def pg09(g: onmars.Game, met: bool) -> None:
    p = g.state.players[0]
    p.shelters = 2  # Living Quarters hold 8
    p.lq = 7 if met else 6


def pg10(g: onmars.Game, met: bool) -> None:
    tiles = {"1t": "A-rover", "1b": "A-mine", "3t": "A-ship", "4t": "A-upgrade"}
    if not met:
        del tiles["4t"]
    g.state.players[0].lab.update(tiles)  # + the Shelter Tech, which counts


def pg11(g: onmars.Game, met: bool) -> None:
    arrange(g, {"players": {0: {"hangar": 3 if met else 2}}})


def pg12(g: onmars.Game, met: bool) -> None:
    g.state.players[0].research = ["A", "B"] if met else ["A"]


def pg13(g: onmars.Game, met: bool) -> None:
    p = g.state.players[0]
    p.scientists = ["geologist"]
    p.contracts = ["C07"]
    p.contracts_done = ["C07"] if met else []  # held is not completed (RUL-10)


def pg14(g: onmars.Game, met: bool) -> None:
    p = g.state.players[0]
    p.lab = {"3t": "A-rover", "4m": "A-mine", "5b" if met else "5t": "A-ship"}  # RUL-3 marks


def pg15(g: onmars.Game, met: bool) -> None:
    g.state.players[0].progress = ["mine", "generator", "water"][: 3 if met else 2]


def pg16(g: onmars.Game, met: bool) -> None:
    s = g.state
    first = line(s, "greenhouse", -3, 0, 3)
    second = line(s, "condenser", 3, -3, 3)
    arrange(g, {"map": {hexmap.text(first[0]): "+ab:0"}})
    # two markers in one Complex do not do
    arrange(g, {"map": {hexmap.text(second[0] if met else first[1]): "+ab:0"}})


CONDITIONS: dict[str, Setup] = {
    "PG01": pg01,
    "PG02": pg02,
    "PG03": pg03,
    "PG04": pg04,
    "PG05": pg05,
    "PG06": pg06,
    "PG07": pg07,
    "PG08": pg08,
    "PG09": pg09,
    "PG10": pg10,
    "PG11": pg11,
    "PG12": pg12,
    "PG13": pg13,
    "PG14": pg14,
    "PG15": pg15,
    "PG16": pg16,
}


def test_every_goal_card_has_a_condition_test() -> None:
    """§18.2: the 16 cards, each covered below."""
    assert sorted(load().private_goal) == sorted(CONDITIONS)


@pytest.mark.parametrize("goal", sorted(CONDITIONS))
def test_goal_can_be_completed_when_its_condition_holds(goal: str) -> None:
    """§18.2 / §18.1: the card's condition holds, so the goal may be completed on your turn,
    and then a reward chosen: develop twice for free or the card's own."""
    game = goal_game()
    game.state.players[0].goals = [goal]
    CONDITIONS[goal](game, True)
    play(game, f"goal {goal}")
    reward = load().private_goal[goal].reward
    assert legal(game) == {"reward develop", f"reward {reward}"}
    assert game.state.players[0].goal_done == goal


@pytest.mark.parametrize("goal", sorted(CONDITIONS))
def test_goal_cannot_be_completed_one_short(goal: str) -> None:
    """§18.2: one short of the card's condition, the goal cannot be completed."""
    game = goal_game()
    arrange(game, {"players": {0: {"goals": [goal]}}})
    CONDITIONS[goal](game, False)
    assert f"goal {goal}" not in legal(game)
    assert_illegal(game, f"goal {goal}")


# --- §18.1: when and how often ------------------------------------------------------------------


def test_only_one_goal_per_game() -> None:
    """§18.1, seed Q4: after one goal is completed no other may be, even when met."""
    game = goal_game()
    arrange(game, {"players": {0: {"goals": ["PG11", "PG08"]}}})
    pg11(game, True)
    pg08(game, True)
    play(game, "goal PG11", "reward develop")
    assert "goal PG08" not in legal(game)
    assert_illegal(game, "goal PG08")


def test_goal_is_completed_only_between_actions_of_your_turn() -> None:
    """§18.1, RUL-15: completing a goal is a turn-level move: not in the middle of an action's
    choices."""
    game = goal_game()
    arrange(game, {"players": {0: {"goals": ["PG11"]}}})
    pg11(game, True)
    play(game, "main resupply")
    assert frame(game)["t"] == "warehouse"
    assert "goal PG11" not in legal(game)


# --- rewards (§18.2) ----------------------------------------------------------------------------


def complete(game: onmars.Game, goal: str, reward: str) -> None:
    arrange(game, {"players": {0: {"goals": [goal]}}})
    CONDITIONS[goal](game, True)
    play(game, f"goal {goal}", f"reward {reward}")


def test_reward_develop_twice_at_no_cost() -> None:
    """§18.2 (every card): develop Tech twice for free: one tile twice or two once, no column
    cost, space benefits gained."""
    game = goal_game()
    p = game.state.players[0]
    only_res(game, 0)  # nothing to pay with: the developments are free
    complete(game, "PG11", "develop")
    play(game, "develop shelter-red 3b", "gain crystal")  # 2m -> 3b: a Crystal (§20)
    play(game, "develop shelter-red 4m", "gain crystal")  # -> 4m: another Crystal
    assert p.lab == {"4m": "shelter-red"} and p.pending == 2
    assert frame(game)["t"] == "turn"


@pytest.mark.parametrize("goal", ["PG01", "PG16"])
def test_reward_two_free_upgrades(goal: str) -> None:
    """§18.2 PG01/PG16: upgrade up to 2 buildings at no cost (no Mineral), by the usual rules
    otherwise (Bot zone, matching Blueprint)."""
    game = goal_game()
    s, p = game.state, game.state.players[0]
    complete_setup = CONDITIONS[goal]
    arrange(game, {"players": {0: {"goals": [goal]}}})
    complete_setup(game, True)
    arrange(
        game, {"players": {0: {"blueprints": list(dict.fromkeys([*p.blueprints, "BP01", "BP02"]))}}}
    )
    arrange(game, {"players": {0: {"built": [b for b in p.built if b not in ("BP01", "BP02")]}}})
    mines = [cell(-1, 3), cell(1, 2)]
    for c in mines:
        arrange(game, {"map": {hexmap.text(c): "+mine"}})
    arrange(game, {"map": {hexmap.text(cell(0, 2)): "+bot:0"}})
    only_res(game, 0)  # no Mineral at all
    play(game, f"goal {goal}", "reward free_upgrades")
    ups = sorted(m for m in legal(game) if m.startswith("upgrade BP01"))
    assert ups == ["upgrade BP01 -1,3", "upgrade BP01 1,2"]
    play(game, "upgrade BP01 -1,3", "upgrade BP02 1,2")
    assert s.ab[mines[0]] == 0 and s.ab[mines[1]] == 0 and p.res["mineral"] == 0
    assert frame(game)["t"] == "turn"


def test_reward_three_resources_not_minerals() -> None:
    """§18.2 PG02: gain up to 3 Resources of your choice from the supply, never Minerals."""
    game = goal_game()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"shelters": 1}}})
    only_res(game, 0)
    complete(game, "PG02", "resources")
    assert "gain mineral" not in legal(game)
    play(game, "gain water", "gain water", "gain oxygen")
    assert p.res == {"mineral": 0, "battery": 0, "water": 2, "plant": 0, "oxygen": 1}
    assert frame(game)["t"] == "turn"


def test_reward_three_minerals() -> None:
    """§18.2 PG03: gain 3 Minerals (storage allowing, §4)."""
    game = goal_game()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"shelters": 1}}})
    only_res(game, 0)
    complete(game, "PG03", "minerals")
    assert p.res["mineral"] == 3


@pytest.mark.parametrize("goal", ["PG04", "PG08"])
def test_reward_rover_moves_up_to_five(goal: str) -> None:
    """§18.2 PG04/PG08: move your Rover up to 5 hexes (Crystals may add more)."""
    game = goal_game()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"crystals": 0}}})
    complete(game, goal, "rover_move")
    for q in range(1, 6):
        play(game, f"rover {q},0")
    assert not any(m.startswith("rover") for m in legal(game))  # 5 hexes, no Crystal
    play(game, "done")
    assert p.rover == cell(5, 0)


@pytest.mark.parametrize("goal", ["PG05", "PG07"])
def test_reward_two_colonists_from_supply(goal: str) -> None:
    """§18.2 PG05/PG07: 2 Colonists from your supply into Living Quarters."""
    game = goal_game()
    p = game.state.players[0]
    arrange(game, {"players": {0: {"shelters": 2}}})
    lq, reserve = p.lq, p.reserve
    complete(game, goal, "colonists")
    assert (p.lq, p.reserve) == (lq + 2, reserve - 2)


@pytest.mark.parametrize("goal", ["PG06", "PG13"])
def test_reward_free_earth_contract(goal: str) -> None:
    """§18.2 PG06/PG13: an Earth Contract from the display at no cost (no Crystal, no
    Colonist); the display is refilled at the end of the turn."""
    game = goal_game()
    s, p = game.state, game.state.players[0]
    contract = s.contract_deck.pop()
    s.science[0] = contract
    p.crystals = 0
    complete(game, goal, "free_contract")
    held = list(p.contracts)
    assert not any(m.startswith("hire ") and m[5:] in load().scientist for m in legal(game))
    play(game, f"hire {contract}")
    assert p.contracts == [*held, contract] and p.crystals == 0
    assert s.slots["hire"] == []


def test_reward_free_ship_obeys_the_ship_limit() -> None:
    """§18.2 PG09, RUL-14: welcome a Ship at no cost (no Plant or Water), within the ship
    limit; it may bring a Bot, which counts for the Bots Mission."""
    game = goal_game()
    s, p = game.state, game.state.players[0]
    s.missions = {"M4": 3}
    only_res(game, 0)
    s.bld[cell(-4, 1)] = "shelter:0"
    complete(game, "PG09", "free_ship")
    play(game, "ship 5", "reward bot")
    assert p.hangar == 1 and p.ships_out == 1
    assert s.bot[cell(-4, 1)] == 0 and s.missions["M4"] == 2 and p.pending == 2

    game = goal_game()
    game.state.players[0].ships_out = 1  # Colony level 1: no more Ships
    complete(game, "PG09", "free_ship")
    assert frame(game)["t"] == "turn" and game.state.players[0].hangar == 0


def test_reward_pg10_retrieves_from_the_board_mines_included() -> None:
    """§18.2 PG10: retrieve 2 Colonists "from the board and/or the Working Area": Action slots
    of either side, the Working Area, and (our reading of "the board") Miners on Mines."""
    game = goal_game()
    s, p = game.state, game.state.players[0]
    arrange(game, {"map": {hexmap.text(cell(2, 2)): "+mine"}})
    arrange(game, {"map": {hexmap.text(cell(2, 2)): "+miner:0"}})
    arrange(game, {"slots": {"construct": [0]}})
    arrange(game, {"players": {0: {"wa": 1}}})
    arrange(game, {"players": {0: {"lq": 1}}})
    complete(game, "PG10", "retrieve_anywhere")
    assert {"retrieve wa", "retrieve construct", "retrieve 2,2", "done"} == legal(game)
    play(game, "retrieve 2,2", "retrieve construct")
    assert s.miner[cell(2, 2)] == -1 and s.slots["construct"] == [] and p.lq == 3


def test_reward_pg15_retrieves_from_slots_and_working_area_only() -> None:
    """§18.2 PG15: retrieve 2 Colonists from Action slots and/or the Working Area; Miners stay
    (that is PG10's wider "board")."""
    game = goal_game()
    s, p = game.state, game.state.players[0]
    s.bld[cell(2, 2)] = "mine"
    s.miner[cell(2, 2)] = 0
    s.slots["blueprint"] = [0]
    p.wa = 1
    p.lq = 1
    complete(game, "PG15", "retrieve_slots")
    assert legal(game) == {"retrieve wa", "retrieve blueprint", "done"}
    play(game, "retrieve wa", "retrieve blueprint")
    assert s.miner[cell(2, 2)] == 0 and p.lq == 3 and p.wa == 0


def test_reward_travel_with_the_usual_steps() -> None:
    """§18.2 PG11: travel to the other side with the normal steps: to Orbit, production, then
    retrieval, then an empty Orbit Turn Order space and its bonus; the Main action then is an
    Orbit one."""
    game = goal_game(side="colony")
    p = game.state.players[0]
    arrange(game, {"map": {hexmap.text(cell(2, 2)): "+mine"}})
    arrange(game, {"map": {hexmap.text(cell(2, 2)): "+miner:0"}})
    only_res(game, 0)
    arrange(game, {"players": {0: {"wa": 1}}})
    complete(game, "PG11", "travel")
    assert p.res["mineral"] == 1  # production on the way to Orbit
    assert p.wa == 0
    assert frame(game)["t"] == "seat" and legal(game) == {f"seat {n}" for n in (1, 2, 3, 4)}
    play(game, "seat 1")
    if frame(game)["t"] == "warehouse":
        play(game, "done")
    assert p.side == "orbit" and "main resupply" in legal(game)


def test_reward_free_scientist() -> None:
    """§18.2 PG12: a Scientist from the display at no cost; it counts for the Scientists
    Mission."""
    game = goal_game()
    s, p = game.state, game.state.players[0]
    arrange(game, {"missions": {"M8": 4}})
    only_res(game, 0)
    complete(game, "PG12", "free_scientist")
    assert all(m.startswith("hire ") for m in legal(game))
    play(game, "hire systems_engineer")
    assert p.scientists == ["systems_engineer"] and s.missions["M8"] == 3 and p.pending == 2


def test_reward_three_crystals_below_the_depot() -> None:
    """§18.2 PG14: up to 3 Crystals from the supply; like every gained Crystal they wait below
    the Depot (seed item 3)."""
    game = goal_game()
    p = game.state.players[0]
    crystals = p.crystals
    complete(game, "PG14", "crystals")
    assert p.pending == 3 and p.crystals == crystals


def test_free_upgrades_complete_an_upgrade_contract_at_once() -> None:
    """RUL-10: an Upgrade contract is completed as soon as its condition holds, also after a
    Private Goal reward: the Contracts Mission counts it then, not at some later action."""
    game = goal_game(side="colony")
    s, p = game.state, game.state.players[0]
    arrange(game, {"missions": {"M9": 2}})
    arrange(
        game, {"players": {0: {"contracts": ["C02"]}}}
    )  # a marker on a Generator in a Complex of 4+
    arrange(game, {"players": {0: {"goals": ["PG01"]}}})
    arrange(
        game, {"players": {0: {"blueprints": ["BP01", "BP02", "BP13", "BP04"]}}}
    )  # BP04: a Generator Blueprint
    line(s, "generator", 0, -2, 4)
    arrange(game, {"map": {hexmap.text(cell(1, -1)): "+bot:0"}})
    play(game, "goal PG01", "reward free_upgrades", "upgrade BP04 0,-1")
    assert p.contracts_done == ["C02"]
    assert s.missions["M9"] == 1 and p.pending == 1
