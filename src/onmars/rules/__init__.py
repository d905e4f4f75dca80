"""The rules of On Mars: the state, the engine and every rule, with the component data.

This package imports nothing from the rest of ``onmars`` (bots, terminal, tools, server). It is
built in layers, each sub-package importing only those below it (``lint-imports`` checks it):

- :mod:`onmars.rules.position`: positions built from a short description and checked, for
  tests and analysis (over ``game``, public);
- :mod:`onmars.rules.game` (with ``determinize`` and ``shape``): the public face, ``Game``;
- :mod:`onmars.rules.explain`: events, labels, previews, the catalog of faces, refusal texts;
- :mod:`onmars.rules.actions`: every rule (the rounds, the actions, scoring, setup) and the
  registry that enters them into the engine;
- :mod:`onmars.rules.engine`: the state, frames, moves, the engine loop, errors, texts (i18n),
  rules versions and what a seat may see (``view``, RUL-18);
- :mod:`onmars.rules.data`: the component data (TOML), its schema and validation, the hex map.

Its public face, re-exported by ``onmars``: :class:`Game` (with :class:`Decision`, what
:meth:`Game.decision` returns, and :class:`LogEntry`), :class:`Move` and ``VERBS`` (the move
notation, verb by verb), ``LENGTHS`` (the game lengths), ``RULES_VERSION`` (the rules version
new games are played under; :class:`Replayed` and :class:`Stop` tell where a replay of an
older game stopped) and the errors; besides, :class:`MoveStructure` with :class:`MoveArg` and
:class:`MoveTarget` (a legal move's typed arguments and its place on the table, what
:meth:`Game.structures` lists), :class:`Sequence` and :class:`SequenceError` (the sequences of
moves a table offers as one click, :meth:`Game.sequences`, :meth:`Game.play_sequence`), the
read-only component data
:mod:`onmars.rules.data.components` and the hex geometry :mod:`onmars.rules.data.hexmap` (also
reachable as ``onmars.rules.components`` and ``onmars.rules.hexmap``) and the position builder
:mod:`onmars.rules.position`. Every other module here is private to the rules: clients, bots
and tools use only this face (``tests/test_layers.py`` checks it).

For readers that keep their own copy of what a game shows (the AI encoders, issue 26.7):
:class:`Mark` (what :meth:`Game.mark` returns, for :meth:`Game.written_since`),
``COW_FIELDS`` and ``ALWAYS_WRITTEN`` (the parts of the state that report being written) and
``fields_read`` (the parts a view's key is read from); and ``FINAL_CATEGORIES``, the scoring
categories of the final scoring (§24.2), apart from those scored during play. ``COLOURS``:
the players' colours, the one each seat is dealt first.
"""

from onmars.rules.actions.scoring import FINAL as FINAL_CATEGORIES
from onmars.rules.data import components, hexmap
from onmars.rules.data.schema import COLOURS
from onmars.rules.engine.errors import (
    IllegalMoveError,
    InvalidMoveError,
    NewerRulesError,
    OlderRulesError,
    OnMarsError,
    OptionsError,
    SaveFileError,
)
from onmars.rules.engine.i18n import LANGS, N_, env_lang, tr
from onmars.rules.engine.moves import VERBS, Move
from onmars.rules.engine.state import ALWAYS_WRITTEN, COW_FIELDS
from onmars.rules.engine.version import RULES_VERSION
from onmars.rules.engine.view import fields_read
from onmars.rules.explain.catalog import catalog
from onmars.rules.explain.describe import WARNING_KINDS
from onmars.rules.explain.sequences import MAX_SEQUENCE, Sequence
from onmars.rules.explain.structure import ArgKind, MoveArg, MoveStructure, MoveTarget, TargetKind
from onmars.rules.explain.terms import join_list, name_key, reason_text
from onmars.rules.game import (
    LENGTHS,
    Decision,
    Game,
    LogEntry,
    Mark,
    Replayed,
    SequenceError,
    Stop,
)

__all__ = [
    "ALWAYS_WRITTEN",
    "COLOURS",
    "COW_FIELDS",
    "FINAL_CATEGORIES",
    "Mark",
    "fields_read",
    "components",
    "hexmap",
    "LANGS",
    "LENGTHS",
    "VERBS",
    "Decision",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "LogEntry",
    "Move",
    "ArgKind",
    "MoveArg",
    "MoveStructure",
    "MoveTarget",
    "TargetKind",
    "N_",
    "NewerRulesError",
    "OlderRulesError",
    "OnMarsError",
    "OptionsError",
    "RULES_VERSION",
    "Replayed",
    "MAX_SEQUENCE",
    "WARNING_KINDS",
    "Sequence",
    "SequenceError",
    "SaveFileError",
    "Stop",
    "catalog",
    "env_lang",
    "join_list",
    "name_key",
    "reason_text",
    "tr",
]
