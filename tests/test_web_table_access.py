"""Issue 23 items 5, 7, 8, 9 in Chromium: the log by round and turn with the "since your last
turn" summary, hot-seat without peeking (RUL-18), the lobby (the creator's seat opens, the list
says whose turn and who won, ids keep their case), and a whole game by keyboard alone.

Screenshots go to ONMARS_SHOTS (default /tmp/shots-log), in English and Chinese.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from webkit import (
    CJK,
    READY,
    Api,
    by_testid,
    click_move,
    create_in_lobby,
    held_tokens,
    listed_moves,
    progress_policy,
    shot,
    wait_ready,
)

import onmars

pytestmark = pytest.mark.slow

SHOTS = Path(os.environ.get("ONMARS_SHOTS", "/tmp/shots-log"))


def goal_words(goals: list[str]) -> list[str]:
    """What a Private Goal shows of itself, in both languages: its id and its text."""
    out = list(goals)
    for lang in ("en", "zh"):
        out += [onmars.catalog(lang)["private_goal"][g]["text"] for g in goals]
    return out


# --- hot-seat ------------------------------------------------------------------------------------
def test_hot_seat_hides_everything_private_until_the_next_player_confirms(
    page: Any, api: Api
) -> None:
    """Issue 23.7, RUL-18: two humans share the screen; each time the other one is to play,
    the pass-the-device screen stands alone: neither player's Private Goals are anywhere in
    the page until "I am Ben" is pressed, and then only Ben's."""
    page.goto(page.base + "/")
    gid = create_in_lobby(page, ["human", "human"], ["Ana", "Ben"], hotseat=True)
    tokens = held_tokens(page, gid)
    assert sorted(tokens) == ["0", "1"]
    goals = {
        seat: api.state(gid, tokens[str(seat)])["view"]["players"][seat]["goals"] for seat in (0, 1)
    }
    assert all(goals.values()), "each seat holds Private Goals"
    choose = progress_policy(random.Random(5))
    handovers = 0
    screen = None
    for _ in range(80):
        page.wait_for_function(
            f"() => !!document.querySelector('[data-testid=handover]') || ({READY})()"
        )
        if by_testid(page, "handover").count():
            seat = api.state(gid)["current_player"]
            name = ["Ana", "Ben"][seat]
            html = page.content()
            leaked = [w for w in goal_words(goals[0] + goals[1]) if w in html]
            assert leaked == [], f"secrets in the page before {name} confirmed: {leaked}"
            assert by_testid(page, "private-goals").count() == 0
            assert by_testid(page, "move-list").count() == 0
            said = by_testid(page, "handover-confirm").inner_text()
            assert f"I am {name}" in said or f"我是{name}" in said, said
            if screen is None:
                shot(page, SHOTS, "hotseat-handover-en")
                screen = seat
            elif handovers == 1:  # the next hand-over in Chinese
                by_testid(page, "lang-toggle").click()
                page.wait_for_function("() => document.documentElement.lang === 'zh'")
                assert f"我是{name}" in by_testid(page, "handover-confirm").inner_text()
                assert "私人信息" in by_testid(page, "handover").inner_text()
                shot(page, SHOTS, "hotseat-handover-zh")
            handovers += 1
            if handovers == 3:
                break
            by_testid(page, "handover-confirm").click()
            wait_ready(page)
            own = by_testid(page, "private-goals").inner_text()
            assert by_testid(page, "private-goals").count() == 1
            other = goals[1 - seat]
            html = page.content()
            assert not [g for g in other if g in html], "the other seat's goals stay hidden"
            assert own
            continue
        click_move(page, choose(listed_moves(page)))
    assert handovers == 3, "the screen was passed between the two players"


# --- the lobby -----------------------------------------------------------------------------------
def test_the_lobby_opens_the_creators_seat_and_lists_turn_round_and_winner(
    page: Any, api: Api
) -> None:
    """Issue 23.8: creating a game with another human opens the creator's seat, with the
    other's private link to hand out; the list tells each game's round and whose turn it is,
    or who won, and shows each id exactly as it is (ids mix cases)."""
    page.goto(page.base + "/")
    gid = create_in_lobby(page, ["human", "human"], ["Ana", "Ben"])
    assert page.url.endswith(f"/play/{gid}") and sorted(held_tokens(page, gid)) == ["0"]
    invite = by_testid(page, "invite")
    invite.wait_for()
    assert "Ben" in invite.inner_text() and f"/play/{gid}#token=" in invite.inner_text()
    assert "Ana" not in invite.inner_text(), "the creator's own link is not offered"
    shot(page, SHOTS, "lobby-invite-en")
    # a game over by agreement (RUL-20) names its winners; an open one its turn
    done, done_tokens = api.create([{"name": "Cy"}, {"name": "Di"}])
    api.play_random(done, done_tokens, 4)
    over = api.conclude(done, done_tokens)
    assert over["is_over"] and over["winners"]
    ids = [gid, done]
    for _ in range(3):
        ids.append(api.create([{"name": "Eve"}, {"name": "Fay"}])[0])
    page.goto(page.base + "/")
    by_testid(page, "game-list").locator(f'[data-game-id="{done}"]').wait_for()
    for g in ids:
        row = by_testid(page, "game-list").locator(f'[data-game-id="{g}"]')
        # rendered text (CSS text-transform included): the id exactly as created
        assert row.locator(".gid").inner_text() == f"#{g}"
    assert any(g != g.lower() for g in ids)
    turn = api.state(gid)
    status = by_testid(page, f"game-status-{gid}").inner_text()
    name = ["Ana", "Ben"][turn["current_player"]]
    assert f"{name} to play" in status and ("Opening" in status or "Round" in status), status
    winners = ", ".join(["Cy", "Di"][w] for w in over["winners"])
    label = "Winners" if len(over["winners"]) > 1 else "Winner"  # a shared win has winners
    assert f"{label}: {winners}" in by_testid(page, f"game-status-{done}").inner_text()
    shot(page, SHOTS, "lobby-list-en")
    by_testid(page, "lang-toggle").click()
    page.wait_for_function("() => document.documentElement.lang === 'zh'")
    assert "胜者" in by_testid(page, f"game-status-{done}").inner_text()
    assert "轮到" in by_testid(page, f"game-status-{gid}").inner_text()
    shot(page, SHOTS, "lobby-list-zh")


# --- the log -------------------------------------------------------------------------------------
def test_the_log_says_each_move_once_by_round_and_turn_with_names(page: Any, api: Api) -> None:
    """Issue 23.5: one line per move with its effects nested, never the same move twice, under
    round and turn headings that fold; no internal id; the summary of what changed since this
    seat's last turn; in English and Chinese."""
    page.goto(page.base + "/")
    create_in_lobby(page, ["human", "greedy"], ["Ana", "Robo"])
    choose = progress_policy(random.Random(3))
    for _ in range(45):
        if wait_ready(page):
            break
        click_move(page, choose(listed_moves(page)))
    wait_ready(page)
    log = by_testid(page, "log")
    rounds = log.locator("details.log-round")
    assert rounds.count() >= 2
    text = log.text_content()  # the folded rounds too
    assert log.locator(".ev-move").count() and log.locator(".ev-effects .ev").count()
    # each move is said once: a Turn Order pick (every round) is its move's line, never again
    # among its effects ("Ana takes Turn Order space 3" after "Ana: Take Turn Order space 3")
    assert "Take Turn Order space" in text and "takes Turn Order space" not in text
    assert log.locator(".ev-group").count() == log.locator(".ev-move").count()
    ids = re.compile(r"\b(?:PG\d\d|BP\d\d|M\d\d?|C\d\d|D\d\d|[a-z]+-\d|[1-7][tmb])\b")
    assert not ids.findall(text), ids.findall(text)
    # a round folds and unfolds by its heading
    first = rounds.first
    folded = first.evaluate("e => e.open")
    first.locator("summary").first.click()
    assert first.evaluate("e => e.open") is not folded
    assert rounds.last.evaluate("e => e.open"), "the round being played is open"
    summary = by_testid(page, "since-summary")
    assert summary.count() == 1 and "Since your last turn" in summary.inner_text()
    assert page.locator("g.hex polygon.recent").count() >= 0
    shot(page, SHOTS, "log-en")
    by_testid(page, "lang-toggle").click()
    page.wait_for_function(
        "() => document.documentElement.lang === 'zh' && "
        "/第 \\d+ 轮/.test(document.querySelector('[data-testid=log]').innerText)"
    )
    page.wait_for_function(
        "() => /[\\u4e00-\\u9fff]/.test(document.querySelector('.ev-move')?.innerText || '')"
    )
    text = log.text_content()
    assert CJK.search(text) and "自你上一回合以来" in text
    assert not ids.findall(text), ids.findall(text)
    shot(page, SHOTS, "log-zh")


# --- by keyboard alone ---------------------------------------------------------------------------
FOCUS_IN_LIST = (
    "() => !!document.activeElement && !!document.activeElement.closest('[data-testid=move-list]')"
)


def test_a_whole_game_against_greedy_by_keyboard_alone(page: Any, api: Api) -> None:
    """Issue 23.9: Ana plays a short 2-player game against the greedy bot to its end with Tab,
    the arrow keys and Enter only (never a click on the table): the focus stays on the move
    list after each move, the places have accessible names, others' moves are announced."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Robo", "bot": "greedy"}])
    page.goto(f"{page.base}/play/{gid}#token={tokens[0]}")
    choose = progress_policy(random.Random(9))
    moves = tabs = kept = 0
    over = False
    for _ in range(2000):
        if wait_ready(page, timeout=120_000):
            over = True
            break
        if not page.evaluate(FOCUS_IN_LIST):
            for _ in range(400):
                page.keyboard.press("Tab")
                tabs += 1
                if page.evaluate(FOCUS_IN_LIST):
                    break
            assert page.evaluate(FOCUS_IN_LIST), "Tab reaches the move list"
        elif moves:
            kept += 1
        listed = listed_moves(page)
        target = listed.index(choose(listed))
        page.keyboard.press("Home")
        for _ in range(target):
            page.keyboard.press("ArrowDown")
        focused = page.evaluate("() => document.activeElement.dataset.move")
        assert focused == listed[target]
        page.keyboard.press("Enter")
        if by_testid(page, "confirm-dialog").count():
            page.keyboard.press("Enter")
        moves += 1
        if moves == 20:
            named = page.eval_on_selector_all(
                "[data-testid=board-map] g.hex[aria-label]", "els => els.length"
            )
            assert named > 0, "the map's hexes have accessible names"
            said = by_testid(page, "announcer").inner_text()
            assert "Robo" in said, "the bot's moves are announced in words"
    assert over, "the game ended"
    final = api.state(gid)
    assert final["is_over"] and final["scores"]
    print(f"\nkeyboard game: {moves} moves, {tabs} Tab presses, focus kept after {kept} moves")
    assert kept >= moves * 0.9, "the focus stays on the move list after a move"
    shot(page, SHOTS, "keyboard-game-over-en")
    assert json.dumps(final["winners"])
