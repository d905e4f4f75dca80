"""Issue 26, item 4: On Mars as a PettingZoo AEC environment (onmars.ai.pettingzoo).

PettingZoo's own API test and seed test pass; a loop with masks plays a game to its end with
rewards only there; illegal actions end the game with a penalty and change nothing.
"""

from __future__ import annotations

import warnings

import pytest
from aikit import need

need("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from onmars.ai import actions, observation  # noqa: E402
from onmars.ai.pettingzoo import ILLEGAL_REWARD, env, raw_env  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players: int) -> None:
    with warnings.catch_warnings():
        # a Dict observation with a mask is PettingZoo's own convention for board games
        warnings.filterwarnings("ignore", message="Observation")
        api_test(env(players=players), num_cycles=3000)


@pytest.mark.slow
def test_pettingzoo_seed_test() -> None:
    seed_test(lambda **kw: env(players=3, **kw), num_cycles=200)


def test_a_masked_loop_plays_to_the_end() -> None:
    e = env(players=3, length="short")
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    steps = 0
    rewards_before_end = []
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        assert not truncated
        if terminated:
            final[agent] = reward
            e.step(None)
            continue
        rewards_before_end.append(reward)
        assert obs["observation"].shape == (observation.size(),)
        mask = obs["action_mask"]
        assert np.array_equal(mask, info["action_mask"])
        assert e.observation_space(agent).contains(obs)
        seat = e.possible_agents.index(agent)
        assert e.unwrapped.game.current_player == seat
        assert set(np.flatnonzero(mask)) == set(actions.encode_all(e.unwrapped.game.legal_moves()))
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    game = e.unwrapped.game
    assert game.is_over and steps == len(game.moves)
    assert set(rewards_before_end) == {0.0}
    won = game.winners()
    # each agent saw its final reward when it stepped out: the winners share 1
    assert final == {
        a: (1 / len(won) if s in won else 0.0) for s, a in enumerate(e.possible_agents)
    }
    assert not e.agents


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    e = env(players=2)
    e.reset(seed=1)
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    moves_before = list(e.unwrapped.game.moves)
    e.step(illegal)
    assert e.unwrapped.game.moves == moves_before  # the game is unchanged
    assert all(e.terminations.values())
    assert e.rewards[agent] == ILLEGAL_REWARD
    assert e.infos[agent] == {"illegal_action": illegal}
    with pytest.raises(ValueError, match="outside range"):
        e2 = env(players=2)
        e2.reset(seed=1)
        e2.step(actions.num_actions())


def test_observations_hide_other_hands_and_masks_only_for_the_decider() -> None:
    e = env(players=3)
    e.reset(seed=2)
    for _ in range(30):
        mask = e.last()[0]["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    deciding = e.agent_selection
    game = e.unwrapped.game
    for seat, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert np.array_equal(obs["observation"], observation.encode(game.view(seat)))
        assert obs["action_mask"].any() == (agent == deciding)


def test_render_text_and_bad_options() -> None:
    e = env(players=2, render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert "round 0" in text and "player_0 decides" in text and "OP" in text
    for bad in ({"players": 5}, {"length": "medium"}, {"returns": "elo"}, {"render_mode": "x"}):
        with pytest.raises(ValueError):
            raw_env(**bad)


def test_observations_and_masks_handed_out_never_change() -> None:
    """The environment writes its tensors and masks over only once nobody holds them: those a
    loop keeps (every third here, and the last one of each agent) stay as they were handed
    out, and none can be written to."""
    e = env(players=3)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    kept = []
    for step, _agent in enumerate(e.agent_iter()):
        obs, _, terminated, truncated, info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        tensor, mask = obs["observation"], obs["action_mask"]
        assert not tensor.flags.writeable and not mask.flags.writeable
        assert info["action_mask"] is mask
        if step % 3 == 0:
            kept.append((tensor, tensor.tobytes(), mask, mask.tobytes()))
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert len(kept) > 100
    assert all(t.tobytes() == tb and m.tobytes() == mb for t, tb, m, mb in kept)


def test_bad_actions_and_steps_out_of_turn_are_typed_errors() -> None:
    """An action that is not an integer is refused with a ValueError naming it (not a bare
    TypeError from inside), the game unchanged; a player count that is not a whole 2-4 too;
    the unwrapped environment refuses a step before ``reset()`` and after every agent is done
    with a RuntimeError (the wrapped one: PettingZoo's own error and warning)."""
    e = env(players=2)
    e.reset(seed=1)
    agent, moves = e.agent_selection, list(e.unwrapped.game.moves)
    for bad in (1.5, "3", None):
        with pytest.raises(ValueError, match="an action is an integer"):
            e.step(bad)
    assert e.unwrapped.game.moves == moves and e.agent_selection == agent
    assert not any(e.terminations.values())
    for players in (3.0, True, "3"):
        with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
            raw_env(players=players)
    raw = raw_env(players=2)
    with pytest.raises(RuntimeError, match=r"reset\(\) must be called"):
        raw.step(0)
    raw.reset(seed=1)
    mask = raw.observe(raw.agent_selection)["action_mask"]
    raw.step(int(np.flatnonzero(mask == 0)[0]))  # illegal: the game ends
    for _ in raw.possible_agents:
        raw.step(None)  # each done agent steps out
    assert raw.agents == []
    with pytest.raises(RuntimeError, match="every agent is done"):
        raw.step(0)
