r"""The Mars map for the terminal: 91 flat-top hexes in a brick grid, with a legend.

Hex ``(q, r)`` sits in column ``q`` on two lines, ``2r + q`` and the next: its ``q,r`` above
what stands on it, both on the hex's own background (three shades, so that neighbours always
differ) and between the hex's edges, ``/ q,r \`` over ``\ Mi /``, so that without colours too a
label belongs to what is under it and not to the neighbour beside it on the same line; hexes
touching on the screen touch on Mars. Pieces and buildings are drawn in their owner's colour; an
Advanced Building is its building's code and ``+`` on its owner's colour.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from onmars import N_, tr
from onmars.rules import hexmap
from onmars.rules.data.components import load
from onmars.terminal import words

View = dict[str, Any]

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
HEX_BG = ("on grey15", "on grey23", "on grey35")  # a 3-colouring: neighbours always differ
RESEARCH_STYLE = {
    "orange": "bold dark_orange",
    "purple": "bold medium_purple1",
    "cyan": "bold cyan",
    "white": "bold bright_white",
}
CRYSTAL_STYLE = "bold magenta"
DISCOVERY_STYLE = "bold bright_white"
DIM = "grey50"
CELL = 5  # characters per hex line; columns are CELL + 1 apart, an edge between them
ADVANCED_MARK = "+"  # after a building's code: an Advanced Building (both languages)
EDGE_STYLE = "grey39"


def colour_of(view: View, seat: int) -> str:
    return str(view["players"][seat]["colour"])


def seat_style(view: View, seat: int) -> str:
    return COLOUR_STYLE.get(colour_of(view, seat), "bold")


def _geometry() -> tuple[int, int, int]:
    cells = hexmap.cells()
    qs = [q for q, _ in cells]
    ys = [2 * r + q for q, r in cells]
    return min(qs), min(ys), max(ys)


def hex_contents(view: View, i: int, lang: str = "en") -> Text:
    """What stands on hex ``i``: building (an Advanced Building on its owner's colour), pieces
    in their owner's colour, Crystals, tiles."""
    out = Text()
    kind = view["bld"][i]
    if kind:
        base, _, owner = kind.partition(":")
        code = words.building_code(base, lang)
        ab = view["ab"][i]
        if ab >= 0:  # an Advanced Building: its code and a "+", on its owner's colour
            code += ADVANCED_MARK
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
    if out.cell_len > CELL:
        out.truncate(CELL)
    return out


def map_text(view: View, lang: str = "en") -> Text:
    r"""The 91 hexes as a brick grid: hex (q, r) sits in column q, on lines 2r+q and 2r+q+1
    (shifted so the map starts at line 0); hexes touching on screen are neighbours on Mars.
    Between two columns stands the edge the hexes beside it share: ``/`` beside a hex's top
    half and ``\`` beside its bottom half on its left, the mirror on its right."""
    q0, y0, y1 = _geometry()
    cells = hexmap.cells()
    ncols = max(q for q, _ in cells) - q0 + 1
    nlines = y1 - y0 + 2
    grid: list[list[Text | None]] = [[None] * ncols for _ in range(nlines)]
    half: list[list[str]] = [[""] * ncols for _ in range(nlines)]  # "top", "bottom" or ""
    for i, (q, r) in enumerate(cells):
        bg = HEX_BG[(q - r) % 3]
        y, col = 2 * r + q - y0, q - q0
        top = Text(f"{q},{r}".center(CELL), style=f"{DIM} {bg}")
        body = hex_contents(view, i, lang)
        pad = CELL - body.cell_len
        bottom = Text(style=bg)  # the hex's colour under whatever stands on it
        bottom.append(" " * (pad // 2))
        bottom.append_text(body)
        bottom.append(" " * (pad - pad // 2))
        grid[y][col], half[y][col] = top, "top"
        grid[y + 1][col], half[y + 1][col] = bottom, "bottom"
    lines = []
    for row, halves in zip(grid, half, strict=True):
        line = Text()
        for col in range(ncols):
            if col:  # the outer columns' outer edges are the panel's border
                line.append(_edge(halves[col - 1], halves[col]), style=EDGE_STYLE)
            part = row[col]
            line.append_text(part if part is not None else Text(" " * CELL))
        line.rstrip()
        lines.append(line)
    return Text("\n").join(lines)


def _edge(left: str, right: str) -> str:
    """The edge between a hex half on the left and one on the right (either may be "")."""
    if left == "top" or right == "bottom":
        return "\\"
    if left == "bottom" or right == "top":
        return "/"
    return " "


def legend(view: View, lang: str = "en", width: int = 0) -> Text:
    """The map's legend: building codes, pieces, tiles, and each player's colour, in lines
    of ``width`` (the map's by default)."""
    width = width or map_width()
    items: list[Text] = []
    for kind in words.BUILDING_CODE:
        item = Text(words.building_code(kind, lang), style="bold white")
        item.append(words.sign_gap(lang) + words.building_name(kind, lang))
        items.append(item)
    item = Text(words.building_code("generator", lang) + ADVANCED_MARK, style=AB_STYLE["red"])
    item.append(words.sign_gap(lang) + tr(N_("Advanced Building (owner's colour)"), lang))
    items.append(item)
    for symbol, style, name in (
        ("b", "bold", N_("Bot")),
        ("R", "bold", N_("Rover")),
        ("m", "bold", N_("Miner")),
        ("*", CRYSTAL_STYLE, N_("Crystal")),
        ("?", DISCOVERY_STYLE, N_("Discovery tile")),
    ):
        items.append(Text(symbol, style=style).append(words.sign_gap(lang) + tr(name, lang)))
    item = Text()
    for rid, research in load().research.items():
        item.append(rid, style=RESEARCH_STYLE.get(research.colour, "bold"))
    items.append(item.append(words.sign_gap(lang) + tr(N_("Research tiles"), lang)))
    for seat, p in enumerate(view["players"]):
        colour = Text(p["name"], style=seat_style(view, seat))
        items.append(colour.append(words.sign_gap(lang) + words.colour_name(p["colour"], lang)))
    lines: list[Text] = []
    line = Text()
    sep = words.list_gap(lang)
    for item in items:
        if line.cell_len and line.cell_len + cell_len(sep) + item.cell_len > width:
            lines.append(line)
            line = Text()
        elif line.cell_len:
            line.append(sep)
        line.append_text(item)
    lines.append(line)
    return Text("\n").join(lines)


def map_width() -> int:
    q0 = _geometry()[0]
    return (max(q for q, _ in hexmap.cells()) - q0 + 1) * (CELL + 1) - 1


def map_panel(view: View, lang: str = "en") -> Panel:
    return Panel(
        Group(map_text(view, lang), legend(view, lang)),
        title=tr(N_("Mars (each hex: q,r above what stands on it)"), lang),
        title_align="left",
        box=box.ROUNDED,
        padding=(0, 0),
        width=map_width() + 2,
    )


#: Text meant as a hex, besides any with a comma (no id has one): numbers apart by ``;`` or
#: spaces, after :func:`hex_text`.
HEX_LIKE = re.compile(r"[-+]?[0-9.]+(\s*[,;\s]\s*[-+]?[0-9.]+)+")


def hex_text(token: str) -> str:
    """A typed hex as notation reads it: the full-width comma and digits of a Chinese input
    method made plain (NFKC), and brackets taken off ("(0,0)", as the rulings write hexes)."""
    text = unicodedata.normalize("NFKC", token).strip()
    if text[:1] in "([" and text[-1:] in ")]":
        text = text[1:-1].strip()
    return text


def hex_problem(token: str, lang: str = "en") -> str:
    """Why ``token``, meant as a hex, names none: off the map (with the column's range of r, or
    the range of q) or not written ``q,r``; "" when it is a hex or not meant as one."""
    text = hex_text(token)
    meant = "," in text or HEX_LIKE.fullmatch(text)
    if not meant or hexmap.parse(text) is not None:
        return ""
    try:
        q, r = (int(x) for x in text.split(","))
    except ValueError:
        said = words.quote(token.strip(), lang)
        return tr(N_("{token} is not a hex: write it q,r, two whole numbers, e.g. info 0,0 "
                     "(the centre of Mars)."), lang, token=said)  # fmt: skip
    columns = {col.q: col for col in load().column.values()}
    if q in columns:
        col = columns[q]
        return tr(N_("{hex} is off the map: where q is {q}, r runs from {low} to {high} (type "
                     "map to see every hex's q,r)."), lang, hex=f"{q},{r}", q=q, low=col.r_min,
                  high=col.r_max)  # fmt: skip
    return tr(N_("{hex} is off the map: q runs from {low} to {high} (type map to see every "
                 "hex's q,r)."), lang, hex=f"{q},{r}", low=min(columns),
              high=max(columns))  # fmt: skip


def describe_hex(view: View, token: str, lang: str = "en") -> str:
    """What stands on the hex ``q,r`` in ``view`` ("" if ``token`` is not a hex of the map)."""
    cell = hexmap.parse(hex_text(token))
    if cell is None:
        return ""
    names = [p["name"] for p in view["players"]]
    parts = []
    kind = view["bld"][cell]
    if kind:
        base, _, owner = kind.partition(":")
        text = words.building_name(base, lang)
        if owner:
            text = tr(N_("{building} of {name}"), lang, building=text, name=names[int(owner)])
        if view["ab"][cell] >= 0:
            text += tr(N_(", Advanced Building of {name}"), lang, name=names[view["ab"][cell]])
        parts.append(text)
    for seat, p in enumerate(view["players"]):
        if p["rover"] == cell:
            parts.append(tr(N_("Rover of {name}"), lang, name=names[seat]))
    if view["bot"][cell] >= 0:
        parts.append(tr(N_("Bot of {name}"), lang, name=names[view["bot"][cell]]))
    if view["miner"][cell] >= 0:
        parts.append(tr(N_("Miner of {name}"), lang, name=names[view["miner"][cell]]))
    if view["crystal"][cell]:
        parts.append(tr(N_("a Crystal"), lang))
    tile = view["tile"][cell]
    if tile:
        parts.append(_tile_text(tile, lang))
    q, r = hexmap.hex_of(cell)
    what = tr(N_("; "), lang).join(parts) if parts else tr(N_("empty"), lang)
    return tr(N_("Hex {hex}: {what}"), lang, hex=f"{q},{r}", what=what)


def _tile_text(tile: str, lang: str) -> str:
    c = load()
    if tile.startswith("R") and tile[1:] in c.research:
        return research_text(tile[1:], lang)
    text = words.face(tile, lang)
    name = words.card_name(tile, lang)
    return words.label(name, lang) + text if text else name


def research_text(rid: str, lang: str) -> str:
    colour = load().research[rid].colour
    return tr(
        N_("Research tile {tile} ({colour}): develop one Tech tile twice, or two Tech tiles "
           "once each, at no cost"),
        lang,
        tile=rid,
        colour=tr(RESEARCH_COLOURS.get(colour, colour), lang),
    )  # fmt: skip


RESEARCH_COLOURS = {
    "orange": N_("orange"),
    "purple": N_("purple"),
    "cyan": N_("cyan"),
    "white": N_("white"),
}
