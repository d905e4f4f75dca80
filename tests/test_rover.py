"""Bots and the Rover on Mars (§9.1): Crystals collected on the Rover's path, tiles destroyed
where a Bot ends, Discovery and Research tiles claimed by the Rover (§10, §21, RUL-7, RUL-8).

Rule ids: §n = rules.md sections, RUL-n = rulings.md.
"""

from __future__ import annotations

import pytest
from conftest import at
from test_science import colony_game, me, refuses

from onmars import Game
from onmars.rules.actions import discovery
from onmars.rules.actions.mars import bot_cells
from onmars.rules.actions.movement import push_rover_move
from onmars.rules.data import hexmap
from onmars.rules.position import arrange


def legal(g: Game) -> set[str]:
    return {str(m) for m in g.legal_moves()}


@pytest.fixture
def g() -> Game:
    game = colony_game()
    arrange(game, {"missions": {}})  # no Mission Crystals muddling the counts
    return game


def mine(g: Game, **changes: object) -> None:
    """Changes to the current player (see onmars.rules.position)."""
    arrange(g, {"players": {me(g).seat: changes}})


# --- moving ------------------------------------------------------------------------------------


def test_rover_collects_crystals_on_its_path(g: Game) -> None:
    """§9.1: the Rover collects every Crystal on the hexes it passes through or ends on; they go
    below the Depot, not into it (§4)."""
    s, p = g.state, me(g)
    arrange(g, {"map": {"1,-1": "+crystal", "2,-2": "+crystal"}})
    crystals, pending = p.crystals, p.pending
    g.play("main control")
    g.play("rover 1,-1")  # the first move counts from the starting Mine (0,0)
    g.play("rover 2,-2")
    g.play("done")
    assert s.crystal[at("1,-1")] == 0 and s.crystal[at("2,-2")] == 0
    assert p.pending == pending + 2 and p.crystals == crystals
    assert p.rover == at("2,-2")


def test_crystal_buys_a_rover_movement_point(g: Game) -> None:
    """§9.1 / §6.4: each Crystal in the Depot buys one more movement point."""
    s, p = g.state, me(g)
    mine(g, crystals=1)
    g.play("main control")
    for cell in ("1,-1", "2,-2", "3,-3"):
        g.play(f"rover {cell}")
    assert p.crystals == 0 and p.rover == at("3,-3")
    refuses(g, "rover 4,-4", "§9.1")
    assert s.stack[-1]["rover_mp"] == 0


def test_bot_ending_on_a_tile_destroys_it(g: Game) -> None:
    """§9.1: a Bot that ends on a Discovery tile destroys it, and a Crystal there returns to the
    supply; nobody gains them."""
    s, p = g.state, me(g)
    bot = bot_cells(s, p.seat)[0]
    target = next(c for c in hexmap.neighbours(bot) if s.empty(c))
    arrange(g, {"map": {hexmap.text(target): "D12 crystal"}})
    pending = p.pending
    g.play("main control")
    g.play(f"bot {hexmap.text(bot)} {hexmap.text(target)}")
    assert s.tile[target] == "D12"  # only where the Bot ends, after all movement
    g.play("done")
    assert s.tile[target] == "" and s.crystal[target] == 0
    assert p.discoveries == [] and p.pending == pending


def test_bot_ending_on_a_research_tile_destroys_it(g: Game) -> None:
    """§9.1: a Research tile where a Bot ends is removed from the game, not claimed."""
    s, p = g.state, me(g)
    bot = bot_cells(s, p.seat)[0]
    target = next(c for c in hexmap.neighbours(bot) if s.empty(c))
    arrange(g, {"map": {hexmap.text(target): "RB"}})
    g.play("main control")
    g.play(f"bot {hexmap.text(bot)} {hexmap.text(target)}")
    g.play("done")
    assert s.tile[target] == "" and p.research == []


def test_rover_move_frame_moves_no_bot(g: Game) -> None:
    """§13.2 row 2: a Rover-only move offers no Bot moves, even with Crystals to spend."""
    s, p = g.state, me(g)
    mine(g, crystals=3)
    arrange(g, {"turn": {"main": True}})
    push_rover_move(s, p.seat, 2)
    assert not any(m.verb == "bot" for m in g.legal_moves())
    refuses(g, f"bot {hexmap.text(bot_cells(s, p.seat)[0])} 0,-1", "§9.1")
    g.play("rover 1,-1")
    assert p.rover == at("1,-1")


# --- claiming a Discovery tile -----------------------------------------------------------------


def test_claim_discovery_crystals(g: Game) -> None:
    """§9.1 / §21: the Rover ends on a Discovery tile and claims it: the benefit resolves at once
    (3 Crystals below the Depot), the tile leaves the map face down with the player, and the
    Discoveries Mission counts it (§17)."""
    s, p = g.state, me(g)
    arrange(g, {"map": {"1,-1": "+D12"}, "missions": {"M5": 5}})
    pending = p.pending
    g.play("main control")
    g.play("rover 1,-1")
    g.play("done")
    assert legal(g) == {"claim", "skip"}
    g.play("claim")
    assert s.tile[at("1,-1")] == ""
    assert p.discoveries == ["D12"]
    assert p.pending == pending + 3 + 1  # 3 from the tile, 1 from the Mission
    assert s.missions["M5"] == 4


def test_claim_is_optional(g: Game) -> None:
    """§9.1: the player may leave the tile where it is."""
    s, p = g.state, me(g)
    arrange(g, {"map": {"1,-1": "+D12"}})
    g.play("main control")
    g.play("rover 1,-1")
    g.play("done")
    g.play("skip")
    assert s.tile[at("1,-1")] == "D12" and p.discoveries == []


def test_tile_passed_through_is_not_claimed(g: Game) -> None:
    """§9.1: only the tile where the Rover ends its movement can be claimed."""
    s, p = g.state, me(g)
    arrange(g, {"map": {"1,-1": "+D12"}})
    g.play("main control")
    g.play("rover 1,-1")
    g.play("rover 2,-2")
    g.play("done")
    assert s.tile[at("1,-1")] == "D12" and p.discoveries == []
    assert s.stack[-1]["t"] != "claim"


def test_rover_may_not_end_on_a_discovery_it_cannot_use(g: Game) -> None:
    """§9.1: 3 Plants with the Plant storage full: no part of the benefit can be used, so the
    Rover may not end its movement there; it must move on."""
    s = g.state
    arrange(g, {"map": {"1,-1": "+D16"}})
    mine(g, res={"plant": 2})  # storage cap 2 with one Shelter (§4)
    g.play("main control")
    g.play("rover 1,-1")
    assert "done" not in legal(g)
    msg = refuses(g, "done", "§9.1")
    assert "D16" in msg
    g.play("rover 2,-2")
    g.play("done")
    assert s.tile[at("1,-1")] == "D16"


def test_no_step_onto_an_unusable_tile_without_budget_to_leave(g: Game) -> None:
    """§9.1: with one movement point and no Crystal, a step onto a tile the Rover could not end
    on is not offered (it could not move on)."""
    arrange(g, {"map": {"1,-1": "+D16"}})
    mine(g, res={"plant": 2}, crystals=0)
    g.play("main control")
    g.play("rover 1,0")
    assert "rover 1,-1" not in legal(g)
    refuses(g, "rover 1,-1", "§9.1")


def test_rover_that_did_not_move_claims_nothing(g: Game) -> None:
    """§9.1: a claim follows the Rover's movement; a Rover that stays put claims nothing."""
    s, p = g.state, me(g)
    mine(g, rover="1,-1")
    arrange(g, {"map": {"1,-1": "+D12"}})
    bot = bot_cells(s, p.seat)[0]
    target = next(c for c in hexmap.neighbours(bot) if s.empty(c))
    g.play("main control")
    g.play(f"bot {hexmap.text(bot)} {hexmap.text(target)}")
    g.play("done")
    assert s.tile[at("1,-1")] == "D12" and p.discoveries == []


def test_claim_hire_discovery_places_no_colonist(g: Game) -> None:
    """§21 D09: hire a Scientist or take a Contract paying normal costs, no Colonist placed."""
    s, p = g.state, me(g)
    arrange(g, {"map": {"1,-1": "+D09"}})
    mine(g, res={"water": 2})
    lq = p.lq
    g.play("main control")
    g.play("rover 1,-1")
    g.play("done")
    g.play("claim")
    assert s.stack[-1]["t"] == "hire" and not s.stack[-1]["place"]
    g.play("hire biochemist")
    g.play("pay water")
    g.play("pay water")
    assert p.scientists == ["biochemist"] and p.lq == lq and s.slots["hire"] == []
    assert p.discoveries == ["D09"]


def test_claim_develop_discovery_pays_normal_costs(g: Game) -> None:
    """§21 D01: develop one tile twice or two tiles once, paying the column costs (RUL-3: 1
    Oxygen into column 3); the first development is part of the claim, the second optional."""
    s, p = g.state, me(g)
    arrange(g, {"map": {"1,-1": "+D01"}})
    mine(g, res={"oxygen": 1, "mineral": 0})
    g.play("main control")
    g.play("rover 1,-1")
    g.play("done")
    g.play("claim")
    frame = s.stack[-1]
    assert frame["t"] == "develop" and frame["paid"] and frame["n"] == 2
    assert "done" not in legal(g)
    tile = p.lab["2m"]
    g.play(f"develop {tile} 3t")
    assert p.res["oxygen"] == 0 and p.lab.get("3t") == tile


def test_discovery_unusable_when_nothing_can_be_paid(g: Game) -> None:
    """§9.1 / §21 D01: no Oxygen and no Mineral: no development can be paid, the tile is not
    usable; with Oxygen it is."""
    s, p = g.state, me(g)
    mine(g, res={"oxygen": 0, "mineral": 0})
    assert not discovery.usable(s, p.seat, "D01")
    mine(g, res={"oxygen": 1})
    assert discovery.usable(s, p.seat, "D01")


@pytest.mark.parametrize(
    ("tile", "frame", "n"),
    [("D10", "blueprint", 2), ("D11", "warehouse", 2), ("D07", "upgrade", 2), ("D18", "learn", 1)],
)
def test_discovery_kinds_push_their_picks(g: Game, tile: str, frame: str, n: int) -> None:
    """§21 / RUL-7: Blueprints and Warehouse up to 2, Upgrade up to 2 in a Bot zone, 1 Tech
    tile at its usual cost; the first pick is part of the claim."""
    s, p = g.state, me(g)
    discovery.resolve(s, p.seat, tile)
    f = s.stack[-1]
    assert (f["t"], f["n"], f["must"]) == (frame, n, 1)
    if frame == "upgrade":
        assert f["zone"] is True


def test_upgrade_discovery_needs_a_blueprint(g: Game) -> None:
    """§21 D07 / §9.3: with no Blueprint to build, nothing can be upgraded: not usable."""
    s, p = g.state, me(g)
    assert p.blueprints == []
    assert not discovery.usable(s, p.seat, "D07")


def test_resources_discovery_keeps_what_fits(g: Game) -> None:
    """§21 D16 / §4: 3 Plants, the excess beyond storage lost."""
    s, p = g.state, me(g)
    mine(g, res={"plant": 0})
    assert discovery.usable(s, p.seat, "D16")
    discovery.resolve(s, p.seat, "D16")
    assert p.res["plant"] == 2


def test_construct_discovery_follows_construction_rules(g: Game) -> None:
    """§21 D03 / RUL-15: construct the shown type by the normal rules, Bot zone included: no
    Generator can go in the Bots' zones at first; with a Bot 2 hexes from the Generator, the
    claim builds one there."""
    s, p = g.state, me(g)
    assert not discovery.usable(s, p.seat, "D03")
    generator = s.bld.index("generator")
    spot = next(
        c
        for c in range(len(s.bld))
        if hexmap.hex_distance(c, generator) == 2
        and s.empty(c)
        and not any(s.bld[nb] == "generator" for nb in hexmap.neighbours(c))
    )
    arrange(g, {"map": {hexmap.text(spot): f"bot:{p.seat}"}})
    mine(g, res={"mineral": 1})
    assert discovery.usable(s, p.seat, "D03")
    arrange(g, {"map": {"1,-1": "+D03"}})
    g.play("main control")
    g.play("rover 1,-1")
    g.play("done")
    g.play("claim")
    assert s.stack[-1]["t"] == "construct" and s.stack[-1]["types"] == ["generator"]
    assert all(m.args[0] == "generator" for m in g.legal_moves())
    assert f"build generator {hexmap.text(spot)}" in legal(g)


# --- claiming a Research tile -------------------------------------------------------------------


def research_game(g: Game) -> Game:
    """The current player's Rover one hex from the Research tile RA on (-4,-1)."""
    mine(g, rover="-3,-1")
    assert g.state.tile[at("-4,-1")] == "RA"
    return g


def test_claim_research_tile(g: Game) -> None:
    """§9.1 / §10 / RUL-8: a Research tile is free and gives two free developments (space
    benefits gained); the type is recorded and the Research Mission counts it."""
    s, p = research_game(g).state, me(g)
    arrange(g, {"missions": {"M1": 5}})
    mine(g, res={"*": 0})  # free: no column cost is asked
    g.play("main control")
    g.play("rover -4,-1")
    g.play("done")
    g.play("claim")
    assert s.tile[at("-4,-1")] == "" and p.research == ["A"]
    assert s.missions["M1"] == 4
    frame = s.stack[-1]
    assert frame["t"] == "develop" and frame["paid"] is False and frame["n"] == 2
    tile = p.lab["2m"]
    g.play(f"develop {tile} 3t")
    assert p.lab.get("3t") == tile and p.res["oxygen"] == 0


def test_second_research_tile_of_a_type_is_refused(g: Game) -> None:
    """§9.1 (a) / §10: nobody takes a second Research tile of a type they hold, so the Rover may
    not end its movement on one."""
    s, p = research_game(g).state, me(g)
    p.research = ["A"]
    g.play("main control")
    g.play("rover -4,-1")
    assert "done" not in legal(g)
    msg = refuses(g, "done", "§9.1")
    assert "type A" in msg
    g.play("rover -4,0")
    g.play("done")
    assert s.tile[at("-4,-1")] == "RA" and p.research == ["A"]


def test_research_tile_of_another_type_is_allowed(g: Game) -> None:
    """§9.1: holding type A does not stop a claim of type B."""
    p = me(g)
    p.research = ["A"]
    p.rover = at("3,-5")
    g.play("main control")
    g.play("rover 4,-5")
    g.play("done")
    g.play("claim")
    assert p.research == ["A", "B"]


def test_illegal_claim_move_leaves_state_unchanged(g: Game) -> None:
    """§9.1: ``claim`` is only a move once the Rover has ended on a tile it may claim."""
    g.play("main control")
    refuses(g, "claim", "§9.1")
