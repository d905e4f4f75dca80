"""The README walked through as a newcomer would: the commands it shows, and the plain mistakes
a newcomer makes with them, get the game or a message saying what is wrong, never a traceback
or a game that cannot be saved."""

from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

import pytest
from rich.console import Console

import onmars
from onmars import cli
from onmars.terminal import play
from onmars.tools import analyse, replay


def console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)


def finished_game(tmp_path: Path) -> Path:
    """A whole 2-player game of random moves, saved as its log."""
    game = onmars.Game.new(2, seed=3)
    rng = random.Random(3)
    while not game.is_over and len(game.moves) < 5000:
        game.play(rng.choice(game.legal_moves()))
    if not game.is_over:
        game.conclude()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.log))
    return path


def test_play_options_work_without_the_word_play(tmp_path: Path, capsys) -> None:
    """README: "`onmars play` (or just `onmars`, with the same options)"."""
    save = tmp_path / "bots.json"
    argv = ["--players", "2", "--bots", "random,random", "--seed", "4", "--bot-seed", "4"]
    assert cli.main([*argv, "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Random 1 (random bot)" in out and "Final scores" in out
    assert onmars.Game.replay(json.loads(save.read_text())).is_over


def test_a_save_file_in_a_missing_folder_is_refused_before_the_game(tmp_path: Path) -> None:
    """`--save` into a folder that does not exist: exit status 2 and why, before any move."""
    con = console()
    target = tmp_path / "no such folder" / "game.json"
    ns = argparse.Namespace(players=2, bots="greedy", names=None, seed=1, length="short",
                            save=str(target), load=None, lang="en")  # fmt: skip
    assert play.main(ns, console=con, input_fn=lambda prompt: "quit") == 2
    said = " ".join(con.file.getvalue().split())
    assert "its folder does not exist" in said and "Resume it with" not in said
    assert not target.parent.exists()


def test_stopping_a_game_that_cannot_be_saved_offers_no_resume(tmp_path: Path) -> None:
    """The autosave's folder vanished mid-game: quit says the save failed, and offers no
    `--load` of a file that was never written."""
    folder = tmp_path / "saves"
    folder.mkdir()
    con = console()
    game = onmars.Game.new(2, seed=1)
    session = play.Session(game, [None, "greedy"], console=con, input_fn=lambda p: "quit",
                           save_path=folder / "game.json")  # fmt: skip
    folder.rmdir()
    assert session.run() == 0
    said = " ".join(con.file.getvalue().split())
    assert "Could not save to" in said and "Game stopped." in said
    assert "Resume it with" not in said


def test_stepping_through_a_replay_starts_at_the_first_move(tmp_path: Path) -> None:
    """README: "`--step` steps through it from the first move": Enter shows move 1."""
    path = finished_game(tmp_path)
    total = len(json.loads(path.read_text())["moves"])
    con = console()
    lines = iter(["", "q"])
    assert replay.run(str(path), None, None, con, lambda prompt: next(lines)) == 0
    shown = [x for x in con.file.getvalue().splitlines() if x.startswith("move ")]
    assert shown == [f"move 0 of {total}", f"move 1 of {total}"]


def test_a_replay_without_step_shows_the_end(tmp_path: Path) -> None:
    path = finished_game(tmp_path)
    total = len(json.loads(path.read_text())["moves"])
    con = console()
    assert replay.run(str(path), None, None, con, None) == 0
    assert f"move {total} of {total}" in con.file.getvalue()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_analyse_out_that_is_a_file_is_refused_before_the_analysis(
    tmp_path: Path, lang: str, capsys
) -> None:
    """`--out` naming a file: exit status 2 and why in words, at once, no traceback."""
    path = finished_game(tmp_path)
    blocker = tmp_path / "charts"
    blocker.write_text("not a folder")
    con = console()
    ns = argparse.Namespace(file=str(path), sims=1, seed=0, out=str(blocker), all=False,
                            lang=lang)  # fmt: skip
    assert analyse.run(ns, con) == 2
    said = " ".join(con.file.getvalue().split())
    assert str(blocker) in said
    assert ("it is a file, not a folder" if lang == "en" else "不是文件夹") in said
    assert "analysed" not in capsys.readouterr().err  # refused before any decision was judged


def test_a_move_that_is_no_choice_names_no_python_call() -> None:
    """A player's refusal lists the choices; it sends nobody to `legal_moves()`."""
    game = onmars.Game.new(2, seed=1)
    game.play("seat 1")
    with pytest.raises(onmars.IllegalMoveError) as err:
        game.play("seat 2")
    text = str(err.value)
    assert "is not one of the choices here (item crystal;" in text
    assert "legal_moves" not in text
