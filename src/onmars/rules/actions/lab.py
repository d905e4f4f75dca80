"""The Laboratory: Tech tiles, their levels and development (§7.3, §7.4, §8, §20, RUL-3)."""

from __future__ import annotations

from functools import cache

from onmars.rules.actions.economy import can_pay, charge, gain
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
from onmars.rules.engine.errors import Term, refuse
from onmars.rules.engine.frames import DevelopFrame, LabGainFrame, SpaceFrame, TileFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import Player, State


@cache
def _next_spaces(space: str) -> tuple[str, ...]:
    """Spaces one column to the right that touch ``space`` (RUL-3 geometry)."""
    spaces = load().lab_space
    here = spaces[space]
    return tuple(
        sid
        for sid, sp in spaces.items()
        if sp.column == here.column + 1 and abs(sp.y - here.y) == 1
    )


@cache
def column_spaces(level: int) -> tuple[str, ...]:
    """The Lab spaces of a column, in the data's order (read once)."""
    return tuple(sid for sid, sp in load().lab_space.items() if sp.column == level)


def level_of(p: Player, tile: str) -> int:
    for space, t in p.lab.items():
        if t == tile:
            return load().lab_space[space].column
    return 0


def tech_of_type(p: Player, tech_type: str) -> str:
    """The player's Tech tile of a type ("" if none; at most one per type, §7.3)."""
    types = tech_types()
    for t in p.lab.values():
        if types[t] == tech_type:
            return t
    return ""


@cache
def tech_types() -> dict[str, str]:
    """Each Tech tile's type, by id (read once: asked for every tile of every Lab)."""
    return {t: data.type for t, data in load().tech_tile.items()}


def column_cost(space: str) -> list[str]:
    return list(_entry_cost(space))


@cache
def _entry_cost(space: str) -> tuple[str, ...]:
    """The cost of the column of ``space`` (RUL-3), read once."""
    column = load().lab_space[space].column
    return tuple(load().lab_column[f"L{column}"].cost)


def can_develop(p: Player, paid: bool, crystals: int | None = None) -> bool:
    """Whether :func:`developments` lists anything (yes/no: stops at the first)."""
    lab = p.lab
    for space in lab:
        for dest in _next_spaces(space):
            if dest not in lab and (not paid or can_pay(p, _entry_cost(dest), crystals)):
                return True
    return False


def developments(
    p: Player, paid: bool, only: str = "", crystals: int | None = None
) -> list[tuple[str, str]]:
    """(tile, destination) pairs: an adjacent empty space one column right, affordable when
    the development is paid (§7.4), with ``crystals`` in the Depot if given."""
    return [pair for pair, _ in development_problems(p, paid, only, crystals)]


def development_problems(
    p: Player, paid: bool, only: str = "", crystals: int | None = None, explain: bool = False
) -> list[tuple[tuple[str, str], str]]:
    """((tile, destination), why that development is refused) for each space one column right
    that touches a tile's space (RUL-3 geometry): refused when taken, or (when ``paid``) when
    its column cost cannot be paid with ``crystals`` in the Depot (the Depot's if ``None``).
    Without ``explain`` only the legal ones are listed."""
    out: list[tuple[tuple[str, str], str]] = []
    for space, tile in p.lab.items():
        if only and tile != only:
            continue
        for dest in _next_spaces(space):
            if dest in p.lab:
                if explain:
                    out.append(((tile, dest), refuse("§7.4", TAKEN, space=Term("space", dest))))
            elif paid and not can_pay(p, _entry_cost(dest), crystals):
                if explain:
                    out.append(
                        (
                            (tile, dest),
                            refuse("RUL-3", UNPAID, cost=Term("items", tuple(column_cost(dest)))),
                        )
                    )
            else:
                out.append(((tile, dest), ""))
    return out


TAKEN = N_("Lab space {space} is taken; a tile moves to an empty space")
UNPAID = N_("you cannot pay {cost} to enter that column")


def develop(s: State, seat: int, tile: str, dest: str, paid: bool) -> None:
    """Move ``tile`` to ``dest``; pay the column cost first if ``paid``; then the space benefit."""
    p = s.mut_player(seat)
    src = next(sp for sp, t in p.lab.items() if t == tile)
    del p.lab[src]
    p.lab[dest] = tile
    push(s, "lab_benefit", seat, space=dest)
    if paid:
        charge(s, seat, column_cost(dest))


class LabBenefit(Step[SpaceFrame]):
    """The benefit printed on the Lab space a tile just entered (§20, RUL-3), named in the data.
    Every benefit is optional ("you may", §7.3, §7.4, §20), whatever moved the tile there: each
    is a pick that ``done`` declines (``must = 0`` in the data). One that cannot be used is
    skipped."""

    name = "lab_benefit"
    rule = "§20"
    auto = True

    @staticmethod
    def apply(s: State, f: SpaceFrame, m: Move | None) -> None:
        benefit = load().lab_space[f["space"]].benefit
        if not effect_blocker(s, f["p"], benefit, explain=False):
            start_effect(s, f["p"], benefit)


class LabGain(PickStep[LabGainFrame]):
    """An item from the supply that may be declined (``done``): a Lab space's Crystal or
    Mineral (§20 items 2-3)."""

    name = "lab_gain"
    rule = "§20"
    prompt = N_("gain the Lab space's item from the supply")

    @staticmethod
    def picks(s: State, f: LabGainFrame) -> list[Move]:
        return [mv("gain", f["item"])]

    @staticmethod
    def take(s: State, f: LabGainFrame, m: Move) -> None:
        gain(s.mut_player(f["p"]), f["item"])


class Develop(PickStep[DevelopFrame]):
    """Develop Tech tiles: each pick moves one tile one column right (§7.4). Frame ``paid``:
    whether column costs are paid (free for Research tiles, RUL-8, and Executive row 1,
    RUL-13)."""

    name = "develop"
    rule = "§7.4"
    prompt = N_("develop a Tech tile")

    @staticmethod
    def pick_candidates(s: State, f: DevelopFrame, explain: bool = False) -> list[Candidate]:
        p = s.players[f["p"]]
        return [
            (mv("develop", t, d), reason)
            for (t, d), reason in development_problems(p, f["paid"], explain=explain)
        ]

    @staticmethod
    def take(s: State, f: DevelopFrame, m: Move) -> None:
        develop(s, f["p"], m.args[0], m.args[1], f["paid"])

    @staticmethod
    def stray(s: State, f: DevelopFrame, m: Move) -> str:
        if m.verb == "develop" and len(m.args) == 2:
            if m.args[0] not in s.players[f["p"]].lab.values():
                return refuse(
                    "§7.4",
                    "you have no {tile}",
                    tile=Term("tech", m.args[0], f"Tech tile {m.args[0]}"),
                )
            return refuse("§7.4", "a tile moves to a touching empty space exactly one column right")
        return ""


class OwnerDevelop(Step[TileFrame]):
    """Your Tech tile was used by another player this turn: develop it once free and give back
    the Oxygen, or keep the Oxygen (§8.3, seed item 4)."""

    name = "owner_develop"
    rule = "§8.3"
    prompt = N_("your Tech was used: develop it free or keep the Oxygen")

    @staticmethod
    def options(s: State, f: TileFrame) -> list[Move]:
        p = s.players[f["p"]]
        devs = developments(p, paid=False, only=f["tile"])
        return [mv("develop", t, d) for t, d in devs] + [Move("keep")]

    @staticmethod
    def apply(s: State, f: TileFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        if m.verb == "keep":
            gain(s.mut_player(f["p"]), "oxygen")
        else:  # a Tech borrowed for this development's benefit is settled right after it
            push(s, "settle_techs", f["p"])
            develop(s, f["p"], m.args[0], m.args[1], paid=False)


def benefit_after_payment(s: State, seat: int, space: str, cost: tuple[str, ...]) -> None:
    """Pay ``cost`` first, then gain the benefit of the Lab ``space`` (§7.3)."""
    push(s, "lab_benefit", seat, space=space)
    charge(s, seat, list(cost))


def techs_in_play(s: State, tech_type: str, seat: int) -> list[tuple[str, int, int]]:
    """(tile, owner, level) of every Tech tile of a type that ``seat`` may use: anyone's, except
    Shelter Tech, which only its owner uses (§8.3, seed item 4)."""
    out = []
    for p in s.players:
        if tech_type == "shelter" and p.seat != seat:
            continue
        tile = tech_of_type(p, tech_type)
        if tile:
            out.append((tile, p.seat, level_of(p, tile)))
    return out


def use_tech(s: State, seat: int, tile: str) -> int:
    """Use a Tech tile; another owner is owed 1 Oxygen or a free development at the end of the
    turn (§8.3). Returns the tile's level."""
    for p in s.players:
        if tile in p.lab.values():
            if p.seat != seat:  # each use owes the owner (§8.3 "whenever"; RB "each time")
                s.mut_turn().setdefault("used", []).append([p.seat, tile])
            return level_of(p, tile)
    raise AssertionError(f"tech {tile} is not in play")


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (LabBenefit, LabGain, Develop, OwnerDevelop)
