"""Clocks and absent players (issue 24, item 3; onmars.server.clocks): a time control per game,
enforced by the server, across a restart and across processes; at a timeout a stand-in bot plays
the absent seat until its player takes it back, or the others may end the game by agreement
(RUL-20). And a database made before clocks (revision 0004) upgrades with its games intact.
"""

from __future__ import annotations

import random
import secrets
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from serverkit import (
    ServerProcess,
    bearer,
    head_revision,
    make_client,
    postgres_database,
    state,
    wait_for,
)

import onmars
from onmars.server import clocks
from onmars.server.clocks import Clock, TimeControl
from onmars.server.config import Settings
from onmars.server.live import token_hash
from onmars.server.protocol import GameList, GameState
from onmars.server.store import Hints, SeatRow, Store

#: The clocks are checked often here: a 1 s clock runs out within about 1.1 s.
QUICK = {"clock_check": 0.1, "bot_delay": 0.05}
AT = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


def create(client: Any, players: list[dict[str, Any]], **clock: Any) -> tuple[str, list[str]]:
    r = client.post("/api/games", json={"players": players, "clock": clock})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def moved_by(st: dict[str, Any], seat: int, after: int = 0) -> int:
    return sum(
        1 for e in st["events"] if e["id"] == "move" and e["seat"] == seat and e["ply"] >= after
    )


ANA_VS_BOT = [{"name": "Ana"}, {"name": "Rob", "bot": "random"}]
PER_SECOND = {"mode": "move", "seconds": 1, "policy": "bot", "bot": "random"}


# --- the arithmetic --------------------------------------------------------------------------
def test_fischer_charges_the_time_taken_and_adds_the_increment() -> None:
    """A total of 300 s per player with 10 s a decision: a seat that took 40 s has 270 s left
    when the other seat's decision starts; a bot's seat runs no clock."""
    control = TimeControl("fischer", 300, 10, "bot", "medium")
    clock = clocks.handoff(Clock(control, None, None, None, (300.0, 300.0)), AT, 0, {0, 1})
    assert clock.seat == 0 and clock.deadline == AT + timedelta(seconds=300)
    later = AT + timedelta(seconds=40)
    same = clocks.handoff(clock, later, 0, {0, 1})
    assert same == clock, "the plies of one decision are timed as one"
    clock = clocks.handoff(clock, later, 1, {0, 1})
    assert clock.remaining == (270.0, 300.0)
    assert clock.deadline == later + timedelta(seconds=300)
    assert clock.left(0, later) == 270.0 and clock.left(1, later) == 300.0
    # seat 1 answers after 299.5 s: 0.5 s left + 10 s
    end = later + timedelta(seconds=299.5)
    clock = clocks.handoff(clock, end, 0, {0, 1})
    assert clock.remaining == (270.0, 10.5) and clock.deadline == end + timedelta(seconds=270)
    # a bot's seat (1 is not human here) has no deadline
    assert clocks.handoff(clock, end, 1, {0}).deadline is None


def test_a_timeout_empties_a_fischer_clock_and_a_returning_player_starts_again() -> None:
    control = TimeControl("fischer", 600, 5, "bot", "random")
    clock = clocks.handoff(Clock(control, None, None, None, (600.0, 600.0)), AT, 1, {0, 1})
    late = AT + timedelta(seconds=601)
    assert clocks.due(clock, late) and not clocks.due(clock, AT + timedelta(seconds=599))
    out = clocks.timed_out(clock, late)
    assert out.absent == {1: "random"} and out.deadline is None and out.remaining[1] == 0.0
    assert clocks.handoff(out, late, 1, {0, 1}).deadline is None, "a stand-in runs no clock"
    back = clocks.returned(out, 1, late)
    assert back.absent == {} and back.remaining[1] == 60.0  # RETURN_SHARE of the base
    assert back.deadline == late + timedelta(seconds=60)


def test_a_time_per_move_restarts_with_each_seat_s_decision() -> None:
    control = TimeControl("move", 86400, 0, "agree", None)
    clock = clocks.handoff(Clock(control, None, None, None, (86400.0,) * 3), AT, 2, {0, 1, 2})
    assert clock.deadline == AT + timedelta(days=1)
    hour = AT + timedelta(hours=1)
    assert clocks.handoff(clock, hour, 0, {0, 1, 2}).deadline == hour + timedelta(days=1)
    assert clocks.handoff(clock, hour, None, {0, 1, 2}).deadline is None  # over
    assert clocks.timed_out(clock, hour).absent == {2: None}  # nobody stands in


# --- through the server ----------------------------------------------------------------------
def test_a_stand_in_bot_plays_an_absent_seat_until_its_player_takes_it_back(
    database: str,
) -> None:
    """A time per move of 1 s: Ana does not move, her time runs out, a random bot plays her
    seat (it sees only her view, RUL-18); her own move is refused until she takes her seat
    back, her choice; then the bot stops and her clock runs again."""
    with make_client(database, **QUICK) as client:
        started = time.monotonic()
        gid, (ana, _) = create(client, ANA_VS_BOT, **PER_SECOND)
        first = state(client, gid, ana)
        assert first["clock"]["mode"] == "move" and first["clock"]["base"] == 1
        assert first["clock"]["seat"] == first["current_player"]
        # her clock runs on her decisions only (the bot's seat has none)
        assert (first["clock"]["deadline"] is not None) == (first["current_player"] == 0)
        assert first["clock"]["absent"] == []
        seen = wait_for(lambda: (s := state(client, gid))["clock"]["absent"] and s)
        assert time.monotonic() - started >= 1.0, "the clock ran out early"
        assert seen["clock"]["absent"] == [0] and seen["clock"]["policy"] == "bot"
        wait_for(lambda: moved_by(state(client, gid), 0) >= 3)  # the stand-in plays her seat
        mine = state(client, gid, ana)
        if mine["current_player"] == 0 and mine["legal_moves"]:
            r = client.post(
                f"/api/games/{gid}/moves",
                json={"ply": mine["ply"], "move": mine["legal_moves"][0]["move"]},
                headers=bearer(ana),
            )
            assert r.status_code in (409,), r.text  # a bot plays her seat (or it moved on)
        r = client.post(f"/api/games/{gid}/return", headers=bearer(ana))
        assert r.status_code == 200, r.text
        GameState.model_validate(r.json())
        assert r.json()["clock"]["absent"] == []
        again = client.post(f"/api/games/{gid}/return", headers=bearer(ana))
        assert again.status_code == 409, "only an absent seat is taken back"
        zh = client.post(f"/api/games/{gid}/return?lang=zh", headers=bearer(ana))
        assert zh.json()["detail"] == "这个座位没有缺席：它的玩家仍在自己出手"
        # her decision comes: the bot leaves it to her, with her clock running
        turn = wait_for(lambda: (s := state(client, gid, ana))["current_player"] == 0 and s)
        assert turn["clock"]["seat"] == 0 and turn["clock"]["deadline"] is not None
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": turn["ply"], "move": turn["legal_moves"][0]["move"]},
            headers=bearer(ana),
        )
        assert r.status_code == 200, r.text
        assert r.json()["clock"]["absent"] == []


def test_the_others_may_end_the_game_by_agreement_when_a_player_is_absent(
    database: str,
) -> None:
    """Policy ``agree``: once Ana's time ran out, Ben's vote alone ends the game by agreement
    (RUL-20: scored as it stands); before, his vote would have needed hers."""
    with make_client(database, **QUICK) as client:
        gid, tokens = create(
            client, [{"name": "Ana"}, {"name": "Ben"}], mode="move", seconds=1, policy="agree"
        )
        first = state(client, gid)
        late, waiting = first["current_player"], 1 - first["current_player"]
        r = client.post(
            f"/api/games/{gid}/conclude", json={"agree": True}, headers=bearer(tokens[waiting])
        )
        assert r.status_code == 200 and not r.json()["is_over"], "one vote of two ends nothing"
        client.post(
            f"/api/games/{gid}/conclude", json={"agree": False}, headers=bearer(tokens[waiting])
        )
        out = wait_for(lambda: (s := state(client, gid))["clock"]["absent"] and s)
        assert out["clock"]["absent"] == [late] and out["clock"]["deadline"] is None
        assert out["ply"] == 0, "nobody plays an absent seat under the agreement policy"
        r = client.post(
            f"/api/games/{gid}/conclude", json={"agree": True}, headers=bearer(tokens[waiting])
        )
        assert r.status_code == 200, r.text
        assert r.json()["is_over"] and r.json()["ended"] == "agreement"
        assert r.json()["clock"]["deadline"] is None


def test_an_absent_player_s_move_brings_them_back_under_the_agreement_policy(
    database: str,
) -> None:
    with make_client(database, **QUICK) as client:
        gid, tokens = create(
            client, [{"name": "Ana"}, {"name": "Ben"}], mode="move", seconds=1, policy="agree"
        )
        late = state(client, gid)["current_player"]
        wait_for(lambda: state(client, gid)["clock"]["absent"])
        mine = state(client, gid, tokens[late])
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": 0, "move": mine["legal_moves"][0]["move"]},
            headers=bearer(tokens[late]),
        )
        assert r.status_code == 200, r.text
        assert r.json()["clock"]["absent"] == [] and r.json()["ply"] == 1


def test_a_move_after_the_deadline_is_late_even_before_the_periodic_check(
    database: str,
) -> None:
    """The server checks its clocks every minute here, so the deadline has passed but no check
    has applied it when the late player moves: the move is refused (409, a bot plays the seat
    since their time ran out) and the timeout applies then, as it would have a moment later."""
    with make_client(database, clock_check=60.0, bot_delay=0.05) as client:
        gid, tokens = create(client, [{"name": "Ana"}, {"name": "Ben"}], **PER_SECOND)
        first = state(client, gid)
        late = first["current_player"]
        mine = state(client, gid, tokens[late])
        assert first["clock"]["absent"] == [] and mine["legal_moves"]
        time.sleep(1.3)  # past the deadline; the next check is a minute away
        assert state(client, gid)["clock"]["absent"] == [], "no check applied it yet"
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": 0, "move": mine["legal_moves"][0]["move"]},
            headers=bearer(tokens[late]),
        )
        assert r.status_code == 409, r.text
        assert "time ran out" in r.json()["detail"]
        seen = state(client, gid)
        assert seen["clock"]["absent"] == [late]
        assert version_less_ply(seen) == 1, "the timeout applied once"


def test_a_late_move_under_the_agreement_policy_times_out_and_brings_the_player_back(
    database: str,
) -> None:
    with make_client(database, clock_check=60.0) as client:
        gid, tokens = create(
            client, [{"name": "Ana"}, {"name": "Ben"}], mode="move", seconds=1, policy="agree"
        )
        late = state(client, gid)["current_player"]
        mine = state(client, gid, tokens[late])
        time.sleep(1.3)
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"ply": 0, "move": mine["legal_moves"][0]["move"]},
            headers=bearer(tokens[late]),
        )
        assert r.status_code == 200, r.text
        assert r.json()["ply"] == 1 and r.json()["clock"]["absent"] == []
        # the timeout, the return, the move: the record keeps that the time ran out
        assert version_less_ply(r.json()) == 2


def ask_hint(client: Any, gid: str, token: str, lang: str = "en") -> httpx.Response:
    """A hint of 0.1 s, its answer and its refusal in ``lang``."""
    return client.post(
        f"/api/games/{gid}/hint?lang={lang}",
        json={"seconds": 0.1, "lang": lang},
        headers=bearer(token),
    )


STANDIN_HINT = (
    "a bot plays this seat since your time ran out: take your seat back (POST /return) to ask "
    "for a hint"
)


def test_no_hint_for_a_seat_a_stand_in_bot_plays(database: str) -> None:
    """Ana asks for a hint after her deadline, before the periodic check (a minute away)
    applied it: the timeout applies first, and a seat a bot plays since her time ran out gets
    no hint (409, as her moves), whoever decides now; nothing is counted."""
    with make_client(database, clock_check=60.0, bot_delay=0.05) as client:
        gid, tokens = create(client, [{"name": "Ana"}, {"name": "Ben"}], **PER_SECOND)
        late = state(client, gid)["current_player"]
        time.sleep(1.3)  # past the deadline; the next check is a minute away
        r = ask_hint(client, gid, tokens[late])
        assert r.status_code == 409, r.text
        assert r.json()["detail"] == STANDIN_HINT
        assert state(client, gid)["clock"]["absent"] == [late]
        wait_for(lambda: state(client, gid)["ply"] > 0)  # the stand-in plays her seat
        zh = ask_hint(client, gid, tokens[late], lang="zh")
        assert zh.status_code == 409, zh.text
        assert zh.json()["detail"] == (
            "你已超时，现由电脑玩家代为出手：请先重新接管你的座位（POST /return），再请求提示"
        )
        assert state(client, gid)["players"][late]["hints"] == 0


def test_a_hint_leaves_an_absent_player_absent_under_the_agreement_policy(
    database: str,
) -> None:
    """No stand-in: the hint is given (nobody else plays the seat), a late one after the
    timeout applied (as a late move), and it does not bring the player back (a move does):
    the seat stays absent, off the clock, and nothing but the timeout was stored."""
    with make_client(database, clock_check=60.0) as client:
        gid, tokens = create(
            client, [{"name": "Ana"}, {"name": "Ben"}], mode="move", seconds=1, policy="agree"
        )
        late = state(client, gid)["current_player"]
        time.sleep(1.3)
        r = ask_hint(client, gid, tokens[late])
        assert r.status_code == 200, r.text
        seen = state(client, gid)
        assert seen["clock"]["absent"] == [late] and seen["clock"]["deadline"] is None
        assert seen["ply"] == 0 and version_less_ply(seen) == 1, "the timeout, nothing else"
        assert seen["players"][late]["hints"] == 1


def version_less_ply(st: dict[str, Any]) -> int:
    """Changes other than moves: each move bumps the version once, so with no undo and no
    vote this counts the timeouts applied."""
    return st["version"] - st["ply"]


def test_a_deadline_that_passed_while_the_server_was_down_applies_once(database: str) -> None:
    with make_client(database, clock_check=60.0) as client:
        gid, (ana, _) = create(client, ANA_VS_BOT, **PER_SECOND)
        assert state(client, gid)["clock"]["absent"] == []
    time.sleep(1.5)  # the deadline passes while no server runs
    with make_client(database, **QUICK) as client:
        # the check at start applies it, then the stand-in plays on by itself
        wait_for(lambda: moved_by(state(client, gid), 0) >= 2)
        seen = state(client, gid)
        assert seen["clock"]["absent"] == [0]
        assert version_less_ply(seen) == 1, "the timeout applied once"
    with make_client(database, **QUICK) as client:  # and again: nothing new is due
        ply = state(client, gid)["ply"]
        wait_for(lambda: state(client, gid)["ply"] > ply)  # the stand-in resumed at start
        assert version_less_ply(state(client, gid)) == 1


@pytest.mark.slow
def test_two_processes_on_one_postgres_apply_a_timeout_once(postgres: str, tmp_path: Path) -> None:
    extra = ("--database", postgres, "--clock-check", "0.05", "--bot-processes", "0")
    a = ServerProcess(tmp_path / "a.log", *extra).start(120)
    b = ServerProcess(tmp_path / "b.log", *extra).start(120)
    try:
        gid, _ = create(httpx.Client(base_url=a.base, timeout=10), ANA_VS_BOT, **PER_SECOND)
        for server in (a, b):  # both hold the game in memory, each watching the clocks
            assert httpx.get(f"{server.base}/api/games/{gid}").json()["clock"]["mode"] == "move"

        def played_on() -> dict[str, Any] | None:
            st = httpx.get(f"{b.base}/api/games/{gid}", timeout=10).json()
            return st if moved_by(st, 0) >= 3 else None

        wait_for(played_on, 60)

        def caught_up() -> dict[str, Any] | None:
            # b may answer with the stand-in's moves a moment before their clocks (seen under
            # a full CI run's load, notes of 2026-12-07): it must show the seat absent soon
            st = httpx.get(f"{b.base}/api/games/{gid}", timeout=10).json()
            return st if st["clock"]["absent"] == [0] and version_less_ply(st) == 1 else None

        wait_for(caught_up, 10)  # the timeout applied once: one version without a move
        logs = (tmp_path / "a.log").read_text() + (tmp_path / "b.log").read_text()
        assert logs.count(f"game {gid}: seat 0 ran out of time") == 1
    finally:
        a.stop()
        b.stop()


def test_a_time_control_is_checked_and_shown_in_the_lobby(client: TestClient) -> None:
    for bad in (
        {"mode": "move", "seconds": 0},
        {"mode": "hourglass", "seconds": 60},
        {"mode": "fischer", "seconds": 60, "increment": -1},
        {"mode": "move", "seconds": 60, "policy": "forfeit"},
        {"mode": "move", "seconds": 31 * 86400},
    ):
        r = client.post("/api/games", json={"players": ANA_VS_BOT, "clock": bad})
        assert r.status_code == 422, bad
    humans = [{"name": "Ana"}, {"name": "Ben"}]
    gid, _ = create(client, humans, mode="fischer", seconds=3600, increment=30)
    r = client.post("/api/games", json={"players": ANA_VS_BOT})
    plain = r.json()["id"]
    answer = client.get("/api/games").json()
    GameList.model_validate(answer)  # the clock is a declared model (ClockOut)
    GameState.model_validate(state(client, gid))
    listed = {g["id"]: g for g in answer["games"]}
    assert listed[plain]["clock"] is None and state(client, plain)["clock"] is None
    clock = listed[gid]["clock"]
    assert clock["mode"] == "fischer" and clock["base"] == 3600 and clock["increment"] == 30
    assert clock["seat"] == state(client, gid)["current_player"] is not None
    assert clock["deadline"] and clock["remaining"] == [3600, 3600] and clock["absent"] == []


# --- an existing database upgrades in place --------------------------------------------------
def migrate_to(store: Store, revision: str) -> None:
    from alembic import command
    from alembic.config import Config

    import onmars.server.store as store_module

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store_module.__file__).parent / "migrations"))
    with store.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)


def upgraded_in_place(url: str) -> None:
    """A database made by the release before clocks (revision 0004), holding a game 30 moves
    in, is upgraded by the server's start: the game is intact and plays on, without a clock;
    a new game may have one."""
    store = Store(Settings(database=url).url())
    migrate_to(store, "0004")
    game = onmars.Game.new(["Ana", "Ben"], seed=7)
    rng = random.Random(7)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    tokens = [secrets.token_urlsafe(16) for _ in range(2)]
    rows = [SeatRow(i, n, None, token_hash(tokens[i])) for i, n in enumerate(["Ana", "Ben"])]
    movers = [entry.seat for entry in game.seat_log()]
    store.import_game("old", game.log, rows, movers, Hints(game.current_player, False, game.round))
    assert store.revision() == "0004"
    store.close()
    with make_client(url) as client:
        seen = state(client, "old")
        assert seen["ply"] == 30 and seen["clock"] is None
        assert seen["view"] == state(client, "old")["view"]
        seat = seen["current_player"]
        mine = state(client, "old", tokens[seat])
        assert mine["view"]["players"][seat] == game.view(seat)["players"][seat]
        r = client.post(
            "/api/games/old/moves",
            json={"ply": 30, "move": mine["legal_moves"][0]["move"]},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
        create(client, ANA_VS_BOT, mode="move", seconds=86400)
    store = Store(Settings(database=url).url())
    assert store.revision() == head_revision()
    store.close()


def test_a_database_before_clocks_upgrades_with_its_games_intact_sqlite(tmp_path: Path) -> None:
    upgraded_in_place(f"sqlite:///{tmp_path / 'old.sqlite3'}")


def test_a_database_before_clocks_upgrades_with_its_games_intact_postgres() -> None:
    fresh = postgres_database()
    url = next(fresh)
    try:
        upgraded_in_place(url)
    finally:
        fresh.close()
