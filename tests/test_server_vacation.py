"""Vacation days (issue 24, item 3's plus; onmars.server.clocks): a time control may give each
player a bank of vacation time for the game. A seat's deadline is its clock's end plus the
vacation it has left; time taken past the clock's end comes out of the bank, and only an empty
bank lets the timeout policy apply. No rule of the game covers clocks (a server policy).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa
from serverkit import make_client, state, wait_for
from test_server_clocks import ANA_VS_BOT, QUICK, create, migrate_to

from onmars.server import clocks
from onmars.server.clocks import Clock, TimeControl
from onmars.server.config import Settings
from onmars.server.store import Store

AT = datetime(2026, 12, 8, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
HUMANS = {0, 1}


def daily(vacation_days: float) -> Clock:
    """A day a move, ``vacation_days`` of vacation each, seat 0 on the clock at ``AT``."""
    control = TimeControl("move", 86400, 0, "agree", None, vacation_days * 86400)
    return clocks.handoff(clocks.start(control, 2, None, HUMANS), AT, 0, HUMANS)


# --- the arithmetic --------------------------------------------------------------------------
def test_the_deadline_is_the_clock_s_end_plus_the_vacation_left() -> None:
    clock = daily(7)
    assert clock.vacation == (7 * 86400.0, 7 * 86400.0)
    assert clock.deadline == AT + 8 * DAY
    assert not clocks.due(clock, AT + 2 * DAY), "two days away: the bank pays, no timeout"


def test_time_past_the_clock_s_end_comes_out_of_the_bank() -> None:
    """Ana answers after 3 days on a day's clock: 2 days came out of her 7; Ben's bank is
    untouched, and her next deadline is a day plus her 5 days left."""
    clock = clocks.handoff(daily(7), AT + 3 * DAY, 1, HUMANS)
    assert clock.vacation == (5 * 86400.0, 7 * 86400.0)
    assert clock.deadline == AT + 3 * DAY + 8 * DAY  # Ben's: a day plus his 7
    back = clocks.handoff(clock, AT + 3 * DAY + timedelta(hours=1), 0, HUMANS)
    assert back.vacation == (5 * 86400.0, 7 * 86400.0), "Ben answered within his day"
    assert back.deadline == AT + 3 * DAY + timedelta(hours=1) + 6 * DAY


def test_an_answer_within_the_clock_spends_no_vacation() -> None:
    clock = clocks.handoff(daily(3), AT + timedelta(hours=23), 1, HUMANS)
    assert clock.vacation == (3 * 86400.0, 3 * 86400.0)


def test_the_timeout_comes_only_when_the_bank_is_empty() -> None:
    clock = daily(2)
    assert not clocks.due(clock, AT + 3 * DAY - timedelta(seconds=1))
    assert clocks.due(clock, AT + 3 * DAY)
    out = clocks.timed_out(clock, AT + 3 * DAY)
    assert out.absent == {0: None} and out.vacation == (0.0, 2 * 86400.0)
    back = clocks.returned(out, 0, AT + 4 * DAY)
    assert back.deadline == AT + 5 * DAY, "a returning player has their clock, no vacation left"


def test_a_fischer_clock_runs_empty_before_the_bank_pays() -> None:
    """An hour in all, a minute a decision, a day of vacation: Ana takes 3 hours; her clock
    is empty (plus the minute), and her bank lost the 2 hours past it."""
    control = TimeControl("fischer", 3600, 60, "bot", "medium", 86400)
    clock = clocks.handoff(clocks.start(control, 2, None, HUMANS), AT, 0, HUMANS)
    assert clock.deadline == AT + timedelta(seconds=3600 + 86400)
    clock = clocks.handoff(clock, AT + timedelta(hours=3), 1, HUMANS)
    assert clock.remaining == (60.0, 3600.0)
    assert clock.vacation == (86400.0 - 7200.0, 86400.0)


def test_no_vacation_is_the_clock_as_before() -> None:
    clock = daily(0)
    assert clock.vacation == () and clock.deadline == AT + DAY
    assert clocks.handoff(clock, AT + 2 * DAY, 1, HUMANS).vacation == ()


# --- through the server ----------------------------------------------------------------------
def test_a_player_away_past_their_clock_keeps_their_seat_until_the_bank_is_spent(
    database: str,
) -> None:
    """A second a move and 2 s of vacation: Ana, away, is not absent when her second is up,
    only once her vacation is spent too (3 s in all); the table is told both figures."""
    with make_client(database, **QUICK) as client:
        started = time.monotonic()
        gid, (ana, _) = create(
            client, ANA_VS_BOT, mode="move", seconds=1, policy="agree", vacation=2
        )
        first = state(client, gid, ana)
        clock = first["clock"]
        assert clock["vacation"] == 2 and clock["vacation_left"] == [2, 2]
        if first["current_player"] == 0:
            span = datetime.fromisoformat(clock["deadline"]) - datetime.fromisoformat(
                clock["started"]
            )
            assert span == timedelta(seconds=3), "her clock's second plus her 2 s of vacation"
        wait_for(lambda: state(client, gid)["clock"]["absent"] == [0], seconds=15)
        assert time.monotonic() - started >= 3.0, "absent before her vacation was spent"
        assert state(client, gid)["clock"]["vacation_left"][0] == 0


def test_vacation_is_checked(database: str) -> None:
    with make_client(database) as client:
        for bad in (-1, 31 * 86400, "a week"):
            clock = {"mode": "move", "seconds": 60, "vacation": bad}
            r = client.post("/api/games", json={"players": ANA_VS_BOT, "clock": clock})
            assert r.status_code == 422, bad


# --- a database before vacation days ---------------------------------------------------------
def test_clocks_stored_before_vacation_days_read_as_none(tmp_path: Path) -> None:
    """A clock row of revision 0009 (no vacation columns) upgrades to no vacation for anyone,
    and its deadline is kept as it was."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = Store(Settings(database=url).url())
    migrate_to(store, "0009")
    row = {"id": "old", "created": AT, "updated": AT, "options": "{}", "seed": "1"}
    with store.engine.begin() as conn:
        conn.execute(sa.table("games", *map(sa.column, row)).insert().values(**row))
        assert "vacation" not in {c["name"] for c in sa.inspect(conn).get_columns("clocks")}
        old = {
            "game_id": "old", "mode": "move", "base": 60.0, "increment": 0.0, "policy": "bot",
            "bot": "medium", "seat": 0, "started": AT, "deadline": AT + timedelta(minutes=1),
            "remaining": "[60.0, 60.0]", "absent": "{}",
        }  # fmt: skip
        conn.execute(sa.table("clocks", *map(sa.column, old)).insert().values(**old))
    migrate_to(store, "head")
    with store.engine.connect() as conn:
        clock = clocks.read(conn, "old")
    store.close()
    assert clock is not None and clock.control.vacation == 0.0 and clock.vacation == ()
    assert clock.deadline == AT + timedelta(minutes=1)
