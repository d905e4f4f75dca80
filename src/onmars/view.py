"""What one seat may see (RUL-18): other players' Private Goals and face-down Discovery tiles
only as counts, and no face-down stack order for anyone. Everything else is public."""

from __future__ import annotations

from typing import Any

from onmars.state import State


def view(s: State, seat: int | None) -> dict[str, Any]:
    """A JSON-ready dict of the state as ``seat`` sees it (``None``: a spectator)."""
    data = s.to_dict()
    for p in data["players"]:
        if p["seat"] != seat:
            p["goals"] = len(p["goals"])
            p["discoveries"] = len(p["discoveries"])
            p["bot_discoveries"] = len(p["bot_discoveries"])
    data["discovery_stack"] = len(s.discovery_stack)
    data["bp_deck"] = len(s.bp_deck)
    data["tech_stacks"] = [len(stack) for stack in s.tech_stacks]
    data["building_stacks"] = {
        kind: {"top": stack[-1] if stack else "", "count": len(stack)}
        for kind, stack in s.building_stacks.items()
    }
    data["seed"] = None  # the seed would reveal every stack
    data["viewer"] = seat
    data["current_player"] = s.stack[-1]["p"] if s.stack else None
    return data
