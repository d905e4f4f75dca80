"""Server settings: where the database is, the limits, the pacing of bots.

The default database is a SQLite file in the user's data folder (platformdirs), created and
migrated on first start; ``postgresql://...`` URLs are served through psycopg 3.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from pathlib import Path

from platformdirs import user_data_dir

#: The environment variables that carry settings to uvicorn's worker processes.
ENV_PREFIX = "ONMARS_SERVER_"


def default_database() -> str:
    """``sqlite:///<user data folder>/onmars.sqlite3`` (the folder is made if missing)."""
    folder = Path(user_data_dir("onmars", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'onmars.sqlite3'}"


def database_url(url: str | None) -> str:
    """The SQLAlchemy URL for a ``--database`` value: ``postgresql://`` and ``postgres://``
    use psycopg 3; a bare file path means a SQLite file; ``None``: the default."""
    if not url:
        return default_database()
    for prefix in ("postgresql://", "postgres://", "postgresql+psycopg2://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    return url


@dataclass
class Settings:
    """Everything the server is configured with (``onmars serve`` options)."""

    database: str = ""  # a SQLAlchemy URL (see database_url); "" for the default file
    migrate: bool = True  # run the Alembic migrations at start
    #: Requests per second a seat's token may make, and the burst (a request with no token, or
    #: with one that is no seat of any game, counts against the client's address).
    rate: float = 20.0
    burst: int = 40
    #: New games per second (and burst) per address; replays (~0.5 s of CPU each) likewise.
    create_rate: float = 0.2
    create_burst: int = 10
    replay_rate: float = 2.0
    replay_burst: int = 20
    #: Open WebSockets per address, and the messages per second (and burst) on each.
    ws_per_address: int = 32
    ws_rate: float = 1.0
    ws_burst: int = 10
    #: Games of bots only (every seat a bot) not yet over, per address: each keeps a bot
    #: worker busy and slows every other game's bots (0: none may be made).
    bot_games_per_address: int = 4
    max_body: int = 16 * 1024  # bytes in a request body
    body_timeout: float = 10.0  # seconds a request body may pause between its parts
    docs: bool = False  # serve Swagger UI at /docs (loaded from its CDN)
    max_move: int = 200  # characters in a move text
    #: Processes that run the bots' choices (0: threads of the server process).
    bot_processes: int = 1
    bot_delay: float = 0.0  # seconds a bot waits before moving (pacing for people)
    bot_check: float = 10.0  # seconds between checks for games waiting for an idle bot
    bot_timeout: float = 120.0  # seconds a bot worker may take before it is taken as hung
    #: Seconds between checks for clocks that ran out (onmars.server.clocks; also at start).
    clock_check: float = 1.0
    cache_games: int = 2000  # live games kept in memory
    #: Memory the live games may take, in MB (estimated: Game.nbytes and the cached answers);
    #: least recently used games go first. A game takes about 0.1-0.2 MB.
    cache_mb: float = 256.0
    #: Answers kept per game (by seat, since and language) until it changes, in KB.
    answers_kb: float = 64.0
    #: Threads that run the engine (moves, views, events, replays) off the event loop.
    engine_threads: int = 4
    poll: float = 0.0  # seconds between checks for other processes' changes (0: default)
    db_threads: int = 4  # threads that talk to the database
    #: Your-turn messages with the page closed (issue 24): the SMTP server to send e-mail
    #: through (``smtp://user:password@host:port``, ``smtps://...``; "" for none), the site's
    #: address for the links in them, the VAPID contact, whether a push endpoint may be plain
    #: HTTP (tests only: push services are HTTPS), and whether it may be on loopback or a
    #: private network (tests and local development only: the server would POST to internal
    #: hosts a seat names; onmars.server.push).
    smtp: str = ""
    public_url: str = ""
    push_contact: str = "mailto:onmars@localhost"
    push_http: bool = False
    push_private: bool = False
    #: Post-game analysis (issue 25; onmars.server.analysis): simulations per decision (0: no
    #: analysis), seconds between looks for finished games to analyse, and whether the work
    #: runs in a process of the lowest priority (False: a thread, for tests only).
    analysis_sims: int = 128
    analysis_pause: float = 5.0
    analysis_process: bool = True
    #: Days a seat's tokens (its link's, its account's seat keys) keep acting for it once its
    #: game is over (onmars.server.accounts.seat_of); the game stays open to everyone.
    key_days: float = 30.0
    #: Chat messages per second a sender may post, and the burst.
    chat_rate: float = 0.5
    chat_burst: int = 5
    #: Password guessing (issue 24): logins and registrations per second (and burst) per
    #: address, and logins per second (and burst) per user name.
    login_rate: float = 0.2
    login_burst: int = 10
    login_name_rate: float = 1 / 60
    login_name_burst: int = 5

    def url(self) -> str:
        return database_url(self.database)

    def to_env(self) -> dict[str, str]:
        """The settings as environment variables (for uvicorn's worker processes)."""
        return {f"{ENV_PREFIX}{f.name.upper()}": str(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ) if env is None else env
        out = cls()
        for f in fields(cls):
            raw = env.get(f"{ENV_PREFIX}{f.name.upper()}")
            if raw is None:
                continue
            default = getattr(out, f.name)
            if isinstance(default, bool):
                value: object = raw.lower() in ("1", "true", "yes")
            elif isinstance(default, int):
                value = int(raw)
            elif isinstance(default, float):
                value = float(raw)
            else:
                value = raw
            setattr(out, f.name, value)
        return out
