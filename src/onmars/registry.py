"""The rules, registered explicitly: every effect and Executive row, checked against the data.

Importing this module registers nothing by itself: :func:`register` does, once, when the first
game is made (``Game.new``). The data names effects with parameters; here they are checked
against the effects' signatures (``validate_effects``), so a typo in a data file fails at load
with the file, the record and the parameter.
"""

from __future__ import annotations

import inspect
from functools import cache

from onmars import advanced, effects, executive, recycling
from onmars.components import load
from onmars.engine import EFFECTS, EXECUTIVE, Effect
from onmars.validate import validate_effects

#: Every effect of the game: those several components share, then the unique ones.
ALL_EFFECTS: tuple[Effect, ...] = (
    *effects.EFFECTS,
    *advanced.EFFECTS,
    *recycling.EFFECTS,
    *executive.EFFECTS,
)


def effect_specs() -> dict[str, dict[str, object]]:
    """Effect id -> the parameters the data may set, with their defaults (the keyword-only
    parameters of the effect's ``start``)."""
    specs = {}
    for e in ALL_EFFECTS:
        params = inspect.signature(e.start).parameters.values()
        specs[e.id] = {p.name: p.default for p in params if p.kind is p.KEYWORD_ONLY}
    return specs


@cache
def register() -> None:
    """Fill the engine's effect and Executive tables and check the data against them."""
    EFFECTS.update((e.id, e) for e in ALL_EFFECTS)
    EXECUTIVE.update((row.id, executive.row_action(row)) for row in load().executive.values())
    validate_effects(load(), effect_specs())
