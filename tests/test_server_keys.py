"""Seat keys that stop (onmars.server.accounts.check_not_expired, Hub.rekey; docs/accounts.md):
a seat replaces a leaked key (every old token of the seat stops, in every process, its
WebSockets closed), and a seat's tokens stop acting ``key_days`` after its game is over while
the game stays open to everyone. A refused token changes nothing. SQLite, then PostgreSQL.
"""

from __future__ import annotations

import secrets
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import bearer, make_client, new_game, state
from starlette.websockets import WebSocketDisconnect

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
NOT_A_SEAT = "this token is not a seat of this game"
PASSWORD = "correct horse battery"


def say(client: TestClient, gid: str, token: str | None, text: str) -> Any:
    return client.post(
        f"/api/games/{gid}/chat", json={"channel": "players", "text": text}, headers=bearer(token)
    )


def chat_texts(client: TestClient, gid: str, token: str) -> list[str]:
    r = client.get(f"/api/games/{gid}/chat", headers=bearer(token))
    assert r.status_code == 200, r.text
    return [m["text"] for m in r.json()["messages"]]


def first_move(client: TestClient, gid: str, token: str | None) -> Any:
    """The seat's first legal move, played (a seat's token that does not decide: 403)."""
    seen = state(client, gid, token)
    move = seen["legal_moves"][0]["move"] if seen["legal_moves"] else "pass"
    return client.post(
        f"/api/games/{gid}/moves", json={"ply": seen["ply"], "move": move}, headers=bearer(token)
    )


def deciding(client: TestClient, gid: str, tokens: list[str | None]) -> int:
    current = state(client, gid)["current_player"]
    assert isinstance(current, int) and tokens[current]
    return current


def account_key(client: TestClient, gid: str, token: str) -> str:
    """A seat key of an account that claimed the seat (another device's token for it)."""
    name = f"k{secrets.token_hex(4)}"  # the PostgreSQL database is shared by the session
    r = client.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    csrf = {"X-CSRF-Token": client.get("/api/account").json()["csrf"]}
    r = client.post("/api/account/claim", json={"game_id": gid, "token": token}, headers=csrf)
    assert r.status_code == 200, r.text
    r = client.post(f"/api/account/games/{gid}/key", headers=csrf)
    assert r.status_code == 200, r.text
    client.cookies.clear()
    return str(r.json()["token"])


def test_a_seat_replaces_a_leaked_key_and_every_old_token_stops(database: str) -> None:
    """The link of the seat deciding now leaked: its player asks for a new key. The old link's
    token and the account's seat key then get 401 for everything (reading, a move, the chat, a
    vote, another new key) and change nothing; the WebSocket opened with the old token gets an
    error and is closed; the new token acts for the seat; the other seat is untouched."""
    with make_client(database) as client:
        gid, tokens = new_game(client, HUMANS)
        seat = deciding(client, gid, tokens)
        old = tokens[seat]
        assert old is not None
        device = account_key(client, gid, old)
        assert say(client, gid, old, "glhf").status_code == 201
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"token": old})
            assert ws.receive_json()["type"] == "state"
            r = client.post(f"/api/games/{gid}/key", headers=bearer(old))
            assert r.status_code == 200, r.text
            assert r.json()["game_id"] == gid and r.json()["seat"] == seat
            new = r.json()["token"]
            assert new not in (old, device) and len(new) >= 22
            message = ws.receive_json()
            while message["type"] == "state":  # the new version, then the refusal
                message = ws.receive_json()
            assert message["type"] == "error" and message["status"] == 401
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4401
        before = state(client, gid)
        for stale in (old, device):
            r = client.get(f"/api/games/{gid}", headers=bearer(stale))
            assert r.status_code == 401 and r.json()["detail"] == NOT_A_SEAT
            zh = client.get(f"/api/games/{gid}?lang=zh", headers=bearer(stale)).json()
            assert zh["detail"] == "此令牌不属于这一局的任何座位"
            answers = [
                client.post(
                    f"/api/games/{gid}/moves",
                    json={"ply": before["ply"], "move": "pass"},
                    headers=bearer(stale),
                ),
                say(client, gid, stale, "still me"),
                client.post(f"/api/games/{gid}/conclude", headers=bearer(stale)),
                client.post(f"/api/games/{gid}/key", headers=bearer(stale)),
            ]
            assert [a.status_code for a in answers] == [401] * 4
        after = state(client, gid)
        assert (after["ply"], after["version"]) == (before["ply"], before["version"])
        assert after["votes"] == before["votes"] == []
        assert chat_texts(client, gid, new) == ["glhf"]
        assert state(client, gid, new)["seat"] == seat
        assert first_move(client, gid, new).status_code == 200
        other = tokens[1 - seat]
        assert state(client, gid, other)["seat"] == 1 - seat


def test_a_key_replaced_in_one_process_stops_in_another(database: str) -> None:
    """Two server processes on one database (as ``--workers 2``): the second has the game in
    memory with the old token known. Once the first made a new key, a move sent at once to
    the second with the old token is refused there too (its write finds the game changed, it
    catches up, and the token is checked again before the move is tried again: 401, nothing
    stored); it then refuses the old token for everything and takes the new one."""
    with make_client(database) as one, make_client(database) as two:
        gid, tokens = new_game(one, HUMANS)
        seat = deciding(one, gid, tokens)
        old = tokens[seat]
        seen = state(two, gid, old)  # the old token known to the second process
        assert seen["seat"] == seat
        new = one.post(f"/api/games/{gid}/key", headers=bearer(old)).json()["token"]
        move = {"ply": seen["ply"], "move": seen["legal_moves"][0]["move"]}
        r = two.post(f"/api/games/{gid}/moves", json=move, headers=bearer(old))
        assert r.status_code == 401 and r.json()["detail"] == NOT_A_SEAT
        assert state(one, gid)["ply"] == state(two, gid)["ply"] == 0
        assert two.get(f"/api/games/{gid}", headers=bearer(old)).status_code == 401
        assert state(two, gid, new)["seat"] == seat
        assert first_move(two, gid, new).status_code == 200


def finished(client: TestClient) -> tuple[str, list[str | None]]:
    """A game of two people, ended by agreement (RUL-20)."""
    gid, tokens = new_game(client, HUMANS)
    for token in tokens:
        assert client.post(f"/api/games/{gid}/conclude", headers=bearer(token)).status_code == 200
    assert state(client, gid)["is_over"]
    return gid, tokens


def test_a_finished_games_keys_expire_and_the_game_stays_open(database: str) -> None:
    """Within ``key_days`` of the end the seats' tokens still act (the last words in the
    chat); after it (here 0 days: at once) every request with one gets 401 saying why, in the
    language asked for, and changes nothing, also for a game loaded afresh from the store (a
    restarted server); the game is still shown to everyone without a key, with its replay.
    A game in progress keeps its keys however long ago it changed."""
    with make_client(database) as client:
        gid, tokens = finished(client)
        assert say(client, gid, tokens[0], "gg").status_code == 201
        playing, live_tokens = new_game(client, HUMANS)
    for fresh_server in (True, False):
        with make_client(database, key_days=0) as later:
            if not fresh_server:
                assert state(later, gid)["is_over"]  # in memory first, read as a spectator
            r = later.get(f"/api/games/{gid}", headers=bearer(tokens[0]))
            assert r.status_code == 401
            assert r.json()["detail"] == (
                "this seat's key expired 0 days after the game ended: the game stays open to "
                "everyone without a key"
            )
            zh = later.get(f"/api/games/{gid}?lang=zh", headers=bearer(tokens[1])).json()
            assert zh["detail"] == "此座位令牌已在对局结束 0 天后失效：不带令牌仍可观看这一局"
            refused = [
                say(later, gid, tokens[0], "one more"),
                later.post(f"/api/games/{gid}/key", headers=bearer(tokens[0])),
                later.get(f"/api/games/{gid}/chat", headers=bearer(tokens[1])),
            ]
            assert [r.status_code for r in refused] == [401, 401, 401]
            with later.websocket_connect(f"/api/games/{gid}/ws") as ws:
                ws.send_json({"token": tokens[0]})
                assert ws.receive_json()["status"] == 401
            shown = state(later, gid)
            assert shown["is_over"] and shown["seat"] is None
            assert later.get(f"/api/games/{gid}/replay?ply=0").status_code == 200
            # a game in progress: its links act whatever key_days says
            seat = deciding(later, playing, live_tokens)
            assert state(later, playing, live_tokens[seat])["seat"] == seat
    with make_client(database) as again:  # 30 days: the chat as it was (nothing added)
        assert chat_texts(again, gid, str(tokens[0])) == ["gg"]
