"""The server under load (issue 21, items 5 and 12): the engine works off the event loop, so a
slow request holds up its own game only; memory is bounded by bytes (the games cached, the
answers kept per game); a replay step costs a few moves, not the game's replay.

Games are played here (random legal moves) and stored whole, then asked for through the API,
on SQLite and PostgreSQL (ONMARS_TEST_POSTGRES).
"""

from __future__ import annotations

import gc
import secrets
import threading
import tracemalloc
from collections.abc import Iterator
from typing import Any

import conftest
import orjson
import pytest
from fastapi.testclient import TestClient
from serverkit import FAST, bearer

import onmars
from onmars.rules.engine import engine
from onmars.server import live as live_module
from onmars.server.app import create_app
from onmars.server.config import Settings
from onmars.server.live import REPLAY_STEP, Hub, token_hash
from onmars.server.store import Hints, SeatRow, Store

#: Moves enough for a random game to reach its end.
TO_THE_END = 10**5


def random_game(seed: int, moves: int) -> onmars.Game:
    return conftest.random_game(3, seed, moves)


def stored(database: str, game: onmars.Game) -> tuple[str, list[str]]:
    """The game stored whole (every seat human): its id and the seats' tokens."""
    store = Store(Settings(database=database).url())
    store.migrate()
    tokens = [secrets.token_urlsafe(16) for _ in game.players]
    rows = [SeatRow(i, name, None, token_hash(tokens[i])) for i, name in enumerate(game.players)]
    movers = [entry.seat for entry in game.seat_log()]
    game_id = secrets.token_urlsafe(9)
    hints = Hints(game.current_player, game.is_over, game.round)
    store.import_game(game_id, game.log, rows, movers, hints)
    store.close()
    return game_id, tokens


def client_of(database: str, **settings: Any) -> TestClient:
    return TestClient(create_app(Settings(database=database, **{**FAST, **settings})))


def hub_of(client: TestClient) -> Hub:
    hub = client.app.state.server.hub
    assert hub is not None
    return hub


def ask(client: TestClient, path: str, token: str | None = None, **params: Any) -> Any:
    r = client.get(path, params=params, headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


# --- item 5: one slow request, one game held up -------------------------------------------------
@pytest.fixture
def held() -> Iterator[tuple[threading.Event, threading.Event]]:
    """(entered, release): a slowed call signals ``entered`` and waits for ``release``."""
    entered, release = threading.Event(), threading.Event()
    yield entered, release
    release.set()


@pytest.mark.parametrize("slow", ["loading", "view"])
def test_a_slow_engine_call_holds_up_its_own_game_only(
    database: str, monkeypatch: pytest.MonkeyPatch, held: tuple[threading.Event, ...], slow: str
) -> None:
    """Issue 21.5: engine work runs off the event loop. Game A's loading (its replay) or view
    is held up on purpose; a request for game B is answered meanwhile, and A's afterwards."""
    entered, release = held
    a, _ = stored(database, random_game(1, 300))
    b, _ = stored(database, random_game(2, 300))

    def hold(game_id: str) -> None:
        if game_id == a:
            entered.set()
            release.wait(30)

    if slow == "loading":
        real_live = live_module._live
        monkeypatch.setattr(live_module, "_live", lambda rec: hold(rec.id) or real_live(rec))
    else:
        real_seen = Hub.seen
        monkeypatch.setattr(Hub, "seen", lambda hub, g, *a: hold(g.id) or real_seen(hub, g, *a))
    answered: list[str] = []
    with client_of(database) as client:

        def get(game_id: str) -> None:
            ask(client, f"/api/games/{game_id}")
            answered.append(game_id)

        slow_one = threading.Thread(target=get, args=(a,))
        slow_one.start()
        assert entered.wait(30)
        other = threading.Thread(target=get, args=(b,))
        other.start()
        other.join(30)  # a bound for a broken server, not a timing
        assert answered == [b], "game B waited for game A's engine call"
        release.set()
        slow_one.join(30)
        assert answered == [b, a]


# --- item 12: bounded memory ----------------------------------------------------------------------
def test_a_cached_game_takes_about_200_kb() -> None:
    """Issue 21.12: a game of 900 moves with its events worked out took about 1 MB; compacted
    (Game.compact: shared move records, events packed) it takes under 200 KB, and its own
    estimate (Game.nbytes, which the server's cache limit counts) is within a third of that.
    Measured with tracemalloc after the engine's process-wide caches were filled."""
    log = random_game(4, 900).log
    onmars.Game.replay(log).events(None, 0, "en")  # the engine's own caches, filled once,
    onmars.Game.replay(log).compact()  # and the per-move records that games share
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        game = onmars.Game.replay(log)
        game.events(None, 0)
        game.compact()
        gc.collect()
        taken = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert taken < 200_000
    assert 0.66 * taken < game.nbytes() < 1.5 * taken


def test_many_since_values_keep_a_bounded_set_of_answers(database: str) -> None:
    """Issue 21.12: answers are kept per (seat, since, language) until the game changes, so a
    client asking one game with many ``since`` values grew the server by ~9 MB a game. The
    answers kept stay within ``answers_kb`` (least recently used dropped), and the game with
    them within 200 KB."""
    gid, tokens = stored(database, random_game(3, 600))
    with client_of(database, answers_kb=32) as client:
        for since in range(0, 600, 7):
            for token in (None, tokens[0]):
                for lang in ("en", "zh"):
                    ask(client, f"/api/games/{gid}", token, since=since, lang=lang)
        live = hub_of(client).games[gid]
        kept = sum(map(len, live.sent.values()))
        assert 0 < kept <= 32 * 1024 and live.sent_bytes == kept
        assert live.nbytes() < 200_000


def test_many_games_stay_within_the_cache_limit(database: str) -> None:
    """Issue 21.12: the live games are bounded by bytes (``cache_mb``), least recently used
    forgotten first; a forgotten game is loaded again, as it was, when asked for."""
    games = [random_game(10 + i, 200) for i in range(10)]
    ids = [stored(database, game)[0] for game in games]
    limit = 0.4
    with client_of(database, cache_mb=limit) as client:
        hub = hub_of(client)
        for gid in ids:
            ask(client, f"/api/games/{gid}", since=0, lang="en")
            assert hub.bytes <= limit * 2**20
            assert hub.bytes == sum(live.nbytes() for live in hub.games.values())
        assert 1 < len(hub.games) < len(ids)
        assert ids[0] not in hub.games and ids[-1] in hub.games
        again = ask(client, f"/api/games/{ids[0]}", since=0)
        assert again["view"] == orjson.loads(orjson.dumps(games[0].view(None)))
        assert again["events"] == orjson.loads(orjson.dumps(games[0].events(None, 0)))


# --- item 12: replays ---------------------------------------------------------------------------
def replayed(log: dict[str, Any], ply: int, since: int) -> dict[str, Any]:
    """What a replay at ``ply`` shows, worked out the slow way: the log's prefix replayed,
    everything shown (RUL-22: the game is over)."""
    part = {**log, "moves": log["moves"][:ply]}
    if ply < len(log["moves"]):
        part.pop("ended", None)
    game = onmars.Game.replay(part)
    view, events = game.view(None, reveal=True), game.events(None, since, "en", reveal=True)
    seen = {"view": view, "events": events}
    return {"current_player": game.current_player, **orjson.loads(orjson.dumps(seen))}


@pytest.mark.slow
@pytest.mark.parametrize("ended", [False, True])
def test_a_replay_step_plays_a_move_not_the_whole_game(
    database: str, monkeypatch: pytest.MonkeyPatch, ended: bool
) -> None:
    """Issue 21.12: each replay request replayed the game's prefix (~450 ms). Now a step
    forward plays one move, a step back fewer than REPLAY_STEP, and every answer is what the
    prefix replayed from the log shows (a game ended by agreement, RUL-20, shows its end at
    the last ply only)."""
    game = random_game(5, 400 if ended else TO_THE_END)
    if ended:
        game.conclude()
    gid, _ = stored(database, game)
    log, total = game.log, len(game.moves)
    played: list[object] = []
    for name in ("play", "play_logged"):
        real = getattr(engine, name)
        monkeypatch.setattr(
            engine, name, lambda *a, real=real, **k: played.append(1) or real(*a, **k)
        )
    with client_of(database) as client:
        path = f"/api/games/{gid}/replay"
        for ply, since, most in [
            (300, 0, None),
            (301, 0, 1),
            (302, 290, 1),
            (299, 0, REPLAY_STEP - 1),
            (total - 1, 0, None),
            (total, total - 3, None),
            (0, 0, REPLAY_STEP - 1),
        ]:
            played.clear()
            shown = ask(client, path, ply=ply, since=since, lang="en")
            assert most is None or len(played) <= most, (ply, len(played))
            assert shown["total"] == total and shown["ply"] == ply
            expected = replayed(log, ply, since)
            assert {k: shown[k] for k in expected} == expected, ply
