"""The server's endpoints for the browser client (issue 12): the public list of games, the
catalog, the bots, the projected scores in every state, and bots that think long.

The list runs against SQLite and PostgreSQL (its query is the database's); the rest in SQLite.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import FAST, bearer, new_game, state

import onmars
from onmars.bots import BOTS, RandomBot
from onmars.server.app import create_app
from onmars.server.config import Settings
from onmars.server.store import Store

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]


@pytest.fixture
def sqlite(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(database=f"sqlite:///{tmp_path / 'games.sqlite3'}", **FAST)
    with TestClient(create_app(settings)) as c:
        yield c


def play_random(client: TestClient, gid: str, tokens: list[str | None], n: int, seed: int = 1):
    """``n`` random legal moves, each by whichever human seat decides."""
    rng = random.Random(seed)
    for _ in range(n):
        seat = state(client, gid)["current_player"]
        mine = state(client, gid, tokens[seat])
        text = rng.choice(mine["legal_moves"])["move"]
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": mine["ply"], "move": text},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
    return state(client, gid)


# --- GET /api/games ----------------------------------------------------------------------------
def test_the_list_shows_the_games_changed_last_first_with_public_facts(database: str) -> None:
    with TestClient(create_app(Settings(database=database, **FAST))) as client:
        robo, _ = new_game(client, [{"name": "Cy"}, {"name": "Robo", "bot": "random"}], "long")
        first, first_tokens = new_game(client, HUMANS)
        second, _ = new_game(client, HUMANS, "long")
        third, _ = new_game(client, HUMANS)
        ids = [g["id"] for g in client.get("/api/games").json()["games"]]
        assert ids.index(third) < ids.index(second) < ids.index(first)
        # the first game changes: it comes first, with its ply and round as a spectator sees them
        seen = play_random(client, first, first_tokens, 6)
        listed = client.get("/api/games", params={"limit": 2}).json()["games"]
        assert len(listed) == 2 and listed[0]["id"] == first
        entry = listed[0]
        assert entry == {
            "id": first,
            "players": [
                {"seat": 0, "name": "Ana", "bot": None},
                {"seat": 1, "name": "Ben", "bot": None},
            ],
            "length": "short",
            "ply": seen["ply"],
            "round": seen["view"]["round"],
            "is_over": False,
            "current_player": seen["current_player"],
            "winners": [],
            "clock": None,  # no time control chosen (issue 24.3)
            "updated": entry["updated"],
        }
        assert entry["updated"].endswith("Z")
        listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        assert listed[second]["length"] == "long" and listed[robo]["players"][1]["bot"] == "random"


def test_the_list_holds_no_secret_and_tells_a_game_is_over(sqlite: TestClient) -> None:
    gid, tokens = new_game(sqlite, HUMANS)
    play_random(sqlite, gid, tokens, 3)
    for token in tokens:
        assert sqlite.post(f"/api/games/{gid}/conclude", headers=bearer(token)).status_code == 200
    r = sqlite.get("/api/games")
    entry = next(g for g in r.json()["games"] if g["id"] == gid)
    assert entry["is_over"] and entry["current_player"] is None
    # the winners of a finished game are public (RUL-22), as its final state names them
    assert entry["winners"] == state(sqlite, gid)["winners"] and entry["winners"]
    # RUL-18: neither tokens nor the seed (which reveals every stack) nor the moves
    assert all(t not in r.text for t in tokens if t)
    assert set(entry) == {
        "id",
        "players",
        "length",
        "ply",
        "round",
        "is_over",
        "current_player",
        "winners",
        "clock",
        "updated",
    }
    assert "seed" not in r.text and "token" not in r.text


def test_the_list_keeps_each_ids_case_and_tells_whose_turn(sqlite: TestClient) -> None:
    """Issue 23.8: an id is listed exactly as created (ids mix cases: two ids may differ only
    in case), with the seat to decide; an unfinished game names no winner."""
    made = [new_game(sqlite, HUMANS)[0] for _ in range(4)]
    assert any(g != g.lower() for g in made), "token_urlsafe ids mix cases"
    listed = {g["id"]: g for g in sqlite.get("/api/games").json()["games"]}
    for gid in made:
        assert gid in listed and listed[gid]["winners"] == []
        assert listed[gid]["current_player"] == state(sqlite, gid)["current_player"]
        assert sqlite.get(f"/api/games/{gid.swapcase()}").status_code in (404, 422) or (
            gid == gid.swapcase()
        )


def test_the_list_refuses_a_bad_limit(sqlite: TestClient) -> None:
    for bad in ("0", "201", "x"):
        r = sqlite.get("/api/games", params={"limit": bad})
        assert r.status_code == 422 and "limit" in r.json()["detail"]


# --- GET /api/catalog, GET /api/bots -------------------------------------------------------
def test_the_catalog_is_the_engines_in_each_language_and_cacheable(sqlite: TestClient) -> None:
    for lang in ("en", "zh"):
        r = sqlite.get("/api/catalog", params={"lang": lang})
        assert r.status_code == 200
        assert r.json() == json.loads(json.dumps(onmars.catalog(lang)))
        assert "max-age" in r.headers["cache-control"]
    assert sqlite.get("/api/catalog").json() == sqlite.get("/api/catalog?lang=en").json()
    assert sqlite.get("/api/catalog", params={"lang": "fr"}).status_code == 422


def test_the_bots_are_read_from_the_bots_table_when_asked(
    sqlite: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    bots = sqlite.get("/api/bots").json()["bots"]
    assert [b["name"] for b in bots] == list(BOTS)
    assert all(b["label"] and b["description"] for b in bots)
    zh = {b["name"]: b["label"] for b in sqlite.get("/api/bots?lang=zh").json()["bots"]}
    assert zh["random"] == onmars.tr("random", "zh") != "random"
    # issue 21.6: and how each plays, in Chinese too
    told = {b["name"]: b["description"] for b in sqlite.get("/api/bots?lang=zh").json()["bots"]}
    assert told["medium"] == "每回合搜索 50 次模拟"
    assert told["expert"] == "每回合搜索 6400 次模拟，并推演其他玩家的回合直到本轮结束"
    assert not [d for d in told.values() if re.search("[A-Za-z]", d)], told
    monkeypatch.setitem(BOTS, "patient", RandomBot)  # a bot added after the server started
    assert "patient" in [b["name"] for b in sqlite.get("/api/bots").json()["bots"]]


# --- projection (RUL-18) -------------------------------------------------------------------------
def test_every_state_has_the_projection_and_it_tells_no_private_goal(sqlite: TestClient) -> None:
    gid, tokens = new_game(sqlite, HUMANS)
    play_random(sqlite, gid, tokens, 12)
    spectator = state(sqlite, gid)
    seats = [state(sqlite, gid, t) for t in tokens]
    hands = [set(s["view"]["players"][s["seat"]]["goals"]) for s in seats]
    assert all(hands), "each seat holds Private Goals"
    # the same figures for everyone: nothing in them depends on what only a seat sees
    assert spectator["projection"] == seats[0]["projection"] == seats[1]["projection"]
    assert [p["seat"] for p in spectator["projection"]] == [0, 1]
    assert all("total" in p and "breakdown" in p for p in spectator["projection"])
    # a spectator's state, and each seat's, names no goal of a hand it may not see
    text = json.dumps(spectator)
    assert not any(goal in text for hand in hands for goal in hand)
    for seat, mine in enumerate(seats):
        other_text = json.dumps(mine["projection"]) + json.dumps(mine["view"]["players"][1 - seat])
        assert not any(goal in other_text for goal in hands[1 - seat])


def test_the_projection_is_the_engines_and_becomes_the_scores_at_the_end(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(Settings(database=url, **FAST))) as client:
        gid, tokens = new_game(client, HUMANS)
        seen = play_random(client, gid, tokens, 20, seed=4)
        store = Store(url)
        try:
            record = store.load(gid)
        finally:
            store.close()
        assert record is not None
        game = onmars.Game.replay(record.log)  # the stored game, replayed here
        assert seen["projection"] == json.loads(json.dumps(game.projection(None)))
        for token in tokens:
            client.post(f"/api/games/{gid}/conclude", headers=bearer(token))
        over = state(client, gid)
        assert over["is_over"] and over["projection"] == over["scores"]


# --- bots that think long ----------------------------------------------------------------------
def test_a_bot_thinking_does_not_hold_up_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's choice runs off the event loop (server/bots.py): while one thinks (here: until
    released, standing for a search of a second or more), the server answers everyone."""
    thinking, release, finished = threading.Event(), threading.Event(), threading.Event()

    class Slow(RandomBot):
        def choose(self, view: dict[str, Any], legal: list[onmars.Move]) -> onmars.Move:
            thinking.set()
            try:
                assert release.wait(30), "the test never released the bot"
                return super().choose(view, legal)
            finally:
                finished.set()

    monkeypatch.setitem(BOTS, "random", Slow)
    settings = Settings(database=f"sqlite:///{tmp_path / 'g.sqlite3'}", **FAST)
    with TestClient(create_app(settings)) as client:
        gid, tokens = new_game(client, [{"name": "Ana"}, {"name": "Robo", "bot": "random"}])
        while not thinking.is_set():
            now = state(client, gid)
            if now["current_player"] == 0:
                play_random(client, gid, tokens, 1)
            thinking.wait(0.05)
        # the bot is thinking: the server answers reads, new games and moves in other games
        waiting = state(client, gid)
        assert waiting["current_player"] == 1 and not release.is_set()
        assert client.get("/api/health").json()["ok"]
        other, other_tokens = new_game(client, HUMANS)
        assert play_random(client, other, other_tokens, 2)["ply"] == 2
        assert client.get("/api/games").status_code == 200
        assert not finished.is_set(), "all answered while the bot was still thinking"
        release.set()
        for _ in range(200):
            if state(client, gid)["ply"] > waiting["ply"]:
                break
            thinking.wait(0.05)
        assert state(client, gid)["ply"] > waiting["ply"], "the bot moved once released"
