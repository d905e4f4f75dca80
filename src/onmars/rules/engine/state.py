"""The game state: plain data (ints, strings, lists, dicts) that copies cheaply and round-trips
through JSON unchanged. Rules live elsewhere; this module only declares the shape.

Map cells are indices into :func:`onmars.hexmap.cells`. Per-cell lists use ``""`` / ``-1`` for
"nothing here". Shelter buildings are typed ``"shelter:<seat>"`` because the Shelters of different
players are different building types (§9.2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, get_type_hints

from onmars.rules.engine import frames


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    colour: str
    res: dict[str, int]
    crystals: int = 0  # in the Depot, spendable
    pending: int = 0  # below the Depot: gained this turn, moved in at your next turn start (§4)
    depot_ships: list[int] = field(default_factory=lambda: [1, 2, 3, 4, 5])  # Depot rows covered
    hangar: int = 0
    ships_out: int = 0  # ships ever moved out of the Depot (RUL-14), discards included
    lab: dict[str, str] = field(default_factory=dict)  # lab space id -> tech tile id
    lq: int = 0  # Colonists in Living Quarters
    wa: int = 0  # Colonists in the Working Area
    reserve: int = 0  # Colonists in personal supply
    bots: int = 0  # Bots in personal supply
    ab: int = 0  # Advanced Building markers in personal supply
    shelters: int = 0  # Shelter tiles still on the player board
    blueprints: list[str] = field(default_factory=list)  # owned, in order taken
    built: list[str] = field(default_factory=list)  # blueprints whose marker is on Mars
    progress: list[str] = field(default_factory=list)  # types with a cube in the Progress area
    op: int = 0
    op_by: dict[str, int] = field(default_factory=dict)  # in-game OP by source
    space: int = 0  # Turn Order space 1-8 (0 before setup picks)
    side: str = ""
    rover: int = -1  # -1: not yet on Mars; counts as standing on the starting Mine (§3.4)
    goals: list[str] = field(default_factory=list)  # Private Goals in hand (secret, RUL-18)
    goal_done: str = ""
    scientists: list[str] = field(default_factory=list)
    contracts: list[str] = field(default_factory=list)
    delivered: dict[str, list[str]] = field(default_factory=dict)  # contract -> items on it
    contracts_done: list[str] = field(default_factory=list)  # completed during play (RUL-10)
    research: list[str] = field(default_factory=list)  # Research tile types held
    discoveries: list[str] = field(default_factory=list)  # Discovery tiles held face down
    bot_discoveries: list[str] = field(default_factory=list)  # ... claimed by Bots (BP21)
    # Items lost so far for want of room (storage caps, a full Depot): a running count the
    # events read (a loss is what it grew by). Not part of the game: never saved or shown.
    lost: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class State:
    players: list[Player]
    seed: int
    length: str
    # the rules version the game is played under (engine/version.py); old behaviour is kept
    # behind it (``if s.rules >= N``)
    rules: int = 0
    round: int = 0
    phase: str = "setup"  # setup, colonization, shuttle, over
    first: int = 0
    done: list[int] = field(default_factory=list)  # seats whose marker is laid down this phase
    warehouse: dict[str, int] = field(default_factory=dict)
    grid: dict[str, str] = field(default_factory=dict)  # grid space id -> tech tile id or ""
    tech_stacks: list[list[str]] = field(default_factory=list)
    bp_display: list[str] = field(default_factory=list)
    bp_deck: list[str] = field(default_factory=list)  # top card last
    discovery_stack: list[str] = field(default_factory=list)  # top tile last
    exploration: list[str] = field(default_factory=list)
    building_stacks: dict[str, list[str]] = field(default_factory=dict)  # top tile last
    bld: list[str] = field(default_factory=list)  # building type per cell
    ab: list[int] = field(default_factory=list)  # Advanced Building marker owner per cell
    bot: list[int] = field(default_factory=list)  # Bot owner per cell
    miner: list[int] = field(default_factory=list)  # Miner (Colonist on a Mine) owner per cell
    crystal: list[int] = field(default_factory=list)  # 1 where a Crystal lies on the map
    tile: list[str] = field(default_factory=list)  # Discovery / Research tile per cell
    slots: dict[str, list[int]] = field(default_factory=dict)  # action -> seats on its slots
    lss: dict[str, int] = field(default_factory=dict)  # LSS track: buildings counted per type
    level: int = 1  # Colony level
    lss_rewards: dict[str, str] = field(default_factory=dict)  # LSS column -> reward tile id
    lss_first: list[str] = field(default_factory=list)  # types whose first-build 2 OP is taken
    missions: dict[str, int] = field(default_factory=dict)  # mission id -> contributions left
    remaining: int = 3  # Remaining Missions marker (§17)
    end_round: int = 0  # the last round once the end is triggered (§24.1); 0 before
    shuttle_side: str = ""  # "" once removed at level 5 (RUL-5)
    shuttle_space: int = 1
    science: list[str] = field(default_factory=list)  # Scientist / Contract display, 6 spaces
    sci_at: dict[str, str] = field(default_factory=dict)  # hired Scientist -> Blueprint worked
    radar: str = ""  # the Discovery tile kept on the Radar Blueprint (BP15)
    contract_deck: list[str] = field(default_factory=list)
    stack: list[dict[str, Any]] = field(default_factory=list)  # pending decisions, top last
    turn: dict[str, Any] = field(default_factory=dict)  # scratch data of the current turn
    # things turned face up so far (RUL-19), counted where the engine draws (undo reads it); a
    # running count, not game data: left out of the plain data, so views and saves lack it
    turned_up: int = 0

    # --- plain-data conversions ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON-ready data (a deep copy, by generated code as :meth:`clone`)."""
        return _state_dict(self)

    def as_dict(self) -> dict[str, Any]:
        """The same dict as :meth:`to_dict` (new dicts for the state and each player), its other
        lists and dicts the state's own, not copies: several times faster, for a reader that
        reads it at once and changes nothing (the next move changes it)."""
        return _state_shared(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        data = dict(data)
        data["players"] = [Player(**p) for p in data["players"]]
        return cls(**data)

    def clone(self) -> State:
        """A deep copy, by code generated from the field types (see :func:`_copier`)."""
        return _clone_state(self)

    # --- small queries used everywhere ---------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def occupied(self, cell: int) -> bool:
        """A piece (Bot, Rover, Colonist, Advanced Building marker) stands here (§4)."""
        if self.bot[cell] >= 0 or self.miner[cell] >= 0 or self.ab[cell] >= 0:
            return True
        return any(p.rover == cell for p in self.players)

    def empty(self, cell: int) -> bool:
        """Nothing at all on the hex: no building, piece, Crystal or tile (§4)."""
        return not (self.bld[cell] or self.crystal[cell] or self.tile[cell] or self.occupied(cell))


_ATOMS = (int, str, bool, type(None))


def _copy(value: Any) -> Any:
    """Copy JSON-like data. Lists are homogeneous here, so a list of atoms is copied flat."""
    kind = type(value)
    if kind is list:
        if not value or type(value[0]) in _ATOMS:
            return value.copy()
        return [_copy(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _ATOMS else _copy(v) for k, v in value.items()}
    return value


def _copy_frames(stack: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copy the pending frames: each a flat dict whose declared list values (:mod:`frames`)
    are copied too; a frame of an undeclared shape is walked whole."""
    out = []
    for f in stack:
        keys = _FRAME_LISTS.get(f["t"], ())
        if keys is None or (not keys and len(f) > 2):  # not flat, or more than t and p
            out.append(_copy(f))
            continue
        g = f.copy()
        for k in keys:
            v = g.get(k)
            if v is not None:
                g[k] = v[:]
        out.append(g)
    return out


def _list_keys(kind: type) -> tuple[str, ...] | None:
    """The keys of a frame kind that hold lists of atoms (``None``: some key holds a dict)."""
    hints = {k: str(v) for k, v in get_type_hints(kind).items()}
    if any("dict" in v for v in hints.values()):
        return None
    return tuple(k for k, v in hints.items() if "list" in v)


#: Per frame kind (step name), the keys holding lists; kinds not named are plain (t and p).
_FRAME_LISTS = {name: _list_keys(kind) for name, kind in frames.KINDS.items()}


#: How a field of each declared type is copied: the state is plain data, so every copy is a
#: shallow copy or a comprehension of the right depth; only the free-form frames and turn data need
#: the general walk.
_COPY_BY_TYPE = {
    "int": "{v}",
    "str": "{v}",
    "bool": "{v}",
    "list[int]": "{v}.copy()",  # (a method call costs less than a slice)
    "list[str]": "{v}.copy()",
    "dict[str, int]": "{v}.copy()",
    "dict[str, str]": "{v}.copy()",
    "dict[str, list[int]]": "{{k: x.copy() for k, x in {v}.items()}} if {v} else {{}}",
    "dict[str, list[str]]": "{{k: x.copy() for k, x in {v}.items()}} if {v} else {{}}",
    "list[list[str]]": "[x.copy() for x in {v}]",
    "list[dict[str, Any]]": "_copy_frames({v})",
    "dict[str, Any]": "_copy({v})",
    "list[Player]": "list(map(_clone_player, {v}))",
}


def _copier(
    cls: type, as_dict: bool = False, skip: tuple[str, ...] = (), shared: bool = False
) -> Any:
    """Generate ``clone(obj)`` for a dataclass of plain data from its fields' declared types
    (about three times faster than walking the values; a type not in the table fails here, at
    import, rather than copying shallowly). ``as_dict``: the copy as a dict of its fields (but
    ``skip``), players as dicts too; with ``shared``, a dict whose values are the object's own
    (players as such dicts), nothing copied."""
    lines = ["def clone(o):", "    new = {}" if as_dict else f"    new = _new({cls.__name__})"]
    for f in dataclasses.fields(cls):
        if f.name in skip:
            continue
        copy = _COPY_BY_TYPE[str(f.type)].format(v=f"o.{f.name}")
        if shared:  # the value itself; the players as dicts of theirs
            players = f.name == "players"
            copy = f"list(map(_player_shared, o.{f.name}))" if players else f"o.{f.name}"
        if as_dict:
            copy = copy.replace("_clone_player", "_player_dict")
        lines.append(f"    new[{f.name!r}] = {copy}" if as_dict else f"    new.{f.name} = {copy}")
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": object.__new__, cls.__name__: cls, "_copy": _copy}
    scope["_copy_frames"] = _copy_frames
    scope["_clone_player"] = globals().get("_clone_player")
    scope["_player_dict"] = globals().get("_player_dict")
    scope["_player_shared"] = globals().get("_player_shared")
    exec("\n".join(lines), scope)  # noqa: S102 - code built above from field names only
    return scope["clone"]


_clone_player: Callable[[Player], Player] = _copier(Player)
_clone_state: Callable[[State], State] = _copier(State)
# the plain data leave out running counts: a player's ``lost`` (for the events only) and the
# state's ``turned_up`` (for undo only)
_player_dict: Callable[[Player], dict[str, Any]] = _copier(Player, as_dict=True, skip=("lost",))
_state_dict: Callable[[State], dict[str, Any]] = _copier(State, as_dict=True, skip=("turned_up",))
_player_shared: Callable[[Player], dict[str, Any]] = _copier(
    Player, as_dict=True, skip=("lost",), shared=True
)
_state_shared: Callable[[State], dict[str, Any]] = _copier(
    State, as_dict=True, skip=("turned_up",), shared=True
)
