"""Bad input never ends in a traceback: the engine raises an OnMarsError (a ValueError) for
every bad option or move object, and the terminal clients answer every line and file with a
message and change nothing. A new game never replaces another game's save unasked."""

from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

import pytest
from conftest import started
from rich.console import Console

import onmars
from onmars import Move, cli
from onmars.rules.game import MAX_SEED
from onmars.terminal import play as terminal
from onmars.tools import replay

# --- the library (item 9) ------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 9},
        {"players": ["a", 2]},
        {"players": None},
        {"players": 3, "length": ["short"]},
        {"players": 3, "length": None},
        {"players": 3, "seed": -1},
        {"players": 3, "seed": MAX_SEED},
        {"players": 3, "seed": 2**300},
        {"players": 3, "seed": "7"},
        {"players": 3, "seed": True},
    ],
    ids=str,
)
def test_bad_options_raise_an_onmars_error(kwargs: dict) -> None:
    """§3, §3.2, RUL-17: a bad count, length or seed is an OnMarsError and a ValueError."""
    with pytest.raises(onmars.OnMarsError) as exc:
        onmars.Game.new(**kwargs)
    assert isinstance(exc.value, ValueError)
    assert str(exc.value).startswith(("§", "RUL"))


HUGE = 10**5000  # past Python's 4,300 digits: it has no repr or str


@pytest.mark.parametrize(
    "call",
    [
        lambda g: onmars.Game.new(2, seed=[HUGE]),
        lambda g: onmars.Game.new(HUGE),
        lambda g: onmars.Game.new(2, length=HUGE),
        lambda g: onmars.Game.new(2, rules=HUGE),
        lambda g: g.view(HUGE),
        lambda g: g.view([HUGE]),
        lambda g: g.projection(HUGE),
        lambda g: g.events(HUGE),
        lambda g: g.events(None, -HUGE),
        lambda g: g.seat_log(HUGE),
        lambda g: g.undo(HUGE),
        lambda g: g.determinize(0, [HUGE]),
        lambda g: g.play(Move("main", (HUGE,))),  # type: ignore[arg-type]
    ],
    ids=[
        "new-seed",
        "new-players",
        "new-length",
        "new-rules",
        "view",
        "view-list",
        "projection",
        "events-seat",
        "events-since",
        "seat_log",
        "undo",
        "determinize",
        "play",
    ],
)
def test_integers_past_4300_digits_get_an_error_that_names_them(call) -> None:
    """Issue 21.11: an integer too long to print is refused by an OnMarsError that says so,
    not a ValueError raised while writing the refusal."""
    game = started(2, seed=1)
    with pytest.raises(onmars.OnMarsError, match="too long to show"):
        call(game)
    with pytest.raises(onmars.OptionsError, match="RUL-17: the seed must be from 0 to 2"):
        onmars.Game.new(2, seed=HUGE)  # out of range: said without showing it


@pytest.mark.parametrize("seat", [True, 1.0, "1", 99, -1])
def test_undo_refuses_what_is_not_a_seat(seat: object) -> None:
    """RUL-19: ``undo(seat)`` takes a seat of the game; ``True`` and ``1.0`` are not seat 1,
    and 99 is no seat at all (not a refusal of RUL-19's own)."""
    game = started(2, seed=1)
    game.play(game.legal_moves()[0])
    moves = list(game.moves)
    for call in (game.undo, game.can_undo):
        with pytest.raises(onmars.OptionsError, match="no seat"):
            call(seat)  # type: ignore[arg-type]
    assert game.moves == moves


def test_every_seed_in_range_can_be_saved() -> None:
    """RUL-17: seeds run from 0 to 2**63 - 1, and such a game saves and loads."""
    for seed in (0, MAX_SEED - 1):
        game = onmars.Game.new(2, seed=seed)
        assert onmars.Game.from_json(game.to_json()).log == game.log


@pytest.mark.parametrize(
    "move",
    [
        Move(["main"], ("pod",)),  # type: ignore[arg-type]
        Move("main", None),  # type: ignore[arg-type]
        Move("main", (a for a in ["pod"])),  # type: ignore[arg-type]
        Move("main", ["pod"]),  # type: ignore[arg-type]
        Move("main", "pod"),  # type: ignore[arg-type]
        Move("main", (1,)),  # type: ignore[arg-type]
        Move(None),  # type: ignore[arg-type]
        Move("MAIN", ("pod",)),
    ],
    ids=repr,
)
def test_odd_move_objects_are_invalid_moves(move: Move) -> None:
    """A Move built by hand with odd fields is an InvalidMoveError, never a TypeError; the
    game is unchanged."""
    game = started(3, seed=1)
    before = game.state.to_dict()
    with pytest.raises(onmars.InvalidMoveError):
        game.play(move)
    with pytest.raises(onmars.InvalidMoveError):
        game.why(move)
    assert game.state.to_dict() == before and game.moves == list(game.log["moves"])


# --- the terminal (item 11) ------------------------------------------------------------------


def console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)


def feed(lines: list[str]):
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def args(**kw) -> argparse.Namespace:
    base = dict(
        players=None, bots=None, names=None, seed=None, length="short", save=None, load=None
    )
    base.update(kw)
    return argparse.Namespace(**base)


def test_odd_lines_at_the_prompt_change_nothing(tmp_path: Path) -> None:
    """Digits that are not ASCII ("²".isdigit() is True), a bad log count, save targets that
    cannot be files: each gets a message, and the game and the save stay as they were."""
    game = onmars.Game.new(["Ana", "Robo"], seed=3)
    save = tmp_path / "s.json"
    lines = ["²", "①", "log ²", "log -1", "why ²", "save .", f"save {tmp_path}", "save a\0b"]
    lines += ["info ²", "undo", "conclude"]
    con = console()
    s = terminal.Session(game, [None, "random"], console=con, input_fn=feed(lines), save_path=save)
    assert s.run() == 0
    out = con.file.getvalue()
    assert out.count("Not a move or a command") == 2
    assert "Usage: log [N]" in out
    assert "Could not save to '.'" in out and "Could not save to 'a\\x00b'" in out
    assert "it is a folder: name a file" in out
    assert "Traceback" not in out
    assert s.game.moves == [] and json.loads(save.read_text())["moves"] == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]


def deep_file(tmp_path: Path) -> Path:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    return path


def test_load_refuses_odd_files(tmp_path: Path) -> None:
    """--load: a 100,000-deep JSON file, a log whose moves are an object, a missing file."""
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({**onmars.Game.new(2, seed=1).log, "moves": {"a": 1}}))
    for path, words in (
        (deep_file(tmp_path), "nested too deeply"),
        (odd, "moves must be a list"),
        (tmp_path / "missing.json", "cannot read"),
    ):
        con = console()
        assert terminal.main(args(load=str(path)), con, feed(["quit"])) == 2
        assert words in " ".join(con.file.getvalue().split())


def test_load_accepts_a_library_save(tmp_path: Path) -> None:
    """--load also takes a Game.to_json() save; the game resumes where it was."""
    game = started(2, seed=2)
    path = tmp_path / "lib.json"
    path.write_text(game.to_json())
    con = console()
    s = terminal.build_session(args(load=str(path)), con, feed(["quit"]))
    assert s.game.state.to_dict() == game.state.to_dict() and s.bot_names == [None, None]


def test_replay_refuses_odd_files_seats_and_lines(tmp_path: Path) -> None:
    """replay: a 100,000-deep file, a seat the game does not have, "g ²" while stepping."""
    game = onmars.Game.new(3, seed=4)
    rng = random.Random(4)
    for _ in range(10):
        game.play(rng.choice(game.legal_moves()))
    path = tmp_path / "g.json"
    path.write_text(json.dumps(game.log))
    for target, seat, words in ((deep_file(tmp_path), None, "nested"), (path, 3, "seats are 0-2")):
        out = io.StringIO()
        assert replay.run(str(target), seat, None, Console(file=out, width=120), None) == 2
        assert words in out.getvalue()
    out = io.StringIO()
    steps = iter(["g ²", "g 3", "q"])
    assert replay.run(str(path), 0, 0, Console(file=out, width=120), lambda p: next(steps)) == 0
    shown = [line for line in out.getvalue().splitlines() if line.startswith("move ")]
    assert shown == ["move 0 of 10", "move 3 of 10"]


def test_bench_refuses_zero_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err


def test_bench_refuses_a_repeat_of_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--repeat", "0"]) == 2
    assert "--repeat must be from 1 to 100" in capsys.readouterr().err


# --- saves of new games (item 12) --------------------------------------------------------------


def test_each_new_game_gets_a_save_of_its_own(tmp_path: Path, monkeypatch) -> None:
    """Two new games with the same seed never share a save file."""
    monkeypatch.chdir(tmp_path)
    paths = []
    for _ in range(2):
        con = console()
        s = terminal.build_session(args(players=2, seed=7), con, feed([]))
        assert s.run() == 0
        paths.append(s.save_path)
    assert paths[0] != paths[1] and all(p.exists() for p in paths)
    assert all(p.name.startswith("onmars-") and p.suffix == ".json" for p in paths)


def test_the_screen_and_the_save_name_never_show_the_seed(tmp_path: Path, monkeypatch) -> None:
    """RUL-18: the seed reveals every face-down stack and every hand: the terminal shows it
    nowhere, and the autosave's name does not hold it."""
    monkeypatch.chdir(tmp_path)
    seed = 987654321
    con = console()
    s = terminal.build_session(args(players=2, seed=seed), con, feed([]))
    assert s.run() == 0
    assert str(seed) not in con.file.getvalue() and str(seed) not in s.save_path.name


def test_an_explicit_save_holding_a_game_is_replaced_only_if_the_player_agrees(
    tmp_path: Path, monkeypatch
) -> None:
    """--save naming a file that holds a game: "n" (or no interactive input) keeps it; "y"
    replaces it."""
    save = tmp_path / "mine.json"
    old = started(2, seed=5)
    save.write_text(json.dumps(old.log))
    kept = save.read_text()
    con = console()
    assert terminal.main(args(players=2, save=str(save)), con, feed(["n"])) == 2
    assert "kept as it was" in con.file.getvalue() and save.read_text() == kept
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # not a terminal: nobody to ask
    con = console()
    assert terminal.main(args(players=2, save=str(save)), con, None) == 2
    assert "not replacing it without asking" in con.file.getvalue()
    assert save.read_text() == kept
    con = console()
    assert terminal.main(args(players=2, seed=9, save=str(save)), con, feed(["y"])) == 0
    assert json.loads(save.read_text())["seed"] == 9


def test_save_command_asks_before_replacing_another_games_file(tmp_path: Path) -> None:
    """Issue 8 item 12: ``save FILE`` naming another game's save asks first; "n" keeps it,
    "y" replaces it."""
    other = tmp_path / "other.json"
    other.write_text(json.dumps(started(2, seed=5).log))
    kept = other.read_text()
    for answer, replaced in (("n", False), ("y", True)):
        game = onmars.Game.new(["Ana", "Robo"], seed=3)
        lines = [f"save {other}", answer]
        s = terminal.Session(
            game, [None, "random"], console=console(), input_fn=feed(lines),
            save_path=tmp_path / "s.json",
        )  # fmt: skip
        assert s.run() == 0
        assert (other.read_text() != kept) is replaced
