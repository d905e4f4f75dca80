"""``onmars replay FILE``: step through a saved game, as a spectator or as one seat.

The save is a game's log (``onmars play`` writes one after every move) or a ``Game.to_json()``
save. The screen is the same as in play, drawn from the chosen seat's view and log
(:meth:`Game.seat_log`), so a replay shows no more than that seat saw (RUL-18): a Private Goal
discarded as a Crystal is named only to its owner. A game ended by agreement (RUL-20) says so at
its last move. Bad files and bad commands get a message, never a traceback.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from rich.console import Console

from onmars import Game, OnMarsError
from onmars.terminal import render
from onmars.terminal.play import is_number, load_game

HELP = "Enter or n: next move · p: previous · g N: go to move N · e: end · q: quit"


def position(log: dict[str, Any], upto: int) -> Game:
    """The game after its first ``upto`` moves (ended by agreement only after its last one)."""
    moves = log["moves"]
    cut = {k: v for k, v in log.items() if k != "ended" or upto >= len(moves)}
    return Game.replay({**cut, "moves": moves[:upto]})


def show(console: Console, log: dict[str, Any], entries: list, upto: int, seat: int | None) -> None:
    game = position(log, upto)
    view = game.view(seat)
    console.print(render.screen(view, None, entries[:upto], decision=game.decision()))
    console.print(f"move {upto} of {len(entries)}")
    if game.ended:
        console.print("The game ended by agreement (RUL-20): scored as it stood.")
    if game.is_over:
        console.print(render.scores_table(view, game.scores(), game.winners()))


def run(
    path: str,
    seat: int | None,
    to: int | None,
    console: Console,
    input_fn: Callable[[str], str] | None,
) -> int:
    try:
        game, _ = load_game(path)
    except OnMarsError as exc:
        console.print(f"cannot replay {path}: {exc}", markup=False, highlight=False)
        return 2
    players = len(game.players)
    if seat is not None and not 0 <= seat < players:
        console.print(f"cannot replay {path} as seat {seat}: its seats are 0-{players - 1}")
        return 2
    log = game.log
    entries = game.seat_log(seat)  # a discarded goal is named only to its owner (RUL-18)
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
