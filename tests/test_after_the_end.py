"""RUL-22: once a game is over (by its end or by agreement) nothing of it is secret: every Private
Goal (kept, completed, spent), every face-down Discovery tile held and the order of every
face-down stack may be shown to anyone. Before the end RUL-18 and RUL-19 hold without exception.
"""

from __future__ import annotations

import json
import random

from conftest import started

import onmars
from onmars.rules.engine.view import STACKS


def spent_then_played_on(seed: int = 1) -> tuple[onmars.Game, int, str]:
    """A 3-player game in which the first seat to act spends a Private Goal as a Crystal
    (``discard``, §18.1), then a few more moves: the game, that seat and the goal."""
    game = started(3, seed=seed)
    seat = game.current_player
    goal = game.state.players[seat].goals[0]
    game.play(f"discard {goal}")
    rng = random.Random(seed)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    return game, seat, goal


def hidden_ids(game: onmars.Game) -> set[str]:
    """Every id RUL-18 keeps from a spectator in this position."""
    s = game.state
    out = {g for p in s.players for g in [*p.goals, *p.discoveries, *p.bot_discoveries]}
    out |= {*s.discovery_stack, *s.bp_deck, *(t for stack in s.tech_stacks for t in stack)}
    return out | {t for stack in s.building_stacks.values() for t in stack[:-1]}


def test_before_the_end_nothing_changes() -> None:
    """A game being played: spectators see counts, no stack order, the spent goal unnamed."""
    game, seat, goal = spent_then_played_on()
    seen = game.view(None)
    assert "revealed" not in seen
    assert all(isinstance(p["goals"], int) for p in seen["players"])
    text = json.dumps(seen)
    assert not any(x in text for x in hidden_ids(game) - {""}) and goal not in text
    other = (seat + 1) % 3
    assert all(entry.move != f"discard {goal}" for entry in game.seat_log(other))
    assert goal not in json.dumps(game.events(other))


def test_after_an_end_by_agreement_every_goal_tile_and_stack_is_shown() -> None:
    game, seat, goal = spent_then_played_on()
    spent = [  # each seat's own log names its own spent goals (RUL-18)
        [
            e.move.split()[1]
            for e in game.seat_log(s)
            if e.seat == s and e.move.startswith("discard")
        ]
        for s in range(3)
    ]
    assert spent[seat][0] == goal
    state = game.state  # the whole position, to compare with
    game.conclude()
    for viewer in (None, (seat + 1) % 3):
        seen = game.view(viewer)
        for p, real in zip(seen["players"], state.players, strict=True):
            assert p["goals"] == real.goals and p["discoveries"] == real.discoveries
            assert p["bot_discoveries"] == real.bot_discoveries
        revealed = seen["revealed"]
        assert revealed["spent_goals"] == spent
        assert revealed["discovery_stack"] == state.discovery_stack
        assert revealed["bp_deck"] == state.bp_deck
        assert revealed["tech_stacks"] == state.tech_stacks
        assert revealed["building_stacks"] == state.building_stacks
        assert seen["bp_deck"] == len(state.bp_deck)  # the counts stay where clients read them
    other = (seat + 1) % 3
    assert f"discard {goal}" in [entry.move for entry in game.seat_log(other)]
    assert any(e.get("card") == goal for e in game.events(other))


def test_a_finished_views_copy_is_the_game_itself() -> None:
    """Nothing is left to deal: a world made from a finished game's view is that game."""
    game, _, _ = spent_then_played_on()
    game.conclude()
    world = onmars.Game.from_view(game.view(None), 7)
    assert world.view(None) == game.view(None)
    for key in STACKS:
        assert getattr(world.state, key) == getattr(game.state, key)


def test_after_the_last_move_everything_is_shown() -> None:
    """A game played to its end (§24): the final view shows every hand."""
    game = onmars.Game.new(2, seed=11)
    rng = random.Random(11)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    seen = game.view(None)
    assert all(isinstance(p["goals"], list) for p in seen["players"])
    assert [p["goals"] for p in seen["players"]] == [p.goals for p in game.state.players]
    assert "revealed" in seen and seen["seed"] is None  # the record holds the seed
