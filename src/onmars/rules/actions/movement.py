"""Moving Bots and the Rover (§9.1): Control Center, Bot movement bonuses, Rover moves, and
the Rover's claim of a Discovery or Research tile.

Rover claims, as read from §9.1 ("if you could not [claim it], the Rover may not end there"):

- A Rover whose movement ends on a Discovery or Research tile may claim it; it may *end* its
  movement there only if it could claim it (Research: no tile of that type held; Discovery: its
  cost payable and part of its benefit usable). So ``done`` is not offered while the Rover, having
  moved, stands on a tile it could not claim, and a step is offered only if the Rover can still
  end somewhere legal with the budget left (no dead end). Bot moves paid with Crystals are checked
  the same way, since Crystals spent on Bots may be the ones the claim needs.
- Claiming itself is optional (``claim`` or ``skip`` once all movement is over).
- A Rover that did not move this time has not ended a movement: nothing is checked or claimed.

Move notation: ``bot <from> <to>``, ``rover <q,r>`` (one hex), ``use <rover tech>``, ``done``;
then ``claim`` / ``skip``.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from onmars.rules.actions import lab
from onmars.rules.actions.discovery import claim, claim_blocker, is_research
from onmars.rules.actions.economy import gain
from onmars.rules.actions.mars import cells_of
from onmars.rules.actions.travel import rover_cell
from onmars.rules.data import hexmap
from onmars.rules.data.components import load
from onmars.rules.engine.engine import Candidate, Step, pop, push
from onmars.rules.engine.errors import NO, Reason, refuse
from onmars.rules.engine.frames import ClaimFrame, ControlFrame, MoveBotsFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import Player, State
from onmars.rules.engine.suppose import supposing


@cache
def _bot_move(a: int, b: int) -> Move:
    """The (immutable, shared) move ``bot <a> <b>``: listing moves builds no new objects."""
    return Move("bot", (hexmap.text(a), hexmap.text(b)))


@cache
def _rover_move(cell: int) -> Move:
    return Move("rover", (hexmap.text(cell),))


@cache
def _nearest_first(start: int, budget: int) -> tuple[tuple[int, int], ...]:
    """(hex, movement points from ``start``) within ``budget``, nearest first."""
    return tuple(
        sorted(
            ((c, hexmap.walk(start, c)) for c in hexmap.within(start, budget)), key=lambda x: x[1]
        )
    )


@cache
def _bot_targets(start: int, budget: int) -> tuple[tuple[int, Move], ...]:
    """(hex, ``bot <start> <hex>``) for every other hex within ``budget`` movement points, the
    moves built once."""
    return tuple((to, _bot_move(start, to)) for to in hexmap.within(start, budget) if to != start)


def bot_moves(s: State, seat: int, budget: int) -> list[Move]:
    """``bot <from> <to>``, legal: one of your Bots to a hex within ``budget`` movement points
    where it may end: no piece there (§9.1). Each move is a stop that must be legal (§9.1 "may
    not end", components §1.3 "may not stop"; §4 checks only the turn's end, so this is our
    reading): a Bot passes a piece inside one move, never dearer than two hops, so within one
    movement no end is lost; its end effects wait for the last stop."""
    if budget < 1:
        return []
    bot, miner, ab = s.bot, s.miner, s.ab
    starts = cells_of(bot, seat)
    if not starts:
        return []
    rovers = {p.rover for p in s.players}
    out: list[Move] = []
    for start in starts:
        out += [
            m
            for to, m in _bot_targets(start, budget)
            if bot[to] < 0 and miner[to] < 0 and ab[to] < 0 and to not in rovers
        ]
    return out


def bot_candidates(s: State, seat: int, budget: int) -> list[Candidate]:
    """The legal moves of :func:`bot_moves`, each with its reason ("")."""
    return [(m, "") for m in bot_moves(s, seat, budget)]


def move_bot(s: State, f: MoveBotsFrame | ControlFrame, m: Move, mp: int) -> int:
    """Move a Bot, paying from the frame's ``mp`` movement points then Crystals (§9.1, §6.4);
    returns the points left."""
    a, b = m.cell(0), m.cell(1)
    left = spend_mp(s.mut_player(f["p"]), mp, hexmap.walk(a, b))
    s.mut_bot()[a] = -1
    s.mut_bot()[b] = f["p"]
    f.setdefault("moved", []).append(b)
    return left


def spend_mp(p: Player, mp: int, cost: int) -> int:
    """Pay ``cost`` movement points from ``mp``, the rest in Crystals (§6.4); the points left."""
    free = min(cost, mp)
    p.crystals -= cost - free
    return mp - free


def bots_end(s: State, f: MoveBotsFrame | ControlFrame) -> None:
    """Where a Bot ends, a Discovery or Research tile is destroyed and a Crystal returns to the
    supply (§9.1)."""
    for cell in f.get("moved", []):
        if s.bot[cell] == f["p"]:
            if s.tile[cell]:
                s.mut_tile()[cell] = ""
            if s.crystal[cell]:
                s.mut_crystal()[cell] = 0


class MoveBots(Step[MoveBotsFrame]):
    """Up to ``mp`` movement points for your Bots, each Crystal buying one more (§20, RUL-2)."""

    name = "move_bots"
    rule = "§9.1"
    prompt = N_("move your Bots")

    @staticmethod
    def candidates(s: State, f: MoveBotsFrame, explain: bool = False) -> list[Candidate]:
        budget = f["mp"] + s.players[f["p"]].crystals
        out = bot_candidates(s, f["p"], budget)
        if explain:
            out += [(m, refuse("§9.1", BOT_BLOCKED)) for m in bot_moves_blocked(s, f["p"], budget)]
        return [*out, (DONE, "")]

    @staticmethod
    def options(s: State, f: MoveBotsFrame) -> list[Move]:
        """The legal moves of :meth:`candidates`, listed without its pairs."""
        return [*bot_moves(s, f["p"], f["mp"] + s.players[f["p"]].crystals), DONE]

    @staticmethod
    def apply(s: State, f: MoveBotsFrame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "done":
            pop(s, f)
            bots_end(s, f)
        else:
            f["mp"] = move_bot(s, f, m, f["mp"])


# --- the Rover ------------


def no_other_piece(s: State, seat: int, cell: int) -> bool:
    """No piece but this player's Rover on ``cell`` (§9.1)."""
    if s.bot[cell] >= 0 or s.miner[cell] >= 0 or s.ab[cell] >= 0:
        return False
    for p in s.players:  # noqa: SIM110 - a plain loop: cheaper than any() on this hot path
        if p.rover == cell and p.seat != seat:
            return False
    return True


def can_claim(s: State, seat: int, tile: str, crystals: int | None = None) -> bool:
    """Whether ``tile`` could be claimed, with ``crystals`` in the Depot if given (§9.1)."""
    return not claim_blocker(supposing(s, seat, crystals=crystals), seat, tile, explain=False)


def rover_may_end(s: State, seat: int, cell: int, crystals: int | None = None) -> bool:
    """A Rover may end its movement on ``cell``: no other piece there, and a tile there is one it
    could claim (§9.1)."""
    if not no_other_piece(s, seat, cell):
        return False
    return not s.tile[cell] or can_claim(s, seat, s.tile[cell], crystals)


def can_finish_from(
    s: State,
    seat: int,
    start: int,
    mp: int,
    crystals: int,
    buy: bool,
    others: set[int] | None = None,
) -> bool:
    """From ``start`` with ``mp`` movement points (plus Crystals if ``buy``), the Rover can reach
    a hex where it may end (``start`` itself first: the usual case). ``others``: the hexes of
    the other players' Rovers, if already known."""
    if others is None:
        others = {q.rover for q in s.players if q.seat != seat}
    bot, miner, ab, tile = s.bot, s.miner, s.ab, s.tile
    budget = mp + (crystals if buy else 0)
    for cell, dist in _nearest_first(start, budget):
        if bot[cell] >= 0 or miner[cell] >= 0 or ab[cell] >= 0 or cell in others:
            continue  # another piece: the Rover may pass, not stop
        if not tile[cell]:
            return True
        if can_claim(s, seat, tile[cell], crystals - max(0, dist - mp) if buy else crystals):
            return True
    return False


def rover_steps(s: State, f: ControlFrame, only: int | None = None) -> list[Move]:
    """``rover <q,r>``: one step to a neighbouring hex, collecting Crystals on the way; offered
    only if the Rover can still end its movement somewhere legal afterwards (§9.1). With
    ``only``, the step to that hex alone is looked at (the check of one move)."""
    seat = f["p"]
    p = s.players[seat]
    buy = f.get("crystals", True)
    mp, crystals = f["rover_mp"], p.crystals
    if mp + (crystals if buy else 0) < 1:
        return []
    mp_after, crystals_after = (mp - 1, crystals) if mp else (0, crystals - 1)
    bot, miner, ab, tile = s.bot, s.miner, s.ab, s.tile
    others = {q.rover for q in s.players if q.seat != seat}
    more = mp_after + (crystals_after if buy else 0) >= 1
    out = []
    around = hexmap.neighbours(rover_cell(s, seat))
    if only is not None:
        around = (only,) if only in around else ()
    for nb in around:
        # a free hex with no tile: the Rover may stop there (the usual case, no search)
        if bot[nb] < 0 and miner[nb] < 0 and ab[nb] < 0 and not tile[nb] and nb not in others:
            out.append(_rover_move(nb))
            continue
        if more:  # one more step to a free hex with no tile (the next usual case)
            for c in hexmap.neighbours(nb):
                if bot[c] < 0 and miner[c] < 0 and ab[c] < 0 and not tile[c] and c not in others:
                    out.append(_rover_move(nb))
                    break
            else:
                if can_finish_from(s, seat, nb, mp_after, crystals_after, buy, others):
                    out.append(_rover_move(nb))
        elif rover_may_end(s, seat, nb, crystals_after):  # the last step: it must end there
            out.append(_rover_move(nb))
    return out


def step_rover(s: State, f: ControlFrame, m: Move) -> None:
    """Move one hex, collecting any Crystal there (below the Depot, §9.1)."""
    to = m.cell(0)
    p = s.mut_player(f["p"])
    f["rover_mp"] = spend_mp(p, f["rover_mp"], 1)
    p.rover = to
    f["rover_moved"] = True
    if s.crystal[to]:
        s.mut_crystal()[to] = 0
        gain(p, "crystal")


@cache
def _is_rover_tech(tile: str) -> bool:
    return load().tech_tile[tile].type == "rover"


@cache
def _rover_tech_ids() -> frozenset[str]:
    """Every Rover Tech tile's id (a set lookup instead of a call per tile in a Lab)."""
    return frozenset(t for t, data in load().tech_tile.items() if data.type == "rover")


@cache
def _use_move(tile: str) -> Move:
    return Move("use", (tile,))


def rover_techs(s: State, f: ControlFrame, default: bool = True) -> list[Move]:
    """``use <tile>``: a Rover Tech of any player (§8.3), once per movement; the same tiles as
    :func:`onmars.lab.techs_in_play` lists, found without building tuples."""
    if f.get("tech_used") or not f.get("tech", default):
        return []
    rover = _rover_tech_ids()
    out: list[Move] = []
    for p in s.players:  # a Lab with no Rover Tech (most) is passed over at C speed
        tiles = p.lab.values()
        if not rover.isdisjoint(tiles):
            out += [_use_move(t) for t in tiles if t in rover]
    return out


def rover_may_stop(s: State, f: ControlFrame) -> bool:
    """The movement may end now: a Rover that moved stands where it may end (§9.1)."""
    seat = f["p"]
    here = s.players[seat].rover
    if here < 0:
        return True
    if not f.get("rover_moved"):
        return no_other_piece(s, seat, here)
    return rover_may_end(s, seat, here)


def rover_can_finish(s: State, f: ControlFrame) -> bool:
    return rover_may_stop(s, f) or bool(rover_steps(s, f))


#: Discovery tile effects whose claim depends neither on where the Bots stand (Bot zones) nor on
#: the Crystals in the Depot (no Crystal in their costs): a Bot move cannot change it.
_STEADY_EFFECTS = frozenset({"warehouse", "blueprint", "gain", "learn"})


@cache
def _steady(tile: str) -> bool:
    return is_research(tile) or load().discovery[tile].effect.effect in _STEADY_EFFECTS


def rover_stays_free(s: State, f: ControlFrame) -> bool:
    """No Bot move can stop the Rover from ending its movement: it has not moved, or it stands
    on a hex with no other piece (a Bot cannot end on the Rover's hex) and no tile, or a tile
    it can claim whatever the Bots do and whatever Crystals they spend (§9.1)."""
    if not f.get("rover_moved"):
        return True
    seat = f["p"]
    here = s.players[seat].rover
    if not no_other_piece(s, seat, here):
        return False
    tile = s.tile[here]
    return not tile or (_steady(tile) and can_claim(s, seat, tile))


#: Discovery tile effects whose claim depends on the Crystals in the Depot but not on the Bots.
_CRYSTAL_EFFECTS = frozenset({"hire", "develop"})


def crystal_bound(s: State, f: ControlFrame) -> bool:
    """The Rover may stop now, on a tile whose claim only the Crystals could change: a Bot move
    paid without Crystals keeps it able to stop (§9.1)."""
    seat = f["p"]
    here = s.players[seat].rover
    tile = s.tile[here]
    if (
        not tile
        or is_research(tile)
        or load().discovery[tile].effect.effect not in _CRYSTAL_EFFECTS
    ):
        return False
    return no_other_piece(s, seat, here) and can_claim(s, seat, tile)


def paid_crystals(f: ControlFrame, m: Move) -> int:
    """Crystals a ``bot <a> <b>`` move costs beyond the Bots' movement points left."""
    return max(0, hexmap.walk(m.cell(0), m.cell(1)) - f["bot_mp"])


def keeps_rover_finish(s: State, f: ControlFrame, m: Move) -> bool:
    """After this Bot move the Rover can still end legally (the Bot may take its last free hex
    or the Crystals a claim needs): asked of the position after the move, supposed."""
    if rover_stays_free(s, f):
        return True
    a, b = m.cell(0), m.cell(1)
    p = s.players[f["p"]]
    paid = max(0, hexmap.walk(a, b) - f["bot_mp"])
    bot = s.bot[:]
    bot[a], bot[b] = -1, p.seat
    return rover_can_finish(supposing(s, p.seat, crystals=p.crystals - paid, bot=bot), f)


def _bot_move_legal(s: State, f: ControlFrame, m: Move) -> bool:
    """``m in`` the legal Bot moves of :meth:`Control.candidates`, found for that move only:
    one of your Bots to a free hex within the budget, the Rover still able to end (§9.1)."""
    if len(m.args) != 2:
        return False
    a, b = m.cell(0), m.cell(1)
    if a < 0 or b < 0 or a == b or _bot_move(a, b) != m:
        return False
    seat = f["p"]
    if s.bot[a] != seat or s.bot[b] >= 0 or s.miner[b] >= 0 or s.ab[b] >= 0:
        return False
    if any(p.rover == b for p in s.players):
        return False
    crystals = s.players[seat].crystals if f.get("crystals", True) else 0
    if hexmap.walk(a, b) > f["bot_mp"] + crystals:  # (b in within(a, budget), one lookup)
        return False
    if rover_stays_free(s, f):
        return True
    return (crystal_bound(s, f) and not paid_crystals(f, m)) or keeps_rover_finish(s, f, m)


def offer_claim(s: State, f: ControlFrame) -> None:
    """After all movement: a Rover that moved and ended on a tile may claim it (§9.1)."""
    cell = s.players[f["p"]].rover
    if f.get("rover_moved") and cell >= 0 and s.tile[cell]:
        push(s, "claim", f["p"], cell=cell)


class Control(Step[ControlFrame]):
    """Control Center: 2 MP for your Bots and 2 for your Rover, interleaved; Crystals buy more;
    a Rover Tech adds its level to the Rover's (§9.1). Frame flags (default on): ``crystals``
    (Crystals buy movement points), ``tech`` (a Rover Tech may be used)."""

    name = "control"
    rule = "§9.1"
    prompt = N_("move your Bots and Rover")
    vouches = True
    moves_bots: ClassVar[bool] = True
    tech_default: ClassVar[bool] = True

    @classmethod
    def candidates(cls, s: State, f: ControlFrame, explain: bool = False) -> list[Candidate]:
        """Bot moves (while the Rover can still end legally after them), Rover steps, Rover
        Techs, then ``done`` (once the Rover stands where it may end). Without ``explain``
        only the legal moves are listed (:meth:`options`)."""
        if not explain:
            return [(m, "") for m in cls.options(s, f)]
        out: list[Candidate] = []
        seat = f["p"]
        if cls.moves_bots:
            crystals = s.players[seat].crystals if f.get("crystals", True) else 0
            budget = f["bot_mp"] + crystals
            moves = bot_candidates(s, seat, budget)
            if not moves or rover_stays_free(s, f):  # (most often there is no Bot move)
                out += moves
            else:
                calm = crystal_bound(s, f)
                stranded = refuse("§9.1", STRANDED) if explain else NO
                for c in moves:
                    m = c[0]
                    if (calm and not paid_crystals(f, m)) or keeps_rover_finish(s, f, m):
                        out.append(c)
                    elif explain:
                        out.append((m, stranded))
            if explain:
                out += [
                    (m, refuse("§9.1", BOT_BLOCKED)) for m in bot_moves_blocked(s, seat, budget)
                ]
        steps = rover_steps(s, f)
        if explain:
            legal_steps = set(steps)
            here = rover_cell(s, seat)
            out += [
                (m, "" if m in legal_steps else rover_step_problem(s, f))
                for m in map(_rover_move, hexmap.neighbours(here))
            ]
        else:
            out += [(m, "") for m in steps]
        out += [(m, "") for m in rover_techs(s, f, cls.tech_default)]
        if explain and (f.get("tech_used") or not f.get("tech", cls.tech_default)):
            if f.get("tech_used"):
                why = refuse("§8.3", "one Rover Tech per movement")
            else:
                why = refuse("§8.3", NO_TECH)
            out += [(_use_move(t), why) for t in _rover_tech_tiles(s)]
        out.append((DONE, "" if rover_may_stop(s, f) else done_problem(s, f, explain)))
        return out

    @classmethod
    def options(cls, s: State, f: ControlFrame) -> list[Move]:
        """The legal moves of :meth:`candidates`, in its order, listed without its pairs."""
        out: list[Move] = []
        if cls.moves_bots:
            seat = f["p"]
            crystals = s.players[seat].crystals if f.get("crystals", True) else 0
            moves = bot_moves(s, seat, f["bot_mp"] + crystals)
            if not moves or rover_stays_free(s, f):  # (most often there is no Bot move)
                out += moves
            else:
                calm = crystal_bound(s, f)
                out += [
                    m
                    for m in moves
                    if (calm and not paid_crystals(f, m)) or keeps_rover_finish(s, f, m)
                ]
        out += rover_steps(s, f)
        out += rover_techs(s, f, cls.tech_default)
        if rover_may_stop(s, f):
            out.append(DONE)
        return out

    @classmethod
    def is_legal(cls, s: State, f: ControlFrame, m: Move) -> bool:
        """One move checked as :meth:`candidates` would list it, the others not listed."""
        verb = m.verb
        if verb == "bot":
            return cls.moves_bots and _bot_move_legal(s, f, m)
        if verb == "rover":
            return len(m.args) == 1 and m in rover_steps(s, f, only=m.cell(0))
        if verb == "use":
            return m in rover_techs(s, f, cls.tech_default)
        return m == DONE and rover_may_stop(s, f)

    @classmethod
    def expects(cls, s: State, f: ControlFrame, m: Move) -> bool:
        """A legal move leaves a decision pending (no move here is forced)."""
        return cls.is_legal(s, f, m)

    @staticmethod
    def apply(s: State, f: ControlFrame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "done":
            pop(s, f)
            bots_end(s, f)
            offer_claim(s, f)
        elif m.verb == "bot":
            f["bot_mp"] = move_bot(s, f, m, f["bot_mp"])
        elif m.verb == "rover":
            step_rover(s, f, m)
        else:
            f["rover_mp"] += lab.use_tech(s, f["p"], m.args[0])
            f["tech_used"] = True

    @classmethod
    def stray(cls, s: State, f: ControlFrame, m: Move) -> str:
        if m.verb == "rover" and m.args:
            here = rover_cell(s, f["p"])
            return refuse(
                "§9.1", "the Rover moves one hex at a time, from {here}", here=hexmap.text(here)
            )
        if m.verb == "bot" and not cls.moves_bots:
            return refuse("§9.1", "only the Rover moves here")
        return ""


DONE = Move("done")
STRANDED = N_("after this Bot move your Rover could not end its movement on a legal hex")
BOT_BLOCKED = N_("a Bot may not end its movement on a hex with another piece")
NO_TECH = N_("no Rover Tech may add to this movement")


def bot_moves_blocked(s: State, seat: int, budget: int) -> list[Move]:
    """``bot <from> <to>`` within ``budget`` to a hex where the Bot may not end (another piece
    there): the moves :func:`bot_moves` leaves out."""
    legal = set(bot_moves(s, seat, budget))
    if budget < 1:
        return []
    return [
        m
        for start in cells_of(s.bot, seat)
        for _, m in _bot_targets(start, budget)
        if m not in legal
    ]


def rover_step_problem(s: State, f: ControlFrame) -> str:
    """Why a step of the Rover to a neighbouring hex is refused (§9.1)."""
    buy = s.players[f["p"]].crystals if f.get("crystals", True) else 0
    if f["rover_mp"] + buy < 1:
        return refuse("§9.1", "your Rover has no movement points left (a Crystal buys one more)")
    return refuse("§9.1", "from there your Rover could not end its movement on a legal hex")


def done_problem(s: State, f: ControlFrame, explain: bool = True) -> str:
    """Why the movement may not end now (:func:`rover_may_stop` is false, §9.1)."""
    if not explain:
        return NO
    seat = f["p"]
    here = s.players[seat].rover
    if not no_other_piece(s, seat, here):
        return refuse("§9.1", "your Rover may not end its movement on a hex with another piece")
    inner = Reason.of(claim_blocker(s, seat, s.tile[here]))
    return refuse(
        inner.rule,
        "{reason}, so your Rover may not end its movement on it (§9.1)",
        reason=inner.phrase,
    )


def _rover_tech_tiles(s: State) -> list[str]:
    return [t for p in s.players for t in p.lab.values() if _is_rover_tech(t)]


class RoverMove(Control):
    """Rover-only movement (Executive row 2, Command Center BP24, Private Goal rewards): frame
    ``rover_mp``; ``crystals`` whether Crystals buy more (default on), ``tech`` whether a Rover
    Tech may add its level (default off). Claims as in the Control Center (§9.1)."""

    name = "rover_move"
    prompt = N_("move your Rover")
    moves_bots = False
    tech_default = False


def push_rover_move(
    s: State, seat: int, mp: int, crystals: bool = True, tech: bool = False
) -> None:
    push(s, "rover_move", seat, bot_mp=0, rover_mp=mp, crystals=crystals, tech=tech)


class Claim(Step[ClaimFrame]):
    """The Rover (or, with ``by="bot"``, a Bot moving as a Rover: Recycling Bots, BP21) ended
    its movement on a Discovery or Research tile: claim it or leave it (§9.1, §14)."""

    name = "claim"
    rule = "§9.1"
    prompt = N_("claim the tile under your piece")

    @staticmethod
    def options(s: State, f: ClaimFrame) -> list[Move]:
        seat, cell = f["p"], f["cell"]
        tile = s.tile[cell]
        there = s.bot[cell] == seat if f.get("by") == "bot" else s.players[seat].rover == cell
        if not tile or not there or claim_blocker(s, seat, tile, explain=False):
            return []
        return [Move("claim"), Move("skip")]

    @staticmethod
    def apply(s: State, f: ClaimFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        if m.verb == "claim":  # a Bot is no Rover for the Discoveries Mission (§17.2 M5)
            claim(s, f["p"], f["cell"], by_rover=f.get("by") != "bot")


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (MoveBots, Control, RoverMove, Claim)
