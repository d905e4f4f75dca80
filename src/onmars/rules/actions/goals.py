"""Private Goals (§18, RUL-15): one completed per player per game, on your own turn, with a
reward of your choice; any card in hand may be spent as a Crystal instead.

Both happen at the turn level, outside another action's resolution (RUL-15): ``goal <id>``
completes a goal whose condition holds, ``discard <id>`` spends a card as a Crystal for this turn.
A card spent as a Crystal is a payment, not a Crystal token: one left unspent at the end of the
turn is lost, and none may go onto a Delivery contract (§18.1, seed item 3).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from onmars.rules.actions.discovery import rover_discoveries
from onmars.rules.actions.economy import gain, storable, to_lq
from onmars.rules.actions.mars import complex_of, mines_of
from onmars.rules.data import hexmap
from onmars.rules.data.components import RESOURCES, load
from onmars.rules.engine.engine import Candidate, Step, pop, push, start_effect
from onmars.rules.engine.errors import NO, Term, refuse
from onmars.rules.engine.frames import GoalGainFrame, GoalRetrieveFrame, GoalRewardFrame
from onmars.rules.engine.i18n import N_
from onmars.rules.engine.moves import Move, mv
from onmars.rules.engine.state import Player, State


def _marked(p: Player) -> int:
    return sum(1 for space in p.lab if load().lab_space[space].marked)


def _big_complexes(s: State, seat: int, size: int) -> int:
    """Distinct Complexes of at least ``size`` holding one of your Advanced Building markers."""
    found: list[frozenset[int]] = []
    for c, owner in enumerate(s.ab):
        if owner == seat and not any(c in group for group in found):
            group = complex_of(s, c)
            if len(group) >= size:
                found.append(group)
    return len(found)


#: A Private Goal's condition: how far a player is towards its amount (§18).
CONDITIONS: dict[str, Callable[[State, Player], int]] = {
    "blueprints": lambda s, p: len(p.blueprints),
    "advanced_buildings": lambda s, p: len(p.built),
    "mines": lambda s, p: mines_of(s, p.seat),
    "discoveries": lambda s, p: rover_discoveries(p),  # taken by your Rover, not by Bots
    "complex_marker": lambda s, p: 4 if _big_complexes(s, p.seat, 4) else 0,
    "resources_of_one_type": lambda s, p: max(p.res[r] for r in RESOURCES[1:]),
    "shelters": lambda s, p: load().value("shelters")[0] - p.shelters,
    "colony_level": lambda s, p: s.level,
    "lq_colonists": lambda s, p: p.lq,
    "techs": lambda s, p: len(p.lab),
    "hangar_ships": lambda s, p: p.hangar,
    "research_tiles": lambda s, p: len(p.research),
    "scientist_and_contract": lambda s, p: min(len(p.scientists), len(p.contracts_done)),
    "marked_lab_spaces": lambda s, p: _marked(p),
    "progress_cubes": lambda s, p: len(p.progress),
    "two_complexes": lambda s, p: 3 if _big_complexes(s, p.seat, 3) >= 2 else 0,
}


def met(s: State, seat: int, goal: str) -> bool:
    card = load().private_goal[goal]
    return CONDITIONS[card.condition](s, s.players[seat]) >= card.amount


@cache
def _card_move(verb: str, goal: str) -> Move:
    return Move(verb, (goal,))


def goal_candidates(
    s: State, seat: int, discard: bool = True, explain: bool = False
) -> list[Candidate]:
    """``goal <id>`` for every card in hand, legal when its condition holds and no goal is
    completed yet; then ``discard <id>`` for every card (§18.1, RUL-15), legal when
    ``discard`` (an action of this turn may still spend the Crystal) or when a goal can be
    completed now (its reward may buy movement with Crystals). Without ``explain`` the goals
    that cannot be completed are left out.

    Decision: with both actions taken and no goal to complete, a card spent as a Crystal could
    pay for nothing and is gone at the turn's end, so that pointless move is refused."""
    p = s.players[seat]
    out: list[Candidate] = []
    for g in p.goals:
        if not p.goal_done and met(s, seat, g):
            out.append((_card_move("goal", g), ""))
        elif not explain:
            continue
        elif p.goal_done:
            out.append((_card_move("goal", g), refuse("§18.1", ONE_GOAL)))
        else:
            unmet = refuse("§18.1", "the condition of {goal} does not hold", goal=Term("card", g))
            out.append((_card_move("goal", g), unmet))
    spendable = discard or any(m.verb == "goal" and not why for m, why in out)
    wasted = "" if spendable else NO
    if not spendable and explain:
        wasted = refuse("§18.1", WASTED)
    return out + [(_card_move("discard", g), wasted) for g in p.goals]


WASTED = N_(
    "both your actions are taken and no Private Goal can be completed now: a card spent as a "
    "Crystal could pay for nothing"
)


ONE_GOAL = N_("only one Private Goal per player per game")


def play_goal_move(s: State, seat: int, m: Move) -> None:
    p = s.mut_player(seat)
    p.goals.remove(m.args[0])
    if m.verb == "discard":
        # the real Crystals are capped at what the Depot holds now (see economy.real_crystals)
        turn = s.mut_turn()
        turn["real_crystals"] = min(turn.get("real_crystals", p.crystals), p.crystals)
        turn["cards"] = turn.get("cards", 0) + 1
        p.crystals += 1
    else:
        p.goal_done = m.args[0]
        s.turned_up += 1  # shown to all (RUL-19)
        # contracts completed by the reward (free upgrades) count at once (RUL-10)
        push(s, "after_action", seat)
        push(s, "goal_reward", seat, goal=m.args[0])


def end_of_turn(s: State, seat: int) -> None:
    """Private Goal cards spent as Crystals but not used are lost with the turn."""
    if "real_crystals" in s.turn:
        p, turn = s.mut_player(seat), s.mut_turn()
        p.crystals = min(p.crystals, turn.pop("real_crystals"))
        turn.pop("cards", None)


class GoalReward(Step[GoalRewardFrame]):
    """Develop Tech twice at no cost, or the card's alternative reward (§18.2)."""

    name = "goal_reward"
    rule = "§18.2"
    prompt = N_("choose the Private Goal's reward")

    @staticmethod
    def options(s: State, f: GoalRewardFrame) -> list[Move]:
        reward = load().private_goal[f["goal"]].reward
        return [mv("reward", "develop"), mv("reward", reward)]

    @staticmethod
    def apply(s: State, f: GoalRewardFrame, m: Move | None) -> None:
        assert m is not None
        pop(s, f)
        reward_frames(s, f["p"], f["goal"], m.args[0])


def reward_frames(s: State, seat: int, goal: str, reward: str) -> None:
    """Start a Private Goal reward (§18.2): every card's free developments, or the card's own
    alternative, both named in the data (decisions noted there where the card is terse: PG10
    retrieves from Action slots, Mines and the Working Area, PG15 from slots and the Working
    Area; a free Ship obeys the Ship limit, RUL-14)."""
    if reward == "develop":
        start_effect(s, seat, load().bonus["goal_develop"].effect)
    else:
        start_effect(s, seat, load().private_goal[goal].reward_effect)


class GoalGain(Step[GoalGainFrame]):
    """Gain up to 3 Resources of your choice from the supply, not Minerals (PG02)."""

    name = "goal_gain"
    rule = "§18.2"
    prompt = N_("gain a Resource (not a Mineral)")
    forced = True  # with nothing storable, the lone "done" plays itself

    @staticmethod
    def options(s: State, f: GoalGainFrame) -> list[Move]:
        p = s.players[f["p"]]
        return [mv("gain", r) for r in RESOURCES[1:] if storable(p, r)] + [Move("done")]

    @staticmethod
    def apply(s: State, f: GoalGainFrame, m: Move | None) -> None:
        assert m is not None
        f["n"] -= 1
        if m.verb == "done" or not f["n"]:
            pop(s, f)
        if m.verb == "gain":
            gain(s.mut_player(f["p"]), m.args[0])


class GoalRetrieve(Step[GoalRetrieveFrame]):
    """Retrieve up to 2 of your Colonists to Living Quarters from Action slots, the Working Area
    and, for PG10, Mines (§18.2)."""

    name = "goal_retrieve"
    rule = "§18.2"
    prompt = N_("retrieve a Colonist to Living Quarters")

    @staticmethod
    def options(s: State, f: GoalRetrieveFrame) -> list[Move]:
        seat, p = f["p"], s.players[f["p"]]
        out = [mv("retrieve", "wa")] if p.wa else []
        out += [mv("retrieve", a) for a, slots in s.slots.items() if seat in slots]
        if f["miners"]:
            out += [mv("retrieve", hexmap.text(c)) for c, o in enumerate(s.miner) if o == seat]
        return [*out, Move("done")]

    @staticmethod
    def apply(s: State, f: GoalRetrieveFrame, m: Move | None) -> None:
        assert m is not None
        seat, p = f["p"], s.mut_player(f["p"])
        f["n"] -= 1
        if m.verb == "done" or not f["n"]:
            pop(s, f)
        if m.verb == "done":
            return
        where = m.args[0]
        if where == "wa":
            p.wa -= 1
        elif where in s.slots:
            s.mut_slots()[where].remove(seat)
        else:
            s.mut_miner()[m.cell(0)] = -1
        to_lq(p, 1)


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (GoalReward, GoalGain, GoalRetrieve)
