"""Accounts (issue 24): optional; a seat link keeps working without one.

An account is a user name and a password hashed with argon2id (``argon2-cffi``'s defaults,
RFC 9106's second recommended profile). Passwords, not passkeys: a password works in every
browser and on a plain-HTTP LAN server (WebAuthn needs HTTPS or localhost and a fixed origin,
which a self-hosted ``onmars serve`` often lacks), and it is the smallest surface to secure
here; passkeys can be added later beside it.

- Sessions: a random cookie (``onmars_session``: HttpOnly, SameSite=Lax, Secure when the
  request came over HTTPS, also through a proxy uvicorn trusts), stored as its sha256 only,
  with a fixed lifetime. Every login and registration makes a new session id and drops the one
  the browser came with (no session fixation); an id the server did not make is never adopted.
- CSRF: every state-changing request authenticated by the cookie must carry the session's own
  token in ``X-CSRF-Token`` (the client reads it from ``GET /api/account``, same origin only),
  and an ``Origin`` header, when sent, must be this site. Login and registration, which have no
  session yet, check the Origin too (no login CSRF). Seat-token requests carry their token in
  a header, never in a cookie: they need no CSRF token.
- Guessing: login attempts are rate-limited per user name and per address (token buckets,
  :class:`~onmars.server.guard.RateLimiter`); an unknown name costs the same argon2 work as a
  wrong password and gets the same answer (no account enumeration). Passwords are never logged
  nor stored nor echoed in an error (the 422 of a bad body names the field, never its value).
- Seats: an account binds the seats it claims with their token (``account_seats``), lists them
  on any device ("My games"), and opens one on a new device with a *seat key*: a fresh token
  for that seat (``seat_keys``, sha256 only), which the browser keeps like a seat link's.

All store functions here are blocking (the routes run them in the hub's database threads).
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from onmars.server.live import Hub, Live, ServerError, new_token, token_hash
from onmars.server.ratings import MODEL, seat_names
from onmars.server.store import (
    Store,
    _stamp,
    account_seats,
    account_sessions,
    accounts,
    games,
    now,
    seat_keys,
)

SESSION_COOKIE = "onmars_session"
CSRF_HEADER = "x-csrf-token"
SESSION_DAYS = 30
NAME_MAX = 32
NAME_KEY_MAX = 128  # the folded name (NFKC can make one character many)
PASSWORD_MIN, PASSWORD_MAX = 8, 200

HASHER = PasswordHasher()  # argon2id, RFC 9106 low-memory profile
_dummy: list[str] = []  # a hash to verify unknown names against (same work, same answer)
_dummy_lock = threading.Lock()


def _dummy_hash() -> str:
    with _dummy_lock:
        if not _dummy:
            _dummy.append(HASHER.hash(secrets.token_urlsafe(16)))
        return _dummy[0]


def name_key(name: str) -> str:
    """The form of a user name that must be unique: NFKC, case-folded ("Ana" = "ANA" = "Ａna")."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_password(password: str) -> None:
    """422 for a password too short or too long (the message never holds the password)."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ServerError(422, f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters")


@dataclass(frozen=True)
class Session:
    """A signed-in browser: its account, the account's name, the session's CSRF token."""

    id_hash: str
    account_id: int
    name: str
    csrf: str


@dataclass(frozen=True)
class NewSession:
    """A session just made: the cookie's value (known only to the browser from now on)."""

    cookie: str
    session: Session


# --- the store: accounts and sessions ---------------------------------------------------------
def register(store: Store, name: str, password: str, old_cookie: str | None) -> NewSession:
    """A new account, signed in; 409 if the name (case and width folded) is taken."""
    hashed = HASHER.hash(password)
    try:
        with store.engine.begin() as conn:
            inserted = conn.execute(
                accounts.insert().values(
                    name=name,
                    name_key=name_key(name),
                    password=hashed,
                    created=now(),
                    mu=MODEL.mu,
                    sigma=MODEL.sigma,
                    rated=0,
                )
            ).inserted_primary_key
            assert inserted is not None
            return _open_session(conn, int(inserted[0]), name, old_cookie)
    except IntegrityError:
        raise ServerError(409, "this user name is taken") from None


def login(store: Store, name: str, password: str, old_cookie: str | None) -> NewSession | None:
    """A new session for the right password, else ``None``: an unknown name costs the same
    argon2 work as a wrong password (no account enumeration)."""
    with store.engine.connect() as conn:
        row = conn.execute(
            sa.select(accounts.c.id, accounts.c.name, accounts.c.password).where(
                accounts.c.name_key == name_key(name)
            )
        ).first()
    try:
        HASHER.verify(row.password if row else _dummy_hash(), password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return None
    if row is None:
        return None
    with store.engine.begin() as conn:
        if HASHER.check_needs_rehash(row.password):
            conn.execute(
                accounts.update()
                .where(accounts.c.id == row.id)
                .values(password=HASHER.hash(password))
            )
        return _open_session(conn, row.id, row.name, old_cookie)


def _open_session(
    conn: Connection, account_id: int, name: str, old_cookie: str | None
) -> NewSession:
    """A fresh session id (the browser's old one, if any, is dropped: no fixation); the
    account's expired sessions are dropped too."""
    conn.execute(
        account_sessions.delete().where(
            account_sessions.c.account_id == account_id, account_sessions.c.expires <= now()
        )
    )
    if old_cookie:
        conn.execute(
            account_sessions.delete().where(account_sessions.c.id_hash == token_hash(old_cookie))
        )
    cookie, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    stamp = now()
    conn.execute(
        account_sessions.insert().values(
            id_hash=token_hash(cookie),
            account_id=account_id,
            csrf=csrf,
            created=stamp,
            expires=stamp + timedelta(days=SESSION_DAYS),
        )
    )
    return NewSession(cookie, Session(token_hash(cookie), account_id, name, csrf))


def session_of(store: Store, cookie: str) -> Session | None:
    """The live session of a cookie's value, or ``None`` (unknown or expired)."""
    if not cookie or len(cookie) > 100:
        return None
    with store.engine.connect() as conn:
        row = conn.execute(
            sa.select(
                account_sessions.c.id_hash,
                account_sessions.c.account_id,
                account_sessions.c.csrf,
                account_sessions.c.expires,
                accounts.c.name,
            )
            .join(accounts, accounts.c.id == account_sessions.c.account_id)
            .where(account_sessions.c.id_hash == token_hash(cookie))
        ).first()
    if row is None:
        return None
    expires = row.expires if row.expires.tzinfo else row.expires.replace(tzinfo=now().tzinfo)
    if expires <= now():
        return None
    return Session(row.id_hash, row.account_id, row.name, row.csrf)


def logout(store: Store, session: Session) -> None:
    with store.engine.begin() as conn:
        conn.execute(account_sessions.delete().where(account_sessions.c.id_hash == session.id_hash))


def csrf_ok(session: Session, header: str | None) -> bool:
    return header is not None and hmac.compare_digest(header.encode(), session.csrf.encode())


# --- seats -------------------------------------------------------------------------------------
def claim(store: Store, account_id: int, game_id: str, seat: int) -> bool:
    """Bind a seat (its token already checked) to the account: True if now bound to it (or
    already was), False if another account holds it."""
    with store.engine.begin() as conn:
        holder = conn.execute(
            sa.select(account_seats.c.account_id).where(
                account_seats.c.game_id == game_id, account_seats.c.seat == seat
            )
        ).scalar()
        if holder is not None:
            return bool(holder == account_id)
        conn.execute(
            account_seats.insert().values(
                game_id=game_id, seat=seat, account_id=account_id, created=now()
            )
        )
    return True


def seat_key(store: Store, account_id: int, game_id: str) -> tuple[int, str] | None:
    """A fresh token for the account's seat in this game (a new device), or ``None`` if the
    account holds no seat there. Only its sha256 is kept."""
    with store.engine.begin() as conn:
        seat = conn.execute(
            sa.select(account_seats.c.seat)
            .where(account_seats.c.game_id == game_id, account_seats.c.account_id == account_id)
            .order_by(account_seats.c.seat)
        ).scalar()
        if seat is None:
            return None
        token = new_token()
        conn.execute(
            seat_keys.insert().values(
                token_hash=token_hash(token), game_id=game_id, seat=seat, created=now()
            )
        )
    return seat, token


def key_seat(store: Store, game_id: str, digest: str) -> int | None:
    with store.engine.connect() as conn:
        return conn.execute(
            sa.select(seat_keys.c.seat).where(
                seat_keys.c.token_hash == digest, seat_keys.c.game_id == game_id
            )
        ).scalar()


#: The refusal of a token of a game over for longer than ``key_days``.
KEY_EXPIRED = (
    "this seat's key expired {days} days after the game ended: the game stays open to "
    "everyone without a key"
)


async def seat_of(hub: Hub, live: Live, token: str | None) -> int | None:
    """The seat a token stands for: a seat link's token, or a seat key an account made for a
    device (looked up once, then known to the live game); 401 for neither, and for a token of
    a game over for longer than the ``key_days`` setting (:func:`check_not_expired`)."""
    if token is None:
        return None
    digest = token_hash(token)
    seat = live.by_hash.get(digest)
    if seat is None:
        seat = await hub.db(key_seat, hub.store, live.id, digest)
        if seat is None:
            raise ServerError(401, "this token is not a seat of this game")
        live.by_hash[digest] = seat
    await check_not_expired(hub, live)
    return seat


async def check_not_expired(hub: Hub, live: Live) -> None:
    """Decision (seat keys expire): a seat's tokens act for it while its game is played,
    however long it waits (a link of a game in progress never stops working), and for
    ``key_days`` days (30) after the game is over, as stored (the players' chat, the
    spectators' chat, a last look as the seat); then they act no more (401, nothing done),
    and the game stays open to everyone without a key (its state, its replay, RUL-22: a
    finished game's record is public). A leaked token of an old game is then worth nothing."""
    if not live.is_over:
        return
    if live.over_since is None:
        live.over_since = await hub.db(hub.store.over_since, live.id)
        if live.over_since is None:  # over here, not yet as stored: it just ended
            live.over_since = now()
    days = hub.settings.key_days
    if now() - live.over_since > timedelta(days=days):
        raise ServerError(401, KEY_EXPIRED.format(days=f"{days:g}"))


def my_games(store: Store, account_id: int, limit: int = 200) -> list[dict[str, Any]]:
    """The account's games, changed last first: what the lobby shows of each, with the seat
    the account holds and whether it decides now."""
    query = (
        sa.select(
            games.c.id,
            games.c.options,
            games.c.ply,
            games.c.round,
            games.c.finished,
            games.c.to_move,
            games.c.updated,
            account_seats.c.seat,
        )
        .join(account_seats, account_seats.c.game_id == games.c.id)
        .where(account_seats.c.account_id == account_id)
        .order_by(games.c.updated.desc(), games.c.id)
        .limit(limit)
    )
    with store.engine.connect() as conn:
        rows = conn.execute(query).all()
        players = seat_names(conn, [r.id for r in rows])
    return [
        {
            "id": r.id,
            "seat": r.seat,
            "players": players.get(r.id, []),
            "length": json.loads(r.options).get("length", "short"),
            "ply": r.ply,
            "round": r.round,
            "is_over": bool(r.finished),
            "current_player": None if r.finished else r.to_move,
            "your_turn": not r.finished and r.to_move == r.seat,
            "updated": _stamp(r.updated),
        }
        for r in rows
    ]
