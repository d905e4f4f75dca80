"""Players' pages and the leaderboard (issue 24; :mod:`onmars.server.ratings`): what anyone may
see of an account: its rating over time, its finished games (with their replays: RUL-22, nothing
is secret after the end) and its win rates by number of players."""

from __future__ import annotations

from typing import Annotated

import orjson
from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response

from onmars.server import ratings
from onmars.server.accounts import name_key
from onmars.server.deps import Token, hub_of
from onmars.server.live import ServerError
from onmars.server.protocol import ERRORS, Leaderboard, PlayerPage
from onmars.server.routes.answers import json_answer

router = APIRouter()


@router.get(
    "/api/players/{name}", response_model=PlayerPage, responses=ERRORS, summary="A player's page"
)
async def player(
    request: Request,
    _token: Token,
    name: Annotated[str, Path(min_length=1, max_length=32, description="the user name")],
) -> Response:
    """An account's rating now and after each rated game, its finished games (last first)
    and its win rates by number of players."""
    hub = hub_of(request)
    page = await hub.db(ratings.player, hub.store, name_key(name))
    if page is None:
        raise ServerError(404, f"no player {name!r}")
    return json_answer(orjson.dumps(page))


@router.get(
    "/api/leaderboard", response_model=Leaderboard, responses=ERRORS, summary="The leaderboard"
)
async def leaderboard(
    request: Request,
    _token: Token,
    limit: Annotated[int, Query(ge=1, le=500, description="at most this many")] = 100,
) -> Response:
    """The rated accounts and the bots of the arena's ladder (fixed ratings), best first."""
    hub = hub_of(request)
    board = await hub.db(ratings.leaderboard, hub.store, limit)
    return json_answer(orjson.dumps({"players": board}))
