"""The Orbit side's main actions (§7): Landing Pod, Obtain Blueprint, Learn New Technology,
Research & Development, Resupply; and the Blueprint, Tech Grid and Warehouse picks they share
with bonuses and Executive actions."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from onmars.rules.actions import lab
from onmars.rules.actions.economy import (
    can_pay,
    contract_needs,
    crystal_room,
    gain,
    onto_contracts,
    storable,
)
from onmars.rules.actions.missions import contribute
from onmars.rules.actions.placement import place_colonist, placement_blocker
from onmars.rules.actions.setup import grid_row
from onmars.rules.actions.travel import start_travel
from onmars.rules.data.components import load
from onmars.rules.engine.engine import Candidate, PickStep, main_action, start_named
from onmars.rules.engine.errors import NO, Term, refuse
from onmars.rules.engine.frames import PickFrame, WarehouseFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import Player, State

# --- shared picks ------------


def blueprint_blocker(s: State, seat: int, explain: bool = True) -> str:
    if not s.players[seat].ab:
        if not explain:
            return NO
        return refuse("§7.2", "you have no free Advanced Building marker to put on a Blueprint")
    if not s.bp_display:
        return refuse("§7.2", "the Blueprint display is empty") if explain else NO
    return ""


@cache
def _pick(verb: str, *args: str) -> Move:
    """A shared pick move (``take BP04``, ``item water``): listing builds no new moves."""
    return Move(verb, args)


class TakeBlueprint(PickStep[PickFrame]):
    """Take a Blueprint: gain its item and park an Advanced Building marker on it (§7.2)."""

    name = "blueprint"
    rule = "§7.2"
    prompt = N_("take a Blueprint")

    @staticmethod
    def pick_candidates(s: State, f: PickFrame, explain: bool = False) -> list[Candidate]:
        blocked = blueprint_blocker(s, f["p"], explain)
        return [(_pick("take", b), blocked) for b in s.bp_display]

    @staticmethod
    def take(s: State, f: PickFrame, m: Move) -> None:
        bp = m.args[0]
        p = s.mut_player(f["p"])
        s.mut_bp_display().remove(bp)
        p.blueprints.append(bp)
        p.ab -= 1
        gain(p, load().blueprint[bp].gain)
        contribute(s, f["p"], "blueprint")

    @staticmethod
    def stray(s: State, f: PickFrame, m: Move) -> str:
        if m.verb == "take" and m.args:
            return refuse(
                "§7.2", "{bp} is not in the Blueprint display", bp=Term("card", " ".join(m.args))
            )
        return ""


def learn_candidates(s: State, seat: int, explain: bool = False) -> list[Candidate]:
    """``learn <tile> <space>`` for every Grid tile and column-1 Lab space: legal for a tile of
    a type you lack, whose row cost you can pay, onto an empty space (§7.3). Without
    ``explain`` only the legal ones are listed."""
    return list(_learn_candidates(s, seat, explain))


def _learn_candidates(s: State, seat: int, explain: bool) -> Iterator[Candidate]:
    """:func:`learn_candidates`, one at a time (a yes/no check stops at the first)."""
    p = s.players[seat]
    spaces = lab.column_spaces(1)
    types = lab.tech_types()
    held_types = {types[t] for t in p.lab.values()}  # one tile per type at most (§7.3)
    for space, tile in s.grid.items():
        if not tile:
            continue
        kind, cost = _grid_entry(space, tile)
        reason: str  # a Reason, or "" for a legal move
        if kind in held_types:
            if not explain:
                continue
            held = lab.tech_of_type(p, kind)
            reason = refuse(
                "§7.3",
                "you already have a {kind} Tech tile ({held})",
                kind=Term("techtype", kind),
                held=Term("tech", held),
            )
        elif not can_pay(p, cost):
            if not explain:
                continue
            reason = refuse(
                "§7.3",
                "{tile} costs {cost} (its Grid row) and you cannot pay it",
                tile=Term("tech", tile),
                cost=Term("items", tuple(cost)),
            )
        else:
            reason = ""
        for sp in spaces:
            if sp in p.lab:
                if explain:
                    taken = refuse("§7.3", "Lab space {space} is taken", space=Term("space", sp))
                    yield _pick("learn", tile, sp), reason or taken
            else:
                yield _pick("learn", tile, sp), reason


@cache
def _grid_entry(space: str, tile: str) -> tuple[str, tuple[str, ...]]:
    """A Grid tile's type and the cost of its Grid row (read once)."""
    return load().tech_tile[tile].type, tuple(load().grid_row[grid_row(space)].cost)


def learn_blocker(s: State, seat: int, explain: bool = True) -> str:
    p = s.players[seat]
    if all(sp in p.lab for sp in lab.column_spaces(1)):
        return refuse("§7.3", "both column-1 spaces of your Laboratory are full") if explain else NO
    if next(_learn_candidates(s, seat, False), None) is None:  # no legal move (none refused)
        if not explain:
            return NO
        return refuse(
            "§7.3", "no Tech tile in the Grid is of a type you lack and affordable to you"
        )
    return ""


class Learn(PickStep[PickFrame]):
    """Take a Tech tile from the Grid into Lab column 1 and gain that space's benefit (§7.3)."""

    name = "learn"
    rule = "§7.3"
    prompt = N_("take a Tech tile from the Grid")

    @staticmethod
    def pick_candidates(s: State, f: PickFrame, explain: bool = False) -> list[Candidate]:
        return learn_candidates(s, f["p"], explain)

    @staticmethod
    def take(s: State, f: PickFrame, m: Move) -> None:
        tile, space = m.args
        grid_space = next(g for g, t in s.grid.items() if t == tile)
        s.mut_grid()[grid_space] = ""
        s.mut_player(f["p"]).lab[space] = tile
        contribute(s, f["p"], "tech")
        lab.benefit_after_payment(s, f["p"], space, load().grid_row[grid_row(grid_space)].cost)

    @staticmethod
    def stray(s: State, f: PickFrame, m: Move) -> str:
        return learn_blocker(s, f["p"])


def warehouse_problems(
    s: State, seat: int, explain: bool = False, crystal: bool = True
) -> list[tuple[str, str]]:
    """(item, why ``seat`` cannot take it now) for every Warehouse item: a Resource needs room
    below its storage cap, a Crystal room in the Depot (§7.5), or else a Delivery contract
    that still needs it (RUL-21); and none when ``crystal`` is off (Executive row 7 takes a
    Resource, §13.2; rules version 0 let it take a Crystal, and keeps doing so). Every
    Warehouse route (Resupply, Turn Order spaces 1 and 7, the Lab benefit, Executive row 7,
    Advanced actions) reads it, and :class:`Warehouse` places the item by the same rule
    (:func:`_warehouse_place`)."""
    return list(_warehouse_problems(s, seat, explain, crystal))


def _warehouse_problems(
    s: State, seat: int, explain: bool, crystal: bool
) -> Iterator[tuple[str, str]]:
    """:func:`warehouse_problems`, one item at a time (a yes/no check stops at the first)."""
    p = s.players[seat]
    room = crystal_room(s, seat) > 0
    for item, left in s.warehouse.items():
        if not left:
            reason = (
                refuse("§7.5", "the Warehouse has no {item} left", item=Term("item", item))
                if explain
                else NO
            )
        elif item == "crystal" and not crystal and s.rules >= 1:  # version 0 took a Crystal
            reason = refuse("§13.2", RESOURCE_ONLY) if explain else NO
        elif _warehouse_place(s, p, item, room):
            reason = ""
        elif item == "crystal":
            reason = refuse("§7.5", NO_DEPOT_ROOM) if explain else NO
        else:
            reason = (
                refuse("§4", "your storage for {item} is full", item=Term("item", item))
                if explain
                else NO
            )
        yield item, reason


def _warehouse_place(s: State, p: Player, item: str, depot_room: bool) -> str:
    """Where a Warehouse item goes: ``"board"`` (Storage, or below the Depot for a Crystal when
    ``depot_room``, §7.5), ``"contract"`` (no room, but a Delivery contract of yours still needs
    it: RUL-21, from rules version 1) or ``""`` (nowhere: it cannot be taken)."""
    if depot_room if item == "crystal" else storable(p, item):
        return "board"
    if s.rules >= 1 and contract_needs(p, item):
        return "contract"
    return ""


NO_DEPOT_ROOM = N_("your Depot has no room for another Crystal (those waiting count)")
RESOURCE_ONLY = N_("this Executive action takes a Resource from the Warehouse, not a Crystal")


def can_take_warehouse(s: State, seat: int, crystal: bool = True) -> bool:
    """Whether :func:`warehouse_problems` allows an item, stopping at the first (yes/no)."""
    return any(not reason for _, reason in _warehouse_problems(s, seat, False, crystal))


class Warehouse(PickStep[WarehouseFrame]):
    """Take a Crystal or Resource from the Warehouse; only what you can store (§7.5) or what a
    Delivery contract of yours still needs, which goes onto it (RUL-21); a Resource only when
    the frame says ``crystal: False`` (Executive row 7, §13.2)."""

    name = "warehouse"
    rule = "§7.5"
    prompt = N_("take an item from the Warehouse")

    @staticmethod
    def pick_candidates(s: State, f: WarehouseFrame, explain: bool = False) -> list[Candidate]:
        crystal = f.get("crystal", True)
        return [(_pick("item", i), r) for i, r in warehouse_problems(s, f["p"], explain, crystal)]

    @staticmethod
    def take(s: State, f: WarehouseFrame, m: Move) -> None:
        item, p = m.args[0], s.mut_player(f["p"])
        s.mut_warehouse()[item] -= 1
        if _warehouse_place(s, p, item, crystal_room(s, p.seat) > 0) == "contract":
            onto_contracts(p, item, 1)  # RUL-21: straight onto the contract (§16)
        else:
            gain(p, item)


# --- main actions ------------


class LandingPod:
    """Travel to the Colony now without placing a Discovery tile; the turn then ends, so no
    Executive action may follow (RUL-15)."""

    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        return ""

    @staticmethod
    def start(s: State, seat: int) -> None:
        turn = s.mut_turn()
        turn["exec"] = turn["over"] = True
        start_travel(s, seat, "colony", explore=False)


class ObtainBlueprint:
    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        return placement_blocker(s, seat, "blueprint", explain=explain) or blueprint_blocker(
            s, seat, explain
        )

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "blueprint", boost=load().action["blueprint"].boost)
        place_colonist(s, seat, "blueprint")


class LearnTechnology:
    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        return learn_blocker(s, seat, explain)

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "learn", boost=load().action["tech"].boost)


class ResearchDevelopment:
    """Two developments, the second optional; each boost adds one. The sources leave it open
    (§7.4 "twice or two tiles once each"); we follow RB p.11's "You may develop 1 Tech tile
    twice or 2 Tech tiles once each" (tests/test_orbit.py)."""

    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        if not lab.can_develop(s.players[seat], paid=True):
            if not explain:
                return NO
            return refuse(
                "§7.4", "none of your Tech tiles can move to an empty space you can pay for"
            )
        keep = _crystal_needed(s, seat)
        return placement_blocker(s, seat, "rnd", keep_crystals=keep, explain=explain)

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "develop", n=2, boost=load().action["rnd"].boost, paid=True)
        place_colonist(s, seat, "rnd", keep_crystals=_crystal_needed(s, seat))


def _crystal_needed(s: State, seat: int) -> int:
    """1 when every affordable development needs a Crystal (into L6, RUL-3): the placement
    cost, however many Crystals it asks, may not take the last one."""
    p = s.players[seat]
    if not p.crystals:
        return 0
    return 0 if lab.can_develop(p, paid=True, crystals=0) else 1


class Resupply:
    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        if not can_take_warehouse(s, seat):
            return refuse("§7.5", "the Warehouse has nothing you can store") if explain else NO
        return ""

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "warehouse", boost=load().action["resupply"].boost)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (TakeBlueprint, Learn, Warehouse)
MAIN_ACTIONS = (
    main_action("pod", "§7.1", LandingPod),
    main_action("blueprint", "§7.2", ObtainBlueprint),
    main_action("tech", "§7.3", LearnTechnology),
    main_action("rnd", "§7.4", ResearchDevelopment),
    main_action("resupply", "§7.5", Resupply),
)
