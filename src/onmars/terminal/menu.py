"""The numbered menu of legal moves, each in plain words with a preview (issue 10).

Every entry is ``game.describe(move, lang)``: its label, what it costs, what it gains, the OP it
scores, its warnings (marked ⚠; the session asks before playing such a move), and the face of
the card, tile or Lab space it names. The order is the engine's order of the legal moves, except
that moves sharing a verb and all but a last hex (a Bot's destinations) stand together, cheapest
first. The entries are numbered in the order they are shown, so the number on the screen is
always the number to type; a move naming a number players see on the boards (a Turn Order space,
a Depot row) carries that number (issue 21: "2" in the Turn Order menu must not take space 3),
and the other entries of its menu are numbered on from the highest. The order and the numbers
depend only on the moves and what they cost, never on the language.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from onmars import N_, Game, Move, catalog, tr
from onmars.rules.data.components import load
from onmars.terminal import words

DIM = "grey50"
WARN = "bold yellow1"
#: Verbs whose menu entries show the face of the card or tile in their first argument.
CARD_VERBS = {"take", "hire", "discover", "radar", "refill", "deliver", "discard", "advanced"}


@dataclass(frozen=True)
class Entry:
    """One menu entry: its number, the move and its description."""

    number: int
    move: Move
    label: str
    cost: dict[str, int] = field(default_factory=dict)
    gain: dict[str, int] = field(default_factory=dict)
    op: int = 0
    warnings: tuple[str, ...] = ()
    face: str = ""
    group: str = ""  # the moves of a group share their verb and all but the last hex
    then: tuple[str, ...] = ()  # the decisions the move leads to, in words ("pay 1 Plant")
    irreversible: str = ""  # why it cannot be taken back (it turns something face up, RUL-19)


def group_key(move: Move) -> str:
    """Moves group by verb and all their arguments but the last (a Bot's destinations, the
    two Lab spaces a Tech tile may go to); one-argument moves only when it is a hex."""
    if len(move.args) >= 2:
        return " ".join((move.verb, *move.args[:-1]))
    if move.args and "," in move.args[0]:
        return move.verb
    return ""


#: Past this many moves, groups of two stand together too.
LONG_MENU = 8


def order(legal: Sequence[Move]) -> list[tuple[Move, str]]:
    """The legal moves in menu order, with their group key ("" for a move shown alone): a
    group of three or more (two or more in a long menu) stands at its first move's place."""
    keys = [group_key(m) for m in legal]
    sizes: dict[str, int] = {}
    for key in keys:
        sizes[key] = sizes.get(key, 0) + 1
    least = 2 if len(legal) > LONG_MENU else 3
    placed: dict[str, list[Move]] = {}
    out: list[tuple[str, list[Move]]] = []
    for move, key in zip(legal, keys, strict=True):
        if key and sizes[key] >= least:
            if key not in placed:
                placed[key] = []
                out.append((key, placed[key]))
            placed[key].append(move)
        else:
            out.append(("", [move]))
    return [(m, key) for key, moves in out for m in moves]


#: Verbs whose one argument is a number shown on the boards: the entry carries that number.
NUMBERED_VERBS = frozenset({"seat", "ship"})


def menu_numbers(moves: Sequence[Move]) -> list[int]:
    """The number of each move of a menu (in menu order): a Turn Order space's or a Depot
    row's own number, the other moves counted on from the highest of those (from 1)."""
    own = [
        int(m.args[0]) if m.verb in NUMBERED_VERBS and len(m.args) == 1 and m.args[0].isdigit()
        else None
        for m in moves
    ]  # fmt: skip
    following = max((n for n in own if n is not None), default=0) + 1
    out = []
    for n in own:
        if n is None:
            n, following = following, following + 1
        out.append(n)
    return out


def _cheapest_first(rows: list[tuple[Move, str, dict[str, Any]]]) -> None:
    """Within each group, the moves that cost least first (a Bot's free destinations before
    those paid with Crystals), then those scoring more; otherwise in the engine's order."""
    k = 0
    while k < len(rows):
        end = k + 1
        while end < len(rows) and rows[k][1] and rows[end][1] == rows[k][1]:
            end += 1
        rows[k:end] = sorted(rows[k:end], key=lambda r: (sum(r[2]["cost"].values()), -r[2]["op"]))
        k = end


def build(game: Game, lang: str) -> list[Entry]:
    """The menu of the pending decision, described in ``lang``."""
    rows = [(m, key, game.describe(m, lang)) for m, key in order(game.legal_moves())]
    view = game.view(game.current_player)
    _cheapest_first(rows)
    numbers = menu_numbers([m for m, _, _ in rows])
    return [
        Entry(
            number=number,
            move=move,
            label=d["label"],
            cost=dict(d["cost"]),
            gain=dict(d["gain"]),
            op=int(d["op"]),
            warnings=tuple(w["text"] for w in d["warnings"]),
            face=_new_face(face_of(move, lang, view), d["label"]),
            group=key,
            then=tuple(str(t["text"]) for t in d.get("then", ())),
            irreversible=str(d.get("irreversible_text") or ""),
        )
        for number, (move, key, d) in zip(numbers, rows, strict=True)
    ]


def _new_face(face: str, label: str) -> str:
    """The face, unless the label already says it (a Private Goal spent as a Crystal, a
    Discovery tile placed: their label quotes the card)."""
    return "" if face and face in label else face


def then_text(entry: Entry, lang: str) -> str:
    """The first decision a move leads to ("→ pay 1 Plant"), "" if none: what a move whose own
    preview is empty asks for next (a Building's cost, a Tech tile's row). A payment's reminder
    that a Mineral may pay for a Resource (§23.1) is left to ``moves``."""
    if not entry.then:
        return ""
    step = entry.then[0]
    _, _, reminder = tr(PAY, lang, items="\0").partition("\0")
    if reminder and step.endswith(reminder) and len(step) > len(reminder):
        step = step[: -len(reminder)]
    return f"→ {step}"


#: How the engine words a payment ahead (:mod:`onmars.rules.explain.outcome`).
PAY = N_("pay {items} (a Mineral may pay for a Resource)")


def no_undo_text(entry: Entry, lang: str) -> str:
    """The mark of a move that turns something face up (RUL-19): " (no undo)", else ""."""
    if not entry.irreversible:
        return ""
    said = tr(N_("(no undo)"), lang)
    return words.gap("", said) + said


def numbers_text(entries: Sequence[Entry], lang: str) -> str:
    """The menu's numbers as ranges: "1-4, 6-8"."""
    spans: list[list[int]] = []
    for n in sorted(e.number for e in entries):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return tr(N_(", "), lang).join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def face_of(move: Move, lang: str, view: dict[str, Any] | None = None) -> str:
    """The face of what a move names: a card, a tile, the Lab space a Tech tile goes to, the
    Depot row of an Executive action, whose Tech tile is used and its level (two players'
    Rover Techs read alike)."""
    if move.verb == "use" and move.args and view is not None:
        for p in view["players"]:
            space = next((sp for sp, tile in p["lab"].items() if tile == move.args[0]), None)
            if space is not None:
                return tr(N_("{name}'s, level {level}"), lang, name=p["name"],
                          level=load().lab_space[space].column)  # fmt: skip
    if move.verb in ("learn", "develop") and len(move.args) == 2:
        space = catalog(lang)["lab_space"].get(move.args[1])
        if space:
            return tr(N_("space {space}: {benefit}"), lang, space=move.args[1],
                      benefit=space["benefit_text"])  # fmt: skip
    if move.verb in CARD_VERBS and move.args:
        return words.face(move.args[0], lang)
    row = load().executive.get(move.args[0]) if move.verb == "exec" and move.args else None
    if row is not None:  # the row number the board shows, so that it is not typed for this one
        return tr(N_("Depot row {row}"), lang, row=row.row)
    return ""


def preview_text(entry: Entry, lang: str) -> str:
    """What an entry costs and gains: "-1 Water, +1 Crystal, +2 OP" ("" if nothing)."""
    parts = []
    if entry.cost:
        parts.append(words.items_text(entry.cost, lang, sign="-"))
    if entry.gain:
        parts.append(words.items_text(entry.gain, lang, sign="+"))
    if entry.op:
        parts.append(tr(N_("{n:+d} OP"), lang, n=entry.op))
    return tr(N_(", "), lang).join(parts)


def _entry_parts(entry: Entry, lang: str, then: bool = True) -> tuple[Text, Text, Text, Text]:
    """An entry's number (and ⚠), label, preview with "(no undo)", and face or next step."""
    head = Text()
    head.append(f"{entry.number})", style="bold cyan")
    head.append(" ")
    if entry.warnings:
        head.append("⚠ ", style=WARN)
    preview = preview_text(entry, lang)
    tail = Text(f" [{preview}]", style="green3") if preview else Text()
    tail.append(no_undo_text(entry, lang), style=WARN)
    face = Text(f" — {entry.face}" if entry.face else "", style=DIM)
    if not entry.face and then and entry.then:
        face = Text(f" {then_text(entry, lang)}", style=DIM)
    return head, Text(entry.label), tail, face


def entry_text(entry: Entry, lang: str, width: int | None = None, then: bool = True) -> Text:
    """``12) ⚠ label [preview] (no undo) — face`` on one line (the card's face), or, with
    ``then`` and no face, ``→ the decision the move leads to``; with ``width`` the face goes
    first, then the label is cut (…): the number, the warning sign, the preview and
    "(no undo)" always show."""
    head, label, tail, face = _entry_parts(entry, lang, then)
    if width is not None:
        room = width - head.cell_len - tail.cell_len
        if label.cell_len > room:
            label.truncate(max(room, 8), overflow="ellipsis")
            face = Text()
        elif label.cell_len + face.cell_len > room:
            face.truncate(room - label.cell_len, overflow="ellipsis")
    return Text.assemble(head, label, tail, face)


#: Only measures: wrapping a Text needs a console.
_MEASURE = Console(file=io.StringIO(), width=200, color_system=None)


def entry_lines(entry: Entry, lang: str, width: int, then: bool = True) -> list[Text]:
    """An entry whole (``then``: with the next step it leads to): on one line where it fits,
    else wrapped in lines of ``width`` under its label (a narrow terminal cut the label, and
    with it what a move costs: "Welcome a Ship for 1 Plant + 1…")."""
    whole = entry_text(entry, lang, then=then)
    if whole.cell_len <= width:
        return [whole]
    head, label, tail, face = _entry_parts(entry, lang, then)
    indent = head.cell_len
    body = Text.assemble(label, tail, face).wrap(_MEASURE, max(width - indent, 8))
    lines = [Text.assemble(head if k == 0 else " " * indent, line) for k, line in enumerate(body)]
    for line in lines:
        line.rstrip()
    return lines


def natural_width(entries: Sequence[Entry], lang: str) -> int:
    """The columns the widest entry shown alone takes, uncut."""
    return max((entry_text(e, lang, then=False).cell_len for e in entries if not e.group),
               default=0)  # fmt: skip


def _group_head(entries: Sequence[Entry], lang: str, then: bool = True) -> Text:
    """A group's heading: its first label with the last argument left open ("Move a Bot from
    1,3 to …"), or else with what its labels do not share left open ("Take the Rover Tech into
    Lab space column 1, …": the moves go to 1t or 1b); the face of the card it names, or the
    decision all its moves lead to ("→ pay 1 Oxygen")."""
    first = entries[0]
    last = first.move.args[-1]
    head = first.label
    if head.count(last) == 1:
        head = head.replace(last, "…")
    else:
        head = _shared_label([e.label for e in entries])
    t = Text(head, style="bold")
    if first.face and first.move.verb in CARD_VERBS:
        t.append(f" — {first.face}", style=DIM)
    elif then and first.then and all(e.then[:1] == first.then[:1] for e in entries):
        t.append(f" {then_text(first, lang)}", style=DIM)
    return t


def _word_char(c: str) -> bool:
    return c.isascii() and c.isalnum()


def _shared_label(labels: Sequence[str]) -> str:
    """What the labels share, the part where they differ left open: "… column 1, …"; cut at
    a word's edge in English (Chinese has none)."""
    first = labels[0]
    if len(labels) < 2:
        return first
    start = len(os.path.commonprefix(list(labels)))
    end = len(os.path.commonprefix([x[::-1] for x in labels]))
    end = min(end, min(len(x) for x in labels) - start)
    while 0 < start < len(first) and _word_char(first[start - 1]) and _word_char(first[start]):
        start -= 1
    stop = len(first) - end
    while end and stop < len(first) and _word_char(first[stop - 1]) and _word_char(first[stop]):
        stop += 1
    return first[:start] + "…" + first[stop:]


#: Past this many entries a group says each preview once, before the entries sharing it.
SHARED_PREVIEW = 6


def _group_items(entries: Sequence[Entry], lang: str) -> list[Text]:
    """A group's entries: number, last argument (a Lab space with its benefit), preview; in a
    long group each preview stands once before the run of entries sharing it."""
    shared = len(entries) > SHARED_PREVIEW
    items = []
    last = ""
    for e in entries:
        item = Text()
        preview = preview_text(e, lang)
        if shared and preview != last:  # the first run says nothing when it costs nothing
            what = preview or tr(N_("no cost"), lang)
            item.append(f"[{what}] ", style="green3")
        item.append(f"{e.number})", style="bold cyan")
        item.append(" ")
        if e.warnings:
            item.append("⚠ ", style=WARN)
        item.append(arg_text(e.move.args[-1], lang))
        if preview and not shared:
            item.append(f" [{preview}]", style="green3")
        items.append(item)
        last = preview
    return items


def arg_text(arg: str, lang: str) -> str:
    """A move's last argument as a group's item shows it: a hex or Lab space as typed (the map
    and the board show them so), an action, a Resource or a Scientist by its name, the Working
    Area in words (never an engine id such as ``construct`` in a Chinese menu)."""
    cat = catalog(lang)
    if arg in cat["action"]:
        return str(cat["action"][arg]["name"])
    if arg in cat["scientist"]:
        return str(cat["scientist"][arg]["name"])
    if arg == "wa":
        return tr(N_("Working Area"), lang)
    if arg in words.names(lang)["item"]:
        return words.item_name(arg, lang)
    return arg


def _flow(items: Sequence[Text], width: int, indent: int = 2) -> list[Text]:
    """Items laid out left to right, wrapped at ``width``."""
    lines: list[Text] = []
    line = Text(" " * indent)
    for item in items:
        if line.cell_len > indent and line.cell_len + 2 + item.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
        elif line.cell_len > indent:
            line.append("  ")
        line.append_text(item)
    lines.append(line)
    return lines


def _group_lines(members: Sequence[Entry], lang: str, width: int, roomy: bool = True) -> list[Text]:
    """A group: its heading followed by its items on the same line when they fit, else on
    the lines below it. ``roomy``: the "→ next step" (a cost: the top Tech Grid row's "→ pay
    1 Battery, 1 any Resource") stays, after the heading or else after the items; otherwise
    it is dropped where that keeps the group on one line (``moves`` says it)."""
    head = _group_head(members, lang)
    bare = _group_head(members, lang, then=False)
    items = _group_items(members, lang)
    for first in (head,) if roomy else (head, bare):
        inline = first.copy()
        for item in items:
            inline.append("  ")
            inline.append_text(item)
        if inline.cell_len <= width:
            return [inline]
    if not roomy or head.cell_len <= width or head.plain == bare.plain:
        return [head, *_flow(items, width)]
    return [bare, *_flow([*items, Text(then_text(members[0], lang), style=DIM)], width)]


def blocks(
    entries: Sequence[Entry], lang: str, width: int, roomy: bool = True, whole: bool = True
) -> list[tuple[str, list[Text]]]:
    """The menu as blocks, in order: ("", [its lines]) per single entry and (key, [heading,
    item lines]) per group (``roomy``: see :func:`_group_lines`; ``whole``: a long entry
    wraps rather than being cut, with its next step only if ``roomy``)."""
    out: list[tuple[str, list[Text]]] = []
    k = 0
    while k < len(entries):
        e = entries[k]
        if not e.group:
            lines = entry_lines(e, lang, width, roomy) if whole else [entry_text(e, lang, width)]
            out.append(("", lines))
            k += 1
            continue
        end = k
        while end < len(entries) and entries[end].group == e.group:
            end += 1
        members = entries[k:end]
        out.append((e.group, _group_lines(members, lang, width, roomy)))
        k += len(members)
    return out


def menu_text(
    entries: Sequence[Entry], lang: str, width: int = 76, max_lines: int | None = None
) -> Text:
    """The numbered menu, each entry whole (wrapped under its label when longer than
    ``width``) and a heading plus wrapped items per group; past ``max_lines`` the next steps
    give way, then each entry takes one line (its label cut with …), then the biggest groups
    shrink to one line each, then the list is cut with a pointer to ``moves``."""
    parts = blocks(entries, lang, width)
    for roomy, whole in ((False, True), (False, False)):
        if max_lines is None or sum(len(lines) for _, lines in parts) <= max_lines:
            break
        parts = blocks(entries, lang, width, roomy, whole)  # a next step gives way first
    if max_lines is not None:
        by_size = sorted(range(len(parts)), key=lambda i: -len(parts[i][1]))
        for i in by_size:
            excess = sum(len(lines) for _, lines in parts) - max_lines
            if excess <= 0:
                break
            key, lines = parts[i]
            if key and len(lines) > 2:
                members = [x for x in entries if x.group == key]
                keep = max(1, len(lines) - 1 - excess)
                parts[i] = (key, [lines[0], *_first_items(members, lang, width, keep)])
    lines = [line for _, block in parts for line in block]
    for line in lines:
        line.no_wrap = True
        line.overflow = "ellipsis"
        if line.cell_len > width:
            line.truncate(width, overflow="ellipsis")
    if max_lines is not None and len(lines) > max_lines:
        hidden = len(lines) - max_lines + 1
        lines = lines[: max_lines - 1]
        lines.append(
            Text(tr(N_("… {n} more lines: type moves for the whole list"), lang, n=hidden),
                 style=DIM)
        )  # fmt: skip
    return Text("\n").join(lines)


def _first_items(members: Sequence[Entry], lang: str, width: int, lines: int) -> list[Text]:
    """A group's first (cheapest) items in ``lines`` lines, the last one ending with how many
    more there are."""
    items = _group_items(members, lang)
    for shown in range(len(items) - 1, 0, -1):
        more = Text("… " + tr(N_("{n} more: type moves"), lang, n=len(items) - shown), style=DIM)
        out = _flow([*items[:shown], more], width)
        if len(out) <= lines or shown == 1:
            return out
    return _flow(items, width)


def full_text(entries: Sequence[Entry], lang: str) -> list[Text]:
    """Every entry on its own line(s), nothing cut: for the ``moves`` command, with each
    warning spelt out."""
    out = []
    for e in entries:
        line = entry_text(e, lang, then=False)
        # the notation to type it (``why``, a move typed out): the menu shows only words
        line.append("  " + tr(N_("notation: {move}"), lang, move=str(e.move)), style=DIM)
        out.append(line)
        for warning in e.warnings:
            out.append(Text(f"     ⚠ {warning}", style=WARN))
        if e.irreversible:
            out.append(Text(f"     {e.irreversible}", style=WARN))
        for step in e.then:
            out.append(Text(f"     → {step}", style=DIM))
    return out


def to_json(entries: Sequence[Entry]) -> list[dict[str, Any]]:
    """The entries as plain data (for tests and tools)."""
    return [
        {"number": e.number, "move": str(e.move), "label": e.label, "warnings": list(e.warnings)}
        for e in entries
    ]
