"""The Orbit side's main actions (§7): Landing Pod, Obtain Blueprint, Learn New Technology,
Research & Development, Resupply; and the Blueprint, Tech Grid and Warehouse picks they share
with bonuses and Executive actions."""

from __future__ import annotations

from onmars.rules import lab
from onmars.rules.components import load
from onmars.rules.economy import can_pay, crystal_room, gain, storable
from onmars.rules.engine import Frame, PickStep, main_action, start_named
from onmars.rules.missions import contribute
from onmars.rules.moves import Move, mv
from onmars.rules.placement import place_colonist, placement_blocker
from onmars.rules.setup import grid_row
from onmars.rules.state import State
from onmars.rules.travel import start_travel

# --- shared picks ------------


def blueprint_blocker(s: State, seat: int) -> str:
    if not s.players[seat].ab:
        return "§7.2: you have no free Advanced Building marker to put on a Blueprint"
    if not s.bp_display:
        return "§7.2: the Blueprint display is empty"
    return ""


class TakeBlueprint(PickStep):
    """Take a Blueprint: gain its item and park an Advanced Building marker on it (§7.2)."""

    name = "blueprint"
    rule = "§7.2"
    prompt = "take a Blueprint"

    @staticmethod
    def picks(s: State, f: Frame) -> list[Move]:
        if blueprint_blocker(s, f["p"]):
            return []
        return [mv("take", b) for b in s.bp_display]

    @staticmethod
    def take(s: State, f: Frame, m: Move) -> None:
        bp = m.args[0]
        p = s.players[f["p"]]
        s.bp_display.remove(bp)
        p.blueprints.append(bp)
        p.ab -= 1
        gain(p, load().blueprint[bp].gain)
        contribute(s, f["p"], "blueprint")

    @staticmethod
    def why(s: State, f: Frame, m: Move) -> str:
        return blueprint_blocker(s, f["p"]) or (
            f"§7.2: {' '.join(m.args)} is not in the Blueprint display" if m.verb == "take" else ""
        )


def learnable(s: State, seat: int) -> list[Move]:
    """``learn <tile> <space>``: a Grid tile of a type you lack, whose row cost you can pay, onto
    an empty column-1 Lab space (§7.3)."""
    p = s.players[seat]
    free = [sp for sp in lab.column_spaces(1) if sp not in p.lab]
    out = []
    for space, tile in s.grid.items():
        if not tile or lab.tech_of_type(p, load().tech_tile[tile].type):
            continue
        if can_pay(p, load().grid_row[grid_row(space)].cost):
            out += [mv("learn", tile, sp) for sp in free]
    return out


def learn_blocker(s: State, seat: int) -> str:
    p = s.players[seat]
    if all(sp in p.lab for sp in lab.column_spaces(1)):
        return "§7.3: both column-1 spaces of your Laboratory are full"
    if not learnable(s, seat):
        return "§7.3: no Tech tile in the Grid is of a type you lack and affordable to you"
    return ""


class Learn(PickStep):
    """Take a Tech tile from the Grid into Lab column 1 and gain that space's benefit (§7.3)."""

    name = "learn"
    rule = "§7.3"
    prompt = "take a Tech tile from the Grid"

    @staticmethod
    def picks(s: State, f: Frame) -> list[Move]:
        return learnable(s, f["p"])

    @staticmethod
    def take(s: State, f: Frame, m: Move) -> None:
        tile, space = m.args
        grid_space = next(g for g, t in s.grid.items() if t == tile)
        s.grid[grid_space] = ""
        s.players[f["p"]].lab[space] = tile
        contribute(s, f["p"], "tech")
        lab.benefit_after_payment(s, f["p"], space, load().grid_row[grid_row(grid_space)].cost)

    @staticmethod
    def why(s: State, f: Frame, m: Move) -> str:
        return learn_blocker(s, f["p"])


def warehouse_items(s: State, seat: int) -> list[str]:
    """Warehouse items ``seat`` can store now: a Resource below its storage cap, a Crystal only
    with room in the Depot (§7.5). Every Warehouse route (Resupply, Turn Order spaces 1 and 7,
    the Lab benefit, Executive row 7, Advanced actions) lists its picks here."""
    p = s.players[seat]
    room = crystal_room(s, seat) > 0
    return [i for i, k in s.warehouse.items() if k and (room if i == "crystal" else storable(p, i))]


class Warehouse(PickStep):
    """Take a Crystal or Resource from the Warehouse; only what you can store (§7.5)."""

    name = "warehouse"
    rule = "§7.5"
    prompt = "take an item from the Warehouse"

    @staticmethod
    def picks(s: State, f: Frame) -> list[Move]:
        return [mv("item", i) for i in warehouse_items(s, f["p"])]

    @staticmethod
    def take(s: State, f: Frame, m: Move) -> None:
        s.warehouse[m.args[0]] -= 1
        gain(s.players[f["p"]], m.args[0])

    @staticmethod
    def why(s: State, f: Frame, m: Move) -> str:
        if m.verb == "item" and m.args and m.args[0] in s.warehouse:
            if not s.warehouse[m.args[0]]:
                return f"§7.5: the Warehouse has no {m.args[0]} left"
            if m.args[0] == "crystal":
                return "§7.5: your Depot has no room for another Crystal (those waiting count)"
            return f"§4: your storage for {m.args[0]} is full"
        return ""


# --- main actions ------------


class LandingPod:
    """Travel to the Colony now without placing a Discovery tile; the turn then ends, so no
    Executive action may follow (RUL-15)."""

    @staticmethod
    def blocker(s: State, seat: int) -> str:
        return ""

    @staticmethod
    def start(s: State, seat: int) -> None:
        s.turn["exec"] = s.turn["over"] = True
        start_travel(s, seat, "colony", explore=False)


class ObtainBlueprint:
    @staticmethod
    def blocker(s: State, seat: int) -> str:
        return placement_blocker(s, seat, "blueprint") or blueprint_blocker(s, seat)

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "blueprint", boost=load().action["blueprint"].boost)
        place_colonist(s, seat, "blueprint")


class LearnTechnology:
    @staticmethod
    def blocker(s: State, seat: int) -> str:
        return learn_blocker(s, seat)

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "learn", boost=load().action["tech"].boost)


class ResearchDevelopment:
    """Two developments, the second optional (our reading of "twice"); each boost adds one."""

    @staticmethod
    def blocker(s: State, seat: int) -> str:
        if not lab.developments(s.players[seat], paid=True):
            return "§7.4: none of your Tech tiles can move to an empty space you can pay for"
        return placement_blocker(s, seat, "rnd", keep_crystals=_crystal_needed(s, seat))

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
    saved, p.crystals = p.crystals, 0
    without = lab.developments(p, paid=True)
    p.crystals = saved
    return 0 if without else 1


class Resupply:
    @staticmethod
    def blocker(s: State, seat: int) -> str:
        if not warehouse_items(s, seat):
            return "§7.5: the Warehouse has nothing you can store"
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
