"""The Life Support System and the Colony level (§11, RUL-12)."""

from __future__ import annotations

from onmars.components import load
from onmars.economy import score
from onmars.engine import Frame, Step, step
from onmars.moves import Move
from onmars.setup import GRID_SPACES
from onmars.state import State


def level_up_due(s: State) -> bool:
    """Every LSS track counts at least level + 1 buildings (RUL-12)."""
    return s.level < 5 and all(k >= s.level + 1 for k in s.lss.values())


def progress_op(cubes: int) -> int:
    return load().value("progress_op")[cubes]


def check_end(s: State) -> None:
    """At the end of the Colonization phase: no missions remaining, or Colony level 5, triggers
    the end: finish this round, then play one more without a Shuttle phase (§24.1, seed 8)."""
    if not s.end_round and (s.remaining == 0 or s.level >= 5):
        s.end_round = s.round + 1


def status_update(s: State) -> None:
    """One Colony Status Update, steps 1-6 of §11.4."""
    s.level += 1
    if s.level == 2:  # the display is replaced by the next 12 cards
        s.bp_display = [s.bp_deck.pop() for _ in range(min(12, len(s.bp_deck)))]
    elif s.level == 3:  # Level 1 cards leave; the last Level 3 cards join
        s.bp_display = [b for b in s.bp_display if load().blueprint[b].level == 3]
        s.bp_display += [s.bp_deck.pop() for _ in range(len(s.bp_deck))]
    if s.n > 2:  # the Grid is never refilled in 2-player games (§25)
        for space in GRID_SPACES:  # bottom row first
            stack = max(s.tech_stacks, key=len) if s.tech_stacks else []
            if not s.grid[space] and stack:
                s.grid[space] = stack.pop()
    stock = load().value("warehouse_stock")[s.n - 2]
    s.warehouse = {item: max(k, stock) for item, k in s.warehouse.items()}
    if s.level in (2, 3):
        for p in s.players:
            score(p, progress_op(len(p.progress)), "progress")
    if s.level >= 3:  # fewer missions needed; level 5 needs none (§11.4 step 6)
        s.remaining = max(0, s.remaining - 1)


@step
class StatusUpdate(Step):
    """At the end of a turn in which all LSS tracks reached the Colony row, the Colony levels
    up, repeating while that still holds (§11.4, RUL-12)."""

    name = "status_update"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        while level_up_due(s):
            status_update(s)
