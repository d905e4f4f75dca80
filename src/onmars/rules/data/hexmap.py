"""The Mars map: 91 flat-top hexes in axial coordinates (RUL-1, components.md §1.1).

Hexes are referred to by their index in :data:`CELLS` inside the game state (cheap to copy and to
store) and by ``"q,r"`` text in move notation.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from onmars.rules.data.components import Hex, load

#: Axial directions 0..5: N, NE, SE, S, SW, NW (flat-top; r grows downwards). Arrow data uses them.
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@cache
def _geometry() -> tuple[tuple[Hex, ...], dict[Hex, int]]:
    cells = tuple(
        (col.q, r)
        for col in sorted(load().column.values(), key=lambda c: c.q)
        for r in range(col.r_min, col.r_max + 1)
    )
    return cells, {h: i for i, h in enumerate(cells)}


def cells() -> tuple[Hex, ...]:
    return _geometry()[0]


def index(h: Hex) -> int:
    """Cell index of a hex; ``KeyError`` when the hex is off the map."""
    return _geometry()[1][h]


def hex_of(i: int) -> Hex:
    return _geometry()[0][i]


@cache
def text(i: int) -> str:
    q, r = hex_of(i)
    return f"{q},{r}"


def parse(token: str) -> int | None:
    """The cell index for ``"q,r"`` text, or ``None`` if it is not a hex on the map."""
    try:
        q, r = (int(x) for x in token.split(","))
    except ValueError:
        return None
    return _geometry()[1].get((q, r))


@cache
def neighbours(i: int) -> tuple[int, ...]:
    q, r = hex_of(i)
    table = _geometry()[1]
    return tuple(table[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in table)


@cache
def zone(i: int) -> tuple[int, ...]:
    """The hex and its neighbours (a Bot's building zone, §10)."""
    return (i, *neighbours(i))


@cache
def ring2(i: int) -> frozenset[int]:
    """The map hexes exactly 2 from ``i`` (standalone buildings, §9.2 step 3)."""
    return frozenset(c for c in range(len(cells())) if hex_distance(i, c) == 2)


def neighbour_in(i: int, direction: int) -> int | None:
    q, r = hex_of(i)
    dq, dr = DIRECTIONS[direction]
    return _geometry()[1].get((q + dq, r + dr))


def hex_distance(a: int, b: int) -> int:
    """Straight hex distance (§10: Discovery placement, standalone buildings)."""
    (q1, r1), (q2, r2) = hex_of(a), hex_of(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def walks_from(a: int) -> tuple[int, ...]:
    """Movement points needed to go from ``a`` to every cell over map hexes (§9.1), by cell
    index: a search from ``a`` alone, made the first time it is asked (a game asks from a
    fraction of the hexes; the whole table cost about 7% of a process's first game, issue
    27.1)."""
    dist = [-1] * len(cells())
    dist[a] = 0
    queue = deque([a])
    while queue:
        cur = queue.popleft()
        for nb in neighbours(cur):
            if dist[nb] < 0:
                dist[nb] = dist[cur] + 1
                queue.append(nb)
    return tuple(dist)


def walk(a: int, b: int) -> int:
    """Movement points needed to go from ``a`` to ``b`` over map hexes (§9.1)."""
    return walks_from(a)[b]


@cache
def bands(a: int) -> tuple[tuple[int, ...], ...]:
    """The other cells by :func:`walk` from ``a``, nearest first: one band per distance, each
    in cell order."""
    row = walks_from(a)
    out: dict[int, list[int]] = {}
    for j in sorted(range(len(row)), key=row.__getitem__):
        if j != a:
            out.setdefault(row[j], []).append(j)
    return tuple(tuple(sorted(band)) for _, band in sorted(out.items()))


@cache
def within(i: int, steps: int) -> tuple[int, ...]:
    """Every cell reachable from ``i`` with at most ``steps`` movement points."""
    row = walks_from(i)
    return tuple(j for j, d in enumerate(row) if d <= steps)


def feature(name: str) -> list[int]:
    """Cell indices of a printed setup feature (``start_mine``, ``lss_start``, ``shelters_3p``)."""
    return [index(h) for h in load().feature[name].hexes]
