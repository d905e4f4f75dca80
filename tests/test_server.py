"""The game server's protocol (issue: online play), in process, against SQLite and PostgreSQL.

Every test runs once per database: SQLite in a temporary folder, and PostgreSQL when
ONMARS_TEST_POSTGRES names a server (else those runs are skipped; CI sets it).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from fastapi.testclient import TestClient
from serverkit import FAST, bearer, head_revision, make_client, new_game

import onmars
from onmars.server.app import create_app
from onmars.server.config import Settings
from onmars.server.store import Store, games, metadata, seats

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]


def get(client: TestClient, gid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=bearer(token), params=params)
    assert r.status_code == 200, r.text
    return r.json()


def move(client: TestClient, gid: str, token: str | None, ply: int, text: str) -> httpx.Response:
    return client.post(
        f"/api/games/{gid}/moves", json={"ply": ply, "move": text}, headers=bearer(token)
    )


def play_turns(client: TestClient, gid: str, tokens: list[str | None], n: int, seed: int = 1):
    """``n`` random legal moves by whichever human seat decides."""
    rng = random.Random(seed)
    for _ in range(n):
        spectator = get(client, gid)
        seat = spectator["current_player"]
        state = get(client, gid, tokens[seat])
        choice = rng.choice(state["legal_moves"])["move"]
        r = move(client, gid, tokens[seat], state["ply"], choice)
        assert r.status_code == 200, r.text
    return get(client, gid)


# --- the protocol ------------------------------------------------------------------------------
def test_new_game_gives_each_human_seat_a_secret_link(client: TestClient, database: str) -> None:
    r = client.post(
        "/api/games",
        json={"players": [{"name": "Ana"}, {"name": "Robo", "bot": "random"}], "length": "short"},
    )
    assert r.status_code == 201
    data = r.json()
    ana, robo = data["seats"]
    assert len(ana["token"]) == 22  # 128 random bits, URL-safe
    # the token rides in the fragment, which browsers never send to a server (issue 28.1)
    assert ana["url"] == f"/play/{data['id']}#token={ana['token']}"
    assert robo["token"] is None and robo["url"] is None and robo["bot"] == "random"
    # the token is stored only as its hash
    store = Store(Settings(database=database).url())
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(sa.select(seats.c.token_hash)).scalars().all()
        assert ana["token"] not in rows and all(h is None or len(h) == 64 for h in rows)
    finally:
        store.close()


def test_get_shows_a_seat_its_view_events_and_legal_moves(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    spectator = get(client, gid)
    seat = spectator["current_player"]
    assert spectator["seat"] is None and spectator["legal_moves"] == []
    assert spectator["ply"] == 0 and not spectator["is_over"]
    mine = get(client, gid, tokens[seat], lang="zh")
    assert mine["seat"] == seat and mine["view"]["viewer"] == seat
    assert mine["legal_moves"], "the seat that decides gets its legal moves"
    first = mine["legal_moves"][0]
    assert {"move", "label", "verb", "args", "target"} <= set(first)
    assert "cost" not in first, "a state carries labels: a preview only when asked"
    other = get(client, gid, tokens[1 - seat])
    assert other["legal_moves"] == []
    # described when asked, for the seat that decides only (RUL-18)
    asked = client.get(f"/api/games/{gid}/moves?lang=zh", headers=bearer(tokens[seat])).json()
    assert asked["version"] == mine["version"]
    assert [m["move"] for m in asked["legal_moves"]] == [m["move"] for m in mine["legal_moves"]]
    assert [m["label"] for m in asked["legal_moves"]] == [m["label"] for m in mine["legal_moves"]]
    assert {"cost", "gain", "op", "events", "warnings", "then"} <= set(asked["legal_moves"][0])
    for token in (tokens[1 - seat], None):
        theirs = client.get(f"/api/games/{gid}/moves", headers=bearer(token)).json()
        assert theirs["legal_moves"] == theirs["sequences"] == []
    r = move(client, gid, tokens[seat], 0, first["move"])
    assert r.status_code == 200
    after = r.json()
    assert after["ply"] == 1
    assert after["events"] and all(e["ply"] == 0 for e in after["events"])
    assert get(client, gid, since=1)["events"] == []
    assert all("text" in e for e in get(client, gid, lang="en")["events"])


def test_full_game_against_a_bot_through_the_api(client: TestClient) -> None:
    """A whole game: a client playing random legal moves against the server's random bot."""
    gid, tokens = new_game(client, [{"name": "Ana"}, {"name": "Robo", "bot": "random"}])
    rng = random.Random(7)
    deadline = time.monotonic() + 120
    mine = 0
    while time.monotonic() < deadline:
        state = get(client, gid, tokens[0])
        if state["is_over"]:
            break
        if state["current_player"] != 0:
            time.sleep(0.002)  # the bot is choosing
            continue
        r = move(client, gid, tokens[0], state["ply"], rng.choice(state["legal_moves"])["move"])
        assert r.status_code == 200, r.text
        mine += 1
    assert state["is_over"], "the game did not finish in time"
    assert state["winners"] and state["scores"] and state["ended"] is None
    assert 0 < mine < state["ply"]
    # nothing can be played or taken back any more
    assert move(client, gid, tokens[0], state["ply"], "done").status_code == 409
    assert client.post(f"/api/games/{gid}/undo", headers=bearer(tokens[0])).status_code == 422
    # the finished game replays at any ply, as a spectator saw it
    start = client.get(f"/api/games/{gid}/replay", params={"ply": 0}).json()
    assert start["ply"] == 0 and start["total"] == state["ply"] and start["view"]["viewer"] is None
    middle = client.get(f"/api/games/{gid}/replay", params={"ply": 100, "since": 90}).json()
    assert {e["ply"] for e in middle["events"]} <= set(range(90, 100))
    end = client.get(f"/api/games/{gid}/replay", params={"ply": state["ply"]}).json()
    assert end["view"] == get(client, gid)["view"]
    assert client.get(f"/api/games/{gid}/replay", params={"ply": 10**5}).status_code == 422


def test_a_seat_cannot_act_on_another_seats_turn(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    state = get(client, gid)
    seat = state["current_player"]
    legal = get(client, gid, tokens[seat])["legal_moves"][0]["move"]
    r = move(client, gid, tokens[1 - seat], 0, legal)
    assert r.status_code == 403 and "not your turn" in r.json()["detail"]
    assert client.post(f"/api/games/{gid}/undo", headers=bearer(tokens[1 - seat])).status_code in (
        422,
    )
    assert get(client, gid)["ply"] == 0
    # a token of another game is no seat here
    other, other_tokens = new_game(client, HUMANS)
    r = move(client, gid, other_tokens[seat], 0, legal)
    assert r.status_code == 401
    assert get(client, gid)["ply"] == 0


def test_moves_are_checked_against_the_ply_and_the_rules(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = get(client, gid)["current_player"]
    legal = get(client, gid, tokens[seat])["legal_moves"][0]["move"]
    assert move(client, gid, tokens[seat], 5, legal).status_code == 409
    r = move(client, gid, tokens[seat], 0, "seat 99")
    assert r.status_code == 422
    body = r.json()
    assert body["rule"] == "§19" and body["reason"] and body["detail"].startswith("§19: ")
    zh = client.post(
        f"/api/games/{gid}/moves",
        params={"lang": "zh"},
        json={"ply": 0, "move": "seat 99"},
        headers=bearer(tokens[seat]),
    )
    assert zh.status_code == 422 and zh.json()["rule"] == "§19"
    assert zh.json()["detail"].startswith("§19：") and zh.json()["detail"] != body["detail"]
    r = move(client, gid, tokens[seat], 0, "fly to the moon")
    assert r.status_code == 422 and r.json()["detail"]
    assert get(client, gid)["ply"] == 0
    assert move(client, gid, tokens[seat], 0, legal).status_code == 200
    r = move(client, gid, tokens[seat], 0, legal)
    assert r.status_code == 409 and r.json()["ply"] == 1


def test_undo_takes_back_only_your_own_move(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = get(client, gid)["current_player"]
    legal = get(client, gid, tokens[seat])["legal_moves"][0]["move"]
    before = get(client, gid, tokens[seat])
    assert move(client, gid, tokens[seat], 0, legal).status_code == 200
    state = get(client, gid)
    if state["current_player"] == seat:  # still this seat's turn: it may take it back
        assert get(client, gid, tokens[seat])["can_undo"]
        r = client.post(f"/api/games/{gid}/undo", json={"ply": 1}, headers=bearer(tokens[seat]))
        assert r.status_code == 200, r.text
        assert r.json()["ply"] == 0 and r.json()["view"] == before["view"]
    else:  # the turn passed: RUL-19 refuses
        r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens[seat]))
        assert r.status_code == 422 and r.json()["rule"] == "RUL-19"
    r = client.post(f"/api/games/{gid}/undo", headers=bearer(None))
    assert r.status_code == 401


def test_conclude_needs_every_human_seat(client: TestClient) -> None:
    gid, tokens = new_game(client, [*HUMANS, {"name": "Robo", "bot": "greedy"}])
    url = f"/api/games/{gid}/conclude"
    r = client.post(url, headers=bearer(tokens[0]))
    assert r.status_code == 200 and r.json()["votes"] == [0] and not r.json()["is_over"]
    r = client.post(url, json={"agree": False}, headers=bearer(tokens[0]))
    assert r.json()["votes"] == []
    client.post(url, headers=bearer(tokens[0]))
    r = client.post(url, headers=bearer(tokens[1]))
    state = r.json()
    assert state["is_over"] and state["ended"] == "agreement" and state["winners"]
    assert client.post(url, headers=bearer(tokens[1])).status_code == 409
    assert client.post(url).status_code == 401


def test_websocket_pushes_each_change_as_each_seat_may_see_it(
    client: TestClient, database: str
) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = get(client, gid)["current_player"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as player,
        client.websocket_connect(f"/api/games/{gid}/ws") as watcher,
    ):
        player.send_text(json.dumps({"token": tokens[seat]}))
        watcher.send_text(json.dumps({"token": None}))  # a spectator, said in the first message
        first_p, first_w = player.receive_json(), watcher.receive_json()
        assert first_p["type"] == "state" and first_p["seat"] == seat and first_p["legal_moves"]
        assert first_w["seat"] is None and first_w["legal_moves"] == []
        texts = [json.dumps(first_w)]
        for _ in range(12):
            state = get(client, gid)
            s = state["current_player"]
            choice = get(client, gid, tokens[s])["legal_moves"][-1]["move"]
            assert move(client, gid, tokens[s], state["ply"], choice).status_code == 200
            pushed = watcher.receive_json()
            while pushed["ply"] < state["ply"] + 1:
                pushed = watcher.receive_json()
            texts.append(json.dumps(pushed))
            assert pushed["events"] and pushed["events"][0]["ply"] == state["ply"]
        # the spectator's stream carries no secret: no seed, no seat's hand of goals
        stored = Store(Settings(database=database).url())
        try:
            with stored.engine.connect() as conn:
                seed = conn.execute(sa.select(games.c.seed).where(games.c.id == gid)).scalar()
        finally:
            stored.close()
        hands = set()
        for t in tokens:
            for p in get(client, gid, t)["view"]["players"]:
                if isinstance(p["goals"], list):
                    hands |= set(p["goals"])
        assert hands
        for text in texts:
            data = json.loads(text)
            assert data["view"]["seed"] is None
            assert str(seed) not in text
            assert not any(goal in text for goal in hands), "a Private Goal shown to spectators"
            assert all(isinstance(p["goals"], int) for p in data["view"]["players"])


def test_websocket_refuses_a_bad_token(client: TestClient) -> None:
    gid, _ = new_game(client, HUMANS)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"token": "nope"}))
        assert ws.receive_json() == {
            "type": "error",
            "status": 401,
            "detail": "this token is not a seat of this game",
            "lang": "en",
        }
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text("hello")
        assert ws.receive_json()["status"] == 400
    with client.websocket_connect("/api/games/nosuchgame/ws") as ws:
        ws.send_text(json.dumps({"token": "x"}))
        assert ws.receive_json()["status"] == 404
    for bad in ("abc", "-5", "²"):  # a clear message, not a bare HTTP 403
        with client.websocket_connect(f"/api/games/{gid}/ws?since={bad}") as ws:
            assert ws.receive_json()["status"] == 422


def test_bad_input_gets_a_clear_4xx_and_changes_nothing(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = get(client, gid)["current_player"]
    token = tokens[seat]
    cases = [
        client.get("/api/games/nosuchgame"),
        client.get("/api/games/bad%00id"),
        client.get(f"/api/games/{gid}", headers={"Authorization": "Basic abc"}),
        client.get(f"/api/games/{gid}", headers=bearer("not-a-token")),
        client.get(f"/api/games/{gid}", params={"since": -1}),
        client.get(f"/api/games/{gid}", params={"lang": "fr"}),
        client.post("/api/games", json={"players": [{"name": "solo"}]}),
        client.post("/api/games", json={"players": [{"name": "a\x00"}, {"name": "b"}]}),
        client.post("/api/games", json={"players": [{"name": "a"}, {"name": "b", "bot": "x"}]}),
        client.post("/api/games", json={"players": HUMANS, "length": "medium"}),
        client.post("/api/games", json={"players": HUMANS, "seed": 1}),
        client.post(
            "/api/games", content=b"{not json", headers={"content-type": "application/json"}
        ),
        client.post(f"/api/games/{gid}/moves", json={"ply": 0}, headers=bearer(token)),
        client.post(
            f"/api/games/{gid}/moves", json={"ply": 0, "move": "x" * 201}, headers=bearer(token)
        ),
        client.post(
            f"/api/games/{gid}/moves", json={"ply": -1, "move": "done"}, headers=bearer(token)
        ),
        client.post(
            f"/api/games/{gid}/moves",
            json={"ply": 0, "move": "done", "seat": 1},
            headers=bearer(token),
        ),
        client.post(
            f"/api/games/{gid}/moves",
            content=json.dumps({"ply": 0, "move": "y" * 20_000}),
            headers={**bearer(token), "content-type": "application/json"},
        ),
        client.post(f"/api/games/{gid}/moves", json={"ply": 0, "move": "done"}),
        client.get(f"/api/games/{gid}/replay", params={"ply": 0}),
    ]
    for r in cases:
        assert 400 <= r.status_code < 500, (r.request.url, r.status_code, r.text)
        assert r.json()["detail"], r.text
    assert cases[16].status_code == 413
    assert get(client, gid)["ply"] == 0


def test_a_burst_from_one_token_is_rate_limited(database: str) -> None:
    with make_client(database, rate=1.0, burst=5) as client:
        gid, tokens = new_game(client, HUMANS)
        codes = [
            client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).status_code for _ in range(8)
        ]
        assert codes[:5] == [200] * 5 and codes[-1] == 429
        r = client.get(f"/api/games/{gid}", headers=bearer(tokens[0]))
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        # another seat has its own budget
        assert client.get(f"/api/games/{gid}", headers=bearer(tokens[1])).status_code == 200


def test_fifty_clients_racing_the_same_ply_exactly_one_wins(database: str) -> None:
    async def race() -> list[int]:
        app = create_app(Settings(database=database, **FAST))
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
                r = await http.post("/api/games", json={"players": HUMANS})
                gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
                seat = (await http.get(f"/api/games/{gid}")).json()["current_player"]
                state = (await http.get(f"/api/games/{gid}", headers=bearer(tokens[seat]))).json()
                legal = [m["move"] for m in state["legal_moves"]]
                answers = await asyncio.gather(
                    *(
                        http.post(
                            f"/api/games/{gid}/moves",
                            json={"ply": 0, "move": legal[i % len(legal)]},
                            headers=bearer(tokens[seat]),
                        )
                        for i in range(50)
                    )
                )
                final = (await http.get(f"/api/games/{gid}")).json()
                assert final["ply"] == 1
                return [a.status_code for a in answers]

    codes = asyncio.run(race())
    assert codes.count(200) == 1 and codes.count(409) == 49, codes


def test_a_restarted_server_rebuilds_games_from_their_logs(database: str) -> None:
    with make_client(database) as client:
        gid, tokens = new_game(client, HUMANS)
        play_turns(client, gid, tokens, 30)
        before = {t: get(client, gid, t) for t in [None, *tokens]}
    with make_client(database) as client:
        for t, state in before.items():
            again = get(client, gid, t)
            assert again["view"] == state["view"] and again["ply"] == state["ply"] == 30
            assert again["events"] == state["events"]
        play_turns(client, gid, tokens, 3, seed=2)
        assert get(client, gid)["ply"] == 33


def test_bots_resume_after_a_restart(database: str) -> None:
    with make_client(database, bot_delay=0.05) as client:
        gid, _ = new_game(
            client, [{"name": "R1", "bot": "random"}, {"name": "R2", "bot": "random"}]
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not get(client, gid)["ply"]:
            time.sleep(0.05)
        moved = get(client, gid)["ply"]
    assert moved > 0
    # after the restart nobody asks for the game: the bots play on by themselves (a whole game
    # can take long on a loaded machine; 20 more moves show that they resumed)
    with make_client(database) as client:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and get(client, gid)["ply"] < moved + 20:
            time.sleep(0.05)
        assert get(client, gid)["ply"] >= moved + 20, "the bots did not play on after the restart"


def test_bots_in_a_worker_process(database: str) -> None:
    with make_client(database, bot_processes=1) as client:
        gid, tokens = new_game(client, [{"name": "Ana"}, {"name": "Gre", "bot": "greedy"}])
        state = get(client, gid)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and state["ply"] < 12:
            if state["current_player"] == 0:
                mine = get(client, gid, tokens[0])
                move(client, gid, tokens[0], mine["ply"], mine["legal_moves"][0]["move"])
            time.sleep(0.01)
            state = get(client, gid)
        assert state["ply"] >= 12
        seats_moved = {e["seat"] for e in get(client, gid)["events"] if e["id"] == "move"}
        assert seats_moved == {0, 1}


def test_the_migrations_make_the_schema_of_the_models(database: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    store = Store(Settings(database=database).url())
    try:
        store.migrate()
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diff == []
        assert store.revision() == head_revision()
    finally:
        store.close()


def test_the_default_database_is_a_file_in_the_data_folder(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = Settings().url()
    assert url == f"sqlite:///{tmp_path / 'data' / 'onmars' / 'onmars.sqlite3'}"
    with TestClient(create_app(Settings(**FAST))) as client:
        assert client.get("/api/health").json()["database"] == "sqlite"
        gid, _ = new_game(client, HUMANS)
    assert (tmp_path / "data" / "onmars" / "onmars.sqlite3").exists()
    assert onmars.Game  # the engine is the public one


def test_the_protocol_is_documented_in_openapi(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    assert {
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/moves",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/conclude",
        "/api/games/{game_id}/replay",
    } <= set(paths)
    assert "409" in paths["/api/games/{game_id}/moves"]["post"]["responses"]


def test_errors_answer_in_the_language_asked_for(client: TestClient) -> None:
    """Issue 21 item 6: every error answer is in the language asked for: ``lang``, else
    ``Accept-Language`` (weights honoured), validation errors (422) included; English by
    default and when English is preferred."""
    from test_i18n import chinese_problems

    gid, tokens = new_game(client, HUMANS)
    seat = get(client, gid)["current_player"]
    mine, other = bearer(tokens[seat]), bearer(tokens[1 - seat])
    zh = {"Accept-Language": "fr-FR, zh-CN;q=0.9, en;q=0.5"}
    moves = f"/api/games/{gid}/moves"

    def ask(lang: dict[str, str]) -> list[httpx.Response]:
        return [
            client.get("/api/games/nosuchgame", headers=lang),  # 404: no game
            client.get("/api/nowhere/at/all", headers=lang),  # 404: no route
            client.post(moves, json={"ply": 0, "move": "seat 99"}, headers={**lang, **mine}),
            client.post(moves, json={"ply": 0, "move": "xyzzy"}, headers={**lang, **mine}),
            client.post(moves, json={"ply": 5, "move": "seat 1"}, headers={**lang, **mine}),
            client.post(moves, json={"ply": 0, "move": "seat 1"}, headers={**lang, **other}),
            client.post(moves, json={"ply": 0, "move": "seat 1"}, headers=lang),  # no token
            client.post(moves, json={"ply": "x", "move": 3}, headers={**lang, **mine}),  # 422
            client.post("/api/games", json={"players": [], "length": "huge"}, headers=lang),
            client.post(f"/api/games/{gid}/undo", json={}, headers={**lang, **mine}),  # RUL-19
            client.get(f"/api/games/{gid}/replay", params={"ply": 0}, headers=lang),  # 409
        ]

    english = ask({"Accept-Language": "en-GB,zh;q=0.5"})
    chinese = ask(zh)
    assert [r.status_code for r in english] == [r.status_code for r in chinese]
    statuses = [404, 404, 422, 422, 409, 403, 401, 422, 422, 422, 409]
    assert [r.status_code for r in chinese] == statuses
    for en, cn in zip(english, chinese, strict=True):
        detail = cn.json()["detail"]
        assert detail != en.json()["detail"], detail
        assert any("\u4e00" <= ch <= "\u9fff" for ch in detail), detail
        said = re.sub(r"“[^”]*”|^(§[\d.]+|RUL-\d+)：", "", detail)  # the rule; what was sent
        words = [w for w in chinese_problems(said) if w not in ("Authorization", "Bearer")]
        assert words == [], detail
    assert chinese[2].json()["rule"] == "§19" and chinese[2].json()["detail"].startswith("§19：")
    by_param = client.get("/api/games/nosuchgame", params={"lang": "zh"})
    assert by_param.json()["detail"] == chinese[0].json()["detail"]
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=zh") as ws:
        ws.send_text(json.dumps({"token": "nope"}))
        assert ws.receive_json()["detail"] == "此令牌不属于这一局的任何座位"
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=fr", headers=zh) as ws:
        assert ws.receive_json()["detail"] == "未知的语言“fr”；可用的语言有：en、zh"
