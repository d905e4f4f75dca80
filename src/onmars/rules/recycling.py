"""BP21 Recycling Bots (§14): your Bots move as if they were Rovers (§9.1).

Its effect, ``recycling`` (named by BP21 in data/cards.toml), is this module's ``EFFECTS``.
"""

from __future__ import annotations

from onmars.rules import hexmap
from onmars.rules.discovery import claim_blocker, is_research
from onmars.rules.economy import gain
from onmars.rules.engine import Candidate, Effect, Frame, Step, pop, push
from onmars.rules.errors import NO, refuse
from onmars.rules.mars import bot_cells
from onmars.rules.moves import Move, mv
from onmars.rules.state import State


def _claim_ok(s: State, seat: int, tile: str, crystals: int, taken: list[str]) -> bool:
    """A Rover (here a Bot) may end on ``tile`` only if it could claim it (§9.1)."""

    if is_research(tile) and tile in taken:
        return False
    p = s.players[seat]
    saved, p.crystals = p.crystals, crystals
    try:
        return not claim_blocker(s, seat, tile, explain=False)
    finally:
        p.crystals = saved


def _claimed_tiles(s: State, f: Frame, skip: int = -1) -> list[str]:
    """Tiles under the Bots that have moved and stopped (one Research tile per type, §10)."""
    return [s.tile[c] for c in f["moved"] if c != skip and s.tile[c]]


def bot_may_end(s: State, f: Frame, cell: int, crystals: int) -> bool:
    """The moving Bot (lifted off the map meanwhile) may end on ``cell``: no piece there, and a
    tile there is one it could claim, standing there (§9.1, §14)."""
    if s.occupied(cell):
        return False
    tile = s.tile[cell]
    if not tile:
        return True
    s.bot[cell] = f["p"]  # its Bot zone counts for a construction the tile gives
    try:
        return _claim_ok(s, f["p"], tile, crystals, _claimed_tiles(s, f))
    finally:
        s.bot[cell] = -1


def _can_finish(s: State, f: Frame, start: int, mp: int, crystals: int) -> bool:
    """From ``start`` the moving Bot can reach a hex where it may end, and the Crystals spent on
    the way leave the tiles under the Bots already stopped claimable."""
    for cell in hexmap.within(start, mp + crystals):
        left = crystals - max(0, hexmap.walk(start, cell) - mp)
        if bot_may_end(s, f, cell, left) and (left == crystals or _stopped_ok(s, f, left)):
            return True
    return False


def _stopped_ok(s: State, f: Frame, crystals: int) -> bool:
    """Bots already stopped on tiles could still claim them with ``crystals`` left."""
    return all(
        _claim_ok(s, f["p"], s.tile[c], crystals, _claimed_tiles(s, f, skip=c))
        for c in f["moved"]
        if s.tile[c]
    )


def bot_steps(s: State, f: Frame, start: int) -> list[int]:
    """Neighbours of ``start`` the moving Bot may step onto and still end legally."""
    mp, crystals = f["mp"], s.players[f["p"]].crystals
    if mp + crystals < 1:
        return []
    mp_after, crystals_after = (mp - 1, crystals) if mp else (0, crystals - 1)
    if crystals_after < crystals and not _stopped_ok(s, f, crystals_after):
        return []
    return [
        nb for nb in hexmap.neighbours(start) if _can_finish(s, f, nb, mp_after, crystals_after)
    ]


def recycling_moves(s: State, f: Frame) -> list[Move]:
    """``bot <from> <to>`` one hex: the Bot on the way goes on, or, once it may stop, another
    Bot sets off (§9.1)."""
    seat, carry = f["p"], f["carry"]
    out = []
    if carry >= 0:
        out += [mv("bot", hexmap.text(carry), hexmap.text(nb)) for nb in bot_steps(s, f, carry)]
        if not bot_may_end(s, f, carry, s.players[seat].crystals):
            return out
    lifted = _put_down(s, f)
    try:
        for b in bot_cells(s, seat):
            if b == lifted:
                continue  # the Bot on the way goes on: listed above
            s.bot[b] = -1
            moved = f["moved"]
            f["moved"] = [c for c in moved if c != b]
            try:
                out += [mv("bot", hexmap.text(b), hexmap.text(nb)) for nb in bot_steps(s, f, b)]
            finally:
                s.bot[b] = seat
                f["moved"] = moved
    finally:
        _lift(s, f, lifted)
    return out


def _put_down(s: State, f: Frame) -> int:
    """Stop the Bot on the way where it stands (it may end there); returns its hex or -1."""
    carry = f["carry"]
    if carry >= 0:
        s.bot[carry] = f["p"]
        f["moved"].append(carry)
        f["carry"] = -1
    return carry


def _lift(s: State, f: Frame, cell: int) -> None:
    """Undo :func:`_put_down` (a trial)."""
    if cell >= 0:
        s.bot[cell] = -1
        f["moved"].remove(cell)
        f["carry"] = cell


def recycling(s: State, seat: int, *, n: int = 2) -> None:
    """Up to ``n`` MP for your Bots, which move as Rovers: they collect every Crystal on the
    hexes they enter and may claim the Discovery or Research tile they end on, ending there only
    if they could (§9.1); each Crystal from the Depot adds 1 MP."""
    push(s, "ab_recycle", seat, mp=n, carry=-1, moved=[])


def recycling_blocker(s: State, seat: int, *, n: int = 2, explain: bool = True) -> str:
    if not bot_cells(s, seat):
        return "§14: you have no Bot on Mars"
    trial = {"t": "ab_recycle", "p": seat, "mp": n, "carry": -1, "moved": []}
    if not recycling_moves(s, trial):
        return "§9.1: none of your Bots can move and end on a legal hex"
    return ""


class Recycle(Step):
    """Recycling Bots movement: ``bot <from> <to>`` one hex at a time, ``done`` when every Bot
    stands where it may end; then each Bot on a tile may ``claim`` it (§9.1, §14)."""

    name = "ab_recycle"
    rule = "§14"
    prompt = "move your Bots as Rovers"

    @staticmethod
    def candidates(s: State, f: Frame, explain: bool = False) -> list[Candidate]:
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
        if carry < 0 or bot_may_end(s, f, carry, s.players[f["p"]].crystals):
            out.append((DONE, ""))
        else:
            out.append((DONE, refuse("§9.1", MAY_NOT_END) if explain else NO))
        return out

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        p = s.players[f["p"]]
        if m.verb == "done":
            pop(s, f)
            _put_down(s, f)
            for cell in reversed(f["moved"]):
                if s.tile[cell] and s.bot[cell] == p.seat:
                    push(s, "claim", p.seat, cell=cell, by="bot")
            return
        a, b = hexmap.parse(m.args[0]), hexmap.parse(m.args[1])
        assert a is not None and b is not None
        if a != f["carry"]:
            _put_down(s, f)
            s.bot[a] = -1
            f["moved"] = [c for c in f["moved"] if c != a]
        f["carry"] = b
        if f["mp"]:
            f["mp"] -= 1
        else:
            p.crystals -= 1  # §6.4: a Crystal from the Depot buys the movement point
        if s.crystal[b]:
            s.crystal[b] = 0
            gain(p, "crystal")

    @staticmethod
    def stray(s: State, f: Frame, m: Move) -> str:
        return refuse("§9.1", BOT_STEP) if m.verb == "bot" else ""


DONE = Move("done")
MAY_NOT_END = "your Bot may not end on a hex with a piece, or on a tile it cannot claim"
BOT_STEP = (
    "a Bot moves one hex at a time to a neighbour from where it can still end legally, within "
    "your movement points and Crystals; another Bot sets off only once the moving one may stop"
)


EFFECTS: tuple[Effect, ...] = (Effect("recycling", "§14", recycling, recycling_blocker),)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (Recycle,)
