"""Fewer clicks, same rules (issue 23, item 3), in Chromium: the table offers sequences of moves
as one click (a payment's combination, the Rover moved by clicking its destination, a turn's
tail), sends them at once, and the log shows each step; confirmations only where a move loses
something, each kind switchable off. Screenshots go to /tmp/shots-clicks/ (look at them).
Skipped without Chromium or Playwright, except in CI (tests/webkit.py).
"""

from __future__ import annotations

import random
import secrets
from pathlib import Path
from typing import Any

import pytest
from serverkit import bearer
from webkit import Api, wait_ready

import onmars
from onmars.server.config import database_url
from onmars.server.live import new_token, token_hash
from onmars.server.store import Hints, SeatRow, Store

pytestmark = pytest.mark.slow

SHOTS = Path("/tmp/shots-clicks")
SERVER_START = 180  # seconds: a busy machine (tests/webfixtures.py)


def drive_until(
    api: Api, gid: str, tokens: list, want: Any, seed: int, busy_share: float = 0.8
) -> dict[str, Any]:
    """Random single moves (through the API) by whichever seat decides until seat 0 decides
    in a state ``want`` accepts; that state. ``busy_share``: how often a move other than
    ``end`` is chosen when there is one."""
    rng = random.Random(seed)
    for _ in range(3000):
        seat = api.state(gid)["current_player"]
        assert seat is not None, "the game ended before the wanted moment"
        mine = api.state(gid, tokens[seat])
        if seat == 0 and want(mine):
            return mine
        legal = [m["move"] for m in mine["legal_moves"]]
        busy = [m for m in legal if m != "end"]
        # the others take their Executive action early (the turn's tail comes after); seat 0
        # keeps its own, so that its end of turn can still leave one unused
        executive = [m for m in legal if m.startswith("exec ")] if seat else []
        text = rng.choice(executive or (busy if busy and rng.random() < busy_share else legal))
        r = api.http.post(
            f"/api/games/{gid}/moves",
            json={"ply": mine["ply"], "move": text},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the wanted sequence was never offered")


def offering(want: Any) -> Any:
    """A state offering a sequence that ``want`` accepts."""
    return lambda state: any(map(want, state["sequences"]))


def click_sequence(page: Any, seq: list[str], on_board: bool, hexid: str | None = None) -> str:
    """Click the element that plays ``seq`` (on the table itself when asked and it is there,
    else in the list; ``hexid``: its destination hex on the map, where a chooser may ask which
    piece goes there); confirm if asked. Where it was clicked."""
    mark = "|".join(seq).replace('"', '\\"')
    target, where = page.locator(f'[data-testid=move-list] [data-seq="{mark}"]').first, "list"
    if hexid is not None:
        page.locator(f'[data-testid=board-map] [data-hex="{hexid}"]').first.click()
        where = "board"
        chooser = page.locator(f'.chooser [data-seq="{mark}"]')
        if chooser.count():
            page.screenshot(path=str(SHOTS / "path-chooser.png"))
            chooser.first.click()
            where = "board+chooser"
        if page.locator("[data-testid=confirm-dialog]").count():
            page.locator("[data-testid=confirm-yes]").click()
        return where
    if on_board:
        board = page.locator(f'[data-seq="{mark}"]:not([data-testid=move-list] *)')
        if board.count() and board.first.is_visible():
            target, where = board.first, "board"
    target.click(timeout=10_000)
    if page.locator("[data-testid=confirm-dialog]").count():
        page.locator("[data-testid=confirm-yes]").click()
    return where


def played_in_one_click(
    page: Any,
    api: Api,
    gid: str,
    tokens: list,
    seq: list[str],
    on_board: bool,
    shot: str,
    hexid: str | None = None,
) -> str:
    """Click ``seq`` and check it was played as it is: each step a move of its own in the
    log (the page's and the server's), by seat 0, after one click."""
    ply = api.state(gid)["ply"]
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=move-list] [data-seq]').length > 0", arg=0
    )
    logged = page.locator("[data-testid=log] .ev-move").count()
    page.screenshot(path=str(SHOTS / f"{shot}-before.png"))
    where = click_sequence(page, seq, on_board, hexid)
    page.wait_for_function(
        "n => document.querySelectorAll('[data-testid=log] .ev-move').length >= n",
        arg=logged + len(seq),
    )
    page.screenshot(path=str(SHOTS / f"{shot}-after.png"))
    events = api.state(gid, tokens[0])["events"]
    moves = [e for e in events if e["id"] == "move" and ply <= e["ply"] < ply + len(seq)]
    assert [e["move"] for e in moves] == seq, "each step is in the log, in order"
    assert all(e["seat"] == 0 for e in moves)
    assert api.state(gid)["ply"] == ply + len(seq)
    return where


def local_until(game: onmars.Game, rng: random.Random, want: Any) -> list[str]:
    """Random moves on ``game`` (busy ones preferred, an Executive action first: the turn's
    tail comes after it) until seat 0 decides and is offered sequences ``want`` accepts: the
    moves played."""
    played: list[str] = []
    for _ in range(5000):
        assert not game.is_over, "the wanted sequence was never offered"
        if game.current_player == 0 and want(game.sequences()):
            return played
        legal = [str(m) for m in game.legal_moves()]
        busy = [m for m in legal if m != "end"]
        executive = [m for m in legal if m.startswith("exec ")]
        text = rng.choice(executive or (busy if busy and rng.random() < 0.6 else legal))
        game.play(text)
        played.append(text)
    raise AssertionError("the wanted sequence was never offered")


def stored_game(server: Any, game: onmars.Game, seed: int) -> tuple[str, list[str]]:
    """``game`` (new, from ``seed``, with its moves so far) stored as the server stores one:
    its id and the two seats' tokens."""
    gid, tokens = secrets.token_urlsafe(9), [new_token(), new_token()]
    rows = [SeatRow(s, name, None, token_hash(tokens[s])) for s, name in enumerate(game.players)]
    store = Store(database_url(str(Path(server.folder) / "games.sqlite3")))
    try:
        store.create(gid, game.options, seed, game.log["rules"], rows, Hints(0, False))
        for ply, (text, entry) in enumerate(zip(game.moves, game.seat_log(None), strict=True)):
            assert store.append(gid, ply, ply, text, entry.seat, Hints(0, False))
    finally:
        store.close()
    return gid, tokens


def test_sequences_in_one_click_each_step_in_the_log(page: Any, api: Api, server: Any) -> None:
    """Ana plays a payment's combination, a Rover's path by its destination and a turn's tail,
    one click each; the moves between them go through the API (both seats, a copy of the game
    kept in the test shows where the wanted sequences are offered)."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def pay(q: dict[str, Any]) -> bool:
        return q["kind"] == "pay" and all(m.startswith("pay ") for m in q["moves"])

    def path(q: dict[str, Any]) -> bool:
        return q["kind"] == "path"

    def alone(q: dict[str, Any], offered: list[dict[str, Any]]) -> bool:
        """No other path to its hex, and none that plays it with more after (the board plays
        the longest)."""
        if q["kind"] != "path":
            return True
        to = [o for o in offered if o["kind"] == "path" and o["target"] == q["target"]]
        return all(o["moves"][: len(q["moves"])] == q["moves"] for o in to) and len(
            max(to, key=lambda o: len(o["moves"]))["moves"]
        ) == len(q["moves"])

    def tail(q: dict[str, Any]) -> bool:
        return q["kind"] == "tail"

    seed, rng = 12, random.Random(12)
    # the scenario found under rules version 1 (its game is stored under the same version)
    game = onmars.Game.new(["Ana", "Ben"], seed=seed, rules=1)

    def offers(want: Any) -> Any:
        return lambda seqs: any(want(q) and alone(q, seqs) for q in seqs)

    local_until(game, rng, offers(tail))
    gid, tokens = stored_game(server, game, seed)
    page.goto(f"{server.base}/play/{gid}#token={tokens[0]}")
    page.locator("[data-testid=table]").wait_for()
    places = {}
    for name, want in (("tail", tail), ("pay", pay), ("path", path)):
        for text in local_until(game, rng, offers(want)):
            seat = api.state(gid)["current_player"]
            r = api.http.post(
                f"/api/games/{gid}/moves",
                json={"ply": api.state(gid)["ply"], "move": text},
                headers=bearer(tokens[seat]),
            )
            assert r.status_code == 200, r.text
        mine = api.state(gid, tokens[0])
        seq = next(q for q in mine["sequences"] if want(q) and alone(q, mine["sequences"]))
        wait_ready(page)
        mark = "|".join(seq["moves"])
        page.wait_for_function(
            "mark => [...document.querySelectorAll('[data-testid=move-list] [data-seq]')]"
            ".some(e => e.dataset.seq === mark)",
            arg=mark,
        )
        shown = page.locator(f'[data-testid=move-list] [data-seq="{mark}"]')
        assert seq["label"] in shown.inner_text()
        hexid = seq["target"]["id"] if name == "path" else None
        places[name] = played_in_one_click(
            page, api, gid, tokens, seq["moves"], name != "tail", name, hexid
        )
        game.play_sequence(seq["moves"])
    # the Rover's destination hex is clicked on the map (Bots that may go there too are
    # offered beside the path)
    assert places["path"].startswith("board"), places
    assert places["pay"] == "board", "the combination is a button of the decision bar"


def test_only_losses_ask_and_a_kind_can_be_switched_off(page: Any, api: Api, server: Any) -> None:
    """Ending the turn while an Executive action is open asks (a loss); "don't ask again"
    switches that kind off for this browser: the next such end is sent at once."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def warned_end(state: dict[str, Any]) -> bool:
        return any(
            m["move"] == "end" and any(w["kind"] == "leave_action_unused" for w in m["warnings"])
            for m in state["legal_moves"]
        )

    for k, seed in enumerate((4, 5)):
        # a fresh game each time (a random game may end before a second such moment); the
        # browser's choice to stop asking is kept in its storage across games
        gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
        page.goto(f"{server.base}/play/{gid}#token={tokens[0]}")
        page.locator("[data-testid=table]").wait_for()
        mine = drive_until(api, gid, tokens, warned_end, seed)
        wait_ready(page)
        page.wait_for_function(
            "ply => !!document.querySelector('[data-testid=move-list] [data-move=\"end\"]')"
        )
        page.locator('[data-testid=move-list] [data-move="end"]').click()
        dialog = page.locator("[data-testid=confirm-dialog]")
        if k == 0:
            dialog.wait_for()
            page.screenshot(path=str(SHOTS / "confirm-end.png"))
            page.locator("[data-testid=noask-leave_action_unused]").check()
            page.locator("[data-testid=confirm-yes]").click()
        else:
            page.wait_for_timeout(300)
            assert dialog.count() == 0, "switched off: not asked again"
        page.wait_for_function("ply => !document.querySelector('.sending')", arg=mine["ply"])
        deadline = 100
        while api.state(gid)["ply"] <= mine["ply"] and deadline:
            page.wait_for_timeout(100)
            deadline -= 1
        assert api.state(gid)["ply"] > mine["ply"], "the end was sent"
    stored = page.evaluate("localStorage.getItem('onmars.noask')")
    assert stored == '["leave_action_unused"]'
