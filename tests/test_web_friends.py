"""Two friends over several days, one at a desktop in English, one on a phone (390x844, touch)
in Chinese: the lobby's vacation days said in words (a phone shows no tooltip), a seat link
replaced from the bell's panel (copied with a tap; the old link, opened or kept by a browser,
turns the table into a spectator's with the reason instead of an error or endless
reconnecting), and the game-over panel's head on a phone. Screenshots go to
ONMARS_FRIENDS_SHOTS (default /tmp/shots-friends).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import bearer
from webfixtures import Tab
from webkit import Api, by_testid, shot

pytestmark = pytest.mark.slow

SHOTS = Path(os.environ.get("ONMARS_FRIENDS_SHOTS", "/tmp/shots-friends"))
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "zh-CN",
}


@pytest.fixture
def phone(server: Any) -> Iterator[Tab]:
    t = Tab(server, **PHONE, permissions=["clipboard-read", "clipboard-write"])
    yield t
    t.close()


def two_friends(api: Api) -> tuple[str, list[str]]:
    return api.create([{"name": "Ana"}, {"name": "小明"}])


def test_the_lobby_says_what_vacation_is_on_a_phone(phone: Tab) -> None:
    """A touch screen shows no title: once a clock is chosen, the vacation's meaning is
    written under the choice, in Chinese."""
    page = phone.goto("/")
    by_testid(page, "lobby").wait_for()
    assert by_testid(page, "vacation-help").count() == 0, "no clock, no vacation"
    by_testid(page, "time-control").select_option("move-86400")
    by_testid(page, "vacation").select_option("7")
    help_text = by_testid(page, "vacation-help")
    assert help_text.is_visible()
    assert "用完后才按超时处理" in help_text.inner_text()
    shot(page, SHOTS, "lobby-vacation-phone-zh")


def test_an_old_link_opens_the_game_to_watch_and_says_why(
    server: Any, api: Api, phone: Tab
) -> None:
    """小明 made a new link for his seat; the old one (a second device, a leaked message)
    opens the table as a spectator's with the reason, in Chinese and in English, instead of
    silently dropping the refusal (401)."""
    gid, tokens = two_friends(api)
    r = api.http.post(f"/api/games/{gid}/key", headers=bearer(tokens[1]))
    assert r.status_code == 200, r.text
    page = phone.goto(f"/play/{gid}#token={tokens[1]}")
    notice = by_testid(page, "link-refused")
    notice.wait_for()
    assert "旧链接即失效" in notice.inner_text() and "观战" in notice.inner_text()
    by_testid(page, "table").get_by_text("观战中").first.wait_for()
    shot(page, SHOTS, "old-link-phone-zh")
    desk = Tab(server)
    try:
        desk.goto(f"/play/{gid}#token={tokens[1]}")
        by_testid(desk.page, "link-refused").wait_for()
        assert "old link stops" in by_testid(desk.page, "link-refused").inner_text()
    finally:
        desk.close()


def test_an_old_link_on_the_device_with_the_new_one_keeps_the_seat(api: Api, phone: Tab) -> None:
    """小明 made the new link on his phone, then taps the old one in a chat: the phone keeps
    playing his seat with the new key, and says nothing of a stale link."""
    gid, tokens = two_friends(api)
    new = api.http.post(f"/api/games/{gid}/key", headers=bearer(tokens[1])).json()["token"]
    page = phone.goto(f"/play/{gid}#token={new}")
    page.get_by_text("你是 小明").wait_for()
    page.goto("about:blank")  # a fresh load, not a jump within the page
    page.goto(f"{phone.base}/play/{gid}#token={tokens[1]}")
    page.get_by_text("你是 小明").wait_for()
    assert by_testid(page, "link-refused").count() == 0


def test_a_seat_renewed_on_another_device_is_given_up_live_and_after_a_reload(
    api: Api, phone: Tab
) -> None:
    """The phone holds 小明's seat; he makes a new link at his desktop. The phone's table
    turns into a spectator's with the reason (not "reconnecting" for ever), forgets the dead
    key, and a reload shows the game instead of a bare error."""
    gid, tokens = two_friends(api)
    page = phone.goto(f"/play/{gid}#token={tokens[1]}")
    page.get_by_text("你是 小明").wait_for()
    r = api.http.post(f"/api/games/{gid}/key", headers=bearer(tokens[1]))
    assert r.status_code == 200, r.text
    by_testid(page, "link-refused").wait_for()
    page.get_by_text("观战中").first.wait_for()
    assert page.get_by_text("重新连接中").count() == 0
    kept = page.evaluate("(g) => JSON.parse(localStorage.getItem('onmars.tokens') || '{}')[g]", gid)
    assert not kept, f"the refused key is forgotten: {kept}"
    page.reload()
    by_testid(page, "game-over").or_(page.locator(".col-left")).first.wait_for()
    assert page.locator("p.error").count() == 0


def test_the_new_link_is_copied_with_a_tap(api: Api, phone: Tab) -> None:
    """On a phone a long link in a field is hard to select: a button copies it; the panel
    also says that a long clock reminds once."""
    gid, tokens = two_friends(api)
    page = phone.goto(f"/play/{gid}#token={tokens[1]}")
    page.on("dialog", lambda dialog: dialog.accept())
    by_testid(page, "notices").click()
    assert "时间快用完还会再提醒一次" in page.locator(".notices").inner_text()
    by_testid(page, "seat-link-new").click()
    link = by_testid(page, "seat-link").input_value()
    by_testid(page, "seat-link-copy").click()
    page.get_by_text("已复制").wait_for()
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    shot(page, SHOTS, "new-link-phone-zh")


def test_the_game_over_head_wraps_between_its_items_on_a_phone(api: Api, phone: Tab) -> None:
    """A spectator's game-over head on a phone (对局结束, the winners, 回放, 观看新的一局):
    the line breaks between the items, never inside one, and nothing runs off the screen."""
    gid, tokens = two_friends(api)
    for token in tokens:
        api.http.post(f"/api/games/{gid}/conclude", headers=bearer(token))
    r = api.http.post(f"/api/games/{gid}/rematch", headers=bearer(tokens[0]))
    assert r.status_code in (200, 201), r.text
    page = phone.goto(f"/play/{gid}")
    by_testid(page, "watch-rematch").wait_for()
    # "再来一局" is the button's verb; what is joined or watched is the new game
    assert by_testid(page, "watch-rematch").inner_text() == "观看新的一局"
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.go-head > b, .go-head > a, .go-head > button')]
          .map((el) => { const r = document.createRange(); r.selectNodeContents(el);
            const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
            return [el.textContent, tops.size]; })"""
    )
    assert lines and all(n == 1 for _, n in lines), lines
    tiebreak = by_testid(page, "tiebreak")
    assert "同分比较" in tiebreak.inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, SHOTS, "game-over-spectator-phone-zh")


def test_four_players_final_scores_fit_a_phone(server: Any, api: Api) -> None:
    """Four players, one with a long name, end by agreement on an English phone: the final
    scores and the tie-break row fit its width (no sideways scroll) and stay in sight while the
    breakdown scrolls, and a shared win reads "Winners"."""
    players = [{"name": "Anastasia Montgomery"}, {"name": "Benedict"}]
    players += [{"name": "Robo", "bot": "greedy"}, {"name": "Zoe", "bot": "greedy"}]
    gid, tokens = api.create(players)
    for token in tokens[:2]:
        api.http.post(f"/api/games/{gid}/conclude", headers=bearer(token))
    phone = Tab(server, **{**PHONE, "locale": "en-US"})
    try:
        page = phone.goto(f"/play/{gid}#token={tokens[1]}")
        panel = by_testid(page, "game-over")
        by_testid(page, "tiebreak").wait_for()
        assert "Winners: Anastasia Montgomery" in panel.inner_text()
        widths = panel.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
        assert widths[0] <= widths[1], f"the scores scroll sideways: {widths}"
        # the breakdown scrolls within the panel; the total and the tie-break stay in sight
        box = panel.bounding_box()
        for row in (page.locator(".go-table .total"), by_testid(page, "tiebreak")):
            seen = row.bounding_box()
            assert box["y"] <= seen["y"] and seen["y"] + seen["height"] <= box["y"] + box["height"]
        shot(page, SHOTS, "game-over-4p-phone-en")
    finally:
        phone.close()
