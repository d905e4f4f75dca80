"""The Advanced Building actions (§13.3, §14, components.md §4) that no other component shares.

A Blueprint whose marker is on Mars unlocks its action, used as Executive row 8 (executive.py):
for 2 Crystals, or free through a Scientist (§13.4). Each Blueprint names its action as an
effect in data/cards.toml: most are effects every source shares (an upgrade, a Warehouse pick,
a Tech from the Grid, ... in :mod:`onmars.effects`); the unique ones are defined here, each a
``start`` that pushes its frames and a ``blocker`` saying why it could do nothing now ("" if it
could; checked before it is offered, so a chosen action never dead-ends). The effect belongs to
whoever uses the action: through a Scientist that may be another player than the Blueprint's
owner.

Boosts (§6.3, §6.4, §13.3): a teal Colonist boost moves one Colonist Living Quarters → Working
Area for one more step; the construction actions ask for their boosts first (``boost`` /
``done``), each adding 1 to the Tech level of that one construction. Recycling Bots (BP21) and
Command Center (BP24) are boosted by Crystals from the Depot, one movement point each.

Move notation added here: ``produce <q,r>`` (BP03 boost), ``gain <resource>`` (BP20),
``retrieve <wa|action id>`` (BP18, BP19), ``radar <discovery tile>`` (BP15 first use); Bots
moving as Rovers (BP21) step one hex at a time with ``bot <from> <to>``, then ``claim`` /
``skip`` for each tile they ended on.
"""

from __future__ import annotations

from functools import cache

from onmars.rules.actions import construction, lab
from onmars.rules.actions.discovery import resolve, usable
from onmars.rules.actions.economy import gain, lq_cap, score, storable, storage_cap, to_lq, to_wa
from onmars.rules.actions.movement import push_rover_move, rover_steps
from onmars.rules.actions.travel import produced, producers, production
from onmars.rules.data import hexmap
from onmars.rules.data.components import RESOURCES, load
from onmars.rules.engine.engine import (
    BOOST,
    DONE,
    NO_COLONIST,
    Candidate,
    Effect,
    PickStep,
    Step,
    effect_blocker,
    pop,
    push,
    push_picks,
    start_effect,
)
from onmars.rules.engine.errors import NO, Term, refuse, terms
from onmars.rules.engine.frames import (
    BoostFrame,
    ControlFrame,
    Frame,
    PickFrame,
    RetrievePickFrame,
    TradeFrame,
)
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State


def title(bp: str) -> Term:
    """The Blueprint as a refusal names it: "BP01 Construction Yard" (建筑工地（BP01）)."""
    return Term("card", bp, f"{bp} {load().blueprint[bp].name}")


def action_blocker(s: State, seat: int, bp: str, explain: bool = True) -> str:
    """Why ``seat`` could do nothing with Blueprint ``bp``'s action now ("" if it could; a
    token without ``explain``)."""
    return effect_blocker(s, seat, load().blueprint[bp].effect, explain)


def start_action(s: State, seat: int, bp: str) -> None:
    start_effect(s, seat, load().blueprint[bp].effect)


# --- BP02, 04, 06, 08, 10, 12: construct the Blueprint's building type (§9.2, §13.3) ------------


def construct_problem(
    s: State, seat: int, types: list[str], boosts: int, more: int = 0, explain: bool = True
) -> str:
    """Why no construction of ``types`` is possible after ``more`` further boosts on top of
    ``boosts`` already paid ("" if one is): the boost Colonists leave Living Quarters first,
    since a Mine needs one there for its Miner (§9.2)."""
    miners = s.players[seat].lq - more
    return construction.construct_blocker(
        s, seat, types, tech_bonus=boosts + more, miners=miners, explain=explain
    )


def boost_range(s: State, seat: int, types: list[str], boosts: int) -> tuple[bool, bool]:
    """(a construction is possible now, one is possible after one or more further boosts), with
    ``boosts`` already paid. Each further boost adds 1 to the Tech level and takes a Colonist
    out of Living Quarters, where a Mine's Miner must remain (§9.2, §13.3)."""
    lq = s.players[seat].lq
    now = later = False
    for btype, need in construction.bonus_needs(s, seat, types).items():
        keep = 1 if load().building_type[btype].needs_colonist else 0
        now = now or (need <= boosts and lq >= keep)
        later = later or max(1, need - boosts) <= lq - keep
        if now and later:
            break
    return now, later


def construct_boosted(s: State, seat: int, *, types: tuple[str, ...] = ()) -> None:
    """Construct a building of the Blueprint's type by the usual rules; each boost, declared
    before building, adds 1 to the Tech level for this construction (§13.3)."""
    push(s, "ab_boost", seat, kind="construct", types=list(types), n=0)


def construct_boosted_blocker(
    s: State, seat: int, *, types: tuple[str, ...] = (), explain: bool = True
) -> str:
    if _boostable(s, seat, types):
        return ""
    if not explain:  # nothing buildable after every boost: nothing buildable now either
        return NO
    return construct_problem(s, seat, list(types), 0)


def _boostable(s: State, seat: int, types: tuple[str, ...]) -> bool:
    """``any(boost_range(s, seat, types, 0))`` found by :func:`construction.can_build`: some
    type can be built once every Colonist in Living Quarters but a Mine's Miner is spent on
    boosts, each +1 to the Tech level (§9.2, §13.3)."""
    lq = s.players[seat].lq
    return any(
        lq >= keep and construction.can_build(s, seat, group, lq - keep, miners=1)
        for keep, group in _by_miner(types)
    )


@cache
def _by_miner(types: tuple[str, ...]) -> tuple[tuple[int, list[str]], ...]:
    """(Colonists kept back for a Miner, the types that keep that many), non-empty groups
    only: a Mine keeps one in Living Quarters (§9.2)."""
    groups: dict[int, list[str]] = {0: [], 1: []}
    for btype in types:
        groups[1 if load().building_type[btype].needs_colonist else 0].append(btype)
    return tuple((keep, group) for keep, group in groups.items() if group)


def casino(s: State, seat: int, *, n: int = 2) -> None:
    """BP11: gain ``n`` Crystals (below the Depot, §4); each boost one more."""
    gain(s.mut_player(seat), "crystal", n)
    push(s, "ab_boost", seat, kind="casino", n=0)


class Boost(Step[BoostFrame]):
    """Teal-Colonist boosts of an Advanced Building action: each ``boost`` moves one Colonist
    Living Quarters → Working Area (§6.3, §13.3); ``done`` goes on. Frame ``kind``:
    ``construct`` (each boost +1 Tech level; ``done`` then starts the construction of
    ``types``) or ``casino`` (each boost +1 Crystal). ``n``: boosts paid."""

    name = "ab_boost"
    rule = "§13.3"
    prompt = N_("boost the action (one Colonist to your Working Area each) or go on")
    forced = True

    @staticmethod
    def candidates(s: State, f: BoostFrame, explain: bool = False) -> list[Candidate]:
        """``boost`` while a Colonist is in Living Quarters (and, for a construction, while a
        construction is still possible after it), then ``done`` (for a construction, once one
        is possible)."""
        p = s.players[f["p"]]
        if f["kind"] != "construct":
            return [(BOOST, "" if p.lq else _no_lq(explain)), (DONE, "")]
        now, later = boost_range(s, f["p"], f["types"], f["n"])
        if later:
            boost = ""
        elif not explain:
            boost = NO
        elif not p.lq:
            boost = _no_lq(explain)
        else:
            boost = refuse("§13.3", "no construction is possible after a further boost")
        if now:
            done = ""
        else:
            done = construct_problem(s, f["p"], f["types"], f["n"], explain=explain)
            done = done or (refuse("§13.3", "no construction is possible now") if explain else NO)
        return [(BOOST, boost), (DONE, done)]

    @staticmethod
    def apply(s: State, f: BoostFrame, m: Move | None) -> None:
        assert m is not None
        p = s.mut_player(f["p"])
        if m.verb == "boost":
            to_wa(p)
            f["n"] += 1
            if f["kind"] == "casino":
                gain(p, "crystal")
            return
        pop(s, f)
        if f["kind"] == "construct":
            construction.push_construct(s, f["p"], f["types"], tech_bonus=f["n"])


def _no_lq(explain: bool) -> str:
    return refuse("§6.3", NO_COLONIST) if explain else NO


# --- BP03 Automated Production (§12.4) ------------


def produce(s: State, seat: int) -> None:
    """BP03: each of your Mines and Advanced Buildings produces once, as on the way to Orbit
    (§12.4); each boost lets one of them, chosen, produce once more."""
    p = s.mut_player(seat)
    for item, k in production(s, seat).items():
        gain(p, item, k)
    push_picks(s, "ab_produce", seat, n=0, must=0, boost="colonist")


def produce_blocker(s: State, seat: int, explain: bool = True) -> str:
    p = s.players[seat]
    cells = producers(s, seat)
    if not cells:
        if not explain:
            return NO
        return refuse("§14", "you have no Advanced Building and no Miner on Mars to produce")
    if not any(storable(p, produced(s, c)) for c in cells):
        if not explain:
            return NO
        return refuse("§4", "your storage is full for everything your buildings produce")
    return ""


class ProduceAgain(PickStep[PickFrame]):
    """Automated Production boosts: ``boost`` then ``produce <q,r>``: that building produces
    once more (§14)."""

    name = "ab_produce"
    rule = "§14"
    prompt = N_("boost: one of your buildings produces once more")

    @staticmethod
    def pick_candidates(s: State, f: PickFrame, explain: bool = False) -> list[Candidate]:
        """Each of your producing buildings: refused when you cannot store what it makes."""
        p = s.players[f["p"]]
        out: list[Candidate] = []
        for c in producers(s, f["p"]):
            item = produced(s, c)
            if storable(p, item):
                reason = ""
            else:
                reason = (
                    refuse("§4", "your storage for {item} is full", item=Term("item", item))
                    if explain
                    else NO
                )
            out.append((mv("produce", hexmap.text(c)), reason))
        return out

    @staticmethod
    def take(s: State, f: PickFrame, m: Move) -> None:
        gain(s.mut_player(f["p"]), produced(s, m.cell(0)))

    @staticmethod
    def stray(s: State, f: PickFrame, m: Move) -> str:
        if m.verb == "produce":
            return refuse(
                "§14", "choose one of your producing buildings whose item you can store (§4)"
            )
        return ""


# --- BP13 Mineral Mine (§24.3), BP15 Radar (§21, RUL-15) ------------


def score_op(s: State, seat: int, *, n: int = 2) -> None:
    """BP13: score ``n`` OP (§24.3)."""
    score(s.mut_player(seat), n, "blueprint_action")


def radar(s: State, seat: int) -> None:
    """BP15, first use: one face-up Discovery tile of the Exploration space goes onto the card,
    which is refilled (RUL-15), and its benefit is gained; later uses gain that tile's benefit
    again."""
    if s.radar:
        resolve(s, seat, s.radar)
    else:
        push(s, "ab_radar", seat)


def radar_blocker(s: State, seat: int, explain: bool = True) -> str:
    if s.radar:
        if usable(s, seat, s.radar):
            return ""
        if not explain:
            return NO
        return refuse(
            "§14",
            "you cannot pay for or use the benefit of {tile}, on the Radar",
            tile=Term("card", s.radar),
        )
    if any(usable(s, seat, t) for t in s.exploration):
        return ""
    if not explain:
        return NO
    return refuse("§14", "you cannot pay for or use any Discovery tile of the Exploration space")


class RadarPick(Step[Frame]):
    """``radar <tile>``: the Exploration tile that goes onto the Radar and resolves (§14)."""

    name = "ab_radar"
    rule = "§14"
    prompt = N_("choose the Discovery tile for the Radar")

    @staticmethod
    def candidates(s: State, f: Frame, explain: bool = False) -> list[Candidate]:
        """Each tile of the Exploration space: refused when no part of its benefit is usable."""
        out: list[Candidate] = []
        for tile in dict.fromkeys(s.exploration):
            if usable(s, f["p"], tile):
                reason = ""
            elif explain:
                reason = refuse(
                    "§14",
                    "you cannot pay for or use any part of {tile}'s benefit",
                    tile=Term("card", tile),
                )
            else:
                reason = NO
            out.append((mv("radar", tile), reason))
        return out

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        tile = m.args[0]
        s.mut_exploration().remove(tile)
        s.radar = tile
        if s.discovery_stack:  # RUL-15: the Exploration space is refilled
            s.mut_exploration().append(s.mut_discovery_stack().pop())
            s.turned_up += 1
        resolve(s, f["p"], tile)

    @staticmethod
    def stray(s: State, f: Frame, m: Move) -> str:
        return refuse(
            "§14",
            "choose one of the Exploration space's tiles: {tiles}",
            tiles=terms("card", s.exploration),
        )


# --- BP18 Aqueduct, BP19 Eco Resort: Colonists back to Living Quarters ------------


def aqueduct(s: State, seat: int, *, n: int = 2) -> None:
    """BP18: move up to ``n`` of your Colonists from the Working Area to Living Quarters."""
    push_picks(s, "ab_retrieve", seat, n=n, src="wa")


def aqueduct_blocker(s: State, seat: int, explain: bool = True, **_: object) -> str:
    p = s.players[seat]
    if not p.wa:
        return refuse("§14", "you have no Colonist in your Working Area") if explain else NO
    if p.lq >= lq_cap(p):
        return refuse("§4", "your Living Quarters are full") if explain else NO
    return ""


def eco_resort(s: State, seat: int) -> None:
    """BP19: return some or all of your Colonists on Action slots, either side, to Living
    Quarters (those that do not fit go to your supply, §6.2)."""
    mine = sum(slots.count(seat) for slots in s.slots.values())
    push_picks(s, "ab_retrieve", seat, n=mine, src="slots")


def eco_resort_blocker(s: State, seat: int, explain: bool = True) -> str:
    if not any(seat in slots for slots in s.slots.values()):
        return refuse("§14", "you have no Colonist on an Action slot") if explain else NO
    return ""


class Retrieve(PickStep[RetrievePickFrame]):
    """``retrieve wa`` (Aqueduct) or ``retrieve <action id>`` (Eco Resort): one of your
    Colonists back to Living Quarters; ``done`` stops (§14)."""

    name = "ab_retrieve"
    rule = "§14"
    prompt = N_("retrieve a Colonist to your Living Quarters")

    @staticmethod
    def pick_candidates(s: State, f: RetrievePickFrame, explain: bool = False) -> list[Candidate]:
        """Aqueduct: ``retrieve wa``, while a Colonist is in the Working Area and Living
        Quarters have room; Eco Resort: ``retrieve <action>`` for each slot you are on."""
        p = s.players[f["p"]]
        if f["src"] == "wa":
            if not p.wa:
                reason = (
                    refuse("§14", "you have no Colonist in your Working Area") if explain else NO
                )
            elif p.lq >= lq_cap(p):
                reason = refuse("§4", "your Living Quarters are full") if explain else NO
            else:
                reason = ""
            return [(_RETRIEVE_WA, reason)]
        return [(mv("retrieve", a), "") for a, slots in s.slots.items() if f["p"] in slots]

    @staticmethod
    def take(s: State, f: RetrievePickFrame, m: Move) -> None:
        p = s.mut_player(f["p"])
        src = m.args[0]
        if src == "wa":
            p.wa -= 1
            p.lq += 1
        else:
            s.mut_slots()[src].remove(p.seat)
            to_lq(p, 1)

    @staticmethod
    def stray(s: State, f: RetrievePickFrame, m: Move) -> str:
        if f["src"] == "wa":
            return refuse(
                "§14", "the Aqueduct moves Colonists from your Working Area (retrieve wa)"
            )
        return refuse(
            "§14",
            "the Eco Resort retrieves only your Colonists on Action slots (retrieve <action>)",
        )


_RETRIEVE_WA = Move("retrieve", ("wa",))


# --- BP20 Trade Market ------------


def trade_payments(s: State, seat: int) -> list[str]:
    """Resources you could spend so that at least one non-Mineral Resource fits afterwards."""
    p = s.players[seat]
    cap = storage_cap(p)
    return [
        paid
        for paid in RESOURCES
        if p.res[paid] and any(r == paid or p.res[r] < cap for r in RESOURCES[1:])
    ]


def trade(s: State, seat: int, *, n: int = 2) -> None:
    """BP20: spend 1 Resource from your storage, then take any ``n`` non-Mineral Resources from
    the supply; each boost one more."""
    push_picks(s, "ab_trade", seat, n=n, must=n, boost="colonist")


def trade_blocker(s: State, seat: int, explain: bool = True, **_: object) -> str:
    if not any(s.players[seat].res.values()):
        if not explain:
            return NO
        return refuse(
            "§14", "the Trade Market spends 1 Resource from your storage and you have none"
        )
    if not trade_payments(s, seat):
        if not explain:
            return NO
        return refuse("§4", "your storage is full for every Resource the Trade Market gives")
    return ""


class Trade(PickStep[TradeFrame]):
    """``pay <resource>`` first, then ``gain <resource>`` per Resource taken (not Minerals)."""

    name = "ab_trade"
    rule = "§14"
    prompt = N_("Trade Market: spend a Resource, then take Resources from the supply")

    @staticmethod
    def pick_candidates(s: State, f: TradeFrame, explain: bool = False) -> list[Candidate]:
        p = s.players[f["p"]]
        out: list[Candidate] = []
        for r in RESOURCES[1:]:
            if storable(p, r):
                out.append((mv("gain", r), ""))
            else:
                full = (
                    refuse("§4", "your storage for {item} is full", item=Term("item", r))
                    if explain
                    else NO
                )
                out.append((mv("gain", r), full))
        return out

    @classmethod
    def candidates(cls, s: State, f: TradeFrame, explain: bool = False) -> list[Candidate]:
        """First ``pay <resource>``, a Resource such that one non-Mineral Resource fits
        afterwards; then the ``gain`` picks."""
        if f.get("paid"):
            return super(Trade, cls).candidates(s, f, explain)  # noqa: UP008 - mypyc binds super() in a classmethod wrongly
        payable = trade_payments(s, f["p"])
        out: list[Candidate] = []
        for r in RESOURCES:
            if r in payable:
                out.append((mv("pay", r), ""))
            elif explain and not s.players[f["p"]].res[r]:
                out.append(
                    (
                        mv("pay", r),
                        refuse("§14", "you have no {item} to spend", item=Term("item", r)),
                    )
                )
            elif explain:
                out.append((mv("pay", r), refuse("§4", TRADE_FULL, item=Term("item", r))))
        if explain:
            first = refuse("§14", "spend 1 Resource from your storage first (pay <resource>)")
            out += [(mv("gain", r), first) for r in RESOURCES[1:]]
        return out

    @classmethod
    def apply(cls, s: State, f: TradeFrame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "pay":
            s.mut_player(f["p"]).res[m.args[0]] -= 1
            f["paid"] = m.args[0]
            return
        super(Trade, cls).apply(s, f, m)  # noqa: UP008 - mypyc binds super() in a classmethod wrongly

    @staticmethod
    def take(s: State, f: TradeFrame, m: Move) -> None:
        gain(s.mut_player(f["p"]), m.args[0])

    @staticmethod
    def stray(s: State, f: TradeFrame, m: Move) -> str:
        if m.verb == "gain" and m.args and m.args[0] == "mineral":
            return refuse("§14", "the Trade Market gives non-Mineral Resources only")
        return ""


TRADE_FULL = N_("spending {item} would leave no room for any Resource the Trade Market gives")


# --- BP22 Aerial Elevator (§12.4) ------------


# --- BP24 Command Center (§9.1) ------------


def command_mp(s: State, seat: int) -> int:
    """The highest level of any Rover Tech in play, whoever owns it (0 if none, §14)."""
    return max((level for _, _, level in lab.techs_in_play(s, "rover", seat)), default=0)


def command(s: State, seat: int) -> None:
    """BP24: move your Rover up to N hexes, N the highest Rover Tech level in play (reading a
    level is not using the tile, §8.3); each Crystal from the Depot adds one hex. Claims as
    usual."""
    push_rover_move(s, seat, command_mp(s, seat), crystals=True, tech=False)


def command_blocker(s: State, seat: int, explain: bool = True) -> str:
    mp = command_mp(s, seat)
    if mp + s.players[seat].crystals < 1:
        if not explain:
            return NO
        return refuse("§14", "no Rover Tech is in play and you have no Crystal to move your Rover")
    trial: ControlFrame = {"t": "rover_move", "p": seat, "bot_mp": 0, "rover_mp": mp}
    if not rover_steps(s, trial):
        return refuse("§9.1", "your Rover cannot move to a hex where it may end") if explain else NO
    return ""


#: The Advanced Building actions that no other component shares (the shared ones, such as
#: upgrades or Warehouse picks, are in :mod:`onmars.effects`).
EFFECTS: tuple[Effect, ...] = (
    Effect("construct_boosted", "§13.3", construct_boosted, construct_boosted_blocker),
    Effect("casino", "§14", casino, lambda s, seat, **_: ""),  # ``**_``: explain too
    Effect("produce", "§12.4", produce, produce_blocker),
    Effect("score", "§24.3", score_op, lambda s, seat, **_: ""),
    Effect("radar", "RUL-15", radar, radar_blocker),
    Effect("aqueduct", "§14", aqueduct, aqueduct_blocker),
    Effect("eco_resort", "§14", eco_resort, eco_resort_blocker),
    Effect("trade", "§14", trade, trade_blocker),
    Effect("command", "§9.1", command, command_blocker),
)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (Boost, ProduceAgain, RadarPick, Retrieve, Trade)
