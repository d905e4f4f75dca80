"""The ``onmars`` command.

onmars [play] [--players N] [--bots random,...] [--names A,B] [--seed S] [--bot-seed N]
            [--length short|long] [--save FILE] [--load FILE] [--lang en|zh]
    a whole game in the terminal, hot-seat or against bots (the default command; onmars.play)
onmars demo [--players N] [--seed S] [--length short|long] [--max-moves K] [--quiet]
    plays a seeded game by random moves, printing its log and the scores so far
onmars rules [--substitutes] [--lang en|zh]
    the rules version and the components; with --substitutes every substitute value in the
    component data, with its ruling
onmars serve [--host H] [--port P] [--database URL] [--workers N]
    the game server for online play (onmars.server)
onmars arena [--players N] [--bots greedy,random] [--games G] [--seed S] [--jobs J] [--ladder]
    bot-versus-bot games, seats rotated, on several processes: win rates and scores (onmars.arena);
    with --ladder a round robin of 2-player games and the bots' ratings
    bots: random, greedy, easy, medium, hard, expert, search:<seconds>, search:<n>sims;
    with --ray [ADDRESS] the games are Ray tasks on a cluster (local by default; the [ai] extra)
onmars selfplay --out DIR [--players N] [--bots greedy,random] [--games G] [--seed S]
            [--per-shard K] [--max-moves K] [--returns shares|margin] [--ray [ADDRESS]]
    self-play records for training as Parquet shards, one a task of K games (docs/ai.md; [ai])
onmars analyse FILE [--sims N] [--out DIR] [--all] [--lang en|zh]
    a finished game's analysis: each decision judged by the search, the mistakes, the
    projected scores and OP by round as tables, and the charts as SVG files (onmars.tools.analyse)
onmars bench [--games G] [--max-moves K] [--seed S] [--repeat R] [--search BOT]
    engine speed (each timing the least of R tries), and the search bot's simulations per
    second, one at a time and in a real game's decisions (BOT: search:100sims)
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from onmars import LANGS, LENGTHS, N_, Game, OnMarsError, env_lang, reason_text, tr
from onmars.rules import hexmap
from onmars.rules.data.components import load, substitutes
from onmars.terminal.play import add_arguments as play_arguments
from onmars.terminal.play import main as play_main
from onmars.tools.arena import Mapper


def _who(game: Game, seat: int | None) -> str:
    return "-" if seat is None else game.players[seat]


def demo(players: int, seed: int, length: str, max_moves: int, quiet: bool) -> int:
    """A game of random moves: the engine's smoke test until the play client exists."""
    try:
        game = Game.new(players, seed=seed, length=length)
    except OnMarsError as exc:
        print(f"onmars demo: {reason_text(exc, env_lang())}", file=sys.stderr)
        return 2
    rng = random.Random(seed)
    print(f"On Mars: {players} players, {length} game, seed {seed}")
    for _ in range(max_moves):
        if game.is_over:
            break
        seat = game.current_player
        move = rng.choice(game.legal_moves())
        game.play(move)
        if not quiet:
            print(f"round {game.round:>2} {_who(game, seat):<10} {move}")
    status = "game over" if game.is_over else f"stopped after {len(game.moves)} moves"
    print(f"\n{status}; round {game.round}, Colony level {game.view(None)['level']}")
    for row in game.scores():
        parts = ", ".join(f"{k} {v}" for k, v in row["breakdown"].items() if v)
        print(f"  {row['name']:<10} {row['total']:>3} OP  {parts}")
    return 0


#: What ``onmars rules`` counts, as the component data names its tables.
RULES_SUMMARY = (
    ("blueprint", N_("Blueprints")),
    ("scientist", N_("Scientists")),
    ("contract", N_("Earth Contracts")),
    ("mission", N_("Missions")),
    ("private_goal", N_("Private Goals")),
    ("discovery", N_("Discovery tiles")),
    ("research", N_("Research tiles")),
    ("tech_tile", N_("Tech tiles")),
    ("building_tile", N_("building tiles")),
    ("lss_reward", N_("Life Support rewards")),
    ("action", N_("Main actions")),
    ("executive", N_("Executive actions")),
    ("lab_space", N_("Lab spaces")),
    ("turn_order", N_("Turn Order spaces")),
)


def rules_summary(lang: str) -> list[str]:
    """What ``onmars rules`` says without a flag: the rules version, the components, the
    flags (issue 21: it printed only its usage)."""
    c = load()
    counts = [tr(N_("{n} {what}"), lang, n=len(getattr(c, table)), what=tr(what, lang))
              for table, what in RULES_SUMMARY]  # fmt: skip
    counts.append(tr(N_("{n} {what}"), lang, n=len(hexmap.cells()), what=tr(N_("hexes"), lang)))
    lines = [
        tr(N_("On Mars rules, version {version} (new games are played under it)."), lang,
           version=Game.new(2, seed=1).log["rules"]),
        tr(N_("Components: {list}."), lang, list=tr(N_(", "), lang).join(counts)),
        tr(N_("A game keeps the rules version it was made under; docs/rules-changelog.md "
              "lists the versions."), lang),
        tr(N_("onmars rules --substitutes: every substitute value in the component data, with "
              "its ruling"), lang),
        tr(N_("In a game (onmars play): info <id> gives any component's face, why <move> the "
              "rule that refuses a move."), lang),
    ]  # fmt: skip
    return lines


def rules(args: argparse.Namespace) -> int:
    if not args.substitutes:
        console = Console()
        for line in rules_summary(args.lang):
            console.print(Text(line))
        return 0
    for table, record in substitutes():
        print(f"{record.ruling:<7} {table:<14} {record.id:<12} {record.text}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="onmars", description="On Mars rules engine")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("play", help="play a game in the terminal, hot-seat or against bots")
    play_arguments(p)
    d = sub.add_parser("demo", help="play a seeded game by random moves, print log and scores")
    d.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--length", default="short", choices=LENGTHS)
    d.add_argument("--max-moves", type=int, default=5000)
    d.add_argument("--quiet", action="store_true", help="print only the result")
    b = sub.add_parser(
        "bench", help="engine speed: random games, moves, copies, JSON; search simulations/s"
    )
    b.add_argument("--games", type=int, default=10)
    b.add_argument("--max-moves", type=int, default=5000)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument(
        "--repeat", type=int, default=None, help="tries of each timing; the least is kept (3)"
    )
    b.add_argument(
        "--search",
        default="search:100sims",
        help="the search bot timed in a whole game (search:100sims; hard: a minute or more)",
    )
    a = sub.add_parser("arena", help="bot-versus-bot games: win rates and scores")
    from onmars.tools import arena

    arena.add_arguments(a)
    _ray_argument(a)
    _selfplay_arguments(
        sub.add_parser("selfplay", help="self-play records for training (Parquet shards)")
    )
    v = sub.add_parser("replay", help="step through a saved game, as a spectator or a seat")
    from onmars.tools import replay

    replay.add_arguments(v)
    y = sub.add_parser("analyse", help="a finished game's analysis: mistakes, tables, SVG charts")
    from onmars.tools import analyse

    analyse.add_arguments(y)
    s = sub.add_parser("serve", help="the game server for online play (HTTP and WebSocket)")
    from onmars.server import serve

    serve.add_arguments(s)
    r = sub.add_parser("rules", help="facts about the rules data")
    r.add_argument("--substitutes", action="store_true", help="list substitute values (RUL-n)")
    r.add_argument("--lang", default="en", choices=LANGS, help="en (default) or zh")
    words = list(sys.argv[1:] if argv is None else argv)
    if words and words[0].startswith("-") and words[0] not in ("-h", "--help"):
        words.insert(0, "play")  # play is the default command: onmars --players 2 ...
    args = parser.parse_args(words)
    if args.command == "rules":
        return rules(args)
    try:
        if args.command == "arena":
            return arena.main(args, _ray_mapper(args))
        if args.command == "selfplay":
            return _selfplay(args)
    except ConnectionError as exc:  # ray.init: no cluster at the address given
        print(f"onmars {args.command}: cannot join the Ray cluster: {exc}", file=sys.stderr)
        return 2
    if args.command == "serve":
        return serve.main(args)
    if args.command == "replay":
        return replay.main(args)
    if args.command == "analyse":
        return analyse.main(args)
    if args.command == "bench":
        from onmars.tools.bench import REPEAT, check, run

        repeat = REPEAT if args.repeat is None else args.repeat
        try:
            check(args.games, args.max_moves, args.seed, repeat, args.search)
        except ValueError as exc:
            print(f"onmars bench: {exc}", file=sys.stderr)
            return 2
        print("\n".join(run(args.games, args.max_moves, args.seed, repeat, args.search)))
        return 0
    if args.command in (None, "play"):
        return play_main(p.parse_args([]) if args.command is None else args)
    if args.command == "demo":
        return demo(args.players, args.seed, args.length, args.max_moves, args.quiet)
    return 2  # pragma: no cover


def _ray_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play the games as Ray tasks: on the cluster at ADDRESS, or a local one without",
    )


def _selfplay_arguments(parser: argparse.ArgumentParser) -> None:
    """``onmars selfplay`` options (onmars.ai.selfplay; its packages are only imported to run)."""
    from onmars.ai.returns import RETURNS
    from onmars.tools.arena import MAX_MOVES

    parser.add_argument("--out", required=True, help="folder for the Parquet shards")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--bots", default="greedy,random", help="one bot per seat, comma-separated")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-shard", type=int, default=10, help="games a task (one shard)")
    parser.add_argument("--max-moves", type=int, default=MAX_MOVES, help="move cap per game")
    parser.add_argument("--length", default="short", choices=LENGTHS)
    parser.add_argument("--returns", default="shares", choices=RETURNS, help="see docs/ai.md")
    parser.add_argument("--quiet", action="store_true", help="no line per shard written")
    _ray_argument(parser)


def _ray_mapper(args: argparse.Namespace) -> Mapper | None:
    """The arena's Ray mapper for ``--ray``, or None (the local processes)."""
    if args.ray is None:
        return None
    try:
        from onmars.ai.ray_arena import ray_mapper
    except ImportError as exc:
        print(f"onmars arena: --ray needs ray ({exc}): pip install -e '.[ai]'", file=sys.stderr)
        raise SystemExit(2) from exc
    return ray_mapper(args.ray or None)


def _selfplay(args: argparse.Namespace) -> int:
    try:
        from onmars.ai import selfplay
    except ImportError as exc:
        print(
            f"onmars selfplay needs the [ai] extra ({exc}): pip install -e '.[ai]'",
            file=sys.stderr,
        )
        return 2
    mapper = None
    if args.ray is not None:
        from onmars.ai.ray_arena import remote_mapper

        mapper = remote_mapper(selfplay.shard_table, args.ray or None)
    return selfplay.main(args, mapper)


def entry() -> None:
    """Console-script entry: a closed pipe (``onmars demo | head``) is not an error."""
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)


if __name__ == "__main__":
    entry()
