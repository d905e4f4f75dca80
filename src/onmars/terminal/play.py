"""``onmars play``: a whole game in the terminal, hot-seat or against bots (issues 5 and 10).

A :class:`Session` drives a :class:`~onmars.Game` to its end. Bots (``onmars.bots``) move by
themselves; on a human seat the screen is drawn for that seat only (``game.view(seat)``,
RUL-18): its menu of legal moves, each described (``game.describe``: label, cost, gain, OP,
warnings) and numbered (a Turn Order space or a Depot row by its own number,
:mod:`onmars.terminal.menu`); the log in plain words (``game.events``); the scores if the game
ended now (``game.projection``). The player types a number, a move's notation or a
command (``undo``, ``why``, ``hint``, ``info``, ``map``, ``board``, ``moves``, ``score``, ``log``,
``lang zh|en``, ``help``, ``save``, ``conclude``, ``quit``). A move with warnings is played only
after a yes; a lone choice with none plays itself. A bad command or an illegal move prints why
and changes nothing; no line typed ends the session in a traceback. Every text goes through the
catalogs (``tr``), in English or Chinese (``--lang``).

Input and output are injected: ``input_fn(prompt) -> line`` (``EOFError`` ends the session like
``quit``) and a rich ``Console``; tests play whole games through them.

The log is saved after every move: the game's log (options, seed, moves, ``"ended"`` for a game
ended by agreement) plus ``"bots"``, the bot name of each seat (``null`` for a human), which
:meth:`Game.replay` ignores. The bots' own random streams are drawn afresh each session
(:func:`bot_seeds`); ``--bot-seed N`` fixes them.

A new game gets a file of its own (``onmars-<date>-<time>.json``, numbered if that exists)
unless ``--save FILE`` names one; an existing save is replaced only when the player says so.
``onmars play --load FILE`` resumes a game from that file or from a ``Game.to_json()`` save.

What the console prints after each move is ``game.events`` of the lone human, or of a spectator
when several humans share the screen (RUL-18: another seat's discarded Private Goal is never
named to them).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import errno
import json
import os
import re
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from onmars import (
    LANGS,
    LENGTHS,
    N_,
    VERBS,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    LogEntry,
    Move,
    OnMarsError,
    SaveFileError,
    env_lang,
    reason_text,
    tr,
)
from onmars.bots import BOTS, STALL_ROUNDS, Bot, agrees_to_end, make_bot, round_marks
from onmars.bots.advice import advise
from onmars.terminal import hints, logview, mapview, menu, render, words
from onmars.terminal.mapview import DIM
from onmars.terminal.players import check_names, find_seat

InputFn = Callable[[str], str]
LOG_MOVES = 30  # moves of events read for the screen's log
SPECTATOR_SAVE = 100
#: Bits of a bot's own seed drawn from :mod:`secrets` (as the server draws them).
BOT_SEED_BITS = 63
#: A number typed at the prompt: ASCII digits only ("²".isdigit() is True, int("²") fails).
NUMBER = re.compile(r"[0-9]{1,9}\Z")
#: No command is longer (a save path included): a longer line is refused without echoing it.
MAX_LINE = 300
#: Where a long line's continuation lines start: after its indent, and a menu number, a rank,
#: an arrow or a warning sign.
HANGING = re.compile(r" *(?:\d+[).] |[→⚠] )?")
#: What is said back of a line the player typed, at most (issue 21: a huge line came back whole).
ECHO = 60
#: Why a file could not be written, by errno, in words of our own (the OS's are English).
SAVE_ERRORS = {
    errno.ENOENT: N_("its folder does not exist"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder: name a file"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ENAMETOOLONG: N_("the name is too long"),
}
YES = ("y", "yes", "是", "好")

#: The bots' names as the screen says them.
BOT_NAMES = {
    "random": N_("random"),
    "easy": N_("easy"),
    "greedy": N_("greedy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
COMMANDS = {
    N_("<number>"): N_("play the move with that number in the menu"),
    N_("<move>"): N_("play a move by its notation, e.g. 'main blueprint' or 'bot 1,2 2,1'"),
    "undo": N_("take back your last move of this turn (not once it turned a card face up)"),
    N_("why <move>"): N_("explain why a move is illegal now, with its rule"),
    N_("info <id|q,r>"): N_("what a card, tile, action, Lab space, Depot row or hex is"),
    N_("hint [seconds]"): N_("what the search would play here, thinking that long (default 2)"),
    "map": N_("show Mars and the shared boards"),
    N_("board [player]"): N_(
        "show a player's board: Lab grid, Depot, cards (yours by default); "
        "the player by name or number 1-4 in the list"
    ),
    "moves": N_("every legal move, described in full, with its warnings"),
    "score": N_("the scores if the game ended now, by category"),
    N_("log [N]"): N_("what the last N moves did (default 10)"),
    "lang zh|en": N_("switch the language (中文 / English)"),
    N_("save [FILE]"): N_("save the game's log now (default: the autosave file)"),
    "conclude": N_("propose to end the game now, scored as it stands (all players must agree)"),
    "help": N_("this help"),
    "quit": N_("stop; the game stays saved and resumes with --load"),
}


class Quit(Exception):
    """The player asked to stop (``quit``, end of input, Ctrl-C)."""


def is_number(text: str) -> bool:
    return bool(NUMBER.match(text))


def echo(text: str) -> str:
    """A typed text as messages repeat it: cut to :data:`ECHO` characters."""
    return text if len(text) <= ECHO else text[: ECHO - 1] + "…"


def bot_seeds(seats: int, bot_seed: int | None = None) -> list[int]:
    """Each seat's seed for its bot's own random stream: drawn from :mod:`secrets`, never from
    the game's seed (issue 21.1, RUL-18: the seed reveals every hand and face-down stack, and
    moves everyone sees must not be a function of it); ``bot_seed`` N gives ``N * 10 + seat``,
    a session that can be played again (``--bot-seed``: tests, bug reports)."""
    if bot_seed is None:
        return [secrets.randbits(BOT_SEED_BITS) for _ in range(seats)]
    return [bot_seed * 10 + seat for seat in range(seats)]


class Session:
    """One game played in the terminal. ``bots[seat]`` is a bot name, or ``None`` for a human;
    ``lang``: "en" or "zh" (the ``lang`` command switches); ``bot_seed``: see
    :func:`bot_seeds`."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[str | None],
        *,
        console: Console | None = None,
        input_fn: InputFn | None = None,
        save_path: str | os.PathLike[str] | None = None,
        clear: bool | None = None,
        lang: str = "en",
        bot_seed: int | None = None,
    ) -> None:
        if len(bots) != len(game.players):
            raise ValueError(f"{len(bots)} seat kinds for {len(game.players)} players")
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; the languages are {', '.join(LANGS)}")
        self.game = game
        self.lang = lang
        self.console = console or Console()
        self.input_fn = input_fn or (lambda prompt: self.console.input(Text(prompt)))
        self.save_path = Path(save_path) if save_path else None
        self.bot_names = list(bots)
        seeds = bot_seeds(len(bots), bot_seed)
        self.bots: list[Bot | None] = [
            make_bot(name, seeds[seat]) if name else None for seat, name in enumerate(bots)
        ]
        self.humans = [seat for seat, bot in enumerate(self.bots) if bot is None]
        self.clear = self.console.is_terminal if clear is None else clear
        self.last_human: int | None = None
        self.notices: list[Text] = []  # shown under the next screen (a clear would hide them)
        self.auto: set[int] = set()  # indices of the moves played for a human (a lone choice)
        self.focus: str | None = None  # "mars" or "board" chosen by the player for this decision
        self.board_seat: int | None = None
        self._menu: tuple[tuple[int, str], list[menu.Entry]] | None = None
        self._save_warned = False
        self.hints = [0] * len(bots)  # hints asked per seat (issue 25.1), kept in the save

    def t(self, template: str, **params: object) -> str:
        """A message in the session's language."""
        return tr(template, self.lang, **params)

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
                elif not self.lone_choice(seat):
                    self.human_decision(seat)
        except (Quit, KeyboardInterrupt):
            self._save_warned = False  # the last save's failure is said, as the first's was
            saved = self.save()
            self.say(self.t(N_("Game stopped.")), "bold")
            if saved:
                self.say(self.t(N_("Resume it with: {command}"),
                                command=f"onmars play --load {self.save_path}"))  # fmt: skip
            return 0
        self.finish()
        return 0

    def intro(self) -> None:
        t = Text(self.t(N_("On Mars")), style="bold")
        length = N_("short game") if self.game.options["length"] == "short" else N_("long game")
        # no seed: it would reveal every face-down stack and every hand (RUL-18)
        t.append(f" · {self.t(length)}")
        t.append(" · ")
        for seat, name in enumerate(self.bot_names):
            if seat:
                t.append(self.t(N_(", ")))
            t.append_text(render.name_text(self.names, seat))
            kind = (
                self.t(N_("({bot} bot)"), bot=self.t(BOT_NAMES.get(name, name)))
                if name
                else self.t(N_("(human)"))
            )
            t.append(words.gap(t.plain, kind) + kind, style=DIM)
        self.console.print(t)
        if self.game.moves:
            self.say(self.t(N_("Resumed after {n} moves."), n=len(self.game.moves)))
        if self.save_path:
            self.say(self.t(N_("Autosaving to {path} after every move."), path=self.save_path),
                     DIM)  # fmt: skip
        if self.humans:
            self.say(self.t(N_("Type help for the commands, lang zh for Chinese.")), DIM)
        width, lines = self.console.size
        if (
            self.humans
            and self.console.is_terminal
            and (width < render.MIN_WIDTH or lines < render.HEIGHT)
        ):
            self.say(
                self.t(N_("The board is drawn for a terminal of {w}x{h}; this one is "
                          "{width}x{lines}: enlarge it for a readable board."),
                       w=render.MIN_WIDTH, h=render.HEIGHT, width=width, lines=lines),
                "yellow",
            )  # fmt: skip

    def bot_move(self, seat: int) -> None:
        bot = self.bots[seat]
        assert bot is not None
        legal = self.game.legal_moves()
        move = bot.choose(self.game.view(seat), legal)
        try:
            self.game.play(move)
        except (ValueError, TypeError) as exc:  # a buggy bot must not stop a human's game
            # the refusal names no secret (RUL-19); the bot's move itself might (its goals)
            self.say(self.t(N_("{name} ({bot} bot) erred: {reason}"), name=self._who(seat),
                            bot=bot.name, reason=reason_text(exc, self.lang)))  # fmt: skip
            move = legal[0]
            self.game.play(move)
            self.say(self.t(N_("its first legal move was played instead")), "yellow")
        self.record()

    def lone_choice(self, seat: int) -> bool:
        """A lone legal move that loses nothing (no warning) plays itself; ``undo`` takes it
        back with the move before it."""
        legal = self.game.legal_moves()
        if len(legal) != 1 or self.game.describe(legal[0], self.lang)["warnings"]:
            return False
        self.game.play(legal[0])
        self.auto.add(len(self.game.moves) - 1)
        self.record(note=self.t(N_("(the only choice, played for {name})"),
                                name=self._who(seat)))  # fmt: skip
        return True

    def record(self, note: str = "") -> None:
        """Print what the move just played did (as the screen's viewers may see it) and
        autosave."""
        moves = len(self.game.moves)
        events = self.game.events(self.viewer, since=moves - 1, lang=self.lang)
        lines = logview.log_lines(self.view_of(self.viewer), events, lang=self.lang)
        for k, line in enumerate(lines):
            if k == 0 and note:
                line.append(f" {note}", style=DIM)
            self.console.print(line)
        # Autosave after every move; a game of bots alone saves every SPECTATOR_SAVE moves (and
        # at its end), since replacing a file costs milliseconds on some file systems.
        if self.humans or moves % SPECTATOR_SAVE == 0:
            self.save()

    @property
    def viewer(self) -> int | None:
        """Whose log the shared console shows: the lone human's, else a spectator's (RUL-18:
        in hot seat the other humans may be looking)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def view_of(self, seat: int | None) -> render.View:
        return self.game.view(seat)

    def entries(self, seat: int | None) -> list[LogEntry]:
        """The game's moves as ``seat`` may see them (:meth:`Game.seat_log`)."""
        return list(self.game.seat_log(seat))

    @property
    def names(self) -> render.View:
        """Just the players' names and colours: enough for :func:`render.name_text`."""
        players = self.game.view(None)["players"]
        return {"players": [{"name": p["name"], "colour": p["colour"]} for p in players]}

    def described(self) -> list[menu.Entry]:
        """The pending decision's menu, described in the session's language (kept while the
        position and the language stay the same)."""
        key = (len(self.game.moves), self.lang)
        if self._menu is None or self._menu[0] != key:
            self._menu = (key, menu.build(self.game, self.lang))
        return self._menu[1]

    # --- a human decision ------------------------------------------------------------------------
    def human_decision(self, seat: int) -> None:
        if len(self.humans) > 1 and seat != self.last_human:
            self.handoff(seat)
        self.last_human = seat
        self.focus = self.board_seat = None
        self.show(seat)
        while True:
            line = self.ask(seat)
            if self.command(seat, line):
                return

    def handoff(self, seat: int) -> None:
        """Hot seat: hide the last player's screen before showing the next one's secrets."""
        if self.clear:
            self.console.clear()
        t = Text(self.t(N_("Pass the keyboard to {name}."), name="\0"))
        head, _, tail = t.plain.partition("\0")
        t = Text(head)
        t.append_text(render.name_text(self.names, seat))
        t.append(tail + " " + self.t(N_("Press Enter when ready.")))
        self.console.print(t)
        if self.read("> ").strip().lower() in ("quit", "exit", "q"):
            raise Quit

    def screen(self, seat: int) -> render.Group:
        """The screen for ``seat``: its view, its menu, its log and the projected scores."""
        game = self.game
        decision = game.decision()
        mine = [k for k, entry in enumerate(game.seat_log(seat)) if entry.seat == seat]
        since = max(0, len(game.moves) - LOG_MOVES)
        return render.screen(
            game.view(seat),
            lang=self.lang,
            decision=decision,
            entries=self.described() if decision is not None and decision.seat == seat else None,
            events=game.events(seat, since=since, lang=self.lang),
            projection=game.projection(seat),
            focus=self.focus or render.focus_for(decision),
            board_seat=self.board_seat,
            fresh_from=mine[-1] + 1 if mine else 0,
            science=True if self.focus == "board" else None,  # asked for: the board in full
            width=self.console.width,
        )

    def show(self, seat: int) -> None:
        if self.clear:
            self.console.clear()
        self.console.print(self.screen(seat))
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
            self.say(self.t(N_("Type a move number, a move, or help.")), DIM)
            return False
        if len(line) > MAX_LINE:
            self.error(self.t(N_("That line is {n} characters long; no command is longer than "
                                 "{max}. Type help for the commands."), n=len(line),
                              max=MAX_LINE))  # fmt: skip
            return False
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "exit", "q"):
            raise Quit
        simple = {
            "help": self.help,
            "?": self.help,
            "h": self.help,
            "moves": self.show_moves,
            "score": lambda: self.show_score(seat),
        }
        if word in simple and not rest:
            simple[word]()
            return False
        if word == "undo":
            return self.undo(seat)
        if word == "conclude":
            return self.conclude(seat)
        handlers = {
            "why": self.why,
            "hint": lambda arg: self.hint(seat, arg),
            "info": lambda arg: self.info(seat, arg),
            "log": self.show_log,
            "lang": lambda arg: self.switch_lang(seat, arg),
            "map": lambda arg: self.switch_view(seat, "mars", arg),
            "board": lambda arg: self.switch_view(seat, "board", arg),
            "show": lambda arg: self.switch_view(seat, None, arg),
            "save": lambda arg: self.save(arg or None, announce=True),
        }
        if word in handlers:
            handlers[word](rest)
            return False
        return self.play_input(seat, line)

    def play_input(self, seat: int, line: str) -> bool:
        legal = self.game.legal_moves()
        if is_number(line):
            entries = self.described()
            chosen = [e.move for e in entries if e.number == int(line)]
            if not chosen:
                numbers = menu.numbers_text(entries, self.lang)
                self.error(self.t(N_("No move number {k}: the menu's numbers are {numbers}."),
                                  k=int(line), numbers=numbers))  # fmt: skip
                return False
            move: Move = chosen[0]
        else:
            try:
                move = Move.parse(line)
            except InvalidMoveError as exc:
                self.error(self.t(N_("Not a move or a command: {reason}. Type help for the "
                                     "commands."), reason=reason_text(exc, self.lang)))  # fmt: skip
                return False
        if move not in legal:
            self.error(self.t(N_("Illegal move '{move}': {reason}"), move=echo(str(move)),
                              reason=reason_text(self.game.why(move), self.lang)))  # fmt: skip
            return False
        if not self.confirm(move):
            return False
        self.game.play(move)
        self.record()
        return True

    def confirm(self, move: Move) -> bool:
        """A move with warnings (``game.describe``) is played only if the player says yes."""
        warnings = self.game.describe(move, self.lang)["warnings"]
        if not warnings:
            return True
        label = self.game.describe(move, self.lang)["label"]
        self.say(self.t(N_("Before you play {label}:"), label=label), "bold")
        for warning in warnings:
            self.say(f"  ⚠ {warning['text']}", "bold yellow1")
        answer = self.read(self.t(N_("Play it anyway? [y/N] ")))
        if answer.strip().lower() in YES:
            return True
        self.say(self.t(N_("Not played: nothing changed.")), "yellow")
        return False

    # --- commands --------------------------------------------------------------------------------
    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move, if it was made in this turn and turned nothing face up
        (RUL-19); never another player's move. Moves played for the player (a lone choice) are
        taken back with it."""
        game = self.game
        if not game.moves:
            self.error(self.t(N_("Nothing to undo: no move has been played.")))
            return False
        auto: list[str] = []
        while len(game.moves) - 1 in self.auto and game.can_undo(seat):
            auto.append(game.moves[-1])
            self.auto.discard(len(game.moves) - 1)
            game.undo(seat)
        last = game.events(seat, since=len(game.moves) - 1, lang=self.lang)[:1]
        try:
            game.undo(seat)
        except IllegalMoveError as exc:
            for text in reversed(auto):  # put back what was played for the player
                game.play(text)
                self.auto.add(len(game.moves) - 1)
            self.error(self.t(N_("Cannot undo: {reason}."), reason=reason_text(exc, self.lang)))
            return False
        what = last[0]["text"] if last else ""
        text = self.t(N_("Took back: {what}"), what=what)
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
                        self.t(N_("{name} ({bot} bot) does not agree: it agrees once no mission, "
                                  "Colony level or score has changed for {n} rounds. The game "
                                  "goes on."), name=name, bot=bot.name, n=STALL_ROUNDS),
                        "yellow",
                    )  # fmt: skip
                    return False
                continue
            answer = self.read(
                self.t(N_("{name}, end the game now and score it as it stands (RUL-20)? "
                          "[y/N] "), name=name)
            )  # fmt: skip
            if answer.strip().lower() not in YES:
                self.say(self.t(N_("{name} does not agree. The game goes on."), name=name),
                         "yellow")  # fmt: skip
                return False
        self.game.conclude()
        self.say(self.t(N_("The game ended by agreement (RUL-20): final scoring as it stands.")),
                 "bold")  # fmt: skip
        self.save()
        return True

    def why(self, text: str) -> None:
        if not text:
            self.error(self.t(N_("Usage: why <move>, e.g. why main blueprint")))
            return
        if is_number(text):
            self.say(self.t(N_("Move {k} is from the menu of legal moves: it can be played."),
                            k=int(text)))  # fmt: skip
            return
        try:
            move = Move.parse(text)
            reason = self.game.why(move)
        except InvalidMoveError as exc:
            self.error(self.t(N_("Not a move: {reason}"), reason=reason_text(exc, self.lang)))
            return
        if reason:
            self.say(self.t(N_("'{move}' is illegal now. {reason}"), move=echo(text),
                            reason=reason_text(reason, self.lang)), "yellow")  # fmt: skip
        else:
            number = next(e.number for e in self.described() if e.move == move)
            self.say(self.t(N_("'{move}' is legal now (move {k})."), move=echo(text), k=number),
                     "green3")  # fmt: skip

    def hint(self, seat: int, arg: str) -> None:
        """The search's top moves for ``seat``, from its view only (RUL-18); counted in the
        save's ``hints``."""
        try:
            seconds = hints.parse_seconds(arg, self.lang)
        except ValueError as exc:
            self.error(str(exc))
            return
        self.say(self.t(N_("Thinking for {seconds} s…"), seconds=f"{seconds:g}"), DIM)
        legal = list(self.game.legal_moves())
        # a seed of its own: the game's would reveal every hand and stack (RUL-18)
        advice = advise(self.game.view(seat), legal, seat=seat, seconds=seconds,
                        seed=secrets.randbits(32), lang=self.lang)  # fmt: skip
        self.hints[seat] += 1
        for line in hints.advice_lines(advice, self.described(), self.lang):
            self.print_hanging(line)

    def info(self, seat: int, token: str) -> None:
        if not token:
            self.error(self.t(N_("Usage: info <id or q,r>, e.g. info BP04, info geologist, "
                                 "info 0,0")))  # fmt: skip
            return
        view = self.game.view(seat)
        text = render.describe_hex(view, token, self.lang) or render.describe(token, self.lang)
        if text:
            self.console.print(text, markup=False, highlight=False)
        else:
            nothing = self.t(N_("Nothing is called {token}."),
                             token=words.quote(echo(token), self.lang))  # fmt: skip
            self.error(mapview.hex_problem(echo(token), self.lang) or nothing)

    def switch_view(self, seat: int, focus: str | None, arg: str) -> None:
        """``map``, ``board [player]``: what the top of the screen shows for this decision."""
        if arg:
            try:
                self.board_seat = find_seat(self.game.players, arg, self.lang, cut=echo)
            except ValueError as exc:
                self.error(str(exc))
                return
        elif focus == "board":
            self.board_seat = seat
        self.focus = focus
        self.show(seat)

    def switch_lang(self, seat: int, arg: str) -> None:
        if arg not in LANGS:
            self.error(self.t(N_("Usage: lang zh or lang en")))
            return
        self.lang = arg
        self.show(seat)

    def show_moves(self) -> None:
        for line in menu.full_text(self.described(), self.lang):
            self.print_hanging(line)

    def show_score(self, seat: int) -> None:
        view = self.game.view(seat)
        title = N_("The scores if the game ended now")
        self.console.print(
            render.scores_table(view, self.game.projection(seat), [], self.lang, title=title)
        )

    def show_log(self, arg: str) -> None:
        if arg and not is_number(arg):
            self.error(self.t(N_("Usage: log [N], N a number of moves, e.g. log 50")))
            return
        n = int(arg) if arg else 10
        moves = len(self.game.moves)
        events = self.game.events(self.viewer, since=max(0, moves - n), lang=self.lang)
        shown = events if n else []
        for line in logview.log_lines(self.view_of(self.viewer), shown, lang=self.lang):
            line.no_wrap = False
            self.print_hanging(line, hang=2)  # a move's line goes on under its words
        if not moves:
            self.say(self.t(N_("No moves yet.")))

    def help(self) -> None:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for cmd, text in COMMANDS.items():  # Text: "hint [seconds]" is no rich markup
            table.add_row(Text(self.t(cmd)), Text(self.t(text)))
        self.console.print(table)
        verbs = Table.grid(padding=(0, 2))
        verbs.add_column(style="bold", no_wrap=True)
        verbs.add_column()
        for verb, shape in VERBS.items():
            verbs.add_row(Text(verb), Text(self.t(shape)))
        self.console.print(Text(self.t(N_("Move notation:")), style="bold"))
        self.console.print(verbs)
        self.say(
            self.t(N_("Hexes are q,r (flat-top axial): each hex shows its q,r above what "
                      "stands on it; hexes touching on the screen touch on Mars.")),
            DIM,
        )  # fmt: skip

    # --- saving and the end ------------------------------------------------------------------
    def save_data(self) -> dict[str, Any]:
        data = {**self.game.log, "bots": list(self.bot_names)}
        if any(self.hints):  # only once asked: saves without hints keep their shape
            data["hints"] = list(self.hints)
        return data

    def save(self, path: str | None = None, announce: bool = False) -> bool:
        """Save the game to ``path`` (else the autosave file); False when nothing was saved."""
        target = Path(path) if path else self.save_path
        if target is None:
            if announce:
                self.error(self.t(N_("No save file: give one, e.g. save mygame.json")))
            return False
        if path and target != self.save_path and target.is_file():  # never replace unasked
            try:
                confirm_replace(str(target), self.console, self.input_fn, self.lang)
            except ValueError as exc:
                self.error(str(exc))
                return False
        tmp = None
        try:
            if not target.name or target.is_dir():
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_text(json.dumps(self.save_data()), encoding="utf-8")
            tmp.replace(target)
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte or no file name
            if tmp is not None:
                with contextlib.suppress(OSError, ValueError):
                    tmp.unlink(missing_ok=True)
            if announce or not self._save_warned:
                self.error(self.t(N_("Could not save to {path}: {reason}"),
                                  path=words.quote(str(target), self.lang),
                                  reason=self.save_error(exc)))  # fmt: skip
                self._save_warned = not announce
            return False
        if announce:
            self.say(self.t(N_("Saved {n} moves to {path}."), n=len(self.game.moves),
                            path=target), "green3")  # fmt: skip
        return True

    def save_error(self, exc: Exception) -> str:
        """Why a save failed, naming no file: the message names the file the player chose
        (issue 21: the OS's names the ``.tmp`` file written first)."""
        known = SAVE_ERRORS.get(getattr(exc, "errno", None) or 0)
        if known:
            return self.t(known)
        return getattr(exc, "strerror", None) or self.t(N_("not a valid file name"))

    def finish(self) -> None:
        """Game over: the whole board, the final scores with their breakdown, the winners."""
        self.save()
        view = self.game.view(None)
        if self.humans:
            since = max(0, len(self.game.moves) - LOG_MOVES)
            self.console.print(
                render.screen(view, lang=self.lang,
                              events=self.game.events(self.viewer, since=since, lang=self.lang),
                              width=self.console.width)
            )  # fmt: skip
        win = self.game.winners()
        self.console.print(render.scores_table(view, self.game.scores(), win, self.lang))
        if self.game.ended:
            self.say(self.t(N_("The game ended by agreement (RUL-20): scored as it stood.")),
                     "bold")  # fmt: skip
        self.console.print(render.winners_text(view, win, self.lang))

    # --- output helpers ----------------------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        return "-" if seat is None else self.game.players[seat]

    def print_hanging(self, line: Text, hang: int = 0) -> None:
        """A line that, longer than the console is wide, goes on under its own text (after
        its indent, or after its number: "12) ", "1. "; else ``hang`` columns in) rather than
        at the left edge."""
        head = HANGING.match(line.plain)
        start = head.end() if head else 0
        indent = start or hang
        if not indent or line.cell_len <= self.console.width:
            self.console.print(line)
            return
        parts = line[start:].wrap(self.console, self.console.width - indent)
        for k, part in enumerate(parts):
            self.console.print(Text.assemble(line[:start] if k == 0 else " " * indent, part))

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def error(self, text: str) -> None:
        self.console.print(Text(text, style="bold red"))


# --- the command line ----------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``onmars play`` (help texts marked for the catalogs, turned into the
    command line's language by ``onmars.cli``)."""
    parser.add_argument(
        "--players", type=int, choices=(2, 3, 4), help=N_("2-4 (default 3, or one per --names)")
    )
    bots = parser.add_argument(
        "--bots",
        default=None,
        help=N_("comma-separated bots for the last seats, e.g. greedy,hard: %(known)s"),
    )
    bots.known = f"{', '.join(BOTS)}, search:<seconds>, search:<n>sims"  # type: ignore[attr-defined]
    parser.add_argument("--names", default=None, help=N_("comma-separated player names"))
    parser.add_argument("--seed", type=int, default=None, help=N_("game seed (default: random)"))
    parser.add_argument(
        "--bot-seed",
        type=int,
        default=None,
        metavar="N",
        help=N_("seed of the bots' own random streams, to play a session again "
                "(default: drawn at random, never from the game seed)"),
    )  # fmt: skip
    parser.add_argument("--length", default="short", choices=LENGTHS)
    parser.add_argument(
        "--save",
        default=None,
        help=N_("autosave file (default: a new onmars-<date>-<time>.json, or the --load file); "
                "an existing file is replaced only if you agree"),
    )  # fmt: skip
    parser.add_argument(
        "--load", default=None,
        help=N_("resume a saved game (this client's save or Game.to_json)"),
    )  # fmt: skip
    parser.add_argument(
        "--lang",
        default=None,
        choices=LANGS,
        help=N_("language of the screen: en, zh (default: from LANGUAGE, LC_ALL or LANG; else en)"),
    )


def _split(text: str | None) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()] if text else []


def seat_bots(players: int, bots: Sequence[str], lang: str = "en") -> list[str | None]:
    """Bots fill the last seats: ``seat_bots(3, ["greedy"]) == [None, None, "greedy"]``."""
    if len(bots) > players:
        raise ValueError(tr(N_("{bots} bots for {players} players"), lang, bots=len(bots),
                            players=players))  # fmt: skip
    for name in bots:
        try:
            make_bot(name, 0)
        except ValueError:
            known = tr(", ", lang).join([*BOTS, "search:<seconds>", "search:<n>sims"])
            raise ValueError(tr(N_("unknown bot {name!r}; known bots: {known}"), lang, name=name,
                                known=known)) from None  # fmt: skip
    return [None] * (players - len(bots)) + list(bots)


def default_names(kinds: Sequence[str | None], lang: str = "en") -> list[str]:
    """The default names: a seat's number after what plays it ("Player 1", "Greedy 2"; 玩家 1,
    贪心 2)."""
    return [
        tr(N_("{bot} {n}"), lang, bot=_bot_title(kind, lang), n=seat + 1)
        if kind
        else tr(N_("Player {n}"), lang, n=seat + 1)
        for seat, kind in enumerate(kinds)
    ]


def _bot_title(kind: str, lang: str) -> str:
    name = tr(BOT_NAMES[kind], lang) if kind in BOT_NAMES else kind
    return name.title() if lang == "en" else name


def load_session_data(path: str, lang: str = "en") -> dict[str, Any]:
    """The JSON object in a save file (SaveFileError otherwise, in ``lang``, never a
    traceback)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise SaveFileError(tr(N_("{path} is not JSON: {reason}"), lang, path=path,
                               reason=exc)) from None  # fmt: skip
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name, bad UTF-8
        raise SaveFileError(tr(N_("cannot read {path}: {reason}"), lang, path=path,
                               reason=getattr(exc, "strerror", None) or exc)) from None  # fmt: skip
    except RecursionError:
        raise SaveFileError(tr(N_("{path} is not an On Mars save: nested too deeply"), lang,
                               path=path)) from None  # fmt: skip
    if not isinstance(data, dict):
        raise SaveFileError(tr(N_("{path} is not an On Mars log"), lang, path=path))
    return data


#: What every game log holds (:meth:`Game.replay`).
LOG_KEYS = ("options", "seed", "moves")


def load_game(path: str, lang: str = "en") -> tuple[Game, dict[str, Any]]:
    """The game in a save file: this client's save (a game's log and ``"bots"``) or a
    :meth:`Game.to_json` save (checked against its log); and the file's data. A JSON object
    that is neither is refused as such, not by the first key it lacks (issue 21: "'options'")."""
    data = load_session_data(path, lang)
    if not ("format" in data and "state" in data) and not all(k in data for k in LOG_KEYS):
        raise SaveFileError(
            tr(N_("{path} is not an On Mars save: a save holds a game's options, seed and moves"),
               lang, path=path)
        )  # fmt: skip
    if "format" in data and "state" in data:
        game = Game.from_json(json.dumps(data))
        return game, {**data, **game.log}
    return Game.replay(data), data


def new_save_path(folder: Path | None = None) -> Path:
    """A save file of its own for a new game: ``onmars-<date>-<time>.json``, numbered when a
    file of that name exists (a new game never replaces another's save). The name holds no
    seed: the seed would reveal every face-down stack (RUL-18)."""
    folder = folder or Path(".")
    stem = f"onmars-{datetime.datetime.now():%Y%m%d-%H%M%S}"
    path, k = folder / f"{stem}.json", 1
    while path.exists():
        k += 1
        path = folder / f"{stem}-{k}.json"
    return path


def check_save_target(path: str, lang: str = "en") -> None:
    """A ``--save`` file the game could never be written to (its folder missing, or a folder
    itself) is refused before the game starts, not after its first move. Raises ValueError."""
    target = Path(path)
    problem = None
    if not target.name or target.is_dir():
        problem = SAVE_ERRORS[errno.EISDIR]
    elif not target.parent.is_dir():
        problem = SAVE_ERRORS[errno.ENOENT]
    if problem:
        raise ValueError(tr(N_("Could not save to {path}: {reason}"), lang,
                            path=words.quote(path, lang), reason=tr(problem, lang)))  # fmt: skip


def confirm_replace(
    path: str, console: Console, input_fn: InputFn | None, lang: str = "en"
) -> None:
    """An explicit ``--save`` file that exists is replaced only if the player agrees; without
    an interactive input the answer is no. Raises ValueError (nothing changed) when refused."""
    target = Path(path)
    if not target.exists():
        return
    try:
        game, _ = load_game(path)
        what = tr(N_("a saved game ({n} moves, ended)") if game.is_over
                  else N_("a saved game ({n} moves)"), lang, n=len(game.moves))  # fmt: skip
    except SaveFileError:
        what = tr(N_("a file that is not an On Mars save"), lang)
    if input_fn is None:
        if not sys.stdin.isatty():
            raise ValueError(
                tr(N_("{path} already holds {what}; not replacing it without asking: choose "
                      "another --save file, or --load it to resume"), lang, path=path, what=what)
            )  # fmt: skip
        input_fn = lambda prompt: console.input(Text(prompt))  # noqa: E731
    try:
        answer = input_fn(tr(N_("{path} already holds {what}. Replace it? [y/N] "), lang,
                             path=path, what=what))  # fmt: skip
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if answer.strip().lower() not in YES:
        raise ValueError(tr(N_("{path} kept as it was: choose another --save file, or --load "
                               "it"), lang, path=path))  # fmt: skip


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
        lang = getattr(args, "lang", None) or env_lang()
        said = reason_text(exc, lang)
        console.print(Text(tr(N_("onmars play: {reason}"), lang, reason=said), style="bold red"))
        return 2
    if input_fn is None and console.is_terminal:
        with contextlib.suppress(ImportError):  # not on every platform
            import readline  # noqa: F401  (line editing and history for input())
    return session.run()


def build_session(args: argparse.Namespace, console: Console, input_fn: InputFn | None) -> Session:
    lang = getattr(args, "lang", None) or env_lang()
    bot_seed = getattr(args, "bot_seed", None)
    bots_arg = _split(args.bots) if args.bots is not None else None
    if args.load:
        game, data = load_game(args.load, lang)
        players = len(game.players)
        if bots_arg is not None:
            kinds = seat_bots(players, bots_arg, lang)
        else:
            saved = data.get("bots")
            if isinstance(saved, list) and len(saved) == players:
                kinds = [x if isinstance(x, str) and x else None for x in saved]
                seat_bots(players, [x for x in kinds if x], lang)  # known bot names only
            else:
                kinds = [None] * players
        if args.save and Path(args.save).resolve() != Path(args.load).resolve():
            check_save_target(args.save, lang)
            confirm_replace(args.save, console, input_fn, lang)
        save = args.save or args.load
        session = Session(game, kinds, console=console, input_fn=input_fn, save_path=save,
                          lang=lang, bot_seed=bot_seed)  # fmt: skip
        used = data.get("hints")
        if isinstance(used, list) and len(used) == players and all(type(n) is int for n in used):
            session.hints = [max(0, n) for n in used]
        return session
    names = _split(args.names)
    players = args.players or (len(names) if names else 3)
    if names and len(names) != players:
        raise ValueError(tr(N_("{names} names for {players} players"), lang, names=len(names),
                            players=players))  # fmt: skip
    check_names(names, lang)
    kinds = seat_bots(players, bots_arg or [], lang)
    game = Game.new(names or default_names(kinds, lang), seed=args.seed, length=args.length)
    if args.save:
        check_save_target(args.save, lang)
        confirm_replace(args.save, console, input_fn, lang)
    save = args.save or new_save_path()
    return Session(game, kinds, console=console, input_fn=input_fn, save_path=save, lang=lang,
                   bot_seed=bot_seed)  # fmt: skip
