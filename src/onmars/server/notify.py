"""Changes made by other server processes, pushed to this one's WebSocket clients.

On PostgreSQL every write sends ``NOTIFY onmars, '<game id> <version>'`` in its transaction
(:mod:`onmars.server.store`); each process LISTENs on a connection of its own and catches up
with the games it holds. As a safety net (and the only way on SQLite, shared by several
processes through one file) the watched games' versions are also polled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from onmars.server.live import Hub
from onmars.server.store import CHANNEL

log = logging.getLogger("onmars.server")


async def listen(hub: Hub, url: str) -> None:
    """LISTEN for other processes' changes (PostgreSQL), reconnecting when the link drops."""
    import psycopg

    conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
    delay = 0.5
    while not hub.closed:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                delay = 0.5
                async for note in conn.notifies():
                    game_id, _, version = note.payload.partition(" ")
                    with contextlib.suppress(ValueError):
                        hub.notified(game_id, int(version))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database restarted, the network dropped: try again
            log.warning("LISTEN %s: %s; reconnecting in %.1f s", CHANNEL, exc, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)


async def poll(hub: Hub, interval: float) -> None:
    """Every ``interval`` seconds, catch up with the watched games changed elsewhere."""
    while not hub.closed:
        await asyncio.sleep(interval)
        try:
            await hub.poll()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("polling for changes: %s", exc)
