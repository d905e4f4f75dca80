"""The browser client (``web/``, built into ``static/``): its one page at ``/`` (the lobby) and
at ``/play/{id}``, ``/watch/{id}`` and ``/replay/{id}`` (the client reads the path), the files
at the bundle's top; its scripts and styles are mounted at ``/assets/`` (:class:`Assets`)."""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from onmars.server.deps import server_of
from onmars.server.live import ServerError
from onmars.server.protocol import GameId

router = APIRouter(include_in_schema=False)

#: The names of the files at the bundle's top (no path, no hidden file).
ROOT_FILE = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[a-z]+")
#: The page's own headers (the security headers are on every answer: guard.SECURITY_HEADERS).
PAGE_HEADERS = {"Cache-Control": "no-cache"}

NOT_BUILT = """<!doctype html>
<meta charset="utf-8"><title>On Mars: the web client is not built</title>
<h1>On Mars</h1>
<p>The server runs, but the browser client is not built in this copy. Build it with Node 20 or
newer: <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code> (it writes
<code>src/onmars/server/static/</code>), then reload this page. Installed packages ship it
built. The API is documented at <a href="/docs">/docs</a>.
"""


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request) -> Response:
    return client_page(request)


@router.get("/play/{game_id}", response_class=HTMLResponse)
@router.get("/watch/{game_id}", response_class=HTMLResponse)
@router.get("/replay/{game_id}", response_class=HTMLResponse)
async def game_page(request: Request, game_id: GameId) -> Response:
    return client_page(request)


@router.get("/account", response_class=HTMLResponse)
@router.get("/leaderboard", response_class=HTMLResponse)
async def account_page(request: Request) -> Response:
    return client_page(request)


@router.get("/player/{name}", response_class=HTMLResponse)
async def player_page(request: Request, name: str) -> Response:
    return client_page(request)


@router.get("/{name}")
async def root_file(request: Request, name: str) -> Response:
    """Files Vite copies to the bundle's top (a favicon, say); 404 for any other name."""
    path = server_of(request).static / name
    if not ROOT_FILE.fullmatch(name) or name == "index.html" or not path.is_file():
        raise ServerError(404, f"no file {name!r}")
    return FileResponse(path, headers={"Cache-Control": "public, max-age=3600"})


def client_page(request: Request) -> Response:
    """The client's one page (it routes on the path), or how to build it when it is missing."""
    page = server_of(request).static / "index.html"
    if not page.is_file():
        return HTMLResponse(NOT_BUILT, headers=PAGE_HEADERS)
    return FileResponse(page, media_type="text/html", headers=PAGE_HEADERS)


class Assets(StaticFiles):
    """The bundle's scripts, styles and images: their names hold a hash of their content, so
    they never change and are cached for a year; 404 (not a crash) when there is no bundle."""

    async def check_config(self) -> None:
        return None

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response
