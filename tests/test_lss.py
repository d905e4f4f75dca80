"""The Life Support System (§11, RUL-12, seed item 5): LSS tracks moved by construction, the
first-building OP (§11.2), the Reward tiles and the builder's bonus (§11.3, §22), and the Colony
Status Update at the end of the turn (§11.4).

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
"""

from __future__ import annotations

import pytest
from conftest import at

from onmars import Game, IllegalMoveError
from onmars.rules.actions.lss import StatusUpdate, reward_count, status_update
from onmars.rules.data.components import LSS_TYPES, load
from onmars.rules.position import arrange, position


def colony_game(seed: int = 1) -> Game:
    """2 players: seat 0 on Turn Order space 5, seat 1 on 6, Shuttle on the Colony side; the map
    is bare but for the Shelters so each test puts down only what it needs."""
    g = position({"map": "bare"}, players=2, seed=seed, spaces={0: 5, 1: 6}, shuttle="colony")
    assert g.current_player == 0 and g.state.stack[-1]["t"] == "turn"
    return g


def ready_to_build_extractor(g: Game, reward: str = "R7") -> None:
    """Seat 0 can build a standalone Water Extractor on 0,0 (an Extractor 2 away at -2,0, its
    Bot on -1,0), paying with a Battery; the Extractor column shows Reward tile ``reward``."""
    arrange(
        g,
        {
            "map": {"-2,0": "extractor", "-1,0": "bot:0"},
            "players": {0: {"res": {"mineral": 0}}},
            "lss_rewards": {"extractor": reward},
        },
    )


def build_extractor(g: Game) -> None:
    g.play("main construct")
    g.play("build extractor 0,0")  # standalone: no Tech; the Battery is the only payment


def end_turn(g: Game) -> None:
    """End the turn unless the engine already did (a lone ``end`` plays itself)."""
    if g.state.stack[-1]["t"] == "turn" and "end" in {str(m) for m in g.legal_moves()}:
        g.play("end")


# --- §11.2 first LSS building, §11.3 rewards -----------------------------------------------------


def test_first_building_off_the_bottom_row_scores_2_plus_reward_and_bonus() -> None:
    """§11.1-11.3: the second Water Extractor on Mars moves its track to row 2: the first
    builder to leave the bottom row scores 2 OP; the track was below the Colony row (level 1 →
    row 2), so the builder also scores the column's Reward tile (R7: 2 OP per Shelter on Mars)
    and chooses one bonus."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g, "R7")
    p = s.players[0]
    build_extractor(g)
    assert s.lss["extractor"] == 2
    assert s.lss_first == ["extractor"]
    assert p.op_by == {"lss_first": 2, "lss_reward": 2}  # one Shelter on Mars
    assert p.op == 4
    assert {str(m) for m in g.legal_moves()} == {
        "benefit bots",
        "benefit retrieve construct",
        "benefit mineral",
        "benefit crystal",
    }


def test_bonus_retrieves_a_colonist_from_an_action_slot() -> None:
    """§11.3 (b): one of your Colonists on any Action slot (or in the Working Area) returns to
    Living Quarters, even the one just placed on Construct."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g)
    p = s.players[0]
    arrange(g, {"players": {0: {"wa": 1}}})
    lq = p.lq
    build_extractor(g)
    assert "benefit retrieve wa" in {str(m) for m in g.legal_moves()}
    g.play("benefit retrieve construct")
    assert s.slots["construct"] == [] and p.lq == lq and p.wa == 1


def test_bonus_bots_gives_two_movement_points() -> None:
    """§11.3 (a): up to 2 MP for your Bots (Crystals may buy more, §9.1)."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g)
    arrange(g, {"players": {0: {"crystals": 0}}})
    build_extractor(g)
    g.play("benefit bots")
    assert s.stack[-1]["t"] == "move_bots" and s.stack[-1]["mp"] == 2
    g.play("bot -1,0 -1,2")
    assert s.bot[at("-1,2")] == 0


@pytest.mark.parametrize("item", ["mineral", "crystal"])
def test_bonus_mineral_or_crystal(item: str) -> None:
    """§11.3 (c), (d): gain 1 Mineral (to Storage) or 1 Crystal (below the Depot, §4)."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g)
    p = s.players[0]
    before = p.res["mineral"], p.pending
    build_extractor(g)
    g.play(f"benefit {item}")
    after = p.res["mineral"], p.pending
    expected = (before[0] + 1, before[1]) if item == "mineral" else (before[0], before[1] + 1)
    assert after == expected


def test_bonus_choices_are_checked() -> None:
    """§11.3: retrieving needs a Colonist there; the refusal names the rule and changes
    nothing."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g)
    build_extractor(g)
    before = s.to_dict()
    with pytest.raises(IllegalMoveError, match=r"^§11\.3"):
        g.play("benefit retrieve wa")
    assert s.to_dict() == before


def test_no_reward_at_or_above_the_colony_row() -> None:
    """§11.3: building past the Colony-level row moves the track but gives no reward; the
    first-building OP is once per type (§11.2)."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g)
    # already on the Colony row at level 1
    arrange(g, {"lss": {"extractor": 2}, "lss_first": ["extractor"]})
    build_extractor(g)
    assert s.lss["extractor"] == 3
    assert s.players[0].op == 0
    assert not any(f["t"] == "lss_bonus" for f in s.stack)


def test_reward_again_below_a_higher_colony_row_without_first_op() -> None:
    """§11.3: at Colony level 2 the Colony row is 3, so a track on 2 still earns the Reward
    tile (R8: 1 OP per Colonist in Living Quarters) and a bonus, but no second first-OP."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g, "R8")
    rows = {t: 3 for t in LSS_TYPES} | {"extractor": 2}
    arrange(g, {"level": 2, "lss": rows, "lss_first": list(LSS_TYPES)})
    p = s.players[0]
    build_extractor(g)
    assert p.op_by == {"lss_reward": p.lq}
    assert s.stack[-1]["t"] == "lss_bonus"


def test_track_stops_at_the_top_row() -> None:
    """RUL-12: each column counts 1-6 buildings; a 7th building leaves the marker at 6."""
    g = colony_game()
    s = g.state
    ready_to_build_extractor(g)
    arrange(g, {"lss": {"extractor": load().value("lss_rows")[0]}})
    build_extractor(g)
    assert s.lss["extractor"] == 6 and s.players[0].op == 0


def test_mines_and_shelters_move_no_track() -> None:
    """§11.1: only Generators, Water Extractors, Greenhouses and Oxygen Condensers count."""
    g = colony_game()
    s = g.state
    arrange(g, {"map": {"-2,0": "shelter:0", "-1,0": "bot:0"}})
    lss = dict(s.lss)
    g.play("main construct")
    g.play("build shelter 0,0")
    g.play("pay oxygen")
    assert s.lss == lss and s.players[0].op == 0


# --- §22 Reward tile formulas --------------------------------------------------------------------


def test_reward_formulas_count_what_the_tiles_say() -> None:
    """§22: max Tech level; Ships in Hangar; Advanced Building markers on Mars; Mines with your
    Miner or marker; Bots on Mars; Discovery tiles taken; Shelters on Mars; Colonists in LQ."""
    g = colony_game()
    s = g.state
    p = s.players[0]
    hexes = {"0,0": "mine miner:0", "2,0": "mine ab:0", "4,0": "mine miner:1"}  # seat 1's Miner
    hexes |= {"1,3": "generator ab:0", "3,1": "bot:1"}
    hexes |= dict.fromkeys(("1,1", "1,2", "-3,0"), "bot:0")
    mine = {"lab": {"4t": "A-rover", "1t": "A-mine"}, "hangar": 2, "lq": 5}
    mine |= {"discoveries": ["D01", "D12"], "shelters": 2}  # 3 Shelters on Mars
    arrange(g, {"map": hexes, "players": {0: mine}})
    got = {f: reward_count(s, p, f) for f in (r.formula for r in load().lss_reward.values())}
    assert got == {
        "max_tech_level": 4,
        "hangar_ships": 2,
        "advanced_buildings": 2,
        "mines": 2,
        "bots": 3,
        "discoveries": 2,
        "shelters": 3,
        "lq_colonists": 5,
    }
    ops = {r.id: r.op_each for r in load().lss_reward.values()}
    assert ops == {f"R{i}": (1 if i in (1, 8) else 2) for i in range(1, 9)}


# --- §11.4 Colony Status Update ------------------------------------------------------------------


def test_status_update_at_end_of_turn_after_the_tech_owner_decides() -> None:
    """§11.4 / §5.1: the build that brings the last track to the Colony row levels the colony
    up at the end of the turn, after the owner of a borrowed Tech has decided (§8.3): level 2,
    Progress OP for everyone (1/2/4/7/11), the Warehouse refilled (2 players: 2 each), a new
    Blueprint display of 12."""
    g = colony_game()
    s = g.state
    changes = {
        "map": {"1,0": "extractor", "-1,0": "bot:0"},
        "lss": {"generator": 2, "extractor": 1, "greenhouse": 2, "condenser": 2},
        "warehouse": dict.fromkeys(s.warehouse, 0),
        "players": {
            0: {"progress": ["mine", "generator"]},
            1: {"progress": ["greenhouse"], "lab": {"3b": "A-extractor"}},  # the game's
        },
    }
    arrange(g, changes)
    g.play("main construct")
    g.play("build extractor 0,0")  # joins 1,0 with seat 1's Tech
    g.play("pay battery")
    g.play("benefit crystal")
    end_turn(g)
    assert s.stack[-1]["t"] == "owner_develop" and s.level == 1
    g.play("keep")
    assert s.level == 2
    assert s.players[0].op_by["progress"] == 4  # 3 cubes now: Extractor joined a Complex
    assert s.players[1].op_by["progress"] == 1
    assert s.warehouse == {k: 2 for k in s.warehouse}
    assert len(s.bp_display) == 12
    assert {load().blueprint[b].level for b in s.bp_display} == {1, 3}


def test_level_3_update_keeps_level_3_blueprints_and_moves_remaining_missions() -> None:
    """§11.4 steps 2, 5, 6: reaching level 3 discards the Level 1 cards on display and deals
    the last Level 3 cards; Progress is scored a second time; one fewer Mission is needed."""
    g = colony_game()
    s = g.state
    status_update(s)  # to level 2
    arrange(g, {"players": {0: {"progress": ["mine"]}}})
    remaining = s.remaining
    status_update(s)  # to level 3
    assert s.level == 3
    assert len(s.bp_display) == 12 and not s.bp_deck
    assert {load().blueprint[b].level for b in s.bp_display} == {3}
    assert s.remaining == remaining - 1
    assert s.players[0].op_by["progress"] == 1
    status_update(s)  # to level 4: no Progress scoring any more
    assert s.players[0].op_by["progress"] == 1 and s.remaining == remaining - 2


def test_tech_grid_refilled_bottom_first_with_three_players_only() -> None:
    """§11.4 step 3, §25: empty Tech Grid spaces are refilled from the stacks bottom row first
    (3-4 players); the 2-player Grid is never refilled."""
    s = Game.new(3, seed=1).state
    s.grid["bottom1"] = s.grid["top3"] = ""
    status_update(s)
    assert s.grid["bottom1"] and s.grid["top3"]
    assert sum(len(x) for x in s.tech_stacks) == 6
    g2 = colony_game()
    s2 = g2.state
    s2.grid["bottom1"] = ""
    status_update(s2)
    assert s2.grid["bottom1"] == ""


def test_status_update_repeats_while_tracks_allow_and_stops_at_5() -> None:
    """RUL-12: the update repeats while every track still reaches the next row; level 5 is
    the last (and triggers the end, §24.1)."""
    g = colony_game()
    s = g.state
    s.lss = {t: 3 for t in LSS_TYPES}
    StatusUpdate.apply(s, {"t": "status_update", "p": 0}, None)
    assert s.level == 3
    s.lss = {t: 6 for t in LSS_TYPES}
    StatusUpdate.apply(s, {"t": "status_update", "p": 0}, None)
    assert s.level == 5
