"""Error answers (:class:`~onmars.server.protocol.Problem`), in the language asked for (``?lang=``,
else ``Accept-Language``; issue 21.6): refusals, invalid requests, a database that cannot answer,
crashes."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from onmars import tr
from onmars.server.error_text import engine_text, invalid_text, request_lang, server_text
from onmars.server.guard import SECURITY_HEADERS, problem
from onmars.server.live import ServerError

log = logging.getLogger("onmars.server")

DATABASE_DOWN = "the database cannot take this now: try again later"
CRASHED = "the server failed on this request (logged); nothing was changed"
#: Seconds a client is asked to wait when the database cannot take a request.
RETRY = 5


def problem_response(
    conn: HTTPConnection, status: int, detail: str, retry: int | None = None
) -> Response:
    """An error answer in the language asked for, with ``Retry-After`` if given."""
    lang = request_lang(conn)
    headers = {"Retry-After": str(retry)} if retry else None
    body = problem(server_text(detail, lang), lang)
    return Response(body, status, headers, media_type="application/json")


async def refused(request: Request, exc: Exception) -> Response:
    """A :class:`ServerError`: its status, ``detail`` (an engine refusal's own text when it
    came from one), its extra fields."""
    assert isinstance(exc, ServerError)
    headers = {"Retry-After": str(exc.extra.pop("retry"))} if "retry" in exc.extra else None
    lang = request_lang(request)
    detail = engine_text(exc.__cause__ or exc.__context__, lang)
    detail = detail or server_text(exc.detail, lang)
    return JSONResponse({"detail": detail, "lang": lang, **exc.extra}, exc.status, headers=headers)


async def database_down(request: Request, exc: Exception) -> Response:
    """A database that cannot answer (down, disk full): 503, try again later; nothing was
    changed (a move is acknowledged only after its commit)."""
    assert isinstance(exc, sa_exc.DBAPIError)
    log.error("database error: %s", str(exc.orig).strip().splitlines()[0])
    return problem_response(request, 503, DATABASE_DOWN, retry=RETRY)


async def crashed(request: Request, exc: Exception) -> Response:
    """500, nothing of the exception shown. Starlette answers a crash outside every middleware
    (Guard too): the security headers are added here."""
    response = problem_response(request, 500, CRASHED)
    response.raw_headers += SECURITY_HEADERS
    return response


async def invalid(request: Request, exc: Exception) -> Response:
    """422 naming each invalid field (``errors``), in words in the language asked for."""
    assert isinstance(exc, RequestValidationError)
    found = list(exc.errors())
    errors = [
        {"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", ""))} for e in found
    ]
    lang = request_lang(request)
    if lang == "en":
        detail = "; ".join(f"{'.'.join(e['loc'])}: {e['msg']}" for e in errors)
    else:
        detail = tr("; ", lang).join(invalid_text(found, lang))
    detail = detail or server_text("invalid request", lang)
    return JSONResponse({"detail": detail, "lang": lang, "errors": errors}, 422)


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (an unknown path: 404, a wrong method: 405)."""
    assert isinstance(exc, StarletteHTTPException)
    lang = request_lang(request)
    detail = server_text(str(exc.detail), lang)
    return JSONResponse({"detail": detail, "lang": lang}, exc.status_code, headers=exc.headers)


def install(app: FastAPI) -> None:
    """The app's error handlers."""
    app.add_exception_handler(ServerError, refused)
    app.add_exception_handler(sa_exc.DBAPIError, database_down)
    app.add_exception_handler(Exception, crashed)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(StarletteHTTPException, http_error)
