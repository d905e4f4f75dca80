"""``onmars bench``: engine speed on random games (issue 5 figures come from here), and the
search bot's simulations per second (issue 13).

A random game that reaches the move cap is ended by agreement (RUL-20): scored as it stands,
counted and reported as such, never dropped; the median is over all games.

A *simulation* (issue 13) is what :class:`onmars.bots.SearchBot` does for each one: deal a
world from the deciding seat's view (:meth:`onmars.Game.from_view`, the determinization), copy
it, play the policy to the end of the seat's turn and evaluate. The bench's search figure is the
one the bot achieves in real games (issue 27.3), in CPU time (one core; other work on the
machine slows it less than it slows the wall clock):

- in play (issue 21.9, the line's first figure): a whole 2-player game of the search bot
  against greedy, every one of its ``choose`` calls timed, and the simulations it ran
  (``SearchBot.last_sims``) counted: what the bot achieves in real decisions, with dealing its
  worlds, its tree and the positions of a real game (longer playouts than random games');
- for comparison, one simulation at a time, a fresh determinization each (the issue's first
  definition), on positions of random 2-player games (every 7th move): the engine's cost of a
  simulation alone.
"""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc
from dataclasses import dataclass

from onmars import N_, Game, tr
from onmars.bots import Bot, SearchBot, make_bot
from onmars.bots.greedy import evaluate
from onmars.bots.search import playout
from onmars.tools.arena import check_known_bot
from onmars.tools.text import CommandError

#: Tries of each timing, of which the least is kept (``onmars bench --repeat``).
REPEAT = 3
#: The search bot timed in play (``onmars bench --search``): the arena's stand-in for ``hard``.
SEARCH = "search:100sims"


def random_game(
    players: int, seed: int, max_moves: int, conclude: bool = True
) -> tuple[Game, int, float]:
    """Play random moves; return the game, moves played, seconds taken. At the move cap the
    game is ended by agreement (RUL-20) unless ``conclude`` is off."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    start = time.perf_counter()
    played = 0
    while not game.is_over and played < max_moves:
        game.play(rng.choice(game.legal_moves()))
        played += 1
    if conclude and not game.is_over:
        game.conclude()
    return game, played, time.perf_counter() - start


def per_call(fn: object, seconds: float = 0.5) -> float:
    """Seconds per call of ``fn``, timed over about ``seconds``."""
    assert callable(fn)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        n += 1
    return (time.perf_counter() - start) / n


def least(fn: object, repeat: int) -> float:
    """The least of ``5 * repeat`` :func:`per_call` timings of ``fn``, each over about 0.05 s
    (0.25 s a try in all): on a shared host a slow spell lasts seconds, so many short tries
    find its quiet moments where a few long ones may all fall inside it."""
    return min(per_call(fn, 0.05) for _ in range(5 * repeat))


def search_positions(players: int, seed: int, count: int) -> list[Game]:
    """``count`` positions of random games (every 7th move, not over) to search from."""
    out: list[Game] = []
    k = 0
    while len(out) < count:
        game = Game.new(players, seed=seed + k)
        rng = random.Random(seed + k)
        while not game.is_over and len(out) < count:
            if len(game.moves) % 7 == 3:
                out.append(game.copy())
            game.push(rng.choice(game.legal_moves()))
        k += 1
    return out


def simulations_per_second(players: int, seed: int, seconds: float = 2.0) -> tuple[float, int]:
    """Simulations a CPU second (and how many were timed) on positions of random games, a
    fresh determinization each."""
    games = search_positions(players, seed, 60)
    rng = random.Random(seed)
    done, spent = 0, 0.0
    while spent < seconds:
        game = games[done // 20 % len(games)]
        seat = game.current_player
        assert seat is not None
        view = game.view(seat)  # what the bot is given: not part of a simulation
        start = time.process_time()
        sim = Game.from_view(view, rng.getrandbits(32)).copy(record=False)
        playout(sim, seat, sim.round, rng)
        evaluate(sim, seat)
        spent += time.process_time() - start
        done += 1
    return done / spent, done


@dataclass
class InPlay:
    """The search bot's real decisions in a game (:func:`search_in_play`)."""

    simulations: int
    decisions: int
    seconds: float  # CPU time of its ``choose`` calls
    rounds: int

    @property
    def rate(self) -> float:
        return self.simulations / max(self.seconds, 1e-9)


def search_in_play(players: int, seed: int, bot: str = SEARCH) -> InPlay:
    """A whole game (seed ``seed``) of the search bot ``bot`` in seat 0 against greedy bots, as
    the arena plays it: every ``choose`` call of the search bot timed in CPU time (of this
    thread, the clock a time budget counts), and the simulations it ran counted."""
    game = Game.new(players, seed=seed)
    search = searcher(bot, seed)
    bots: list[Bot] = [search, *(make_bot("greedy", seed + k) for k in range(1, players))]
    sims, decisions, spent = 0, 0, 0.0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        legal, view = game.legal_moves(), game.view(seat)  # given to the bot, as in the arena
        start = time.thread_time()
        move = bots[seat].choose(view, legal)
        if seat == 0:
            spent += time.thread_time() - start
            sims += search.last_sims
            decisions += 1
        game.push(move)
    return InPlay(sims, decisions, spent, game.round)


def searcher(name: str, seed: int = 0) -> SearchBot:
    """The search bot ``name`` (a level or ``search:<budget>``); ValueError for another bot."""
    bot = make_bot(name, seed)
    if not isinstance(bot, SearchBot):
        raise CommandError(N_("--search must name a search bot (hard, search:100sims), not "
                              "{name!r}"), name=name)  # fmt: skip
    return bot


def check(games: int, max_moves: int, seed: int, repeat: int = 1, search: str = SEARCH) -> None:
    """Refuse options that measure nothing (:class:`CommandError`, a ValueError)."""
    check_known_bot(search)
    searcher(search)
    if games < 1:
        raise CommandError(N_("--games must be at least 1, not {n}"), n=games)
    if not 1 <= repeat <= 100:
        raise CommandError(N_("--repeat must be from 1 to 100, not {n}"), n=repeat)
    if max_moves < 1:
        raise CommandError(N_("--max-moves must be at least 1, not {n}"), n=max_moves)
    if not 0 <= seed < 2**63 - 4 * games:
        raise CommandError(N_("--seed must be from 0 to 2**63 - 1, not {n}"), n=seed)


def games_line(
    players: int, games: int, max_moves: int, seed: int, repeat: int, lang: str = "en"
) -> str:
    """Random games of ``players`` (seeds ``seed`` on), each timed as the least of ``repeat``
    plays of the same game: the median per game and the moves per second. The plays go in
    rounds (every game once, then again): a slow spell of the host then costs a game one of
    its tries, not all of them."""
    times, counts, agreed = [float("inf")] * games, [], 0
    for round_ in range(repeat):
        for k in range(games):
            game, played, secs = random_game(players, seed + k, max_moves)
            times[k] = min(times[k], secs)
            if not round_:
                counts.append(played)
                agreed += game.ended is not None
    rate = sum(counts) / max(sum(times), 1e-9)
    return tr(N_("{players}p: {games} games, {finished} played to the end, {agreed} ended by "
                 "agreement at the move cap (RUL-20), median {ms} ms per game ({moves} moves; "
                 "least of {repeat} tries each), {rate} moves/s"), lang, players=players,
              games=games, finished=games - agreed, agreed=agreed,
              ms=f"{statistics.median(times) * 1e3:.0f}",
              moves=f"{statistics.median(counts):.0f}", repeat=repeat,
              rate=f"{rate:,.0f}")  # fmt: skip


def typical_game(players: int, games: int, max_moves: int, seed: int) -> Game:
    """The finished random game of median length among seeds ``seed`` on (the lower median
    for an even count), so that one replay stands for the rest."""
    played = [random_game(players, seed + k, max_moves)[0] for k in range(games)]
    ended = sorted((g for g in played if g.ended is None), key=lambda g: len(g.moves))
    pool = ended or sorted(played, key=lambda g: len(g.moves))
    return pool[(len(pool) - 1) // 2]


def run(
    games: int,
    max_moves: int,
    seed: int,
    repeat: int = REPEAT,
    search: str = SEARCH,
    lang: str = "en",
) -> list[str]:
    """The bench's report, a line each. Every timing keeps its least value over ``repeat``
    tries (the same game each time): on a shared machine other work only ever adds time."""
    check(games, max_moves, seed, repeat, search)
    lines = [games_line(n, games, max_moves, seed, repeat, lang) for n in (2, 3, 4)]
    game, _, _ = random_game(4, seed, 600, conclude=False)  # a game in progress
    finished = typical_game(4, games, max_moves, seed)
    for label, fn in (
        ("copy()", game.copy),
        (N_("JSON round trip (trusted)"), lambda: Game.from_json(game.to_json(), verify=False)),
        (N_("JSON round trip (replayed)"), lambda: Game.from_json(game.to_json())),
    ):
        lines.append(tr(N_("{what}: {n} per second"), lang, what=tr(label, lang),
                        n=f"{1 / least(fn, repeat):,.0f}"))  # fmt: skip
    lines.append(tr(N_("copy() of a game in progress: {us} us"), lang,
                    us=f"{least(game.copy, repeat) * 1e6:.1f}"))  # fmt: skip
    replayed = least(lambda: Game.replay(finished.log), repeat)
    lines.append(
        tr(N_("Game.replay of a finished 4p game of median length ({moves} moves): {ms} ms, "
              "{us} us a move"), lang, moves=len(finished.moves), ms=f"{replayed * 1e3:.1f}",
           us=f"{replayed / len(finished.moves) * 1e6:.1f}")
    )  # fmt: skip
    tracemalloc.start()
    random_game(4, seed, max_moves)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    lines.append(tr(N_("peak memory of a 4p random game: {mib} MiB"), lang,
                    mib=f"{peak / 2**20:.1f}"))  # fmt: skip
    lines.append(search_line(seed, search, lang))
    return lines


def search_line(seed: int, search: str = SEARCH, lang: str = "en") -> str:
    """The search's speed: one simulation at a time, and in a real game's decisions."""
    play = search_in_play(2, seed, search)
    fresh, n = simulations_per_second(2, seed)
    return tr(N_("search, 2p: {rate} simulations per CPU second in play ({bot} against greedy, "
                 "a whole game: {decisions} decisions, {sims} simulations in {seconds} s of "
                 "CPU, {rounds} rounds); one at a time {fresh}/s ({n} timed; a simulation = "
                 "determinize + copy + playout to the turn's end + evaluate)"), lang,
              rate=f"{play.rate:,.0f}", bot=search, decisions=play.decisions,
              sims=play.simulations, seconds=f"{play.seconds:.2f}", rounds=play.rounds,
              fresh=f"{fresh:,.0f}", n=n)  # fmt: skip
