"""Accounts, players' pages and the leaderboard in Chromium (issue 24, items 1, 5, 6, 7): make an
account and sign in by clicking, claim the seat this browser holds, find it in My games on
another device (a second browser context) and play it there; a rated game on the player page
(chart, games with replays, win rates) and on the leaderboard, in English and Chinese. The
account's name is an XSS probe: it must show as text, never run. Screenshots go to
``/tmp/shots-accounts/`` (``ONMARS_SCREENSHOTS`` elsewhere)."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_server_ratings import finished_game
from webfixtures import Tab
from webkit import CJK, by_testid, shot

import onmars
from onmars.server.config import database_url
from onmars.server.live import new_token, token_hash
from onmars.server.ratings import BOT_ELO
from onmars.server.store import Hints, SeatRow, Store

pytestmark = pytest.mark.slow

XSS = "<img src=x onerror=alert(1)>"
PASSWORD = "correct horse battery"
SHOTS = Path(os.environ.get("ONMARS_SCREENSHOTS", "/tmp/shots-accounts"))


class Device(Tab):
    """A browser of its own (a fresh context: its own cookies and storage), remembering script
    errors and any dialog (an XSS would open one)."""

    def __init__(self, server: Any, locale: str = "en-US") -> None:
        super().__init__(server, locale)
        self.dialogs: list[str] = []
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))

    def by(self, name: str) -> Any:
        return by_testid(self.page, name)

    def shot(self, name: str) -> None:
        shot(self.page, SHOTS, name, full_page=True)

    def close(self) -> None:
        super().close()  # no script error
        assert self.dialogs == [], self.dialogs


def no_injected_image(page: Any) -> None:
    """The probe's <img> never became an element: the name is text."""
    assert page.locator("img[src=x]").count() == 0


def account_client(base: str, name: str) -> tuple[httpx.Client, str]:
    """An API client signed in as a new account; the session's CSRF token."""
    http = httpx.Client(base_url=base, timeout=30)
    r = http.post("/api/account/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return http, r.json()["csrf"]


def rated_game(server: Any, names: list[str]) -> str:
    """A finished 2-player game between these accounts, rated: stored up to its last move,
    each account claims its seat, the last move is played through the API."""
    game = finished_game()
    last = len(game.moves) - 1
    part = onmars.Game.replay({**game.log, "moves": game.moves[:last]})
    gid, tokens = secrets.token_urlsafe(9), [new_token(), new_token()]
    rows = [
        SeatRow(i, n, None, token_hash(t))
        for i, (n, t) in enumerate(zip(names, tokens, strict=True))
    ]
    store = Store(database_url(str(server.folder / "games.sqlite3")))
    try:
        movers = [e.seat for e in part.seat_log(None)]
        store.import_game(
            gid, part.log, rows, movers, Hints(part.current_player, False, part.round)
        )
    finally:
        store.close()
    for seat, name in enumerate(names):
        http, csrf = account_client(server.base, name)
        r = http.post("/api/account/claim", json={"game_id": gid, "token": tokens[seat]},
                      headers={"X-CSRF-Token": csrf})  # fmt: skip
        assert r.status_code == 200, r.text
        http.close()
    mover = game.seat_log(None)[last].seat
    assert mover is not None
    with httpx.Client(base_url=server.base, timeout=30) as http:
        r = http.post(f"/api/games/{gid}/moves", json={"ply": last, "move": game.moves[last]},
                      headers={"Authorization": f"Bearer {tokens[mover]}"})  # fmt: skip
        assert r.status_code == 200 and r.json()["is_over"], r.text
    return gid


def opened_game(page: Any) -> str:
    """The game the lobby opened after creating it (issue 23.8: it opens the creator's seat)."""
    page.wait_for_url(re.compile(r".*/play/[A-Za-z0-9_-]+$"))
    return str(page.url.rstrip("/").split("/")[-1])


def test_accounts_my_games_player_page_and_leaderboard(server: Any) -> None:
    gid = rated_game(server, [XSS, "Ben"])
    winner = [XSS, "Ben"][finished_game().winners()[0]]

    # --- a device: make an account by clicking, create a game, claim its seat -------------------
    first = Device(server)
    page = first.goto("/")
    first.by("lobby").wait_for()
    first.by("seat-name-0").fill("Cleo")
    first.by("seat-kind-1").select_option("greedy")
    first.by("create-game").click()
    own = opened_game(page)
    first.goto("/")
    first.by("nav-account").click()
    first.by("account-page").wait_for()
    first.by("account-name").fill("Cleo")
    first.by("account-password").fill(PASSWORD)
    first.by("register").click()
    first.by("sign-out").wait_for()
    assert "Cleo" in page.text_content("h2")
    first.by(f"claim-{own}-0").click()
    page.locator(f"[data-testid=my-games] tr[data-game-id='{own}']").wait_for()
    # signed in, a game made in the lobby binds its player's seat at once
    first.goto("/")
    first.by("seat-name-0").fill("Cleo")
    first.by("create-game").click()
    made = opened_game(page)
    first.goto("/account")
    page.locator(f"[data-testid=my-games] tr[data-game-id='{made}']").wait_for()
    assert page.locator(f"[data-testid=claim-{made}-0]").count() == 0
    first.shot("account-my-games")

    # --- another device: sign in, find the game, play it there -----------------------------------
    second = Device(server)
    page2 = second.goto("/account")
    second.by("account-name").fill("cleo")
    second.by("account-password").fill("wrong password!")
    second.by("sign-in").click()
    assert "wrong user name or password" in second.by("account-error").text_content()
    second.by("account-password").fill(PASSWORD)
    second.by("sign-in").click()
    second.by(f"open-{own}").click()
    page2.wait_for_url(f"**/play/{own}")
    second.by("table").wait_for()
    page2.get_by_text("You are Cleo").first.wait_for()  # the seat, not a spectator
    second.shot("account-second-device-table")

    # --- the player page of the rated game's XSS-named account ----------------------------------
    page2 = second.goto(f"/player/{XSS}")
    second.by("player-name").wait_for()
    assert second.by("player-name").text_content() == XSS
    second.by("rating-chart").locator("circle").first.wait_for()
    row = page2.locator(f"[data-testid=player-games] tr[data-game-id='{gid}']")
    assert row.locator(f"a[href='/replay/{gid}']").count() == 1
    assert ("Won" if winner == XSS else "Lost") in row.text_content()
    assert "2 players" in second.by("win-rates").text_content()
    no_injected_image(page2)
    second.shot("player-page")

    # --- the leaderboard, then in Chinese --------------------------------------------------------
    page2 = second.goto("/leaderboard")
    board = second.by("leaderboard")
    board.locator("tbody tr").nth(7).wait_for()  # two accounts and six ladder bots
    text = board.text_content()
    medium = str(round(BOT_ELO["medium"][0]))  # the ladder's fixed rating
    assert XSS in text and "Ben" in text and "medium" in text and medium in text
    assert "Cleo" not in text  # no rated game yet
    no_injected_image(page2)
    second.shot("leaderboard")
    third = Device(server, locale="zh-CN")
    page3 = third.goto("/leaderboard")
    third.by("leaderboard").locator("tbody tr").nth(7).wait_for()
    assert CJK.search(page3.text_content("h2")) and "中等" in third.by("leaderboard").text_content()
    third.shot("leaderboard-zh")
    page3 = third.goto(f"/player/{XSS}")
    third.by("rating-chart").wait_for()
    assert "等级分" in page3.text_content("body")
    no_injected_image(page3)
    third.shot("player-page-zh")
    page3 = third.goto("/account")
    third.by("sign-in").wait_for()
    assert "登录" in third.by("sign-in").text_content()
    third.shot("account-sign-in-zh")
    for device in (first, second, third):
        device.close()
