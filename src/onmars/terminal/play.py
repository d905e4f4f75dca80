"""``onmars play``: a whole game in the terminal, hot-seat or against bots (issue 5).

A :class:`Session` drives a :class:`~onmars.game.Game` to its end. Bots (``onmars.bots``) move by
themselves; on a human seat the board is drawn for that seat only (``game.view(seat)``, RUL-18),
the legal moves are numbered, and the player types a number, a move's notation or a command
(``undo``, ``why <move>``, ``info <id>``, ``log``, ``board``, ``help``, ``save FILE``,
``conclude``, ``quit``). A bad command or an illegal move prints why and changes nothing; no
line typed ends the session in a traceback.

Input and output are injected: ``input_fn(prompt) -> line`` (``EOFError`` ends the session like
``quit``) and a rich ``Console``; tests play whole games through them.

The log is saved after every move: the game's log (options, seed, moves, ``"ended"`` for a game
ended by agreement) plus ``"bots"``, the bot name of each seat (``null`` for a human), which
:meth:`Game.replay` ignores. A new game gets a file of its own (``onmars-<date>-<seed>.json``,
numbered if that exists) unless ``--save FILE`` names one; an existing save is replaced only
when the player says so. ``onmars play --load FILE`` resumes a game from that file or from a
``Game.to_json()`` save.

The log panel shows :meth:`Game.seat_log`: a Private Goal spent as a Crystal is named only to
its owner, and only when no other human shares the screen (RUL-18).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from onmars import (
    LENGTHS,
    VERBS,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OnMarsError,
    SaveFileError,
)
from onmars.bots import BOTS, STALL_ROUNDS, Bot, agrees_to_end, make_bot, round_marks
from onmars.terminal import render

InputFn = Callable[[str], str]
LOG_LINES = 10
SPECTATOR_SAVE = 100
#: A number typed at the prompt: ASCII digits only ("²".isdigit() is True, int("²") fails).
NUMBER = re.compile(r"[0-9]{1,9}\Z")

COMMANDS = {
    "<number>": "play the move with that number in the list",
    "<move>": "play a move by its notation, e.g. 'main blueprint' or 'bot 1,2 2,1'",
    "undo": "take back your last move of this turn (not once it turned a card face up)",
    "why <move>": "explain why a move is illegal now, with its rule",
    "info <id|q,r>": "what a card, tile, action, Lab space or hex is",
    "board": "draw the board again",
    "moves": "list every legal move (long lists are shortened on the board)",
    "log [N]": "the last N moves of the game (default 30)",
    "save [FILE]": "save the game's log now (default: the autosave file)",
    "conclude": "propose to end the game now, scored as it stands (all players must agree)",
    "help": "this help",
    "quit": "stop; the game stays saved and resumes with --load",
}


class Quit(Exception):
    """The player asked to stop (``quit``, end of input, Ctrl-C)."""


def is_number(text: str) -> bool:
    return bool(NUMBER.match(text))


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
        clear: bool | None = None,
    ) -> None:
        if len(bots) != len(game.players):
            raise ValueError(f"{len(bots)} seat kinds for {len(game.players)} players")
        self.game = game
        self.console = console or Console()
        self.input_fn = input_fn or (lambda prompt: self.console.input(Text(prompt)))
        self.save_path = Path(save_path) if save_path else None
        self.bot_names = list(bots)
        seed = game.log["seed"] or 0
        self.bots: list[Bot | None] = [
            make_bot(name, seed * 10 + seat) if name else None for seat, name in enumerate(bots)
        ]
        self.humans = [seat for seat, bot in enumerate(self.bots) if bot is None]
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
        t.append(f" · {self.game.options['length']} game · seed {self.game.log['seed']} · ")
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
        move = bot.choose(self.game.view(seat), legal)
        try:
            self.game.play(move)
        except (ValueError, TypeError) as exc:  # a buggy bot must not stop a human's game
            # the refusal names no secret (RUL-19); the bot's move itself might (its goals)
            self.say(f"{self._who(seat)} ({bot.name} bot) erred: {exc}")
            move = legal[0]
            self.say(f"playing {move} for it instead", "yellow")
            self.game.play(move)
        self.record()

    def record(self) -> None:
        """Print the move just played (as the screen's viewers may see it) and autosave."""
        moves = len(self.game.moves)
        for entry in self.game.seat_log(self.viewer, start=moves - 1):
            self.print_entry(entry)
        # Autosave after every move; a game of bots alone saves every SPECTATOR_SAVE moves (and
        # at its end), since replacing a file costs milliseconds on some file systems.
        if self.humans or moves % SPECTATOR_SAVE == 0:
            self.save()

    @property
    def viewer(self) -> int | None:
        """Whose log the shared console shows: the lone human's, else a spectator's (RUL-18:
        in hot seat the other humans may be looking)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def entries(self, seat: int | None) -> list[render.LogEntry]:
        """The game's moves as ``seat`` may see them (:meth:`Game.seat_log`)."""
        return list(self.game.seat_log(seat))

    @property
    def names(self) -> render.View:
        """Just the players' names and colours: enough for :func:`render.name_text`."""
        players = self.game.view(None)["players"]
        return {"players": [{"name": p["name"], "colour": p["colour"]} for p in players]}

    def print_entry(self, entry: render.LogEntry) -> None:
        rnd, seat, move = entry  # already redacted for the viewer (Game.seat_log)
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
        log = self.entries(seat)
        mine = [k for k, (_, who, _) in enumerate(log) if who == seat]
        fresh = len(log) - 1 - mine[-1] if mine else len(log)  # others' moves since
        self.console.print(
            render.screen(
                view,
                self.game.legal_moves(),
                log[-LOG_LINES:],
                fresh=fresh,
                decision=self.game.decision(),
            )
        )
        for notice in self.notices:
            self.console.print(notice)
        self.notices.clear()

    def read(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except EOFError:
            raise Quit from None
        except UnicodeDecodeError:  # bytes that are not text: a line that is no command
            return "\ufffd"

    def ask(self, seat: int) -> str:
        return self.read(f"{self._who(seat)}> ").strip()

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
            return self.undo(seat)
        if word == "conclude":
            return self.conclude(seat)
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
        if is_number(line):
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
        try:
            self.game.play(move)
        except IllegalMoveError as exc:
            self.error(f"Illegal move '{move}': {exc}")
            return False
        self.record()
        return True

    # --- commands --------------------------------------------------------------------------------
    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move, if it was made in this turn and turned nothing face up
        (RUL-19); never another player's move."""
        if not self.game.moves:
            self.error("Nothing to undo: no move has been played.")
            return False
        last = self.game.seat_log(seat, start=len(self.game.moves) - 1)[0]
        try:
            self.game.undo(seat)
        except IllegalMoveError as exc:
            self.error(f"Cannot undo: {exc}.")
            return False
        text = f"Took back: {self._who(seat)} {last.move}"
        self.say(text, "yellow")
        if self.clear:
            self.notices.append(Text(text, style="yellow"))
        self.save()
        return True

    def conclude(self, seat: int) -> bool:
        """End the game now by agreement (RUL-20): every other human is asked in turn; a bot
        agrees when nothing has progressed for a while (:func:`onmars.bots.agrees_to_end`)."""
        marks = round_marks(self.game) if len(self.humans) < len(self.bots) else []
        for other, bot in enumerate(self.bots):
            if other == seat:
                continue
            name = self._who(other)
            if bot is not None:
                if not agrees_to_end(marks):
                    self.say(
                        f"{name} ({bot.name} bot) does not agree: it agrees once no mission, "
                        f"Colony level or score has changed for {STALL_ROUNDS} rounds. "
                        "The game goes on.",
                        "yellow",
                    )
                    return False
                continue
            answer = self.read(
                f"{name}, end the game now and score it as it stands (RUL-20)? [y/N] "
            )
            if answer.strip().lower() not in ("y", "yes"):
                self.say(f"{name} does not agree. The game goes on.", "yellow")
                return False
        self.game.conclude()
        self.say("The game ended by agreement (RUL-20): final scoring as it stands.", "bold")
        self.save()
        return True

    def why(self, text: str) -> None:
        if not text:
            self.error("Usage: why <move>, e.g. why main blueprint")
            return
        if is_number(text):
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
        if arg and not is_number(arg):
            self.error("Usage: log [N], N a number of moves, e.g. log 50")
            return
        n = int(arg) if arg else 30
        entries = self.entries(self.viewer)  # printed on the shared console
        for entry in entries[-n:] if n else []:
            self.print_entry(entry)
        if not entries:
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
        tmp = None
        try:
            if not target.name or target.is_dir():
                raise IsADirectoryError(f"{str(target)!r} is a directory: name a file")
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_text(json.dumps(self.save_data()), encoding="utf-8")
            tmp.replace(target)
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte or no file name
            if tmp is not None:
                with contextlib.suppress(OSError, ValueError):
                    tmp.unlink(missing_ok=True)
            if announce or not self._save_warned:
                self.error(f"Could not save to {str(target)!r}: {exc}")
                self._save_warned = not announce
            return
        if announce:
            self.say(f"Saved {len(self.game.moves)} moves to {target}.", "green3")

    def finish(self) -> None:
        """Game over: the whole board, the final scores with their breakdown, the winners."""
        self.save()
        view = self.game.view(None)
        if self.humans:
            log = self.entries(self.viewer)[-LOG_LINES:]
            self.console.print(render.screen(view, None, log))
        win = self.game.winners()
        self.console.print(render.scores_table(view, self.game.scores(), win))
        if self.game.ended:
            self.say("The game ended by agreement (RUL-20): scored as it stood.", "bold")
        self.console.print(render.winners_text(view, win))

    # --- output helpers ----------------------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        return "-" if seat is None else self.game.players[seat]

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
        "--save",
        default=None,
        help="autosave file (default: a new onmars-<date>-<seed>.json, or the --load file); "
        "an existing file is replaced only if you agree",
    )
    parser.add_argument(
        "--load", default=None, help="resume a saved game (this client's save or Game.to_json)"
    )


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
    """The JSON object in a save file (SaveFileError otherwise, never a traceback)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path} is not JSON: {exc}") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name, bad UTF-8
        raise SaveFileError(
            f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    except RecursionError:
        raise SaveFileError(f"{path} is not an On Mars save: nested too deeply") from None
    if not isinstance(data, dict):
        raise SaveFileError(f"{path} is not an On Mars log")
    return data


def load_game(path: str) -> tuple[Game, dict[str, Any]]:
    """The game in a save file: this client's save (a game's log and ``"bots"``) or a
    :meth:`Game.to_json` save (checked against its log); and the file's data."""
    data = load_session_data(path)
    if "format" in data and "state" in data:
        game = Game.from_json(json.dumps(data))
        return game, {**data, **game.log}
    return Game.replay(data), data


def new_save_path(seed: int, folder: Path | None = None) -> Path:
    """A save file of its own for a new game: ``onmars-<date>-<seed>.json``, numbered when a
    file of that name exists (a new game never replaces another's save)."""
    folder = folder or Path(".")
    stem = f"onmars-{datetime.date.today():%Y%m%d}-{seed}"
    path, k = folder / f"{stem}.json", 1
    while path.exists():
        k += 1
        path = folder / f"{stem}-{k}.json"
    return path


def confirm_replace(path: str, console: Console, input_fn: InputFn | None) -> None:
    """An explicit ``--save`` file that exists is replaced only if the player agrees; without
    an interactive input the answer is no. Raises ValueError (nothing changed) when refused."""
    target = Path(path)
    if not target.exists():
        return
    try:
        game, _ = load_game(path)
        what = f"a saved game ({len(game.moves)} moves"
        what += ", ended)" if game.is_over else ")"
    except SaveFileError:
        what = "a file that is not an On Mars save"
    if input_fn is None:
        if not sys.stdin.isatty():
            raise ValueError(
                f"{path} already holds {what}; not replacing it without asking: "
                "choose another --save file, or --load it to resume"
            )
        input_fn = lambda prompt: console.input(Text(prompt))  # noqa: E731
    try:
        answer = input_fn(f"{path} already holds {what}. Replace it? [y/N] ")
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise ValueError(f"{path} kept as it was: choose another --save file, or --load it")


def main(
    args: argparse.Namespace,
    console: Console | None = None,
    input_fn: InputFn | None = None,
) -> int:
    """Run ``onmars play`` with parsed ``args``; returns the exit code."""
    console = console or Console()
    try:
        session = build_session(args, console, input_fn)
    except (ValueError, OnMarsError) as exc:
        console.print(Text(f"onmars play: {exc}", style="bold red"))
        return 2
    if input_fn is None and console.is_terminal:
        with contextlib.suppress(ImportError):  # not on every platform
            import readline  # noqa: F401  (line editing and history for input())
    return session.run()


def build_session(args: argparse.Namespace, console: Console, input_fn: InputFn | None) -> Session:
    bots_arg = _split(args.bots) if args.bots is not None else None
    if args.load:
        game, data = load_game(args.load)
        players = len(game.players)
        if bots_arg is not None:
            kinds = seat_bots(players, bots_arg)
        else:
            saved = data.get("bots")
            if isinstance(saved, list) and len(saved) == players:
                kinds = [x if isinstance(x, str) and x else None for x in saved]
                seat_bots(players, [x for x in kinds if x])  # known bot names only
            else:
                kinds = [None] * players
        if args.save and Path(args.save).resolve() != Path(args.load).resolve():
            confirm_replace(args.save, console, input_fn)
        save = args.save or args.load
        return Session(game, kinds, console=console, input_fn=input_fn, save_path=save)
    names = _split(args.names)
    players = args.players or (len(names) if names else 3)
    if names and len(names) != players:
        raise ValueError(f"{len(names)} names for {players} players")
    kinds = seat_bots(players, bots_arg or [])
    game = Game.new(names or default_names(kinds), seed=args.seed, length=args.length)
    if args.save:
        confirm_replace(args.save, console, input_fn)
    save = args.save or new_save_path(game.log["seed"])
    return Session(game, kinds, console=console, input_fn=input_fn, save_path=save)
