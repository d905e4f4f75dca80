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
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from onmars.rules import components, hexmap

#: Bumped whenever a field is added, removed, resized or read differently.
OBSERVATION_VERSION = 1
SEATS = 4  # player slots (the most seats a game has, §3)
PHASES = ("setup", "shuttle", "colonization", "over")
#: The decision steps known when this layout was made (``Game.decision().step``); others are
#: counted in the last entry, "other".
STEPS = (
    "ab_boost", "ab_produce", "ab_radar", "ab_recycle", "ab_retrieve", "ab_trade", "advanced",
    "after_action", "blueprint", "claim", "construct", "construct_finish", "construct_place",
    "construct_tech", "control", "develop", "displace", "explore", "game_end", "goal_gain",
    "goal_retrieve", "goal_reward", "hire", "lab_benefit", "lab_gain", "lay_down", "learn",
    "lss_bonus", "move_bots", "new_bot", "owner_develop", "pay", "placement_cost", "produce",
    "refill_science", "retrieve", "rover_move", "seat", "settle_techs", "setup_shuttle", "ship",
    "ship_reward", "shuttle_phase", "shuttle_side", "status_update", "travel", "turn", "turn_end",
    "turn_start", "upgrade", "warehouse",
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


def _owners(base: int) -> Any:
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


def _rovers(rovers: list[tuple[int, int]], me: int, n: int) -> Entries:
    lay = layout()
    m = lay.ids.cells
    return {lay.m_rover + (seat - me) % n * m + cell: 1.0 for seat, cell in rovers if cell >= 0}


def _state(view: dict[str, Any], me: int, n: int) -> Entries:
    """The few numbers that change with nearly every move: round, phase, seats, the decision."""
    lay, t = layout(), _tables()
    out: Entries = {lay.g_round: view["round"], lay.g_players + n - 2: 1.0}
    phase = t.phase.get(view["phase"])
    if phase is not None:
        out[phase] = 1.0
    out[lay.g_length + (view["length"] == "long")] = 1.0
    first = view.get("first")
    if first is not None and first >= 0:
        out[lay.g_first + (first - me) % n] = 1.0
    for seat in view["done"]:
        out[lay.g_done + (seat - me) % n] = 1.0
    current = view.get("current_player")
    if current is not None:
        out[lay.g_current + (current - me) % n] = 1.0
    stack = view["stack"]
    if stack:
        out[t.step.get(stack[-1]["t"], lay.g_step + len(STEPS))] = 1.0
    out[lay.g_depth] = len(stack)
    turn = view.get("turn") or {}
    out[lay.g_turn] = bool(turn.get("main"))
    out[lay.g_turn + 1] = bool(turn.get("exec"))
    for i, pile in enumerate(view["tech_stacks"][:2]):
        out[lay.g_tech_stacks + i] = _count(pile)
    out[lay.g_counts] = _count(view["bp_deck"])
    out[lay.g_counts + 1] = _count(view["discovery_stack"])
    out[lay.g_level] = view["level"]
    out[lay.g_end] = view["remaining"]
    out[lay.g_end + 1] = view["end_round"]
    side = t.side.get(view["shuttle_side"])
    if side is not None:
        out[side] = 1.0
    out[lay.g_shuttle + 2] = view["shuttle_space"]
    if view["radar"]:
        out[t.radar[view["radar"]]] = 1.0
    return out


def _warehouse(warehouse: dict[str, int], me: int, n: int) -> Entries:
    at = _tables().warehouse
    return {at[item]: k for item, k in warehouse.items()}


def _grid(grid: dict[str, str], me: int, n: int) -> Entries:
    at = _tables().grid
    return {at[space][tile]: 1.0 for space, tile in grid.items() if tile and space in at}


def _display(table: str) -> Any:
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


def _lss(lss: tuple[Any, Any, Any], me: int, n: int) -> Entries:
    """Life Support levels, reward tiles, first bonuses taken."""
    t = _tables()
    levels, rewards, first = lss
    out: Entries = {}
    for kind, i in t.lss.items():
        out[i] = levels.get(kind, 0)
        reward = rewards.get(kind)
        if reward:
            out[t.lss_rewards[kind][reward]] = 1.0
        if kind in first:
            out[t.lss_first[kind]] = 1.0
    return out


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


def _player(p: dict[str, Any], base: int) -> Entries:
    """One player's slot (``base``: its first index)."""
    lay, t = layout(), _tables()
    out: Entries = {base + lay.p_present: 1.0, base + t.colour[p["colour"]]: 1.0}
    for r, k in p["res"].items():
        out[base + t.res[r]] = k
    goals = p["goals"]
    held = goals if isinstance(goals, int) else len(goals)
    scalars = (
        p["crystals"], p["pending"], p["hangar"], p["ships_out"], p["lq"], p["wa"], p["reserve"],
        p["bots"], p["ab"], p["shelters"], p["op"], p["space"], held, bool(p["goal_done"]),
    )  # fmt: skip
    first = base + lay.p_scalars
    for i, k in enumerate(scalars):
        out[first + i] = k
    for row in p["depot_ships"]:
        out[base + lay.p_depot + row - 1] = 1.0
    for space, tile in p["lab"].items():
        out[base + t.lab[space][tile]] = 1.0
    _hot(out, t.blueprints, p["blueprints"], base)
    _hot(out, t.built, p["built"], base)
    _hot(out, t.progress, p["progress"], base)
    side = t.p_side.get(p["side"])
    if side is not None:
        out[base + side] = 1.0
    if not isinstance(goals, int):
        _hot(out, t.goals, goals, base)
    _hot(out, t.scientists, p["scientists"], base)
    _hot(out, t.contracts, p["contracts"], base)
    for contract, items in p["delivered"].items():
        out[base + t.delivered[contract]] = len(items)
    _hot(out, t.contracts_done, p["contracts_done"], base)
    _hot(out, t.research, p["research"], base)
    for k, key in enumerate(("discoveries", "bot_discoveries")):
        tiles = p[key]
        out[base + lay.p_discoveries + k] = tiles if isinstance(tiles, int) else len(tiles)
        if not isinstance(tiles, int):
            _hot(out, t.held[k], tiles, base)
    return out


#: The parts of a view other than the players, in the order of :func:`_inputs`.
PARTS = (
    "bld", "ab", "bot", "miner", "crystal", "tile", "rovers", "warehouse", "grid", "bp_display",
    "exploration", "building_stacks", "slots", "lss", "missions", "science", "sci_at",
    "contract_deck",
)  # fmt: skip


def _inputs(view: dict[str, Any], me: int, n: int) -> list[Any]:
    """What each part's numbers are read from (:data:`PARTS`, then the players by relative
    seat): a part whose input equals the last one's has the same numbers (the encoder reads
    nothing else)."""
    players = view["players"]
    by_slot: list[Any] = [None] * n
    for p in players:
        by_slot[(p["seat"] - me) % n] = p
    return [
        view["bld"], view["ab"], view["bot"], view["miner"], view["crystal"], view["tile"],
        [(p["seat"], p["rover"]) for p in players],
        view["warehouse"], view["grid"], view["bp_display"], view["exploration"],
        view["building_stacks"], view["slots"],
        (view["lss"], view["lss_rewards"], view["lss_first"]),
        view["missions"], view["science"], view["sci_at"], view["contract_deck"],
        *by_slot,
    ]  # fmt: skip


@cache
def _readers(n: int) -> list[Any]:
    """How each input of :func:`_inputs` is read, for ``n`` players: ``read(input, me, n)``."""
    lay = layout()
    parts = {
        "bld": _buildings,
        "ab": _owners(lay.m_ab),
        "bot": _owners(lay.m_bot),
        "miner": _owners(lay.m_miner),
        "crystal": _crystals,
        "tile": _tiles,
        "rovers": _rovers,
        "warehouse": _warehouse,
        "grid": _grid,
        "bp_display": _display("bp_display"),
        "exploration": _display("exploration"),
        "building_stacks": _building_stacks,
        "slots": _slots,
        "lss": _lss,
        "missions": _missions,
        "science": _display("science"),
        "sci_at": _sci_at,
        "contract_deck": _display("contract_deck"),
    }
    return [*(parts[name] for name in PARTS), *(_slot(k) for k in range(n))]


def _slot(k: int) -> Any:
    """Reads the player of relative seat ``k``."""
    lay = layout()
    base = lay.p_start + k * lay.p_size

    def read(p: dict[str, Any], me: int, n: int) -> Entries:
        return _player(p, base)

    return read


def _viewer(view: dict[str, Any]) -> tuple[int, int]:
    return view.get("viewer") or 0, len(view["players"])


def encode(view: dict[str, Any]) -> np.ndarray:
    """The tensor (``float32``, shape ``(size(),)``) of a seat's view (``game.view(seat)``)."""
    me, n = _viewer(view)
    out = np.zeros(size(), dtype=np.float32)
    entries = _state(view, me, n)
    inputs = _inputs(view, me, n)
    readers = _readers(n)
    for i in range(MAP_PARTS):
        idx, val = _plane(i, me, n, tuple(inputs[i]))
        out[idx] = val
    for i in range(MAP_PARTS, len(inputs)):
        entries.update(readers[i](inputs[i], me, n))
    _write(out, entries)
    return out


#: The first parts of :data:`PARTS`, the map's planes: most moves leave most of them as they
#: were, so :func:`encode` keeps their entries per content (a lookup instead of a reading).
MAP_PARTS = 7


@lru_cache(maxsize=4096)
def _plane(i: int, me: int, n: int, value: tuple[Any, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A map plane's entries as arrays (indices, values), ready to be written."""
    entries = _readers(n)[i](value, me, n)
    k = len(entries)
    return np.fromiter(entries, np.intp, k), np.fromiter(entries.values(), np.float32, k)


def _write(out: np.ndarray, entries: Entries) -> None:
    """Sets the entries (typed arrays first: numpy reads them faster than lists)."""
    k = len(entries)
    out[np.fromiter(entries, np.intp, k)] = np.fromiter(entries.values(), np.float32, k)


class Encoder:
    """:func:`encode` for a stream of views, faster: what did not change since the last view of
    the same viewer and player count (each map plane, each board, each player) is not read
    again.

    The views are kept until the next one of the same viewer: the caller must not change a view
    it has given (the environments hand theirs to nobody else). Not for several threads at once.
    """

    def __init__(self) -> None:
        # per (viewer, players): the last inputs, their entries (the state's first), the tensor
        self._last: dict[tuple[int, int], tuple[list[Any], list[Entries], np.ndarray]] = {}

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        """The tensor of ``view``, equal to ``encode(view)``."""
        me, n = _viewer(view)
        inputs = _inputs(view, me, n)
        last = self._last.get((me, n))
        entries: list[Entries]
        changed: list[int]
        if last is None:  # the first view of this viewer: every part is read
            out = np.zeros(size(), dtype=np.float32)
            entries = [{} for _ in range(len(inputs) + 1)]
            changed = list(range(len(inputs)))
        else:
            before, entries, out = last
            changed = [i for i, (a, b) in enumerate(zip(before, inputs, strict=True)) if a != b]
        stale = list(entries[0])  # the indices to clear: the old entries of what is read again
        entries[0] = _state(view, me, n)  # the round, phase, decision: read every time
        fresh = dict(entries[0])
        readers = _readers(n)
        for i in changed:
            stale += entries[i + 1]
            new = entries[i + 1] = readers[i](inputs[i], me, n)
            fresh.update(new)
        self._last[(me, n)] = (inputs, entries, out)
        out[np.fromiter(stale, np.intp, len(stale))] = 0.0
        _write(out, fresh)
        return out.copy()


def text(view: dict[str, Any]) -> str:
    """The string form: the view itself as compact JSON with sorted keys (what the seat sees,
    nothing more; equal views, equal strings)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))
