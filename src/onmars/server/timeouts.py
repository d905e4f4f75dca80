"""The server's watch over the clocks (:mod:`onmars.server.clocks`): every ``clock_check``
seconds, and once at start, the games whose seat on the clock has run out of time get their
policy applied (:meth:`Hub.timeout`), the seats whose time runs out are reminded
(:meth:`Notifier.remind`), and at start the games a stand-in bot plays are loaded so that it
plays on. Every process watches; the compare-and-set makes one of them apply each timeout and
send each reminder."""

from __future__ import annotations

import asyncio
import logging

from onmars.server import clocks
from onmars.server.live import Hub
from onmars.server.turns import Notifier

log = logging.getLogger("onmars.server")


async def check_clocks(hub: Hub) -> int:
    """Apply the timeouts that are due now; how many this process applied."""
    applied = 0
    for game_id in await hub.db(clocks.due_games, hub.store, clocks.utcnow()):
        try:
            live = await hub.get(game_id)
            applied += await hub.timeout(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("could not apply the timeout of game %s", game_id)
    return applied


async def send_reminders(hub: Hub, notifier: Notifier) -> int:
    """Remind the seats due a reminder now (each decision once); how many were looked at."""
    due = await hub.db(clocks.reminders_due, hub.store, clocks.utcnow())
    for r in due:
        await notifier.remind(r.game_id, r.seat, r.started, r.deadline)
    return len(due)


async def resume_standins(hub: Hub) -> int:
    """Load the games whose next decision is an absent seat's stand-in bot (it plays on)."""
    ids = await hub.db(clocks.standing_in, hub.store)
    for game_id in ids:
        try:
            await hub.get(game_id)  # loading a game starts the bot that decides in it
        except Exception:
            log.exception("could not resume game %s", game_id)
    return len(ids)


async def watch_clocks(hub: Hub, interval: float, notifier: Notifier | None = None) -> None:
    """At start, then every ``interval`` seconds, until the hub closes."""
    try:
        await resume_standins(hub)
    except Exception as exc:
        log.warning("resuming the stand-in bots: %s", exc)
    while not hub.closed:
        try:
            await check_clocks(hub)
            if notifier is not None:
                await send_reminders(hub, notifier)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database is away: try again at the next check
            log.warning("checking the clocks: %s", exc)
        await asyncio.sleep(interval)
