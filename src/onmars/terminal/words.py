"""The words of the terminal: component names and the short names the screen uses, in English
or Chinese.

Every text shown to a person is a template marked with ``N_`` and rendered with
``tr(template, lang, ...)`` (the catalogs in ``onmars/rules/locale``); the components' own
names and faces come from ``onmars.catalog(lang)``. Short names (``Mi`` for a Mine on the map,
``Warehouse item`` for a Lab benefit) are explained by the screen's legend.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from onmars import N_, catalog, tr
from onmars.rules.data.components import load

COLOURS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}
LAB_ROWS = {"t": N_("top"), "m": N_("middle"), "b": N_("bottom")}
#: The codes of the buildings on the map (explained by the legend); the Chinese ones are not
#: the first character of a Resource (水 is Water, not a Water Extractor).
BUILDING_CODE = {
    "mine": N_("Mi"),
    "generator": N_("Ge"),
    "extractor": N_("Wx"),
    "greenhouse": N_("Gh"),
    "condenser": N_("Ox"),
    "shelter": N_("Sh"),
}
#: Short names of what an effect gives (a Lab space's benefit, a Turn Order bonus, a Depot row).
SHORT_EFFECT = {
    "warehouse": N_("Warehouse item"),
    "blueprint": N_("Blueprint"),
    "learn": N_("Tech tile"),
    "ship": N_("Ship"),
    "colonists": N_("Colonist"),
    "bots": N_("Bot moves"),
    "upgrade": N_("Upgrade"),
    "develop": N_("Develop"),
    "rover": N_("Rover moves"),
    "advanced": N_("Advanced action"),
    "": N_("no bonus"),
}


def names(lang: str) -> dict[str, Any]:
    """The catalog's words for items, Tech types, sides, phases and score categories."""
    return catalog(lang)["names"]


def item_name(item: str, lang: str, n: int = 1) -> str:
    entry = names(lang)["item"].get(item)
    return (entry["one"] if n == 1 else entry["many"]) if entry else item


def items_text(counts: Mapping[str, int], lang: str, sign: str = "") -> str:
    """``{"water": 1, "oxygen": 2}`` -> "1 Water, 2 Oxygen" (``sign``: "+" or "-" before each)."""
    sep = tr(N_(", "), lang)
    return sep.join(f"{sign}{n} {item_name(item, lang, n)}" for item, n in counts.items())


def join(items: list[str] | tuple[str, ...] | Any, lang: str) -> str:
    """Items in a list, separated by the language's comma: "a, b"; "甲，乙" (no space after
    "，": a Chinese line breaks after it all the same, :mod:`onmars.terminal.linebreak`)."""
    return tr(N_(", "), lang).join(items)


#: A Chinese character (no space stands between two).
HAN = re.compile(r"[\u3400-\u9fff]")
#: Chinese sets no space after these (a label's colon, a comma, an opening bracket or quote)...
NO_SPACE_AFTER = frozenset("：，；。、（“《")
#: ... nor before these (a bracket opened or closed, a colon, a comma, a closing quote).
NO_SPACE_BEFORE = frozenset("（）：，；。、”》")


def gap(before: str, after: str) -> str:
    """The space between two texts: " ", or none where full-width punctuation meets the other
    text ("决定：选择…", "飞船（植物+水）") or two Chinese characters meet ("画面属于玩家 1"), as
    Chinese is set."""
    if (before and before[-1] in NO_SPACE_AFTER) or (after and after[0] in NO_SPACE_BEFORE):
        return ""
    if before and after and HAN.match(before[-1]) and HAN.match(after[0]):
        return ""
    return " "


def spaced(before: str, after: str) -> str:
    """``before`` and ``after`` with the :func:`gap` between them."""
    return before + gap(before, after) + after


def sign_gap(lang: str) -> str:
    """What stands between a sign and what it means, or a name and what follows it in a
    legend: a space ("OP Opportunity Points", "Orbit Blueprint"), "：" in Chinese ("机会分：
    即胜利分", "轨道：蓝图"), where a space would stand between two Chinese words."""
    return tr(N_("{sign} {meaning}"), lang, sign="", meaning="")


def initials(names: list[str], lang: str) -> str:
    """Colour initials side by side as the Action slots show them: "r b g y"; "红蓝绿黄" (no
    space between Chinese characters)."""
    return ("" if lang == "zh" else " ").join(names)


def list_gap(lang: str) -> str:
    """Between the items of a legend: two spaces; "，" in Chinese (no space between Chinese
    words)."""
    return "，" if lang == "zh" else "  "


def paren(text: str, lang: str) -> str:
    """``text`` in brackets: "(Plant+Water)"; full-width in Chinese, "（植物+水）"."""
    return tr(N_("({text})"), lang, text=text)


def quote(text: str, lang: str) -> str:
    """A typed text quoted in a message: 'xyz' in English, “xyz” in Chinese; control characters
    escaped as ``repr`` does, so that no typed byte reaches the terminal raw."""
    inner = repr(text)[1:-1]
    return tr(N_("'{text}'"), lang, text=inner)


def label(text: str, lang: str) -> str:
    """``text`` as a label before what follows it: "Warehouse: " ("仓库：" in Chinese)."""
    return tr(N_("{label}: "), lang, label=text)


def cost_text(items: list[str] | tuple[str, ...], lang: str) -> str:
    """A cost as a list of items: ``["oxygen", "water"]`` -> "Oxygen+Water" ("free" if none)."""
    if not items:
        return tr(N_("free"), lang)
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return "+".join(
        item_name(item, lang) if n == 1 else f"{n} {item_name(item, lang, n)}"
        for item, n in counts.items()
    )


def side_name(side: str, lang: str) -> str:
    return names(lang)["side"].get(side, side)


def colour_name(colour: str, lang: str) -> str:
    return tr(COLOURS.get(colour, colour), lang)


def phase_name(phase: str, lang: str) -> str:
    return names(lang)["phase"].get(phase, phase)


def building_code(kind: str, lang: str) -> str:
    return tr(BUILDING_CODE[kind], lang) if kind in BUILDING_CODE else kind[:2].title()


def building_name(kind: str, lang: str) -> str:
    entry = catalog(lang)["building"].get(kind)
    return entry["name"] if entry else names(lang)["tech"].get(kind, kind)


def tech_name(tile: str, lang: str) -> str:
    """A Tech tile by its type: "Water Extractor"; a Shelter Tech: "Shelter"."""
    c = load()
    kind = c.tech_tile[tile].type if tile in c.tech_tile else tile.partition("-")[0]
    return names(lang)["tech"].get(kind, kind)


def score_name(category: str, lang: str) -> str:
    return names(lang)["score"].get(category, category)


def card_name(card: str, lang: str) -> str:
    """A card or tile by its name and id where it has a name ("Wind Turbines (BP04)",
    "Geologist"), else its kind and id ("Earth Contract C02", "Discovery tile D04")."""
    cat = catalog(lang)
    if card in cat["blueprint"]:
        return tr(N_("{name} ({card})"), lang, name=cat["blueprint"][card]["name"], card=card)
    if card in cat["scientist"]:
        return cat["scientist"][card]["name"]
    if card in cat["mission"]:
        return tr(N_("{name} ({card})"), lang, name=cat["mission"][card]["name"], card=card)
    if card in cat["contract"]:
        return tr(N_("Earth Contract {card}"), lang, card=card)
    if card in cat["discovery"]:
        return tr(N_("Discovery tile {tile}"), lang, tile=card)
    if card in cat["private_goal"]:
        return tr(N_("Private Goal {card}"), lang, card=card)
    if card in cat["lss_reward"]:
        return tr(N_("Life Support reward {card}"), lang, card=card)
    return card


def face(card: str, lang: str) -> str:
    """What a card or tile does, in words ("" if ``card`` names none)."""
    cat = catalog(lang)
    if card in cat["blueprint"]:
        bp = cat["blueprint"][card]
        return tr(
            N_("level {level} {building}, gives {gain} when built; action: {action}; "
               "{op} OP if never built"),
            lang,
            level=bp["level"],
            building=bp["building_name"],
            gain=bp["gain_name"],
            action=bp["action"],
            op=bp["unbuilt_op"],
        )  # fmt: skip
    if card in cat["contract"]:
        contract = cat["contract"][card]
        return tr(
            N_("{text}: {done:+d} OP if completed, {failed:+d} OP if not"),
            lang,
            text=contract["text"],
            done=contract["complete_op"],
            failed=contract["failed_op"],
        )
    if card in cat["scientist"]:
        sci = cat["scientist"][card]
        return tr(N_("{text}; costs {cost}"), lang, text=sci["text"], cost=sci["cost_text"])
    for kind in ("discovery", "lss_reward", "mission"):
        if card in cat[kind]:
            return str(cat[kind][card]["text"])
    if card in cat["private_goal"]:
        return str(cat["private_goal"][card]["text"])
    return ""


def short_effect(effect: str, params: Mapping[str, Any], lang: str) -> str:
    """A few words for an effect: "+1 Crystal", "Warehouse item", "Bot moves"."""
    if effect == "gain":
        n = params.get("n", 1)
        return f"+{n} {item_name(params['item'], lang, n)}"
    return tr(SHORT_EFFECT.get(effect, effect), lang)


def lab_benefit(space: str, lang: str) -> str:
    """A Lab space's benefit in a few words (the legend and ``info`` give the whole text)."""
    ref = load().lab_space[space].benefit
    return short_effect(ref.effect, dict(ref.params), lang)


def turn_bonus(space: int | str, lang: str) -> str:
    """A Turn Order space's bonus in a few words, with its cost: "Ship (Plant+Water)"."""
    entry = catalog(lang)["turn_order"][str(space)]
    ref = load().turn_order[str(space)].bonus
    text = short_effect(entry["bonus"], dict(ref.params), lang)
    if entry["cost"]:
        text = spaced(text, paren(cost_text(entry["cost"], lang), lang))
    return text


def executive_name(eid: str, lang: str) -> str:
    """A Depot row's Executive action in a few words: "Develop", "+1 Mineral"."""
    ref = load().executive[eid].effect
    return short_effect(ref.effect, dict(ref.params), lang)
