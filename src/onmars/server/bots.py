"""Bots on the server: their choices are worked out off the event loop, in worker processes
(or threads), so a slow bot never delays another game.

A worker keeps the bot of each (game, seat) it has served (bots may remember things within a
turn); it gets only what the bot's seat may see (``game.view(seat)``) and the legal moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from onmars import Move
from onmars.bots import BOTS, Bot, RandomBot, make_bot

#: Bots whose choice takes microseconds (a uniform draw among the legal moves): chosen in the
#: server process itself, since handing one to a worker process and back costs more CPU than
#: the choice (issue 27.4). They read the legal moves only, so they are given no view (a view
#: costs more than the choice). Every other bot chooses in a worker.
INSTANT: frozenset[type[Bot]] = frozenset({RandomBot})

#: Bots a worker keeps, least recently used dropped first.
KEEP_BOTS = 4096
_bots: OrderedDict[tuple[str, int], Bot] = OrderedDict()


def choose(
    name: str, seed: int, key: tuple[str, int], view: dict[str, Any], legal: list[str]
) -> str:
    """The move (text) that bot ``name`` chooses for seat ``key[1]`` of game ``key[0]``."""
    return str(_bot(name, seed, key).choose(view, [Move.parse(text) for text in legal]))


def choose_now(name: str, seed: int, key: tuple[str, int], legal: list[Move]) -> Move:
    """:func:`choose` for an :data:`INSTANT` bot, in the server process: the legal moves as
    they are (no text to parse), no view."""
    return _bot(name, seed, key).choose({}, legal)


def _bot(name: str, seed: int, key: tuple[str, int]) -> Bot:
    """The bot kept for ``key`` (a new one, drawn from ``seed``, when there is none yet)."""
    bot = _bots.pop(key, None)
    if bot is None or bot.name != name:
        bot = make_bot(name, seed)
    _bots[key] = bot
    while len(_bots) > KEEP_BOTS:
        _bots.popitem(last=False)
    return bot


def instant(name: str) -> bool:
    """Whether bot ``name`` chooses in the server process, from the legal moves alone."""
    return BOTS.get(name) in INSTANT


def _warm(parent: int) -> None:
    """In a new worker: leave when the server process is gone (even killed with SIGKILL),
    and load the rules before the first choice."""
    import onmars

    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    onmars.Game.new(2, seed=0)


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def known(name: str) -> bool:
    return name in BOTS


#: Threads that choose for the bots when the server runs no worker process.
THREADS = 2


class Queue:
    """Who hands a choice to the workers next: at most ``slots`` at once (as many as there are
    workers), the others wait, those of games a person plays in first, then in the order they
    came. A choice handed over starts at once, so a timeout counts only its own work, never
    a wait behind other games' choices (which anyone can make long: games of bots only)."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        self.waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def enter(self, rank: int) -> None:
        """Wait for a free slot (``rank`` 0 goes before 1), and take it."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (rank, next(self._order), turn))
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # given the slot as it was cancelled
                self.leave()
            raise

    def leave(self) -> None:
        """Give the slot to the first one waiting (one not cancelled meanwhile), else free it."""
        while self.waiting:
            _, _, turn = heapq.heappop(self.waiting)
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1


class BotRunner:
    """Runs bots' choices in ``processes`` worker processes (0: in two threads), one choice
    per worker at a time (:class:`Queue`: the games a person plays in first). A worker that
    dies (killed, out of memory) breaks its pool, and a pool that has not answered within
    ``timeout`` seconds of being handed a choice is taken as hung: the pool is replaced (its
    workers ended) and the choice asked again, up to ``RETRIES`` times, so that a broken pool
    is never taken for a broken bot."""

    RETRIES = 3

    def __init__(self, processes: int = 1, timeout: float = 120.0) -> None:
        self.processes, self.timeout = processes, timeout
        self._pool: Executor | None = None
        self.broken = 0  # pools replaced after a worker died
        self.queue = Queue(processes if processes > 0 else THREADS)

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.processes > 0:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=_warm, initargs=(os.getpid(),)
                )
            else:
                self._pool = ThreadPoolExecutor(THREADS, thread_name_prefix="onmars-bot")
        return self._pool

    async def choose(
        self,
        name: str,
        seed: int,
        key: tuple[str, int],
        view: dict[str, Any] | None,
        legal: list[Move],
        watched: bool = True,
    ) -> str:
        """The move (text) bot ``name`` chooses among ``legal`` for the seat that sees
        ``view`` (``None`` for an :data:`INSTANT` bot, which reads no view). ``watched``: a
        person plays in the game (its choice goes before those of games of bots only)."""
        if instant(name):
            return str(choose_now(name, seed, key, legal))
        assert view is not None
        texts = [str(m) for m in legal]
        await self.queue.enter(0 if watched else 1)
        try:
            return await self._choose(name, seed, key, view, texts)
        finally:
            self.queue.leave()

    async def _choose(
        self, name: str, seed: int, key: tuple[str, int], view: dict[str, Any], texts: list[str]
    ) -> str:
        """:meth:`choose` in a worker, its slot taken (:class:`Queue`)."""
        loop = asyncio.get_running_loop()
        for attempt in range(self.RETRIES + 1):
            pool = self._executor()
            try:
                # a pool found broken when the choice is handed over raises here, not on await
                work = loop.run_in_executor(pool, choose, name, seed, key, view, texts)
                return await asyncio.wait_for(work, self.timeout)
            except (BrokenProcessPool, TimeoutError):
                if self.processes == 0:
                    raise  # a thread cannot be ended: the bot's failure
                self._replace(pool)
                if attempt == self.RETRIES:
                    raise BrokenProcessPool("the bot workers keep failing") from None
                await asyncio.sleep(0.1 * (attempt + 1))
        raise AssertionError("unreachable")

    def _replace(self, pool: Executor) -> None:
        """Drop a broken or hung pool and end its workers (once: every choice it was running
        sees it fail)."""
        if self._pool is not pool:
            return
        self._pool = None
        self.broken += 1
        end_pool(pool, wait=False)  # while serving: the event loop is not held up joining it

    def close(self) -> None:
        if self._pool is not None:
            end_pool(self._pool)
            self._pool = None


def end_pool(pool: Executor, wait: bool = True) -> None:
    """End a pool at once: its worker processes killed (a choice or step under way is asked
    again after a restart), then, with ``wait`` (at shutdown), waited for, so that the server
    stops without leaving multiprocessing's queues for it to warn about at exit. A thread pool
    is left to finish."""
    workers = getattr(pool, "_processes", None) or {}  # ProcessPoolExecutor's own
    for process in list(workers.values()):
        with contextlib.suppress(Exception):
            process.kill()
    with contextlib.suppress(Exception):
        pool.shutdown(wait=wait and isinstance(pool, ProcessPoolExecutor), cancel_futures=True)
