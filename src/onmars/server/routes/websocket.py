"""The WebSocket: every change of a game, pushed as the seat (or a spectator) may see it."""

from __future__ import annotations

import asyncio
import contextlib
import json

from fastapi import APIRouter, WebSocket
from sqlalchemy import exc as sa_exc
from starlette.websockets import WebSocketDisconnect

from onmars import LANGS
from onmars.server import accounts
from onmars.server.deps import Server, address, hub_of, limit, rate_key, server_of
from onmars.server.error_text import request_lang, server_text
from onmars.server.errors import DATABASE_DOWN
from onmars.server.guard import RateLimiter, number
from onmars.server.live import Hub, Live, ServerError, Subscriber, token_hash
from onmars.server.protocol import MAX_PLY

router = APIRouter()


@router.websocket("/api/games/{game_id}/ws")
async def stream(
    websocket: WebSocket,
    game_id: str,
    since: str = "0",  # read here, so that a bad value gets a message, not a bare 403
    lang: str | None = None,
) -> None:
    """Every change of the game, pushed as the seat (or a spectator) may see it: messages
    ``{"type": "state", ...}`` shaped like ``GET /api/games/{id}``, each with the events
    since the previous message (``WsServerMessage`` in the schema's components). The token
    comes only as the first message, ``{"token": "..."}`` (``{"token": null}``: a spectator;
    ``WsToken``), never in the address. Each new chat message the socket's reader may read
    comes as ``{"type": "chat", ...}`` (``ChatMessage``). Each address may hold
    ``ws_per_address`` sockets; each socket may send ``ws_rate`` messages a second (pings,
    ``WsPing``); errors come as ``{"type": "error", ...}`` (``WsError``) before the socket
    closes."""
    server = server_of(websocket)
    await websocket.accept()
    where = address(websocket)
    server.sockets[where] += 1
    try:
        try:
            await _serve_socket(server, websocket, game_id, since, lang)
        except sa_exc.DBAPIError:
            raise ServerError(503, DATABASE_DOWN) from None
    except ServerError as exc:
        await _refuse(websocket, exc)
    except WebSocketDisconnect:
        pass
    finally:
        server.sockets[where] -= 1
        if server.sockets[where] <= 0:
            del server.sockets[where]


async def _refuse(websocket: WebSocket, exc: ServerError) -> None:
    """An error message in the language asked for, then the socket closed (code 4000 +
    the HTTP status)."""
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


async def _serve_socket(
    server: Server, websocket: WebSocket, game_id: str, since: str, lang: str | None
) -> None:
    """One WebSocket client: checks, the first message's token, then pushes until it leaves."""
    hub = hub_of(websocket)
    settings = server.settings
    if server.sockets[address(websocket)] > settings.ws_per_address:
        raise ServerError(429, f"too many WebSockets from your address ({settings.ws_per_address})")
    if "token" in websocket.query_params:
        raise ServerError(400, "the token goes in the first message, never in the address")
    if lang is not None and lang not in LANGS:
        raise ServerError(422, f"unknown language {lang!r}; the languages are {', '.join(LANGS)}")
    start = number(since, MAX_PLY)
    if start is None:
        raise ServerError(422, "since must be a ply from 0")
    value = await _first_token(websocket)
    limit(server.limiter, rate_key(server, value, websocket))
    live = await hub.get(game_id)
    seat = await accounts.seat_of(hub, live, value)
    if value is not None:
        server.proven.add(token_hash(value))
    sub = Subscriber(seat, lang, start, websocket.send_text)
    sub.digest = token_hash(value) if value is not None else None
    live.subscribers.add(sub)
    sub.wake.set()
    talk = server.chat
    listener = talk.listen(live, seat, websocket.send_text) if talk is not None else None
    sender = asyncio.create_task(_push(hub, live, sub, websocket))
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
        if talk is not None and listener is not None:
            talk.leave(listener)
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


async def _push(hub: Hub, live: Live, sub: Subscriber, websocket: WebSocket) -> None:
    """Send the subscriber each new version of the game (coalescing bursts), in order; close
    the socket (401) once its token no longer stands for its seat (a new key was made)."""
    while True:
        await sub.wake.wait()
        sub.wake.clear()
        if sub.revoked:
            await _refuse(websocket, ServerError(401, "this token is not a seat of this game"))
            return
        if sub.sent == live.version:
            continue
        text = await hub.push_json(live, sub)
        await sub.send(text.decode())
