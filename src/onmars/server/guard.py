"""The server's guards that hold without a proxy in front: rate limits, request size and read
timeouts, security headers, and logs that never show a query string (where a seat token could
hide).

- :class:`RateLimiter`: token buckets per key (a proven seat token, else the client's address).
- :class:`Guard`: an ASGI middleware: bodies over a size are refused (413) and must arrive in
  time (408); HEAD is answered wherever GET is; every answer carries the security headers.
- :class:`GuardedHttpTools`: uvicorn's HTTP protocol with a limit on the request line and
  headers (431) and a deadline for them (slowloris): a connection that has not sent its
  headers in time is closed.
- :func:`log_config`: uvicorn's logging with every query string redacted.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import os
import re
import time
from collections import OrderedDict
from typing import Any

import orjson
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from onmars.server.error_text import request_lang, server_text

#: Scripts, styles, images and connections from the site only; no framing (clickjacking of a
#: page that holds a seat's token); no plugins, no <base>, forms post to the site only.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
#: /docs (on with --docs): FastAPI's Swagger UI page starts itself with an inline script and
#: loads its scripts and styles from the jsDelivr CDN; it may not be framed either.
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class RateLimiter:
    """A token bucket per key: ``rate`` requests a second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def wait(self, key: str) -> float:
        """0 if a request by ``key`` may go now (and it is counted), else seconds to wait."""
        now = time.monotonic()
        tokens, stamp = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - stamp) * self.rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return (1.0 - tokens) / self.rate
        self.buckets[key] = (tokens - 1.0, now)
        if len(self.buckets) > 100_000:
            self._prune(now)
        return 0.0

    def _prune(self, now: float) -> None:
        full = self.burst / self.rate
        for key, (_, stamp) in list(self.buckets.items()):
            if now - stamp > full:
                del self.buckets[key]


class Proven:
    """Hashes of tokens that were a seat of some game (least recently seen dropped first): only
    these get a rate budget of their own; any other token counts against its address."""

    def __init__(self, size: int = 100_000) -> None:
        self.size, self.hashes = size, OrderedDict[str, None]()

    def add(self, digest: str) -> None:
        self.hashes[digest] = None
        self.hashes.move_to_end(digest)
        if len(self.hashes) > self.size:
            self.hashes.popitem(last=False)

    def __contains__(self, digest: str) -> bool:
        return digest in self.hashes


def number(text: str | bytes, most: int) -> int | None:
    """A count sent as ASCII digits (a ``Content-Length``, a ply in a query), or ``None`` when
    it is not one or is over ``most``. Its leading zeros are dropped and its length checked
    before it is read: Python refuses to read a number of over 4300 digits (``int()`` raises
    ``ValueError``), which an attacker could otherwise send to make the server answer 500."""
    digits = text.decode("latin-1") if isinstance(text, bytes) else text
    if not digits.isascii() or not digits.isdigit():
        return None
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return None
    value = int(digits)
    return value if value <= most else None


def problem(detail: str, lang: str = "en") -> bytes:
    """An error's JSON body: ``detail`` in words, in language ``lang``."""
    return orjson.dumps({"detail": detail, "lang": lang})


class Guard:
    """Bodies over ``limit`` bytes get 413, a body that does not arrive within ``timeout``
    seconds (a pause between its parts) 408; HEAD is served as GET without the body; every
    answer gets :data:`SECURITY_HEADERS` (``/docs``: :data:`DOCS_CSP`)."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float) -> None:
        self.app, self.limit, self.timeout = app, limit, timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _secured(send, scope["path"])
        if scope["method"] == "HEAD":
            scope = {**scope, "method": "GET"}
            send = _headless(send)
        declared = dict(scope["headers"]).get(b"content-length")
        too_large = f"the request body is over {self.limit} bytes"
        if declared is not None and number(declared, self.limit) is None:
            await _refuse(scope, send, 413, too_large)
            return
        body, more = b"", True
        while more:
            try:
                async with asyncio.timeout(self.timeout):  # no task per request
                    message = await receive()
            except TimeoutError:
                await _refuse(scope, send, 408, _late(self.timeout))
                return
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await _refuse(scope, send, 413, too_large)
                return
        await self.app(scope, _replay([{"type": "http.request", "body": body}], receive), send)


def _secured(send: Send, path: str) -> Send:
    headers = SECURITY_HEADERS
    if path == "/docs" or path.startswith("/docs/"):
        headers = [(b"content-security-policy", DOCS_CSP.encode()), *SECURITY_HEADERS[1:]]

    async def secured(message: Message) -> None:
        if message["type"] == "http.response.start":
            known = {k.lower() for k, _ in message.get("headers", [])}
            extra = [(k, v) for k, v in headers if k not in known]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return secured


def _headless(send: Send) -> Send:
    async def headless(message: Message) -> None:
        if message["type"] == "http.response.body":
            message = {**message, "body": b""}
        await send(message)

    return headless


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    async def receive() -> Message:
        if messages:
            return messages.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive


def _late(timeout: float) -> str:
    return f"the request body did not come within {timeout:g} s"


async def refuse_late(scope: Scope, send: Send, timeout: float) -> None:
    """The 408 :class:`Guard` answers for a body that paused over ``timeout`` s, for a layer
    outside it that was reading the body (the move fast path): the client waited once."""
    await _refuse(scope, _secured(send, scope["path"]), 408, _late(timeout))


async def _refuse(scope: Scope, send: Send, status: int, detail: str) -> None:
    """A refusal in the language the request asks for (``?lang=``, ``Accept-Language``)."""
    lang = request_lang(HTTPConnection(scope))
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
        }
    )
    await send({"type": "http.response.body", "body": problem(server_text(detail, lang), lang)})


# --- the connection: header size and deadline -----------------------------------------------
#: Seconds a request's line and headers may take (read by every worker process).
HEAD_TIMEOUT_ENV = "ONMARS_HEAD_TIMEOUT"


class GuardedHttpTools(HttpToolsProtocol):
    """uvicorn's httptools protocol with two limits of its own: the request line and headers
    may take ``MAX_HEAD`` bytes (else 431 and the connection is closed) and must be complete
    within ``$ONMARS_HEAD_TIMEOUT`` seconds (default 10) of the connection or of the request's
    first byte (else the connection is closed: slow clients cannot hold file descriptors)."""

    MAX_HEAD = 16 * 1024

    # ignore: uvicorn narrows asyncio.Protocol's BaseTransport to a Transport, as we do after it
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.head_timeout = float(os.environ.get(HEAD_TIMEOUT_ENV, "10"))
        self._head_bytes, self._refused = 0, False
        self._deadline: asyncio.TimerHandle | None = None
        self._arm()

    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.head_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if not self._refused:
            super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head_bytes = 0
        self._arm()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def send_400_response(self, msg: str) -> None:
        if not self._refused:
            super().send_400_response(msg)

    def _count(self, n: int) -> None:
        self._head_bytes += n
        if self._head_bytes <= self.MAX_HEAD:
            return
        self._refused = True
        self._disarm()
        # before the headers are read: in English (no language asked for yet)
        body = problem(f"the request line and headers are over {self.MAX_HEAD} bytes")
        self.transport.write(
            b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
            b"content-type: application/json\r\nconnection: close\r\n"
            b"content-length: %d\r\n\r\n%s" % (len(body), body)
        )
        self.transport.close()
        raise ValueError("request head too large")  # stops the parser


# --- logs --------------------------------------------------------------------------------------
_QUERY = re.compile(r"\?[^\s\"']+")


def redact(text: str) -> str:
    """``text`` with every query string replaced by ``?…`` (tokens once travelled there)."""
    return _QUERY.sub("?…", text)


class RedactQuery(logging.Filter):
    """Removes query strings from every record a handler writes (access lines, WebSocket
    lines, errors)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def log_config(level: str = "info") -> dict[str, Any]:
    """uvicorn's logging configuration with :class:`RedactQuery` on every handler, and the
    other loggers (the server's own, websockets') sent through the same handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"redact": {"()": RedactQuery}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact"]
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    config["loggers"]["onmars"] = {
        "handlers": ["default"],
        "level": level.upper(),
        "propagate": False,
    }
    return config
