"""The On Mars game server: an ASGI app (FastAPI) on the engine's public API.

Endpoints (documented in the OpenAPI schema at ``/openapi.json``, browsable at ``/docs``):

- ``POST /api/games``: a new game; each human seat gets its secret token and private link.
- ``GET /api/games?limit=n``: the games changed last, as anyone may see them (to watch, rejoin).
- ``GET /api/catalog?lang=``: every component's face (``onmars.catalog``), for the clients.
- ``GET /api/bots?lang=``: the bots a seat may be given.
- ``GET /api/games/{id}``: the game as the token's seat may see it (no token: a spectator).
- ``POST /api/games/{id}/moves``: the token's seat plays a move at the current ply.
- ``POST /api/games/{id}/hint``: the search's top moves for the token's seat (issue 25.1;
  not in rated games: :mod:`onmars.server.hints`).
- ``POST /api/games/{id}/undo``: the token's seat takes back its last move (RUL-19).
- ``POST /api/games/{id}/conclude``: a vote to end the game by agreement (RUL-20).
- ``POST /api/games/{id}/return``: an absent player takes their seat back from the stand-in
  bot (their clock ran out: :mod:`onmars.server.clocks`).
- ``POST /api/games/{id}/resume``: a vote to go on with a game held at a move today's rules
  refuse, from its last accepted move (docs/rules-versions.md).
- ``GET /api/games/{id}/replay?ply=n``: a finished game at ply n, nothing hidden (RUL-22).
- ``GET /api/games/{id}/record``: a finished game's whole record, seed included (RUL-22).
- ``GET /api/games/{id}/analysis``: a finished game's post-game analysis, as far as the
  background worker got (:mod:`onmars.server.analysis`).
- ``WS /api/games/{id}/ws``: every change, as the seat (or a spectator) may see it, and each
  new chat message its reader may read.
- ``GET``/``POST /api/games/{id}/chat``: the game's chat (players', spectators').
- ``GET``/``PUT /api/games/{id}/notices``, ``POST``/``DELETE /api/games/{id}/push``: how a
  seat is told its turn came with its page closed (Web Push, e-mail).

The browser client (``web/``, built into ``static/``) is served at ``/`` (the lobby) and at
``/play/{id}``, ``/watch/{id}`` and ``/replay/{id}`` (the same page: the client reads the
path), its scripts and styles at ``/assets/`` (content-hashed names: cached for a year).
Responses over 1 KB are gzip-compressed for clients that accept it.

The app is built in parts: the routes in :mod:`onmars.server.routes` (games, moves, lobby,
catalog, replay, websocket, health, pages), the protocol's shapes in
:mod:`onmars.server.protocol`, the shared dependencies (the token, the game, the seat) in
:mod:`onmars.server.deps`, the error answers in :mod:`onmars.server.errors`; what the routes
share lives on ``app.state.server`` (:class:`~onmars.server.deps.Server`), the live games in
its :class:`~onmars.server.live.Hub`.

Who acts is derived from the token alone (``Authorization: Bearer <token>``). Nothing sent
holds the seed, the log or another seat's secrets (RUL-18). Bodies are size-limited, each
token (or address without one) is rate-limited, and bad input gets a 4xx that says why.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from onmars.server import errors, ratings
from onmars.server.analysis import Analyst
from onmars.server.bots import BotRunner
from onmars.server.chat import ChatHub, poll_chat
from onmars.server.config import Settings
from onmars.server.deps import Server, server_of
from onmars.server.fastpath import GZIP_FROM, GZIP_LEVEL, MoveFastPath
from onmars.server.guard import Guard, RateLimiter
from onmars.server.hints import HintRunner
from onmars.server.live import Hub, Live
from onmars.server.notify import listen, poll
from onmars.server.protocol import openapi
from onmars.server.routes import (
    accounts,
    analysis,
    catalog,
    chat,
    games,
    health,
    hints,
    lobby,
    moves,
    notices,
    pages,
    players,
    replay,
    websocket,
)
from onmars.server.social import Social
from onmars.server.store import Store
from onmars.server.timeouts import watch_clocks
from onmars.server.turns import Notifier

log = logging.getLogger("onmars.server")

#: The browser client's bundle (``npm run build`` in ``web/`` writes it; shipped as package data).
STATIC = Path(__file__).parent / "static"

#: The routers, in the order their routes are matched (the pages' catch-all ``/{name}`` last).
ROUTERS = (
    games.router,
    moves.router,
    hints.router,
    replay.router,
    analysis.router,
    websocket.router,
    chat.router,
    notices.router,
    lobby.router,
    accounts.router,
    players.router,
    catalog.router,
    health.router,
    pages.router,
)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The ASGI app for these settings (its database migrated at start, unless told not)."""
    settings = settings or Settings()
    app = FastAPI(
        title="onmars",
        summary="On Mars online: turn-based games for friends who come and go",
        version="1",
        lifespan=lifespan,
        description=__doc__,
        docs_url="/docs" if settings.docs else None,
        redoc_url=None,
    )
    app.state.server = Server.of(settings, STATIC)
    # ignore: replacing app.openapi is FastAPI's documented way to extend the schema
    app.openapi = lambda: openapi(app)  # type: ignore[method-assign]
    app.add_middleware(Guard, limit=settings.max_body, timeout=settings.body_timeout)
    errors.install(app)
    for router in ROUTERS:
        app.include_router(router)
    assets = pages.Assets(directory=STATIC / "assets", check_dir=False)
    app.mount("/assets", assets, name="assets")
    # Compresses the JSON answers and the bundle (WebSocket messages pass through).
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM, compresslevel=GZIP_LEVEL)
    # Outermost: moves answered without the layers above when they are the common case.
    app.add_middleware(MoveFastPath, limit=settings.max_body, timeout=settings.body_timeout)
    return app


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """The app's life: the store (migrated), the bot runner and the live games (``Hub``) with
    their background tasks (notifications, polling, the bots), closed at the end."""
    server = app.state.server
    assert isinstance(server, Server)
    settings = server.settings
    store = Store(settings.url())
    if settings.migrate:
        await asyncio.to_thread(store.migrate)
    runner = BotRunner(settings.bot_processes, settings.bot_timeout)
    hub = Hub(store, settings, runner)
    social = Social(store.engine)
    talk = ChatHub(hub, social, RateLimiter(settings.chat_rate, settings.chat_burst))
    notifier = Notifier(hub, social, settings)
    await talk.start()
    await notifier.start()
    hub.after_change.append(notifier.changed)
    server.hub, server.chat, server.notifier = hub, talk, notifier
    server.hints = HintRunner(1 if settings.bot_processes > 0 else 0)
    tasks: list[asyncio.Task[Any]] = []
    if store.postgres:
        tasks.append(asyncio.create_task(listen(hub, store.url)))
    interval = settings.poll or (5.0 if store.postgres else 1.0)
    tasks.append(asyncio.create_task(poll(hub, interval)))
    tasks.append(asyncio.create_task(poll_chat(talk, interval)))
    tasks.append(asyncio.create_task(hub.resume_bots()))
    tasks.append(asyncio.create_task(_wake_bots(hub, settings.bot_check)))
    hub.on_over.append(partial(_rate, hub, set()))
    tasks.append(asyncio.create_task(hub.db(ratings.rate_pending, store)))
    tasks.append(asyncio.create_task(watch_clocks(hub, settings.clock_check, notifier)))
    analyst = None
    if settings.analysis_sims > 0:
        analyst = Analyst(store, hub.db, settings.analysis_sims, settings.analysis_pause,
                          settings.analysis_process)  # fmt: skip
        hub.on_over.append(lambda _live: analyst.wake())
        tasks.append(asyncio.create_task(analyst.run()))
    # Fewer, cheaper collections: what was loaded at start is never collected again, and
    # the young generation is collected less often (live games hold many small objects).
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        with contextlib.suppress(Exception):
            await asyncio.wait_for(notifier.drain(), 5.0)
        if analyst is not None:
            analyst.close()
        hub.close()
        runner.close()
        server.hints.close()
        store.close()


async def _wake_bots(hub: Hub, interval: float) -> None:
    """Every ``interval`` seconds, start the bots of games that wait for one with none running
    (after a bot failed three times, say): no game stalls until a restart."""
    while not hub.closed:
        await asyncio.sleep(interval)
        if woken := hub.wake_bots():
            log.warning("woke the bots of %d game(s) that waited for them", woken)


def _rate(hub: Hub, running: set[asyncio.Task[Any]], live: Live) -> None:
    """Rate a game that a change made here ended (issue 24; once: ratings.rate_game)."""

    async def rate() -> None:
        try:
            await hub.db(ratings.rate_game, hub.store, live.id)
        except Exception:
            log.exception("rating game %s failed (rated at the next start)", live.id)

    task = asyncio.create_task(rate())
    running.add(task)
    task.add_done_callback(running.discard)


def create_app_from_env() -> FastAPI:
    """The app with the settings in ``ONMARS_SERVER_*`` variables (uvicorn's workers)."""
    return create_app(Settings.from_env())


__all__ = ["STATIC", "Server", "create_app", "create_app_from_env", "server_of"]
