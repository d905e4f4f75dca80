"""The terminal explains the game (issue 10 item 6): the log in plain words, every menu entry
described and numbered as shown, a confirmation before a move with warnings, a lone harmless
choice played by itself, English and Chinese (``--lang``, ``lang``), and no secret of another
seat on a seat's screen (RUL-18)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from rich.console import Console
from test_play import Script, args, console, output, seat_screen

import onmars
from onmars.terminal import logview, menu, play
from onmars.tools import replay


def session(game: onmars.Game, kinds: list, lines: list[str], tmp_path: Path, lang: str = "en"):
    con = console()
    script = Script(lines, con)
    s = play.Session(
        game, kinds, console=con, input_fn=script, save_path=tmp_path / "s.json", lang=lang
    )
    script.session = s
    return s, script, con


def to_turn(game: onmars.Game) -> onmars.Game:
    """Play the first legal move until someone chooses a Main action (§5.1)."""
    while game.decision().step != "turn":
        game.play(game.legal_moves()[0])
    return game


def one_line(text: str) -> str:
    return " ".join(text.split())


def test_the_log_tells_each_move_in_plain_words(tmp_path: Path) -> None:
    """After each move the console says what it did, with its gains, and the screen's log
    has round separators: no move notation."""
    game = onmars.Game.new(["Ana", "Robo"], seed=3)
    s, _, con = session(game, [None, "random"], ["3", "1", "y", "quit"], tmp_path)
    assert s.run() == 0
    out = output(con)
    assert "Ana: Take Turn Order space 3: Take a Tech tile from the Tech Grid" in out
    assert "Ana takes Turn Order space 3" not in out  # the move's line says it already
    said = [e["text"] for e in logview.in_order(s.game.events(0, lang="en"))]
    for text in said[:6]:
        assert text in out
    # the log of a later screen: rounds begin with a separator line, gains are shown
    game = onmars.Game.new(["Ana", "Robo"], seed=3)
    rng = random.Random(3)
    while game.round < 2:
        game.play(rng.choice(game.legal_moves()))
    text = seat_screen(game, game.current_player)
    assert "── Round 2 begins ──" in text
    for _ in range(12):
        game.play(rng.choice(game.legal_moves()))
    text = seat_screen(game, game.current_player)
    assert re.search(r": [+-]\d+ (Crystal|Mineral|Water|Plant|Oxygen|Batter)", text), text


def test_menu_entries_are_described_and_numbered_as_shown(tmp_path: Path) -> None:
    """A Turn Order menu never shows a bare "seat 6": each entry names its space and bonus,
    and the number shown is the number to type: the space's own (issue 21)."""
    game = onmars.Game.new(["Ana", "Ben", "Cy"], seed=3)
    game.play("seat 2")
    game.play("done")  # no Blueprint from the bonus
    seat = game.current_player
    text = seat_screen(game, seat)
    assert "seat 6" not in text
    entry = re.search(r"(\d+)\) Take Turn Order space 6: Up to 2 movement points", text)
    assert entry, text
    numbers = [int(n) for n in re.findall(r"(?m)(?:^|[│ ])(\d+)\) ", text)]
    spaces = [int(m.args[0]) for m in game.legal_moves()]
    assert numbers == spaces and entry.group(1) == "6"  # each entry numbered by its space
    kinds: list[str | None] = ["random", "random", "random"]
    kinds[seat] = None
    s, _, _ = session(game, kinds, [entry.group(1), "quit"], tmp_path)
    s.run()
    assert s.game.moves[2] == "seat 6"


def test_grouped_moves_keep_their_numbers_in_order() -> None:
    """Moves shown together (a Tech tile's two Lab spaces, a Bot's destinations) are numbered
    in the order they are shown, whatever the engine's order."""
    game = onmars.Game.new(["Ana", "Ben"], seed=3)
    game.play("seat 3")
    entries = menu.build(game, "en")
    assert [e.number for e in entries] == list(range(1, len(entries) + 1))
    assert any(e.group.startswith("learn ") for e in entries)
    text = menu.menu_text(entries, "en", width=90)
    shown = [int(n) for n in re.findall(r"(\d+)\) ", text.plain)]
    assert shown == [e.number for e in entries]


def test_a_warned_move_asks_first_and_no_leaves_the_game_unchanged(tmp_path: Path) -> None:
    """Spending a Private Goal as a Crystal warns that the goal is lost: "n" plays nothing;
    the same move confirmed with "y" is played."""
    game = to_turn(onmars.Game.new(["Ana", "Ben"], seed=1))
    seat = game.current_player
    goal = game.state.players[seat].goals[0]
    number = next(e.number for e in menu.build(game, "en") if str(e.move) == f"discard {goal}")
    kinds: list[str | None] = [None, None]
    s, script, con = session(game, kinds, ["", str(number), "n", f"discard {goal}", "y"], tmp_path)
    s.run()
    out = output(con)
    assert "⚠ This Private Goal can then never be completed" in out
    assert "Not played: nothing changed." in out
    seen = {line: (state, moves) for line, state, moves in script.seen}
    assert seen["n"] == seen[str(number)]  # "n": the game as it was before the number
    assert seen[f"discard {goal}"] == seen[str(number)]
    assert s.game.moves[-1] == f"discard {goal}"


def test_a_lone_harmless_choice_plays_itself(tmp_path: Path) -> None:
    """A lone "done" with nothing else to do is played for the player, and says so."""
    game = onmars.Game.new(["Ana", "Ben"], seed=1)
    rng = random.Random(1)
    while True:
        legal = game.legal_moves()
        if len(legal) == 1 and not game.describe(legal[0])["warnings"]:
            break
        game.play(rng.choice(legal))
    n, seat = len(game.moves), game.current_player
    kinds: list[str | None] = ["random", "random"]
    kinds[seat] = None
    s, script, con = session(game, kinds, [], tmp_path)
    s.run()
    assert s.game.moves[n] == str(legal[0])
    assert "(the only choice, played for" in output(con)
    assert n in s.auto


def test_chinese_texts_with_lang_zh(tmp_path: Path) -> None:
    """``onmars play --lang zh``: the screen, the menu and the components in Chinese; ``lang
    en`` switches back."""
    con = console()
    script = Script(["board", "lang en", "quit"], con)
    rc = play.main(
        args(players=2, bots="random", seed=3, lang="zh", save=str(tmp_path / "g.json")),
        con,
        script,
    )
    assert rc == 0
    out = output(con)
    zh, _, en = out.partition("> lang en")
    cat = onmars.catalog("zh")
    game = onmars.Game.new(2, seed=3)
    for bp in game.view(0)["bp_display"]:
        assert cat["blueprint"][bp]["name"] in one_line(zh)  # a component name in Chinese
    assert "第 0 轮" in zh and "占据顺位格" in zh and "Turn Order" not in zh
    assert "Round 0" in en and "Take Turn Order space" in en


def test_replay_in_chinese(tmp_path: Path) -> None:
    game = onmars.Game.new(2, seed=3)
    rng = random.Random(3)
    for _ in range(20):
        game.play(rng.choice(game.legal_moves()))
    path = tmp_path / "g.json"
    path.write_text(game.to_json())
    out = io.StringIO()
    assert replay.run(str(path), 0, None, Console(file=out, width=120), None, "zh") == 0
    assert "第 20 步，共 20 步" in out.getvalue()


def test_hot_seat_screen_names_no_other_seats_goal(tmp_path: Path) -> None:
    """RUL-18 in hot seat: after one player spends a Private Goal as a Crystal, what the
    console prints for that move and every screen of the other player name no goal of
    theirs."""
    game = to_turn(onmars.Game.new(["Ana", "Ben"], seed=1))
    mover = game.current_player
    other = 1 - mover
    goals = list(game.state.players[mover].goals)
    s, _, con = session(game, [None, None], ["", f"discard {goals[0]}", "y", "quit"], tmp_path)
    s.run()
    assert s.game.moves[-1] == f"discard {goals[0]}"
    before, said, after = output(con).rpartition("[y/N] y")
    assert said and goals[0] in before  # the mover's own screen named it
    after = after.partition("Round ")[0]  # what is printed for the table, before the next screen
    assert "Spend a Private Goal as a Crystal" in after
    shown = "".join(
        [
            seat_screen(s.game, other, focus="mars"),
            seat_screen(s.game, other, focus="board"),
            seat_screen(s.game, other, lang="zh"),
        ]
    )
    con = console()
    ben = play.Session(s.game, [None, None], console=con, input_fn=None)
    ben.switch_view(other, "board", s.game.players[mover])  # the mover's board, seen by other
    ben.show_log("50")
    for goal in goals:
        assert goal not in after and goal not in shown and goal not in output(con)
    assert "hidden" in output(con)


def test_the_command_line_and_the_terminal_speak_chinese(tmp_path, monkeypatch) -> None:
    """Issue 21 item 6: the command's errors, the banner, default player names and parse errors
    in Chinese: ``--lang zh``, or a Chinese environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    from onmars.rules.engine.i18n import env_lang

    assert env_lang({"LANG": "zh_CN.UTF-8"}) == "zh"
    assert env_lang({"LANGUAGE": "en_GB:zh", "LANG": "zh_CN.UTF-8"}) == "en"
    assert env_lang({"LC_ALL": "C.UTF-8"}) == env_lang({}) == "en"
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    con = console()
    assert play.main(args(players=2, bots="nobody"), con, lambda p: "quit") == 2
    assert "没有名为“nobody”的电脑玩家" in output(con) and "unknown" not in output(con)
    con = console()
    assert play.main(args(players=3, names="甲,乙", lang="zh"), con, lambda p: "") == 2
    assert "3 名玩家却给了 2 个名字" in output(con)

    kinds = [None, "greedy"]
    game = onmars.Game.new(play.default_names(kinds, "zh"), seed=1)
    s, _, con = session(game, kinds, ["", "xyzzy", "why xyzzy", "quit"], tmp_path, "zh")
    s.run()
    out = one_line(output(con))
    assert "火星之上" in out and "On Mars" not in out
    assert "玩家 1" in out and "贪心 2" in out
    assert out.count("未知的操作“xyzzy”") == 2 and "unknown move" not in out
