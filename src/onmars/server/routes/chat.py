"""A game's chat (issue 24 item 4; who reads and writes which channel: onmars.server.chat)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse

from onmars.server.deps import Seated, address, chat_of, game_route
from onmars.server.protocol import ERRORS, ChatIn, ChatLog, ChatMessage

router = APIRouter()


async def chat_after(
    after: Annotated[int, Query(ge=0, le=2**62, description="messages after this id")] = 0,
) -> int:
    return after


async def chat_body(body: ChatIn) -> ChatIn:
    return body


READ = game_route(chat_after, "optional")
WRITE = game_route(chat_body, "optional")


@router.get(
    "/api/games/{game_id}/chat",
    response_model=ChatLog,
    responses=ERRORS,
    summary="The game's chat",
)
async def read_chat(
    request: Request, seated: Annotated[Seated[int], Depends(READ)]
) -> JSONResponse:
    """The newest messages (at most 200) after id ``after`` of the channels the reader may
    read: a seat's token reads the players' chat (and, once the game is over, the
    spectators'); no token reads the spectators' chat. Plain text, to be shown as text."""
    log = await chat_of(request).history(seated.live, seated.seat, seated.inputs)
    return JSONResponse(log)


@router.post(
    "/api/games/{game_id}/chat",
    status_code=201,
    response_model=ChatMessage,
    responses=ERRORS,
    summary="Say something in the game's chat",
)
async def post_chat(
    request: Request, seated: Annotated[Seated[ChatIn], Depends(WRITE)]
) -> JSONResponse:
    """Post a message (1-500 characters, at most 12 lines; no control characters): 403 for a
    channel the poster may not write in, 429 when the sender posts too fast, 409 when the
    channel is full. It is pushed to the game's WebSocket clients that may read it."""
    body = seated.inputs
    message = await chat_of(request).post(
        seated.live, seated.seat, body.channel, body.text, body.name, address(request)
    )
    return JSONResponse(message, 201)
