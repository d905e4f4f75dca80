"""Finished games: a replay at any ply, and the whole record (RUL-22)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, Response

from onmars.server import analysis
from onmars.server.deps import Seated, game_route, hub_of, no_inputs
from onmars.server.live import ServerError
from onmars.server.protocol import ERRORS, MAX_PLY, GameRecordOut, Lang, ReplayState
from onmars.server.routes.answers import json_answer
from onmars.tools.record import make_record

router = APIRouter()
RECORD = game_route(no_inputs, "ignored")


@router.get(
    "/api/games/{game_id}/record",
    response_model=GameRecordOut,
    responses=ERRORS,
    summary="A finished game's whole record",
)
async def record(
    request: Request, seated: Annotated[Seated[None], Depends(RECORD)]
) -> JSONResponse:
    """A finished game's whole record as stored, a download (docs/record.md): options, seed,
    rules version, moves, how it ended, the players, the result and the post-game analysis as
    far as it got. ``onmars replay FILE`` and ``onmars analyse FILE`` read it; ``Game.replay``
    reads its log. After the end nothing is secret
    (RUL-22): anyone may replay and analyse it (``onmars replay FILE``). 409 before the
    end (the seed would reveal every face-down stack, RUL-18)."""
    hub, live = hub_of(request), seated.live
    if not live.is_over:
        raise ServerError(409, "RUL-18: a game's record is shown only once it is over")
    stored = await hub.db(hub.store.load, live.id)
    if stored is None:
        raise ServerError(404, f"no game {live.id!r}")
    _, analysed = await hub.db(analysis.read, hub.store, live.id)
    players = [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in stored.seats]
    body = make_record(live.id, stored.log, players, live.outcome(), analysed)
    headers = {"Content-Disposition": f'attachment; filename="onmars-{live.id}.json"'}
    return JSONResponse(body, headers=headers)


@dataclass(frozen=True)
class ReplayQuery:
    ply: int
    since: int | None
    lang: str | None


async def replay_query(
    ply: Annotated[int, Query(ge=0, le=MAX_PLY, description="after this many moves")],
    since: Annotated[
        int | None, Query(ge=0, le=MAX_PLY, description="events from this ply (ply-1)")
    ] = None,
    lang: Annotated[Lang | None, Query(description="event texts in this language")] = None,
) -> ReplayQuery:
    return ReplayQuery(ply, since, lang)


REPLAY = game_route(replay_query, "ignored", replay=True)


@router.get(
    "/api/games/{game_id}/replay",
    response_model=ReplayState,
    responses=ERRORS,
    summary="A finished game at any ply",
)
async def replay(
    request: Request, seated: Annotated[Seated[ReplayQuery], Depends(REPLAY)]
) -> Response:
    """A finished game after ``ply`` moves, with the events of the moves from ``since``
    (default: the last move's) to ``ply``. After the end nothing is secret (RUL-22): every
    hand, every Private Goal spent and every stack's order are shown at every ply. Costly:
    limited per address (``replay_rate``)."""
    hub, query = hub_of(request), seated.inputs
    start = max(query.ply - 1, 0) if query.since is None else query.since
    return json_answer(await hub.replay_json(seated.live, query.ply, start, query.lang))
