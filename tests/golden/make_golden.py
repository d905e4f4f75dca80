"""Make the golden games and perft counts that ``tests/test_golden.py`` checks.

    python tests/golden/make_golden.py           # (re)write tests/golden/{manifest,perft}.json
                                                 # and tests/golden/games/*.json
    python tests/golden/make_golden.py --check   # regenerate in memory, compare, write nothing

Only the public API is used (``onmars.Game`` and the bots), so the files survive a change of
the engine's module layout. The output is deterministic: the same code gives the same bytes.

A golden game is played by seeded bots and recorded as its move texts, with a checkpoint at
ply 0, every ``EVERY``-th ply and the last ply: whose decision it is, the sorted legal move
texts, a sha256 of the spectator view and of each seat's view, and one sha256 over all of
these. The final scores are recorded too. The test needs no bots: it replays the move texts.

A perft position is a game's options, seed and a prefix of moves; its counts are the number of
move sequences of length 1, 2, ... ``depth`` from there (a finished game has no moves), and
"divide" gives the count at full depth below each legal move at the root.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import onmars

HERE = Path(__file__).resolve().parent
GAMES_DIR = HERE / "games"
MANIFEST = HERE / "manifest.json"
PERFT = HERE / "perft.json"

FORMAT = 1
EVERY = 50  # a checkpoint every this many plies
MAX_MOVES = 3000  # games still running after this many moves are recorded as capped
PERFT_MAX_DEPTH = 3
PERFT_MAX_LEAVES = 20_000  # the depth is lowered (not below 2) until the count fits


# --- what a game is ---------------------------------------------------------------------------


def game_specs() -> list[dict[str, Any]]:
    """The 40 golden games: 2-4 players, short and long, random, greedy and mixed tables."""
    specs: list[tuple[int, str, tuple[str, ...]]] = []
    for i in range(28):  # random tables: every (players, length) pair 4-5 times
        players = 2 + i % 3
        specs.append((players, ("short", "long")[(i // 3) % 2], ("random",) * players))
    for i in range(8):  # one greedy seat among random ones, the seat moving round
        players = 2 + i % 3
        bots = ["random"] * players
        bots[i % players] = "greedy"
        specs.append((players, ("short", "long")[i % 2], tuple(bots)))
    for players, length in ((2, "short"), (3, "long"), (4, "short"), (2, "long")):
        specs.append((players, length, ("greedy",) * players))  # greedy tables
    out = []
    for index, (players, length, bots) in enumerate(specs):
        kinds = sorted(set(bots))
        seed = 1000 + index
        out.append(
            {
                "name": f"g{index:02d}-{players}p-{length}-{'+'.join(kinds)}",
                "players": players,
                "length": length,
                "seed": seed,
                "bots": list(bots),
                "bot_seeds": [seed * 10 + seat for seat in range(players)],
            }
        )
    return out


def new_game(spec: dict[str, Any]) -> onmars.Game:
    return onmars.Game.new(spec["players"], seed=spec["seed"], length=spec["length"])


# --- digests ----------------------------------------------------------------------------------


def sha(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def checkpoint(game: onmars.Game, players: int) -> dict[str, Any]:
    """What is checked at a ply: its digest and, to say what differs, the digest's parts."""
    player = game.current_player
    legal = sorted(str(m) for m in game.legal_moves())
    view = sha(game.view(None))
    seats = [sha(game.view(seat)) for seat in range(players)]
    digest = sha({"player": player, "legal": legal, "view": view, "seats": seats})
    return {
        "ply": len(game.log["moves"]),
        "player": player,
        "legal": legal,
        "view": view,
        "seats": seats,
        "digest": digest,
    }


def final_scores(game: onmars.Game) -> list[Any]:
    return json.loads(json.dumps(game.scores()))  # tuples as lists, as they read back


# --- playing a golden game --------------------------------------------------------------------


def play(spec: dict[str, Any]) -> dict[str, Any]:
    """Play a golden game with its bots and record it."""
    from onmars.bots import make_bot  # only making the files needs the bots

    game = new_game(spec)
    bots = [
        make_bot(name, seed) for name, seed in zip(spec["bots"], spec["bot_seeds"], strict=True)
    ]
    checkpoints = [checkpoint(game, spec["players"])]
    while not game.is_over and len(game.log["moves"]) < MAX_MOVES:
        seat = game.current_player
        legal = game.legal_moves()
        move = bots[seat].choose(game.view(seat), legal)
        if move not in legal:
            raise RuntimeError(f"{spec['name']}: bot {spec['bots'][seat]} chose illegal {move}")
        game.play(move)
        if len(game.log["moves"]) % EVERY == 0:
            checkpoints.append(checkpoint(game, spec["players"]))
    moves = game.log["moves"]
    if checkpoints[-1]["ply"] != len(moves):
        checkpoints.append(checkpoint(game, spec["players"]))
    return {
        "format": FORMAT,
        **spec,
        "max_moves": MAX_MOVES,
        "every": EVERY,
        "plies": len(moves),
        "over": game.is_over,
        "capped": not game.is_over,
        "scores": final_scores(game),
        "checkpoints": checkpoints,
        "moves": moves,
    }


# --- perft ------------------------------------------------------------------------------------


def perft(game: onmars.Game, depth: int) -> tuple[list[int], dict[str, int]]:
    """Move sequences of each length 1..depth from ``game``, and the full-depth count below
    each root move (``divide``)."""
    counts = [0] * depth

    def walk(node: onmars.Game, level: int) -> int:
        if level == depth or node.is_over:
            return 1 if level == depth else 0
        leaves = 0
        for move in node.legal_moves():
            counts[level] += 1
            child = node.copy()
            child.play(move)
            leaves += walk(child, level + 1)
        return leaves

    divide = {}
    if not game.is_over:
        for move in game.legal_moves():
            counts[0] += 1
            child = game.copy()
            child.play(move)
            divide[str(move)] = walk(child, 1)
    return counts, dict(sorted(divide.items()))


def perft_specs(games: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Fixed positions: three openings, then positions inside some golden games (the first
    ply at or after a target with at least 6 legal moves, so the tree is not trivial)."""
    out = []
    for players, length, seed in ((2, "short", 1), (3, "short", 2), (4, "long", 3)):
        spec = {"players": players, "length": length, "seed": seed}
        out.append({"name": f"start-{players}p-{length}", **spec, "moves": []})
    for name, target in (
        ("g00", 40),
        ("g04", 150),
        ("g08", 300),
        ("g11", 600),
        ("g28", 120),
        ("g37", 250),
    ):
        record = next(r for key, r in games.items() if key.startswith(name + "-"))
        game = new_game(record)
        for text in record["moves"]:
            ply = len(game.log["moves"])
            if ply >= target and len(game.legal_moves()) >= 6:
                break
            game.play(text)
        ply = len(game.log["moves"])
        out.append(
            {
                "name": f"{record['name']}@{ply}",
                "players": record["players"],
                "length": record["length"],
                "seed": record["seed"],
                "moves": record["moves"][:ply],
            }
        )
    return out


def position(spec: dict[str, Any]) -> onmars.Game:
    game = new_game(spec)
    for text in spec["moves"]:
        game.play(text)
    return game


def make_perft(spec: dict[str, Any]) -> dict[str, Any]:
    game = position(spec)
    for depth in range(PERFT_MAX_DEPTH, 1, -1):
        counts, divide = perft(game, depth)
        if counts[-1] <= PERFT_MAX_LEAVES:
            break
    return {**spec, "depth": depth, "counts": counts, "divide": divide}


# --- files ------------------------------------------------------------------------------------


def dumps(data: Any) -> str:
    return json.dumps(data, indent=1) + "\n"


def dumps_record(record: dict[str, Any]) -> str:
    """A game record, one list item (move, checkpoint, seat's score) a line: short diffs."""
    lines = []
    for key, value in record.items():
        if isinstance(value, list) and value:
            items = ",\n".join(f"  {json.dumps(item)}" for item in value)
            lines.append(f" {json.dumps(key)}: [\n{items}\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def generate(log: bool = True) -> dict[Path, str]:
    """Every golden file's path and text."""
    files: dict[Path, str] = {}
    games: dict[str, dict[str, Any]] = {}
    for spec in game_specs():
        record = play(spec)
        games[spec["name"]] = record
        files[GAMES_DIR / f"{spec['name']}.json"] = dumps_record(record)
        if log:
            end = "over" if record["over"] else "capped"
            print(f"{spec['name']}: {record['plies']} plies ({end})", file=sys.stderr)
    perfts = [make_perft(spec) for spec in perft_specs(games)]
    if log:
        for p in perfts:
            print(f"perft {p['name']}: depth {p['depth']} counts {p['counts']}", file=sys.stderr)
    files[PERFT] = dumps({"format": FORMAT, "positions": perfts})
    manifest = {
        "format": FORMAT,
        "every": EVERY,
        "max_moves": MAX_MOVES,
        "games": sorted(games),
        "perft": [p["name"] for p in perfts],
    }
    files[MANIFEST] = dumps(manifest)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    files = generate()
    stale = sorted(set(GAMES_DIR.glob("*.json")) - set(files))
    if args.check:
        bad = [p for p, text in files.items() if not p.exists() or p.read_text() != text]
        for path in bad + stale:
            print(f"differs: {path.relative_to(HERE)}", file=sys.stderr)
        print("golden files up to date" if not bad + stale else "golden files differ")
        return 1 if bad or stale else 0
    GAMES_DIR.mkdir(exist_ok=True)
    for path in stale:
        path.unlink()
    for path, text in files.items():
        path.write_text(text)
    size = sum(len(text.encode()) for text in files.values())
    print(f"wrote {len(files)} files ({size / 1e6:.2f} MB) under {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
