"""Things of the game named in a language: how a refusal's :class:`~onmars.rules.errors.Term`
parameters read outside English (issue 21 item 6: no English id or word inside a Chinese
sentence). A component is named by its translated name with its id after it the Chinese way,
in full-width brackets (建筑工地（BP01）: the id is what a player types); a Resource, a type, an
action by its name alone; a move by its label in quotation marks.
"""

from __future__ import annotations

from collections.abc import Callable

from onmars.rules.catalog import (
    ACTION_NAMES,
    BUILDING_NAMES,
    TECH_NAMES,
    item_name,
    items_text,
    space_name,
)
from onmars.rules.components import load
from onmars.rules.errors import OnMarsError, Term
from onmars.rules.i18n import N_, tr
from onmars.rules.labels import label
from onmars.rules.moves import Move

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
    kinds = (
        (c.contract, N_("Earth Contract")),
        (c.private_goal, N_("Private Goal")),
        (c.discovery, N_("Discovery tile")),
        (c.research, N_("Research tile")),
        (c.lss_reward, N_("Life Support reward")),
    )
    for table, kind in kinds:
        if card in table:
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
    "items": lambda v, lang: items_text(tuple(v), lang),  # type: ignore[call-overload]
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
