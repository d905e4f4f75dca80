"""On Mars as an OpenSpiel game (issue 26, item 3): ``pyspiel.load_game("onmars")``.

Importing this module registers the game (short name ``onmars``) with ``pyspiel``. Parameters:

- ``players`` (2-4, default 3), ``length`` (``"short"`` or ``"long"``);
- ``seed`` (default 0) and ``deals`` (default 1024): the game starts at a chance node with
  ``deals`` equally likely outcomes; outcome ``d`` deals the game of seed ``seed + d``. On Mars
  draws all its randomness from its seed when the game is set up (every stack's order), so the
  seed *is* the chance event: one chance node at the root, never observed by any seat, keeps
  OpenSpiel's algorithms honest (a seat's tensors and strings come from its view, RUL-18).
  ``deals=1`` makes the game deterministic given ``seed``;
- ``returns``: ``"shares"`` or ``"margin"`` (:mod:`onmars.ai.returns`).

A game still going after ``MAX_GAME_LENGTH`` (10,000) moves, the game's declared
``max_game_length``, is ended by agreement (RUL-20) and scored as it stands, as the arena ends
one at its move cap.

It is general-sum, imperfect-information, with terminal rewards. Actions are
:mod:`onmars.ai.actions`' numbers, checked: an illegal one is refused with the rules'
``IllegalMoveError``, the state unchanged; observation tensors :mod:`onmars.ai.observation`'s; the
observation string is the seat's view as JSON, the information-state string the seat's move log
(``Game.seat_log``, other seats' secrets redacted) followed by the view. The information-state
tensor is the observation tensor (the view holds what a seat knows of the position; it does not
recall the history). ``resample_from_infostate`` deals the hidden components again from the view
(``Game.determinize``), for OpenSpiel's IS-MCTS. OpenSpiel serializes a state by pickling its
attributes (a game pickles compactly: its position and moves).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from onmars.ai import actions, observation
from onmars.ai.returns import RETURNS, bounds, projected, returns
from onmars.bots import make_bot
from onmars.rules import LENGTHS, Game

SHORT_NAME = "onmars"
#: No random game of 2-4 players took more than about 2,500 moves; a game still going after
#: this many (always the first legal action: it would never end) is ended by agreement
#: (RUL-20), scored as it stands, as the arena ends one at its move cap: OpenSpiel's algorithms
#: rely on the game's declared ``max_game_length``.
MAX_GAME_LENGTH = 10_000
DEFAULTS: dict[str, Any] = {
    "players": 3,
    "length": "short",
    "seed": 0,
    "deals": 1024,
    "returns": "shares",
}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="On Mars",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class OnMarsGame(pyspiel.Game):
    """The game: its parameters, checked."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**DEFAULTS, **(params or {})}
        if not 2 <= int(p["players"]) <= 4:
            raise ValueError(f"§3: players must be 2, 3 or 4, not {p['players']}")
        if p["length"] not in LENGTHS:
            raise ValueError(f"§3.2: length must be one of {LENGTHS}, not {p['length']!r}")
        if p["returns"] not in RETURNS:
            raise ValueError(f"returns must be one of {RETURNS}, not {p['returns']!r}")
        if int(p["deals"]) < 1 or int(p["seed"]) < 0:
            raise ValueError("deals must be at least 1 and seed at least 0")
        self.players = int(p["players"])
        self.length = str(p["length"])
        self.seed = int(p["seed"])
        self.deals = int(p["deals"])
        self.returns_kind = str(p["returns"])
        low, high = bounds(self.returns_kind)
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.num_actions(),
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> OnMarsState:
        return OnMarsState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(recall)


class _Held:
    """The On Mars game a state holds. OpenSpiel copies a Python state by ``deepcopy`` of its
    attributes (and saves it by pickling them): this copies the game with ``Game.copy``, in time
    independent of the game's length, instead of copying every object in it."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.copy(record=False))


class OnMarsState(pyspiel.State):
    """A position: before the deal (a chance node), then an On Mars game."""

    def __init__(self, game: OnMarsGame) -> None:
        super().__init__(game)
        # the game's settings: plain values, cheap to copy with the state
        self.settings = (game.players, game.length, game.seed, game.deals, game.returns_kind)
        self.held: _Held | None = None
        #: a resampled state's log before the resample: (the seat it was dealt for, the lines
        #: as that seat saw them, the lines as any other seat may see them: a spectator's, RUL-18);
        #: None for a state that was played
        self.past: tuple[int, tuple[str, ...], tuple[str, ...]] | None = None

    @property
    def game(self) -> Game | None:
        """The On Mars game (``None`` before the deal)."""
        return self.held.game if self.held is not None else None

    # --- whose turn, what may be done ---------------------------------------------------------
    def current_player(self) -> int:
        game = self.game
        if game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = game.current_player
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        game = self.game
        assert game is not None
        if game.is_over or player != game.current_player:
            return []
        return sorted(actions.encode_all(game.legal_moves()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.settings[3]
        return [(d, 1.0 / deals) for d in range(deals)]

    def _apply_action(self, action: int) -> None:
        if self.held is None:
            players, length, seed, deals = self.settings[:4]
            if not 0 <= int(action) < deals:
                raise ValueError(f"deal {action} is not a chance outcome: range({deals})")
            self.held = _Held(Game.new(players, seed=seed + int(action), length=length))
            return
        game = self.held.game
        # checked (a set lookup once the legal actions are listed): OpenSpiel applies any
        # number it is given, and an unchecked illegal move would corrupt the game
        game.play(actions.decode(int(action)))
        if len(game.moves) >= MAX_GAME_LENGTH and not game.is_over:
            game.conclude()  # the declared max_game_length: ended by agreement (RUL-20)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {int(action)}"
        return str(actions.decode(int(action)))

    def is_terminal(self) -> bool:
        game = self.game
        return game is not None and game.is_over

    def returns(self) -> list[float]:
        game = self.game
        if game is None:
            return [0.0] * self.settings[0]
        return returns(game, self.settings[4])

    def rewards(self) -> list[float]:
        """Terminal rewards: the returns at the end, 0 before."""
        return self.returns()

    def resample_from_infostate(self, player: int, sampler: Any = None) -> OnMarsState:
        """A state ``player`` cannot tell from this one (the same view), everything it cannot
        see dealt again (``Game.determinize``, its seed drawn from ``sampler`` when it is
        callable, as OpenSpiel's samplers are, else from ``numpy.random``; OpenSpiel's IS-MCTS
        calls this). Its log starts here: the seat's earlier log is kept as text."""
        twin = self.clone()
        game = self.game
        if game is None or game.is_over:
            return twin
        if callable(sampler):  # OpenSpiel's samplers give a float in [0, 1)
            seed = int(abs(float(sampler())) * 2**31)
        else:
            seed = int(np.random.randint(0, 2**31 - 1))
        twin.held = _Held(game.determinize(player, seed))
        # the other seats' strings must not show what only ``player`` saw (its discarded goals)
        twin.past = (player, tuple(_log_lines(self, player)), tuple(_log_lines(self, None)))
        return twin

    def __str__(self) -> str:
        game = self.game
        if game is None:
            return "(before the deal)"
        return observation.text(game.view(None))


def _log_lines(state: OnMarsState, player: int | None) -> list[str]:
    """The moves as ``player`` saw them (``None``: a spectator), one line each
    (``round:seat:move``). Before a resample: as the seat it was dealt for saw them, for that
    seat; as a spectator saw them, for any other (RUL-18)."""
    game = state.game
    assert game is not None
    lines = [f"{e.round}:{e.seat}:{e.move}" for e in game.seat_log(player)]
    if state.past is None:
        return lines
    seat, own, others = state.past
    return [*(own if player == seat else others), *lines]


class Observer:
    """OpenSpiel's observer: the seat's view as a tensor (``observation``) and as text."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(observation.size(), dtype=np.float32)
        self.dict = {"observation": self.tensor}
        self._encoder = observation.Encoder()  # its views are made here and kept from others

    def set_from(self, state: OnMarsState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = self._encoder.encode_seat(state.game, player)

    def string_from(self, state: OnMarsState, player: int) -> str:
        if state.game is None:
            return "(before the deal)"
        seen = observation.text(state.game.view(player))
        if not self.perfect_recall:
            return seen
        return "\n".join([*_log_lines(state, player), seen])


class ProjectionEvaluator:
    """An evaluator for OpenSpiel's ``MCTSBot`` (the ``evaluate``/``prior`` of
    ``open_spiel.python.algorithms.mcts.Evaluator``): a position is worth the returns of its
    projected final scoring (:func:`onmars.ai.returns.projected`), no rollout; priors uniform.
    A game takes 1,000-2,500 moves, so random rollouts to the end cost seconds each."""

    def evaluate(self, state: OnMarsState) -> np.ndarray:
        game = state.game
        if game is None:
            return np.zeros(state.settings[0])
        return np.array(projected(game, state.settings[4]))

    def prior(self, state: OnMarsState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class ProjectBot(pyspiel.Bot):
    """One of the project's bots (``onmars.bots.make_bot``: ``random``, ``greedy``, ``easy``,
    ``search:50sims`` ...) as an OpenSpiel bot: it is given the seat's view and legal moves,
    as on the server, and answers with the move's number."""

    def __init__(self, name: str, seed: int = 0) -> None:
        super().__init__()
        self.bot = make_bot(name, seed)
        self.name = name

    def step(self, state: OnMarsState) -> int:
        game = state.game
        assert game is not None and not game.is_over
        seat = state.current_player()
        return actions.encode(self.bot.choose(game.view(seat), game.legal_moves()))

    def restart_at(self, state: OnMarsState) -> None:
        """Nothing to forget: the bot reads the view afresh at every step."""

    def inform_action(self, state: OnMarsState, player: int, action: int) -> None:
        """Nothing to learn: see :meth:`restart_at`."""


def load(**params: Any) -> Any:
    """``pyspiel.load_game("onmars", params)``."""
    return pyspiel.load_game(SHORT_NAME, params)


pyspiel.register_game(_GAME_TYPE, OnMarsGame)
