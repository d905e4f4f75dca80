"""Game setup for 2-4 players, short or long (§3, §25, RUL-1, RUL-17).

Every random draw comes from the seed, here and only here: later draws take the top of stacks that
were shuffled now, so a game is fully determined by (options, seed, moves). The opening Turn
Order picks and the Shuttle's side are moves (RUL-17).
"""

from __future__ import annotations

import random

from onmars.rules.data import hexmap
from onmars.rules.data.components import COLOURS, LSS_TYPES, RESOURCES, load
from onmars.rules.engine.engine import push
from onmars.rules.engine.state import Player, State

#: Tech Grid spaces, bottom row first (the refill order, §8.6), named from ``tech.toml``'s rows.
GRID_SPACES = tuple(
    f"{row.id}{i + 1}" for row in load().grid_row.values() for i in range(row.spaces)
)


def grid_row(space: str) -> str:
    return space.rstrip("0123456789")


def new_state(names: list[str], seed: int, length: str, rules: int) -> State:
    c = load()
    rng = random.Random(seed)
    n = len(names)
    cells = len(hexmap.cells())
    s = State(
        players=[_new_player(i, name, n) for i, name in enumerate(names)],
        seed=seed,
        length=length,
        rules=rules,
        bld=[""] * cells,
        ab=[-1] * cells,
        bot=[-1] * cells,
        miner=[-1] * cells,
        crystal=[0] * cells,
        tile=[""] * cells,
    )
    stock = c.value("warehouse_stock")[n - 2]
    s.warehouse = {item: stock for item in ("crystal", *RESOURCES[1:])}  # no Minerals (§2.3)
    _setup_tech(s, rng)
    _setup_cards(s, rng)
    _setup_map(s, rng)
    _setup_missions(s, rng)
    s.level = 1
    s.lss = {t: 1 for t in LSS_TYPES}  # each column counts its starting building (§3.3)
    rewards = rng.sample(sorted(c.lss_reward), len(LSS_TYPES))
    s.lss_rewards = dict(zip(LSS_TYPES, rewards, strict=True))
    s.slots = {a.id: [] for a in c.action.values() if a.placement}
    s.shuttle_space = 1
    goals = sorted(c.private_goal)
    rng.shuffle(goals)
    dealt = c.value("private_goals_dealt")[0]
    for p in s.players:
        p.goals = sorted(goals[:dealt])
        goals = goals[dealt:]
    s.first = rng.randrange(n)
    # Turn Order picks clockwise from the first player, then the Shuttle side (§3.5, RUL-17).
    push(s, "setup_shuttle", s.first)
    for k in reversed(range(n)):
        push(s, "seat", (s.first + k) % n)
    return s


def _new_player(seat: int, name: str, n: int) -> Player:
    c = load()
    colour = COLOURS[seat]
    shelters = c.value("shelters")[0]
    p = Player(
        seat=seat,
        name=name,
        colour=colour,
        res={r: c.value("start_resources")[0] for r in RESOURCES},
        crystals=c.value("start_crystals")[0],
        depot_ships=list(range(1, c.value("ships")[0] + 1)),
        lab={"2m": f"shelter-{colour}"},  # Shelter Tech starts at level 2 (§3.4)
        lq=c.value("start_colonists")[0],
        reserve=c.value("colonists")[0] - c.value("start_colonists")[0],
        bots=c.value("bots")[0] - 1,
        ab=c.value("ab_markers")[0],
        shelters=shelters - 1,
    )
    return p


def _setup_tech(s: State, rng: random.Random) -> None:
    """Tech Grid from one back colour; the other set as 2 stacks of 4, none in 2p (§3.1, §25)."""
    tiles = sorted(t.id for t in load().tech_tile.values() if t.type != "shelter")
    sets = sorted({load().tech_tile[t].set for t in tiles})
    grid_set = rng.choice(sets)
    in_grid = [t for t in tiles if load().tech_tile[t].set == grid_set]
    rest = [t for t in tiles if load().tech_tile[t].set != grid_set]
    rng.shuffle(in_grid)
    s.grid = dict(zip(GRID_SPACES, in_grid, strict=True))
    if s.n > 2:
        rng.shuffle(rest)
        half = len(rest) // 2
        s.tech_stacks = [rest[:half], rest[half:]]


def _setup_cards(s: State, rng: random.Random) -> None:
    c = load()
    decks = {lvl: sorted(b.id for b in c.blueprint.values() if b.level == lvl) for lvl in (1, 3)}
    for deck in decks.values():
        rng.shuffle(deck)
    deck = decks[3] + decks[1]  # Level 1 on top of Level 3; the top card is last (§3.1)
    shown = c.value("blueprint_display")[0]
    s.bp_display = [deck.pop() for _ in range(shown)]
    s.bp_deck = deck
    discovery = sorted(c.discovery)
    rng.shuffle(discovery)
    s.discovery_stack = discovery
    s.exploration = [discovery.pop() for _ in range(c.value("exploration_size")[0])]
    s.science = list(c.scientist)  # display order left to right (§3.2)
    s.contract_deck = sorted(c.contract)  # chosen from, not drawn (§3.2, RUL-18)


def _setup_map(s: State, rng: random.Random) -> None:
    c = load()
    stacks: dict[str, list[str]] = {}
    starting: dict[str, str] = {}
    for tile in sorted(c.building_tile.values(), key=lambda t: t.id):
        if tile.starting:
            starting[tile.type] = tile.id
        else:
            stacks.setdefault(tile.type, []).append(tile.id)
    for stack in stacks.values():
        rng.shuffle(stack)
    s.building_stacks = stacks
    (centre,) = hexmap.feature("start_mine")
    s.bld[centre] = "mine"
    lss_hexes = hexmap.feature("lss_start")
    types = list(LSS_TYPES)
    rng.shuffle(types)
    for cell, t in zip(lss_hexes, types, strict=True):
        s.bld[cell] = t
    for p, cell in zip(s.players, hexmap.feature(f"shelters_{s.n}p"), strict=False):
        s.bld[cell] = f"shelter:{p.seat}"
        s.bot[cell] = p.seat
    for rt in c.research.values():
        for h in rt.hexes:
            s.tile[hexmap.index(h)] = f"R{rt.id}"


def _setup_missions(s: State, rng: random.Random) -> None:
    """2 Short + 1 Long for a short game, 1 + 2 for a long one (§3.2 item 11, RUL-10)."""
    c = load()
    short, long_ = c.value(f"missions_{s.length}_game")
    chosen = []
    for deck, count in (("short", short), ("long", long_)):
        cards = sorted(m.id for m in c.mission.values() if m.deck == deck)
        chosen += rng.sample(cards, count)
    s.missions = {m: c.mission[m].targets[s.n - 2] for m in chosen}
    s.remaining = c.value("remaining_missions")[0]
