"""The Bot base class, the random bot, and when a bot agrees to end a game (RUL-20)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from onmars.rules import Game, Move


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


def round_marks(game: Game) -> list[Mark]:
    """The history :func:`agrees_to_end` reads, for a game: its log is replayed and the public
    facts (the spectator's view) read at the start of each round."""
    log = game.log
    again = Game.new(log["options"]["players"], log["seed"], log["options"]["length"])
    marks, last = [], None
    for text in log["moves"]:
        if again.round != last:
            last = again.round
            marks.append(progress_mark(again.view(None)))
        again.play(text)
    marks.append(progress_mark(game.view(None)))
    return marks
