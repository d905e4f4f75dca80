"""The browser table on any screen (issue 23, item 4): a phone in portrait, a tablet and desktops
from 1280x720 to 2560x1440 show the whole table without sideways scrolling, with every control
in reach; text is at least 14 px at 1280x720 and grows with the screen; the player's text size
is kept per browser; the map pans and zooms (wheel, pinch, buttons) and its hexes stay
clickable; on touch a first tap shows a move's card and a second plays it; and a whole game is
played in Chromium's phone emulation by tapping only.

Each test has a browser context of its own. Skipped without Chromium or Playwright, except in CI
(see tests/webkit.py). ``ONMARS_SCREENSHOTS=docs/screenshots`` keeps the README's screenshots.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import bearer, store_game
from webfixtures import Tab
from webkit import Api, listed_moves, wait_ready

import onmars
from onmars.bots import GreedyBot

pytestmark = pytest.mark.slow

SCREENSHOTS_ENV = "ONMARS_SCREENSHOTS"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
DESKTOPS = [(1280, 720), (1920, 1080), (2560, 1440)]
WAIT_MS = 60_000

#: The page's widest scrolling, against the window's width.
SIDEWAYS = "() => [document.scrollingElement.scrollWidth, window.innerWidth]"

#: The smallest computed font size of any visible text on the page: elements with a text node of
#: their own, in view, not hidden. SVG text is left out: the Mars map (hex coordinates, building
#: letters) and the pieces' initials scale with their drawing, not with CSS font sizes.
SMALLEST_TEXT = """() => {
  let least = 1e9, where = '';
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg')) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.opacity === '0') continue;
    const size = parseFloat(style.fontSize);
    if (size < least) {
      least = size;
      where = el.className + ': ' + el.textContent.trim().slice(0, 30);
    }
  }
  return [least, where];
}"""

#: Buttons and clickable places that are shown but lie (partly) outside the window sideways.
OUT_OF_REACH = """() => [...document.querySelectorAll(
    'button, select, input, a, [role=button], [role=tab]')]
  .filter((el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden' &&
      !el.closest('svg.mars') && (r.left < -1 || r.right > innerWidth + 1); })
  .map((el) => (el.dataset.testid || el.textContent || el.className).trim().slice(0, 30))"""


@pytest.fixture(scope="module")
def midgame(server: Any) -> tuple[str, list]:
    """A short game against the greedy bot, 60 moves in: every board has something on it."""
    api = Api(server.base)
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Robo", "bot": "greedy"}])
    api.play_random(gid, tokens, 60, seed=5)
    for k in range(60):  # on to a turn of Ana's, where the most is offered
        api.wait_for_human(gid)
        decision = api.state(gid, tokens[0])["decision"]
        if decision and decision["step"] == "turn":
            break
        api.play_random(gid, tokens, 1, seed=k)
    api.http.close()
    return gid, tokens


@pytest.fixture(scope="module")
def finished(server: Any) -> str:
    """A game of two people ended by agreement after 30 moves (RUL-20): it has a replay."""
    api = Api(server.base)
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    api.play_random(gid, tokens, 30, seed=3)
    assert api.conclude(gid, tokens)["is_over"]
    api.http.close()
    return gid


class Screen(Tab):
    """A page in a fresh browser context of a given size (a phone or tablet: touch, mobile)."""

    def __init__(self, server: Any, width: int, height: int, lang: str = "en-US") -> None:
        touch = width < 1100
        viewport = {"width": width, "height": height}
        super().__init__(server, lang, viewport, is_mobile=touch, has_touch=touch)

    def table(self, gid: str, token: str) -> Any:
        self.page.goto(f"{self.base}/play/{gid}#token={token}")
        self.page.locator("[data-testid=table]").wait_for()
        wait_ready(self.page)
        return self.page


@pytest.fixture
def screens(server: Any) -> Iterator[Any]:
    opened: list[Screen] = []

    def make(width: int, height: int, lang: str = "en-US") -> Screen:
        opened.append(Screen(server, width, height, lang))
        return opened[-1]

    yield make
    for s in opened:
        s.close()


def assert_fits(page: Any, where: str) -> None:
    wide, window = page.evaluate(SIDEWAYS)
    assert wide <= window, f"{where}: the page scrolls sideways ({wide} px in {window})"
    outside = page.evaluate(OUT_OF_REACH)
    assert outside == [], f"{where}: controls outside the window: {outside}"


def view_box(page: Any) -> list[float]:
    text = page.locator("[data-testid=board-map]").get_attribute("viewBox")
    return [float(v) for v in text.split()]


# --- any screen ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("width", "height"), [(390, 844), (768, 1024), (1280, 720), (1920, 1080), (2560, 1440)]
)
def test_no_screen_scrolls_sideways_and_every_control_is_in_reach(
    screens: Any, midgame: tuple[str, list], finished: str, width: int, height: int
) -> None:
    """The table, in each of its panes on a phone or tablet, the lobby and a replay fit the window's
    width: nothing scrolls sideways, no button or clickable place is cut off at a side; the
    decision (prompt and move list) is on screen whatever the pane."""
    gid, tokens = midgame
    screen = screens(width, height)
    page = screen.table(gid, tokens[0])
    assert_fits(page, f"{width}x{height} table")
    narrow = page.locator("[data-testid=pane-boards]").is_visible()
    assert narrow == (width < 1100), "panes on phones and tablets, columns on desktops"
    panes = ["map", "boards", "players", "log"] if narrow else [""]
    for pane in panes:
        if pane:
            page.locator(f"[data-testid=pane-{pane}]").tap()
        assert_fits(page, f"{width}x{height} table, pane {pane or 'all'}")
        moves = page.locator("[data-testid=move-list]")
        box = moves.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + 20 <= height, "the move list is in view"
        assert page.locator(".prompt").is_visible()
        expected = {"map": "board-map", "players": "player-board-0", "log": "log"}
        if pane in expected:
            assert page.locator(f"[data-testid={expected[pane]}]").is_visible()
    page.goto(screen.base + "/")
    page.locator("[data-testid=lobby]").wait_for()
    assert_fits(page, f"{width}x{height} lobby")
    page.goto(f"{screen.base}/replay/{finished}")
    page.locator("[data-testid=board-map]").wait_for()
    assert_fits(page, f"{width}x{height} replay")


def test_text_is_14px_at_1280x720_and_grows_with_the_screen(
    screens: Any, midgame: tuple[str, list]
) -> None:
    """At 1280x720 no visible text (but the map's SVG drawing) is under 14 px; the text is
    larger on larger screens; A+ makes it larger still and the browser keeps the choice."""
    gid, tokens = midgame
    sizes = {}
    for width, height in DESKTOPS:
        page = screens(width, height).table(gid, tokens[0])
        least, where = page.evaluate(SMALLEST_TEXT)
        sizes[width] = least
        if width == 1280:
            assert least >= 14, f"text of {least} px at 1280x720: {where}"
    assert sizes[1280] < sizes[1920] < sizes[2560], sizes
    screen = screens(1280, 720)
    page = screen.table(gid, tokens[0])
    base = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    page.locator("[data-testid=text-larger]").click()
    larger = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert larger > base
    page.reload()
    wait_ready(page)
    kept = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert kept == larger, "the text size is kept per browser"
    page.locator("[data-testid=text-smaller]").click()
    page.locator("[data-testid=text-smaller]").click()
    assert page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)") < base


def test_the_map_zooms_pans_and_pinches_and_its_hexes_stay_clickable(
    screens: Any, midgame: tuple[str, list]
) -> None:
    gid, tokens = midgame
    page = screens(1280, 720).table(gid, tokens[0])
    whole = view_box(page)
    svg = page.locator("[data-testid=board-map]")
    box = svg.bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # the wheel zooms in at the pointer
    page.mouse.move(*centre)
    page.mouse.wheel(0, -400)
    page.wait_for_function(
        "w => parseFloat(document.querySelector('[data-testid=board-map]')"
        ".getAttribute('viewBox').split(' ')[2]) < w",
        arg=whole[2] * 0.8,
    )
    zoomed = view_box(page)
    # a drag pans the zoomed map
    page.mouse.move(*centre)
    page.mouse.down()
    page.mouse.move(centre[0] + 80, centre[1] + 40, steps=5)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[2] == zoomed[2], (zoomed, panned)
    # the buttons: reset shows the whole map, + and − zoom about the centre
    page.locator("[data-testid=zoom-reset]").click()
    assert view_box(page) == whole
    page.locator("[data-testid=zoom-in]").click()
    assert view_box(page)[2] < whole[2]
    page.locator("[data-testid=zoom-out]").click()
    assert view_box(page) == whole
    # two fingers moving apart zoom in (pointer events as a touch screen sends them)
    page.evaluate(
        """([x, y]) => {
      const svg = document.querySelector('[data-testid=board-map]');
      const ev = (type, id, px) => svg.dispatchEvent(new PointerEvent(type, {
        pointerId: id, pointerType: 'touch', clientX: px, clientY: y, bubbles: true,
        isPrimary: id === 1}));
      ev('pointerdown', 1, x - 20); ev('pointerdown', 2, x + 20);
      for (let k = 1; k <= 5; k++) {
        ev('pointermove', 1, x - 20 - 12 * k);
        ev('pointermove', 2, x + 20 + 12 * k);
      }
      ev('pointerup', 1, x - 80); ev('pointerup', 2, x + 80);
    }""",
        list(centre),
    )
    pinched = view_box(page)
    assert pinched[2] < whole[2] * 0.6, f"a pinch to 4x the fingers' distance zoomed: {pinched}"
    # a hex is still where the page says it is: the point at its centre on screen is the hex
    hexes = page.locator("svg.mars g.hex")
    found = page.evaluate(
        """() => {
      const svg = document.querySelector('[data-testid=board-map]').getBoundingClientRect();
      for (const g of document.querySelectorAll('svg.mars g.hex')) {
        const r = g.querySelector('polygon').getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const inside = x > svg.left + 5 && x < svg.right - 5 &&
          y > svg.top + 5 && y < svg.bottom - 5;
        if (!inside) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('g.hex') === g) return g.dataset.hex;
      } return null; }"""
    )
    assert found and hexes.count() > 0, "a hex in view of the zoomed map is hit by a click on it"


# --- a whole game on a phone, by tapping ------------------------------------------------------
PANE_OF = """el => el.closest('svg.mars') ? 'map' : el.closest('.col-mid') ? 'boards' :
  el.closest('.col-right') ? 'players' : ''"""


def tap_move(page: Any, move: str, on_board: bool, ply: Any) -> str:
    """Play ``move`` by touch: on its place on the table (switching to that pane) when asked and
    drawn there, else in the move list. The first tap must show the move's card without
    playing it (``ply()``: the game's move number, unchanged); the second tap on the same place
    plays it. Confirms a warned move."""
    quoted = move.replace("\\", "\\\\").replace('"', '\\"')
    target = page.locator(f'[data-testid=move-list] [data-move="{quoted}"]').first
    where = "list"
    if on_board:
        board = page.locator(
            f'[data-move="{quoted}"]:not([data-testid=move-list] *):not(.prompt *)'
        )
        if board.count():
            pane = board.first.evaluate(PANE_OF)
            if pane:
                page.locator(f"[data-testid=pane-{pane}]").tap()
                if board.first.is_visible():
                    target, where = board.first, pane
    target.scroll_into_view_if_needed()
    before = ply()
    target.tap(timeout=5_000)
    card = page.locator("[data-testid=tap-card]")
    # A lost tap (no card, nothing played) was a Bot picked by a tap meant for its hex: Chromium
    # moves a finger's tap onto the smaller target nearby. A phone now offers both on the hex.
    assert _shown(card), f"a first tap on {move!r} ({where}) showed no card"
    page.wait_for_timeout(50)
    assert ply() == before and page.locator(".sending").count() == 0, "the first tap only shows"
    target.tap(timeout=5_000)
    if page.locator("[data-testid=confirm-dialog]").count():
        page.locator("[data-testid=confirm-yes]").tap()
        where += "+confirm"
    if page.locator("[data-testid=refusal]").count():
        raise AssertionError(f"the server refused {move!r}")
    return where


def _shown(card: Any) -> bool:
    """Whether the tap card shows within 5 s."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout  # lazily, as webkit does

    try:
        card.wait_for(timeout=5_000)
    except PlaywrightTimeout:
        return False
    return True


def rover_onto_own_bot() -> tuple[onmars.Game, str]:
    """A 2-player game (seed 1, random moves) where Ana may step her Rover onto the hex of one
    of her Bots that may also move (§10): the game and that hex."""
    game, rng = onmars.Game.new(["Ana", "Ben"], seed=1), random.Random(1)
    while not game.is_over:
        legal = [str(m) for m in game.legal_moves()]
        if game.current_player == 0:
            steps = {m.split()[1] for m in legal if m.startswith("rover ")}
            both = steps & {m.split()[1] for m in legal if m.startswith("bot ")}
            if both:
                return game, min(both)
        game.push(onmars.Move.parse(rng.choice(legal)))
    raise AssertionError("no such position in the game")


def test_on_a_phone_a_hex_and_the_bot_on_it_are_one_place(
    screens: Any, server: Any, api: Api
) -> None:
    """On a phone a hex is about 35 px wide and a Bot on it 10: a finger cannot aim between
    them, and the browser moves a tap near the Bot onto it. So where Ana may step her Rover onto
    a hex (§10) and also move her Bot from it, the hex is one place (its Bot is no target of
    its own): a tap offers the Rover's step and the Bot; choosing the Bot shows where it may go
    on the map; the hex then plays the Rover's step, a first tap showing its card."""
    game, where = rover_onto_own_bot()
    bot_moves = [str(m) for m in game.legal_moves() if str(m).startswith(f"bot {where} ")]
    gid, tokens = store_game(str(server.folder / "games.sqlite3"), game)
    page = screens(PHONE["width"], PHONE["height"]).table(gid, tokens[0])
    hex_ = page.locator(f'g.hex[data-hex="{where}"]')
    assert "multi" in (hex_.get_attribute("class") or ""), "the hex offers a choice"
    assert "spot" not in (hex_.locator(".botpiece").get_attribute("class") or "")
    hex_.tap()
    chooser = page.locator(".modal .chooser")
    offered = chooser.locator("[data-move]").evaluate_all("els => els.map(e => e.dataset.move)")
    assert offered == [f"rover {where}"]
    pick = chooser.locator("[data-testid=choose-bot]")
    assert f"({len(bot_moves)} places)" in pick.inner_text()
    pick.tap()
    for move in bot_moves:  # each place the Bot may go is a place to tap on the map
        to = move.split()[-1]
        assert "spot" in (page.locator(f'g.hex[data-hex="{to}"]').get_attribute("class") or "")
    assert "picked" in (hex_.locator(".botpiece").get_attribute("class") or "")
    ply = api.state(gid)["ply"]
    hex_.tap()
    page.locator("[data-testid=tap-card]").wait_for()
    assert api.state(gid)["ply"] == ply, "a first tap only shows the card"
    hex_.tap()
    page.wait_for_function(f"() => !document.querySelector('g.hex[data-hex=\"{where}\"].spot')")
    game.push(onmars.Move.parse(f"rover {where}"))
    rover = api.state(gid, tokens[0])["view"]["players"][0]["rover"]
    assert api.state(gid)["ply"] > ply and rover == game.view(0)["players"][0]["rover"]


def test_back_on_a_phone_the_log_opens_at_what_happened_since(screens: Any, api: Api) -> None:
    """Ben comes back on his phone (in Chinese) after Ana's turn: the log pane, hidden until its
    tab is tapped, opens at the first of her moves since his last turn (not at the game's first
    line); once the game is ended by agreement (RUL-20), the final scores, as wide as the phone
    allows, show the tie-break values that decide equal totals (§24.4)."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    api.play_random(gid, tokens, 30, seed=3)
    for seat in (0, 1):  # on to Ana's turn, then through it to Ben's
        while api.wait_for_human(gid) != seat:
            api.play_random(gid, tokens, 1)
    page = screens(PHONE["width"], PHONE["height"], "zh-CN").table(gid, tokens[1])
    page.locator("[data-testid=pane-log]").tap()
    lines = page.locator("[data-testid=log-lines]")
    page.wait_for_function("() => document.querySelector('[data-testid=log-lines]').scrollTop > 0")
    box, first = lines.bounding_box(), lines.locator(".ev-new").first.bounding_box()
    assert box["y"] <= first["y"] < box["y"] + box["height"], "her first move is in view"
    scores = api.conclude(gid, tokens)["scores"]
    row = page.locator("[data-testid=tiebreak]").inner_text()
    assert "同分比较" in row and all("/".join(map(str, s["tiebreak"])) in row for s in scores)
    # centred by its left edge at half the screen, it must not shrink to the other half
    assert page.locator("[data-testid=game-over]").bounding_box()["width"] > PHONE["width"] / 2


#: The shown elements ``sel`` selects that something covers: a tap on their middle reaches
#: another element.
COVERED = """(sel) => [...document.querySelectorAll(sel)].filter((el) => {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !hit || !el.contains(hit);
}).map((el) => (el.dataset.testid || el.textContent).trim().slice(0, 30))"""

#: The box of ``sel`` lies between the top bar and the board areas (in the flow, over nothing).
BETWEEN_BAR_AND_TABLE = """(sel) => {
  const box = document.querySelector(sel).getBoundingClientRect();
  const bar = document.querySelector('.topbar').getBoundingClientRect();
  const main = document.querySelector('main.cols').getBoundingClientRect();
  return box.top >= bar.bottom && box.bottom <= main.top;
}"""


def test_two_friends_see_who_proposes_the_end_and_nothing_covers_a_control(
    screens: Any, server: Any, api: Api
) -> None:
    """Ana on a desktop in English, Ben on a phone in Chinese. A Mission advances: its news sits
    between the top bar and the table on both screens, over no control, and a tap hides it. Ana
    votes to end the game by agreement (RUL-20): Ben's table names her and asks him, hers says
    she waits for Ben; Ben agrees, and the final scores show with no news over them, their fold
    button and the phone's top bar (Undo) within reach."""
    game, greedy = onmars.Game.new(["Ana", "Ben"], seed=7), GreedyBot(3)
    while True:  # greedy plays on until its next move advances a Mission (its news)
        mover = game.current_player
        move = greedy.choose(game.view(mover), game.legal_moves())
        after = game.copy()
        after.play(move)
        if after.view(None)["missions"] != game.view(None)["missions"]:
            break
        game.play(move)
    ply, news_move = len(game.moves), str(move)
    gid, tokens = store_game(str(server.folder / "games.sqlite3"), game)
    ana, ben = screens(1280, 720).page, screens(PHONE["width"], PHONE["height"], "zh-CN").page
    for page, token in ((ana, tokens[0]), (ben, tokens[1])):
        page.goto(f"{page.base}/play/{gid}#token={token}")
        page.locator("main.cols").wait_for()  # its state is in: the news comes after it
    r = api.http.post(
        f"/api/games/{gid}/moves",
        json={"ply": ply, "move": news_move},
        headers=bearer(tokens[mover]),
    )
    assert r.status_code == 200, r.text
    for page in (ana, ben):
        page.locator("[data-testid=news]").wait_for()
        assert page.evaluate(BETWEEN_BAR_AND_TABLE, "[data-testid=news]")
        covered = page.evaluate(COVERED, ".topbar button, .panes button, [data-testid=news] button")
        assert covered == []
    ana.locator("[data-testid=news] button").first.click()
    ana.locator("[data-testid=news]").wait_for(state="detached")

    ana.locator("[data-testid=end-vote]").click()
    ben.locator("[data-testid=end-agree]").wait_for()
    assert "Ana 提议立即按现状结束并计分" in ben.locator("[data-testid=end-proposal]").inner_text()
    mine = ana.locator("[data-testid=end-proposal]")
    mine.locator("[data-testid=end-withdraw]").wait_for()
    assert "Waiting for Ben to agree" in mine.inner_text()
    assert ana.locator("[data-testid=end-vote]").count() == 0, "the proposal takes the answers"
    for page in (ana, ben):
        assert page.evaluate(BETWEEN_BAR_AND_TABLE, "[data-testid=end-proposal]")
    ben.locator("[data-testid=end-agree]").tap()
    for page in (ana, ben):
        page.locator("[data-testid=game-over]").wait_for()
        assert page.locator("[data-testid=news], [data-testid=end-proposal]").count() == 0
        assert page.evaluate(COVERED, ".topbar button, [data-testid=game-over-fold]") == []
    assert "胜者" in ben.locator("[data-testid=game-over]").inner_text()
    assert api.state(gid)["ended"] is not None


def test_a_whole_game_on_a_phone_by_tapping(screens: Any, api: Api) -> None:
    """Ana plays a short game against the greedy bot to its end (§24.1) on a phone (390x844,
    touch, Chromium's mobile emulation), by tapping only: each move where the table draws it
    (switching to the map, the boards or the players as needed) or in the move list, a first tap
    showing its card and a second playing it. The page never scrolls sideways."""
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Robo", "bot": "greedy"}])
    screen = screens(PHONE["width"], PHONE["height"])
    page = screen.table(gid, tokens[0])
    shots = os.environ.get(SCREENSHOTS_ENV)
    brain = GreedyBot(11)
    taps, where, ms = 0, {"list": 0, "map": 0, "boards": 0, "players": 0}, []
    started = time.monotonic()
    over = False
    while not over:
        assert taps < 1500 and time.monotonic() - started < 1800, "the game did not end"
        offered = listed_moves(page)
        mine = api.state(gid, tokens[0])
        assert sorted(offered) == sorted(m["move"] for m in mine["legal_moves"])
        move = str(brain.choose(mine["view"], [onmars.Move.parse(m) for m in offered]))
        t0 = time.perf_counter()
        place = tap_move(page, move, taps % 3 != 2, lambda: api.state(gid)["ply"])
        over = wait_ready(page, 120_000)
        ms.append((time.perf_counter() - t0) * 1000)
        where[place.split("+")[0]] += 1
        taps += 1
        if taps % 40 == 0:
            assert_fits(page, f"phone, move {taps}")
    final = api.state(gid)
    assert final["is_over"] and final["ended"] is None, "ended by the rules"
    page.locator("[data-testid=game-over]").wait_for()
    assert_fits(page, "phone, game over")
    assert where["map"] > 0 and where["boards"] > 0, f"moves tapped on the table: {where}"
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(shots) / "phone-game-over.png"))
    print(
        "whole game on a phone:",
        json.dumps(
            {
                "moves": taps,
                "tapped": where,
                "seconds": round(time.monotonic() - started, 1),
                "tap_to_screen_ms_p50": round(statistics.median(ms), 1),
            }
        ),
    )


# --- the README's screenshots ------------------------------------------------------------------
@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720), (1920, 1080)])
def test_screenshots_in_english_and_chinese(
    screens: Any, midgame: tuple[str, list], tmp_path: Path, width: int, height: int
) -> None:
    """The table mid-game in both languages (docs/screenshots/table-{en,zh}-WxH.png with
    ONMARS_SCREENSHOTS=docs/screenshots); in Chinese the page fits too."""
    shots = Path(os.environ.get(SCREENSHOTS_ENV) or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    gid, tokens = midgame
    for lang in ("en", "zh"):
        screen = screens(width, height, "zh-CN" if lang == "zh" else "en-US")
        page = screen.table(gid, tokens[0])
        page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        page.wait_for_function("() => !!document.querySelector('.lab-empty')")
        page.mouse.move(0, 0)
        assert_fits(page, f"{width}x{height} {lang}")
        page.screenshot(path=str(shots / f"table-{lang}-{width}x{height}.png"))
