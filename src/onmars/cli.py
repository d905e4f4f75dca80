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

Every command takes ``--lang en|zh`` (also before the command), by default the environment's
language as ``onmars play`` reads it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English: the
help texts, argparse's own words and errors, and the commands' messages and tables
(:mod:`onmars.tools.text`).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from onmars import LENGTHS, N_, Game, OnMarsError, env_lang, reason_text, tr
from onmars.rules import hexmap
from onmars.rules.data.components import load, substitutes
from onmars.server import serve
from onmars.terminal import words
from onmars.terminal.play import add_arguments as play_arguments
from onmars.terminal.play import main as play_main
from onmars.tools import analyse, arena, replay
from onmars.tools.arena import Mapper
from onmars.tools.text import (
    add_lang,
    argparse_in,
    argv_lang,
    command_lang,
    localize,
    pad,
    refusal_text,
)


def _who(game: Game, seat: int | None) -> str:
    return "-" if seat is None else game.players[seat]


def demo(
    players: int, seed: int, length: str, max_moves: int, quiet: bool, lang: str = "en"
) -> int:
    """A game of random moves: the engine's smoke test until the play client exists."""
    try:
        names = [tr(N_("Player {n}"), lang, n=k + 1) for k in range(players)]
        game = Game.new(names if 2 <= players <= 4 else players, seed=seed, length=length)
    except OnMarsError as exc:
        print(tr(N_("onmars demo: {reason}"), lang, reason=reason_text(exc, lang)), file=sys.stderr)
        return 2
    rng = random.Random(seed)
    wide = cell_len(tr(N_("round {round:>2}"), lang, round=10))  # the round column, aligned
    print(tr(N_("On Mars: {players} players, {length}, seed {seed}"), lang, players=players,
             length=tr(LENGTH_NAMES[length], lang), seed=seed))  # fmt: skip
    for _ in range(max_moves):
        if game.is_over:
            break
        seat = game.current_player
        move = rng.choice(game.legal_moves())
        game.play(move)
        if not quiet:
            said = pad(tr(N_("round {round:>2}"), lang, round=game.round), wide)
            print(f"{said} {pad(_who(game, seat), 10)} {move}")
    status = (tr(N_("game over"), lang) if game.is_over
              else tr(N_("stopped after {n} moves"), lang, n=len(game.moves)))  # fmt: skip
    print("\n" + tr(N_("{status}; round {round}, Colony level {level}"), lang, status=status,
                    round=game.round, level=game.view(None)["level"]))  # fmt: skip
    for row in game.scores():
        named = [(k if lang == "en" else words.score_name(k, lang), v)  # English: the keys
                 for k, v in row["breakdown"].items() if v]  # fmt: skip
        parts = tr(N_(", "), lang).join(f"{k} {v}" for k, v in named)
        total = tr(N_("{n} OP"), lang, n=f"{row['total']:>3}")
        print(f"  {pad(row['name'], 10)} {total}  {parts}")
    return 0


#: A game's length, as ``onmars demo`` names it.
LENGTH_NAMES = {"short": N_("short game"), "long": N_("long game")}


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
        for line in rules_summary(command_lang(args)):
            console.print(Text(line))
        return 0
    lang = command_lang(args)
    for table, record in substitutes():
        said = tr(record.text, lang) if record.text else ""
        print(f"{record.ruling:<7} {table:<14} {record.id:<12} {said}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``onmars`` command line, its help texts in English (:func:`localize` turns them)."""
    parser = argparse.ArgumentParser(prog="onmars", description=N_("On Mars rules engine"))
    add_lang(parser)
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("play", help=N_("play a game in the terminal, hot-seat or against bots"))
    play_arguments(p)
    d = sub.add_parser("demo", help=N_("play a seeded game by random moves, print log and scores"))
    d.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--length", default="short", choices=LENGTHS)
    d.add_argument("--max-moves", type=int, default=5000)
    d.add_argument("--quiet", action="store_true", help=N_("print only the result"))
    add_lang(d)
    b = sub.add_parser(
        "bench", help=N_("engine speed: random games, moves, copies, JSON; search simulations/s")
    )
    b.add_argument("--games", type=int, default=10)
    b.add_argument("--max-moves", type=int, default=5000)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument(
        "--repeat", type=int, default=None, help=N_("tries of each timing; the least is kept (3)")
    )
    b.add_argument(
        "--search",
        default="search:100sims",
        help=N_("the search bot timed in a whole game (search:100sims; hard: a minute or more)"),
    )
    add_lang(b)
    a = sub.add_parser("arena", help=N_("bot-versus-bot games: win rates and scores"))
    arena.add_arguments(a)
    _ray_argument(a)
    _selfplay_arguments(
        sub.add_parser("selfplay", help=N_("self-play records for training (Parquet shards)"))
    )
    v = sub.add_parser("replay", help=N_("step through a saved game, as a spectator or a seat"))
    replay.add_arguments(v)
    y = sub.add_parser(
        "analyse", help=N_("a finished game's analysis: mistakes, tables, SVG charts")
    )
    analyse.add_arguments(y)
    s = sub.add_parser("serve", help=N_("the game server for online play (HTTP and WebSocket)"))
    serve.add_arguments(s)
    add_lang(s)
    r = sub.add_parser("rules", help=N_("facts about the rules data"))
    r.add_argument("--substitutes", action="store_true", help=N_("list substitute values (RUL-n)"))
    add_lang(r)
    return parser


def _default_play(words: list[str], commands: Sequence[str]) -> list[str]:
    """``play`` is the default command (``onmars --players 2 ...``, ``onmars``): put in unless
    the line names a command or asks for the main help (a leading ``--lang X`` aside)."""
    k = 0
    while k < len(words) and (words[k] == "--lang" or words[k].startswith("--lang=")):
        k += 2 if words[k] == "--lang" else 1
    first = words[k] if k < len(words) else None
    if first in commands or first in ("-h", "--help"):
        return words
    return ["play", *words]


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    lang = argv_lang(words) or env_lang()
    with argparse_in(lang):  # argparse's own words too (usage, errors: exit status 2)
        parser = build_parser()
        localize(parser, lang)
        commands = _commands(parser)
        args = parser.parse_args(_default_play(words, commands))
    return run(args)


def _commands(parser: argparse.ArgumentParser) -> list[str]:
    return [
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    ]


def run(args: argparse.Namespace) -> int:
    """Run the parsed command; its exit status (2 for bad options)."""
    lang = command_lang(args)
    if args.command == "rules":
        return rules(args)
    try:
        if args.command == "arena":
            return arena.main(args, _ray_mapper(args))
        if args.command == "selfplay":
            return _selfplay(args)
    except ConnectionError as exc:  # ray.init: no cluster at the address given
        print(tr(N_("onmars {command}: cannot join the Ray cluster: {reason}"), lang,
                 command=args.command, reason=exc), file=sys.stderr)  # fmt: skip
        return 2
    if args.command == "serve":
        return serve.main(args)
    if args.command == "replay":
        return replay.main(args)
    if args.command == "analyse":
        return analyse.main(args)
    if args.command == "bench":
        return _bench(args, lang)
    if args.command == "play":
        return play_main(args)
    if args.command == "demo":
        return demo(args.players, args.seed, args.length, args.max_moves, args.quiet, lang)
    return 2  # pragma: no cover


def _bench(args: argparse.Namespace, lang: str) -> int:
    from onmars.tools.bench import REPEAT, check, run

    repeat = REPEAT if args.repeat is None else args.repeat
    try:
        check(args.games, args.max_moves, args.seed, repeat, args.search)
    except ValueError as exc:
        print(tr(N_("onmars bench: {reason}"), lang, reason=refusal_text(exc, lang)),
              file=sys.stderr)  # fmt: skip
        return 2
    print("\n".join(run(args.games, args.max_moves, args.seed, repeat, args.search, lang)))
    return 0


def _ray_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help=N_("play the games as Ray tasks: on the cluster at ADDRESS, or a local one without"),
    )


def _selfplay_arguments(parser: argparse.ArgumentParser) -> None:
    """``onmars selfplay`` options (onmars.ai.selfplay; its packages are only imported to run)."""
    from onmars.ai.returns import RETURNS
    from onmars.tools.arena import MAX_MOVES

    parser.add_argument("--out", required=True, help=N_("folder for the Parquet shards"))
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument(
        "--bots", default="greedy,random", help=N_("one bot per seat, comma-separated")
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-shard", type=int, default=10, help=N_("games a task (one shard)"))
    parser.add_argument("--max-moves", type=int, default=MAX_MOVES, help=N_("move cap per game"))
    parser.add_argument("--length", default="short", choices=LENGTHS)
    parser.add_argument("--returns", default="shares", choices=RETURNS, help=N_("see docs/ai.md"))
    parser.add_argument("--quiet", action="store_true", help=N_("no line per shard written"))
    _ray_argument(parser)
    add_lang(parser)


def _ray_mapper(args: argparse.Namespace) -> Mapper | None:
    """The arena's Ray mapper for ``--ray``, or None (the local processes)."""
    if args.ray is None:
        return None
    try:
        from onmars.ai.ray_arena import ray_mapper
    except ImportError as exc:
        print(tr(N_("onmars arena: --ray needs ray ({reason}): pip install -e '.[ai]'"),
                 command_lang(args), reason=exc), file=sys.stderr)  # fmt: skip
        raise SystemExit(2) from exc
    return ray_mapper(args.ray or None)


def _selfplay(args: argparse.Namespace) -> int:
    try:
        from onmars.ai import selfplay
    except ImportError as exc:
        print(tr(N_("onmars selfplay needs the [ai] extra ({reason}): pip install -e '.[ai]'"),
                 command_lang(args), reason=exc), file=sys.stderr)  # fmt: skip
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
