"""The analysis charts as SVG (issue 25, item 3): written by ``onmars analyse``, drawn from the
analysis alone (:mod:`onmars.tools.analysis`), in English or Chinese, with no chart library.

- :func:`projected_chart`: each player's projected final score at the start of each round;
- :func:`evaluation_chart`: the value of each decision for its mover, mistakes circled;
- :func:`sources_chart`: the OP each player gained in each round, stacked by category.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from importlib import resources
from typing import Any
from xml.sax.saxutils import escape

from onmars import N_, tr
from onmars.rules import COLOURS
from onmars.terminal import words

WIDTH, HEIGHT = 720, 360
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 40, 64
LEGEND_LINE = 18
#: Each player colour's shade, the browser's too (web/src/format.ts reads the same file).
PLAYER_COLOURS: dict[str, str] = json.loads(
    resources.files("onmars.tools").joinpath("colours.json").read_text(encoding="utf-8")
)
#: A colour per seat (the one the setup deals it: ``COLOURS[seat]``, seat 0 red), and
#: per scoring category (in the order they first appear).
SEAT_COLOURS = tuple(PLAYER_COLOURS[colour] for colour in COLOURS)
CATEGORY_COLOURS = ("#8e44ad", "#16a085", "#e67e22", "#2c3e50", "#c0392b", "#7f8c8d",
                    "#2980b9", "#d35400", "#27ae60", "#f1c40f", "#34495e", "#e84393")  # fmt: skip


def _svg(title: str, body: list[str], extra: int = 0) -> str:
    """The chart's document; ``extra`` pixels below for a legend of more than one line."""
    height = HEIGHT + extra
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">')  # fmt: skip
    return "\n".join([
        head,
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="20" text-anchor="middle" font-size="15" '
        f'font-weight="bold">{escape(title)}</text>',
        *body,
        "</svg>",
    ])  # fmt: skip


class _Frame:
    """The plot area: x and y ranges mapped to pixels, with axes and grid lines."""

    def __init__(self, x0: float, x1: float, y0: float, y1: float) -> None:
        self.x0, self.x1 = x0, x1 if x1 > x0 else x0 + 1
        lo, hi = min(y0, 0.0), max(y1, 1.0)
        # widened to whole grid steps, so that every grid line lies inside the plot
        self.ystep = _nice_step(hi - lo)
        self.y0 = math.floor(lo / self.ystep) * self.ystep
        self.y1 = math.ceil(hi / self.ystep) * self.ystep

    def x(self, v: float) -> float:
        return round(LEFT + (v - self.x0) / (self.x1 - self.x0) * (WIDTH - LEFT - RIGHT), 1)

    def y(self, v: float) -> float:
        span = self.y1 - self.y0
        return round(HEIGHT - BOTTOM - (v - self.y0) / span * (HEIGHT - TOP - BOTTOM), 1)

    def xticks(self) -> list[str]:
        out, step = [], _nice_step(self.x1 - self.x0)
        v = step * int(self.x0 // step)
        while v <= self.x1:
            out.append(f'<text x="{self.x(v)}" y="{HEIGHT - BOTTOM + 16}" '
                       f'text-anchor="middle">{v:g}</text>')  # fmt: skip
            v += step
        return out

    def axes(self, ylabel: str, xlabel: str) -> list[str]:
        out = []
        step = self.ystep
        v = self.y0
        while v <= self.y1:
            out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{self.y(v)}" y2="{self.y(v)}" '
                       f'stroke="{"#888" if v == 0 else "#ddd"}"/>')  # fmt: skip
            out.append(f'<text x="{LEFT - 6}" y="{self.y(v) + 4}" text-anchor="end">{v:g}</text>')
            v += step
        out.append(f'<text x="14" y="{HEIGHT / 2}" transform="rotate(-90 14 {HEIGHT / 2})" '
                   f'text-anchor="middle">{escape(ylabel)}</text>')  # fmt: skip
        out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 34}" '
                   f'text-anchor="middle">{escape(xlabel)}</text>')  # fmt: skip
        return out


def _nice_step(span: float) -> float:
    raw = max(span, 1.0) / 6
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if step >= raw:
            return float(step)
    return 1000.0


def _legend(items: Sequence[tuple[str, str]]) -> tuple[list[str], int]:
    """The legend's marks, wrapped onto as many lines as the width needs, and the pixels it
    takes below the chart's usual height."""
    out, x, y = [], float(LEFT), HEIGHT - 18
    for label, colour in items:
        width = 24 + sum(13 if ord(ch) > 0x2E80 else 7 for ch in label)
        if x > LEFT and x + width > WIDTH - RIGHT:
            x, y = float(LEFT), y + LEGEND_LINE
        out.append(f'<rect x="{x}" y="{y}" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{x + 14}" y="{y + 9}">{escape(label)}</text>')
        x += width
    return out, y - (HEIGHT - 18)


def _stride(count: int, label_px: float = 30) -> int:
    """Label every n-th of ``count`` evenly spaced columns, so that labels do not overlap."""
    return max(1, math.ceil(count * label_px / (WIDTH - LEFT - RIGHT)))


def _shown(k: int, count: int, stride: int) -> bool:
    """Whether column ``k`` of ``count`` is labelled: every ``stride``-th, and always the last
    (the end, the final scoring), whose neighbours give way to it."""
    return k == count - 1 or (k % stride == 0 and count - 1 - k >= stride)


def _round_label(entry: dict[str, Any], lang: str) -> str:
    return tr(N_("end"), lang) if entry["round"] is None else str(entry["round"])


def projected_chart(analysis: dict[str, Any], players: list[str], lang: str = "en") -> str:
    """Each player's projected final score at the start of each round, and the final score."""
    rounds = analysis["rounds"]
    values = [v for r in rounds for v in r["projected"]]
    frame = _Frame(0, max(1, len(rounds) - 1), 0, max(values, default=1))
    body = frame.axes(tr(N_("projected final OP"), lang), tr(N_("round"), lang))
    stride = _stride(len(rounds))
    for k, entry in enumerate(rounds):
        if not _shown(k, len(rounds), stride):
            continue
        body.append(f'<text x="{frame.x(k)}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
                    f"{escape(_round_label(entry, lang))}</text>")  # fmt: skip
    for seat, name in enumerate(players):
        points = " ".join(
            f"{frame.x(k)},{frame.y(r['projected'][seat])}" for k, r in enumerate(rounds)
        )
        colour = SEAT_COLOURS[seat]
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2" '
                    f'data-seat="{seat}"><title>{escape(name)}</title></polyline>')  # fmt: skip
    legend, extra = _legend([(name, SEAT_COLOURS[s]) for s, name in enumerate(players)])
    return _svg(tr(N_("Projected final score by round"), lang), body + legend, extra)


def evaluation_chart(analysis: dict[str, Any], players: list[str], lang: str = "en") -> str:
    """The value of each decision for its mover after the move played (OP of lead), one line
    per player, the mistakes circled."""
    decisions = analysis["decisions"]
    values = [d["after"] for d in decisions] + [d["before"] for d in decisions]
    last = max((d["ply"] for d in decisions), default=1)
    frame = _Frame(0, last, min(values, default=0), max(values, default=1))
    body = frame.axes(tr(N_("OP of lead"), lang), tr(N_("move"), lang)) + frame.xticks()
    for seat in range(len(players)):
        mine = [d for d in decisions if d["seat"] == seat]
        colour = SEAT_COLOURS[seat]
        points = " ".join(f"{frame.x(d['ply'])},{frame.y(d['after'])}" for d in mine)
        body.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                    f'stroke-width="1.5" data-seat="{seat}"/>')  # fmt: skip
        for d in mine:
            if d["mistake"]:
                text = tr(N_("move {n}: {move} lost {loss} OP"), lang, n=d["ply"] + 1,
                          move=d["label"][lang], loss=d["loss"])  # fmt: skip
                body.append(f'<circle class="mistake" cx="{frame.x(d["ply"])}" '
                            f'cy="{frame.y(d["after"])}" r="5" fill="none" stroke="black" '
                            f'stroke-width="2"><title>{escape(text)}</title></circle>')  # fmt: skip
    legend, extra = _legend([(name, SEAT_COLOURS[s]) for s, name in enumerate(players)]
                            + [("○ " + tr(N_("mistake"), lang), "#000")])  # fmt: skip
    return _svg(tr(N_("Evaluation by move"), lang), body + legend, extra)


def sources_chart(analysis: dict[str, Any], players: list[str], lang: str = "en") -> str:
    """The OP each player gained in each round (a column per player), stacked by category;
    the last group is the final scoring."""
    sources: list[dict[str, Any]] = analysis["sources"]
    categories: list[str] = []
    for entry in sources:
        for gained in entry["op"]:
            categories += [k for k in gained if k not in categories]
    colour = {c: CATEGORY_COLOURS[k % len(CATEGORY_COLOURS)] for k, c in enumerate(categories)}
    top = max((sum(v for v in g.values() if v > 0) for e in sources for g in e["op"]), default=1)
    frame = _Frame(0, max(1, len(sources)), 0, top)
    body = frame.axes(tr(N_("OP gained"), lang), tr(N_("round"), lang))
    n = max(1, len(players))
    slot = (frame.x(1) - frame.x(0)) * 0.8 / n
    # the final scoring's label is a word: its neighbours give way to it
    stride = _stride(len(sources), 44 if lang == "zh" else 30)
    for k, entry in enumerate(sources):
        label = tr(N_("final"), lang) if entry["round"] is None else str(entry["round"])
        centre = frame.x(k + 0.5)
        if _shown(k, len(sources), stride):
            body.append(f'<text x="{centre}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">'
                        f"{escape(label)}</text>")  # fmt: skip
        for seat, gained in enumerate(entry["op"]):
            x = centre - slot * n / 2 + slot * seat
            base = 0.0
            for cat in categories:
                op = gained.get(cat, 0)
                if op <= 0:
                    continue
                y0, y1 = frame.y(base), frame.y(base + op)
                tip = escape(f"{players[seat]}: {words.score_name(cat, lang)} {op}")
                body.append(f'<rect x="{round(x, 1)}" y="{y1}" width="{round(slot - 1, 1)}" '
                            f'height="{round(y0 - y1, 1)}" fill="{colour[cat]}" '
                            f'stroke="{SEAT_COLOURS[seat]}"><title>{tip}</title></rect>'
                            )  # fmt: skip
                base += op
    legend, extra = _legend([(words.score_name(c, lang), colour[c]) for c in categories])
    return _svg(tr(N_("Where the OP came from, by round"), lang), body + legend, extra)


CHARTS = {
    "projected": projected_chart,
    "evaluation": evaluation_chart,
    "sources": sources_chart,
}
