"""The effects several components share, each defined once (issue 9).

A Lab space, a Turn Order space, a Discovery or Research tile, an LSS bonus, a Private Goal
reward, an Executive row and an Advanced Building action all name their effect in the data with
its parameters, e.g. ``{ effect = "upgrade", n = 2, must = 0, free = true }``. Each effect here
is a ``start`` that pushes its frames, whose keyword-only parameters (with their defaults) are
the parameters the data may set, and a ``blocker`` saying why it could do nothing now ("" if it
could). The registry (:mod:`onmars.registry`) checks the data against these signatures.

Shared parameters: ``n`` how many, ``must`` how many are compulsory (0: ``done`` declines the
effect, as every Lab benefit and Turn Order bonus allows, §20, RUL-2), ``boost`` how one more is
bought ("colonist": a Colonist from Living Quarters to the Working Area, §6.3).

Frames carry only the keys that differ from their step's defaults, so that a frame is the same
whichever component started it.
"""

from __future__ import annotations

from typing import Any

from onmars.rules.actions import lab
from onmars.rules.actions.colony import ship_blocker, upgrade_targets
from onmars.rules.actions.construction import construct_blocker, push_construct
from onmars.rules.actions.economy import gain, new_colonists, storable
from onmars.rules.actions.movement import push_rover_move
from onmars.rules.actions.orbit import blueprint_blocker, can_take_warehouse, learn_blocker
from onmars.rules.actions.science import KINDS, hire_blocker, push_hire
from onmars.rules.actions.travel import OTHER, no_colonist_room, start_travel
from onmars.rules.data.components import load
from onmars.rules.engine.engine import Effect, push, push_picks
from onmars.rules.engine.errors import NO, Term, refuse
from onmars.rules.engine.state import State


def _ok(s: State, seat: int, **_: object) -> str:
    return ""


# --- Tech (§7.3, §7.4, §8) ------------


def develop(
    s: State, seat: int, *, n: int = 1, must: int = 1, boost: str = "none", paid: bool = True
) -> None:
    """Develop Tech tiles ``n`` times (one tile or several); free when not ``paid``."""
    push_picks(s, "develop", seat, n=n, must=must, boost=boost, paid=paid)


def develop_blocker(
    s: State, seat: int, *, paid: bool = True, explain: bool = True, **_: object
) -> str:
    if lab.can_develop(s.players[seat], paid=paid):
        return ""
    if not explain:
        return NO
    if paid:
        return refuse("§7.4", "none of your Tech tiles can move to an empty space you can pay for")
    return refuse("§7.4", "none of your Tech tiles has an empty space to move to")


def learn(s: State, seat: int, *, n: int = 1, must: int = 1, boost: str = "none") -> None:
    """Take Tech tiles from the Grid, paying its row (§7.3)."""
    push_picks(s, "learn", seat, n=n, must=must, boost=boost)


def learn_effect_blocker(s: State, seat: int, explain: bool = True, **_: object) -> str:
    return learn_blocker(s, seat, explain)


# --- Picks from the shared boards (§7.2, §7.5) ------------


def blueprint(s: State, seat: int, *, n: int = 1, must: int = 1, boost: str = "none") -> None:
    """Take Blueprints from the display (§7.2)."""
    push_picks(s, "blueprint", seat, n=n, must=must, boost=boost)


def blueprint_effect_blocker(s: State, seat: int, explain: bool = True, **_: object) -> str:
    return blueprint_blocker(s, seat, explain)


def warehouse(
    s: State, seat: int, *, n: int = 1, must: int = 1, boost: str = "none", crystal: bool = True
) -> None:
    """Take items from the Warehouse, only what you can store (§7.5); without ``crystal`` a
    Resource only (Executive row 7, §13.2: Crystals are no Resource, §0.3)."""
    extra = {} if crystal else {"crystal": False}
    push_picks(s, "warehouse", seat, n=n, must=must, boost=boost, **extra)


def warehouse_blocker(
    s: State, seat: int, explain: bool = True, crystal: bool = True, **_: object
) -> str:
    if can_take_warehouse(s, seat, crystal):
        return ""
    return refuse("§7.5", "the Warehouse has nothing you can store") if explain else NO


def gain_item(
    s: State, seat: int, *, item: str = "", n: int = 1, must: int = 1, room: bool = False
) -> None:
    """Gain ``n`` of ``item`` from the supply (beyond storage they are lost, §4); with ``must``
    0 the player may decline (a Lab space, §20)."""
    if must:
        gain(s.mut_player(seat), item, n)
    else:
        push_picks(s, "lab_gain", seat, must=0, item=item)


def gain_blocker(
    s: State, seat: int, *, item: str = "", room: bool = False, explain: bool = True, **_: object
) -> str:
    """With ``room``, at least one must fit in storage (a Discovery tile you could not use at
    all cannot be claimed, §9.1)."""
    if room and not storable(s.players[seat], item):
        return (
            refuse("§4", "your storage for {item} is full", item=Term("item", item))
            if explain
            else NO
        )
    return ""


# --- Buildings (§9.2-9.4) ------------


def upgrade(
    s: State,
    seat: int,
    *,
    n: int = 1,
    must: int = 1,
    boost: str = "none",
    zone: bool = True,
    tech: bool = False,
    free: bool = False,
) -> None:
    """Upgrade Buildings (§9.3): in a Bot zone unless ``zone`` is off, an Upgrade Tech allowed
    with ``tech``, no Mineral when ``free``."""
    data: dict[str, object] = {"zone": zone}
    if tech:
        data["tech"] = "allowed"
    if free:
        data["free"] = True
    push_picks(s, "upgrade", seat, n=n, must=must, boost=boost, **data)


def upgrade_blocker(
    s: State, seat: int, *, zone: bool = True, free: bool = False, explain: bool = True, **_: object
) -> str:
    if upgrade_targets(s, seat, in_zone=zone, free=free):
        return ""
    if not explain:
        return NO
    where = refuse("", "in your Bots' zones") if zone else refuse("", "without a marker")
    return refuse("§9.3", "no unbuilt Blueprint of yours matches a building {where}", where=where)


def construct(s: State, seat: int, *, types: tuple[str, ...] = ()) -> None:
    """One construction by the usual rules (§9.2); ``types`` limits the building type."""
    push_construct(s, seat, list(types) if types else None)


def construct_effect_blocker(
    s: State, seat: int, *, types: tuple[str, ...] = (), explain: bool = True, **_: object
) -> str:
    return construct_blocker(s, seat, list(types) if types else None, explain=explain)


def ship(
    s: State, seat: int, *, must: int = 1, boost: str = "none", free: bool = False, extra: int = 0
) -> None:
    """Welcome a Ship (§9.4, RUL-14); ``free``: no Plant and Water; ``extra`` Colonists."""
    data: dict[str, Any] = {}  # the frame's optional keys (a frame is a dict of Any)
    if free:
        data["free"] = True
    if extra:
        data["extra"] = extra
    push_picks(s, "ship", seat, must=must, boost=boost, **data)


def ship_effect_blocker(
    s: State, seat: int, *, free: bool = False, explain: bool = True, **_: object
) -> str:
    return ship_blocker(s, seat, free=free, explain=explain)


# --- Pieces on Mars (§9.1) ------------


def bots(s: State, seat: int, *, n: int = 2) -> None:
    """``n`` movement points for your Bots; Crystals buy more (§9.1, RUL-2)."""
    push(s, "move_bots", seat, mp=n)


def bots_blocker(s: State, seat: int, explain: bool = True, **_: object) -> str:
    if seat in s.bot:
        return ""
    return refuse("§9.1", "you have no Bot on Mars to move") if explain else NO


def rover(s: State, seat: int, *, n: int = 2, tech: bool = False) -> None:
    """Move your Rover ``n`` hexes; Crystals buy more, a Rover Tech with ``tech`` (§9.1)."""
    push_rover_move(s, seat, n, crystals=True, tech=tech)


# --- Colonists, cards, travel ------------


def colonists(s: State, seat: int, *, n: int = 1, must: int = 1) -> None:
    """New Colonists from your supply into Living Quarters (§9.4); with ``must`` 0 (a Turn
    Order bonus) each is offered, ``gain colonist`` or ``done`` (every bonus is optional,
    RUL-2). Rules version 1 took them at once."""
    if not must and s.rules >= 2:
        push_picks(s, "colonist_bonus", seat, n=n, must=0)
    else:
        new_colonists(s, seat, n)


def colonists_blocker(
    s: State, seat: int, *, must: int = 1, explain: bool = True, **_: object
) -> str:
    """An optional Colonist that could not be used (Living Quarters full, or none left in your
    supply) is skipped, not offered (RUL-2)."""
    return "" if must or s.rules < 2 else no_colonist_room(s, seat, explain)


def retrieve(s: State, seat: int, *, n: int = 1, miners: bool = False) -> None:
    """Up to ``n`` of your Colonists back to Living Quarters from Action slots and the Working
    Area, and from Mines with ``miners`` (§18.2)."""
    push(s, "goal_retrieve", seat, n=n, miners=miners)


def choose_resources(s: State, seat: int, *, n: int = 1) -> None:
    """Up to ``n`` Resources of your choice from the supply, not Minerals (§18.2 PG02)."""
    push(s, "goal_gain", seat, n=n)


def hire(s: State, seat: int, *, kinds: tuple[str, ...] = (), free: bool = False) -> None:
    """A Scientist or an Earth Contract from the display, placing no Colonist (§9.5); ``free``:
    at no cost."""
    push_hire(s, seat, kinds=list(kinds) if kinds else None, free=free)


def hire_effect_blocker(
    s: State,
    seat: int,
    *,
    kinds: tuple[str, ...] = (),
    free: bool = False,
    explain: bool = True,
    **_: object,
) -> str:
    if not free:
        return hire_blocker(s, seat, kinds=list(kinds) if kinds else None)
    if any(card in s.science for kind in kinds or KINDS for card in _cards_of(s, kind)):
        return ""
    return refuse("§9.5", "the display holds no card of that kind") if explain else NO


def _cards_of(s: State, kind: str) -> list[str]:
    table = load().scientist if kind == "scientist" else load().contract
    return [c for c in s.science if c in table]


def travel(s: State, seat: int, *, to: str = "") -> None:
    """Travel with the usual steps, to ``to`` or else to the other side (§12.3, §12.4)."""
    start_travel(s, seat, to or OTHER[s.players[seat].side])


def travel_blocker(s: State, seat: int, *, to: str = "", explain: bool = True, **_: object) -> str:
    if to and s.players[seat].side == to:
        if not explain:
            return NO
        return refuse(
            "§12", "your marker is already on the {side} side", side=refuse("", to.capitalize())
        )
    return ""


EFFECTS: tuple[Effect, ...] = (
    Effect("develop", "§7.4", develop, develop_blocker),
    Effect("learn", "§7.3", learn, learn_effect_blocker),
    Effect("blueprint", "§7.2", blueprint, blueprint_effect_blocker),
    Effect("warehouse", "§7.5", warehouse, warehouse_blocker),
    Effect("gain", "§4", gain_item, gain_blocker),
    Effect("upgrade", "§9.3", upgrade, upgrade_blocker),
    Effect("construct", "§9.2", construct, construct_effect_blocker),
    Effect("ship", "§9.4", ship, ship_effect_blocker),
    Effect("bots", "§9.1", bots, bots_blocker),
    Effect("rover", "§9.1", rover, _ok),
    Effect("colonists", "§9.4", colonists, colonists_blocker),
    Effect("retrieve", "§18.2", retrieve, _ok),
    Effect("choose_resources", "§18.2", choose_resources, _ok),
    Effect("hire", "§9.5", hire, hire_effect_blocker),
    Effect("travel", "§12", travel, travel_blocker),
)
