"""The chat and the your-turn signal in Chromium (issue 24 items 2 and 4): two players and a
spectator in three browsers; the players' chat and the spectators' apart; an XSS payload shown
as text; a muted sender hidden (and remembered); quick phrases; when the turn comes, the title
and the favicon carry a badge and a desktop notification is shown (the Notifications API,
permission granted). Screenshots go to ONMARS_SHOTS (default: a temporary folder).
"""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import pytest
from serverkit import bearer
from webkit import VIEWPORT, WAIT_MS, Api

pytestmark = pytest.mark.slow

XSS = '<img src=x onerror="window.__xss=1"><b>bold?</b>'
#: A stand-in for the browser's Notification (headless Chromium shows none): permission granted,
#: each notification kept in window.__notes; the page is taken as out of sight.
NOTIFICATIONS = """
window.__notes = [];
class FakeNotification {
  constructor(title, options) { window.__notes.push({title, body: options && options.body}); }
  close() {}
}
FakeNotification.permission = localStorage.getItem('fake.permission') || 'default';
FakeNotification.requestPermission = async () => {
  localStorage.setItem('fake.permission', 'granted');
  FakeNotification.permission = 'granted';
  return 'granted';
};
window.Notification = FakeNotification;
document.hasFocus = () => false;
"""


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("ONMARS_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Browser:
    def __init__(self, server: Any, path: str) -> None:
        self.context = server.browser.new_context(viewport=VIEWPORT, locale="en-US")
        self.context.add_init_script(NOTIFICATIONS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(WAIT_MS)
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.goto(server.base + path)
        self.page.locator("[data-testid=table]").wait_for()
        self.page.locator("[data-testid=chat-open]").wait_for()  # the chat starts folded

    def open_chat(self) -> None:
        self.testid("chat-open").click()
        self.testid("chat").wait_for()

    def testid(self, name: str) -> Any:
        return self.page.locator(f"[data-testid={name}]")

    def say(self, text: str) -> None:
        self.testid("chat-input").fill(text)
        self.testid("chat-send").click()

    def texts(self) -> list[str]:
        return self.page.locator("[data-testid=chat-msg] .chat-text").all_inner_texts()

    def wait_text(self, text: str) -> None:
        self.page.wait_for_function(
            "t => [...document.querySelectorAll('[data-testid=chat-msg] .chat-text')]"
            ".some(e => e.textContent === t)",
            arg=text,
        )

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], f"script errors in the page: {self.errors}"


def play_until(api: Api, gid: str, tokens: list[str], seat: int) -> None:
    for _ in range(60):
        now = api.state(gid)
        if now["current_player"] == seat:
            return
        mover = now["current_player"]
        mine = api.state(gid, tokens[mover])
        r = api.http.post(
            f"/api/games/{gid}/moves",
            json={"ply": mine["ply"], "move": mine["legal_moves"][0]["move"]},
            headers=bearer(tokens[mover]),
        )
        assert r.status_code == 200, r.text
    raise AssertionError("the seat never came to decide")


def test_players_and_a_spectator_chat_and_the_turn_is_signalled(server: Any, shots: Path) -> None:
    api = Api(server.base)
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    first = api.state(gid)["current_player"]
    ana_seat = 1 - first  # Ana waits first: her turn comes while the test watches
    ben_seat = first
    ana = Browser(server, f"/play/{gid}#token={tokens[ana_seat]}")
    ben = Browser(server, f"/play/{gid}#token={tokens[ben_seat]}")
    zoe = Browser(server, f"/watch/{gid}")
    try:
        # Ana allows desktop notifications in the 🔔 panel
        ana.testid("notices").click()
        ana.testid("notice-allow").click()
        assert ana.testid("notice-desktop").is_checked()
        ana.page.screenshot(path=str(shots / "notice-panel.png"))
        ana.testid("notices").click()
        # the service worker that shows Web Push messages with the page closed registers here
        scope = ana.page.evaluate(
            "navigator.serviceWorker.register('/sw.js')"
            ".then(() => navigator.serviceWorker.ready).then(r => r.scope)"
        )
        assert scope == server.base + "/"

        # the players talk: Ana's quick phrase shows on Ben's folded chat as one unread message
        ana.open_chat()
        ana.page.get_by_role("button", name="Good luck, have fun!").click()
        ben.page.wait_for_function(
            "() => document.querySelector('[data-testid=chat-unread]')?.textContent === '1'"
        )
        ben.page.screenshot(path=str(shots / "chat-unread.png"))
        ben.open_chat()
        ben.wait_text("Good luck, have fun!")
        # the XSS payload is shown as the characters typed, and never run
        ben.say(XSS)
        ana.wait_text(XSS)
        assert (
            ana.page.locator(
                "[data-testid=chat-list] img, [data-testid=chat-list] b:not(.chat-name)"
            ).count()
            == 0
        )
        assert ana.page.evaluate("window.__xss") is None

        # the spectator sees none of it, and talks in the spectators' chat
        zoe.open_chat()
        zoe.testid("chat-spectators").wait_for()
        assert zoe.testid("chat-players").count() == 0
        zoe.page.locator(".chat-nick").fill("Zoe")
        zoe.say("Nice opening")
        zoe.wait_text("Nice opening")
        assert XSS not in zoe.texts() and "Good luck, have fun!" not in zoe.texts()
        ana.page.wait_for_timeout(500)
        assert "Nice opening" not in ana.texts()
        zoe.page.screenshot(path=str(shots / "chat-spectator.png"))

        # Ana mutes Ben: his messages are hidden, also after a reload; then she unmutes him
        ana.page.locator("[data-testid=chat-msg]", has_text="bold?").locator(".chat-mute").click()
        assert XSS not in ana.texts()
        ana.page.reload()
        ana.testid("chat").wait_for()
        ana.wait_text("Good luck, have fun!")
        assert XSS not in ana.texts()
        assert ana.testid("chat-unmute").count() == 1
        ana.testid("chat-unmute").click()
        ana.wait_text(XSS)

        # not Ana's turn yet: no badge
        assert not ana.page.title().startswith("▶")
        assert ana.page.get_attribute("link[rel=icon]", "data-badge") in (None, "0")
        # Ben plays until Ana's turn comes: title and favicon badge, a desktop notification
        play_until(api, gid, tokens, ana_seat)
        ana.page.wait_for_function("() => document.title.startsWith('▶')")
        assert ana.page.get_attribute("link[rel=icon]", "data-badge") == "1"
        icon = ana.page.get_attribute("link[rel=icon]", "href")
        assert icon.startswith("data:image/png;base64,")
        (shots / "favicon-badge.png").write_bytes(base64.b64decode(icon.split(",", 1)[1]))
        ana.page.wait_for_function("() => window.__notes.length === 1")
        note = ana.page.evaluate("window.__notes[0]")
        assert note["title"] == "On Mars: your turn" and gid in note["body"]
        assert tokens[ana_seat] not in str(note)
        ana.page.screenshot(path=str(shots / "your-turn-with-chat.png"))
        # Ben, waiting now, has no badge and no notification
        ben.page.wait_for_function("() => !document.title.startsWith('▶')")
        assert ben.page.evaluate("window.__notes.length") == 0

        # in Chinese: the chat's words and the quick phrases
        ana.testid("lang-toggle").click()
        ana.page.get_by_role("button", name="打得好，好局！").wait_for()
        ana.page.screenshot(path=str(shots / "chat-zh.png"))
    finally:
        for b in (ana, ben, zoe):
            b.close()
        api.http.close()


def test_a_player_replaces_a_leaked_link_from_the_table(server: Any) -> None:
    """Ana's link leaked: in the 🔔 panel she makes a new one (after confirming). The page
    shows the new link and goes on as her seat with it, also after a reload; the old link's
    token is refused from then on (401)."""
    api = Api(server.base)
    gid, tokens = api.create([{"name": "Ana"}, {"name": "Ben"}])
    ana = Browser(server, f"/play/{gid}#token={tokens[0]}")
    try:
        ana.page.on("dialog", lambda dialog: dialog.accept())
        ana.testid("notices").click()
        ana.testid("seat-link-new").click()
        link = ana.testid("seat-link").input_value()
        assert link.startswith(f"{server.base}/play/{gid}#token=")
        new = link.split("#token=", 1)[1]
        assert new != tokens[0]
        # her own page's WebSocket, opened with the old token, is closed by the server: the
        # page goes on with the new one and does not take itself for a stale link
        ana.page.get_by_text("You are Ana").wait_for()
        assert ana.testid("link-refused").count() == 0
        old = api.http.get(f"/api/games/{gid}", headers=bearer(tokens[0]))
        assert old.status_code == 401
        assert api.state(gid, new)["seat"] == 0
        ana.page.reload()
        ana.page.locator("[data-testid=table]").wait_for()
        ana.page.get_by_text("You are Ana").wait_for()
    finally:
        ana.close()


def test_two_friends_play_again_each_in_their_own_seat(server: Any, shots: Path) -> None:
    """The game over, Ana clicks "Play again": her page opens her seat of a new game with the
    same players; Ben's page, still on the old game, soon offers "Join the rematch" and takes
    him to his own seat there; a spectator is offered to watch it."""
    from webfixtures import Tab

    api = Api(server.base)
    made = api.http.post(
        "/api/games",
        json={"players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Robo", "bot": "greedy"}]},
    ).json()
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    for token in tokens[:2]:
        api.http.post(f"/api/games/{gid}/conclude", headers=bearer(token))
    tabs = [Tab(server) for _ in range(3)]
    try:
        ana, ben, onlooker = (t.page for t in tabs)
        ana.goto(f"{server.base}/play/{gid}#token={tokens[0]}")
        ben.goto(f"{server.base}/play/{gid}#token={tokens[1]}")
        onlooker.goto(f"{server.base}/play/{gid}")
        ana.locator("[data-testid=play-again]").click()
        ana.wait_for_url(lambda url: gid not in url and "/play/" in url)
        new = ana.url.rstrip("/").split("/")[-1].split("#")[0]
        assert api.http.get(f"/api/games/{gid}/rematch").json() == {"id": new}
        ana.locator("[data-testid=table]").wait_for()
        assert "Game over" not in ana.locator("[data-testid=table]").inner_text()
        join = ben.locator("[data-testid=play-again]")
        ben.wait_for_function(
            "() => /Join the rematch/.test(document.querySelector('[data-testid=play-again]')"
            "?.innerText)"
        )  # found by the page's look every few seconds
        ben.screenshot(path=str(shots / "join-rematch.png"))
        join.click()
        ben.wait_for_url(lambda url: new in url)
        ben.locator("[data-testid=table]").wait_for()
        held = ben.evaluate("() => localStorage.getItem('onmars.tokens')") or ""
        seat_token = json.loads(held)[new]["1"]
        r = api.http.get(f"/api/games/{new}", headers=bearer(seat_token))
        assert r.json()["seat"] == 1, "Ben sits in his own seat"
        onlooker.locator("[data-testid=watch-rematch]").wait_for()
        assert onlooker.locator("[data-testid=play-again]").count() == 0
    finally:
        for t in tabs:
            t.close()
        api.http.close()
