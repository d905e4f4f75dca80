"""A rematch: the players of a finished game start another together, with the same seats
(names, bots), length and time control, and a new seed.

Whoever of its seats asks first makes it (``POST /api/games/{id}/rematch`` with their seat's
token); each other seat that asks, with its own token of the finished game, gets a fresh key to
the same seat in the new one (``seat_keys``, sha256 only), as an account's new device does. So
no token is ever kept in the clear and nobody can take another's seat: a seat's token of the
old game is what hands out its key to the new one. Anyone may see whether a rematch exists and
its id (``GET``): the new game is in the lobby's list anyway. An account that held a seat holds
the same seat in the rematch. The link is written in the transaction that stores the new game,
so of two seats asking at once one makes it and the other joins it: never two games.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from onmars import N_
from onmars.server.live import Hub, Live, ServerError, new_token, token_hash
from onmars.server.store import Store, Write, account_seats, now, rematches, seat_keys

NOT_OVER = N_("a rematch is offered once the game is over (§24.1)")


def link_op(old_id: str) -> Callable[[str], Write]:
    """The write that names ``new_id`` the rematch of ``old_id`` and gives its seats to the
    accounts that held them there (made with the new game: :meth:`Hub.create`'s ``also``)."""

    def make(new_id: str) -> Write:
        def op(conn: Connection) -> None:
            stamp = now()
            conn.execute(
                rematches.insert().values(game_id=old_id, rematch_id=new_id, created=stamp)
            )
            held = conn.execute(
                sa.select(account_seats.c.seat, account_seats.c.account_id).where(
                    account_seats.c.game_id == old_id
                )
            ).all()
            if held:
                rows = [
                    {"game_id": new_id, "seat": s, "account_id": a, "created": stamp}
                    for s, a in held
                ]
                conn.execute(account_seats.insert(), rows)

        return op

    return make


def rematch_of(store: Store, game_id: str) -> str | None:
    """The id of the game's rematch, if one was made."""
    with store.engine.connect() as conn:
        found = conn.execute(
            sa.select(rematches.c.rematch_id).where(rematches.c.game_id == game_id)
        ).scalar()
    return str(found) if found is not None else None


def seat_key(store: Store, game_id: str, seat: int) -> str:
    """A fresh token for ``seat`` of ``game_id`` (only its sha256 is kept)."""
    token = new_token()
    with store.engine.begin() as conn:
        conn.execute(
            seat_keys.insert().values(
                token_hash=token_hash(token), game_id=game_id, seat=seat, created=now()
            )
        )
    return token


async def join(
    hub: Hub, live: Live, seat: int, before_making: Callable[[], None]
) -> tuple[str, str]:
    """The rematch of ``live`` for its ``seat``: made now if there is none yet
    (``before_making`` is called first: the rate limit of new games), else joined. Answers
    the new game's id and the seat's token there; 409 while the game is being played."""
    if not live.is_over:
        raise ServerError(409, NOT_OVER)
    found = await hub.db(rematch_of, hub.store, live.id)
    if found is None:
        before_making()
        players = [(s.name, s.bot) for s in live.seats]
        control = live.clock.control if live.clock is not None else None
        length = live.game.options["length"]
        try:
            made, tokens = await hub.create(players, length, control, also=link_op(live.id))
        except IntegrityError:  # another seat made it first: join theirs
            found = await hub.db(rematch_of, hub.store, live.id)
            assert found is not None
        else:
            token = tokens[seat]
            assert token is not None, "a seat with a token is a person's in both games"
            return made.id, token
    return found, await hub.db(seat_key, hub.store, found, seat)
