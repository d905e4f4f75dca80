"""Helpers for the server tests (tests/test_server*.py): databases, server processes, clients.

PostgreSQL tests read the server's address from ONMARS_TEST_POSTGRES (e.g.
``postgresql://postgres@127.0.0.1:5432/test``) and are skipped when it is not set; each test
session works in a fresh database of its own, dropped at the end.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from email import message_from_bytes
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import httpx
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

PG_ENV = "ONMARS_TEST_POSTGRES"
#: Limits high enough that the tests' bursts are not rate-limited (except where tested).
FAST = {
    "rate": 1e6,
    "burst": 10**6,
    "create_rate": 1e6,
    "create_burst": 10**6,
    "replay_rate": 1e6,
    "replay_burst": 10**6,
    "ws_per_address": 10**6,
    "ws_rate": 1e6,
    "ws_burst": 10**6,
    "bot_games_per_address": 10**6,
    "bot_processes": 0,
    "analysis_sims": 0,  # no post-game analysis (tests/test_analysis.py turns it on)
}
#: The same limits as ``onmars serve`` options.
FAST_ARGS = [
    arg
    for name, value in FAST.items()
    if name != "bot_processes"
    for arg in (f"--{name.replace('_', '-')}", str(value))
]


def postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database (its URL) for this session, dropped afterwards."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL to test against")
    import psycopg
    from sqlalchemy.engine import make_url

    name = f"onmars_test_{os.getpid()}_{secrets.token_hex(4)}"
    url = make_url(base.replace("postgresql://", "postgresql+psycopg://", 1))
    admin = url.render_as_string(hide_password=False).replace("+psycopg", "", 1)
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield (
            url.set(database=name).render_as_string(hide_password=False).replace("+psycopg", "", 1)
        )
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """``onmars serve`` in a subprocess on a free loopback port."""

    def __init__(self, log: Path, *extra: str) -> None:
        self.log_path, self.extra = log, extra
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30.0) -> ServerProcess:
        command = [
            sys.executable,
            "-m",
            "onmars.cli",
            "serve",
            "--port",
            str(self.port),
            *FAST_ARGS,
            *self.extra,
        ]
        self._log = self.log_path.open("ab")
        self.proc = subprocess.Popen(command, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"onmars serve exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"onmars serve did not start: {self.log_path.read_text()[-2000:]}")

    def children(self) -> list[int]:
        """The server's child processes (its bot worker, multiprocessing's helper)."""
        assert self.proc is not None
        found = subprocess.run(
            ["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True, check=False
        )
        return [int(pid) for pid in found.stdout.split()]

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)
        self._log.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if not self._log.closed:
            self._log.close()


def make_client(database: str, **settings: Any) -> Any:
    """A TestClient of the app on ``database``, with :data:`FAST` limits unless told."""
    from fastapi.testclient import TestClient

    from onmars.server.app import create_app
    from onmars.server.config import Settings

    return TestClient(create_app(Settings(database=database, **{**FAST, **settings})))


def wait_for(what: Callable[[], Any], seconds: float = 30.0, step: float = 0.05) -> Any:
    """``what()`` once it is true (returned), polled every ``step`` s for up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = what()
        if found:
            return found
        time.sleep(step)
    raise AssertionError(f"not within {seconds} s: {what}")


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def state(client: Any, gid: str, token: str | None = None) -> dict[str, Any]:
    """The game as ``token``'s seat sees it (a spectator without one): ``GET /api/games/{gid}``."""
    r = client.get(f"/api/games/{gid}", headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


def new_game(
    client: Any, players: list[dict[str, Any]], length: str = "short"
) -> tuple[str, list[str | None]]:
    """A game made through the API: its id and the seats' tokens."""
    r = client.post("/api/games", json={"players": players, "length": length})
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], [s["token"] for s in data["seats"]]


def head_revision() -> str:
    """The newest Alembic revision the package ships: where a start migrates a database to."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import onmars.server.store as store

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


# --- a local SMTP server and a local push endpoint ---------------------------------------------
class Inbox:
    """aiosmtpd's handler: every message it is given."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.raw: list[bytes] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.raw.append(envelope.content)
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"


def mars_login(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> Any:
    """The test SMTP server's one account: mars / s3cret-pw."""
    from aiosmtpd.smtp import AuthResult, LoginPassword

    ok = isinstance(data, LoginPassword) and (data.login, data.password) == (b"mars", b"s3cret-pw")
    return AuthResult(success=ok)


class PushEndpoint:
    """A push service on loopback: keeps each POST (headers, encrypted body), answers 201."""

    def __init__(self) -> None:
        self.received: list[tuple[dict[str, str], bytes, str]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                headers = {k.lower(): v for k, v in self.headers.items()}
                outer.received.append((headers, body, self.path))
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class Browser:
    """A browser's push subscription: its own P-256 key pair and auth secret (RFC 8291), so
    that the test reads what the push service was given exactly as a browser would."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.subscription = {
            "endpoint": endpoint,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
        }

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def store_game(
    database: str, game: Any, then: tuple[tuple[str, int], ...] = ()
) -> tuple[str, list]:
    """Store ``game`` as the server stores one (its moves one by one, each with its seat), then
    the moves ``then`` ((text, seat) pairs) as if a server had accepted them: the game's id and
    its seats' tokens."""
    from onmars.server.config import Settings
    from onmars.server.live import new_token, token_hash
    from onmars.server.store import Hints, SeatRow, Store

    gid, tokens = secrets.token_urlsafe(9), [new_token() for _ in game.players]
    store = Store(Settings(database=database).url())
    try:
        store.migrate()
        rows = [SeatRow(i, name, None, token_hash(tok)) for i, (name, tok) in
                enumerate(zip(game.players, tokens, strict=True))]  # fmt: skip
        log = game.log
        store.create(gid, game.options, log["seed"], log["rules"], rows, Hints(0, False))
        for ply, entry in enumerate(game.seat_log(None)):
            assert store.append(gid, ply, ply, game.moves[ply], entry.seat, Hints(0, False))
        for ply, (text, seat) in enumerate(then, start=len(game.moves)):
            assert store.append(gid, ply, ply, text, seat, Hints(0, False))
    finally:
        store.close()
    return gid, tokens
