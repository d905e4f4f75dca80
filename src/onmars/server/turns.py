"""Telling a player that their turn came while their tab is closed (issue 24 item 2): Web Push
and e-mail, each switchable per seat, at most one message per turn, nothing secret in it.

After a change is stored (:meth:`Hub._change` calls :meth:`Notifier.changed`), when the seat
to decide is another than before and a human's, a background task sends: the move's answer
never waits for it, and a failure is logged, never raised. The turn is claimed first in the
database (``seat_notices.last_ply``, compare-and-set): of two changes, or two processes, that
see the same turn start, one sends, once; an undo that brings the same turn back sends nothing.

A game played over days also reminds a player whose time runs out (:meth:`Notifier.remind`,
once per decision, when a quarter of its time is left: onmars.server.clocks.remind_at), by the
same channels and switches, with the same care for secrets; never a player whose page is open
here (the table counts the time down in front of them).

Decisions:

- A seat whose page is open in this process (a WebSocket of that seat) is told there (title,
  favicon, sound, desktop notification: web/src/notify.ts): nothing is sent, and the turn is
  not claimed, so that a page closed later does not lose a message for a later turn.
- What a message holds: the game's id, the round, the seat's own name and a link to
  ``/play/<id>`` **without the seat's token**. E-mail is kept by mail providers, forwarded and
  read on other devices; a token in it would hand the seat to whoever reads it. The browser
  that holds the seat (its token in localStorage) opens the link as that seat; elsewhere the
  player uses their private link. Never a hand, a goal, a seed, a move or another seat's
  anything (RUL-18).
- Texts are in the language the seat chose on its page (en or zh, the catalogs).
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import datetime
from typing import Any

from onmars import N_, tr
from onmars.server import clocks
from onmars.server.config import Settings
from onmars.server.live import Hub, Live
from onmars.server.mail import Mailer
from onmars.server.push import VAPID_KEY, Pusher, PushRefused, check_send, new_vapid_pem
from onmars.server.social import Notice, Social

log = logging.getLogger("onmars.server")

TURN_TITLE = N_("On Mars: your turn")
TURN_BODY = N_("{name}, it is your turn in game {game} (round {round}).")
MAIL_SUBJECT = N_("On Mars: your turn in game {game}")
MAIL_OPEN = N_("Open the game: {link}")
MAIL_WHY = N_(
    "You get this e-mail because you asked to be told when it is your turn in this game. "
    "Switch it off on the game's page."
)
REMIND_WHY = N_(
    "You get this e-mail because you asked to be told when it is your turn in this game: when "
    "your time to play runs short, you are also reminded once. Switch it off on the game's page."
)
#: What happens when the time runs out, by the game's timeout policy (onmars.server.clocks).
REMIND_THEN = {
    "bot": N_("If it runs out, a bot plays for you until you take your seat back."),
    "agree": N_("If it runs out, the other players may end the game by agreement."),
}
REMIND_TITLE = N_("On Mars: your time is running out")
REMIND_BODY = N_("{name}, your time to play in game {game} runs out in {left} (round {round}).")
REMIND_SUBJECT = N_("On Mars: your time is running out in game {game}")
HOURS = N_("{hours} h")
DAYS_HOURS = N_("{days} d {hours} h")
#: Seconds a whole notice (every channel) may take before it is given up.
NOTICE_TIMEOUT = 30.0
#: Decisions this process tried to remind of (each once), kept up to this many.
REMINDED_KEPT = 10_000


class Notifier:
    """Sends the your-turn messages of one server process."""

    def __init__(self, hub: Hub, social: Social, settings: Settings) -> None:
        self.hub, self.social, self.settings = hub, social, settings
        self.mailer = Mailer.parse(settings.smtp) if settings.smtp else None
        self.pusher: Pusher | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.sent = 0  # messages handed to a push service or an SMTP server (for tests, health)
        self.reminded: set[tuple[str, datetime]] = set()  # (game, decision's start) tried here

    async def start(self) -> None:
        """Load (or make, at the first start) the VAPID key pair."""
        pem = await self.hub.db(self.social.key, VAPID_KEY, new_vapid_pem)
        self.pusher = Pusher(pem, self.settings.push_contact)

    def changed(self, live: Live, before: int | None) -> None:
        """A change of ``live`` was stored (``before``: who decided before it): start telling
        the seat whose turn it now is, if it is a new turn of a human seat."""
        if live.is_over or live.stop is not None:
            return
        seat = live.game.current_player
        if seat is None or seat == before or live.seats[seat].bot is not None:
            return
        if any(sub.seat == seat for sub in live.subscribers):
            return  # the page is open here: it tells the player itself
        name, game_round = live.seats[seat].name, live.game.round
        task = asyncio.get_running_loop().create_task(
            self._tell(live.id, seat, live.ply, name, game_round)
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def drain(self) -> None:
        """Wait for the messages under way (tests; shutdown)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)

    async def _tell(self, game_id: str, seat: int, ply: int, name: str, game_round: int) -> None:
        try:
            await asyncio.wait_for(self._send(game_id, seat, ply, name, game_round), NOTICE_TIMEOUT)
        except Exception as exc:  # never a move's problem: logged only
            log.warning("your-turn notice for game %s seat %d failed: %r", game_id, seat, exc)

    async def _send(self, game_id: str, seat: int, ply: int, name: str, game_round: int) -> None:
        notice = await self.hub.db(self.social.claim_turn, game_id, seat, ply)
        if notice is None:
            return  # told already, or the seat asked for nothing
        texts = turn_texts(notice.lang, name, game_id, game_round, self.link(game_id))
        await self._deliver(game_id, seat, notice, texts)

    async def _deliver(
        self, game_id: str, seat: int, notice: Notice, texts: dict[str, str]
    ) -> None:
        if notice.push and self.pusher is not None:
            await self._push(game_id, seat, texts)
        if notice.email and notice.address and self.mailer is not None:
            await self._mail(notice, texts)

    async def remind(self, game_id: str, seat: int, started: datetime, deadline: datetime) -> None:
        """Remind ``seat`` that its time in ``game_id`` runs out at ``deadline`` (the decision
        that started at ``started``): once, whichever process claims it first; nothing when its
        page is open here or the game moved on. Failures are logged, never raised."""
        key = (game_id, started)
        if key in self.reminded:
            return
        if len(self.reminded) >= REMINDED_KEPT:
            self.reminded.clear()
        self.reminded.add(key)
        try:
            live = await self.hub.get(game_id)
            if live.is_over or live.game.current_player != seat:
                return
            if any(sub.seat == seat for sub in live.subscribers):
                return  # the page is open here: its clock counts down in front of them
            notice = await self.hub.db(self.social.claim_reminder, game_id, seat, started)
            if notice is None:
                return  # reminded already, or the seat asked for nothing
            left = (deadline - clocks.utcnow()).total_seconds()
            name, game_round = live.seats[seat].name, live.game.round
            policy = live.clock.control.policy if live.clock is not None else None
            link = self.link(game_id)
            texts = remind_texts(notice.lang, name, game_id, game_round, left, link, policy)
            await asyncio.wait_for(self._deliver(game_id, seat, notice, texts), NOTICE_TIMEOUT)
        except Exception as exc:  # never a game's problem: logged only
            log.warning("reminder for game %s seat %d failed: %r", game_id, seat, exc)

    def link(self, game_id: str) -> str:
        base = (self.settings.public_url or "http://127.0.0.1:8000").rstrip("/")
        return f"{base}/play/{game_id}"

    async def _push(self, game_id: str, seat: int, texts: dict[str, str]) -> None:
        pusher = self.pusher
        assert pusher is not None
        payload = json.dumps(push_payload(game_id, texts), ensure_ascii=False).encode()
        for sub in await self.hub.db(self.social.subscriptions, game_id, seat):
            try:  # where the name points now (SSRF): resolved once, sent there only
                address = await check_send(sub.endpoint, private=self.settings.push_private)
            except PushRefused as exc:
                log.warning("Web Push to game %s seat %d refused: %s", game_id, seat, exc)
                continue
            try:
                status = await asyncio.to_thread(pusher.send, sub.info(), payload, address)
            except Exception as exc:
                log.warning("Web Push to game %s seat %d failed: %r", game_id, seat, exc)
                continue
            if status in (404, 410):  # the browser unsubscribed: forget it
                await self.hub.db(self.social.unsubscribe, game_id, seat, sub.endpoint)
            elif 200 <= status < 300:
                self.sent += 1
            else:
                log.warning("Web Push to game %s seat %d: HTTP %d", game_id, seat, status)

    async def _mail(self, notice: Notice, texts: dict[str, str]) -> None:
        mailer = self.mailer
        assert mailer is not None and notice.address is not None
        await asyncio.to_thread(mailer.send, notice.address, texts["subject"], texts["mail"])
        self.sent += 1


def turn_texts(lang: str, name: str, game_id: str, game_round: int, link: str) -> dict[str, str]:
    """The words of a your-turn message in ``lang``: title and body (push), subject and body
    (e-mail). Only public things: the game, the round, the seat's own name, the link."""
    body = tr(TURN_BODY, lang, name=name, game=game_id, round=game_round)
    return _message(lang, TURN_TITLE, body, MAIL_SUBJECT, game_id, link)


def time_left(seconds: float, lang: str) -> str:
    """A time left in words, in whole hours (at least 1): "5 h", "2 d 3 h"."""
    hours = max(1, round(seconds / 3600))
    if hours < 48:
        return tr(HOURS, lang, hours=hours)
    return tr(DAYS_HOURS, lang, days=hours // 24, hours=hours % 24)


def remind_texts(
    lang: str,
    name: str,
    game_id: str,
    game_round: int,
    left: float,
    link: str,
    policy: str | None = None,
) -> dict[str, str]:
    """The words of a reminder that ``name``'s time runs out in ``left`` seconds, as
    :func:`turn_texts`: only public things; the e-mail also says what happens then (the game's
    timeout ``policy``), which the short push leaves out."""
    body = tr(
        REMIND_BODY, lang, name=name, game=game_id, left=time_left(left, lang), round=game_round
    )
    then = [tr(REMIND_THEN[policy], lang)] if policy in REMIND_THEN else []
    return _message(lang, REMIND_TITLE, body, REMIND_SUBJECT, game_id, link, then, REMIND_WHY)


def _message(
    lang: str,
    title: str,
    body: str,
    subject: str,
    game_id: str,
    link: str,
    more: list[str] | None = None,
    why: str = MAIL_WHY,
) -> dict[str, str]:
    """A message's words: the title and ``body`` (push), the subject and the e-mail (``body``,
    ``more`` paragraphs, the link, ``why`` it was sent)."""
    mail = "\n\n".join([body, *(more or []), tr(MAIL_OPEN, lang, link=link), tr(why, lang)])
    return {
        "title": tr(title, lang),
        "body": body,
        "subject": tr(subject, lang, game=game_id),
        "mail": mail + "\n",
        "url": link,
    }


def push_payload(game_id: str, texts: dict[str, str]) -> dict[str, Any]:
    """What the service worker (web/public/sw.js) shows: the words, the page to open (a path
    on this site, no token), a tag so that a newer message replaces an older one."""
    return {
        "title": texts["title"],
        "body": texts["body"],
        "url": f"/play/{game_id}",
        "tag": f"onmars-{game_id}",
    }
