"""The boards on the terminal screen, drawn from a seat's view (RUL-18), in English or Chinese.

- :func:`shared_panel`: beside the map, the shared boards: Turn Order spaces with their bonus
  and who stands there, Action slots, Colony level and Life Support, missions, the Warehouse.
- :func:`players_table`: one row per player: side and space, OP and the projected score,
  Resources, Crystals, Colonists, Bots, Ships, markers.
- :func:`board_panels`: one player's board in full: the Lab as its grid (each space's benefit,
  each column's cost and OP, the Tech tiles on it), the Depot with its Executive actions (cost,
  open or covered by a Ship), the player's cards; and the displays (Tech Grid, Blueprints,
  Exploration; below, the Scientists and Contracts one may take, with their costs and what they
  give, :func:`science_panel`).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from onmars import N_, catalog, tr
from onmars.rules.data.components import RESOURCES, load
from onmars.terminal import words
from onmars.terminal.mapview import CRYSTAL_STYLE, DIM, colour_of, seat_style

View = dict[str, Any]
HEAD = "bold"
OK = "green3"
#: Short names of the Action slots' actions (the legend spells out R&D).
SLOT_NAMES = {
    "blueprint": N_("Blueprint"),
    "rnd": N_("R&D"),
    "construct": N_("Build"),
    "upgrade": N_("Upgrade"),
    "hire": N_("Hire"),
}


def name_text(view: View, seat: int | None, width: int = 0) -> Text:
    """A player's name in their colour (``width``: cut to that many characters)."""
    if seat is None or seat < 0:
        return Text("-", style=DIM)
    name = view["players"][seat]["name"]
    if width and len(name) > width:
        name = name[: width - 1] + "."
    return Text(name, style=seat_style(view, seat))


def capacities(p: dict[str, Any]) -> tuple[int, int, int]:
    """Storage per Resource, Living Quarters places, empty Depot spaces (§4)."""
    c = load()
    built = c.value("shelters")[0] - p["shelters"]
    storage = built + 1
    lq = c.value("lq_base")[0] + c.value("lq_per_shelter")[0] * (built - 1)
    depot = c.value("depot_spaces")[0] - len(p["depot_ships"])
    return storage, lq, depot


# --- beside the map ------------------------------------------------------------------------------


def turn_order_text(view: View, lang: str) -> Text:
    """The eight Turn Order spaces: number, bonus (with its cost), who stands there; a marker
    laid down (turn done) dimmed."""
    by_space = {p["space"]: seat for seat, p in enumerate(view["players"]) if p["space"]}
    t = Text(tr(N_("Turn Order spaces: bonus ◂ who"), lang), style=HEAD)
    for n in range(1, 9):
        side = "orbit" if n <= 4 else "colony"
        t.append(f"\n{n} ", style="bold cyan")
        t.append(words.side_name(side, lang) + words.sign_gap(lang), style=DIM)
        t.append(words.turn_bonus(n, lang))
        seat = by_space.get(n)
        if seat is not None:
            t.append(" ◂ ")
            name = name_text(view, seat, 8)
            if seat in view["done"]:
                name.stylize("dim")
            t.append_text(name)
    return t


def _slots(view: View, action: str, lang: str = "en") -> Text:
    """An action's slots: the colour initial of each Colonist there, ``·`` for a free slot."""
    seats = view["slots"].get(action, [])
    size = max(load().action[action].slots, len(seats))
    t = Text()
    for k in range(size):
        if k < len(seats):
            initial = words.colour_name(colour_of(view, seats[k]), lang)[0]
            t.append(initial, style=seat_style(view, seats[k]))
        else:
            t.append("·", style=DIM)
    return t


def slots_text(view: View, lang: str) -> Text:
    """Both sides' Action slots with the Colonists on them: the Orbit's on the first line,
    the Colony's on the second."""
    t = Text(tr(N_("Action slots (Orbit, then Colony)"), lang), style=HEAD)
    for side in ("orbit", "colony"):
        t.append("\n")
        for aid, action in load().action.items():
            if action.side == side and action.placement:
                t.append(tr(SLOT_NAMES.get(aid, aid), lang) + words.sign_gap(lang))
                t.append_text(_slots(view, aid, lang))
                t.append("  ")
        t.rstrip()
    return t


LSS_SHORT = {
    "max_tech_level": N_("OP = your best Tech level"),
    "hangar_ships": N_("{op} OP per Ship in Hangar"),
    "advanced_buildings": N_("{op} OP per Advanced Building"),
    "mines": N_("{op} OP per Mine of yours"),
    "bots": N_("{op} OP per Bot on Mars"),
    "discoveries": N_("{op} OP per Rover discovery"),
    "shelters": N_("{op} OP per Shelter on Mars"),
    "lq_colonists": N_("{op} OP per Colonist at home"),
}


def lss_text(view: View, lang: str) -> Text:
    """The Life Support track: buildings per type against what the next Colony level needs,
    with each column's reward (§11; ``info R2`` gives a reward's whole text)."""
    level = view["level"]
    t = Text(tr(N_("Life Support: {n} of each for level {next}"), lang, n=level + 1,
                next=level + 1), style=HEAD)  # fmt: skip
    rewards = catalog(lang)["lss_reward"]
    for kind in load().building_type:
        if kind not in view["lss"]:
            continue
        n = view["lss"][kind]
        t.append(f"\n{words.building_code(kind, lang)} ", style="bold white")
        t.append(str(n), style="bold green3" if n >= level + 1 else "bold")
        reward = view["lss_rewards"].get(kind, "")
        if reward:
            entry = rewards[reward]
            short = LSS_SHORT.get(entry["formula"])
            text = tr(short, lang, op=entry["op_each"]) if short else entry["text"]
            t.append(f" · {text}", style=DIM)
    return t


def missions_text(view: View, lang: str) -> Text:
    """Mission progress (contributions made / needed) and the Remaining Missions marker."""
    cat = catalog(lang)["mission"]
    n = str(len(view["players"]))
    t = Text(tr(N_("Missions ({n} more end the game)"), lang, n=view["remaining"]), style=HEAD)
    for mid, left in view["missions"].items():
        target = cat[mid]["targets"][n]
        t.append(f"\n{cat[mid]['name']} ")
        t.append(f"{target - left}/{target}", style=OK if left == 0 else "bold")
        gain = words.items_text({"crystal": cat[mid]["crystals"]}, lang, sign="+")
        t.append(" · " + tr(N_("{gain} each"), lang, gain=gain), style=DIM)
    return t


def warehouse_parts(view: View, lang: str) -> list[Text]:
    """The Warehouse's items, and the building tiles left in each stack."""
    t = Text(words.label(tr(N_("Warehouse"), lang), lang), style=HEAD)
    t.append(words.items_text(view["warehouse"], lang))
    parts = [t]
    stacks = view.get("building_stacks", {})
    if stacks:
        left = Text(words.label(tr(N_("Building tiles left"), lang), lang).rstrip(), style=HEAD)
        for kind in words.BUILDING_CODE:
            if kind in stacks:
                code = words.building_code(kind, lang)
                left.append(words.gap(left.plain, code) + code, style="bold white")
                left.append(f" {stacks[kind]['count']}")
        parts.append(left)
    return parts


def exploration_text(view: View, lang: str) -> Text:
    t = Text(words.label(tr(N_("Exploration"), lang), lang).rstrip(), style=HEAD)
    for tile in view["exploration"]:
        t.append(words.gap(t.plain, tile) + tile)
    stack = tr(N_("({n} in the stack)"), lang, n=view["discovery_stack"])
    t.append(words.gap(t.plain, stack) + stack, style=DIM)
    return t


def shared_panel(view: View, lang: str, columns: int = 1) -> Panel:
    """The shared boards, one under the other (beside the map), or in two ``columns`` (under
    the map, on a terminal too narrow for both side by side): the Turn Order spaces and the
    Action slots, then Life Support and the missions."""
    left = [turn_order_text(view, lang), slots_text(view, lang)]
    right = [lss_text(view, lang), missions_text(view, lang)]
    body: RenderableType = Group(*left, *right)
    if columns == 2:
        grid = Table.grid(expand=True, padding=(0, 2))
        grid.add_column(ratio=1)
        grid.add_column(ratio=1)
        grid.add_row(Group(*left), Group(*right))
        body = grid
    return Panel(body, title=tr(N_("Boards"), lang), title_align="left", padding=(0, 1))


# --- the players ---------------------------------------------------------------------------------


def player_parts(
    view: View, seat: int, lang: str, projected: int | None = None
) -> tuple[Text, list[Text], list[Text]]:
    """A player's name (◀ deciding, underlined for the viewer) and the parts of their two
    lines: side and space, OP (and if the game ended now), Depot, Bots, Ships; then
    Resources, Colonists in Living Quarters and the Working Area (LQ, WA in the legend),
    Advanced Building markers left."""
    p = view["players"][seat]
    storage, lq_cap, depot = capacities(p)
    name = name_text(view, seat, 10)
    if seat == view.get("viewer"):
        name.stylize("underline")
    name.append(" ◀" if seat == view.get("current_player") else "  ", style="bold")
    side = words.side_name(p["side"], lang) if p["side"] else "-"
    op = Text(tr(N_("OP {n}"), lang, n=p["op"]), style="bold")
    if projected is not None:
        op.append(tr(N_(", {n} if it ended now"), lang, n=projected), style="yellow1")
    crystals = Text(tr(N_("Depot {n}/{room} Crystals"), lang, n=p["crystals"], room=depot),
                    style=CRYSTAL_STYLE)  # fmt: skip
    if p["pending"]:
        crystals.append(tr(N_(", {n} waiting"), lang, n=p["pending"]), style="magenta")
    one = [
        Text(f"{side} {p['space'] or ''}".rstrip(), style="bold"),
        op,
        crystals,
        Text(tr(N_("Bots left {n}"), lang, n=p["bots"])),
        Text(tr(N_("Ships in Hangar {n}"), lang, n=p["hangar"])),
    ]
    held = {r: p["res"][r] for r in RESOURCES if p["res"][r]}
    res = Text(words.items_text(held, lang) if held else tr(N_("no Resources"), lang),
               style="bold" if held else DIM)  # fmt: skip
    most = tr(N_("(max {n} each)"), lang, n=storage)
    res.append(words.gap(res.plain, most) + most, style=DIM)
    two = [
        res,
        Text(tr(N_("LQ {n}/{room}, WA {wa}"), lang, n=p["lq"], room=lq_cap, wa=p["wa"])),
        Text(tr(N_("Advanced markers {n}"), lang, n=p["ab"])),
    ]
    return name, one, two


def flow_parts(
    parts: Sequence[Text], width: int, first: Text | None = None, indent: int = 0
) -> list[Text]:
    """``parts`` joined by " · " in lines of ``width`` cells, a part that does not fit on a
    line starting the next one (never cut: each part holds numbers a player decides by);
    ``first`` (a name) opens the first line, the others are indented by ``indent``."""  # fmt: skip
    sep = Text(" · ", style=DIM)
    lines: list[Text] = []
    line = first.copy() if first is not None else Text()
    line.append(" " * max(0, indent - line.cell_len))
    empty = line.cell_len
    for part in parts:
        if line.cell_len > empty and line.cell_len + sep.cell_len + part.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
        elif line.cell_len > empty:
            line.append_text(sep)
        line.append_text(part)
    lines.append(line)
    return lines


def player_lines(
    view: View, seat: int, lang: str, projected: int | None = None, width: int = 120
) -> list[Text]:
    """A player in two lines at 120 columns (issue 21: Bots and Ships were cut off), in more
    on a narrower terminal: each part stays whole."""
    name, one, two = player_parts(view, seat, lang, projected)
    lines = flow_parts(one, width, first=name, indent=NAME_WIDTH)
    return lines + flow_parts(two, width, indent=NAME_WIDTH)


NAME_WIDTH = 12


def players_part(
    view: View, lang: str, projection: Sequence[dict[str, Any]] | None = None, width: int = 120
) -> Group:
    """Every player in two lines or more (the viewer underlined, the player deciding marked
    ◀), and the Warehouse, in lines of ``width``."""
    totals = {row["seat"]: row["total"] for row in projection or []}
    lines: list[Text] = []
    for seat in range(len(view["players"])):
        lines += player_lines(view, seat, lang, totals.get(seat), width)
    lines += flow_parts(warehouse_parts(view, lang), width)
    return Group(*lines)  # a part wider than the terminal wraps: none is cut


# --- one player's board --------------------------------------------------------------------------


def lab_table(view: View, seat: int, lang: str, width: int = 120) -> Table:
    """The Lab as its grid (§8.5, §20): a column per level with its end OP and the cost to
    enter it; each space (``1t``, ``2m``...) with the Tech tile on it or, when empty, its
    benefit; ★ marks the spaces Private Goal 14 counts. Below :data:`BOARD_ROW_WIDTH`
    columns a space's id stands above what it holds (beside it, "+1 Crystal" broke in two)."""
    c = load()
    # one space between columns, and a long Tech name wraps in its cell rather than being cut
    # (at 120 columns "OP at the e…", "Oxygen Condenser Te…")
    table = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False,
                  show_edge=False)  # fmt: skip
    table.add_column(Text(tr(N_("Lab column"), lang), style=HEAD), no_wrap=True)
    columns = sorted(c.lab_column.values(), key=lambda col: col.level)
    for col in columns:
        table.add_column(Text(str(col.level), style="bold cyan"), overflow="fold")
    op = [Text(tr(N_("OP at the end"), lang), style=DIM)]
    op += [Text(str(col.op), style="bold yellow1") for col in columns]
    table.add_row(*op)
    cost = [Text(tr(N_("cost to enter"), lang), style=DIM)]
    cost += [Text(words.cost_text(col.cost, lang)) for col in columns]
    table.add_row(*cost)
    for y in sorted({sp.y for sp in c.lab_space.values()}):
        cells: list[RenderableType] = [Text("")]
        for col in columns:
            here = [sid for sid, sp in c.lab_space.items() if sp.column == col.level and sp.y == y]
            narrow = width < BOARD_ROW_WIDTH
            cells.append(_lab_cell(view, seat, here[0], lang, narrow) if here else Text(""))
        table.add_row(*cells)
    return table


def _lab_cell(view: View, seat: int, space: str, lang: str, narrow: bool = False) -> Text:
    """A Lab space: its id (★ if marked), then (``narrow``: under it) the Tech tile on it or
    its benefit (dim)."""
    t = Text(space, style="cyan")
    if load().lab_space[space].marked:
        t.append("★", style="yellow1")
    tile = view["players"][seat]["lab"].get(space)
    t.append("\n" if narrow else " ")
    if tile:
        name = tr(N_("{tech} Tech"), lang, tech=words.tech_name(tile, lang))
        t.append(name, style=seat_style(view, seat) + " reverse")
    else:
        t.append(words.lab_benefit(space, lang), style=DIM)
    return t


def depot_table(view: View, seat: int, lang: str) -> Table:
    """The Depot (§13): each Executive action row with its cost, open or covered by a Ship;
    the Crystals in the Depot and waiting below it."""
    p = view["players"][seat]
    _, _, room = capacities(p)
    title = tr(N_("Depot: {n}/{room} Crystals, {wait} waiting"), lang, n=p["crystals"],
               room=room, wait=p["pending"])  # fmt: skip
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, title=title,
                  title_justify="left", title_style=HEAD, show_header=False)  # fmt: skip
    table.caption = tr(N_("row, Executive action, Crystals"), lang)
    table.caption_justify = "left"
    table.caption_style = DIM
    table.add_column(justify="right")
    table.add_column(overflow="ellipsis", no_wrap=True)
    table.add_column(justify="right")
    table.add_column(no_wrap=True)
    for e in sorted(load().executive.values(), key=lambda e: e.row):
        covered = e.row in p["depot_ships"]
        style = DIM if covered else "bold"
        table.add_row(
            Text(str(e.row), style="cyan"),
            Text(words.executive_name(e.id, lang), style=style),
            Text(str(e.cost), style=CRYSTAL_STYLE),
            Text(tr(N_("Ship on it"), lang), style=DIM) if covered
            else Text(tr(N_("open"), lang), style=OK),
        )  # fmt: skip
    return table


def cards_text(view: View, seat: int, lang: str, science: bool = True) -> Text:
    """A player's Blueprints (built ✓), Scientists, Earth Contracts (completed ✓), Private
    Goals (only the viewer's own, RUL-18), Discovery and Research tiles; then the Scientist /
    Contract display by name (unless ``science``: :func:`science_panel` shows it) and the
    Exploration tiles."""
    p = view["players"][seat]
    none = tr(N_("none"), lang)
    t = Text(words.label(tr(N_("Blueprints"), lang), lang), style=HEAD)
    bps = [words.card_name(bp, lang) + (" ✓" if bp in p["built"] else "") for bp in p["blueprints"]]
    t.append(words.join(bps, lang) or none)
    t.append("\n" + words.label(tr(N_("Scientists"), lang), lang), style=HEAD)
    t.append(words.join([words.card_name(x, lang) for x in p["scientists"]], lang) or none)
    t.append("\n" + words.label(tr(N_("Earth Contracts"), lang), lang), style=HEAD)
    done = [x + (" ✓" if x in p["contracts_done"] else "") for x in p["contracts"]]
    t.append(words.join(done, lang) or none)
    goals = p["goals"]
    t.append("\n" + words.label(tr(N_("Private Goals"), lang), lang).rstrip(), style=HEAD)
    if isinstance(goals, list):
        for goal in goals:
            t.append(words.gap(t.plain, goal) + goal, style="bold yellow1")
            t.append(" " + words.face(goal, lang) + tr(N_("; "), lang).rstrip())
        if not goals:
            t.append(words.gap(t.plain, none) + none)
    else:
        hidden = tr(N_("{n} hidden"), lang, n=goals)
        t.append(words.gap(t.plain, hidden) + hidden, style=DIM)
    if p["goal_done"]:
        done_goal = tr(N_("completed: {card}"), lang, card=p["goal_done"])
        t.append(words.gap(t.plain, done_goal) + done_goal, style=OK)
    held = p["discoveries"]
    if held:
        shown = " ".join(held) if isinstance(held, list) else tr(N_("{n} face down"), lang, n=held)
        t.append("\n" + words.label(tr(N_("Discovery tiles"), lang), lang), style=HEAD)
        t.append(shown)
    if p["research"]:
        t.append("\n" + words.label(tr(N_("Research tiles"), lang), lang), style=HEAD)
        t.append(" ".join(p["research"]))
    if not science:
        t.append("\n" + words.label(tr(N_("Scientists and Contracts"), lang), lang), style=HEAD)
        names = [words.card_name(x, lang) if x else "·" for x in view["science"]]
        t.append(words.join(names, lang))
    t.append("\n")
    t.append_text(exploration_text(view, lang))
    return t


def grid_text(view: View, lang: str) -> Text:
    """The Tech Grid by row, with each row's cost, and the face-down stacks' sizes."""
    c = load()
    stacks = "+".join(str(x) for x in view["tech_stacks"]) or "0"
    t = Text(tr(N_("Tech Grid"), lang), style=HEAD)
    down = tr(N_("({n} face down)"), lang, n=stacks)
    t.append(words.gap(t.plain, down) + down, style=DIM)
    for rid in ("top", "middle", "bottom"):
        row = c.grid_row[rid]
        name = tr(words.LAB_ROWS[rid[0]], lang)
        cost = words.paren(words.cost_text(row.cost, lang), lang)
        t.append("\n" + name + words.gap(name, cost), style="cyan")
        t.append(words.label(cost, lang), style=DIM)
        tiles = [view["grid"].get(f"{rid}{k}", "") for k in range(1, row.spaces + 1)]
        t.append(words.join([words.tech_name(x, lang) if x else "·" for x in tiles], lang))
    return t


def displays_text(view: View, lang: str) -> Text:
    """The Blueprint display."""
    t = Text(tr(N_("Blueprint display"), lang), style=HEAD)
    deck = words.label(tr(N_("({n} in the deck)"), lang, n=view["bp_deck"]), lang)
    t.append(words.gap(t.plain, deck) + deck, style=DIM)
    t.append(words.join([words.card_name(bp, lang) for bp in view["bp_display"]], lang))
    return t


def science_cost(card: str, lang: str) -> str:
    """What hiring a Scientist or taking an Earth Contract of the display costs, besides the
    Colonist placed on the slot (§9.5, §15, §16): its printed cost ("2 Minerals", "1
    Crystal"); the Geologist's Colonists go from Living Quarters to the Working Area."""
    c = load()
    cost = list(c.scientist[card].cost) if card in c.scientist else list(c.action["hire"].cost)
    counts = {item: cost.count(item) for item in dict.fromkeys(cost)}
    if set(counts) == {"colonist"}:
        return tr(N_("{n} Colonists to WA"), lang, n=counts["colonist"])
    return words.items_text(counts, lang) or tr(N_("free"), lang)


def science_gives(card: str, lang: str) -> str:
    """What a card of the display gives, in a few words: a Scientist's OP at the end and the
    Advanced Buildings it works in (§13.4, §15); a Contract's condition and OP (§16)."""
    cat = catalog(lang)
    if card in cat["scientist"]:
        sci = load().scientist[card]
        return tr(
            N_("{op} OP per {scores} Advanced Building at the end; works in {works} ones"),
            lang,
            op=load().value("scientist_op")[0],
            scores=words.building_name(sci.scores, lang),
            works=words.building_name(sci.works_in, lang),
        )
    contract = cat["contract"][card]
    return tr(
        N_("{text}: {done:+d} OP at the end, {failed:+d} OP if not completed"),
        lang,
        text=contract["text"],
        done=contract["complete_op"],
        failed=contract["failed_op"],
    )


def science_panel(view: View, lang: str, width: int = 120) -> Panel:
    """The Scientist / Earth Contract display (§9.5): each card one may hire or take, with its
    cost and what it gives, one line each at 120 columns (an Upgrade contract's condition may
    take two), so that no card needs ``info`` to be weighed; an empty space is ``·``."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True, style="cyan")
    table.add_column(no_wrap=True)
    table.add_column(ratio=1, overflow="fold")
    for card in view["science"]:
        if not card:
            table.add_row("·", "", "")
            continue
        name = (words.card_name(card, lang) if card in load().scientist
                else tr(N_("Contract {card}"), lang, card=card))  # fmt: skip
        table.add_row(name, Text(science_cost(card, lang), style=DIM), science_gives(card, lang))
    name = tr(N_("Scientists and Contracts"), lang)
    columns = tr(N_("the cost to hire or take (besides a Colonist on your slot), what it gives"),
                 lang)  # fmt: skip
    title = words.label(name, lang) + columns
    if cell_len(title) + 6 <= width:
        return Panel(table, title=title, title_align="left", padding=(0, 1))
    # too long for the border of a narrow terminal: the columns said in the panel, not cut
    body = Group(Text(columns, style=DIM), table)
    return Panel(body, title=name, title_align="left", padding=(0, 1))


BOARD_HEIGHT = 14
DEPOT_WIDTH = 37  # the lower row of the board view, borders included
#: Below this width the Tech Grid and the Blueprint display go under the Depot and the cards.
BOARD_ROW_WIDTH = 120


def board_panels(view: View, seat: int, lang: str, science: bool = True, width: int = 120) -> Group:
    """One player's board in full (the Lab grid, the Depot, the cards) and the displays;
    ``science``: the Scientist / Contract display in a panel of its own below, with each
    card's cost and what it gives (else by name only, among the cards). On a terminal of
    ``width`` below :data:`BOARD_ROW_WIDTH` the displays stand under the Depot and the cards,
    and each row is as tall as its tallest panel (nothing is cut)."""
    title = name_text(view, seat)
    title.append(" · " + tr(N_("Lab: each space's benefit, or the Tech tile on it"), lang))
    lab = Panel(lab_table(view, seat, lang, width), title=title, title_align="left", padding=(0, 1))
    depot = depot_table(view, seat, lang)
    cards = cards_text(view, seat, lang, science)
    tech = Group(grid_text(view, lang), displays_text(view, lang))
    rows: list[RenderableType]
    if width >= BOARD_ROW_WIDTH:
        rows = [_panel_row([depot, cards, tech], [DEPOT_WIDTH, 4, 5], width, BOARD_HEIGHT)]
    else:
        rows = [_panel_row([depot, cards], [DEPOT_WIDTH, 1], width), Panel(tech, padding=(0, 1))]
    parts: list[RenderableType] = [lab, *rows]
    if science:
        parts.append(science_panel(view, lang, width))
    return Group(*parts)


def _panel_row(
    parts: Sequence[RenderableType], sizes: Sequence[int], width: int, least: int = 0
) -> Table:
    """Panels side by side, the first ``sizes[0]`` columns wide, the others sharing the rest
    by the ratios ``sizes[1:]``; all as tall as the tallest (at least ``least`` lines)."""
    fixed = sizes[0]
    widths = [fixed]
    left, shares = width - fixed, sum(sizes[1:])
    for n in sizes[1:]:  # as rich shares a grid's width by ratio (a Panel of fixed height cuts)
        widths.append(math.ceil(n * left / shares))
        left, shares = left - widths[-1], shares - n
    tallest = max(
        least, *(_lines(Panel(x, padding=(0, 1)), w) for x, w in zip(parts, widths, strict=True))
    )
    row = Table.grid(expand=True, padding=(0, 0))
    row.add_column(width=fixed, overflow="fold")  # "fold": a long id has no space to break at
    for n in sizes[1:]:
        row.add_column(ratio=n, overflow="fold")
    row.add_row(*(Panel(x, padding=(0, 1), height=tallest) for x in parts))
    return row


def _lines(renderable: RenderableType, width: int) -> int:
    """Lines ``renderable`` takes at ``width`` columns."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    return len(console.render_lines(renderable, pad=False))
