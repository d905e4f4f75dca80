"""Resources, Crystals, Colonists and Opportunity Points on a player board (§4, §23).

Costs are lists of tokens: a Resource id, ``"any"`` (one Resource of the payer's choice) or
``"crystal"``. Minerals may pay for any other Resource, never for a Crystal (§23.1).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from onmars.rules.data.components import RESOURCES, load
from onmars.rules.engine.engine import Step, pop, push
from onmars.rules.engine.frames import PayFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import Player, State


def shelters_built(p: Player) -> int:
    return load().value("shelters")[0] - p.shelters


def storage_cap(p: Player) -> int:
    """Each Resource row holds (your Shelters on Mars) + 1 (§4)."""
    return shelters_built(p) + 1


def lq_cap(p: Player) -> int:
    """Living Quarters: 4 slots, +2 per Shelter beyond the first (§4)."""
    c = load()
    return c.value("lq_base")[0] + c.value("lq_per_shelter")[0] * (shelters_built(p) - 1)


def depot_cap(p: Player) -> int:
    """Free Depot spaces: 8 less the Ships still in the Depot (§4)."""
    return load().value("depot_spaces")[0] - len(p.depot_ships)


def crystals_in(p: Player) -> bool:
    """Crystals below the Depot move in, up to its free spaces; the rest are lost (seed item 3;
    at the start of your turn and once more at the end of the game, §24.1). Whether some went
    onto a Delivery contract instead."""
    total = p.crystals + p.pending
    p.crystals = min(total, depot_cap(p))
    p.pending = 0
    spilled = total - p.crystals
    if not spilled:
        return False
    left = onto_contracts(p, "crystal", spilled)  # a contract may take what the Depot cannot
    lose(p, "crystal", left)
    return left < spilled


def storable(p: Player, item: str) -> bool:
    """Can a Resource gained from the supply be stored now? Crystals from the supply always
    wait below the Depot (seed item 3); a Warehouse Crystal needs :func:`crystal_room`."""
    return item == "crystal" or p.res[item] < storage_cap(p)


def real_crystals(s: State, p: Player) -> int:
    """Crystals in the Depot, not Private Goal cards spent as Crystals this turn (§18.1): a
    payment uses the cards first (they are lost with the turn), so what is paid never leaves a
    card behind as a Depot Crystal."""
    cap = s.turn.get("real_crystals") if s.turn.get("p") == p.seat else None
    return p.crystals if cap is None else min(p.crystals, cap)


def crystal_room(s: State, seat: int) -> int:
    """Crystals ``seat`` could still store: the empty Depot spaces less the Crystals already
    waiting below the Depot (§7.5: you cannot take from the Warehouse what you cannot store).
    Private Goal cards spent as Crystals this turn fill no Depot space (§18.1); from rules
    version 1 a card already paid out frees no space either (issue 21.2: version 0 counted
    every card spent this turn as a free space, paid out or not)."""
    p = s.players[seat]
    if s.rules >= 1:
        return depot_cap(p) - real_crystals(s, p) - p.pending
    cards = s.turn.get("cards", 0) if s.turn.get("p") == seat else 0
    return depot_cap(p) - (p.crystals - cards) - p.pending


def gain(p: Player, item: str, n: int = 1) -> int:
    """Gain from the supply; Resources beyond storage are lost, Crystals go below the Depot
    (seed item 3). Returns how many were kept."""
    if item == "crystal":
        p.pending += n
        return n
    kept = max(0, min(n, storage_cap(p) - p.res[item]))
    p.res[item] += kept
    if n > kept:
        lose(p, item, onto_contracts(p, item, n - kept))
    return kept


def lose(p: Player, item: str, n: int) -> None:
    """``n`` of ``item`` found no room and go back to the supply (counted for the events)."""
    if n:
        p.lost[item] = p.lost.get(item, 0) + n


def onto_contracts(p: Player, item: str, n: int) -> int:
    """Gained items a Delivery contract of yours still needs may go straight onto it, past your
    storage (§16); with nowhere else to go they always do, since they would be lost. Returns
    how many found no place."""
    for cid in p.contracts:
        room = _contract_room(p, cid, item)
        if n and room > 0:
            p.delivered[cid] = p.delivered.get(cid, []) + [item] * min(n, room)
            n -= min(n, room)
    return n


def contract_needs(p: Player, item: str) -> bool:
    """Whether a Delivery contract of yours still needs ``item`` (§16: :func:`onto_contracts`
    would place it)."""
    return any(_contract_room(p, cid, item) > 0 for cid in p.contracts)


def _contract_room(p: Player, cid: str, item: str) -> int:
    """How many more of ``item`` a contract takes (none but on a Delivery contract)."""
    card = load().contract[cid]
    if card.kind != "delivery":
        return 0
    return card.items.count(item) - p.delivered.get(cid, []).count(item)


def score(p: Player, n: int, source: str) -> None:
    """In-game Opportunity Points, kept by source for the score breakdown."""
    p.op += n
    p.op_by[source] = p.op_by.get(source, 0) + n


# --- Colonists ------------


def to_wa(p: Player, n: int = 1) -> None:
    assert p.lq >= n
    p.lq -= n
    p.wa += n


def to_lq(p: Player, n: int) -> None:
    """Colonists returning to Living Quarters; those that do not fit go to the supply (§6.2)."""
    room = max(0, lq_cap(p) - p.lq)
    p.lq += min(n, room)
    p.reserve += n - min(n, room)


def new_colonists(s: State, seat: int, n: int) -> None:
    """Colonists gained from your supply into Living Quarters; the excess stays in supply
    (§9.4). Those gained during your turn are counted: they cannot pay a Ship boost (§9.4)."""
    p = s.mut_player(seat)
    moved = min(n, p.reserve, max(0, lq_cap(p) - p.lq))
    p.reserve -= moved
    p.lq += moved
    if s.turn.get("p") == seat:
        turn = s.mut_turn()
        turn["new_colonists"] = turn.get("new_colonists", 0) + moved


def colonist_room(p: Player) -> bool:
    """A Colonist of the supply could enter Living Quarters now (§9.4)."""
    return p.reserve > 0 and p.lq < lq_cap(p)


def fresh_colonists(s: State, seat: int) -> int:
    """Colonists ``seat`` gained during the current turn, by any means (§9.4)."""
    return s.turn.get("new_colonists", 0) if s.turn.get("p") == seat else 0


# --- Paying ------------


def can_pay(p: Player, cost: list[str] | tuple[str, ...], crystals: int | None = None) -> bool:
    """Whether the player can pay every token of ``cost`` now (§23.1), with ``crystals`` in
    the Depot if given."""
    return _can_pay(p.res, p.crystals if crystals is None else crystals, cost)


def _can_pay(res: dict[str, int], crystals: int, cost: list[str] | tuple[str, ...]) -> bool:
    """:func:`can_pay` for Resources ``res`` and ``crystals`` Crystals."""
    if len(cost) == 1:  # the common case: one token
        token = cost[0]
        if token == "crystal":
            return crystals > 0
        if token == "any":
            return any(res.values())
        return res[token] > 0 or res["mineral"] > 0
    if not cost:
        return True
    crystal, mineral, any_, per_resource = _tally(cost if type(cost) is tuple else tuple(cost))
    if crystal > crystals:
        return False
    minerals = res["mineral"] - mineral
    if minerals < 0:
        return False
    spare = 0  # what is left over for "any"
    for r, k in per_resource:
        short = k - res[r]
        if short > 0:
            minerals -= short
        else:
            spare -= short
    if minerals < 0:
        return False
    return any_ <= spare + minerals


@cache
def _tally(cost: tuple[str, ...]) -> tuple[int, int, int, tuple[tuple[str, int], ...]]:
    """A cost counted once: Crystals, Minerals, "any", then (Resource, count) for each
    Resource but Mineral, in :data:`RESOURCES` order."""
    need = Counter(cost)
    per_resource = tuple((r, need[r]) for r in RESOURCES[1:])
    return need["crystal"], need["mineral"], need["any"], per_resource


def payment_options(p: Player, token: str) -> list[str]:
    """Items that could pay ``token`` on their own."""
    if token == "crystal":
        return ["crystal"] if p.crystals else []
    if token == "any":
        return [r for r in RESOURCES if p.res[r]]
    return [r for r in dict.fromkeys((token, "mineral")) if p.res[r]]


def spend(p: Player, item: str) -> None:
    if item == "crystal":
        p.crystals -= 1
    else:
        p.res[item] -= 1
    assert p.crystals >= 0 and min(p.res.values()) >= 0


def charge(s: State, seat: int, cost: list[str]) -> None:
    """Push a payment of ``cost`` (checked payable); choices become ``pay <item>`` moves."""
    if cost:
        push(s, "pay", seat, cost=list(cost))


class Pay(Step[PayFrame]):
    """Pay a cost one token at a time; only the real choices (Mineral or the Resource, which
    Resource for "any") are asked (§23.1)."""

    name = "pay"
    rule = "§23.1"
    prompt = N_("pay the cost")
    forced = True

    @staticmethod
    def options(s: State, f: PayFrame) -> list[Move]:
        """Each item that pays the first token and leaves the rest payable."""
        p = s.players[f["p"]]
        token, rest = f["cost"][0], f["cost"][1:]
        out = []
        for item in payment_options(p, token):
            if item == "crystal":
                ok = _can_pay(p.res, p.crystals - 1, rest)
            else:
                ok = _can_pay({**p.res, item: p.res[item] - 1}, p.crystals, rest)
            if ok:
                out.append(_pay_move(item))
        return out

    @staticmethod
    def apply(s: State, f: PayFrame, m: Move | None) -> None:
        assert m is not None
        spend(s.mut_player(f["p"]), m.args[0])
        f["cost"].pop(0)
        if not f["cost"]:
            pop(s, f)


@cache
def _pay_move(item: str) -> Move:
    return Move("pay", (item,))


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (Pay,)
