"""The greedy bot: one step ahead on a determinized copy of what it sees (issue 5).

For each legal move, :class:`GreedyBot` plays it on a copy of a game built from its own view
(:meth:`onmars.Game.from_view`: what the view hides dealt at random, once per turn) and scores
the position for its seat, less the best opponent's score (:func:`evaluate`). Sub-decisions in
the middle of an action (pay X, done, boost) are scored the same way. Ties go to the bot's rng.

"One step" is one of the bot's own *actions*, not one engine decision: at a turn-level choice
(which action, whether to travel) a move alone changes little (``main construct`` only places a
Colonist), so each candidate is followed by a quick greedy continuation of the bot's own
decisions until the action is over, on a few sampled options per decision. Decisions with very
many options (Bot and Rover steps) are scored on a sample of them, "done"-like moves always kept.

Only the public API is used: the evaluation reads the spectator's view of a position
(:meth:`onmars.Game.view`), with the final scoring as it would stand
(:meth:`onmars.Game.projection`'s figures, read from the view: :func:`scored_now`) and the
component data; the search plays on copies (:meth:`onmars.Game.copy`,
:meth:`onmars.Game.push`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import compress
from typing import Any

from onmars import Game, Move
from onmars.bots.base import Bot
from onmars.rules import hexmap
from onmars.rules.data.components import RESOURCES, load

View = dict[str, Any]

#: Decisions where a candidate is followed by a continuation (the rest of its action).
DEEP = frozenset({"turn", "travel"})
CANDIDATES = 12  # at most this many moves scored per decision
BRANCH = 4  # options sampled per decision of a continuation
DEPTH = 6  # decisions per continuation
KEEP = frozenset({"done", "end", "skip", "stay", "keep", "claim", "travel"})

#: A set of the evaluation's weights, by term.
Weights = dict[str, float]
#: Weights of the evaluation, in OP, set by hand. "Tempo" weights fade as the game nears its end.
WEIGHTS: Weights = {
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

    def choose(self, view: View, legal: list[Move]) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = view["viewer"]
        world = self.world(view)
        deep = view["stack"][-1]["t"] in DEEP
        best: list[Move] = []
        top = float("-inf")
        for move in sample(legal, CANDIDATES, self.rng):
            value = score_move(world, seat, move, self.rng if deep else None)
            if value > top + 1e-9:
                top, best = value, [move]
            elif value > top - 1e-9:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def world(self, view: View) -> Game:
        """A game consistent with ``view``: the hidden assignment is drawn once per turn (the
        same turn seed deals the same unseen components as long as the pools are the same)."""
        turn = (view["round"], view["phase"], len(view["done"]), view["current_player"])
        if turn != self._turn:
            self._turn, self._turn_seed = turn, self.rng.getrandbits(32)
        return Game.from_view(view, self._turn_seed)


def sample(legal: list[Move], k: int, rng: random.Random) -> list[Move]:
    """At most ``k`` of the moves, in their order: every "done"-like move and a random rest."""
    if len(legal) <= k:
        return legal
    keep = [i for i, m in enumerate(legal) if m.verb in KEEP]
    rest = [i for i, m in enumerate(legal) if m.verb not in KEEP]
    chosen = set(keep) | set(rng.sample(rest, max(0, k - len(keep))))
    return [m for i, m in enumerate(legal) if i in chosen]


def score_move(world: Game, seat: int, move: Move, rng: random.Random | None = None) -> float:
    """Play ``move`` on a copy of ``world`` and evaluate the result for ``seat``; with ``rng``,
    first continue greedily while ``seat`` is still inside the action the move began."""
    if move not in world.legal_moves():  # the determinization differs where it matters
        return float("-inf")
    game = world.copy(record=False)
    game.push(move)
    if rng is not None:
        game = continuation(game, seat, rng)
    return evaluate(game, seat)


def continuation(game: Game, seat: int, rng: random.Random) -> Game:
    """Greedy choices (1 ply, sampled options) for ``seat`` until its action is over."""
    for _ in range(DEPTH):
        decision = game.decision()
        if decision is None or decision.seat != seat or decision.step in DEEP:
            return game
        best, top = None, float("-inf")
        for move in sample(decision.moves, BRANCH, rng):
            after = game.copy(record=False)
            after.push(move)  # listed just now: legal, no need to check
            value = Position(after).value(seat)  # own value: a cheap guide for the rest
            if value > top:
                best, top = after, value
        if best is None:
            return game
        game = best
    return game


def evaluate(game: Game, seat: int, weights: Weights = WEIGHTS) -> float:
    """``seat``'s value less the best opponent's, in OP; ahead, the end of the game is welcome,
    behind, it is not. ``game`` is not changed. ``weights``: :data:`WEIGHTS` or another set of
    the same keys (``scripts/fit_evaluation.py`` reads the evaluation's terms through them)."""
    pos = Position(game, weights)
    mine = pos.value(seat)
    lead = mine - max(pos.value(p) for p in range(pos.players) if p != seat)
    return lead + weights["end"] * pos.done * max(-1.0, min(1.0, lead / 10))


class Position:
    """What the evaluation reads of a position: the spectator's view (public facts only,
    read uncopied, ``view(None, copy=False)``: several times cheaper), every seat's value
    worked out from it at once (:func:`seat_value`)."""

    def __init__(self, game: Game, weights: Weights = WEIGHTS) -> None:
        view = game.view(None, copy=False)  # read now, never kept
        self.over = game.is_over
        self.done = progress(view)
        self.players = len(view["players"])
        if self.over:
            self.values = [p["op"] + 0.01 * p["crystals"] for p in view["players"]]  # §24.4
            return
        cells, bots = building_cells(view), pieces(view["bot"])
        advanced = advanced_kinds(view)
        self.values = [
            seat_value(view, k, self.done, cells, bots.get(k, []), advanced, weights)
            for k in range(self.players)
        ]

    def value(self, seat: int) -> float:
        """Points so far, final scoring as it stands, plus what resources and position
        promise."""
        return self.values[seat]


def seat_value(
    v: View,
    seat: int,
    done: float,
    cells: dict[str, list[int]],
    bots: list[int],
    advanced: list[str],
    weights: Weights = WEIGHTS,
) -> float:
    """``seat``'s value: the projected score (in-game OP and the final scoring of §24.2 as it
    stands, :func:`scored_now`), a little hopeful while the game is young, plus what its
    resources and position promise. ``cells``: :func:`building_cells`; ``bots``: the seat's
    Bots' hexes; ``advanced``: :func:`advanced_kinds`.

    Hopeful: Progress cubes also count for the Colony Status Updates still to come,
    Colonists on Action slots of either side and in the Working Area as back in Living
    Quarters, open contracts and Scientists for part of what they may still bring. Where the
    projection is not hopeful enough it is replaced: taking an action (a Colonist to an Action
    slot) would lose Living Quarters points that come back at the end of the round; and open
    contracts score their share of the way (the items on them so far) rather than what the
    final deliveries would make of them, else delivering an item would gain nothing (the item
    already counts there) and the bot would never complete a contract during play, where it
    counts for the Contracts Mission and the game's way to its end.

    The terms are summed in the order they always were, so the value is the same to the last
    bit as when the projection was worked out by the rules (:meth:`onmars.Game.projection`)."""
    p, w, k = v["players"][seat], weights, _constants()
    early = 1.0 - done
    colonists = p["lq"] + p["wa"] + sum(slots.count(seat) for slots in v["slots"].values())
    updates = sum(1 for level in (2, 3) if v["level"] < level)
    points, final_progress = scored_now(p, advanced)
    value = float(points)
    value += lq_points(p, colonists) + final_progress * updates
    value += early * w["hope"] * len(p["scientists"])
    for term in contract_terms(p, early, w["hope"]):
        value += term
    shelters = k.shelters - p["shelters"]
    cap = shelters + 1  # each Resource row holds your Shelters on Mars + 1 (§4)
    res = p["res"]
    goods = sum(min(res[r], cap) for r in RESOURCES[1:]) * w["resource"]
    goods += res["mineral"] * w["mineral"]
    depot = k.depot - len(p["depot_ships"])  # free Depot spaces (§4)
    goods += min(p["crystals"] + p["pending"], depot + 2) * w["crystal"]
    unbuilt = sum(1 for b in p["blueprints"] if b not in p["built"])
    # needed at any time: Colonists to act, Bots near where the Colony needs buildings
    ready = min(p["lq"], 4) * w["colonist"] - (0 if p["lq"] else w["idle"])
    ready += needed(v, p) * w["need"] - reach(v, seat, cells, bots) * w["reach"]
    tempo = (
        colonists * w["colonist_any"]
        + len(bots) * w["bot"]
        + len(p["lab"]) * w["tech"]
        + unbuilt * w["blueprint"]
        + v["ab"].count(seat) * w["advanced"]
        + shelters * w["shelter"]
        + v["miner"].count(seat) * w["miner"]
        + (k.ships - len(p["depot_ships"])) * w["ship_free"]
    )
    return value + goods + ready * max(early, 0.5) + early * tempo


def scored_now(p: dict[str, Any], advanced: list[str]) -> tuple[int, int]:
    """What the projection (:meth:`onmars.Game.projection`: the final scoring of §24.2 if the
    game ended now) gives ``p`` but for Contracts and Living Quarters, which
    :func:`seat_value` replaces: its total less those two categories, and its Final Progress
    points. The other categories (Progress, Ships, Tech, Blueprints, Scientists) read only
    what the end's own moves (Crystals in, Colonists back, final deliveries) leave alone, so
    they are read from the view as it stands, without playing the end on a copy.
    ``advanced``: :func:`advanced_kinds`."""
    t = _tables()
    op_by = p["op_by"]
    final_progress = t.progress[len(p["progress"])]
    points = p["op"] - op_by.get("contracts", 0) - op_by.get("living_quarters", 0)
    points += final_progress + t.ship * p["hangar"]
    points += sum(map(t.lab.__getitem__, p["lab"]))
    built = p["built"]
    for b in p["blueprints"]:
        points += t.built[b] if b in built else t.unbuilt[b]
    points += sum(t.scientist * advanced.count(t.scores[x]) for x in p["scientists"])
    return points, op_by.get("final_progress", 0) + final_progress


def advanced_kinds(v: View) -> list[str]:
    """The building type under each Advanced Building marker (by hex), for Scientists."""
    bld, ab = v["bld"], v["ab"]
    return [bld[c].split(":")[0] for c in compress(range(len(ab)), map(_OWNED, ab))]


@dataclass(frozen=True)
class _Constants:
    shelters: int  # Shelters a player starts with off the board
    depot: int  # Depot spaces
    ships: int  # Ships a player owns


@cache
def _constants() -> _Constants:
    c = load()
    return _Constants(c.value("shelters")[0], c.value("depot_spaces")[0], c.value("ships")[0])


@dataclass(frozen=True)
class _Tables:
    """The final scoring's figures (§24.2) as :func:`scored_now` reads them."""

    progress: tuple[int, ...]  # by Progress cubes
    ship: int  # a Ship in the Hangar
    lab: dict[str, int]  # a Tech tile, by its Lab space (its column's OP)
    built: dict[str, int]  # a Blueprint built, by id
    unbuilt: dict[str, int]  # ... not built
    scientist: int  # a Scientist, per Advanced Building of its type
    scores: dict[str, str]  # the building type each Scientist scores


@cache
def _tables() -> _Tables:
    c = load()
    built, unbuilt = c.value("blueprint_built_op"), c.value("blueprint_unbuilt_op")
    level = {b: 0 if card.level == 1 else 1 for b, card in c.blueprint.items()}
    return _Tables(
        progress=c.value("progress_op"),
        ship=c.value("ship_op")[0],
        lab={k: c.lab_column[f"L{space.column}"].op for k, space in c.lab_space.items()},
        built={b: built[i] for b, i in level.items()},
        unbuilt={b: unbuilt[i] for b, i in level.items()},
        scientist=c.value("scientist_op")[0],
        scores={x: card.scores for x, card in c.scientist.items()},
    )


def contract_terms(p: dict[str, Any], early: float, hope: float) -> list[float]:
    """What each of ``p``'s Earth Contracts adds to :func:`seat_value`, in their order
    (``hope``: the weight of what an open one may still bring)."""
    c = load()
    terms: list[float] = []
    for cid in p["contracts"]:
        card = c.contract[cid]
        if cid in p["contracts_done"]:
            terms.append(card.complete_op)
            continue
        share = len(p["delivered"].get(cid, ())) / len(card.items) if card.items else 0.0
        terms.append(card.failed_op + (card.complete_op - card.failed_op) * share + early * hope)
    return terms


def progress(v: View) -> float:
    """How near the end the game is, 0 at the start, 1 once over: the further of its two roads
    to the end, Missions (with the best open one's share) and Colony levels (with the LSS
    tracks' share of the next level)."""
    if v["phase"] == "over":
        return 1.0
    if v["end_round"]:
        return 0.93 if v["round"] < v["end_round"] else 0.97
    c, n = load(), len(v["players"])
    shares = [
        1 - left / c.mission[m].targets[n - 2] for m, left in v["missions"].items() if left > 0
    ]
    missions = (3 - v["remaining"] + max(shares, default=0.0)) / 3
    need = v["level"] + 1
    lss = sum(min(k, need) for k in v["lss"].values()) / (len(v["lss"]) * need)
    return min(0.9, max(missions, (v["level"] - 1 + lss) / 4))


def lq_points(p: dict[str, Any], colonists: int) -> int:
    """Living Quarters OP (§24.2 item 3: beside the highest occupied row of two slots, RUL-16)
    with ``colonists`` in them, as many as fit (4 slots, 2 more per Shelter beyond the first,
    §4)."""
    c = load()
    shelters = _constants().shelters - p["shelters"]
    room = c.value("lq_base")[0] + c.value("lq_per_shelter")[0] * (shelters - 1)
    n = min(colonists, room)
    return c.value("lq_row_op")[(n - 1) // 2] if n > 0 else 0


def needed(v: View, p: dict[str, Any]) -> int:
    """Resources ``p`` holds (up to 2 of each) that pay for LSS buildings the Colony still
    needs for its next level."""
    need = v["level"] + 1
    total = 0
    for kind, count in v["lss"].items():
        if count < need:
            for item in load().building_type[kind].cost:
                total += min(2, p["res"][item])
    return total


def building_cells(v: View) -> dict[str, list[int]]:
    """The hexes of each building type on Mars."""
    cells: dict[str, list[int]] = {}
    bld = v["bld"]
    for c in compress(range(len(bld)), bld):  # the built hexes, found in C: most are empty
        cells.setdefault(bld[c], []).append(c)
    return cells


def pieces(owners: list[int]) -> dict[int, list[int]]:
    """The hexes of each seat's pieces, from a view's per-hex owners (-1: none)."""
    out: dict[int, list[int]] = {}
    for c in compress(range(len(owners)), map(_OWNED, owners)):  # found in C: most have none
        out.setdefault(owners[c], []).append(c)
    return out


_OWNED = (0).__le__  # an owner: a seat, not -1


def reach(
    v: View, seat: int, cells: dict[str, list[int]] | None = None, bots: list[int] | None = None
) -> int:
    """Steps ``seat``'s Bots lack to reach a building spot of each LSS type the Colony still
    needs for its next level (a Bot zone reaches 1 hex, a new building stands at most 2 from
    one of its type): the sum over those types, each capped at 6. ``cells`` and ``bots``:
    :func:`building_cells` of ``v`` and the seat's Bots, when known."""
    need = v["level"] + 1
    stacks = v["building_stacks"]
    wanted = [k for k, count in v["lss"].items() if count < need and stacks.get(k, {}).get("count")]
    if bots is None:
        bots = pieces(v["bot"]).get(seat, [])
    if not wanted or not bots:
        return 0
    cells = building_cells(v) if cells is None else cells
    rows = [hexmap.walks_from(b) for b in bots]
    total = 0
    for kind in wanted:
        spots = cells.get(kind, ())
        # the nearest spot to any Bot (a row's distances read by map, in C); none: far away
        near = min(min(map(row.__getitem__, spots)) for row in rows) if spots else 9
        total += min(6, max(0, near - 3))
    return total
