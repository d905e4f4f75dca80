"""The lobby: the games changed last, and the bots a seat may be given."""

from __future__ import annotations

import re
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from onmars import N_, tr
from onmars.bots import BOTS
from onmars.bots.levels import LEVELS
from onmars.bots.levels import describe as describe_level
from onmars.server import clocks
from onmars.server.deps import Token, hub_of
from onmars.server.protocol import ERRORS, BotList, GameList, Lang
from onmars.server.routes.answers import json_answer

router = APIRouter()


@router.get(
    "/api/games",
    response_model=GameList,
    responses=ERRORS,
    summary="The games changed last",
)
async def list_games(
    request: Request,
    _token: Token,
    limit: Annotated[int, Query(ge=1, le=200, description="at most this many games")] = 50,
) -> Response:
    """The games changed last, newest first, with what anyone may see of them (RUL-18):
    the seats' names and bots, the length, the ply and round, whether over and who decides,
    and its time control with who is on the clock.
    For watching a game and for rejoining one whose seat token the client holds."""
    hub = hub_of(request)
    listed = await hub.db(hub.store.recent, limit)
    timed = await hub.db(clocks.summaries, hub.store, [g["id"] for g in listed])
    for summary in listed:
        summary["clock"] = timed.get(summary["id"])
    return json_answer(orjson.dumps({"games": listed}))


@router.get("/api/bots", response_model=BotList, responses=ERRORS, summary="The bots")
async def get_bots(
    _token: Token,
    lang: Annotated[Lang, Query(description="labels in this language")] = "en",
) -> dict[str, Any]:
    """The bots a seat may be given (``bot`` in ``POST /api/games``), by name, with a
    label in ``lang`` and a line on how each plays."""
    return {"bots": bot_list(lang)}


def bot_list(lang: str) -> list[dict[str, str]]:
    """Each bot in ``onmars.bots.BOTS`` (read now: bots may be added at any time), with its
    name translated as the terminal shows it and how it plays, in ``lang`` (a bot added
    without a message: its docstring, in English)."""
    return [
        {
            "name": name,
            "label": tr(name, lang),
            "description": _bot_description(name, factory, lang),
        }
        for name, factory in BOTS.items()
    ]


#: How the bots without a ``description`` of their own play, in a line (others not named
#: here: the first paragraph of their docstring). The levels describe themselves.
BOT_DESCRIPTIONS = {
    "random": N_("any legal move, at random"),
    "greedy": N_("the move that looks best one step ahead"),
}


def _bot_description(name: str, factory: object, lang: str) -> str:
    if name in LEVELS:
        return describe_level(*LEVELS[name], lang=lang)
    told = getattr(factory, "description", None) or BOT_DESCRIPTIONS.get(name)
    if isinstance(told, str) and told:
        return tr(told, lang)
    doc = (getattr(factory, "__doc__", None) or "").strip().split("\n\n")[0]
    return re.sub(r":\w+:`~?([^`]+)`", r"\1", " ".join(doc.split()))
