"""onmars: Vital Lacerda's On Mars (2-4 players): the rules engine, bots and clients.

Layers, each importing only those below it: ``onmars.rules`` (the game), ``onmars.bots``,
``onmars.terminal`` (the terminal client), ``onmars.tools`` (arena, bench, replay), and
``onmars.cli`` on top. The public face is :class:`Game`, :class:`Move` and the errors.
"""

from onmars.rules import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    LogEntry,
    Move,
    OnMarsError,
    OptionsError,
    SaveFileError,
)

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
