"""Earth Contracts held by players (§16, RUL-10, seed item 3).

Delivery contracts take their depicted items from your board at any time during your turn
(``deliver <contract> <item>``); Minerals never stand in for another item and Private Goal cards
are never Crystals here. Items on a contract never come back (RUL-15). A contract is
*completed* the moment its condition holds (RUL-10): that counts for the Contracts Mission and
Private Goal 13, and the completion is kept even if the condition later fails.
"""

from __future__ import annotations

from collections import Counter

from onmars.components import load
from onmars.mars import complex_of
from onmars.missions import contribute
from onmars.moves import Move, mv
from onmars.state import Player, State


def missing(p: Player, cid: str) -> Counter[str]:
    """Items a Delivery contract still needs."""
    return Counter(load().contract[cid].items) - Counter(p.delivered.get(cid, []))


def real_crystals(s: State, p: Player) -> int:
    """Crystals from the Depot, not Private Goal cards spent as Crystals this turn (§18.1)."""
    cap = s.turn.get("real_crystals")
    return p.crystals if cap is None else min(p.crystals, cap)


def deliveries(s: State, seat: int) -> list[Move]:
    p = s.players[seat]
    out = []
    for cid in p.contracts:
        if load().contract[cid].kind != "delivery" or cid in p.contracts_done:
            continue
        for item in sorted(missing(p, cid)):
            have = real_crystals(s, p) if item == "crystal" else p.res[item]
            if have:
                out.append(mv("deliver", cid, item))
    return out


def deliver(s: State, seat: int, cid: str, item: str) -> None:
    p = s.players[seat]
    if item == "crystal":
        p.crystals -= 1
    else:
        p.res[item] -= 1
    p.delivered.setdefault(cid, []).append(item)
    settle(s, seat)


def contract_done(s: State, p: Player, cid: str) -> bool:
    """Delivery: every item on the card; Upgrade: your marker on a Complex of 4+ of the type
    (§16, RUL-10)."""
    contract = load().contract[cid]
    if contract.kind == "delivery":
        return sorted(p.delivered.get(cid, [])) == sorted(contract.items)
    kind = f"shelter:{p.seat}" if contract.building == "shelter" else contract.building
    return any(
        s.ab[c] == p.seat and s.bld[c] == kind and len(complex_of(s, c)) >= 4
        for c in range(len(s.bld))
    )


def settle(s: State, seat: int) -> None:
    """Record contracts whose condition holds now (RUL-10: checked after every action)."""
    p = s.players[seat]
    for cid in p.contracts:
        if cid not in p.contracts_done and contract_done(s, p, cid):
            p.contracts_done.append(cid)
            contribute(s, seat, "contract")


def final_deliveries(s: State) -> None:
    """Before final scoring every player may still move items onto contracts (§16); moving
    them never costs points, so the engine does it for everyone."""
    for p in s.players:
        while moves := deliveries(s, p.seat):
            deliver(s, p.seat, *moves[0].args)
