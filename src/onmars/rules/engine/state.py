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


class _Owned:
    """What a state owns of what it holds (see :class:`State`): not a field, so never part of the
    plain data, views, saves or comparisons."""

    __slots__ = ("_own", "_wrote")
    _own: int
    _wrote: list[int]  # one int: the bits of what the barriers handed out (see take_written)


@dataclass(slots=True)
class State(_Owned):
    """The game state. A :meth:`fork` shares every container with the state it was forked from
    and copies one only when either changes it (copy on write): the rules write through
    :meth:`mut_player` and the ``mut_<field>`` methods, which hand out this state's own copy of
    a player or container (made on the first write after a fork). Reading needs nothing.
    Whoever writes past them (a tool, a test) works on a :meth:`clone` or :meth:`own_all` first.
    """

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

    def __post_init__(self) -> None:
        self._own = OWN_ALL  # type: ignore[misc]  # a new state owns what it was given
        self._wrote = [0]  # type: ignore[misc]

    def _owns(self, bits: int) -> None:
        """Record that this state now owns what ``bits`` name (copied on a first write)."""
        self._own |= bits  # type: ignore[misc]  # mypy misses the slot of the base class

    def fork(self) -> State:
        """A copy in a few microseconds: the players and the containers are shared with this
        state, each copied by whichever state writes it first (through the ``mut_`` methods);
        the pending frames (changed by nearly every move) are copied now."""
        return _fork_state(self)

    def own_all(self) -> None:
        """Make everything this state holds its own (copying what a fork still shares): for a
        writer that does not go through the ``mut_`` methods."""
        if self._own != OWN_ALL:
            _own_all(self)

    def take_written(self) -> int:
        """What the rules wrote since the last call, and forget it: the bits (as ``_own``'s:
        seat ``k`` is bit ``k``, then one per container of :data:`COW_FIELDS`) of every player
        and container a ``mut_`` method handed out. The plain values and the frames it cannot
        tell (:data:`ALWAYS_WRITTEN`): count them as written. What moves touched, for a reader
        that reads only that (the AI encoders, issue 26)."""
        bits = self._wrote[0]
        self._wrote[0] = 0
        return bits

    # --- writing: this state's own player or container (copy on write) ------------------------
    def mut_player(self, seat: int) -> Player:
        """The player at ``seat``, this state's own: copied on the first write after a fork."""
        self._wrote[0] |= 1 << seat
        if self._own & 1 << seat:
            return self.players[seat]
        p = self.players[seat] = _clone_player(self.players[seat])
        self._owns(1 << seat)
        return p

    # each ``mut_<field>()``: that container, this state's own (copied on the first write)
    def mut_done(self) -> list[int]:
        self._wrote[0] |= _OWN_DONE
        if not self._own & _OWN_DONE:
            self.done = self.done.copy()
            self._owns(_OWN_DONE)
        return self.done

    def mut_warehouse(self) -> dict[str, int]:
        self._wrote[0] |= _OWN_WAREHOUSE
        if not self._own & _OWN_WAREHOUSE:
            self.warehouse = self.warehouse.copy()
            self._owns(_OWN_WAREHOUSE)
        return self.warehouse

    def mut_grid(self) -> dict[str, str]:
        self._wrote[0] |= _OWN_GRID
        if not self._own & _OWN_GRID:
            self.grid = self.grid.copy()
            self._owns(_OWN_GRID)
        return self.grid

    def mut_tech_stacks(self) -> list[list[str]]:
        self._wrote[0] |= _OWN_TECH_STACKS
        if not self._own & _OWN_TECH_STACKS:
            self.tech_stacks = [x.copy() for x in self.tech_stacks]
            self._owns(_OWN_TECH_STACKS)
        return self.tech_stacks

    def mut_bp_display(self) -> list[str]:
        self._wrote[0] |= _OWN_BP_DISPLAY
        if not self._own & _OWN_BP_DISPLAY:
            self.bp_display = self.bp_display.copy()
            self._owns(_OWN_BP_DISPLAY)
        return self.bp_display

    def mut_bp_deck(self) -> list[str]:
        self._wrote[0] |= _OWN_BP_DECK
        if not self._own & _OWN_BP_DECK:
            self.bp_deck = self.bp_deck.copy()
            self._owns(_OWN_BP_DECK)
        return self.bp_deck

    def mut_discovery_stack(self) -> list[str]:
        self._wrote[0] |= _OWN_DISCOVERY_STACK
        if not self._own & _OWN_DISCOVERY_STACK:
            self.discovery_stack = self.discovery_stack.copy()
            self._owns(_OWN_DISCOVERY_STACK)
        return self.discovery_stack

    def mut_exploration(self) -> list[str]:
        self._wrote[0] |= _OWN_EXPLORATION
        if not self._own & _OWN_EXPLORATION:
            self.exploration = self.exploration.copy()
            self._owns(_OWN_EXPLORATION)
        return self.exploration

    def mut_building_stacks(self) -> dict[str, list[str]]:
        self._wrote[0] |= _OWN_BUILDING_STACKS
        if not self._own & _OWN_BUILDING_STACKS:
            self.building_stacks = {k: x.copy() for k, x in self.building_stacks.items()}
            self._owns(_OWN_BUILDING_STACKS)
        return self.building_stacks

    def mut_bld(self) -> list[str]:
        self._wrote[0] |= _OWN_BLD
        if not self._own & _OWN_BLD:
            self.bld = self.bld.copy()
            self._owns(_OWN_BLD)
        return self.bld

    def mut_ab(self) -> list[int]:
        self._wrote[0] |= _OWN_AB
        if not self._own & _OWN_AB:
            self.ab = self.ab.copy()
            self._owns(_OWN_AB)
        return self.ab

    def mut_bot(self) -> list[int]:
        self._wrote[0] |= _OWN_BOT
        if not self._own & _OWN_BOT:
            self.bot = self.bot.copy()
            self._owns(_OWN_BOT)
        return self.bot

    def mut_miner(self) -> list[int]:
        self._wrote[0] |= _OWN_MINER
        if not self._own & _OWN_MINER:
            self.miner = self.miner.copy()
            self._owns(_OWN_MINER)
        return self.miner

    def mut_crystal(self) -> list[int]:
        self._wrote[0] |= _OWN_CRYSTAL
        if not self._own & _OWN_CRYSTAL:
            self.crystal = self.crystal.copy()
            self._owns(_OWN_CRYSTAL)
        return self.crystal

    def mut_tile(self) -> list[str]:
        self._wrote[0] |= _OWN_TILE
        if not self._own & _OWN_TILE:
            self.tile = self.tile.copy()
            self._owns(_OWN_TILE)
        return self.tile

    def mut_slots(self) -> dict[str, list[int]]:
        self._wrote[0] |= _OWN_SLOTS
        if not self._own & _OWN_SLOTS:
            self.slots = {k: x.copy() for k, x in self.slots.items()}
            self._owns(_OWN_SLOTS)
        return self.slots

    def mut_lss(self) -> dict[str, int]:
        self._wrote[0] |= _OWN_LSS
        if not self._own & _OWN_LSS:
            self.lss = self.lss.copy()
            self._owns(_OWN_LSS)
        return self.lss

    def mut_lss_rewards(self) -> dict[str, str]:
        self._wrote[0] |= _OWN_LSS_REWARDS
        if not self._own & _OWN_LSS_REWARDS:
            self.lss_rewards = self.lss_rewards.copy()
            self._owns(_OWN_LSS_REWARDS)
        return self.lss_rewards

    def mut_lss_first(self) -> list[str]:
        self._wrote[0] |= _OWN_LSS_FIRST
        if not self._own & _OWN_LSS_FIRST:
            self.lss_first = self.lss_first.copy()
            self._owns(_OWN_LSS_FIRST)
        return self.lss_first

    def mut_missions(self) -> dict[str, int]:
        self._wrote[0] |= _OWN_MISSIONS
        if not self._own & _OWN_MISSIONS:
            self.missions = self.missions.copy()
            self._owns(_OWN_MISSIONS)
        return self.missions

    def mut_science(self) -> list[str]:
        self._wrote[0] |= _OWN_SCIENCE
        if not self._own & _OWN_SCIENCE:
            self.science = self.science.copy()
            self._owns(_OWN_SCIENCE)
        return self.science

    def mut_sci_at(self) -> dict[str, str]:
        self._wrote[0] |= _OWN_SCI_AT
        if not self._own & _OWN_SCI_AT:
            self.sci_at = self.sci_at.copy()
            self._owns(_OWN_SCI_AT)
        return self.sci_at

    def mut_contract_deck(self) -> list[str]:
        self._wrote[0] |= _OWN_CONTRACT_DECK
        if not self._own & _OWN_CONTRACT_DECK:
            self.contract_deck = self.contract_deck.copy()
            self._owns(_OWN_CONTRACT_DECK)
        return self.contract_deck

    def mut_turn(self) -> dict[str, Any]:
        self._wrote[0] |= _OWN_TURN
        if not self._own & _OWN_TURN:
            self.turn = _copy(self.turn)
            self._owns(_OWN_TURN)
        return self.turn

    def new_turn(self, turn: dict[str, Any]) -> None:
        """Start the turn's scratch data afresh with ``turn`` (this state's own, the write
        recorded): a new dict for each turn, as before copy on write, so a reader holding the
        last turn's dict (a test telling turns apart) never sees it change into the next."""
        self._wrote[0] |= _OWN_TURN
        self.turn = turn
        self._owns(_OWN_TURN)

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


#: The ownership bits of :class:`State` (``_own``): one per seat (bits 0-7), one per container
#: that is copied on write.
_OWN_DONE = 1 << 8
_OWN_WAREHOUSE = 1 << 9
_OWN_GRID = 1 << 10
_OWN_TECH_STACKS = 1 << 11
_OWN_BP_DISPLAY = 1 << 12
_OWN_BP_DECK = 1 << 13
_OWN_DISCOVERY_STACK = 1 << 14
_OWN_EXPLORATION = 1 << 15
_OWN_BUILDING_STACKS = 1 << 16
_OWN_BLD = 1 << 17
_OWN_AB = 1 << 18
_OWN_BOT = 1 << 19
_OWN_MINER = 1 << 20
_OWN_CRYSTAL = 1 << 21
_OWN_TILE = 1 << 22
_OWN_SLOTS = 1 << 23
_OWN_LSS = 1 << 24
_OWN_LSS_REWARDS = 1 << 25
_OWN_LSS_FIRST = 1 << 26
_OWN_MISSIONS = 1 << 27
_OWN_SCIENCE = 1 << 28
_OWN_SCI_AT = 1 << 29
_OWN_CONTRACT_DECK = 1 << 30
_OWN_TURN = 1 << 31
OWN_ALL = (1 << 32) - 1
#: The containers copied on write, by field name.
COW_FIELDS = (
    "done",
    "warehouse",
    "grid",
    "tech_stacks",
    "bp_display",
    "bp_deck",
    "discovery_stack",
    "exploration",
    "building_stacks",
    "bld",
    "ab",
    "bot",
    "miner",
    "crystal",
    "tile",
    "slots",
    "lss",
    "lss_rewards",
    "lss_first",
    "missions",
    "science",
    "sci_at",
    "contract_deck",
    "turn",
)

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
    if cls is State and not as_dict:
        lines.append(f"    new._own = {OWN_ALL}")  # a deep copy owns everything
        lines.append("    new._wrote = [0]")
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


def _forker() -> Callable[[State], State]:
    """Generate ``fork(state)`` (:meth:`State.fork`): every field shared but the players' list
    (the players themselves shared) and the pending frames (copied); both states then own
    nothing, so that either copies what it writes."""
    lines = ["def fork(o):", "    new = _new(State)"]
    for f in dataclasses.fields(State):
        copy = {"players": "o.players.copy()", "stack": "_copy_frames(o.stack)"}.get(f.name)
        lines.append(f"    new.{f.name} = {copy or 'o.' + f.name}")
    lines += ["    new._own = o._own = 0", "    new._wrote = [0]", "    return new"]
    scope: dict[str, Any] = {"_new": object.__new__, "State": State, "_copy_frames": _copy_frames}
    exec("\n".join(lines), scope)  # noqa: S102 - code built above from field names only
    fork: Callable[[State], State] = scope["fork"]
    return fork


def _own_all(s: State) -> None:
    """Copy whatever ``s`` does not own yet (:meth:`State.own_all`)."""
    for seat in range(len(s.players)):
        s.mut_player(seat)
    for name in COW_FIELDS:
        getattr(s, f"mut_{name}")()


_fork_state: Callable[[State], State] = _forker()
#: The fields :meth:`State.written_since` cannot tell unchanged: the frames (changed in place)
#: and the plain values.
ALWAYS_WRITTEN = frozenset(
    f.name for f in dataclasses.fields(State) if f.name not in COW_FIELDS and f.name != "players"
)


#: Each container copied on write with its bit.
_COW_BITS = tuple((name, 1 << (i + 8)) for i, name in enumerate(COW_FIELDS))


#: :func:`written_parts` already worked out (a game writes a few hundred distinct sets).
_WRITTEN: dict[tuple[int, int], tuple[list[str], list[bool]]] = {}


def written_parts(bits: int, seats: int) -> tuple[list[str], list[bool]]:
    """:meth:`State.take_written`'s bits as the containers named and a flag per seat (worked
    out once per set of bits: the lists are shared, read them, do not change them)."""
    known = _WRITTEN.get((bits, seats))
    if known is None:
        known = (
            [f for f, bit in _COW_BITS if bits & bit],
            [bool(bits >> k & 1) for k in range(seats)],
        )
        if len(_WRITTEN) < 1 << 16:
            _WRITTEN[(bits, seats)] = known
    return known
