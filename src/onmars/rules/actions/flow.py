"""Rounds, phases and turns (§5, §13.1, §24.1).

A round is a Colonization phase (one turn each in Turn Order) then a Shuttle phase. A turn is one
Main action on your side and at most one Executive action before or after it (seed item 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from onmars.rules.actions.contracts import deliver, deliveries, settle
from onmars.rules.actions.economy import crystals_in
from onmars.rules.actions.goals import end_of_turn as goals_end_of_turn
from onmars.rules.actions.goals import goal_candidates, play_goal_move
from onmars.rules.actions.lss import check_end
from onmars.rules.data.components import load
from onmars.rules.engine.engine import EXECUTIVE, MAIN, Candidate, Step, pop, push
from onmars.rules.engine.errors import NO, Term, refuse
from onmars.rules.engine.frames import Frame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import State
from onmars.rules.engine.suppose import supposing


def next_frames(s: State) -> None:
    """What happens when nothing is pending: the next turn, phase or round."""
    if s.phase == "setup":
        _new_round(s)
    elif s.phase == "colonization":
        waiting = [p for p in s.players if p.seat not in s.done]
        if waiting:
            push(s, "turn_start", min(waiting, key=lambda p: p.space).seat)
            return
        check_end(s)
        if s.round == s.end_round:
            push(s, "game_end", -1)  # the last round has no Shuttle phase (§24.1)
        else:
            s.phase = "shuttle"
            push(s, "shuttle_phase", -1)
    else:
        _new_round(s)


def _new_round(s: State) -> None:
    s.round += 1
    s.phase = "colonization"
    s.mut_done().clear()


class TurnStart(Step[Frame]):
    """Crystals below your Depot move in, up to its free spaces; the rest are lost (seed 3)."""

    name = "turn_start"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        p = s.mut_player(f["p"])
        if crystals_in(p):  # Crystals the Depot cannot hold went onto a contract (RUL-10)
            settle(s, p.seat)
        s.new_turn({"p": p.seat, "main": False, "exec": False, "used": []})
        push(s, "turn", p.seat)


def secret_card_refusal(explain: bool) -> str:
    """Why a Private Goal card cannot be completed or spent now, the same for every card (the
    reason must not tell what a hand holds, RUL-19)."""
    if not explain:
        return NO
    return refuse("§18.1", SECRET_CARDS)


SECRET_CARDS = N_(
    "you may complete one Private Goal of your hand per game, when its condition holds, and "
    "spend one as a Crystal while something this turn could use it (your own cards show which)"
)


def exec_blocker(s: State, seat: int, eid: str, explain: bool = True) -> str:
    """Why ``seat`` cannot take the Executive action ``eid`` now ("" if it can; a token
    without ``explain``)."""
    p = s.players[seat]
    row = load().executive.get(eid)
    if row is None or eid not in EXECUTIVE:
        return (
            refuse("§13.2", "there is no Executive action {eid!r}", eid=Term("input", eid))
            if explain
            else NO
        )
    if row.row in p.depot_ships:
        if not explain:
            return NO
        return refuse(
            "§13.1",
            "a Ship still covers Depot row {row} ({eid})",
            row=row.row,
            eid=Term("exec", eid),
        )
    cost = exec_cost(s, seat, eid)
    if p.crystals < cost:
        if not explain:
            return NO
        return refuse(
            "§13.1",
            "{eid} costs {cost} Crystals from your Depot; you have {have}",
            eid=Term("exec", eid),
            cost=cost,
            have=p.crystals,
        )
    # the action must be able to do something once its Crystals are paid (§13.1, §7.5: the
    # Warehouse's Crystal fits in the room the payment makes)
    return EXECUTIVE[eid].blocker(supposing(s, seat, crystals=p.crystals - cost), seat, explain)


def _exec_no(s: State, seat: int) -> Iterator[Candidate]:
    """Every Executive action no Ship covers, in the data's order, with :func:`exec_blocker`'s
    answer without words (§13.1): the position after each payment is supposed once and shared
    by the rows that cost as much."""
    p = s.players[seat]
    ships, crystals = p.depot_ships, p.crystals
    paid: dict[int, State] = {}
    for eid, row, move, printed in _exec_rows():
        if row in ships:
            continue
        action = EXECUTIVE.get(eid)
        if action is None:
            yield move, NO
            continue
        cost = action.cost(s, seat) if action.cost else printed  # exec_cost
        if crystals < cost:
            yield move, NO
            continue
        after = paid.get(cost)
        if after is None:
            after = paid[cost] = supposing(s, seat, crystals=crystals - cost)
        yield move, action.blocker(after, seat, False)


@cache
def _exec_rows() -> tuple[tuple[str, int, Move, int], ...]:
    """(id, Depot row, ``exec <id>``, printed cost) of every Executive action, in the data's
    order."""
    rows = load().executive.items()
    return tuple((e, row.row, _move("exec", e), row.cost) for e, row in rows)


def exec_cost(s: State, seat: int, eid: str) -> int:
    """Crystals the Turn step takes before an Executive action starts: its Depot row's printed
    cost, unless the action prices itself (row 8: 2 Crystals or free through a Scientist, §13.3,
    seed item 1)."""
    priced = EXECUTIVE[eid].cost
    return priced(s, seat) if priced else load().executive[eid].cost


def main_blocker(s: State, seat: int, aid: str, explain: bool = True) -> str:
    """Why ``seat`` cannot take the main action ``aid`` now ("" if it can; a token without
    ``explain``)."""
    data = load().action.get(aid)
    if data is None or aid not in MAIN:
        return (
            refuse("§6", "there is no main action {aid!r}", aid=Term("input", aid))
            if explain
            else NO
        )
    side = s.players[seat].side
    if data.side != side:
        if not explain:
            return NO
        return refuse(
            "§1.2",
            "{aid} is a {action_side} action and your marker is on the {side} side",
            aid=Term("action", aid),
            action_side=refuse("", data.side),
            side=refuse("", side),
        )
    return MAIN[aid].blocker(s, seat, explain)


@cache
def _move(verb: str, arg: str) -> Move:
    """``main <id>`` / ``exec <id>``, shared (listing the actions builds no new moves)."""
    return Move(verb, (arg,))


@cache
def _side_actions(side: str) -> tuple[str, ...]:
    """The main actions of one side, in the data's order."""
    return tuple(a for a, data in load().action.items() if data.side == side)


END = Move("end")
MAIN_TAKEN = N_("you have already taken your Main action this turn")
EXEC_TAKEN = N_("at most one Executive action per turn (none after a Landing Pod)")


class Turn(Step[Frame]):
    """Choose your Main action, an Executive action before or after it, or end the turn."""

    name = "turn"
    rule = "§5.1"
    prompt = N_("choose an action")
    forced = True
    vouches = True

    @classmethod
    def candidates(cls, s: State, f: Frame, explain: bool = False) -> list[Candidate]:
        """Every main action (in the data's order, so the listing never depends on import
        order), every Executive action, the Private Goal cards in hand, the deliveries and
        ``end``. Without ``explain``, actions already taken are left out."""
        seat, t = f["p"], s.turn
        actions, rows = load().action, load().executive
        out: list[Candidate] = []
        if not t["main"]:
            if explain:
                out += [(_move("main", a), main_blocker(s, seat, a, True)) for a in actions]
            else:  # the other side's actions are left out (refused, §1.2)
                out += [
                    (_move("main", a), MAIN[a].blocker(s, seat, False) if a in MAIN else NO)
                    for a in _side_actions(s.players[seat].side)
                ]
        elif explain:
            out += [(_move("main", a), refuse("§5.1", MAIN_TAKEN)) for a in actions]
        if not t["exec"]:
            if explain:
                out += [(_move("exec", e), exec_blocker(s, seat, e, True)) for e in rows]
            else:  # covered rows are left out (§13.1)
                out += _exec_no(s, seat)
        elif explain:
            out += [(_move("exec", e), refuse("§13.1", EXEC_TAKEN)) for e in rows]
        over = t.get("over")  # the Landing Pod ends the turn (§7.1, RUL-15)
        if explain or not over:  # refused cards are left out of a listing
            # any time on your turn (RUL-15); after both actions a card is spent only ahead
            # of a goal
            discard = not (t["main"] and t["exec"])
            goals = goal_candidates(s, seat, discard=discard, explain=explain)
            if over:
                goals = [(m, NO) for m, _ in goals]
            # one reason for every refused card, in hand or not, whatever the cause: which
            # cards are refused how would tell whoever sent the move what the hand holds
            # (RUL-19)
            out += [(m, secret_card_refusal(explain) if why else "") for m, why in goals]
        if not over:
            out += [(m, "") for m in deliveries(s, seat)]
        if t["main"]:
            out.append((END, ""))
        elif explain:
            out.append((END, refuse("§5.1", "a turn needs its Main action before it can end")))
        else:
            out.append((END, NO))
        return out

    @classmethod
    def options(cls, s: State, f: Frame) -> list[Move]:
        """The legal moves of :meth:`candidates`, in its order, listed without its pairs
        (the hot path of a listing, issue 27.1)."""
        seat, t = f["p"], s.turn
        out: list[Move] = []
        if not t["main"]:  # the other side's actions are left out (refused, §1.2)
            for a in _side_actions(s.players[seat].side):
                if a in MAIN and not MAIN[a].blocker(s, seat, False):
                    out.append(_move("main", a))
        if not t["exec"]:
            out += [m for m, why in _exec_no(s, seat) if not why]
        if not t.get("over"):  # the Landing Pod ends the turn (§7.1, RUL-15)
            discard = not (t["main"] and t["exec"])
            out += [m for m, why in goal_candidates(s, seat, discard=discard) if not why]
            out += deliveries(s, seat)
        if t["main"]:
            out.append(END)
        return out

    @staticmethod
    def stray(s: State, f: Frame, m: Move) -> str:
        """An action id that names no action (§6, §13.2); a Private Goal card not in hand gets
        the same reason as a card in hand that is refused (RUL-19)."""
        if m.verb in ("goal", "discard"):
            return secret_card_refusal(True)
        if m.verb == "main" and len(m.args) == 1:
            return main_blocker(s, f["p"], m.args[0])
        if m.verb == "exec" and len(m.args) == 1:
            return exec_blocker(s, f["p"], m.args[0])
        return ""

    @classmethod
    def is_legal(cls, s: State, f: Frame, m: Move) -> bool:
        """The one move asked about, without listing every action (the hot path of play)."""
        seat, t = f["p"], s.turn
        if t.get("over") or m.verb not in ("main", "exec"):
            return m in cls.options(s, f)
        if len(m.args) != 1 or t[m.verb]:
            return False
        if m.verb == "main":
            return m.args[0] in MAIN and not main_blocker(s, seat, m.args[0], explain=False)
        return m.args[0] in EXECUTIVE and not exec_blocker(s, seat, m.args[0], explain=False)

    @classmethod
    def expects(cls, s: State, f: Frame, m: Move) -> bool:
        """After the Main action ``end`` is always legal, so the decision is pending with a
        legal Executive action (one choice, ``end`` another), and with ``end`` when anything
        else is legal; else ``end`` plays itself (before the Main action :meth:`settle` lists
        nothing anyway)."""
        if not s.turn["main"]:
            return False
        if m.verb == "exec":
            return cls.is_legal(s, f, m)
        return m == END and cls._more_than_end(s, f)

    @staticmethod
    def _more_than_end(s: State, f: Frame) -> bool:
        """After the Main action, a legal move besides ``end`` (the candidates in their order,
        stopping at the first legal one)."""
        seat, t = f["p"], s.turn
        if not t["exec"] and any(not why for _, why in _exec_no(s, seat)):
            return True
        if t.get("over"):
            return False
        goals = goal_candidates(s, seat, discard=not t["exec"])
        return any(not why for _, why in goals) or bool(deliveries(s, seat))

    @classmethod
    def settle(cls, s: State, f: Frame) -> Move | bool | list[Move]:
        """Before the Main action there is always a choice (every side has an action that is
        always possible), so only a finished turn may end by itself: ``end`` plays itself when
        nothing else is legal (most turns)."""
        if not s.turn["main"]:
            return True
        # listed once: finding that nothing but ``end`` is legal asks every candidate anyway,
        # and a yes/no check that found more would be followed by the listing
        opts = cls.options(s, f)
        return END if len(opts) == 1 else opts  # ``end`` is legal after the Main action

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        seat = f["p"]
        if m.verb == "end":
            pop(s, f)
            push(s, "turn_end", seat)
        elif m.verb in ("goal", "discard"):
            play_goal_move(s, seat, m)
        elif m.verb == "deliver":
            deliver(s, seat, m.args[0], m.args[1])
        elif m.verb == "main":
            s.mut_turn()["main"] = True
            push(s, "after_action", seat)
            MAIN[m.args[0]].start(s, seat)
        else:
            s.mut_turn()["exec"] = True
            push(s, "after_action", seat)
            s.mut_player(seat).crystals -= exec_cost(s, seat, m.args[0])
            EXECUTIVE[m.args[0]].start(s, seat)


class AfterAction(Step[Frame]):
    """After each action, and where items are gained outside one (production, an owner's
    choice at a turn's end, a Turn Order bonus, Crystals the Depot cannot hold): contracts
    whose condition now holds are completed (RUL-10)."""

    name = "after_action"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        settle(s, f["p"])


class TurnEnd(Step[Frame]):
    """End-of-turn steps in order (§5.1): owners of used Tech decide (§8.3), the Scientist /
    Contract display is refilled (§9.5), the Colony Status Update (§11.4), marker laid down."""

    name = "turn_end"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        seat = f["p"]
        goals_end_of_turn(s, seat)
        push(s, "lay_down", seat)
        push(s, "status_update", seat)
        for spot in reversed(s.turn.get("refill", [])):
            push(s, "refill_science", seat, spot=spot)
        if s.turn.get("used"):  # the owners of Tech used decide first (§8.3)
            # contracts their choices complete (a kept Oxygen, a free development's upgrade)
            # count at once, not after the next action (RUL-10); with no Tech used nothing
            # changed since the turn's last action was settled
            push(s, "after_action", seat)
            push(s, "settle_techs", seat)
        else:
            s.mut_turn().pop("used", None)  # as settle_techs does


class LayDown(Step[Frame]):
    name = "lay_down"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        s.mut_done().append(f["p"])
        s.new_turn({})


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (TurnStart, Turn, AfterAction, TurnEnd, LayDown)
