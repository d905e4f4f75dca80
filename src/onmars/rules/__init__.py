"""The rules of On Mars: the state, the engine and every rule, with the component data.

This package imports nothing from the rest of ``onmars`` (bots, terminal, tools, server). Its
public face, re-exported by ``onmars``: :class:`Game` (with :class:`Decision`, what
:meth:`Game.decision` returns, and :class:`LogEntry`), :class:`Move` and ``VERBS`` (the move
notation, verb by verb), ``LENGTHS`` (the game lengths), ``RULES_VERSION`` (the rules version
new games are played under; :class:`Replayed` and :class:`Stop` tell where a replay of an
older game stopped) and the errors; besides, the read-only
component data :mod:`onmars.rules.components` and the hex geometry :mod:`onmars.rules.hexmap`.
Every other module here is private to the rules: clients, bots and tools use only this face
(``tests/test_layers.py`` checks it).
"""

from onmars.rules.catalog import catalog
from onmars.rules.errors import (
    IllegalMoveError,
    InvalidMoveError,
    NewerRulesError,
    OlderRulesError,
    OnMarsError,
    OptionsError,
    SaveFileError,
)
from onmars.rules.game import LENGTHS, Decision, Game, LogEntry, Replayed, Stop
from onmars.rules.i18n import LANGS, N_, env_lang, tr
from onmars.rules.moves import VERBS, Move
from onmars.rules.terms import join_list, reason_text
from onmars.rules.version import RULES_VERSION

__all__ = [
    "LANGS",
    "LENGTHS",
    "VERBS",
    "Decision",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "LogEntry",
    "Move",
    "N_",
    "NewerRulesError",
    "OlderRulesError",
    "OnMarsError",
    "OptionsError",
    "RULES_VERSION",
    "Replayed",
    "SaveFileError",
    "Stop",
    "catalog",
    "env_lang",
    "join_list",
    "reason_text",
    "tr",
]
