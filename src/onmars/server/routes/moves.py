"""Changes to a game by a seat: a move, an undo, the votes to end or to go on."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import Response

from onmars.server.deps import Seat, TheGame, hub_of, server_of
from onmars.server.live import Hub, Live, ServerError
from onmars.server.protocol import ERRORS, GameState, Lang, MoveIn, UndoIn, VoteIn
from onmars.server.routes.answers import json_answer

router = APIRouter()


@router.post(
    "/api/games/{game_id}/moves",
    response_model=GameState,
    responses=ERRORS,
    summary="Play a move",
)
async def play(
    request: Request,
    live: TheGame,
    seat: Seat,
    body: MoveIn,
    lang: Annotated[
        Lang | None, Query(description="event and refusal texts in this language")
    ] = None,
) -> Response:
    """The token's seat plays ``move`` at ``ply``. 409: ``ply`` is not the current one
    (someone moved first); 403: another seat decides now; 422: an illegal move, with the
    rule (``rule``), the English reason (``reason``) and ``detail`` in ``lang``. Answers
    the new state, with the events from ``ply`` on."""
    hub = hub_of(request)
    if len(body.move) > server_of(request).settings.max_move:
        raise ServerError(422, "the move text is too long")
    started = time.perf_counter()
    await hub.play(live, seat, body.ply, body.move, lang)
    response = json_answer(await hub.seen_json(live, seat, body.ply, lang))
    took = (time.perf_counter() - started) * 1000
    response.headers["Server-Timing"] = f"move;dur={took:.1f}"
    return response


@router.post(
    "/api/games/{game_id}/undo",
    response_model=GameState,
    responses=ERRORS,
    summary="Take back your last move",
)
async def undo(
    request: Request,
    live: TheGame,
    seat: Seat,
    body: Annotated[UndoIn | None, Body()] = None,
) -> Response:
    """Take back the token's seat's last move of its current turn; refused (422) after a
    move that turned something face up (RUL-19)."""
    hub = hub_of(request)
    await hub.undo(live, seat, body.ply if body else None)
    return json_answer(await hub.seen_json(live, seat, live.ply))


@router.post(
    "/api/games/{game_id}/conclude",
    response_model=GameState,
    responses=ERRORS,
    summary="Vote to end the game by agreement",
)
async def conclude(
    request: Request,
    live: TheGame,
    seat: Seat,
    body: Annotated[VoteIn | None, Body()] = None,
) -> Response:
    """The token's seat votes to end the game now (``agree: false`` withdraws the vote).
    When every human seat has voted (bots agree), the game ends by agreement (RUL-20):
    scored as it stands. A vote stands until it is withdrawn."""
    return await voted(request, live, seat, body, Hub.vote)


@router.post(
    "/api/games/{game_id}/resume",
    response_model=GameState,
    responses=ERRORS,
    summary="Vote to go on with a held game",
)
async def resume(
    request: Request,
    live: TheGame,
    seat: Seat,
    body: Annotated[VoteIn | None, Body()] = None,
) -> Response:
    """For a game held at a move today's rules refuse (``stop`` in its state; see
    docs/rules-versions.md): the token's seat votes to go on from its last accepted move
    (``agree: false`` withdraws the vote). When every human seat has voted (bots agree) the
    refused moves are dropped and the game is played on, under its own rules version."""
    return await voted(request, live, seat, body, Hub.resume)


async def voted(
    request: Request,
    live: Live,
    seat: int,
    body: VoteIn | None,
    vote: Callable[[Hub, Live, int, bool], Awaitable[None]],
) -> Response:
    """A seat's vote (``Hub.vote``, ``Hub.resume``), and the state it leaves."""
    hub = hub_of(request)
    await vote(hub, live, seat, body.agree if body else True)
    return json_answer(await hub.seen_json(live, seat, live.ply))
