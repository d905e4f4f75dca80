"""What a move did, as structured events (issue 10): read off the state before and after it.

Each event is ``{"ply", "round", "seat", "id", ...params}``: ``ply`` the move's index in the
log, ``seat`` whom the event concerns (``None``: the whole table). The ids and their parameters
are listed in :data:`TEMPLATES`, with the English text of each (translated by the catalogs);
:func:`event_text` renders one. Reading the events off the two states, instead of emitting them
from each rule, means no rule can forget one, and no rule code changes for them.

Secrets (RUL-18): the only event that names a secret card is the discard of a Private Goal
(``goal_discarded``); :func:`seen_by` removes its id for every other seat. Everything else an
event names was face up before or is face up after the move. The move's own event carries
``hexes``, the map cells its arguments name (``"q,r"``; public: no hidden move names one).

A move that ends a turn also starts the next one, where the next player's Crystals below their
Depot move in (seed item 3): those effects are the next player's, not the mover's. They come
last among the move's events and carry ``"turn_start": True`` (:func:`turn_start_effects`), so
that a log shows them under the turn they begin.
"""

from __future__ import annotations

import pickle
import zlib
from collections.abc import Callable, Iterator
from typing import Any

from onmars.rules.actions.scoring import end_by_agreement
from onmars.rules.data import hexmap
from onmars.rules.data.components import RESOURCES, load
from onmars.rules.engine import engine
from onmars.rules.engine.i18n import N_, tr
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import Player, State
from onmars.rules.explain.catalog import (
    BUILDING_NAMES,
    PHASE_NAMES,
    SCORE_NAMES,
    SIDE_NAMES,
    TECH_NAMES,
    item_name,
    space_name,
)
from onmars.rules.explain.labels import card_name, goal_of, label, tile_name
from onmars.rules.explain.structure import hexes

Event = dict[str, Any]
#: Moves whose events :meth:`EventLog.seal` packs together.
CHUNK = 64
#: About the memory of one event kept as a dict (measured: 1.39 MB for 4,718 events).
OPEN_EVENT_BYTES = 300

#: Event id -> its English template (parameters in braces).
TEMPLATES: dict[str, str] = {
    "move": N_("{name}: {label}"),
    "concluded": N_("The players end the game by agreement: it is scored as it stands"),
    "round": N_("Round {number} begins"),
    "phase": N_("{phase} begins"),
    "resource": N_("{name}: {delta:+d} {item}"),
    "crystals": N_("{name}: {delta:+d} {item} in the Depot"),
    "crystals_waiting": N_("{name}: {delta:+d} {item} waiting below the Depot"),
    "op": N_("{name}: {delta:+d} OP ({source})"),
    "lost": N_("{name} loses {n} {item}: no room to keep it"),
    "colonists": N_("{name}: Colonists {lq} in Living Quarters, {wa} in the Working Area"),
    "turn_order": N_("{name} takes Turn Order space {space}"),
    "travel": N_("{name} travels to the {side} side"),
    "ship": N_("{name} welcomes a Ship: Depot row {row} is open"),
    "ship_spent": N_("{name} spends {n} Ship from the Hangar to travel (3 OP less at the end)"),
    "blueprint": N_("{name} takes Blueprint {card}"),
    "tech_learned": N_("{name} takes the {tech} Tech into Lab space {space}"),
    "tech_developed": N_("{name}'s {tech} Tech moves to Lab space {space} (level {level})"),
    "tech_used": N_("{name} uses {owner}'s {tech} Tech"),
    "scientist": N_("{name} hires {card}"),
    "contract": N_("{name} takes Earth Contract {card}"),
    "contract_done": N_("{name} completes Earth Contract {card}"),
    "delivered": N_("{name} delivers {item} onto Earth Contract {card}"),
    "goal_done": N_("{name} completes Private Goal {card}"),
    "goal_discarded": N_("{name} spends a Private Goal as a Crystal"),
    "building": N_("{building} built at {hex}"),
    "advanced": N_("{name} upgrades the {building} at {hex} with {card}"),
    "bot_placed": N_("{name} places a Bot at {hex}"),
    "bot_moved": N_("{name}'s Bot moves from {from_hex} to {hex}"),
    "bot_removed": N_("{name}'s Bot leaves {hex}"),
    "rover": N_("{name}'s Rover moves to {hex}"),
    "miner": N_("{name}'s Colonist becomes the Miner at {hex}"),
    "miner_left": N_("{name}'s Miner leaves {hex}"),
    "crystal_taken": N_("The Crystal at {hex} is gone"),
    "crystal_appears": N_("A Crystal appears at {hex}"),
    "tile_taken": N_("{name} takes the {tile} at {hex}"),
    "tile_placed": N_("The {tile} is placed at {hex}"),
    "tile_removed": N_("The {tile} at {hex} is removed"),
    "revealed": N_("Revealed: {what} {card}"),
    "warehouse": N_("Warehouse: {delta:+d} {item}"),
    "lss": N_("Life Support: {building} count now {count}"),
    "level": N_("The Colony reaches level {level}"),
    "mission": N_("Mission {card}: {left} contributions left"),
    "remaining": N_("Remaining Missions marker: {remaining}"),
    "end_triggered": N_("The end of the game is triggered: round {last} is the last"),
    "shuttle": N_("The Shuttle is on the {side} side, space {space}"),
    "shuttle_gone": N_("The Shuttle is removed: travel now costs a Ship"),
    "game_over": N_("The game is over"),
    "score": N_("{name}: {total} OP in all"),
}
#: Templates for a count other than one, by event id (the catalogs have no plural forms; the
#: Chinese of both is the same sentence).
PLURAL_TEMPLATES: dict[str, str] = {
    "lost": N_("{name} loses {n} {item}: no room to keep them"),
}

WHAT = {
    "exploration": N_("Exploration tile"),
    "building": N_("building stack top"),
    "blueprint": N_("Blueprint"),
    "tech": N_("Tech tile"),
    "science": N_("display card"),
}


def events_of(
    before: State, after: State, ply: int, mover: int | None, move: Move | None, goal: str = ""
) -> list[Event]:
    """The events of one move, in the order a player reads them: the move itself (``move``, in
    words; ``None`` when the players ended the game by agreement, RUL-20), what it did (each
    player's changes, then the map, then the shared boards), then the round and phase it
    began and what their start did (:func:`by_new_phase`), then the end. ``goal``: the Private
    Goal a ``reward`` move chose for."""

    def event(seat: int | None, eid: str, **params: Any) -> Event:
        return {"ply": ply, "round": after.round, "seat": seat, "id": eid, **params}

    def add(seat: int | None, eid: str, **params: Any) -> None:
        out.append(event(seat, eid, **params))

    out: list[Event] = []
    if move is None:
        add(None, "concluded")
    else:
        add(mover, "move", move=str(move), hexes=hexes(move), **({"goal": goal} if goal else {}))
    for a, b in zip(before.players, after.players, strict=True):
        _player(add, a, b)
    _map(add, before, after, mover)
    _boards(add, before, after)
    # A round that began within this move from the Colonization phase passed a whole Shuttle
    # phase (§5.1: every round but the last has one) in which nobody had a choice (§12.2): it
    # is told as one that began, before the new round.
    passed = after.round != before.round and before.phase == after.phase == "colonization"
    headings: list[Event] = [event(None, "phase", phase="shuttle")] if passed else []
    if after.round != before.round:
        headings.append(event(None, "round", number=after.round))
    if (after.phase != before.phase or passed) and after.phase != "over":  # the end has its own
        headings.append(event(None, "phase", phase=after.phase))
    starting = turn_start_effects(before, after, out[1:])
    later = by_new_phase(out[1:], headings)
    moved = {id(e) for e in [*later, *starting]}
    out[:] = [*(e for e in out if id(e) not in moved), *_placed(headings, later)]
    out += [{**e, "turn_start": True} for e in starting]
    if after.phase == "over" and before.phase != "over":
        add(None, "game_over")
        for p in after.players:
            add(p.seat, "score", total=p.op)
    return out


#: The events of the Shuttle's own move (§12.1: it moves as a Shuttle phase begins).
SHUTTLE_MOVES = ("shuttle", "shuttle_gone")


def _placed(headings: list[Event], later: list[Event]) -> list[Event]:
    """The ``headings`` with what their start did: the Shuttle's move right after the Shuttle
    phase's (§12.1), the rest after them all."""
    shuttle = [e for e in later if e["id"] in SHUTTLE_MOVES]
    out: list[Event] = []
    for heading in headings:
        out.append(heading)
        if heading.get("phase") == "shuttle":
            out += shuttle
    placed = {id(e) for e in shuttle}
    return [*out, *(e for e in later if id(e) not in placed)]


def by_new_phase(effects: list[Event], headings: list[Event]) -> list[Event]:
    """The ``effects`` of a move that the start of the phase it began did, not the move (they
    follow its ``headings``): the Shuttle moves as a Shuttle phase begins (§12.1). The states
    before and after a move do not say which step changed what: each is known by its kind."""
    phases = {h.get("phase") for h in headings if h["id"] == "phase"}
    return [e for e in effects if e["id"] in SHUTTLE_MOVES and "shuttle" in phases]


def turn_start_effects(before: State, after: State, effects: list[Event]) -> list[Event]:
    """The ``effects`` of a move that the start of the turn it began did (§5.1, seed item 3):
    the Crystals below the new player's Depot move in; those it cannot hold go onto an Earth
    Contract, which they may complete (RUL-10), or are lost. None unless a turn began (another
    seat's, or the mover's own in a new round) and Crystals moved into that player's Depot.
    Known by kind, as :func:`by_new_phase`'s: a change the move itself made to the new player's
    Depot Crystals is told with them (a count is one event)."""
    seat = after.turn.get("p")
    began = after.round != before.round or seat != before.turn.get("p")
    if seat is None or after.phase != "colonization" or not began:
        return []
    mine = [e for e in effects if e.get("seat") == seat]
    if not any(e["id"] == "crystals_waiting" and e["delta"] < 0 for e in mine):
        return []
    moved = [e for e in mine if _crystals_moving_in(e)]
    if any(e["id"] == "delivered" for e in moved):  # onto a contract: the one they completed
        moved += [e for e in mine if e["id"] == "contract_done"]
    return [e for e in effects if any(e is m for m in moved)]


def _crystals_moving_in(event: Event) -> bool:
    """Whether ``event`` is part of Crystals moving into a Depot: fewer below it, more in it,
    those it cannot hold onto a contract or lost (seed item 3, RUL-10)."""
    eid: str = event["id"]
    if eid == "crystals_waiting":
        return bool(event["delta"] < 0)
    if eid in ("lost", "delivered"):
        return bool(event["item"] == "crystal")
    return eid == "crystals"


def _added(a: list[str], b: list[str]) -> list[str]:
    rest = list(a)
    out = []
    for x in b:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out


def _player(add: Any, a: Player, b: Player) -> None:
    seat = b.seat
    if b.space != a.space and b.space:
        add(seat, "turn_order", space=b.space)
    if b.side != a.side and a.side:
        add(seat, "travel", side=b.side)
    for row in a.depot_ships:
        if row not in b.depot_ships:
            add(seat, "ship", row=row)
    spent = a.hangar - b.hangar + (len(a.depot_ships) - len(b.depot_ships))
    if spent > 0:  # a Ship left the Hangar: travel without the Shuttle (§12.2, seed item 7)
        add(seat, "ship_spent", n=spent)
    for item in RESOURCES:
        if b.res[item] != a.res[item]:
            add(seat, "resource", item=item, delta=b.res[item] - a.res[item])
    if b.crystals != a.crystals:
        add(seat, "crystals", item="crystal", delta=b.crystals - a.crystals)
    if b.pending != a.pending:
        add(seat, "crystals_waiting", item="crystal", delta=b.pending - a.pending)
    for item, n in b.lost.items():
        if n != a.lost.get(item, 0):
            add(seat, "lost", item=item, n=n - a.lost.get(item, 0))
    for source in dict.fromkeys([*a.op_by, *b.op_by]):
        delta = b.op_by.get(source, 0) - a.op_by.get(source, 0)
        if delta:
            add(seat, "op", delta=delta, source=source)
    if (b.lq, b.wa) != (a.lq, a.wa):
        add(seat, "colonists", lq=b.lq, wa=b.wa)
    for card in _added(a.blueprints, b.blueprints):
        add(seat, "blueprint", card=card)
    for space, tile in b.lab.items():
        if a.lab.get(space) != tile:
            old = next((s for s, t in a.lab.items() if t == tile), "")
            level = load().lab_space[space].column
            if old:
                add(seat, "tech_developed", tech=tile, space=space, level=level)
            else:
                add(seat, "tech_learned", tech=tile, space=space)
    for card in _added(a.scientists, b.scientists):
        add(seat, "scientist", card=card)
    for card in _added(a.contracts, b.contracts):
        add(seat, "contract", card=card)
    for card in _added(a.contracts_done, b.contracts_done):
        add(seat, "contract_done", card=card)
    for card, items in b.delivered.items():
        for item in _added(a.delivered.get(card, []), items):
            add(seat, "delivered", card=card, item=item)
    if b.goal_done and not a.goal_done:
        add(seat, "goal_done", card=b.goal_done)
    for card in _added(b.goals, a.goals):  # gone from the hand
        if card != b.goal_done:
            add(seat, "goal_discarded", card=card)


def _map(add: Any, a: State, b: State, mover: int | None) -> None:
    for cell in range(len(b.bld)):
        where = hexmap.text(cell)
        if b.bld[cell] != a.bld[cell] and b.bld[cell]:
            add(None, "building", building=b.bld[cell].split(":")[0], hex=where)
        if b.ab[cell] != a.ab[cell] and b.ab[cell] >= 0:
            owner = b.players[b.ab[cell]]
            card = next(iter(_added(a.players[owner.seat].built, owner.built)), "")
            add(owner.seat, "advanced", building=b.bld[cell].split(":")[0], hex=where, card=card)
        if b.miner[cell] != a.miner[cell]:
            if a.miner[cell] >= 0:
                add(a.miner[cell], "miner_left", hex=where)
            if b.miner[cell] >= 0:
                add(b.miner[cell], "miner", hex=where)
        if b.crystal[cell] != a.crystal[cell]:
            add(None, "crystal_appears" if b.crystal[cell] else "crystal_taken", hex=where)
        if b.tile[cell] != a.tile[cell]:
            if a.tile[cell]:
                taker = _taker(a, b, a.tile[cell])
                if taker is None:
                    add(None, "tile_removed", tile=a.tile[cell], hex=where)
                else:
                    add(taker, "tile_taken", tile=a.tile[cell], hex=where)
            if b.tile[cell]:
                add(mover, "tile_placed", tile=b.tile[cell], hex=where)
    for p in b.players:
        before = [c for c, o in enumerate(a.bot) if o == p.seat]
        after = [c for c, o in enumerate(b.bot) if o == p.seat]
        gone = [c for c in before if c not in after]
        new = [c for c in after if c not in before]
        for old, cell in zip(gone, new, strict=False):
            add(p.seat, "bot_moved", from_hex=hexmap.text(old), hex=hexmap.text(cell))
        for cell in new[len(gone) :]:
            add(p.seat, "bot_placed", hex=hexmap.text(cell))
        for cell in gone[len(new) :]:
            add(p.seat, "bot_removed", hex=hexmap.text(cell))
        if p.rover != a.players[p.seat].rover and p.rover >= 0:
            add(p.seat, "rover", hex=hexmap.text(p.rover))


def _taker(a: State, b: State, tile: str) -> int | None:
    """The seat that took ``tile`` off the map during the move (None: it left the game)."""
    for pa, pb in zip(a.players, b.players, strict=True):
        held_before = pa.discoveries + pa.bot_discoveries + [f"R{t}" for t in pa.research]
        held_after = pb.discoveries + pb.bot_discoveries + [f"R{t}" for t in pb.research]
        if held_after.count(tile) > held_before.count(tile):
            return pb.seat
    return None


def _boards(add: Any, a: State, b: State) -> None:
    for tile in _added(a.exploration, b.exploration):
        add(None, "revealed", what="exploration", card=tile)
    for kind, stack in b.building_stacks.items():
        top = stack[-1] if stack else ""
        old = a.building_stacks.get(kind, [])
        if top and top != (old[-1] if old else ""):
            add(None, "revealed", what="building", card=top)
    for card in _added(a.bp_display, b.bp_display):
        add(None, "revealed", what="blueprint", card=card)
    for space, tile in b.grid.items():
        if tile and a.grid.get(space) != tile:
            add(None, "revealed", what="tech", card=tile)
    for card in _added(a.science, b.science):
        if card:
            add(None, "revealed", what="science", card=card)
    for item, k in b.warehouse.items():
        if k != a.warehouse.get(item, 0):
            add(None, "warehouse", item=item, delta=k - a.warehouse.get(item, 0))
    for kind, count in b.lss.items():
        if count != a.lss.get(kind):
            add(None, "lss", building=kind, count=count)
    if b.level != a.level:
        add(None, "level", level=b.level)
    for mission, left in b.missions.items():
        if left != a.missions.get(mission):
            add(None, "mission", card=mission, left=left)
    if b.remaining != a.remaining:
        add(None, "remaining", remaining=b.remaining)
    if b.end_round and not a.end_round:
        add(None, "end_triggered", last=b.end_round)
    if (b.shuttle_side, b.shuttle_space) != (a.shuttle_side, a.shuttle_space):
        if b.shuttle_side:
            add(None, "shuttle", side=b.shuttle_side, space=b.shuttle_space)
        elif a.shuttle_side:
            add(None, "shuttle_gone")
    used_before = {tuple(x) for x in a.turn.get("used", [])}
    for owner, tile in b.turn.get("used", []):
        if (owner, tile) not in used_before and b.turn.get("p") is not None:
            add(b.turn["p"], "tech_used", owner=owner, tech=tile)


def seen_by(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it (RUL-18): another seat's discarded goal is unnamed, in
    its event and in the move itself."""
    if event["seat"] == seat:
        return event
    if event["id"] == "goal_discarded":
        return {k: v for k, v in event.items() if k != "card"}
    if event["id"] == "move" and event["move"].startswith("discard "):
        return {**event, "move": "discard"}
    return event


def event_text(event: Event, lang: str, names: list[str]) -> str:
    """One event in plain words, in ``lang``; ``names``: the players' names by seat."""
    params = {k: v for k, v in event.items() if k not in ("ply", "round", "id")}
    seat = event.get("seat")
    params["name"] = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if "item" in params:
        count = abs(params.get("delta", params.get("n", 1)))
        params["item"] = item_name(params["item"], lang, count)
    if "building" in params:
        params["building"] = tr(BUILDING_NAMES[params["building"]], lang)
    if "side" in params:
        params["side"] = tr(SIDE_NAMES[params["side"]], lang)
    if "source" in params:
        params["source"] = tr(SCORE_NAMES.get(params["source"], params["source"]), lang)
    if "phase" in params:
        params["phase"] = tr(PHASE_NAMES.get(params["phase"], params["phase"]), lang)
    if "what" in params:
        params["what"] = tr(WHAT[params["what"]], lang)
    if "owner" in params:
        params["owner"] = names[params["owner"]]
    if "tech" in params:
        params["tech"] = tr(TECH_NAMES[load().tech_tile[params["tech"]].type], lang)
    if event["id"] in ("tech_learned", "tech_developed"):
        params["space"] = space_name(params["space"], lang)
    params["card"] = card_name(params.get("card", ""), lang)
    if "tile" in params:
        params["tile"] = tile_name(params["tile"], lang)
    if event["id"] == "move":
        if params["move"] == "discard":  # another seat's Private Goal, unnamed (RUL-18)
            params["label"] = tr(N_("Spend a Private Goal as a Crystal for this turn"), lang)
        else:
            params["label"] = label(Move.parse(params["move"]), lang, event.get("goal", ""))
    template = TEMPLATES[event["id"]]
    if event["id"] in PLURAL_TEMPLATES and abs(event.get("n", 1)) != 1:
        template = PLURAL_TEMPLATES[event["id"]]
    return tr(template, lang, **params)


class EventLog:
    """The events of a game's moves, worked out when first asked for: a state of its own
    follows the move log (so playing a move costs nothing extra), one move at a time.

    :meth:`seal` packs the events of each full chunk of :data:`CHUNK` moves into compressed
    bytes (a long game's events take about a thirtieth of the memory; reading a chunk back
    costs about 1 us a move): a server keeps many games in memory."""

    def __init__(self) -> None:
        self._sealed: list[bytes] = []  # moves [CHUNK * i, CHUNK * (i + 1)), pickled + zlib
        self._open: list[list[Event]] = []  # the moves from CHUNK * len(_sealed) on
        self._cursor: State | None = None  # the state after the moves with events

    def __len__(self) -> int:
        """The moves (and the end by agreement, RUL-20, as one more) with events."""
        return CHUNK * len(self._sealed) + len(self._open)

    def update(self, start: Callable[[], State], moves: list[str], concluded: bool = False) -> None:
        """Bring the events up to date with ``moves`` (and the end by agreement after them when
        ``concluded``, RUL-20); ``start`` builds the opening state."""
        if len(self) > len(moves) + concluded:
            self.forget(len(moves))
        if self._cursor is None:
            self._cursor, self._sealed, self._open = start(), [], []
        s = self._cursor
        for ply in range(len(self), len(moves)):
            before = s.clone()
            mover, goal = engine.current_player(before), goal_of(before)
            move = Move.parse(moves[ply])
            engine.play(s, move, known_legal=True)
            self._open.append(events_of(before, s, ply, mover, move, goal))
        if concluded and len(self) == len(moves):
            before = s.clone()
            end_by_agreement(s)
            self._open.append(events_of(before, s, len(moves), None, None))

    def between(self, since: int, until: int | None = None) -> Iterator[list[Event]]:
        """Each move's events from move ``since`` up to (not including) ``until`` (``None``:
        to the end, the end by agreement included). Sealed events are fresh copies."""
        until = len(self) if until is None else min(until, len(self))
        opened = CHUNK * len(self._sealed)
        for chunk in range(since // CHUNK, (min(until, opened) + CHUNK - 1) // CHUNK):
            first = CHUNK * chunk
            moves = pickle.loads(zlib.decompress(self._sealed[chunk]))
            yield from moves[max(since - first, 0) : until - first]
        yield from self._open[max(since - opened, 0) : max(until - opened, 0)]

    def seal(self) -> None:
        """Pack every full chunk of :data:`CHUNK` moves' events (see the class)."""
        while len(self._open) >= CHUNK:
            packed = pickle.dumps(self._open[:CHUNK], pickle.HIGHEST_PROTOCOL)
            self._sealed.append(zlib.compress(packed, 6))
            del self._open[:CHUNK]

    def forget(self, n: int, position: State | None = None) -> None:
        """Moves from ``n`` on were taken back (RUL-19): their events go, the earlier ones stay.
        ``position``: the state after the first ``n`` moves (the cursor goes on from a copy of
        it); without it every event goes and is worked out again when asked for."""
        if len(self) <= n:  # the taken-back moves had no events yet: the cursor is before n
            return
        if position is None:
            self._cursor, self._sealed, self._open = None, [], []
            return
        kept = n // CHUNK
        if kept < len(self._sealed):
            self._open = [*self.between(CHUNK * kept, n)]
            del self._sealed[kept:]
        else:
            del self._open[n - CHUNK * len(self._sealed) :]
        self._cursor = position.clone()

    def has_cursor(self) -> bool:
        return self._cursor is not None

    def nbytes(self) -> int:
        """About the memory the events take (sealed bytes, and a guess for the open ones)."""
        return sum(map(len, self._sealed)) + OPEN_EVENT_BYTES * sum(map(len, self._open))
