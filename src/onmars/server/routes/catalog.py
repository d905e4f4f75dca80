"""Every component's face, for the clients."""

from __future__ import annotations

import functools
from typing import Annotated

import orjson
from fastapi import APIRouter, Query
from fastapi.responses import Response

from onmars import catalog
from onmars.server.deps import Token
from onmars.server.protocol import ERRORS, Catalog, Lang
from onmars.server.routes.answers import json_answer

router = APIRouter()


@router.get(
    "/api/catalog",
    response_model=Catalog,
    responses=ERRORS,
    summary="Every component's face",
)
async def get_catalog(
    _token: Token,
    lang: Annotated[Lang, Query(description="names and texts in this language")] = "en",
) -> Response:
    """``onmars.catalog(lang)``: every component's face by kind and id (names,
    descriptions, numbers). The same for everyone and for the server's life: cacheable."""
    response = json_answer(catalog_json(lang))
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


@functools.cache
def catalog_json(lang: str) -> bytes:
    return orjson.dumps(catalog(lang), option=orjson.OPT_NON_STR_KEYS)
