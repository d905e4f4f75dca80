"""The engine's typed errors, and the reasons a move is refused. All errors are ``ValueError``s,
as in python-chess.

A refusal names the rule that forbids the move: its text reads ``"§9.2: <reason>"`` (or
``"RUL-19: ..."``). A :class:`Reason` is that text as a ``str`` (so it reads, compares and joins
as before) that also keeps its parts for a translation: the rule id, the message id (the English
template, ``"{eid} costs {cost} Crystals"``: the key a catalog translates, as in gettext) and the
parameters filled into it. :class:`IllegalMoveError` carries the same parts as attributes.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable, Mapping
from typing import Any

#: A rule id at the start of a refusal: ``§9.2`` or ``RUL-19``, then ``": "``.
_RULE = re.compile(r"(§\d+(?:\.\d+)*|RUL-\d+): ")


class OnMarsError(ValueError):
    """Base class of every error the engine raises on bad input."""


class OptionsError(OnMarsError):
    """Bad options for a new game: the player count or names, the seed, the length."""


class InvalidMoveError(OnMarsError):
    """Move text that cannot be read at all (malformed notation). Like a refusal it keeps its
    English template (``message_id``) and ``params``, so that it can be translated."""

    rule = ""

    def __init__(self, template: str, **params: Any) -> None:
        self.message_id, self.params = template, params
        super().__init__(template.format(**params) if params else template)


class Reason(str):
    """Why a move is refused: the text ``"<rule>: <reason>"``, a ``str``, with its parts.

    ``rule``: ``"§9.2"``, ``"RUL-19"`` (``""`` for a text that names none); ``reason``: the
    plain English text after the rule; ``message_id``: the English template (the key of a
    translation); ``params``: the values filled into the template."""

    rule: str
    message_id: str
    params: dict[str, Any]

    def __new__(cls, rule: str, template: str, params: Mapping[str, Any] | None = None) -> Reason:
        values = dict(params) if params else {}
        text = template.format(**values) if values else template
        return cls._make(f"{rule}: {text}" if rule else text, rule, template, values)

    @classmethod
    def _make(cls, text: str, rule: str, message_id: str, params: dict[str, Any]) -> Reason:
        self = str.__new__(cls, text)
        self.rule, self.message_id, self.params = rule, message_id, params
        return self

    @classmethod
    def of(cls, text: str) -> Reason:
        """A refusal from its text: a :class:`Reason` as it is, else a plain ``"§n: ..."`` text
        with its rule split off (its message id is then the text itself, with no parameters)."""
        if isinstance(text, Reason):
            return text
        found = _RULE.match(text)
        rule = found.group(1) if found else ""
        return cls._make(text, rule, text[found.end() :] if found else text, {})

    @property
    def reason(self) -> str:
        """The plain English reason, without the rule id."""
        return self[len(self.rule) + 2 :] if self.rule else str(self)

    @property
    def phrase(self) -> Reason:
        """The reason without its rule id, its parts kept: a phrase for another refusal's
        parameter (translated with it)."""
        return Reason._make(self.reason, "", self.message_id, self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Reason._make, (str(self), self.rule, self.message_id, self.params))


def refuse(rule: str, template: str, **params: Any) -> Reason:
    """The refusal ``"<rule>: <template filled with params>"``: ``refuse("§13.1", "{eid} costs
    {cost} Crystals", eid=eid, cost=2)``. Build it only when the reason is wanted in words
    (``explain``): listing legal moves asks only whether something is refused.

    With ``rule=""`` it is a phrase that goes into another refusal's parameter (``have=refuse("",
    "none is available")``, a prompt, a building's name): a translation renders a parameter
    that is a :class:`Reason` (or :class:`Joined`) in its language too; any other parameter (an
    id, a hex, a number) is filled in as it is."""
    return Reason(rule, template, params)


class Joined(str):
    """Texts joined into one parameter of a refusal, ``"; ".join(parts)``, as a ``str`` that
    keeps its parts (each a :class:`Reason` or a plain text): a translation renders each part
    in its language and joins them the same way."""

    parts: tuple[str, ...]
    sep: str

    def __new__(cls, parts: Iterable[str], sep: str = "; ") -> Joined:
        items = tuple(parts)
        self = str.__new__(cls, sep.join(items))
        self.parts, self.sep = items, sep
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.parts, self.sep))


class Term(str):
    """A parameter of a refusal that names a thing of the game, as a ``str`` (the English text,
    the id as the English template shows it) that keeps its ``kind`` and ``value``: a
    translation names it in its language (``i18n``): ``Term("item", "water")`` reads "water"
    in English and 水 in Chinese; ``Term("card", "BP01")`` reads "BP01" and 建筑工地（BP01）.

    Kinds (named by :mod:`onmars.rules.explain.terms`): ``item`` (a Resource, a Crystal), ``items``
    (a cost, a tuple of items), ``card`` (an id of a card or tile: Blueprint, Scientist, Contract,
    Mission, Private Goal, Discovery tile), ``research`` (a Research tile's type), ``tech`` (a
    Tech tile id), ``techtype`` and ``building`` (a type by name), ``btype`` (a type by name and
    id, to type), ``space`` (a Lab space), ``action`` (a main action), ``exec`` (an Executive
    action), ``move`` (a move's notation), ``player`` (a player's name), ``input`` (text a
    person typed, quoted as it is)."""

    kind: str
    value: Any

    def __new__(cls, kind: str, value: Any, text: str | None = None) -> Term:
        if text is None:
            text = " + ".join(value) if isinstance(value, tuple | list) else str(value)
        self = str.__new__(cls, text)
        self.kind, self.value = kind, value
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Term, (self.kind, self.value, str(self)))


def terms(kind: str, values: Iterable[Any], sep: str = ", ") -> Joined:
    """A list of things of one kind as one parameter: joined with ``", "`` in English and the
    way of the language in a translation (、 in Chinese), never as a Python list."""
    return Joined([Term(kind, v) for v in values], sep)


#: The reason a check gives when it was asked only *whether* something is refused
#: (``explain=False``): any non-empty value means "refused"; no text is built.
NO = "refused"


class IllegalMoveError(OnMarsError):
    """A well-formed move that the rules forbid now.

    ``IllegalMoveError(rule, reason, message_id=..., params=...)``, or with one text
    ``IllegalMoveError("§9.2: reason")`` (a :class:`Reason` keeps its message id and
    parameters). Attributes: ``rule`` (``"§9.2"``, ``"RUL-19"``), ``reason`` (the plain English
    reason), ``message_id`` and ``params`` (for a translation). ``str(err)`` is
    ``"§9.2: reason"``."""

    rule: str
    reason: str
    message_id: str
    params: dict[str, Any]

    def __init__(
        self,
        rule: str,
        reason: str | None = None,
        *,
        message_id: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if reason is None:  # one text, "§9.2: reason"
            parts = Reason.of(rule)
            rule, reason = parts.rule, parts.reason
            message_id = parts.message_id if message_id is None else message_id
            params = parts.params if params is None else params
        self.rule = rule
        self.reason = reason
        self.message_id = reason if message_id is None else message_id
        self.params = dict(params) if params else {}
        super().__init__(f"{rule}: {reason}" if rule else reason)

    @classmethod
    def of(cls, reason: str) -> IllegalMoveError:
        """The error for a refusal (a :class:`Reason` or a ``"§n: ..."`` text)."""
        return cls(reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.rule, self.reason, self.message_id, self.params))


def _rebuild(rule: str, reason: str, message_id: str, params: dict[str, Any]) -> IllegalMoveError:
    return IllegalMoveError(rule, reason, message_id=message_id, params=params)


class SaveFileError(OnMarsError):
    """A save file or move log that cannot be loaded (corrupt JSON, wrong shape, bad move)."""


def shown(value: object) -> str:
    """``value`` as a refusal names it: its ``repr`` cut short (:mod:`reprlib`), or what it is
    when even that cannot be made (an integer past Python's 4,300 digits): bad input must get
    an error that names it, not a ``ValueError`` from the message's own formatting."""
    try:
        return reprlib.repr(value)
    except ValueError:
        kind = "an integer" if isinstance(value, int) else f"a {type(value).__name__}"
        return f"({kind} too long to show)"


class RulesVersionError(SaveFileError):
    """A log that today's rules cannot replay because of its rules version (issue 21, item 10):
    made under a newer version than this program's, or under an older one whose moves today's
    rules refuse. Like a refusal it keeps its English template (``message_id``) and ``params``,
    so that ``reason_text`` gives it in either language."""

    rule = ""

    def __init__(self, template: str, **params: Any) -> None:
        self.message_id, self.params = template, params
        super().__init__(template.format(**params))


class NewerRulesError(RulesVersionError):
    """The log names a rules version newer than this program knows: update onmars to open it."""


class OlderRulesError(RulesVersionError):
    """The log was made under an older rules version, and today's rules refuse one of its moves
    (or make another position of them): it is not corrupt, only older than this program."""
