"""Copy on write (issue 27, item 2): a forked state shares its players and containers with the
state it was forked from, and whichever of the two writes one copies it first. Played through
whole random games, every move on a fresh fork: the other state never changes (no write slips
past the barriers), and the forked chain plays exactly as a state that is never forked (no rule
reads a copy that a write has left behind)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import onmars
from onmars.rules.engine import engine
from onmars.rules.engine.state import State


def snapshot(s: State) -> Any:
    """Everything a state holds, the running counts left out of its plain data included."""
    return s.to_dict(), [p.lost for p in s.players], s.turned_up


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5), (4, 6)])
def test_forked_games_match_and_leave_the_other_alone(players: int, seed: int) -> None:
    reference = onmars.Game.new(players, seed=seed).state.clone()
    forked = reference.clone()
    rng = random.Random(seed)
    ply = 0
    while reference.stack:
        legal = engine.legal_moves(reference)
        assert engine.legal_moves(forked) == legal, f"move {ply}: the listings differ"
        move = rng.choice(legal)
        twin = forked.fork()
        # even moves are played on the fork, odd ones on the state forked from
        mover, other = (twin, forked) if ply % 2 == 0 else (forked, twin)
        kept = snapshot(other)
        engine.play(mover, move)
        assert snapshot(other) == kept, f"move {ply} ({move}) changed the other state"
        engine.play(reference, move)
        assert snapshot(mover) == snapshot(reference), f"move {ply} ({move}) played otherwise"
        forked, ply = mover, ply + 1
    assert forked.phase == "over"


def test_a_fork_owns_nothing_until_it_writes() -> None:
    game = onmars.Game.new(3, seed=1)
    for _ in range(40):
        game.play(game.legal_moves()[0])
    s = game.state
    twin = s.fork()
    assert twin.players[0] is s.players[0] and twin.bot is s.bot  # shared
    assert twin.stack[-1] == s.stack[-1] and twin.stack[-1] is not s.stack[-1]  # frames copied
    twin.mut_bot()[0] = 2
    assert s.bot[0] == -1 and twin.bot is not s.bot
    twin.mut_player(1).crystals += 5
    assert s.players[1].crystals + 5 == twin.players[1].crystals
    assert twin.mut_player(1) is twin.players[1]  # owned now: no second copy
    s.own_all()  # the original still shared the rest: now its own
    assert all(p is not q for p, q in zip(s.players, twin.players, strict=True))
    assert pickle.loads(pickle.dumps(twin)) == twin  # still plain data


def test_game_copies_play_apart() -> None:
    """``Game.copy`` forks: a copy played on (to its end, or for 3,000 moves: a random game may
    stay at colony level 4 for ever, RUL-5) leaves the game (and its save) as it was; the game
    played on leaves the copy as it was."""
    game = onmars.Game.new(4, seed=2)
    rng = random.Random(2)
    for _ in range(300):
        game.play(rng.choice(game.legal_moves()))
    saved, copy = game.to_json(), game.copy()
    copy_saved = copy.to_json()
    for _ in range(3000):
        if copy.is_over:
            break
        copy.play(rng.choice(copy.legal_moves()))
    assert game.to_json() == saved
    for _ in range(100):
        game.play(rng.choice(game.legal_moves()))
    assert onmars.Game.replay(game.log).to_json() == game.to_json()
    assert copy.to_json() != copy_saved and onmars.Game.replay(copy.log).to_json() == copy.to_json()


def test_a_held_state_is_never_shared() -> None:
    """Whoever holds ``Game.state`` may write it past the rules: copies and kept positions of
    that game are deep, so such a write reaches no other game or position."""
    game = onmars.Game.new(2, seed=3)
    s = game.state
    copy = game.copy()
    s.players[0].crystals += 3
    assert copy.state.players[0].crystals + 3 == s.players[0].crystals
