"""Accounts (issue 24, items 1, 6 and 7), on SQLite and PostgreSQL: register, sign in and out,
claim a guest seat, My games and a seat opened on another device; and the abuse they invite:
CSRF, session fixation, password guessing, account enumeration, passwords in logs. And the
migration: a database made by the release before accounts (revision 0004) upgrades in place
with its games intact. XSS through names is in tests/test_web_accounts.py (a browser)."""

from __future__ import annotations

import logging
import secrets
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from serverkit import bearer, head_revision, make_client, new_game

import onmars
from onmars.server.accounts import SESSION_COOKIE
from onmars.server.config import Settings
from onmars.server.live import new_token, token_hash
from onmars.server.store import Hints, SeatRow, Store, account_sessions, now

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
PASSWORD = "correct horse battery"
#: The test client's host as its cookie jar keeps it (one cookie per name there).
HOST = "testserver.local"


@pytest.fixture
def database(fresh_database: str) -> str:
    """A fresh database for each test, SQLite then PostgreSQL (conftest's ``fresh_database``)."""
    return fresh_database


def register(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    r = client.post("/api/account/register", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()


def login(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post("/api/account/login", json={"name": name, "password": password})


def me(client: TestClient) -> dict[str, Any]:
    r = client.get("/api/account")
    assert r.status_code == 200, r.text
    return r.json()


def csrf(client: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": me(client)["csrf"]}


def new_device(client: TestClient) -> None:
    """The same server seen from another browser: no cookie."""
    client.cookies.clear()


# --- register, sign in and out ------------------------------------------------------------------
def test_register_login_logout_with_an_httponly_samesite_cookie(client: TestClient) -> None:
    r = client.post("/api/account/register", json={"name": "Ana", "password": PASSWORD})
    assert r.status_code == 201 and r.json()["name"] == "Ana" and r.json()["signed_in"]
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{SESSION_COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # plain HTTP here; HTTPS (also via a proxy) adds it
    assert me(client)["name"] == "Ana" and me(client)["rating"] == 1341  # the prior: easy's
    # the name is taken, whatever its case or width
    taken = client.post("/api/account/register", json={"name": "ＡＮＡ", "password": PASSWORD})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    session = client.cookies[SESSION_COOKIE]
    r = client.post("/api/account/logout", headers=csrf(client))
    assert r.status_code == 200 and r.json() == {"signed_in": False}
    assert me(client)["signed_in"] is False
    # the old cookie signs nobody in, also when a copy of it is sent again
    client.cookies.set(SESSION_COOKIE, session, domain=HOST)
    assert me(client)["signed_in"] is False
    r = login(client, "ana")  # names are compared case-folded
    assert r.status_code == 200 and me(client)["name"] == "Ana"


def test_bad_names_and_passwords_are_refused_clearly(client: TestClient) -> None:
    short = client.post("/api/account/register", json={"name": "Ana", "password": "short"})
    assert short.status_code == 422 and "8 to 200" in short.json()["detail"]
    zh = client.post("/api/account/register?lang=zh", json={"name": "Ana", "password": "short"})
    assert zh.status_code == 422 and "密码" in zh.json()["detail"]
    for name in ("", " Ana", "\u202eAna", "a" * 33, "\ufdfa" * 8):
        r = client.post("/api/account/register", json={"name": name, "password": PASSWORD})
        assert r.status_code == 422, name
    assert me(client)["signed_in"] is False


# --- seats: claim, My games, another device ------------------------------------------------------
def test_a_guest_seat_is_claimed_and_played_from_another_device(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    assert tokens[0] and tokens[1]
    register(client, "Ana")
    assert client.get("/api/account/games").json() == {"games": []}
    r = client.post(
        "/api/account/claim", json={"game_id": gid, "token": tokens[0]}, headers=csrf(client)
    )
    assert r.status_code == 200 and r.json() == {"game_id": gid, "seat": 0}
    # a token that is no seat of the game claims nothing
    wrong = client.post(
        "/api/account/claim", json={"game_id": gid, "token": "x" * 22}, headers=csrf(client)
    )
    assert wrong.status_code == 401

    new_device(client)
    assert client.get("/api/account/games").status_code == 401
    assert login(client, "Ana").status_code == 200
    mine = client.get("/api/account/games").json()["games"]
    assert [(g["id"], g["seat"]) for g in mine] == [(gid, 0)]
    assert mine[0]["players"][0] == {"seat": 0, "name": "Ana", "bot": None, "account": "Ana"}
    assert mine[0]["players"][1]["account"] is None  # Ben's seat: a guest's
    # a seat key for this device acts as the seat's link does
    r = client.post(f"/api/account/games/{gid}/key", headers=csrf(client))
    assert r.status_code == 200 and r.json()["seat"] == 0
    key = r.json()["token"]
    assert key != tokens[0]
    state = client.get(f"/api/games/{gid}", headers=bearer(key)).json()
    assert state["seat"] == 0
    if state["current_player"] == 0:
        move = state["legal_moves"][0]["move"]
        played = client.post(
            f"/api/games/{gid}/moves", json={"ply": state["ply"], "move": move},
            headers=bearer(key),
        )  # fmt: skip
        assert played.status_code == 200 and played.json()["ply"] == 1
    # the guest link keeps working, and the other seat stays the guest's
    assert client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).json()["seat"] == 0
    none = client.post(f"/api/account/games/{gid}x/key", headers=csrf(client))
    assert none.status_code == 404
    # another account cannot take Ana's seat
    new_device(client)
    register(client, "Ben")
    r = client.post(
        "/api/account/claim", json={"game_id": gid, "token": tokens[0]}, headers=csrf(client)
    )
    assert r.status_code == 409


# --- CSRF ----------------------------------------------------------------------------------------
def test_changes_made_with_the_cookie_need_the_csrf_token(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    register(client, "Ana")
    claim = {"game_id": gid, "token": tokens[0]}
    refusals = [
        client.post("/api/account/claim", json=claim),
        client.post("/api/account/claim", json=claim, headers={"X-CSRF-Token": "guess"}),
        client.post(
            "/api/account/claim",
            json=claim,
            headers={**csrf(client), "Origin": "https://evil.example"},
        ),
        client.post(f"/api/account/games/{gid}/key"),
        client.post("/api/account/logout"),
    ]
    assert [r.status_code for r in refusals] == [403] * 5
    assert "X-CSRF-Token" in refusals[0].json()["detail"]
    assert "another site" in refusals[2].json()["detail"]
    assert client.get("/api/account/games").json() == {"games": []}  # nothing was claimed
    assert me(client)["signed_in"]  # nor signed out
    # login CSRF: another site cannot sign a browser into its own account
    new_device(client)
    r = client.post(
        "/api/account/login",
        json={"name": "Ana", "password": PASSWORD},
        headers={"Origin": "https://evil.example"},
    )
    assert r.status_code == 403 and SESSION_COOKIE not in r.headers.get("set-cookie", "")
    # the same site's own page may
    r = client.post(
        "/api/account/login",
        json={"name": "Ana", "password": PASSWORD},
        headers={"Origin": "http://testserver"},
    )
    assert r.status_code == 200


# --- session fixation ----------------------------------------------------------------------------
def test_signing_in_makes_a_new_session_id(client: TestClient) -> None:
    register(client, "Ana")
    new_device(client)
    # an id planted by someone else is never adopted...
    planted = secrets.token_urlsafe(32)
    client.cookies.set(SESSION_COOKIE, planted, domain=HOST)
    assert login(client, "Ana").status_code == 200
    issued = client.cookies[SESSION_COOKIE]
    assert issued != planted
    attacker = TestClient(client.app)
    attacker.cookies.set(SESSION_COOKIE, planted, domain=HOST)
    assert attacker.get("/api/account").json()["signed_in"] is False
    # ...and a real session someone knew before the login is dropped by it
    register(client, "Ben")  # signs in as Ben from the browser signed in as Ana
    assert client.cookies[SESSION_COOKIE] != issued
    attacker.cookies.set(SESSION_COOKIE, issued, domain=HOST)
    assert attacker.get("/api/account").json()["signed_in"] is False
    assert me(client)["name"] == "Ben"


def test_an_expired_session_signs_nobody_in(client: TestClient, database: str) -> None:
    register(client, "Ana")
    store = Store(Settings(database=database).url())
    try:
        with store.engine.begin() as conn:
            conn.execute(account_sessions.update().values(expires=now() - timedelta(seconds=1)))
    finally:
        store.close()
    assert me(client)["signed_in"] is False
    assert client.post("/api/account/logout", headers={"X-CSRF-Token": "x"}).status_code == 401


# --- password guessing, enumeration, logs ---------------------------------------------------------
def test_password_guessing_is_rate_limited_per_name_and_per_address(database: str) -> None:
    with make_client(database, login_name_burst=3, login_name_rate=1e-6) as client:
        register(client, "Ana")
        tries = [login(client, "Ana", f"guess {i}").status_code for i in range(3)]
        assert tries == [401, 401, 401]
        r = login(client, "Ana")  # even the right password waits now
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
        assert login(client, "ANA").status_code == 429  # the same name, folded
        assert login(client, "Nobody").status_code == 401  # another name has its own budget
    with make_client(database, login_burst=4, login_rate=1e-6) as client:
        codes = [login(client, f"name{i}", "guess guess").status_code for i in range(6)]
        assert codes == [401] * 4 + [429] * 2


def test_an_unknown_name_and_a_wrong_password_look_the_same(client: TestClient) -> None:
    register(client, "Ana")
    client.cookies.clear()

    def timed(name: str) -> tuple[float, Any]:
        start = time.perf_counter()
        r = login(client, name, "not the password")
        return time.perf_counter() - start, r

    unknown = [timed("Nobody") for _ in range(4)]
    wrong = [timed("Ana") for _ in range(4)]
    assert {(r.status_code, r.text) for _, r in unknown + wrong} == {
        (401, '{"detail":"wrong user name or password","lang":"en"}')
    }
    # both pay one argon2id verification: the least times are alike (on a shared host other
    # work only ever adds time, so the least of a few tries is the honest figure)
    slow, fast = min(t for t, _ in unknown), min(t for t, _ in wrong)
    assert 0.4 < slow / fast < 2.5, (slow, fast)


def test_passwords_never_reach_the_logs_or_the_answers(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "Tr0ub4dor&3-" + secrets.token_hex(6)
    answers = [
        client.post("/api/account/register", json={"name": "Ana", "password": secret}),
        login(client, "Ana", secret + "x"),
        login(client, "Ana", secret),
        client.post("/api/account/register", json={"name": "Ben", "password": secret[:5]}),
        client.post("/api/account/register", json={"name": "Cy", "password": 5, "x": secret}),
    ]
    assert [r.status_code for r in answers] == [201, 401, 200, 422, 422]
    assert all(secret[:5] not in r.text for r in answers)
    assert caplog.records  # the server did log (the requests, the database)
    assert secret[:5] not in caplog.text
    store = Store(Settings(database=str(client.app.state.server.settings.database)).url())
    try:
        with store.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT password FROM accounts")).scalars().all()
    finally:
        store.close()
    assert len(stored) == 1 and stored[0].startswith("$argon2id$") and secret not in stored[0]


# --- the migration: a database of the release before accounts upgrades in place ----------------
def test_a_database_of_revision_0004_upgrades_with_its_games_intact(database: str) -> None:
    url = Settings(database=database).url()
    store = Store(url)
    game = onmars.Game.new(["Ana", "Ben"], seed=7)
    for _ in range(30):
        game.play(game.legal_moves()[0])
    gid, tokens = secrets.token_urlsafe(9), [new_token(), new_token()]
    try:
        cfg = Config()
        cfg.set_main_option("script_location", str(store_migrations()))
        with store.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0004")  # today's release
        assert store.revision() == "0004"
        rows = [
            SeatRow(i, n, None, token_hash(t))
            for i, (n, t) in enumerate(zip(game.players, tokens, strict=True))
        ]
        movers = [e.seat for e in game.seat_log(None)]
        store.import_game(
            gid, game.log, rows, movers, Hints(game.current_player, False, game.round)
        )
        before = store.load(gid)
        store.migrate()  # what the next start does
        assert store.revision() == head_revision()
        after = store.load(gid)
    finally:
        store.close()
    assert before is not None and after == before and after.moves == game.moves
    with make_client(database) as client:
        state = client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).json()
        assert state["ply"] == 30 and state["seat"] == 0
        register(client, "Ana")
        r = client.post(
            "/api/account/claim", json={"game_id": gid, "token": tokens[0]}, headers=csrf(client)
        )
        assert r.status_code == 200
        assert [g["id"] for g in client.get("/api/account/games").json()["games"]] == [gid]


def store_migrations() -> Any:

    import onmars.server.store as module

    return Path(module.__file__).parent / "migrations"
