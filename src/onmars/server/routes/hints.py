"""A hint: the search's top moves for the seat that decides now (issue 25.1)."""

from __future__ import annotations

from typing import Annotated

import orjson
from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response

from onmars.server import hints
from onmars.server.deps import Seated, game_route, hub_of, server_of
from onmars.server.live import ServerError
from onmars.server.protocol import ERRORS, HintIn, HintOut
from onmars.server.routes.answers import json_answer

router = APIRouter()


async def hint_inputs(body: HintIn) -> HintIn:
    return body


HINT = game_route(hint_inputs, "required")


@router.post(
    "/api/games/{game_id}/hint",
    response_model=HintOut,
    responses=ERRORS,
    summary="Ask the search what it would play",
)
async def hint(request: Request, seated: Annotated[Seated[HintIn], Depends(HINT)]) -> Response:
    """The search's top moves (at most ``top``) for the token's seat, which must decide now,
    thinking ``seconds`` (at most 10), from that seat's view only (RUL-18): each
    with its estimated OP margin, win chance and why in ``lang``. 403 in a game that would be
    rated (hints are allowed in unrated games and always against bots); a game where a hint
    was asked is not rated, and the count per seat is shown with the players. 409 while a
    stand-in bot plays the seat since its player's time ran out (take it back first: POST
    /return); under the agreement policy an absent player gets the hint and stays absent."""
    server = server_of(request)
    runner = server.hints
    if runner is None:
        raise ServerError(503, "the server is starting")
    body = seated.inputs
    answer = await hints.hint(
        hub_of(request), runner, seated.live, seated.player, body.seconds, body.lang, body.top
    )
    return json_answer(orjson.dumps(answer))
