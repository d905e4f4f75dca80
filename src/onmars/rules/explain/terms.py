"""Refusals in a language (:func:`reason_text`), and the things of the game they name: how a
refusal's :class:`~onmars.rules.engine.errors.Term` parameters read outside English (issue 21 item
6: no English id or word inside a Chinese sentence). A component is named by its translated name
with its id after it the Chinese way, in full-width brackets (建筑工地（BP01）: the id is what a
player types); a Resource, a type, an action by its name alone; a move by its label in
quotation marks; a list joined the language's way (、).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import cast

from onmars.rules.data.components import load
from onmars.rules.engine.errors import Joined, OnMarsError, Term
from onmars.rules.engine.i18n import DEFAULT, N_, tr
from onmars.rules.engine.moves import Move
from onmars.rules.explain.catalog import (
    ACTION_NAMES,
    BUILDING_NAMES,
    TECH_NAMES,
    item_name,
    items_text,
    space_name,
)
from onmars.rules.explain.labels import label

#: The Research tiles' colours (§10).
COLOURS = {"orange": N_("orange"), "purple": N_("purple"), "cyan": N_("cyan"), "white": N_("white")}


def _named(name: str, ident: str, lang: str) -> str:
    return tr(N_("{name} ({id})"), lang, name=name, id=ident)


def _card(card: str, lang: str) -> str:
    c = load()
    if card in c.scientist:
        return tr(c.scientist[card].name, lang)
    for table in (c.blueprint, c.mission):
        if card in table:
            return _named(tr(table[card].name, lang), card, lang)
    kinds: tuple[tuple[Mapping[str, object], str], ...] = (
        (c.contract, N_("Earth Contract")),
        (c.private_goal, N_("Private Goal")),
        (c.discovery, N_("Discovery tile")),
        (c.research, N_("Research tile")),
        (c.lss_reward, N_("Life Support reward")),
    )
    for cards, kind in kinds:
        if card in cards:
            return _named(tr(kind, lang), card, lang)
    if card in c.building_tile:
        kind = tr(BUILDING_NAMES[c.building_tile[card].type], lang)
        return _named(tr(N_("{building} tile"), lang, building=kind), card, lang)
    return tr(N_("'{text}'"), lang, text=card)


def _tech(tile: str, lang: str) -> str:
    data = load().tech_tile.get(tile)
    if data is None:
        return tr(N_("'{text}'"), lang, text=tile)
    name = tr(N_("{tech} Tech tile"), lang, tech=tr(TECH_NAMES[data.type], lang))
    return _named(name, tile, lang)


def _exec(eid: str, lang: str) -> str:
    row = load().executive.get(eid)
    if row is None:
        return tr(N_("'{text}'"), lang, text=eid)
    return tr(N_("the Executive action of Depot row {row}"), lang, row=row.row)


def _move(text: str, lang: str) -> str:
    try:
        said = label(Move.parse(text), lang)
    except (OnMarsError, KeyError, IndexError, ValueError):
        said = text  # not a move of the game: shown as typed
    return tr(N_("'{text}'"), lang, text=said)


_RENDER: dict[str, Callable[[object, str], str]] = {
    "item": lambda v, lang: item_name(str(v), lang),
    "items": lambda v, lang: items_text(tuple(cast(Iterable[str], v)), lang),
    "card": lambda v, lang: _card(str(v), lang),
    "tech": lambda v, lang: _tech(str(v), lang),
    "techtype": lambda v, lang: tr(TECH_NAMES[str(v)], lang),
    "building": lambda v, lang: tr(BUILDING_NAMES[str(v)], lang),
    "btype": lambda v, lang: _named(tr(BUILDING_NAMES[str(v)], lang), str(v), lang),
    "research": lambda v, lang: tr(
        N_("{colour} Research tile"), lang, colour=tr(COLOURS[load().research[str(v)].colour], lang)
    ),
    "space": lambda v, lang: space_name(str(v), lang),
    "action": lambda v, lang: tr(N_("'{text}'"), lang, text=tr(ACTION_NAMES[str(v)], lang)),
    "exec": lambda v, lang: _exec(str(v), lang),
    "move": lambda v, lang: _move(str(v), lang),
    "player": lambda v, lang: str(v),  # a name its player chose
    "input": lambda v, lang: tr(N_("'{text}'"), lang, text=v),
}


def term_text(term: Term, lang: str) -> str:
    """``term`` in ``lang``; in English it is the term's own text (the refusal's ``str``)."""
    if lang == "en":
        return str(term)
    return _RENDER[term.kind](term.value, lang)


def reason_text(reason: object, lang: str = DEFAULT) -> str:
    """A refusal in ``lang``: a :class:`~onmars.rules.engine.errors.Reason` (what ``Game.why``
    gives) or an :class:`~onmars.rules.engine.errors.IllegalMoveError`, anything with ``rule``,
    ``message_id`` and ``params``: ``"<rule>: <message in lang>"``. Parameters that are
    phrases (a ``Reason`` or a ``Joined``) are rendered in ``lang`` too; ids, hexes and numbers
    are filled in as they are. In English it is exactly ``str(reason)``; a text with no message
    id, or a translation that does not fit its parameters, is given in English."""
    template = getattr(reason, "message_id", None)
    if not template:
        return str(reason)
    try:
        params = {k: _phrase(v, lang) for k, v in getattr(reason, "params", {}).items()}
        said = tr(template, lang, **params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return str(reason)
    rule = getattr(reason, "rule", "")
    return tr(RULED, lang, rule=rule, text=said) if rule else said


#: A refusal's rule id before its reason, as the language writes it: "§9.2: ..." in English (the
#: engine's own text), "§9.2：..." in Chinese (the full-width colon, no space).
RULED = N_("{rule}: {text}")


#: How a language joins a list (``Joined``'s English separators): Chinese enumerates with 、.
SEPARATORS = {"zh": {", ": "、", "; ": "；", " or ": "或"}}


def name_key(name: str) -> str:
    """A player's name as people read and type it, for telling seats apart: NFKC (full-width
    forms), case-folded, without whitespace ("Ana", " ana", "Ａｎａ"; "Greedy 2", "greedy2")."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


def join_list(items: Iterable[str], lang: str) -> str:
    """``items`` as a list in ``lang``: "a, b" in English, "a、b" in Chinese."""
    return SEPARATORS.get(lang, {}).get(", ", ", ").join(items)


def _phrase(value: object, lang: str) -> object:
    """A refusal's parameter in ``lang``: phrases, lists and things of the game (a
    :class:`~onmars.rules.engine.errors.Term`) rendered, numbers and hexes as they are."""
    if isinstance(value, Joined):
        sep = SEPARATORS.get(lang, {}).get(value.sep, value.sep)
        return sep.join(str(_phrase(part, lang)) for part in value.parts)
    if isinstance(value, Term):
        return term_text(value, lang)
    if getattr(value, "message_id", None):
        rule = getattr(value, "rule", "")
        if rule and lang != DEFAULT:  # a refusal inside another: its rule after it
            said = reason_text(getattr(value, "phrase", value), lang)
            return tr(N_("{text} ({rule})"), lang, text=said, rule=rule)
        return reason_text(value, lang)
    return value
