"""The Colony side's main actions (§9): Control Center, Welcome a Ship, Upgrade a Building."""

from __future__ import annotations

from onmars.rules import hexmap, lab
from onmars.rules.components import load
from onmars.rules.economy import can_pay, charge, fresh_colonists, new_colonists
from onmars.rules.engine import Frame, PickStep, Step, main_action, pop, push, start_named
from onmars.rules.mars import complex_of, displace, zone
from onmars.rules.missions import contribute
from onmars.rules.moves import Move, mv
from onmars.rules.placement import place_colonist, placement_blocker
from onmars.rules.state import State


class ControlCenter:
    @staticmethod
    def blocker(s: State, seat: int) -> str:
        return ""

    @staticmethod
    def start(s: State, seat: int) -> None:
        mp = load().value("bot_mp")[0], load().value("rover_mp")[0]
        push(s, "control", seat, bot_mp=mp[0], rover_mp=mp[1])


def ship_cost() -> list[str]:
    """1 Plant + 1 Water (§9.4; data: the ``ship`` action's cost)."""
    return list(load().action["ship"].cost)


# --- Welcome a Ship ------------


def ship_blocker(s: State, seat: int, free: bool = False) -> str:
    p = s.players[seat]
    if p.ships_out >= s.level:
        return (
            f"§9.4: you have moved {p.ships_out} Ship(s) out of your Depot and the Colony level "
            f"is {s.level}; no more until it rises (RUL-14)"
        )
    if not p.depot_ships:
        return "§9.4: no Ship is left in your Depot"
    if not free and not can_pay(p, ship_cost()):
        return "§9.4: welcoming a Ship costs 1 Plant and 1 Water"
    return ""


class WelcomeShip(PickStep):
    """Pay 1 Plant + 1 Water, move a Ship of your choice from the Depot to the Hangar (opening
    that row's Executive action), then take the reward (§9.4, RUL-14)."""

    name = "ship"
    rule = "§9.4"
    prompt = "welcome a Ship: choose the Depot row it leaves"

    @staticmethod
    def picks(s: State, f: Frame) -> list[Move]:
        if ship_blocker(s, f["p"], f.get("free", False)):
            return []
        return [mv("ship", row) for row in s.players[f["p"]].depot_ships]

    @classmethod
    def options(cls, s: State, f: Frame) -> list[Move]:
        """Colonists gained this turn, by a Ship or any other means, cannot pay for a boost
        (§9.4)."""
        out = super().options(s, f)
        if s.players[f["p"]].lq <= fresh_colonists(s, f["p"]):
            out = [m for m in out if m.verb != "boost"]
        return out

    @staticmethod
    def take(s: State, f: Frame, m: Move) -> None:
        p = s.players[f["p"]]
        p.depot_ships.remove(int(m.args[0]))
        p.hangar += 1
        p.ships_out += 1
        push(s, "ship_reward", p.seat, extra=f.get("extra", 0))
        if not f.get("free"):
            charge(s, p.seat, ship_cost())

    @staticmethod
    def why(s: State, f: Frame, m: Move) -> str:
        return ship_blocker(s, f["p"])


class ShipReward(Step):
    """2 Colonists, or 1 Colonist and 1 Bot (§9.4); a Ship Tech may add one Colonist (RUL-4)."""

    name = "ship_reward"
    rule = "§9.4"
    prompt = "choose the Ship's reward"

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        out = [mv("reward", "colonists")]
        if s.players[f["p"]].bots:
            out.append(mv("reward", "bot"))
        if not f.get("tech"):  # RUL-4: only a Ship Tech that would bring the extra Colonist
            before = s.players[f["p"]].ships_out - 1  # Ships moved out before this one
            out += [
                mv("use", t)
                for t, _, level in lab.techs_in_play(s, "ship", f["p"])
                if level >= before
            ]
        return out

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        p = s.players[f["p"]]
        if m.verb == "use":
            lab.use_tech(s, p.seat, m.args[0])  # offered only if its level suffices (RUL-4)
            f["tech"] = m.args[0]
            f["extra"] = f.get("extra", 0) + 1
            return
        pop(s, f)
        colonists = f.get("extra", 0) + (2 if m.args[0] == "colonists" else 1)
        new_colonists(s, p.seat, colonists)
        if m.args[0] == "bot":
            p.bots -= 1
            push(s, "new_bot", p.seat)
            contribute(s, p.seat, "bot")


def new_bot_cells(s: State, seat: int) -> list[int]:
    """One of your Shelters with no piece; else the empty hexes closest to one of your Shelters
    (§9.4 step 4). Empty means nothing at all on the hex (§4): unlike a displaced piece, a new
    Bot never goes onto a building. Ties are the owner's choice (RUL-1)."""
    mine = f"shelter:{seat}"
    shelters = [c for c, kind in enumerate(s.bld) if kind == mine]
    free = [c for c in shelters if not s.occupied(c)]
    if free:
        return free
    dist = {c: min(hexmap.walk(sh, c) for sh in shelters) for c in range(len(s.bld)) if s.empty(c)}
    low = min(dist.values(), default=0)
    return [c for c, d in dist.items() if d == low]


class NewBot(Step):
    name = "new_bot"
    rule = "§9.4"
    prompt = "place your new Bot"
    forced = True

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        return [mv("place", hexmap.text(c)) for c in new_bot_cells(s, f["p"])]

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        cell = hexmap.parse(m.args[0])
        assert cell is not None
        s.bot[cell] = f["p"]


class WelcomeAShip:
    @staticmethod
    def blocker(s: State, seat: int) -> str:
        return ship_blocker(s, seat)

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "ship", boost=load().action["ship"].boost)


# --- Upgrade a Building ------------


def upgrade_targets(s: State, seat: int, in_zone: bool, free: bool = False) -> list[Move]:
    """``upgrade <blueprint> <q,r>``: an unbuilt Blueprint of yours on a matching building with
    no Advanced Building marker, in a Bot zone unless ``in_zone`` is off; Level 3 Blueprints
    need a Complex of 3 or more; Shelters only your own; 1 Mineral (§9.3)."""
    p = s.players[seat]
    if not free and not can_pay(p, ["mineral"]):
        return []
    cells = zone(s, seat) if in_zone else range(len(s.bld))
    out = []
    for bp_id in p.blueprints:
        if bp_id in p.built:
            continue
        bp = load().blueprint[bp_id]
        kind = f"shelter:{seat}" if bp.building == "shelter" else bp.building
        for c in cells:
            if s.bld[c] != kind or s.ab[c] >= 0:
                continue
            if bp.level == 3 and len(complex_of(s, c)) < 3:
                continue
            out.append(mv("upgrade", bp_id, hexmap.text(c)))
    return out


class Upgrade(PickStep):
    """Upgrade Buildings: frame ``zone`` (Bot zone required), ``tech`` (may use an Upgrade Tech
    for level-many extra upgrades, §8.2)."""

    name = "upgrade"
    rule = "§9.3"
    prompt = "upgrade a Building"

    @staticmethod
    def picks(s: State, f: Frame) -> list[Move]:
        return upgrade_targets(s, f["p"], f.get("zone", True), f.get("free", False))

    @classmethod
    def options(cls, s: State, f: Frame) -> list[Move]:
        out = super().options(s, f)
        if f.get("tech") == "allowed" and out and cls.picks(s, f):
            out += [mv("use", t) for t, _, _ in lab.techs_in_play(s, "upgrade", f["p"])]
        return out

    @classmethod
    def apply(cls, s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "use":
            f["n"] += lab.use_tech(s, f["p"], m.args[0])
            f["tech"] = "used"
            return
        super().apply(s, f, m)

    @staticmethod
    def take(s: State, f: Frame, m: Move) -> None:
        p = s.players[f["p"]]
        cell = hexmap.parse(m.args[1])
        assert cell is not None
        p.built.append(m.args[0])
        displace(s, cell)
        s.ab[cell] = p.seat
        contribute(s, p.seat, "advanced_building")
        if not f.get("free"):
            charge(s, p.seat, ["mineral"])

    @staticmethod
    def why(s: State, f: Frame, m: Move) -> str:
        return "§9.3: choose one of your unbuilt Blueprints and a matching building in a Bot zone"


class UpgradeBuilding:
    @staticmethod
    def blocker(s: State, seat: int) -> str:
        if not upgrade_targets(s, seat, in_zone=True):
            return "§9.3: no unbuilt Blueprint of yours matches a building in your Bots' zones"
        return placement_blocker(s, seat, "upgrade")

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "upgrade", boost=load().action["upgrade"].boost, tech=True)
        place_colonist(s, seat, "upgrade")


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (WelcomeShip, ShipReward, NewBot, Upgrade)
MAIN_ACTIONS = (
    main_action("control", "§9.1", ControlCenter),
    main_action("ship", "§9.4", WelcomeAShip),
    main_action("upgrade", "§9.3", UpgradeBuilding),
)
