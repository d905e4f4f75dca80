"""Issue 26, item 3: On Mars as an OpenSpiel game (onmars.ai.openspiel, docs/ai.md).

OpenSpiel's own random simulation test (with serialization) passes; its MCTS, IS-MCTS and
random bots play; tensors and strings hold only what a seat may see (RUL-18).
"""

from __future__ import annotations

import pytest
from aikit import need

pyspiel = need("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from onmars.ai import actions, observation  # noqa: E402
from onmars.ai.openspiel import ProjectionEvaluator, load  # noqa: E402
from onmars.rules import Game, IllegalMoveError  # noqa: E402


def dealt(players: int = 2, deal: int = 0, moves: int = 0, **params: object) -> object:
    """A state after the deal and ``moves`` random actions (numpy seed 0)."""
    game = load(players=players, deals=8, **params)
    state = game.new_initial_state()
    state.apply_action(deal)
    rng = np.random.RandomState(0)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_game_is_registered_with_its_parameters() -> None:
    assert "onmars" in pyspiel.registered_names()
    game = pyspiel.load_game("onmars", {"players": 4, "length": "long", "seed": 5})
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 4
    assert game.num_distinct_actions() == actions.num_actions()
    assert game.observation_tensor_shape() == [observation.size()]
    assert game.information_state_tensor_shape() == [observation.size()]
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1024
    state.apply_action(3)  # deal 3: the game of seed 5 + 3
    assert state.game.log["seed"] == 8 and state.game.options["length"] == "long"
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("onmars", {"players": 5})


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_random_simulation_with_serialization(players: int) -> None:
    """OpenSpiel's own checks, a whole random game: legal actions, tensors and strings for
    every seat at every state, clones, and a serialize / deserialize round trip."""
    game = load(players=players, deals=4)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_serialization_round_trip_mid_game() -> None:
    state = dealt(3, deal=2, moves=60)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()
    for seat in range(3):
        assert state2.observation_string(seat) == state.observation_string(seat)
        assert state2.information_state_string(seat) == state.information_state_string(seat)
    assert state2.game.moves == state.game.moves


def test_tensors_and_strings_are_the_seats_views() -> None:
    state = dealt(3, moves=50)
    game: Game = state.game
    for seat in range(3):
        expected = observation.encode(game.view(seat))
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
        assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32), expected)
        assert state.observation_string(seat) == observation.text(game.view(seat))
        info = state.information_state_string(seat).splitlines()
        assert len(info) == len(game.moves) + 1 and info[-1] == observation.text(game.view(seat))


def test_no_seat_reads_another_seats_spent_goal() -> None:
    """RUL-18: ``discard <goal>`` shows as ``discard (a goal)`` in other seats' information
    strings (OpenSpiel's action history is not a seat's information)."""
    game = load(players=2, deals=1, seed=0)
    rng = np.random.RandomState(1)
    for _ in range(20):  # random games until a seat discards a goal
        state = game.new_initial_state()
        state.apply_action(0)
        while not state.is_terminal():
            legal = state.legal_actions()
            spent = [a for a in legal if str(actions.decode(a)).startswith("discard ")]
            action = spent[0] if spent and rng.random() < 0.5 else rng.choice(legal)
            mover = state.current_player()
            state.apply_action(action)
            text = str(actions.decode(action))
            if text.startswith("discard "):
                other = 1 - mover
                assert text not in state.information_state_string(other)
                assert "discard (a goal)" in state.information_state_string(other)
                assert text in state.information_state_string(mover)
                return
    pytest.fail("no random game discarded a goal")


@pytest.mark.parametrize("kind", ["shares", "margin"])
def test_returns_come_from_the_final_scores(kind: str) -> None:
    game = load(players=3, deals=1, returns=kind)
    state = game.new_initial_state()
    state.apply_action(0)
    rng = np.random.RandomState(2)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    totals = [s["total"] for s in state.game.scores()]
    won = state.game.winners()
    if kind == "shares":
        assert state.returns() == [1 / len(won) if s in won else 0.0 for s in range(3)]
        assert sum(state.returns()) == pytest.approx(1.0)
    else:
        for seat, value in enumerate(state.returns()):
            lead = totals[seat] - max(t for k, t in enumerate(totals) if k != seat)
            assert value == pytest.approx(max(-1.0, min(1.0, lead / 100)))
    assert state.rewards() == state.returns()


def test_mcts_and_random_bots_play_a_whole_game() -> None:
    """OpenSpiel's MCTS (valued by the projected final scoring) against its random bot."""
    game = load(players=2, deals=4)
    rng = np.random.RandomState(0)
    bots = [
        mcts.MCTSBot(game, 2.0, 4, ProjectionEvaluator(), random_state=rng),
        uniform_random.UniformRandomBot(1, rng),
    ]
    state = game.new_initial_state()
    state.apply_action(1)
    steps = 0
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        steps += 1
    assert steps > 200 and sum(state.returns()) == pytest.approx(1.0)


def test_mcts_with_random_rollouts_plays_the_end_of_a_game() -> None:
    """The stock rollout evaluator (rollouts to the end: cheap only near the end)."""
    game = load(players=2, deals=1)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    state.apply_action(0)
    history = []
    while not state.is_terminal():
        history.append(rng.choice(state.legal_actions()))
        state.apply_action(history[-1])
    state = game.new_initial_state()
    state.apply_action(0)
    for action in history[:-25]:
        state.apply_action(action)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(4))
    bot = mcts.MCTSBot(game, 2.0, 5, evaluator, random_state=np.random.RandomState(5))
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.is_terminal()


def test_ismcts_searches_worlds_dealt_from_the_view() -> None:
    """OpenSpiel's IS-MCTS resamples through ``resample_from_infostate``: each world is seen
    by the searching seat exactly as the real game."""
    state = dealt(2, moves=40)
    seat = state.current_player()
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(7, 0.0, 1.0))
    assert world.observation_string(seat) == state.observation_string(seat)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    assert world.legal_actions() == state.legal_actions()
    bot = ismcts.ISMCTSBot(
        state.get_game(), ProjectionEvaluator(), 2.0, 10, random_state=np.random.RandomState(0)
    )
    for _ in range(5):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    """OpenSpiel applies any number it is given: a number that is not a legal action now is
    refused with the rules' IllegalMoveError (its rule and reason), the state unchanged, never
    played unchecked (which would corrupt the game). A deal outside ``range(deals)`` and a move
    after the end are refused too."""
    chance = load(players=2, deals=2).new_initial_state()
    with pytest.raises(ValueError, match=r"deal 5 is not a chance outcome: range\(2\)"):
        chance.apply_action(5)
    assert chance.is_chance_node() and chance.history() == []
    state = dealt(2, moves=120)
    legal, history, moves = state.legal_actions(), state.history(), list(state.game.moves)
    refused = [a for a in range(0, actions.num_actions(), 97) if a not in legal]
    for action in refused:
        with pytest.raises(IllegalMoveError, match=r"^(§\d|RUL-)"):
            state.apply_action(action)
    assert state.history() == history and state.game.moves == moves
    assert state.legal_actions() == legal
    state.game.conclude()  # ended by agreement (RUL-20)
    with pytest.raises(IllegalMoveError, match="RUL-20"):
        state.apply_action(legal[0])


def test_a_resampled_world_shows_no_seat_the_resamplers_spent_goal() -> None:
    """RUL-18 in IS-MCTS's worlds: a state resampled for one seat keeps that seat's log as it
    saw it (its own ``discard <goal>`` named) for that seat only; every other seat's
    information string reads ``discard (a goal)``."""
    game = load(players=2, deals=1, seed=0)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    state.apply_action(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        spent = [a for a in legal if str(actions.decode(a)).startswith("discard ")]
        mover = state.current_player()
        state.apply_action(spent[0] if spent else rng.choice(legal))
        if spent:
            break
    text = str(actions.decode(spent[0]))
    world = state.resample_from_infostate(mover, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert text in world.information_state_string(mover)
    assert text not in world.information_state_string(1 - mover)
    assert "discard (a goal)" in world.information_state_string(1 - mover)
    again = world.resample_from_infostate(1 - mover, pyspiel.UniformProbabilitySampler(4, 0, 1))
    assert text not in again.information_state_string(mover)
    assert text not in again.information_state_string(1 - mover)
