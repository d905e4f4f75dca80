"""Positions built from a short description, for tests and analysis (issue 22, item 7).

:func:`position` starts from a real game (``Game.new`` with the given players, seed and length,
the opening picks played, then any ``moves``), so every part left untouched is legal; it applies
the changes, each field in one place that knows it, moves every component it displaces where it
must go, checks the result and answers a :class:`~onmars.rules.game.Game` that plays on from
there. An inconsistent description is refused with :class:`PositionError`, naming the field::

    game = position({
        "round": 3,
        "level": 2,
        "players": {0: {"res": {"water": 2, "*": 0}, "lab": {"3t": "A-extractor"}, "lq": 2}},
        "grid": {"bottom1": "A-ship"},
        "map": {"1,-1": "crystal D12", "0,1": "mine bot:1"},
    }, players=3, seed=1)

The changes: a dict (every key optional), or the same as text, one line each (see
:func:`from_text`: ``p0.res = water:2 *:0``, ``map 1,-1 = crystal D12``):

- ``round``, ``level``, ``first``, ``remaining``, ``end_round``, ``shuttle_side``,
  ``shuttle_space``: set as given.
- ``missions``: the Missions in play, id -> contributions left (replaces them all; ``{}``: none,
  a simplification tests use to keep Mission Crystals out of their counts).
- ``warehouse``: item -> stock (the items named).
- ``slots``: action -> the seats of the Colonists on its slots (the actions named).
- ``grid``: space -> Tech tile. ``bp_display``: index -> Blueprint, or the whole display (a
  list). ``exploration``: the Exploration tiles (a list).
- ``map``: ``"q,r"`` -> what stands on the hex, words separated by spaces (``""``: nothing):
  a building type (``mine``, ``shelter:1`` for seat 1's Shelter), ``bot:1``, ``miner:1``,
  ``ab:1`` (an Advanced Building marker), ``rover:1``, ``crystal``, a Discovery tile ``D12`` or
  a Research tile ``RB``. The hex is replaced whole; a text starting with ``+`` adds its words
  to what is there (``"+crystal"``; a tile replaces the tile there). ``"map": "empty"`` empties
  every hex, ``"map": "bare"`` every hex but the Shelters (their pieces gone): a map for a test
  to put down only the pieces it needs.
- ``lss``: LSS column -> the row its marker is on; ``lss_first``: the columns whose first-building
  OP is taken; ``lss_rewards``: column -> Reward tile (one shown on another column swaps).
- ``building_stacks``: building type -> its stack in a new order (the same tiles, top last).
- ``radar``: the Discovery tile kept on the Radar (BP15).
- ``turn``: the current turn's data, key -> value (``{"main": True}``: its Main action taken).
- ``sci_at``: hired Scientist -> the Blueprint it works on (``""``: on its own card).
- ``players``: seat -> changes (a dict, or a list by seat): ``res`` (Resource -> count; the key
  ``"*"`` sets every Resource not named), the counts ``crystals``, ``pending``, ``hangar``,
  ``op``, ``space``, ``lq``, ``wa``, ``reserve``, ``bots``, ``ab``, ``shelters``, ``ships_out``,
  ``side``, ``rover`` (``"q,r"``, or -1 before it lands), ``depot_ships``, ``goal_done``;
  ``lab`` (space -> Tech tile, ``""`` to empty it); the lists ``blueprints``, ``built``,
  ``progress``, ``goals``, ``scientists``, ``contracts``, ``contracts_done``, ``research``,
  ``discoveries``, ``bot_discoveries``; ``delivered`` and ``op_by`` (dicts, replaced).

Where displaced components go (each one stays in exactly one place):

- A Tech tile, Blueprint, Discovery tile, Scientist or Contract named somewhere new is taken
  from where it was (Grid space, Tech stack, another Lab, display, deck, stack, hex, player);
  a Tech tile or Discovery tile it replaces takes the place it left (a swap). A Blueprint or
  Discovery tile a player no longer holds goes to the bottom of its deck; a Scientist back to
  an empty display space, a Contract back to the deck. A Research tile placed on a hex comes
  from the first hex holding one of its type.
- A player's ``shelters`` (those left on the board) set lower puts the others on Mars, on the
  empty hexes closest to the player's Shelters.
- Pieces (Colonists, Bots, Advanced Building markers, Shelters, Ships) come from and return to
  their owner's supply: ``reserve`` for Colonists (on slots, Miners, Living Quarters, Working
  Area), ``bots``, ``ab`` (a marker also sits on each Blueprint not built), ``shelters``, the
  Depot for Ships (``ships_out`` grows when the Hangar holds more than ever left the Depot).
  A count named in the changes is not used as a supply: the pieces must then add up, or the
  position is refused.
- A building placed on the map takes the top tile of its stack; one removed leaves the game.

The position is then checked (:func:`check`): the shape of a game (every field of its type, ids
of the right kind, counts within the board's limits, the pending decisions valid, as
:mod:`onmars.rules.shape` checks a view) and the components conserved against the game it
started from. The game answered starts from the built position, like a determinized world:
undo stops there, and its log (seed and moves) does not rebuild it.

``position(changes, at=game)`` builds from another game's current position (a Shuttle phase
reached by play, say); :func:`arrange` applies changes to a game in place, for helpers that
arrange a position in steps; :func:`hex_text` writes a hex in the words of ``map``. It lives
with the rules, public, over :mod:`onmars.rules.game`, so that tests, bots and analysis tools
state positions the same checked way.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from onmars.rules.actions.economy import depot_cap, lq_cap, storage_cap
from onmars.rules.data import hexmap
from onmars.rules.data.components import RESOURCES, load
from onmars.rules.engine.state import Player, State
from onmars.rules.game import Game
from onmars.rules.shape import check_state

#: The opening's default Turn Order spaces: seat 0 on space 1, seat 1 on 2, ... (Orbit side).
ORBIT = {0: 1, 1: 2, 2: 3, 3: 4}
#: Where a position may start: a new game (the picks pending) or round 1's first turn.
STARTS = ("setup", "turn")
#: The steps of an optional Turn Order bonus (RUL-2), which ``done`` declines.
BONUS_STEPS = ("warehouse", "blueprint", "learn", "ship", "move_bots")
#: Space 5's optional Colonist (RUL-2), which the opening takes.
COLONIST_STEP = "colonist_bonus"
#: The state's plain numbers and words a change sets as given.
SCALARS = ("round", "level", "first", "remaining", "end_round", "shuttle_side", "shuttle_space")
#: A player's plain counts and words.
PLAYER_SCALARS = (
    *("crystals", "pending", "hangar", "op", "space", "lq", "wa", "reserve", "bots", "ab"),
    *("shelters", "ships_out", "side", "goal_done"),
)
#: A player's lists of ids.
PLAYER_LISTS = (
    *("blueprints", "built", "progress", "goals", "scientists", "contracts", "contracts_done"),
    *("research", "discoveries", "bot_discoveries"),
)


class PositionError(ValueError):
    """A position that is no game's: the message names the field (``players[0].lq: ...``)."""


def position(
    changes: Mapping[str, Any] | str | None = None,
    *,
    players: int = 3,
    seed: int = 1,
    length: str = "short",
    at: str | Game = "turn",
    spaces: Mapping[int, int] | None = None,
    shuttle: str = "orbit",
    moves: Sequence[str] = (),
    rules: int | None = None,
) -> Game:
    """A game at the position described (see the module's docstring): ``players``, ``seed`` and
    ``length`` as for :meth:`Game.new`; ``at="turn"`` plays the opening picks first (seat ->
    Turn Order ``spaces``, bonuses declined, the Shuttle put on ``shuttle``), ``"setup"`` does
    not, and a :class:`Game` starts from its position (it is not changed; the other options are
    then ignored); then ``moves`` are played, then ``changes`` applied and checked. ``rules``:
    the rules version (``None``: the newest)."""
    if isinstance(at, Game):
        game, at = at.copy(), "here"
    else:
        game = Game.new(players, seed=seed, length=length, rules=rules)
    base = _start(game, at, spaces or ORBIT, shuttle, moves)
    s = build(base, from_text(changes) if isinstance(changes, str) else changes or {})
    return Game.from_position(s)


# --- the text form ------------------------------------------------------------------------------

#: The dict fields whose values are lists (written ``a,b``), and those of numbers.
_LIST_VALUES = frozenset({"slots", "delivered"})
_NUMBER_LISTS = frozenset({"slots"})


def from_text(text: str) -> dict[str, Any]:
    """The changes a text describes, one line each (``#`` starts a comment)::

        round = 3
        missions = M2:5 M9:2
        p0.res = water:2 *:0
        p0.lab = 3t:A-extractor
        p1.contracts = C09 C12
        slots = construct:0,1 hire:
        map = bare
        map 1,-1 = crystal D12

    ``name = value`` sets a field of the state, ``pN.name = value`` one of seat N's, ``map q,r =
    words`` a hex (``map = bare`` or ``empty`` the whole map). A value is a number or a word
    (``-``: empty), for a list its words (``-``: none), for a dict ``key:value`` words (a list
    value ``a,b``)."""
    out: dict[str, Any] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, eq, value = (part.strip() for part in line.partition("="))
        if not eq or not key:
            raise PositionError(f"line {n}: {raw.strip()!r} is not 'name = value'")
        words = value.split()
        if key.startswith("map ") or key == "map":
            hexes = out.setdefault("map", {}) if key != "map" else None
            if hexes is None:
                out["map"] = value
            elif isinstance(hexes, dict):
                hexes[key[4:].strip()] = "" if value == "-" else value
            else:
                raise PositionError(f"line {n}: a hex after 'map = {hexes}' (two lines apart)")
            continue
        seat, dot, name = key.partition(".")
        if dot and seat[:1] == "p" and seat[1:].isdigit():
            out.setdefault("players", {}).setdefault(int(seat[1:]), {})[name] = _value(name, words)
        else:
            out[key] = _value(key, words)
    return out


def _value(name: str, words: list[str]) -> Any:
    """A field's value from its words, by the field's kind (see :func:`from_text`)."""
    if name in _DICT_FIELDS:
        pairs = [w.partition(":") for w in words if w != "-"]
        if name in _LIST_VALUES:
            return {k: _listed_words(v, name in _NUMBER_LISTS) for k, _, v in pairs}
        return {_atom(k): _atom(v) for k, _, v in pairs}
    if name in _LIST_FIELDS:
        items = [] if words == ["-"] else words
        return [int(w) for w in items] if name == "depot_ships" else items
    return _atom(" ".join(words))


def _listed_words(text: str, numbers: bool) -> list[Any]:
    items = [w for w in text.split(",") if w]
    return [int(w) for w in items] if numbers else items


def _atom(word: str) -> Any:
    if word == "-":
        return ""
    if word.lstrip("-").isdigit():
        return int(word)
    return {"true": True, "false": False}.get(word, word)


#: The fields written as ``key:value`` words, and those written as lists of words.
_DICT_FIELDS = frozenset(
    {"missions", "warehouse", "slots", "grid", "bp_display", "lss", "lss_rewards", "turn"}
    | {"sci_at", "res", "lab", "delivered", "op_by"}
)
_LIST_FIELDS = frozenset({"exploration", "lss_first", "depot_ships", *PLAYER_LISTS})


def arrange(game: Game, changes: Mapping[str, Any]) -> None:
    """Apply ``changes`` to ``game``'s current position, built and checked as :func:`position`
    builds them, for a test that arranges its position in steps (helpers adding a building, a
    Scientist, ...). The game keeps its moves: an undo goes back past the changes, so a test of
    undo starts from :func:`position` instead. The state and its players stay the same objects
    (a test may hold them), their fields replaced."""
    s = game.state
    built = build(s, changes)
    for f in dataclasses.fields(State):
        if f.name != "players":
            setattr(s, f.name, getattr(built, f.name))
    for p, new in zip(s.players, built.players, strict=True):
        for f in dataclasses.fields(Player):
            setattr(p, f.name, getattr(new, f.name))


def build(base: State, changes: Mapping[str, Any]) -> State:
    """``base`` (left unchanged) with ``changes`` applied, displaced components moved, checked
    against ``base`` (:func:`check`)."""
    s = base.clone()
    fixed = _Builder(s).apply(changes)
    _settle(s, base, fixed)
    check(s, base)
    return s


def _start(
    game: Game,
    at: str,
    spaces: Mapping[int, int],
    shuttle: str,
    moves: Sequence[str],
) -> State:
    if at not in (*STARTS, "here"):
        raise PositionError(f"at: {at!r} is none of {', '.join(STARTS)}")
    if at == "turn":
        for _ in range(len(game.players)):
            seat = game.current_player
            assert seat is not None
            game.play(f"seat {spaces[seat]}")
            while game.decision() and game.current_player == seat and _declinable(game):
                game.play(_declined(game))
        game.play(f"shuttle {shuttle}")
    for move in moves:
        game.play(move)
    return game.state


def _declinable(game: Game) -> bool:
    """An optional Turn Order bonus is offered (RUL-2): ``done`` declines it."""
    decision = game.decision()
    if decision is None or decision.step not in (*BONUS_STEPS, COLONIST_STEP):
        return False
    return any(str(m) == "done" for m in decision.moves)


def _declined(game: Game) -> str:
    """How the opening settles an optional bonus: declined, but space 5's Colonist taken, as
    rules version 1 took it (so positions keep their Living Quarters)."""
    decision = game.decision()
    return "gain colonist" if decision and decision.step == COLONIST_STEP else "done"


# --- applying the changes ---------------------------------------------------------------------


class _Builder:
    """Applies the changes to ``s``, field by field; remembers the counts named (which are then
    no supply to take pieces from, see :func:`_settle`)."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.fixed: set[tuple[int, str]] = set()  # (seat, count) named by the changes

    def apply(self, changes: Mapping[str, Any]) -> set[tuple[int, str]]:
        handlers: dict[str, Callable[[Any], None]] = {
            "missions": self.missions,
            "warehouse": self.warehouse,
            "slots": self.slots,
            "grid": self.grid,
            "bp_display": self.bp_display,
            "sci_at": self.sci_at,
            "turn": self.turn,
            "radar": self.radar,
            "lss": self.lss,
            "lss_first": self.lss_first,
            "lss_rewards": self.lss_rewards,
            "building_stacks": self.building_stacks,
            "exploration": self.exploration,
            "map": self.map,
            "players": self.players,
        }
        if not isinstance(changes, Mapping):
            raise PositionError("changes: not a dict")
        for key, value in changes.items():
            if key in SCALARS:
                _scalar(key, getattr(self.s, key), value)
                setattr(self.s, key, value)
            elif key in handlers:
                handlers[key](value)
            else:
                raise PositionError(f"{key}: no field a position sets")
        return self.fixed

    # the state's tables
    def missions(self, value: Any) -> None:
        ids = load().mission
        for m, left in _items("missions", value):
            if m not in ids or type(left) is not int or not 0 <= left <= max(ids[m].targets):
                raise PositionError(f"missions.{m}: no Mission, or {left!r} out of its range")
        self.s.missions = dict(value)

    def warehouse(self, value: Any) -> None:
        for item, stock in _items("warehouse", value):
            if item not in self.s.warehouse:
                raise PositionError(f"warehouse.{item}: no Warehouse item")
            _scalar(f"warehouse.{item}", 0, stock)
            self.s.warehouse[item] = stock

    def slots(self, value: Any) -> None:
        for action, seats in _items("slots", value):
            if action not in self.s.slots:
                raise PositionError(f"slots.{action}: no action with slots")
            if not _seats(seats, self.s.n) or len(seats) > load().action[action].slots:
                raise PositionError(f"slots.{action}: {seats!r} is no list of seats that fits")
            self.s.slots[action] = list(seats)

    def grid(self, value: Any) -> None:
        for space, tile in _items("grid", value):
            if space not in self.s.grid:
                raise PositionError(f"grid.{space}: no Tech Grid space")
            _swap(self.s, f"grid.{space}", self.s.grid, space, tile, "tech")

    def bp_display(self, value: Any) -> None:
        if isinstance(value, list):  # the whole display: the others back under the deck
            old = self.s.bp_display
            for bp in old:
                if bp not in value:
                    self.s.bp_deck.insert(0, bp)
            self.s.bp_display = []
            for bp in value:
                if bp not in old:
                    _take(self.s, "bp_display", bp, "bp")
            self.s.bp_display = list(value)
            return
        for i, bp in _items("bp_display", value):
            if type(i) is not int or not 0 <= i < len(self.s.bp_display):
                raise PositionError(f"bp_display.{i}: no Blueprint display space")
            _swap(self.s, f"bp_display.{i}", self.s.bp_display, i, bp, "bp")

    def lss(self, value: Any) -> None:
        rows = load().value("lss_rows")[0]
        for kind, row in _items("lss", value):
            if kind not in self.s.lss or type(row) is not int or not 1 <= row <= rows:
                raise PositionError(f"lss.{kind}: no LSS column, or {row!r} not a row 1-{rows}")
            self.s.lss[kind] = row

    def lss_first(self, value: Any) -> None:
        if not isinstance(value, list) or not set(value) <= set(self.s.lss):
            raise PositionError(f"lss_first: {value!r} is no list of LSS columns")
        self.s.lss_first = list(value)

    def lss_rewards(self, value: Any) -> None:
        for kind, tile in _items("lss_rewards", value):
            if kind not in self.s.lss_rewards or tile not in load().lss_reward:
                raise PositionError(f"lss_rewards.{kind}: no LSS column, or {tile!r} no Reward")
            rewards = self.s.lss_rewards
            other = next((k for k, v in rewards.items() if v == tile), None)
            if other is not None:  # a swap: the tile leaves another column
                rewards[other] = rewards[kind]
            rewards[kind] = tile

    def building_stacks(self, value: Any) -> None:
        for kind, order in _items("building_stacks", value):
            stack = self.s.building_stacks.get(kind)
            if stack is None or not isinstance(order, list) or sorted(order) != sorted(stack):
                raise PositionError(f"building_stacks.{kind}: not an order of the stack's tiles")
            self.s.building_stacks[kind] = list(order)

    def radar(self, value: Any) -> None:
        if not isinstance(value, str):
            raise PositionError("radar: not a Discovery tile id")
        if self.s.radar:
            _return(self.s, self.s.radar, "disc")
        self.s.radar = ""
        if value:
            _take(self.s, "radar", value, "disc")
        self.s.radar = value

    def turn(self, value: Any) -> None:
        for key, v in _items("turn", value):
            self.s.turn[key] = v  # checked with the turn's declared keys (shape.Turn)

    def sci_at(self, value: Any) -> None:
        for sci, bp in _items("sci_at", value):
            if sci not in load().scientist or (bp and bp not in load().blueprint):
                raise PositionError(f"sci_at.{sci}: no Scientist, or {bp!r} no Blueprint")
            self.s.sci_at[sci] = bp

    def exploration(self, value: Any) -> None:
        if not isinstance(value, list):
            raise PositionError("exploration: not a list of Discovery tiles")
        old = self.s.exploration
        for d in old:
            if d not in value:
                self.s.discovery_stack.insert(0, d)  # to the bottom of the stack
        self.s.exploration = []
        for d in value:
            if d not in old:
                _take(self.s, "exploration", d, "disc")
        self.s.exploration = list(value)

    # the map
    def map(self, value: Any) -> None:
        if value in ("empty", "bare"):
            for each, kind in enumerate(self.s.bld):
                _clear_hex(self.s, each)
                if value == "bare" and kind.startswith("shelter:"):
                    self.s.bld[each] = kind
            return
        for where, text in _items("map", value):
            cell = hexmap.parse(where) if isinstance(where, str) else None
            if cell is None or not isinstance(text, str):
                raise PositionError(f"map.{where}: no hex, or {text!r} is not a text")
            words = text.split()
            if text.startswith("+"):  # added to what is there
                words = [*hex_text(self.s, cell).split(), *text[1:].split()]
            _clear_hex(self.s, cell)
            for word in words:
                self.map_word(f"map.{where}", cell, word)

    def map_word(self, field: str, cell: int, word: str) -> None:
        s, c = self.s, load()
        kind, _, owner = word.partition(":")
        if kind in ("bot", "miner", "ab", "rover", "shelter"):
            seat = int(owner) if owner.isdigit() else -1
            if not 0 <= seat < s.n:
                raise PositionError(f"{field}: {word!r} names no seat of the game")
            if kind == "rover":
                s.players[seat].rover = cell
            elif kind == "shelter":
                s.bld[cell] = f"shelter:{seat}"
            else:
                getattr(s, kind)[cell] = seat
        elif word == "crystal":
            s.crystal[cell] = 1
        elif word in c.building_type:
            s.bld[cell] = word
        elif word in c.discovery:
            _take(s, field, word, "disc")
            if s.tile[cell] in c.discovery:  # the tile it covers goes under the stack
                _return(s, s.tile[cell], "disc")
            s.tile[cell] = word
        elif word.startswith("R") and word[1:] in c.research:
            if word in s.tile:  # one of its type moves here (a Research tile is not a swap)
                s.tile[s.tile.index(word)] = ""
            s.tile[cell] = word
        else:
            raise PositionError(f"{field}: {word!r} is nothing that stands on a hex")

    # the players
    def players(self, value: Any) -> None:
        pairs = enumerate(value) if isinstance(value, list) else _items("players", value)
        for seat, changes in pairs:
            if type(seat) is not int or not 0 <= seat < self.s.n:
                raise PositionError(f"players.{seat}: no seat of the game")
            if not isinstance(changes, Mapping):
                raise PositionError(f"players[{seat}]: not a dict")
            for key, v in changes.items():
                self.player(seat, key, v)

    def player(self, seat: int, key: str, value: Any) -> None:
        s, p, field = self.s, self.s.players[seat], f"players[{seat}].{key}"
        if key in PLAYER_SCALARS:
            _scalar(field, getattr(p, key), value)
            setattr(p, key, value)
            self.fixed.add((seat, key))
        elif key == "res":
            rest = value.get("*") if isinstance(value, Mapping) else None
            for r, k in _items(field, value):
                if r != "*" and r not in p.res:
                    raise PositionError(f"{field}.{r}: no Resource")
                _scalar(f"{field}.{r}", 0, k)
            p.res = {r: value.get(r, p.res[r] if rest is None else rest) for r in RESOURCES}
        elif key == "rover":
            cell = value if value == -1 else hexmap.parse(value) if isinstance(value, str) else None
            if cell is None:
                raise PositionError(f"{field}: {value!r} is no hex ('q,r') nor -1")
            p.rover = cell
        elif key == "depot_ships":
            if not isinstance(value, list) or not set(value) <= set(range(1, 6)):
                raise PositionError(f"{field}: {value!r} is no list of Depot rows 1-5")
            p.depot_ships = sorted(value)
            self.fixed.add((seat, key))
        elif key == "lab":
            for space, tile in _items(field, value):
                if space not in load().lab_space:
                    raise PositionError(f"{field}.{space}: no Lab space")
                _swap(s, f"{field}.{space}", p.lab, space, tile, "tech")
        elif key in PLAYER_LISTS:
            self.player_list(p, field, key, value)
        elif key in ("delivered", "op_by"):
            if not isinstance(value, Mapping):
                raise PositionError(f"{field}: not a dict")
            setattr(p, key, {k: (list(v) if isinstance(v, list) else v) for k, v in value.items()})
        else:
            raise PositionError(f"{field}: no field of a player a position sets")

    def player_list(self, p: Player, field: str, key: str, value: Any) -> None:
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise PositionError(f"{field}: not a list of ids")
        s, old = self.s, getattr(p, key)
        kind = _LIST_KINDS.get(key)
        if kind is not None:
            for x in old:
                if x not in value:
                    _return(s, x, kind)
            setattr(p, key, [])
            for x in value:
                if x not in old:
                    _take(s, field, x, kind)
        setattr(p, key, list(value))


#: The kind of component of a player's list whose ids live elsewhere too (taken and returned).
_LIST_KINDS = {
    "blueprints": "bp",
    "discoveries": "disc",
    "bot_discoveries": "disc",
    "scientists": "sci",
    "contracts": "sci",
}


def _items(field: str, value: Any) -> Iterable[tuple[Any, Any]]:
    if not isinstance(value, Mapping):
        raise PositionError(f"{field}: not a dict")
    return list(value.items())


def _scalar(field: str, old: Any, value: Any) -> None:
    """A plain value of the old one's type (an ``int`` is no ``bool``)."""
    if type(value) is not type(old):
        raise PositionError(f"{field}: {value!r} is not a {type(old).__name__}")


def _seats(value: Any, n: int) -> bool:
    return isinstance(value, list) and all(type(k) is int and 0 <= k < n for k in value)


def hex_text(s: State, cell: int) -> str:
    """What stands on hex ``cell``, in the words of the ``map`` changes (``""``: nothing)."""
    words = [s.bld[cell], s.tile[cell], "crystal" if s.crystal[cell] else ""]
    words += [f"{kind}:{getattr(s, kind)[cell]}" for kind in PIECES if getattr(s, kind)[cell] >= 0]
    words += [f"rover:{p.seat}" for p in s.players if p.rover == cell]
    return " ".join(w for w in words if w)


#: The pieces the map lists hold, by owner.
PIECES = ("bot", "miner", "ab")


def _clear_hex(s: State, cell: int) -> None:
    """Nothing on the hex: its pieces go back to their owners' supplies (:func:`_settle`), a
    Discovery tile under the stack (a Research tile leaves the game)."""
    if s.tile[cell] in load().discovery:
        _return(s, s.tile[cell], "disc")
    s.bld[cell], s.tile[cell], s.crystal[cell] = "", "", 0
    s.ab[cell] = s.bot[cell] = s.miner[cell] = -1
    for p in s.players:
        if p.rover == cell:
            p.rover = -1


# --- where each component is --------------------------------------------------------------------

#: A place holding a component: its container (a dict or list) and its key or index.
Place = tuple[Any, Any]


def _places(s: State, kind: str) -> Iterable[Place]:
    """Every place that may hold a component of ``kind``."""
    if kind == "tech":
        yield from ((s.grid, k) for k in s.grid)
        yield from ((stack, i) for stack in s.tech_stacks for i in range(len(stack)))
        yield from ((p.lab, k) for p in s.players for k in p.lab)
    elif kind == "bp":
        yield from ((s.bp_display, i) for i in range(len(s.bp_display)))
        yield from ((s.bp_deck, i) for i in range(len(s.bp_deck)))
        yield from ((p.blueprints, i) for p in s.players for i in range(len(p.blueprints)))
    elif kind == "disc":
        yield from ((s.discovery_stack, i) for i in range(len(s.discovery_stack)))
        yield from ((s.exploration, i) for i in range(len(s.exploration)))
        yield from ((s.tile, i) for i in range(len(s.tile)))
        for p in s.players:
            yield from ((p.discoveries, i) for i in range(len(p.discoveries)))
            yield from ((p.bot_discoveries, i) for i in range(len(p.bot_discoveries)))
    else:  # Scientists and Contracts
        yield from ((s.science, i) for i in range(len(s.science)))
        yield from ((s.contract_deck, i) for i in range(len(s.contract_deck)))
        for p in s.players:
            yield from ((p.scientists, i) for i in range(len(p.scientists)))
            yield from ((p.contracts, i) for i in range(len(p.contracts)))


#: Places that keep their spaces when emptied (``""``): the others shrink.
def _keeps_spaces(s: State, container: Any) -> bool:
    return container is s.grid or container is s.tile or container is s.science


def _find(s: State, field: str, x: str, kind: str) -> Place:
    ids: dict[str, Mapping[str, object]] = {
        "tech": load().tech_tile,
        "bp": load().blueprint,
        "disc": load().discovery,
    }
    if kind in ids and x not in ids[kind]:
        raise PositionError(f"{field}: {x!r} is no component of that kind")
    for container, key in _places(s, kind):
        if container[key] == x:
            return container, key
    if kind == "sci" and x in (*load().scientist, *load().contract):
        raise PositionError(f"{field}: {x!r} is already taken (it is in no display or deck)")
    raise PositionError(f"{field}: {x!r} is not in this game (or nowhere it can be taken from)")


def _take(s: State, field: str, x: str, kind: str) -> None:
    """Take ``x`` from where it is, leaving its place empty."""
    container, key = _find(s, field, x, kind)
    _empty(s, container, key)


def _empty(s: State, container: Any, key: Any) -> None:
    if _keeps_spaces(s, container):
        container[key] = ""
    elif isinstance(container, dict):
        del container[key]
    else:
        container.pop(key)


def _swap(s: State, field: str, container: Any, key: Any, x: str, kind: str) -> None:
    """Put ``x`` at ``container[key]``; what was there takes the place ``x`` left (or, for
    ``x == ""``, must go somewhere: refused for a Tech tile, which has no supply)."""
    old = container.get(key, "") if isinstance(container, dict) else container[key]
    if x == old:
        return
    if not x:
        if kind == "tech":
            raise PositionError(f"{field}: {old} would be nowhere; put it somewhere else instead")
        _empty(s, container, key)
        _return(s, old, kind)
        return
    source, where = _find(s, field, x, kind)
    if old:
        source[where] = old
    else:
        _empty(s, source, where)
    container[key] = x


def _return(s: State, x: str, kind: str) -> None:
    """``x`` leaves a player or display: back to the bottom of its deck, a Scientist to an empty
    display space."""
    if kind == "bp":
        s.bp_deck.insert(0, x)
    elif kind == "disc":
        s.discovery_stack.insert(0, x)
    elif x in load().contract:
        s.contract_deck.append(x)
    elif "" in s.science:
        s.science[s.science.index("")] = x
    else:
        s.science.append(x)


# --- pieces back to their supplies ----------------------------------------------------------------


def _settle(s: State, base: State, fixed: set[tuple[int, str]]) -> None:
    """Each player's pieces add up as in ``base``: the difference comes from (or goes to) the
    supply the changes did not name; buildings placed take their stack's top tile."""
    was = census(base)
    for p in s.players:
        short = was[f"shelters[{p.seat}]"] - census(s)[f"shelters[{p.seat}]"]
        if (p.seat, "shelters") in fixed and short > 0:
            _build_shelters(s, p.seat, short)
    now = census(s)
    for p in s.players:
        k = p.seat
        for piece, supply in _SUPPLIES:
            gap = now[f"{piece}[{k}]"] - was[f"{piece}[{k}]"]
            if gap and (k, supply) not in fixed:
                setattr(p, supply, getattr(p, supply) - gap)
        _settle_ships(p, was[f"ships[{k}]"], fixed)
    for btype, stack in s.building_stacks.items():
        extra = s.bld.count(btype) - base.bld.count(btype)
        for _ in range(extra):
            if not stack:
                raise PositionError(f"building_stacks.{btype}: no tile left to place one more")
            stack.pop()


def _build_shelters(s: State, seat: int, n: int) -> None:
    """``n`` more of ``seat``'s Shelters on Mars, on the empty hexes closest to its Shelters
    and to its first Shelter's hex (ties by hex index): the Shelters a lower ``shelters`` count
    took off the player board (§4)."""
    start = hexmap.feature(f"shelters_{s.n}p")[seat]  # where its first Shelter stands (§3.4)
    near = [start, *(c for c, kind in enumerate(s.bld) if kind == f"shelter:{seat}")]
    free = [c for c in range(len(s.bld)) if s.empty(c)]
    free.sort(key=lambda c: (min(hexmap.hex_distance(c, m) for m in near), c))
    for c in free[:n]:
        s.bld[c] = f"shelter:{seat}"


def _settle_ships(p: Player, ships: int, fixed: set[tuple[int, str]]) -> None:
    """Ships a player has (Depot rows and those that left) stay ``ships``: rows taken from the
    Depot count as left; a Hangar holding more than ever left takes them from the Depot's last
    rows (§4, RUL-14)."""
    k = p.seat
    if (k, "ships_out") in fixed:
        return
    if (k, "depot_ships") in fixed:
        p.ships_out = ships - len(p.depot_ships)
    elif p.hangar > p.ships_out:
        gone = p.hangar - p.ships_out
        p.depot_ships = p.depot_ships[: max(0, len(p.depot_ships) - gone)]
        p.ships_out = ships - len(p.depot_ships)


#: Each piece and the player's supply it comes from.
_SUPPLIES = (
    ("colonists", "reserve"),
    ("bots", "bots"),
    ("ab", "ab"),
    ("shelters", "shelters"),
)


def census(s: State) -> dict[str, Any]:
    """What a game keeps constant, by kind of component: every Tech tile, Scientist and
    Contract and each player's pieces (a pending decision's piece in hand counted as in the
    base position, which has the same decisions), and, as multisets, the components that may
    leave the game (Blueprints, Discovery and Research tiles, building tiles)."""
    out: dict[str, Any] = {
        "tech": Counter([*(t for t in s.grid.values() if t), *sum(s.tech_stacks, [])])
        + Counter(t for p in s.players for t in p.lab.values()),
        "sci": Counter([x for x in s.science if x] + s.contract_deck)
        + Counter(x for p in s.players for x in [*p.scientists, *p.contracts]),
        "bp": Counter(s.bp_display + s.bp_deck + [b for p in s.players for b in p.blueprints]),
        "disc": Counter(
            [*s.discovery_stack, *s.exploration, *(t for t in s.tile if t.startswith("D"))]
            + [d for p in s.players for d in [*p.discoveries, *p.bot_discoveries]]
            + ([s.radar] if s.radar else [])
        ),
        "research": Counter(
            [t for t in s.tile if t.startswith("R")]
            + [f"R{r}" for p in s.players for r in p.research]
        ),
        "building_tiles": Counter(
            {t: len(stack) + s.bld.count(t) for t, stack in s.building_stacks.items()}
        ),
    }
    for p in s.players:
        k = p.seat
        on_slots = sum(seats.count(k) for seats in s.slots.values())
        out[f"colonists[{k}]"] = p.lq + p.wa + p.reserve + on_slots + s.miner.count(k)
        out[f"bots[{k}]"] = p.bots + s.bot.count(k)
        out[f"ab[{k}]"] = p.ab + s.ab.count(k) + len(p.blueprints) - len(p.built)
        out[f"shelters[{k}]"] = p.shelters + s.bld.count(f"shelter:{k}")
        out[f"ships[{k}]"] = len(p.depot_ships) + p.ships_out
    return out


#: The kinds a game keeps exactly; the others may only lose components (§21: destroyed tiles).
EXACT = ("tech", "sci")
#: Where each piece's shortfall or excess is reported.
_FIELDS = {
    "colonists": "reserve",
    "bots": "bots",
    "ab": "ab",
    "shelters": "shelters",
    "ships": "depot_ships",
}


def check(s: State, base: State) -> None:
    """``s`` is a game's position: its shape (:func:`onmars.rules.shape.check_state`), every
    component in one place at most and the totals of ``base`` kept (``base``: a position at the
    same decision the same game reached)."""
    for p in s.players:
        _check_room(p)
    try:
        check_state(s, None)
    except ValueError as exc:
        raise PositionError(str(exc).replace("RUL-18: not the view of a game: ", "")) from None
    was, now = census(base), census(s)
    # Research tiles: as many as the map starts with (one a test removed may come back)
    was["research"] = Counter({f"R{r.id}": len(r.hexes) for r in load().research.values()})
    for kind in ("tech", "sci", "bp", "disc", "research", "building_tiles"):
        extra = now[kind] - was[kind]
        if extra:
            raise PositionError(f"{kind}: {_listed(extra)} more than the game holds")
        if kind in EXACT and now[kind] != was[kind]:
            raise PositionError(f"{kind}: {_listed(was[kind] - now[kind])} nowhere")
    for p in s.players:
        k = p.seat
        for piece, field in _FIELDS.items():
            if now[f"{piece}[{k}]"] != was[f"{piece}[{k}]"]:
                raise PositionError(
                    f"players[{k}].{field}: {now[f'{piece}[{k}]']} {piece} in play, "
                    f"not the {was[f'{piece}[{k}]']} a player has (§4)"
                )
        if p.hangar > p.ships_out:
            raise PositionError(f"players[{k}].hangar: more Ships than left the Depot (§4)")
        if p.crystals > depot_cap(p) + s.turn.get("cards", 0):
            raise PositionError(f"players[{k}].crystals: more than the Depot's free spaces (§4)")
        if not set(p.built) <= set(p.blueprints):
            raise PositionError(f"players[{k}].built: a Blueprint the player does not hold")


def _check_room(p: Player) -> None:
    """The player's storage and Living Quarters caps and Depot (§4), each named when exceeded
    (the shape check names only the player)."""
    where = f"players[{p.seat}]"
    for r, k in p.res.items():
        if not 0 <= k <= storage_cap(p):
            raise PositionError(f"{where}.res.{r}: {k} is outside 0-{storage_cap(p)} (§4)")
    if not 0 <= p.lq <= lq_cap(p):
        raise PositionError(f"{where}.lq: {p.lq} is outside 0-{lq_cap(p)} (§4)")
    for name in PLAYER_SCALARS:
        value = getattr(p, name)
        if type(value) is int and value < 0 and name != "op":
            raise PositionError(f"{where}.{name}: {value} is below 0")


def _listed(counts: Counter[str]) -> str:
    return ", ".join(sorted(counts.elements()))[:120]
