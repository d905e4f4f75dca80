"""The terminal as a player sees it (issue 21, items 7 and 8): menu numbers that read one way,
map labels that belong to their own hex, a screen that fits 120 columns, long menus shown
usefully, previews that count only the move's own gains, and plain answers to bad input, in
English and Chinese."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from conftest import random_game, random_game_until
from rich.console import Console
from test_play import Script, args, console, output
from test_terminal_explain import session

import onmars
from onmars import cli, tr
from onmars.rules.data import hexmap
from onmars.rules.data.components import RESOURCES, load
from onmars.rules.explain.labels import label
from onmars.terminal import boards, info, mapview, menu, play, render, words


def screen_text(game: onmars.Game, lang: str = "en") -> str:
    seat = game.current_player
    entries = menu.build(game, lang)
    return render.to_text(
        render.screen(game.view(seat), lang=lang, decision=game.decision(), entries=entries,
                      events=game.events(seat, since=0, lang=lang),
                      projection=game.projection(seat)),
        render.WIDTH,
    )  # fmt: skip


# --- menu numbers --------------------------------------------------------------------------------


def test_turn_order_menu_numbers_are_the_spaces(tmp_path: Path) -> None:
    """§19: with space 2 taken, "3" takes Turn Order space 3 (it took space 4 when the menu was
    numbered 1-7), and "2" is refused, naming the numbers there are."""
    game = onmars.Game.new(["Ana", "Ben", "Cy"], seed=3)
    game.play("seat 2")
    game.play("done")  # no Blueprint from the bonus
    assert [e.number for e in menu.build(game, "en")] == [1, 3, 4, 5, 6, 7, 8]
    seat = game.current_player
    kinds: list[str | None] = ["random"] * 3
    kinds[seat] = None
    before = list(game.moves)
    s, script, con = session(game, kinds, ["2", "3", "quit"], tmp_path)
    s.run()
    assert "No move number 2: the menu's numbers are 1, 3-8." in output(con)
    assert s.game.moves[len(before)] == "seat 3"


def test_an_executive_action_names_its_depot_row() -> None:
    """§13: the board numbers the Depot rows 1-8; a menu entry for an Executive action names
    its row, so that the row number shown on the board is not typed for another entry."""
    game = onmars.Game.new(["Ana", "Ben"], seed=1)
    while game.decision().step != "turn":
        game.play(game.legal_moves()[0])
    rows = {e.move.args[0]: e for e in menu.build(game, "zh") if e.move.verb == "exec"}
    assert rows and all(
        e.face == f"水晶库第 {load().executive[eid].row} 行" for eid, e in rows.items()
    )


def two_techs_alike(game: onmars.Game) -> bool:
    """Two Tech tiles are on offer whose moves read alike."""
    labels = zip(game.legal_moves(), game.labels(), strict=True)
    uses = [text for m, text in labels if m.verb == "use"]
    return len(uses) == 2 and len(set(uses)) == 1


def test_two_tech_tiles_of_one_type_are_told_apart() -> None:
    """§8.3: a player may use another's Tech tile; two Upgrade Techs on offer read "Use the
    Upgrade Tech" alike, so each entry names the tile's owner and level."""
    game = random_game_until(3, 1, two_techs_alike)
    uses = [e for e in menu.build(game, "en") if e.move.verb == "use"]
    assert len(uses) == 2 and uses[0].label == uses[1].label
    faces = {e.face for e in uses}
    assert len(faces) == 2 and all(re.fullmatch(r".+'s, level \d", f) for f in faces), faces


def test_board_takes_a_player_by_their_place_in_the_list(tmp_path: Path) -> None:
    """Players are listed 1-n on the screen: "board 1" shows the first player's board (it
    showed the second's when it took a seat number from 0)."""
    game = onmars.Game.new(["Ana", "Ben"], seed=3)
    s, _, con = session(game, [None, "random"], ["board 2", "board 3", "quit"], tmp_path)
    seen = []
    s.show = lambda seat: seen.append(s.board_seat)  # type: ignore[method-assign]
    s.run()
    assert seen == [None, 1]  # the first screen, then Ben's board
    assert "No player is called '3'. Type a name or a number: 1: Ana, 2: Ben." in output(con)


# --- the map -------------------------------------------------------------------------------------


def test_each_map_label_stands_between_its_own_hexs_edges() -> None:
    """Without colours a label must belong to what is under it: every hex is drawn as
    ``/ q,r \\`` over ``\\ ... /`` (before, "-1,1  Mi" read as the Mine at -1,1 when it stood at
    0,0)."""
    game = random_game(3, 2, 400)
    lines = mapview.map_text(game.view(None)).plain.split("\n")
    width = mapview.map_width()
    found = 0
    for y in range(len(lines) - 1):
        # the outer columns' outer edge is the panel's border
        line = f"/{lines[y].ljust(width)}\\"
        below = f"\\{lines[y + 1].ljust(width)}/"
        for m in re.finditer(r"-?\d,-?\d", line):
            if hexmap.parse(m.group()) is None:
                continue
            start = line.rfind("/", 0, m.start())
            end = line.find("\\", m.end())
            assert end - start == mapview.CELL + 1, (y, line)
            assert line[start + 1 : end].strip() == m.group()
            assert below[start] == "\\" and below[end] == "/", (y, below)
            found += 1
    assert found == len(hexmap.cells())


def test_an_advanced_building_is_marked_in_both_languages() -> None:
    """An Advanced Building is its building's code and "+" (upper case did nothing to 发)."""
    game = random_game(3, 2, 400)
    view = game.view(None)
    cell = next(i for i, kind in enumerate(view["bld"]) if kind and ":" in kind)
    for lang in ("en", "zh"):
        view["ab"][cell] = -1
        plain = mapview.hex_contents(view, cell, lang).plain
        view["ab"][cell] = int(view["bld"][cell].partition(":")[2])
        advanced = mapview.hex_contents(view, cell, lang).plain
        assert advanced != plain and mapview.ADVANCED_MARK in advanced, lang
        assert mapview.ADVANCED_MARK in mapview.legend(view, lang).plain


def test_chinese_building_codes_are_not_resource_names() -> None:
    """水 on the map read as Water, not a Water Extractor: no Chinese code is the first
    character of a Resource's or a Crystal's name, and the codes are distinct."""
    codes = [words.building_code(kind, "zh") for kind in words.BUILDING_CODE]
    assert len(set(codes)) == len(codes)
    firsts = {words.item_name(item, "zh")[0] for item in (*RESOURCES, "crystal")}
    assert not firsts & set(codes), firsts & set(codes)
    legend = mapview.legend(onmars.Game.new(2, seed=1).view(None), "zh").plain
    for kind, code in zip(words.BUILDING_CODE, codes, strict=True):
        assert f"{code}：{words.building_name(kind, 'zh')}" in legend  # no space in Chinese


# --- 120 columns ---------------------------------------------------------------------------------


def test_player_lines_fit_120_columns_with_bots_and_ships() -> None:
    """At 120 columns a player holding the most (5 of each Resource, 12 Colonists, Crystals
    waiting, three-digit OP) keeps every part of both lines, "Bots left" and "Ships in
    Hangar" included, in both languages."""
    game = random_game(4, 1, 300)
    view = game.view(0)
    for p in view["players"]:
        p.update(res=dict.fromkeys(RESOURCES, 5), lq=12, op=100, pending=2, shelters=0)
    for lang in ("en", "zh"):
        text = render.to_text(boards.players_part(view, lang, None), 120)
        assert "…" not in text, text
        assert text.count(tr("Bots left {n}", lang, n=3)[:-2]) == 4
        assert text.count(tr("Ships in Hangar {n}", lang, n=0)[:-2]) == 4


def test_the_lab_grid_fits_120_columns_with_its_longest_names() -> None:
    """§8.5: the board view's Lab grid with the longest Tech names (one tile of a type each,
    §7.3) shows every row name and every tile's name whole at 120 columns ("OP at the e…",
    "Oxygen Condenser Te…" before); a long name may wrap in its cell."""
    view = onmars.Game.new(4, seed=1).view(0)
    lab = {"1t": "A-condenser", "2b": "A-extractor", "3b": "A-greenhouse", "4m": "A-generator",
           "5b": "shelter-red", "6": "A-upgrade"}  # fmt: skip
    view["players"][0]["lab"] = lab
    for lang in ("en", "zh"):
        text = render.to_text(render.top_part(view, lang, "board"), 120).split("╰")[0]
        assert "…" not in text, text
        words_ = " ".join(text.replace("│", " ").split())
        assert tr("OP at the end", lang) in words_ and tr("cost to enter", lang) in words_
        for tile in lab.values():
            name = tr("{tech} Tech", lang, tech=words.tech_name(tile, lang))
            assert all(w in words_ for w in name.split()), (lang, name)


def test_menu_lines_are_not_cut_at_120_columns() -> None:
    """The Turn Order menu at 120 columns shows every entry whole (it was cut at 70)."""
    game = onmars.Game.new(["Ana", "Ben", "Cy"], seed=3)
    for lang in ("en", "zh"):
        text = screen_text(game, lang)
        assert len(text.splitlines()) <= render.HEIGHT
        one_line = " ".join(text.split())
        for e in menu.build(game, lang):
            assert f"{e.number}) {e.label}" in one_line, (lang, e.label)


def test_a_bot_move_menu_shows_its_cheapest_destinations() -> None:
    """§9.1: after Turn Order space 6 the Bot menu lists many destinations: the screen shows
    the free ones first and then those bought with Crystals (it showed "1) ... 39)")."""
    game = onmars.Game.new(["Ana", "Ben", "Cy"], seed=1)
    game.play("seat 6")
    entries = menu.build(game, "en")
    group = [e for e in entries if e.group]
    assert len(group) > 20
    costs = [sum(e.cost.values()) for e in group]
    assert costs == sorted(costs) and costs[0] == 0 < costs[-1]
    text = screen_text(game)
    shown = {int(n) for n in re.findall(r"(\d+)\) ", text)}
    free = {e.number for e in group if not e.cost}
    assert free <= shown, free - shown
    assert "[-1 Crystal] " in text


# --- previews and names --------------------------------------------------------------------------


def done_starts_the_movers_next_turn(game: onmars.Game) -> bool:
    """``done`` is legal and leads straight to its mover's next turn, Crystals waiting."""
    seat = game.current_player
    if seat is None or "done" not in {str(m) for m in game.legal_moves()}:
        return False
    if not game.view(seat)["players"][seat]["pending"]:
        return False
    after = game.copy()
    after.play("done")
    crystals = game.view(seat)["players"][seat]["crystals"]
    return after.current_player == seat and after.view(seat)["players"][seat]["crystals"] > crystals


def test_ending_a_turn_does_not_gain_the_crystals_arriving_next_turn() -> None:
    """Seed item 3: Crystals waiting below the Depot move in at the start of their owner's
    next turn. When "done" leads straight to the mover's next turn, its preview gains no
    Crystal (it said "Done [+1 Crystal]")."""
    game = random_game_until(2, 1, done_starts_the_movers_next_turn)
    seat = game.current_player
    before = game.view(seat)["players"][seat]
    assert before["pending"] > 0
    assert "done" in [str(m) for m in game.legal_moves()]
    preview = game.describe("done")
    game.play("done")
    after = game.view(seat)["players"][seat]
    assert game.current_player == seat and after["crystals"] > before["crystals"]
    assert "crystal" not in preview["gain"]


def test_build_labels_use_the_right_article() -> None:
    assert label(onmars.Move.parse("build condenser 1,1"), "en") == (
        "Build an Oxygen Condenser at 1,1"
    )
    assert label(onmars.Move.parse("build mine 1,1"), "en") == "Build a Mine at 1,1"


def test_info_names_a_tile_or_card_once() -> None:
    """Each kind is named once: not "Discovery tile Discovery tile D17", "发现板块 发现板块 D12"."""
    for token, kinds in (("D12", ("Discovery tile", "发现板块")),
                         ("C02", ("Earth Contract", "地球合约")),
                         ("PG03", ("Private Goal", "私人目标")),
                         ("BP04", ("Blueprint", "蓝图"))):  # fmt: skip
        for lang, kind in zip(("en", "zh"), kinds, strict=True):
            text = info.describe(token, lang)
            assert text.count(kind) == 1, (lang, text)


# --- bad input -----------------------------------------------------------------------------------


def test_a_huge_line_is_refused_without_being_echoed(tmp_path: Path) -> None:
    game = onmars.Game.new(["Ana", "Ben"], seed=3)
    huge = "x" * 5000
    s, script, con = session(game, [None, "random"], [huge, "why " + huge, "quit"], tmp_path)
    s.run()
    typed = re.compile(r"(Ana> (why )?)?x+")  # the lines typed, as the terminal echoes them
    out = "\n".join(x for x in output(con).splitlines() if not typed.fullmatch(x))
    assert "That line is 5000 characters long" in out
    assert "x" * play.ECHO not in out
    assert len(s.game.moves) == 0


def test_a_save_error_names_the_file_chosen(tmp_path: Path) -> None:
    """Saving into a folder that does not exist names that file, not the .tmp written first."""
    game = onmars.Game.new(["Ana", "Ben"], seed=3)
    target = tmp_path / "nowhere" / "game.json"
    for lang, words_, named in (
        ("en", "its folder does not exist", f"'{target}'"),
        ("zh", "所在文件夹不存在", f"“{target}”"),  # the language's quotes
    ):
        s, _, con = session(game, [None, "random"], [f"save {target}", "quit"], tmp_path, lang)
        s.run()
        out = " ".join(output(con).split())
        assert named in out and words_ in out and "game.json.tmp" not in out, out


def test_replay_of_a_file_that_is_no_save_says_so(tmp_path: Path, capsys) -> None:
    """`onmars replay` on JSON that is no game log: a plain sentence, not "'options'"."""
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"name": "not a game"}))
    for lang, said in (("en", "is not an On Mars save"), ("zh", "不是《火星之上》存档")):
        assert cli.main(["replay", str(path), "--lang", lang]) == 2
        # a Chinese line breaks between two characters, where no space stands
        out = (" " if lang == "en" else "").join(capsys.readouterr().out.split())
        assert said in out and "'options'" not in out and out.count(str(path)) == 1, out
    con = console()
    assert play.main(args(load=str(path)), con, Script(["quit"], con)) == 2
    assert "is not an On Mars save" in output(con)


def test_rules_without_a_flag_says_what_there_is(capsys) -> None:
    assert cli.main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "rules, version" in out and "Blueprints" in out and "--substitutes" in out
    assert cli.main(["rules", "--lang", "zh"]) == 0
    assert "蓝图" in capsys.readouterr().out


def test_the_console_at_120_columns_shows_the_whole_screen() -> None:
    """The screen printed on a 120-column console has no line cut by the console itself."""
    game = random_game(4, 5, 600)
    con = Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)
    seat = game.current_player
    entries = menu.build(game, "en")
    view = game.view(seat)
    con.print(render.screen(view, decision=game.decision(), entries=entries))
    for line in con.file.getvalue().splitlines():
        assert len(line) <= 120
        if "Bots left" in line:
            assert "Ships in Hangar" in line
