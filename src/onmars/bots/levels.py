"""Difficulty levels (issue 13): each a bot and a budget, named for players, and the
parametrised search names ``search:<seconds>`` and ``search:<n>sims``.

========  ==========================================================================
level     bot
========  ==========================================================================
easy      greedy, but a random legal move on a third of its decisions: errs often
medium    search, 50 simulations a turn
hard      search, 400 simulations a turn
expert    search, 6,400 simulations a turn, its playouts playing the other players'
          turns out to the round's end
========  ==========================================================================

Every level's budget is work, not time (issue 25.5): a level plays the same moves for the
same seed on any machine and under any load, and the arena's ladder measures the levels
themselves. Why these (README, "The ladder"): with playouts that end with the bot's own turn
(the search's default) the search gains steeply up to about 100 simulations a turn and hardly
beyond (3,200 against 400 won about half of the games), while with playouts to the round's
end 3,200 simulations beat 400 to the turn's end in 17 of 21 games: the extra budget pays
there, where it averages out the noise of the other seats' guessed turns. ``expert`` has
6,400 (3-4 s of CPU a turn here), about the CPU that ``expert`` spent when issue 25 was filed
(3 s a turn, about 5,700 simulations then): at 3,200 it won 2 of 7 games against that search
(``scripts/top_level.py``), at 6,400 4 of 7 (README, "The top level against the one of
2026-12-02").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from onmars import N_, Move, tr
from onmars.bots.base import Bot
from onmars.bots.greedy import GreedyBot
from onmars.bots.search import SearchBot


class Level(NamedTuple):
    """A search level: its budget (simulations or seconds a turn, one of them set) and
    whether its playouts go on to the round's end (:func:`onmars.bots.search.playout`)."""

    sims: int | None
    seconds: float | None = None
    whole_round: bool = False


#: The search levels by name.
LEVELS: dict[str, Level] = {
    "medium": Level(50),
    "hard": Level(400),
    "expert": Level(6400, whole_round=True),
}

#: How often ``easy`` plays a random legal move instead of greedy's.
EASY_SLIPS = 1 / 3


class EasyBot(GreedyBot):
    """``easy``: greedy, except that on :data:`EASY_SLIPS` of its decisions with a choice it
    plays a random legal move."""

    name = "easy"
    description = N_("greedy, but a random move on a third of its decisions")

    def choose(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) > 1 and self.rng.random() < EASY_SLIPS:
            return self.rng.choice(legal)
        return super().choose(view, legal)


def level_bots() -> dict[str, Callable[[int], Bot]]:
    """A constructor (seed -> bot) per level, weakest first, for :data:`onmars.bots.BOTS`."""
    levels: dict[str, Callable[[int], Bot]] = {"easy": EasyBot}
    for name, level in LEVELS.items():
        factory = partial(_level, name, level)
        # ignore: a partial takes attributes; the server's bot list reads this one (getattr)
        factory.description = describe(*level)  # type: ignore[attr-defined]
        levels[name] = factory
    return levels


def describe(
    sims: int | None, seconds: float | None, whole_round: bool = False, lang: str = "en"
) -> str:
    """How a search level plays, in a line, in ``lang`` (the server lists it beside the bot's
    name)."""
    if sims is not None:
        line = tr(N_("searches {sims} simulations a turn"), lang, sims=sims)
    else:
        line = tr(N_("searches for {seconds} s a turn"), lang, seconds=f"{seconds:g}")
    if whole_round:
        line += tr(N_(", playing the other players' turns out to the round's end"), lang)
    return line


def _level(name: str, level: Level, seed: int = 0) -> Bot:
    return SearchBot(
        seed, sims=level.sims, seconds=level.seconds, name=name, whole_round=level.whole_round
    )


PREFIX = "search:"


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
