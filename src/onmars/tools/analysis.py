"""Post-game analysis (issue 25, item 3): each decision of a finished game judged by the search.

After the end nothing is secret (RUL-22), yet a decision is judged from what its mover could
see then (RUL-18): the search deals its worlds from the mover's view at that ply, as a hint
would (:func:`judge`). For each decision with a choice it gives:

- ``before``: the value of the position with the search's preferred move (``best``), in OP of
  lead for the mover (the mover's projected score less the best opponent's, as the bots
  evaluate: :func:`onmars.bots.greedy.evaluate`);
- ``after``: the value of the move played, from the same search (searched on its own when the
  search barely tried it);
- ``loss``: ``before - after`` (never below 0), and ``line``: what the search expected to
  follow its preferred move, in words, in both languages.

The decisions that lost the most (at least :data:`MISTAKE_OP`, a seat's
:data:`MISTAKES_PER_SEAT` worst) are marked as mistakes (:func:`assemble`). Beside them, with no
search at all (:func:`summary`): each player's projected final score (:meth:`Game.projection`)
at the start of each round and at the end, and where each player's OP came from, by scoring
category and round (the state keeps in-game OP by source; the final scoring is its own column).

The work is split so that a server can do it a few decisions at a time and resume after a
restart (:func:`analyse_plies`); :func:`analyse_game` does it all at once (``onmars analyse``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from onmars import LANGS, Game, Move, OnMarsError
from onmars.bots.advice import best_line, root_ranking, win_chance
from onmars.bots.search import SIMS_PER_WORLD, SearchBot, Tree, simulate
from onmars.rules import FINAL_CATEGORIES as FINAL

#: Simulations per decision by default (a server's budget is its setting).
SIMS = 64
#: A move that lost at least this many OP of lead may be marked a mistake.
MISTAKE_OP = 2.0
#: At most this many mistakes are marked per seat (its worst).
MISTAKES_PER_SEAT = 5
#: Moves of the expected line kept after the preferred move.
LINE = 4


def _position(log: dict[str, Any], upto: int) -> Game:
    """The game after its first ``upto`` moves (a game ended by agreement only at the end)."""
    moves = log["moves"]
    cut = {k: v for k, v in log.items() if k != "ended" or upto >= len(moves)}
    return Game.replay({**cut, "moves": moves[:upto]})


def decision_plies(log: dict[str, Any]) -> list[int]:
    """The plies at which a seat had a choice (more than one legal move): those judged."""
    game = _position(log, 0)
    out = []
    for ply, move in enumerate(log["moves"]):
        if len(game.legal_moves()) > 1 and game.current_player is not None:
            out.append(ply)
        game.play(move)
    return out


# --- the search ---------------------------------------------------------------------------------
@dataclass
class Verdict:
    """What the search says of one decision (values in OP of lead for the mover)."""

    best: Move
    before: float
    after: float
    line: list[Move]
    sims: int


def judge(view: dict[str, Any], legal: list[Move], played: Move, sims: int, seed: int) -> Verdict:
    """The search's verdict on ``played`` among ``legal``, seen from ``view`` (the mover's):
    ``sims`` simulations over the decision, read as a hint reads them (:mod:`onmars.bots.advice`:
    the preferred move is the first of its ranking, ``before`` its value, the line its best
    line), then, if the move played got few of them, half as many again over it alone. The one
    place the analysis calls the search. (Not ``advise`` itself: its words come in one
    language, and the analysis keeps both.)"""
    seat = view["viewer"]
    bot = SearchBot(seed=seed, sims=sims, name="analysis")
    tree: Tree = {}
    done = bot.search(view, tree, sims)
    root = tree.get(())
    ranked = root_ranking(root, legal)
    best = ranked[0] if ranked else legal[0]
    before = _mean(tree, (), best)
    if best == played:
        after = before
    elif root is not None and root.stats.get(played, [0])[0] >= max(4, sims // 8):
        after = _mean(tree, (), played)
    else:
        after, extra = _forced(view, played, seat, max(8, sims // 2), seed)
        done += extra
    return Verdict(best, before, min(after, before), _line(tree, best), done)


def _mean(tree: Tree, key: tuple[Move, ...], move: Move) -> float:
    node = tree.get(key)
    if node is None or move not in node.stats:
        return 0.0
    n, total = node.stats[move]
    return total / n


def _forced(view: dict[str, Any], move: Move, seat: int, sims: int, seed: int) -> tuple[float, int]:
    """The mean value of simulations that all start with ``move`` (and how many ran)."""
    rng = random.Random(seed ^ 0x5EED)
    worlds = Game.worlds(view, [rng.getrandbits(32) for _ in range(-(-sims // SIMS_PER_WORLD))])
    tree: Tree = {}
    total, n = 0.0, 0
    for k in range(sims):
        world = worlds[k // SIMS_PER_WORLD].copy(record=False)
        try:
            world.push(move)
        except OnMarsError:  # not legal in this world (a card the mover could not see)
            continue
        total += simulate(world, seat, tree, rng)
        n += 1
    return (total / n if n else 0.0), n


def _line(tree: Tree, best: Move) -> list[Move]:
    """The preferred move and what the search most often tried after it, on the mover's turn."""
    return [best, *best_line(tree, best)[:LINE]]


def _words(game: Game, moves: Iterable[Move]) -> list[dict[str, str]]:
    """Each move in words in every language, played on in a copy while the moves are legal."""
    twin, out = game.copy(), []
    for move in moves:
        if move not in twin.legal_moves():
            break
        out.append({lang: twin.describe(move, lang)["label"] for lang in LANGS})
        twin.play(move)
    return out


def _decision(game: Game, ply: int, played: Move, sims: int, seed: int) -> dict[str, Any]:
    seat = game.current_player
    assert seat is not None
    legal = game.legal_moves()
    verdict = judge(game.view(seat), legal, played, sims, seed + ply)
    words = _words(game, verdict.line)
    before, after = round(verdict.before, 2), round(verdict.after, 2)
    return {
        "ply": ply,
        "seat": seat,
        "round": game.round,
        "move": str(played),
        "label": _words(game, [played])[0],
        "choices": len(legal),
        "before": before,
        "after": after,
        "loss": round(before - after, 2),
        "win_before": round(win_chance(before), 3),
        "win_after": round(win_chance(after), 3),
        "best": str(verdict.best),
        "best_label": words[0] if words else {lang: str(verdict.best) for lang in LANGS},
        "line": words[1:],
        "sims": verdict.sims,
    }


def analyse_plies(
    log: dict[str, Any], plies: Iterable[int], sims: int = SIMS, seed: int = 0
) -> list[dict[str, Any]]:
    """The verdicts on the decisions at ``plies`` (each a decision with a choice), the game
    replayed once up to the first of them. The same log, plies, budget and seed give the
    same verdicts."""
    wanted = sorted(set(plies))
    if not wanted:
        return []
    moves = log["moves"]
    game = _position(log, wanted[0])
    out = []
    for ply in range(wanted[0], wanted[-1] + 1):
        move = Move.parse(moves[ply])
        if ply in wanted:
            out.append(_decision(game, ply, move, sims, seed))
        game.play(move)
    return out


# --- without search ----------------------------------------------------------------------------
def summary(log: dict[str, Any]) -> dict[str, Any]:
    """What needs no search: the projected final score of each seat at the start of each round
    and at the end (``rounds``), the OP each seat gained by category in each round and in the
    final scoring (``sources``: ``round`` and ``op``, per seat a dict by category),
    and the plies of the decisions to judge (``plies``)."""
    game = _position(log, 0)
    rounds: list[dict[str, Any]] = []
    snaps: list[list[dict[str, int]]] = []
    plies: list[int] = []

    def mark(label: int | None) -> None:
        rounds.append({"round": label, "ply": len(game.moves),
                       "projected": [row["total"] for row in game.projection()]})  # fmt: skip
        snaps.append([dict(row["breakdown"]) for row in game.scores()])

    for move in log["moves"]:
        if game.round != (rounds[-1]["round"] if rounds else None) and game.round > 0:
            mark(game.round)
        if len(game.legal_moves()) > 1 and game.current_player is not None:
            plies.append(len(game.moves))
        game.play(move)
    if log.get("ended"):
        game = Game.replay(log)
    if game.is_over:
        mark(None)
    return {"rounds": rounds, "sources": _sources(rounds, snaps), "plies": plies,
            "final": [row["total"] for row in game.scores()] if game.is_over else None}  # fmt: skip


def _sources(rounds: list[dict[str, Any]], snaps: list[list[dict[str, int]]]) -> list[dict]:
    """The OP gained by each seat, by category, in each round (``round``) and in the final
    scoring (``round`` None: the categories of §24.2), from the snapshots at each mark."""
    out = []
    for k in range(1, len(snaps)):
        gained = [_gained(a, b) for a, b in zip(snaps[k - 1], snaps[k], strict=True)]
        if rounds[k]["round"] is not None:
            out.append({"round": rounds[k - 1]["round"], "op": gained})
            continue
        in_game = [{c: n for c, n in g.items() if c not in FINAL} for g in gained]
        out.append({"round": rounds[k - 1]["round"], "op": in_game})
        out.append({"round": None, "op": [{c: n for c, n in g.items() if c in FINAL}
                                          for g in gained]})  # fmt: skip
    return out


def _gained(before: dict[str, int], after: dict[str, int]) -> dict[str, int]:
    out = {k: v - before.get(k, 0) for k, v in after.items()}
    return {k: v for k, v in out.items() if v}


def assemble(
    base: dict[str, Any], decisions: Iterable[dict[str, Any]], sims: int
) -> dict[str, Any]:
    """The analysis as shown and exported: the summary, the verdicts by ply with the worst
    marked as mistakes, and how far it got (``done`` of ``total`` decisions)."""
    ordered = sorted(decisions, key=lambda d: d["ply"])
    worst: dict[int, list[dict[str, Any]]] = {}
    for d in ordered:
        if d["loss"] >= MISTAKE_OP:
            worst.setdefault(d["seat"], []).append(d)
    marked = {
        d["ply"]
        for group in worst.values()
        for d in sorted(group, key=lambda d: -d["loss"])[:MISTAKES_PER_SEAT]
    }
    out = [{**d, "mistake": d["ply"] in marked} for d in ordered]
    total = len(base["plies"])
    return {
        "sims": sims,
        "done": len(out),
        "total": total,
        "complete": len(out) >= total,
        "rounds": base["rounds"],
        "sources": base["sources"],
        "final": base["final"],
        "decisions": out,
    }


def analyse_game(
    log: dict[str, Any],
    sims: int = SIMS,
    seed: int = 0,
    done: Iterable[dict[str, Any]] = (),
    progress: Callable[[int, int], None] | None = None,
    chunk: int = 16,
) -> dict[str, Any]:
    """The whole analysis of a finished game's log; ``done``: verdicts already worked out
    (kept, not redone); ``progress(done, total)`` after each few decisions."""
    base = summary(log)
    verdicts = {d["ply"]: d for d in done}
    todo = [p for p in base["plies"] if p not in verdicts]
    for start in range(0, len(todo), chunk):
        for d in analyse_plies(log, todo[start : start + chunk], sims, seed):
            verdicts[d["ply"]] = d
        if progress is not None:
            progress(len(verdicts), len(base["plies"]))
    return assemble(base, verdicts.values(), sims)


def accuracy(analysis: dict[str, Any], seats: int) -> list[dict[str, float]]:
    """Per seat: decisions judged, mistakes, and the mean loss per decision (OP of lead)."""
    out = []
    for seat in range(seats):
        mine = [d for d in analysis["decisions"] if d["seat"] == seat]
        loss = sum(d["loss"] for d in mine)
        out.append({"decisions": len(mine), "mistakes": sum(d["mistake"] for d in mine),
                    "mean_loss": round(loss / len(mine), 2) if mine else math.nan})  # fmt: skip
    return out
