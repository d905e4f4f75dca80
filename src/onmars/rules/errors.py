"""The engine's typed errors. All are ``ValueError``s, as in python-chess."""


class OnMarsError(ValueError):
    """Base class of every error the engine raises on bad input."""


class OptionsError(OnMarsError):
    """Bad options for a new game: the player count or names, the seed, the length."""


class InvalidMoveError(OnMarsError):
    """Move text that cannot be read at all (malformed notation)."""


class IllegalMoveError(OnMarsError):
    """A well-formed move that the rules forbid now; the message names the rule."""


class SaveFileError(OnMarsError):
    """A save file or move log that cannot be loaded (corrupt JSON, wrong shape, bad move)."""
