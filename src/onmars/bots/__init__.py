"""Bots: players that see only their own view and the legal moves (issue 5).

A bot is seeded with its own random stream, so a game between bots is reproducible from the
game's seed and the bots' seeds. ``make_bot("random", seed)`` builds one by name: ``random``,
``greedy``, the difficulty levels ``easy``, ``medium``, ``hard``, ``expert`` (issue 13,
:mod:`onmars.bots.levels`), or a search with its budget, ``search:0.5`` (seconds a turn)
or ``search:200sims`` (simulations a turn, :mod:`onmars.bots.search`).
"""

from __future__ import annotations

from collections.abc import Callable

from onmars.bots.base import (
    STALL_ROUNDS,
    Bot,
    RandomBot,
    agrees_to_end,
    progress_mark,
    round_marks,
)
from onmars.bots.greedy import GreedyBot
from onmars.bots.levels import PREFIX, level_bots, search_bot
from onmars.bots.search import SearchBot

#: The bots by name, weakest first (the server offers these).
_LEVELS = level_bots()
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "easy": _LEVELS.pop("easy"),
    "greedy": GreedyBot,
    **_LEVELS,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (:data:`BOTS`, or ``search:<seconds>`` / ``search:<n>sims``);
    ``ValueError`` names the known ones."""
    if name in BOTS:
        return BOTS[name](seed)
    if isinstance(name, str) and name.startswith(PREFIX):
        return search_bot(name, seed)
    raise ValueError(
        f"unknown bot {name!r}; known bots: {', '.join(BOTS)}, search:<seconds>, search:<n>sims"
    )


def check_bot(name: str) -> None:
    """Refuse (``ValueError``, naming the known bots) a name :func:`make_bot` cannot build."""
    make_bot(name, 0)


__all__ = [
    "BOTS",
    "STALL_ROUNDS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "agrees_to_end",
    "check_bot",
    "make_bot",
    "progress_mark",
    "round_marks",
]
