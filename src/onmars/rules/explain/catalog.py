"""The catalog: every component's face as data and as text, in English or Chinese (issue 10).

``catalog(lang)`` gives, per kind of component, one entry per id of the data: its numbers (the
same data the rules use, so the faces cannot disagree with the game) and its texts: a name and
a description built from the component's effect and parameters (:func:`effect_text`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from onmars.rules.data.components import EffectRef, load
from onmars.rules.engine.i18n import N_, check_lang, tr

Entry = dict[str, Any]

#: Item names: (one, several).
ITEM_NAMES = {
    "mineral": (N_("Mineral"), N_("Minerals")),
    "battery": (N_("Battery"), N_("Batteries")),
    "water": (N_("Water"), N_("Water")),
    "plant": (N_("Plant"), N_("Plants")),
    "oxygen": (N_("Oxygen"), N_("Oxygen")),
    "crystal": (N_("Crystal"), N_("Crystals")),
    "any": (N_("any Resource"), N_("any Resources")),
    "colonist": (N_("Colonist"), N_("Colonists")),
    "ship": (N_("Ship"), N_("Ships")),
}
BUILDING_NAMES = {
    "mine": N_("Mine"),
    "generator": N_("Generator"),
    "extractor": N_("Water Extractor"),
    "greenhouse": N_("Greenhouse"),
    "condenser": N_("Oxygen Condenser"),
    "shelter": N_("Shelter"),
}
TECH_NAMES = {
    **BUILDING_NAMES,
    "rover": N_("Rover"),
    "ship": N_("Ship"),
    "upgrade": N_("Upgrade"),
}
SIDE_NAMES = {"orbit": N_("Orbit"), "colony": N_("Colony")}
PHASE_NAMES = {
    "setup": N_("Setup"),
    "colonization": N_("Colonization phase"),
    "shuttle": N_("Shuttle phase"),
    "over": N_("Game over"),
}
#: Score categories: in-game OP sources (§24.3), then final scoring (§24.2).
SCORE_NAMES = {
    "progress": N_("Progress (level-ups)"),
    "lss_first": N_("First Life Support buildings"),
    "lss_reward": N_("Life Support rewards"),
    "blueprint_action": N_("Blueprint actions"),
    "final_progress": N_("Progress (final)"),
    "ships": N_("Ships in the Hangar"),
    "living_quarters": N_("Living Quarters"),
    "tech": N_("Tech tiles"),
    "blueprints": N_("Blueprints"),
    "scientists": N_("Scientists"),
    "contracts": N_("Earth Contracts"),
}


def item_name(item: str, lang: str, n: int = 1) -> str:
    one, many = ITEM_NAMES[item]
    return tr(one if n == 1 else many, lang)


#: Lab space rows by the letter of their id (``3t``: column 3, top).
LAB_ROWS = {"t": N_("top"), "m": N_("middle"), "b": N_("bottom")}


def space_name(space: str, lang: str) -> str:
    """A Lab space by its column and row ("column 3, top"), as a player finds it on the
    board, never its id (issue 23.5)."""
    data = load().lab_space.get(space)
    if data is None:
        return space
    if space[-1] not in LAB_ROWS:  # a column of one space
        return tr(N_("column {column}"), lang, column=data.column)
    row = tr(LAB_ROWS[space[-1]], lang)
    return tr(N_("column {column}, {row}"), lang, column=data.column, row=row)


def items_text(items: tuple[str, ...] | list[str], lang: str) -> str:
    """``("oxygen", "water")`` -> "1 Oxygen + 1 Water" (counts grouped, in order)."""
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    if not counts:
        return tr(N_("nothing"), lang)
    return " + ".join(f"{k} {item_name(item, lang, k)}" for item, k in counts.items())


# --- effects ------------


def _many(kw: dict[str, Any], one: str, several: str, lang: str, **params: object) -> str:
    n = kw.get("n", 1)
    return tr(one, lang, **params) if n == 1 else tr(several, lang, n=n, **params)


def _warehouse(kw: dict[str, Any], lang: str) -> str:
    if not kw.get("crystal", True):  # Executive row 7 (§13.2)
        return tr(N_("Take a Resource (not a Crystal) from the Warehouse"), lang)
    return _many(
        kw,
        N_("Take a Resource or a Crystal from the Warehouse"),
        N_("Take up to {n} Resources or Crystals from the Warehouse"),
        lang,
    )


def _develop(kw: dict[str, Any], lang: str) -> str:
    if kw.get("paid", True):
        return _many(
            kw,
            N_("Develop a Tech tile one column to the right, paying the column's cost"),
            N_("Develop Tech tiles {n} times (one tile or several), paying the columns' costs"),
            lang,
        )
    return _many(
        kw,
        N_("Develop a Tech tile one column to the right, without paying the column's cost"),
        N_("Develop Tech tiles {n} times (one tile or several), without paying the columns' costs"),
        lang,
    )


def _upgrade(kw: dict[str, Any], lang: str) -> str:
    text = _many(
        kw,
        N_("Upgrade a building with one of your Blueprints"),
        N_("Upgrade up to {n} buildings with your Blueprints"),
        lang,
    )
    notes = [tr(N_("no Mineral") if kw.get("free") else N_("1 Mineral each"), lang)]
    if kw.get("zone", True):
        notes.append(tr(N_("in one of your Bots' zones"), lang))
    else:
        notes.append(tr(N_("anywhere on Mars"), lang))
    if kw.get("tech"):
        notes.append(tr(N_("an Upgrade Tech adds as many upgrades as its level"), lang))
    return tr(N_("{text} ({notes})"), lang, text=text, notes=tr(N_(", "), lang).join(notes))


def _gain(kw: dict[str, Any], lang: str) -> str:
    item, n = kw["item"], kw.get("n", 1)
    return tr(N_("Gain {n} {item}"), lang, n=n, item=item_name(item, lang, n))


def _construct(kw: dict[str, Any], lang: str) -> str:
    types = kw.get("types", ())
    if not types:
        return tr(N_("Construct a building by the usual rules"), lang)
    return tr(
        N_("Construct 1 {building} by the usual rules"), lang, building=_building(types, lang)
    )


def _building(types: tuple[str, ...], lang: str) -> str:
    return " / ".join(tr(BUILDING_NAMES[t], lang) for t in types)


def _ship(kw: dict[str, Any], lang: str) -> str:
    text = tr(
        N_("Welcome a Ship at no cost")
        if kw.get("free")
        else N_("Welcome a Ship for 1 Plant + 1 Water"),
        lang,
    )
    if kw.get("extra"):
        text += tr(N_(", which brings {n} more Colonist"), lang, n=kw["extra"])
    return text


def _rover(kw: dict[str, Any], lang: str) -> str:
    text = tr(N_("Move your Rover up to {n} hexes; Crystals buy more"), lang, n=kw.get("n", 2))
    if kw.get("tech"):
        text += tr(N_("; a Rover Tech adds its level"), lang)
    return text


def _retrieve(kw: dict[str, Any], lang: str) -> str:
    if kw.get("miners"):
        return tr(
            N_("Retrieve up to {n} of your Colonists to Living Quarters from Action slots, "
               "Mines and the Working Area"),
            lang,
            n=kw.get("n", 1),
        )  # fmt: skip
    return tr(
        N_("Retrieve up to {n} of your Colonists to Living Quarters from Action slots and the "
           "Working Area"),
        lang,
        n=kw.get("n", 1),
    )  # fmt: skip


def _hire(kw: dict[str, Any], lang: str) -> str:
    kinds, free = kw.get("kinds", ()), kw.get("free", False)
    if kinds == ("contract",):
        return tr(N_("Take an Earth Contract at no cost") if free else N_("Take an Earth Contract, "
                  "paying its cost"), lang)  # fmt: skip
    if kinds == ("scientist",):
        return tr(N_("Hire a Scientist at no cost") if free else N_("Hire a Scientist, paying "
                  "its cost"), lang)  # fmt: skip
    return tr(N_("Hire a Scientist or take an Earth Contract, paying its cost"), lang)


def _travel(kw: dict[str, Any], lang: str) -> str:
    if kw.get("to"):
        return tr(N_("Travel to the {side} side"), lang, side=tr(SIDE_NAMES[kw["to"]], lang))
    return tr(N_("Travel to the other side"), lang)


_EFFECT_TEXT: dict[str, Callable[[dict[str, Any], str], str]] = {
    "develop": _develop,
    "learn": lambda kw, lang: _many(
        kw,
        N_("Take a Tech tile from the Tech Grid, paying its row's cost"),
        N_("Take up to {n} Tech tiles from the Tech Grid, paying their rows' costs"),
        lang,
    ),
    "blueprint": lambda kw, lang: _many(
        kw,
        N_("Take a Blueprint from the display"),
        N_("Take up to {n} Blueprints from the display"),
        lang,
    ),
    "warehouse": _warehouse,
    "gain": _gain,
    "upgrade": _upgrade,
    "construct": _construct,
    "construct_boosted": lambda kw, lang: tr(
        N_("Construct 1 {building}; each boost, declared first, adds 1 to the Tech level"),
        lang,
        building=_building(kw.get("types", ()), lang),
    ),
    "ship": _ship,
    "bots": lambda kw, lang: tr(
        N_("Up to {n} movement points for your Bots; Crystals buy more"), lang, n=kw.get("n", 2)
    ),
    "rover": _rover,
    "colonists": lambda kw, lang: _many(
        kw, N_("Gain a Colonist from your supply"), N_("Gain {n} Colonists from your supply"), lang
    ),
    "retrieve": _retrieve,
    "choose_resources": lambda kw, lang: tr(
        N_("Gain up to {n} Resources of your choice (not Minerals)"), lang, n=kw.get("n", 1)
    ),
    "hire": _hire,
    "travel": _travel,
    "advanced": lambda kw, lang: tr(
        N_(
            "Use the action of an Advanced Building: 2 Crystals for one of yours, or free "
            "through a Scientist working there"
        ),
        lang,
    ),  # fmt: skip
    "casino": lambda kw, lang: tr(N_("Gain {n} Crystals"), lang, n=kw.get("n", 2)),
    "produce": lambda kw, lang: tr(
        N_("Each of your Mines and Advanced Buildings produces once"), lang
    ),
    "score": lambda kw, lang: tr(N_("Score {n} OP"), lang, n=kw.get("n", 2)),
    "radar": lambda kw, lang: tr(
        N_(
            "First use: put a Discovery tile of the Exploration space on this card; every use "
            "gains that tile's benefit"
        ),
        lang,
    ),  # fmt: skip
    "aqueduct": lambda kw, lang: tr(
        N_("Move up to {n} of your Colonists from the Working Area to Living Quarters"),
        lang,
        n=kw.get("n", 2),
    ),
    "eco_resort": lambda kw, lang: tr(
        N_("Retrieve your Colonists on Action slots to Living Quarters"), lang
    ),
    "trade": lambda kw, lang: tr(
        N_("Spend 1 Resource, then gain {n} Resources of your choice (not Minerals)"),
        lang,
        n=kw.get("n", 2),
    ),
    "recycling": lambda kw, lang: tr(
        N_("Up to {n} movement points for your Bots, which move as Rovers; Crystals buy more"),
        lang,
        n=kw.get("n", 2),
    ),
    "command": lambda kw, lang: tr(
        N_(
            "Move your Rover as many hexes as the highest Rover Tech level in play; Crystals "
            "buy more"
        ),
        lang,
    ),  # fmt: skip
}


#: Bonuses whose effect is a decision of their own rather than an effect of the data.
BONUS_TEXT = {
    "lss_retrieve": N_(
        "Retrieve 1 Colonist from an Action slot or the Working Area to Living Quarters"
    ),
}


def _bonus_text(bonus: str, ref: EffectRef, lang: str) -> str:
    return tr(BONUS_TEXT[bonus], lang) if bonus in BONUS_TEXT else effect_text(ref, lang)


def effect_text(ref: EffectRef, lang: str = "en") -> str:
    """What an effect named in the data does, in ``lang``: its parameters included (how many,
    at what cost, optional or not, what a boost adds)."""
    if not ref:
        return tr(N_("No benefit"), lang)
    kw = ref.kw
    text = _EFFECT_TEXT[ref.effect](kw, lang)
    if kw.get("boost") == "colonist":
        text += tr(N_("; each boost (a Colonist from Living Quarters to the Working Area) gives "
                      "one more"), lang)  # fmt: skip
    if kw.get("must") == 0:
        text += tr(N_(" (optional)"), lang)
    return text


# --- the faces ------------

GOAL_CONDITIONS = {
    "blueprints": N_("Hold {n} Blueprints, built or not"),
    "advanced_buildings": N_("Have created {n} Advanced Buildings"),
    "mines": N_("Have {n} Mines with your Miner or Advanced Building marker"),
    "discoveries": N_("Have taken {n} Discovery tiles with your Rover"),
    "complex_marker": N_("Your Advanced Building marker on a Complex of {n} or more"),
    "resources_of_one_type": N_("Hold {n} of one non-Mineral Resource"),
    "shelters": N_("Have {n} Shelters on Mars"),
    "colony_level": N_("The Colony has reached level {n}"),
    "lq_colonists": N_("Have {n} Colonists in Living Quarters"),
    "techs": N_("Have {n} Tech tiles, your Shelter Tech included"),
    "hangar_ships": N_("Have {n} Ships in your Hangar"),
    "research_tiles": N_("Have taken {n} Research tiles"),
    "scientist_and_contract": N_("Have a Scientist and a completed Earth Contract"),
    "marked_lab_spaces": N_("Have Tech tiles on {n} marked Lab spaces"),
    "progress_cubes": N_("Have {n} cubes in the Progress area"),
    "two_complexes": N_("Have markers in 2 different Complexes of {n} or more"),
}
LSS_FORMULAS = {
    "max_tech_level": N_("OP equal to the level of your highest Tech tile"),
    "hangar_ships": N_("{op} OP per Ship in your Hangar"),
    "advanced_buildings": N_("{op} OP per Advanced Building of yours on Mars"),
    "mines": N_("{op} OP per Mine with your Miner or Advanced Building marker"),
    "bots": N_("{op} OP per Bot of yours on Mars"),
    "discoveries": N_("{op} OP per Discovery tile your Rover has taken"),
    "shelters": N_("{op} OP per Shelter of yours on Mars"),
    "lq_colonists": N_("{op} OP per Colonist in your Living Quarters"),
}
MISSION_OBJECTIVES = {
    "research": N_("a Research tile taken from the map"),
    "blueprint": N_("a Blueprint taken from the display"),
    "advanced_building": N_("an Advanced Building created"),
    "bot": N_("a Bot placed on Mars (starting Bots do not count)"),
    "discovery": N_("a Discovery tile taken by a Rover"),
    "tech": N_("a Tech tile taken from the Tech Grid"),
    "progress": N_("a cube placed in the Progress area"),
    "scientist": N_("a Scientist hired"),
    "contract": N_("an Earth Contract completed"),
}
ACTION_NAMES = {
    "pod": N_("Landing Pod"),
    "blueprint": N_("Obtain a Blueprint"),
    "tech": N_("Learn New Technology"),
    "rnd": N_("Research & Development"),
    "resupply": N_("Resupply"),
    "construct": N_("Construct a Building"),
    "upgrade": N_("Upgrade a Building"),
    "hire": N_("Hire a Scientist or Take an Earth Contract"),
    "control": N_("Control Center"),
    "ship": N_("Welcome a Ship"),
}


def _blueprint(bp: Any, lang: str) -> Entry:
    return {
        "name": tr(bp.name, lang),
        "level": bp.level,
        "building": bp.building,
        "building_name": tr(BUILDING_NAMES[bp.building], lang),
        "gain": bp.gain,
        "gain_name": item_name(bp.gain, lang),
        "scientist": bp.scientist,
        "effect": bp.effect.effect,
        "params": bp.effect.kw,
        "action": effect_text(bp.effect, lang),
        "unbuilt_op": load().value("blueprint_unbuilt_op")[0 if bp.level == 1 else 1],
    }


def _scientist(sc: Any, lang: str) -> Entry:
    op = load().value("scientist_op")[0]
    return {
        "name": tr(sc.name, lang),
        "cost": list(sc.cost),
        "cost_text": items_text(sc.cost, lang),
        "works_in": sc.works_in,
        "scores": sc.scores,
        "text": tr(
            N_(
                "Works in {works} Advanced Buildings; scores {op} OP per {scores} Advanced "
                "Building on Mars"
            ),
            lang,
            works=tr(BUILDING_NAMES[sc.works_in], lang),
            op=op,
            scores=tr(BUILDING_NAMES[sc.scores], lang),
        ),  # fmt: skip
    }


#: An upgrade contract's text (§16), with the article its building's English name takes
#: ("an Oxygen Condenser", "a Mine"); the Chinese of both is the same.
UPGRADE_CONTRACT = {
    "a": N_("Your Advanced Building marker on a {building} in a Complex of 4 or more"),
    "an": N_("Your Advanced Building marker on an {building} in a Complex of 4 or more"),
}


def _contract(ct: Any, lang: str) -> Entry:
    if ct.kind == "upgrade":
        english = BUILDING_NAMES[ct.building]  # the message id is the English name
        article = "an" if english[:1] in "AEIOU" else "a"
        text = tr(UPGRADE_CONTRACT[article], lang, building=tr(english, lang))
    else:
        text = tr(N_("Deliver {items}"), lang, items=items_text(ct.items, lang))
    return {
        "kind": ct.kind,
        "items": list(ct.items),
        "building": ct.building,
        "complete_op": ct.complete_op,
        "failed_op": ct.failed_op,
        "text": text,
    }


def _mission(m: Any, lang: str) -> Entry:
    return {
        "name": tr(m.name, lang),
        "deck": m.deck,
        "objective": m.objective,
        "targets": dict(zip(("2", "3", "4"), m.targets, strict=True)),
        "crystals": m.crystals,
        "text": tr(
            N_("One step for each {what}; each contribution earns {reward}"),
            lang,
            what=tr(MISSION_OBJECTIVES[m.objective], lang),
            reward=f"{m.crystals} {item_name('crystal', lang, m.crystals)}",
        ),
    }


def _goal(g: Any, lang: str) -> Entry:
    develop = load().bonus["goal_develop"].effect
    return {
        "condition": g.condition,
        "amount": g.amount,
        "text": tr(GOAL_CONDITIONS[g.condition], lang, n=g.amount),
        "rewards": {
            "develop": effect_text(develop, lang),
            g.reward: effect_text(g.reward_effect, lang),
        },
    }


def _lab_space(sp: Any, lang: str) -> Entry:
    column = load().lab_column[f"L{sp.column}"]
    return {
        "column": sp.column,
        "benefit": sp.benefit.effect,
        # what a "gain" benefit gives, for the board's compact legend
        "benefit_item": sp.benefit.kw.get("item"),
        "benefit_text": effect_text(sp.benefit, lang),
        "cost": list(column.cost),
        "cost_text": items_text(column.cost, lang),
        "op": column.op,
        "marked": sp.marked,
    }


def _executive(row: Any, lang: str) -> Entry:
    return {
        "row": row.row,
        "cost": row.cost,
        "effect": row.effect.effect,
        "text": effect_text(row.effect, lang),
        "opened_by": tr(
            N_("the Ship of Depot row {row} leaving for the Hangar"), lang, row=row.row
        ),
        "open_at_start": row.row > 8 - load().value("open_executive_rows")[0],
    }


def _turn_order(sp: Any, lang: str) -> Entry:
    cost = ["plant", "water"] if sp.bonus.effect == "ship" and not sp.bonus.kw.get("free") else []
    return {
        "number": sp.number,
        "side": sp.side,
        "bonus": sp.bonus.effect,
        "text": effect_text(sp.bonus, lang),
        "cost": cost,
    }


#: What a Tech tile does, by type (§8.2, RUL-4): a building's Tech joins buildings of its type.
TECH_TEXT = {
    "rover": N_("Adds its level to your Rover's movement points (§8.2)"),
    "ship": N_("When you welcome a Ship: if its level is at least the Ships you moved out of your "
               "Depot before, the Ship brings 1 more Colonist (§8.2)"),
    "upgrade": N_("Upgrade a Building may be repeated as many times as its level, 1 Mineral "
                  "each (§8.2)"),
    "shelter": N_("Joins your new Shelter to your others, up to as many as its level; only you "
                  "use it (§8.2)"),
}  # fmt: skip
BUILDING_TECH_TEXT = N_(
    "Joins a new {building} to existing ones, up to as many buildings as its level (§8.2)"
)


#: The sets of Tech tiles: A and B (§8.1), the players' colours for Shelter Techs.
SET_NAMES = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow")}


def _tech_tile(tile: Any, lang: str) -> Entry:
    text = TECH_TEXT.get(tile.type)
    return {
        "type": tile.type,
        "set": tile.set,
        "set_name": tr(SET_NAMES[tile.set], lang)
        if tile.set in SET_NAMES
        else tr(N_("set {set}"), lang, set=tile.set),
        "name": tr(TECH_NAMES[tile.type], lang),
        "text": tr(text, lang)
        if text
        else tr(BUILDING_TECH_TEXT, lang, building=tr(BUILDING_NAMES[tile.type], lang)),
    }


@cache
def catalog(lang: str = "en") -> dict[str, dict[str, Entry]]:
    """Every component's face, by kind and id, in ``lang`` ("en" or "zh")."""
    check_lang(lang)
    c = load()
    lq = c.value("lq_row_op")
    return {
        "blueprint": {k: _blueprint(v, lang) for k, v in c.blueprint.items()},
        "scientist": {k: _scientist(v, lang) for k, v in c.scientist.items()},
        "contract": {k: _contract(v, lang) for k, v in c.contract.items()},
        "mission": {k: _mission(v, lang) for k, v in c.mission.items()},
        "private_goal": {k: _goal(v, lang) for k, v in c.private_goal.items()},
        "discovery": {
            k: {
                "effect": v.effect.effect,
                "params": v.effect.kw,
                "text": effect_text(v.effect, lang),
            }
            for k, v in c.discovery.items()
        },
        "lss_reward": {
            k: {
                "formula": v.formula,
                "op_each": v.op_each,
                "text": tr(LSS_FORMULAS[v.formula], lang, op=v.op_each),
            }
            for k, v in c.lss_reward.items()
        },  # fmt: skip
        "lab_space": {k: _lab_space(v, lang) for k, v in c.lab_space.items()},
        "executive": {k: _executive(v, lang) for k, v in c.executive.items()},
        "turn_order": {k: _turn_order(v, lang) for k, v in c.turn_order.items()},
        "action": {
            k: {
                "name": tr(ACTION_NAMES[k], lang),
                "side": v.side,
                "slots": v.slots,
                "boost": v.boost,
                "cost": list(v.cost),
            }
            for k, v in c.action.items()
        },  # fmt: skip
        "building": {
            k: {
                "name": tr(BUILDING_NAMES[k], lang),
                "cost": list(v.cost),
                "cost_text": items_text(v.cost, lang),
                "gain": v.gain,
            }
            for k, v in c.building_type.items()
        },  # fmt: skip
        "living_quarters": {
            str(row): {"op": op, "slots": [2 * row - 1, 2 * row]}
            for row, op in enumerate(lq, start=1)
        },
        "tech_tile": {k: _tech_tile(v, lang) for k, v in c.tech_tile.items()},
        "research": {
            k: {
                "colour": v.colour,
                "hexes": [list(h) for h in v.hexes],
                "text": effect_text(c.bonus["research_tile"].effect, lang),
            }
            for k, v in c.research.items()
        },  # fmt: skip
        "building_tile": {
            k: {"type": v.type, "starting": v.starting, "arrows": list(v.arrows)}
            for k, v in c.building_tile.items()
        },
        "bonus": {k: {"text": _bonus_text(k, v.effect, lang)} for k, v in c.bonus.items()},
        "names": _names(lang),
    }


def _names(lang: str) -> dict[str, dict[str, Any]]:
    """The words for the game's things that are no component: items (one / several), Tech
    types, sides, phases, score categories."""
    return {
        "item": {k: {"one": tr(one, lang), "many": tr(many, lang)} for k, (one, many) in
                 ITEM_NAMES.items()},
        "tech": {k: tr(v, lang) for k, v in TECH_NAMES.items()},
        "side": {k: tr(v, lang) for k, v in SIDE_NAMES.items()},
        "phase": {k: tr(v, lang) for k, v in PHASE_NAMES.items()},
        "score": {k: tr(v, lang) for k, v in SCORE_NAMES.items()},
    }  # fmt: skip
