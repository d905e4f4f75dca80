"""The terminal's ``hint [seconds]`` (issue 25.1): the search's top moves for the seat deciding,
from that seat's view only (RUL-18, :func:`onmars.bots.advice.advise`), each with its menu
number, estimated margin and win chance, and why in words."""

from __future__ import annotations

import math

from rich.text import Text

from onmars import N_, tr
from onmars.bots.advice import MAX_SECONDS, Advice
from onmars.terminal import menu
from onmars.terminal.mapview import DIM

#: Seconds a ``hint`` thinks when none is given.
DEFAULT_SECONDS = 2.0


def parse_seconds(arg: str, lang: str) -> float:
    """The seconds typed after ``hint`` (default :data:`DEFAULT_SECONDS`); ``ValueError`` with
    a message in ``lang`` for anything but a number above 0 and at most the limit."""
    if not arg:
        return DEFAULT_SECONDS
    try:
        seconds = float(arg)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_SECONDS:
        raise ValueError(
            tr(N_("Usage: hint [seconds], a number above 0 and at most {most}, e.g. hint 2"),
               lang, most=f"{MAX_SECONDS:g}")
        )  # fmt: skip
    return seconds


def advice_lines(advice: Advice, entries: list[menu.Entry], lang: str) -> list[Text]:
    """The advice as the terminal prints it: per suggestion its menu number, words, margin,
    win chance and reasons."""
    numbers = {e.move: e.number for e in entries}
    out = [
        Text(
            tr(N_("The search's choices ({sims} simulations; your position now: {margin} OP, "
                  "{win}% to win):"), lang, sims=advice.sims, margin=f"{advice.value_now:+.1f}",
               win=round(advice.win_now * 100)),
            style="bold",
        )
    ]  # fmt: skip
    for rank, pick in enumerate(advice.suggestions, 1):
        head = Text(f"{rank}. ", style="bold")
        number = numbers.get(pick.move)
        if number is not None:
            head.append(f"[{number}] ", style="bold cyan")
        head.append(pick.text)
        head.append(
            "  " + tr(N_("{margin} OP, {win}% to win"), lang, margin=f"{pick.value:+.1f}",
                      win=round(pick.win * 100)),
            style="green3",
        )  # fmt: skip
        out.append(head)
        out += [Text(f"     {reason}", style=DIM) for reason in pick.why]
    return out
