"""The greedy bot: one step ahead on a determinized copy of what it sees (issue 5).

For each legal move, :class:`GreedyBot` plays it on a copy of a State built from its own view
(:func:`onmars.determinize.fill`: hidden components drawn at random, once per turn) and scores
the position for its seat, less the best opponent's score (:func:`evaluate`). Sub-decisions in
the middle of an action (pay X, done, boost) are scored the same way. Ties go to the bot's rng.

"One step" is one of the bot's own *actions*, not one engine decision: at a turn-level choice
(which action, whether to travel) a move alone changes little (``main construct`` only places a
Colonist), so each candidate is followed by a quick greedy continuation of the bot's own
decisions until the action is over, on a few sampled options per decision. Decisions with very
many options (Bot and Rover steps) are scored on a sample of them, "done"-like moves always kept.
"""

from __future__ import annotations

import random
from typing import Any

from onmars.bots.base import Bot
from onmars.bots.determinize import fill
from onmars.rules import engine, hexmap
from onmars.rules.components import RESOURCES, load
from onmars.rules.economy import depot_cap, lq_cap, shelters_built, storage_cap
from onmars.rules.errors import IllegalMoveError
from onmars.rules.lab import level_of
from onmars.rules.moves import Move
from onmars.rules.scoring import lq_op
from onmars.rules.state import Player, State

#: Frames where a candidate is followed by a continuation (the rest of its action).
DEEP = frozenset({"turn", "travel"})
CANDIDATES = 12  # at most this many moves scored per decision
BRANCH = 4  # options sampled per decision of a continuation
DEPTH = 6  # decisions per continuation
KEEP = frozenset({"done", "end", "skip", "stay", "keep", "claim", "travel"})

#: Weights of the evaluation, in OP. "Tempo" weights fade as the game nears its end.
WEIGHTS: dict[str, float] = {
    "resource": 0.6,  # a Resource in Storage
    "mineral": 0.7,  # pays for anything but Crystals
    "crystal": 0.8,  # in the Depot, or below it (pending)
    "colonist": 0.8,  # in Living Quarters, ready for actions, up to 4 (fades to half only)
    "need": 0.6,  # a Resource (up to 2) paying for an LSS building the Colony still needs
    "idle": 2.0,  # no Colonist in Living Quarters: most actions are closed (fades to half)
    "reach": 0.4,  # a step your Bots lack to where the Colony needs a building (fades to half)
    "colonist_any": 0.6,  # owned, anywhere but the supply (tempo)
    "bot": 1.2,  # on Mars (tempo)
    "tech": 1.5,  # a Tech tile in the Lab, besides its end-game OP (tempo)
    "blueprint": 4.0,  # an unbuilt Blueprint's chance to be built, against its penalty (tempo)
    "advanced": 2.0,  # an Advanced Building of yours: production, its action (tempo)
    "shelter": 1.5,  # storage, Living Quarters room, Crystal production (tempo)
    "miner": 2.0,  # a Mine producing for you (tempo)
    "ship_free": 0.5,  # an Executive row uncovered (tempo)
    "hope": 4.0,  # an open contract or a Scientist: what it may still bring (tempo)
    "end": 6.0,  # the game's way to its end, for a player 10 or more ahead (less behind)
}


class GreedyBot(Bot):
    """One step ahead: the move whose resulting position :func:`evaluate` likes best."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._turn: tuple[Any, ...] | None = None
        self._turn_seed = 0

    def choose(self, view: dict[str, Any], legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = view["viewer"]
        base = self.determinized(view, seat)
        deep = view["stack"][-1]["t"] in DEEP
        best: list[Move] = []
        top = float("-inf")
        for move in sample(legal, CANDIDATES, self.rng):
            value = score_move(base, seat, move, self.rng if deep else None)
            if value > top + 1e-9:
                top, best = value, [move]
            elif value > top - 1e-9:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def determinized(self, view: dict[str, Any], seat: int) -> State:
        """The hidden assignment is drawn once per turn: the same turn seed deals the same
        unseen components as long as the pools are the same. The State shares the view's
        data and is never changed, only cloned."""
        turn = (view["round"], view["phase"], len(view["done"]), view["current_player"])
        if turn != self._turn:
            self._turn, self._turn_seed = turn, self.rng.getrandbits(32)
        return fill(view, seat, random.Random(self._turn_seed))


def sample(legal: list[Move], k: int, rng: random.Random) -> list[Move]:
    """At most ``k`` of the moves, in their order: every "done"-like move and a random rest."""
    if len(legal) <= k:
        return legal
    keep = [i for i, m in enumerate(legal) if m.verb in KEEP]
    rest = [i for i, m in enumerate(legal) if m.verb not in KEEP]
    chosen = set(keep) | set(rng.sample(rest, max(0, k - len(keep))))
    return [m for i, m in enumerate(legal) if i in chosen]


def score_move(base: State, seat: int, move: Move, rng: random.Random | None = None) -> float:
    """Play ``move`` on a copy of ``base`` and evaluate the result for ``seat``; with ``rng``,
    first continue greedily while ``seat`` is still inside the action the move began."""
    s = base.clone()
    if not _play(s, move):
        return float("-inf")
    if rng is not None:
        s = continuation(s, seat, rng)
    return evaluate(s, seat)


def continuation(s: State, seat: int, rng: random.Random) -> State:
    """Greedy choices (1 ply, sampled options) for ``seat`` until its action is over."""
    for _ in range(DEPTH):
        if not s.stack or s.stack[-1]["p"] != seat or s.stack[-1]["t"] in DEEP:
            return s
        legal = engine.legal_moves(s)
        best, top = None, float("-inf")
        for move in sample(legal, BRANCH, rng):
            t = s.clone()
            f = t.stack[-1]
            engine.STEPS[f["t"]].apply(t, f, move)  # listed just now: legal, no need to check
            engine.advance(t)
            value = value_of(t, t.players[seat])  # own value: a cheap guide for the rest
            if value > top:
                best, top = t, value
        if best is None:
            return s
        s = best
    return s


def _play(s: State, move: Move) -> bool:
    try:
        engine.play(s, move)
    except IllegalMoveError:  # the determinization differs where it matters: avoid the move
        return False
    return True


def evaluate(s: State, seat: int) -> float:
    """``seat``'s value less the best opponent's, in OP; ahead, the end of the game is welcome,
    behind, it is not."""
    done = progress(s)
    mine = value_of(s, s.players[seat], done)
    lead = mine - max(value_of(s, p, done) for p in s.players if p.seat != seat)
    return lead + WEIGHTS["end"] * done * max(-1.0, min(1.0, lead / 10))


def progress(s: State) -> float:
    """How near the end the game is, 0 at the start, 1 once over: the further of its two roads
    to the end, Missions (with the best open one's share) and Colony levels (with the LSS
    tracks' share of the next level)."""
    if s.phase == "over":
        return 1.0
    if s.end_round:
        return 0.93 if s.round < s.end_round else 0.97
    c = load()
    shares = [
        1 - left / c.mission[m].targets[s.n - 2] for m, left in s.missions.items() if left > 0
    ]
    missions = (3 - s.remaining + max(shares, default=0.0)) / 3
    need = s.level + 1
    lss = sum(min(k, need) for k in s.lss.values()) / (len(s.lss) * need)
    return min(0.9, max(missions, (s.level - 1 + lss) / 4))


def final_points(s: State, p: Player, colonists: int, early: float) -> float:
    """The final scoring of §24.2 as it stands, a little hopeful while the game is young:
    Progress cubes also count for the Colony Status Updates still to come, colonists on Action
    slots and in the Working Area as back in Living Quarters, open contracts and Scientists for
    part of what they may still bring."""
    c = load()
    w = WEIGHTS
    bp_built, bp_unbuilt = c.value("blueprint_built_op"), c.value("blueprint_unbuilt_op")
    updates = sum(1 for level in (2, 3) if s.level < level)
    points = float(c.value("progress_op")[len(p.progress)] * (1 + updates))
    points += c.value("ship_op")[0] * p.hangar + lq_op(min(colonists, lq_cap(p)))
    points += sum(c.lab_column[f"L{level_of(p, t)}"].op for t in p.lab.values())
    for b in p.blueprints:
        level = 0 if c.blueprint[b].level == 1 else 1
        points += bp_built[level] if b in p.built else bp_unbuilt[level]
    if p.scientists:
        kinds = [s.bld[cell].split(":")[0] for cell, owner in enumerate(s.ab) if owner >= 0]
        points += sum(
            c.value("scientist_op")[0] * kinds.count(c.scientist[x].scores) + early * w["hope"]
            for x in p.scientists
        )
    for cid in p.contracts:
        card = c.contract[cid]
        if cid in p.contracts_done:
            points += card.complete_op
            continue
        share = len(p.delivered.get(cid, ())) / len(card.items) if card.items else 0.0
        points += card.failed_op + (card.complete_op - card.failed_op) * share + early * w["hope"]
    return points


def needed(s: State, p: Player) -> int:
    """Resources ``p`` holds (up to 2 of each) that pay for LSS buildings the Colony still
    needs for its next level."""
    need = s.level + 1
    total = 0
    for kind, count in s.lss.items():
        if count < need:
            for item in load().building_type[kind].cost:
                total += min(2, p.res[item])
    return total


def reach(s: State, seat: int) -> int:
    """Steps ``seat``'s Bots lack to reach a building spot of each LSS type the Colony still
    needs for its next level (a Bot zone reaches 1 hex, a new building stands at most 2 from
    one of its type): the sum over those types, each capped at 6."""
    need = s.level + 1
    wanted = {k for k, count in s.lss.items() if count < need and s.building_stacks.get(k)}
    bots = [c for c, owner in enumerate(s.bot) if owner == seat] if wanted else []
    if not bots:
        return 0
    cells: dict[str, list[int]] = {k: [] for k in wanted}
    for c, kind in enumerate(s.bld):
        if kind in cells:
            cells[kind].append(c)
    walk = hexmap.walk
    total = 0
    for spots in cells.values():
        gap = min((walk(b, c) for b in bots for c in spots), default=9) - 3
        total += min(6, max(0, gap))
    return total


def value_of(s: State, p: Player, done: float | None = None) -> float:
    """Points so far, final scoring as it stands, plus what resources and position promise;
    ``done``: :func:`progress` if known."""
    if s.phase == "over":
        return p.op + 0.01 * p.crystals  # the first tie-break (§24.4)
    w = WEIGHTS
    early = 1.0 - (progress(s) if done is None else done)
    colonists = p.lq + p.wa + sum(slots.count(p.seat) for slots in s.slots.values())
    points = p.op + final_points(s, p, colonists, early)
    cap = storage_cap(p)
    goods = sum(min(p.res[r], cap) for r in RESOURCES[1:]) * w["resource"]
    goods += p.res["mineral"] * w["mineral"]
    goods += min(p.crystals + p.pending, depot_cap(p) + 2) * w["crystal"]
    unbuilt = sum(1 for b in p.blueprints if b not in p.built)
    # needed at any time: Colonists to act, Bots near where the Colony needs buildings
    ready = min(p.lq, 4) * w["colonist"] - (0 if p.lq else w["idle"])
    ready += needed(s, p) * w["need"] - reach(s, p.seat) * w["reach"]
    tempo = (
        colonists * w["colonist_any"]
        + s.bot.count(p.seat) * w["bot"]
        + len(p.lab) * w["tech"]
        + unbuilt * w["blueprint"]
        + s.ab.count(p.seat) * w["advanced"]
        + shelters_built(p) * w["shelter"]
        + s.miner.count(p.seat) * w["miner"]
        + (load().value("ships")[0] - len(p.depot_ships)) * w["ship_free"]
    )
    return points + goods + ready * max(early, 0.5) + early * tempo
