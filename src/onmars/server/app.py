"""The On Mars game server: an ASGI app (FastAPI) on the engine's public API.

Endpoints (documented in the OpenAPI schema at ``/openapi.json``, browsable at ``/docs``):

- ``POST /api/games``: a new game; each human seat gets its secret token and private link.
- ``GET /api/games?limit=n``: the games changed last, as anyone may see them (to watch, rejoin).
- ``GET /api/catalog?lang=``: every component's face (``onmars.catalog``), for the clients.
- ``GET /api/bots?lang=``: the bots a seat may be given.
- ``GET /api/games/{id}``: the game as the token's seat may see it (no token: a spectator).
- ``POST /api/games/{id}/moves``: the token's seat plays a move at the current ply.
- ``POST /api/games/{id}/undo``: the token's seat takes back its last move (RUL-19).
- ``POST /api/games/{id}/conclude``: a vote to end the game by agreement (RUL-20).
- ``POST /api/games/{id}/resume``: a vote to go on with a game held at a move today's rules
  refuse, from its last accepted move (docs/rules-versions.md).
- ``GET /api/games/{id}/replay?ply=n``: a finished game at ply n, nothing hidden (RUL-22).
- ``GET /api/games/{id}/record``: a finished game's whole record, seed included (RUL-22).
- ``WS /api/games/{id}/ws``: every change, as the seat (or a spectator) may see it.

The browser client (``web/``, built into ``static/``) is served at ``/`` (the lobby) and at
``/play/{id}``, ``/watch/{id}`` and ``/replay/{id}`` (the same page: the client reads the
path), its scripts and styles at ``/assets/`` (content-hashed names: cached for a year).
Responses over 1 KB are gzip-compressed for clients that accept it.

Who acts is derived from the token alone (``Authorization: Bearer <token>``). Nothing sent
holds the seed, the log or another seat's secrets (RUL-18). Bodies are size-limited, each
token (or address without one) is rate-limited, and bad input gets a 4xx that says why.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
import json
import logging
import re
import time
import unicodedata
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path as PathLib
from typing import TYPE_CHECKING, Annotated, Any, Literal

import orjson
from fastapi import Body, Depends, FastAPI, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import HTTPConnection
from starlette.websockets import WebSocketDisconnect

from onmars import LANGS, LENGTHS, N_, catalog, tr
from onmars.bots import BOTS
from onmars.bots.levels import LEVELS
from onmars.bots.levels import describe as describe_level
from onmars.server.bots import BotRunner
from onmars.server.config import Settings
from onmars.server.error_text import engine_text, invalid_text, request_lang, server_text
from onmars.server.guard import Guard, Proven, RateLimiter, problem
from onmars.server.live import Hub, Live, ServerError, Subscriber, token_hash
from onmars.server.notify import listen, poll
from onmars.server.store import Store

log = logging.getLogger("onmars.server")

# --- the protocol's shapes -------------------------------------------------------------------
GameId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="the game's id", max_length=32)
]
if TYPE_CHECKING:  # a checker reads only literal values; these take theirs from the rules
    Lang = str
    BotName = str
    Length = str
else:
    Lang = Literal[LANGS]
    BotName = Literal[tuple(BOTS)]
    Length = Literal[LENGTHS]
Name = Annotated[
    str,
    StringConstraints(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f-\x9f]+$"),
]
MAX_PLY = 1_000_000


class PlayerIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name = Field(description="the player's name, 1-40 printable characters")
    bot: BotName | None = Field(None, description="a bot plays this seat (random, greedy)")


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: list[PlayerIn] = Field(min_length=2, max_length=4, description="2-4 seats")
    length: Length = Field("short", description="short or long game")


class SeatOut(BaseModel):
    seat: int
    name: str
    bot: str | None
    token: str | None = Field(description="the seat's secret (None for a bot): keep it private")
    url: str | None = Field(description="the seat's private link")


class Created(BaseModel):
    id: str
    seats: list[SeatOut]


class MoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ply: int = Field(ge=0, le=MAX_PLY, description="the ply the move is for (the current one)")
    move: str = Field(min_length=1, max_length=200, description="the move in notation")


class UndoIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ply: int | None = Field(None, ge=0, le=MAX_PLY, description="the current ply, if given")


class VoteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    agree: bool = Field(True, description="true: vote to end now; false: withdraw the vote")


class PlayerOut(BaseModel):
    seat: int
    name: str
    bot: str | None


class LegalMove(BaseModel):
    model_config = ConfigDict(extra="allow")
    move: str = Field(description="the move's notation, to send back as it is")
    label: str
    cost: dict[str, Any]
    gain: dict[str, Any]
    op: int
    events: list[str]
    warnings: list[str]


class GameState(BaseModel):
    type: Literal["state"] = "state"
    id: str
    ply: int = Field(description="moves played so far; a move is sent for this ply")
    version: int = Field(description="bumped by every change (moves, undo, votes)")
    seat: int | None = Field(description="the token's seat; null for a spectator")
    current_player: int | None
    is_over: bool
    ended: str | None = Field(description="'agreement' when ended by agreement (RUL-20)")
    players: list[PlayerOut]
    votes: list[int] = Field(description="the seats that voted to end the game now")
    stop: dict[str, Any] | None = Field(
        description="a game held at a move today's rules refuse (docs/rules-versions.md): "
        "where (ply, move), why (reason, rules: the game's rules version, current_rules) and "
        "a message in the requested language; null for any other game"
    )
    resumes: list[int] = Field(
        description="the seats that voted to go on with a held game from its last accepted move"
    )
    can_undo: bool
    winners: list[int]
    view: dict[str, Any] = Field(description="game.view(seat): what this seat may see")
    events: list[dict[str, Any]] = Field(description="the events from ?since on")
    legal_moves: list[LegalMove] = Field(description="on this seat's turn: the legal moves")
    scores: list[dict[str, Any]] | None = Field(None, description="once the game is over")
    projection: list[dict[str, Any]] = Field(
        description="game.projection(seat): each seat's score if the game ended now (public)"
    )


class GameSummary(BaseModel):
    id: str
    players: list[PlayerOut]
    length: str
    ply: int
    round: int = Field(description="the round being played (0: the opening picks)")
    is_over: bool
    current_player: int | None
    updated: str = Field(description="when the game last changed (ISO 8601, UTC)")


class GameList(BaseModel):
    games: list[GameSummary] = Field(description="newest first")


class BotOut(BaseModel):
    name: str = Field(description="the name to give as a seat's bot")
    label: str = Field(description="the bot's name in the requested language")
    description: str = Field(description="how it plays (English)")


class BotList(BaseModel):
    bots: list[BotOut]


class ReplayState(BaseModel):
    id: str
    ply: int
    total: int = Field(description="the number of moves of the finished game")
    players: list[PlayerOut]
    current_player: int | None
    view: dict[str, Any] = Field(
        description="the view at this ply with nothing hidden (RUL-22: the game is over)"
    )
    events: list[dict[str, Any]]


class GameRecordOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    options: dict[str, Any]
    seed: int = Field(description="the game's seed (RUL-22: shown once the game is over)")
    rules: int = Field(description="the rules version the game was played under")
    moves: list[str] = Field(description="every stored move, in order")
    ended: str | None = None
    players: list[PlayerOut]
    result: dict[str, Any] | None = Field(description="final scores and winners")


class Problem(BaseModel):
    model_config = ConfigDict(extra="allow")
    detail: str = Field(description="what is wrong, in words")
    rule: str | None = Field(None, description="an illegal move's rule (§n, RUL-n)")
    reason: str | None = Field(None, description="an illegal move's reason, without its rule")
    ply: int | None = Field(None, description="the game's current ply (on a conflict)")
    lang: str | None = Field(None, description="the language of detail")


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 401, 403, 404, 408, 409, 413, 422, 429, 503)
}


# --- the app -----------------------------------------------------------------------------------
bearer = HTTPBearer(auto_error=False, description="a seat's token (none: a spectator)")


async def token(request: Request, _scheme: Annotated[Any, Depends(bearer)] = None) -> str | None:
    """The Bearer token, if any. The request counts against the token's rate limit when the
    token is a seat of some game, else against the client's address (made-up tokens get no
    budget of their own)."""
    header = request.headers.get("authorization")
    value: str | None = None
    if header is not None:
        scheme, _, value = header.partition(" ")
        value = value.strip()
        if scheme.lower() != "bearer" or not value or len(value) > 100:
            raise ServerError(401, "Authorization must be 'Bearer <seat token>'")
    server = _server(request)
    _limit(server.limiter, _rate_key(server, value, request))
    return value or None


def _address(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client else ""


def _rate_key(server: Server, value: str | None, conn: HTTPConnection) -> str:
    digest = token_hash(value) if value else ""
    return f"t:{digest}" if digest in server.proven else f"a:{_address(conn)}"


def _limit(limiter: RateLimiter, key: str) -> None:
    """429 with ``Retry-After`` when ``key`` has spent its budget."""
    wait = limiter.wait(key)
    if wait:
        raise ServerError(429, "too many requests: slow down", retry=max(1, round(wait)))


Token = Annotated[str | None, Depends(token)]


@dataclass
class Server:
    """What the app's routes share: the settings, the rate limiters, the live games."""

    settings: Settings
    limiter: RateLimiter  # every request: per proven seat token, else per address
    creates: RateLimiter  # new games, per address
    replays: RateLimiter  # replays, per address
    proven: Proven = field(default_factory=Proven)  # tokens that were a seat of some game
    sockets: Counter[str] = field(default_factory=Counter)  # open WebSockets per address
    hub: Hub | None = None

    @classmethod
    def of(cls, settings: Settings) -> Server:
        return cls(
            settings,
            RateLimiter(settings.rate, settings.burst),
            RateLimiter(settings.create_rate, settings.create_burst),
            RateLimiter(settings.replay_rate, settings.replay_burst),
        )


#: Each app's Server (the routes reach theirs through the request's app).
_SERVERS: weakref.WeakKeyDictionary[Any, Server] = weakref.WeakKeyDictionary()


def _server(conn: HTTPConnection) -> Server:
    return _SERVERS[conn.app]


def _hub(conn: HTTPConnection) -> Hub:
    hub = _server(conn).hub
    if hub is None:
        raise ServerError(503, "the server is starting")
    return hub


def create_app(settings: Settings | None = None) -> FastAPI:
    """The ASGI app for these settings (its database migrated at start, unless told not)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.url())
        if settings.migrate:
            await asyncio.to_thread(store.migrate)
        runner = BotRunner(settings.bot_processes, settings.bot_timeout)
        hub = Hub(store, settings, runner)
        server.hub = hub
        tasks: list[asyncio.Task[object]] = []
        if store.postgres:
            tasks.append(asyncio.create_task(listen(hub, store.url)))
        interval = settings.poll or (5.0 if store.postgres else 1.0)
        tasks.append(asyncio.create_task(poll(hub, interval)))
        tasks.append(asyncio.create_task(hub.resume_bots()))
        tasks.append(asyncio.create_task(_wake_bots(hub, settings.bot_check)))
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
            hub.close()
            runner.close()
            store.close()

    app = FastAPI(
        title="onmars",
        summary="On Mars online: turn-based games for friends who come and go",
        version="1",
        lifespan=lifespan,
        description=__doc__,
        docs_url="/docs" if settings.docs else None,
        redoc_url=None,
    )
    server = Server.of(settings)
    _SERVERS[app] = server
    app.add_middleware(Guard, limit=settings.max_body, timeout=settings.body_timeout)

    # Errors answer in the language asked for: ?lang=, else Accept-Language (issue 21.6).
    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        headers = {"Retry-After": str(exc.extra.pop("retry"))} if "retry" in exc.extra else None
        lang = request_lang(request)
        detail = engine_text(exc.__cause__ or exc.__context__, lang)
        detail = detail or server_text(exc.detail, lang)
        return JSONResponse(
            {"detail": detail, "lang": lang, **exc.extra}, exc.status, headers=headers
        )

    @app.exception_handler(sa_exc.DBAPIError)
    async def _database_down(request: Request, exc: sa_exc.DBAPIError) -> Response:
        """A database that cannot answer (down, disk full): 503, try again later; nothing was
        changed (a move is acknowledged only after its commit)."""
        log.error("database error: %s", str(exc.orig).strip().splitlines()[0])
        return _problem(request, 503, DATABASE_DOWN, retry=RETRY)

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> Response:
        return _problem(request, 500, CRASHED)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        found = list(exc.errors())
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))} for e in found
        ]
        lang = request_lang(request)
        if lang == "en":
            detail = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors)
        else:
            detail = tr("; ", lang).join(invalid_text(found, lang))
        detail = detail or server_text("invalid request", lang)
        return JSONResponse({"detail": detail, "lang": lang, "errors": errors}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        lang = request_lang(request)
        detail = server_text(str(exc.detail), lang)
        return JSONResponse({"detail": detail, "lang": lang}, exc.status_code, headers=exc.headers)

    def hub_of(request: Request) -> Hub:
        return _hub(request)

    async def seat_of(live: Live, hub: Hub, value: str | None, *, required: bool) -> int | None:
        seat = hub.seat(live, value)
        if seat is None and required:
            raise ServerError(401, "a seat's token is required (Authorization: Bearer <token>)")
        if value is not None:
            server.proven.add(token_hash(value))  # from now on it has a budget of its own
        return seat

    @app.post(
        "/api/games",
        status_code=201,
        response_model=Created,
        responses=ERRORS,
        summary="Start a game",
    )
    async def new_game(request: Request, body: NewGame, _token: Token) -> JSONResponse:
        """A new game with 2-4 seats, some played by bots. Each human seat gets a secret token
        (kept only as a hash here) and a private link: hand each player theirs. Its token is
        in the link's fragment (``#token=``), which browsers never send to a server."""
        hub = hub_of(request)
        for player in body.players:
            check_name(player.name)
        _limit(server.creates, f"a:{_address(request)}")
        live, tokens = await hub.create([(p.name, p.bot) for p in body.players], body.length)
        seats = [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.bot,
                "token": tok,
                "url": f"/play/{live.id}#token={tok}" if tok else None,
            }
            for s, tok in zip(live.seats, tokens, strict=True)
        ]
        return JSONResponse({"id": live.id, "seats": seats}, 201)

    @app.get(
        "/api/games/{game_id}",
        response_model=GameState,
        responses=ERRORS,
        summary="The game as your seat sees it",
    )
    async def get_game(
        request: Request,
        game_id: GameId,
        value: Token,
        since: Annotated[int, Query(ge=0, le=MAX_PLY, description="events from this ply")] = 0,
        lang: Annotated[Lang | None, Query(description="event texts in this language")] = None,
    ) -> Response:
        """The token's seat's view (none: a spectator's), the events since ``since``, and on
        that seat's turn its legal moves, each described (``game.describe``)."""
        hub = hub_of(request)
        live = await hub.get(game_id)
        seat = await seat_of(live, hub, value, required=False)
        await _fresh(hub, live)
        return _json(await hub.seen_json(live, seat, since, lang))

    @app.post(
        "/api/games/{game_id}/moves",
        response_model=GameState,
        responses=ERRORS,
        summary="Play a move",
    )
    async def play(
        request: Request,
        game_id: GameId,
        body: MoveIn,
        value: Token,
        lang: Annotated[
            Lang | None, Query(description="event and refusal texts in this language")
        ] = None,
    ) -> Response:
        """The token's seat plays ``move`` at ``ply``. 409: ``ply`` is not the current one
        (someone moved first); 403: another seat decides now; 422: an illegal move, with the
        rule (``rule``), the English reason (``reason``) and ``detail`` in ``lang``. Answers
        the new state, with the events from ``ply`` on."""
        hub = hub_of(request)
        live = await hub.get(game_id)
        seat = await seat_of(live, hub, value, required=True)
        assert seat is not None
        if len(body.move) > settings.max_move:
            raise ServerError(422, "the move text is too long")
        started = time.perf_counter()
        await hub.play(live, seat, body.ply, body.move, lang)
        response = _json(await hub.seen_json(live, seat, body.ply, lang))
        took = (time.perf_counter() - started) * 1000
        response.headers["Server-Timing"] = f"move;dur={took:.1f}"
        return response

    @app.post(
        "/api/games/{game_id}/undo",
        response_model=GameState,
        responses=ERRORS,
        summary="Take back your last move",
    )
    async def undo(
        request: Request,
        game_id: GameId,
        value: Token,
        body: Annotated[UndoIn | None, Body()] = None,
    ) -> Response:
        """Take back the token's seat's last move of its current turn; refused (422) after a
        move that turned something face up (RUL-19)."""
        hub = hub_of(request)
        live = await hub.get(game_id)
        seat = await seat_of(live, hub, value, required=True)
        assert seat is not None
        await hub.undo(live, seat, body.ply if body else None)
        return _json(await hub.seen_json(live, seat, live.ply))

    @app.post(
        "/api/games/{game_id}/conclude",
        response_model=GameState,
        responses=ERRORS,
        summary="Vote to end the game by agreement",
    )
    async def conclude(
        request: Request,
        game_id: GameId,
        value: Token,
        body: Annotated[VoteIn | None, Body()] = None,
    ) -> Response:
        """The token's seat votes to end the game now (``agree: false`` withdraws the vote).
        When every human seat has voted (bots agree), the game ends by agreement (RUL-20):
        scored as it stands. A vote stands until it is withdrawn."""
        return await voted(request, game_id, value, body, Hub.vote)

    @app.post(
        "/api/games/{game_id}/resume",
        response_model=GameState,
        responses=ERRORS,
        summary="Vote to go on with a held game",
    )
    async def resume(
        request: Request,
        game_id: GameId,
        value: Token,
        body: Annotated[VoteIn | None, Body()] = None,
    ) -> Response:
        """For a game held at a move today's rules refuse (``stop`` in its state; see
        docs/rules-versions.md): the token's seat votes to go on from its last accepted move
        (``agree: false`` withdraws the vote). When every human seat has voted (bots agree) the
        refused moves are dropped and the game is played on, under its own rules version."""
        return await voted(request, game_id, value, body, Hub.resume)

    async def voted(
        request: Request,
        game_id: str,
        value: str | None,
        body: VoteIn | None,
        vote: Callable[[Hub, Live, int, bool], Awaitable[None]],
    ) -> Response:
        """A seat's vote (``Hub.vote``, ``Hub.resume``), and the state it leaves."""
        hub = hub_of(request)
        live = await hub.get(game_id)
        seat = await seat_of(live, hub, value, required=True)
        assert seat is not None
        await vote(hub, live, seat, body.agree if body else True)
        return _json(await hub.seen_json(live, seat, live.ply))

    @app.get(
        "/api/games/{game_id}/record",
        response_model=GameRecordOut,
        responses=ERRORS,
        summary="A finished game's whole record",
    )
    async def record(request: Request, game_id: GameId, _token: Token) -> JSONResponse:
        """A finished game's whole record as stored, a download: options, seed, rules version,
        moves, how it ended, the players and the result. After the end nothing is secret
        (RUL-22): anyone may replay and analyse it (``onmars replay FILE``). 409 before the
        end (the seed would reveal every face-down stack, RUL-18)."""
        hub = hub_of(request)
        live = await hub.get(game_id)
        if not live.is_over:
            raise ServerError(409, "RUL-18: a game's record is shown only once it is over")
        stored = await hub.db(hub.store.load, game_id)
        if stored is None:
            raise ServerError(404, f"no game {game_id!r}")
        body = {
            "id": game_id,
            **stored.log,
            "players": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in stored.seats],
            "result": live.outcome(),
        }
        headers = {"Content-Disposition": f'attachment; filename="onmars-{game_id}.json"'}
        return JSONResponse(body, headers=headers)

    @app.get(
        "/api/games/{game_id}/replay",
        response_model=ReplayState,
        responses=ERRORS,
        summary="A finished game at any ply",
    )
    async def replay(
        request: Request,
        game_id: GameId,
        _token: Token,
        ply: Annotated[int, Query(ge=0, le=MAX_PLY, description="after this many moves")],
        since: Annotated[
            int | None, Query(ge=0, le=MAX_PLY, description="events from this ply (ply-1)")
        ] = None,
        lang: Annotated[Lang | None, Query(description="event texts in this language")] = None,
    ) -> Response:
        """A finished game after ``ply`` moves, with the events of the moves from ``since``
        (default: the last move's) to ``ply``. After the end nothing is secret (RUL-22): every
        hand, every Private Goal spent and every stack's order are shown at every ply. Costly:
        limited per address (``replay_rate``)."""
        _limit(server.replays, f"a:{_address(request)}")
        hub = hub_of(request)
        live = await hub.get(game_id)
        start = max(ply - 1, 0) if since is None else since
        return _json(await hub.replay_json(live, ply, start, lang))

    @app.websocket("/api/games/{game_id}/ws")
    async def stream(
        websocket: WebSocket,
        game_id: str,
        since: str = "0",  # read here, so that a bad value gets a message, not a bare 403
        lang: str | None = None,
    ) -> None:
        """Every change of the game, pushed as the seat (or a spectator) may see it: messages
        ``{"type": "state", ...}`` shaped like ``GET /api/games/{id}``, each with the events
        since the previous message. The token comes only as the first message,
        ``{"token": "..."}`` (``{"token": null}``: a spectator), never in the address. Each
        address may hold ``ws_per_address`` sockets; each socket may send ``ws_rate`` messages
        a second (pings); errors come as ``{"type": "error", ...}`` before the socket closes."""
        await websocket.accept()
        address = _address(websocket)
        server.sockets[address] += 1
        try:
            try:
                await _serve_socket(server, websocket, game_id, since, lang)
            except sa_exc.DBAPIError:
                raise ServerError(503, DATABASE_DOWN) from None
        except ServerError as exc:
            lang = request_lang(websocket)
            with contextlib.suppress(Exception):
                await websocket.send_text(
                    json.dumps(
                        {
                            "type": "error",
                            "status": exc.status,
                            "detail": server_text(exc.detail, lang),
                            "lang": lang,
                        }
                    )
                )
                await websocket.close(code=4000 + exc.status)
        except WebSocketDisconnect:
            pass
        finally:
            server.sockets[address] -= 1
            if server.sockets[address] <= 0:
                del server.sockets[address]

    @app.get(
        "/api/games",
        response_model=GameList,
        responses=ERRORS,
        summary="The games changed last",
    )
    async def list_games(
        request: Request,
        _token: Token,
        limit: Annotated[int, Query(ge=1, le=200, description="at most this many games")] = 50,
    ) -> Response:
        """The games changed last, newest first, with what anyone may see of them (RUL-18):
        the seats' names and bots, the length, the ply and round, whether over and who decides.
        For watching a game and for rejoining one whose seat token the client holds."""
        hub = hub_of(request)
        return _json(orjson.dumps({"games": await hub.db(hub.store.recent, limit)}))

    @app.get(
        "/api/catalog",
        response_model=dict[str, dict[str, Any]],
        responses=ERRORS,
        summary="Every component's face",
    )
    async def get_catalog(
        _token: Token,
        lang: Annotated[Lang, Query(description="names and texts in this language")] = "en",
    ) -> Response:
        """``onmars.catalog(lang)``: every component's face by kind and id (names,
        descriptions, numbers). The same for everyone and for the server's life: cacheable."""
        response = _json(_catalog_json(lang))
        response.headers["Cache-Control"] = "public, max-age=86400"
        return response

    @app.get("/api/bots", response_model=BotList, responses=ERRORS, summary="The bots")
    async def get_bots(
        _token: Token,
        lang: Annotated[Lang, Query(description="labels in this language")] = "en",
    ) -> dict[str, Any]:
        """The bots a seat may be given (``bot`` in ``POST /api/games``), by name, with a
        label in ``lang`` and a line on how each plays."""
        return {"bots": bot_list(lang)}

    @app.get("/api/health", summary="Is the server up?")
    async def health(request: Request) -> JSONResponse:
        """200 ``{"ok": true, ...}`` while the database answers and takes writes; 503 with
        ``"ok": false`` and ``writes`` saying why when it does not (the last write failed, or
        the database does not answer a read)."""
        hub = hub_of(request)
        failure = hub.write_failure
        try:
            await asyncio.wait_for(hub.db(hub.store.versions, [""]), 5.0)
        except Exception as exc:
            failure = failure or f"the database does not answer: {type(exc).__name__}"
        body = {
            "ok": failure is None,
            "database": hub.store.engine.dialect.name,
            "games": len(hub.games),
            "writes": failure or "ok",
        }
        headers = {"Retry-After": str(RETRY)} if failure else None
        return JSONResponse(body, 503 if failure else 200, headers=headers)

    # --- the browser client ----------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby_page() -> Response:
        return _client_page()

    @app.get("/play/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/watch/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    @app.get("/replay/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def game_page(game_id: GameId) -> Response:
        return _client_page()

    @app.get("/{name}", include_in_schema=False)
    async def root_file(name: str) -> Response:
        """Files Vite copies to the bundle's top (a favicon, say); 404 for any other name."""
        path = STATIC / name
        if not ROOT_FILE.fullmatch(name) or name == "index.html" or not path.is_file():
            raise ServerError(404, f"no file {name!r}")
        return FileResponse(path, headers={"Cache-Control": "public, max-age=3600"})

    app.mount("/assets", Assets(directory=STATIC / "assets", check_dir=False), name="assets")
    # Outermost: compresses the JSON answers and the bundle (WebSocket messages pass through).
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)
    return app


async def _wake_bots(hub: Hub, interval: float) -> None:
    """Every ``interval`` seconds, start the bots of games that wait for one with none running
    (after a bot failed three times, say): no game stalls until a restart."""
    while not hub.closed:
        await asyncio.sleep(interval)
        if woken := hub.wake_bots():
            log.warning("woke the bots of %d game(s) that waited for them", woken)


async def _serve_socket(
    server: Server, websocket: WebSocket, game_id: str, since: str, lang: str | None
) -> None:
    """One WebSocket client: checks, the first message's token, then pushes until it leaves."""
    hub = _hub(websocket)
    settings = server.settings
    if server.sockets[_address(websocket)] > settings.ws_per_address:
        raise ServerError(429, f"too many WebSockets from your address ({settings.ws_per_address})")
    if "token" in websocket.query_params:
        raise ServerError(400, "the token goes in the first message, never in the address")
    if lang is not None and lang not in LANGS:
        raise ServerError(422, f"unknown language {lang!r}; the languages are {', '.join(LANGS)}")
    if not since.isascii() or not since.isdigit() or not 0 <= int(since) <= MAX_PLY:
        raise ServerError(422, "since must be a ply from 0")
    value = await _first_token(websocket)
    _limit(server.limiter, _rate_key(server, value, websocket))
    live = await hub.get(game_id)
    seat = hub.seat(live, value)
    if value is not None:
        server.proven.add(token_hash(value))
    sub = Subscriber(seat, lang, int(since), websocket.send_text)
    live.subscribers.add(sub)
    sub.wake.set()
    sender = asyncio.create_task(_push(hub, live, sub))
    pace = RateLimiter(settings.ws_rate, settings.ws_burst)
    try:
        while True:
            text = await _receive_text(websocket)
            if pace.wait(""):
                raise ServerError(429, "too many messages: slow down")
            if text.strip() in ('"ping"', "ping"):
                await websocket.send_text('{"type":"pong"}')
    finally:
        live.subscribers.discard(sub)
        sender.cancel()
        with contextlib.suppress(BaseException):
            await sender


async def _receive_text(websocket: WebSocket) -> str:
    """The next text message; 400 for a binary one; :class:`WebSocketDisconnect` when the
    client left."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is None:
        raise ServerError(400, "send text messages (JSON), not binary ones")
    return str(message["text"])


async def _first_token(websocket: WebSocket) -> str | None:
    """The token sent as the first message, ``{"token": "..."}`` or ``{"token": null}``."""
    try:
        text = await asyncio.wait_for(_receive_text(websocket), 10.0)
    except TimeoutError:
        raise ServerError(401, 'send the token first: {"token": "..."}') from None
    try:
        data = json.loads(text) if len(text) < 1000 else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or "token" not in data:
        raise ServerError(400, 'the first message must be {"token": "<seat token>" or null}')
    value = data["token"]
    if value is not None and (not isinstance(value, str) or len(value) > 100):
        raise ServerError(401, "this token is not a seat of this game")
    return value


async def _fresh(hub: Hub, live: Live) -> None:
    """Catch up with the game's stored version when another process changed it (several
    processes on one SQLite file see each other's moves only through the file): one small
    read before answering."""
    stored = await hub.db(hub.store.versions, [live.id])
    version = stored.get(live.id)
    if version is not None and version != live.version:
        await hub.refresh(live, version)


DATABASE_DOWN = "the database cannot take this now: try again later"
CRASHED = "the server failed on this request (logged); nothing was changed"
#: Seconds a client is asked to wait when the database cannot take a request.
RETRY = 5


def _problem(conn: HTTPConnection, status: int, detail: str, retry: int | None = None) -> Response:
    """An error answer in the language asked for, with ``Retry-After`` if given."""
    lang = request_lang(conn)
    headers = {"Retry-After": str(retry)} if retry else None
    body = problem(server_text(detail, lang), lang)
    return Response(body, status, headers, media_type="application/json")


#: Bidirectional controls (they reorder the text around a name: "Ana" could show as another).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_name(name: str) -> None:
    """422 for a name with bidirectional controls or nothing visible (only spaces, format
    characters, combining marks): every player must be told apart by what they see."""
    if any(c in BIDI for c in name):
        raise ServerError(422, f"the name {name!r} holds bidirectional control characters")
    shown = [c for c in name if unicodedata.category(c)[0] not in "ZCM"]
    if not shown or all(c in INVISIBLE for c in shown):
        raise ServerError(422, "a name needs at least one visible character")


#: Letters that show as nothing (Hangul fillers, Braille blank).
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")


async def _push(hub: Hub, live: Live, sub: Subscriber) -> None:
    """Send the subscriber each new version of the game (coalescing bursts), in order."""
    while True:
        await sub.wake.wait()
        sub.wake.clear()
        if sub.sent == live.version:
            continue
        text = await hub.push_json(live, sub)
        await sub.send(text.decode())


def _json(body: bytes, status: int = 200) -> Response:
    return Response(body, status, media_type="application/json")


@functools.cache
def _catalog_json(lang: str) -> bytes:
    return orjson.dumps(catalog(lang), option=orjson.OPT_NON_STR_KEYS)


def bot_list(lang: str) -> list[dict[str, str]]:
    """Each bot in ``onmars.bots.BOTS`` (read now: bots may be added at any time), with its
    name translated as the terminal shows it and how it plays, in ``lang`` (a bot added
    without a message: its docstring, in English)."""
    return [
        {
            "name": name,
            "label": tr(name, lang),
            "description": _bot_description(name, factory, lang),
        }
        for name, factory in BOTS.items()
    ]


#: How the bots without a ``description`` of their own play, in a line (others not named
#: here: the first paragraph of their docstring). The levels describe themselves.
BOT_DESCRIPTIONS = {
    "random": N_("any legal move, at random"),
    "greedy": N_("the move that looks best one step ahead"),
}


def _bot_description(name: str, factory: Any, lang: str) -> str:
    if name in LEVELS:
        return describe_level(*LEVELS[name], lang)
    told = getattr(factory, "description", None) or BOT_DESCRIPTIONS.get(name)
    if isinstance(told, str) and told:
        return tr(told, lang)
    doc = (getattr(factory, "__doc__", None) or "").strip().split("\n\n")[0]
    return re.sub(r":\w+:`~?([^`]+)`", r"\1", " ".join(doc.split()))


#: The names of the files at the bundle's top (no path, no hidden file).
ROOT_FILE = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[a-z]+")

#: The browser client's bundle (``npm run build`` in ``web/`` writes it; shipped as package data).
STATIC = PathLib(__file__).parent / "static"

#: The page's own headers (the security headers are on every answer: guard.SECURITY_HEADERS).
PAGE_HEADERS = {"Cache-Control": "no-cache"}

NOT_BUILT = """<!doctype html>
<meta charset="utf-8"><title>On Mars: the web client is not built</title>
<h1>On Mars</h1>
<p>The server runs, but the browser client is not built in this copy. Build it with Node 20 or
newer: <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code> (it writes
<code>src/onmars/server/static/</code>), then reload this page. Installed packages ship it
built. The API is documented at <a href="/docs">/docs</a>.
"""


def _client_page() -> Response:
    """The client's one page (it routes on the path), or how to build it when it is missing."""
    page = STATIC / "index.html"
    if not page.is_file():
        return HTMLResponse(NOT_BUILT, headers=PAGE_HEADERS)
    return FileResponse(page, media_type="text/html", headers=PAGE_HEADERS)


class Assets(StaticFiles):
    """The bundle's scripts, styles and images: their names hold a hash of their content, so
    they never change and are cached for a year; 404 (not a crash) when there is no bundle."""

    async def check_config(self) -> None:
        return None

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


def create_app_from_env() -> FastAPI:
    """The app with the settings in ``ONMARS_SERVER_*`` variables (uvicorn's workers)."""
    return create_app(Settings.from_env())
