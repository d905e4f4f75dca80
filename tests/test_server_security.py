"""The server as an attacker and an operator meet it (issue 28): seat tokens never in a log or
an address, rate limits that made-up tokens cannot dodge, limits on headers and slow clients
without a proxy, bots that never stall, errors that stay JSON, fresh state across processes on
one SQLite file, and browser hardening (CSP, no framing, no deceptive names).

In-process tests run against SQLite and PostgreSQL (``database``); the others start ``onmars
serve`` on a loopback port (marked slow, still run).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from serverkit import FAST, ServerProcess, bearer, make_client, new_game
from sqlalchemy import event
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect

import onmars.server.bots as server_bots

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
ROBOTS = [{"name": "R1", "bot": "random"}, {"name": "R2", "bot": "random"}]
#: Bots that choose in a worker process (a random bot chooses in the server: bots.INSTANT).
WORKED = [{"name": "G1", "bot": "greedy"}, {"name": "G2", "bot": "greedy"}]


def server_of(client: TestClient) -> Any:
    return client.app.state.server


def wait_until(done: Any, seconds: float) -> bool:
    """Poll ``done()`` until it holds or ``seconds`` pass (a bound, not a measurement)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        time.sleep(0.05)
    return bool(done())


def finish_by_agreement(client: TestClient, gid: str, tokens: list[str | None]) -> None:
    for token in tokens:
        r = client.post(f"/api/games/{gid}/conclude", headers=bearer(token))
        assert r.status_code == 200, r.text


# --- 1. seat tokens never in a log or an address ------------------------------------------------
@pytest.mark.slow
def test_no_seat_token_reaches_the_servers_log(tmp_path: Path) -> None:
    """Real traffic through `onmars serve --access-log`: page loads (an old `?token=` link
    too), API calls with the token, WebSockets with the token as their first message and one
    that puts it in its address; then not one line of the server's output holds a token."""
    log = tmp_path / "serve.log"
    server = ServerProcess(log, "--access-log", "--database", str(tmp_path / "g.sqlite3"))
    server.start()
    try:
        r = httpx.post(f"{server.base}/api/games", json={"players": [*HUMANS[:1], ROBOTS[0]]})
        gid, seats = r.json()["id"], r.json()["seats"]
        token = seats[0]["token"]
        assert seats[0]["url"] == f"/play/{gid}#token={token}"
        with httpx.Client(base_url=server.base, timeout=10) as http:
            assert http.get(seats[0]["url"]).status_code == 200  # the fragment stays home
            assert http.get(f"/play/{gid}?token={token}").status_code == 200  # an old link
            assert http.get(f"/api/games/{gid}?since=0", headers=bearer(token)).status_code == 200
        ws_base = server.base.replace("http://", "ws://")
        with connect(f"{ws_base}/api/games/{gid}/ws?since=0&lang=en", open_timeout=5) as ws:
            ws.send(json.dumps({"token": token}))
            assert json.loads(ws.recv(timeout=5))["seat"] == 0
        with connect(f"{ws_base}/api/games/{gid}/ws?token={token}", open_timeout=5) as ws:
            refused = json.loads(ws.recv(timeout=5))
        assert refused["status"] == 400 and "first message" in refused["detail"]
    finally:
        server.stop()
    output = log.read_text()
    assert f'"GET /play/{gid}?' in output, "the access log was not written"
    assert "WebSocket /api/games/" in output
    assert token not in output, "a seat token in the server's log"


# --- 2. rate limits that cannot be dodged ------------------------------------------------------
def test_made_up_tokens_count_against_the_address(database: str) -> None:
    """Each made-up token used to get a fresh burst: now only a token that is a seat of a
    game has a budget of its own; any other counts against the client's address."""
    with make_client(database, rate=0.01, burst=5) as client:
        codes = [
            client.get("/api/games", headers=bearer(secrets.token_urlsafe(16))).status_code
            for _ in range(7)
        ]
        assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
        assert client.get("/api/games").status_code == 429  # the same address


def test_a_seats_token_keeps_its_own_budget_once_proven(database: str) -> None:
    with make_client(database, rate=0.01, burst=3) as client:
        gid, tokens = new_game(client, HUMANS)  # the address: 1 of 3
        for _ in range(6):  # the first proves the token (the address: 2 of 3)
            assert client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).status_code in (
                200,
                429,
            )
        assert client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).status_code == 429
        assert client.get(f"/api/games/{gid}").status_code == 200  # the address's last one


def test_game_creation_has_its_own_limit_per_address(database: str) -> None:
    """120 POST /api/games with random tokens all answered 201; now the address's creation
    budget (``create_burst``) holds whatever token comes with them."""
    with make_client(database, create_rate=0.001, create_burst=3) as client:
        codes = [
            client.post(
                "/api/games",
                json={"players": HUMANS},
                headers=bearer(secrets.token_urlsafe(16)),
            ).status_code
            for _ in range(5)
        ]
        assert codes == [201, 201, 201, 429, 429]
        r = client.post("/api/games", json={"players": HUMANS})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert r.json()["detail"] == "too many requests: slow down"


def test_games_of_bots_only_are_capped_per_address(database: str) -> None:
    """One address made game after game of bots only, each keeping a bot worker busy and
    slowing every other game's bots: now at most ``bot_games_per_address`` of them not over
    yet (429, in the language asked for, nothing made); a game a person plays in is not
    counted; one over (in memory, or only in the store once dropped from it) frees a place."""
    with make_client(database, bot_games_per_address=1, cache_games=1) as client:
        hub = server_of(client).hub
        first, _ = new_game(client, ROBOTS)
        stored = client.get("/api/games").json()["games"]
        r = client.post("/api/games", json={"players": ROBOTS}, headers={"Accept-Language": "zh"})
        assert r.status_code == 429 and r.json()["lang"] == "zh"
        assert r.json()["detail"] == (
            "来自你的地址、尚未结束的全电脑玩家对局过多（1）：请等其中一局结束"
        )
        r = client.post("/api/games", json={"players": ROBOTS})
        assert r.status_code == 429 and "games of bots only" in r.json()["detail"]
        assert client.get("/api/games").json()["games"][0]["id"] == stored[0]["id"] == first
        assert wait_until(lambda: client.get(f"/api/games/{first}").json()["is_over"], 60)
        new_game(client, HUMANS)  # not counted; the cache (1 game) drops the finished one
        assert first not in hub.games
        second, _ = new_game(client, ROBOTS)  # the first is over, as stored
        r = client.post("/api/games", json={"players": ROBOTS})
        assert r.status_code == 429


def test_replays_have_their_own_limit_per_address(database: str) -> None:
    with make_client(database, replay_rate=0.001, replay_burst=2) as client:
        gid, tokens = new_game(client, HUMANS)
        finish_by_agreement(client, gid, tokens)  # RUL-20: replays are of finished games
        codes = [client.get(f"/api/games/{gid}/replay?ply=0").status_code for _ in range(4)]
        assert codes == [200, 200, 429, 429]
        assert client.get(f"/api/games/{gid}").status_code == 200  # other requests go on


def test_websockets_are_capped_per_address(database: str) -> None:
    with make_client(database, ws_per_address=2) as client:
        gid, _ = new_game(client, HUMANS)
        url = f"/api/games/{gid}/ws"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            for ws in (one, two):
                ws.send_text(json.dumps({"token": None}))
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(url) as three:
                refused = three.receive_json()
                assert refused["status"] == 429 and "WebSockets" in refused["detail"]
        with client.websocket_connect(url) as again:  # the closed ones freed their places
            again.send_text(json.dumps({"token": None}))
            assert again.receive_json()["type"] == "state"


def test_websocket_messages_are_rate_limited(database: str) -> None:
    with make_client(database, ws_rate=0.01, ws_burst=3) as client:
        gid, _ = new_game(client, HUMANS)
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_text(json.dumps({"token": None}))
            assert ws.receive_json()["type"] == "state"
            for _ in range(3):
                ws.send_text("ping")
                assert ws.receive_json() == {"type": "pong"}
            ws.send_text("ping")
            assert ws.receive_json()["status"] == 429
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4429


# --- 3. limits that hold without a proxy -------------------------------------------------------
def raw_exchange(port: int, data: bytes, wait: float = 10.0) -> bytes:
    """Send ``data`` on a fresh loopback connection; what comes back until the server closes
    it (or ``wait`` seconds pass)."""
    with socket.create_connection(("127.0.0.1", port), timeout=wait) as sock:
        sock.sendall(data)
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        return received


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One `onmars serve` with short head and body timeouts (1 s) for the connection tests."""
    folder = tmp_path_factory.mktemp("served")
    server = ServerProcess(
        folder / "serve.log",
        "--database",
        str(folder / "g.sqlite3"),
        "--head-timeout",
        "1",
        "--body-timeout",
        "1",
    ).start()
    yield server
    server.stop()


@pytest.mark.slow
def test_a_huge_header_is_refused(served: ServerProcess) -> None:
    """A 32 MiB header used to be answered 200; headers over 16 KiB now get 431."""
    head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (1 << 20) + b"\r\n\r\n"
    answer = raw_exchange(served.port, head)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]
    assert b'"detail"' in answer
    small = raw_exchange(served.port, b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n", 3.0)
    assert small.startswith(b"HTTP/1.1 200 ")


@pytest.mark.slow
def test_a_slow_client_is_dropped(served: ServerProcess) -> None:
    """Slowloris: a client trickling its headers a byte at a time is closed when its head
    timeout (1 s here) has passed, however often it sends; one that never sends is closed too."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as sock:
        started, closed = time.monotonic(), False
        for byte in b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200:
            try:
                sock.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.05)
            if time.monotonic() - started > 8:
                break
        if not closed:
            sock.settimeout(5)
            try:
                closed = sock.recv(100) == b""
            except ConnectionResetError:
                closed = True
        assert closed, "a client sending a header byte by byte kept its connection"
    assert raw_exchange(served.port, b"", 5.0) == b""  # silent: closed after 1 s, nothing sent


@pytest.mark.slow
def test_a_body_that_does_not_come_gets_408(served: ServerProcess) -> None:
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{"
    )
    answer = raw_exchange(served.port, head)
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert b"did not come" in answer


@pytest.mark.slow
def test_a_move_whose_body_does_not_come_gets_408_within_one_body_timeout(
    served: ServerProcess,
) -> None:
    """A move's body goes through the fast path first (fastpath.py): its wait counts, the 408
    comes after one body timeout (1 s here), not after the fast path's and then the app's."""
    head = (
        b"POST /api/games/nosuchgame/moves HTTP/1.1\r\nHost: x\r\n"
        b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    )
    started = time.monotonic()
    answer = raw_exchange(served.port, head)
    took = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert b"did not come within 1 s" in answer and b"x-frame-options: deny" in answer.lower()
    assert 0.9 <= took < 1.6, f"answered after {took:.2f} s for a body timeout of 1 s"


# --- 4. bots never stall -------------------------------------------------------------------------
@pytest.mark.slow
def test_bot_games_finish_though_their_worker_is_killed_again_and_again(tmp_path: Path) -> None:
    """Killing the bot worker three times 1.5 s apart stopped 5 of 6 bot-only games for good: a
    broken pool is replaced and the choice asked again, so every game goes on."""
    settings = {**FAST, "bot_processes": 1}
    with make_client(f"sqlite:///{tmp_path / 'g.sqlite3'}", **settings) as client:
        ids = [new_game(client, WORKED)[0] for _ in range(6)]
        runner = server_of(client).hub.bots
        kills = 0
        for _ in range(5):
            assert wait_until(lambda: runner._pool is not None and runner._pool._processes, 20)
            for pid in list(runner._pool._processes):
                with contextlib.suppress(ProcessLookupError):  # gone since it was listed
                    os.kill(pid, signal.SIGKILL)
            kills += 1
            time.sleep(0.5)
        # a kill landing on a pool that was not yet noticed broken (and replaced) kills the same
        # dead workers again: fewer pools than kills may be replaced, but some must have been
        assert kills == 5 and runner.broken >= 1
        # every game moves on: 40 more moves each (a whole game each would measure the machine)
        plies = lambda: [client.get(f"/api/games/{g}").json()["ply"] for g in ids]  # noqa: E731
        after = plies()
        moving = lambda: all(now >= then + 40 for now, then in zip(plies(), after, strict=True))  # noqa: E731
        assert wait_until(moving, 120), (
            f"a bot game stalled after its worker was killed: {after} -> {plies()}"
        )


@pytest.mark.slow
def test_a_frozen_bot_worker_is_replaced(tmp_path: Path) -> None:
    """A worker that stops answering (SIGSTOP) is taken as hung after ``bot_timeout``: its
    pool is replaced and the game goes on."""
    settings = {**FAST, "bot_processes": 1, "bot_timeout": 2.0}
    with make_client(f"sqlite:///{tmp_path / 'g.sqlite3'}", **settings) as client:
        gid, _ = new_game(client, WORKED)
        runner = server_of(client).hub.bots
        assert wait_until(lambda: runner._pool is not None and runner._pool._processes, 20)
        frozen = list(runner._pool._processes)
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        # the game moves on: 40 more moves, or its end (a whole random game can run to thousands
        # of moves on some seeds: waiting for its end measured the seed, and failed once in CI)
        state = lambda: client.get(f"/api/games/{gid}").json()  # noqa: E731
        before = state()["ply"]
        moving = lambda: (lambda s: s["is_over"] or s["ply"] >= before + 40)(state())  # noqa: E731
        assert wait_until(moving, 120), (
            f"the game waited for a frozen worker: ply {before} -> {state()['ply']}"
        )
        assert runner.broken >= 1 and set(runner._pool._processes).isdisjoint(frozen)


def test_a_bot_that_failed_three_times_is_woken_by_the_periodic_check(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three failures in a row made a game's bots give up until a restart; the periodic check
    (``bot_check`` seconds) starts them again. The failure count starts afresh after a
    success, so failures spread over a game never add up to three."""
    real, calls = server_bots.choose_now, {"n": 0}  # how a random bot chooses (bots.INSTANT)

    def flaky(*args: Any) -> Any:
        calls["n"] += 1
        if calls["n"] <= 3 or calls["n"] % 50 == 0:  # three in a row, then now and then
            raise RuntimeError("a bot failed (on purpose)")
        return real(*args)

    monkeypatch.setattr(server_bots, "choose_now", flaky)
    with make_client(database, bot_check=0.2) as client:
        gid, _ = new_game(client, ROBOTS)
        over = lambda: client.get(f"/api/games/{gid}").json()["is_over"]  # noqa: E731
        assert wait_until(over, 120), "the bots gave up for good"
    assert calls["n"] > 150  # more than three failures in all


def busy_question() -> tuple[dict[str, Any], list[Any]]:
    """A 3-player game's view and legal moves after 30 random moves (seed 4): a position where a
    ``hard`` bot thinks about 0.15-0.3 s."""
    import random

    from onmars import Game

    game, rng = Game.new(3, seed=4), random.Random(4)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    seat = game.current_player
    assert seat is not None
    return game.view(seat), list(game.legal_moves())


@pytest.mark.slow
def test_a_queue_of_bot_choices_is_not_taken_for_a_hung_worker() -> None:
    """Games of bots only, made by anyone (12 at once from one address within the creation
    limits, more each minute), queue their choices for the one bot worker: ``expert`` thinks
    3-5 s a choice, so about 30 of its games made the queue longer than ``bot_timeout``
    (120 s). The timeout counted the wait in the queue: the worker, busy but well, was taken
    as hung and killed, the choices under way failed, again and again, and every game's bots
    stalled, the games of other players against bots among them. Now only a choice's own time
    counts: here 12 choices of 0.15-0.3 s each wait for one worker with a 2 s timeout, and
    no worker is killed."""
    import asyncio

    view, legal = busy_question()
    runner = server_bots.BotRunner(processes=1, timeout=2.0)

    async def many() -> list[str]:
        asks = [runner.choose("hard", k, (f"g{k}", 0), view, legal) for k in range(12)]
        return await asyncio.gather(*asks)

    try:
        chosen = asyncio.run(many())
    finally:
        runner.close()
    assert len(chosen) == 12 and {str(m) for m in legal} >= set(chosen)
    assert runner.broken == 0, "a worker busy with a queue of choices was killed as hung"


def test_the_bots_of_a_game_a_person_plays_in_choose_before_games_of_bots_only() -> None:
    """The worker's queue (``bots.Queue``, one slot here): while a choice is worked out, a
    game of bots only asks, then a game a person plays in: the person's game goes first,
    then the games of bots only in the order they asked. A waiter cancelled (its game
    dropped) passes its turn on."""
    import asyncio

    async def scenario() -> list[str]:
        queue, order = server_bots.Queue(1), []

        async def ask(name: str, rank: int) -> None:
            await queue.enter(rank)
            order.append(name)
            await asyncio.sleep(0.01)
            queue.leave()

        await queue.enter(0)  # a choice under way
        tasks = [asyncio.create_task(ask(n, r)) for n, r in [("bots1", 1), ("gone", 1)]]
        tasks += [asyncio.create_task(ask(n, r)) for n, r in [("bots2", 1), ("person", 0)]]
        await asyncio.sleep(0.01)
        tasks[1].cancel()
        queue.leave()
        await asyncio.gather(*tasks, return_exceptions=True)
        assert queue.free == 1 and not queue.waiting
        return order

    assert asyncio.run(scenario()) == ["person", "bots1", "bots2"]


# --- 5. errors stay in the protocol --------------------------------------------------------------
def refuse_writes(engine: Any) -> Any:
    """From now on the database refuses writes, as a full disk does (SQLite: a page limit at
    today's size, SQLITE_FULL; PostgreSQL: read-only transactions); the undo."""
    sqlite = engine.dialect.name == "sqlite"

    def refusing(dbapi: Any, _record: Any) -> None:
        cursor = dbapi.cursor()
        if sqlite:
            pages = cursor.execute("PRAGMA page_count").fetchone()[0]
            cursor.execute(f"PRAGMA max_page_count = {pages}")
        else:
            cursor.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            dbapi.commit()
        cursor.close()

    event.listen(engine, "connect", refusing)
    engine.dispose()

    def undo() -> None:
        event.remove(engine, "connect", refusing)
        engine.dispose()

    return undo


def test_a_failed_commit_answers_503_and_health_tells(database: str) -> None:
    """A failed commit (a full disk, a database that refuses writes) used to answer a bare
    text/plain 500: now 503 JSON with Retry-After, the game unchanged, and /api/health 503
    until a write succeeds again."""
    with make_client(database) as client:
        gid, tokens = new_game(client, HUMANS)
        hub = server_of(client).hub
        undo = refuse_writes(hub.store.engine)
        assert client.get("/api/health").json()["ok"] is True
        for _ in range(2000):
            seat = client.get(f"/api/games/{gid}").json()["current_player"]
            state = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()
            text = state["legal_moves"][0]["move"]
            body = {"ply": state["ply"], "move": text}
            r = client.post(f"/api/games/{gid}/moves", json=body, headers=bearer(tokens[seat]))
            if r.status_code != 200:
                break
        assert r.status_code == 503 and r.headers["content-type"] == "application/json"
        assert int(r.headers["Retry-After"]) >= 1 and r.json()["detail"]
        assert client.get(f"/api/games/{gid}").json()["ply"] == state["ply"]  # nothing changed
        health = client.get("/api/health")
        assert health.status_code == 503 and health.json()["ok"] is False
        assert "write failed" in health.json()["writes"]
        undo()  # room again
        r = client.post(f"/api/games/{gid}/moves", json=body, headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.text
        health = client.get("/api/health").json()
        assert health["ok"] is True and health["writes"] == "ok"


def test_a_binary_websocket_frame_gets_an_error_and_a_clean_close(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    for first in (True, False):  # as the token message, and later
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            if not first:
                ws.send_text(json.dumps({"token": tokens[0]}))
                assert ws.receive_json()["type"] == "state"
            ws.send_bytes(b"\x00\x01")
            error = ws.receive_json()
            assert error["type"] == "error" and error["status"] == 400
            assert "binary" in error["detail"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4400


def test_head_is_answered_where_get_is(client: TestClient) -> None:
    gid, _ = new_game(client, HUMANS)
    for path in ("/", f"/play/{gid}", "/api/health", "/api/catalog", f"/api/games/{gid}"):
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b"" and head.headers["content-type"] == got.headers["content-type"]


def test_every_refusal_is_json_with_a_detail(client: TestClient) -> None:
    for r in (
        client.get("/nowhere/at/all"),
        client.delete("/api/games"),
        client.get("/api/games/nosuchgame"),
        client.post("/api/games", content=b"{", headers={"content-type": "application/json"}),
    ):
        assert r.headers["content-type"] == "application/json", r.request.url
        assert r.json()["detail"], r.text


# --- 7. browser hardening ------------------------------------------------------------------------
def test_every_page_forbids_framing_and_foreign_scripts(client: TestClient) -> None:
    gid, _ = new_game(client, HUMANS)
    for path in ("/", f"/play/{gid}", f"/watch/{gid}", "/api/health", "/nowhere"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"


def test_docs_are_off_by_default(database: str) -> None:
    """Swagger UI loads its scripts from a CDN: served only when asked (``--docs``)."""
    with make_client(database) as client:
        assert client.get("/docs").status_code == 404
        assert client.get("/openapi.json").status_code == 200
    with make_client(database, docs=True) as client:
        page = client.get("/docs")
        assert (
            page.status_code == 200
            and "frame-ancestors 'none'" in page.headers["content-security-policy"]
        )


@pytest.mark.parametrize(
    "name",
    [
        "Ana\u202eneB",  # right-to-left override: shows as "AnaBen" reversed
        "\u2067Ben\u2069",  # an isolate
        "\u200b\u200b",  # only zero-width spaces
        "\u3164",  # a Hangul filler: a letter that shows as nothing
        " \u00a0 ",  # only spaces
        "\u0301\u0301",  # only combining marks
        "Ana\u0085",  # a C1 control
    ],
)
def test_deceptive_or_invisible_names_are_refused(client: TestClient, name: str) -> None:
    r = client.post("/api/games", json={"players": [{"name": name}, {"name": "Ben"}]})
    assert r.status_code == 422, r.text
    assert r.json()["detail"]


@pytest.mark.parametrize("twin", ["Ana", "ana", " Ana ", "Ａｎａ"])
def test_two_seats_cannot_share_a_name(client: TestClient, twin: str) -> None:
    """The log, the clocks and the chat name seats by name: a game whose two seats read the same
    (case, spacing and full-width letters aside) is refused, in the language asked for."""
    players = [{"name": "Ana"}, {"name": "Ben", "bot": "random"}, {"name": twin}]

    def games() -> set[str]:
        return {g["id"] for g in client.get("/api/games").json()["games"]}

    before = games()
    r = client.post("/api/games?lang=zh", json={"players": players})
    assert r.status_code == 422, r.text
    assert r.json()["detail"] == f"有两名玩家都叫“{twin.strip()}”：请给每名玩家不同的名字"
    assert games() == before, "no game was made"
    r = client.post("/api/games", json={"players": players[:2] + [{"name": "Ana 2"}]})
    assert r.status_code == 201, r.text


def test_names_in_any_script_are_welcome(client: TestClient) -> None:
    for name in ("安娜", "Zoë", "עדי", "محمد", "👩‍🚀 Ana"):
        r = client.post("/api/games", json={"players": [{"name": name}, {"name": "Ben"}]})
        assert r.status_code == 201, (name, r.text)


def test_the_guards_refusals_speak_the_language_asked_for(client: TestClient) -> None:
    """The new refusals are messages like the others (issue 21.6): Chinese when asked for, with
    the language named in ``lang``."""
    zh = {"Accept-Language": "zh-CN"}
    big = client.post("/api/games", content=b"{" * 20_000, headers=zh)
    assert big.status_code == 413 and big.json() == {
        "detail": "请求正文超过 16384 字节",
        "lang": "zh",
    }
    name = client.post(
        "/api/games", json={"players": [{"name": "\u200b"}, {"name": "Ben"}]}, headers=zh
    )
    assert name.json() == {"detail": "名字至少须有一个可见字符", "lang": "zh"}
    gid, _ = new_game(client, HUMANS)
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=zh") as ws:
        ws.send_bytes(b"\x00")
        assert ws.receive_json()["detail"] == "请发送文本消息（JSON），不要发送二进制消息"
    english = client.get("/api/games/nosuchgame")
    assert english.json()["lang"] == "en" and english.json()["detail"] == "no game 'nosuchgame'"
