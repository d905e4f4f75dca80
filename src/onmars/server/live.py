"""Live games: the games being played, cached in memory and rebuilt from their logs.

The database is the authority (:mod:`onmars.server.store`); a :class:`Live` game is a cache of
it, changed only after the database has committed the change. Each game has an asyncio lock:
within one process its changes take turns; between processes the store's compare-and-set
decides, and the loser reloads the game from the log. Every change wakes the game's WebSocket
subscribers, each of which is then sent what its seat may see (RUL-18), and hands the game to
its bots when a bot decides next.

A stored game whose moves today's rules refuse (a rules change that could not keep the old
behaviour behind the game's rules version; docs/rules-versions.md) is never an error: it is
*held* at its last accepted move (``Live.stop``), shown from there with a message saying why,
and its human seats may go on from there (every one agrees: :meth:`Hub.resume`) or end it there
by agreement (RUL-20, :meth:`Hub.vote`); either drops the refused moves from the store. A held
game that had finished keeps its recorded result and is shown as finished.

The engine's work (loading, undo, views, events, descriptions, replays) runs in a pool of
threads, one call at a time per game (``Live.busy``), so that a slow request holds up its own game
only, never the event loop; work known to be short (a move checked and played, a state a few
moves on) runs on the event loop, still one call at a time per game, since a hand-over to a
thread costs more CPU than it (issue 27.4). Memory is bounded by bytes (issue 21.12): the live
games by ``cache_mb`` (least recently used first; a game is compacted, ``Game.compact``, to
about 0.1-0.2 MB), the answers kept per game by ``answers_kb``.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import partial
from typing import Any, TypeVar

import orjson

from onmars import (
    N_,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    OnMarsError,
    SaveFileError,
    SequenceError,
    Stop,
    reason_text,
    tr,
)
from onmars.server import clocks
from onmars.server.bots import BotRunner, instant
from onmars.server.clocks import Clock, TimeControl
from onmars.server.config import Settings
from onmars.server.store import (
    GameRecord,
    GroupCommit,
    Head,
    Hints,
    SeatRow,
    Store,
    Write,
    resumes,
)

log = logging.getLogger("onmars.server")
T = TypeVar("T")

#: Game ids: 72 random bits, URL-safe.
ID_BYTES = 9
#: Seat tokens: 128 random bits; only their sha256 is stored.
TOKEN_BYTES = 16


class ServerError(Exception):
    """A refusal with its HTTP status: ``detail`` says why; ``extra`` adds fields (the rule
    and reason of an illegal move, the current ply of a conflict)."""

    def __init__(self, status: int, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.detail, self.extra = status, detail, extra


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(eq=False)
class Subscriber:
    """A WebSocket client of a game: a seat or a spectator (``seat is None``)."""

    seat: int | None
    lang: str | None
    since: int  # the ply from which its next message's events start
    send: Callable[[str], Awaitable[None]]  # an async function sending one message (JSON)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sent: int = -1  # the game version last sent
    #: The sha256 of the token it was opened with (``None``: a spectator); once that token no
    #: longer stands for its seat (a new key was made for the seat) it is ``revoked`` and
    #: closed (routes/websocket.py).
    digest: str | None = None
    revoked: bool = False


#: A state whose events are of at most this many moves is worked out on the event loop.
SHORT_PLIES = 16

#: Moves between the positions a replay keeps (a step back replays fewer than this many).
REPLAY_STEP = 128
#: About the memory of a Live besides its game and cached answers (seats, locks, projection).
LIVE_BYTES = 4_000


@dataclass(eq=False)
class Replay:
    """Positions of a finished game for its replay (``Game.prefix``): one every
    :data:`REPLAY_STEP` moves, made as far as asked, and the last one shown, from which a step
    forward costs one move."""

    kept: list[Game]
    last: Game | None = None

    def at(self, game: Game, ply: int) -> Game:
        while len(self.kept) <= ply // REPLAY_STEP:
            self.kept.append(game.prefix(REPLAY_STEP * len(self.kept), self.kept[-1]))
        near = self.kept[ply // REPLAY_STEP]
        last = self.last
        if last is not None and len(near.moves) < len(last.moves) <= ply:
            near = last
        self.last = game.prefix(ply, near)
        return self.last

    def nbytes(self) -> int:
        shown = [self.last] if self.last is not None else []
        return sum(g.nbytes() for g in [*self.kept, *shown])


Key = tuple[int | None, int, str | None]


@dataclass(eq=False)
class Live:
    """A game in memory, with what the server knows of it besides the log."""

    id: str
    game: Game
    seed: int
    seats: list[SeatRow]
    votes: set[int]
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # changes, with their writes
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)  # the engine, one call at a time
    subscribers: set[Subscriber] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    #: The current seat's legal moves with their labels and structures (the state's
    #: ``legal_moves``), by language: (version, moves, bytes).
    chosen: dict[str, tuple[int, list[dict[str, Any]], int]] = field(default_factory=dict)
    #: The same moves described (``Game.describe``: a preview each), by language, worked out
    #: only when asked (``GET .../moves``): (version, moves, bytes).
    described: dict[str, tuple[int, list[dict[str, Any]], int]] = field(default_factory=dict)
    #: The same seat's sequences of moves offered as one click, by language (issue 23).
    sequenced: dict[str, tuple[int, list[dict[str, Any]], int]] = field(default_factory=dict)
    by_hash: dict[str, int] = field(default_factory=dict)
    projected: tuple[int, list[dict[str, Any]]] | None = None
    #: What was sent for this version: (seat, since, lang) -> the JSON text, least recently
    #: used first, ``sent_bytes`` in all (at most the ``answers_kb`` setting).
    sent: OrderedDict[Key, bytes] = field(default_factory=OrderedDict)
    sent_version: int = -1
    #: Where replaying the stored moves stopped (a held game), else ``None``.
    stop: Stop | None = None
    #: The seats that voted to go on with a held game from its last accepted move.
    resumes: set[int] = field(default_factory=set)
    #: A held game had finished: it is shown as finished, with ``result`` (its final scores
    #: and winners, as recorded when it ended).
    finished: bool = False
    result: dict[str, Any] | None = None
    sent_bytes: int = 0
    replay: Replay | None = None
    weight: int = 0  # the bytes the hub counts for this game (nbytes when last weighed)
    #: The game's clocks (``None``: no time control), as of ``version`` (onmars.server.clocks).
    clock: Clock | None = None
    #: The hints each seat asked for (issue 25.1, onmars.server.hints): seat -> how many.
    hints_used: dict[int, int] = field(default_factory=dict)
    #: The ply up to which the game's events were last worked out by a state (a game loaded
    #: from its log has none: its first state is worked out in a thread).
    events_at: int = -(10**9)
    #: When the game was over, as stored (read once its seats' keys are shown after its end:
    #: they expire ``key_days`` later, onmars.server.accounts); ``None``: not read yet.
    over_since: datetime | None = None

    def __post_init__(self) -> None:
        self.by_hash = {s.token_hash: s.seat for s in self.seats if s.token_hash}

    def take_seats(self, seats: list[SeatRow]) -> None:
        """The seats as stored. A seat whose link token changed was given a new key
        (:meth:`Hub.rekey`, here or in another process): every other token it had stops
        standing for it (the seat keys of accounts known here too), and its WebSockets
        opened with one of them are closed."""
        pairs = zip(seats, self.seats, strict=True)
        changed = {new.seat for new, old in pairs if new.token_hash != old.token_hash}
        self.seats = seats
        self.by_hash = {h: s for h, s in self.by_hash.items() if s not in changed}
        self.by_hash.update({s.token_hash: s.seat for s in seats if s.token_hash})
        for sub in self.subscribers:
            if sub.digest is not None and sub.digest not in self.by_hash:
                sub.revoked = True
                sub.wake.set()

    def nbytes(self) -> int:
        """About the memory this game takes: the game (``Game.nbytes``), its replay positions,
        the answers kept."""
        described = sum(size for _, _, size in self.described.values())
        described += sum(size for _, _, size in self.sequenced.values())
        described += sum(size for _, _, size in self.chosen.values())
        replay = self.replay.nbytes() if self.replay is not None else 0
        return LIVE_BYTES + self.game.nbytes() + replay + self.sent_bytes + described

    def forget_answers(self) -> None:
        """Drop what can be worked out again (the engine not at work on this game)."""
        self.events_at = -(10**9)
        self.sent.clear()
        self.sent_bytes, self.described, self.projected, self.replay = 0, {}, None, None
        self.sequenced, self.chosen = {}, {}

    def grown(self) -> tuple[int, int, int]:
        """What changes when the game or its answers take more memory: its version, the ply
        up to which its events were worked out, the bytes of the answers kept."""
        return self.version, self.events_at, self.sent_bytes

    @property
    def ply(self) -> int:
        return len(self.game.moves)

    def humans(self) -> set[int]:
        """The seats whose players are asked in a vote: not the bots' seats, nor the seats of
        players absent since their clock ran out (they agree, as bots do: onmars.server.clocks)."""
        absent = self.clock.absent if self.clock is not None else {}
        return {s.seat for s in self.seats if not s.bot and s.seat not in absent}

    def bot_of(self, seat: int) -> str | None:
        """The bot that plays ``seat``: the seat's own, or one standing in for its absent
        player (the clock's policy)."""
        own = self.seats[seat].bot
        if own is None and self.clock is not None:
            return self.clock.standin(seat)
        return own

    def timed(self) -> set[int]:
        """The seats that have a clock: the human seats."""
        return {s.seat for s in self.seats if not s.bot}

    @property
    def held(self) -> bool:
        """Held at a move today's rules refuse, to go on or end by agreement (not finished)."""
        return self.stop is not None and not self.finished

    @property
    def is_over(self) -> bool:
        return self.game.is_over or (self.stop is not None and self.finished)

    def outcome(self) -> dict[str, Any] | None:
        """The final scores and winners once over: the game's own, or a held game's recorded
        result (``None`` if it was finished before results were recorded)."""
        if self.game.is_over:
            return result_of(self.game)
        return self.result if self.is_over else None

    def hints(self, game: Game) -> Hints:
        result = result_of(game) if game.is_over else None
        return Hints(game.current_player, game.is_over, game.round, result)

    def load(self, record: GameRecord, game: Game, stop: Stop | None) -> None:
        """Take the stored record, ``game`` its replay up to the last move today's rules accept
        (:func:`replayed`)."""
        self.game, self.stop = game, stop
        self.votes, self.resumes = set(record.votes), set(record.resumes)
        self.finished, self.result = record.finished, record.result
        self.version = record.version
        self.take_seats(record.seats)
        if stop is not None:
            # the move is not logged: a refused discard names a Private Goal (RUL-18)
            log.warning(
                "game %s (rules version %d) held at move %d", self.id, stop.rules, stop.ply + 1
            )


def result_of(game: Game) -> dict[str, Any]:
    """What is recorded of a finished game's result: its final scores and winners."""
    return {"scores": game.scores(), "winners": game.winners()}


def replayed(record: GameRecord) -> tuple[Game, Stop | None]:
    """The stored game replayed up to the last move today's rules accept; a record that
    cannot be replayed at all (a newer rules version, a broken log) is a 409 that says why."""
    try:
        return Game.replay(record.log, partial=True)
    except SaveFileError as exc:
        # from exc: a NewerRulesError is answered in the language asked for (its message)
        raise ServerError(
            409, f"game {record.id} cannot be shown: {exc}", rules=record.rules
        ) from exc


def _live(record: GameRecord) -> Live:
    """A stored game in memory (in an engine thread: a long game's replay takes a while)."""
    game, stop = replayed(record)
    live = Live(record.id, game, record.seed, record.seats, set(), record.version)
    live.load(record, game, stop)
    return live


#: What a held game's message says, and what a seat may do (web/src/i18n.ts has the same).
HELD = N_(
    "This game is shown up to move {ply}: {why}. Its players may go on from there (all of them "
    "must agree) or end it there by agreement."
)
HELD_FINISHED = N_("This finished game is shown up to move {ply}, with its recorded result: {why}")


def _stop_seen(live: Live, seat: int | None, lang: str) -> dict[str, Any] | None:
    """Where a held game's replay stopped as ``seat`` may see it: the refused move's text
    (another seat's ``discard`` unnamed, RUL-18) and the rules' reason (which names no secret,
    RUL-19), with a message in ``lang``."""
    if live.stop is None:
        return None
    stop = live.stop.seen_by(seat)
    why = stop.message(lang)
    template = HELD_FINISHED if live.finished else HELD
    return {
        "ply": stop.ply,
        "move": stop.move,
        "rules": stop.rules,
        "current_rules": stop.current,
        "older": stop.older,
        "dropped": stop.dropped,
        "reason": reason_text(stop.error, lang),
        "message": tr(template, lang, ply=stop.ply, why=why),
    }


#: An absent seat's player while a bot stands in (onmars.server.clocks): neither a move nor an
#: undo until they take their seat back (their move would be the bot's, their undo would
#: re-roll the bot's choices with no clock running).
STANDIN_PLAYS = N_(
    "a bot plays this seat since your time ran out: take your seat back first (POST /return)"
)


def standing_in(live: Live, seat: int) -> bool:
    """Whether a bot plays ``seat`` for its player, absent since their clock ran out."""
    return live.clock is not None and live.clock.standin(seat) is not None


def _undo_why(live: Live, seat: int | None, lang: str) -> str:
    """Why ``seat`` cannot undo now, in ``lang`` (RUL-19); "" when it can or for a spectator."""
    if seat is None:
        return ""
    if live.stop is not None:
        return tr(N_("RUL-19: this game is held: nothing can be taken back"), lang)
    if standing_in(live, seat):
        return tr(STANDIN_PLAYS, lang)
    return live.game.undo_problem(seat, lang)


def _decision(game: Game, lang: str) -> dict[str, Any] | None:
    """The pending decision as anyone may see it (who decides is public, RUL-18): the seat, the
    step, its prompt in ``lang`` and its rule."""
    decision = game.decision()
    if decision is None:
        return None
    prompt = tr(decision.prompt, lang)
    return {"seat": decision.seat, "step": decision.step, "prompt": prompt, "rule": decision.rule}


def _check_not_held(live: Live) -> None:
    if live.stop is not None:
        raise ServerError(
            409,
            "this game is held at a move today's rules refuse: vote to go on from its last "
            "accepted move (POST /resume) or to end it by agreement (POST /conclude)",
            ply=live.ply,
        )


def _check_turn(live: Live, seat: int, ply: int) -> None:
    """A move may be sent now: ``ply`` is the current one, the game goes on and ``seat``
    decides."""
    if ply != live.ply:
        raise _stale(ply, live.ply)
    if live.is_over:
        raise ServerError(409, "§24.1: the game is over", ply=live.ply)
    _check_not_held(live)
    current = live.game.current_player
    if seat != current:
        name = live.seats[current].name if current is not None else "nobody"
        raise ServerError(403, f"not your turn: seat {current} ({name}) decides now", ply=live.ply)


def _checked_move(live: Live, seat: int, ply: int, text: str, lang: str | None) -> Move:
    """The move, checked (the ply, the turn, the rules) in an engine thread; the game is not
    changed."""
    game = live.game
    _check_turn(live, seat, ply)
    try:
        move = Move.parse(text)
    except InvalidMoveError as exc:
        raise ServerError(422, str(exc), rule="", reason=str(exc)) from None
    if move not in game.legal_moves():
        err = IllegalMoveError(game.why(move) or "illegal move")
        raise ServerError(
            422, reason_text(err, lang or "en"), rule=err.rule, reason=err.reason
        ) from err  # the handler gives it in the language asked for
    return move


def _checked_moves(live: Live, seat: int, ply: int, text: str, lang: str | None) -> list[Move]:
    """:func:`_checked_move`, as a sequence of one."""
    return [_checked_move(live, seat, ply, text, lang)]


def _checked_sequence(
    live: Live, seat: int, ply: int, texts: list[str], lang: str | None
) -> list[Move]:
    """A sequence's moves, checked (the ply, the turn, then each move in its turn on a copy of
    the game: ``Game.check_sequence``) in an engine thread; the game is not changed. A refusal
    names the refused move's ``index`` (0-based) besides its rule and reason."""
    _check_turn(live, seat, ply)
    try:
        return live.game.check_sequence(list(texts))
    except SequenceError as exc:
        err, index = exc.error, exc.index
        reason = reason_text(err, lang or "en") if getattr(err, "message_id", None) else str(err)
        detail = tr(
            N_("move {index} of the sequence ({move}): {reason}"),
            lang or "en",
            index=index + 1,
            move=texts[index] if index < len(texts) else "",
            reason=reason,
        )
        rule = getattr(err, "rule", "") or ""
        plain = getattr(err, "reason", None) or str(err)
        raise ServerError(422, detail, rule=rule, reason=plain, index=index) from None


def _stale(ply: int, now: int) -> ServerError:
    return ServerError(409, f"ply {ply} is not the current one: the game is at ply {now}", ply=now)


def _undone(live: Live, seat: int) -> Hints:
    """Seat's undo made on the game (an engine thread), and what the store is told of the game
    after it: 422 when the rules refuse it (RUL-19), the game unchanged."""
    try:
        live.game.undo(seat)
    except IllegalMoveError as exc:
        raise ServerError(422, str(exc), rule=exc.rule, reason=exc.reason) from None
    return live.hints(live.game)


#: A change made on the game itself (an engine thread, ``live.busy`` held) that answers the
#: write that stores it; it raises (``ServerError``) to refuse, the game left unchanged.
Edit = Callable[[Game], Write]


@dataclass(frozen=True)
class Change:
    """A change checked under the game's lock (:meth:`Hub._change`): ``write`` stores it, or
    ``edit`` makes it on the game and gives the write; ``settle`` updates what the server knows
    besides the game (the votes) once it is stored."""

    write: Write | None = None
    edit: Edit | None = None
    settle: Callable[[], None] | None = None
    #: the versions the change moves the game on by: one per move stored
    steps: int = 1
    tick: clocks.Tick | None = None  # the clocks' own change (a timeout, a seat taken back)
    #: the edit is short work (moves checked already): made on the event loop (Hub.engine)
    short: bool = False


def _caught_up(live: Live, texts: list[str], head: Head, clock: Clock | None) -> bool:
    """Play the moves another process appended (and its end by agreement), in an engine
    thread, on the game itself, which keeps its events; when these rules refuse one (False: the
    game is rebuilt from its log) the game is put back as it was. The version and the clocks
    (read with the head) change together, the engine held: answers are kept per version."""
    before = live.game.copy()
    try:
        for text in texts:
            live.game.play(text)
        if head.ended:
            live.game.conclude()
    except OnMarsError:
        live.game = before
        return False
    live.version, live.clock = head.version, clock
    return True


def _reloaded(
    live: Live, record: GameRecord, game: Game, stop: Stop | None, clock: Clock | None
) -> None:
    """The game rebuilt from its stored record (``game``, ``stop``: :func:`replayed`), with
    its clocks (read after the record: at least as new)."""
    live.forget_answers()
    live.load(record, game, stop)
    live.clock = clock


def _voted(live: Live, votes: set[int], ended: bool) -> None:
    """The votes to end the game by agreement are ``votes``; with ``ended`` the game was
    concluded (RUL-20) and nobody votes any more."""
    live.votes = votes
    if ended:
        live.stop, live.votes, live.resumes = None, set(), set()


def _resumed(live: Live, votes: set[int], going_on: bool) -> None:
    """The votes to go on with a held game are ``votes``; with ``going_on`` it goes on."""
    live.resumes = votes
    if going_on:
        live.stop, live.votes, live.resumes = None, set(), set()


class _NoTimeout(Exception):
    """No deadline has passed (or another process applied the timeout first)."""


def _came_back(seat: int, clock: Clock, at: Any) -> Clock:
    return clocks.returned(clock, seat, at)


class Hub:
    """The live games of one server process."""

    def __init__(self, store: Store, settings: Settings, bots: BotRunner) -> None:
        self.store, self.settings, self.bots = store, settings, bots
        self.games: OrderedDict[str, Live] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Live | None]] = {}
        self._db = ThreadPoolExecutor(settings.db_threads, thread_name_prefix="onmars-db")
        self._engine = ThreadPoolExecutor(
            settings.engine_threads, thread_name_prefix="onmars-engine"
        )
        self._commits = GroupCommit(store)
        self.closed = False
        #: Why the last write failed (None: it succeeded), for /api/health.
        self.write_failure: str | None = None
        self.bytes = 0  # the cached games' weights (Live.weight) in all
        #: Called after each change this process stored, with the game and the seat that
        #: decided before it (the your-turn messages, onmars.server.turns); never awaited.
        self.after_change: list[Callable[[Live, int | None], None]] = []
        #: Called (on the event loop) when a change made here ends a game: its rating (issue 24).
        self.on_over: list[Callable[[Live], None]] = []
        Game.new(2, seed=0)  # the engine fills its tables on first use: here, not in threads

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking store call in the database threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, partial(fn, *args, **kwargs))

    async def engine(
        self, live: Live | None, fn: Callable[..., T], *args: Any, inline: bool = False
    ) -> T:
        """Run engine work in the engine threads: for ``live``, one call at a time (a Game is
        not shared between threads), the game compacted (the events it worked out packed)
        and weighed again afterwards. With ``inline`` the work is known to be short (a move
        checked or played, a state worked out a few moves on: well under a millisecond) and
        runs on the event loop itself, still one call at a time for the game: a hand-over to
        a thread and back costs more than such work (issue 27.4); the game is then compacted
        and weighed only when the work kept something (:meth:`Live.grown`: a move checked or
        a bot's question keeps nothing)."""
        loop = asyncio.get_running_loop()
        if live is None:
            return await loop.run_in_executor(self._engine, partial(fn, *args))

        def work() -> T:
            try:
                return fn(*args)
            finally:
                live.game.compact()

        async with live.busy:
            if inline:
                mark = live.grown()
                try:
                    return fn(*args)
                finally:
                    if live.grown() != mark:
                        live.game.compact()
                        self._weigh(live)
            try:
                return await loop.run_in_executor(self._engine, work)
            finally:
                self._weigh(live)

    @staticmethod
    def _short(live: Live, since: int) -> bool:
        """Whether a state from ``since`` is short work: its events are of a few moves, and
        the game's events are worked out up to a few moves ago (:attr:`Live.events_at`)."""
        ply = live.ply
        return 0 <= ply - since <= SHORT_PLIES and 0 <= ply - live.events_at <= SHORT_PLIES

    async def write(self, op: Write) -> bool:
        """Commit a write (with others, :class:`GroupCommit`): True once it is on disk, False
        if another writer changed the game first."""
        try:
            stored = await asyncio.wrap_future(self._commits.submit(op))
        except Exception as exc:
            self.write_failure = f"the last write failed: {type(exc).__name__}"
            raise
        self.write_failure = None
        return stored

    def close(self) -> None:
        self.closed = True
        for live in self.games.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
        self._commits.close()
        self._db.shutdown(wait=True)
        self._engine.shutdown(wait=True, cancel_futures=True)

    # --- games -------------------------------------------------------------------------------
    async def create(
        self,
        players: list[tuple[str, str | None]],
        length: str,
        control: TimeControl | None = None,
    ) -> tuple[Live, list[str | None]]:
        """A new game (its seed drawn here, never shown), with its time control if any; the
        seats' tokens (``None`` for a bot's seat), which are known only to the caller from now
        on."""
        try:
            game = await self.engine(None, Game.new, [name for name, _ in players], None, length)
        except OnMarsError as exc:
            raise ServerError(422, str(exc)) from None
        game_id = secrets.token_urlsafe(ID_BYTES)
        tokens = [None if bot else new_token() for _, bot in players]
        rows = [
            SeatRow(seat, name, bot, token_hash(tok) if tok else None)
            for seat, ((name, bot), tok) in enumerate(zip(players, tokens, strict=True))
        ]
        log = game.log
        seed = log["seed"]
        clock = None
        if control is not None:
            humans = {s.seat for s in rows if not s.bot}
            clock = clocks.start(control, len(rows), game.current_player, humans)
        await self.db(
            self.store.create,
            game_id,
            game.options,
            seed,
            log["rules"],
            rows,
            Hints(game.current_player, False, game.round),
            clocks.insert_op(game_id, clock) if clock is not None else None,
        )
        live = Live(game_id, game, seed, rows, set(), 0, clock=clock)
        self._remember(live)
        self._weigh(live)
        self._kick_bots(live)
        return live, tokens

    async def get(self, game_id: str) -> Live:
        """The live game (loaded from the log when not in memory); 404 if there is none."""
        live = self.games.get(game_id)
        if live is not None:
            self.games.move_to_end(game_id)
            return live
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[game_id] = pending
            try:
                record = await self.db(self.store.load, game_id)
                live = await self.engine(None, _live, record) if record is not None else None
                if live is not None:
                    live.clock = await self.db(clocks.load, self.store, game_id)
                    live.hints_used = await self.db(self.store.hints_used, game_id)
                    self._remember(live)
                    self._weigh(live)
                    self._kick_bots(live)
                pending.set_result(live)
            except asyncio.CancelledError:
                pending.cancel()
                raise
            except Exception as exc:
                pending.set_exception(exc)
                pending.exception()  # retrieved: the waiters get it, or nobody needs it
                raise
            finally:
                del self._loading[game_id]
        live = await asyncio.shield(pending)
        if live is None:
            raise ServerError(404, f"no game {game_id!r}")
        return live

    def _remember(self, live: Live) -> None:
        self.games[live.id] = live
        self.bytes += live.weight

    def _weigh(self, live: Live) -> None:
        """Count ``live``'s memory again; then, over the limits (``cache_games``, ``cache_mb``),
        forget the least recently used games that nobody is using (no WebSocket, no bot at
        work, no request under way: they are loaded again when asked for), and the answers
        kept by the others."""
        weight = live.nbytes()
        if self.games.get(live.id) is live:
            self.bytes += weight - live.weight
        live.weight = weight
        limit = self.settings.cache_mb * 2**20
        if len(self.games) <= self.settings.cache_games and self.bytes <= limit:
            return
        for old in list(self.games.values()):
            if len(self.games) <= self.settings.cache_games and self.bytes <= limit:
                break
            if old.lock.locked() or old.busy.locked() or old is live:
                continue
            if old.subscribers or old.bot_task is not None:
                old.forget_answers()
                weight = old.nbytes()
                self.bytes += weight - old.weight
                old.weight = weight
                continue
            del self.games[old.id]
            self.bytes -= old.weight

    def seat(self, live: Live, token: str | None) -> int | None:
        """The seat a token stands for in this game (``None``: no token, a spectator); 401 for
        a token that is no seat of this game."""
        if token is None:
            return None
        seat = live.by_hash.get(token_hash(token))
        if seat is None:
            raise ServerError(401, "this token is not a seat of this game")
        return seat

    # --- what a seat may see -----------------------------------------------------------------
    def seen(
        self, live: Live, seat: int | None, since: int = 0, lang: str | None = None
    ) -> dict[str, Any]:
        """The game as ``seat`` may see it (``None``: a spectator, RUL-18): its view, the
        events from ply ``since`` on, and its legal moves when it decides now, each with its
        label and structure (described, with the sequences offered, only when asked:
        :meth:`described_json`). Never the seed nor the log."""
        game = live.game
        over = live.is_over
        current = None if over else game.current_player
        outcome = live.outcome() if over else None
        undo_why = _undo_why(live, seat, lang or "en")  # "": it can undo (or a spectator)
        out: dict[str, Any] = {
            "type": "state",
            "id": live.id,
            "ply": live.ply,
            "version": live.version,
            "seat": seat,
            "current_player": current,
            "is_over": over,
            "ended": game.ended or ("agreement" if live.stop and live.stop.ended else None),
            "players": [
                {"seat": s.seat, "name": s.name, "bot": s.bot}
                | {"hints": live.hints_used.get(s.seat, 0)}
                for s in live.seats
            ],
            "votes": sorted(live.votes),
            "stop": _stop_seen(live, seat, lang or "en"),
            "resumes": sorted(live.resumes),
            "can_undo": seat is not None and live.stop is None and not undo_why,
            "undo_why": undo_why,
            "winners": outcome["winners"] if outcome else [],
            "decision": None if over or live.stop else _decision(game, lang or "en"),
            "view": game.view(seat),
            "events": game.events(seat, since, lang),
            "legal_moves": [],
            "projection": self._projection(live, seat),
            "clock": clocks.shown(live.clock),
        }
        if seat is not None and seat == current and not over and live.stop is None:
            out["legal_moves"] = self._chosen(live, lang or "en")
        if outcome:
            out["scores"] = outcome["scores"]
        return out

    async def seen_json(
        self, live: Live, seat: int | None, since: int = 0, lang: str | None = None
    ) -> bytes:
        """:meth:`seen` as JSON, worked out in an engine thread (on the event loop when it is
        short work: :meth:`_short`)."""
        short = self._short(live, since)
        return await self.engine(live, self._seen_json, live, seat, since, lang, inline=short)

    async def push_json(self, live: Live, sub: Subscriber) -> bytes:
        """What to send a WebSocket subscriber: the game as its seat sees it, with the events
        since the last message (``sub.since`` and ``sub.sent`` move on to this version)."""

        def work() -> bytes:
            text = self._seen_json(live, sub.seat, sub.since, sub.lang)
            sub.since, sub.sent = live.ply, live.version
            return text

        return await self.engine(live, work, inline=self._short(live, sub.since))

    def _seen_json(self, live: Live, seat: int | None, since: int, lang: str | None) -> bytes:
        """:meth:`seen` as JSON, made once per version of the game for each (seat, since,
        lang) while the answers kept fit in ``answers_kb`` (least recently used dropped
        first): the answer to a move and the pushes to that seat's WebSocket share it."""
        if live.sent_version != live.version:
            live.sent.clear()
            live.sent_version, live.sent_bytes = live.version, 0
        key = (seat, since, lang)
        text = live.sent.get(key)
        if text is not None:
            live.sent.move_to_end(key)
            return text
        text = orjson.dumps(self.seen(live, seat, since, lang), option=orjson.OPT_NON_STR_KEYS)
        live.events_at = live.ply  # game.events worked them out up to here
        limit = self.settings.answers_kb * 1024
        if len(text) <= limit:
            live.sent[key] = text
            live.sent_bytes += len(text)
            while live.sent_bytes > limit:
                live.sent_bytes -= len(live.sent.popitem(last=False)[1])
        return text

    def _projection(self, live: Live, seat: int | None) -> list[dict[str, Any]]:
        """``game.projection(seat)``: the final scoring if the game ended now. It reads only
        public things (no Private Goal, no face-down tile: RUL-18, see Game.projection), so it
        is the same for every seat and is worked out once per version of the game."""
        known = live.projected
        if known is not None and known[0] == live.version:
            return known[1]
        figures = live.game.projection(seat)
        live.projected = (live.version, figures)
        return figures

    async def why_not(self, live: Live, seat: int | None, lang: str) -> dict[str, Any]:
        """The refused places of the pending decision (``Game.refusals``) for the seat that
        decides now; nothing for any other seat or a spectator (their reasons would be about
        another seat's position: RUL-18). Worked out in an engine thread, on demand (a hover
        asks for it, not every state answer)."""

        def work() -> dict[str, Any]:
            game = live.game
            deciding = seat is not None and not live.is_over and live.stop is None
            mine = deciding and game.current_player == seat
            refused = game.refusals(lang) if mine else []
            return {"ply": live.ply, "version": live.version, "refused": refused}

        return await self.engine(live, work)

    async def described_json(self, live: Live, seat: int | None, lang: str) -> bytes:
        """The legal moves of the seat deciding now, each described (``Game.describe``: what
        it costs, gains, scores, warns of, what it leads to) with its structure, and the
        sequences offered as one click (``Game.sequences``), as JSON; nothing for any other
        seat or a spectator (a preview is of the mover's own position: RUL-18). Worked out in
        an engine thread when a client asks, once per version of the game and language: the
        states pushed and answered carry only the moves' labels and structures, so that bots
        and clients that never show a preview cost nothing for it."""

        def work() -> bytes:
            deciding = seat is not None and not live.is_over and live.stop is None
            mine = deciding and live.game.current_player == seat
            out = {
                "ply": live.ply,
                "version": live.version,
                "legal_moves": self._described(live, lang) if mine else [],
                "sequences": self._sequenced(live, lang) if mine else [],
            }
            return orjson.dumps(out, option=orjson.OPT_NON_STR_KEYS)

        return await self.engine(live, work)

    def _chosen(self, live: Live, lang: str) -> list[dict[str, Any]]:
        """The legal moves with their labels and structures, once per version of the game."""
        known = live.chosen.get(lang)
        if known is not None and known[0] == live.version:
            return known[1]
        game = live.game
        listed = [
            {"move": str(m), "label": text, **shaped}
            for m, text, shaped in zip(
                game.legal_moves(), game.labels(lang), game.structures(), strict=True
            )
        ]
        live.chosen[lang] = (live.version, listed, len(orjson.dumps(listed)))
        return listed

    def _described(self, live: Live, lang: str) -> list[dict[str, Any]]:
        known = live.described.get(lang)
        if known is not None and known[0] == live.version:
            return known[1]
        game = live.game
        listed = [
            {**game.describe(m, lang), **shaped}
            for m, shaped in zip(game.legal_moves(), game.structures(), strict=True)
        ]
        live.described[lang] = (live.version, listed, len(orjson.dumps(listed)))
        return listed

    def _sequenced(self, live: Live, lang: str) -> list[dict[str, Any]]:
        """``game.sequences(lang)``, worked out once per version of the game."""
        known = live.sequenced.get(lang)
        if known is not None and known[0] == live.version:
            return known[1]
        listed: list[dict[str, Any]] = [dict(x) for x in live.game.sequences(lang)]
        live.sequenced[lang] = (live.version, listed, len(orjson.dumps(listed)))
        return listed

    async def replay_json(self, live: Live, ply: int, since: int, lang: str | None = None) -> bytes:
        """A finished game as a spectator saw it after ``ply`` moves, with the events of the
        moves from ``since`` to ``ply`` (JSON): 409 while the game is being played, 422 past
        its end. The position comes from the replay's kept positions (:class:`Replay`), the
        events from the game's own: a step costs a few moves, not the game's replay."""
        return await self.engine(live, self._replay_json, live, ply, since, lang)

    def _replay_json(self, live: Live, ply: int, since: int, lang: str | None) -> bytes:
        game = live.game
        total = len(game.moves)
        if not live.is_over:
            raise ServerError(409, "replays are for finished games: this one is being played")
        if ply > total:
            raise ServerError(422, f"ply {ply} is past the game's end (ply {total})")
        if live.replay is None:
            live.replay = Replay([game.prefix(0)])
        shown = game if ply == total else live.replay.at(game, ply)  # the end as it was
        out = {
            "id": live.id,
            "ply": ply,
            "total": total,
            "players": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in live.seats],
            "current_player": shown.current_player,
            "view": shown.view(None, reveal=True),  # the game is over (RUL-22)
            "events": game.events(None, since, lang, None if ply == total else ply, reveal=True),
        }
        return orjson.dumps(out, option=orjson.OPT_NON_STR_KEYS)

    # --- changes -----------------------------------------------------------------------------
    async def play(
        self,
        live: Live,
        seat: int,
        ply: int,
        text: str | list[str],
        lang: str | None = None,
        by_bot: str | None = None,
        holder: str | None = None,
    ) -> None:
        """Seat ``seat`` plays ``text`` at ply ``ply``: 409 if that is not the current ply,
        403 if another seat decides now, 422 (with the rule) for an illegal move; nothing is
        changed unless the move was stored. A list is a sequence played all or none (issue
        23): each move checked in its turn (422 naming the refused move's ``index``), stored
        as a move of its own in the same write (one compare-and-set), pushed once.
        ``by_bot``: the bot that chose it, refused (409) once it no longer plays the seat (its
        absent player took it back). ``holder``: the sha256 of the token the seat acts with
        (:meth:`_change`)."""

        async def prepare() -> Change:
            if ply > live.ply:  # the client knows more than this process: catch up
                await self._refresh(live)
            if by_bot is not None and live.bot_of(seat) != by_bot:
                raise ServerError(409, "this bot no longer plays this seat", ply=live.ply)
            check: Callable[[], list[Move]]
            if isinstance(text, str):
                check = partial(_checked_moves, live, seat, ply, text, lang)
            else:
                check = partial(_checked_sequence, live, seat, ply, text, lang)
            checked = await self.engine(live, check, inline=True)

            def edit(game: Game) -> Write:
                for move in checked:  # checked above, under the same lock: played once, here
                    game.play(move)
                hints = live.hints(game)
                texts = [str(m) for m in checked]
                played: str | list[str] = texts[0] if isinstance(text, str) else texts
                return self.store.append_op(live.id, live.version, ply, played, seat, hints)

            return Change(edit=edit, steps=len(checked), short=True)

        await self._change(live, prepare, holder)

    async def _change(
        self, live: Live, prepare: Callable[[], Awaitable[Change]], holder: str | None = None
    ) -> None:
        """The one way a game changes (moves, undo, votes, resumes): under the game's lock,
        ``prepare`` checks the change (raising ``ServerError`` to refuse), which is then stored
        and made on the live game (:meth:`_store`). When another process wrote first
        (compare-and-set), the game is caught up and the change prepared again, a few times,
        then 409. ``holder``: the sha256 of the token a seat acts with, checked again at each
        try (401 once it no longer stands for a seat: a new key made in another process, seen
        when catching up, :meth:`rekey`)."""
        for _ in range(4):
            async with live.lock:
                if holder is not None and holder not in live.by_hash:
                    raise ServerError(401, "this token is not a seat of this game")
                before = live.game.current_player
                change = await prepare()
                if await self._store(live, change):
                    if change.settle is not None:
                        change.settle()
                    self._changed(live)
                    self._after(live, before)
                    return
                await self._refresh(live)  # another process wrote first: try again
        raise ServerError(409, "the game keeps changing: try again", ply=live.ply)

    async def _store(self, live: Live, change: Change) -> bool:
        """Store ``change`` and make it on the game, once: an edit is made on the game itself
        (an engine thread) and its write committed while ``live.busy`` is held, so that no
        answer shows it before it is stored; when the write fails or another writer was first,
        the game is put back as it was (a copy taken before the edit: copy on write, cheap).
        The game's version moves on once the change is stored."""
        write, edit = change.write, change.edit
        ticked = clocks.Ticked()
        if edit is None:
            assert write is not None
            stored = await self.write(self._timed(live, write, change.tick, ticked))
            if stored:  # the clock first: no answer of the new version shows the old one
                live.clock = ticked.clock or live.clock
                live.version += 1
            return stored
        loop = asyncio.get_running_loop()

        def work() -> tuple[Game, Write]:
            before = live.game.copy()
            try:
                return before, edit(live.game)
            finally:
                live.game.compact()

        async with live.busy:
            try:
                if change.short:  # a copy and a move: on the event loop
                    before, edited = work()
                else:
                    before, edited = await loop.run_in_executor(self._engine, work)
                try:
                    stored = await self.write(self._timed(live, edited, change.tick, ticked))
                except BaseException:
                    live.game = before
                    raise
                if stored:
                    live.clock = ticked.clock or live.clock
                    live.version += change.steps
                else:
                    live.game = before
                return stored
            finally:
                self._weigh(live)

    @staticmethod
    def _timed(live: Live, write: Write, tick: clocks.Tick | None, out: clocks.Ticked) -> Write:
        """``write`` with the game's clocks moved on in its transaction (a game with a time
        control): ``tick`` (a timeout, a seat taken back), then the hand-off to the seat that
        decides after the change (``None`` once over or held: the clocks stop)."""
        if live.clock is None:
            return write
        game = live.game  # as the change left it (the engine is done with it)
        seat = None if game.is_over or live.stop is not None else game.current_player
        humans = live.timed()

        def moved(clock: Clock, at: Any) -> Clock:
            if tick is not None:
                clock = tick(clock, at)
            return clocks.handoff(clock, at, seat, humans)

        return clocks.then_tick(write, live.id, moved, out)

    async def undo(self, live: Live, seat: int, ply: int | None, holder: str | None = None) -> None:
        """Take back seat's last move (RUL-19): 422 when the rules refuse it."""

        async def prepare() -> Change:
            if ply is not None and ply > live.ply:
                await self._refresh(live)
            if ply is not None and ply != live.ply:
                raise _stale(ply, live.ply)
            _check_not_held(live)

            def edit(_game: Game) -> Write:
                hints = _undone(live, seat)
                return self.store.undo_op(live.id, live.version, live.ply, hints)

            return Change(edit=edit)

        await self._change(live, prepare, holder)

    async def vote(self, live: Live, seat: int, agree: bool, holder: str | None = None) -> None:
        """Seat's vote to end the game by agreement (RUL-20), or its withdrawal: the game ends
        when every human seat has voted (bots agree). A held game ends at its last accepted
        move (the refused moves are dropped from the store)."""

        async def prepare() -> Change:
            if live.is_over:
                raise ServerError(409, "§24.1: the game is over", ply=live.ply)
            votes = live.votes | {seat} if agree else live.votes - {seat}
            ended = agree and live.humans() <= votes
            settle = partial(_voted, live, votes, ended)
            if not ended:
                op = self.store.vote_op(live.id, live.version, seat, yes=agree, ended=False)
                return Change(write=op, settle=settle)
            return Change(edit=partial(self._ended, live, seat), settle=settle)

        await self._change(live, prepare, holder)

    def _ended(self, live: Live, seat: int, game: Game) -> Write:
        """The game ended by agreement (RUL-20) with seat's vote, and the write that stores it
        with its result; a held game ends at its last accepted move, the refused moves
        dropped."""
        game.conclude()
        if live.stop is not None:
            hints = live.hints(game)
            return self.store.truncate_op(live.id, live.version, live.ply, hints, ended=True)
        result = result_of(game)
        return self.store.vote_op(live.id, live.version, seat, yes=True, ended=True, result=result)

    async def resume(self, live: Live, seat: int, agree: bool, holder: str | None = None) -> None:
        """Seat's vote to go on with a held game from its last accepted move (or its
        withdrawal): once every human seat has voted (bots agree) the moves today's rules
        refuse are dropped from the store and the game is played on, under its own rules
        version (docs/rules-versions.md). 409 for a game that is not held."""

        async def prepare() -> Change:
            if not live.held:
                raise ServerError(
                    409, "only a game held at a move today's rules refuse can go on from its "
                    "last accepted move", ply=live.ply
                )  # fmt: skip
            votes = live.resumes | {seat} if agree else live.resumes - {seat}
            going_on = agree and live.humans() <= votes
            if going_on:
                op = self.store.truncate_op(live.id, live.version, live.ply, live.hints(live.game))
            else:
                op = self.store.vote_op(
                    live.id, live.version, seat, yes=agree, ended=False, table=resumes
                )
            return Change(write=op, settle=partial(_resumed, live, votes, going_on))

        await self._change(live, prepare, holder)

    # --- clocks (onmars.server.clocks) ---------------------------------------------------------
    async def timeout(self, live: Live) -> bool:
        """Apply the game's policy to the seat whose deadline has passed (a bot stands in, or
        the seat is absent and the others may end the game by agreement, RUL-20): True if this
        process applied it, False when there was nothing to do (no deadline passed, or another
        process applied it first: the compare-and-set, then the clocks read again)."""
        applied = False

        async def prepare() -> Change:
            nonlocal applied
            clock = live.clock
            if clock is None or live.is_over or not clocks.due(clock, clocks.utcnow()):
                raise _NoTimeout
            if live.stop is not None:  # held: its clocks stop (the hand-off to nobody)
                return Change(write=self.store.touch_op(live.id, live.version))
            op = self.store.touch_op(live.id, live.version)
            applied = True
            return Change(write=op, tick=clocks.timed_out)

        try:
            await self._change(live, prepare)
        except _NoTimeout:
            return False
        if applied and live.clock is not None:
            log.info("game %s: seat %s ran out of time", live.id, live.clock.seat)
        return applied

    async def overdue(self, live: Live, seat: int) -> None:
        """A request of ``seat`` (a move, an undo, a hint) that comes after its deadline,
        before the periodic check applied it, is late: the timeout applies first (a deadline is
        a deadline, whatever the check's period)."""
        clock = live.clock
        if clock is not None and clock.seat == seat and clocks.due(clock, clocks.utcnow()):
            await self.timeout(live)

    async def take_back(self, live: Live, seat: int, holder: str | None = None) -> None:
        """The absent player of ``seat`` takes it back (the stand-in bot stops; its clock runs
        again if it decides now): 409 for a seat that is not absent."""

        async def prepare() -> Change:
            clock = live.clock
            if clock is None or seat not in clock.absent:
                raise ServerError(409, "this seat is not absent: its player plays it", ply=live.ply)
            if live.is_over:
                raise ServerError(409, "§24.1: the game is over", ply=live.ply)
            op = self.store.touch_op(live.id, live.version)
            return Change(write=op, tick=partial(_came_back, seat))

        await self._change(live, prepare, holder)

    async def rekey(self, live: Live, seat: int) -> str:
        """A new key for ``seat`` (a leaked link or key): its link's token is replaced by a
        new one, returned (only its sha256 is stored), and every other token the seat had
        (the old link's, the seat keys of its account) stops acting for it, in every process
        (the game's version moves on: the others reload its seats, :meth:`Live.take_seats`);
        its WebSockets opened with one of them are closed. Nothing else of the game changes
        (not the time it changed last)."""
        token = new_token()
        seats = list(live.seats)
        for _ in range(4):
            async with live.lock:
                op = self.store.rekey_op(live.id, live.version, seat, token_hash(token))
                if await self.write(op):
                    live.version += 1
                    seats = list(live.seats)
                    seats[seat] = replace(seats[seat], token_hash=token_hash(token))
                    live.take_seats(seats)
                    self._changed(live, local=False)
                    return token
                await self._refresh(live)  # another process wrote first: try again
        raise ServerError(409, "the game keeps changing: try again", ply=live.ply)

    async def refresh(self, live: Live, version: int | None = None) -> None:
        """Catch up with another process's change (stored ``version``, if known)."""
        async with live.lock:
            if version is None or version > live.version:
                await self._refresh(live)

    async def _refresh(self, live: Live) -> bool:
        """Catch up with the stored game (the lock held). When only moves were appended since
        this process's version (each bumps the version by one), just those are read and
        played; otherwise (an undo, a vote elsewhere) the game is rebuilt from its log. Bots
        are not started here: the process that stored a change moves the bots after it."""
        head, clock = await self.db(clocks.head, self.store, live.id)
        if head is None or head.version == live.version:
            return False
        if not await self._appended(live, head, clock):
            record = await self.db(self.store.load, live.id)
            if record is None:
                return False
            clock = await self.db(clocks.load, self.store, live.id)
            game, stop = await self.engine(None, replayed, record)
            await self.engine(live, _reloaded, live, record, game, stop, clock)
        self._changed(live, local=False)
        return True

    async def _appended(self, live: Live, head: Head, clock: Clock | None) -> bool:
        """Play the moves another process appended, when that is all it did; False when the
        game must be rebuilt from its log instead (an undo, a vote, a held game, or a move
        these rules refuse: a process of another rules version wrote it, and the rebuilt game
        is held there, docs/rules-versions.md)."""
        n = live.ply
        added = head.ply - n
        if added < 0 or head.version - live.version != added or live.game.ended or live.stop:
            return False
        texts = await self.db(self.store.moves_from, live.id, n)
        if len(texts) < added:  # an undo since the head was read: rebuild
            return False
        # Moves appended since the head was read wait for the next catch-up: the version
        # set is the head's, so it must count the head's moves, no more.
        return await self.engine(live, _caught_up, live, texts[:added], head, clock)

    def _after(self, live: Live, before: int | None) -> None:
        for hook in self.after_change:
            try:
                hook(live, before)
            except Exception:  # a hook's failure is never the change's
                log.exception("after the change of game %s", live.id)

    def _changed(self, live: Live, local: bool = True) -> None:
        for sub in live.subscribers:
            sub.wake.set()
        if local:
            self._kick_bots(live)
            if live.is_over:
                for hook in self.on_over:
                    hook(live)

    # --- bots --------------------------------------------------------------------------------
    @staticmethod
    def _bot_turn(live: Live) -> bool:
        """Whether a bot decides now (on the event loop: only while no change is under way,
        when a change is made or the game loaded)."""
        game = live.game
        seat = game.current_player
        return (
            not game.is_over
            and live.stop is None
            and seat is not None
            and live.bot_of(seat) is not None
        )

    @staticmethod
    def _bot_question(
        live: Live,
    ) -> tuple[int, int, int, str, dict[str, Any] | None, list[Move]] | None:
        """What the bot deciding now is given (on the event loop): the game's version and ply,
        the seat, the bot, its view (none for a bot that reads none: ``bots.instant``) and the
        legal moves; ``None`` when no bot decides."""
        if not Hub._bot_turn(live):
            return None
        game = live.game
        seat = game.current_player
        name = live.bot_of(seat) if seat is not None else None
        assert seat is not None and name is not None
        view = None if instant(name) else game.view(seat)
        return live.version, live.ply, seat, name, view, game.legal_moves()

    def _kick_bots(self, live: Live) -> None:
        if self.closed or live.bot_task is not None or not self._bot_turn(live):
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._bots(live))

    async def _bots(self, live: Live) -> None:
        """Bots move while one decides, each choice worked out by the bot runner. A choice that
        fails three times in a row (the runner has already replaced a broken or hung worker
        pool and asked again: :class:`BotRunner`) leaves the game until :meth:`wake_bots`
        tries again."""
        failures = 0
        try:
            while not self.closed:
                if self.settings.bot_delay:
                    await asyncio.sleep(self.settings.bot_delay)
                question = await self.engine(live, self._bot_question, live, inline=True)
                if question is None:
                    return
                version, ply, seat, name, view, legal = question
                # the bot's own randomness, never derived from the game's seed (RUL-18)
                seed = secrets.randbits(63)
                try:
                    text = await self.bots.choose(
                        name, seed, (live.id, seat), view, legal, watched=bool(live.timed())
                    )  # a game of bots only waits behind those a person plays in
                except Exception:
                    failures += 1
                    log.exception("bot %s of game %s failed", name, live.id)
                    if failures >= 3:
                        return
                    await asyncio.sleep(0.5)
                    continue
                failures = 0
                if live.version != version:
                    continue  # the game changed meanwhile: choose again
                try:
                    await self.play(live, seat, ply, text, by_bot=name)
                except ServerError as exc:
                    if exc.status != 409:
                        log.error("bot %s of game %s: %s", name, live.id, exc.detail)
                        return
        finally:
            live.bot_task = None

    def wake_bots(self) -> int:
        """Start the bots of every game in memory that waits for one and has none running (a
        bot that gave up, a change that did not start them): the periodic check."""
        idle = [
            g
            for g in self.games.values()
            if g.bot_task is None and not g.busy.locked() and self._bot_turn(g)
        ]  # a game the engine works on now is left to the change under way
        for live in idle:
            self._kick_bots(live)
        return len(idle)

    async def resume_bots(self) -> int:
        """Games stored with a bot to move (a server restarted mid-game) are loaded: their bots
        move on."""
        ids = await self.db(self.store.waiting_for_bots)
        for game_id in ids:
            try:
                await self.get(game_id)
            except Exception:
                log.exception("could not resume game %s", game_id)
        return len(ids)

    # --- other processes' changes --------------------------------------------------------------
    async def poll(self) -> None:
        """Catch up with the games other processes changed, for the games watched here."""
        watched = [g.id for g in self.games.values() if g.subscribers]
        if not watched:
            return
        stored = await self.db(self.store.versions, watched)
        for game_id, version in stored.items():
            live = self.games.get(game_id)
            if live is not None and version != live.version:
                await self.refresh(live, version)

    def notified(self, game_id: str, version: int) -> None:
        """Another process (or this one) stored ``version`` of a game."""
        live = self.games.get(game_id)
        if live is not None and version > live.version:
            asyncio.get_running_loop().create_task(self.refresh(live, version))
