"""The server's storage: a game is its options, its seed and its moves.

Tables (SQLAlchemy 2 Core; the schema is made by the Alembic migrations in ``migrations/``):

- ``games``: id, options (JSON), seed (in decimal: 128 bits), ``rules`` (the rules version the
  game is played under, 0 for games stored before versions), ``ended`` ("agreement" once ended
  by agreement, RUL-20), and hints derived from the moves in the same transaction (``ply``: the
  number of moves, ``version``: bumped by every change, for compare-and-set between processes,
  ``to_move``, ``finished``, ``round``). The hints are never trusted over the moves; they serve
  the public list of games (:meth:`Store.recent`) and the bots' restart. ``result``: the final
  scores and winners (JSON), recorded when the game ends, so that a finished game keeps its
  result even when a later rules version no longer replays its moves (docs/rules-versions.md).
- ``moves``: one row per move, keyed ``(game_id, ply)``, appended in one transaction each.
- ``seats``: each seat's name, bot, and the sha256 of its secret token (never the token).
- ``votes``: the seats that voted to end the game by agreement.
- ``resumes``: the seats that voted to go on with a game held at a move today's rules refuse,
  from its last accepted move (docs/rules-versions.md).

Every write first bumps ``games.version`` from the version the writer read (``UPDATE ...
WHERE version = :seen``): of two writers that read the same version, one changes no row and
gives up having written nothing, so two moves are never both appended to one position, even
from two server processes; the ``(game_id, ply)`` primary key guards the same on its own. A
write is all or nothing; the server commits the writes of different games that arrive together
in one transaction (:class:`GroupCommit`: one flush to disk for all of them) and acknowledges
none before that commit has returned. On PostgreSQL the transaction also sends ``NOTIFY
onmars`` so that other processes push the change to their WebSocket clients. All methods here
are blocking: the app calls them in threads.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, CursorResult, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.compiler import SQLCompiler

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.Text, nullable=False),
    sa.Column("rules", sa.Integer, nullable=False, server_default="0"),
    sa.Column("ended", sa.String(16), nullable=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ply", sa.Integer, nullable=False, server_default="0"),
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    sa.Column("to_move", sa.Integer, nullable=True),
    sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("round", sa.Integer, nullable=False, server_default="0"),
    sa.Column("result", sa.Text, nullable=True),
)
sa.Index("ix_games_finished", games.c.finished)
sa.Index("ix_games_updated", games.c.updated)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
)

moves = sa.Table(
    "moves",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("move", sa.String(200), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)


def _seat_votes(name: str) -> sa.Table:
    """A table of the seats that voted for something in a game."""
    return sa.Table(
        name,
        metadata,
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


votes = _seat_votes("votes")
resumes = _seat_votes("resumes")

# --- accounts and ratings (issue 24; migration 0005; onmars.server.accounts, .ratings) ---------
#: A player's account: a user name (``name_key``: its NFKC case-folded form, unique), the
#: argon2id hash of the password (never the password), and the current rating (OpenSkill,
#: Weng-Lin: ``mu`` and ``sigma``; ``rated``: the number of rated games).
accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("name_key", sa.String(128), nullable=False, unique=True),
    sa.Column("password", sa.String(200), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("rated", sa.Integer, nullable=False, server_default="0"),
)
#: Signed-in browsers: the sha256 of the session cookie (never the cookie), its CSRF token.
account_sessions = sa.Table(
    "account_sessions",
    metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_account_sessions_account_id", account_sessions.c.account_id)
#: The seats an account took or claimed (a seat belongs to one account at most).
account_seats = sa.Table(
    "account_seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_account_seats_account_id", account_seats.c.account_id)
#: More tokens for an account's seat, one per device it was opened on (the sha256 only).
seat_keys = sa.Table(
    "seat_keys",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_seat_keys_game_id", seat_keys.c.game_id)
#: Each finished game once looked at for rating: rated or not, and why not.
rated_games = sa.Table(
    "rated_games",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("why", sa.String(32), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)
#: Each account's rating before and after each rated game (its history).
ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_ratings_account_id", ratings.c.account_id)
#: A game's time control and its clocks (onmars.server.clocks; migration 0007), one row per
#: game with a clock: the control chosen in the lobby, the seat on the clock, when its decision
#: started and its deadline (indexed: the server's timeout check reads the due ones), each
#: seat's time left (Fischer, JSON) and the absent seats with their stand-in bot (JSON).
clocks = sa.Table(
    "clocks",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("base", sa.Float, nullable=False),
    sa.Column("increment", sa.Float, nullable=False, server_default="0"),
    sa.Column("policy", sa.String(16), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("started", sa.DateTime(timezone=True), nullable=True),
    sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
    sa.Column("remaining", sa.Text, nullable=False),
    sa.Column("absent", sa.Text, nullable=False),
    # vacation days (migration 0010): seconds each player may overrun, and each seat's left
    sa.Column("vacation", sa.Float, nullable=False, server_default="0"),
    sa.Column("vacation_left", sa.Text, nullable=False, server_default="[]"),
    # when the seat on the clock is reminded that its time runs out (migration 0011)
    sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True),
)
sa.Index("ix_clocks_deadline", clocks.c.deadline)
sa.Index("ix_clocks_remind_at", clocks.c.remind_at)

#: The hints each seat asked for (issue 25.1; migration 0009; onmars.server.hints): how many,
#: and when last. A seat that asked none has no row.
hint_uses = sa.Table(
    "hint_uses",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("asked", sa.Integer, nullable=False),
    sa.Column("last", sa.DateTime(timezone=True), nullable=False),
)

#: The PostgreSQL channel that carries changes between server processes.
CHANNEL = "onmars"


@dataclass
class SeatRow:
    seat: int
    name: str
    bot: str | None
    token_hash: str | None


@dataclass
class GameRecord:
    """A stored game: what rebuilds it (options, seed, rules version, moves, ended), its seats
    and votes (to end it; ``resumes``: to go on from a held game's last accepted move), whether
    it is finished and its recorded ``result`` (final scores and winners; ``None`` before the
    end, and for games finished before results were recorded)."""

    id: str
    options: dict[str, Any]
    seed: int
    rules: int
    moves: list[str]
    ended: str | None
    version: int
    seats: list[SeatRow]
    votes: set[int] = field(default_factory=set)
    resumes: set[int] = field(default_factory=set)
    finished: bool = False
    result: dict[str, Any] | None = None

    @property
    def log(self) -> dict[str, Any]:
        out = {"options": self.options, "seed": self.seed, "rules": self.rules}
        out["moves"] = list(self.moves)
        if self.ended:
            out["ended"] = self.ended
        return out


@dataclass
class Head:
    version: int
    ply: int
    ended: str | None


@dataclass
class Hints:
    """What a write records besides the log: who moves next, whether the game is over, the
    round being played, and once it is over its result (final scores and winners)."""

    to_move: int | None
    finished: bool
    round: int = 0
    result: dict[str, Any] | None = None


def _hinted(hints: Hints) -> dict[str, Any]:
    result = json.dumps(hints.result) if hints.result is not None else None
    return {
        "to_move": hints.to_move,
        "finished": hints.finished,
        "round": hints.round,
        "result": result,
    }


def _winners(result: str | None) -> list[int]:
    """The winning seats a finished game's recorded result names ([] for a game finished
    before results were recorded)."""
    if not result:
        return []
    winners = json.loads(result).get("winners", [])
    return [w for w in winners if isinstance(w, int)]


def hints_used_in(conn: Connection, ids: list[str]) -> dict[str, dict[int, int]]:
    """The hints asked per seat in the games ``ids`` (only the games and seats that asked)."""
    out: dict[str, dict[int, int]] = {}
    if ids:
        query = sa.select(hint_uses.c.game_id, hint_uses.c.seat, hint_uses.c.asked).where(
            hint_uses.c.game_id.in_(ids)
        )
        for r in conn.execute(query):
            out.setdefault(r.game_id, {})[r.seat] = r.asked
    return out


def now() -> datetime:
    return datetime.now(UTC)


def _stamp(value: datetime) -> str:
    """An ISO 8601 time in UTC (SQLite gives back naive datetimes: they were stored in UTC)."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def make_engine(url: str) -> Engine:
    """An engine for a SQLAlchemy URL: a SQLite file in WAL mode (its folder made if missing;
    every commit reaches the file before it returns), or PostgreSQL through psycopg 3."""
    if url.startswith("sqlite"):
        path = sa.engine.make_url(url).database
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    return sa.create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


class Prepared:
    """A statement compiled once for a dialect (the hot writes: a move's compare-and-set and
    its row), then run as the driver's own SQL (``exec_driver_sql``): no statement is built,
    no cache key worked out, per call. Each value goes through its column type's bind
    processor, as SQLAlchemy would send it (a SQLite time is stored in the same text form)."""

    def __init__(self, statement: sa.ClauseElement, dialect: sa.Dialect) -> None:
        compiled = cast(SQLCompiler, statement.compile(dialect=dialect))
        self.sql = compiled.string
        self.order = compiled.positiontup if compiled.positional else None
        self.process = {
            name: processor
            for name, bind in compiled.binds.items()
            if (processor := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        }

    def args(self, values: dict[str, Any]) -> Any:
        """The driver's parameters for ``values`` (by bind name)."""
        for name, processor in self.process.items():
            values[name] = processor(values[name])
        if self.order is None:
            return values
        return tuple(values[name] for name in self.order)

    def run(self, conn: Connection, **values: Any) -> CursorResult[Any]:
        return conn.exec_driver_sql(self.sql, self.args(values))

    def run_many(self, conn: Connection, rows: list[dict[str, Any]]) -> None:
        conn.exec_driver_sql(self.sql, [self.args(row) for row in rows])


#: The compare-and-set of a change that stores hints (a move, an undo): the version from
#: ``seen`` to ``version`` with the new ply and hints (:meth:`Store._bump`).
_HINTED_BUMP = (
    games.update()
    .where(games.c.id == sa.bindparam("gid"), games.c.version == sa.bindparam("seen"))
    .values(
        version=sa.bindparam("version"),
        updated=sa.bindparam("updated"),
        ply=sa.bindparam("ply"),
        to_move=sa.bindparam("to_move"),
        finished=sa.bindparam("finished"),
        round=sa.bindparam("round"),
        result=sa.bindparam("result"),
    )
)
#: A move's row.
_MOVE_ROW = moves.insert().values(
    game_id=sa.bindparam("game_id"),
    ply=sa.bindparam("ply"),
    move=sa.bindparam("move"),
    seat=sa.bindparam("seat"),
    created=sa.bindparam("created"),
)


class Store:
    """The games in a database (blocking calls)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self._migrated = threading.Lock()
        dialect = self.engine.dialect
        self._hinted_bump = Prepared(_HINTED_BUMP, dialect)
        self._move_row = Prepared(_MOVE_ROW, dialect)
        self._notify = Prepared(
            sa.select(sa.func.pg_notify(sa.bindparam("channel"), sa.bindparam("payload"))), dialect
        )

    def close(self) -> None:
        self.engine.dispose()

    # --- schema ------------------------------------------------------------------------------
    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision (the migrations in the package);
        safe when several processes start at once."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self._migrated, self.engine.begin() as conn:
            if self.postgres:
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7291001)"))
            else:
                conn.exec_driver_sql("BEGIN IMMEDIATE")
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def revision(self) -> str | None:
        with self.engine.connect() as conn:
            try:
                return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
            except sa.exc.DBAPIError:
                return None

    # --- reading -----------------------------------------------------------------------------
    def load(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(
                    games.c.options,
                    games.c.seed,
                    games.c.rules,
                    games.c.ended,
                    games.c.version,
                    games.c.finished,
                    games.c.result,
                ).where(games.c.id == game_id)
            ).first()
            if row is None:
                return None
            texts = conn.execute(
                sa.select(moves.c.move).where(moves.c.game_id == game_id).order_by(moves.c.ply)
            ).scalars()
            seat_rows = conn.execute(
                sa.select(seats.c.seat, seats.c.name, seats.c.bot, seats.c.token_hash)
                .where(seats.c.game_id == game_id)
                .order_by(seats.c.seat)
            ).all()
            voted = set(
                conn.execute(sa.select(votes.c.seat).where(votes.c.game_id == game_id)).scalars()
            )
            going_on = conn.execute(
                sa.select(resumes.c.seat).where(resumes.c.game_id == game_id)
            ).scalars()
            return GameRecord(
                id=game_id,
                options=json.loads(row.options),
                seed=int(row.seed),
                rules=row.rules,
                moves=list(texts),
                ended=row.ended,
                version=row.version,
                seats=[SeatRow(*r) for r in seat_rows],
                votes=voted,
                resumes=set(going_on),
                finished=bool(row.finished),
                result=json.loads(row.result) if row.result else None,
            )

    def hints_used(self, game_id: str) -> dict[int, int]:
        """The hints each seat of a game asked for (issue 25.1): seat -> how many."""
        with self.engine.connect() as conn:
            return hints_used_in(conn, [game_id]).get(game_id, {})

    def head(self, game_id: str) -> Head | None:
        """A game's version, number of moves and ending, without its moves."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(games.c.version, games.c.ply, games.c.ended).where(games.c.id == game_id)
            ).first()
        return Head(row.version, row.ply, row.ended) if row else None

    def moves_from(self, game_id: str, ply: int) -> list[str]:
        """A game's moves from ``ply`` on."""
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    sa.select(moves.c.move)
                    .where(moves.c.game_id == game_id, moves.c.ply >= ply)
                    .order_by(moves.c.ply)
                ).scalars()
            )

    def versions(self, ids: list[str]) -> dict[str, int]:
        """The stored version of each of these games (those that exist)."""
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(games.c.id, games.c.version).where(games.c.id.in_(ids))
            ).all()
        return {r.id: r.version for r in rows}

    def unfinished(self, ids: list[str]) -> set[str]:
        """Those of these games that are stored and not over."""
        if not ids:
            return set()
        query = sa.select(games.c.id).where(games.c.id.in_(ids), games.c.finished == sa.false())
        with self.engine.connect() as conn:
            return set(conn.execute(query).scalars())

    def waiting_for_bots(self) -> list[str]:
        """Unfinished games whose next decision is a bot's (resumed at start)."""
        query = (
            sa.select(games.c.id)
            .join(seats, sa.and_(seats.c.game_id == games.c.id, seats.c.seat == games.c.to_move))
            .where(games.c.finished == sa.false(), seats.c.bot.is_not(None))
        )
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars())

    def recent(self, limit: int) -> list[dict[str, Any]]:
        """The ``limit`` games changed last, newest first, as anyone may see them (RUL-18):
        id, players (seat, name, bot), length, ply, round, whether over, who decides, the
        winners of a finished game (public once it is over, RUL-22), when last changed. Never
        the seed, the moves or a token's hash."""
        query = (
            sa.select(
                games.c.id,
                games.c.options,
                games.c.ply,
                games.c.round,
                games.c.finished,
                games.c.to_move,
                games.c.result,
                games.c.updated,
            )
            .order_by(games.c.updated.desc(), games.c.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            ids = [r.id for r in rows]
            players: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(
                    sa.select(seats.c.game_id, seats.c.seat, seats.c.name, seats.c.bot)
                    .where(seats.c.game_id.in_(ids))
                    .order_by(seats.c.game_id, seats.c.seat)
                ):
                    players[s.game_id].append({"seat": s.seat, "name": s.name, "bot": s.bot})
                for game_id, used in hints_used_in(conn, ids).items():
                    for seat, n in used.items():
                        players[game_id][seat]["hints"] = n
        return [
            {
                "id": r.id,
                "players": players[r.id],
                "length": json.loads(r.options).get("length", "short"),
                "ply": r.ply,
                "round": r.round,
                "is_over": bool(r.finished),
                "current_player": None if r.finished else r.to_move,
                "winners": _winners(r.result) if r.finished else [],
                "updated": _stamp(r.updated),
            }
            for r in rows
        ]

    def seat_of(self, token_hash: str) -> tuple[str, int] | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(seats.c.game_id, seats.c.seat).where(seats.c.token_hash == token_hash)
            ).first()
        return (row.game_id, row.seat) if row else None

    # --- writing -----------------------------------------------------------------------------
    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seed: int,
        rules: int,
        seat_rows: list[SeatRow],
        hints: Hints,
        extra: Write | None = None,
    ) -> None:
        """Store a new game and its seats; ``extra`` writes more in the same transaction (its
        clock)."""
        stamp = now()
        with self.engine.begin() as conn:
            conn.execute(
                games.insert().values(
                    id=game_id,
                    options=json.dumps(options),
                    seed=str(seed),
                    rules=rules,
                    ended=None,
                    created=stamp,
                    updated=stamp,
                    ply=0,
                    version=0,
                    to_move=hints.to_move,
                    finished=hints.finished,
                    round=hints.round,
                )
            )
            conn.execute(
                seats.insert(),
                [
                    {
                        "game_id": game_id,
                        "seat": s.seat,
                        "name": s.name,
                        "bot": s.bot,
                        "token_hash": s.token_hash,
                    }
                    for s in seat_rows
                ],
            )
            if extra is not None:
                extra(conn)

    def import_game(
        self,
        game_id: str,
        log: dict[str, Any],
        seat_rows: list[SeatRow],
        movers: list[int | None],
        hints: Hints,
    ) -> None:
        """A game played elsewhere (a save, a test's, a measurement's), stored whole: its log
        (``movers``: the seat of each move; ``hints``: the game after the last), in one
        transaction after :meth:`create`."""
        self.create(game_id, log["options"], log["seed"], log.get("rules", 0), seat_rows, hints)
        with self.engine.begin() as conn:
            for ply, (text, seat) in enumerate(zip(log["moves"], movers, strict=True)):
                self.append_op(game_id, ply, ply, text, seat, hints)(conn)
            if log.get("ended"):
                self.vote_op(game_id, len(movers), 0, yes=False, ended=True)(conn)

    def _bump(
        self, conn: Connection, game_id: str, seen: int, steps: int = 1, **values: Any
    ) -> None:
        """Compare-and-set: the game's version goes from ``seen`` to ``seen + steps`` (one per
        move appended, one for any other change), or :class:`Conflict` (nothing written)."""
        result = conn.execute(
            games.update()
            .where(games.c.id == game_id, games.c.version == seen)
            .values(version=seen + steps, updated=now(), **values)
        )
        if result.rowcount != 1:
            raise Conflict
        self._notified(conn, game_id, seen + steps)

    def _notified(self, conn: Connection, game_id: str, version: int) -> None:
        """On PostgreSQL, tell the other processes (``NOTIFY``, sent at the commit)."""
        if self.postgres:
            self._notify.run(conn, channel=CHANNEL, payload=f"{game_id} {version}")

    def _hinted(
        self, conn: Connection, game_id: str, seen: int, steps: int, ply: int, hints: Hints
    ) -> None:
        """:meth:`_bump` with the ply and the hints, by the statement compiled once (the hot
        path: every move)."""
        version = seen + steps
        values = _hinted(hints)
        result = self._hinted_bump.run(
            conn, gid=game_id, seen=seen, version=version, updated=now(), ply=ply, **values
        )
        if result.rowcount != 1:
            raise Conflict
        self._notified(conn, game_id, version)

    # Each write below is a function of a connection, run by :meth:`write` (alone, in a
    # transaction of its own) or by a :class:`GroupCommit` (with others, in one transaction):
    # it raises :class:`Conflict` before writing anything when the game is no longer at
    # version ``seen``.
    def append_op(
        self,
        game_id: str,
        seen: int,
        ply: int,
        move: str | list[str],
        seat: int | None,
        hints: Hints,
    ) -> Write:
        """Append move ``ply`` (or moves ``ply``, ``ply + 1``... of a sequence played all or
        none, each a row of its own) to a game still at version ``seen``: the version moves on
        by one per move, as if they had been appended one at a time."""
        texts = [move] if isinstance(move, str) else move

        def op(conn: Connection) -> None:
            n = len(texts)
            self._hinted(conn, game_id, seen, n, ply + n, hints)
            stamp = now()
            rows = [
                {"game_id": game_id, "ply": ply + k, "move": text, "seat": seat, "created": stamp}
                for k, text in enumerate(texts)
            ]
            if n == 1:
                self._move_row.run(conn, **rows[0])
            else:
                self._move_row.run_many(conn, rows)

        return op

    def touch_op(self, game_id: str, seen: int) -> Write:
        """Bump the version of a game still at version ``seen``, changing nothing else: a
        change of what is stored besides the moves (its clocks), made in the same
        transaction."""

        def op(conn: Connection) -> None:
            self._bump(conn, game_id, seen)

        return op

    def undo_op(self, game_id: str, seen: int, ply: int, hints: Hints) -> Write:
        """Delete the last move, ``ply`` (the number of moves before it minus one)."""

        def op(conn: Connection) -> None:
            self._bump(conn, game_id, seen, ply=ply, **_hinted(hints))
            gone = conn.execute(
                moves.delete().where(moves.c.game_id == game_id, moves.c.ply == ply)
            )
            if gone.rowcount != 1:
                raise Broken(f"game {game_id} has no move {ply} to take back")

        return op

    def vote_op(
        self,
        game_id: str,
        seen: int,
        seat: int,
        *,
        yes: bool,
        ended: bool,
        result: dict[str, Any] | None = None,
        table: sa.Table = votes,
    ) -> Write:
        """Record (or withdraw) a seat's vote to end the game; with ``ended`` the game ends
        by agreement in the same transaction (``result``: its final scores). ``table=resumes``:
        a vote to go on with a held game instead."""

        def op(conn: Connection) -> None:
            extra: dict[str, Any] = {}
            if ended:
                extra = {"ended": "agreement", "finished": True, "result": json.dumps(result)}
            self._bump(conn, game_id, seen, **extra)
            conn.execute(table.delete().where(table.c.game_id == game_id, table.c.seat == seat))
            if yes:
                conn.execute(table.insert().values(game_id=game_id, seat=seat, created=now()))

        return op

    def rekey_op(self, game_id: str, seen: int, seat: int, digest: str) -> Write:
        """Give ``seat`` a new link token (``digest``, its sha256) and drop its seat keys:
        the seat's old tokens stop acting (onmars.server.live, ``Hub.rekey``). The version
        moves on (other processes reload the seats); the time the game changed last does
        not (the lobby's order, and when a finished game's keys expire)."""

        def op(conn: Connection) -> None:
            result = conn.execute(
                games.update()
                .where(games.c.id == game_id, games.c.version == seen)
                .values(version=seen + 1)
            )
            if result.rowcount != 1:
                raise Conflict
            self._notified(conn, game_id, seen + 1)
            conn.execute(
                seats.update()
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(token_hash=digest)
            )
            conn.execute(
                seat_keys.delete().where(seat_keys.c.game_id == game_id, seat_keys.c.seat == seat)
            )

        return op

    def over_since(self, game_id: str) -> datetime | None:
        """When a finished game last changed (it ended then), in UTC; ``None`` if it is not
        over (or not stored)."""
        query = sa.select(games.c.updated).where(games.c.id == game_id, games.c.finished)
        with self.engine.connect() as conn:
            stamp: datetime | None = conn.execute(query).scalar()
        if stamp is None or stamp.tzinfo is not None:
            return stamp
        return stamp.replace(tzinfo=UTC)  # SQLite: stored in UTC, read back naive

    def truncate_op(
        self, game_id: str, seen: int, keep: int, hints: Hints, *, ended: bool = False
    ) -> Write:
        """Keep only a held game's first ``keep`` moves, those today's rules accept, as its
        players agreed (docs/rules-versions.md): to go on from there, or (``ended``) to end it
        there by agreement (RUL-20, ``hints.result`` its scores). Every vote is spent."""

        def op(conn: Connection) -> None:
            extra: dict[str, Any] = {"ended": "agreement"} if ended else {}
            self._bump(conn, game_id, seen, ply=keep, **_hinted(hints), **extra)
            conn.execute(moves.delete().where(moves.c.game_id == game_id, moves.c.ply >= keep))
            for table in (votes, resumes):
                conn.execute(table.delete().where(table.c.game_id == game_id))

        return op

    def write(self, op: Write) -> bool:
        """Run one write in a transaction of its own: True once committed, False (nothing
        written) if another writer changed the game first."""
        try:
            with self.engine.begin() as conn:
                op(conn)
        except (Conflict, IntegrityError):
            return False
        return True

    # the same, one call each (tests, tools)
    def append(
        self, game_id: str, seen: int, ply: int, move: str, seat: int | None, hints: Hints
    ) -> bool:
        return self.write(self.append_op(game_id, seen, ply, move, seat, hints))

    def undo(self, game_id: str, seen: int, ply: int, hints: Hints) -> bool:
        return self.write(self.undo_op(game_id, seen, ply, hints))

    def vote(self, game_id: str, seen: int, seat: int, *, yes: bool, ended: bool) -> bool:
        return self.write(self.vote_op(game_id, seen, seat, yes=yes, ended=ended))


Write = Callable[[Connection], None]


class Conflict(Exception):
    """Another writer changed the game first: nothing was written."""


class Broken(Exception):
    """The stored game is not what its version says (never expected): the write is undone."""


class GroupCommit:
    """Writes from many games committed together: one transaction, so one flush to disk, for
    all the writes that arrived while the previous one was being committed.

    A write that conflicts is skipped without writing anything (its compare-and-set is its
    first statement), so the others commit; if anything else goes wrong in a group, the group
    is rolled back and its writes run again one transaction each. Either way each write's
    future says whether it was committed (True) or lost to a conflict (False), and only after
    the commit has returned."""

    def __init__(self, store: Store, most: int = 128) -> None:
        self.store, self.most = store, most
        self._queue: queue.SimpleQueue[tuple[Write, Future[bool]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        #: The commit thread's own connection, kept between groups (no checkout from the pool,
        #: no reset, per commit); dropped when anything goes wrong with it.
        self._conn: Connection | None = None
        self._pool: object = None  # the engine's pool it came from

    def submit(self, op: Write) -> Future[bool]:
        future: Future[bool] = Future()
        # running from now on: a caller that gives up (a cancelled task) cannot cancel it, so
        # the commit thread's set_result never fails (it did, ending the thread, at shutdown)
        future.set_running_or_notify_cancel()
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="onmars-commit", daemon=True)
                self._thread.start()
        self._queue.put((op, future))
        return future

    def close(self) -> None:
        with self._lock:
            if self._thread is not None:
                self._queue.put(None)
                self._thread.join(30)
                self._thread = None
            self._drop()

    def _connection(self) -> Connection:
        """The kept connection; a new one after it broke or the engine's pool was replaced
        (``Engine.dispose``: connections made anew, with what their ``connect`` events set)."""
        engine = self.store.engine
        conn = self._conn
        if conn is None or conn.closed or conn.invalidated or self._pool is not engine.pool:
            self._drop()
            conn, self._pool = engine.connect(), engine.pool
            self._conn = conn
        return conn

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):  # a broken connection: the pool forgets it
                conn.close()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            group = [first]
            while len(group) < self.most:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)  # stop after this group
                    break
                group.append(item)
            self._commit(group)

    def _commit(self, group: list[tuple[Write, Future[bool]]]) -> None:
        results: list[bool] = []
        try:
            conn = self._connection()
            with conn.begin():
                for op, _ in group:
                    try:
                        op(conn)
                        results.append(True)
                    except Conflict:
                        results.append(False)
        except Exception:
            self._drop()
            for op, future in group:  # one by one, each on its own
                try:
                    future.set_result(self.store.write(op))
                except Exception as exc:
                    future.set_exception(exc)
            return
        for (_, future), result in zip(group, results, strict=True):
            future.set_result(result)
