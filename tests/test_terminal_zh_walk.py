"""What a Chinese player met walking through a whole game in the terminal (`onmars --lang zh`):
full-width brackets and quotes, no space after a full-width colon, no engine id in a menu, the
cost of a Tech Grid row kept in the menu, the notation of every move in ``moves``, and "……"
only where a refusal leaves choices out."""

from __future__ import annotations

import onmars
from onmars import Move
from onmars.rules.explain.terms import reason_text
from onmars.terminal import menu, render, words
from onmars.terminal.info import describe

#: A 2-player short game (seed 11) up to the Learn New Tech decision of round 1 (§7.3).
TO_LEARN = ["seat 3", "learn B-rover 1t", "pay battery", "item battery", "seat 2", "take BP02",
            "shuttle orbit", "main tech"]  # fmt: skip


def learn_game() -> onmars.Game:
    game = onmars.Game.new(["Ana", "Ben"], seed=11, length="short")
    for move in TO_LEARN:
        game.play(move)
    return game


def test_card_names_and_costs_take_the_languages_brackets() -> None:
    """A Blueprint's id and a Turn Order bonus's cost in full-width brackets in Chinese, as the
    engine's refusals write a card ("建筑工地（BP01）"); English unchanged."""
    assert words.card_name("BP02", "zh") == "金属矿床（BP02）"
    assert words.card_name("BP02", "en") == "Metal Deposit (BP02)"
    assert words.turn_bonus(4, "zh") == "飞船（植物+水）"
    assert words.turn_bonus(4, "en") == "Ship (Plant+Water)"


def test_no_space_after_a_full_width_colon_nor_before_a_full_width_bracket() -> None:
    """The decision's head, the players' lines, the Warehouse line and the winner: "决定：选择",
    "剩余建筑板块：井", "1 氧气（每种上限 2）", "胜者：Ana"."""
    game = learn_game()
    view = game.view(0)
    head = render.decision_head(view, game.decision(), "zh").plain
    assert head.startswith("Ana 决定：从科技网格拿取"), head
    shown = render.to_text(render.boards.players_part(view, "zh"))
    assert "剩余建筑板块：井 " in shown and " （每种上限" not in shown, shown
    assert "（每种上限 2）" in shown
    assert render.winners_text(view, [0], "zh").plain == "胜者：Ana"
    assert render.winners_text(view, [0, 1], "zh").plain == "共享胜利：Ana，Ben"
    assert render.decision_head(view, game.decision(), "en").plain.startswith("Ana to decide: ")
    assert render.winners_text(view, [0, 1], "en").plain == "Shared victory: Ana, Ben"


def test_typed_text_is_quoted_in_the_languages_quotes_and_escaped() -> None:
    assert words.quote("xyz", "zh") == "“xyz”"
    assert words.quote("xyz", "en") == "'xyz'"
    assert words.quote("\x1b[2J", "zh") == "“\\x1b[2J”"  # no raw escape reaches the terminal


def test_a_tech_grid_rows_cost_stays_in_the_menu_where_there_is_room() -> None:
    """The top row's Tech tiles cost a Battery and any Resource: the group keeps "→ pay",
    after its heading or after its items (it was dropped, and the tiles read as free as the
    bottom row's); only a menu short of lines drops it, before any move is cut."""
    game = learn_game()
    for lang, cost in (
        ("zh", "→ 支付 1 电池、1 任意资源"),
        ("en", "→ pay 1 Battery, 1 any Resource"),
    ):
        entries = menu.build(game, lang)
        text = menu.menu_text(entries, lang, width=67).plain
        lines = text.splitlines()
        at = next(k for k, line in enumerate(lines) if "Mine" in line or "矿井" in line)
        assert cost in " ".join(lines[at : at + 2]), text  # after the heading or the items
    short = menu.menu_text(menu.build(game, "zh"), "zh", width=67, max_lines=8).plain
    assert len(short.splitlines()) == 7 and "任意资源" not in short, short


def test_a_group_names_actions_and_the_working_area_not_their_ids() -> None:
    """A Life Support reward's "retrieve a Colonist from ..." group showed `construct`,
    `upgrade`, `wa` in a Chinese menu."""
    moves = ["benefit retrieve construct", "benefit retrieve upgrade", "benefit retrieve wa"]
    places = ("建造建筑行动槽", "升级行动槽", "工作区")
    entries = [
        menu.Entry(number=k + 2, move=Move.parse(m), label=f"生命维持系统奖励：从{x}回收一名殖民者",
                   group="benefit retrieve")
        for k, (m, x) in enumerate(zip(moves, places, strict=True))
    ]  # fmt: skip
    text = menu.menu_text(entries, "zh", width=100).plain
    assert "2) 建造建筑" in text and "3) 升级" in text and "4) 工作区" in text, text
    assert "construct" not in text and " wa" not in text
    assert menu.arg_text("wa", "en") == "Working Area"
    assert menu.arg_text("-3,2", "zh") == "-3,2" and menu.arg_text("1t", "zh") == "1t"


def test_moves_gives_each_moves_notation() -> None:
    """`moves` is where a player learns what to type (`why <move>`, a move typed out): the menu
    says "学习新科技", the notation is `main tech`."""
    game = onmars.Game.new(["Ana", "Ben"], seed=11, length="short")
    for move in TO_LEARN[:-1]:
        game.play(move)
    lines = [line.plain for line in menu.full_text(menu.build(game, "zh"), "zh")]
    assert any("学习新科技" in line and "记法：main tech" in line for line in lines), lines
    lines = [line.plain for line in menu.full_text(menu.build(game, "en"), "en")]
    assert any("notation: main tech" in line for line in lines), lines


def test_a_refusal_says_choices_are_left_out_only_when_they_are() -> None:
    """A move for another decision lists the choices: "..." ("……" in Chinese) only past the
    eight it names; the Blueprint decision's 7 choices were followed by "..." all the same."""
    game = onmars.Game.new(["Ana", "Ben"], seed=11, length="short")
    for move in TO_LEARN[:5]:
        game.play(move)
    assert len(game.legal_moves()) == 7
    said = reason_text(game.why(Move.parse("main blueprint")), "zh")
    assert "……" not in said and "..." not in said and "“完成：到此为止”）" in said, said
    many = learn_game()
    assert len(many.legal_moves()) > 8
    said = reason_text(many.why(Move.parse("pay water")), "zh")
    assert said.endswith("；……）"), said
    assert str(many.why(Move.parse("pay water"))).endswith("; ...)")


def test_chinese_catalog_lines_a_player_reads_mid_game() -> None:
    """A card turned face up says what it is before the colon; the Advanced action's prompt
    shows no notation (`advanced <蓝图> <pay|科学家>` stood in the decision's head); the
    confirmation does not nest a label's quotes in its own; a free Lab column reads
    "进入费用：无", not "进入须支付 无"."""
    revealed = onmars.tr("Revealed: {what} {card}", "zh", what="蓝图", card="图书馆")
    assert revealed == "翻开蓝图：图书馆"
    prompt = "use an Advanced Building action: advanced <blueprint> <pay|scientist>"
    said = onmars.tr(prompt, "zh")
    assert "advanced" not in said and "<" not in said, said
    label = "本回合将私人目标（“在 3 个有标记的实验室格上放有科技板块”）当作水晶使用"
    assert onmars.tr("Before you play {label}:", "zh", label=label) == f"执行之前请确认：{label}"
    assert "进入费用：无，" in describe("1t", "zh"), describe("1t", "zh")


def test_analyse_lists_a_rounds_op_sources_with_the_languages_comma() -> None:
    """`onmars analyse --lang zh`: "首座生命维持系统建筑 2，生命维持系统奖励 2", not ", "."""
    from onmars.tools import analyse

    rounds = {"sources": [{"round": 2, "op": [{"first_lss": 2, "lss_rewards": 2}, {}]}]}
    shown = render.to_text(analyse._sources(rounds, ["Ana", "Ben"], "zh"))
    assert "2，" in shown and ", " not in shown, shown
    shown = render.to_text(analyse._sources(rounds, ["Ana", "Ben"], "en"))
    assert "2, " in shown, shown
