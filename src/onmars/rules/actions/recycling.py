"""BP21 Recycling Bots (§14): your Bots move as if they were Rovers (§9.1).

Its effect, ``recycling`` (named by BP21 in data/cards.toml), is this module's ``EFFECTS``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from onmars.rules.actions.discovery import claim_blocker, is_research
from onmars.rules.actions.economy import gain
from onmars.rules.actions.mars import bot_cells, cells_of
from onmars.rules.data import hexmap
from onmars.rules.engine.engine import Candidate, Effect, Step, pop, push
from onmars.rules.engine.errors import NO, refuse
from onmars.rules.engine.frames import RecycleFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State
from onmars.rules.engine.suppose import supposing


class Bots(NamedTuple):
    """Where your Bots stand in a check, given as parameters (the state is never changed):
    ``bot``, the owner per cell (as ``State.bot``; the moving Bot lifted off the map), and
    ``moved``, the hexes of the Bots that moved and stopped this action."""

    bot: list[int]
    moved: list[int]


def _claim_ok(
    s: State, seat: int, tile: str, crystals: int, taken: list[str], bot: list[int]
) -> bool:
    """A Rover (here a Bot) may end on ``tile`` only if it could claim it (§9.1), with
    ``crystals`` in the Depot and the Bots standing as ``bot`` says (their zones count for a
    construction the tile gives)."""
    if is_research(tile) and tile in taken:
        return False
    after = supposing(s, seat, crystals=crystals, bot=bot)
    return not claim_blocker(after, seat, tile, explain=False)


def _claimed_tiles(s: State, moved: list[int], skip: int = -1) -> list[str]:
    """Tiles under the Bots that have moved and stopped (one Research tile per type, §10)."""
    return [s.tile[c] for c in moved if c != skip and s.tile[c]]


def _occupied(s: State, bot: list[int], cell: int) -> bool:
    """``State.occupied`` with the Bots standing as ``bot`` says."""
    if bot[cell] >= 0 or s.miner[cell] >= 0 or s.ab[cell] >= 0:
        return True
    return any(p.rover == cell for p in s.players)


def bot_may_end(s: State, seat: int, bots: Bots, cell: int, crystals: int) -> bool:
    """The moving Bot (lifted off the map meanwhile) may end on ``cell``: no piece there, and a
    tile there is one it could claim, standing there (§9.1, §14)."""
    if _occupied(s, bots.bot, cell):
        return False
    tile = s.tile[cell]
    if not tile:
        return True
    there = bots.bot[:]
    there[cell] = seat  # its Bot zone counts for a construction the tile gives
    return _claim_ok(s, seat, tile, crystals, _claimed_tiles(s, bots.moved), there)


def _can_finish(s: State, seat: int, bots: Bots, start: int, mp: int, crystals: int) -> bool:
    """From ``start`` the moving Bot can reach a hex where it may end, and the Crystals spent on
    the way leave the tiles under the Bots already stopped claimable."""
    for cell in hexmap.within(start, mp + crystals):
        left = crystals - max(0, hexmap.walk(start, cell) - mp)
        if bot_may_end(s, seat, bots, cell, left) and (
            left == crystals or _stopped_ok(s, seat, bots, left)
        ):
            return True
    return False


def _stopped_ok(s: State, seat: int, bots: Bots, crystals: int) -> bool:
    """Bots already stopped on tiles could still claim them with ``crystals`` left."""
    return all(
        _claim_ok(s, seat, s.tile[c], crystals, _claimed_tiles(s, bots.moved, skip=c), bots.bot)
        for c in bots.moved
        if s.tile[c]
    )


def bot_steps(s: State, seat: int, mp: int, bots: Bots, start: int) -> Iterator[int]:
    """Neighbours of ``start`` the moving Bot may step onto and still end legally, with ``mp``
    movement points left and the other Bots standing as ``bots`` says (found lazily: a
    yes/no check stops at the first)."""
    crystals = s.players[seat].crystals
    if mp + crystals < 1:
        return
    mp_after, crystals_after = (mp - 1, crystals) if mp else (0, crystals - 1)
    if crystals_after < crystals and not _stopped_ok(s, seat, bots, crystals_after):
        return
    for nb in hexmap.neighbours(start):
        if _can_finish(s, seat, bots, nb, mp_after, crystals_after):
            yield nb


def recycling_steps(s: State, f: RecycleFrame) -> Iterator[Move]:
    """``bot <from> <to>`` one hex: the Bot on the way goes on, or, once it may stop, another
    Bot sets off (§9.1). The Bots are checked where they would stand, given as parameters:
    the Bot on the way put down, the one setting off lifted. Found lazily, in listing order."""
    seat, carry, mp = f["p"], f["carry"], f["mp"]
    here = Bots(s.bot, f["moved"])
    if carry >= 0:
        for nb in bot_steps(s, seat, mp, here, carry):
            yield _step(carry, nb)
        if not bot_may_end(s, seat, here, carry, s.players[seat].crystals):
            return
        down = s.bot[:]  # the Bot on the way stops where it stands
        down[carry] = seat
        here = Bots(down, [*f["moved"], carry])
    for b in cells_of(here.bot, seat):
        if b == carry:
            continue  # the Bot on the way goes on: listed above
        lifted = here.bot[:]
        lifted[b] = -1
        trial = Bots(lifted, [c for c in here.moved if c != b])
        for nb in bot_steps(s, seat, mp, trial, b):
            yield _step(b, nb)


def recycling_moves(s: State, f: RecycleFrame) -> list[Move]:
    """The legal steps (:func:`recycling_steps`), listed."""
    return list(recycling_steps(s, f))


def _step(a: int, b: int) -> Move:
    return mv("bot", hexmap.text(a), hexmap.text(b))


def _put_down(s: State, f: RecycleFrame) -> None:
    """Stop the Bot on the way where it stands (it may end there)."""
    carry = f["carry"]
    if carry >= 0:
        s.mut_bot()[carry] = f["p"]
        f["moved"].append(carry)
        f["carry"] = -1


def recycling(s: State, seat: int, *, n: int = 2) -> None:
    """Up to ``n`` MP for your Bots, which move as Rovers: they collect every Crystal on the
    hexes they enter and may claim the Discovery or Research tile they end on, ending there only
    if they could (§9.1); each Crystal from the Depot adds 1 MP."""
    push(s, "ab_recycle", seat, mp=n, carry=-1, moved=[])


def recycling_blocker(s: State, seat: int, *, n: int = 2, explain: bool = True) -> str:
    if not bot_cells(s, seat):
        return refuse("§14", "you have no Bot on Mars") if explain else NO
    trial: RecycleFrame = {"t": "ab_recycle", "p": seat, "mp": n, "carry": -1, "moved": []}
    if next(recycling_steps(s, trial), None) is None:
        return (
            refuse("§9.1", "none of your Bots can move and end on a legal hex") if explain else NO
        )
    return ""


class Recycle(Step[RecycleFrame]):
    """Recycling Bots movement: ``bot <from> <to>`` one hex at a time, ``done`` when every Bot
    stands where it may end; then each Bot on a tile may ``claim`` it (§9.1, §14)."""

    name = "ab_recycle"
    rule = "§14"
    prompt = N_("move your Bots as Rovers")

    @staticmethod
    def candidates(s: State, f: RecycleFrame, explain: bool = False) -> list[Candidate]:
        """The legal Bot steps (:func:`recycling_moves`; with ``explain`` every step of a Bot
        to a neighbour is named), then ``done`` once the moving Bot may stop."""
        moves = recycling_moves(s, f)
        out: list[Candidate] = [(m, "") for m in moves]
        if explain:
            legal = set(moves)
            starts = dict.fromkeys(
                [*([f["carry"]] if f["carry"] >= 0 else []), *bot_cells(s, f["p"])]
            )
            out += [
                (m, refuse("§9.1", BOT_STEP))
                for b in starts
                for m in (mv("bot", hexmap.text(b), hexmap.text(nb)) for nb in hexmap.neighbours(b))
                if m not in legal
            ]
        carry = f["carry"]
        here = Bots(s.bot, f["moved"])
        if carry < 0 or bot_may_end(s, f["p"], here, carry, s.players[f["p"]].crystals):
            out.append((DONE, ""))
        else:
            out.append((DONE, refuse("§9.1", MAY_NOT_END) if explain else NO))
        return out

    @staticmethod
    def apply(s: State, f: RecycleFrame, m: Move | None) -> None:
        assert m is not None
        p = s.mut_player(f["p"])
        if m.verb == "done":
            pop(s, f)
            _put_down(s, f)
            for cell in reversed(f["moved"]):
                if s.tile[cell] and s.bot[cell] == p.seat:
                    push(s, "claim", p.seat, cell=cell, by="bot")
            return
        a, b = m.cell(0), m.cell(1)
        if a != f["carry"]:
            _put_down(s, f)
            s.mut_bot()[a] = -1
            f["moved"] = [c for c in f["moved"] if c != a]
        f["carry"] = b
        if f["mp"]:
            f["mp"] -= 1
        else:
            p.crystals -= 1  # §6.4: a Crystal from the Depot buys the movement point
        if s.crystal[b]:
            s.mut_crystal()[b] = 0
            gain(p, "crystal")

    @staticmethod
    def stray(s: State, f: RecycleFrame, m: Move) -> str:
        return refuse("§9.1", BOT_STEP) if m.verb == "bot" else ""


DONE = Move("done")
MAY_NOT_END = N_("your Bot may not end on a hex with a piece, or on a tile it cannot claim")
BOT_STEP = N_(
    "a Bot moves one hex at a time to a neighbour from where it can still end legally, within "
    "your movement points and Crystals; another Bot sets off only once the moving one may stop"
)


EFFECTS: tuple[Effect, ...] = (Effect("recycling", "§14", recycling, recycling_blocker),)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (Recycle,)
