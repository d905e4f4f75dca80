"""The terminal screen: pure functions from what a seat may see to rich renderables.

Everything here reads a view (``game.view(seat)``, RUL-18) and what the session asked the game
for that seat (the described menu, the events, the projected scores), never the raw state, so
what a seat is shown is what it may see. Every text is in the session's language (``lang``,
"en" or "zh") through the catalogs. The screen, for a 120x50 terminal (narrower, down to
80 columns, the shared boards stand under the map, the decision above the log, and the players
take more lines):

- the status: round, phase, Colony level, whose screen; the Shuttle and whether travel is free;
- the *Mars* view (the map with its legend, and beside it the shared boards) or the *board*
  view (one player's Lab grid, Depot and cards, with the displays), whichever the decision is
  about (``map`` and ``board`` switch);
- one row per player: where they are, their OP now and if the game ended now, what they hold;
- the decision with its menu of described moves, and the log in plain words;
- a legend of the few abbreviations the screen uses.

:func:`to_text` turns any renderable into plain text (tests, and terminals without colour).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from onmars import N_, Decision, tr
from onmars.terminal import boards, logview, mapview, menu, words
from onmars.terminal.boards import name_text
from onmars.terminal.info import describe
from onmars.terminal.mapview import DIM, describe_hex, map_text

View = dict[str, Any]
Event = dict[str, Any]

WIDTH = 120
HEIGHT = 50
#: The narrowest terminal the screen is laid out for (the map takes 79 columns).
MIN_WIDTH = 80
LOG_LINES = 16
STACKED_LOG = 1  # log lines kept under a menu that takes the whole width
FOCI = ("mars", "board")
#: Decisions about these verbs show the player's board rather than Mars.
BOARD_VERBS = {"learn", "develop", "keep", "take", "hire", "refill", "ship", "use", "goal"}

__all__ = [
    "HEIGHT",
    "WIDTH",
    "describe",
    "describe_hex",
    "focus_for",
    "map_text",
    "name_text",
    "screen",
    "scores_table",
    "to_text",
    "winners_text",
]


# --- the status ----------------------------------------------------------------------------------


def status_text(view: View, lang: str, width: int = WIDTH) -> Text:
    """Round, phase, game length, Colony level, whose screen, the Shuttle, in lines of
    ``width`` broken between these parts; then when travel is free."""
    first = Text(tr(N_("Round {n}"), lang, n=view["round"]), style="bold")
    if view.get("end_round"):
        last = tr(N_("(the last is round {n})"), lang, n=view["end_round"])
        first.append(words.gap(first.plain, last) + last, style="bold red")
    parts = [first, Text(words.phase_name(view["phase"], lang))]
    length = tr(N_("short game") if view["length"] == "short" else N_("long game"), lang)
    parts.append(Text(length))
    parts.append(Text(tr(N_("Colony level {level}"), lang, level=view["level"])))
    viewer = view.get("viewer")
    if viewer is not None:
        whose = Text(tr(N_("screen of"), lang))
        name = name_text(view, viewer)
        whose.append(words.gap(whose.plain, name.plain))
        parts.append(whose.append_text(name))
    else:
        parts.append(Text(tr(N_("spectator view"), lang)))
    side = view["shuttle_side"]
    if side:
        shuttle = tr(N_("Shuttle: {side} side, space {space}"), lang,
                     side=words.side_name(side, lang), space=view["shuttle_space"])  # fmt: skip
        parts.append(Text(shuttle))
    t = Text("\n").join(boards.flow_parts(parts, width))
    t.append("\n")
    t.append_text(travel_text(view, lang))
    return t


def travel_text(view: View, lang: str) -> Text:
    """When travel is free (§12.1-2, RUL-5): at the Shuttle phase the Shuttle leaves from
    space 1 (at Colony level 5 for the last time; at level 4 it stays), and travel is free for
    the players on the side it leaves; anyone else returns a Ship from their Hangar."""
    t = Text(words.label(tr(N_("Travel"), lang), lang), style="bold")
    side, space = view["shuttle_side"], view["shuttle_space"]
    ship = tr(N_("a Ship from the Hangar"), lang)
    travel = _travel_now(view)
    if not side and view["phase"] == "setup":
        t.append(tr(N_("the Shuttle is not placed yet"), lang))
    elif travel is not None:
        t.append(
            tr(N_("you travel free now") if travel else N_("travelling costs you {ship} now"),
               lang, ship=ship),
            style="bold green3" if travel else "bold yellow1",
        )  # fmt: skip
    elif not side:
        t.append(tr(N_("the Shuttle is gone: travelling costs {ship}"), lang, ship=ship))
    elif view["level"] == 4:
        t.append(tr(N_("the Shuttle stays at Colony level 4: travelling costs {ship}"), lang,
                    ship=ship))  # fmt: skip
    elif space == 1 or view["level"] >= 5:
        t.append(
            tr(N_("at the next Shuttle phase the Shuttle leaves the {side} side: free from there, "
                  "else {ship}"), lang, side=words.side_name(side, lang), ship=ship)
        )  # fmt: skip
    else:
        t.append(
            tr(N_("at the next Shuttle phase the Shuttle only moves toward space 1: travelling "
                  "costs {ship}"), lang, ship=ship)
        )  # fmt: skip
    return t


def _travel_now(view: View) -> bool | None:
    """Whether the viewer travels free in the travel decision now (None: not deciding that)."""
    stack = view.get("stack") or []
    if not stack or view.get("viewer") is None:
        return None
    top = stack[-1]
    if top.get("t") != "travel" or top.get("p") != view["viewer"]:
        return None
    return bool(top.get("free"))


# --- the decision and the log --------------------------------------------------------------------


def decision_head(view: View, decision: Decision | None, lang: str) -> Text:
    """Who decides what, under which rule."""
    if decision is None:
        over = view["phase"] == "over"
        return Text(tr(N_("The game is over.") if over else N_("Nothing to decide."), lang))
    t = name_text(view, decision.seat)
    said, prompt = tr(N_("to decide:"), lang), tr(decision.prompt, lang)
    t.append(" " + said + words.gap(said, prompt))
    t.append(prompt, style="bold")
    if decision.rule:
        t.append(f"  [{decision.rule}]", style=DIM)
    return t


def decision_panel(
    view: View,
    decision: Decision | None,
    entries: Sequence[menu.Entry] | None,
    lang: str,
    width: int = 72,
    max_lines: int | None = None,
) -> Panel:
    """The pending decision and, for the seat deciding, its menu of described moves."""
    head = decision_head(view, decision, lang)
    parts: list[RenderableType] = [head]
    if entries:  # the menu gets the lines the prompt leaves (a long prompt wraps)
        room = None if max_lines is None else max(2, max_lines - height(head, width - 4))
        parts.append(menu.menu_text(entries, lang, width=width - 5, max_lines=room))
    hint = command_hint(lang, width - 6)
    return Panel(
        Group(*parts),
        title=tr(N_("Decision"), lang),
        title_align="left",
        subtitle=Text(hint, style=DIM) if entries else None,
        subtitle_align="left",
        padding=(0, 1),
    )


def command_hint(lang: str, width: int) -> str:
    """The commands under the menu, as many as fit in ``width`` cells (a narrow menu's border
    cut "lang zh|en · help" to "lang zh"), ``help`` always last."""
    hint = tr(N_("number · undo · why · info <id> · map · board · lang zh|en · help"), lang)
    parts = hint.split(" · ")
    while len(parts) > 2 and cell_len(" · ".join(parts)) > width:
        del parts[-2]  # the last but one: help names every command
    return " · ".join(parts)


def log_panel(view: View, lines: Sequence[Text], lang: str, height: int = LOG_LINES) -> Panel:
    """The last ``height`` lines of the log (:mod:`onmars.terminal.logview`)."""
    shown = list(lines)[-height:] if height > 0 else []
    if not lines:
        shown = [Text(tr(N_("no moves yet"), lang), style=DIM)]
    return Panel(
        Group(*shown), title=tr(N_("What happened"), lang), title_align="left", padding=(0, 1)
    )


def abbreviations(lang: str, focus: str = "", width: int = WIDTH) -> Text:
    """The legend of the screen's abbreviations and signs (the map has its own): those of the
    view shown (``focus``: "mars" or "board"; every one if ""), in lines of ``width``."""
    initials = words.initials([words.colour_name(c, lang)[0] for c in words.COLOURS], lang)
    pairs = (
        (N_("OP"), N_("Opportunity Points"), ""),
        (N_("R&D"), N_("Research & Development"), "mars"),
        (N_("LQ"), N_("Living Quarters"), ""),
        (N_("WA"), N_("Working Area"), ""),
        (initials, N_("Colonists on slots, · free"), "mars"),
        ("1t 2m 2b", N_("Lab space: column + top/middle/bottom"), "board"),
        ("★", N_("counts for Private Goal 14"), "board"),
        ("✓", N_("built / completed"), ""),
        ("⚠", N_("asks to confirm"), ""),
        ("◀", N_("deciding"), ""),
        ("3/4", N_("used/room"), ""),
    )
    shown = [(tr(sign, lang), tr(text, lang)) for sign, text, view in pairs
             if not focus or view in ("", focus)]  # fmt: skip
    items = []
    for sign, text in shown:
        if sign != text:
            item = Text(sign, style="bold")
            items.append(item.append(words.sign_gap(lang) + text, style=DIM))
    return Text("\n").join(boards.flow_parts(items, width))  # a sign stays with its meaning


# --- the screen ----------------------------------------------------------------------------------


def focus_for(decision: Decision | None) -> str:
    """The view a decision is about: "board" for Lab, Depot, cards; else "mars"."""
    if decision is not None and any(m.verb in BOARD_VERBS for m in decision.moves):
        return "board"
    return "mars"


def height(renderable: RenderableType, width: int = WIDTH) -> int:
    """Lines a renderable takes on a ``width``-column terminal."""
    return to_text(renderable, width).count("\n")


#: The shared boards beside the map take at least this many columns; on a narrower terminal
#: they stand under the map.
SHARED_WIDTH = 41
#: Under the map, the shared boards take two columns from this width on.
TWO_COLUMNS = 72
#: Below this width the decision and the log stand one above the other.
SIDE_BY_SIDE = WIDTH
#: Lines a menu keeps at least where the screen is taller than the terminal anyway (a narrow
#: terminal: the map scrolls away first, the menu stays whole above the prompt).
MENU_LINES = 20


def top_part(
    view: View,
    lang: str,
    focus: str = "mars",
    board_seat: int | None = None,
    science: bool = True,
    width: int = WIDTH,
) -> RenderableType:
    """The Mars view (map and shared boards) or the board view (one player's board;
    ``science``: with the Scientist / Contract display's costs and gains below it), laid out
    for ``width`` columns: the shared boards beside the map, or under it on a narrower
    terminal."""
    if focus == "board":
        seat = board_seat if board_seat is not None else view.get("viewer")
        if seat is None:
            seat = view.get("current_player") or 0
        grid = Table.grid(expand=True)
        grid.add_column()
        grid.add_row(boards.board_panels(view, seat, lang, science, width))
        return grid
    if width < mapview.map_width() + 2 + SHARED_WIDTH:
        columns = 2 if width >= TWO_COLUMNS else 1
        return Group(mapview.map_panel(view, lang), boards.shared_panel(view, lang, columns))
    top = Table.grid(expand=True)
    top.add_column(no_wrap=True)
    top.add_column(ratio=1, overflow="fold")
    top.add_row(mapview.map_panel(view, lang), boards.shared_panel(view, lang))
    return top


def screen(
    view: View,
    *,
    lang: str = "en",
    decision: Decision | None = None,
    entries: Sequence[menu.Entry] | None = None,
    events: Sequence[Event] = (),
    projection: Sequence[dict[str, Any]] | None = None,
    focus: str = "mars",
    board_seat: int | None = None,
    fresh_from: int | None = None,
    lines: int = HEIGHT - 1,
    science: bool | None = None,
    width: int = WIDTH,
) -> Group:
    """The whole screen for ``view``'s seat, in ``lines`` lines where it can (a long menu
    shrinks). ``entries``: the menu (:func:`menu.build`), only for the seat deciding (moves can
    name its secrets); ``events``: the log as that seat may see it; ``projection``: the
    scores if the game ended now (:meth:`onmars.Game.projection`). ``science``: whether the
    board view shows the Scientist / Contract display's costs and gains (``None``: where the
    whole menu still fits; the player who asks for the board gets it, ``True``). ``width``:
    the terminal's columns; below 120 the screen is laid out narrower (the shared boards under
    the map, the decision above the log, the players in more lines)."""
    status = status_text(view, lang, width)
    top = top_part(view, lang, focus, board_seat, width=width)
    players = boards.players_part(view, lang, projection, width)
    legend = abbreviations(lang, focus, width)
    used = height(status, width) + height(top, width) + height(players, width)
    used += height(legend, width)
    if focus == "board" and science is not True:
        # the board view's Scientist / Contract panel only where the whole menu keeps its
        # lines (a hire decision's menu says what each card it offers costs and gives)
        menu_lines = (
            height(decision_panel(view, decision, entries, lang, width=width), width)
            if entries
            else 4
        )
        if science is False or lines - used - 2 < menu_lines + STACKED_LOG + 2:
            before = height(top, width)
            top = top_part(view, lang, focus, board_seat, science=False, width=width)
            used -= before - height(top, width)
    room = max(lines - used - 2, 6)  # less the panels' borders
    if width < WIDTH and room < MENU_LINES:  # the top scrolls away: the menu stays whole
        room = MENU_LINES
    log = logview.log_lines(view, events, fresh_from, lang)
    side = width * 3 // 5
    if width < SIDE_BY_SIDE or (entries and menu.natural_width(entries, lang) > side - 5):
        # a menu wider than its side of the screen gets the whole width, the log what is left
        # below it (issue 21: menu lines were cut at 70 of 120 columns)
        panel = decision_panel(view, decision, entries, lang, width=width,
                               max_lines=room - 2 - STACKED_LOG)  # fmt: skip
        log_room = max(STACKED_LOG, room - 2 - (height(panel, width) - 2))
        if len(log) > log_room:  # the few lines left tell the last moves, not their details
            log = [line for line in log if not line.plain.startswith("  ")]
        if width < WIDTH:  # under a narrow menu the log's lines whole, the last moves first
            log = logview.wrap_lines(log, width - 4)
        return Group(status, top, players, panel, log_panel(view, log, lang, log_room), legend)
    bottom = Table.grid(expand=True)
    bottom.add_column(ratio=3)
    bottom.add_column(ratio=2)
    bottom.add_row(
        decision_panel(view, decision, entries, lang, width=side, max_lines=room),
        log_panel(view, log, lang, height=room),
    )
    return Group(status, top, players, bottom, legend)


# --- the end: scores -----------------------------------------------------------------------------


def scores_table(
    view: View,
    scores: Sequence[dict[str, Any]],
    winners: Iterable[int],
    lang: str = "en",
    title: str = N_("Final scores"),
) -> Table:
    """Scores (``game.scores()`` or ``game.projection()``): a column per player, a row per
    category, the total and the tie-break values (§24.4); winners' names are starred."""
    winners = set(winners)
    table = Table(title=tr(title, lang), box=box.SIMPLE_HEAVY, title_style="bold")
    table.add_column("")
    for row in scores:
        name = name_text(view, row["seat"])
        if row["seat"] in winners:
            name.append(" ★", style="bold yellow1")
        table.add_column(name, justify="right")
    categories: list[str] = []
    for row in scores:
        for key in row["breakdown"]:
            if key not in categories:
                categories.append(key)
    for key in categories:
        label = words.score_name(key, lang)
        table.add_row(label, *(str(r["breakdown"].get(key, 0)) for r in scores))
    table.add_section()
    table.add_row(
        Text(tr(N_("Total"), lang), style="bold"),
        *(Text(str(r["total"]), "bold") for r in scores),
    )
    table.add_row(
        Text(tr(N_("Tie-break: Crystals / Advanced Buildings / Progress cubes"), lang), style=DIM),
        *(Text("/".join(str(x) for x in r["tiebreak"]), style=DIM) for r in scores),
    )
    return table


def winners_text(view: View, winners: Sequence[int], lang: str = "en") -> Text:
    said = tr(N_("Winner:") if len(winners) == 1 else N_("Shared victory:"), lang)
    t = Text(said + words.gap(said, ""), style="bold")
    for k, seat in enumerate(winners):
        if k:
            t.append(tr(N_(", "), lang))
        t.append_text(name_text(view, seat))
    return t


def to_text(renderable: RenderableType, width: int = WIDTH) -> str:
    """Plain text of a renderable, as a ``width``-column terminal would show it."""
    out = io.StringIO()
    console = Console(
        file=out,
        width=width,
        color_system=None,
        force_terminal=False,
        legacy_windows=False,
    )
    console.print(renderable)
    return out.getvalue()
