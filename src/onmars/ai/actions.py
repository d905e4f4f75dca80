"""A fixed action space (issue 26, item 1): every move the game can produce is one integer.

The vocabulary is every verb of :data:`onmars.rules.VERBS` times the domains of its arguments,
taken from the component data and the hex map (never from a game): map cells, Blueprint ids, Tech
tile ids x Lab spaces, ... (the table is in docs/ai.md). The order is fixed: verbs in the order of
``VERBS``, each verb's arguments in the nested order of its domains, each domain in the data's
order. The same data gives the same numbers; :data:`ENCODING_VERSION` changes whenever the
vocabulary's order or content changes, and :func:`fingerprint` tells two vocabularies apart.

The vocabulary does not depend on the player count (seat spaces 1-8, four Shelter colours are all
in it), so ``N`` is the same for 2, 3 and 4 players. A move outside it raises
:class:`UnknownMoveError`: no move is ever dropped silently.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import product

import numpy as np

from onmars.rules import VERBS, Move, components, hexmap

#: Bumped whenever the vocabulary below changes its content or order (2: ``gain colonist``,
#: Turn Order space 5's optional Colonist, rules version 2).
ENCODING_VERSION = 2


class UnknownMoveError(ValueError):
    """A move that has no number in the vocabulary (the vocabulary is out of date)."""


def _cells() -> tuple[str, ...]:
    return tuple(hexmap.text(i) for i in range(len(hexmap.cells())))


def _journeys() -> tuple[tuple[str, str], ...]:
    """Every ``(from, to)`` of two different cells: a Bot's move may go one hex (recycling,
    §9.1) or as far as its movement points reach (a Control action), so any pair is listed."""
    cells = _cells()
    return tuple((a, b) for a in cells for b in cells if a != b)


def domains() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Each verb's argument tuples, in order (a verb without arguments: the one empty tuple)."""
    c = components.load()
    cells = _cells()
    blueprints = tuple(c.blueprint)
    techs = tuple(c.tech_tile)
    contracts = tuple(c.contract)
    scientists = tuple(c.scientist)
    goals = tuple(c.private_goal)
    discoveries = tuple(c.discovery)
    actions = tuple(c.action)
    items = tuple(components.ITEMS)
    retrieve_from = ("wa", *actions)
    rewards = tuple(
        dict.fromkeys(("colonists", "bot", "develop", *(g.reward for g in c.private_goal.values())))
    )
    lss = tuple(b.id[4:] for b in c.bonus.values() if b.id.startswith("lss_"))
    ships = tuple(str(n) for n in range(1, c.value("ships")[0] + 1))

    def one(values: Iterable[str]) -> tuple[tuple[str, ...], ...]:
        return tuple((v,) for v in values)

    def pairs(a: Sequence[str], b: Sequence[str]) -> tuple[tuple[str, ...], ...]:
        return tuple(product(a, b))

    table: dict[str, tuple[tuple[str, ...], ...]] = {
        "seat": one(str(t.number) for t in c.turn_order.values()),
        "shuttle": one(components.SIDES),
        "main": one(actions),
        "exec": one(c.executive),
        "pay": one((*items, "colonist")),
        "take": one(blueprints),
        "learn": pairs(techs, tuple(c.lab_space)),
        "develop": pairs(techs, tuple(c.lab_space)),
        "item": one(items),
        "bot": _journeys(),
        "rover": one(cells),
        "ship": one(ships),
        "use": one(techs),
        "upgrade": pairs(blueprints, cells),
        "reward": one(rewards),
        "place": one(cells),
        "discover": pairs(discoveries, cells),
        "advanced": pairs(blueprints, ("pay", *scientists)),
        "produce": one(cells),
        "gain": one((*items, "colonist")),
        "retrieve": one((*retrieve_from, *cells)),
        "radar": one(discoveries),
        "hire": one((*scientists, *contracts)),
        "refill": one(contracts),
        "build": pairs(components.BUILDING_TYPES, cells),
        "deliver": pairs(contracts, items),
        "goal": one(goals),
        "discard": one(goals),
        "benefit": (
            *((b,) for b in lss if b != "retrieve"),
            *(("retrieve", s) for s in retrieve_from),
        ),
    }
    unknown = set(table) - set(VERBS)
    if unknown:
        raise UnknownMoveError(f"the action space names verbs the rules do not have: {unknown}")
    return {verb: table.get(verb, ((),)) for verb in VERBS}


@cache
def vocabulary() -> tuple[Move, ...]:
    """Every move of the action space, by its number."""
    return tuple(Move(verb, args) for verb, argss in domains().items() for args in argss)


@cache
def numbers() -> dict[Move, int]:
    """The number of every move of the action space (shared: read it, do not change it)."""
    table = {m: i for i, m in enumerate(vocabulary())}
    if len(table) != len(vocabulary()):
        raise UnknownMoveError("the action vocabulary lists a move twice")
    return table


def num_actions() -> int:
    """``N``: the size of the action space (the same for 2, 3 and 4 players)."""
    return len(vocabulary())


def fingerprint() -> str:
    """A short hash of the vocabulary: equal fingerprints, equal numbers for every move."""
    text = "\n".join(str(m) for m in vocabulary())
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def encode(move: Move | str) -> int:
    """The number of a move (text or :class:`Move`); :class:`UnknownMoveError` if it has none."""
    key = Move.parse(move) if isinstance(move, str) else move
    try:
        return numbers()[key]
    except KeyError:
        raise UnknownMoveError(
            f"move {str(key)!r} is not in the action space (encoding version "
            f"{ENCODING_VERSION}): the vocabulary must be extended"
        ) from None


def decode(action: int) -> Move:
    """The move of a number in ``range(N)``; ``ValueError`` for any other number."""
    if type(action) is not int and not isinstance(action, np.integer):
        raise ValueError(f"an action is an integer, not {type(action).__name__}")
    if not 0 <= action < num_actions():
        raise ValueError(f"action {action} is outside range({num_actions()})")
    return vocabulary()[int(action)]


def encode_all(moves: Sequence[Move]) -> list[int]:
    """The numbers of ``moves``, in order (:class:`UnknownMoveError` for one without)."""
    number = numbers()
    try:
        return [number[m] for m in moves]
    except KeyError:
        for m in moves:
            encode(m)  # raises, naming the move
        raise


def mask(moves: Sequence[Move]) -> np.ndarray:
    """The legal-action mask of a decision: ``int8`` of length ``N``, 1 at each legal move."""
    out = bytearray(len(vocabulary()))  # set item by item: a decision has few moves
    number = numbers()
    try:
        for m in moves:
            out[number[m]] = 1
    except KeyError:
        encode_all(moves)  # raises, naming the move
        raise
    return np.frombuffer(out, dtype=np.int8)
