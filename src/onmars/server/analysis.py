"""Post-game analysis on the server (issue 25, item 3): finished games judged in the background.

One :class:`Analyst` per server process works on one finished game at a time, a few decisions
per step (:data:`STEP`), each step in a worker process of the lowest CPU priority
(``SCHED_IDLE`` on Linux, else ``nice 19``): live games' requests and bots always come first,
and the analysis uses only CPU they leave idle. Each step's verdicts are stored as they come
(``analysis_moves``, one row per decision), so a restart resumes where it stopped and never
judges a decision twice. Several server processes share the work through a lease on each
game's ``analyses`` row (:func:`claim`): a process that stops holding it (killed) leaves the
game to another once the lease runs out.

Tables (migration 0008): ``analyses`` (per game: the budget, the summary that needs no search,
the count done, whether complete or why it failed, the lease) and ``analysis_moves`` (per
decision: the verdict as JSON, :func:`onmars.tools.analysis.analyse_plies`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from onmars import OnMarsError
from onmars.server.bots import end_pool
from onmars.server.store import Store, games, metadata, now
from onmars.tools import analysis as an

log = logging.getLogger("onmars.server.analysis")
T = TypeVar("T")

#: Decisions judged per step (one call to the worker, then stored).
STEP = 8
#: Seconds a claim on a game lasts without a step stored (then another process may take it).
LEASE = 300.0

analyses = sa.Table(
    "analyses",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("sims", sa.Integer, nullable=False),
    sa.Column("summary", sa.Text, nullable=True),
    sa.Column("done", sa.Integer, nullable=False, server_default="0"),
    sa.Column("total", sa.Integer, nullable=True),
    sa.Column("complete", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("failed", sa.Text, nullable=True),
    sa.Column("owner", sa.String(32), nullable=True),
    sa.Column("lease", sa.DateTime(timezone=True), nullable=True),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
)
analysis_moves = sa.Table(
    "analysis_moves",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("data", sa.Text, nullable=False),
)


@dataclass
class Job:
    """A finished game claimed for analysis: its log, budget, summary and judged plies."""

    game_id: str
    log: dict[str, Any]
    sims: int
    summary: dict[str, Any] | None
    done: set[int]


# --- storage (blocking: run in the hub's database threads) -------------------------------------
def claim(
    store: Store, owner: str, sims: int, lease: float = LEASE, only: str | None = None
) -> Job | None:
    """The most recently finished game still to analyse that no other process holds (``only``:
    that game or none), claimed for ``owner`` for ``lease`` seconds; ``None`` when there is
    none."""
    stamp = now()
    query = (
        sa.select(games.c.id)
        .select_from(games.outerjoin(analyses, analyses.c.game_id == games.c.id))
        .where(
            games.c.finished == sa.true(),
            sa.or_(
                analyses.c.game_id.is_(None),
                sa.and_(
                    analyses.c.complete == sa.false(),
                    analyses.c.failed.is_(None),
                    sa.or_(analyses.c.lease.is_(None), analyses.c.lease < stamp),
                ),
            ),
        )
        .order_by(games.c.updated.desc())
        .limit(8)
    )
    if only is not None:
        query = query.where(games.c.id == only)
    with store.engine.connect() as conn:
        candidates = list(conn.execute(query).scalars())
    until = stamp + timedelta(seconds=lease)
    for game_id in candidates:
        if _take(store, game_id, owner, sims, until, stamp):
            return _job(store, game_id)
    return None


def _take(store: Store, game_id: str, owner: str, sims: int, until: Any, stamp: Any) -> bool:
    try:
        with store.engine.begin() as conn:
            taken = conn.execute(
                analyses.update()
                .where(
                    analyses.c.game_id == game_id,
                    analyses.c.complete == sa.false(),
                    sa.or_(analyses.c.lease.is_(None), analyses.c.lease < stamp),
                )
                .values(owner=owner, lease=until, updated=stamp)
            ).rowcount
            if taken:
                return True
            exists = conn.execute(
                sa.select(analyses.c.game_id).where(analyses.c.game_id == game_id)
            ).first()
            if exists is not None:
                return False
            conn.execute(analyses.insert().values(game_id=game_id, sims=sims, owner=owner,
                                                  lease=until, updated=stamp))  # fmt: skip
    except IntegrityError:  # another process made the row first
        return False
    return True


def _job(store: Store, game_id: str) -> Job | None:
    record = store.load(game_id)
    if record is None:
        return None
    with store.engine.connect() as conn:
        row = conn.execute(
            sa.select(analyses.c.sims, analyses.c.summary).where(analyses.c.game_id == game_id)
        ).one()
        done = set(
            conn.execute(
                sa.select(analysis_moves.c.ply).where(analysis_moves.c.game_id == game_id)
            ).scalars()
        )
    summary = json.loads(row.summary) if row.summary else None
    return Job(game_id, record.log, row.sims, summary, done)


def save_summary(store: Store, job: Job, summary: dict[str, Any]) -> None:
    with store.engine.begin() as conn:
        conn.execute(
            analyses.update()
            .where(analyses.c.game_id == job.game_id)
            .values(summary=json.dumps(summary), total=len(summary["plies"]), updated=now())
        )


def save_verdicts(
    store: Store, job: Job, verdicts: list[dict[str, Any]], lease: float = LEASE
) -> None:
    """Store a step's verdicts (a decision already stored is kept) and renew the lease."""
    stamp = now()
    with store.engine.begin() as conn:
        for d in verdicts:
            if d["ply"] in job.done:
                continue
            conn.execute(analysis_moves.insert().values(game_id=job.game_id, ply=d["ply"],
                                                        data=json.dumps(d)))  # fmt: skip
            job.done.add(d["ply"])
        total = len(job.summary["plies"]) if job.summary else None
        conn.execute(
            analyses.update()
            .where(analyses.c.game_id == job.game_id)
            .values(
                done=len(job.done),
                complete=total is not None and len(job.done) >= total,
                lease=stamp + timedelta(seconds=lease),
                updated=stamp,
            )  # fmt: skip
        )


def save_failure(store: Store, game_id: str, why: str) -> None:
    with store.engine.begin() as conn:
        conn.execute(
            analyses.update()
            .where(analyses.c.game_id == game_id)
            .values(failed=why[:500], owner=None, lease=None, updated=now())
        )


def read(store: Store, game_id: str) -> tuple[str, dict[str, Any] | None]:
    """A game's analysis as far as it got (:func:`onmars.tools.analysis.assemble`) and its
    status: waiting (not started), running, done or failed."""
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(analyses).where(analyses.c.game_id == game_id)).first()
        if row is None or row.summary is None:
            return ("failed" if row is not None and row.failed else "waiting"), None
        data = conn.execute(
            sa.select(analysis_moves.c.data)
            .where(analysis_moves.c.game_id == game_id)
            .order_by(analysis_moves.c.ply)
        ).scalars()
        verdicts = [json.loads(d) for d in data]
    out = an.assemble(json.loads(row.summary), verdicts, row.sims)
    status = "failed" if row.failed else "done" if out["complete"] else "running"
    return status, out


# --- the worker ----------------------------------------------------------------------------------
def _start_worker(parent: int) -> None:
    """In a new analysis worker: the lowest priority, and an end when the server is gone."""
    _lowest_priority()
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()


def _orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _lowest_priority() -> None:
    """In the analysis worker: only CPU time nothing else wants (Linux: SCHED_IDLE)."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        with contextlib.suppress(OSError):
            os.nice(19)


class Analyst:
    """Analyses finished games in the background, one at a time (see the module)."""

    def __init__(
        self,
        store: Store,
        db: Callable[..., Any],
        sims: int,
        pause: float = 5.0,
        processes: bool = True,
    ) -> None:
        self.store, self.db, self.sims, self.pause = store, db, sims, pause
        self.processes = processes
        self.owner = secrets.token_hex(8)
        self.lease = LEASE  # seconds a claim lasts without a step stored
        self._pool: Executor | None = None
        self.closed = False
        self._woken = asyncio.Event()

    def wake(self) -> None:
        """Look for work now (a game just ended here), not after the pause."""
        self._woken.set()

    async def _rest(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._woken.wait(), self.pause)
        self._woken.clear()

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.processes:
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    1, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
                )
            else:  # tests: a thread (it shares the GIL with the server: never in production)
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="onmars-analysis")
        return self._pool

    async def _work(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), partial(fn, *args))

    async def run(self) -> None:
        """Until closed: claim a game, judge its decisions a step at a time, storing each
        (the first look after a pause: a server starting has its own work first)."""
        await self._rest()
        while not self.closed:
            try:
                job = await self.db(claim, self.store, self.owner, self.sims, self.lease)
                if job is None:
                    await self._rest()
                    continue
                await self.analyse(job)
            except asyncio.CancelledError:
                raise
            except BrokenProcessPool:  # the worker died (killed, out of memory): a new one
                self._pool = None
                log.warning("the analysis worker died; the game is taken up again later")
                await self._rest()
            except Exception:
                log.exception("the analysis worker failed; trying again later")
                await self._rest()

    async def analyse(self, job: Job) -> None:
        """Judge the job's decisions still to do, a step at a time, each step stored. A game
        whose moves no longer replay under today's rules (docs/rules-versions.md) is marked
        failed, as is one the engine fails on (logged: a bug), so neither is tried forever."""
        try:
            await self._steps(job)
        except (BrokenProcessPool, asyncio.CancelledError):
            raise
        except OnMarsError as exc:
            await self.db(save_failure, self.store, job.game_id, str(exc))
        except Exception as exc:
            log.exception("analysing game %s failed", job.game_id)
            await self.db(save_failure, self.store, job.game_id, repr(exc))

    async def _steps(self, job: Job) -> None:
        if job.summary is None:
            summary = await self._work(an.summary, job.log)
            await self.db(save_summary, self.store, job, summary)
            job.summary = summary
        todo = [p for p in job.summary["plies"] if p not in job.done]
        for start in range(0, len(todo), STEP):
            if self.closed:
                return
            step = todo[start : start + STEP]
            verdicts = await self._work(an.analyse_plies, job.log, step, job.sims)
            await self.db(save_verdicts, self.store, job, verdicts, self.lease)
        if not todo:
            await self.db(save_verdicts, self.store, job, [], self.lease)

    def close(self) -> None:
        """Stop: a step under way is dropped (its decisions are judged again after a
        restart), its worker ended at once."""
        self.closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            end_pool(pool)
