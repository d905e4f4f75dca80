"""A move with its structure, for clients that draw the table (issue 22, item 2): the verb, each
argument typed (a map hex, a number, a component id and what it is, an item, a fixed word), the
step of the decision it answers and where on the table it belongs (what the player clicks).

The arguments are read by the one table of the notation, :data:`~onmars.rules.engine.moves.ARGS`;
the places by :data:`TARGETS`, as the browser client placed moves before it was told them
(``web/src/moves.ts``, ``placeOf``). ``" ".join([verb, *(str(a["value"]) for a in args)])`` is
the move's notation again.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Literal, TypedDict

from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.engine.moves import ARGS, ID_KINDS, RESOURCE_NAMES, Move, notation

ArgKind = Literal["hex", "number", "id", "resource", "word"]
TargetKind = Literal[
    "hex",
    "bot",
    "turn_order",
    "shuttle_side",
    "action",
    "executive",
    "blueprint_card",
    "tech_grid",
    "lab_tile",
    "resource",
    "warehouse",
    "science",
    "depot",
    "advanced",
    "contract",
    "goal",
    "radar",
    "working_area",
    "action_slot",
    "button",
]


class MoveArg(TypedDict):
    """One argument of a move: ``kind`` ``"hex"`` (``value`` the ``"q,r"`` text of a map cell),
    ``"number"`` (an int: a Turn Order space, a Depot row), ``"id"`` (a component id; ``of``
    says what it is, a key of :data:`~onmars.rules.engine.moves.ID_KINDS`: ``"action"``,
    ``"executive"``, ``"blueprint"``, ``"tech"``, ``"lab_space"``, ``"scientist"``,
    ``"contract"``, ``"discovery"``, ``"goal"``, ``"building"``), ``"resource"`` (an item as the
    rules spell it: ``water``, ``crystal``, ``colonist``...) or ``"word"`` (a fixed word of the
    notation: ``orbit``, ``wa``, ``pay``, ``bots``...). ``of`` is ``None`` but for ids."""

    kind: ArgKind
    value: str | int
    of: str | None


class MoveTarget(TypedDict):
    """Where on the table a move belongs: ``kind`` (:data:`TargetKind`) and ``id``, the thing
    clicked there (a hex ``"q,r"``, a Bot's hex, a Turn Order space or Depot row as text, a
    component id, an item, ``orbit``/``colony``); the verb for a ``"button"``; ``None`` for the
    ``"working_area"``."""

    kind: TargetKind
    id: str | None


class MoveStructure(TypedDict):
    """A legal move with its structure: its notation ``move``, its ``verb``, its typed ``args``,
    the ``step`` of the decision it answers (as :attr:`Decision.step`) and its ``target``."""

    move: str
    verb: str
    args: list[MoveArg]
    step: str
    target: MoveTarget


#: Where each verb's move belongs on the table: the kind of place and the argument naming it.
#: A Bot's move belongs to the Bot (its hex, the first argument; the destination is the
#: second). Verbs not listed are buttons of the prompt (end, done, boost, travel, reward...);
#: ``retrieve`` goes by its argument (:data:`RETRIEVE_TARGETS`).
TARGETS: dict[str, tuple[TargetKind, int]] = {
    "build": ("hex", 1),
    "upgrade": ("hex", 1),
    "discover": ("hex", 1),
    "rover": ("hex", 0),
    "place": ("hex", 0),
    "produce": ("hex", 0),
    "bot": ("bot", 0),
    "seat": ("turn_order", 0),
    "shuttle": ("shuttle_side", 0),
    "main": ("action", 0),
    "exec": ("executive", 0),
    "take": ("blueprint_card", 0),
    "learn": ("tech_grid", 0),
    "develop": ("lab_tile", 0),
    "use": ("lab_tile", 0),
    "pay": ("resource", 0),
    "gain": ("resource", 0),
    "item": ("warehouse", 0),
    "hire": ("science", 0),
    "refill": ("science", 0),
    "ship": ("depot", 0),
    "advanced": ("advanced", 0),
    "deliver": ("contract", 0),
    "goal": ("goal", 0),
    "discard": ("goal", 0),
    "radar": ("radar", 0),
}

#: ``retrieve``: a Miner's hex, an Action slot (its action id) or the Working Area (``wa``).
RETRIEVE_TARGETS: dict[ArgKind, TargetKind] = {
    "hex": "hex",
    "id": "action_slot",
    "word": "working_area",
}

#: A typed argument as kept per move: kind, value, ``of``.
_Arg = tuple[ArgKind, str | int, str | None]


def structure(move: Move, step: str) -> MoveStructure:
    """``move`` with its structure, answering the decision at step ``step`` (a new value each
    call; the reading of a move is kept per move value)."""
    args, (kind, place) = _read(move)
    return {
        "move": notation(move),
        "verb": move.verb,
        "args": [{"kind": k, "value": v, "of": of} for k, v, of in args],
        "step": step,
        "target": {"kind": kind, "id": place},
    }


def hexes(move: Move) -> list[str]:
    """The map cells ``move``'s arguments name, ``"q,r"``, in order."""
    return [str(v) for k, v, _ in _read(move)[0] if k == "hex"]


@lru_cache(maxsize=1 << 14)
def _read(move: Move) -> tuple[tuple[_Arg, ...], tuple[TargetKind, str | None]]:
    """The typed arguments of ``move`` and its target."""
    positions = ARGS.get(move.verb, ())
    args = tuple(
        _arg(positions[i] if i < len(positions) else "word", token)
        for i, token in enumerate(move.args)
    )
    return args, _target(move, args)


def _arg(position: str, token: str) -> _Arg:
    """``token`` read as the first alternative of ``position`` it is (see ``ARGS``); a word
    when it is none of them (text the notation does not foresee)."""
    for alternative in position.split("|"):
        if alternative == "hex" and hexmap.parse(token) is not None:
            return "hex", token, None
        if alternative == "number" and _is_number(token):
            return "number", int(token), None
        if alternative == "resource" and token in RESOURCE_NAMES:
            return "resource", token, None
        if alternative.startswith("id:") and token in _ids(alternative[3:]):
            return "id", token, alternative[3:]
    return "word", token, None


def _is_number(token: str) -> bool:
    """Digits that ``str(int(token))`` writes back the same (the notation must round-trip)."""
    return token.isascii() and token.isdigit() and str(int(token)) == token


@cache
def _ids(of: str) -> frozenset[str]:
    """The ids of the component data's table for ``of`` (:data:`ID_KINDS`)."""
    table: dict[str, object] = getattr(load(), ID_KINDS[of])
    return frozenset(table)


def _target(move: Move, args: tuple[_Arg, ...]) -> tuple[TargetKind, str | None]:
    if move.verb == "retrieve" and args:
        kind = RETRIEVE_TARGETS.get(args[0][0], "working_area")
        return kind, None if kind == "working_area" else move.args[0]
    kind, i = TARGETS.get(move.verb, ("button", -1))
    if kind == "button" or i >= len(move.args):
        return "button", move.verb
    return kind, move.args[i]
