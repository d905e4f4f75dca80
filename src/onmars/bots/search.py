"""The search bot (issue 13): Monte Carlo tree search over the bot's own turn, in worlds dealt
from its seat's view.

What it may know (RUL-18): the bot is given ``game.view(seat)`` and the legal moves, nothing
else. Each decision it deals *worlds* from that view (:meth:`onmars.Game.from_view`, the
hidden stacks and the other seats' secrets drawn at random from what the view does not show),
a fresh one every :data:`SIMS_PER_WORLD` simulations, and every simulation plays on a copy of
one of them. Two games that the seat sees alike give the same worlds for the same seed, so the
choice depends only on what the seat may see.

Why a fresh world so often (issue 25.5): with a fixed 8 worlds a decision, ``expert`` (1,600
simulations for a turn's first decision, 200 a world) learned those 8 deals of the hidden cards
and stacks rather than the game, and lost to ``hard`` (README, "The ladder"); a deal costs
about a quarter of a simulation (0.14 against 0.59 ms), so one every 4 costs about 6%.

One simulation (:func:`simulate`):

1. *Tree*: from the decision being asked, the bot's own decisions while its turn goes on (a
   turn is a string of small decisions: which action, where to build, what to pay, done) are
   chosen by UCB1 on statistics kept per sequence of moves from the root; wide decisions (Bot
   moves, Rover steps, discoveries: up to ~150 options) are opened progressively, a node
   visited ``n`` times considering its ``1 + WIDEN * sqrt(n)`` best moves by the playout
   policy's prior (progressive widening). A node's moves are those legal in the world at hand
   (worlds may differ in what is legal: a drawn card, a stack's top).
2. *Playout*: once outside the tree (a new node was just opened) the rest of the bot's turn is
   played by the cheap policy of :func:`policy_weight` (progress first: buildings, upgrades,
   Blueprints, deliveries, Tech, Private Goals kept rather than discarded), until another seat
   decides, the round ends (or :data:`PLAYOUT_CAP` moves). The other seats' turns are played
   only with ``whole_round`` (``expert``): measured (issue 25.5), the policy's guesses at them
   are mostly noise, which only a large budget averages out (see :func:`playout`).
3. *Evaluation*: :func:`onmars.bots.greedy.evaluate`, the seat's value less the best
   opponent's, built on the projected final scoring (:meth:`onmars.Game.projection`'s
   figures) plus what resources and position promise. Positions down the tree are kept per
   world and not played again (see :func:`simulate`).

The move chosen is the root's most visited (ties: the better mean, then the prior). A decision
with one legal move is not searched.

The budget is a *turn's* (decision, issue 13's "a move" read as a player's move: their turn,
with whatever else they decide in that round, such as the Shuttle's). The engine splits a turn
into ~8 small decisions (which action, where, what to pay, done), and 1 s for each would make
``hard`` think for six minutes a game. The first decision of a round spends half of the
budget, searching the whole turn; each later one keeps the part of the tree below the moves
played since when the tree knows the decision (its statistics still apply: the tree is over
the turn), deals fresh worlds from the view it is given now, and spends half of what is left,
at least :data:`MIN_SHARE` of the budget. With a simulation budget (``search:200sims``)
the same seed gives the same moves; a time budget (``search:0.5``, seconds) counts the bot's
own CPU time (``time.thread_time``), so a loaded machine slows it down but does not weaken it.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from onmars import Game, Move
from onmars.bots.base import Bot
from onmars.bots.greedy import evaluate

View = dict[str, Any]

UCB_C = 3.0  # exploration, in OP of lead (the evaluation's unit)
WIDEN = 1.5  # progressive widening: a node visited n times looks at 1 + WIDEN*sqrt(n) moves
SIMS_PER_WORLD = 4  # simulations on each world dealt: a fresh deal every few simulations
TREE_DEPTH = 8  # at most this many of the bot's own decisions in the tree
PLAYOUT_CAP = 80  # moves of a playout at most (a round is ~15 in a 2-player game)
MIN_SHARE = 1 / 32  # of a turn's budget, the least a decision with a choice spends

#: Prior weight of a move in playouts and widening, by verb; ``main``/``exec`` by action.
VERB_WEIGHT: dict[str, float] = {
    "build": 8.0,
    "upgrade": 8.0,
    "goal": 10.0,
    "deliver": 6.0,
    "take": 5.0,
    "develop": 5.0,
    "learn": 5.0,
    "advanced": 5.0,
    "produce": 4.0,
    "claim": 4.0,
    "hire": 3.0,
    "ship": 3.0,
    "boost": 2.0,
    "benefit": 2.0,
    "reward": 2.0,
    "gain": 2.0,
    "use": 1.5,
    "discard": 0.1,  # a Private Goal is worth keeping: spent as a Crystal only in need
    "end": 0.5,
}
ACTION_WEIGHT: dict[str, float] = {
    "construct": 6.0,
    "upgrade": 6.0,
    "blueprint": 4.0,
    "tech": 3.0,
    "rnd": 3.0,
    "hire": 3.0,
    "ship": 3.0,
    "advanced": 4.0,
    "control": 1.5,
    "pod": 1.5,
    "resupply": 1.5,
}


def policy_weight(move: Move) -> float:
    """How much the playout policy likes ``move`` (relative; 1.0 for anything unlisted)."""
    verb = move.verb
    if verb in ("main", "exec"):
        return ACTION_WEIGHT.get(move.args[0], 1.0) if move.args else 1.0
    return VERB_WEIGHT.get(verb, 1.0)


def policy_move(moves: list[Move], rng: random.Random) -> Move:
    """A playout move: drawn with probability proportional to :func:`policy_weight`."""
    if len(moves) == 1:
        return moves[0]
    weights = list(map(_WEIGHTS.__getitem__, moves))
    pick = rng.random() * sum(weights)
    for move, weight in zip(moves, weights, strict=True):
        pick -= weight
        if pick < 0:
            return move
    return moves[-1]


class _Weights(dict[Move, float]):
    """:func:`policy_weight` by move, each worked out once (moves are values, and few)."""

    def __missing__(self, move: Move) -> float:
        weight = self[move] = policy_weight(move)
        return weight


_WEIGHTS = _Weights()


@dataclass
class Node:
    """Statistics of one of the bot's decisions in the tree (a sequence of moves from the
    root): per move, visits and summed value; ``order`` ranks moves by prior for widening."""

    visits: int = 0
    stats: dict[Move, list[float]] = field(default_factory=dict)
    order: list[Move] = field(default_factory=list)
    known: set[Move] = field(default_factory=set)

    def rank(self, legal: list[Move], rng: random.Random) -> list[Move]:
        """``legal`` in prior order (moves first seen now are ranked among themselves, ties by
        ``rng``, after those seen before)."""
        fresh = [m for m in legal if m not in self.known]
        if fresh:
            keyed = sorted(((-policy_weight(m), rng.random(), m) for m in fresh), key=_first2)
            self.order.extend(m for _, _, m in keyed)
            self.known.update(fresh)
        return list(filter(set(legal).__contains__, self.order))

    def select(self, legal: list[Move], rng: random.Random) -> tuple[Move, bool]:
        """The move to try (UCB1 among the widened moves) and whether it is new to the node."""
        width = 1 + int(WIDEN * math.sqrt(self.visits))
        allowed = self.rank(legal, rng)[:width]
        for move in allowed:
            if move not in self.stats:
                return move, True
        log_n = math.log(max(1, self.visits))
        best, top = allowed[0], -math.inf
        for move in allowed:
            n, total = self.stats[move]
            score = total / n + UCB_C * math.sqrt(log_n / n)
            if score > top:
                best, top = move, score
        return best, False

    def update(self, move: Move, value: float) -> None:
        self.visits += 1
        entry = self.stats.get(move)
        if entry is None:
            self.stats[move] = [1, value]
        else:
            entry[0] += 1
            entry[1] += value


#: The statistics of a search: a node per sequence of moves from the decision searched.
Tree = dict[tuple[Move, ...], Node]
#: The positions a world reached down the tree, by the moves from its root (see
#: :func:`simulate`).
Reached = dict[tuple[Move, ...], Game]


def _first2(item: tuple[float, float, Move]) -> tuple[float, float]:
    return item[0], item[1]


def simulate(
    world: Game,
    seat: int,
    tree: Tree,
    rng: random.Random,
    reached: Reached | None = None,
    whole_round: bool = False,
) -> float:
    """One simulation on ``world`` (a copy the caller gives up): down the tree while ``seat``
    decides, a playout to the end of its turn (``whole_round``: of the round), the evaluation;
    the tree's statistics along the path are updated. Returns the value (OP of lead for
    ``seat``).

    With ``reached`` (positions earlier simulations reached down the tree from the same
    ``world``, by their moves from it; filled here), ``world`` is left unchanged and a path
    walked before is not played again: the engine is deterministic, so the same moves give
    the same position, and the simulation is the same as without. A position is kept when the
    tree has a node there (a simulation went on from it before, in any world): a path the
    search is likely to walk again."""
    start_round = world.round
    path: list[tuple[Node, Move]] = []
    key: tuple[Move, ...] = ()
    game, owned = world, reached is None  # owned: this simulation's own, to play on
    expanding = True
    while expanding and len(path) < TREE_DEPTH:
        decision = game.decision()
        if decision is None or decision.seat != seat:
            break
        node = tree.get(key)
        if node is None:
            node = tree[key] = Node()
        if len(decision.moves) == 1:
            move, new = decision.moves[0], False
        else:
            move, new = node.select(decision.moves, rng)
        path.append((node, move))
        key = (*key, move)
        expanding = not new
        after = reached.get(key) if reached is not None else None
        if after is not None:
            game, owned = after, False
            continue
        if not owned:
            game, owned = game.copy(record=False), True
        game.push(move)
        if reached is not None and key in tree:  # walked before: likely again
            reached[key], owned = game, False
    if not owned:
        game = game.copy(record=False)
    playout(game, seat, start_round, rng, whole_round)
    value = evaluate(game, seat)
    for node, move in path:
        node.update(move, value)
    return value


def playout(
    game: Game, seat: int, start_round: int, rng: random.Random, whole_round: bool = False
) -> None:
    """Play the policy for ``seat`` while it decides: until another seat decides, the round
    after ``start_round`` begins, the game ends, or :data:`PLAYOUT_CAP` moves. With
    ``whole_round`` the other seats' turns are played too, to the round's end (``expert``'s
    playout, the search's only one before issue 25.5's second pass).

    Why not to the round's end by default: the policy's moves are a poor guess at what the
    other seats will do. Measured in 2-player short games (README, "The ladder"), ending the
    playout with the bot's turn won 71 of 100 games at 50 simulations a turn against the
    round's-end playout, and 26 of 53 at 400 (as strong, in 0.62 of the CPU time); playing
    on to the next round's end won 9 of 50 at 50. With a large budget the guesses' noise
    averages out: at 3,200 the round's-end playout beat 400 to the turn's end 17 of 21."""
    for _ in range(PLAYOUT_CAP):
        if game.is_over or game.round != start_round:
            return
        if not whole_round and game.current_player != seat:
            return
        game.push(policy_move(game.legal_moves(), rng))


@dataclass
class TurnPlan:
    """What the bot carries from one decision of its turn to the next: which turn, the tree
    (keys from the decision just taken), the move it then played and the budget left."""

    turn: tuple[int, int]
    tree: Tree
    played: Move
    left: float

    def follow(self, turn: tuple[int, int], legal: list[Move]) -> Tree | None:
        """The tree below :attr:`played`, if ``turn`` is the same turn and the tree knows this
        decision (every legal move was seen at its root: nothing new was revealed)."""
        if turn != self.turn:
            return None
        tree = {key[1:]: node for key, node in self.tree.items() if key[:1] == (self.played,)}
        root = tree.get(())
        if root is None or not root.known.issuperset(legal):
            return None
        return tree


def turn_of(view: View) -> tuple[int, int]:
    """Whose budget a decision spends: the round's and the seat's (a seat's turn and its
    decisions later in the round, the Shuttle's and others' reactions, share one budget)."""
    return (view["round"], view["viewer"])


class SearchBot(Bot):
    """Monte Carlo tree search over its own turn in worlds dealt from its view (see the
    module). Budget: ``sims`` simulations a turn, or ``seconds`` of CPU time a turn."""

    def __init__(
        self,
        seed: int = 0,
        sims: int | None = None,
        seconds: float | None = None,
        name: str = "search",
        sims_per_world: int = SIMS_PER_WORLD,
        whole_round: bool = False,
    ) -> None:
        super().__init__(seed)
        if (sims is None) == (seconds is None):
            raise ValueError("a search budget is a number of simulations or of seconds")
        if sims is not None and sims < 1:
            raise ValueError(f"a search needs at least 1 simulation, not {sims}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"a search needs some time, not {seconds} s")
        self.sims, self.seconds, self.name = sims, seconds, name
        self.sims_per_world = sims_per_world
        self.whole_round = whole_round  # playouts to the round's end (see playout)
        # ignore: seconds is not None when sims is (checked above), which mypy cannot follow
        self.budget: float = sims if sims is not None else seconds  # type: ignore[assignment]
        self.last_sims = 0  # simulations run for the last decision searched
        self.plan: TurnPlan | None = None

    def choose(self, view: View, legal: list[Move]) -> Move:
        turn = turn_of(view)
        plan = self.plan
        tree = plan.follow(turn, legal) if plan is not None else None
        left = plan.left if plan is not None and plan.turn == turn else self.budget
        if len(legal) == 1:
            move = legal[0]
            self.last_sims = 0
        else:
            spend = max(left / 2, self.budget * MIN_SHARE)
            if self.sims is not None:
                spend = max(1, round(spend))
            tree = tree if tree is not None else {}
            self.last_sims = self.search(view, tree, spend)
            left = max(0.0, left - spend)
            move = best_move(tree.get(()), legal)
        self.plan = TurnPlan(turn, tree or {}, move, left)
        return move

    def search(self, view: View, tree: Tree, spend: float) -> int:
        """Run simulations into ``tree`` from worlds dealt from ``view``: ``spend`` of them
        (a simulation budget) or for ``spend`` CPU seconds. A fresh world is dealt every
        :attr:`sims_per_world` simulations. Returns how many ran."""
        seat, per = view["viewer"], self.sims_per_world
        rng = random.Random(self.rng.getrandbits(64))
        reached: Reached  # the positions the world in play reached down the tree (fresh per world)
        if self.sims is not None:  # a work budget: no clock read at all
            sims = int(spend)
            worlds = Game.worlds(view, [rng.getrandbits(32) for _ in range(-(-sims // per))])
            for done in range(sims):
                if done % per == 0:
                    world, reached = worlds[done // per], {}
                simulate(world, seat, tree, rng, reached, self.whole_round)
            return sims
        deadline = time.thread_time() + spend
        done = 0
        while True:
            if done % per == 0:
                world, reached = Game.from_view(view, rng.getrandbits(32)), {}
            simulate(world, seat, tree, rng, reached, self.whole_round)
            done += 1
            if time.thread_time() >= deadline:
                return done


def best_move(root: Node | None, legal: list[Move]) -> Move:
    """The root's most visited move among ``legal`` (then the better mean, then the prior)."""
    if root is None or not root.stats:
        return legal[0]
    order = {m: i for i, m in enumerate(root.order)}
    candidates = [m for m in legal if m in root.stats]
    if not candidates:
        return legal[0]

    def key(m: Move) -> tuple[float, float, int]:
        n, total = root.stats[m]
        return (n, total / n, -order.get(m, 0))

    return max(candidates, key=key)
