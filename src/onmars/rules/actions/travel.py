"""The Shuttle phase and travel (§12, RUL-5, seed item 7), Turn Order spaces and their bonuses
(§19, RUL-2)."""

from __future__ import annotations

from functools import cache

from onmars.rules.actions.economy import colonist_room, gain, new_colonists, to_lq
from onmars.rules.actions.mars import cells_of
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.engine.engine import (
    Candidate,
    PickStep,
    Step,
    effect_blocker,
    pop,
    push,
    start_effect,
)
from onmars.rules.engine.errors import NO, Joined, refuse
from onmars.rules.engine.frames import Frame, PickFrame, SeatFrame, SideFrame, TravelFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State

OTHER = {"orbit": "colony", "colony": "orbit"}
#: The sides as refusals name them (``refuse("", side)``: a phrase, translated with them).
SIDE_WORDS = (N_("orbit"), N_("colony"))


def space_side(number: int) -> str:
    return load().turn_order[str(number)].side


def empty_spaces(s: State, side: str | None) -> list[int]:
    taken = {p.space for p in s.players}
    return [
        t.number
        for t in load().turn_order.values()
        if t.number not in taken and (side is None or t.side == side)
    ]


def turn_order(s: State) -> list[int]:
    """Seats by Turn Order space, 1 (leftmost Orbit) to 8 (rightmost Colony) (§5.1)."""
    return [p.seat for p in sorted(s.players, key=lambda p: p.space)]


# --- Turn Order spaces ------------


@cache
def _seat_move(number: int) -> Move:
    """``seat <n>``, built once."""
    return mv("seat", number)


class Seat(Step[SeatFrame]):
    """Put your marker on an empty Turn Order space and take its bonus (§3.5, §12.3-4). Frame
    ``side``: the side travelled to (absent at setup: any space)."""

    name = "seat"
    rule = "§19"
    prompt = N_("choose an empty Turn Order space")
    vouches = True

    @staticmethod
    def candidates(s: State, f: SeatFrame, explain: bool = False) -> list[Candidate]:
        """Every Turn Order space: legal when empty and, after travel, on the side travelled
        to."""
        side = f.get("side")
        taken = {p.space for p in s.players}
        out: list[Candidate] = []
        for space in load().turn_order.values():
            if space.number in taken:
                reason = (
                    refuse("§19", "Turn Order space {n} is taken", n=space.number)
                    if explain
                    else NO
                )
            elif side is not None and space.side != side:
                if explain:
                    reason = refuse(
                        "§12",
                        "Turn Order space {n} is on the {other} side; you travelled to the {side} "
                        "side",
                        n=space.number,
                        other=refuse("", space.side),
                        side=refuse("", side),
                    )
                else:
                    reason = NO
            else:
                reason = ""
            out.append((_seat_move(space.number), reason))
        return out

    @classmethod
    def expects(cls, s: State, f: SeatFrame, m: Move) -> bool:
        """A legal move leaves the decision pending (no move here is forced)."""
        return cls.is_legal(s, f, m)

    @staticmethod
    def apply(s: State, f: SeatFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        p = s.mut_player(f["p"])
        p.space = m.number(0)
        p.side = space_side(p.space)
        if s.phase != "colonization":
            push(s, "after_action", p.seat)  # contracts the bonus completes count (RUL-10)
            push(s, "settle_techs", p.seat)
        take_bonus(s, p.seat, p.space)

    @staticmethod
    def stray(s: State, f: SeatFrame, m: Move) -> str:
        side = f.get("side")
        return refuse(
            "§19",
            "choose an empty Turn Order space{where}: {spaces}",
            where=refuse("", " on the {side} side", side=refuse("", side)) if side else "",
            spaces=Joined([str(n) for n in empty_spaces(s, side)], ", "),
        )


def take_bonus(s: State, seat: int, space: int) -> None:
    """A Turn Order space's bonus, named in the data: optional (``must = 0`` lets ``done``
    decline it); one that cannot be paid or used is skipped (RUL-2). Space 6's Bots work like
    the Lab's Bots icon: Crystals buy extra movement (RUL-2)."""
    bonus = load().turn_order[str(space)].bonus
    if not effect_blocker(s, seat, bonus, explain=False):
        start_effect(s, seat, bonus)


class ColonistBonus(PickStep[PickFrame]):
    """A Turn Order space's Colonist (space 5, RUL-2; §3.5, §12.3: "you may take its bonus"):
    ``gain colonist`` takes it from your supply into Living Quarters (§9.4), ``done`` declines
    it (seed digest item 7: 可取其奖励). Offered only when it could be used
    (:func:`~onmars.rules.actions.effects.colonists_blocker`); rules version 2 on."""

    name = "colonist_bonus"
    rule = "RUL-2"
    prompt = N_("Turn Order bonus: gain a Colonist from your supply, or decline it")

    @staticmethod
    def pick_candidates(s: State, f: PickFrame, explain: bool = False) -> list[Candidate]:
        return [(GAIN_COLONIST, no_colonist_room(s, f["p"], explain))]

    @staticmethod
    def take(s: State, f: PickFrame, m: Move) -> None:
        new_colonists(s, f["p"], 1)


GAIN_COLONIST = mv("gain", "colonist")
NO_ROOM = N_("no Colonist of your supply can enter Living Quarters")


def no_colonist_room(s: State, seat: int, explain: bool) -> str:
    """Why a Colonist of ``seat``'s supply cannot enter Living Quarters now ("" if it can,
    §9.4; a :data:`~onmars.rules.engine.engine.Blocker`)."""
    if colonist_room(s.players[seat]):
        return ""
    return refuse("§9.4", NO_ROOM) if explain else NO


class SettleTechs(Step[Frame]):
    """Outside a turn (setup picks, the Shuttle phase, an owner's free development at a turn's
    end) the owners of Tech tiles used decide at once, as at the end of a turn (§8.3)."""

    name = "settle_techs"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        for owner, tile in reversed(s.mut_turn().pop("used", [])):
            push(s, "owner_develop", owner, tile=tile)


class SetupShuttle(Step[Frame]):
    """After the opening picks, the player on the highest space places the Shuttle (§3.5)."""

    name = "setup_shuttle"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        last = max(s.players, key=lambda p: p.space)
        push(s, "shuttle_side", last.seat)


class ShuttleSide(Step[Frame]):
    name = "shuttle_side"
    rule = "§3.5"
    prompt = N_("place the Shuttle on the red space 1 of a side")

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        return [mv("shuttle", side) for side in ("orbit", "colony")]

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        s.shuttle_side = m.args[0]
        s.shuttle_space = 1


# --- the Shuttle phase ------------


def move_shuttle(s: State) -> str:
    """Move the Shuttle for this phase; return the side it travelled from ("" if it did not).
    RUL-5: at levels 1-3 it travels from space 1 to the other side's space = level, else steps
    toward the middle; at level 4 it stays; at level 5 it makes one last trip, then is removed.
    So a position where nobody can progress is legal (all on the Colony side at level 4 with no
    Ship, Crystal or Mineral): the engine adds no way out; players end such a game by agreement
    (RUL-5, RUL-20: ``Game.conclude``)."""
    side = s.shuttle_side
    if not side or (s.level == 4):
        return ""
    if s.level >= 5:
        s.shuttle_side = ""
        return side
    if s.shuttle_space == 1:
        s.shuttle_side = OTHER[side]
        s.shuttle_space = min(s.level, load().value("shuttle_spaces")[0])
        return side
    s.shuttle_space -= 1
    return ""


class ShuttlePhase(Step[Frame]):
    """§12: move the Shuttle, then each player in turn order decides whether to travel."""

    name = "shuttle_phase"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        departed = move_shuttle(s)
        for seat in reversed(turn_order(s)):
            push(s, "travel", seat, free=s.players[seat].side == departed)


class Travel(Step[TravelFrame]):
    """Travel free when the Shuttle left from your side this phase, otherwise by returning a
    Ship from your Hangar to the box; or stay and take no bonus (§12.2, seed item 7)."""

    name = "travel"
    rule = "§12.2"
    prompt = N_("travel to the other side or stay")
    forced = True
    vouches = True

    @staticmethod
    def candidates(s: State, f: TravelFrame, explain: bool = False) -> list[Candidate]:
        can = f["free"] or s.players[f["p"]].hangar > 0
        return [(TRAVEL, "" if can else NO_PASSAGE), (STAY, "")]

    @staticmethod
    def options(s: State, f: TravelFrame) -> list[Move]:
        """The legal moves of :meth:`candidates`, without its pairs (issue 27.1)."""
        if f["free"] or s.players[f["p"]].hangar > 0:
            return [TRAVEL, STAY]
        return [STAY]

    @classmethod
    def settle(cls, s: State, f: TravelFrame) -> Move | bool | list[Move]:
        """``stay`` plays itself when the player cannot travel; else both are offered."""
        opts = cls.options(s, f)
        return STAY if len(opts) == 1 else opts

    @staticmethod
    def is_legal(s: State, f: TravelFrame, m: Move) -> bool:
        return m == STAY or (m == TRAVEL and (f["free"] or s.players[f["p"]].hangar > 0))

    @staticmethod
    def expects(s: State, f: TravelFrame, m: Move) -> bool:
        """Pending whenever travelling is possible (``stay`` is always legal)."""
        return m in (TRAVEL, STAY) and (f["free"] or s.players[f["p"]].hangar > 0)

    @staticmethod
    def apply(s: State, f: TravelFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        if m.verb == "travel":
            p = s.mut_player(f["p"])
            if not f["free"]:
                p.hangar -= 1
            start_travel(s, p.seat, OTHER[p.side])


TRAVEL, STAY = Move("travel"), Move("stay")
NO_PASSAGE = refuse(
    "§12.2", "the Shuttle did not leave from your side and you have no Ship in your Hangar"
)


def start_travel(s: State, seat: int, to: str, explore: bool = True) -> None:
    """The travel steps in order (§12.3, §12.4). The Landing Pod skips exploring (§7.1)."""
    p = s.mut_player(seat)
    p.space = 0  # the marker leaves its space
    p.side = to
    push(s, "seat", seat, side=to)
    push(s, "retrieve", seat, side=to)
    if to == "orbit":  # what production puts on a Delivery contract counts at once (RUL-10)
        push(s, "after_action", seat)
        push(s, "produce", seat)
    elif explore:
        push(s, "explore", seat)


class Retrieve(Step[SideFrame]):
    """Colonists on this side's Action slots and in the Working Area go back to Living
    Quarters, the excess to your supply; Miners stay (§12.3-4, seed item 7)."""

    name = "retrieve"
    auto = True

    @staticmethod
    def apply(s: State, f: SideFrame, m: Move | None) -> None:
        retrieve_colonists(s, f["p"], f["side"])


def retrieve_colonists(s: State, seat: int, side: str) -> None:
    p = s.mut_player(seat)
    back = p.wa
    p.wa = 0
    for act, slots in s.slots.items():
        if load().action[act].side == side:
            back += slots.count(seat)
            if seat in slots:
                s.mut_slots()[act] = [x for x in slots if x != seat]
    to_lq(p, back)


def producers(s: State, seat: int) -> list[int]:
    """Your Advanced Buildings and the Mines with your Miner: what produces on the way to Orbit
    (§12.4)."""
    mine = set(cells_of(s.ab, seat)) | set(cells_of(s.miner, seat))
    return sorted(c for c in mine if s.bld[c])


def produced(s: State, cell: int) -> str:
    """The item ``cell`` produces: its type's (a Shelter's is a Crystal; a Mine's, whether it
    holds a Miner or an Advanced Building marker, a Mineral) (§12.4)."""
    return load().building_type[s.bld[cell].split(":")[0]].gain


def production(s: State, seat: int) -> dict[str, int]:
    """What travel to Orbit produces: one item per producer (§12.4)."""
    out: dict[str, int] = {}
    for cell in producers(s, seat):
        item = produced(s, cell)
        out[item] = out.get(item, 0) + 1
    return out


class Produce(Step[Frame]):
    name = "produce"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        p = s.mut_player(f["p"])
        for item, k in production(s, f["p"]).items():
            gain(p, item, k)


def rover_cell(s: State, seat: int) -> int:
    """Where the Rover stands; before its first move it counts as on the starting Mine."""
    rover = s.players[seat].rover
    return rover if rover >= 0 else hexmap.feature("start_mine")[0]


def discovery_hexes(s: State, seat: int) -> list[int]:
    """Empty hexes exactly 3 from your Rover (§12.3 step 1), in cell order."""
    return [c for c in _ring3(rover_cell(s, seat)) if s.empty(c)]


@cache
def _ring3(cell: int) -> tuple[int, ...]:
    """The map hexes exactly 3 from ``cell``, in cell order."""
    return tuple(c for c in range(len(hexmap.cells())) if hexmap.hex_distance(c, cell) == 3)


class Explore(Step[Frame]):
    """Place one face-up Discovery tile on an empty hex exactly 3 from your Rover, then refill
    the Exploration space; with no such hex, nothing is placed (§12.3 step 1)."""

    name = "explore"
    rule = "§12.3"
    prompt = N_("place a Discovery tile 3 hexes from your Rover")
    vouches = True

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        cells = [hexmap.text(c) for c in discovery_hexes(s, f["p"])]
        return [mv("discover", t, c) for t in dict.fromkeys(s.exploration) for c in cells]

    @classmethod
    def is_legal(cls, s: State, f: Frame, m: Move) -> bool:
        """``m in options``, found without listing every tile and hex."""
        if m.verb != "discover" or len(m.args) != 2 or m.args[0] not in s.exploration:
            return False
        return m.args[1] in [hexmap.text(c) for c in discovery_hexes(s, f["p"])]

    @classmethod
    def expects(cls, s: State, f: Frame, m: Move) -> bool:
        """A legal placement leaves a decision pending (none is forced)."""
        return cls.is_legal(s, f, m)

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        tile, cell = m.args[0], m.cell(1)
        s.mut_exploration().remove(tile)
        s.mut_tile()[cell] = tile
        if s.discovery_stack:
            s.mut_exploration().append(s.mut_discovery_stack().pop())
            s.turned_up += 1

    @staticmethod
    def stray(s: State, f: Frame, m: Move) -> str:
        return refuse(
            "§12.3", "place a face-up Discovery tile on an empty hex exactly 3 from your Rover"
        )


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (
    Seat,
    ColonistBonus,
    SettleTechs,
    SetupShuttle,
    ShuttleSide,
    ShuttlePhase,
    Travel,
    Retrieve,
    Produce,
    Explore,
)
