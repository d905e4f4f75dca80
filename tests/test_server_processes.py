"""The server as processes: `onmars serve` killed with SIGKILL mid-game loses no acknowledged
move; two processes on one PostgreSQL push each other's moves and race fairly for a ply.

Each test starts `onmars serve` subprocesses on free loopback ports (slow: marked, still run).
"""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from serverkit import ServerProcess, bearer
from websockets.sync.client import connect

from onmars.server.config import database_url
from onmars.server.store import Store, moves

pytestmark = pytest.mark.slow

HUMANS = [{"name": "Ana"}, {"name": "Ben"}]


def create(base: str) -> tuple[str, list[str]]:
    r = httpx.post(f"{base}/api/games", json={"players": HUMANS}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def hammer(
    base: str, gid: str, tokens: list[str], acked: list[tuple[int, str]], stop: threading.Event
) -> None:
    """Play random legal moves as fast as the server answers, noting each acknowledged one,
    until told to stop or the server goes away."""
    rng = random.Random(3)
    with httpx.Client(base_url=base, timeout=5) as http:
        while not stop.is_set():
            try:
                seat = http.get(f"/api/games/{gid}").json()["current_player"]
                state = http.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).json()
                if state["is_over"]:
                    return
                text = rng.choice(state["legal_moves"])["move"]
                r = http.post(
                    f"/api/games/{gid}/moves",
                    json={"ply": state["ply"], "move": text},
                    headers=bearer(tokens[seat]),
                )
            except (httpx.HTTPError, ValueError):
                return  # killed
            if r.status_code == 200:
                acked.append((state["ply"], text))


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(")")[-1].split()[0] == "Z")


def stored_moves(url: str, gid: str) -> dict[int, str]:
    store = Store(database_url(url))
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(moves.c.ply, moves.c.move).where(moves.c.game_id == gid)
            ).all()
    finally:
        store.close()
    return dict(rows)


def assert_gone(pids: list[int]) -> None:
    """A stopped server's worker processes leave with it (within 10 s)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(pid) for pid in pids):
        time.sleep(0.1)
    assert not [pid for pid in pids if alive(pid)], "orphaned worker processes"


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_server_killed_with_sigkill_loses_no_acknowledged_move(
    db: str, tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if db == "sqlite":  # the default: a file in the data folder, made on the first start
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        database = ""
        url = database_url(None)
    else:
        database = url = request.getfixturevalue("postgres")
    extra = ("--bot-delay", "0.2", *(("--database", database) if database else ()))
    server = ServerProcess(tmp_path / "serve.log", *extra).start()
    if db == "sqlite":
        assert (tmp_path / "data" / "onmars" / "onmars.sqlite3").exists()
    gid, tokens = create(server.base)
    # a game with a bot, so that the server has a bot worker process when it is killed (a
    # greedy one: a random bot chooses in the server itself, bots.INSTANT)
    httpx.post(
        f"{server.base}/api/games",
        json={"players": [{"name": "G1", "bot": "greedy"}, {"name": "G2", "bot": "greedy"}]},
        timeout=10,
    )
    acked: list[tuple[int, str]] = []
    try:
        for round_ in range(2):
            stop = threading.Event()
            worker = threading.Thread(
                target=hammer, args=(server.base, gid, tokens, acked, stop), daemon=True
            )
            worker.start()
            deadline, before = time.monotonic() + 30, len(acked)
            while time.monotonic() < deadline and (
                len(acked) < before + 20 or not server.children()
            ):
                time.sleep(0.01)
            time.sleep(0.013 + 0.071 * round_)  # mid-flight, at no moment in particular
            children = server.children()
            assert children, "no bot worker process"
            server.kill()
            stop.set()
            worker.join(10)
            assert len(acked) >= before + 20, "the client made too few moves to test anything"
            server = ServerProcess(tmp_path / "serve.log", *extra).start()
            stored = stored_moves(url, gid)
            assert all(stored.get(ply) == text for ply, text in acked), "an acknowledged move lost"
            state = httpx.get(f"{server.base}/api/games/{gid}", timeout=5).json()
            assert state["ply"] == len(stored) >= acked[-1][0] + 1
            assert sorted(stored) == list(range(len(stored)))
            # the killed server's bot worker leaves too
            assert_gone(children)
    finally:
        server.stop()


def test_a_server_stopped_with_sigterm_ends_its_bot_workers_cleanly(tmp_path: Path) -> None:
    """A host stops the server as systemd does (SIGTERM) while bots are thinking: it shuts
    down (uvicorn then ends by the signal, as systemd expects), its bot worker ends with it, and
    its log has no warning of leaked multiprocessing resources."""
    log = tmp_path / "serve.log"
    server = ServerProcess(log, "--database", str(tmp_path / "g.sqlite3")).start()
    try:
        bots = [{"name": "G1", "bot": "greedy"}, {"name": "G2", "bot": "greedy"}]
        r = httpx.post(f"{server.base}/api/games", json={"players": bots}, timeout=10)
        assert r.status_code == 201, r.text
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not server.children():
            time.sleep(0.05)
        children = server.children()
        assert children, "no bot worker process"
        assert server.proc is not None
        server.proc.terminate()
        assert server.proc.wait(30) in (0, -signal.SIGTERM)
        assert_gone(children)
    finally:
        server.stop()
    said = log.read_text()
    assert "Application shutdown complete" in said
    assert "leaked" not in said and "Traceback" not in said, said[-2000:]


def test_two_processes_on_one_postgres_push_each_others_moves(
    postgres: str, tmp_path: Path
) -> None:
    # --poll 60: only LISTEN/NOTIFY can bring the other process's move within the test's time
    a = ServerProcess(tmp_path / "a.log", "--database", postgres, "--poll", "60").start()
    b = ServerProcess(tmp_path / "b.log", "--database", postgres, "--poll", "60").start()
    try:
        gid, tokens = create(a.base)
        ws_base = b.base.replace("http://", "ws://")
        with (
            connect(f"{ws_base}/api/games/{gid}/ws", open_timeout=5) as on_b,
            connect(f"{a.base.replace('http://', 'ws://')}/api/games/{gid}/ws") as on_a,
        ):
            on_b.send(json.dumps({"token": None}))
            on_a.send(json.dumps({"token": None}))
            assert json.loads(on_b.recv(timeout=5))["ply"] == 0
            assert json.loads(on_a.recv(timeout=5))["ply"] == 0
            for ply, (server, watcher) in enumerate([(a, on_b), (b, on_a), (a, on_b)]):
                seat = httpx.get(f"{server.base}/api/games/{gid}").json()["current_player"]
                state = httpx.get(f"{server.base}/api/games/{gid}", headers=bearer(tokens[seat]))
                assert state.json()["ply"] == ply
                text = state.json()["legal_moves"][0]["move"]
                r = httpx.post(
                    f"{server.base}/api/games/{gid}/moves",
                    json={"ply": ply, "move": text},
                    headers=bearer(tokens[seat]),
                )
                assert r.status_code == 200, r.text
                started = time.monotonic()
                pushed = json.loads(watcher.recv(timeout=5))
                while pushed["ply"] < ply + 1:
                    pushed = json.loads(watcher.recv(timeout=5))
                assert time.monotonic() - started < 5
                assert pushed["ply"] == ply + 1 and pushed["events"][0]["ply"] == ply
                assert pushed["view"]["seed"] is None
    finally:
        a.stop()
        b.stop()


def test_fifty_clients_on_two_processes_race_for_one_ply(postgres: str, tmp_path: Path) -> None:
    a = ServerProcess(tmp_path / "a.log", "--database", postgres).start()
    b = ServerProcess(tmp_path / "b.log", "--database", postgres).start()
    try:
        gid, tokens = create(a.base)
        for round_ in range(3):
            seat = httpx.get(f"{a.base}/api/games/{gid}").json()["current_player"]
            state = httpx.get(f"{b.base}/api/games/{gid}", headers=bearer(tokens[seat])).json()
            legal = [m["move"] for m in state["legal_moves"]]
            barrier = threading.Barrier(50)
            codes: list[int] = []

            def racer(
                i: int,
                ply: int = state["ply"],
                seat: int = seat,
                barrier: threading.Barrier = barrier,
                legal: list[str] = legal,
                codes: list[int] = codes,
            ) -> None:
                base = (a, b)[i % 2].base
                with httpx.Client(base_url=base, timeout=10) as http:
                    barrier.wait()
                    r = http.post(
                        f"/api/games/{gid}/moves",
                        json={"ply": ply, "move": legal[i % len(legal)]},
                        headers=bearer(tokens[seat]),
                    )
                    codes.append(r.status_code)

            threads = [threading.Thread(target=racer, args=(i,)) for i in range(50)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert codes.count(200) == 1 and codes.count(409) == 49, (round_, codes)
            assert httpx.get(f"{b.base}/api/games/{gid}").json()["ply"] == round_ + 1
            assert len(stored_moves(postgres, gid)) == round_ + 1
    finally:
        a.stop()
        b.stop()


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_client_alternating_two_processes_sees_fresh_state(
    db: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Two processes on one database, polling too slowly to help (``--poll 60``): a GET
    through B right after a move through A shows that move, and a client that alternates
    processes for every request never gets 409 (issue 28.6: 5 of 5 GETs were stale, 116 of
    281 moves refused). Each answer checks the game's stored version first."""
    database = str(tmp_path / "g.sqlite3")
    if db == "postgresql":
        database = request.getfixturevalue("postgres")
    a, b = (
        ServerProcess(tmp_path / f"{name}.log", "--database", database, "--poll", "60")
        for name in "ab"
    )
    a.start()
    b.start()
    try:
        gid, tokens = create(a.base)
        rng = random.Random(5)
        for ply in range(40):
            here = (a, b)[ply % 2]  # the other process made the last move
            seat = httpx.get(f"{here.base}/api/games/{gid}").json()["current_player"]
            state = httpx.get(f"{here.base}/api/games/{gid}", headers=bearer(tokens[seat])).json()
            assert state["ply"] == ply, "a stale answer"
            text = rng.choice(state["legal_moves"])["move"]
            r = httpx.post(
                f"{here.base}/api/games/{gid}/moves",
                json={"ply": ply, "move": text},
                headers=bearer(tokens[seat]),
            )
            assert r.status_code == 200, r.text
    finally:
        a.stop()
        b.stop()


def test_serve_refuses_an_unreachable_database(tmp_path: Path) -> None:
    import subprocess
    import sys

    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "onmars.cli",
            "serve",
            "--database",
            "postgresql://nobody@127.0.0.1:1/x",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ},
    )
    assert r.returncode == 1 and "cannot prepare the database" in r.stderr
