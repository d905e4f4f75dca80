"""Welcome a Ship (§9.4): where a new Bot goes, and which Colonists may pay a boost."""

from __future__ import annotations

from conftest import at, legal, only_res, play

import onmars
from onmars.rules.data import hexmap
from onmars.rules.position import arrange, position


def colony_game() -> onmars.Game:
    """Seat 0 to play on the Colony side (space 5), a map bare but for the Shelters (seat 0's
    at -4,1), and 1 Plant + 1 Water for a Ship."""
    game = position({"map": "bare"}, seed=3, spaces={0: 5, 1: 6, 2: 7}, shuttle="colony")
    assert game.state.bld[at("-4,1")] == "shelter:0"
    only_res(game, 0, plant=1, water=1)
    return game


def test_new_bot_goes_to_the_closest_empty_hex_never_a_building() -> None:
    """§9.4 step 4, §4: a piece stands on the only Shelter and buildings (with no piece) ring
    it, so the new Bot goes to the closest *empty* hexes, two steps away, not onto a
    building as a displaced piece could."""
    game = colony_game()
    s = game.state
    shelter = at("-4,1")
    ring = hexmap.neighbours(shelter)
    kinds = ("generator", "condenser")  # (a stack holds too few for the whole ring)
    hexes = {hexmap.text(c): kinds[i % 2] for i, c in enumerate(ring)}
    arrange(game, {"map": {"-4,1": "shelter:0 bot:1", **hexes}})
    play(game, "main ship", "ship 5", "reward bot")
    offered = [hexmap.parse(m.split()[1]) for m in legal(game)]
    assert offered, legal(game)
    assert all(s.empty(c) for c in offered)
    assert {hexmap.walk(shelter, c) for c in offered} == {2}
    expected = {c for c in range(len(s.bld)) if hexmap.walk(shelter, c) == 2 and s.empty(c)}
    assert set(offered) == expected


def test_new_bot_takes_a_free_shelter_first() -> None:
    """§9.4 step 4: a Shelter of yours with no piece is where the Bot goes."""
    game = colony_game()
    play(game, "main ship", "ship 5", "reward bot")
    assert game.state.bot[at("-4,1")] == 0


def test_colonists_from_a_private_goal_cannot_pay_a_ship_boost() -> None:
    """§9.4: Colonists gained this turn, by any means, cannot boost Welcome a Ship: the two
    a Private Goal 7 reward brought earlier in the turn are as new as the Ship's own."""
    game = colony_game()
    p = game.state.players[0]
    # 3 Shelters built: 2 more on Mars
    changes = {"goals": ["PG07"], "lq": 0, "res": {"plant": 2, "water": 2, "*": 0}}
    arrange(game, {"map": {"-5,2": "shelter:0", "-5,3": "shelter:0"}, "players": {0: changes}})
    assert p.shelters == 2
    play(game, "goal PG07", "reward colonists")
    assert p.lq == 2
    play(game, "main ship", "ship 5", "reward colonists")
    assert p.lq == 4
    assert "boost" not in legal(game)


def test_a_colonist_from_before_the_turn_may_boost() -> None:
    """§9.4: one Colonist already in Living Quarters pays one boost, new ones do not (Colony
    level 3, so the Ship limit is not what stops a third Ship, RUL-14)."""
    game = colony_game()
    p = game.state.players[0]
    # 3 of each Resource: 2 Shelters built (one more on Mars) make the room (§4)
    changes = {"lq": 1, "res": {"plant": 3, "water": 3, "*": 0}}
    arrange(game, {"level": 3, "map": {"-5,2": "shelter:0"}, "players": {0: changes}})
    play(game, "main ship", "ship 5", "reward colonists")
    assert p.lq == 3 and "boost" in legal(game)
    play(game, "boost", "ship 4", "reward colonists")
    assert (p.lq, p.wa, p.ships_out) == (4, 1, 2)
    assert "boost" not in legal(game)
