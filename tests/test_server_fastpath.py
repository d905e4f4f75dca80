"""The hot path of a move (issue 27.4, onmars.server.fastpath): a move in the common case is
answered without the framework's layers, and what the client receives is the same whichever
path answered: the same state, the same refusals, the same headers."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from serverkit import bearer, new_game

from onmars.server.deps import server_of

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
#: A query the hot path leaves to the framework (a parameter it does not read): the same
#: request, answered by the whole app.
FRAMEWORK = {"via": "framework"}


def post(client: TestClient, gid: str, token: str | None, body: Any, **params: str) -> Any:
    return client.post(f"/api/games/{gid}/moves", json=body, headers=bearer(token), params=params)


def turn(client: TestClient, gid: str, tokens: list[str | None]) -> tuple[int, dict[str, Any]]:
    seat = client.get(f"/api/games/{gid}").json()["current_player"]
    return seat, client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()


def test_a_move_is_answered_on_the_hot_path_with_the_state_a_get_gives(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    server = server_of(client)
    for via in ({}, FRAMEWORK, {"lang": "zh"}, {**FRAMEWORK, "lang": "zh"}):
        before = server.fast_moves
        seat, state = turn(client, gid, tokens)
        text = state["legal_moves"][0]["move"]
        r = post(client, gid, tokens[seat], {"ply": state["ply"], "move": text}, **via)
        assert r.status_code == 200, r.text
        assert server.fast_moves == before + (0 if "via" in via else 1)
        assert r.headers["x-frame-options"] == "DENY" and "move;dur=" in r.headers["server-timing"]
        lang = {"lang": via["lang"]} if "lang" in via else {}
        again = client.get(
            f"/api/games/{gid}",
            headers=bearer(tokens[seat]),
            params={"since": state["ply"], **lang},
        )
        assert r.content == again.content, "the answer is the state a GET gives"


def test_refusals_are_the_same_on_both_paths(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    cases = [
        (tokens[seat], {"ply": state["ply"] + 5, "move": "end"}),  # 409: not the current ply
        (tokens[1 - seat], {"ply": state["ply"], "move": "end"}),  # 403: not your turn
        (tokens[seat], {"ply": state["ply"], "move": "build 99,99"}),  # 422: the rules refuse
        (tokens[seat], {"ply": state["ply"], "move": "x" * 300}),  # 422: the model refuses
        (tokens[seat], {"ply": state["ply"]}),  # 422: neither move nor moves
        ("not-a-seat", {"ply": state["ply"], "move": "end"}),  # 401
        (None, {"ply": state["ply"], "move": "end"}),  # 401: no token
    ]
    for token, body in cases:
        for lang in ("en", "zh"):
            fast = post(client, gid, token, body, lang=lang)
            slow = post(client, gid, token, body, lang=lang, **FRAMEWORK)
            assert fast.status_code == slow.status_code >= 400, (body, fast.text)
            assert fast.json() == slow.json(), (body, fast.text, slow.text)
            assert (
                fast.headers["content-security-policy"] == slow.headers["content-security-policy"]
            )
    assert client.get(f"/api/games/{gid}").json()["ply"] == state["ply"], "nothing was played"


def test_an_unknown_game_and_a_gzip_client(client: TestClient) -> None:
    r = post(client, "nosuchgame", "tok", {"ply": 0, "move": "end"})
    assert r.status_code in (401, 404)
    gid, tokens = new_game(client, HUMANS)
    seat, state = turn(client, gid, tokens)
    text = state["legal_moves"][0]["move"]
    r = client.post(
        f"/api/games/{gid}/moves",
        json={"ply": state["ply"], "move": text},
        headers={**bearer(tokens[seat]), "Accept-Encoding": "gzip"},
    )
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    assert r.json()["ply"] == state["ply"] + 1
