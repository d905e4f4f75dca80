"""An audit of the Colony side against the rules (issue: rules audit, Colony side): §5, §6, §9,
§10, §11, §17, §25 and the rulings that touch them, each case played through the public API.

Every test here checks something the other test files do not: the Upgrade a Building main action
(§9.3: Mineral, Level 3 Blueprints, Upgrade Tech, own Shelters, the Miner displaced), the Ship
limit's memory of discarded Ships and the Ship boost at the limit (§9.4, seed item 6), the last
items of a supply (Bots, Colonists, a building stack), Missions reaching their checkmark in the
middle of a boost (§17.1), the Control Center's occupancy rules (§9.1), the two-player
Warehouse refill (§25), and what a level change does at the end of a turn (§11.4).

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
"""

from __future__ import annotations

from conftest import assert_illegal, at, legal, play

from onmars import Game
from onmars.rules.position import arrange, position


def colony_game(players: int = 2, seed: int = 1) -> Game:
    """Seat 0 on Turn Order space 5, the others after it, Shuttle on the Colony side: seat 0 to
    play; the map bare but for the Shelters (2 players: at -4,1 and 4,-1), no Missions (their
    Crystals stay out of the counts unless a test puts one back)."""
    spaces = {i: 5 + i for i in range(players)}
    g = position(
        {"map": "bare", "missions": {}}, players=players, seed=seed, spaces=spaces, shuttle="colony"
    )
    assert g.current_player == 0 and g.state.stack[-1]["t"] == "turn"
    return g


def end_turn(g: Game) -> None:
    """End the turn unless the engine already did (a lone ``end`` plays itself)."""
    if g.state.stack[-1]["t"] == "turn" and "end" in legal(g):
        g.play("end")


# --- §9.3 Upgrade a Building ---------------------------------------------------------------------


def upgrade_setup(g: Game, blueprints: list[str], minerals: int = 1, **more: object) -> None:
    """Seat 0 holds ``blueprints`` (unbuilt), ``minerals`` Minerals and nothing else, its Bot on
    0,0."""
    me = {"blueprints": blueprints, "res": {"mineral": minerals, "*": 0}, **more}
    arrange(g, {"map": {"0,0": "bot:0"}, "players": {0: me}})


def test_upgrade_pays_one_mineral_and_moves_the_marker_from_the_blueprint() -> None:
    """§9.3 steps 1-3: a Colonist goes on an Upgrade slot, 1 Mineral is paid, the Advanced
    Building marker leaves the Blueprint for the building (the Blueprint counts as built)."""
    g = colony_game()
    s = g.state
    upgrade_setup(g, ["BP01"], minerals=1)
    arrange(g, {"map": {"1,0": "mine"}})
    p = s.players[0]
    lq, ab = p.lq, p.ab
    play(g, "main upgrade")  # the one upgrade plays itself
    assert s.ab[at("1,0")] == 0
    assert p.built == ["BP01"]
    assert p.res["mineral"] == 0
    assert s.slots["upgrade"] == [0] and p.lq == lq - 1
    assert p.ab == ab  # the marker came from the card, not from the supply


def test_upgrade_without_a_mineral_is_assert_illegal() -> None:
    """§9.3 step 2: the upgrade costs 1 Mineral; other Resources cannot stand in for it."""
    g = colony_game()
    upgrade_setup(g, ["BP01"], minerals=0)
    arrange(g, {"map": {"1,0": "mine"}, "players": {0: {"res": {"water": 2, "plant": 2}}}})
    assert "main upgrade" not in legal(g)
    assert_illegal(g, "main upgrade", "§9.3")


def test_level_3_blueprint_needs_a_complex_of_three() -> None:
    """§9.3 step 1, seed item 6: a Level 3 Blueprint (BP13 Mineral Mine) upgrades only a Mine
    in a Complex of 3 or more: a Mine in a Complex of 2 is refused, one of 3 accepted."""
    g = colony_game()
    upgrade_setup(g, ["BP13"])
    arrange(g, {"map": {"1,0": "mine", "1,-1": "mine"}})  # a Complex of 2
    assert "main upgrade" not in legal(g)
    arrange(g, {"map": {"0,-1": "mine"}})  # a third Mine joins them
    play(g, "main upgrade")
    ups = sorted(m for m in legal(g) if m.startswith("upgrade"))
    assert ups == ["upgrade BP13 0,-1", "upgrade BP13 1,-1", "upgrade BP13 1,0"], ups


def test_level_1_blueprint_upgrades_a_lone_building() -> None:
    """§9.3: a Level 1 Blueprint upgrades any building of its type, standalone included."""
    g = colony_game()
    upgrade_setup(g, ["BP04"])  # Wind Turbines: a Generator
    arrange(g, {"map": {"1,0": "generator"}})
    play(g, "main upgrade")
    assert g.state.ab[at("1,0")] == 0


def test_upgrade_only_your_own_shelter() -> None:
    """§9.3: a Shelter Blueprint upgrades only your own Shelter, never another player's."""
    g = colony_game()
    upgrade_setup(g, ["BP11"])  # Casino: a Shelter
    arrange(g, {"map": {"1,0": "shelter:1"}})
    assert "main upgrade" not in legal(g)
    arrange(g, {"map": {"-1,0": "shelter:0"}})  # one of seat 0's own, also in the zone
    play(g, "main upgrade")
    assert g.state.ab[at("-1,0")] == 0 and g.state.ab[at("1,0")] == -1


def test_upgrade_only_in_a_bot_zone() -> None:
    """§9.3 step 1: the building must be in one of your Bots' building zones."""
    g = colony_game()
    upgrade_setup(g, ["BP01"])
    arrange(g, {"map": {"2,0": "mine"}})  # 2 hexes from the Bot on 0,0
    assert "main upgrade" not in legal(g)


def test_a_building_is_upgraded_once() -> None:
    """§9.3: a building already holding an Advanced Building marker cannot be upgraded again."""
    g = colony_game()
    upgrade_setup(g, ["BP01"])
    arrange(g, {"map": {"1,0": "mine ab:1"}})
    assert "main upgrade" not in legal(g)


def test_upgrading_a_mine_sends_another_players_miner_home() -> None:
    """§9.3 step 3, §9.2: any Mine may be upgraded, even one with another player's Miner; the
    Miner goes back to its owner's Living Quarters."""
    g = colony_game()
    s = g.state
    upgrade_setup(g, ["BP01"])
    arrange(g, {"map": {"1,0": "mine miner:1"}, "players": {1: {"lq": 2}}})
    play(g, "main upgrade")
    assert s.miner[at("1,0")] == -1 and s.ab[at("1,0")] == 0
    assert s.players[1].lq == 3


def test_a_miner_with_no_room_in_living_quarters_goes_to_the_supply() -> None:
    """§9.2 displacement, §4: a Miner sent home to full Living Quarters goes to its owner's
    personal supply."""
    g = colony_game()
    s = g.state
    upgrade_setup(g, ["BP01"])
    arrange(g, {"map": {"1,0": "mine miner:1"}, "players": {1: {"lq": 4}}})  # 4 = full (1 Shelter)
    reserve = s.players[1].reserve
    play(g, "main upgrade")
    assert s.players[1].lq == 4 and s.players[1].reserve == reserve + 1


def test_upgrade_tech_level_one_allows_a_second_upgrade_each_paying_a_mineral() -> None:
    """§8.2: an Upgrade Tech of level n lets one Upgrade action make up to n + 1 upgrades, each
    with its own Blueprint and its own Mineral; another player's tile may be used (its owner
    then decides at the end of the turn, §8.3)."""
    g = colony_game()
    s = g.state
    upgrade_setup(g, ["BP01", "BP04"], minerals=2)
    arrange(
        g,
        {
            "map": {"1,0": "mine", "-1,0": "generator"},
            "players": {1: {"lab": {"1t": "A-upgrade"}}},
        },
    )
    play(g, "main upgrade")
    assert "use A-upgrade" in legal(g)
    play(g, "use A-upgrade", "upgrade BP01 1,0", "upgrade BP04 -1,0")
    assert s.ab[at("1,0")] == 0 and s.ab[at("-1,0")] == 0
    assert s.players[0].res["mineral"] == 0
    assert s.turn["used"] == [[1, "A-upgrade"]]


def test_upgrade_tech_cannot_buy_an_upgrade_without_its_mineral() -> None:
    """§8.2, §9.3: the extra upgrade still costs a Mineral: with one Mineral only one upgrade is
    made even with an Upgrade Tech in play."""
    g = colony_game()
    s = g.state
    upgrade_setup(g, ["BP01", "BP04"], minerals=1, lab={"1t": "A-upgrade"})
    arrange(g, {"map": {"1,0": "mine", "-1,0": "generator"}})
    play(g, "main upgrade", "upgrade BP01 1,0")
    assert s.players[0].res["mineral"] == 0
    assert not any(m.startswith(("upgrade", "use")) for m in legal(g))
    assert s.ab[at("-1,0")] == -1


# --- §9.4 Welcome a Ship -------------------------------------------------------------------------


def ship_setup(g: Game, ships: int = 1, **more: object) -> None:
    """Seat 0 can pay for ``ships`` Ships (a Plant and a Water each, with room to store them)."""
    me = {"res": {"plant": ships, "water": ships, "*": 0}, **more}
    shelters = {f"-5,{r}": "shelter:0" for r in range(2, 2 + max(0, ships - 1))}
    arrange(g, {"map": shelters, "players": {0: me}})


def test_a_ship_discarded_for_travel_still_counts_toward_the_limit() -> None:
    """§9.4 step 1, seed item 6, RUL-14: the limit counts every Ship ever moved out of the
    Depot; a Ship later discarded to travel (§12.2) does not free the place: at Colony level 1
    with one Ship already out (and gone to the box), no Ship may be welcomed."""
    g = colony_game()
    p = g.state.players[0]
    ship_setup(g, depot_ships=[2, 3, 4, 5], ships_out=1, hangar=0)
    assert p.hangar == 0 and p.ships_out == 1
    assert "main ship" not in legal(g)
    assert_illegal(g, "main ship", "§9.4", "RUL-14")
    arrange(g, {"level": 2})  # the next level allows a second Ship
    assert "main ship" in legal(g)


def test_the_ship_boost_stops_at_the_colony_level() -> None:
    """§9.4 boost, RUL-14: at Colony level 2 the first Ship and one boosted Ship may leave the
    Depot; a third is refused even with the Colonist and the Resources to pay for it."""
    g = colony_game()
    s = g.state
    p = s.players[0]
    ship_setup(g, ships=3, lq=3)
    arrange(g, {"level": 2})
    play(g, "main ship", "ship 5", "reward colonists")
    play(g, "boost", "ship 4", "reward colonists")
    assert p.ships_out == 2 and p.hangar == 2
    assert "boost" not in legal(g)
    assert p.res["plant"] == 1 and p.res["water"] == 1


def test_a_ship_reward_offers_no_bot_when_none_is_left() -> None:
    """§9.4 step 4, §2 (4 Bots per colour): with every Bot on Mars, only the 2 Colonists are
    offered."""
    g = colony_game()
    ship_setup(g)
    arrange(g, {"map": {"1,0": "bot:0", "2,0": "bot:0", "3,0": "bot:0", "0,0": "bot:0"}})
    assert g.state.players[0].bots == 0
    play(g, "main ship", "ship 5")
    assert legal(g) == {"reward colonists"}


def test_ship_colonists_come_only_from_the_personal_supply() -> None:
    """§9.4 step 4, §2 (12 Colonists per colour): with one Colonist left in the supply, the
    2-Colonist reward brings one; with Living Quarters full, those gained stay in the supply."""
    g = colony_game()
    p = g.state.players[0]
    ship_setup(g, lq=1, wa=10, reserve=1)
    play(g, "main ship", "ship 5", "reward colonists")
    assert (p.lq, p.reserve) == (2, 0)


def test_ship_colonists_beyond_living_quarters_stay_in_the_supply() -> None:
    """§9.4 step 4: new Colonists go to empty Living Quarters slots, the excess stays in the
    personal supply (4 slots with one Shelter, §4)."""
    g = colony_game()
    p = g.state.players[0]
    ship_setup(g, lq=3)
    reserve = p.reserve
    play(g, "main ship", "ship 5", "reward colonists")
    assert p.lq == 4 and p.reserve == reserve - 1


def test_a_new_bot_counts_for_the_bots_mission_until_its_checkmark() -> None:
    """§17.1, RUL-10: the Bots Mission with one contribution left pays the first Ship's Bot
    (2 Crystals) and completes; the boosted Ship's Bot earns nothing more."""
    g = colony_game()
    s = g.state
    p = s.players[0]
    ship_setup(g, ships=2, lq=3)
    arrange(g, {"level": 2, "missions": {"M4": 1}, "remaining": 3})
    play(g, "main ship", "ship 5", "reward bot")
    if s.stack[-1]["t"] == "new_bot":
        play(g, sorted(legal(g))[0])
    assert s.missions["M4"] == 0 and p.pending == 2 and s.remaining == 2
    play(g, "boost", "ship 4", "reward bot")
    if s.stack[-1]["t"] == "new_bot":
        play(g, sorted(legal(g))[0])
    assert p.pending == 2 and s.remaining == 2
    assert s.bot.count(0) == 2


# --- §11.4 the Colony level changes only at the end of the turn ----------------------------------


def level_up_pending(g: Game) -> None:
    """Seat 0 can build the Oxygen Condenser that brings the last LSS track to the Colony row
    (level 1: 2 of each): a standalone one on 0,0 (a Condenser 2 away at -2,0, its Bot on
    -1,0), paying its Plant."""
    arrange(
        g,
        {
            "map": {"-2,0": "condenser", "-1,0": "bot:0", "2,0": "generator", "2,1": "greenhouse"},
            "lss": {"generator": 2, "extractor": 2, "greenhouse": 2, "condenser": 1},
            "players": {0: {"res": {"plant": 1, "*": 0}}},
        },
    )
    arrange(g, {"map": {"3,-1": "extractor"}})
    assert g.state.bld.count("condenser") == 1


def test_the_ship_limit_reads_the_level_before_the_turns_update() -> None:
    """§11.4, RUL-12, RUL-14: the build that completes the Colony row levels the colony up at
    the end of the turn, not at once: a Private Ship (BP05) used after it in the same turn still
    meets level 1, so with one Ship already out none may leave the Depot."""
    g = colony_game()
    s = g.state
    level_up_pending(g)
    me = {"blueprints": ["BP05"], "built": ["BP05"], "depot_ships": [1, 2, 3, 4], "ships_out": 1}
    me |= {"hangar": 1, "crystals": 2}
    arrange(g, {"map": {"-6,2": "extractor ab:0"}, "players": {0: me}})
    arrange(g, {"players": {0: {"res": {"plant": 2, "water": 1}}}})
    play(g, "main construct", "build condenser 0,0", "benefit mineral")
    assert s.level == 1 and all(v >= 2 for v in s.lss.values())
    assert "exec advanced" not in legal(g)  # the only Advanced Building: a Ship it cannot welcome
    assert_illegal(g, "exec advanced", "RUL-14", "level is 1")
    end_turn(g)
    assert s.level == 2


def test_a_second_building_of_a_type_in_the_same_turn_earns_no_reward() -> None:
    """§11.3, §11.4: once a track has reached the Colony row, another building of its type in
    the same turn finds it at (not below) the row, even though the colony has not levelled up
    yet: the first Condenser of the turn earns the Reward tile and a bonus, the second (by the
    Concentrator, BP10) neither."""
    g = colony_game()
    s = g.state
    me = {"blueprints": ["BP10"], "built": ["BP10"], "crystals": 2, "lab": {"1t": "A-condenser"}}
    arrange(
        g,
        {
            "level": 2,
            "map": {"-6,2": "condenser ab:0", "-2,0": "condenser", "-1,0": "bot:0"},
            "lss": {"generator": 3, "extractor": 3, "greenhouse": 3, "condenser": 2},
            "players": {0: me},
        },
    )
    arrange(g, {"players": {0: {"res": {"plant": 2, "*": 0}}}})
    play(g, "main construct", "build condenser 0,0")  # standalone, 2 from -2,0
    assert s.lss["condenser"] == 3 and s.stack[-1]["t"] == "lss_bonus"
    play(g, "benefit mineral")
    reward = s.players[0].op_by["lss_reward"]
    assert reward > 0  # the Reward tile (no first-building OP: the track had left row 1)
    play(g, "exec advanced", "advanced BP10 pay")
    if "done" in legal(g):  # no boost wanted
        play(g, "done")
    play(g, "build condenser -1,-1", "pay plant")  # joins -2,0: the level 1 Condenser Tech
    assert s.lss["condenser"] == 4
    assert s.stack[-1]["t"] != "lss_bonus"
    assert s.players[0].op_by["lss_reward"] == reward
    # the turn is over (nothing else to do): level 3, Progress scored for the new Complex
    assert s.level == 3 and g.current_player != 0
    assert s.players[0].op_by == {"lss_reward": reward, "progress": 1}


# --- §9.1 Control Center -------------------------------------------------------------------------


def test_a_bot_passes_pieces_but_never_ends_on_one() -> None:
    """§9.1, §4: a Bot may pass through hexes holding a Miner, an Advanced Building marker,
    another Bot or a Rover, but not end there; it may end on a building with no piece."""
    g = colony_game()
    pieces = {"1,0": "mine miner:1", "0,1": "generator ab:1", "-1,1": "bot:1", "-1,0": ""}
    arrange(g, {"map": {"0,0": "bot:0", "1,-1": "greenhouse", **pieces}})
    arrange(g, {"players": {1: {"rover": "0,-1"}, 0: {"crystals": 0}}})
    play(g, "main control")
    ends = {m.split()[2] for m in legal(g) if m.startswith("bot 0,0 ")}
    assert not ends & {"1,0", "0,1", "-1,1", "0,-1"}, ends
    assert "1,-1" in ends  # a building with no piece
    assert "2,0" in ends  # 2 hexes away, past the Miner's hex
    assert "0,2" in ends  # past the Advanced Building marker's hex


def test_crystals_the_rover_collects_cannot_buy_movement_this_turn() -> None:
    """§9.1, §6.4, seed item 3: the Crystal the Rover picks up waits below the Depot, so with an
    empty Depot it buys no movement point: after its 2 free steps the Rover stops."""
    g = colony_game()
    s = g.state
    arrange(g, {"map": {"1,-1": "crystal"}, "players": {0: {"crystals": 0}}})
    play(g, "main control", "rover 1,-1", "rover 2,-2")
    assert s.players[0].pending == 1 and s.players[0].crystals == 0
    assert not any(m.startswith("rover") for m in legal(g))


def test_a_bot_ending_on_a_crystal_sends_it_back_to_the_supply_passing_leaves_it() -> None:
    """§9.1: a Crystal is returned to the supply only where a Bot ends; a Bot passing over it
    leaves it on the map; nobody gains it."""
    g = colony_game()
    s = g.state
    arrange(g, {"map": {"0,0": "bot:0", "1,0": "crystal"}})
    arrange(g, {"players": {0: {"crystals": 0}}})
    pending = s.players[0].pending
    play(g, "main control", "bot 0,0 2,0", "done")  # over 1,0
    assert s.crystal[at("1,0")] == 1 and s.bot[at("2,0")] == 0
    assert s.players[0].pending == pending
    g2 = colony_game()
    arrange(g2, {"map": {"0,0": "bot:0", "1,0": "crystal"}, "players": {0: {"crystals": 0}}})
    play(g2, "main control", "bot 0,0 1,0", "done")
    assert g2.state.crystal[at("1,0")] == 0 and g2.state.players[0].pending == pending


def test_the_welcomed_ships_row_opens_its_executive_action_the_same_turn() -> None:
    """§9.4 step 3, §13.1: the Ship leaves the Depot row of the player's choice, which opens
    that row's Executive action (row 5: gain a Mineral for 3 Crystals) and frees a Depot space;
    the other rows stay covered."""
    g = colony_game()
    s = g.state
    p = s.players[0]
    ship_setup(g, crystals=3)
    assert "exec mineral" not in legal(g)
    play(g, "main ship", "ship 5", "reward colonists")
    assert p.depot_ships == [1, 2, 3, 4]
    assert "exec mineral" in legal(g) and "exec upgrade" not in legal(g)
    play(g, "exec mineral")
    assert p.res["mineral"] == 1 and p.crystals == 0


# --- §25 two players, §6.5 the Scientist / Contract slots ----------------------------------------


def test_two_players_pay_for_the_other_colonist_on_the_scientist_slots() -> None:
    """§6.5, §25.4, seed item 2: with 2 players the extra cost counts every Colonist on the
    action's slots; on Hire a Scientist / Take a Contract your own cannot be there, so the other
    player's one costs 1 (a Crystal or a Colonist to the Working Area)."""
    g = colony_game()
    p = g.state.players[0]
    me = {"crystals": 2, "lq": 3, "res": {"oxygen": 2, "*": 0}}
    arrange(g, {"map": {"-5,2": "shelter:0"}, "slots": {"hire": [1]}, "players": {0: me}})
    play(g, "main hire", "hire systems_engineer")  # 2 Oxygen
    assert g.state.stack[-1]["t"] == "placement_cost"
    assert legal(g) == {"pay crystal", "pay colonist"}
    play(g, "pay colonist")
    assert p.crystals == 2 and p.lq == 1 and p.wa == 1 and p.res["oxygen"] == 0
    assert sorted(g.state.slots["hire"]) == [0, 1]


# --- RUL-4 Ship Tech -----------------------------------------------------------------------------


def test_a_ship_tech_of_enough_level_brings_one_more_colonist() -> None:
    """RUL-4, §9.4: a Ship Tech whose level reaches the number of Ships already moved out of the
    Depot (here 1, before this one) adds a Colonist to the Ship's reward; another player's tile
    may be used, its owner deciding at the end of the turn (§8.3)."""
    g = colony_game()
    p = g.state.players[0]
    ship_setup(g, lq=1, depot_ships=[1, 2, 3, 4], ships_out=1, hangar=1)
    arrange(g, {"level": 2, "players": {1: {"lab": {"1t": "A-ship"}}}})
    play(g, "main ship", "ship 4")
    assert "use A-ship" in legal(g)
    play(g, "use A-ship", "reward colonists")
    assert p.lq == 4  # 1 + 2 + 1
    assert g.state.turn["used"] == [[1, "A-ship"]]


def test_a_ship_tech_below_the_ships_already_out_adds_nothing() -> None:
    """RUL-4: with 2 Ships already out, a level 1 Ship Tech is not enough (not offered)."""
    g = colony_game()
    ship_setup(g, lq=1, depot_ships=[1, 2, 3], ships_out=2, hangar=2)
    arrange(g, {"level": 3, "players": {1: {"lab": {"1t": "A-ship"}}}})
    play(g, "main ship", "ship 3")
    assert "use A-ship" not in legal(g)
    assert legal(g) == {"reward colonists", "reward bot"}
