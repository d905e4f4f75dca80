"""Executive actions on the Depot rows (§13, RUL-13), row 8 included: an Advanced Building's
action (§13.2-13.4), whose 24 effects live in :mod:`onmars.advanced`.

Row 8 is used in one of two ways, chosen after ``exec advanced`` with
``advanced <blueprint> <route>``:

- ``advanced BP11 pay``: one of *your* built Blueprints, for 2 Crystals from the Depot (§13.1);
- ``advanced BP11 systems_engineer``: free through a Scientist (§13.4, seed item 1). Either your
  Scientist moves (or stays) onto the Blueprint card of any built Advanced Building of its
  specialty (``works_in``), yours or another player's, and you use that action; or another
  player's Scientist already works on *your* Blueprint, which you then also use free. While a
  Scientist works on a Blueprint (``s.sci_at[scientist] == blueprint``), both the Scientist's
  owner and the Blueprint's owner use it free; it stays until moved again.

The 2 Crystals depend on the route, which is chosen after ``exec advanced``. Row 8 therefore
prices itself (``engine.Action.cost``, read by ``flow.Turn``): the Turn step charges nothing up
front and the ``pay`` route charges the 2 Crystals.
"""

from __future__ import annotations

from functools import cache

from onmars.rules.actions import advanced
from onmars.rules.data.components import ExecutiveRow, load
from onmars.rules.engine.engine import (
    Action,
    Candidate,
    Effect,
    Step,
    effect_blocker,
    pop,
    push,
    start_effect,
)
from onmars.rules.engine.errors import NO, Joined, Term, refuse
from onmars.rules.engine.frames import Frame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State
from onmars.rules.engine.suppose import supposing

# --- rows 1-7 (§13.2, RUL-13): each row's effect is named in the data ------------
# "Take a Blueprint" and "Upgrade" follow their main-action rules but allow no boost and no
# Upgrade-Tech repeat; "Develop a Tech" is free and gains the space benefit (RUL-13).


def row_action(row: ExecutiveRow) -> Action:
    """The Executive action of a Depot row: its data-named effect (row 8 prices itself)."""
    if row.effect.effect == ROW:
        return Action(row.id, "§13.3", advanced_blocker, _start_advanced, cost=_no_upfront_cost)

    def blocker(s: State, seat: int, explain: bool = True) -> str:
        return effect_blocker(s, seat, row.effect, explain)

    def start(s: State, seat: int) -> None:
        start_effect(s, seat, row.effect)

    return Action(row.id, "§13.2", blocker, start)


# --- row 8: an Advanced Building's action (§13.2-13.4, RUL-13) ------------

ROW = "advanced"
PAY = "pay"


def row_cost() -> int:
    """The printed cost of row 8 in Crystals (§13.2)."""
    return load().executive[ROW].cost


def built_owner(s: State, bp: str) -> int:
    """The seat whose Advanced Building marker left ``bp`` for Mars (-1: not built)."""
    return next((p.seat for p in s.players if bp in p.built), -1)


def scientist_owner(s: State, sci: str) -> int:
    return next((p.seat for p in s.players if sci in p.scientists), -1)


def route_problem(s: State, seat: int, bp: str, route: str, explain: bool = True) -> str:
    """Why ``advanced <bp> <route>`` is closed to ``seat``, whatever the action would do ("" if
    open; a token without ``explain``)."""
    data = load().blueprint.get(bp)
    if data is None:
        return (
            refuse("§14", "there is no Blueprint {bp!r}", bp=Term("input", bp)) if explain else NO
        )
    owner = built_owner(s, bp)
    if owner < 0:
        if not explain:
            return NO
        return refuse(
            "§13.3",
            "{title} is not built: its action opens with its marker on Mars",
            title=advanced.title(bp),
        )
    p = s.players[seat]
    if route == PAY:
        if owner != seat:
            if not explain:
                return NO
            return refuse(
                "§13.3",
                "{title} is {owner}'s; Crystals pay only for your own Advanced Buildings (a "
                "Scientist working there makes it free, §13.4)",
                title=advanced.title(bp),
                owner=Term("player", s.players[owner].name),
            )
        if p.crystals < row_cost():
            return _too_few(row_cost(), p.crystals) if explain else NO
        return ""
    sci = load().scientist.get(route)
    if sci is None:
        return (
            refuse(
                "§13.4", "use 'pay' or a Scientist's id, not {route!r}", route=Term("input", route)
            )
            if explain
            else NO
        )
    if sci.works_in != data.building:
        if not explain:
            return NO
        return refuse(
            "§13.4",
            "the {sci} works only in {works_in} Advanced Buildings and {title} is a {building}",
            sci=Term("card", route, sci.name),
            works_in=Term("building", sci.works_in),
            title=advanced.title(bp),
            building=Term("building", data.building),
        )
    holder = scientist_owner(s, route)
    if holder == seat or (holder >= 0 and owner == seat and s.sci_at.get(route) == bp):
        return ""
    if not explain:
        return NO
    if holder < 0:
        return refuse("§13.4", "nobody has hired the {sci}", sci=Term("card", route, sci.name))
    if s.sci_at.get(route) == bp:
        return refuse(
            "§13.4",
            "the {sci} on {title} works free for its owner and the Blueprint's owner only",
            sci=Term("card", route, sci.name),
            title=advanced.title(bp),
        )
    return refuse(
        "§13.4",
        "the {sci} is {holder}'s; only its owner moves it",
        sci=Term("card", route, sci.name),
        holder=Term("player", s.players[holder].name),
    )


def _too_few(cost: int, have: int, more: str = "") -> str:
    return refuse(
        "§13.1",
        "an Advanced Building action costs {cost} Crystals from your Depot and you have "
        "{have}{more}",
        cost=cost,
        have=have,
        more=more,
    )


def _with_crystals(s: State, seat: int, delta: int, bp: str, explain: bool = True) -> str:
    """The action's blocker once the route is paid (``delta`` Crystals), supposed."""
    after = supposing(s, seat, crystals=s.players[seat].crystals + delta)
    return advanced.action_blocker(after, seat, bp, explain)


def action_problem(s: State, seat: int, bp: str, route: str, explain: bool = True) -> str:
    """Why this route to this action is not legal now ("" if it is): the route, then whether
    the action could do anything once the route is paid (the Biolab's Contract needs a third
    Crystal when the action costs 2)."""
    reason = route_problem(s, seat, bp, route, explain)
    if reason:
        return reason
    return _with_crystals(s, seat, -row_cost() if route == PAY else 0, bp, explain)


def candidates(s: State, seat: int) -> list[tuple[str, str]]:
    """Every (blueprint, route) worth checking: each built Blueprint with ``pay`` and with the
    Scientist of its specialty."""
    out: list[tuple[str, str]] = []
    for p in s.players:
        for bp in p.built:
            out += _routes(bp)
    return out


@cache
def _routes(bp: str) -> tuple[tuple[str, str], ...]:
    """(``bp``, route) for ``pay`` and each Scientist of the Blueprint's specialty (§13.4)."""
    building = load().blueprint[bp].building
    return (
        (bp, PAY),
        *((bp, sid) for sid, sc in load().scientist.items() if sc.works_in == building),
    )


def advanced_candidates(s: State, seat: int, explain: bool = False) -> list[Candidate]:
    """``advanced <blueprint> <route>`` for every (blueprint, route) worth checking, with why it
    is refused (:func:`action_problem`)."""
    return [
        (mv(ROW, bp, route), action_problem(s, seat, bp, route, explain))
        for bp, route in candidates(s, seat)
    ]


def advanced_blocker(s: State, seat: int, explain: bool = True) -> str:
    """Why row 8 can do nothing for ``seat`` now ("" if it can; a token without ``explain``):
    each route open to ``seat`` is tried once, and the first whose action could do something
    ends the search."""
    p = s.players[seat]
    if not explain:
        return _advanced_no(s, seat)
    reasons = []
    for bp, route in candidates(s, seat):
        if route_problem(s, seat, bp, route, explain=False):
            continue
        reason = _with_crystals(s, seat, -row_cost() if route == PAY else 0, bp, explain)
        if not reason:
            return ""
        why = refuse("", "{name}: {why}", name=advanced.title(bp), why=reason)
        if why not in reasons:  # two routes to one building: said once
            reasons.append(why)
    if not explain:
        return NO
    if reasons:
        return refuse(
            "§14",
            "none of the Advanced Building actions open to you can do anything ({details})",
            details=Joined(reasons[:4]),
        )
    if p.built and p.crystals < row_cost():
        more = refuse("", "; no Scientist works free for you (§13.4)")
        return _too_few(row_cost(), p.crystals, more)
    return refuse(
        "§13.3",
        "you have no built Blueprint (Advanced Building) of your own and no Scientist working in "
        "one for you",
    )


def _advanced_no(s: State, seat: int) -> str:
    """:func:`advanced_blocker` without words: the same routes (:func:`route_problem`'s rules),
    found from ``seat``'s own cards rather than by trying every route, and a Blueprint's action
    judged once for each sum of Crystals paid (two routes that pay alike lead to the same
    position). Which is judged first does not matter: any that could do something answers."""
    me = s.players[seat]
    if not me.built and not me.scientists:
        return NO  # every route needs your own built Blueprint or your Scientist
    cost = row_cost()
    if me.built and me.crystals >= cost:  # pay: your own built Blueprints (one builder each)
        paid = supposing(s, seat, crystals=me.crystals - cost)  # one position for them all
        for bp in me.built:
            if not advanced.action_blocker(paid, seat, bp, False):
                return ""
    for bp in _free_for(s, seat):  # free through a Scientist: nothing paid
        if not advanced.action_blocker(s, seat, bp, False):
            return ""
    return NO


def _free_for(s: State, seat: int) -> set[str]:
    """The built Blueprints ``seat`` may use free through a Scientist (§13.4): any player's of
    a specialty one of ``seat``'s Scientists works in, and ``seat``'s own on which another
    player's Scientist works now."""
    me = s.players[seat]
    building, works_in = _specialties()
    out: set[str] = set()
    if me.scientists:
        sciences = {works_in[sci] for sci in me.scientists}
        out = {bp for q in s.players for bp in q.built if building[bp] in sciences}
    if not me.built:
        return out
    for sci, bp in s.sci_at.items():  # "" for a Scientist on its own card
        if bp not in me.built or works_in[sci] != building[bp]:
            continue
        if scientist_owner(s, sci) >= 0:
            out.add(bp)
    return out


@cache
def _specialties() -> tuple[dict[str, str], dict[str, str]]:
    """Each Blueprint's building type and each Scientist's specialty (read once)."""
    c = load()
    return (
        {bp: data.building for bp, data in c.blueprint.items()},
        {sci: data.works_in for sci, data in c.scientist.items()},
    )


def _start_advanced(s: State, seat: int) -> None:
    push(s, ROW, seat)


def _no_upfront_cost(s: State, seat: int) -> int:
    """Nothing before the route is chosen: the ``pay`` route charges the 2 Crystals (§13.3)."""
    return 0


def _advanced_effect_blocker(s: State, seat: int, explain: bool = True) -> str:
    return advanced_blocker(s, seat, explain)


#: Row 8's effect, named ``advanced`` in the data.
EFFECTS: tuple[Effect, ...] = (Effect(ROW, "§13.3", _start_advanced, _advanced_effect_blocker),)


class UseAdvanced(Step[Frame]):
    """Choose the Advanced Building action and how it is paid: ``advanced <blueprint> pay``
    (2 Crystals, your own Blueprint) or ``advanced <blueprint> <scientist>`` (free, §13.4)."""

    name = ROW
    rule = "§13.3"
    prompt = N_("use an Advanced Building action: advanced <blueprint> <pay|scientist>")

    @staticmethod
    def candidates(s: State, f: Frame, explain: bool = False) -> list[Candidate]:
        return advanced_candidates(s, f["p"], explain)

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        seat, (bp, route) = f["p"], m.args
        p = s.mut_player(seat)
        if route == PAY:
            p.crystals -= row_cost()
        elif route in p.scientists:  # free through the Scientist (§13.4)
            s.mut_sci_at()[route] = bp  # it stays there until moved again
        advanced.start_action(s, seat, bp)

    @staticmethod
    def stray(s: State, f: Frame, m: Move) -> str:
        if m.verb != ROW or len(m.args) != 2:
            return refuse(
                "§13.3", "name the Blueprint and the way to use it: advanced <blueprint> <route>"
            )
        return action_problem(s, f["p"], m.args[0], m.args[1])


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (UseAdvanced,)
