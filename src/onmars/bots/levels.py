"""Difficulty levels (issue 13): each a bot and a budget, named for players, and the
parametrised search names ``search:<seconds>`` and ``search:<n>sims``.

========  ==========================================================================
level     bot
========  ==========================================================================
easy      search with 20 simulations a decision: sees a little ahead, errs often
medium    search, 0.25 s a decision
hard      search, 1 s a decision (the arena floors of issue 13)
expert    search, 3 s a decision
========  ==========================================================================

The levels with a time budget play as strongly as the machine allows; a simulation budget
plays the same everywhere (the arena measures with those: ``search:1000sims`` is about
``hard``'s work where a simulation takes 1 ms).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from onmars.bots.base import Bot
from onmars.bots.search import SearchBot

#: Level name -> (simulations, seconds) of its search budget (one of them set).
LEVELS: dict[str, tuple[int | None, float | None]] = {
    "easy": (20, None),
    "medium": (None, 0.25),
    "hard": (None, 1.0),
    "expert": (None, 3.0),
}

PREFIX = "search:"


def level_bots() -> dict[str, Callable[[int], Bot]]:
    """A constructor (seed -> bot) per level, for :data:`onmars.bots.BOTS`."""
    return {name: partial(_level, name, sims, seconds) for name, (sims, seconds) in LEVELS.items()}


def _level(name: str, sims: int | None, seconds: float | None, seed: int = 0) -> Bot:
    return SearchBot(seed, sims=sims, seconds=seconds, name=name)


def parse_search(name: str) -> tuple[int | None, float | None]:
    """The budget of a parametrised search name: ``search:200sims`` (simulations) or
    ``search:0.5`` (seconds). ``ValueError`` for anything else."""
    if not name.startswith(PREFIX):
        raise ValueError(f"not a search bot name: {name!r}")
    budget = name[len(PREFIX) :]
    try:
        if budget.endswith("sims"):
            sims = int(budget[: -len("sims")])
            if sims < 1:
                raise ValueError
            return sims, None
        seconds = float(budget)
        if not 0 < seconds <= 600:
            raise ValueError
        return None, seconds
    except ValueError:
        raise ValueError(
            f"bad search budget {budget!r}: write search:<seconds> (0-600, e.g. search:0.5)"
            " or search:<n>sims (n >= 1, e.g. search:200sims)"
        ) from None


def search_bot(name: str, seed: int = 0) -> SearchBot:
    """A search bot from a parametrised name (:func:`parse_search`)."""
    sims, seconds = parse_search(name)
    return SearchBot(seed, sims=sims, seconds=seconds, name=name)
