"""onmars: a rules engine for Vital Lacerda's On Mars (2-4 players)."""

from onmars.errors import IllegalMoveError, InvalidMoveError, OnMarsError, SaveFileError
from onmars.game import Game
from onmars.moves import Move

__all__ = ["Game", "IllegalMoveError", "InvalidMoveError", "Move", "OnMarsError", "SaveFileError"]
