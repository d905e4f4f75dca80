"""``info <id>``: the face of any component seen on the screen, in English or Chinese, from
``onmars.catalog(lang)``. Card texts are public: this reveals no hand."""

from __future__ import annotations

from onmars import N_, catalog, tr
from onmars.rules.data.components import load
from onmars.terminal import words
from onmars.terminal.mapview import research_text

TECH_TEXT = {
    "rover": N_("adds its level to your Rover's movement points"),
    "upgrade": N_("one Upgrade action may upgrade up to its level + 1 buildings"),
    "ship": N_("when you welcome a Ship, if its level is at least the Ships already out of "
               "your Depot, that Ship brings 1 more Colonist"),
    "shelter": N_("lets you join a new Shelter of yours to your Shelters up to its level; "
                  "only its owner may use it"),
}  # fmt: skip
BUILDING_TECH = N_("lets you join a new {building} to existing ones up to its level")
#: How a Main action is boosted (§6.3, §6.4), by the catalog's ``boost``.
BOOST_TEXT = {
    "colonist": N_("boost: one Colonist from Living Quarters to the Working Area per step"),
    "crystal": N_("boost: one Crystal from the Depot per step"),
    "none": N_("no boost"),
}


def executive_text(action: str, lang: str) -> str:
    """An Executive action (§13.2): its Depot row, its cost and what it does."""
    e = catalog(lang)["executive"][action]
    return tr(N_("Executive action, Depot row {row} ({cost} Crystals): {text}"), lang,
              row=e["row"], cost=e["cost"], text=e["text"])  # fmt: skip


def action_text(action: str, lang: str) -> str:
    """A Main action: its side, whether it takes an Action slot (a Colonist, §6.1, §6.2) and
    how it is boosted."""
    a = catalog(lang)["action"][action]
    slot = (N_("places a Colonist from Living Quarters on an Action slot") if a["slots"]
            else N_("needs no Colonist"))  # fmt: skip
    return tr(N_("Main action {name} ({side} side): {slot}; {boost}"), lang, name=a["name"],
              side=words.side_name(a["side"], lang), slot=tr(slot, lang),
              boost=tr(BOOST_TEXT.get(a["boost"], N_("no boost")), lang))  # fmt: skip


def describe(token: str, lang: str = "en") -> str:
    """The face behind an id seen on the screen (card, tile, action, Lab space, Depot row,
    Turn Order space, building), or "" if the token names nothing."""
    token = token.strip()
    cat = catalog(lang)
    verb, _, rest = token.partition(" ")
    if verb.lower() == "main" and rest.strip() in cat["action"]:  # a move's notation
        return action_text(rest.strip(), lang)
    if verb.lower() == "exec" and rest.strip() in cat["executive"]:
        return executive_text(rest.strip(), lang)
    found = []
    for kind, heading in (
        ("blueprint", N_("Blueprint")),
        ("scientist", N_("Scientist")),
        ("contract", ""),  # the card's name says its kind: "Earth Contract C02"
        ("mission", N_("Mission")),
        ("private_goal", ""),
        ("discovery", ""),
        ("lss_reward", ""),
    ):
        if token in cat[kind]:
            name = words.card_name(token, lang)
            if heading:
                name = tr(N_("{kind} {name}"), lang, kind=tr(heading, lang), name=name)
            found.append(words.label(name, lang) + words.face(token, lang))
    if token in cat["private_goal"]:
        rewards = " / ".join(cat["private_goal"][token]["rewards"].values())
        found.append(tr(N_("Reward, one of: {rewards}"), lang, rewards=rewards))
    if token in cat["lab_space"]:
        sp = cat["lab_space"][token]
        found.append(
            tr(N_("Lab space {space} (column {column}: costs {cost} to enter, {op} OP at the "
                  "end): {benefit}"), lang, space=token, column=sp["column"],
               cost=sp["cost_text"], op=sp["op"], benefit=sp["benefit_text"])
        )  # fmt: skip
    if token in cat["executive"]:
        found.append(executive_text(token, lang))
    if token in cat["turn_order"]:
        sp = cat["turn_order"][token]
        found.append(
            tr(N_("Turn Order space {space} ({side}): {text}"), lang, space=token,
               side=words.side_name(sp["side"], lang), text=sp["text"])
        )  # fmt: skip
    if token in cat["action"]:
        found.append(action_text(token, lang))
    if token in cat["building"]:
        b = cat["building"][token]
        found.append(
            tr(N_("Building {name}: costs {cost}, gives {gain}"), lang, name=b["name"],
               cost=b["cost_text"], gain=words.item_name(b["gain"], lang))
        )  # fmt: skip
    tile = load().tech_tile.get(token)
    if tile is not None:
        name = words.tech_name(token, lang)
        text = TECH_TEXT.get(tile.type, "")
        text = tr(text, lang) if text else tr(BUILDING_TECH, lang, building=name)
        found.append(tr(N_("{tech} Tech tile {tile}: {text}"), lang, tech=name, tile=token,
                        text=text))  # fmt: skip
    research = load().research
    if token.startswith("R") and token[1:] in research:
        found.append(research_text(token[1:], lang))
    elif token in research and not found:
        found.append(research_text(token, lang))
    return "\n".join(found)
