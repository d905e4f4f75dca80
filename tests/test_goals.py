"""Private Goals, Earth Contracts held by players, and secrets (§16, §18, RUL-10, RUL-15,
RUL-18, seed items 3 and 8)."""

from __future__ import annotations

import pytest
from conftest import ORBIT, assert_illegal, legal, opening, play, started, to_turn_of

from onmars import Game
from onmars.rules.actions.economy import crystals_in, gain
from onmars.rules.position import arrange, position


def with_goals(game: Game, seat: int, *goals: str) -> None:
    """``seat`` holds the Private Goals ``goals`` (§18)."""
    arrange(game, {"players": {seat: {"goals": list(goals)}}})


def test_goal_completed_when_its_condition_holds() -> None:
    """§18.1: on your turn, a met Private Goal may be completed and one reward taken."""
    game = started(3, seed=1)
    p = game.state.players[0]
    with_goals(game, 0, "PG11", "PG03")  # PG11: 3 Ships in your Hangar
    assert "goal PG11" not in legal(game)
    arrange(game, {"players": {0: {"hangar": 3}}})
    play(game, "goal PG11")
    assert p.goal_done == "PG11" and p.goals == ["PG03"]
    assert legal(game) == {"reward develop", "reward travel"}


def test_only_one_private_goal_per_game() -> None:
    """§18.1: once a goal is completed no other can be completed, even if met."""
    game = started(3, seed=1)
    with_goals(game, 0, "PG11", "PG10")
    arrange(game, {"players": {0: {"hangar": 3}}})
    play(game, "goal PG11", "reward develop")
    lab = {"1t": "A-rover", "1b": "A-mine", "3t": "A-ship", "4t": "A-upgrade"}
    arrange(game, {"players": {0: {"lab": lab}}})
    assert "goal PG10" not in legal(game)
    assert_illegal(game, "goal PG10", "§")


def test_goal_reward_brings_colonists_from_supply() -> None:
    """§18.2 PG07: with 3 Shelters built, the alternative reward puts 2 Colonists from your
    supply into Living Quarters."""
    game = started(3, seed=1)
    p = game.state.players[0]
    with_goals(game, 0, "PG07")
    arrange(game, {"players": {0: {"shelters": 2}}})  # 3 built
    lq = p.lq
    play(game, "goal PG07", "reward colonists")
    assert p.lq == lq + 2


def test_card_spent_as_crystal_pays_an_executive_action() -> None:
    """§18.1: a Private Goal card from hand pays as a Crystal; the card is gone."""
    game = position({"players": {0: {"crystals": 1}}})
    p = game.state.players[0]
    assert "exec warehouse" not in legal(game)  # costs 2
    goal = p.goals[0]
    play(game, f"discard {goal}")
    assert goal not in p.goals and p.crystals == 2
    play(game, "exec warehouse", "item water")
    assert p.crystals == 0


def test_unspent_goal_crystal_is_lost_at_end_of_turn() -> None:
    """§18.1: the card is a payment, not a Crystal token: unused, it is lost with the turn."""
    game = position({"players": {0: {"crystals": 1}}})
    p = game.state.players[0]
    play(game, f"discard {p.goals[0]}", "main resupply", "item water")
    while game.current_player == 0:
        play(game, "end" if "end" in legal(game) else "done")
    assert p.crystals == 1


def test_after_both_actions_a_card_is_spent_ahead_of_a_goal_whose_reward_buys_steps() -> None:
    """§18.1, RUL-15: a card may be spent as a Crystal at any point of your turn outside an
    action. With both actions taken it can still pay for a goal's reward completed next (PG04's
    Rover moves, each Crystal one more hex); with no goal to complete it could pay for nothing
    and is refused."""
    me = {"crystals": 0, "goals": ["PG04", "PG07"]}
    game = position({"turn": {"main": True, "exec": True}, "players": {0: me}})
    p = game.state.players[0]
    assert "discard PG07" not in legal(game)  # PG04 not met: nothing could use the Crystal
    assert_illegal(game, "discard PG07", "§18.1")
    arrange(game, {"players": {0: {"discoveries": ["D01", "D02", "D03"]}}})  # PG04: 3 by Rover
    assert {"goal PG04", "discard PG07"} <= legal(game)
    play(game, "discard PG07", "goal PG04", "reward rover_move")
    assert p.crystals == 1 and game.state.stack[-1]["t"] == "rover_move"


def warehouse_crystals(game: Game) -> int:
    """Take Warehouse Crystals while they are offered, buying more picks with Colonists (§7.5
    boost); how many were taken."""
    taken = 0
    while True:
        if "item crystal" in legal(game):
            play(game, "item crystal")
            taken += 1
        elif "boost" in legal(game):
            play(game, "boost")
        else:
            return taken


@pytest.mark.parametrize(("rules", "room"), [(1, 2), (0, 3)])
def test_a_card_paid_out_as_a_crystal_frees_no_depot_space(rules: int, room: int) -> None:
    """§7.5, §18.1 (issue 21.2): seat 2 holds 2 Crystals in a 3-space Depot, spends PG08 as a
    Crystal and pays Executive row 1 (2 Crystals) with the card and a Crystal: 1 Crystal is
    left, so Resupply may take 2 Warehouse Crystals, not a third that would be lost at the
    next turn start. Rules version 0 counted the paid-out card as a free space (3)."""
    game = opening(Game.new(3, seed=1, rules=rules), ORBIT)
    to_turn_of(game, 2)
    p = game.state.players[2]
    arrange(game, {"players": {2: {"crystals": 2}}})
    play(game, "discard PG08", "exec bots", "done", "main resupply")
    assert p.crystals == 1
    assert warehouse_crystals(game) == room
    if rules:
        assert_illegal(game, "item crystal", "§7.5", "Depot")


def test_goal_crystal_never_goes_onto_a_delivery_contract() -> None:
    """§16, seed item 3: Private Goal cards are not Crystals for Delivery contracts."""
    # C12: 3 Crystals + 2 Minerals
    game = position({"players": {0: {"contracts": ["C12"], "crystals": 0}}})
    p = game.state.players[0]
    play(game, f"discard {p.goals[0]}")
    assert "deliver C12 crystal" not in legal(game)
    assert_illegal(game, "deliver C12 crystal")


def test_minerals_never_substitute_on_a_delivery_contract() -> None:
    """§16, seed item 3: a Delivery contract takes exactly its items; Minerals stand in for
    nothing."""
    # C09: 3 Water + 2 Minerals
    game = position({"players": {0: {"contracts": ["C09"], "res": {"mineral": 2, "*": 0}}}})
    p = game.state.players[0]
    assert {"deliver C09 mineral"} == {m for m in legal(game) if m.startswith("deliver")}
    play(game, "deliver C09 mineral", "deliver C09 mineral")
    assert p.res["mineral"] == 0 and p.delivered["C09"] == ["mineral", "mineral"]
    assert not any(m.startswith("deliver") for m in legal(game))


def test_delivery_completes_the_contract_and_counts_for_the_mission() -> None:
    """RUL-10: a Delivery contract is completed when its last item is placed; it counts for the
    Contracts Mission at once and scores +9 at the end."""
    # C07: 4 Minerals; 3 Shelters built: storage 4
    me = {"contracts": ["C07"], "shelters": 2, "res": {"mineral": 4, "*": 0}}
    game = position({"missions": {"M9": 2}, "players": {0: me}})
    s = game.state
    p = s.players[0]
    for _ in range(4):
        play(game, "deliver C07 mineral")
    assert p.contracts_done == ["C07"]
    assert s.missions["M9"] == 1 and p.pending == 1  # 1 Crystal per contribution


def test_final_scoring_counts_contracts_and_categories() -> None:
    """§24.2: unfinished Delivery contract -4, missing blueprint -3/-5, ships 3 each, techs by
    column, and the breakdown adds up to the total."""
    me = {"contracts": ["C08"], "blueprints": ["BP01", "BP13"], "hangar": 2}
    game = position({"end_round": 1, "players": {0: me}}, players=2, seed=3)
    s = game.state
    assert s.round == 1
    while not game.is_over:
        options = legal(game)
        pick = next((c for c in ("end", "done", "stay", "main resupply") if c in options), None)
        play(game, pick or sorted(options)[0])
    row = game.scores()[0]
    assert row["breakdown"]["contracts"] == -4
    assert row["breakdown"]["blueprints"] == -3 - 5
    assert row["breakdown"]["ships"] == 6
    assert sum(row["breakdown"].values()) == row["total"]


def test_views_hide_other_players_goals_and_stack_orders() -> None:
    """RUL-18: others see a count of your Private Goals and face-down Discovery tiles; nobody
    sees the order of a face-down stack."""
    game = position({"players": {1: {"discoveries": ["D05"]}}})
    mine = game.view(0)
    assert mine["players"][0]["goals"] == game.state.players[0].goals
    assert mine["players"][1]["goals"] == 3 and mine["players"][1]["discoveries"] == 1
    assert mine["discovery_stack"] == len(game.state.discovery_stack)
    assert isinstance(mine["bp_deck"], int) and mine["seed"] is None
    spectator = game.view(None)
    assert all(isinstance(p["goals"], int) for p in spectator["players"])
    text = str(spectator)
    assert not any(goal in text for p in game.state.players for goal in p.goals)


def test_final_scoring_completes_what_it_can_and_delivers_nothing_partial() -> None:
    """§16, §24.2, §24.4: before the final scoring items still go onto Delivery contracts; the
    engine completes every contract the player's items can complete (+9) and makes no partial
    delivery, which would score nothing and only lose tie-break Crystals."""
    game = started(2, seed=3)
    s = game.state
    p = s.players[0]
    arrange(
        game, {"players": {0: {"contracts": ["C07", "C12"]}}}
    )  # 4 Minerals; 3 Crystals + 2 Minerals
    arrange(game, {"players": {0: {"shelters": 1}}})  # storage 5
    arrange(game, {"end_round": s.round})
    while not game.is_over:
        arrange(game, {"players": {0: {"res": {"mineral": 4}}}})
        arrange(game, {"players": {0: {"crystals": 1, "pending": 0}}})
        options = legal(game)
        pick = next((c for c in ("end", "done", "stay", "main resupply") if c in options), None)
        play(game, pick or sorted(options)[0])
    assert p.contracts_done == ["C07"] and "C12" not in p.delivered
    assert game.scores()[0]["breakdown"]["contracts"] == 9 - 4
    assert p.crystals == 1


def test_gained_items_beyond_storage_go_onto_a_delivery_contract() -> None:
    """§16: items a Delivery contract needs may be gained straight onto it, past the storage
    cap; Minerals count only where the card asks for Minerals (seed item 3)."""
    # C09: 3 Water + 2 Minerals; storage is full at 2
    game = position({"players": {0: {"contracts": ["C09"], "res": {"water": 2, "*": 0}}}})
    p = game.state.players[0]
    gain(p, "water", 2)
    assert p.res["water"] == 2 and p.delivered["C09"] == ["water", "water"]
    gain(p, "oxygen", 5)
    assert p.res["oxygen"] == 2 and p.delivered["C09"] == ["water", "water"]


def test_crystals_the_depot_cannot_hold_go_onto_a_delivery_contract() -> None:
    """§16, seed item 3: Crystals gained that the Depot has no room for may go onto a Delivery
    contract that needs them instead of being lost."""
    # C12: 3 Crystals + 2 Minerals; the Depot (3 free spaces) is full
    game = position({"players": {0: {"contracts": ["C12"], "crystals": 3, "pending": 2}}})
    p = game.state.players[0]
    crystals_in(p)
    assert p.crystals == 3 and p.delivered["C12"] == ["crystal", "crystal"]
