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
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
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
    Stop,
    reason_text,
    tr,
)
from onmars.server.bots import BotRunner
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


@dataclass(eq=False)
class Live:
    """A game in memory, with what the server knows of it besides the log."""

    id: str
    game: Game
    seed: int
    seats: list[SeatRow]
    votes: set[int]
    version: int
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    described: dict[str | None, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)
    by_hash: dict[str, int] = field(default_factory=dict)
    projected: tuple[int, list[dict[str, Any]]] | None = None
    #: What was sent for this version: (seat, since, lang) -> the JSON text.
    sent: dict[tuple[int | None, int, str | None], bytes] = field(default_factory=dict)
    sent_version: int = -1
    #: Where replaying the stored moves stopped (a held game), else ``None``.
    stop: Stop | None = None
    #: The seats that voted to go on with a held game from its last accepted move.
    resumes: set[int] = field(default_factory=set)
    #: A held game had finished: it is shown as finished, with ``result`` (its final scores
    #: and winners, as recorded when it ended).
    finished: bool = False
    result: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.by_hash = {s.token_hash: s.seat for s in self.seats if s.token_hash}

    @property
    def ply(self) -> int:
        return len(self.game.moves)

    def humans(self) -> set[int]:
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


def _check_not_held(live: Live) -> None:
    if live.stop is not None:
        raise ServerError(
            409,
            "this game is held at a move today's rules refuse: vote to go on from its last "
            "accepted move (POST /resume) or to end it by agreement (POST /conclude)",
            ply=live.ply,
        )


class Hub:
    """The live games of one server process."""

    def __init__(self, store: Store, settings: Settings, bots: BotRunner) -> None:
        self.store, self.settings, self.bots = store, settings, bots
        self.games: OrderedDict[str, Live] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Live | None]] = {}
        self._db = ThreadPoolExecutor(settings.db_threads, thread_name_prefix="onmars-db")
        self._commits = GroupCommit(store)
        self.closed = False
        #: Why the last write failed (None: it succeeded), for /api/health.
        self.write_failure: str | None = None

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a blocking store call in the database threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, partial(fn, *args, **kwargs))

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

    # --- games -------------------------------------------------------------------------------
    async def create(
        self, players: list[tuple[str, str | None]], length: str
    ) -> tuple[Live, list[str | None]]:
        """A new game (its seed drawn here, never shown); the seats' tokens (``None`` for a
        bot's seat), which are known only to the caller from now on."""
        try:
            game = Game.new([name for name, _ in players], None, length)
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
        await self.db(
            self.store.create,
            game_id,
            game.options,
            seed,
            log["rules"],
            rows,
            Hints(game.current_player, False, game.round),
        )
        live = Live(game_id, game, seed, rows, set(), 0)
        self._remember(live)
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
                live = _live(record) if record is not None else None
                if live is not None:
                    self._remember(live)
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
        if len(self.games) <= self.settings.cache_games:
            return
        for old in list(self.games.values()):
            if len(self.games) <= self.settings.cache_games:
                break
            if old.subscribers or old.bot_task is not None or old.lock.locked() or old is live:
                continue
            del self.games[old.id]

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
        events from ply ``since`` on, and its legal moves, described, when it decides now.
        Never the seed nor the log."""
        game = live.game
        over = live.is_over
        current = None if over else game.current_player
        outcome = live.outcome() if over else None
        out: dict[str, Any] = {
            "type": "state",
            "id": live.id,
            "ply": live.ply,
            "version": live.version,
            "seat": seat,
            "current_player": current,
            "is_over": over,
            "ended": game.ended or ("agreement" if live.stop and live.stop.ended else None),
            "players": [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in live.seats],
            "votes": sorted(live.votes),
            "stop": _stop_seen(live, seat, lang or "en"),
            "resumes": sorted(live.resumes),
            "can_undo": seat is not None and live.stop is None and game.can_undo(seat),
            "winners": outcome["winners"] if outcome else [],
            "view": game.view(seat),
            "events": game.events(seat, since, lang),
            "legal_moves": [],
            "projection": self._projection(live, seat),
        }
        if seat is not None and seat == current and not over and live.stop is None:
            out["legal_moves"] = self._described(live, lang or "en")
        if outcome:
            out["scores"] = outcome["scores"]
        return out

    def seen_json(
        self, live: Live, seat: int | None, since: int = 0, lang: str | None = None
    ) -> bytes:
        """:meth:`seen` as JSON, made once per version of the game for each (seat, since,
        lang): the answer to a move and the pushes to that seat's WebSocket share it."""
        if live.sent_version != live.version:
            live.sent.clear()
            live.sent_version = live.version
        key = (seat, since, lang)
        text = live.sent.get(key)
        if text is None:
            text = orjson.dumps(self.seen(live, seat, since, lang), option=orjson.OPT_NON_STR_KEYS)
            if len(live.sent) < 32:
                live.sent[key] = text
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

    def _described(self, live: Live, lang: str) -> list[dict[str, Any]]:
        known = live.described.get(lang)
        if known is not None and known[0] == live.version:
            return known[1]
        game = live.game
        listed = [{**game.describe(m, lang), "move": str(m)} for m in game.legal_moves()]
        live.described[lang] = (live.version, listed)
        return listed

    # --- changes -----------------------------------------------------------------------------
    async def play(
        self, live: Live, seat: int, ply: int, text: str, lang: str | None = None
    ) -> None:
        """Seat ``seat`` plays ``text`` at ply ``ply``: 409 if that is not the current ply,
        403 if another seat decides now, 422 (with the rule) for an illegal move; nothing is
        changed unless the move was stored."""
        for _ in range(4):
            async with live.lock:
                if ply > live.ply:  # the client knows more than this process: catch up
                    await self._refresh(live)
                game = live.game
                if ply != live.ply:
                    raise ServerError(
                        409,
                        f"ply {ply} is not the current one: the game is at ply {live.ply}",
                        ply=live.ply,
                    )
                if live.is_over:
                    raise ServerError(409, "§24.1: the game is over", ply=live.ply)
                _check_not_held(live)
                current = game.current_player
                if seat != current:
                    name = live.seats[current].name if current is not None else "nobody"
                    raise ServerError(
                        403, f"not your turn: seat {current} ({name}) decides now", ply=live.ply
                    )
                try:
                    move = Move.parse(text)
                except InvalidMoveError as exc:
                    raise ServerError(422, str(exc), rule="", reason=str(exc)) from None
                if move not in game.legal_moves():
                    err = IllegalMoveError(game.why(move) or "illegal move")
                    raise ServerError(
                        422, reason_text(err, lang or "en"), rule=err.rule, reason=err.reason
                    ) from err  # the handler gives it in the language asked for
                after = game.copy()
                after.play(move)
                stored = await self.write(
                    self.store.append_op(
                        live.id, live.version, ply, str(move), seat, live.hints(after)
                    )
                )
                if stored:
                    game.play(move)
                    live.version += 1
                    self._changed(live)
                    return
                await self._refresh(live)  # another process wrote first: try again
        raise ServerError(409, "the game keeps changing: try again", ply=live.ply)

    async def undo(self, live: Live, seat: int, ply: int | None) -> None:
        """Take back seat's last move (RUL-19): 422 when the rules refuse it."""
        for _ in range(4):
            async with live.lock:
                if ply is not None and ply > live.ply:
                    await self._refresh(live)
                if ply is not None and ply != live.ply:
                    raise ServerError(
                        409,
                        f"ply {ply} is not the current one: the game is at ply {live.ply}",
                        ply=live.ply,
                    )
                _check_not_held(live)
                twin = live.game.copy()
                try:
                    twin.undo(seat)
                except IllegalMoveError as exc:
                    raise ServerError(422, str(exc), rule=exc.rule, reason=exc.reason) from None
                stored = await self.write(
                    self.store.undo_op(live.id, live.version, live.ply - 1, live.hints(twin))
                )
                if stored:
                    live.game.undo(seat)
                    live.version += 1
                    self._changed(live)
                    return
                await self._refresh(live)
        raise ServerError(409, "the game keeps changing: try again", ply=live.ply)

    async def vote(self, live: Live, seat: int, agree: bool) -> None:
        """Seat's vote to end the game by agreement (RUL-20), or its withdrawal: the game ends
        when every human seat has voted (bots agree). A held game ends at its last accepted
        move (the refused moves are dropped from the store)."""
        for _ in range(4):
            async with live.lock:
                if live.is_over:
                    raise ServerError(409, "§24.1: the game is over", ply=live.ply)
                votes = live.votes | {seat} if agree else live.votes - {seat}
                ended = agree and live.humans() <= votes
                after = live.game
                if not ended:
                    op = self.store.vote_op(live.id, live.version, seat, yes=agree, ended=False)
                else:
                    after = live.game.copy()
                    after.conclude()
                    if live.stop is not None:  # a held game ends at its last accepted move
                        hints = live.hints(after)
                        op = self.store.truncate_op(
                            live.id, live.version, live.ply, hints, ended=True
                        )
                    else:
                        op = self.store.vote_op(
                            live.id,
                            live.version,
                            seat,
                            yes=True,
                            ended=True,
                            result=result_of(after),
                        )
                if await self.write(op):
                    live.votes = votes
                    if ended:
                        live.game, live.stop, live.votes, live.resumes = after, None, set(), set()
                    live.version += 1
                    self._changed(live)
                    return
                await self._refresh(live)
        raise ServerError(409, "the game keeps changing: try again", ply=live.ply)

    async def resume(self, live: Live, seat: int, agree: bool) -> None:
        """Seat's vote to go on with a held game from its last accepted move (or its
        withdrawal): once every human seat has voted (bots agree) the moves today's rules
        refuse are dropped from the store and the game is played on, under its own rules
        version (docs/rules-versions.md). 409 for a game that is not held."""
        for _ in range(4):
            async with live.lock:
                if not live.held:
                    raise ServerError(
                        409, "only a game held at a move today's rules refuse can go on from its "
                        "last accepted move", ply=live.ply
                    )  # fmt: skip
                votes = live.resumes | {seat} if agree else live.resumes - {seat}
                going_on = agree and live.humans() <= votes
                if going_on:
                    op = self.store.truncate_op(
                        live.id, live.version, live.ply, live.hints(live.game)
                    )
                else:
                    op = self.store.vote_op(
                        live.id, live.version, seat, yes=agree, ended=False, table=resumes
                    )
                if await self.write(op):
                    live.resumes = votes
                    if going_on:
                        live.stop, live.votes, live.resumes = None, set(), set()
                    live.version += 1
                    self._changed(live)
                    return
                await self._refresh(live)
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
        head = await self.db(self.store.head, live.id)
        if head is None or head.version == live.version:
            return False
        if not await self._appended(live, head):
            record = await self.db(self.store.load, live.id)
            if record is None:
                return False
            live.load(record, *replayed(record))
        self._changed(live, local=False)
        return True

    async def _appended(self, live: Live, head: Head) -> bool:
        """Play the moves another process appended, when that is all it did; False when the
        game must be rebuilt from its log instead (an undo, a vote, a held game, or a move
        these rules refuse: a process of another rules version wrote it, and the rebuilt game
        is held there, docs/rules-versions.md)."""
        game = live.game
        n = len(game.moves)
        added = head.ply - n
        if added < 0 or head.version - live.version != added or game.ended or live.stop:
            return False
        twin = game.copy()
        try:
            for text in await self.db(self.store.moves_from, live.id, n):
                twin.play(text)
            if head.ended:
                twin.conclude()
        except OnMarsError:
            return False
        live.game, live.version = twin, head.version
        return True

    def _changed(self, live: Live, local: bool = True) -> None:
        for sub in live.subscribers:
            sub.wake.set()
        if local:
            self._kick_bots(live)

    # --- bots --------------------------------------------------------------------------------
    def _bot_turn(self, live: Live) -> bool:
        game = live.game
        seat = game.current_player
        return (
            not game.is_over
            and live.stop is None
            and seat is not None
            and live.seats[seat].bot is not None
        )

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
            while self._bot_turn(live) and not self.closed:
                if self.settings.bot_delay:
                    await asyncio.sleep(self.settings.bot_delay)
                game, version = live.game, live.version
                seat = game.current_player
                assert seat is not None
                name = live.seats[seat].bot
                assert name is not None
                ply = live.ply
                view, legal = game.view(seat), [str(m) for m in game.legal_moves()]
                # the bot's own randomness, never derived from the game's seed (RUL-18)
                seed = secrets.randbits(63)
                try:
                    text = await self.bots.choose(name, seed, (live.id, seat), view, legal)
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
                    await self.play(live, seat, ply, text)
                except ServerError as exc:
                    if exc.status != 409:
                        log.error("bot %s of game %s: %s", name, live.id, exc.detail)
                        return
        finally:
            live.bot_task = None

    def wake_bots(self) -> int:
        """Start the bots of every game in memory that waits for one and has none running (a
        bot that gave up, a change that did not start them): the periodic check."""
        idle = [g for g in self.games.values() if g.bot_task is None and self._bot_turn(g)]
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
