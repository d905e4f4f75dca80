"""Naming players and hexes in the terminal as a player types them: ``board <player>`` by the
name the screen shows (the bots' default names repeat: "Greedy 2", "Greedy 3"), ``--names``
that could not tell two seats apart, and ``info q,r`` on a hex off the map or written wrong;
in English and Chinese."""

from __future__ import annotations

from pathlib import Path

from conftest import random_game
from test_play import args, console, output
from test_terminal_explain import session

import onmars
from onmars.rules.data import hexmap
from onmars.terminal import play, render

BOTS = [None, "random", "random"]


def boards_shown(game: onmars.Game, lines: list[str], tmp_path: Path, lang: str = "en"):
    """The board seat each ``board`` line showed (None: none shown), and the output."""
    s, _, con = session(game, BOTS, [*lines, "quit"], tmp_path, lang)
    seen: list[int | None] = []
    s.show = lambda seat: seen.append(s.board_seat)  # type: ignore[method-assign]
    s.run()
    return seen[1:], output(con)  # the first screen is the decision's own


def test_board_finds_a_bots_default_name_in_any_case_and_spacing(tmp_path: Path) -> None:
    """Two greedy bots are "Greedy 2" and "Greedy 3" (play.default_names): each is found by
    its name as typed with other spacing, and in Chinese with the full-width space and digit of
    a Chinese input method, or without the space; a place 1-n still works."""
    names = play.default_names([None, "greedy", "greedy"])
    assert names == ["Player 1", "Greedy 2", "Greedy 3"]
    game = onmars.Game.new(names, seed=3)
    lines = ["board Greedy 2", "board  greedy   3", "board GREEDY 2 ", "board 3"]
    seen, out = boards_shown(game, lines, tmp_path)
    assert seen == [1, 2, 1, 2], out
    zh = onmars.Game.new(play.default_names([None, "greedy", "greedy"], "zh"), seed=3)
    assert zh.players[1:] == ["贪心 2", "贪心 3"]
    seen, out = boards_shown(zh, ["board 贪心\u3000\uff13", "board 贪心2"], tmp_path, "zh")
    assert seen == [2, 1], out


def test_board_refuses_an_ambiguous_or_unknown_name_listing_the_players(tmp_path: Path) -> None:
    """ "greedy" fits two players and "Nobody" none: each is refused, naming the players with
    their numbers, and no board changes; two seats of one name (a save made elsewhere) are
    told apart by number."""
    game = onmars.Game.new(play.default_names([None, "greedy", "greedy"]), seed=3)
    seen, out = boards_shown(game, ["board greedy", "board Nobody"], tmp_path)
    assert seen == []
    roster = "1: Player 1, 2: Greedy 2, 3: Greedy 3."
    fits = "'greedy' fits more than one player: Greedy 2, Greedy 3."
    assert f"{fits} Type the player's number: {roster}" in out
    assert f"No player is called 'Nobody'. Type a name or a number: {roster}" in out
    seen, out = boards_shown(game, ["board greedy", "board 某人"], tmp_path, "zh")
    assert seen == []
    roster = "1：Player 1，2：Greedy 2，3：Greedy 3。"
    assert f"“greedy”可指不止一名玩家：Greedy 2，Greedy 3。请输入玩家序号：{roster}" in out
    assert f"没有名为“某人”的玩家。请输入名字或序号：{roster}" in out
    twins = onmars.Game.new(["Ana", "Ana", "Ben"], seed=3)
    seen, out = boards_shown(twins, ["board ana", "board 2", "board ben"], tmp_path)
    assert seen == [1, 2]
    assert "'ana' fits more than one player: Ana, Ana." in out


def test_duplicate_names_are_refused_before_the_game_starts(tmp_path: Path, monkeypatch) -> None:
    """`--names Ana,Ana` (or "Ana, ana": `board ana` could not tell them apart) ends with exit
    code 2 and a message naming the name, in English and Chinese, before a save is made."""
    monkeypatch.chdir(tmp_path)
    for names, said in (("Ana,Ana", "'Ana'"), ("Ana, ana ,Ben", "'Ana' / 'ana'")):
        con = console()
        assert play.main(args(names=names, bots="random"), con, lambda p: "quit") == 2
        assert f"two players are named {said} in --names" in output(con)
    con = console()
    assert play.main(args(names="Ana,Ana", lang="zh"), con, lambda p: "quit") == 2
    assert "--names 中有两名玩家都叫“Ana”：请给每名玩家不同的名字" in output(con)
    assert list(tmp_path.iterdir()) == []  # no save: nothing started


def test_info_on_a_hex_off_the_map_or_written_wrong_says_so(tmp_path: Path) -> None:
    """`info 9,9` said "Nothing is called '9,9'": a hex off the map now says so with the range
    that exists, a coordinate written wrong says how to write one; "(0,0)" as the rulings write
    hexes and "０，０" from a Chinese input method read as 0,0."""
    game = onmars.Game.new(["Ana", "Ben", "Cy"], seed=3)
    lines = ["info 9,9", "info 1,9", "info 0;0", "info 1.5,2", "info (0,0)", "info xyz"]
    _, out = boards_shown(game, lines, tmp_path)
    assert "9,9 is off the map: q runs from -6 to 6 (type map to see every hex's q,r)." in out
    assert "1,9 is off the map: where q is 1, r runs from -4 to 3" in out
    assert "'0;0' is not a hex: write it q,r, two whole numbers, e.g. info 0,0" in out
    assert "'1.5,2' is not a hex" in out
    assert "Hex 0,0: Mine" in out
    assert "Nothing is called 'xyz'." in out
    _, out = boards_shown(game, ["info 9,9", "info 1,9", "info a,b", "info ０，０"], tmp_path, "zh")
    assert "9,9 不在地图上：q 从 -6 到 6（输入 map 可看每格的 q,r）。" in out
    assert "1,9 不在地图上：q 为 1 时，r 从 -4 到 3" in out
    assert "“a,b”不是地图格：请写成 q,r，即两个整数，例如 info 0,0（火星中心）。" in out
    assert "格 0,0：矿井" in out


def test_a_hex_tile_reads_with_the_languages_colon() -> None:
    """A Discovery tile on a hex: its name and face joined by "：" in Chinese (was ": ")."""
    view = random_game(3, seed=7, moves=600).view(0)
    tiles = [c for c, t in enumerate(view["tile"]) if t.startswith("D")]
    assert tiles
    text = render.describe_hex(view, hexmap.text(tiles[0]), "zh")
    assert "：发现板块 D" in text and ": " not in text, text
