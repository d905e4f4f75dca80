"""Mission contributions (§17): crystals per contribution, the tracker, completion."""

from __future__ import annotations

from onmars.rules.actions.economy import gain
from onmars.rules.data.components import load
from onmars.rules.engine.state import State


def contribute(s: State, seat: int, objective: str, count: int = 1) -> None:
    """``seat`` contributed ``count`` times to ``objective`` (e.g. "blueprint"): each step pays the
    mission's crystals below the Depot; at the checkmark the mission is complete and the
    Remaining Missions marker advances. Steps past the end earn nothing (§17.1, RUL-10)."""
    for mid, left in s.missions.items():
        mission = load().mission[mid]
        if mission.objective != objective or left <= 0:
            continue
        steps = min(count, left)
        gain(s.mut_player(seat), "crystal", steps * mission.crystals)
        s.mut_missions()[mid] = left - steps
        if s.missions[mid] == 0:
            s.remaining = max(0, s.remaining - 1)
