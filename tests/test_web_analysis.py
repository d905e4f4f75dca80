"""The browser's analysis page (issue 25, item 3): a finished game's replay with its post-game
analysis beside the moves: the three charts, the marked mistakes, each a link to its position,
in English and Chinese. The analysis is worked out here with a tiny budget (the test server's
own worker is off: serverkit.FAST) and stored where the server reads it."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from webkit import CJK, VIEWPORT, WAIT_MS, launch, need_browser, start_server

import onmars
from onmars.server import analysis as server_analysis
from onmars.server.config import database_url
from onmars.server.live import token_hash
from onmars.server.store import Hints, SeatRow, Store

pytestmark = pytest.mark.slow
SCREENSHOTS_ENV = "ONMARS_SCREENSHOTS"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    sync_playwright = need_browser()
    folder = tmp_path_factory.mktemp("web-analysis")
    proc = start_server(folder)
    try:
        with sync_playwright() as playwright:
            proc.browser = launch(playwright)  # type: ignore[attr-defined]
            proc.folder = folder  # type: ignore[attr-defined]
            yield proc
            proc.browser.close()  # type: ignore[attr-defined]
    finally:
        proc.stop()


async def _db(fn: Any, *args: Any) -> Any:
    return fn(*args)


def analysed_game(folder: Path) -> tuple[str, dict[str, Any]]:
    """A short 2-player game ended by agreement, stored with its analysis (4 simulations a
    decision, in this process); its id and the analysis."""
    game = onmars.Game.new(["Ana", "Ben"], seed=11)
    rng = random.Random(11)
    for _ in range(60):
        game.play(rng.choice(game.legal_moves()))
    game.conclude()
    gid = secrets.token_urlsafe(9)
    store = Store(database_url(str(folder / "games.sqlite3")))
    try:
        rows = [SeatRow(s, n, None, token_hash(secrets.token_urlsafe(16)))
                for s, n in enumerate(game.players)]  # fmt: skip
        result = {"scores": game.scores(), "winners": game.winners()}
        movers = [entry.seat for entry in game.seat_log()]
        store.import_game(gid, game.log, rows, movers, Hints(None, True, game.round, result))
        analyst = server_analysis.Analyst(store, _db, 4, processes=False)
        job = server_analysis.claim(store, analyst.owner, 4, only=gid)
        assert job is not None and job.game_id == gid
        with ThreadPoolExecutor(1) as thread:  # Playwright's loop runs in this one
            thread.submit(asyncio.run, analyst.analyse(job)).result()
        analyst.close()
        status, data = server_analysis.read(store, gid)
    finally:
        store.close()
    assert status == "done" and data is not None
    return gid, data


def shot(page: Any, name: str) -> Path:
    """A screenshot: into ONMARS_SCREENSHOTS (docs/screenshots for the README's), else /tmp."""
    path = Path(os.environ.get(SCREENSHOTS_ENV) or "/tmp") / name
    page.screenshot(path=str(path))
    return path


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_analysis_page_shows_the_charts_and_the_marked_mistakes(
    server: Any, locale: str
) -> None:
    gid, data = analysed_game(server.folder)
    mistakes = [d for d in data["decisions"] if d["mistake"]]
    assert mistakes, "a random game has moves that lose 2 OP or more"
    context = server.browser.new_context(viewport=VIEWPORT, locale=locale)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server.base}/replay/{gid}#analysis")
        panel = page.locator("[data-testid=analysis]")
        panel.wait_for()
        for chart in ("projected", "evaluation", "sources"):
            page.locator(f"[data-testid=chart-{chart}]").wait_for()
        svg = page.locator("[data-testid=chart-projected] polyline")
        assert svg.count() == 2  # a line per player
        assert page.locator("[data-testid=chart-sources] rect").count() >= 2
        marked = page.locator("[data-testid=chart-mistake]")
        assert marked.count() == len(mistakes)
        listed = page.locator("[data-testid=mistake]")
        assert listed.count() == len(mistakes)
        first = mistakes[0]
        text = listed.first.inner_text()
        lang = "zh" if locale.startswith("zh") else "en"
        assert first["label"][lang] in text and first["best_label"][lang] in text
        if lang == "zh":
            assert CJK.search(page.locator("[data-testid=analysis-status]").inner_text())
        shot(page, f"analysis-{lang}-1280x720.png")
        # a mistake's link shows the position after it, with its verdict
        listed.first.locator("button").click()
        page.wait_for_function(
            "n => (document.querySelector('[data-testid=replay-ply]').innerText.match(/\\d+/g)"
            " || []).includes(String(n))",
            arg=first["ply"] + 1,
        )
        here = page.locator("[data-testid=analysis-here]")
        here.wait_for()
        assert first["label"][lang] in here.inner_text()
        here.scroll_into_view_if_needed()
        shot(page, f"analysis-move-{lang}-1280x720.png")
        # the boards come back with the toggle
        page.locator("[data-testid=analysis-toggle]").click()
        page.locator("[data-testid=player-board-1]").wait_for()
        assert panel.count() == 0
    finally:
        context.close()
    assert errors == [], f"script errors in the page: {errors}"


def test_the_analysis_fits_a_phone(server: Any) -> None:
    """At 390x844 the analysis view scrolls down, never sideways, its charts within the width."""
    gid, _ = analysed_game(server.folder)
    context = server.browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(f"{server.base}/replay/{gid}#analysis")
        chart = page.locator("[data-testid=chart-sources]")
        chart.wait_for()
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 390, f"the page is {wide} px wide"
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        chart.scroll_into_view_if_needed()
        shot(page, "analysis-en-390x844.png")
    finally:
        context.close()
