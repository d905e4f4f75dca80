"""Self-play records for training (``onmars selfplay``, issue 26, item 5; docs/ai.md).

Games are seated and seeded as the arena's (:mod:`onmars.tools.arena`: game ``g`` of seed ``s``
is the arena's game ``g``), and every decision becomes a row: the seat, its observation tensor,
the legal actions, the action chosen, the search's root visit counts when the bot is the search
bot, and the game's final returns. A task plays ``per_shard`` consecutive games and returns
their rows as one Arrow table; the driver writes it as one Parquet shard,
``shard-<task>.parquet`` (so a cluster's workers need no shared disk). Tasks run in this process
one after another, or as Ray tasks (``--ray``, :mod:`onmars.ai.ray_arena`).

Visit counts: the search bot has no method that returns them, but its public state does: after
``choose``, ``bot.plan.tree[()]`` is the root of the tree searched for that decision and its
``stats`` map each move tried to ``[visits, summed value]``. A decision with one legal move is
not searched (``bot.last_sims == 0``): its visit counts are null, as for every other bot.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from onmars.ai import actions, observation
from onmars.ai.returns import RETURNS, returns
from onmars.bots import Bot, SearchBot
from onmars.rules import N_, Game, Move, tr
from onmars.tools.arena import MAX_MOVES, check, game_seed, play_game, seating
from onmars.tools.text import CommandError, command_lang, refusal_text

SCHEMA_VERSION = 1
#: ``(bots, first game, games, seed, max_moves, length, returns kind)``: one shard's games.
ShardTask = tuple[tuple[str, ...], int, int, int, int, str, str]
#: Plays the shard tasks: ``(position, table)`` for every task, in any order.
ShardMapper = Callable[[Sequence[ShardTask]], Iterable[tuple[int, pa.Table]]]


def schema(players: int) -> pa.Schema:
    """The columns of a shard (docs/ai.md, "Self-play records"); the metadata names the
    versions of the encodings, so a reader can refuse records it does not understand."""
    meta = {
        "onmars.selfplay": str(SCHEMA_VERSION),
        "encoding_version": str(actions.ENCODING_VERSION),
        "action_fingerprint": actions.fingerprint(),
        "num_actions": str(actions.num_actions()),
        "observation_version": str(observation.OBSERVATION_VERSION),
        "observation_size": str(observation.size()),
        "players": str(players),
    }
    return pa.schema(
        [
            pa.field("game", pa.int32(), nullable=False),
            pa.field("game_seed", pa.int64(), nullable=False),
            pa.field("step", pa.int32(), nullable=False),
            pa.field("seat", pa.int8(), nullable=False),
            pa.field("bot", pa.string(), nullable=False),
            pa.field("observation", pa.list_(pa.float32(), observation.size()), nullable=False),
            pa.field("legal", pa.list_(pa.int32()), nullable=False),
            pa.field("action", pa.int32(), nullable=False),
            pa.field("visit_actions", pa.list_(pa.int32()), nullable=True),
            pa.field("visit_counts", pa.list_(pa.int32()), nullable=True),
            pa.field("returns", pa.list_(pa.float32(), players), nullable=False),
            pa.field("seat_return", pa.float32(), nullable=False),
            pa.field("agreed", pa.bool_(), nullable=False),
        ],
        metadata=meta,
    )


def root_visits(bot: Bot) -> tuple[list[int], list[int]] | None:
    """The search bot's root visit counts of its last decision, as (actions, counts) sorted by
    action; None for other bots and for a decision it did not search."""
    if not isinstance(bot, SearchBot) or bot.last_sims == 0 or bot.plan is None:
        return None
    root = bot.plan.tree.get(())
    if root is None:
        return None
    pairs = sorted((actions.encode(move), int(stat[0])) for move, stat in root.stats.items())
    return [a for a, _ in pairs], [n for _, n in pairs]


def play_records(
    bots: Sequence[str],
    index: int,
    seed: int,
    max_moves: int = MAX_MOVES,
    length: str = "short",
    kind: str = "shares",
) -> list[dict[str, Any]]:
    """The rows of game ``index`` (the arena's game of the same seed and index), in order."""
    names = [bots[e] for e in seating(len(bots), index)]
    recorder = _Recorder(index, game_seed(seed, index), names, kind)
    play_game(bots, index, seed, max_moves, length, watch=recorder)
    return recorder.rows


class _Recorder:
    """An arena watcher that keeps a row per decision and fills in the returns at the end."""

    def __init__(self, index: int, seed: int, names: list[str], kind: str) -> None:
        self.index, self.seed, self.names, self.kind = index, seed, names, kind
        self.rows: list[dict[str, Any]] = []

    def decided(
        self, seat: int, seen: dict[str, Any], legal: list[Move], move: Move, bot: Bot
    ) -> None:
        visits = root_visits(bot)
        self.rows.append(
            {
                "game": self.index,
                "game_seed": self.seed,
                "step": len(self.rows),
                "seat": seat,
                "bot": self.names[seat],
                "observation": observation.encode(seen).astype(np.float32),
                "legal": sorted(actions.encode_all(legal)),
                "action": actions.encode(move),
                "visit_actions": None if visits is None else visits[0],
                "visit_counts": None if visits is None else visits[1],
            }
        )

    def ended(self, game: Game) -> None:
        final, agreed = returns(game, self.kind), game.ended is not None
        for row in self.rows:
            row.update(returns=final, seat_return=final[row["seat"]], agreed=agreed)


def shard_table(task: ShardTask) -> pa.Table:
    """The rows of one shard's games as an Arrow table (a task's body, local or on Ray)."""
    bots, first, games, seed, max_moves, length, kind = task
    rows = [
        row
        for index in range(first, first + games)
        for row in play_records(bots, index, seed, max_moves, length, kind)
    ]
    return pa.Table.from_pylist(rows, schema=schema(len(bots)))


def shard_tasks(
    bots: Sequence[str],
    games: int,
    seed: int,
    per_shard: int,
    max_moves: int = MAX_MOVES,
    length: str = "short",
    kind: str = "shares",
) -> list[ShardTask]:
    """Games ``0 .. games-1`` in tasks of ``per_shard`` consecutive games (the last may be
    shorter)."""
    return [
        (tuple(bots), first, min(per_shard, games - first), seed, max_moves, length, kind)
        for first in range(0, games, per_shard)
    ]


def shard_path(out: Path, task: int) -> Path:
    return out / f"shard-{task:05d}.parquet"


@dataclass(frozen=True)
class Written:
    """What a self-play run wrote: the shards (in task order), their rows and games."""

    shards: tuple[Path, ...]
    rows: int
    games: int


def run(
    out: Path | str,
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    per_shard: int = 10,
    max_moves: int = MAX_MOVES,
    length: str = "short",
    kind: str = "shares",
    mapper: ShardMapper | None = None,
    on_shard: Callable[[Path], None] | None = None,
) -> Written:
    """Play ``games`` self-play games of ``bots`` (one per seat) and write their shards into
    ``out`` (created if missing); ``mapper`` plays the tasks (default: here, in order)."""
    check(len(bots), bots, games, max_moves)
    if per_shard < 1:
        raise CommandError(N_("--per-shard must be at least 1, not {n}"), n=per_shard)
    if kind not in RETURNS:
        raise CommandError(N_("--returns must be one of {known}, not {kind!r}"),
                           known=tuple(RETURNS), kind=kind)  # fmt: skip
    folder = Path(out)
    check_out(folder)
    tasks = shard_tasks(bots, games, seed, per_shard, max_moves, length, kind)
    paths: dict[int, Path] = {}
    rows = 0
    for k, table in (mapper or _here)(tasks):
        folder.mkdir(parents=True, exist_ok=True)  # once a shard exists: a failed start leaves none
        paths[k] = shard_path(folder, k)
        pq.write_table(table, paths[k])
        rows += table.num_rows
        if on_shard:
            on_shard(paths[k])
    return Written(tuple(paths[k] for k in sorted(paths)), rows, games)


def check_out(folder: Path) -> None:
    """Refuse, before any game is played, a ``--out`` that is not a folder, or one that already
    holds shards: the new ones would overwrite some of them and sit beside the rest, and
    :func:`read` would mix the two runs."""
    if folder.exists() and not folder.is_dir():
        raise CommandError(N_("--out {folder} is a file, not a folder for the shards"),
                           folder=str(folder))  # fmt: skip
    if folder.is_dir() and any(folder.glob("shard-*.parquet")):
        raise CommandError(
            N_("--out {folder} already holds self-play shards (shard-*.parquet): choose a new "
               "folder, or remove them first"), folder=str(folder),
        )  # fmt: skip


def _here(tasks: Sequence[ShardTask]) -> Iterable[tuple[int, pa.Table]]:
    return ((k, shard_table(task)) for k, task in enumerate(tasks))


def read(folder: Path | str) -> pa.Table:
    """Every shard in ``folder`` as one table, in shard order. A shard written with other
    versions of the records, the action space or the tensor than this code's, or with another
    player count than the first shard's, is refused (``ValueError`` naming the shard and the
    key): its numbers would mean something else."""
    paths = sorted(Path(folder).glob("shard-*.parquet"))
    if not paths:
        raise FileNotFoundError(f"no self-play shards (shard-*.parquet) in {folder}")
    tables = [pq.read_table(p) for p in paths]
    expected: dict[str, str] | None = None
    for path, table in zip(paths, tables, strict=True):
        meta = {k.decode(): v.decode() for k, v in (table.schema.metadata or {}).items()}
        if expected is None:
            players = int(meta["players"]) if meta.get("players", "").isdigit() else 0
            wanted = schema(players).metadata or {}
            expected = {k.decode(): v.decode() for k, v in wanted.items()}
        for key, value in expected.items():
            if meta.get(key) != value:
                raise ValueError(
                    f"{path}: {key} is {meta.get(key)!r}, this code reads {value!r} "
                    "(records of another version or another run)"
                )
    return pa.concat_tables(tables)


def dense_mask(legal: Sequence[int]) -> np.ndarray:
    """A row's ``legal`` column as the legal-action mask (``int8``, length ``N``)."""
    out = np.zeros(actions.num_actions(), dtype=np.int8)
    out[list(legal)] = 1
    return out


# --- the command --------------------------------------------------------------------------------


def main(args: Any, mapper: ShardMapper | None = None) -> int:
    """Write the shards and say what was written; 2 on bad options (the options: cli.py)."""
    lang = command_lang(args)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]

    def said(path: Path) -> None:
        if not args.quiet:
            print(tr(N_("wrote {path}"), lang, path=str(path)), file=sys.stderr)

    try:
        check(args.players, bots, args.games, args.max_moves)
        done = run(
            args.out,
            bots,
            args.games,
            args.seed,
            args.per_shard,
            args.max_moves,
            args.length,
            args.returns,
            mapper,
            said,
        )
    except ValueError as exc:
        print(tr(N_("onmars selfplay: {reason}"), lang, reason=refusal_text(exc, lang)),
              file=sys.stderr)  # fmt: skip
        return 2
    print(tr(N_("Self-play: {games} games, {rows} decisions, {shards} shards in {out}"), lang,
             games=done.games, rows=done.rows, shards=len(done.shards), out=args.out))  # fmt: skip
    return 0
