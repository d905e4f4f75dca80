"""Earth Contracts held by players (§16, RUL-10, seed item 3).

Delivery contracts take their depicted items from your board at any time during your turn
(``deliver <contract> <item>``); Minerals never stand in for another item and Private Goal cards
are never Crystals here (seed item 3, and its Q&A). Items on a contract never come back (RUL-15).
A contract is *completed* the moment its condition holds (RUL-10): that counts for the Contracts
Mission and Private Goal 13, and the completion is kept even if the condition later fails.

Decisions where the rules are silent:

- RUL-10 checks completion "after every action", for every holder: another player's
  construction may grow the Complex under your Advanced Building marker to 4 and complete your
  Upgrade contract; the Mission Crystals are then yours. The acting player is checked first, then
  the others in seat order (which matters only for the last step of the Mission).
- At the final scoring (§16, §24.2) the engine moves items only onto contracts they complete:
  a partial delivery scores nothing and would only cost tie-break Crystals (§24.4). Contracts
  completed there score as completed but contribute to no Mission: the game is over (§24.1).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import permutations

from onmars.rules.actions.economy import real_crystals
from onmars.rules.actions.mars import Layout, layout
from onmars.rules.actions.missions import contribute
from onmars.rules.data.components import load
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import Player, State


def missing(p: Player, cid: str) -> Counter[str]:
    """Items a Delivery contract still needs."""
    return Counter(load().contract[cid].items) - Counter(p.delivered.get(cid, []))


def _needed(p: Player, cid: str) -> set[str]:
    """The kinds of item a Delivery contract still needs (no Counter: a hot path)."""
    need = list(load().contract[cid].items)
    for item in p.delivered.get(cid, ()):
        need.remove(item)
    return set(need)


def deliveries(s: State, seat: int) -> list[Move]:
    """``deliver <contract> <item>``: an item the card still needs, from your Storage or Depot;
    only the very item depicted (seed item 3)."""
    p = s.players[seat]
    out: list[Move] = []
    for cid in p.contracts:
        kinds = _delivery_kinds(cid)
        if not kinds or cid in p.contracts_done:
            continue
        for item in sorted(_needed(p, cid)) if p.delivered.get(cid) else kinds:
            have = real_crystals(s, p) if item == "crystal" else p.res[item]
            if have:
                out.append(_deliver_move(cid, item))
    return out


@cache
def _delivery_kinds(cid: str) -> tuple[str, ...]:
    """The kinds of item a Delivery contract needs, sorted (none for another contract)."""
    card = load().contract[cid]
    return tuple(sorted(set(card.items))) if card.kind == "delivery" else ()


@cache
def _deliver_move(cid: str, item: str) -> Move:
    """``deliver <contract> <item>``, built once."""
    return mv("deliver", cid, item)


def deliver(s: State, seat: int, cid: str, item: str, record: bool = True) -> None:
    p = s.mut_player(seat)
    if item == "crystal":
        p.crystals -= 1
        if s.turn.get("p") == seat and "real_crystals" in s.turn:
            s.mut_turn()["real_crystals"] -= 1  # a real Crystal, never a Private Goal card (§18.1)
    else:
        p.res[item] -= 1
    p.delivered.setdefault(cid, []).append(item)
    if record:
        settle(s, seat)


def contract_done(s: State, p: Player, cid: str, lay: Layout | None = None) -> bool:
    """Delivery: every item on the card; Upgrade: your marker on a Complex of 4+ of the type
    (§16, RUL-10). ``lay``: ``layout(s)``, if already known."""
    items, building = _terms(cid)
    if items:  # only needed items go on: full when as long as the card
        return len(p.delivered.get(cid, ())) == items
    seat, ab = p.seat, s.ab
    kind = f"shelter:{seat}" if building == "shelter" else building
    for c in (lay or layout(s)).in_complexes(kind, UPGRADE_SIZE):  # noqa: SIM110 - hot path
        if ab[c] == seat:
            return True
    return False


@cache
def _terms(cid: str) -> tuple[int, str]:
    """A Delivery contract's count of items (0 for an Upgrade contract) and an Upgrade
    contract's building type."""
    contract = load().contract[cid]
    return (len(contract.items) if contract.kind == "delivery" else 0), contract.building


#: The size of Complex an Upgrade contract asks for (§16).
UPGRADE_SIZE = 4


def settle_player(s: State, seat: int, mission: bool = True, lay: Layout | None = None) -> None:
    p = s.players[seat]
    for cid in p.contracts:
        if cid not in p.contracts_done and contract_done(s, p, cid, lay):
            p = s.mut_player(seat)  # read until now: copied only when it changes
            p.contracts_done.append(cid)
            if mission:
                contribute(s, seat, "contract")


def settle(s: State, seat: int) -> None:
    """Record every contract whose condition holds now, the acting ``seat``'s first (RUL-10:
    checked after every action, for every holder)."""
    players, lay = s.players, None
    for k in range(seat - len(players), seat):  # seat, the next ones, then round to seat - 1
        p = players[k]
        if len(p.contracts_done) < len(p.contracts):  # one is still open
            if lay is None:
                lay = layout(s)  # the map is the same for every holder: found once
            settle_player(s, p.seat, lay=lay)


def _completable(p: Player, order: tuple[str, ...]) -> tuple[list[str], dict[str, int]]:
    """Delivery contracts of ``order`` the player's items complete, taken in that order."""
    have = dict(p.res, crystal=p.crystals)
    done = []
    for cid in order:
        need = missing(p, cid)
        if all(have[item] >= k for item, k in need.items()):
            for item, k in need.items():
                have[item] -= k
            done.append(cid)
    return done, have


def final_deliveries(s: State) -> None:
    """Before final scoring every player may still move items onto contracts (§16): the engine
    completes as many Delivery contracts as the player's items allow, keeping the most Crystals
    (tie-break, §24.4); it never makes a partial delivery."""
    for seat in range(s.n):
        p = s.mut_player(seat)
        open_ = [
            cid
            for cid in p.contracts
            if cid not in p.contracts_done and load().contract[cid].kind == "delivery"
        ]
        if not open_:
            continue
        best = max(
            (_completable(p, order) for order in permutations(open_)),
            key=lambda r: (len(r[0]), r[1]["crystal"]),
        )
        for cid in best[0]:
            for item, k in missing(p, cid).items():
                for _ in range(k):
                    deliver(s, p.seat, cid, item, record=False)
        settle_player(s, p.seat, mission=False)
