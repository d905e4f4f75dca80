"""Issue 24's "Done when", end to end through the API (the browser side is in the test_web_*
tests): two players with accounts take the seats of a 2-player game, each asks for Web Push (a
local push endpoint, decrypted as a browser would) and e-mail (a local aiosmtpd server); each is
told once, by both, every time their turn comes, with nothing secret in any message; they chat;
they end the game by agreement after round 2 (RUL-20, the written rating policy:
docs/accounts.md) and their ratings move exactly as OpenSkill computes, the game showing on both
player pages. And a clock: a silent player's 1 s runs out across a server restart, a bot
stands in, and the timeout loses in the ratings (the seat absent at the end is placed last).

Decision: the game is ended by agreement rather than played out (first legal moves never end a
game, random ones take hundreds of moves through the API); the policy rates an agreement-ended
game from round 2 on, on its scores as they stood (onmars.server.ratings.plan).
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from openskill.models import PlackettLuce
from serverkit import (
    Browser,
    Inbox,
    PushEndpoint,
    bearer,
    make_client,
    new_game,
    state,
)
from test_server_accounts import csrf, login, register
from test_server_notify import notify_client, wait_for
from test_server_ratings import account_rating, why_unrated

import onmars
from onmars.server.ratings import MIN_ROUND_AGREED, places, to_elo

NAMES = ["Ana", "Ben"]
MODEL = PlackettLuce()


@pytest.fixture
def database(fresh_database: str) -> str:
    """A fresh database for each test, SQLite then PostgreSQL (conftest's ``fresh_database``)."""
    return fresh_database


def as_player(client: Any, name: str) -> dict[str, str]:
    """``name``'s browser: its session cookie (signed in again), and its CSRF header."""
    client.cookies.clear()
    assert login(client, name).status_code == 200
    return csrf(client)


def take_seat(client: Any, name: str, gid: str, link: str) -> str:
    """``name`` registers, claims the seat their link opens, and gets a seat key for this
    device from their account: the token they play with from now on."""
    client.cookies.clear()
    register(client, name)
    r = client.post(
        "/api/account/claim", json={"game_id": gid, "token": link}, headers=csrf(client)
    )
    assert r.status_code == 200, r.text
    r = client.post(f"/api/account/games/{gid}/key", headers=csrf(client))
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def test_two_accounts_are_told_their_turns_chat_and_are_rated_at_the_end(
    database: str, smtp: tuple[Inbox, int], endpoint: PushEndpoint
) -> None:
    inbox, port = smtp
    with notify_client(database, port) as client:
        gid, links = new_game(client, [{"name": n} for n in NAMES])
        keys = [
            take_seat(client, name, gid, str(link)) for name, link in zip(NAMES, links, strict=True)
        ]
        sessions = []
        for name in NAMES:
            as_player(client, name)
            sessions.append(dict(client.cookies))
            mine = client.get("/api/account/games").json()["games"]
            assert [g["id"] for g in mine] == [gid]
        client.cookies.clear()

        # each asks for push (their own browser's subscription) and e-mail, in their language
        browsers = []
        for seat, name in enumerate(NAMES):
            browser = Browser(f"http://127.0.0.1:{endpoint.port}/push/{name}")
            browsers.append(browser)
            auth = bearer(keys[seat])
            r = client.post(f"/api/games/{gid}/push", json=browser.subscription, headers=auth)
            assert r.status_code == 200, r.text
            r = client.put(
                f"/api/games/{gid}/notices",
                json={"address": f"{name.lower()}@example.org", "lang": ("en", "zh")[seat]},
                headers=auth,
            )
            assert r.status_code == 200 and r.json()["push"] and r.json()["email"], r.text

        # they play (each the first legal move of their own seat) into round 3 and chat on
        # the way; every time the turn passes to a seat, that seat is owed one message of each
        turns_begun = [0, 0]
        said = []
        now = state(client, gid)
        while now["view"]["round"] <= MIN_ROUND_AGREED:
            mover = now["current_player"]
            mine = state(client, gid, keys[mover])
            r = client.post(
                f"/api/games/{gid}/moves",
                json={"ply": mine["ply"], "move": mine["legal_moves"][0]["move"]},
                headers=bearer(keys[mover]),
            )
            assert r.status_code == 200, r.text
            now = state(client, gid)
            if now["current_player"] != mover:
                turns_begun[now["current_player"]] += 1
                text = f"{NAMES[mover]}: over to you ({now['ply']})"
                r = client.post(
                    f"/api/games/{gid}/chat",
                    json={"channel": "players", "text": text},
                    headers=bearer(keys[mover]),
                )
                assert r.status_code == 201, r.text
                said.append(text)
        assert min(turns_begun) >= 2

        def told(seat: int) -> tuple[list[Any], list[dict[str, Any]]]:
            address = f"{NAMES[seat].lower()}@example.org"
            mails = [m for m in inbox.messages if m["To"] == address]
            pushes = [
                browsers[seat].read(body)
                for _, body, path in list(endpoint.received)
                if path == f"/push/{NAMES[seat]}"
            ]
            return mails, pushes

        wait_for(
            lambda: all([len(x) for x in told(s)] == [turns_begun[s]] * 2 for s in range(2)),
            "one e-mail and one push per turn begun",
        )
        # nothing more comes (at most one message per turn)
        time.sleep(0.5)
        assert len(inbox.messages) == sum(turns_begun) == len(endpoint.received)
        for seat in range(2):
            mails, pushes = told(seat)
            assert all(p["url"] == f"/play/{gid}" for p in pushes)
            assert ("your turn" if seat == 0 else "你的回合") in pushes[0]["body"]
            assert all(NAMES[seat] in m.get_payload(decode=True).decode() for m in mails)
        # nothing secret in any message: no seat link or key, no session, no CSRF token (RUL-18)
        everything = b"".join(inbox.raw).decode(errors="replace") + json.dumps(
            [told(s)[1] for s in range(2)], ensure_ascii=False
        )
        secrets = [str(t) for t in links] + keys
        secrets += [v for jar in sessions for v in jar.values()]
        for secret in secrets:
            assert secret not in everything

        # each reads the other's chat in the players' channel, as plain text
        for seat in range(2):
            r = client.get(f"/api/games/{gid}/chat", headers=bearer(keys[seat]))
            assert [m["text"] for m in r.json()["messages"]] == said

        # both agree to end it (RUL-20): over, and rated on its scores as they stood
        for seat in range(2):
            r = client.post(
                f"/api/games/{gid}/conclude", json={"agree": True}, headers=bearer(keys[seat])
            )
            assert r.status_code == 200, r.text
        over = state(client, gid)
        assert over["is_over"] and over["ended"] == "agreement"
        wait_for(lambda: why_unrated(database, gid) is not None, "the rating")
        assert why_unrated(database, gid) == (True, "rated")

        # OpenSkill's own numbers, from the game rebuilt from its public record (RUL-22)
        record = client.get(f"/api/games/{gid}/record").json()
        log = {k: record[k] for k in ("options", "seed", "rules", "moves", "ended")}
        game = onmars.Game.replay(log)
        assert game.is_over and game.round > MIN_ROUND_AGREED - 1
        ranks = places(game.scores())
        want = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=ranks)
        for seat, name in enumerate(NAMES):
            mu, sigma, rated = account_rating(database, name)
            assert (mu, sigma, rated) == (
                pytest.approx(want[seat][0].mu),
                pytest.approx(want[seat][0].sigma),
                1,
            )
        # both player pages show the game, its outcome and the change, on the Elo scale
        for seat, name in enumerate(NAMES):
            page = client.get(f"/api/players/{name}").json()
            elo = round(to_elo(want[seat][0].mu))
            assert page["rating"] == elo and page["rated_games"] == 1
            assert [h["game_id"] for h in page["history"]] == [None, gid]
            assert [g["id"] for g in page["games"]] == [gid]
            shown = page["games"][0]
            assert shown["won"] == (seat in game.winners()) and shown["ended"] == "agreement"
            assert shown["rating_change"] == elo - round(to_elo(MODEL.mu))


# --- a clock runs out ---------------------------------------------------------------------------
def play_as(client: Any, gid: str, key: str, seat: int, until: Any) -> dict[str, Any]:
    """The seat's player at the table: moves at once whenever it decides (taking the seat back
    if the machine's load let its own second run out), until ``until(state)``."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        now = state(client, gid, key)
        if until(now):
            return now
        if seat in now["clock"]["absent"]:
            client.post(f"/api/games/{gid}/return", headers=bearer(key))
        elif now["current_player"] == seat and now["legal_moves"]:
            r = client.post(
                f"/api/games/{gid}/moves",
                json={"ply": now["ply"], "move": now["legal_moves"][0]["move"]},
                headers=bearer(key),
            )
            assert r.status_code in (200, 409), r.text  # 409: the stand-in moved first
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not get there in time")


def moves_of(st: dict[str, Any], seat: int, after: int = 0) -> int:
    return sum(
        1 for e in st["events"] if e["id"] == "move" and e["seat"] == seat and e["ply"] >= after
    )


def test_a_silent_player_s_clock_runs_out_across_a_restart_and_the_timeout_loses(
    database: str,
) -> None:
    """A time per move of 1 s, policy ``bot``: Ben falls silent on his decision and the server
    stops; his deadline passes while it is down. At the next start the timeout applies, a random
    bot stands in for him and plays on (RUL-18: his view only). Ana, left alone, ends the game by
    agreement after round 2 (RUL-20: an absent seat agrees as a bot does); Ben, absent at the
    end, is placed last (docs/accounts.md), whatever the scores said, by OpenSkill's numbers."""
    quick = {"clock_check": 0.1, "bot_delay": 0.05}
    clock = {"mode": "move", "seconds": 1, "policy": "bot", "bot": "random"}
    with make_client(database, **quick) as client:
        r = client.post(
            "/api/games", json={"players": [{"name": n} for n in NAMES], "clock": clock}
        )
        assert r.status_code == 201, r.text
        gid, links = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        keys = [take_seat(client, name, gid, link) for name, link in zip(NAMES, links, strict=True)]
        ana, ben = 0, 1
        # Ana plays until Ben decides; Ben never moves; the server stops on his decision
        at_stop = play_as(client, gid, keys[ana], ana, lambda s: s["current_player"] == ben)
        assert at_stop["clock"]["seat"] == ben and at_stop["clock"]["policy"] == "bot"
    time.sleep(1.5)  # his second passes while no server runs
    with make_client(database, **quick) as client:
        # Ana plays on (taking her seat back should the loaded machine let her second run out)
        after = play_as(
            client, gid, keys[ana], ana, lambda s: moves_of(s, ben, at_stop["ply"]) >= 1
        )
        assert ben in after["clock"]["absent"], "his time ran out; a bot plays his seat"
        # Ana plays on against the stand-in into round 3, then ends it alone (RUL-20)
        play_as(client, gid, keys[ana], ana, lambda s: s["view"]["round"] > MIN_ROUND_AGREED)
        for _ in range(50):  # her vote may meet a stand-in's move (409): vote again
            r = client.post(
                f"/api/games/{gid}/conclude", json={"agree": True}, headers=bearer(keys[ana])
            )
            if r.status_code == 200 and r.json()["is_over"]:
                break
            if ana in state(client, gid)["clock"]["absent"]:
                client.post(f"/api/games/{gid}/return", headers=bearer(keys[ana]))
        over = state(client, gid)
        assert over["is_over"] and over["ended"] == "agreement"
        assert over["clock"]["absent"] == [ben]
        wait_for(lambda: why_unrated(database, gid) is not None, "the rating")
        assert why_unrated(database, gid) == (True, "rated")
        record = client.get(f"/api/games/{gid}/record").json()
        game = onmars.Game.replay(
            {k: record[k] for k in ("options", "seed", "rules", "moves", "ended")}
        )
        ranks = places(game.scores(), {ben})
        assert ranks == [0, 1], "the seat absent at the end comes last"
        want = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=ranks)
        for seat, name in enumerate(NAMES):
            mu, sigma, rated = account_rating(database, name)
            assert (mu, sigma, rated) == (
                pytest.approx(want[seat][0].mu),
                pytest.approx(want[seat][0].sigma),
                1,
            )
            page = client.get(f"/api/players/{name}").json()
            assert [g["id"] for g in page["games"]] == [gid]
        assert account_rating(database, "Ana")[0] > MODEL.mu > account_rating(database, "Ben")[0]
