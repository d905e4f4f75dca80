"""Memory and CPU of the game server's caches (issue 21.12), in process, on a temporary SQLite.

    python scripts/server_memory.py --games 50 --moves 900

Stores ``--games`` random 3-player games of ``--moves`` moves (and finished ones for the
replays) straight into the database, then measures with tracemalloc (the Python heap, what RSS
grows by) through the API:

- per cached game: each game asked once, as a page load does (``since=0``, English);
- the ``since`` attack: one client asks every game with ``--since`` different values;
- replays: the CPU time (process time, every thread) of a replay request stepping back through
  a finished game from its end as the web client does (``since=0`` each step), and of jumps to
  random plies.
"""

from __future__ import annotations

import argparse
import gc
import random
import secrets
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from fastapi.testclient import TestClient

import onmars
from onmars.server.app import create_app
from onmars.server.config import Settings
from onmars.server.store import Hints, SeatRow, Store
from onmars.tools import bench


def random_game(seed: int, moves: int | None) -> onmars.Game:
    """A 3-player game of random legal moves: ``moves`` of them, or to its end (None)."""
    return bench.random_game(3, seed, moves or 10**5, conclude=False)[0]


def store_game(store: Store, game: onmars.Game) -> str:
    """The game in the store, with human seats (no token: watched as a spectator)."""
    game_id = secrets.token_urlsafe(9)
    rows = [SeatRow(seat, name, None, None) for seat, name in enumerate(game.players)]
    movers = [entry.seat for entry in game.seat_log()]
    hints = Hints(game.current_player, game.is_over, game.round)
    store.import_game(game_id, game.log, rows, movers, hints)
    return game_id


def heap() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games cached (50)")
    parser.add_argument("--moves", type=int, default=900, help="moves per game (900)")
    parser.add_argument("--since", type=int, default=32, help="since values per game (32)")
    parser.add_argument("--replays", type=int, default=2, help="finished games replayed (2)")
    parser.add_argument("--steps", type=int, default=100, help="replay requests per game (100)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="onmars-memory-"))
    url = f"sqlite:///{folder / 'games.sqlite3'}"
    store = Store(url)
    store.migrate()
    ids = [store_game(store, random_game(i, args.moves)) for i in range(args.games)]
    finished = [store_game(store, random_game(1000 + i, None)) for i in range(args.replays)]
    warm = [store_game(store, random_game(2000 + i, args.moves)) for i in range(3)]
    store.close()
    limits = {"create_rate": 1e6, "create_burst": 10**6, "replay_rate": 1e6, "replay_burst": 10**6}
    known = {k: v for k, v in limits.items() if hasattr(Settings(), k)}  # older servers lack some
    settings = Settings(database=url, rate=1e6, burst=10**6, bot_processes=0, **known)
    with TestClient(create_app(settings)) as client:
        for game_id in warm:  # the engine's own caches (catalogs, tables) are filled first
            client.get(f"/api/games/{game_id}", params={"since": 0, "lang": "en"})
        tracemalloc.start()
        start = heap()
        for game_id in ids:
            assert client.get(f"/api/games/{game_id}", params={"since": 0, "lang": "en"}).is_success
        loaded = heap()
        hub = client.app.state.server.hub
        kept = dict(hub.games)
        hub.games.clear()  # what the cached games themselves hold: freed when they go
        if hasattr(hub, "bytes"):
            hub.bytes = 0
        kept.clear()
        freed = loaded - heap()
        print(
            f"{args.games} games of {args.moves} moves cached: {freed / args.games / 1e3:.0f} KB "
            f"a game (the heap grew by {(loaded - start) / args.games / 1e3:.0f} KB a game, "
            "with the engine's own bounded caches)"
        )
        for game_id in ids:
            assert client.get(f"/api/games/{game_id}", params={"since": 0, "lang": "en"}).is_success
        loaded = heap()
        for game_id in ids:
            for since in range(args.since):
                params = {"since": since * args.moves // args.since, "lang": "en"}
                assert client.get(f"/api/games/{game_id}", params=params).is_success
        attacked = heap()
        print(
            f"then {args.since} since values on each: +{(attacked - loaded) / 1e6:.1f} MB "
            f"(+{(attacked - loaded) / args.games / 1e3:.0f} KB a game)"
        )
        tracemalloc.stop()
        counted = getattr(hub, "bytes", None)
        if counted is not None:
            print(f"the cache's own count: {counted / 1e6:.1f} MB for {len(hub.games)} games")
        rng = random.Random(1)
        for game_id in finished:
            total = client.get(f"/api/games/{game_id}/replay", params={"ply": 0}).json()["total"]
            for label, plies in (
                ("steps back from the end", range(total, total - args.steps, -1)),
                ("random plies", [rng.randrange(total + 1) for _ in range(args.steps)]),
            ):
                cpu, took = time.process_time(), time.perf_counter()
                for ply in plies:
                    params = {"ply": ply, "since": 0, "lang": "en"}
                    assert client.get(f"/api/games/{game_id}/replay", params=params).is_success
                cpu, took = time.process_time() - cpu, time.perf_counter() - took
                print(
                    f"replay of a {total}-move game, {label}: {cpu / len(plies) * 1000:.1f} ms "
                    f"CPU a request ({took / len(plies) * 1000:.1f} ms wall)"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
