"""Discovery and Research tiles on Mars (§9.1, §10, §21, RUL-7, RUL-8, components.md §9).

A Discovery tile (``D01``..``D19``, kinds in data/tiles.toml) is claimed by a Rover that ends on
it: its benefit resolves at once and the tile is kept face down (RUL-18). A Research tile
(``R`` + type letter, ``RA``..``RD``) gives a free double development (RUL-8); nobody holds two of
one type. A tile can be claimed only if its cost can be paid and at least part of its benefit used
(§9.1); claiming means taking that benefit, so its first use is mandatory (the cost must be paid)
and the further uses of an "up to 2" benefit are optional.

:func:`usable` and :func:`resolve` also serve the Radar Blueprint (BP15), which gains a Discovery
tile's benefit without claiming it.
"""

from __future__ import annotations

from onmars import lab
from onmars.colony import upgrade_targets
from onmars.components import load
from onmars.construction import construct_blocker, push_construct
from onmars.economy import gain, storable
from onmars.engine import push_picks
from onmars.missions import contribute
from onmars.orbit import blueprint_blocker, learn_blocker, warehouse_items
from onmars.science import hire_blocker, push_hire
from onmars.state import Player, State


def rover_discoveries(p: Player) -> int:
    """Discovery tiles your Rover has taken (PG04, LSS reward 6). Those claimed by Bots moving
    as Rovers (Recycling Bots, BP21) are kept apart in ``bot_discoveries``: face down like the
    others but not "taken by your Rover", so they count for neither the Discoveries Mission
    (§17.2 M5) nor Private Goal 4 nor LSS reward 6 (§22). Research tiles count for their Mission
    whoever takes them ("taken from the map")."""
    return len(p.discoveries)


def is_research(tile: str) -> bool:
    return tile.startswith("R") and tile[1:] in load().research


def usable(s: State, seat: int, tile_id: str) -> bool:
    """Whether ``seat`` can pay the cost of Discovery tile ``tile_id``'s benefit and use at least
    part of it now (§9.1, §21). Constructions follow every normal rule, Bot zone included
    (RUL-15)."""
    d = load().discovery[tile_id]
    p = s.players[seat]
    match d.kind:
        case "develop":
            return bool(lab.developments(p, paid=True))
        case "construct_type":
            return not construct_blocker(s, seat, [d.param])
        case "construct_any":
            return not construct_blocker(s, seat, None)
        case "upgrade":
            return bool(upgrade_targets(s, seat, in_zone=True))
        case "hire":
            return not hire_blocker(s, seat)
        case "blueprints":
            return not blueprint_blocker(s, seat)
        case "warehouse":
            return bool(warehouse_items(s, seat))
        case "crystals":
            return True  # Crystals always go below the Depot (§4)
        case "resources":
            return storable(p, d.param)
        case "tech":
            return not learn_blocker(s, seat)
    raise AssertionError(f"unknown Discovery kind {d.kind!r}")


def resolve(s: State, seat: int, tile_id: str) -> None:
    """Push the frames of Discovery tile ``tile_id``'s benefit (§21, RUL-7); check
    :func:`usable` first. "Up to 2" benefits: the first use is mandatory, the second optional."""
    d = load().discovery[tile_id]
    p, k = s.players[seat], d.amount
    match d.kind:
        case "develop":  # one tile twice or two tiles once, paying normal costs
            push_picks(s, "develop", seat, n=k, must=1, paid=True)
        case "construct_type":
            push_construct(s, seat, types=[d.param])
        case "construct_any":
            push_construct(s, seat)
        case "upgrade":  # up to 2, 1 Mineral each, in a Bot zone
            push_picks(s, "upgrade", seat, n=k, must=1, zone=True)
        case "hire":
            push_hire(s, seat)
        case "blueprints":
            push_picks(s, "blueprint", seat, n=k, must=1)
        case "warehouse":
            push_picks(s, "warehouse", seat, n=k, must=1)
        case "crystals":
            gain(p, "crystal", k)
        case "resources":
            gain(p, d.param, k)
        case "tech":
            push_picks(s, "learn", seat, n=k, must=1)
        case _:
            raise AssertionError(f"unknown Discovery kind {d.kind!r}")


# --- claiming a tile with the Rover ------------


def claim_blocker(s: State, seat: int, tile: str) -> str:
    """Why ``seat`` cannot claim ``tile`` now ("" if it can, §9.1)."""
    p = s.players[seat]
    if is_research(tile):
        if tile[1:] in p.research:
            return f"§9.1: you already hold a Research tile of type {tile[1:]} (§10)"
        if not lab.developments(p, paid=False):
            return "RUL-8: none of your Tech tiles can move to an empty space"
        return ""
    if not usable(s, seat, tile):
        return f"§9.1: you cannot pay for or use any part of Discovery tile {tile}"
    return ""


def claim(s: State, seat: int, cell: int, by_rover: bool = True) -> None:
    """Take the tile on ``cell`` off the map and resolve it (§9.1): a Research tile develops
    your Tech tiles twice for free, space benefits gained (RUL-8); a Discovery tile is kept face
    down. A Research tile counts for its Mission whoever takes it (Rover or Recycling Bots); a
    Discovery tile only when a Rover took it (§17.2 M5; ``by_rover`` off for BP21's Bots)."""
    p = s.players[seat]
    tile = s.tile[cell]
    s.tile[cell] = ""
    if is_research(tile):
        p.research.append(tile[1:])
        contribute(s, seat, "research")
        push_picks(s, "develop", seat, n=2, must=1, paid=False)
    else:
        (p.discoveries if by_rover else p.bot_discoveries).append(tile)
        if by_rover:
            contribute(s, seat, "discovery")
        resolve(s, seat, tile)
