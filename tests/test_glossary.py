"""One word per concept, in both languages (issue 21 item 7): the catalogs (the engine's and the
terminal's texts), the web client's table and the server follow ``docs/glossary.md``; Chinese
is written with full-width punctuation, no stray spaces and one quotation style."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from onmars.rules.engine.i18n import messages

ROOT = Path(__file__).resolve().parents[1]
CJK = "\u4e00-\u9fff"
FULL_WIDTH = "，。；：（）“”、？！"


def glossary() -> list[tuple[str, str, list[str], bool]]:
    """The glossary's rows: (English, Chinese, forbidden Chinese variants, checked)."""
    rows = []
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("English", "") or set(cells[0]) <= {"-"}:
            continue
        en, zh, never, notes = cells
        rows.append((en, zh, [v.strip() for v in never.split(",") if v.strip()],
                     "(not checked" not in notes))  # fmt: skip
    return rows


def web_pairs() -> list[tuple[str, str, str]]:
    """The web client's texts: (where, English, Chinese), from ``web/src/i18n.ts``'s tables."""
    source = (ROOT / "web" / "src" / "i18n.ts").read_text(encoding="utf-8")
    tables = {}
    for name in ("EN", "ZH"):
        body = re.search(rf"const {name}[^=]*= \{{(.*?)\n\}}", source, re.S)
        assert body, name
        tables[name] = dict(re.findall(r'^\s+(\w+): "((?:[^"\\]|\\.)*)",?$', body.group(1), re.M))
    out = [(f"i18n.ts {k}", en, tables["ZH"][k]) for k, en in tables["EN"].items()]
    assert len(out) > 100 and set(tables["EN"]) == set(tables["ZH"])
    pairs = re.findall(PAIR, source, re.M)
    out += [(f"i18n.ts {k}", en, zh) for k, en, zh in pairs]
    web = ROOT / "web" / "src"
    # more tables of pairs: the hints and guide, the analysis panel (issue 25)
    for path in [*sorted(web.glob("i18n-*.ts")), web / "analysis" / "words.ts"]:
        found = re.findall(PAIR, path.read_text(encoding="utf-8"), re.M)
        assert found, path
        out += [(f"{path.name} {k}", en, zh) for k, en, zh in found]
    return out


#: A line of a table of pairs: ``key: ["English", "中文"],``.
PAIR = r'^\s+(\w+): \["((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\],?$'


def all_pairs() -> list[tuple[str, str, str]]:
    """Every text in both languages: the catalog's (engine, terminal, server) and the web's."""
    catalog = [("zh.po", en, zh) for en, zh in messages("zh").items()]
    return catalog + web_pairs()


def chinese_texts() -> list[tuple[str, str]]:
    """Every Chinese text: the pairs' and any Chinese literal in the web client's code."""
    out = [(f"{where} {en!r}", zh) for where, en, zh in all_pairs()]
    web = ROOT / "web" / "src"
    for path in sorted(web.glob("**/*.ts*")):
        for text in re.findall(rf'"([^"\n]*[{CJK}][^"\n]*)"', path.read_text(encoding="utf-8")):
            out.append((str(path.relative_to(web)), text))
    return out


def _names(term: str, en: str, zh: str) -> bool:
    """Whether English ``en`` names the glossary's ``term``: as whole words, outside
    placeholders, notation and quotes, and not kept in the Chinese as a word to type."""
    if term in zh:
        return False  # notation (``undo``, ``retrieve wa``): typed as it is in both languages
    words = re.sub(r"\{[^}]*\}|<[^>]*>|'[^']*'", " ", en)
    return bool(re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", words))


def test_no_text_uses_a_forbidden_variant() -> None:
    """Where the English names a concept, the Chinese uses none of its forbidden variants (a
    move is not 行动, an AI player not 机器人玩家, undo not 悔棋, a Miner not 矿工, face down not
    背面朝上, retrieve not 召回/带回, benefit not 效益); a variant that is no term of the glossary
    appears in no Chinese text at all."""
    rows = glossary()
    assert len(rows) > 50
    words = {zh for _, zh, _, _ in rows}
    found = {
        (where, en, zh, never)
        for term, _, forbidden, _ in rows
        for where, en, zh in all_pairs()
        for never in forbidden
        if never in zh and _names(term, en, zh)
    }
    nowhere = {never for *_, forbidden, _ in rows for never in forbidden}
    nowhere = {v for v in nowhere if not any(v in word for word in words)}
    found |= {(where, "", text, v) for where, text in chinese_texts() for v in nowhere if v in text}
    assert sorted(found) == []


def test_each_concept_has_one_chinese_word() -> None:
    """Where a text's English names a concept of the glossary, its Chinese uses the glossary's
    word for it (a "bot" is a 电脑玩家, a "Bot" a 机器人, retrieve is 回收, benefit 收益)."""
    pairs = all_pairs()
    missing = [
        (where, en, zh, term, word)
        for term, word, _, checked in glossary()
        if checked
        for where, en, zh in pairs
        if _names(term, en, zh) and word not in zh
    ]
    assert missing == []


def test_chinese_punctuation_is_full_width_and_spaced_right() -> None:
    """No ASCII punctuation beside a Chinese character, no space between two of them or beside
    full-width punctuation, no doubled space (a refusal in Chinese opens ``§9.2：``)."""
    ascii_by_cjk = re.compile(rf"[{CJK}][,;:()?!]|[,;:()?!][{CJK}]")
    stray = re.compile(rf"[{CJK}] [{CJK}]|[{FULL_WIDTH}] | [{FULL_WIDTH}]|  ")
    bad = [(w, t) for w, t in chinese_texts() if ascii_by_cjk.search(t) or stray.search(t)]
    assert bad == []


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_one_quotation_style(lang: str) -> None:
    """Chinese quotes with “…”, English with '…'; neither uses 「」 or the other's marks (JSON
    shown as it is typed keeps its own quotes)."""
    if lang == "zh":
        texts = [t for _, t in chinese_texts()]
        wrong = re.compile(r"[「」『』‘’'\"]")
    else:
        texts = [en for _, en, _ in all_pairs()]
        wrong = re.compile(r"[「」『』“”‘’]")
    texts = [re.sub(r'\{\\?"[^}]*\}', "", t) for t in texts]  # JSON, as it is typed
    assert [t for t in texts if wrong.search(t)] == []


def test_the_slips_the_issue_lists_are_mended() -> None:
    """Issue 21 item 7: the Life Support "retrieve" bonus says what it does (not 无效益 / "No
    benefit"), the Ship Tech's face names no ruling id, a free development that an Executive
    action pays Crystals for does not read 免费."""
    import onmars

    for lang in ("en", "zh"):
        face = onmars.catalog(lang)
        assert face["bonus"]["lss_retrieve"]["text"] not in ("No benefit", "无效益")
        ship = next(t for t in face["tech_tile"].values() if t["type"] == "ship")
        assert "RUL-" not in ship["text"]
        develop = face["executive"]["develop"]["text"]
        assert "免费" not in develop and "no cost" not in develop
    assert "回收" in onmars.catalog("zh")["bonus"]["lss_retrieve"]["text"]
