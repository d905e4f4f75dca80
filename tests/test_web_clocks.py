"""Clocks in the browser (issue 24, items 3 and 6): a time control chosen in the lobby's form, shown
in the games list with who is on the clock, every seat's clock on the table counting down for the
seat to act, in English and Chinese; a player whose time ran out sees the stand-in bot and takes
the seat back by clicking. Screenshots go to ONMARS_CLOCK_SHOTS (default /tmp/shots-clocks).
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from webkit import CJK, Api, by_testid, shot

pytestmark = pytest.mark.slow

SHOTS = Path(os.environ.get("ONMARS_CLOCK_SHOTS", "/tmp/shots-clocks"))
#: The server checks the clocks every 0.2 s and its bots wait 0.3 s (tests/webfixtures.py).
SERVER_ARGS = ("--clock-check", "0.2", "--bot-delay", "0.3")


def create_with_clock(page: Any, server: Any, choices: dict[str, str]) -> str:
    """Ana against a random bot ("Robo") made in the lobby with the clock ``choices`` (select
    by test id: value); the new game's id (creating opens the creator's seat, issue 23.8)."""
    page.goto(server.base + "/")
    by_testid(page, "lobby").wait_for()
    by_testid(page, "seat-name-0").fill("Ana")
    by_testid(page, "seat-kind-1").select_option("random")
    by_testid(page, "seat-name-1").fill("Robo")
    for testid, value in choices.items():
        by_testid(page, testid).select_option(value)
    by_testid(page, "create-game").click()
    page.wait_for_url(re.compile(r".*/play/[A-Za-z0-9_-]+$"))
    return str(page.url.rstrip("/").split("/")[-1])


def test_a_clock_chosen_in_the_lobby_shows_in_the_list_and_counts_down_at_the_table(
    page: Any, server: Any
) -> None:
    api = Api(server.base)
    choices = {"time-control": "move-60", "timeout-policy": "bot", "timeout-bot": "random"}
    gid = create_with_clock(page, server, choices)
    page.goto(f"{page.base}/")  # the list is looked at from the lobby
    clock = api.state(gid)["clock"]
    assert (clock["mode"], clock["base"], clock["policy"], clock["bot"]) == (
        "move",
        60,
        "bot",
        "random",
    )
    # the games list: the time control and who is on the clock, with their time
    row = page.locator(f"tr[data-game-id='{gid}'] [data-testid=lobby-clock]")
    page.get_by_role("button", name="Refresh").click()
    row.wait_for()
    page.wait_for_function(
        f"() => /Ana/.test(document.querySelector(\"tr[data-game-id='{gid}'] "
        "[data-testid=lobby-clock]\")?.innerText ?? '')"
    )  # once the bot's first decision (if it had it) is made, Ana is on the clock
    listed = row.inner_text()
    assert "1 min a move" in listed, listed
    minutes, seconds = re.search(r"Ana (\d+):(\d\d)", listed).groups()  # type: ignore[union-attr]
    assert 0 < int(minutes) * 60 + int(seconds) <= 60, listed
    shot(page, SHOTS, "lobby-clock-en.png")

    page.goto(f"{page.base}/play/{gid}")
    mine = by_testid(page, "clock-0")
    mine.wait_for()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=clock-0]').classList.contains('running')"
    )
    first = mine.inner_text()
    time.sleep(2.2)
    later = mine.inner_text()
    assert first != later and "Ana" in later, (first, later)  # counting down
    assert "no clock" in by_testid(page, "clock-1").inner_text()  # a bot's seat has none
    assert "1 min a move" in by_testid(page, "clocks").inner_text()
    shot(page, SHOTS, "table-clock-en.png")
    by_testid(page, "lang-toggle").click()
    page.wait_for_function("() => document.documentElement.lang === 'zh'")
    strip = by_testid(page, "clocks").inner_text()
    assert CJK.search(strip) and "a move" not in strip, strip
    shot(page, SHOTS, "table-clock-zh.png")
    api.http.close()


def test_an_absent_player_sees_the_stand_in_and_takes_the_seat_back(page: Any, server: Any) -> None:
    api = Api(server.base)
    r = api.http.post(
        "/api/games",
        json={
            "players": [{"name": "Ana"}, {"name": "Robo", "bot": "random"}],
            "clock": {"mode": "move", "seconds": 3, "policy": "bot", "bot": "random"},
        },
    )
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    page.goto(f"{server.base}/play/{gid}#token={token}")
    by_testid(page, "clocks").wait_for()
    by_testid(page, "take-back").wait_for()  # her 3 s ran out
    note = by_testid(page, "absent-0").inner_text()
    assert "Ana's time ran out" in note and "random" in note, note
    assert "absent" in by_testid(page, "clock-0").inner_text()
    shot(page, SHOTS, "table-absent-en.png")
    by_testid(page, "take-back").click()
    by_testid(page, "take-back").wait_for(state="detached")
    assert api.state(gid)["clock"]["absent"] == []  # hers again, her clock running
    shot(page, SHOTS, "table-back-en.png")
    api.http.close()


def test_vacation_chosen_in_the_lobby_is_shown_then_spent_at_the_table(
    page: Any, server: Any
) -> None:
    """Vacation days (issue 24.3's plus): the lobby gives each player 7 days with a day a move;
    at the table a player who overruns their clock is shown "on vacation" with what is left,
    and only then absent."""
    api = Api(server.base)
    gid = create_with_clock(page, server, {"time-control": "move-86400", "vacation": "7"})
    clock = api.state(gid)["clock"]
    assert clock["vacation"] == 7 * 86400 and clock["vacation_left"] == [7 * 86400] * 2
    strip = by_testid(page, "clocks")
    strip.wait_for()
    assert "7 d of vacation each" in strip.inner_text(), strip.inner_text()
    assert "vacation 7 d" in by_testid(page, "clock-0").inner_text()

    r = api.http.post(
        "/api/games",
        json={
            "players": [{"name": "Ana"}, {"name": "Robo", "bot": "random"}],
            "clock": {"mode": "move", "seconds": 2, "policy": "agree", "vacation": 4},
        },
    )
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["seats"][0]["token"]
    page.goto(f"{server.base}/play/{gid}#token={token}")
    by_testid(page, "clocks").wait_for()
    page.wait_for_function(
        "() => /on vacation/.test(document.querySelector('[data-testid=clock-0]')?.innerText)",
        timeout=15_000,
    )  # her 2 s are spent: her vacation runs
    assert api.state(gid)["clock"]["absent"] == [], "on vacation is not absent"
    shot(page, SHOTS, "table-vacation-en.png")
    by_testid(page, "absent-0").wait_for(timeout=15_000)  # her 4 s of vacation are spent too
    assert "absent" in by_testid(page, "clock-0").inner_text()
    api.http.close()
