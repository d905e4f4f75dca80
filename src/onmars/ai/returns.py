"""Returns from final scores (issue 26, item 3): what each seat earns at the end of a game.

Two mappings, both read from ``game.scores()`` and ``game.winners()`` (the rules' own final
scoring and tie-breaks, §24):

- ``"shares"`` (the default): the winners share 1 equally (a sole winner 1, two tied winners
  0.5 each, ...), every other seat 0. The returns always add up to 1.
- ``"margin"``: a seat's total minus the best total of the other seats, divided by
  :data:`MARGIN_SCALE` (the winner's lead, the others' gaps; negative for every seat but a
  winner; clipped to [-1, 1]).
"""

from __future__ import annotations

from onmars.rules import Game

RETURNS = ("shares", "margin")
#: Points that make a margin of 1 (a lead of 100 OP is far more than games show).
MARGIN_SCALE = 100.0


def returns(game: Game, kind: str = "shares") -> list[float]:
    """Each seat's return, by seat; all 0 before the game is over."""
    if kind not in RETURNS:
        raise ValueError(f"returns must be one of {RETURNS}, not {kind!r}")
    seats = len(game.players)
    if not game.is_over:
        return [0.0] * seats
    if kind == "shares":
        won = game.winners()
        return [1.0 / len(won) if seat in won else 0.0 for seat in range(seats)]
    return _margins([s["total"] for s in game.scores()])


def projected(game: Game, kind: str = "shares") -> list[float]:
    """The returns if the game ended now by agreement (``Game.projection``: the final scoring
    of the position, no secret read): a cheap value of a position for search. Under
    ``"shares"`` the seats with the best projected total share 1 (no tie-break)."""
    if game.is_over:
        return returns(game, kind)
    totals = [s["total"] for s in game.projection()]
    if kind == "margin":
        return _margins(totals)
    best = max(totals)
    leaders = totals.count(best)
    return [1.0 / leaders if t == best else 0.0 for t in totals]


def _margins(totals: list[int]) -> list[float]:
    out = []
    for seat, total in enumerate(totals):
        best_other = max(t for k, t in enumerate(totals) if k != seat)
        out.append(max(-1.0, min(1.0, (total - best_other) / MARGIN_SCALE)))
    return out


def bounds(kind: str) -> tuple[float, float]:
    """The least and greatest return of a seat."""
    return (0.0, 1.0) if kind == "shares" else (-1.0, 1.0)
