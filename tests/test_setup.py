"""Setup (§3, §25, RUL-1, RUL-2, RUL-17): the board, each player's pieces and the opening picks."""

from __future__ import annotations

import pytest
from conftest import assert_illegal, cell, decline_bonus, frame, legal, opening, play

import onmars
from onmars.rules.actions import economy
from onmars.rules.data import hexmap
from onmars.rules.data.components import LSS_TYPES, RESOURCES, load

SIZES = [(n, length) for n in (2, 3, 4) for length in ("short", "long")]


@pytest.fixture(params=SIZES, ids=[f"{n}p-{length}" for n, length in SIZES])
def fresh(request: pytest.FixtureRequest) -> onmars.Game:
    n, length = request.param
    return onmars.Game.new(players=n, seed=11, length=length)


# --- Orbit side (§3.1, §25) ---------------------------------------------------------------------


@pytest.mark.parametrize("n, stock", [(2, 2), (3, 3), (4, 3)])
def test_warehouse_stock(n: int, stock: int) -> None:
    """§3.1 item 2, §25.1: the Warehouse holds 3 of each Crystal/Resource (2 with two players)
    and never Minerals (§23.1)."""
    s = onmars.Game.new(players=n, seed=5).state
    assert s.warehouse == dict.fromkeys(("crystal", "battery", "water", "plant", "oxygen"), stock)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tech_grid_and_stacks(n: int) -> None:
    """§3.1 item 3, §25.2: the Grid shows one back-colour set of 8 (one tile per type); the
    other set is two face-down stacks of 4 with 3-4 players and is out of the game with 2."""
    s = onmars.Game.new(players=n, seed=7).state
    tiles = load().tech_tile
    grid = list(s.grid.values())
    assert len(grid) == 8 and all(grid)
    assert len({tiles[t].set for t in grid}) == 1
    assert len({tiles[t].type for t in grid}) == 8
    assert "shelter" not in {tiles[t].type for t in grid}
    stacked = [t for stack in s.tech_stacks for t in stack]
    if n == 2:
        assert stacked == []
    else:
        assert [len(stack) for stack in s.tech_stacks] == [4, 4]
        assert {tiles[t].set for t in stacked} != {tiles[grid[0]].set}
        assert len({tiles[t].type for t in stacked}) == 8
        assert not set(stacked) & set(grid)


def test_blueprint_display_is_six_level_one(fresh: onmars.Game) -> None:
    """§3.1 item 4: the Level 1 deck sits on the Level 3 deck; the top 6 (all Level 1) are
    displayed, the other 6 Level 1 cards lie on top of the 12 Level 3 cards."""
    s = fresh.state
    bp = load().blueprint
    assert len(s.bp_display) == 6
    assert {bp[b].level for b in s.bp_display} == {1}
    assert len(s.bp_deck) == 18
    top_six = s.bp_deck[-6:]  # the top card is last
    assert {bp[b].level for b in top_six} == {1}
    assert {bp[b].level for b in s.bp_deck[:-6]} == {3}
    assert len(set(s.bp_display) | set(s.bp_deck)) == 24


def test_two_face_up_discovery_tiles(fresh: onmars.Game) -> None:
    """§3.1 item 1: two of the 19 Discovery tiles are face up on the Exploration space; the
    rest form the face-down stack."""
    s = fresh.state
    assert len(s.exploration) == 2
    assert len(s.discovery_stack) == 17
    assert len(set(s.exploration) | set(s.discovery_stack)) == 19


@pytest.mark.parametrize(
    "length, short, long_", [("short", 2, 1), ("long", 1, 2)], ids=["short", "long"]
)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_mission_cards(n: int, length: str, short: int, long_: int) -> None:
    """§3.2 item 11, RUL-17: 2 Short + 1 Long missions in a short game, 1 + 2 in a long one;
    each tracker starts at the space for the player count (§3.2 item 12); Remaining Missions
    marker on 3 (item 13)."""
    s = onmars.Game.new(players=n, seed=3, length=length).state
    missions = load().mission
    decks = [missions[m].deck for m in s.missions]
    assert decks.count("short") == short and decks.count("long") == long_
    for m, left in s.missions.items():
        assert left == missions[m].targets[n - 2]
    assert s.remaining == 3


def test_colony_side(fresh: onmars.Game) -> None:
    """§3.2-3.3, RUL-1: starting Mine on (0,0), the four starting LSS buildings (one of each
    type) on (-2,0) (2,0) (0,-2) (0,2), Research tiles two per type on their corner hexes,
    Colony level 1, every LSS column at 1 and 4 distinct LSS Reward tiles."""
    s = fresh.state
    assert s.bld[cell(0, 0)] == "mine"
    lss = sorted(s.bld[cell(*h)] for h in ((-2, 0), (2, 0), (0, -2), (0, 2)))
    assert lss == sorted(LSS_TYPES)
    research = [t for t in s.tile if t]
    assert len(research) == 8 and all(research.count(t) == 2 for t in research)
    assert s.level == 1
    assert s.lss == dict.fromkeys(LSS_TYPES, 1)
    assert sorted(s.lss_rewards) == sorted(LSS_TYPES)
    assert len(set(s.lss_rewards.values())) == 4
    assert all(slots == [] for slots in s.slots.values())


def test_scientist_display_and_contract_deck(fresh: onmars.Game) -> None:
    """§3.2 items 5-6: the six Scientists left to right Geologist, R&D Engineer, Hydrologist,
    Biochemist, Geochemist, Systems Engineer; the 12 Earth Contracts form the deck, chosen
    from rather than drawn (RUL-18)."""
    s = fresh.state
    names = [load().scientist[x].name for x in s.science]
    assert names == [
        "Geologist",
        "R&D Engineer",
        "Hydrologist",
        "Biochemist",
        "Geochemist",
        "Systems Engineer",
    ]
    assert sorted(s.contract_deck) == sorted(load().contract) and len(s.contract_deck) == 12


@pytest.mark.parametrize(
    "n, hexes",
    [
        (2, [(-4, 1), (4, -1)]),
        (3, [(-4, 1), (3, -4), (1, 3)]),
        (4, [(-4, 1), (4, -1), (-1, -3), (1, 3)]),
    ],
)
def test_shelter_start_hexes(n: int, hexes: list[tuple[int, int]]) -> None:
    """RUL-1, §3.4, §25.3: each player's first Shelter stands on the start hex for the player
    count, with one of that player's Bots on it; no other Shelter or Bot is on Mars."""
    s = onmars.Game.new(players=n, seed=2).state
    for seat, h in enumerate(hexes):
        assert s.bld[cell(*h)] == f"shelter:{seat}"
        assert s.bot[cell(*h)] == seat
    assert sum(1 for b in s.bld if b.startswith("shelter")) == n
    assert sum(1 for b in s.bot if b >= 0) == n


# --- Each player (§3.4) -----------------------------------------------------------------------


def test_starting_pieces(fresh: onmars.Game) -> None:
    """§3.4: 1 of each Resource, 1 Crystal in the Depot, Shelter Tech on Lab space "2m"
    (level 2), 5 Ships on Depot rows 1-5, 3 Colonists in Living Quarters (9 in supply), 3 Bots
    in supply, 8 Advanced Building markers, 4 Shelters on the board, 3 Private Goals, the Rover
    not yet on Mars, 0 OP."""
    for p in fresh.state.players:
        assert p.res == dict.fromkeys(RESOURCES, 1)
        assert (p.crystals, p.pending) == (1, 0)
        assert p.lab == {"2m": f"shelter-{p.colour}"}
        assert p.depot_ships == [1, 2, 3, 4, 5]
        assert (p.hangar, p.ships_out) == (0, 0)
        assert (p.lq, p.wa, p.reserve) == (3, 0, 9)
        assert (p.bots, p.ab, p.shelters) == (3, 8, 4)
        assert len(p.goals) == 3
        assert p.rover == -1
        assert p.op == 0 and p.blueprints == [] and p.progress == []
        assert (p.space, p.side) == (0, "")


def test_starting_limits(fresh: onmars.Game) -> None:
    """§4: with one Shelter on Mars, storage holds 2 of each Resource, Living Quarters 4, and
    the Depot has 3 free spaces (8 less 5 Ships)."""
    for p in fresh.state.players:
        assert economy.storage_cap(p) == 2
        assert economy.lq_cap(p) == 4
        assert economy.depot_cap(p) == 3


def test_private_goals_are_dealt_from_one_deck(fresh: onmars.Game) -> None:
    """§3.4, §18.1: 3 secret Private Goals each, dealt from the 16 cards: no card twice."""
    dealt = [g for p in fresh.state.players for g in p.goals]
    assert len(dealt) == 3 * fresh.state.n
    assert len(set(dealt)) == len(dealt)
    assert set(dealt) <= set(load().private_goal)


def test_rover_counts_as_on_the_starting_mine() -> None:
    """§3.4, §12.3: before its first move the Rover counts as standing on the starting Mine,
    so the first Discovery tile goes exactly 3 hexes from (0,0)."""
    from onmars.rules.actions.travel import discovery_hexes

    s = onmars.Game.new(players=3, seed=4).state
    centre = cell(0, 0)
    hexes = discovery_hexes(s, 0)
    assert hexes and all(hexmap.hex_distance(c, centre) == 3 for c in hexes)


# --- Randomness comes from the seed (RUL-17) ------------------------------------------------------


@pytest.mark.parametrize("n, length", SIZES)
def test_same_seed_same_setup(n: int, length: str) -> None:
    """RUL-17: every random draw of the setup comes from the seed."""
    a = onmars.Game.new(players=n, seed=1234, length=length)
    b = onmars.Game.new(players=n, seed=1234, length=length)
    assert a.state.to_dict() == b.state.to_dict()
    assert a.legal_moves() == b.legal_moves()


def test_different_seeds_different_setups() -> None:
    """RUL-17: the seed really drives the draws: ten seeds give ten different setups, and no
    random part (Grid, display, Discovery tiles, goals, LSS tiles) is constant."""
    states = [onmars.Game.new(players=4, seed=seed).state for seed in range(10)]
    assert len({repr(s.to_dict()) for s in states}) == 10
    for part in ("grid", "bp_display", "exploration", "lss_rewards", "bld", "missions", "first"):
        assert len({repr(getattr(s, part)) for s in states}) > 1, part
    assert len({repr([p.goals for p in s.players]) for s in states}) > 1


# --- Opening picks and the Shuttle (§3.5, RUL-2, RUL-17) ----------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_opening_picks_clockwise_from_first_player(n: int) -> None:
    """§3.5, RUL-17: the first player is drawn from the seed and the opening Turn Order picks
    are moves made clockwise from them; a taken space is no longer offered."""
    game = onmars.Game.new(players=n, seed=21)
    first = game.state.first
    pickers = []
    for k in range(n):
        seat = game.current_player
        pickers.append(seat)
        assert frame(game)["t"] == "seat"
        assert legal(game) == {f"seat {x}" for x in range(k + 1, 9)}
        play(game, f"seat {k + 1}")
        decline_bonus(game, seat)
    assert pickers == [(first + k) % n for k in range(n)]


def test_taken_space_refused() -> None:
    """§3.5: a player picks an *empty* Turn Order space."""
    game = onmars.Game.new(players=3, seed=1)
    play(game, "seat 8")
    assert_illegal(game, "seat 8", "§19")
    assert_illegal(game, "seat 9", "§19")


def test_opening_bonus_warehouse_item() -> None:
    """§3.5, RUL-2: space 1 gives an optional Warehouse item, taken at once (a Crystal goes
    below the Depot)."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    play(game, "seat 1")
    assert "item crystal" in legal(game) and "done" in legal(game)
    play(game, "item crystal")
    assert game.state.players[seat].pending == 1
    assert game.state.warehouse["crystal"] == 2
    assert frame(game)["t"] == "seat" and game.current_player != seat


def test_opening_crystal_moves_in_at_the_first_turn() -> None:
    """§3.5, §5.1, seed 3: a Crystal from an opening bonus waits below the Depot until that
    player's first turn starts."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    play(game, "seat 1", "item crystal")
    for _ in range(2):
        other = game.current_player
        play(game, f"seat {8 - other}")
        decline_bonus(game, other)
    play(game, "shuttle orbit")
    p = game.state.players[seat]
    assert game.current_player == seat  # space 1 plays first
    assert (p.crystals, p.pending) == (2, 0)


def test_opening_bonus_blueprint() -> None:
    """§3.5, RUL-2: space 2 gives a Blueprint under the Obtain Blueprint rules (§7.2)."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    play(game, "seat 2")
    bp = game.state.bp_display[0]
    play(game, f"take {bp}")
    p = game.state.players[seat]
    assert p.blueprints == [bp] and p.ab == 7
    assert bp not in game.state.bp_display


def test_opening_bonus_tech_tile_pays_grid_cost() -> None:
    """§3.5, RUL-2: space 3 gives a Tech tile at its Grid cost (§7.3): a middle-row tile costs
    a Battery."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    play(game, "seat 3")
    tile = game.state.grid["middle1"]
    play(game, f"learn {tile} 1t", "pay battery")
    p = game.state.players[seat]
    assert p.lab["1t"] == tile and p.res["battery"] == 0 and p.res["mineral"] == 1
    assert game.state.grid["middle1"] == ""


def test_opening_bonus_ship_pays_water_and_plant() -> None:
    """§3.5, RUL-2, RUL-14: space 4 welcomes a Ship for 1 Water + 1 Plant (limit: Colony
    level 1 allows one Ship out)."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    play(game, "seat 4", "ship 5", "pay plant", "pay water", "reward colonists")
    p = game.state.players[seat]
    assert p.depot_ships == [1, 2, 3, 4] and p.hangar == 1 and p.ships_out == 1
    assert p.res["water"] == 0 and p.res["plant"] == 0
    assert (p.lq, p.reserve) == (4, 8)  # 2 new Colonists, one fits: the other stays in supply


def test_opening_bonus_colonist() -> None:
    """§3.5, RUL-2: space 5 gives a Colonist from the supply into Living Quarters (optional:
    ``gain colonist`` takes it)."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    play(game, "seat 5", "gain colonist")
    p = game.state.players[seat]
    assert (p.lq, p.reserve) == (4, 8)
    assert p.side == "colony"


def test_opening_bonus_bots() -> None:
    """§3.5, RUL-2: space 6 gives 2 movement points for your Bots (optional): the Bot on the
    starting Shelter may move up to 2 hexes."""
    game = onmars.Game.new(players=2, seed=1)
    seat = game.current_player
    start = [(-4, 1), (4, -1)][seat]
    play(game, "seat 6")
    moves = {m for m in legal(game) if m.startswith("bot")}
    assert "done" in legal(game) and moves
    origin = cell(*start)
    for m in moves:
        _, a, b = m.split()
        assert hexmap.parse(a) == origin
        assert 1 <= hexmap.walk(origin, hexmap.parse(b)) <= 2 + game.state.players[seat].crystals
    far = next(c for c in hexmap.within(origin, 2) if hexmap.walk(origin, c) == 2)
    play(game, f"bot {hexmap.text(origin)} {hexmap.text(far)}", "done")
    assert game.state.bot[far] == seat and game.state.bot[origin] == -1


def test_opening_space_eight_has_no_bonus() -> None:
    """RUL-2: space 8 has no bonus: the next player picks at once."""
    game = onmars.Game.new(players=3, seed=1)
    seat = game.current_player
    before = game.state.players[seat].res.copy()
    play(game, "seat 8")
    assert frame(game)["t"] == "seat" and game.current_player != seat
    assert game.state.players[seat].res == before


@pytest.mark.parametrize("side", ["orbit", "colony"])
def test_highest_space_places_the_shuttle(side: str) -> None:
    """§3.5: after the picks the player on the highest-numbered space puts the Shuttle on the
    red space 1 of the side of their choice; then round 1 starts with space-order turns."""
    game = onmars.Game.new(players=3, seed=1)
    spaces = {game.state.first: 2, (game.state.first + 1) % 3: 7, (game.state.first + 2) % 3: 4}
    for _ in range(3):
        seat = game.current_player
        play(game, f"seat {spaces[seat]}")
        decline_bonus(game, seat)
    highest = max(spaces, key=spaces.get)
    assert game.current_player == highest
    assert legal(game) == {"shuttle orbit", "shuttle colony"}
    play(game, f"shuttle {side}")
    assert (game.state.shuttle_side, game.state.shuttle_space) == (side, 1)
    assert game.state.round == 1 and game.state.phase == "colonization"
    assert game.current_player == min(spaces, key=spaces.get)


def test_opening_sides_follow_spaces() -> None:
    """§3.5, RUL-2: spaces 1-4 are on the Orbit side and 5-8 on the Colony side."""
    game = onmars.Game.new(players=4, seed=9)
    opening(game, {0: 1, 1: 4, 2: 5, 3: 8})
    sides = [p.side for p in game.state.players]
    assert sides == ["orbit", "orbit", "colony", "colony"]
