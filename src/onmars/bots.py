"""Bots: players that see only their own view and the legal moves (issue 5).

A bot is seeded with its own random stream, so a game between bots is reproducible from the
game's seed and the bots' seeds. ``make_bot("random", seed)`` builds one by name.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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


# --- ending by agreement (RUL-20) -----------------------------------------------------------------

#: Rounds without progress after which a bot agrees to end the game (RUL-20).
STALL_ROUNDS = 5

#: What a bot watches for progress: missions (contributions left), Colony level, scores.
Mark = tuple[tuple[tuple[str, int], ...], int, tuple[int, ...]]


def progress_mark(view: dict[str, Any]) -> Mark:
    """The public progress of a position (``game.view(seat)``): missions, Colony level, scores."""
    missions = tuple(sorted(view["missions"].items()))
    return (missions, view["level"], tuple(p["op"] for p in view["players"]))


def agrees_to_end(history: Sequence[Mark], rounds: int = STALL_ROUNDS) -> bool:
    """Whether a bot agrees to end the game by agreement (RUL-20): no mission, Colony level or
    score has changed for the last ``rounds`` rounds. ``history``: the :func:`progress_mark` at
    the start of each round, oldest first, then the mark of the position now."""
    if len(history) < rounds + 2:
        return False
    return all(mark == history[-1] for mark in history[-rounds - 2 :])


def round_marks(game: Any) -> list[Mark]:
    """The history :func:`agrees_to_end` reads, for a :class:`~onmars.game.Game`: its moves are
    replayed (public facts only are read: the spectator's view)."""
    from onmars.game import Game  # game.py does not import the bots

    again = Game.new([p.name for p in game.state.players], game.state.seed, game.state.length)
    marks, last = [], None
    for text in game.moves:
        if again.state.round != last:
            last = again.state.round
            marks.append(progress_mark(again.view(None)))
        again.play(text)
    marks.append(progress_mark(game.view(None)))
    return marks
