"""Answers already encoded (orjson): the routes on the hot path build their JSON once."""

from __future__ import annotations

from fastapi.responses import Response


def json_answer(body: bytes, status: int = 200) -> Response:
    return Response(body, status, media_type="application/json")
