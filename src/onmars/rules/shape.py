"""The shape of a view (issue 21.11): what :meth:`onmars.Game.from_view` accepts.

A view comes from outside (a bot's client, a file), so before it is dealt into a game it is
checked: every field of the state is there with its declared type (:class:`State`,
:class:`Player`, and each pending decision's :mod:`frames` kind), each seat it names is one of
the game's, each per-hex list covers the map, and each pending decision is one the engine
knows. Anything else is refused with ``ValueError("RUL-18: ...")`` naming the place, instead of
failing later, deep in the rules, with a KeyError or a TypeError. The checkers are built once
from the declared types (cheap enough for search, which deals a world from a view each time).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypedDict

from onmars.rules.actions.economy import lq_cap, storage_cap
from onmars.rules.actions.setup import new_state
from onmars.rules.data import hexmap
from onmars.rules.data.components import RESOURCES, load
from onmars.rules.engine import engine, frames
from onmars.rules.engine.state import Player, State
from onmars.rules.engine.version import RULES_VERSION, check_version

#: What a view holds beyond the state's fields (:func:`onmars.rules.engine.view.view`).
VIEW_KEYS = frozenset({"viewer", "current_player"})
#: The state's fields a view holds (the running counts are not game data).
STATE_KEYS = frozenset(f.name for f in dataclasses.fields(State)) - {"turned_up"}
PLAYER_KEYS = frozenset(f.name for f in dataclasses.fields(Player)) - {"lost"}
#: The fields a view redacts (RUL-18): counts instead of lists, or stacks' tops and counts.
REDACTED = frozenset({"discovery_stack", "bp_deck", "tech_stacks", "building_stacks", "seed"})
REDACTED_PLAYER = frozenset({"goals", "discoveries", "bot_discoveries"})
PHASES = frozenset({"setup", "colonization", "shuttle", "over"})
LENGTHS = frozenset({"short", "long"})
#: Per-hex lists of the state, and those holding a seat (-1: none).
PER_HEX = ("bld", "ab", "bot", "miner", "crystal", "tile")
SEAT_PER_HEX = ("ab", "bot", "miner")

Checker = Callable[[Any], bool]
#: The plain values a field may hold.
ATOMS = (int, str, bool)


def _refuse(where: str, what: str) -> ValueError:
    return ValueError(f"RUL-18: not the view of a game: {where} {what}")


def check_view(seen: object) -> None:
    """The view before its hidden parts are dealt (:func:`determinize.fill` reads them): every
    field of the state and of each player, and nothing else, each of its declared type (those
    a view hides as the view shows them)."""
    if type(seen) is not dict:
        raise _refuse("the view", "is not a dict")
    over = "revealed" in seen  # a finished game's view shows everything (RUL-22)
    _keys(seen, STATE_KEYS | VIEW_KEYS | ({"revealed"} if over else set()), "the view")
    if over and not _revealed_checker()(seen["revealed"]):
        raise _refuse("revealed", "is not as a finished game's view shows it")
    if type(seen["players"]) is not list or not 2 <= len(seen["players"]) <= 4:
        raise _refuse("players", "is not a list of 2-4 players (§3)")
    for i, p in enumerate(seen["players"]):
        if type(p) is not dict:
            raise _refuse(f"players[{i}]", "is not a dict")
        _keys(p, PLAYER_KEYS, f"players[{i}]")
        for key, fits in _player_checkers():
            if not fits(p[key]):
                raise _refuse(f"players[{i}].{key}", f"is not {_name(Player, key)}")
        for key, fits in _frame_checkers(RedactedPlayer):
            if not fits(p[key]):
                raise _refuse(f"players[{i}].{key}", "is neither a count nor a list of ids")
    for key, fits in _state_checkers():
        if not fits(seen[key]):
            raise _refuse(key, f"is not {_name(State, key)}")
    for key, fits in _frame_checkers(RedactedView):
        if not fits(seen[key]):
            raise _refuse(key, "is not as a view shows it")


class Shown(TypedDict):
    """A building stack as a view shows it: its top tile and how many it holds (RUL-18)."""

    top: str
    count: int


class RedactedView(TypedDict):
    """The fields a view hides (RUL-18) or adds, as it shows them."""

    discovery_stack: int
    bp_deck: int
    tech_stacks: list[int]
    building_stacks: dict[str, Shown]
    seed: None
    viewer: int | None
    current_player: int | None


class Revealed(TypedDict):
    """What a view adds once the game is over (RUL-22): the goals each seat spent as Crystals
    and every face-down stack's order."""

    spent_goals: list[list[str]]
    discovery_stack: list[str]
    bp_deck: list[str]
    tech_stacks: list[list[str]]
    building_stacks: dict[str, list[str]]


@cache
def _revealed_checker() -> Checker:
    return _checker(Revealed)


class RedactedPlayer(TypedDict):
    """A player's secrets: counts for other seats, ids for the viewer's own (RUL-18)."""

    goals: int | list[str]
    discoveries: int | list[str]
    bot_discoveries: int | list[str]


def _keys(data: dict[str, Any], expected: frozenset[str], where: str) -> None:
    missing, extra = sorted(expected - data.keys()), sorted(data.keys() - expected, key=str)
    if missing:
        raise _refuse(where, f"lacks {', '.join(missing)}")
    if extra:
        raise _refuse(where, f"has unknown keys {', '.join(map(str, extra))[:80]}")


def check_state(s: State, viewer: object) -> None:
    """A state dealt from a view whose fields have their declared types (:func:`check_view`):
    the seats, the map, the pending decisions, the ids and counts as a game has them."""
    n = len(s.players)
    for i, p in enumerate(s.players):
        if p.seat != i:
            raise _refuse(f"players[{i}].seat", f"is {p.seat}, not {i}")
        if p.res.keys() != set(RESOURCES):
            raise _refuse(f"players[{i}].res", f"names other items than {', '.join(RESOURCES)}")
    try:
        check_version(s.rules)
    except ValueError as exc:
        raise _refuse("rules", f"is wrong: {exc}") from None
    if s.length not in LENGTHS or s.phase not in PHASES:
        raise _refuse("length or phase", "is none of the game's")
    seats = range(n)
    if viewer is not None and viewer not in seats:
        raise _refuse("viewer", "is no seat of the game")
    for name in PER_HEX:
        if len(getattr(s, name)) != len(hexmap.cells()):
            raise _refuse(name, f"does not cover the {len(hexmap.cells())} hexes")
    for name in SEAT_PER_HEX:
        if not -1 <= min(getattr(s, name)) <= max(getattr(s, name)) < n:
            raise _refuse(name, "names a seat not in the game")
    named = [s.first, *s.done, *(k for on in s.slots.values() for k in on)]
    if not all(k in seats for k in named) or s.turn.get("p", 0) not in seats:
        raise _refuse("first, done, slots or turn", "name a seat not in the game")
    for i, f in enumerate(s.stack):
        _check_frame(f, n, f"stack[{i}]")
    if s.stack and engine.STEPS[s.stack[-1]["t"]].auto:
        raise _refuse("stack", "ends with no decision pending")
    if not s.stack and s.phase != "over":
        raise _refuse("stack", "is empty in a game not over")
    _check_turn(s.turn, s.stack, n)
    _check_contents(s)


class Turn(TypedDict, total=False):
    """The current turn's data (``State.turn``), as the rules write it."""

    p: int
    main: bool
    exec: bool
    over: bool
    used: list[list[int | str]]  # [owner, Tech tile] of every other player's Tech used (§8.3)
    cards: int  # Private Goal cards spent as Crystals (§18.1)
    real_crystals: int
    new_colonists: int
    refill: list[int]  # Scientist / Contract display spaces to refill (§9.5)


def _check_turn(turn: dict[str, Any], stack: list[dict[str, Any]], n: int) -> None:
    """The turn's data, of the declared types, and there while a turn is being played (some
    keys are written outside a turn too: a display refill, a Tech used)."""
    playing = any(f["t"] == "turn" for f in stack)
    if playing and not {"p", "main", "exec"} <= turn.keys():
        raise _refuse("turn", "lacks the turn's player or its actions")
    for key, value in turn.items():
        fits = dict(_frame_checkers(Turn)).get(key)
        if fits is None or not fits(value):
            raise _refuse(f"turn.{key}", "is not a turn's")
    tiles = frozenset(load().tech_tile)
    for used in turn.get("used", ()):
        if len(used) != 2 or used[0] not in range(n) or used[1] not in tiles:
            raise _refuse("turn.used", "names no seat's Tech tile")


def _check_contents(s: State) -> None:
    """Every id one of the components' (of the right kind), the fixed tables' keys those of a
    new game, and every count within the board's limits (§4)."""
    ids, new = _ids(), _new_game(len(s.players))
    shelters = {f"shelter:{i}" for i in range(len(s.players))}
    for name in ("warehouse", "grid", "slots", "lss", "building_stacks", "lss_rewards"):
        if getattr(s, name).keys() != getattr(new, name).keys():
            raise _refuse(name, "names other places than a game's")
    found = {
        "grid": [*s.grid.values(), *(t for stack in s.tech_stacks for t in stack)],
        "bp_display": [*s.bp_display, *s.bp_deck, *(b for b in s.sci_at.values() if b)],
        "discovery_stack": [*s.discovery_stack, *s.exploration, *([s.radar] if s.radar else [])],
        "building_stacks": [t for stack in s.building_stacks.values() for t in stack],
        "bld": set(s.bld) - shelters,
        "tile": s.tile,
        "science": [*s.science, *s.sci_at, *s.contract_deck],
        "missions": list(s.missions),
        "lss_first": [*s.lss_first, *(t for p in s.players for t in p.progress)],
        "lss_rewards": list(s.lss_rewards.values()),
    }
    for i, p in enumerate(s.players):
        found[f"players[{i}].lab"] = [*p.lab, *p.lab.values()]
        found[f"players[{i}].blueprints"] = [*p.blueprints, *p.built]
        found[f"players[{i}].goals"] = [*p.goals, *([p.goal_done] if p.goal_done else [])]
        found[f"players[{i}].contracts"] = [*p.scientists, *p.contracts, *p.delivered]
        found[f"players[{i}].delivered"] = [x for on in p.delivered.values() for x in on]
        found[f"players[{i}].research"] = p.research
        found[f"players[{i}].discoveries"] = [*p.discoveries, *p.bot_discoveries]
        found[f"players[{i}].side"] = [p.side]
        _check_counts(p, f"players[{i}]")
    for where, values in found.items():
        if not ids[where.split(".")[-1]].issuperset(values):
            raise _refuse(where, "names no component of that kind")
    counts = [s.round, s.first, s.remaining, s.end_round, s.shuttle_space]
    counts += [*s.warehouse.values(), *s.lss.values(), *s.missions.values(), *s.crystal]
    if min(counts) < 0 or not 1 <= s.level <= MAX_LEVEL or max(s.crystal) > 1:
        raise _refuse("a count", "is out of the board's range")


#: The Colony's highest level (§11.4).
MAX_LEVEL = 5


def _check_counts(p: Player, where: str) -> None:
    """A player's counts within the board's limits (§4): storage and Living Quarters caps, the
    Depot's rows, the Turn Order spaces, the Shelters, the Progress area."""
    counts = [getattr(p, name) for name, hint in _hints(Player).items() if hint is int]
    counts.remove(p.rover)
    counts.remove(p.op)  # the final scoring may leave it below 0 (-4 for a failed contract)
    room = (
        min(counts) >= 0
        and all(0 <= k <= storage_cap(p) for k in p.res.values())
        and p.lq <= lq_cap(p)
        and set(p.depot_ships) <= DEPOT_ROWS
        and p.space <= len(load().turn_order)
        and p.shelters <= load().value("shelters")[0]
        and len(p.progress) < len(load().value("progress_op"))
        and -1 <= p.rover < len(hexmap.cells())
    )
    if not room:
        raise _refuse(where, "holds a count out of the board's range (§4)")


#: The Depot rows a Ship may cover (§4).
DEPOT_ROWS = frozenset(range(1, 6))


@cache
def _ids() -> dict[str, frozenset[str]]:
    """The ids each kind of place may hold (keyed by the last part of its name above)."""
    c = load()
    items = frozenset(RESOURCES) | {"crystal"}
    kinds = frozenset(c.building_type)
    return {
        "grid": frozenset(c.tech_tile) | {""},
        "bp_display": frozenset(c.blueprint),
        "blueprints": frozenset(c.blueprint),
        "discovery_stack": frozenset(c.discovery),
        "discoveries": frozenset(c.discovery),
        "building_stacks": frozenset(c.building_tile),
        "bld": (kinds - {"shelter"}) | {""},
        "tile": frozenset(c.discovery) | {f"R{r}" for r in c.research} | {""},
        "science": frozenset(c.scientist) | frozenset(c.contract) | {""},
        "contracts": frozenset(c.scientist) | frozenset(c.contract),
        "missions": frozenset(c.mission),
        "lss_first": kinds,
        "lss_rewards": frozenset(c.lss_reward) | {""},
        "lab": frozenset(c.lab_space) | frozenset(c.tech_tile),
        "goals": frozenset(c.private_goal),
        "delivered": items,
        "research": frozenset(c.research),
        "side": frozenset({"", "orbit", "colony"}),
    }


@cache
def _new_game(n: int) -> State:
    """A new game of ``n`` players: the keys of its fixed tables are every game's."""
    return new_state([f"{i}" for i in range(n)], 0, "short", RULES_VERSION)


def _check_frame(f: dict[str, Any], n: int, where: str) -> None:
    """A pending decision: a step the engine knows (registered), its seat, its keys of the
    declared types."""
    if f.get("t") not in engine.STEPS:
        raise _refuse(where, "is a frame of no step the engine knows")
    kind = frames.kind_of(f["t"])
    # ignore: kind is a TypedDict class, which mypy has no type for (it sees a plain type)
    if not kind.__required_keys__ <= f.keys():  # type: ignore[attr-defined]
        raise _refuse(where, f"lacks keys of a {f['t']!r} frame")
    for key, fits in _frame_checkers(kind):
        if key in f and not fits(f[key]):
            raise _refuse(f"{where}.{key}", f"is not of a {f['t']!r} frame's type")
    if type(f["p"]) is not int or not -1 <= f["p"] < n:
        raise _refuse(f"{where}.p", "is no seat of the game")


# --- checkers built from the declared types ---------------------------------------------------


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _name(cls: type, key: str) -> str:
    """A field's declared type, as a refusal names it."""
    return str(_hints(cls)[key]).replace("typing.", "")


@cache
def _state_checkers() -> tuple[tuple[str, Checker], ...]:
    """The state's fields a view shows as they are (the others: :class:`RedactedView`)."""
    keys = STATE_KEYS - REDACTED
    return tuple((k, _checker(h)) for k, h in _hints(State).items() if k in keys)


@cache
def _player_checkers() -> tuple[tuple[str, Checker], ...]:
    keys = PLAYER_KEYS - REDACTED_PLAYER
    return tuple((k, _checker(h)) for k, h in _hints(Player).items() if k in keys)


@cache
def _frame_checkers(kind: type) -> tuple[tuple[str, Checker], ...]:
    return tuple((k, _checker(h)) for k, h in _hints(kind).items())


def _checker(hint: Any) -> Checker:
    """Whether a value is of the declared type ``hint``: exact ``int``/``str``/``bool`` (a
    ``bool`` is no ``int`` here), lists and ``dict[str, ...]`` of them, ``X | None``; ``Any``
    (free-form turn data) and the players (checked apart) pass."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in ATOMS:
        return lambda v: type(v) is hint
    if hint is Any or hint is Player:
        return lambda v: True
    if origin is list and args[0] in ATOMS:  # the common case, at C speed: the set of types
        only = {args[0]}
        return lambda v: type(v) is list and {*map(type, v)} <= only
    if origin is list:
        item = _checker(args[0])
        return lambda v: type(v) is list and all(map(item, v))
    if origin is dict:
        value, keys = _checker(args[1]), {str}
        return lambda v: type(v) is dict and {*map(type, v)} <= keys and all(map(value, v.values()))
    if typing.is_typeddict(hint):
        names, fields = frozenset(_hints(hint)), _frame_checkers(hint)
        return lambda v: type(v) is dict and v.keys() == names and all(f(v[k]) for k, f in fields)
    if origin in (types.UnionType, typing.Union):
        options = [_checker(a) for a in args]
        return lambda v: any(fits(v) for fits in options)
    if hint is type(None):
        return lambda v: v is None
    raise TypeError(f"no checker for {hint!r}")  # pragma: no cover - a new declared type
