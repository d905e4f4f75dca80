"""Pieces and buildings on the Mars map: zones, complexes, displacement (§9, §10, RUL-1)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from onmars.rules.actions.economy import to_lq
from onmars.rules.data import hexmap
from onmars.rules.engine.engine import Step, pop, push
from onmars.rules.engine.frames import DisplaceFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import State


def cells_of(values: list[Any], who: object) -> list[int]:
    """The indices of a per-cell list holding ``who`` (C-speed scans, on the hot path: counted
    first, so that no scan ends in an exception, which costs more than the scans)."""
    out: list[int] = []
    i = -1
    for _ in range(values.count(who)):
        i = values.index(who, i + 1)
        out.append(i)
    return out


class Layout:
    """Where the buildings stand, by kind (``State.bld``'s values), with the hexes each kind
    touches and stands exactly 2 from (§9.2 step 3): found once per arrangement of the map
    (:func:`layout`), since buildings are few and seldom added. Read only."""

    __slots__ = ("built", "cells", "_near", "_big", "_groups", "_kind")

    def __init__(self, bld: tuple[str, ...]) -> None:
        cells: dict[str, list[int]] = {}
        self._kind: dict[int, str] = {}
        for c, kind in enumerate(bld):
            if kind:
                cells.setdefault(kind, []).append(c)
                self._kind[c] = kind
        self.cells: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in cells.items()}
        self.built = frozenset(c for v in cells.values() for c in v)
        self._near: dict[str, tuple[frozenset[int], frozenset[int]]] = {}
        self._big: dict[tuple[str, int], frozenset[int]] = {}
        self._groups: dict[int, frozenset[int]] = {}

    def near(self, kind: str) -> tuple[frozenset[int], frozenset[int]]:
        """(free hexes adjacent to a building of ``kind``, free hexes adjacent to none and
        exactly 2 from one): where it may join a Complex, where it may stand alone."""
        found = self._near.get(kind)
        if found is None:
            cells = self.cells.get(kind, ())
            touching = frozenset().union(*map(hexmap.neighbours, cells)) - self.built
            alone = frozenset().union(*map(hexmap.ring2, cells)) - touching - self.built
            found = self._near[kind] = (touching, alone)
        return found

    def group(self, cell: int) -> frozenset[int]:
        """The buildings of the same type connected to the building on ``cell``, itself
        included (a Complex if 2 or more, §9.2): found once per arrangement of the map."""
        known = self._groups.get(cell)
        if known is not None:
            return known
        members = set(self.cells[self._kind[cell]])
        found, todo = {cell}, [cell]
        while todo:
            for nb in hexmap.neighbours(todo.pop()):
                if nb in members and nb not in found:
                    found.add(nb)
                    todo.append(nb)
        group = frozenset(found)
        for c in group:
            self._groups[c] = group
        return group

    def in_complexes(self, kind: str, size: int) -> frozenset[int]:
        """The buildings of ``kind`` in a Complex of at least ``size`` of them (§9.2)."""
        found = self._big.get((kind, size))
        if found is None:
            groups = {self.group(c) for c in self.cells.get(kind, ())}
            found = frozenset(c for g in groups if len(g) >= size for c in g)
            self._big[(kind, size)] = found
        return found


def layout(s: State) -> Layout:
    """The buildings of ``s`` by kind (:class:`Layout`). The last one found is checked first:
    comparing two lists costs less than hashing the map (a listing asks several times)."""
    global _last
    last = _last
    if last is not None and last[0] == s.bld:
        return last[1]
    key = tuple(s.bld)
    found = _layout(key)
    _last = (list(key), found)  # one assignment: another thread sees the old pair or the new
    return found


_last: tuple[list[str], Layout] | None = None


@lru_cache(maxsize=512)
def _layout(bld: tuple[str, ...]) -> Layout:
    return Layout(bld)


def bot_cells(s: State, seat: int) -> list[int]:
    return cells_of(s.bot, seat)


def zone(s: State, seat: int) -> set[int]:
    """Your Bots' building zones: each Bot's hex and its 6 neighbours (§10). Read only: the
    last one found is handed out again while the Bots stand still (a listing asks several
    times)."""
    global _last_zone
    last = _last_zone
    if last is not None and last[0] == seat and last[1] == s.bot:
        return last[2]
    out: set[int] = set()
    for c in bot_cells(s, seat):
        out.update(hexmap.zone(c))
    _last_zone = (seat, s.bot.copy(), out)  # one assignment, as for the layout
    return out


_last_zone: tuple[int, list[int], set[int]] | None = None


def mines_of(s: State, seat: int) -> int:
    """Mines holding your Miner or your Advanced Building marker (PG03, LSS reward 4)."""
    return sum(1 for c in set(cells_of(s.miner, seat) + cells_of(s.ab, seat)) if s.bld[c] == "mine")


def complex_of(s: State, cell: int) -> frozenset[int]:
    """The buildings of the same type connected to ``cell`` (a Complex if 2 or more, §9.2):
    read from the map's :class:`Layout`. Read only."""
    kind = s.bld[cell]
    if kind:
        return layout(s).group(cell)
    seen, todo = {cell}, [cell]  # the empty hexes connected to an empty ``cell``
    while todo:
        for nb in hexmap.neighbours(todo.pop()):
            if nb not in seen and s.bld[nb] == kind:
                seen.add(nb)
                todo.append(nb)
    return frozenset(seen)


def available(s: State, cell: int) -> bool:
    """An empty hex, or a building with no piece: where a displaced piece may go (§9.2)."""
    return s.empty(cell) or (bool(s.bld[cell]) and not s.occupied(cell))


def closest_available(s: State, origin: int) -> list[int]:
    """The available hexes nearest ``origin`` (RUL-1), in cell order."""
    for band in hexmap.bands(origin):
        found = [c for c in band if available(s, c)]
        if found:
            return found
    return []


def displace(s: State, cell: int) -> None:
    """Building or upgrading on ``cell``: a Crystal goes to the supply, a tile to the box, a Bot or
    Rover to its owner's choice of the closest available hexes (RUL-1), a Colonist back to its
    owner's Living Quarters (§9.2)."""
    if s.crystal[cell]:
        s.mut_crystal()[cell] = 0
    if s.tile[cell]:
        s.mut_tile()[cell] = ""
    if s.miner[cell] >= 0:
        to_lq(s.mut_player(s.miner[cell]), 1)
        s.mut_miner()[cell] = -1
    if s.bot[cell] >= 0:
        push(s, "displace", s.bot[cell], piece="bot", cell=cell)
    for p in s.players:
        if p.rover == cell:
            push(s, "displace", p.seat, piece="rover", cell=cell)


class Displace(Step[DisplaceFrame]):
    """Move your displaced Bot or Rover to one of the closest available hexes (RUL-1)."""

    name = "displace"
    rule = "§9.2"
    prompt = N_("move your displaced piece to a closest available hex")
    forced = True

    @staticmethod
    def options(s: State, f: DisplaceFrame) -> list[Move]:
        return [mv("place", hexmap.text(c)) for c in closest_available(s, f["cell"])]

    @staticmethod
    def apply(s: State, f: DisplaceFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        to = m.cell(0)
        if f["piece"] == "bot":
            s.mut_bot()[f["cell"]] = -1
            s.mut_bot()[to] = f["p"]
        else:
            s.mut_player(f["p"]).rover = to


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (Displace,)
