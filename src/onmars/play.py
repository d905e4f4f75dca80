"""``onmars play``: a whole game in the terminal, hot-seat or against bots (issue 5).

A :class:`Session` drives a :class:`~onmars.game.Game` to its end. Bots (``onmars.bots``) move by
themselves; on a human seat the board is drawn for that seat only (``game.view(seat)``, RUL-18),
the legal moves are numbered, and the player types a number, a move's notation or a command
(``undo``, ``why <move>``, ``info <id>``, ``log``, ``board``, ``help``, ``save FILE``, ``quit``).
A bad command or an illegal move prints why and changes nothing.

Input and output are injected: ``input_fn(prompt) -> line`` (``EOFError`` ends the session like
``quit``) and a rich ``Console``; tests play whole games through them.

The log is saved after every move (``--save``, default ``onmars-save.json``): the game's log
(options, seed, moves) plus ``"bots"``, the bot name of each seat (``null`` for a human), which
:meth:`Game.replay` ignores. ``onmars play --load FILE`` resumes it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from onmars import render
from onmars.bots import BOTS, Bot, make_bot
from onmars.errors import IllegalMoveError, InvalidMoveError, SaveFileError
from onmars.game import LENGTHS, Game
from onmars.moves import VERBS, Move
from onmars.scoring import winners

InputFn = Callable[[str], str]
DEFAULT_SAVE = "onmars-save.json"
LOG_LINES = 10
SPECTATOR_SAVE = 100

COMMANDS = {
    "<number>": "play the move with that number in the list",
    "<move>": "play a move by its notation, e.g. 'main blueprint' or 'bot 1,2 2,1'",
    "undo": "take back your last move (and the bots' moves after it)",
    "why <move>": "explain why a move is illegal now, with its rule",
    "info <id|q,r>": "what a card, tile, action, Lab space or hex is",
    "board": "draw the board again",
    "moves": "list every legal move (long lists are shortened on the board)",
    "log [N]": "the last N moves of the game (default 30)",
    "save [FILE]": "save the game's log now (default: the autosave file)",
    "help": "this help",
    "quit": "stop; the game stays saved and resumes with --load",
}


class Quit(Exception):
    """The player asked to stop (``quit``, end of input, Ctrl-C)."""


def history(log: dict[str, Any]) -> list[render.LogEntry]:
    """(round, seat, move) of each move of a log, by replaying it."""
    game = Game.replay({**log, "moves": []})
    out = []
    for text in log["moves"]:
        seat, rnd = game.current_player, game.state.round
        game.play(text)
        out.append((rnd, seat, text))
    return out


class Session:
    """One game played in the terminal. ``bots[seat]`` is a bot name, or ``None`` for a human."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[str | None],
        *,
        console: Console | None = None,
        input_fn: InputFn | None = None,
        save_path: str | os.PathLike[str] | None = None,
        entries: list[render.LogEntry] | None = None,
        clear: bool | None = None,
    ) -> None:
        if len(bots) != len(game.state.players):
            raise ValueError(f"{len(bots)} seat kinds for {len(game.state.players)} players")
        self.game = game
        self.console = console or Console()
        self.input_fn = input_fn or (lambda prompt: self.console.input(Text(prompt)))
        self.save_path = Path(save_path) if save_path else None
        self.bot_names = list(bots)
        seed = game.state.seed or 0
        self.bots: list[Bot | None] = [
            make_bot(name, seed * 10 + seat) if name else None for seat, name in enumerate(bots)
        ]
        self.humans = [seat for seat, bot in enumerate(self.bots) if bot is None]
        self.entries: list[render.LogEntry] = (
            list(entries) if entries is not None else history(game.log)
        )
        self.clear = self.console.is_terminal if clear is None else clear
        self.last_human: int | None = None
        self.notices: list[Text] = []  # shown under the next screen (a clear would hide them)
        self._save_warned = False

    # --- the loop --------------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end of the game (or until the player quits); returns an exit code."""
        self.intro()
        try:
            while not self.game.is_over:
                seat = self.game.current_player
                assert seat is not None
                if self.bots[seat] is not None:
                    self.bot_move(seat)
                else:
                    self.human_decision(seat)
        except (Quit, KeyboardInterrupt):
            self.save()
            self.say("Game stopped.", "bold")
            if self.save_path:
                self.say(f"Resume it with: onmars play --load {self.save_path}")
            return 0
        self.finish()
        return 0

    def intro(self) -> None:
        t = Text("On Mars", style="bold")
        t.append(f" · {self.game.options['length']} game · seed {self.game.state.seed} · ")
        for seat, name in enumerate(self.bot_names):
            if seat:
                t.append(", ")
            t.append_text(render.name_text(self.names, seat))
            t.append(f" ({name} bot)" if name else " (human)", style=render.DIM)
        self.console.print(t)
        if self.game.moves:
            self.say(f"Resumed after {len(self.game.moves)} moves.")
        if self.save_path:
            self.say(f"Autosaving to {self.save_path} after every move.", render.DIM)
        if self.humans:
            self.say("Type help for the commands.", render.DIM)
        width, lines = self.console.size
        if (
            self.humans
            and self.console.is_terminal
            and (width < render.WIDTH or lines < render.HEIGHT)
        ):
            self.say(
                f"The board is drawn for a terminal of {render.WIDTH}x{render.HEIGHT}; "
                f"this one is {width}x{lines}: enlarge it for a readable board.",
                "yellow",
            )

    def bot_move(self, seat: int) -> None:
        bot = self.bots[seat]
        assert bot is not None
        legal = self.game.legal_moves()
        rnd = self.game.state.round
        move = bot.choose(self.game.view(seat), legal)
        try:
            self.game.play(move)
        except (ValueError, TypeError) as exc:  # a buggy bot must not stop a human's game
            self.say(f"{self.game.state.players[seat].name} ({bot.name} bot) chose {move}: {exc}")
            move = legal[0]
            self.say(f"playing {move} for it instead", "yellow")
            self.game.play(move)
        self.record(rnd, seat, str(move))

    def record(self, rnd: int, seat: int, move: str) -> None:
        self.entries.append((rnd, seat, move))
        self.print_entry(self.entries[-1])
        # Autosave after every move; a game of bots alone saves every SPECTATOR_SAVE moves (and
        # at its end), since replacing a file costs milliseconds on some file systems.
        if self.humans or len(self.entries) % SPECTATOR_SAVE == 0:
            self.save()

    @property
    def names(self) -> render.View:
        """Just the players' names and colours: enough for :func:`render.name_text`."""
        return {"players": [{"name": p.name, "colour": p.colour} for p in self.game.state.players]}

    def print_entry(self, entry: render.LogEntry) -> None:
        rnd, seat, move = entry
        shared = seat not in self.humans or len(self.humans) > 1  # others may be looking
        if move.startswith("discard ") and shared:
            move = "discard (a goal)"  # a Private Goal spent as a Crystal goes unseen (RUL-18)
        t = Text(f"R{rnd:<2} ", style=render.DIM)
        t.append_text(render.name_text(self.names, seat))
        t.append(f" {move}")
        self.console.print(t)

    # --- a human decision ------------------------------------------------------------------------
    def human_decision(self, seat: int) -> None:
        if len(self.humans) > 1 and seat != self.last_human:
            self.handoff(seat)
        self.last_human = seat
        self.show(seat)
        while True:
            line = self.ask(seat)
            if self.command(seat, line):
                return

    def handoff(self, seat: int) -> None:
        """Hot seat: hide the last player's screen before showing the next one's secrets."""
        if self.clear:
            self.console.clear()
        t = Text("Pass the keyboard to ")
        t.append_text(render.name_text(self.names, seat))
        t.append(". Press Enter when ready.")
        self.console.print(t)
        if self.read("> ").strip().lower() in ("quit", "exit", "q"):
            raise Quit

    def show(self, seat: int) -> None:
        if self.clear:
            self.console.clear()
        view = self.game.view(seat)
        entries = self.entries[-LOG_LINES:]
        mine = [k for k, (_, who, _) in enumerate(self.entries) if who == seat]
        fresh = len(self.entries) - 1 - mine[-1] if mine else len(self.entries)  # others' moves
        self.console.print(render.screen(view, self.game.legal_moves(), entries, fresh=fresh))
        for notice in self.notices:
            self.console.print(notice)
        self.notices.clear()

    def read(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except EOFError:
            raise Quit from None

    def ask(self, seat: int) -> str:
        name = self.game.state.players[seat].name
        return self.read(f"{name}> ").strip()

    def command(self, seat: int, line: str) -> bool:
        """Handle one input line; True once the decision is made (a move played, undone)."""
        if not line:
            self.say("Type a move number, a move, or help.", render.DIM)
            return False
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "exit", "q"):
            raise Quit
        if word in ("help", "?", "h"):
            self.help()
            return False
        if word == "undo":
            return self.undo()
        if word == "why":
            self.why(rest)
            return False
        if word == "info":
            self.info(seat, rest)
            return False
        if word in ("board", "show"):
            self.show(seat)
            return False
        if word == "moves":
            self.console.print(render.moves_text(self.game.legal_moves(), width=116))
            return False
        if word == "log":
            self.show_log(rest)
            return False
        if word == "save":
            self.save(rest or None, announce=True)
            return False
        return self.play_input(seat, line)

    def play_input(self, seat: int, line: str) -> bool:
        legal = self.game.legal_moves()
        if line.isdigit():
            k = int(line)
            if not 1 <= k <= len(legal):
                self.error(f"No move number {k}: choose 1-{len(legal)}.")
                return False
            move: Move = legal[k - 1]
        else:
            try:
                move = Move.parse(line)
            except InvalidMoveError as exc:
                self.error(f"Not a move or a command: {exc}. Type help for the commands.")
                return False
        rnd = self.game.state.round
        try:
            self.game.play(move)
        except IllegalMoveError as exc:
            self.error(f"Illegal move '{move}': {exc}")
            return False
        self.record(rnd, seat, str(move))
        return True

    # --- commands --------------------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the last human move and the bot moves after it."""
        last = max(
            (k for k, (_, seat, _) in enumerate(self.entries) if seat in self.humans),
            default=None,
        )
        if last is None:
            self.error("Nothing to undo: no human move has been played.")
            return False
        taken = self.entries[last:]
        if len(taken) == 1:
            self.game.undo()
        else:
            self.game = Game.replay({**self.game.log, "moves": self.game.moves[:last]})
        del self.entries[last:]
        text = "Took back: " + "; ".join(f"{self._who(s)} {m}" for _, s, m in taken)
        self.say(text, "yellow")
        if self.clear:
            self.notices.append(Text(text, style="yellow"))
        self.save()
        return True

    def why(self, text: str) -> None:
        if not text:
            self.error("Usage: why <move>, e.g. why main blueprint")
            return
        if text.isdigit():
            self.say(f"Move {text} is from the list of legal moves: it can be played.")
            return
        try:
            reason = self.game.why(text)
        except InvalidMoveError as exc:
            self.error(f"Not a move: {exc}")
            return
        if reason:
            self.say(f"'{text}' is illegal now. {reason}", "yellow")
        else:
            number = [str(m) for m in self.game.legal_moves()].index(str(Move.parse(text))) + 1
            self.say(f"'{text}' is legal now (move {number}).", "green3")

    def info(self, seat: int, token: str) -> None:
        if not token:
            self.error("Usage: info <id or q,r>, e.g. info BP04, info geologist, info 0,0")
            return
        text = render.describe_hex(self.game.view(seat), token) or render.describe(token)
        if text:
            self.console.print(text, markup=False, highlight=False)
        else:
            self.error(f"Nothing is called {token!r}.")

    def show_log(self, arg: str) -> None:
        n = int(arg) if arg.isdigit() else 30
        for entry in self.entries[-n:]:
            self.print_entry(entry)
        if not self.entries:
            self.say("No moves yet.")

    def help(self) -> None:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for cmd, text in COMMANDS.items():
            table.add_row(cmd, text)
        self.console.print(table)
        verbs = Table.grid(padding=(0, 2))
        verbs.add_column(style="bold", no_wrap=True)
        verbs.add_column()
        for verb, shape in VERBS.items():
            verbs.add_row(verb, shape)
        self.console.print(Text("Move notation:", style="bold"))
        self.console.print(verbs)
        self.say(
            "Hexes are q,r (flat-top axial): each hex shows its q,r above what stands on it; "
            "hexes touching on the screen touch on Mars.",
            render.DIM,
        )

    # --- saving and the end ------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        return {**self.game.log, "bots": list(self.bot_names)}

    def save(self, path: str | None = None, announce: bool = False) -> None:
        target = Path(path) if path else self.save_path
        if target is None:
            if announce:
                self.error("No save file: give one, e.g. save mygame.json")
            return
        try:
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_text(json.dumps(self.save_data()), encoding="utf-8")
            tmp.replace(target)
        except OSError as exc:
            if announce or not self._save_warned:
                self.error(f"Could not save to {target}: {exc}")
                self._save_warned = not announce
            return
        if announce:
            self.say(f"Saved {len(self.game.moves)} moves to {target}.", "green3")

    def finish(self) -> None:
        """Game over: the whole board, the final scores with their breakdown, the winners."""
        self.save()
        view = self.game.view(None)
        if self.humans:
            self.console.print(render.screen(view, None, self.entries[-LOG_LINES:]))
        win = winners(self.game.state)
        self.console.print(render.scores_table(view, self.game.scores(), win))
        self.console.print(render.winners_text(view, win))

    # --- output helpers ----------------------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        return "-" if seat is None else self.game.state.players[seat].name

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def error(self, text: str) -> None:
        self.console.print(Text(text, style="bold red"))


# --- the command line ----------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``onmars play``."""
    parser.add_argument("--players", type=int, choices=(2, 3, 4), help="2-4 (default 3)")
    parser.add_argument(
        "--bots",
        default=None,
        help=f"comma-separated bots for the last seats, e.g. random,random ({', '.join(BOTS)})",
    )
    parser.add_argument("--names", default=None, help="comma-separated player names")
    parser.add_argument("--seed", type=int, default=None, help="game seed (default: random)")
    parser.add_argument("--length", default="short", choices=LENGTHS)
    parser.add_argument(
        "--save", default=None, help=f"autosave file (default {DEFAULT_SAVE}, or the --load file)"
    )
    parser.add_argument("--load", default=None, help="resume a saved game")


def _split(text: str | None) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


def seat_bots(players: int, bots: Sequence[str]) -> list[str | None]:
    """Bots fill the last seats: ``seat_bots(3, ["greedy"]) == [None, None, "greedy"]``."""
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots for {players} players")
    for name in bots:
        make_bot(name, 0)  # ValueError naming the known bots
    return [None] * (players - len(bots)) + list(bots)


def default_names(kinds: Sequence[str | None]) -> list[str]:
    return [
        f"{kind.title()} {seat + 1}" if kind else f"Player {seat + 1}"
        for seat, kind in enumerate(kinds)
    ]


def load_session_data(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SaveFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise SaveFileError(f"{path} is not an On Mars log")
    return data


def main(
    args: argparse.Namespace,
    console: Console | None = None,
    input_fn: InputFn | None = None,
) -> int:
    """Run ``onmars play`` with parsed ``args``; returns the exit code."""
    console = console or Console()
    try:
        session = build_session(args, console, input_fn)
    except (ValueError, SaveFileError) as exc:
        console.print(Text(f"onmars play: {exc}", style="bold red"))
        return 2
    if input_fn is None and console.is_terminal:
        with contextlib.suppress(ImportError):  # not on every platform
            import readline  # noqa: F401  (line editing and history for input())
    return session.run()


def build_session(args: argparse.Namespace, console: Console, input_fn: InputFn | None) -> Session:
    bots_arg = _split(args.bots) if args.bots is not None else None
    if args.load:
        data = load_session_data(args.load)
        game = Game.replay(data)
        entries = history(data)
        players = len(game.state.players)
        if bots_arg is not None:
            kinds = seat_bots(players, bots_arg)
        else:
            saved = data.get("bots")
            if isinstance(saved, list) and len(saved) == players:
                kinds = [x if isinstance(x, str) and x else None for x in saved]
                seat_bots(players, [x for x in kinds if x])  # known bot names only
            else:
                kinds = [None] * players
        save = args.save or args.load
        return Session(
            game, kinds, console=console, input_fn=input_fn, save_path=save, entries=entries
        )
    names = _split(args.names)
    players = args.players or (len(names) if names else 3)
    if names and len(names) != players:
        raise ValueError(f"{len(names)} names for {players} players")
    kinds = seat_bots(players, bots_arg or [])
    game = Game.new(names or default_names(kinds), seed=args.seed, length=args.length)
    return Session(
        game,
        kinds,
        console=console,
        input_fn=input_fn,
        save_path=args.save or DEFAULT_SAVE,
        entries=[],
    )
