"""A move's label and a preview of what it does, for its mover (issue 10).

:func:`describe` gives the label (:mod:`onmars.rules.explain.labels`) and :func:`preview`, which
plays the move on a copy of the game and reads what changed for the mover: what it costs, what it
gains, the OP change, and warnings for consequences players tend to miss. The preview shows only
the mover's own changes and drops everything the move turns face up (RUL-18: a preview never
shows what comes off a face-down stack).
"""

from __future__ import annotations

from typing import Any

from onmars.rules.data.components import RESOURCES
from onmars.rules.engine import engine
from onmars.rules.engine.i18n import N_, tr
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import Player, State
from onmars.rules.explain import outcome
from onmars.rules.explain.events import event_text, events_of
from onmars.rules.explain.labels import goal_of, label

#: Events a preview never shows: what the move turns face up (RUL-18).
HIDDEN_IN_PREVIEW = frozenset({"revealed", "tile_placed"})


def preview(s: State, m: Move, lang: str, names: list[str]) -> dict[str, Any]:
    """What ``m`` (legal now) does for its mover when its action is completed, played on a
    copy of ``s`` up to the next decision or the start of the next turn
    (:func:`engine.play_within_turn`), then through the decisions with a single legal move
    (:func:`outcome.follow`): costs and gains by item, the OP change, the events the mover
    will see (nothing turned face up), warnings, ``then`` (the decisions still open, named,
    with ranges: issue 23) and ``irreversible`` (the move turns something face up, so it
    cannot be taken back: RUL-19; ``irreversible_text`` says so in ``lang``). ``s`` is not
    changed."""
    seat = engine.current_player(s)
    after = s.clone()
    engine.play_within_turn(after, m)
    then: list[outcome.Then] = []
    later: dict[str, int] = {}
    irreversible = after.turned_up != s.turned_up
    if seat is not None:
        used, answered = outcome.used_count(s), outcome.top_step(s)
        later, then = outcome.follow(after, seat, lang, names, used, answered, irreversible)
    events = [
        e
        for e in events_of(s, after, -1, seat, m, goal_of(s))
        if e["id"] not in HIDDEN_IN_PREVIEW and e.get("seat") in (seat, None)
    ]
    cost: dict[str, int] = {}
    gain: dict[str, int] = {}
    if seat is not None:
        p, q = s.players[seat], after.players[seat]
        for item in RESOURCES:
            delta = q.res[item] - p.res[item]
            (gain if delta > 0 else cost).update({item: abs(delta)} if delta else {})
        spent = p.hangar - q.hangar + (len(p.depot_ships) - len(q.depot_ships))
        if spent > 0:  # travel that costs a Ship from the Hangar (§12.2)
            cost["ship"] = spent
        depot, waiting = crystals_moved(p, q)
        if depot < 0:
            cost["crystal"] = -depot
        if depot > 0 or waiting > 0:
            gain["crystal"] = max(0, depot) + max(0, waiting)
        op = q.op - p.op + later.pop("op", 0)
        _add_later(cost, gain, later)
    else:
        op = 0
    return {
        "cost": cost,
        "gain": gain,
        "op": op,
        "events": [event_text(e, lang, names) for e in events if e["id"] != "move"],
        "warnings": warnings(s, after, m, lang),
        "then": outcome.as_plain(then),
        "irreversible": irreversible,
        "irreversible_text": tr(IRREVERSIBLE, lang) if irreversible else "",
    }


#: Said before a move that turns something face up (RUL-19: it cannot be undone).
IRREVERSIBLE = N_("This move turns something face up: it cannot be taken back (RUL-19)")


def _add_later(cost: dict[str, int], gain: dict[str, int], later: dict[str, int]) -> None:
    """The certain costs (``-item``) and gains (``+item``) of the steps a move forces (one
    legal move each) added to its own."""
    for key, n in later.items():
        table = cost if key[0] == "-" else gain
        table[key[1:]] = table.get(key[1:], 0) + n


def crystals_moved(p: Player, q: Player) -> tuple[int, int]:
    """The change of a player's Crystals in the Depot and below it from ``p`` to ``q``, not
    counting those that moved from below the Depot into it (at the end of the game, §24.1):
    they were gained before."""
    moved_in = max(0, min(p.pending - q.pending, q.crystals - p.crystals))
    return q.crystals - p.crystals - moved_in, q.pending - p.pending + moved_in


#: The kinds of warnings (stable ids a client may key on, e.g. to stop asking for one), each
#: a loss the move makes now: a Ship's 3 final OP (§12.2, §24.2), a Private Goal (§18.1), the
#: turn's Executive action (§13), the rest of a benefit.
WARNING_KINDS = ("spend_ship", "discard_goal", "leave_action_unused", "give_up_benefit")


def warnings(s: State, after: State, m: Move, lang: str) -> list[dict[str, str]]:
    """What ``m`` loses for good, worth a second thought before it is played: ``{kind, text}``
    each, ``kind`` one of :data:`WARNING_KINDS`. Only losses: ending the turn warns only while
    an Executive action could still be taken, and taking a Blueprint does not warn (its OP if
    never built is a later risk, shown on its card, not a loss made by the move)."""
    seat = engine.current_player(s)
    out: list[dict[str, str]] = []
    if seat is None:
        return out

    def add(kind: str, text: str) -> None:
        out.append({"kind": kind, "text": text})

    p, q = s.players[seat], after.players[seat]
    if q.hangar < p.hangar:
        text = tr(N_("This spends a Ship from your Hangar (each scores 3 OP at the end)"), lang)
        add("spend_ship", text)
    if m.verb == "discard":
        add("discard_goal", tr(N_("This Private Goal can then never be completed"), lang))
    open_exec = not s.turn.get("exec") and not s.turn.get("over")
    if m.verb == "end" and open_exec and any(x.verb == "exec" for x in engine.legal_moves(s)):
        add("leave_action_unused", tr(N_("You end your turn without an Executive action"), lang))
    if m.verb == "done" and s.stack and s.stack[-1].get("must") == 0:
        frame = s.stack[-1]
        if frame.get("n", 0) > 0 and engine.STEPS[frame["t"]].options(s, frame) != [m]:
            add("give_up_benefit", tr(N_("You give up what is left of this benefit"), lang))
    return out


def describe(s: State, m: Move, lang: str, names: list[str]) -> dict[str, Any]:
    """``{"move", "label", "cost", "gain", "op", "events", "warnings", "then", "irreversible",
    "irreversible_text"}`` for a legal move."""
    return {"move": str(m), "label": label(m, lang, goal_of(s)), **preview(s, m, lang, names)}
