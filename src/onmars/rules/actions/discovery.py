"""Discovery and Research tiles on Mars (§9.1, §10, §21, RUL-7, RUL-8, components.md §9).

A Discovery tile (``D01``..``D19``, effects in data/tiles.toml) is claimed by a Rover that ends on
it: its benefit resolves at once and the tile is kept face down (RUL-18). A Research tile
(``R`` + type letter, ``RA``..``RD``) gives a free double development (RUL-8); nobody holds two of
one type. A tile can be claimed only if its cost can be paid and at least part of its benefit used
(§9.1); claiming means taking that benefit, so its first use is mandatory (the cost must be paid)
and the further uses of an "up to 2" benefit are optional.

:func:`usable` and :func:`resolve` also serve the Radar Blueprint (BP15), which gains a Discovery
tile's benefit without claiming it.
"""

from __future__ import annotations

from onmars.rules.actions.missions import contribute
from onmars.rules.data.components import EffectRef, load
from onmars.rules.engine.engine import effect_blocker, start_effect
from onmars.rules.engine.errors import NO, Term, refuse
from onmars.rules.engine.state import Player, State


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
    return not effect_blocker(s, seat, load().discovery[tile_id].effect, explain=False)


def resolve(s: State, seat: int, tile_id: str) -> None:
    """Start Discovery tile ``tile_id``'s benefit, named in the data (§21, RUL-7); check
    :func:`usable` first. "Up to 2" benefits: the first use is mandatory, the second optional."""
    start_effect(s, seat, load().discovery[tile_id].effect)


def research_bonus() -> EffectRef:
    """A Research tile's free double development, space benefits gained (RUL-8)."""
    return load().bonus["research_tile"].effect


# --- claiming a tile with the Rover ------------


def claim_blocker(s: State, seat: int, tile: str, explain: bool = True) -> str:
    """Why ``seat`` cannot claim ``tile`` now ("" if it can, §9.1; a token without
    ``explain``)."""
    p = s.players[seat]
    if is_research(tile):
        if tile[1:] in p.research:
            if not explain:
                return NO
            return refuse(
                "§9.1",
                "you already hold {tile} (§10)",
                tile=Term("research", tile[1:], f"a Research tile of type {tile[1:]}"),
            )
        reason = effect_blocker(s, seat, research_bonus(), explain)
        if reason and explain:
            return refuse("RUL-8", "{reason}", reason=reason)
        return reason
    if not usable(s, seat, tile):
        if not explain:
            return NO
        return refuse(
            "§9.1",
            "you cannot pay for or use any part of {tile}",
            tile=Term("card", tile, f"Discovery tile {tile}"),
        )
    return ""


def claim(s: State, seat: int, cell: int, by_rover: bool = True) -> None:
    """Take the tile on ``cell`` off the map and resolve it (§9.1): a Research tile develops
    your Tech tiles twice for free, space benefits gained (RUL-8); a Discovery tile is kept face
    down. A Research tile counts for its Mission whoever takes it (Rover or Recycling Bots); a
    Discovery tile only when a Rover took it (§17.2 M5; ``by_rover`` off for BP21's Bots)."""
    p = s.mut_player(seat)
    tile = s.tile[cell]
    s.mut_tile()[cell] = ""
    if is_research(tile):
        p.research.append(tile[1:])
        contribute(s, seat, "research")
        start_effect(s, seat, research_bonus())
    else:
        (p.discoveries if by_rover else p.bot_discoveries).append(tile)
        if by_rover:
            contribute(s, seat, "discovery")
        resolve(s, seat, tile)
