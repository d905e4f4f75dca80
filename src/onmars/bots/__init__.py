"""Bots: players that see only their own view and the legal moves (issue 5).

A bot is seeded with its own random stream, so a game between bots is reproducible from the
game's seed and the bots' seeds. ``make_bot("random", seed)`` builds one by name.
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

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``random``, ``greedy``); ``ValueError`` names the known ones."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None


__all__ = [
    "BOTS",
    "STALL_ROUNDS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "agrees_to_end",
    "make_bot",
    "progress_mark",
    "round_marks",
]
