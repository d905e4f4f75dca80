"""Moves in plain words, in English or Chinese (issue 10): ``label(move, lang)``."""

from __future__ import annotations

from collections.abc import Callable

from onmars.rules.data.components import EffectRef, load
from onmars.rules.engine.i18n import N_, tr
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import State
from onmars.rules.explain.catalog import (
    ACTION_NAMES,
    BUILDING_NAMES,
    SIDE_NAMES,
    TECH_NAMES,
    catalog,
    effect_text,
    item_name,
    space_name,
)


def _tech(tile: str, lang: str) -> str:
    return tr(TECH_NAMES[load().tech_tile[tile].type], lang)


def card_name(card: str, lang: str) -> str:
    """A card or tile by what a player reads on it, never its internal id (issue 23.5): a
    Blueprint, Scientist or Mission by its name ("Library"), a building stack's tile by its
    building, a Tech tile by its type, an Earth Contract, a Private Goal or a Discovery tile
    by its text in quotes; an unknown id as it is."""
    c = load()
    if card in c.scientist:
        return tr(c.scientist[card].name, lang)
    if card in c.building_tile:
        kind = BUILDING_NAMES[c.building_tile[card].type]
        return tr(N_("{building} tile"), lang, building=tr(kind, lang))
    for table in (c.blueprint, c.mission):
        if card in table:
            return tr(table[card].name, lang)
    if card in c.tech_tile:
        return tr(N_("{tech} Tech"), lang, tech=_tech(card, lang))
    for kind in ("contract", "private_goal", "discovery"):
        face = catalog(lang)[kind].get(card)
        if face is not None:
            return tr(N_("'{text}'"), lang, text=face["text"])
    return card


def tile_name(tile: str, lang: str) -> str:
    """A tile on the map: a Research tile ("RA") by its letter's name, a Discovery tile by its
    text (issue 23.5)."""
    if len(tile) == 2 and tile.startswith("R"):
        return tr(N_("Research tile {letter}"), lang, letter=tile[1])
    return tr(N_("Discovery tile {text}"), lang, text=card_name(tile, lang))


def _where(src: str, lang: str) -> str:
    if src == "wa":
        return tr(N_("the Working Area"), lang)
    if src in ACTION_NAMES:
        return tr(N_("the {action} slots"), lang, action=tr(ACTION_NAMES[src], lang))
    return tr(N_("the Mine at {hex}"), lang, hex=src)


def _reward(goal: str, m: Move, lang: str) -> str:
    choice = m.args[0]
    if choice == "colonists":
        return tr(N_("Reward: 2 Colonists"), lang)
    if choice == "bot":
        return tr(N_("Reward: 1 Colonist and 1 Bot"), lang)
    ref: EffectRef | None
    if choice == "develop":
        ref = load().bonus["goal_develop"].effect
    else:
        ref = load().private_goal[goal].reward_effect if goal else None
    text = effect_text(ref, lang) if ref is not None else choice
    return tr(N_("Reward: {text}"), lang, text=text)


def _benefit(m: Move, lang: str) -> str:
    choice = m.args[0]
    if choice == "retrieve":
        return tr(
            N_("Life Support bonus: retrieve a Colonist from {where}"),
            lang,
            where=_where(m.args[1], lang),
        )
    text = effect_text(load().bonus[f"lss_{choice}"].effect, lang)
    return tr(N_("Life Support bonus: {text}"), lang, text=text)


#: "Build ..." per building, each with its own article ("an Oxygen Condenser").
BUILD_LABELS = {
    "mine": N_("Build a Mine at {hex}"),
    "generator": N_("Build a Generator at {hex}"),
    "extractor": N_("Build a Water Extractor at {hex}"),
    "greenhouse": N_("Build a Greenhouse at {hex}"),
    "condenser": N_("Build an Oxygen Condenser at {hex}"),
    "shelter": N_("Build a Shelter at {hex}"),
}


def _advanced(m: Move, lang: str) -> str:
    bp, route = m.args
    name = card_name(bp, lang)
    if route == "pay":
        return tr(N_("Use the action of {card}, paying 2 Crystals"), lang, card=name)
    return tr(N_("Use the action of {card} through the {scientist}"), lang, card=name,
              scientist=tr(load().scientist[route].name, lang))  # fmt: skip


def _hire(m: Move, lang: str, template_scientist: str, template_contract: str) -> str:
    card = m.args[0]
    if card in load().scientist:
        return tr(template_scientist, lang, card=card_name(card, lang))
    return tr(template_contract, lang, card=card_name(card, lang))


_LABELS: dict[str, Callable[[str, Move, str], str]] = {
    "seat": lambda goal, m, lang: tr(
        N_("Take Turn Order space {space}: {bonus}"),
        lang,
        space=m.args[0],
        bonus=catalog(lang)["turn_order"][m.args[0]]["text"],
    ),
    "shuttle": lambda goal, m, lang: tr(
        N_("Put the Shuttle on the {side} side"), lang, side=tr(SIDE_NAMES[m.args[0]], lang)
    ),
    "main": lambda goal, m, lang: tr(ACTION_NAMES[m.args[0]], lang),
    "exec": lambda goal, m, lang: tr(
        N_("Executive action: {text}"),
        lang,
        text=catalog(lang)["executive"][m.args[0]]["text"],
    ),
    "end": lambda goal, m, lang: tr(N_("End your turn"), lang),
    "pay": lambda goal, m, lang: tr(N_("Pay 1 {item}"), lang, item=item_name(m.args[0], lang)),
    "take": lambda goal, m, lang: tr(
        N_("Take Blueprint {card}"), lang, card=card_name(m.args[0], lang)
    ),
    "learn": lambda goal, m, lang: tr(
        N_("Take the {tech} Tech into Lab space {space}"),
        lang,
        tech=_tech(m.args[0], lang),
        space=space_name(m.args[1], lang),
    ),
    "develop": lambda goal, m, lang: tr(
        N_("Move the {tech} Tech to Lab space {space} (level {level})"),
        lang,
        tech=_tech(m.args[0], lang),
        space=space_name(m.args[1], lang),
        level=load().lab_space[m.args[1]].column,
    ),
    "keep": lambda goal, m, lang: tr(N_("Keep the Oxygen instead of a free development"), lang),
    "item": lambda goal, m, lang: tr(
        N_("Take 1 {item} from the Warehouse"), lang, item=item_name(m.args[0], lang)
    ),
    "boost": lambda goal, m, lang: tr(
        N_("Boost: one Colonist to your Working Area for one more"), lang
    ),
    "done": lambda goal, m, lang: tr(N_("Done: stop here"), lang),
    "skip": lambda goal, m, lang: tr(N_("Skip"), lang),
    "bot": lambda goal, m, lang: tr(
        N_("Move a Bot from {from_hex} to {hex}"), lang, from_hex=m.args[0], hex=m.args[1]
    ),
    "rover": lambda goal, m, lang: tr(N_("Move your Rover to {hex}"), lang, hex=m.args[0]),
    "ship": lambda goal, m, lang: tr(
        N_("Send the Ship of Depot row {row} to the Hangar (opens that Executive action)"),
        lang,
        row=m.args[0],
    ),
    "use": lambda goal, m, lang: tr(N_("Use the {tech} Tech"), lang, tech=_tech(m.args[0], lang)),
    "upgrade": lambda goal, m, lang: tr(
        N_("Upgrade the building at {hex} with {card}"),
        lang,
        hex=m.args[1],
        card=card_name(m.args[0], lang),
    ),
    "reward": _reward,
    "place": lambda goal, m, lang: tr(N_("Place your new Bot at {hex}"), lang, hex=m.args[0]),
    "discover": lambda goal, m, lang: tr(
        N_("Place the {tile} at {hex}"), lang, tile=tile_name(m.args[0], lang), hex=m.args[1]
    ),
    "travel": lambda goal, m, lang: tr(N_("Travel to the other side"), lang),
    "stay": lambda goal, m, lang: tr(N_("Stay on this side"), lang),
    "advanced": lambda goal, m, lang: _advanced(m, lang),
    "produce": lambda goal, m, lang: tr(
        N_("The building at {hex} produces once more"), lang, hex=m.args[0]
    ),
    "gain": lambda goal, m, lang: tr(N_("Gain 1 {item}"), lang, item=item_name(m.args[0], lang)),
    "retrieve": lambda goal, m, lang: tr(
        N_("Retrieve a Colonist from {where}"), lang, where=_where(m.args[0], lang)
    ),
    "radar": lambda goal, m, lang: tr(
        N_("Put the {tile} on the Radar"), lang, tile=tile_name(m.args[0], lang)
    ),
    "hire": lambda goal, m, lang: _hire(
        m, lang, N_("Hire the {card}"), N_("Take Earth Contract {card}")
    ),
    "refill": lambda goal, m, lang: tr(
        N_("Refill the display with Earth Contract {card}"),
        lang,
        card=card_name(m.args[0], lang),
    ),
    "claim": lambda goal, m, lang: tr(N_("Claim the tile under your piece"), lang),
    "build": lambda goal, m, lang: tr(BUILD_LABELS[m.args[0]], lang, hex=m.args[1]),
    "deliver": lambda goal, m, lang: tr(
        N_("Deliver 1 {item} onto Earth Contract {card}"),
        lang,
        item=item_name(m.args[1], lang),
        card=card_name(m.args[0], lang),
    ),
    "goal": lambda goal, m, lang: tr(
        N_("Complete Private Goal {card}"), lang, card=card_name(m.args[0], lang)
    ),
    "discard": lambda goal, m, lang: tr(
        N_("Spend Private Goal {card} as a Crystal for this turn"),
        lang,
        card=card_name(m.args[0], lang),
    ),
    "benefit": lambda goal, m, lang: _benefit(m, lang),
}


def label(m: Move, lang: str, goal: str = "") -> str:
    """The move in plain words, in ``lang``; ``goal``: the Private Goal whose reward is chosen
    (for ``reward <name>``)."""
    return _LABELS[m.verb](goal, m, lang)


def goal_of(s: State) -> str:
    """The Private Goal whose reward the pending decision chooses ("" if none)."""
    return s.stack[-1].get("goal", "") if s.stack else ""
