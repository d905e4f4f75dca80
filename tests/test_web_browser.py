"""The browser client in Chromium (issue 12, item 7): a real ``onmars serve`` and Debian's
Chromium driven by Playwright through the DOM contract (docs: the ``data-testid`` names and
``data-move`` on every element that plays a move). Each test has a browser context of its own
(fresh storage). Skipped without Chromium or Playwright, except in CI (see tests/webkit.py).

Timings (the 100 ms budget of issue 12) are measured and printed, never asserted.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import secrets
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from webfixtures import Tab
from webkit import (
    ANSWER_PROBE,
    CJK,
    READY,
    Api,
    by_testid,
    click_move,
    create_in_lobby,
    held_tokens,
    ids_in,
    listed_moves,
    progress_policy,
    secret_ids,
    wait_ready,
)

import onmars
from onmars.bots import GreedyBot
from onmars.server.config import database_url
from onmars.server.live import new_token, token_hash
from onmars.server.store import Hints, SeatRow, Store

pytestmark = pytest.mark.slow

#: Where the screenshots go: ONMARS_SCREENSHOTS=docs/screenshots takes the README's; else a
#: temporary folder (a test run leaves the working tree as it was).
SCREENSHOTS_ENV = "ONMARS_SCREENSHOTS"


def open_vs_bot(tab: Tab, bot: str = "random") -> tuple[Any, str, str]:
    """A game made in the lobby, Ana against a bot, opened at Ana's seat: page, id, token."""
    page = tab.goto("/")
    gid = create_in_lobby(page, ["human", bot], ["Ana", "Robo"])
    return page, gid, held_tokens(page, gid)["0"]


def play_clicks(page: Any, n: int, seed: int = 1, on_board: bool = True) -> int:
    """Click ``n`` moves (fewer if the game ends); the number clicked."""
    choose = progress_policy(random.Random(seed))
    for k in range(n):
        if wait_ready(page):
            return k
        click_move(page, choose(listed_moves(page)), on_board=on_board)
    return n


# --- the lobby -----------------------------------------------------------------------------------
def test_the_lobby_creates_a_game_by_clicking(tab: Tab, api: Api) -> None:
    page = tab.goto("/")
    gid = create_in_lobby(page, ["human", "random"], ["Ana", "Robo"])
    # issue 23.8: the creator's seat opens at once, its token kept by the browser (never in
    # the address), and no invitation is offered: the other seat is a bot's
    assert page.url.endswith(f"/play/{gid}") and list(held_tokens(page, gid)) == ["0"]
    assert by_testid(page, "invite").count() == 0
    state = api.state(gid)
    assert [(p["name"], p["bot"]) for p in state["players"]] == [("Ana", None), ("Robo", "random")]
    by_testid(page, "player-board-0").wait_for()
    by_testid(page, "player-board-1").wait_for()
    by_testid(page, "board-map").wait_for()
    scores = by_testid(page, "scores").inner_text()
    assert "Ana" in scores and "Robo" in scores
    assert by_testid(page, "private-goals").count() == 1, "the seat's own Private Goals"
    # issue 21.6: in Chinese the bots and their descriptions are Chinese, in the lobby and at
    # the table, and so are Tech tiles' sets ("住所 red" was)
    by_testid(page, "lang-toggle").click()
    page.wait_for_function("() => document.documentElement.lang === 'zh'")
    page.wait_for_function(
        "() => /随机/.test(document.querySelector('[data-testid=scores]').innerText)"
    )
    assert "random" not in by_testid(page, "scores").inner_text()
    # the faces come with the Chinese catalog, fetched after the switch: wait for it to arrive
    page.wait_for_function(
        "() => [...document.querySelectorAll('.tech-set')]"
        ".some((e) => /[\\u4e00-\\u9fff]/.test(e.textContent))"
    )
    sets = page.locator(".tech-set").all_inner_texts()
    assert sets and not [s for s in sets if re.search("red|blue|green|yellow", s)], sets
    page.goto(tab.base + "/")
    by_testid(page, "seat-kind-1").wait_for()
    page.wait_for_function(
        "() => /贪心/.test(document.querySelector('[data-testid=seat-kind-1]').innerText)"
    )
    options = by_testid(page, "seat-kind-1").locator("option")
    labels = options.all_inner_texts()
    titles = [options.nth(i).get_attribute("title") or "" for i in range(options.count())]
    assert not [x for x in labels if re.search("[a-z]{3}", x)], labels
    assert all(CJK.search(x) for x in titles[1:]), titles
    assert CJK.search(by_testid(page, "seat-name-0").input_value())
    by_testid(page, "lang-toggle").click()
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    # back in the lobby the game is listed, to watch and (this browser holds its token) rejoin
    page.goto(tab.base + "/")
    row = page.locator(f'[data-testid=game-list] [data-game-id="{gid}"]')
    row.wait_for()
    assert by_testid(page, f"watch-{gid}").get_attribute("href").endswith(f"/watch/{gid}")
    by_testid(page, f"rejoin-{gid}").click()
    page.wait_for_url(f"**/play/{gid}")
    page.wait_for_function(READY)
    assert by_testid(page, "your-turn").count() == 1


# --- a whole game against a bot, by clicking ----------------------------------------------------
def test_a_whole_game_against_a_bot_by_clicking(tab: Tab, api: Api, server: Any) -> None:
    """Ana plays a short game against the greedy bot to its end (§24.1) by clicking only: each
    move on the table where the client draws it, else in the plain list. Which move to click is
    chosen by a greedy bot of the test's own from what Ana's seat may see (so the game makes
    progress and ends in a few hundred clicks). Reports the time from a click to the next
    decision on screen and the server's own time for a move (Server-Timing)."""
    tab.context.add_init_script(ANSWER_PROBE)
    page, gid, token = open_vs_bot(tab, "greedy")
    answers: list[tuple[int, float]] = []

    def on_response(response: Any) -> None:
        # a move's answer: the POST (the client also GETs .../moves for the moves described)
        if response.request.method == "POST" and response.url.split("?")[0].endswith("/moves"):
            timing = response.headers.get("server-timing", "dur=nan")
            answers.append((response.status, float(timing.split("dur=")[1].split(",")[0])))

    page.on("response", on_response)
    brain = GreedyBot(7)
    clicks, confirmed, where, ms = 0, 0, {"board": 0, "list": 0}, []
    started = time.monotonic()
    over = wait_ready(page, 120_000)
    while not over:
        assert clicks < 1500 and time.monotonic() - started < 900, "the game did not end"
        offered = listed_moves(page)
        mine = api.state(gid, token)
        assert sorted(offered) == sorted(m["move"] for m in mine["legal_moves"])
        move = str(brain.choose(mine["view"], [onmars.Move.parse(m) for m in offered]))
        t0 = time.perf_counter()
        place = click_move(page, move, on_board=True)
        over = wait_ready(page, 120_000)
        ms.append((time.perf_counter() - t0) * 1000)
        where[place.split("+")[0]] += 1
        confirmed += "+confirm" in place
        clicks += 1
        assert len(answers) == clicks and answers[-1][0] == 200, f"{move!r} was not played"
    final = api.state(gid)
    assert final["is_over"] and final["ended"] is None, "ended by the rules, not by agreement"
    by_testid(page, "game-over").wait_for()
    assert by_testid(page, "your-turn").count() == 0
    assert not page.title().startswith("▶")
    shown = by_testid(page, "game-over").inner_text()
    assert all(str(s["total"]) in shown for s in final["scores"]), shown
    assert where["board"] > 0, "some moves were clicked on the table itself"
    server_ms = [dur for _, dur in answers]
    in_page = page.evaluate("window.__answered")
    report = {
        "answer_on_screen_ms_p50": round(statistics.median(in_page), 1) if in_page else None,
        "answer_on_screen_ms_p90": (
            round(statistics.quantiles(in_page, n=10)[-1], 1) if len(in_page) > 1 else None
        ),
        "clicks": clicks,
        "plies": final["ply"],
        "seconds": round(time.monotonic() - started, 1),
        "clicked": where,
        "confirmed": confirmed,
        "click_to_screen_ms_p50": round(statistics.median(ms), 1),
        "click_to_screen_ms_p90": round(statistics.quantiles(ms, n=10)[-1], 1),
        "server_ms_p50": round(statistics.median(server_ms), 1),
        "server_ms_p90": round(statistics.quantiles(server_ms, n=10)[-1], 1),
    }
    print("whole game by clicking:", json.dumps(report))


# --- undo, languages, reload ---------------------------------------------------------------------
def test_undo_takes_back_a_move_of_the_current_turn(tab: Tab, api: Api) -> None:
    page, gid, token = open_vs_bot(tab)
    wait_ready(page)
    assert not by_testid(page, "undo").is_enabled(), "nothing to take back yet"
    choose = progress_policy(random.Random(3))
    for _ in range(300):
        wait_ready(page)
        if by_testid(page, "undo").is_enabled():
            break
        click_move(page, choose(listed_moves(page)))
    else:
        pytest.fail("no move could be taken back in 300 clicks")
    # RUL-19: the last move was this seat's, in its current turn, and revealed nothing
    before = api.state(gid)
    assert before["current_player"] == 0
    by_testid(page, "undo").click()
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=move-list] [data-move]').length > 0 &&"
        " !!document.querySelector('[data-testid=your-turn]')",
        arg=0,
    )
    after = api.state(gid)
    assert after["ply"] == before["ply"] - 1
    expected = sorted(m["move"] for m in api.state(gid, token)["legal_moves"])
    deadline = time.monotonic() + 10
    while sorted(listed_moves(page)) != expected and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert sorted(listed_moves(page)) == expected, "the page offers the moves before the undone one"


def test_chinese_at_any_time_with_screenshots(tab: Tab, api: Api, tmp_path: Path) -> None:
    # The README's screenshots are test_web_screens.py's (each screen size); these stay here.
    shots = tmp_path
    page, gid, token = open_vs_bot(tab, "greedy")
    play_clicks(page, 60, seed=5)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert not CJK.search(by_testid(page, "move-list").inner_text())
    shots.mkdir(parents=True, exist_ok=True)
    page.mouse.move(0, 0)
    page.screenshot(path=str(shots / "table-en.png"))
    by_testid(page, "lang-toggle").click()
    page.wait_for_function("() => document.documentElement.lang === 'zh'")
    page.wait_for_function(
        "() => /[\\u4e00-\\u9fff]/.test(document.querySelector('[data-testid=move-list]')"
        ".innerText) && /[\\u4e00-\\u9fff]/.test(document.querySelector('[data-testid=log]')"
        ".innerText)"
    )
    wait_ready(page)
    page.mouse.move(0, 0)
    page.screenshot(path=str(shots / "table-zh.png"))
    # and play on in Chinese: the moves are the same notation whatever the language
    ply = api.state(gid)["ply"]
    assert play_clicks(page, 2, seed=6) >= 1
    assert api.state(gid)["ply"] > ply
    by_testid(page, "lang-toggle").click()
    page.wait_for_function("() => document.documentElement.lang === 'en'")


def test_a_reload_mid_game_continues_where_it_was(tab: Tab, api: Api) -> None:
    page, gid, token = open_vs_bot(tab)
    play_clicks(page, 8, seed=2)
    wait_ready(page)
    ply = api.state(gid)["ply"]
    assert "token=" not in page.url, "the token left the address once kept"
    page.reload()
    by_testid(page, "table").wait_for()
    wait_ready(page)
    assert api.state(gid)["ply"] == ply, "nothing was played by reloading"
    assert sorted(listed_moves(page)) == sorted(
        m["move"] for m in api.state(gid, token)["legal_moves"]
    )
    assert play_clicks(page, 2, seed=9) >= 1
    assert api.state(gid)["ply"] > ply


# --- a spectator sees no secret --------------------------------------------------------------
def watch(tab: Tab, gid: str) -> tuple[Any, list[Any], list[str]]:
    """Open the game as a spectator; the page, its API responses and its WebSocket frames."""
    page = tab.page
    responses: list[Any] = []
    frames: list[str] = []
    page.on("response", lambda r: responses.append(r) if "/api/" in r.url else None)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    tab.goto(f"/watch/{gid}")
    by_testid(page, "table").wait_for()
    by_testid(page, "player-board-1").wait_for()
    return page, responses, frames


def test_a_spectator_sees_no_secret(server: Any, api: Api, tab: Tab) -> None:
    """RUL-18: nothing in the spectator's page, nor in anything the server sent it (but the
    catalog of every component's face), names a Private Goal of any seat, a face-down tile
    held, or a card or tile of a face-down stack below its top."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    api.play_random(gid, tokens, 40, seed=8)
    page, responses, frames = watch(tab, gid)
    api.play_random(gid, tokens, 4, seed=9)  # reaches the spectator (pushed, or polled)
    now = api.state(gid)
    last = api.http.get(f"/api/games/{gid}", params={"since": now["ply"] - 1, "lang": "en"})
    text = last.json()["events"][0]["text"]
    page.wait_for_function(
        "t => document.querySelector('[data-testid=log]').innerText.includes(t)", arg=text
    )
    assert by_testid(page, "your-turn").count() == 0
    assert by_testid(page, "private-goals").count() == 0
    assert page.locator("[data-move]").count() == 0, "a spectator has no move to play"
    store = Store(database_url(str(Path(server.folder) / "games.sqlite3")))
    try:
        record = store.load(gid)
    finally:
        store.close()
    game = onmars.Game.replay(record.log)
    secrets = secret_ids(game)
    hands = {g for s in (0, 1) for g in game.view(s)["players"][s]["goals"]}
    assert hands - ids_in(str(game.view(None))) <= secrets, "the goals in hand are secrets"
    assert len(secrets) > len(hands)
    shown = ids_in(page.content()) | ids_in(page.evaluate("document.body.innerText"))
    assert not shown & secrets, f"the page shows secrets: {sorted(shown & secrets)}"
    bodies = list(frames)
    for response in responses:
        if "/api/catalog" not in response.url:  # every face, by design: it tells no places
            with contextlib.suppress(Exception):  # a body the browser no longer holds
                bodies.append(response.text())
    assert len(bodies) >= 2, "the page asked the server for the game"
    sent = set().union(*(ids_in(b) for b in bodies))
    assert not sent & secrets, f"the server sent secrets: {sorted(sent & secrets)}"


def test_a_spectator_gets_the_moves_pushed_live(api: Api, tab: Tab) -> None:
    """The spectator's WebSocket carries each move as it is made (the protocol: a client
    without a token in the address says ``{"token": null}`` first, app.py)."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    api.play_random(gid, tokens, 3, seed=2)
    page, _, frames = watch(tab, gid)
    api.play_random(gid, tokens, 2, seed=3)
    deadline = time.monotonic() + 8  # within the 10 s the server waits for that first message
    while time.monotonic() < deadline and not any('"type":"state"' in f for f in frames):
        page.wait_for_timeout(100)
    assert any('"type":"state"' in f for f in frames), f"no state pushed: {frames[:3]}"


# --- replays ---------------------------------------------------------------------------------
def test_a_replay_steps_and_slides(tab: Tab, api: Api) -> None:
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    api.play_random(gid, tokens, 12, seed=4)
    total = api.conclude(gid, tokens)["ply"]
    page = tab.goto(f"/replay/{gid}")
    slider = by_testid(page, "replay-slider")
    slider.wait_for()
    page.wait_for_function(
        "n => document.querySelector('[data-testid=replay-slider]').max == n", arg=total
    )
    ply_text = by_testid(page, "replay-ply")

    def shows(n: int) -> None:
        page.wait_for_function(
            "n => (document.querySelector('[data-testid=replay-ply]').innerText.match(/\\d+/g)"
            " || []).includes(String(n))",
            arg=n,
        )

    shows(0)
    by_testid(page, "replay-next").click()
    by_testid(page, "replay-next").click()
    shows(2)
    slider.fill(str(total))
    shows(total)
    by_testid(page, "replay-prev").click()
    shows(total - 1)
    assert str(total - 1) in ply_text.inner_text()
    by_testid(page, "board-map").wait_for()
    page.keyboard.press("Home")  # the first and the last move by keyboard
    shows(0)
    page.keyboard.press("End")
    shows(total)


def test_the_replay_of_a_game_being_played_is_refused_with_nothing_to_click(
    tab: Tab, api: Api
) -> None:
    """RUL-18, RUL-22: a game still in play has no replay: the page says so and offers to
    watch it, with no record to download, no analysis and no endless "Loading"."""
    gid, _ = api.create([{"name": "Ana"}, {"name": "Ben"}])
    page = tab.goto(f"/replay/{gid}")
    error = by_testid(page, "replay-error")
    error.wait_for()
    assert error.locator(f"a[href='/watch/{gid}']").count() == 1
    assert by_testid(page, "download-record").count() == 0
    assert by_testid(page, "analysis-toggle").count() == 0
    assert page.locator(".muted.pad").count() == 0


def test_a_finished_games_replay_and_watch_show_every_hand(tab: Tab, api: Api) -> None:
    """RUL-22: after the end nothing is secret. The replay at any ply and the watch page show
    every seat's Private Goals, and the game's record is offered as a download."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    api.play_random(gid, tokens, 12, seed=4)
    api.conclude(gid, tokens)
    page = tab.goto(f"/replay/{gid}")
    by_testid(page, "replay-slider").fill("5")
    by_testid(page, "player-board-1").wait_for()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=private-goals]').length == 2"
    )
    link = by_testid(page, "download-record")
    assert link.get_attribute("href") == f"/api/games/{gid}/record"
    page, _, _ = watch(tab, gid)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=private-goals]').length == 2"
    )
    assert by_testid(page, "download-record").count() == 1


def test_a_game_stored_under_older_rules_is_held_until_its_players_go_on(
    server: Any, api: Api, tab: Tab
) -> None:
    """Issue 21, item 10: a game stored before rules versions (version 0) whose last move
    today's rules refuse opens at its last accepted move with a message saying why, and its
    players vote to go on from there (docs/rules-versions.md)."""
    game = onmars.Game.new(["Ana", "Ben"], seed=5, rules=0)
    rng = random.Random(5)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    gid, tokens = secrets.token_urlsafe(9), [new_token(), new_token()]
    rows = [SeatRow(s, name, None, token_hash(tokens[s])) for s, name in enumerate(game.players)]
    store = Store(database_url(str(Path(server.folder) / "games.sqlite3")))
    try:  # as the first server stored it, with no rules version, and a move refused today
        store.create(gid, game.options, 5, 0, rows, Hints(0, False))
        for ply, (text, entry) in enumerate(zip(game.moves, game.seat_log(None), strict=True)):
            assert store.append(gid, ply, ply, text, entry.seat, Hints(0, False))
        assert store.append(gid, 6, 6, "seat 9", game.current_player, Hints(0, False))
    finally:
        store.close()
    page = tab.goto(f"/play/{gid}#token={tokens[0]}")
    held = by_testid(page, "held")
    held.wait_for()
    assert "older version of the rules" in held.inner_text()
    by_testid(page, "go-on").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=go-on]').innerText.includes('(1)')"
    )
    r = api.http.post(f"/api/games/{gid}/resume", headers={"Authorization": f"Bearer {tokens[1]}"})
    assert r.status_code == 200 and r.json()["stop"] is None
    held.wait_for(state="detached")
    assert api.state(gid)["ply"] == 6


# --- two browsers, two seats ---------------------------------------------------------------------
def test_two_browsers_play_each_other_live(server: Any, api: Api) -> None:
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    tabs = [Tab(server), Tab(server)]
    try:
        pages = [t.goto(f"/play/{gid}#token={tokens[s]}") for s, t in enumerate(tabs)]
        for page in pages:
            by_testid(page, "table").wait_for()
        choose = progress_policy(random.Random(11))
        moved = [0, 0]
        for _ in range(80):  # a turn is several decisions: until each seat has moved a few
            seat = api.state(gid)["current_player"]
            mover, other = pages[seat], pages[1 - seat]
            wait_ready(mover)
            assert by_testid(other, "your-turn").count() == 0
            log = by_testid(other, "log").inner_text()
            click_move(mover, choose(listed_moves(mover)))
            # the other browser learns of the move without asking: pushed over its WebSocket
            other.wait_for_function(
                "log => document.querySelector('[data-testid=log]').innerText !== log", arg=log
            )
            moved[seat] += 1
            if min(moved) >= 3:
                break
        assert min(moved) >= 3, f"each seat moved a few times: {moved}"
        # whoever decides now sees it on their own screen, and only there
        seat = api.state(gid)["current_player"]
        wait_ready(pages[seat])
        assert by_testid(pages[1 - seat], "your-turn").count() == 0
        assert pages[seat].title().startswith("▶ ")
    finally:
        for t in tabs:
            t.close()


# --- hot-seat, refusals, the log's filter ------------------------------------------------------
def test_hot_seat_plays_whichever_seat_is_to_move(tab: Tab, api: Api) -> None:
    page = tab.goto("/")
    gid = create_in_lobby(page, ["human", "human"], ["Ana", "Ben"], hotseat=True)
    assert sorted(held_tokens(page, gid)) == ["0", "1"] and by_testid(page, "invite").count() == 0
    choose = progress_policy(random.Random(13))
    movers = set()
    for _ in range(60):
        # one screen: whichever seat is to move, once its player confirms who they are
        page.wait_for_function(
            f"() => !!document.querySelector('[data-testid=handover]') || ({READY})()"
        )
        if by_testid(page, "handover").count():
            by_testid(page, "handover-confirm").click()
        wait_ready(page)
        movers.add(api.state(gid)["current_player"])
        if movers == {0, 1}:
            break
        click_move(page, choose(listed_moves(page)))
    assert movers == {0, 1}, "both seats played from the one screen"


def test_a_refused_move_shows_its_reason(server: Any, api: Api) -> None:
    """A second window of the same seat, cut off from the live updates, plays a move for a
    position already gone: the server refuses it (409: the ply has moved on) and the window
    says so, then shows the game as it is."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    seat = api.wait_for_human(gid)
    fresh, stale = Tab(server), Tab(server)
    try:
        stale.page.route_web_socket("**/ws*", lambda ws: None)  # never connected: no pushes
        pages = [t.goto(f"/play/{gid}#token={tokens[seat]}") for t in (fresh, stale)]
        for page in pages:
            wait_ready(page)
        offered = listed_moves(pages[1])
        click_move(pages[0], offered[0])
        deadline = time.monotonic() + 30
        while api.state(gid)["ply"] == 0 and time.monotonic() < deadline:
            time.sleep(0.05)  # until the first window's move is stored
        ply = api.state(gid)["ply"]
        assert ply == 1
        quoted = offered[-1].replace('"', '\\"')
        pages[1].locator(f'[data-testid=move-list] [data-move="{quoted}"]').click()
        if by_testid(pages[1], "confirm-dialog").count():
            by_testid(pages[1], "confirm-yes").click()
        refusal = by_testid(pages[1], "refusal")
        refusal.wait_for()
        assert "ply 0" in refusal.inner_text(), refusal.inner_text()  # the 409's detail
        assert api.state(gid)["ply"] == ply, "the refused move changed nothing"
        # and the window catches up with the game as it is
        now = api.state(gid, tokens[seat])
        expected = sorted(m["move"] for m in now["legal_moves"])
        deadline = time.monotonic() + 30
        while sorted(listed_moves(pages[1])) != expected and time.monotonic() < deadline:
            pages[1].wait_for_timeout(100)
        assert sorted(listed_moves(pages[1])) == expected
    finally:
        fresh.close()
        stale.close()


def test_a_move_sent_without_a_connection_says_so_and_plays_once_it_is_back(
    server: Any, api: Api
) -> None:
    """A move whose request gets no answer (the phone offline, the server down) is not a
    refusal: the window says the connection is down, in the player's language (never the
    browser's "Failed to fetch"), nothing is played, and the same click plays it once the
    connection is back."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    seat = api.wait_for_human(gid)
    for locale, title, words in (
        ("en-US", "No connection", "No answer"),
        ("zh-CN", "连接中断", "没有回应"),
    ):
        tab = Tab(server, locale)
        try:
            page = tab.goto(f"/play/{gid}#token={tokens[seat]}")
            wait_ready(page)
            ply = api.state(gid)["ply"]
            cut = "**/api/games/*/moves*"
            page.route(cut, lambda route: route.abort("internetdisconnected"))
            move = listed_moves(page)[0]
            page.locator(f'[data-testid=move-list] [data-move="{move}"]').click()
            if by_testid(page, "confirm-dialog").count():
                by_testid(page, "confirm-yes").click()
            refusal = by_testid(page, "refusal")
            refusal.wait_for()
            said = refusal.inner_text()
            assert title in said and words in said and "fetch" not in said.lower(), said
            assert api.state(gid)["ply"] == ply, "nothing was played"
            page.unroute(cut)
            by_testid(page, "refusal").locator("button").click()
            click_move(page, move)
            deadline = time.monotonic() + 30
            while api.state(gid)["ply"] == ply and time.monotonic() < deadline:
                time.sleep(0.05)
            assert api.state(gid)["ply"] > ply, "played once the connection is back"
            seat = api.wait_for_human(gid)
        finally:
            tab.close()


def test_the_log_filters_by_player(tab: Tab, api: Api) -> None:
    page, gid, _ = open_vs_bot(tab, "random")
    play_clicks(page, 12, seed=21)
    wait_ready(page)
    log = by_testid(page, "log")
    everything = log.inner_text()
    assert "Ana" in everything and "Robo" in everything
    by_testid(page, "log-filter").select_option("1")
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=log]').innerText.includes('Ana:')"
    )
    assert "Robo" in log.inner_text()
    by_testid(page, "log-filter").select_option("all")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=log]').innerText.includes('Ana:')"
    )


#: What a move that begins a Shuttle phase may do itself (its turn's last action, §5.1).
OWN_EFFECTS = {"revealed", "resource", "crystals", "crystals_waiting", "colonists", "op", "lost"}


def shuttle_phase_ply(api: Api, gid: str, tokens: list) -> int:
    """Play random moves until one begins a Shuttle phase after doing something of its own
    (§5.1, §12.1); that move's ply."""
    for k in range(300):
        events = api.play_random(gid, tokens, 1, seed=k)["events"]
        last = [e for e in events if e["ply"] == max(e["ply"] for e in events)]
        began = any(e["id"] == "phase" and e["phase"] == "shuttle" for e in last)
        if began and {e["id"] for e in last} & OWN_EFFECTS:
            return int(last[0]["ply"])
    raise AssertionError("no move began a Shuttle phase after doing something of its own")


def test_the_log_tells_a_moves_effects_before_the_shuttle_phase_it_begins(
    tab: Tab, api: Api
) -> None:
    """§5.1, §12.1: the move that ends the Colonization phase shows what it did first, then
    "Shuttle phase begins", then the Shuttle's move (the phase's start), in English and
    Chinese; never the phase between the move and its own effects."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    ply = shuttle_phase_ply(api, gid, tokens)
    page = tab.goto(f"/watch/{gid}")
    group = f".ev-group[data-ply='{ply}']"
    page.wait_for_selector(group, state="attached")
    for lang, phase, shuttle in (
        ("en", "Shuttle phase begins", "The Shuttle is on the"),
        ("zh", "穿梭机阶段开始", "穿梭机位于"),
    ):
        if lang == "zh":
            by_testid(page, "lang-toggle").click()
            page.wait_for_function("() => document.documentElement.lang === 'zh'")
        page.wait_for_function(
            "([g, p]) => [...document.querySelectorAll(g + ' li')].some(li =>"
            " li.textContent === p)",
            arg=[group, phase],
        )
        lines = page.eval_on_selector_all(f"{group} li", "els => els.map(e => e.textContent)")
        k = lines.index(phase)
        assert k > 0, lines  # the move's own effects come first
        assert lines[k + 1 :] and all(shuttle in line for line in lines[k + 1 :]), lines
        assert not any(shuttle in line for line in lines[:k]), lines
