"""Storage for what players say and how they are told it is their turn (issue 24, items 2, 4).

Tables (made by migration 0006; SQLAlchemy Core on the store's ``metadata``):

- ``chat_messages``: each message of a game's chat, in one of two channels (``players``,
  ``spectators``: :mod:`onmars.server.chat` says who reads and writes which), with the sender's
  seat (``None``: a spectator), the name shown, a ``sender`` key readers mute by, and the text
  (at most :data:`MAX_CHAT` characters, stored as typed: it is shown as text, never as HTML).
- ``seat_notices``: a seat's choices of how it is told that its turn came (Web Push, e-mail
  and its address, the language of the messages) and ``last_ply``, the ply of the last turn it
  was told of: the compare-and-set on it (:meth:`Social.claim_turn`) sends at most one message
  per turn, even from several server processes.
- ``push_subscriptions``: a seat's Web Push subscriptions (the browser's endpoint and keys), at
  most :data:`MAX_SUBSCRIPTIONS` per seat (the oldest goes).
- ``server_keys``: the server's own keys, made at the first start and kept with the games (the
  VAPID key pair of Web Push, the salt of spectators' sender keys).

There are no accounts yet: notices and subscriptions are keyed by seat (a game's seat token
authenticates them); each row has a nullable ``account_id`` so that an account can own them
later. All calls here are blocking: the app runs them in its database threads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from onmars.server.store import _stamp, metadata, now

#: Characters in a chat message.
MAX_CHAT = 500
#: Messages kept per channel of a game: past this, the chat is full (a flood cannot fill the
#: database; a friendly game says far less).
MAX_CHAT_STORED = 5000
#: Web Push subscriptions per seat (browsers, devices); a new one past this drops the oldest.
MAX_SUBSCRIPTIONS = 5
#: Messages a reader is given at once (the newest).
CHAT_HISTORY = 200

chat_messages = sa.Table(
    "chat_messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("channel", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("sender", sa.String(32), nullable=False),
    sa.Column("text", sa.String(MAX_CHAT), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("account_id", sa.Integer, nullable=True),
)
sa.Index(
    "ix_chat_messages_game", chat_messages.c.game_id, chat_messages.c.channel, chat_messages.c.id
)

seat_notices = sa.Table(
    "seat_notices",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("push", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("email", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("address", sa.String(254), nullable=True),
    sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
    sa.Column("last_ply", sa.Integer, nullable=True),
    sa.Column("account_id", sa.Integer, nullable=True),
    # the start of the last decision the seat was reminded of (migration 0011)
    sa.Column("reminded", sa.DateTime(timezone=True), nullable=True),
)

push_subscriptions = sa.Table(
    "push_subscriptions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("endpoint", sa.String(1000), nullable=False),
    sa.Column("p256dh", sa.String(200), nullable=False),
    sa.Column("auth", sa.String(100), nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.UniqueConstraint("game_id", "seat", "endpoint", name="uq_push_subscriptions_endpoint"),
)

server_keys = sa.Table(
    "server_keys",
    metadata,
    sa.Column("name", sa.String(32), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
    sa.Column("created", sa.DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True)
class Notice:
    """How a seat wants to be told of its turn."""

    push: bool = True
    email: bool = True
    address: str | None = None
    lang: str = "en"
    last_ply: int | None = None


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        """As pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def message_out(row: Any) -> dict[str, Any]:
    """A stored chat message as the protocol sends it (``ChatMessage``)."""
    return {
        "type": "chat",
        "id": row.id,
        "channel": row.channel,
        "seat": row.seat,
        "name": row.name,
        "sender": row.sender,
        "text": row.text,
        "at": _stamp(row.created),
    }


class ChatFull(Exception):
    """A channel holds :data:`MAX_CHAT_STORED` messages already."""


class Social:
    """Chat messages, notices, subscriptions and keys in the store's database (blocking)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- chat ---------------------------------------------------------------------------------
    def post(
        self, game_id: str, channel: str, seat: int | None, name: str, sender: str, text: str
    ) -> dict[str, Any]:
        """Store a message (:class:`ChatFull` when its channel is full); it, as sent."""
        c = chat_messages.c
        with self.engine.begin() as conn:
            count = conn.execute(
                sa.select(sa.func.count())
                .select_from(chat_messages)
                .where(c.game_id == game_id, c.channel == channel)
            ).scalar_one()
            if count >= MAX_CHAT_STORED:
                raise ChatFull
            values = {
                "game_id": game_id,
                "channel": channel,
                "seat": seat,
                "name": name,
                "sender": sender,
                "text": text,
                "created": now(),
            }
            inserted = conn.execute(chat_messages.insert().values(**values)).inserted_primary_key
            assert inserted is not None
            row = conn.execute(sa.select(chat_messages).where(c.id == inserted[0])).one()
        return message_out(row)

    def messages(
        self, game_id: str, channels: list[str], after: int = 0, most: int = CHAT_HISTORY
    ) -> list[dict[str, Any]]:
        """The newest ``most`` messages of these channels after id ``after``, oldest first."""
        c = chat_messages.c
        query = (
            sa.select(chat_messages)
            .where(c.game_id == game_id, c.channel.in_(channels), c.id > after)
            .order_by(c.id.desc())
            .limit(most)
        )
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [message_out(r) for r in reversed(rows)]

    def newer(self, game_ids: list[str], after: int) -> list[dict[str, Any]]:
        """Messages of these games after id ``after`` (written by any process), with their
        game, oldest first: what other processes' clients are sent (:meth:`ChatHub.poll`)."""
        if not game_ids:
            return []
        c = chat_messages.c
        query = (
            sa.select(chat_messages)
            .where(c.game_id.in_(game_ids), c.id > after)
            .order_by(c.id)
            .limit(1000)
        )
        with self.engine.connect() as conn:
            return [{**message_out(r), "game": r.game_id} for r in conn.execute(query)]

    def last_id(self) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.max(chat_messages.c.id))).scalar() or 0)

    # --- notices ------------------------------------------------------------------------------
    def notice(self, game_id: str, seat: int) -> Notice:
        c = seat_notices.c
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(c.push, c.email, c.address, c.lang, c.last_ply).where(
                    c.game_id == game_id, c.seat == seat
                )
            ).first()
        return (
            Notice(bool(row.push), bool(row.email), row.address, row.lang, row.last_ply)
            if row
            else Notice()
        )

    def set_notice(self, game_id: str, seat: int, **values: Any) -> Notice:
        """Change some of a seat's choices (``push``, ``email``, ``address``, ``lang``)."""
        c = seat_notices.c
        with self.engine.begin() as conn:
            self._ensure_notice(conn, game_id, seat)
            if values:
                conn.execute(
                    seat_notices.update()
                    .where(c.game_id == game_id, c.seat == seat)
                    .values(**values)
                )
        return self.notice(game_id, seat)

    @staticmethod
    def _ensure_notice(conn: sa.Connection, game_id: str, seat: int) -> None:
        c = seat_notices.c
        found = conn.execute(sa.select(c.seat).where(c.game_id == game_id, c.seat == seat)).first()
        if found is None:
            try:
                with conn.begin_nested():
                    conn.execute(seat_notices.insert().values(game_id=game_id, seat=seat))
            except IntegrityError:
                pass  # another request made it meanwhile

    def claim_turn(self, game_id: str, seat: int, ply: int) -> Notice | None:
        """Mark the turn that starts at ``ply`` as told to ``seat``: its choices if this call
        claimed it, ``None`` if it was told already (or the seat asked for nothing). A
        compare-and-set: of two processes that see the same turn, one sends."""
        return self._claim(game_id, seat, seat_notices.c.last_ply, ply)

    def claim_reminder(self, game_id: str, seat: int, started: datetime) -> Notice | None:
        """Mark the decision that started at ``started`` as reminded to ``seat``, as
        :meth:`claim_turn` does a turn: its choices if this call claimed it, else ``None``."""
        return self._claim(game_id, seat, seat_notices.c.reminded, started)

    def _claim(self, game_id: str, seat: int, column: Any, value: Any) -> Notice | None:
        """Set the seat's ``column`` to ``value`` if it is unset or earlier (compare-and-set):
        the seat's choices if it was, else ``None``."""
        c = seat_notices.c
        with self.engine.begin() as conn:
            done = conn.execute(
                seat_notices.update()
                .where(
                    c.game_id == game_id,
                    c.seat == seat,
                    sa.or_(column.is_(None), column < value),
                )
                .values({column.name: value})
            )
            if done.rowcount != 1:
                return None
        return self.notice(game_id, seat)

    # --- Web Push subscriptions ------------------------------------------------------------------
    def subscribe(self, game_id: str, seat: int, sub: Subscription) -> int:
        """Keep a subscription (the same endpoint again replaces its keys); at most
        :data:`MAX_SUBSCRIPTIONS` per seat, the oldest dropped. The seat's count after."""
        c = push_subscriptions.c
        mine = sa.and_(c.game_id == game_id, c.seat == seat)
        with self.engine.begin() as conn:
            self._ensure_notice(conn, game_id, seat)
            conn.execute(push_subscriptions.delete().where(mine, c.endpoint == sub.endpoint))
            conn.execute(
                push_subscriptions.insert().values(
                    game_id=game_id,
                    seat=seat,
                    endpoint=sub.endpoint,
                    p256dh=sub.p256dh,
                    auth=sub.auth,
                    created=now(),
                )
            )
            ids = list(conn.execute(sa.select(c.id).where(mine).order_by(c.id.desc())).scalars())
            if len(ids) > MAX_SUBSCRIPTIONS:
                old = ids[MAX_SUBSCRIPTIONS:]
                conn.execute(push_subscriptions.delete().where(c.id.in_(old)))
            return min(len(ids), MAX_SUBSCRIPTIONS)

    def unsubscribe(self, game_id: str, seat: int, endpoint: str | None = None) -> None:
        """Drop one subscription (``None``: all of the seat's)."""
        c = push_subscriptions.c
        where = [c.game_id == game_id, c.seat == seat]
        if endpoint is not None:
            where.append(c.endpoint == endpoint)
        with self.engine.begin() as conn:
            conn.execute(push_subscriptions.delete().where(*where))

    def subscriptions(self, game_id: str, seat: int) -> list[Subscription]:
        c = push_subscriptions.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(c.endpoint, c.p256dh, c.auth)
                .where(c.game_id == game_id, c.seat == seat)
                .order_by(c.id)
            ).all()
        return [Subscription(*r) for r in rows]

    # --- the server's keys -------------------------------------------------------------------
    def key(self, name: str, make: Any) -> str:
        """The server's key ``name``, made by ``make()`` and stored at the first call (of two
        processes that start together, the first to store it wins and both use its key)."""
        c = server_keys.c
        with self.engine.connect() as conn:
            found = conn.execute(sa.select(c.value).where(c.name == name)).scalar()
        if found is not None:
            return str(found)
        try:
            with self.engine.begin() as conn:
                conn.execute(server_keys.insert().values(name=name, value=make(), created=now()))
        except IntegrityError:
            pass
        with self.engine.connect() as conn:
            return str(conn.execute(sa.select(c.value).where(c.name == name)).scalar_one())
