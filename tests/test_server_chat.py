"""A game's chat (issue 24 item 4): the players' channel and the spectators', stored, pushed
over the WebSocket, limited in length and rate, kept and returned as plain text (an XSS payload
comes back as the same characters, in JSON, never as markup); who reads and writes which
channel is onmars.server.chat's decision.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from serverkit import bearer, make_client, new_game

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]
XSS = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;'


def say(
    client: Any, gid: str, token: str | None, text: str, channel: str = "players", **extra: Any
):
    return client.post(
        f"/api/games/{gid}/chat",
        json={"channel": channel, "text": text, **extra},
        headers=bearer(token),
    )


def read(client: Any, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/chat", headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


@pytest.fixture
def chat_client(database: str) -> Any:
    with make_client(database, chat_rate=0.5, chat_burst=5) as client:
        yield client


def test_players_talk_among_themselves_and_spectators_apart(chat_client: Any) -> None:
    client = chat_client
    gid, tokens = new_game(client, HUMANS)
    r = say(client, gid, tokens[0], "Good luck, have fun!")
    assert r.status_code == 201, r.text
    sent = r.json()
    assert sent["name"] == "Ana" and sent["seat"] == 0 and sent["sender"] == "seat0"
    assert sent["channel"] == "players" and sent["type"] == "chat"
    r = say(client, gid, None, "go Ben", channel="spectators", name="Zoe")
    assert r.status_code == 201, r.text
    assert r.json()["seat"] is None and r.json()["name"] == "Zoe"

    # a seat reads the players' chat only, while the game is played
    ben = read(client, gid, tokens[1])
    assert ben["channels"] == ["players"]
    assert [m["text"] for m in ben["messages"]] == ["Good luck, have fun!"]
    # a spectator reads the spectators' chat only
    zoe = read(client, gid)
    assert zoe["channels"] == ["spectators"]
    assert [m["text"] for m in zoe["messages"]] == ["go Ben"]
    # and neither writes in the other's channel
    assert say(client, gid, None, "psst", name="Zoe").status_code == 403
    assert say(client, gid, tokens[1], "hi all", channel="spectators").status_code == 403
    # a spectator must give a name, a visible one without bidirectional controls
    assert say(client, gid, None, "hello", channel="spectators").status_code == 422
    assert say(client, gid, None, "hi", channel="spectators", name="\u202eZoe").status_code == 422

    # once the game is over (ended by agreement, RUL-20) the seats read both channels
    for token in tokens:
        assert client.post(f"/api/games/{gid}/conclude", headers=bearer(token)).status_code == 200
    after = read(client, gid, tokens[0])
    assert after["channels"] == ["players", "spectators"]
    assert {m["text"] for m in after["messages"]} == {"Good luck, have fun!", "go Ben"}
    assert (
        say(client, gid, tokens[1], "gg, thanks for watching", channel="spectators").status_code
        == 201
    )
    assert [m["channel"] for m in read(client, gid)["messages"]] == ["spectators"] * 2


def test_messages_are_limited_in_length_and_rate(chat_client: Any) -> None:
    client = chat_client
    gid, tokens = new_game(client, HUMANS)
    assert say(client, gid, tokens[0], "x" * 501).status_code == 422
    assert say(client, gid, tokens[0], "   ").status_code == 422
    assert say(client, gid, tokens[0], "bell\x07").status_code == 422
    assert say(client, gid, tokens[0], "a\u202eb").status_code == 422
    assert say(client, gid, tokens[0], "\n".join("line" for _ in range(13))).status_code == 422
    assert say(client, gid, tokens[0], "y" * 500).status_code == 201  # one of the 5 of a burst
    codes = [say(client, gid, tokens[0], f"flood {i}").status_code for i in range(10)]
    assert codes[:4] == [201] * 4 and set(codes[4:]) == {429}
    r = say(client, gid, tokens[0], "more")
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
    # the budget is the sender's: Ben still talks, and a spectator too
    assert say(client, gid, tokens[1], "my turn to talk").status_code == 201
    assert say(client, gid, None, "hi", channel="spectators", name="Zoe").status_code == 201
    stored = read(client, gid, tokens[1])["messages"]
    assert len(stored) == 6 and all(len(m["text"]) <= 500 for m in stored)


def test_an_xss_payload_is_kept_and_returned_as_text(chat_client: Any) -> None:
    client = chat_client
    gid, tokens = new_game(client, HUMANS)
    r = say(client, gid, tokens[0], XSS)
    assert r.status_code == 201 and r.headers["content-type"] == "application/json"
    assert r.json()["text"] == XSS  # the same characters: not escaped, not stripped, not run
    got = read(client, gid, tokens[1])["messages"][0]
    assert got["text"] == XSS
    # the spectators' names too
    r = say(client, gid, None, "hello", channel="spectators", name="<b>Zoe</b>")
    assert r.status_code == 201 and read(client, gid)["messages"][0]["name"] == "<b>Zoe</b>"


def test_messages_are_pushed_over_the_websocket_to_those_who_may_read_them(
    chat_client: Any,
) -> None:
    client = chat_client
    gid, tokens = new_game(client, HUMANS)
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as ben,
        client.websocket_connect(f"/api/games/{gid}/ws") as zoe,
    ):
        ben.send_text(json.dumps({"token": tokens[1]}))
        zoe.send_text(json.dumps({"token": None}))
        assert ben.receive_json()["type"] == "state"
        assert zoe.receive_json()["type"] == "state"
        assert say(client, gid, tokens[0], "your move, Ben").status_code == 201
        pushed = ben.receive_json()
        assert pushed["type"] == "chat" and pushed["text"] == "your move, Ben"
        assert pushed["name"] == "Ana" and "game" not in pushed
        assert (
            say(client, gid, None, "watching", channel="spectators", name="Zoe").status_code == 201
        )
        # the spectator gets the spectators' message, never the players' one before it
        got = zoe.receive_json()
        assert got["type"] == "chat" and got["text"] == "watching"
        # Ben is sent nothing of the spectators' chat: the next thing he gets is a pong
        ben.send_text("ping")
        assert ben.receive_json() == {"type": "pong"}


def test_spectators_are_told_apart_without_their_address(chat_client: Any) -> None:
    """Each spectator's ``sender`` (what a reader mutes) is a keyed digest: the same for the
    same spectator, never the address itself."""
    client = chat_client
    gid, _ = new_game(client, HUMANS)
    one = say(client, gid, None, "a", channel="spectators", name="Zoe").json()
    two = say(client, gid, None, "b", channel="spectators", name="Zed").json()
    assert one["sender"] == two["sender"] and one["sender"].startswith("v")
    assert "testclient" not in one["sender"] and "127.0.0.1" not in json.dumps(one)
    other, _ = new_game(client, HUMANS)
    elsewhere = say(client, other, None, "c", channel="spectators", name="Zoe").json()
    assert elsewhere["sender"] != one["sender"]  # not traceable across games


def test_a_spectator_cannot_write_under_a_players_name(chat_client: Any) -> None:
    """Readers know players by name: a spectator named as one of them (case, spacing and
    full-width letters aside) is refused (422, in the language asked for), and nothing is posted."""
    client = chat_client
    gid, _ = new_game(client, HUMANS)
    for twin in ("Ana", "ben", " Ｂｅｎ "):
        r = say(client, gid, None, "I resign", channel="spectators", name=twin)
        assert r.status_code == 422, r.text
    zh = client.post(
        f"/api/games/{gid}/chat?lang=zh",
        json={"channel": "spectators", "text": "I resign", "name": "Ana"},
    )
    assert zh.json()["detail"] == "“Ana”是玩家的名字：观众请用自己的名字发言"
    assert read(client, gid)["messages"] == []
    assert (
        say(client, gid, None, "go Ana", channel="spectators", name="Ana's fan").status_code == 201
    )


def test_chat_of_a_game_that_does_not_exist(chat_client: Any) -> None:
    assert chat_client.get("/api/games/nosuchgame/chat").status_code == 404
    r = say(chat_client, "nosuchgame", None, "hi", channel="spectators", name="Zoe")
    assert r.status_code == 404
    gid, _ = new_game(chat_client, HUMANS)
    assert say(chat_client, gid, "not-a-token", "hi").status_code == 401
    r = chat_client.post(f"/api/games/{gid}/chat", json={"channel": "lobby", "text": "hi"})
    assert r.status_code == 422


def test_a_message_posted_in_one_server_process_reaches_the_sockets_of_another(
    database: str,
) -> None:
    """Two servers on one database (two processes' worth: two apps): a message posted to one
    is pushed to the WebSocket clients of the other, found by its polling."""
    with (
        make_client(database, poll=0.2) as one,
        make_client(database, poll=0.2) as two,
    ):
        gid, tokens = new_game(one, HUMANS)
        with two.websocket_connect(f"/api/games/{gid}/ws") as ben:
            ben.send_text(json.dumps({"token": tokens[1]}))
            assert ben.receive_json()["type"] == "state"
            assert say(one, gid, tokens[0], "from the other server").status_code == 201
            pushed = ben.receive_json()
            assert pushed["type"] == "chat" and pushed["text"] == "from the other server"


def test_the_service_worker_is_served_from_the_root(chat_client: Any) -> None:
    """/sw.js (web/public/sw.js): a script the page registers for Web Push, scope "/"."""
    r = chat_client.get("/sw.js")
    assert r.status_code == 200 and "javascript" in r.headers["content-type"]
    assert 'addEventListener("push"' in r.text and "showNotification" in r.text
