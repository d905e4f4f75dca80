"""The Life Support System and the Colony level (§11, RUL-12).

Building an LSS building (Generator, Water Extractor, Greenhouse, Oxygen Condenser) moves its
track up (:func:`building_built`): the first one off the bottom row scores 2 OP (§11.2), and one
built while the track was below the Colony-level row earns the column's Reward tile and one bonus
of the builder's choice (§11.3, seed item 5). At the end of a turn in which every track has reached
the Colony row the Colony levels up (:class:`StatusUpdate`, §11.4).
"""

from __future__ import annotations

from onmars.rules.actions import lab
from onmars.rules.actions.discovery import rover_discoveries
from onmars.rules.actions.economy import score, shelters_built, to_lq
from onmars.rules.actions.mars import mines_of
from onmars.rules.actions.setup import GRID_SPACES
from onmars.rules.data.components import EffectRef, load
from onmars.rules.engine.engine import Candidate, Step, effect_blocker, pop, push, start_effect
from onmars.rules.engine.errors import refuse
from onmars.rules.engine.frames import Frame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import Player, State

# --- the tracks and their rewards (§11.1-11.3, §22) ------------


def reward_count(s: State, p: Player, formula: str) -> int:
    """What an LSS Reward tile counts for ``p`` (§22, tiles.toml ``lss_reward``)."""
    seat = p.seat
    if formula == "max_tech_level":
        return max((lab.level_of(p, t) for t in p.lab.values()), default=0)
    if formula == "hangar_ships":
        return p.hangar
    if formula == "advanced_buildings":
        return s.ab.count(seat)
    if formula == "mines":  # your Miner or your Advanced Building marker on it
        return mines_of(s, seat)
    if formula == "bots":
        return s.bot.count(seat)
    if formula == "discoveries":  # collected by your Rover (§22), not by Recycling Bots
        return rover_discoveries(p)
    if formula == "shelters":
        return shelters_built(p)
    if formula == "lq_colonists":
        return p.lq
    raise AssertionError(f"unknown LSS reward formula {formula!r}")


def reward_op(s: State, p: Player, tile: str) -> int:
    reward = load().lss_reward[tile]
    return reward.op_each * reward_count(s, p, reward.formula)


def building_built(s: State, seat: int, kind: str) -> None:
    """An LSS building of ``kind`` was just built by ``seat``: its track goes up one row (not
    past the top, RUL-12); the first to leave the bottom row scores 2 OP (§11.2); if the track
    was below the Colony-level row, the Reward tile's OP and one bonus (§11.3)."""
    p = s.mut_player(seat)
    before = s.lss[kind]
    s.mut_lss()[kind] = min(before + 1, load().value("lss_rows")[0])
    if before == 1 and s.lss[kind] > 1 and kind not in s.lss_first:
        s.mut_lss_first().append(kind)
        score(p, load().value("first_lss_op")[0], "lss_first")
    if before < s.level + 1:
        score(p, reward_op(s, p, s.lss_rewards[kind]), "lss_reward")
        push(s, "lss_bonus", seat)


def retrieve_sources(s: State, seat: int) -> list[str]:
    """Where one of your Colonists can be retrieved from: an Action slot or the Working Area."""
    out = [act for act, slots in s.slots.items() if seat in slots]
    if s.players[seat].wa:
        out.append("wa")
    return out


def lss_bonuses() -> list[tuple[str, EffectRef]]:
    """(choice, effect) of the Life Support bonuses, from the data's ``lss_*`` bonuses."""
    return [(b.id[4:], b.effect) for b in load().bonus.values() if b.id.startswith("lss_")]


class LssBonus(Step[Frame]):
    """One bonus of your choice for an LSS reward (§11.3): ``benefit bots`` (up to 2 MP for
    your Bots, Crystals for more), ``benefit retrieve <action|wa>`` (one Colonist from an
    Action slot or the Working Area to Living Quarters), ``benefit mineral``, ``benefit
    crystal``."""

    name = "lss_bonus"
    rule = "§11.3"
    prompt = N_("choose your Life Support bonus")

    @staticmethod
    def candidates(s: State, f: Frame, explain: bool = False) -> list[Candidate]:
        """The bonuses in the data's order (``lss_<choice>``); the retrieval names its source:
        legal where one of your Colonists is (with ``explain`` every source is named)."""
        seat = f["p"]
        out: list[Candidate] = []
        for choice, ref in lss_bonuses():
            if choice != "retrieve":
                out.append((mv("benefit", choice), effect_blocker(s, seat, ref, explain)))
                continue
            sources = retrieve_sources(s, seat)
            out += [(mv("benefit", "retrieve", src), "") for src in sources]
            if explain:
                none = refuse(
                    "§11.3", "you have no Colonist on that Action slot or in your Working Area"
                )
                out += [
                    (mv("benefit", "retrieve", src), none)
                    for src in [*s.slots, "wa"]
                    if src not in sources
                ]
        return out

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        seat, p = f["p"], s.mut_player(f["p"])
        choice = m.args[0]
        if choice == "retrieve":
            src = m.args[1]
            if src == "wa":
                p.wa -= 1
            else:
                s.mut_slots()[src].remove(seat)
            to_lq(p, 1)
        else:
            start_effect(s, seat, load().bonus[f"lss_{choice}"].effect)

    @staticmethod
    def stray(s: State, f: Frame, m: Move) -> str:
        if m.verb == "benefit" and m.args[:1] == ("retrieve",):
            return refuse(
                "§11.3", "you have no Colonist on that Action slot or in your Working Area"
            )
        return ""


# --- the Colony Status Update (§11.4) ------------


def level_up_due(s: State) -> bool:
    """Every LSS track counts at least level + 1 buildings (RUL-12)."""
    return s.level < 5 and all(k >= s.level + 1 for k in s.lss.values())


def progress_op(cubes: int) -> int:
    return load().value("progress_op")[cubes]


def check_end(s: State) -> None:
    """At the end of the Colonization phase: no missions remaining, or Colony level 5, triggers
    the end: finish this round, then play one more without a Shuttle phase (§24.1, seed 8)."""
    if not s.end_round and (s.remaining == 0 or s.level >= 5):
        s.end_round = s.round + 1


def status_update(s: State) -> None:
    """One Colony Status Update, steps 1-6 of §11.4."""
    s.level += 1
    drawn = len(s.bp_deck)
    deck, display = s.mut_bp_deck(), s.mut_bp_display()
    if s.level == 2:  # the display is replaced by the next 12 cards
        display[:] = [deck.pop() for _ in range(min(12, len(deck)))]
    elif s.level == 3:  # Level 1 cards leave; the last Level 3 cards join
        display[:] = [b for b in display if load().blueprint[b].level == 3]
        display += [deck.pop() for _ in range(len(deck))]
    s.turned_up += drawn - len(s.bp_deck)
    if s.n > 2:  # the Grid is never refilled in 2-player games (§25)
        for space in GRID_SPACES:  # bottom row first
            stacks = s.mut_tech_stacks()
            # which stack is open (§11.4 "from the stacks", RB "from the stack"): the longer
            # one, as if the two were one stock; they are shuffled alike, so no chance changes
            stack = max(stacks, key=len) if stacks else []
            if not s.grid[space] and stack:
                s.mut_grid()[space] = stack.pop()
                s.turned_up += 1
    stock = load().value("warehouse_stock")[s.n - 2]
    warehouse = s.mut_warehouse()
    for item, k in warehouse.items():
        warehouse[item] = max(k, stock)
    if s.level in (2, 3):
        for p in map(s.mut_player, range(s.n)):
            score(p, progress_op(len(p.progress)), "progress")
    if s.level >= 3:  # fewer missions needed; level 5 needs none (§11.4 step 6)
        s.remaining = max(0, s.remaining - 1)


class StatusUpdate(Step[Frame]):
    """At the end of a turn in which all LSS tracks reached the Colony row, the Colony levels
    up, repeating while that still holds (§11.4, RUL-12)."""

    name = "status_update"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        while level_up_due(s):
            status_update(s)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (LssBonus, StatusUpdate)
