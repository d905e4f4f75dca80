"""Bot-versus-bot games (``onmars arena``): seats rotated across games, several processes.

Game ``g`` seats entrant ``(i + g) % N`` at seat ``i``, so every entrant plays every seat equally
often. Its game seed and the bots' seeds derive from (arena seed, ``g``) only, and results are
gathered in game order, so the same seed gives the same results whatever the number of jobs.

A shared victory counts fractionally (1/k for each of k winners, :meth:`onmars.Game.winners`).
A game that reaches the move cap is ended by agreement (RUL-20): scored as it stands with the
final scoring, counted like any other game (wins, scores, lengths) and reported as "ended by
agreement" (the summary line and the ``agreed`` column), never dropped. The bots' own agreement
rule (:func:`onmars.bots.agrees_to_end`) is not used here: random bots stall for 5 rounds in
nearly every game that would still finish, so the arena ends games at the cap only.

The ladder (``--ladder``, issue 13) plays every pair of the bots ``--games`` two-player games
(game ``g`` of every pair on the same deal, seats alternated) and fits Bradley-Terry ratings
(:func:`bradley_terry`) shown on the Elo scale with 95% intervals.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from onmars import N_, Game, Move, tr
from onmars.bots import BOTS, Bot, check_bot, make_bot
from onmars.tools.text import (
    CommandError,
    add_lang,
    arg_error,
    columns,
    command_lang,
    pad,
    refusal_text,
)

MAX_MOVES = 10_000
Z95 = 1.959964  # two-sided 95% normal quantile
Task = tuple[tuple[str, ...], int, int, int, str]  # play_game's arguments
#: Another way to play the tasks (``onmars arena --ray``, :mod:`onmars.ai.ray_arena`): given the
#: tasks, yields ``(position in tasks, result)`` for every task, in any order.
Mapper = Callable[[Sequence[Task]], Iterable[tuple[int, "GameResult"]]]


@dataclass(frozen=True)
class GameResult:
    """One arena game. ``entrants[i]``: the entrant at seat ``i``; per-seat lists follow."""

    index: int
    seed: int
    entrants: tuple[int, ...]
    finished: bool
    moves: int
    rounds: int
    scores: tuple[int, ...]
    shares: tuple[float, ...]  # win share per seat
    seconds: tuple[float, ...] = field(compare=False)  # thinking time per seat
    decisions: tuple[int, ...] = field(compare=False)
    agreed: bool = False  # ended by agreement at the move cap (RUL-20), not by §24.1
    names: tuple[str, ...] = ()  # the bot at each seat


@dataclass(frozen=True)
class EntrantStats:
    label: str
    bot: str
    games: int
    finished: int  # played to the end (§24.1)
    wins: float
    win_rate: float
    win_ci: tuple[float, float]
    mean_score: float
    score_ci: tuple[float, float]
    mean_moves: float
    mean_rounds: float
    ms_per_decision: float = field(compare=False)
    agreed: int = 0  # ended by agreement at the move cap (RUL-20)


@dataclass(frozen=True)
class ArenaResult:
    players: int
    bots: tuple[str, ...]
    seed: int
    max_moves: int
    games: tuple[GameResult, ...]
    stats: tuple[EntrantStats, ...]
    seconds: float = field(compare=False)

    @property
    def agreed(self) -> int:
        """Games ended by agreement at the move cap (RUL-20)."""
        return sum(g.agreed for g in self.games)


# --- seeds and seating ------------------------------------------------------------------------


def _derive(*parts: object) -> int:
    """A 31-bit seed from text: stable across runs, processes and Python builds."""
    return random.Random(":".join(("onmars-arena", *map(str, parts)))).getrandbits(31)


def game_seed(seed: int, index: int) -> int:
    return _derive(seed, index)


def bot_seed(seed: int, index: int, entrant: int) -> int:
    return _derive(seed, index, "bot", entrant)


def seating(players: int, index: int) -> tuple[int, ...]:
    """Entrant per seat in game ``index``: rotated by one seat each game."""
    return tuple((seat + index) % players for seat in range(players))


def labels(bots: Sequence[str]) -> list[str]:
    """Entrant labels: the bot name, numbered when a name repeats (``random``, ``random#2``)."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for name in bots:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


# --- one game -----------------------------------------------------------------------------------


class Watcher(Protocol):
    """Told of each decision of an arena game and of its end (self-play records, issue 26)."""

    def decided(
        self, seat: int, seen: dict[str, Any], legal: list[Move], move: Move, bot: Bot
    ) -> None:
        """``bot``, at ``seat``, given ``seen`` and ``legal``, chose ``move`` (not yet played)."""

    def ended(self, game: Game) -> None:
        """The game is over (or was ended by agreement at the move cap)."""


def play_game(
    bots: Sequence[str],
    index: int,
    seed: int,
    max_moves: int = MAX_MOVES,
    length: str = "short",
    watch: Watcher | None = None,
) -> GameResult:
    """Game ``index`` of an arena run: bots see only their own view and the legal moves.
    ``watch`` is told of every decision (outside the bots' timed choice) and of the end."""
    n = len(bots)
    entrants = seating(n, index)
    players = [make_bot(bots[e], bot_seed(seed, index, e)) for e in entrants]
    game = Game.new(n, seed=game_seed(seed, index), length=length)
    spent, decisions = [0.0] * n, [0] * n
    while not game.is_over and len(game.moves) < max_moves:
        seat = game.current_player
        assert seat is not None
        legal, seen = game.legal_moves(), game.view(seat)
        start = time.perf_counter()
        move = players[seat].choose(seen, legal)
        spent[seat] += time.perf_counter() - start
        decisions[seat] += 1
        if move not in legal:
            raise ValueError(f"bot {bots[entrants[seat]]!r} chose an illegal move {move}")
        if watch is not None:
            watch.decided(seat, seen, legal, move, players[seat])
        game.play(move)
    finished = game.is_over
    if not finished:
        game.conclude()  # the move cap: ended by agreement, scored as it stands (RUL-20)
    if watch is not None:
        watch.ended(game)
    shares = [0.0] * n
    best = game.winners()
    for w in best:
        shares[w] = 1 / len(best)
    return GameResult(
        index=index,
        seed=game_seed(seed, index),
        entrants=entrants,
        finished=finished,
        moves=len(game.moves),
        rounds=game.round,
        scores=tuple(row["total"] for row in game.scores()),
        shares=tuple(shares),
        seconds=tuple(spent),
        decisions=tuple(decisions),
        agreed=not finished,
        names=tuple(bots[e] for e in entrants),
    )


def _task(args: Task) -> GameResult:
    return play_game(*args)


# --- a run --------------------------------------------------------------------------------------


def run(
    players: int,
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    jobs: int | None = None,
    max_moves: int = MAX_MOVES,
    length: str = "short",
    on_game: Callable[[GameResult], None] | None = None,
    mapper: Mapper | None = None,
    reuse: Mapping[GameKey, GameResult] | None = None,
) -> ArenaResult:
    """Play ``games`` games between ``bots`` (one name per seat) on ``jobs`` processes
    (default: the CPU count) or by ``mapper``; ``on_game`` is called as each game finishes
    (any order)."""
    bots = tuple(bots)
    check(players, bots, games, max_moves)
    tasks = [(bots, g, seed, max_moves, length) for g in range(games)]
    start = time.perf_counter()
    results = play_all(tasks, jobs, on_game, mapper, reuse)
    stats = tuple(entrant_stats(results, e, bots) for e in range(len(bots)))
    return ArenaResult(
        players, bots, seed, max_moves, tuple(results), stats, time.perf_counter() - start
    )


def check(players: int, bots: Sequence[str], games: int, max_moves: int = MAX_MOVES) -> None:
    """Refuse options that play nothing (:class:`CommandError`, a ValueError, translatable)."""
    if not 2 <= players <= 4:
        raise CommandError(N_("§3: On Mars is for 2-4 players here, not {players}"),
                           players=players)  # fmt: skip
    if len(bots) != players:
        raise CommandError(N_("--bots needs one bot per seat: {players} names, not {n}"),
                           players=players, n=len(bots))  # fmt: skip
    for name in bots:
        check_known_bot(name)
    if games < 1:
        raise CommandError(N_("--games must be at least 1, not {n}"), n=games)
    if max_moves < 1:
        raise CommandError(N_("--max-moves must be at least 1, not {n}"), n=max_moves)


def check_known_bot(name: str) -> None:
    """Refuse a bot name :func:`onmars.bots.make_bot` cannot build, naming the known ones."""
    try:
        check_bot(name)
    except ValueError:
        known = [*BOTS, "search:<seconds>", "search:<n>sims"]
        raise CommandError(N_("unknown bot {name!r}; known bots: {known}"), name=name,
                           known=known) from None  # fmt: skip


# --- statistics ---------------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion (fractional successes allowed)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, tuple[float, float]]:
    """The mean and its normal-approximation 95% interval."""
    if not values:
        return (math.nan, (math.nan, math.nan))
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, (math.nan, math.nan))
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, (mean - half, mean + half))


def entrant_stats(results: Sequence[GameResult], entrant: int, bots: Sequence[str]) -> EntrantStats:
    scores, wins, moves, rounds, secs, decisions = [], 0.0, [], [], 0.0, 0
    finished = agreed = 0
    for r in results:
        for seat, e in enumerate(r.entrants):
            if e != entrant:
                continue
            wins += r.shares[seat]
            secs += r.seconds[seat]
            decisions += r.decisions[seat]
            finished += r.finished
            agreed += r.agreed
            scores.append(r.scores[seat])  # every game is scored, ended by agreement or not
            moves.append(r.moves)
            rounds.append(r.rounds)
    games = sum(r.entrants.count(entrant) for r in results)
    mean, ci = mean_ci(scores)
    return EntrantStats(
        label=labels(bots)[entrant],
        bot=bots[entrant],
        games=games,
        agreed=agreed,
        finished=finished,
        wins=wins,
        win_rate=wins / games if games else math.nan,
        win_ci=wilson(wins, games),
        mean_score=mean,
        score_ci=ci,
        mean_moves=statistics.fmean(moves) if moves else math.nan,
        mean_rounds=statistics.fmean(rounds) if rounds else math.nan,
        ms_per_decision=1e3 * secs / decisions if decisions else math.nan,
    )


# --- the ladder: a round robin and Bradley-Terry ratings ---------------------------------------

ELO = 400 / math.log(10)  # Elo points per unit of Bradley-Terry log-strength
ANCHOR = 1000.0  # the first bot's rating
PRIOR_GAMES = 1.0  # a virtual drawn game between every pair: finite ratings for a perfect record


@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    ci: tuple[float, float]  # 95%, relative to the first bot (the anchor)
    games: int
    wins: float


@dataclass(frozen=True)
class Step:
    """How much stronger ``upper`` is than ``lower`` (the bot before it in the ladder's order),
    in Elo, with its 95% interval: a level is shown stronger when the interval is above 0."""

    lower: str
    upper: str
    gain: float
    ci: tuple[float, float]


@dataclass(frozen=True)
class LadderResult:
    bots: tuple[str, ...]
    seed: int
    games_per_pair: tuple[int, ...]  # per pair played, in the order of :func:`ladder_pairs`
    games: tuple[tuple[int, int, GameResult], ...]  # (bot at seat 0, bot at seat 1, result)
    ratings: tuple[Rating, ...]  # strongest first
    seconds: float = field(compare=False)
    steps: tuple[Step, ...] = ()  # each bot over the one before it, in the order given


def ladder(
    bots: Sequence[str],
    games: int | Sequence[int],
    seed: int = 1,
    jobs: int | None = None,
    max_moves: int = MAX_MOVES,
    length: str = "short",
    on_game: Callable[[GameResult], None] | None = None,
    mapper: Mapper | None = None,
    reuse: Mapping[GameKey, GameResult] | None = None,
    chain: bool = False,
) -> LadderResult:
    """Two-player games between pairs of ``bots`` (:func:`ladder_pairs`: every pair, or with
    ``chain`` each bot and the next only), ``games`` of them a pair (one count, or one per
    pair): game ``g`` on the arena's deal ``g``, the pair's seats swapped every game; then
    ratings, and each bot's step over the one before it."""
    bots = tuple(bots)
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise CommandError(N_("--ladder needs at least two different bots"))
    pairs = ladder_pairs(len(bots), chain)
    counts = (games,) * len(pairs) if isinstance(games, int) else tuple(games)
    if len(counts) != len(pairs):
        raise CommandError(N_("--games: one count, or one for each of the {n} pairs"),
                           n=len(pairs))  # fmt: skip
    for (a, b), count in zip(pairs, counts, strict=True):
        check(2, (bots[a], bots[b]), count, max_moves)
    tasks, who = [], []
    for (a, b), count in zip(pairs, counts, strict=True):
        tasks += [((bots[a], bots[b]), g, seed, max_moves, length) for g in range(count)]
        who += [(a, b)] * count
    start = time.perf_counter()
    done = play_all(tasks, jobs, on_game, mapper, reuse)
    played = []
    for (a, b), result in zip(who, done, strict=True):
        assert result is not None
        seat0, seat1 = (a, b)[result.entrants[0]], (a, b)[result.entrants[1]]
        played.append((seat0, seat1, result))
    rated, steps = ratings(bots, played)
    return LadderResult(
        bots, seed, counts, tuple(played), rated, time.perf_counter() - start, steps
    )


def ladder_pairs(bots: int, chain: bool = False) -> list[tuple[int, int]]:
    """The pairs of a ladder of ``bots``: every pair, or with ``chain`` each bot and the next
    (a ladder of levels given weakest first needs only neighbours to be compared)."""
    if chain:
        return [(a, a + 1) for a in range(bots - 1)]
    return [(a, b) for a in range(bots) for b in range(a + 1, bots)]


def play_all(
    tasks: Sequence[Task],
    jobs: int | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    mapper: Mapper | None = None,
    reuse: Mapping[GameKey, GameResult] | None = None,
) -> list[GameResult]:
    """Play the games ``tasks`` on ``jobs`` processes (default: the CPU count), or by
    ``mapper`` (``--ray``); their results in the tasks' order, ``on_game`` called as each game
    finishes (any order). Each game is played from its own seeds, so the results do not depend
    on who plays it: a game found in ``reuse`` (:func:`read_results`) is taken from there."""
    done: list[GameResult | None] = [None] * len(tasks)
    todo: list[int] = []
    for k, task in enumerate(tasks):
        done[k] = (reuse or {}).get(task_key(task))
        if done[k] is None:
            todo.append(k)
    mapped = (mapper or _pool_mapper(jobs))([tasks[k] for k in todo])
    for j, result in mapped:
        done[todo[j]] = result
        if on_game:
            on_game(result)
    missing = [k for k, r in enumerate(done) if r is None]
    if missing:
        raise RuntimeError(f"the arena lost the results of tasks {missing}")
    return [r for r in done if r is not None]


#: What identifies an arena game: the bots by entrant, the game's index and its game seed.
GameKey = tuple[tuple[str, ...], int, int]


def task_key(task: Task) -> GameKey:
    bots, index, seed = task[0], task[1], task[2]
    return tuple(bots), index, game_seed(seed, index)


def result_key(result: GameResult) -> GameKey:
    by_entrant = [""] * len(result.entrants)
    for seat, entrant in enumerate(result.entrants):
        by_entrant[entrant] = result.names[seat]
    return tuple(by_entrant), result.index, result.seed


def read_results(path: str) -> dict[GameKey, GameResult]:
    """The games recorded in ``path`` (``--record``), by :func:`task_key`: ``--reuse`` plays
    them no more (for runs with the same ``--max-moves`` and ``--length``, which the record
    does not hold). A missing file holds none."""
    if not os.path.exists(path):
        return {}
    out: dict[GameKey, GameResult] = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                raw = json.loads(line)
                fields: dict[str, Any] = {
                    k: tuple(v) if type(v) is list else v for k, v in raw.items()
                }
                result = GameResult(**fields)
                out[result_key(result)] = result
    return out


def _pool_mapper(jobs: int | None) -> Mapper:
    """The tasks on ``jobs`` local processes (one: played here, in order)."""

    def mapped(tasks: Sequence[Task]) -> Iterable[tuple[int, GameResult]]:
        n = max(1, min(jobs or os.cpu_count() or 1, len(tasks) or 1))
        with multiprocessing.Pool(n) if n > 1 else _Inline() as pool:
            yield from pool.imap_unordered(_indexed, list(enumerate(tasks)), chunksize=1)

    return mapped


class _Inline:
    """One process: the games played here, in order (a pool's ``imap_unordered``)."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn: Callable[[Any], Any], items: list[Any], chunksize: int = 1) -> Any:
        return map(fn, items)


def _indexed(item: tuple[int, Task]) -> tuple[int, GameResult]:
    return item[0], _task(item[1])


def ratings(
    bots: Sequence[str], played: Sequence[tuple[int, int, GameResult]]
) -> tuple[tuple[Rating, ...], tuple[Step, ...]]:
    """Bradley-Terry ratings of the games (win shares: a shared victory is half a win each),
    strongest first, and each bot's step over the one before it in ``bots``."""
    n = len(bots)
    wins = [[0.0] * n for _ in range(n)]
    for seat0, seat1, result in played:
        wins[seat0][seat1] += result.shares[0]
        wins[seat1][seat0] += result.shares[1]
    strength, cov = bradley_terry(wins)
    out = []
    for i, name in enumerate(bots):
        half = Z95 * math.sqrt(max(cov[i][i], 0.0)) * ELO
        elo = ANCHOR + ELO * (strength[i] - strength[0])
        count = sum(1 for a, b, _ in played if i in (a, b))
        out.append(Rating(name, elo, (elo - half, elo + half), count, sum(wins[i])))
    steps = []
    for i in range(1, n):
        gain = ELO * (strength[i] - strength[i - 1])
        spread = cov[i][i] + cov[i - 1][i - 1] - 2 * cov[i][i - 1]
        half = Z95 * math.sqrt(max(spread, 0.0)) * ELO
        steps.append(Step(bots[i - 1], bots[i], gain, (gain - half, gain + half)))
    return tuple(sorted(out, key=lambda r: -r.elo)), tuple(steps)


def bradley_terry(
    wins: Sequence[Sequence[float]], prior: float = PRIOR_GAMES, rounds: int = 2000
) -> tuple[list[float], list[list[float]]]:
    """The Bradley-Terry fit of ``wins[i][j]`` (games ``i`` won against ``j``, fractional):
    log-strengths (the first is 0) by the minorize-maximize iteration, each pair given
    ``prior`` virtual drawn games (so a perfect record has a finite rating), and their
    covariance relative to the first (the inverse of the observed information, the first
    strength held fixed)."""
    n = len(wins)
    w = [[wins[i][j] + (prior / 2 if i != j else 0.0) for j in range(n)] for i in range(n)]
    games = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    p = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (p[i] + p[j]) for j in range(n) if j != i)
            new.append(sum(w[i]) / denom if denom else p[i])
        scale = new[0]
        change = max(abs(a / scale - b) for a, b in zip(new, p, strict=True))
        p = [x / scale for x in new]
        if change < 1e-12:
            break
    r = [math.log(x) for x in p]
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j:
                q = games[i][j] * p[i] * p[j] / (p[i] + p[j]) ** 2
                info[i][j] -= q
                info[i][i] += q
    cov = [[0.0] * n for _ in range(n)]
    if n > 1:
        inner = _inverse([row[1:] for row in info[1:]])
        for i in range(1, n):
            for j in range(1, n):
                cov[i][j] = inner[i - 1][j - 1]
    return r, cov


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive-definite matrix (Gauss-Jordan)."""
    n = len(m)
    a = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[n:] for row in a]


def ladder_lines(result: LadderResult, lang: str = "en") -> list[str]:
    """The ladder as text: a summary, then rank, bot, Elo, interval, games, win %; then each
    bot's step over the one before it in the order given, with its interval (columns by
    terminal cells, so that Chinese headings line up)."""
    total = len(result.games)
    agreed = sum(r.agreed for _, _, r in result.games)
    counts = sorted(set(result.games_per_pair))
    per_pair = "/".join(str(c) for c in result.games_per_pair) if len(counts) > 1 else counts[0]
    t = lambda text: tr(text, lang)  # noqa: E731
    lines = [
        tr(N_("Ladder: {bots} bots, {per_pair} two-player games a pair ({total} games, {agreed} "
              "ended by agreement at the move cap), seed {seed}; Bradley-Terry on the Elo scale, "
              "{anchor_bot} = {anchor}, 95% intervals relative to it; {seconds} s"), lang,
           bots=len(result.bots), per_pair=per_pair, total=total, agreed=agreed,
           seed=result.seed, anchor_bot=result.bots[0], anchor=f"{ANCHOR:.0f}",
           seconds=f"{result.seconds:.0f}"),
        pad(t(N_("rank")), 5) + pad(t(N_("bot")), 18) + pad("Elo", 7, ">") + "  "
        + pad(t(N_("95% CI")), 13) + pad(t(N_("games")), 6, ">") + pad(t(N_("win %")), 7, ">"),
    ]  # fmt: skip
    for k, r in enumerate(result.ratings, 1):
        ci = f"{r.ci[0]:.0f}-{r.ci[1]:.0f}"
        rate = 100 * r.wins / r.games if r.games else math.nan
        lines.append(f"{k:<5}{r.bot:<18}{r.elo:>7.0f}  {ci:<13}{r.games:>6}{rate:>7.1f}")
    lines.append(pad(t(N_("step")), 34) + pad("Elo", 7, ">") + "  " + t(N_("95% CI")))
    for step in result.steps:
        sure = (N_("stronger") if step.ci[0] > 0 else N_("weaker") if step.ci[1] < 0
                else N_("not shown apart"))  # fmt: skip
        gain, lo, hi = round(step.gain), round(step.ci[0]), round(step.ci[1])  # never "-0"
        pair = tr(N_("{upper} over {lower}"), lang, upper=step.upper, lower=step.lower)
        spread = tr(N_("{lo} to {hi} ({sure})"), lang, lo=f"{lo:+d}", hi=f"{hi:+d}", sure=t(sure))
        lines.append(f"{pad(pair, 34)}{gain:>+7d}  {spread}")
    return lines


# --- showing it ---------------------------------------------------------------------------------

HEADERS = (
    N_("bot"),
    N_("games"),
    N_("agreed"),
    N_("wins"),
    N_("win %"),
    N_("95% CI"),
    N_("score"),
    N_("95% CI"),
    N_("moves"),
    N_("rounds"),
    N_("ms/dec"),
)


def rows(result: ArenaResult) -> list[tuple[str, ...]]:
    """Per entrant: games, those ended by agreement at the move cap (RUL-20), wins (fractional
    when shared), win rate and its Wilson interval, mean score and its interval, mean length
    (moves, rounds), thinking time per decision."""
    out: list[tuple[str, ...]] = []
    for st in result.stats:
        lo, hi = st.win_ci
        slo, shi = st.score_ci
        out.append(
            (
                st.label,
                str(st.games),
                str(st.agreed),
                f"{st.wins:g}",
                f"{100 * st.win_rate:.1f}",
                f"{100 * lo:.1f}-{100 * hi:.1f}",
                f"{st.mean_score:.1f}",
                _interval(slo, shi),
                f"{st.mean_moves:.0f}",
                f"{st.mean_rounds:.1f}",
                f"{st.ms_per_decision:.1f}",
            )
        )
    return out


def _interval(lo: float, hi: float) -> str:
    """A confidence interval, or "-" where it cannot be had (fewer than two games)."""
    return "-" if math.isnan(lo) or math.isnan(hi) else f"{lo:.1f}-{hi:.1f}"


def summary(result: ArenaResult, lang: str = "en") -> str:
    n = len(result.games)
    agreed = result.agreed
    return tr(N_("Arena: {players} players, {games} games, seed {seed}: {finished} played to "
                 "the end, {agreed} ended by agreement at the move cap ({max_moves} moves, "
                 "RUL-20); {seconds} s"), lang, players=result.players, games=n,
              seed=result.seed, finished=n - agreed, agreed=agreed,
              max_moves=result.max_moves, seconds=f"{result.seconds:.1f}")  # fmt: skip


def text_table(result: ArenaResult, lang: str = "en") -> str:
    """The results as plain text (used when ``rich`` is not installed)."""
    table = [tuple(tr(h, lang) for h in HEADERS), *rows(result)]
    return "\n".join([summary(result, lang), *columns(table, "<" * len(HEADERS))])


def rich_table(result: ArenaResult, lang: str = "en") -> Any:
    """The results as a ``rich`` table (its summary line is printed apart)."""
    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for i, header in enumerate(HEADERS):
        table.add_column(tr(header, lang), justify="left" if i == 0 else "right", no_wrap=True)
    for row in rows(result):
        table.add_row(*row)
    return table


# --- the command --------------------------------------------------------------------------------


def add_arguments(parser: Any) -> None:
    """``onmars arena`` options."""
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument(
        "--bots", default="greedy,random", help=N_("one bot per seat, comma-separated")
    )
    parser.add_argument(
        "--games",
        type=_counts,
        default=(100,),
        help=N_("games (with --ladder --chain: one count, or one per neighbouring pair: 40,60,30)"),
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None, help=N_("processes (default: CPU count)"))
    parser.add_argument("--max-moves", type=int, default=MAX_MOVES, help=N_("move cap per game"))
    parser.add_argument("--length", default="short", choices=("short", "long"))
    parser.add_argument("--quiet", action="store_true", help=N_("no progress bar"))
    parser.add_argument(
        "--record",
        metavar="FILE",
        help=N_("append each game's result to FILE as it ends (JSON lines), for long runs"),
    )
    parser.add_argument(
        "--ladder",
        action="store_true",
        help=N_("round robin of 2-player games between the --bots (--games a pair), rated"),
    )
    parser.add_argument(
        "--chain",
        action="store_true",
        help=N_("with --ladder: only neighbours in the --bots order play each other (levels)"),
    )
    parser.add_argument(
        "--reuse",
        metavar="FILE",
        help=N_("take the games recorded in FILE (--record, same options) instead of playing them"),
    )
    add_lang(parser)


def main(args: Any, mapper: Mapper | None = None) -> int:
    """Run the arena and print the results table; 2 on bad options. ``mapper``: another way to
    play the games (the command line's ``--ray``, which lives above the tools)."""
    lang = command_lang(args)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    chained = getattr(args, "ladder", False) and getattr(args, "chain", False)
    if len(args.games) > 1 and not chained:
        refused(CommandError(N_("--games takes one count but with --ladder --chain")), lang)
        return 2
    if getattr(args, "ladder", False):
        return _main_ladder(args, bots, mapper)
    args = argparse.Namespace(**{**vars(args), "games": args.games[0]})
    try:
        check(args.players, bots, args.games, args.max_moves)
    except ValueError as exc:
        refused(exc, lang)
        return 2
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:  # pragma: no cover - rich is a dependency; plain text without it
        return _main_plain(args, bots, mapper)
    console = Console(width=None if sys.stdout.isatty() else 120)  # no wrapping in logs
    with Progress(console=console, transient=True, disable=args.quiet) as bar:
        task = bar.add_task(tr(N_("{n} games"), lang, n=args.games), total=args.games)
        result = _run(args, bots, recorded(args.record, lambda _: bar.advance(task)), mapper)
    console.print(summary(result, lang), soft_wrap=True)  # one line, however long (a log reads it)
    console.print(rich_table(result, lang))
    return 0


def refused(exc: Exception, lang: str) -> None:
    """A refused option on standard error, in ``lang`` (the caller exits with status 2)."""
    print(tr(N_("onmars arena: {reason}"), lang, reason=refusal_text(exc, lang)), file=sys.stderr)


def progress_line(done: int, total: int, lang: str) -> None:
    """The plain progress counter on standard error, rewritten in place."""
    said = tr(N_("{done}/{total} games"), lang, done=done, total=total)
    print(f"\r{said}", end="", file=sys.stderr, flush=True)


def _run(
    args: Any, bots: list[str], on_game: Callable[[GameResult], None], mapper: Mapper | None
) -> ArenaResult:
    """:func:`run` with the command line's options."""
    return run(
        args.players,
        bots,
        args.games,
        args.seed,
        args.jobs,
        args.max_moves,
        args.length,
        on_game=on_game,
        mapper=mapper,
        reuse=_reused(args),
    )


def _counts(text: str) -> tuple[int, ...]:
    """``--games``: a count, or several separated by commas (:func:`check` checks each)."""
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise arg_error(N_("not a number of games: {text!r}"), text=text) from None


def _reused(args: Any) -> dict[GameKey, GameResult] | None:
    """The games ``--reuse`` names (none without it)."""
    path = getattr(args, "reuse", None)
    return read_results(path) if path else None


def recorded(path: str | None, then: Callable[[GameResult], None]) -> Callable[[GameResult], None]:
    """``then``, after appending the game's result to ``path`` as a JSON line (``--record``):
    a long run stopped half-way keeps the games it played."""
    if path is None:
        return then

    def record(result: GameResult) -> None:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(dataclasses.asdict(result)) + "\n")
        then(result)

    return record


def _main_ladder(args: Any, bots: list[str], mapper: Mapper | None = None) -> int:
    """``onmars arena --ladder``: the pairs' games, then the ratings; 2 on bad options."""
    lang = command_lang(args)
    pairs = len(ladder_pairs(len(bots), args.chain))
    games = args.games[0] if len(args.games) == 1 else args.games
    total = sum(args.games) if len(args.games) > 1 else pairs * args.games[0]
    done = 0

    def tick(_: GameResult) -> None:
        nonlocal done
        done += 1
        if not args.quiet:
            progress_line(done, total, lang)

    try:
        result = ladder(
            bots,
            games,
            args.seed,
            args.jobs,
            args.max_moves,
            args.length,
            recorded(args.record, tick),
            mapper,
            _reused(args),
            args.chain,
        )
    except ValueError as exc:
        refused(exc, lang)
        return 2
    if not args.quiet:
        print(file=sys.stderr)
    print("\n".join(ladder_lines(result, lang)))
    return 0


def _main_plain(args: Any, bots: list[str], mapper: Mapper | None = None) -> int:
    lang = command_lang(args)
    done = 0

    def tick(_: GameResult) -> None:
        nonlocal done
        done += 1
        if not args.quiet:
            progress_line(done, args.games, lang)

    result = _run(args, bots, recorded(args.record, tick), mapper)
    if not args.quiet:
        print(file=sys.stderr)
    print(text_table(result, lang))
    return 0
