"""The browser's analysis page (issue 25, item 3): a finished game's replay with its post-game
analysis beside the moves: the three charts, the marked mistakes, each a link to its position,
in English and Chinese. The analysis is worked out here with a tiny budget (the test server's
own worker is off: serverkit.FAST) and stored where the server reads it."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from test_analysis import no_db, short_game, stored_finished
from webfixtures import Tab
from webkit import CJK, shot

from onmars.server import analysis as server_analysis
from onmars.server.config import database_url
from onmars.server.store import Store

pytestmark = pytest.mark.slow
#: The screenshots' folder: ONMARS_SCREENSHOTS (docs/screenshots for the README's), else /tmp.
SHOTS = Path(os.environ.get("ONMARS_SCREENSHOTS") or "/tmp")


def analysed_game(folder: Path) -> tuple[str, dict[str, Any]]:
    """A short 2-player game ended by agreement, stored with its analysis (4 simulations a
    decision, in this process); its id and the analysis."""
    database = str(folder / "games.sqlite3")
    gid = stored_finished(database, short_game(60, seed=11))
    store = Store(database_url(database))
    try:
        analyst = server_analysis.Analyst(store, no_db, 4, processes=False)
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


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_the_analysis_page_shows_the_charts_and_the_marked_mistakes(
    server: Any, locale: str
) -> None:
    gid, data = analysed_game(server.folder)
    mistakes = [d for d in data["decisions"] if d["mistake"]]
    assert mistakes, "a random game has moves that lose 2 OP or more"
    tab = Tab(server, locale)
    try:
        page = tab.goto(f"/replay/{gid}#analysis")
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
        shot(page, SHOTS, f"analysis-{lang}-1280x720.png")
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
        shot(page, SHOTS, f"analysis-move-{lang}-1280x720.png")
        # the boards come back with the toggle
        page.locator("[data-testid=analysis-toggle]").click()
        page.locator("[data-testid=player-board-1]").wait_for()
        assert panel.count() == 0
    finally:
        tab.close()  # and no script error in the page


def test_the_analysis_fits_a_phone(server: Any) -> None:
    """At 390x844 the analysis view scrolls down, never sideways, its charts within the width."""
    gid, _ = analysed_game(server.folder)
    tab = Tab(server, viewport={"width": 390, "height": 844})
    try:
        page = tab.goto(f"/replay/{gid}#analysis")
        chart = page.locator("[data-testid=chart-sources]")
        chart.wait_for()
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 390, f"the page is {wide} px wide"
        box = chart.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        chart.scroll_into_view_if_needed()
        shot(page, SHOTS, "analysis-en-390x844.png")
    finally:
        tab.close()
