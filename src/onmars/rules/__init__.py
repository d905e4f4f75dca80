"""The rules of On Mars: the state, the engine and every rule, with the component data.

This package imports nothing from the rest of ``onmars`` (bots, terminal, tools, server). Its
public face is :class:`Game`, :class:`Move` and the errors, re-exported by ``onmars``.
"""

from onmars.rules.errors import (
    IllegalMoveError,
    InvalidMoveError,
    OnMarsError,
    OptionsError,
    SaveFileError,
)
from onmars.rules.game import Game, LogEntry
from onmars.rules.moves import Move

__all__ = [
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "LogEntry",
    "Move",
    "OnMarsError",
    "OptionsError",
    "SaveFileError",
]
