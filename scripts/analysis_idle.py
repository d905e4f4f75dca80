"""Does the post-game analysis slow live play? (issue 25.3)

Side by side, in alternating rounds: a foreground engine task (replaying a saved game and
projecting its score, as the server does for requests) timed alone, then while two analysis
workers (started as the server starts its one: SCHED_IDLE, onmars.server.analysis) judge
decisions at 128 simulations. Prints both series, the ratio of the medians and how many
decisions the workers judged meanwhile.

    python scripts/analysis_idle.py GAME.json [--rounds 4] [--seconds 6]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import onmars
from onmars.server.analysis import _start_worker
from onmars.tools import analysis as an


def busy(log: dict[str, Any], seconds: float) -> int:
    """Judge decisions of ``log`` for ``seconds`` (wall time): how many were judged."""
    plies = an.summary(log)["plies"]
    end, k = time.time() + seconds, 0
    while time.time() < end:
        an.analyse_plies(log, [plies[k % len(plies)]], 128)
        k += 1
    return k


def foreground(log: dict[str, Any]) -> float:
    start = time.perf_counter()
    for _ in range(6):
        onmars.Game.replay(log).projection()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", help="a finished game's log or record (JSON)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=6.0)
    args = parser.parse_args()
    with open(args.game, encoding="utf-8") as fh:
        log = json.load(fh)
    alone, beside, judged = [], [], []
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        2, mp_context=context, initializer=_start_worker, initargs=(os.getpid(),)
    ) as pool:
        for _ in range(args.rounds):
            alone.append(foreground(log))
            work = [pool.submit(busy, log, args.seconds) for _ in range(2)]
            time.sleep(1.0)
            beside.append(foreground(log))
            judged.append(sum(f.result() for f in work))
    print("foreground alone, s:          ", [round(x, 3) for x in alone])
    print("beside the analysis workers, s:", [round(x, 3) for x in beside])
    print("ratio of medians:", round(statistics.median(beside) / statistics.median(alone), 3))
    print(f"decisions the workers judged, per {args.seconds:g} s round:", judged)


if __name__ == "__main__":
    main()
