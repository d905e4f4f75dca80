"""Moves: small frozen values with a text notation that round-trips.

A move is a verb and its arguments, all plain tokens: ``main blueprint``, ``take BP04``,
``develop A-rover 2t``, ``pay mineral``, ``bot 0,-1 2,-2``.
``Move.parse(str(m)) == m`` for every move.

The rules read a move's arguments once, typed by its verb (:data:`ARG_KINDS`): a hex as its map
cell, a number as an int, an id as its text (:meth:`Move.typed`, :meth:`Move.cell`,
:meth:`Move.number`; kept per move value, so a move listed again is not read again).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from onmars.rules.data import hexmap
from onmars.rules.data.schema import ITEMS
from onmars.rules.engine.errors import InvalidMoveError, terms
from onmars.rules.engine.i18n import N_

TOKEN = re.compile(r"[A-Za-z0-9_,+\-]+\Z")  # one argument of a move

#: Every verb the engine understands, with the shape of its arguments (for help and errors;
#: translated like every text shown to a person).
VERBS: dict[str, str] = {
    "seat": N_("seat <turn-order space 1-8>"),
    "shuttle": N_("shuttle <orbit|colony>"),
    "main": N_("main <action id>"),
    "exec": N_("exec <executive action id>"),
    "end": N_("end (finish your turn)"),
    "pay": N_("pay <item>"),
    "take": N_("take <blueprint id>"),
    "learn": N_("learn <tech tile id> <lab space>"),
    "develop": N_("develop <tech tile id> <lab space>"),
    "keep": N_("keep (keep the Oxygen instead of developing)"),
    "item": N_("item <warehouse item>"),
    "boost": N_("boost (pay to repeat the action)"),
    "done": N_("done (stop here)"),
    "skip": N_("skip (decline an optional bonus)"),
    "bot": N_("bot <from q,r> <to q,r>"),
    "rover": N_("rover <q,r>"),
    "ship": N_("ship <depot row>"),
    "use": N_("use <tech tile id>"),
    "upgrade": N_("upgrade <blueprint id> <q,r>"),
    "reward": N_("reward <colonists|bot>"),
    "place": N_("place <q,r>"),
    "discover": N_("discover <discovery tile id> <q,r>"),
    "travel": N_("travel (go to the other side)"),
    "stay": N_("stay (do not travel)"),
    "advanced": N_("advanced <blueprint id> <pay|scientist id> (an Advanced Building action)"),
    "produce": N_("produce <q,r> (that building produces once more: Automated Production boost)"),
    "gain": N_(
        "gain <item|colonist> (an item from the supply: a Lab space, Trade Market; a Colonist "
        "from your supply: Turn Order space 5)"
    ),
    "retrieve": N_("retrieve <wa|action id> (a Colonist back to Living Quarters)"),
    "radar": N_("radar <discovery tile id> (the Exploration tile put on the Radar)"),
    "hire": N_("hire <scientist or contract id> (from the Scientist / Contract display)"),
    "refill": N_("refill <contract id> (the Earth Contract that refills the display)"),
    "claim": N_("claim (take the Discovery or Research tile under your Rover)"),
    "build": N_("build <building type|shelter> <q,r>"),
    "deliver": N_("deliver <contract id> <item> (onto a Delivery contract)"),
    "goal": N_("goal <private goal id> (complete it)"),
    "discard": N_("discard <private goal id> (spend it as a Crystal this turn)"),
    "benefit": N_("benefit <bots|mineral|crystal|retrieve <action id|wa>> (Life Support bonus)"),
}


#: What each argument of a verb is, position by position (defined here once; the move's
#: structure for clients, :mod:`onmars.rules.explain.structure`, and :data:`ARG_KINDS` are
#: read from it). A position lists its alternatives, tried in order and split by ``|``:
#: ``"hex"`` a map cell ``q,r``; ``"number"`` a number; ``"id:<of>"`` a component id of the
#: kind ``<of>`` (:data:`ID_KINDS`); ``"resource"`` an item as the rules spell it
#: (:data:`RESOURCE_NAMES`); ``"word"`` a fixed word of the notation. A move may stop before
#: the last position (``benefit bots``, ``benefit retrieve wa``).
ARGS: dict[str, tuple[str, ...]] = {
    "seat": ("number",),
    "shuttle": ("word",),
    "main": ("id:action",),
    "exec": ("id:executive",),
    "end": (),
    "pay": ("resource",),
    "take": ("id:blueprint",),
    "learn": ("id:tech", "id:lab_space"),
    "develop": ("id:tech", "id:lab_space"),
    "keep": (),
    "item": ("resource",),
    "boost": (),
    "done": (),
    "skip": (),
    "bot": ("hex", "hex"),
    "rover": ("hex",),
    "ship": ("number",),
    "use": ("id:tech",),
    "upgrade": ("id:blueprint", "hex"),
    "reward": ("word",),
    "place": ("hex",),
    "discover": ("id:discovery", "hex"),
    "travel": (),
    "stay": (),
    "advanced": ("id:blueprint", "id:scientist|word"),
    "produce": ("hex",),
    "gain": ("resource",),
    "retrieve": ("hex|id:action|word",),
    "radar": ("id:discovery",),
    "hire": ("id:scientist|id:contract",),
    "refill": ("id:contract",),
    "claim": (),
    "build": ("id:building", "hex"),
    "deliver": ("id:contract", "resource"),
    "goal": ("id:goal",),
    "discard": ("id:goal",),
    "benefit": ("resource|word", "id:action|word"),
}

#: The kinds of component ids in moves (``"id:<of>"`` in :data:`ARGS`), with the table of the
#: component data (:class:`~onmars.rules.data.schema.Components`) that holds them.
ID_KINDS: dict[str, str] = {
    "action": "action",  # a main action (§9)
    "executive": "executive",  # an Executive action row
    "blueprint": "blueprint",  # a Blueprint card (and its Advanced Building)
    "tech": "tech_tile",  # a Tech tile
    "lab_space": "lab_space",  # a Laboratory space
    "scientist": "scientist",  # a Scientist card
    "contract": "contract",  # an Earth Contract card
    "discovery": "discovery",  # a Discovery (Exploration) tile
    "goal": "private_goal",  # a Private Goal card
    "building": "building_type",  # a building type (Shelter included)
}

#: The items a move may name (``pay colonist``: a Colonist paid for a placement, §6.2).
RESOURCE_NAMES: tuple[str, ...] = (*ITEMS, "colonist")


def _reading(position: str) -> str:
    """How the engine reads an argument of :data:`ARGS`' ``position`` (see ARG_KINDS)."""
    alternatives = position.split("|")
    if alternatives == ["hex"]:
        return "hex"
    if alternatives == ["number"]:
        return "int"
    return "place" if "hex" in alternatives else "text"


#: How the rules read the arguments of a verb, from :data:`ARGS` (verbs not listed: every
#: argument is an id or a word, kept as text): ``"hex"`` a map cell, its index (-1 for text
#: that is no hex of the map); ``"int"`` a number (-1 for text that is none); ``"place"`` a map
#: cell if the text is a hex, else the text (``retrieve wa``, ``retrieve 0,1``); ``"text"`` the
#: text as it is.
ARG_KINDS: dict[str, tuple[str, ...]] = {
    verb: kinds
    for verb, kinds in ((v, tuple(map(_reading, p))) for v, p in ARGS.items())
    if any(k != "text" for k in kinds)
}

#: A typed argument: a map cell or a number (int), or an id or word (str).
Arg = int | str


class Move(NamedTuple):
    """One decision: ``verb`` plus argument tokens. A named tuple: hashing and comparing moves
    (sets of legal moves, ``in``) run at C speed."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    def __repr__(self) -> str:
        args = self.args
        if type(self.verb) is str and type(args) is tuple and all(type(a) is str for a in args):
            return f"Move.parse({str(self)!r})"
        return f"Move({self.verb!r}, {self.args!r})"  # a Move built by hand with odd fields

    @property
    def typed(self) -> tuple[Arg, ...]:
        """The arguments read by kind (:data:`ARG_KINDS`): a hex as its cell index, a number
        as an int, an id as its text. Read once per move value."""
        return _typed(self)

    def cell(self, i: int) -> int:
        """Argument ``i`` as a map cell index (-1 when it is no hex of the map)."""
        value = _typed(self)[i]
        return value if type(value) is int else -1

    def number(self, i: int) -> int:
        """Argument ``i`` as a number (-1 when it is none)."""
        value = _typed(self)[i]
        return value if type(value) is int else -1

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's notation. Raises :class:`InvalidMoveError` on malformed text. A text
        read before is not read again (the same move is handed out: moves are values; a
        replay, a server loading saves, meet the same texts again and again)."""
        if cls is Move and type(text) is str:
            return _parse(text)
        return cls._read(text)

    @classmethod
    def _read(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidMoveError(N_("a move must be text, not {kind}"), kind=type(text).__name__)
        tokens = text.split()
        if not tokens:
            raise InvalidMoveError(N_("empty move text"))
        verb, args = tokens[0].lower(), tuple(tokens[1:])
        if verb not in VERBS:
            raise InvalidMoveError(
                N_("unknown move {verb!r}; verbs are: {verbs}"),
                verb=tokens[0],
                verbs=terms("input", VERBS),
            )
        bad = [a for a in args if not TOKEN.match(a)]
        if bad:
            raise InvalidMoveError(N_("bad token {token!r} in {text!r}"), token=bad[0], text=text)
        return cls(verb, args)


@lru_cache(maxsize=1 << 14)
def _parse(text: str) -> Move:
    """:meth:`Move.parse` of a text (malformed texts are not kept: their error is raised)."""
    return Move._read(text)


@lru_cache(maxsize=1 << 15)
def _typed(m: Move) -> tuple[Arg, ...]:
    kinds = ARG_KINDS.get(m.verb, ())
    return tuple(_read(kinds[i] if i < len(kinds) else "text", a) for i, a in enumerate(m.args))


def _read(kind: str, token: str) -> Arg:
    if kind == "text":
        return token
    if kind == "int":
        return int(token) if token.isdigit() else -1
    cell = hexmap.parse(token)
    if cell is None:
        return -1 if kind == "hex" else token
    return cell


#: ``str(move)``, kept per move value (a game records every move's notation).
notation = lru_cache(maxsize=1 << 15)(Move.__str__)


@lru_cache(maxsize=1 << 14)
def mv(verb: str, *args: object) -> Move:
    """Shorthand used by the rules modules: ``mv("take", "BP04")``. Moves are values: the same
    one is handed out again (listing legal moves builds few new objects)."""
    return Move(verb, tuple(a if type(a) is str else str(a) for a in args))
