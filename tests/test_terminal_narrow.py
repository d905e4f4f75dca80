"""The terminal at 80 and 100 columns, as players' laptops have them (it was drawn for 120):
every screen readable, nothing a player decides by cut off, and Chinese lines broken as Chinese
is set (between characters; never inside "1 座", after "（" or before "，")."""

from __future__ import annotations

import io
import random
import re

from conftest import random_game
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

import onmars
from onmars.rules.data.components import load
from onmars.terminal import boards, mapview, menu, play, render, words

HAN = "\u4e00-\u9fff"
#: An ASCII space between two Chinese characters.
STRAY_SPACE = re.compile(rf"[{HAN}] +[{HAN}]")
#: A 2-player short game up to the first Turn Order decision of the human (seat 1).
SEED = 7


def wrapped(text: str, width: int) -> list[str]:
    """``text`` as a console of ``width`` columns prints it (the terminal's rules installed)."""
    import onmars.terminal  # noqa: F401  (its import installs the Chinese line breaking)

    con = Console(file=io.StringIO(), width=width, color_system=None)
    con.print(Text(text))
    return con.file.getvalue().rstrip("\n").split("\n")


def test_a_chinese_line_keeps_a_number_with_its_measure_word() -> None:
    """ "建造 1 座发电机" at 17 columns: rich broke at the space between 1 and 座."""
    lines = wrapped("按常规规则建造 1 座发电机", 17)
    assert len(lines) == 2 and lines[1].startswith("1 座"), lines
    lines = wrapped("现在是第 1 轮，殖民地 2 级", 11)
    assert not any(line.rstrip().endswith("第") for line in lines), lines


def test_a_chinese_line_breaks_between_characters_never_after_an_opening_bracket() -> None:
    """A menu entry at 30 columns: each line but the last filled (a run of Chinese moved whole
    to the next line, leaving the line before half empty), none ending with "（" or starting
    with "）" or "，"."""
    text = "3) 占据顺位格 3：从科技网格拿取一块科技板块，支付其所在行的费用（可选） → 拿取科技板块"
    for width in (24, 30, 37):
        lines = wrapped(text, width)
        assert all(cell_len(line.rstrip()) >= width - 4 for line in lines[:-1]), lines
        assert not any(line.rstrip().endswith("（") for line in lines), lines
        assert not any(line.startswith(("）", "，", "：")) for line in lines), lines
    english = "Take Turn Order space 3: Take a Tech tile from the Tech Grid, paying its row's cost"
    assert wrapped(english, 30) == [
        "Take Turn Order space 3: Take ",
        "a Tech tile from the Tech ",
        "Grid, paying its row's cost",
    ]  # English breaks at spaces, as rich breaks it


def session_screen(width: int, lang: str, focus: str = "mars") -> str:
    """The human's first screen (or their board) on a console ``width`` columns wide."""
    game = onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short")
    con = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    s = play.Session(game, [None, "greedy"], console=con, input_fn=lambda p: "quit", lang=lang,
                     bot_seed=1)  # fmt: skip
    s.show(0) if focus == "mars" else s.switch_view(0, "board", "")
    return con.file.getvalue()


def test_at_80_and_100_columns_the_screen_shows_the_boards_players_and_whole_menu() -> None:
    """At 80 and 100 columns the shared boards were squeezed to a column beside the map (the
    Turn Order spaces unseen), the players' Ships and Advanced markers cut with "…", and the
    menu drawn for 120 columns wrapped into its border; now the boards stand under the map,
    each player takes more lines, and each menu entry wraps under its label, its cost whole."""
    for width in (80, 100):
        for lang, turn_order, ships, markers, cost, decision in (
            ("en", "Turn Order spaces", "Ships in Hangar", "Advanced markers", "1 Plant + 1 Water",
             "╭─ Decision"),
            ("zh", "顺位格：奖励", "机库飞船", "剩余先进建筑标记", "支付 1 植物 + 1 水", "╭─ 决定"),
        ):  # fmt: skip
            shown = session_screen(width, lang)
            lines = shown.splitlines()
            assert max(cell_len(line) for line in lines) <= width, (width, lang)
            assert turn_order in shown and all(f"│ {n} " in shown for n in range(1, 9))
            for name in ("Ana", "Ben"):
                part = shown[shown.index(f"\n{name} ") :]
                assert ships in part and markers in part, (width, lang)
            menu = shown[shown.rindex(decision) : shown.rindex("╰")]
            assert all(f"│ {n}) " in menu for n in range(1, 9)), menu
            flat = "".join(line.strip("│ ") for line in menu.splitlines())
            assert cost.replace(" ", "") in flat.replace(" ", ""), (width, lang, menu)
            assert "…" not in shown.split("╭")[-3], (width, lang)  # the players' lines


def test_at_80_columns_the_board_view_is_not_cut() -> None:
    """The board view's lower row (Depot, cards, Tech Grid) had a fixed height: at 80 columns
    the cards wrapped past it and the Exploration tiles and the Tech Grid's rows were lost."""
    for lang, exploration, bottom in (("en", "Exploration", "bottom"), ("zh", "探索区", "下")):
        shown = session_screen(80, lang, focus="board")
        assert max(cell_len(line) for line in shown.splitlines()) <= 80
        assert exploration in shown and f"│ {bottom}" in shown, (lang, shown)
    # each empty Lab space's benefit whole ("4m★ +1 水" over "晶" beside its id)
    lab = shown[shown.index("实验室：") : shown.index("水晶库：")]
    empty = [sp for sp in load().lab_space if sp not in game_start().view(0)["players"][0]["lab"]]
    assert all(words.lab_benefit(sp, "zh") in lab for sp in empty), lab


def game_start() -> onmars.Game:
    return onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short")


def test_chinese_legends_and_boards_set_no_space_between_chinese_words() -> None:
    """ "机会分 即胜利分", "红 蓝 绿 黄", "井 矿井", "1 轨道 仓库物品", "建造 蓝··": a sign and its
    meaning, a side and its bonus, a slot and its Colonists now meet by "：" (no space), the
    colour initials stand side by side; English keeps its spaces."""
    game = onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short")
    for move in ("seat 1", "item battery", "seat 2"):
        game.play(move)
    view = game.view(0)
    texts = [
        render.abbreviations("zh").plain,
        mapview.legend(view, "zh").plain,
        boards.turn_order_text(view, "zh").plain,
        boards.slots_text(view, "zh").plain,
    ]
    for text in texts:
        assert not STRAY_SPACE.search(text), STRAY_SPACE.findall(text)
    assert "机会分：即胜利分" in texts[0] and "红蓝绿黄：" in texts[0]
    assert "：实验室格（列号" in texts[0] and "：：" not in texts[0]  # one colon per pair
    assert "1 轨道：仓库物品" in texts[2]
    assert "OP Opportunity Points" in render.abbreviations("en").plain
    assert "1 Orbit Warehouse item" in boards.turn_order_text(view, "en").plain


def test_players_lines_keep_every_part_whole_at_any_width() -> None:
    """A player's two lines at 120 columns; at 80 more lines, no part cut."""
    game = onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short")
    view = game.view(0)
    for width, lines in ((120, 5), (80, 8)):
        shown = render.to_text(boards.players_part(view, "en", None, width), width)
        assert "…" not in shown and shown.count("Advanced markers") == 2, shown
        assert len(shown.splitlines()) == lines, shown


def test_a_chinese_list_sets_no_space_after_its_commas() -> None:
    """The board view's Tech Grid and displays read "矿井， 升级， 发电设施": the space was
    added so that rich could break the line there; Chinese lines now break between any two
    characters, and after "，" no space stands."""
    game = onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short")
    view = game.view(0)
    for text in (boards.grid_text(view, "zh").plain, boards.displays_text(view, "zh").plain,
                 boards.cards_text(view, 0, "zh", science=False).plain):  # fmt: skip
        assert "， " not in text and "，" in text, text
    assert ", " in boards.grid_text(view, "en").plain


def test_the_status_breaks_between_its_parts_and_sets_a_chinese_name_without_a_space() -> None:
    """The status line broke inside "Shuttle: Orbit side, space 1" at 80 columns, and a
    Chinese player's name (玩家 1, the default) stood after "画面属于" with a space."""
    view = random_game(2, 5, 40).view(1)
    assert view["shuttle_side"]
    view["players"][1]["name"] = "玩家 2"
    zh = render.to_text(render.status_text(view, "zh", 80), 80)
    assert "画面属于玩家 2" in zh, zh
    for width in (60, 80):
        en = render.to_text(render.status_text(view, "en", width), width).splitlines()
        shuttle = "Shuttle: Orbit side, space 1"
        assert any(line.startswith(shuttle) or line.endswith(shuttle) for line in en), en
        assert not any(line.startswith("·") for line in en), en


def test_narrow_panels_say_their_titles_and_commands_whole() -> None:
    """At 80 columns the Scientist / Contract panel's title ("the cost to hire or take
    (besides a Colonist on y…") and, at 100, the menu's commands ("lang zh─╯") were cut by
    their borders: the panel says its columns inside, the commands keep "help" last."""
    view = onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short").view(0)
    for lang in ("en", "zh"):
        shown = render.to_text(boards.science_panel(view, lang, 80), 80)
        columns = onmars.tr(
            "the cost to hire or take (besides a Colonist on your slot), what it gives", lang
        )
        flat = "".join(line.strip("│ ") for line in shown.splitlines()[:4])
        assert columns.replace(" ", "") in flat.replace(" ", ""), shown
        for width in (40, 54, 80):
            hint = render.command_hint(lang, width)
            assert cell_len(hint) <= width and hint.endswith("help"), hint
            assert hint.startswith(("number · undo", "编号 · undo")), hint


def test_a_legend_sign_stays_on_the_line_of_its_meaning() -> None:
    """ "· ◀" ended a line and "deciding" began the next ("◀：正在" / "决定" in Chinese): the
    legend now breaks between its items."""
    for lang, width in (("en", 80), ("zh", 80), ("zh", 100), ("en", 100)):
        lines = render.to_text(render.abbreviations(lang, "", width), width).splitlines()
        assert all(cell_len(line) <= width for line in lines)
        for line in lines:
            assert not line.rstrip().endswith(("◀", "⚠", "✓", "·", "：")), lines


def test_at_100_columns_the_log_takes_the_whole_width() -> None:
    """Beside a menu at 100 columns the log had 40 columns: "Player 2：占据顺位格 5：从你的
    储备 …"; under the menu it tells each move whole."""
    game = onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short")
    for move in ("seat 1", "item battery", "seat 5"):
        game.play(move)
    con = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    s = play.Session(game, [None, None], console=con, input_fn=lambda p: "quit", lang="zh")
    s.show(game.current_player)
    shown = con.file.getvalue()
    log = shown[shown.index("╭─ 对局经过") :]
    assert "从你的储备获得一名殖民者" in log and "…" not in log, log


def test_at_80_columns_the_final_screen_tells_the_scoring_whole() -> None:
    """The game's last screen (no menu) kept the log beside the decision, 30 columns wide at
    80: "Ben：+11 机会分（进度区（…"; it stands under it, each line whole."""
    game = random_game(2, 3, 2000)
    assert game.is_over
    con = Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False)
    play.Session(game, [None, "random"], console=con, input_fn=lambda p: "quit", lang="zh").finish()
    shown = con.file.getvalue()
    log = shown[shown.index("╭─ 对局经过") : shown.index("终局得分")]
    assert "…" not in log and "── 游戏结束 ──" in log, log


def test_moves_and_log_go_on_under_their_own_text_on_a_narrow_terminal() -> None:
    """`moves` and `log` at 36 columns: a long line went on at the left edge, under the menu
    numbers ("人放在 -3,1" under "2."); it goes on under its label, or its indent."""
    game = onmars.Game.new(["Ana", "Ben"], seed=SEED, length="short")
    for move in ("seat 4", "ship 1"):
        game.play(move)
    con = Console(file=io.StringIO(), width=36, color_system=None, force_terminal=False)
    s = play.Session(game, [None, None], console=con, input_fn=lambda p: "quit", lang="zh")
    s.show_moves()
    s.show_log("5")
    lines = con.file.getvalue().splitlines()
    assert len(lines) > 9 and all(cell_len(line) <= 36 for line in lines)
    starts = ("  ", "──") + tuple(f"{n})" for n in range(1, 10)) + ("Ana", "Ben")
    assert all(line.startswith(starts) for line in lines), lines
    assert any(line.startswith("   ") for line in lines), lines  # a continuation, indented


def test_at_80_columns_the_log_under_the_menu_tells_a_long_move_whole() -> None:
    """ "Ana: Take Turn Order space 3: Take a Tech tile from the Tech Grid, paying i…": the
    log's line goes on under its words."""
    game = game_start()
    game.play("seat 3")
    con = Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False)
    s = play.Session(game, [None, None], console=con, input_fn=lambda p: "quit")
    s.show(1)
    shown = con.file.getvalue()
    log = shown[shown.index("╭─ What happened") :]
    flat = " ".join(" ".join(line.strip("│ ") for line in log.splitlines()).split())
    assert "paying its row's cost (optional)" in flat and "…" not in log, log


def test_every_screen_of_random_games_fits_80_and_100_columns_with_its_whole_menu() -> None:
    """Across random games, in both languages, Mars and board views: no line wider than the
    terminal, and every move's number on the screen (a menu cut short says how to see the
    rest: "type moves")."""
    for players, seed in ((2, 1), (4, 3)):
        game = random_game(players, seed, 0)
        rng = random.Random(seed)
        k = 0
        while not game.is_over and k < 400:
            if k % 47 == 0:
                seat = game.current_player
                entries = menu.build(game, "en")
                for lang, width, focus in (("en", 80, "mars"), ("zh", 80, "board"),
                                           ("zh", 100, "mars"), ("en", 100, "board")):  # fmt: skip
                    text = render.to_text(
                        render.screen(game.view(seat), lang=lang, decision=game.decision(),
                                      entries=menu.build(game, lang), focus=focus, width=width,
                                      events=game.events(seat, since=0, lang=lang)),
                        width,
                    )  # fmt: skip
                    assert max(cell_len(line) for line in text.splitlines()) <= width
                    if "moves" not in text.split("╭")[-2]:  # the whole menu is shown
                        numbers = set(re.findall(r"(\d+)\)", text))
                        assert {str(e.number) for e in entries} <= numbers, (k, lang, text)
            game.play(rng.choice(game.legal_moves()))
            k += 1
