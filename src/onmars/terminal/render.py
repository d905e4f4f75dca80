"""Drawing a game for the terminal: pure functions from a seat's view to rich renderables.

Everything here reads a view dict (``game.view(seat)``, RUL-18), never the raw state, so what a
seat is shown is what it may see. The screen is laid out for a 120x50 terminal:

- the Mars map (91 flat-top hexes; each hex is two lines, its ``q,r`` above its contents) with a
  legend, and beside it the shared boards: Turn Order track, Shuttle, action slots, Colony level
  and LSS, missions, Warehouse, Tech Grid, Blueprint display, Exploration, Scientist / Contract
  display;
- one panel per player board;
- the pending decision with the legal moves numbered, and the game log.

:func:`to_text` turns any renderable into plain text (tests, and terminals without colour).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from onmars import Decision, Move
from onmars.rules import hexmap
from onmars.rules.components import RESOURCES, load

View = dict[str, Any]
#: One entry of the game log panel: (round, seat or None, move text), as Game.seat_log gives.
LogEntry = tuple[int, int | None, str]

WIDTH = 120
HEIGHT = 50
LOG_LINES = 10

# --- styles and short names ----------------------------------------------------------------------

COLOUR_STYLE = {
    "red": "bold red1",
    "blue": "bold dodger_blue1",
    "green": "bold green3",
    "yellow": "bold yellow1",
}
#: Advanced Building markers: the building's code on the owner's colour.
AB_STYLE = {
    "red": "bold white on red3",
    "blue": "bold white on dodger_blue3",
    "green": "bold black on green3",
    "yellow": "bold black on yellow3",
}
HEX_BG = ("on grey11", "on grey19", "on grey27")  # a 3-colouring: neighbours always differ
RESEARCH_STYLE = {
    "orange": "bold dark_orange",
    "purple": "bold medium_purple1",
    "cyan": "bold cyan",
    "white": "bold bright_white",
}
CRYSTAL_STYLE = "bold magenta"
DISCOVERY_STYLE = "bold bright_white"
DIM = "grey50"
HEAD = "bold"

BUILDING_CODE = {
    "mine": "Mi",
    "generator": "Ge",
    "extractor": "Wx",
    "greenhouse": "Gh",
    "condenser": "Ox",
    "shelter": "Sh",
}
RES_CODE = {
    "mineral": "Mi",
    "battery": "Ba",
    "water": "Wa",
    "plant": "Pl",
    "oxygen": "Ox",
    "crystal": "Cr",
}
PHASE_NAME = {
    "setup": "Setup",
    "colonization": "Colonization phase",
    "shuttle": "Shuttle phase",
    "over": "Game over",
}
ACTION_NAME = {
    "pod": "Landing Pod",
    "blueprint": "Blueprint",
    "tech": "Learn Tech",
    "rnd": "R&D",
    "resupply": "Resupply",
    "construct": "Build",
    "upgrade": "Upgr",
    "hire": "Hire",
    "control": "Control Ctr",
    "ship": "Ship",
}


def colour_of(view: View, seat: int) -> str:
    return view["players"][seat]["colour"]


def seat_style(view: View, seat: int) -> str:
    return COLOUR_STYLE.get(colour_of(view, seat), "bold")


def name_text(view: View, seat: int | None, width: int = 0) -> Text:
    """A player's name in their colour (``width``: truncate to that many characters)."""
    if seat is None or seat < 0:
        return Text("-", style=DIM)
    name = view["players"][seat]["name"]
    if width and len(name) > width:
        name = name[: width - 1] + "."
    return Text(name, style=seat_style(view, seat))


def short_names(view: View, width: int) -> list[str]:
    """Names cut to ``width`` characters; names that would collide ("Player 1", "Player 2")
    become initials with their last word instead ("P1", "P2")."""
    names = [p["name"] for p in view["players"]]
    cut = [n[:width] for n in names]
    out = []
    for name, short in zip(names, cut, strict=True):
        if cut.count(short) > 1:
            words = name.split()
            short = ("".join(w[0] for w in words[:-1]) + words[-1])[:width]
        out.append(short)
    return out


def _cap(view: View, p: dict[str, Any]) -> tuple[int, int, int]:
    """Storage cap per Resource, Living Quarters cap, Depot cap (§4), from a view's player."""
    c = load()
    built = c.value("shelters")[0] - p["shelters"]
    storage = built + 1
    lq = c.value("lq_base")[0] + c.value("lq_per_shelter")[0] * (built - 1)
    depot = c.value("depot_spaces")[0] - len(p["depot_ships"])
    return storage, lq, depot


# --- the Mars map --------------------------------------------------------------------------------

CELL = 5  # characters per hex line; columns are CELL + 1 apart
MAP_LINES = 18


def _geometry() -> tuple[int, int, int]:
    cells = hexmap.cells()
    qs = [q for q, _ in cells]
    ys = [2 * r + q for q, r in cells]
    return min(qs), min(ys), max(ys)


def hex_contents(view: View, i: int) -> Text:
    """What stands on hex ``i``: building (AB marker: owner's colour behind it), pieces, items."""
    out = Text()
    kind = view["bld"][i]
    if kind:
        base, _, owner = kind.partition(":")
        code = BUILDING_CODE.get(base, base[:2].title())
        ab = view["ab"][i]
        if ab >= 0:  # an Advanced Building: upper case, on its owner's colour
            code = code.upper()
            style = AB_STYLE.get(colour_of(view, ab), "reverse")
        elif owner:
            style = seat_style(view, int(owner))
        else:
            style = "bold white"
        out.append(code, style=style)
    pieces = Text()
    for seat, p in enumerate(view["players"]):
        if p["rover"] == i:
            pieces.append("R", style=seat_style(view, seat))
    if view["bot"][i] >= 0:
        pieces.append("b", style=seat_style(view, view["bot"][i]))
    if view["miner"][i] >= 0:
        pieces.append("m", style=seat_style(view, view["miner"][i]))
    if view["crystal"][i]:
        pieces.append("*", style=CRYSTAL_STYLE)
    tile = view["tile"][i]
    if tile:
        research = load().research.get(tile[1:]) if tile.startswith("R") else None
        if research is not None:
            pieces.append(tile[1:], style=RESEARCH_STYLE.get(research.colour, "bold"))
        else:
            pieces.append("?", style=DISCOVERY_STYLE)
    if len(out) and len(pieces):
        out.append(" ")
    out.append_text(pieces)
    if len(out) > CELL:
        out.truncate(CELL)
    return out


def map_text(view: View) -> Text:
    """The 91 hexes as a brick grid: hex (q, r) sits in column q, on lines 2r+q and 2r+q+1
    (shifted so the map starts at line 0); hexes touching on screen are neighbours on Mars."""
    q0, y0, y1 = _geometry()
    cells = hexmap.cells()
    ncols = max(q for q, _ in cells) - q0 + 1
    nlines = y1 - y0 + 2
    grid: list[list[Text | None]] = [[None] * ncols for _ in range(nlines)]
    for i, (q, r) in enumerate(cells):
        bg = HEX_BG[(q - r) % 3]
        y, col = 2 * r + q - y0, q - q0
        top = Text(f"{q},{r}".center(CELL), style=f"{DIM} {bg}")
        body = hex_contents(view, i)
        pad = CELL - len(body)
        bottom = Text(style=bg)  # the hex's colour under whatever stands on it
        bottom.append(" " * (pad // 2))
        bottom.append_text(body)
        bottom.append(" " * (pad - pad // 2))
        grid[y][col] = top
        grid[y + 1][col] = bottom
    lines = []
    for row in grid:
        line = Text()
        for col, part in enumerate(row):
            if col:
                line.append(" ")
            line.append_text(part if part is not None else Text(" " * CELL))
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines)


def legend(view: View) -> Text:
    """Map legend in two lines of the map's width (player colours: see the player panels)."""
    t = Text()
    for kind, code in BUILDING_CODE.items():
        t.append(code, style="bold white")
        t.append(f" {load().building_type[kind].name.split()[0]} ")
    t.append("GE", style=AB_STYLE["red"])
    t.append(" Advanced\n")
    for symbol, style, name in (
        ("b", "bold", "Bot"),
        ("R", "bold", "Rover"),
        ("m", "bold", "Miner"),
        ("*", CRYSTAL_STYLE, "Crystal"),
        ("?", DISCOVERY_STYLE, "Discovery"),
    ):
        t.append(symbol, style=style)
        t.append(f" {name}  ")
    for rid, research in load().research.items():
        t.append(rid, style=RESEARCH_STYLE.get(research.colour, "bold"))
    t.append(" Research tiles")
    return t


def map_width() -> int:
    q0 = _geometry()[0]
    return (max(q for q, _ in hexmap.cells()) - q0 + 1) * (CELL + 1) - 1


def map_panel(view: View) -> Panel:
    return Panel(
        Group(map_text(view), legend(view)),
        title="Mars (hexes q,r)",
        title_align="left",
        box=box.ROUNDED,
        padding=(0, 0),
        width=map_width() + 2,
    )


# --- the shared boards ---------------------------------------------------------------------------


def _slots(view: View, action: str) -> Text:
    """An action's slots: the colour initial of each Colonist there (r, b, g, y), ``·`` free."""
    seats = view["slots"].get(action, [])
    size = max(load().action[action].slots, len(seats))
    t = Text()
    for k in range(size):
        if k < len(seats):
            t.append(colour_of(view, seats[k])[0], style=seat_style(view, seats[k]))
        else:
            t.append("·", style=DIM)
    return t


def status_line(view: View) -> Text:
    """Round, phase, game length and whose screen this is."""
    t = Text()
    t.append(f"Round {view['round']}", style=HEAD)
    if view.get("end_round"):
        t.append(f" of {view['end_round']} (the end is triggered)", style="bold red")
    t.append(f" · {PHASE_NAME.get(view['phase'], view['phase'])} · {view['length']} game")
    t.append(f" · Colony level {view['level']}")
    viewer = view.get("viewer")
    if viewer is not None:
        t.append(" · seen by ")
        t.append_text(name_text(view, viewer))
    else:
        t.append(" · spectator view")
    return t


def turn_order_text(view: View) -> Text:
    """Spaces 1-4 (Orbit) and 5-8 (Colony); a laid-down marker (turn done) is dimmed."""
    by_space = {p["space"]: seat for seat, p in enumerate(view["players"]) if p["space"]}
    t = Text()
    for side, spaces in (("Orbit ", range(1, 5)), ("Colony", range(5, 9))):
        t.append(f"{side}", style=HEAD)
        for n in spaces:
            t.append(f" {n}", style="cyan")
            seat = by_space.get(n)
            t.append(":")
            if seat is None:
                t.append("·    ", style=DIM)
            else:
                name = Text(short_names(view, 4)[seat], style=seat_style(view, seat))
                if seat in view["done"]:
                    name.stylize("dim")
                t.append_text(name)
                t.append(" " * (5 - len(name)))
        t.rstrip()
        t.append("\n")
    t.rstrip()
    return t


def shuttle_text(view: View) -> Text:
    t = Text("Shuttle ", style=HEAD)
    side = view["shuttle_side"]
    if not side:
        t.append("not placed yet" if view["phase"] == "setup" else "removed (RUL-5)")
    else:
        spaces = load().value("shuttle_spaces")[0]
        t.append(f"{side.title()} side, space {view['shuttle_space']} of {spaces}")
    return t


def slots_text(view: View) -> Text:
    """Both sides' Action slots with the Colonists on them."""
    t = Text()
    for side in ("orbit", "colony"):
        t.append(f"{'Orbit ' if side == 'orbit' else 'Colony'}", style=HEAD)
        for aid, action in load().action.items():
            if action.side == side and action.placement:
                t.append(f" {ACTION_NAME.get(aid, aid)} ")
                t.append_text(_slots(view, aid))
        t.append("\n")
    t.rstrip()
    return t


def lss_text(view: View) -> Text:
    """Colony level and the LSS track: buildings per type against the level's need, with the
    reward tile of each column (§11)."""
    level = view["level"]
    t = Text(f"Colony level {level}", style=HEAD)
    t.append(f" · LSS needs {level + 1} of each\n")
    for kind in load().building_type:
        if kind not in view["lss"]:
            continue
        n = view["lss"][kind]
        t.append(f" {BUILDING_CODE[kind]} ")
        t.append(f"{n}", style="bold green3" if n >= level + 1 else "bold white")
        reward = view["lss_rewards"].get(kind, "")
        if reward:
            t.append(f" {reward}", style=DIM)
        t.append(" ")
    t.rstrip()
    return t


def missions_text(view: View) -> Text:
    """Mission progress (contributions made / needed) and the Remaining Missions marker."""
    c = load()
    n = len(view["players"])
    t = Text("Missions", style=HEAD)
    t.append(f" ({view['remaining']} more end the game)")
    items = []
    for mid, left in view["missions"].items():
        target = c.mission[mid].targets[n - 2]
        name = c.mission[mid].name.split()[-1]
        items.append((f"{mid} {name} {target - left}/{target}", "green3" if left == 0 else ""))
    t.append("\n")
    t.append_text(_wrapped("", items, indent=0))
    return t


def warehouse_text(view: View) -> Text:
    t = Text("Warehouse", style=HEAD)
    for item, count in view["warehouse"].items():
        t.append(f" {RES_CODE.get(item, item)}{count}", style="white" if count else DIM)
    stacks = view.get("building_stacks", {})
    if stacks:
        t.append("\nTiles left", style=HEAD)
        for kind in BUILDING_CODE:
            if kind in stacks:
                t.append(f" {BUILDING_CODE[kind]}{stacks[kind]['count']}")
    return t


def tech_grid_text(view: View) -> Text:
    """The Tech Grid by row (T/M/B), row costs, and the face-down stacks' sizes."""
    c = load()
    rows = ("top", "middle", "bottom")
    t = Text("Tech Grid", style=HEAD)
    costs = []
    for rid in rows:
        cost = "+".join(RES_CODE.get(x, x) for x in c.grid_row[rid].cost) or "free"
        costs.append(f"{rid[0].upper()} {cost}")
    t.append(f" ({', '.join(costs)})", style=DIM)
    for rid in rows:
        row = c.grid_row[rid]
        t.append(f"\n{rid[0].upper()} ", style="cyan")
        tiles = [view["grid"].get(f"{rid}{k}", "") for k in range(1, row.spaces + 1)]
        t.append(" ".join(x or "·" for x in tiles))
    stacks = "+".join(str(x) for x in view["tech_stacks"]) or "0"
    t.append(f"  stacks {stacks}", style=DIM)
    return t


def _wrapped(
    label: str, words: Sequence[tuple[str, str]], width: int = 37, indent: int = 0
) -> Text:
    """``label`` then the words, wrapped to ``width`` with ``indent`` spaces."""
    t = Text(label, style=HEAD)
    used = len(label)
    for word, style in words:
        if used + 1 + len(word) > width:
            t.append("\n" + " " * indent)
            used = indent
        t.append(" ")
        t.append(word, style=style)
        used += 1 + len(word)
    if not words:
        t.append(" none", style=DIM)
    return t


def display_text(view: View) -> Text:
    """Blueprint display, Exploration tiles, Scientist / Contract display."""
    c = load()
    blueprints = [
        (bp, "bold" if bp in c.blueprint and c.blueprint[bp].level == 3 else "white")
        for bp in view["bp_display"]
    ]
    t = _wrapped("Blueprints", blueprints)
    t.append(f" ({view['bp_deck']})", style=DIM)
    t.append("\n")
    t.append_text(_wrapped("Exploration", [(d, "white") for d in view["exploration"]]))
    t.append(f" ({view['discovery_stack']})", style=DIM)
    t.append("\n")
    cards = [(card or "·", "white" if card in c.scientist else "cyan") for card in view["science"]]
    t.append_text(_wrapped("Scientists/Contracts", cards))
    return t


def board_panel(view: View) -> Panel:
    parts = [
        turn_order_text(view),
        shuttle_text(view),
        slots_text(view),
        lss_text(view),
        missions_text(view),
        warehouse_text(view),
        tech_grid_text(view),
        display_text(view),
    ]
    return Panel(Group(*parts), title="Boards", title_align="left", padding=(0, 1))


# --- player boards -------------------------------------------------------------------------------

TECH_CODE = {**BUILDING_CODE, "rover": "Ro", "ship": "Sp", "upgrade": "Up"}


def _lab_text(p: dict[str, Any], spaces: bool = True) -> str:
    """Tech tiles by Lab space, highest first: ``Ro3t`` is a Rover tile on space 3t (level 3);
    without ``spaces`` only the level: ``Ro3``."""
    c = load()
    tiles = sorted(p["lab"].items(), key=lambda kv: (-c.lab_space[kv[0]].column, kv[0]))
    out = []
    for space, tile in tiles:
        kind = c.tech_tile[tile].type if tile in c.tech_tile else tile
        where = space if spaces else str(c.lab_space[space].column)
        out.append(f"{TECH_CODE.get(kind, kind)}{where}")
    return " ".join(out)


def player_text(view: View, seat: int) -> Text:
    """One player board (§4), compact enough for four side by side. Private Goals and
    Discovery tiles are listed only for the viewer (RUL-18)."""
    c = load()
    p = view["players"][seat]
    mine = seat == view.get("viewer")
    storage, lq_cap, depot = _cap(view, p)
    t = Text()
    t.append(f"{p['side'].title() or 'No side'}" + (f" {p['space']}" if p["space"] else ""))
    t.append(f" · Hangar {p['hangar']} · AB {p['ab']}\n")
    for r in RESOURCES:
        n = p["res"][r]
        t.append(f"{RES_CODE[r]}{n} ", style="bold" if n else DIM)
    t.append(f"/{storage}", style=DIM)
    t.append("\nCr ")
    t.append(str(p["crystals"]), style=CRYSTAL_STYLE)
    if p["pending"]:
        t.append(f"+{p['pending']}", style="magenta")
    t.append(f"/{depot}", style=DIM)
    t.append(f"  Bots {p['bots']}  Shelt {p['shelters']}")
    t.append(f"\nLQ {p['lq']}/{lq_cap} WA {p['wa']} supply {p['reserve']}")
    rows = sorted(e.row for e in c.executive.values() if e.row not in p["depot_ships"])
    t.append("\nExec rows ")
    t.append(" ".join(str(r) for r in rows), style="cyan")
    t.append(f"\nLab {_lab_text(p, spaces=mine)}")
    if p["blueprints"]:
        t.append("\nBP")
        for bp in p["blueprints"]:
            t.append(" " + bp)
            if bp in p["built"]:
                t.append("✓", style="green3")
    cards = [*p["scientists"], *p["contracts"]]
    if cards:
        t.append("\nCards")
        for card in cards:
            t.append(" " + card)
            if card in p["contracts_done"]:
                t.append("✓", style="green3")
    if p["research"]:
        t.append("\nResearch " + " ".join(p["research"]))
    goals = p["goals"]
    t.append("\nGoals ")
    if isinstance(goals, list):
        t.append(" ".join(goals) or "none", style="bold yellow1")
    else:
        t.append(f"{goals} hidden", style=DIM)
    if p["goal_done"]:
        t.append(" done ")
        t.append(p["goal_done"], style="green3")
    discoveries = p["discoveries"]
    if isinstance(discoveries, list):
        if discoveries:
            t.append("\nDisc " + " ".join(discoveries))
    elif discoveries:
        t.append(f" · Disc {discoveries}")
    return t


def player_panel(view: View, seat: int) -> Panel:
    p = view["players"][seat]
    title = name_text(view, seat, 14)
    if seat == view.get("viewer"):
        title.append(" (you)", style="bold")
    if seat == view.get("current_player"):
        title.append(" ◀", style="bold")
    title.append(f" {p['op']} OP", style="bold")
    title.append(f" {p['colour']}", style=DIM)
    return Panel(
        player_text(view, seat),
        title=title,
        title_align="left",
        padding=(0, 1),
        border_style=COLOUR_STYLE.get(p["colour"], "").replace("bold ", ""),
    )


def players_row(view: View) -> Table:
    grid = Table.grid(expand=True)
    for _ in view["players"]:
        grid.add_column(ratio=1)
    grid.add_row(*(player_panel(view, seat) for seat in range(len(view["players"]))))
    return grid


# --- decision, moves, log ------------------------------------------------------------------------


def decision_text(view: View, decision: Decision | None = None) -> Text:
    """The pending decision: who decides, its prompt and rule (``decision``, as
    :meth:`onmars.Game.decision` gives it; without it, the step's name from the view)."""
    stack = view.get("stack") or []
    if not stack:
        return Text("The game is over." if view["phase"] == "over" else "Nothing to decide.")
    frame = stack[-1]
    t = Text()
    seat = frame.get("p")
    if seat is not None and seat >= 0:
        t.append_text(name_text(view, seat))
        t.append(" to decide: ")
    prompt = decision.prompt if decision else str(frame["t"]).replace("_", " ")
    t.append(prompt, style="bold")
    t.append(f"  [{frame['t']}", style=DIM)
    if decision and decision.rule:
        t.append(f" {decision.rule}", style=DIM)
    t.append("]", style=DIM)
    if "n" in frame and "must" in frame:
        t.append(f"  picks left {frame['n']}", style=DIM)
    return t


def _groups(legal: Sequence[Move]) -> tuple[list[int], dict[str, list[tuple[int, str]]]]:
    """Moves to show alone, and groups of moves sharing a prefix: ``{"bot 1,2": [(k, "-3,2"),
    ...]}``. A verb with 3+ moves is grouped by all its tokens but the last when that makes
    groups of 3+ on average (Bot moves, Discovery tiles), else by the verb alone."""
    by_verb: dict[str, list[int]] = {}
    for k, m in enumerate(legal):
        by_verb.setdefault(m.verb, []).append(k)
    singles: list[int] = []
    groups: dict[str, list[tuple[int, str]]] = {}
    for verb, ks in by_verb.items():
        if len(ks) < 3 or not all(legal[k].args for k in ks):
            singles.extend(ks)
            continue
        keys = {" ".join((verb, *legal[k].args[:-1])) for k in ks}
        fine = all(len(legal[k].args) > 1 for k in ks) and len(ks) >= 3 * len(keys)
        for k in ks:
            m = legal[k]
            if fine:
                groups.setdefault(" ".join((verb, *m.args[:-1])), []).append((k, m.args[-1]))
            else:
                groups.setdefault(verb, []).append((k, " ".join(m.args)))
    return sorted(singles), groups


def _item(k: int, text: str, sep: str = "") -> Text:
    item = Text()
    item.append(f"{k + 1})", style="bold cyan")
    item.append(sep + text)
    return item


def _group_lines(key: str, items: Sequence[tuple[int, str]], width: int) -> list[Text]:
    lines = []
    line = Text(key, style="bold")
    indent = len(key) + 1
    used = len(key)
    for k, rest in items:
        item = _item(k, rest)
        if used + 2 + len(item) > width:
            lines.append(line)
            line = Text(" " * indent)
            used = indent
        else:
            line.append("  ")
            used += 2
        line.append_text(item)
        used += len(item)
    lines.append(line)
    return lines


def _group_summary(key: str, items: Sequence[tuple[int, str]]) -> list[Text]:
    """One line for a long group: its first and last moves and how to pick another."""
    line = Text(f"{key} ", style="bold")
    (k0, first), (k1, last) = items[0], items[-1]
    line.append_text(_item(k0, first))
    line.append(" … ")
    line.append_text(_item(k1, last))
    line.append(f"  ({len(items)} choices)", style=DIM)
    return [line]


def moves_text(legal: Sequence[Move], width: int = 76, max_lines: int | None = None) -> Text:
    """The legal moves numbered from 1. Moves sharing a prefix share a line
    (``bot 1,2  12)-3,2  13)-3,3 ...``); the others are laid out in columns. Past ``max_lines``
    the longest groups shrink to one summary line each, then the list is cut."""
    singles, groups = _groups(legal)
    blocks: dict[str, tuple[int, list[Text]]] = {}  # (first move index, lines), in that order
    if singles:
        lines = []
        cell = max(len(f"{k + 1}) {legal[k]}") for k in singles) + 2
        per_line = max(1, width // cell)
        for start in range(0, len(singles), per_line):
            line = Text()
            for k in singles[start : start + per_line]:
                item = _item(k, str(legal[k]), " ")
                item.append(" " * (cell - len(item)))
                line.append_text(item)
            line.rstrip()
            lines.append(line)
        blocks[""] = (singles[0], lines)
    for key, items in groups.items():
        blocks[key] = (items[0][0], _group_lines(key, items, width))
    if max_lines is not None:
        for key in sorted(groups, key=lambda g: -len(blocks[g][1])):
            if sum(len(lines) for _, lines in blocks.values()) <= max_lines:
                break
            if len(blocks[key][1]) > 1:
                blocks[key] = (blocks[key][0], _group_summary(key, groups[key]))
    ordered = [line for _, lines in sorted(blocks.values(), key=lambda b: b[0]) for line in lines]
    if max_lines is not None and len(ordered) > max_lines:
        hidden = len(ordered) - max_lines + 1
        ordered = ordered[: max_lines - 1]
        ordered.append(Text(f"… {hidden} more lines: 'moves' lists every move", style=DIM))
    return Text("\n").join(ordered)


HINT = "number or move · undo · why <move> · info <id> · moves · help · quit"


def decision_panel(
    view: View,
    legal: Sequence[Move] | None,
    max_lines: int | None = None,
    decision: Decision | None = None,
) -> Panel:
    """The pending decision (its prompt and rule from ``decision``, :meth:`onmars.Game.decision`)
    and, for the seat deciding, its legal moves numbered."""
    parts: list[RenderableType] = [decision_text(view, decision)]
    if legal:
        parts.append(moves_text(legal, max_lines=max_lines))
    return Panel(
        Group(*parts),
        title="Decision",
        title_align="left",
        subtitle=Text(HINT, style=DIM) if legal else None,
        subtitle_align="left",
        padding=(0, 1),
    )


def log_panel(
    view: View, entries: Sequence[LogEntry], lines: int = 10, fresh: int | None = None
) -> Panel:
    """The last moves of the game, with who played them; the last ``fresh`` moves (those made
    since the viewer last looked) in bold, older ones dimmed. ``entries`` come from
    :meth:`onmars.Game.seat_log` for the viewer, which redacts other seats' secrets (RUL-18)."""
    rows: list[Text] = []
    shown = list(entries)[-lines:] if lines > 0 else []
    old = len(shown) - (len(shown) if fresh is None else min(fresh, len(shown)))
    for k, (rnd, seat, text) in enumerate(shown):
        row = Text(no_wrap=True, overflow="ellipsis")
        row.append(f"R{rnd:<2} ", style=DIM)
        row.append_text(name_text(view, seat, 10))
        row.append(f" {text}", style=DIM if k < old else "bold")
        rows.append(row)
    if not entries:
        rows.append(Text("no moves yet", style=DIM))
    return Panel(Group(*rows), title="Game log", title_align="left", padding=(0, 1))


def height(renderable: RenderableType, width: int = WIDTH) -> int:
    """Lines a renderable takes on a ``width``-column terminal."""
    return to_text(renderable, width).count("\n")


def screen(
    view: View,
    legal: Sequence[Move] | None = None,
    log: Sequence[LogEntry] = (),
    lines: int = HEIGHT - 1,
    fresh: int | None = None,
    decision: Decision | None = None,
) -> Group:
    """The whole screen for ``view``'s seat: status, map and boards, player boards, the
    decision (its prompt and rule from ``decision``, :meth:`onmars.Game.decision`) with
    ``legal`` numbered (pass them only to the seat deciding: moves can name its secrets) and
    the game log (its last ``fresh`` moves in bold), in ``lines`` lines where it can (long move
    lists shrink)."""
    top = Table.grid(expand=True)
    top.add_column(no_wrap=True)
    top.add_column(ratio=1)
    top.add_row(map_panel(view), board_panel(view))
    players = players_row(view)
    # what is left for the moves: less the status line, the decision panel's borders and line
    room = lines - 1 - height(top) - height(players) - 2
    room -= height(decision_text(view, decision), 76)
    room = max(room, 4)
    bottom = Table.grid(expand=True)
    bottom.add_column(ratio=2)
    bottom.add_column(ratio=1)
    bottom.add_row(
        decision_panel(view, legal, max_lines=room, decision=decision),
        log_panel(view, log, lines=min(LOG_LINES, room + 1), fresh=fresh),
    )
    return Group(status_line(view), top, players, bottom)


# --- final scores and card texts -----------------------------------------------------------------

SCORE_NAME = {
    "progress": "Progress (level-ups)",
    "lss_first": "First LSS buildings",
    "lss_reward": "LSS rewards",
    "blueprint_action": "Blueprint actions",
    "final_progress": "Progress (final)",
    "ships": "Ships in Hangar",
    "living_quarters": "Living Quarters",
    "tech": "Tech tiles",
    "blueprints": "Blueprints",
    "scientists": "Scientists",
    "contracts": "Contracts",
}


def scores_table(view: View, scores: Sequence[dict[str, Any]], winners: Iterable[int]) -> Table:
    """Final scores (game.scores()): one column per player, a row per category, the total and
    the tie-break values (§24.4); winners' names are starred."""
    winners = set(winners)
    table = Table(title="Final scores", box=box.SIMPLE_HEAVY, title_style="bold")
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
        table.add_row(SCORE_NAME.get(key, key), *(str(r["breakdown"].get(key, 0)) for r in scores))
    table.add_section()
    table.add_row(Text("Total", style="bold"), *(Text(str(r["total"]), "bold") for r in scores))
    table.add_row(
        Text("Tie-break (Cr, AB, cubes)", style=DIM),
        *(Text("/".join(str(x) for x in r["tiebreak"]), style=DIM) for r in scores),
    )
    return table


def winners_text(view: View, winners: Sequence[int]) -> Text:
    t = Text("Winner: " if len(winners) == 1 else "Shared victory: ", style="bold")
    for k, seat in enumerate(winners):
        if k:
            t.append(", ")
        t.append_text(name_text(view, seat))
    return t


def describe(token: str) -> str:
    """The component text behind an id seen on screen (card, tile, action, Lab space...), or
    "" if the token names nothing. Card texts are public: this reveals no hand."""
    c = load()
    token = token.strip()
    tables: list[tuple[str, dict[str, Any]]] = [
        ("Blueprint", c.blueprint),
        ("Scientist", c.scientist),
        ("Earth Contract", c.contract),
        ("Mission", c.mission),
        ("Private Goal", c.private_goal),
        ("Discovery tile", c.discovery),
        ("LSS Reward tile", c.lss_reward),
        ("Tech tile", c.tech_tile),
        ("Building", c.building_type),
        ("Main action", c.action),
        ("Executive action", c.executive),
        ("Lab space", c.lab_space),
        ("Turn Order space", c.turn_order),
    ]
    found = []
    for label, table in tables:
        record = table.get(token)
        if record is None:
            continue
        bits = [f"{label} {token}"]
        name = getattr(record, "name", "")
        if name:
            bits.append(name)
        detail = _detail(record)
        if detail:
            bits.append(f"({detail})")
        line = " ".join(bits)
        if record.text:
            line += f": {record.text}"
        found.append(line)
    if token.startswith("R") and token[1:] in c.research:
        r = c.research[token[1:]]
        found.append(
            f"Research tile {token[1:]} ({r.colour}): develop one Tech tile twice or two once, "
            "at no cost"
        )
    if token in c.research and not found:
        found.append(f"Research tile {token} ({c.research[token].colour})")
    return "\n".join(found)


def describe_hex(view: View, token: str) -> str:
    """What stands on the hex ``q,r`` in ``view`` ("" if ``token`` is not a hex of the map)."""
    cell = hexmap.parse(token.strip())
    if cell is None:
        return ""
    names = [p["name"] for p in view["players"]]
    parts = []
    kind = view["bld"][cell]
    if kind:
        base, _, owner = kind.partition(":")
        text = load().building_type[base].name if base in load().building_type else base
        if owner:
            text += f" of {names[int(owner)]}"
        if view["ab"][cell] >= 0:
            text += f", Advanced Building of {names[view['ab'][cell]]}"
        parts.append(text)
    for seat, p in enumerate(view["players"]):
        if p["rover"] == cell:
            parts.append(f"Rover of {names[seat]}")
    if view["bot"][cell] >= 0:
        parts.append(f"Bot of {names[view['bot'][cell]]}")
    if view["miner"][cell] >= 0:
        parts.append(f"Miner of {names[view['miner'][cell]]}")
    if view["crystal"][cell]:
        parts.append("a Crystal")
    tile = view["tile"][cell]
    if tile:
        parts.append(describe(tile) or tile)
    q, r = hexmap.hex_of(cell)
    return f"Hex {q},{r}: " + ("; ".join(parts) if parts else "empty")


def _detail(record: Any) -> str:
    fields = []
    for key in ("level", "building", "gain", "action", "cost", "works_in", "scores", "kind"):
        value = getattr(record, key, None)
        if value in (None, "", ()):
            continue
        if isinstance(value, tuple):
            value = "+".join(str(v) for v in value)
        fields.append(f"{key} {value}")
    for key in ("items", "complete_op", "failed_op", "targets", "crystals", "condition"):
        value = getattr(record, key, None)
        if value in (None, "", ()):
            continue
        if isinstance(value, tuple):
            value = "/".join(str(v) for v in value)
        fields.append(f"{key} {value}")
    return ", ".join(fields)


def to_text(renderable: RenderableType, width: int = WIDTH) -> str:
    """Plain text of a renderable, as a ``width``-column terminal would show it."""
    console = Console(
        file=io.StringIO(),
        width=width,
        color_system=None,
        force_terminal=False,
        legacy_windows=False,
    )
    console.print(renderable)
    return console.file.getvalue()
