"""Laboratory space benefits are optional (§7.3, §7.4, §20): whatever moved the Tech tile onto
the space, its owner may take the benefit or decline it with ``done``; a lone choice never plays
itself. Lab layout (RUL-3, data): 1t Warehouse, 1b Crystal, 3t Mineral, 4t Upgrade, 5t Blueprint.
"""

from __future__ import annotations

from conftest import at, frame, legal, only_res, opening, play, started, wipe

import onmars
from onmars.rules.position import arrange


def test_learn_may_decline_the_crystal() -> None:
    """§7.3: a tile learned onto 1b may leave its Crystal in the supply."""
    game = started(3, seed=1)
    p = game.state.players[0]
    tile = game.state.grid["bottom1"]
    play(game, "main tech", f"learn {tile} 1b")
    assert legal(game) == {"gain crystal", "done"}
    play(game, "done")
    assert p.pending == 0 and p.lab["1b"] == tile


def test_learn_may_decline_the_warehouse_item() -> None:
    """§7.3, §20 item 1: the Warehouse pick of space 1t may be declined: the shared stock is
    untouched."""
    game = started(3, seed=1)
    stock = dict(game.state.warehouse)
    play(game, "main tech", f"learn {game.state.grid['bottom1']} 1t")
    assert frame(game)["t"] == "warehouse" and "done" in legal(game)
    play(game, "done")
    assert game.state.warehouse == stock


def test_rnd_may_decline_the_mineral_then_take_the_next_benefit() -> None:
    """§7.4: each development's benefit is its own choice: decline 3t's Mineral, take 4m's
    Crystal."""
    game = started(3, seed=1)
    p = game.state.players[0]
    only_res(game, 0, oxygen=2, water=1)
    play(game, "main rnd", "develop shelter-red 3t", "done")
    assert p.res["mineral"] == 0
    play(game, "develop shelter-red 4m", "gain crystal")  # the lone way to pay plays itself
    assert p.pending == 1


def test_a_lone_blueprint_is_not_taken_by_itself() -> None:
    """§20 item 6: with one Blueprint in the display, moving onto 5t offers it and ``done``;
    declining keeps the Advanced Building marker and costs no end-game OP."""
    game = started(3, seed=1)
    s, p = game.state, game.state.players[0]
    s.bp_display = s.bp_display[:1]
    p.lab = {"4m": "shelter-red"}
    only_res(game, 0, oxygen=1, plant=1)
    markers = p.ab
    play(game, "main rnd", "develop shelter-red 5t")  # pays its only way: Oxygen + Plant
    assert legal(game) == {f"take {s.bp_display[0]}", "done"}
    play(game, "done")
    assert p.blueprints == [] and p.ab == markers


def test_a_lone_upgrade_is_not_made_by_itself() -> None:
    """§20 item 5, RUL-13: Executive row 1 develops A-rover 3t -> 4t; the Upgrade benefit has
    one possible upgrade, and declining it keeps the Mineral and the Blueprint unbuilt."""
    game = onmars.Game.new(3, seed=3)
    opening(game, {0: 5, 1: 6, 2: 7}, shuttle="colony")
    s, p = game.state, game.state.players[0]
    wipe(s)
    s.bld[at("0,0")] = "mine"  # BP01 upgrades a Mine
    s.bot[at("0,1")] = 0  # a Bot beside it: the Mine is in its zone
    arrange(game, {"players": {0: {"blueprints": ["BP01"], "ab": p.ab - 1}}})
    p.lab = {"3t": "A-rover"}
    arrange(
        game, {"players": {0: {"depot_ships": [2, 3, 4, 5], "crystals": 4}}}
    )  # row 1 open, its 4 Crystals
    only_res(game, 0, mineral=1)
    play(game, "exec develop", "develop A-rover 4t")
    assert legal(game) == {"upgrade BP01 0,0", "done"}
    play(game, "done")
    assert p.built == [] and p.res["mineral"] == 1 and s.ab[at("0,0")] == -1
