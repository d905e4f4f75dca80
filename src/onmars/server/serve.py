"""``onmars serve``: the game server, run by uvicorn.

The database is migrated once here, before the workers start; with ``--workers N`` uvicorn runs
N processes that share the database (PostgreSQL LISTEN/NOTIFY carries each one's changes to the
others' WebSocket clients; on SQLite they poll).
"""

from __future__ import annotations

import argparse
import os
import sys

from onmars import N_, env_lang, tr
from onmars.server.config import Settings, database_url
from onmars.server.guard import HEAD_TIMEOUT_ENV, GuardedHttpTools, log_config

#: The limits set by options of their own (Settings fields), each with what it limits.
LIMITS = {
    "rate": N_("requests/s per seat token, or per address for the others (%(default)s)"),
    "burst": N_("burst of requests (%(default)s)"),
    "create_rate": N_("new games/s per address (%(default)s)"),
    "create_burst": N_("burst of new games (%(default)s)"),
    "replay_rate": N_("replays/s per address (%(default)s)"),
    "replay_burst": N_("burst of replays (%(default)s)"),
    "ws_per_address": N_("open WebSockets per address (%(default)s)"),
    "ws_rate": N_("messages/s per WebSocket (%(default)s)"),
    "ws_burst": N_("burst of WebSocket messages (%(default)s)"),
    "bot_games_per_address": N_("games of bots only not yet over, per address (%(default)s)"),
    "body_timeout": N_("seconds a request body may pause (%(default)s)"),
    "login_rate": N_("logins and registrations/s per address (%(default)s)"),
    "login_burst": N_("burst of logins and registrations per address (%(default)s)"),
    "login_name_rate": N_("logins/s per user name (%(default).4f)"),
    "login_name_burst": N_("burst of logins per user name (%(default)s)"),
    "key_days": N_("days a seat's keys keep acting once its game is over (%(default)s)"),
    "clock_check": N_("seconds between checks for clocks that ran out (%(default)s)"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help=N_("address to listen on (127.0.0.1)"))
    parser.add_argument("--port", type=int, default=8000, help=N_("port to listen on (8000)"))
    parser.add_argument(
        "--database",
        default=None,
        help=N_(
            "postgresql://user@host/db, sqlite:///file, or a file path "
            "(default: a SQLite file in your data folder)"
        ),
    )
    parser.add_argument("--workers", type=int, default=1, help=N_("server processes (1)"))
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=1,
        help=N_("processes per server for bots (0: threads)"),
    )
    parser.add_argument("--bot-delay", type=float, default=0.0, help=N_("seconds a bot waits"))
    parser.add_argument(
        "--analysis-sims",
        type=int,
        default=Settings.analysis_sims,
        help=N_(
            "post-game analysis: search simulations per decision, in the background at the "
            "lowest CPU priority (%(default)s; 0: no analysis)"
        ),
    )
    limits = Settings()
    for name, told in LIMITS.items():
        default = getattr(limits, name)
        parser.add_argument(
            f"--{name.replace('_', '-')}", type=type(default), default=default, help=told
        )
    parser.add_argument(
        "--poll",
        type=float,
        default=0.0,
        help=N_(
            "seconds between checks for other processes' changes to watched games "
            "(default 1 on SQLite, 5 on PostgreSQL, where NOTIFY carries them at once)"
        ),
    )
    parser.add_argument(
        "--cache-mb", type=float, default=256.0, help=N_("memory for the games in play, MB (256)")
    )
    parser.add_argument(
        "--engine-threads", type=int, default=4, help=N_("threads that run the rules engine (4)")
    )
    parser.add_argument(
        "--ws-deflate",
        action="store_true",
        help=N_("compress WebSocket messages (permessage-deflate)"),
    )
    parser.add_argument(
        "--access-log", action="store_true", help=N_("log every request (query strings redacted)")
    )
    parser.add_argument(
        "--head-timeout",
        type=float,
        default=10.0,
        help=N_("seconds a request's line and headers may take (10)"),
    )
    parser.add_argument(
        "--docs", action="store_true", help=N_("serve Swagger UI at /docs (loads it from a CDN)")
    )
    parser.add_argument("--log-level", default="info", help=N_("uvicorn's log level (info)"))
    parser.add_argument(
        "--smtp",
        default="",
        help=N_(
            "send your-turn e-mails through this SMTP server: smtp://user:password@host:port "
            "(STARTTLS when offered) or smtps://...; ?from=address sets the sender (default: none)"
        ),
    )
    parser.add_argument(
        "--public-url",
        default="",
        help=N_(
            "the site's address as players reach it, for the links in e-mails "
            "(default: the address this server listens on)"
        ),
    )
    parser.add_argument(
        "--push-contact",
        default="mailto:onmars@localhost",
        help=N_("how push services reach this server's admin (VAPID 'sub': mailto: or https:)"),
    )


def _shown(url: str) -> str:
    """The URL without a password."""
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, auth = head.partition("//")
    return f"{scheme}//{auth.split(':', 1)[0]}:***@{tail}"


def address(host: str, port: int) -> str:
    """The address to open in a browser (a server on every interface is on this machine's
    loopback too)."""
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def main(args: argparse.Namespace) -> int:
    import uvicorn

    from onmars.server.store import Store

    lang = getattr(args, "lang", None) or env_lang()
    if args.workers < 1 or not 0 < args.port < 65536:
        print(tr(N_("onmars serve: --workers must be 1 or more, --port 1-65535"), lang),
              file=sys.stderr)  # fmt: skip
        return 2
    url = database_url(args.database)
    if args.smtp:
        from onmars.server.mail import Mailer, MailError

        try:
            Mailer.parse(args.smtp)
        except MailError as exc:
            print(tr(N_("onmars serve: --smtp: {reason}"), lang, reason=exc.text(lang)),
                  file=sys.stderr)  # fmt: skip
            return 2
    settings = Settings(
        database=url,
        migrate=False,
        bot_processes=max(args.bot_processes, 0),
        bot_delay=max(args.bot_delay, 0.0),
        analysis_sims=max(args.analysis_sims, 0),
        poll=max(args.poll, 0.0),
        docs=args.docs,
        **{name: getattr(args, name) for name in LIMITS},
        cache_mb=max(args.cache_mb, 0.0),
        engine_threads=max(args.engine_threads, 1),
        smtp=args.smtp,
        public_url=args.public_url or address(args.host, args.port),
        push_contact=args.push_contact,
    )
    os.environ[HEAD_TIMEOUT_ENV] = str(args.head_timeout)
    store = Store(url)
    try:
        store.migrate()
    except Exception as exc:
        print(tr(N_("onmars serve: cannot prepare the database {url}: {reason}"), lang,
                 url=_shown(url), reason=exc), file=sys.stderr)  # fmt: skip
        return 1
    finally:
        store.close()
    print(tr(N_("onmars serve: database {url}"), lang, url=_shown(url)), file=sys.stderr,
          flush=True)  # fmt: skip
    if args.smtp:
        from onmars.server.mail import shown

        print(tr(N_("onmars serve: your-turn e-mails via {smtp}"), lang, smtp=shown(args.smtp)),
              file=sys.stderr)  # fmt: skip
    print(tr(N_("onmars serve: open {address} in a browser"), lang,
             address=address(args.host, args.port)), flush=True)  # fmt: skip
    options = {
        "host": args.host,
        "port": args.port,
        "access_log": args.access_log,
        "log_level": args.log_level,
        "log_config": log_config(args.log_level),  # no query string in any line
        # limits that hold without a proxy: request line and headers of at most 16 KiB,
        # complete within 10 s of the connection (GuardedHttpTools); 5 s idle between
        # requests; WebSocket messages of 64 KiB, pinged every 20 s
        "http": GuardedHttpTools,
        "timeout_keep_alive": 5,
        "ws_max_size": 64 * 1024,
        "ws_per_message_deflate": args.ws_deflate,
        "timeout_graceful_shutdown": 5,
    }
    if args.workers == 1:
        from onmars.server.app import create_app

        uvicorn.run(create_app(settings), **options)
    else:
        os.environ.update(settings.to_env())
        uvicorn.run(
            "onmars.server.app:create_app_from_env",
            factory=True,
            workers=args.workers,
            **options,
        )
    return 0
