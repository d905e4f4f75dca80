"""Sequences of legal moves a table may offer as one click (issue 23, item 3).

For the pending decision, "macro" choices, each a list of moves that are legal one after the
other, all decided by the same seat:

- ``pay``: a payment of two or more tokens in one go, one sequence per distinct combination of
  items (``pay water``, ``pay oxygen`` and ``pay oxygen``, ``pay water`` are the same one);
- ``path``: the Rover moved to a hex two or more steps away (§9.1), one step at a time along a
  shortest path; paths to the same hex are offered apart only when they pick up different
  Crystals on the way (what the Rover claims on the way is all that tells them apart);
- ``tail``: a move after which nothing is left in the turn but moves without a choice, ending
  with ``end`` (a turn's obvious tail), played with it (also after a payment or a path);
- ``forced``: a move with the moves without a choice that follow it (the only legal move of
  the next decisions of the same seat, e.g. the Advanced Building action after a building);
- ``then``: passing (``stay`` on this side, §12.2; ``done``, declining what is left of a step),
  travelling, or choosing a Main or Executive action (§9, §13), together with the next
  decision's move of the same seat:
  the player clicks what they want next (the hex to build on...), and the pass or the action
  is played before it (with that move's forced moves or tail);
- ``choice``: any of the above (or a single move) carried on through the same seat's next
  small decisions (at most :data:`CHOICE_WIDTH` moves: a payment of one token from two
  items, a Lab bonus or ``done``, an Advanced Building's boost or ``done``, a reward...), one
  sequence per way of choosing, up to :data:`CHOICE_DEPTH` choices; at the turn step only
  ``end`` is carried on to (a turn's obvious tail offered as the last step of a sequence).
  These are offered in the move list only (a place on the table keeps its single move).

Decision: spending a Private Goal as a Crystal (``discard``, §18.1) does not count as a choice
left: with nothing left to pay it only loses the card (the Crystal is lost with the turn), so a
decision whose only other move is ``discard`` is treated as without a choice. The sequence is
an offer only: every single move stays offered as it is.

Bots need no sequence: ``bot <from> <to>`` already moves a Bot to its destination in one move
(the movement points are paid for the walk, §9.1).

Hidden information (RUL-18, RUL-19): only the last move of a sequence may turn anything face up.
What comes off a face-down stack can change what a player wants next, so a reveal ends what can
be planned; and whether a sequence is offered never depends on a face-down card, since no move
before the last reveals anything. ``Game.check_sequence`` refuses a sent
sequence by the same rule.

Every sequence is found by playing its moves on copies of the position, so each step is a legal
move at its time by construction.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal, TypedDict

from onmars.rules.data.components import RESOURCES
from onmars.rules.engine import engine
from onmars.rules.engine.i18n import N_, tr
from onmars.rules.engine.moves import Move, notation
from onmars.rules.engine.state import State
from onmars.rules.explain.catalog import item_name
from onmars.rules.explain.describe import IRREVERSIBLE, crystals_moved
from onmars.rules.explain.describe import warnings as move_warnings
from onmars.rules.explain.labels import goal_of, label
from onmars.rules.explain.structure import MoveTarget, structure

SequenceKind = Literal["pay", "path", "tail", "forced", "then", "choice"]

#: Moves that lead to the next choice, played before the next decision's move the player clicks
#: (``then``): passing (``stay``, ``done``), travelling (§12.2), taking a Turn Order space (§19:
#: its bonus's choice or the turn follows; issue 23.3, the most single clicks after ``end``) and
#: choosing a Main or an Executive action (§9, §13: its first choice is where it happens...).
LEADS = ("stay", "done", "travel", "seat", "main", "exec")
#: The most leads in a row (staying, then a Main action, then where it happens).
LEAD_DEPTH = 2

#: The most moves a sequence may hold (a payment, a Rover's walk and a tail stay far below).
MAX_SEQUENCE = 16
#: The most positions the search for sequences looks at, per kind (a bound on the work).
SEARCH_LIMIT = 120
#: The longest Rover path offered (the Rover's usual reach; farther, step by step).
PATH_LIMIT = 5
#: The most moves without a choice followed after a move, looking for the turn's end.
TAIL_LIMIT = 3

#: A next decision of at most this many moves is a small choice a ``choice`` sequence carries
#: on through (two items to pay one token with, a bonus or ``done``, boost or ``done``...).
CHOICE_WIDTH = 4
#: The most small choices carried on through after a sequence (boost, boost, done, end).
CHOICE_DEPTH = 4
#: The most moves played looking for ``choice`` sequences, per decision (a bound on the work).
CHOICE_LIMIT = 400

END = Move("end", ())


class Sequence(TypedDict):
    """A sequence of legal moves offered as one click: its ``kind``, its ``moves`` in
    notation, a ``label`` in the player's language, where it is clicked (``target``), the
    ``cost`` and ``gain`` by item and the ``op`` change for its mover over the whole sequence
    (when its last move turns something face up, what that move gives is not counted, RUL-18:
    only what it costs),
    the ``warnings`` of its moves (``{kind, text}``, as :func:`describe.warnings`), and
    whether it turns something face up (its last move only), so that it cannot be taken back
    (``irreversible``, RUL-19; ``irreversible_text`` says so in the player's language)."""

    kind: SequenceKind
    moves: list[str]
    label: str
    target: MoveTarget
    cost: dict[str, int]
    gain: dict[str, int]
    op: int
    warnings: list[dict[str, str]]
    irreversible: bool
    irreversible_text: str


class _Walk:
    """A sequence being found: its moves, the positions before each and the last after."""

    def __init__(self, start: State) -> None:
        self.moves: list[Move] = []
        self.states: list[State] = [start]
        self.lead = 0  # the moves before a tail's forced moves (a tail only)
        # a ``choice`` sequence's start before its first choice, and that start's kind
        self.origin: tuple[_Walk, SequenceKind] | None = None

    @property
    def last(self) -> State:
        return self.states[-1]

    def then(self, m: Move) -> _Walk | None:
        """This walk with ``m`` played after it; ``None`` when the walk already turned
        something face up (nothing may follow a reveal) or is full."""
        if len(self.moves) >= MAX_SEQUENCE or _revealed(self.states[0], self.last):
            return None
        after = self.last.clone()
        engine.play(after, m, known_legal=True)
        walk = _Walk(self.states[0])
        walk.moves, walk.states = [*self.moves, m], [*self.states, after]
        walk.origin = self.origin
        return walk


def _revealed(before: State, after: State) -> bool:
    return after.turned_up != before.turned_up


def sequences(s: State, lang: str) -> list[Sequence]:
    """The sequences offered for the pending decision (none when nobody decides)."""
    seat = engine.current_player(s)
    if seat is None:
        return []
    pays, paths = _payments(s, seat), _paths(s, seat)
    found: list[tuple[_Walk, SequenceKind]] = [(w, "pay") for w in pays]
    found += [(w, "path") for w in paths]
    bases: list[tuple[_Walk, SequenceKind]] = [(w, "pay") for w in pays]  # ``choice`` starts
    bases += [(w, "path") for w in paths]
    for walk in [*pays, *paths]:
        followed = _follow(walk, seat)
        if followed is not None:
            kind: SequenceKind = "pay" if walk in pays else "path"
            found.append((followed, "tail" if followed.moves[-1] == END else kind))
            bases.append(found[-1])
    for m in engine.legal_moves(s):
        one = _Walk(s).then(m) if m.verb != "end" else None
        if one is None:
            continue
        followed = _follow(one, seat)
        if followed is not None:
            found.append((followed, _kind(followed)))
        bases.append(found[-1] if followed is not None else (one, "forced"))
        if m.verb in LEADS and _same_seat(one, seat):
            led = _led(one, seat, LEAD_DEPTH)
            found += [(w, "then") for w in led]
            bases += [(w, "then") for w in led]
    budget = [CHOICE_LIMIT]
    for base in bases:
        found += [(w, "choice") for w in _chosen(base, seat, CHOICE_DEPTH, budget)]
    unique: dict[tuple[str, ...], Sequence] = {}  # a pass then ``end`` is also a tail: once
    for walk, kind in found:
        key = tuple(notation(m) for m in walk.moves)
        if key not in unique:
            unique[key] = _shaped(walk, kind, lang)
    return list(unique.values())


def _chosen(
    start: tuple[_Walk, SequenceKind], seat: int, depth: int, budget: list[int]
) -> list[_Walk]:
    """``walk`` carried on through the same seat's next small decisions (see ``choice``
    above): each way of choosing, each choice with the moves without a choice after it;
    ``budget`` holds the moves still allowed to be played looking (shared by the calls)."""
    walk = start[0]
    last = walk.last
    if depth <= 0 or walk.moves[-1] == END or engine.current_player(last) != seat:
        return []
    legal = [m for m in engine.legal_moves(last) if m.verb != "discard"]
    if last.stack[-1]["t"] == "turn":
        options = [END] if END in legal else []  # the turn's tail; any other move is a new start
    else:
        options = legal if 2 <= len(legal) <= CHOICE_WIDTH else []
    out: list[_Walk] = []
    for y in options:
        if budget[0] <= 0:
            break
        budget[0] -= 1
        after = walk.then(y)
        if after is None:
            break  # the walk already turned something face up (RUL-19): nothing follows
        after = _follow(after, seat) or after
        after.lead = 0  # labelled from its start (``origin``), not as a tail
        after.origin = walk.origin or start
        out.append(after)
        out += _chosen((after, "choice"), seat, depth - 1, budget)
    return out


def _led(walk: _Walk, seat: int, depth: int) -> list[_Walk]:
    """``walk`` (ending with a lead) followed by each move of the next decision (``discard``
    aside, see above), each with the moves without a choice after it; a move that leads again
    is followed the same way, ``depth`` times at most (staying, then a Main action, then where
    it happens)."""
    out: list[_Walk] = []
    for y in engine.legal_moves(walk.last):
        after = walk.then(y) if y.verb != "discard" else None
        if after is None:
            continue
        out.append(_follow(after, seat) or after)
        if y.verb in LEADS and depth > 1 and _same_seat(after, seat):
            out += _led(after, seat, depth - 1)
    return out


def _same_seat(walk: _Walk, seat: int) -> bool:
    """After ``walk``, the same seat decides among several moves and nothing turned up."""
    last = walk.last
    return (
        engine.current_player(last) == seat
        and not _revealed(walk.states[0], last)
        and len(engine.legal_moves(last)) > 1
    )


def _kind(walk: _Walk) -> SequenceKind:
    return "tail" if walk.moves[-1] == END else "forced"


# --- payments ---------------------------------------------------------------------------------
def _payments(s: State, seat: int) -> list[_Walk]:
    """One walk per distinct combination of items paying the pending payment (two or more
    tokens, §23.1)."""
    top = s.stack[-1]
    tokens = len(top.get("cost", ())) if top["t"] == "pay" else 0
    if tokens < 2:
        return []
    level: dict[tuple[str, ...], _Walk] = {(): _Walk(s)}
    looked = 0
    for _ in range(tokens):
        nxt: dict[tuple[str, ...], _Walk] = {}
        for paid, walk in level.items():
            if walk.moves and not _paying(walk.last, seat, len(s.stack)):
                return []  # the payment ended early (never expected): offer nothing
            for m in engine.legal_moves(walk.last):
                key = tuple(sorted((*paid, m.args[0])))
                looked += 1
                if m.verb != "pay" or key in nxt or looked > SEARCH_LIMIT:
                    continue
                longer = walk.then(m)
                if longer is not None:
                    nxt[key] = longer
        level = nxt
    return list(level.values())


def _paying(s: State, seat: int, depth: int) -> bool:
    """The payment started at stack depth ``depth`` is still pending for ``seat``."""
    return len(s.stack) == depth and s.stack[-1]["t"] == "pay" and s.stack[-1]["p"] == seat


# --- the Rover --------------------------------------------------------------------------------
def _paths(s: State, seat: int) -> list[_Walk]:
    """The Rover's shortest paths of two steps or more to each hex it may step to (§9.1), one
    per set of hexes where it picks up a Crystal on the way."""
    if not any(m.verb == "rover" for m in engine.legal_moves(s)):
        return []
    found: dict[tuple[str, frozenset[str]], _Walk] = {}
    level = [(_Walk(s), frozenset[str]())]
    looked = 0
    while level and looked < SEARCH_LIMIT and len(level[0][0].moves) < PATH_LIMIT:
        nxt = []
        for walk, picked in level:
            for m in engine.legal_moves(walk.last):
                if m.verb != "rover":
                    continue
                looked += 1
                cell = m.args[0]
                gets = picked | {cell} if walk.last.crystal[m.cell(0)] else picked
                key = (cell, gets)
                if key in found:
                    continue
                longer = walk.then(m)
                if longer is None or engine.current_player(longer.last) != seat:
                    continue
                found[key] = longer
                nxt.append((longer, gets))
        level = nxt
    return [w for w in found.values() if len(w.moves) >= 2]


# --- moves without a choice after a move ------------------------------------------------
def _follow(walk: _Walk | None, seat: int) -> _Walk | None:
    """``walk`` followed by the moves without a choice after it (the only legal move of each
    next decision of the same seat, ``discard`` aside), up to :data:`TAIL_LIMIT`, stopping
    after ``end`` or a reveal; ``None`` when no such move follows."""
    if walk is None:
        return None
    lead, longer = len(walk.moves), walk
    for _ in range(TAIL_LIMIT):
        if engine.current_player(longer.last) != seat or longer.moves[-1] == END:
            break
        legal = [m for m in engine.legal_moves(longer.last) if m.verb != "discard"]
        if len(legal) != 1:
            break
        nxt = longer.then(legal[0])
        if nxt is None:
            break
        longer = nxt
    if len(longer.moves) == lead:
        return None
    longer.lead = lead
    return longer


# --- what the table is told -------------------------------------------------------------------
def _shaped(walk: _Walk, kind: SequenceKind, lang: str) -> Sequence:
    start = walk.states[0]
    seat = engine.current_player(start)
    assert seat is not None
    first = walk.moves[0]
    cost, gain, op = _totals(start, walk.last, seat)
    if walk.last.turned_up != walk.states[-2].turned_up:  # the last move turns something up:
        cost, gain, op = _totals(start, walk.states[-2], seat)  # what it gives is not shown,
        for item, n in _totals(walk.states[-2], walk.last, seat)[0].items():  # its costs are
            cost[item] = cost.get(item, 0) + n  # (RUL-18, as in a move's preview)
    warned: dict[str, dict[str, str]] = {}
    for before, m, after in zip(walk.states[:-1], walk.moves, walk.states[1:], strict=True):
        for w in move_warnings(before, after, m, lang):
            warned.setdefault(w["kind"], w)
    chosen = walk.moves[(walk.lead or len(walk.moves)) - 1]  # the last move chosen
    target: MoveTarget = structure(chosen if kind == "then" else first, "")["target"]
    if kind == "pay":
        target = {"kind": "button", "id": "pay"}
    elif kind == "path":
        target = {"kind": "hex", "id": [m for m in walk.moves if m.verb == "rover"][-1].args[0]}
    return {
        "kind": kind,
        "moves": [notation(m) for m in walk.moves],
        "label": _label(walk, kind, lang),
        "target": target,
        "cost": cost,
        "gain": gain,
        "op": op,
        "warnings": list(warned.values()),
        "irreversible": (up := walk.last.turned_up != start.turned_up),
        "irreversible_text": tr(IRREVERSIBLE, lang) if up else "",
    }


def _label(walk: _Walk, kind: SequenceKind, lang: str) -> str:
    moves, start = walk.moves, walk.states[0]
    if kind == "choice" and walk.origin is not None:
        return _choice_label(walk, walk.origin, lang)
    if walk.lead:  # a lead, then the moves without a choice
        part = _lead_label(_prefix(walk, walk.lead), lang)
        if moves[-1] == END:
            return tr(N_("{move}, then end your turn"), lang, move=part)
        return _then_list(part, moves[walk.lead :], walk.states[walk.lead : -1], lang)
    if kind == "then":
        text = _step_label(moves[0], start, lang, first=True)
        for k in range(1, len(moves)):
            text = _then_list(text, moves[k : k + 1], walk.states[k : k + 1], lang)
        return text
    if kind == "pay":
        counts = Counter(m.args[0] for m in moves)
        items = " + ".join(f"{n} {item_name(i, lang, n)}" for i, n in counts.items())
        return tr(N_("Pay {items}"), lang, items=items)
    if kind == "path":
        befores = zip(walk.states[:-1], moves, strict=True)
        picked = sum(1 for st, m in befores if st.crystal[m.cell(0)])
        dest, steps = moves[-1].args[0], len(moves)
        if picked:
            return tr(N_("Move your Rover to {hex} in {steps} steps, picking up {n} Crystal(s)"),
                      lang, hex=dest, steps=steps, n=picked)  # fmt: skip
        return tr(N_("Move your Rover to {hex} in {steps} steps"), lang, hex=dest, steps=steps)
    return _step_label(moves[0], start, lang, first=True)


def _choice_label(walk: _Walk, origin: tuple[_Walk, SequenceKind], lang: str) -> str:
    """A ``choice`` sequence's label: its start's label, then each move after it."""
    start, kind = origin
    text = _label(start, kind, lang)
    n = len(start.moves)
    ended = walk.moves[-1] == END
    last = len(walk.moves) - 1 if ended else len(walk.moves)
    text = _then_list(text, walk.moves[n:last], walk.states[n:last], lang)
    return tr(N_("{move}, then end your turn"), lang, move=text) if ended else text


#: A sequence's ``done`` (declining what is left of a step: more movement points, an optional
#: bonus...) after a move is said as stopping, "Move a Bot from 1,2 to 2,2, then stop here";
#: first in a sequence it is "Done, then: ..." (not the single move's "Done: stop here", which
#: after a "then:" read as noise, "..., then: Done: stop here").
DONE = Move("done", ())
DONE_FIRST = N_("Done")
THEN_STOP = N_("{move}, then stop here")


def _step_label(m: Move, before: State, lang: str, first: bool = False) -> str:
    """One move's label within a sequence's (``first``: the sequence starts with it)."""
    if m == DONE and first:
        return tr(DONE_FIRST, lang)
    return label(m, lang, goal_of(before))


def _then_list(text: str, moves: list[Move], befores: list[State], lang: str) -> str:
    """``text`` followed by ``moves`` (each played on the state of ``befores`` at the same
    place): "{move}, then: {next}" with the moves between two ``done`` listed together, and each
    ``done`` as "{move}, then stop here"."""
    group: list[str] = []
    for m, before in zip(moves, befores, strict=True):
        if m != DONE:
            group.append(label(m, lang, goal_of(before)))
            continue
        if group:
            text = tr(N_("{move}, then: {next}"), lang, move=text, next=_listed(group, lang))
            group = []
        text = tr(THEN_STOP, lang, move=text)
    if group:
        text = tr(N_("{move}, then: {next}"), lang, move=text, next=_listed(group, lang))
    return text


def _listed(labels: list[str], lang: str) -> str:
    """Moves one after the other, in the language's list ("Pay 1 Water, Pay 1 Plant"; Chinese
    with its own comma)."""
    return tr(N_(", "), lang).join(labels)


def _lead_label(lead: _Walk, lang: str) -> str:
    """The label of what comes before the moves without a choice."""
    first = lead.moves[0].verb
    if len(lead.moves) == 1:
        return _step_label(lead.moves[0], lead.states[0], lang, first=True)
    if first == "pay":
        return _label(lead, "pay", lang)
    if first == "rover":
        return _label(lead, "path", lang)
    return _label(lead, "then", lang)


def _prefix(walk: _Walk, n: int) -> _Walk:
    part = _Walk(walk.states[0])
    part.moves, part.states = walk.moves[:n], walk.states[: n + 1]
    return part


def _totals(s: State, after: State, seat: int) -> tuple[dict[str, int], dict[str, int], int]:
    """What the mover pays and gains by item (Resources, Crystals in the Depot and below it)
    and the OP change, from ``s`` to ``after``."""
    p, q = s.players[seat], after.players[seat]
    cost: dict[str, int] = {}
    gain: dict[str, int] = {}
    for item in RESOURCES:
        delta = q.res[item] - p.res[item]
        if delta:
            (gain if delta > 0 else cost)[item] = abs(delta)
    depot, waiting = crystals_moved(p, q)  # spent from the Depot, picked up below it
    if depot < 0:
        cost["crystal"] = -depot
    if depot > 0 or waiting > 0:
        gain["crystal"] = max(0, depot) + max(0, waiting)
    return cost, gain, q.op - p.op
