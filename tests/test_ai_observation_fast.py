"""Issue 26, item 7: the environments' fast path (``Encoder.encode_seat``, which reads the
values of the seat's view with ``Game.view_values`` instead of making the view) writes the
reference tensor (``reference_encode`` of test_ai_observation_reference, observation version 1)
at every position of seeded random games of 2, 3 and 4 players, for the deciding seat as the
environments ask, and for every seat and a spectator; and PettingZoo's observation is it."""

from __future__ import annotations

import random

import pytest
from aikit import need
from test_ai_observation_reference import reference_encode

from onmars.rules import Game

need("numpy")
need("pettingzoo")

from onmars.ai import actions, observation  # noqa: E402
from onmars.ai.pettingzoo import env  # noqa: E402


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13), (3, 14)])
def test_the_fast_path_writes_the_reference_tensor(players: int, seed: int) -> None:
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    deciding, every = observation.Encoder(), observation.Encoder()
    positions = 0
    while True:
        if not game.is_over:
            seat = game.current_player
            want = reference_encode(game.view(seat)).tobytes()
            assert deciding.encode_seat(game, seat).tobytes() == want
        if positions % 7 == 0 or game.is_over:  # every seat now and then, and at the end
            for seat in [*range(players), None]:
                want = reference_encode(game.view(seat)).tobytes()
                assert every.encode_seat(game, seat).tobytes() == want
        positions += 1
        if game.is_over:
            break
        game.push(rng.choice(game.legal_moves()))
    assert positions > 300


def test_pettingzoo_observes_the_reference_tensor_in_its_loop() -> None:
    """PettingZoo's standard AEC loop: each ``last()`` holds the deciding seat's reference
    tensor and the mask of its legal moves."""
    e = env(players=3)
    e.reset(seed=21)
    game = Game.new(3, seed=21)
    rng = random.Random(21)
    steps = 0
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert obs["observation"].tobytes() == reference_encode(game.view(seat)).tobytes()
        move = rng.choice(game.legal_moves())
        action = actions.encode(move)
        assert obs["action_mask"][action]
        e.step(action)
        game.push(move)
        steps += 1
    assert game.is_over and steps > 300


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_incremental_tensors_equal_full_ones_through_copies_and_undo(
    players: int, seed: int
) -> None:
    """Issue 26.7: the encoder re-reads only the parts the game wrote since its last tensor
    (``Game.written_since``, told by copy on write); after every move, with copies of the game
    played apart and undone moves in between, its tensor is a fresh encoder's."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    kept = observation.Encoder()
    while not game.is_over:
        seat = game.current_player
        assert kept.encode_seat(game, seat).tobytes() == (
            observation.Encoder().encode_seat(game, seat).tobytes()
        )
        if rng.random() < 0.05:  # a copy played on: the game must not see its moves
            twin = game.copy()
            for _ in range(5):
                if not twin.is_over:
                    twin.push(rng.choice(twin.legal_moves()))
        if rng.random() < 0.03 and game.can_undo():
            game.undo()
            continue
        game.push(rng.choice(game.legal_moves()))
