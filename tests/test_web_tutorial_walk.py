"""The guided first game as a newcomer plays it on a phone, in Chinese (issue 25.2): the guide
lights up the tab of the pane that holds what it explains (a phone shows one pane at a time),
the prompt for a Turn Order space does not tell the player to click a Bot, and the suggestions
the player follows through the first round never throw away a Private Goal while another move
is on offer (§18.1).

Skipped without Chromium or Playwright, except in CI (tests/webkit.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from webfixtures import Tab
from webkit import CJK, WAIT_MS, Api, play_suggestion

pytestmark = pytest.mark.slow

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}

#: The lesson shown, a suggestion to follow, or the end.
NEXT = """() => !!document.querySelector('[data-testid=coach-next]')
  || !!document.querySelector('[data-testid=coach] [data-testid=hint-move] button.move')
  || !!document.querySelector('[data-testid=game-over]')"""


def test_the_guided_game_on_a_chinese_phone(server: Any, api: Api) -> None:
    tab = Tab(server, "zh-CN", **PHONE)
    page = tab.goto("/")
    page.locator("[data-testid=learn-start]").click()
    page.wait_for_selector("[data-testid=coach-text][data-lesson='phase:setup']")
    gid = page.url.rstrip("/").split("/")[-1]
    assert "穿梭机" in page.locator("[data-testid=coach-text]").inner_text()
    # the Turn Order spaces are on the shared boards' pane, not shown: its tab lights up
    assert page.locator("[data-testid=pane-map][aria-selected=true]").count() == 1
    assert page.locator("[data-testid=pane-boards].tut-focus").count() == 1
    # choosing a Turn Order space is not clicking a Bot (a later bonus may move Bots)
    prompt = page.locator(".decide").inner_text()
    assert "选择一个顺位格" in prompt
    assert "带圈的你的机器人" not in prompt
    shown: list[str] = []
    for _ in range(60):
        if api.state(gid)["view"]["round"] >= 2:
            break
        page.wait_for_function(NEXT, timeout=WAIT_MS)
        if page.locator("[data-testid=game-over]").count():
            break
        lesson = page.locator("[data-testid=coach-next]")
        if lesson.count():
            assert CJK.search(page.locator("[data-testid=coach-text]").inner_text())
            lesson.click()
            continue
        legal = page.eval_on_selector_all(
            "[data-testid=move-list] [data-move]", "els => els.map(e => e.dataset.move)"
        )
        button = page.locator("[data-testid=coach] [data-testid=hint-move] button.move").first
        move = button.get_attribute("data-move") or ""
        assert CJK.search(button.inner_text())
        if any(not m.startswith("discard ") for m in legal):
            # the guide keeps the goals while it has something else among the search's best
            assert not move.startswith("discard "), move
        shown.append(move)
        play_suggestion(page, button, move)
    assert len(shown) >= 4
    assert api.state(gid)["view"]["round"] >= 2
    tab.close()
