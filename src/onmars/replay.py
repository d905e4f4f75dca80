"""``onmars replay FILE``: step through a saved game, as a spectator or as one seat.

The save is a game's log (``onmars play`` writes one after every move). The screen is the same
as in play, drawn from the chosen seat's view, so a replay shows no more than that seat saw;
a Private Goal discarded as a Crystal is named only to its owner.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from rich.console import Console

from onmars import render
from onmars.errors import SaveFileError
from onmars.game import Game
from onmars.play import history, load_session_data
from onmars.scoring import winners

HELP = "Enter or n: next move · p: previous · g N: go to move N · e: end · q: quit"


def position(log: dict[str, Any], upto: int) -> Game:
    return Game.replay({**log, "moves": log["moves"][:upto]})


def show(console: Console, log: dict[str, Any], entries: list, upto: int, seat: int | None) -> None:
    game = position(log, upto)
    view = game.view(seat)
    console.print(render.screen(view, None, entries[:upto]))
    console.print(f"move {upto} of {len(entries)}")
    if game.is_over:
        console.print(render.scores_table(view, game.scores(), winners(game.state)))


def run(
    path: str,
    seat: int | None,
    to: int | None,
    console: Console,
    input_fn: Callable[[str], str] | None,
) -> int:
    try:
        log = load_session_data(path)
        entries = history(log)  # the log panel names a discarded goal only to its owner
    except (SaveFileError, ValueError, KeyError, TypeError) as exc:
        console.print(f"cannot replay {path}: {exc}")
        return 2
    total = len(entries)
    upto = total if to is None else max(0, min(to, total))
    show(console, log, entries, upto, seat)
    if input_fn is None:
        return 0
    console.print(HELP)
    while True:
        try:
            command = input_fn("replay> ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return 0
        if command in ("q", "quit"):
            return 0
        if command in ("", "n"):
            upto = min(total, upto + 1)
        elif command == "p":
            upto = max(0, upto - 1)
        elif command == "e":
            upto = total
        elif command.startswith("g ") and command[2:].strip().isdigit():
            upto = min(total, int(command[2:]))
        else:
            console.print(HELP)
            continue
        show(console, log, entries, upto, seat)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a saved game (its log as JSON)")
    parser.add_argument("--seat", type=int, default=None, help="see as this seat (0-3)")
    parser.add_argument("--to", type=int, default=None, help="show the position after N moves")
    parser.add_argument("--step", action="store_true", help="step through the moves")


def main(args: argparse.Namespace, console: Console | None = None) -> int:
    console = console or Console()
    return run(args.file, args.seat, args.to, console, input if args.step else None)
