"""The game log in plain words: ``game.events(seat, lang=...)`` as lines for the terminal.

Each move is a line in bold (``Ana: Take a Blueprint from the display``), followed by what it
did, indented: Resources and Crystals gained (green) or spent (red), OP with their source
(yellow), pieces, tiles, cards. A new round or phase is a separator line. The events are those
the seat may see (RUL-18): another seat's discarded Private Goal is never named.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from onmars.terminal.mapview import DIM, seat_style

View = dict[str, Any]
Event = dict[str, Any]
SEPARATORS = {"round", "phase", "game_over"}
GAIN, LOSS, OP = "green3", "red1", "bold yellow1"


def event_line(view: View, event: Event) -> Text:
    """One event as a line: a separator, a move (bold, its player's name in colour), or what
    the move did (indented)."""
    text = str(event.get("text", event["id"]))
    eid = event["id"]
    if eid in SEPARATORS:
        return Text(f"── {text} ──", style="bold cyan")
    line = Text(no_wrap=True, overflow="ellipsis")
    if eid != "move":
        line.append("  ")
    seat = event.get("seat")
    names = [p["name"] for p in view["players"]]
    if isinstance(seat, int) and 0 <= seat < len(names) and text.startswith(names[seat]):
        line.append(names[seat], style=seat_style(view, seat))
        text = text[len(names[seat]) :]
    style = "bold" if eid == "move" else ""
    delta = event.get("delta")
    if eid == "op" or eid == "score":
        style = OP
    elif isinstance(delta, int) and eid in ("resource", "crystals", "crystals_waiting"):
        style = GAIN if delta > 0 else LOSS
    line.append(text, style=style)
    return line


def log_lines(view: View, events: Sequence[Event], fresh_from: int | None = None) -> list[Text]:
    """The events as lines; those of moves from ply ``fresh_from`` on (made since the viewer
    last played) stand out, older ones are dimmed."""
    out = []
    for event in events:
        line = event_line(view, event)
        if fresh_from is not None and event["ply"] < fresh_from and event["id"] not in SEPARATORS:
            line.stylize(DIM)
        out.append(line)
    return out
