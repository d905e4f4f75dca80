"""Advice (issue 25.1): "what would you play?" answered by the search bot, for one seat.

:func:`advise` runs the search of :mod:`onmars.bots.search` on the pending decision, from the
asking seat's view only (RUL-18: the worlds it plays in are dealt from that view, the other
seats' secrets and the face-down stacks drawn at random), and reads the root of its tree: the
moves it tried most, each with

- ``value``: the mean of the search's evaluation after it, an estimated final OP margin over
  the best opponent from the asking seat's side (:func:`onmars.bots.greedy.evaluate` at the end
  of the round's playouts, built on the projected final scoring);
- ``win``: that margin read as a chance of winning, :func:`win_chance` (a logistic, fitted on
  arena games: see :data:`WIN_SCALE`);
- ``why``: what the move does now (the engine's :meth:`onmars.Game.describe`) and what the
  search saw happen in its best line: the seat's next moves of the turn, the projected final
  score after them, and the margin it expects once the turn is over;
- ``line``: those next moves, in words.

``value_now``: what the position is worth before the move, the value of the move the search
prefers (its estimate when it plays its best). With a simulation budget the same seed gives
the same advice; a time budget is wall-clock time, the time the player waits (unlike the search
bot's, which counts its CPU time): on a loaded machine the hint runs fewer simulations but
answers on time (plus the last round of :data:`CHUNK` simulations and the words).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from onmars import LANGS, N_, Game, IllegalMoveError, Move, catalog, join_list, tr
from onmars.bots.search import Node, SearchBot, Tree

View = dict[str, Any]

#: The most a hint may think: simulations, CPU seconds (a hint must answer while one waits).
MAX_SIMS = 20_000
MAX_SECONDS = 30.0
#: Simulations a time budget runs between looks at the clock (a few tens of ms).
CHUNK = 16
#: The most suggestions asked for, and the longest best line told.
MAX_TOP = 10
LINE_MOVES = 6

#: Win chance of a margin m (OP): 1 / (1 + exp(-m / WIN_SCALE)). Fitted by maximum likelihood
#: on the evaluation of positions in arena games (``scripts/fit_win_scale.py --games 24``:
#: 2-player short games of greedy and easy bots, every 5th decision's evaluation from the
#: mover's side against whether that seat won; 3636 positions, best scale 13 OP; observed/fitted
#: win rates by margin band: below -10 OP 0.15/0.10, -4..-1 0.44/0.45, 4..10 0.68/0.63, above
#: 10 0.87/0.91). Bots' games, not people's: a guide, not a promise.
WIN_SCALE = 13.0


class AdviceError(ValueError):
    """A request for advice that cannot be answered: a bad budget, language, count or view."""


@dataclass(frozen=True)
class Suggestion:
    """One move the search considered, with what it expects of it (see the module)."""

    move: Move
    text: str
    value: float
    win: float
    visits: int
    why: list[str] = field(default_factory=list)
    line: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "text": self.text,
            "value": round(self.value, 2),
            "win": round(self.win, 3),
            "visits": self.visits,
            "why": list(self.why),
            "line": list(self.line),
        }


@dataclass(frozen=True)
class Advice:
    """The search's answer for ``seat``: its best moves, ranked, and the position's value."""

    seat: int
    suggestions: list[Suggestion]
    value_now: float
    win_now: float
    sims: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "suggestions": [s.to_dict() for s in self.suggestions],
            "value_now": round(self.value_now, 2),
            "win_now": round(self.win_now, 3),
            "sims": self.sims,
        }


def win_chance(margin: float) -> float:
    """An estimated final OP margin (the search's value) as a chance of winning, 0-1."""
    return 1.0 / (1.0 + math.exp(-max(-500.0, min(500.0, margin / WIN_SCALE))))


def check_budget(sims: int | None, seconds: float | None) -> None:
    """A hint's budget: a number of simulations (1 to :data:`MAX_SIMS`) or of CPU seconds
    (above 0, at most :data:`MAX_SECONDS`), exactly one of them. :class:`AdviceError` else."""
    if (sims is None) == (seconds is None):
        raise AdviceError("a hint's budget is a number of simulations or of seconds, one of them")
    if sims is not None and (type(sims) is not int or not 1 <= sims <= MAX_SIMS):
        raise AdviceError(f"a hint searches 1 to {MAX_SIMS} simulations, not {sims!r}")
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 < seconds <= MAX_SECONDS
    ):
        raise AdviceError(
            f"a hint thinks for more than 0 and at most {MAX_SECONDS:g} s, not {seconds!r}"
        )


def advise(
    view: View,
    legal: list[Move],
    *,
    seat: int,
    sims: int | None = None,
    seconds: float | None = None,
    top: int = 3,
    seed: int = 0,
    lang: str = "en",
) -> Advice:
    """The search's top ``top`` moves among ``legal`` (the pending decision's, ``seat``'s to
    take) from ``view`` (``game.view(seat)``: nothing else is read, RUL-18), ranked by visits
    then mean value. Budget: ``sims`` simulations or ``seconds`` of CPU time."""
    check_budget(sims, seconds)
    if type(top) is not int or not 1 <= top <= MAX_TOP:
        raise AdviceError(f"a hint names 1 to {MAX_TOP} moves, not {top!r}")
    if lang not in LANGS:
        raise AdviceError(f"unknown language {lang!r}; the languages are {', '.join(LANGS)}")
    if view.get("viewer") != seat:
        raise AdviceError(f"RUL-18: a hint for seat {seat} reads that seat's view only")
    if not legal:
        raise AdviceError(f"seat {seat} has no decision to take")
    tree: Tree = {}
    ran = _search(view, tree, sims, seconds, seed)
    root = tree.get(())
    ranked = root_ranking(root, legal)
    if (
        root is None or not ranked
    ):  # no simulation reached the root (cannot happen: one always runs)
        raise AdviceError(f"seat {seat} has no decision to take")
    world = Game.from_view(view, seed)
    before = world.projection()[seat]
    picks = [_suggestion(world, tree, root, move, seat, before, lang) for move in ranked[:top]]
    value_now = picks[0].value
    return Advice(seat, picks, value_now, win_chance(value_now), ran)


def _search(view: View, tree: Tree, sims: int | None, seconds: float | None, seed: int) -> int:
    """Search into ``tree``: ``sims`` simulations at once, or rounds of :data:`CHUNK` until
    ``seconds`` of wall-clock time have passed (the player waits for it: a loaded machine
    gives fewer simulations, never a later answer). Returns how many ran."""
    if sims is not None:
        return SearchBot(seed, sims=sims, name="hint").search(view, tree, float(sims))
    bot = SearchBot(seed, sims=CHUNK, name="hint")
    deadline = time.monotonic() + (seconds or 0.0)
    ran = 0
    while True:
        ran += bot.search(view, tree, float(CHUNK))
        if time.monotonic() >= deadline:
            return ran


def root_ranking(root: Node | None, legal: list[Move]) -> list[Move]:
    """The moves of ``legal`` the search tried at its root, most visited first (then the
    better mean): the order :func:`onmars.bots.search.best_move` picks the first of."""
    if root is None:
        return []
    tried = [m for m in legal if m in root.stats]
    return sorted(tried, key=lambda m: (-root.stats[m][0], -root.stats[m][1] / root.stats[m][0]))


def best_line(tree: Tree, move: Move) -> list[Move]:
    """The seat's next moves after ``move`` that the search visited most, down its tree."""
    key: tuple[Move, ...] = (move,)
    line: list[Move] = []
    while len(line) < LINE_MOVES:
        node = tree.get(key)
        if node is None or not node.stats:
            break
        nxt = max(node.stats, key=lambda m: (node.stats[m][0], node.stats[m][1]))
        line.append(nxt)
        key = (*key, nxt)
    return line


def _suggestion(
    world: Game,
    tree: Tree,
    root: Node,
    move: Move,
    seat: int,
    before: dict[str, Any],
    lang: str,
) -> Suggestion:
    visits, total = root.stats[move]
    value = total / visits
    trial = world.copy(record=False)
    described = _describe(trial, move, lang)
    text = described["label"] if described else str(move)
    why = _gains(described, lang) if described else []
    line_words: list[str] = []
    if described:
        trial.push(move)
        for nxt in best_line(tree, move):
            if trial.decision() is None or trial.current_player != seat:
                break
            step = _describe(trial, nxt, lang)
            if step is None:
                break
            line_words.append(step["label"])
            trial.push(nxt)
        if line_words:
            joined = ("；" if lang == "zh" else "; ").join(line_words)
            why.append(tr(N_("then, in its best line: {moves}"), lang, moves=joined))
        after = trial.projection()[seat]
        why.append(_projected(before, after, lang))
    why.append(
        tr(
            N_("the search expects {margin} OP against the best opponent after this turn"
               " ({visits} of its simulations)"),
            lang,
            margin=f"{value:+.1f}",
            visits=visits,
        )
    )  # fmt: skip
    return Suggestion(move, text, value, win_chance(value), int(visits), why, line_words)


def _describe(game: Game, move: Move, lang: str) -> dict[str, Any] | None:
    """The engine's words for ``move`` in ``game`` (a world dealt from the seat's view), or
    ``None`` if the world does not allow it (worlds may differ in what a draw shows)."""
    try:
        return game.describe(move, lang)
    except IllegalMoveError:
        return None


def _items(counts: dict[str, Any], lang: str) -> str:
    names = catalog(lang)["names"]["item"]
    parts = []
    for item, n in counts.items():
        if isinstance(n, int) and n:
            name = names.get(item, {}).get("one" if n == 1 else "many", item)
            parts.append(f"{n} {name}")
    return join_list(parts, lang)


def _gains(described: dict[str, Any], lang: str) -> list[str]:
    """What the move does now, from its description: OP, gains, costs."""
    out = []
    if described.get("op"):
        out.append(tr(N_("scores {op} OP now"), lang, op=described["op"]))
    gains = _items(described.get("gain", {}), lang)
    if gains:
        out.append(tr(N_("gains {items}"), lang, items=gains))
    costs = _items(described.get("cost", {}), lang)
    if costs:
        out.append(tr(N_("costs {items}"), lang, items=costs))
    return out


def _projected(before: dict[str, Any], after: dict[str, Any], lang: str) -> str:
    """The projected final score before the move and after its line, and where it changed."""
    names = catalog(lang)["names"]["score"]
    changed = [
        f"{names.get(key, key)} {after['breakdown'][key] - before['breakdown'].get(key, 0):+d}"
        for key in after["breakdown"]
        if after["breakdown"][key] != before["breakdown"].get(key, 0)
    ]
    where = join_list(changed, lang) if changed else tr(N_("no category changes"), lang)
    return tr(
        N_("projected final score {before} → {after} ({where})"),
        lang,
        before=before["total"],
        after=after["total"],
        where=where,
    )
