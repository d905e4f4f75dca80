"""Load test of the game server: many concurrent games with bots, played through the API.

    python scripts/load.py --games 200 --seconds 60

Starts ``onmars serve`` on a free loopback port (a fresh SQLite file, or ``--database``; or use
a running server with ``--base http://127.0.0.1:PORT``: loopback addresses only), creates
``--games`` games of one client seat against ``--bots``, and plays them all at once: each
client follows its game on the WebSocket and, on its turn, thinks ``--think`` seconds on
average (uniform from 0 to twice that), then POSTs a random legal move; with ``--undo P`` it
takes that move back with probability P when the rules let it (RUL-19: its own move, in its
turn), as people do, which long games make costly for a server that replays. A finished game is
replaced by a new one until the time is up. Prints the moves per second the server applied
(clients' and bots'), and the p50/p99/max latency of the clients' moves and undos (the POST
round trip, which answers the new state with the legal moves labelled). Bounded in count and
time.

For a server it starts, it also prints the server's CPU per move (issue 27.4): the CPU time of
the server process and its children (bot workers) divided by the moves applied, counted from
the end of a warm-up (``--warmup`` seconds and two moves in every game). ``--src DIR`` runs that
server from another source tree (``DIR/src``, e.g. ``git archive 7537907 | tar -x -C DIR``),
leaving out the options its ``serve`` does not know, to compare revisions side by side.

With ``--clocked P`` a share P of the games has a time per move of ``--clock`` seconds (issue
24.3), and with ``--absent Q`` a share Q of those games' clients falls silent once on its turn:
its clock runs out, the server's stand-in bot plays its seat, and after thinking it takes the
seat back (``POST /return``) and plays on. It then also prints the timeouts seen and how late
after the deadline the client saw each one (the server checks the clocks every second).

With ``--accounts P`` a share P of the clients are players with accounts (issue 24.1): each
registers once (argon2id), signs in again as from another device (both before the timed run,
a few at a time, timed apart), and for every game it plays
claims the seat with its session cookie and CSRF token and plays with a seat key made for it
(``POST /api/account/games/{id}/key``), as a player on a second device does. With ``--chat S``
each client says something in its game's players' chat every S seconds on average (issue 24.4;
the server allows a seat 0.5 a second). It then also prints the account requests' and the chat
posts' latencies. The server started here is given login limits high enough for one address
to register every account (all clients come from 127.0.0.1).
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar as http_cookiejar
import ipaddress
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import orjson
import uvloop
import websockets

MAX_GAMES = 1000
MAX_SECONDS = 600
#: A seat may say 0.5 lines a second (Settings.chat_rate): the load stays well below it.
MIN_CHAT = 2.0
#: Accounts made at once before the run (each registration and sign-in hashes with argon2id).
SIGN_UPS = 4


def loopback(base: str) -> bool:
    host = urlparse(base).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.undos: list[float] = []  # the undo round trips
        self.server: list[float] = []  # the server's own time for the move (Server-Timing)
        self.conflicts = 0
        self.errors = 0
        self.games_done = 0
        self.plies: dict[str, int] = {}
        self.clocked = 0  # games made with a clock
        self.timeouts: list[float] = []  # seconds from a deadline to the client seeing it
        self.returns = 0  # seats taken back
        self.accounts = 0  # accounts registered and signed in again
        self.sign_ups: list[float] = []  # register and login round trips (before the run)
        self.sign_up_seconds = 0.0
        self.before: tuple[float, int] | None = None  # the server's usage() as the run starts
        #: the server's CPU seconds and the moves applied once warmed up (--warmup)
        self.counted: tuple[float, int] | None = None
        self.account_calls: list[float] = []  # claim and seat key round trips (in the run)
        self.claimed = 0  # seats claimed into an account
        self.chats: list[float] = []  # the chat posts' round trips
        self.chat_refused = 0  # 429: faster than the server allows


class Account:
    """A client's account: its session cookie and CSRF token (one per client, kept across its
    games), sent by hand so that all clients share one connection pool."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.headers: dict[str, str] = {}

    async def call(
        self, http: httpx.AsyncClient, stats: Stats, path: str, body: object = None
    ) -> httpx.Response:
        started = time.perf_counter()
        r = await http.post(path, json=body, headers=self.headers)
        took = time.perf_counter() - started
        (stats.sign_ups if path.endswith(("/register", "/login")) else stats.account_calls).append(
            took
        )
        if r.status_code >= 300:
            raise httpx.HTTPStatusError(
                f"{path}: {r.status_code} {r.text[:200]}", request=r.request, response=r
            )
        cookie = r.cookies.get("onmars_session")
        if cookie:  # signed in (again): a new session, a new CSRF token
            me = await http.get("/api/account", headers={"Cookie": f"onmars_session={cookie}"})
            self.headers = {
                "Cookie": f"onmars_session={cookie}",
                "X-CSRF-Token": me.json()["csrf"],
            }
        return r

    async def open(self, http: httpx.AsyncClient, stats: Stats) -> None:
        """Register, then sign in again (as from another device)."""
        secret = {"name": self.name, "password": f"load-{self.name}-pw"}
        await self.call(http, stats, "/api/account/register", secret)
        self.headers = {}
        await self.call(http, stats, "/api/account/login", secret)
        stats.accounts += 1

    async def take(self, http: httpx.AsyncClient, stats: Stats, gid: str, link: str) -> str:
        """Claim the seat its link opens and get a seat key for it: the token to play with."""
        await self.call(http, stats, "/api/account/claim", {"game_id": gid, "token": link})
        r = await self.call(http, stats, f"/api/account/games/{gid}/key")
        stats.claimed += 1
        return str(r.json()["token"])


async def play_game(
    http: httpx.AsyncClient,
    ws_base: str,
    args: argparse.Namespace,
    stats: Stats,
    rng: random.Random,
    deadline: float,
    account: Account | None = None,
) -> None:
    """One client seat against bots, until the game ends or the time is up."""
    players = [{"name": "Client"}] + [
        {"name": f"Bot {i + 1}", "bot": args.bots} for i in range(args.players - 1)
    ]
    body: dict[str, object] = {"players": players, "length": args.length}
    clocked = rng.random() < args.clocked
    if clocked:
        body["clock"] = {"mode": "move", "seconds": args.clock, "policy": "bot", "bot": args.bots}
        stats.clocked += 1
    silent = clocked and rng.random() < args.absent  # falls silent once, on its turn
    r = await http.post("/api/games", json=body)
    r.raise_for_status()
    game = r.json()
    gid, token = game["id"], game["seats"][0]["token"]
    if account is not None:
        token = await account.take(http, stats, gid, token)
    next_chat = time.monotonic() + (rng.expovariate(1 / args.chat) if args.chat else 1e18)
    known = 0  # the game's version in the client's last answer
    headers = {"Authorization": f"Bearer {token}"}
    deadline_seen: str | None = None
    async with websockets.connect(f"{ws_base}/api/games/{gid}/ws") as ws:
        await ws.send(orjson.dumps({"token": token}).decode())  # never in the address
        while time.monotonic() < deadline:
            remaining = deadline - time.monotonic()
            try:
                state = orjson.loads(await asyncio.wait_for(ws.recv(), remaining))
            except TimeoutError:
                return
            if state.get("type") != "state" or state["version"] < known:
                continue  # pushed before the answer this client already has (an undo's)
            stats.plies[gid] = state["ply"]
            if state["is_over"]:
                stats.games_done += 1
                return
            clock = state.get("clock")
            if clock and clock["deadline"] and clock["seat"] == 0:
                deadline_seen = clock["deadline"]
            if clock and 0 in clock["absent"]:
                if deadline_seen is not None:
                    late = time.time() - datetime.fromisoformat(deadline_seen).timestamp()
                    stats.timeouts.append(late)
                    deadline_seen = None
                await asyncio.sleep(rng.uniform(0, 2 * args.think))
                r = await http.post(f"/api/games/{gid}/return", headers=headers)
                if r.status_code == 200:
                    stats.returns += 1
                    known = orjson.loads(r.content)["version"]
                elif r.status_code != 409:
                    stats.errors += 1
                    print(f"return refused: {r.status_code} {r.text[:200]}", file=sys.stderr)
                continue
            if silent and state["current_player"] == 0:
                silent = False  # this time, let the clock run out
                continue
            if time.monotonic() >= next_chat:
                await chat(http, gid, headers, stats, len(stats.chats))
                next_chat = time.monotonic() + rng.expovariate(1 / args.chat)
            if state["current_player"] != 0 or not state["legal_moves"]:
                continue
            await asyncio.sleep(rng.uniform(0, 2 * args.think))
            choice = rng.choice(state["legal_moves"])["move"]
            started = time.perf_counter()
            r = await http.post(
                f"/api/games/{gid}/moves",
                json={"ply": state["ply"], "move": choice},
                headers=headers,
            )
            elapsed = time.perf_counter() - started
            if r.status_code == 200:
                stats.latencies.append(elapsed)
                timing = r.headers.get("server-timing", "")
                if "dur=" in timing:
                    stats.server.append(float(timing.split("dur=")[1]) / 1000)
                after = orjson.loads(r.content)
                stats.plies[gid], known = after["ply"], after["version"]
                if after["can_undo"] and rng.random() < args.undo:
                    known = await undo(http, gid, headers, after["ply"], stats) or known
            elif r.status_code == 409:
                stats.conflicts += 1
            else:
                stats.errors += 1
                print(f"move refused: {r.status_code} {r.text[:200]}", file=sys.stderr)


async def chat(
    http: httpx.AsyncClient, gid: str, headers: dict[str, str], stats: Stats, n: int
) -> None:
    """A line in the game's players' chat, timed."""
    started = time.perf_counter()
    text = f"message {n}: your move <b>&amp;</b>"  # text, never markup
    r = await http.post(
        f"/api/games/{gid}/chat", json={"channel": "players", "text": text}, headers=headers
    )
    if r.status_code == 201:
        stats.chats.append(time.perf_counter() - started)
    elif r.status_code == 429:
        stats.chat_refused += 1
    else:
        stats.errors += 1
        print(f"chat refused: {r.status_code} {r.text[:200]}", file=sys.stderr)


async def undo(
    http: httpx.AsyncClient, gid: str, headers: dict[str, str], ply: int, stats: Stats
) -> int | None:
    """Take back the client's last move (at ``ply``), timing the round trip: the game's
    version after it (None: refused)."""
    started = time.perf_counter()
    r = await http.post(f"/api/games/{gid}/undo", json={"ply": ply}, headers=headers)
    if r.status_code == 200:
        stats.undos.append(time.perf_counter() - started)
        after = orjson.loads(r.content)
        stats.plies[gid] = after["ply"]
        return after["version"]
    if r.status_code == 409:
        stats.conflicts += 1
    else:
        stats.errors += 1
        print(f"undo refused: {r.status_code} {r.text[:200]}", file=sys.stderr)


async def keep_playing(
    http: httpx.AsyncClient,
    ws_base: str,
    args: argparse.Namespace,
    stats: Stats,
    seed: int,
    deadline: float,
    account: Account | None,
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, min(2.0, args.think)))  # do not all start at once
    while time.monotonic() < deadline:
        try:
            await play_game(http, ws_base, args, stats, rng, deadline, account)
        except (httpx.HTTPError, websockets.WebSocketException, OSError) as exc:
            stats.errors += 1
            print(f"client error: {exc!r}", file=sys.stderr)
            await asyncio.sleep(1.0)


async def sign_up(
    http: httpx.AsyncClient, args: argparse.Namespace, stats: Stats
) -> list[Account | None]:
    """The clients' accounts, made before the timed run (argon2id makes registering and
    signing in costly by design: timed apart, :data:`SIGN_UPS` at a time)."""
    rng = random.Random(args.seed)
    made: list[Account | None] = [
        Account(f"load{args.seed}x{i}x{rng.randrange(10**6)}")
        if rng.random() < args.accounts
        else None
        for i in range(args.games)
    ]
    gate = asyncio.Semaphore(SIGN_UPS)
    started = time.monotonic()

    async def one(account: Account) -> None:
        async with gate:
            await account.open(http, stats)

    await asyncio.gather(*(one(a) for a in made if a is not None))
    stats.sign_up_seconds = time.monotonic() - started
    return made


async def run(base: str, args: argparse.Namespace) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=args.games + 10, max_keepalive_connections=args.games)
    ws_base = base.replace("http://", "ws://", 1)
    # the clients' shared connections keep no cookie: each account sends its own
    no_cookies = http_cookiejar.DefaultCookiePolicy(allowed_domains=[])
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        http.cookies.jar.set_policy(no_cookies)
        accounts = await sign_up(http, args, stats)
        if args.server_pid:  # the server's CPU and memory are counted from here
            stats.before = usage(args.server_pid)
        started = time.monotonic()
        deadline = started + args.seconds
        warm = asyncio.create_task(warmed(args, stats))
        await asyncio.gather(
            *(
                keep_playing(http, ws_base, args, stats, args.seed + i, deadline, accounts[i])
                for i in range(args.games)
            )
        )
        warm.cancel()
        stats.elapsed = time.monotonic() - started  # type: ignore[attr-defined]
    return stats


async def warmed(args: argparse.Namespace, stats: Stats) -> None:
    """After ``--warmup`` seconds, once every game has seen two moves (its client's and a
    bot's: the bot workers started, every route used once), the server's CPU time and the
    moves applied so far: the CPU per move is counted from there."""
    if not args.server_pid:
        return
    await asyncio.sleep(args.warmup)
    while sum(stats.plies.values()) < 2 * args.games or len(stats.plies) < args.games:
        await asyncio.sleep(0.2)
    stats.counted = (usage(args.server_pid)[0], sum(stats.plies.values()))


def usage(root: int) -> tuple[float, int]:
    """CPU seconds and resident bytes of the process ``root`` and all its descendants (server
    workers, bot workers), read from /proc (Linux; zeros elsewhere)."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    tree, todo = set(), [root]
    while todo:
        pid = todo.pop()
        tree.add(pid)
        todo += [child for child, parent in parents.items() if parent == pid]
    cpu, rss = 0.0, 0
    tick, page = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE")
    for pid in tree:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        cpu += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
        rss += int(fields[21]) * page
    return cpu, rss


def report(stats: Stats, args: argparse.Namespace, server: str) -> str:
    lat = sorted(stats.latencies)
    moves = sum(stats.plies.values())
    elapsed = getattr(stats, "elapsed", args.seconds)

    def pct(p: float, values: list[float] = lat) -> float:
        return values[min(len(values) - 1, int(p * len(values)))] * 1000 if values else float("nan")

    own = sorted(stats.server)
    undos = sorted(stats.undos)

    return "\n".join(
        [
            f"{args.games} concurrent games ({args.players} players: 1 client, "
            f"{args.players - 1} {args.bots} bot(s)), {elapsed:.0f} s, think {args.think} s, "
            f"server: {server}",
            f"moves applied: {moves} ({moves / elapsed:.0f} moves/s, clients' and bots'); "
            f"games finished: {stats.games_done}",
            f"client moves: {len(lat)} ({len(lat) / elapsed:.0f}/s), latency p50 {pct(0.50):.1f} "
            f"ms, p99 {pct(0.99):.1f} ms, max {(lat[-1] * 1000 if lat else 0):.1f} ms"
            + (f", mean {statistics.fmean(lat) * 1000:.1f} ms" if lat else ""),
            f"  of which in the server (Server-Timing): p50 {pct(0.5, own):.1f} ms, "
            f"p99 {pct(0.99, own):.1f} ms",
            f"undos: {len(undos)}, latency p50 {pct(0.5, undos):.1f} ms, p99 "
            f"{pct(0.99, undos):.1f} ms, max {(undos[-1] * 1000 if undos else 0):.1f} ms",
            f"conflicts (409): {stats.conflicts}, errors: {stats.errors}",
        ]
        + clock_lines(stats, args)
        + social_lines(stats, args, pct)
    )


def social_lines(stats: Stats, args: argparse.Namespace, pct: Any) -> list[str]:
    lines = []
    if args.accounts:
        calls, signs = sorted(stats.account_calls), sorted(stats.sign_ups)
        lines.append(
            f"accounts: {stats.accounts} registered and signed in again before the run "
            f"({stats.sign_up_seconds:.1f} s, {SIGN_UPS} at a time, argon2id: p50 "
            f"{pct(0.5, signs):.0f} ms, p99 {pct(0.99, signs):.0f} ms); in the run "
            f"{stats.claimed} seats claimed and played with a seat key, claim and key "
            f"requests p50 {pct(0.5, calls):.1f} ms, p99 {pct(0.99, calls):.1f} ms"
        )
    if args.chat:
        chats = sorted(stats.chats)
        lines.append(
            f"chat: {len(chats)} messages ({len(chats) / getattr(stats, 'elapsed', 1):.1f}/s), "
            f"latency p50 {pct(0.5, chats):.1f} ms, p99 {pct(0.99, chats):.1f} ms; "
            f"refused as too fast (429): {stats.chat_refused}"
        )
    return lines


def clock_lines(stats: Stats, args: argparse.Namespace) -> list[str]:
    if not stats.clocked:
        return []
    late = sorted(stats.timeouts)
    pct = (lambda p: late[min(len(late) - 1, int(p * len(late)))]) if late else (lambda p: 0.0)
    return [
        f"clocked games: {stats.clocked} ({args.clock} s a move); timeouts seen: {len(late)}, "
        f"after the deadline p50 {pct(0.5):.2f} s, max {(late[-1] if late else 0):.2f} s; "
        f"seats taken back: {stats.returns}"
    ]


def known_flags(command: list[str], env: dict[str, str]) -> list[str]:
    """``command`` without the options (each with its value) that the server of another
    revision does not know (an older one has fewer limits to raise)."""
    shown = subprocess.run(
        [*command[:4], "--help"], env=env, capture_output=True, text=True, check=True
    ).stdout
    kept = command[:4]
    for flag, value in zip(command[4::2], command[5::2], strict=True):
        if f"{flag} " in shown or f"{flag}\n" in shown:
            kept += [flag, value]
    return kept


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (200)")
    parser.add_argument("--seconds", type=float, default=60, help="how long to play (60)")
    parser.add_argument("--think", type=float, default=3.0, help="mean think time, s (3.0)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--bots", default="random", help="the bots' kind (random)")
    parser.add_argument("--length", default="short", choices=("short", "long"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--undo", type=float, default=0.0, help="chance of taking a move back when allowed (0)"
    )
    parser.add_argument(
        "--clocked", type=float, default=0.0, help="share of games with a clock (0)"
    )
    parser.add_argument("--clock", type=int, default=30, help="their seconds a move (30)")
    parser.add_argument(
        "--absent", type=float, default=0.0, help="share of clocked clients silent once (0)"
    )
    parser.add_argument(
        "--accounts", type=float, default=0.0, help="share of clients with accounts (0)"
    )
    parser.add_argument(
        "--chat", type=float, default=0.0, help="mean seconds between a client's chat lines (off)"
    )
    parser.add_argument("--base", help="a running server, http://127.0.0.1:PORT (loopback)")
    parser.add_argument("--database", help="for the server started here (default: temp SQLite)")
    parser.add_argument("--workers", type=int, default=1, help="server processes (1)")
    parser.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="seconds before the server's CPU per move is counted (5: bot workers started)",
    )
    parser.add_argument(
        "--src",
        help="run the server started here from this source tree's src/ (another revision, "
        "e.g. a `git archive` of it, for a side-by-side comparison)",
    )
    parser.add_argument(
        "--profile",
        help="run the server started here under cProfile, its statistics written to this file "
        "when it stops (where its CPU per move goes; the profiler itself slows it down)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--games 1-{MAX_GAMES}, --seconds up to {MAX_SECONDS}")
    if not 0 <= args.accounts <= 1 or (args.chat and args.chat < MIN_CHAT):
        parser.error(f"--accounts 0-1, --chat at least {MIN_CHAT} s (the server's chat rate)")
    proc, folder, log = None, None, None
    base = args.base
    if base and not loopback(base):
        parser.error("the load goes to loopback addresses only (127.0.0.0/8, ::1, localhost)")
    if not base:
        folder = Path(tempfile.mkdtemp(prefix="onmars-load-"))
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        database = args.database or f"sqlite:///{folder / 'load.sqlite3'}"
        command = [
            sys.executable, "-m", "onmars.cli", "serve", "--port", str(port),
            "--database", database, "--workers", str(args.workers),
            "--rate", "1000", "--burst", "1000", "--create-rate", "1000",
            "--create-burst", "1000", "--ws-per-address", "100000",
            "--login-rate", "1000", "--login-burst", "1000",
        ]  # fmt: skip
        log = (folder / "serve.log").open("wb")
        env = dict(os.environ)
        if args.src:
            env["PYTHONPATH"] = str(Path(args.src).resolve() / "src")
            command = known_flags(command, env)
        if args.profile:
            profile = ["-m", "cProfile", "-o", str(Path(args.profile).resolve())]
            command = [command[0], *profile, *command[1:]]
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        for _ in range(300):
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        else:
            proc.kill()
            print((folder / "serve.log").read_text()[-2000:], file=sys.stderr)
            return 1
    try:
        health = httpx.get(f"{base}/api/health", timeout=5).json()
        server = f"{health['database']}, {args.workers} worker(s)"
        args.server_pid = proc.pid if proc is not None else None
        stats = uvloop.run(run(base, args))
        print(report(stats, args, server))
        if proc is not None and stats.before is not None:
            (_, rss0), (cpu1, rss1) = stats.before, usage(proc.pid)
            cpu0, moves0 = stats.counted or (stats.before[0], 0)
            moves = sum(stats.plies.values()) - moves0
            per_move = (cpu1 - cpu0) * 1000 / max(moves, 1)
            print(
                f"server processes (bot workers included): CPU {per_move:.2f} ms a move "
                f"applied ({cpu1 - cpu0:.1f} s for {moves} moves after {args.warmup:g} s of "
                f"warm-up); RSS {rss1 / 2**20:.0f} MiB at the end, "
                f"{(rss1 - rss0) / 2**10 / args.games:.0f} KiB a game more than at the start"
            )
    finally:
        if proc is not None:
            # uvicorn raises the signal again once shut down: SIGINT lets cProfile write first
            proc.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
        if log is not None:
            log.close()
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
