"""The terminal client (issue 5): ``onmars play`` driven through injected input and a recorded
rich Console, and the board rendering (RUL-18: a seat's screen shows no other seat's secrets)."""

from __future__ import annotations

import argparse
import io
import json
import random
from pathlib import Path

from conftest import random_game
from rich.console import Console

import onmars
from onmars import cli
from onmars.rules.actions import scoring
from onmars.rules.data import hexmap
from onmars.terminal import menu, play, render


def console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)


def output(con: Console) -> str:
    return con.file.getvalue()


class Script:
    """Scripted input: returns the lines in turn (echoed like a terminal), then end of input.
    Before each line it records the game's state, so tests can check what a line changed."""

    def __init__(self, lines: list[str], con: Console) -> None:
        self.lines = list(lines)
        self.con = con
        self.session: play.Session | None = None
        self.seen: list[tuple[str, dict, list[str]]] = []  # (line, state, moves) before it

    def __call__(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.con.print(prompt + line, markup=False, highlight=False)
        if self.session is not None:
            game = self.session.game
            self.seen.append((line, game.state.to_dict(), list(game.moves)))
        return line


def session(game: onmars.Game, kinds: list, lines: list[str], save: Path) -> tuple:
    con = console()
    script = Script(lines, con)
    s = play.Session(game, kinds, console=con, input_fn=script, save_path=save)
    script.session = s
    return s, script, con


def args(**kw) -> argparse.Namespace:
    base = dict(
        players=None, bots=None, names=None, seed=None, length="short", save=None, load=None
    )
    base.update(kw)
    return argparse.Namespace(**base)


# --- whole games -----------------------------------------------------------------------------


def test_random_bots_play_a_whole_game_through_the_command(tmp_path, capsys) -> None:
    save = tmp_path / "bots.json"
    argv = ["play", "--players", "2", "--bots", "random,random", "--seed", "4", "--bot-seed", "4"]
    assert cli.main([*argv, "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Random 1 (random bot)" in out and "Random 2 (random bot)" in out
    assert "Final scores" in out and "Total" in out
    assert "Winner: " in out or "Shared victory: " in out
    data = json.loads(save.read_text())
    assert data["bots"] == ["random", "random"]
    game = onmars.Game.replay(data)  # the autosave is the whole game's log
    assert game.is_over
    for row in game.scores():
        assert row["name"] in out
        assert row["total"] == sum(row["breakdown"].values())


def test_play_is_the_default_command(tmp_path, monkeypatch, capsys) -> None:
    """``onmars`` alone starts a hot-seat game; with no input it stops at once, saved in a file
    of its own (onmars-<date>-<seed>.json)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    assert "Player 1 (human)" in out and "Game stopped" in out
    [save] = tmp_path.glob("onmars-*.json")
    assert json.loads(save.read_text())["moves"] == []


def bot_streams(argv: list[str], save: Path) -> list[tuple]:
    """The state of each bot's own random stream in the session ``onmars play argv`` builds."""
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    con = console()
    s = play.build_session(parser.parse_args([*argv, "--save", str(save)]), con, Script([], con))
    return [bot.rng.getstate() for bot in s.bots if bot is not None]


def test_bots_streams_are_drawn_apart_from_the_game_seed(tmp_path) -> None:
    """Issue 21.1, RUL-18: the bots' own random streams are not derived from the game's seed:
    two sessions of the same --seed hand their bots different streams; --bot-seed N plays a
    session again."""
    argv = ["--players", "3", "--bots", "greedy,random", "--seed", "7"]
    first, second = (bot_streams(argv, tmp_path / f"{k}.json") for k in (1, 2))
    assert first[0] != second[0] and first[1] != second[1]
    again = [bot_streams([*argv, "--bot-seed", "5"], tmp_path / f"{k}.json") for k in (3, 4)]
    assert again[0] == again[1] and again[0][0] != again[0][1]


def test_unknown_bot_and_bad_counts_are_refused() -> None:
    con = console()
    assert play.main(args(players=2, bots="nobody"), con, lambda p: "quit") == 2
    assert "unknown bot 'nobody'" in output(con)
    con = console()
    assert play.main(args(players=2, bots="random,random,random"), con, lambda p: "") == 2
    assert "3 bots for 2 players" in output(con)
    con = console()
    assert play.main(args(players=3, names="Ana,Ben"), con, lambda p: "") == 2
    assert "2 names for 3 players" in output(con)


# --- a human seat ----------------------------------------------------------------------------


def test_human_input_bad_lines_change_nothing_then_number_and_undo(tmp_path) -> None:
    game = onmars.Game.new(["Ana", "Robo"], seed=3)
    lines = [
        "frobnicate 1,2",  # malformed: not a verb
        "seat 9",  # well formed but illegal (§19)
        "42",  # no such move number
        "why seat 9",
        "why seat 2",
        "help",
        "info BP04",
        "3",  # the third legal move: seat 3
        "undo",
        "quit",
    ]
    s, script, con = session(game, [None, "random"], lines, tmp_path / "save.json")
    assert s.run() == 0
    out = output(con)

    assert "Not a move or a command" in out and "unknown move 'frobnicate'" in out
    assert "Illegal move 'seat 9': §19" in out
    assert "No move number 42: the menu's numbers are 1-8." in out
    assert "'seat 9' is illegal now. §19" in out
    assert "'seat 2' is legal now (move 2)." in out
    assert "undo" in out and "Move notation:" in out  # help
    assert "Wind Turbines" in out  # info BP04

    by_line = {line: (state, moves) for line, state, moves in script.seen}
    start_state, start_moves = by_line["frobnicate 1,2"]
    for line in lines[1:8]:  # nothing before "3" changed the game
        assert by_line[line] == (start_state, start_moves), line
    # "3" played seat 3 (then the bot may have moved); "undo" took it all back
    after_three = by_line["undo"][1]
    assert after_three[len(start_moves)] == "seat 3"
    assert "Took back: Ana: Take Turn Order space 3" in out
    assert s.game.moves == start_moves
    assert s.game.state.to_dict() == start_state
    assert json.loads((tmp_path / "save.json").read_text())["moves"] == start_moves


def test_hot_seat_hands_over_between_humans(tmp_path) -> None:
    game = onmars.Game.new(["Ana", "Ben"], seed=3)
    first = game.current_player
    lines = ["", *["1"] * 12, "quit"]  # Enter at the hand-over, then the first move each time
    s, script, con = session(game, [None, None], lines, tmp_path / "s.json")
    assert s.run() == 0
    out = output(con)
    names = ["Ana", "Ben"]
    assert f"Pass the keyboard to {names[first]}." in out
    assert f"Pass the keyboard to {names[1 - first]}." in out


def test_save_and_load_resume(tmp_path) -> None:
    game = onmars.Game.new(["Ana", "Robo", "Cy"], seed=5)
    manual = tmp_path / "manual.json"
    lines = ["1", "1", "1", f"save {manual}", "quit"]
    s, _, con = session(game, [None, "random", "random"], lines, tmp_path / "auto.json")
    assert s.run() == 0
    assert f"moves to {manual}" in output(con)
    played = list(s.game.moves)
    assert len(played) >= 3
    data = json.loads(manual.read_text())
    assert data == {**s.game.log, "bots": [None, "random", "random"]}
    assert json.loads((tmp_path / "auto.json").read_text()) == data  # autosaved too

    # --load: the same position, the same seats (bots from the file), saving back to it
    con = console()
    resumed = play.build_session(args(load=str(manual)), con, Script(["quit"], con))
    assert resumed.game.state.to_dict() == s.game.state.to_dict()
    assert resumed.bot_names == [None, "random", "random"]
    assert [m for _, _, m in resumed.entries(None)] == played
    assert resumed.save_path == manual

    # through main: resume, play one more move, quit; the autosave holds the longer log
    con = console()
    out_file = tmp_path / "more.json"
    first = str(menu.build(resumed.game, "en")[0].number)  # a Turn Order space keeps its own
    rc = play.main(args(load=str(manual), save=str(out_file)), con, Script([first, "quit"], con))
    assert rc == 0
    assert f"Resumed after {len(played)} moves." in output(con)
    more = json.loads(out_file.read_text())
    assert more["moves"][: len(played)] == played and len(more["moves"]) > len(played)
    assert onmars.Game.replay(more).moves == more["moves"]


def test_load_refuses_a_bad_file(tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"options": {"players": ["A", "B"], "length": "short"}, "seed": 1, "moves": ["seat 99"]}'
    )
    con = console()
    assert play.main(args(load=str(bad)), con, lambda p: "quit") == 2
    said = " ".join(output(con).split())
    # a log without a rules version is version 0: older than this program's (issue 21.10)
    assert "made under an older version of the rules" in said and "move 1 (seat 99)" in said
    bad.write_text("not json")
    con = console()
    assert play.main(args(load=str(bad)), con, lambda p: "quit") == 2
    assert "is not JSON" in output(con)


# --- rendering -------------------------------------------------------------------------------


def seat_screen(game: onmars.Game, seat: int, lang: str = "en", focus: str = "mars") -> str:
    """What ``seat`` sees: its view, its menu when it decides, its events, the projection."""
    entries = menu.build(game, lang) if game.current_player == seat else None
    return render.to_text(
        render.screen(
            game.view(seat),
            lang=lang,
            decision=game.decision(),
            entries=entries,
            events=game.events(seat, since=max(0, len(game.moves) - 30), lang=lang),
            projection=game.projection(seat),
            focus=focus,
        )
    )


def test_seat_view_shows_its_own_goals_and_no_other_seats_goals() -> None:
    game = random_game(4, seed=8, moves=60)
    others = [g for p in game.state.players[1:] for g in p.goals]
    assert others, "the other seats should still hold Private Goals here"
    text = seat_screen(game, 0, focus="board")
    for goal in game.state.players[0].goals:
        assert goal in text
    for goal in others:
        assert goal not in text
    # the same through the play loop's screens for seat 0: its board, then another's
    con = console()
    s = play.Session(game, [None, "random", "random", "random"], console=con, input_fn=None)
    s.show(0)
    s.switch_view(0, "board", "")
    s.switch_view(0, "board", game.players[1])
    shown = output(con)
    assert all(goal not in shown for goal in others)
    assert "hidden" in shown


def test_screen_fits_a_120_by_50_terminal() -> None:
    """The whole screen of a decision (board or Mars, players, described menu, log) fits
    120x50, leaving a line for the prompt, in both languages, across the positions of random
    games."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = onmars.Game.new(players, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not game.is_over and k < 600:
            seat = game.current_player
            if k % 11 == 0:
                lang = ("en", "zh")[k % 2]
                for focus in ("mars", "board"):
                    text = seat_screen(game, seat, lang, focus)
                    lines = text.splitlines()
                    assert max(len(line) for line in lines) <= 120
                    assert len(lines) <= 49, (players, k, lang, focus, len(lines), text)
            game.play(rng.choice(game.legal_moves()))
            k += 1


def test_map_draws_every_hex_and_the_pieces() -> None:
    game = random_game(3, seed=2, moves=300)
    view = game.view(None)
    text = render.to_text(render.map_text(view))
    for q, r in hexmap.cells():
        assert f"{q},{r}" in text
    assert text.count("Sh") >= 3  # the starting Shelters
    assert "Mi" in text  # the starting Mine
    assert text.count("b") >= sum(1 for x in view["bot"] if x >= 0)
    # info on a hex names what stands there
    centre = render.describe_hex(view, "0,0")
    assert centre.startswith("Hex 0,0: Mine")


def test_describe_names_cards_and_tiles() -> None:
    assert "Wind Turbines" in render.describe("BP04")
    assert "Geologist" in render.describe("geologist")
    assert render.describe("no-such-thing") == ""
    assert render.describe_hex({"bld": []}, "99,99") == ""


def test_final_scores_table_lists_the_breakdown_and_winner() -> None:
    game = random_game(2, seed=4, moves=100000)
    assert game.is_over
    view = game.view(None)
    win = scoring.winners(game.state)
    text = render.to_text(render.scores_table(view, game.scores(), win))
    for label in ("Living Quarters", "Tech tiles", "Blueprints", "Total"):
        assert label in text
    assert "★" in text
    assert game.state.players[win[0]].name in render.to_text(render.winners_text(view, win))


def test_a_bots_discarded_goal_is_not_named_to_the_human(tmp_path: Path) -> None:
    """RUL-18: a Private Goal spent as a Crystal goes to the box unseen; the printed log
    (Game.events) names it only for the one human who discarded it."""
    game = onmars.Game.new(2, seed=1)
    while game.state.stack[-1]["t"] != "turn":
        game.play(game.legal_moves()[0])
    mover = game.current_player
    goal = game.state.players[mover].goals[0]
    game.play(f"discard {goal}")
    for human in (mover, 1 - mover):
        kinds = [None, None]
        kinds[1 - human] = "random"
        con = Console(file=io.StringIO(), width=120, color_system=None)
        s = play.Session(game, kinds, console=con, input_fn=None, save_path=tmp_path / "s")
        s.show_log("")
        out = con.file.getvalue()
        # the move's own line says it (its event only repeated it): unnamed to the other
        said = "Spend Private Goal" if human == mover else "Spend a Private Goal as a Crystal"
        assert said in out
        # named by its text (issue 23.5: no internal id), to its owner only
        words = onmars.catalog("en")["private_goal"][goal]["text"]
        assert goal not in out
        assert (f"'{words}'" in out) == (human == mover)


def test_hint_names_the_searchs_top_moves_and_is_counted_in_the_save(tmp_path) -> None:
    """Issue 25.1: ``hint`` prints up to three moves of the menu with margin, win chance and
    reasons, changes nothing in the game, and the save counts the hints per seat."""
    game = onmars.Game.new(["Ana", "Robo"], seed=3)
    lines = ["hint 0", "hint soon", "hint 0.2", "lang zh", "hint 0.1", "quit"]
    s, script, con = session(game, [None, "random"], lines, tmp_path / "save.json")
    assert s.run() == 0
    out = output(con)
    assert out.count("Usage: hint [seconds]") == 2
    assert "The search's choices (" in out and "% to win" in out
    assert "1. [" in out  # the first suggestion with its menu number
    assert "搜索" in out and "胜率" in out
    by_line = {line: (state, moves) for line, state, moves in script.seen}
    assert by_line["hint 0.2"] == by_line["quit"]  # a hint plays nothing
    assert s.hints == [2, 0]
    assert json.loads((tmp_path / "save.json").read_text())["hints"] == [2, 0]
    con = console()
    resumed = play.build_session(args(load=str(tmp_path / "save.json")), con, Script([], con))
    assert resumed.hints == [2, 0]
