"""Your turn, with the page closed (issue 24 item 2): Web Push to a local push endpoint and
e-mail to a local SMTP server (aiosmtpd), at most one message per turn, nothing secret in
either, each channel switchable per seat; sending never holds up a move. Also: the migration
that brings the tables (0006) upgrades a database made at 0004 with its games intact, on SQLite
and PostgreSQL.
"""

from __future__ import annotations

import base64
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from serverkit import (
    Browser,
    Inbox,
    PushEndpoint,
    bearer,
    head_revision,
    make_client,
    new_game,
    postgres_database,
    state,
)

import onmars
from onmars.server.config import Settings
from onmars.server.live import token_hash
from onmars.server.store import Hints, SeatRow, Store

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
WAIT = 15.0


# --- helpers -------------------------------------------------------------------------------------
def play_until_turn_of(client: Any, gid: str, tokens: list[str | None], seat: int) -> None:
    """Play the first legal moves of whoever decides until ``seat`` decides."""
    for _ in range(60):
        now = state(client, gid)
        if now["current_player"] == seat:
            return
        mover = now["current_player"]
        mine = state(client, gid, tokens[mover])
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": mine["ply"], "move": mine["legal_moves"][0]["move"]},
            headers=bearer(tokens[mover]),
        )
        assert r.status_code == 200, r.text
    raise AssertionError(f"seat {seat} never came to decide")


def wait_for(check: Any, what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def secrets_of(client: Any, gid: str, tokens: list[str | None]) -> list[str]:
    """What must never appear in a message: the seats' tokens and their hashes, the seed."""
    found = [t for t in tokens if t] + [token_hash(t) for t in tokens if t]
    return found


def notify_client(database: str, smtp_port: int, **extra: Any) -> Any:
    return make_client(
        database,
        smtp=f"smtp://127.0.0.1:{smtp_port}?from=mars@example.org",
        public_url="https://mars.example.org",
        push_http=True,
        push_private=True,  # the push endpoint is on loopback (onmars.server.push)
        **extra,
    )


# --- the tests -----------------------------------------------------------------------------------
def test_your_turn_comes_by_push_and_email_once_per_turn_with_nothing_secret(
    database: str, smtp: tuple[Inbox, int], endpoint: PushEndpoint
) -> None:
    """Ben asks for e-mail and Web Push; each time his turn comes (his page closed) one e-mail
    and one push arrive, in his language, with the game and a link without his token; a turn
    of several decisions (his own plies) brings no more."""
    inbox, port = smtp
    with notify_client(database, port) as client:
        gid, tokens = new_game(client, HUMANS)
        first = state(client, gid)["current_player"]
        ben = 1 - first  # the seat that waits first ("Ben" below, whatever its name)
        name = HUMANS[ben]["name"]
        browser = Browser(f"http://127.0.0.1:{endpoint.port}/push/ben-device")
        r = client.post(
            f"/api/games/{gid}/push", json=browser.subscription, headers=bearer(tokens[ben])
        )
        assert r.status_code == 200, r.text
        assert r.json()["subscriptions"] == 1 and r.json()["push_key"]
        r = client.put(
            f"/api/games/{gid}/notices",
            json={"address": "ben@example.org", "lang": "zh"},
            headers=bearer(tokens[ben]),
        )
        assert r.status_code == 200, r.text
        assert r.json()["address"] == "ben@example.org" and r.json()["email_available"]

        play_until_turn_of(client, gid, tokens, ben)
        wait_for(lambda: len(inbox.messages) >= 1 and len(endpoint.received) >= 1, "the messages")
        ply_told = state(client, gid)["ply"]

        # the e-mail: to Ben, in Chinese, the game and a link without any token
        mail = inbox.messages[0]
        assert mail["To"] == "ben@example.org" and mail["From"] == "mars@example.org"
        body = mail.get_payload(decode=True).decode()
        assert gid in body and f"https://mars.example.org/play/{gid}" in body
        assert "你的回合" in body and name in body
        # the push: encrypted for Ben's browser (aes128gcm), signed with the server's VAPID key
        headers, encrypted, path = endpoint.received[0]
        assert path == "/push/ben-device"
        assert headers["content-encoding"] == "aes128gcm"
        assert headers["authorization"].startswith("vapid t=")
        shown = browser.read(encrypted)
        round_now = state(client, gid)["view"]["round"]
        assert shown == {
            "title": "火星之上：你的回合",
            "body": f"{name}，对局 {gid} 到了你的回合（第 {round_now} 轮）。",
            "url": f"/play/{gid}",
            "tag": f"onmars-{gid}",
        }
        # nothing secret: no token, no token's hash, in the e-mail or the push (RUL-18)
        everything = inbox.raw[0].decode(errors="replace") + json.dumps(shown, ensure_ascii=False)
        for secret in secrets_of(client, gid, tokens):
            assert secret not in everything

        # Ben's turn goes on (his own decisions): no more messages for this turn
        now = state(client, gid, tokens[ben])
        plies_in_turn = 0
        while now["current_player"] == ben and plies_in_turn < 5:
            client.post(
                f"/api/games/{gid}/moves",
                json={"ply": now["ply"], "move": now["legal_moves"][0]["move"]},
                headers=bearer(tokens[ben]),
            )
            plies_in_turn += 1
            now = state(client, gid, tokens[ben])
        time.sleep(0.5)
        assert len(inbox.messages) == 1 and len(endpoint.received) == 1

        # the next turn of Ben's: one more of each
        play_until_turn_of(client, gid, tokens, 1 - ben)
        play_until_turn_of(client, gid, tokens, ben)
        wait_for(lambda: len(inbox.messages) >= 2 and len(endpoint.received) >= 2, "turn 2")
        time.sleep(0.3)
        assert len(inbox.messages) == 2 and len(endpoint.received) == 2
        assert state(client, gid)["ply"] > ply_told
        # the first mover asked for nothing: nothing was sent to anyone else
        assert all(m["To"] == "ben@example.org" for m in inbox.messages)


def test_each_channel_switches_off_and_an_open_page_is_not_sent_anything(
    database: str, smtp: tuple[Inbox, int], endpoint: PushEndpoint
) -> None:
    inbox, port = smtp
    with notify_client(database, port) as client:
        gid, tokens = new_game(client, HUMANS)
        ben = 1 - state(client, gid)["current_player"]
        browser = Browser(f"http://127.0.0.1:{endpoint.port}/push/x")
        auth = bearer(tokens[ben])
        client.post(f"/api/games/{gid}/push", json=browser.subscription, headers=auth)
        r = client.put(
            f"/api/games/{gid}/notices",
            json={"address": "ben@example.org", "email": False},
            headers=auth,
        )
        assert r.json()["email"] is False and r.json()["push"] is True
        play_until_turn_of(client, gid, tokens, ben)
        wait_for(lambda: len(endpoint.received) == 1, "the push")
        time.sleep(0.3)
        assert inbox.messages == [], "e-mail was switched off"

        # push off too: nothing at all for the next turn
        client.put(f"/api/games/{gid}/notices", json={"push": False}, headers=auth)
        play_until_turn_of(client, gid, tokens, 1 - ben)
        play_until_turn_of(client, gid, tokens, ben)
        time.sleep(0.8)
        assert len(endpoint.received) == 1 and inbox.messages == []

        # both on again, but Ben's page is open (a WebSocket of his seat): the page tells him
        client.put(f"/api/games/{gid}/notices", json={"push": True, "email": True}, headers=auth)
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_text(json.dumps({"token": tokens[ben]}))
            assert ws.receive_json()["type"] == "state"
            play_until_turn_of(client, gid, tokens, 1 - ben)
            play_until_turn_of(client, gid, tokens, ben)
            time.sleep(0.8)
        assert len(endpoint.received) == 1 and inbox.messages == []


def test_a_silent_mail_server_never_holds_up_or_breaks_a_move(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """SMTP at an address that takes the connection and never answers (the worst case: the
    send waits for its timeout): the moves are answered at once all the same; the failure is
    logged (without the SMTP password), never raised."""
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)  # connections wait in the backlog: nobody ever answers them
    dead = silent.getsockname()[1]
    try:
        with make_client(database, smtp=f"smtp://mars:hunter2@127.0.0.1:{dead}") as client:
            gid, tokens = new_game(client, HUMANS)
            ben = 1 - state(client, gid)["current_player"]
            client.put(
                f"/api/games/{gid}/notices",
                json={"address": "ben@example.org"},
                headers=bearer(tokens[ben]),
            )
            started = time.monotonic()
            play_until_turn_of(client, gid, tokens, ben)
            took = time.monotonic() - started
            assert took < 5, f"the moves waited for the mail: {took:.1f} s"
            assert state(client, gid, tokens[ben])["legal_moves"]
            wait_for(lambda: "your-turn notice" in caplog.text, "the logged failure", 30)
            assert "hunter2" not in caplog.text
    finally:
        silent.close()


def test_push_subscriptions_are_bounded_checked_and_private(database: str) -> None:
    """A flood of subscriptions keeps 5 per seat; an endpoint that is not https is refused
    (the server POSTs to it: no plain-HTTP or odd address); spectators and other seats cannot
    read or change a seat's choices."""
    with make_client(database) as client:
        gid, tokens = new_game(client, HUMANS)
        auth = bearer(tokens[0])
        for i in range(40):
            sub = Browser(f"https://push.example.org/device-{i}").subscription
            r = client.post(f"/api/games/{gid}/push", json=sub, headers=auth)
            assert r.status_code == 200, r.text
        assert r.json()["subscriptions"] == 5
        from onmars.server.social import push_subscriptions

        store = Store(Settings(database=database).url())
        try:
            with store.engine.connect() as conn:
                kept = (
                    conn.execute(
                        sa.select(push_subscriptions.c.endpoint).where(
                            push_subscriptions.c.game_id == gid
                        )
                    )
                    .scalars()
                    .all()
                )
        finally:
            store.close()
        assert sorted(kept) == sorted(f"https://push.example.org/device-{i}" for i in range(35, 40))
        for bad in ("http://127.0.0.1:9/x", "file:///etc/passwd", "https://u:p@push.example.org/"):
            sub = Browser(bad).subscription
            r = client.post(f"/api/games/{gid}/push", json=sub, headers=auth)
            assert r.status_code == 422, bad
        long = Browser("https://push.example.org/" + "x" * 2000).subscription
        assert client.post(f"/api/games/{gid}/push", json=long, headers=auth).status_code == 422
        # only the seat itself
        assert client.get(f"/api/games/{gid}/notices").status_code == 401
        assert client.put(f"/api/games/{gid}/notices", json={"push": False}).status_code == 401
        r = client.put(
            f"/api/games/{gid}/notices", json={"address": "x@y.z"}, headers=bearer(tokens[1])
        )
        assert client.get(f"/api/games/{gid}/notices", headers=auth).json()["address"] is None
        # a header slipped into an address is refused
        r = client.put(
            f"/api/games/{gid}/notices",
            json={"address": "a@b.c\r\nBcc: victim@example.org"},
            headers=auth,
        )
        assert r.status_code == 422
        assert client.get(f"/api/games/{gid}/notices", headers=auth).json()["address"] is None


def test_the_vapid_key_is_made_once_and_kept(database: str) -> None:
    with make_client(database) as client:
        gid, tokens = new_game(client, HUMANS)
        key = client.get(f"/api/games/{gid}/notices", headers=bearer(tokens[0])).json()["push_key"]
    with make_client(database) as client:
        again = client.get(f"/api/games/{gid}/notices", headers=bearer(tokens[0])).json()
    assert key and again["push_key"] == key
    assert len(base64.urlsafe_b64decode(key + "==")) == 65  # an uncompressed P-256 point


# --- the migration ------------------------------------------------------------------------------
def _at_0004(url: str) -> Store:
    """A database made by the release before this one: migrated to 0004 only."""
    from alembic import command
    from alembic.config import Config

    store = Store(url)
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(Path(onmars.__file__).parent / "server" / "migrations")
    )
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0004")
    return store


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_of_the_last_release_upgrades_with_its_games_intact(
    kind: str, tmp_path: Path
) -> None:
    """A database at 0004 holding a game played 12 moves in: migrated at the server's start to
    0006, the game is the same (moves, view), and chat and notices work on it."""
    if kind == "sqlite":
        urls: Iterator[str] = iter([f"sqlite:///{tmp_path / 'old.sqlite3'}"])
    else:
        urls = postgres_database()
    url = next(urls)
    try:
        store = _at_0004(Settings(database=url).url())
        game = onmars.Game.new(["Ana", "Ben"], seed=5)
        movers = []
        for _ in range(12):
            movers.append(game.current_player)
            game.play(game.legal_moves()[0])
        token = "an-old-seat-token"
        rows = [SeatRow(0, "Ana", None, token_hash(token)), SeatRow(1, "Ben", None, None)]
        store.import_game(
            "oldgame", game.log, rows, movers, Hints(game.current_player, False, game.round)
        )
        assert store.revision() == "0004"
        store.close()

        with make_client(url) as client:
            seen = state(client, "oldgame", token)
            assert seen["ply"] == 12 and seen["seat"] == 0
            assert seen["view"]["players"] == game.view(0)["players"]
            r = client.post(
                "/api/games/oldgame/chat",
                json={"channel": "players", "text": "still here"},
                headers=bearer(token),
            )
            assert r.status_code == 201, r.text
            assert (
                client.get("/api/games/oldgame/notices", headers=bearer(token)).status_code == 200
            )
        store = Store(Settings(database=url).url())
        assert store.revision() == head_revision()
        store.close()
    finally:
        for _ in urls:  # the PostgreSQL database is dropped
            pass


@pytest.mark.slow
def test_onmars_serve_sends_email_with_its_smtp_option(
    tmp_path: Path, smtp: tuple[Inbox, int]
) -> None:
    """``onmars serve --smtp URL``: the server process sends the e-mail, with a link to the
    address it serves at (``--public-url`` not given), never the SMTP password in its log."""
    from serverkit import ServerProcess

    inbox, port = smtp
    server = ServerProcess(
        tmp_path / "server.log",
        "--database",
        str(tmp_path / "games.sqlite3"),
        "--smtp",
        f"smtp://mars:s3cret-pw@127.0.0.1:{port}",
    ).start(timeout=120)
    try:
        import httpx

        with httpx.Client(base_url=server.base, timeout=30) as client:
            gid, tokens = new_game(client, HUMANS)
            ben = 1 - state(client, gid)["current_player"]
            r = client.put(
                f"/api/games/{gid}/notices",
                json={"address": "ben@example.org"},
                headers=bearer(tokens[ben]),
            )
            assert r.status_code == 200 and r.json()["email_available"], r.text
            play_until_turn_of(client, gid, tokens, ben)
            wait_for(lambda: len(inbox.messages) == 1, "the e-mail")
        body = inbox.messages[0].get_payload(decode=True).decode()
        assert f"{server.base}/play/{gid}" in body
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "s3cret-pw" not in log and "mars:***@" in log
