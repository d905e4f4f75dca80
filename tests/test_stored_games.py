"""Stored games across a rules change, on the server (issue 21, item 10; docs/rules-versions.md),
and finished games shown whole (RUL-22), on SQLite and PostgreSQL.

A game is stored as today's server stores it (options, seed, rules version, moves), then a
test-only rule change (``tests/rulechange.py``: the next rules version closes Turn Order space 8)
is made and a new server process loads it: kept behind the version, the game plays on; not
kept, it is held at its last accepted move, with a message in both languages, until its players
go on from there or end it there by agreement. Never a 500, and the WebSocket stays up.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient
from rulechange import NEXT, TODAY, game_with_space_8, space_8_closed
from serverkit import FAST, bearer, store_game

import onmars
from onmars.rules.data.components import load
from onmars.server.app import create_app
from onmars.server.config import Settings
from onmars.server.store import Hints, SeatRow, Store, moves

AFTER = 6  # moves stored after the one the change refuses


def client_of(database: str) -> TestClient:
    return TestClient(create_app(Settings(database=database, **FAST)))


def stored_game(database: str) -> tuple[str, list[str], onmars.Game, int]:
    """A 2-player game stored as today's server stores one, space 8 taken at move ``k``: its
    id, the seats' tokens, the game and ``k``."""
    game, k = game_with_space_8(after=AFTER)
    gid, tokens = store_game(database, game)
    return gid, tokens, game, k


def stored_moves(database: str, gid: str) -> int:
    store = Store(Settings(database=database).url())
    try:
        with store.engine.connect() as conn:
            query = sa.select(sa.func.count()).select_from(moves).where(moves.c.game_id == gid)
            return conn.execute(query).scalar_one()
    finally:
        store.close()


def get(client: TestClient, gid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=bearer(token), params=params)
    assert r.status_code == 200, r.text
    return r.json()


def play_first(client: TestClient, gid: str, tokens: list[str]) -> dict[str, Any]:
    """The seat that decides plays its first legal move."""
    seat = get(client, gid)["current_player"]
    state = get(client, gid, tokens[seat])
    text = state["legal_moves"][0]["move"]
    r = client.post(
        f"/api/games/{gid}/moves", json={"ply": state["ply"], "move": text},
        headers=bearer(tokens[seat]),
    )  # fmt: skip
    assert r.status_code == 200, r.text
    return r.json()


def test_a_gated_change_lets_stored_games_play_on(database: str, monkeypatch) -> None:
    gid, tokens, game, _ = stored_game(database)
    space_8_closed(monkeypatch, gated=True)
    with client_of(database) as client:
        state = get(client, gid)
        assert state["stop"] is None and state["ply"] == len(game.moves)
        assert play_first(client, gid, tokens)["ply"] == len(game.moves) + 1


def test_an_ungated_change_holds_a_stored_game_until_its_players_go_on(
    database: str, monkeypatch
) -> None:
    gid, tokens, game, k = stored_game(database)
    space_8_closed(monkeypatch, gated=False)
    with client_of(database) as client:
        state = get(client, gid)
        stop = state["stop"]
        assert state["ply"] == k and not state["is_over"] and state["legal_moves"] == []
        assert (stop["ply"], stop["move"], stop["rules"], stop["current_rules"]) == (
            k, "seat 8", TODAY, NEXT
        )  # fmt: skip
        assert stop["older"] and stop["dropped"] == AFTER + 1
        assert "older version of the rules" in stop["message"]
        assert "space 8 is closed" in stop["reason"]
        assert "旧版规则" in get(client, gid, lang="zh")["stop"]["message"]
        listed = client.get("/api/games").json()["games"]
        assert gid in [g["id"] for g in listed]
        # no move while it is held; the WebSocket is served
        seat = get(client, gid)["current_player"]
        r = client.post(
            f"/api/games/{gid}/moves", json={"ply": k, "move": "done"}, headers=bearer(tokens[seat])
        )
        assert r.status_code == 409 and "held" in r.json()["detail"]
        r = client.post(
            f"/api/games/{gid}/moves", params={"lang": "zh"}, json={"ply": k, "move": "done"},
            headers=bearer(tokens[seat]),
        )  # fmt: skip
        assert r.status_code == 409 and "现行规则不接受" in r.json()["detail"]
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_text(json.dumps({"token": tokens[0]}))  # the token: the first message
            pushed = ws.receive_json()
            assert pushed["type"] == "state" and pushed["stop"]["ply"] == k
        # every human seat agrees to go on from the last accepted move
        url = f"/api/games/{gid}/resume"
        first = client.post(url, headers=bearer(tokens[0])).json()
        assert first["resumes"] == [0] and first["stop"] is not None
        assert stored_moves(database, gid) == len(game.moves)
        went_on = client.post(url, headers=bearer(tokens[1])).json()
        assert went_on["stop"] is None and went_on["resumes"] == [] and went_on["ply"] == k
        assert stored_moves(database, gid) == k
        assert client.post(url, headers=bearer(tokens[1])).status_code == 409
        assert play_first(client, gid, tokens)["ply"] == k + 1
    with client_of(database) as client:  # a new process reads the game as it now is
        state = get(client, gid)
        assert state["stop"] is None and state["ply"] == k + 1


def test_a_held_game_may_be_ended_there_by_agreement(database: str, monkeypatch) -> None:
    gid, tokens, _, k = stored_game(database)
    space_8_closed(monkeypatch, gated=False)
    with client_of(database) as client:
        url = f"/api/games/{gid}/conclude"
        assert not client.post(url, headers=bearer(tokens[0])).json()["is_over"]
        state = client.post(url, headers=bearer(tokens[1])).json()
        assert state["is_over"] and state["ended"] == "agreement" and state["stop"] is None
        assert state["ply"] == k and state["scores"] and state["winners"]
        assert stored_moves(database, gid) == k
        record = client.get(f"/api/games/{gid}/record").json()
        assert len(record["moves"]) == k and record["ended"] == "agreement"
        assert onmars.Game.replay(record).is_over


def test_a_finished_game_stays_viewable_with_its_recorded_result(
    database: str, monkeypatch
) -> None:
    gid, tokens, game, k = stored_game(database)
    with client_of(database) as client:
        for token in tokens:
            ended = client.post(f"/api/games/{gid}/conclude", headers=bearer(token)).json()
    assert ended["is_over"] and ended["scores"]
    space_8_closed(monkeypatch, gated=False)
    with client_of(database) as client:
        state = get(client, gid)
        assert state["is_over"] and state["ply"] == k and state["ended"] == "agreement"
        assert state["scores"] == ended["scores"] and state["winners"] == ended["winners"]
        assert "recorded result" in state["stop"]["message"]
        assert client.post(f"/api/games/{gid}/resume", headers=bearer(tokens[0])).status_code == 409
        replay = client.get(f"/api/games/{gid}/replay", params={"ply": k})
        assert replay.status_code == 200 and replay.json()["total"] == k
        record = client.get(f"/api/games/{gid}/record")
        assert record.status_code == 200
        data = record.json()
        assert data["moves"] == game.moves and data["rules"] == TODAY  # the whole stored record
        assert data["result"]["scores"] == ended["scores"]
        assert "attachment" in record.headers["content-disposition"]


def test_a_move_another_process_stored_under_other_rules_holds_the_game(
    database: str,
) -> None:
    """While servers of two rules versions share a database (an upgrade rolling out), one
    may store a move this one refuses: catching up, this process holds the game there (409 to
    a move, never 500) instead of failing."""
    gid, tokens, game, _ = stored_game(database)
    with client_of(database) as client:
        ply = get(client, gid)["ply"]
        store = Store(Settings(database=database).url())
        try:
            version = store.head(gid).version
            assert store.append(gid, version, ply, "seat 9", game.current_player, Hints(0, False))
        finally:
            store.close()
        seat = game.current_player
        r = client.post(
            f"/api/games/{gid}/moves", json={"ply": ply + 1, "move": "done"},
            headers=bearer(tokens[seat]),
        )  # fmt: skip
        assert r.status_code == 409, r.text
        state = get(client, gid)
        assert state["stop"]["ply"] == ply and state["stop"]["move"] == "seat 9"


def test_a_held_games_refused_discard_names_no_private_goal(database: str) -> None:
    """RUL-18: a held game's refused ``discard`` is shown as the per-seat log shows it: another
    seat, or a spectator, does not learn which Private Goal it named; neither does the reason
    (RUL-19). The seat that played it sees its own move."""
    gid, tokens, game, _ = stored_game(database)
    seat = game.current_player
    held = {g for p in game.state.players for g in p.goals}
    goal = min(set(load().private_goal) - held)  # a card in the box: refused, and secret
    store = Store(Settings(database=database).url())
    try:
        ply = len(game.moves)
        assert store.append(gid, ply, ply, f"discard {goal}", seat, Hints(0, False))
    finally:
        store.close()
    with client_of(database) as client:
        for viewer in (None, tokens[1 - seat]):
            r = client.get(f"/api/games/{gid}", headers=bearer(viewer))
            assert r.json()["stop"]["move"] == "discard (a goal)"
            assert goal not in r.text
        assert get(client, gid, tokens[seat])["stop"]["move"] == f"discard {goal}"


def test_a_game_of_a_newer_rules_version_is_refused_clearly(database: str) -> None:
    """A database written by a newer program: 409 saying so, never 500; the WebSocket says
    the same and closes."""
    gid = secrets.token_urlsafe(9)
    store = Store(Settings(database=database).url())
    try:
        store.migrate()
        rows = [SeatRow(0, "Ana", None, None), SeatRow(1, "Ben", None, None)]
        options = {"players": ["Ana", "Ben"], "length": "short"}
        store.create(gid, options, 1, onmars.RULES_VERSION + 1, rows, Hints(0, False))
    finally:
        store.close()
    with client_of(database) as client:
        r = client.get(f"/api/games/{gid}")
        assert r.status_code == 409 and "newer than this program's" in r.json()["detail"]
        r = client.get(f"/api/games/{gid}", params={"lang": "zh"})
        assert r.status_code == 409 and "请先更新 onmars" in r.json()["detail"]
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_text(json.dumps({"token": "x"}))
            message = ws.receive_json()
            assert message["type"] == "error" and message["status"] == 409


# --- RUL-22: after the end nothing is secret ----------------------------------------------------
def test_a_finished_games_views_replay_and_record_show_everything(database: str) -> None:
    """Before the end spectators see counts, and the replay and record are refused; after an
    end by agreement the spectator's view, the replay at any ply and the record (seed
    included) show every Private Goal and stack."""
    gid, tokens, game, _ = stored_game(database)
    with client_of(database) as client:
        before = get(client, gid)
        assert all(isinstance(p["goals"], int) for p in before["view"]["players"])
        assert "revealed" not in before["view"]
        assert client.get(f"/api/games/{gid}/replay", params={"ply": 1}).status_code == 409
        assert client.get(f"/api/games/{gid}/record").status_code == 409
        for token in tokens:
            client.post(f"/api/games/{gid}/conclude", headers=bearer(token))
        game.conclude()
        after = get(client, gid)["view"]
        assert [p["goals"] for p in after["players"]] == [p.goals for p in game.state.players]
        assert after["revealed"]["bp_deck"] == game.state.bp_deck
        early = client.get(f"/api/games/{gid}/replay", params={"ply": 3}).json()["view"]
        assert all(isinstance(p["goals"], list) and p["goals"] for p in early["players"])
        assert "revealed" in early
        record = client.get(f"/api/games/{gid}/record").json()
        assert record["seed"] == game.log["seed"] and record["moves"] == game.moves
        assert onmars.Game.replay(record).view(None) == game.view(None)
        assert json.dumps(record["result"]["scores"]) == json.dumps(game.scores())
