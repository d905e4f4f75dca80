"""Helpers for the browser tests (tests/test_web*.py): Debian's Chromium driven by Playwright
(the Python package, sync API; never ``playwright install``), an API client of a real
``onmars serve`` (started by tests/webfixtures.py), and a player that clicks the elements the
client marks with ``data-move``.

Without Chromium or Playwright the browser tests skip, except in CI (``CI`` set, as ``.ci/run``
does), where that is a failure.
"""

from __future__ import annotations

import os
import random
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import bearer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VIEWPORT = {"width": 1280, "height": 720}
#: Milliseconds the tests wait for the page to show something.
WAIT_MS = 60_000
CJK = re.compile(r"[\u4e00-\u9fff]")


def need_browser() -> Any:
    """The Playwright module's ``sync_playwright``; skip (fail in CI) without it or Chromium."""
    problem = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        problem = "the playwright package is not installed (pip install -e '.[test]')"
    if problem is None and not os.access(CHROMIUM, os.X_OK):
        problem = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI: the browser tests must run: {problem}")
        pytest.skip(problem)
    return sync_playwright


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def by_testid(page: Any, name: str) -> Any:
    """The elements marked ``data-testid=name``."""
    return page.locator(f"[data-testid={name}]")


def shot(page: Any, folder: Path | None, name: str, *, full_page: bool = False) -> None:
    """A screenshot of ``page`` as ``folder/name`` (``.png`` added when missing); none without
    a folder (a module whose screenshots are taken only when asked)."""
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (name if name.endswith(".png") else f"{name}.png")
    page.screenshot(path=str(path), full_page=full_page)


# --- the lobby ---------------------------------------------------------------------------------
def create_in_lobby(page: Any, kinds: list[str], names: list[str], hotseat: bool = False) -> str:
    """Create a game by clicking in the lobby (the page shows it), which opens the creator's
    seat (issue 23.8); its id, from the table's address."""
    by_testid(page, "lobby").wait_for()
    by_testid(page, "players-count").select_option(str(len(kinds)))
    by_testid(page, "length").select_option("short")
    for i, (kind, name) in enumerate(zip(kinds, names, strict=True)):
        by_testid(page, f"seat-name-{i}").fill(name)
        by_testid(page, f"seat-kind-{i}").select_option(kind)
    if hotseat:
        by_testid(page, "hotseat").check()
    by_testid(page, "create-game").click()
    page.wait_for_url(re.compile(r".*/(play|watch)/[A-Za-z0-9_-]+$"))
    by_testid(page, "table").wait_for()
    return page.url.rstrip("/").split("/")[-1]


def held_tokens(page: Any, gid: str) -> dict[str, str]:
    """The seat tokens this browser keeps for a game (localStorage), by seat."""
    return page.evaluate(
        "(gid) => JSON.parse(localStorage.getItem('onmars.tokens') || '{}')[gid] || {}", gid
    )


# --- the API, for setting up games and checking what the page shows ----------------------------
class Api:
    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30)

    def create(self, players: list[dict[str, Any]], length: str = "short") -> tuple[str, list]:
        r = self.http.post("/api/games", json={"players": players, "length": length})
        assert r.status_code == 201, r.text
        return r.json()["id"], [s["token"] for s in r.json()["seats"]]

    def state(self, gid: str, token: str | None = None) -> dict[str, Any]:
        """The state as the browser's table reads it: on the seat's turn its legal moves
        described and the sequences offered (``GET .../moves``, as web/src/api.ts asks)."""
        r = self.http.get(f"/api/games/{gid}", headers=bearer(token))
        assert r.status_code == 200, r.text
        state = r.json()
        state["sequences"] = []
        if state["legal_moves"]:
            asked = self.http.get(f"/api/games/{gid}/moves", headers=bearer(token)).json()
            assert asked["version"] == state["version"], "the game moved on meanwhile"
            state["legal_moves"], state["sequences"] = asked["legal_moves"], asked["sequences"]
        return state

    def play_random(self, gid: str, tokens: list, n: int, seed: int = 1) -> dict[str, Any]:
        """``n`` random moves by whichever human seat decides (bots move on their own)."""
        rng = random.Random(seed)
        for _ in range(n):
            seat = self.wait_for_human(gid)
            if seat is None:
                break
            mine = self.state(gid, tokens[seat])
            text = rng.choice(mine["legal_moves"])["move"]
            r = self.http.post(
                f"/api/games/{gid}/moves",
                json={"ply": mine["ply"], "move": text},
                headers=bearer(tokens[seat]),
            )
            assert r.status_code == 200, r.text
        return self.state(gid)

    def wait_for_human(self, gid: str, tokens: list | None = None) -> int | None:
        """The human seat that decides now, once the bots have moved (None: game over)."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            now = self.state(gid)
            if now["is_over"]:
                return None
            seat = now["current_player"]
            if now["players"][seat]["bot"] is None:
                return seat
            time.sleep(0.05)
        raise AssertionError("the bots did not move within a minute")

    def conclude(self, gid: str, tokens: list) -> dict[str, Any]:
        for token in tokens:
            if token:
                r = self.http.post(f"/api/games/{gid}/conclude", headers=bearer(token))
                assert r.status_code in (200, 409), r.text
        return self.state(gid)


# --- a player that clicks ------------------------------------------------------------------
#: The page is ready for the next click: the game is over, or it is this seat's turn with its
#: moves listed and nothing being sent.
READY = """() => !!document.querySelector('[data-testid=game-over]') ||
  (!!document.querySelector('[data-testid=your-turn]') &&
   document.querySelectorAll('[data-testid=move-list] [data-move]').length > 0)"""

#: Verbs that move the game on towards its end (§24.1: missions, Colony level, buildings).
PROGRESS = ("build", "upgrade", "advanced", "goal", "deliver")
STALLING = ("end", "done", "skip", "keep", "stay")


def progress_policy(rng: random.Random) -> Callable[[list[str]], str]:
    """Choose a move that makes progress: a building, an upgrade, an Advanced Building, a goal
    or a delivery when offered; otherwise mostly anything but ending the turn early."""

    def choose(moves: list[str]) -> str:
        eager = [m for m in moves if m.split()[0] in PROGRESS]
        if eager:
            return rng.choice(eager)
        busy = [m for m in moves if m.split()[0] not in STALLING]
        if busy and rng.random() < 0.7:
            return rng.choice(busy)
        return rng.choice(moves)

    return choose


def listed_moves(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        "[data-testid=move-list] [data-move]", "els => els.map(e => e.dataset.move)"
    )


def play_suggestion(page: Any, button: Any, move: str) -> None:
    """Play the guided game's suggested ``move`` by its ``button`` (confirmed if the page asks)
    and wait until the coach has moved on from it."""
    button.click()
    confirm = page.locator("[data-testid=confirm-yes]")
    if confirm.count():
        confirm.click()
    page.wait_for_function(
        f"""() => !document.querySelector('[data-testid=coach] [data-move="{move}"]')""",
        timeout=WAIT_MS,
    )


def wait_ready(page: Any, timeout: float = WAIT_MS) -> bool:
    """Wait until the page may be clicked again; True if the game is over."""
    page.wait_for_function(READY, timeout=timeout)
    return page.locator("[data-testid=game-over]").count() > 0


def click_move(page: Any, move: str, *, on_board: bool = False) -> str:
    """Click the element that plays ``move``: on the table itself when asked and it is there,
    else in the plain list; confirm it if the page asks (a warned move). Where it was clicked."""
    quoted = move.replace("\\", "\\\\").replace('"', '\\"')
    where = "list"
    target = page.locator(f'[data-testid=move-list] [data-move="{quoted}"]').first
    if on_board:
        board = page.locator(
            f'[data-move="{quoted}"]:not([data-testid=move-list] *):not(.prompt *)'
        )
        if board.count() and board.first.is_visible():
            target, where = board.first, "board"
    target.click(timeout=5_000)
    dialog = page.locator("[data-testid=confirm-dialog]")
    if dialog.count():
        page.locator("[data-testid=confirm-yes]").click()
        where += "+confirm"
    refused = page.locator("[data-testid=refusal]")
    if refused.count():
        raise AssertionError(f"the server refused {move!r}: {refused.inner_text()}")
    return where


#: Measures in the page the time from a click on a move to its answer on screen: the first
#: animation frame after the page has shown the move being sent (the client's ``sending``
#: marks) and then the server's answer (no such mark left). Kept in ``window.__answered``.
ANSWER_PROBE = """
(() => {
  window.__answered = [];
  let clickAt = null, sawSending = false;
  document.addEventListener('click', (e) => {
    if (!e.target.closest || !e.target.closest('[data-move]')) return;
    clickAt = performance.now();
    sawSending = false;
  }, true);
  new MutationObserver(() => {
    if (clickAt === null) return;
    const sending = !!document.querySelector('.sending, .sendingbadge');
    if (sending) { sawSending = true; return; }
    if (!sawSending) return;
    const start = clickAt; clickAt = null;
    requestAnimationFrame(() => window.__answered.push(performance.now() - start));
  }).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})();
"""


def secret_ids(game: Any) -> set[str]:
    """What no spectator may learn (RUL-18): each seat's Private Goals and face-down tiles (ids
    its own view shows that a spectator's does not), and the contents of every face-down stack
    below its top."""
    seen_by_all = ids_in(str(game.view(None)))
    secret: set[str] = set()
    for seat in range(len(game.players)):
        secret |= ids_in(str(game.view(seat))) - seen_by_all
    state = game._state  # the engine's own record: the test's knowledge, never sent
    secret |= set(state.bp_deck) | set(state.discovery_stack)
    for stack in state.building_stacks.values():
        secret |= set(stack[:-1])  # the last is the top, face up
    for stack in getattr(state, "tech_stacks", []) or []:
        if isinstance(stack, list):
            secret |= {str(t) for t in stack[:-1]}
    return secret - seen_by_all


ID = re.compile(r"\b(?:PG\d\d|BP\d\d|D\d\d|[a-z]+-\d)\b")


def ids_in(text: str) -> set[str]:
    return set(ID.findall(text))
