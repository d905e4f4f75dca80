"""What a move leads to until its action is complete (issue 23, item 1): "every number before
the click".

A move often only opens an action: ``main tech`` asks for a tile, the tile asks for a payment,
the payment gives the Lab space's benefit. :func:`follow` plays, on a copy, what comes after
the move until the mover chooses again: the decisions with a single legal move are played
(their costs and gains are certain, and added to the preview's figures); the first decision
with a real choice is named as such (``then``: its prompt, or "pay ..." with the tokens a
payment still asks), with the range of what its options cost, gain and score. The ranges are
worked out by trying the options breadth first, to the end of the action, within a budget of
:data:`BUDGET` positions per move (fast enough to describe every legal move of every position);
a payment met on the way is read from its tokens, not tried item by item; when the budget
runs out, or a step repeats the one the move answered (a Bot moved, another to move: its next
moves only), the ranges say ``partial``. When every option leads to one other decision (a
placement paid, then the building chosen) that one is named next, up to :data:`MAX_OPEN`.
The decisions of another seat that the action causes are named too (a Tech's owner at the end
of the turn, §8.3: their gain is public).

Nothing here names what a face-down stack holds (RUL-18): what a step that turns something face
up costs is counted, what it gives is not, and what follows it is not tried (``reveals``).
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any, TypedDict

from onmars.rules.data.components import RESOURCES, load
from onmars.rules.engine import engine
from onmars.rules.engine.i18n import N_, tr
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import Player, State
from onmars.rules.explain.catalog import TECH_NAMES, item_name
from onmars.rules.explain.terms import join_list

#: Options tried per move to find the ranges of an open choice (each: a copy and a move).
BUDGET = 16

#: Moves played, per move, sweeping the completions the breadth-first ranges did not reach
#: (``partial``), for what they may still cost (issue 23: no cost a later step charges is
#: left out of a preview); and the longest completion followed.
SWEEP = 40
SWEEP_DEPTH = 12

#: Moves played, per move, walking breadth first what the action asks once the repeated step
#: is declined (``done``) at the positions the ranges stopped at: the later steps (a Lab
#: benefit, a development after a boost, a building after a claim) branch little, and their
#: costs are met only there.
FINISH = 48
FINISH_STARTS = 4

#: Decisions of another seat that the mover's action causes, named in its preview: a Tech's
#: owner choosing its reward (§8.3), a displaced piece's owner moving it (RUL-1).
CAUSED = frozenset({"owner_develop", "displace"})

#: Open decisions named per move at most.
MAX_OPEN = 3

#: Said where a step the action forces turns something face up (RUL-18: not shown).
FACE_UP = N_("then something is turned face up: what it gives and what follows are not shown")

#: The step a turn returns to when an action is complete (§5.1).
ACTION_OVER = "turn"


class Then(TypedDict):
    """A decision still ahead: ``text`` (in the preview's language), ``seat`` (who decides),
    ``choices`` (its legal moves; 0 for a decision of another seat, whose moves are theirs),
    ``cost`` and ``gain`` (item -> [least, most] over the completions tried), ``op`` ([least,
    most]), ``partial`` (not every completion was tried: the ranges are those seen) and
    ``reveals`` (a completion turns something face up; what it gives is not shown)."""

    text: str
    seat: int
    choices: int
    cost: dict[str, list[int]]
    gain: dict[str, list[int]]
    op: list[int]
    partial: bool
    reveals: bool


def figures(p: Player) -> dict[str, int]:
    """What a player has that a move may cost or give: each Resource, Crystals (in the Depot
    and waiting below it: both are the player's, §4), Ships (in the Hangar and the Depot) and
    OP."""
    return {
        **p.res,
        "crystal": p.crystals + p.pending,
        "ship": p.hangar + len(p.depot_ships),
        "op": p.op,
    }


def difference(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    """``b - a`` item by item, without the zeros."""
    return {k: b[k] - a[k] for k in a if b[k] != a[k]}


def add_into(total: dict[str, int], delta: dict[str, int]) -> None:
    """Add one step's change to a path's: what is paid (``-item``) and gained (``+item``)
    kept apart, so a Crystal paid and another gained later are both seen; OP as it is."""
    for k, v in delta.items():
        key = k if k == "op" else f"{'+' if v > 0 else '-'}{k}"
        total[key] = total.get(key, 0) + (v if k == "op" else abs(v))


def mover_decides(s: State, seat: int) -> bool:
    """The action goes on with a decision of ``seat``: a decision is pending (not the start
    of the next turn, where a preview stops), it is that seat's, and it is not the choice of
    the next action (§5.1)."""
    if not s.stack:
        return False
    top = s.stack[-1]
    st = engine.STEPS[top["t"]]
    return not st.auto and top["p"] == seat and st.name != ACTION_OVER


def reveal_safe(s: State, seat: int, m: Move) -> tuple[State, dict[str, int], bool]:
    """``m`` played on a copy of ``s`` up to the next decision: the copy, the mover's change
    and whether something was turned face up (then only the costs are kept: RUL-18)."""
    before = figures(s.players[seat])
    after = s.clone()
    engine.play_within_turn(after, m)
    delta = difference(before, figures(after.players[seat]))
    revealed = after.turned_up != s.turned_up
    if revealed:
        delta = {k: v for k, v in delta.items() if v < 0 and k != "op"}
    return after, delta, revealed


def top_step(s: State) -> str:
    """The step of the pending decision ("" when none)."""
    return str(s.stack[-1]["t"]) if s.stack else ""


def follow(
    after: State,
    seat: int,
    lang: str,
    names: list[str],
    before_used: int,
    answered: str,
    revealed: bool = False,
) -> tuple[dict[str, int], list[Then]]:
    """From ``after`` (a move just played, up to the next decision): the mover's certain
    change from the decisions that have a single legal move, and the decisions still open
    (:class:`Then`), the mover's with ranges. ``answered``: the step the move answered;
    ``before_used``: how many Tech uses the turn held before the move (§8.3: each new one owes
    its owner a choice). ``revealed``: the move turned something face up: what follows is only
    named, nothing is tried on a position that shows it (RUL-18)."""
    certain: dict[str, int] = {}
    out: list[Then] = []
    s = after
    copied = False
    reveals = False
    if mover_decides(s, seat) and revealed:
        return certain, [_blind(s, seat, lang), _note(seat, tr(FACE_UP, lang), True)]
    while mover_decides(s, seat):
        moves = engine.legal_moves(s)
        if len(moves) != 1:
            then, ahead = _open(s, seat, moves, lang, top_step(s) == answered)
            out.append(then)
            if ahead is None or len(out) >= MAX_OPEN:
                break
            s, copied = ahead, True  # every option leads to the same next decision: name it
            continue
        if not copied:  # ``after`` is the caller's: work on a copy from here on
            s, copied = s.clone(), True
        nxt, delta, reveals = reveal_safe(s, seat, moves[0])
        add_into(certain, delta)
        if reveals:
            out.append(_note(seat, tr(FACE_UP, lang), True))
            break
        s = nxt
    if s.stack and not reveals:
        top = s.stack[-1]
        st = engine.STEPS[top["t"]]
        if not st.auto and top["p"] != seat and st.name in CAUSED:
            what = tr(st.prompt, lang)
            text = tr(N_("{name} decides: {what}"), lang, name=names[top["p"]], what=what)
            out.append(_note(top["p"], text, False))
    out += _owners(s, seat, lang, names, before_used)
    return certain, out


def _blind(s: State, seat: int, lang: str) -> Then:
    """The mover's next decision named, nothing tried: its prompt and number of choices, or a
    payment's tokens (what a payment asks does not depend on what was turned up)."""
    top = s.stack[-1]
    st = engine.STEPS[top["t"]]
    if st.name == "pay":
        then = _note(seat, _pay_text(top["cost"], lang), False, len(engine.legal_moves(s)))
        then["cost"] = _pay_ranges(s.players[seat], top["cost"])
        return then
    return _note(seat, tr(st.prompt or st.name, lang), True, len(engine.legal_moves(s)))


def _note(seat: int, text: str, reveals: bool, choices: int = 0) -> Then:
    """A decision named, its ranges still empty."""
    return {
        "text": text,
        "seat": seat,
        "choices": choices,
        "cost": {},
        "gain": {},
        "op": [0, 0],
        "partial": False,
        "reveals": reveals,
    }


def _owners(s: State, seat: int, lang: str, names: list[str], before: int) -> list[Then]:
    """Each Tech of another seat used by the move (or the steps it forced): at the end of the
    turn its owner gains 1 Oxygen or develops it free (§8.3)."""
    out: list[Then] = []
    used = s.turn.get("used") or []
    for owner, tile in used[before:]:
        if owner == seat:
            continue
        template = N_(
            "at the end of your turn {name} gains 1 Oxygen or develops their {tech} free (§8.3)"
        )
        text = tr(template, lang, name=names[owner], tech=_tech(tile, lang))
        note = _note(owner, text, False)
        note["gain"] = {"oxygen": [0, 1]}
        out.append(note)
    return out


def _open(
    s: State, seat: int, moves: list[Move], lang: str, same: bool
) -> tuple[Then, State | None]:
    """The mover's open decision on ``s`` with ``moves``: named, with the ranges of what its
    completions cost, gain and score (tried breadth first within the budget). ``same``: the
    decision repeats the step the move answered: its options are tried one level deep, with
    half the budget. Also, when every option tried leads to a decision of one other step, a
    position at that decision, to be named next (else ``None``)."""
    top = s.stack[-1]
    st = engine.STEPS[top["t"]]
    text = _pay_text(top["cost"], lang) if st.name == "pay" else tr(st.prompt or st.name, lang)
    then = _note(seat, text, False, len(moves))
    if st.name == "pay":  # the tokens are known whatever is chosen: each may be paid
        then["cost"] = _pay_ranges(s.players[seat], top["cost"])
        return then, _paid(s, seat)
    ahead: dict[str, State] = {}  # the next decisions the options lead to, by step
    leaves: list[tuple[dict[str, int], bool]] = []
    payments: list[dict[str, list[int]]] = []
    budget = BUDGET // 2 if same else BUDGET  # a step repeated: its next move only
    cut: list[State] = []  # positions the ranges stop at, their completions not tried
    queue: deque[tuple[State, list[Move], dict[str, int]]] = deque([(s, moves, {})])
    while queue:  # breadth first: every option first, then what each leads to
        at, options, so_far = queue.popleft()
        for m in options:
            if budget <= 0:
                then["partial"] = True
                leaves.append((so_far, False))
                cut.append(at)
                break
            budget -= 1
            nxt, delta, revealed = reveal_safe(at, seat, m)
            total = dict(so_far)
            add_into(total, delta)
            then["reveals"] |= revealed
            if not mover_decides(nxt, seat):
                leaves.append((total, revealed))
            elif nxt.stack[-1]["t"] == "pay":  # paid next: up to each token, and the rest
                leaves.append((total, revealed))
                paying = _pay_ranges(nxt.players[seat], nxt.stack[-1]["cost"])
                before = {k: total.get(f"-{k}", 0) for k in paying}
                payments.append(
                    {k: [lo + before[k], hi + before[k]] for k, (lo, hi) in paying.items()}
                )
                # and what the action asks after the payment (not past a face turned up)
                later = None if revealed else _paid(nxt, seat)
                if later is not None:
                    queue.append((later, engine.legal_moves(later), total))
            elif revealed:  # what follows may depend on what was turned up: not tried
                leaves.append((total, revealed))
            elif same:
                leaves.append((total, False))
                then["partial"] = True
                cut.append(nxt)
            else:
                if at is s:
                    ahead.setdefault(top_step(nxt), nxt)
                queue.append((nxt, engine.legal_moves(nxt), total))
    _ranges(leaves, then)
    swept = _swept(cut, seat)
    for item, most in _finished(cut, seat, st.name).items():
        swept[item] = max(swept.get(item, 0), most)
    for item, most in swept.items():  # what the untried completions may cost
        low, high = then["cost"].get(item, [0, 0])
        then["cost"][item] = [0 if item not in then["cost"] else low, max(high, most)]
    # Our decision (a preview, not a rule; docs/architecture.md): where the walk stopped with
    # the Rover still able to step, a tile it may claim can lead to a building (§9.1) whose
    # Resource depends on choices not yet made, so the preview names "any Resource" up to the
    # dearest building's cost rather than guess which, and never reads a face-down tile.
    if cut and any(m.verb == "rover" for m in moves):
        low, high = then["cost"].get("any", [0, 0])
        then["cost"]["any"] = [low, max(high, dearest_building())]
    dearest = [high for item, (_, high) in then["cost"].items() if item in RESOURCES]
    if cut and dearest:  # an untried option may ask another Resource for what these cost
        then["cost"].setdefault("any", [0, max(dearest)])
    for paid in payments:
        for k, (lo, hi) in paid.items():
            low, high = then["cost"].get(k, [lo, hi])
            then["cost"][k] = [min(low, lo), max(high, hi)]
    following = len(ahead) == 1 and st.name not in ahead
    return then, next(iter(ahead.values())) if following else None


def _swept(starts: list[State], seat: int) -> dict[str, int]:
    """What completions of the mover's action from ``starts`` cost (item -> the most seen),
    followed one move at a time within :data:`SWEEP` moves, each start in turn and each
    completion choosing other options (spread over the legal moves; every other one declines
    what a step still offers, ``done``, to reach the action's later steps); a step that turns
    something face up ends a completion (its costs counted, RUL-18)."""
    most: dict[str, int] = {}
    budget, k = SWEEP, 0
    while starts and budget > 0 and k < SWEEP:
        s = starts[k % len(starts)]
        paid: dict[str, int] = {}
        for depth in range(SWEEP_DEPTH):
            if budget <= 0 or not mover_decides(s, seat):
                break
            moves = engine.legal_moves(s)
            budget -= 1
            pick = moves[(k * 7 + depth * 3 + 1) % len(moves)]
            if k % 2 == 0:  # every other completion hurries on to the later steps
                pick = next((m for m in moves if m.verb == "done"), pick)
            s, delta, revealed = reveal_safe(s, seat, pick)
            for key, v in delta.items():
                if v < 0 and key != "op":
                    paid[key] = paid.get(key, 0) - v
            if revealed:
                break
        for key, v in paid.items():
            most[key] = max(most.get(key, 0), v)
        k += 1
    return most


@cache
def dearest_building() -> int:
    """The most Resources a building costs (§9.2): what a tile claimed may still ask, when the
    Rover's untried ends are not followed (a claim that builds, §9.1)."""
    return max(len(b.cost) for b in load().building_type.values())


def _finished(starts: list[State], seat: int, repeated: str) -> dict[str, int]:
    """What the action may still cost (item -> the most seen) from :data:`FINISH_STARTS` of
    ``starts`` (one per reach of the Rover first), walked within :data:`FINISH` moves, the
    later steps before more of the ``repeated`` step (the decision whose options were cut).
    At that step ``done`` and the Rover's steps come first: what the later steps ask depends
    on where the Rover ends (a claim, then a building: §9.1); a Bot moved (it costs only
    Crystals, named already) is followed only when it lets the Rover step somewhere new, and
    each hex the Rover reaches is followed once. Elsewhere the options differing in kind come
    first (:func:`_varied`). A payment is read from its tokens (each may be paid), then paid
    one way to go on. Nothing is tried past a face turned up (RUL-18)."""
    most: dict[str, int] = {}
    ways: dict[tuple[int, ...], State] = {}  # one start per reach of the Rover first
    rest = [s for s in starts if ways.setdefault(_rover_reach(s, seat), s) is not s]
    chosen = [*ways.values(), *rest][:FINISH_STARTS]
    reached = {s.players[seat].rover for s in chosen}
    later: deque[tuple[State, dict[str, int]]] = deque()  # past the repeated step: first
    again: deque[tuple[State, dict[str, int]]] = deque(
        (s, {}) for s in chosen if mover_decides(s, seat)
    )
    budget = FINISH
    while (later or again) and budget > 0:
        at, so_far = (later or again).popleft()
        if top_step(at) == "pay":
            so_far = dict(so_far)
            for token in at.stack[-1]["cost"]:
                so_far[token] = so_far.get(token, 0) + 1
                most[token] = max(most.get(token, 0), so_far[token])
            paid = _paid(at, seat)
            if paid is None:
                continue
            at = paid
        moves = _varied(engine.legal_moves(at))
        if top_step(at) == repeated:  # declined, the Rover on, and what may let it on
            ends = [m for m in moves if m.verb == "done" or _new_hex(m, reached)]
            moves = ends + [m for m in moves if m.verb not in ("done", "rover")]
        for m in moves:
            if budget <= 0:
                break
            budget -= 1
            nxt, delta, revealed = reveal_safe(at, seat, m)
            if top_step(at) == repeated and m.verb == "bot":
                reach = _rover_reach(nxt, seat)
                if reach in ways:  # the Rover may step nowhere new after it
                    continue
                ways[reach] = nxt
            paid_so_far = dict(so_far)
            for key, v in delta.items():
                if v < 0 and key != "op":
                    paid_so_far[key] = paid_so_far.get(key, 0) - v
                    most[key] = max(most.get(key, 0), paid_so_far[key])
            if not revealed and mover_decides(nxt, seat):
                queue = again if top_step(nxt) == repeated else later
                queue.append((nxt, paid_so_far))
    return most


def _rover_reach(s: State, seat: int) -> tuple[int, ...]:
    """Where the mover's Rover is and may step next (a Bot moved may open a hex to it)."""
    if not mover_decides(s, seat):
        return (s.players[seat].rover,)
    steps = (m.cell(0) for m in engine.legal_moves(s) if m.verb == "rover" and m.args)
    return (s.players[seat].rover, *sorted(steps))


def _new_hex(m: Move, reached: set[int]) -> bool:
    """``m`` steps the Rover onto a hex not reached before (then counted as reached)."""
    if m.verb != "rover" or not m.args or m.cell(0) in reached:
        return False
    reached.add(m.cell(0))
    return True


def _varied(moves: list[Move]) -> list[Move]:
    """``moves``, the first of each kind (verb and first argument: a building, a tile) first,
    so a walk cut short has tried every kind."""
    kinds: set[tuple[str, str]] = set()
    first: list[Move] = []
    rest: list[Move] = []
    for m in moves:
        kind = (m.verb, str(m.args[0]) if m.args else "")
        (rest if kind in kinds else first).append(m)
        kinds.add(kind)
    return first + rest


def _paid(s: State, seat: int) -> State | None:
    """The position after the pending payment, paid one way (each token by the first item
    that pays it), to name what follows it: a position at the mover's next decision, or
    ``None`` when the action then ends (or the payment turns something face up)."""
    while mover_decides(s, seat) and s.stack[-1]["t"] == "pay":
        s, _, revealed = reveal_safe(s, seat, engine.legal_moves(s)[0])
        if revealed:
            return None
    return s if mover_decides(s, seat) else None


def _ranges(leaves: list[tuple[dict[str, int], bool]], then: Then) -> None:
    """The least and most of each cost, gain and OP over ``leaves`` (paths, as
    :func:`add_into` adds them up; 0 where a path does not have it)."""
    keys = {k for path, _ in leaves for k in path if k != "op"}
    for key in sorted(keys):
        values = [path.get(key, 0) for path, _ in leaves]
        table = then["cost"] if key[0] == "-" else then["gain"]
        table[key[1:]] = [min(values), max(values)]
    ops = [path.get("op", 0) for path, _ in leaves] or [0]
    then["op"] = [min(ops), max(ops)]


def _pay_ranges(p: Player, cost: list[str]) -> dict[str, list[int]]:
    """What a payment of ``cost`` tokens may take of each item, [least, most] (§23.1: a
    Mineral pays for any Resource; an "any" token is named ``any``, with the Resources the
    player has now: the player may have others by the time it is paid)."""
    out: dict[str, list[int]] = {}
    for token in cost:
        if token == "crystal":
            payers, forced = ["crystal"], True
        elif token == "any":  # named as such ("any": any Resource), and what it may be now
            payers, forced = ["any", *(r for r in RESOURCES if p.res[r])], False
        else:
            payers, forced = list(dict.fromkeys((token, "mineral"))), False
        for item in payers:
            low, high = out.get(item, [0, 0])
            out[item] = [low + forced, high + 1]
    return out


def _pay_text(cost: list[str], lang: str) -> str:
    """ "pay 1 Water + 1 Oxygen" for the tokens a payment still asks."""
    counts: dict[str, int] = {}
    for token in cost:
        counts[token] = counts.get(token, 0) + 1
    parts = [
        f"{n} {tr(N_('any Resource'), lang) if t == 'any' else item_name(t, lang, n)}"
        for t, n in counts.items()
    ]
    template = N_("pay {items} (a Mineral may pay for a Resource)")
    return tr(template, lang, items=join_list(parts, lang))


def _tech(tile: str, lang: str) -> str:
    """A Tech tile by its type's name (its id is no word of either language)."""
    return tr(TECH_NAMES[load().tech_tile[tile].type], lang)


def used_count(s: State) -> int:
    """How many Tech uses the current turn holds (§8.3)."""
    return len(s.turn.get("used") or [])


def as_plain(then: list[Then]) -> list[dict[str, Any]]:
    """The decisions ahead as plain data (a preview is plain JSON-ready data)."""
    return [dict(t) for t in then]
