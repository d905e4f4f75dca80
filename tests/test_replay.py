"""``onmars replay``: a saved game shown at any move, from a seat's view (RUL-18)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

from rich.console import Console

import onmars
from onmars.tools import replay


def saved_game(tmp_path: Path, moves: int = 80) -> tuple[Path, onmars.Game]:
    game = onmars.Game.new(3, seed=4)
    rng = random.Random(4)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.log))
    return path, game


def run(path: Path, seat: int | None, to: int | None, lines: list[str] | None = None) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    feed = iter(lines or [])
    reader = None if lines is None else (lambda prompt: next(feed))
    assert replay.run(str(path), seat, to, console, reader) == 0
    return out.getvalue()


def test_replay_shows_the_position_after_n_moves(tmp_path: Path) -> None:
    """The screen after 10 moves says so and logs that last move in words, not the next."""
    path, game = saved_game(tmp_path)
    text = " ".join(run(path, None, 10).split())
    assert "move 10 of 80" in text
    said = [e["text"] for e in game.events(None, lang="en") if e["id"] == "move"]
    assert said[9][:30] in text and said[10][:30] not in text


def test_stepping_forward_back_and_to_a_move(tmp_path: Path) -> None:
    """n, p and g N move through the game; the last screen is the one asked for."""
    path, _ = saved_game(tmp_path)
    text = run(path, 0, 0, ["n", "n", "p", "g 40", "q"])
    shown = [line for line in text.splitlines() if line.startswith("move ")]
    assert shown == [f"move {k} of 80" for k in (0, 1, 2, 1, 40)]


def test_replay_names_a_discarded_goal_only_to_its_owner(tmp_path: Path) -> None:
    """RUL-18: a Private Goal spent as a Crystal goes to the box unseen."""
    game = onmars.Game.new(3, seed=4)
    while game.state.stack[-1]["t"] != "turn":
        game.play(game.legal_moves()[0])
    seat = game.current_player
    goal = game.state.players[seat].goals[0]
    game.play(f"discard {goal}")
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.log))
    # its owner reads it by its text (issue 23.5: no internal id), the others not at all
    words = onmars.catalog("en")["private_goal"][goal]["text"]
    assert f"Private Goal '{words[:8]}" in run(path, seat, None)  # the panel cuts long lines
    other = (seat + 1) % 3
    text = run(path, other, None)
    assert goal not in text and "Private Goal '" not in text
    assert "Spend a Private Goal as a Crystal" in text


def test_a_broken_save_is_refused(tmp_path: Path) -> None:
    """A file that is not a game log (here: no seed) gets a message and exit status 2, no
    traceback."""
    path = tmp_path / "bad.json"
    path.write_text('{"options": {}, "moves": ["nonsense"]}')
    out = io.StringIO()
    assert replay.run(str(path), None, None, Console(file=out, width=300), None) == 2
    assert "is not an On Mars save" in out.getvalue()
