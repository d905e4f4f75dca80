"""``onmars analyse FILE``: a finished game's analysis in the terminal, its charts as SVG files.

FILE is a game's record (downloaded from the server, with or without its analysis), a log
``onmars play`` saved, or a ``Game.to_json`` save, of a finished game (RUL-22: nothing is secret
after the end). Without ``--sims``, a record's own analysis is shown as it is, whatever its
budget, and the decisions it lacks are worked out at its budget (:data:`analysis.SIMS` for a
file without one: :func:`budget`). With ``--sims N``, the record's decisions are kept only if
made with at least N simulations; the others are worked out again with N. The tables: each
player's decisions, mistakes and mean loss; the projected final score by round; the OP by
category; the mistakes (or every decision with ``--all``), each with the search's preferred
move and its line. The charts go to ``--out``, each seat in its colour as the browser shows it.
"""

from __future__ import annotations

import argparse
import errno
import sys
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from onmars import N_, OnMarsError, reason_text, tr
from onmars.terminal import words
from onmars.terminal.play import SAVE_ERRORS
from onmars.tools import analysis as an
from onmars.tools.charts import CHARTS
from onmars.tools.record import read_record
from onmars.tools.text import add_lang, command_lang


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=N_("a finished game: its record, or a saved log"))
    sims = parser.add_argument(
        "--sims",
        type=int,
        default=None,
        help=N_("simulations per decision (default: the record's analysis, as it is, and its "
                "budget for what it lacks; %(sims)s without one)"),
    )  # fmt: skip
    sims.sims = an.SIMS  # type: ignore[attr-defined]
    parser.add_argument("--seed", type=int, default=0, help=N_("the search's seed"))
    parser.add_argument("--out", default=".", help=N_("folder for the charts (SVG)"))
    parser.add_argument(
        "--all", action="store_true", help=N_("list every decision, not only mistakes")
    )
    add_lang(parser)


def budget(data: dict[str, Any], sims: int | None) -> int:
    """The simulations a decision: ``sims`` if asked for, else the budget of the file's own
    analysis, else :data:`analysis.SIMS`."""
    if sims is not None:
        return sims
    old = data.get("analysis")
    stored = old.get("sims") if isinstance(old, dict) else None
    return stored if type(stored) is int and stored >= 1 else an.SIMS


def _reusable(data: dict[str, Any], sims: int) -> list[dict[str, Any]]:
    """The decisions of the file's own analysis that were made with at least ``sims``."""
    old = data.get("analysis")
    if not isinstance(old, dict) or not isinstance(old.get("sims"), int) or old["sims"] < sims:
        return []
    return list(old.get("decisions", []))


def run(args: argparse.Namespace, console: Console) -> int:
    lang = command_lang(args)
    if args.sims is not None and args.sims < 1:
        console.print(tr(N_("--sims must be at least 1, not {n}"), lang, n=args.sims))
        return 2
    try:
        game, data = read_record(args.file, lang)
    except OnMarsError as exc:
        console.print(reason_text(exc, lang), markup=False, highlight=False)
        return 2
    if not game.is_over:
        console.print(tr(N_("{path}: the game is not over; only a finished game is analysed "
                            "(RUL-18: before the end its secrets stay hidden)"), lang,
                         path=args.file), markup=False, highlight=False)  # fmt: skip
        return 2

    out = Path(args.out)
    try:  # before the analysis: a folder that cannot be made is said at once, not after it
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _cannot_write(console, args.out, exc, lang)

    def progress(done: int, total: int) -> None:
        print(tr(N_("analysed {done} of {total} decisions"), lang, done=done, total=total),
              end="\r", file=sys.stderr, flush=True)  # fmt: skip

    sims = budget(data, args.sims)
    analysis = an.analyse_game(game.log, sims, args.seed, _reusable(data, sims), progress)
    print(file=sys.stderr)
    for table in tables(analysis, game.players, lang, every=args.all):
        console.print(table)
    for name, chart in CHARTS.items():
        path = out / f"{Path(args.file).stem}-{name}.svg"
        try:
            path.write_text(chart(analysis, game.players, lang), encoding="utf-8")
        except OSError as exc:
            return _cannot_write(console, str(path), exc, lang)
        console.print(tr(N_("wrote {path}"), lang, path=str(path)), markup=False, highlight=False)
    return 0


#: Why a chart's folder or file cannot be written, in words (the OS's own are English only).
WRITE_ERRORS = {
    **SAVE_ERRORS,
    errno.EEXIST: N_("it is a file, not a folder"),
    errno.ENOTDIR: N_("part of it is a file, not a folder"),
}


def _cannot_write(console: Console, path: str, exc: OSError, lang: str) -> int:
    """``--out`` cannot take the charts: said in words, exit status 2, no traceback."""
    known = WRITE_ERRORS.get(exc.errno or 0)
    reason = tr(known, lang) if known else exc.strerror or str(exc)
    console.print(tr(N_("cannot write the charts to {path}: {reason}"), lang, path=path,
                     reason=reason), markup=False, highlight=False)  # fmt: skip
    return 2


def tables(
    analysis: dict[str, Any], players: list[str], lang: str = "en", every: bool = False
) -> list[Table]:
    """The analysis as terminal tables: per player, by round, by category, the decisions."""
    out = [_players(analysis, players, lang), _rounds(analysis, players, lang)]
    out.append(_sources(analysis, players, lang))
    out.append(_decisions(analysis, players, lang, every))
    return out


def _table(title: str, lang: str, first: str, players: list[str]) -> Table:
    table = Table(title=tr(title, lang), box=box.SIMPLE_HEAVY, title_style="bold")
    table.add_column(tr(first, lang))
    for name in players:
        table.add_column(name, justify="right")
    return table


def _players(analysis: dict[str, Any], players: list[str], lang: str) -> Table:
    table = _table(N_("Decisions judged"), lang, N_("player"), players)
    # a move the search barely tried is searched again on its own: "at least" (analysis.judge)
    table.caption = tr(N_("at least {sims} simulations a decision"), lang, sims=analysis["sims"])
    acc = an.accuracy(analysis, len(players))
    table.add_row(tr(N_("decisions"), lang), *(str(a["decisions"]) for a in acc))
    table.add_row(tr(N_("mistakes"), lang), *(str(a["mistakes"]) for a in acc))
    table.add_row(tr(N_("mean loss (OP)"), lang), *(f"{a['mean_loss']:.2f}" for a in acc))
    if analysis["final"] is not None:
        table.add_row(tr(N_("final OP"), lang), *(str(v) for v in analysis["final"]))
    return table


def _rounds(analysis: dict[str, Any], players: list[str], lang: str) -> Table:
    table = _table(N_("Projected final score by round"), lang, N_("round"), players)
    for entry in analysis["rounds"]:
        label = tr(N_("end"), lang) if entry["round"] is None else str(entry["round"])
        table.add_row(label, *(str(v) for v in entry["projected"]))
    return table


def _sources(analysis: dict[str, Any], players: list[str], lang: str) -> Table:
    table = _table(N_("Where the OP came from, by round"), lang, N_("round"), players)
    for entry in analysis["sources"]:
        if not any(entry["op"]):
            continue
        label = tr(N_("final"), lang) if entry["round"] is None else str(entry["round"])
        cells = [words.join([f"{words.score_name(c, lang)} {n}" for c, n in g.items()], lang)
                 or "-" for g in entry["op"]]  # fmt: skip
        table.add_row(label, *cells)
    return table


def _decisions(analysis: dict[str, Any], players: list[str], lang: str, every: bool) -> Table:
    title = N_("Every decision") if every else N_("Mistakes")
    table = Table(title=tr(title, lang), box=box.SIMPLE_HEAVY, title_style="bold")
    for head in (N_("move"), N_("round"), N_("player"), N_("played"), N_("before"),
                 N_("after"), N_("loss"), N_("the search preferred"), N_("then")):  # fmt: skip
        table.add_column(tr(head, lang))
    for d in analysis["decisions"]:
        if not (every or d["mistake"]):
            continue
        preferred = "" if d["best"] == d["move"] else d["best_label"][lang]
        line = " → ".join(step[lang] for step in d["line"]) if preferred else ""
        table.add_row(str(d["ply"] + 1), str(d["round"]), players[d["seat"]],
                      ("✗ " if d["mistake"] else "") + d["label"][lang], f"{d['before']:+.1f}",
                      f"{d['after']:+.1f}", loss_text(d["loss"], lang), preferred,
                      line)  # fmt: skip
    return table


def loss_text(loss: float, lang: str) -> str:
    """A decision's loss as its column shows it: "no loss" rather than "0.0" when it is too
    small to show (the played move was about as good as the search's choice)."""
    return tr(N_("no loss"), lang) if loss < 0.05 else f"{loss:.1f}"


def main(args: argparse.Namespace, console: Console | None = None) -> int:
    return run(args, console or Console())
