"""Changes to a game by a seat: a move, an undo, the votes to end or to go on."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, Body, Depends, Query, Request
from fastapi.responses import JSONResponse, Response

from onmars.server.deps import Seated, game_route, hub_of, no_inputs, server_of
from onmars.server.live import STANDIN_PLAYS, Hub, Live, ServerError, standing_in
from onmars.server.protocol import ERRORS, GameState, Lang, MoveIn, SeatKey, UndoIn, VoteIn
from onmars.server.routes.answers import json_answer

router = APIRouter()


@dataclass(frozen=True)
class PlayInputs:
    body: MoveIn
    lang: str | None


async def play_inputs(
    body: MoveIn,
    lang: Annotated[
        Lang | None, Query(description="event and refusal texts in this language")
    ] = None,
) -> PlayInputs:
    return PlayInputs(body, lang)


async def undo_inputs(body: Annotated[UndoIn | None, Body()] = None) -> UndoIn | None:
    return body


async def vote_inputs(body: Annotated[VoteIn | None, Body()] = None) -> VoteIn | None:
    return body


PLAY = game_route(play_inputs, "required")
UNDO = game_route(undo_inputs, "required")
VOTE = game_route(vote_inputs, "required")
SEAT = game_route(no_inputs, "required")


@router.post(
    "/api/games/{game_id}/moves",
    response_model=GameState,
    responses=ERRORS,
    summary="Play a move, or a sequence of moves",
)
async def play(request: Request, seated: Annotated[Seated[PlayInputs], Depends(PLAY)]) -> Response:
    """The token's seat plays ``move`` at ``ply``, or the sequence ``moves``, all or none
    (issue 23: each checked in its turn, one compare-and-set, each stored as a move of its
    own, one push). 409: ``ply`` is not the current one (someone moved first); 403: another
    seat decides now; 422: an illegal move, with the rule (``rule``), the English reason
    (``reason``), ``detail`` in ``lang`` and, in a sequence, the refused move's ``index``
    (nothing played). Answers the new state, with the events from ``ply`` on."""
    hub, live, seat = hub_of(request), seated.live, seated.player
    body, lang = seated.inputs.body, seated.inputs.lang
    limit = server_of(request).settings.max_move
    if any(len(text) > limit for text in body.sequence):
        raise ServerError(422, "the move text is too long")
    started = time.perf_counter()
    await came_back(hub, live, seat, seated.digest)
    played = body.moves if body.moves is not None else body.sequence[0]
    await hub.play(live, seat, body.ply, played, lang, holder=seated.digest)
    response = json_answer(await hub.seen_json(live, seat, body.ply, lang))
    took = (time.perf_counter() - started) * 1000
    response.headers["Server-Timing"] = f"move;dur={took:.1f}"
    return response


async def came_back(hub: Hub, live: Live, seat: int, holder: str | None) -> None:
    """A move by a player absent since their clock ran out (onmars.server.clocks): under the
    agreement policy it brings them back; while a bot stands in for them it is refused (409)
    until they take the seat back (POST /return), their choice. A move that comes after the
    seat's deadline, before the server's periodic check applied it, is late: the timeout is
    applied first (:meth:`Hub.overdue`)."""
    await hub.overdue(live, seat)
    clock = live.clock
    if clock is None or seat not in clock.absent:
        return
    if standing_in(live, seat):
        raise ServerError(409, STANDIN_PLAYS, ply=live.ply)
    await hub.take_back(live, seat, holder)


@router.post(
    "/api/games/{game_id}/return",
    response_model=GameState,
    responses=ERRORS,
    summary="Take your seat back after your time ran out",
)
async def take_back(request: Request, seated: Annotated[Seated[None], Depends(SEAT)]) -> Response:
    """The token's seat, absent since its clock ran out, is its player's again: the stand-in
    bot stops and the seat's clock runs again when it decides. 409 for a seat that is not
    absent."""
    hub, live, seat = hub_of(request), seated.live, seated.player
    await hub.take_back(live, seat, seated.digest)
    return json_answer(await hub.seen_json(live, seat, live.ply))


@router.post(
    "/api/games/{game_id}/key",
    response_model=SeatKey,
    responses=ERRORS,
    summary="A new key for your seat (the old ones stop)",
)
async def rekey(request: Request, seated: Annotated[Seated[None], Depends(SEAT)]) -> Response:
    """A leaked link or key: the token's seat gets a new token (its new link:
    ``/play/{game_id}#token=<token>``), and every token the seat had (its old link's, the
    seat keys of its account's devices) stops acting for it at once (401 from then on; its
    WebSockets are closed). An account that holds the seat makes a new seat key as before.
    Nothing else of the game changes."""
    hub, live, seat = hub_of(request), seated.live, seated.player
    token = await hub.rekey(live, seat)
    return JSONResponse({"game_id": live.id, "seat": seat, "token": token})


@router.post(
    "/api/games/{game_id}/undo",
    response_model=GameState,
    responses=ERRORS,
    summary="Take back your last move",
)
async def undo(
    request: Request, seated: Annotated[Seated[UndoIn | None], Depends(UNDO)]
) -> Response:
    """Take back the token's seat's last move of its current turn; refused (422) after a
    move that turned something face up (RUL-19). A player absent since their clock ran out
    takes back as they move: 409 while a bot plays their seat (they take it back first, or
    they could re-roll the bot's choices with no clock running), else it brings them back."""
    hub, live, seat, body = hub_of(request), seated.live, seated.player, seated.inputs
    await came_back(hub, live, seat, seated.digest)
    await hub.undo(live, seat, body.ply if body else None, seated.digest)
    return json_answer(await hub.seen_json(live, seat, live.ply))


@router.post(
    "/api/games/{game_id}/conclude",
    response_model=GameState,
    responses=ERRORS,
    summary="Vote to end the game by agreement",
)
async def conclude(
    request: Request, seated: Annotated[Seated[VoteIn | None], Depends(VOTE)]
) -> Response:
    """The token's seat votes to end the game now (``agree: false`` withdraws the vote).
    When every human seat has voted (bots agree), the game ends by agreement (RUL-20):
    scored as it stands. A vote stands until it is withdrawn."""
    return await voted(request, seated, Hub.vote)


@router.post(
    "/api/games/{game_id}/resume",
    response_model=GameState,
    responses=ERRORS,
    summary="Vote to go on with a held game",
)
async def resume(
    request: Request, seated: Annotated[Seated[VoteIn | None], Depends(VOTE)]
) -> Response:
    """For a game held at a move today's rules refuse (``stop`` in its state; see
    docs/rules-versions.md): the token's seat votes to go on from its last accepted move
    (``agree: false`` withdraws the vote). When every human seat has voted (bots agree) the
    refused moves are dropped and the game is played on, under its own rules version."""
    return await voted(request, seated, Hub.resume)


async def voted(
    request: Request,
    seated: Seated[VoteIn | None],
    vote: Callable[[Hub, Live, int, bool, str | None], Awaitable[None]],
) -> Response:
    """A seat's vote (``Hub.vote``, ``Hub.resume``), and the state it leaves."""
    hub, live, seat, body = hub_of(request), seated.live, seated.player, seated.inputs
    await vote(hub, live, seat, body.agree if body else True, seated.digest)
    return json_answer(await hub.seen_json(live, seat, live.ply))
