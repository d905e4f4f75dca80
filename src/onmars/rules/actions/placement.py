"""Red Colonist placement on action slots (§6.2, §6.5, seed item 2)."""

from __future__ import annotations

from onmars.rules.data.components import load
from onmars.rules.engine.engine import Step, pop, push
from onmars.rules.engine.errors import NO, refuse
from onmars.rules.engine.frames import PlacementCostFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State


def _slot_count(action: str) -> int:
    return load().action[action].slots


def after_clearing(s: State, action: str) -> list[int]:
    """The slots once full ones are cleared: when all are taken, every Colonist of the
    player(s) with the most there leaves (§6.2 step 2); the Scientist/Contract slots never
    clear (§6.5)."""
    slots = s.slots[action]
    if action == "hire" or len(slots) < _slot_count(action):
        return list(slots)
    most = max(slots.count(x) for x in slots)
    return [x for x in slots if slots.count(x) != most]


def clear_full_slots(s: State, action: str) -> None:
    """Cleared Colonists go to their owners' Working Areas (§6.2 step 2)."""
    kept = after_clearing(s, action)
    for seat in s.slots[action]:
        if seat not in kept:
            s.mut_player(seat).wa += 1
    s.mut_slots()[action] = kept


def extra_cost(s: State, seat: int, action: str, cleared: bool = True) -> int:
    """Payments owed to place here: 3-4 players one per other colour present, 2 players one per
    Colonist present, your own included (§6.2 step 3, §25). Counted after clearing."""
    slots = s.slots[action] if cleared else after_clearing(s, action)
    if s.n == 2:
        return len(slots)
    return len({x for x in slots if x != seat})


def placement_blocker(
    s: State, seat: int, action: str, keep: int = 0, keep_crystals: int = 0, explain: bool = True
) -> str:
    """Why ``seat`` cannot place a Colonist on ``action`` now ("" if it can; a token without
    ``explain``), keeping ``keep`` Colonists in Living Quarters and ``keep_crystals`` Crystals
    for the action itself (a Mine's Miner, §9.2; a Crystal a development needs, §7.4)."""
    p = s.players[seat]
    if p.lq <= keep:
        if not explain:
            return NO
        return refuse("§6.2", "you need a Colonist in your Living Quarters to place on this action")
    if action == "hire" and seat in s.slots["hire"]:
        if not explain:
            return NO
        return refuse("§6.5", "your Colonist already occupies your Scientist/Contract slot")
    owed = extra_cost(s, seat, action, cleared=False)
    spare, crystals = p.lq - 1 - keep, p.crystals - keep_crystals
    if crystals + spare < owed:
        if not explain:
            return NO
        return refuse(
            "§6.2",
            "placing here costs {owed} Crystal(s) or Colonist(s) and you have {crystals} spare "
            "Crystal(s) and {spare} spare Colonist(s)",
            owed=owed,
            crystals=crystals,
            spare=spare,
        )
    return ""


def place_colonist(s: State, seat: int, action: str, keep: int = 0, keep_crystals: int = 0) -> None:
    """Clear full slots, put the Colonist on a slot and ask for the extra cost (§6.2); ``keep``
    Colonists and ``keep_crystals`` Crystals may not pay it (see :func:`placement_blocker`)."""
    clear_full_slots(s, action)
    owed = extra_cost(s, seat, action)
    s.mut_player(seat).lq -= 1
    s.mut_slots()[action].append(seat)
    if owed:
        push(s, "placement_cost", seat, owed=owed, keep=keep, keep_crystals=keep_crystals)


class PlacementCost(Step[PlacementCostFrame]):
    """Each payment is a Crystal from the Depot or a Colonist Living Quarters → Working Area."""

    name = "placement_cost"
    rule = "§6.2"
    prompt = N_("pay for placing your Colonist")
    forced = True

    @staticmethod
    def options(s: State, f: PlacementCostFrame) -> list[Move]:
        p = s.players[f["p"]]
        spare, rest = p.lq - f.get("keep", 0), f["owed"] - 1
        crystals = p.crystals - f.get("keep_crystals", 0)
        out = []
        if crystals > 0 and crystals - 1 + spare >= rest:
            out.append(mv("pay", "crystal"))
        if spare > 0 and crystals + spare - 1 >= rest:
            out.append(mv("pay", "colonist"))
        return out

    @staticmethod
    def apply(s: State, f: PlacementCostFrame, m: Move | None) -> None:
        assert m is not None
        p = s.mut_player(f["p"])
        if m.args[0] == "crystal":
            p.crystals -= 1
        else:
            p.lq -= 1
            p.wa += 1
        f["owed"] -= 1
        if not f["owed"]:
            pop(s, f)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (PlacementCost,)
