"""A new game, and a game as a seat sees it."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, Response

from onmars.server.clocks import TimeControl
from onmars.server.deps import Seated, Token, address, game_route, hub_of, limit, server_of
from onmars.server.live import Hub, Live, ServerError
from onmars.server.protocol import (
    ERRORS,
    MAX_PLY,
    Created,
    GameState,
    Lang,
    NewGame,
    TimeControlIn,
)
from onmars.server.routes.answers import json_answer

router = APIRouter()


@router.post(
    "/api/games",
    status_code=201,
    response_model=Created,
    responses=ERRORS,
    summary="Start a game",
)
async def new_game(request: Request, body: NewGame, _token: Token) -> JSONResponse:
    """A new game with 2-4 seats, some played by bots. Each human seat gets a secret token
    (kept only as a hash here) and a private link: hand each player theirs. Its token is
    in the link's fragment (``#token=``), which browsers never send to a server."""
    hub = hub_of(request)
    for player in body.players:
        check_name(player.name)
    limit(server_of(request).creates, f"a:{address(request)}")
    control = time_control(body.clock)
    live, tokens = await hub.create([(p.name, p.bot) for p in body.players], body.length, control)
    seats = [
        {
            "seat": s.seat,
            "name": s.name,
            "bot": s.bot,
            "token": tok,
            "url": f"/play/{live.id}#token={tok}" if tok else None,
        }
        for s, tok in zip(live.seats, tokens, strict=True)
    ]
    return JSONResponse({"id": live.id, "seats": seats}, 201)


def time_control(clock: TimeControlIn | None) -> TimeControl | None:
    """The time control asked for (onmars.server.clocks), if any."""
    if clock is None:
        return None
    increment = clock.increment if clock.mode == "fischer" else 0
    bot = clock.bot if clock.policy == "bot" else None
    return TimeControl(clock.mode, float(clock.seconds), float(increment), clock.policy, bot)


@dataclass(frozen=True)
class StateQuery:
    since: int
    lang: str | None


async def state_query(
    since: Annotated[int, Query(ge=0, le=MAX_PLY, description="events from this ply")] = 0,
    lang: Annotated[Lang | None, Query(description="event texts in this language")] = None,
) -> StateQuery:
    return StateQuery(since, lang)


SEEN = game_route(state_query, "optional")


@router.get(
    "/api/games/{game_id}",
    response_model=GameState,
    responses=ERRORS,
    summary="The game as your seat sees it",
)
async def get_game(
    request: Request, seen: Annotated[Seated[StateQuery], Depends(SEEN)]
) -> Response:
    """The token's seat's view (none: a spectator's), the events since ``since``, and on
    that seat's turn its legal moves, each described (``game.describe``) with its structure
    (``game.structures``), and the pending decision."""
    hub, query = hub_of(request), seen.inputs
    await fresh(hub, seen.live)
    return json_answer(await hub.seen_json(seen.live, seen.seat, query.since, query.lang))


async def fresh(hub: Hub, live: Live) -> None:
    """Catch up with the game's stored version when another process changed it (several
    processes on one SQLite file see each other's moves only through the file): one small
    read before answering."""
    stored = await hub.db(hub.store.versions, [live.id])
    version = stored.get(live.id)
    if version is not None and version != live.version:
        await hub.refresh(live, version)


#: Bidirectional controls (they reorder the text around a name: "Ana" could show as another).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Letters that show as nothing (Hangul fillers, Braille blank).
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def check_name(name: str) -> None:
    """422 for a name with bidirectional controls or nothing visible (only spaces, format
    characters, combining marks): every player must be told apart by what they see."""
    if any(c in BIDI for c in name):
        raise ServerError(422, f"the name {name!r} holds bidirectional control characters")
    shown = [c for c in name if unicodedata.category(c)[0] not in "ZCM"]
    if not shown or all(c in INVISIBLE for c in shown):
        raise ServerError(422, "a name needs at least one visible character")
