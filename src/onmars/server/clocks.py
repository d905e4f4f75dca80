"""Clocks and absent players (issue 24, item 3): a game's time control, its clocks, and what
happens when a player's time runs out.

A game may have a time control, chosen when it is made (the lobby): a time per move (``move``:
the seat to act has ``base`` seconds for its decision, e.g. a day) or a total time per player
with an increment (``fischer``: each seat has ``base`` seconds for the whole game and gains
``increment`` seconds each time its decision ends). The clock of a seat starts when its decision
starts: when the engine's deciding seat (``Game.current_player``, which is also the seat of a
decision taken in another seat's turn) becomes that seat, and it runs until another seat
decides. A seat that decides several times in a row (the plies of one turn) is timed as one
decision. Bots' seats have no clock, nor seats a stand-in bot plays.

When a deadline passes, the game's policy applies (decided with the issue; no rule of the game
covers it, RUL-20 is the only way the rules let players end a game early):

- ``bot``: a bot of the chosen level plays the absent seat (it sees only that seat's view,
  RUL-18) until its player takes the seat back from the table, whenever they choose;
- ``agree``: the game waits for the absent seat, and the others may end it by agreement
  (RUL-20): an absent seat is not asked, as a bot's seat is not. A move by the absent player
  brings them back.

Everything here is stored with the game (the ``clocks`` table, :mod:`onmars.server.store`) and
changed only in the transaction of a change to the game, after its compare-and-set
(:meth:`onmars.server.live.Hub._store`): deadlines survive a restart, and of several server
processes that see a deadline pass, one applies the timeout (the others lose the
compare-and-set and find the clock already stopped). The arithmetic is in pure functions
(:func:`handoff`, :func:`timed_out`, :func:`returned`) tested on their own.

Vacation days (issue 24.3's "plus"; the policy is the server's, no rule covers it): a time
control may give each player a bank of vacation time for the whole game. A seat's deadline is
its clock's time *plus* the vacation it has left, so a player who is away simply overruns their
clock and the bank pays for it: nothing to declare beforehand, nothing forgotten. When their
decision ends, the time taken past the clock's own end is taken from their bank (Fischer: the
clock itself is then empty, and gains its increment as usual). Only an empty bank lets the
deadline pass and the policy above apply.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from onmars.server.store import Head, Store, Write, clocks, games, seats
from onmars.server.store import now as _now

Mode = Literal["move", "fischer"]
Policy = Literal["bot", "agree"]
MODES: tuple[str, ...] = ("move", "fischer")
POLICIES: tuple[str, ...] = ("bot", "agree")
#: The time a seat whose clock is empty starts again with when it takes its seat back, as a
#: share of the base time (decision: a returning player must not lose the seat again at once).
RETURN_SHARE = 0.1
#: Reminders (decision): a player whose decision has a deadline at least :data:`REMIND_MIN`
#: seconds after its start (a game played over hours or days, not at one sitting) is reminded
#: once, by the channels they chose for their turn, when :data:`REMIND_SHARE` of that time is
#: left (a day a move: 6 hours before the deadline; vacation counts in, being part of it).
REMIND_SHARE = 0.25
REMIND_MIN = 3600.0


@dataclass(frozen=True)
class TimeControl:
    """What the players chose for the game: see the module's docstring."""

    mode: Mode
    base: float  # seconds: per move, or for the whole game (Fischer)
    increment: float = 0.0  # seconds gained at the end of each decision (Fischer)
    policy: Policy = "bot"
    bot: str | None = "medium"  # the stand-in's level (policy "bot")
    vacation: float = 0.0  # seconds each player may overrun their clock, over the whole game


@dataclass(frozen=True)
class Clock:
    """A game's clocks now: the seat on the clock (``None``: nobody, the game over), when its
    decision started, its deadline (``None``: not timed: a bot's seat, an absent one, the end),
    each seat's time left when its last decision ended or this one started (Fischer), the
    absent seats (seat -> the stand-in bot's name; ``None`` under the agreement policy), and
    each seat's vacation left when its last decision ended or this one started (the deadline
    of the seat on the clock includes its vacation left: its clock's own end is earlier by
    that much)."""

    control: TimeControl
    seat: int | None
    started: datetime | None
    deadline: datetime | None
    remaining: tuple[float, ...]
    absent: dict[int, str | None] = field(default_factory=dict)
    vacation: tuple[float, ...] = ()  # empty: none for anyone

    def vacation_left(self, seat: int) -> float:
        """The vacation seconds ``seat`` had left when its decision started (or its last one
        ended)."""
        return self.vacation[seat] if seat < len(self.vacation) else 0.0

    def standin(self, seat: int) -> str | None:
        """The bot that plays ``seat`` for its absent player, if any."""
        return self.absent.get(seat)

    def left(self, seat: int, at: datetime) -> float:
        """Seconds ``seat`` has left at ``at`` (to its deadline, its vacation included, when on
        the clock)."""
        if seat == self.seat and self.deadline is not None:
            return max(0.0, (self.deadline - at).total_seconds())
        if self.control.mode == "move":
            return self.control.base
        return self.remaining[seat]


def utcnow() -> datetime:
    """The time now, in UTC (the clocks' time: the server processes share one machine's or
    NTP's time)."""
    return _now()


def start(control: TimeControl, players: int, seat: int | None, timed: set[int]) -> Clock:
    """The clocks of a new game whose first decision is ``seat``'s (``timed``: the human
    seats)."""
    vacation = (control.vacation,) * players if control.vacation else ()
    empty = Clock(control, None, None, None, (control.base,) * players, vacation=vacation)
    return handoff(empty, utcnow(), seat, timed)


def handoff(clock: Clock, at: datetime, seat: int | None, humans: set[int]) -> Clock:
    """The clocks once the game decides ``seat`` next (``None``: nobody; the game is over or
    held), at time ``at``. The same seat deciding on: nothing changes. Another seat: the seat
    that decided is charged the time it took and gains the increment (Fischer), and the new
    seat's clock starts, with a deadline when it is a human's seat that no bot stands in for
    (its vacation left added). The seat that decided pays for any time past its clock's own end
    from its vacation."""
    if seat == clock.seat and clock.started is not None and seat is not None:
        return clock
    remaining, vacation = list(clock.remaining), list(clock.vacation)
    before = clock.seat
    if vacation and before is not None and clock.deadline is not None:
        over = (at - clock.deadline).total_seconds() + vacation[before]  # past the clock's end
        vacation[before] = max(0.0, vacation[before] - max(0.0, over))
    if (
        clock.control.mode == "fischer"
        and before is not None
        and clock.started is not None
        and clock.deadline is not None  # it was timed (not a bot's, not absent)
    ):
        used = (at - clock.started).total_seconds()
        remaining[before] = max(0.0, remaining[before] - used) + clock.control.increment
    deadline = None
    if seat is not None and seat in humans and seat not in clock.absent:
        budget = clock.control.base if clock.control.mode == "move" else remaining[seat]
        deadline = at + timedelta(seconds=budget + (vacation[seat] if vacation else 0.0))
    return replace(
        clock,
        seat=seat,
        started=at,
        deadline=deadline,
        remaining=tuple(remaining),
        vacation=tuple(vacation),
    )


def due(clock: Clock, at: datetime) -> bool:
    """Whether the seat on the clock has run out of time at ``at``."""
    return clock.deadline is not None and clock.deadline <= at


def timed_out(clock: Clock, at: datetime) -> Clock:
    """The clocks once the seat on the clock ran out of time at ``at``: it is absent (under the
    bot policy a bot of the chosen level stands in), its clock stopped and, Fischer, empty; its
    vacation, which the deadline included, all spent."""
    seat = clock.seat
    assert seat is not None and clock.started is not None
    remaining, vacation = list(clock.remaining), list(clock.vacation)
    if clock.control.mode == "fischer":
        remaining[seat] = 0.0
    if vacation:
        vacation[seat] = 0.0
    stand_in = clock.control.bot if clock.control.policy == "bot" else None
    return replace(
        clock,
        started=at,
        deadline=None,
        remaining=tuple(remaining),
        absent={**clock.absent, seat: stand_in},
        vacation=tuple(vacation),
    )


def returned(clock: Clock, seat: int, at: datetime) -> Clock:
    """The clocks once the absent player of ``seat`` took it back at ``at``: its clock runs
    again if it decides now (an empty Fischer clock starts from :data:`RETURN_SHARE` of the
    base time)."""
    absent = {s: bot for s, bot in clock.absent.items() if s != seat}
    remaining = list(clock.remaining)
    if clock.control.mode == "fischer" and remaining[seat] <= 0:
        remaining[seat] = clock.control.base * RETURN_SHARE
    back = replace(clock, absent=absent, remaining=tuple(remaining))
    if clock.seat != seat:
        return back
    budget = clock.control.base if clock.control.mode == "move" else remaining[seat]
    budget += clock.vacation_left(seat)
    return replace(back, started=at, deadline=at + timedelta(seconds=budget))


def remind_at(clock: Clock) -> datetime | None:
    """When the seat on the clock is to be reminded that its time runs out (``None``: never,
    the decision is untimed or short)."""
    if clock.deadline is None or clock.started is None:
        return None
    budget = clock.deadline - clock.started
    if budget.total_seconds() < REMIND_MIN:
        return None
    return clock.deadline - budget * REMIND_SHARE


# --- what anyone may see (no secret: RUL-18) ------------------------------------------------
def stamp(value: datetime | None) -> str | None:
    """An ISO 8601 time in UTC with milliseconds (the table counts down from it)."""
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def shown(clock: Clock | None) -> dict[str, Any] | None:
    """The clocks as the protocol shows them (``ClockOut``)."""
    if clock is None:
        return None
    control = clock.control
    return {
        "mode": control.mode,
        "base": control.base,
        "increment": control.increment,
        "policy": control.policy,
        "bot": control.bot,
        "seat": clock.seat,
        "started": stamp(clock.started),
        "deadline": stamp(clock.deadline),
        "remaining": list(clock.remaining),
        "absent": sorted(clock.absent),
        "vacation": control.vacation,
        "vacation_left": [clock.vacation_left(s) for s in range(len(clock.remaining))],
    }


# --- storage ----------------------------------------------------------------------------------
def _row(game_id: str, clock: Clock) -> dict[str, Any]:
    control = clock.control
    return {
        "game_id": game_id,
        "mode": control.mode,
        "base": control.base,
        "increment": control.increment,
        "policy": control.policy,
        "bot": control.bot,
        "seat": clock.seat,
        "started": clock.started,
        "deadline": clock.deadline,
        "remaining": json.dumps(list(clock.remaining)),
        "absent": json.dumps({str(s): bot for s, bot in clock.absent.items()}),
        "vacation": control.vacation,
        "vacation_left": json.dumps(list(clock.vacation)),
        "remind_at": remind_at(clock),
    }


def _utc(value: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes: they were stored in UTC."""
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value


def _clock(row: Any) -> Clock:
    control = TimeControl(row.mode, row.base, row.increment, row.policy, row.bot, row.vacation)
    absent = {int(s): bot for s, bot in json.loads(row.absent).items()}
    remaining = tuple(float(x) for x in json.loads(row.remaining))
    vacation = tuple(float(x) for x in json.loads(row.vacation_left))
    started, deadline = _utc(row.started), _utc(row.deadline)
    return Clock(control, row.seat, started, deadline, remaining, absent, vacation)


def insert_op(game_id: str, clock: Clock) -> Write:
    """Store a new game's clocks (with the game: :meth:`Store.create`'s ``extra``)."""

    def op(conn: Connection) -> None:
        conn.execute(clocks.insert().values(**_row(game_id, clock)))

    return op


def read(conn: Connection, game_id: str) -> Clock | None:
    row = conn.execute(sa.select(clocks).where(clocks.c.game_id == game_id)).first()
    return _clock(row) if row is not None else None


def load(store: Store, game_id: str) -> Clock | None:
    """A game's clocks (``None``: it has no time control)."""
    with store.engine.connect() as conn:
        return read(conn, game_id)


def head(store: Store, game_id: str) -> tuple[Head | None, Clock | None]:
    """A game's head (:meth:`Store.head`) and its clocks, in one query so that they agree:
    a process catching up with another's changes shows them together."""
    query = (
        sa.select(games.c.version, games.c.ply, games.c.ended, clocks)
        .select_from(games.outerjoin(clocks, clocks.c.game_id == games.c.id))
        .where(games.c.id == game_id)
    )
    with store.engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        return None, None
    clock = _clock(row) if row.mode is not None else None
    return Head(row.version, row.ply, row.ended), clock


#: A change of the clocks, made in the transaction of a game's change.
Tick = Callable[[Clock, datetime], Clock]


@dataclass
class Ticked:
    """What a clock write made (set when it ran; the write may run again, alone, if its group
    failed: the last run is the one committed)."""

    clock: Clock | None = None


def then_tick(write: Write, game_id: str, tick: Tick, out: Ticked) -> Write:
    """``write`` (a change of the game, which does its compare-and-set first), then the clocks
    read and changed by ``tick`` in the same transaction: they move only with the game's
    version, so every process agrees on them."""

    def op(conn: Connection) -> None:
        write(conn)
        clock = read(conn, game_id)
        if clock is None:
            return
        changed = tick(clock, utcnow())
        conn.execute(
            clocks.update().where(clocks.c.game_id == game_id).values(**_row(game_id, changed))
        )
        out.clock = changed

    return op


def due_games(store: Store, at: datetime, limit: int = 100) -> list[str]:
    """Unfinished games whose seat on the clock has run out of time at ``at``."""
    query = (
        sa.select(clocks.c.game_id)
        .join(games, games.c.id == clocks.c.game_id)
        .where(clocks.c.deadline <= at, games.c.finished == sa.false())
        .order_by(clocks.c.deadline)
        .limit(limit)
    )
    with store.engine.connect() as conn:
        return list(conn.execute(query).scalars())


@dataclass(frozen=True)
class Reminder:
    """A seat to remind that its time runs out: its game, its decision's start and deadline."""

    game_id: str
    seat: int
    started: datetime
    deadline: datetime


def reminders_due(store: Store, at: datetime, limit: int = 100) -> list[Reminder]:
    """The seats on the clock of unfinished games that are due a reminder at ``at`` (their
    deadline still ahead; each is sent once, :meth:`onmars.server.social.Social.claim_reminder`)."""
    c = clocks.c
    query = (
        sa.select(c.game_id, c.seat, c.started, c.deadline)
        .join(games, games.c.id == c.game_id)
        .where(c.remind_at <= at, c.deadline > at, games.c.finished == sa.false())
        .order_by(c.remind_at)
        .limit(limit)
    )
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        Reminder(r.game_id, r.seat, _utc(r.started), _utc(r.deadline))  # type: ignore[arg-type]
        for r in rows
    ]


def standing_in(store: Store) -> list[str]:
    """Unfinished games whose next decision is an absent seat's that a bot plays (resumed at
    start, as the bots' own games are)."""
    query = (
        sa.select(clocks.c.game_id, clocks.c.absent, games.c.to_move)
        .join(games, games.c.id == clocks.c.game_id)
        .where(games.c.finished == sa.false(), clocks.c.absent != "{}")
    )
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
    return [
        r.game_id
        for r in rows
        if r.to_move is not None and json.loads(r.absent).get(str(r.to_move)) is not None
    ]


def summaries(store: Store, ids: list[str]) -> dict[str, dict[str, Any]]:
    """The clocks of these games as the lobby shows them (those that have one)."""
    if not ids:
        return {}
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(clocks).where(clocks.c.game_id.in_(ids))).all()
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        seen = shown(_clock(row))
        assert seen is not None
        out[row.game_id] = seen
    return out


def human_seats(store: Store, game_id: str) -> set[int]:
    with store.engine.connect() as conn:
        return set(
            conn.execute(
                sa.select(seats.c.seat).where(seats.c.game_id == game_id, seats.c.bot.is_(None))
            ).scalars()
        )
