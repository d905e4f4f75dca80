"""Reminders (onmars.server.clocks.remind_at, onmars.server.turns.Notifier.remind): a player of a
game played over hours or days whose time runs out is told once, when a quarter of their time is
left, by the channels they chose for their turn (here e-mail to a local SMTP server), in their
language, with nothing secret; short decisions (a game at one sitting) are not reminded.
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from email.header import decode_header, make_header
from typing import Any

import pytest
from serverkit import Inbox, bearer, new_game, state
from test_server_notify import HUMANS, notify_client, secrets_of, wait_for

from onmars.server import clocks
from onmars.server.clocks import TimeControl
from onmars.server.turns import remind_texts, time_left

AT = datetime(2026, 12, 8, 9, 0, tzinfo=UTC)


def on_the_clock(base: float, vacation: float = 0.0) -> clocks.Clock:
    control = TimeControl("move", base, 0, "agree", None, vacation)
    return clocks.handoff(clocks.start(control, 2, None, {0, 1}), AT, 0, {0, 1})


def test_a_reminder_falls_when_a_quarter_of_the_time_is_left() -> None:
    assert clocks.remind_at(on_the_clock(86400)) == AT + timedelta(hours=18)
    # a day a move and 7 days of vacation: 8 days in all, reminded with 2 days left
    assert clocks.remind_at(on_the_clock(86400, 7 * 86400)) == AT + timedelta(days=6)
    assert clocks.remind_at(on_the_clock(600)) is None, "ten minutes: a game at one sitting"


def test_the_time_left_is_said_in_hours_and_days() -> None:
    assert time_left(6 * 3600, "en") == "6 h" and time_left(20, "en") == "1 h"
    assert time_left(50 * 3600, "en") == "2 d 2 h"
    assert time_left(50 * 3600, "zh") == "2天2小时"


def test_the_reminder_mail_says_why_it_came_in_both_languages() -> None:
    """A reminder e-mail gives its own reason (the turn e-mail's says only "when it is your
    turn"), in the reader's language, and its link holds no token."""
    link = "https://mars.example/play/AbC123"
    en = remind_texts("en", "Ana", "AbC123", 5, 6 * 3600, link)["mail"]
    zh = remind_texts("zh", "安安", "AbC123", 5, 6 * 3600, link)["mail"]
    assert "runs out in 6 h" in en and "reminded once" in en and "#token" not in en
    assert "6小时后用完" in zh and "还会再提醒你一次" in zh
    assert not re.search(r"[A-Za-z]{4,}", zh.replace(link, "").replace("AbC123", ""))


def test_the_reminder_mail_says_what_happens_when_the_time_runs_out() -> None:
    """The e-mail names the game's timeout policy (a stand-in bot, or the others may end the
    game, RUL-20); the short push body does not."""
    bot = remind_texts("en", "Ana", "AbC123", 5, 6 * 3600, "https://x/play/AbC123", "bot")
    agree = remind_texts("zh", "安安", "AbC123", 5, 6 * 3600, "https://x/play/AbC123", "agree")
    assert "a bot plays for you until you take your seat back" in bot["mail"]
    assert "其他玩家可以协议结束对局" in agree["mail"]
    assert "bot" not in bot["body"] and "协议" not in agree["body"]


def ask_for_mail(client: Any, gid: str, token: str, lang: str) -> None:
    r = client.put(
        f"/api/games/{gid}/notices",
        json={"address": "ana@example.org", "lang": lang},
        headers=bearer(token),
    )
    assert r.status_code == 200, r.text


def test_a_player_whose_time_runs_out_is_reminded_once(
    database: str, smtp: tuple[Inbox, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 4 s clock, reminders for decisions of a second or more (the test's scale for hours):
    the seat on the clock, page closed, gets one reminder e-mail in Chinese after about 3 s,
    then its time runs out as usual."""
    monkeypatch.setattr(clocks, "REMIND_MIN", 1.0)
    inbox, port = smtp
    clock = {"mode": "move", "seconds": 4, "policy": "agree"}
    with notify_client(database, port, clock_check=0.1) as client:
        started = time.monotonic()
        r = client.post("/api/games", json={"players": HUMANS, "clock": clock})
        assert r.status_code == 201, r.text
        gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        seat = state(client, gid)["current_player"]
        ask_for_mail(client, gid, tokens[seat], "zh")
        wait_for(lambda: inbox.messages, "the reminder")
        assert time.monotonic() - started >= 2.5, "reminded before a quarter was left"
        mail = inbox.messages[0]
        body = mail.get_payload(decode=True).decode()
        subject = str(make_header(decode_header(mail["Subject"])))
        assert "时间快用完了" in subject and gid in subject
        assert HUMANS[seat]["name"] in body and "1小时" in body and f"/play/{gid}" in body
        assert "还会再提醒你一次" in body, "the reminder says why it came"
        assert "其他玩家可以协议结束对局" in body, "and what happens when the time runs out"
        for secret in secrets_of(client, gid, tokens):
            assert secret not in inbox.raw[0].decode(errors="replace")
        wait_for(lambda: state(client, gid)["clock"]["absent"] == [seat], "the timeout")
        time.sleep(0.3)
        assert len(inbox.messages) == 1, "one reminder a decision"


def test_a_short_decision_is_not_reminded(database: str, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    clock = {"mode": "move", "seconds": 2, "policy": "agree"}
    with notify_client(database, port, clock_check=0.1) as client:
        r = client.post("/api/games", json={"players": HUMANS, "clock": clock})
        gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        seat = state(client, gid)["current_player"]
        ask_for_mail(client, gid, tokens[seat], "en")
        wait_for(lambda: state(client, gid)["clock"]["absent"] == [seat], "the timeout")
        time.sleep(0.3)
        assert inbox.messages == [], "two seconds a move is a game at one sitting"


def test_no_game_of_the_lobby_is_reminded_without_a_clock(
    database: str, smtp: tuple[Inbox, int]
) -> None:
    inbox, port = smtp
    with notify_client(database, port, clock_check=0.1) as client:
        gid, tokens = new_game(client, HUMANS)
        seat = state(client, gid)["current_player"]
        ask_for_mail(client, gid, tokens[seat], "en")
        time.sleep(0.5)
        assert inbox.messages == []
