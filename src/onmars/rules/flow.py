"""Rounds, phases and turns (§5, §13.1, §24.1).

A round is a Colonization phase (one turn each in Turn Order) then a Shuttle phase. A turn is one
Main action on your side and at most one Executive action before or after it (seed item 1).
"""

from __future__ import annotations

from onmars.rules.components import load
from onmars.rules.contracts import deliver, deliveries, settle
from onmars.rules.economy import crystals_in
from onmars.rules.engine import EXECUTIVE, MAIN, Frame, Step, pop, push
from onmars.rules.goals import end_of_turn as goals_end_of_turn
from onmars.rules.goals import goal_moves, play_goal_move
from onmars.rules.lss import check_end
from onmars.rules.moves import Move, mv
from onmars.rules.state import State


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
    s.done = []


class TurnStart(Step):
    """Crystals below your Depot move in, up to its free spaces; the rest are lost (seed 3)."""

    name = "turn_start"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        p = s.players[f["p"]]
        crystals_in(p)
        s.turn = {"p": p.seat, "main": False, "exec": False, "used": []}
        push(s, "turn", p.seat)


def open_rows(seat_ships: list[int]) -> list[str]:
    """Executive actions whose Depot row holds no Ship (§13.1)."""
    return [e.id for e in load().executive.values() if e.row not in seat_ships]


def exec_blocker(s: State, seat: int, eid: str) -> str:
    p = s.players[seat]
    row = load().executive.get(eid)
    if row is None or eid not in EXECUTIVE:
        return f"§13.2: there is no Executive action {eid!r}"
    if row.row in p.depot_ships:
        return f"§13.1: a Ship still covers Depot row {row.row} ({eid})"
    cost = exec_cost(s, seat, eid)
    if p.crystals < cost:
        return f"§13.1: {eid} costs {cost} Crystals from your Depot; you have {p.crystals}"
    return EXECUTIVE[eid].blocker(s, seat)


def exec_cost(s: State, seat: int, eid: str) -> int:
    """Crystals the Turn step takes before an Executive action starts: its Depot row's printed
    cost, unless the action prices itself (row 8: 2 Crystals or free through a Scientist, §13.3,
    seed item 1)."""
    priced = EXECUTIVE[eid].cost
    return priced(s, seat) if priced else load().executive[eid].cost


def main_blocker(s: State, seat: int, aid: str) -> str:
    data = load().action.get(aid)
    if data is None or aid not in MAIN:
        return f"§6: there is no main action {aid!r}"
    side = s.players[seat].side
    if data.side != side:
        return f"§1.2: {aid} is a {data.side} action and your marker is on the {side} side"
    return MAIN[aid].blocker(s, seat)


class Turn(Step):
    """Choose your Main action, an Executive action before or after it, or end the turn."""

    name = "turn"
    rule = "§5.1"
    prompt = "choose an action"
    forced = True

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        seat, t = f["p"], s.turn
        if t.get("over"):  # the Landing Pod ends the turn (§7.1, RUL-15)
            return [Move("end")]
        out = []
        if not t["main"]:
            # in the data's order, so the listing never depends on import order
            out += [
                mv("main", a) for a in load().action if a in MAIN and not main_blocker(s, seat, a)
            ]
        if not t["exec"]:
            p = s.players[seat]
            out += [mv("exec", e) for e in open_rows(p.depot_ships) if not exec_blocker(s, seat, e)]
        # any time on your turn (RUL-15); a card spent as a Crystal after both actions is wasted
        out += goal_moves(s, seat, discard=not (t["main"] and t["exec"])) + deliveries(s, seat)
        if t["main"]:
            out.append(Move("end"))
        return out

    @classmethod
    def is_legal(cls, s: State, f: Frame, m: Move) -> bool:
        """The one move asked about, without listing every action (the hot path of play)."""
        seat, t = f["p"], s.turn
        if t.get("over") or m.verb not in ("main", "exec"):
            return m in cls.options(s, f)
        if len(m.args) != 1 or t[m.verb]:
            return False
        if m.verb == "main":
            return m.args[0] in MAIN and not main_blocker(s, seat, m.args[0])
        p = s.players[seat]
        return m.args[0] in open_rows(p.depot_ships) and not exec_blocker(s, seat, m.args[0])

    @classmethod
    def settle(cls, s: State, f: Frame) -> Move | bool | list[Move]:
        """Before the Main action there is always a choice (every side has an action that is
        always possible), so only a finished turn may end by itself."""
        if not s.turn["main"]:
            return True
        return super().settle(s, f)

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
            deliver(s, seat, *m.args)
        elif m.verb == "main":
            s.turn["main"] = True
            push(s, "after_action", seat)
            MAIN[m.args[0]].start(s, seat)
        else:
            s.turn["exec"] = True
            push(s, "after_action", seat)
            s.players[seat].crystals -= exec_cost(s, seat, m.args[0])
            EXECUTIVE[m.args[0]].start(s, seat)

    @staticmethod
    def why(s: State, f: Frame, m: Move) -> str:
        seat, t = f["p"], s.turn
        name = m.args[0] if m.args else ""
        if m.verb == "main":
            if t["main"]:
                return "§5.1: you have already taken your Main action this turn"
            return main_blocker(s, seat, name)
        if m.verb == "exec":
            if t["exec"]:
                return "§13.1: at most one Executive action per turn (none after a Landing Pod)"
            return exec_blocker(s, seat, name)
        if m.verb == "end":
            return "§5.1: a turn needs its Main action before it can end"
        return ""


class AfterAction(Step):
    """After each action: contracts whose condition now holds are completed (RUL-10)."""

    name = "after_action"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        settle(s, f["p"])


class TurnEnd(Step):
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
        for owner, tile in reversed(s.turn.pop("used", [])):
            push(s, "owner_develop", owner, tile=tile)


class LayDown(Step):
    name = "lay_down"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        s.done.append(f["p"])
        s.turn = {}


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (TurnStart, Turn, AfterAction, TurnEnd, LayDown)
