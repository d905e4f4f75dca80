"""A finished game's post-game analysis (issue 25, item 3; RUL-22: nothing is secret after the
end), as far as the background worker got (:mod:`onmars.server.analysis`)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from onmars.server import analysis
from onmars.server.deps import Seated, game_route, hub_of, no_inputs
from onmars.server.live import ServerError
from onmars.server.protocol import ERRORS, AnalysisOut

router = APIRouter()
ANALYSIS = game_route(no_inputs, "ignored")


@router.get(
    "/api/games/{game_id}/analysis",
    response_model=AnalysisOut,
    responses=ERRORS,
    summary="A finished game's analysis",
)
async def analysis_of(
    request: Request, seated: Annotated[Seated[None], Depends(ANALYSIS)]
) -> JSONResponse:
    """Each decision of a finished game judged by the search from its mover's view (value
    before and after, the loss, the preferred move and its line, the mistakes marked), each
    player's projected final score by round and OP by category and round. ``status``: off (this
    server analyses no game), waiting, running (``analysis`` holds what is done), done, or
    failed. 409 before the end (RUL-18)."""
    hub, live = hub_of(request), seated.live
    if not live.is_over:
        raise ServerError(409, "RUL-18: a game is analysed only once it is over")
    stored = await hub.db(hub.store.load, live.id)
    if stored is None:
        raise ServerError(404, f"no game {live.id!r}")
    status, data = await hub.db(analysis.read, hub.store, live.id)
    if hub.settings.analysis_sims <= 0 and status == "waiting":
        status = "off"
    players = [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in stored.seats]
    return JSONResponse({"id": live.id, "status": status, "players": players, "analysis": data})
