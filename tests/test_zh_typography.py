"""Chinese punctuation after a rule id and in the catalog: a refusal opens with its rule and the
full-width colon (RUL-19：玩家只能撤回……, §1.2：……), never the ASCII ": " of English; no Chinese
translation puts an ASCII colon after a Chinese word or a rule id."""

from __future__ import annotations

import re

from conftest import started

import onmars
from onmars.rules.engine.errors import refuse
from onmars.rules.engine.i18n import messages

CJK = "\u4e00-\u9fff"
#: A rule id as the rules name one: §8.2, §24.1, RUL-19.
RULE_ID = r"(?:§\d+(?:\.\d+)*|RUL-\d+)"
#: An ASCII colon where Chinese wants ：: after a Chinese character or a rule id (a space after
#: it or not), or right before a Chinese character.
ASCII_COLON = re.compile(rf"(?:[{CJK}]|{RULE_ID}) ?:|:(?= ?[{CJK}])")


def test_no_chinese_translation_puts_an_ascii_colon_after_a_word_or_a_rule_id() -> None:
    """Every msgstr of zh.po: "§24.1: 对局已结束" would be caught, "§24.1：对局已结束" passes."""
    assert ASCII_COLON.search("§24.1: 对局已结束") and ASCII_COLON.search("仓库: 3")
    assert not ASCII_COLON.search("§24.1：对局已结束") and not ASCII_COLON.search("https:// 地址")
    catalog = messages("zh")
    bad = {en: zh for en, zh in catalog.items() if ASCII_COLON.search(zh)}
    assert bad == {}
    assert len(catalog) > 900  # the whole catalog was read


def test_a_refused_undo_opens_with_its_rule_and_the_full_width_colon() -> None:
    """RUL-19: at the start of the first turn seat 1 has nothing of its own to take back; the
    reason reads "RUL-19: ..." in English, "RUL-19：..." in Chinese (no space)."""
    game = started(3, seed=1)
    en, zh = game.undo_problem(1), game.undo_problem(1, "zh")
    assert en.startswith("RUL-19: ")
    assert zh.startswith("RUL-19：") and re.match(rf"RUL-19：[{CJK}]", zh), zh
    assert not ASCII_COLON.search(zh), zh


def test_a_refused_move_in_chinese_keeps_its_rule_before_the_full_width_colon() -> None:
    """§1.2: a Colony action while the markers stand in Orbit; the same reason built by hand
    (§4, a full storage) renders with ： in Chinese and stays byte for byte the engine's text in
    English."""
    game = started(3, seed=1)
    why = game.why("main construct")
    zh = onmars.reason_text(why, "zh")
    assert why.rule == "§1.2" and zh.startswith("§1.2：") and not ASCII_COLON.search(zh), zh
    assert onmars.reason_text(why, "en") == str(why) and str(why).startswith("§1.2: ")
    full = refuse("§4", "your storage for {item} is full", item="water")
    assert onmars.reason_text(full, "en") == "§4: your storage for water is full"
    assert onmars.reason_text(full, "zh").startswith("§4：")
