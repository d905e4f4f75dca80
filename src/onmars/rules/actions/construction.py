"""Construct a Building (§9.2, seed items 4-5), with the Progress cube and the Life Support
track it moves (§11, RUL-12).

A construction is a chain of frames:

1. ``construct`` — ``build <type> <q,r>``: the top tile of a non-Shelter type's stack (RUL-6) or
   your lowest Shelter (``build shelter <q,r>``) on a hex with no building inside one of your
   Bots' zones, either joining same-type buildings (a Complex) or standalone exactly 2 hexes
   from one and adjacent to none.
2. ``construct_tech`` — ``use <tech tile>``: joining a Complex needs a Tech tile of the type whose
   level reaches every same-type building connected to the new hex, directly or not (seed
   item 4). Another player's tile is borrowed through :func:`onmars.lab.use_tech`; its owner
   decides at the end of the turn (§8.3). Shelter Tech: its owner only.
3. ``pay`` — the cost from the building data (Minerals may substitute, §23.1).
4. ``construct_place`` / ``construct_finish`` (automatic): displacement, crystal arrows (RUL-6),
   the gain (new Complex size; Shelters give Crystals, seed item 5), the Progress cube, the Miner,
   the LSS track and its rewards (:func:`onmars.lss.building_built`).

Other modules start a construction with :func:`push_construct` after checking
:func:`construct_blocker` (Discovery tiles §21, Advanced Building actions §13.3/§14).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from onmars.rules.actions import lab, lss
from onmars.rules.actions.economy import can_pay, charge, gain
from onmars.rules.actions.mars import complex_of, displace, layout, zone
from onmars.rules.actions.missions import contribute
from onmars.rules.actions.placement import extra_cost, place_colonist, placement_blocker
from onmars.rules.data import hexmap
from onmars.rules.data.components import BUILDING_TYPES, PROGRESS_TYPES, load
from onmars.rules.engine.engine import Candidate, Step, main_action, pop, push
from onmars.rules.engine.errors import NO, Joined, Reason, Term, refuse, terms
from onmars.rules.engine.frames import ConstructFrame, ConstructTechFrame, PlaceFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State

SHELTER = "shelter"


# --- what a building is ------------


def kind_on_map(seat: int, btype: str) -> str:
    """The building type as stored in ``s.bld``: Shelters carry their owner (§9.2)."""
    return f"shelter:{seat}" if btype == SHELTER else btype


def type_name(btype: str) -> Reason:
    """The type's name, as a phrase of a refusal (translated with it)."""
    return refuse("", load().building_type[btype].name)


def build_cost(btype: str) -> list[str]:
    """The cost printed on the Building display / Shelter tile (§9.2 step 2)."""
    return list(load().building_type[btype].cost)


def all_types(types: list[str] | None) -> list[str]:
    """``None`` means every type, your Shelter included (§9.2 step 1)."""
    return list(BUILDING_TYPES) if types is None else [t for t in BUILDING_TYPES if t in types]


def next_tile(s: State, seat: int, btype: str) -> str:
    """The tile that would be built: the top of the type's stack ("" when empty, RUL-6); for a
    Shelter, ``"shelter"`` while one is left on your board (§4: lowest first)."""
    if btype == SHELTER:
        return SHELTER if s.players[seat].shelters > 0 else ""
    stack = s.building_stacks.get(btype, [])
    return stack[-1] if stack else ""


def type_problem(s: State, seat: int, btype: str, miners: int, explain: bool = True) -> str:
    """Why no ``btype`` can be built at all, whatever the hex ("" if the tile, the cost and the
    Miner are there; a token without ``explain``). ``miners``: Colonists in Living Quarters
    free to become a Miner."""
    data = load().building_type[btype]
    if not next_tile(s, seat, btype):
        if not explain:
            return NO
        if btype == SHELTER:
            return refuse("§9.2", "all your Shelters are already on Mars")
        return refuse(
            "§9.2",
            "the {name} stack of the Building display is empty (RUL-6)",
            name=type_name(btype),
        )
    if not can_pay(s.players[seat], data.cost):
        if not explain:
            return NO
        return refuse(
            "§9.2",
            "a {name} costs {cost} and you cannot pay it (§23.1)",
            name=type_name(btype),
            cost=Term("items", data.cost),
        )
    if data.needs_colonist and miners < 1:
        if not explain:
            return NO
        return refuse(
            "§9.2", "a Mine needs a Colonist from your Living Quarters to become its Miner"
        )
    return ""


# --- where it may go ------------


def bot_zone(s: State, seat: int) -> list[int]:
    """Your Bots' building zones in cell order (§10)."""
    return sorted(zone(s, seat))


def joined(s: State, cell: int, kind: str) -> set[int]:
    """Every building of ``kind`` connected to ``cell`` through same-type neighbours: whole
    Complexes, even those only reached through another (seed item 4)."""
    out: set[int] = set()
    for nb in hexmap.neighbours(cell):
        if s.bld[nb] == kind and nb not in out:
            out |= complex_of(s, nb)
    return out


def eligible_techs(s: State, seat: int, btype: str, need: int, bonus: int) -> list[str]:
    """Tech tiles of the type ``seat`` may use whose level (+ ``bonus``, §13.3) reaches
    ``need`` (§8.2; Shelter Tech only its owner's, §8.3)."""
    return [t for t, _, level in lab.techs_in_play(s, btype, seat) if level + bonus >= need]


def best_tech(s: State, seat: int, btype: str) -> int | None:
    """The highest level of a Tech tile of the type ``seat`` may use (None: none in play)."""
    return max((level for _, _, level in lab.techs_in_play(s, btype, seat)), default=None)


def type_ok(s: State, seat: int, btype: str, miners: int) -> bool:
    """:func:`type_problem` is "" (no message built): the tile, the cost and the Miner."""
    cost, needs_colonist = _type_terms(btype)
    p = s.players[seat]
    if btype == SHELTER:
        if p.shelters <= 0:
            return False
    else:
        stack = s.building_stacks.get(btype)
        if not stack:
            return False
    return can_pay(p, cost) and (miners >= 1 or not needs_colonist)


@cache
def _type_terms(btype: str) -> tuple[tuple[str, ...], bool]:
    """A building type's cost and whether it needs a Miner (read once)."""
    data = load().building_type[btype]
    return tuple(data.cost), data.needs_colonist


def hex_needs(s: State, seat: int, btype: str, cells: list[int]) -> Iterator[tuple[int, int]]:
    """(hex, Tech level needed) for each free hex of ``cells`` where ``btype`` may stand by
    §9.2 step 3: 0 for a standalone building (exactly 2 from one of its type, adjacent to
    none), else the number of same-type buildings it joins (seed item 4)."""
    kind = kind_on_map(seat, btype)
    lay = layout(s)
    if kind not in lay.cells:
        return
    touching, alone = lay.near(kind)
    bld = s.bld
    sizes: dict[int, int] = {}  # building -> size of its Complex, this call only
    for c in cells:
        if c in alone:
            yield c, 0
        elif c in touching:
            nbs = [nb for nb in hexmap.neighbours(c) if bld[nb] == kind]
            if len(nbs) == 1:
                nb = nbs[0]
                if nb not in sizes:
                    group = complex_of(s, nb)
                    for x in group:
                        sizes[x] = len(group)
                yield c, sizes[nb]
            else:
                yield c, len(joined(s, c, kind))


def hex_problem(s: State, seat: int, btype: str, cell: int, bonus: int) -> str:
    """Why ``btype`` may not go on ``cell`` ("" if it may), §9.2 step 3."""
    name, where = type_name(btype), hexmap.text(cell)
    if s.bld[cell]:
        return refuse("§9.2", "{where} already holds a building", where=where)
    if cell not in zone(s, seat):
        return refuse(
            "§9.2",
            "{where} is not in a building zone of your Bots (a Bot's hex or a neighbour)",
            where=where,
        )
    kind = kind_on_map(seat, btype)
    group = joined(s, cell, kind)
    if group:
        need = len(group)
        if eligible_techs(s, seat, btype, need, bonus):
            return ""
        levels = [lv for _, _, lv in lab.techs_in_play(s, btype, seat)]
        if levels:
            have = refuse("", "the best you may use is level {level}", level=max(levels))
        else:
            have = refuse("", "none is available")
        only = (
            refuse("", " (a Shelter Tech only serves its owner, §8.3)") if btype == SHELTER else ""
        )
        return refuse(
            "§9.2",
            "joining {need} connected {name} building(s) at {where} needs a {name} Tech of level "
            "{need} or more{only}; {have}{boost} (seed item 4)",
            need=need,
            name=name,
            where=where,
            only=only,
            have=have,
            boost=refuse("", " (+{bonus} from the boost, §13.3)", bonus=bonus) if bonus else "",
        )
    if any(hexmap.hex_distance(cell, c) == 2 for c, k in enumerate(s.bld) if k == kind):
        return ""
    return refuse(
        "§9.2",
        "a {name} at {where} would touch no {name} and stand exactly 2 hexes from none: a "
        "standalone building must be exactly 2 from one of its type and adjacent to none",
        name=name,
        where=where,
    )


def build_problem(
    s: State, seat: int, btype: str, cell: int, bonus: int, miners: int | None = None
) -> str:
    """Why ``build btype cell`` is illegal ("" if legal)."""
    if miners is None:
        miners = s.players[seat].lq
    return type_problem(s, seat, btype, miners) or hex_problem(s, seat, btype, cell, bonus)


def build_candidates(
    s: State,
    seat: int,
    types: list[str] | None,
    bonus: int,
    explain: bool = False,
    miners: int | None = None,
) -> Iterator[tuple[str, int, str]]:
    """(type, hex, why ``build <type> <hex>`` is refused) for every allowed type and every hex
    of your Bots' zones, in that order: legal when the tile, cost and Miner are available
    (:func:`type_problem`) and the hex is free, standalone or joining with a Tech of level +
    ``bonus`` ≥ the buildings joined (§9.2, :func:`hex_needs`). Without ``explain`` only the
    legal ones are listed."""
    if miners is None:
        miners = s.players[seat].lq
    cells: list[int] | None = None
    for btype in all_types(types):
        problem = type_problem(s, seat, btype, miners, explain)
        if problem and not explain:
            continue
        if cells is None:
            cells = bot_zone(s, seat)
        if problem:
            for c in cells:
                yield btype, c, problem
            continue
        best: int | None = -1  # -1: not looked up yet
        ok: set[int] = set()
        for c, need in hex_needs(s, seat, btype, cells):
            if need:
                if best == -1:
                    best = best_tech(s, seat, btype)
                if best is None or best + bonus < need:
                    continue
            if explain:
                ok.add(c)
            else:
                yield btype, c, ""
        if explain:  # the same hexes, with the words for those refused
            for c in cells:
                yield btype, c, "" if c in ok else hex_problem(s, seat, btype, c, bonus)


def can_build(
    s: State, seat: int, types: list[str] | None, bonus: int, miners: int | None = None
) -> bool:
    """Whether :func:`build_candidates` would list a legal construction (a yes/no check)."""
    return next(buildable_types(s, seat, types, bonus, miners), None) is not None


def buildable_types(
    s: State, seat: int, types: list[str] | None, bonus: int, miners: int | None = None
) -> Iterator[str]:
    """The allowed types :func:`build_candidates` would list a legal construction of, in
    order, found one at a time by sets of hexes (§9.2 step 3: a free hex of your Bots' zones
    exactly 2 from a building of its type and adjacent to none, or joining some with a Tech of
    level + ``bonus`` ≥ the buildings joined, seed item 4)."""
    if miners is None:
        miners = s.players[seat].lq
    lay = layout(s)
    zones: set[int] | None = None
    for btype in all_types(types):
        kind = kind_on_map(seat, btype)
        if kind not in lay.cells or not type_ok(s, seat, btype, miners):
            continue
        if zones is None:
            zones = zone(s, seat)
        touching, alone = lay.near(kind)
        if not zones.isdisjoint(alone):
            yield btype
            continue
        joins = zones & touching
        if joins:
            best = best_tech(s, seat, btype)
            if best is not None and any(len(joined(s, c, kind)) <= best + bonus for c in joins):
                yield btype


def bonus_needs(s: State, seat: int, types: list[str] | None) -> dict[str, int]:
    """For each allowed type whose tile and cost are available (the Miner aside), the least
    Tech bonus (§13.3 boosts) that makes some hex legal; types that no bonus helps are absent
    (a Tech of the type is still needed to join a Complex)."""
    out: dict[str, int] = {}
    cells: list[int] | None = None
    for btype in all_types(types):
        if not type_ok(s, seat, btype, 1):
            continue
        if cells is None:
            cells = bot_zone(s, seat)
        best: int | None = -1
        least: int | None = None
        for _, need in hex_needs(s, seat, btype, cells):
            if need:
                if best == -1:
                    best = best_tech(s, seat, btype)
                if best is None:
                    continue
                need = max(0, need - best)
            if least is None or need < least:
                least = need
                if not least:
                    break
        if least is not None:
            out[btype] = least
    return out


def _no_build_reason(
    s: State, seat: int, types: list[str] | None, bonus: int, miners: int | None = None
) -> str:
    if miners is None:
        miners = s.players[seat].lq
    reasons = []
    for btype in all_types(types):
        problem = type_problem(s, seat, btype, miners)
        if problem:
            why = Reason.of(problem)
            why = why.phrase if why.rule == "§9.2" else why
        else:
            why = refuse(
                "",
                "no free hex in your Bots' zones joins its type with a Tech of enough level "
                "or stands exactly 2 hexes from one",
            )
        reasons.append(refuse("", "{name}: {why}", name=type_name(btype), why=why))
    if not reasons:
        return refuse("§9.2", "no building type can be constructed here")
    return refuse("§9.2", "nothing can be constructed ({reasons})", reasons=Joined(reasons))


# --- the interface for other modules ------------


def construct_blocker(
    s: State,
    seat: int,
    types: list[str] | None = None,
    tech_bonus: int = 0,
    miners: int | None = None,
    explain: bool = True,
) -> str:
    """Why ``seat`` cannot construct now ("" if some legal construction exists; a token without
    ``explain``). ``types``: the allowed types (``None`` = all, your Shelter included;
    ``"shelter"`` = your own Shelter). ``tech_bonus`` adds to the level of the Tech used
    (§13.3): a Tech is still needed to join a Complex. ``miners``: the Colonists in Living
    Quarters that could become a Miner (those there now if ``None``; fewer once boost Colonists
    have left)."""
    if can_build(s, seat, types, tech_bonus, miners=miners):
        return ""
    return _no_build_reason(s, seat, types, tech_bonus, miners) if explain else NO


def push_construct(
    s: State, seat: int, types: list[str] | None = None, tech_bonus: int = 0
) -> None:
    """Push the frames of one construction (§9.2); check :func:`construct_blocker` first."""
    push(s, "construct", seat, types=None if types is None else list(types), bonus=tech_bonus)


# --- the steps ------------


@cache
def _build_move(btype: str, cell: int) -> Move:
    """``build <type> <q,r>``, built once."""
    return mv("build", btype, hexmap.text(cell))


class Construct(Step[ConstructFrame]):
    """Choose the building and its hex: ``build <type> <q,r>`` (§9.2 steps 1 and 3)."""

    name = "construct"
    rule = "§9.2"
    prompt = N_("construct a building: build <type> <q,r>")
    vouches = True

    @staticmethod
    def candidates(s: State, f: ConstructFrame, explain: bool = False) -> list[Candidate]:
        found = build_candidates(s, f["p"], f["types"], f["bonus"], explain)
        return [(_build_move(t, c), reason) for t, c, reason in found]

    @classmethod
    def is_legal(cls, s: State, f: ConstructFrame, m: Move) -> bool:
        """``m in options``, listing the hexes of that one type only."""
        if m.verb != "build" or len(m.args) != 2:
            return False
        btype, cell = m.args[0], m.cell(1)
        if cell < 0 or btype not in all_types(f["types"]) or _build_move(btype, cell) != m:
            return False
        found = build_candidates(s, f["p"], [btype], f["bonus"])
        return any(c == cell for _, c, _ in found)

    @classmethod
    def expects(cls, s: State, f: ConstructFrame, m: Move) -> bool:
        """A legal construction leaves the decision pending (the step is never forced)."""
        return cls.is_legal(s, f, m)

    @staticmethod
    def apply(s: State, f: ConstructFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        seat, btype = f["p"], m.args[0]
        cell = m.cell(1)
        p = s.mut_player(seat)
        if btype == SHELTER:
            tile = SHELTER
            p.shelters -= 1  # the lowest Shelter leaves the board (§4)
        else:
            stack = s.mut_building_stacks()[btype]
            tile = stack.pop()
            if stack:  # the tile below is the new top (RUL-6, RUL-19)
                s.turned_up += 1
        group = joined(s, cell, kind_on_map(seat, btype))
        push(s, "construct_place", seat, type=btype, cell=cell, tile=tile)
        charge(s, seat, build_cost(btype))
        if group:
            push(s, "construct_tech", seat, type=btype, need=len(group), bonus=f["bonus"])

    @staticmethod
    def stray(s: State, f: ConstructFrame, m: Move) -> str:
        """A type not allowed, a hex outside your Bots' zones, a malformed move."""
        if m.verb != "build" or len(m.args) != 2:
            return refuse("§9.2", "choose a building and a hex: build <type> <q,r>")
        btype, where = m.args
        if btype not in BUILDING_TYPES:
            return refuse(
                "§9.2",
                "there is no building type {btype!r}; types are {known}",
                btype=Term("input", btype),
                known=terms("btype", BUILDING_TYPES),
            )
        allowed = all_types(f["types"])
        if btype not in allowed:
            return refuse(
                "§9.2", "this construction allows only {allowed}", allowed=terms("btype", allowed)
            )
        cell = m.cell(1)
        if cell < 0:
            return refuse("RUL-1", "{where} is not a hex of the Mars map", where=where)
        return build_problem(s, f["p"], btype, cell, f["bonus"])


class ConstructTech(Step[ConstructTechFrame]):
    """Use a Tech tile of the type with level ≥ the connected buildings (§9.2, seed item 4);
    a lone eligible tile is used without asking."""

    name = "construct_tech"
    rule = "§9.2"
    prompt = N_("use a Tech tile for the Complex")
    forced = True

    @staticmethod
    def candidates(s: State, f: ConstructTechFrame, explain: bool = False) -> list[Candidate]:
        """Each Tech tile of the type ``seat`` may use (:func:`eligible_techs`): legal when
        its level (+ the boosts, §13.3) reaches the buildings joined (seed item 4)."""
        need, bonus = f["need"], f["bonus"]
        out: list[Candidate] = []
        for tile, _, level in lab.techs_in_play(s, f["type"], f["p"]):
            if level + bonus >= need:
                reason = ""
            elif explain:
                reason = refuse(
                    "§9.2",
                    "{tile} is level {level}{boost}; joining {need} building(s) needs level "
                    "{need} (seed item 4)",
                    tile=Term("tech", tile),
                    level=level,
                    boost=refuse("", " + {bonus} (§13.3)", bonus=bonus) if bonus else "",
                    need=need,
                )
            else:
                reason = NO
            out.append((mv("use", tile), reason))
        return out

    @staticmethod
    def apply(s: State, f: ConstructTechFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        lab.use_tech(s, f["p"], m.args[0])

    @staticmethod
    def stray(s: State, f: ConstructTechFrame, m: Move) -> str:
        if m.verb == "use" and m.args:
            if f["type"] == SHELTER:
                return refuse("§8.3", "only your own Shelter Tech may be used for your Shelters")
            return refuse(
                "§9.2",
                "{tile} is not a {name} Tech tile in play",
                tile=Term("tech", m.args[0]),
                name=type_name(f["type"]),
            )
        return ""


class ConstructPlace(Step[PlaceFrame]):
    """Place the tile: whatever is on the hex is displaced (§9.2): a Crystal to the supply, a
    tile to the box, Bots and Rovers to the closest available hex (RUL-1)."""

    name = "construct_place"
    auto = True

    @staticmethod
    def apply(s: State, f: PlaceFrame, m: Move | None) -> None:
        seat, cell = f["p"], f["cell"]
        s.mut_bld()[cell] = kind_on_map(seat, f["type"])
        push(s, "construct_finish", seat, type=f["type"], cell=cell, tile=f["tile"])
        displace(s, cell)  # the displaced pieces move before the arrows are read


class ConstructFinish(Step[PlaceFrame]):
    """Steps 4-8 of §9.2: crystal arrows (RUL-6), gain = the new Complex size (standalone 1;
    Shelter: Crystals, seed item 5), the Progress cube, the LSS track (§11), the Miner."""

    name = "construct_finish"
    auto = True

    @staticmethod
    def apply(s: State, f: PlaceFrame, m: Move | None) -> None:
        seat, cell, btype = f["p"], f["cell"], f["type"]
        p = s.mut_player(seat)
        c = load()
        if f["tile"] != SHELTER:
            for d in c.building_tile[f["tile"]].arrows:
                nb = hexmap.neighbour_in(cell, d)
                if nb is not None and s.empty(nb):
                    s.mut_crystal()[nb] = 1
        size = len(complex_of(s, cell))
        gain(p, c.building_type[btype].gain, size)
        if btype in PROGRESS_TYPES and size >= 2 and btype not in p.progress:
            p.progress.append(btype)  # first Complex created or enlarged (§9.2 step 6)
            contribute(s, seat, "progress")
        if c.building_type[btype].needs_colonist:
            p.lq -= 1  # the Miner comes from Living Quarters (§9.2 step 8)
            s.mut_miner()[cell] = seat
        if c.building_type[btype].lss:
            lss.building_built(s, seat, btype)


# --- the main action ------------


def _miner_reserve(s: State, seat: int) -> int | None:
    """0 when something besides a Mine can be built; 1 when only a Mine can: a Colonist must
    stay in Living Quarters after the placement and its costs to become the Miner (§6.2,
    §9.2); None when nothing can be built."""
    mine = False  # one pass: a Mine is checked with a Colonist left for its Miner
    for btype in buildable_types(s, seat, None, 0, miners=1):
        if not load().building_type[btype].needs_colonist:
            return 0
        mine = True
    return 1 if mine else None


class ConstructBuilding:
    """Construct a Building: place a Red Colonist (§6.2), then build (§9.2)."""

    @staticmethod
    def blocker(s: State, seat: int, explain: bool = True) -> str:
        # yes/no: a placement refused keeping no Colonist back is refused keeping one too
        # (§6.2), whatever can be built: the cheap check first
        if not explain and placement_blocker(s, seat, "construct", explain=False):
            return NO
        p = s.players[seat]
        keep = _miner_reserve(s, seat)
        if keep is None:
            if not explain:
                return NO
            return _no_build_reason(s, seat, None, 0, miners=max(0, p.lq - 1))
        if not keep and not explain:
            return ""  # keeping none back is the check passed above
        why = placement_blocker(s, seat, "construct", keep=keep, explain=explain)
        if why and keep and explain:
            return refuse(
                "§9.2",
                "only a Mine can be built and its Miner must stay in Living Quarters; {why}",
                why=why,
            )
        return why

    @staticmethod
    def start(s: State, seat: int) -> None:
        push_construct(s, seat)
        # the Colonist kept back for a Miner only limits a placement payment (§6.2, §9.2): it
        # is looked for only when one is owed (counted as placing will count it, after clearing)
        owed = extra_cost(s, seat, "construct", cleared=False)
        place_colonist(s, seat, "construct", keep=(_miner_reserve(s, seat) or 0) if owed else 0)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (Construct, ConstructTech, ConstructPlace, ConstructFinish)
MAIN_ACTIONS = (main_action("construct", "§9.2", ConstructBuilding),)
