"""onmars: Vital Lacerda's On Mars (2-4 players): the rules engine, bots and clients.

Layers, each importing only those below it: ``onmars.rules`` (the game), ``onmars.bots``,
``onmars.terminal`` (the terminal client), ``onmars.tools`` (arena, bench, replay), and
``onmars.cli`` on top. The public face is :class:`Game`, :class:`Move` and the errors, with
the component data (``onmars.rules.data.components``) and the hex geometry
(``onmars.rules.data.hexmap``): the layers above the rules use nothing else of them (see
:mod:`onmars.rules`).
"""

from onmars.rules import (
    LANGS,
    LENGTHS,
    N_,
    RULES_VERSION,
    VERBS,
    Decision,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    LogEntry,
    Move,
    NewerRulesError,
    OlderRulesError,
    OnMarsError,
    OptionsError,
    Replayed,
    SaveFileError,
    Sequence,
    SequenceError,
    Stop,
    catalog,
    env_lang,
    join_list,
    name_key,
    reason_text,
    tr,
)

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
    "Sequence",
    "SequenceError",
    "Stop",
    "catalog",
    "env_lang",
    "join_list",
    "name_key",
    "reason_text",
    "tr",
]
