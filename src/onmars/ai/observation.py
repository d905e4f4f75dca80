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


def encode(view: dict[str, Any]) -> np.ndarray:
    """The tensor (``float32``, shape ``(size(),)``) of a seat's view (``game.view(seat)``)."""
    lay = layout()
    ids = lay.ids
    out = np.zeros(lay.size, dtype=np.float32)
    players = view["players"]
    n = len(players)
    me = view.get("viewer") or 0

    def rel(seat: int) -> int:
        return (seat - me) % n

    idx, val = _map(view, me, n)
    out[idx] = val
    out[lay.g_round] = view["round"]
    if view["phase"] in PHASES:
        out[lay.g_phase + PHASES.index(view["phase"])] = 1
    out[lay.g_players + n - 2] = 1
    out[lay.g_length + (view["length"] == "long")] = 1
    if view.get("first") is not None and view["first"] >= 0:
        out[lay.g_first + rel(view["first"])] = 1
    for seat in view["done"]:
        out[lay.g_done + rel(seat)] = 1
    current = view.get("current_player")
    if current is not None:
        out[lay.g_current + rel(current)] = 1
    stack = view["stack"]
    if stack:
        out[lay.g_step + ids.steps.get(stack[-1]["t"], len(STEPS))] = 1
    out[lay.g_depth] = len(stack)
    turn = view.get("turn") or {}
    out[lay.g_turn] = bool(turn.get("main"))
    out[lay.g_turn + 1] = bool(turn.get("exec"))
    for item, k in view["warehouse"].items():
        out[lay.g_warehouse + ids.index["items"][item]] = k
    techs = ids.index["techs"]
    for i, space in enumerate(ids.grid):
        tile = view["grid"].get(space, "")
        if tile:
            out[lay.g_grid + i * len(ids.techs) + techs[tile]] = 1
    for i, pile in enumerate(view["tech_stacks"][:2]):
        out[lay.g_tech_stacks + i] = _count(pile)
    _hot(out, lay.g_bp_display, ids.index["blueprints"], view["bp_display"])
    out[lay.g_counts] = _count(view["bp_deck"])
    out[lay.g_counts + 1] = _count(view["discovery_stack"])
    _hot(out, lay.g_exploration, ids.index["discoveries"], view["exploration"])
    width = 1 + len(ids.building_tiles)
    for i, kind in enumerate(ids.types):
        pile = view["building_stacks"].get(kind)
        if pile:
            out[lay.g_bstacks + i * width] = pile["count"]
            if pile["top"]:
                out[lay.g_bstacks + i * width + 1 + ids.index["building_tiles"][pile["top"]]] = 1
    for action, seats in view["slots"].items():
        base = lay.g_slots + ids.index["actions"][action] * SEATS
        for seat in seats:
            out[base + rel(seat)] += 1
    for i, kind in enumerate(components.LSS_TYPES):
        out[lay.g_lss + i] = view["lss"].get(kind, 0)
        reward = view["lss_rewards"].get(kind)
        if reward:
            out[lay.g_lss_rewards + i * len(ids.lss_rewards) + ids.index["lss_rewards"][reward]] = 1
        if kind in view["lss_first"]:
            out[lay.g_lss_first + i] = 1
    out[lay.g_level] = view["level"]
    for mission, value in view["missions"].items():
        k = ids.index["missions"][mission]
        out[lay.g_missions + 2 * k] = 1
        out[lay.g_missions + 2 * k + 1] = value
    out[lay.g_end] = view["remaining"]
    out[lay.g_end + 1] = view["end_round"]
    side = view["shuttle_side"]
    if side in components.SIDES:
        out[lay.g_shuttle + components.SIDES.index(side)] = 1
    out[lay.g_shuttle + 2] = view["shuttle_space"]
    _hot(out, lay.g_science, ids.science, view["science"])
    blueprints = ids.index["blueprints"]
    for i, sci in enumerate(ids.scientists):
        at = view["sci_at"].get(sci, "")
        if at:
            out[lay.g_sci_at + i * len(ids.blueprints) + blueprints[at]] = 1
    if view["radar"]:
        out[lay.g_radar + ids.index["discoveries"][view["radar"]]] = 1
    _hot(out, lay.g_contract_deck, ids.index["contracts"], view["contract_deck"])
    for p in players:
        _player(out, lay, lay.p_start + rel(p["seat"]) * lay.p_size, p)
    return out


def _count(pile: int | list[str]) -> int:
    """A face-down stack's size: a view shows its count, or its order once the game is over."""
    return pile if isinstance(pile, int) else len(pile)


def _hot(out: np.ndarray, base: int, index: dict[str, int], values: list[str]) -> None:
    for v in values:
        if v:  # "" is an empty space of a display
            out[base + index[v]] += 1


def _map(view: dict[str, Any], me: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The map planes' non-zero entries (indices, values); most moves leave the map as it was,
    so they are kept per map content (a few microseconds to look up instead of a few dozen to
    work out)."""
    key = (
        me,
        n,
        tuple(view["bld"]),
        tuple(view["ab"]),
        tuple(view["bot"]),
        tuple(view["miner"]),
        tuple(view["crystal"]),
        tuple(view["tile"]),
        tuple((p["seat"], p["rover"]) for p in view["players"]),
    )
    return _map_entries(key)


@lru_cache(maxsize=4096)
def _map_entries(key: tuple[Any, ...]) -> tuple[np.ndarray, np.ndarray]:
    me, n, bld, ab, bot, miner, crystal, tile, rovers = key
    lay = layout()
    ids = lay.ids
    m = ids.cells
    types, tiles = ids.index["types"], ids.index["tiles"]
    idx: list[int] = []
    val: list[float] = []

    def one(i: int) -> None:
        idx.append(i)
        val.append(1.0)

    for cell, what in enumerate(bld):
        if what.startswith("shelter:"):
            one(lay.m_shelter + (int(what[8:]) - me) % n * m + cell)
        elif what:
            one(lay.m_bld + types[what] * m + cell)
    for base, plane in ((lay.m_ab, ab), (lay.m_bot, bot), (lay.m_miner, miner)):
        for cell, owner in enumerate(plane):
            if owner >= 0:
                one(base + (owner - me) % n * m + cell)
    for cell, k in enumerate(crystal):
        if k:
            idx.append(lay.m_crystal + cell)
            val.append(k)
    for cell, t in enumerate(tile):
        if t:
            one(lay.m_tile + tiles[t] * m + cell)
    for seat, cell in rovers:
        if cell >= 0:
            one(lay.m_rover + (seat - me) % n * m + cell)
    return np.array(idx, dtype=np.intp), np.array(val, dtype=np.float32)


def _player(out: np.ndarray, lay: Layout, base: int, p: dict[str, Any]) -> None:
    ids = lay.ids
    out[base + lay.p_present] = 1
    out[base + lay.p_colour + ids.index["colours"][p["colour"]]] = 1
    for r, k in p["res"].items():
        out[base + lay.p_res + ids.index["resources"][r]] = k
    goals = p["goals"]
    held = goals if isinstance(goals, int) else len(goals)
    scalars = (
        p["crystals"], p["pending"], p["hangar"], p["ships_out"], p["lq"], p["wa"], p["reserve"],
        p["bots"], p["ab"], p["shelters"], p["op"], p["space"], held, bool(p["goal_done"]),
    )  # fmt: skip
    out[base + lay.p_scalars : base + lay.p_scalars + len(scalars)] = scalars
    for row in p["depot_ships"]:
        out[base + lay.p_depot + row - 1] = 1
    techs, lab = ids.index["techs"], ids.index["lab"]
    for space, tile in p["lab"].items():
        out[base + lay.p_lab + lab[space] * len(ids.techs) + techs[tile]] = 1
    _hot(out, base + lay.p_blueprints, ids.index["blueprints"], p["blueprints"])
    _hot(out, base + lay.p_built, ids.index["blueprints"], p["built"])
    _hot(out, base + lay.p_progress, ids.index["types"], p["progress"])
    if p["side"] in components.SIDES:
        out[base + lay.p_side + components.SIDES.index(p["side"])] = 1
    if not isinstance(goals, int):
        _hot(out, base + lay.p_goals, ids.index["goals"], goals)
    _hot(out, base + lay.p_scientists, ids.index["scientists"], p["scientists"])
    _hot(out, base + lay.p_contracts, ids.index["contracts"], p["contracts"])
    for contract, items in p["delivered"].items():
        out[base + lay.p_delivered + ids.index["contracts"][contract]] = len(items)
    _hot(out, base + lay.p_contracts_done, ids.index["contracts"], p["contracts_done"])
    _hot(out, base + lay.p_research, ids.index["research"], p["research"])
    discoveries = ids.index["discoveries"]
    for k, key in enumerate(("discoveries", "bot_discoveries")):
        held_tiles = p[key]
        if isinstance(held_tiles, int):
            out[base + lay.p_discoveries + k] = held_tiles
        else:
            out[base + lay.p_discoveries + k] = len(held_tiles)
            first = base + lay.p_discoveries + 2 + k * len(ids.discoveries)
            _hot(out, first, discoveries, held_tiles)


def text(view: dict[str, Any]) -> str:
    """The string form: the view itself as compact JSON with sorted keys (what the seat sees,
    nothing more; equal views, equal strings)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"))
