"""Scores: in-game Opportunity Points by source, and the end-game categories (§24)."""

from __future__ import annotations

from typing import Any

from onmars.state import State

#: In-game sources of OP, in display order (§24.3).
IN_GAME = ("progress", "lss_first", "lss_reward", "blueprint_action")


def scores(s: State) -> list[dict[str, Any]]:
    """Per seat: the total and its breakdown by category (each category's OP so far)."""
    out = []
    for p in s.players:
        breakdown = {k: p.op_by.get(k, 0) for k in IN_GAME}
        breakdown.update({k: v for k, v in p.op_by.items() if k not in breakdown})
        out.append({"seat": p.seat, "name": p.name, "total": p.op, "breakdown": breakdown})
    return out
