"""Audit of the end of the game and the final scoring: cases the other test files leave out
(§24.1 for 2 and 4 players and a Mission completed in the Shuttle phase, §24.1 with §16 for the
last move of Crystals into the Depot, §15 with Shelters of several owners, §24.4 after the last
deliveries), and every final category recomputed by hand, from printed values, for random games
of 2, 3 and 4 players played to their end.

Rule ids: §n = rules.md sections, RUL-n = rulings.md, "seed item n" = the Chinese digest.
"""

from __future__ import annotations

import random

import pytest
from conftest import end_turn_quietly, frame, legal, play, to_shuttle_phase

import onmars
from onmars.rules.actions import scoring
from onmars.rules.data.components import load
from onmars.rules.position import position


def quiet_rounds(game: onmars.Game) -> dict[int, list[int]]:
    """Play quiet turns (nobody travels) to the end; the seats that took a turn, by round."""
    turns: dict[int, list[int]] = {}
    for _ in range(300):
        if game.is_over:
            return turns
        if frame(game)["t"] == "travel":
            play(game, "stay")
            continue
        s = game.state
        if frame(game)["t"] == "turn" and not s.turn.get("main"):
            turns.setdefault(s.round, []).append(game.current_player)
        end_turn_quietly(game)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 4])
def test_the_last_round_gives_each_player_one_turn_and_no_shuttle_phase(players: int) -> None:
    """§24.1, seed item 8, §25: with 2 and with 4 players alike, the marker reaching the end of
    its track in round 1 lets round 1 finish (every turn, then its Shuttle phase), then round 2
    is played with one turn for each player and the game ends without a Shuttle phase."""
    game = position({"missions": {"M2": 1}, "remaining": 1}, players=players)
    s = game.state
    seat = game.current_player
    play(game, "main blueprint", f"take {s.bp_display[0]}")
    assert s.remaining == 0 and s.end_round == 0  # not yet: only at the end of the phase
    shuttle_rounds = set()
    turns: dict[int, list[int]] = {1: [seat]}
    end_turn_quietly(game)
    while not game.is_over:
        if frame(game)["t"] == "travel":
            shuttle_rounds.add(s.round)
            play(game, "stay")
            continue
        if frame(game)["t"] == "turn" and not s.turn.get("main"):
            turns.setdefault(s.round, []).append(game.current_player)
        end_turn_quietly(game)
    assert s.end_round == 2 and s.round == 2
    assert shuttle_rounds == {1}
    assert sorted(turns[1]) == sorted(turns[2]) == list(range(players))


def test_a_mission_completed_in_the_shuttle_phase_ends_the_game_a_round_later() -> None:
    """§24.1, §17.1, seed item 8: the end is checked at the end of a Colonization phase. The last
    Mission completed in round 1's Shuttle phase (a Blueprint from Turn Order space 2, RUL-2)
    was not there when round 1's Colonization phase ended: round 2 is played in full with its
    Shuttle phase, the end is triggered at the end of its Colonization phase, and round 3 is
    the last."""
    game = position(
        {"missions": {"M2": 1}, "remaining": 1}, spaces={0: 5, 1: 6, 2: 7}, shuttle="colony"
    )
    s = game.state
    assert to_shuttle_phase(game)
    play(game, "travel", "seat 2")
    play(game, sorted(m for m in legal(game) if m.startswith("take "))[0])
    assert s.remaining == 0 and s.phase == "shuttle" and s.round == 1
    turns = quiet_rounds(game)
    assert s.end_round == 3 and s.round == 3
    assert set(turns) == {2, 3}


def test_crystals_the_depot_cannot_hold_at_the_end_complete_a_delivery_contract() -> None:
    """§24.1, §16, RUL-10, seed item 3: at the end the Crystals below the Depot move in up to its
    free spaces, and those it cannot hold may go onto a Delivery contract that needs them, as at
    a turn's start. Seat 0 (3 free spaces, all full) has 3 waiting Crystals and C12 (3 Crystals +
    2 Minerals) with its 2 Minerals delivered: the 3 complete it (+9, not -4), and its Depot
    keeps its 3 Crystals for the tie-break."""
    game = position(
        {
            "missions": {},
            "players": {
                0: {
                    "contracts": ["C12"],
                    "delivered": {"C12": ["mineral", "mineral"]},
                    "crystals": 3,
                    "pending": 3,
                }
            },
        }
    )
    game.conclude()
    p = game.state.players[0]
    assert p.contracts_done == ["C12"] and p.crystals == 3
    assert game.scores()[0]["breakdown"]["contracts"] == 9


def test_a_scientist_scores_advanced_shelters_of_every_owner() -> None:
    """§15, §24.2 step 6, seed item 8: the Geochemist scores 3 OP per Advanced Building on a
    Shelter, whoever owns it: each player's Shelters are a building type of their own (§9.2),
    but all of them are Shelters for the Scientist. Seats 1 and 2 each have an Advanced
    Building marker on their own Shelter: seat 0's Geochemist scores 6."""
    game = position(
        {
            "missions": {},
            "map": {"3,-4": "shelter:1 ab:1", "1,3": "shelter:2 ab:2"},  # their starting hexes
            "players": {
                0: {"scientists": ["geochemist"]},
                1: {"blueprints": ["BP11"], "built": ["BP11"]},
                2: {"blueprints": ["BP12"], "built": ["BP12"]},
            },
        }
    )
    game.conclude()
    assert game.scores()[0]["breakdown"]["scientists"] == 6


def test_the_crystals_a_contract_takes_at_the_end_are_gone_for_the_tie_break() -> None:
    """§16, §24.2 step 7, §24.4: the last deliveries come before the tie-break, and Crystals on
    a contract are no longer in the Depot. Seats 0 and 1 both have 2 Crystals and equal points
    once seat 0's C12 is complete (its last Crystal delivered at the end: +9); seat 0 is left
    with 1 Crystal and seat 1 wins the tie."""
    game = position(
        {
            "missions": {},
            "players": {
                0: {
                    "contracts": ["C12"],
                    "delivered": {"C12": ["crystal", "crystal", "mineral", "mineral"]},
                    "crystals": 2,
                },
                1: {"crystals": 2, "op": 9},
            },
        },
        players=2,
    )
    game.conclude()
    totals = [row["total"] for row in game.scores()]
    assert totals[0] == totals[1], game.scores()
    assert game.state.players[0].crystals == 1
    assert game.winners() == [1]


# --- §24.2 recomputed by hand from the position before the final scoring -----------------------

#: The printed values, written out here rather than read from the data (§24.2, RUL-3, RUL-16).
PROGRESS_OP = (0, 1, 2, 4, 7, 11)
LQ_ROW_OP = (0, 3, 6, 10, 15, 21)
COLUMN_OP = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 9}
SCIENTIST_SCORES = {
    "geologist": "generator",
    "rnd_engineer": "extractor",
    "hydrologist": "greenhouse",
    "biochemist": "condenser",
    "geochemist": "shelter",
    "systems_engineer": "mine",
}


def by_hand(s: onmars.state.State) -> list[dict[str, int]]:
    """The final-scoring categories of §24.2 (Contracts aside) from the position just before the
    game's end step: Colonists of your side's Action slots and Working Area back into Living
    Quarters (4 slots + 2 per further Shelter), then each category at its printed value."""
    c = load()
    advanced = [s.bld[cell].split(":")[0] for cell, owner in enumerate(s.ab) if owner >= 0]
    out = []
    for p in s.players:
        home = p.wa + sum(
            seats.count(p.seat) for act, seats in s.slots.items() if c.action[act].side == p.side
        )
        lq = min(4 + 2 * (5 - p.shelters - 1), p.lq + home)
        blueprints = sum(
            (3 if c.blueprint[b].level == 1 else 5) * (1 if b in p.built else -1)
            for b in p.blueprints
        )
        out.append(
            {
                "final_progress": PROGRESS_OP[len(p.progress)],
                "ships": 3 * p.hangar,
                "living_quarters": LQ_ROW_OP[(lq - 1) // 2] if lq else 0,
                "tech": sum(COLUMN_OP[c.lab_space[space].column] for space in p.lab),
                "blueprints": blueprints,
                "scientists": sum(3 * advanced.count(SCIENTIST_SCORES[x]) for x in p.scientists),
            }
        )
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 2), (4, 1)])
def test_random_games_score_as_recomputed_by_hand(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """§24.1-2, §8.5, §14, §15, RUL-3, RUL-16: a random game (building favoured) played to its
    end scores each final category as recomputed here from the position before the end step,
    its total is the in-game OP plus the categories, and the last round is the one after the
    round whose Colonization phase ended with the end triggered."""
    before: list[onmars.state.State] = []
    apply = scoring.GameEnd.apply
    monkeypatch.setattr(
        scoring.GameEnd,
        "apply",
        staticmethod(lambda s, f, m: (before.append(s.clone()), apply(s, f, m))),
    )
    game = onmars.Game.new(players, seed=seed)
    rng = random.Random(seed)
    triggered = 0
    while not game.is_over:
        s = game.state
        phase, round_ = s.phase, s.round
        moves = game.legal_moves()
        busy = [m for m in moves if m.verb in ("build", "upgrade", "ship", "travel", "take")]
        game.play(rng.choice(busy if busy and rng.random() < 0.8 else moves))
        ended = phase == "colonization" and (game.state.phase, game.state.round) != (phase, round_)
        if ended and not triggered and (game.state.remaining == 0 or game.state.level >= 5):
            triggered = round_
    assert triggered and game.state.round == triggered + 1
    (pre,) = before
    for row, hand, p in zip(game.scores(), by_hand(pre), pre.players, strict=True):
        assert {k: row["breakdown"][k] for k in hand} == hand
        assert row["total"] == p.op + sum(hand.values()) + row["breakdown"]["contracts"]
