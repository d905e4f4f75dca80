"""Hints on the server (issue 25.1): the seat deciding now gets the search's top moves from its
view only (RUL-18); refused in a game that would be rated, allowed against bots and in unrated
games; counted per seat, stored (migration 0009) and shown with the players; a game where a
hint was asked is not rated."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from serverkit import bearer, make_client, new_game, state
from test_server_ratings import claim_as, finished_game, stored, why_unrated

from onmars import Move
from onmars.server import ratings
from onmars.server.config import Settings
from onmars.server.hints import MAX_RUNNING, refusal
from onmars.server.ratings import Seat
from onmars.server.store import Store

ANA_VS_BOT = [{"name": "Ana"}, {"name": "Robo", "bot": "greedy"}]
TWO_GUESTS = [{"name": "Ana"}, {"name": "Ben"}]


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


def ask(client: TestClient, gid: str, token: str | None, **body: object) -> object:
    return client.post(f"/api/games/{gid}/hint", json={"seconds": 0.1, **body},
                       headers=bearer(token))  # fmt: skip


def test_a_hint_against_a_bot_names_legal_moves_and_is_counted(database: str) -> None:
    with make_client(database) as client:
        gid, tokens = new_game(client, ANA_VS_BOT)
        seen = state(client, gid, tokens[0])
        for _ in range(500):  # the bot moves first at times
            if seen["current_player"] == 0:
                break
            time.sleep(0.01)
            seen = state(client, gid, tokens[0])
        legal = {m["move"] for m in seen["legal_moves"]}
        r = ask(client, gid, tokens[0], lang="zh")
        assert r.status_code == 200, r.text
        hint = r.json()
        assert hint["ply"] == seen["ply"] and hint["seat"] == 0 and hint["hints"] == 1
        assert 1 <= len(hint["suggestions"]) <= 3
        for pick in hint["suggestions"]:
            assert pick["move"] in legal
            assert 0 < pick["win"] < 1 and pick["why"]
            assert "机会分" in pick["why"][-1]  # in the language asked for
        assert state(client, gid)["ply"] == seen["ply"]  # a hint plays nothing
        assert state(client, gid)["players"][0]["hints"] == 1  # everyone sees the count
        assert state(client, gid)["players"][1]["hints"] == 0
        assert ask(client, gid, tokens[0], top=1).json()["hints"] == 2
        lobby = client.get("/api/games").json()["games"]
        assert [p.get("hints", 0) for p in lobby[0]["players"]] == [2, 0]
    with make_client(database) as client:  # stored: a restart keeps the count
        assert state(client, gid)["players"][0]["hints"] == 2


def test_a_second_hint_while_the_first_is_worked_out_says_when_to_ask_again(
    database: str,
) -> None:
    """One hint at a time per seat: the second gets 409 with ``Retry-After`` (the one refusal
    a table asks again after); the first still answers."""
    with make_client(database) as client:
        gid, tokens = new_game(client, TWO_GUESTS)
        seat = state(client, gid)["current_player"]
        with ThreadPoolExecutor(1) as pool:
            first = pool.submit(ask, client, gid, tokens[seat], seconds=2)
            time.sleep(0.5)  # the first is being worked out
            second = ask(client, gid, tokens[seat])
            assert second.status_code == 409, second.text
            assert second.headers["Retry-After"] == "1"
            assert first.result().status_code == 200


def test_hints_asked_at_once_each_get_their_own_time(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four seats of four games ask at once (the most a server takes), for 2 s each, on the
    workers (two threads here): each hint's time limit (here 3.5 s) counts from its own start,
    so the last ones are not refused for the others' time."""
    monkeypatch.setattr("onmars.server.hints.WAIT_FACTOR", 1.0)
    monkeypatch.setattr("onmars.server.hints.WAIT_GRACE", 1.5)
    with make_client(database) as client:
        asks = []
        for _ in range(MAX_RUNNING):
            gid, tokens = new_game(client, TWO_GUESTS)
            asks.append((gid, tokens[state(client, gid)["current_player"]]))
        warm = ask(client, *asks[0], seconds=0.2)  # the worker started and warm
        assert warm.status_code == 200, warm.text
        with ThreadPoolExecutor(MAX_RUNNING) as pool:
            answers = list(pool.map(lambda a: ask(client, *a, seconds=2), asks))
        assert [r.status_code for r in answers] == [200] * MAX_RUNNING, [r.text for r in answers]


def test_bad_hint_requests_are_refused(database: str) -> None:
    with make_client(database) as client:
        gid, tokens = new_game(client, TWO_GUESTS)
        seen = state(client, gid)
        mover = seen["current_player"]
        other = 1 - mover
        assert ask(client, gid, None).status_code == 401  # a seat's token is required
        r = ask(client, gid, tokens[other])
        assert r.status_code == 403 and "decides now" in r.text
        for bad in ({"seconds": 0}, {"seconds": 11}, {"seconds": "x"}, {"top": 9},
                    {"lang": "fr"}):  # fmt: skip
            assert ask(client, gid, tokens[mover], **bad).status_code == 422, bad
        assert state(client, gid)["players"][mover]["hints"] == 0  # nothing counted
        # two guests: the game is not rated, so a hint is allowed
        assert ask(client, gid, tokens[mover]).status_code == 200


def test_hints_are_off_in_a_game_that_would_be_rated(database: str) -> None:
    game = finished_game()
    gid, tokens = stored(database, game, 20)
    with make_client(database) as client:
        claim_as(client, "Ana", gid, tokens[0])
        claim_as(client, "Ben", gid, tokens[1])
        mover = state(client, gid)["current_player"]
        r = ask(client, gid, tokens[mover])
        assert r.status_code == 403 and "rated games" in r.json()["detail"]


def test_the_policy_and_a_hinted_game_is_not_rated(database: str) -> None:
    ana, ben = Seat(0, 1, None), Seat(1, 2, None)
    greedy, guest = Seat(1, None, "greedy"), Seat(1, None, None)
    assert "rated games" in refusal([ana, ben], 0)
    assert refusal([ana, greedy], 0) == ""  # against a bot: always (the game goes unrated)
    assert refusal([ana, guest], 0) == ""  # a guest seat: the game is not rated
    # a finished game against a ladder bot is rated, unless a hint was asked
    game = finished_game(seed=5)
    last = len(game.moves) - 1
    mover = game.seat_log(None)[last].seat
    assert mover is not None
    bots: list[str | None] = [None, None]
    bots[1 - mover] = "greedy"
    gid, tokens = stored(database, game, last, bots=bots)
    with make_client(database) as client:
        claim_as(client, "Ana", gid, tokens[mover])
        seen = state(client, gid, tokens[mover])
        assert seen["current_player"] == mover
        assert ask(client, gid, tokens[mover]).status_code == 200
        assert Move.parse(game.moves[last]) in [Move.parse(m["move"]) for m in seen["legal_moves"]]
        r = client.post(f"/api/games/{gid}/moves", json={"ply": last, "move": game.moves[last]},
                        headers=bearer(tokens[mover]))  # fmt: skip
        assert r.status_code == 200 and r.json()["is_over"], r.text
    store = Store(Settings(database=database).url())
    try:
        ratings.rate_game(store, gid)
    finally:
        store.close()
    assert why_unrated(database, gid) == (False, "hints used")
    with make_client(database) as client:  # the player's page shows it, unrated
        page = client.get("/api/players/Ana").json()
        assert page["games"][0]["id"] == gid and page["games"][0]["rating_change"] is None
        assert page["games"][0]["hints"] == 1 and page["rated_games"] == 0


def test_a_hint_is_refused_when_the_game_moved_on_while_it_was_checked(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat decided when it asked, but not once the seats were read (it moved in another
    tab, its clock ran out): no search on another seat's legal moves (RUL-18), 409."""
    from onmars.server import hints
    from onmars.server.deps import server_of

    with make_client(database) as client:
        gid, tokens = new_game(client, TWO_GUESTS)
        mover = state(client, gid)["current_player"]
        hub = server_of(client).hub
        assert hub is not None
        live = hub.games[gid]
        read = hints.seats_of

        def meanwhile(store: Store, game: object) -> list[Seat]:
            for _ in range(100):  # the turn passes (the store is not told: only this check)
                if live.game.current_player != mover:
                    break
                live.game.play(live.game.legal_moves()[-1])
            assert live.game.current_player != mover
            return read(store, live)

        monkeypatch.setattr(hints, "seats_of", meanwhile)
        r = ask(client, gid, tokens[mover])
        assert r.status_code == 409, r.text
        assert "suggestions" not in r.json()


def test_hint_refusals_are_in_the_language_asked_for(database: str) -> None:
    with make_client(database) as client:
        gid, tokens = new_game(client, TWO_GUESTS)
        other = 1 - state(client, gid)["current_player"]
        r = client.post(f"/api/games/{gid}/hint", params={"lang": "zh"}, json={"seconds": 0.1},
                        headers=bearer(tokens[other]))  # fmt: skip
        assert r.status_code == 403 and r.json()["detail"] == "只有现在做决定的座位可以使用提示"
