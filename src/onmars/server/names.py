"""What a name shown to others must be: told apart by what one sees (players' names, the
names spectators chat under)."""

from __future__ import annotations

import unicodedata

from onmars import name_key
from onmars.server.live import ServerError

#: Bidirectional controls (they reorder the text around a name: "Ana" could show as another).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters that show as nothing (Hangul fillers, Braille blank).
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def check_name(name: str) -> None:
    """422 for a name with bidirectional controls or nothing visible (only spaces, format
    characters, combining marks): every player must be told apart by what they see."""
    if any(c in BIDI for c in name):
        raise ServerError(422, f"the name {name!r} holds bidirectional control characters")
    shown = [c for c in name if unicodedata.category(c)[0] not in "ZCM"]
    if not shown or all(c in INVISIBLE for c in shown):
        raise ServerError(422, "a name needs at least one visible character")


def check_spectator(name: str, players: list[str]) -> None:
    """422 for a spectator's chat name that :func:`check_name` refuses or that reads as one of
    the game's players' (a spectator would speak as them)."""
    check_name(name)
    if name_key(name) in {name_key(p) for p in players}:
        raise ServerError(
            422,
            f"{name.strip()!r} is a player's name: a spectator writes under a name of their own",
        )


def check_players(names: list[str]) -> None:
    """422 for a game's seats unless each name passes :func:`check_name` and no two are the
    same as read (case, spacing and full-width forms aside): the log, the clocks and the
    chat name seats by name."""
    seen: set[str] = set()
    for name in names:
        check_name(name)
        key = name_key(name)
        if key in seen:
            raise ServerError(
                422, f"two players are named {name.strip()!r}: give each player a name of their own"
            )
        seen.add(key)
