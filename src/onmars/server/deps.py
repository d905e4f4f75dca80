"""What the routes share: the app's :class:`Server` (on ``app.state.server``) and the FastAPI
dependencies that read a request once: the token (rate-limited), the game, the seat.

Who acts is derived from the token alone (``Authorization: Bearer <token>``): :func:`the_seat`
turns it into the game's seat (401 for a token that is no seat of the game), once per request.
"""

# no `from __future__ import annotations`: FastAPI reads the signatures of the dependencies
# made in :func:`game_route` (their annotations name the closure's ``inputs``)
import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Generic, Literal, TypeVar

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from onmars.server import accounts
from onmars.server.chat import ChatHub
from onmars.server.config import Settings
from onmars.server.guard import Proven, RateLimiter
from onmars.server.hints import HintRunner
from onmars.server.live import Hub, Live, ServerError, token_hash
from onmars.server.protocol import GameId
from onmars.server.turns import Notifier

T = TypeVar("T")


@dataclass
class BotOnlyGames:
    """The games of bots only (every seat a bot) made from each address that may not be over
    yet (their ids), counted against ``bot_games_per_address`` when the address makes another
    (routes/games.py); made one at a time, so that two at once cannot both pass the count."""

    ids: dict[str, set[str]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Server:
    """What the app's routes share: the settings, the rate limiters, the live games, where the
    browser client's bundle is."""

    settings: Settings
    static: Path
    limiter: RateLimiter  # every request: per proven seat token, else per address
    creates: RateLimiter  # new games, per address
    replays: RateLimiter  # replays, per address
    proven: Proven = field(default_factory=Proven)  # tokens that were a seat of some game
    sockets: Counter[str] = field(default_factory=Counter)  # open WebSockets per address
    bot_only: BotOnlyGames = field(default_factory=BotOnlyGames)  # per address
    hub: Hub | None = None
    chat: ChatHub | None = None
    notifier: Notifier | None = None
    hints: "HintRunner | None" = None  # the hints' worker (issue 25.1)
    fast_moves: int = 0  # moves answered by the hot path (onmars.server.fastpath)

    @classmethod
    def of(cls, settings: Settings, static: Path) -> "Server":
        return cls(
            settings,
            static,
            RateLimiter(settings.rate, settings.burst),
            RateLimiter(settings.create_rate, settings.create_burst),
            RateLimiter(settings.replay_rate, settings.replay_burst),
        )


def server_of(conn: HTTPConnection) -> Server:
    """The app's :class:`Server` (``app.state.server``)."""
    server = conn.app.state.server
    assert isinstance(server, Server)
    return server


def hub_of(conn: HTTPConnection) -> Hub:
    """The app's live games; 503 while the server starts."""
    hub = server_of(conn).hub
    if hub is None:
        raise ServerError(503, "the server is starting")
    return hub


def chat_of(conn: HTTPConnection) -> ChatHub:
    """The app's chat; 503 while the server starts."""
    chat = server_of(conn).chat
    if chat is None:
        raise ServerError(503, "the server is starting")
    return chat


def notifier_of(conn: HTTPConnection) -> Notifier:
    """The app's your-turn messages; 503 while the server starts."""
    notifier = server_of(conn).notifier
    if notifier is None:
        raise ServerError(503, "the server is starting")
    return notifier


def address(conn: HTTPConnection) -> str:
    return conn.client.host if conn.client else ""


def rate_key(server: Server, value: str | None, conn: HTTPConnection) -> str:
    """The key a request is counted under: its token once it proved to be a seat of some game
    (made-up tokens get no budget of their own), else the client's address."""
    digest = token_hash(value) if value else ""
    return f"t:{digest}" if digest in server.proven else f"a:{address(conn)}"


def limit(limiter: RateLimiter, key: str) -> None:
    """429 with ``Retry-After`` when ``key`` has spent its budget."""
    wait = limiter.wait(key)
    if wait:
        raise ServerError(429, "too many requests: slow down", retry=max(1, round(wait)))


bearer = HTTPBearer(auto_error=False, description="a seat's token (none: a spectator)")


async def token(
    request: Request,
    _scheme: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)] = None,
) -> str | None:
    """The Bearer token, if any (401 for another kind of Authorization), counted against its
    rate limit (:func:`rate_key`)."""
    header = request.headers.get("authorization")
    value: str | None = None
    if header is not None:
        scheme, _, value = header.partition(" ")
        value = value.strip()
        if scheme.lower() != "bearer" or not value or len(value) > 100:
            raise ServerError(401, "Authorization must be 'Bearer <seat token>'")
    server = server_of(request)
    limit(server.limiter, rate_key(server, value, request))
    return value or None


Token = Annotated[str | None, Depends(token)]


@dataclass(frozen=True)
class Seated(Generic[T]):
    """What a game's route is given (:func:`game_route`): the game, the token's seat (``None``:
    a spectator, or not asked) and the route's own inputs, checked."""

    live: Live
    seat: int | None
    inputs: T
    #: The sha256 of the token, if any (a change checks it again: onmars.server.live.Hub._change).
    digest: str | None = None

    @property
    def player(self) -> int:
        """The seat, for a route that requires one (``seat="required"``)."""
        assert self.seat is not None
        return self.seat


SeatRule = Literal["ignored", "optional", "required"]


def game_route(
    inputs: Callable[..., Awaitable[T]], seat: SeatRule, *, replay: bool = False
) -> Callable[..., Awaitable[Seated[T]]]:
    """The dependency of a game's route. In the order a request was always read: the token
    (rate-limited), the path's game id and the route's ``inputs`` validated (a 422 comes before
    the game is looked up), with ``replay`` the replay budget (per address), then the game
    (loaded when not in memory; 404 if there is none) and the token's seat in it, checked once
    (``"optional"``: 401 for a token that is no seat of the game, ``None`` without one;
    ``"required"``: 401 without one too; ``"ignored"``: not read)."""

    async def dependency(
        request: Request,
        value: Token,
        game_id: Annotated[str, Depends(path_game_id)],
        checked: Annotated[T, Depends(inputs)],
    ) -> Seated[T]:
        hub = hub_of(request)
        if replay:
            limit(server_of(request).replays, f"a:{address(request)}")
        live = await hub.get(game_id)
        if seat == "ignored":
            return Seated(live, None, checked)
        found = await accounts.seat_of(hub, live, value)
        if found is None and seat == "required":
            raise ServerError(401, "a seat's token is required (Authorization: Bearer <token>)")
        digest = token_hash(value) if value is not None else None
        if digest is not None:
            # a token that was a seat has a rate budget of its own from now on
            server_of(request).proven.add(digest)
        return Seated(live, found, checked, digest)

    return dependency


async def path_game_id(game_id: GameId) -> str:
    """The path's game id, validated."""
    return game_id


async def no_inputs() -> None:
    """A route with no inputs of its own."""
