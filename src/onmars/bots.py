"""Bots: players that see only their own view and the legal moves (issue 5).

A bot is seeded with its own random stream, so a game between bots is reproducible from the
game's seed and the bots' seeds. ``make_bot("random", seed)`` builds one by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from onmars.moves import Move


class Bot:
    """Base class: ``choose`` gets what the bot's seat may see and the legal moves."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Move]) -> Move:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, view: dict[str, Any], legal: list[Move]) -> Move:
        return self.rng.choice(legal)


def _greedy(seed: int = 0) -> Bot:
    from onmars.greedy import GreedyBot  # greedy.py imports this module

    return GreedyBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": _greedy}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``random``, ``greedy``); ``ValueError`` names the known ones."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None
