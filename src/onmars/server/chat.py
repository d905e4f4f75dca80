"""A game's chat (issue 24 item 4): two channels, who reads and writes which, the checks on a
message, and delivering new messages to the game's WebSocket clients.

Decision (who reads what):

- ``players``: the game's seats talk among themselves. Only a seat's token reads or writes it,
  during the game and after; a spectator never sees it.
- ``spectators``: anyone without a seat's token (a spectator) reads and writes it. During the
  game a seat neither reads nor writes it: onlookers could advise a player (the rule
  correspondence sites keep, Lichess's among them); once the game is over the seats may read
  it and join in.

A message is 1-500 characters of text, kept as typed and always shown as text, never as HTML
(the browser client renders it as a text node). Control characters (but line breaks and tabs)
and bidirectional controls are refused. Each sender may post ``chat_rate`` messages a second
(bursts of ``chat_burst``); a channel holds at most 5000 messages. A seat's messages carry its
seat's name; a spectator gives a name with each message (checked like a player's name).

Readers mute senders by their ``sender`` key (kept by the client, in localStorage): a seat is
``seat<n>``; a spectator is a key derived from the game and their address with a salt the
server keeps (``server_keys``), so that a reader can mute them without learning the address.

Messages posted here are sent at once to this process's WebSocket clients of the game that may
read them; those stored by other server processes are found by polling the watched games
(:meth:`ChatHub.poll`, with the games' own polling interval).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from onmars.server.guard import RateLimiter
from onmars.server.live import Hub, Live, ServerError
from onmars.server.names import BIDI, check_spectator
from onmars.server.social import ChatFull, Social

log = logging.getLogger("onmars.server")

PLAYERS = "players"
SPECTATORS = "spectators"
CHANNELS = (PLAYERS, SPECTATORS)
#: The name of the salt of spectators' sender keys in ``server_keys``.
SALT_KEY = "chat_salt"
#: Line breaks a message may hold (a long column of empty lines is a flood of its own).
MAX_LINES = 12


def readable(channel: str, seat: int | None, over: bool) -> bool:
    """Whether a reader (``seat``; ``None``: a spectator) reads ``channel`` (see the module)."""
    if channel == PLAYERS:
        return seat is not None
    return seat is None or over


def channels_for(seat: int | None, over: bool) -> list[str]:
    return [c for c in CHANNELS if readable(c, seat, over)]


def checked_text(text: str) -> str:
    """The message's text, its ends stripped: 422 for nothing, control characters, bidirectional
    controls, too many lines."""
    text = text.replace("\r\n", "\n").strip()
    if not text:
        raise ServerError(422, "a chat message needs some text")
    if any(c in BIDI for c in text) or any(
        unicodedata.category(c) == "Cc" and c not in "\n\t" for c in text
    ):
        raise ServerError(422, "a chat message may not hold control characters")
    if text.count("\n") >= MAX_LINES:
        raise ServerError(422, f"a chat message may hold at most {MAX_LINES} lines")
    return text


@dataclass(eq=False)
class Listener:
    """A WebSocket client of a game's chat."""

    live: Live
    seat: int | None
    send: Callable[[str], Awaitable[None]]


@dataclass
class ChatHub:
    """The chat of one server process: checks, stores and delivers messages."""

    hub: Hub
    social: Social
    limiter: RateLimiter
    salt: bytes = b""
    listeners: dict[str, set[Listener]] = field(default_factory=dict)
    last_id: int = 0  # the newest message id seen (delivered here or found by polling)

    async def start(self) -> None:
        salt = await self.hub.db(self.social.key, SALT_KEY, lambda: secrets.token_hex(16))
        self.salt = salt.encode()
        self.last_id = await self.hub.db(self.social.last_id)

    def sender_of(self, game_id: str, seat: int | None, address: str) -> str:
        if seat is not None:
            return f"seat{seat}"
        digest = hmac.new(self.salt, f"{game_id} {address}".encode(), hashlib.sha256)
        return "v" + digest.hexdigest()[:15]

    async def post(
        self, live: Live, seat: int | None, channel: str, text: str, name: str | None, address: str
    ) -> dict[str, Any]:
        """Check, store and deliver a message: 403 for a channel the poster may not write, 422
        for a bad text or name, 429 when the sender is too fast, 409 when the channel is full."""
        if not readable(channel, seat, live.is_over):
            if channel == PLAYERS:
                raise ServerError(403, "only the game's players write in the players' chat")
            raise ServerError(403, "while the game is played, only spectators write in their chat")
        text = checked_text(text)
        if seat is not None:
            name = live.seats[seat].name
        elif not name:
            raise ServerError(422, "a spectator's message needs a name")
        else:
            check_spectator(name, [s.name for s in live.seats])
        sender = self.sender_of(live.id, seat, address)
        wait = self.limiter.wait(f"{live.id} {sender}")
        if wait:
            raise ServerError(429, "too many chat messages: slow down", retry=max(1, round(wait)))
        try:
            message = await self.hub.db(
                self.social.post, live.id, channel, seat, name, sender, text
            )
        except ChatFull:
            raise ServerError(409, "this chat is full") from None
        self.deliver(live.id, message)
        return message

    async def history(self, live: Live, seat: int | None, after: int) -> dict[str, Any]:
        """What ``seat`` may read of the game's chat (the newest messages after id ``after``)."""
        channels = channels_for(seat, live.is_over)
        messages = await self.hub.db(self.social.messages, live.id, channels, after)
        return {"channels": channels, "messages": messages}

    # --- delivering ---------------------------------------------------------------------------
    def listen(
        self, live: Live, seat: int | None, send: Callable[[str], Awaitable[None]]
    ) -> Listener:
        listener = Listener(live, seat, send)
        self.listeners.setdefault(live.id, set()).add(listener)
        return listener

    def leave(self, listener: Listener) -> None:
        group = self.listeners.get(listener.live.id)
        if group is not None:
            group.discard(listener)
            if not group:
                del self.listeners[listener.live.id]

    def deliver(self, game_id: str, message: dict[str, Any]) -> None:
        """Send a message to this process's clients of the game that may read it (rarely
        twice: polled while its post was being stored here; the client keeps each id once)."""
        self.last_id = max(self.last_id, int(message["id"]))
        text = orjson.dumps({k: v for k, v in message.items() if k != "game"}).decode()
        for listener in list(self.listeners.get(game_id, ())):
            if readable(message["channel"], listener.seat, listener.live.is_over):
                asyncio.get_running_loop().create_task(_send(listener, text))

    async def poll(self) -> None:
        """Deliver the messages other processes stored for the games watched here."""
        watched = list(self.listeners)
        if not watched:
            return
        found = await self.hub.db(self.social.newer, watched, self.last_id)
        for message in found:
            self.deliver(message["game"], message)


async def _send(listener: Listener, text: str) -> None:
    with contextlib.suppress(Exception):  # the socket closed meanwhile: its reader ends it
        await listener.send(text)


async def poll_chat(chat: ChatHub, interval: float) -> None:
    """Every ``interval`` seconds, deliver other processes' messages."""
    while not chat.hub.closed:
        await asyncio.sleep(interval)
        try:
            await chat.poll()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("polling the chat: %s", exc)
