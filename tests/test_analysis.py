"""Issue 25, items 3 and 4: a finished game's record (export) and its post-game analysis.

After the end nothing is secret (RUL-22): the record holds the seed. Each decision is judged
from its mover's view (RUL-18). Budgets are tiny here (a few simulations a decision)."""

from __future__ import annotations

import json
import random
import secrets
import time
import xml.etree.ElementTree as ET
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from rich.console import Console
from serverkit import bearer, make_client

import onmars
from onmars.cli import main as cli
from onmars.server import analysis as server_analysis
from onmars.server.config import Settings
from onmars.server.live import token_hash
from onmars.server.store import Hints, SeatRow, Store, moves
from onmars.tools import analyse, charts
from onmars.tools import analysis as an
from onmars.tools.record import RecordError, check_record, read_record, record_of

SIMS = 4


def short_game(moves: int = 40, seed: int = 5) -> onmars.Game:
    """A 2-player game of ``moves`` random moves, then ended by agreement (RUL-20)."""
    game = onmars.Game.new(["Ana", "Ben"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(rng.choice(game.legal_moves()))
    game.conclude()
    return game


def write(path: Path, data: Any) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


# --- the record (25.4) -------------------------------------------------------------------------
def test_a_record_replays_through_game_replay_and_onmars_replay(tmp_path: Path) -> None:
    game = short_game()
    record = json.loads(json.dumps(record_of(game, "g1", [None, "greedy"])))
    assert record["format"] == "onmars-record" and record["version"] == 1
    assert record["players"][1] == {"seat": 1, "name": "Ben", "bot": "greedy"}
    again = onmars.Game.replay(record)
    assert again.view(None) == game.view(None) and again.scores() == game.scores()
    assert check_record(record).moves == game.moves
    path = write(tmp_path / "game.json", record)
    assert cli(["replay", path]) == 0
    loaded, _ = read_record(path)
    assert loaded.log == game.log


def _others(seats: list[int]) -> list[int]:
    return [s for s in (0, 1) if s not in seats]


def _judged(record: dict[str, Any], loss: Any) -> dict[str, Any]:
    """An analysis of one decision (the record's third move), with ``loss`` written in."""
    return {"decisions": [{"ply": 2, "move": record["moves"][2], "loss": loss}]}


@pytest.mark.parametrize(
    ("spoil", "named"),
    [
        (lambda r: r.update(moves=r["moves"][:-5], ended=None), "cut short"),
        (lambda r: r["result"].update(winners=_others(r["result"]["winners"])), "winners"),
        (lambda r: r["result"]["scores"][0].update(total=999), "result does not match"),
        (lambda r: r["players"].reverse(), "players do not match"),
        (lambda r: r.update(moves=[*r["moves"][:3], "fly to the moon"]), "do not replay"),
        (lambda r: r.update(version=9), "version 9"),
        (lambda r: r.update(format="chess-pgn"), "format is 'chess-pgn'"),
        (lambda r: r.update(analysis={"decisions": [{"ply": 10**6}]}), "analysis is malformed"),
        (lambda r: r.update(analysis={"decisions": [{"ply": 2, "move": "seat 9"}]}), "'seat 9'"),
        (lambda r: r.update(analysis=_judged(r, loss=-1.5)), "move 3 a loss of -1.5"),
        (lambda r: r.update(analysis=_judged(r, loss="0")), "a loss of 0:"),
    ],
)
def test_a_corrupt_record_is_refused_naming_the_problem(spoil: Any, named: str) -> None:
    record = record_of(short_game(), "g1")
    spoil(record)
    with pytest.raises(RecordError, match=named):
        check_record(record)


def test_a_file_cut_short_is_refused_by_both_commands_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = json.dumps(record_of(short_game(), "g1"))
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(onmars.SaveFileError, match="not JSON"):
        read_record(str(path))
    assert cli(["replay", str(path)]) == 2
    assert cli(["analyse", str(path), "--out", str(tmp_path)]) == 2
    assert "not JSON" in " ".join(capsys.readouterr().out.split())


def test_a_record_error_speaks_chinese_too() -> None:
    record = record_of(short_game(), "g1")
    record["players"].reverse()
    with pytest.raises(RecordError) as err:
        check_record(record, "zh")
    assert "players" not in str(err.value) and "Ana" in str(err.value)


def test_a_negative_loss_written_into_a_records_analysis_is_refused_in_chinese_too() -> None:
    """The analysis never judges the move played better than the search's choice (``after``
    is capped at ``before``): a loss below 0 is an edited record, refused as corrupt."""
    game = short_game(20)
    record = record_of(game, "g1")
    record["analysis"] = an.analyse_game(game.log, sims=SIMS)
    check_record(record)  # as the analysis wrote it: every loss at least 0
    record["analysis"]["decisions"][0]["loss"] = -0.5
    n = record["analysis"]["decisions"][0]["ply"] + 1
    with pytest.raises(RecordError, match=f"第 {n} 步.*-0.5") as err:
        check_record(record, "zh")
    assert "loss" not in str(err.value)


def test_a_record_with_a_move_edited_by_hand_is_refused_in_chinese_words() -> None:
    record = record_of(short_game(), "g1")
    record["moves"][3] = "main blueprint" if record["moves"][3] != "main blueprint" else "stay"
    with pytest.raises(RecordError, match="第 4 步") as err:
        check_record(record, "zh")
    assert "of the log" not in str(err.value)


# --- the analysis (25.3) -----------------------------------------------------------------------
def test_each_decision_gets_a_value_before_and_after_from_its_movers_seat() -> None:
    game = short_game(30)
    result = an.analyse_game(game.log, sims=SIMS)
    base = an.summary(game.log)
    assert result["complete"] and result["done"] == result["total"] == len(base["plies"]) > 0
    replay = onmars.Game.new(["Ana", "Ben"], seed=5)
    by_ply = {d["ply"]: d for d in result["decisions"]}
    for ply, move in enumerate(game.moves):
        if ply in by_ply:
            d = by_ply[ply]
            assert d["seat"] == replay.current_player and d["move"] == move
            assert d["after"] <= d["before"] and d["loss"] == round(d["before"] - d["after"], 2)
            assert onmars.Move.parse(d["best"]) in replay.legal_moves()
            assert set(d["label"]) == {"en", "zh"}
        replay.play(move)
    marked = [d for d in result["decisions"] if d["mistake"]]
    assert all(d["loss"] >= an.MISTAKE_OP for d in marked)
    # the final column of the OP by category adds up to each player's final score
    totals = [sum(sum(e["op"][s].values()) for e in result["sources"]) for s in range(2)]
    assert totals == [r["total"] for r in game.scores()] == result["final"]
    assert result["rounds"][-1]["projected"] == result["final"]


def test_onmars_analyse_prints_the_table_and_writes_valid_svgs(tmp_path: Path) -> None:
    path = write(tmp_path / "g.json", record_of(short_game(30), "g1"))
    console = Console(record=True, width=200)
    args = _args(path, tmp_path / "charts", lang="zh")
    assert analyse.run(args, console) == 0
    shown = console.export_text()
    assert "按轮次预测的最终得分" in shown and "Ana" in shown and "Ben" in shown
    for name in ("projected", "evaluation", "sources"):
        svg = ET.parse(tmp_path / "charts" / f"g-{name}.svg").getroot()
        assert svg.tag == "{http://www.w3.org/2000/svg}svg"
        shapes = svg.findall(".//{http://www.w3.org/2000/svg}polyline")
        shapes += svg.findall(".//{http://www.w3.org/2000/svg}rect")
        assert len(shapes) >= 2
    assert cli(["analyse", path, "--sims", "2", "--out", str(tmp_path / "en")]) == 0


def _args(path: str, out: Path, lang: str = "en", sims: int | None = SIMS) -> Any:
    import argparse

    parser = argparse.ArgumentParser()
    analyse.add_arguments(parser)
    budget = [] if sims is None else ["--sims", str(sims)]
    return parser.parse_args([path, *budget, "--out", str(out), "--lang", lang])


def test_onmars_analyse_refuses_an_unfinished_game(tmp_path: Path) -> None:
    game = onmars.Game.new(2, seed=1)
    game.play(game.legal_moves()[0])
    console = Console(record=True, width=200)
    assert analyse.run(_args(write(tmp_path / "g.json", game.log), tmp_path), console) == 2
    assert "not over" in console.export_text()


# --- on the server ------------------------------------------------------------------------------
def stored_finished(database: str, game: onmars.Game) -> str:
    gid = secrets.token_urlsafe(9)
    store = Store(Settings(database=database).url())
    try:
        store.migrate()
        rows = [SeatRow(i, n, None, token_hash(secrets.token_urlsafe(16)))
                for i, n in enumerate(game.players)]  # fmt: skip
        movers = [entry.seat for entry in game.seat_log()]
        result = {"scores": game.scores(), "winners": game.winners()}
        store.import_game(gid, game.log, rows, movers, Hints(None, True, game.round, result))
    finally:
        store.close()
    return gid


class Stopped(BrokenProcessPool):
    """The analysis worker dies (killed) during its second step."""


async def no_db(fn: Any, *args: Any) -> Any:
    return fn(*args)


def test_the_server_analysis_resumes_after_a_restart_without_redoing_decisions(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    game = short_game(30)
    gid = stored_finished(database, game)
    asked: list[list[int]] = []
    real = an.analyse_plies

    def counting(log: dict[str, Any], plies: list[int], sims: int) -> list[dict[str, Any]]:
        asked.append(list(plies))
        if len(asked) == 2:
            raise Stopped
        return real(log, plies, sims)

    monkeypatch.setattr(an, "analyse_plies", counting)
    store = Store(Settings(database=database).url())
    try:
        first = server_analysis.Analyst(store, no_db, SIMS, processes=False)
        first.lease = 0.0  # its claim runs out at once: as if its process had died
        job = server_analysis.claim(store, first.owner, SIMS, lease=0.0, only=gid)
        assert job is not None and job.game_id == gid
        with pytest.raises(Stopped):
            asyncio.run(first.analyse(job))
        first.close()
        status, partial = server_analysis.read(store, gid)
        assert status == "running" and partial is not None
        assert partial["done"] == server_analysis.STEP < partial["total"]
        # a new process: the lease (0 s here) has run out, the game is taken up again
        second = server_analysis.Analyst(store, no_db, SIMS, processes=False)
        job = server_analysis.claim(store, second.owner, SIMS, only=gid)
        assert job is not None and len(job.done) == server_analysis.STEP
        asyncio.run(second.analyse(job))
        second.close()
        status, done = server_analysis.read(store, gid)
        assert status == "done" and done is not None and done["complete"]
        judged = [p for step in asked[2:] for p in step]
        assert not set(judged) & set(asked[0])  # nothing judged twice
        assert sorted(asked[0] + judged) == an.summary(game.log)["plies"]
        assert server_analysis.claim(store, "third", SIMS, only=gid) is None  # nothing left to do
        with store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(sa.func.count())
                .select_from(server_analysis.analysis_moves)
                .where(server_analysis.analysis_moves.c.game_id == gid)
            ).scalar_one()
        assert rows == done["total"]
    finally:
        store.close()


def test_the_analysis_and_the_record_with_it_are_served_once_done(database: str) -> None:
    game = short_game(24)
    gid = stored_finished(database, game)
    settings = {"analysis_sims": SIMS, "analysis_process": False, "analysis_pause": 0.05}
    with make_client(database, **settings) as client:
        body: dict[str, Any] = {}
        for _ in range(600):
            body = client.get(f"/api/games/{gid}/analysis").json()
            if body["status"] == "done":
                break
            time.sleep(0.05)
        assert body["status"] == "done", body["status"]
        data = body["analysis"]
        assert data["complete"] and len(data["decisions"]) == data["total"]
        record = client.get(f"/api/games/{gid}/record").json()
        assert record["analysis"] == data and check_record(record).moves == game.moves
        unfinished = client.post("/api/games", json={"players": [{"name": "A"}, {"name": "B"}]})
        other = unfinished.json()["id"]
        refused = client.get(f"/api/games/{other}/analysis", headers=bearer(None))
        assert refused.status_code == 409 and "RUL-18" in refused.text


def test_a_server_without_analysis_says_so(database: str) -> None:
    gid = stored_finished(database, short_game(10))
    with make_client(database) as client:  # serverkit.FAST: analysis_sims 0
        body = client.get(f"/api/games/{gid}/analysis").json()
    assert body["status"] == "off" and body["analysis"] is None


def test_a_game_whose_moves_no_longer_replay_is_marked_failed_not_retried(database: str) -> None:
    import asyncio

    game = short_game(10)
    gid = stored_finished(database, game)
    store = Store(Settings(database=database).url())
    try:
        with store.engine.begin() as conn:  # as if today's rules refused its first move
            conn.execute(moves.update().where(moves.c.game_id == gid, moves.c.ply == 0)
                         .values(move="seat 99"))  # fmt: skip
        analyst = server_analysis.Analyst(store, no_db, SIMS, processes=False)
        job = server_analysis.claim(store, analyst.owner, SIMS, lease=0.0, only=gid)
        assert job is not None
        asyncio.run(analyst.analyse(job))
        analyst.close()
        assert server_analysis.read(store, gid) == ("failed", None)
        assert server_analysis.claim(store, "another", SIMS, only=gid) is None
    finally:
        store.close()


def test_onmars_analyse_shows_a_records_own_analysis_without_searching_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = short_game(20)
    record = record_of(game, "g1")
    record["analysis"] = an.analyse_game(game.log, sims=SIMS)
    path = write(tmp_path / "g.json", record)

    def no_search(*_: Any) -> list[dict[str, Any]]:
        raise AssertionError("the record's analysis was enough")

    monkeypatch.setattr(an, "analyse_plies", no_search)
    console = Console(record=True, width=200)
    assert analyse.run(_args(path, tmp_path / "charts", lang="en"), console) == 0
    shown = " ".join(console.export_text().split())  # titles wrap over narrow tables
    worst = max(record["analysis"]["decisions"], key=lambda d: d["loss"])
    assert "Mistakes" in shown and "Projected final score by round" in shown
    if worst["mistake"]:
        assert worst["label"]["en"].split()[0] in shown


def test_the_svg_charts_of_a_long_game_keep_grid_labels_and_legend_inside() -> None:
    """36 rounds, values below zero, ten categories: grid lines inside the plot, round labels
    apart, the legend wrapped within the width (a walk found them cut off and overlapping)."""
    rounds = [{"round": r, "ply": r, "projected": [r, 2 * r]} for r in range(1, 37)]
    sources = [{"round": r, "op": [{"tech": 1}, {}]} for r in range(1, 37)]
    cats = ["lss_first", "lss_reward", "progress", "final_progress", "ships", "living_quarters",
            "tech", "blueprints", "scientists", "contracts"]  # fmt: skip
    sources.append({"round": None, "op": [dict.fromkeys(cats, 3), {}]})
    decisions = [{"ply": p, "seat": p % 2, "before": -66.0, "after": -66.0, "mistake": False}
                 for p in range(500)]  # fmt: skip
    data = {"rounds": [*rounds, {"round": None, "ply": 40, "projected": [40, 80]}],
            "sources": sources, "decisions": decisions}  # fmt: skip
    for name, chart in charts.CHARTS.items():
        svg = ET.fromstring(chart(data, ["Ana", "Ben"], "zh"))
        height = float(svg.get("height", 0))
        ns = "{http://www.w3.org/2000/svg}"
        for line in svg.iter(ns + "line"):  # grid lines: within the plot's top and bottom
            assert charts.TOP <= float(line.get("y1", 0)) <= charts.HEIGHT - charts.BOTTOM, name
        below = [t for t in svg.iter(ns + "text") if t.get("y") == str(charts.HEIGHT - 48)]
        xs = sorted(float(t.get("x", 0)) for t in below)
        assert all(b - a >= 24 for a, b in zip(xs, xs[1:], strict=False)), (name, xs)
        for rect in svg.iter(ns + "rect"):
            assert float(rect.get("y", 0)) + float(rect.get("height", 0)) <= height, name
        for text in svg.iter(ns + "text"):
            assert float(text.get("y", 0)) <= height, name
            if text.get("text-anchor") is None:  # the legend's, written rightwards
                assert float(text.get("x", 0)) < charts.WIDTH - 40, name


def test_onmars_analyse_without_sims_keeps_the_records_analysis_and_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record analysed with 4 simulations, two decisions short (a server's analysis cut
    short): without ``--sims`` only those two are searched, at 4, not all again at 64."""
    game = short_game(20)
    record = record_of(game, "g1")
    full = an.analyse_game(game.log, sims=SIMS)
    kept = full["decisions"][:-2]
    record["analysis"] = an.assemble(an.summary(game.log), kept, SIMS)
    path = write(tmp_path / "g.json", record)
    asked: list[tuple[list[int], int]] = []
    search = an.analyse_plies

    def counted(log: dict[str, Any], plies: list[int], sims: int, seed: int) -> list[dict]:
        asked.append((list(plies), sims))
        return search(log, plies, sims, seed)

    monkeypatch.setattr(an, "analyse_plies", counted)
    console = Console(record=True, width=200)
    assert analyse.run(_args(path, tmp_path, sims=None), console) == 0
    assert asked == [([d["ply"] for d in full["decisions"][-2:]], SIMS)]
    shown = " ".join(console.export_text().split())
    assert f"at least {SIMS} simulations a decision" in shown


def test_a_loss_too_small_to_show_is_said_in_words() -> None:
    """A loss column reading "0.0" looks like a loss: a move about as good as the search's choice
    shows "no loss" (无损失)."""
    assert analyse.loss_text(0.0, "en") == "no loss"
    assert analyse.loss_text(0.04, "zh") == "无损失"
    assert analyse.loss_text(2.46, "en") == "2.5"


def test_the_charts_colour_each_seat_as_the_browser_does() -> None:
    """One table of player colours (``onmars/tools/colours.json``): the browser's table reads
    it (web/src/format.ts), and each chart line is its seat's colour (seat 0 red)."""
    web = (Path(__file__).parents[1] / "web" / "src" / "format.ts").read_text(encoding="utf-8")
    assert 'from "../../src/onmars/tools/colours.json"' in web
    seats = ("red", "blue", "green", "yellow")
    assert tuple(charts.PLAYER_COLOURS[c] for c in seats) == charts.SEAT_COLOURS
    assert charts.PLAYER_COLOURS["red"] == "#D55E00"
    data = {"rounds": [{"round": 1, "ply": 0, "projected": [10, 12]}]}
    svg = ET.fromstring(charts.projected_chart(data, ["Ana", "Ben"]))
    lines = svg.iter("{http://www.w3.org/2000/svg}polyline")
    assert [line.get("stroke") for line in lines] == list(charts.SEAT_COLOURS[:2])
