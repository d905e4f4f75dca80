"""The server and the library as an attacker meets them, looking for secrets (RUL-18, RUL-19,
RUL-22) and for answers of 500.

What a seat may know: its own Private Goals, never another seat's nor the goals left in the box;
never the order of a face-down stack (Blueprint deck, Tech stacks, building stacks below their
top, Discovery stack) nor the seed (RUL-18). A refusal names none of them, and a seat takes back
only its own moves of the current turn (RUL-19). Once the game is over, everything may be shown
(RUL-22).

Each test reads like an attack: what is sent, and what the answer may not hold. In-process, on
SQLite and PostgreSQL (``database``; PostgreSQL runs when ONMARS_TEST_POSTGRES names a server).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from serverkit import FAST, bearer, new_game, store_game

import onmars.server.live as live_module
from onmars import Game, OnMarsError
from onmars.rules.data.components import load
from onmars.rules.game import DISCARD_SEEN, GOAL_SEEN, Stop
from onmars.server.app import create_app
from onmars.server.config import Settings

THREE = [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cai"}]
#: The seed of the games the tests start through the API (the server draws one at random).
SEED = 11
#: Card and tile ids: Private Goals, Blueprints, Discovery tiles, Tech and building tiles.
ID = re.compile(r"\b(?:PG\d\d|BP\d\d|D\d\d|[AB]-[a-z]+|[a-z]+-\d)\b")


def client_of(database: str) -> TestClient:
    """The app on ``database``; a crash is answered as the server answers it (500), not
    raised in the test."""
    return TestClient(
        create_app(Settings(database=database, **FAST)), raise_server_exceptions=False
    )


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games made through the API are dealt from :data:`SEED` (the test knows their stacks)."""

    class Seeded(Game):
        @classmethod
        def new(cls, players: Any = 3, seed: int | None = None, length: str = "short",
                **kwargs: Any) -> Game:  # fmt: skip
            return Game.new(players, SEED if seed is None else seed, length, **kwargs)

    monkeypatch.setattr(live_module, "Game", Seeded)


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    with client_of(database) as c:
        yield c


def hidden_from(game: Game, viewer: int | None, box: set[str]) -> set[str]:
    """What ``viewer`` (``None``: a spectator) may not know now (RUL-18), read from the engine's
    own state (the test's knowledge, never sent): the other seats' Private Goals, the goals
    left in the box, every face-down stack's cards (a building stack's top is face up). A
    Discovery tile held face down is left out: it lay face up on the map before it was
    taken."""
    s = game.state
    secret = set(s.bp_deck) | set(s.discovery_stack) | set(box)
    for stack in s.building_stacks.values():
        secret |= set(stack[:-1])
    for tiles in s.tech_stacks:
        secret |= {str(t) for t in tiles}
    for p in s.players:
        if p.seat != viewer:
            secret |= set(p.goals)
    return secret


def named(answer: Any, secret: set[str]) -> set[str]:
    """The secret ids an answer (JSON, or its text) names anywhere: in a value or a key."""
    text = answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)
    return {x for x in ID.findall(text) if x in secret}


def live_game(client: TestClient, gid: str) -> Game:
    return client.app.state.server.hub.games[gid].game


# --- 1. every answer a seat or a spectator gets during a game ------------------------------------
def test_no_answer_of_a_whole_stretch_of_play_names_a_secret(
    client: TestClient, seeded: None
) -> None:
    """RUL-18, RUL-19: three seats play 120 random legal moves through the API. Before each
    move every seat and a spectator read the state, the described moves and the refused
    places (``/why``); the seat that decides probes the other seats' hands and the box with
    ``discard``/``goal`` moves; the other seats try to take the last move back. No answer names
    a secret of its reader, a probe gets the same refusal for another seat's card as for a card
    in the box, and no undo by another seat changes the game. Then the game ends by agreement
    and the same reads show what was secret (RUL-22): the check itself can see a leak."""
    gid, tokens = new_game(client, THREE)
    game = live_game(client, gid)
    dealt = {g for p in game.state.players for g in p.goals}
    box = set(load().private_goal) - dealt
    rng = random.Random(SEED)
    for _ in range(120):
        game = live_game(client, gid)
        seat = game.current_player
        assert seat is not None and not game.is_over
        for viewer in (None, 0, 1, 2):
            secret = hidden_from(game, viewer, box)
            token = tokens[viewer] if viewer is not None else None
            for path in ("", "/moves", "/why"):
                r = client.get(f"/api/games/{gid}{path}?lang=en", headers=bearer(token))
                assert r.status_code == 200, r.text
                assert not named(r.text, secret), (viewer, path, named(r.text, secret))
        ply = len(game.moves)
        theirs = sorted({g for p in game.state.players if p.seat != seat for g in p.goals})
        for verb in ("discard", "goal"):
            answers = set()
            for card in [*theirs[:2], *sorted(box)[:2]]:
                r = client.post(
                    f"/api/games/{gid}/moves", json={"ply": ply, "move": f"{verb} {card}"},
                    headers=bearer(tokens[seat]),
                )  # fmt: skip
                assert r.status_code == 422, r.text
                assert card not in r.text
                answers.add((r.json()["rule"], r.json()["reason"]))
            assert len(answers) == 1, answers  # another seat's card or one in the box: alike
        for other in (s for s in range(3) if s != seat):
            r = client.post(f"/api/games/{gid}/undo", headers=bearer(tokens[other]))
            assert r.status_code == 422 and r.json()["rule"] == "RUL-19", r.text
            assert len(live_game(client, gid).moves) == ply
        state = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()
        move = rng.choice(state["legal_moves"])["move"]
        r = client.post(
            f"/api/games/{gid}/moves", json={"ply": ply, "move": move},
            headers=bearer(tokens[seat]),
        )  # fmt: skip
        assert r.status_code == 200, r.text
        assert not named(r.text, hidden_from(live_game(client, gid), seat, box))
    before = hidden_from(live_game(client, gid), None, box) - box
    for token in tokens:
        assert client.post(f"/api/games/{gid}/conclude", headers=bearer(token)).status_code == 200
    shown = client.get(f"/api/games/{gid}").text
    assert named(shown, before), "after the end the stacks and hands are shown (RUL-22)"
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["seed"] == SEED


def test_pushes_to_a_spectator_and_to_another_seat_name_no_secret(
    client: TestClient, seeded: None
) -> None:
    """RUL-18: the WebSocket pushes after a move are what the reader may see: a spectator and
    a seat that does not decide get no goal of another seat and no stack's card, and no legal
    moves; the seat's second device (a second socket with the same token) gets its own goals."""
    gid, tokens = new_game(client, THREE)
    game = live_game(client, gid)
    box = set(load().private_goal) - {g for p in game.state.players for g in p.goals}
    seat = game.current_player
    other = (seat + 1) % 3
    readers = {"spectator": None, "other": tokens[other], "device": tokens[seat]}
    with (
        client.websocket_connect(f"/api/games/{gid}/ws?lang=en") as spectator,
        client.websocket_connect(f"/api/games/{gid}/ws?lang=en") as watcher,
        client.websocket_connect(f"/api/games/{gid}/ws?lang=en") as device,
    ):
        sockets = {"spectator": spectator, "other": watcher, "device": device}
        for name, ws in sockets.items():
            ws.send_text(json.dumps({"token": readers[name]}))
            assert ws.receive_json()["type"] == "state"
        state = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()
        move = state["legal_moves"][0]["move"]
        r = client.post(
            f"/api/games/{gid}/moves", json={"ply": 0, "move": move}, headers=bearer(tokens[seat])
        )
        assert r.status_code == 200, r.text
        game = live_game(client, gid)
        for name, ws in sockets.items():
            pushed = ws.receive_text()
            data = json.loads(pushed)
            assert data["type"] == "state" and data["ply"] == 1
            viewer = {"spectator": None, "other": other, "device": seat}[name]
            assert not named(pushed, hidden_from(game, viewer, box)), name
            if name != "device":
                assert data["legal_moves"] == []
        mine = json.loads(pushed)["view"]["players"][seat]["goals"]
        assert mine == game.state.players[seat].goals


# --- 2. a held game's refused move ---------------------------------------------------------------
def stored_with_refused_goal(database: str) -> tuple[str, list[str], int, str]:
    """A 2-player game stored as the server stores one, whose last stored move is ``goal
    <id>`` for a Private Goal in the hand of the seat deciding, refused by today's rules (as a
    goal completed under an older version might be): the game id, the tokens, that seat and
    the goal."""
    game = Game.new(["Ana", "Ben"], seed=5)
    rng = random.Random(5)
    while len(game.moves) < 30 or not refused_goal(game):  # a few rounds in, a goal held
        moves = game.legal_moves()
        keep = [m for m in moves if m.verb not in ("goal", "discard")]  # the goals stay held
        game.play(rng.choice(keep or moves))
        assert len(game.moves) < 600, "no seat ever decided holding a goal it could not complete"
    seat, goal = game.current_player, refused_goal(game)
    assert seat is not None and goal
    gid, tokens = store_game(database, game, then=((f"goal {goal}", seat),))
    return gid, tokens, seat, goal


def refused_goal(game: Game) -> str:
    """A Private Goal in the hand of the seat deciding that it may not complete now ("" if
    none)."""
    seat = game.current_player
    legal = {str(m) for m in game.legal_moves()}
    goals = game.state.players[seat].goals if seat is not None else []
    return next((g for g in goals if f"goal {g}" not in legal), "")


def test_a_held_games_refused_goal_names_no_private_goal(database: str) -> None:
    """RUL-18: a game held at a refused ``goal <id>`` completed nothing: the goal is still a
    secret card of its holder's hand. Another seat and a spectator read ``goal (a goal)`` in
    the held game's message, in either language; only the seat that played it sees its id.
    (Before the fix the stop named the goal to everyone.)"""
    gid, tokens, seat, goal = stored_with_refused_goal(database)
    with client_of(database) as client:
        for viewer in (None, tokens[1 - seat]):
            for lang in ("en", "zh"):
                r = client.get(f"/api/games/{gid}?lang={lang}", headers=bearer(viewer))
                assert r.status_code == 200, r.text
                assert r.json()["stop"]["move"] == GOAL_SEEN
                assert goal not in r.text
        r = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat]))
        assert r.json()["stop"]["move"] == f"goal {goal}"


def test_a_stop_shows_a_goal_move_only_to_the_seat_that_played_it() -> None:
    """RUL-18 in the library (``Stop.seen_by``): a refused ``goal`` or ``discard`` is named to
    its own seat only; a stop whose seat is not known shows it to nobody, a spectator
    included (``None`` is not the seat ``None``); other moves name nothing secret and are
    shown as they are."""
    error = OnMarsError("§18.1: refused")

    def stop(move: str, seat: int | None) -> Stop:
        return Stop(ply=3, move=move, error=error, rules=1, dropped=1, ended=False, seat=seat)

    assert stop("goal PG04", 1).seen_by(1).move == "goal PG04"
    assert stop("goal PG04", 1).seen_by(0).move == GOAL_SEEN
    assert stop("goal PG04", 1).seen_by(None).move == GOAL_SEEN
    assert stop("discard PG04", 1).seen_by(None).move == DISCARD_SEEN
    assert stop("goal PG04", None).seen_by(None).move == GOAL_SEEN
    assert "PG04" not in stop("goal PG04", 1).seen_by(0).message("zh")
    assert stop("seat 8", 1).seen_by(0).move == "seat 8"


# --- 3. numbers of thousands of digits -----------------------------------------------------------
#: A number Python's int() refuses to read (over 4300 digits): a size of 2, and one too large.
LONG_TWO = "0" * 5000 + "2"
LONG_HUGE = "9" * 5000


def test_a_content_length_of_thousands_of_digits_is_a_size_not_a_crash(
    client: TestClient,
) -> None:
    """A ``Content-Length`` with thousands of leading zeros is a size like any other (HTTP
    allows them): the request is answered as usual, by the guard and by the moves' hot path
    alike; thousands of nines are over the limit (413). Before the fix each got a 500 (Python
    refuses ``int()`` of over 4300 digits)."""
    body = json.dumps({"players": THREE}).encode()
    sized = {"content-type": "application/json", "content-length": "0" * 5000 + str(len(body))}
    r = client.post("/api/games", content=body, headers=sized)
    assert r.status_code == 201, r.text
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    seat = client.get(f"/api/games/{gid}").json()["current_player"]
    move = json.dumps({"ply": 0, "move": "end"}).encode()
    long = {"content-type": "application/json", "content-length": "0" * 5000 + str(len(move))}
    r = client.post(f"/api/games/{gid}/moves", content=move, headers=long | bearer(tokens[seat]))
    assert r.status_code == 422 and r.json()["rule"], r.text  # the rules refuse "end" here
    too_large = {"content-type": "application/json", "content-length": LONG_HUGE}
    for path in ("/api/games", f"/api/games/{gid}/moves"):
        r = client.post(path, content=move, headers=too_large | bearer(tokens[seat]))
        assert r.status_code == 413, r.text
    r = client.get(f"/api/games/{gid}", headers={"content-length": LONG_TWO})
    assert r.status_code == 200, r.text


@pytest.mark.parametrize("since", [LONG_HUGE, "-1", "٣", "1e3", ""])
def test_a_websocket_since_that_is_no_ply_gets_an_error_message(
    client: TestClient, since: str
) -> None:
    """A WebSocket's ``since`` that is not a ply (thousands of digits among them) gets the
    error message and a clean close, never a crash of the socket's handler (before the fix
    thousands of digits raised ``ValueError`` there)."""
    gid, _ = new_game(client, THREE)
    with client.websocket_connect(f"/api/games/{gid}/ws?since={since}") as ws:
        ws.send_text(json.dumps({"token": None}))
        error = ws.receive_json()
    assert error["type"] == "error" and error["status"] == 422
    assert error["detail"] == "since must be a ply from 0"


def test_a_websocket_since_with_leading_zeros_is_that_ply(client: TestClient) -> None:
    """Leading zeros are allowed, however many: ``000…02`` is ply 2."""
    gid, _ = new_game(client, THREE)
    with client.websocket_connect(f"/api/games/{gid}/ws?since={LONG_TWO}") as ws:
        ws.send_text(json.dumps({"token": None}))
        state = ws.receive_json()
    assert state["type"] == "state" and state["events"] == []


# --- 4. an absent player's undo -----------------------------------------------------------------
def test_an_absent_player_cannot_take_back_the_stand_in_bots_moves(database: str) -> None:
    """Ana lets her 1 s clock run out on purpose; a random bot stands in for her. Her own
    moves are refused (409) until she takes her seat back, and so is an undo: else she could
    take back the stand-in's moves of her turn until its random choice suited her, with no
    clock running. The state says so (``can_undo`` false, ``undo_why`` in her language).
    (Before the fix her undo took the bot's move back.)"""
    players = [{"name": "Ana"}, {"name": "Rob", "bot": "random"}]
    clock = {"mode": "move", "seconds": 1, "policy": "bot", "bot": "random"}
    with TestClient(
        create_app(Settings(database=database, **{**FAST, "clock_check": 0.1, "bot_delay": 0.3}))
    ) as client:
        r = client.post("/api/games", json={"players": players, "clock": clock})
        assert r.status_code == 201, r.text
        gid, ana = r.json()["id"], r.json()["seats"][0]["token"]
        deadline = time.monotonic() + 30
        while True:  # her time runs out, and the stand-in plays a move of her turn
            st = client.get(f"/api/games/{gid}?lang=zh", headers=bearer(ana)).json()
            stood_in = st["clock"]["absent"] == [0] and st["current_player"] == 0
            if stood_in and st["events"] and st["events"][-1]["seat"] == 0:
                break
            assert time.monotonic() < deadline, "no stand-in move of her turn in 30 s"
            time.sleep(0.02)
        assert st["can_undo"] is False
        assert (
            st["undo_why"] == "你已超时，现由电脑玩家代为出手：请先重新接管你的座位（POST /return）"
        )
        r = client.post(f"/api/games/{gid}/undo", headers=bearer(ana))
        assert r.status_code == 409, r.text
        assert "POST /return" in r.json()["detail"]
