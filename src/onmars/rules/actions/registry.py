"""The rules, registered explicitly: every step, main action, effect and Executive row, and
the round flow; the data is checked against the effects.

Importing a rules module registers nothing: each lists its steps (``STEPS``) and main actions
(``MAIN_ACTIONS``), and :func:`register` enters them, once, when the first game is made
(``Game.new``). The data names effects with parameters; here they are checked against the
effects' signatures (``validate_effects``), so a typo in a data file fails at load with the
file, the record and the parameter.
"""

from __future__ import annotations

import inspect
from functools import cache

from onmars.rules.actions import (
    advanced,
    colony,
    construction,
    economy,
    effects,
    executive,
    flow,
    goals,
    lab,
    lss,
    mars,
    movement,
    orbit,
    placement,
    recycling,
    science,
    scoring,
    travel,
)
from onmars.rules.data.components import load
from onmars.rules.data.validate import validate_effects
from onmars.rules.engine.engine import EFFECTS, EXECUTIVE, MAIN, STEPS, Effect, set_flow

#: The rules modules with steps or main actions, in the order they are entered.
RULES_MODULES = (
    economy,
    placement,
    mars,
    lab,
    orbit,
    travel,
    colony,
    construction,
    movement,
    science,
    executive,
    advanced,
    recycling,
    lss,
    goals,
    flow,
    scoring,
)

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
    """Fill the engine's tables and check the data against the effects."""
    for module in RULES_MODULES:
        STEPS.update((st.name, st) for st in getattr(module, "STEPS", ()))
        MAIN.update((a.id, a) for a in getattr(module, "MAIN_ACTIONS", ()))
    set_flow(flow.next_frames)
    EFFECTS.update((e.id, e) for e in ALL_EFFECTS)
    EXECUTIVE.update((row.id, executive.row_action(row)) for row in load().executive.values())
    validate_effects(load(), effect_specs())
