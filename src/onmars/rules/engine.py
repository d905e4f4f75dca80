"""The decision engine: pending decisions are plain frames on ``state.stack``.

Each frame is a dict ``{"t": step name, "p": seat, ...}``. A *step* says which moves are legal for
its frame and what a move does. Steps marked ``auto`` need no decision and run as soon as they
reach the top; ``forced`` steps with a single legal move play it themselves (a payment with only
one way to pay). A step whose frame has no legal move is skipped: nothing can be chosen there
(RUL-2: a bonus that cannot be used is skipped).

Rules modules register steps with :func:`step` and main/executive actions with :func:`action`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from onmars.rules.components import EffectRef
from onmars.rules.errors import IllegalMoveError
from onmars.rules.moves import Move
from onmars.rules.state import State
from onmars.rules.view import redact, secret_ids

Frame = dict[str, Any]


class Step:
    """Base of every step. Subclasses set ``name`` and ``rule`` and override the hooks."""

    name: ClassVar[str]
    rule: ClassVar[str] = ""
    prompt: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    forced: ClassVar[bool] = False

    @staticmethod
    def options(s: State, f: Frame) -> list[Move]:
        return []

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        raise NotImplementedError

    @staticmethod
    def why(s: State, f: Frame, m: Move) -> str:
        """A plain-words reason why ``m`` is not legal here ("" for the generic message)."""
        return ""

    @classmethod
    def is_legal(cls, s: State, f: Frame, m: Move) -> bool:
        """``m in options``; a step may answer faster for one move (the result must agree)."""
        return m in cls.options(s, f)

    @classmethod
    def settle(cls, s: State, f: Frame) -> Move | bool | list[Move]:
        """What the loop does with this frame: a decision is pending (its legal moves, or
        ``True`` when a step knows without listing them), ``False`` there is nothing to choose
        (skip it), or the lone move of a ``forced`` step to play."""
        opts = cls.options(s, f)
        if not opts:
            return False
        if cls.forced and len(opts) == 1:
            return opts[0]
        return opts


#: Every step by name, filled by :func:`onmars.registry.register` from each rules module's
#: ``STEPS`` list.
STEPS: dict[str, type[Step]] = {}


@dataclass(frozen=True)
class Action:
    """A main or executive action: ``blocker`` says why it cannot be taken now ("" if it can),
    ``start`` pushes its frames (costs already checked). ``cost``: the Crystals the Turn step
    takes before an Executive action starts; ``None`` means its Depot row's printed cost. Row 8
    prices itself (2 Crystals, or free through a Scientist, §13.3): it returns 0 and the route
    the player then picks pays."""

    id: str
    rule: str
    blocker: Callable[[State, int], str]
    start: Callable[[State, int], None]
    cost: Callable[[State, int], int] | None = None


MAIN: dict[str, Action] = {}
EXECUTIVE: dict[str, Action] = {}


def main_action(id: str, rule: str, cls: type) -> Action:
    """The main action ``id`` of a class with ``blocker`` and ``start`` static methods."""
    return Action(id, rule, cls.blocker, cls.start)


@dataclass(frozen=True)
class Effect:
    """An effect several components share (:mod:`onmars.effects`): ``start(s, seat, **params)``
    pushes its frames, ``blocker(s, seat, **params)`` says why it could do nothing now ("" if
    it could). The keyword-only parameters of ``start`` are those the data may set."""

    id: str
    rule: str
    start: Callable[..., None]
    blocker: Callable[..., str]


EFFECTS: dict[str, Effect] = {}


def effect_blocker(s: State, seat: int, ref: EffectRef, **params: Any) -> str:
    """Why the effect named by ``ref`` (with ``params`` added) could do nothing now."""
    if not ref:
        return "nothing to gain here"
    return EFFECTS[ref.effect].blocker(s, seat, **ref.kw, **params)


def start_named(s: State, seat: int, effect: str, **params: Any) -> None:
    """Start an effect by its id (the main actions, whose parameters are their own rules)."""
    EFFECTS[effect].start(s, seat, **params)


def start_effect(s: State, seat: int, ref: EffectRef, **params: Any) -> None:
    """Push the frames of the effect named by ``ref`` (nothing for an empty reference)."""
    if ref:
        EFFECTS[ref.effect].start(s, seat, **ref.kw, **params)


def push(s: State, t: str, p: int, **data: Any) -> Frame:
    frame = {"t": t, "p": p, **data}
    s.stack.append(frame)
    return frame


def pop(s: State, f: Frame) -> None:
    """Remove a finished frame (it must be the top one)."""
    assert s.stack and s.stack[-1] is f, "only the top frame can finish"
    s.stack.pop()


# --- the loop ------------

#: The round flow (``flow.next_frames``), which pushes the next frames when nothing is pending;
#: set by :func:`onmars.registry.register`.
_next_frames: list[Callable[[State], None]] = []


def set_flow(fn: Callable[[State], None]) -> None:
    _next_frames[:] = [fn]


def advance(s: State) -> list[Move] | None:
    """Run automatic steps until a decision is pending or the game is over. Returns the legal
    moves of the pending decision when settling it listed them (callers may reuse them as long
    as the state does not change), else ``None``."""
    while True:
        if not s.stack:
            if s.phase == "over":
                return []
            _next_frames[0](s)
            continue
        f = s.stack[-1]
        st = STEPS[f["t"]]
        if st.auto:
            s.stack.pop()
            st.apply(s, f, None)
            continue
        outcome = st.settle(s, f)
        if outcome is True:
            return None
        if outcome is False:
            s.stack.pop()
        elif type(outcome) is list:
            return outcome
        else:
            st.apply(s, f, outcome)


def legal_moves(s: State) -> list[Move]:
    if not s.stack:
        return []
    f = s.stack[-1]
    return STEPS[f["t"]].options(s, f)


def current_player(s: State) -> int | None:
    return s.stack[-1]["p"] if s.stack else None


def explain(s: State, m: Move) -> str:
    """Why ``m`` is not legal now, naming the rule. The text names no secret of any seat, not
    even the mover's own cards (RUL-18, RUL-19: whoever sent the move may not be the mover): it
    lists a few of the choices that name no secret, and every secret id is redacted."""
    if not s.stack:
        return "§24.1: the game is over: no move can be played"
    f = s.stack[-1]
    st = STEPS[f["t"]]
    secret = secret_ids(s)
    reason = st.why(s, f, m)
    if not reason:
        public = [str(x) for x in st.options(s, f) if not any(a in secret for a in x.args)]
        shown = ", ".join(public[:8]) + ", ..." if public else "..."
        reason = (
            f"{st.prompt or st.name}: '{m}' is not one of the choices here "
            f"({shown}; see legal_moves())"
        )
    text = f"{st.rule}: {reason}" if st.rule and not reason.startswith(("§", "RUL")) else reason
    return redact(text, secret)


def play(s: State, m: Move, known_legal: bool = False) -> list[Move] | None:
    """Apply a legal move; refuse anything else without touching the state. ``known_legal``:
    the caller has checked ``m`` against the current legal moves. Returns what :func:`advance`
    returns."""
    f = s.stack[-1] if s.stack else None
    if f is None or not (known_legal or STEPS[f["t"]].is_legal(s, f, m)):
        raise IllegalMoveError(explain(s, m))
    STEPS[f["t"]].apply(s, f, m)
    return advance(s)


class PickStep(Step):
    """A repeatable pick ("take a Blueprint", "take a Warehouse item", ...).

    Frame fields: ``n`` picks available now, ``must`` picks still mandatory, ``boost`` how one more
    pick is bought ("colonist": one Colonist Living Quarters → Working Area, §6.3; "none").
    ``done`` ends the loop once nothing is mandatory.
    """

    forced = True  # a lone "done" (or a lone pick that must be made) plays itself

    @staticmethod
    def picks(s: State, f: Frame) -> list[Move]:
        raise NotImplementedError

    @staticmethod
    def take(s: State, f: Frame, m: Move) -> None:
        raise NotImplementedError

    @classmethod
    def options(cls, s: State, f: Frame) -> list[Move]:
        picks = cls.picks(s, f)
        out = picks if f["n"] > 0 else []
        if f["n"] == 0 and picks and f.get("boost") == "colonist" and s.players[f["p"]].lq:
            out = [*out, Move("boost")]
        if f["must"] == 0:
            out = [*out, Move("done")]
        return out

    @classmethod
    def apply(cls, s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        if m.verb == "done":
            pop(s, f)
        elif m.verb == "boost":
            p = s.players[f["p"]]
            p.lq -= 1
            p.wa += 1
            f["n"] += 1
        else:
            f["n"] -= 1
            f["must"] = max(0, f["must"] - 1)
            cls.take(s, f, m)


def push_picks(
    s: State, t: str, p: int, n: int = 1, must: int = 1, boost: str = "none", **data: Any
) -> Frame:
    return push(s, t, p, n=n, must=must, boost=boost, **data)
