"""The hot path: ``POST /api/games/{id}/moves`` answered without the framework's layers
(issue 27.4).

A move is the request a server answers most, and the framework's layers (exception and
telemetry middleware, routing, dependency solving, the body read twice) cost about as much CPU
as the move itself. :class:`MoveFastPath` sits outermost and answers a move itself when the
request is the common case: a Bearer token that is a seat of a game in memory, a body that
:class:`~onmars.server.protocol.MoveIn` accepts, ``lang`` absent or one of ours, the rate limit
not reached, the seat not absent (its clock ran out). It then does what the route does
(:func:`onmars.server.routes.moves.play`): the same checks, the same ``Hub.play``, the same
answer (the state as JSON, ``Server-Timing``), with the headers the other layers add (security
headers, gzip for clients that accept it), and a refusal answered by the app's own error
handlers (:mod:`onmars.server.errors`). Everything else (another route, a token to look up in
the database, an invalid body, a game to load, a refusal the framework answers: 413, 429) goes
through the whole app with the body as it came: what a client receives never depends on which
path answered it. One exception to passing it on: a body that pauses over the body timeout gets
its 408 here, as the app's Guard words it (:func:`onmars.server.guard.refuse_late`), since the
Guard would otherwise wait a whole timeout more before refusing it.
"""

from __future__ import annotations

import asyncio
import gzip
import logging
import re
import time
from typing import Any

from pydantic import ValidationError
from sqlalchemy import exc as sa_exc
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from onmars import LANGS
from onmars.server import clocks, errors
from onmars.server.deps import Server, rate_key
from onmars.server.guard import SECURITY_HEADERS, number, refuse_late
from onmars.server.live import ServerError, token_hash
from onmars.server.protocol import MoveIn

log = logging.getLogger("onmars.server")

#: The route answered here (the game id as the route's own pattern: GameId).
MOVES = re.compile(r"/api/games/([A-Za-z0-9_-]{1,32})/moves")
#: Answers from this size on are gzip-compressed for clients that accept it (GZipMiddleware
#: too), at the fastest level: a state of 10-20 KB compresses in a third of the CPU of level
#: 6, into about a tenth more bytes (issue 27.4).
GZIP_FROM = 1024
GZIP_LEVEL = 1


class MoveFastPath:
    """The ASGI middleware answering moves itself (see the module's docstring); the app's
    :class:`Server` counts the moves it answered (``fast_moves``)."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float) -> None:
        self.app, self.limit, self.timeout = app, limit, timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        found = MOVES.fullmatch(scope["path"])
        ours, lang = _lang(scope.get("query_string", b""))
        app = scope.get("app")
        server = getattr(app.state, "server", None) if app is not None else None
        # the first of a repeated header, as Starlette reads it (a second Authorization
        # never names another seat than the framework would)
        headers = dict(reversed(scope["headers"]))
        json = headers.get(b"content-type", b"").startswith(b"application/json")
        if found is None or not ours or not json or not isinstance(server, Server):
            await self.app(scope, receive, send)
            return
        try:
            read, body = await self._body(headers, receive)
        except TimeoutError:  # answered now: the app's Guard would wait as long again
            await refuse_late(scope, send, self.timeout)
            return
        if body is not None:
            answered = await self._move(scope, send, server, found[1], lang, headers, body)
            if answered:
                server.fast_moves += 1
                return
        await self.app(scope, _replay(read, receive), send)

    async def _body(
        self, headers: dict[bytes, bytes], receive: Receive
    ) -> tuple[list[Message], bytes | None]:
        """The messages read and the whole body; ``None`` for a body the framework's layers
        must refuse or wait for (too large, cut off): they get the messages read. A pause over
        the body timeout raises ``TimeoutError``: the client has waited its time already."""
        declared = headers.get(b"content-length")
        read: list[Message] = []
        if declared is None or number(declared, self.limit) is None:
            return read, None
        body, more = b"", True
        while more:
            async with asyncio.timeout(self.timeout):
                message = await receive()
            read.append(message)
            if message["type"] != "http.request":
                return read, None
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                return read, None
        return [{"type": "http.request", "body": body}], body

    async def _move(
        self,
        scope: Scope,
        send: Send,
        server: Server,
        game_id: str,
        lang: str | None,
        headers: dict[bytes, bytes],
        body: bytes,
    ) -> bool:
        """Answer the move when it is the common case (True); False: nothing was done, the
        whole app answers it."""
        hub = server.hub
        value = _bearer(headers.get(b"authorization"))
        if hub is None or value is None:
            return False
        try:
            move = MoveIn.model_validate_json(body)
        except ValidationError:
            return False
        live = hub.games.get(game_id)
        digest = token_hash(value)
        seat = live.by_hash.get(digest) if live is not None else None
        clock = live.clock if live is not None else None
        texts = move.sequence
        if (
            live is None
            or seat is None
            or live.is_over  # the app answers (409, or 401 for an expired key)
            or (clock is not None and (seat in clock.absent or clocks.due(clock, clocks.utcnow())))
            or any(len(text) > server.settings.max_move for text in texts)
        ):
            return False
        request = Request(scope)
        if server.limiter.wait(rate_key(server, value, request)):
            return False  # the framework answers 429 (the budget was not spent here)
        server.proven.add(digest)
        hub.games.move_to_end(game_id)
        started = time.perf_counter()
        try:
            played = move.moves if move.moves is not None else texts[0]
            await hub.play(live, seat, move.ply, played, lang, holder=digest)
            answer = await hub.seen_json(live, seat, move.ply, lang)
        except ServerError as exc:
            await _send_response(await errors.refused(request, exc), scope, send)
            return True
        except sa_exc.DBAPIError as exc:
            await _send_response(await errors.database_down(request, exc), scope, send)
            return True
        except Exception:
            log.exception("a move in game %s failed", game_id)
            await _send_response(await errors.crashed(request, Exception()), scope, send)
            return True
        took = (time.perf_counter() - started) * 1000
        out = [
            (b"content-type", b"application/json"),
            (b"server-timing", f"move;dur={took:.1f}".encode()),
        ]
        if len(answer) >= GZIP_FROM and b"gzip" in headers.get(b"accept-encoding", b""):
            answer = gzip.compress(answer, GZIP_LEVEL, mtime=0)
            out += [(b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding")]
        out += [(b"content-length", str(len(answer)).encode()), *SECURITY_HEADERS]
        await send({"type": "http.response.start", "status": 200, "headers": out})
        await send({"type": "http.response.body", "body": answer})
        return True


def _lang(query: bytes) -> tuple[bool, str | None]:
    """Whether the query is one answered here, and its ``lang`` (``None``: none asked): not
    for any other parameter or a language not ours (the framework's 422)."""
    if not query:
        return True, None
    key, _, value = query.decode("latin-1").partition("=")
    if key != "lang" or value not in LANGS:
        return False, None
    return True, value


def _bearer(header: bytes | None) -> str | None:
    """The seat token of ``Authorization: Bearer <token>`` (``None``: none, or one the
    framework refuses)."""
    if header is None:
        return None
    scheme, _, value = header.decode("latin-1").partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value or len(value) > 100:
        return None
    return value


async def _send_response(response: Any, scope: Scope, send: Send) -> None:
    """An error handler's answer, with the security headers every answer has (Guard)."""
    known = {k.lower() for k, _ in response.raw_headers}
    response.raw_headers += [(k, v) for k, v in SECURITY_HEADERS if k not in known]
    await response(scope, _no_receive, send)


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


def _replay(messages: list[Message], then: Receive) -> Receive:
    async def receive() -> Message:
        if messages:
            return messages.pop(0)
        return await then()

    return receive
