"""Observation tensors (issue 26, item 2): what ``game.view(seat)`` shows, as fixed-shape numbers.

The tensor is read from the view alone (never from the game), so it holds nothing the seat may not
see (RUL-18): a game dealt again from the view (``game.determinize(seat, seed)``) gives the same
tensor. Its shape is the same for 2, 3 and 4 players (four player slots, the unused ones zero).

Seats are relative to the viewer: player slot 0 and owner plane 0 are the viewer, slot 1 the next
seat in seat order, and so on. Counts are raw numbers (not scaled); identities are one-hot or
multi-hot over the component ids in the data's order. :func:`fields` lists every field with its
offset, size and meaning (the table of docs/ai.md is made from it).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import compress
from operator import is_not, itemgetter, ne
from sys import getrefcount
from typing import Any

import numpy as np

from onmars.rules import ALWAYS_WRITTEN, COW_FIELDS, Game, Mark, components, fields_read, hexmap

#: Bumped whenever a field is added, removed, resized or read differently (2: the step
#: ``colonist_bonus``, rules version 2).
OBSERVATION_VERSION = 2
SEATS = 4  # player slots (the most seats a game has, §3)
PHASES = ("setup", "shuttle", "colonization", "over")
#: The decision steps known when this layout was made (``Game.decision().step``); others are
#: counted in the last entry, "other".
STEPS = (
    "ab_boost", "ab_produce", "ab_radar", "ab_recycle", "ab_retrieve", "ab_trade", "advanced",
    "after_action", "blueprint", "claim", "colonist_bonus", "construct", "construct_finish",
    "construct_place", "construct_tech", "control", "develop", "displace", "explore", "game_end",
    "goal_gain", "goal_retrieve", "goal_reward", "hire", "lab_benefit", "lab_gain", "lay_down",
    "learn", "lss_bonus", "move_bots", "new_bot", "owner_develop", "pay", "placement_cost",
    "produce", "refill_science", "retrieve", "rover_move", "seat", "settle_techs", "setup_shuttle",
    "ship", "ship_reward", "shuttle_phase", "shuttle_side", "status_update", "travel", "turn",
    "turn_end", "turn_start", "upgrade", "warehouse",
)  # fmt: skip


#: What each field holds (docs/ai.md's table is made from it).
MEANINGS: dict[str, str] = {
    "map.building": (
        "plane per building type (mine, generator, extractor, greenhouse, condenser): 1 where "
        "one stands"
    ),
    "map.shelter": "plane per relative seat: 1 where its Shelter stands",
    "map.advanced": "plane per relative seat: 1 where its Advanced Building marker is",
    "map.bot": "plane per relative seat: 1 where its Bot stands",
    "map.miner": "plane per relative seat: 1 where its Colonist works a mine",
    "map.rover": "plane per relative seat: 1 where its Rover is",
    "map.crystal": "Crystals on the cell",
    "map.tile": "plane per face-up tile (Research RA-RD, Discovery D01-D19): 1 where it lies",
    "round": "the round (0 in the opening picks)",
    "phase": "one-hot: setup, shuttle, colonization, over",
    "players": "one-hot: 2, 3 or 4 players",
    "length": "one-hot: short, long game",
    "first": "relative seat of the first player (one-hot)",
    "done": "relative seats that have taken their turn this round",
    "current": "relative seat that decides now (one-hot)",
    "step": "one-hot: the pending decision's step (docs/ai.md lists them), last: other",
    "stack_depth": "frames on the decision stack",
    "turn": "this turn's Main action taken, Executive action taken",
    "warehouse": "Warehouse items by kind (ITEMS order)",
    "tech_grid": "per Tech grid space (bottom1 ... top3): one-hot of its Tech tile",
    "tech_stacks": "tiles left in the two Tech stacks",
    "bp_display": "Blueprints on display",
    "decks": "cards left: Blueprint deck, Discovery stack",
    "exploration": "Discovery tiles in the Exploration row",
    "building_stacks": "per building type: tiles left, one-hot of the top tile",
    "action_slots": "per Main action: Colonists of each relative seat on its slots",
    "lss": "Life Support level per kind",
    "colony_level": "the Colony level",
    "lss_rewards": "per LSS kind: one-hot of its reward tile",
    "lss_first": "LSS kinds whose first bonus is taken",
    "missions": "per Mission: in play, its value",
    "end": "Missions remaining, end round",
    "shuttle": "Shuttle at orbit, at colony, its space",
    "science": "Scientists and Contracts on display",
    "scientist_at": "per Scientist: one-hot of the Blueprint it works on",
    "radar": "the Discovery tile on the Radar",
    "contract_deck": "Contracts left in the deck",
    "present": "1 if this seat plays",
    "colour": "one-hot colour",
    "resources": "resources (RESOURCES order)",
    "counts": (
        "crystals, pending, hangar, ships out, LQ, working area, reserve, bots, AB markers, "
        "shelters, OP, turn-order space, goals held, goal done"
    ),
    "depot_ships": "Ships in the Depot, by row",
    "lab": "per Lab space: one-hot of its Tech tile",
    "blueprints": "Blueprints held",
    "built": "Blueprints built",
    "progress": "Progress cubes by building type",
    "side": "on the orbit side, on the colony side",
    "goals": "Private Goals in hand: the viewer's own only (others' are secret)",
    "scientists": "Scientists hired",
    "contracts": "Contracts held",
    "delivered": "items delivered onto each Contract",
    "contracts_done": "Contracts completed",
    "research": "Research tiles held",
    "discoveries": "Discovery tiles held, by Bots: counts, then the face-up ids of each",
}


@dataclass(frozen=True)
class Field:
    """One field of the tensor: ``size`` numbers from ``offset``."""

    name: str
    offset: int
    size: int
    meaning: str


class _Ids:
    """The component ids the tensor is indexed by, read once from the data."""

    def __init__(self) -> None:
        c = components.load()
        self.cells = len(hexmap.cells())
        self.items = tuple(components.ITEMS)
        self.resources = tuple(components.RESOURCES)
        self.types = tuple(components.PROGRESS_TYPES)  # the building types but Shelters
        self.techs = tuple(c.tech_tile)
        self.lab = tuple(c.lab_space)
        # the Tech grid's spaces as the view names them: row id and number, bottom row first
        self.grid = tuple(f"{r.id}{i + 1}" for r in c.grid_row.values() for i in range(r.spaces))
        self.blueprints = tuple(c.blueprint)
        self.scientists = tuple(c.scientist)
        self.contracts = tuple(c.contract)
        self.goals = tuple(c.private_goal)
        self.discoveries = tuple(c.discovery)
        self.research = tuple(c.research)
        self.actions = tuple(c.action)
        self.missions = tuple(c.mission)
        self.lss_rewards = tuple(c.lss_reward)
        self.building_tiles = tuple(c.building_tile)
        self.colours = tuple(components.COLOURS)
        self.ships = c.value("ships")[0]
        self.tiles = (*(f"R{r}" for r in self.research), *self.discoveries)
        self.index = {
            name: {v: i for i, v in enumerate(getattr(self, name))}
            for name in (
                "items", "resources", "types", "techs", "lab", "grid", "blueprints", "scientists",
                "contracts", "goals", "discoveries", "research", "actions", "missions",
                "lss_rewards", "building_tiles", "colours", "tiles",
            )
        }  # fmt: skip
        self.science = {v: i for i, v in enumerate((*self.scientists, *self.contracts))}
        self.steps = {v: i for i, v in enumerate(STEPS)}


class Layout:
    """The fields' offsets, laid out once."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0
        ids = self.ids = _Ids()
        m = ids.cells
        s = SEATS
        add = self._add
        # the map: planes of one number per cell, cell order of onmars.rules.hexmap
        self.m_bld = add("map.building", len(ids.types) * m)
        self.m_shelter = add("map.shelter", s * m)
        self.m_ab = add("map.advanced", s * m)
        self.m_bot = add("map.bot", s * m)
        self.m_miner = add("map.miner", s * m)
        self.m_rover = add("map.rover", s * m)
        self.m_crystal = add("map.crystal", m)
        self.m_tile = add("map.tile", len(ids.tiles) * m)
        # the boards
        self.g_round = add("round", 1)
        self.g_phase = add("phase", len(PHASES))
        self.g_players = add("players", 3)
        self.g_length = add("length", 2)
        self.g_first = add("first", s)
        self.g_done = add("done", s)
        self.g_current = add("current", s)
        self.g_step = add("step", len(STEPS) + 1)
        self.g_depth = add("stack_depth", 1)
        self.g_turn = add("turn", 2)
        self.g_warehouse = add("warehouse", len(ids.items))
        self.g_grid = add("tech_grid", len(ids.grid) * len(ids.techs))
        self.g_tech_stacks = add("tech_stacks", 2)
        self.g_bp_display = add("bp_display", len(ids.blueprints))
        self.g_counts = add("decks", 2)
        self.g_exploration = add("exploration", len(ids.discoveries))
        self.g_bstacks = add("building_stacks", len(ids.types) * (1 + len(ids.building_tiles)))
        self.g_slots = add("action_slots", len(ids.actions) * s)
        self.g_lss = add("lss", len(components.LSS_TYPES))
        self.g_level = add("colony_level", 1)
        self.g_lss_rewards = add("lss_rewards", len(components.LSS_TYPES) * len(ids.lss_rewards))
        self.g_lss_first = add("lss_first", len(components.LSS_TYPES))
        self.g_missions = add("missions", 2 * len(ids.missions))
        self.g_end = add("end", 2)
        self.g_shuttle = add("shuttle", 3)
        self.g_science = add("science", len(ids.science))
        self.g_sci_at = add("scientist_at", len(ids.scientists) * len(ids.blueprints))
        self.g_radar = add("radar", len(ids.discoveries))
        self.g_contract_deck = add("contract_deck", len(ids.contracts))
        # the players, by relative seat
        self.p_start = self.size
        self.p_fields: list[Field] = []
        padd = self._padd
        self.p_present = padd("present", 1)
        self.p_colour = padd("colour", len(ids.colours))
        self.p_res = padd("resources", len(ids.resources))
        self.p_scalars = padd("counts", 14)
        self.p_depot = padd("depot_ships", ids.ships)
        self.p_lab = padd("lab", len(ids.lab) * len(ids.techs))
        self.p_blueprints = padd("blueprints", len(ids.blueprints))
        self.p_built = padd("built", len(ids.blueprints))
        self.p_progress = padd("progress", len(ids.types))
        self.p_side = padd("side", 2)
        self.p_goals = padd("goals", len(ids.goals))
        self.p_scientists = padd("scientists", len(ids.scientists))
        self.p_contracts = padd("contracts", len(ids.contracts))
        self.p_delivered = padd("delivered", len(ids.contracts))
        self.p_contracts_done = padd("contracts_done", len(ids.contracts))
        self.p_research = padd("research", len(ids.research))
        self.p_discoveries = padd("discoveries", 2 + 2 * len(ids.discoveries))
        self.p_size = self.size - self.p_start
        self.size = self.p_start + SEATS * self.p_size
        for f in self.p_fields:
            self.fields.append(
                Field(f"player[k].{f.name}", self.p_start + f.offset, f.size, f.meaning)
            )

    def _add(self, name: str, size: int) -> int:
        self.fields.append(Field(name, self.size, size, MEANINGS[name]))
        self.size += size
        return self.size - size

    def _padd(self, name: str, size: int) -> int:
        offset = self.size - self.p_start
        self.p_fields.append(Field(name, offset, size, MEANINGS[name]))
        self.size += size
        return offset


@cache
def layout() -> Layout:
    return Layout()


def fields() -> list[Field]:
    """Every field of the tensor; the ``player[k]`` fields repeat for k = 0..3 every
    ``layout().p_size`` numbers."""
    return list(layout().fields)


def size() -> int:
    """The tensor's length."""
    return layout().size


#: A part's numbers: tensor index -> value (counts summed), for the indices it sets non-zero.
Entries = dict[int, float]


class _Tables:
    """Every id's tensor index, worked out once (a field's offset plus the id's place), so that
    encoding a view is dictionary lookups only."""

    def __init__(self, lay: Layout) -> None:
        ids = lay.ids

        def at(base: int, names: tuple[str, ...], stride: int = 1) -> dict[str, int]:
            return {v: base + i * stride for i, v in enumerate(names)}

        def grid(base: int, rows: tuple[str, ...], cols: tuple[str, ...]) -> dict[str, dict]:
            return {r: at(base + i * len(cols), cols) for i, r in enumerate(rows)}

        m = ids.cells
        self.m_bld = at(lay.m_bld, ids.types, m)
        self.m_tile = at(lay.m_tile, ids.tiles, m)
        self.phase = at(lay.g_phase, PHASES)
        self.step = at(lay.g_step, STEPS)
        self.warehouse = at(lay.g_warehouse, ids.items)
        self.grid = grid(lay.g_grid, ids.grid, ids.techs)
        self.bp_display = at(lay.g_bp_display, ids.blueprints)
        self.exploration = at(lay.g_exploration, ids.discoveries)
        width = 1 + len(ids.building_tiles)
        self.bstack_count = at(lay.g_bstacks, ids.types, width)
        self.bstack_top = grid(lay.g_bstacks, ids.types, ("", *ids.building_tiles))
        self.slots = at(lay.g_slots, ids.actions, SEATS)
        lss = tuple(components.LSS_TYPES)
        self.lss = at(lay.g_lss, lss)
        self.lss_rewards = grid(lay.g_lss_rewards, lss, ids.lss_rewards)
        self.lss_first = at(lay.g_lss_first, lss)
        self.missions = at(lay.g_missions, ids.missions, 2)
        self.side = at(lay.g_shuttle, tuple(components.SIDES))
        self.science = {v: lay.g_science + i for v, i in ids.science.items()}
        self.sci_at = grid(lay.g_sci_at, ids.scientists, ids.blueprints)
        self.radar = at(lay.g_radar, ids.discoveries)
        self.contract_deck = at(lay.g_contract_deck, ids.contracts)
        # the player fields, from the start of a player slot
        self.colour = at(lay.p_colour, ids.colours)
        self.res = at(lay.p_res, ids.resources)
        self.lab = grid(lay.p_lab, ids.lab, ids.techs)
        self.blueprints = at(lay.p_blueprints, ids.blueprints)
        self.built = at(lay.p_built, ids.blueprints)
        self.progress = at(lay.p_progress, ids.types)
        self.p_side = at(lay.p_side, tuple(components.SIDES))
        self.goals = at(lay.p_goals, ids.goals)
        self.scientists = at(lay.p_scientists, ids.scientists)
        self.contracts = at(lay.p_contracts, ids.contracts)
        self.delivered = at(lay.p_delivered, ids.contracts)
        self.contracts_done = at(lay.p_contracts_done, ids.contracts)
        self.research = at(lay.p_research, ids.research)
        first = lay.p_discoveries + 2
        self.held = (
            at(first, ids.discoveries),
            at(first + len(ids.discoveries), ids.discoveries),
        )


@cache
def _tables() -> _Tables:
    return _Tables(layout())


def _hot(out: Entries, where: dict[str, int], values: list[str], base: int = 0) -> None:
    """One more at each value's index ("" is an empty space of a display: skipped)."""
    for v in values:
        if v:
            i = base + where[v]
            out[i] = out.get(i, 0.0) + 1.0


def _count(pile: int | list[str]) -> int:
    """A face-down stack's size: a view shows its count, or its order once the game is over."""
    return pile if isinstance(pile, int) else len(pile)


#: How a part of a view is read: ``read(value, me, n)`` -> its entries (``me``: the viewer's seat,
#: ``n``: the players).
Reader = Callable[[Any, int, int], Entries]


@cache
def _building_at(me: int, n: int) -> dict[str, int]:
    """Where the building plane of each ``bld`` entry starts (Shelters by relative seat)."""
    lay = layout()
    at = dict(_tables().m_bld)
    for seat in range(n):
        at[f"shelter:{seat}"] = lay.m_shelter + (seat - me) % n * lay.ids.cells
    return at


def _buildings(bld: list[str], me: int, n: int) -> Entries:
    at = _building_at(me, n)
    return {at[what] + cell: 1.0 for cell, what in enumerate(bld) if what}


def _owners(base: int) -> Reader:
    """A plane of owners (-1: none) by relative seat, from ``base``."""

    def read(plane: list[int], me: int, n: int) -> Entries:
        m = layout().ids.cells
        return {base + (o - me) % n * m + c: 1.0 for c, o in enumerate(plane) if o >= 0}

    return read


def _crystals(crystal: list[int], me: int, n: int) -> Entries:
    base = layout().m_crystal
    return {base + cell: k for cell, k in enumerate(crystal) if k}


def _tiles(tile: list[str], me: int, n: int) -> Entries:
    at = _tables().m_tile
    return {at[face] + cell: 1.0 for cell, face in enumerate(tile) if face}


#: How one cell of a map plane is read: ``cell(c, value, me, n)`` -> its (index, number), or
#: ``None`` for an empty cell (each cell writes its own index: cells never share one).
Cell = Callable[[int, Any, int, int], tuple[int, float] | None]


def _building_cell(c: int, what: str, me: int, n: int) -> tuple[int, float] | None:
    return (_building_at(me, n)[what] + c, 1.0) if what else None


def _owner_cell(base: int) -> Cell:
    m = layout().ids.cells

    def cell(c: int, o: int, me: int, n: int) -> tuple[int, float] | None:
        return (base + (o - me) % n * m + c, 1.0) if o >= 0 else None

    return cell


def _crystal_cell(c: int, k: int, me: int, n: int) -> tuple[int, float] | None:
    return (layout().m_crystal + c, k) if k else None


def _tile_cell(c: int, face: str, me: int, n: int) -> tuple[int, float] | None:
    return (_tables().m_tile[face] + c, 1.0) if face else None


@cache
def _planes() -> dict[int, Cell]:
    """The board's map planes (by part index) and how a cell of each is read: a plane that
    changed is read again cell by cell, only where it changed (a move moves a piece or two)."""
    lay = layout()
    cells: dict[str, Cell] = {
        "bld": _building_cell,
        "ab": _owner_cell(lay.m_ab),
        "bot": _owner_cell(lay.m_bot),
        "miner": _owner_cell(lay.m_miner),
        "crystal": _crystal_cell,
        "tile": _tile_cell,
    }
    return {_board()[0].index(key): cell for key, cell in cells.items()}


def _replane(
    cells: Any, entries: Entries, old: list[Any], new: list[Any], cell: Cell, me: int, n: int
) -> None:
    """A map plane's numbers (``entries``, written in ``cells``: index: number) turned from
    ``old``'s into ``new``'s, the cells that differ only (found at C speed: a cell holds a
    number or an id, which the rules replace when they change it, so a cell that is still the
    same object is unchanged; one that is not but equal is read again to the same numbers)."""
    for c in compress(range(len(new)), map(is_not, old, new)):
        was = cell(c, old[c], me, n)
        if was is not None:
            del entries[was[0]]
            cells[was[0]] = 0.0
        now = cell(c, new[c], me, n)
        if now is not None:
            entries[now[0]] = now[1]
            cells[now[0]] = now[1]


class _Number:
    """A reader of one number at a fixed index (``read`` makes it one): the encoder writes it
    in place, without entries to clear (:meth:`Encoder._reread`). ``offset`` is the tensor's
    index, or the player slot's with ``slot``."""

    __slots__ = ("offset", "read", "slot")

    def __init__(self, offset: int, read: Callable[[Any], float], slot: bool) -> None:
        self.offset, self.read, self.slot = offset, read, slot

    def __call__(self, value: Any, at: int, n: int) -> Entries:
        return {(_base(at) if self.slot else 0) + self.offset: self.read(value)}


def _number(index: int, read: Callable[[Any], float] = float) -> Reader:
    """A number written at ``index`` (``read`` makes it one)."""
    return _Number(index, read, slot=False)


def _one_hot(where: dict[str, int]) -> Reader:
    """A 1 at the value's index, none for a value not listed (or "")."""

    def read(value: str, me: int, n: int) -> Entries:
        i = where.get(value)
        return {} if i is None else {i: 1.0}

    return read


def _seat_hot(base: int) -> Reader:
    """A 1 at the relative seat of the value (a seat, or several), none for ``None`` or -1."""

    def read(value: int | list[int] | None, me: int, n: int) -> Entries:
        seats = value if isinstance(value, list) else [] if value is None or value < 0 else [value]
        return {base + (seat - me) % n: 1.0 for seat in seats}

    return read


def _length(length: str, me: int, n: int) -> Entries:
    lay = layout()
    return {lay.g_length + (length == "long"): 1.0, lay.g_players + n - 2: 1.0}


def _tech_stacks(piles: list[Any], me: int, n: int) -> Entries:
    base = layout().g_tech_stacks
    return {base + i: _count(pile) for i, pile in enumerate(piles[:2])}


def _decision(decision: tuple[str | None, int, bool, bool], me: int, n: int) -> Entries:
    """The pending decision's step, the stack's depth, this turn's actions taken."""
    lay, t = layout(), _tables()
    step, depth, main, executive = decision
    out: Entries = {lay.g_depth: depth, lay.g_turn: main, lay.g_turn + 1: executive}
    if step is not None:
        out[t.step.get(step, lay.g_step + len(STEPS))] = 1.0
    return out


def _decision_of(
    stack: list[dict[str, Any]], turn: dict[str, Any] | None
) -> tuple[str | None, int, bool, bool]:
    """What :func:`_decision` reads of the view's ``stack`` and ``turn`` (the frames and the
    turn's scratch data hold more, which the tensor does not show)."""
    turn = turn or {}
    return (
        stack[-1]["t"] if stack else None,
        len(stack),
        bool(turn.get("main")),
        bool(turn.get("exec")),
    )


def _warehouse(warehouse: dict[str, int], me: int, n: int) -> Entries:
    at = _tables().warehouse
    return {at[item]: k for item, k in warehouse.items()}


def _grid(grid: dict[str, str], me: int, n: int) -> Entries:
    at = _tables().grid
    return {at[space][tile]: 1.0 for space, tile in grid.items() if tile and space in at}


def _display(table: str) -> Reader:
    """A display or stack of ids (counted; "" is an empty space) read with ``_tables().<table>``."""

    def read(values: list[str], me: int, n: int) -> Entries:
        out: Entries = {}
        _hot(out, getattr(_tables(), table), values)
        return out

    return read


def _building_stacks(stacks: dict[str, dict[str, Any]], me: int, n: int) -> Entries:
    t = _tables()
    out: Entries = {}
    for kind, pile in stacks.items():
        if pile and kind in t.bstack_count:
            out[t.bstack_count[kind]] = pile["count"]
            if pile["top"]:
                out[t.bstack_top[kind][pile["top"]]] = 1.0
    return out


def _slots(slots: dict[str, list[int]], me: int, n: int) -> Entries:
    at = _tables().slots
    out: Entries = {}
    for action, seats in slots.items():
        for seat in seats:
            i = at[action] + (seat - me) % n
            out[i] = out.get(i, 0.0) + 1.0
    return out


def _lss(levels: dict[str, int], me: int, n: int) -> Entries:
    return {i: levels.get(kind, 0) for kind, i in _tables().lss.items()}


def _lss_rewards(rewards: dict[str, str], me: int, n: int) -> Entries:
    at = _tables().lss_rewards
    return {at[kind][rewards[kind]]: 1.0 for kind in at if rewards.get(kind)}


def _lss_first(first: list[str], me: int, n: int) -> Entries:
    return {i: 1.0 for kind, i in _tables().lss_first.items() if kind in first}


def _missions(missions: dict[str, int], me: int, n: int) -> Entries:
    at = _tables().missions
    out: Entries = {}
    for mission, value in missions.items():
        out[at[mission]] = 1.0
        out[at[mission] + 1] = value
    return out


def _sci_at(sci_at: dict[str, str], me: int, n: int) -> Entries:
    at = _tables().sci_at
    return {at[sci][bp]: 1.0 for sci, bp in sci_at.items() if bp and sci in at}


@cache
def _board() -> tuple[tuple[str, ...], tuple[Reader, ...]]:
    """The view's keys the board is read from (the map, the boards, the round and seats) and
    their readers; every reader writes indices of its own (no two write the same). The
    decision is read from two more keys, ``stack`` and ``turn`` (:data:`KEYS`)."""
    lay, t = layout(), _tables()
    parts: dict[str, Reader] = {
        "bld": _buildings,
        "ab": _owners(lay.m_ab),
        "bot": _owners(lay.m_bot),
        "miner": _owners(lay.m_miner),
        "crystal": _crystals,
        "tile": _tiles,
        "round": _number(lay.g_round),
        "phase": _one_hot(t.phase),
        "length": _length,  # and the player count, which never changes for one key of memo
        "first": _seat_hot(lay.g_first),
        "done": _seat_hot(lay.g_done),
        "current_player": _seat_hot(lay.g_current),
        "warehouse": _warehouse,
        "grid": _grid,
        "tech_stacks": _tech_stacks,
        "bp_display": _display("bp_display"),
        "bp_deck": _number(lay.g_counts, _count),
        "discovery_stack": _number(lay.g_counts + 1, _count),
        "exploration": _display("exploration"),
        "building_stacks": _building_stacks,
        "slots": _slots,
        "lss": _lss,
        "level": _number(lay.g_level),
        "lss_rewards": _lss_rewards,
        "lss_first": _lss_first,
        "missions": _missions,
        "remaining": _number(lay.g_end),
        "end_round": _number(lay.g_end + 1),
        "shuttle_side": _one_hot(t.side),
        "shuttle_space": _number(lay.g_shuttle + 2),
        "science": _display("science"),
        "sci_at": _sci_at,
        "radar": _one_hot(t.radar),
        "contract_deck": _display("contract_deck"),
    }
    return tuple(parts), tuple(parts.values())


# --- a player's slot: one reader per key of the player, ``read(value, k, n)`` for the player of
# relative seat ``k`` (its slot starts at ``base(k)``)

#: A player's numbers in the ``counts`` field, in order (the goals held come between ``space``
#: and ``goal_done``, read with the goals).
SCALARS = (
    "crystals", "pending", "hangar", "ships_out", "lq", "wa", "reserve", "bots", "ab", "shelters",
    "op", "space",
)  # fmt: skip


def _base(k: int) -> int:
    lay = layout()
    return lay.p_start + k * lay.p_size


def _slot_number(offset: int, read: Callable[[Any], float] = float) -> Reader:
    return _Number(offset, read, slot=True)


def _slot_hot(table: str) -> Reader:
    """Ids held (counted), read with ``_tables().<table>``."""

    def read(values: list[str], k: int, n: int) -> Entries:
        out: Entries = {}
        _hot(out, getattr(_tables(), table), values, _base(k))
        return out

    return read


def _colour(colour: str, k: int, n: int) -> Entries:
    base = _base(k)
    return {base + layout().p_present: 1.0, base + _tables().colour[colour]: 1.0}


def _resources(res: dict[str, int], k: int, n: int) -> Entries:
    base, at = _base(k), _tables().res
    return {base + at[r]: v for r, v in res.items()}


def _goals(goals: int | list[str], k: int, n: int) -> Entries:
    """The goals held (a count for another seat's, RUL-18; the ids of the viewer's own)."""
    base = _base(k)
    out: Entries = {base + layout().p_scalars + len(SCALARS): _count(goals)}
    if not isinstance(goals, int):
        _hot(out, _tables().goals, goals, base)
    return out


def _depot(rows: list[int], k: int, n: int) -> Entries:
    first = _base(k) + layout().p_depot - 1
    return {first + row: 1.0 for row in rows}


def _lab(lab: dict[str, str], k: int, n: int) -> Entries:
    base, at = _base(k), _tables().lab
    return {base + at[space][tile]: 1.0 for space, tile in lab.items()}


def _side(side: str, k: int, n: int) -> Entries:
    i = _tables().p_side.get(side)
    return {} if i is None else {_base(k) + i: 1.0}


def _delivered(delivered: dict[str, list[str]], k: int, n: int) -> Entries:
    base, at = _base(k), _tables().delivered
    return {base + at[contract]: len(items) for contract, items in delivered.items()}


def _held(which: int) -> Reader:
    """Discovery tiles held (``which`` 0) or claimed by Bots (1): a count for another seat's
    face-down tiles (RUL-18), the count and the ids of the viewer's own."""

    def read(tiles: int | list[str], k: int, n: int) -> Entries:
        base = _base(k)
        out: Entries = {base + layout().p_discoveries + which: _count(tiles)}
        if not isinstance(tiles, int):
            _hot(out, _tables().held[which], tiles, base)
        return out

    return read


def _rover(cell: int, k: int, n: int) -> Entries:
    """The player's Rover, on the map's plane of its relative seat."""
    lay = layout()
    return {} if cell < 0 else {lay.m_rover + k * lay.ids.cells + cell: 1.0}


@cache
def _player() -> tuple[tuple[str, ...], tuple[Reader, ...]]:
    """The player's keys its slot is read from and their readers (indices of its own); the
    player's seat is read last (:data:`PLAYER_KEYS`). The order is the encoder's (the
    tensor's is the layout's)."""
    lay = layout()
    parts: dict[str, Reader] = {
        **{key: _slot_number(lay.p_scalars + i) for i, key in enumerate(SCALARS)},
        "goal_done": _slot_number(lay.p_scalars + len(SCALARS) + 1, bool),
        "res": _resources,
        "side": _side,
        "rover": _rover,
        "lab": _lab,
        "colour": _colour,
        "goals": _goals,
        "depot_ships": _depot,
        "blueprints": _slot_hot("blueprints"),
        "built": _slot_hot("built"),
        "progress": _slot_hot("progress"),
        "scientists": _slot_hot("scientists"),
        "contracts": _slot_hot("contracts"),
        "delivered": _delivered,
        "contracts_done": _slot_hot("contracts_done"),
        "research": _slot_hot("research"),
        "discoveries": _held(0),
        "bot_discoveries": _held(1),
    }
    return tuple(parts), tuple(parts.values())


def _viewer(view: dict[str, Any]) -> tuple[int, int]:
    return view.get("viewer") or 0, len(view["players"])


def encode(view: dict[str, Any]) -> np.ndarray:
    """The tensor (``float32``, shape ``(size(),)``) of a seat's view (``game.view(seat)``)."""
    return Encoder().encode(view)


def _copy(value: Any) -> Any:
    """A copy of a part of a view (plain data), deep enough that changing the view never
    changes it."""
    kind = type(value)
    if kind is list:
        return [_copy(v) for v in value] if value and type(value[0]) in (list, dict) else value[:]
    if kind is dict:  # of numbers or ids (most), or of lists or dicts
        deep = value and type(next(iter(value.values()))) in (list, dict)
        return {k: _copy(v) for k, v in value.items()} if deep else value.copy()
    return value


#: What nothing equals: the parts of a slot not read yet.
_UNREAD = object()

#: A part's number written in place (:class:`_Number`): its tensor index and how it is read;
#: ``None`` for a part read into entries.
InPlace = tuple[int, Callable[[Any], float]] | None


def _in_place(readers: tuple[Reader, ...], base: int) -> tuple[InPlace, ...]:
    """Per part, where its number goes when its reader writes one number (``base``: the
    player slot's start, 0 for the board), else ``None``."""
    return tuple((base + r.offset, r.read) if isinstance(r, _Number) else None for r in readers)


class _Memo:
    """What an Encoder knows of one viewer's last view: the values read (copies) and the entries
    they gave, per part, and the tensor they make."""

    def __init__(self, n: int) -> None:
        board, player = len(_board()[1]), len(_player()[1])
        self.board: list[Any] = [_UNREAD] * board
        self.board_entries: list[Entries] = [{} for _ in range(board)]
        self.board_in_place = _in_place(_board()[1], 0)
        self.always: tuple[Any, ...] = (_UNREAD,)  # the values of the parts always read
        self.decision: Any = _UNREAD
        self.decision_entries: Entries = {}
        self.players: list[list[Any]] = [[_UNREAD] * player for _ in range(n)]
        self.player_entries: list[list[Entries]] = [[{} for _ in range(player)] for _ in range(n)]
        self.player_in_place = [_in_place(_player()[1], _base(k)) for k in range(n)]
        self.out = np.zeros(size(), dtype=np.float32)
        self.cells: Any = self.out.data  # a memoryview of floats, written item by item
        self.view = self._view()
        # tensors handed out, each [array, view, memoryview, version]: written in again once
        # nobody holds them (keep_view)
        self.spares: list[list[Any]] = []
        self.version = 0  # tensors made; ``out`` holds the last one's numbers
        # what each of the last tensors wrote over the one before (index: number), oldest first
        self.logs: list[Entries] = []
        self.mark: Mark | None = None  # the game's position when last encoded (encode_seat)

    def _view(self) -> np.ndarray:
        """The tensor as handed out (:meth:`Encoder.encode_seat`): read-only."""
        view = self.out.view()
        view.flags.writeable = False
        return view

    def keep_view(self) -> None:
        """Leave the tensor handed out as it is: write the next ones in another array, a spare
        one nobody holds any more if there is one (no new array). A spare that holds the tensor
        before the last, or one of the few before (a loop holding only its last observation),
        takes the writes of those since (a few numbers); any other takes a copy of the whole
        tensor."""
        for spare in self.spares:
            if getrefcount(spare[1]) == _UNHELD:
                out, view, cells, version = spare
                behind = self.version - version
                if behind <= len(self.logs):
                    for log in self.logs[-behind:]:
                        for i, v in log.items():
                            cells[i] = v
                else:
                    np.copyto(out, self.out)
                spare[:] = self.out, self.view, self.cells, self.version
                self.out, self.view, self.cells = out, view, cells
                return
        if len(self.spares) < SPARES:
            self.spares.append([self.out, self.view, self.cells, self.version])
        self.out = self.out.copy()
        self.cells = self.out.data
        self.view = self._view()

    def write(self, log: Entries) -> None:
        """Write the numbers ``log`` in the tensor (what this tensor changes of the last one)."""
        cells = self.cells
        for i, v in log.items():
            cells[i] = v
        logs = self.logs
        logs.append(log)
        if len(logs) > LOGS:
            del logs[0]
        self.version += 1


#: References to a tensor handed out when only its memo holds it (``getrefcount``'s argument
#: is one more).
_UNHELD = 2
#: Tensors handed out kept per viewer to be written in again once nobody holds them.
SPARES = 2
#: The tensors' writes kept per viewer, to bring a spare tensor that far behind up to date.
LOGS = 4


def _reread(
    changed: list[int],
    values: tuple[Any, ...],
    index: Sequence[int],
    kept: list[Any],
    entries: list[Entries],
    readers: tuple[Reader, ...],
    in_place: tuple[InPlace, ...],
    at: int,
    n: int,
    cells: Entries,
) -> None:
    """Reads again the parts ``index[j]`` of the values ``values[j]`` for ``j`` in ``changed``,
    writing their numbers in place of their old ones (in ``cells``: the numbers to write in
    the tensor, index: number, :meth:`_Memo.write`), and
    keeps a copy of each value. A part of one number is written over; the others clear their
    old entries and write their new ones (item by item: a part changes a few numbers, which
    costs less than index arrays)."""
    for j in changed:
        i, value = index[j], values[j]
        number = in_place[i]
        if number is not None:
            kept[i] = value if type(value) is int else _copy(value)
            cells[number[0]] = number[1](value)
            continue
        old = entries[i]
        if old:
            cells.update(dict.fromkeys(old, 0.0))
        if type(value) in _ATOMS:  # an id, a seat: its entries read once
            kept[i] = value
            key = (readers[i], value, at, n)
            new = _READ.get(key)
            if new is None:
                if len(_READ) >= KEPT:
                    _READ.clear()
                new = _READ[key] = readers[i](value, at, n)
        else:
            kept[i] = _copy(value)
            new = readers[i](value, at, n)
        entries[i] = new
        cells.update(new)


#: The value types read into entries once (:func:`_reread`), and those entries by reader,
#: value, viewer (or player slot) and player count (never changed: shared).
_ATOMS = frozenset((int, str, bool, type(None)))
_READ: dict[tuple[Reader, Any, int, int], Entries] = {}


def _changed(values: tuple[Any, ...], kept: Sequence[Any]) -> list[int]:
    """The positions whose value differs from the one kept (compared at C speed: most parts
    are unchanged). ``values`` may hold more than ``kept``: the rest is not compared."""
    return list(compress(range(len(kept)), map(ne, values, kept)))


#: The most sets of written parts and decisions remembered (each a few hundred bytes).
KEPT = 4096
#: :func:`_decision`'s entries by decision (a game has a few hundred distinct ones).
_DECISIONS: dict[tuple[str | None, int, bool, bool], Entries] = {}


class Encoder:
    """:func:`encode` for a stream of views, faster: what did not change since the last view of
    the same viewer and player count (each part of the board, each part of each player) is not
    read again; what is kept of a view is copied, so a view may change after it was encoded
    (``game.view(seat, copy=False)`` may be given: it is read at once).

    A part's value is compared with the copy kept: equal values give equal numbers (the readers
    read nothing else), so the tensor equals :func:`encode`'s. Not for several threads at once.
    """

    def __init__(self) -> None:
        self._memos: dict[tuple[int | None, int], _Memo] = {}
        self._game: Game | None = None  # the last game encoded, and its player count
        self._n = 0

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The tensor of ``view``, equal to ``encode(view)``."""
        board, player = _getters()
        me, n = _viewer(view)
        players = [player(p) for p in view["players"]]
        memo = self._memo(me, n)
        log: Entries = {}
        self._encode(memo, me, n, board(view), players, log)
        memo.write(log)
        return memo.out.copy()

    def encode_seat(self, game: Game, seat: int | None) -> np.ndarray:
        """The tensor of ``game.view(seat)``, read with ``game.view_values`` (the values of
        that view, without making it, RUL-18): equal to ``encode(game.view(seat))``.

        Read-only, and it never changes: the encoder writes its next tensor of that seat in
        place only if nobody holds this one any more, else in a copy (a loop that drops each
        observation before it asks the next copies nothing)."""
        if game is not self._game:  # a game's player count never changes
            self._game, self._n = game, len(game.players)
        n = self._n
        memo = self._memos.get((seat, n)) or self._memo(seat, n)  # a spectator's apart from
        # seat 0's: they see differently
        if getrefcount(memo.view) > _UNHELD:
            memo.keep_view()  # the last tensor handed out is held: it stays as it is
        # what the game wrote since this viewer's last tensor (copy on write tells, issue 27):
        # only those parts are read, compared and encoded again
        if memo.mark is None:
            memo.mark, written = game.mark(), None
        else:
            written = None if game.is_over else game.written_since(memo.mark)
        log: Entries = {}  # the numbers written: in the tensor at the end (_Memo.write)
        if written is None:
            board, players = game.view_values(seat, KEYS, PLAYER_KEYS)
            self._encode(memo, seat or 0, n, board, players, log)
        else:
            key = tuple(written[0])
            parts = _PARTS.get(key) or _parts_read(key)
            values, players = game.view_values(seat, parts[1], PLAYER_KEYS, written[1])
            self._encode_written(memo, seat or 0, n, parts, values, players, log)
        memo.write(log)
        return memo.view

    def _encode_written(
        self,
        memo: _Memo,
        me: int,
        n: int,
        parts: _Parts,
        values: tuple[Any, ...],
        players: list[tuple[Any, ...] | None],
        log: Entries,
    ) -> None:
        """:meth:`_encode` of the board's parts ``parts`` only (their ``values``, then the
        ``stack`` and the ``turn``): those the game may have written since the last tensor."""
        kept, index = memo.board, parts[0]
        always, end = len(_ALWAYS), len(index)
        changed = []
        if values[:always] != memo.always:  # seldom: compared as a whole first
            changed = list(compress(range(always), map(ne, values, memo.always)))
        if end > always:  # the parts of the containers written
            changed += [j for j in range(always, end) if values[j] != kept[index[j]]]
        if changed:
            planes, whole = _planes(), []
            entries = memo.board_entries
            for j in changed:
                i, value = index[j], values[j]
                cell, old = planes.get(i), kept[i]
                if cell is None or type(old) is not list or len(value) != len(old):
                    whole.append(j)
                    continue
                _replane(log, entries[i], old, value, cell, me, n)
                kept[i] = value[:]
            if whole:
                _reread(
                    whole, values, index, kept, entries, _board()[1], memo.board_in_place,
                    me, n, log,
                )  # fmt: skip
                if whole[0] < always:
                    memo.always = _always_values(kept)
        self._encode_rest(memo, me, n, values[-2], values[-1], players, log)

    def _memo(self, me: int | None, n: int) -> _Memo:
        memo = self._memos.get((me, n))
        if memo is None:
            memo = self._memos[(me, n)] = _Memo(n)
        return memo

    def _encode(
        self,
        memo: _Memo,
        me: int,
        n: int,
        board: tuple[Any, ...],
        players: list[tuple[Any, ...] | None],
        log: Entries,
    ) -> None:
        """The tensor from the values of :data:`KEYS` and each player's :data:`PLAYER_KEYS`
        (every part compared with the last tensor's), its numbers that change written in
        ``log`` (index: number)."""
        kept = memo.board
        changed = _changed(board, kept)
        if changed:
            _reread(
                changed, board, range(len(kept)), kept, memo.board_entries, _board()[1],
                memo.board_in_place, me, n, log,
            )  # fmt: skip
            memo.always = _always_values(kept)
        self._encode_rest(memo, me, n, board[-2], board[-1], players, log)

    def _encode_rest(
        self,
        memo: _Memo,
        me: int,
        n: int,
        stack: list[dict[str, Any]],
        turn: dict[str, Any] | None,
        players: list[tuple[Any, ...] | None],
        cells: Entries,
    ) -> None:
        """The decision's and the players' parts of :meth:`_encode`."""
        decision = _decision_of(stack, turn)
        if decision != memo.decision:
            memo.decision = decision
            new = _DECISIONS.get(decision)
            if new is None:
                if len(_DECISIONS) >= KEPT:
                    _DECISIONS.clear()
                new = _DECISIONS[decision] = _decision(decision, me, n)
            cells.update(dict.fromkeys(memo.decision_entries, 0.0))
            cells.update(new)
            memo.decision_entries = new
        for values in players:
            if values is None:
                continue  # its player was not written: nothing of it changed
            k = (values[-1] - me) % n
            kept = memo.players[k]
            changed = list(compress(_PLAYER_PARTS, map(ne, values, kept)))
            if changed:
                _reread(
                    changed, values, _PLAYER_PARTS, kept, memo.player_entries[k],
                    _player()[1], memo.player_in_place[k], k, n, cells,
                )  # fmt: skip


#: The keys of a view the tensor is read from, and those of each of its players.
KEYS = (*_board()[0], "stack", "turn")
PLAYER_KEYS = (*_player()[0], "seat")
#: A player's parts, by index (its values hold one more, the seat, never compared).
_PLAYER_PARTS = range(len(_player()[0]))
#: The parts of the board read from the state's plain values or frames (always compared), and
#: those read from each container copied on write (compared once it is written).
_ALWAYS_READ = frozenset(
    i for i, key in enumerate(_board()[0]) if not fields_read(key).isdisjoint(ALWAYS_WRITTEN)
)
_READ_FROM = {
    f: frozenset(i for i, key in enumerate(_board()[0]) if f in fields_read(key))
    for f in COW_FIELDS
}


#: The board's parts compared once the game wrote some containers: their indices (those always
#: read first, :data:`_ALWAYS`), their keys then ``stack`` and ``turn``.
_Parts = tuple[tuple[int, ...], tuple[str, ...]]
#: :func:`_parts_read` by the containers written (a game writes a few hundred distinct sets).
_PARTS: dict[tuple[str, ...], _Parts] = {}
#: The board's parts always read, in order, and a getter of their values from every part's.
_ALWAYS = tuple(sorted(_ALWAYS_READ))
assert len(_ALWAYS) > 1  # itemgetter gives a tuple
_always_values = itemgetter(*_ALWAYS)


def _parts_read(written: tuple[str, ...]) -> _Parts:
    """The board's parts to compare once the game wrote the containers ``written`` (those
    always read, then those read from the containers) and their keys then ``stack`` and
    ``turn``."""
    more = _ALWAYS_READ.union(*map(_READ_FROM.__getitem__, written)) - _ALWAYS_READ
    parts = (*_ALWAYS, *sorted(more))
    names = _board()[0]
    if len(_PARTS) >= KEPT:
        _PARTS.clear()
    found = _PARTS[written] = (parts, (*(names[i] for i in parts), "stack", "turn"))
    return found


@cache
def _getters() -> tuple[Callable[[dict[str, Any]], Any], Callable[[dict[str, Any]], Any]]:
    return itemgetter(*KEYS), itemgetter(*PLAYER_KEYS)


def text(view: dict[str, Any]) -> str:
    """The string form: the view itself as compact JSON with sorted keys (what the seat sees,
    nothing more; equal views, equal strings)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))
