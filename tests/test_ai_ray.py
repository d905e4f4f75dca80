"""Issue 26, items 5 and 6: the arena and self-play on Ray, the Parquet shards, their example.

One local Ray instance (2 CPUs, no dashboard) serves the module. Where Ray cannot start, the
Ray tests skip with the reason, except under CI (``CI`` set), where they must run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from aikit import need

ray = need("ray")
pa = need("pyarrow")
pq = need("pyarrow.parquet")

from onmars.ai import actions, observation, selfplay  # noqa: E402
from onmars.ai.ray_arena import ray_mapper, remote_mapper  # noqa: E402
from onmars.cli import main as cli  # noqa: E402
from onmars.tools import arena  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "read_selfplay.py"
COLUMNS = [
    "game",
    "game_seed",
    "step",
    "seat",
    "bot",
    "observation",
    "legal",
    "action",
    "visit_actions",
    "visit_counts",
    "returns",
    "seat_return",
    "agreed",
]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    try:
        ray.init(num_cpus=2, include_dashboard=False)
    except Exception as exc:  # Ray's start-up errors have no common type
        if os.environ.get("CI"):
            raise
        pytest.skip(f"a local Ray instance cannot start here: {exc}")
    yield
    ray.shutdown()


def timeless(line: str) -> str:
    """A summary line without its run time (the one thing two runs may differ in)."""
    return line.rsplit(";", 1)[0]


def test_ray_arena_gives_the_local_arena_table(local_ray: None) -> None:
    bots = ("greedy", "random")
    local = arena.run(2, bots, games=3, seed=5, jobs=1, max_moves=120)
    seen: list[int] = []
    remote = arena.run(
        2,
        bots,
        games=3,
        seed=5,
        max_moves=120,
        on_game=lambda g: seen.append(g.index),
        mapper=ray_mapper(),
    )
    assert remote.games == local.games  # every game, in order: seeds, seats, scores, shares
    assert sorted(seen) == [0, 1, 2]
    drop_time = [row[:-1] for row in arena.rows(local)]  # ms/dec is the thinking time
    assert [row[:-1] for row in arena.rows(remote)] == drop_time
    assert timeless(arena.summary(remote)) == timeless(arena.summary(local))


def test_ray_ladder_gives_the_local_ratings(local_ray: None) -> None:
    local = arena.ladder(("greedy", "random"), games=2, seed=2, jobs=1, max_moves=80)
    remote = arena.ladder(("greedy", "random"), games=2, seed=2, max_moves=80, mapper=ray_mapper())
    assert remote.games == local.games and remote.ratings == local.ratings


def test_arena_command_with_ray(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    options = ["arena", "--games", "2", "--max-moves", "60", "--seed", "4", "--quiet"]
    assert cli([*options, "--jobs", "1"]) == 0
    local = capsys.readouterr().out.splitlines()
    assert cli([*options, "--ray"]) == 0  # joins the instance this process already runs
    remote = capsys.readouterr().out.splitlines()
    assert timeless(remote[0]) == timeless(local[0]) and "2 games" in local[0]
    table = [line.rsplit(None, 1)[0] for line in local[1:] if line.strip()]  # ms/dec dropped
    assert [line.rsplit(None, 1)[0] for line in remote[1:] if line.strip()] == table


def test_selfplay_shards_on_ray(local_ray: None, tmp_path: Path) -> None:
    bots = ("random", "greedy")
    out = tmp_path / "ray"
    done = selfplay.run(
        out,
        bots,
        games=3,
        seed=7,
        per_shard=2,
        max_moves=50,
        mapper=remote_mapper(selfplay.shard_table),
    )
    assert [p.name for p in done.shards] == ["shard-00000.parquet", "shard-00001.parquet"]
    # the arena's games of the same seed: as many rows as moves, shard by shard
    games = arena.run(2, bots, games=3, seed=7, jobs=1, max_moves=50).games
    first, second = (pq.read_table(p) for p in done.shards)
    assert first.num_rows == games[0].moves + games[1].moves
    assert second.num_rows == games[2].moves
    assert done.rows == sum(g.moves for g in games)
    table = selfplay.read(out)
    assert table.column_names == COLUMNS
    assert table.schema.metadata[b"action_fingerprint"] == actions.fingerprint().encode()
    assert sorted(set(table.column("game").to_pylist())) == [0, 1, 2]
    for row in table.drop_columns(["observation"]).to_pylist():
        assert row["action"] in row["legal"]
        assert selfplay.dense_mask(row["legal"])[row["action"]] == 1
        assert row["visit_counts"] is None  # no search bot here
        assert row["seat_return"] == row["returns"][row["seat"]]
        assert sum(row["returns"]) == pytest.approx(1.0)  # win shares (RUL-20 at the cap)
    width = len(table.column("observation")[0])
    assert width == observation.size()
    # Ray or not, the same records
    here = selfplay.run(tmp_path / "here", bots, games=3, seed=7, per_shard=2, max_moves=50)
    assert selfplay.read(tmp_path / "here").equals(table) and here.rows == done.rows


def test_selfplay_records_the_search_visit_counts() -> None:
    rows = selfplay.play_records(("search:8sims", "random"), 0, seed=3, max_moves=30)
    searched = [r for r in rows if r["bot"] == "search:8sims" and len(r["legal"]) > 1]
    assert searched, "the search bot met no decision with a choice"
    for row in searched:
        assert len(row["visit_actions"]) == len(row["visit_counts"]) >= 1
        assert sum(row["visit_counts"]) >= 1
        assert set(row["visit_actions"]) <= set(row["legal"])
    assert all(r["visit_counts"] is None for r in rows if r["bot"] == "random")


def test_selfplay_command_and_its_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cli"
    options = ["selfplay", "--out", str(out), "--games", "2", "--per-shard", "1"]
    assert cli([*options, "--bots", "random", "--max-moves", "20"]) == 2  # one bot, two seats
    assert "one bot per seat" in capsys.readouterr().err and not out.exists()
    assert cli([*options, "--max-moves", "20", "--quiet"]) == 0
    assert "2 games, 40 decisions, 2 shards" in capsys.readouterr().out
    assert [p.name for p in sorted(out.iterdir())] == ["shard-00000.parquet", "shard-00001.parquet"]


def test_read_selfplay_example(tmp_path: Path) -> None:
    bots = ("search:8sims", "greedy")
    selfplay.run(tmp_path, bots, games=2, seed=1, per_shard=1, max_moves=40)
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(tmp_path), "--batch", "32"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0] == "80 decisions from 2 games in 2 shards"
    assert any(line.startswith("| search:8sims |") for line in lines)
    assert lines[-1].startswith("batch: observation (32, 6986) float32, mask (32, 13998)")
    assert lines[-1].endswith("every chosen action is legal")


def test_arena_refuses_a_mapper_that_loses_a_game() -> None:
    def loses_the_last(tasks: Sequence[arena.Task]) -> Iterator[tuple[int, arena.GameResult]]:
        for k, task in enumerate(tasks[:-1]):
            yield k, arena.play_game(*task)

    with pytest.raises(RuntimeError, match=r"lost the results of tasks \[1\]"):
        arena.run(2, ("random", "random"), games=2, seed=1, max_moves=10, mapper=loses_the_last)


def test_selfplay_refuses_an_out_that_is_a_file_or_holds_shards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before any game is played: a file is no folder for shards, and a folder that already
    holds shards would mix two runs (some overwritten, the rest read with the new ones)."""
    bots = ("random", "random")
    afile = tmp_path / "afile"
    afile.write_text("x")
    with pytest.raises(ValueError, match="is a file, not a folder"):
        selfplay.run(afile, bots, games=1, max_moves=5)
    options = ["selfplay", "--games", "1", "--max-moves", "5", "--quiet"]
    assert cli([*options, "--out", str(afile)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    out = tmp_path / "run"
    selfplay.run(out, bots, games=2, per_shard=1, max_moves=5)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert cli([*options, "--out", str(out)]) == 2
    assert "already holds self-play shards" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def test_reading_shards_of_another_version_is_refused(tmp_path: Path) -> None:
    """docs/ai.md, section 8: a reader refuses shards whose versions it does not know (the
    numbers would mean something else); ``selfplay.read`` and the example both do."""
    selfplay.run(tmp_path, ("random", "random"), games=2, per_shard=1, max_moves=5)
    path = tmp_path / "shard-00001.parquet"
    table = pq.read_table(path)
    meta = {**table.schema.metadata, b"encoding_version": b"0"}
    pq.write_table(table.replace_schema_metadata(meta), path)
    with pytest.raises(ValueError, match="shard-00001.parquet: encoding_version is '0'"):
        selfplay.read(tmp_path)
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0
    assert "shard-00001.parquet: written with other versions" in done.stderr
