"""Scores: in-game Opportunity Points by source and the final scoring (§24, seed item 8)."""

from __future__ import annotations

from typing import Any

from onmars.rules.actions.contracts import contract_done, final_deliveries
from onmars.rules.actions.economy import crystals_in, score
from onmars.rules.actions.goals import end_of_turn as goals_end_of_turn
from onmars.rules.actions.lab import level_of
from onmars.rules.actions.travel import retrieve_colonists
from onmars.rules.data.components import load
from onmars.rules.engine.engine import Step, advance, push
from onmars.rules.engine.frames import Frame
from onmars.rules.engine.moves import Move
from onmars.rules.engine.state import Player, State

#: Score categories in display order: in-game sources (§24.3), then final scoring (§24.2).
IN_GAME = ("progress", "lss_first", "lss_reward", "blueprint_action")
FINAL = (
    "final_progress",
    "ships",
    "living_quarters",
    "tech",
    "blueprints",
    "scientists",
    "contracts",
)


def scores(s: State) -> list[dict[str, Any]]:
    """Per seat: the total, its breakdown by category, and the tie-break values (§24.4)."""
    out = []
    for p in s.players:
        breakdown = {k: p.op_by.get(k, 0) for k in IN_GAME}
        breakdown.update({k: v for k, v in p.op_by.items() if k not in breakdown})
        out.append(
            {
                "seat": p.seat,
                "name": p.name,
                "total": p.op,
                "breakdown": breakdown,
                "tiebreak": tiebreak(s, p),
            }
        )
    return out


def tiebreak(s: State, p: Player) -> tuple[int, int, int]:
    """Most Crystals, then most Advanced Buildings, then most Progress cubes (§24.4)."""
    return (p.crystals, s.ab.count(p.seat), len(p.progress))


def winners(s: State) -> list[int]:
    """Seats sharing first place once the tie-breaks are exhausted (§24.4)."""
    best = max((p.op, tiebreak(s, p)) for p in s.players)
    return [p.seat for p in s.players if (p.op, tiebreak(s, p)) == best]


def end_by_agreement(s: State) -> None:
    """End the game now by the players' agreement (RUL-20): pending decisions are dropped, a
    Private Goal card spent as a Crystal this turn is lost with the turn (§18.1), and the
    position is scored with the final scoring as it stands (§24.1-2).

    "As it stands" (open in the sources, decided here): a trip cut short leaves the marker off
    the Turn Order track (no space, no bonus), its side the destination, whose retrieval the
    final scoring then makes as the trip would have; the owners of Tech used this turn get
    neither Oxygen nor development, their choice being due at the turn's end (§8.3, RB p.11:
    "they gain the Oxygen" only then), which never comes. The owners agreed to the end too."""
    seat = s.turn.get("p")
    if isinstance(seat, int):
        goals_end_of_turn(s, seat)
    s.stack.clear()
    s.new_turn({})
    push(s, "game_end", -1)
    advance(s)


def building_kind(kind: str) -> str:
    return kind.split(":")[0]


def lq_op(colonists: int) -> int:
    """OP beside the highest occupied Living Quarters row of two slots (RUL-16)."""
    rows = load().value("lq_row_op")
    return rows[(colonists - 1) // 2] if colonists else 0


def final_breakdown(s: State, p: Player) -> dict[str, int]:
    """The final-scoring categories of §24.2 for one player (state already settled)."""
    c = load()
    bp_built, bp_unbuilt = c.value("blueprint_built_op"), c.value("blueprint_unbuilt_op")
    blueprints = 0
    for b in p.blueprints:
        index = 0 if c.blueprint[b].level == 1 else 1
        blueprints += bp_built[index] if b in p.built else bp_unbuilt[index]
    advanced = [building_kind(s.bld[cell]) for cell, owner in enumerate(s.ab) if owner >= 0]
    contracts = 0
    for cid in p.contracts:
        card = c.contract[cid]
        done = cid in p.contracts_done or contract_done(s, p, cid)  # RUL-10
        contracts += card.complete_op if done else card.failed_op
    return {
        "final_progress": c.value("progress_op")[len(p.progress)],
        "ships": c.value("ship_op")[0] * p.hangar,
        "living_quarters": lq_op(p.lq),
        "tech": sum(c.lab_column[f"L{level_of(p, t)}"].op for t in p.lab.values()),
        "blueprints": blueprints,
        "scientists": sum(
            c.value("scientist_op")[0] * advanced.count(c.scientist[x].scores) for x in p.scientists
        ),
        "contracts": contracts,
    }


class GameEnd(Step[Frame]):
    """After the last round: Crystals below the Depot move in (capacity applies); Colonists on
    your side's Action slots and in the Working Area return to Living Quarters; final scoring
    (§24.1-2, seed item 8)."""

    name = "game_end"
    auto = True

    @staticmethod
    def apply(s: State, f: Frame, m: Move | None) -> None:
        for p in map(s.mut_player, range(s.n)):
            crystals_in(p)
            retrieve_colonists(s, p.seat, p.side)
        final_deliveries(s)  # with the Crystals that just moved in (§24.1, §16)
        for p in map(s.mut_player, range(s.n)):
            for category, points in final_breakdown(s, p).items():
                score(p, points, category)
        s.phase = "over"


#: Registered by :mod:`onmars.registry` (no import side effects).
STEPS = (GameEnd,)
