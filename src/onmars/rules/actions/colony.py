"""The Colony side's main actions (§9): Control Center, Welcome a Ship, Upgrade a Building."""

from __future__ import annotations

from onmars.rules.actions import lab
from onmars.rules.actions.economy import can_pay, charge, fresh_colonists, new_colonists
from onmars.rules.actions.mars import cells_of, complex_of, displace, zone
from onmars.rules.actions.missions import contribute
from onmars.rules.actions.placement import place_colonist, placement_blocker
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.engine.engine import (
    Candidate,
    PickStep,
    Step,
    legal,
    main_action,
    pop,
    push,
    start_named,
)
from onmars.rules.engine.errors import NO, Term, refuse
from onmars.rules.engine.frames import Frame, ShipFrame, ShipRewardFrame, UpgradeFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State


class ControlCenter:
    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        return ""

    @staticmethod
    def start(s: State, seat: int) -> None:
        mp = load().value("bot_mp")[0], load().value("rover_mp")[0]
        push(s, "control", seat, bot_mp=mp[0], rover_mp=mp[1])


def ship_cost() -> list[str]:
    """1 Plant + 1 Water (§9.4; data: the ``ship`` action's cost)."""
    return list(load().action["ship"].cost)


# --- Welcome a Ship ------------


def ship_blocker(s: State, seat: int, free: bool = False, explain: bool = True) -> str:
    p = s.players[seat]
    if p.ships_out >= s.level:
        if not explain:
            return NO
        return refuse(
            "§9.4",
            "you have moved {out} Ship(s) out of your Depot and the Colony level is {level}; "
            "no more until it rises (RUL-14)",
            out=p.ships_out,
            level=s.level,
        )
    if not p.depot_ships:
        return refuse("§9.4", "no Ship is left in your Depot") if explain else NO
    if not free and not can_pay(p, ship_cost()):
        return refuse("§9.4", "welcoming a Ship costs 1 Plant and 1 Water") if explain else NO
    return ""


class WelcomeShip(PickStep[ShipFrame]):
    """Pay 1 Plant + 1 Water, move a Ship of your choice from the Depot to the Hangar (opening
    that row's Executive action), then take the reward (§9.4, RUL-14)."""

    name = "ship"
    rule = "§9.4"
    prompt = N_("welcome a Ship: choose the Depot row it leaves")

    @staticmethod
    def pick_candidates(s: State, f: ShipFrame, explain: bool = False) -> list[Candidate]:
        blocked = ship_blocker(s, f["p"], f.get("free", False), explain)
        return [(mv("ship", row), blocked) for row in s.players[f["p"]].depot_ships]

    @classmethod
    def boost_problem(cls, s: State, f: ShipFrame, can_pick: bool, explain: bool) -> str:
        """Colonists gained this turn, by a Ship or any other means, cannot pay for a boost
        (§9.4)."""
        reason = super(WelcomeShip, cls).boost_problem(s, f, can_pick, explain)  # noqa: UP008 - mypyc binds super() in a classmethod wrongly
        if reason or s.players[f["p"]].lq > fresh_colonists(s, f["p"]):
            return reason
        return (
            refuse("§9.4", "Colonists gained this turn cannot pay for a boost") if explain else NO
        )

    @staticmethod
    def take(s: State, f: ShipFrame, m: Move) -> None:
        p = s.mut_player(f["p"])
        p.depot_ships.remove(m.number(0))
        p.hangar += 1
        p.ships_out += 1
        push(s, "ship_reward", p.seat, extra=f.get("extra", 0))
        if not f.get("free"):
            charge(s, p.seat, ship_cost())

    @staticmethod
    def stray(s: State, f: ShipFrame, m: Move) -> str:
        return ship_blocker(s, f["p"], f.get("free", False)) or (
            refuse("§9.4", "choose a Depot row that still holds a Ship") if m.verb == "ship" else ""
        )


class ShipReward(Step[ShipRewardFrame]):
    """2 Colonists, or 1 Colonist and 1 Bot (§9.4); a Ship Tech may add one Colonist (RUL-4)."""

    name = "ship_reward"
    rule = "§9.4"
    prompt = N_("choose the Ship's reward")

    @staticmethod
    def options(s: State, f: ShipRewardFrame) -> list[Move]:
        out = [mv("reward", "colonists")]
        if s.players[f["p"]].bots:
            out.append(mv("reward", "bot"))
        if not f.get("tech"):  # RUL-4: only a Ship Tech that would bring the extra Colonist
            # RUL-4's "already moved out": the Ships out before this one, not counting it
            before = s.players[f["p"]].ships_out - 1
            out += [
                mv("use", t)
                for t, _, level in lab.techs_in_play(s, "ship", f["p"])
                if level >= before
            ]
        return out

    @staticmethod
    def apply(s: State, f: ShipRewardFrame, m: Move | None) -> None:
        assert m is not None
        p = s.mut_player(f["p"])
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


class NewBot(Step[Frame]):
    name = "new_bot"
    rule = "§9.4"
    prompt = N_("place your new Bot")
    forced = True

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        return [mv("place", hexmap.text(c)) for c in new_bot_cells(s, f["p"])]

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        s.mut_bot()[m.cell(0)] = f["p"]


class WelcomeAShip:
    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        return ship_blocker(s, seat, explain=explain)

    @staticmethod
    def start(s: State, seat: int) -> None:
        start_named(s, seat, "ship", boost=load().action["ship"].boost)


# --- Upgrade a Building ------------


def upgrade_candidates(
    s: State, seat: int, in_zone: bool, free: bool = False, explain: bool = False
) -> list[Candidate]:
    """``upgrade <blueprint> <q,r>``: an unbuilt Blueprint of yours on a matching building with
    no Advanced Building marker, in a Bot zone unless ``in_zone`` is off; Level 3 Blueprints
    need a Complex of 3 or more; Shelters only your own; 1 Mineral (§9.3). Without ``explain``
    only the legal ones are listed."""
    p = s.players[seat]
    unpaid = "" if free or can_pay(p, ["mineral"]) else NO
    if unpaid and not explain:
        return []
    if unpaid:
        unpaid = refuse("§9.3", "an upgrade costs 1 Mineral and you cannot pay it (§23.1)")
    cells = zone(s, seat) if in_zone else range(len(s.bld))
    out: list[Candidate] = []
    for bp_id in p.blueprints:
        if bp_id in p.built:
            continue
        bp = load().blueprint[bp_id]
        kind = f"shelter:{seat}" if bp.building == "shelter" else bp.building
        for c in cells:
            if s.bld[c] != kind:
                continue
            if s.ab[c] >= 0:
                if explain:
                    out.append((_upgrade(bp_id, c), refuse("§9.3", MARKED, where=hexmap.text(c))))
            elif bp.level == 3 and len(complex_of(s, c)) < 3:
                if explain:
                    out.append((_upgrade(bp_id, c), refuse("§9.3", SMALL, bp=Term("card", bp_id))))
            else:
                out.append((_upgrade(bp_id, c), unpaid))
        if explain and in_zone:
            away = refuse("§9.3", "the building is not in a building zone of your Bots")
            out += [(_upgrade(bp_id, c), away) for c in cells_of(s.bld, kind) if c not in cells]
    return out


MARKED = N_("the building at {where} already holds an Advanced Building marker")
SMALL = N_("{bp} is a Level 3 Blueprint: its building must be part of a Complex of 3 or more")


def _upgrade(bp: str, cell: int) -> Move:
    return mv("upgrade", bp, hexmap.text(cell))


def upgrade_targets(s: State, seat: int, in_zone: bool, free: bool = False) -> list[Move]:
    """The legal ``upgrade <blueprint> <q,r>`` moves (:func:`upgrade_candidates`)."""
    return legal(upgrade_candidates(s, seat, in_zone, free))


class Upgrade(PickStep[UpgradeFrame]):
    """Upgrade Buildings: frame ``zone`` (Bot zone required), ``tech`` (may use an Upgrade Tech
    for level-many extra upgrades, §8.2)."""

    name = "upgrade"
    rule = "§9.3"
    prompt = N_("upgrade a Building")

    @staticmethod
    def pick_candidates(s: State, f: UpgradeFrame, explain: bool = False) -> list[Candidate]:
        return upgrade_candidates(s, f["p"], f.get("zone", True), f.get("free", False), explain)

    @classmethod
    def candidates(cls, s: State, f: UpgradeFrame, explain: bool = False) -> list[Candidate]:
        """The upgrades, then ``use <tile>`` for each Upgrade Tech in play: once, by the
        Upgrade a Building action, while an upgrade is possible (§8.2)."""
        out = super(Upgrade, cls).candidates(s, f, explain)  # noqa: UP008 - mypyc binds super() in a classmethod wrongly
        techs = lab.techs_in_play(s, "upgrade", f["p"])
        if not techs:
            return out
        if f.get("tech") == "allowed" and any(not r for _, r in out) and cls.picks(s, f):
            reason = ""
        elif not explain:
            reason = NO
        elif f.get("tech") == "used":
            reason = refuse("§8.2", "an Upgrade Tech is used once per action")
        elif f.get("tech") != "allowed":
            reason = refuse("§8.2", "only the Upgrade a Building action may use an Upgrade Tech")
        else:
            reason = refuse("§9.3", "no upgrade is possible for the Tech to repeat")
        return out + [(mv("use", t), reason) for t, _, _ in techs]

    @classmethod
    def apply(cls, s: State, f: UpgradeFrame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "use":
            f["n"] += lab.use_tech(s, f["p"], m.args[0])
            f["tech"] = "used"
            return
        super(Upgrade, cls).apply(s, f, m)  # noqa: UP008 - mypyc binds super() in a classmethod wrongly

    @staticmethod
    def take(s: State, f: UpgradeFrame, m: Move) -> None:
        p = s.mut_player(f["p"])
        cell = m.cell(1)
        p.built.append(m.args[0])
        displace(s, cell)
        s.mut_ab()[cell] = p.seat
        contribute(s, p.seat, "advanced_building")
        if not f.get("free"):
            charge(s, p.seat, ["mineral"])

    @staticmethod
    def stray(s: State, f: UpgradeFrame, m: Move) -> str:
        return refuse(
            "§9.3", "choose one of your unbuilt Blueprints and a matching building in a Bot zone"
        )


class UpgradeBuilding:
    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        if not upgrade_targets(s, seat, in_zone=True):
            if not explain:
                return NO
            return refuse(
                "§9.3", "no unbuilt Blueprint of yours matches a building in your Bots' zones"
            )
        return placement_blocker(s, seat, "upgrade", explain=explain)

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
