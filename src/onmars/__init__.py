"""onmars: a rules engine for Vital Lacerda's On Mars (2-4 players)."""

from onmars.errors import (
    IllegalMoveError,
    InvalidMoveError,
    OnMarsError,
    OptionsError,
    SaveFileError,
)
from onmars.game import Game, LogEntry
from onmars.moves import Move

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
