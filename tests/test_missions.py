"""Missions (§17, RUL-10, seed items 8 and Q4): every source of a contribution to each of the 9
objectives, the Crystals each contribution pays (below the Depot), completion and the Remaining
Missions marker, contributions past the end, the Colony level shortening the track (§11.4), and
the end of the game: triggered at the end of a Colonization phase, then one more round with no
Shuttle phase (§24.1).

Each test keeps only the Mission it looks at (``s.missions = {id: steps left}``), so a step is
seen as one fewer step left and the card's Crystals in the contributor's ``pending``.
"""

from __future__ import annotations

import pytest
from conftest import end_turn_quietly, frame, legal, only_res, play, started, to_turn_of
from test_executive import at, colony_game, crystals, give_built

import onmars
from onmars.rules.actions.construction import push_construct
from onmars.rules.actions.discovery import rover_discoveries
from onmars.rules.actions.economy import depot_cap, storage_cap
from onmars.rules.actions.lss import status_update
from onmars.rules.actions.science import push_free_card
from onmars.rules.data.components import load
from onmars.rules.engine.state import Player, State
from onmars.rules.position import arrange, position

# --- the cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_trackers_start_at_the_player_count_space(players: int) -> None:
    """§3.2 item 12, §17.2: each Mission's tracker starts at its requirement for the player
    count; the initial Bots and Tech placed at setup contribute nothing."""
    game = onmars.Game.new(players, seed=2)
    c = load()
    for mid, left in game.state.missions.items():
        assert left == c.mission[mid].targets[players - 2]
    assert len(game.state.missions) == 3 and game.state.remaining == 3


def only(game: onmars.Game, mid: str, left: int = 5) -> None:
    """Only Mission ``mid`` in play, ``left`` contributions from completion."""
    arrange(game, {"missions": {mid: left}})


# --- M2 Blueprints taken from the display (1 Crystal) --------------------------------------------


def no_crystal_gain(game: onmars.Game) -> None:
    """Keep Blueprints whose own gain is not a Crystal, so ``pending`` shows Mission Crystals."""
    shown = [b for b in game.state.bp_display if load().blueprint[b].gain != "crystal"]
    arrange(game, {"bp_display": shown})


def test_blueprint_main_action_and_its_boost_contribute_each_card() -> None:
    """§7.2, §17.1: every Blueprint taken is one contribution, boosted ones included."""
    game = started(3)
    only(game, "M2")
    no_crystal_gain(game)
    s, p = game.state, game.state.players[0]
    play(game, "main blueprint", f"take {s.bp_display[0]}", "boost", f"take {s.bp_display[1]}")
    assert s.missions["M2"] == 3 and p.pending == 2


def test_blueprint_from_the_executive_action_contributes() -> None:
    """§13.2 row 3, RUL-13: a Blueprint taken by the Executive action counts too."""
    game = started(3)
    only(game, "M2")
    no_crystal_gain(game)
    s, p = game.state, game.state.players[0]
    arrange(game, {"players": {0: {"depot_ships": [1, 2, 4, 5], "crystals": 3}}})  # row 3 open
    play(game, "exec blueprint", f"take {s.bp_display[0]}")
    assert s.missions["M2"] == 4 and p.pending == 1


def test_blueprint_from_a_turn_order_space_contributes() -> None:
    """§19, RUL-2: the Blueprint of Turn Order space 2 (taken at setup here) counts."""
    game = onmars.Game.new(3, seed=1)
    only(game, "M2")
    no_crystal_gain(game)
    s = game.state
    first = game.current_player
    play(game, "seat 2", f"take {s.bp_display[0]}")
    assert s.missions["M2"] == 4 and s.players[first].pending == 1


def test_blueprint_from_the_library_contributes() -> None:
    """§14 BP23: the Library's Blueprint counts."""
    game = colony_game()
    give_built(game, 0, "BP23")
    only(game, "M2")
    s, p = game.state, game.state.players[0]
    arrange(game, {"bp_display": ["BP01", "BP05"]})
    crystals(game, 0, 2)
    play(game, "exec advanced", "advanced BP23 pay", "take BP01")
    assert s.missions["M2"] == 4 and p.pending == 1


# --- M3 Advanced Buildings (1 Crystal) -----------------------------------------------------------


def upgrade_ready(game: onmars.Game, bp: str = "BP01") -> None:
    """Seat 0 holds ``bp`` (a Mine Blueprint) and a Mine stands in its Bot's zone."""
    held = [*game.state.players[0].blueprints, bp]
    mine = {"blueprints": held, "res": {"mineral": 1, "*": 0}}
    arrange(game, {"map": {"1,0": "mine", "0,0": "bot:0"}, "players": {0: mine}})


def test_upgrade_main_action_contributes() -> None:
    """§9.3, §17.2 M3: each Advanced Building created by an Upgrade counts."""
    game = colony_game()
    upgrade_ready(game)
    only(game, "M3")
    play(game, "main upgrade")  # the lone upgrade plays itself
    assert game.state.ab[at("1,0")] == 0
    assert game.state.missions["M3"] == 4 and game.state.players[0].pending == 1


def test_upgrade_by_the_builder_drone_contributes() -> None:
    """§14 BP16: an upgrade anywhere by the Builder Drone counts."""
    game = colony_game()
    give_built(game, 0, "BP16")
    upgrade_ready(game)
    arrange(game, {"map": {"0,0": ""}})  # no Bot zone needed
    only(game, "M3")
    crystals(game, 0, 2)
    play(game, "exec advanced", "advanced BP16 pay")  # the lone upgrade plays itself
    assert game.state.ab[at("1,0")] == 0
    assert game.state.missions["M3"] == 4


def test_upgrade_from_a_discovery_tile_contributes() -> None:
    """§21 D07, §17.2: the upgrades a Discovery tile gives count (and the tile itself counts
    for the Discoveries Mission, a different card)."""
    game = colony_game()
    upgrade_ready(game)
    s = game.state
    arrange(game, {"missions": {"M3": 5, "M5": 5}, "map": {"1,-1": "D07"}})
    play(game, "main control", "rover 1,-1", "done", "claim")  # the lone upgrade: itself
    assert s.ab[at("1,0")] == 0
    assert s.missions == {"M3": 4, "M5": 4}


# --- M4 Bots placed on the map (2 Crystals) ------------------------------------------------------


def ship_ready(game: onmars.Game) -> None:
    """1 Water and 1 Plant for a Ship; seat 0's Shelter (at -4,1) free for the Bot."""
    assert game.state.bld[at("-4,1")] == "shelter:0"
    only_res(game, 0, water=1, plant=1)


def test_bot_from_welcome_a_ship_contributes_two_crystals() -> None:
    """§9.4, §17.2 M4: a Bot a Ship brings onto Mars is one contribution worth 2 Crystals;
    choosing Colonists instead contributes nothing."""
    game = colony_game()
    ship_ready(game)
    only(game, "M4")
    play(game, "main ship", "ship 5", "reward bot")
    s, p = game.state, game.state.players[0]
    assert s.bot[at("-4,1")] == 0
    assert s.missions["M4"] == 4 and p.pending == 2


def test_colonists_instead_of_a_bot_contribute_nothing() -> None:
    """§17.2 M4: only Bots placed count."""
    game = colony_game()
    ship_ready(game)
    only(game, "M4")
    play(game, "main ship", "ship 5", "reward colonists")
    assert game.state.missions["M4"] == 5


def test_bot_from_the_private_ship_contributes() -> None:
    """§14 BP05, RUL-14: the Private Ship's Bot counts."""
    game = colony_game()
    give_built(game, 0, "BP05")
    ship_ready(game)
    only(game, "M4")
    crystals(game, 0, 2)
    play(game, "exec advanced", "advanced BP05 pay", "ship 5", "reward bot")
    assert game.state.missions["M4"] == 4


def test_bot_from_turn_order_space_4_contributes() -> None:
    """§19, RUL-2, RUL-14: welcoming a Ship on Turn Order space 4 (here at setup) and taking a
    Bot counts."""
    game = onmars.Game.new(3, seed=1)
    only(game, "M4")
    s = game.state
    seat = game.current_player
    p = s.players[seat]
    arrange(game, {"players": {seat: {"res": {"water": 1, "plant": 1, "mineral": 0}}}})
    play(game, "seat 4", "ship 5", "reward bot")
    assert s.missions["M4"] == 4 and p.pending == 2


# --- M1 Research tiles, M5 Discovery tiles -------------------------------------------------------


def test_research_tile_taken_by_the_rover_contributes_two_crystals() -> None:
    """§9.1, §17.2 M1: a Research tile taken from the map by the Rover counts, 2 Crystals."""
    game = colony_game()
    only(game, "M1")
    arrange(game, {"map": {"1,-1": "RA"}})
    play(game, "main control", "rover 1,-1", "done", "claim")
    assert game.state.missions["M1"] == 4 and game.state.players[0].pending == 2


def test_research_tile_taken_by_recycling_bots_contributes() -> None:
    """§14 BP21, §17.2 M1: Research tiles "taken from the map" count whoever takes them: a Bot
    moving as a Rover too."""
    game = colony_game()
    give_built(game, 0, "BP21")
    only(game, "M1")
    s = game.state
    arrange(game, {"map": {"1,0": "bot:0", "2,0": "RB"}})
    crystals(game, 0, 2)
    play(game, "exec advanced", "advanced BP21 pay", "bot 1,0 2,0", "done", "claim")
    assert s.missions["M1"] == 4 and "B" in s.players[0].research


def test_discovery_tile_taken_by_the_rover_contributes() -> None:
    """§9.1, §17.2 M5: a Discovery tile taken from the map by a Rover counts, 1 Crystal (here
    beside the tile's own 3)."""
    game = colony_game()
    only(game, "M5")
    arrange(game, {"map": {"1,-1": "D12"}})  # 3 Crystals
    play(game, "main control", "rover 1,-1", "done", "claim")
    assert game.state.missions["M5"] == 4 and game.state.players[0].pending == 4


def test_discovery_tile_taken_by_recycling_bots_does_not_contribute() -> None:
    """§17.2 M5 ("taken by Rovers"), §14 BP21: a Bot moving as a Rover still is no Rover: the
    Discovery tile's benefit is gained and the tile kept, but the Mission does not move (nor
    does Private Goal 4 or LSS reward 6 count it)."""
    game = colony_game()
    give_built(game, 0, "BP21")
    only(game, "M5")
    s, p = game.state, game.state.players[0]
    arrange(game, {"map": {"1,0": "bot:0", "2,0": "D12"}})
    crystals(game, 0, 2)
    play(game, "exec advanced", "advanced BP21 pay", "bot 1,0 2,0", "done", "claim")
    assert s.missions["M5"] == 5 and p.pending == 3
    assert p.bot_discoveries == ["D12"]
    assert rover_discoveries(p) == 0


def test_discovery_on_the_radar_does_not_contribute() -> None:
    """§14 BP15, §17.2 M5: the Radar's tile comes from the Exploration space, not the map."""
    game = colony_game()
    give_built(game, 0, "BP15")
    only(game, "M5")
    s = game.state
    arrange(game, {"exploration": ["D12", "D13"]})
    crystals(game, 0, 2)
    play(game, "exec advanced", "advanced BP15 pay", "radar D12")
    assert s.missions["M5"] == 5


# --- M6 Techs taken from the Grid (1 Crystal) ----------------------------------------------------


def free_tile(game: onmars.Game) -> str:
    s = game.state
    return next(t for g, t in s.grid.items() if t and g.startswith("bottom"))


def test_tech_from_learn_new_technology_contributes() -> None:
    """§7.3, §17.2 M6: a Tech tile taken from the Grid counts."""
    game = started(3)
    only(game, "M6")
    tile = free_tile(game)
    play(game, "main tech", f"learn {tile} 1t", "item water")  # 1t: a Warehouse item (§20)
    assert game.state.missions["M6"] == 4


def test_tech_from_turn_order_space_3_contributes() -> None:
    """§19, RUL-2: the Tech tile of Turn Order space 3 (at setup here) counts."""
    game = onmars.Game.new(3, seed=1)
    only(game, "M6")
    tile = free_tile(game)
    play(game, "seat 3", f"learn {tile} 1b")
    assert game.state.missions["M6"] == 4


def test_tech_from_the_oxygen_tank_contributes() -> None:
    """§14 BP09: the Oxygen Tank's Tech tile counts."""
    game = colony_game()
    give_built(game, 0, "BP09")
    only(game, "M6")
    crystals(game, 0, 2)
    tile = free_tile(game)
    play(game, "exec advanced", "advanced BP09 pay", f"learn {tile} 1b")
    assert game.state.missions["M6"] == 4


# --- M7 Progress cubes (1 Crystal) ---------------------------------------------------------------


def test_progress_cube_contributes_once_per_type() -> None:
    """§9.2 step 6, §17.2 M7: a standalone building moves no cube; the first Complex of a type
    you create moves your cube and contributes; growing it later does not again."""
    game = colony_game()
    only(game, "M7")
    s, p = game.state, game.state.players[0]
    shelters = {"-6,2": "shelter:0", "-6,4": "shelter:0"}  # room for 3 Minerals (§4)
    mine = {"lab": {"2t": "A-generator"}, "res": {"mineral": 3, "*": 0}}
    arrange(game, {"map": {"1,0": "generator", "0,1": "bot:0", **shelters}, "players": {0: mine}})

    def build(where: str) -> None:
        push_construct(s, 0, ["generator"])
        play(game, f"build generator {where}")
        while frame(game)["t"] == "lss_bonus":
            play(game, "benefit mineral")

    build("0,2")  # standalone, exactly 2 from 1,0
    assert p.progress == [] and s.missions["M7"] == 5
    build("0,0")  # a Complex of 2: the cube moves
    assert p.progress == ["generator"] and s.missions["M7"] == 4 and p.pending == 1
    build("-1,1")  # the same Complex grows: no second cube
    assert s.missions["M7"] == 4 and p.pending == 1


# --- M8 Scientists (2 Crystals) ------------------------------------------------------------------


def test_scientist_hired_contributes_two_crystals() -> None:
    """§9.5, §17.2 M8: a Scientist taken from the display counts, 2 Crystals."""
    game = colony_game()
    only(game, "M8")
    s, p = game.state, game.state.players[0]
    only_res(game, 0, oxygen=2)
    play(game, "main hire", "hire systems_engineer")
    assert s.missions["M8"] == 4 and p.pending == 2


def test_scientist_from_a_discovery_tile_contributes() -> None:
    """§21 D09: hiring through a Discovery tile counts (no Colonist placed)."""
    game = colony_game()
    only(game, "M8")
    s = game.state
    only_res(game, 0, oxygen=2)
    arrange(game, {"missions": {"M8": 5, "M5": 5}, "map": {"1,-1": "D09"}})
    play(game, "main control", "rover 1,-1", "done", "claim", "hire systems_engineer")
    assert s.missions == {"M8": 4, "M5": 4}


# --- M9 Earth Contracts completed (1 Crystal) ----------------------------------------------------


def test_upgrade_contract_completed_by_another_players_construction() -> None:
    """RUL-10: an Upgrade contract is completed the moment its condition holds, checked after
    every action for every holder: another player's construction that grows the Complex under
    your marker to 4 completes your contract, and the Mission Crystal is yours."""
    game = colony_game()
    only(game, "M9", 2)
    s = game.state
    me, other = s.players[0], s.players[1]
    complex3 = {"2,0": "mine ab:1", "3,0": "mine", "4,0": "mine"}  # seat 1's marker on it
    arrange(
        game,
        {
            "map": {**complex3, "0,0": "bot:0"},
            "players": {0: {"lab": {"3t": "A-mine"}}, 1: {"contracts": ["C01"]}},  # C01: 4+
        },
    )
    play(game, "main construct", "build mine 1,0")
    assert other.contracts_done == ["C01"]
    assert s.missions["M9"] == 1 and other.pending == 1 and me.pending == 0


def test_delivery_contract_completed_contributes() -> None:
    """RUL-10, §16: a Delivery contract completes when its last item is placed: 1 Crystal."""
    game = colony_game()
    only(game, "M9", 2)
    p = game.state.players[0]
    # C07 wants 4 Minerals: 3 Shelters on Mars (2 more) make the room (§4)
    mine = {"contracts": ["C07"], "res": {"mineral": 4, "*": 0}}
    arrange(game, {"map": {"-6,2": "shelter:0", "-6,4": "shelter:0"}, "players": {0: mine}})
    for _ in range(4):
        assert game.state.missions["M9"] == 2
        play(game, "deliver C07 mineral")
    assert game.state.missions["M9"] == 1 and p.pending == 1


def one_item_short(cid: str, delivered: list[str]) -> tuple[onmars.Game, State, Player]:
    """A 2-player game counting only M9, seat 0's Main action taken; seat 1 holds Delivery
    contract ``cid`` with ``delivered`` on it (one item short)."""
    game = colony_game(2)
    only(game, "M9", 2)
    holding = {"contracts": [cid], "delivered": {cid: delivered}}
    arrange(game, {"players": {1: holding}, "turn": {"main": True}})
    return game, game.state, game.state.players[1]


def test_a_kept_oxygen_that_finishes_a_contract_counts_before_the_next_action() -> None:
    """RUL-10: a Delivery contract is completed the moment its last item is placed, also when
    that happens outside an action: here at the end of seat 0's turn, the owner of the Tech it
    used keeps the Oxygen (§8.3), which goes onto the owner's contract past full storage (§16).
    The Mission counts it at once, before anyone acts again."""
    game, s, owner = one_item_short("C10", ["oxygen", "oxygen", "mineral", "mineral"])
    tech = s.grid["bottom1"]  # the game's Extractor Tech: seat 0 used it this turn
    assert tech == "A-extractor"
    room = storage_cap(owner)  # no room: the kept Oxygen goes onto C10
    mine = {"res": {"oxygen": room}, "lab": {"1t": tech}}
    arrange(game, {"players": {1: mine}, "turn": {"used": [[1, tech]]}})
    play(game, "end")
    assert game.current_player == 1 and "keep" in legal(game)
    before = owner.crystals + owner.pending
    play(game, "keep")  # then seat 1's turn starts: the Mission Crystal moves into the Depot
    assert owner.contracts_done == ["C10"] and s.missions["M9"] == 1
    assert owner.crystals + owner.pending == before + 1


def test_crystals_the_depot_cannot_hold_may_finish_a_contract_at_the_turns_start() -> None:
    """RUL-10, seed item 3, §16: at the start of a turn the Crystals waiting below a full Depot
    go onto a Delivery contract that still needs them; the contract is completed then."""
    game, s, p = one_item_short("C12", ["crystal", "crystal", "mineral", "mineral"])
    arrange(game, {"players": {1: {"crystals": depot_cap(p), "pending": 1}}})
    play(game, "end")
    assert game.current_player == 1 and frame(game)["t"] == "turn"
    assert p.contracts_done == ["C12"] and s.missions["M9"] == 1


# --- completion, the end of the track, the Colony level ------------------------------------------


def test_completion_advances_the_remaining_missions_marker_and_pays_no_more() -> None:
    """§17.1, RUL-10: the contribution that reaches the checkmark completes the Mission and
    moves the Remaining Missions marker; contributions past it earn nothing."""
    game = colony_game()
    s, p = game.state, game.state.players[0]
    arrange(game, {"missions": {"M8": 1}, "remaining": 3})
    only_res(game, 0, oxygen=2, plant=2)
    play(game, "main hire", "hire systems_engineer")
    assert s.missions["M8"] == 0 and s.remaining == 2 and p.pending == 2
    push_free_card(s, 0, "scientist")
    play(game, "hire geochemist")
    assert s.missions["M8"] == 0 and s.remaining == 2 and p.pending == 2


@pytest.mark.parametrize(("level", "remaining"), [(3, 2), (4, 1), (5, 0)])
def test_colony_levels_3_to_5_shorten_the_track(level: int, remaining: int) -> None:
    """§11.4 step 6, seed item 8: reaching Colony level 3, 4, 5 moves the Remaining Missions
    marker one space each: 2, 1, 0 Missions are then needed."""
    game = position({"level": 2})
    s = game.state
    while s.level < level:
        status_update(s)
    assert s.remaining == remaining


def test_end_is_triggered_at_the_end_of_the_colonization_phase() -> None:
    """§24.1, seed item 8: the marker reaching the end of its track during a turn ends nothing
    at once: the round's other turns and its Shuttle phase are played, then one more round
    without a Shuttle phase, then the game ends."""
    game = position({"missions": {"M2": 1}, "remaining": 1})
    s = game.state
    no_crystal_gain(game)
    play(game, "main blueprint", f"take {s.bp_display[0]}")
    assert s.remaining == 0 and s.end_round == 0  # not yet: only at the end of the phase
    to_turn_of(game, 1)  # the others still play this round
    shuttle_seen = {1: False, 2: False}
    while not game.is_over:
        if frame(game)["t"] == "travel":
            shuttle_seen[s.round] = True
            play(game, "stay")
        else:
            end_turn_quietly(game)
    assert s.end_round == 2 and s.round == 2
    assert shuttle_seen == {1: True, 2: False}
