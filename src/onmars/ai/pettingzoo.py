"""On Mars as a PettingZoo AEC environment (issue 26, item 4): ``env(players=3, length="short")``.

Agents ``player_0`` ... ``player_{n-1}`` are the seats. Actions are ``Discrete(N)``
(:mod:`onmars.ai.actions`); an observation is ``{"observation": the seat's view tensor
(:mod:`onmars.ai.observation`), "action_mask": int8 of length N}`` (the mask is all zero for
an agent that is not deciding); the deciding agent's mask is also ``infos[agent]["action_mask"]``,
so a loop that needs no observation can call ``env.last(observe=False)``. Only the deciding seat
acts: ``agent_selection`` follows the game's current player (one seat often decides several
times in a row). Rewards come at the end (:mod:`onmars.ai.returns`); the game never truncates.
An illegal action ends the game: its agent gets :data:`ILLEGAL_REWARD`, the others 0 (as
PettingZoo's ``TerminateIllegalWrapper`` does; the game itself is never changed by it).
``reset(seed=k)`` deals the game of seed ``k`` (``None``: a random seed). ``render()`` returns
the position as text (``render_mode="ansi"``) or prints it (``"human"``). The masks handed out
and observation tensors handed out are read-only and never change (the environment writes over
only those nobody holds any more); a decision's mask is the same array in the observation and
in ``infos``.
"""

from __future__ import annotations

import random
from sys import getrefcount
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterator

from onmars.ai import actions, observation
from onmars.ai.returns import RETURNS, returns
from onmars.rules import LENGTHS, Game

RENDER_MODES = ["ansi", "human"]
ILLEGAL_REWARD = -1.0
POOL = 8  # masks kept to be written over once nobody holds them (each N bytes)
_UNHELD = 2  # references to a mask held by the pool only (getrefcount's argument is one)


def env(**kwargs: Any) -> AECEnv:
    """The environment, the order of its calls enforced (``OrderEnforcingWrapper``); actions
    out of ``range(N)`` are refused by the environment itself."""
    return _Ordered(raw_env(**kwargs))


class _Ordered(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` whose ``last()``, ``step()`` and ``agent_iter()``
    ask the environment directly once it is reset (the wrapper's own read every attribute
    through ``__getattr__``, twice wrapped): the same answers and checks, the wrapper's own
    errors and warnings before ``reset()`` or after the end, a few microseconds less a step."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # raises as the wrapper does
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset or not self.env.agents:
            super().step(action)  # the wrapper's error or warning
            return
        self._has_updated = True
        self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        if not self._has_reset:
            return super().agent_iter(max_iter)  # raises as the wrapper does
        return _Turns(self, max_iter)


class _Turns(AECOrderEnforcingIterator):
    """The agents in turn, as PettingZoo's ``AECOrderEnforcingIterator`` gives them (the same
    checks), read from the environment itself."""

    def __next__(self) -> str:
        raw = self.env.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        assert self.env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        self.env._has_updated = False
        return raw.agent_selection


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name)
    """The environment without wrappers (see the module's docstring)."""

    metadata = {"render_modes": RENDER_MODES, "name": "onmars_v1", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 3,
        length: str = "short",
        returns: str = "shares",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        whole = isinstance(players, int | np.integer) and not isinstance(players, bool)
        if not whole or players not in (2, 3, 4):
            raise ValueError(f"§3: players must be 2, 3 or 4, not {players!r}")
        players = int(players)
        if length not in LENGTHS:
            raise ValueError(f"§3.2: length must be one of {LENGTHS}, not {length!r}")
        if returns not in RETURNS:
            raise ValueError(f"returns must be one of {RETURNS}, not {returns!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None")
        self.players, self.length, self.returns_kind = players, length, returns
        self.render_mode = render_mode
        self.possible_agents = [f"player_{k}" for k in range(players)]
        n = actions.num_actions()
        obs = gymnasium.spaces.Box(-np.inf, np.inf, (observation.size(),), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (n,), np.int8)
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": obs, "action_mask": mask})
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(n) for a in self.possible_agents}
        self.game: Game | None = None
        self._no_moves = np.zeros(n, dtype=np.int8)
        self._no_moves.flags.writeable = False
        self._mask = self._no_moves  # the deciding agent's mask, made once per decision
        self._legal: bytes | bytearray = bytes(n)  # its bytes (read faster than the array)
        self._seat: int | None = None  # the deciding seat (None once the game is over)
        self._seats = {a: k for k, a in enumerate(self.possible_agents)}
        self._vocabulary = actions.vocabulary()
        self._numbers = actions.numbers()
        self._pool: list[list[Any]] = []  # [mask, its bytes, its moves' numbers] (_mask_of)
        self._encoder = observation.Encoder()  # re-reads only what changed since the last view

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        deal = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.game = Game.new(self.players, seed=deal, length=self.length)
        self._encoder = observation.Encoder()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self) -> None:
        """The deciding agent, its mask (in its ``infos`` too)."""
        assert self.game is not None
        seat = self._seat = self.game.current_player
        if seat is None:
            return
        before, agent = self.agent_selection, self.possible_agents[seat]
        self.agent_selection = agent
        mask = self._mask = self._mask_of(self.game.legal_moves())
        if before != agent and before in self.infos:
            self.infos[before] = {}
        self.infos[agent] = {"action_mask": mask}

    def _mask_of(self, moves: list[Any]) -> np.ndarray:
        """The mask of ``moves``: read-only, and it never changes once handed out. The masks
        nobody holds any more are written over (their old moves cleared): no new array of N
        bytes per decision."""
        try:
            ids = list(map(self._numbers.__getitem__, moves))
        except KeyError:
            actions.encode_all(moves)  # raises, naming the move
            raise
        for entry in self._pool:
            if getrefcount(entry[0]) == _UNHELD:  # only the pool holds it
                mask, cells, old = entry
                for i in old:
                    cells[i] = 0
                entry[2] = ids
                break
        else:
            cells = bytearray(len(self._vocabulary))
            mask = np.frombuffer(cells, dtype=np.int8)
            mask.flags.writeable = False
            if len(self._pool) < POOL:
                self._pool.append([mask, cells, ids])
        for i in ids:
            cells[i] = 1
        self._legal = cells
        return mask

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None
        seat = self._seats[agent]
        tensor = self._encoder.encode_seat(self.game, seat)
        deciding = self._seat == seat and not self.terminations[agent]
        return {"observation": tensor, "action_mask": self._mask if deciding else self._no_moves}

    def step(self, action: int) -> None:
        if self.game is None:
            raise RuntimeError("reset() must be called before step()")
        if not self.agents:
            raise RuntimeError("§24.1: the game is over and every agent is done: reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game, legal = self.game, self._legal
        if type(action) is not int and not isinstance(action, np.integer):
            raise ValueError(f"an action is an integer, not {type(action).__name__}: {action!r}")
        if not 0 <= action < len(legal):
            raise ValueError(f"action {action!r} is outside range({len(legal)})")
        self._cumulative_rewards[agent] = 0.0
        if not legal[action]:
            self._end({a: ILLEGAL_REWARD if a == agent else 0.0 for a in self.agents})
            self.infos[agent] = {"illegal_action": int(action)}
        else:
            game.push(self._vocabulary[action])  # listed in the mask: legal
            if game.is_over:
                final = returns(game, self.returns_kind)
                self._end(dict(zip(self.possible_agents, final, strict=True)))
            else:
                self._select()
                if self.render_mode == "human":
                    self.render()
                return  # rewards come at the end only: none to add up before
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: dict[str, float]) -> None:
        for a in self.agents:
            self.rewards[a] = rewards[a]
            self.terminations[a] = True
            self.infos[a] = {}
        self._mask, self._seat = self._no_moves, None
        self._legal = bytes(len(self._no_moves))

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _text(self) -> str:
        """Round, scores so far, the last move and who decides what, in a few lines."""
        game = self.game
        if game is None:
            return "(not reset)"
        totals = [s["total"] for s in (game.scores() if game.is_over else game.projection())]
        lines = [f"On Mars, {self.players} players, {self.length} game, round {game.round}"]
        lines += [
            f"  {a}: {t} OP{' (projected)' if not game.is_over else ''}"
            for a, t in zip(self.possible_agents, totals, strict=True)
        ]
        if game.moves:
            lines.append(f"  last move: {game.moves[-1]}")
        decision = game.decision()
        if decision is None:
            won = ", ".join(self.possible_agents[s] for s in game.winners())
            lines.append(f"  game over: {won} won")
        else:
            lines.append(
                f"  {self.possible_agents[decision.seat]} decides: {decision.prompt} "
                f"({len(decision.moves)} moves)"
            )
        return "\n".join(lines)

    def close(self) -> None:
        self.game = None
