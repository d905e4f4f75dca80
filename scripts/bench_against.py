"""The issue 9 speed figures, this checkout against an older revision, in one run.

    python scripts/bench_against.py bbfecca --rounds 5

On a shared machine one timing says little: another process, or the host, may slow any run by
half. So each side is measured in turns (old, new, old, new, ...) in fresh processes, and each
figure keeps its least value over the rounds (noise only ever adds time). Each process plays
random 2- and 3-player games first (as ``onmars bench`` does, so the caches are warm), then
times, through the public API only (what every revision has):

- random 4-player games, seeds 0-19, each to its end (the median is over the games that end
  before the move cap, as the old bench counted them);
- ``Game.replay`` of the finished 4-player game of median length among those (each revision
  replays its own: the rule fixes between them change the games, so the moves are reported);
- ``copy()`` of the game of seed 0 after 600 moves;
- the search bot's simulations per CPU second as it runs them in a real game (issue 27.3): a
  whole 2-player game (seed 1) of ``search:100sims`` in seat 0 against greedy, every
  ``choose`` call of the search bot timed in this thread's CPU time and the simulations it ran
  (``SearchBot.last_sims``) counted, as ``onmars bench`` reports it in play.

The old revision is taken with ``git archive`` into a temporary folder; nothing of it is kept.

``--compiled DIR`` adds a third side: the compiled build (issue 27.5) installed into ``DIR``
(``pip install --no-deps --target DIR dist/onmars-*.whl``, see ``scripts/build_compiled.sh``),
measured in the same turns; its ratio column is against the older revision too.
With ``--callgrind`` (valgrind installed) each side is also counted in machine instructions,
which the machine's load does not change (``PYTHONHASHSEED=0``): per move of the random
4-player game of seed 0, per ``Game.replay`` of that game, per ``copy()`` after 600 moves and
per simulation of the search in play (the game above to the end of round 5, less the same
moves replayed with greedy alone choosing), each as the difference between two runs that
differ only in the part counted.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_MOVES = 10_000

#: Run in a child process against one revision's ``src`` (its public API only).
PROBE = """
import json, random, sys, time
from onmars import Game

def play(players, seed, limit):
    game, rng, n = Game.new(players, seed=seed), random.Random(seed), 0
    start = time.perf_counter()
    while not game.is_over and n < limit:
        game.play(rng.choice(game.legal_moves()))
        n += 1
    return game, n, time.perf_counter() - start

def least(fn, n):
    best = float("inf")
    for _ in range(n):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best

limit = int(sys.argv[1])
for players in (2, 3):
    for seed in range(5):
        play(players, seed, limit)
games = {}
for seed in range(20):
    _, n, secs = play(4, seed, limit)
    games[seed] = [secs, n]
ended = sorted((n, seed) for seed, (_, n) in games.items() if n < limit)
median_seed = ended[(len(ended) - 1) // 2][1]  # the game of median length
finished, _, _ = play(4, median_seed, limit)
log = finished.log
going, _, _ = play(4, 0, 600)

def search_in_play(seed, name):
    from onmars.bots import make_bot
    game = Game.new(2, seed=seed)
    bots = [make_bot(name, seed), make_bot("greedy", seed + 1)]
    sims, spent = 0, 0.0
    while not game.is_over:
        seat = game.current_player
        legal, view = game.legal_moves(), game.view(seat)
        start = time.thread_time()
        move = bots[seat].choose(view, legal)
        if seat == 0:
            spent += time.thread_time() - start
            sims += bots[0].last_sims
        game.push(move)
    return sims, spent

search_sims, search_cpu = search_in_play(1, "search:100sims")
print(json.dumps({
    "search_sims": search_sims,
    "search_cpu": search_cpu,
    "games": games,
    "replay": least(lambda: Game.replay(log), 5),
    "replay_moves": len(log["moves"]),
    "copy": least(going.copy, 2000),
}))
"""


#: Run under callgrind: the game of seed 0 (``moves`` of them, all if negative), then ``replay``
#: of it (0 or 1) and ``copies`` copies of it.
CG_PROBE = """
import random, sys
from onmars import Game
moves, replay, copies = map(int, sys.argv[1:4])
game, rng, n = Game.new(4, seed=0), random.Random(0), 0
while not game.is_over and n != moves:
    game.play(rng.choice(game.legal_moves()))
    n += 1
if replay:
    Game.replay(game.log)
for _ in range(copies):
    game.copy()
print(n)
"""


#: Run under callgrind: the search-in-play game (seed 1, ``search:100sims`` in seat 0 against
#: greedy) until round ``rounds`` ends, the search bot choosing (``search`` 1: prints the
#: simulations, then the moves) or only replaying the moves it chose, read from stdin, while
#: greedy chooses as before (0): the difference is the search's own work.
CG_SEARCH = """
import json, sys
from onmars import Game, Move
from onmars.bots import make_bot
rounds, search = map(int, sys.argv[1:3])
game = Game.new(2, seed=1)
bots = [make_bot("search:100sims", 1), make_bot("greedy", 2)]
moves, sims = ([] if search else json.loads(sys.stdin.read())), 0
n = 0
while not game.is_over and game.round <= rounds and (search or n < len(moves)):
    seat = game.current_player
    legal, view = game.legal_moves(), game.view(seat)
    if search or seat == 1:
        move = bots[seat].choose(view, legal)
    else:
        move = Move.parse(moves[n])
    if search:
        moves.append(str(move))
        sims += bots[0].last_sims if seat == 0 else 0
    game.push(move)
    n += 1
print(json.dumps([sims, moves]))
"""
#: The rounds of the search-in-play game counted under callgrind.
CG_ROUNDS = 5


def callgrind(src: Path, args: list[str], stdin: str = "") -> tuple[int, str]:
    """Instructions of one run of ``python -c args...`` against ``src``, and its output."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
        + ["-c", *args],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
    )
    counted = re.search(r"Collected : (\d+)", out.stderr)
    assert counted, out.stderr[-500:]
    return int(counted.group(1)), out.stdout


def search_instructions(src: Path) -> tuple[float, int]:
    """Instructions per simulation of the search in play (see :data:`CG_SEARCH`), and how
    many simulations were counted."""
    searched, out = callgrind(src, [CG_SEARCH, str(CG_ROUNDS), "1"])
    sims, moves = json.loads(out)
    replayed, _ = callgrind(src, [CG_SEARCH, str(CG_ROUNDS), "0"], json.dumps(moves))
    return (searched - replayed) / sims, sims


def instructions(src: Path, moves: int, replay: int = 0, copies: int = 0) -> tuple[int, int]:
    """Instructions of one :data:`CG_PROBE` run, and the moves it played."""
    counted, out = callgrind(src, [CG_PROBE, str(moves), str(replay), str(copies)])
    return counted, int(out)


def counts(src: Path) -> dict[str, float]:
    """Instructions per move, per replay and per copy (see ``--callgrind``)."""
    start, _ = instructions(src, 0)
    whole, moves = instructions(src, -1)
    replayed, _ = instructions(src, -1, replay=1)
    at_600, _ = instructions(src, 600)
    copied, _ = instructions(src, 600, copies=1000)
    per_sim, sims = search_instructions(src)
    return {
        "move": (whole - start) / moves,
        "replay": replayed - whole,
        "copy": (copied - at_600) / 1000,
        "moves": moves,
        "search": per_sim,
        "sims": sims,
    }


def measure(src: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(MAX_MOVES)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def summary(runs: list[dict]) -> dict[str, float]:
    """Each figure's least value over the runs; the median game over the seeds that ended."""
    seeds = runs[0]["games"]
    best = {s: min(r["games"][s][0] for r in runs) for s in seeds}
    moves = {s: runs[0]["games"][s][1] for s in seeds}
    ended = [s for s in seeds if moves[s] < MAX_MOVES]
    return {
        "game_ms": statistics.median(best[s] for s in ended) * 1e3,
        "move_us": statistics.median(best[s] / moves[s] for s in ended) * 1e6,
        "moves": statistics.median(moves[s] for s in ended),
        "ended": len(ended),
        "replay_ms": min(r["replay"] for r in runs) * 1e3,
        "replay_moves": runs[0]["replay_moves"],
        "copy_us": min(r["copy"] for r in runs) * 1e6,
        "search_rate": runs[0]["search_sims"] / min(r["search_cpu"] for r in runs),
        "search_sims": runs[0]["search_sims"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the older revision (a commit, tag or branch)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--compiled", type=Path, metavar="DIR", help="also the compiled build installed in DIR"
    )
    parser.add_argument("--callgrind", action="store_true", help="count instructions too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.rev, "src"], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        sides = {args.rev: Path(tmp) / "src", "this checkout": ROOT / "src"}
        if args.compiled:
            sides["compiled"] = args.compiled.resolve()
        runs: dict[str, list[dict]] = {name: [] for name in sides}
        for _ in range(args.rounds):
            for name, src in sides.items():
                runs[name].append(measure(src))
        counted = {name: counts(src) for name, src in sides.items()} if args.callgrind else {}
    old, *news = (summary(r) for r in runs.values())
    rows = [
        ("4p random game, median ms", "game_ms", "{:.1f}", "floor 40"),
        ("  per move, median us", "move_us", "{:.2f}", ""),
        ("  moves (median), games ended", "moves", "{:.0f}", ""),
        ("Game.replay, finished 4p, ms", "replay_ms", "{:.1f}", "floor 25"),
        ("  moves replayed", "replay_moves", "{:.0f}", ""),
        ("copy() after 600 moves, us", "copy_us", "{:.1f}", "floor 15"),
        ("search in play, sims per CPU s", "search_rate", "{:,.0f}", "target 2x"),
        ("  simulations in the game", "search_sims", "{:.0f}", ""),
    ]
    print(f"least of {args.rounds} alternating rounds, wall clock (search: CPU time, best rate)")
    print(
        f"{'':34} "
        + " ".join(f"{name:>14} {'ratio' if i else '':>6}" for i, name in enumerate(sides))
    )
    for label, key, fmt, floor in rows:
        cells = [f"{fmt.format(old[key]):>14} {'':>6}"]
        for new in news:
            ratio = f"{new[key] / old[key]:6.2f}" if key.endswith(("ms", "us", "rate")) else ""
            cells.append(f"{fmt.format(new[key]):>14} {ratio:>6}")
        print(f"{label:34} {' '.join(cells)}  {floor}")
    ended = " and ".join(str(s["ended"]) for s in (old, *news))
    print(f"games ended before the move cap: {ended} of 20")
    if counted:
        a, *rest = counted.values()
        moves = " and ".join(f"{c['moves']:.0f}" for c in counted.values())
        print(f"callgrind instructions, 4p game of seed 0 ({moves} moves; ratios to {args.rev})")
        rows = [("per move", "move"), ("Game.replay", "replay"), ("copy()", "copy")]
        rows.append(("search in play, per simulation", "search"))
        for label, key in rows:
            cells = " ".join(f"{c[key]:14,.0f} {c[key] / a[key]:6.2f}" for c in rest)
            print(f"{label:34} {a[key]:14,.0f} {'':>6} {cells}")
        sims = " and ".join(f"{c['sims']:.0f}" for c in counted.values())
        print(f"  (search: the game of seed 1 to the end of round {CG_ROUNDS}, {sims} simulations)")


if __name__ == "__main__":
    main()
