"""Every command line in Chinese (the project's rule: every text a person sees exists in English
and Chinese): ``--lang zh`` on any command, or a Chinese ``LANGUAGE``/``LC_ALL``/``LANG`` as
``onmars play`` reads it, gives Chinese help (argparse's own words too), errors (still exit
status 2), progress lines and tables; without it the English is as it was."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from onmars import cli
from onmars.tools import arena, bench
from onmars.tools.text import wrap

COMMANDS = ("", "play", "demo", "bench", "arena", "selfplay", "replay", "analyse", "serve", "rules")

#: What may stay ASCII in a Chinese help or message: the command and its options, metavars
#: (the options' names in capitals), choices, paths and addresses, the bots' names and other
#: ids a person types, numbers, and the names of formats, protocols and programs.
NOTATION = re.compile(
    r"onmars(?: \w+)?|--?[\w-]+|\{[^}]*\}|\b[A-Z][A-Z_]+\b|\S*[/.@<>:=]\S*|[\w-]+,[\w,-]+"
    r"|\b(?:random|easy|greedy|medium|hard|expert|play|demo|bench|arena|selfplay|replay"
    r"|analyse|serve|rules|file|en|zh|info|sub|mailto|https|smtps|search|shares|margin"
    r"|Parquet|WebSocket|SQLite|PostgreSQL|Swagger|uvicorn|permessage-deflate|Bradley-Terry"
    r"|Elo|Ray|MiB|MB|RUL-n|OP)\b"
)


def english_left(text: str) -> list[str]:
    """The English words in a Chinese text once its notation is taken out."""
    return re.findall(r"[A-Za-z]{2,}", NOTATION.sub(" ", text))


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """An English environment and a fixed width for help texts, whatever the machine's."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("COLUMNS", "100")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``onmars argv``: its exit status (argparse's exit too), standard output and error."""
    try:
        status = cli.main(argv)
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("command", COMMANDS)
def test_every_help_reads_in_chinese(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``onmars [command] --lang zh --help``: argparse's words and ours in Chinese, full-width
    colons after the headings, no English word of ours left."""
    status, out, _ = run([*([command] if command else []), "--lang", "zh", "--help"], capsys)
    assert status == 0
    assert out.startswith("用法：onmars")
    assert "选项：" in out and "显示此帮助信息并退出" in out
    assert "usage" not in out and "options:" not in out
    assert english_left(out) == [], out


@pytest.mark.parametrize("command", COMMANDS)
def test_the_environment_chooses_chinese_help(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``--lang``, a Chinese ``LANG`` (as ``onmars play`` reads it) gives the same help."""
    argv = [*([command] if command else []), "--help"]
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    _, from_environment, _ = run(argv, capsys)
    monkeypatch.setenv("LANG", "C.UTF-8")
    _, chosen, _ = run([*argv[:-1], "--lang", "zh", "--help"], capsys)
    assert from_environment == chosen


def test_the_main_help_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["--help"], capsys)
    assert status == 0
    assert out.startswith("usage: onmars [-h] [--lang {en,zh}]\n")
    assert "\nOn Mars rules engine\n\npositional arguments:\n" in out
    assert "    arena               bot-versus-bot games: win rates and scores\n" in out
    assert "\noptions:\n  -h, --help            show this help message and exit\n" in out


def test_the_demo_help_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    """The English help as it was before the translation, with ``--lang`` added."""
    _, out, _ = run(["demo", "--help"], capsys)
    assert out == (
        "usage: onmars demo [-h] [--players {2,3,4}] [--seed SEED] [--length {short,long}]\n"
        "                   [--max-moves MAX_MOVES] [--quiet] [--lang {en,zh}]\n"
        "\n"
        "options:\n"
        "  -h, --help            show this help message and exit\n"
        "  --players {2,3,4}\n"
        "  --seed SEED\n"
        "  --length {short,long}\n"
        "  --max-moves MAX_MOVES\n"
        "  --quiet               print only the result\n"
        "  --lang {en,zh}        language of the texts: en, zh (default: from LANGUAGE, LC_ALL"
        " or LANG;\n"
        "                        else en)\n"
    )


def test_argparse_errors_read_in_chinese_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own refusal, its usage line and its prefix in Chinese; still exit status 2.
    ``--lang`` before the command counts for the command too."""
    status, _, err = run(["--lang", "zh", "arena", "--players", "5"], capsys)
    assert status == 2
    assert err.startswith("用法：onmars arena")
    assert "onmars arena：错误：参数 --players：无效的选择：5（可选：2, 3, 4）" in err
    status, _, err = run(["selfplay", "--lang", "zh"], capsys)
    assert status == 2 and "onmars selfplay：错误：缺少以下必需参数：--out" in err
    status, _, err = run(["arena", "--games", "x", "--lang", "zh"], capsys)
    assert status == 2 and "参数 --games：不是对局数：“x”" in err
    status, _, err = run(["rules", "--lang", "zh", "--bogus"], capsys)
    assert status == 2 and "无法识别的参数：--bogus" in err


def test_argparse_errors_in_english_are_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["arena", "--players", "5"], capsys)
    assert status == 2
    assert err.startswith("usage: onmars arena")
    assert "onmars arena: error: argument --players: invalid choice: 5 (choose from 2, 3, 4)" in err
    status, _, err = run(["arena", "--games", "x"], capsys)
    assert status == 2 and "argument --games: not a number of games: 'x'" in err


def test_the_arena_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    """The summary, the table's headings and a refusal in Chinese; the bots keep their names."""
    argv = ["arena", "--bots", "greedy,random", "--games", "1", "--max-moves", "40"]
    status, out, _ = run([*argv, "--jobs", "1", "--quiet", "--lang", "zh"], capsys)
    assert status == 0
    assert out.startswith(
        "竞技场：2 名玩家，1 局，种子 1：0 局下完，1 局在达到操作上限（40 次操作，"
    )
    for heading in ("电脑玩家", "局数", "协商结束", "胜局", "胜率%", "得分", "操作数", "轮数"):
        assert heading in out
    assert english_left(out) == [], out
    status, _, err = run(["arena", "--bots", "foo,random", "--lang", "zh"], capsys)
    assert status == 2
    assert err == (
        "onmars arena：没有名为“foo”的电脑玩家；可用的有：random、easy、greedy、medium、hard、"
        "expert、search:<seconds>、search:<n>sims\n"
    )


def test_the_arena_in_english_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--bots", "greedy,random", "--games", "1", "--max-moves", "40"]
    status, out, _ = run([*argv, "--jobs", "1", "--quiet"], capsys)
    assert status == 0
    assert out.startswith(
        "Arena: 2 players, 1 games, seed 1: 0 played to the end, 1 ended by agreement at the "
        "move cap (40 moves, RUL-20); "
    )
    assert re.search(r"bot\s+games\s+agreed\s+wins\s+win %\s+95% CI\s+score", out)
    status, _, err = run(["arena", "--bots", "foo,random"], capsys)
    assert status == 2
    assert err == (
        "onmars arena: unknown bot 'foo'; known bots: random, easy, greedy, medium, hard, "
        "expert, search:<seconds>, search:<n>sims\n"
    )


def test_the_ladder_lines_up_in_chinese() -> None:
    """The ladder's plain table in Chinese: headings of two cells a character stay above their
    columns (the Elo column ends at the same cell in every row)."""
    result = arena.ladder(["greedy", "random"], 1, seed=1, jobs=1, max_moves=30)
    zh, en = arena.ladder_lines(result, "zh"), arena.ladder_lines(result, "en")
    assert zh[0].startswith("天梯：2 个电脑玩家，每对 1 局双人对局（共 1 局")
    assert zh[1].startswith("名次 电脑玩家")
    ends = {cell_len(line[: line.index(elo) + len(elo)])
            for line, elo in [(zh[1], "Elo"), *((r, f"{x.elo:.0f}")
                              for r, x in zip(zh[2:4], result.ratings, strict=True))]}  # fmt: skip
    assert ends == {30}
    assert "random 对 greedy" in zh[-1] and "至" in zh[-1]
    assert english_left("\n".join(zh)) == []
    assert en[1] == "rank bot                   Elo  95% CI        games  win %"
    assert en[-1].startswith("random over greedy")


def test_bench_in_chinese_and_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    """A refused option and a report line of ``onmars bench`` in each language."""
    status, _, err = run(["bench", "--games", "0", "--lang", "zh"], capsys)
    assert (status, err) == (2, "onmars bench：--games 至少为 1，而不是 0\n")
    status, _, err = run(["bench", "--games", "0"], capsys)
    assert (status, err) == (2, "onmars bench: --games must be at least 1, not 0\n")
    status, _, err = run(["bench", "--search", "greedy", "--lang", "zh"], capsys)
    assert (
        status == 2 and "--search 必须是搜索电脑玩家（hard、search:100sims），而不是“greedy”" in err
    )
    zh = bench.games_line(2, games=1, max_moves=30, seed=1, repeat=1, lang="zh")
    assert zh.startswith(
        "2 人：1 局，0 局下完，1 局在达到操作上限时协商结束（RUL-20），每局中位数 "
    )
    assert english_left(zh) == []
    en = bench.games_line(2, games=1, max_moves=30, seed=1, repeat=1)
    assert en.startswith("2p: 1 games, 0 played to the end, 1 ended by agreement at the move cap")


def test_selfplay_in_chinese_and_in_english(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyarrow")
    out = f"{tmp_path}/shards"
    argv = ["selfplay", "--out", out, "--games", "1", "--per-shard", "1", "--max-moves", "20"]
    status, said, err = run([*argv, "--lang", "zh"], capsys)
    assert status == 0
    assert said == f"自我对弈：1 局，20 个决策，1 个分片，位于 {out}\n"
    assert err == f"已写入 {out}/shard-00000.parquet\n"
    status, _, err = run([*argv, "--lang", "zh"], capsys)
    assert status == 2
    assert err.startswith(f"onmars selfplay：--out {out} 中已有自我对弈分片（shard-*.parquet）")
    status, _, err = run(argv, capsys)
    assert status == 2
    assert err.startswith(f"onmars selfplay: --out {out} already holds self-play shards")


def test_demo_in_chinese_and_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["demo", "--players", "2", "--max-moves", "2", "--lang", "zh"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[:3] == [
        "《火星之上》：2 名玩家，短局，种子 1",
        "第 0 轮  玩家 1     seat 3",
        "第 0 轮  玩家 1     learn A-ship 1t",
    ]
    assert lines[4] == "在 2 次操作后停止；第 0 轮，殖民地等级 1"
    assert lines[5].rstrip() == "  玩家 1       0 机会分"
    _, out, _ = run(["demo", "--players", "2", "--max-moves", "2"], capsys)
    assert out.splitlines()[:6] == [
        "On Mars: 2 players, short game, seed 1",
        "round  0 Player 1   seat 3",
        "round  0 Player 1   learn A-ship 1t",
        "",
        "stopped after 2 moves; round 0, Colony level 1",
        "  Player 1     0 OP  ",
    ]


def test_serve_play_replay_and_rules_follow_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """The other commands' own messages: ``--lang zh``, or the environment's Chinese."""
    status, _, err = run(["serve", "--workers", "0", "--lang", "zh"], capsys)
    assert (status, err) == (2, "onmars serve：--workers 至少为 1，--port 须在 1-65535 之间\n")
    status, _, err = run(["serve", "--workers", "0"], capsys)
    assert (status, err) == (2, "onmars serve: --workers must be 1 or more, --port 1-65535\n")
    status, _, err = run(["serve", "--smtp", "bogus", "--lang", "zh"], capsys)
    assert (status, err) == (
        2,
        "onmars serve：--smtp：SMTP 地址必须是 smtp://user:password@host:port 或 smtps://...\n",
    )
    status, _, err = run(["serve", "--smtp", "bogus"], capsys)
    assert err == (
        "onmars serve: --smtp: the SMTP URL must be smtp://user:password@host:port or smtps://...\n"
    )
    status, out, _ = run(["play", "--players", "2", "--bots", "foo", "--lang", "zh"], capsys)
    said = out.replace("\n", "")  # rich wraps at the captured console's width
    assert status == 2 and said.startswith("onmars play：没有名为“foo”的电脑玩家")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")  # replay and rules: the environment's language
    status, out, _ = run(["replay", f"{tmp_path}/none.json"], capsys)
    assert status == 2 and "无法读取" in out and "cannot" not in out
    status, out, _ = run(["rules"], capsys)
    assert status == 0 and out.startswith("《火星之上》规则")


def test_wrap_breaks_chinese_by_cells() -> None:
    """Help lines stay within the width in cells, broken between Chinese characters, never
    before closing punctuation (argparse's textwrap counts a character as one column)."""
    text = "电脑玩家自身随机数流的种子，用于重玩一场（默认：随机抽取，从不取自对局种子）"
    lines = wrap(text, 20)
    assert "".join(lines) == text
    assert all(cell_len(line) <= 22 for line in lines)  # a closing mark may overhang
    assert not any(line[0] in "，。；：、）" for line in lines)
    assert wrap("use --lang zh here", 8) == ["use", "--lang", "zh here"]


def test_the_substitute_values_are_explained_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    """``onmars rules --substitutes``: each substitute value's ruling, table and id as they are,
    its explanation in the language (the component data's English otherwise)."""
    _, zh, _ = run(["rules", "--substitutes", "--lang", "zh"], capsys)
    _, en, _ = run(["rules", "--substitutes"], capsys)
    assert len(zh.splitlines()) == len(en.splitlines()) > 40
    assert (
        "RUL-1   feature        shelters_2p  两名玩家时起始住所所在的格，每名玩家一座住所。" in zh
    )
    assert (
        "RUL-1   feature        shelters_2p  Starting Shelter hexes with two players, one Shelter "
        "per player." in en
    )
    explained = [line[36:] for line in zh.splitlines()]
    assert [english_left(text) for text in explained if english_left(text)] == []


def test_lang_on_the_line_wins_over_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Chinese environment, ``--lang en`` given: English (as ``onmars play`` does); the
    ``--lang`` before the command is the command's too."""
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    status, _, err = run(["bench", "--games", "0", "--lang", "en"], capsys)
    assert (status, err) == (2, "onmars bench: --games must be at least 1, not 0\n")
    status, _, err = run(["--lang=en", "bench", "--games", "0"], capsys)
    assert (status, err) == (2, "onmars bench: --games must be at least 1, not 0\n")
    status, _, err = run(["bench", "--games", "0"], capsys)
    assert (status, err) == (2, "onmars bench：--games 至少为 1，而不是 0\n")
