"""Hints on the server (issue 25.1): ``POST /api/games/{id}/hint``, the search's top moves for
the seat that decides now, from that seat's view only (RUL-18, :func:`onmars.bots.advice.advise`).

**When** (the policy, tested in tests/test_server_hints.py): a seat may ask when it decides
now, and

- always in a game against bots (every other seat a bot);
- otherwise only in a game that would not be rated if it ended now
  (:func:`onmars.server.ratings.would_be_rated`: seats held by accounts, no guest seat, no bot
  off the ladder); in a game that would be, 403 "hints are off in rated games".

A game in which any seat asked for a hint is never rated (``ratings.plan``: "hints used"), so a
hint against ladder bots cannot lift a rating. The count per seat is stored (``hint_uses``,
migration 0009) and shown to everyone with the players (``players[].hints``: the table, the
lobby, a player's page).

**How**: in a worker process of its own (a thread when the server runs its bots in threads),
never on the event loop; the seat gives the time it allows, above 0 and at most
:data:`MAX_SECONDS` of wall-clock time (the search stops then: onmars.bots.advice), and the
answer waits at most ``seconds`` x
:data:`WAIT_FACTOR` + :data:`WAIT_GRACE` s (503 after). One hint at a time per seat (409 for a
second), :data:`MAX_RUNNING` in all (503 when busy). Not for a seat a stand-in bot plays since
its player's time ran out (409, as its moves are: :mod:`onmars.server.clocks`). The search's
seed is drawn from :mod:`secrets`, never from the game's seed (RUL-18).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import sqlalchemy as sa

from onmars import Move
from onmars.bots.advice import AdviceError, advise
from onmars.server.bots import Queue, end_pool
from onmars.server.live import Hub, Live, ServerError, standing_in
from onmars.server.ratings import Seat, would_be_rated
from onmars.server.store import Store, account_seats, hint_uses, now

#: The most seconds a hint may think on the server.
MAX_SECONDS = 10.0
#: How long the answer may take beyond its time (a queue of hints, a worker starting).
WAIT_FACTOR = 3.0
WAIT_GRACE = 10.0
#: Hints worked out at once on this server process.
MAX_RUNNING = 4

#: A seat a stand-in bot plays since its player's time ran out (onmars.server.clocks): its
#: player does not play it, so the hint workers (:data:`MAX_RUNNING`) are not spent on it.
REFUSED_STANDIN = (
    "a bot plays this seat since your time ran out: take your seat back (POST /return) to ask "
    "for a hint"
)
REFUSED_RATED = (
    "hints are off in rated games (issue 25.1): this game is rated when it ends; hints are "
    "allowed in unrated games and against bots"
)


def work(view: dict[str, Any], legal: list[str], seat: int, seconds: float, seed: int,
         lang: str, top: int) -> dict[str, Any]:  # fmt: skip
    """In a worker: the advice for ``seat`` as JSON-ready data."""
    moves = [Move.parse(text) for text in legal]
    advice = advise(view, moves, seat=seat, seconds=seconds, seed=seed, lang=lang, top=top)
    return advice.to_dict()


def _warm() -> None:
    import onmars

    onmars.Game.new(2, seed=0)


class HintRunner:
    """Works hints out off the event loop: in one worker process (``processes`` > 0) or two
    threads, one hint per worker at a time (:class:`onmars.server.bots.Queue`), so that the
    time a hint may take counts from its start, not from the hints before it."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self._pool: Executor | None = None
        self.running: set[tuple[str, int]] = set()
        self.queue = Queue(1 if processes > 0 else 2)

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.processes > 0:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(1, mp_context=context, initializer=_warm)
            else:
                self._pool = ThreadPoolExecutor(2, thread_name_prefix="onmars-hint")
        return self._pool

    async def run(self, key: tuple[str, int], *args: Any, seconds: float) -> dict[str, Any]:
        if key in self.running:
            # the one refusal a client should ask again after (Retry-After)
            raise ServerError(409, "a hint for this seat is being worked out: wait for it", retry=1)
        if len(self.running) >= MAX_RUNNING:
            raise ServerError(503, "the server is busy with other hints: ask again shortly")
        self.running.add(key)
        try:
            await self.queue.enter(0)
            try:
                loop = asyncio.get_running_loop()
                job = loop.run_in_executor(self._executor(), work, *args)
                return await asyncio.wait_for(job, seconds * WAIT_FACTOR + WAIT_GRACE)
            finally:
                self.queue.leave()
        except TimeoutError:
            raise ServerError(503, "the hint took too long: the server is loaded") from None
        finally:
            self.running.discard(key)

    def close(self) -> None:
        if self._pool is not None:
            end_pool(self._pool)
            self._pool = None


def seats_of(store: Store, live: Live) -> list[Seat]:
    """The game's seats as the rating policy sees them (accounts from the store)."""
    with store.engine.connect() as conn:
        held = dict(
            conn.execute(
                sa.select(account_seats.c.seat, account_seats.c.account_id).where(
                    account_seats.c.game_id == live.id
                )
            ).all()
        )
    return [Seat(s.seat, held.get(s.seat), s.bot) for s in live.seats]


def refusal(seat_list: list[Seat], asking: int) -> str:
    """Why ``asking`` may not have a hint in a game of these seats ('' when it may)."""
    against_bots = all(s.bot for s in seat_list if s.seat != asking)
    if against_bots or not would_be_rated(seat_list):
        return ""
    return REFUSED_RATED


def record(store: Store, game_id: str, seat: int) -> None:
    """Count a hint for ``seat`` (one row per seat, its count bumped)."""
    with store.engine.begin() as conn:
        bumped = conn.execute(
            hint_uses.update()
            .where(hint_uses.c.game_id == game_id, hint_uses.c.seat == seat)
            .values(asked=hint_uses.c.asked + 1, last=now())
        ).rowcount
        if not bumped:
            conn.execute(hint_uses.insert().values(game_id=game_id, seat=seat, asked=1, last=now()))


async def hint(
    hub: Hub, runner: HintRunner, live: Live, seat: int, seconds: float, lang: str, top: int = 3
) -> dict[str, Any]:
    """The advice for ``seat`` (see the module), counted; refusals as :class:`ServerError`."""
    if not 0 < seconds <= MAX_SECONDS:
        raise ServerError(422, f"a hint thinks for more than 0 and at most {MAX_SECONDS:g} s")
    if live.is_over or live.stop is not None:
        raise ServerError(409, "the game is not being played: no hint")
    await hub.overdue(live, seat)  # a hint after the deadline is late, as a move is
    # Under the agreement policy an absent player (nobody stands in) gets the hint and stays
    # absent: a hint plays nothing, so it does not bring them back as a move does (that would
    # start their clock again and make the others' agreement to end wait for their vote again,
    # on a request that changes nothing); the seat is still theirs alone to play.
    if standing_in(live, seat):
        raise ServerError(409, REFUSED_STANDIN, ply=live.ply)
    if live.game.current_player != seat:
        raise ServerError(403, "a hint is for the seat that decides now")
    why = refusal(await hub.db(seats_of, hub.store, live), seat)
    if why:
        raise ServerError(403, why)

    def question() -> tuple[int, dict[str, Any], list[str]]:
        # checked again under the game's lock: it may have moved on while the seats were
        # read, and another seat's legal moves are not this seat's to see (RUL-18)
        if standing_in(live, seat):  # timed out while the seats were read
            raise ServerError(409, REFUSED_STANDIN, ply=live.ply)
        if live.is_over or live.stop is not None or live.game.current_player != seat:
            raise ServerError(409, "the game moved on: ask again when you decide")
        return live.ply, live.game.view(seat), [str(m) for m in live.game.legal_moves()]

    ply, view, legal = await hub.engine(live, question)
    try:
        answer = await runner.run(
            (live.id, seat), view, legal, seat, seconds, secrets.randbits(32), lang, top,
            seconds=seconds,
        )  # fmt: skip
    except AdviceError as exc:
        raise ServerError(422, str(exc)) from None
    await hub.db(record, hub.store, live.id, seat)
    live.hints_used[seat] = live.hints_used.get(seat, 0) + 1

    def forget() -> None:  # the answers kept for this version show the old count
        live.sent.clear()
        live.sent_bytes = 0

    await hub.engine(live, forget)
    return {"ply": ply, "hints": live.hints_used[seat], **answer}
