"""A finished game's rematch (onmars.server.rematch): made or joined by a seat, seen by anyone."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from onmars.server import rematch
from onmars.server.deps import Seated, address, game_route, hub_of, limit, no_inputs, server_of
from onmars.server.protocol import ERRORS, Rematch, RematchSeat

router = APIRouter()

SEAT = game_route(no_inputs, "required")
ANYONE = game_route(no_inputs, "ignored")


@router.get(
    "/api/games/{game_id}/rematch",
    response_model=Rematch,
    responses=ERRORS,
    summary="The game's rematch, if its players started one",
)
async def rematch_of(
    request: Request, seated: Annotated[Seated[None], Depends(ANYONE)]
) -> JSONResponse:
    """The id of the game its players started after this one (``null``: none yet). Public: the
    new game is in the lobby's list anyway."""
    hub = hub_of(request)
    found = await hub.db(rematch.rematch_of, hub.store, seated.live.id)
    return JSONResponse({"id": found})


@router.post(
    "/api/games/{game_id}/rematch",
    response_model=RematchSeat,
    responses=ERRORS,
    summary="Play again: start the rematch, or join it",
)
async def play_again(
    request: Request, seated: Annotated[Seated[None], Depends(SEAT)]
) -> JSONResponse:
    """A finished game's seat plays again with the same players: the first seat to ask starts
    a new game with the same seats (names, bots), length and time control, and a new seed
    (counted as a new game for the address's limit); each later one joins it. The answer is
    the seat's own token in the new game (its link: ``/play/{id}#token=<token>``): the same
    seat as here, and a seat's token here is the only way to it. 409 while the game is being
    played."""
    hub, live, seat = hub_of(request), seated.live, seated.player
    assert seat is not None
    server = server_of(request)
    game_id, token = await rematch.join(
        hub, live, seat, lambda: limit(server.creates, f"a:{address(request)}")
    )
    return JSONResponse({"id": game_id, "seat": seat, "token": token})
