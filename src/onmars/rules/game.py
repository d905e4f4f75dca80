"""The public face of the engine: :class:`Game`.

A game is (options, seed, moves), plus ``"ended": "agreement"`` when the players ended it early
(RUL-20): ``Game.replay(game.log)`` rebuilds it exactly. ``play`` is the only way to change a
game; it refuses an illegal move with :class:`IllegalMoveError` naming the rule, and malformed
text with :class:`InvalidMoveError`, leaving the game untouched. Every error on bad input is an
:class:`~onmars.errors.OnMarsError` (a ``ValueError``).

Besides the moves, the game remembers for each move its round, its seat, its turn and whether it
turned anything face up (RUL-19: such a move cannot be taken back); saves keep that record.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import secrets
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, overload

from onmars.rules.actions.registry import register
from onmars.rules.actions.scoring import end_by_agreement, scores, winners
from onmars.rules.actions.setup import new_state
from onmars.rules.determinize import determinize, from_view
from onmars.rules.engine import engine, version
from onmars.rules.engine.errors import (
    IllegalMoveError,
    InvalidMoveError,
    NewerRulesError,
    OlderRulesError,
    OnMarsError,
    OptionsError,
    SaveFileError,
    refuse,
    shown,
)
from onmars.rules.engine.i18n import N_, check_lang, tr
from onmars.rules.engine.moves import TOKEN, VERBS, Move, notation
from onmars.rules.engine.state import State, written_parts
from onmars.rules.engine.version import check_version
from onmars.rules.engine.view import values as view_values
from onmars.rules.engine.view import view
from onmars.rules.explain.describe import describe
from onmars.rules.explain.events import Event, EventLog, event_text, seen_by
from onmars.rules.explain.labels import goal_of, label
from onmars.rules.explain.sequences import MAX_SEQUENCE, Sequence, sequences
from onmars.rules.explain.structure import MoveStructure, structure
from onmars.rules.explain.terms import reason_text
from onmars.rules.explain.whynot import Refused, refusals

LENGTHS = ("short", "long")
SAVE_FORMAT = 1
#: Seeds are 0 <= seed < MAX_SEED, so that every game's log can be saved and read back.
MAX_SEED = 2**256
#: Bits of a seed drawn for a new game (RUL-18): the public opening must not give it away, as
#: 31 bits did (every candidate can be tried in hours of CPU, and the seed shows every stack).
SEED_BITS = 128
#: How a game ended early (RUL-20); recorded in the log as ``"ended": AGREEMENT``.
AGREEMENT = "agreement"
#: A position is kept every CHECKPOINT moves, the last KEEP of them (and the start): undo
#: replays fewer than CHECKPOINT moves, or the whole game when it goes back further than that.
CHECKPOINT = 64
KEEP = 2
#: About the memory of a State, and of a move's text and record once compacted (measured on
#: 3-player games of 900-2,200 random moves: 15 KB, 40 bytes); :meth:`Game.nbytes` counts so.
STATE_BYTES = 15_000
MOVE_BYTES = 40
#: What another seat sees of a Private Goal spent as a Crystal (RUL-18).
DISCARD_SEEN = "discard (a goal)"  # short: it fits the log panel
#: What another seat sees of a refused ``goal`` move (:class:`Stop`): the goal was not
#: completed, so it is still a secret card of its holder's hand (RUL-18).
GOAL_SEEN = "goal (a goal)"
#: The moves that name a Private Goal, by verb, as another seat sees them while it is secret.
GOAL_MOVES_SEEN = {"discard": DISCARD_SEEN, "goal": GOAL_SEEN}


class LogEntry(NamedTuple):
    """One move as a seat may see it (:meth:`Game.seat_log`): its round, the seat that made it
    and its text, with other seats' secrets redacted (RUL-18)."""

    round: int
    seat: int | None
    move: str


#: Why a replay of an older game stopped (:class:`Stop`), in the catalogs' words.
OLDER_RULES = N_(
    "this game was made under an older version of the rules (version {old}; this program plays "
    "version {new}): today's rules refuse its move {n} ({move}): {reason}"
)
REFUSED_MOVE = N_("the rules refuse move {n} ({move}) of this game: {reason}")
OLDER_STATE = N_(
    "this save was made under an older version of the rules (version {old}; this program plays "
    "version {new}): its moves no longer lead to the position it saved"
)


@dataclass(frozen=True)
class Stop:
    """Where a replay stopped (:meth:`Game.replay` with ``partial=True``; issue 21, item 10):
    the log's move ``ply`` (0-based; the moves before it were replayed), its text ``move``,
    ``error`` the rules' refusal of it, ``rules`` the log's rules version, ``dropped`` how many
    of the log's moves were not replayed (that one and those after it), ``ended`` whether the
    log's end by agreement (RUL-20) was dropped with them and ``seat`` the seat that played the
    refused move (the one deciding in the replayed game)."""

    ply: int
    move: str
    error: OnMarsError
    rules: int
    dropped: int
    ended: bool
    seat: int | None = None

    def seen_by(self, seat: int | None) -> Stop:
        """This stop as ``seat`` may see it (``None``: a spectator): another seat's refused
        ``discard`` names no Private Goal (RUL-18, as :meth:`Game.seat_log`), nor does its
        refused ``goal``: refused, it completed nothing and the card is still in its hand; the
        refusal itself names no secret (RUL-19). Only the seat that played it (known:
        ``self.seat``) sees its text."""
        verb = self.move.split(maxsplit=1)[0] if self.move.strip() else ""
        mine = seat is not None and seat == self.seat
        if mine or verb not in GOAL_MOVES_SEEN:
            return self
        return dataclasses.replace(self, move=GOAL_MOVES_SEEN[verb])

    @property
    def current(self) -> int:
        """The rules version of this program, which refused the move."""
        return version.RULES_VERSION

    @property
    def older(self) -> bool:
        """The log was made under an older rules version than this program's: not corrupt, only
        older (the policy in docs/rules-versions.md)."""
        return self.rules < self.current

    def message(self, lang: str = "en") -> str:
        """Why the replay stopped, in ``lang``: made under an older version of the rules, or (a
        log of today's version) a move the rules refuse."""
        params = {"n": self.ply + 1, "move": self.move, "reason": reason_text(self.error, lang)}
        if self.older:
            return tr(OLDER_RULES, lang, old=self.rules, new=self.current, **params)
        return tr(REFUSED_MOVE, lang, **params)

    def exception(self) -> SaveFileError:
        """The error a full replay raises here: :class:`OlderRulesError` for an older log."""
        params = {"n": self.ply + 1, "move": self.move, "reason": self.error}
        if self.older:
            return OlderRulesError(OLDER_RULES, old=self.rules, new=self.current, **params)
        return SaveFileError(f"move {self.ply + 1} ({self.move!r}) of the log: {self.error}")


class Replayed(NamedTuple):
    """A partial replay (:meth:`Game.replay` with ``partial=True``): the game up to the last
    move today's rules accept, and where and why the replay stopped (``None``: the whole log
    was replayed)."""

    game: Game
    stop: Stop | None


#: Per move: (round, seat, turn key). The turn key (phase and markers laid down) with the
#: round and the seat tells the turns apart.
Turn = tuple[int, int | None, tuple[str, int]]
#: The per-move records (round, seat, turn) that compact() shares: a few hundred distinct ones.
_TURNS: dict[Turn, Turn] = {}


class Mark:
    """A reader's mark on a game (:meth:`Game.mark`): what the game wrote since the reader last
    asked (:meth:`Game.written_since`), gathered as :meth:`State.take_written`'s bits."""

    __slots__ = ("state", "bits", "live")
    state: State
    bits: int
    live: bool

    def __init__(self, state: State) -> None:
        self.state = state  # the state the bits are about
        self.bits = 0
        self.live = True  # False once the game forgot it (it keeps the last MARKS)


#: The marks a game keeps up to date (readers: each encoder keeps one per viewer).
MARKS = 32


class Game:
    """An On Mars game for 2-4 players (§3)."""

    def __init__(
        self,
        state: State,
        options: dict[str, Any],
        moves: list[str],
        *,
        turns: list[Turn] | None = None,
        reveals: list[int] | None = None,
        ended: str | None = None,
    ) -> None:
        self._state = state
        self._legal: list[Move] | None = None  # the pending decision's moves, while unchanged
        self._exposed = False  # someone holds the state (see ``state``): no caching
        self._events = EventLog()  # the moves' events, worked out when asked for
        # the position before the log's first move when it is not a new game's (a determinized
        # copy's, a view's): undo and events replay from it
        self._origin: State | None = None
        # the Private Goals spent as Crystals before the origin, by seat (a view shows them
        # after the end, RUL-22): None for a game whose log starts at its opening
        self._spent_before: list[list[str]] | None = None
        self._shared = False  # the move record is shared with a copy (see ``copy``)
        self._lean = False  # a copy for search: no record for undo kept (see ``copy``)
        self.options = options
        self.moves = moves
        #: ``"agreement"`` once the game was ended by agreement (RUL-20), else ``None``.
        self.ended = ended
        # per move: round, seat, turn; and the indices of the moves that turned something face
        # up (RUL-19). None: unknown (a loaded save), rebuilt by replaying the moves when needed
        self._turns: list[Turn] | None = turns if turns is not None or moves else []
        self._reveals: list[int] | None = reveals if reveals is not None or moves else []
        # positions before move k (never changed: restored as clones), the undo's starting points
        self._checkpoints: dict[int, State] = {}
        self._compacted = 0  # the moves whose records compact() has shared
        self._marks: list[Mark] = []  # readers' marks (see ``mark``)

    # --- creation --------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        players: int | list[str] = 3,
        seed: int | None = None,
        length: str = "short",
        *,
        rules: int | None = None,
    ) -> Game:
        """A new game. ``players``: a count (2-4) or a list of names; ``length``: "short" or
        "long" (§3.2 item 11, RUL-17). ``seed=None`` draws a seed of :data:`SEED_BITS` bits
        from :mod:`secrets` (RUL-18), recorded in the log. ``rules``: the rules version to play
        under (``onmars.rules.engine.version``; ``None``: the newest)."""
        names = _names(players)
        if not isinstance(length, str) or length not in LENGTHS:
            raise OptionsError(f"§3.2: length must be 'short' or 'long', not {shown(length)}")
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionsError(f"RUL-17: the seed must be an integer, not {shown(seed)}")
        if not 0 <= seed < MAX_SEED:
            raise OptionsError("RUL-17: the seed must be from 0 to 2**256 - 1")
        try:
            rules = check_version(version.RULES_VERSION if rules is None else rules)
        except ValueError as exc:
            raise OptionsError(str(exc)) from None
        state = _start(names, seed, length, rules)
        return cls(state, {"players": names, "length": length}, [])

    @overload
    @classmethod
    def replay(cls, log: dict[str, Any], partial: Literal[False] = False) -> Game: ...
    @overload
    @classmethod
    def replay(cls, log: dict[str, Any], partial: Literal[True]) -> Replayed: ...
    @classmethod
    def replay(cls, log: dict[str, Any], partial: bool = False) -> Game | Replayed:
        """Rebuild a game from its log (options, seed, ``"rules"``: its rules version, 0 when
        missing; moves; and ``"ended": "agreement"`` for a game ended by agreement, RUL-20),
        under the log's own rules version. Raises :class:`SaveFileError` (a log that is none;
        :class:`NewerRulesError` for a rules version newer than this program's).

        A move today's rules refuse raises :class:`OlderRulesError` when the log is older than
        this program's rules version (it says so, in either language: ``reason_text``), else
        :class:`SaveFileError`. With ``partial`` it is not raised: the answer is a
        :class:`Replayed`, the game up to the last move accepted and where and why it stopped
        (issue 21, item 10; the policy in docs/rules-versions.md)."""
        try:
            options, seed, moves = log["options"], log["seed"], log["moves"]
            rules = check_version(log.get("rules", 0))
            game = cls.new(options["players"], seed, options["length"], rules=rules)
        except NewerRulesError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"not a valid On Mars log: {exc}") from None
        if not isinstance(moves, list):
            raise SaveFileError("the log's moves must be a list of move texts")
        ended = log.get("ended")
        if ended not in (None, AGREEMENT):
            raise SaveFileError(f"RUL-20: a game ends by agreement or not at all, not {ended!r}")
        stop = None
        refused = game._replay_moves(moves)
        if refused is not None:
            n, error = refused
            text = moves[n] if type(moves[n]) is str else shown(moves[n])
            dropped, seat = len(moves) - n, game.current_player
            stop = Stop(n, text, error, rules, dropped, ended is not None, seat)
        elif ended == AGREEMENT:
            try:
                game.conclude()
            except IllegalMoveError as exc:
                if not partial:
                    raise SaveFileError(f"the log's end by agreement: {exc}") from None
                stop = Stop(len(moves), "", exc, rules, 0, True)
        if partial:
            return Replayed(game, stop)
        if stop is not None:
            raise stop.exception() from None
        return game

    def _replay_moves(self, moves: list[Any]) -> tuple[int, OnMarsError] | None:
        """Play a log's moves on this new game, as :meth:`play` would, with the same record
        (rounds, seats, turns, reveals, kept positions) but less work per move: each text is
        read once however often it recurs, each move is checked against the legal moves the
        engine listed while settling (or the step's own check of one move), and only the kept
        positions that :meth:`_keep` would not forget again are cloned. A move that is not
        legal, or not a move, goes through :meth:`play`, whose error is returned with the
        move's index (the moves before it played): ``None`` when every move was played."""
        s, done = self._state, len(self.moves)
        assert not done and not self._exposed and not self._shared, "only a new game's log"
        turns, reveals = self._turns, self._reveals
        assert turns is not None and reveals is not None
        # the kept positions left once every move is played: 0 and the last KEEP multiples
        kept = set(range(0, len(moves), CHECKPOINT))
        kept = {0, *sorted(k for k in kept if k)[-KEEP:]} if moves else set()
        read: dict[str, tuple[Move, str] | None] = {}  # text -> the move and its notation

        def reading(text: Any) -> tuple[Move, str] | None:
            """The move and its notation (``None``: not a move; play will say why)."""
            entry = read.get(text) if type(text) is str else None
            if entry is None:
                try:
                    move = _as_move(text)
                except ValueError:
                    return None
                entry = (move, str(move))
                if type(text) is str:
                    read[text] = entry
            return entry

        # legal: the legal moves listed while settling, or None; vouched: the step pending
        # vouched for the move read next (engine.Step.expects)
        legal, vouched = self._legal, False
        entry = reading(moves[0]) if moves else None
        for n, text in enumerate(moves):
            f = s.stack[-1] if s.stack else None
            if (
                entry is None
                or f is None
                or not (
                    vouched
                    or (
                        _listed(legal, entry[0])
                        if legal is not None
                        else engine.STEPS[f["t"]].is_legal(s, f, entry[0])
                    )
                )
            ):
                self._cache(legal)
                try:
                    self.play(text)  # raises the error play gives for this move
                except OnMarsError as exc:
                    return n, exc
                raise AssertionError(f"move {n + 1} is legal after all")  # pragma: no cover
            move, written = entry
            if n in kept:
                self._checkpoints[n] = s.clone()
            turns.append((s.round, f["p"], (s.phase, len(s.done))))
            if n + 1 < len(moves):  # the next move, read once however often it recurs
                upcoming = moves[n + 1]
                entry = read.get(upcoming) if type(upcoming) is str else None
                if entry is None:
                    entry = reading(upcoming)
            else:
                entry = None
            before = s.turned_up
            listed = engine.play_logged(s, move, entry[0] if entry is not None else None)
            vouched = listed is True
            legal = listed if type(listed) is list else None
            self.moves.append(written)
            if s.turned_up != before:
                reveals.append(n)
        self._cache(legal)
        return None

    # --- the state -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The whole state, for the rules' own tests: clients use the public methods
        (:meth:`view`, :meth:`decision`, ...). Whoever holds it may change it at any time, so
        from then on this game lists its legal moves afresh every time instead of caching
        them."""
        self._exposed = True
        self._legal = None
        state = self._writable()
        state.own_all()  # nothing shared with a copy or a kept position (see ``copy``)
        return state

    @state.setter
    def state(self, value: State) -> None:
        self._legal = None
        self._state = value

    def _cache(self, listed: list[Move] | None) -> None:
        """Keep the legal moves the engine listed while settling the new position (a new list
        that nothing changes: callers get copies)."""
        self._legal = None if listed is None or self._exposed else listed

    # --- playing ---------------------------------------------------------------------------------
    def legal_moves(self) -> LegalMoves:
        """The legal moves of the pending decision (none once the game is over), listed once per
        position: a list whose ``in`` is a set lookup."""
        if self._legal is not None:
            return LegalMoves(self._legal)
        listed = engine.legal_moves(self._state)
        self._cache(listed)
        return LegalMoves(listed)

    def decision(self) -> Decision | None:
        """The pending decision: who decides, its prompt and rule, and its legal moves; ``None``
        once the game is over."""
        s = self._state
        if not s.stack:
            return None
        step = engine.STEPS[s.stack[-1]["t"]]
        seat = s.stack[-1]["p"]
        prompt = step.prompt or step.name.replace("_", " ")
        return Decision(seat, step.name, prompt, step.rule, self.legal_moves())

    def structure(self, move: Move | str) -> MoveStructure:
        """A legal move of the pending decision with its structure (issue 22, item 2): its
        notation, verb, typed arguments, the decision's step and where on the table it belongs
        (:mod:`onmars.rules.explain.structure`). Refused with :class:`IllegalMoveError` for a
        move that is not legal now."""
        move = _as_move(move)
        if move not in self.legal_moves():
            raise IllegalMoveError(engine.explain(self._state, move))
        return structure(move, self._step())

    def structures(self) -> list[MoveStructure]:
        """Every legal move of the pending decision with its structure, in the order of
        :meth:`legal_moves` (none once the game is over)."""
        legal = self.legal_moves()
        if not legal:
            return []
        step = self._step()
        return [structure(m, step) for m in legal]

    def labels(self, lang: str = "en") -> list[str]:
        """Every legal move of the pending decision in plain words (the ``label`` of
        :meth:`describe`, without its preview: nothing is played), in the order of
        :meth:`legal_moves`."""
        check_lang(lang)
        goal = goal_of(self._state)
        return [label(m, lang, goal) for m in self.legal_moves()]

    def _step(self) -> str:
        """The name of the pending decision's step (there is one)."""
        return engine.STEPS[self._state.stack[-1]["t"]].name

    def push(self, move: Move) -> None:
        """Apply a move known to be legal (taken from :meth:`legal_moves`) without checking it:
        the fast path for bots and search on their own copies; :meth:`undo` works as after
        :meth:`play`. An illegal move corrupts the game: use :meth:`play` for anything a person
        or a network sent."""
        self._apply(move, known=True)

    def play(self, move: Move | str) -> None:
        """Play a move (text or :class:`Move`): refused with :class:`IllegalMoveError` (the rule
        and the reason, no secret named) or :class:`InvalidMoveError`, the game unchanged."""
        legal = self._legal
        known = legal is not None and type(move) is Move and _listed(legal, move)
        if isinstance(move, str) or not known:
            move = _as_move(move)
            known = legal is not None and _listed(legal, move)
            if legal is not None and not known:
                raise IllegalMoveError(engine.explain(self._state, move))
        if self.ended:
            raise IllegalMoveError(
                refuse("RUL-20", "the game was ended by agreement: no move can be played")
            )
        self._apply(move, known)

    def _apply(self, move: Move, known: bool) -> None:
        """Play ``move`` and record what undo needs: its round, seat and turn, whether it turned
        anything face up (RUL-19), a kept position every CHECKPOINT moves."""
        if self._shared:
            self._own_record()
        s, n = self._state, len(self.moves)
        if s is self._origin:
            s = self._writable()
        if self._lean:  # rounds, seats, reveals and kept positions: rebuilt if ever asked for
            self._turns = self._reveals = None
            self._cache(engine.play(s, move, known_legal=known))
            self.moves.append(notation(move))
            return
        if self._origin is None:
            due = n % CHECKPOINT == 0 or not self._checkpoints
        else:  # the opening is the origin, which undo replays from: no need to keep it
            due = n % CHECKPOINT == 0 and n > 0
        if due:
            self._keep(n)
        reveals = self._reveals if self._reveals is not None else self._revealed_moves()
        seat = s.stack[-1]["p"] if s.stack else None
        turn = (s.round, seat, (s.phase, len(s.done)))
        before = s.turned_up
        self._cache(engine.play(s, move, known_legal=known))
        self.moves.append(notation(move))
        if self._turns is not None:
            self._turns.append(turn)
        if s.turned_up != before:
            reveals.append(n)

    def why(self, move: Move | str) -> str:
        """Why a move is illegal now ("" if it is legal). Names no secret card (RUL-19)."""
        move = _as_move(move)
        if self.ended:
            return refuse("RUL-20", "the game was ended by agreement: no move can be played")
        return "" if move in self.legal_moves() else engine.explain(self._state, move)

    def undo(self, seat: int | None = None) -> None:
        """Take back the last move. Refused (:class:`IllegalMoveError`, "RUL-19: ...") when that
        move turned something face up: a card or tile drawn from a face-down stack, a new top of
        a building stack, a Private Goal completed. With ``seat``, also unless the last move was
        that seat's own, in the turn it is playing now (RUL-19). A ``seat`` that is none of
        the game's (``True``, ``1.0``, ``99``) raises :class:`OptionsError`."""
        problem = self._undo_problem(seat)
        if problem:
            raise IllegalMoveError(problem)
        target = len(self.moves) - 1
        if self._shared:
            self._own_record()
        self.state = self._position(target)
        if self._turns is not None:
            del self._turns[target:]
        del self.moves[target:]
        self._events.forget(target, self._state)  # the events before the undone move stay
        for k in [k for k in self._checkpoints if k > target]:
            del self._checkpoints[k]

    def can_undo(self, seat: int | None = None) -> bool:
        """Whether :meth:`undo` (with the same ``seat``) would take back the last move."""
        return not self._undo_problem(seat)

    def _undo_problem(self, seat: int | None) -> str:
        self._check_seat(seat)  # not a seat (True, 1.0, 99): an error, not a refusal
        if self.ended:
            return refuse(
                "RUL-20", "the game was ended by agreement: its moves can no longer be taken back"
            )
        if not self.moves:
            return refuse("RUL-19", "nothing to undo: no move has been played")
        revealed = self._revealed_moves()[-1:] == [len(self.moves) - 1]
        if seat is not None:
            rnd, mover, key = self._played()[-1]
            s = self._state
            if engine.current_player(s) != seat or mover != seat:
                return refuse(
                    "RUL-19", "a player may take back only their own moves of the current turn"
                )
            if (rnd, key) != (s.round, _turn_key(s)):
                return refuse(
                    "RUL-19", "your turn has ended: its moves can no longer be taken back"
                )
        if revealed:
            return refuse(
                "RUL-19",
                "the last move turned something face up (a card or tile drawn from a face-down "
                "stack, a new building stack top, a completed Private Goal): it cannot be taken "
                "back",
            )
        return ""

    def conclude(self) -> None:
        """End the game now by the players' agreement (RUL-20): the position is scored with the
        final scoring (§24.1-2) as it stands and the game is over; the log records
        ``"ended": "agreement"``. Decisions still pending are dropped; a Private Goal card spent
        as a Crystal this turn is lost with the turn (§18.1)."""
        if self.is_over:
            raise IllegalMoveError(refuse("§24.1", "the game is already over"))
        end_by_agreement(self._writable())
        self._legal = None
        self.ended = AGREEMENT

    def seat_log(self, seat: int | None = None, start: int = 0) -> list[LogEntry]:
        """The moves as ``seat`` may see them (``None``: a spectator), with their round and seat,
        from move ``start`` (0-based) on; no seed (it would reveal every stack).

        Which move texts can name a secret (RUL-18)? Only ``discard <Private Goal>``: the card
        goes to the box unseen, so another seat reads ``discard (a goal)``. Completing a
        goal (``goal <id>``) turns it face up; ``discover``/``radar`` name Exploration tiles,
        which lie face up (RUL-15); ``take``, ``learn``, ``hire``, ``refill`` name cards of
        public displays; a Discovery tile claimed (``claim``) is not named. Once the game is
        over every move is shown as it was played (RUL-22)."""
        self._check_seat(seat)
        _check_index("start", start)
        out = []
        played = self._played()[start:]
        secret = not self.is_over
        for text, (rnd, mover, _) in zip(self.moves[start:], played, strict=True):
            if secret and mover != seat and text.startswith("discard "):
                text = DISCARD_SEEN
            out.append(LogEntry(rnd, mover, text))
        return out

    def events(
        self,
        seat: int | None = None,
        since: int = 0,
        lang: str | None = None,
        until: int | None = None,
        *,
        reveal: bool = False,
    ) -> list[Event]:
        """What the moves from ``since`` (0-based) on did, as ``seat`` may see them (``None``: a
        spectator; RUL-18): structured events ``{"ply", "round", "seat", "id", ...}``, each
        move's own first (:mod:`onmars.rules.explain.events`); with ``lang`` each also has its
        ``"text"``. ``until``: only the moves before it (the events of the game's first
        ``until`` moves: a replay's), without the end by agreement. Worked out on first
        demand, so playing costs nothing for them. Once the game is over, or with ``reveal``
        (as :meth:`view`), nothing is hidden (RUL-22)."""
        self._check_seat(seat)
        _check_index("since", since)
        if until is not None:
            _check_index("until", until)
        if lang is not None:
            check_lang(lang)
        names = self.players
        self._events.update(self._opening, self.moves, self.ended is not None)
        everything = reveal or self.is_over
        out = []
        for ply_events in self._events.between(since, until):
            for event in ply_events:
                # a copy: the kept events stay as they are
                seen = dict(event if everything else seen_by(event, seat))
                if lang is not None:
                    seen["text"] = event_text(seen, lang, names)
                out.append(seen)
        return out

    def _check_seat(self, seat: object) -> None:
        """A seat to see the game as: one of the game's, or ``None`` for a spectator."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self._state.n):
            raise OptionsError(f"RUL-18: no seat {shown(seat)} in a {self._state.n}-player game")

    def describe(self, move: Move | str, lang: str = "en") -> dict[str, Any]:
        """A legal move in plain words with a preview of what it does for its mover when its
        action is completed: ``label``, ``cost`` and ``gain`` by item and ``op`` (the steps it
        forces included), ``events`` (texts), ``warnings``, ``then`` (the choices the action
        still asks, named, with the ranges of what they cost, gain and score; the decisions of
        other seats it causes) and ``irreversible`` (it turns something face up: no undo,
        RUL-19; ``irreversible_text`` says so). Exact for what the mover can know; nothing a
        face-down stack holds is shown (RUL-18). Refused with :class:`IllegalMoveError` for a
        move that is not legal now."""
        check_lang(lang)
        move = _as_move(move)
        if move not in self.legal_moves():
            raise IllegalMoveError(engine.explain(self._state, move))
        return describe(self._state, move, lang, self.players)

    def refusals(self, lang: str = "en") -> list[Refused]:
        """Why not (issue 23): each place on the table no legal move of the pending decision
        uses (a ``target`` as :meth:`structures` gives), with the move refused there, its
        ``rule`` and ``text`` in ``lang``. Names no secret (RUL-18); none once over or ended."""
        check_lang(lang)
        if self.ended:
            return []
        return refusals(self._state, lang)

    def undo_problem(self, seat: int | None = None, lang: str = "en") -> str:
        """Why :meth:`undo` (with the same ``seat``) would be refused now, in ``lang`` with its
        rule ("" when it would take back the last move, RUL-19)."""
        check_lang(lang)
        problem = self._undo_problem(seat)
        return reason_text(problem, lang) if problem else ""

    def sequences(self, lang: str = "en") -> list[Sequence]:
        """The sequences of legal moves a table may offer for the pending decision as one
        click (issue 23): a payment's distinct combinations, the Rover's paths to each hex,
        and a move with the turn's obvious tail (nothing left but ``end``); each labelled, with
        where it is clicked, its cost, gain, OP and warnings
        (:mod:`onmars.rules.explain.sequences`). Only a sequence's last move may turn
        anything face up (RUL-18, RUL-19). Play one with :meth:`play_sequence`."""
        check_lang(lang)
        if self.ended:
            return []
        return sequences(self._state, lang)

    def check_sequence(self, moves: list[Move | str]) -> list[Move]:
        """The moves of a sequence, checked without changing the game: each must be legal
        when its turn comes (played on a copy, in order), all decided by the seat deciding
        now, and none but the last may turn anything face up (a reveal ends what can be
        planned, RUL-18, RUL-19). Refused with :class:`SequenceError` naming the move's index
        and the refusal; at most :data:`MAX_SEQUENCE` moves, at least one."""
        if not 1 <= len(moves) <= MAX_SEQUENCE:
            raise SequenceError(0, InvalidMoveError(
                "a sequence holds 1 to {most} moves, not {n}", most=MAX_SEQUENCE, n=len(moves)
            ))  # fmt: skip
        seat = self.current_player
        trial = self.copy()
        out: list[Move] = []
        for i, text in enumerate(moves):
            try:
                move = _as_move(text)
                if trial.current_player != seat:
                    raise IllegalMoveError(
                        refuse("RUL-19", "another player decides before this move")
                    )
                n = len(trial.moves)
                trial.play(move)
            except OnMarsError as exc:
                raise SequenceError(i, exc) from None
            if i < len(moves) - 1 and trial._revealed_moves()[-1:] == [n]:
                raise SequenceError(i, IllegalMoveError(refuse(
                    "RUL-19", "this move turns something face up: no move can be sent after it"
                )))  # fmt: skip
            out.append(move)
        return out

    def play_sequence(self, moves: list[Move | str]) -> None:
        """Play a sequence of moves, all or none (:meth:`check_sequence`): one move after the
        other, each recorded as its own move (undo takes them back one at a time, RUL-19)."""
        for move in self.check_sequence(moves):
            self.play(move)

    def _writable(self) -> State:
        """The state, about to change. A game dealt from a view starts on its origin itself
        (:meth:`from_view`, :meth:`determinize`: one clone fewer for search), which must never
        change: the first change works on a clone."""
        if self._state is self._origin:
            self._state = self._state.clone()
        return self._state

    def _opening(self) -> State:
        """The position before the first move of this game's log (a new one each call)."""
        if self._origin is not None:
            return self._origin.clone()
        s = self._state
        return _start(self.players, s.seed, s.length, s.rules)

    # --- the record of the moves and earlier positions ---------------------------------------
    def _played(self) -> list[Turn]:
        """Round, seat and turn of every move (rebuilt by replay when not known)."""
        if self._turns is None or len(self._turns) != len(self.moves):
            return self._rebuild()[0]
        return self._turns

    def _revealed_moves(self) -> list[int]:
        """The indices of the moves that turned something face up (RUL-19)."""
        if self._reveals is None or (self._reveals and self._reveals[-1] >= len(self.moves)):
            return self._rebuild()[1]
        return self._reveals

    def _rebuild(self) -> tuple[list[Turn], list[int]]:
        """Replay the moves to learn their rounds, seats, turns and reveals."""
        again = Game(self._opening(), copy.deepcopy(self.options), [])
        again._origin = self._origin
        for text in self.moves:
            again.play(text)
        assert again._turns is not None and again._reveals is not None
        self._turns, self._reveals = again._turns, again._reveals
        return self._turns, self._reveals

    def _keep(self, n: int) -> None:
        """Keep the position before move ``n``, forgetting all but the last few (and the
        start): undo seldom goes back far, and a long game would hold many states."""
        if n in self._checkpoints:
            return
        self._checkpoints[n] = self._fork_state()
        old = sorted(k for k in self._checkpoints if k)[:-KEEP]
        for k in old:
            del self._checkpoints[k]

    def _position(self, n: int) -> State:
        """The state after the first ``n`` moves, from the nearest kept position."""
        k = max((c for c in self._checkpoints if c <= n), default=None)
        if k is None:
            k, state = 0, self._opening()
            self._checkpoints[0] = state.clone()
        else:
            state = self._checkpoints[k].clone()
        for text in self.moves[k:n]:
            engine.play(state, Move.parse(text))
        return state

    # --- queries ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """Seat index of whoever must decide now; ``None`` when the game is over."""
        return engine.current_player(self._state)

    @property
    def is_over(self) -> bool:
        return self._state.phase == "over"

    @property
    def round(self) -> int:
        """The round being played (1 from the first turn on; 0 during the opening picks)."""
        return self._state.round

    @property
    def players(self) -> list[str]:
        """The players' names, by seat."""
        return [p.name for p in self._state.players]

    def winners(self) -> list[int]:
        """The seats that win (several on a shared victory, §24.4); none before the end."""
        return winners(self._state) if self.is_over else []

    @property
    def log(self) -> dict[str, Any]:
        """The game's log: options, seed, moves (and ``"ended"`` after :meth:`conclude`). A
        copy: changing it changes nothing in the game. It holds the seed, which reveals every
        face-down stack: show players :meth:`seat_log` instead."""
        out = {"options": copy.deepcopy(self.options), "seed": self._state.seed}
        out["rules"] = self._state.rules
        out["moves"] = list(self.moves)
        if self.ended:
            out["ended"] = self.ended
        return out

    def scores(self) -> list[dict[str, Any]]:
        return scores(self._state)

    def view(
        self, seat: int | None = None, *, reveal: bool = False, copy: bool = True
    ) -> dict[str, Any]:
        """The state as ``seat`` may see it (``None``: a spectator; RUL-18). Once the game is
        over nothing is secret (RUL-22): every hand, the Private Goals spent as Crystals and
        every stack's order are shown (``onmars.rules.engine.view``). ``reveal`` shows them before
        the end: only for a finished game's replay at an earlier move, never a game being played.

        ``copy=False`` gives the same view (equal, with the same secrets hidden) without copying
        the game's data: its lists and dicts are the game's own, so it is several times faster but
        only for a reader that reads it before the next move and changes nothing in it (the AI
        encoders, issue 26). Anything kept or handed on must be a copied view."""
        self._check_seat(seat)
        if reveal or self.is_over:
            return view(self._state, seat, self._spent_goals(), True, copy)
        return view(self._state, seat, copy=copy)

    def view_values(
        self,
        seat: int | None,
        keys: tuple[str, ...],
        player_keys: tuple[str, ...],
        seats: list[bool] | None = None,
    ) -> tuple[tuple[Any, ...], list[tuple[Any, ...] | None]]:
        """What ``view(seat, copy=False)`` shows under ``keys``, and under ``player_keys`` for
        each player (by seat), as tuples: ``(tuple(v[k] for k in keys), [tuple(p[k] for k in
        player_keys) for p in v["players"]])`` for that view ``v``, the same secrets hidden
        (RUL-18), but read without making the view (the AI encoders' fast path, issue 26).
        Shared with the game as a view without copy: read at once, change nothing. ``KeyError``
        for a key the view does not have. With ``seats`` (a flag per seat), only the players
        flagged are read (the others ``None``)."""
        self._check_seat(seat)
        if self.is_over:  # everything is shown (RUL-22): read from the view itself
            shown = self.view(seat, copy=False)
            return tuple(shown[k] for k in keys), [
                tuple(p[k] for k in player_keys) for p in shown["players"]
            ]
        return view_values(self._state, seat, keys, player_keys, seats)

    def mark(self) -> Mark:
        """A mark from which :meth:`written_since` tells what the game writes (cheap: the rules'
        write barriers record it anyway, see :meth:`State.take_written`)."""
        self._gather()
        mark = Mark(self._state)
        self._marks.append(mark)
        if len(self._marks) > MARKS:
            self._marks.pop(0).live = False
        return mark

    def written_since(self, mark: Mark) -> tuple[list[str], list[bool]] | None:
        """What the game wrote since ``mark`` was made or last asked (the containers of
        :data:`COW_FIELDS` and, per seat, whether its player was; the plain values and the
        frames always count as written), and the mark starts again from now. ``None`` when
        that is unknown: the state was replaced (undo, for one), is held by someone who may
        write it past the rules (:attr:`state`), or the mark was forgotten."""
        self._gather()
        mine = mark.live and mark in self._marks  # not another game's (a Mark equals itself only)
        known = mine and mark.state is self._state and not self._exposed
        bits, mark.bits, mark.state = mark.bits, 0, self._state
        if not mine:
            mark.live = True
            self._marks.append(mark)
            if len(self._marks) > MARKS:
                self._marks.pop(0).live = False
        return written_parts(bits, self._state.n) if known else None

    def _gather(self) -> None:
        """Hand what the state's barriers recorded to every mark."""
        bits = self._state.take_written()
        if bits:
            for mark in self._marks:
                mark.bits |= bits

    def _spent_goals(self) -> list[list[str]]:
        """The Private Goals each seat spent as Crystals (``discard <id>``, §18.1), by seat: the
        cards went to the box, so only the log knows them."""
        before = self._spent_before
        out = [list(g) for g in before] if before else [[] for _ in self._state.players]
        for text, (_, mover, _) in zip(self.moves, self._played(), strict=True):
            if mover is not None and text.startswith("discard "):
                out[mover].append(text.split()[1])
        return out

    def copy(self, record: bool = True) -> Game:
        """An independent copy, in time independent of the game's length (for search): the
        move record is shared until either game changes it (copy on write). Without
        ``record`` (for search playouts) the copy's moves are played with less bookkeeping: it
        keeps no rounds, seats, reveals or positions for undo, which are rebuilt by replaying
        its log if they are ever asked for (:meth:`undo` still works, slowly)."""
        twin: Game = object.__new__(Game)  # each attribute as __init__ sets it, or shared
        twin._state = self._fork_state()
        twin._legal = self._legal  # never changed in place: a new list after every move
        twin._exposed = False
        twin._events = EventLog()
        twin._origin = self._origin  # never changed: cloned where it is used
        twin._spent_before = self._spent_before
        self._shared = twin._shared = True
        twin.options = options = self.options.copy()
        for k in self.options:
            if type(options[k]) is list:
                options[k] = options[k].copy()
        twin.moves, twin.ended = self.moves, self.ended
        if self._lean or not record:
            twin._lean, twin._turns, twin._reveals = True, None, None
        else:
            twin._lean, twin._turns, twin._reveals = False, self._turns, self._reveals
        twin._checkpoints = self._checkpoints.copy()  # kept positions are never changed
        twin._compacted = 0
        twin._marks = []
        return twin

    def _fork_state(self) -> State:
        """A copy of the state that shares what neither changes (:meth:`State.fork`); a deep one
        while someone holds the state (see :attr:`state`), who may write it past the rules."""
        return self._state.clone() if self._exposed else self._state.fork()

    def prefix(self, ply: int, near: Game | None = None) -> Game:
        """The game as it stood after its first ``ply`` moves (a replay's position): a lean
        copy (see :meth:`copy`), never ended by agreement. It is played on from ``near``, an
        earlier :meth:`prefix` of this game, when that is given; else from the nearest kept
        position. This game is not changed."""
        _check_index("ply", ply)
        if ply > len(self.moves):
            raise OptionsError(f"ply {ply} is past the game's {len(self.moves)} moves")
        if near is not None and len(near.moves) <= ply:
            twin = near.copy(record=False)
        else:
            k = max((c for c in self._checkpoints if c <= ply), default=0)
            state = self._checkpoints[k].clone() if k in self._checkpoints else self._opening()
            options = {o: list(v) if type(v) is list else v for o, v in self.options.items()}
            twin = Game(state, options, self.moves[:k])
            twin._origin, twin._lean, twin._turns, twin._reveals = self._origin, True, None, None
        for text in self.moves[len(twin.moves) : ply]:
            twin.push(Move.parse(text))  # this game's own moves: legal
        if self._turns is not None and self._reveals is not None:  # for view(reveal=True)
            twin._turns, twin._reveals = self._turns[:ply], [i for i in self._reveals if i < ply]
        return twin

    def compact(self) -> None:
        """Take less memory, for a server that keeps many games: equal per-move records share
        one tuple, and the events of past moves are packed (:meth:`EventLog.seal`). Nothing
        the game answers changes; playing on costs the same."""
        turns = self._turns
        if turns is not None:
            for i in range(min(self._compacted, len(turns)), len(turns)):
                turns[i] = _TURNS.setdefault(turns[i], turns[i])
            self._compacted = len(turns)
        self._events.seal()

    def nbytes(self) -> int:
        """About the memory the game takes (the estimate a server's cache limit counts): the
        state and kept positions, the move record, the events worked out so far."""
        states = 1 + len(self._checkpoints) + (self._events.has_cursor())
        return STATE_BYTES * states + MOVE_BYTES * len(self.moves) + self._events.nbytes()

    def _own_record(self) -> None:
        """Copy the move record shared with a copy before changing it (see :meth:`copy`)."""
        self.moves = list(self.moves)
        self._turns = list(self._turns) if self._turns is not None else None
        self._reveals = list(self._reveals) if self._reveals is not None else None
        self._shared = False

    # --- saving ----------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The save: the log, the state and the moves that turned something up. Refused
        (:class:`SaveFileError`) for a game dealt from a view (:meth:`determinize`,
        :meth:`from_view`): no seed and moves rebuild its position, so no save of it could be
        loaded (a save is checked by replaying its log), and it is a guess at hidden
        components, not a game that was played (RUL-18)."""
        if self._origin is not None:
            raise SaveFileError(
                "RUL-18: a game dealt from a view (determinize, from_view) has no log that "
                "rebuilds it, so it cannot be saved"
            )
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "log": self.log,
                "state": self._state.to_dict(),
                "revealed": self._revealed_moves(),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str, verify: bool = True) -> Game:
        """Load a save. With ``verify`` (the default) the log is replayed and must rebuild the
        saved state exactly; without it the saved state is trusted (fast, for tools that made
        the save themselves). A save without a rules version is read as version 0 (issue 21,
        item 10): when today's rules refuse one of its moves, or its moves no longer make the
        position it saved, :class:`OlderRulesError` says it was made under an older version of
        the rules (``Game.replay(save["log"], partial=True)`` plays it up to that move)."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as exc:  # JSONDecodeError, bad bytes
            raise SaveFileError(f"save file is not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveFileError(f"not an On Mars save of format {SAVE_FORMAT}")
        if not verify:
            try:
                log = data["log"]
                check_version(log.get("rules", 0))
                game = cls(State.from_dict(data["state"]), log["options"], list(log["moves"]))
            except NewerRulesError:
                raise
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise SaveFileError(f"not a valid On Mars save: {exc}") from None
            game.ended = AGREEMENT if log.get("ended") == AGREEMENT else None
            game._turns, game._reveals = None, _read_reveals(data.get("revealed"), game.moves)
            return game
        game = cls.replay(data.get("log") or {})
        saved = data.get("state", None)
        if isinstance(saved, dict) and "rules" not in saved:  # saved before versions
            saved = {**saved, "rules": 0}
        if "state" in data and saved != game._state.to_dict():
            rules = game._state.rules
            if rules < version.RULES_VERSION:
                raise OlderRulesError(OLDER_STATE, old=rules, new=version.RULES_VERSION)
            raise SaveFileError("the saved state does not match its move log (corrupt save)")
        return game

    # --- worlds for search: what a seat may know -----------------------------------------------
    def determinize(self, seat: int | None, seed: int) -> Game:
        """A copy of the game in which everything ``seat`` cannot see (RUL-18: the order of
        every face-down stack, the other seats' Private Goal hands and face-down Discovery
        tiles; ``None``: a spectator, who sees no hand) is dealt again at random (``seed``)
        from the components that seat cannot see, every count kept. ``seat`` sees the copy
        exactly as it sees this game, and its legal moves are the same.

        The copy is made from ``self.view(seat)`` alone (as :meth:`from_view` does), so two
        games that ``seat`` sees alike give the same copy for the same seed: a bot searching
        such copies chooses from what it may see only. The copy has no move history (its log
        starts here, with seed 0: the real seed would reveal every stack); this game is not
        changed. Raises :class:`OptionsError` for a seat that is not in the game."""
        self._check_seat(seat)
        if type(seed) is not int:
            raise OptionsError(f"RUL-18: the seed must be an integer, not {shown(seed)}")
        world = determinize(self._state, seat, random.Random(seed))
        game = Game(world, copy.deepcopy(self.options), [], ended=self.ended)
        game._origin = world  # shared until the game changes (see _writable)
        if self.is_over:  # the view shows the goals spent (RUL-22): the copy keeps them
            game._spent_before = self._spent_goals()
        return game

    @classmethod
    def from_view(cls, seen: dict[str, Any], seed: int) -> Game:
        """A game consistent with a view (:meth:`view` of seat ``seen["viewer"]``): what the
        view hides is dealt at random (``seed``) from the components it does not show, as in
        :meth:`determinize` (``game.from_view(game.view(seat), k)`` is
        ``game.determinize(seat, k)`` but for a game ended by agreement, which the view does
        not tell). For bots, which are given views. ``seen`` is not changed and shares nothing
        with the game. Raises :class:`~onmars.rules.engine.errors.OnMarsError` when ``seen`` is not
        the view of a game."""
        return cls.worlds(seen, [seed])[0]

    @classmethod
    def worlds(cls, seen: dict[str, Any], seeds: list[int]) -> list[Game]:
        """``[Game.from_view(seen, seed) for seed in seeds]``, the view's shape checked once
        (for a bot dealing several worlds from one view)."""
        for seed in seeds:
            if type(seed) is not int:
                raise OptionsError(f"RUL-18: the seed must be an integer, not {shown(seed)}")
        if not engine.STEPS:
            register()
        try:
            states = from_view(seen, [random.Random(seed) for seed in seeds])
            names = [p.name for p in states[0].players] if states else []
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            text = str(exc)
            raise OnMarsError(
                text if text.startswith("RUL-18") else f"RUL-18: not the view of a game: {exc!r}"
            ) from None
        spent = _spent_goals_shown(seen, len(names))
        games = []
        for state in states:
            game = cls(state, {"players": list(names), "length": state.length}, [])
            game._origin = state  # shared until the game changes (see _writable)
            game._spent_before = spent
            games.append(game)
        return games

    def projection(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The scores (as :meth:`scores` gives them: per seat the total, its breakdown, the
        tie-break values) if the game ended now by agreement (RUL-20): the position as it
        stands through the final scoring (§24.1-2); once the game is over, :meth:`scores`.

        The final scoring reads no secret (RUL-18): Crystals move into the Depot, Colonists
        back to Living Quarters, items onto Earth Contracts, then Progress cubes, Ships, Living
        Quarters, Tech tiles, Blueprints, Scientists and Contracts are scored, all of them
        public; no Private Goal or face-down tile counts. So the figures are computed on a copy
        of the position itself, and are the same for every ``seat`` (checked only: the viewer
        the figures are for) and on every :meth:`determinize`-d copy. The game is not
        changed."""
        self._check_seat(seat)
        if self.is_over:
            return self.scores()
        twin = Game(self._state.clone(), dict(self.options), [])
        twin.conclude()
        return twin.scores()

    @classmethod
    def from_position(cls, state: State) -> Game:
        """A game that starts from ``state``, a position built by hand (for tests and analysis:
        :func:`onmars.rules.position.position` builds and checks one). It plays, undoes and
        copies as any game, but undo and the events replay from ``state`` and stop there, and
        its log (seed and moves) does not rebuild it, as a :meth:`determinize`-d world's does
        not. ``state`` is not changed."""
        options = {"players": [p.name for p in state.players], "length": state.length}
        game = cls(state.clone(), options, [])
        game._origin = game._state  # never changed: the first move works on a clone
        return game


def _listed(legal: list[Move], move: Move) -> bool:
    """``move in legal`` for a list asked once: a scan (which first compares identities) costs
    less than the set :class:`LegalMoves` builds for repeated questions."""
    try:
        return list.__contains__(legal, move)
    except TypeError:  # a Move built by hand with odd fields
        return False


class SequenceError(OnMarsError):
    """A sequence of moves refused (:meth:`Game.check_sequence`): ``index``, the 0-based
    position of the refused move, and ``error``, its refusal (rule and reason kept)."""

    def __init__(self, index: int, error: OnMarsError) -> None:
        self.index, self.error = index, error
        super().__init__(f"move {index + 1} of the sequence: {error}")


class LegalMoves(list[Move]):
    """A list of moves whose ``in`` is a set lookup (built on the first use)."""

    _set: frozenset[Move] | None = None

    def __contains__(self, move: object) -> bool:
        if self._set is None:
            self._set = frozenset(self)
        try:
            return move in self._set
        except TypeError:  # an unhashable Move built by hand
            return False


class Decision(NamedTuple):
    """A pending decision (:meth:`Game.decision`): ``seat`` decides at step ``step`` (its
    ``prompt`` and ``rule``) among ``moves``."""

    seat: int
    step: str
    prompt: str
    rule: str
    moves: LegalMoves


def _check_index(name: str, value: object) -> None:
    if type(value) is not int or value < 0:
        raise OptionsError(f"{name} must be a move number from 0 on, not {shown(value)}")


def _start(names: list[str], seed: int, length: str, rules: int) -> State:
    register()
    state = new_state(names, seed, length, rules)
    engine.advance(state)
    return state


def _turn_key(s: State) -> tuple[str, int]:
    """Tells turns apart (with the round and the seat): the phase and markers laid down (as
    :meth:`Game.play` records it)."""
    return s.phase, len(s.done)


def _spent_goals_shown(seen: dict[str, Any], players: int) -> list[list[str]] | None:
    """The Private Goals spent as Crystals that a view of a finished game shows (RUL-22), by
    seat; ``None`` when it shows none (a game being played) or not in that shape."""
    shown = seen.get("revealed")
    spent = shown.get("spent_goals") if isinstance(shown, dict) else None
    if (
        isinstance(spent, list)
        and len(spent) == players
        and all(isinstance(g, list) and all(type(x) is str for x in g) for g in spent)
    ):
        return [list(g) for g in spent]
    return None


def _read_reveals(data: Any, moves: list[str]) -> list[int] | None:
    """A save's list of the moves that revealed something, or None (rebuilt by replay) when it
    is missing or malformed."""
    if not isinstance(data, list) or not all(type(i) is int for i in data):
        return None
    if data != sorted(set(data)) or (data and not 0 <= data[0] <= data[-1] < len(moves)):
        return None
    return list(data)


def _as_move(move: Move | str) -> Move:
    """A move from text, or a Move checked like parsed text (InvalidMoveError otherwise, never
    a TypeError: a Move built by hand may hold anything)."""
    if isinstance(move, Move):
        verb, args = move.verb, move.args
        if (
            type(verb) is str
            and verb in VERBS
            and type(args) is tuple
            and all(type(a) is str and TOKEN.match(a) for a in args)
        ):
            return move
        raise InvalidMoveError(
            N_("not a well-formed move: verb {verb!r}, args {args!r}"),
            verb=_printable(verb),
            args=_printable(args),
        )
    if isinstance(move, str):
        return Move.parse(move)
    raise InvalidMoveError(
        N_("a move must be a Move or text, not {kind}"), kind=type(move).__name__
    )


def _printable(value: object) -> object:
    """``value``, or :func:`shown`'s words for it when it has no ``repr`` (an integer past
    4,300 digits): a refusal's message must not fail to be written."""
    try:
        repr(value)
    except ValueError:
        return shown(value)
    return value


def _names(players: int | list[str]) -> list[str]:
    if isinstance(players, bool):
        raise OptionsError("§3: players must be a count or a list of names")
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise OptionsError(f"§3: On Mars is for 2-4 players here, not {shown(players)}")
        names = [f"Player {i + 1}" for i in range(players)]
    elif isinstance(players, list | tuple) and all(type(x) is str for x in players):
        names = list(players)
    else:
        raise OptionsError("§3: players must be a count or a list of names")
    if not 2 <= len(names) <= 4:
        raise OptionsError(f"§3: On Mars is for 2-4 players here, not {len(names)}")
    return names
