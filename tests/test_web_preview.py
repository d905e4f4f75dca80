"""Every number before the click, why not, honest undo (issue 23, items 1, 2, 6) in Chromium:
hovering the first step of a compound action shows what its action charges later; hovering a
refused action says the rule and reason, without sending a move; the disabled undo button says
why. Screenshots go to ONMARS_PREVIEW_SHOTS (default /tmp/shots-preview)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import open_vs_bot
from webfixtures import Tab
from webkit import Api, by_testid, click_move, listed_moves, progress_policy, wait_ready

pytestmark = pytest.mark.slow

SHOTS = Path(os.environ.get("ONMARS_PREVIEW_SHOTS", "/tmp/shots-preview"))


def _to_first_action(page: Any, client: Api, gid: str, token: str) -> dict[str, Any]:
    """Click the first legal move until Ana chooses an action (§5.1): her state then."""
    for _ in range(40):
        wait_ready(page)
        state = client.state(gid, token)
        if state["current_player"] == 0 and state["decision"]["step"] == "turn":
            return state
        if state["current_player"] == 0:
            click_move(page, state["legal_moves"][0]["move"])
        else:
            page.wait_for_timeout(100)
    pytest.fail("Ana never reached her first action")


def test_hover_shows_later_costs_and_why_not_and_undo_says_why(tab: Tab, api: Api) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, gid, token = open_vs_bot(tab, "random")
    state = _to_first_action(page, api, gid, token)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-refused]').length > 0"
    )  # the reasons arrived (GET /why)
    # 1. a compound first step: its hover card names the choice still open and its costs
    compound = sorted(  # Learn Technology when it is offered (§7.3: the row's cost comes later)
        (
            m
            for m in state["legal_moves"]
            if m["target"]["kind"] == "action" and any(t["cost"] for t in m["then"])
        ),
        key=lambda m: m["move"] != "main tech",
    )[0]
    # its entry in the move list (its place on the board offers it with its sequences, issue 23.3)
    spot = page.locator(f'[data-testid=move-list] [data-move="{compound["move"]}"]').first
    spot.hover()
    then = by_testid(page, "preview-then")
    then.wait_for()
    text = then.inner_text()
    assert compound["then"][0]["text"] in text and "Cost" in text, text
    page.screenshot(path=str(SHOTS / "preview-compound.png"))
    # 2. a refused action: the rule and reason, and no move sent
    refused = page.locator(".action-name[data-refused]").first
    key = refused.get_attribute("data-refused")
    ply = api.state(gid)["ply"]
    refused.hover()
    why = by_testid(page, "why-not")
    why.wait_for()
    assert why.inner_text().startswith("Not now: §"), why.inner_text()
    page.screenshot(path=str(SHOTS / "why-not.png"))
    refused.click(force=True)  # aria-disabled: Playwright would wait for it to be enabled
    page.wait_for_timeout(300)
    assert api.state(gid)["ply"] == ply, f"clicking the refused {key} sent nothing"
    # 3. the undo button, disabled, says why (title and an accessible description)
    undo = by_testid(page, "undo")
    assert not undo.is_enabled()
    reason = api.state(gid, token)["undo_why"]
    assert reason.startswith("RUL-19") and undo.get_attribute("title") == reason
    described = undo.get_attribute("aria-describedby")
    assert described and page.locator(f"#{described}").inner_text() == reason
    # and in Chinese
    by_testid(page, "lang-toggle").click()
    page.wait_for_function("() => document.documentElement.lang === 'zh'")
    page.wait_for_function(
        "() => /[\\u4e00-\\u9fff]/.test(document.querySelector('[data-testid=undo]').title)"
    )
    page.locator(".action-name[data-refused]").first.hover()
    page.wait_for_function(
        "() => /[\\u4e00-\\u9fff]/.test(document.querySelector('[data-testid=why-not]')"
        "?.innerText ?? '')"
    )
    page.screenshot(path=str(SHOTS / "why-not-zh.png"))


def test_a_move_that_cannot_be_undone_says_so_before_the_click(tab: Tab, api: Api) -> None:
    """RUL-19: hovering a move that turns something face up says it cannot be taken back."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, gid, token = open_vs_bot(tab, "random")
    choose = progress_policy(random.Random(4))
    for _ in range(150):
        if wait_ready(page):
            pytest.skip("the game ended before a move that turns something face up")
        state = api.state(gid, token)
        marked = [m for m in state["legal_moves"] if m["irreversible"]]
        if marked:
            break
        click_move(page, choose(listed_moves(page)))
    else:
        pytest.fail("no move that turns something face up was offered in 150 clicks")
    quoted = marked[0]["move"].replace('"', '\\"')
    page.locator(f'[data-testid=move-list] [data-move="{quoted}"]').first.hover()
    note = by_testid(page, "preview-irreversible")
    note.wait_for()
    assert "cannot be taken back" in note.inner_text()
    page.screenshot(path=str(SHOTS / "preview-irreversible.png"))


def test_why_not_by_finger_and_by_keyboard(tab: Tab, api: Api) -> None:
    """Issue 23.2 without a mouse: on a phone a tap on a refused action shows the reason (and no
    play button) and sends nothing; by keyboard the refused place is reached with Tab, says it
    is disabled and why, and Enter shows the same card."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, gid, token = open_vs_bot(tab, "random")
    _to_first_action(page, api, gid, token)
    page.wait_for_function("() => document.querySelectorAll('[data-refused]').length > 0")
    ply = api.state(gid)["ply"]
    # a phone: touch, 390x844
    phone = tab.context.browser.new_context(
        viewport={"width": 390, "height": 844}, locale="en-US", has_touch=True, is_mobile=True
    )
    try:
        mobile = phone.new_page()
        mobile.set_default_timeout(60_000)
        mobile.goto(f"{tab.base}/play/{gid}#token={token}")
        wait_ready(mobile)
        mobile.wait_for_function("() => document.querySelectorAll('[data-refused]').length > 0")
        by_testid(mobile, "pane-boards").tap()  # the phone shows one pane at a time
        refused = mobile.locator(".action-name[data-refused]").first
        refused.scroll_into_view_if_needed()
        refused.tap(force=True)
        card = by_testid(mobile, "tap-card")
        card.wait_for()
        assert by_testid(card, "why-not").inner_text().startswith("Not now: §")
        assert by_testid(mobile, "tap-play").count() == 0, "a refused place offers nothing to play"
        mobile.screenshot(path=str(SHOTS / "why-not-touch.png"))
        mobile.wait_for_timeout(300)
        assert api.state(gid)["ply"] == ply, "tapping a refused place sent nothing"
    finally:
        phone.close()
    # the keyboard: focusable, disabled, named with its reason; Enter shows the card
    target = page.locator(".action-name[data-refused]").first
    assert target.get_attribute("aria-disabled") == "true"
    assert target.get_attribute("tabindex") == "0"
    label = target.get_attribute("aria-label") or ""
    assert "not now, §" in label, label
    target.focus()
    page.keyboard.press("Enter")
    why = by_testid(page, "why-not")
    why.wait_for()
    assert why.inner_text().startswith("Not now: §") and why.inner_text()[9:] in label
    page.screenshot(path=str(SHOTS / "why-not-keyboard.png"))
    page.wait_for_timeout(300)
    assert api.state(gid)["ply"] == ply, "Enter on a refused place sent nothing"
