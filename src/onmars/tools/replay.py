"""``onmars replay FILE``: step through a saved game, as a spectator or as one seat.

The save is a game's log (``onmars play`` writes one after every move), a ``Game.to_json()``
save, or a finished game's record (downloaded from the server, :mod:`onmars.tools.record`),
checked whole before it is shown. The screen is the same as in play, drawn from the chosen
seat's view and events (:meth:`Game.events`), so a replay shows no more than that seat saw
(RUL-18): a Private Goal discarded as a Crystal is named only to its owner. A game ended by
agreement (RUL-20) says so at its last move. ``--lang zh`` shows it in Chinese. Bad files
and bad commands get a message, never a traceback.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from rich.console import Console

from onmars import N_, Game, OnMarsError, reason_text, tr
from onmars.terminal import render
from onmars.terminal.play import is_number
from onmars.tools.record import read_record
from onmars.tools.text import add_lang, command_lang

HELP = N_("Enter or n: next move · p: previous · g N: go to move N · e: end · q: quit")
LOG_MOVES = 30


def position(log: dict[str, Any], upto: int) -> Game:
    """The game after its first ``upto`` moves (ended by agreement only after its last one)."""
    moves = log["moves"]
    cut = {k: v for k, v in log.items() if k != "ended" or upto >= len(moves)}
    return Game.replay({**cut, "moves": moves[:upto]})


def show(
    console: Console, log: dict[str, Any], total: int, upto: int, seat: int | None, lang: str
) -> None:
    game = position(log, upto)
    view = game.view(seat)
    events = game.events(seat, since=max(0, upto - LOG_MOVES), lang=lang)
    console.print(
        render.screen(
            view,
            lang=lang,
            decision=game.decision(),
            events=events,
            projection=None if game.is_over else game.projection(seat),
            width=console.width,
        )
    )
    console.print(tr(N_("move {n} of {total}"), lang, n=upto, total=total))
    if game.ended:
        console.print(tr(N_("The game ended by agreement (RUL-20): scored as it stood."), lang))
    if game.is_over:
        console.print(render.scores_table(view, game.scores(), game.winners(), lang))


def run(
    path: str,
    seat: int | None,
    to: int | None,
    console: Console,
    input_fn: Callable[[str], str] | None,
    lang: str = "en",
) -> int:
    try:
        game, _ = read_record(path, lang)
    except OnMarsError as exc:
        reason = reason_text(exc, lang)
        if not reason.startswith(path):  # a reason that names the file says it all
            reason = tr(N_("cannot replay {path}: {reason}"), lang, path=path, reason=reason)
        console.print(reason, markup=False, highlight=False)
        return 2
    players = len(game.players)
    if seat is not None and not 0 <= seat < players:
        console.print(tr(N_("cannot replay {path} as seat {seat}: its seats are 0-{last}"), lang,
                         path=path, seat=seat, last=players - 1))  # fmt: skip
        return 2
    log = game.log
    total = len(game.moves)
    start = 0 if input_fn is not None else total  # stepping starts at the first move
    upto = start if to is None else max(0, min(to, total))
    show(console, log, total, upto, seat, lang)
    if input_fn is None:
        return 0
    console.print(tr(HELP, lang))
    while True:
        try:
            command = input_fn(tr(N_("replay> "), lang)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            return 0
        except UnicodeDecodeError:  # bytes that are not text: not a command
            command = "?"
        if command in ("q", "quit"):
            return 0
        if command in ("", "n"):
            upto = min(total, upto + 1)
        elif command == "p":
            upto = max(0, upto - 1)
        elif command == "e":
            upto = total
        elif command.startswith("g ") and is_number(command[2:].strip()):
            upto = min(total, int(command[2:]))
        else:
            console.print(tr(HELP, lang))
            continue
        show(console, log, total, upto, seat, lang)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help=N_("a saved game (its log, or its record, as JSON)"))
    parser.add_argument("--seat", type=int, default=None, help=N_("see as this seat (0-3)"))
    parser.add_argument(
        "--to", type=int, default=None,
        help=N_("show the position after N moves (default: the end; with --step, the start)"),
    )  # fmt: skip
    parser.add_argument("--step", action="store_true", help=N_("step through the moves"))
    add_lang(parser)


def main(args: argparse.Namespace, console: Console | None = None) -> int:
    console = console or Console()
    lang = command_lang(args)
    return run(args.file, args.seat, args.to, console, input if args.step else None, lang)
