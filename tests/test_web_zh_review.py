"""The browser table in Chinese, as a Chinese-speaking player reads it: components are named in
Chinese, with a printed code (BP09, C04, D14) where the board has one, never with the engine's
ids (geologist, A-rover, shelter-red); a Blueprint's level reads 1级, not L1; the map is named in
Chinese for a screen reader; a label and its value are joined with the full-width colon (胜者：安安,
not 胜者: 安安), an aside takes full-width brackets (蓝图（牌堆 12）), a list the enumeration comma
(安安、贝贝), and a one-click sequence ends "然后到此为止", not "然后：完成：到此为止".

Skipped without Chromium or Playwright, except in CI (see tests/webkit.py).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from webfixtures import Tab
from webkit import CJK, Api, wait_ready

pytestmark = pytest.mark.slow

#: Every accessible name and tooltip on the page.
LABELS = """() => [...document.querySelectorAll('[aria-label], [title]')]
  .flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')])
  .filter(Boolean)"""

#: A word of the engine in brackets after a name: "(geologist)", "(A-rover)", "(shelter-red)";
#: a printed code ("(BP09)") is not one.
ENGINE_ID = re.compile(r"\((?![A-Z]{1,2}\d)[A-Za-z][\w-]{2,}\)")

#: A Chinese word (or closing bracket) before an ASCII colon: Chinese takes "：", no space.
ASCII_COLON = re.compile(r"[\u4e00-\u9fff）]:")

#: Chinese words in ASCII brackets ("(安安)", "(牌堆 12)"): Chinese takes "（安安）"; a code or a
#: number may keep them ("(BP09)", "(2)").
ASCII_BRACKETS = re.compile(r"\([^()]*[\u4e00-\u9fff][^()]*\)")

#: Two Chinese words listed with ", ": Chinese lists with "、" (names, items) or "，" (clauses).
ASCII_COMMA = re.compile(r"[\u4e00-\u9fff）], ?[\u4e00-\u9fff]")


def test_the_chinese_table_names_components_in_chinese(server: Any, api: Api) -> None:
    gid, tokens = api.create([{"name": "安安"}, {"name": "机器人", "bot": "greedy"}])
    tab = Tab(server, "zh-CN")
    page = tab.goto(f"/play/{gid}#token={tokens[0]}")
    wait_ready(page)
    labels = page.evaluate(LABELS)
    scientists = [s for s in labels if "地质学家" in s]
    assert scientists, "the Scientists are named on the board"
    assert [s for s in labels if ENGINE_ID.search(s)] == []
    assert CJK.search(page.locator("[data-testid=board-map]").get_attribute("aria-label") or "")
    levels = page.locator(".card.blueprint .chip").all_inner_texts()
    assert levels and all(re.fullmatch(r"\d级", lv) for lv in levels), levels
    text = [page.locator("body").inner_text(), *labels]
    assert [s for s in text if ASCII_COLON.search(s)] == []
    assert [s for s in text if ASCII_BRACKETS.search(s)] == []
    assert [s for s in text if ASCII_COMMA.search(s)] == []
    moves = page.locator("[data-testid=move-list]").inner_text()
    assert "然后到此为止" in moves and "然后：完成" not in moves, moves
    tab.close()
