"""The decision engine: pending decisions are plain frames on ``state.stack``.

Each frame is a dict ``{"t": step name, "p": seat, ...}`` (its kind's keys are declared in
:mod:`onmars.rules.engine.frames`). A *step* names the moves worth naming for its frame, each with
the reason it is refused ("" when legal: :meth:`Step.candidates`), from which both its legal moves
(:meth:`Step.options`) and the reason for any move (:meth:`Step.why`) are read; and it says what
a move does (:meth:`Step.apply`). Steps marked ``auto`` need no decision and run as soon as they
reach the top; ``forced`` steps with a single legal move play it themselves (a payment with only
one way to pay). A step whose frame has no legal move is skipped: nothing can be chosen there
(RUL-2: a bonus that cannot be used is skipped).

Checks never change the state: one that asks about another position takes it as parameters
(:mod:`onmars.rules.engine.suppose`). A refusal is a :class:`~onmars.rules.engine.errors.Reason`
naming its rule; :func:`explain` builds the one a client sees, every secret redacted.

Rules modules list their steps and main actions; :mod:`onmars.rules.actions.registry` enters
them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from onmars.rules.data.components import EffectRef
from onmars.rules.engine.errors import NO, IllegalMoveError, Joined, Reason, Term, refuse
from onmars.rules.engine.frames import Frame, PickFrame  # noqa: F401 - Frame: re-exported
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import State
from onmars.rules.engine.view import redact, secret_ids

# A frame is a plain dict on ``state.stack``; each kind's keys are declared in
# :mod:`onmars.rules.engine.frames` (``Frame``: the keys of every frame, ``t`` and ``p``), and a
# step is typed with its kind (``Step[ControlFrame]``).

#: The frame kind of a step (a ``TypedDict`` of :mod:`onmars.rules.engine.frames`).
F = TypeVar("F")
#: The frame kind of a pick step.
P = TypeVar("P", bound=PickFrame)


class Step(Generic[F]):
    """Base of every step, typed with its frame kind (``class Control(Step[ControlFrame])``).
    Subclasses set ``name`` and ``rule`` and override the hooks.

    One source for legality: a step names its moves in :meth:`candidates`, each with the reason
    it is refused ("" when legal); :meth:`options` (the legal moves) and :meth:`why` (the
    reason for one move) both read it, so they cannot disagree. A step whose every candidate is
    legal may define :meth:`options` instead."""

    name: ClassVar[str]
    rule: ClassVar[str] = ""
    prompt: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    forced: ClassVar[bool] = False
    #: The step answers :meth:`expects` (the engine asks no other).
    vouches: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.auto and "name" in vars(cls):  # each defaults to the other
            hooks = {k for c in cls.__mro__[: cls.__mro__.index(Step)] for k in vars(c)}
            assert hooks & {"candidates", "options"}, f"{cls.name}: no candidates() or options()"

    @classmethod
    def candidates(cls, s: State, f: F, explain: bool = False) -> Iterable[Candidate]:
        """Every move worth naming here, with the reason it is refused ("" if legal).

        With ``explain`` each reason is in words and names its rule (``"§9.2: ..."``);
        without, a refusal is any non-empty token (:data:`NO`: no text is built) and a step
        may leave out refused moves that would cost time to list. The legal moves are the
        same either way, in the same order."""
        return [(m, "") for m in cls.options(s, f)]

    @classmethod
    def options(cls, s: State, f: F) -> list[Move]:
        """The legal moves: the candidates with no reason."""
        return [m for m, reason in cls.candidates(s, f) if not reason]

    @staticmethod
    def apply(s: State, f: F, m: Move | None) -> None:
        raise NotImplementedError

    @classmethod
    def why(cls, s: State, f: F, m: Move) -> str:
        """Why ``m`` is not legal here, naming the rule: the reason of that candidate, else
        :meth:`stray`'s; "" for a legal move, or when there is nothing more to say than the
        generic message (:func:`explain`)."""
        for c, reason in cls.candidates(s, f, explain=True):
            if c == m:
                return with_rule(cls.rule, reason) if reason else ""
        reason = cls.stray(s, f, m)
        return with_rule(cls.rule, reason) if reason else ""

    @classmethod
    def stray(cls, s: State, f: F, m: Move) -> str:
        """Why a move that is no candidate here is refused ("" for the generic message): a
        hint about the notation, or a check of a move too far-fetched to list (a hex far from
        any Bot). Never asked about a candidate, so it cannot make a legal move illegal."""
        return ""

    @classmethod
    def is_legal(cls, s: State, f: F, m: Move) -> bool:
        """``m in options``; a step may answer faster for one move (the result must agree)."""
        return m in cls.options(s, f)

    @classmethod
    def expects(cls, s: State, f: F, m: Move) -> bool:
        """Whether ``m`` is known to be legal here with a decision pending, found without
        listing the moves (a replay that knows the next move then lists nothing). ``False``:
        settle as usual. A step says ``True`` only when :meth:`settle` would leave a decision
        pending whose legal moves include ``m``."""
        return False

    @classmethod
    def settle(cls, s: State, f: F) -> Move | bool | list[Move]:
        """What the loop does with this frame: a decision is pending (its legal moves, or
        ``True`` when a step knows without listing them), ``False`` there is nothing to choose
        (skip it), or the lone move of a ``forced`` step to play."""
        opts = cls.options(s, f)
        if not opts:
            return False
        if cls.forced and len(opts) == 1:
            return opts[0]
        return opts


#: A move named by a step, with the reason it is refused ("" when legal).
Candidate = tuple[Move, str]


def legal(candidates: Iterable[Candidate]) -> list[Move]:
    """The legal moves among ``candidates``, in their order."""
    return [m for m, reason in candidates if not reason]


#: Every step by name, filled by :func:`onmars.registry.register` from each rules module's
#: ``STEPS`` list.
STEPS: dict[str, type[Step[Any]]] = {}


#: A blocker: ``blocker(s, seat, explain)`` says why something cannot be done now: "" if it
#: can; else, with ``explain``, the reason in words naming its rule, and without, any non-empty
#: token (:data:`~onmars.rules.engine.errors.NO`: listing legal moves builds no text it throws
#: away).
Blocker = Callable[[State, int, bool], str]


@dataclass(frozen=True)
class Action:
    """A main or executive action: ``blocker(s, seat, explain)`` says why it cannot be taken
    now ("" if it can, see :data:`Blocker`), ``start`` pushes its frames (costs already
    checked). ``cost``: the Crystals the Turn step takes before an Executive action starts;
    ``None`` means its Depot row's printed cost. Row 8 prices itself (2 Crystals, or free
    through a Scientist, §13.3): it returns 0 and the route the player then picks pays."""

    id: str
    rule: str
    blocker: Blocker
    start: Callable[[State, int], None]
    cost: Callable[[State, int], int] | None = None


MAIN: dict[str, Action] = {}
EXECUTIVE: dict[str, Action] = {}


class ActionRules(Protocol):
    """A main action's class: its ``blocker`` (a :data:`Blocker`) and ``start`` static
    methods."""

    @staticmethod
    def blocker(s: State, seat: int, explain: bool, /) -> str: ...

    @staticmethod
    def start(s: State, seat: int, /) -> None: ...


def main_action(id: str, rule: str, cls: ActionRules) -> Action:
    """The main action ``id`` of a class with ``blocker`` and ``start`` static methods."""
    return Action(id, rule, cls.blocker, cls.start)


@dataclass(frozen=True)
class Effect:
    """An effect several components share (:mod:`onmars.effects`): ``start(s, seat, **params)``
    pushes its frames, ``blocker(s, seat, explain=..., **params)`` says why it could do nothing
    now ("" if it could; see :data:`Blocker`). The keyword-only parameters of ``start`` are
    those the data may set."""

    id: str
    rule: str
    start: Callable[..., None]
    blocker: Callable[..., str]


EFFECTS: dict[str, Effect] = {}


def effect_blocker(s: State, seat: int, ref: EffectRef, explain: bool = True, **params: Any) -> str:
    """Why the effect named by ``ref`` (with ``params`` added) could do nothing now ("" if it
    could; a token without ``explain``)."""
    if not ref:
        return refuse("", "nothing to gain here") if explain else NO
    blocker = EFFECTS[ref.effect].blocker
    if not ref.params:  # (most effects: no parameters to gather, a hot path of listing)
        return blocker(s, seat, explain=explain, **params)
    return blocker(s, seat, explain=explain, **ref.kw, **params)


def start_named(s: State, seat: int, effect: str, **params: Any) -> None:
    """Start an effect by its id (the main actions, whose parameters are their own rules)."""
    EFFECTS[effect].start(s, seat, **params)


def start_effect(s: State, seat: int, ref: EffectRef, **params: Any) -> None:
    """Push the frames of the effect named by ``ref`` (nothing for an empty reference)."""
    if ref:
        EFFECTS[ref.effect].start(s, seat, **ref.kw, **params)


def push(s: State, t: str, p: int, **data: Any) -> dict[str, Any]:
    frame = {"t": t, "p": p, **data}
    s.stack.append(frame)
    return frame


def pop(s: State, f: object) -> None:
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
    listed = _advance(s, None)
    return None if listed is True else listed


def _advance(
    s: State, upcoming: Move | None, stop: type[Step[Any]] | None = None
) -> list[Move] | Literal[True] | None:
    """:func:`advance`; with ``upcoming`` (the move to be played next), ``True`` when the
    pending step vouched that it is legal there (:meth:`Step.expects`), nothing listed; with
    ``stop``, ``None`` as soon as that automatic step is on top (not run; an identity test,
    nearly free on this hot path)."""
    stack = s.stack
    while True:
        if not stack:
            if s.phase == "over":
                return []
            _next_frames[0](s)
            continue
        f = stack[-1]
        st = STEPS[f["t"]]
        if st.auto:
            if st is stop:
                return None
            stack.pop()
            st.apply(s, f, None)
            continue
        if upcoming is not None and st.vouches and st.expects(s, f, upcoming):
            return True
        outcome = st.settle(s, f)
        if outcome is True:
            return None
        if outcome is False:
            stack.pop()
        elif isinstance(outcome, list):
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


def explain(s: State, m: Move) -> Reason:
    """Why ``m`` is not legal now, naming the rule: a :class:`Reason` (the text, with its rule,
    message id and parameters; :class:`IllegalMoveError` is built from it). The text names no
    secret of any seat, not even the mover's own cards (RUL-18, RUL-19: whoever sent the move
    may not be the mover): it lists a few of the choices that name no secret, and every secret
    id is redacted, in the text and in the parameters alike."""
    if not s.stack:
        return refuse("§24.1", "the game is over: no move can be played")
    f = s.stack[-1]
    st = STEPS[f["t"]]
    secret = secret_ids(s)
    reason = st.why(s, f, m)
    if not reason:
        public = [str(x) for x in st.options(s, f) if not any(a in secret for a in x.args)]
        # "..." only where choices are left out, in the reader's language (a "……" in Chinese)
        parts: list[str] = [Term("move", x) for x in public[:8]]
        if len(public) > 8:
            parts.append(refuse("", "..."))
        shown = Joined(parts)
        reason = refuse(
            st.rule,
            "{prompt}: '{move}' is not one of the choices here ({shown})",
            prompt=refuse("", st.prompt) if st.prompt else st.name,
            move=Term("move", str(m)),
            shown=shown,
        )
    return _redacted(with_rule(st.rule, reason), secret)


def refusal(s: State, rule: str, reason: str) -> Reason:
    """A candidate's ``reason`` as a client may see it: naming ``rule`` unless it names its
    own, every secret id redacted (RUL-18), as :func:`explain` gives it."""
    return _redacted(with_rule(rule, reason), secret_ids(s))


def with_rule(rule: str, reason: str) -> Reason:
    """``reason`` as a :class:`Reason`, naming ``rule`` unless it names a rule of its own."""
    if not reason or reason.startswith(("§", "RUL")) or not rule:
        return Reason.of(reason)
    if isinstance(reason, Reason):  # a reason built without its rule keeps its parts
        return Reason(rule, reason.message_id, reason.params)
    return Reason(rule, reason)


def _redacted(reason: Reason, secret: dict[str, str]) -> Reason:
    """``reason`` with every secret id replaced by what it is (RUL-18), parameters included."""
    text = redact(reason, secret)
    if text == reason:
        return reason
    params = {k: _redact_value(v, secret) for k, v in reason.params.items()}
    return Reason._make(text, reason.rule, redact(reason.message_id, secret), params)


def _redact_value(value: Any, secret: dict[str, str]) -> Any:
    if isinstance(value, Reason):  # a phrase: redacted with its own parameters
        return _redacted(value, secret)
    if isinstance(value, Joined):
        return Joined([_redact_value(part, secret) for part in value.parts], value.sep)
    if isinstance(value, Term) and value not in secret:
        hidden = [secret[a] for a in value.split() if a in secret]
        if not hidden:
            return value  # names no secret: kept whole, to be named in every language
        if value.kind == "move":
            return refuse("", N_("a move that names {what}"), what=refuse("", hidden[0]))
    if isinstance(value, str):
        if value in secret:  # a secret id: what it is, as a phrase (translated with the reason)
            return refuse("", secret[value])
        return redact(value, secret)
    if isinstance(value, list | tuple):
        return [_redact_value(v, secret) for v in value]
    return value


def illegal(s: State, m: Move) -> IllegalMoveError:
    """The error refusing ``m`` now: :func:`explain`'s reason, with its rule, message id and
    parameters as attributes."""
    return IllegalMoveError.of(explain(s, m))


def play(s: State, m: Move, known_legal: bool = False) -> list[Move] | None:
    """Apply a legal move; refuse anything else without touching the state. ``known_legal``:
    the caller has checked ``m`` against the current legal moves. Returns what :func:`advance`
    returns."""
    f = s.stack[-1] if s.stack else None
    if f is None:
        raise illegal(s, m)
    st = STEPS[f["t"]]
    if not (known_legal or st.is_legal(s, f, m)):
        raise illegal(s, m)
    st.apply(s, f, m)
    listed = _advance(s, None)
    return None if listed is True else listed


def play_within_turn(s: State, m: Move) -> None:
    """Apply a legal move and what follows it up to the next decision, stopping before a new
    turn starts: what the move itself does, for a preview (the Crystals waiting below a Depot
    move in at the start of their owner's next turn, seed item 3, not by this move)."""
    f = s.stack[-1]
    STEPS[f["t"]].apply(s, f, m)
    _advance(s, None, stop=STEPS["turn_start"])


def play_logged(s: State, m: Move, upcoming: Move | None) -> list[Move] | bool | None:
    """Apply ``m``, known legal (checked by the caller), for a replay that knows the move
    played after it (``upcoming``, ``None`` for the last): as :func:`play`, or ``True`` when
    the step then pending vouched that ``upcoming`` is legal there, nothing listed."""
    f = s.stack[-1]
    STEPS[f["t"]].apply(s, f, m)
    return _advance(s, upcoming)


class PickStep(Step[P]):
    """A repeatable pick ("take a Blueprint", "take a Warehouse item", ...).

    Frame fields: ``n`` picks available now, ``must`` picks still mandatory, ``boost`` how one more
    pick is bought ("colonist": one Colonist Living Quarters → Working Area, §6.3; "none").
    ``done`` ends the loop once nothing is mandatory. A subclass names its picks with their
    reasons in :meth:`pick_candidates` (or lists legal ones only in :meth:`picks`).
    """

    forced = True  # a lone "done" (or a lone pick that must be made) plays itself

    @classmethod
    def pick_candidates(cls, s: State, f: P, explain: bool = False) -> Iterable[Candidate]:
        """The picks worth naming, each with the reason it is refused whatever picks are left
        (as :meth:`Step.candidates`)."""
        return [(m, "") for m in cls.picks(s, f)]

    @classmethod
    def picks(cls, s: State, f: P) -> list[Move]:
        """The picks that could be made if one is left."""
        return legal(cls.pick_candidates(s, f))

    @staticmethod
    def take(s: State, f: P, m: Move) -> None:
        raise NotImplementedError

    @classmethod
    def candidates(cls, s: State, f: P, explain: bool = False) -> list[Candidate]:
        """The picks (while one is left), then ``boost`` (once none is left, for a pick that
        can be made), then ``done`` (once none is mandatory)."""
        picks = list(cls.pick_candidates(s, f, explain))
        can_pick = any(not reason for _, reason in picks)
        if f["n"] > 0:
            out = picks
        else:
            left = cls._none_left(f, explain)
            out = [(m, reason or left) for m, reason in picks]
        out.append((BOOST, cls.boost_problem(s, f, can_pick, explain)))
        if f["must"] == 0:
            out.append((DONE, ""))
        else:
            out.append((DONE, refuse(cls.rule, MUST, must=f["must"]) if explain else NO))
        return out

    @classmethod
    def _none_left(cls, f: P, explain: bool) -> str:
        if not explain:
            return NO
        if f.get("boost") == "colonist":
            return refuse(cls.rule, NONE_LEFT_BOOST)
        return refuse(cls.rule, NONE_LEFT_DONE)

    @classmethod
    def boost_problem(cls, s: State, f: P, can_pick: bool, explain: bool) -> str:
        """Why ``boost`` is refused ("" if it is legal): it buys one more pick (§6.3)."""
        if f["n"] == 0 and can_pick and f.get("boost") == "colonist" and s.players[f["p"]].lq:
            return ""
        if not explain:
            return NO
        if f.get("boost") != "colonist":
            return refuse("§6.3", "this action cannot be boosted")
        if f["n"]:
            return refuse("§6.3", "a boost buys one more pick once those you have are used")
        if not can_pick:
            return refuse("§6.3", "a boost would buy a pick you could not make")
        return refuse("§6.3", NO_COLONIST)

    @classmethod
    def apply(cls, s: State, f: P, m: Move | None) -> None:
        assert m is not None
        if m.verb == "done":
            pop(s, f)
        elif m.verb == "boost":
            p = s.mut_player(f["p"])
            p.lq -= 1
            p.wa += 1
            f["n"] += 1
        else:
            f["n"] -= 1
            f["must"] = max(0, f["must"] - 1)
            cls.take(s, f, m)


BOOST, DONE = Move("boost"), Move("done")
MUST = N_("you must make {must} more pick(s) before you are done")
NONE_LEFT_BOOST = N_(
    "you have no pick left: boost (one Colonist from Living Quarters to the Working Area) or done"
)
NONE_LEFT_DONE = N_("you have no pick left: only done")
NO_COLONIST = N_("a boost moves a Colonist from your Living Quarters and you have none")


def push_picks(
    s: State, t: str, p: int, n: int = 1, must: int = 1, boost: str = "none", **data: Any
) -> dict[str, Any]:
    return push(s, t, p, n=n, must=must, boost=boost, **data)
