"""A new game, and a game as a seat sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import orjson
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, Response

from onmars.server.clocks import TimeControl
from onmars.server.deps import Seated, Token, address, game_route, hub_of, limit, server_of
from onmars.server.live import Hub, Live, ServerError
from onmars.server.names import BIDI, INVISIBLE, check_name, check_players  # noqa: F401 (kept importable)
from onmars.server.protocol import (
    ERRORS,
    MAX_PLY,
    Created,
    Described,
    GameState,
    Lang,
    NewGame,
    TimeControlIn,
    WhyNot,
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
    check_players([p.name for p in body.players])
    limit(server_of(request).creates, f"a:{address(request)}")
    control = time_control(body.clock)
    players = [(p.name, p.bot) for p in body.players]
    if all(bot for _, bot in players):
        live, tokens = await create_bot_only(request, players, body.length, control)
    else:
        live, tokens = await hub.create(players, body.length, control)
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


#: The refusal of a game of bots only past ``bot_games_per_address``.
TOO_MANY_BOT_GAMES = (
    "too many games of bots only from your address ({limit}): wait until one of them is over"
)


async def create_bot_only(
    request: Request,
    players: list[tuple[str, str | None]],
    length: str,
    control: TimeControl | None,
) -> tuple[Live, list[str | None]]:
    """A game of bots only, unless the client's address has ``bot_games_per_address`` of them
    not over yet (429): each keeps a bot worker busy and slows every other game's bots. They
    are counted per server process, as the other budgets are (no account makes such a game:
    it has no seat to claim)."""
    hub, server = hub_of(request), server_of(request)
    key, most = address(request), server.settings.bot_games_per_address
    async with server.bot_only.lock:
        going = await going_on(hub, server.bot_only.ids.get(key, set()))
        if len(going) >= most:
            raise ServerError(429, TOO_MANY_BOT_GAMES.format(limit=most))
        live, tokens = await hub.create(players, length, control)
        server.bot_only.ids[key] = going | {live.id}
    return live, tokens


async def going_on(hub: Hub, ids: set[str]) -> set[str]:
    """Those of these games that are not over: as this process has them in memory, else as
    stored."""
    kept = {i for i in ids if i in hub.games and not hub.games[i].is_over}
    away = sorted(i for i in ids if i not in hub.games)
    return kept | await hub.db(hub.store.unfinished, away)


def time_control(clock: TimeControlIn | None) -> TimeControl | None:
    """The time control asked for (onmars.server.clocks), if any."""
    if clock is None:
        return None
    increment = clock.increment if clock.mode == "fischer" else 0
    bot = clock.bot if clock.policy == "bot" else None
    seconds, vacation = float(clock.seconds), float(clock.vacation)
    return TimeControl(clock.mode, seconds, float(increment), clock.policy, bot, vacation)


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


async def why_query(
    lang: Annotated[Lang, Query(description="the reasons in this language")] = "en",
) -> str:
    return lang


WHY = game_route(why_query, "optional")


@router.get(
    "/api/games/{game_id}/why",
    response_model=WhyNot,
    responses=ERRORS,
    summary="Why not: the refused places of your decision",
)
async def why_not(request: Request, seen: Annotated[Seated[str], Depends(WHY)]) -> Response:
    """Issue 23: on the token's seat's turn, each place on the table (a target, as the legal
    moves name theirs) that no legal move uses, with the move refused there, its rule and
    reason in ``lang`` (``Game.refusals``); nothing for another seat or a spectator. Asked
    when a player points at a place, not with every state."""
    hub = hub_of(request)
    await fresh(hub, seen.live)
    answer = await hub.why_not(seen.live, seen.seat, seen.inputs)
    return json_answer(orjson.dumps(answer))


async def described_query(
    lang: Annotated[
        Lang, Query(description="labels, previews and warnings in this language")
    ] = "en",
) -> str:
    return lang


DESCRIBED = game_route(described_query, "optional")


@router.get(
    "/api/games/{game_id}/moves",
    response_model=Described,
    responses=ERRORS,
    summary="Your legal moves described, with a preview each",
)
async def described(request: Request, seen: Annotated[Seated[str], Depends(DESCRIBED)]) -> Response:
    """On the token's seat's turn, its legal moves each described (``Game.describe``: what it
    costs and gains, its OP, events, warnings, the decisions still ahead, whether it turns
    something face up) with its structure, and the sequences offered as one click
    (``Game.sequences``); nothing for another seat or a spectator. A state's ``legal_moves``
    carry only labels and structures: a client that shows previews asks here (``version``
    says which version of the game they are for), once per version; the server works them
    out once per version and language."""
    hub = hub_of(request)
    await fresh(hub, seen.live)
    return json_answer(await hub.described_json(seen.live, seen.seat, seen.inputs))


async def fresh(hub: Hub, live: Live) -> None:
    """Catch up with the game's stored version when another process changed it (several
    processes on one SQLite file see each other's moves only through the file): one small
    read before answering."""
    stored = await hub.db(hub.store.versions, [live.id])
    version = stored.get(live.id)
    if version is not None and version != live.version:
        await hub.refresh(live, version)
