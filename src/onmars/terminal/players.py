"""Players named at the prompt (``board <player>``) and on the command line (``--names``).

A name is compared as a player would type what the screen shows: in any case, with any
spacing, and with the full-width spaces and digits of a Chinese input method ("greedy 2",
"Greedy  2", "贪心　２" and "贪心2" all name "Greedy 2" or "贪心 2"). Two names that compare
equal could not be told apart, so ``--names`` refuses them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from onmars import N_, name_key, tr
from onmars.terminal import words

#: A seat's place 1-n in the list of players, once normalised (ASCII digits).
PLACE = re.compile(r"[0-9]{1,2}\Z")
#: What ends a name cut to fit its column on the screen ("Search:10.").
CUT = ".…"


def roster(names: Sequence[str], lang: str) -> str:
    """The players with their places: "1: Player 1, 2: Greedy 2, 3: Greedy 3"."""
    return tr(N_(", "), lang).join(
        tr(N_("{n}: {name}"), lang, n=seat + 1, name=name) for seat, name in enumerate(names)
    )


def find_seat(
    names: Sequence[str], arg: str, lang: str = "en", cut: Callable[[str], str] = str
) -> int:
    """The seat ``arg`` names: a whole name, else a place 1-n in the list of players, else the
    start of one name only (a name cut on the screen). A place counts from 1 as the screen lists
    the players (a 0-based seat would read two ways: "board 1" showing Player 2, issue 21); a
    name comes before a place, so that a player named "2" can still be named. ValueError, in
    ``lang``, listing the players, when no seat or several fit (two seats of the same name in a
    loaded save: only a place tells them apart). ``cut``: how much of ``arg`` the message
    repeats (all of it by default)."""
    key = name_key(arg)
    keys = [name_key(name) for name in names]
    found = [seat for seat, k in enumerate(keys) if k == key]
    if not found and PLACE.match(key) and 1 <= int(key) <= len(names):
        return int(key) - 1
    start = key.rstrip(CUT)
    if not found and start:
        found = [seat for seat, k in enumerate(keys) if k.startswith(start)]
    if len(found) == 1:
        return found[0]
    who = words.quote(cut(unicodedata.normalize("NFKC", arg).strip()), lang)
    if found:
        fits = tr(N_(", "), lang).join(names[seat] for seat in found)
        raise ValueError(tr(N_("{who} fits more than one player: {fits}. Type the player's "
                               "number: {roster}."), lang, who=who, fits=fits,
                            roster=roster(names, lang)))  # fmt: skip
    raise ValueError(tr(N_("No player is called {who}. Type a name or a number: {roster}."),
                        lang, who=who, roster=roster(names, lang)))  # fmt: skip


def check_names(names: Sequence[str], lang: str = "en") -> None:
    """``--names`` must tell every seat apart (``board <player>``, the hand-over, the scores):
    ValueError, in ``lang``, naming the first name given twice (case and spaces aside)."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            first = seen[key]
            same = words.quote(first, lang)
            if first != name:
                same += " / " + words.quote(name, lang)
            raise ValueError(tr(N_("two players are named {name} in --names: give each player "
                                   "a name of their own (case and spaces do not make names "
                                   "different)"), lang, name=same))  # fmt: skip
        seen[key] = name
