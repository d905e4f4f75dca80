"""Hire a Scientist or Take an Earth Contract (§9.5), its per-player slot (§6.5), the hiring costs
(RUL-11) and the refill of the display at the end of the turn.

Rule ids: §n = rules.md sections, RUL-n = rulings.md.
"""

from __future__ import annotations

import pytest

from onmars import Game, IllegalMoveError
from onmars.rules.actions.science import push_free_card, push_hire
from onmars.rules.position import arrange


def colony_game(players: int = 3, seed: int = 1) -> Game:
    """Every player takes the highest free Turn Order space (the Colony side) and declines the
    bonuses; the game stops at the first turn."""
    g = Game.new(players, seed=seed)
    while g.state.stack[-1]["t"] != "turn":
        moves = g.legal_moves()
        seats = [m for m in moves if m.verb == "seat"]
        if seats:
            g.play(max(seats, key=lambda m: int(m.args[0])))
        elif g.state.stack[-1]["t"] == "shuttle_side":
            g.play("shuttle orbit")
        else:
            g.play("done")
    return g


def refuses(g: Game, move: str, rule: str) -> str:
    """``move`` raises IllegalMoveError naming ``rule`` and leaves the state unchanged."""
    before = g.state.to_dict()
    with pytest.raises(IllegalMoveError) as exc:
        g.play(move)
    assert str(exc.value).startswith(rule), str(exc.value)
    assert g.state.to_dict() == before
    return str(exc.value)


def end_turn(g: Game) -> None:
    """Play ``end`` unless it already played itself (a lone ``end`` is forced)."""
    if g.state.stack[-1]["t"] == "turn" and g.state.turn.get("main"):
        g.play("end")


@pytest.fixture
def g() -> Game:
    return colony_game()


def me(g: Game):
    return g.state.players[g.current_player]


# --- costs -----------------------------------------------------------------------------------


def test_hire_scientist_pays_two_of_its_resource(g: Game) -> None:
    """§9.5 / RUL-11: the Hydrologist costs 2 Batteries; the Colonist goes on the hire slot, the
    Scientist and its marker (on its own card) come to the player, the Mission counts it."""
    p = me(g)
    p.res.update(battery=2, mineral=0)
    arrange(g, {"missions": {"M8": 4}})
    lq = p.lq
    g.play("main hire")
    g.play("hire hydrologist")  # only Batteries can pay: the payment plays itself
    assert p.res["battery"] == 0
    assert p.scientists == ["hydrologist"]
    assert g.state.sci_at == {"hydrologist": ""}
    assert g.state.slots["hire"] == [p.seat]
    assert p.lq == lq - 1
    assert g.state.missions["M8"] == 3 and p.pending == 2  # §17: 2 Crystals per step
    assert g.state.science[2] == ""


def test_minerals_pay_for_a_scientist(g: Game) -> None:
    """RUL-11: Minerals may pay any Resource cost, hiring included."""
    p = me(g)
    p.res.update(battery=1, mineral=2)
    g.play("main hire")
    g.play("hire hydrologist")
    assert {str(m) for m in g.legal_moves()} == {"pay battery", "pay mineral"}
    g.play("pay mineral")
    g.play("pay battery")
    assert p.res["battery"] == 0 and p.res["mineral"] == 1
    assert p.scientists == ["hydrologist"]


def test_minerals_alone_pay_for_a_scientist(g: Game) -> None:
    """RUL-11: with no Water at all, 2 Minerals hire the Biochemist."""
    p = me(g)
    p.res.update(water=0, mineral=2)
    g.play("main hire")
    g.play("hire biochemist")
    assert p.res["mineral"] == 0 and p.scientists == ["biochemist"]


def test_geologist_costs_two_colonists_to_the_working_area(g: Game) -> None:
    """RUL-11: the Geologist moves 2 Colonists from Living Quarters to the Working Area, beside
    the one placed on the slot (§6.5)."""
    p = me(g)
    p.lq, p.wa = 4, 0
    g.play("main hire")
    g.play("hire geologist")
    assert (p.lq, p.wa) == (1, 2)
    assert p.scientists == ["geologist"]


def test_geologist_needs_two_colonists_after_the_placed_one(g: Game) -> None:
    """RUL-11 / §6.2: with 2 Colonists in Living Quarters, one goes on the slot and only one is
    left: the Geologist cannot be hired."""
    p = me(g)
    p.lq = 2
    g.play("main hire")
    assert "hire geologist" not in {str(m) for m in g.legal_moves()}
    refuses(g, "hire geologist", "RUL-11")


def test_unaffordable_scientist_is_refused(g: Game) -> None:
    """RUL-11: without 2 Oxygen (Minerals counted), the Systems Engineer cannot be hired; the
    move is refused and nothing changes."""
    p = me(g)
    p.res.update(oxygen=1, mineral=0)
    g.play("main hire")
    msg = refuses(g, "hire systems_engineer", "RUL-11")
    assert "oxygen" in msg


def test_contract_costs_one_crystal(g: Game) -> None:
    """§9.5 / §16: an Earth Contract in the display costs 1 Crystal from the Depot; Minerals do
    not replace it (§23.1)."""
    s = g.state
    s.science[0] = "C07"
    p = me(g)
    p.crystals, p.res["mineral"] = 2, 3
    g.play("main hire")
    g.play("hire C07")
    assert p.crystals == 1 and p.res["mineral"] == 3
    assert p.contracts == ["C07"]
    assert s.science[0] == ""


def test_contract_without_crystal_is_refused(g: Game) -> None:
    """§9.5: no Crystal in the Depot, no Contract (Minerals never stand in for a Crystal)."""
    g.state.science[0] = "C07"
    p = me(g)
    p.crystals, p.res["mineral"] = 0, 3
    g.play("main hire")
    refuses(g, "hire C07", "RUL-11")


def test_card_not_in_display_is_refused(g: Game) -> None:
    """§9.5: only a card in the display can be taken."""
    g.play("main hire")
    refuses(g, "hire C01", "§9.5")


def test_hire_action_unavailable_when_nothing_is_affordable(g: Game) -> None:
    """§9.5: with no card payable, the action is not offered and choosing it is refused."""
    p = me(g)
    p.res = dict.fromkeys(p.res, 0)
    p.lq = 2  # the Geologist would need 2 more after the placed one
    assert "main hire" not in {str(m) for m in g.legal_moves()}
    refuses(g, "main hire", "§9.5")


# --- the per-player slot (§6.5) ----------------------------------------------------------------


def test_own_colonist_on_slot_blocks_the_action(g: Game) -> None:
    """§6.5: one slot per player; while your Colonist is there you cannot take the action."""
    arrange(g, {"slots": {"hire": [g.current_player]}})
    assert "main hire" not in {str(m) for m in g.legal_moves()}
    refuses(g, "main hire", "§6.5")


def test_other_colours_on_the_slots_cost_extra(g: Game) -> None:
    """§6.5 / §6.2: 3-4 players pay 1 per other colour present, Crystal or Colonist."""
    s = g.state
    seat = g.current_player
    others = [p.seat for p in s.players if p.seat != seat]
    arrange(g, {"slots": {"hire": list(others)}})
    p = me(g)
    p.crystals, p.lq, p.wa = 2, 4, 0
    p.res.update(plant=2)
    g.play("main hire")
    g.play("hire geochemist")
    g.play("pay plant")
    g.play("pay plant")
    assert s.stack[-1]["t"] == "placement_cost" and s.stack[-1]["owed"] == 2
    g.play("pay crystal")
    g.play("pay colonist")
    assert (p.crystals, p.lq, p.wa) == (1, 2, 1)
    assert s.slots["hire"] == [*others, seat]  # nobody was cleared (§6.5)


def test_slots_never_clear_when_full() -> None:
    """§6.5: the hire slots never clear: 4 players, 3 slots taken, the fourth player places and
    pays 3 (one per other colour); every Colonist stays, all 4 slots are now full, and the next
    player, whose Colonist is still there, cannot take the action."""
    g = colony_game(players=4)
    s = g.state
    seat = g.current_player
    others = [p.seat for p in s.players if p.seat != seat]
    arrange(g, {"slots": {"hire": list(others)}})
    p = me(g)
    p.crystals, p.lq = 3, 4
    g.play("main hire")
    g.play("hire geologist")  # 2 Colonists to the Working Area, 1 left in Living Quarters
    assert s.stack[-1]["owed"] == 3
    g.play("pay crystal")
    g.play("pay crystal")
    g.play("pay crystal")
    end_turn(g)
    while s.stack[-1]["t"] == "refill_science":
        g.play("refill C01")
    assert s.slots["hire"] == [*others, seat]
    assert all(q.wa == 0 for q in s.players if q.seat != seat)
    assert g.current_player in others
    assert "main hire" not in {str(m) for m in g.legal_moves()}
    refuses(g, "main hire", "§6.5")


def test_crystal_kept_for_the_contract(g: Game) -> None:
    """§9.5 / §6.2: a Contract is offered only if its Crystal and the placement cost can both be
    paid; the card's Crystal is taken first, so the placement is paid with a Colonist."""
    s = g.state
    s.science[0] = "C07"
    seat = g.current_player
    arrange(g, {"slots": {"hire": [x.seat for x in s.players if x.seat != seat][:1]}})
    p = me(g)
    p.crystals, p.lq, p.wa = 1, 2, 0
    g.play("main hire")
    g.play("hire C07")  # the placement payment has only one way left: a Colonist
    assert (p.crystals, p.lq, p.wa) == (0, 0, 1)


def test_one_crystal_cannot_pay_contract_and_placement(g: Game) -> None:
    """§9.5 / §6.2: with 1 Crystal, no spare Colonist and another colour on the slots, the
    Contract is not offered (its Crystal and the placement payment cannot both be met)."""
    s = g.state
    s.science[0] = "C07"
    seat = g.current_player
    arrange(g, {"slots": {"hire": [x.seat for x in s.players if x.seat != seat][:1]}})
    p = me(g)
    p.crystals, p.lq = 1, 1
    g.play("main hire")  # a Scientist is still payable (Battery + Mineral)
    assert "hire C07" not in {str(m) for m in g.legal_moves()}
    refuses(g, "hire C07", "RUL-11")


# --- refill (§9.5) -----------------------------------------------------------------------------


def test_refill_with_a_contract_of_the_players_choice(g: Game) -> None:
    """§9.5: at the end of the turn the taken space gets an Earth Contract chosen from the
    whole deck; the deck is public and not drawn from the top."""
    s = g.state
    p = me(g)
    p.res.update(battery=2)
    g.play("main hire")
    g.play("hire hydrologist")
    g.play("pay battery")
    g.play("pay battery")
    assert s.science[2] == ""  # empty for the rest of the turn
    end_turn(g)
    assert s.stack[-1]["t"] == "refill_science" and s.stack[-1]["p"] == p.seat
    assert {str(m) for m in g.legal_moves()} == {f"refill C{i:02d}" for i in range(1, 13)}
    g.play("refill C11")
    assert s.science[2] == "C11"
    assert "C11" not in s.contract_deck and len(s.contract_deck) == 11
    assert g.current_player != p.seat  # the turn is over


def test_refill_refuses_a_card_not_in_the_deck(g: Game) -> None:
    """§9.5: the refill comes from the Contract deck."""
    s = g.state
    s.contract_deck = ["C03", "C05"]
    me(g).res.update(battery=2)
    g.play("main hire")
    g.play("hire hydrologist")
    g.play("pay battery")
    g.play("pay battery")
    end_turn(g)
    refuses(g, "refill C01", "§9.5")
    g.play("refill C05")
    assert s.contract_deck == ["C03"]


def test_empty_deck_leaves_the_space_empty(g: Game) -> None:
    """§9.5: once the Contract deck is empty the space is not refilled."""
    s = g.state
    s.contract_deck = []
    p = me(g)
    p.res.update(battery=2)
    g.play("main hire")
    g.play("hire hydrologist")
    g.play("pay battery")
    g.play("pay battery")
    end_turn(g)
    assert s.science[2] == ""
    assert g.current_player != p.seat


def test_refilled_contract_can_be_taken_later(g: Game) -> None:
    """§9.5: the next player may take the Contract that refilled the space, for 1 Crystal."""
    s = g.state
    p = me(g)
    p.res.update(battery=2)
    g.play("main hire")
    g.play("hire hydrologist")
    g.play("pay battery")
    g.play("pay battery")
    end_turn(g)
    g.play("refill C09")
    q = me(g)
    q.crystals = 2
    g.play("main hire")
    assert "hire C09" in {str(m) for m in g.legal_moves()}
    g.play("hire C09")
    assert q.contracts == ["C09"] and s.science[2] == ""
    g.play("pay crystal")  # the other colour on the slots (§6.5)
    assert q.crystals == 0


# --- hiring outside the Main action ------------------------------------------------------------


def test_push_hire_places_no_colonist(g: Game) -> None:
    """§21 D09 / Private Goal rewards: hire paying normal costs, without a Colonist placement."""
    s = g.state
    p = me(g)
    p.res.update(water=2)
    lq = p.lq
    arrange(g, {"turn": {"main": True}})
    push_hire(s, p.seat)
    g.play("hire biochemist")
    g.play("pay water")
    g.play("pay water")
    assert p.scientists == ["biochemist"] and p.lq == lq and s.slots["hire"] == []


def test_free_scientist(g: Game) -> None:
    """Private Goal reward: a free Scientist costs nothing; Contracts are not offered."""
    s = g.state
    s.science[0] = "C01"
    p = me(g)
    p.res = dict.fromkeys(p.res, 0)
    push_free_card(s, p.seat, "scientist")
    assert "hire C01" not in {str(m) for m in g.legal_moves()}
    refuses(g, "hire C01", "§9.5")
    g.play("hire systems_engineer")
    assert p.scientists == ["systems_engineer"] and p.res["oxygen"] == 0
