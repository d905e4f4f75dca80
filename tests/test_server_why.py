"""Every number before the click, why not, honest undo (issue 23, items 1, 2, 6) through the
HTTP API: the legal moves carry what their action asks later and whether they can be undone;
``GET /api/games/{id}/why`` explains the refused places to the seat that decides (to no one
else: RUL-18); the state says why undo is refused (RUL-19)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from serverkit import bearer, new_game

from onmars.server import protocol as p

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]


def get(client: TestClient, gid: str, token: str | None = None, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=bearer(token), params=params)
    assert r.status_code == 200, r.text
    return r.json()


def why(client: TestClient, gid: str, token: str | None, lang: str = "en") -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/why", headers=bearer(token), params={"lang": lang})
    assert r.status_code == 200, r.text
    return p.WhyNot.model_validate(r.json()).model_dump()


def to_first_turn(client: TestClient, gid: str, tokens: list[str | None]) -> int:
    """Play the opening picks (the first legal move each) until a seat chooses an action."""
    while True:
        seat = get(client, gid)["current_player"]
        seen = get(client, gid, tokens[seat])
        if seen["decision"]["step"] == "turn":
            return seat
        first = seen["legal_moves"][0]["move"]
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": seen["ply"], "move": first},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text


def test_the_deciding_seat_sees_why_each_refused_place_is_refused(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = to_first_turn(client, gid, tokens)
    state = get(client, gid, tokens[seat])
    answer = why(client, gid, tokens[seat])
    assert answer["ply"] == state["ply"] and answer["version"] == state["version"]
    refused = answer["refused"]
    assert refused and all(r["text"].startswith(f"{r['rule']}: ") for r in refused)
    legal = {(m["target"]["kind"], m["target"]["id"]) for m in state["legal_moves"]}
    assert not {(r["target"]["kind"], r["target"]["id"]) for r in refused} & legal
    zh = why(client, gid, tokens[seat], "zh")["refused"]
    assert [r["move"] for r in zh] == [r["move"] for r in refused]
    assert [r["text"] for r in zh] != [r["text"] for r in refused]
    # another seat and a spectator are told nothing (the reasons are about the mover: RUL-18)
    assert why(client, gid, tokens[1 - seat])["refused"] == []
    assert why(client, gid, None)["refused"] == []


def test_why_refuses_bad_input_clearly(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    r = client.get(f"/api/games/{gid}/why", params={"lang": "xx"})
    assert r.status_code == 422
    assert client.get("/api/games/nosuchgame/why").status_code == 404
    r = client.get(f"/api/games/{gid}/why", headers=bearer("not-a-token"))
    assert r.status_code == 401


def test_legal_moves_carry_what_follows_and_whether_undo_is_possible(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = to_first_turn(client, gid, tokens)
    r = client.get(f"/api/games/{gid}/moves", params={"lang": "zh"}, headers=bearer(tokens[seat]))
    moves = [
        p.LegalMove.model_validate(m) for m in p.Described.model_validate(r.json()).legal_moves
    ]
    opening = [m for m in moves if m.verb == "main" and m.then]
    assert opening, "a Main action's first step names the choices its action still asks"
    assert all(t.text and t.seat == seat for m in opening for t in m.then if t.choices)
    assert all(m.irreversible_text == "" for m in moves if not m.irreversible)


def test_the_state_says_why_undo_is_refused(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = get(client, gid)["current_player"]
    mine, theirs = get(client, gid, tokens[seat]), get(client, gid, tokens[1 - seat], lang="zh")
    assert not mine["can_undo"] and mine["undo_why"].startswith("RUL-19: nothing to undo")
    assert theirs["undo_why"].startswith("RUL-19") and "nothing" not in theirs["undo_why"]
    assert get(client, gid)["undo_why"] == ""  # a spectator has no undo to be refused
