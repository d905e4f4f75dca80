"""Is the server up? For load balancers and monitors."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from onmars.server.deps import hub_of
from onmars.server.errors import RETRY
from onmars.server.protocol import Health

router = APIRouter()


@router.get(
    "/api/health",
    response_model=Health,
    responses={503: {"model": Health, "description": "the database cannot take writes"}},
    summary="Is the server up?",
)
async def health(request: Request) -> JSONResponse:
    """200 ``{"ok": true, ...}`` while the database answers and takes writes; 503 with
    ``"ok": false`` and ``writes`` saying why when it does not (the last write failed, or
    the database does not answer a read)."""
    hub = hub_of(request)
    failure = hub.write_failure
    try:
        await asyncio.wait_for(hub.db(hub.store.versions, [""]), 5.0)
    except Exception as exc:
        failure = failure or f"the database does not answer: {type(exc).__name__}"
    body = {
        "ok": failure is None,
        "database": hub.store.engine.dialect.name,
        "games": len(hub.games),
        "writes": failure or "ok",
    }
    headers = {"Retry-After": str(RETRY)} if failure else None
    return JSONResponse(body, 503 if failure else 200, headers=headers)
