"""Issue 26, item 6: the examples run (small settings) and print what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from aikit import need

need("pyspiel")
need("pettingzoo")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(script: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


def test_pettingzoo_loop_plays_a_game() -> None:
    out = run("pettingzoo_loop.py", "--players", "2", "--seed", "3")
    last = out.strip().splitlines()[-1]
    assert "steps; final rewards:" in last and "'player_0'" in last and "'player_1'" in last


def test_project_bots_against_openspiel_mcts() -> None:
    out = run("openspiel_vs_bots.py", "--bots", "random", "easy", "--games", "2", "--sims", "2")
    rows = [
        line
        for line in out.splitlines()
        if line.startswith("| random") or line.startswith("| easy")
    ]
    assert len(rows) == 2 and all(row.rstrip().endswith("% |") for row in rows)
