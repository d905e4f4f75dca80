"""Determinization: a full, legal :class:`State` consistent with what one seat sees (RUL-18).

:func:`onmars.rules.engine.view.view` hides other players' Private Goals and face-down Discovery
tiles (those claimed by Rover or by Bots, as counts) and the order of every face-down stack
(Discovery, Blueprint deck, Tech stacks, building stacks below their top tile). :func:`fill` fills
each hidden place with a random assignment of the components that are not visible anywhere in the
view, keeping every count: the hidden places and the box together hold the same components as
before, dealt anew. Since only the view is read, two states that a seat sees alike give that
seat the same determinized state for the same random stream (what a bot searches over can
depend only on what it may see).

Components that left the game face down or that were public once but are gone now (a discarded
Private Goal, a Discovery tile a Bot destroyed, a built tile's id) are not in the view either, so
they stay in the pool of candidates: a seat's memory of past events is not modelled.

The public face is :meth:`onmars.Game.determinize` and :meth:`onmars.Game.from_view`.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from functools import cache
from typing import Any

from onmars.rules.data.components import load
from onmars.rules.engine.state import State
from onmars.rules.engine.view import STACKS, view
from onmars.rules.shape import check_state, check_view


def determinize(s: State, seat: int | None, rng: random.Random) -> State:
    """A new State that ``seat`` (``None``: a spectator) sees exactly as it sees ``s``, every
    component it cannot see dealt again from ``rng``. ``s`` is left untouched."""
    return fill(view(s, seat), seat, rng)


def from_view(seen: dict[str, Any], rngs: list[random.Random]) -> list[State]:
    """States consistent with ``seen`` (a view, :func:`onmars.rules.engine.view.view`, of the seat
    ``seen["viewer"]``), one for each of ``rngs``, every hidden component drawn from it. ``seen``
    is left untouched and shares nothing with the results. Raises ``ValueError`` when the view
    is not of a game's shape (:mod:`onmars.rules.shape`) or hides more components than exist.
    The shape is checked once: the states differ only in what was dealt from the components
    the view does not show, which the first state's check covers."""
    check_view(seen)
    states = [fill(seen, seen["viewer"], rng).clone() for rng in rngs]
    if states:
        check_state(states[0], seen["viewer"])
    return states


def fill(data: dict[str, Any], seat: int | None, rng: random.Random) -> State:
    """The determinized State of a view ``data`` of ``seat``. ``data`` itself is not changed
    (its redacted fields are replaced in a shallow copy), but the State shares the rest of its
    values: callers clone it unless ``data`` is theirs to give away."""
    data = dict(data)
    data.pop("viewer", None)
    data.pop("current_player", None)
    shown = data.pop("revealed", None)  # after the end (RUL-22): the stacks as they are
    if shown is not None:
        data.update({key: shown[key] for key in STACKS})
    players = [dict(p) for p in data["players"]]
    data["players"] = players
    _goals(players, seat, rng)
    _discoveries(data, players, seat, rng)
    _blueprints(data, rng)
    _techs(data, rng)
    _buildings(data, rng)
    data["seed"] = 0  # the real seed is secret; nothing after setup reads it
    return State.from_dict(data)


def _deal(
    pool: Collection[str], counts: list[int], rng: random.Random, what: str
) -> list[list[str]]:
    """Shuffle the unseen ``pool`` and deal hands of the given sizes. The shuffle sorts by a
    random key per component (a uniform order, and about three times faster than
    ``rng.sample``: search deals a world for every few simulations)."""
    need = sum(counts)
    if need > len(pool):
        raise ValueError(f"RUL-18: the view hides {need} {what} but only {len(pool)} are unseen")
    draw = rng.random
    drawn = sorted(sorted(pool), key=lambda _: draw())[:need] if need else []
    hands, start = [], 0
    for k in counts:
        hands.append(drawn[start : start + k])
        start += k
    return hands


def _hidden(p: dict[str, Any], key: str, seat: int | None) -> bool:
    return p["seat"] != seat and isinstance(p[key], int)


def _goals(players: list[dict[str, Any]], seat: int | None, rng: random.Random) -> None:
    hidden = [p for p in players if _hidden(p, "goals", seat)]
    seen = {g for p in players if not _hidden(p, "goals", seat) for g in p["goals"]}
    seen |= {p["goal_done"] for p in players if p["goal_done"]}
    pool = set(load().private_goal) - seen
    hands = _deal(pool, [p["goals"] for p in hidden], rng, "Private Goals")
    for p, hand in zip(hidden, hands, strict=True):
        p["goals"] = sorted(hand)


#: Where players keep Discovery tiles face down: claimed by the Rover, by Bots (BP21).
HELD = ("discoveries", "bot_discoveries")


def _discoveries(
    data: dict[str, Any], players: list[dict[str, Any]], seat: int | None, rng: random.Random
) -> None:
    tiles = load().discovery
    places = [(p, key) for p in players for key in HELD if key in p]
    hidden = [(p, key) for p, key in places if _hidden(p, key, seat)]
    seen = set(data["exploration"]) | {t for t in data["tile"] if t in tiles}
    seen |= {data["radar"]} if data["radar"] else set()
    seen |= {t for p, key in places if not _hidden(p, key, seat) for t in p[key]}
    stack = data["discovery_stack"]
    counts = [p[key] for p, key in hidden] + [stack if isinstance(stack, int) else 0]
    hands = _deal(set(tiles) - seen, counts, rng, "Discovery tiles")
    for (p, key), hand in zip(hidden, hands, strict=False):
        p[key] = hand
    if isinstance(stack, int):
        data["discovery_stack"] = hands[-1]


def _blueprints(data: dict[str, Any], rng: random.Random) -> None:
    """The deck holds Level 3 cards below Level 1 cards (§3.1): the unseen Level 3 cards fill
    the bottom, unseen Level 1 cards the rest."""
    count = data["bp_deck"]
    if not isinstance(count, int):
        return
    cards = load().blueprint
    seen = set(data["bp_display"]) | {b for p in data["players"] for b in p["blueprints"]}
    pools = {lvl: {b for b, card in cards.items() if card.level == lvl} - seen for lvl in (1, 3)}
    level3 = min(count, len(pools[3]))
    (bottom,) = _deal(pools[3], [level3], rng, "Level 3 Blueprints")
    (top,) = _deal(pools[1], [count - level3], rng, "Level 1 Blueprints")
    data["bp_deck"] = bottom + top


def _techs(data: dict[str, Any], rng: random.Random) -> None:
    counts = data["tech_stacks"]
    if not all(isinstance(k, int) for k in counts):
        return
    tech = load().tech_tile
    seen = set(data["grid"].values()) | {t for p in data["players"] for t in p["lab"].values()}
    pool = {t for t, tile in tech.items() if tile.type != "shelter"} - seen
    data["tech_stacks"] = _deal(pool, counts, rng, "Tech tiles")


def _buildings(data: dict[str, Any], rng: random.Random) -> None:
    """Each stack keeps its public top tile; the tiles below come from that type's unseen ones
    (a tile named by a pending decision, being placed now, is seen)."""
    stacks = data["building_stacks"]
    if not all(isinstance(v, dict) for v in stacks.values()):
        return
    on_stack = {f.get("tile") for f in data["stack"]}
    out: dict[str, list[str]] = {}
    for kind, shown in stacks.items():
        top, count = shown["top"], shown["count"]
        if not count:
            out[kind] = []
            continue
        pool = [t for t in _stack_tiles(kind) if t != top and t not in on_stack]
        (below,) = _deal(pool, [count - 1], rng, f"{kind} building tiles")
        out[kind] = [*below, top]
    data["building_stacks"] = out


@cache
def _stack_tiles(kind: str) -> tuple[str, ...]:
    """The building tiles of a type that start in its stack (not the starting buildings)."""
    return tuple(t.id for t in load().building_tile.values() if t.type == kind and not t.starting)
