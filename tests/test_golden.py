"""Golden games: recorded games must still replay to the same states, legal moves and scores.

The files under ``tests/golden/`` were made by ``tests/golden/make_golden.py`` (see the README
there). No bots are needed here: each game's recorded move texts are replayed and the position
is compared with the record at every checkpoint (ply 0, every 50th ply, the last ply); perft
counts are recomputed from fixed positions. A rule change that is meant to alter them must
regenerate the files in a commit of its own that says why.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import onmars

GOLDEN = Path(__file__).resolve().parent / "golden"


def _maker() -> Any:
    """``make_golden.py``, which holds the one definition of a checkpoint and of perft."""
    spec = importlib.util.spec_from_file_location("make_golden", GOLDEN / "make_golden.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mg = _maker()
MANIFEST = json.loads((GOLDEN / "manifest.json").read_text())
PERFT = {p["name"]: p for p in json.loads((GOLDEN / "perft.json").read_text())["positions"]}
REGENERATE = (
    "if a rule change meant this, regenerate with `python tests/golden/make_golden.py` in a "
    "commit of its own that says which rule change caused it"
)


def _record(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / "games" / f"{name}.json").read_text())


# --- the files themselves ---------------------------------------------------------------------


def test_golden_files_are_complete() -> None:
    names = MANIFEST["games"]
    on_disk = sorted(p.stem for p in (GOLDEN / "games").glob("*.json"))
    assert on_disk == names, "tests/golden/games/ does not hold exactly the manifest's games"
    assert len(names) == 40
    assert MANIFEST["every"] == mg.EVERY and MANIFEST["max_moves"] == mg.MAX_MOVES
    assert sorted(PERFT) == sorted(MANIFEST["perft"])
    specs = {s["name"]: s for s in mg.game_specs()}
    assert sorted(specs) == names, "make_golden.py describes other games than the files hold"
    tables = set()
    for name in names:
        record = _record(name)
        assert record["format"] == mg.FORMAT, name
        assert {k: record[k] for k in specs[name]} == specs[name], f"{name}: not as specified"
        assert record["plies"] == len(record["moves"]), name
        assert record["capped"] == (not record["over"]), name
        assert record["over"] or record["plies"] == record["max_moves"], name
        tables.add((record["players"], record["length"], "+".join(sorted(set(record["bots"])))))
    assert {p for p, _, _ in tables} == {2, 3, 4}
    assert {length for _, length, _ in tables} == {"short", "long"}
    assert {b for _, _, b in tables} == {"random", "greedy", "greedy+random"}


# --- replaying the games ----------------------------------------------------------------------


def _difference(want: dict[str, Any], got: dict[str, Any]) -> str:
    """What differs between two checkpoints, in words."""
    parts = []
    if want["player"] != got["player"]:
        parts.append(f"seat to decide: expected {want['player']}, got {got['player']}")
    if want["legal"] != got["legal"]:
        new = sorted(set(got["legal"]) - set(want["legal"]))
        gone = sorted(set(want["legal"]) - set(got["legal"]))
        parts.append(
            f"legal moves: expected {len(want['legal'])}, got {len(got['legal'])}; "
            f"now legal {new[:12]}; no longer legal {gone[:12]}"
        )
    if want["view"] != got["view"]:
        parts.append("the spectator view differs")
    seats = [s for s, (a, b) in enumerate(zip(want["seats"], got["seats"], strict=False)) if a != b]
    if seats or len(want["seats"]) != len(got["seats"]):
        parts.append(f"the views of seats {seats} differ")
    if want["digest"] != got["digest"]:
        parts.append("the digest differs")
    if not parts:
        parts.append(f"the record differs: expected {want}, got {got}")
    return "; ".join(parts)


@pytest.mark.parametrize("name", MANIFEST["games"])
def test_golden_game_replays_identically(name: str) -> None:
    record = _record(name)
    moves, players, every = record["moves"], record["players"], record["every"]
    checkpoints = {c["ply"]: c for c in record["checkpoints"]}
    plies = sorted({*range(0, len(moves) + 1, every), len(moves)})
    assert sorted(checkpoints) == plies, f"{name}: the record's checkpoints are not every {every}"
    game = onmars.Game.new(players, seed=record["seed"], length=record["length"])
    matched = 0
    for ply in range(len(moves) + 1):
        if ply in checkpoints:
            want, got = checkpoints[ply], mg.checkpoint(game, players)
            if got != want:
                since = " | ".join(moves[matched:ply])
                pytest.fail(
                    f"{name}: diverged after move {matched} (checked) and by move {ply}: "
                    f"{_difference(want, got)}.\nMoves {matched + 1}-{ply}: {since}\n{REGENERATE}"
                )
            matched = ply
        if ply == len(moves):
            break
        try:
            game.play(moves[ply])
        except Exception as exc:
            pytest.fail(
                f"{name}: recorded move {ply + 1} {moves[ply]!r} is refused now "
                f"({type(exc).__name__}: {exc}); the checkpoint at move {matched} matched.\n"
                f"{REGENERATE}"
            )
    assert game.is_over == record["over"], (
        f"{name}: after its {len(moves)} moves the game is "
        f"{'over' if game.is_over else 'not over'}, the record says the opposite. {REGENERATE}"
    )
    scores = mg.final_scores(game)
    if scores != record["scores"]:
        totals = [s["total"] for s in scores]
        expected = [s["total"] for s in record["scores"]]
        pytest.fail(
            f"{name}: final scores differ: totals expected {expected}, got {totals}\n"
            f"expected {record['scores']}\ngot      {scores}\n{REGENERATE}"
        )


# --- perft --------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft_counts(name: str) -> None:
    position = PERFT[name]
    depth = position["depth"]
    assert depth >= 2 and len(position["counts"]) == depth
    assert sum(position["divide"].values()) == position["counts"][-1], f"{name}: bad record"
    game = mg.position(position)
    counts, divide = mg.perft(game, depth)
    if (counts, divide) != (position["counts"], position["divide"]):
        want = position["divide"]
        changed = {
            move: (want.get(move), divide.get(move))
            for move in sorted({*want, *divide})
            if want.get(move) != divide.get(move)
        }
        pytest.fail(
            f"perft {name} (depth {depth}): move sequences per depth expected "
            f"{position['counts']}, got {counts}; below these root moves "
            f"(expected, got; None = not legal): {changed}\n{REGENERATE}"
        )
