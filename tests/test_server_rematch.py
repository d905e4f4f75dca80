"""Play again (onmars.server.rematch): once a game is over, any of its seats starts a rematch with
the same seats, length and time control and a new seed; each other seat joins it with its own
token of the finished game, into its own seat; anyone may see that it exists; two seats asking
at once make one game, never two.
"""

from __future__ import annotations

from typing import Any

import pytest
from serverkit import bearer, make_client, new_game, state

from onmars.server import rematch

PLAYERS = [{"name": "Ana"}, {"name": "Ben"}, {"name": "Robo", "bot": "greedy"}]


def over(client: Any, gid: str, tokens: list[str | None]) -> None:
    """End the game by agreement (RUL-20): every human seat votes for it."""
    for token in tokens:
        if token is not None:
            r = client.post(f"/api/games/{gid}/conclude", headers=bearer(token))
            assert r.status_code == 200, r.text
    assert state(client, gid)["is_over"]


def play_again(client: Any, gid: str, token: str | None) -> Any:
    return client.post(f"/api/games/{gid}/rematch", headers=bearer(token))


def test_each_seat_plays_again_in_its_own_seat(client: Any) -> None:
    gid, tokens = new_game(client, PLAYERS, length="long")
    over(client, gid, tokens)
    assert client.get(f"/api/games/{gid}/rematch").json() == {"id": None}

    ana = play_again(client, gid, tokens[0])
    assert ana.status_code == 200, ana.text
    new = ana.json()["id"]
    assert new != gid and ana.json()["seat"] == 0
    assert client.get(f"/api/games/{gid}/rematch").json() == {"id": new}, "anyone may see it"
    ben = play_again(client, gid, tokens[1])
    assert ben.json()["id"] == new and ben.json()["seat"] == 1
    assert ben.json()["token"] != ana.json()["token"]

    again = state(client, new)
    assert [(p["name"], p["bot"]) for p in again["players"]] == [
        ("Ana", None),
        ("Ben", None),
        ("Robo", "greedy"),
    ]
    assert again["view"]["length"] == "long" and not again["is_over"]
    assert state(client, new, ana.json()["token"])["seat"] == 0
    assert state(client, new, ben.json()["token"])["seat"] == 1
    # Ana again (another device): the same game, a key of her own seat
    twice = play_again(client, gid, tokens[0]).json()
    assert twice["id"] == new and state(client, new, twice["token"])["seat"] == 0
    # a seat's token of the finished game is no key to the new one
    r = client.get(f"/api/games/{new}", headers=bearer(tokens[0]))
    assert r.status_code == 401


def test_no_rematch_while_the_game_is_played(client: Any) -> None:
    gid, tokens = new_game(client, PLAYERS)
    r = play_again(client, gid, tokens[0])
    assert r.status_code == 409 and "§24.1" in r.json()["detail"]
    zh = client.post(f"/api/games/{gid}/rematch?lang=zh", headers=bearer(tokens[0]))
    assert zh.json()["detail"] == "对局结束后才可再来一局（§24.1）"
    assert client.get(f"/api/games/{gid}/rematch").json() == {"id": None}


def test_only_a_seat_of_the_game_plays_again(client: Any) -> None:
    gid, tokens = new_game(client, PLAYERS)
    other, their = new_game(client, PLAYERS)
    over(client, gid, tokens)
    assert play_again(client, gid, None).status_code == 401  # a spectator
    assert play_again(client, gid, their[0]).status_code == 401  # a seat of another game
    assert client.get(f"/api/games/{gid}/rematch").json() == {"id": None}


def test_the_time_control_is_played_again(client: Any) -> None:
    clock = {"mode": "fischer", "seconds": 3600, "increment": 30, "vacation": 86400}
    r = client.post("/api/games", json={"players": PLAYERS, "clock": clock})
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    over(client, gid, tokens)
    new = play_again(client, gid, tokens[1]).json()["id"]
    fresh = state(client, new)["clock"]
    assert (fresh["mode"], fresh["base"], fresh["increment"], fresh["vacation"]) == (
        "fischer",
        3600,
        30,
        86400,
    )
    assert fresh["remaining"] == [3600, 3600, 3600] and fresh["absent"] == []


def test_two_seats_asking_at_once_make_one_game(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ben asks while Ana's rematch is being stored: his look finds none, his new game's
    transaction then fails on the link, so nothing of it is stored and he joins Ana's."""
    with make_client(database) as client:
        gid, tokens = new_game(client, PLAYERS)
        over(client, gid, tokens)
        ana = play_again(client, gid, tokens[0]).json()
        listed = len(client.get("/api/games?limit=200").json()["games"])
        real, looks = rematch.rematch_of, []

        def late(store: Any, game: str) -> str | None:  # Ben's first look misses Ana's rematch
            looks.append(game)
            return None if len(looks) == 1 else real(store, game)

        monkeypatch.setattr(rematch, "rematch_of", late)
        ben = play_again(client, gid, tokens[1])
        assert len(looks) == 2, "his game was refused by the link, then he looked again"
        assert ben.status_code == 200, ben.text
        assert ben.json()["id"] == ana["id"] and ben.json()["seat"] == 1
        assert len(client.get("/api/games?limit=200").json()["games"]) == listed, "no 2nd game"


def test_an_account_holds_its_seat_in_the_rematch(fresh_database: str) -> None:
    """Ana's account held her seat: the rematch is in her games, the same seat, before she
    joins it (Ben starts it)."""
    from test_server_accounts import csrf, register

    with make_client(fresh_database) as client:
        gid, tokens = new_game(client, PLAYERS)
        register(client, "Ana")
        claim = {"game_id": gid, "token": tokens[0]}
        assert client.post("/api/account/claim", json=claim, headers=csrf(client)).is_success
        over(client, gid, tokens)
        new = play_again(client, gid, tokens[1]).json()["id"]
        mine = {g["id"]: g["seat"] for g in client.get("/api/account/games").json()["games"]}
        assert mine == {gid: 0, new: 0}
