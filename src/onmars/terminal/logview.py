"""The game log in plain words: ``game.events(seat, lang=...)`` as lines for the terminal.

Each move is a line in bold (``Ana: Take a Blueprint from the display``), followed by what it
did, indented: Resources and Crystals gained (green) or spent (red), OP with their source
(yellow), pieces, tiles, cards; an event that only says again what the move's line says ("Ana
takes Turn Order space 5" under "Ana: Take Turn Order space 5") is left out. A new round or phase
is a separator line, after the effects of the move that started it. What the start of the
next player's turn did within the move that ended the turn before (their Crystals moving in,
seed item 3: the events marked ``turn_start``) is theirs: it follows a line of its own, "Ben's
turn begins", not the mover's line. The events are those the seat may see (RUL-18): another
seat's discarded Private Goal is never named.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from onmars import N_, tr
from onmars.terminal.mapview import DIM, seat_style

View = dict[str, Any]
Event = dict[str, Any]
SEPARATORS = {"round", "phase", "game_over"}
GAIN, LOSS, OP = "green3", "red1", "bold yellow1"
#: The line before what the start of a player's turn did (:func:`log_lines`).
TURN_BEGINS = N_("{name}'s turn begins")
#: What a move's own line already says, by its verb: the events of these kinds about its mover
#: would say the same move twice ("Take Turn Order space 5", then "Ana takes Turn Order space
#: 5"). The web client's log leaves out the same (web/src/events.ts, ``SAID_BY_MOVE``), except
#: that it also drops the side a Landing Pod travels to and whose Tech a ``use`` used, which
#: this log keeps: the move's line does not say them.
SAID_BY_MOVE: dict[str, frozenset[str]] = {
    "seat": frozenset({"turn_order"}),
    "travel": frozenset({"travel"}),
    "take": frozenset({"blueprint"}),
    "learn": frozenset({"tech_learned"}),
    "develop": frozenset({"tech_developed"}),
    "hire": frozenset({"scientist", "contract"}),
    "bot": frozenset({"bot_moved"}),
    "rover": frozenset({"rover"}),
    "place": frozenset({"bot_placed"}),
    "goal": frozenset({"goal_done"}),
    "discard": frozenset({"goal_discarded"}),
    "discover": frozenset({"tile_placed"}),
    "upgrade": frozenset({"advanced"}),
    "ship": frozenset({"ship"}),
    "deliver": frozenset({"delivered"}),
}


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


def repeats_move(move: Event | None, event: Event) -> bool:
    """Whether ``event`` only says again what its ``move`` event's line says (see
    :data:`SAID_BY_MOVE`)."""
    if move is None or event["id"] == "move" or event.get("seat") != move.get("seat"):
        return False
    verb = str(move.get("move", "")).partition(" ")[0]
    return event["id"] in SAID_BY_MOVE.get(verb, ())


def in_order(events: Sequence[Event]) -> list[Event]:
    """Each move's events as the log tells them, less what only repeats its move's line. The
    rules give them in the order they are read (:func:`onmars.rules.explain.events.events_of`):
    the move, what it did, then the round or phase it began and what that did (the Shuttle's
    move when a Shuttle phase begins, §12.1)."""
    out: list[Event] = []
    move: Event | None = None
    for event in events:
        if event["id"] == "move" or move is None or event["ply"] != move["ply"]:
            move = event if event["id"] == "move" else None
        if not repeats_move(move, event):
            out.append(event)
    return out


def turn_begins_line(view: View, seat: int, lang: str) -> Text:
    """The line that opens what the start of ``seat``'s turn did, in bold like a move's."""
    name = view["players"][seat]["name"]
    text = tr(TURN_BEGINS, lang, name=name)
    line = Text(no_wrap=True, overflow="ellipsis", style="bold")
    head, _, tail = text.partition(name)
    line.append(head)
    line.append(name, style=seat_style(view, seat))
    line.append(tail)
    return line


def log_lines(
    view: View, events: Sequence[Event], fresh_from: int | None = None, lang: str = "en"
) -> list[Text]:
    """The events as lines (:func:`in_order`), in ``lang``; those of moves from ply
    ``fresh_from`` on (made since the viewer last played) stand out, older ones are dimmed."""
    out = []
    opened: tuple[int, int] | None = None  # the (ply, seat) whose turn start has its line
    for event in in_order(events):
        old = fresh_from is not None and event["ply"] < fresh_from
        seat = event.get("seat")
        if event.get("turn_start") and isinstance(seat, int) and opened != (event["ply"], seat):
            opened = (event["ply"], seat)
            out.append(turn_begins_line(view, seat, lang))
            if old:
                out[-1].stylize(DIM)
        line = event_line(view, event)
        if old and event["id"] not in SEPARATORS:
            line.stylize(DIM)
        out.append(line)
    return out


#: Only measures: wrapping a Text needs a console.
_MEASURE = Console(file=io.StringIO(), width=200, color_system=None)


def wrap_lines(lines: Sequence[Text], width: int) -> list[Text]:
    """The log's lines in lines of ``width``: a longer one goes on under its own words, two
    columns in (on a narrow terminal a move's line lost its end to "…": "Take a Tech tile
    from the Tech Grid, paying i…")."""
    out: list[Text] = []
    for line in lines:
        if line.cell_len <= width:
            out.append(line)
            continue
        lead = len(line.plain) - len(line.plain.lstrip(" "))
        hang = lead + 2
        for k, part in enumerate(line[lead:].wrap(_MEASURE, max(width - hang, 8))):
            part.rstrip()
            out.append(Text.assemble(line[:lead] if k == 0 else " " * hang, part, no_wrap=True))
    return out
