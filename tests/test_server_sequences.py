"""Sequences of moves sent at once (issue 23, item 3): ``POST /api/games/{id}/moves`` with
``{"moves": [...]}`` plays them all or none, each checked in its turn against the rules, in one
compare-and-set, each stored as a move of its own (undo still takes back one move, RUL-19), and
the WebSocket pushes the change once. Against SQLite, and PostgreSQL when ONMARS_TEST_POSTGRES
names a server (the ``database`` fixture).
"""

from __future__ import annotations

import json
import random
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient
from serverkit import bearer, new_game
from serverkit import state as get

from onmars.rules import MAX_SEQUENCE
from onmars.server.config import Settings
from onmars.server.store import Store, games, moves

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]


def send(client: TestClient, gid: str, token: str | None, body: dict[str, Any], **params: Any):
    return client.post(f"/api/games/{gid}/moves", json=body, headers=bearer(token), params=params)


def until_offered(
    client: TestClient, gid: str, tokens: list[str | None], kinds: set[str], seed: int = 1
) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """Random single moves by whichever seat decides until the seat deciding is offered a
    sequence of one of ``kinds``: that seat, its state and the sequence."""
    rng = random.Random(seed)
    for _ in range(600):
        seat = get(client, gid)["current_player"]
        state = get(client, gid, tokens[seat])
        asked = client.get(f"/api/games/{gid}/moves", headers=bearer(tokens[seat])).json()
        offered = [s for s in asked["sequences"] if s["kind"] in kinds]
        if offered:
            return seat, state, offered[0]
        legal = [m["move"] for m in state["legal_moves"]]
        busy = [m for m in legal if m != "end"]
        choice = rng.choice(busy if busy and rng.random() < 0.8 else legal)
        r = send(client, gid, tokens[seat], {"ply": state["ply"], "move": choice})
        assert r.status_code == 200, r.text
    raise AssertionError(f"no sequence of {kinds} offered in 600 moves")


def stored(database: str, gid: str) -> tuple[int, list[tuple[int, str, int | None]]]:
    """The stored version of a game and its moves (ply, text, seat)."""
    store = Store(Settings(database=database).url())
    try:
        with store.engine.connect() as conn:
            version = conn.execute(sa.select(games.c.version).where(games.c.id == gid)).scalar()
            rows = conn.execute(
                sa.select(moves.c.ply, moves.c.move, moves.c.seat)
                .where(moves.c.game_id == gid)
                .order_by(moves.c.ply)
            ).all()
    finally:
        store.close()
    return int(version or 0), [(r[0], r[1], r[2]) for r in rows]


def test_a_sequence_is_stored_one_move_per_step_and_pushed_once(
    client: TestClient, database: str
) -> None:
    """A Rover path or a turn's tail offered by the server, sent as it is: every step is in
    the log as a move of its own, by that seat; the version moves on by one per move (as if
    sent one by one); one push carries them all; undo takes back the last step only."""
    gid, tokens = new_game(client, HUMANS)
    seat, state, seq = until_offered(client, gid, tokens, {"path", "tail", "pay"})
    ply, n = state["ply"], len(seq["moves"])
    assert n >= 2
    version_before, rows_before = stored(database, gid)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_text(json.dumps({"token": None}))
        first = ws.receive_json()
        assert first["ply"] == ply
        r = send(client, gid, tokens[seat], {"ply": ply, "moves": seq["moves"]})
        assert r.status_code == 200, r.text
        answer = r.json()
        pushed = ws.receive_json()
        assert pushed["ply"] == ply + n, "one push with every step of the sequence"
    assert answer["ply"] == ply + n
    version, rows = stored(database, gid)
    assert version == version_before + n
    assert rows[: len(rows_before)] == rows_before
    assert rows[ply : ply + n] == [(ply + k, m, seat) for k, m in enumerate(seq["moves"])]
    logged = [e for e in answer["events"] if e["id"] == "move" and e["ply"] >= ply]
    assert [e["ply"] for e in logged] == list(range(ply, ply + n)), "the log shows each step"
    if answer["can_undo"]:  # undo goes back one move, not the sequence (RUL-19)
        r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens[seat]))
        assert r.status_code == 200 and r.json()["ply"] == ply + n - 1


def test_a_bad_move_anywhere_refuses_the_whole_sequence(client: TestClient, database: str) -> None:
    """Each move is checked in its turn: a refused one is named by its index with its rule
    and reason (in the language asked for) and nothing is played or stored."""
    gid, tokens = new_game(client, HUMANS)
    seat, state, seq = until_offered(client, gid, tokens, {"path", "tail", "pay"})
    ply, first = state["ply"], seq["moves"][0]
    version, rows = stored(database, gid)

    def refused(moves: list[str], lang: str = "en") -> dict[str, Any]:
        r = send(client, gid, tokens[seat], {"ply": ply, "moves": moves}, lang=lang)
        assert r.status_code == 422, r.text
        return r.json()

    bad = refused([first, "fly to the moon"])
    assert bad["index"] == 1 and "move 2 of the sequence" in bad["detail"]
    illegal = refused([*seq["moves"][:-1], "seat 99"])
    assert illegal["index"] == len(seq["moves"]) - 1 and illegal["rule"] and illegal["reason"]
    zh = refused([*seq["moves"][:-1], "seat 99"], "zh")
    assert zh["index"] == illegal["index"] and zh["detail"] != illegal["detail"]
    assert "sequence" not in zh["detail"], "the Chinese answer is in Chinese"
    first_bad = refused(["seat 99", *seq["moves"]])
    assert first_bad["index"] == 0
    assert stored(database, gid) == (version, rows), "nothing stored"
    assert get(client, gid)["ply"] == ply, "nothing played"
    # the whole sequence is still playable afterwards
    assert send(client, gid, tokens[seat], {"ply": ply, "moves": seq["moves"]}).status_code == 200


def test_a_sequence_must_stay_with_its_seat(client: TestClient) -> None:
    """A turn's tail ends the turn: a move after it is the next player's decision, and the
    sequence is refused at that move (another seat decides, RUL-19)."""
    gid, tokens = new_game(client, HUMANS)
    seat, state, seq = until_offered(client, gid, tokens, {"tail"})
    copy = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()
    assert copy["ply"] == state["ply"]
    r = send(client, gid, tokens[seat], {"ply": state["ply"], "moves": [*seq["moves"], "end"]})
    assert r.status_code == 422, r.text
    assert r.json()["index"] == len(seq["moves"])
    assert get(client, gid)["ply"] == state["ply"]


def test_the_sequence_is_bounded_and_the_body_is_one_or_the_other(client: TestClient) -> None:
    gid, tokens = new_game(client, HUMANS)
    seat = get(client, gid)["current_player"]
    legal = get(client, gid, tokens[seat])["legal_moves"][0]["move"]
    token = tokens[seat]
    too_long = send(client, gid, token, {"ply": 0, "moves": [legal] * (MAX_SEQUENCE + 1)})
    assert too_long.status_code == 422
    assert send(client, gid, token, {"ply": 0, "moves": []}).status_code == 422
    both = send(client, gid, token, {"ply": 0, "move": legal, "moves": [legal]})
    assert both.status_code == 422
    assert send(client, gid, token, {"ply": 0}).status_code == 422
    stale = send(client, gid, token, {"ply": 3, "moves": [legal]})
    assert stale.status_code == 409
    other = tokens[1 - seat]
    assert send(client, gid, other, {"ply": 0, "moves": [legal]}).status_code == 403
    assert get(client, gid)["ply"] == 0
    one = send(client, gid, token, {"ply": 0, "moves": [legal]})
    assert one.status_code == 200 and one.json()["ply"] == 1
