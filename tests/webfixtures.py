"""The browser tests' fixtures, in one place (tests/test_web_*.py import the ones they use):
a module's ``onmars serve`` with Chromium (``server``), an API client (``api``), a page in a
fresh browser context that fails its test on a script error (``page``; ``tab`` is the same
page wrapped with its address, as tests/test_web_browser.py uses it).

A test module may set ``SERVER_ARGS`` (more ``onmars serve`` options, e.g. a clock check) and
``SERVER_START`` (seconds the server may take to start; a busy machine) before importing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import ServerProcess
from webkit import VIEWPORT, WAIT_MS, Api, launch, need_browser


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Any]:
    """``onmars serve`` on a SQLite file of its own, and a Chromium (``.browser``); its
    folder is ``.folder``."""
    sync_playwright = need_browser()
    folder = tmp_path_factory.mktemp(request.module.__name__.removeprefix("test_"))
    extra = tuple(getattr(request.module, "SERVER_ARGS", ()))
    start = getattr(request.module, "SERVER_START", 120)
    db = str(folder / "games.sqlite3")
    proc = ServerProcess(folder / "server.log", "--database", db, *extra).start(start)
    try:
        with sync_playwright() as playwright:
            proc.browser = launch(playwright)  # type: ignore[attr-defined]
            proc.folder = folder  # type: ignore[attr-defined]
            yield proc
            proc.browser.close()  # type: ignore[attr-defined]
    finally:
        proc.stop()


@pytest.fixture
def api(server: Any) -> Iterator[Api]:
    client = Api(server.base)
    yield client
    client.http.close()


class Tab:
    """A page in a fresh browser context (1280x720 and English unless told; ``options``: more
    of the context's, e.g. a phone's touch), remembering its script errors; ``page.base`` is the
    server's address."""

    def __init__(
        self,
        server: Any,
        locale: str = "en-US",
        viewport: dict[str, int] = VIEWPORT,
        **options: Any,
    ) -> None:
        self.base = server.base
        self.context = server.browser.new_context(viewport=viewport, locale=locale, **options)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.page.base = server.base
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

    def goto(self, path: str) -> Any:
        self.page.goto(self.base + path)
        return self.page

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], f"script errors in the page: {self.errors}"


@pytest.fixture
def tab(server: Any) -> Iterator[Tab]:
    t = Tab(server)
    yield t
    t.close()


@pytest.fixture
def page(tab: Tab) -> Any:
    """The ``tab``'s page (closed, and its script errors checked, with the tab)."""
    return tab.page
