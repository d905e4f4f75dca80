"""The command line's words in the language chosen: ``--lang en|zh`` on any command, else the
environment's as the terminal game reads it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``; :func:`onmars.env_lang`), else English.

Our own texts are catalog messages (``tr``). argparse's own words ("usage:", "options", its
errors) come through the ``_``/``ngettext`` names it took from gettext at import: while a
command line is read, :func:`argparse_in` points them at our catalogs (the messages listed in
:data:`ARGPARSE`), so a Chinese command line gets Chinese help and errors, still with exit
status 2. :func:`localize` turns the help texts of a built parser (marked ``N_`` where they are
written) into the language. Tables are aligned by terminal cells (a Chinese character takes
two), with rich's cell width.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rich.cells import cell_len

from onmars import LANGS, N_, env_lang, join_list, reason_text, tr

#: The ``--lang`` option's help, the same on every command.
LANG_HELP = N_("language of the texts: en, zh (default: from LANGUAGE, LC_ALL or LANG; else en)")

#: argparse's own words (Python 3.11), so that the catalogs hold them; their ``%`` placeholders
#: are argparse's and stay as they are in a translation.
ARGPARSE = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument"),
    N_("expected %s arguments"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


class CommandError(ValueError):
    """A command's options refused, typed and translatable like the engine's errors: the English
    template (``message_id``) and its ``params`` (a list or tuple is a list of ids, joined as
    the language joins lists); ``str()`` is the English text, :meth:`text` any language's."""

    rule = ""

    def __init__(self, template: str, **params: Any) -> None:
        self.message_id, self.params = template, params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The refusal in ``lang``."""
        filled = {
            k: join_list(map(str, v), lang) if isinstance(v, list | tuple) else v
            for k, v in self.params.items()
        }
        return tr(self.message_id, lang, **filled)


def refusal_text(exc: BaseException, lang: str) -> str:
    """A refused option or a refused game in ``lang`` (:class:`CommandError`, the engine's
    typed errors; any other error's own text)."""
    return exc.text(lang) if isinstance(exc, CommandError) else reason_text(exc, lang)


def argv_lang(words: Sequence[str]) -> str | None:
    """The language a command line names with ``--lang X`` or ``--lang=X`` (before ``--``), or
    None: known before argparse reads the line, so that its help and errors are in it too."""
    for k, word in enumerate(words):
        if word == "--":
            break
        value = word.removeprefix("--lang=") if word.startswith("--lang=") else None
        if word == "--lang" and k + 1 < len(words):
            value = words[k + 1]
        if value in LANGS:
            return value
    return None


def command_lang(args: argparse.Namespace) -> str:
    """The language of a parsed command: its ``--lang``, else the environment's."""
    return getattr(args, "lang", None) or env_lang()


def add_lang(parser: argparse.ArgumentParser) -> None:
    """``--lang en|zh``, as ``onmars play`` has it (default: the environment's language)."""
    parser.add_argument("--lang", default=None, choices=LANGS, help=LANG_HELP)


#: The language argparse speaks (:func:`argparse_in`), for the errors of our option types.
_speaking: list[str] = []


def arg_error(template: str, **params: object) -> argparse.ArgumentTypeError:
    """An option value's error (raised by a ``type=`` function) in argparse's language."""
    lang = _speaking[-1] if _speaking else env_lang()
    return argparse.ArgumentTypeError(tr(template, lang, **params))


@contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    """argparse's own words in ``lang`` while the block builds and reads a command line."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]

    def gettext(text: str | None) -> str | None:
        return text if text is None else tr(text, lang)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return tr(singular if n == 1 else plural, lang)

    argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
    _speaking.append(lang)
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _speaking.pop()


#: A Chinese character, or full-width punctuation: a line may break before or after each.
_WIDE = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
_TOKENS = re.compile(rf"[{_WIDE}]|[^\s{_WIDE}]+|\s+")
#: Full-width punctuation that never starts a line.
_CLOSING = "，。；：、）！？”"


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` terminal cells, broken at spaces and between
    Chinese characters (textwrap, which argparse uses, breaks only at spaces and counts a
    Chinese character as one column); closing punctuation stays at the end of its line."""
    lines: list[str] = []
    line = ""
    for token in _TOKENS.findall(text):
        if token.isspace():
            line += " " if line else ""
            continue
        if line and cell_len(line + token) > width and token not in _CLOSING:
            lines.append(line.rstrip())
            line = ""
        line += token
    return [*lines, line.rstrip()] if line.strip() else lines


#: A help section's heading ("options:"), whose colon argparse writes itself.
HEADING = N_("{heading}:")


def _formatter(lang: str) -> type[argparse.HelpFormatter]:
    """argparse's help formatter, its section headings ended as ``lang`` ends them (Chinese:
    the full-width colon)."""

    class Formatter(argparse.HelpFormatter):
        headings: list[str]

        def start_section(self, heading: str | None) -> None:
            self.__dict__.setdefault("headings", []).append(heading or "")
            super().start_section(heading)

        def _split_lines(self, text: str, width: int) -> list[str]:
            return wrap(" ".join(text.split()), width)

        def _fill_text(self, text: str, width: int, indent: str) -> str:
            return "\n".join(indent + line for line in wrap(" ".join(text.split()), width))

        def format_help(self) -> str:
            text = super().format_help()
            for heading in self.__dict__.get("headings", []):
                if heading:
                    said = tr(HEADING, lang, heading=heading)
                    text = text.replace(f"{heading}:\n", f"{said}\n")
            return text

    return Formatter


def localize(parser: argparse.ArgumentParser, lang: str) -> None:
    """The help texts and description of ``parser`` and of its subcommands in ``lang``, and
    ``lang`` the default of every ``--lang`` (so a subcommand does not undo the main one's)."""
    seen: set[int] = set()
    todo = [parser]
    while todo:
        one = todo.pop()
        if id(one) in seen:
            continue
        seen.add(id(one))
        one.set_defaults(lang=lang)
        if lang != "en":
            one.formatter_class = _formatter(lang)
        if one.description:
            one.description = tr(one.description, lang)
        for action in one._actions:
            if action.help and action.help is not argparse.SUPPRESS:
                action.help = tr(action.help, lang)
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    choice.help = tr(choice.help, lang) if choice.help else choice.help
                todo.extend(action.choices.values())


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` padded to ``width`` terminal cells (``"<"`` left, ``">"`` right aligned)."""
    room = " " * max(0, width - cell_len(text))
    return text + room if align == "<" else room + text


def columns(rows: Sequence[Sequence[str]], aligns: str, gap: str = "  ") -> list[str]:
    """``rows`` as lines of aligned columns, by cells: ``aligns`` holds ``<`` or ``>`` a column."""
    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(aligns))]
    return [
        gap.join(pad(c, w, a) for c, w, a in zip(row, widths, aligns, strict=True)) for row in rows
    ]
