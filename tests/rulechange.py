"""A test-only rule change (issue 21, item 10): the next rules version (``NEXT``, one after
today's ``TODAY``) closes Turn Order space 8.

``space_8_closed(monkeypatch, gated=True)`` makes this program play rules version ``NEXT``, under
which ``seat 8`` is refused; ``gated``: only in games of that version (the old behaviour kept
behind the version, as the policy asks where that is cheap), else in every game (a change that
could not be kept behind the version: games stored before it replay to their last accepted
move). ``game_with_space_8`` plays a game, under today's rules, in which a seat takes space 8
a few moves in, then plays on a little.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import onmars
from onmars.rules.actions.registry import register
from onmars.rules.engine import engine, version
from onmars.rules.engine.errors import NO, refuse

SEAT_8 = onmars.Move.parse("seat 8")
#: Today's rules version, and the one the test-only change makes.
TODAY = version.RULES_VERSION
NEXT = TODAY + 1


def space_8_closed(monkeypatch: pytest.MonkeyPatch, gated: bool) -> None:
    register()
    monkeypatch.setattr(version, "RULES_VERSION", NEXT)
    monkeypatch.setitem(version.CHANGES, NEXT, "Test only: Turn Order space 8 is closed.")
    step = engine.STEPS["seat"]
    before = step.candidates

    def candidates(s: Any, f: Any, explain: bool = False) -> list[Any]:
        out = list(before(s, f, explain))
        if gated and s.rules < NEXT:
            return out
        closed = refuse("§19", "Turn Order space 8 is closed") if explain else NO
        return [(m, reason or closed) if m == SEAT_8 else (m, reason) for m, reason in out]

    monkeypatch.setattr(step, "candidates", staticmethod(candidates))


def game_with_space_8(
    after: int = 6, seed: int = 5, rules: int | None = None
) -> tuple[onmars.Game, int]:
    """A 2-player game of today's rules (or of ``rules``) in which space 8 is taken at move
    ``k`` (returned, the 0-based index; a few moves in), then ``after`` more moves."""
    game = onmars.Game.new(["Ana", "Ben"], seed=seed, rules=rules)
    rng = random.Random(seed)
    taken = None
    while taken is None or len(game.moves) < taken + 1 + after:
        legal = game.legal_moves()
        if taken is None and len(game.moves) >= 4 and SEAT_8 in legal:
            taken = len(game.moves)
            game.play(SEAT_8)
            continue
        game.play(rng.choice([m for m in legal if m != SEAT_8]))
        assert len(game.moves) < 3000, "space 8 was never open"
    return game, taken
