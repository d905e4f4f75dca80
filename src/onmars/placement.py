"""Red Colonist placement on action slots (§6.2, §6.5, seed item 2)."""

from __future__ import annotations

from onmars.components import load
from onmars.engine import Frame, Step, pop, push, step
from onmars.moves import Move, mv
from onmars.state import State


def _slot_count(action: str) -> int:
    return load().action[action].slots


def clear_full_slots(s: State, action: str) -> None:
    """All slots taken: every Colonist of the player(s) with the most there goes to their
    Working Area first (§6.2 step 2). The Scientist/Contract slots never clear (§6.5)."""
    slots = s.slots[action]
    if action == "hire" or len(slots) < _slot_count(action):
        return
    counts = {seat: slots.count(seat) for seat in set(slots)}
    most = max(counts.values())
    for seat, k in counts.items():
        if k == most:
            s.players[seat].wa += k
    s.slots[action] = [seat for seat in slots if counts[seat] != most]


def extra_cost(s: State, seat: int, action: str, cleared: bool = True) -> int:
    """Payments owed to place here: 3-4 players one per other colour present, 2 players one per
    Colonist present, your own included (§6.2 step 3, §25). Counted after clearing."""
    slots = list(s.slots[action])
    if not cleared and action != "hire" and len(slots) >= _slot_count(action):
        counts = {x: slots.count(x) for x in set(slots)}
        most = max(counts.values())
        slots = [x for x in slots if counts[x] != most]
    if s.n == 2:
        return len(slots)
    return len({x for x in slots if x != seat})


def placement_blocker(
    s: State, seat: int, action: str, keep: int = 0, keep_crystals: int = 0
) -> str:
    """Why ``seat`` cannot place a Colonist on ``action`` now ("" if it can), keeping ``keep``
    Colonists in Living Quarters and ``keep_crystals`` Crystals for the action itself (a Mine's
    Miner, §9.2; a Crystal a development needs, §7.4)."""
    p = s.players[seat]
    if p.lq <= keep:
        return "§6.2: you need a Colonist in your Living Quarters to place on this action"
    if action == "hire" and seat in s.slots["hire"]:
        return "§6.5: your Colonist already occupies your Scientist/Contract slot"
    owed = extra_cost(s, seat, action, cleared=False)
    spare, crystals = p.lq - 1 - keep, p.crystals - keep_crystals
    if crystals + spare < owed:
        return (
            f"§6.2: placing here costs {owed} Crystal(s) or Colonist(s) and you have "
            f"{crystals} spare Crystal(s) and {spare} spare Colonist(s)"
        )
    return ""


def place_colonist(s: State, seat: int, action: str, keep: int = 0, keep_crystals: int = 0) -> None:
    """Clear full slots, put the Colonist on a slot and ask for the extra cost (§6.2); ``keep``
    Colonists and ``keep_crystals`` Crystals may not pay it (see :func:`placement_blocker`)."""
    clear_full_slots(s, action)
    owed = extra_cost(s, seat, action)
    s.players[seat].lq -= 1
    s.slots[action].append(seat)
    if owed:
        push(s, "placement_cost", seat, owed=owed, keep=keep, keep_crystals=keep_crystals)


@step
class PlacementCost(Step):
    """Each payment is a Crystal from the Depot or a Colonist Living Quarters → Working Area."""

    name = "placement_cost"
    rule = "§6.2"
    prompt = "pay for placing your Colonist"
    forced = True

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
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
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        p = s.players[f["p"]]
        if m.args[0] == "crystal":
            p.crystals -= 1
        else:
            p.lq -= 1
            p.wa += 1
        f["owed"] -= 1
        if not f["owed"]:
            pop(s, f)
