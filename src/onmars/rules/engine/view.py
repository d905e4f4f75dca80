"""What one seat may see (RUL-18): other players' Private Goals and face-down Discovery tiles
only as counts, and no face-down stack order for anyone. Everything else is public.

Once the game is over (by its end or by agreement) nothing is secret (RUL-22): every hand is
shown, and the view's ``"revealed"`` holds the rest (the Private Goals each seat spent as
Crystals, the order of every face-down stack)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from onmars.rules.data.components import load
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.state import Player, State

#: The face-down stacks, whose order a view shows only after the end (RUL-22).
STACKS = ("discovery_stack", "bp_deck", "tech_stacks", "building_stacks")


def view(
    s: State,
    seat: int | None,
    spent: list[list[str]] | None = None,
    reveal: bool = False,
    copy: bool = True,
) -> dict[str, Any]:
    """A JSON-ready dict of the state as ``seat`` sees it (``None``: a spectator). Once the game
    is over, or with ``reveal`` (a finished game's replay at an earlier move), everything
    (RUL-22): every hand as it is; the stacks' counts and tops as before the end (the clients
    read them so) and, under ``"revealed"``, the Private Goals each seat spent as Crystals
    (``spent_goals`` by seat, from ``spent``: the log knows them) and the order of every
    face-down stack, top last (``discovery_stack``, ``bp_deck``, ``tech_stacks``,
    ``building_stacks``). Without ``copy``, the same view, but its lists and dicts are the
    state's own where the view shows them as they are (:meth:`State.as_dict`): what is
    hidden is replaced in new dicts, never in the state."""
    data = s.to_dict() if copy else s.as_dict()
    if reveal or s.phase == "over":
        data["revealed"] = {
            "spent_goals": [list(g) for g in spent] if spent else [[] for _ in s.players],
            **{key: data[key] for key in STACKS},
        }
    else:
        for p in data["players"]:
            if p["seat"] != seat:
                p["goals"] = len(p["goals"])
                p["discoveries"] = len(p["discoveries"])
                p["bot_discoveries"] = len(p["bot_discoveries"])
    data["discovery_stack"] = len(s.discovery_stack)
    data["bp_deck"] = len(s.bp_deck)
    data["tech_stacks"] = [len(stack) for stack in s.tech_stacks]
    data["building_stacks"] = _building_stacks(s)
    data["seed"] = None  # the seed would reveal every stack (after the end: the record's)
    data["viewer"] = seat
    data["current_player"] = s.stack[-1]["p"] if s.stack else None
    return data


#: How :func:`values` reads each key of a view the state does not hold as it is (the others are
#: the state's field of that name); ``s`` is the state, ``seat`` the viewer.
_SHOWN = {
    "discovery_stack": "len(s.discovery_stack)",
    "bp_deck": "len(s.bp_deck)",
    "tech_stacks": "[len(stack) for stack in s.tech_stacks]",
    "building_stacks": "_building_stacks(s)",
    "seed": "None",
    "viewer": "seat",
    "current_player": "s.stack[-1]['p'] if s.stack else None",
}


def fields_read(key: str) -> frozenset[str]:
    """The state's fields a view's ``key`` is read from: the field of that name, if any, and
    those its reading names (none for the seed and the viewer)."""
    named = {key} & set(State.__dataclass_fields__) - {"seed"}
    return frozenset(named | set(re.findall(r"\bs\.(\w+)", _SHOWN.get(key, ""))))


#: A player's fields another seat sees only as counts (RUL-18).
_COUNTED = ("goals", "discoveries", "bot_discoveries")


def values(
    s: State,
    seat: int | None,
    keys: tuple[str, ...],
    player_keys: tuple[str, ...],
    seats: list[bool] | None = None,
) -> tuple[tuple[Any, ...], list[tuple[Any, ...] | None]]:
    """The values of ``keys`` in ``view(s, seat, copy=False)`` and those of ``player_keys`` in
    each of its players, by seat, read without making the view (a few tuples instead of a
    dict per player): equal to the view's, the same secrets hidden (RUL-18), and as shared
    with the state. Only for a game not over (a finished game's view reveals more, RUL-22:
    read it from :func:`view`). ``KeyError`` for a key the view does not have. With ``seats``
    (a flag per seat) only the players flagged are read, the others ``None``."""
    board, own, other = _readers(keys, player_keys)
    if seats is not None:
        return board(s, seat), [
            (own(p) if p.seat == seat else other(p)) if seats[p.seat] else None for p in s.players
        ]
    return board(s, seat), [own(p) if p.seat == seat else other(p) for p in s.players]


def _building_stacks(s: State) -> dict[str, dict[str, Any]]:
    return {
        kind: {"top": stack[-1] if stack else "", "count": len(stack)}
        for kind, stack in s.building_stacks.items()
    }


@cache
def _readers(keys: tuple[str, ...], player_keys: tuple[str, ...]) -> tuple[Any, Any, Any]:
    """Functions generated once per set of keys (as :mod:`state` makes its copiers): the
    board's values from the state and the seat, a player's as its own seat and as another's."""
    state = set(State.__dataclass_fields__) - {"players", "turned_up"}
    player = set(Player.__dataclass_fields__) - {"lost"}
    for key in keys:
        if key not in state | set(_SHOWN):
            raise KeyError(key)
    for key in player_keys:
        if key not in player:
            raise KeyError(key)

    def tuple_of(items: list[str]) -> str:
        return "(" + "".join(f"{x}, " for x in items) + ")"

    board = [_SHOWN.get(k, f"s.{k}") for k in keys]
    own = [f"p.{k}" for k in player_keys]
    other = [f"len(p.{k})" if k in _COUNTED else f"p.{k}" for k in player_keys]
    code = (
        f"def board(s, seat):\n    return {tuple_of(board)}\n"
        f"def own(p):\n    return {tuple_of(own)}\n"
        f"def other(p):\n    return {tuple_of(other)}\n"
    )
    scope: dict[str, Any] = {"_building_stacks": _building_stacks}
    exec(code, scope)  # noqa: S102 - code built above from known field names only
    return scope["board"], scope["own"], scope["other"]


def secret_ids(s: State) -> dict[str, str]:
    """Every card or tile id a spectator cannot see now (RUL-18), with what to call it instead:
    every Private Goal not completed (in a hand, or spent as a Crystal into the box), Discovery
    tiles held face down or in the stack, the Blueprint deck, the Tech stacks, building tiles
    below a stack's top; less anything the spectator's view shows. Hiding only these tells
    nobody more than their view does."""
    out = {g: N_("(a Private Goal)") for g in load().private_goal}
    for p in s.players:
        for tile in (*p.discoveries, *p.bot_discoveries):
            out[tile] = N_("(a face-down Discovery tile)")
    for tile in s.discovery_stack:
        out[tile] = N_("(a face-down Discovery tile)")
    hidden = [*s.bp_deck, *(t for stack in s.tech_stacks for t in stack)]
    hidden += [t for stack in s.building_stacks.values() for t in stack[:-1]]
    for card in hidden:
        out[card] = N_("(a face-down card)")
    for word in _strings(view(s, None)):
        out.pop(word, None)
    return out


def _strings(data: Any) -> set[str]:
    """Every text in a JSON-like value (dict keys included)."""
    found: set[str] = set()
    todo = [data]
    while todo:
        x = todo.pop()
        if isinstance(x, str):
            found.add(x)
        elif isinstance(x, dict):
            todo += [*x.keys(), *x.values()]
        elif isinstance(x, list):
            todo += x
    return found


_WORD = re.compile(r"[A-Za-z0-9_\-]+")


def redact(text: str, secret: dict[str, str]) -> str:
    """``text`` with every secret id (:func:`secret_ids`) replaced by what it is."""
    return _WORD.sub(lambda w: secret.get(w.group(), w.group()), text)
