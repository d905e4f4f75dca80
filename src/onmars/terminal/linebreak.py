"""Chinese line breaking for every text the terminal wraps.

rich breaks a line only at a space: a run of Chinese moves whole to the next line (a half-empty
line before it), and a line may break at the space of "建造 1 座" between the number and its
measure word, or after "（". Chinese is set otherwise: a line may break between any two
characters, but never inside a number and its measure word ("1 座", "第 1 轮"), never after an
opening bracket or quote, never before closing punctuation ("）", "，", "：", "……").

:func:`install` makes rich's wrapping follow these rules for lines that hold Chinese; lines
without any keep rich's own breaking unchanged (English is never affected).
"""

from __future__ import annotations

import re

import rich.text
from rich import _wrap
from rich.cells import cell_len

#: Chinese characters and full-width forms and punctuation.
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
#: No line ends with these.
OPENING = frozenset("（「『“‘《【〔([")
#: No line starts with these.
CLOSING = frozenset("）」』”’》】〕，。、；：！？…)],.;:!?%")
#: A word before a number that belongs with it ("第 1 轮": the 1st round).
BEFORE_NUMBER = frozenset("第约共")

_rich_divide_line = _wrap.divide_line


def is_cjk(char: str) -> bool:
    return bool(CJK.match(char))


def may_break_before(text: str, i: int) -> bool:
    """Whether a line of ``text`` may start at index ``i`` (``0 < i < len(text)``)."""
    char, prev = text[i], text[i - 1]
    if char.isspace() or char in CLOSING:
        return False
    if prev.isspace():  # after a space: what stands before the spaces decides
        start = i - 1
        while start and text[start - 1].isspace():
            start -= 1
        if not start:
            return False
        before = text[start - 1]
        return not (
            before in OPENING
            or (before.isdigit() and is_cjk(char))  # "1 座": a number and its measure word
            or (before in BEFORE_NUMBER and char.isdigit())
        )
    if prev in OPENING or not (is_cjk(prev) or is_cjk(char)):
        return False
    return not ((prev.isdigit() and is_cjk(char)) or (is_cjk(prev) and char.isdigit()))


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """Where a line of ``width`` cells breaks (the offsets the next lines start at), as
    rich's ``divide_line``: Chinese between characters, at the allowed places only."""
    if not CJK.search(text):
        return _rich_divide_line(text, width, fold)
    breaks: list[int] = []
    start = last = cells = 0  # the line's start, its last allowed break, its width so far
    for i, char in enumerate(text):
        if i > start and may_break_before(text, i):
            last = i
        size = cell_len(char)
        if cells + size > width and i > start and not char.isspace():
            cut = last if last > start else (i if fold else 0)
            if cut:
                breaks.append(cut)
                start = last = cut
                cells = cell_len(text[cut:i])
        cells += size
    return breaks


def install() -> None:
    """Make rich wrap every Text by :func:`divide_line` (idempotent)."""
    rich.text.divide_line = divide_line
